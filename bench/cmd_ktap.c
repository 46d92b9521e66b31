// SPDX-License-Identifier: GPL-2.0
/* pb ktap LOG [PREFIX]: print the flat results of the (K)TAP in LOG as TAP. */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "ktap.h"
#include "tap.h"

int cmd_ktap(int argc, char **argv)
{
	struct ktap_report rep;
	int bad;
	FILE *f;

	if (argc < 2) {
		fprintf(stderr, "usage: pb ktap LOG|- [PREFIX]\n");
		return 2;
	}
	f = strcmp(argv[1], "-") ? fopen(argv[1], "r") : stdin;
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	if (ktap_parse(f, &rep) || (argc > 2 && report_prefix(&rep, argv[2]))) {
		perror("ktap");
		return 2;
	}
	if (f != stdin)
		fclose(f);
	tap_print(stdout, &rep);
	if (!rep.saw_header)
		fprintf(stderr, "ktap: no KTAP/TAP version line in %s\n", argv[1]);
	bad = ktap_count(&rep, KTAP_FAIL) || !rep.saw_header;
	ktap_free(&rep);
	return bad;
}
