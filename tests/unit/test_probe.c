// SPDX-License-Identifier: GPL-2.0
/*
 * pb probe on a stand-in build (tests/fixtures/probe: a tiny vmlinux with
 * BTF, a KUnit suite table and .BTF_ids-style symbols), and the needs
 * evaluation (bench/probe/needs.c) and pb needs on a capabilities file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>

#include "pb_run.h"
#include "lib/guest_tests.h"
#include "probe/applies.h"
#include "probe/needs.h"

#define BUILD_FIXTURE "build/fixtures/probe-build"
#define CAPS FIXTURES "/probe/baseline.json"

static json_t *probed(const char *out)
{
	struct pb_result r;
	json_t *caps;

	pb_run(&r, "probe", "--kernel", "fixture", "--out", out, "--features",
	       FIXTURES "/probe/features.json", BUILD_FIXTURE, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	caps = json_load_file(out, 0, NULL);
	assert_non_null(caps);
	return caps;
}

static const char *str_at(const json_t *a, size_t i)
{
	return json_string_value(json_array_get(a, i));
}

/* kfuncs: BTF FUNCs .BTF_ids names, not other functions, not absent ones. */
static void probe_reads_the_build(void **state)
{
	json_t *caps = probed(scratch("caps.json")), *v;

	(void)state;
	v = json_object_get(caps, "kfuncs");
	assert_int_equal(json_array_size(v), 1);
	assert_string_equal(str_at(v, 0), "bpf_fixture_kfunc");
	v = json_object_get(caps, "kunit");
	assert_int_equal(json_array_size(v), 2);
	assert_string_equal(str_at(v, 0), "fixture-one");
	assert_string_equal(str_at(v, 1), "fixture-two");
	v = json_object_get(caps, "config");
	assert_string_equal(json_string_value(json_object_get(v, "CONFIG_MCTP")), "y");
	assert_null(json_object_get(v, "CONFIG_KASAN"));
	v = json_object_get(caps, "features");
	assert_true(json_is_true(json_object_get(v, "gateway")));
	assert_true(json_is_false(json_object_get(v, "strings")));
	assert_true(json_is_false(json_object_get(v, "sanitizer")));
	assert_true(json_is_true(json_object_get(v, "in-source")));
	assert_true(json_is_false(json_object_get(v, "not-in-source")));
	v = json_object_get(caps, "evidence");
	assert_string_equal(json_string_value(json_object_get(v, "strings")), "kfunc bpf_absent");
	assert_string_equal(json_string_value(json_object_get(v, "not-in-source")),
			    "reserve_crashkernel_cma in include/uapi/linux/mctp.h");
	v = json_object_get(caps, "fixes");
	assert_true(json_is_true(json_object_get(v, "in-history")));
	assert_true(json_is_false(json_object_get(v, "nowhere")));
	json_decref(caps);
}

static void probe_keeps_a_current_file(void **state)
{
	struct pb_result r;

	(void)state;
	json_decref(probed(scratch("again.json")));
	pb_run(&r, "probe", "--kernel", "fixture", "--out", scratch("again.json"), "--features",
	       FIXTURES "/probe/features.json", BUILD_FIXTURE, NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "up to date");
	pb_result_free(&r);
}

static void probe_refuses_an_unbuilt_tree(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "probe", "--kernel", "x", "--out", scratch("x.json"), FIXTURES "/probe", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "not a built kernel");
	pb_result_free(&r);
}

static int holds(const char *need, char *why, size_t len)
{
	json_t *caps = json_load_file(CAPS, 0, NULL), *needs = json_pack("[s]", need);
	int rc;

	assert_non_null(caps);
	rc = needs_hold(caps, needs, why, len);
	json_decref(needs);
	json_decref(caps);
	return rc;
}

