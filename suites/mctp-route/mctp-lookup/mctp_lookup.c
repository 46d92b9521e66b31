// SPDX-License-Identifier: GPL-2.0
/*
 * mctp_lookup: mctp_route_lookup() alone, for the mctp-route suite. Times
 * @iters lookups of @eid on network @net against whatever route table the
 * caller built, each followed by the release the kernel's send path does
 * (6.12: mctp_route_release(); patched: mctp_dst_release()), and prints one
 * line per sample
 *   PB-BENCH suite=mctp-route lookup=kernel routes=N depth=D iters=K ns=X ns2k=Y
 * (routes and depth only label the line), then fails with -EAGAIN on
 * purpose, so nothing stays loaded. Neither function is exported, so they
 * are found through kallsyms_lookup_name(), itself found with a kprobe.
 * Loaded only inside patchbench's QEMU guests.
 */
#include <linux/kprobes.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/timekeeping.h>
#include <net/mctp.h>
#include <net/net_namespace.h>

static unsigned int net = 1, eid = 100, iters = 500, samples = 5, routes, depth;
module_param(net, uint, 0444);
module_param(eid, uint, 0444);
module_param(iters, uint, 0444);
module_param(samples, uint, 0444);
module_param(routes, uint, 0444);
module_param(depth, uint, 0444);

#ifdef PB_MCTP_DST
static int (*lookup)(struct net *net, unsigned int dnet, mctp_eid_t daddr, struct mctp_dst *dst);
static void (*release)(struct mctp_dst *dst);
#define PB_RELEASE "mctp_dst_release"

static int one_lookup(void)
{
	struct mctp_dst dst;
	int rc = lookup(&init_net, net, eid, &dst);

	if (!rc)
		release(&dst);
	return rc;
}
#else
static struct mctp_route *(*lookup)(struct net *net, unsigned int dnet, mctp_eid_t daddr);
static void (*release)(struct mctp_route *rt);
#define PB_RELEASE "mctp_route_release"

static int one_lookup(void)
{
	struct mctp_route *rt = lookup(&init_net, net, eid);

	if (!rt)
		return -EHOSTUNREACH;
	release(rt);
	return 0;
}
#endif

static void *find_symbol(const char *name)
{
	static unsigned long (*lookup_name)(const char *name);

	if (!lookup_name) {
		struct kprobe kp = { .symbol_name = "kallsyms_lookup_name" };

		if (register_kprobe(&kp))
			return NULL;
		lookup_name = (void *)kp.addr;
		unregister_kprobe(&kp);
	}
	return (void *)lookup_name(name);
}

static int time_lookups(unsigned int n, u64 *ns)
{
	u64 t0 = ktime_get_ns();

	for (unsigned int i = 0; i < n; i++) {
		int rc = one_lookup();

		if (rc)
			return rc;
	}
	*ns = ktime_get_ns() - t0;
	return 0;
}

static int __init mctp_lookup_init(void)
{
	u64 one, two;
	int rc;

	if (!iters || !samples || eid > 255)
		return -EINVAL;
	lookup = find_symbol("mctp_route_lookup");
	release = find_symbol(PB_RELEASE);
	if (!lookup || !release) {
		pr_err("mctp_lookup: mctp_route_lookup or " PB_RELEASE " not found\n");
		return -ENOENT;
	}
	rc = time_lookups(iters, &one);	/* warm-up */
	if (rc) {
		pr_err("mctp_lookup: no route to %u on net %u: %d\n", eid, net, rc);
		return rc;
	}
	for (unsigned int s = 0; s < samples; s++) {
		u32 r1, r2;	/* div_u64_rem(): 32-bit arm has no 64-bit division */

		if (time_lookups(iters, &one) || time_lookups(2 * iters, &two))
			return -EIO;
		one = div_u64_rem(one, iters, &r1);
		two = div_u64_rem(two, 2 * iters, &r2);
		pr_info("PB-BENCH suite=mctp-route lookup=kernel routes=%u depth=%u iters=%u "
			"ns=%llu.%02u ns2k=%llu.%02u\n", routes, depth, iters,
			one, r1 * 100 / iters, two, r2 * 100 / (2 * iters));
	}
	return -EAGAIN;
}
module_init(mctp_lookup_init);

MODULE_DESCRIPTION("patchbench: mctp_route_lookup() alone");
MODULE_LICENSE("GPL");
