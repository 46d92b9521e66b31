// SPDX-License-Identifier: GPL-2.0
/*
 * mctp-echo: MCTP request/response over AF_MCTP sockets.
 *
 *   mctp-echo server [--type T]
 *       answer every message of type T (default 1) with the same payload
 *   mctp-echo client EID [--net N] [--type T] [--timeout MS] SIZE...
 *       for each SIZE send a payload that carries the request's id to EID,
 *       wait for the reply to that request and compare it byte for byte; a
 *       late reply to an earlier request is said as such, a reply whose
 *       bytes differ from what was sent is "corrupt"; exit 0 only if every
 *       request got its reply intact.
 *       Errors from sendmsg (EHOSTUNREACH, EMSGSIZE, ...) are printed as such.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <linux/mctp.h>

#ifndef AF_MCTP
#define AF_MCTP 45
#endif

#define MAX_MSG (64 * 1024)

/*
 * Every request carries its number: the first bytes of its payload are the
 * id (as many as fit) and the rest is derived from the id and the size, so a
 * reply is judged against the request it answers. A reply to an earlier
 * request that was given up on is late, never corrupt.
 */
struct request {
	unsigned int id;
	size_t size;
};

#define MAX_REQUESTS 4096
#define ID_BYTES 4

static struct request sent[MAX_REQUESTS];
static int nsent;

static unsigned char payload_byte(unsigned int id, size_t i, size_t size)
{
	if (i < ID_BYTES)
		return (unsigned char)(id >> (8 * i));
	return (unsigned char)(i * 7 + size + id * 13);
}

static void fill(unsigned char *buf, const struct request *r)
{
	for (size_t i = 0; i < r->size; i++)
		buf[i] = payload_byte(r->id, i, r->size);
}

/* The request @reply of @n bytes claims to answer: same size, same id bytes. */
static const struct request *answered(const unsigned char *reply, size_t n)
{
	for (int k = nsent - 1; k >= 0; k--) {
		size_t i;

		if (sent[k].size != n)
			continue;
		for (i = 0; i < n && i < ID_BYTES; i++)
			if (reply[i] != payload_byte(sent[k].id, i, n))
				break;
		if (i == n || i == ID_BYTES)
			return &sent[k];
	}
	return NULL;
}

/* Print where @reply differs from what @r sent; returns how many bytes do. */
static size_t report_corrupt(const unsigned char *reply, const struct request *r)
{
	size_t bad = 0;

	for (size_t i = 0; i < r->size; i++) {
		if (reply[i] == payload_byte(r->id, i, r->size))
			continue;
		if (bad++ < 8)
			printf("    byte %zu: 0x%02x, sent 0x%02x\n", i, reply[i],
			       payload_byte(r->id, i, r->size));
	}
	return bad;
}

