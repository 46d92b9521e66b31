/* SPDX-License-Identifier: GPL-2.0 */
/* Writing flat results as TAP, the one format every `make test` stage leaves. */
#ifndef PB_TAP_H
#define PB_TAP_H

#include <stdio.h>

#include "tap/ktap.h"

/* Append a result (path and why are copied). Returns 0 or -1. */
int report_add(struct ktap_report *rep, const char *path, enum ktap_status st, const char *why);

/* Append a failing KTAP_ERROR result: something the log lacks (copied). */
int report_error(struct ktap_report *rep, const char *path, const char *why);

/* Prefix every path with "@prefix." */
int report_prefix(struct ktap_report *rep, const char *prefix);

/* Fail a synthetic result for each suite in the comma-separated @list that
 * reported nothing, so a suite that silently vanished is a failure.
 */
int report_require_suites(struct ktap_report *rep, const char *list);

void tap_print(FILE *f, const struct ktap_report *rep);

/* Write @rep to @file atomically (temporary file, fsync, rename). */
int tap_write(const char *file, const struct ktap_report *rep);

#endif
