// SPDX-License-Identifier: GPL-2.0
/*
 * The "what a verdict is worth" section of RESULTS.md, from make selfcheck's
 * records: the A/A false-flag rate per suite, the detection power of planted
 * regressions per size and mode, and the noise table.
 */
#include "report/report_selfcheck.h"

#include <string.h>

#include "report/report_evidence.h"

#define MAX_ROWS 64
#define POWER_GOAL 0.95

static const char *str(json_t *r, const char *k)
{
	const char *v = json_string_value(json_object_get(r, k));

	return v ? v : "?";
}

static double num(json_t *r, const char *k)
{
	return json_number_value(json_object_get(r, k));
}

static int is(json_t *r, const char *kind)
{
	return !strcmp(str(r, "kind"), kind);
}

struct aa_row {
	const char *suite, *mode;
	int runs, points, flagged;
};

struct power_row {
	const char *mode;
	double pct, spin, ratio_sum;
	int runs, caught;
};

static void aa_table(FILE *f, json_t *records)
{
	struct aa_row row[MAX_ROWS];
	int nrows = 0, points = 0, flagged = 0;
	json_t *r;
	size_t i;

	json_array_foreach(records, i, r) {
		int j;

		if (!is(r, "aa"))
			continue;
		for (j = 0; j < nrows; j++)
			if (!strcmp(row[j].suite, str(r, "suite")) && !strcmp(row[j].mode, str(r, "mode")))
				break;
		if (j == nrows) {
			if (nrows == MAX_ROWS)
				continue;
			row[nrows++] = (struct aa_row){ str(r, "suite"), str(r, "mode"), 0, 0, 0 };
		}
		row[j].runs++;
		row[j].points += (int)num(r, "points");
		row[j].flagged += (int)num(r, "flagged");
	}
	fprintf(f, "### A/A: the baseline against itself\n\nTwo boots of the same baseline build, "
		"compared as two kernels; every point `pb compare` calls changed (either way) is "
		"a false flag. Goal: at most 5 %% of points.\n\n"
		"| suite | mode | comparisons | points | false flags | rate |\n|---|---|---|---|---|---|\n");
	for (int j = 0; j < nrows; j++) {
		points += row[j].points;
		flagged += row[j].flagged;
		fprintf(f, "| %s | %s | %d | %d | %d | %.1f %% |\n", row[j].suite, row[j].mode,
			row[j].runs, row[j].points, row[j].flagged,
			row[j].points ? 100.0 * row[j].flagged / row[j].points : 0.0);
	}
	fprintf(f, "| **all** | | | %d | %d | **%.1f %%** (goal ≤ 5 %%: %s) |\n\n", points, flagged,
		points ? 100.0 * flagged / points : 0.0,
		points && flagged * 20 <= points ? "met" : "**missed**");
}

