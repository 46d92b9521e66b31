// SPDX-License-Identifier: GPL-2.0
#include "lib/content_hash.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

uint64_t content_hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n--)
		h = (h ^ *s++) * 0x100000001b3ULL;
	return h;
}

uint64_t content_hash_path(uint64_t h, const char *s, const char *root)
{
	size_t r = root ? strlen(root) : 0;
	const char *at = r ? strstr(s, root) : NULL;

	if (at && (at[r] == '/' || !at[r])) {
		h = content_hash_bytes(h, s, (size_t)(at - s));
		s = at + r;
	}
	return content_hash_bytes(h, s, strlen(s) + 1);
}

static int hash_file(uint64_t *h, const char *path, const char *root)
{
	char buf[65536];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (!f)
		return -1;
	*h = content_hash_path(*h, path, root);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		*h = content_hash_bytes(*h, buf, n);
	fclose(f);
	return 0;
}

/* A folder's regular files, by name (not its sub-folders: a module's is its own input). */
static int hash_dir(uint64_t *h, const char *dir, const char *root)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort), status = 0;

	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		char path[8400];
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		if (!status && names[i]->d_name[0] != '.' && !stat(path, &st) && S_ISREG(st.st_mode))
			status = hash_file(h, path, root);
		free(names[i]);
	}
	free(names);
	return status;
}

int content_hash_inputs(uint64_t *h, json_t *inputs, const char *root)
{
	json_t *e;
	size_t i;

	json_array_foreach(inputs, i, e) {
		const char *p = json_string_value(e);
		struct stat st;

		if (stat(p, &st) || (S_ISDIR(st.st_mode) ? hash_dir(h, p, root) : hash_file(h, p, root))) {
			fprintf(stderr, "hash: %s: %s\n", p, strerror(errno ? errno : ENOENT));
			return -1;
		}
	}
	return 0;
}

int content_hash(json_t *inputs, char hex[17])
{
	uint64_t h = CONTENT_HASH_START;

	if (content_hash_inputs(&h, inputs, NULL))
		return -1;
	snprintf(hex, 17, "%016llx", (unsigned long long)h);
	return 0;
}

