// SPDX-License-Identifier: GPL-2.0
#include "nl.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef NETLINK_EXT_ACK
#define NETLINK_EXT_ACK 11
#endif

int nl_open(struct nl *nl)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int one = 1;

	memset(nl, 0, sizeof(*nl));
	nl->fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (nl->fd < 0)
		return -errno;
	setsockopt(nl->fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	if (bind(nl->fd, (struct sockaddr *)&sa, sizeof(sa))) {
		int e = errno;

		close(nl->fd);
		return -e;
	}
	return 0;
}

void nl_close(struct nl *nl)
{
	if (nl->fd >= 0)
		close(nl->fd);
	nl->fd = -1;
}

void nlm_start(struct nlmsg *m, uint16_t type, uint16_t flags, const void *hdr, size_t hdrlen)
{
	memset(m->buf, 0, NLMSG_SPACE(hdrlen));
	m->h.nlmsg_len = NLMSG_LENGTH(hdrlen);
	m->h.nlmsg_type = type;
	m->h.nlmsg_flags = flags | NLM_F_REQUEST;
	if (hdrlen)
		memcpy(NLMSG_DATA(&m->h), hdr, hdrlen);
}

int nlm_put(struct nlmsg *m, uint16_t type, const void *data, size_t len)
{
	size_t off = NLMSG_ALIGN(m->h.nlmsg_len);
	struct nlattr *a = (struct nlattr *)(m->buf + off);

	if (off + NLA_HDRLEN + NLA_ALIGN(len) > sizeof(m->buf))
		return -ENOSPC;
	a->nla_type = type;
	a->nla_len = (uint16_t)(NLA_HDRLEN + len);
	if (len)
		memcpy((char *)a + NLA_HDRLEN, data, len);
	memset((char *)a + NLA_HDRLEN + len, 0, NLA_ALIGN(len) - len);
	m->h.nlmsg_len = (uint32_t)(off + NLA_HDRLEN + NLA_ALIGN(len));
	return 0;
}

int nlm_put_u8(struct nlmsg *m, uint16_t type, uint8_t v)
{
	return nlm_put(m, type, &v, sizeof(v));
}

int nlm_put_u32(struct nlmsg *m, uint16_t type, uint32_t v)
{
	return nlm_put(m, type, &v, sizeof(v));
}

struct nlattr *nlm_nest_start(struct nlmsg *m, uint16_t type)
{
	struct nlattr *a = (struct nlattr *)(m->buf + NLMSG_ALIGN(m->h.nlmsg_len));

	if (nlm_put(m, type | NLA_F_NESTED, NULL, 0))
		return NULL;
	return a;
}

void nlm_nest_end(struct nlmsg *m, struct nlattr *nest)
{
	nest->nla_len = (uint16_t)(m->buf + m->h.nlmsg_len - (char *)nest);
}

static void take_ext_msg(struct nl *nl, const struct nlmsghdr *h)
{
	const struct nlmsgerr *e = NLMSG_DATA(h);
	size_t off = sizeof(*e);
	const struct nlattr *a;

	nl->ext_msg[0] = '\0';
	if (!(h->nlmsg_flags & NLM_F_ACK_TLVS))
		return;
	if (!(h->nlmsg_flags & NLM_F_CAPPED))
		off += e->msg.nlmsg_len - sizeof(e->msg);
	while (NLMSG_HDRLEN + off + NLA_HDRLEN <= h->nlmsg_len) {
		a = (const struct nlattr *)((const char *)NLMSG_DATA(h) + off);
		if (a->nla_len < NLA_HDRLEN || NLMSG_HDRLEN + off + a->nla_len > h->nlmsg_len)
			break;
		if (a->nla_type == NLMSGERR_ATTR_MSG) {
			size_t n = a->nla_len - NLA_HDRLEN;

			if (n >= sizeof(nl->ext_msg))
				n = sizeof(nl->ext_msg) - 1;
			memcpy(nl->ext_msg, nla_payload(a), n);
			nl->ext_msg[n] = '\0';
		}
		off += NLA_ALIGN(a->nla_len);
	}
}

static int send_msg(struct nl *nl, struct nlmsg *m)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	size_t len = m->h.nlmsg_len;

	if (len > sizeof(m->buf))
		len = sizeof(m->buf);	/* a forged length may claim more than we send */
	m->h.nlmsg_seq = ++nl->seq;
	nl->ext_msg[0] = '\0';
	if (sendto(nl->fd, m->buf, len, 0, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		return -errno;
	return 0;
}

/* Receive until our sequence number's final message; @cb sees data messages. */
static int receive(struct nl *nl, int (*cb)(const struct nlmsghdr *h, void *ctx), void *ctx)
{
	static char buf[65536];

	for (;;) {
		ssize_t n = recv(nl->fd, buf, sizeof(buf), 0);
		struct nlmsghdr *h;

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		for (h = (struct nlmsghdr *)buf; NLMSG_OK(h, (size_t)n); h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_seq != nl->seq)
				continue;
			if (h->nlmsg_type == NLMSG_DONE)
				return 0;
			if (h->nlmsg_type == NLMSG_ERROR) {
				const struct nlmsgerr *e = NLMSG_DATA(h);

				take_ext_msg(nl, h);
				return e->error;
			}
			if (cb) {
				int r = cb(h, ctx);

				if (r)
					return r;
			}
		}
	}
}

int nl_talk(struct nl *nl, struct nlmsg *m)
{
	int r;

	m->h.nlmsg_flags |= NLM_F_ACK;
	r = send_msg(nl, m);
	return r ? r : receive(nl, NULL, NULL);
}

int nl_dump(struct nl *nl, struct nlmsg *m,
	    int (*cb)(const struct nlmsghdr *h, void *ctx), void *ctx)
{
	int r;

	m->h.nlmsg_flags |= NLM_F_DUMP;
	r = send_msg(nl, m);
	return r ? r : receive(nl, cb, ctx);
}

static void index_attrs(const char *p, size_t len, const struct nlattr **tb, int max)
{
	memset(tb, 0, sizeof(*tb) * (size_t)(max + 1));
	while (len >= NLA_HDRLEN) {
		const struct nlattr *a = (const struct nlattr *)p;
		int type = a->nla_type & NLA_TYPE_MASK;

		size_t step;

		if (a->nla_len < NLA_HDRLEN || a->nla_len > len)
			break;
		if (type <= max)
			tb[type] = a;
		step = (size_t)NLA_ALIGN(a->nla_len);

		if (step >= len)
			break;
		p += step;
		len -= step;
	}
}

void nl_attrs(const struct nlmsghdr *h, size_t hdrlen, const struct nlattr **tb, int max)
{
	size_t off = NLMSG_ALIGN(hdrlen);

	if (h->nlmsg_len < NLMSG_LENGTH(off)) {
		memset(tb, 0, sizeof(*tb) * (size_t)(max + 1));
		return;
	}
	index_attrs((const char *)NLMSG_DATA(h) + off, h->nlmsg_len - NLMSG_LENGTH(off), tb, max);
}

void nl_nested(const struct nlattr *nest, const struct nlattr **tb, int max)
{
	index_attrs(nla_payload(nest), nla_payload_len(nest), tb, max);
}

const void *nla_payload(const struct nlattr *a)
{
	return (const char *)a + NLA_HDRLEN;
}

size_t nla_payload_len(const struct nlattr *a)
{
	return a->nla_len - NLA_HDRLEN;
}
