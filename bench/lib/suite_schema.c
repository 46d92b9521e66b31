// SPDX-License-Identifier: GPL-2.0
/*
 * What a suite's manifest (SUITES_DIR/NAME/suite.json) may hold, checked
 * key by key (lib/schema.h): readers (pb suites get, the plots, the
 * targets) find every optional key with its default. README.md, "Adding a
 * suite", says what each key means.
 */
#include <stdio.h>
#include <string.h>

#include "lib/need_syntax.h"
#include "lib/plotdata.h"
#include "lib/schema.h"
#include "lib/points.h"
#include "lib/results.h"
#include "lib/suites.h"

static int string_values(struct schema_ctx *c, json_t *v, const char *path)
{
	char sub[512];
	const char *k;
	json_t *e;

	json_object_foreach(v, k, e) {
		schema_join(sub, sizeof(sub), path, k);
		if (!json_is_string(e))
			return schema_fail(c, sub, "should be a string, not %s", schema_json_name(e));
	}
	return 0;
}

/* "tics": [["label", position], ...] */
static int tics(struct schema_ctx *c, json_t *v, const char *path)
{
	char sub[512];
	json_t *e;
	size_t i;

	json_array_foreach(v, i, e) {
		snprintf(sub, sizeof(sub), "%s.%zu", path, i);
		if (json_array_size(e) != 2 || !json_is_string(json_array_get(e, 0)) ||
		    !json_is_number(json_array_get(e, 1)))
			return schema_fail(c, sub, "should be [\"label\", position]");
	}
	return 0;
}

static int size(struct schema_ctx *c, json_t *v, const char *path)
{
	if (json_array_size(v) != 2 || json_integer_value(json_array_get(v, 0)) <= 0 ||
	    json_integer_value(json_array_get(v, 1)) <= 0)
		return schema_fail(c, path, "should be [width, height] in pixels");
	return 0;
}

static const char *const kernels[] = { PAIR_FIRST, PAIR_SECOND, NULL };

static int axis_x(struct schema_ctx *c, json_t *v, const char *path)
{
	static const struct schema_field f[] = {
		{ .key = "param", .want = STRING, .required = 1 },
		{ .key = "label", .want = STRING },
		{ .key = "log", .want = INTEGER },
		{ .key = "shift", .want = INTEGER },
		{ .key = "tics", .want = ARRAY, .inner = tics },
		{ .key = NULL }
	};

	return schema_check_object(c, v, path, f);
}

static int axis_y(struct schema_ctx *c, json_t *v, const char *path)
{
	static const struct schema_field f[] = {
		{ .key = "log", .want = INTEGER },
		{ .key = "from_zero", .want = BOOLEAN },
		{ .key = NULL }
	};

	return schema_check_object(c, v, path, f);
}

static int colour(struct schema_ctx *c, json_t *v, const char *path)
{
	if (json_is_integer(v) || (json_is_string(v) && !strcmp(json_string_value(v), "line")))
		return 0;
	return schema_fail(c, path, "should be \"line\" (one colour per line) or a line type number");
}

/* A filter list (lib/points.h): a series' "where", a target's "points" */
static int filter_list(struct schema_ctx *c, json_t *v, const char *path)
{
	struct point_filter pf;
	char sub[512], why[512];
	json_t *e;
	size_t i;

	if (!schema_is(v, STRINGS))
		return schema_fail(c, path, "should be an array of filters (%s), not %s", POINTS_SYNTAX,
			    schema_json_name(v));
	json_array_foreach(v, i, e) {
		snprintf(sub, sizeof(sub), "%s.%zu", path, i);
		if (point_filter_parse(json_string_value(e), &pf, why, sizeof(why)))
			return schema_fail(c, sub, "%s", why);
	}
	if (json_array_size(v) > POINTS_MAX_FILTERS)
		return schema_fail(c, path, "has more than %d filters", POINTS_MAX_FILTERS);
	return 0;
}

/*
 * A target's "points": a filter list, or the object form manifests had
 * before it ({"K": 4, "L": "", "M": {"min": 64}}), checked as the list it
 * becomes (targets() puts the list in its place).
 */
static int target_points(struct schema_ctx *c, json_t *v, const char *path)
{
	char sub[512], why[512];
	json_t *list;
	int status;

	if (!json_is_object(v))
		return filter_list(c, v, path);
	list = points_from_object(v, why, sizeof(why));
	if (!list)
		return schema_fail(c, path, "%s (the old object form; now a list: %s)", why, POINTS_SYNTAX);
	snprintf(sub, sizeof(sub), "%s (as a list)", path);
	status = filter_list(c, list, sub);
	json_decref(list);
	return status;
}

