// SPDX-License-Identifier: GPL-2.0
/*
 * The targets table of RESULTS.md. Every row is a target of a suite's
 * manifest: its title, a metric that judges the suite's newest result
 * (ratio, chain-fit, versus, speedup), the bound that decides, and the
 * points it looks at. A missed target says where the explanation is.
 */
#include "report/report_targets.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/report_impl.h"
#include "lib/points.h"
#include "lib/results.h"
#include "lib/stats.h"

#define MAX_TARGETS 256
#define MAX_DEPTHS 64

static json_t *find_suite(json_t *const *roots, int n, const char *name)
{
	for (int i = 0; i < n; i++) {
		const char *s = json_string_value(json_object_get(roots[i], "suite"));

		if (s && !strcmp(s, name))
			return roots[i];
	}
	return NULL;
}

static long long int_param(json_t *point, const char *key, long long missing)
{
	json_t *v = json_object_get(json_object_get(point, "params"), key);

	return json_is_integer(v) ? json_integer_value(v) : missing;
}

static const char *str_param(json_t *point, const char *key)
{
	json_t *v = json_object_get(json_object_get(point, "params"), key);

	return json_is_string(v) ? json_string_value(v) : "";
}

/* A point's value of @key as text, "" when it has none: "4096", "kfunc". */
static const char *param_text(json_t *point, const char *key, char *buf, size_t len)
{
	json_t *v = json_object_get(json_object_get(point, "params"), key);

	if (!json_is_integer(v))
		return str_param(point, key);
	snprintf(buf, len, "%lld", json_integer_value(v));
	return buf;
}

static int in_target(json_t *point, json_t *target)
{
	return points_match_json(json_object_get(point, "params"), json_object_get(target, "points"));
}

static const char *key_of(json_t *target, const char *key)
{
	return json_string_value(json_object_get(target, key));
}

static double median(json_t *point, const char *kernel)
{
	static struct series s;

	return results_load(point, kernel, &s) ? stat_median(s.x, s.n) : -1;
}

static void row(FILE *f, const char *target, const char *measured, int met)
{
	fprintf(f, "| %s | %s | %s |\n", target, measured,
		met < 0 ? "no result" : met ? "met" : "**missed**");
}

/* Where a target is missed, the analysis or profile that explains it, or how to make one. */
static void profile_hint(char *text, size_t len, const char *suite)
{
	char analysis[128], diff[128];
	size_t off = strlen(text);

	snprintf(analysis, sizeof(analysis), "profiles/%s/analysis.md", suite);
	snprintf(diff, sizeof(diff), "profiles/%s/diff.txt", suite);
	if (!access(analysis, R_OK))
		snprintf(text + off, len - off, " (why: the analysis under %s below)", suite);
	else if (!access(diff, R_OK))
		snprintf(text + off, len - off, " (profile under %s below)", suite);
	else
		snprintf(text + off, len - off, " (no profile yet: `make profile SUITE=%s`)", suite);
}

/*
 * metric "ratio": the target's points, baseline against patched: how many
 * are at most "bound" slower or have a 95 % interval that includes 1, and
 * the worst.
 */
static int ratio_within(json_t *root, json_t *target, char *text, size_t len)
{
	static struct series a, b;
	const char *accel = key_of(root, "accel");
	double tol = json_number_value(json_object_get(target, "bound"));
	int judged = 0, met = 0;
	double worst = 1;
	char worst_params[200] = "";
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(root, "points"), i, p) {
		struct comparison c;

		if (!in_target(p, target) || !results_load_pair(p, &a, &b))
			continue;
		results_compare(&a, &b, accel ? accel : "", &c);
		judged++;
		if (c.ratio <= 1 + tol || (c.lo <= 1 && c.hi >= 1))	/* faster is fine */
			met++;
		if (c.ratio > worst || worst_params[0] == '\0') {
			worst = c.ratio;
			results_params_text(json_object_get(p, "params"), NULL, worst_params,
					    sizeof(worst_params));
		}
	}
	if (!judged)
		return -1;
	snprintf(text, len, "%d of %d points; highest ratio %.3f at %s", met, judged, worst,
		 worst_params);
	return met == judged;
}

