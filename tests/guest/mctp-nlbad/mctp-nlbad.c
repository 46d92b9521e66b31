// SPDX-License-Identifier: GPL-2.0
/*
 * mctp-nlbad DEV: send malformed RTM_NEWROUTE / RTM_DELROUTE messages and
 * check that each is rejected with an errno and leaves the MCTP route table
 * exactly as it was. Prints TAP, one line per case.
 */
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nl.h"

#ifndef AF_MCTP
#define AF_MCTP 45
#endif

struct fq_addr {
	unsigned int net;
	unsigned char eid;
};

struct table {
	char buf[65536];
	size_t len;
};

static int append_route(const struct nlmsghdr *h, void *ctx)
{
	struct table *t = ctx;

	if (t->len + h->nlmsg_len > sizeof(t->buf))
		return -ENOSPC;
	memcpy(t->buf + t->len, h, h->nlmsg_len);
	/* the header's seq/pid differ per dump; compare only the payload */
	memset(t->buf + t->len, 0, NLMSG_HDRLEN);
	t->len += h->nlmsg_len;
	return 0;
}

static int snapshot(struct nl *nl, struct table *t)
{
	struct rtmsg rtm = { .rtm_family = AF_MCTP };
	struct nlmsg m;

	t->len = 0;
	nlm_start(&m, RTM_GETROUTE, 0, &rtm, sizeof(rtm));
	return nl_dump(nl, &m, append_route, t);
}

static void base(struct nlmsg *m, uint16_t type, uint8_t dst_len, uint8_t rtype)
{
	struct rtmsg rtm = {
		.rtm_family = AF_MCTP,
		.rtm_dst_len = dst_len,
		.rtm_table = RT_TABLE_DEFAULT,
		.rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_LINK,
		.rtm_type = rtype,
	};

	nlm_start(m, type, type == RTM_NEWROUTE ? NLM_F_CREATE | NLM_F_EXCL : 0, &rtm, sizeof(rtm));
}

static int ifindex;

/* Each builder forges one bad message. */
static void truncated_header(struct nlmsg *m)
{
	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	m->h.nlmsg_len = NLMSG_HDRLEN + 4;
}

static void truncated_header_del(struct nlmsg *m)
{
	base(m, RTM_DELROUTE, 0, RTN_UNICAST);
	m->h.nlmsg_len = NLMSG_HDRLEN + 2;
}

static void dst_missing(struct nlmsg *m)
{
	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
}

static void dst_zero_length(struct nlmsg *m)
{
	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	nlm_put(m, RTA_DST, NULL, 0);
	nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
}

static void dst_u32(struct nlmsg *m)
{
	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	nlm_put_u32(m, RTA_DST, 30);
	nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
}

static void oif_short(struct nlmsg *m)
{
	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	nlm_put_u8(m, RTA_DST, 30);
	nlm_put_u8(m, RTA_OIF, (uint8_t)ifindex);
}

static void eid(struct nlmsg *m, uint8_t e)
{
	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	nlm_put_u8(m, RTA_DST, e);
	nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
}

static void eid_zero(struct nlmsg *m) { eid(m, 0); }
static void eid_broadcast(struct nlmsg *m) { eid(m, 255); }

static void range_overflow(struct nlmsg *m)
{
	base(m, RTM_NEWROUTE, 10, RTN_UNICAST);
	nlm_put_u8(m, RTA_DST, 250);
	nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
}

static void unknown_ifindex(struct nlmsg *m)
{
	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	nlm_put_u8(m, RTA_DST, 30);
	nlm_put_u32(m, RTA_OIF, 999999);
}

static void local_type(struct nlmsg *m)
{
	base(m, RTM_NEWROUTE, 0, RTN_LOCAL);
	nlm_put_u8(m, RTA_DST, 30);
	nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
}

static void metrics_not_nested(struct nlmsg *m)
{
	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	nlm_put_u8(m, RTA_DST, 30);
	nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
	nlm_put_u8(m, RTA_METRICS, 7);
}

static void mtu_wrong_size(struct nlmsg *m)
{
	struct nlattr *mx;

	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	nlm_put_u8(m, RTA_DST, 30);
	nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
	mx = nlm_nest_start(m, RTA_METRICS);
	nlm_put_u8(m, RTAX_MTU, 68);
	nlm_nest_end(m, mx);
}

static void gateway(struct nlmsg *m, const void *gw, size_t len, int with_oif)
{
	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	nlm_put_u8(m, RTA_DST, 30);
	nlm_put(m, RTA_GATEWAY, gw, len);
	if (with_oif)
		nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
}

