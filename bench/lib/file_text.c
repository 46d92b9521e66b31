// SPDX-License-Identifier: GPL-2.0
/* A file's whole text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/file_text.h"

char *file_text(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t cap = 0;
	ssize_t n;

	if (!f)
		return NULL;
	n = getdelim(&text, &cap, '\0', f);
	if (n < 0 && !ferror(f)) {	/* an empty file */
		free(text);
		text = strdup("");
	} else if (n < 0 || ferror(f) || (n > 0 && text[n - 1] == '\0')) {
		free(text);	/* unreadable, or a NUL byte in it */
		text = NULL;
	}
	fclose(f);
	return text;
}
