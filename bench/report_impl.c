// SPDX-License-Identifier: GPL-2.0
#include "report_impl.h"

#include <string.h>

#include "results.h"
#include "stats.h"

#define MAX_IMPLS 8
#define MAX_ROWS 128

#define TARGET_SPEEDUP 2.0	/* the project's goal for the string kfuncs... */
#define TARGET_FROM_L 64	/* ...from this string length up */

struct row {
	char key[200];
	long long len;			/* the "L" parameter, -1 if none */
	double median[MAX_IMPLS];	/* < 0: not measured */
};

static double median_of(json_t *point)
{
	static struct series s;

	if (!results_load(point, "patched", &s) && !results_load(point, "baseline", &s))
		return -1;
	return stat_median(s.x, s.n);
}

static const char *const row_skip[] = { "impl", "iters", NULL };

static int index_of(const char **names, int *n, const char *name)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(names[i], name))
			return i;
	if (*n == MAX_IMPLS)
		return -1;
	names[*n] = name;
	return (*n)++;
}

static int is_alternative(const char *impl)
{
	return strcmp(impl, "kfunc") && strcmp(impl, "kernel") && strcmp(impl, "empty");
}

void report_impl_table(FILE *f, json_t *root)
{
	static struct row rows[MAX_ROWS];
	const char *impls[MAX_IMPLS];
	int nimpl = 0, nrow = 0, kfunc = -1;
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(root, "points"), i, p) {
		json_t *params = json_object_get(p, "params"), *impl = json_object_get(params, "impl");
		char key[200];
		int c, r;

		if (!json_is_string(impl) || (c = index_of(impls, &nimpl, json_string_value(impl))) < 0)
			continue;
		results_params_text(params, row_skip, key, sizeof(key));
		for (r = 0; r < nrow && strcmp(rows[r].key, key); r++)
			;
		if (r == nrow) {
			if (nrow == MAX_ROWS)
				continue;
			snprintf(rows[nrow].key, sizeof(rows[nrow].key), "%s", key);
			rows[nrow].len = json_is_integer(json_object_get(params, "L")) ?
					 json_integer_value(json_object_get(params, "L")) : -1;
			for (int j = 0; j < MAX_IMPLS; j++)
				rows[nrow].median[j] = -1;
			nrow++;
		}
		rows[r].median[c] = median_of(p);
	}
	if (!nrow)
		return;
	for (int c = 0; c < nimpl; c++)
		if (!strcmp(impls[c], "kfunc"))
			kfunc = c;
	fprintf(f, "Implementations side by side (median; patched kernel where it ran):\n\n| parameters |");
	for (int c = 0; c < nimpl; c++)
		fprintf(f, " %s |", impls[c]);
	fprintf(f, "%s\n|---|", kfunc >= 0 ? " best alternative / kfunc |" : "");
	for (int c = 0; c < nimpl + (kfunc >= 0); c++)
		fprintf(f, "---|");
	fprintf(f, "\n");
	int judged = 0, met = 0;
	char missed[512] = "";

	for (int r = 0; r < nrow; r++) {
		double best = -1;

		fprintf(f, "| %s |", rows[r].key);
		for (int c = 0; c < nimpl; c++) {
			double m = rows[r].median[c];

			if (m < 0)
				fprintf(f, " – |");
			else
				fprintf(f, " %.1f |", m);
			if (m >= 0 && is_alternative(impls[c]) && (best < 0 || m < best))
				best = m;
		}
		if (kfunc >= 0) {
			double k = rows[r].median[kfunc];

			if (k > 0 && best >= 0) {
				fprintf(f, " %.2fx |", best / k);
				if (rows[r].len >= TARGET_FROM_L) {
					size_t off = strlen(missed);

					judged++;
					if (best / k >= TARGET_SPEEDUP)
						met++;
					else if (off < sizeof(missed))
						snprintf(missed + off, sizeof(missed) - off, "%s%.100s (%.2fx)",
							 off ? ", " : "", rows[r].key, best / k);
				}
			} else {
				fprintf(f, " – |");
			}
		}
		fprintf(f, "\n");
	}
	fprintf(f, "\n");
	if (judged)
		fprintf(f, "Target: kfunc at least %.0fx faster than the best alternative from L = %d: "
			"**met in %d of %d rows**%s%s.\n\n", TARGET_SPEEDUP, TARGET_FROM_L, met, judged,
			met < judged ? "; missed: " : "", missed);
}
