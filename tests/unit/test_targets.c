// SPDX-License-Identifier: GPL-2.0
/* pb targets: make help's list from its data file (bench/cmd_targets.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "pb_run.h"

static const char two_targets[] =
	"{\"targets\": [{\"name\": \"bench\", \"summary\": \"run the suites ($(ROUNDS) rounds)\",\n"
	"  \"details\": [\"into $(OUT)/\"]},\n"
	" {\"name\": \"test-flamegraph\", \"summary\": \"the pages\"}],\n"
	" \"notes\": [\"variables: ROUNDS=$(ROUNDS)\"]}\n";

/* Each target, its details indented, each $(NAME) replaced by the value given, then the notes. */
static void prints_targets_with_values(void **state)
{
	struct pb_result r;

	(void)state;
	write_text(scratch("targets.json"), two_targets);
	pb_run(&r, "targets", scratch("targets.json"), "ROUNDS=2", "OUT=build/x", NULL);
	assert_exit(&r, 0);
	assert_line_matches(r.out, "^patchbench targets:$");
	assert_line_matches(r.out, "^  make bench       run the suites (2 rounds)$");
	assert_line_matches(r.out, "^                   into build/x/$");
	assert_line_matches(r.out, "^  make test-flamegraph  the pages$");
	assert_line_matches(r.out, "^variables: ROUNDS=2$");
	pb_result_free(&r);
}

static void names_one_a_line(void **state)
{
	struct pb_result r;

	(void)state;
	write_text(scratch("targets.json"), two_targets);
	pb_run(&r, "targets", "--names", scratch("targets.json"), NULL);
	assert_exit(&r, 0);
	assert_string_equal(r.out, "bench\ntest-flamegraph\n");
	pb_result_free(&r);
}

/* A $(NAME) make did not give a value for is an error, not an empty text. */
static void unknown_variable_fails(void **state)
{
	struct pb_result r;

	(void)state;
	write_text(scratch("targets.json"), two_targets);
	pb_run(&r, "targets", scratch("targets.json"), "ROUNDS=2", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "no value for $(OUT)");
	pb_result_free(&r);
}

static void target_without_summary_fails(void **state)
{
	struct pb_result r;

	(void)state;
	write_text(scratch("targets.json"), "{\"targets\": [{\"name\": \"x\"}], \"notes\": []}");
	pb_run(&r, "targets", "--names", scratch("targets.json"), NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "targets[0]: needs a string name and summary");
	pb_result_free(&r);
}

/* The repository's own file is well formed and names make help's first targets. */
static void repository_file_lists_help_and_test(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "targets", "--names", "docs/targets.json", NULL);
	assert_exit(&r, 0);
	assert_line_matches(r.out, "^help$");
	assert_line_matches(r.out, "^test$");
	assert_line_matches(r.out, "^bench$");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(prints_targets_with_values),
		cmocka_unit_test(names_one_a_line),
		cmocka_unit_test(unknown_variable_fails),
		cmocka_unit_test(target_without_summary_fails),
		cmocka_unit_test(repository_file_lists_help_and_test),
	};

	return cmocka_run_group_tests_name("targets", tests, scratch_make, scratch_remove);
}
