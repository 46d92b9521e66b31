/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PB_KCONFIG_H
#define PB_KCONFIG_H

#include <jansson.h>
#include <stddef.h>

/*
 * Every CONFIG_X=value line of a build's .config into @config (X -> value,
 * quotes kept); "# CONFIG_X is not set" leaves X out. 0, or -1 with @err.
 */
int kconfig_read(const char *path, json_t *config, char *err, size_t errlen);

#endif
