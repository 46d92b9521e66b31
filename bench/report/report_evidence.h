/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What an artefact shown beside a suite's results (profiles/SUITE/: the
 * perf diff, the trace, the hand-written analysis; make selfcheck's
 * result) was made for: the run and the patch series. Said beside it in
 * RESULTS.md, and marked stale when its series is not the one of the
 * results it sits beside, or not today's (kernel/patches, lib/inputs.h).
 *
 *   profiles/SUITE/TOOL.made-for.json   {"run", "series", ...}, written by
 *                                       bench/collect/made_for.sh
 *   analysis.md's first line            <!-- made-for: run=RUN series=SERIES -->
 */
#ifndef PB_REPORT_EVIDENCE_H
#define PB_REPORT_EVIDENCE_H

#include <stdio.h>

struct evidence {
	int recorded;
	char run[64], series[64];
};

/* @path's record (a TOOL.made-for.json); not recorded if there is none. -1, said why, if it is bad. */
int evidence_read(struct evidence *e, const char *path);

/* @line's record if it is an analysis's "<!-- made-for: ... -->" line; 1 if it is one. */
int evidence_parse_line(struct evidence *e, const char *line);

/*
 * "made at `RUN` for series `SERIES`", then, if @results_series (the
 * series of the results beside it; NULL: not recorded) or today's series
 * differs, the bold stale mark; "**made for: not recorded**" for an
 * artefact with no record.
 */
void evidence_say(FILE *f, const struct evidence *e, const char *results_series);

#endif