static double det3(const double m[3][3])
{
	return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
	       m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
	       m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

/* Least squares y = c0 + c1 x1 + c2 x2 (normal equations, Cramer's rule); returns R². */
static double fit3(const double *x1, const double *x2, const double *y, int n, double c[3])
{
	double m[3][3] = { { 0 } }, v[3] = { 0 }, mean = 0, ss_res = 0, ss_tot = 0, d;

	for (int k = 0; k < n; k++) {
		const double row[3] = { 1, x1[k], x2[k] };

		for (int i = 0; i < 3; i++) {
			v[i] += row[i] * y[k];
			for (int j = 0; j < 3; j++)
				m[i][j] += row[i] * row[j];
		}
		mean += y[k] / n;
	}
	d = det3(m);
	for (int i = 0; i < 3; i++) {
		double mi[3][3];

		memcpy(mi, m, sizeof(mi));
		for (int j = 0; j < 3; j++)
			mi[j][i] = v[j];
		c[i] = d != 0 ? det3(mi) / d : 0;
	}
	for (int k = 0; k < n; k++) {
		double e = y[k] - (c[0] + c[1] * x1[k] + c[2] * x2[k]);

		ss_res += e * e;
		ss_tot += (y[k] - mean) * (y[k] - mean);
	}
	return ss_tot > 0 ? 1 - ss_res / ss_tot : 1;
}

/*
 * metric "chain-fit", a gateway chain on one kernel. In mctp-route, depth
 * d (the target's "x") is a table of d + 1 routes ("count"), the chain's
 * own, and each hop is a full lookup in that list: hop k finds its route at
 * position k + 1, so a send walks (d + 1)(d + 2) / 2 routes in all, and the
 * raw cost is not linear in d. The fit separates the two: cost = a + b·d +
 * c·walked, where b is what one hop costs beyond the list walk and c the
 * cost of one route walked past. Met when R² is at least "bound" and, with
 * "per_hop_max", b is at most that.
 */
static int chain_fit(json_t *root, json_t *target, char *text, size_t len)
{
	const char *xkey = key_of(target, "x"), *count = key_of(target, "count");
	double depth[MAX_DEPTHS], walked[MAX_DEPTHS], y[MAX_DEPTHS], c[3], r2;
	char bound_text[40] = "";
	int n = 0, maxd = 0;
	json_t *p, *max;
	size_t i;

	json_array_foreach(json_object_get(root, "points"), i, p) {
		long long d = int_param(p, xkey, -1), routes = int_param(p, count, -1);
		double m = median(p, key_of(target, "kernel"));

		if (d < 0 || routes != d + 1 || m < 0 || n == MAX_DEPTHS || !in_target(p, target))
			continue;
		depth[n] = (double)d;
		walked[n] = (d + 1) * (d + 2) / 2.0;
		y[n++] = m;
		maxd = d > maxd ? (int)d : maxd;
	}
	if (n < 4) {
		snprintf(text, len, "fewer than 4 depths measured");
		return -1;
	}
	r2 = fit3(depth, walked, y, n, c);
	max = json_object_get(target, "per_hop_max");
	if (max)
		snprintf(bound_text, sizeof(bound_text), " (at most %g)", json_number_value(max));
	snprintf(text, len, "**%.1f per hop**%s plus %.1f per route walked past (%s; "
		 "least squares over %d depths, 0..%d, of cost = a + b·d + c·(d+1)(d+2)/2: "
		 "a = %.1f, R² = %.4f); %s", c[1], max ? bound_text : "", c[2],
		 key_of(root, "unit"), n, maxd, c[0], r2,
		 fabs(c[2]) < 0.5 ? "no hop walks the list: the cost is linear in d" :
		 "the raw cost is not linear in d: every hop's lookup walks the list that holds "
		 "the chain");
	return r2 >= json_number_value(json_object_get(target, "bound")) &&
	       (!max || c[1] <= json_number_value(max));
}

/* Do points @p and @q have the same value of every "match" key (or both none)? */
static int same_match(json_t *p, json_t *q, json_t *target)
{
	json_t *key;
	size_t i;

	json_array_foreach(json_object_get(target, "match"), i, key) {
		json_t *a = json_object_get(json_object_get(p, "params"), json_string_value(key));
		json_t *b = json_object_get(json_object_get(q, "params"), json_string_value(key));

		if ((a || b) && !json_equal(a, b))
			return 0;
	}
	return 1;
}

/*
 * "16 B perf_event": @p's values of the target's "match" keys, with the
 * suite's "param_units", but those its "points" fix (the title says them)
 */
static void match_label(json_t *p, json_t *target, json_t *units, char *buf, size_t len)
{
	json_t *key, *fixed = json_object_get(target, "points");
	size_t off = 0, i;

	buf[0] = '\0';
	json_array_foreach(json_object_get(target, "match"), i, key) {
		json_t *v = json_object_get(json_object_get(p, "params"), json_string_value(key));
		const char *unit = json_string_value(json_object_get(units, json_string_value(key)));

		if (off >= len)
			break;
		if (points_fix(fixed, json_string_value(key)))
			continue;
		if (json_is_integer(v))
			off += (size_t)snprintf(buf + off, len - off, "%s%lld%s%s", off ? " " : "",
						(long long)json_integer_value(v), unit ? " " : "",
						unit ? unit : "");
		else if (json_is_string(v) && *json_string_value(v))
			off += (size_t)snprintf(buf + off, len - off, "%s%s", off ? " " : "",
						json_string_value(v));
	}
}

/*
 * metric "versus": on one kernel, each point whose "key" is "subject"
 * against the point whose "key" is "against" with the same "match" keys:
 * met when the subject's median is at most the other's times 1 + "bound".
 */
static int versus(json_t *root, json_t *target, json_t *units, char *text, size_t len)
{
	const char *key = key_of(target, "key"), *kernel = key_of(target, "kernel");
	const char *subject = key_of(target, "subject"), *against = key_of(target, "against");
	double bound = json_number_value(json_object_get(target, "bound"));
	char list[400] = "";
	int judged = 0, met = 0;
	json_t *p, *q;
	size_t i, j;

	json_array_foreach(json_object_get(root, "points"), i, p) {
		double s = median(p, kernel);
		char text_p[32], text_q[32];

		if (strcmp(param_text(p, key, text_p, sizeof(text_p)), subject) || s < 0 ||
		    !in_target(p, target))
			continue;
		json_array_foreach(json_object_get(root, "points"), j, q) {
			double t = median(q, kernel);
			size_t off = strlen(list);
			char label[200];

			if (strcmp(param_text(q, key, text_q, sizeof(text_q)), against) ||
			    !same_match(p, q, target) || t <= 0)
				continue;
			judged++;
			met += s <= t * (1 + bound);
			match_label(p, target, units, label, sizeof(label));
			snprintf(list + off, sizeof(list) - off, "%s%s%s%.2f", off ? ", " : "", label,
				 *label ? ": " : "", s / t);
		}
	}
	if (!judged)
		return -1;
	snprintf(text, len, "%s / %s per call: %s", subject, against, list);
	return met == judged;
}

struct target_row {
	const struct suite *suite;
	json_t *target;
	long long order;
	int rank;		/* the suite's place, then the target's, among all */
};

static int by_order(const void *a, const void *b)
{
	const struct target_row *x = a, *y = b;

	if (x->order != y->order)
		return (x->order > y->order) - (x->order < y->order);
	return (x->rank > y->rank) - (x->rank < y->rank);
}

/* 1 met, 0 missed, -1 nothing to judge (@text then left as it was) */
static int judge(const struct target_row *t, json_t *root, char *text, size_t len)
{
	const char *metric = key_of(t->target, "metric");

	if (!strcmp(metric, "ratio"))
		return ratio_within(root, t->target, text, len);
	if (!strcmp(metric, "chain-fit"))
		return chain_fit(root, t->target, text, len);
	if (!strcmp(metric, "versus"))
		return versus(root, t->target, json_object_get(t->suite->m, "param_units"), text,
			      len);
	return report_impl_target(root, t->target, text, len);	/* "speedup" */
}

void report_targets(FILE *f, json_t *const *roots, int n, const struct suites *all)
{
	static struct target_row rows[MAX_TARGETS];
	int nrows = 0;

	for (int i = 0; i < all->n; i++) {
		json_t *t;
		size_t j;

		json_array_foreach(json_object_get(all->s[i].m, "targets"), j, t)
			if (nrows < MAX_TARGETS) {
				rows[nrows] = (struct target_row){ &all->s[i], t,
					json_integer_value(json_object_get(t, "order")), nrows };
				nrows++;
			}
	}
	qsort(rows, (size_t)nrows, sizeof(rows[0]), by_order);
	fprintf(f, "## Targets\n\nThe benchmarks' goals, judged from the results below (benchmarks, "
		"never timed tests).\n\n| target | measured | verdict |\n|---|---|---|\n");
	for (int i = 0; i < nrows; i++) {
		json_t *root = find_suite(roots, n, rows[i].suite->name);
		char text[600] = "–";
		int met = root ? judge(&rows[i], root, text, sizeof(text)) : -1;

		if (!met)
			profile_hint(text, sizeof(text), rows[i].suite->name);
		row(f, key_of(rows[i].target, "title"), text, met);
	}
	fprintf(f, "\n");
}
