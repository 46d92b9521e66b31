// SPDX-License-Identifier: GPL-2.0
/*
 * str_byteloop: upstream's byte loops of bpf_strlen(), bpf_strchr() and
 * bpf_strcmp() (6.17, kernel/bpf/helpers.c), as kfuncs of this module, so
 * that the bpf-strings suite times them from BPF on the same kernel and
 * the same call path as the patched word-at-a-time kfuncs (impl=byteloop).
 * Stays loaded while bpf-strbench runs. Loaded only inside patchbench's
 * QEMU guests. Built for the architectures the file "arch" names, each
 * with its nofault-SRCARCH.h.
 */
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/cleanup.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include <linux/xattr.h>

/* guard(pagefault) is 6.17's (patch 0030); this builds against 6.12 too */
DEFINE_LOCK_GUARD_0(pb_pagefault, pagefault_disable(), pagefault_enable())

/*
 * pb_nofault_allowed(): the architecture's copy_from_kernel_nofault_allowed(),
 * which is not exported, in nofault-SRCARCH.h (Kbuild names it): defined
 * here, in this translation unit, as x86's always was.
 */
#include PB_NOFAULT_H

__bpf_kfunc_start_defs();

__bpf_kfunc int pb_byteloop_strcmp(const char *s1__ign, const char *s2__ign)
{
	char c1, c2;
	int i;

	if (!pb_nofault_allowed(s1__ign, 1) ||
	    !pb_nofault_allowed(s2__ign, 1)) {
		return -ERANGE;
	}

	guard(pb_pagefault)();
	for (i = 0; i < XATTR_SIZE_MAX; i++) {
		__get_kernel_nofault(&c1, s1__ign, char, err_out);
		__get_kernel_nofault(&c2, s2__ign, char, err_out);
		if (c1 != c2)
			return c1 < c2 ? -1 : 1;
		if (c1 == '\0')
			return 0;
		s1__ign++;
		s2__ign++;
	}
	return -E2BIG;
err_out:
	return -EFAULT;
}

__bpf_kfunc int pb_byteloop_strnchr(const char *s__ign, size_t count, char c)
{
	char sc;
	int i;

	if (!pb_nofault_allowed(s__ign, 1))
		return -ERANGE;

	guard(pb_pagefault)();
	for (i = 0; i < count && i < XATTR_SIZE_MAX; i++) {
		__get_kernel_nofault(&sc, s__ign, char, err_out);
		if (sc == c)
			return i;
		if (sc == '\0')
			return -ENOENT;
		s__ign++;
	}
	return i == XATTR_SIZE_MAX ? -E2BIG : -ENOENT;
err_out:
	return -EFAULT;
}

__bpf_kfunc int pb_byteloop_strchr(const char *s__ign, char c)
{
	return pb_byteloop_strnchr(s__ign, XATTR_SIZE_MAX, c);
}

__bpf_kfunc int pb_byteloop_strnlen(const char *s__ign, size_t count)
{
	char c;
	int i;

	if (!pb_nofault_allowed(s__ign, 1))
		return -ERANGE;

	guard(pb_pagefault)();
	for (i = 0; i < count && i < XATTR_SIZE_MAX; i++) {
		__get_kernel_nofault(&c, s__ign, char, err_out);
		if (c == '\0')
			return i;
		s__ign++;
	}
	return i == XATTR_SIZE_MAX ? -E2BIG : i;
err_out:
	return -EFAULT;
}

__bpf_kfunc int pb_byteloop_strlen(const char *s__ign)
{
	return pb_byteloop_strnlen(s__ign, XATTR_SIZE_MAX);
}

__bpf_kfunc_end_defs();

BTF_KFUNCS_START(pb_byteloop_ids)
BTF_ID_FLAGS(func, pb_byteloop_strcmp)
BTF_ID_FLAGS(func, pb_byteloop_strchr)
BTF_ID_FLAGS(func, pb_byteloop_strlen)
BTF_KFUNCS_END(pb_byteloop_ids)

static const struct btf_kfunc_id_set pb_byteloop_set = {
	.owner = THIS_MODULE,
	.set = &pb_byteloop_ids,
};

static int __init str_byteloop_init(void)
{
	return register_btf_kfunc_id_set(BPF_PROG_TYPE_SYSCALL, &pb_byteloop_set);
}

module_init(str_byteloop_init);
MODULE_DESCRIPTION("upstream's byte-loop string kfuncs for patchbench's bpf-strings suite");
MODULE_LICENSE("GPL");
