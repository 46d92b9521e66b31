// SPDX-License-Identifier: GPL-2.0
/*
 * pb report [--plot-data DIR] [--root DIR] OUT.md [RESULT.json...]: the
 * generated RESULTS.md, HISTORY.md beside it and, with --plot-data, the
 * data of every plot in them.
 *
 * The results are each suite's, oldest commit first: the RESULT files
 * given, or else every suite's (its manifest's, then make selfcheck's) as
 * pb results all lists them, asked of the results layout here, without
 * HEAD's -dirty run unless --dirty: results of uncommitted changes never
 * reach the committed RESULTS.md by accident. Each is
 * read once: the newest makes the suite's part, and where there are two
 * or more its History part goes to HISTORY.md (bench/compare/history.c).
 * RESULTS.md opens with a headline made of the newest results alone: what
 * they are of (report_provenance.c) and every change the suites' tables
 * call (report_changes.c), then the targets. The results are the default
 * guest architecture's (lib/layout.h's base root, whatever GUEST_ARCH
 * says); the other architectures' newest, when there are any, close it
 * beside them (report_archs.c).
 *
 * One table per suite: each point's baseline and patched medians with
 * quartiles, the patched/baseline ratio of medians with a 95% bootstrap
 * interval, the Mann-Whitney p-value and a verdict. A point whose 2x batch
 * did not cost twice its 1x batch (over 3 % off) is marked invalid; one
 * whose boots' first samples stand out, or whose icount repeats disagree,
 * is marked suspect (results_suspect()).
 *
 * --plot-data DIR writes, from the same results, each suite's plot (its
 * manifest's recipe, its newest result) and the history plot of each suite
 * whose manifest says "history", and DIR/plots.list (report_plots.h):
 * RESULTS.md shows exactly the plots listed there, which make report has
 * gnuplot draw next (bench/report/plots.sh).
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/atomic.h"
#include "lib/layout.h"
#include "cmd.h"
#include "args.h"
#include "compare/history.h"
#include "report/report_archs.h"
#include "report/report_changes.h"
#include "report/report_evidence.h"
#include "report/report_stale.h"
#include "report/report_impl.h"
#include "report/report_links.h"
#include "report/report_memory.h"
#include "report/report_plots.h"
#include "report/report_provenance.h"
#include "report/report_results.h"
#include "report/report_selfcheck.h"
#include "report/report_targets.h"
#include "lib/results.h"
#include "lib/stats.h"
#include "lib/suites.h"

static void cell(FILE *f, const struct series *s, int icount)
{
	const char *suspect = results_suspect(s, icount);

	if (!s->n) {
		fprintf(f, " – |");
		return;
	}
	fprintf(f, " %.1f (%.1f–%.1f)%s", stat_median(s->x, s->n), stat_quantile(s->x, s->n, 0.25),
		stat_quantile(s->x, s->n, 0.75), results_scales(s) ? "" : " **invalid: 2N≠2×N**");
	if (suspect)
		fprintf(f, " **suspect: %s**", suspect);
	fprintf(f, " |");
}

/* Where make profile, make trace and the analyses leave a suite's artefacts (--profiles). */
static const char *profiles_dir = "profiles";

/*
 * @suite's @file under profiles_dir into @path, and the record of what
 * @tool made it for (TOOL.made-for.json beside it); NULL (none, or said
 * why) if there is no such file or the record is bad, with *@bad set.
 */
static FILE *artefact(char *path, size_t len, const char *suite, const char *file,
		      const char *tool, struct evidence *e, int *bad)
{
	char record[4096];
	FILE *in;

	snprintf(path, len, "%s/%s/%s", profiles_dir, suite, file);
	if (!(in = fopen(path, "r")))
		return NULL;
	snprintf(record, sizeof(record), "%s/%s/%s.made-for.json", profiles_dir, suite, tool);
	if (evidence_read(e, record)) {
		fclose(in);
		*bad = 1;
		return NULL;
	}
	return in;
}

/*
 * If `make profile SUITE=...` left a perf diff for this suite, show its
 * first lines (the symbols whose share changed most) under the table, and
 * what it was made for against @series, the results'. -1 if its record is bad.
 */
