/* SPDX-License-Identifier: GPL-2.0 */
/* One suite's points across project commits: make history, RESULTS.md's History parts. */
#ifndef PB_HISTORY_H
#define PB_HISTORY_H

#include <jansson.h>
#include <stdio.h>

#include "lib/results.h"

#define HISTORY_MAX_COMMITS 64
#define HISTORY_MAX_POINTS 512
#define HISTORY_PANEL_LINES 8	/* lines per panel of the plot, at most */

struct history_commit {
	json_t *root;		/* the suite's result at this commit (borrowed) */
	char label[32];		/* short hash, as git shows it */
	const char *unit, *accel;
	int changed;		/* unit or accel differs from the commit before */
};

struct history_cell {
	int present;		/* a kernel measured this point here */
	int compared;		/* both did: the ratio and what follows are set */
	double ratio, lo, hi, floor;	/* patched/baseline (results_compare()) */
	double baseline, patched;	/* medians, < 0 where that kernel did not run */
	enum verdict verdict;
	const char *suspect;	/* results_suspect() of either kernel, or NULL */
	double step;		/* ratio change since the previous comparable cell, if significant */
	double pq1, pq3;	/* the patched kernel's quartiles, where it ran */
	double pstep;		/* a patched-only point's change, the same way (plot only) */
};

struct history_point {
	json_t *params;		/* without "iters", the batch size, which may change */
	char text[256];
	int panel;		/* which panel of the plot (0-based), -1: none */
	struct history_cell cells[HISTORY_MAX_COMMITS];
};

struct history {
	const char *suite;
	int ncommits, npoints, npanels;
	struct history_commit commits[HISTORY_MAX_COMMITS];
	struct history_point *points;
	char (*panel_titles)[256];
	int *panel_absolute;	/* the panel shows patched-only points' own costs */
};

/*
 * Build the history of one suite from its results @roots, oldest commit
 * first. Points are matched across commits by their parameters (iters
 * aside). A cell's step is its ratio's change since the suite's previous
 * commit that measured the point in the same unit and accelerator, set
 * when the two intervals do not overlap and the change is over the noise
 * floor. Returns -1 with @err set if the roots are not one suite's timings.
 */
int history_build(struct history *h, json_t *const *roots, int n, char *err, size_t len);

/* The Markdown table: a row per point, a column per commit. */
void history_markdown(FILE *f, const struct history *h);

/*
 * Data for plots/history.gp in @dir: history-SUITE.vars (gnuplot
 * assignments: commit labels, the suite's description and the panels'
 * titles from its manifest where it has one, panels and their y axes, the
 * commits where unit or accelerator changed), per panel
 * history-SUITE-pN.dat (a block per point: commit index, ratio, interval;
 * in a panel of patched-only points, their medians and quartiles; a blank
 * line where the unit or accelerator changed), -steps.dat and -flagged.dat
 * (invalid and suspect cells). Returns -1 on a write error.
 */
int history_plotdata(const struct history *h, const char *dir);

/*
 * What make history and make report write of a history: the Markdown table
 * to @md (atomically; NULL: stdout) and, if @dir, history_plotdata() into
 * it. Returns -1, said why, on a write error.
 */
int history_write(const struct history *h, const char *md, const char *dir);

void history_free(struct history *h);

#endif
