// SPDX-License-Identifier: GPL-2.0
/*
 * pb flamegraph [--template HTML --out PAGE] [--context TEXT] FOLDED
 *
 * A profile's folded stacks (pb fold) as a flame graph: the call tree as
 * the JSON d3-flame-graph draws (flamegraph.h), printed, or put into that
 * library's own self-contained page, d3-flamegraph-base.html (the library
 * inlined, two placeholders for the data), the same page perf's
 * `perf script report flamegraph` fills, and written atomically.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "lib/atomic.h"
#include "lib/file_text.h"
#include "report/flamegraph.h"

#define STACKS_MARK "/** @flamegraph_json **/"
#define OPTIONS_MARK "/** @options_json **/"
/* Inside <script>: "</" must not end it, so '/' is escaped too. */
#define EMBED_FLAGS (JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ESCAPE_SLASH | JSON_PRESERVE_ORDER)

/* The one place of @mark in @text, or NULL with why in @err. */
static const char *one_mark(const char *text, const char *mark, const char *path, char *err,
			    size_t errlen)
{
	const char *at = strstr(text, mark);

	if (!at)
		snprintf(err, errlen, "%s: no %s: not d3-flame-graph's d3-flamegraph-base.html", path,
			 mark);
	else if (strstr(at + 1, mark))
		snprintf(err, errlen, "%s: %s more than once", path, mark);
	else
		return at;
	return NULL;
}

static int write_page(const char *template, const char *out, const char *stacks,
		      const char *options)
{
	const char *first, *second, *first_json, *second_json;
	size_t first_len, second_len;
	struct atomic_file a;
	char *text = file_text(template), err[1024];
	int ok;

	if (!text) {
		fprintf(stderr, "pb flamegraph: %s: cannot read it as text\n", template);
		return 1;
	}
	if (!(first = one_mark(text, STACKS_MARK, template, err, sizeof(err))) ||
	    !(second = one_mark(text, OPTIONS_MARK, template, err, sizeof(err)))) {
		fprintf(stderr, "pb flamegraph: %s\n", err);
		free(text);
		return 1;
	}
	first_json = stacks, first_len = strlen(STACKS_MARK);
	second_json = options, second_len = strlen(OPTIONS_MARK);
	if (second < first) {
		const char *t = first;

		first = second, second = t;
		first_json = options, first_len = strlen(OPTIONS_MARK);
		second_json = stacks, second_len = strlen(STACKS_MARK);
	}
	if (atomic_open(&a, out)) {
		perror(out);
		free(text);
		return 1;
	}
	fwrite(text, 1, (size_t)(first - text), a.f);
	fputs(first_json, a.f);
	fwrite(first + first_len, 1, (size_t)(second - first - first_len), a.f);
	fputs(second_json, a.f);
	fputs(second + second_len, a.f);
	ok = !ferror(a.f);
	free(text);
	if (atomic_commit(&a, ok) || !ok) {
		fprintf(stderr, "pb flamegraph: %s: cannot write it\n", out);
		return 1;
	}
	return 0;
}

/* What the page's Context button shows: @context, then what the profile holds. */
static char *context_text(const char *context, const char *path, const struct flamegraph *fg)
{
	const char *fmt = "%s%s%s: %ld samples; the hottest frame: %s, %ld samples of its own";
	int len = snprintf(NULL, 0, fmt, context ? context : "", context ? "\n" : "", path,
			   fg->samples, fg->hottest, fg->hottest_samples);
	char *text = len < 0 ? NULL : malloc((size_t)len + 1);

	if (text)
		snprintf(text, (size_t)len + 1, fmt, context ? context : "", context ? "\n" : "",
			 path, fg->samples, fg->hottest, fg->hottest_samples);
	return text;
}

static int flamegraph(int argc, char **argv)
{
	const char *template = NULL, *out = NULL, *context = NULL, *path;
	char err[1024], *summary = NULL, *stacks = NULL, *options = NULL;
	struct flamegraph fg;
	struct args a;
	FILE *in;
	int c, status = 1;
	json_t *opts;

	args_init(&a, &cmd_flamegraph, argc, argv);
	while ((c = args_next(&a)) > 0)
		*(c == 't' ? &template : c == 'o' ? &out : &context) = a.value;
	if (c < 0)
		return a.status;
	if (!template != !out)
		return args_error(&cmd_flamegraph, "--template and --out go together");
	path = a.operands[0];
	if (!(in = fopen(path, "r"))) {
		perror(path);
		return 1;
	}
	if (flamegraph_read(&fg, in, path, err, sizeof(err))) {
		fprintf(stderr, "pb flamegraph: %s\n", err);
		fclose(in);
		return 1;
	}
	fclose(in);
	if (!template) {
		status = json_dumpf(fg.tree, stdout, JSON_COMPACT | JSON_PRESERVE_ORDER) || puts("") < 0;
		flamegraph_free(&fg);
		return status;
	}
	summary = context_text(context, path, &fg);
	opts = json_pack("{s:s}", "context", summary ? summary : "");
	stacks = json_dumps(fg.tree, EMBED_FLAGS);
	options = json_dumps(opts, EMBED_FLAGS);
	if (summary && stacks && options)
		status = write_page(template, out, stacks, options);
	else
		fprintf(stderr, "pb flamegraph: out of memory\n");
	free(summary);
	free(stacks);
	free(options);
	json_decref(opts);
	flamegraph_free(&fg);
	return status;
}

static const struct option options[] = {
	{ "template", required_argument, NULL, 't' },
	{ "out", required_argument, NULL, 'o' },
	{ "context", required_argument, NULL, 'c' },
	{ 0 },
};

const struct pb_cmd cmd_flamegraph = {
	.name = "flamegraph",
	.run = flamegraph,
	.summary = "folded stacks as a flame graph: d3-flame-graph's JSON, or its page",
	.usage = "pb flamegraph [--template HTML --out PAGE] [--context TEXT] FOLDED",
	.details = "Prints the call tree of FOLDED (\"frame;...;frame COUNT\" lines, pb fold) as\n"
		   "d3-flame-graph's JSON: {\"n\": name, \"v\": samples of its own, \"c\": [children]}.\n"
		   "  --template HTML  d3-flame-graph's dist/templates/d3-flamegraph-base.html\n"
		   "  --out PAGE       write that page with the tree in it (atomically) instead\n"
		   "  --context TEXT   the first line of the page's Context text\n"
		   "Exits 1 on a malformed line (named by file and line) or no samples.\n",
	.options = options,
	.min_operands = 1,
	.max_operands = 1,
};
