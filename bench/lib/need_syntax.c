// SPDX-License-Identifier: GPL-2.0
#include "lib/need_syntax.h"

#include <string.h>

/* in enum need_kind's order */
static const char *const kinds[] = { "kfunc", "config", "kunit", "feature", "fix", "module" };

int need_kind(const char *need, const char **name)
{
	const char *colon;

	if (*need == '!')
		need++;
	colon = strchr(need, ':');
	if (!colon || !colon[1])
		return -1;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strlen(kinds[i]) == (size_t)(colon - need) && !strncmp(need, kinds[i], colon - need)) {
			*name = colon + 1;
			return (int)i;
		}
	return -1;
}

int need_valid(const char *need)
{
	const char *name;

	return need_kind(need, &name) >= 0;
}
