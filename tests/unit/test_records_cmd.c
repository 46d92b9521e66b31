// SPDX-License-Identifier: GPL-2.0
/* pb records-collect: TAG key=value lines as a JSON result (bench/collect/cmd_records.c). */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pb_run.h"

static void collect(struct pb_result *r, const char *input)
{
	pb_run(r, "records-collect", "--tag", "PB-MEM", "--suite", "crash-memory", "--kind", "memory",
	       "--out", scratch("r.json"), "--meta", "project_commit=selftest", input, NULL);
}

/* Only the tagged lines, numbers as numbers, in input order. */
static void tagged_lines_to_records(void **state)
{
	struct pb_result r;
	json_t *root, *records, *cma;

	(void)state;
	collect(&r, FIXTURES "/records/memory.txt");
	assert_exit(&r, 0);
	assert_contains(r.out, "crash-memory: 2 records");
	pb_result_free(&r);
	root = json_load_file(scratch("r.json"), 0, NULL);
	assert_non_null(root);
	assert_string_equal(json_string_value(json_object_get(root, "kind")), "memory");
	assert_string_equal(json_string_value(json_object_get(json_object_get(root, "meta"),
							      "project_commit")), "selftest");
	records = json_object_get(root, "records");
	assert_int_equal(json_array_size(records), 2);
	assert_string_equal(json_string_value(json_object_get(json_array_get(records, 0), "case")),
			    "plain");
	cma = json_array_get(records, 1);
	assert_string_equal(json_string_value(json_object_get(cma, "case")), "cma");
	assert_true(json_is_integer(json_object_get(cma, "hog_mib")));
	assert_int_equal(json_integer_value(json_object_get(cma, "cma_total_kb")), 262144);
	json_decref(root);
}

static void input_without_tag_refused(void **state)
{
	struct pb_result r;

	(void)state;
	collect(&r, FIXTURES "/records/untagged.txt");
	assert_exit(&r, 1);
	assert_contains(r.err, "no PB-MEM lines");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tagged_lines_to_records),
		cmocka_unit_test(input_without_tag_refused),
	};

	return cmocka_run_group_tests_name("records-cmd", tests, scratch_make, scratch_remove);
}
