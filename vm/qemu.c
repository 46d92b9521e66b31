// SPDX-License-Identifier: GPL-2.0
/*
 * Run one QEMU guest: serial console to a pipe, copied to a log file and
 * scanned line by line for the exit marker and for crash reports; a hard
 * wall-clock timeout kills a hung guest.
 */
#include "qemu.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CRASH_GRACE_S 3.0	/* keep reading after a crash line to get the trace */
#define EXIT_GRACE_S 20.0	/* the guest said its verdict; wait this long for QEMU to end */

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

static void sleep_s(double s)
{
	struct timespec ts = { (time_t)s, (long)((s - (time_t)s) * 1e9) };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

const char *accel_name(enum accel a)
{
	switch (a) {
	case ACCEL_AUTO: return "auto";
	case ACCEL_KVM: return "kvm";
	case ACCEL_TCG: return "tcg";
	case ACCEL_ICOUNT: return "icount";
	}
	return "?";
}

int accel_parse(const char *s, enum accel *a)
{
	static const enum accel all[] = { ACCEL_AUTO, ACCEL_KVM, ACCEL_TCG, ACCEL_ICOUNT };

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (!strcmp(s, accel_name(all[i]))) {
			*a = all[i];
			return 0;
		}
	return -1;
}

const char *vm_default_cpu(enum accel a)
{
	return a == ACCEL_KVM ? "host" : "qemu64";
}

const char *vm_cpu(const struct vm_config *cfg)
{
	if (cfg->cpu)
		return cfg->cpu;
	if (cfg->accel != ACCEL_KVM && cfg->machine.cpu_tcg)
		return cfg->machine.cpu_tcg;
	return vm_default_cpu(cfg->accel);
}

const char *vm_qemu(const struct vm_config *cfg)
{
	if (cfg->qemu)
		return cfg->qemu;
	return cfg->machine.qemu;
}

struct argv_builder {
	char *v[96 + VM_MAX_EXTRA];
	int n;
	char bufs[16][1024];
	int nbufs;
};

static void add(struct argv_builder *b, const char *s)
{
	if (b->n < (int)(sizeof(b->v) / sizeof(b->v[0])) - 1)
		b->v[b->n++] = (char *)s;
}

static const char *fmt(struct argv_builder *b, const char *f, ...)
	__attribute__((format(printf, 2, 3)));
static const char *fmt(struct argv_builder *b, const char *f, ...)
{
	char *s = b->bufs[b->nbufs < 15 ? b->nbufs++ : 15];
	va_list ap;

	va_start(ap, f);
	vsnprintf(s, sizeof(b->bufs[0]), f, ap);
	va_end(ap);
	return s;
}

static void build_argv(const struct vm_config *c, struct argv_builder *b)
{
	add(b, vm_qemu(c));
	if (c->machine.machine && *c->machine.machine) {
		add(b, "-M");
		add(b, c->machine.machine);
	}
	add(b, "-nodefaults");
	add(b, "-no-reboot");
	add(b, "-display");
	add(b, "none");
	if (c->interactive) {
		/*
		 * One character device for the console and the monitor: Ctrl-A c
		 * switches, Ctrl-A x quits; Ctrl-C goes to the guest (signal=off).
		 */
		add(b, "-chardev");
		add(b, fmt(b, "stdio,id=con,mux=on,signal=off%s%s", c->log ? ",logfile=" : "",
			   c->log ? c->log : ""));
		add(b, "-serial");
		add(b, "chardev:con");
		add(b, "-mon");
		add(b, "chardev=con,mode=readline");
	} else {
		add(b, "-monitor");
		add(b, "none");
		add(b, "-serial");
		add(b, "stdio");
	}
	add(b, "-m");
	add(b, fmt(b, "%d", c->mem_mb));
	add(b, "-smp");
	add(b, fmt(b, "%d", c->smp));
	switch (c->accel) {
	case ACCEL_KVM:
		add(b, "-accel");
		add(b, "kvm");
		break;
	case ACCEL_ICOUNT:
		add(b, "-accel");
		add(b, "tcg");
		add(b, "-icount");
		add(b, "shift=0,align=off,sleep=off");
		break;
	default:
		add(b, "-accel");
		add(b, "tcg");
		break;
	}
	add(b, "-cpu");
	add(b, vm_cpu(c));
	add(b, "-kernel");
	add(b, c->kernel);
	if (c->initrd) {
		add(b, "-initrd");
		add(b, c->initrd);
	}
	add(b, "-append");
	add(b, fmt(b, "console=%s panic=-1 nokaslr pb.accel=%s %s",
		   c->machine.console, accel_name(c->accel),
		   c->append ? c->append : ""));
	for (int i = 0; i < c->nshares; i++) {
		add(b, "-fsdev");
		add(b, fmt(b, "local,id=fs%d,path=%s,security_model=none,multidevs=remap%s", i,
			   c->shares[i].path, c->shares[i].writable ? "" : ",readonly=on"));
		add(b, "-device");
		add(b, fmt(b, "virtio-9p-pci,fsdev=fs%d,mount_tag=%s", i, c->shares[i].tag));
	}
	for (int i = 0; i < c->nextra; i++)
		add(b, c->extra[i]);
	b->v[b->n] = NULL;
}

const char *const *vm_argv(const struct vm_config *cfg)
{
	static struct argv_builder b;

	memset(&b, 0, sizeof(b));
	build_argv(cfg, &b);
	return (const char *const *)b.v;
}

int vm_exec_interactive(const struct vm_config *cfg)
{
	const char *const *argv = vm_argv(cfg);

	fflush(NULL);
	execvp(argv[0], (char *const *)argv);
	fprintf(stderr, "vm: cannot run %s: %s\n", argv[0], strerror(errno));
	return VM_ERROR;
}

enum panic_window { PANIC_NOT_YET, PANIC_EXPECTED, PANIC_OVER };

struct console {
	FILE *log;
	int echo;
	int expect_panic;
	enum panic_window window;
	char line[VM_LINE_MAX];
	size_t len;
	struct vm_log_tail tail;
};

/* Called for every complete console line. */
static void on_line(struct console *con, struct vm_result *res, double t, double *deadline)
{
	const char *m = strstr(con->line, VM_EXIT_MARKER);
	const char *crash = vm_crash_pattern(con->line);
	const char *doom = vm_doom_pattern(con->line);

	vm_log_tail_add(&con->tail, con->line);
	if (con->expect_panic) {
		if (con->window == PANIC_NOT_YET && strstr(con->line, VM_PANIC_MARKER)) {
			con->window = PANIC_EXPECTED;
		} else if (con->window == PANIC_EXPECTED && strstr(con->line, VM_KERNEL_BANNER)) {
			con->window = PANIC_OVER;
			res->capture_booted = 1;
		}
		if (crash && con->window == PANIC_EXPECTED) {
			res->expected_crashes++;
			crash = NULL;
		}
	}
	if (m && res->guest_status < 0) {
		res->guest_status = atoi(m + strlen(VM_EXIT_MARKER));
		if (*deadline > t + EXIT_GRACE_S)
			*deadline = t + EXIT_GRACE_S;
	}
	if (doom && !res->doom_line[0] && res->guest_status < 0) {
		snprintf(res->doom_line, sizeof(res->doom_line), "%.*s",
			 (int)sizeof(res->doom_line) - 1, con->line);
		if (*deadline > t + CRASH_GRACE_S)
			*deadline = t + CRASH_GRACE_S;
	}
	if (crash && !res->crash_line[0]) {
		snprintf(res->crash_line, sizeof(res->crash_line), "%.*s",
			 (int)sizeof(res->crash_line) - 1, con->line);
		if (*deadline > t + CRASH_GRACE_S)
			*deadline = t + CRASH_GRACE_S;
	}
}

static void feed(struct console *con, const char *buf, size_t n, struct vm_result *res,
		 double t, double *deadline)
{
	if (con->log)
		fwrite(buf, 1, n, con->log);
	if (con->echo)
		fwrite(buf, 1, n, stdout);
	for (size_t i = 0; i < n; i++) {
		char ch = buf[i];

		if (ch == '\r')
			continue;
		if (ch == '\n' || con->len == VM_LINE_MAX - 1) {
			con->line[con->len] = '\0';
			on_line(con, res, t, deadline);
			con->len = 0;
			if (ch == '\n')
				continue;
		}
		con->line[con->len++] = ch;
	}
}

static pid_t spawn(char **argv, int *out_fd)
{
	int p[2];
	pid_t pid;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		setpgid(0, 0);
		dup2(null, 0);
		dup2(p[1], 1);
		dup2(p[1], 2);
		close(p[0]);
		close(p[1]);
		execvp(argv[0], argv);
		fprintf(stderr, "vm: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(p[1]);
	*out_fd = p[0];
	return pid;
}

/* Is @prog (a path, or a name looked up in PATH) an executable file? */
static int runnable(const char *prog)
{
	const char *path = getenv("PATH");
	char buf[4096];

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t len = strcspn(p, ":");

		snprintf(buf, sizeof(buf), "%.*s/%s", (int)len, p, prog);
		if (len && access(buf, X_OK) == 0)
			return 1;
		p += len + (p[len] == ':');
	}
	return 0;
}

static void stop(pid_t pid)
{
	kill(-pid, SIGTERM);
	for (int i = 0; i < 20; i++) {
		if (waitpid(pid, NULL, WNOHANG) == pid)
			return;
		sleep_s(0.1);
	}
	kill(-pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

int vm_run(const struct vm_config *cfg, struct vm_result *res)
{
	static struct console con;
	struct argv_builder b = { .n = 0 };
	struct sigaction sa = { .sa_handler = on_signal }, old_int, old_term;
	double start = now_s(), deadline = start + cfg->timeout, last_output = start;
	int fd, status = -1, hung = 0, stuck = 0, reaped = 0;
	pid_t pid;

	memset(res, 0, sizeof(*res));
	memset(&con, 0, sizeof(con));
	res->guest_status = -1;
	res->qemu_status = -1;
	build_argv(cfg, &b);
	if (!runnable(b.v[0])) {
		snprintf(res->tail, sizeof(res->tail), "QEMU '%s' not found: install %s "
			 "(make setup), or point PB_QEMU at the binary\n", b.v[0],
			 cfg->machine.qemu_package);
		res->verdict = VM_ERROR;
		return -1;
	}
	if (cfg->log) {
		con.log = fopen(cfg->log, "w");
		if (con.log)	/* readable while the guest runs: tail -f works */
			setvbuf(con.log, NULL, _IOLBF, 0);
		if (!con.log) {
			snprintf(res->tail, sizeof(res->tail), "cannot write %s: %s\n", cfg->log,
				 strerror(errno));
			res->verdict = VM_ERROR;
			return -1;
		}
		fprintf(con.log, "# qemu command:");
		for (int i = 0; i < b.n; i++)
			fprintf(con.log, " %s", b.v[i]);
		fprintf(con.log, "\n");
	}
	con.echo = cfg->echo;
	con.expect_panic = cfg->expect_panic;
	con.window = PANIC_NOT_YET;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	pid = spawn(b.v, &fd);
	if (pid < 0) {
		res->verdict = VM_ERROR;
		snprintf(res->tail, sizeof(res->tail), "fork: %s\n", strerror(errno));
		goto out;
	}
	for (;;) {
		double t = now_s();
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		char buf[4096];
		ssize_t n;
		int r;

		if (interrupted)
			break;
		double wake = deadline;
		int waiting = res->guest_status < 0 && !res->crash_line[0] && !res->doom_line[0];

		if (t >= deadline) {
			hung = waiting;
			break;
		}
		if (waiting && cfg->silence > 0) {
			if (t - last_output >= cfg->silence) {
				stuck = 1;
				break;
			}
			if (last_output + cfg->silence < wake)
				wake = last_output + cfg->silence;
		}
		r = poll(&pfd, 1, (int)((wake - t) * 1000) + 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			continue;
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;	/* QEMU closed the console: it is exiting */
		t = now_s();
		if (t - last_output > res->longest_silence)
			res->longest_silence = t - last_output;
		last_output = t;
		feed(&con, buf, (size_t)n, res, t, &deadline);
	}
	if (now_s() - last_output > res->longest_silence && res->guest_status < 0)
		res->longest_silence = now_s() - last_output;
	if (con.len) {
		con.line[con.len] = '\0';
		on_line(&con, res, now_s(), &deadline);
	}
	close(fd);
	if (!interrupted && !hung && !stuck && !res->doom_line[0]) {
		/* The console closed; give QEMU a moment to exit by itself. */
		for (int i = 0; i < 50 && !reaped; i++) {
			if (waitpid(pid, &status, WNOHANG) == pid)
				reaped = 1;
			else
				sleep_s(0.1);
		}
	}
	if (!reaped)
		stop(pid);
	else
		res->qemu_status = status;

	if (interrupted)
		res->verdict = VM_INTERRUPTED;
	else if (res->crash_line[0])
		res->verdict = VM_CRASH;
	else if (res->doom_line[0])
		res->verdict = VM_DOOMED;
	else if (stuck)
		res->verdict = VM_STUCK;
	else if (hung)
		res->verdict = VM_HANG;
	else if (cfg->expect_panic && !res->capture_booted)
		res->verdict = VM_ERROR;	/* no panic, or no capture kernel after it */
	else if (res->guest_status >= 0)
		res->verdict = res->guest_status ? VM_GUEST_FAIL : VM_PASS;
	else if (cfg->no_marker && reaped && WIFEXITED(status) && WEXITSTATUS(status) == 0)
		res->verdict = VM_PASS;
	else
		res->verdict = VM_ERROR;
out:
	res->seconds = now_s() - start;
	vm_log_tail_text(&con.tail, res->tail, sizeof(res->tail));
	if (con.log) {
		fprintf(con.log, "\n# patchbench: verdict %s after %.1f s (longest console silence %.1f s)\n",
			vm_verdict_name(res->verdict), res->seconds, res->longest_silence);
		fclose(con.log);
	}
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	return res->verdict == VM_PASS ? 0 : -1;
}
