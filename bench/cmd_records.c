// SPDX-License-Identifier: GPL-2.0
/*
 * pb memory-collect --out FILE [--meta K=V]... [--meta-file F]... MEMORY.txt...
 *
 * Reads the "PB-MEM case=C kernel=K key=N ..." lines the crashkernel guest
 * test writes (one per boot: how much memory the system had and how much
 * userspace could take under one crashkernel= layout) and writes them as one
 * JSON result of kind "memory" (atomically), which `pb report` tabulates.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "results.h"

static json_t *parse_line(char *line)
{
	json_t *c = json_object();
	char *save = NULL;

	for (char *t = strtok_r(line + 7, " \n", &save); t; t = strtok_r(NULL, " \n", &save)) {
		char *eq = strchr(t, '='), *end;
		long long n;

		if (!eq)
			continue;
		*eq++ = '\0';
		n = strtoll(eq, &end, 10);
		json_object_set_new(c, t, *eq && !*end ? json_integer(n) : json_string(eq));
	}
	if (!json_is_string(json_object_get(c, "case"))) {
		json_decref(c);
		return NULL;
	}
	return c;
}

int cmd_memory_collect(int argc, char **argv)
{
	json_t *meta = json_object(), *cases = json_array(), *root;
	const char *out = NULL;
	int i;

	for (i = 1; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
		if (!strcmp(argv[i], "--out"))
			out = argv[i + 1];
		else if (!strcmp(argv[i], "--meta-file")) {
			if (results_meta_file(meta, argv[i + 1]))
				return 1;
		} else if (strcmp(argv[i], "--meta") || results_meta_set(meta, argv[i + 1])) {
			fprintf(stderr, "pb memory-collect: bad option %s\n", argv[i]);
			return 2;
		}
	}
	if (!out || i >= argc) {
		fprintf(stderr, "usage: pb memory-collect --out FILE [--meta K=V]... "
			"[--meta-file F]... MEMORY.txt...\n");
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
			json_t *c = strncmp(line, "PB-MEM ", 7) ? NULL : parse_line(line);

			if (c)
				json_array_append_new(cases, c);
		}
		fclose(f);
	}
	if (!json_array_size(cases)) {
		fprintf(stderr, "pb memory-collect: no PB-MEM lines in the input\n");
		return 1;
	}
	root = json_pack("{s:i,s:s,s:s,s:s,s:o,s:o}", "schema", 1, "suite", "crash-memory",
			 "kind", "memory", "unit", "kB", "meta", meta, "cases", cases);
	if (results_write(root, out))
		return 1;
	printf("bench: crash-memory: %zu cases -> %s\n", json_array_size(cases), out);
	json_decref(root);
	return 0;
}
