// SPDX-License-Identifier: GPL-2.0
/*
 * pb compare [--json] [--force] [--save FILE] [--summary FILE] [--plot-data DIR/NAME]
 *     A.json[:KERNEL] B.json[:KERNEL]
 *
 * One suite's figures of B against A, point by point: medians, the B/A
 * ratio with its 95 % bootstrap interval, Mann-Whitney p and a verdict.
 * KERNEL names one kernel of the file (default patched), so the same
 * command compares two project revisions (a.json:patched b.json:patched),
 * the two kernels of one run (r.json:baseline r.json:patched) or any two
 * of make bisect's three (r.json:baseline r.json:bisect). A significant shift
 * under the noise floor (results_compare()) is not called a change.
 * Prints a Markdown table, or with --json the comparison as JSON
 * (compare_results(): what scripts read, with pb json-get); --save FILE
 * also writes that JSON to FILE, --summary FILE adds the comparison's
 * one-line summary to FILE (make compare prints them after every suite's
 * table) and --plot-data the data of plots/compare.gp (compare_plot.h), so
 * make compare reads nothing back. Exits 3 when a point got significantly
 * slower by more than 2 %, 2 on bad usage, 1 on bad input.
 * Two results of a records suite (crash-memory) are compared figure by
 * figure within the tolerances of the suite's manifest (compare_records.h):
 * exit 3 when a judged figure changed.
 * Under the A and B lines, a table of what differs in the two results'
 * meta (comparable.h): results differing on the measuring side (mode,
 * unit, guest CPU, vCPUs, memory, QEMU) are not judged, exit 1 naming the
 * field, unless --force; the kernel side's differences are shown; the
 * suite's own files differing is a warning naming them.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "compare/compare.h"
#include "compare/compare_plot.h"
#include "compare/compare_records.h"
#include "lib/inputs.h"
#include "lib/json_load.h"
#include "lib/results.h"
#include "lib/suites.h"

static int open_side(const char *spec, char *file, size_t len, struct compare_side *s)
{
	char *colon;

	snprintf(file, len, "%s", spec);
	colon = strrchr(file, ':');
	s->kernel = PAIR_SECOND;
	if (colon && colon[1] && strspn(colon + 1, "abcdefghijklmnopqrstuvwxyz") == strlen(colon + 1)) {
		*colon = '\0';
		s->kernel = colon + 1 - file + spec;
	}
	s->file = file;
	s->root = json_load_said("pb compare", file, 0);
	return s->root ? 0 : -1;
}

/* o.k1.k2 (o.k1 when @k2 is NULL): "?" when absent, "not recorded" when null */
static const char *str(json_t *o, const char *k1, const char *k2)
{
	json_t *v = json_object_get(o, k1);

	v = k2 ? json_object_get(v, k2) : v;
	return json_is_null(v) ? "not recorded" : json_string_value(v) ? json_string_value(v) : "?";
}

static double num(json_t *o, const char *k)
{
	return json_number_value(json_object_get(o, k));
}

static int count(json_t *cmp, const char *verdict)
{
	return (int)json_integer_value(json_object_get(
		json_object_get(json_object_get(cmp, "summary"), "verdicts"), verdict));
}

/*
 * Once per comparison, under its title: the A and B lines, then what differs
 * in the two results' meta, a field not recorded by one side said so.
 */
