// SPDX-License-Identifier: GPL-2.0
/*
 * serial-relay: an MCTP-over-serial "cable" between two network nodes.
 *
 * Opens two pty pairs and sets line discipline N_MCTP on both slave ends, so
 * the kernel creates two mctpserialN netdevs; then copies bytes between the
 * two master ends until killed (SIGUSR1 heals the cable: no more faults,
 * and the fault counts so far go to stderr). (N_MCTP on both ends of one pty pair stalls:
 * mctp-serial waits for a write_wakeup that a pty only sends when a reader
 * drains the other side, which this relay does.)
 *
 * Prints the two netdev names on one line, then relays. Faults can be
 * injected per byte (seeded, reproducible): --drop, --dup, --corrupt as
 * probabilities in parts per million, --delay-us per chunk.
 *
 * Modes that leave out the workarounds, to show what they work around:
 *   --one-byte 1      one byte per read() and write(): the relay is slower than
 *                     the senders, whose tty writes then come up short or
 *                     take nothing (mctp-serial's zero-byte and split
 *                     escape writes)
 *   --pair 1          no relay: N_MCTP on both ends of one pty pair; prints
 *                     the two netdevs and holds them until killed
 *   --tty A --tty B   no relay: N_MCTP on two ttys joined by their driver
 *                     (tests/guest/mctp-serialtx/pb-tty's /dev/ttyPBn); prints and holds
 *                     the two netdevs as --pair does
 *   --write-blocking N  one pty pair, N_MCTP on the slave (device down: it
 *                     drops what it receives); one blocking write() of N
 *                     bytes to the master (SCHED_FIFO), which must finish within
 *                     --timeout-ms (default 5000) once the slave consumed
 *                     the data; exit 0 if it did, 1 if it stalled
 */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/time.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#ifndef N_MCTP
#define N_MCTP 28
#endif

struct faults {
	unsigned long drop, dup, corrupt;	/* parts per million, per byte */
	unsigned long delay_us;
	unsigned long long seed;
	unsigned long long dropped, duplicated, corrupted, relayed;
};

static volatile sig_atomic_t stop, healed;
static bool one_byte;

static void on_signal(int sig)
{
	if (sig == SIGUSR1)
		healed = 1;
	else
		stop = 1;
}

/* xorshift64*: reproducible from --seed, independent of libc's rand(). */
static unsigned long long next_random(struct faults *f)
{
	f->seed ^= f->seed >> 12;
	f->seed ^= f->seed << 25;
	f->seed ^= f->seed >> 27;
	return f->seed * 2685821657736338717ULL;
}

static int chance(struct faults *f, unsigned long ppm)
{
	return ppm && next_random(f) % 1000000 < ppm;
}

static int list_mctp_netdevs(char names[][32], int max)
{
	DIR *d = opendir("/sys/class/net");
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)) && n < max)
		if (!strncmp(e->d_name, "mctpserial", 10))
			snprintf(names[n++], 32, "%.31s", e->d_name);
	closedir(d);
	return n;
}

static int set_mctp(int fd)
{
	int ldisc = N_MCTP;

	if (ioctl(fd, TIOCSETD, &ldisc)) {
		fprintf(stderr, "serial-relay: TIOCSETD N_MCTP: %s (CONFIG_MCTP_SERIAL?)\n",
			strerror(errno));
		return -1;
	}
	return 0;
}

/* The mctpserial netdev that is in @after and not in @before. */
static void new_netdev(char before[][32], int nb, char *netdev, size_t len)
{
	char after[64][32];
	int na = list_mctp_netdevs(after, 64);

	netdev[0] = '\0';
	for (int i = 0; i < na; i++) {
		int seen = 0;

		for (int j = 0; j < nb; j++)
			seen |= !strcmp(after[i], before[j]);
		if (!seen)
			snprintf(netdev, len, "%.31s", after[i]);
	}
}

/* Open a pty pair, put N_MCTP on the slave; return the master, name the netdev. */
static int open_link_end(char *netdev, size_t len, int *slave_out)
{
	char before[64][32];
	int nb = list_mctp_netdevs(before, 64), master, slave;
	struct termios t;

	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) || unlockpt(master))
		return -1;
	slave = open(ptsname(master), O_RDWR | O_NOCTTY);
	if (slave < 0)
		return -1;
	/* raw on both ends: no echo, no line editing, 8 bit clean */
	if (!tcgetattr(slave, &t)) {
		cfmakeraw(&t);
		tcsetattr(slave, TCSANOW, &t);
	}
	if (!tcgetattr(master, &t)) {
		cfmakeraw(&t);
		tcsetattr(master, TCSANOW, &t);
	}
	if (set_mctp(slave))
		return -1;
	new_netdev(before, nb, netdev, len);
	*slave_out = slave;
	return netdev[0] ? master : -1;
}

/*
 * One direction of the cable: bytes read from @from wait in @out until @to
 * takes them. Writes never block: a pty master whose slave has a line
 * discipline other than N_TTY is not woken when the slave's buffer drains
 * (only n_tty unthrottles), so a blocking write of more than that buffer
 * (64 KiB: one 64 KiB MCTP message) could wait for ever while the relay
 * neither reads nor writes the other way. Pending bytes are retried on a
 * short poll timeout instead.
 */
