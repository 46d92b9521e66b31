// SPDX-License-Identifier: GPL-2.0
/* RESULTS.md's Architectures section (report_archs.h). */
#include "report/report_archs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/arch.h"
#include "lib/json_load.h"
#include "lib/results.h"
#include "lib/stats.h"
#include "report/report_stale.h"

#define MAX_SIDES 8	/* the default architecture and seven others */
#define WHO "pb report"

/* One architecture's newest result of a suite (NULL: none) */
struct side {
	const char *arch;
	json_t *root;
};

static const char *meta(json_t *root, const char *key)
{
	const char *v = json_string_value(json_object_get(json_object_get(root, "meta"), key));

	return v ? v : "not recorded";
}

static const char *str(json_t *root, const char *key)
{
	const char *v = json_string_value(json_object_get(root, key));

	return v ? v : "not recorded";
}

/* The median of @kernel's samples at @point; -1 without any. */
static double median(json_t *point, const char *kernel)
{
	static struct series s;

	if (!point || !results_load(point, kernel, &s))
		return -1;
	return stat_median(s.x, s.n);
}

/* A timing result (not make selfcheck's, not a records suite's)? */
static int timing(json_t *root)
{
	return root && !json_object_get(root, "kind");
}

/* The default architecture's newest result of @suite among @newest, or NULL. */
static json_t *default_of(json_t *const *newest, int n, const char *suite)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(str(newest[i], "suite"), suite))
			return timing(newest[i]) ? newest[i] : NULL;
	return NULL;
}

/* What each side's result is of, and whether they are of one commit and one series. */
static void identity(FILE *f, const struct side *sides, int n, const struct suite *s)
{
	int commits = 1, series = 1, current = 1;
	char why[2048];

	fprintf(f, "| architecture | run at project commit | patch series | guest CPU | vCPUs | mode "
		"| unit |\n|---|---|---|---|---|---|---|\n");
	for (int i = 0; i < n; i++) {
		fprintf(f, "| %s | `%s` | `%s` | %s | %s | %s | %s per operation |\n", sides[i].arch,
			meta(sides[i].root, "project_commit"), meta(sides[i].root, "series"),
			meta(sides[i].root, "guest_cpu"), meta(sides[i].root, "guest_smp"),
			str(sides[i].root, "accel"),
			str(sides[i].root, "unit"));
		commits &= !strcmp(meta(sides[i].root, "project_commit"),
				   meta(sides[0].root, "project_commit"));
		series &= !strcmp(meta(sides[i].root, "series"), meta(sides[0].root, "series"));
	}
	fprintf(f, "\n");
	if (commits && series)
		fprintf(f, "One project commit and one series: the same tree measured on each.\n\n");
	/* results made at two commits are of one code when each is current */
	for (int i = 0; i < n && !commits && current; i++)
		current = report_stale(sides[i].root, s, why, sizeof(why)) == STALE_CURRENT;
	if (!commits && current)
		fprintf(f, "Made at different project commits, each current against today's inputs "
			"(series, config, suite files, harness): the same code measured on each.\n\n");
	if (!commits && !current)
		fprintf(f, "**Made at different project commits**: stale against each other (the "
			"suite, the harness or the series may differ between them).\n\n");
	if (!series)
		fprintf(f, "**Of different series**: stale against each other (not the same "
			"patched kernel).\n\n");
	for (int i = 1; i < n; i++)
		if (report_stale(sides[i].root, s, why, sizeof(why)) != STALE_CURRENT)
			fprintf(f, "%s's result is stale against today's inputs or does not record "
				"them: %s.\n\n", sides[i].arch, why);
}

/* How far another side's ratios are from the default's, at most, and where. */
struct apart {
	double most;		/* |ratio - default's ratio|; < 0: no point of both */
	char where[256];
	double ratio, against;
};

static void cells(FILE *f, json_t *point, json_t *dp, struct apart *ap)
{
	double a = median(point, PAIR_FIRST), b = median(point, PAIR_SECOND);
	double da = median(dp, PAIR_FIRST), db = median(dp, PAIR_SECOND);

	if (a < 0)
		fprintf(f, " – |");
	else
		fprintf(f, " %.1f |", a);
	if (b < 0)
		fprintf(f, " – |");
	else
		fprintf(f, " %.1f |", b);
	if (a <= 0 || b < 0) {
		fprintf(f, " – |");
		return;
	}
	fprintf(f, " %.3f |", b / a);
	/* apart by the ratios' difference: a relative one would rank 0.003
	 * against 0.004 above 1.49 against 1.59 */
	if (!ap || da <= 0 || db < 0 || fabs(b / a - db / da) <= ap->most)
		return;
	ap->most = fabs(b / a - db / da);
	ap->ratio = b / a;
	ap->against = db / da;
	results_params_text(json_object_get(dp, "params"), NULL, ap->where, sizeof(ap->where));
}

