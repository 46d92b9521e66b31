// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "probe/kconfig.h"

int kconfig_read(const char *path, json_t *config, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[4096];

	if (!f) {
		snprintf(err, errlen, "cannot read %s: %m", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '=');

		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "CONFIG_", 7) || !eq)
			continue;
		*eq = '\0';
		json_object_set_new(config, line, json_string(eq + 1));
	}
	fclose(f);
	if (!json_object_size(config)) {
		snprintf(err, errlen, "%s sets no CONFIG_ symbol", path);
		return -1;
	}
	return 0;
}
