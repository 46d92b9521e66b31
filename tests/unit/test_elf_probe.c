// SPDX-License-Identifier: GPL-2.0
/*
 * elf_probe() (bench/probe/elf_probe.c) on small images this test writes
 * itself with libelf: 32-bit arm's (ELFCLASS32, little-endian, 4-byte
 * pointers in the KUnit suite table), the same big-endian, and a relocatable
 * 64-bit one whose table slot is 0 with the address in a .rela.dyn addend
 * (arm64's). The pointer bytes are written here in the image's byte order,
 * so a probe that read them in the host's order or size would fail.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <jansson.h>

#include "pb_run.h"
#include "probe/elf_probe.h"

#define KUNIT_NAME_MAX 256	/* struct kunit_suite's name[] (include/kunit/test.h) */
#define DATA_ADDR 0xc0a00000u	/* a 32-bit arm kernel's data, PAGE_OFFSET 0xc0000000 */
#define TABLE_SLOTS 2
#define SUITE_OFFSET 32		/* the suites follow the table in .data */
#define SUITE_SIZE (KUNIT_NAME_MAX + 8)
#define R_AARCH64_RELATIVE 1027

struct image_spec {
	int elf_class;		/* ELFCLASS32 or ELFCLASS64 */
	int elf_data;		/* ELFDATA2LSB or ELFDATA2MSB */
	int machine;
	int slot0_relocated;	/* slot 0 holds 0; .rela.dyn has the address */
	uint64_t slot1;		/* what slot 1 points at (a suite, or nowhere) */
};

static const char strtab[] = "\0__kunit_suites_start\0__kunit_suites_end\0"
			     "__BTF_ID__func__bpf_strnlen__12\0__BTF_ID__func__bpf_a__b__3\0";
static const char shstrtab[] = "\0.data\0.symtab\0.strtab\0.shstrtab\0.rela.dyn\0";

/* Offsets of the names above in their tables. */
static size_t name_at(const char *table, size_t size, const char *name)
{
	for (size_t off = 1; off < size; off += strlen(table + off) + 1)
		if (!strcmp(table + off, name))
			return off;
	fail_msg("%s is not in the fixture's string table", name);
	return 0;
}
#define STR(name) name_at(strtab, sizeof(strtab), name)
#define SHSTR(name) name_at(shstrtab, sizeof(shstrtab), name)

static void put_pointer(unsigned char *at, uint64_t value, size_t size, int big_endian)
{
	for (size_t i = 0; i < size; i++) {
		size_t byte = big_endian ? size - 1 - i : i;

		at[byte] = (unsigned char)(value >> (8 * i));
	}
}

static Elf_Scn *section(Elf *elf, const char *name, uint32_t type, uint64_t flags, uint64_t addr,
			void *buf, size_t size, Elf_Type data_type)
{
	Elf_Scn *scn = elf_newscn(elf);
	Elf_Data *d = scn ? elf_newdata(scn) : NULL;
	GElf_Shdr sh;

	assert_non_null(d);
	d->d_buf = buf;
	d->d_size = size;
	d->d_type = data_type;
	d->d_version = EV_CURRENT;
	d->d_align = 1;
	assert_non_null(gelf_getshdr(scn, &sh));
	sh.sh_name = SHSTR(name);
	sh.sh_type = type;
	sh.sh_flags = flags;
	sh.sh_addr = addr;
	sh.sh_entsize = data_type == ELF_T_BYTE ? 0 : gelf_fsize(elf, data_type, 1, EV_CURRENT);
	assert_true(gelf_update_shdr(scn, &sh));
	return scn;
}

/*
 * A section of @n entries of @type for the class of @elf, zeroed, to fill
 * through gelf_update_*; its buffer, in @buf, is the caller's to free once
 * the image is written.
 */
static Elf_Scn *entries(Elf *elf, const char *name, uint32_t type, uint64_t flags,
			Elf_Type data_type, size_t n, void **buf)
{
	size_t size = n * gelf_fsize(elf, data_type, 1, EV_CURRENT);

	*buf = calloc(1, size);
	assert_non_null(*buf);
	return section(elf, name, type, flags, 0, *buf, size, data_type);
}

