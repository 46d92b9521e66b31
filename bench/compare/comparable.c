// SPDX-License-Identifier: GPL-2.0
#include "compare/comparable.h"

#include <stdio.h>
#include <string.h>

#include "vm/qemu.h"

static const char *meta(json_t *root, const char *key)
{
	return json_string_value(json_object_get(json_object_get(root, "meta"), key));
}

/* A points result says its accelerator at the top, a records result in its meta. */
static const char *result_accel(json_t *root)
{
	const char *accel = json_string_value(json_object_get(root, "accel"));

	return accel ? accel : meta(root, "accel");
}

const char *result_guest_cpu(json_t *root)
{
	const char *cpu = meta(root, "guest_cpu"), *name = result_accel(root);
	enum accel accel;

	if (cpu)
		return cpu;
	if (!name || accel_parse(name, &accel) || accel == ACCEL_AUTO)
		return "unknown";
	return vm_default_cpu(accel);
}

const char *result_config_hash(json_t *root)
{
	return meta(root, "config_hash");
}

int results_same_guest(json_t *a, json_t *b, char *why, size_t len)
{
	const char *cpu_a = result_guest_cpu(a), *cpu_b = result_guest_cpu(b);
	const char *config_a = result_config_hash(a), *config_b = result_config_hash(b);

	if (strcmp(cpu_a, cpu_b)) {
		snprintf(why, len, "not comparable: cpu %s vs %s", cpu_a, cpu_b);
		return 0;
	}
	if (config_a && config_b && strcmp(config_a, config_b)) {
		snprintf(why, len, "not comparable: config_hash %s vs %s", config_a, config_b);
		return 0;
	}
	return 1;
}
