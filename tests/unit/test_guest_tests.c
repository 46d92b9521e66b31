// SPDX-License-Identifier: GPL-2.0
/*
 * The guest tests' manifests (bench/lib/guest_tests.c, guest_test_schema.c,
 * pb tests): the committed ones load and agree with features.json's fixes;
 * a good manifest gets its defaults; each kind of bad one, and a folder
 * without its guest script, is refused naming the file and the key.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>
#include <jansson.h>

#include "pb_run.h"
#include "lib/guest_tests.h"
#include "probe/features.h"

static json_t *fix_table(void)
{
	json_t *table = json_load_file(FEATURES_TABLE, 0, NULL), *fixes;

	assert_non_null(table);
	fixes = json_incref(json_object_get(table, "fixes"));
	json_decref(table);
	assert_non_null(fixes);
	return fixes;
}

/* Each of features.json's fixes flips "TEST: ...", and TEST's manifest names it back. */
static void committed_manifests_and_their_fixes(void **state)
{
	static struct guest_tests all;
	json_t *fixes = fix_table(), *fix, *v;
	const char *name;
	char err[1024];
	size_t i;

	(void)state;
	if (guest_tests_load(&all, fixes, err, sizeof(err)))
		fail_msg("%s", err);
	assert_non_null(guest_tests_find(&all, "mctp-net"));
	assert_non_null(guest_tests_find(&all, "kdump"));
	json_object_foreach(fixes, name, fix) {
		const char *flips = json_string_value(json_object_get(fix, "flips"));
		char test[64];
		const struct guest_test *t;
		int named = 0;

		assert_non_null(flips);
		assert_int_equal(sscanf(flips, "%63[^:]:", test), 1);
		t = guest_tests_find(&all, test);
		if (!t)
			fail_msg("fix %s flips '%s', which is no guest test", name, test);
		json_array_foreach(json_object_get(t->m, "fixes"), i, v)
			named |= !strcmp(json_string_value(v), name);
		if (!named)
			fail_msg("fix %s flips %s, whose test.json does not name it", name, test);
	}
	guest_tests_free(&all);
	json_decref(fixes);
}

/*
 * A folder @name under the scratch "gt" directory: @manifest (NULL: none)
 * and a guest script of mode @mode (0: none).
 */
static void folder(const char *name, const char *manifest, mode_t mode)
{
	char dir[4096], path[4200];

	snprintf(dir, sizeof(dir), "%s/%s", scratch("gt"), name);
	assert_true(!mkdir(scratch("gt"), 0755) || errno == EEXIST);
	assert_int_equal(mkdir(dir, 0755), 0);
	if (manifest) {
		snprintf(path, sizeof(path), "%s/test.json", dir);
		write_text(path, manifest);
	}
	if (mode) {
		snprintf(path, sizeof(path), "%s/guest", dir);
		write_text(path, "#!/bin/sh\n");
		assert_int_equal(chmod(path, mode), 0);
	}
}

static int clear(const char *name)
{
	char cmd[4200];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", scratch(name));
	return system(cmd);
}

static int load(struct guest_tests *all, char *err, size_t len)
{
	json_t *fixes = json_pack("{s:{}}", "known-fix");
	int status;

	assert_int_equal(setenv("GUEST_TESTS_DIR", scratch("gt"), 1), 0);
	status = guest_tests_load(all, fixes, err, len);
	unsetenv("GUEST_TESTS_DIR");
	json_decref(fixes);
	return status;
}

