/* SPDX-License-Identifier: GPL-2.0 */
/* Writing gnuplot include files (pb plotvars, pb history). */
#ifndef PB_PLOTFILE_H
#define PB_PLOTFILE_H

#include <stdio.h>

/* @s as a gnuplot double-quoted string; "?" for NULL. */
void plot_quote(FILE *f, const char *s);

/* NAME = "VALUE" and a newline. */
void plot_assign(FILE *f, const char *name, const char *value);

/* A project commit as git's short hash ("2e6273b", "2e6273b-dirty") into @buf. */
void plot_short_commit(const char *commit, char *buf, size_t len);

#endif
