// SPDX-License-Identifier: GPL-2.0
#include "report_targets.h"

#include <string.h>
#include <unistd.h>

#include "report_impl.h"
#include "results.h"
#include "stats.h"

#define REFACTOR_TOLERANCE 0.02
#define PAGE_POOL_TOLERANCE 0.01
#define LINEAR_R2 0.99

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
 * Points of @root kept by @keep, baseline against patched: how many are
 * at most @tol slower or have a 95 % interval that includes 1, and the worst.
 */
static int ratio_within(json_t *root, int (*keep)(json_t *point), double tol, char *text,
			size_t len)
{
	static struct series a, b;
	const char *accel = json_string_value(json_object_get(root, "accel"));
	int judged = 0, met = 0;
	double worst = 1;
	char worst_params[200] = "";
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(root, "points"), i, p) {
		struct comparison c;

		if (!keep(p) || !results_load(p, "baseline", &a) || !results_load(p, "patched", &b))
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
	snprintf(text, len, "%d of %d points; highest ratio %.3f at %s", met, judged, worst,
		 worst_params);
	return judged ? met == judged : -1;
}

/* mctp-route's points: sendmsg() from userspace, or lookup=kernel (mctp_lookup.ko) */
static int direct_send(json_t *point)
{
	return int_param(point, "depth", -1) == 0 && !*str_param(point, "lookup");
}

static int direct_lookup_alone(json_t *point)
{
	return int_param(point, "depth", -1) == 0 && !strcmp(str_param(point, "lookup"), "kernel");
}

static int any_point(json_t *point)
{
	(void)point;
	return 1;
}

