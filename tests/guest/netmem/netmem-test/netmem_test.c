// SPDX-License-Identifier: GPL-2.0
/*
 * netmem_test: page_pool pages and netmems seen through every view the
 * network stack has of them (struct page, netmem_ref, struct net_iov and,
 * where the tree has it, struct netmem_desc).
 *
 * Two KUnit suites, run when the module is loaded inside a patchbench guest:
 *   pb-netmem       both kernels: alloc, direct-cache and ptr_ring recycle,
 *                   free, field checks through struct page and netmem_ref;
 *   pb-netmem-desc  trees with struct netmem_desc (PB_HAVE_NETMEM_DESC, set
 *                   by Kbuild from include/net/netmem.h): the same objects
 *                   read through the descriptor, and net_iov aliasing.
 */
#include <kunit/test.h>
#include <linux/bottom_half.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <net/netmem.h>
#include <net/page_pool/helpers.h>

/* The low bits of pp_magic may carry flags; PP_SIGNATURE is the rest. */
#define PB_PP_MAGIC_MASK (~0x3UL)

struct pb_pool {
	struct page_pool *pp;
};

static int pb_pool_init(struct kunit *test)
{
	struct page_pool_params params = {
		.order = 0,
		.pool_size = 256,
		.nid = NUMA_NO_NODE,
		.dma_dir = DMA_BIDIRECTIONAL,
	};
	struct pb_pool *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	p->pp = page_pool_create(&params);
	if (IS_ERR(p->pp))
		return PTR_ERR(p->pp);
	test->priv = p;
	return 0;
}

static void pb_pool_exit(struct kunit *test)
{
	struct pb_pool *p = test->priv;

	page_pool_destroy(p->pp);
}

static struct page_pool *pool(struct kunit *test)
{
	return ((struct pb_pool *)test->priv)->pp;
}

static struct page_pool_stats stats(struct kunit *test)
{
	struct page_pool_stats s = { 0 };

	KUNIT_ASSERT_TRUE(test, page_pool_get_stats(pool(test), &s));
	return s;
}

/* What every page handed out by the pool must look like. */
static void expect_pp_page(struct kunit *test, struct page *page)
{
	netmem_ref nm = page_to_netmem(page);

	KUNIT_EXPECT_PTR_EQ(test, page->pp, pool(test));
	KUNIT_EXPECT_EQ(test, page->pp_magic & PB_PP_MAGIC_MASK, PP_SIGNATURE);
	KUNIT_EXPECT_FALSE(test, netmem_is_net_iov(nm));
	KUNIT_EXPECT_PTR_EQ(test, netmem_to_page(nm), page);
	KUNIT_EXPECT_PTR_EQ(test, netmem_get_pp(nm), pool(test));
	KUNIT_EXPECT_PTR_EQ(test, __netmem_get_pp(nm), pool(test));
	KUNIT_EXPECT_EQ(test, atomic_long_read(netmem_get_pp_ref_count_ref(nm)), 1);
	KUNIT_EXPECT_PTR_EQ(test, netmem_get_pp_ref_count_ref(nm), &page->pp_ref_count);
	KUNIT_EXPECT_EQ(test, netmem_get_dma_addr(nm), page->dma_addr);
	KUNIT_EXPECT_PTR_EQ(test, netmem_address(nm), page_address(page));
	KUNIT_EXPECT_EQ(test, netmem_ref_count(nm), page_ref_count(page));
	KUNIT_EXPECT_FALSE(test, page_is_pfmemalloc(page));
}

static void pb_netmem_alloc_fields(struct kunit *test)
{
	struct page *page = page_pool_dev_alloc_pages(pool(test));

	KUNIT_ASSERT_NOT_NULL(test, page);
	expect_pp_page(test, page);
	KUNIT_EXPECT_EQ(test, stats(test).alloc_stats.slow, 1);
	page_pool_put_full_page(pool(test), page, false);
}

static void pb_netmem_alloc_netmems(struct kunit *test)
{
	netmem_ref nm = page_pool_alloc_netmems(pool(test), GFP_KERNEL);

	KUNIT_ASSERT_NE(test, (__force unsigned long)nm, 0);
	KUNIT_ASSERT_FALSE(test, netmem_is_net_iov(nm));
	expect_pp_page(test, netmem_to_page(nm));
	page_pool_put_full_netmem(pool(test), nm, false);
}

/* Direct recycling goes to the lockless alloc cache, and the very next
 * allocation from the same (softirq) context gets that page back.
 */