static int server(int type)
{
	struct sockaddr_mctp addr = {
		.smctp_family = AF_MCTP,
		.smctp_network = MCTP_NET_ANY,
		.smctp_addr.s_addr = MCTP_ADDR_ANY,
		.smctp_type = (unsigned char)type,
	};
	static unsigned char buf[MAX_MSG + 1];
	int sd = socket(AF_MCTP, SOCK_DGRAM, 0);

	if (sd < 0 || bind(sd, (struct sockaddr *)&addr, sizeof(addr))) {
		perror("mctp-echo: server socket/bind");
		return 1;
	}
	for (;;) {
		struct sockaddr_mctp from;
		socklen_t fl = sizeof(from);
		ssize_t n = recvfrom(sd, buf, sizeof(buf), MSG_TRUNC, (struct sockaddr *)&from, &fl);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			perror("mctp-echo: recvfrom");
			return 1;
		}
		if ((size_t)n > sizeof(buf))
			n = sizeof(buf);
		from.smctp_tag &= (unsigned char)~MCTP_TAG_OWNER;
		if (sendto(sd, buf, (size_t)n, 0, (struct sockaddr *)&from, sizeof(from)) < 0)
			perror("mctp-echo: reply");
	}
}

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int one_request(int sd, const struct sockaddr_mctp *to, size_t size, int timeout_ms)
{
	static unsigned char out[MAX_MSG], in[MAX_MSG + 1];
	struct request *req;
	double t0 = now_us(), deadline = t0 + timeout_ms * 1e3;

	if (nsent == MAX_REQUESTS) {
		printf("size %zu: more than %d requests in one run\n", size, MAX_REQUESTS);
		return 1;
	}
	req = &sent[nsent++];
	req->id = ((unsigned int)getpid() << 16) | (unsigned int)nsent;
	req->size = size;
	fill(out, req);
	if (sendto(sd, out, size, 0, (const struct sockaddr *)to, sizeof(*to)) < 0) {
		printf("size %zu: send failed: %s (errno %d)\n", size, strerror(errno), errno);
		return 1;
	}
	for (;;) {
		struct pollfd p = { sd, POLLIN, 0 };
		double left = deadline - now_us();
		const struct request *r;
		ssize_t n;

		if (left <= 0 || poll(&p, 1, (int)(left / 1e3) + 1) <= 0) {
			printf("size %zu (request %u): no reply within %d ms\n", size, req->id,
			       timeout_ms);
			return 1;
		}
		n = recv(sd, in, sizeof(in), MSG_TRUNC);
		if (n < 0) {
			printf("size %zu: recv failed: %s\n", size, strerror(errno));
			return 1;
		}
		r = answered(in, (size_t)n);
		if (!r && (size_t)n == size)
			r = req;	/* the size of this one, its id bytes damaged */
		if (!r) {
			printf("size %zu: corrupt: a reply of %zd bytes that answers no request sent\n",
			       size, n);
			return 1;
		}
		if (report_corrupt(in, r)) {
			printf("size %zu: corrupt: the reply to request %u (%zu bytes) differs from "
			       "what was sent\n", size, r->id, r->size);
			return 1;
		}
		if (r == req)
			break;
		printf("size %zu: late reply to request %u (%zu bytes), given up on earlier; "
		       "still waiting\n", size, r->id, r->size);
	}
	printf("size %zu: ok (%.0f us)\n", size, now_us() - t0);
	return 0;
}

static int client(int argc, char **argv, int type)
{
	struct sockaddr_mctp to = {
		.smctp_family = AF_MCTP,
		.smctp_network = MCTP_NET_ANY,
		.smctp_tag = MCTP_TAG_OWNER,
	};
	int timeout_ms = 5000, fails = 0, sizes = 0, sd, i;

	if (argc < 1) {
		fprintf(stderr, "mctp-echo client: missing EID\n");
		return 2;
	}
	to.smctp_addr.s_addr = (unsigned char)atoi(argv[0]);
	to.smctp_type = (unsigned char)type;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--net") && i + 1 < argc) {
			to.smctp_network = (unsigned int)atoi(argv[++i]);
		} else if (!strcmp(argv[i], "--timeout") && i + 1 < argc) {
			timeout_ms = atoi(argv[++i]);
		} else {
			break;
		}
	}
	sd = socket(AF_MCTP, SOCK_DGRAM, 0);
	if (sd < 0) {
		perror("mctp-echo: socket");
		return 1;
	}
	/* a device that never transmits again must not hold the send for ever */
	struct timeval snd = { timeout_ms / 1000, (timeout_ms % 1000) * 1000 };

	if (setsockopt(sd, SOL_SOCKET, SO_SNDTIMEO, &snd, sizeof(snd))) {
		perror("mctp-echo: SO_SNDTIMEO");
		return 1;
	}
	for (; i < argc; i++) {
		long size = atol(argv[i]);

		if (size < 1 || size > MAX_MSG) {
			fprintf(stderr, "mctp-echo: size %s out of range 1..%d\n", argv[i], MAX_MSG);
			return 2;
		}
		fails += one_request(sd, &to, (size_t)size, timeout_ms);
		sizes++;
	}
	printf("%d of %d requests answered correctly\n", sizes - fails, sizes);
	return fails ? 1 : 0;
}

int main(int argc, char **argv)
{
	int type = 1;

	for (int i = 2; i + 1 < argc; i++)
		if (!strcmp(argv[i], "--type")) {
			type = atoi(argv[i + 1]);
			memmove(&argv[i], &argv[i + 2], (size_t)(argc - i - 1) * sizeof(*argv));
			argc -= 2;
			break;
		}
	if (argc >= 2 && !strcmp(argv[1], "server"))
		return server(type);
	if (argc >= 2 && !strcmp(argv[1], "client"))
		return client(argc - 2, argv + 2, type);
	fprintf(stderr, "usage: mctp-echo server [--type T] | client EID [--net N] [--type T] "
		"[--timeout MS] SIZE...\n");
	return 2;
}
