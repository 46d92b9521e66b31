// SPDX-License-Identifier: GPL-2.0
#include "compare/compare.h"

#include "compare/comparable.h"
#include "lib/results.h"
#include "lib/stats.h"

static json_t *side_json(const struct compare_side *s)
{
	json_t *meta = json_object_get(s->root, "meta");

	return json_pack("{s:s?, s:s, s:O?, s:O?, s:s, s:s?}", "file", s->file, "kernel", s->kernel,
			 "project_commit", json_object_get(meta, "project_commit"),
			 "accel", json_object_get(s->root, "accel"), "guest_cpu",
			 result_guest_cpu(s->root), "config_hash", result_config_hash(s->root));
}

static json_t *point_json(json_t *params, const struct series *a, const struct series *b,
			  const struct comparison *c)
{
	return json_pack("{s:O, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:s, s:b}", "params", params,
			 "a_median", stat_median(a->x, a->n), "b_median", stat_median(b->x, b->n),
			 "ratio", c->ratio, "lo", c->lo, "hi", c->hi, "p", c->p, "floor", c->floor,
			 "verdict", verdict_name(c->verdict), "regression", c->regression);
}

json_t *compare_results(const struct compare_side *a, const struct compare_side *b, int force,
			const char **why)
{
	static struct series sa, sb;
	static char not_same_guest[256];
	int counts[VERDICT_COUNT] = { 0 }, compared = 0, regressions = 0;
	json_t *out, *points, *verdicts, *p, *differences, *accel = NULL;
	size_t i;

	if (!json_equal(json_object_get(a->root, "suite"), json_object_get(b->root, "suite"))) {
		*why = "different suites: not comparable";
		return NULL;
	}
	if (!results_comparable(a->root, a->kernel, b->root, b->kernel, force, &differences,
				not_same_guest, sizeof(not_same_guest))) {
		*why = not_same_guest;
		return NULL;
	}
	/* Mixed modes (forced): no accel, so the noisier mode's floor. */
	if (json_equal(json_object_get(a->root, "accel"), json_object_get(b->root, "accel")))
		accel = json_object_get(a->root, "accel");
	points = json_array();
	json_array_foreach(json_object_get(a->root, "points"), i, p) {
		json_t *params = json_object_get(p, "params"), *q = results_find_point(b->root, params);
		struct comparison c;

		if (!q || !results_load(p, a->kernel, &sa) || !results_load(q, b->kernel, &sb))
			continue;
		results_compare(&sa, &sb, json_string_value(accel), &c);
		compared++;
		regressions += c.regression;
		counts[c.verdict]++;
		json_array_append_new(points, point_json(params, &sa, &sb, &c));
	}
	verdicts = json_object();
	for (int v = 0; v < VERDICT_COUNT; v++)
		json_object_set_new(verdicts, verdict_name(v), json_integer(counts[v]));
	out = json_pack("{s:O, s:O, s:O?, s:o, s:o, s:o, s:o, s:{s:i, s:i, s:o}}",
			"suite", json_object_get(a->root, "suite"),
			"unit", json_object_get(a->root, "unit"), "accel", accel,
			"a", side_json(a), "b", side_json(b), "differences", differences, "points", points,
			"summary", "points", compared, "regressions", regressions,
			"verdicts", verdicts);
	return out;
}
