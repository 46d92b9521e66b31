// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <gelf.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "probe/elf_probe.h"

#define BTF_ID_FUNC "__BTF_ID__func__"
/* struct kunit_suite starts with const char name[256] (include/kunit/test.h) */
#define KUNIT_NAME_MAX 256

struct image {
	Elf *elf;
	GElf_Addr suites_start, suites_end;
	size_t pointer_size;	/* 8 for ELFCLASS64, 4 for ELFCLASS32 */
	int big_endian;		/* EI_DATA is ELFDATA2MSB */
};

/* Copy @len bytes at virtual address @addr from the section that holds them. */
static int read_vaddr(Elf *elf, GElf_Addr addr, void *buf, size_t len)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS)
			continue;
		if (addr < sh.sh_addr || addr + len > sh.sh_addr + sh.sh_size)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf || addr - sh.sh_addr + len > d->d_size)
			return -1;
		memcpy(buf, (char *)d->d_buf + (addr - sh.sh_addr), len);
		return 0;
	}
	return -1;
}

static void symbol(struct image *im, const char *name, GElf_Addr value, json_t *btf_id_funcs)
{
	if (!strcmp(name, "__kunit_suites_start")) {
		im->suites_start = value;
	} else if (!strcmp(name, "__kunit_suites_end")) {
		im->suites_end = value;
	} else if (!strncmp(name, BTF_ID_FUNC, strlen(BTF_ID_FUNC))) {
		/* __BTF_ID__func__NAME__COUNTER: NAME may itself hold "__" */
		const char *f = name + strlen(BTF_ID_FUNC), *end = strrchr(f, '_');
		char fn[256];

		if (!end || end - f < 2 || end[-1] != '_' || (size_t)(end - 1 - f) >= sizeof(fn))
			return;
		memcpy(fn, f, end - 1 - f);
		fn[end - 1 - f] = '\0';
		json_object_set_new(btf_id_funcs, fn, json_true());
	}
}

static int symbols(struct image *im, json_t *btf_id_funcs)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	int found = 0;

	while ((scn = elf_nextscn(im->elf, scn))) {
		Elf_Data *d;
		GElf_Sym s;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB)
			continue;
		d = elf_getdata(scn, NULL);
		for (size_t i = 0; d && sh.sh_entsize && i < sh.sh_size / sh.sh_entsize; i++) {
			const char *name;

			if (!gelf_getsym(d, (int)i, &s))
				continue;
			name = elf_strptr(im->elf, sh.sh_link, s.st_name);
			if (name && *name)
				symbol(im, name, s.st_value, btf_id_funcs);
		}
		found = 1;
	}
	return found ? 0 : -1;
}

/*
 * A relocatable kernel may leave a pointer's slot for its loader to fill:
 * on some architectures the slot holds 0 and a relative relocation in the
 * allocated .rela section holds the address as its addend; others keep the
 * address in place.
 * The addend of a relocation without a symbol at @addr, if there is one.
 */
static int relative_addend(Elf *elf, GElf_Addr addr, uint64_t *value)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *d;
		GElf_Rela r;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || !(sh.sh_flags & SHF_ALLOC))
			continue;
		d = elf_getdata(scn, NULL);
		for (size_t i = 0; d && sh.sh_entsize && i < sh.sh_size / sh.sh_entsize; i++)
			if (gelf_getrela(d, (int)i, &r) && r.r_offset == addr &&
			    GELF_R_SYM(r.r_info) == 0) {
				*value = (uint64_t)r.r_addend;
				return 0;
			}
	}
	return -1;
}

/* The pointer at @addr, in the image's size and byte order (not the host's). */
static int read_pointer(const struct image *im, GElf_Addr addr, uint64_t *value)
{
	unsigned char b[8];

	if (read_vaddr(im->elf, addr, b, im->pointer_size))
		return -1;
	*value = 0;
	for (size_t i = 0; i < im->pointer_size; i++) {
		size_t byte = im->big_endian ? i : im->pointer_size - 1 - i;

		*value = *value << 8 | b[byte];
	}
	return 0;
}

/*
 * The table of struct kunit_suite pointers. A relocatable image whose slot
 * is 0 has the address in a RELA relocation's addend; with REL relocations
 * (32-bit arm's, when it is relocatable at all) the slot itself holds it.
 */
static int kunit_suites(struct image *im, json_t *kunit, char *err, size_t errlen)
{
	for (GElf_Addr p = im->suites_start; p < im->suites_end; p += im->pointer_size) {
		uint64_t suite;
		char name[KUNIT_NAME_MAX];

		if (read_pointer(im, p, &suite) ||
		    (!suite && relative_addend(im->elf, p, &suite)) ||
		    read_vaddr(im->elf, suite, name, sizeof(name))) {
			snprintf(err, errlen, "cannot read the KUnit suite table at %#llx",
				 (unsigned long long)p);
			return -1;
		}
		name[sizeof(name) - 1] = '\0';
		json_array_append_new(kunit, json_string(name));
	}
	return 0;
}

/* The image's pointer size and byte order, from its identification. */
static int image_layout(struct image *im)
{
	const char *ident;

	if (!im->elf || elf_kind(im->elf) != ELF_K_ELF || !(ident = elf_getident(im->elf, NULL)))
		return -1;
	switch (ident[EI_CLASS]) {
	case ELFCLASS64: im->pointer_size = 8; break;
	case ELFCLASS32: im->pointer_size = 4; break;
	default: return -1;
	}
	switch (ident[EI_DATA]) {
	case ELFDATA2LSB: im->big_endian = 0; break;
	case ELFDATA2MSB: im->big_endian = 1; break;
	default: return -1;
	}
	return 0;
}

int elf_probe(const char *vmlinux, json_t *kunit, json_t *btf_id_funcs, char *err, size_t errlen)
{
	struct image im = { 0 };
	int fd, rc = -1;

	if (elf_version(EV_CURRENT) == EV_NONE) {
		snprintf(err, errlen, "libelf: %s", elf_errmsg(-1));
		return -1;
	}
	fd = open(vmlinux, O_RDONLY);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %m", vmlinux);
		return -1;
	}
	im.elf = elf_begin(fd, ELF_C_READ, NULL);
	if (image_layout(&im))
		snprintf(err, errlen, "%s is not a 32- or 64-bit ELF file of either byte order",
			 vmlinux);
	else if (symbols(&im, btf_id_funcs))
		snprintf(err, errlen, "%s has no symbol table", vmlinux);
	else
		rc = kunit_suites(&im, kunit, err, errlen);
	elf_end(im.elf);
	close(fd);
	return rc;
}
