/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A guest machine is data: vm/arch/NAME.json describes one architecture
 * (QEMU binary, machine, pinned CPU, console, kernel image, kbuild ARCH,
 * cross-compiler prefix, BPF target, Debian architecture, config fragment,
 * whether KVM can apply). GUEST_ARCH selects one; ARCH_DEFAULT without it.
 */
#ifndef PB_ARCH_H
#define PB_ARCH_H

#include <jansson.h>
#include <stdio.h>

#define ARCH_DEFAULT "x86_64"

/* Where the descriptions are: PB_ARCH_DIR, else vm/arch. */
const char *arch_dir(void);

/* The name GUEST_ARCH selects (ARCH_DEFAULT when unset or empty). */
const char *arch_selected(void);

/* Is @name the default architecture's? */
int arch_is_default(const char *name);

/* Is @name one a description can have (lowercase letters, digits, '_'; not empty)? */
int arch_name_ok(const char *name);

/*
 * NAME's description, validated (every field present with its type), or
 * NULL after a message on err that lists the known names.
 */
json_t *arch_load(const char *name, FILE *err);

/* A string field of a loaded description ("" when absent). */
const char *arch_str(const json_t *desc, const char *field);

/* Whether KVM can apply to the architecture on this host. */
int arch_kvm(const json_t *desc);
/* The most vCPUs a guest boots with under icount ("icount_max_cpus"; 0, absent: no limit). */
int arch_icount_max_cpus(const json_t *desc);

/* The guest architecture a result records (meta.guest_arch): ARCH_DEFAULT when none. */
const char *arch_of_result(const json_t *result);

/* The known names, space-separated, into buf. */
void arch_known(char *buf, size_t len);

#endif
