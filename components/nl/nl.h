/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small rtnetlink client: build a request, send it, collect the ACK (with
 * the kernel's extended-ACK message) or walk a dump. Static guest binaries
 * cannot use Debian's libmnl (no static archive), and this is all they need.
 */
#ifndef PB_NL_H
#define PB_NL_H

#include <stddef.h>
#include <stdint.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>

#define NL_BUF 16384

struct nl {
	int fd;
	uint32_t seq;
	char ext_msg[256];	/* NLMSGERR_ATTR_MSG of the last error, or "" */
};

struct nlmsg {
	union {
		struct nlmsghdr h;
		char buf[NL_BUF];
	};
};

int nl_open(struct nl *nl);
void nl_close(struct nl *nl);

/* Start a message; @hdr (family header, e.g. struct rtmsg) is copied in. */
void nlm_start(struct nlmsg *m, uint16_t type, uint16_t flags, const void *hdr, size_t hdrlen);
int nlm_put(struct nlmsg *m, uint16_t type, const void *data, size_t len);
int nlm_put_u8(struct nlmsg *m, uint16_t type, uint8_t v);
int nlm_put_u32(struct nlmsg *m, uint16_t type, uint32_t v);
struct nlattr *nlm_nest_start(struct nlmsg *m, uint16_t type);
void nlm_nest_end(struct nlmsg *m, struct nlattr *nest);

/*
 * Send @m (its nlmsg_len is used as is, so callers may forge it) and wait
 * for the ACK. Returns 0 or a negative errno; nl->ext_msg holds the
 * kernel's explanation when it gave one.
 */
int nl_talk(struct nl *nl, struct nlmsg *m);

/* Send a dump request and call @cb for every message until NLMSG_DONE. */
int nl_dump(struct nl *nl, struct nlmsg *m,
	    int (*cb)(const struct nlmsghdr *h, void *ctx), void *ctx);

/* Index the attributes after a @hdrlen-byte family header; tb has max+1 slots. */
void nl_attrs(const struct nlmsghdr *h, size_t hdrlen, const struct nlattr **tb, int max);
void nl_nested(const struct nlattr *nest, const struct nlattr **tb, int max);
const void *nla_payload(const struct nlattr *a);
size_t nla_payload_len(const struct nlattr *a);

#endif
