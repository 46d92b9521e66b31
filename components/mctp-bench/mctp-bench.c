// SPDX-License-Identifier: GPL-2.0
/*
 * mctp-bench: cost of one MCTP sendmsg() through the route table, measured
 * from userspace in the guest, over mctp_null devices (count-and-drop).
 *
 *   mctp-bench --routes N [--depth D] [--size B] [--iters K] [--samples S]
 *              [--fragment] [--mtu M] [--route-mtu M] [--local] [--kernel-lookup KO]
 *              [--churn]
 *
 * Builds a table of N routes whose target is found last, optionally reached
 * through a chain of D gateway routes (patched kernel), then times K sends
 * per sample. Prints one line per sample:
 *   PB-BENCH suite=mctp-route routes=N depth=D size=B iters=K ns=X ns2k=Y
 * where ns is the guest-clock cost per send over K sends and ns2k over 2K
 * (a batch that does not scale is reported by the harness as invalid). In
 * icount mode the guest clock counts instructions, so "ns" are instructions.
 *
 * --fragment reports as the mctp-fragment suite instead, with the MTU the
 * message is cut to and its packet count:
 *   PB-BENCH suite=mctp-fragment mode=tx|local via=dev|route|gateway mtu=M
 *            size=B packets=P iters=K ns=X ns2k=Y
 * --mtu sets mctpnull0's MTU; --route-mtu puts an RTAX_MTU metric on the
 * target's route (with --depth 1, on the gateway route: the patched kernel
 * clamps to the smallest MTU on the path). --local sends to our own EID
 * instead, so each message is fragmented, reassembled and delivered to a
 * bound socket, and the time covers the recv() too.
 *
 * --kernel-lookup KO loads suites/mctp-route/mctp-lookup instead of sending:
 * it times mctp_route_lookup() alone against the same table and prints its
 * own PB-BENCH lines to the kernel log.
 *
 * --churn times adding and deleting one more route to the table instead:
 *   PB-BENCH suite=mctp-route op=add-del routes=N depth=D iters=K ns=X ns2k=Y
 * (one RTM_NEWROUTE and one RTM_DELROUTE per iteration), what a lookup
 * structure may cost the writers.
 */
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <linux/mctp.h>

#include "nl.h"

#ifndef AF_MCTP
#define AF_MCTP 45
#endif
#define LOCAL_EID 8
#define TARGET_EID 100
#define MAX_DEVS 64

struct fq_addr {
	unsigned int net;
	unsigned char eid;
};

static struct nl nl;

static void die(const char *what, int err)
{
	fprintf(stderr, "mctp-bench: %s: %s%s%s\n", what, strerror(-err), nl.ext_msg[0] ? ": " : "",
		nl.ext_msg);
	exit(1);
}

static int dev_index(int i)
{
	char name[IF_NAMESIZE];

	snprintf(name, sizeof(name), "mctpnull%d", i);
	return (int)if_nametoindex(name);
}

static void link_setup(int ifindex, unsigned int net, unsigned int mtu)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC, .ifi_index = ifindex,
				 .ifi_flags = IFF_UP, .ifi_change = IFF_UP };
	struct nlattr *spec, *mctp;
	struct nlmsg m;
	int r;

	nlm_start(&m, RTM_NEWLINK, 0, &ifi, sizeof(ifi));
	if (mtu)
		nlm_put_u32(&m, IFLA_MTU, mtu);
	spec = nlm_nest_start(&m, IFLA_AF_SPEC);
	mctp = nlm_nest_start(&m, AF_MCTP);
	nlm_put_u32(&m, IFLA_MCTP_NET, net);
	nlm_nest_end(&m, mctp);
	nlm_nest_end(&m, spec);
	r = nl_talk(&nl, &m);
	if (r)
		die("link setup", r);
}

static void addr_add(int ifindex, unsigned char eid)
{
	struct ifaddrmsg ifa = { .ifa_family = AF_MCTP, .ifa_index = (unsigned int)ifindex };
	struct nlmsg m;
	int r;

	nlm_start(&m, RTM_NEWADDR, NLM_F_CREATE, &ifa, sizeof(ifa));
	nlm_put_u8(&m, IFA_LOCAL, eid);
	r = nl_talk(&nl, &m);
	if (r && r != -EEXIST)
		die("addr add", r);
}