/*
 * "parameters": {"KEY": [VALUE, ...], ...}, every key a result's points
 * carry and each value it takes: integers or strings as pb bench-collect
 * records them, null when some points have no KEY. make bench POINTS=
 * checks its filters against them (suite_points.c).
 */
static int parameters(struct schema_ctx *c, json_t *v, const char *path)
{
	char sub[512];
	const char *k;
	json_t *values, *e;
	size_t i, j;

	json_object_foreach(v, k, values) {
		schema_join(sub, sizeof(sub), path, k);
		if (!json_is_array(values))
			return schema_fail(c, sub, "should be an array of the values %s takes, not %s", k,
				    schema_json_name(values));
		if (schema_nonempty(c, values, sub))
			return -1;
		json_array_foreach(values, i, e) {
			snprintf(sub, sizeof(sub), "%s%s%s.%zu", path, *path ? "." : "", k, i);
			if (!json_is_integer(e) && !json_is_string(e) && !json_is_null(e))
				return schema_fail(c, sub, "should be an integer, a string or null (points "
					    "without %s), not %s", k, schema_json_name(e));
			for (j = 0; j < i; j++)
				if (json_equal(e, json_array_get(values, j)))
					return schema_fail(c, sub, "repeats %s.%zu", k, j);
		}
	}
	return 0;
}

static int derived(struct schema_ctx *c, json_t *v, const char *path)
{
	if (json_array_size(v) > PLOTDATA_MAX_DERIVED)
		return schema_fail(c, path, "has more than %d keys", PLOTDATA_MAX_DERIVED);
	return 0;
}

static int series(struct schema_ctx *c, json_t *v, const char *path)
{
	static const struct schema_field f[] = {
		{ .key = "name", .want = STRING },
		{ .key = "kernel", .want = STRING, .one_of = kernels },
		{ .key = "derived", .want = STRINGS, .inner = derived },
		{ .key = "where", .want = ANY, .inner = filter_list },
		{ .key = "colour", .want = ANY, .inner = colour },
		{ .key = "dash", .want = INTEGER },
		{ .key = "width", .want = INTEGER },
		{ .key = NULL }
	};

	return schema_nonempty(c, v, path) || schema_check_objects(c, v, path, f) ? -1 : 0;
}

static int panels(struct schema_ctx *c, json_t *v, const char *path)
{
	static const struct schema_field f[] = {
		{ .key = "title", .want = STRING },
		{ .key = "x", .want = OBJECT, .inner = axis_x },
		{ .key = "series", .want = ARRAY, .required = 1, .inner = series },
		{ .key = NULL }
	};
	char sub[512];
	json_t *e;
	size_t i;

	if (schema_nonempty(c, v, path) || schema_check_objects(c, v, path, f))
		return -1;
	json_array_foreach(v, i, e) {
		snprintf(sub, sizeof(sub), "%s.%zu.title", path, i);
		if (json_array_size(v) > 1 && !json_object_get(e, "title"))
			return schema_fail(c, sub, "is missing (a string: the plot has %zu panels)",
				    json_array_size(v));
		if (json_array_size(v) == 1 && json_object_get(e, "title"))
			return schema_fail(c, sub, "is not used: a single panel's title is the plot's");
	}
	return 0;
}

static int plot(struct schema_ctx *c, json_t *v, const char *path)
{
	static const char *const styles[] = { "lines", "histogram", NULL };
	static const struct schema_field f[] = {
		{ .key = "title", .want = STRING, .required = 1 },
		{ .key = "size", .want = ARRAY, .inner = size },
		{ .key = "key_room", .want = NUMBER },
		{ .key = "style", .want = STRING, .dflt = "\"lines\"", .one_of = styles },
		{ .key = "x", .want = OBJECT, .inner = axis_x },
		{ .key = "y", .want = OBJECT, .dflt = "{}", .inner = axis_y },
		{ .key = "panels", .want = ARRAY, .required = 1, .inner = panels },
		{ .key = "words", .want = OBJECT, .inner = string_values },
		{ .key = NULL }
	};
	char sub[512];
	json_t *p;
	size_t i;

	if (schema_check_object(c, v, path, f))
		return -1;
	json_array_foreach(json_object_get(v, "panels"), i, p) {
		snprintf(sub, sizeof(sub), "%s.panels.%zu.x", path, i);
		if (!json_object_get(p, "x") && !json_object_get(v, "x"))
			return schema_fail(c, sub, "is missing (an object), and %s has no x either", path);
	}
	return 0;
}

