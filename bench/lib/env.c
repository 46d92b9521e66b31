// SPDX-License-Identifier: GPL-2.0
/* A setting from the environment, with the default it has when unset. */
#include <stdlib.h>

#include "lib/env.h"

const char *env_or(const char *name, const char *dflt)
{
	const char *v = getenv(name);

	return v && *v ? v : dflt;
}
