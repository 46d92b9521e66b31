// SPDX-License-Identifier: GPL-2.0
/* The guest tests' manifests loaded and checked against features.json's fixes. */
#include <jansson.h>
#include <stdio.h>

#include "probe/features.h"
#include "probe/guest_tests_checked.h"

int guest_tests_load_checked(struct guest_tests *all, const char *who)
{
	json_error_t jerr;
	json_t *table = json_load_file(FEATURES_TABLE, 0, &jerr);
	json_t *fixes = json_object_get(table, "fixes");
	char err[1024];
	int status;

	if (!json_is_object(fixes)) {
		fprintf(stderr, "%s: %s: %s\n", who, FEATURES_TABLE,
			table ? "no \"fixes\" object" : jerr.text);
		json_decref(table);
		return -1;
	}
	status = guest_tests_load(all, fixes, err, sizeof(err));
	json_decref(table);
	if (status)
		fprintf(stderr, "%s: %s\n", who, err);
	return status ? -1 : 0;
}
