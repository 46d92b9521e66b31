// SPDX-License-Identifier: GPL-2.0
/*
 * mctp-nlfuzz DEV SEED COUNT: send COUNT random and mutated rtnetlink
 * messages for MCTP routes (RTA_GATEWAY and RTA_METRICS included), addresses
 * and neighbours, built from SEED (the same seed sends the same messages).
 * Every 64 messages and at the end it dumps the route, address and
 * neighbour tables and checks that each dump completes and every entry in
 * it parses (AF_MCTP, a destination EID). The host checks that nothing
 * oopsed. Prints TAP: one line per dump check, and a summary of how many
 * messages the kernel accepted and rejected.
 */
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/neighbour.h>

#include "nl.h"

#ifndef AF_MCTP
#define AF_MCTP 45
#endif
#define BATCH 64

static uint64_t rng;

static uint32_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static uint32_t pick(uint32_t n) { return next() % n; }

static int ifindex;

/* Mostly sensible values, sometimes edge cases, sometimes anything. */
static uint8_t some_eid(void)
{
	static const uint8_t edge[] = { 0, 1, 8, 9, 254, 255 };

	return pick(4) ? (uint8_t)(8 + pick(40)) : pick(2) ? edge[pick(sizeof(edge))] : (uint8_t)next();
}

static uint32_t some_ifindex(void)
{
	return pick(5) ? (uint32_t)ifindex : pick(2) ? 0 : next();
}

static void put_random_attr(struct nlmsg *m)
{
	uint8_t junk[16];
	size_t len = pick(sizeof(junk) + 1);

	for (size_t i = 0; i < len; i++)
		junk[i] = (uint8_t)next();
	nlm_put(m, (uint16_t)pick(16), junk, len);
}

static void route(struct nlmsg *m)
{
	static const uint16_t types[] = { RTM_NEWROUTE, RTM_DELROUTE, RTM_GETROUTE };
	uint16_t type = types[pick(3)];
	struct rtmsg rtm = {
		.rtm_family = pick(16) ? AF_MCTP : (uint8_t)next(),
		.rtm_dst_len = pick(3) ? 0 : (uint8_t)pick(pick(2) ? 16 : 256),
		.rtm_table = pick(4) ? RT_TABLE_DEFAULT : (uint8_t)next(),
		.rtm_protocol = RTPROT_STATIC,
		.rtm_scope = RT_SCOPE_LINK,
		.rtm_type = pick(10) ? RTN_UNICAST : (uint8_t)pick(12),
	};

	nlm_start(m, type, type == RTM_NEWROUTE ? NLM_F_CREATE | (pick(2) ? NLM_F_EXCL : 0) : 0,
		  &rtm, sizeof(rtm));
	if (pick(8))
		nlm_put_u8(m, RTA_DST, some_eid());
	if (pick(3))
		nlm_put_u32(m, RTA_OIF, some_ifindex());
	if (!pick(3)) {	/* a gateway: struct mctp_fq_addr { u32 net; u8 eid; } */
		uint8_t gw[8] = { 0 };
		uint32_t net = pick(4) ? 1 : next();

		memcpy(gw, &net, 4);
		gw[4] = some_eid();
		nlm_put(m, RTA_GATEWAY, gw, pick(4) ? 5 : pick(9));
	}
	if (!pick(4)) {
		if (pick(4)) {
			struct nlattr *nest = nlm_nest_start(m, RTA_METRICS);

			nlm_put_u32(m, pick(4) ? RTAX_MTU : (uint16_t)pick(20), pick(2) ? 68 + pick(2000) : next());
			nlm_nest_end(m, nest);
		} else {
			nlm_put_u32(m, RTA_METRICS, next());
		}
	}
	if (!pick(6))
		put_random_attr(m);
}

static void addr(struct nlmsg *m)
{
	static const uint16_t types[] = { RTM_NEWADDR, RTM_DELADDR, RTM_GETADDR };
	struct ifaddrmsg ifa = {
		.ifa_family = pick(8) ? AF_MCTP : (uint8_t)next(),
		.ifa_index = some_ifindex(),
	};

	nlm_start(m, types[pick(3)], 0, &ifa, sizeof(ifa));
	if (pick(6))
		nlm_put_u8(m, pick(2) ? IFA_LOCAL : IFA_ADDRESS, some_eid());
	if (!pick(6))
		put_random_attr(m);
}

static void neigh(struct nlmsg *m)
{
	static const uint16_t types[] = { RTM_NEWNEIGH, RTM_DELNEIGH, RTM_GETNEIGH };
	struct ndmsg nd = {
		.ndm_family = pick(8) ? AF_MCTP : (uint8_t)next(),
		.ndm_ifindex = (int)some_ifindex(),
		.ndm_state = NUD_PERMANENT,
	};
	uint8_t ll[8];

	for (size_t i = 0; i < sizeof(ll); i++)
		ll[i] = (uint8_t)next();
	nlm_start(m, types[pick(3)], 0, &nd, sizeof(nd));
	if (pick(6))
		nlm_put_u8(m, NDA_DST, some_eid());
	if (pick(2))
		nlm_put(m, NDA_LLADDR, ll, pick(sizeof(ll) + 1));
	if (!pick(6))
		put_random_attr(m);
}

