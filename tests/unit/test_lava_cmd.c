// SPDX-License-Identifier: GPL-2.0
/*
 * pb lava's jobs for a guest architecture (bench/lava/cmd_lava.c) and the
 * qemu device make lava-run renders for them (bench/lava/lava-run.py
 * device): context arch, machine and pinned CPU from GUEST_ARCH's
 * description (vm/arch/NAME.json), the kernel's console from pb vm's
 * command line, QEMU's binary in the device. On pb vm --dry-run's output
 * for an arm64 guest (tests/fixtures/lava/arch/arm64-vm.json) and on what
 * pb vm --dry-run prints here for arm64 and for the default.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pb_run.h"
#include "lib/arch.h"

#define ARM64_VM FIXTURES "/lava/arch/arm64-vm.json"

/* pb lava of @vm under GUEST_ARCH=@arch (NULL: unset) into the scratch file @out. */
static void lava(struct pb_result *r, const char *arch, const char *vm, const char *out)
{
	if (arch)
		assert_int_equal(setenv("GUEST_ARCH", arch, 1), 0);
	pb_run(r, "lava", "--vm", vm, "--out", scratch(out), "--name", "patchbench patched mctp-net",
	       "--test", "mctp-net", "--monitor", "tap", "--kernel-url", "https://lab.example/k",
	       "--initrd-url", "https://lab.example/i", "--meta", "kernel=patched", NULL);
	assert_int_equal(unsetenv("GUEST_ARCH"), 0);
}

/* pb vm --dry-run of a guest test under GUEST_ARCH=@arch, its JSON into the scratch file @out. */
static void dry_run(const char *arch, const char *out)
{
	struct pb_result r;

	write_text(scratch("kernel"), "");
	write_text(scratch("initrd"), "");
	assert_int_equal(setenv("GUEST_ARCH", arch, 1), 0);
	pb_run(&r, "vm", "--dry-run", "--accel", "tcg", "--timeout", "900", "--kernel",
	       scratch("kernel"), "--initrd", scratch("initrd"), "--append", "pb.run=mctp-net", NULL);
	assert_int_equal(unsetenv("GUEST_ARCH"), 0);
	assert_exit(&r, 0);
	write_text(scratch(out), r.out);
	pb_result_free(&r);
}

/* "  KEY: "VALUE"" is a line of @yaml. */
static void assert_yaml(const char *yaml, const char *key, const char *value)
{
	char line[512];

	snprintf(line, sizeof(line), "\n  %s: \"%s\"\n", key, value);
	assert_contains(yaml, line);
}

/*
 * arm64's job: context arch arm64, machine and CPU as pb vm boots them (the
 * description's machine and pinned CPU), neither left in extra_options; the
 * kernel's console the description's; guest_arch in the metadata.
 */
static void arm64_job_from_its_description(void **state)
{
	json_t *desc = arch_load("arm64", stderr);
	char want[256], *yaml;
	struct pb_result r;

	(void)state;
	assert_non_null(desc);
	lava(&r, "arm64", ARM64_VM, "arm64.yaml");
	assert_exit(&r, 0);
	pb_result_free(&r);
	yaml = read_text(scratch("arm64.yaml"));
	assert_yaml(yaml, "arch", "arm64");
	assert_yaml(yaml, "machine", arch_str(desc, "machine"));
	assert_yaml(yaml, "cpu", arch_str(desc, "cpu_tcg"));
	assert_yaml(yaml, "guest_arch", "arm64");
	assert_contains(yaml, "\n  no_kvm: true\n");
	assert_null(strstr(yaml, "\"-cpu "));
	assert_null(strstr(yaml, "\"-M "));
	snprintf(want, sizeof(want), "-append \\\"console=%s ", arch_str(desc, "console"));
	assert_contains(yaml, want);
	free(yaml);

	/* what pb vm --dry-run prints here for arm64 makes the same context */
	dry_run("arm64", "arm64-vm.json");
	lava(&r, "arm64", scratch("arm64-vm.json"), "arm64-live.yaml");
	assert_exit(&r, 0);
	pb_result_free(&r);
	yaml = read_text(scratch("arm64-live.yaml"));
	assert_yaml(yaml, "machine", arch_str(desc, "machine"));
	assert_yaml(yaml, "cpu", arch_str(desc, "cpu_tcg"));
	free(yaml);
	json_decref(desc);
}

