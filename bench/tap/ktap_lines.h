/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The KTAP part of a console log, cut out as tools/testing/kunit/kunit_parser.py
 * does it (extract_tap_lines): lines split like Python's str.splitlines(),
 * right-stripped, from the first "KTAP version N"/"TAP version N" line on,
 * with whatever stood before "KTAP version" on that line (a printk timestamp,
 * a tab) cut from the front of every following line, up to a line that says
 * the kernel stopped ("List of all partitions:", "Kernel panic - not syncing:
 * VFS:", "reboot: System halted").
 */
#ifndef PB_KTAP_LINES_H
#define PB_KTAP_LINES_H

#include <stddef.h>

struct ktap_lines {
	char **v;
	size_t n, cap;
	int started;	/* a version line was found (or, for plain TAP, a plan) */
};

/*
 * Isolate the KTAP of @text (@len bytes). A log with no version line at all
 * starts at its first unindented "1..N" instead, so the plain TAP of cmocka
 * counts too (kunit.py would find no KTAP there). Returns 0, or -1 when out
 * of memory.
 */
int ktap_lines_extract(const char *text, size_t len, struct ktap_lines *out);
void ktap_lines_free(struct ktap_lines *l);

#endif