/* Flip bytes of a built message, or lie about its length. */
static void mutate(struct nlmsg *m)
{
	uint32_t len = m->h.nlmsg_len;

	if (!pick(6)) {
		for (uint32_t n = 1 + pick(4); n; n--) {
			uint32_t at = NLMSG_HDRLEN + pick(len > NLMSG_HDRLEN ? len - NLMSG_HDRLEN : 1);

			if (at < len)
				m->buf[at] ^= (char)(1u << pick(8));
		}
	}
	if (!pick(16))
		m->h.nlmsg_len = NLMSG_HDRLEN + pick(len - NLMSG_HDRLEN + 8);
}

struct dump_check {
	int family, entries, bad;
	size_t hdrlen;
};

static int check_entry(const struct nlmsghdr *h, void *ctx)
{
	struct dump_check *c = ctx;
	const unsigned char *fam = NLMSG_DATA(h);

	c->entries++;
	if (h->nlmsg_len < NLMSG_LENGTH(c->hdrlen) || *fam != AF_MCTP)
		c->bad++;
	return 0;
}

/* Dump one table; returns 0 if the dump completed and every entry parsed. */
static int dump(struct nl *nl, uint16_t type, size_t hdrlen, int *entries)
{
	struct dump_check c = { .hdrlen = hdrlen };
	unsigned char hdr[sizeof(struct rtmsg) + sizeof(struct ndmsg)] = { AF_MCTP };
	struct nlmsg m;
	int rc;

	nlm_start(&m, type, 0, hdr, hdrlen);
	rc = nl_dump(nl, &m, check_entry, &c);
	*entries = c.entries;
	if (rc)
		printf("# dump type %u failed: %s\n", type, strerror(-rc));
	else if (c.bad)
		printf("# dump type %u: %d of %d entries do not parse\n", type, c.bad, c.entries);
	return rc || c.bad;
}

int main(int argc, char **argv)
{
	char *seed_end = NULL, *count_end = NULL;
	unsigned long long seed = argc == 4 ? strtoull(argv[2], &seed_end, 0) : 0;
	long count = argc == 4 ? strtol(argv[3], &count_end, 0) : 0;
	int accepted = 0, rejected = 0, bad_dumps = 0, dumps = 0, t = 0;
	struct nl nl;

	if (argc != 4 || count < 1 || seed_end == argv[2] || *seed_end || *count_end ||
	    !(ifindex = (int)if_nametoindex(argv[1]))) {
		fprintf(stderr, "usage: mctp-nlfuzz DEV SEED COUNT   (DEV an MCTP interface; "
			"SEED and COUNT numbers)\n");
		return 2;
	}
	rng = seed * 2654435761u + 1;
	if (nl_open(&nl)) {
		perror("mctp-nlfuzz: netlink");
		return 1;
	}
	printf("TAP version 13\n# seed %s, %ld messages on %s\n", argv[2], count, argv[1]);
	for (long i = 1; i <= count; i++) {
		static struct nlmsg m;
		int r = pick(3), entries[3];

		(r == 0 ? route : r == 1 ? addr : neigh)(&m);
		mutate(&m);
		if (nl_talk(&nl, &m))
			rejected++;
		else
			accepted++;
		if (i % BATCH && i != count)
			continue;
		dumps++;
		if (dump(&nl, RTM_GETROUTE, sizeof(struct rtmsg), &entries[0]) |
		    dump(&nl, RTM_GETADDR, sizeof(struct ifaddrmsg), &entries[1]) |
		    dump(&nl, RTM_GETNEIGH, sizeof(struct ndmsg), &entries[2])) {
			bad_dumps++;
			printf("not ok %d - seed-%s.dump-after-%ld # the tables do not dump cleanly\n",
			       ++t, argv[2], i);
		}
	}
	printf("# %d accepted, %d rejected; %d dumps of routes, addresses and neighbours\n",
	       accepted, rejected, dumps);
	printf("%s %d - seed-%s.dumps-parse # %d of %d dumps after %ld messages\n",
	       bad_dumps ? "not ok" : "ok", ++t, argv[2], dumps - bad_dumps, dumps, count);
	printf("%s %d - seed-%s.accepted-and-rejected # %d and %d\n",
	       accepted && rejected ? "ok" : "not ok", ++t, argv[2], accepted, rejected);
	printf("1..%d\n", t);
	nl_close(&nl);
	return bad_dumps || !accepted || !rejected;
}
