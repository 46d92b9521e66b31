/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is a result stale against today's inputs? It is when an input it was
 * made from (lib/inputs.h: the series, the config fragments, the suite's
 * own files, the harness code that measures), as its meta recorded it at
 * bench time, differs from the repository's today. A result from before
 * the inputs were recorded is "inputs not recorded": never shown as
 * current either. Judged from the repository alone (the report stays
 * reproducible): the host's compiler is compared at bench time, not here.
 */
#ifndef PB_REPORT_STALE_H
#define PB_REPORT_STALE_H

#include <jansson.h>
#include <stdio.h>

#include "lib/suites.h"

enum stale { STALE_CURRENT, STALE_STALE, STALE_NOT_RECORDED };

/* Judge @root, a result of suite @s, saying in @why which inputs differ ("series, suite files (guest)"). */
enum stale report_stale(json_t *root, const struct suite *s, char *why, size_t len);

/* Under a suite's heading: one line when its result is stale or its inputs not recorded. */
void report_stale_say(FILE *f, json_t *root, const struct suite *s);

/* In the headline: which of the newest results are stale, which record no inputs. */
void report_stale_headline(FILE *f, json_t *const *newest, int n, const struct suites *all);

#endif
