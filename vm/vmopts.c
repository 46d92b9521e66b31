// SPDX-License-Identifier: GPL-2.0
#include "vmopts.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/arch.h"

#define DEFAULT_SILENCE_S 180.0

const char vmopts_help[] =
	"guest options:\n"
	"  --kernel FILE        kernel image to boot (required)\n"
	"  --initrd FILE        initramfs\n"
	"  --append ARGS        extra kernel command line\n"
	"  --accel MODE         auto|kvm|tcg|icount (default auto)\n"
	"  --fallback MODE      what auto becomes without usable KVM: tcg|icount (default tcg)\n"
	"  --cpu MODEL          QEMU's CPU model (default host under kvm, qemu64 under tcg\n"
	"                       and icount: the guest kernel's code depends on it)\n"
	"  --probe-cache FILE   where the KVM probe verdict is kept\n"
	"  --timeout SEC        wall-clock limit, then the guest is killed as hung (default 300)\n"
	"  --silence SEC        console silence before the guest's verdict after which it is\n"
	"                       killed as stuck (default 180, times N for pb.slow=N in the\n"
	"                       command line; 0: off)\n"
	"  --mem MB, --smp N    guest size (default 1024, 2)\n"
	"  --share DIR=TAG[:rw] 9p export (read-only unless :rw)\n"
	"  --qemu-arg ARG       extra QEMU argument (repeatable)\n"
	"  --log FILE           console log\n"
	"  --no-marker          a clean QEMU exit is success (KUnit boots)\n"
	"  --expect-panic       kdump: the guest panics once after printing\n"
	"                       " VM_PANIC_MARKER " and a capture kernel must boot\n"
	"  --echo               copy the console to stdout\n"
	"  --interactive        the console and QEMU's monitor on this terminal (Ctrl-A x\n"
	"                       quits, Ctrl-A c the monitor); no timeout, no verdict: the\n"
	"                       exit status is QEMU's\n";

static int parse_share(struct vmopts *o, const char *v)
{
	char *s = strdup(v), *eq, *colon;
	struct vm_share *sh;

	if (!s || o->cfg.nshares == VM_MAX_SHARES)
		return -1;
	eq = strrchr(s, '=');
	if (!eq || eq == s) {
		fprintf(stderr, "pb: --share wants DIR=TAG[:rw], got '%s'\n", v);
		free(s);
		return -1;
	}
	*eq = '\0';
	sh = &o->cfg.shares[o->cfg.nshares++];
	sh->path = s;
	sh->tag = eq + 1;
	colon = strchr(eq + 1, ':');
	if (colon) {
		*colon = '\0';
		sh->writable = !strcmp(colon + 1, "rw");
	}
	return 0;
}

/* The guest options, as getopt_long() reads them. */
static const struct option vm_options[] = {
	{ "no-marker", no_argument, NULL, 0 },
	{ "echo", no_argument, NULL, 0 },
	{ "interactive", no_argument, NULL, 0 },
	{ "expect-panic", no_argument, NULL, 0 },
	{ "kernel", required_argument, NULL, 0 },
	{ "initrd", required_argument, NULL, 0 },
	{ "append", required_argument, NULL, 0 },
	{ "log", required_argument, NULL, 0 },
	{ "probe-cache", required_argument, NULL, 0 },
	{ "timeout", required_argument, NULL, 0 },
	{ "silence", required_argument, NULL, 0 },
	{ "mem", required_argument, NULL, 0 },
	{ "smp", required_argument, NULL, 0 },
	{ "share", required_argument, NULL, 0 },
	{ "qemu-arg", required_argument, NULL, 0 },
	{ "accel", required_argument, NULL, 0 },
	{ "cpu", required_argument, NULL, 0 },
	{ "fallback", required_argument, NULL, 0 },
};

#define VM_NOPTIONS (sizeof(vm_options) / sizeof(vm_options[0]))