/* The table's bounds and two .BTF_ids symbols (the second's NAME holds "__"). */
static void add_symbols(void **buf, Elf *elf, size_t pointer_size, size_t strtab_index)
{
	const char *names[] = { "__kunit_suites_start", "__kunit_suites_end",
				"__BTF_ID__func__bpf_strnlen__12", "__BTF_ID__func__bpf_a__b__3" };
	const uint64_t values[] = { DATA_ADDR, DATA_ADDR + TABLE_SLOTS * pointer_size,
				    DATA_ADDR + 100, DATA_ADDR + 104 };
	size_t n = sizeof(names) / sizeof(names[0]) + 1;
	Elf_Scn *scn = entries(elf, ".symtab", SHT_SYMTAB, 0, ELF_T_SYM, n, buf);
	Elf_Data *d = elf_getdata(scn, NULL);
	GElf_Shdr sh;

	for (size_t i = 1; i < n; i++) {
		GElf_Sym s = { .st_name = STR(names[i - 1]), .st_shndx = 1,
			       .st_info = GELF_ST_INFO(STB_GLOBAL, STT_OBJECT),
			       .st_value = values[i - 1] };

		assert_true(gelf_update_sym(d, (int)i, &s));
	}
	assert_non_null(gelf_getshdr(scn, &sh));
	sh.sh_link = (uint32_t)strtab_index;
	sh.sh_info = 1;
	assert_true(gelf_update_shdr(scn, &sh));
}

static void add_relocation(void **buf, Elf *elf, uint64_t slot, uint64_t address)
{
	Elf_Data *d = elf_getdata(entries(elf, ".rela.dyn", SHT_RELA, SHF_ALLOC, ELF_T_RELA, 1, buf),
				  NULL);
	GElf_Rela r = { .r_offset = slot, .r_info = GELF_R_INFO(0, R_AARCH64_RELATIVE),
			.r_addend = (int64_t)address };

	assert_true(gelf_update_rela(d, 0, &r));
}

/* Write the image @spec describes to @path: suites "elf-one" and "elf-two". */
static void write_image(const char *path, const struct image_spec *spec)
{
	size_t ptr = spec->elf_class == ELFCLASS32 ? 4 : 8;
	static unsigned char data[SUITE_OFFSET + 2 * SUITE_SIZE];
	int big = spec->elf_data == ELFDATA2MSB;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	void *syms = NULL, *relas = NULL;
	Elf *elf;
	GElf_Ehdr eh;

	assert_true(fd >= 0);
	assert_int_not_equal(elf_version(EV_CURRENT), EV_NONE);
	elf = elf_begin(fd, ELF_C_WRITE, NULL);
	assert_non_null(elf);
	assert_non_null(gelf_newehdr(elf, spec->elf_class));
	assert_non_null(gelf_getehdr(elf, &eh));
	eh.e_ident[EI_DATA] = (unsigned char)spec->elf_data;
	eh.e_type = ET_EXEC;
	eh.e_machine = (GElf_Half)spec->machine;
	eh.e_version = EV_CURRENT;
	eh.e_shstrndx = 4;
	assert_true(gelf_update_ehdr(elf, &eh));

	memset(data, 0, sizeof(data));
	if (!spec->slot0_relocated)
		put_pointer(data, DATA_ADDR + SUITE_OFFSET, ptr, big);
	put_pointer(data + ptr, spec->slot1, ptr, big);
	strcpy((char *)data + SUITE_OFFSET, "elf-one");
	strcpy((char *)data + SUITE_OFFSET + SUITE_SIZE, "elf-two");
	/* sections 1-4: .data .symtab .strtab .shstrtab (e_shstrndx), then .rela.dyn */
	section(elf, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, DATA_ADDR, data, sizeof(data),
		ELF_T_BYTE);
	add_symbols(&syms, elf, ptr, 3);
	section(elf, ".strtab", SHT_STRTAB, 0, 0, (void *)strtab, sizeof(strtab), ELF_T_BYTE);
	section(elf, ".shstrtab", SHT_STRTAB, 0, 0, (void *)shstrtab, sizeof(shstrtab), ELF_T_BYTE);
	if (spec->slot0_relocated)
		add_relocation(&relas, elf, DATA_ADDR, DATA_ADDR + SUITE_OFFSET);
	if (elf_update(elf, ELF_C_WRITE) < 0)
		fail_msg("libelf cannot write the fixture %s: %s", path, elf_errmsg(-1));
	elf_end(elf);
	close(fd);
	free(syms);
	free(relas);
}

