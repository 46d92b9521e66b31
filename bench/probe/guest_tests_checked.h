/* SPDX-License-Identifier: GPL-2.0 */
/* The guest tests' manifests loaded and checked against features.json's fixes. */
#ifndef PB_GUEST_TESTS_CHECKED_H
#define PB_GUEST_TESTS_CHECKED_H

#include "lib/guest_tests.h"

/* guest_tests_load() with FEATURES_TABLE's "fixes"; -1 said on stderr after "@who: ". */
int guest_tests_load_checked(struct guest_tests *all, const char *who);

#endif
