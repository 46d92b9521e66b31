/* SPDX-License-Identifier: GPL-2.0 */
/* mkdir -p */
#ifndef PB_MKDIRS_H
#define PB_MKDIRS_H

/* Make @path and the directories above it that are missing; -1 (said on stderr) on failure. */
int mkdirs(const char *path);

#endif
