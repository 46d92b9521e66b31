/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An output made by one command, remade only when its key changes: the key
 * is a hash of the command line and of the content of every input (never
 * of file dates, so a file older than its output is still taken). The key
 * is kept beside the output as .NAME.key; the command writes to a
 * temporary file renamed over the output, so a failed or interrupted step
 * leaves the previous output and no key that claims it. Paths in the
 * command under the outputs' folder count without it, so a copy of the
 * folder (make bench SUITE=PATH seeds its own from build/) stays current.
 */
#ifndef PB_BUILD_KEYED_H
#define PB_BUILD_KEYED_H

#include <jansson.h>

struct keyed {
	const char *out;	/* the output file */
	json_t *argv;		/* the command, "@OUT" standing for the temporary output */
	json_t *inputs;		/* files and folders (their regular files) whose content counts */
	int stdout_is_out;	/* the command's stdout is the output */
	int dry_run;		/* print what would run, run nothing */
	const char *root;	/* the outputs' folder: the key is the same wherever it is */
};

/* 0: current or made; 1: made (printed); -1: failed (said on stderr). */
int keyed_make(const struct keyed *k);

#endif