static void needs_each_kind(void **state)
{
	char why[1024];

	(void)state;
	assert_int_equal(holds("config:CONFIG_MCTP", why, sizeof(why)), 1);
	assert_int_equal(holds("kunit:mctp", why, sizeof(why)), 1);
	assert_int_equal(holds("feature:netmem-desc", why, sizeof(why)), 1);
	assert_int_equal(holds("module:str-freed", why, sizeof(why)), 1);
	assert_int_equal(holds("!fix:mctp-forward-bounce", why, sizeof(why)), 1);
	assert_int_equal(holds("kfunc:bpf_strlen", why, sizeof(why)), 0);
	assert_string_equal(why, "baseline lacks bpf_strlen");
	assert_int_equal(holds("config:CONFIG_KASAN", why, sizeof(why)), 0);
	assert_string_equal(why, "baseline lacks CONFIG_KASAN");
	assert_int_equal(holds("kunit:mctp-route", why, sizeof(why)), 0);
	assert_int_equal(holds("feature:mctp-gateway", why, sizeof(why)), 0);
	assert_string_equal(why, "baseline lacks mctp-gateway (struct mctp_route.gateway (BTF))");
	assert_int_equal(holds("module:str-byteloop", why, sizeof(why)), 0);
	assert_non_null(strstr(why, "does not build: str_byteloop.c:12: error"));
	assert_int_equal(holds("fix:mctp-forward-bounce", why, sizeof(why)), 0);
	assert_non_null(strstr(why, "lacks the fix mctp-forward-bounce"));
}

static void needs_malformed(void **state)
{
	char why[1024];

	(void)state;
	assert_int_equal(holds("bpf_strlen", why, sizeof(why)), -1);
	assert_int_equal(holds("colour:red", why, sizeof(why)), -1);
	assert_int_equal(holds("feature:no-such", why, sizeof(why)), -1);
	assert_non_null(strstr(why, "no feature no-such"));
	/* a module never built is a missing prerequisite: an error, not a lack */
	assert_int_equal(holds("module:netmem-test", why, sizeof(why)), -1);
	assert_string_equal(why, "module netmem-test: not built (make modules)");
	assert_false(need_valid("kfunc:"));
	assert_true(need_valid("!fix:x"));
}

