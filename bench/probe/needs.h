/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a suite, a point or a guest test needs of a kernel (KIND:NAME,
 * lib/need_syntax.h), against what pb probe found in it.
 */
#ifndef PB_NEEDS_H
#define PB_NEEDS_H

#include <jansson.h>
#include <stddef.h>

#include "lib/need_syntax.h"

/* 1 if @need holds, 0 if not (@what: what it asks for, without its "!"), -1 if @need is malformed. */
int need_holds(const json_t *caps, const char *need, char *what, size_t len);

/*
 * Every need of @needs (an array of strings); 1 if all hold, 0 and
 * @reason = "KERNEL lacks WHAT" at the first that does not, -1 (@reason
 * says why) when one is malformed.
 */
int needs_hold(const json_t *caps, const json_t *needs, char *reason, size_t len);

/* pb probe's @file, what the needs are held against; NULL after saying why (@who: the command). */
json_t *caps_load(const char *who, const char *file);

#endif
