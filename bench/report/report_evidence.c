// SPDX-License-Identifier: GPL-2.0
/* What an artefact was made for, and whether it is stale (report_evidence.h). */
#include "report/report_evidence.h"

#include <errno.h>
#include <jansson.h>
#include <string.h>

#include "lib/inputs.h"

/* Copy @v into @buf if it is a string that fits; -1 otherwise. */
static int copy(char *buf, size_t len, json_t *v)
{
	const char *s = json_string_value(v);

	if (!s || !*s || strlen(s) >= len)
		return -1;
	memcpy(buf, s, strlen(s) + 1);
	return 0;
}

int evidence_read(struct evidence *e, const char *path)
{
	json_error_t err;
	json_t *doc;
	FILE *in;

	memset(e, 0, sizeof(*e));
	if (!(in = fopen(path, "r"))) {
		if (errno == ENOENT)
			return 0;
		perror(path);
		return -1;
	}
	doc = json_loadf(in, 0, &err);
	fclose(in);
	if (!doc) {
		fprintf(stderr, "pb report: %s: %s\n", path, err.text);
		return -1;
	}
	if (copy(e->run, sizeof(e->run), json_object_get(doc, "run")) ||
	    copy(e->series, sizeof(e->series), json_object_get(doc, "series"))) {
		fprintf(stderr, "pb report: %s: no \"run\" and \"series\" strings (bench/collect/made_for.sh "
			"writes them)\n", path);
		json_decref(doc);
		return -1;
	}
	json_decref(doc);
	e->recorded = 1;
	return 0;
}

int evidence_parse_line(struct evidence *e, const char *line)
{
	char end[4];

	memset(e, 0, sizeof(*e));
	if (sscanf(line, "<!-- made-for: run=%63s series=%63s %3s", e->run, e->series, end) != 3 ||
	    strcmp(end, "-->")) {
		memset(e, 0, sizeof(*e));
		return 0;
	}
	e->recorded = 1;
	return 1;
}

void evidence_say(FILE *f, const struct evidence *e, const char *results_series)
{
	const char *today = inputs_today_series();

	if (!e->recorded) {
		fprintf(f, "**made for: not recorded**");
		return;
	}
	fprintf(f, "made at `%s` for series `%s`", e->run, e->series);
	if (!results_series)
		fprintf(f, " (the results record no series)");
	else if (strcmp(e->series, results_series))
		fprintf(f, " **stale: made for series %s, the results are of series %s**", e->series,
			results_series);
	else if (!today || strcmp(e->series, today))
		fprintf(f, " **stale: made for series %s, today's is %s**", e->series,
			today ? today : "unreadable");
}
