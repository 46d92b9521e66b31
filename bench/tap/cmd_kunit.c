// SPDX-License-Identifier: GPL-2.0
/*
 * pb kunit --name LABEL --filter GLOB --suites S1,S2 --tap OUT [guest options]
 *
 * Boots the kernel with kunit.filter_glob, parses the KTAP on its console and
 * writes one TAP line per leaf case, prefixed "LABEL.". The boot itself is a
 * result too (a crash or hang fails it), and every suite named in --suites
 * must have reported, so a suite that silently vanished is a failure.
 * --json FILE writes the counts for scripts (kernel/check-series.sh reads
 * them with pb json-get), atomically.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <getopt.h>
#include <jansson.h>

#include "cmd.h"
#include "args.h"
#include "lib/results.h"
#include "tap/vm_options.h"
#include "tap/ktap.h"
#include "tap/tap.h"
#include "vm/vmopts.h"

struct kunit_opts {
	const char *name, *filter, *suites, *tap, *json;
};

static int take(const char *n, const char *v, void *ctx)
{
	struct kunit_opts *k = ctx;
	const char **slot = !strcmp(n, "name") ? &k->name : !strcmp(n, "filter") ? &k->filter :
			    !strcmp(n, "suites") ? &k->suites : !strcmp(n, "json") ? &k->json : &k->tap;

	*slot = v;
	return 0;
}

static int write_counts(const char *out, const struct kunit_opts *k,
			const struct ktap_report *rep, const struct vm_result *res, enum accel accel)
{
	json_t *root = json_pack("{s:s, s:I, s:I, s:I, s:s, s:f, s:s}", "name", k->name,
				 "passed", (json_int_t)ktap_count(rep, KTAP_PASS),
				 "failed", (json_int_t)ktap_count(rep, KTAP_FAIL),
				 "skipped", (json_int_t)ktap_count(rep, KTAP_SKIP),
				 "suites", k->suites, "seconds", res->seconds,
				 "accel", accel_name(accel));
	int r = !root || results_write(root, out);

	json_decref(root);
	return r;
}

static int kunit(int argc, char **argv)
{
	struct kunit_opts k = { .name = "kunit", .filter = "*" };
	struct ktap_report rep = { 0 };
	struct vm_result res;
	struct vmopts o;
	char append[1024], boot[256], logbuf[4096];
	FILE *log;
	int verdict, r = 0;

	if (vm_args(&cmd_kunit, &o, argc, argv, take, &k, &r))
		return r;
	if (!k.tap || !k.suites)
		return args_error(&cmd_kunit, "--tap and --suites are required");
	if (o.cfg.interactive)
		return args_error(&cmd_kunit, "--interactive is pb vm's: KUnit's boot is read, not typed into");
	snprintf(append, sizeof(append), "kunit.filter_glob=%s kunit_shutdown=reboot %s",
		 k.filter, o.cfg.append ? o.cfg.append : "");
	o.cfg.append = append;
	o.cfg.no_marker = 1;
	if (!o.cfg.log) {
		snprintf(logbuf, sizeof(logbuf), "%s.log", k.tap);
		o.cfg.log = logbuf;
	}
	verdict = vmopts_run(&o, &res, k.name);

	log = fopen(o.cfg.log, "r");
	if (!log || ktap_parse(log, &rep)) {
		perror(o.cfg.log);
		return 2;
	}
	fclose(log);
	snprintf(boot, sizeof(boot), "boot (%s, %s)", accel_name(o.cfg.accel),
		 vm_verdict_name((enum vm_verdict)verdict));
	r |= report_require_suites(&rep, k.suites);
	r |= report_add(&rep, "(boot)", verdict == VM_PASS ? KTAP_PASS : KTAP_FAIL,
			verdict == VM_PASS ? NULL : res.crash_line[0] ? res.crash_line : boot);
	r |= report_prefix(&rep, k.name);
	if (r || tap_write(k.tap, &rep)) {
		perror(k.tap);
		return 2;
	}
	printf("kunit: %s: %zu passed, %zu failed, %zu skipped (suites %s, %.1f s, accel %s)\n",
	       k.name, ktap_count(&rep, KTAP_PASS), ktap_count(&rep, KTAP_FAIL),
	       ktap_count(&rep, KTAP_SKIP), k.suites, res.seconds, accel_name(o.cfg.accel));
	if (k.json && write_counts(k.json, &k, &rep, &res, o.cfg.accel)) {
		ktap_free(&rep);
		return 2;
	}
	r = ktap_count(&rep, KTAP_FAIL) != 0;
	ktap_free(&rep);
	return r;
}

static const struct option options[] = {
	{ "suites", required_argument, NULL, 0 },
	{ "tap", required_argument, NULL, 0 },
	{ "name", required_argument, NULL, 0 },
	{ "filter", required_argument, NULL, 0 },
	{ "json", required_argument, NULL, 0 },
	{ 0 },
};

const struct pb_cmd cmd_kunit = {
	.name = "kunit",
	.run = kunit,
	.summary = "boot a kernel with KUnit suites and write their results as TAP",
	.usage = "pb kunit --suites S1,S2 --tap OUT [--name LABEL] [--filter GLOB] [--json FILE] [guest options]",
	.shared_help = vmopts_help,
	.details = "  --suites S1,S2       the suites that must report\n"
		   "  --tap OUT            write a TAP line per leaf case, prefixed LABEL., and the\n"
		   "                       boot's own result (console log: OUT.log without --log)\n"
		   "  --name LABEL         (default kunit)\n"
		   "  --filter GLOB        kunit.filter_glob (default *)\n"
		   "  --json FILE          also write the counts as JSON: passed, failed, skipped,\n"
		   "                       suites, seconds, accel\n"
		   "exit status: 0 all passed, 1 a case failed, 2 bad usage or no readable log\n",
	.options = options,
	.required = (const char *const[]){ "kernel", "suites", "tap", NULL },
};
