// SPDX-License-Identifier: GPL-2.0
/* pb vm without a guest: what it says before booting anything (bench/tap/cmd_vm.c, vm/). */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pb_run.h"

/* QEMU missing: exit 4 (an error, not a crash or hang verdict), naming the package. */
static void qemu_missing_named(void **state)
{
	struct pb_result r;

	(void)state;
	assert_int_equal(setenv("PB_QEMU", scratch("no-such-qemu"), 1), 0);
	pb_run(&r, "vm", "--kernel", scratch("bzImage"), "--initrd", scratch("initramfs.cpio"),
	       "--accel", "tcg", "--timeout", "30", NULL);
	unsetenv("PB_QEMU");
	assert_exit(&r, 4);
	assert_contains(r.err, "not found: install qemu-system-x86");
	pb_result_free(&r);
}

/*
 * pb vm --dry-run --accel @accel [--cpu @cpu]: the model its QEMU command
 * line names, once, is @want, and so is the configuration's "cpu".
 */
static void dry_run_cpu(const char *accel, const char *cpu, const char *want)
{
	struct pb_result r;
	const char *model = NULL;
	json_t *vm, *a;
	size_t i;

	if (cpu)
		pb_run(&r, "vm", "--dry-run", "--kernel", scratch("bzImage"), "--accel", accel,
		       "--cpu", cpu, NULL);
	else
		pb_run(&r, "vm", "--dry-run", "--kernel", scratch("bzImage"), "--accel", accel, NULL);
	assert_exit(&r, 0);
	vm = json_loads(r.out, 0, NULL);
	assert_non_null(vm);
	json_array_foreach(json_object_get(vm, "argv"), i, a)
		if (!strcmp(json_string_value(a), "-cpu")) {
			assert_null(model);
			model = json_string_value(json_array_get(json_object_get(vm, "argv"), i + 1));
			assert_non_null(model);
			assert_string_equal(model, want);
		}
	assert_non_null(model);
	assert_string_equal(json_string_value(json_object_get(vm, "cpu")), want);
	json_decref(vm);
	pb_result_free(&r);
}

/* TCG and icount pin the model QEMU 7.2's pc machine chose by itself: earlier results compare. */
static void cpu_pinned_by_accel(void **state)
{
	(void)state;
	dry_run_cpu("icount", NULL, "qemu64");
	dry_run_cpu("tcg", NULL, "qemu64");
	dry_run_cpu("kvm", NULL, "host");
}

static void cpu_option_overrides(void **state)
{
	(void)state;
	dry_run_cpu("icount", "max", "max");
	dry_run_cpu("kvm", "Skylake-Client", "Skylake-Client");
}

static void empty_cpu_refused(void **state)
{
	struct pb_result r;

	(void)state;
	pb_run(&r, "vm", "--dry-run", "--kernel", scratch("bzImage"), "--cpu=", NULL);
	assert_exit(&r, 4);
	assert_contains(r.err, "--cpu wants a model");
	pb_result_free(&r);
}

/* --hw FILE: what the guest boots as, in JSON, for a result to record (bench/lib/guest.sh). */
static void hw_written(void **state)
{
	struct pb_result r;
	json_t *hw, *want;

	(void)state;
	pb_run(&r, "vm", "--dry-run", "--kernel", scratch("bzImage"), "--accel", "auto", "--fallback",
	       "icount", "--smp", "1", "--mem", "512", "--hw", scratch("hw.json"), NULL);
	assert_exit(&r, 0);
	pb_result_free(&r);
	hw = json_load_file(scratch("hw.json"), 0, NULL);
	want = json_pack("{s:s,s:s,s:i,s:i}", "accel", "icount", "cpu", "qemu64", "smp", 1,
			 "mem_mb", 512);
	assert_non_null(hw);
	assert_true(json_equal(hw, want));
	json_decref(hw);
	json_decref(want);

	pb_run(&r, "vm", "--dry-run", "--kernel", scratch("bzImage"), "--hw",
	       scratch("no-such-dir/hw.json"), NULL);
	assert_exit(&r, 4);
	assert_contains(r.err, "no-such-dir/hw.json");
	assert_string_equal(r.out, "");
	pb_result_free(&r);
}

/* argv has @flag followed by @value, or (@value NULL) an element containing @flag. */
static int argv_has(json_t *argv, const char *flag, const char *value)
{
	json_t *a;
	size_t i;

	json_array_foreach(argv, i, a) {
		const char *s = json_string_value(a);

		if (!value && strstr(s, flag))
			return 1;
		if (value && !strcmp(s, flag) &&
		    !strcmp(json_string_value(json_array_get(argv, i + 1)), value))
			return 1;
	}
	return 0;
}

