/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a built vmlinux says about itself, read from the file (libelf),
 * never from a running kernel (32- or 64-bit, either byte order): its
 * built-in KUnit suites and the functions its .BTF_ids lists name (kfunc
 * sets among them).
 */
#ifndef PB_ELF_PROBE_H
#define PB_ELF_PROBE_H

#include <jansson.h>
#include <stddef.h>

/*
 * Append to @kunit the name of every suite between __kunit_suites_start and
 * __kunit_suites_end, and set @btf_id_funcs[NAME] for every
 * __BTF_ID__func__NAME__N symbol. 0, or -1 with @err saying why.
 */
int elf_probe(const char *vmlinux, json_t *kunit, json_t *btf_id_funcs, char *err, size_t errlen);

#endif