/* The default's job: its name as arch, the CPU model among the options, no machine. */
static void default_job(void **state)
{
	json_t *desc = arch_load(ARCH_DEFAULT, stderr);
	char want[256], *yaml;
	struct pb_result r;

	(void)state;
	assert_non_null(desc);
	dry_run(ARCH_DEFAULT, "default-vm.json");
	lava(&r, NULL, scratch("default-vm.json"), "default.yaml");
	assert_exit(&r, 0);
	pb_result_free(&r);
	yaml = read_text(scratch("default.yaml"));
	assert_yaml(yaml, "arch", ARCH_DEFAULT);
	snprintf(want, sizeof(want), "\n    - \"-cpu %s\"\n", arch_str(desc, "cpu_tcg"));
	assert_contains(yaml, want);
	assert_null(strstr(yaml, "\n  machine: "));
	assert_null(strstr(yaml, "guest_arch"));
	free(yaml);
	json_decref(desc);
}

/* A VM.json of another architecture than GUEST_ARCH's is refused, naming both QEMUs. */
static void another_architectures_guest_refused(void **state)
{
	struct pb_result r;

	(void)state;
	lava(&r, NULL, ARM64_VM, "refused.yaml");
	assert_exit(&r, 1);
	assert_contains(r.err, "arm64-vm.json boots qemu-system-aarch64, not " ARCH_DEFAULT "'s ");
	pb_result_free(&r);
	lava(&r, "mips", ARM64_VM, "refused.yaml");
	assert_exit(&r, 1);
	assert_contains(r.err, "unknown guest architecture 'mips'");
	pb_result_free(&r);
}

/*
 * make lava-run's device for arm64's job: the description's QEMU, the job's
 * CPU and machine first and no KVM options (LAVA's qemu.jinja2 for arm64).
 * Needs Debian's python3 with its yaml module (lava-dispatcher's, make setup).
 */
static void lava_run_device_for_arm64(void **state)
{
	json_t *desc = arch_load("arm64", stderr);
	char want[512], *dev;
	struct pb_result r;

	(void)state;
	assert_non_null(desc);
	if (system("/usr/bin/python3 -c 'import yaml' 2> /dev/null")) {
		json_decref(desc);
		skip();	/* make setup installs it */
	}
	lava(&r, "arm64", ARM64_VM, "job.yaml");
	assert_exit(&r, 0);
	pb_result_free(&r);
	script_run(&r, "/usr/bin/python3", "bench/lava/lava-run.py", "device", scratch("job.yaml"),
		   scratch("device.yaml"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	dev = read_text(scratch("device.yaml"));
	snprintf(want, sizeof(want), "\n          command: %s\n          options:\n          - -cpu %s\n"
		 "          - -machine %s\n          - -nographic\n", arch_str(desc, "qemu"),
		 arch_str(desc, "cpu_tcg"), arch_str(desc, "machine"));
	assert_contains(dev, want);
	assert_null(strstr(dev, "-enable-kvm"));
	assert_contains(dev, "available_architectures:\n- arm64\n");
	free(dev);

	/* a context arch no description has */
	write_text(scratch("mips.yaml"), "context:\n  arch: mips\n");
	script_run(&r, "/usr/bin/python3", "bench/lava/lava-run.py", "device", scratch("mips.yaml"),
		   scratch("mips-device.yaml"), NULL);
	assert_exit(&r, 1);
	assert_contains(r.err, "context arch 'mips': no guest architecture of that name");
	pb_result_free(&r);
	json_decref(desc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(arm64_job_from_its_description),
		cmocka_unit_test(default_job),
		cmocka_unit_test(another_architectures_guest_refused),
		cmocka_unit_test(lava_run_device_for_arm64),
	};

	return cmocka_run_group_tests_name("lava-cmd", tests, scratch_make, scratch_remove);
}
