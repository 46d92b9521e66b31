/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How a need is written, in a suite's manifest or a guest test's: KIND:NAME,
 *   kfunc:bpf_strlen     a kfunc (BTF FUNC named in .BTF_ids)
 *   config:CONFIG_MCTP   a config symbol, =y or =m
 *   kunit:mctp-route     a built-in KUnit suite
 *   feature:NAME         one of bench/probe/features.json's features
 *   fix:NAME             one of its known-bug fixes
 *   module:NAME          the module folder NAME (pb build module-dirs) built against the kernel
 * A "!" before KIND inverts it (fix behaviour expected only without the fix).
 * Whether one holds for a kernel is probe/needs.h's.
 */
#ifndef PB_NEED_SYNTAX_H
#define PB_NEED_SYNTAX_H

enum need_kind { NEED_KFUNC, NEED_CONFIG, NEED_KUNIT, NEED_FEATURE, NEED_FIX, NEED_MODULE };

/* @need's kind (its "!" passed over), *name after the colon; -1 when it is not KIND:NAME. */
int need_kind(const char *need, const char **name);

/* Is @need well formed? (manifests are checked before any kernel is probed) */
int need_valid(const char *need);

#endif
