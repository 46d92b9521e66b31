// SPDX-License-Identifier: GPL-2.0
/* A result judged against today's inputs (report_stale.h). */
#include "report/report_stale.h"

#include <string.h>

#include "lib/inputs.h"

static const char *meta(json_t *root, const char *key)
{
	return json_string_value(json_object_get(json_object_get(root, "meta"), key));
}

/* Each input's meta key and what the report calls it; the series first */
static const char *const inputs[][2] = { { "series", "series" },
					 { "inputs_config", "config fragments" },
					 { "suite_files", "suite files" },
					 { "inputs_harness", "harness code" } };
#define NINPUTS (sizeof(inputs) / sizeof(inputs[0]))

enum stale report_stale(json_t *root, const struct suite *s, char *why, size_t len)
{
	char missing[256] = "";
	int stale = 0;
	json_t *today;

	snprintf(why, len, "all (no manifest of the suite)");
	if (!s)
		return STALE_NOT_RECORDED;
	*why = '\0';
	if (!(today = inputs_of(s->dir, "kernel/patches", NULL))) {
		snprintf(why, len, "today's inputs cannot be read");
		return STALE_STALE;
	}
	for (size_t i = 0; i < NINPUTS; i++) {
		const char *then = meta(root, inputs[i][0]);
		const char *now = json_string_value(json_object_get(today, inputs[i][0]));
		char files[1024] = "";

		/* a pair's series is its own tree's, not kernel/patches/ */
		if (!i && meta(root, "pair"))
			continue;
		if (!then)
			snprintf(missing + strlen(missing), sizeof(missing) - strlen(missing), "%s%s",
				 *missing ? ", " : "", inputs[i][1]);
		if (!then || !strcmp(then, now))
			continue;
		if (!strcmp(inputs[i][0], "suite_files"))
			inputs_files_differing(then, now, files, sizeof(files));
		snprintf(why + strlen(why), len - strlen(why), "%s%s%s%s%s", stale++ ? ", " : "",
			 inputs[i][1], *files ? " (" : "", files, *files ? ")" : "");
	}
	json_decref(today);
	if (stale && *missing)
		snprintf(why + strlen(why), len - strlen(why), "; not recorded: %s", missing);
	else if (*missing)
		snprintf(why, len, "%s", missing);
	return stale ? STALE_STALE : *missing ? STALE_NOT_RECORDED : STALE_CURRENT;
}

void report_stale_say(FILE *f, json_t *root, const struct suite *s)
{
	char why[2048];

	switch (report_stale(root, s, why, sizeof(why))) {
	case STALE_STALE:
		fprintf(f, "**Stale: made from other inputs than today's: %s.** Its figures are not "
			"those of today's tree; `make bench SUITE=%s` remakes them.\n\n", why,
			json_string_value(json_object_get(root, "suite")));
		break;
	case STALE_NOT_RECORDED:
		fprintf(f, "**Inputs not recorded: %s.** This result is from before they were "
			"recorded, so it cannot be shown as current; `make bench SUITE=%s` remakes it.\n\n",
			why, json_string_value(json_object_get(root, "suite")));
		break;
	case STALE_CURRENT:
		break;
	}
}

void report_stale_headline(FILE *f, json_t *const *newest, int n, const struct suites *all)
{
	int shown[2] = { 0, 0 };

	for (int kind = STALE_STALE; kind <= STALE_NOT_RECORDED; kind++) {
		for (int i = 0; i < n; i++) {
			const char *name = json_string_value(json_object_get(newest[i], "suite"));
			const struct suite *s = name ? suites_find(all, name) : NULL;
			char why[2048];

			if (json_object_get(newest[i], "kind") &&
			    !strcmp(json_string_value(json_object_get(newest[i], "kind")), "selfcheck"))
				continue;
			if ((int)report_stale(newest[i], s, why, sizeof(why)) != kind)
				continue;
			if (!shown[kind - 1]++)
				fprintf(f, kind == STALE_STALE ? "**Stale against today's inputs** (made "
					"from another series, config, suite files or harness than today's, "
					"each section says which; not current until `make bench` remakes "
					"them):" : "**Inputs not recorded** (results from before they "
					"recorded what they were made from; not shown as current until "
					"`make bench` remakes them):");
			fprintf(f, "%s %s", shown[kind - 1] > 1 ? "," : "", name);
		}
		if (shown[kind - 1])
			fprintf(f, ".\n\n");
	}
}
