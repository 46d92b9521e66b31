/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Were two results measured on the same guest? The instructions a guest
 * kernel runs depend on its CPU model and on the kernel config, so figures
 * of different ones are not judged against each other (pb compare).
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
 * 1 when @a and @b ran on the same CPU model and, if both record one, the
 * same config hash; else 0 with @why naming the field and both values
 * ("not comparable: cpu qemu64 vs max").
 */
int results_same_guest(json_t *a, json_t *b, char *why, size_t len);

#endif
