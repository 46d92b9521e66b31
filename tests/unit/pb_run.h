/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For unit tests of whole pb commands: run the built pb on fixture files
 * (tests/fixtures/AREA/) with its outputs in a scratch directory, and check
 * its exit status and output. Tests run from the top of the checkout, as
 * make test-unit runs them.
 */
#ifndef PB_RUN_H
#define PB_RUN_H

#include <jansson.h>
#include <stddef.h>

#define FIXTURES "tests/fixtures"

struct pb_result {
	int status;	/* exit status; 128 + signal when pb was killed */
	char *out;	/* all pb wrote to stdout */
	char *err;	/* and to stderr */
};

/* Group setup and teardown: make and remove the scratch directory. */
int scratch_make(void **state);
int scratch_remove(void **state);
/* @name's path in the scratch directory; valid until 8 more calls. */
const char *scratch(const char *name);

/* Run pb ARGS... (NULL-terminated); fails the test if pb cannot be started. */
void pb_run(struct pb_result *r, ...) __attribute__((sentinel));
/* Run the repository's @script ARGS... (NULL-terminated) with PB set to the built pb. */
void script_run(struct pb_result *r, const char *script, ...) __attribute__((sentinel));
/*
 * pb bench-collect of suite "selftest" (unit u, icount) into the scratch file
 * @name from KERNEL=FILE... (NULL-terminated); fails the test unless it
 * succeeds. pb's output in @r (free it) unless @r is NULL.
 */
void pb_collect(struct pb_result *r, const char *name, ...) __attribute__((sentinel));
void pb_result_free(struct pb_result *r);

/* A file's whole text (free it); fails the test if it cannot be read. */
char *read_text(const char *path);
/* Write @text to @path; fails the test on error. */
void write_text(const char *path, const char *text);

/* The exit status is @want; else fail, showing pb's stderr. */
void assert_exit(const struct pb_result *r, int want);
/* A line of @text matches the basic regular expression @re (as grep would). */
void assert_line_matches(const char *text, const char *re);
void assert_contains(const char *text, const char *needle);
/* Is @v one of the JSON array @values (json_equal)? */
int json_listed(json_t *values, json_t *v);
/* pb wrote exactly the text of the file @path to stdout, and nothing to stderr. */
void assert_output_is(const struct pb_result *r, const char *path);

#endif
