// SPDX-License-Identifier: GPL-2.0
#include "lib/atomic.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

int atomic_open(struct atomic_file *a, const char *file)
{
	if (strlen(file) >= sizeof(a->final)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	snprintf(a->final, sizeof(a->final), "%s", file);
	snprintf(a->tmp, sizeof(a->tmp), "%s.tmp.%d", file, (int)getpid());
	a->f = fopen(a->tmp, "w");
	return a->f ? 0 : -1;
}

int atomic_commit(struct atomic_file *a, int ok)
{
	int r = 0;

	if (fflush(a->f) || fsync(fileno(a->f)))
		r = -1;
	if (fclose(a->f))
		r = -1;
	a->f = NULL;
	if (!ok || r) {
		unlink(a->tmp);
		return ok ? -1 : 0;
	}
	return rename(a->tmp, a->final);
}
