// SPDX-License-Identifier: GPL-2.0
/*
 * vmcore-check VMCORE RELEASE [START-END]...
 *
 * Checks, in the capture kernel, that VMCORE (/proc/vmcore) is an ELF64 x86-64
 * core with PT_NOTE and PT_LOAD segments, that its VMCOREINFO note names the
 * crashed kernel's RELEASE, that the first page of every PT_LOAD reads back,
 * and that no PT_LOAD covers any of the physical ranges START-END (hex,
 * inclusive): the crashkernel CMA ranges, which must not be dumped.
 * Prints what it found and every violation; exits 0 only if all checks hold.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_EXCLUDE 16

struct range {
	uint64_t start, end;	/* inclusive */
};

static int read_at(int fd, void *buf, size_t len, uint64_t off)
{
	ssize_t n = pread(fd, buf, len, (off_t)off);

	return n == (ssize_t)len ? 0 : -1;
}

static int check_header(const Elf64_Ehdr *eh)
{
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG)) {
		printf("vmcore-check: no ELF magic\n");
		return -1;
	}
	if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_ident[EI_DATA] != ELFDATA2LSB ||
	    eh->e_type != ET_CORE || eh->e_machine != EM_X86_64 ||
	    eh->e_phentsize != sizeof(Elf64_Phdr) || !eh->e_phnum) {
		printf("vmcore-check: not an ELF64 LSB x86-64 core (class %d data %d type %d machine %d phnum %d)\n",
		       eh->e_ident[EI_CLASS], eh->e_ident[EI_DATA], eh->e_type, eh->e_machine,
		       eh->e_phnum);
		return -1;
	}
	return 0;
}

/* Does this PT_NOTE segment hold a VMCOREINFO note naming @release? */
static int note_names_release(int fd, const Elf64_Phdr *ph, const char *release)
{
	char want[128];
	char *buf;
	int found = 0;

	if (!ph->p_filesz || ph->p_filesz > (1 << 20))
		return 0;
	buf = calloc(1, ph->p_filesz + 1);
	if (!buf || read_at(fd, buf, ph->p_filesz, ph->p_offset)) {
		free(buf);
		return 0;
	}
	snprintf(want, sizeof(want), "OSRELEASE=%s\n", release);
	for (size_t off = 0; off + sizeof(Elf64_Nhdr) <= ph->p_filesz;) {
		Elf64_Nhdr *nh = (Elf64_Nhdr *)(buf + off);
		size_t name = off + sizeof(*nh), desc = name + ((nh->n_namesz + 3) & ~3u);
		size_t next = desc + ((nh->n_descsz + 3) & ~3u);

		if (!nh->n_namesz && !nh->n_descsz)
			break;
		if (next > ph->p_filesz)
			break;
		if (nh->n_namesz == sizeof("VMCOREINFO") &&
		    !memcmp(buf + name, "VMCOREINFO", sizeof("VMCOREINFO")) &&
		    memmem(buf + desc, nh->n_descsz, want, strlen(want)))
			found = 1;
		off = next;
	}
	free(buf);
	return found;
}

int main(int argc, char **argv)
{
	struct range excl[MAX_EXCLUDE];
	int nexcl = 0, bad = 0, notes = 0, loads = 0, named = 0;
	uint64_t dumped = 0;
	Elf64_Ehdr eh;
	int fd;

	if (argc < 3 || argc - 3 > MAX_EXCLUDE) {
		fprintf(stderr, "usage: vmcore-check VMCORE RELEASE [START-END]...\n");
		return 2;
	}
	for (int i = 3; i < argc; i++) {
		char *dash;

		excl[nexcl].start = strtoull(argv[i], &dash, 16);
		if (*dash != '-') {
			fprintf(stderr, "vmcore-check: bad range '%s'\n", argv[i]);
			return 2;
		}
		excl[nexcl++].end = strtoull(dash + 1, NULL, 16);
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || read_at(fd, &eh, sizeof(eh), 0)) {
		perror("vmcore-check: reading the ELF header");
		return 1;
	}
	if (check_header(&eh))
		return 1;
	for (int i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr ph;
		char page[4096];

		if (read_at(fd, &ph, sizeof(ph), eh.e_phoff + (uint64_t)i * sizeof(ph))) {
			printf("vmcore-check: program header %d unreadable\n", i);
			return 1;
		}
		if (ph.p_type == PT_NOTE) {
			notes++;
			named |= note_names_release(fd, &ph, argv[2]);
			continue;
		}
		if (ph.p_type != PT_LOAD)
			continue;
		loads++;
		dumped += ph.p_memsz;
		if (ph.p_filesz && read_at(fd, page, ph.p_filesz < sizeof(page) ? ph.p_filesz :
					   sizeof(page), ph.p_offset)) {
			printf("vmcore-check: PT_LOAD %#" PRIx64 " unreadable\n", ph.p_paddr);
			bad++;
		}
		for (int r = 0; r < nexcl; r++)
			if (ph.p_paddr <= excl[r].end && ph.p_paddr + ph.p_memsz > excl[r].start) {
				printf("vmcore-check: PT_LOAD %#" PRIx64 "-%#" PRIx64 " covers excluded %#" PRIx64 "-%#" PRIx64 "\n",
				       ph.p_paddr, ph.p_paddr + ph.p_memsz - 1, excl[r].start, excl[r].end);
				bad++;
			}
	}
	printf("vmcore-check: %d PT_NOTE, %d PT_LOAD, %" PRIu64 " MiB of memory, %d excluded ranges\n",
	       notes, loads, dumped >> 20, nexcl);
	if (!notes || !loads) {
		printf("vmcore-check: a core needs PT_NOTE and PT_LOAD segments\n");
		bad++;
	}
	if (!named) {
		printf("vmcore-check: no VMCOREINFO note with OSRELEASE=%s\n", argv[2]);
		bad++;
	}
	close(fd);
	return bad ? 1 : 0;
}