static int profile_excerpt(FILE *f, const char *suite, const char *series)
{
	char path[4096], line[512];
	struct evidence e;
	int shown = 0, bad = 0;
	FILE *in = artefact(path, sizeof(path), suite, "diff.txt", "profile", &e, &bad);

	if (!in)
		return bad ? -1 : 0;
	fprintf(f, "Profile (`make profile SUITE=%s`, perf record -g on the cpu-clock event; "
		"`%s`, perf diff baseline -> patched, share of samples), ", suite, path);
	evidence_say(f, &e, series);
	fprintf(f, ":\n\n```\n");
	while (shown < 12 && fgets(line, sizeof(line), in))
		if (line[0] != '#' && line[0] != '\n') {
			fputs(line, f);
			shown++;
		}
	fprintf(f, "```\n\n");
	fprintf(f, "Flame graphs: [baseline](profiles/%s/flamegraph-baseline.html), [patched](profiles/%s/flamegraph-patched.html).\n\n", suite, suite);
	fclose(in);
	return 0;
}

/* If `make trace SUITE=...` left per-call durations for this suite, show them, as profile_excerpt(). */
static int trace_excerpt(FILE *f, const char *suite, const char *series)
{
	char path[4096], line[512];
	struct evidence e;
	int bad = 0;
	FILE *in = artefact(path, sizeof(path), suite, "trace.txt", "trace", &e, &bad);

	if (!in)
		return bad ? -1 : 0;
	fprintf(f, "Per-call durations (`make trace SUITE=%s`, `%s`), ", suite, path);
	evidence_say(f, &e, series);
	fprintf(f, ":\n\n```\n");
	while (fgets(line, sizeof(line), in))
		fputs(line, f);
	fprintf(f, "```\n\n");
	fclose(in);
	return 0;
}

/*
 * profiles/SUITE/analysis.md is written by hand: what the profile or the
 * code says about a result. Its first line, "<!-- made-for: run=RUN
 * series=SERIES -->", names the results it was written for; under results
 * of another series it is shown marked stale rather than trusted.
 */
static void analysis_excerpt(FILE *f, const char *suite, const char *series)
{
	char base[4096], path[4160], line[1024];
	struct evidence e = { 0 };
	FILE *in;

	snprintf(base, sizeof(base), "%s/%s", profiles_dir, suite);
	snprintf(path, sizeof(path), "%s/analysis.md", base);
	in = fopen(path, "r");
	if (!in)
		return;
	if (!fgets(line, sizeof(line), in) || !evidence_parse_line(&e, line))
		rewind(in);
	fprintf(f, "Analysis (`%s`), ", path);
	evidence_say(f, &e, series);
	fprintf(f, ":\n\n");
	while (fgets(line, sizeof(line), in))
		report_rebased_line(f, line, base);
	fprintf(f, "\n");
	fclose(in);
}

/* The first target of @s with this metric, or NULL. */
static json_t *target_of(const struct suite *s, const char *metric)
{
	json_t *t;
	size_t i;

	if (s)
		json_array_foreach(json_object_get(s->m, "targets"), i, t)
			if (!strcmp(json_string_value(json_object_get(t, "metric")), metric))
				return t;
	return NULL;
}

/* What the suite measures and at which points, as its manifest says. */
static void suite_intro(FILE *f, const struct suite *s)
{
	const char *params = json_string_value(json_object_get(s->m, "params"));

	fprintf(f, "What it measures: %s.", json_string_value(json_object_get(s->m, "description")));
	if (params && *params)
		fprintf(f, " Parameters: %s.", params);
	fprintf(f, "\n\n");
}

/*
 * @s: the suite's manifest, or NULL; @drawn: its plot is drawn
 * (plots/SUITE.png). -1 if an artefact's record is bad.
 */
