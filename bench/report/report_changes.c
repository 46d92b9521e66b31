// SPDX-License-Identifier: GPL-2.0
/*
 * The headline's changes. A point is a change exactly when the suite's
 * table says "faster", "slower (<2%)" or "**slower**": boot noise and no
 * change are not, an invalid point is not, a point one kernel ran is not.
 * The size of a change is how far its ratio is from 1 on a log scale, so
 * 2x slower and 2x faster weigh the same.
 */
#include "report/report_changes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/points.h"
#include "lib/results.h"
#include "lib/stats.h"
#include "report/report_results.h"

#define CHANGES_MAX 2048

struct change {
	const char *suite, *unit;
	char label[256];	/* its series: the plot series' name and the other fixed params, or "" */
	char xkey[64], xval[64];	/* the x axis parameter and this point's value of it */
	char params[256];	/* all its parameters, as its table row */
	double ratio, lo, hi, base, patched;
	enum verdict verdict;
	int suspect;
	int order;		/* the point's place in its result */
};

static int slower(const struct change *c)
{
	return c->verdict == VERDICT_SLOWER || c->verdict == VERDICT_SLOWER_SMALL;
}

static double size_of(const struct change *c)
{
	return fabs(log(c->ratio));
}

/* Regressions first, largest first, then the rest, largest first */
static int by_size(const void *pa, const void *pb)
{
	const struct change *a = pa, *b = pb;

	if (slower(a) != slower(b))
		return slower(b) - slower(a);
	return (size_of(a) < size_of(b)) - (size_of(a) > size_of(b));
}

static void append(char *buf, size_t len, const char *sep, const char *text)
{
	size_t at = strlen(buf);

	if (at < len)
		snprintf(buf + at, len - at, "%s%s", at ? sep : "", text);
}

/* Is @key one the label leaves out: the x axis, iters, a series' derived parameter, its filter's? */
static int left_out(const char *key, const char *xkey, json_t *series)
{
	json_t *v;
	size_t i;

	if (!strcmp(key, "iters") || (xkey && !strcmp(key, xkey)))
		return 1;
	json_array_foreach(json_object_get(series, "derived"), i, v)
		if (!strcmp(key, json_string_value(v)))
			return 1;
	return series && points_fix(json_object_get(series, "where"), key);
}

/*
 * The series @params is drawn in (the first plot series whose "where" it
 * passes) names it; a point in no series is named by its own parameters
 * other than the plot's x axis and iters.
 */
static void label_point(struct change *c, const struct suite *s, json_t *params)
{
	json_t *plot = s ? json_object_get(s->m, "plot") : NULL, *panel, *series, *found = NULL;
	json_t *axis = json_object_get(plot, "x"), *v;
	const char *name = NULL, *xkey, *k;
	size_t i, j;

	json_array_foreach(json_object_get(plot, "panels"), i, panel) {
		json_array_foreach(json_object_get(panel, "series"), j, series)
			if (!found && points_match_json(params, json_object_get(series, "where"))) {
				found = series;
				name = json_string_value(json_object_get(series, "name"));
				if (suite_series_named_for_kernel(series))
					name = json_string_value(json_object_get(panel, "title"));
				if (json_object_get(panel, "x"))
					axis = json_object_get(panel, "x");
			}
	}
	xkey = json_string_value(json_object_get(axis, "param"));
	snprintf(c->label, sizeof(c->label), "%s", name ? name : "");
	c->xkey[0] = c->xval[0] = 0;
	json_object_foreach(params, k, v) {
		char kv[192], val[64];

		if (json_is_integer(v))
			snprintf(val, sizeof(val), "%lld", (long long)json_integer_value(v));
		else
			snprintf(val, sizeof(val), "%s", json_string_value(v) ? json_string_value(v) : "?");
		if (xkey && !strcmp(k, xkey)) {
			snprintf(c->xkey, sizeof(c->xkey), "%s", k);
			snprintf(c->xval, sizeof(c->xval), "%s", val);
		} else if (!left_out(k, xkey, found)) {
			snprintf(kv, sizeof(kv), "%s=%s", k, val);
			append(c->label, sizeof(c->label), name && *name && !strchr(c->label, ',') ?
			       ", " : " ", kv);
		}
	}
}