/* One of vm_options[], its value checked; -1 after saying what is wrong. */
static int take(struct vmopts *o, const char *n, const char *v)
{
	struct vm_config *c = &o->cfg;

	if (!strcmp(n, "no-marker"))
		c->no_marker = 1;
	else if (!strcmp(n, "echo"))
		c->echo = 1;
	else if (!strcmp(n, "interactive"))
		c->interactive = 1;
	else if (!strcmp(n, "expect-panic"))
		c->expect_panic = 1;
	else if (!strcmp(n, "kernel"))
		c->kernel = v;
	else if (!strcmp(n, "initrd"))
		c->initrd = v;
	else if (!strcmp(n, "append"))
		c->append = v;
	else if (!strcmp(n, "log"))
		c->log = v;
	else if (!strcmp(n, "probe-cache"))
		o->probe_cache = v;
	else if (!strcmp(n, "timeout"))
		c->timeout = atof(v);
	else if (!strcmp(n, "silence"))
		c->silence = atof(v);
	else if (!strcmp(n, "mem"))
		c->mem_mb = atoi(v);
	else if (!strcmp(n, "smp"))
		c->smp = atoi(v);
	else if (!strcmp(n, "cpu")) {
		if (!*v) {
			fprintf(stderr, "pb: --cpu wants a model (%s -cpu help)\n", vm_qemu(c));
			return -1;
		}
		c->cpu = v;
	} else if (!strcmp(n, "share"))
		return parse_share(o, v);
	else if (!strcmp(n, "qemu-arg")) {
		if (c->nextra == VM_MAX_EXTRA) {
			fprintf(stderr, "pb: more than %d --qemu-arg\n", VM_MAX_EXTRA);
			return -1;
		}
		c->extra[c->nextra++] = v;
	} else if (!strcmp(n, "accel") || !strcmp(n, "fallback")) {
		enum accel a;

		if (accel_parse(v, &a) || (!strcmp(n, "fallback") && (a == ACCEL_AUTO || a == ACCEL_KVM))) {
			fprintf(stderr, "pb: bad --%s '%s'\n", n, v);
			return -1;
		}
		*(!strcmp(n, "accel") ? &c->accel : &o->fallback) = a;
	}
	return 0;
}

/*
 * The guest architecture's machine (GUEST_ARCH, lib/arch.h), loaded once:
 * its strings stay with the description for the life of the process.
 */
static int machine_of_arch(struct vm_machine *m)
{
	static json_t *desc;

	if (!desc && !(desc = arch_load(arch_selected(), stderr)))
		return -1;
	m->qemu = arch_str(desc, "qemu");
	m->qemu_package = arch_str(desc, "qemu_package");
	m->machine = arch_str(desc, "machine");
	m->cpu_tcg = arch_str(desc, "cpu_tcg");
	m->console = arch_str(desc, "console");
	m->kvm = arch_kvm(desc);
	m->icount_max_cpus = arch_icount_max_cpus(desc);
	return 0;
}

int vmopts_parse(struct vmopts *o, int argc, char **argv, const struct option *extra,
		 int (*take_extra)(const char *name, const char *value, void *ctx), void *ctx)
{
	struct option all[VM_NOPTIONS + 32];
	size_t n = VM_NOPTIONS;
	int c, at;

	memset(o, 0, sizeof(*o));
	o->cfg.accel = ACCEL_AUTO;
	o->cfg.timeout = 300;
	o->cfg.silence = -1;
	o->cfg.mem_mb = 1024;
	o->cfg.smp = 2;
	o->fallback = ACCEL_TCG;
	o->cfg.qemu = getenv("PB_QEMU");
	if (machine_of_arch(&o->cfg.machine))
		return -1;
	memcpy(all, vm_options, sizeof(vm_options));
	for (; extra && extra->name && n + 1 < sizeof(all) / sizeof(all[0]); extra++)
		all[n++] = (struct option){ extra->name, extra->has_arg, NULL, 0 };
	all[n] = (struct option){ 0 };
	optind = 0;	/* glibc: start over, whatever parsed before */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", all, &at)) != -1) {
		if (c == '?') {
			fprintf(stderr, "pb: unknown option %s\n", argv[optind - 1]);
			return -1;
		}
		if (c == ':') {
			fprintf(stderr, "pb: option %s needs a value\n", argv[optind - 1]);
			return -1;
		}
		if ((size_t)at < VM_NOPTIONS ? take(o, all[at].name, optarg) :
		    take_extra(all[at].name, optarg, ctx))
			return -1;
	}
	if (!o->cfg.kernel) {
		fprintf(stderr, "pb: --kernel is required\n");
		return -1;
	}
	return optind;
}

