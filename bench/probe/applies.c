// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "lib/points.h"
#include "lib/suites.h"
#include "probe/applies.h"
#include "probe/needs.h"

int point_applies(const json_t *manifest, const json_t *params, const json_t *caps, char *reason,
		  size_t len)
{
	int rc = needs_hold(caps, json_object_get(manifest, "needs"), reason, len);
	size_t i;
	json_t *pn;

	json_array_foreach(json_object_get(manifest, "point_needs"), i, pn) {
		if (rc != 1)
			break;
		if (points_match_json((json_t *)params, json_object_get(pn, "where")))
			rc = needs_hold(caps, json_object_get(pn, "needs"), reason, len);
	}
	return rc;
}

static int mark(const char *suite, const json_t *m, json_t *points, const char *kernel,
		const char *file)
{
	json_t *caps = json_load_file(file, 0, NULL), *p;
	char reason[1024];
	int rc = 0;
	size_t i;

	if (!caps) {
		fprintf(stderr, "pb bench-collect: --caps %s=%s: cannot read it (pb probe)\n", kernel, file);
		return -1;
	}
	json_array_foreach(points, i, p) {
		int applies = point_applies(m, json_object_get(p, "params"), caps, reason, sizeof(reason));

		if (applies < 0) {
			fprintf(stderr, "pb bench-collect: %s: %s\n", suite, reason);
			rc = -1;
			break;
		}
		if (applies)
			continue;
		if (json_object_get(p, kernel)) {
			fprintf(stderr, "pb bench-collect: %s: a point %s ran does not apply to it "
				"(%s): its needs in the manifest are wrong\n", suite, kernel, reason);
			rc = -1;
			break;
		}
		if (!json_object_get(p, "not_applicable"))
			json_object_set_new(p, "not_applicable", json_object());
		json_object_set_new(json_object_get(p, "not_applicable"), kernel, json_string(reason));
	}
	json_decref(caps);
	return rc;
}

int points_mark_not_applicable(const char *suite, json_t *points, json_t *caps_specs)
{
	const struct suite *s;
	struct suites all;
	char err[1024];
	size_t i;
	json_t *v;
	int rc = 0;

	if (!json_array_size(caps_specs))
		return 0;
	if (suites_load(&all, err, sizeof(err))) {
		fprintf(stderr, "pb bench-collect: %s\n", err);
		return -1;
	}
	s = suites_find_said(&all, "pb bench-collect", suite);
	if (!s)
		rc = -1;
	json_array_foreach(caps_specs, i, v) {
		char spec[4096], *eq;

		if (rc)
			break;
		snprintf(spec, sizeof(spec), "%s", json_string_value(v));
		eq = strchr(spec, '=');
		if (!eq) {
			fprintf(stderr, "pb bench-collect: --caps wants KERNEL=FILE, not %s\n", spec);
			rc = -1;
			break;
		}
		*eq = '\0';
		rc = mark(suite, s->m, points, spec, eq + 1);
	}
	suites_free(&all);
	return rc;
}
