/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A vmlinux's BTF, parsed on the host by libbpf from the file (no bpf()
 * call): its kfuncs and whether it has a type or a member.
 */
#ifndef PB_BTF_PROBE_H
#define PB_BTF_PROBE_H

#include <jansson.h>
#include <stddef.h>

struct btf;

struct btf *btf_probe_open(const char *vmlinux, char *err, size_t errlen);
void btf_probe_close(struct btf *btf);

/* Append to @kfuncs, sorted, every BTF FUNC that .BTF_ids names (@btf_id_funcs). */
void btf_probe_kfuncs(const struct btf *btf, const json_t *btf_id_funcs, json_t *kfuncs);

/*
 * Does @btf have @what: "struct NAME", "union NAME", "enum NAME",
 * "struct NAME.member" or a bare name of a function? 1 yes, 0 no, -1 when
 * @what cannot be understood.
 */
int btf_probe_has(const struct btf *btf, const char *what);

#endif