static void print_sides(json_t *cmp)
{
	json_t *d, *differences = json_object_get(cmp, "differences");
	size_t i;

	printf("A: %s %s (project %s)\nB: %s %s (project %s)\n", str(cmp, "a", "file"),
	       str(cmp, "a", "kernel"), str(cmp, "a", "project_commit"), str(cmp, "b", "file"),
	       str(cmp, "b", "kernel"), str(cmp, "b", "project_commit"));
	if (!json_array_size(differences)) {
		printf("same metadata: nothing differs in how A and B were made\n");
		return;
	}
	printf("\nwhat differs in how they were made:\n\n| field | side | A | B |\n|---|---|---|---|\n");
	json_array_foreach(differences, i, d)
		printf("| %s | %s | %s | %s |\n", str(d, "field", NULL), str(d, "side", NULL),
		       str(d, "a", NULL), str(d, "b", NULL));
	json_array_foreach(differences, i, d) {
		const char *field = str(d, "field", NULL), *side = str(d, "side", NULL);
		char files[2048];

		if (!strcmp(side, "measuring") && json_is_string(json_object_get(d, "a")) &&
		    json_is_string(json_object_get(d, "b")))
			printf("warning: compared anyway (--force): %s differs on the measuring side\n",
			       field);
		if (!strcmp(field, "suite_files") &&
		    inputs_files_differing(str(d, "a", NULL), str(d, "b", NULL), files, sizeof(files)))
			printf("warning: the suite's own files differ: %s\n", files);
	}
}

static void print_table(json_t *cmp)
{
	json_t *p, *summary = json_object_get(cmp, "summary");
	size_t i;

	printf("suite %s, unit %s\n", json_string_value(json_object_get(cmp, "suite")),
	       json_string_value(json_object_get(cmp, "unit")));
	print_sides(cmp);
	printf("\n| parameters | A median | B median | B/A | 95%% CI | p | verdict | noise floor |\n"
	       "|---|---|---|---|---|---|---|---|\n");
	json_array_foreach(json_object_get(cmp, "points"), i, p) {
		int v = verdict_from_name(json_string_value(json_object_get(p, "verdict")));
		char text[256];

		results_params_text(json_object_get(p, "params"), NULL, text, sizeof(text));
		printf("| %s | %.1f | %.1f | %.3f | %.3f–%.3f | %.3g | %s%s | %.1f %% |\n", text,
		       num(p, "a_median"), num(p, "b_median"), num(p, "ratio"), num(p, "lo"),
		       num(p, "hi"), num(p, "p"), verdict_text((enum verdict)v),
		       v == VERDICT_SLOWER ? " REGRESSION" : "", 100 * num(p, "floor"));
	}
	printf("\n%lld points compared: %lld significant regressions (>2 %%), %d slower by under "
	       "2 %%, %d faster, %d invalid\n",
	       json_integer_value(json_object_get(summary, "points")),
	       json_integer_value(json_object_get(summary, "regressions")),
	       count(cmp, verdict_name(VERDICT_SLOWER_SMALL)), count(cmp, verdict_name(VERDICT_FASTER)),
	       count(cmp, verdict_name(VERDICT_INVALID)));
}

static void print_records_table(json_t *cmp)
{
	json_t *rec, *fig, *summary = json_object_get(cmp, "summary");
	size_t i, f;

	printf("suite %s (records: exact figures, one boot each)\n",
	       json_string_value(json_object_get(cmp, "suite")));
	print_sides(cmp);
	printf("\n| record | figure | A | B | change | tolerance | verdict |\n"
	       "|---|---|---|---|---|---|---|\n");
	json_array_foreach(json_object_get(cmp, "records"), i, rec) {
		char match[256];

		results_params_text(json_object_get(rec, "match"), NULL, match, sizeof(match));

		json_array_foreach(json_object_get(rec, "figures"), f, fig) {
			json_t *change = json_object_get(fig, "change"), *tol = json_object_get(fig, "tolerance");
			char *va = json_dumps(json_object_get(fig, "a"), JSON_ENCODE_ANY);
			char *vb = json_dumps(json_object_get(fig, "b"), JSON_ENCODE_ANY);

			printf("| %s | %s | %s | %s | ", match, json_string_value(json_object_get(fig, "label")),
			       va, vb);
			if (json_is_number(change))
				printf("%+.3f %%", json_number_value(change));
			printf(" | ");
			if (json_is_number(tol))
				printf("%g %%", json_number_value(tol));
			printf(" | %s |\n", json_string_value(json_object_get(fig, "verdict")));
			free(va);
			free(vb);
		}
	}
	printf("\n%lld figures compared, %lld judged by their tolerance: %lld changed\n",
	       json_integer_value(json_object_get(summary, "figures")),
	       json_integer_value(json_object_get(summary, "judged")),
	       json_integer_value(json_object_get(summary, "changed")));
}

