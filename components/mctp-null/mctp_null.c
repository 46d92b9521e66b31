// SPDX-License-Identifier: GPL-2.0
/*
 * mctp_null: MCTP netdevs that count and drop every packet.
 *
 * A sink for benchmarks of the MCTP transmit path: sendmsg(), route lookup,
 * fragmentation and dst output all run as usual, and the "wire" costs
 * nothing. Loaded only inside patchbench's QEMU guests.
 */
#include <linux/if_arp.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <net/mctpdevice.h>

static unsigned int count = 1;
module_param(count, uint, 0444);
MODULE_PARM_DESC(count, "number of mctpnullN devices to create (1..64)");

#define MCTP_NULL_MAX 64

static struct net_device *devs[MCTP_NULL_MAX];

#ifndef PB_HAVE_DEV_DSTATS_TX_ADD
/*
 * Linux 6.1 (debian-6.1) allocates per-CPU dstats for the device but has no
 * helper to count into them, and its counters are plain u64: the same
 * update as 6.12's dev_dstats_tx_add(), for the same cost per packet.
 */
static void dev_dstats_tx_add(struct net_device *dev, unsigned int len)
{
	struct pcpu_dstats *dstats = this_cpu_ptr(dev->dstats);

	u64_stats_update_begin(&dstats->syncp);
	dstats->tx_packets++;
	dstats->tx_bytes += len;
	u64_stats_update_end(&dstats->syncp);
}
#endif

static netdev_tx_t mctp_null_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	dev_dstats_tx_add(ndev, skb->len);
	kfree_skb(skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops mctp_null_ops = {
	.ndo_start_xmit = mctp_null_xmit,
};

static void mctp_null_setup(struct net_device *ndev)
{
	ndev->type = ARPHRD_MCTP;
	ndev->mtu = 68;
	ndev->min_mtu = 68;
	ndev->max_mtu = 65536;
	ndev->hard_header_len = 0;
	ndev->addr_len = 0;
	ndev->tx_queue_len = 0;
	ndev->flags = IFF_NOARP;
	ndev->netdev_ops = &mctp_null_ops;
	ndev->needs_free_netdev = true;
	ndev->pcpu_stat_type = NETDEV_PCPU_STAT_DSTATS;
}

static void mctp_null_remove_all(void)
{
	for (int i = MCTP_NULL_MAX - 1; i >= 0; i--) {
		if (devs[i])
			mctp_unregister_netdev(devs[i]);
		devs[i] = NULL;
	}
}

static int __init mctp_null_init(void)
{
	int rc;

	if (!count || count > MCTP_NULL_MAX)
		return -EINVAL;
	for (unsigned int i = 0; i < count; i++) {
		struct net_device *ndev = alloc_netdev(0, "mctpnull%d", NET_NAME_ENUM,
						       mctp_null_setup);

		if (!ndev) {
			rc = -ENOMEM;
			goto err;
		}
		rc = mctp_register_netdev(ndev, NULL);
		if (rc) {
			free_netdev(ndev);
			goto err;
		}
		devs[i] = ndev;
	}
	return 0;
err:
	mctp_null_remove_all();
	return rc;
}

static void __exit mctp_null_exit(void)
{
	mctp_null_remove_all();
}

module_init(mctp_null_init);
module_exit(mctp_null_exit);
MODULE_DESCRIPTION("MCTP null devices for patchbench");
MODULE_LICENSE("GPL");
