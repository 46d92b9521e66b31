// SPDX-License-Identifier: GPL-2.0
/*
 * pb bench-verdict --out FILE SUITE=RESULT.json|SUITE=failed...: what a
 * make bench run found, for CI. Each suite's result, baseline against
 * patched point by point (results_compare()); a point significantly slower
 * by more than 2 % (VERDICT_SLOWER) is a regression unless a "ratio"
 * target of the suite's manifest keeps the point and its bound allows the
 * ratio, or, on the project's own kernels (no "pair" in the result's meta),
 * an "expected" entry keeps it and its max_ratio allows the ratio (the
 * slowdown is then accepted, and said so, with the entry's why). SUITE=failed: the
 * suite did not run or measure (make bench's runner failed). A records
 * result (crash-memory) is "measured": there is no second kernel to judge
 * it against.
 *
 * FILE (written atomically) is { "status", "suites": [ { "suite", "status",
 * "result", "points", "verdicts": { NAME: count }, "regressions": [ TEXT ],
 * "accepted": [ TEXT ] } ] }; status is "failed" when a suite failed to run
 * or measure, else "regression" when a point regressed unaccepted, else
 * "pass". Prints one line: the status and each suite's counts.
 * Exit status: 1 failed, 3 regression, 0 pass (2 bad usage).
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "lib/points.h"
#include "lib/results.h"
#include "lib/suites.h"

/*
 * The "expected" entry of @s keeping @point whose max_ratio allows @ratio,
 * for a result of the project's own kernels (@own); NULL if none.
 */
static json_t *expecting(const struct suite *s, json_t *point, double ratio, int own)
{
	json_t *e;
	size_t i;

	if (!own)
		return NULL;
	json_array_foreach(s ? json_object_get(s->m, "expected") : NULL, i, e)
		if (points_match_json(json_object_get(point, "params"), json_object_get(e, "points")) &&
		    ratio <= json_number_value(json_object_get(e, "max_ratio")))
			return e;
	return NULL;
}

/* The bound of the first "ratio" target of @s keeping @point that allows @ratio; <0 if none. */
static double accepting_bound(const struct suite *s, json_t *point, double ratio)
{
	json_t *t;
	size_t i;

	json_array_foreach(s ? json_object_get(s->m, "targets") : NULL, i, t) {
		double bound = json_number_value(json_object_get(t, "bound"));

		if (!strcmp(json_string_value(json_object_get(t, "metric")), "ratio") &&
		    points_match_json(json_object_get(point, "params"), json_object_get(t, "points")) &&
		    ratio <= 1 + bound)
			return bound;
	}
	return -1;
}

/* Judge the result @file of @s into @out (its "status" set); -1, said why, if it cannot be read. */
static int judge(const struct suite *s, const char *name, const char *file, json_t *out)
{
	static struct series a, b;
	int counts[VERDICT_COUNT] = { 0 }, compared = 0;
	json_t *root = json_load_file(file, 0, NULL), *verdicts, *regressions, *accepted, *p, *e;
	const char *accel;
	int own;
	size_t i;

	if (!root) {
		fprintf(stderr, "pb bench-verdict: %s: %s cannot be read\n", name, file);
		return -1;
	}
	json_object_set_new(out, "result", json_string(file));
	if (json_object_get(root, "records")) {
		json_object_set_new(out, "status", json_string("measured"));
		json_decref(root);
		return 0;
	}
	accel = json_string_value(json_object_get(root, "accel"));
	/* a pair's kernels are a user's: what the project expects of its own does not apply */
	own = !json_object_get(json_object_get(root, "meta"), "pair");
	regressions = json_array();
	accepted = json_array();
	json_array_foreach(json_object_get(root, "points"), i, p) {
		struct comparison c;
		char text[512], params[400];
		double bound;

		if (!results_load(p, "baseline", &a) || !results_load(p, "patched", &b))
			continue;
		results_compare(&a, &b, accel ? accel : "", &c);
		compared++;
		counts[c.verdict]++;
		if (!c.regression)
			continue;
		results_params_text(json_object_get(p, "params"), NULL, params, sizeof(params));
		bound = accepting_bound(s, p, c.ratio);
		e = expecting(s, p, c.ratio, own);
		snprintf(text, sizeof(text), "%s: %.3fx (95 %% %.3f-%.3f)", params, c.ratio, c.lo, c.hi);
		if (bound >= 0)
			json_array_append_new(accepted, json_sprintf("%s, within a target's bound %g", text,
								     bound));
		else if (e)
			json_array_append_new(accepted, json_sprintf("%s, expected up to %gx: %s", text,
					      json_number_value(json_object_get(e, "max_ratio")),
					      json_string_value(json_object_get(e, "why"))));
		else
			json_array_append_new(regressions, json_string(text));
	}
	verdicts = json_object();
	for (int v = 0; v < VERDICT_COUNT; v++)
		json_object_set_new(verdicts, verdict_name(v), json_integer(counts[v]));
	json_object_set_new(out, "status", json_string(json_array_size(regressions) ? "regression" : "pass"));
	json_object_set_new(out, "points", json_integer(compared));
	json_object_set_new(out, "verdicts", verdicts);
	json_object_set_new(out, "regressions", regressions);
	json_object_set_new(out, "accepted", accepted);
	json_decref(root);
	return 0;
}

