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

#include <stdio.h>
#include <string.h>

#include "lib/atomic.h"
#include "lib/plotdata.h"
#include "lib/plotfile.h"

struct x_state {
	json_int_t log;		/* 0: linear */
	const char *label;	/* NULL: none */
	json_t *tics;		/* NULL: gnuplot's own */
};

static int same_text(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void set_x(FILE *f, json_t *x, struct x_state *now)
{
	struct x_state want = {
		json_integer_value(json_object_get(x, "log")),
		json_string_value(json_object_get(x, "label")),
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
	fprintf(f, " title columnheader(1)");
}

static int script(FILE *f, const struct suite *s, json_t *result, const char *what,
		  const char *data)
{
	json_t *plot = json_object_get(s->m, "plot"), *panels = json_object_get(plot, "panels");
	json_t *y = json_object_get(plot, "y"), *size = json_object_get(plot, "size"), *panel;
	int multi = json_array_size(panels) > 1;
	int histogram = !strcmp(json_string_value(json_object_get(plot, "style")), "histogram");
	struct x_state x = { 0 };
	size_t p;

	fprintf(f, "# %s: drawn from %s by pb suites plot; do not edit\n", s->name, s->path);
	if (size)
		fprintf(f, "SIZE = '%lld,%lld'\n", (long long)json_integer_value(json_array_get(size, 0)),
			(long long)json_integer_value(json_array_get(size, 1)));
	fprintf(f, "load 'plots/common.gp'\n");
	if (json_object_get(plot, "key_room"))
		fprintf(f, "# room above the lines for the key\nset offsets 0, 0, graph %g, 0\n",
			json_number_value(json_object_get(plot, "key_room")));
	fprintf(f, "set output OUT.'/%s.png'\n", s->name);
	if (multi) {
		fprintf(f, "set multiplot layout 1,%zu title ", json_array_size(panels));
		figure_title(f, plot);
		fprintf(f, "\n");
	} else {
		fprintf(f, "set title ");
		figure_title(f, plot);
		fprintf(f, "\n");
	}
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
	json_array_foreach(panels, p, panel) {
		json_t *axis = json_object_get(panel, "x") ? json_object_get(panel, "x") :
			       json_object_get(plot, "x"), *series;
		const char *xkey = json_string_value(json_object_get(axis, "param"));
		int drawn = 0;
		size_t i;

		set_x(f, axis, &x);
		if (multi) {
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
			/* a result older than a series has none of its points: left out */
			if (!plotdata_has_points(result, &spec) && drawn)
				continue;
			if (write_data(path, result, what, &spec))
				return 1;
			fprintf(f, "%s", drawn++ ? ", \\\n     " : "");
			series_plot(f, series, file, json_integer_value(json_object_get(axis, "shift")),
				    histogram);
		}
		fprintf(f, "\n");
	}
	if (multi)
		fprintf(f, "unset multiplot\n");
	return 0;
}

int suite_plot(const struct suite *s, json_t *result, const char *what, const char *data)
{
	struct atomic_file a;
	char path[4400];
	int status;

	if (!json_object_get(s->m, "plot")) {
		fprintf(stderr, "pb suites plot: %s has no plot recipe (key 'plot')\n", s->path);
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