struct direction {
	int from, to;
	struct faults f;
	unsigned char out[8192];
	size_t pending, off;
};

static int take(struct direction *d)
{
	unsigned char in[4096];
	ssize_t n = read(d->from, in, one_byte ? 1 : sizeof(in));

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return 1;
	if (n <= 0)
		return n == 0 || errno == EIO ? 0 : -1;	/* EIO: the slave side closed */
	d->pending = d->off = 0;
	for (ssize_t i = 0; i < n; i++) {
		unsigned char b = in[i];

		if (healed) {
			d->out[d->pending++] = b;
			continue;
		}
		if (chance(&d->f, d->f.drop)) {
			d->f.dropped++;
			continue;
		}
		if (chance(&d->f, d->f.corrupt)) {
			b ^= (unsigned char)(1u << (next_random(&d->f) % 8));
			d->f.corrupted++;
		}
		d->out[d->pending++] = b;
		if (chance(&d->f, d->f.dup)) {
			d->out[d->pending++] = b;
			d->f.duplicated++;
		}
	}
	if (d->f.delay_us) {
		struct timespec ts = { d->f.delay_us / 1000000, (long)(d->f.delay_us % 1000000) * 1000 };

		nanosleep(&ts, NULL);
	}
	d->f.relayed += (unsigned long long)n;
	return 1;
}

/* Hand on what @d holds, as much as @to takes now. */
static int give(struct direction *d)
{
	while (d->off < d->pending) {
		size_t len = one_byte ? 1 : d->pending - d->off;
		ssize_t w = write(d->to, d->out + d->off, len);

		if (w < 0)
			return errno == EAGAIN || errno == EINTR ? 1 : -1;
		d->off += (size_t)w;
	}
	d->pending = d->off = 0;
	return 1;
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* One blocking write of @n bytes to a pty master whose slave runs N_MCTP. */
static int write_blocking(size_t n, unsigned long timeout_ms)
{
	struct sigaction sa = { .sa_handler = on_alarm };	/* no SA_RESTART */
	struct itimerval it = { .it_value = { (time_t)(timeout_ms / 1000),
					      (suseconds_t)(timeout_ms % 1000) * 1000 } };
	char netdev[32];
	unsigned char *buf = calloc(n, 1);
	int master, slave;
	ssize_t w;

	master = buf ? open_link_end(netdev, sizeof(netdev), &slave) : -1;
	if (master < 0) {
		fprintf(stderr, "serial-relay: cannot set up the pty\n");
		return 2;
	}
	/* Above the kworker that drains the slave's buffer, the writer fills
	 * that buffer and sleeps before any of it is consumed, as it would on
	 * a busy machine: only a wakeup from the slave can then finish it.
	 */
	if (sched_setscheduler(0, SCHED_FIFO, &(struct sched_param){ .sched_priority = 1 })) {
		fprintf(stderr, "serial-relay: SCHED_FIFO: %s\n", strerror(errno));
		return 2;
	}
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	w = write(master, buf, n);
	if (w < 0 && errno != EINTR) {
		fprintf(stderr, "serial-relay: write: %s\n", strerror(errno));
		return 2;
	}
	if (w == (ssize_t)n) {
		printf("serial-relay: a blocking write of %zu bytes to the master of %s finished\n",
		       n, netdev);
		return 0;
	}
	printf("serial-relay: a blocking write of %zu bytes to the master of %s stalled after "
	       "%zd bytes for %lu ms: the slave's line discipline consumed the data but "
	       "nothing woke the writer (no tty_unthrottle)\n", n, netdev, w < 0 ? 0 : w,
	       timeout_ms);
	return 1;
}

/* N_MCTP on two ttys joined with no relay: print their netdevs, hold them. */
static int hold_link(int fa, int fb)
{
	char before[64][32], a[32], b[32];
	int fds[2] = { fa, fb }, nb;
	char *names[2] = { a, b };
	struct termios t;

	for (int i = 0; i < 2; i++) {
		if (!tcgetattr(fds[i], &t)) {
			cfmakeraw(&t);
			tcsetattr(fds[i], TCSANOW, &t);
		}
		nb = list_mctp_netdevs(before, 64);
		if (set_mctp(fds[i]))
			return 1;
		new_netdev(before, nb, names[i], 32);
	}
	if (!a[0] || !b[0]) {
		fprintf(stderr, "serial-relay: cannot create the MCTP serial pair\n");
		return 1;
	}
	printf("%s %s\n", a, b);
	fflush(stdout);
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	while (!stop)
		pause();
	close(fa);
	close(fb);
	return 0;
}

/* N_MCTP on both ends of one pty pair. */
static int pair(void)
{
	int master, slave;

	master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) || unlockpt(master))
		return 1;
	slave = open(ptsname(master), O_RDWR | O_NOCTTY);
	if (slave < 0)
		return 1;
	return hold_link(slave, master);
}

