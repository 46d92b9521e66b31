// SPDX-License-Identifier: GPL-2.0
#include "lib/plotfile.h"

#include <string.h>

void plot_quote(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fprintf(f, "%s\"", s ? "" : "?");
}

void plot_assign(FILE *f, const char *name, const char *value)
{
	fprintf(f, "%s = ", name);
	plot_quote(f, value);
	fputc('\n', f);
}

FILE *plot_open(const char *dir, const char *name, const char *what)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s%s", dir, name, what);
	f = fopen(path, "w");
	if (!f)
		perror(path);
	return f;
}

void plot_short_commit(const char *commit, char *buf, size_t len)
{
	if (!commit)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%.7s%s", commit, strstr(commit, "-dirty") ? "-dirty" : "");
}
