/* SPDX-License-Identifier: GPL-2.0 */
/* A JSON file read whole, or why not said the one way. */
#ifndef PB_JSON_LOAD_H
#define PB_JSON_LOAD_H

#include <jansson.h>

/*
 * The JSON in @path (json_load_file() with @flags); NULL after saying
 * "WHO: PATH: what is wrong" on stderr.
 */
json_t *json_load_said(const char *who, const char *path, size_t flags);

#endif
