// SPDX-License-Identifier: GPL-2.0
#include "lib/plotfile.h"

#include <math.h>
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

void plot_log_axis(char *buf, size_t len, double lo, double hi, double key)
{
	static const double steps[] = { 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5 };
	double span = log(hi / lo);
	size_t i = 0, used;
	int n = 0;

	used = (size_t)snprintf(buf, len, "set yrange [%.6g:%.6g]; ", lo * exp(-0.05 * span),
				hi * exp(span * key / (1 - key)));
	used += (size_t)snprintf(buf + used, len - used, "set ytics (");
	if (hi / lo > 3) {	/* 1, 2, 5 of each decade, or the decades alone */
		for (double d = pow(10, floor(log10(lo))); d <= hi && used < len; d *= 10)
			for (int k = 0; k < (hi / lo > 30 ? 1 : 3); k++) {
				double t = d * (k == 2 ? 5 : k + 1);

				if (t >= lo && t <= hi && used < len)
					used += (size_t)snprintf(buf + used, len - used, "%s'%g' %g",
								 n++ ? ", " : "", t, t);
			}
	} else {		/* even steps of 1, 2 or 5 in the magnitude of hi */
		double m = pow(10, floor(log10(hi))), step;

		while (i + 1 < sizeof(steps) / sizeof(steps[0]) && (hi - lo) / (steps[i] * m) > 6)
			i++;
		step = steps[i] * m;
		for (double t = ceil(lo / step) * step; t <= hi * (1 + 1e-12) && used < len; t += step)
			used += (size_t)snprintf(buf + used, len - used, "%s'%g' %g", n++ ? ", " : "",
						 t, t);
	}
	if (used < len)
		snprintf(buf + used, len - used, ")");
}

void plot_in_words(const char *text, json_t *words, char *buf, size_t len)
{
	char copy[256], *save, *tok;
	size_t used = 0;

	snprintf(copy, sizeof(copy), "%s", text);
	buf[0] = 0;
	for (tok = strtok_r(copy, " ", &save); tok && used < len; tok = strtok_r(NULL, " ", &save)) {
		const char *w = json_string_value(json_object_get(words, tok));

		used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? " " : "", w ? w : tok);
	}
}
