/* SPDX-License-Identifier: GPL-2.0 */
/* Writing gnuplot data and include files (pb plotvars, pb history, pb compare). */
#ifndef PB_PLOTFILE_H
#define PB_PLOTFILE_H

#include <stdio.h>

/* @s as a gnuplot double-quoted string; "?" for NULL. */
void plot_quote(FILE *f, const char *s);

/* NAME = "VALUE" and a newline. */
void plot_assign(FILE *f, const char *name, const char *value);

/* DIR/NAMEWHAT ("history-s" "-p1.dat") opened for writing; NULL, said why, if it cannot be. */
FILE *plot_open(const char *dir, const char *name, const char *what);

/* A project commit as git's short hash ("2e6273b", "2e6273b-dirty") into @buf. */
void plot_short_commit(const char *commit, char *buf, size_t len);

#endif
