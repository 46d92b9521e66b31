/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KTAP (and plain TAP) parser: turns a console log into a flat list of leaf
 * results with their full path ("suite.case.param"), counting the same leaf
 * cases as the kernel's tools/testing/kunit/kunit_parser.py.
 */
#ifndef PB_KTAP_H
#define PB_KTAP_H

#include <stddef.h>
#include <stdio.h>

enum ktap_status { KTAP_PASS, KTAP_FAIL, KTAP_SKIP };

/*
 * What a result stands for. Only KTAP_CASE and KTAP_CRASHED are test cases
 * (kunit.py's passed/failed/skipped and crashed); a KTAP_ERROR is something
 * wrong with the log itself (a missing result line, a wrong test number, a
 * suite that never reported), always KTAP_FAIL, so it fails the run too.
 */
enum ktap_kind { KTAP_CASE, KTAP_CRASHED, KTAP_ERROR };

struct ktap_result {
	char *path;		/* names joined by '.', outermost first */
	enum ktap_status status;
	enum ktap_kind kind;
	char *why;		/* the directive or diagnostic, else NULL */
};

struct ktap_report {
	struct ktap_result *results;
	size_t n, cap;
	int saw_header;	/* a "KTAP version"/"TAP version" line or a top-level plan */
};

struct ktap_counts {
	size_t passed, failed, skipped, crashed, errors;
};

/* Parse a whole log. Returns 0, or -1 with errno set on allocation failure. */
int ktap_parse(FILE *in, struct ktap_report *rep);
int ktap_parse_string(const char *text, struct ktap_report *rep);
void ktap_free(struct ktap_report *rep);

/* Append a result, taking ownership of @path and @why (freed on failure). */
int ktap_take(struct ktap_report *rep, char *path, enum ktap_status st, enum ktap_kind kind,
	      char *why);

/* Results of status @st, of any kind. */
size_t ktap_count(const struct ktap_report *rep, enum ktap_status st);
/* Cases by status, crashed cases, errors: what kunit.py's summary counts. */
struct ktap_counts ktap_counts(const struct ktap_report *rep);
const char *ktap_status_name(enum ktap_status st);
const char *ktap_kind_name(enum ktap_kind kind);

#endif
