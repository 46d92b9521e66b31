/* SPDX-License-Identifier: GPL-2.0 */
/* Writing gnuplot data and include files (pb plotvars, pb history, pb compare). */
#ifndef PB_PLOTFILE_H
#define PB_PLOTFILE_H

#include <jansson.h>
#include <stdio.h>

/* @s as a gnuplot double-quoted string; "?" for NULL. */
void plot_quote(FILE *f, const char *s);

/* NAME = "VALUE" and a newline. */
void plot_assign(FILE *f, const char *name, const char *value);

/* DIR/NAMEWHAT ("history-s" "-p1.dat") opened for writing; NULL, said why, if it cannot be. */
FILE *plot_open(const char *dir, const char *name, const char *what);

/* A project commit as git's short hash ("2e6273b", "2e6273b-dirty") into @buf. */
void plot_short_commit(const char *commit, char *buf, size_t len);

/* @text ("k=v k=v") with each pair @words ({"k=v": "words"}, or NULL) names in its words */
void plot_in_words(const char *text, json_t *words, char *buf, size_t len);

/*
 * @buf gets the gnuplot commands of a log y axis over [@lo, @hi] (a ratio,
 * a cost), with the fraction @key of its height above for the key: its
 * range, and tics gnuplot's log axis would not give on less than a decade
 * or two: 1, 2 and 5 of each decade, or even steps within one.
 */
void plot_log_axis(char *buf, size_t len, double lo, double hi, double key);

#endif
