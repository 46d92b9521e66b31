// SPDX-License-Identifier: GPL-2.0
/*
 * mctp route add|del EID[-EID] via DEV [mtu N]
 * mctp route add|del EID[-EID] gw EID [net N] [mtu N]
 * mctp route show
 */
#include <net/if.h>
#include <stdio.h>
#include <string.h>

#include "mctp.h"

struct route_args {
	struct eid_range range;
	int ifindex;			/* via DEV */
	struct pb_mctp_fq_addr gw;	/* gw EID [net N] */
	int have_gw;
	uint32_t mtu;
	int have_mtu;
};

static int parse_route(int argc, char **argv, struct route_args *a, int add)
{
	memset(a, 0, sizeof(*a));
	if (argc < 3 || parse_eid_range(argv[0], &a->range))
		return usage_error("route: usage: route %s EID[-EID] via DEV | gw EID [net N]%s",
				   add ? "add" : "del", add ? " [mtu N]" : "");
	for (int i = 1; i < argc; i++) {
		const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!v)
			return usage_error("route: '%s' needs a value", k);
		i++;
		if (!strcmp(k, "via") || !strcmp(k, "dev")) {
			a->ifindex = ifindex_of(v);
			if (!a->ifindex)
				return 1;
		} else if (!strcmp(k, "gw")) {
			if (parse_eid(v, &a->gw.eid))
				return usage_error("route: bad gateway EID '%s'", v);
			a->have_gw = 1;
		} else if (!strcmp(k, "net")) {
			if (parse_u32(v, &a->gw.net))
				return usage_error("route: bad net '%s'", v);
		} else if (!strcmp(k, "mtu") && add) {
			if (parse_u32(v, &a->mtu))
				return usage_error("route: bad mtu '%s'", v);
			a->have_mtu = 1;
		} else {
			return usage_error("route: unexpected '%s'", k);
		}
	}
	if (!a->ifindex == !a->have_gw)
		return usage_error("route: give exactly one of 'via DEV' and 'gw EID'");
	return 0;
}

static int route_change(struct nl *nl, int argc, char **argv, int add)
{
	struct rtmsg rtm = {
		.rtm_family = AF_MCTP,
		.rtm_table = RT_TABLE_DEFAULT,
		.rtm_protocol = RTPROT_STATIC,
		.rtm_type = RTN_UNICAST,
	};
	struct route_args a;
	struct nlmsg m;
	int r = parse_route(argc, argv, &a, add);

	if (r)
		return r;
	/* MCTP uses rtm_dst_len as the number of EIDs past the first. */
	rtm.rtm_dst_len = (uint8_t)(a.range.last - a.range.first);
	rtm.rtm_scope = a.have_gw ? RT_SCOPE_UNIVERSE : RT_SCOPE_LINK;
	nlm_start(&m, add ? RTM_NEWROUTE : RTM_DELROUTE, add ? NLM_F_CREATE | NLM_F_EXCL : 0,
		  &rtm, sizeof(rtm));
	nlm_put_u8(&m, RTA_DST, a.range.first);
	if (a.have_gw)
		nlm_put(&m, RTA_GATEWAY, &a.gw, sizeof(a.gw));
	else
		nlm_put_u32(&m, RTA_OIF, (uint32_t)a.ifindex);
	if (a.have_mtu) {
		struct nlattr *metrics = nlm_nest_start(&m, RTA_METRICS);

		nlm_put_u32(&m, RTAX_MTU, a.mtu);
		nlm_nest_end(&m, metrics);
	}
	r = nl_talk(nl, &m);
	return r ? report(add ? "route add" : "route del", r, nl) : 0;
}

static int print_route(const struct nlmsghdr *h, void *ctx)
{
	const struct rtmsg *rtm = NLMSG_DATA(h);
	const struct nlattr *tb[RTA_MAX + 1], *mx[RTAX_MAX + 1];
	char name[IF_NAMESIZE];
	uint32_t mtu = 0;
	uint8_t first;

	(void)ctx;
	if (rtm->rtm_family != AF_MCTP)
		return 0;
	nl_attrs(h, sizeof(*rtm), tb, RTA_MAX);
	if (!tb[RTA_DST])
		return 0;
	first = *(const uint8_t *)nla_payload(tb[RTA_DST]);
	if (rtm->rtm_dst_len)
		printf("eid %u-%u", first, first + rtm->rtm_dst_len);
	else
		printf("eid %u", first);
	if (tb[RTA_OIF])
		printf(" via %s", ifname_of((int)*(const uint32_t *)nla_payload(tb[RTA_OIF]), name));
	if (tb[RTA_GATEWAY] && nla_payload_len(tb[RTA_GATEWAY]) >= sizeof(struct pb_mctp_fq_addr)) {
		const struct pb_mctp_fq_addr *gw = nla_payload(tb[RTA_GATEWAY]);

		printf(" gw %u net %u", gw->eid, gw->net);
	}
	if (tb[RTA_METRICS]) {
		nl_nested(tb[RTA_METRICS], mx, RTAX_MAX);
		if (mx[RTAX_MTU])
			mtu = *(const uint32_t *)nla_payload(mx[RTAX_MTU]);
	}
	printf(" mtu %u type %s scope %s\n", mtu, rtm->rtm_type == RTN_LOCAL ? "local" : "unicast",
	       rtm->rtm_scope == RT_SCOPE_UNIVERSE ? "universe" :
	       rtm->rtm_scope == RT_SCOPE_LINK ? "link" : "other");
	return 0;
}

int cmd_route(struct nl *nl, int argc, char **argv)
{
	struct rtmsg rtm = { .rtm_family = AF_MCTP };
	struct nlmsg m;
	int r;

	if (argc == 0 || !strcmp(argv[0], "show")) {
		nlm_start(&m, RTM_GETROUTE, 0, &rtm, sizeof(rtm));
		r = nl_dump(nl, &m, print_route, NULL);
		return r ? report("route show", r, nl) : 0;
	}
	if (!strcmp(argv[0], "add") || !strcmp(argv[0], "del"))
		return route_change(nl, argc - 1, argv + 1, !strcmp(argv[0], "add"));
	return usage_error("route: unknown command '%s'", argv[0]);
}
