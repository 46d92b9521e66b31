/* SPDX-License-Identifier: GPL-2.0 */
/* A setting from the environment, with the default it has when unset. */
#ifndef PB_ENV_H
#define PB_ENV_H

/* $@name when it is set and not empty, else @dflt (make's VAR= is unset). */
const char *env_or(const char *name, const char *dflt);

#endif
