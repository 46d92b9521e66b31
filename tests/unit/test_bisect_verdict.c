// SPDX-License-Identifier: GPL-2.0
/*
 * pb bisect-verdict, make bisect's judgements, on planted samples
 * (tests/fixtures/compare/): after.txt's x=1 is 10 % slower than
 * before.txt's, x=2 and x=3 alike. The ends (good = before, bad = after)
 * differ on x=1 alone, which is followed, and slower; looking for a faster
 * change finds none (exit 10), and so do two alike ends. A step measured as
 * before.txt is good, as after.txt bad, and one halfway (x=1 5 % slower)
 * undecided; a step without the followed point is undecided too.
 */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pb_run.h"

#define CMP FIXTURES "/compare/"
/* the ends, as one result of both kernels */
#define G ends_side("good")
#define B ends_side("bad")

static const char *ends_side(const char *kernel)
{
	static char buf[2][4200];
	char *b = buf[kernel[0] == 'b'];

	snprintf(b, sizeof(buf[0]), "%s:%s", scratch("ends.json"), kernel);
	return b;
}

/* @file's @key as JSON text (free it) */
static char *get(const char *file, const char *key)
{
	json_t *v = json_load_file(scratch(file), 0, NULL);
	char *text;

	assert_non_null(v);
	text = json_dumps(json_object_get(v, key), JSON_ENCODE_ANY);
	json_decref(v);
	return text;
}

static void ends(const char *good, const char *bad)
{
	char g[4096], b[4096];

	snprintf(g, sizeof(g), "good=%s", good);
	snprintf(b, sizeof(b), "bad=%s", bad);
	pb_collect(NULL, "ends.json", g, b, NULL);
}

/* pb bisect-verdict [@flag] --out @name GOOD BAD (the ends) exits @want. */
static void judge_ends(const char *flag, const char *name, int want)
{
	struct pb_result r;
	char out[4096];

	snprintf(out, sizeof(out), "%s", scratch(name));
	if (flag)
		pb_run(&r, "bisect-verdict", flag, "--out", out, G, B, NULL);
	else
		pb_run(&r, "bisect-verdict", "--out", out, G, B, NULL);
	assert_exit(&r, want);
	pb_result_free(&r);
}

static void ends_follow_the_slower_point(void **state)
{
	char *text;

	(void)state;
	ends(CMP "before.txt", CMP "after.txt");
	judge_ends(NULL, "followed.json", 0);
	text = get("followed.json", "status");
	assert_string_equal(text, "\"differ\"");
	free(text);
	text = get("followed.json", "followed");
	assert_contains(text, "\"text\": \"x=1\"");
	assert_null(strstr(text, "x=2"));
	free(text);
	text = get("followed.json", "filter");
	assert_string_equal(text, "\"x=1\"");
	free(text);
	judge_ends("--faster", "followed.json", 10);
}

static void alike_ends_stop(void **state)
{
	(void)state;
	ends(CMP "before.txt", CMP "before.txt");
	judge_ends(NULL, "same.json", 10);
}

/* The verdict of a step measured as @samples, after ends before/after. */
static char *step_verdict(const char *samples)
{
	struct pb_result r;
	char out[4096], fol[4096], step[4096], op[4200];

	snprintf(op, sizeof(op), "step=%s", samples);	/* scratch()'s paths do not last */
	ends(CMP "before.txt", CMP "after.txt");
	judge_ends(NULL, "followed.json", 0);
	snprintf(fol, sizeof(fol), "%s", scratch("followed.json"));
	pb_collect(NULL, "step.json", op, NULL);
	snprintf(out, sizeof(out), "%s", scratch("verdict.json"));
	snprintf(step, sizeof(step), "%s:step", scratch("step.json"));
	pb_run(&r, "bisect-verdict", "--out", out, "--followed", fol, G, B, step, NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	return get("verdict.json", "verdict");
}

static void steps_lean_to_an_end(void **state)
{
	char *v;

	(void)state;
	v = step_verdict(CMP "before.txt");
	assert_string_equal(v, "\"good\"");
	free(v);
	v = step_verdict(CMP "after.txt");
	assert_string_equal(v, "\"bad\"");
	free(v);
	v = get("verdict.json", "points");
	assert_contains(v, "\"closer\": \"bad\"");
	assert_contains(v, "\"step_lo\"");
	free(v);
}

/* before.txt with x=1 5 % slower: as near one end as the other */
static void halfway_is_undecided(void **state)
{
	char *text = read_text(CMP "before.txt"), *v, line[256];
	FILE *f = fopen(scratch("half.txt"), "w");
	char *save = NULL;

	(void)state;
	assert_non_null(f);
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		int ns, ns2k;

		if (sscanf(l, "PB-BENCH suite=selftest x=1 ns=%d ns2k=%d", &ns, &ns2k) == 2)
			snprintf(line, sizeof(line), "PB-BENCH suite=selftest x=1 ns=%d ns2k=%d", ns + 5,
				 ns2k + 5);
		else
			snprintf(line, sizeof(line), "%s", l);
		fprintf(f, "%s\n", line);
	}
	fclose(f);
	free(text);
	v = step_verdict(scratch("half.txt"));
	assert_string_equal(v, "\"undecided\"");
	free(v);
}

static void a_step_without_the_point_is_undecided(void **state)
{
	char *v;

	(void)state;
	write_text(scratch("other.txt"), "PB-BENCH suite=selftest x=9 ns=100 ns2k=100\n"
					 "PB-BENCH suite=selftest x=9 ns=100 ns2k=100\n");
	v = step_verdict(scratch("other.txt"));
	assert_string_equal(v, "\"undecided\"");
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ends_follow_the_slower_point),
		cmocka_unit_test(alike_ends_stop),
		cmocka_unit_test(steps_lean_to_an_end),
		cmocka_unit_test(halfway_is_undecided),
		cmocka_unit_test(a_step_without_the_point_is_undecided),
	};

	return cmocka_run_group_tests(tests, scratch_make, scratch_remove);
}
