// SPDX-License-Identifier: GPL-2.0
#include "compare/comparable.h"

#include <stdio.h>
#include <string.h>

#include "lib/arch.h"
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

/* meta.KERNEL_SUFFIX of @root */
static const char *of_kernel(json_t *root, const char *kernel, const char *suffix)
{
	char key[128];

	snprintf(key, sizeof(key), "%s_%s", kernel, suffix);
	return meta(root, key);
}

static const char *const measuring[] = { "guest_smp", "guest_mem_mb", "qemu", NULL };
static const char *const kernel_side[] = { "config_hash", "compiler", "pahole", "binutils",
					   "series", "debian_package", NULL };

static void add(json_t *out, const char *field, const char *side, const char *a, const char *b)
{
	if ((a || b) && (!a || !b || strcmp(a, b)))
		json_array_append_new(out, json_pack("{s:s, s:s, s:s?, s:s?}", "field", field,
						     "side", side, "a", a, "b", b));
}

json_t *results_differences(json_t *a, const char *kernel_a, json_t *b, const char *kernel_b)
{
	json_t *out = json_array();

	/* first: two architectures' figures are never one comparison */
	add(out, "guest_arch", "measuring", arch_of_result(a), arch_of_result(b));

	add(out, "accel", "measuring", result_accel(a), result_accel(b));
	add(out, "unit", "measuring", json_string_value(json_object_get(a, "unit")),
	    json_string_value(json_object_get(b, "unit")));
	add(out, "guest_cpu", "measuring", result_guest_cpu(a), result_guest_cpu(b));
	for (const char *const *f = measuring; *f; f++)
		add(out, *f, "measuring", meta(a, *f), meta(b, *f));
	/* wall clock (KVM) runs on the host's CPU; guest instructions do not depend on it */
	if (result_accel(a) && result_accel(b) && !strcmp(result_accel(a), "kvm") &&
	    !strcmp(result_accel(b), "kvm"))
		add(out, "host_cpu", "measuring", meta(a, "host_cpu"), meta(b, "host_cpu"));
	add(out, "config", "kernel", of_kernel(a, kernel_a, "config"), of_kernel(b, kernel_b, "config"));
	add(out, "kernel", "kernel", of_kernel(a, kernel_a, "kernel"), of_kernel(b, kernel_b, "kernel"));
	for (const char *const *f = kernel_side; *f; f++)
		add(out, *f, "kernel", meta(a, *f), meta(b, *f));
	add(out, "suite_files", "suite", meta(a, "suite_files"), meta(b, "suite_files"));
	return out;
}

int results_same_measuring(json_t *differences, char *why, size_t len)
{
	json_t *d;
	size_t i;

	json_array_foreach(differences, i, d) {
		const char *va = json_string_value(json_object_get(d, "a"));
		const char *vb = json_string_value(json_object_get(d, "b"));

		if (strcmp(json_string_value(json_object_get(d, "side")), "measuring") || !va || !vb)
			continue;
		snprintf(why, len, "not comparable: %s %s vs %s (the measuring side differs; "
			 "--force compares anyway)", json_string_value(json_object_get(d, "field")), va, vb);
		return 0;
	}
	return 1;
}

int results_comparable(json_t *a, const char *kernel_a, json_t *b, const char *kernel_b, int force,
		       json_t **differences, char *why, size_t len)
{
	*differences = results_differences(a, kernel_a, b, kernel_b);
	if (results_same_measuring(*differences, why, len) || force)
		return 1;
	json_decref(*differences);
	*differences = NULL;
	return 0;
}
