/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A directory of folders, one per suite or guest test, each with its JSON
 * manifest (suites/NAME/suite.json, tests/guest/NAME/test.json): listing
 * them and reading one, each error naming the file.
 */
#ifndef PB_MANIFEST_DIR_H
#define PB_MANIFEST_DIR_H

#include <jansson.h>
#include <stddef.h>

/* Names become file names, make words and gnuplot strings: lower-case letters, digits, '-'. */
int manifest_plain_name(const char *s);

/* Is @path an executable regular file? */
int manifest_executable(const char *path);

/*
 * @one(@ctx, NAME, ...) for every folder NAME of @dir (hidden ones left
 * out), in name order, until one fails; -1 with @err when @dir cannot be
 * read (@what names it: "the suites' directory (SUITES_DIR)") or @one failed.
 */
int manifest_dir_each(const char *dir, const char *what,
		      int (*one)(void *ctx, const char *name, char *err, size_t len), void *ctx,
		      char *err, size_t len);

/* @path's JSON, duplicate keys refused; NULL with @err naming the file (and the line). */
json_t *manifest_read(const char *path, char *err, size_t len);

#endif
