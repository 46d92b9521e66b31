// SPDX-License-Identifier: GPL-2.0
/*
 * make bench POINTS= against a suite's manifest: each filter's key is one
 * of its "parameters", and the filters on a key select one of the values
 * listed for it. The lists are per key, so a filter passes here when some
 * listed value passes it; which combinations a run has is the guest's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/points.h"
#include "lib/suites.h"

static void key_list(char *buf, size_t len, json_t *parameters)
{
	size_t off = 0;
	const char *k;
	json_t *v;

	buf[0] = '\0';
	json_object_foreach(parameters, k, v)
		if (off < len)
			off += (size_t)snprintf(buf + off, len - off, "%s%s", off ? ", " : "", k);
}

/* Does some value of @key's list pass every filter of @filters on @key? */
static int some_value_passes(const char *key, json_t *values, json_t *filters)
{
	json_t *v, *point;
	size_t i;
	int passes;

	json_array_foreach(values, i, v) {
		point = json_is_null(v) ? json_object() : json_pack("{s:O}", key, v);
		passes = points_match_json(point, filters);
		json_decref(point);
		if (passes)
			return 1;
	}
	return 0;
}

int suite_points_check(const struct suite *s, json_t *filters, char *err, size_t len)
{
	json_t *parameters = json_object_get(s->m, "parameters"), *e, *values, *on_key;
	struct point_filter f;
	char why[512], keys[512];
	char *text;
	size_t i;

	if (!json_object_size(parameters)) {
		snprintf(err, len, "%s: suite %s lists no \"parameters\": its points cannot be "
			 "picked", s->path, s->name);
		return -1;
	}
	key_list(keys, sizeof(keys), parameters);
	json_array_foreach(filters, i, e) {
		if (point_filter_parse(json_string_value(e), &f, why, sizeof(why))) {
			snprintf(err, len, "%s", why);
			return -1;
		}
		if (!json_object_get(parameters, f.key)) {
			snprintf(err, len, "'%s': %s has no parameter '%s'; its parameters: %s",
				 json_string_value(e), s->name, f.key, keys);
			return -1;
		}
	}
	json_array_foreach(filters, i, e) {
		size_t j;
		json_t *g;
		int status;

		point_filter_parse(json_string_value(e), &f, why, sizeof(why));
		values = json_object_get(parameters, f.key);
		on_key = json_array();
		json_array_foreach(filters, j, g) {
			struct point_filter other;

			point_filter_parse(json_string_value(g), &other, why, sizeof(why));
			if (!strcmp(other.key, f.key))
				json_array_append(on_key, g);
		}
		status = some_value_passes(f.key, values, on_key);
		if (!status) {
			char *filters_text = json_dumps(on_key, JSON_COMPACT);

			text = json_dumps(values, 0);
			snprintf(err, len, "%s select no point of %s: its \"parameters\" give %s as %s "
				 "(null: points without it)", filters_text, s->name, f.key, text);
			free(text);
			free(filters_text);
		}
		json_decref(on_key);
		if (!status)
			return -1;
	}
	return 0;
}
