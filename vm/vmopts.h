/* SPDX-License-Identifier: GPL-2.0 */
/* Command-line options shared by every subcommand that boots a guest. */
#ifndef PB_VMOPTS_H
#define PB_VMOPTS_H

#include <getopt.h>

#include "qemu.h"

struct vmopts {
	struct vm_config cfg;
	enum accel fallback;	/* what ACCEL_AUTO becomes without KVM */
	const char *probe_cache;
};

/*
 * Parse argv with getopt_long(): "--name value" or "--name=value", options
 * and operands in any order. The guest options are this parser's; @extra
 * (zero-terminated, may be NULL) names the command's own, which go to
 * @take_extra (the value NULL for an option without one; it returns 0, or
 * -1 after saying what is wrong). Returns the index of the first operand
 * (argv is permuted: operands last), or -1 after printing an error.
 */
int vmopts_parse(struct vmopts *o, int argc, char **argv, const struct option *extra,
		 int (*take_extra)(const char *name, const char *value, void *ctx), void *ctx);

/* Resolve ACCEL_AUTO (printing which accelerator runs and why) and the silence limit. */
void vmopts_resolve(struct vmopts *o);
/*
 * Under icount, no more vCPUs than the architecture's icount_max_cpus (its
 * description, lib/arch.h): fewer, said so on stderr.
 */
void vmopts_limit_cpus(struct vmopts *o);

/* vmopts_resolve(), then boot. */
int vmopts_run(struct vmopts *o, struct vm_result *res, const char *label);

/* Print a failed run's verdict and console tail to stderr. */
void vm_report(const struct vm_config *cfg, const struct vm_result *res, const char *label);

extern const char vmopts_help[];

#endif
