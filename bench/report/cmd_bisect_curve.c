// SPDX-License-Identifier: GPL-2.0
/*
 * pb bisect-curve --followed FOLLOWED.json --good GOOD.json --data DIR
 *                 --name NAME --table FILE [--title TEXT] [--mark N] STEPS
 *
 * make bisect's followed points along the commits of its range (CURVE=1:
 * every commit; a bisection: the commits it measured), in range order.
 * STEPS has a line per commit, tab-separated: its result (pb bench-collect's,
 * kernel "step"; "-" when it has none: skipped), its verdict (free text
 * starting good, bad or another word), a short id and its subject.
 * FOLLOWED.json is pb bisect-verdict's ends file (the points, the unit);
 * GOOD.json the GOOD end's result, what each ratio is to.
 * Writes FILE, a Markdown table (per commit: id, subject, verdict and per
 * followed point the median [quartiles] and the ratio to GOOD with its 95 %
 * interval), and for plots/bisect.gp DIR/NAME.vars (SUITE, UNIT, ACCEL,
 * COMMIT, WHAT, NAME, NPANELS, PANELn, NCOMMITS, MARK, the x tics) and
 * DIR/NAME-pN.dat ("x median q1 q3 rgb" per measured commit; rgb: the
 * verdict's colour). --mark N: the first bad commit, line N of STEPS (0 the
 * first), drawn as a line. Exit status: 0, 1 an input unreadable or an
 * output unwritable, 2 bad usage.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "lib/plotfile.h"
#include "lib/results.h"
#include "lib/stats.h"

#define MAX_STEPS 64
#define MAX_PANELS 8
#define TIC_CHARS 34

struct step {
	char *result, *verdict, *label, *subject;
	json_t *root;
};

static struct series good_s, step_s;

/* Split @line at tabs into @s's four fields (pointers into @line). */
static int parse_step(char *line, struct step *s)
{
	char *f[4];

	line[strcspn(line, "\n")] = '\0';
	for (int i = 0; i < 4; i++) {
		f[i] = line;
		line = i < 3 ? strchr(line, '\t') : NULL;
		if (i < 3 && !line)
			return -1;
		if (line)
			*line++ = '\0';
	}
	s->result = f[0], s->verdict = f[1], s->label = f[2], s->subject = f[3];
	return 0;
}

static int read_steps(const char *file, struct step *steps, int *n, char **text)
{
	FILE *f = fopen(file, "r");
	size_t len = 0;
	char *line = NULL;

	if (!f) {
		perror(file);
		return -1;
	}
	*n = 0;
	while (getline(&line, &len, f) > 0) {
		struct step *s = &steps[*n];

		if (*n == MAX_STEPS || parse_step(line, s)) {
			fprintf(stderr, "pb bisect-curve: %s: %s\n", file,
				*n == MAX_STEPS ? "too many commits" : "a line is not RESULT\tVERDICT\tID\tSUBJECT");
			free(line);
			fclose(f);
			return -1;
		}
		text[(*n)++] = line;
		line = NULL, len = 0;
		if (strcmp(s->result, "-") && !(s->root = json_load_file(s->result, 0, NULL))) {
			fprintf(stderr, "pb bisect-curve: %s: unreadable\n", s->result);
			fclose(f);
			return -1;
		}
	}
	free(line);
	fclose(f);
	return *n ? 0 : -1;
}

static unsigned verdict_rgb(const char *v)
{
	return !strncmp(v, "good", 4) ? 0x228b22 : !strncmp(v, "bad", 3) ? 0xdc143c : 0x808080;
}

/* One step's cell of followed point @f, and its data line when it has samples. */
static void point_cell(FILE *table, FILE *dat, json_t *f, json_t *good, const struct step *s, int x,
		       const char *accel)
{
	json_t *params = json_object_get(f, "params");
	json_t *sp = s->root ? results_find_point(s->root, params) : NULL;
	json_t *gp = results_find_point(good, params);
	struct comparison c;
	double m, q1, q3;

	if (!sp || !results_load(sp, "step", &step_s)) {
		fprintf(table, " - |");
		return;
	}
	m = stat_median(step_s.x, step_s.n);
	q1 = stat_quantile(step_s.x, step_s.n, 0.25), q3 = stat_quantile(step_s.x, step_s.n, 0.75);
	fprintf(dat, "%d %.4f %.4f %.4f %u\n", x, m, q1, q3, verdict_rgb(s->verdict));
	fprintf(table, " %.1f [%.1f-%.1f]", m, q1, q3);
	if (gp && results_load(gp, "step", &good_s)) {
		results_compare(&good_s, &step_s, accel, &c);
		fprintf(table, ", %.3fx (%.3f-%.3f)", c.ratio, c.lo, c.hi);
	}
	fprintf(table, " |");
}

/* The x tic of step @i: its id and the subject's start. */
static void tic(FILE *vars, const struct step *s, int i)
{
	char buf[TIC_CHARS + 1];

	if (snprintf(buf, sizeof(buf), "%s %s", s->label, s->subject) > TIC_CHARS)
		memcpy(buf + TIC_CHARS - 3, "...", 3);
	fprintf(vars, "%s", i ? ", " : "");
	plot_quote(vars, buf);
	fprintf(vars, " %d", i);
}

struct curve_opts {
	const char *followed, *good, *data, *name, *table, *title;
	int mark;
};