/* The points of the default's result that another side has too, side by side. */
static void points(FILE *f, const struct side *sides, int n)
{
	struct apart ap[MAX_SIDES];
	json_t *dp, *p;
	size_t i, j;

	fprintf(f, "| parameters |");
	for (int k = 0; k < n; k++)
		fprintf(f, " %s baseline | %s patched | %s patched/baseline |", sides[k].arch,
			sides[k].arch, sides[k].arch);
	fprintf(f, "\n|---|");
	for (int k = 0; k < n; k++)
		fprintf(f, "---|---|---|");
	fprintf(f, "\n");
	for (int k = 0; k < n; k++)
		ap[k].most = -1;
	json_array_foreach(json_object_get(sides[0].root, "points"), i, dp) {
		json_t *params = json_object_get(dp, "params");
		char text[256];
		int others = 0;

		for (int k = 1; k < n; k++)
			others += results_find_point(sides[k].root, params) != NULL;
		if (!others)
			continue;
		results_params_text(params, NULL, text, sizeof(text));
		fprintf(f, "| %s |", text);
		cells(f, dp, NULL, NULL);
		for (int k = 1; k < n; k++)
			cells(f, results_find_point(sides[k].root, params), dp, &ap[k]);
		fprintf(f, "\n");
	}
	fprintf(f, "\n");
	for (int k = 1; k < n; k++) {
		int alone = 0;

		json_array_foreach(json_object_get(sides[k].root, "points"), j, p)
			alone += !results_find_point(sides[0].root, json_object_get(p, "params"));
		if (ap[k].most >= 0)
			fprintf(f, "%s's patched/baseline ratios against %s's: most apart at %s, "
				"%.3f against %.3f (%.3f apart).", sides[k].arch, sides[0].arch,
				ap[k].where, ap[k].ratio, ap[k].against, ap[k].most);
		else
			fprintf(f, "%s and %s have no point with both kernels' figures in common.",
				sides[k].arch, sides[0].arch);
		if (alone)
			fprintf(f, " %d point(s) of %s's result are not %s's, not shown.", alone,
				sides[k].arch, sides[0].arch);
		fprintf(f, "\n\n");
	}
}

/* @suite's part: its newest result of each architecture in @archs that has one (@roots). */
static void suite_part(FILE *f, const char *suite, json_t *def, char *const *archs,
		       json_t *const *roots, const struct suite *s)
{
	struct side sides[MAX_SIDES] = { { ARCH_DEFAULT, def } };
	int n = 1;

	fprintf(f, "### %s\n\n", suite);
	for (int i = 0; archs[i] && i < MAX_SIDES - 1; i++)
		if (roots[i])
			sides[n++] = (struct side){ archs[i], roots[i] };
	if (!def) {
		fprintf(f, "No %s result of %s to set beside it.\n\n", ARCH_DEFAULT, suite);
		return;
	}
	identity(f, sides, n, s);
	points(f, sides, n);
}

static void intro(FILE *f)
{
	fprintf(f, "## Architectures\n\n"
		"The suites' newest results on other guest architectures (`make bench "
		"GUEST_ARCH=NAME`, filed under `results/arch/NAME/`), each beside the newest "
		"%s result of the same suite on the points both have: per architecture the "
		"medians of both kernels and the ratio patched/baseline. Side by side, never one "
		"comparison: a guest instruction of one instruction set is not one of another "
		"(nor is a CPU model's nanosecond), so only each architecture's own ratio says "
		"what the series changes there; `make compare` and `pb compare` refuse two "
		"architectures' results.\n\n", ARCH_DEFAULT);
}

int report_archs(FILE *f, const char *base, json_t *const *newest, int n,
		 const struct suites *all, enum layout_dirty dirty)
{
	char **archs = layout_archs(base), root[4096], path[4096];
	json_t *roots[MAX_SIDES];
	struct layout_walk w;
	int status = 0, shown = 0;

	if (!archs) {
		fprintf(stderr, WHO ": out of memory\n");
		return -1;
	}
	if (!*archs || layout_walk_runs(&w, WHO, NULL, NULL, dirty)) {
		status = *archs ? -1 : 0;
		layout_suites_free(archs);
		return status;
	}
	for (int s = 0; s < all->n && !status; s++) {
		const char *suite = all->s[s].name;
		int any = 0, i;

		for (i = 0; archs[i] && i < MAX_SIDES - 1; i++) {
			long at;

			roots[i] = NULL;
			if (layout_arch_root(root, sizeof(root), base, archs[i]) ||
			    (at = layout_newest(&w, root, suite)) < 0)
				continue;
			layout_result_path(path, sizeof(path), root, w.run[at], suite, 0);
			if (!(roots[i] = json_load_said(WHO, path, 0)))
				status = -1;
			else if (!timing(roots[i])) {
				json_decref(roots[i]);
				roots[i] = NULL;
			}
			any |= roots[i] != NULL;
		}
		if (any && !status) {
			if (!shown++)
				intro(f);
			suite_part(f, suite, default_of(newest, n, suite), archs, roots, &all->s[s]);
		}
		while (i-- > 0)
			json_decref(roots[i]);
	}
	layout_walk_free(&w);
	layout_suites_free(archs);
	return status;
}