/* Add the summary line of @cmp (saved to @save, if not NULL) to @file; -1, said why, on failure. */
static int add_summary(json_t *cmp, int is_records, const char *save, const char *file)
{
	json_t *summary = json_object_get(cmp, "summary");
	FILE *f = fopen(file, "a");
	int bad;

	if (!f) {
		perror(file);
		return -1;
	}
	fprintf(f, "  %s: ", json_string_value(json_object_get(cmp, "suite")));
	if (is_records)
		fprintf(f, "%lld figures, %lld judged by their tolerance, %lld changed",
			json_integer_value(json_object_get(summary, "figures")),
			json_integer_value(json_object_get(summary, "judged")),
			json_integer_value(json_object_get(summary, "changed")));
	else
		fprintf(f, "%lld points, %lld regressions, %d slower by under 2 %%, %d faster, "
			"%d invalid", json_integer_value(json_object_get(summary, "points")),
			json_integer_value(json_object_get(summary, "regressions")),
			count(cmp, verdict_name(VERDICT_SLOWER_SMALL)),
			count(cmp, verdict_name(VERDICT_FASTER)), count(cmp, verdict_name(VERDICT_INVALID)));
	if (save)
		fprintf(f, " (%s)", save);
	fputc('\n', f);
	bad = ferror(f);
	if (fclose(f) || bad) {
		perror(file);
		return -1;
	}
	return 0;
}

/* --plot-data DIR/NAME: compare_plot_write() of @cmp; -1 on failure. */
static int plot_data(json_t *cmp, const char *dir_name)
{
	char dir[4096];
	char *slash;

	snprintf(dir, sizeof(dir), "%s", dir_name);
	slash = strrchr(dir, '/');
	if (!slash)
		return compare_plot_write(cmp, ".", dir_name);
	*slash = '\0';
	return compare_plot_write(cmp, dir, slash + 1);
}

/* The "records" object of the manifest of the suite @root is a result of, or NULL with @why. */
static json_t *records_spec(json_t *root, struct suites *all, const char **why)
{
	static char text[1100];
	const char *name = json_string_value(json_object_get(root, "suite"));
	const struct suite *s;
	char err[1024];

	if (suites_load(all, err, sizeof(err))) {
		snprintf(text, sizeof(text), "%s", err);
		*why = text;
		return NULL;
	}
	s = name ? suites_find(all, name) : NULL;
	if (!s || !json_object_get(s->m, "records")) {
		snprintf(text, sizeof(text), "suite '%s' has no \"records\" in a manifest of %s",
			 name ? name : "?", suites_dir());
		*why = text;
		return NULL;
	}
	return json_object_get(s->m, "records");
}