#define REASONS_MAX 8

/* One suite's points by verdict, for its line */
struct tally {
	int compared, slower, small, faster, unchanged, invalid, na, one_side;
	const char *reason[REASONS_MAX];	/* the distinct not-applicable reasons */
	int reason_count[REASONS_MAX];
};

static void count_reason(struct tally *t, const char *why)
{
	int i;

	t->na++;
	for (i = 0; i < REASONS_MAX && t->reason[i]; i++)
		if (!strcmp(t->reason[i], why))
			break;
	if (i == REASONS_MAX)
		return;
	t->reason[i] = why;
	t->reason_count[i]++;
}

static void count_verdict(struct tally *t, enum verdict v)
{
	t->compared++;
	if (v == VERDICT_SLOWER)
		t->slower++;
	else if (v == VERDICT_SLOWER_SMALL)
		t->small++;
	else if (v == VERDICT_FASTER)
		t->faster++;
	else if (v == VERDICT_INVALID)
		t->invalid++;
	else
		t->unchanged++;
}

/* A point one kernel ran: not applicable to the other (with pb bench-collect's reason), or not run */
static void count_one_side(struct tally *t, json_t *p, int has_first)
{
	const char *why = json_string_value(json_object_get(json_object_get(p, "not_applicable"),
							   has_first ? PAIR_SECOND : PAIR_FIRST));

	if (why)
		count_reason(t, why);
	else
		t->one_side++;
}

/* The changes of one timing result, its points counted in @t */
static void collect(json_t *root, const struct suite *s, struct change *out, int *n,
		    struct tally *t)
{
	static struct series a, b;
	const char *accel = json_string_value(json_object_get(root, "accel"));
	int icount = accel && !strcmp(accel, "icount");
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(root, "points"), i, p) {
		struct change *c = &out[*n];
		struct comparison cmp;
		int has_first = results_load(p, PAIR_FIRST, &a), has_second = results_load(p, PAIR_SECOND, &b);

		if (!has_first || !has_second) {
			if (has_first || has_second)
				count_one_side(t, p, has_first);
			continue;
		}
		results_compare(&a, &b, accel, &cmp);
		count_verdict(t, cmp.verdict);
		if (cmp.verdict != VERDICT_FASTER && cmp.verdict != VERDICT_SLOWER_SMALL &&
		    cmp.verdict != VERDICT_SLOWER)
			continue;
		if (*n == CHANGES_MAX)
			continue;
		c->suite = json_string_value(json_object_get(root, "suite"));
		c->unit = json_string_value(json_object_get(root, "unit"));
		label_point(c, s, json_object_get(p, "params"));
		results_params_text(json_object_get(p, "params"), NULL, c->params, sizeof(c->params));
		c->ratio = cmp.ratio;
		c->lo = cmp.lo;
		c->hi = cmp.hi;
		c->base = stat_median(a.x, a.n);
		c->patched = stat_median(b.x, b.n);
		c->verdict = cmp.verdict;
		c->suspect = results_suspect(&a, icount) || results_suspect(&b, icount);
		c->order = (int)i;
		(*n)++;
	}
}

/* "3.4 % slower", "1.57x slower", "381x faster": hyperfine's way, a percentage when small */
static void how_much(char *buf, size_t len, double ratio)
{
	double x = ratio >= 1 ? ratio : 1 / ratio;
	const char *way = ratio >= 1 ? "slower" : "faster";

	if (x < 1.1)
		snprintf(buf, len, "%.1f %% %s", 100 * (x - 1), way);
	else
		snprintf(buf, len, "%.*fx %s", x < 10 ? 2 : x < 100 ? 1 : 0, x, way);
}