/*
 * A target: one row of RESULTS.md's targets table. Each metric reads its
 * own keys (report_targets.c); a key another metric reads is an error here.
 */
static int targets(struct schema_ctx *c, json_t *v, const char *path)
{
	static const char *const metrics[] = { "ratio", "chain-fit", "versus", "speedup", NULL };
	static const struct schema_field f[] = {
		{ .key = "title", .want = STRING, .required = 1, .inner = schema_one_line },
		{ .key = "metric", .want = STRING, .required = 1, .one_of = metrics },
		{ .key = "bound", .want = NUMBER, .required = 1 },
		{ .key = "points", .want = ANY, .dflt = "[]", .inner = target_points },
		{ .key = "order", .want = INTEGER },
		{ .key = "kernel", .want = STRING, .one_of = kernels },
		{ .key = "x", .want = STRING },
		{ .key = "count", .want = STRING },
		{ .key = "key", .want = STRING },
		{ .key = "subject", .want = STRING },
		{ .key = "against", .want = STRING },
		{ .key = "match", .want = STRINGS, .inner = schema_nonempty },
		{ .key = "per_hop_max", .want = NUMBER },
		{ .key = NULL }
	};
	static const struct {
		const char *metric, *const keys[8], *const optional[4];
	} uses[] = {
		{ "ratio", { NULL }, { NULL } },
		{ "chain-fit", { "kernel", "x", "count", NULL }, { "per_hop_max", NULL } },
		{ "versus", { "kernel", "key", "subject", "against", "match", NULL }, { NULL } },
		{ "speedup", { NULL }, { NULL } },
	};
	static const char *const common[] = { "title", "metric", "bound", "points", "order", NULL };
	char sub[512];
	json_t *t;
	size_t i;

	if (schema_check_objects(c, v, path, f))
		return -1;
	json_array_foreach(v, i, t) {
		const char *metric = json_string_value(json_object_get(t, "metric"));
		const char *k;
		json_t *e;
		size_t u;

		for (u = 0; strcmp(uses[u].metric, metric); u++)
			;
		e = json_object_get(t, "points");
		if (json_is_object(e))
			json_object_set_new(t, "points", points_from_object(e, sub, sizeof(sub)));
		json_object_foreach(t, k, e) {
			snprintf(sub, sizeof(sub), "%s.%zu.%s", path, i, k);
			if (!schema_in_set(k, common) && !schema_in_set(k, uses[u].keys) &&
			    !schema_in_set(k, uses[u].optional))
				return schema_fail(c, sub, "is not read by metric %s", metric);
		}
		for (const char *const *need = uses[u].keys; *need; need++) {
			snprintf(sub, sizeof(sub), "%s.%zu.%s", path, i, *need);
			if (!strcmp(*need, "kernel") && !json_object_get(t, "kernel"))
				json_object_set_new(t, "kernel", json_string(PAIR_SECOND));
			else if (!json_object_get(t, *need))
				return schema_fail(c, sub, "is missing (metric %s reads it)", metric);
		}
	}
	return 0;
}

/*
 * "records": how a records suite's results (one boot per record) compare
 * across revisions: the keys that pair a record of A with one of B, and the
 * figures in order, each with its label and the tolerance in percent within
 * which B equals A (none: shown, not judged).
 */
static int records(struct schema_ctx *c, json_t *v, const char *path)
{
	static const struct schema_field figure[] = {
		{ .key = "key", .want = STRING, .required = 1 },
		{ .key = "label", .want = STRING, .required = 1, .inner = schema_one_line },
		{ .key = "tolerance", .want = NUMBER },
		{ .key = NULL }
	};
	static const struct schema_field f[] = {
		{ .key = "match", .want = STRINGS, .required = 1, .inner = schema_nonempty },
		{ .key = "figures", .want = ARRAY, .required = 1 },
		{ .key = NULL }
	};
	char sub[512];
	json_t *fig;
	size_t i;

	if (schema_check_object(c, v, path, f))
		return -1;
	schema_join(sub, sizeof(sub), path, "figures");
	if (schema_nonempty(c, json_object_get(v, "figures"), sub) ||
	    schema_check_objects(c, json_object_get(v, "figures"), sub, figure))
		return -1;
	json_array_foreach(json_object_get(v, "figures"), i, fig) {
		json_t *tol = json_object_get(fig, "tolerance");

		snprintf(sub, sizeof(sub), "%s.figures.%zu.tolerance", path, i);
		if (tol && json_number_value(tol) < 0)
			return schema_fail(c, sub, "should be a percentage, 0 or more");
	}
	return 0;
}

