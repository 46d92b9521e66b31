// SPDX-License-Identifier: GPL-2.0
#include "tap/tap.h"

#include <stdlib.h>
#include <string.h>

#include "lib/atomic.h"

int report_add(struct ktap_report *rep, const char *path, enum ktap_status st, const char *why)
{
	char *p = strdup(path), *w = why ? strdup(why) : NULL;

	if (!p || (why && !w)) {
		free(p);
		free(w);
		return -1;
	}
	return ktap_take(rep, p, st, KTAP_CASE, w);
}

int report_error(struct ktap_report *rep, const char *path, const char *why)
{
	char *p = strdup(path), *w = strdup(why);

	if (!p || !w) {
		free(p);
		free(w);
		return -1;
	}
	return ktap_take(rep, p, KTAP_FAIL, KTAP_ERROR, w);
}

int report_prefix(struct ktap_report *rep, const char *prefix)
{
	for (size_t i = 0; i < rep->n; i++) {
		size_t lp = strlen(prefix), l = strlen(rep->results[i].path);
		char *p = malloc(lp + l + 2);

		if (!p)
			return -1;
		memcpy(p, prefix, lp);
		p[lp] = '.';
		memcpy(p + lp + 1, rep->results[i].path, l + 1);
		free(rep->results[i].path);
		rep->results[i].path = p;
	}
	return 0;
}

void tap_print(FILE *f, const struct ktap_report *rep)
{
	fprintf(f, "TAP version 13\n1..%zu\n", rep->n);
	for (size_t i = 0; i < rep->n; i++) {
		const struct ktap_result *r = &rep->results[i];

		fprintf(f, "%s %zu - %s", r->status == KTAP_FAIL ? "not ok" : "ok", i + 1, r->path);
		if (r->status == KTAP_SKIP)
			fprintf(f, " # SKIP%s%s", r->why ? " " : "", r->why ? r->why : "");
		else if (r->why || r->kind == KTAP_CRASHED)
			fprintf(f, " # %s%s%s", r->kind == KTAP_CRASHED ? "crashed" : "",
				r->kind == KTAP_CRASHED && r->why ? ": " : "", r->why ? r->why : "");
		fputc('\n', f);
	}
}

int tap_write(const char *file, const struct ktap_report *rep)
{
	struct atomic_file a;

	if (atomic_open(&a, file))
		return -1;
	tap_print(a.f, rep);
	return atomic_commit(&a, !ferror(a.f));
}

static int suite_reported(const struct ktap_report *rep, const char *suite)
{
	size_t l = strlen(suite);

	for (size_t i = 0; i < rep->n; i++)
		if (!strncmp(rep->results[i].path, suite, l) &&
		    (rep->results[i].path[l] == '.' || !rep->results[i].path[l]))
			return 1;	/* a case of the suite, or the suite itself when it has none */
	return 0;
}

int report_require_suites(struct ktap_report *rep, const char *list)
{
	char *copy = strdup(list), *save = NULL;
	int r = 0;

	if (!copy)
		return -1;
	for (char *s = strtok_r(copy, ",", &save); s && !r; s = strtok_r(NULL, ",", &save))
		if (!suite_reported(rep, s))
			r = report_error(rep, s, "suite did not report any result");
	free(copy);
	return r;
}