static int count(json_t *suite, const char *verdict)
{
	return (int)json_integer_value(json_object_get(json_object_get(suite, "verdicts"), verdict));
}

/* The one line: the run's status, then each suite's. */
static void print_line(json_t *verdict, const char *file)
{
	json_t *s;
	size_t i;

	printf("bench: verdict %s:", json_string_value(json_object_get(verdict, "status")));
	json_array_foreach(json_object_get(verdict, "suites"), i, s) {
		const char *status = json_string_value(json_object_get(s, "status"));

		printf("%s %s ", i ? ";" : "", json_string_value(json_object_get(s, "suite")));
		if (!strcmp(status, "failed") || !strcmp(status, "measured"))
			printf("%s", status);
		else
			printf("%zu regressions, %zu accepted, %d faster, %d invalid of %lld points",
			       json_array_size(json_object_get(s, "regressions")),
			       json_array_size(json_object_get(s, "accepted")),
			       count(s, verdict_name(VERDICT_FASTER)), count(s, verdict_name(VERDICT_INVALID)),
			       json_integer_value(json_object_get(s, "points")));
	}
	printf(" (%s)\n", file);
}

static int bench_verdict(int argc, char **argv)
{
	const char *out = NULL;
	static struct suites all;
	int failed = 0, regressed = 0, c;
	json_t *suites, *verdict;
	struct args args;
	char err[1024];

	args_init(&args, &cmd_bench_verdict, argc, argv);
	while ((c = args_next(&args)) > 0)
		out = args.value;
	if (c < 0)
		return args.status;
	if (suites_load(&all, err, sizeof(err))) {
		fprintf(stderr, "pb bench-verdict: %s\n", err);
		return 1;
	}
	suites = json_array();
	for (int i = 0; i < args.noperands; i++) {
		const char *op = args.operands[i], *eq = strchr(op, '=');
		char name[64];
		json_t *s;

		if (!eq || eq == op || (size_t)(eq - op) >= sizeof(name) || !eq[1]) {
			suites_free(&all);
			json_decref(suites);
			return args_error(&cmd_bench_verdict, "want SUITE=RESULT.json or SUITE=failed, got '%s'", op);
		}
		snprintf(name, sizeof(name), "%.*s", (int)(eq - op), op);
		s = json_pack("{s:s}", "suite", name);
		if (!strcmp(eq + 1, "failed"))
			json_object_set_new(s, "status", json_string("failed"));
		else if (judge(suites_find(&all, name), name, eq + 1, s))
			json_object_set_new(s, "status", json_string("failed"));
		failed |= !strcmp(json_string_value(json_object_get(s, "status")), "failed");
		regressed |= !strcmp(json_string_value(json_object_get(s, "status")), "regression");
		json_array_append_new(suites, s);
	}
	suites_free(&all);
	verdict = json_pack("{s:s, s:o}", "status", failed ? "failed" : regressed ? "regression" : "pass",
			    "suites", suites);
	if (results_write(verdict, out)) {
		json_decref(verdict);
		return 1;
	}
	print_line(verdict, out);
	json_decref(verdict);
	return failed ? 1 : regressed ? 3 : 0;
}

static const struct option options[] = {
	{ "out", required_argument, NULL, 'o' },
	{ 0 },
};

static const char *const required[] = { "out", NULL };

const struct pb_cmd cmd_bench_verdict = {
	.name = "bench-verdict",
	.run = bench_verdict,
	.summary = "make bench's verdicts, for CI: a verdict file and one line",
	.usage = "pb bench-verdict --out FILE SUITE=RESULT.json|SUITE=failed...",
	.details = "Each suite's result, patched against baseline: a point significantly slower\n"
		   "by more than 2 % is a regression unless a \"ratio\" target of the suite's\n"
		   "manifest keeps it and allows its ratio (accepted). SUITE=failed: the suite\n"
		   "did not run or measure. FILE (JSON, written atomically) says \"status\":\n"
		   "failed, regression or pass, and each suite's.\n"
		   "exit status: 0 pass, 3 regression, 1 a suite failed to run or measure\n",
	.options = options,
	.required = required,
	.min_operands = 1,
	.max_operands = -1,
};
