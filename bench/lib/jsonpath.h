/* SPDX-License-Identifier: GPL-2.0 */
/* Paths into JSON for scripts: keys and array indexes joined by dots. */
#ifndef PB_JSONPATH_H
#define PB_JSONPATH_H

#include <jansson.h>

/* The value at @path ("summary.verdicts.faster", "points.0.ratio") under @v, or NULL. */
json_t *json_at(json_t *v, const char *path);

/*
 * @v on stdout for a script, one line: a string as it is, an array of
 * strings as words, anything else as compact JSON.
 */
void json_print_value(json_t *v);

/*
 * The value at each of @paths under @v, one a line (json_print_value); 1
 * at the first missing, saying "WHO: WHAT: no PATH" on stderr, else 0.
 */
int json_print_paths(json_t *v, const char *what, const char *who, int n, char **paths);

#endif