static int suite_table(FILE *f, json_t *root, const struct suite *s, int drawn)
{
	static struct series a, b;
	json_t *p, *meta = json_object_get(root, "meta");
	const char *suite = json_string_value(json_object_get(root, "suite"));
	const char *series = json_string_value(json_object_get(meta, "series"));
	int icount = !strcmp(json_string_value(json_object_get(root, "accel")) ?
			     json_string_value(json_object_get(root, "accel")) : "", "icount");
	const char *k;
	json_t *v;
	size_t i;

	fprintf(f, "## %s\n\n", suite);
	report_stale_say(f, root, s);
	if (s)
		suite_intro(f, s);
	fprintf(f, "Unit: **%s** per operation (accel `%s`). Lower is better.\n\n",
		json_string_value(json_object_get(root, "unit")),
		json_string_value(json_object_get(root, "accel")));
	fprintf(f, "| parameters | baseline median (IQR) | patched median (IQR) | ratio | 95%% CI | "
		"p (Mann-Whitney) | verdict |\n|---|---|---|---|---|---|---|\n");
	json_array_foreach(json_object_get(root, "points"), i, p) {
		char params[256];
		int ha = results_load(p, PAIR_FIRST, &a), hb = results_load(p, PAIR_SECOND, &b);
		const char *why;

		results_params_text(json_object_get(p, "params"), NULL, params, sizeof(params));
		fprintf(f, "| %s |", params);
		cell(f, &a, icount);
		cell(f, &b, icount);
		if (ha && hb) {
			struct comparison c;

			results_compare(&a, &b, json_string_value(json_object_get(root, "accel")), &c);
			fprintf(f, " %.3f | %.3f–%.3f | %.3g | %s |\n", c.ratio, c.lo, c.hi, c.p,
				verdict_text(c.verdict));
		} else if ((why = json_string_value(json_object_get(
				    json_object_get(p, "not_applicable"), ha ? PAIR_SECOND : PAIR_FIRST)))) {
			/* pb bench-collect --caps: why the other kernel has no figure */
			fprintf(f, " – | – | – | not applicable: %s |\n", why);
		} else {
			fprintf(f, " – | – | – | %s only |\n", ha ? PAIR_FIRST : PAIR_SECOND);
		}
	}
	fprintf(f, "\n");
	report_impl_table(f, root, target_of(s, "speedup"));
	if (drawn)
		fprintf(f, "![%s](plots/%s.png)\n\n", suite, suite);
	if (profile_excerpt(f, suite, series) || trace_excerpt(f, suite, series))
		return -1;
	analysis_excerpt(f, suite, series);
	fprintf(f, "Recorded with:");
	json_object_foreach(meta, k, v)
		fprintf(f, " %s `%s`;", k, json_string_value(v));
	fprintf(f, "\n\n");
	return 0;
}

static int same_suite(json_t *a, json_t *b)
{
	return json_equal(json_object_get(a, "suite"), json_object_get(b, "suite"));
}

/*
 * Under a timing suite with results at two commits or more: its points
 * across them (bench/compare/history.c) and plots/history-SUITE.png if
 * drawn, in HISTORY.md (@hist) under the suite's name, and a link to them
 * in RESULTS.md (@f).
 */
static void history_part(FILE *f, FILE *hist, const char *suite, const struct history *h,
			 const char *err, int drawn)
{
	fprintf(f, "History: [%s across project commits](HISTORY.md#%s) (`make history SUITE=%s`).\n\n",
		suite, suite, suite);
	fprintf(hist, "## %s\n\n", suite);
	if (err) {
		fprintf(hist, "**%s**\n\n", err);
		return;
	}
	history_markdown(hist, h);
	if (drawn)
		fprintf(hist, "![%s history](plots/history-%s.png)\n\n", h->suite, h->suite);
}

/*
 * One suite's part: @roots are its results, oldest commit first, read from
 * @paths; the last is shown in @f, its history in @hist. With @plots, its
 * plots' data too. @series: the one the suites' newest results are of, that
 * make selfcheck's is judged against. -1, said why, if a plot's data cannot
 * be written or an artefact's record is bad.
 */
static int suite_part(FILE *f, FILE *hist, json_t *const *roots, char *const *paths, int n,
		      const struct suites *all, struct report_plots *plots, const char *series)
{
	json_t *newest = roots[n - 1];
	const char *kind = json_string_value(json_object_get(newest, "kind"));
	const struct suite *s = suites_find(all, json_string_value(json_object_get(newest, "suite")));
	int plotted = plots && s && json_object_get(s->m, "plot");
	int history_plotted = plots && s && n >= 2 && suite_can(s, "history");
	int history_shown = n >= 2 && !json_object_get(newest, "kind");
	struct history h;
	char err[512];
	int built = 0;

	if (plotted && report_plots_suite(plots, s, newest, paths[n - 1]))
		return -1;
	if (history_plotted || history_shown) {
		built = !history_build(&h, roots, n, err, sizeof(err));
		if (!built && history_plotted) {
			fprintf(stderr, "pb report: %s: history: %s\n", s->name, err);
			return -1;
		}
		if (built && history_plotted && report_plots_history(plots, &h)) {
			history_free(&h);
			return -1;
		}
	}
	if (kind && !strcmp(kind, "memory"))
		report_memory_table(f, newest, s);
	else if (kind && !strcmp(kind, "selfcheck"))
		report_selfcheck(f, newest, series);
	else if (suite_table(f, newest, s, plotted)) {
		if (built)
			history_free(&h);
		return -1;
	}
	if (history_shown)
		history_part(f, hist, json_string_value(json_object_get(newest, "suite")),
			     built ? &h : NULL, built ? NULL : err, history_plotted);
	if (built)
		history_free(&h);
	return 0;
}