/* "lookup alone at routes=1"; a point in no series and off the x axis by its parameters */
static void where_text(char *buf, size_t len, const struct change *c)
{
	if (!c->label[0] && !c->xkey[0])
		snprintf(buf, len, "`%s`", c->params);
	else
		snprintf(buf, len, "%s%s%s%s%s", c->label, c->label[0] && c->xkey[0] ? " at " : "",
			 c->xkey, c->xkey[0] ? "=" : "", c->xval);
}

static void regression(FILE *f, const struct change *c)
{
	char much[64], where[400];

	how_much(much, sizeof(much), c->ratio);
	where_text(where, sizeof(where), c);
	fprintf(f, "- **%s**: %s %s, ratio %.3f (95 %% CI %.3f–%.3f), %.1f → %.1f %s (`%s`)%s\n",
		much, c->suite, where, c->ratio, c->lo, c->hi, c->base, c->patched, c->unit ? c->unit : "",
		c->params, c->suspect ? " **suspect**" : "");
}

static int by_order(const void *pa, const void *pb)
{
	const struct change *a = *(const struct change *const *)pa;
	const struct change *b = *(const struct change *const *)pb;

	return (a->order > b->order) - (a->order < b->order);
}

/* The faster changes of @c's group (its label) not yet shown, as one line; x in the table's order */
static void group(FILE *f, struct change *all, int n, int first, char *shown)
{
	static const struct change *members[CHANGES_MAX];
	const struct change *c = &all[first];
	double lo = c->ratio, hi = c->ratio;
	char xs[512] = "", much[64];
	int count = 0, suspect = 0;

	for (int i = first; i < n; i++) {
		if (shown[i] || slower(&all[i]) || strcmp(all[i].suite, c->suite) ||
		    strcmp(all[i].label, c->label))
			continue;
		shown[i] = 1;
		members[count++] = &all[i];
		suspect |= all[i].suspect;
		lo = fmin(lo, all[i].ratio);
		hi = fmax(hi, all[i].ratio);
	}
	qsort(members, count, sizeof(members[0]), by_order);
	for (int i = 0; i < count; i++)
		if (members[i]->xkey[0])
			append(xs, sizeof(xs), ", ", members[i]->xval);
	how_much(much, sizeof(much), lo);
	fprintf(f, "- %s%s%s", c->suite, c->label[0] ? " " : "", c->label);
	if (c->xkey[0])
		fprintf(f, "%s%s = %s", c->label[0] ? ", " : " ", c->xkey, xs);
	if (count == 1)
		fprintf(f, ": ratio %.3f (%s)", lo, much);
	else
		fprintf(f, " (%d points): ratios %.3f–%.3f (up to %s)", count, lo, hi, much);
	fprintf(f, "%s\n", suspect ? "; some marked suspect in its table" : "");
}

/* "1.57x slower: lookup alone at routes=1 (53.0 → 83.0 guest instructions)" */
static void change_text(FILE *f, const char *what, const struct change *c)
{
	char much[64], where[400];

	how_much(much, sizeof(much), c->ratio);
	where_text(where, sizeof(where), c);
	fprintf(f, " %s %s: %s (%.1f → %.1f %s).", what, much, where, c->base, c->patched,
		c->unit ? c->unit : "");
}

/*
 * A suite's line: its points by verdict, its largest regression and its
 * largest improvement (@worst, @best: NULL when none), and what the points
 * one kernel could not run lack.
 */
static void sentence(FILE *f, const char *suite, const struct tally *t, const struct change *worst,
		     const struct change *best)
{
	fprintf(f, "- **%s**: ", suite);
	if (!t->compared)
		fprintf(f, "no point both kernels ran.");
	else
		fprintf(f, "%d points on both kernels: %s%d slower%s", t->compared,
			t->slower ? "**" : "", t->slower + t->small, t->slower ? "**" : "");
	if (t->compared && t->small)
		fprintf(f, " (%d by 2 %% or less)", t->small);
	if (t->compared)
		fprintf(f, ", %d faster, %d unchanged, %d invalid.", t->faster, t->unchanged,
			t->invalid);
	if (worst)
		change_text(f, "Largest regression", worst);
	if (best)
		change_text(f, "Largest improvement", best);
	if (worst && best && best->label[0] && !strcmp(worst->label, best->label) &&
	    strcmp(worst->xval, best->xval))
		fprintf(f, " Both are %s, one function at different %s.", best->label, best->xkey);
	if (t->na) {
		fprintf(f, " %d not applicable:", t->na);
		for (int i = 0; i < REASONS_MAX && t->reason[i]; i++)
			fprintf(f, "%s %s (%d)", i ? ";" : "", t->reason[i], t->reason_count[i]);
		fprintf(f, ".");
	}
	if (t->one_side)
		fprintf(f, " %d run on one kernel only.", t->one_side);
	fprintf(f, "\n");
}

