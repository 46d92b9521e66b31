// SPDX-License-Identifier: GPL-2.0
#include "kcidb/kcidb.h"

#include <stdio.h>
#include <string.h>

/* Append @n bytes of @part as one path part, made of KCIDB's allowed characters. */
static int add_part(char *out, size_t len, size_t *off, const char *part, size_t n)
{
	if (*off && *off + 1 < len)
		out[(*off)++] = '.';
	if (!n) {
		part = "_";
		n = 1;
	}
	if (*off + n >= len)
		return -1;
	for (size_t i = 0; i < n; i++) {
		char c = part[i];
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			 (c >= '0' && c <= '9') || c == '_' || c == '-';

		out[(*off)++] = ok ? c : '_';
	}
	out[*off] = '\0';
	return 0;
}

int kcidb_path_append(char *out, size_t len, const char *part)
{
	size_t off = strlen(out);

	return add_part(out, len, &off, part, strlen(part));
}

int kcidb_tap_path(const char *tap_path, const char *variant, char *out, size_t len)
{
	size_t off = 0;
	int index = 0;

	if (!len)
		return -1;
	out[0] = '\0';
	for (const char *p = tap_path;; index++) {
		size_t n = strcspn(p, ".");
		int is_variant = index == 1 && variant && strlen(variant) == n &&
				 !strncmp(p, variant, n);

		if (!is_variant && add_part(out, len, &off, p, n))
			return -1;
		if (!p[n])
			break;
		p += n + 1;
	}
	return 0;
}

const char *kcidb_tap_status(const struct ktap_result *r)
{
	switch (r->status) {
	case KTAP_PASS:
		return "PASS";
	case KTAP_SKIP:
		return "SKIP";
	case KTAP_FAIL:
		break;
	}
	/* ktap.c names each result the plan promised and never came "(missing N)" */
	return r->kind == KTAP_CRASHED && strstr(r->path, "(missing ") ? "MISS" : "FAIL";
}

/* Do @points' parameters still tell them apart with @key left out? */
static int unique_without(json_t *points, const char *key)
{
	json_t *seen = json_array(), *point;
	int unique = 1;
	size_t i, j;

	json_array_foreach(points, i, point) {
		json_t *params = json_deep_copy(json_object_get(point, "params")), *other;

		json_object_del(params, key);
		json_array_foreach(seen, j, other)
			unique &= !json_equal(params, other);
		json_array_append_new(seen, params);
	}
	json_decref(seen);
	return unique;
}

json_t *kcidb_varying_params(json_t *points)
{
	json_t *first = NULL, *varying = json_object(), *point;
	size_t i;

	json_array_foreach(points, i, point) {
		json_t *params = json_object_get(point, "params"), *v;
		const char *k;

		if (!first) {
			first = params;
			continue;
		}
		json_object_foreach(params, k, v)
			if (!json_equal(v, json_object_get(first, k)))
				json_object_set_new(varying, k, json_true());
		json_object_foreach(first, k, v)
			if (!json_object_get(params, k))
				json_object_set_new(varying, k, json_true());
	}
	/* iters is a batch size, not what was measured: in a path only if needed */
	if (json_object_get(varying, "iters") && unique_without(points, "iters"))
		json_object_del(varying, "iters");
	return varying;
}

int kcidb_point_path(const char *suite, json_t *params, json_t *varying, char *out, size_t len)
{
	const char *k;
	json_t *v;
	size_t off = 0;

	if (!len)
		return -1;
	out[0] = '\0';
	for (const char *p = suite;;) {
		size_t n = strcspn(p, "-");

		if (add_part(out, len, &off, p, n))
			return -1;
		if (!p[n])
			break;
		p += n + 1;
	}
	json_object_foreach(params, k, v) {
		char part[256];

		if (!json_object_get(varying, k))
			continue;
		if (json_is_integer(v))
			snprintf(part, sizeof(part), "%s_%lld", k, (long long)json_integer_value(v));
		else if (json_is_string(v))
			snprintf(part, sizeof(part), "%s_%s", k, json_string_value(v));
		else
			snprintf(part, sizeof(part), "%s_%g", k, json_number_value(v));
		if (add_part(out, len, &off, part, strlen(part)))
			return -1;
	}
	return 0;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

json_t *kcidb_number(double value, const char *unit_hint)
{
	const char *h = unit_hint ? unit_hint : "";

	if (!strncmp(h, "ns", 2))
		return json_pack("{s:f,s:s,s:s}", "value", value * 1e-9, "unit", "s", "prefix",
				 "metric");
	if (strstr(h, "icount") || strstr(h, "instructions"))
		return json_pack("{s:f,s:s}", "value", value, "unit", "instructions");
	if (ends_with(h, "_kb"))
		return json_pack("{s:f,s:s,s:s}", "value", value * 1024, "unit", "B", "prefix",
				 "binary");
	if (ends_with(h, "_mib"))
		return json_pack("{s:f,s:s,s:s}", "value", value * 1048576, "unit", "B", "prefix",
				 "binary");
	return *h ? json_pack("{s:f,s:s}", "value", value, "unit", h) :
		    json_pack("{s:f}", "value", value);
}
