// SPDX-License-Identifier: GPL-2.0
#include "lib/manifest_dir.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int manifest_plain_name(const char *s)
{
	if (!*s || *s == '-')
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
			return 0;
	return 1;
}

int manifest_executable(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode) && !access(path, X_OK);
}

int manifest_dir_each(const char *dir, const char *what,
		      int (*one)(void *ctx, const char *name, char *err, size_t len), void *ctx,
		      char *err, size_t len)
{
	struct dirent **names;
	int n, status = 0;

	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0) {
		snprintf(err, len, "%s: cannot read %s", dir, what);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char path[4400];
		struct stat st;

		snprintf(path, sizeof(path), "%.4000s/%s", dir, names[i]->d_name);
		if (!status && names[i]->d_name[0] != '.' && !stat(path, &st) && S_ISDIR(st.st_mode))
			status = one(ctx, names[i]->d_name, err, len);
		free(names[i]);
	}
	free(names);
	return status;
}

json_t *manifest_read(const char *path, char *err, size_t len)
{
	json_error_t jerr;
	json_t *m;

	m = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
	if (!m)
		snprintf(err, len, "%s:%d: %s", path, jerr.line, jerr.text);
	return m;
}
