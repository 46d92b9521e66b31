// SPDX-License-Identifier: GPL-2.0
#include "compare/history.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/atomic.h"
#include "lib/plotfile.h"
#include "lib/points.h"
#include "lib/stats.h"
#include "lib/suites.h"

static const char *text_of(json_t *root, const char *key)
{
	return json_string_value(json_object_get(root, key));
}

static int same_text(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* A point's parameters without the batch size. */
static json_t *point_key(json_t *point)
{
	json_t *key = json_deep_copy(json_object_get(point, "params"));

	json_object_del(key, "iters");
	return key;
}

static json_t *find_point(json_t *root, json_t *key)
{
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(root, "points"), i, p) {
		json_t *k = point_key(p);
		int same = json_equal(k, key);

		json_decref(k);
		if (same)
			return p;
	}
	return NULL;
}

static int index_of_point(const struct history *h, json_t *key)
{
	for (int i = 0; i < h->npoints; i++)
		if (json_equal(h->points[i].params, key))
			return i;
	return -1;
}

static void fill_cell(struct history_cell *c, json_t *point, const char *accel)
{
	static struct series a, b;
	struct comparison cmp;
	int icount = accel && !strcmp(accel, "icount");
	int ha = point && results_load(point, PAIR_FIRST, &a);
	int hb = point && results_load(point, PAIR_SECOND, &b);

	c->present = ha || hb;
	c->baseline = ha ? stat_median(a.x, a.n) : -1;
	c->patched = hb ? stat_median(b.x, b.n) : -1;
	c->pq1 = hb ? stat_quantile(b.x, b.n, 0.25) : -1;
	c->pq3 = hb ? stat_quantile(b.x, b.n, 0.75) : -1;
	c->suspect = ha ? results_suspect(&a, icount) : NULL;
	if (!c->suspect && hb)
		c->suspect = results_suspect(&b, icount);
	if (!ha || !hb)
		return;
	results_compare(&a, &b, accel, &cmp);
	c->compared = 1;
	c->ratio = cmp.ratio;
	c->lo = cmp.lo;
	c->hi = cmp.hi;
	c->floor = cmp.floor;
	c->verdict = cmp.verdict;
}

/* Each cell's step since the point's previous comparable cell. */
static void find_steps(struct history *h, struct history_point *p)
{
	int prev = -1;

	for (int i = 0; i < h->ncommits; i++) {
		struct history_cell *c = &p->cells[i], *q;

		if (h->commits[i].changed)
			prev = -1;
		if (!c->compared || c->verdict == VERDICT_INVALID)
			continue;
		if (prev >= 0) {
			double change = c->ratio / (q = &p->cells[prev])->ratio - 1;

			if ((c->lo > q->hi || c->hi < q->lo) && fabs(change) > fmax(c->floor, q->floor))
				c->step = change;
		}
		prev = i;
	}
}

/*
 * A patched-only point's steps: its median moved beyond both quartile
 * ranges and the noise floor since its previous cell (plot only: the
 * table calls steps of ratios alone).
 */
static void find_patched_steps(struct history *h, struct history_point *p)
{
	int prev = -1;

	for (int i = 0; i < h->ncommits; i++) {
		struct history_cell *c = &p->cells[i], *q;
		const char *accel = h->commits[i].accel;
		double floor = accel && !strcmp(accel, "icount") ? RESULTS_FLOOR_ICOUNT :
			       RESULTS_FLOOR_WALL;

		if (h->commits[i].changed)
			prev = -1;
		if (c->compared || c->patched < 0)
			continue;
		if (prev >= 0) {
			double change = c->patched / (q = &p->cells[prev])->patched - 1;

			if ((c->pq1 > q->pq3 || c->pq3 < q->pq1) && fabs(change) > floor)
				c->pstep = change;
		}
		prev = i;
	}
}

