// SPDX-License-Identifier: GPL-2.0
/*
 * pb kcidb's document on results of two guest architectures
 * (bench/kcidb/cmd_kcidb.c, kcidb_results.c): its builds' architecture is
 * the kbuild ARCH of GUEST_ARCH's description (vm/arch/NAME.json), and a
 * result of another architecture than GUEST_ARCH's is left out, from files
 * and from the layout alike (an arm64 result fixture,
 * tests/fixtures/kcidb/arch/, beside a default one made here).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "pb_run.h"
#include "lib/arch.h"

#define ARM64_RESULT FIXTURES "/kcidb/arch/selftest-arm64.json"

/* @name's kbuild ARCH, from its description. */
static char *kbuild_arch(const char *name)
{
	json_t *d = arch_load(name, stderr);
	char *a;

	assert_non_null(d);
	a = strdup(arch_str(d, "kbuild_arch"));
	json_decref(d);
	return a;
}

/* pb kcidb of @result under GUEST_ARCH=@arch (NULL: unset) into @out; its exit status. */
static int kcidb(struct pb_result *r, const char *arch, const char *result, const char *out)
{
	if (arch)
		assert_int_equal(setenv("GUEST_ARCH", arch, 1), 0);
	else
		assert_int_equal(unsetenv("GUEST_ARCH"), 0);
	pb_run(r, "kcidb", "--out", scratch(out), "--url-base", "https://example.org/pb", result,
	       NULL);
	assert_int_equal(unsetenv("GUEST_ARCH"), 0);
	return r->status;
}

/* Every build of the document @path says @architecture; how many builds. */
static size_t builds_of(const char *path, const char *architecture)
{
	json_t *doc = json_load_file(path, 0, NULL), *b;
	size_t i, n;

	assert_non_null(doc);
	json_array_foreach(json_object_get(doc, "builds"), i, b)
		assert_string_equal(json_string_value(json_object_get(b, "architecture")),
				    architecture);
	n = json_array_size(json_object_get(doc, "builds"));
	json_decref(doc);
	return n;
}

/* A default architecture's result (no guest_arch) of the same series, in the scratch file @name. */
static void default_result(const char *name)
{
	pb_collect(NULL, name, "--meta", "project_commit=0123456789ab", "--meta",
		   "series=feedfacecafe0002", "--meta", "debian_package=6.12.57-1", "--meta",
		   "date=2026-12-06T12:00:00Z", "--meta",
		   "baseline_kernel=0123456789ab stamp 3333333333333333", "--meta",
		   "patched_kernel=0123456789ab stamp 4444444444444444",
		   "baseline=" FIXTURES "/compare/before.txt", "patched=" FIXTURES "/compare/after.txt",
		   NULL);
}

/*
 * GUEST_ARCH=arm64 exports the arm64 result: its two builds are arm64's
 * (the description's kbuild ARCH), one test per point and kernel; without
 * GUEST_ARCH the same file is left out, saying whose it is, and nothing is
 * left to export.
 */
static void builds_are_the_results_architecture(void **state)
{
	char *arm64 = kbuild_arch("arm64"), *def = kbuild_arch(ARCH_DEFAULT);
	struct pb_result r;
	json_t *doc;

	(void)state;
	assert_int_equal(kcidb(&r, "arm64", ARM64_RESULT, "arm64.json"), 0);
	assert_contains(r.out, "2 builds, 6 tests (6 measurements");
	pb_result_free(&r);
	assert_int_equal(builds_of(scratch("arm64.json"), arm64), 2);
	doc = json_load_file(scratch("arm64.json"), 0, NULL);
	assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(doc,
		"builds"), 0), "id")), "patchbench:baseline-1111111111111111");
	json_decref(doc);

	assert_int_equal(kcidb(&r, NULL, ARM64_RESULT, "none.json"), 1);
	assert_contains(r.err, "selftest-arm64.json: guest_arch arm64, not " ARCH_DEFAULT
			" (GUEST_ARCH): left out");
	assert_contains(r.err, "no result with debian_package and series metadata");
	pb_result_free(&r);

	/* the default's result: the default's architecture, whatever the file's name */
	default_result("default.json");
	assert_int_equal(kcidb(&r, NULL, scratch("default.json"), "default-doc.json"), 0);
	pb_result_free(&r);
	assert_int_equal(builds_of(scratch("default-doc.json"), def), 2);
	assert_int_equal(kcidb(&r, "arm64", scratch("default.json"), "x.json"), 1);
	assert_contains(r.err, "default.json: guest_arch " ARCH_DEFAULT ", not arm64 (GUEST_ARCH)");
	pb_result_free(&r);
	free(arm64);
	free(def);
}

