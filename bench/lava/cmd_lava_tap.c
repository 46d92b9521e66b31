// SPDX-License-Identifier: GPL-2.0
/*
 * pb lava-tap --results RESULTS.json --console CONSOLE.txt --label LABEL
 *     (--kunit SUITES --tap OUT.tap | --vm-tap VM.tap --test-tap TEST.tap)
 *
 * A LAVA job's results (bench/lava/lava-run.py results: LAVA's test cases and
 * the job's outcome as JSON, the console LAVA recorded) as the TAP that
 * pb kunit or pb vm + the guest write for the same boot, so pb tally and
 * a comparison with pb vm read them alike:
 *   a guest test: TEST.tap is LAVA's cases (the guest's TAP lines, named
 *   as the guest named them), VM.tap the boot's own verdict,
 *   "guest.LABEL.(vm)";
 *   KUnit: LAVA's cases are KTAP lines, whose names lose their suite and
 *   parent, so the cases come from the KTAP in the console LAVA recorded,
 *   parsed by pb kunit's parser, each of SUITES required, plus
 *   "LABEL.(boot)".
 * The boot ran, as pb vm judges it, when LAVA's job passed (its monitor saw
 * the guest's reboot) and no console line is a kernel crash or warning
 * (vm/console.c); when not, the reason and the console's last lines go to
 * stderr, as pb vm prints them. Exit 0 when the TAP is written (whatever
 * it says), 1 when it cannot be, 2 for usage.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "vm/qemu.h"
#include "tap/tap.h"
#include "lib/json_load.h"

struct lava_tap_opts {
	const char *results, *console, *label, *kunit, *tap, *vm_tap, *test_tap;
};

/* Why the boot did not run cleanly, or "" if it did; prints the log tail. */
static void boot_verdict(const char *console, json_t *results, const char *label, char *why,
			 size_t len)
{
	json_t *job = json_object_get(results, "job");
	const char *result = json_string_value(json_object_get(job, "result"));
	const char *error = json_string_value(json_object_get(job, "error"));
	struct vm_log_tail tail = { .count = 0 };
	char tail_text[sizeof(tail.lines)];
	char line[VM_LINE_MAX], crash[512] = "";
	FILE *f = fopen(console, "r");

	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!crash[0] && vm_crash_pattern(line))
			snprintf(crash, sizeof(crash), "%s", line);
		vm_log_tail_add(&tail, line);
	}
	if (f)
		fclose(f);
	why[0] = '\0';
	if (crash[0])
		snprintf(why, len, "kernel crash: %s (LAVA log %s)", crash, console);
	else if (!result || strcmp(result, "pass"))
		snprintf(why, len, "LAVA job %s: %s (LAVA log %s)", result ? result : "incomplete",
			 error && *error ? error : "no reboot seen", console);
	if (!why[0])
		return;
	vm_log_tail_text(&tail, tail_text, sizeof(tail_text));
	fprintf(stderr, "lava: %s: %s\nlava: %s: console log tail (full log: %s):\n%s", label, why,
		label, console, tail_text);
}

/* The guest's own cases, as LAVA's monitor recorded them (not its exit line). */
static int guest_cases(json_t *results, struct ktap_report *rep)
{
	json_t *c;
	size_t i;

	json_array_foreach(json_object_get(results, "cases"), i, c) {
		const char *id = json_string_value(json_object_get(c, "id"));
		const char *res = json_string_value(json_object_get(c, "result"));

		if (!id || !res)
			return -1;
		if (!strcmp(id, "EXIT"))
			continue;
		if (report_add(rep, id, !strcmp(res, "pass") ? KTAP_PASS : !strcmp(res, "skip") ?
			       KTAP_SKIP : KTAP_FAIL, !strcmp(res, "pass") ? NULL : "LAVA: fail"))
			return -1;
	}
	return 0;
}