/* Parameters in key order: absent first, integers by value, then strings. */
static int params_cmp(json_t *a, json_t *b)
{
	json_t *keys = json_object(), *v;
	const char *k;
	int r = 0;

	json_object_foreach(a, k, v)
		json_object_set(keys, k, json_null());
	json_object_foreach(b, k, v)
		json_object_set(keys, k, json_null());
	{
		char *sorted = json_dumps(keys, JSON_SORT_KEYS | JSON_COMPACT);
		json_t *ordered = json_loads(sorted, JSON_PRESERVE_ORDER, NULL);

		free(sorted);
		json_object_foreach(ordered, k, v) {
			json_t *x = json_object_get(a, k), *y = json_object_get(b, k);

			if (r)
				break;
			if (!x || !y)
				r = !!x - !!y;
			else if (json_is_integer(x) && json_is_integer(y))
				r = (json_integer_value(x) > json_integer_value(y)) -
				    (json_integer_value(x) < json_integer_value(y));
			else if (json_is_string(x) && json_is_string(y))
				r = strcmp(json_string_value(x), json_string_value(y));
			else
				r = json_is_string(x) - json_is_string(y);
		}
		json_decref(ordered);
	}
	json_decref(keys);
	return r;
}

static json_t *string_params(json_t *params)
{
	json_t *out = json_object(), *v;
	const char *k;

	json_object_foreach(params, k, v)
		if (json_is_string(v))
			json_object_set(out, k, v);
	return out;
}

static const struct history *sorting;

static int by_params(const void *a, const void *b)
{
	return params_cmp(sorting->points[*(const int *)a].params,
			  sorting->points[*(const int *)b].params);
}

/*
 * Panels: the points with the same string parameters ("fn=strlen
 * impl=kfunc") together, in order, cut into even parts of at most
 * HISTORY_PANEL_LINES lines.
 */
static void assign_panels(struct history *h)
{
	static int members[HISTORY_MAX_POINTS], done[HISTORY_MAX_POINTS];

	h->panel_titles = calloc(HISTORY_MAX_POINTS, sizeof(*h->panel_titles));
	h->panel_absolute = calloc(HISTORY_MAX_POINTS, sizeof(*h->panel_absolute));
	h->npanels = 0;
	sorting = h;
	for (int i = 0; i < h->npoints; i++)
		h->points[i].panel = -1;
	/* the ratios first, then the points only the patched kernel ran */
	for (int absolute = 0; absolute < 2; absolute++) {
		for (int i = 0; i < h->npoints; i++) {
			int compared = 0, patched = 0;

			for (int c = 0; c < h->ncommits; c++) {
				compared |= h->points[i].cells[c].compared;
				patched += h->points[i].cells[c].patched >= 0;
			}
			/* nothing to draw, or no change to show */
			done[i] = absolute ? compared || patched < 2 : !compared;
		}
		for (int i = 0; i < h->npoints; i++) {
			json_t *group;
			char title[200];
			int n = 0, parts;

			if (done[i])
				continue;
			group = string_params(h->points[i].params);
			for (int j = i; j < h->npoints; j++) {
				json_t *g = string_params(h->points[j].params);

				if (!done[j] && json_equal(g, group))
					members[n++] = j, done[j] = 1;
				json_decref(g);
			}
			qsort(members, (size_t)n, sizeof(*members), by_params);
			results_params_text(group, NULL, title, sizeof(title));
			parts = (n + HISTORY_PANEL_LINES - 1) / HISTORY_PANEL_LINES;
			for (int part = 0; part < parts; part++) {
				char *t = h->panel_titles[h->npanels];

				snprintf(t, sizeof(h->panel_titles[0]), "%s", title[0] ? title : h->suite);
				if (parts > 1)
					snprintf(t + strlen(t), sizeof(h->panel_titles[0]) - strlen(t),
						 " (%d/%d)", part + 1, parts);
				for (int m = part * n / parts; m < (part + 1) * n / parts; m++)
					h->points[members[m]].panel = h->npanels;
				h->panel_absolute[h->npanels] = absolute;
				h->npanels++;
			}
			json_decref(group);
		}
	}
}

static int add_commit(struct history *h, json_t *root, char *err, size_t len)
{
	struct history_commit *c = &h->commits[h->ncommits];
	const char *suite = text_of(root, "suite");

	if (!json_is_array(json_object_get(root, "points")) || json_object_get(root, "kind")) {
		snprintf(err, len, "%s: not a timing result (no points)", suite ? suite : "?");
		return -1;
	}
	if (h->ncommits && !same_text(suite, h->suite)) {
		snprintf(err, len, "results of two suites, %s and %s", h->suite, suite);
		return -1;
	}
	h->suite = suite;
	c->root = root;
	c->unit = text_of(root, "unit");
	c->accel = text_of(root, "accel");
	plot_short_commit(text_of(json_object_get(root, "meta"), "project_commit"), c->label,
			  sizeof(c->label));
	c->changed = h->ncommits && (!same_text(c->unit, h->commits[h->ncommits - 1].unit) ||
				     !same_text(c->accel, h->commits[h->ncommits - 1].accel));
	h->ncommits++;
	return 0;
}

