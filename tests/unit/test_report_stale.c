// SPDX-License-Identifier: GPL-2.0
/*
 * A result is stale when an input it was made from differs from today's
 * (bench/report/report_stale.c, lib/inputs.c). In a scratch tree of the
 * repository's shape (PB_INPUTS_ROOT): a result recording that tree's
 * inputs (pb inputs, as bench/collect/meta.sh records them) is current;
 * then each input in turn -- the series, a config fragment, a file of the
 * suite's folder or of a component it uses (its guest script runs helper,
 * which uses lib), the harness -- changes, and pb report marks the result stale naming
 * it, in its section and in the headline; put back, current again. A
 * result that records no inputs reads "inputs not recorded"; one that
 * records only its series (results from before the others were) is
 * judged on it.
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "pb_run.h"

static const char *const tree_dirs[] = { "tree", "tree/kernel", "tree/kernel/patches",
	"tree/kernel/config", "tree/kernel/config/versions", "tree/bench", "tree/bench/collect",
	"tree/bench/lib", "tree/vm", "tree/vm/guest", "tree/vm/guest/lib", "tree/suites", "tree/suites/selftest", "tree/components",
	"tree/components/helper", "tree/components/lib", "tree/components/other" };

static const char *const tree_files[][2] = {
	{ "tree/kernel/patches/0001-a.patch", "the series\n" },
	{ "tree/kernel/config/bench.config", "CONFIG_MCTP=y\n" },
	{ "tree/kernel/config/versions/6.1.config", "# 6.1\n" },
	{ "tree/bench/collect/run.sh", "#!/bin/sh\n" },
	{ "tree/bench/lib/guest.sh", "# guest\n" },
	{ "tree/bench/lib/caps.sh", "# caps\n" },
	{ "tree/vm/qemu.c", "/* qemu */\n" },
	{ "tree/vm/guest/init", "#!/bin/sh\n" },
	{ "tree/vm/guest/lib/points.sh", "# points\n" },
	{ "tree/suites/selftest/guest", "#!/bin/sh\nhelper --fast\n" },
	{ "tree/components/helper/build.json", "{ \"programs\": [{ \"name\": \"helper\", \"uses\": [\"lib\"] }] }\n" },
	{ "tree/components/helper/helper.c", "int main(void) { return 0; }\n" },
	{ "tree/components/lib/lib.c", "int lib;\n" },
	{ "tree/components/other/other.c", "int other;\n" },
};

static int make_tree(void **state)
{
	char *manifest;

	if (scratch_make(state))
		return -1;
	for (size_t i = 0; i < sizeof(tree_dirs) / sizeof(tree_dirs[0]); i++)
		if (mkdir(scratch(tree_dirs[i]), 0755))
			return -1;
	for (size_t i = 0; i < sizeof(tree_files) / sizeof(tree_files[0]); i++)
		write_text(scratch(tree_files[i][0]), tree_files[i][1]);
	manifest = read_text(FIXTURES "/report/suites/selftest/suite.json");
	write_text(scratch("tree/suites/selftest/suite.json"), manifest);
	free(manifest);
	setenv("PB_INPUTS_ROOT", scratch("tree"), 1);
	setenv("SUITES_DIR", scratch("tree/suites"), 1);
	setenv("PB_SUITES_BUILTIN", "", 1);
	return 0;
}

/*
 * The result r.json of planted samples with meta.txt's lines: today's
 * inputs, as pb inputs prints them (and the series, which meta.sh takes
 * from the patched tree, hashed the same way).
 */
static void result_of_today(void)
{
	char meta[4096];
	struct pb_result r;

	pb_run(&r, "inputs", "--series", "kernel/patches", "selftest", NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, " guest:");
	assert_contains(r.out, "suite_files=components/helper/build.json:");
	assert_contains(r.out, " components/lib/lib.c:");
	assert_null(strstr(r.out, "components/other"));
	write_text(scratch("meta.txt"), r.out);
	pb_result_free(&r);
	snprintf(meta, sizeof(meta), "%s", scratch("meta.txt"));
	pb_collect(NULL, "r.json", "--meta-file", meta, "baseline=" FIXTURES "/compare/before.txt",
		   "patched=" FIXTURES "/compare/after.txt", NULL);
}

