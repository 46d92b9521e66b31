// SPDX-License-Identifier: GPL-2.0
/* pb: the patchbench harness, one binary with a subcommand per job (bench/commands.c). */
#include "cmd.h"

int main(int argc, char **argv)
{
	return pb_main(argc, argv);
}
