// SPDX-License-Identifier: GPL-2.0
/*
 * pb vm: boot one guest; the exit code is the verdict (see enum vm_verdict).
 * pb vm --dry-run: boot nothing; print the guest's configuration as JSON,
 * with the exact QEMU command line pb vm would run (make lava reads it).
 * --hw FILE: what the guest boots as (or, dry, would boot as) in JSON,
 * {accel, cpu, smp, mem_mb}, written before it boots: a result records it
 * (bench/lib/guest.sh, bench/collect/meta.sh).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "lib/results.h"
#include "tap/vm_options.h"
#include "tap/tap.h"
#include "vm/vmopts.h"

/*
 * The boot's own result as TAP, "guest.LABEL.(vm)" with '/' in LABEL read
 * as '.': a guest whose test failed still ran cleanly (its own TAP says what
 * failed); a crash, hang or doomed boot fails here even if the guest wrote
 * nothing.
 */
static int write_boot_tap(const char *file, const char *label, const struct vm_config *cfg,
			  const struct vm_result *res)
{
	struct ktap_report rep = { 0 };
	char path[512], why[1024];
	int ran = res->verdict == VM_PASS || res->verdict == VM_GUEST_FAIL, r;

	snprintf(path, sizeof(path), "guest.%s.(vm)", label);
	for (char *p = path; *p; p++)
		if (*p == '/')
			*p = '.';
	snprintf(why, sizeof(why), "%s%s%s (log %s)", vm_verdict_name(res->verdict),
		 res->crash_line[0] || res->doom_line[0] ? ": " : "",
		 res->crash_line[0] ? res->crash_line : res->doom_line,
		 cfg->log ? cfg->log : "none");
	r = report_add(&rep, path, ran ? KTAP_PASS : KTAP_FAIL, ran ? NULL : why);
	r = r ? r : tap_write(file, &rep);
	if (r)
		perror(file);
	ktap_free(&rep);
	return r;
}

/* pb vm's own options (options[] below) */
struct vm_own {
	const char *label, *tap, *hw;
};

static int take(const char *n, const char *v, void *ctx)
{
	struct vm_own *own = ctx;

	if (!strcmp(n, "tap"))
		own->tap = v;
	else if (!strcmp(n, "hw"))
		own->hw = v;
	else
		own->label = v;
	return 0;
}

/* --hw FILE: the guest's hardware as @cfg (its accel resolved) has it. */
static int write_hw(const char *file, const struct vm_config *cfg)
{
	json_t *hw = json_pack("{s:s,s:s,s:i,s:i}", "accel", accel_name(cfg->accel), "cpu",
			       vm_cpu(cfg), "smp", cfg->smp, "mem_mb", cfg->mem_mb);
	int r = results_write(hw, file);

	json_decref(hw);
	return r;
}

/*
 * What a boot would run, as JSON: the QEMU command line comes from vm_argv(),
 * the same code vm_run() uses, so it cannot drift from a real boot. No KVM
 * probe: auto is the fallback, what runs where KVM is not usable.
 */
static int dry_run(struct vmopts *o, const char *label)
{
	json_t *argv = json_array(), *shares = json_array(), *out;
	const char *append = NULL;
	size_t i;

	for (const char *const *a = vm_argv(&o->cfg); *a; a++)
		json_array_append_new(argv, json_string(*a));
	for (i = 0; i + 1 < json_array_size(argv); i++)
		if (!strcmp(json_string_value(json_array_get(argv, i)), "-append"))
			append = json_string_value(json_array_get(argv, i + 1));
	for (int s = 0; s < o->cfg.nshares; s++)
		json_array_append_new(shares, json_pack("{s:s,s:s,s:b}", "path", o->cfg.shares[s].path,
							"tag", o->cfg.shares[s].tag, "writable",
							o->cfg.shares[s].writable));
	out = json_pack("{s:s,s:o,s:s,s:s,s:s,s:s?,s:s?,s:f,s:i,s:i,s:o}", "label", label, "argv",
			argv, "accel", accel_name(o->cfg.accel), "cpu", vm_cpu(&o->cfg), "kernel",
			o->cfg.kernel, "initrd", o->cfg.initrd, "append", append, "timeout",
			o->cfg.timeout, "mem_mb", o->cfg.mem_mb, "smp", o->cfg.smp, "shares", shares);
	json_dumpf(out, stdout, JSON_COMPACT);
	printf("\n");
	json_decref(out);
	return VM_PASS;
}

static int vm(int argc, char **argv)
{
	struct vmopts o;
	struct vm_result res;
	struct vm_own own = { .label = "guest" };
	int verdict, dry = 0, status;

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--dry-run")) {
			dry = 1;
			memmove(&argv[i], &argv[i + 1], (size_t)(argc - i) * sizeof(*argv));
			argc--;
			break;
		}
	if (vm_args(&cmd_vm, &o, argc, argv, take, &own, &status))
		return status;
	if (o.cfg.interactive && own.tap) {
		fprintf(stderr, "pb vm: --interactive gives no verdict to write with --tap\n");
		return VM_ERROR;
	}
	if (dry) {
		if (o.cfg.accel == ACCEL_AUTO)
			o.cfg.accel = o.fallback;
		fprintf(stderr, "vm: accel %s (dry run: auto is the fallback, no KVM probe)\n",
			accel_name(o.cfg.accel));
		vmopts_limit_cpus(&o);
	} else {
		vmopts_resolve(&o);
	}
	if (own.hw && write_hw(own.hw, &o.cfg))
		return VM_ERROR;
	if (dry)
		return dry_run(&o, own.label);
	if (o.cfg.interactive)
		return vm_exec_interactive(&o.cfg);
	verdict = vmopts_run(&o, &res, own.label);
	if (own.tap && write_boot_tap(own.tap, own.label, &o.cfg, &res))
		return VM_ERROR;
	return verdict;
}

/* The exit status is the verdict: a usage error is VM_ERROR, as 2 is a crash. */
static const struct option options[] = {
	{ "label", required_argument, NULL, 0 },
	{ "tap", required_argument, NULL, 0 },
	{ "hw", required_argument, NULL, 0 },
	{ 0 },
};

const struct pb_cmd cmd_vm = {
	.name = "vm",
	.run = vm,
	.summary = "boot one QEMU guest: timeout, crash detection, exit status",
	.usage = "pb vm [guest options] [--label NAME] [--tap FILE] [--hw FILE] [--dry-run]",
	.shared_help = vmopts_help,
	.details = "  --label NAME         the guest's name in messages and in --tap's result\n"
		   "  --tap FILE           write the boot's verdict as TAP (guest.NAME.(vm))\n"
		   "  --hw FILE            write what the guest boots as, before it boots, as JSON:\n"
		   "                       {accel, cpu, smp, mem_mb} (with --dry-run: would boot as)\n"
		   "  --dry-run            boot nothing: print the configuration (accel, cpu, smp,\n"
		   "                       mem_mb, ...) and the QEMU command line as JSON (auto\n"
		   "                       accel: the fallback)\n\n"
		   "exit status: 0 pass, 1 guest test failed, 2 kernel crash, 3 hung,\n"
		   "4 error (QEMU failed, no verdict, or bad usage), 5 interrupted, 6 stuck\n"
		   "(console silent), 7 boot doomed (a console line said it cannot finish)\n",
	.options = options,
	.required = (const char *const[]){ "kernel", NULL },
	.usage_status = VM_ERROR,
};