static void pb_netmem_recycle_direct(struct kunit *test)
{
	struct page *page, *again;
	u64 cached;

	local_bh_disable();
	page = page_pool_dev_alloc_pages(pool(test));
	local_bh_enable();
	KUNIT_ASSERT_NOT_NULL(test, page);
	cached = stats(test).recycle_stats.cached;

	local_bh_disable();
	page_pool_put_full_page(pool(test), page, true);
	again = page_pool_dev_alloc_pages(pool(test));
	local_bh_enable();

	KUNIT_EXPECT_EQ(test, stats(test).recycle_stats.cached, cached + 1);
	KUNIT_ASSERT_PTR_EQ(test, again, page);
	expect_pp_page(test, again);
	page_pool_put_full_page(pool(test), again, false);
}

/* Without allow_direct a page goes to the ptr_ring; once the alloc cache
 * is empty the pool refills from the ring and hands those pages out again.
 */
static void pb_netmem_recycle_ring(struct kunit *test)
{
	enum { N = 128 };
	struct page **pages = kunit_kcalloc(test, N, sizeof(*pages), GFP_KERNEL);
	struct page_pool_stats before, after;
	int i, j, found = 0;

	KUNIT_ASSERT_NOT_NULL(test, pages);
	/* more than one refill batch, so the cache ends up empty */
	for (i = 0; i < N; i++) {
		pages[i] = page_pool_dev_alloc_pages(pool(test));
		KUNIT_ASSERT_NOT_NULL(test, pages[i]);
	}
	before = stats(test);
	for (i = 0; i < N; i++)
		page_pool_put_full_page(pool(test), pages[i], false);
	after = stats(test);
	KUNIT_EXPECT_EQ(test, after.recycle_stats.ring, before.recycle_stats.ring + N);
	KUNIT_EXPECT_EQ(test, after.recycle_stats.ring_full, before.recycle_stats.ring_full);

	struct page *page = page_pool_dev_alloc_pages(pool(test));

	KUNIT_ASSERT_NOT_NULL(test, page);
	for (j = 0; j < N; j++)
		found |= pages[j] == page;
	KUNIT_EXPECT_TRUE_MSG(test, found, "page did not come back from the ptr_ring");
	KUNIT_EXPECT_GT(test, stats(test).alloc_stats.refill, after.alloc_stats.refill);
	expect_pp_page(test, page);
	page_pool_put_full_page(pool(test), page, false);
}

/* A page released to the page allocator loses its page_pool identity. */
static void pb_netmem_release(struct kunit *test)
{
	struct page *page = page_pool_dev_alloc_pages(pool(test));

	KUNIT_ASSERT_NOT_NULL(test, page);
	get_page(page);
	/* refcount 2: the pool must release, not recycle, it */
	page_pool_put_full_page(pool(test), page, false);
	KUNIT_EXPECT_EQ(test, stats(test).recycle_stats.released_refcnt, 1);
	KUNIT_EXPECT_NE(test, page->pp_magic & PB_PP_MAGIC_MASK, PP_SIGNATURE);
	KUNIT_EXPECT_EQ(test, page_ref_count(page), 1);
	put_page(page);
}

/* A net_iov carries the same fields; netmem helpers must find them. */
static void pb_netmem_net_iov(struct kunit *test)
{
	struct net_iov *niov = kunit_kzalloc(test, sizeof(*niov), GFP_KERNEL);
	netmem_ref nm;

	KUNIT_ASSERT_NOT_NULL(test, niov);
	niov->pp = pool(test);
	niov->pp_magic = PP_SIGNATURE;
	niov->dma_addr = 0x1234000;
	atomic_long_set(&niov->pp_ref_count, 3);
	nm = net_iov_to_netmem(niov);

	KUNIT_EXPECT_TRUE(test, netmem_is_net_iov(nm));
	KUNIT_EXPECT_PTR_EQ(test, netmem_to_net_iov(nm), niov);
	KUNIT_EXPECT_PTR_EQ(test, netmem_get_pp(nm), pool(test));
	KUNIT_EXPECT_EQ(test, netmem_get_dma_addr(nm), 0x1234000UL);
	KUNIT_EXPECT_EQ(test, atomic_long_read(netmem_get_pp_ref_count_ref(nm)), 3);
	KUNIT_EXPECT_EQ(test, netmem_ref_count(nm), 1);
	KUNIT_EXPECT_NULL(test, netmem_address(nm));
	KUNIT_EXPECT_FALSE(test, netmem_is_pfmemalloc(nm));
	KUNIT_EXPECT_EQ(test, netmem_pfn_trace(nm), 0UL);
}

static struct kunit_case pb_netmem_cases[] = {
	KUNIT_CASE(pb_netmem_alloc_fields),
	KUNIT_CASE(pb_netmem_alloc_netmems),
	KUNIT_CASE(pb_netmem_recycle_direct),
	KUNIT_CASE(pb_netmem_recycle_ring),
	KUNIT_CASE(pb_netmem_release),
	KUNIT_CASE(pb_netmem_net_iov),
	{}
};

