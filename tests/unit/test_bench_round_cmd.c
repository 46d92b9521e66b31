// SPDX-License-Identifier: GPL-2.0
/*
 * pb bench-round (bench/collect/cmd_bench_round.c): the adaptive rounds'
 * one question, against the way bench/collect/run.sh asked it before, pb
 * bench-collect into a result, pb noise --json per kernel and pb json-get
 * of its mde_pct, the largest of those (sort -g | tail -n 1).
 * tests/fixtures/noise/samples.txt is baseline's first round (MDE 27.03 %,
 * test_noise.c); the other rounds are written here.
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

#define SAMPLES FIXTURES "/noise/samples.txt"

/* Round 2 of baseline; patched's rounds 1 and 2 are noisier at x=1. */
static const char baseline_2[] =
	"PB-BENCH suite=selftest x=1 ns=101 ns2k=202\n"
	"PB-BENCH suite=selftest x=2 ns=100 ns2k=200\n"
	"PB-BENCH suite=selftest x=3 ns=99 ns2k=198\n"
	"PB-BENCH suite=other x=3 ns=1 ns2k=2\n";
static const char patched_1[] =
	"PB-BENCH suite=selftest x=1 ns=80 ns2k=160\n"
	"PB-BENCH suite=selftest x=1 ns=120 ns2k=240\n"
	"PB-BENCH suite=selftest x=2 ns=100 ns2k=200\n"
	"console PB-BENCH suite=selftest x=2 ns=1000 ns2k=2000\n"
	"PB-BENCH suite=selftest x=3 ns=100 ns2k=200\n";
static const char patched_2[] =
	"PB-BENCH suite=selftest x=1 ns=100 ns2k=200\n"
	"PB-BENCH suite=selftest x=2 ns=102 ns2k=204\n"
	"PB-BENCH suite=selftest x=3 ns=98 ns2k=196\n";

struct operands {
	char v[4][512];	/* KERNEL=FILE, as run.sh passes them: round by round */
};

static void rounds(struct operands *o)
{
	write_text(scratch("baseline-2.txt"), baseline_2);
	write_text(scratch("patched-1.txt"), patched_1);
	write_text(scratch("patched-2.txt"), patched_2);
	snprintf(o->v[0], sizeof(o->v[0]), "baseline=%s", SAMPLES);
	snprintf(o->v[1], sizeof(o->v[1]), "patched=%s", scratch("patched-1.txt"));
	snprintf(o->v[2], sizeof(o->v[2]), "baseline=%s", scratch("baseline-2.txt"));
	snprintf(o->v[3], sizeof(o->v[3]), "patched=%s", scratch("patched-2.txt"));
}

/* What run.sh's loop printed before pb bench-round: @kernel's pb json-get line. */
static char *mde_the_old_way(const char *kernel)
{
	struct pb_result r;
	char *line;

	pb_run(&r, "noise", "--json", scratch("so-far.json"), kernel, "selftest", "icount", NULL);
	assert_exit(&r, 0);
	write_text(scratch("noise.json"), r.out);
	pb_result_free(&r);
	pb_run(&r, "json-get", scratch("noise.json"), "mde_pct", NULL);
	assert_exit(&r, 0);
	line = strdup(r.out);
	pb_result_free(&r);
	return line;
}

static void same_mde_as_bench_collect_and_noise(void **state)
{
	struct pb_result r;
	struct operands o;
	char *baseline, *patched;

	(void)state;
	rounds(&o);
	pb_collect(NULL, "so-far.json", o.v[0], o.v[1], o.v[2], o.v[3], NULL);
	baseline = mde_the_old_way("baseline");
	patched = mde_the_old_way("patched");
	/* patched's x=1 (CV 0.2, 3 samples) is the noisier; each kernel counts */
	assert_true(strtod(patched, NULL) > strtod(baseline, NULL));

	pb_run(&r, "bench-round", "--suite", "selftest", "--target", "1", o.v[0], o.v[1], o.v[2],
	       o.v[3], NULL);
	assert_exit(&r, 10);
	assert_string_equal(r.out, patched);
	assert_string_equal(r.err, "");
	pb_result_free(&r);

	/* baseline alone, its first round: test_noise.c's figure */
	pb_run(&r, "bench-round", "--suite", "selftest", "--target", "30", o.v[0], NULL);
	assert_exit(&r, 0);
	assert_float_equal(strtod(r.out, NULL), 27.0297389, 1e-6);
	pb_result_free(&r);
	free(baseline);
	free(patched);
}

/* 0 at or under the target, 10 over it: on the number printed, as run.sh's awk compared it. */
static void exit_status_is_the_decision(void **state)
{
	struct pb_result r;
	char target[64];

	(void)state;
	pb_run(&r, "bench-round", "--suite", "selftest", "--target", "27.02", "baseline=" SAMPLES,
	       NULL);
	assert_exit(&r, 10);
	snprintf(target, sizeof(target), "%.*s", (int)strcspn(r.out, "\n"), r.out);
	pb_result_free(&r);
	pb_run(&r, "bench-round", "--suite", "selftest", "--target", target, "baseline=" SAMPLES,
	       NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	pb_run(&r, "bench-round", "--suite", "selftest", "--target", "27.03", "baseline=" SAMPLES,
	       NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
}

static void bad_input_refused(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "bench-round", "--suite", "selftest", "--target", "1", "baseline=" SAMPLES,
	       "patched=tests/fixtures/noise/absent.txt", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "absent.txt");
	pb_result_free(&r);

	/* a kernel without samples of the suite cannot say how noisy it is */
	pb_run(&r, "bench-round", "--suite", "selftest", "--target", "1", "baseline=" SAMPLES,
	       "patched=tests/fixtures/records/memory.txt", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "no patched samples");
	assert_string_equal(r.out, "");
	pb_result_free(&r);

	pb_run(&r, "bench-round", "--suite", "selftest", "--target", "1",
	       "baseline=tests/fixtures/records/memory.txt", NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "no selftest samples in the input");
	pb_result_free(&r);

	pb_run(&r, "bench-round", "--suite", "selftest", "--target", "1%", "baseline=" SAMPLES,
	       NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "--target wants a percentage, got '1%'");
	pb_result_free(&r);

	pb_run(&r, "bench-round", "--suite", "selftest", "--target", "1", SAMPLES, NULL);
	assert_exit(&r, 2);
	assert_contains(r.err, "want KERNEL=FILE");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_mde_as_bench_collect_and_noise),
		cmocka_unit_test(exit_status_is_the_decision),
		cmocka_unit_test(bad_input_refused),
	};

	return cmocka_run_group_tests_name("bench-round-cmd", tests, scratch_make, scratch_remove);
}
