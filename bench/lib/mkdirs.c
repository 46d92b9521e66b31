// SPDX-License-Identifier: GPL-2.0
/* mkdir -p */
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/mkdirs.h"

int mkdirs(const char *path)
{
	char buf[PATH_MAX];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(buf, 0755);
			*p = '/';
		}
	if (mkdir(buf, 0755) && access(buf, F_OK)) {
		perror(buf);
		return -1;
	}
	return 0;
}
