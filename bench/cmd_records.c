// SPDX-License-Identifier: GPL-2.0
/*
 * pb records-collect --tag TAG --suite S --kind K --out FILE [--meta K=V]...
 *     [--meta-file F]... INPUT...
 *
 * Reads "TAG key=value ..." lines (PB-MEM from the crashkernel guest test:
 * memory under one crashkernel= layout; PB-SELFCHECK from bench/selfcheck.sh:
 * false flags, detection power, noise) and writes them, numbers as numbers,
 * as the "records" of one JSON result of that kind (atomically), which
 * `pb report` turns into its section.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "results.h"

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

static json_t *parse_line(char *rest)
{
	json_t *r = json_object();
	char *save = NULL;

	for (char *t = strtok_r(rest, " \n", &save); t; t = strtok_r(NULL, " \n", &save)) {
		char *eq = strchr(t, '=');

		if (!eq)
			continue;
		*eq++ = '\0';
		json_object_set_new(r, t, value(eq));
	}
	if (!json_object_size(r)) {
		json_decref(r);
		return NULL;
	}
	return r;
}

int cmd_records_collect(int argc, char **argv)
{
	json_t *meta = json_object(), *records = json_array(), *root;
	const char *out = NULL, *tag = NULL, *suite = NULL, *kind = NULL;
	int i;

	for (i = 1; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
		if (!strcmp(argv[i], "--out"))
			out = argv[i + 1];
		else if (!strcmp(argv[i], "--tag"))
			tag = argv[i + 1];
		else if (!strcmp(argv[i], "--suite"))
			suite = argv[i + 1];
		else if (!strcmp(argv[i], "--kind"))
			kind = argv[i + 1];
		else if (!strcmp(argv[i], "--meta-file")) {
			if (results_meta_file(meta, argv[i + 1]))
				return 1;
		} else if (strcmp(argv[i], "--meta") || results_meta_set(meta, argv[i + 1])) {
			fprintf(stderr, "pb records-collect: bad option %s\n", argv[i]);
			return 2;
		}
	}
	if (!out || !tag || !suite || !kind || i >= argc) {
		fprintf(stderr, "usage: pb records-collect --tag TAG --suite S --kind K --out FILE "
			"[--meta K=V]... [--meta-file F]... INPUT...\n");
		return 2;
	}
	for (; i < argc; i++) {
		char line[4096];
		FILE *f = fopen(argv[i], "r");

		if (!f) {
			perror(argv[i]);
			return 1;
		}
		while (fgets(line, sizeof(line), f)) {
			size_t n = strlen(tag);
			json_t *r = strncmp(line, tag, n) || line[n] != ' ' ? NULL :
				    parse_line(line + n + 1);

			if (r)
				json_array_append_new(records, r);
		}
		fclose(f);
	}
	if (!json_array_size(records)) {
		fprintf(stderr, "pb records-collect: no %s lines in the input\n", tag);
		return 1;
	}
	root = json_pack("{s:i,s:s,s:s,s:o,s:o}", "schema", 1, "suite", suite, "kind", kind,
			 "meta", meta, "records", records);
	if (results_write(root, out))
		return 1;
	printf("bench: %s: %zu records -> %s\n", suite, json_array_size(records), out);
	json_decref(root);
	return 0;
}
