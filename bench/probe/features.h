/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bench/probe/features.json against one built kernel: its named features
 * and its known-bug fixes, each present or not.
 */
#ifndef PB_FEATURES_H
#define PB_FEATURES_H

#include <jansson.h>
#include <stddef.h>

/* The table of features and known-bug fixes, from the top of the checkout. */
#define FEATURES_TABLE "bench/probe/features.json"

struct btf;

struct probe_ctx {
	const struct btf *btf;
	const json_t *caps;	/* kfuncs and config, already probed */
	const char *src;	/* the kernel's source tree */
	const char *build;	/* its object tree (arch/ there: the one architecture it is built for) */
	const char *repo;	/* where the table's patch paths are relative to */
};

/*
 * caps.features[NAME] and caps.fixes[NAME] (true or false), with
 * caps.evidence[NAME] saying what decided. 0, or -1 with @err (a table
 * entry that cannot be understood).
 */
int features_probe(const struct probe_ctx *ctx, const json_t *table, json_t *caps, char *err,
		   size_t errlen);

#endif
