// SPDX-License-Identifier: GPL-2.0
/* Classification of guest console lines: crashes, warnings, sanitizer reports. */
#include "qemu.h"

#include <stdio.h>
#include <string.h>

/*
 * Each of these means the kernel under test is no longer trustworthy; the run
 * counts as a failure however the guest's own test ended.
 */
static const char *const crash_patterns[] = {
	"Kernel panic - not syncing",
	"Oops: ",
	"BUG: ",
	"kernel BUG at ",
	"WARNING: ",
	"general protection fault",
	"KASAN: ",
	"KFENCE: ",
	"UBSAN: ",
	"kmemleak: ",		/* "kmemleak: N new suspected memory leaks" */
	"INFO: task ",		/* hung task */
	"rcu: INFO: ",
	"watchdog: BUG: soft lockup",
	"possible circular locking dependency",
	"Unable to handle kernel",
	NULL,
};

/* kmemleak lines that are not reports. */
static const char *const benign[] = {
	"kmemleak: Kernel memory leak detector initialized",
	"kmemleak: Automatic memory scanning thread",
	NULL,
};

/*
 * Each of these means the guest will never report (it waits forever on a
 * device without an interrupt): kill it at once instead of waiting out the
 * timeout. A KASAN kernel under slow emulation can take so long evaluating
 * QEMU's ACPI _PRT that ACPICA aborts the loop, and then no PCI interrupt is
 * routed: the virtio-9p shares never answer.
 */
static const char *const doom_patterns[] = {
	"AE_AML_LOOP_TIMEOUT",
	"can't derive routing for PCI INT",
	": no GSI",
	"init: cannot mount 9p share",
	NULL,
};

const char *vm_doom_pattern(const char *line)
{
	for (int i = 0; doom_patterns[i]; i++)
		if (strstr(line, doom_patterns[i]))
			return doom_patterns[i];
	return NULL;
}

const char *vm_crash_pattern(const char *line)
{
	for (int i = 0; benign[i]; i++)
		if (strstr(line, benign[i]))
			return NULL;
	for (int i = 0; crash_patterns[i]; i++)
		if (strstr(line, crash_patterns[i]))
			return crash_patterns[i];
	return NULL;
}

const char *vm_verdict_name(enum vm_verdict v)
{
	switch (v) {
	case VM_PASS: return "pass";
	case VM_GUEST_FAIL: return "guest test failed";
	case VM_CRASH: return "kernel crash";
	case VM_HANG: return "hung (killed at timeout)";
	case VM_ERROR: return "error";
	case VM_INTERRUPTED: return "interrupted";
	case VM_STUCK: return "stuck (console silent, killed)";
	case VM_DOOMED: return "boot doomed (killed)";
	}
	return "?";
}

void vm_log_tail_add(struct vm_log_tail *t, const char *line)
{
	snprintf(t->lines[t->next], VM_LINE_MAX, "%s", line);
	t->next = (t->next + 1) % VM_TAIL_LINES;
	if (t->count < VM_TAIL_LINES)
		t->count++;
}

void vm_log_tail_text(const struct vm_log_tail *t, char *dst, size_t cap)
{
	size_t off = 0;
	int first = (t->next - t->count + VM_TAIL_LINES) % VM_TAIL_LINES;

	dst[0] = '\0';
	for (int i = 0; i < t->count && off < cap; i++) {
		int n = snprintf(dst + off, cap - off, "%s\n", t->lines[(first + i) % VM_TAIL_LINES]);

		if (n < 0)
			break;
		off += (size_t)n;
	}
}
