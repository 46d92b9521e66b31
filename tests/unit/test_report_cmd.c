// SPDX-License-Identifier: GPL-2.0
/*
 * pb report's RESULTS.md and HISTORY.md on planted results
 * (bench/report/cmd_report.c, report_targets.c, the headline's
 * report_provenance.c and report_changes.c), the plot data of --plot-data (report_plots.c), the
 * results it asks the layout for (report_results.c) and the other guest
 * architectures' beside them (report_archs.c).
 */
#include <dirent.h>
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
#include "lib/arch.h"
#include "lib/inputs.h"
#include "report/report_links.h"

/* pb report of the one result file @json; RESULTS.md's text (free it). */
static char *report(const char *json)
{
	struct pb_result r;

	pb_run(&r, "report", scratch("R.md"), json, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	return read_text(scratch("R.md"));
}

/*
 * Two boots of icount samples: x=1's first sample of boot 1 stands out (no
 * warm-up), x=2's boots disagree by 5 % where icount repeats should agree.
 * Both are published, marked suspect.
 */
static void suspect_marks(void **state)
{
	char *md;

	(void)state;
	pb_collect(NULL, "r.json", "baseline=" FIXTURES "/report/boot1.txt",
		   "baseline=" FIXTURES "/report/boot2.txt", NULL);
	md = report(scratch("r.json"));
	assert_line_matches(md, "^| x=1 .*suspect: first sample off");
	assert_line_matches(md, "^| x=2 .*suspect: icount repeats disagree");
	free(md);
}

/* PB-MEM lines of the crashkernel guest test -> the memory section. */
static void memory_section(void **state)
{
	struct pb_result r;
	char *md;

	(void)state;
	pb_run(&r, "records-collect", "--tag", "PB-MEM", "--suite", "crash-memory", "--kind", "memory",
	       "--out", scratch("mem.json"), "--meta", "project_commit=selftest",
	       FIXTURES "/records/memory.txt", NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	md = report(scratch("mem.json"));
	assert_contains(md, "one process could take **244 MiB more** (835 against 591 MiB, +41 %)");
	assert_contains(md, "| Crash kernel in /proc/iomem (MiB) | 320 | 64 | -256 |");
	free(md);
}

/* @first is in @text, and before @then. */
static void assert_in_order(const char *text, const char *first, const char *then)
{
	const char *a = strstr(text, first), *b = strstr(text, then);

	if (!a || !b || a > b)
		fail_msg("not '%s' then '%s' in:\n%s", first, then, text);
}

/*
 * The targets of the suites' manifests (tests/fixtures/targets/suites/)
 * judged from the planted comparison's result (tests/fixtures/compare/):
 * x=1, 10 % slower, misses its 2 % target, x=2 meets it, and a suite with
 * no result says so. Rows by "order", the target's or else its suite's.
 * x=2's "points" is a filter list, x=1's the old object form: both select.
 */
static void targets_met_and_missed(void **state)
{
	char *md;

	(void)state;
	pb_collect(NULL, "r.json", "baseline=" FIXTURES "/compare/before.txt",
		   "patched=" FIXTURES "/compare/after.txt", NULL);
	assert_int_equal(setenv("SUITES_DIR", FIXTURES "/targets/suites", 1), 0);
	assert_int_equal(setenv("PB_SUITES_BUILTIN", "", 1), 0);
	md = report(scratch("r.json"));
	unsetenv("SUITES_DIR");
	unsetenv("PB_SUITES_BUILTIN");
	assert_in_order(md, "| x=1 within 2 % of baseline | 0 of 1 points; highest ratio 1.100 at x=1 "
			"(no profile yet: `make profile SUITE=selftest`) | **missed** |\n",
			"| x=2 within 2 % of baseline | 1 of 1 points; highest ratio 1.000 at x=2 | met |\n");
	assert_in_order(md, "| x=2 within 2 % of baseline |",
			"| unmeasured within 2 % of baseline | – | no result |\n");
	free(md);
}

/* Two results of selftest (tests/fixtures/report/suites/: a plot, a history), two commits. */
static void two_commits(void)
{
	pb_collect(NULL, "h1.json", "--meta", "project_commit=111111111111",
		   "baseline=" FIXTURES "/compare/before.txt", "patched=" FIXTURES "/compare/after.txt",
		   NULL);
	pb_collect(NULL, "h2.json", "--meta", "project_commit=222222222222",
		   "baseline=" FIXTURES "/compare/before.txt", "patched=" FIXTURES "/compare/before.txt",
		   NULL);
}

/* Every file of directory @want is in @got with the same text. */
static void assert_same_files(const char *want, const char *got)
{
	char a[4096], b[4096];
	struct dirent *e;
	DIR *d = opendir(want);
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d))) {
		char *ta, *tb;

		if (e->d_name[0] == '.')
			continue;
		snprintf(a, sizeof(a), "%s/%s", want, e->d_name);
		snprintf(b, sizeof(b), "%s/%s", got, e->d_name);
		ta = read_text(a);
		tb = read_text(b);
		if (strcmp(ta, tb))
			fail_msg("%s and %s differ", a, b);
		free(ta);
		free(tb);
		n++;
	}
	closedir(d);
	assert_true(n >= 5);	/* .gp, .dat, history .md, .vars, -p1.dat, -flagged.dat */
}

