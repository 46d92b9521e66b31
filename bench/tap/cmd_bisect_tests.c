// SPDX-License-Identifier: GPL-2.0
/*
 * pb bisect-tests --out FILE [--bad BAD.json] [--meta-file KV] TAP...
 *
 * make bisect TEST='s verdict on one commit (bench/bisect/bisect-step.sh):
 * the TAP files its selected jobs left (pb jobs taps-of), read as
 * pb tally reads them, into FILE:
 *   { "verdict": "pass" | "fail" | "absent" | "error", "why",
 *     "passed", "failed", "skipped" (counts),
 *     "failures": [ { "path", "why" } ], "meta": KV's K=V lines }
 * fail: any result failed (a case, a crash, a panic, oops or hang of the
 * boot: pb kunit and pb vm fail the boot's own result then); error: a TAP
 * file is missing or unreadable (the job did not finish); absent: the
 * selected test does not exist in this build: every result is a "not
 * applicable" skip (tests/job-run.sh), or, with --bad (the verdict of the
 * range's BAD end), none of the results BAD failed is among this commit's
 * (the failing case is not there yet); else pass.
 * FILE is written atomically. Exit status: 0 judged, 1 FILE cannot be
 * written or BAD.json or KV read, 2 bad usage.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "lib/json_load.h"
#include "lib/results.h"
#include "tap/ktap.h"

#define NOT_APPLICABLE "not applicable"

/* Is any path BAD failed (@failures, [{path}]) among @paths' results? */
static int any_present(json_t *failures, json_t *paths)
{
	json_t *f;
	size_t i;

	json_array_foreach(failures, i, f)
		if (json_object_get(paths, json_string_value(json_object_get(f, "path"))))
			return 1;
	return 0;
}

/* The results of @taps into @v; the paths seen into @paths. "error" set when one is unreadable. */
static void read_taps(char **taps, int n, json_t *v, json_t *paths)
{
	json_int_t pass = 0, fail = 0, skip = 0, na = 0;
	json_t *failures = json_object_get(v, "failures");

	for (int i = 0; i < n; i++) {
		struct ktap_report rep = { 0 };
		FILE *f = fopen(taps[i], "r");

		if (!f || ktap_parse(f, &rep) || !rep.saw_header) {
			char why[4200];

			snprintf(why, sizeof(why), "%s: results missing or unreadable (the job did not finish)",
				 taps[i]);
			json_object_set_new(v, "verdict", json_string("error"));
			json_object_set_new(v, "why", json_string(why));
		}
		if (f)
			fclose(f);
		for (size_t j = 0; j < rep.n; j++) {
			const struct ktap_result *r = &rep.results[j];

			json_object_set_new(paths, r->path, json_true());
			pass += r->status == KTAP_PASS;
			skip += r->status == KTAP_SKIP;
			na += r->status == KTAP_SKIP && r->why && strstr(r->why, NOT_APPLICABLE);
			if (r->status != KTAP_FAIL)
				continue;
			fail++;
			json_array_append_new(failures, json_pack("{s:s, s:s}", "path", r->path,
								  "why", r->why ? r->why : ""));
		}
		ktap_free(&rep);
	}
	json_object_set_new(v, "passed", json_integer(pass));
	json_object_set_new(v, "failed", json_integer(fail));
	json_object_set_new(v, "skipped", json_integer(skip));
	json_object_set_new(v, "not_applicable", json_integer(na));
}

static int bisect_tests(int argc, char **argv)
{
	const char *out = NULL, *bad_file = NULL, *meta_file = NULL;
	json_t *v, *paths, *bad = NULL, *bad_failures;
	struct args a;
	int c, status;

	args_init(&a, &cmd_bisect_tests, argc, argv);
	while ((c = args_next(&a)) > 0)
		if (c == 'o')
			out = a.value;
		else if (c == 'b')
			bad_file = a.value;
		else
			meta_file = a.value;
	if (c < 0)
		return a.status;
	if (bad_file && !(bad = json_load_said("pb bisect-tests", bad_file, 0)))
		return 1;
	v = json_pack("{s:s, s:s, s:[], s:{}}", "verdict", "pass", "why", "", "failures", "meta");
	if (meta_file && results_meta_file(json_object_get(v, "meta"), meta_file)) {
		fprintf(stderr, "pb bisect-tests: %s: unreadable\n", meta_file);
		json_decref(v);
		json_decref(bad);
		return 1;
	}
	paths = json_object();
	read_taps(a.operands, a.noperands, v, paths);
	bad_failures = json_object_get(bad, "failures");
	if (!strcmp(json_string_value(json_object_get(v, "verdict")), "error")) {
		/* said by read_taps() */
	} else if (json_integer_value(json_object_get(v, "failed"))) {
		json_object_set_new(v, "verdict", json_string("fail"));
	} else if (!json_object_size(paths) ||
		   json_integer_value(json_object_get(v, "not_applicable")) == (json_int_t)json_object_size(paths)) {
		json_object_set_new(v, "verdict", json_string("absent"));
		json_object_set_new(v, "why", json_string("the selected tests are not applicable to this build"));
	} else if (json_array_size(bad_failures) && !any_present(bad_failures, paths)) {
		char why[1024];

		snprintf(why, sizeof(why), "BAD's failing %s (and %zu more) is not in this build",
			 json_string_value(json_object_get(json_array_get(bad_failures, 0), "path")),
			 json_array_size(bad_failures) - 1);
		json_object_set_new(v, "verdict", json_string("absent"));
		json_object_set_new(v, "why", json_string(why));
	}
	status = results_write(v, out) ? 1 : 0;
	json_decref(v);
	json_decref(paths);
	json_decref(bad);
	return status;
}

static const struct option options[] = {
	{ "out", required_argument, NULL, 'o' },
	{ "bad", required_argument, NULL, 'b' },
	{ "meta-file", required_argument, NULL, 'm' },
	{ 0 },
};

static const char *const required[] = { "out", NULL };

const struct pb_cmd cmd_bisect_tests = {
	.name = "bisect-tests",
	.run = bisect_tests,
	.summary = "make bisect TEST='s verdict on a commit from its jobs' TAP files",
	.usage = "pb bisect-tests --out FILE [--bad BAD.json] [--meta-file KV] TAP...",
	.details = "FILE gets the verdict, pass, fail, absent or error, with why, the counts and\n"
		   "every failure (path, why). fail: a result failed (a crash, oops, panic or\n"
		   "hang fails the boot's own); error: a TAP file is missing or unreadable;\n"
		   "absent: the selected test is not in this build (every result a \"not\n"
		   "applicable\" skip, or none of the results BAD.json, the BAD end's verdict,\n"
		   "failed is among these). --meta-file: K=V lines kept as FILE's meta.\n"
		   "exit status: 0 judged, 1 FILE not written or BAD.json or KV unreadable, 2 bad usage\n",
	.options = options,
	.required = required,
	.min_operands = 1,
	.max_operands = -1,
};