static struct kunit_suite pb_netmem_suite = {
	.name = "pb-netmem",
	.init = pb_pool_init,
	.exit = pb_pool_exit,
	.test_cases = pb_netmem_cases,
};

#ifdef PB_HAVE_NETMEM_DESC
/* The descriptor overlays struct page: every field, read either way. */
static void pb_netmem_desc_page_view(struct kunit *test)
{
	struct page *page = page_pool_dev_alloc_pages(pool(test));
	struct netmem_desc *desc = (struct netmem_desc *)page;

	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_EXPECT_EQ(test, desc->_flags, page->flags);
	KUNIT_EXPECT_EQ(test, desc->pp_magic, page->pp_magic);
	KUNIT_EXPECT_PTR_EQ(test, desc->pp, pool(test));
	KUNIT_EXPECT_EQ(test, desc->dma_addr, page->dma_addr);
	KUNIT_EXPECT_PTR_EQ(test, &desc->pp_ref_count, &page->pp_ref_count);
	KUNIT_EXPECT_EQ(test, atomic_long_read(&desc->pp_ref_count), 1);

	/* a write through the descriptor is seen by the pool's helpers */
	atomic_long_inc(&desc->pp_ref_count);
	KUNIT_EXPECT_EQ(test,
			atomic_long_read(netmem_get_pp_ref_count_ref(page_to_netmem(page))), 2);
	page_pool_put_full_page(pool(test), page, false);	/* drops one */
	KUNIT_EXPECT_EQ(test, atomic_long_read(&desc->pp_ref_count), 1);
	page_pool_put_full_page(pool(test), page, false);
}

static void pb_netmem_desc_niov_alias(struct kunit *test)
{
	struct net_iov *niov = kunit_kzalloc(test, sizeof(*niov), GFP_KERNEL);
	netmem_ref nm;

	KUNIT_ASSERT_NOT_NULL(test, niov);
	niov->desc.pp = pool(test);
	niov->desc.pp_magic = PP_SIGNATURE;
	niov->desc.dma_addr = 0x5678000;
	atomic_long_set(&niov->desc.pp_ref_count, 2);
	nm = net_iov_to_netmem(niov);

	KUNIT_EXPECT_PTR_EQ(test, niov->pp, pool(test));
	KUNIT_EXPECT_EQ(test, niov->pp_magic, PP_SIGNATURE);
	KUNIT_EXPECT_EQ(test, niov->dma_addr, 0x5678000UL);
	KUNIT_EXPECT_PTR_EQ(test, netmem_get_pp(nm), pool(test));
	KUNIT_EXPECT_EQ(test, netmem_get_dma_addr(nm), 0x5678000UL);
	KUNIT_EXPECT_EQ(test, atomic_long_read(netmem_get_pp_ref_count_ref(nm)), 2);
	/* the owner lives outside the mirrored fields */
	KUNIT_EXPECT_GE(test, offsetof(struct net_iov, owner), sizeof(struct netmem_desc));
}

static void pb_netmem_desc_layout(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, offsetof(struct netmem_desc, _flags), offsetof(struct page, flags));
	KUNIT_EXPECT_EQ(test, offsetof(struct netmem_desc, pp_magic),
			offsetof(struct page, pp_magic));
	KUNIT_EXPECT_EQ(test, offsetof(struct netmem_desc, pp), offsetof(struct page, pp));
	KUNIT_EXPECT_EQ(test, offsetof(struct netmem_desc, _pp_mapping_pad),
			offsetof(struct page, _pp_mapping_pad));
	KUNIT_EXPECT_EQ(test, offsetof(struct netmem_desc, dma_addr),
			offsetof(struct page, dma_addr));
	KUNIT_EXPECT_EQ(test, offsetof(struct netmem_desc, pp_ref_count),
			offsetof(struct page, pp_ref_count));
	KUNIT_EXPECT_LE(test, sizeof(struct netmem_desc), offsetof(struct page, _refcount));
	KUNIT_EXPECT_EQ(test, offsetof(struct net_iov, desc), 0UL);
}

static struct kunit_case pb_netmem_desc_cases[] = {
	KUNIT_CASE(pb_netmem_desc_page_view),
	KUNIT_CASE(pb_netmem_desc_niov_alias),
	KUNIT_CASE(pb_netmem_desc_layout),
	{}
};

static struct kunit_suite pb_netmem_desc_suite = {
	.name = "pb-netmem-desc",
	.init = pb_pool_init,
	.exit = pb_pool_exit,
	.test_cases = pb_netmem_desc_cases,
};

kunit_test_suites(&pb_netmem_suite, &pb_netmem_desc_suite);
#else
kunit_test_suites(&pb_netmem_suite);
#endif

MODULE_DESCRIPTION("page_pool netmem views, tested inside patchbench guests");
MODULE_LICENSE("GPL");