/*
 * GUEST_ARCH=arm64: the machine is vm/arch/arm64.json's (binary, -M, the
 * pinned CPU, the console), and auto becomes the fallback without a KVM
 * probe: KVM cannot apply to a foreign architecture.
 */
static void machine_from_description(void **state)
{
	struct pb_result r;
	json_t *vm, *argv;

	(void)state;
	assert_int_equal(setenv("GUEST_ARCH", "arm64", 1), 0);
	pb_run(&r, "vm", "--dry-run", "--kernel", scratch("Image"), "--accel", "auto", "--fallback",
	       "icount", NULL);
	unsetenv("GUEST_ARCH");
	assert_exit(&r, 0);
	vm = json_loads(r.out, 0, NULL);
	assert_non_null(vm);
	argv = json_object_get(vm, "argv");
	assert_string_equal(json_string_value(json_array_get(argv, 0)), "qemu-system-aarch64");
	assert_true(argv_has(argv, "-M", "virt"));
	assert_true(argv_has(argv, "-cpu", "cortex-a35"));
	assert_true(argv_has(argv, "-icount", "shift=0,align=off,sleep=off"));
	assert_true(argv_has(argv, "console=ttyAMA0 ", NULL));
	json_decref(vm);
	pb_result_free(&r);

	/* a real run (its QEMU missing: nothing boots) resolves auto without probing */
	assert_int_equal(setenv("GUEST_ARCH", "arm64", 1), 0);
	assert_int_equal(setenv("PB_QEMU", scratch("no-such-qemu"), 1), 0);
	pb_run(&r, "vm", "--kernel", scratch("Image"), "--accel", "auto", "--fallback", "icount",
	       "--timeout", "30", NULL);
	unsetenv("PB_QEMU");
	unsetenv("GUEST_ARCH");
	assert_exit(&r, 4);
	assert_contains(r.err, "accel icount (KVM does not apply to this guest architecture");
	assert_contains(r.err, "install qemu-system-arm");
	pb_result_free(&r);
}

/*
 * GUEST_ARCH=arm: icount boots one vCPU (vm/arch/arm.json's icount_max_cpus),
 * said so, and --hw records what boots; TCG keeps the two asked for.
 */
static void icount_cpus_limited(void **state)
{
	struct pb_result r;
	json_t *vm, *hw;

	(void)state;
	assert_int_equal(setenv("GUEST_ARCH", "arm", 1), 0);
	pb_run(&r, "vm", "--dry-run", "--kernel", scratch("zImage"), "--accel", "icount", "--smp", "2",
	       "--hw", scratch("hw.json"), NULL);
	assert_exit(&r, 0);
	assert_contains(r.err, "vm: 1 vCPUs instead of 2: icount boots no more on arm");
	vm = json_loads(r.out, 0, NULL);
	assert_non_null(vm);
	assert_true(argv_has(json_object_get(vm, "argv"), "-smp", "1"));
	json_decref(vm);
	hw = json_load_file(scratch("hw.json"), 0, NULL);
	assert_non_null(hw);
	assert_int_equal(json_integer_value(json_object_get(hw, "smp")), 1);
	json_decref(hw);
	pb_result_free(&r);

	pb_run(&r, "vm", "--dry-run", "--kernel", scratch("zImage"), "--accel", "tcg", "--smp", "2", NULL);
	unsetenv("GUEST_ARCH");
	assert_exit(&r, 0);
	vm = json_loads(r.out, 0, NULL);
	assert_non_null(vm);
	assert_true(argv_has(json_object_get(vm, "argv"), "-smp", "2"));
	json_decref(vm);
	pb_result_free(&r);
}

/* An unknown GUEST_ARCH: a usage error listing the known ones, nothing run. */
static void unknown_arch_lists_known(void **state)
{
	struct pb_result r;

	(void)state;
	assert_int_equal(setenv("GUEST_ARCH", "no-such", 1), 0);
	pb_run(&r, "vm", "--dry-run", "--kernel", scratch("Image"), NULL);
	unsetenv("GUEST_ARCH");
	assert_exit(&r, 4);
	assert_contains(r.err, "unknown guest architecture 'no-such' (GUEST_ARCH); known: arm arm64 x86_64");
	assert_string_equal(r.out, "");
	pb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(qemu_missing_named),
		cmocka_unit_test(cpu_pinned_by_accel),
		cmocka_unit_test(cpu_option_overrides),
		cmocka_unit_test(empty_cpu_refused),
		cmocka_unit_test(hw_written),
		cmocka_unit_test(machine_from_description),
		cmocka_unit_test(icount_cpus_limited),
		cmocka_unit_test(unknown_arch_lists_known),
	};

	return cmocka_run_group_tests_name("vm-cmd", tests, scratch_make, scratch_remove);
}
