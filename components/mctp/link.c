// SPDX-License-Identifier: GPL-2.0
/* mctp link set DEV [up|down] [mtu N] [net N] [txqueuelen N] [netns PID];
 * mctp link show [DEV] */
#include <net/if.h>
#include <stdio.h>
#include <string.h>
#include <linux/if_link.h>

#include "mctp.h"

static int link_set(struct nl *nl, int argc, char **argv)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC };
	struct nlmsg m;
	uint32_t mtu = 0, net = 0, netns_pid = 0, qlen = 0;
	int have_mtu = 0, have_net = 0, have_qlen = 0;

	if (argc < 1)
		return usage_error("link set: missing DEV");
	ifi.ifi_index = ifindex_of(argv[0]);
	if (!ifi.ifi_index)
		return 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "up") || !strcmp(argv[i], "down")) {
			ifi.ifi_change |= IFF_UP;
			ifi.ifi_flags = !strcmp(argv[i], "up") ? IFF_UP : 0;
		} else if (!strcmp(argv[i], "mtu") && i + 1 < argc) {
			if (parse_u32(argv[++i], &mtu))
				return usage_error("link set: bad mtu '%s'", argv[i]);
			have_mtu = 1;
		} else if (!strcmp(argv[i], "net") && i + 1 < argc) {
			if (parse_u32(argv[++i], &net))
				return usage_error("link set: bad net '%s'", argv[i]);
			have_net = 1;
		} else if (!strcmp(argv[i], "txqueuelen") && i + 1 < argc) {
			/* iproute2's syntax: a 64 KiB message is ~1000 fragments at MTU 68 */
			if (parse_u32(argv[++i], &qlen))
				return usage_error("link set: bad txqueuelen '%s'", argv[i]);
			have_qlen = 1;
		} else if (!strcmp(argv[i], "netns") && i + 1 < argc) {
			/* iproute2's syntax, for moving a link into a namespace */
			if (parse_u32(argv[++i], &netns_pid) || !netns_pid)
				return usage_error("link set: bad netns PID '%s'", argv[i]);
		} else {
			return usage_error("link set: unexpected '%s'", argv[i]);
		}
	}
	nlm_start(&m, RTM_NEWLINK, 0, &ifi, sizeof(ifi));
	if (have_mtu)
		nlm_put_u32(&m, IFLA_MTU, mtu);
	if (have_qlen)
		nlm_put_u32(&m, IFLA_TXQLEN, qlen);
	if (netns_pid)
		nlm_put_u32(&m, IFLA_NET_NS_PID, netns_pid);
	if (have_net) {
		struct nlattr *spec = nlm_nest_start(&m, IFLA_AF_SPEC);
		struct nlattr *mctp = nlm_nest_start(&m, AF_MCTP);

		nlm_put_u32(&m, IFLA_MCTP_NET, net);
		nlm_nest_end(&m, mctp);
		nlm_nest_end(&m, spec);
	}
	int r = nl_talk(nl, &m);

	return r ? report("link set", r, nl) : 0;
}

struct show_filter {
	int ifindex;
};

static int print_link(const struct nlmsghdr *h, void *ctx)
{
	const struct ifinfomsg *ifi = NLMSG_DATA(h);
	const struct show_filter *f = ctx;
	const struct nlattr *tb[IFLA_MAX + 1], *af[AF_MCTP + 1], *mc[IFLA_MCTP_MAX + 1];
	uint32_t net = 0, mtu = 0;

	if (ifi->ifi_type != ARPHRD_MCTP || (f->ifindex && ifi->ifi_index != f->ifindex))
		return 0;
	nl_attrs(h, sizeof(*ifi), tb, IFLA_MAX);
	if (tb[IFLA_MTU])
		mtu = *(const uint32_t *)nla_payload(tb[IFLA_MTU]);
	if (tb[IFLA_AF_SPEC]) {
		nl_nested(tb[IFLA_AF_SPEC], af, AF_MCTP);
		if (af[AF_MCTP]) {
			nl_nested(af[AF_MCTP], mc, IFLA_MCTP_MAX);
			if (mc[IFLA_MCTP_NET])
				net = *(const uint32_t *)nla_payload(mc[IFLA_MCTP_NET]);
		}
	}
	printf("dev %s index %d net %u mtu %u %s\n",
	       tb[IFLA_IFNAME] ? (const char *)nla_payload(tb[IFLA_IFNAME]) : "?",
	       ifi->ifi_index, net, mtu, ifi->ifi_flags & IFF_UP ? "up" : "down");
	return 0;
}

int cmd_link(struct nl *nl, int argc, char **argv)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC };
	struct show_filter f = { 0 };
	struct nlmsg m;
	int r;

	if (argc >= 1 && !strcmp(argv[0], "set"))
		return link_set(nl, argc - 1, argv + 1);
	if (argc >= 1 && strcmp(argv[0], "show"))
		return usage_error("link: unknown command '%s'", argv[0]);
	if (argc >= 2 && !(f.ifindex = ifindex_of(argv[1])))
		return 1;
	nlm_start(&m, RTM_GETLINK, 0, &ifi, sizeof(ifi));
	r = nl_dump(nl, &m, print_link, &f);
	return r ? report("link show", r, nl) : 0;
}
