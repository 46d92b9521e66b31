/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PB_QEMU_H
#define PB_QEMU_H

#include <stddef.h>

enum accel { ACCEL_AUTO, ACCEL_KVM, ACCEL_TCG, ACCEL_ICOUNT };

/* Verdicts, also the exit codes of `pb vm`. */
enum vm_verdict {
	VM_PASS = 0,		/* guest reported exit 0 (or clean shutdown with --no-marker) */
	VM_GUEST_FAIL = 1,	/* guest reported a non-zero exit status */
	VM_CRASH = 2,		/* panic, oops, BUG, WARNING, sanitizer report */
	VM_HANG = 3,		/* killed at the timeout */
	VM_ERROR = 4,		/* QEMU failed, or the guest ended without a verdict */
	VM_INTERRUPTED = 5,	/* the runner itself got SIGINT/SIGTERM */
	VM_STUCK = 6,		/* console silent too long before the verdict: killed */
	VM_DOOMED = 7,		/* a console line said the boot cannot succeed: killed */
};

#define VM_MAX_SHARES 8
#define VM_MAX_EXTRA 32

struct vm_share {
	const char *path;
	const char *tag;
	int writable;
};

/*
 * What the guest architecture's description (vm/arch/NAME.json, lib/arch.h)
 * says of the machine; vmopts_parse() fills it, and every guest needs it.
 */
struct vm_machine {
	const char *qemu;	/* QEMU's binary */
	const char *qemu_package;	/* the Debian package that has it */
	const char *machine;	/* -M, empty: QEMU's default */
	const char *cpu_tcg;	/* the pinned model under TCG and icount */
	const char *console;	/* the serial console's device name */
	int kvm;		/* whether KVM can apply on this host */
	int icount_max_cpus;	/* the most vCPUs icount boots, 0: no limit */
};

struct vm_config {
	const char *qemu;	/* binary (PB_QEMU), NULL: the machine's */
	struct vm_machine machine;
	const char *kernel;
	const char *initrd;
	const char *append;
	const char *log;	/* console log file, NULL for none */
	enum accel accel;
	const char *cpu;	/* QEMU's -cpu MODEL; NULL: vm_default_cpu() of accel */
	double timeout;		/* seconds of wall time */
	double silence;		/* seconds of console silence before the verdict that mean stuck; 0: off */
	int mem_mb;
	int smp;
	int no_marker;		/* success is a clean shutdown, no exit marker needed */
	int expect_panic;	/* kdump: one panic after VM_PANIC_MARKER, then a capture kernel */
	int echo;		/* copy the console to stdout */
	int interactive;	/* console and QEMU's monitor on this terminal (Ctrl-A x quits) */
	struct vm_share shares[VM_MAX_SHARES];
	int nshares;
	const char *extra[VM_MAX_EXTRA];
	int nextra;
};

struct vm_result {
	enum vm_verdict verdict;
	int guest_status;	/* from the exit marker, -1 if none */
	int qemu_status;	/* wait status of QEMU, -1 if not reaped */
	double seconds;
	char crash_line[256];	/* first line that matched a crash pattern */
	char doom_line[256];	/* the line that doomed the boot (VM_DOOMED) */
	double longest_silence;	/* the longest wall-clock gap between console output */
	int expected_crashes;	/* crash lines inside the expected-panic window */
	int capture_booted;	/* expect_panic: a kernel booted after the panic */
	char tail[8192];	/* the last console lines, for the report */
};

#define VM_EXIT_MARKER "PATCHBENCH-EXIT: "
/*
 * With expect_panic, the guest prints this just before it crashes itself on
 * purpose: crash lines are then expected until a new kernel's banner, the
 * capture kernel's, appears. Everything outside that window still counts.
 */
#define VM_PANIC_MARKER "PATCHBENCH-PANIC-EXPECTED"
#define VM_KERNEL_BANNER "Linux version "

const char *accel_name(enum accel a);
int accel_parse(const char *s, enum accel *a);

/*
 * The CPU model a guest gets unless told otherwise: "host" under KVM, and
 * under TCG and icount "qemu64", the model QEMU 7.2's pc machine picks when
 * no -cpu is given, so that results from before the model was pinned stay
 * comparable with those after.
 */
const char *vm_default_cpu(enum accel a);
/*
 * The model @cfg boots: cfg->cpu, else under TCG and icount the machine's
 * pinned model, else vm_default_cpu() of its (resolved) accel.
 */
const char *vm_cpu(const struct vm_config *cfg);
/* The QEMU binary @cfg runs: cfg->qemu (PB_QEMU), else the machine's. */
const char *vm_qemu(const struct vm_config *cfg);

/* The QEMU command line vm_run() runs for @cfg, NULL-terminated; valid until the next call. */
const char *const *vm_argv(const struct vm_config *cfg);

/* Run one guest to completion. @accel must not be ACCEL_AUTO here. */
int vm_run(const struct vm_config *cfg, struct vm_result *res);

/*
 * Replace this process with an interactive guest (cfg->interactive): QEMU
 * itself owns the terminal, so nothing of ours is left when it ends.
 * Returns only if QEMU cannot be started.
 */
int vm_exec_interactive(const struct vm_config *cfg);

/* The last console lines, for a failure report. */
#define VM_TAIL_LINES 40
#define VM_LINE_MAX 512
struct vm_log_tail {
	char lines[VM_TAIL_LINES][VM_LINE_MAX];
	int next, count;
};

void vm_log_tail_add(struct vm_log_tail *t, const char *line);
/* The remembered lines, oldest first, one per line, cut to @cap. */
void vm_log_tail_text(const struct vm_log_tail *t, char *dst, size_t cap);

/* Does this console line report a kernel crash, warning or sanitizer finding? */
const char *vm_crash_pattern(const char *line);

/* Does this console line mean the boot can never reach its verdict? */
const char *vm_doom_pattern(const char *line);

/*
 * Resolve ACCEL_AUTO: KVM if a probe boot of @kernel under KVM succeeded,
 * otherwise @fallback. The verdict is cached in @cache_file keyed on the QEMU
 * version and host kernel, so the probe runs once per machine.
 */
enum accel accel_resolve(const struct vm_config *cfg, const char *cache_file,
			 enum accel fallback, char *why, size_t whylen);

const char *vm_verdict_name(enum vm_verdict v);

#endif