int history_build(struct history *h, json_t *const *roots, int n, char *err, size_t len)
{
	memset(h, 0, sizeof(*h));
	if (n < 1 || n > HISTORY_MAX_COMMITS) {
		snprintf(err, len, "%d results: between 1 and %d", n, HISTORY_MAX_COMMITS);
		return -1;
	}
	for (int i = 0; i < n; i++)
		if (add_commit(h, roots[i], err, len))
			return -1;
	h->points = calloc(HISTORY_MAX_POINTS, sizeof(*h->points));
	/* points in the newest result's order, then those only older ones have */
	for (int i = n - 1; i >= 0; i--) {
		json_t *p;
		size_t j;

		json_array_foreach(json_object_get(roots[i], "points"), j, p) {
			json_t *key = point_key(p);

			if (index_of_point(h, key) >= 0 || h->npoints == HISTORY_MAX_POINTS) {
				json_decref(key);
				continue;
			}
			h->points[h->npoints].params = key;
			results_params_text(key, NULL, h->points[h->npoints].text,
					    sizeof(h->points[0].text));
			h->npoints++;
		}
	}
	for (int k = 0; k < h->npoints; k++) {
		for (int i = 0; i < n; i++)
			fill_cell(&h->points[k].cells[i], find_point(roots[i], h->points[k].params),
				  h->commits[i].accel);
		find_steps(h, &h->points[k]);
		find_patched_steps(h, &h->points[k]);
	}
	assign_panels(h);
	return 0;
}

static void cell_markdown(FILE *f, const struct history_cell *c)
{
	if (!c->present) {
		fprintf(f, " – |");
		return;
	}
	if (c->compared)
		fprintf(f, " %.3f (%.3f–%.3f)", c->ratio, c->lo, c->hi);
	if (c->step)
		fprintf(f, " **step %+.1f %%**", 100 * c->step);
	if (c->compared && c->verdict == VERDICT_INVALID)
		fprintf(f, " **invalid**");
	else if (c->suspect)
		fprintf(f, " **suspect**");
	if (c->baseline >= 0)
		fprintf(f, "%s b %.1f", c->compared ? " ·" : "", c->baseline);
	if (c->patched >= 0)
		fprintf(f, "%s p %.1f", c->compared || c->baseline >= 0 ? " ·" : "", c->patched);
	fprintf(f, " |");
}

void history_markdown(FILE *f, const struct history *h)
{
	fprintf(f, "Each commit with results, oldest first: the patched/baseline ratio of "
		"medians with its 95 %% interval, then the baseline (b) and patched (p) medians (a "
		"point one kernel ran has only its median). "
		"**step** marks a ratio that moved since the suite's previous commit beyond both "
		"intervals and the noise floor; none is called across a change of accelerator or "
		"unit (**now ...** in the header).\n\n");
	fprintf(f, "| parameters |");
	for (int i = 0; i < h->ncommits; i++) {
		const struct history_commit *c = &h->commits[i];

		fprintf(f, " `%s`", c->label);
		if (c->changed)
			fprintf(f, " **now %s, %s**", c->accel ? c->accel : "?", c->unit ? c->unit : "?");
		fprintf(f, " |");
	}
	fprintf(f, "\n|---|");
	for (int i = 0; i < h->ncommits; i++)
		fprintf(f, "---|");
	fprintf(f, "\n");
	for (int k = 0; k < h->npoints; k++) {
		fprintf(f, "| %s |", h->points[k].text);
		for (int i = 0; i < h->ncommits; i++)
			cell_markdown(f, &h->points[k].cells[i]);
		fprintf(f, "\n");
	}
	fprintf(f, "\n");
}

static FILE *open_data(const char *dir, const char *suite, const char *what, int panel)
{
	char name[1024];

	if (panel)
		snprintf(name, sizeof(name), "history-%s-p%d", suite, panel);
	else
		snprintf(name, sizeof(name), "history-%s", suite);
	return plot_open(dir, name, what);
}

