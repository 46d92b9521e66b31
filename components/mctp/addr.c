// SPDX-License-Identifier: GPL-2.0
/* mctp addr add|del EID dev DEV; mctp addr show [dev DEV] */
#include <linux/if_addr.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>

#include "mctp.h"

static int print_addr(const struct nlmsghdr *h, void *ctx)
{
	const struct ifaddrmsg *ifa = NLMSG_DATA(h);
	const struct nlattr *tb[IFA_MAX + 1];
	const int *ifindex = ctx;
	char name[IF_NAMESIZE];

	if (ifa->ifa_family != AF_MCTP || (*ifindex && (int)ifa->ifa_index != *ifindex))
		return 0;
	nl_attrs(h, sizeof(*ifa), tb, IFA_MAX);
	if (tb[IFA_LOCAL])
		printf("eid %u dev %s\n", *(const uint8_t *)nla_payload(tb[IFA_LOCAL]),
		       ifname_of((int)ifa->ifa_index, name));
	return 0;
}

int cmd_addr(struct nl *nl, int argc, char **argv)
{
	struct ifaddrmsg ifa = { .ifa_family = AF_MCTP };
	struct nlmsg m;
	uint8_t eid;
	int ifindex = 0, r;

	if (argc == 0 || !strcmp(argv[0], "show")) {
		if (argc >= 3 && !strcmp(argv[1], "dev") && !(ifindex = ifindex_of(argv[2])))
			return 1;
		nlm_start(&m, RTM_GETADDR, 0, &ifa, sizeof(ifa));
		r = nl_dump(nl, &m, print_addr, &ifindex);
		return r ? report("addr show", r, nl) : 0;
	}
	if (strcmp(argv[0], "add") && strcmp(argv[0], "del"))
		return usage_error("addr: unknown command '%s'", argv[0]);
	if (argc != 4 || strcmp(argv[2], "dev"))
		return usage_error("addr %s: usage: addr %s EID dev DEV", argv[0], argv[0]);
	if (parse_eid(argv[1], &eid))
		return usage_error("addr %s: bad EID '%s'", argv[0], argv[1]);
	ifindex = ifindex_of(argv[3]);
	if (!ifindex)
		return 1;
	ifa.ifa_index = (uint32_t)ifindex;
	nlm_start(&m, !strcmp(argv[0], "add") ? RTM_NEWADDR : RTM_DELADDR,
		  !strcmp(argv[0], "add") ? NLM_F_CREATE | NLM_F_EXCL : 0, &ifa, sizeof(ifa));
	nlm_put_u8(&m, IFA_LOCAL, eid);
	r = nl_talk(nl, &m);
	return r ? report(!strcmp(argv[0], "add") ? "addr add" : "addr del", r, nl) : 0;
}