/*
 * What every RESULTS.md starts with: what it is, then the headline
 * (report_provenance.h, report_changes.h). Its provenance is make bench's
 * suites': make selfcheck's record is a run of its own, whose section says
 * what it was made for (and whether that is stale).
 */
static void headline(FILE *f, json_t *const *newest, int n, const struct suites *all)
{
	json_t *benched[REPORT_MAX_RESULTS];
	int nb = 0;

	for (int i = 0; i < n; i++) {
		const char *kind = json_string_value(json_object_get(newest[i], "kind"));

		if (!kind || strcmp(kind, "selfcheck"))
			benched[nb++] = newest[i];
	}
	fprintf(f, "# patchbench results\n\n"
		"Generated by `make report` from the JSON files in `results/`; do not edit. "
		"Baseline is Debian's\nlinux-source-6.12 as shipped, patched the same tree with "
		"`kernel/patches/` applied. Each\nsuite's results across project commits: "
		"[HISTORY.md](HISTORY.md). How a verdict is reached: [Method](#method).\n\n"
		"## Headline\n\n");
	report_provenance(f, benched, nb);
	report_stale_headline(f, newest, n, all);
	report_changes(f, newest, n, all);
}

/* How the figures are taken and judged, after the targets. */
static void method(FILE *f)
{
	fprintf(f, "## Method\n\n"
		"Both kernels are built from the same config fragments and run in the same\n"
		"`make bench` invocation, interleaved boot by boot.\n\n"
		"A warm-up batch is discarded, then each sample is the mean cost of K\n"
		"operations, taken next to a 2K batch (a point whose 2K batch is more than 3 %%\n"
		"off twice the K batch is marked invalid; one where a boot's first sample is\n"
		"more than 3 %% off that boot's median, so the warm-up did not remove the\n"
		"first-iteration effects, or whose icount samples spread by more than 1 %% (CV),\n"
		"is marked suspect). The ratio is median(patched) /\n"
		"median(baseline) with a 95 %% bootstrap interval (2000 resamples, fixed seed);\n"
		"a change is called when the Mann-Whitney p < 0.05, the interval excludes 1 and\n"
		"the shift is above the noise floor: samples of one boot share its state, so two\n"
		"boots of one kernel can differ significantly by a little (at most 0.2 %% in\n"
		"icount A/A runs); the floor is 0.5 %% in icount mode, 2 %% in wall-clock modes, or\n"
		"the spread between one kernel's boots if larger (\"within boot noise\").\n"
		"In icount mode (`-icount shift=0`) the guest clock advances one ns per guest\n"
		"instruction, so the unit is guest instructions. A boot repeats its figure almost\n"
		"to the instruction, so the interval shown there is widened to the ratios\n"
		"between boots (each boot of one kernel against each of the other's): what\n"
		"varies is a boot's state (layout, allocator, timer phase), not a sample. Between\n"
		"boots figures mostly agree within 1 %%, not always: a suspect mark names a\n"
		"point whose repeats spread more, and Measurement trust's noise table gives\n"
		"each suite's largest spread.\n\n"
		"What guest instructions capture, and what they do not: every instruction the\n"
		"guest executes counts alike, so a change in code path length, loop trip counts,\n"
		"lock or atomic instructions executed shows exactly; cache misses, TLB misses,\n"
		"branch mispredictions, memory latency, contention and the relative cost of\n"
		"instructions (a division costs what an add does) cost nothing. A figure is a\n"
		"path length, repeatable on any host; a wall-clock figure (under KVM) is what\n"
		"the hardware makes of it.\n\n");
}

/* What every HISTORY.md starts with. */
static void history_preamble(FILE *f)
{
	fprintf(f, "# patchbench history\n\n"
		"Generated by `make report` from the JSON files in `results/`, with "
		"[RESULTS.md](RESULTS.md); do not edit.\n"
		"Each suite's points at every project commit with results "
		"(`make history SUITE=NAME`).\n\n");
}