static void extend(double *lo, double *hi, double y)
{
	if (y <= 0)
		return;
	if (!*lo || y < *lo)
		*lo = y;
	if (y > *hi)
		*hi = y;
}

/*
 * The lines of one panel, its flagged and its step cells; counts into
 * @lines, @flagged, @steps, the extent of what it draws into @lo and @hi.
 */
static int panel_data(const struct history *h, const char *dir, int panel, json_t *words,
		      int *lines, int *flagged, int *steps, double *lo, double *hi)
{
	FILE *d = open_data(dir, h->suite, ".dat", panel + 1);
	FILE *fl = open_data(dir, h->suite, "-flagged.dat", panel + 1);
	FILE *st = open_data(dir, h->suite, "-steps.dat", panel + 1);
	int absolute = h->panel_absolute[panel], r = 0;

	*lines = *flagged = *steps = 0;
	*lo = *hi = 0;
	for (int k = 0; d && fl && st && k < h->npoints; k++) {
		const struct history_point *p = &h->points[k];
		json_t *own = json_deep_copy(p->params), *v;
		char text[256], legend[256];
		const char *key;
		void *tmp;
		int rows = 0;

		if (p->panel != panel) {
			json_decref(own);
			continue;
		}
		json_object_foreach_safe(own, tmp, key, v)	/* the panel's title says these */
			if (json_is_string(v))
				json_object_del(own, key);
		results_params_text(own, NULL, text, sizeof(text));
		plot_in_words(text, words, legend, sizeof(legend));
		json_decref(own);
		for (int i = 0; i < h->ncommits; i++) {
			const struct history_cell *c = &p->cells[i];
			int invalid = !absolute && c->verdict == VERDICT_INVALID;
			double y = absolute ? c->patched : c->ratio, step = absolute ? c->pstep : c->step;

			if (absolute ? c->patched < 0 : !c->compared)
				continue;
			extend(lo, hi, y);
			if (invalid || c->suspect)
				fprintf(fl, "%d %.5f\n", i, y), ++*flagged;
			if (step)
				fprintf(st, "%d %.5f\n", i, y), ++*steps;
			if (invalid)
				continue;
			if (!rows)
				fprintf(d, "\"%s\" %s\n", legend[0] ? legend : p->text,
					absolute ? "median q1 q3" : "ratio lo hi");
			else if (h->commits[i].changed)
				fprintf(d, "\n");	/* breaks the line */
			if (absolute)
				fprintf(d, "%d %.3f %.3f %.3f\n", i, c->patched, c->pq1, c->pq3);
			else
				fprintf(d, "%d %.5f %.5f %.5f\n", i, c->ratio, c->lo, c->hi);
			extend(lo, hi, absolute ? c->pq1 : c->lo);
			extend(lo, hi, absolute ? c->pq3 : c->hi);
			rows++;
		}
		if (rows) {
			fprintf(d, "\n\n");
			++*lines;
		}
	}
	if (!d || !fl || !st)
		r = -1;
	if ((d && fclose(d)) || (fl && fclose(fl)) || (st && fclose(st)))
		r = -1;
	return r;
}

/*
 * A panel's title from the suite's manifest: the name of the plot's
 * series that has every point of the panel (its panel's title if the name
 * is a kernel's), else its parameters with the recipe's words for them.
 */
static void panel_title(const struct history *h, json_t *plot, int panel, char *buf, size_t len)
{
	json_t *pn, *series;
	size_t i, j;

	json_array_foreach(json_object_get(plot, "panels"), i, pn)
		json_array_foreach(json_object_get(pn, "series"), j, series) {
			const char *name = json_string_value(json_object_get(series, "name"));
			json_t *where = json_object_get(series, "where");
			int all = 1, any = 0;

			if (!name || !where)
				continue;
			for (int k = 0; k < h->npoints; k++)
				if (h->points[k].panel == panel) {
					all &= points_match_json(h->points[k].params, where);
					any = 1;
				}
			/* a series named for its kernel: the manifest's panel says more */
			if (any && all && suite_series_named_for_kernel(series))
				name = json_string_value(json_object_get(pn, "title"));
			if (any && all && name) {
				snprintf(buf, len, "%s%s", name,
					 strchr(h->panel_titles[panel], '(') ?
					 strchr(h->panel_titles[panel], '(') - 1 : "");
				return;
			}
		}
	plot_in_words(h->panel_titles[panel], json_object_get(plot, "words"), buf, len);
}

