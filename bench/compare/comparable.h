/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What differs between how two results were made, field by field of their
 * meta (pb compare). A field of the measuring side (the mode, the unit, the
 * guest's CPU model, vCPUs and memory, QEMU; the host's CPU when both ran
 * under KVM, on the wall clock) changes what a figure counts:
 * results differing there are not judged against each other unless forced.
 * A field of the kernel side (the configs, the compiler, the trees, the
 * series) is what a comparison is for: shown, never refused. The suite's
 * own files (meta.suite_files, pb inputs) differing is a warning naming
 * them. A field one side does not record (a result from before it was)
 * is shown as not recorded, and judged by neither rule.
 */
#ifndef PB_COMPARABLE_H
#define PB_COMPARABLE_H

#include <stddef.h>

#include <jansson.h>

/*
 * The guest CPU model the result @root was measured on: its meta.guest_cpu,
 * or, for a result from before the model was recorded, the one pb vm then
 * booted under its accelerator (vm_default_cpu()); "unknown" without one.
 */
const char *result_guest_cpu(json_t *root);

/* The result's meta.config_hash, or NULL: not recorded, the config is unknown. */
const char *result_config_hash(json_t *root);

/*
 * The fields where @a (its kernel @kernel_a) and @b (@kernel_b) differ, as
 * [ { "field", "side": "measuring" | "kernel" | "suite", "a", "b" (null:
 * not recorded) } ], measuring fields first; a kernel's own fields ("config"
 * from meta.KERNEL_config, "kernel" from meta.KERNEL_kernel) are each
 * side's kernel's. A field neither side records is left out.
 */
json_t *results_differences(json_t *a, const char *kernel_a, json_t *b, const char *kernel_b);

/*
 * 1 when no field of @differences' measuring side differs with both sides
 * recording it; else 0 with @why naming the first such field and both
 * values ("not comparable: guest_cpu qemu64 vs max ...").
 */
int results_same_measuring(json_t *differences, char *why, size_t len);

/*
 * Compare @a and @b's metadata: results_differences() into *@differences,
 * 1 when they may be judged (results_same_measuring(), or @force); else 0
 * with @why set and *@differences NULL.
 */
int results_comparable(json_t *a, const char *kernel_a, json_t *b, const char *kernel_b, int force,
		       json_t **differences, char *why, size_t len);

#endif
