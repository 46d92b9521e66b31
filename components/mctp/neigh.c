// SPDX-License-Identifier: GPL-2.0
/* mctp neigh add EID dev DEV lladdr XX[:XX..]; neigh del EID dev DEV; neigh show */
#include <linux/neighbour.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mctp.h"

static int parse_lladdr(const char *s, uint8_t *out, size_t cap, size_t *len)
{
	char *end;

	*len = 0;
	if (!strncmp(s, "0x", 2)) {	/* a single byte, as the mctp tool writes them */
		unsigned long v = strtoul(s, &end, 16);

		if (*end || v > 255)
			return -1;
		out[(*len)++] = (uint8_t)v;
		return 0;
	}
	while (*s) {
		unsigned long v = strtoul(s, &end, 16);

		if (end == s || v > 255 || *len == cap)
			return -1;
		out[(*len)++] = (uint8_t)v;
		s = *end == ':' ? end + 1 : end;
		if (*end && *end != ':')
			return -1;
	}
	return *len ? 0 : -1;
}

static int print_neigh(const struct nlmsghdr *h, void *ctx)
{
	const struct ndmsg *nd = NLMSG_DATA(h);
	const struct nlattr *tb[NDA_MAX + 1];
	char name[IF_NAMESIZE];

	(void)ctx;
	if (nd->ndm_family != AF_MCTP)
		return 0;
	nl_attrs(h, sizeof(*nd), tb, NDA_MAX);
	if (!tb[NDA_DST])
		return 0;
	printf("eid %u dev %s lladdr", *(const uint8_t *)nla_payload(tb[NDA_DST]),
	       ifname_of(nd->ndm_ifindex, name));
	if (tb[NDA_LLADDR]) {
		const uint8_t *a = nla_payload(tb[NDA_LLADDR]);

		for (size_t i = 0; i < nla_payload_len(tb[NDA_LLADDR]); i++)
			printf("%s%02x", i ? ":" : " ", a[i]);
	}
	putchar('\n');
	return 0;
}

int cmd_neigh(struct nl *nl, int argc, char **argv)
{
	struct ndmsg nd = { .ndm_family = AF_MCTP };
	uint8_t eid, lladdr[32];
	size_t lllen = 0;
	struct nlmsg m;
	int add, r;

	if (argc == 0 || !strcmp(argv[0], "show")) {
		nlm_start(&m, RTM_GETNEIGH, 0, &nd, sizeof(nd));
		r = nl_dump(nl, &m, print_neigh, NULL);
		return r ? report("neigh show", r, nl) : 0;
	}
	add = !strcmp(argv[0], "add");
	if (!add && strcmp(argv[0], "del"))
		return usage_error("neigh: unknown command '%s'", argv[0]);
	if (argc < 4 || strcmp(argv[2], "dev") || (add && (argc != 6 || strcmp(argv[4], "lladdr"))))
		return usage_error("neigh: usage: neigh add EID dev DEV lladdr XX | neigh del EID dev DEV");
	if (parse_eid(argv[1], &eid))
		return usage_error("neigh: bad EID '%s'", argv[1]);
	nd.ndm_ifindex = ifindex_of(argv[3]);
	if (!nd.ndm_ifindex)
		return 1;
	if (add && parse_lladdr(argv[5], lladdr, sizeof(lladdr), &lllen))
		return usage_error("neigh add: bad lladdr '%s'", argv[5]);
	nlm_start(&m, add ? RTM_NEWNEIGH : RTM_DELNEIGH, add ? NLM_F_CREATE | NLM_F_EXCL : 0,
		  &nd, sizeof(nd));
	nlm_put_u8(&m, NDA_DST, eid);
	if (add)
		nlm_put(&m, NDA_LLADDR, lladdr, lllen);
	r = nl_talk(nl, &m);
	return r ? report(add ? "neigh add" : "neigh del", r, nl) : 0;
}
