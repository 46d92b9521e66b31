// SPDX-License-Identifier: GPL-2.0
/* The key-by-key manifest checker of lib/schema.h. */
#include "lib/schema.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/need_syntax.h"

int schema_fail(struct schema_ctx *c, const char *path, const char *fmt, ...)
{
	size_t off;
	va_list ap;

	off = (size_t)snprintf(c->err, c->len, "%s: key '%s' ", c->file, path);
	if (off < c->len) {
		va_start(ap, fmt);
		vsnprintf(c->err + off, c->len - off, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static const char *schema_want_name(enum schema_want w)
{
	static const char *const names[] = { "a string", "an integer", "a number", "true or false",
					     "an object", "an array", "an array of strings", "a value" };

	return names[w];
}

const char *schema_json_name(json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "an integer";
	case JSON_REAL: return "a real number";
	case JSON_TRUE: case JSON_FALSE: return "a boolean";
	default: return "null";
	}
}

int schema_is(json_t *v, enum schema_want w)
{
	size_t i;
	json_t *e;

	switch (w) {
	case STRING: return json_is_string(v);
	case INTEGER: return json_is_integer(v);
	case NUMBER: return json_is_number(v);
	case BOOLEAN: return json_is_boolean(v);
	case OBJECT: return json_is_object(v);
	case ARRAY: return json_is_array(v);
	case ANY: return 1;
	case STRINGS:
		if (!json_is_array(v))
			return 0;
		json_array_foreach(v, i, e)
			if (!json_is_string(e))
				return 0;
		return 1;
	}
	return 0;
}

int schema_in_set(const char *s, const char *const *set)
{
	for (; *set; set++)
		if (!strcmp(s, *set))
			return 1;
	return 0;
}

static void schema_set_text(char *buf, size_t len, const char *const *set)
{
	size_t off = 0;

	buf[0] = '\0';
	for (; *set && off < len; set++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s", off ? ", " : "", *set);
}

void schema_join(char *buf, size_t len, const char *path, const char *key)
{
	snprintf(buf, len, "%s%s%s", path, *path ? "." : "", key);
}

static int schema_check_value(struct schema_ctx *c, json_t *v, const char *path,
			      const struct schema_field *f)
{
	if (!schema_is(v, f->want))
		return schema_fail(c, path, "should be %s, not %s", schema_want_name(f->want),
				   schema_json_name(v));
	if (f->one_of) {
		char set[256];
		json_t *e;
		size_t i;

		schema_set_text(set, sizeof(set), f->one_of);
		if (f->want == STRING && !schema_in_set(json_string_value(v), f->one_of))
			return schema_fail(c, path, "is '%s': one of %s", json_string_value(v), set);
		if (f->want == STRINGS)
			json_array_foreach(v, i, e)
				if (!schema_in_set(json_string_value(e), f->one_of))
					return schema_fail(c, path, "has '%s': each one of %s",
						    json_string_value(e), set);
	}
	return f->inner ? f->inner(c, v, path) : 0;
}

/* Check @obj's keys against @fields (ended by a NULL key) and fill in defaults. */
int schema_check_object(struct schema_ctx *c, json_t *obj, const char *path,
			const struct schema_field *fields)
{
	char sub[512];
	const char *k;
	json_t *v;

	json_object_foreach(obj, k, v) {
		const struct schema_field *f;

		for (f = fields; f->key && strcmp(f->key, k); f++)
			;
		schema_join(sub, sizeof(sub), path, k);
		if (!f->key)
			return schema_fail(c, sub, "is not a manifest key here (a typo?)");
		if (schema_check_value(c, v, sub, f))
			return -1;
	}
	for (const struct schema_field *f = fields; f->key; f++) {
		schema_join(sub, sizeof(sub), path, f->key);
		if (json_object_get(obj, f->key))
			continue;
		if (f->required)
			return schema_fail(c, sub, "is missing (%s)", schema_want_name(f->want));
		if (f->dflt) {
			json_object_set_new(obj, f->key, json_loads(f->dflt, JSON_DECODE_ANY, NULL));
			/* the default's own defaults ("trace": {} gets funcs and args) */
			if (schema_check_value(c, json_object_get(obj, f->key), sub, f))
				return -1;
		}
	}
	return 0;
}

/* Each element of array @v is an object checked against @fields. */
int schema_check_objects(struct schema_ctx *c, json_t *v, const char *path,
			 const struct schema_field *fields)
{
	char sub[512];
	json_t *e;
	size_t i;

	json_array_foreach(v, i, e) {
		snprintf(sub, sizeof(sub), "%s.%zu", path, i);
		if (!json_is_object(e))
			return schema_fail(c, sub, "should be an object, not %s", schema_json_name(e));
		if (schema_check_object(c, e, sub, fields))
			return -1;
	}
	return 0;
}

int schema_nonempty(struct schema_ctx *c, json_t *v, const char *path)
{
	return json_array_size(v) ? 0 : schema_fail(c, path, "is empty");
}

/* The kernels are built with CONFIG_NR_CPUS=8 (kernel/config/bench.config). */
int schema_guest_cpus(struct schema_ctx *c, json_t *v, const char *path)
{
	json_int_t n = json_integer_value(v);

	return n >= 1 && n <= 8 ? 0 : schema_fail(c, path, "should be 1 to 8, not %lld", (long long)n);
}

int schema_one_line(struct schema_ctx *c, json_t *v, const char *path)
{
	return strchr(json_string_value(v), '\n') ? schema_fail(c, path, "should be one line") : 0;
}

int schema_each(struct schema_ctx *c, json_t *v, const char *path,
		int (*one)(struct schema_ctx *c, json_t *e, const char *path))
{
	char sub[512];
	json_t *e;
	size_t i;

	json_array_foreach(v, i, e) {
		snprintf(sub, sizeof(sub), "%s.%zu", path, i);
		if (one(c, e, sub))
			return -1;
	}
	return 0;
}

static int one_need(struct schema_ctx *c, json_t *e, const char *path)
{
	if (need_valid(json_string_value(e)))
		return 0;
	return schema_fail(c, path, "should be KIND:NAME (KIND: kfunc, config, kunit, feature, fix, "
			   "module; ! before it: must lack), not '%s'", json_string_value(e));
}

/* "needs": what a kernel must have, KIND:NAME each (probe/needs.h) */
int schema_needs(struct schema_ctx *c, json_t *v, const char *path)
{
	return schema_each(c, v, path, one_need);
}