/* A direct route (ifindex) or a gateway route (gw != NULL), with an MTU metric if mtu. */
static void route(int type, unsigned char eid, int ifindex, const struct fq_addr *gw,
		  unsigned int mtu)
{
	struct rtmsg rtm = { .rtm_family = AF_MCTP, .rtm_table = RT_TABLE_DEFAULT,
			     .rtm_protocol = RTPROT_STATIC, .rtm_type = RTN_UNICAST,
			     .rtm_scope = gw ? RT_SCOPE_UNIVERSE : RT_SCOPE_LINK };
	struct nlmsg m;
	int r;

	nlm_start(&m, (uint16_t)type, type == RTM_NEWROUTE ? NLM_F_CREATE | NLM_F_EXCL : 0,
		  &rtm, sizeof(rtm));
	nlm_put_u8(&m, RTA_DST, eid);
	if (gw)
		nlm_put(&m, RTA_GATEWAY, gw, sizeof(*gw));
	else
		nlm_put_u32(&m, RTA_OIF, (uint32_t)ifindex);
	if (mtu) {
		struct nlattr *metrics = nlm_nest_start(&m, RTA_METRICS);

		nlm_put_u32(&m, RTAX_MTU, mtu);
		nlm_nest_end(&m, metrics);
	}
	r = nl_talk(&nl, &m);
	if (r)
		die(type == RTM_NEWROUTE ? "route add" : "route del", r);
}

struct filler {
	int ndevs, dev;
	unsigned int eid;
};

/* Next filler (dev, eid) that is neither ours, the target chain, nor taken. */
static int next_filler(struct filler *f, int depth, unsigned char *eid, int *ifindex)
{
	for (;;) {
		if (++f->eid > 254) {
			f->eid = 10;
			if (++f->dev >= f->ndevs)
				return -1;
		}
		if (f->dev == 0 && f->eid >= TARGET_EID && f->eid <= TARGET_EID + (unsigned int)depth)
			continue;
		*eid = (unsigned char)f->eid;
		*ifindex = dev_index(f->dev);
		return 0;
	}
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Load the lookup module against the table; it refuses to stay, by design. */
static void kernel_lookup(const char *ko, long routes, long depth, long iters, long samples)
{
	char params[128];
	int fd = open(ko, O_RDONLY);

	snprintf(params, sizeof(params), "eid=%d routes=%ld depth=%ld iters=%ld samples=%ld",
		 TARGET_EID, routes, depth, iters, samples);
	if (fd < 0 || (syscall(__NR_finit_module, fd, params, 0) && errno != EAGAIN)) {
		fprintf(stderr, "mctp-bench: loading %s: %s (see dmesg)\n", ko, strerror(errno));
		exit(1);
	}
	close(fd);
}

/* Adds and deletes @eid on @ifindex @iters times: the cost per pair. */
static double time_churn(unsigned char eid, int ifindex, long iters)
{
	double t0 = now_ns();

	for (long i = 0; i < iters; i++) {
		route(RTM_NEWROUTE, eid, ifindex, NULL, 0);
		route(RTM_DELROUTE, eid, ifindex, NULL, 0);
	}
	return (now_ns() - t0) / (double)iters;
}

/* The socket that receives in --local mode, or -1. */
static int rd = -1;

static double time_sends(int sd, const struct sockaddr_mctp *to, const char *buf, size_t size,
			 long iters)
{
	static char in[65536];
	double t0 = now_ns();
	ssize_t got;

	for (long i = 0; i < iters; i++) {
		if (sendto(sd, buf, size, 0, (const struct sockaddr *)to, sizeof(*to)) < 0) {
			perror("mctp-bench: sendto");
			exit(1);
		}
		if (rd >= 0 && (got = recv(rd, in, sizeof(in), 0)) != (ssize_t)size) {
			fprintf(stderr, "mctp-bench: recv: got %zd of %zu bytes: %s\n", got, size,
				got < 0 ? strerror(errno) : "short");
			exit(1);
		}
	}
	return (now_ns() - t0) / (double)iters;
}

/*
 * --local: a socket bound to our message type receives what we send to our
 * own EID. The sends carry a preallocated owner tag, so that thousands of
 * requests do not exhaust the eight tags a peer has.
 */
static void local_setup(int sd, struct sockaddr_mctp *to)
{
	struct sockaddr_mctp any = { .smctp_family = AF_MCTP, .smctp_network = MCTP_NET_ANY,
				     .smctp_addr.s_addr = MCTP_ADDR_ANY, .smctp_type = 1 };
	struct mctp_ioc_tag_ctl tag = { .peer_addr = LOCAL_EID };
	struct timeval timeout = { .tv_sec = 10 };
	int big = 16 << 20;

	rd = socket(AF_MCTP, SOCK_DGRAM, 0);
	if (rd < 0 || bind(rd, (struct sockaddr *)&any, sizeof(any)) ||
	    setsockopt(rd, SOL_SOCKET, SO_RCVBUFFORCE, &big, sizeof(big)) ||
	    setsockopt(rd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout)) ||
	    ioctl(sd, SIOCMCTPALLOCTAG, &tag)) {
		perror("mctp-bench: local receiver");
		exit(1);
	}
	to->smctp_addr.s_addr = LOCAL_EID;
	to->smctp_tag = tag.tag;	/* MCTP_TAG_OWNER | MCTP_TAG_PREALLOC | the tag */
}

