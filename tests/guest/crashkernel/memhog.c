// SPDX-License-Identifier: GPL-2.0
/*
 * memhog MIB: take MIB MiB of anonymous memory, touch every page, and while
 * holding it print /proc/meminfo's MemFree, MemAvailable and CmaFree, so the
 * caller sees where the memory came from. Exits 0 once all of it was touched;
 * if the kernel cannot give that much the OOM killer ends the process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void print_meminfo(void)
{
	static const char *const keys[] = { "MemFree:", "MemAvailable:", "CmaFree:", NULL };
	char line[256];
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f) {
		perror("memhog: /proc/meminfo");
		exit(1);
	}
	while (fgets(line, sizeof(line), f))
		for (int i = 0; keys[i]; i++)
			if (!strncmp(line, keys[i], strlen(keys[i])))
				printf("held %s", line);
	fclose(f);
}

int main(int argc, char **argv)
{
	long page = sysconf(_SC_PAGESIZE);
	char *end;
	unsigned long mib = argc == 2 ? strtoul(argv[1], &end, 10) : 0;
	size_t len;
	char *p;

	if (argc != 2 || *end || !mib) {
		fprintf(stderr, "usage: memhog MIB\n");
		return 2;
	}
	len = (size_t)mib << 20;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("memhog: mmap");
		return 1;
	}
	for (size_t off = 0; off < len; off += (size_t)page)
		p[off] = (char)off | 1;
	printf("memhog: touched %lu MiB\n", mib);
	print_meminfo();
	fflush(stdout);
	return 0;
}
