// SPDX-License-Identifier: GPL-2.0
#include "collect/tagged_lines.h"

#include <string.h>

int tagged_lines_open(struct tagged_lines *t, const char *path, const char *tag)
{
	t->f = fopen(path, "r");
	t->tag = tag;
	t->rest = NULL;
	t->save = NULL;
	return t->f ? 0 : -1;
}

int tagged_lines_next(struct tagged_lines *t)
{
	size_t n = strlen(t->tag);

	while (fgets(t->line, sizeof(t->line), t->f)) {
		if (strncmp(t->line, t->tag, n) || t->line[n] != ' ')
			continue;
		t->rest = t->line + n + 1;
		t->save = NULL;
		return 1;
	}
	return 0;
}

int tagged_lines_pair(struct tagged_lines *t, char **key, char **value)
{
	char *token;

	while ((token = strtok_r(t->rest, " \n", &t->save))) {
		char *eq = strchr(token, '=');

		t->rest = NULL;
		if (!eq)
			continue;
		*eq = '\0';
		*key = token;
		*value = eq + 1;
		return 1;
	}
	t->rest = NULL;
	return 0;
}

void tagged_lines_close(struct tagged_lines *t)
{
	fclose(t->f);
}
