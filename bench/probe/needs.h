/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a suite, a point or a guest test needs of a kernel, against what
 * pb probe found in it. A need is KIND:NAME:
 *   kfunc:bpf_strlen     a kfunc (BTF FUNC named in .BTF_ids)
 *   config:CONFIG_MCTP   a config symbol, =y or =m
 *   kunit:mctp-route     a built-in KUnit suite
 *   feature:NAME         one of bench/probe/features.json's features
 *   fix:NAME             one of its known-bug fixes
 *   module:NAME          the module folder NAME (pb build module-dirs) built against the kernel
 * A "!" before KIND inverts it (fix behaviour expected only without the fix).
 */
#ifndef PB_NEEDS_H
#define PB_NEEDS_H

#include <jansson.h>
#include <stddef.h>

/* 1 if @need holds, 0 if not (@what: what it asks for, without its "!"), -1 if @need is malformed. */
int need_holds(const json_t *caps, const char *need, char *what, size_t len);

/*
 * Every need of @needs (an array of strings); 1 if all hold, 0 and
 * @reason = "KERNEL lacks WHAT" at the first that does not, -1 (@reason
 * says why) when one is malformed.
 */
int needs_hold(const json_t *caps, const json_t *needs, char *reason, size_t len);

/* Is @need well formed? (manifests are checked before any kernel is probed) */
int need_valid(const char *need);

#endif
