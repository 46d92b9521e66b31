// SPDX-License-Identifier: GPL-2.0
/*
 * pb ktap [--json] [--suites S1,S2] LOG|- [PREFIX]: print the flat results of
 * the (K)TAP in LOG as TAP, or with --json as one object: the counts kunit.py
 * prints (passed, failed, skipped, crashed, and errors: everything wrong with
 * the log itself) and every result. With --suites, each named suite must have
 * reported. Exits 1 when anything failed or LOG held no KTAP at all.
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "tap/ktap.h"
#include "tap/tap.h"

static int print_json(const struct ktap_report *rep)
{
	struct ktap_counts c = ktap_counts(rep);
	json_t *results = json_array(), *root;
	int r;

	for (size_t i = 0; results && i < rep->n; i++) {
		const struct ktap_result *x = &rep->results[i];

		if (json_array_append_new(results, json_pack("{s:s,s:s,s:s,s:s?}", "path", x->path,
							     "status", ktap_status_name(x->status),
							     "kind", ktap_kind_name(x->kind),
							     "why", x->why))) {
			json_decref(results);
			return -1;
		}
	}
	root = json_pack("{s:I,s:I,s:I,s:I,s:I,s:o*}", "passed", (json_int_t)c.passed,
			 "failed", (json_int_t)c.failed, "skipped", (json_int_t)c.skipped,
			 "crashed", (json_int_t)c.crashed, "errors", (json_int_t)c.errors,
			 "results", results);
	if (!root)
		return -1;
	r = json_dumpf(root, stdout, JSON_INDENT(1) | JSON_PRESERVE_ORDER) || putchar('\n') == EOF;
	json_decref(root);
	return r ? -1 : 0;
}

static int ktap(int argc, char **argv)
{
	struct ktap_report rep = { 0 };
	const char *suites = NULL, *log, *prefix;
	int json = 0, bad, c;
	struct args a;
	FILE *f;

	args_init(&a, &cmd_ktap, argc, argv);
	while ((c = args_next(&a)) > 0)
		if (c == 'j')
			json = 1;
		else
			suites = a.value;
	if (c < 0)
		return a.status;
	log = a.operands[0];
	prefix = a.noperands > 1 ? a.operands[1] : NULL;
	f = strcmp(log, "-") ? fopen(log, "r") : stdin;
	if (!f) {
		perror(log);
		return 2;
	}
	if (ktap_parse(f, &rep) || (suites && report_require_suites(&rep, suites)) ||
	    (prefix && report_prefix(&rep, prefix))) {
		perror("ktap");
		return 2;
	}
	if (f != stdin)
		fclose(f);
	if (json ? print_json(&rep) : (tap_print(stdout, &rep), 0)) {
		fprintf(stderr, "ktap: cannot write the JSON of %s\n", log);
		ktap_free(&rep);
		return 2;
	}
	if (!rep.saw_header)
		fprintf(stderr, "ktap: no KTAP/TAP version line in %s\n", log);
	bad = ktap_count(&rep, KTAP_FAIL) != 0;
	ktap_free(&rep);
	return bad;
}

static const struct option options[] = {
	{ "json", no_argument, NULL, 'j' },
	{ "suites", required_argument, NULL, 's' },
	{ 0 },
};

const struct pb_cmd cmd_ktap = {
	.name = "ktap",
	.run = ktap,
	.summary = "parse (K)TAP from a log into flat per-case results",
	.usage = "pb ktap [--json] [--suites S1,S2] LOG|- [PREFIX]",
	.details = "Prints the leaf results of the (K)TAP in LOG (- : stdin) as TAP, each path\n"
		   "prefixed with PREFIX.\n"
		   "  --json          as one JSON object: passed, failed, skipped, crashed,\n"
		   "                  errors, results\n"
		   "  --suites S1,S2  each named suite must have reported\n"
		   "exit status: 1 when anything failed or LOG held no KTAP, 2 when LOG is\n"
		   "unreadable or bad usage\n",
	.options = options,
	.min_operands = 1,
	.max_operands = 2,
};