static void needs_command(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "needs", "--caps", CAPS, "config:CONFIG_MCTP", "kfunc:bpf_strlen", NULL);
	assert_exit(&r, 10);
	assert_line_matches(r.out, "^not applicable: baseline lacks bpf_strlen$");
	pb_result_free(&r);
	pb_run(&r, "needs", "--caps", CAPS, "config:CONFIG_MCTP", NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	/* a suite that needs nothing (page-pool) applies to every kernel */
	pb_run(&r, "needs", "--caps", CAPS, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	pb_run(&r, "needs", "--caps", CAPS, "--has", NULL);
	assert_exit(&r, 0);
	assert_line_matches(r.out, "^netmem-desc$");
	pb_result_free(&r);
	/* make test's KUnit glob (KUNIT=) when none is given */
	pb_run(&r, "needs", "--caps", CAPS, "--kunit", KUNIT_GLOB_DEFAULT, NULL);
	assert_line_matches(r.out, "^mctp$");
	pb_result_free(&r);
	pb_run(&r, "needs", "--caps", CAPS, "nonsense", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "not KIND:NAME");
	pb_result_free(&r);
	pb_run(&r, "needs", "--caps", scratch("absent.json"), "config:CONFIG_MCTP", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "pb probe writes it");
	pb_result_free(&r);
}

/* --suite: the manifest's needs choose the kernel, not its name (crash-memory's crashkernel=,cma) */
static void needs_of_a_suite(void **state)
{
	const char *lacks = scratch("lacks-cma.json"), *has = scratch("has-cma.json");
	struct pb_result r;

	(void)state;
	write_text(lacks, "{\"kernel\": \"patched\", \"features\": {\"crashkernel-cma\": false}}");
	write_text(has, "{\"kernel\": \"baseline\", \"features\": {\"crashkernel-cma\": true}}");
	pb_run(&r, "needs", "--caps", lacks, "--suite", "crash-memory", NULL);
	assert_exit(&r, 10);
	assert_line_matches(r.out, "^not applicable: patched lacks crashkernel-cma$");
	pb_result_free(&r);
	pb_run(&r, "needs", "--caps", has, "--suite", "crash-memory", NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	pb_run(&r, "needs", "--caps", has, "--suite", "no-such-suite", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "no suite 'no-such-suite'");
	pb_result_free(&r);
}

/* A point applies when the suite's needs and those of each point_needs selecting it hold. */
static void points_apply_by_their_needs(void **state)
{
	json_t *caps = json_load_file(CAPS, 0, NULL);
	json_t *m = json_pack("{s:[s], s:[{s:[s,s], s:[s]}, {s:[s], s:[s]}]}",
			      "needs", "config:CONFIG_MCTP",
			      "point_needs", "where", "impl=kfunc", "fn=strlen", "needs", "kfunc:bpf_strlen",
			      "where", "impl=gw", "needs", "feature:netmem-desc");
	json_t *kfunc = json_pack("{s:s, s:s, s:i}", "impl", "kfunc", "fn", "strlen", "L", 0);
	json_t *copy = json_pack("{s:s, s:s, s:i}", "impl", "copy", "fn", "strlen", "L", 0);
	json_t *gw = json_pack("{s:s}", "impl", "gw");
	char why[1024];

	(void)state;
	assert_non_null(caps);
	assert_int_equal(point_applies(m, kfunc, caps, why, sizeof(why)), 0);
	assert_string_equal(why, "baseline lacks bpf_strlen");
	assert_int_equal(point_applies(m, copy, caps, why, sizeof(why)), 1);
	assert_int_equal(point_applies(m, gw, caps, why, sizeof(why)), 1);
	json_object_set_new(m, "needs", json_pack("[s]", "kunit:mctp-route"));
	assert_int_equal(point_applies(m, copy, caps, why, sizeof(why)), 0);
	assert_string_equal(why, "baseline lacks the KUnit suite mctp-route");
	json_decref(kfunc);
	json_decref(copy);
	json_decref(gw);
	json_decref(m);
	json_decref(caps);
}

/* An mbox patch's subject: its header unfolded, the "[PATCH n/m] " dropped. */
static void patch_subject(const char *path, char *out, size_t len)
{
	FILE *f = fopen(path, "r");
	char line[1024], *s;
	size_t n = 0;
	int in = 0;

	out[0] = '\0';
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!in && !strncmp(line, "Subject: ", 9))
			in = 1, n += snprintf(out + n, len - n, "%s", line + 9);
		else if (in && line[0] == ' ')
			n += snprintf(out + n, len - n, "%s", line);
		else if (in)
			break;
		assert_true(n < len);
	}
	fclose(f);
	s = out[0] == '[' ? strstr(out, "] ") : NULL;
	if (s)
		memmove(out, s + 2, strlen(s + 2) + 1);
}

/* Each fix the table finds by its patch names a patch of the series with its subject. */
static void fix_table_names_its_patches(void **state)
{
	json_t *table = json_load_file("bench/probe/features.json", 0, NULL), *fix;
	char subject[2048];
	const char *name;
	int checked = 0;

	(void)state;
	assert_non_null(table);
	json_object_foreach(json_object_get(table, "fixes"), name, fix) {
		const char *patch = json_string_value(json_object_get(fix, "patch"));

		if (!patch)
			continue;
		patch_subject(patch, subject, sizeof(subject));
		if (strcmp(subject, json_string_value(json_object_get(fix, "subject"))))
			fail_msg("fix %s: %s has the subject '%s'", name, patch, subject);
		checked++;
	}
	assert_true(checked > 0);
	json_decref(table);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(probe_reads_the_build),
		cmocka_unit_test(probe_keeps_a_current_file),
		cmocka_unit_test(probe_refuses_an_unbuilt_tree),
		cmocka_unit_test(needs_each_kind),
		cmocka_unit_test(needs_malformed),
		cmocka_unit_test(needs_command),
		cmocka_unit_test(needs_of_a_suite),
		cmocka_unit_test(points_apply_by_their_needs),
		cmocka_unit_test(fix_table_names_its_patches),
	};

	return cmocka_run_group_tests_name("probe", tests, scratch_make, scratch_remove);
}
