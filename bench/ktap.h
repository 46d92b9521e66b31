/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KTAP (and plain TAP) parser: turns a console log into a flat list of leaf
 * results with their full path ("suite.case.param").
 */
#ifndef PB_KTAP_H
#define PB_KTAP_H

#include <stddef.h>
#include <stdio.h>

enum ktap_status { KTAP_PASS, KTAP_FAIL, KTAP_SKIP };

struct ktap_result {
	char *path;		/* names joined by '.', outermost first */
	enum ktap_status status;
	char *why;		/* diagnostic for synthetic failures, else NULL */
};

struct ktap_report {
	struct ktap_result *results;
	size_t n, cap;
	int saw_header;	/* a "KTAP version"/"TAP version" line or a top-level plan */
};

/* Parse a whole log. Returns 0, or -1 with errno set on allocation failure. */
int ktap_parse(FILE *in, struct ktap_report *rep);
int ktap_parse_string(const char *text, struct ktap_report *rep);
void ktap_free(struct ktap_report *rep);

/* Append a result, taking ownership of @path and @why (freed on failure). */
int ktap_take(struct ktap_report *rep, char *path, enum ktap_status st, char *why);

size_t ktap_count(const struct ktap_report *rep, enum ktap_status st);
const char *ktap_status_name(enum ktap_status st);

#endif
