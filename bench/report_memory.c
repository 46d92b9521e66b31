// SPDX-License-Identifier: GPL-2.0
/*
 * The crashkernel memory section of RESULTS.md: the figures of a boot with
 * crashkernel=64M crashkernel=256M,cma next to one with crashkernel=320M,
 * the same total, and how much more memory the CMA layout leaves usable.
 */
#include "report_memory.h"

#include <string.h>

static const struct {
	const char *key, *label;
} rows[] = {
	{ "crash_mib", "Crash kernel in /proc/iomem (MiB)" },
	{ "cma_total_kb", "CmaTotal (kB)" },
	{ "mem_total_kb", "MemTotal (kB)" },
	{ "mem_free_kb", "MemFree after boot (kB)" },
	{ "mem_available_kb", "MemAvailable after boot (kB)" },
	{ "hog_mib", "anonymous memory one process took: MemAvailable - 48 MiB (MiB)" },
	{ "held_mem_available_kb", "MemAvailable while it held that (kB)" },
	{ "held_cma_free_kb", "CmaFree while it held that (kB)" },
};

static json_t *find_case(json_t *root, const char *name)
{
	json_t *c;
	size_t i;

	json_array_foreach(json_object_get(root, "records"), i, c)
		if (!strcmp(json_string_value(json_object_get(c, "case")), name))
			return c;
	return NULL;
}

void report_memory_table(FILE *f, json_t *root)
{
	json_t *plain = find_case(root, "plain"), *cma = find_case(root, "cma"), *v;
	const char *k;

	fprintf(f, "## crash-memory: crashkernel=size,cma against a plain reservation\n\n"
		"Two boots of the patched kernel in a 1024 MiB guest. `crashkernel=320M` sets 320 MiB\n"
		"aside for the capture kernel; `crashkernel=64M crashkernel=256M,cma` sets 64 MiB aside\n"
		"and reserves 256 MiB as CMA, which the running kernel lends to movable allocations\n"
		"(user memory) until a crash. Exact figures from /proc/meminfo, not timings.\n\n");
	if (!plain || !cma) {
		fprintf(f, "**incomplete: the result lacks the %s case.**\n\n", plain ? "cma" : "plain");
		return;
	}
	fprintf(f, "| figure | crashkernel=320M | crashkernel=64M crashkernel=256M,cma | "
		"difference |\n|---|---|---|---|\n");
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		json_int_t a = json_integer_value(json_object_get(plain, rows[i].key));
		json_int_t b = json_integer_value(json_object_get(cma, rows[i].key));

		fprintf(f, "| %s | %lld | %lld | %+lld |\n", rows[i].label, (long long)a,
			(long long)b, (long long)(b - a));
	}
	{
		json_int_t a = json_integer_value(json_object_get(plain, "hog_mib"));
		json_int_t b = json_integer_value(json_object_get(cma, "hog_mib"));

		fprintf(f, "\nWith the CMA layout one process could take **%lld MiB more** (%lld "
			"against %lld MiB, +%.0f %%)", (long long)(b - a), (long long)b,
			(long long)a, a ? 100.0 * (double)(b - a) / (double)a : 0.0);
		fprintf(f, ", and %lld of the 256 MiB of CMA was serving it.\n\n",
			(long long)(json_integer_value(json_object_get(cma, "cma_total_kb")) -
				    json_integer_value(json_object_get(cma, "held_cma_free_kb"))) / 1024);
	}
	fprintf(f, "Recorded with:");
	json_object_foreach(json_object_get(root, "meta"), k, v)
		fprintf(f, " %s `%s`;", k, json_string_value(v));
	fprintf(f, "\n\n");
}
