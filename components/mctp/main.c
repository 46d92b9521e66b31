// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "mctp.h"

static const char usage[] =
	"usage: mctp OBJECT COMMAND [ARGS]\n"
	"  mctp link set DEV [up|down] [mtu N] [net N] [txqueuelen N] [netns PID]\n"
	"  mctp link show [DEV]\n"
	"  mctp addr add EID dev DEV | addr del EID dev DEV | addr show [dev DEV]\n"
	"  mctp route add EID[-EID] via DEV [mtu N]\n"
	"  mctp route add EID[-EID] gw EID [net N] [mtu N]\n"
	"  mctp route del EID[-EID] via DEV | route del EID[-EID] gw EID [net N]\n"
	"  mctp route show\n"
	"  mctp neigh add EID dev DEV lladdr XX[:XX...] | neigh del EID dev DEV | neigh show\n";

static int prefix(const char *word, const char *full)
{
	return word[0] && !strncmp(word, full, strlen(word));
}

int main(int argc, char **argv)
{
	struct nl nl;
	int r;

	if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "-h")) {
		fputs(usage, argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	r = nl_open(&nl);
	if (r)
		return report("netlink socket", r, NULL);
	if (prefix(argv[1], "link"))
		r = cmd_link(&nl, argc - 2, argv + 2);
	else if (prefix(argv[1], "address"))
		r = cmd_addr(&nl, argc - 2, argv + 2);
	else if (prefix(argv[1], "route"))
		r = cmd_route(&nl, argc - 2, argv + 2);
	else if (prefix(argv[1], "neighbour") || prefix(argv[1], "neighbor"))
		r = cmd_neigh(&nl, argc - 2, argv + 2);
	else
		r = usage_error("unknown object '%s'\n%s", argv[1], usage);
	nl_close(&nl);
	return r;
}
