/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64's copy_from_kernel_nofault_allowed() (arch/x86/mm/maccess.c), not
 * exported: its checks, out of line as there. Included by str_byteloop.c.
 */
#include <asm/vsyscall.h>

static noinline bool pb_nofault_allowed(const void *unsafe_src, size_t size)
{
	unsigned long vaddr = (unsigned long)unsafe_src;

	if (vaddr < TASK_SIZE_MAX + PAGE_SIZE)
		return false;
	if (is_vsyscall_vaddr(vaddr))
		return false;
	if (!boot_cpu_data.x86_virt_bits)
		return true;
	return __is_canonical_address(vaddr, boot_cpu_data.x86_virt_bits);
}
