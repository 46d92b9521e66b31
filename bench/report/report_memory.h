/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PB_REPORT_MEMORY_H
#define PB_REPORT_MEMORY_H

#include <jansson.h>
#include <stdio.h>

#include "lib/suites.h"

/*
 * RESULTS.md section of a "memory" result (pb records-collect --kind memory);
 * its rows are the figures of the suite's manifest (@s, NULL if none).
 */
void report_memory_table(FILE *f, json_t *root, const struct suite *s);

#endif
