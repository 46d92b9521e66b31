// SPDX-License-Identifier: GPL-2.0
/*
 * Every pb command (the table pb runs them from, bench/commands.c) parses
 * its arguments the one way (bench/args.h): pb help NAME and NAME --help
 * print its usage on stdout and exit 0; an unknown option, and a missing
 * required argument (or one operand too many, for a command that needs
 * none; none at all, for one that takes any number but needs an option),
 * is a usage error: its exit status, one line saying what is wrong,
 * then the usage, on stderr. The commands come from pb's own table, so a
 * new command is checked without a word here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cmd.h"
#include "pb_run.h"

static void is_help(const struct pb_cmd *c, const struct pb_result *r)
{
	char usage[64];

	snprintf(usage, sizeof(usage), "\nusage: pb %s", c->name);
	assert_exit(r, 0);
	assert_contains(r->out, usage);
}

/* Exit status the command's, one line of what is wrong, then the usage. */
static void is_usage_error(const struct pb_cmd *c, const struct pb_result *r)
{
	const char *nl = strchr(r->err, '\n');
	char usage[64];

	snprintf(usage, sizeof(usage), "usage: pb %s", c->name);
	assert_exit(r, c->usage_status ? c->usage_status : PB_USAGE);
	assert_string_equal(r->out, "");
	assert_non_null(nl);
	assert_true(nl > r->err && !strncmp(r->err, "pb", 2));
	if (strncmp(nl + 1, usage, strlen(usage)))
		fail_msg("not one line, then '%s...':\n%s", usage, r->err);
}

static void help_and_usage_errors(void **state)
{
	const struct pb_cmd *c = *state;
	char *many[16] = { NULL };
	struct pb_result help, r;
	int n = c->max_operands + 1;

	pb_run(&help, "help", c->name, NULL);
	is_help(c, &help);
	pb_run(&r, c->name, "--help", NULL);
	is_help(c, &r);
	assert_string_equal(r.out, help.out);
	pb_result_free(&r);

	/* every option and required option the command has is in its help */
	for (const struct option *o = c->options; o && o->name; o++) {
		char dashed[64];

		snprintf(dashed, sizeof(dashed), "--%s", o->name);
		if (!strstr(help.out, dashed))
			fail_msg("pb help %s does not mention %s", c->name, dashed);
	}
	for (const char *const *o = c->required; o && *o; o++)
		assert_contains(help.out, *o);
	pb_result_free(&help);

	pb_run(&r, c->name, "--no-such-option", NULL);
	is_usage_error(c, &r);
	pb_result_free(&r);

	if (c->min_operands > 0 || c->required || c->max_operands < 0) {
		pb_run(&r, c->name, NULL);	/* without what it requires */
	} else {
		/* it needs nothing: then one operand too many is the usage error to provoke */
		if (n + 1 >= 16)
			fail_msg("pb %s needs no argument, takes too many operands to provoke", c->name);
		many[0] = (char *)c->name;
		for (int i = 1; i <= n; i++)
			many[i] = "operand";
		pb_run(&r, many[0], many[1], many[2], many[3], many[4], many[5], many[6], many[7],
		       many[8], many[9], many[10], many[11], many[12], many[13], many[14], NULL);
	}
	is_usage_error(c, &r);
	pb_result_free(&r);
}

static void pb_without_a_known_command(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, NULL);
	assert_exit(&r, PB_USAGE);
	assert_contains(r.err, "commands:");
	pb_result_free(&r);
	pb_run(&r, "no-such-command", NULL);
	assert_exit(&r, PB_USAGE);
	pb_result_free(&r);
	pb_run(&r, "help", "no-such-command", NULL);
	is_usage_error(&cmd_help, &r);
	pb_result_free(&r);
	pb_run(&r, "--help", NULL);
	assert_exit(&r, 0);
	/* pb help lists every command with its summary */
	for (const struct pb_cmd *const *c = pb_commands; *c; c++) {
		char line[256];

		snprintf(line, sizeof(line), "  %-16s %s\n", (*c)->name, (*c)->summary);
		assert_contains(r.out, line);
	}
	pb_result_free(&r);
}

/* Options after operands; "--" before an operand that starts with '-', which is an option without it. */
static void options_and_operands_in_any_order(void **state)
{
	const char *file = scratch("neg.json");
	struct pb_result r;

	(void)state;
	write_text(file, "{\"-1\": \"minus one\", \"a\": [1, \"two\"]}\n");
	pb_run(&r, "json-get", file, "a.1", "--", "-1", NULL);
	assert_exit(&r, 0);
	assert_string_equal(r.out, "two\nminus one\n");
	pb_result_free(&r);
	pb_run(&r, "json-get", file, "-1", NULL);
	is_usage_error(&cmd_json_get, &r);
	pb_result_free(&r);
	pb_run(&r, "ktap", FIXTURES "/tally/passed.tap", "p", "--json", NULL);
	assert_exit(&r, 0);
	assert_contains(r.out, "\"path\": \"p.");
	pb_result_free(&r);
}

/*
 * A command with forms (args_form()): an unknown form, an option its form
 * does not take and a wrong operand count after it are usage errors naming it.
 */
static void forms_checked_the_one_way(void **state)
{
	static const struct {
		const struct pb_cmd *cmd;
		const char *argv[4], *said;
	} bad[] = {
		{ &cmd_results, { "no-such-form" }, "no form 'no-such-form'" },
		{ &cmd_results, { "check", "--json" }, "'check' takes no --json" },
		{ &cmd_results, { "path", "a", "b" }, "wrong number of operands after 'path'" },
		{ &cmd_suites, { "help", "--plot" }, "'help' takes no --plot" },
		{ &cmd_suites, { "get", "s" }, "wrong number of operands after 'get'" },
		{ &cmd_build, { "list", "--dry-run" }, "'list' takes no --dry-run" },
		{ &cmd_build, { "bpf", "out" }, "wrong number of operands after 'bpf'" },
		{ &cmd_tests, { "list", "--caps", "f" }, "'list' takes no --caps" },
		{ &cmd_jobs, { "check", "--choose", "x", "j" }, "'check' takes no --choose" },
	};
	struct pb_result r;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		pb_run(&r, bad[i].cmd->name, bad[i].argv[0], bad[i].argv[1], bad[i].argv[2],
		       bad[i].argv[3], NULL);
		is_usage_error(bad[i].cmd, &r);
		assert_contains(r.err, bad[i].said);
		pb_result_free(&r);
	}
}

int main(void)
{
	static struct CMUnitTest tests[64];
	static char names[64][64];
	size_t n = 0;

	for (const struct pb_cmd *const *c = pb_commands; *c && n < 61; c++) {
		snprintf(names[n], sizeof(names[n]), "pb %s: help and usage errors", (*c)->name);
		tests[n] = (struct CMUnitTest){ .name = names[n], .test_func = help_and_usage_errors,
						.initial_state = (void *)*c };
		n++;
	}
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(pb_without_a_known_command);
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(options_and_operands_in_any_order);
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(forms_checked_the_one_way);
	/* nothing boots, whatever a command does with its arguments */
	setenv("PB_QEMU", "/nonexistent/qemu-for-test_pb_args", 1);
	return _cmocka_run_group_tests("pb-args", tests, n, scratch_make, scratch_remove);
}
