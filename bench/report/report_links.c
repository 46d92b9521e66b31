// SPDX-License-Identifier: GPL-2.0
#include "report/report_links.h"

#include <ctype.h>
#include <string.h>

/* "scheme:" before any '/' or ')': a URL such as https: or mailto:. */
static int has_scheme(const char *t)
{
	const char *p = t;

	if (!isalpha((unsigned char)*p))
		return 0;
	while (isalnum((unsigned char)*p) || *p == '+' || *p == '-' || *p == '.')
		p++;
	return *p == ':';
}

static int is_relative(const char *t)
{
	return *t && !isspace((unsigned char)*t) && !strchr("/#)", *t) && !has_scheme(t);
}

void report_rebased_line(FILE *f, const char *line, const char *base)
{
	const char *p = line, *link;

	while ((link = strstr(p, "](")) != NULL) {
		link += 2;
		fwrite(p, 1, (size_t)(link - p), f);
		if (is_relative(link))
			fprintf(f, "%s/", base);
		p = link;
	}
	fputs(p, f);
}