/* An unknown GUEST_ARCH is refused with the known names, before any result is read. */
static void unknown_architecture(void **state)
{
	struct pb_result r;

	(void)state;
	assert_int_equal(kcidb(&r, "mips", ARM64_RESULT, "mips.json"), 1);
	assert_contains(r.err, "unknown guest architecture 'mips'");
	assert_contains(r.err, "known: ");
	pb_result_free(&r);
}

/*
 * From the layout (--root, no files): a root with the default's result of
 * this checkout's run and arm64's under arch/arm64/. --newest lists the
 * default's alone without GUEST_ARCH, arm64's alone with GUEST_ARCH=arm64.
 */
static void newest_of_the_selected_architecture(void **state)
{
	char run[64], dir[4096], file[4200], *text;
	struct pb_result r;

	(void)state;
	assert_int_equal(setenv("SUITES_DIR", FIXTURES "/report/suites", 1), 0);
	assert_int_equal(setenv("PB_SUITES_BUILTIN", "", 1), 0);
	pb_run(&r, "results", "run-id", NULL);
	assert_exit(&r, 0);
	snprintf(run, sizeof(run), "%.*s", (int)strcspn(r.out, "-\n"), r.out);
	pb_result_free(&r);
	assert_int_equal(mkdir(scratch("root"), 0755), 0);
	snprintf(dir, sizeof(dir), "%s/%s", scratch("root"), run);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(file, sizeof(file), "root/%s/selftest.json", run);
	default_result(file);
	assert_int_equal(mkdir(scratch("root/arch"), 0755), 0);
	assert_int_equal(mkdir(scratch("root/arch/arm64"), 0755), 0);
	snprintf(dir, sizeof(dir), "%s/arch/arm64/%s", scratch("root"), run);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(file, sizeof(file), "%s/selftest.json", dir);
	text = read_text(ARM64_RESULT);
	write_text(file, text);
	free(text);

	pb_run(&r, "kcidb", "--newest", "--root", scratch("root"), NULL);
	assert_exit(&r, 0);
	snprintf(file, sizeof(file), "%s/%s/selftest.json\n", scratch("root"), run);
	assert_string_equal(r.out, file);
	pb_result_free(&r);
	assert_int_equal(setenv("GUEST_ARCH", "arm64", 1), 0);
	pb_run(&r, "kcidb", "--newest", "--root", scratch("root"), NULL);
	assert_int_equal(unsetenv("GUEST_ARCH"), 0);
	assert_exit(&r, 0);
	snprintf(file, sizeof(file), "%s/arch/arm64/%s/selftest.json\n", scratch("root"), run);
	assert_string_equal(r.out, file);
	pb_result_free(&r);
	unsetenv("SUITES_DIR");
	unsetenv("PB_SUITES_BUILTIN");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(builds_are_the_results_architecture),
		cmocka_unit_test(unknown_architecture),
		cmocka_unit_test(newest_of_the_selected_architecture),
	};

	return cmocka_run_group_tests_name("kcidb-cmd", tests, scratch_make, scratch_remove);
}