/* make selfcheck's result (bench/collect/selfcheck.sh): filed as a suite's, in no manifest */
#define SELFCHECK_RESULT "selfcheck"

/* The RESULT files given, or every suite's results in the layout under @root. */
static int load(struct report_results *r, const struct suites *all, const char *root,
		enum layout_dirty dirty, char *const *files, int nfiles)
{
	const char *suites[SUITES_MAX + 1];
	int n = 0;

	if (nfiles)
		return report_results_files(r, files, nfiles);
	for (int i = 0; i < all->n; i++)
		suites[n++] = all->s[i].name;
	suites[n++] = SELFCHECK_RESULT;
	root = layout_base_root(root);	/* RESULTS.md is the default architecture's */
	if (report_results_layout(r, root, suites, n, dirty))
		return -1;
	if (!r->n) {
		fprintf(stderr, "pb report: no result of any suite under %s\n", root);
		return -1;
	}
	return 0;
}

/* Each suite's part, suites in the order they first come; -1 if suite_part() fails. */
static int suite_parts(FILE *f, FILE *hist, const struct report_results *r,
		       const struct suites *all, struct report_plots *plots, const char *series)
{
	static json_t *roots[REPORT_MAX_RESULTS];
	static char *paths[REPORT_MAX_RESULTS];

	for (int i = 0; i < r->n; i++) {
		int k = 0, first = 1;

		for (int j = 0; j < i; j++)
			first &= !same_suite(r->root[i], r->root[j]);
		if (!first)
			continue;
		for (int j = i; j < r->n; j++)
			if (same_suite(r->root[i], r->root[j])) {
				roots[k] = r->root[j];
				paths[k++] = r->path[j];
			}
		if (suite_part(f, hist, roots, paths, k, all, plots, series))
			return -1;
	}
	return 0;
}

/* HISTORY.md in the directory of @out */
static void history_path(char *buf, size_t len, const char *out)
{
	const char *slash = strrchr(out, '/');

	if (slash)
		snprintf(buf, len, "%.*s/HISTORY.md", (int)(slash - out), out);
	else
		snprintf(buf, len, "HISTORY.md");
}

/* @root's meta.series; NULL if it records none or is make selfcheck's. */
static const char *suite_series(json_t *root)
{
	const char *kind = json_string_value(json_object_get(root, "kind"));

	if (kind && !strcmp(kind, "selfcheck"))
		return NULL;
	return json_string_value(json_object_get(json_object_get(root, "meta"), "series"));
}

/* The series most of the suites' newest results (@newest, @n) are of; NULL if none records one. */
static const char *results_series(json_t *const *newest, int n)
{
	const char *best = NULL;
	int most = 0;

	for (int i = 0; i < n; i++) {
		const char *s = suite_series(newest[i]);
		int count = 0;

		for (int j = 0; s && j < n; j++)
			count += suite_series(newest[j]) && !strcmp(s, suite_series(newest[j]));
		if (count > most) {
			most = count;
			best = s;
		}
	}
	return best;
}

/*
 * Both files, from the results in @r; 0 if every part (and plot datum) was
 * written. @base: the layout's root they are from (NULL: RESULT files given),
 * whose other architectures' results make the Architectures section.
 */
static int write_report(FILE *f, FILE *hist, const struct report_results *r,
			const struct suites *all, struct report_plots *plots, const char *base,
			enum layout_dirty dirty)
{
	static json_t *newest[REPORT_MAX_RESULTS];
	int nnewest = 0;

	/* a suite's newest result is its last; suites in the order they first come */
	for (int i = 0; i < r->n; i++) {
		int later = 0;

		for (int j = i + 1; j < r->n; j++)
			later |= same_suite(r->root[i], r->root[j]);
		if (!later)
			newest[nnewest++] = r->root[i];
	}
	headline(f, newest, nnewest, all);
	report_targets(f, newest, nnewest, all);
	method(f);
	history_preamble(hist);
	if (suite_parts(f, hist, r, all, plots, results_series(newest, nnewest)))
		return -1;
	return base ? report_archs(f, base, newest, nnewest, all, dirty) : 0;
}

