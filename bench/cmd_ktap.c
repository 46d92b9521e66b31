// SPDX-License-Identifier: GPL-2.0
/*
 * pb ktap [--suites S1,S2] LOG|- [PREFIX]: print the flat results of the
 * (K)TAP in LOG as TAP. With --suites, each named suite must have reported.
 * Exits 1 when anything failed or LOG held no KTAP at all.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "ktap.h"
#include "tap.h"

int cmd_ktap(int argc, char **argv)
{
	struct ktap_report rep = { 0 };
	const char *suites = NULL, *log, *prefix;
	int bad;
	FILE *f;

	if (argc > 2 && !strcmp(argv[1], "--suites")) {
		suites = argv[2];
		argc -= 2;
		argv += 2;
	}
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: pb ktap [--suites S1,S2] LOG|- [PREFIX]\n");
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
	    (!rep.saw_header && report_add(&rep, "(ktap)", KTAP_FAIL, "no KTAP version line")) ||
	    (prefix && report_prefix(&rep, prefix))) {
		perror("ktap");
		return 2;
	}
	if (f != stdin)
		fclose(f);
	tap_print(stdout, &rep);
	if (!rep.saw_header)
		fprintf(stderr, "ktap: no KTAP/TAP version line in %s\n", log);
	bad = ktap_count(&rep, KTAP_FAIL) != 0;
	ktap_free(&rep);
	return bad;
}
