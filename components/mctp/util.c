// SPDX-License-Identifier: GPL-2.0
/* Argument parsing and error reporting shared by the mctp subcommands. */
#include <errno.h>
#include <net/if.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mctp.h"

int parse_u32(const char *s, uint32_t *v)
{
	char *end;
	unsigned long long x;

	if (!s || !*s)
		return -1;
	errno = 0;
	x = strtoull(s, &end, 0);
	if (errno || *end || x > UINT32_MAX)
		return -1;
	*v = (uint32_t)x;
	return 0;
}

int parse_eid(const char *s, uint8_t *eid)
{
	uint32_t v;

	if (parse_u32(s, &v) || v > 255)
		return -1;
	*eid = (uint8_t)v;
	return 0;
}

int parse_eid_range(const char *s, struct eid_range *r)
{
	char buf[32], *dash;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	dash = strchr(buf, '-');
	if (dash)
		*dash = '\0';
	if (parse_eid(buf, &r->first))
		return -1;
	r->last = r->first;
	if (dash && (parse_eid(dash + 1, &r->last) || r->last < r->first))
		return -1;
	return 0;
}

int ifindex_of(const char *dev)
{
	unsigned int i = if_nametoindex(dev);

	if (!i)
		fprintf(stderr, "mctp: no such device '%s'\n", dev);
	return (int)i;
}

const char *ifname_of(int ifindex, char *buf)
{
	if (!if_indextoname((unsigned int)ifindex, buf))
		snprintf(buf, IF_NAMESIZE, "if%d", ifindex);
	return buf;
}

static const char *explain(int err)
{
	switch (err) {
	case EEXIST: return "it already exists";
	case ENOENT: return "no such entry";
	case ESRCH: return "no such entry";
	case ENODEV: return "no such device, or it is not an MCTP interface";
	case EINVAL: return "the kernel rejected the request as invalid";
	case EPERM: return "operation not permitted (needs CAP_NET_ADMIN)";
	case EACCES: return "permission denied";
	case ENOMEM: return "the kernel is out of memory";
	case ENOBUFS: return "no buffer space in the kernel";
	case EOPNOTSUPP: return "not supported by this kernel";
	case EAFNOSUPPORT: return "this kernel has no MCTP support (CONFIG_MCTP)";
	case EPROTONOSUPPORT: return "protocol not supported by this kernel";
	case EHOSTUNREACH: return "no route to that EID";
	case ERANGE: return "value out of range";
	case EMSGSIZE: return "message too long";
	case EADDRINUSE: return "address already in use";
	case EADDRNOTAVAIL: return "address not available";
	case EBUSY: return "device or resource busy";
	}
	return NULL;
}

int report(const char *what, int err, const struct nl *nl)
{
	const char *why = explain(-err);

	fprintf(stderr, "mctp: %s: %s (%s)", what, why ? why : strerror(-err), strerror(-err));
	if (nl && nl->ext_msg[0])
		fprintf(stderr, ": kernel says \"%s\"", nl->ext_msg);
	fputc('\n', stderr);
	return 1;
}

int usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "mctp: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	return 2;
}