void vm_report(const struct vm_config *cfg, const struct vm_result *res, const char *label)
{
	fprintf(stderr, "vm: %s: %s", label, vm_verdict_name(res->verdict));
	if (res->verdict == VM_GUEST_FAIL)
		fprintf(stderr, " (exit status %d)", res->guest_status);
	if (res->crash_line[0])
		fprintf(stderr, ": %s", res->crash_line);
	else if (res->doom_line[0])
		fprintf(stderr, ": %s", res->doom_line);
	else if (res->verdict == VM_STUCK)
		fprintf(stderr, ": nothing on the console for %.0f s", cfg->silence);
	if (cfg->expect_panic)
		fprintf(stderr, " (expected panic: %d crash lines, %s)", res->expected_crashes,
			res->capture_booted ? "capture kernel booted" : "no capture kernel");
	fprintf(stderr, " [%.1f s, accel %s]\n", res->seconds, accel_name(cfg->accel));
	if (res->verdict != VM_PASS) {
		if (cfg->log)
			fprintf(stderr, "vm: %s: console log tail (full log: %s):\n", label, cfg->log);
		else
			fprintf(stderr, "vm: %s: console log tail:\n", label);
		fprintf(stderr, "%s", res->tail);
	}
}

/* pb.slow=N on the command line: the guest runs N times slower than usual. */
static double slowdown(const char *append)
{
	const char *p = append ? strstr(append, "pb.slow=") : NULL;
	double n = p ? atof(p + strlen("pb.slow=")) : 1;

	return n >= 1 ? n : 1;
}

void vmopts_resolve(struct vmopts *o)
{
	if (o->cfg.silence < 0)
		o->cfg.silence = DEFAULT_SILENCE_S * slowdown(o->cfg.append);
	if (o->cfg.accel == ACCEL_AUTO) {
		char why[512];
		const char *cache = o->probe_cache;
		char def[4096];

		if (!cache && getenv("PB_CACHE")) {
			snprintf(def, sizeof(def), "%s/accel-probe", getenv("PB_CACHE"));
			cache = def;
		}
		o->cfg.accel = accel_resolve(&o->cfg, cache, o->fallback, why, sizeof(why));
		fprintf(stderr, "vm: accel %s (%s)\n", accel_name(o->cfg.accel), why);
	}
	vmopts_limit_cpus(o);
}

void vmopts_limit_cpus(struct vmopts *o)
{
	int most = o->cfg.machine.icount_max_cpus;

	if (o->cfg.accel != ACCEL_ICOUNT || !most || o->cfg.smp <= most)
		return;
	fprintf(stderr, "vm: %d vCPUs instead of %d: icount boots no more on %s "
		"(vm/arch/%s.json, icount_max_cpus)\n", most, o->cfg.smp, arch_selected(),
		arch_selected());
	o->cfg.smp = most;
}

int vmopts_run(struct vmopts *o, struct vm_result *res, const char *label)
{
	vmopts_resolve(o);
	vm_run(&o->cfg, res);
	vm_report(&o->cfg, res, label);
	return res->verdict;
}
