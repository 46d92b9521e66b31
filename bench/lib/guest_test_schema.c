// SPDX-License-Identifier: GPL-2.0
/*
 * What a guest test's manifest (tests/guest/NAME/test.json) may hold,
 * checked key by key (lib/schema.h). A guest-stage test boots once per
 * kernel of the pair (guest/KERNEL/NAME) and may name module KTAP suites;
 * a crash-stage test boots once (crash/NAME, or crash/CASE per case) with
 * its own command line, accelerator and panic. A key its stage does not
 * read is refused.
 */
#include <stdio.h>
#include <string.h>

#include "lib/guest_tests.h"
#include "lib/manifest_dir.h"
#include "lib/schema.h"

static int positive(struct schema_ctx *c, json_t *v, const char *path)
{
	json_int_t n = json_integer_value(v);

	return n > 0 ? 0 : schema_fail(c, path, "should be a number of seconds, not %lld",
				       (long long)n);
}

static int one_name(struct schema_ctx *c, json_t *v, const char *path)
{
	return manifest_plain_name(json_string_value(v)) ? 0 :
		schema_fail(c, path, "'%s' should be lower-case letters, digits and '-'",
			    json_string_value(v));
}

static int plain_names(struct schema_ctx *c, json_t *v, const char *path)
{
	return schema_each(c, v, path, one_name);
}

static int known_fix(struct schema_ctx *c, json_t *e, const char *path)
{
	if (json_object_get(c->data, json_string_value(e)))
		return 0;
	return schema_fail(c, path, "'%s' is not one of bench/probe/features.json's fixes",
			   json_string_value(e));
}

/* "fixes": features.json's fixes whose "flips" change what this test expects */
static int known_fixes(struct schema_ctx *c, json_t *v, const char *path)
{
	return schema_each(c, v, path, known_fix);
}

/* "ktap": [{"suite": NAME, "needs": [...]}]: a suite is required where its needs hold */
static int ktap(struct schema_ctx *c, json_t *v, const char *path)
{
	static const struct schema_field f[] = {
		{ .key = "suite", .want = STRING, .required = 1 },
		{ .key = "needs", .want = STRINGS, .dflt = "[]", .inner = schema_needs },
		{ .key = NULL }
	};

	return schema_check_objects(c, v, path, f);
}

/* "cases": [{"name", "needs", "append"}]: one crash boot each */
static int cases(struct schema_ctx *c, json_t *v, const char *path)
{
	static const struct schema_field f[] = {
		{ .key = "name", .want = STRING, .required = 1, .inner = one_name },
		{ .key = "needs", .want = STRINGS, .dflt = "[]", .inner = schema_needs },
		{ .key = "append", .want = STRING, .required = 1, .inner = schema_one_line },
		{ .key = NULL }
	};
	char sub[512];
	json_t *e;
	size_t i, j;

	if (schema_nonempty(c, v, path) || schema_check_objects(c, v, path, f))
		return -1;
	json_array_foreach(v, i, e)
		for (j = 0; j < i; j++)
			if (json_equal(json_object_get(e, "name"),
				       json_object_get(json_array_get(v, j), "name"))) {
				snprintf(sub, sizeof(sub), "%s.%zu.name", path, i);
				return schema_fail(c, sub, "repeats %s.%zu's", path, j);
			}
	return 0;
}

/* The keys only one stage reads: the others' are refused, not ignored. */
static int stage_keys(struct schema_ctx *c, json_t *m)
{
	static const char *const guest_only[] = { "ktap", NULL };
	static const char *const crash_only[] = { "cases", "append", "fallback", "expect_panic",
						  "capture_kernel", "taps", NULL };
	const char *stage = json_string_value(json_object_get(m, "stage"));
	const char *const *other = strcmp(stage, "crash") ? crash_only : guest_only;
	const char *k;
	json_t *v;

	json_object_foreach(m, k, v)
		if (schema_in_set(k, other))
			return schema_fail(c, k, "is not read by a %s-stage test", stage);
	return 0;
}

int guest_test_schema_check(json_t *m, const char *file, const json_t *fixes, char *err,
			    size_t len)
{
	static const char *const stages[] = { "guest", "crash", NULL };
	static const char *const fallbacks[] = { "icount", "tcg", NULL };
	static const struct schema_field f[] = {
		{ .key = "description", .want = STRING, .required = 1, .inner = schema_one_line },
		{ .key = "stage", .want = STRING, .dflt = "\"guest\"", .one_of = stages },
		{ .key = "order", .want = INTEGER, .dflt = "100" },
		{ .key = "needs", .want = STRINGS, .dflt = "[]", .inner = schema_needs },
		{ .key = "cpus", .want = INTEGER, .dflt = "2", .inner = schema_guest_cpus },
		{ .key = "timeout", .want = INTEGER, .dflt = "900", .inner = positive },
		{ .key = "fixes", .want = STRINGS, .dflt = "[]", .inner = known_fixes },
		{ .key = "ktap", .want = ARRAY, .inner = ktap },
		{ .key = "cases", .want = ARRAY, .inner = cases },
		{ .key = "append", .want = STRING, .inner = schema_one_line },
		{ .key = "fallback", .want = STRING, .one_of = fallbacks },
		{ .key = "expect_panic", .want = BOOLEAN },
		{ .key = "capture_kernel", .want = BOOLEAN },
		{ .key = "taps", .want = STRINGS, .inner = plain_names },
		{ .key = NULL }
	};
	static const struct { const char *key, *dflt; } stage_defaults[] = {
		{ "ktap", "[]" }, { "cases", "[]" }, { "append", "\"\"" }, { "fallback", "\"icount\"" },
		{ "expect_panic", "false" }, { "capture_kernel", "false" }, { "taps", "[]" },
	};
	struct schema_ctx c = { .file = file, .err = err, .len = len, .data = fixes };

	if (!json_is_object(m)) {
		snprintf(err, len, "%s: should be a JSON object", file);
		return -1;
	}
	if (schema_check_object(&c, m, "", f) || stage_keys(&c, m))
		return -1;
	if (json_is_true(json_object_get(m, "capture_kernel")) &&
	    !json_is_true(json_object_get(m, "expect_panic")))
		return schema_fail(&c, "capture_kernel", "needs expect_panic: the capture kernel "
				   "boots after the crash");
	for (size_t i = 0; i < sizeof(stage_defaults) / sizeof(stage_defaults[0]); i++)
		if (!json_object_get(m, stage_defaults[i].key))
			json_object_set_new(m, stage_defaults[i].key,
					    json_loads(stage_defaults[i].dflt, JSON_DECODE_ANY, NULL));
	return 0;
}
