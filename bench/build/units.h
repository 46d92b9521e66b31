/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The folders whose code runs in the guest, and what each builds: the
 * shared components (components/NAME/), the guest tests (tests/guest/NAME/)
 * and the suites (every folder pb suites knows, the user's too). A folder
 * says what it builds in its build.json (docs/suites.md, "What a folder
 * builds"); one without builds nothing:
 *   "programs":     [{ "name", "sources", "uses", "cflags", "libs", "host" }]
 *                   static guest programs, in the initramfs's /pb/bin ("host":
 *                   true, built for the host too, for the unit tests)
 *   "bpf_programs": [ the same ]  guest programs built per kernel with the
 *                   skeletons of the folder's *.bpf.c (libbpf, /build/bpf/KERNEL/)
 *   "library":      [ sources ]  compiled into each program that "uses" it
 *   "modules":      [ folders ]  out-of-tree modules, each a folder with a
 *                   Kbuild, built per kernel (kernel/modules.sh)
 * Paths are relative to the folder. Names are unique across all folders.
 */
#ifndef PB_BUILD_UNITS_H
#define PB_BUILD_UNITS_H

#include <jansson.h>
#include <stddef.h>

#define UNITS_MAX 128

enum unit_kind { UNIT_COMPONENT, UNIT_TEST, UNIT_SUITE };

struct unit {
	char name[64];
	enum unit_kind kind;
	char dir[4096];
	char file[4200];	/* its build.json, whether or not it exists */
	json_t *build;		/* build.json, every key filled in (empty arrays) */
};

struct units {
	struct unit u[UNITS_MAX];
	int n;
};

/* Load and check every folder's build.json; -1 with @err naming file and key. */
int units_load(struct units *all, char *err, size_t len);
void units_free(struct units *all);

/* The component called @name, or NULL. */
const struct unit *units_component(const struct units *all, const char *name);

const char *unit_kind_name(enum unit_kind kind);

#endif