int main(int argc, char **argv)
{
	long routes = 1, depth = 0, size = 1, iters = 2000, samples = 5, mtu = 0, route_mtu = 0;
	int fragment = 0, local = 0, churn = 0;
	const char *lookup_ko = NULL;
	struct filler f = { .dev = 0, .eid = 9 };
	struct sockaddr_mctp to = { .smctp_family = AF_MCTP, .smctp_network = 1,
				    .smctp_addr.s_addr = TARGET_EID, .smctp_type = 1 };
	static char buf[65536];
	int dev0, sd;
	long added;

	for (int i = 1; i < argc; i += 2) {
		long v = i + 1 < argc ? atol(argv[i + 1]) : 0;

		if (!strcmp(argv[i], "--fragment") || !strcmp(argv[i], "--local") ||
		    !strcmp(argv[i], "--churn")) {
			*(argv[i][2] == 'f' ? &fragment : argv[i][2] == 'l' ? &local : &churn) = 1;
			i--;	/* no value */
		} else if (i + 1 >= argc) {
			goto usage;
		} else if (!strcmp(argv[i], "--kernel-lookup")) {
			lookup_ko = argv[i + 1];
		} else if (!strcmp(argv[i], "--mtu")) {
			mtu = v;
		} else if (!strcmp(argv[i], "--route-mtu")) {
			route_mtu = v;
		} else if (!strcmp(argv[i], "--routes"))
			routes = v;
		else if (!strcmp(argv[i], "--depth"))
			depth = v;
		else if (!strcmp(argv[i], "--size"))
			size = v;
		else if (!strcmp(argv[i], "--iters"))
			iters = v;
		else if (!strcmp(argv[i], "--samples"))
			samples = v;
		else
			goto usage;
	}
	if (routes < depth + 1 || depth < 0 || depth > 40 || size < 1 || size > 65535 ||
	    iters < 1 || samples < 1 || (mtu && (mtu < 68 || mtu > 65536)) || route_mtu < 0 ||
	    (local && (depth || route_mtu)) || (churn && (local || fragment || lookup_ko)))
		goto usage;
	if (nl_open(&nl))
		die("netlink", -errno);
	for (f.ndevs = 0; f.ndevs < MAX_DEVS && dev_index(f.ndevs); f.ndevs++)
		link_setup(dev_index(f.ndevs), (unsigned int)f.ndevs + 1,
			   f.ndevs ? 0 : (unsigned int)mtu);
	if (!f.ndevs) {
		fprintf(stderr, "mctp-bench: no mctpnull devices (insmod mctp_null.ko count=N)\n");
		return 1;
	}
	dev0 = dev_index(0);
	addr_add(dev0, LOCAL_EID);

	/*
	 * Routes are looked up from the most recently added one, so the target
	 * chain goes in first: every lookup walks the whole table. Depth D means
	 * TARGET gw TARGET+1 gw ... TARGET+D, which is direct on mctpnull0.
	 */
	route(RTM_NEWROUTE, (unsigned char)(TARGET_EID + depth), dev0, NULL,
	      depth ? 0 : (unsigned int)route_mtu);
	for (long d = depth - 1; d >= 0; d--) {
		struct fq_addr gw = { 1, (unsigned char)(TARGET_EID + d + 1) };

		route(RTM_NEWROUTE, (unsigned char)(TARGET_EID + d), 0, &gw,
		      d ? 0 : (unsigned int)route_mtu);
	}
	for (added = depth + 1; added < routes; added++) {
		unsigned char eid;
		int ifindex;

		if (next_filler(&f, (int)depth, &eid, &ifindex)) {
			fprintf(stderr, "mctp-bench: only %ld routes fit on %d devices\n", added, f.ndevs);
			return 1;
		}
		route(RTM_NEWROUTE, eid, ifindex, NULL, 0);
	}

	if (churn) {
		unsigned char eid;
		int ifindex;

		if (next_filler(&f, (int)depth, &eid, &ifindex)) {
			fprintf(stderr, "mctp-bench: no room for one more route on %d devices\n",
				f.ndevs);
			return 1;
		}
		time_churn(eid, ifindex, iters);	/* warm-up */
		for (long s = 0; s < samples; s++) {
			double one = time_churn(eid, ifindex, iters);
			double two = time_churn(eid, ifindex, 2 * iters);

			printf("PB-BENCH suite=mctp-route op=add-del routes=%ld depth=%ld iters=%ld "
			       "ns=%.1f ns2k=%.1f\n", routes, depth, iters, one, two);
		}
		goto out;
	}

	sd = socket(AF_MCTP, SOCK_DGRAM, 0);
	if (sd < 0) {
		perror("mctp-bench: socket");
		return 1;
	}
	if (local)
		local_setup(sd, &to);
	if (lookup_ko)
		kernel_lookup(lookup_ko, routes, depth, iters, samples);
	memset(buf, 0x5a, sizeof(buf));
	if (!lookup_ko)
		time_sends(sd, &to, buf, (size_t)size, iters);	/* warm-up */
	for (long s = 0; s < samples && !lookup_ko; s++) {
		double one = time_sends(sd, &to, buf, (size_t)size, iters);
		double two = time_sends(sd, &to, buf, (size_t)size, 2 * iters);

		if (fragment) {
			/* the effective MTU, and packets of MTU - 4 bytes for type + payload */
			long eff = route_mtu ? route_mtu : mtu ? mtu : 68;

			printf("PB-BENCH suite=mctp-fragment mode=%s via=%s mtu=%ld size=%ld "
			       "packets=%ld iters=%ld ns=%.1f ns2k=%.1f\n", local ? "local" : "tx",
			       !route_mtu ? "dev" : depth ? "gateway" : "route", eff, size,
			       (size + 1 + eff - 5) / (eff - 4), iters, one, two);
		} else {
			printf("PB-BENCH suite=mctp-route routes=%ld depth=%ld size=%ld iters=%ld "
			       "ns=%.1f ns2k=%.1f\n", routes, depth, size, iters, one, two);
		}
	}
out:
	/* Gateway routes have no device: unloading mctp_null would not remove them. */
	for (long d = 0; d < depth; d++) {
		struct fq_addr gw = { 1, (unsigned char)(TARGET_EID + d + 1) };

		route(RTM_DELROUTE, (unsigned char)(TARGET_EID + d), 0, &gw, 0);
	}
	return 0;
usage:
	fprintf(stderr, "usage: mctp-bench --routes N [--depth D] [--size B] [--iters K] "
		"[--samples S] [--fragment] [--mtu M] [--route-mtu M] [--local] "
		"[--kernel-lookup KO] [--churn]\n"
		"  (N >= D+1, D <= 40, 68 <= M; --local: no depth or route MTU;\n"
		"   --churn: not with --local, --fragment or --kernel-lookup)\n");
	return 2;
}
