// SPDX-License-Identifier: GPL-2.0
/*
 * pb records-collect --tag TAG --suite S --kind K --out FILE [--meta K=V]...
 *     [--meta-file F]... INPUT...
 *
 * Reads "TAG key=value ..." lines (PB-MEM from the crashkernel guest test:
 * memory under one crashkernel= layout; PB-SELFCHECK from bench/collect/selfcheck.sh:
 * false flags, detection power, noise) and writes them, numbers as numbers,
 * as the "records" of one JSON result of that kind (atomically), which
 * `pb report` turns into its section.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "collect/meta_options.h"
#include "collect/tagged_lines.h"
#include "lib/results.h"

static json_t *value(const char *v)
{
	char *end;
	long long n = strtoll(v, &end, 10);
	double d;

	if (*v && !*end)
		return json_integer(n);
	d = strtod(v, &end);
	return *v && !*end ? json_real(d) : json_string(v);
}

/* The current line's pairs as one record, or NULL if it has none. */
static json_t *record(struct tagged_lines *t)
{
	json_t *r = json_object();
	char *key, *v;

	while (tagged_lines_pair(t, &key, &v))
		json_object_set_new(r, key, value(v));
	if (!json_object_size(r)) {
		json_decref(r);
		return NULL;
	}
	return r;
}

static int records_collect(int argc, char **argv)
{
	struct result_args r = { .meta = json_object() };
	json_t *records = json_array(), *root;
	const char *tag = NULL, *kind = NULL;
	struct args a;
	int c;

	/* args.h's loop, as in every command; a result's own options are result_option()'s */
	args_init(&a, &cmd_records_collect, argc, argv);
	while ((c = args_next(&a)) > 0) {
		switch (c) {
		case 't':
			tag = a.value;
			break;
		case 'k':
			kind = a.value;
			break;
		default:
			if ((c = result_option(&r, &a)))
				return c;
		}
	}
	if (c < 0)
		return a.status;
	for (int i = 0; i < a.noperands; i++) {
		struct tagged_lines t;

		if (tagged_lines_open(&t, a.operands[i], tag)) {
			perror(a.operands[i]);
			return 1;
		}
		while (tagged_lines_next(&t)) {
			json_t *rec = record(&t);

			if (rec)
				json_array_append_new(records, rec);
		}
		tagged_lines_close(&t);
	}
	if (!json_array_size(records)) {
		fprintf(stderr, "pb records-collect: no %s lines in the input\n", tag);
		return 1;
	}
	root = json_pack("{s:i,s:s,s:s,s:o,s:o}", "schema", 1, "suite", r.suite, "kind",
			 kind, "meta", r.meta, "records", records);
	return collected_write(root, r.out, "%zu records", json_array_size(records));
}

static const struct option options[] = {
	RESULT_OPTIONS,
	{ "tag", required_argument, NULL, 't' },
	{ "kind", required_argument, NULL, 'k' },
	{ 0 },
};

const struct pb_cmd cmd_records_collect = {
	.name = "records-collect",
	.run = records_collect,
	.summary = "gather TAG key=value lines into a JSON result",
	.usage = "pb records-collect --tag TAG --suite S --kind K --out FILE [--meta K=V]...\n"
		 "    [--meta-file F]... INPUT...",
	.details = "Reads the \"TAG key=value ...\" lines of each INPUT and writes them as the\n"
		   "records of one JSON result of kind K to FILE (atomically).\n"
		   META_HELP,
	.options = options,
	.required = (const char *const[]){ "tag", "suite", "kind", "out", NULL },
	.min_operands = 1,
	.max_operands = -1,
};
