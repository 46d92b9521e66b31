// SPDX-License-Identifier: GPL-2.0
/*
 * pb arch: the guest architecture's description (vm/arch/NAME.json, the one
 * GUEST_ARCH names, the default without it) for scripts: all of it as JSON, one
 * field, or the known names.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "lib/arch.h"

static int arch(int argc, char **argv)
{
	int c, list = 0;
	struct args a;
	json_t *d;
	json_t *v;

	args_init(&a, &cmd_arch, argc, argv);
	while ((c = args_next(&a)) > 0)
		list = 1;
	if (c < 0)
		return a.status;
	argc = a.noperands + 1;
	argv = a.operands - 1;
	if (list) {
		char known[1024];

		arch_known(known, sizeof(known));
		puts(known);
		return 0;
	}
	if (!(d = arch_load(arch_selected(), stderr)))
		return 1;
	if (argc == 1) {
		char *text = json_dumps(d, JSON_COMPACT | JSON_SORT_KEYS);

		puts(text ? text : "");
		free(text);
		json_decref(d);
		return 0;
	}
	if (!(v = json_object_get(d, argv[1]))) {
		fprintf(stderr, "pb arch: %s: no field \"%s\"\n", arch_selected(), argv[1]);
		json_decref(d);
		return 1;
	}
	if (json_is_string(v))
		puts(json_string_value(v));
	else
		puts(json_is_true(v) ? "true" : "false");
	json_decref(d);
	return 0;
}

static const struct option options[] = {
	{ "list", no_argument, NULL, 'l' },
	{ 0 },
};

const struct pb_cmd cmd_arch = {
	.name = "arch",
	.run = arch,
	.summary = "the guest architecture's description (GUEST_ARCH), or one field of it",
	.usage = "pb arch [FIELD]\npb arch --list",
	.details = "Reads vm/arch/NAME.json (PB_ARCH_DIR: another folder) for NAME = GUEST_ARCH,\n"
		   "the default (lib/arch.h) when unset. Without FIELD: the description as compact JSON; with\n"
		   "FIELD: its value (true/false for kvm). --list: the known names.\n"
		   "exit status: 1 for an unknown architecture (the message lists the known\n"
		   "ones), an invalid description or a missing field\n",
	.min_operands = 0,
	.max_operands = 1,
	.options = options,
};
