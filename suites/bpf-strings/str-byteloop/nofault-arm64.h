/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 has no copy_from_kernel_nofault_allowed() of its own in 6.12: the
 * kernel's is mm/maccess.c's __weak generic one, which allows every
 * address, so a NULL or user pointer is read by __get_kernel_nofault() and
 * faults (-EFAULT), as the kfuncs do there. Out of line as there.
 * Included by str_byteloop.c.
 */
static noinline bool pb_nofault_allowed(const void *unsafe_src, size_t size)
{
	return true;
}
