// SPDX-License-Identifier: GPL-2.0
/* pb flamegraph: folded stacks as d3-flame-graph's tree and page (bench/report/cmd_flamegraph.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "pb_run.h"

#define DIR FIXTURES "/flamegraph"

/*
 * Four stacks of two commands: one node per distinct frame path, children
 * by name, each node's "v" its samples of its own (lookup 5, its callee
 * hold 1), the root 0.
 */
static void tree_of_folded_stacks(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "flamegraph", DIR "/small.folded", NULL);
	assert_exit(&r, 0);
	assert_output_is(&r, DIR "/tree.json");
	pb_result_free(&r);
}

/* The page is the template with the tree and the options in place of its marks. */
static void page_filled_in(void **state)
{
	struct pb_result r;
	char *page;

	(void)state;
	pb_run(&r, "flamegraph", "--template", DIR "/template.html", "--out", scratch("page.html"),
	       "--context", "a test", DIR "/small.folded", NULL);
	assert_exit(&r, 0);
	page = read_text(scratch("page.html"));
	assert_line_matches(page, "^<p>{\"n\":\"root\",\"v\":0,\"c\":\\[{\"n\":\"insmod\"");
	assert_contains(page, "<p>{\"context\":\"a test\\ntests\\/fixtures\\/flamegraph\\/small.folded: "
			"11 samples; the hottest frame: lookup, 5 samples of its own\"}</p>\n");
	free(page);
	pb_result_free(&r);
}

static void refused(const char *text, const char *why)
{
	struct pb_result r;

	write_text(scratch("bad.folded"), text);
	pb_run(&r, "flamegraph", "--template", DIR "/template.html", "--out", scratch("bad.html"),
	       scratch("bad.folded"), NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, why);
	assert_null(fopen(scratch("bad.html"), "r"));
	pb_result_free(&r);
}

static void bad_stacks_refused(void **state)
{
	(void)state;
	refused("a;b 1\na;b\n", "bad.folded:2: not \"frame;...;frame COUNT\"");
	refused("a;b 0\n", "bad.folded:1: the count '0' is no positive number");
	refused("a;b 3x\n", "bad.folded:1: the count '3x' is no positive number");
	refused("a;b 1\n;b 1\n", "bad.folded:2: an empty frame");
	refused("a;b; 1\n", "bad.folded:1: an empty frame");
	refused("", "bad.folded: no samples");
}

static void template_without_marks_refused(void **state)
{
	struct pb_result r;

	(void)state;
	write_text(scratch("plain.html"), "<p>/** @flamegraph_json **/</p>\n");
	pb_run(&r, "flamegraph", "--template", scratch("plain.html"), "--out", scratch("p.html"),
	       DIR "/small.folded", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "no /** @options_json **/");
	pb_result_free(&r);
}

static void template_and_out_together(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "flamegraph", "--out", scratch("p.html"), DIR "/small.folded", NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "--template and --out go together");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tree_of_folded_stacks),
		cmocka_unit_test(page_filled_in),
		cmocka_unit_test(bad_stacks_refused),
		cmocka_unit_test(template_without_marks_refused),
		cmocka_unit_test(template_and_out_together),
	};

	return cmocka_run_group_tests_name("flamegraph", tests, scratch_make, scratch_remove);
}
