/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PB_REPORT_MEMORY_H
#define PB_REPORT_MEMORY_H

#include <jansson.h>
#include <stdio.h>

/* RESULTS.md section of a "memory" result (pb records-collect --kind memory). */
void report_memory_table(FILE *f, json_t *root);

#endif
