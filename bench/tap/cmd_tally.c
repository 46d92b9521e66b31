// SPDX-License-Identifier: GPL-2.0
/*
 * pb tally FILE...: sum TAP result files. Prints every failure, one line per
 * file, and the closing "N passed, N failed, N skipped", then ", N not
 * applicable" when some skips say "not applicable" (a test whose needs the
 * kernel lacks, tests/job-run.sh): those are counted apart. A missing or
 * unparsable file is itself a failure: a stage that never ran must not look
 * like a stage that passed. So is a file with no result at all ("1..0"):
 * every stage tallied here has something to check (a stage of errors only, too).
 * An expected failure ("ok ... # XFAIL WHY", as kselftest writes one) counts
 * as passed and is listed with its reason.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "tap/ktap.h"

#define NOT_APPLICABLE "not applicable"

static size_t not_applicable(const struct ktap_report *rep)
{
	size_t n = 0;

	for (size_t j = 0; j < rep->n; j++)
		if (rep->results[j].status == KTAP_SKIP && rep->results[j].why &&
		    strstr(rep->results[j].why, NOT_APPLICABLE))
			n++;
	return n;
}

static int tally(int argc, char **argv)
{
	size_t pass = 0, fail = 0, skip = 0, na = 0;
	int status;

	if (args_operands(&cmd_tally, &argc, argv, &status))
		return status;

	for (int i = 1; i < argc; i++) {
		struct ktap_report rep;
		struct ktap_counts c;
		FILE *f = fopen(argv[i], "r");

		if (!f || ktap_parse(f, &rep) || !rep.saw_header) {
			printf("FAIL %s: results missing or unreadable (the stage did not finish)\n",
			       argv[i]);
			fail++;
			if (f)
				fclose(f);
			continue;
		}
		fclose(f);
		c = ktap_counts(&rep);
		if (!(c.passed + c.failed + c.skipped + c.crashed)) {
			printf("FAIL %s: no test ran (an empty plan)\n", argv[i]);
			fail++;
			ktap_free(&rep);
			continue;
		}
		for (size_t j = 0; j < rep.n; j++) {
			const struct ktap_result *r = &rep.results[j];

			if (r->status == KTAP_FAIL)
				printf("FAIL %s%s%s\n", r->path, r->why ? ": " : "",
				       r->why ? r->why : "");
			else if (r->status == KTAP_PASS && r->why && !strncmp(r->why, "XFAIL", 5))
				printf("XFAIL %s:%s\n", r->path, r->why + 5);
		}
		printf("  %-40s %4zu passed, %zu failed, %zu skipped", argv[i],
		       ktap_count(&rep, KTAP_PASS), ktap_count(&rep, KTAP_FAIL),
		       ktap_count(&rep, KTAP_SKIP) - not_applicable(&rep));
		if (not_applicable(&rep))
			printf(", %zu not applicable", not_applicable(&rep));
		printf("\n");
		pass += ktap_count(&rep, KTAP_PASS);
		fail += ktap_count(&rep, KTAP_FAIL);
		skip += ktap_count(&rep, KTAP_SKIP) - not_applicable(&rep);
		na += not_applicable(&rep);
		ktap_free(&rep);
	}
	printf("%zu passed, %zu failed, %zu skipped", pass, fail, skip);
	if (na)
		printf(", %zu not applicable", na);
	printf("\n");
	return fail ? 1 : 0;
}

const struct pb_cmd cmd_tally = {
	.name = "tally",
	.run = tally,
	.summary = "sum TAP result files into the final 'N passed, N failed' line",
	.usage = "pb tally FILE...",
	.details = "Prints every failure, a line per FILE and the sum. A missing or unreadable\n"
		   "FILE, or one that plans no test, is a failure. A skip that says \"not\n"
		   "applicable\" (the kernel lacks what the test needs) is counted apart.\n"
		   "exit status: 1 when anything failed\n",
	.min_operands = 1,
	.max_operands = -1,
};
