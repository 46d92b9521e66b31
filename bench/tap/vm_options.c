// SPDX-License-Identifier: GPL-2.0
#include "tap/vm_options.h"

#include <string.h>

#include "args.h"

static int wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return 1;
	return 0;
}

int vm_args(const struct pb_cmd *cmd, struct vmopts *o, int argc, char **argv,
	    int (*take)(const char *name, const char *value, void *ctx), void *ctx, int *status)
{
	int end;

	*status = 0;
	if (wants_help(argc, argv)) {
		args_help(cmd);
		return -1;
	}
	end = vmopts_parse(o, argc, argv, cmd->options, take, ctx);
	if (end < 0) {	/* vmopts_parse() said what is wrong */
		args_usage(stderr, cmd);
		*status = args_usage_status(cmd);
		return -1;
	}
	if (end < argc) {
		*status = args_error(cmd, "takes no operands, got '%s'", argv[end]);
		return -1;
	}
	return 0;
}
