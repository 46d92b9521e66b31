// SPDX-License-Identifier: GPL-2.0
/*
 * pp_bench: page_pool fast-path cost, in the style of bench_page_pool_simple.
 *
 * On load, times alloc+free pairs for each path and prints one line per
 * sample:  PB-BENCH suite=page-pool path=P iters=K ns=X ns2k=Y
 * (ns: per pair over K pairs, ns2k: over 2K pairs, for the scaling check).
 * Paths: 0 = direct cache recycle (softirq context, allow_direct),
 *        1 = ptr_ring recycle (allow_direct = false),
 *        2 = the page allocator alone (alloc_page/__free_page), the floor,
 *        3 = no recycling: the page goes back to the page allocator and the
 *            pool refills in bulk, page_pool's slow path (an extra reference
 *            makes the pool release the page, as bench_page_pool_simple's
 *            "page allocator" case does).
 * The load then fails with -EAGAIN on purpose, so nothing stays loaded.
 * Loaded only inside patchbench's QEMU guests.
 */
#include <linux/bottom_half.h>
#include <linux/gfp.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/timekeeping.h>
#include <net/page_pool/helpers.h>

static unsigned int iters = 10000;
module_param(iters, uint, 0444);
static unsigned int samples = 5;
module_param(samples, uint, 0444);

enum pp_path { PP_DIRECT, PP_RING, PP_BUDDY, PP_RELEASE, PP_PATHS };

static int one_pair(struct page_pool *pp, enum pp_path path)
{
	struct page *page;

	if (path == PP_BUDDY) {
		page = alloc_page(GFP_ATOMIC);
		if (!page)
			return -ENOMEM;
		__free_page(page);
		return 0;
	}
	page = page_pool_dev_alloc_pages(pp);
	if (!page)
		return -ENOMEM;
	if (path == PP_RELEASE)
		get_page(page);
	page_pool_put_full_page(pp, page, path == PP_DIRECT);
	if (path == PP_RELEASE)
		put_page(page);
	return 0;
}

static s64 time_pairs(struct page_pool *pp, enum pp_path path, unsigned int n)
{
	u64 t0;
	int rc = 0;

	/* direct recycling is only legal in the pool's (softirq) context */
	local_bh_disable();
	t0 = ktime_get_ns();
	for (unsigned int i = 0; i < n && !rc; i++)
		rc = one_pair(pp, path);
	t0 = ktime_get_ns() - t0;
	local_bh_enable();
	return rc ? rc : (s64)t0;
}

static int __init pp_bench_init(void)
{
	struct page_pool_params params = {
		.order = 0,
		.pool_size = 256,
		.nid = NUMA_NO_NODE,
		.dma_dir = DMA_BIDIRECTIONAL,
	};
	static const char *const names[] = { "direct", "ptr_ring", "buddy", "release" };
	struct page_pool *pp;

	if (!iters || !samples)
		return -EINVAL;
	pp = page_pool_create(&params);
	if (IS_ERR(pp))
		return PTR_ERR(pp);
	for (int path = 0; path < PP_PATHS; path++) {
		if (time_pairs(pp, path, iters) < 0)	/* warm-up */
			goto fail;
		for (unsigned int s = 0; s < samples; s++) {
			s64 one = time_pairs(pp, path, iters), two = time_pairs(pp, path, 2 * iters);
			u32 r1, r2;	/* div_u64_rem(): 32-bit arm has no 64-bit division */
			u64 q1, q2;

			if (one < 0 || two < 0)
				goto fail;
			q1 = div_u64_rem(one, iters, &r1);
			q2 = div_u64_rem(two, 2 * iters, &r2);
			pr_info("PB-BENCH suite=page-pool path=%d iters=%u ns=%llu.%02u ns2k=%llu.%02u (%s)\n",
				path, iters, q1, r1 * 100 / iters, q2, r2 * 100 / (2 * iters), names[path]);
		}
	}
	page_pool_destroy(pp);
	return -EAGAIN;
fail:
	page_pool_destroy(pp);
	pr_err("pp_bench: allocation failed\n");
	return -ENOMEM;
}

module_init(pp_bench_init);
MODULE_DESCRIPTION("page_pool fast-path benchmark for patchbench");
MODULE_LICENSE("GPL");