static int trace(struct schema_ctx *c, json_t *v, const char *path)
{
	static const struct schema_field f[] = {
		{ .key = "funcs", .want = STRING, .dflt = "\"\"" },
		{ .key = "args", .want = STRING, .dflt = "\"\"" },
		{ .key = NULL }
	};

	return schema_check_object(c, v, path, f);
}

/* "point_needs": [{"where": [filters], "needs": [...]}]: what some points need */
static int point_needs(struct schema_ctx *c, json_t *v, const char *path)
{
	static const struct schema_field f[] = {
		{ .key = "where", .want = STRINGS, .required = 1, .inner = filter_list },
		{ .key = "needs", .want = STRINGS, .required = 1, .inner = schema_needs },
		{ .key = NULL }
	};

	return schema_check_objects(c, v, path, f);
}

static int above_one(struct schema_ctx *c, json_t *v, const char *path)
{
	return json_number_value(v) > 1 ? 0 : schema_fail(c, path, "should be a ratio above 1, is %g",
							   json_number_value(v));
}

/*
 * "expected": [{"points": [filters], "max_ratio": R, "why": TEXT}]: a
 * slowdown of the project's own pair that is known and explained (why: the
 * analysis that says so); make bench's verdict accepts it up to R, on the
 * project's own kernels only, never on a pair of a user's (cmd_bench_verdict.c).
 */
static int expected(struct schema_ctx *c, json_t *v, const char *path)
{
	static const struct schema_field f[] = {
		{ .key = "points", .want = STRINGS, .required = 1, .inner = filter_list },
		{ .key = "max_ratio", .want = NUMBER, .required = 1, .inner = above_one },
		{ .key = "why", .want = STRING, .required = 1, .inner = schema_one_line },
		{ .key = NULL }
	};

	return schema_check_objects(c, v, path, f);
}

int suite_schema_check(json_t *m, const char *file, char *err, size_t len)
{
	static const char *const fallbacks[] = { "icount", "tcg", NULL };
	static const char *const makes[] = { "bisect", "profile", "trace", "selfcheck", "history",
					     "test-arch", NULL };
	static const struct schema_field f[] = {
		{ .key = "description", .want = STRING, .required = 1, .inner = schema_one_line },
		{ .key = "order", .want = INTEGER, .required = 1 },
		{ .key = "params", .want = STRING, .dflt = "\"\"" },
		{ .key = "parameters", .want = OBJECT, .dflt = "{}", .inner = parameters },
		{ .key = "guest_args", .want = STRING, .dflt = "\"\"" },
		{ .key = "notes", .want = STRING, .dflt = "\"\"" },
		{ .key = "runner", .want = STRING, .dflt = "\"bench/collect/run.sh\"" },
		{ .key = "kernels", .want = STRINGS, .dflt = "[\"baseline\", \"patched\"]",
		  .inner = schema_nonempty },
		{ .key = "fallback", .want = STRING, .dflt = "\"icount\"", .one_of = fallbacks },
		{ .key = "host_share", .want = BOOLEAN, .dflt = "false" },
		{ .key = "cpus", .want = INTEGER, .dflt = "2", .inner = schema_guest_cpus },
		{ .key = "make", .want = STRINGS, .dflt = "[]", .one_of = makes },
		{ .key = "trace", .want = OBJECT, .dflt = "{}", .inner = trace },
		{ .key = "param_units", .want = OBJECT, .dflt = "{}", .inner = string_values },
		{ .key = "plot", .want = OBJECT, .inner = plot },
		{ .key = "targets", .want = ARRAY, .dflt = "[]", .inner = targets },
		{ .key = "expected", .want = ARRAY, .dflt = "[]", .inner = expected },
		{ .key = "records", .want = OBJECT, .inner = records },
		{ .key = "needs", .want = STRINGS, .dflt = "[]", .inner = schema_needs },
		{ .key = "point_needs", .want = ARRAY, .dflt = "[]", .inner = point_needs },
		{ .key = NULL }
	};
	struct schema_ctx c = { .file = file, .err = err, .len = len };
	json_t *t;
	size_t i;

	if (!json_is_object(m)) {
		snprintf(err, len, "%s: should be a JSON object", file);
		return -1;
	}
	if (schema_check_object(&c, m, "", f))
		return -1;
	/* a target's row goes where its suite's would, unless it says otherwise */
	json_array_foreach(json_object_get(m, "targets"), i, t)
		if (!json_object_get(t, "order"))
			json_object_set(t, "order", json_object_get(m, "order"));
	return 0;
}
