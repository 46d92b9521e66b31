// SPDX-License-Identifier: GPL-2.0
/* pb vm: boot one guest; the exit code is the verdict (see enum vm_verdict). */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "vmopts.h"

int cmd_vm(int argc, char **argv)
{
	struct vmopts o;
	struct vm_result res;
	const char *label = "guest";
	int i;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("usage: pb vm [guest options] [--label NAME]\n\n%s\n"
		       "exit status: 0 pass, 1 guest test failed, 2 kernel crash, 3 hung,\n"
		       "4 error (QEMU failed or no verdict), 5 interrupted\n", vmopts_help);
		return 0;
	}
	for (i = 1; i + 1 < argc; i++)
		if (!strcmp(argv[i], "--label")) {
			label = argv[i + 1];
			memmove(&argv[i], &argv[i + 2], (size_t)(argc - i - 1) * sizeof(*argv));
			argc -= 2;
			break;
		}
	if (vmopts_parse(&o, argc, argv, NULL, NULL, NULL) < 0)
		return VM_ERROR;
	return vmopts_run(&o, &res, label);
}
