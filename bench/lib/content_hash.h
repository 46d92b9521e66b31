/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a set of files and folders holds, as one 64-bit FNV-1a hash of
 * their paths and contents (a folder: its regular files, by name, not its
 * sub-folders): for telling whether an input changed, never by file dates.
 */
#ifndef PB_CONTENT_HASH_H
#define PB_CONTENT_HASH_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#define CONTENT_HASH_START 0xcbf29ce484222325ULL

uint64_t content_hash_bytes(uint64_t h, const void *p, size_t n);

/* @s, with @root (when given and inside it) left out: "-I" ROOT "/x" counts as "-I" "/x". */
uint64_t content_hash_path(uint64_t h, const char *s, const char *root);

/* Add @inputs (an array of paths) to @h, paths counted without @root; -1 when one cannot be read. */
int content_hash_inputs(uint64_t *h, json_t *inputs, const char *root);

/* The 16 hex digits of @inputs' hash; -1 when one cannot be read. */
int content_hash(json_t *inputs, char hex[17]);

#endif
