// SPDX-License-Identifier: GPL-2.0
/* make bisect's judgements: the ends' followed points, a step's verdict (bisect_verdict.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/bisect_verdict.h"
#include "lib/results.h"
#include "lib/stats.h"

static struct series sa, sb;

/* Is @c a change beyond noise (significant and above the floor)? */
static int changed(const struct comparison *c)
{
	return c->verdict == VERDICT_FASTER || c->verdict == VERDICT_SLOWER_SMALL ||
	       c->verdict == VERDICT_SLOWER;
}

static const char *accel_of(json_t *root)
{
	const char *a = json_string_value(json_object_get(root, "accel"));

	return a ? a : "";
}

static int by_change(const void *x, const void *y)
{
	double a = fabs(log(json_real_value(json_object_get(*(json_t *const *)x, "ratio"))));
	double b = fabs(log(json_real_value(json_object_get(*(json_t *const *)y, "ratio"))));

	return (a < b) - (a > b);
}

/* The key=value pairs every point of @followed has alike, comma-separated. */
static json_t *common_filter(json_t *followed)
{
	json_t *first = json_object_get(json_array_get(followed, 0), "params"), *v;
	char buf[1024] = "";
	const char *k;
	size_t len = 0;

	json_object_foreach(first, k, v) {
		json_t *p;
		size_t i;
		int all = 1;

		json_array_foreach(followed, i, p)
			all &= json_equal(json_object_get(json_object_get(p, "params"), k), v);
		if (!all)
			continue;
		if (json_is_integer(v))
			len += snprintf(buf + len, sizeof(buf) - len, "%s%s=%lld", len ? "," : "", k,
					(long long)json_integer_value(v));
		else if (json_is_string(v))
			len += snprintf(buf + len, sizeof(buf) - len, "%s%s=%s", len ? "," : "", k,
					json_string_value(v));
		if (len >= sizeof(buf))
			return json_string("");
	}
	return json_string(buf);
}

json_t *bisect_ends(const struct bisect_side *good, const struct bisect_side *bad, int faster, int max)
{
	json_t *found = json_array(), *followed = json_array(), *p, **sorted;
	size_t i, n = 0;

	json_array_foreach(json_object_get(good->root, "points"), i, p) {
		json_t *q = results_find_point(bad->root, json_object_get(p, "params"));
		struct comparison c;
		char text[512];

		if (!q || !results_load(p, good->kernel, &sa) || !results_load(q, bad->kernel, &sb))
			continue;
		results_compare(&sa, &sb, accel_of(bad->root), &c);
		if (!changed(&c) || (faster ? c.ratio >= 1 : c.ratio <= 1))
			continue;
		results_params_text(json_object_get(p, "params"), NULL, text, sizeof(text));
		json_array_append_new(found, json_pack("{s:O, s:s, s:f, s:f, s:f, s:f, s:f, s:f, s:s}",
			"params", json_object_get(p, "params"), "text", text,
			"good", stat_median(sa.x, sa.n), "bad", stat_median(sb.x, sb.n),
			"ratio", c.ratio, "lo", c.lo, "hi", c.hi, "p", c.p, "verdict", verdict_name(c.verdict)));
	}
	sorted = json_array_size(found) ? calloc(json_array_size(found), sizeof(*sorted)) : NULL;
	json_array_foreach(found, i, p)
		if (sorted)
			sorted[n++] = p;
	if (n)
		qsort(sorted, n, sizeof(*sorted), by_change);
	for (i = 0; i < n && (int)i < max; i++)
		json_array_append(followed, sorted[i]);
	free(sorted);
	json_decref(found);
	return json_pack("{s:s, s:s, s:O, s:O, s:o, s:o}", "status", n ? "differ" : "same",
			 "direction", faster ? "faster" : "slower", "unit", json_object_get(bad->root, "unit"),
			 "accel", json_object_get(bad->root, "accel"), "filter",
			 n ? common_filter(followed) : json_string(""), "followed", followed);
}

/* One followed point @f of a step: its figures and how it leans into @out. */
static const char *judge_point(json_t *f, const struct bisect_side *good, const struct bisect_side *bad,
			       const struct bisect_side *step, json_t *out)
{
	json_t *params = json_object_get(f, "params");
	json_t *gp = results_find_point(good->root, params), *bp = results_find_point(bad->root, params);
	json_t *sp = results_find_point(step->root, params);
	struct comparison from_good, to_bad;
	static struct series ss;
	double g, b, s;
	const char *closer = "undecided";

	json_object_set(out, "params", params);
	json_object_set(out, "text", json_object_get(f, "text"));
	if (!gp || !bp || !sp || !results_load(sp, step->kernel, &ss) ||
	    !results_load(gp, good->kernel, &sa) || !results_load(bp, bad->kernel, &sb)) {
		json_object_set_new(out, "closer", json_string(closer));
		json_object_set_new(out, "why", json_string("no samples of the step or the ends here"));
		return closer;
	}
	results_compare(&sa, &ss, accel_of(step->root), &from_good);
	results_compare(&ss, &sb, accel_of(step->root), &to_bad);
	g = stat_median(sa.x, sa.n), b = stat_median(sb.x, sb.n), s = stat_median(ss.x, ss.n);
	if (fabs(s - b) < fabs(s - g) && changed(&from_good) && (s - g) * (b - g) > 0)
		closer = "bad";
	else if (fabs(s - g) < fabs(s - b) && changed(&to_bad))
		closer = "good";
	json_object_set_new(out, "good", json_real(g));
	json_object_set_new(out, "bad", json_real(b));
	json_object_set_new(out, "step", json_real(s));
	json_object_set_new(out, "ratio", json_real(from_good.ratio));
	json_object_set_new(out, "step_lo", json_real(from_good.lo));
	json_object_set_new(out, "step_hi", json_real(from_good.hi));
	json_object_set_new(out, "closer", json_string(closer));
	return closer;
}

json_t *bisect_step(json_t *ends, const struct bisect_side *good, const struct bisect_side *bad,
		    const struct bisect_side *step, const char **why)
{
	json_t *followed = json_object_get(ends, "followed"), *f, *points;
	int nbad = 0, ngood = 0;
	size_t i;

	if (!json_array_size(followed)) {
		*why = "the ends' file follows no point";
		return NULL;
	}
	if (!json_is_array(json_object_get(step->root, "points"))) {
		*why = "the step's result holds no points";
		return NULL;
	}
	points = json_array();
	json_array_foreach(followed, i, f) {
		json_t *o = json_object();
		const char *c = judge_point(f, good, bad, step, o);

		nbad += !strcmp(c, "bad");
		ngood += !strcmp(c, "good");
		json_array_append_new(points, o);
	}
	return json_pack("{s:s, s:o}", "verdict",
			 nbad == (int)json_array_size(followed) ? "bad" :
			 ngood == (int)json_array_size(followed) ? "good" : "undecided", "points", points);
}
