// SPDX-License-Identifier: GPL-2.0
/*
 * mctp-echo: MCTP request/response over AF_MCTP sockets.
 *
 *   mctp-echo server [--type T]
 *       answer every message of type T (default 1) with the same payload
 *   mctp-echo client EID [--net N] [--type T] [--timeout MS] SIZE...
 *       for each SIZE send a patterned payload to EID, wait for the reply and
 *       compare it byte for byte; exit 0 only if every reply matched.
 *       Errors from sendmsg (EHOSTUNREACH, EMSGSIZE, ...) are printed as such.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <linux/mctp.h>

#ifndef AF_MCTP
#define AF_MCTP 45
#endif

#define MAX_MSG (64 * 1024)

static unsigned char pattern_byte(size_t i, size_t size)
{
	return (unsigned char)(i * 7 + size);
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
	double t0 = now_us();
	struct pollfd p = { sd, POLLIN, 0 };
	ssize_t n;

	for (size_t i = 0; i < size; i++)
		out[i] = pattern_byte(i, size);
	if (sendto(sd, out, size, 0, (const struct sockaddr *)to, sizeof(*to)) < 0) {
		printf("size %zu: send failed: %s (errno %d)\n", size, strerror(errno), errno);
		return 1;
	}
	if (poll(&p, 1, timeout_ms) <= 0) {
		printf("size %zu: no reply within %d ms\n", size, timeout_ms);
		return 1;
	}
	n = recv(sd, in, sizeof(in), MSG_TRUNC);
	if (n < 0) {
		printf("size %zu: recv failed: %s\n", size, strerror(errno));
		return 1;
	}
	if ((size_t)n != size) {
		printf("size %zu: reply has %zd bytes\n", size, n);
		return 1;
	}
	for (size_t i = 0; i < size; i++)
		if (in[i] != pattern_byte(i, size)) {
			printf("size %zu: reply differs at byte %zu (0x%02x, want 0x%02x)\n", size, i,
			       in[i], pattern_byte(i, size));
			return 1;
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
