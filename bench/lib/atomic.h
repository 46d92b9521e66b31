/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PB_ATOMIC_H
#define PB_ATOMIC_H

#include <stdio.h>

/*
 * Result files are never seen half-written: write to "<file>.tmp.<pid>",
 * fsync, then rename over <file>. atomic_open() returns the stream;
 * atomic_commit() closes it and renames (or removes it when @ok is 0).
 */
struct atomic_file {
	FILE *f;
	char final[4096];
	char tmp[4200];
};

int atomic_open(struct atomic_file *a, const char *file);
int atomic_commit(struct atomic_file *a, int ok);

#endif