int history_plotdata(const struct history *h, const char *dir)
{
	FILE *v = open_data(dir, h->suite, ".vars", 0);
	const struct history_commit *newest = &h->commits[h->ncommits - 1];
	static struct suites all;
	const struct suite *s = NULL;
	json_t *plot = NULL;
	char err[512];

	if (!v)
		return -1;
	if (!suites_load(&all, err, sizeof(err)) && (s = suites_find(&all, h->suite)))
		plot = json_object_get(s->m, "plot");
	plot_assign(v, "SUITE", h->suite);
	plot_assign(v, "ACCEL", newest->accel);
	plot_assign(v, "COMMIT", newest->label);
	plot_assign(v, "UNIT", newest->unit);
	plot_assign(v, "WHAT", s ? json_string_value(json_object_get(s->m, "description")) : h->suite);
	fprintf(v, "NCOMMITS = %d\nNPANELS = %d\nset xtics (", h->ncommits, h->npanels);
	for (int i = 0; i < h->ncommits; i++) {
		fprintf(v, "%s", i ? ", " : "");
		plot_quote(v, h->commits[i].label);
		fprintf(v, " %d", i);
	}
	fprintf(v, ")\n");
	for (int i = 0; i < h->ncommits; i++) {
		char text[300];

		if (!h->commits[i].changed)
			continue;
		snprintf(text, sizeof(text), "now %s, %s", h->commits[i].accel ? h->commits[i].accel : "?",
			 h->commits[i].unit ? h->commits[i].unit : "?");
		fprintf(v, "set arrow from %g, graph 0 to %g, graph 1 nohead dt 3 lw 2 lc rgb \"red\"\n",
			i - 0.5, i - 0.5);
		fprintf(v, "set label ");
		plot_quote(v, text);
		/* up the line, inside the panel however near its edge */
		fprintf(v, " at %g, graph 0.04 rotate by 90 left offset -0.8, 0 font ',8' tc rgb \"red\"\n",
			i - 0.5);
	}
	for (int p = 0; p < h->npanels; p++) {
		int lines, flagged, steps;
		char name[32], title[256], axis[1024];
		double lo, hi;

		if (panel_data(h, dir, p, json_object_get(plot, "words"), &lines, &flagged, &steps,
			       &lo, &hi)) {
			fclose(v);
			suites_free(&all);
			return -1;
		}
		if (!h->panel_absolute[p])	/* the +-2 % lines */
			lo = lo ? fmin(lo, 0.98) : 0.98, hi = fmax(hi, 1.02);
		else if (!lo)
			lo = hi = 1;
		if (hi <= lo * 1.001)	/* a flat line: a little room around it */
			lo *= 0.99, hi *= 1.01;
		snprintf(name, sizeof(name), "PANEL%d", p + 1);
		panel_title(h, plot, p, title, sizeof(title));
		plot_assign(v, name, title);
		snprintf(name, sizeof(name), "AXIS%d", p + 1);
		plot_log_axis(axis, sizeof(axis), lo, hi, fmin(0.6, 0.06 * (lines + 2)));
		plot_assign(v, name, axis);
		fprintf(v, "LINES%d = %d\nFLAGGED%d = %d\nSTEPS%d = %d\nABSOLUTE%d = %d\n", p + 1, lines,
			p + 1, flagged, p + 1, steps, p + 1, h->panel_absolute[p]);
	}
	suites_free(&all);
	return fclose(v) ? -1 : 0;
}

int history_write(const struct history *h, const char *md, const char *dir)
{
	struct atomic_file a;

	if (!md) {
		history_markdown(stdout, h);
	} else {
		if (atomic_open(&a, md)) {
			perror(md);
			return -1;
		}
		history_markdown(a.f, h);
		if (atomic_commit(&a, !ferror(a.f))) {
			perror(md);
			return -1;
		}
	}
	return dir ? history_plotdata(h, dir) : 0;
}

void history_free(struct history *h)
{
	for (int k = 0; k < h->npoints; k++)
		json_decref(h->points[k].params);
	free(h->points);
	free(h->panel_titles);
	free(h->panel_absolute);
	h->points = NULL;
	h->panel_titles = NULL;
	h->panel_absolute = NULL;
}
