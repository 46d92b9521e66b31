/* SPDX-License-Identifier: GPL-2.0 */
/* JSON values written as block-style YAML (LAVA job definitions). */
#ifndef PB_YAML_OUT_H
#define PB_YAML_OUT_H

#include <jansson.h>
#include <stdio.h>

/*
 * Write @root (an object or array) as YAML: mappings and sequences in block
 * style in their insertion order, every string double-quoted with JSON's
 * escapes (which YAML's double-quoted scalars share), so no string is ever
 * read back as a number, a boolean or null.
 */
void yaml_dump(FILE *f, json_t *root);

#endif
