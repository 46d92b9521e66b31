/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest tests of make test: one folder each, GUEST_TESTS_DIR/NAME/
 * (default tests/guest/), holding test.json (the manifest: what it needs
 * of a kernel, its vCPUs and timeout, the module KTAP suites it must
 * report, its crash cases) and guest, the script the initramfs carries as
 * /pb/tests/NAME. docs/testing.md, "A guest test is one folder", lists the
 * keys; guest_test_schema.c checks them. pb jobs (bench/jobs/) and tests/job-run.sh read them.
 */
#ifndef PB_GUEST_TESTS_H
#define PB_GUEST_TESTS_H

#include <jansson.h>
#include <stddef.h>

#define GUEST_TESTS_MAX 64

/* The built-in KUnit suites make test runs when KUNIT= names none (kunit.py's filter glob). */
#define KUNIT_GLOB_DEFAULT "mctp*"

struct guest_test {
	char name[64];
	char path[4096];	/* its test.json */
	json_t *m;		/* the manifest, every optional key filled with its default */
};

struct guest_tests {
	char dir[4096];
	struct guest_test t[GUEST_TESTS_MAX];
	int n;			/* sorted by stage, "order", then name */
};

/* The tests' directory: $GUEST_TESTS_DIR, else "tests/guest". */
const char *guest_tests_dir(void);

/* The KUnit filter glob: $KUNIT, else KUNIT_GLOB_DEFAULT. */
const char *kunit_glob(void);

/*
 * Load and check every guest_tests_dir()/NAME/test.json against @fixes
 * (features.json's "fixes", which a test's own "fixes" name). On a bad
 * manifest, a missing guest script or two crash boots of one name returns
 * -1 with @err naming the file and the key.
 */
int guest_tests_load(struct guest_tests *all, const json_t *fixes, char *err, size_t len);
void guest_tests_free(struct guest_tests *all);

/* The test called @name, or NULL. */
const struct guest_test *guest_tests_find(const struct guest_tests *all, const char *name);

/*
 * A crash-stage boot (the job crash/@name): a case of a test's "cases", or
 * a crash-stage test without cases. Returns a new object: the test's
 * manifest with the case's keys over it ("needs": the test's and the
 * case's), "test" its test's name, "name" @name; NULL if none is called so.
 */
json_t *guest_tests_crash_boot(const struct guest_tests *all, const char *name);

/*
 * Check one manifest (@m, read from @file) and fill in the defaults; -1
 * with @err naming @file and the key.
 */
int guest_test_schema_check(json_t *m, const char *file, const json_t *fixes, char *err,
			    size_t len);

#endif
