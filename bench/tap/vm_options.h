/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arguments of a command that boots a guest (pb vm, pb kunit): the guest
 * options and the command's own go through vmopts_parse() (vm/vmopts.h);
 * --help, the usage after an error and its exit status are the command's
 * (args.h). No operands.
 */
#ifndef PB_VM_OPTIONS_H
#define PB_VM_OPTIONS_H

#include "cmd.h"
#include "vm/vmopts.h"

/* 0, or -1 when the command is to exit with *status now. */
int vm_args(const struct pb_cmd *cmd, struct vmopts *o, int argc, char **argv,
	    int (*take)(const char *name, const char *value, void *ctx), void *ctx, int *status);

#endif