static void take(struct lava_tap_opts *o, const char *n, const char *v)
{
	const char **slot = !strcmp(n, "results") ? &o->results : !strcmp(n, "console") ?
			    &o->console : !strcmp(n, "label") ? &o->label : !strcmp(n, "kunit") ?
			    &o->kunit : !strcmp(n, "tap") ? &o->tap : !strcmp(n, "vm-tap") ?
			    &o->vm_tap : !strcmp(n, "test-tap") ? &o->test_tap : NULL;

	if (slot)
		*slot = v;
}

static int lava_tap(int argc, char **argv)
{
	struct lava_tap_opts o = { 0 };
	struct ktap_report rep = { 0 }, test = { 0 };
	json_t *results = NULL;
	char why[1024], path[512];
	struct args args;
	FILE *f;
	int r = 1, c;

	args_init(&args, &cmd_lava_tap, argc, argv);
	while ((c = args_next(&args)) > 0)
		take(&o, args.name, args.value);
	if (c < 0)
		return args.status;
	if (o.kunit ? !o.tap || o.vm_tap || o.test_tap : !o.vm_tap || !o.test_tap || o.tap)
		return args_error(&cmd_lava_tap,
				  "either --kunit and --tap, or --vm-tap and --test-tap");
	if (!(results = json_load_said("pb lava-tap", o.results, 0)))
		goto out;
	boot_verdict(o.console, results, o.label, why, sizeof(why));
	if (o.kunit) {
		if (!(f = fopen(o.console, "r")) || ktap_parse(f, &rep)) {
			perror(o.console);
			if (f)
				fclose(f);
			goto out;
		}
		fclose(f);
		if (report_require_suites(&rep, o.kunit) ||
		    report_add(&rep, "(boot)", why[0] ? KTAP_FAIL : KTAP_PASS, why[0] ? why : NULL) ||
		    report_prefix(&rep, o.label) || tap_write(o.tap, &rep)) {
			perror(o.tap);
			goto out;
		}
	} else {
		snprintf(path, sizeof(path), "guest.%s.(vm)", o.label);
		for (char *p = path; *p; p++)
			if (*p == '/')
				*p = '.';
		if (guest_cases(results, &test)) {
			fprintf(stderr, "pb lava-tap: %s: a case without id or result\n", o.results);
			goto out;
		}
		if (report_add(&rep, path, why[0] ? KTAP_FAIL : KTAP_PASS, why[0] ? why : NULL) ||
		    tap_write(o.vm_tap, &rep) || (test.n && tap_write(o.test_tap, &test))) {
			perror(o.vm_tap);
			goto out;
		}
	}
	r = 0;
out:
	json_decref(results);
	ktap_free(&rep);
	ktap_free(&test);
	return r;
}

static const struct option options[] = {
	{ "results", required_argument, NULL, 'r' },
	{ "console", required_argument, NULL, 'c' },
	{ "label", required_argument, NULL, 'l' },
	{ "kunit", required_argument, NULL, 'k' },
	{ "tap", required_argument, NULL, 't' },
	{ "vm-tap", required_argument, NULL, 'v' },
	{ "test-tap", required_argument, NULL, 'e' },
	{ 0 }
};

const struct pb_cmd cmd_lava_tap = {
	.name = "lava-tap",
	.run = lava_tap,
	.summary = "a LAVA job's results (bench/lava/lava-run.py) as the TAP pb vm or pb kunit writes",
	.usage = "pb lava-tap --results RESULTS.json --console CONSOLE.txt --label LABEL\n"
		 "    (--kunit SUITES --tap OUT.tap | --vm-tap VM.tap --test-tap TEST.tap)",
	.details = "A guest test: VM.tap is the boot's verdict, TEST.tap LAVA's cases. KUnit: the\n"
		   "cases of the KTAP in the console LAVA recorded, each of SUITES required, and\n"
		   "the boot's verdict. Exit 0 when the TAP is written, 1 when it cannot be.\n",
	.options = options,
	.required = (const char *const[]){ "results", "console", "label", NULL },
};