struct probed {
	int rc;
	json_t *kunit, *funcs;
	char err[256];
};

static void probe(struct probed *p, const struct image_spec *spec, const char *name)
{
	const char *path = scratch(name);

	write_image(path, spec);
	p->kunit = json_array();
	p->funcs = json_object();
	p->err[0] = '\0';
	p->rc = elf_probe(path, p->kunit, p->funcs, p->err, sizeof(p->err));
}

static void probed_free(struct probed *p)
{
	json_decref(p->kunit);
	json_decref(p->funcs);
}

/* The image of @spec, with both suites in its table, reads back whole. */
static void assert_reads_both_suites_and_funcs(const struct image_spec *spec, const char *name)
{
	struct probed p;

	probe(&p, spec, name);
	if (p.rc)
		fail_msg("elf_probe failed on %s: %s", name, p.err);
	assert_int_equal(json_array_size(p.kunit), 2);
	assert_string_equal(json_string_value(json_array_get(p.kunit, 0)), "elf-one");
	assert_string_equal(json_string_value(json_array_get(p.kunit, 1)), "elf-two");
	assert_int_equal(json_object_size(p.funcs), 2);
	assert_true(json_is_true(json_object_get(p.funcs, "bpf_strnlen")));
	assert_true(json_is_true(json_object_get(p.funcs, "bpf_a__b")));
	probed_free(&p);
}

#define SECOND_SUITE (DATA_ADDR + SUITE_OFFSET + SUITE_SIZE)

/* 32-bit arm's vmlinux: a table of two 4-byte pointers. */
static void reads_32bit_little_endian(void **state)
{
	struct image_spec spec = { ELFCLASS32, ELFDATA2LSB, EM_ARM, 0, SECOND_SUITE };

	(void)state;
	assert_reads_both_suites_and_funcs(&spec, "arm.elf");
}

static void reads_32bit_big_endian(void **state)
{
	struct image_spec spec = { ELFCLASS32, ELFDATA2MSB, EM_ARM, 0, SECOND_SUITE };

	(void)state;
	assert_reads_both_suites_and_funcs(&spec, "armeb.elf");
}

/* arm64's relocatable vmlinux: slot 0 is left to the loader's relocation. */
static void reads_64bit_relocated_slot(void **state)
{
	struct image_spec spec = { ELFCLASS64, ELFDATA2LSB, EM_AARCH64, 1, SECOND_SUITE };

	(void)state;
	assert_reads_both_suites_and_funcs(&spec, "arm64.elf");
}

/* A table slot pointing at no section is an error naming the slot. */
static void refuses_a_pointer_to_nowhere(void **state)
{
	struct image_spec spec = { ELFCLASS32, ELFDATA2LSB, EM_ARM, 0, 0x10 };
	struct probed p;

	(void)state;
	probe(&p, &spec, "nowhere.elf");
	assert_int_equal(p.rc, -1);
	assert_contains(p.err, "cannot read the KUnit suite table at 0xc0a00004");
	probed_free(&p);
}

static void refuses_what_is_not_elf(void **state)
{
	const char *path = scratch("not.elf");
	json_t *kunit = json_array(), *funcs = json_object();
	char err[256];

	(void)state;
	write_text(path, "not an ELF file\n");
	assert_int_equal(elf_probe(path, kunit, funcs, err, sizeof(err)), -1);
	assert_contains(err, "is not a 32- or 64-bit ELF file");
	json_decref(kunit);
	json_decref(funcs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_32bit_little_endian),
		cmocka_unit_test(reads_32bit_big_endian),
		cmocka_unit_test(reads_64bit_relocated_slot),
		cmocka_unit_test(refuses_a_pointer_to_nowhere),
		cmocka_unit_test(refuses_what_is_not_elf),
	};

	return cmocka_run_group_tests(tests, scratch_make, scratch_remove);
}
