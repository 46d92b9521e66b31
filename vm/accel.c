// SPDX-License-Identifier: GPL-2.0
/*
 * Which accelerator works here? /dev/kvm existing proves nothing (on some
 * hosts QEMU aborts on an MSR or the guest never leaves the BIOS), so boot
 * the kernel under test once under KVM with a short timeout and remember the
 * answer per QEMU version and host kernel.
 */
#include "qemu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#define PROBE_TIMEOUT_S 15.0

static void probe_key(const struct vm_config *cfg, char *key, size_t len)
{
	char cmd[512], ver[256] = "unknown";
	struct utsname u;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "%s --version 2>/dev/null", vm_qemu(cfg));
	p = popen(cmd, "r");
	if (p) {
		if (!fgets(ver, sizeof(ver), p))
			snprintf(ver, sizeof(ver), "unknown");
		pclose(p);
	}
	ver[strcspn(ver, "\n")] = '\0';
	uname(&u);
	snprintf(key, len, "%s | host %s", ver, u.release);
}

static int read_cache(const char *file, const char *key, int *kvm_ok, char *why, size_t whylen)
{
	char line[512], verdict[32];
	FILE *f = fopen(file, "r");
	int r = -1;

	if (!f)
		return -1;
	if (fgets(line, sizeof(line), f) && !strcmp(strtok(line, "\n") ? line : "", key) &&
	    fgets(verdict, sizeof(verdict), f)) {
		*kvm_ok = !strncmp(verdict, "kvm", 3);
		if (!fgets(why, (int)whylen, f))
			why[0] = '\0';
		why[strcspn(why, "\n")] = '\0';
		r = 0;
	}
	fclose(f);
	return r;
}

static void write_cache(const char *file, const char *key, int kvm_ok, const char *why)
{
	char tmp[4096];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.tmp.%d", file, (int)getpid());
	f = fopen(tmp, "w");
	if (!f)
		return;
	fprintf(f, "%s\n%s\n%s\n", key, kvm_ok ? "kvm" : "no-kvm", why);
	if (fclose(f) == 0)
		rename(tmp, file);
	else
		unlink(tmp);
}

enum accel accel_resolve(const struct vm_config *cfg, const char *cache_file,
			 enum accel fallback, char *why, size_t whylen)
{
	struct vm_config probe = *cfg;
	struct vm_result res;
	char key[512], log[4096];
	int kvm_ok = 0;

	if (!cfg->machine.kvm) {
		snprintf(why, whylen, "KVM does not apply to this guest architecture (%s), not probed",
			 cfg->machine.qemu);
		return fallback;
	}
	if (access("/dev/kvm", R_OK | W_OK)) {
		snprintf(why, whylen, "no usable /dev/kvm");
		return fallback;
	}
	if (access(cfg->kernel, R_OK)) {
		snprintf(why, whylen, "kernel %s missing, KVM not probed", cfg->kernel);
		return fallback;
	}
	probe_key(cfg, key, sizeof(key));
	if (cache_file && !read_cache(cache_file, key, &kvm_ok, why, whylen))
		return kvm_ok ? ACCEL_KVM : fallback;

	probe.accel = ACCEL_KVM;
	probe.initrd = NULL;
	probe.append = "kunit.filter_glob=patchbench-probe kunit_shutdown=reboot";
	probe.no_marker = 1;
	probe.echo = 0;
	probe.timeout = PROBE_TIMEOUT_S;
	probe.nshares = 0;
	probe.nextra = 0;
	snprintf(log, sizeof(log), "%s.log", cache_file ? cache_file : "/tmp/patchbench-kvm-probe");
	probe.log = log;
	vm_run(&probe, &res);
	kvm_ok = res.verdict == VM_PASS;
	if (kvm_ok)
		snprintf(why, whylen, "KVM probe boot passed in %.1f s", res.seconds);
	else
		snprintf(why, whylen, "KVM probe boot failed: %s after %.1f s (log %s)",
			 vm_verdict_name(res.verdict), res.seconds, log);
	if (cache_file)
		write_cache(cache_file, key, kvm_ok, why);
	return kvm_ok ? ACCEL_KVM : fallback;
}
