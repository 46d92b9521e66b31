// SPDX-License-Identifier: GPL-2.0
/* Each guest architecture's results root (layout.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/arch.h"
#include "lib/layout.h"

int layout_arch_root(char *buf, size_t len, const char *base, const char *arch)
{
	int n = snprintf(buf, len, "%s/" LAYOUT_ARCH_DIR "/%s", base, arch);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

const char *layout_root(const char *option)
{
	static char root[4096];
	const char *base = layout_base_root(option), *arch = arch_selected();

	if (arch_is_default(arch))
		return base;
	if (!arch_name_ok(arch)) {
		fprintf(stderr, "pb: GUEST_ARCH='%s' is no architecture's name (vm/arch/NAME.json)\n",
			arch);
		return NULL;
	}
	if (layout_arch_root(root, sizeof(root), base, arch)) {
		fprintf(stderr, "pb: the results root of %s under %s is too long\n", arch, base);
		return NULL;
	}
	return root;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

char **layout_archs(const char *base)
{
	char dir[4096], path[4400], **set = calloc(1, sizeof(*set)), **more;
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	if (!set)
		return NULL;
	snprintf(dir, sizeof(dir), "%s/" LAYOUT_ARCH_DIR, base);
	if (!(d = opendir(dir)))
		return set;	/* no other architecture's results */
	while ((e = readdir(d))) {
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (!arch_name_ok(e->d_name) || arch_is_default(e->d_name) || !is_dir(path))
			continue;
		if (!(more = realloc(set, (n + 2) * sizeof(*set))) || !(more[n] = strdup(e->d_name))) {
			closedir(d);
			layout_suites_free(more ? more : set);
			return NULL;
		}
		set = more;
		set[++n] = NULL;
	}
	closedir(d);
	qsort(set, n, sizeof(*set), by_name);
	return set;
}
