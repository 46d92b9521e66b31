// SPDX-License-Identifier: GPL-2.0
/*
 * What a stream's capacity holds (bpf-streams.c's last cases): pages come
 * back when programs with full streams unload, and a message that is not
 * stored does not keep its bytes charged.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/libbpf.h>

#include "bpf-streams.h"
#include "runner.h"
#include "streams.h"
#include "streams.skel.h"

/*
 * Free memory in kB, counting the pages parked on the per-CPU lists too:
 * MemFree leaves those out, and free_pages_nolock() may park more there.
 */
static long free_kb(void)
{
	char line[256];
	long total = 0, n;
	FILE *f = fopen("/proc/zoneinfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, " pages free %ld", &n) == 1 || sscanf(line, " count: %ld", &n) == 1)
			total += n;
	fclose(f);
	return total * (sysconf(_SC_PAGESIZE) / 1024);
}

/*
 * 20 programs, each with a full stdout, unloaded unread: pages come back.
 * A message can fail for want of a page (alloc_pages_nolock() only
 * trylocks; seen here in bursts of hundreds on a 2-vCPU guest), and
 * without the fix bpf-stream-capacity-return its bytes then stay counted
 * against the stream's capacity, so a stream may fill with fewer messages:
 * the check needs the streams to have held enough pages for a leak to
 * show, not that every message was kept.
 */
void unload_cases(void)
{
	enum { CYCLES = 20 };
	long before = -1, after, kept = 0, failed = 0, full;
	char why[160] = "", one[128];

	message(one, sizeof(one), 0, 0);
	full = PB_STREAM_CAPACITY / strlen(one);
	for (int pass = 0; pass < 2 && !why[0]; pass++) {
		if (pass)	/* the first pass warms up slab caches and the like */
			before = free_kb();
		for (int i = 0; i < CYCLES; i++) {
			struct streams *s = streams__open_and_load();

			if (!s) {
				snprintf(why, sizeof(why), "pass %d cycle %d: load failed: %.80s", pass,
					 i, libbpf_log());
				break;
			}
			s->bss->args = (struct stream_args){ .count = 3000, .stream = 1 };
			run_prog(s->progs.numbered);
			if (pass) {
				kept += s->bss->out[0].written;
				failed += s->bss->out[0].other;
			}
			streams__destroy(s);
		}
	}
	sleep(2);	/* programs are freed from RCU and a workqueue */
	after = free_kb();
	printf("# unload: %ld messages kept in %d streams (%ld when every one fills), %ld failed "
	       "otherwise than full\n", kept, CYCLES, CYCLES * full, failed);
	if (!why[0] && kept < CYCLES * full / 2)
		snprintf(why, sizeof(why), "only %ld messages kept, %ld failed", kept, failed);
	/* at least half of CYCLES x 100000 bytes held in pages: a leak shows */
	tap(!why[0] && before - after < 1024, "unload.stream-memory-freed",
	    "free (buddy + per-CPU lists) %ld kB -> %ld kB after %d unread streams; %s", before,
	    after, CYCLES, why[0] ? why : "the streams held their pages");
}

/*
 * A message that is not stored gives its capacity back: 100 messages longer
 * than the bprintf buffer are refused (-ENOMEM), then a flood must fill the
 * stream as a fresh one. Without the fix bpf-stream-capacity-return each
 * refused message's bytes stay charged for the program's life: the 91st is
 * refused as "full" (-ENOSPC) and the flood finds ~550 bytes of room. One
 * program writes both: a stream is a program's own.
 */
void oversized_cases(void)
{
	struct streams *s = streams__open_and_load();
	int fixed = runner_has("bpf-stream-capacity-return");
	struct stream_out *o;
	char one[128];
	long full;
	size_t n;

	if (!s) {
		tap(0, "oversized.load", "load failed: %.200s", libbpf_log());
		return;
	}
	message(one, sizeof(one), 0, 0);
	full = (PB_STREAM_CAPACITY - 1) / strlen(one);
	o = &s->bss->out[0];
	s->bss->oversized_count = 100;
	s->bss->args = (struct stream_args){ .count = 0, .stream = PB_STREAM_STDOUT };
	run_prog(s->progs.oversized);
	if (fixed)
		tap(o->other == 100 && o->last_err == -ENOMEM, "oversized.refused-enomem",
		    "written %d, full %d, other %d (last %d)", o->written, o->dropped, o->other,
		    o->last_err);
	else
		tap(o->written == 0 && o->dropped > 0 && o->last_err == -ENOMEM,
		    "oversized.refused-then-full-without-fix", "written %d, full %d, other %d (last %d)",
		    o->written, o->dropped, o->other, o->last_err);
	free(drain(bpf_program__fd(s->progs.oversized), PB_STREAM_STDOUT, 4096, &n));
	tap(n == 0, "oversized.nothing-stored", "read %zu bytes", n);

	memset(s->bss->out, 0, sizeof(s->bss->out));
	s->bss->oversized_count = 0;
	s->bss->args.count = 3000;
	run_prog(s->progs.oversized);
	free(drain(bpf_program__fd(s->progs.oversized), PB_STREAM_STDOUT, 4096, &n));
	if (fixed)
		tap(o->written == full && n == full * strlen(one), "oversized.capacity-returned",
		    "%d of %ld messages stored after the refused ones (%d failed otherwise), %zu "
		    "bytes read", o->written, full, o->other, n);
	else
		tap(o->written < full / 2, "oversized.capacity-lost-without-fix",
		    "%d of %ld messages stored after the refused ones", o->written, full);
	streams__destroy(s);
}