/*
 * pb report --plot-data writes, from the results it holds, the files pb
 * suite-plot, pb plotvars and pb history --md --data write of them, byte
 * for byte, lists what to draw, and RESULTS.md shows exactly those plots.
 */
static void plot_data_as_the_plot_commands_write_it(void **state)
{
	struct pb_result r;
	char want[8192], *md, *list, *vars;

	(void)state;
	assert_int_equal(setenv("SUITES_DIR", FIXTURES "/report/suites", 1), 0);
	assert_int_equal(setenv("PB_SUITES_BUILTIN", "", 1), 0);
	two_commits();
	assert_int_equal(mkdir(scratch("one"), 0755), 0);
	assert_int_equal(mkdir(scratch("apart"), 0755), 0);
	pb_run(&r, "report", "--plot-data", scratch("one"), scratch("P.md"), scratch("h1.json"),
	       scratch("h2.json"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);

	pb_run(&r, "suite-plot", "selftest", scratch("h2.json"), scratch("apart"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	pb_run(&r, "history", "--md", scratch("apart/history-selftest.md"), "--data", scratch("apart"),
	       scratch("h1.json"), scratch("h2.json"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	assert_same_files(scratch("apart"), scratch("one"));
	pb_run(&r, "plotvars", scratch("h2.json"), NULL);
	assert_exit(&r, 0);
	vars = read_text(scratch("one/selftest.vars"));
	assert_string_equal(vars, r.out);
	pb_result_free(&r);

	snprintf(want, sizeof(want), "%s/selftest.gp %s/selftest.vars\n"
		 "plots/history.gp %s/history-selftest.vars\n", scratch("one"), scratch("one"),
		 scratch("one"));
	list = read_text(scratch("one/plots.list"));
	assert_string_equal(list, want);
	md = read_text(scratch("P.md"));
	assert_contains(md, "![selftest](plots/selftest.png)\n");
	assert_contains(md, "History: [selftest across project commits](HISTORY.md#selftest)");
	assert_null(strstr(md, "![selftest history]"));
	free(md);
	md = read_text(scratch("HISTORY.md"));
	assert_contains(md, "\n## selftest\n");
	assert_contains(md, "![selftest history](plots/history-selftest.png)\n");
	free(md);

	/* without --plot-data nothing is drawn, so nothing is shown */
	pb_run(&r, "report", scratch("Q.md"), scratch("h1.json"), scratch("h2.json"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	md = read_text(scratch("Q.md"));
	assert_null(strstr(md, "!["));
	free(md);
	md = read_text(scratch("HISTORY.md"));
	assert_contains(md, "\n## selftest\n");
	assert_null(strstr(md, "!["));
	unsetenv("SUITES_DIR");
	unsetenv("PB_SUITES_BUILTIN");
	free(md);
	free(list);
	free(vars);
}

/* The fixture suites alone (tests/fixtures/report/suites/), and this checkout's clean run id in @run. */
static void fixture_suites_and_run(char *run, size_t len)
{
	struct pb_result r;

	assert_int_equal(setenv("SUITES_DIR", FIXTURES "/report/suites", 1), 0);
	assert_int_equal(setenv("PB_SUITES_BUILTIN", "", 1), 0);
	pb_run(&r, "results", "run-id", NULL);
	assert_exit(&r, 0);
	snprintf(run, len, "%.*s", (int)strcspn(r.out, "-\n"), r.out);
	pb_result_free(&r);
}

/*
 * Without RESULT files pb report reads every suite's results from the
 * layout (here a root with this checkout's HEAD run, and its -dirty run):
 * the same RESULTS.md as from the files pb results all lists. HEAD's
 * -dirty run is left out unless --dirty, then it is the newest; a partial
 * run is left out, saying so. A root with none, or files beside --root,
 * is an error.
 */
static void results_from_the_layout(void **state)
{
	char run[64], dir[4096], file[4200], dirty[4200], partial[4200], meta[128], *from_files, *from_layout;
	struct pb_result r;

	(void)state;
	fixture_suites_and_run(run, sizeof(run));
	snprintf(dirty, sizeof(dirty), "%s/%s-dirty", scratch("root"), run);
	assert_int_equal(mkdir(scratch("root"), 0755), 0);
	assert_int_equal(mkdir(dirty, 0755), 0);
	snprintf(file, sizeof(file), "root/%s-dirty/selftest.json", run);
	snprintf(meta, sizeof(meta), "project_commit=%s-dirty", run);
	pb_collect(NULL, file, "--meta", meta, "baseline=" FIXTURES "/compare/before.txt",
		   "patched=" FIXTURES "/compare/before.txt", NULL);
	assert_int_equal(mkdir(scratch("empty"), 0755), 0);
	snprintf(dir, sizeof(dir), "%s/%s", scratch("root"), run);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(file, sizeof(file), "root/%s/selftest.json", run);
	pb_collect(NULL, file, "baseline=" FIXTURES "/compare/before.txt",
		   "patched=" FIXTURES "/compare/after.txt", NULL);
	snprintf(file, sizeof(file), "%s/selftest.json", dir);

	/* a partial run of the suite beside it: left out, and said so */
	snprintf(partial, sizeof(partial), "root/%s/selftest.partial.json", run);
	pb_collect(NULL, partial, "baseline=" FIXTURES "/compare/before.txt", NULL);
	pb_run(&r, "report", "--root", scratch("root"), scratch("L.md"), NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "from 1 result file(s)");
	assert_contains(r.err, "selftest.partial.json left out: a partial run");
	pb_result_free(&r);
	pb_run(&r, "report", scratch("F.md"), file, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	from_layout = read_text(scratch("L.md"));
	from_files = read_text(scratch("F.md"));
	assert_string_equal(from_layout, from_files);
	assert_contains(from_layout, "## selftest");
	assert_null(strstr(from_layout, "-dirty"));

	pb_run(&r, "report", "--root", scratch("root"), "--dirty", scratch("D.md"), NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "from 2 result file(s)");
	pb_result_free(&r);
	free(from_files);
	from_files = read_text(scratch("D.md"));
	snprintf(meta, sizeof(meta), "| run at project commit | `%s-dirty` |\n", run);
	assert_contains(from_files, meta);
	pb_run(&r, "report", "--dirty", scratch("E.md"), file, NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "--dirty");
	pb_result_free(&r);

	pb_run(&r, "report", "--root", scratch("empty"), scratch("E.md"), NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "pb report: no result of any suite under");
	pb_result_free(&r);
	pb_run(&r, "report", "--root", scratch("root"), scratch("E.md"), file, NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "--root");
	pb_result_free(&r);
	unsetenv("SUITES_DIR");
	unsetenv("PB_SUITES_BUILTIN");
	free(from_layout);
	free(from_files);
}

/*
 * The Architectures section (report_archs.c): a root with this checkout's
 * run of selftest (the default architecture's) and arm64's newest result
 * of it under arch/arm64/ (tests/fixtures/report/arch/, made at another
 * commit of another series, cortex-a35): the two side by side on the
 * points both have (x=1, x=2; x=3 is the default's alone, x=4 arm64's),
 * each architecture's medians and ratio, what each result is of, and that
 * they are stale against each other. Without an arch/ folder, or from
 * RESULT files, there is no such section; the default's sections are the
 * same either way.
 */
static void architectures_side_by_side(void **state)
{
	char run[64], dir[4096], file[4200], *with, *without, *text;
	struct pb_result r;

	(void)state;
	fixture_suites_and_run(run, sizeof(run));
	assert_int_equal(mkdir(scratch("aroot"), 0755), 0);
	snprintf(dir, sizeof(dir), "%s/%s", scratch("aroot"), run);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(file, sizeof(file), "aroot/%s/selftest.json", run);
	pb_collect(NULL, file, "--meta", "project_commit=0123456789ab", "--meta",
		   "series=feedfacecafe0001", "--meta", "guest_cpu=qemu64", "--meta", "guest_smp=2",
		   "baseline=" FIXTURES "/compare/before.txt", "patched=" FIXTURES "/compare/after.txt",
		   NULL);
	pb_run(&r, "report", "--root", scratch("aroot"), scratch("A0.md"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	without = read_text(scratch("A0.md"));
	assert_null(strstr(without, "## Architectures"));

	assert_int_equal(mkdir(scratch("aroot/arch"), 0755), 0);
	assert_int_equal(mkdir(scratch("aroot/arch/arm64"), 0755), 0);
	snprintf(dir, sizeof(dir), "%s/arch/arm64/%s", scratch("aroot"), run);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(file, sizeof(file), "%s/selftest.json", dir);
	text = read_text(FIXTURES "/report/arch/selftest-arm64.json");
	write_text(file, text);
	free(text);
	pb_run(&r, "report", "--root", scratch("aroot"), scratch("A1.md"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	with = read_text(scratch("A1.md"));
	/* the default's sections as they were, the section after them */
	assert_int_equal(strncmp(with, without, strlen(without)), 0);
	assert_contains(with + strlen(without), "## Architectures\n");
	assert_contains(with, "\n### selftest\n");
	assert_contains(with, "| " ARCH_DEFAULT " | `0123456789ab` | `feedfacecafe0001` | qemu64 | 2 | icount "
			"| u per operation |\n");
	assert_contains(with, "| arm64 | `aaaaaaaaaaaa` | `feedfacecafe0002` | cortex-a35 | 1 | icount "
			"| u per operation |\n");
	assert_contains(with, "**Made at different project commits**: stale against each other");
	assert_contains(with, "**Of different series**: stale against each other");
	assert_contains(with, "| parameters | " ARCH_DEFAULT " baseline | " ARCH_DEFAULT " patched | "
			ARCH_DEFAULT " patched/baseline | arm64 baseline | arm64 patched | "
			"arm64 patched/baseline |\n");
	assert_line_matches(with, "^| x=1 | 100.0 | [0-9.]* | [0-9.]* | 120.0 | 90.0 | 0.750 |$");
	assert_line_matches(with, "^| x=2 | 100.0 | [0-9.]* | [0-9.]* | 130.0 | 130.0 | 1.000 |$");
	assert_null(strstr(with + strlen(without), "| x=3 |"));
	assert_null(strstr(with + strlen(without), "| x=4 |"));
	assert_contains(with, "1 point(s) of arm64's result are not " ARCH_DEFAULT "'s, not shown.");
	assert_contains(with, "arm64's patched/baseline ratios against " ARCH_DEFAULT "'s: most apart at ");

	/* RESULT files name no root: no other architecture's results */
	snprintf(file, sizeof(file), "%s/%s/selftest.json", scratch("aroot"), run);
	pb_run(&r, "report", scratch("A2.md"), file, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	free(with);
	with = read_text(scratch("A2.md"));
	assert_null(strstr(with, "## Architectures"));
	unsetenv("SUITES_DIR");
	unsetenv("PB_SUITES_BUILTIN");
	free(with);
	free(without);
}

/* The first item of the headline's list of changes in @md starts with @want. */
static void assert_first_change(const char *md, const char *want)
{
	const char *list = strstr(md, "### Every significant change\n"), *item;

	assert_non_null(list);
	item = strstr(list, "\n- ");
	assert_non_null(item);
	if (strncmp(item + 1, want, strlen(want)))
		fail_msg("the first change is not '%s' in:\n%s", want, list);
}

/*
 * The headline: planted results with a 3 % slower point (x=1), a 2x faster
 * one (x=2) and a 5 % faster one (x=3). The regression comes first although
 * the faster points changed more; those two are one group (the plot's one
 * series, x its axis). The run's metadata is the provenance, guest CPU and
 * all; a result without guest_cpu, run under icount, had QEMU's default.
 */
static void headline_regression_first(void **state)
{
	char *md;

	(void)state;
	assert_int_equal(setenv("SUITES_DIR", FIXTURES "/report/suites", 1), 0);
	assert_int_equal(setenv("PB_SUITES_BUILTIN", "", 1), 0);
	pb_collect(NULL, "hl.json", "--meta", "project_commit=0123456789ab",
		   "--meta", "series=feedfacecafe0001", "--meta", "guest_cpu=EPYC-v4",
		   "--meta", "guest_smp=2", "--meta", "guest_mem_mb=1024",
		   "--meta", "baseline_kernel=aaaaaaaaaaaa stamp 1111111111111111",
		   "--meta", "date=2026-01-02T03:04:05Z",
		   "baseline=" FIXTURES "/report/headline-before.txt",
		   "patched=" FIXTURES "/report/headline-after.txt", NULL);
	md = report(scratch("hl.json"));
	assert_first_change(md, "- **3.0 % slower**: selftest x=1, ratio 1.030");
	assert_line_matches(md, "^| x=1 .* | \\*\\*slower\\*\\* |$");
	assert_in_order(md, "- **3.0 % slower**: selftest x=1",
			"- selftest x = 2, 3 (2 points): ratios 0.500–0.950 (up to 2.00x faster)\n");
	assert_contains(md, "- **selftest**: 3 points on both kernels: **1 slower**, 2 faster, "
			"0 unchanged, 0 invalid. Largest regression 3.0 % slower: x=1 (100.0 → 103.0 u). "
			"Largest improvement 2.00x faster: x=2 (100.0 → 50.0 u).\n");
	assert_contains(md, "| run at project commit | `0123456789ab` |\n");
	assert_contains(md, "| patch series | `feedfacecafe0001` |\n");
	assert_contains(md, "| baseline kernel | `aaaaaaaaaaaa`, build stamp `1111111111111111` |\n");
	assert_contains(md, "| patched kernel | not recorded |\n");
	assert_contains(md, "| mode | icount (`-icount shift=0`) |\n");
	assert_contains(md, "| unit | u per operation |\n");
	assert_contains(md, "| guest CPU | EPYC-v4 |\n");
	assert_contains(md, "| guest vCPUs | 2 |\n");
	assert_contains(md, "| guest memory | 1024 MiB |\n");
	assert_contains(md, "| results dated | 2026-01-02T03:04:05Z |\n");
	free(md);

	pb_collect(NULL, "old.json", "baseline=" FIXTURES "/report/headline-before.txt",
		   "patched=" FIXTURES "/report/headline-after.txt", NULL);
	md = report(scratch("old.json"));
	assert_contains(md, "| guest CPU | qemu64 (QEMU's default then) |\n");
	assert_contains(md, "| guest vCPUs | not recorded |\n");
	unsetenv("SUITES_DIR");
	unsetenv("PB_SUITES_BUILTIN");
	free(md);
}

/* No change anywhere: the headline says so rather than list nothing. */
static void headline_without_changes(void **state)
{
	char *md;

	(void)state;
	pb_collect(NULL, "same.json", "baseline=" FIXTURES "/report/headline-before.txt",
		   "patched=" FIXTURES "/report/headline-before.txt", NULL);
	md = report(scratch("same.json"));
	assert_contains(md, "None: no suite's table calls any point faster or slower.\n");
	assert_contains(md, "- **selftest**: 3 points on both kernels: 0 slower, 0 faster, "
			"3 unchanged, 0 invalid.\n");
	free(md);
}

/*
 * What the artefacts beside a suite's table were made for (--profiles,
 * report_evidence.c), against results of today's series (kernel/patches:
 * an artefact of another is stale whatever results it sits beside): a perf
 * diff made for another series is marked stale, a trace made for this one
 * is not, an analysis names its own in its first line, and a trace with no
 * record says so. A record that is not one is an error.
 */
static void artefacts_made_for(void **state)
{
	char dir[4096], arg[4200], text[512], meta[64], *md;
	const char *series = inputs_today_series();
	struct pb_result r;

	(void)state;
	assert_non_null(series);
	snprintf(meta, sizeof(meta), "series=%s", series);
	snprintf(dir, sizeof(dir), "%s/selftest", scratch("prof"));
	assert_int_equal(mkdir(scratch("prof"), 0755), 0);
	assert_int_equal(mkdir(dir, 0755), 0);
	write_text(scratch("prof/selftest/diff.txt"), "# perf diff\n  50.00%  +1.00%  [k] planted_symbol\n");
	write_text(scratch("prof/selftest/profile.made-for.json"),
		   "{\"tool\": \"profile\", \"run\": \"aaaaaaaaaaaa\", \"series\": \"0ld5e41e5000000\"}\n");
	write_text(scratch("prof/selftest/trace.txt"), "patched (icount) f calls=1 median=88\n");
	snprintf(text, sizeof(text), "<!-- made-for: run=bbbbbbbbbbbb series=%s -->\nPlanted analysis.\n",
		 series);
	write_text(scratch("prof/selftest/analysis.md"), text);
	pb_collect(NULL, "ev.json", "--meta", "project_commit=cccccccccccc",
		   "--meta", meta,
		   "baseline=" FIXTURES "/report/headline-before.txt",
		   "patched=" FIXTURES "/report/headline-after.txt", NULL);
	snprintf(arg, sizeof(arg), "--profiles=%s", scratch("prof"));
	pb_run(&r, "report", arg, scratch("EV.md"), scratch("ev.json"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	md = read_text(scratch("EV.md"));
	snprintf(text, sizeof(text), "share of samples), made at `aaaaaaaaaaaa` for series "
		 "`0ld5e41e5000000` **stale: made for series 0ld5e41e5000000, the results are of "
		 "series %s**:\n\n```\n  50.00%%  +1.00%%  [k] planted_symbol\n", series);
	assert_contains(md, text);
	assert_contains(md, "/selftest/trace.txt`), **made for: not recorded**:\n");
	snprintf(text, sizeof(text), "/selftest/analysis.md`), made at `bbbbbbbbbbbb` for series "
		 "`%s`:\n\nPlanted analysis.\n", series);
	assert_contains(md, text);
	free(md);

	/* made again, for these results' series: current, no mark */
	snprintf(text, sizeof(text), "{\"run\": \"dddddddddddd\", \"series\": \"%s\"}\n", series);
	write_text(scratch("prof/selftest/profile.made-for.json"), text);
	write_text(scratch("prof/selftest/trace.made-for.json"), "{\"run\": \"dddddddddddd\"}\n");
	pb_run(&r, "report", arg, scratch("EV.md"), scratch("ev.json"), NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "trace.made-for.json: no \"run\" and \"series\" strings");
	pb_result_free(&r);
	write_text(scratch("prof/selftest/trace.made-for.json"), text);
	pb_run(&r, "report", arg, scratch("EV.md"), scratch("ev.json"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	md = read_text(scratch("EV.md"));
	snprintf(text, sizeof(text), "share of samples), made at `dddddddddddd` for series `%s`:\n", series);
	assert_contains(md, text);
	snprintf(text, sizeof(text), "/selftest/trace.txt`), made at `dddddddddddd` for series `%s`:\n",
		 series);
	assert_contains(md, text);
	assert_null(strstr(md, "stale:"));

	/* made for the results' series, which is not today's: stale */
	write_text(scratch("prof/selftest/analysis.md"),
		   "<!-- made-for: run=bbbbbbbbbbbb series=feedfacecafe0001 -->\nPlanted analysis.\n");
	pb_collect(NULL, "ev.json", "--meta", "series=feedfacecafe0001",
		   "baseline=" FIXTURES "/report/headline-before.txt",
		   "patched=" FIXTURES "/report/headline-after.txt", NULL);
	pb_run(&r, "report", arg, scratch("EV.md"), scratch("ev.json"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	free(md);
	md = read_text(scratch("EV.md"));
	snprintf(text, sizeof(text), "series `feedfacecafe0001` **stale: made for series "
		 "feedfacecafe0001, today's is %s**:\n\nPlanted analysis.\n", series);
	assert_contains(md, text);
	free(md);
}

/* An analysis' links to files beside it still name them from RESULTS.md. */
static void analysis_links_rebased(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	report_rebased_line(f, "in [`b/`](b/) and [plot](b/c.png), [up](../x.md); "
			    "[w](https://e.org/a) [m](mailto:a@b) [s](#sec) [r](/abs) ](\n",
			    "profiles/s");
	fclose(f);
	assert_string_equal(buf, "in [`b/`](profiles/s/b/) and [plot](profiles/s/b/c.png), "
			    "[up](profiles/s/../x.md); [w](https://e.org/a) [m](mailto:a@b) "
			    "[s](#sec) [r](/abs) ](\n");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(suspect_marks),
		cmocka_unit_test(analysis_links_rebased),
		cmocka_unit_test(memory_section),
		cmocka_unit_test(targets_met_and_missed),
		cmocka_unit_test(plot_data_as_the_plot_commands_write_it),
		cmocka_unit_test(results_from_the_layout),
		cmocka_unit_test(architectures_side_by_side),
		cmocka_unit_test(headline_regression_first),
		cmocka_unit_test(headline_without_changes),
		cmocka_unit_test(artefacts_made_for),
	};

	return cmocka_run_group_tests_name("report-cmd", tests, scratch_make, scratch_remove);
}
