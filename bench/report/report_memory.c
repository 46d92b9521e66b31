// SPDX-License-Identifier: GPL-2.0
/*
 * The crashkernel memory section of RESULTS.md: the figures of a boot with
 * crashkernel=64M crashkernel=256M,cma next to one with crashkernel=320M,
 * the same total, and how much more memory the CMA layout leaves usable.
 */
#include "report/report_memory.h"
#include "report/report_stale.h"

#include <string.h>

static json_t *find_case(json_t *root, const char *name)
{
	json_t *c;
	size_t i;

	json_array_foreach(json_object_get(root, "records"), i, c)
		if (!strcmp(json_string_value(json_object_get(c, "case")), name))
			return c;
	return NULL;
}

void report_memory_table(FILE *f, json_t *root, const struct suite *s)
{
	json_t *plain = find_case(root, "plain"), *cma = find_case(root, "cma"), *v, *fig;
	json_t *figures = s ? json_object_get(json_object_get(s->m, "records"), "figures") : NULL;
	const char *k;
	size_t i;

	fprintf(f, "## crash-memory: crashkernel=size,cma against a plain reservation\n\n"
		"Two boots of the patched kernel in a 1024 MiB guest. `crashkernel=320M` sets 320 MiB\n"
		"aside for the capture kernel; `crashkernel=64M crashkernel=256M,cma` sets 64 MiB aside\n"
		"and reserves 256 MiB as CMA, which the running kernel lends to movable allocations\n"
		"(user memory) until a crash. Exact figures from /proc/meminfo, not timings.\n\n");
	report_stale_say(f, root, s);
	if (!figures) {
		fprintf(f, "**the suite's manifest has no \"records\": no figures to show.**\n\n");
		return;
	}
	if (!plain || !cma) {
		fprintf(f, "**incomplete: the result lacks the %s case.**\n\n", plain ? "cma" : "plain");
		return;
	}
	fprintf(f, "| figure | crashkernel=320M | crashkernel=64M crashkernel=256M,cma | "
		"difference |\n|---|---|---|---|\n");
	json_array_foreach(figures, i, fig) {
		const char *key = json_string_value(json_object_get(fig, "key"));
		json_int_t a = json_integer_value(json_object_get(plain, key));
		json_int_t b = json_integer_value(json_object_get(cma, key));

		fprintf(f, "| %s | %lld | %lld | %+lld |\n",
			json_string_value(json_object_get(fig, "label")), (long long)a, (long long)b,
			(long long)(b - a));
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