static void refactor_rows(FILE *f, json_t *route, json_t *fragment)
{
	char text[400];
	int met;

	if (!route) {
		row(f, "direct-route lookup (mctp-route, depth 0) within 2 %", "–", -1);
	} else {
		met = ratio_within(route, direct_send, REFACTOR_TOLERANCE, text, sizeof(text));
		if (!met)
			profile_hint(text, sizeof(text), "mctp-route");
		row(f, "direct-route lookup within 2 % of baseline: sendmsg() (mctp-route, depth 0)",
		    text, met);
		met = ratio_within(route, direct_lookup_alone, REFACTOR_TOLERANCE, text, sizeof(text));
		if (!met)
			profile_hint(text, sizeof(text), "mctp-route");
		row(f, "direct-route lookup within 2 % of baseline: mctp_route_lookup() and its release "
		    "alone (lookup=kernel, depth 0)", text, met);
	}
	if (!fragment) {
		row(f, "fragmentation (mctp-fragment) within 2 %", "–", -1);
	} else {
		met = ratio_within(fragment, any_point, REFACTOR_TOLERANCE, text, sizeof(text));
		if (!met)
			profile_hint(text, sizeof(text), "mctp-fragment");
		row(f, "fragmentation (mctp-fragment) within 2 % of baseline", text, met);
	}
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
 * Gateway depth on the patched kernel. In mctp-route, depth d is a table of
 * d + 1 routes, the chain's own, and each hop is a full lookup in that list:
 * hop k finds its route at position k + 1, so a send walks
 * (d + 1)(d + 2) / 2 routes in all, and the raw cost is not linear in d. The
 * fit separates the two: cost = a + b·d + c·walked, where b is what one hop
 * costs beyond the list walk and c the cost of one route walked past.
 */
static void gateway_row(FILE *f, json_t *route, const char *lookup, const char *what)
{
	double depth[64], walked[64], y[64], c[3], r2;
	int n = 0, maxd = 0;
	char text[400], title[200];
	json_t *p;
	size_t i;

	if (!route) {
		row(f, "gateway lookup: each hop costs the same", "–", -1);
		return;
	}
	json_array_foreach(json_object_get(route, "points"), i, p) {
		long long d = int_param(p, "depth", -1), routes = int_param(p, "routes", -1);
		double m = median(p, "patched");

		if (d < 0 || routes != d + 1 || m < 0 || n == 64 || strcmp(str_param(p, "lookup"), lookup))
			continue;
		depth[n] = (double)d;
		walked[n] = (d + 1) * (d + 2) / 2.0;
		y[n++] = m;
		maxd = d > maxd ? (int)d : maxd;
	}
	if (n < 4) {
		row(f, "gateway lookup: each hop costs the same", "fewer than 4 depths measured", -1);
		return;
	}
	r2 = fit3(depth, walked, y, n, c);
	snprintf(text, sizeof(text), "**%.1f per hop** plus %.1f per route walked past (%s; "
		 "least squares over %d depths, 0..%d, of cost = a + b·d + c·(d+1)(d+2)/2: "
		 "a = %.1f, R² = %.4f); the raw cost is not linear in d: every hop's lookup walks "
		 "the list that holds the chain", c[1], c[2],
		 json_string_value(json_object_get(route, "unit")), n, maxd, c[0], r2);
	snprintf(title, sizeof(title), "gateway lookup cost linear in depth, %s: each hop costs the "
		 "same beyond the list walk (fit R² ≥ 0.99); cost per hop", what);
	row(f, title, text, r2 >= LINEAR_R2);
}

static void stream_row(FILE *f, json_t *stream)
{
	char list[400] = "", text[460];
	int judged = 0, met = 0;
	json_t *p, *q;
	size_t i, j;

	if (!stream) {
		row(f, "bpf_stream_vprintk no slower than bpf_trace_printk", "–", -1);
		return;
	}
	json_array_foreach(json_object_get(stream, "points"), i, p) {
		long long size = int_param(p, "size", -1);
		double k = median(p, "patched");

		if (strcmp(str_param(p, "impl"), "kfunc") || k < 0)
			continue;
		json_array_foreach(json_object_get(stream, "points"), j, q) {
			double t = median(q, "patched");
			size_t off = strlen(list);

			if (strcmp(str_param(q, "impl"), "trace-printk") ||
			    strcmp(str_param(q, "ctx"), str_param(p, "ctx")) ||
			    int_param(q, "size", -2) != size || t <= 0)
				continue;
			judged++;
			met += k <= t * (1 + RESULTS_FLOOR_ICOUNT);
			snprintf(list + off, sizeof(list) - off, "%s%lld B%s%s: %.2f", off ? ", " : "",
				 size, *str_param(p, "ctx") ? " " : "", str_param(p, "ctx"), k / t);
		}
	}
	snprintf(text, sizeof(text), "kfunc / trace-printk per call: %s", list);
	row(f, "bpf_stream_vprintk no slower than bpf_trace_printk per call", judged ? text : "–",
	    judged ? met == judged : -1);
}

void report_targets(FILE *f, json_t *const *roots, int n)
{
	json_t *strings = find_suite(roots, n, "bpf-strings"), *pool = find_suite(roots, n, "page-pool");
	char text[600];
	int met;

	fprintf(f, "## Targets\n\nThe benchmarks' goals, judged from the results below (benchmarks, "
		"never timed tests).\n\n| target | measured | verdict |\n|---|---|---|\n");
	refactor_rows(f, find_suite(roots, n, "mctp-route"), find_suite(roots, n, "mctp-fragment"));
	gateway_row(f, find_suite(roots, n, "mctp-route"), "", "sendmsg()");
	gateway_row(f, find_suite(roots, n, "mctp-route"), "kernel", "mctp_route_lookup() alone");
	stream_row(f, find_suite(roots, n, "bpf-stream"));
	met = strings ? report_impl_target(strings, text, sizeof(text)) : -1;
	if (!met)
		profile_hint(text, sizeof(text), "bpf-strings");
	row(f, "string kfuncs at least 2x faster than the best BPF-side alternative from L = 64",
	    met >= 0 ? text : "–", met);
	met = pool ? ratio_within(pool, any_point, PAGE_POOL_TOLERANCE, text, sizeof(text)) : -1;
	if (!met)
		profile_hint(text, sizeof(text), "page-pool");
	row(f, "page_pool ratio within 1 % (or its interval includes 1)", met >= 0 ? text : "–",
	    met);
	fprintf(f, "\n");
}