static void good_manifest_gets_its_defaults(void **state)
{
	static struct guest_tests all;
	const struct guest_test *t;
	char err[1024];
	json_t *b;

	(void)state;
	assert_int_equal(clear("gt"), 0);
	folder("one", "{\"description\": \"a test\", \"needs\": [\"config:CONFIG_X\"], "
	       "\"fixes\": [\"known-fix\"], \"ktap\": [{\"suite\": \"s\"}]}", 0755);
	folder("boom", "{\"description\": \"crash\", \"stage\": \"crash\", \"needs\": [\"feature:f\"], "
	       "\"cases\": [{\"name\": \"small\", \"needs\": [\"!fix:g\"], \"append\": \"x=1\"}]}",
	       0755);
	if (load(&all, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(all.n, 2);
	assert_string_equal(all.t[0].name, "one");	/* the guest stage's first */
	t = guest_tests_find(&all, "one");
	assert_int_equal(json_integer_value(json_object_get(t->m, "cpus")), 2);
	assert_int_equal(json_integer_value(json_object_get(t->m, "timeout")), 900);
	assert_string_equal(json_string_value(json_object_get(t->m, "stage")), "guest");
	assert_int_equal(json_array_size(json_object_get(json_array_get(
		json_object_get(t->m, "ktap"), 0), "needs")), 0);
	assert_null(guest_tests_crash_boot(&all, "one"));
	b = guest_tests_crash_boot(&all, "small");
	assert_non_null(b);
	assert_string_equal(json_string_value(json_object_get(b, "test")), "boom");
	assert_string_equal(json_string_value(json_object_get(b, "append")), "x=1");
	assert_string_equal(json_string_value(json_object_get(b, "fallback")), "icount");
	assert_int_equal(json_array_size(json_object_get(b, "needs")), 2);
	json_decref(b);
	guest_tests_free(&all);
}

/* Each bad manifest alone in its directory: refused, the message holding @want. */
static void refused(const char *manifest, mode_t mode, const char *want)
{
	static struct guest_tests all;
	char err[1024];

	assert_int_equal(clear("gt"), 0);
	folder("bad", manifest, mode);
	if (!load(&all, err, sizeof(err)))
		fail_msg("taken: %s", manifest ? manifest : "(no manifest)");
	if (!strstr(err, want))
		fail_msg("refused, but '%s' does not say '%s'", err, want);
	assert_non_null(strstr(err, "/gt/bad/"));
}

static void bad_manifests_are_refused_by_file_and_key(void **state)
{
	(void)state;
	refused("{\"description\": \"x\",}", 0755, "test.json:1:");
	refused("{\"description\": \"x\", \"description\": \"y\"}", 0755, "duplicate");
	refused("[]", 0755, "should be a JSON object");
	refused("{}", 0755, "key 'description' is missing");
	refused("{\"description\": \"a\\nb\"}", 0755, "key 'description' should be one line");
	refused("{\"description\": \"x\", \"cpu\": 1}", 0755, "key 'cpu' is not a manifest key");
	refused("{\"description\": \"x\", \"cpus\": \"two\"}", 0755,
		"key 'cpus' should be an integer, not a string");
	refused("{\"description\": \"x\", \"cpus\": 9}", 0755, "key 'cpus' should be 1 to 8");
	refused("{\"description\": \"x\", \"timeout\": 0}", 0755, "key 'timeout' should be a number");
	refused("{\"description\": \"x\", \"stage\": \"kunit\"}", 0755, "key 'stage' is 'kunit'");
	refused("{\"description\": \"x\", \"needs\": [\"CONFIG_X\"]}", 0755,
		"key 'needs.0' should be KIND:NAME");
	refused("{\"description\": \"x\", \"fixes\": [\"no-such-fix\"]}", 0755,
		"key 'fixes.0' 'no-such-fix' is not one of bench/probe/features.json's fixes");
	refused("{\"description\": \"x\", \"ktap\": [{\"needs\": []}]}", 0755,
		"key 'ktap.0.suite' is missing");
	refused("{\"description\": \"x\", \"ktap\": [{\"suite\": \"s\", \"needs\": [\"x\"]}]}", 0755,
		"key 'ktap.0.needs.0' should be KIND:NAME");
	refused("{\"description\": \"x\", \"append\": \"a=1\"}", 0755,
		"key 'append' is not read by a guest-stage test");
	refused("{\"description\": \"x\", \"stage\": \"crash\", \"ktap\": []}", 0755,
		"key 'ktap' is not read by a crash-stage test");
	refused("{\"description\": \"x\", \"stage\": \"crash\", \"cases\": []}", 0755,
		"key 'cases' is empty");
	refused("{\"description\": \"x\", \"stage\": \"crash\", \"cases\": [{\"name\": \"a\"}]}",
		0755, "key 'cases.0.append' is missing");
	refused("{\"description\": \"x\", \"stage\": \"crash\", \"cases\": [{\"name\": \"A\", "
		"\"append\": \"\"}]}", 0755, "key 'cases.0.name' 'A' should be lower-case");
	refused("{\"description\": \"x\", \"stage\": \"crash\", \"cases\": [{\"name\": \"a\", "
		"\"append\": \"\"}, {\"name\": \"a\", \"append\": \"\"}]}", 0755,
		"key 'cases.1.name' repeats cases.0's");
	refused("{\"description\": \"x\", \"stage\": \"crash\", \"fallback\": \"kvm\"}", 0755,
		"key 'fallback' is 'kvm': one of icount, tcg");
	refused("{\"description\": \"x\", \"stage\": \"crash\", \"capture_kernel\": true}", 0755,
		"key 'capture_kernel' needs expect_panic");
	refused("{\"description\": \"x\"}", 0, "no executable");
	refused("{\"description\": \"x\"}", 0644, "no executable");
	refused(NULL, 0755, "test.json: missing");
}

/* Two crash boots of one name would be one job, crash/NAME. */
static void a_crash_boot_name_is_one_job(void **state)
{
	static struct guest_tests all;
	char err[1024];

	(void)state;
	assert_int_equal(clear("gt"), 0);
	folder("alone", "{\"description\": \"x\", \"stage\": \"crash\"}", 0755);
	folder("cases", "{\"description\": \"x\", \"stage\": \"crash\", \"cases\": "
	       "[{\"name\": \"alone\", \"append\": \"\"}]}", 0755);
	assert_int_equal(load(&all, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "crash boot 'alone' is also alone's"));
	assert_int_equal(clear("gt"), 0);
	folder("Bad", "{\"description\": \"x\"}", 0755);
	assert_int_equal(load(&all, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "a guest test's name should be lower-case"));
}

/*
 * What pb jobs and tests/job-run.sh ask: the stages' lists, a crash boot's values, the
 * KTAP suites a kernel owes, the KUnit glob.
 */
static void tests_command(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "tests", "list", "--stage", "guest", "--cpus", "1", NULL);
	assert_exit(&r, 0);
	assert_line_matches(r.out, "^mctp-net$");
	assert_null(strstr(r.out, "netmem"));
	pb_result_free(&r);
	pb_run(&r, "tests", "crash", "unsupported", "test", "needs", "append", NULL);
	assert_exit(&r, 0);
	assert_string_equal(r.out, "crashkernel\n!feature:crashkernel-cma-syntax\n"
			    "crashkernel=64M crashkernel=256M,cma\n");
	pb_result_free(&r);
	/* the fixture kernel has struct netmem_desc */
	pb_run(&r, "tests", "ktap", "--caps", FIXTURES "/probe/baseline.json", "netmem", NULL);
	assert_exit(&r, 0);
	assert_string_equal(r.out, "pb-netmem,pb-netmem-desc\n");
	pb_result_free(&r);
	pb_run(&r, "tests", "ktap", "netmem", NULL);
	assert_exit(&r, 2);
	pb_result_free(&r);
	pb_run(&r, "tests", "get", "no-such-test", "cpus", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "no guest test 'no-such-test'");
	pb_result_free(&r);
	pb_run(&r, "tests", "list", "--stage", "kunit", NULL);
	assert_exit(&r, 2);
	pb_result_free(&r);
	unsetenv("KUNIT");
	pb_run(&r, "tests", "kunit", NULL);
	assert_string_equal(r.out, KUNIT_GLOB_DEFAULT "\n");
	pb_result_free(&r);
	assert_int_equal(setenv("KUNIT", "list*", 1), 0);
	pb_run(&r, "tests", "kunit", NULL);
	assert_string_equal(r.out, "list*\n");
	pb_result_free(&r);
	unsetenv("KUNIT");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(committed_manifests_and_their_fixes),
		cmocka_unit_test(good_manifest_gets_its_defaults),
		cmocka_unit_test(bad_manifests_are_refused_by_file_and_key),
		cmocka_unit_test(a_crash_boot_name_is_one_job),
		cmocka_unit_test(tests_command),
	};

	return cmocka_run_group_tests_name("guest-tests", tests, scratch_make, scratch_remove);
}