static const struct fq_addr gw_ok = { 1, 9 };
static void gw_zero_length(struct nlmsg *m) { gateway(m, NULL, 0, 0); }
static void gw_short(struct nlmsg *m) { gateway(m, &gw_ok, 4, 0); }
static void gw_oversized(struct nlmsg *m)
{
	char big[64] = { 0 };

	memcpy(big, &gw_ok, sizeof(gw_ok));
	gateway(m, big, sizeof(big), 0);
}
static void gw_with_oif(struct nlmsg *m) { gateway(m, &gw_ok, sizeof(gw_ok), 1); }
static void gw_eid_zero(struct nlmsg *m)
{
	struct fq_addr g = { 1, 0 };

	gateway(m, &g, sizeof(g), 0);
}
static void gw_eid_broadcast(struct nlmsg *m)
{
	struct fq_addr g = { 1, 255 };

	gateway(m, &g, sizeof(g), 0);
}

static void neither_oif_nor_gw(struct nlmsg *m)
{
	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	nlm_put_u8(m, RTA_DST, 30);
}

static void del_absent(struct nlmsg *m)
{
	base(m, RTM_DELROUTE, 0, RTN_UNICAST);
	nlm_put_u8(m, RTA_DST, 77);
	nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
}

static void del_eid_broadcast(struct nlmsg *m)
{
	base(m, RTM_DELROUTE, 0, RTN_UNICAST);
	nlm_put_u8(m, RTA_DST, 255);
	nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
}

static void attr_len_past_end(struct nlmsg *m)
{
	struct nlattr *a;

	base(m, RTM_NEWROUTE, 0, RTN_UNICAST);
	nlm_put_u8(m, RTA_DST, 30);
	a = (struct nlattr *)(m->buf + NLMSG_ALIGN(m->h.nlmsg_len));
	nlm_put_u32(m, RTA_OIF, (uint32_t)ifindex);
	a->nla_len = 200;	/* claims more than the message holds */
}

static const struct {
	const char *name;
	void (*build)(struct nlmsg *m);
} cases[] = {
	{ "truncated-rtmsg", truncated_header },
	{ "truncated-rtmsg-del", truncated_header_del },
	{ "dst-missing", dst_missing },
	{ "dst-zero-length", dst_zero_length },
	{ "dst-wrong-length", dst_u32 },
	{ "oif-wrong-length", oif_short },
	{ "eid-0", eid_zero },
	{ "eid-255", eid_broadcast },
	{ "eid-range-overflow", range_overflow },
	{ "unknown-ifindex", unknown_ifindex },
	{ "type-local", local_type },
	{ "metrics-not-nested", metrics_not_nested },
	{ "mtu-wrong-length", mtu_wrong_size },
	{ "gateway-zero-length", gw_zero_length },
	{ "gateway-short", gw_short },
	{ "gateway-oversized", gw_oversized },
	{ "gateway-and-oif", gw_with_oif },
	{ "gateway-eid-0", gw_eid_zero },
	{ "gateway-eid-255", gw_eid_broadcast },
	{ "neither-oif-nor-gateway", neither_oif_nor_gw },
	{ "attr-length-past-end", attr_len_past_end },
	{ "del-absent-route", del_absent },
	{ "del-eid-255", del_eid_broadcast },
};

int main(int argc, char **argv)
{
	static struct table before, after;
	const char *prefix = argc > 2 ? argv[2] : "nlbad";
	size_t n = sizeof(cases) / sizeof(cases[0]);
	int fails = 0;
	struct nl nl;

	if (argc < 2 || !(ifindex = (int)if_nametoindex(argv[1]))) {
		fprintf(stderr, "usage: mctp-nlbad MCTP_DEV [TAP_PREFIX]\n");
		return 2;
	}
	if (nl_open(&nl) || snapshot(&nl, &before)) {
		fprintf(stderr, "mctp-nlbad: cannot dump routes\n");
		return 1;
	}
	printf("TAP version 13\n1..%zu\n", n);
	for (size_t i = 0; i < n; i++) {
		char why[sizeof(nl.ext_msg)];
		struct nlmsg m;
		int r, same;

		cases[i].build(&m);
		r = nl_talk(&nl, &m);
		memcpy(why, nl.ext_msg, sizeof(why));
		same = !snapshot(&nl, &after) && after.len == before.len &&
		       !memcmp(after.buf, before.buf, before.len);
		if (r < 0 && same) {
			printf("ok %zu - %s.%s # rejected: %s%s%s\n", i + 1, prefix, cases[i].name,
			       strerror(-r), why[0] ? ": " : "", why);
		} else {
			printf("not ok %zu - %s.%s # %s%s\n", i + 1, prefix, cases[i].name,
			       r < 0 ? "rejected" : "ACCEPTED",
			       same ? "" : ", and the route table changed");
			fails++;
		}
	}
	return fails ? 1 : 0;
}