/* pb report of r.json; RESULTS.md's text (free it). */
static char *report(void)
{
	char json[4096];
	struct pb_result r;

	snprintf(json, sizeof(json), "%s", scratch("r.json"));
	pb_run(&r, "report", scratch("R.md"), json, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	return read_text(scratch("R.md"));
}

static void assert_current(void)
{
	char *md = report();

	if (strstr(md, "Stale") || strstr(md, "stale") || strstr(md, "Inputs not recorded"))
		fail_msg("the result is not shown as current:\n%s", md);
	free(md);
}

/* Change @file to @text: the report names @input; put back, the result is current again. */
static void stale_by(const char *file, const char *text, const char *input)
{
	char *was = read_text(scratch(file)), *md, want[512];

	write_text(scratch(file), text);
	md = report();
	snprintf(want, sizeof(want), "**Stale: made from other inputs than today's: %s.**", input);
	assert_contains(md, want);
	assert_contains(md, "**Stale against today's inputs** (made from another series, config, "
		       "suite files or harness than today's, each section says which; not current "
		       "until `make bench` remakes them): selftest.");
	free(md);
	write_text(scratch(file), was);
	free(was);
	assert_current();
}

static void stale_by_each_input(void **state)
{
	(void)state;
	result_of_today();
	assert_current();
	stale_by("tree/kernel/patches/0001-a.patch", "another series\n", "series");
	stale_by("tree/kernel/config/bench.config", "CONFIG_MCTP=m\n", "config fragments");
	stale_by("tree/suites/selftest/guest", "#!/bin/sh\nhelper --slow\n", "suite files (guest)");
	stale_by("tree/components/helper/helper.c", "int main(void) { return 1; }\n",
		 "suite files (components/helper/helper.c)");
	stale_by("tree/components/lib/lib.c", "int lib = 1;\n", "suite files (components/lib/lib.c)");
	stale_by("tree/vm/qemu.c", "/* another qemu */\n", "harness code");
	stale_by("tree/vm/guest/lib/points.sh", "# other points\n", "harness code");
}

/* A component the suite does not use changes: still current. */
static void unused_component_not_an_input(void **state)
{
	(void)state;
	result_of_today();
	write_text(scratch("tree/components/other/other.c"), "int other = 2;\n");
	assert_current();
}

/* A suite file added since: named too. */
static void new_suite_file_named(void **state)
{
	char *md;

	(void)state;
	result_of_today();
	write_text(scratch("tree/suites/selftest/workload.c"), "int main(void) { return 0; }\n");
	md = report();
	assert_contains(md, "**Stale: made from other inputs than today's: suite files (workload.c).**");
	free(md);
	remove(scratch("tree/suites/selftest/workload.c"));
	assert_current();
}

/* A result from before the inputs were recorded is never shown as current. */
static void unrecorded_inputs_said(void **state)
{
	char *md;

	(void)state;
	pb_collect(NULL, "r.json", "baseline=" FIXTURES "/compare/before.txt",
		   "patched=" FIXTURES "/compare/after.txt", NULL);
	md = report();
	assert_contains(md, "**Inputs not recorded: series, config fragments, suite files, harness "
		       "code.** This result is from before");
	assert_contains(md, "**Inputs not recorded** (results from before they recorded what they "
		       "were made from; not shown as current until `make bench` remakes them): "
		       "selftest.");
	free(md);

	pb_collect(NULL, "r.json", "--meta", "series=0123456789abcdef",
		   "baseline=" FIXTURES "/compare/before.txt", "patched=" FIXTURES "/compare/after.txt", NULL);
	md = report();
	assert_contains(md, "**Stale: made from other inputs than today's: series; not recorded: "
		       "config fragments, suite files, harness code.**");
	free(md);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stale_by_each_input),
		cmocka_unit_test(new_suite_file_named),
		cmocka_unit_test(unused_component_not_an_input),
		cmocka_unit_test(unrecorded_inputs_said),
	};

	return cmocka_run_group_tests_name("report-stale", tests, make_tree, scratch_remove);
}
