// SPDX-License-Identifier: GPL-2.0
/*
 * Which results pb kcidb exports (kcidb/kcidb.h): one per suite, of the
 * guest architecture the document describes, most recently made first.
 */
#include "kcidb/kcidb.h"

#include <stdio.h>
#include <string.h>

#include "lib/arch.h"
#include "lib/layout.h"

static const char *meta_get(json_t *root, const char *key)
{
	return json_string_value(json_object_get(json_object_get(root, "meta"), key));
}

long kcidb_order_by_date(json_t **roots, const char **files, size_t n, const char *arch,
			 size_t *order)
{
	size_t picked = 0;

	for (size_t i = 0; i < n; i++) {
		const char *kind = json_string_value(json_object_get(roots[i], "kind"));
		const char *suite = json_string_value(json_object_get(roots[i], "suite"));
		const char *date = meta_get(roots[i], "date");
		size_t j;

		if ((kind && strcmp(kind, "memory")) || !suite || !date) {
			if (!kind)
				fprintf(stderr, "pb kcidb: %s: no suite or date, left out\n", files[i]);
			continue;
		}
		if (strcmp(arch_of_result(roots[i]), arch)) {
			fprintf(stderr, "pb kcidb: %s: guest_arch %s, not %s (GUEST_ARCH): left out\n",
				files[i], arch_of_result(roots[i]), arch);
			continue;
		}
		for (j = 0; j < picked; j++)
			if (!strcmp(suite, json_string_value(json_object_get(roots[order[j]], "suite")))) {
				fprintf(stderr, "pb kcidb: %s and %s are both results of %s: give one "
					"per suite, or none for each suite's newest\n", files[order[j]],
					files[i], suite);
				return -1;
			}
		order[picked++] = i;
	}
	for (size_t a = 1; a < picked; a++)	/* most recent first */
		for (size_t b = a; b && strcmp(meta_get(roots[order[b]], "date"),
					       meta_get(roots[order[b - 1]], "date")) > 0; b--) {
			size_t tmp = order[b];

			order[b] = order[b - 1];
			order[b - 1] = tmp;
		}
	return (long)picked;
}

int kcidb_newest_files(const char *root, json_t *paths)
{
	struct layout_walk w;
	char **suites, file[4096];

	if (!(suites = layout_suites(root)))
		return -1;
	if (layout_walk(&w, "pb kcidb", NULL, NULL)) {
		layout_suites_free(suites);
		return -1;
	}
	for (char **s = suites; *s; s++) {
		long i = layout_newest(&w, root, *s);

		if (i >= 0 && !layout_result_path(file, sizeof(file), root, w.run[i], *s, 0))
			json_array_append_new(paths, json_string(file));
	}
	layout_walk_free(&w);
	layout_suites_free(suites);
	return 0;
}
