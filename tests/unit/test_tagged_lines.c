// SPDX-License-Identifier: GPL-2.0
/*
 * The "TAG key=value ..." reader pb bench-collect, bench-round and
 * records-collect share (bench/collect/tagged_lines.c).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "collect/tagged_lines.h"
#include "pb_run.h"

/* The current line's next pair is @key=@value. */
static void assert_pair(struct tagged_lines *t, const char *key, const char *value)
{
	char *k, *v;

	assert_true(tagged_lines_pair(t, &k, &v));
	assert_string_equal(k, key);
	assert_string_equal(v, value);
}

static void open_lines(struct tagged_lines *t, const char *text, const char *tag)
{
	write_text(scratch("in.txt"), text);
	assert_int_equal(tagged_lines_open(t, scratch("in.txt"), tag), 0);
}

/* @text's @tag lines are exactly @want (NULL-ended), each as its pairs "k=v k=v". */
static void assert_lines(const char *text, const char *tag, const char *const *want)
{
	struct tagged_lines t;
	char *key, *value;

	open_lines(&t, text, tag);
	for (; *want; want++) {
		char got[256] = "";

		assert_true(tagged_lines_next(&t));
		while (tagged_lines_pair(&t, &key, &value))
			snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s=%s",
				 got[0] ? " " : "", key, value);
		assert_string_equal(got, *want);
	}
	assert_false(tagged_lines_next(&t));
	tagged_lines_close(&t);
}

/* A line counts only when it starts with the tag and a space: not mid-line, not a longer tag. */
static void only_lines_starting_with_the_tag(void **state)
{
	(void)state;
	assert_lines("console: PB-MEM a=1\n"
		     "PB-MEMORY a=2\n"
		     "PB-MEM\n"
		     " PB-MEM a=3\n"
		     "PB-MEM a=4 b=5\n"
		     "pb-mem a=6\n"
		     "PB-MEM c=7", "PB-MEM", (const char *const[]){ "a=4 b=5", "c=7", NULL });
}

/* A token without '=' is skipped, the pairs around it are kept; tabs do not separate. */
static void bad_token_skipped(void **state)
{
	(void)state;
	assert_lines("PB-BENCH suite=s junk  x=1\tns=3\n"
		     "PB-BENCH nothing here\n", "PB-BENCH",
		     (const char *const[]){ "suite=s x=1\tns=3", "", NULL });
}

/*
 * The key ends at the first '='; the value may hold more, or be empty. A
 * line's pairs start afresh even when the last line's were not all read.
 */
static void pairs_split_at_the_first_equals_sign(void **state)
{
	struct tagged_lines t;
	char *key, *value;

	(void)state;
	open_lines(&t, "PB-SELFCHECK a=1 b=2\n"
		       "PB-SELFCHECK args=a=1,b=2 empty= =novalue\n", "PB-SELFCHECK");
	assert_true(tagged_lines_next(&t));
	assert_pair(&t, "a", "1");
	assert_true(tagged_lines_next(&t));
	assert_pair(&t, "args", "a=1,b=2");
	assert_pair(&t, "empty", "");
	assert_pair(&t, "", "novalue");
	assert_false(tagged_lines_pair(&t, &key, &value));
	assert_false(tagged_lines_pair(&t, &key, &value));
	assert_false(tagged_lines_next(&t));
	tagged_lines_close(&t);
}

static void missing_file_refused(void **state)
{
	struct tagged_lines t;

	(void)state;
	errno = 0;
	assert_int_equal(tagged_lines_open(&t, scratch("absent.txt"), "PB-MEM"), -1);
	assert_int_equal(errno, ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(only_lines_starting_with_the_tag),
		cmocka_unit_test(bad_token_skipped),
		cmocka_unit_test(pairs_split_at_the_first_equals_sign),
		cmocka_unit_test(missing_file_refused),
	};

	return cmocka_run_group_tests_name("tagged-lines", tests, scratch_make, scratch_remove);
}
