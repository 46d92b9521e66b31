// SPDX-License-Identifier: GPL-2.0
/*
 * pb durations [TRACE_REPORT]: per function, the call durations in a
 * `trace-cmd report` of the function_graph tracer (leaf entries, as
 * --max-graph-depth 1 gives them), one line each:
 *   FUNC calls=N median=X q1=X q3=X p99=X total=X
 * in ns of the clock the trace was taken with (in an icount guest, guest
 * instructions). Reads stdin without an argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "lib/stats.h"

#define MAX_FUNCS 16

struct calls {
	char name[128];
	double *ns;
	size_t n, cap;
};

/* "... funcgraph_entry:   [+!#*@$] 1.234 us   |  func();": 0 and the parts, or -1 */
static int parse(const char *line, double *ns, char *name, size_t len)
{
	const char *p = strstr(line, "funcgraph_entry:"), *bar, *end;
	char *after;
	double us;

	if (!p)
		return -1;
	p += strlen("funcgraph_entry:");
	p += strspn(p, " \t+!#*@$");
	us = strtod(p, &after);
	if (after == p || strncmp(after + strspn(after, " "), "us", 2))
		return -1;
	bar = strchr(after, '|');
	if (!bar)
		return -1;
	bar += 1 + strspn(bar + 1, " ");
	end = strstr(bar, "();");	/* a leaf: the call's own duration */
	if (!end || (size_t)(end - bar) >= len)
		return -1;
	snprintf(name, len, "%.*s", (int)(end - bar), bar);
	*ns = us * 1000;
	return 0;
}

static int durations(int argc, char **argv)
{
	static struct calls funcs[MAX_FUNCS];
	char line[1024], name[128];
	int nfuncs = 0, i, status;
	double ns;
	FILE *in;

	if (args_operands(&cmd_durations, &argc, argv, &status))
		return status;
	in = argc > 1 ? fopen(argv[1], "r") : stdin;
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	while (fgets(line, sizeof(line), in)) {
		if (parse(line, &ns, name, sizeof(name)))
			continue;
		for (i = 0; i < nfuncs && strcmp(funcs[i].name, name); i++)
			;
		if (i == nfuncs) {
			if (nfuncs == MAX_FUNCS)
				continue;
			snprintf(funcs[nfuncs++].name, sizeof(funcs[0].name), "%s", name);
		}
		if (funcs[i].n == funcs[i].cap) {
			funcs[i].cap = funcs[i].cap * 2 + 1024;
			funcs[i].ns = realloc(funcs[i].ns, funcs[i].cap * sizeof(double));
			if (!funcs[i].ns) {
				perror("pb durations");
				return 1;
			}
		}
		funcs[i].ns[funcs[i].n++] = ns;
	}
	if (in != stdin)
		fclose(in);
	if (!nfuncs) {
		fprintf(stderr, "pb durations: no function_graph leaf entries in the input\n");
		return 1;
	}
	for (i = 0; i < nfuncs; i++) {
		struct calls *c = &funcs[i];
		double total = 0;

		for (size_t k = 0; k < c->n; k++)
			total += c->ns[k];
		printf("%s calls=%zu median=%.0f q1=%.0f q3=%.0f p99=%.0f total=%.0f\n", c->name, c->n,
		       stat_median(c->ns, c->n), stat_quantile(c->ns, c->n, 0.25),
		       stat_quantile(c->ns, c->n, 0.75), stat_quantile(c->ns, c->n, 0.99), total);
		free(c->ns);
	}
	return 0;
}

const struct pb_cmd cmd_durations = {
	.name = "durations",
	.run = durations,
	.summary = "per-function call durations from a trace-cmd function_graph report",
	.usage = "pb durations [TRACE_REPORT]",
	.details = "Reads stdin without TRACE_REPORT. Prints per function\n"
		   "  FUNC calls=N median=X q1=X q3=X p99=X total=X\n"
		   "in ns of the trace's clock (leaf entries: --max-graph-depth 1).\n",
	.max_operands = 1,
};