static int write_curve(const struct curve_opts *o, json_t *followed, json_t *good, struct step *steps, int n)
{
	json_t *points = json_object_get(followed, "followed"), *f, *meta;
	const char *accel = json_string_value(json_object_get(followed, "accel"));
	FILE *table = fopen(o->table, "w"), *vars = plot_open(o->data, o->name, ".vars");
	FILE *dat[MAX_PANELS] = { NULL };
	char commit[64], text[512];
	size_t i, np = json_array_size(points);
	int status = !table || !vars || !np || np > MAX_PANELS;

	if (!table)
		perror(o->table);
	if (!np || np > MAX_PANELS)
		fprintf(stderr, "pb bisect-curve: %s: %zu followed points (1 to %d)\n", o->followed, np, MAX_PANELS);
	for (i = 0; !status && i < np; i++) {
		char what[32];

		snprintf(what, sizeof(what), "-p%zu.dat", i + 1);
		status |= !(dat[i] = plot_open(o->data, o->name, what));
	}
	if (status)
		goto done;
	meta = json_object_get(good, "meta");
	plot_short_commit(json_string_value(json_object_get(meta, "project_commit")), commit, sizeof(commit));
	plot_assign(vars, "SUITE", json_string_value(json_object_get(good, "suite")));
	plot_assign(vars, "UNIT", json_string_value(json_object_get(followed, "unit")));
	plot_assign(vars, "ACCEL", accel ? accel : "?");
	plot_assign(vars, "COMMIT", commit);
	plot_assign(vars, "WHAT", o->title);
	plot_assign(vars, "NAME", o->name);
	fprintf(vars, "NPANELS = %zu\nNCOMMITS = %d\nMARK = %d\nset xtics (", np, n, o->mark);
	for (int s = 0; s < n; s++)
		tic(vars, &steps[s], s);
	fprintf(vars, ")\n");
	fprintf(table, "%s (%s; per point: median [quartiles], ratio to GOOD (95 %% interval))\n\n"
		"| commit | subject | verdict |", o->title, json_string_value(json_object_get(followed, "unit")));
	json_array_foreach(points, i, f) {
		results_params_text(json_object_get(f, "params"), NULL, text, sizeof(text));
		fprintf(vars, "PANEL%zu = ", i + 1);
		plot_quote(vars, text);
		fprintf(vars, "\n");
		fprintf(table, " %s |", text);
	}
	fprintf(table, "\n|---|---|---|");
	for (i = 0; i < np; i++)
		fprintf(table, "---|");
	fprintf(table, "\n");
	for (int s = 0; s < n; s++) {
		fprintf(table, "| %s | %s | %s |", steps[s].label, steps[s].subject, steps[s].verdict);
		json_array_foreach(points, i, f)
			point_cell(table, dat[i], f, good, &steps[s], s, accel ? accel : "");
		fprintf(table, "\n");
	}
done:
	for (i = 0; i < MAX_PANELS; i++)
		if (dat[i] && fclose(dat[i]))
			status = 1;
	if ((table && fclose(table)) || (vars && fclose(vars)))
		status = 1;
	return status;
}

static int bisect_curve(int argc, char **argv)
{
	struct curve_opts o = { .title = "", .mark = -1 };
	struct step steps[MAX_STEPS] = { { 0 } };
	char *text[MAX_STEPS] = { 0 };
	json_t *followed = NULL, *good = NULL;
	struct args a;
	int c, n = 0, status = 1;

	args_init(&a, &cmd_bisect_curve, argc, argv);
	while ((c = args_next(&a)) > 0) {
		switch (c) {
		case 'f': o.followed = a.value; break;
		case 'g': o.good = a.value; break;
		case 'd': o.data = a.value; break;
		case 'n': o.name = a.value; break;
		case 't': o.table = a.value; break;
		case 'T': o.title = a.value; break;
		case 'm': o.mark = atoi(a.value); break;
		}
	}
	if (c < 0)
		return a.status;
	if (!(followed = json_load_file(o.followed, 0, NULL)) || !(good = json_load_file(o.good, 0, NULL)))
		fprintf(stderr, "pb bisect-curve: %s: unreadable\n", followed ? o.good : o.followed);
	else if (!read_steps(a.operands[0], steps, &n, text))
		status = write_curve(&o, followed, good, steps, n);
	for (int s = 0; s < MAX_STEPS; s++) {
		json_decref(steps[s].root);
		free(text[s]);
	}
	json_decref(followed);
	json_decref(good);
	return status;
}

static const struct option options[] = {
	{ "followed", required_argument, NULL, 'f' },
	{ "good", required_argument, NULL, 'g' },
	{ "data", required_argument, NULL, 'd' },
	{ "name", required_argument, NULL, 'n' },
	{ "table", required_argument, NULL, 't' },
	{ "title", required_argument, NULL, 'T' },
	{ "mark", required_argument, NULL, 'm' },
	{ 0 },
};

static const char *const required[] = { "followed", "good", "data", "name", "table", NULL };

const struct pb_cmd cmd_bisect_curve = {
	.name = "bisect-curve",
	.run = bisect_curve,
	.summary = "make bisect's followed points along its commits: a table and plot data",
	.usage = "pb bisect-curve --followed FOLLOWED.json --good GOOD.json --data DIR --name NAME\n"
		 "                --table FILE [--title TEXT] [--mark N] STEPS",
	.details = "STEPS: a line per commit in range order, tab-separated: its result (- when\n"
		   "none), verdict, short id, subject. FILE: a Markdown table, per commit and\n"
		   "followed point the median [quartiles] and the ratio to GOOD.json (95 %).\n"
		   "DIR/NAME.vars and DIR/NAME-pN.dat: plots/bisect.gp's data, one panel per\n"
		   "point, x the commit's line; --mark N draws line N as the first bad commit.\n"
		   "exit status: 0, 1 an input unreadable or an output unwritable, 2 bad usage\n",
	.options = options,
	.required = required,
	.min_operands = 1,
	.max_operands = 1,
};
