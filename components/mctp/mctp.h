/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mctp: configure MCTP links, addresses, routes and neighbours over
 * rtnetlink, with the command syntax of the widely used `mctp` tool for
 * what it covers, plus gateway routes (Linux 6.17 ABI).
 */
#ifndef PB_MCTP_H
#define PB_MCTP_H

#include <stdint.h>

#include "nl.h"

#ifndef AF_MCTP
#define AF_MCTP 45
#endif
#ifndef ARPHRD_MCTP
#define ARPHRD_MCTP 290
#endif

/* include/uapi/linux/mctp.h of 6.17; bookworm's headers predate it. */
struct pb_mctp_fq_addr {
	unsigned int net;
	uint8_t eid;
};

struct eid_range {
	uint8_t first, last;
};

int parse_eid(const char *s, uint8_t *eid);
int parse_eid_range(const char *s, struct eid_range *r);
int parse_u32(const char *s, uint32_t *v);
int ifindex_of(const char *dev);
const char *ifname_of(int ifindex, char *buf);

/* Print "mctp: WHAT: explanation" for a kernel error; returns 1 (exit status). */
int report(const char *what, int err, const struct nl *nl);
int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

int cmd_link(struct nl *nl, int argc, char **argv);
int cmd_addr(struct nl *nl, int argc, char **argv);
int cmd_route(struct nl *nl, int argc, char **argv);
int cmd_neigh(struct nl *nl, int argc, char **argv);

#endif
