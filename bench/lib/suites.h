/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The benchmark suites: one folder each, whose suite.json (the manifest)
 * says everything about the suite (docs/suites.md lists the keys;
 * suite_schema.c checks them). The built-in suites are the folders of
 * suites/ (PB_SUITES_BUILTIN: another folder, or "" for none); SUITES_DIR
 * adds the folders of more directories (':'-separated) and PB_SUITE_PATHS
 * single suite folders (make bench SUITE=PATH). Names are unique.
 */
#ifndef PB_SUITES_H
#define PB_SUITES_H

#include <jansson.h>
#include <stddef.h>

#define SUITES_MAX 64

struct suite {
	char name[64];
	char dir[4096];		/* its folder */
	char path[4096];	/* its suite.json */
	int own;		/* a suite of the user's, not one of suites/ */
	json_t *m;		/* the manifest, every optional key filled with its default */
};

struct suites {
	struct suite s[SUITES_MAX];
	int n;			/* sorted by "order", then name */
};

/* The built-in suites' folder: $PB_SUITES_BUILTIN, else "suites". */
const char *suites_builtin_dir(void);
/* Where suites are looked for, for messages: $SUITES_DIR, else the built-in folder. */
const char *suites_dir(void);

/*
 * Load and check every suite (see above). On a bad manifest
 * (or none at all) returns -1 with @err naming the file and the key.
 */
int suites_load(struct suites *all, char *err, size_t len);
void suites_free(struct suites *all);

/* The suite called @name, or NULL. */
const struct suite *suites_find(const struct suites *all, const char *name);

/* The same, or NULL having said on stderr, as @who ("pb suites"), where it looked and which there are. */
const struct suite *suites_find_said(const struct suites *all, const char *who, const char *name);

/* Is any of them a suite of the user's (SUITES_DIR, PB_SUITE_PATHS)? */
int suites_any_own(const struct suites *all);

/* Has @s a guest script, its folder's guest (the initramfs's bench-NAME)? */
int suite_has_guest(const struct suite *s);

/*
 * Is the plot recipe's @series named for the kernel it draws ("name" equal
 * to its "kernel"), or not named at all? Then its panel's title names it.
 */
int suite_series_named_for_kernel(const json_t *series);

/* Does @s name make target @target ("bisect", "history", ...) among those that can run it? */
int suite_can(const struct suite *s, const char *target);

/*
 * Do @filters (a JSON array of lib/points.h filters, make bench POINTS=)
 * fit @s's "parameters"? -1 with @err naming a filter whose key is none of
 * them (and listing them), or the filters on one key that select none of
 * its values; and when @s lists no parameters at all.
 */
int suite_points_check(const struct suite *s, json_t *filters, char *err, size_t len);

/*
 * Check one manifest (@m, read from @file) and fill in the defaults;
 * returns -1 with @err naming @file and the key at fault.
 */
int suite_schema_check(json_t *m, const char *file, char *err, size_t len);

#endif
