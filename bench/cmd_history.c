// SPDX-License-Identifier: GPL-2.0
/*
 * pb history [--md FILE] [--data DIR] RESULT.json...
 *
 * One suite's points across project commits (make history): the results
 * are given oldest commit first (bench/results-of.sh --all). Prints the
 * Markdown table (history_markdown()), or writes it to FILE; --data DIR
 * also writes the data of plots/history.gp (history_plotdata()).
 */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "atomic.h"
#include "cmd.h"
#include "history.h"

static int write_markdown(const struct history *h, const char *file)
{
	struct atomic_file a;

	if (!file) {
		history_markdown(stdout, h);
		return 0;
	}
	if (atomic_open(&a, file)) {
		perror(file);
		return -1;
	}
	history_markdown(a.f, h);
	if (atomic_commit(&a, !ferror(a.f))) {
		perror(file);
		return -1;
	}
	return 0;
}

int cmd_history(int argc, char **argv)
{
	json_t *roots[HISTORY_MAX_COMMITS];
	const char *md = NULL, *data = NULL;
	struct history h;
	char err[512];
	int arg = 1, n = 0, status = 0;

	for (; arg + 1 < argc && argv[arg][0] == '-'; arg += 2) {
		if (!strcmp(argv[arg], "--md"))
			md = argv[arg + 1];
		else if (!strcmp(argv[arg], "--data"))
			data = argv[arg + 1];
		else
			break;
	}
	if (arg == argc || argv[arg][0] == '-' || argc - arg > HISTORY_MAX_COMMITS) {
		fprintf(stderr, "usage: pb history [--md FILE] [--data DIR] RESULT.json... "
			"(oldest first, at most %d)\n", HISTORY_MAX_COMMITS);
		return 2;
	}
	for (; arg < argc; arg++) {
		json_error_t e;

		roots[n] = json_load_file(argv[arg], 0, &e);
		if (!roots[n]) {
			fprintf(stderr, "pb history: %s: %s\n", argv[arg], e.text);
			status = 1;
			break;
		}
		n++;
	}
	if (!status && history_build(&h, roots, n, err, sizeof(err))) {
		fprintf(stderr, "pb history: %s\n", err);
		status = 1;
	} else if (!status) {
		if (write_markdown(&h, md) || (data && history_plotdata(&h, data)))
			status = 1;
		history_free(&h);
	}
	for (int i = 0; i < n; i++)
		json_decref(roots[i]);
	return status;
}
