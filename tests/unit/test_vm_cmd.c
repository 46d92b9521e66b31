// SPDX-License-Identifier: GPL-2.0
/* pb vm without a guest: what it says before booting anything (bench/tap/cmd_vm.c, vm/). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(qemu_missing_named),
	};

	return cmocka_run_group_tests_name("vm-cmd", tests, scratch_make, scratch_remove);
}
