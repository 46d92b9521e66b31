/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading the "TAG key=value key=value ..." lines guests and scripts write
 * (PB-BENCH, PB-MEM, PB-SELFCHECK): only lines that start with TAG and a
 * space count; a token without '=' is skipped; a value runs from the first
 * '=' to the next space, so it may hold '=' itself.
 *
 *	struct tagged_lines t;
 *	char *key, *value;
 *
 *	if (tagged_lines_open(&t, path, "PB-MEM"))
 *		... perror(path)
 *	while (tagged_lines_next(&t))
 *		while (tagged_lines_pair(&t, &key, &value))
 *			...
 *	tagged_lines_close(&t);
 */
#ifndef PB_TAGGED_LINES_H
#define PB_TAGGED_LINES_H

#include <stdio.h>

/* A line longer than this is read as several. */
#define TAGGED_LINE_MAX 4096

struct tagged_lines {
	FILE *f;
	const char *tag;
	char line[TAGGED_LINE_MAX];
	char *rest;	/* what the next tagged_lines_pair() tokenises, NULL after the first */
	char *save;	/* strtok_r's place in line */
};

/* Read @path's @tag lines; -1 with errno set if it cannot be opened. */
int tagged_lines_open(struct tagged_lines *t, const char *path, const char *tag);

/* Move to the next @tag line: 1, or 0 at the end of the file. */
int tagged_lines_next(struct tagged_lines *t);

/*
 * The next key=value pair of the current line, split in place: 1 with
 * *key and *value set (valid until tagged_lines_next()), 0 after the last.
 */
int tagged_lines_pair(struct tagged_lines *t, char **key, char **value);

void tagged_lines_close(struct tagged_lines *t);

#endif
