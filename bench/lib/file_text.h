/* SPDX-License-Identifier: GPL-2.0 */
/* A file's whole text. */
#ifndef PB_FILE_TEXT_H
#define PB_FILE_TEXT_H

/*
 * The text of @path, NUL-terminated ("" when empty; free it); NULL when it
 * cannot be read or holds a NUL byte (it is not text).
 */
char *file_text(const char *path);

#endif
