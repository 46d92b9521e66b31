/* SPDX-License-Identifier: GPL-2.0 */
/* The --meta and --meta-file options of the commands that write a result. */
#ifndef PB_META_OPTIONS_H
#define PB_META_OPTIONS_H

#include <jansson.h>

#include "args.h"

#define META_OPTIONS \
	{ "meta", required_argument, NULL, 'm' }, { "meta-file", required_argument, NULL, 'M' }

#define META_HELP \
	"  --meta K=V     metadata of the result (repeatable)\n" \
	"  --meta-file F  every K=V line of F as metadata (bench/collect/meta.sh writes it)\n"

/* Store the META_OPTIONS option args_next() returned in @meta: 0, or the exit status. */
int meta_option(json_t *meta, const struct args *a);

#endif
