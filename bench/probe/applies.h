/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Does a suite's point apply to a kernel? Its manifest's "needs" and the
 * "needs" of every "point_needs" entry whose "where" filters select the
 * point, against the kernel's pb probe file.
 */
#ifndef PB_APPLIES_H
#define PB_APPLIES_H

#include <jansson.h>
#include <stddef.h>

/* 1 yes; 0 no, @reason "KERNEL lacks WHAT"; -1 (@reason) a malformed need. */
int point_applies(const json_t *manifest, const json_t *params, const json_t *caps, char *reason,
		  size_t len);

/*
 * For each KERNEL=FILE of @caps_specs: mark every point of @points that
 * does not apply to KERNEL, "not_applicable": {"KERNEL": "KERNEL lacks
 * WHAT"}. A point that does not apply but has KERNEL's samples is an error
 * (its needs are declared wrong). 0, or -1 having said why on stderr.
 */
int points_mark_not_applicable(const char *suite, json_t *points, json_t *caps_specs);

#endif