static int compare(int argc, char **argv)
{
	char file_a[4096], file_b[4096];
	const char *save = NULL, *summary = NULL, *plot = NULL, *why = NULL;
	struct compare_side a, b;
	int as_json = 0, force = 0, status = 0, is_records, c;
	static struct suites all;
	struct args args;
	json_t *cmp;

	args_init(&args, &cmd_compare, argc, argv);
	while ((c = args_next(&args)) > 0)
		if (c == 'j')
			as_json = 1;
		else if (c == 'f')
			force = 1;
		else if (c == 's')
			save = args.value;
		else if (c == 'm')
			summary = args.value;
		else
			plot = args.value;
	if (c < 0)
		return args.status;
	if (open_side(args.operands[0], file_a, sizeof(file_a), &a))
		return 1;
	if (open_side(args.operands[1], file_b, sizeof(file_b), &b)) {
		json_decref(a.root);
		return 1;
	}
	is_records = json_object_get(a.root, "records") && json_object_get(b.root, "records");
	if (is_records) {
		json_t *spec = records_spec(a.root, &all, &why);

		cmp = spec ? compare_records(&a, &b, spec, force, &why) : NULL;
		suites_free(&all);
	} else {
		cmp = compare_results(&a, &b, force, &why);
	}
	if (!cmp) {
		fprintf(stderr, "pb compare: %s and %s: %s\n", a.file, b.file, why);
		status = 1;
	} else if (!is_records &&
		   !json_integer_value(json_object_get(json_object_get(cmp, "summary"), "points"))) {
		fprintf(stderr, "pb compare: no point has samples on both sides\n");
		status = 1;
	} else if (save && results_write(cmp, save)) {
		status = 1;
	} else if (plot && is_records) {
		fprintf(stderr, "pb compare: --plot-data: %s and %s are records, not points\n", a.file,
			b.file);
		status = 1;
	} else if ((plot && plot_data(cmp, plot)) ||
		   (summary && add_summary(cmp, is_records, save, summary))) {
		status = 1;
	} else {
		if (as_json)
			json_dumpf(cmp, stdout, JSON_INDENT(1) | JSON_SORT_KEYS);
		else if (is_records)
			print_records_table(cmp);
		else
			print_table(cmp);
		if (as_json)
			putchar('\n');
		if (json_integer_value(json_object_get(json_object_get(cmp, "summary"),
						       is_records ? "changed" : "regressions")))
			status = 3;
	}
	json_decref(cmp);
	json_decref(a.root);
	json_decref(b.root);
	return status;
}

static const struct option options[] = {
	{ "json", no_argument, NULL, 'j' },
	{ "force", no_argument, NULL, 'f' },
	{ "save", required_argument, NULL, 's' },
	{ "summary", required_argument, NULL, 'm' },
	{ "plot-data", required_argument, NULL, 'p' },
	{ 0 },
};

const struct pb_cmd cmd_compare = {
	.name = "compare",
	.run = compare,
	.summary = "compare one suite's results across revisions or kernels",
	.usage = "pb compare [--json] [--force] [--save FILE] [--summary FILE] [--plot-data DIR/NAME]\n"
		 "    A.json[:KERNEL] B.json[:KERNEL]",
	.details = "KERNEL: baseline, patched, ... (default patched).\n"
		   "  --json       print the comparison as JSON instead of a Markdown table\n"
		   "  --save FILE  also write the comparison's JSON to FILE\n"
		   "  --summary FILE  add its one-line summary (suite, counts, FILE of --save) to FILE\n"
		   "  --plot-data DIR/NAME  write the data of plots/compare.gp, as pb compare-plot\n"
		   "               does (not for records)\n"
		   "Results of a records suite (crash-memory) are compared figure by figure, each\n"
		   "within the tolerance its manifest gives (SUITES_DIR, default suites/).\n"
		   "  --force      compare results that differ on the measuring side\n"
		   "A table shows what differs in the two results' meta. Results whose measuring\n"
		   "side differs (accel, unit, guest_cpu -- without it, what pb vm boots by\n"
		   "default: qemu64 under tcg and icount, host under kvm --, guest_smp,\n"
		   "guest_mem_mb, qemu; host_cpu under kvm) are not comparable unless --force;\n"
		   "the kernel side (config_hash, each kernel's config and tree, compiler,\n"
		   "pahole, binutils, series) is shown, not refused; the suite's own files\n"
		   "differing, a warning.\n"
		   "A field one side does not record reads \"not recorded\" and is not judged.\n"
		   "exit status: 0 no regression, 3 a point significantly slower by more than 2 %\n"
		   "(records: a judged figure outside its tolerance), 1 bad input or results not\n"
		   "comparable, 2 bad usage\n",
	.options = options,
	.min_operands = 2,
	.max_operands = 2,
};