static void power_table(FILE *f, json_t *records)
{
	struct power_row row[MAX_ROWS];
	int nrows = 0;
	json_t *r;
	size_t i;

	json_array_foreach(records, i, r) {
		int j;

		if (!is(r, "planted"))
			continue;
		for (j = 0; j < nrows; j++)
			if (!strcmp(row[j].mode, str(r, "mode")) && row[j].pct == num(r, "pct"))
				break;
		if (j == nrows) {
			if (nrows == MAX_ROWS)
				continue;
			row[nrows++] = (struct power_row){ str(r, "mode"), num(r, "pct"),
							   num(r, "spin"), 0, 0, 0 };
		}
		row[j].runs++;
		row[j].caught += num(r, "flagged") > 0;
		row[j].ratio_sum += num(r, "ratio");
	}
	json_array_foreach(records, i, r)
		if (is(r, "calibration"))
			fprintf(f, "### Planted regressions: detection power\n\n`kernel/selfcheck/` adds "
				"`mctp.selfcheck_spin=N` empty loop iterations to every "
				"`mctp_route_lookup()` of a third kernel. Calibrated in %s mode: one "
				"`sendmsg()` at one route costs %.0f, one iteration %.2f; each size below "
				"is that share of the path. A boot with the loop off is compared with one "
				"where it is on; caught = `pb compare` called it slower.\n\n", str(r, "mode"),
				num(r, "cost"), num(r, "per_iter"));
	fprintf(f, "| mode | planted | iterations | runs | caught | power | mean measured ratio |\n"
		"|---|---|---|---|---|---|---|\n");
	for (int j = 0; j < nrows; j++)
		fprintf(f, "| %s | %.0f %% | %.0f | %d | %d | %.0f %% | %.4f |\n", row[j].mode,
			row[j].pct, row[j].spin, row[j].runs, row[j].caught,
			100.0 * row[j].caught / row[j].runs, row[j].ratio_sum / row[j].runs);
	fprintf(f, "\n");
	for (int j = 0; j < nrows; j++) {
		const char *mode = row[j].mode;
		double limit = -1;
		int first = 1;

		for (int k = 0; k < j; k++)
			first &= strcmp(row[k].mode, mode) != 0;
		if (!first)
			continue;
		for (int k = j; k < nrows; k++)
			if (!strcmp(row[k].mode, mode) && row[k].caught >= POWER_GOAL * row[k].runs &&
			    (limit < 0 || row[k].pct < limit))
				limit = row[k].pct;
		if (limit < 0)
			fprintf(f, "- %s: no planted size was caught in 95 %% of runs; the detection "
				"limit is above the largest size tried.\n", mode);
		else
			fprintf(f, "- %s: detection limit **%.0f %%** (the smallest size caught in at least "
				"95 %% of runs).\n", mode, limit);
	}
	fprintf(f, "\n");
}

static void noise_table(FILE *f, json_t *records)
{
	json_t *r;
	size_t i;

	fprintf(f, "### Noise\n\nFrom the A/A boots' samples (both boots pooled): the coefficient "
		"of variation over a suite's points, and the smallest shift the comparison "
		"detects at its noisiest point with that many samples per kernel (alpha 0.05, "
		"power 80 %%, Mann-Whitney).\n\n"
		"| suite | mode | points | samples per point | median CV | largest CV | "
		"smallest detectable shift |\n|---|---|---|---|---|---|---|\n");
	json_array_foreach(records, i, r)
		if (is(r, "noise"))
			fprintf(f, "| %s | %s | %.0f | %.0f | %.3f %% | %.3f %% | %.2f %% |\n",
				str(r, "suite"), str(r, "mode"), num(r, "points"), num(r, "n"),
				100 * num(r, "cv_median"), 100 * num(r, "cv_max"), num(r, "mde_pct"));
	fprintf(f, "\n");
}

/* What the result was made for: its meta's run and series. */
static void made_for(FILE *f, json_t *root, const char *series)
{
	json_t *meta = json_object_get(root, "meta");
	const char *run = json_string_value(json_object_get(meta, "project_commit"));
	const char *of = json_string_value(json_object_get(meta, "series"));
	struct evidence e = { 0 };

	if (run && of && strlen(run) < sizeof(e.run) && strlen(of) < sizeof(e.series)) {
		strcpy(e.run, run);
		strcpy(e.series, of);
		e.recorded = 1;
	}
	fprintf(f, "These tables: ");
	evidence_say(f, &e, series);
	fprintf(f, ".\n\n");
}

void report_selfcheck(FILE *f, json_t *root, const char *series)
{
	json_t *records = json_object_get(root, "records"), *v;
	const char *k;

	fprintf(f, "## Measurement trust (make selfcheck)\n\nWhat a verdict in the tables above "
		"is worth: how often `pb compare` flags a difference that is not there, how "
		"small a real one it finds, and how noisy each suite is.\n\n");
	made_for(f, root, series);
	aa_table(f, records);
	power_table(f, records);
	noise_table(f, records);
	fprintf(f, "Recorded with:");
	json_object_foreach(json_object_get(root, "meta"), k, v)
		fprintf(f, " %s `%s`;", k, json_string_value(v));
	fprintf(f, "\n\n");
}