/* N_MCTP on two ttys given by path. */
static int ttys(char *const path[2])
{
	int fd[2];

	for (int i = 0; i < 2; i++) {
		fd[i] = open(path[i], O_RDWR | O_NOCTTY);
		if (fd[i] < 0) {
			fprintf(stderr, "serial-relay: %s: %s\n", path[i], strerror(errno));
			return 1;
		}
	}
	return hold_link(fd[0], fd[1]);
}

int main(int argc, char **argv)
{
	struct faults f = { .seed = 1 }, back;
	unsigned long long blocking = 0, timeout_ms = 5000;
	struct direction dir[2];
	char a[32], b[32];
	int ma, mb, sa, sb, pair_mode = 0, ntty = 0;
	char *tty_path[2];

	for (int i = 1; i + 1 < argc; i += 2) {
		char *end;
		unsigned long long v;

		if (!strcmp(argv[i], "--tty") && ntty < 2) {
			tty_path[ntty++] = argv[i + 1];
			continue;
		}
		v = strtoull(argv[i + 1], &end, 0);
		if (end == argv[i + 1] || *end) {
			fprintf(stderr, "serial-relay: %s wants a number, not '%s'\n", argv[i],
				argv[i + 1]);
			return 2;
		}
		if (!strcmp(argv[i], "--drop"))
			f.drop = v;
		else if (!strcmp(argv[i], "--dup"))
			f.dup = v;
		else if (!strcmp(argv[i], "--corrupt"))
			f.corrupt = v;
		else if (!strcmp(argv[i], "--delay-us"))
			f.delay_us = v;
		else if (!strcmp(argv[i], "--seed"))
			f.seed = v ? v : 1;
		else if (!strcmp(argv[i], "--one-byte"))
			one_byte = v != 0;
		else if (!strcmp(argv[i], "--pair"))
			pair_mode = v != 0;
		else if (!strcmp(argv[i], "--write-blocking"))
			blocking = v;
		else if (!strcmp(argv[i], "--timeout-ms"))
			timeout_ms = v;
		else {
			fprintf(stderr, "usage: serial-relay [--drop PPM] [--dup PPM] [--corrupt PPM] "
				"[--delay-us US] [--seed N] [--one-byte 1] | --pair 1 | "
				"--tty A --tty B | --write-blocking BYTES [--timeout-ms MS]\n");
			return 2;
		}
	}
	if (blocking)
		return write_blocking(blocking, timeout_ms);
	if (pair_mode)
		return pair();
	if (ntty == 2)
		return ttys(tty_path);
	if (ntty) {
		fprintf(stderr, "serial-relay: --tty wants two ttys\n");
		return 2;
	}
	ma = open_link_end(a, sizeof(a), &sa);
	mb = ma < 0 ? -1 : open_link_end(b, sizeof(b), &sb);
	if (ma < 0 || mb < 0) {
		fprintf(stderr, "serial-relay: cannot create the MCTP serial link\n");
		return 1;
	}
	/* One random stream per direction: where faults fall depends only on
	 * the seed and the bytes sent, not on how the directions interleave.
	 */
	back = f;
	back.seed = f.seed * 6364136223846793005ULL + 1442695040888963407ULL;
	if (!back.seed)
		back.seed = 1;
	dir[0] = (struct direction){ .from = ma, .to = mb, .f = f };
	dir[1] = (struct direction){ .from = mb, .to = ma, .f = back };
	fcntl(ma, F_SETFL, fcntl(ma, F_GETFL) | O_NONBLOCK);
	fcntl(mb, F_SETFL, fcntl(mb, F_GETFL) | O_NONBLOCK);
	printf("%s %s\n", a, b);
	fflush(stdout);
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	signal(SIGUSR1, on_signal);
	while (!stop) {
		struct pollfd p[2];
		int waiting = 0, r = 1;

		if (healed == 1) {
			fprintf(stderr, "serial-relay: healed after dropping %llu, duplicating %llu, "
				"corrupting %llu bytes\n", dir[0].f.dropped + dir[1].f.dropped,
				dir[0].f.duplicated + dir[1].f.duplicated,
				dir[0].f.corrupted + dir[1].f.corrupted);
			healed = 2;
		}
		/* a direction with bytes pending reads no more until they are taken */
		for (int i = 0; i < 2; i++) {
			p[i] = (struct pollfd){ dir[i].from, dir[i].pending ? 0 : POLLIN, 0 };
			waiting |= dir[i].pending != 0;
		}
		if (poll(p, 2, waiting ? 10 : 1000) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2 && r >= 0; i++) {
			if (p[i].revents & POLLIN)
				r = take(&dir[i]);
			if (r >= 0 && dir[i].pending)
				r = give(&dir[i]);
		}
		if (r < 0)
			break;
	}
	fprintf(stderr, "serial-relay: %s<->%s relayed %llu bytes, dropped %llu, duplicated %llu, "
		"corrupted %llu\n", a, b, dir[0].f.relayed + dir[1].f.relayed,
		dir[0].f.dropped + dir[1].f.dropped, dir[0].f.duplicated + dir[1].f.duplicated,
		dir[0].f.corrupted + dir[1].f.corrupted);
	close(sa);
	close(sb);
	return 0;
}
