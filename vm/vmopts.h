/* SPDX-License-Identifier: GPL-2.0 */
/* Command-line options shared by every subcommand that boots a guest. */
#ifndef PB_VMOPTS_H
#define PB_VMOPTS_H

#include "qemu.h"

struct vmopts {
	struct vm_config cfg;
	enum accel fallback;	/* what ACCEL_AUTO becomes without KVM */
	const char *probe_cache;
};

/*
 * Parse argv ("--name value" or "--name=value"). Options this parser does
 * not know go to @extra, which returns 0 if it took the option, -1 if it does
 * not know it either; @extra_flags names those of its options that take no
 * value. Returns the index of the first non-option argument, or -1
 * after printing an error.
 */
int vmopts_parse(struct vmopts *o, int argc, char **argv, const char *const *extra_flags,
		 int (*extra)(const char *name, const char *value, void *ctx), void *ctx);

/* Resolve ACCEL_AUTO (printing which accelerator runs and why) and boot. */
int vmopts_run(struct vmopts *o, struct vm_result *res, const char *label);

/* Print a failed run's verdict and console tail to stderr. */
void vm_report(const struct vm_config *cfg, const struct vm_result *res, const char *label);

extern const char vmopts_help[];

#endif