/* Suites with a regression first, then in the results' order */
static int regressions_first(const struct tally *tallies, int n, int *order)
{
	int k = 0;

	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n; i++)
			if (tallies[i].compared >= 0 && (tallies[i].slower == 0) == pass)
				order[k++] = i;
	return k;
}

void report_changes(FILE *f, json_t *const *roots, int n, const struct suites *all)
{
	static struct change changes[CHANGES_MAX], worst[REPORT_MAX_RESULTS], best[REPORT_MAX_RESULTS];
	static struct tally tallies[REPORT_MAX_RESULTS];
	static char shown[CHANGES_MAX];
	static int has_worst[REPORT_MAX_RESULTS], has_best[REPORT_MAX_RESULTS], order[REPORT_MAX_RESULTS];
	int nchanges = 0, nslower = 0, lines;

	for (int i = 0; i < n; i++) {
		const char *suite = json_string_value(json_object_get(roots[i], "suite"));
		int from = nchanges;

		memset(&tallies[i], 0, sizeof(tallies[i]));
		has_worst[i] = has_best[i] = 0;
		if (json_object_get(roots[i], "kind")) {
			tallies[i].compared = -1;
			continue;
		}
		collect(roots[i], suites_find(all, suite), changes, &nchanges, &tallies[i]);
		for (int j = from; j < nchanges; j++) {
			const struct change *c = &changes[j];

			if (slower(c) && (!has_worst[i] || size_of(c) > size_of(&worst[i]))) {
				worst[i] = *c;
				has_worst[i] = 1;
			} else if (!slower(c) && (!has_best[i] || size_of(c) > size_of(&best[i]))) {
				best[i] = *c;
				has_best[i] = 1;
			}
		}
	}
	qsort(changes, nchanges, sizeof(changes[0]), by_size);
	for (int i = 0; i < nchanges; i++)
		nslower += slower(&changes[i]);
	memset(shown, 0, sizeof(shown));
	fprintf(f, "### Every significant change\n\n");
	if (!nchanges)
		fprintf(f, "None: no suite's table calls any point faster or slower.\n\n");
	else
		fprintf(f, "Patched against baseline, as the suites' tables below call them "
			"(ratio = median(patched) / median(baseline)).\n\nRegressions, one line per "
			"point, largest first:%s\n\n", nslower ? "" : " **none**.");
	for (int i = 0; i < nslower; i++)
		regression(f, &changes[i]);
	if (nslower)
		fprintf(f, "\n");
	if (nslower < nchanges) {
		fprintf(f, "Faster, grouped by plot series (the x axis's values listed), largest "
			"first:\n\n");
		for (int i = nslower; i < nchanges; i++)
			if (!shown[i])
				group(f, changes, nchanges, i, shown);
		fprintf(f, "\n");
	}
	fprintf(f, "### Each suite in one line\n\nSuites with a regression first; \"unchanged\" "
		"is no significant change or within boot noise.\n\n");
	lines = regressions_first(tallies, n, order);
	for (int k = 0; k < lines; k++) {
		int i = order[k];

		sentence(f, json_string_value(json_object_get(roots[i], "suite")), &tallies[i],
			 has_worst[i] ? &worst[i] : NULL, has_best[i] ? &best[i] : NULL);
	}
	fprintf(f, "\n");
}
