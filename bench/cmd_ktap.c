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
#include "ktap.h"
#include "tap.h"

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

int cmd_ktap(int argc, char **argv)
{
	struct ktap_report rep = { 0 };
	const char *suites = NULL, *log, *prefix;
	int json = 0, bad;
	FILE *f;

	for (;;) {
		if (argc > 1 && !strcmp(argv[1], "--json")) {
			json = 1;
			argc--;
			argv++;
		} else if (argc > 2 && !strcmp(argv[1], "--suites")) {
			suites = argv[2];
			argc -= 2;
			argv += 2;
		} else {
			break;
		}
	}
	if (argc < 2 || argc > 3 || (argv[1][0] == '-' && argv[1][1])) {
		fprintf(stderr, "usage: pb ktap [--json] [--suites S1,S2] LOG|- [PREFIX]\n");
		return 2;
	}
	log = argv[1];
	prefix = argc > 2 ? argv[2] : NULL;
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
