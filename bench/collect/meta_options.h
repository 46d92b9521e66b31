/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the commands that write a result (bench-collect, records-collect)
 * share: their --suite, --out, --meta and --meta-file options, and writing it.
 */
#ifndef PB_META_OPTIONS_H
#define PB_META_OPTIONS_H

#include <jansson.h>

#include "args.h"

struct result_args {
	const char *suite, *out;
	json_t *meta;		/* the result's metadata (json_object() it first) */
};

#define RESULT_OPTIONS \
	{ "suite", required_argument, NULL, 's' }, { "out", required_argument, NULL, 'o' }, \
	{ "meta", required_argument, NULL, 'm' }, { "meta-file", required_argument, NULL, 'M' }

#define META_HELP \
	"  --meta K=V     metadata of the result (repeatable)\n" \
	"  --meta-file F  every K=V line of F as metadata (bench/collect/meta.sh writes it)\n"

/* Store the RESULT_OPTIONS option args_next() returned in @r: 0, or the exit status. */
int result_option(struct result_args *r, const struct args *a);

/*
 * Write the result @root (taking it) to @out atomically and say so,
 * "bench: SUITE: WHAT -> OUT" (@fmt: WHAT, printf-style): 0, or 1.
 */
int collected_write(json_t *root, const char *out, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
