// SPDX-License-Identifier: GPL-2.0
/*
 * str_freed: addresses of freed memory for the bpf-strings tests. On load it
 * writes a string into a kmalloc() object and into a vmalloc() page, frees
 * both, flushes the lazily unmapped vmalloc range so that the page is gone
 * from every CPU's TLB, prints
 *   PB-FREED kmalloc=0x... vmalloc=0x...
 * and fails with -EAGAIN on purpose, so nothing stays loaded. On a KASAN
 * kernel the kmalloc() object sits poisoned in the quarantine; the vmalloc()
 * page is unmapped on any kernel. Loaded only inside patchbench's guests.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

static int __init str_freed_init(void)
{
	static const char text[] = "a string in freed memory";
	char *k = kmalloc(64, GFP_KERNEL);
	char *v = vmalloc(PAGE_SIZE);

	if (!k || !v) {
		kfree(k);
		vfree(v);
		return -ENOMEM;
	}
	memcpy(k, text, sizeof(text));
	memcpy(v, text, sizeof(text));
	kfree(k);
	vfree(v);
	vm_unmap_aliases();
	/* the addresses are the point: the test hands them to BPF programs */
	pr_info("PB-FREED kmalloc=%px vmalloc=%px\n", k, v);
	return -EAGAIN;
}
module_init(str_freed_init);

MODULE_DESCRIPTION("patchbench: addresses of freed memory for the string kfunc tests");
MODULE_LICENSE("GPL");
