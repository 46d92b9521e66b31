/* SPDX-License-Identifier: GPL-2.0 */
/* What a KCIDB test object is made of: paths, statuses, measured values. */
#ifndef PB_KCIDB_H
#define PB_KCIDB_H

#include <jansson.h>
#include <stddef.h>

#include "tap/ktap.h"

/*
 * A TAP result's path as a KCIDB test path: KCIDB allows [a-zA-Z0-9_-] in
 * each dot-separated part, so any other character becomes '_' ("(vm)" ->
 * "_vm_", "mtu 63 len 68" -> "mtu_63_len_68"), an empty part becomes "_",
 * and the kernel the path names in second place ("kunit.baseline.mctp.x")
 * is left out when it is @variant: the build already says which kernel ran,
 * and the same test on two kernels then has one path. Returns -1 if it
 * does not fit in @len.
 */
int kcidb_tap_path(const char *tap_path, const char *variant, char *out, size_t len);

/* Append @part to the path in @out as one more part, sanitised the same way. */
int kcidb_path_append(char *out, size_t len, const char *part);

/*
 * The KCIDB status of one TAP result: PASS, FAIL, SKIP, or MISS for a result
 * the plan promised that never came (the parser's "(missing N)" entries).
 */
const char *kcidb_tap_status(const struct ktap_result *r);

/*
 * A benchmark point's path: the suite's dashed name as parts
 * ("mctp-route" -> "mctp.route"), then "key_value" for each parameter in
 * @params that is also in @varying (the ones that differ between the
 * suite's points; constants such as the batch size say nothing).
 */
int kcidb_point_path(const char *suite, json_t *params, json_t *varying, char *out, size_t len);

/*
 * The parameters whose values differ between the points of @points (or that
 * only some points have), as an object of key -> true.
 */
json_t *kcidb_varying_params(json_t *points);

/*
 * A measured value in KCIDB's number form: figures recorded in ns (KVM, TCG)
 * become seconds with the metric prefix, icount figures stay guest
 * instructions; memory figures named *_kb or *_mib become bytes with the
 * binary prefix. Returns a new object {value, unit[, prefix]}.
 */
json_t *kcidb_number(double value, const char *unit_hint);

/*
 * The results among @roots (read from @files) that pb kcidb exports: of
 * kernels (not selfcheck's), of the guest architecture @arch (meta.guest_arch,
 * the default's when absent; another's is left out, said on stderr), one per
 * suite; their indexes into @order, most recently made first. How many, or -1
 * (said why) when two are of the same suite.
 */
long kcidb_order_by_date(json_t **roots, const char **files, size_t n, const char *arch,
			 size_t *order);

/* The newest result of every suite under @root (lib/layout.h), as strings in @paths. */
int kcidb_newest_files(const char *root, json_t *paths);

#endif
