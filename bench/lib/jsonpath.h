/* SPDX-License-Identifier: GPL-2.0 */
/* Paths into JSON for scripts: keys and array indexes joined by dots. */
#ifndef PB_JSONPATH_H
#define PB_JSONPATH_H

#include <jansson.h>

/* The value at @path ("summary.verdicts.faster", "points.0.ratio") under @v, or NULL. */
json_t *json_at(json_t *v, const char *path);

#endif
