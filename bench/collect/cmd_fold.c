// SPDX-License-Identifier: GPL-2.0
/*
 * pb fold [PERF_SCRIPT]: `perf script` output with call chains, as folded
 * stacks ("comm;outermost;...;innermost COUNT", one line per distinct
 * stack, sorted), the input of flame graph tools. Offsets are dropped from
 * symbols, unresolved frames become their DSO in brackets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"

#define MAX_FRAMES 128
#define MAX_STACK 8192

struct stack {
	char *text;
	long count;
};

static struct stack *stacks;
static size_t nstacks, capstacks;

static void add_stack(const char *text)
{
	for (size_t i = 0; i < nstacks; i++)
		if (!strcmp(stacks[i].text, text)) {
			stacks[i].count++;
			return;
		}
	if (nstacks == capstacks) {
		capstacks = capstacks ? 2 * capstacks : 256;
		stacks = realloc(stacks, capstacks * sizeof(*stacks));
		if (!stacks) {
			perror("pb fold");
			exit(1);
		}
	}
	stacks[nstacks].text = strdup(text);
	stacks[nstacks++].count = 1;
}

/* "\tffffffff811ce40f perf_event_exec+0x1ff ([kernel.kallsyms])" -> "perf_event_exec" */
static void frame_name(char *line, char *out, size_t len)
{
	char *sym = line + strspn(line, " \t"), *paren;

	sym += strcspn(sym, " ");	/* skip the address */
	sym += strspn(sym, " ");
	paren = strstr(sym, " (");
	if (!strncmp(sym, "[unknown]", 9) && paren) {
		char *dso = paren + 2, *end = strrchr(dso, ')');
		char *base = dso;

		if (end)
			*end = '\0';
		for (char *p = dso; *p; p++)
			if (*p == '/')
				base = p + 1;
		snprintf(out, len, "[%s]", *base == '[' ? "unknown" : base);
		return;
	}
	if (paren)
		*paren = '\0';
	sym[strcspn(sym, "+")] = '\0';
	snprintf(out, len, "%s", sym);
}

static int by_text(const void *a, const void *b)
{
	return strcmp(((const struct stack *)a)->text, ((const struct stack *)b)->text);
}

static int fold(int argc, char **argv)
{
	static char frames[MAX_FRAMES][256], line[4096], comm[256], text[MAX_STACK];
	int nframes = 0, in_sample = 0, status;
	FILE *in;

	if (args_operands(&cmd_fold, &argc, argv, &status))
		return status;
	in = argc > 1 ? fopen(argv[1], "r") : stdin;
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	for (int eof = 0; !eof;) {
		eof = !fgets(line, sizeof(line), in);
		line[strcspn(line, "\n")] = '\0';
		if (eof || !line[0]) {
			if (in_sample) {
				size_t off = (size_t)snprintf(text, sizeof(text), "%s", comm);

				for (int i = nframes - 1; i >= 0 && off < sizeof(text); i--)
					off += (size_t)snprintf(text + off, sizeof(text) - off, ";%s", frames[i]);
				add_stack(text);
			}
			in_sample = 0;
			nframes = 0;
		} else if (line[0] == '\t' || line[0] == ' ') {
			if (in_sample && nframes < MAX_FRAMES)
				frame_name(line, frames[nframes++], sizeof(frames[0]));
		} else {
			/* a sample header: the command name comes first */
			snprintf(comm, sizeof(comm), "%.*s", (int)strcspn(line, " \t"), line);
			in_sample = 1;
		}
	}
	if (in != stdin)
		fclose(in);
	qsort(stacks, nstacks, sizeof(*stacks), by_text);
	for (size_t i = 0; i < nstacks; i++)
		printf("%s %ld\n", stacks[i].text, stacks[i].count);
	return 0;
}

const struct pb_cmd cmd_fold = {
	.name = "fold",
	.run = fold,
	.summary = "perf script call chains as folded stacks (flame graph input)",
	.usage = "pb fold [PERF_SCRIPT]",
	.details = "Reads stdin without PERF_SCRIPT. Prints \"comm;root;...;leaf COUNT\" lines.\n",
	.max_operands = 1,
};
