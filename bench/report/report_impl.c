// SPDX-License-Identifier: GPL-2.0
#include "report/report_impl.h"

#include <string.h>

#include "lib/points.h"
#include "lib/results.h"
#include "lib/stats.h"

#define MAX_IMPLS 8
#define MAX_ROWS 128

struct row {
	char key[200];
	json_t *params;			/* its first point's */
	double median[MAX_IMPLS];	/* < 0: not measured */
};

static double median_of(json_t *point)
{
	static struct series s;

	if (!results_load(point, PAIR_SECOND, &s) && !results_load(point, PAIR_FIRST, &s))
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

/* "byteloop" is upstream's own loop of the kfunc: a "versus" target's business, not a BPF-side alternative */
static int is_alternative(const char *impl)
{
	return strcmp(impl, "kfunc") && strcmp(impl, "kernel") && strcmp(impl, "empty") &&
	       strcmp(impl, "byteloop");
}

struct impl_rows {
	struct row rows[MAX_ROWS];
	const char *impls[MAX_IMPLS];
	int nimpl, nrow, kfunc;
};

static void impl_rows(json_t *root, struct impl_rows *t)
{
	json_t *p;
	size_t i;

	t->nimpl = t->nrow = 0;
	t->kfunc = -1;
	json_array_foreach(json_object_get(root, "points"), i, p) {
		json_t *params = json_object_get(p, "params"), *impl = json_object_get(params, "impl");
		char key[200];
		int c, r;

		if (!json_is_string(impl) ||
		    (c = index_of(t->impls, &t->nimpl, json_string_value(impl))) < 0)
			continue;
		results_params_text(params, row_skip, key, sizeof(key));
		for (r = 0; r < t->nrow && strcmp(t->rows[r].key, key); r++)
			;
		if (r == t->nrow) {
			struct row *n = &t->rows[t->nrow];

			if (t->nrow == MAX_ROWS)
				continue;
			snprintf(n->key, sizeof(n->key), "%s", key);
			n->params = params;
			for (int j = 0; j < MAX_IMPLS; j++)
				n->median[j] = -1;
			t->nrow++;
		}
		t->rows[r].median[c] = median_of(p);
	}
	for (int c = 0; c < t->nimpl; c++)
		if (!strcmp(t->impls[c], "kfunc"))
			t->kfunc = c;
}

/* The best alternative's median over the kfunc's in row @r, or -1. */
static double speedup(const struct impl_rows *t, int r)
{
	double best = -1, k = t->kfunc >= 0 ? t->rows[r].median[t->kfunc] : -1;

	for (int c = 0; c < t->nimpl; c++) {
		double m = t->rows[r].median[c];

		if (m >= 0 && is_alternative(t->impls[c]) && (best < 0 || m < best))
			best = m;
	}
	return k > 0 && best >= 0 ? best / k : -1;
}

int report_impl_target(json_t *root, json_t *target, char *text, size_t len)
{
	static struct impl_rows t;
	double bound = json_number_value(json_object_get(target, "bound"));
	int judged = 0, met = 0;
	char missed[512] = "";

	impl_rows(root, &t);
	for (int r = 0; r < t.nrow; r++) {
		double x = speedup(&t, r);
		size_t off = strlen(missed);

		if (x < 0 || !points_match_json(t.rows[r].params, json_object_get(target, "points")))
			continue;
		judged++;
		if (x >= bound)
			met++;
		else if (off < sizeof(missed))
			snprintf(missed + off, sizeof(missed) - off, "%s%.100s (%.2fx)",
				 off ? ", " : "", t.rows[r].key, x);
	}
	if (!judged)
		return -1;
	snprintf(text, len, "met in %d of %d rows%s%s", met, judged, missed[0] ? "; missed: " : "",
		 missed);
	return met == judged;
}

/* " from L = 64": where a target's "points" filter starts, or what it holds */
static void points_text(json_t *target, char *buf, size_t len)
{
	static const char *const says[] = {
		[POINT_EQ] = " at %s = %s", [POINT_NE] = " but %s = %s", [POINT_GE] = " from %s = %s",
		[POINT_LE] = " up to %s = %s", [POINT_ABSENT] = " without %s%s",
	};
	struct point_filter pf;
	char why[256];
	size_t off = 0;
	json_t *e;
	size_t i;

	buf[0] = '\0';
	json_array_foreach(json_object_get(target, "points"), i, e) {
		if (off >= len)
			break;
		if (!point_filter_parse(json_string_value(e), &pf, why, sizeof(why)))
			off += (size_t)snprintf(buf + off, len - off, says[pf.op], pf.key, pf.value);
	}
}

void report_impl_table(FILE *f, json_t *root, json_t *target)
{
	static struct impl_rows t;
	char verdict[600], from[200];

	impl_rows(root, &t);
	if (!t.nrow)
		return;
	fprintf(f, "Implementations side by side (median; patched kernel where it ran):\n\n| parameters |");
	for (int c = 0; c < t.nimpl; c++)
		fprintf(f, " %s |", t.impls[c]);
	fprintf(f, "%s\n|---|", t.kfunc >= 0 ? " best alternative / kfunc |" : "");
	for (int c = 0; c < t.nimpl + (t.kfunc >= 0); c++)
		fprintf(f, "---|");
	fprintf(f, "\n");
	for (int r = 0; r < t.nrow; r++) {
		fprintf(f, "| %s |", t.rows[r].key);
		for (int c = 0; c < t.nimpl; c++) {
			double m = t.rows[r].median[c];

			if (m < 0)
				fprintf(f, " – |");
			else
				fprintf(f, " %.1f |", m);
		}
		if (t.kfunc >= 0) {
			double x = speedup(&t, r);

			if (x >= 0)
				fprintf(f, " %.2fx |", x);
			else
				fprintf(f, " – |");
		}
		fprintf(f, "\n");
	}
	fprintf(f, "\n");
	if (target && report_impl_target(root, target, verdict, sizeof(verdict)) >= 0) {
		points_text(target, from, sizeof(from));
		fprintf(f, "Target: kfunc at least %gx faster than the best alternative%s: **%s**.\n\n",
			json_number_value(json_object_get(target, "bound")), from, verdict);
	}
}
