// SPDX-License-Identifier: GPL-2.0
/*
 * A suite's plot from its manifest's recipe: the figure's title, size and
 * style, the y axis, and panels side by side, each with its x axis (an
 * integer parameter, its label, log scale, tics) and its series (the
 * points pb plotdata keeps: filters, kernel, name, derived parameters; the
 * line colour and dash). The script written states only what changes from
 * one panel to the next, as a hand-written one would.
 */
#include "report/suite_plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/atomic.h"
#include "lib/plotdata.h"
#include "lib/plotfile.h"
#include "lib/results.h"

struct x_state {
	json_int_t log;		/* 0: linear */
	const char *label;	/* NULL: none */
	json_t *tics;		/* NULL: gnuplot's own */
};

static int same_text(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* @x's axis, its label only if @labelled (a ratio panel under it shows it instead) */
static void set_x(FILE *f, json_t *x, int labelled, struct x_state *now)
{
	struct x_state want = {
		json_integer_value(json_object_get(x, "log")),
		labelled ? json_string_value(json_object_get(x, "label")) : NULL,
		json_object_get(x, "tics"),
	};
	json_t *t;
	size_t i;

	if (want.log != now->log) {
		if (!want.log)
			fprintf(f, "unset logscale x\n");
		else if (want.log == 10)
			fprintf(f, "set logscale x\n");
		else
			fprintf(f, "set logscale x %lld\n", (long long)want.log);
	}
	if (!json_equal(want.tics, now->tics) && (want.tics || now->tics)) {
		if (!want.tics) {
			fprintf(f, "set xtics autofreq\n");
		} else {
			fprintf(f, "set xtics (");
			json_array_foreach(want.tics, i, t) {
				fprintf(f, "%s", i ? ", " : "");
				plot_quote(f, json_string_value(json_array_get(t, 0)));
				fprintf(f, " %g", json_number_value(json_array_get(t, 1)));
			}
			fprintf(f, ")\n");
		}
	}
	if (!same_text(want.label, now->label)) {
		if (want.label) {
			fprintf(f, "set xlabel ");
			plot_quote(f, want.label);
			fprintf(f, "\n");
		} else {
			fprintf(f, "unset xlabel\n");
		}
	}
	*now = want;
}

/* SUITE.": TITLE (".FROM.")": the suite, the recipe's title, the result shown */
static void figure_title(FILE *f, json_t *plot)
{
	char text[600];

	snprintf(text, sizeof(text), ": %s (", json_string_value(json_object_get(plot, "title")));
	fprintf(f, "SUITE.");
	plot_quote(f, text);
	fprintf(f, ".FROM.\")\"");
}

static void spec_of(json_t *series, const char *xkey, struct plotdata_spec *spec)
{
	json_t *v;
	size_t i;

	memset(spec, 0, sizeof(*spec));
	spec->xkey = xkey;
	spec->kernel = json_string_value(json_object_get(series, "kernel"));
	spec->name = json_string_value(json_object_get(series, "name"));
	json_array_foreach(json_object_get(series, "derived"), i, v)
		if (i < PLOTDATA_MAX_DERIVED)
			spec->derived[i] = json_string_value(v);
	json_array_foreach(json_object_get(series, "where"), i, v)
		if (i < PLOTDATA_MAX_FILTERS)
			spec->filters[i] = json_string_value(v);
}

static int write_data(const char *path, json_t *result, const char *what,
		      const struct plotdata_spec *spec)
{
	struct atomic_file a;
	int status;

	if (atomic_open(&a, path)) {
		perror(path);
		return 1;
	}
	status = plotdata_write(a.f, result, what, spec);
	if (atomic_commit(&a, !status && !ferror(a.f))) {
		perror(path);
		return 1;
	}
	return status;
}

/* One series in a plot command: its file's every block, one line each. */
static void series_plot(FILE *f, json_t *series, const char *file, json_int_t shift, int histogram)
{
	json_t *colour = json_object_get(series, "colour"), *dash = json_object_get(series, "dash");
	json_t *width = json_object_get(series, "width");

	fprintf(f, "for [i=0:*] DATA.'/%s' index i using ", file);
	if (histogram)
		fprintf(f, "2:3:4");
	else if (shift)
		fprintf(f, "($1%+lld):2:3:4", (long long)shift);
	else
		fprintf(f, "1:2:3:4");
	if (json_is_string(colour))
		fprintf(f, " lc i+1");
	else if (colour)
		fprintf(f, " lc %lld", (long long)json_integer_value(colour));
	if (dash)
		fprintf(f, " dt %lld", (long long)json_integer_value(dash));
	if (width)
		fprintf(f, " lw %lld", (long long)json_integer_value(width));
	fprintf(f, " title columnheader(1)");
}

static int same_json(json_t *a, json_t *b)
{
	return (!a && !b) || (a && b && json_equal(a, b));
}

/*
 * Does @series of @panel give a ratio line? One drawn for both kernels
 * does, and one of the pair's second side beside one of its first side
 * over the same points.
 */
static int has_ratio(json_t *panel, json_t *series)
{
	const char *kernel = json_string_value(json_object_get(series, "kernel"));
	json_t *other;
	size_t i;

	if (!kernel)
		return 1;
	if (strcmp(kernel, PAIR_SECOND))
		return 0;
	json_array_foreach(json_object_get(panel, "series"), i, other) {
		const char *k = json_string_value(json_object_get(other, "kernel"));

		if (k && !strcmp(k, PAIR_FIRST) &&
		    same_json(json_object_get(other, "where"), json_object_get(series, "where")) &&
		    same_json(json_object_get(other, "derived"), json_object_get(series, "derived")))
			return 1;
	}
	return 0;
}

struct ratio_panel {
	char cmd[4096];		/* the plot command's lines, after the noise band */
	struct plotdata_ratio_range range;
};

/* The ratio data of @panel's series and the plot command that draws them. */
static int panel_ratios(const struct suite *s, json_t *result, const char *what, const char *data,
			json_t *words, json_t *panel, size_t p, const char *xkey, json_int_t shift,
			int histogram, struct ratio_panel *r)
{
	json_t *series;
	size_t i, used = 0;

	memset(r, 0, sizeof(*r));
	json_array_foreach(json_object_get(panel, "series"), i, series) {
		struct plotdata_spec spec;
		struct atomic_file a;
		char file[128], path[4400], line[600];
		json_t *colour = json_object_get(series, "colour");
		json_t *dash = json_object_get(series, "dash");
		int before = r->range.lines, status;

		if (!has_ratio(panel, series))
			continue;
		spec_of(series, xkey, &spec);
		spec.words = words;
		if (spec.kernel)	/* the pair's names are the kernels' */
			spec.name = NULL;
		if (!plotdata_has_points(result, &spec))
			continue;
		snprintf(file, sizeof(file), "%s-%zu-%zu-ratio.dat", s->name, p + 1, i + 1);
		snprintf(path, sizeof(path), "%s/%s", data, file);
		if (atomic_open(&a, path)) {
			perror(path);
			return 1;
		}
		status = plotdata_write_ratio(a.f, result, what, &spec, &r->range);
		if (atomic_commit(&a, !status && !ferror(a.f))) {
			perror(path);
			return 1;
		}
		if (status)
			return 1;
		if (r->range.lines == before)
			continue;
		snprintf(line, sizeof(line), ", \\\n     for [i=0:*] DATA.'/%s' index i using %s:2:3:4%s",
			 file, shift ? (shift > 0 ? "($1+1)" : "($1-1)") : "1",
			 histogram ? " with yerrorbars" : "");
		used += (size_t)snprintf(r->cmd + used, sizeof(r->cmd) - used, "%s", line);
		if (json_is_string(colour))
			used += (size_t)snprintf(r->cmd + used, sizeof(r->cmd) - used, " lc i+1");
		else if (colour)
			used += (size_t)snprintf(r->cmd + used, sizeof(r->cmd) - used, " lc %lld",
						 (long long)json_integer_value(colour));
		if (dash)
			used += (size_t)snprintf(r->cmd + used, sizeof(r->cmd) - used, " dt %lld",
						 (long long)json_integer_value(dash));
		used += (size_t)snprintf(r->cmd + used, sizeof(r->cmd) - used,
					 " title columnheader(1)");
	}
	if (used >= sizeof(r->cmd)) {
		fprintf(stderr, "pb suite-plot: %s: too many ratio lines\n", s->path);
		return 1;
	}
	return 0;
}

/* The cost axes: log or linear, from zero or not, and the room for the key. */
static void cost_axes(FILE *f, json_t *plot, int histogram)
{
	json_t *y = json_object_get(plot, "y");

	if (histogram)
		fprintf(f, "set style data histogram\nset style histogram errorbars gap 2 lw 1\n"
			"set style fill solid 0.6 border -1\n");
	if (json_integer_value(json_object_get(y, "log")) == 10)
		fprintf(f, "set logscale y\n");
	else if (json_object_get(y, "log"))
		fprintf(f, "set logscale y %lld\n", (long long)json_integer_value(json_object_get(y, "log")));
	fprintf(f, "set ylabel UNIT\n");
	if (json_is_true(json_object_get(y, "from_zero")))
		fprintf(f, "set yrange [0:*]\n");
	if (json_object_get(plot, "key_room"))
		fprintf(f, "# room above the lines for the key\nset offsets 0, 0, graph %g, 0\n",
			json_number_value(json_object_get(plot, "key_room")));
}

/*
 * The ratio panel under a cost panel: the same x axis (gnuplot's range of
 * the panel above), patched/baseline on a log axis around the noise band.
 */
static void ratio_plot(FILE *f, const struct ratio_panel *r, const char *xlabel)
{
	char axis[1024];

	fprintf(f, "set xrange [GPVAL_X_MIN:GPVAL_X_MAX]\n");
	if (xlabel) {
		fprintf(f, "set xlabel ");
		plot_quote(f, xlabel);
		fprintf(f, "\n");
	}
	fprintf(f, "unset title\nset style data yerrorlines\nset style fill solid 1.0 noborder\n"
		"set logscale y\nset ylabel 'patched / baseline'\nset offsets 0, 0, 0, 0\n"
		"set key top left font ',8' samplen 2\nFLOOR = %g\n", r->range.floor);
	plot_log_axis(axis, sizeof(axis), fmin(r->range.lo, 1 - r->range.floor),
		      fmax(r->range.hi, 1 + r->range.floor),
		      fmin(0.5, 0.05 + 0.065 * (r->range.lines + 1)));
	fprintf(f, "%s\n", axis);
	fprintf(f, "plot '+' using 1:(1 - FLOOR):(1 + FLOOR) with filledcurves fc rgb '#e4e4e4' "
		"title sprintf('noise floor ±%%.1f %%%%', 100 * FLOOR), \\\n"
		"     1 with lines lc rgb 'black' notitle%s\n", r->cmd);
	fprintf(f, "set xrange [*:*]\nset key top left font ',10' samplen 4\nset offsets 0, 0, 0, 0\n"
		"unset logscale y\nset yrange [*:*]\nset ytics autofreq format '%% h'\nunset xlabel\n");
}

static int script(FILE *f, const struct suite *s, json_t *result, const char *what,
		  const char *data)
{
	json_t *plot = json_object_get(s->m, "plot"), *panels = json_object_get(plot, "panels");
	json_t *size = json_object_get(plot, "size"), *words = json_object_get(plot, "words");
	size_t npanels = json_array_size(panels), p;
	int histogram = !strcmp(json_string_value(json_object_get(plot, "style")), "histogram");
	struct ratio_panel *ratios = calloc(npanels, sizeof(*ratios));
	int nratios = 0, status = 0;
	struct x_state x = { 0 };
	json_t *panel;

	if (!ratios)
		return 1;
	json_array_foreach(panels, p, panel) {
		json_t *axis = json_object_get(panel, "x") ? json_object_get(panel, "x") :
			       json_object_get(plot, "x");

		if (panel_ratios(s, result, what, data, words, panel, p,
				 json_string_value(json_object_get(axis, "param")),
				 json_integer_value(json_object_get(axis, "shift")), histogram,
				 &ratios[p])) {
			free(ratios);
			return 1;
		}
		nratios += ratios[p].range.lines > 0;
	}
	fprintf(f, "# %s: drawn from %s by pb suite-plot; do not edit\n", s->name, s->path);
	fprintf(f, "RATIO_PANELS = %d\n", nratios);
	if (size || nratios) {
		long long w = size ? json_integer_value(json_array_get(size, 0)) : 900;
		long long h = size ? json_integer_value(json_array_get(size, 1)) : 540;

		/* the ratio row below the cost panels makes the figure taller */
		fprintf(f, "SIZE = '%lld,%lld'\n", w, nratios ? h * 3 / 2 : h);
	}
	fprintf(f, "load 'plots/common.gp'\n");
	fprintf(f, "set output OUT.'/%s.png'\n", s->name);
	if (npanels > 1 || nratios) {
		if (nratios)	/* placed by hand: the rows differ in height */
			fprintf(f, "set multiplot title ");
		else
			fprintf(f, "set multiplot layout 1,%zu title ", npanels);
		figure_title(f, plot);
		fprintf(f, "\n");
	} else {
		fprintf(f, "set title ");
		figure_title(f, plot);
		fprintf(f, "\n");
	}
	if (nratios)	/* the panels' x axes line up with their ratio panels' */
		fprintf(f, "set lmargin 11\nset rmargin 3\n");
	cost_axes(f, plot, histogram);
	json_array_foreach(panels, p, panel) {
		json_t *axis = json_object_get(panel, "x") ? json_object_get(panel, "x") :
			       json_object_get(plot, "x"), *series;
		const char *xkey = json_string_value(json_object_get(axis, "param"));
		const struct ratio_panel *r = &ratios[p];
		int drawn = 0;
		size_t i;

		if (p && ratios[p - 1].range.lines)
			cost_axes(f, plot, histogram);
		set_x(f, axis, !r->range.lines, &x);
		if (nratios)
			fprintf(f, "set origin %g, %g\nset size %g, %g\n", (double)p / npanels,
				r->range.lines ? 0.36 : 0.0, 1.0 / npanels, r->range.lines ? 0.58 : 0.94);
		if (npanels > 1) {
			fprintf(f, "set title ");
			plot_quote(f, json_string_value(json_object_get(panel, "title")));
			fprintf(f, "\n");
		}
		fprintf(f, "plot ");
		json_array_foreach(json_object_get(panel, "series"), i, series) {
			struct plotdata_spec spec;
			char file[128], path[4400];

			snprintf(file, sizeof(file), "%s-%zu-%zu.dat", s->name, p + 1, i + 1);
			snprintf(path, sizeof(path), "%s/%s", data, file);
			spec_of(series, xkey, &spec);
			spec.words = words;
			/* a result older than a series has none of its points: left out */
			if (!plotdata_has_points(result, &spec) && drawn)
				continue;
			if (write_data(path, result, what, &spec)) {
				status = 1;
				goto out;
			}
			fprintf(f, "%s", drawn++ ? ", \\\n     " : "");
			series_plot(f, series, file, json_integer_value(json_object_get(axis, "shift")),
				    histogram);
		}
		fprintf(f, "\n");
		if (r->range.lines) {
			fprintf(f, "set origin %g, 0\nset size %g, 0.36\n", (double)p / npanels,
				1.0 / npanels);
			ratio_plot(f, r, json_string_value(json_object_get(axis, "label")));
			x.label = NULL;
		}
	}
	if (npanels > 1 || nratios)
		fprintf(f, "unset multiplot\n");
out:
	free(ratios);
	return status;
}

int suite_plot(const struct suite *s, json_t *result, const char *what, const char *data)
{
	struct atomic_file a;
	char path[4400];
	int status;

	if (!json_object_get(s->m, "plot")) {
		fprintf(stderr, "pb suite-plot: %s has no plot recipe (key 'plot')\n", s->path);
		return 1;
	}
	snprintf(path, sizeof(path), "%s/%s.gp", data, s->name);
	if (atomic_open(&a, path)) {
		perror(path);
		return 1;
	}
	status = script(a.f, s, result, what, data);
	if (atomic_commit(&a, !status && !ferror(a.f))) {
		perror(path);
		return 1;
	}
	return status;
}