static int report(int argc, char **argv)
{
	static struct report_results r;
	static struct suites all;
	const char *plot_data = NULL, *root = NULL, *out;
	enum layout_dirty dirty = LAYOUT_CLEAN_ONLY;
	char err[1024], history[4096];
	struct report_plots plots;
	struct atomic_file a, h;
	int nresults, ok, c;
	struct args args;

	args_init(&args, &cmd_report, argc, argv);
	while ((c = args_next(&args)) > 0) {
		if (c == 'd')
			dirty = LAYOUT_WITH_DIRTY;
		else if (c == 'P')
			profiles_dir = args.value;
		else
			*(c == 'p' ? &plot_data : &root) = args.value;
	}
	if (c < 0)
		return args.status;
	if ((root || dirty == LAYOUT_WITH_DIRTY) && args.noperands > 1)
		return args_error(&cmd_report, "--root and --dirty say which of the layout's results: "
				  "no RESULT files with them");
	out = args.operands[0];
	history_path(history, sizeof(history), out);
	if (suites_load(&all, err, sizeof(err))) {	/* the targets and their rows */
		fprintf(stderr, "pb report: %s\n", err);
		return 1;
	}
	if (load(&r, &all, root, dirty, args.operands + 1, args.noperands - 1)) {
		report_results_free(&r);
		suites_free(&all);
		return 1;
	}
	if (atomic_open(&a, out)) {
		perror(out);
		report_results_free(&r);
		suites_free(&all);
		return 1;
	}
	if (atomic_open(&h, history) || (plot_data && report_plots_open(&plots, plot_data))) {
		if (h.f)
			atomic_commit(&h, 0);
		else
			perror(history);
		atomic_commit(&a, 0);
		report_results_free(&r);
		suites_free(&all);
		return 1;
	}
	ok = !write_report(a.f, h.f, &r, &all, plot_data ? &plots : NULL,
			   args.noperands > 1 ? NULL : layout_base_root(root), dirty);
	nresults = r.n;
	if (plot_data && report_plots_close(&plots, ok))
		ok = 0;
	report_results_free(&r);
	suites_free(&all);
	ok = ok && !ferror(a.f) && !ferror(h.f);
	if (atomic_commit(&h, ok)) {
		perror(history);
		atomic_commit(&a, 0);
		return 1;
	}
	if (atomic_commit(&a, ok)) {
		perror(out);
		return 1;
	}
	if (!ok)
		return 1;
	printf("report: %s and %s from %d result file(s)\n", out, history, nresults);
	return 0;
}

static const struct option options[] = {
	{ "plot-data", required_argument, NULL, 'p' },
	{ "root", required_argument, NULL, 'r' },
	{ "dirty", no_argument, NULL, 'd' },
	{ "profiles", required_argument, NULL, 'P' },
	{ 0 },
};

const struct pb_cmd cmd_report = {
	.name = "report",
	.run = report,
	.summary = "write RESULTS.md and HISTORY.md, and the data of their plots, from JSON results",
	.usage = "pb report [--plot-data DIR] [--root DIR] [--dirty] [--profiles DIR] OUT.md "
		 "[RESULT.json...]",
	.details = "The RESULT files of each suite are given oldest first. Without them, every\n"
		   "suite's results (the manifests' suites, then selfcheck) as pb results all\n"
		   "lists them: each result is read once, each suite's history built once\n"
		   "and written to HISTORY.md in OUT.md's directory.\n"
		   "  --plot-data DIR  also write the data of every plot the two show: each\n"
		   "                   suite's (pb suite-plot, pb plotvars) and history plot\n"
		   "                   (pb history --md --data), and DIR/plots.list, a line\n"
		   "                   \"SCRIPT VARS\" per plot for gnuplot to draw\n"
		   "  --root DIR       the results root (else RESULTS_DIR, else results): the\n"
		   "                   default guest architecture's; the others' under its\n"
		   "                   arch/NAME/ make the section Architectures\n"
		   "  --dirty          take HEAD's -dirty run too (uncommitted changes'\n"
		   "                   results), newest; without it they are left out\n"
		   "  --profiles DIR   where each suite's perf diff, trace and analysis are\n"
		   "                   (DIR/SUITE/; else profiles), each shown with what it\n"
		   "                   was made for (DIR/SUITE/TOOL.made-for.json, the\n"
		   "                   analysis's <!-- made-for: run=R series=S --> line),\n"
		   "                   marked stale if not of its results' series\n",
	.options = options,
	.min_operands = 1,
	.max_operands = -1,
};
