/* SPDX-License-Identifier: GPL-2.0 */
/* Reading the JSON results that `pb bench-collect` writes. */
#ifndef PB_RESULTS_H
#define PB_RESULTS_H

#include <jansson.h>
#include <stddef.h>

#define RESULTS_MAX_SAMPLES 4096
#define RESULTS_SCALING_TOLERANCE 0.03

struct series {
	double x[RESULTS_MAX_SAMPLES];	/* per-operation cost of a K batch */
	double x2[RESULTS_MAX_SAMPLES];	/* the same over a 2K batch */
	size_t n;
};

/* Samples of @kernel ("baseline"/"patched") at @point; returns s->n > 0. */
int results_load(json_t *point, const char *kernel, struct series *s);

/* Did a 2K batch cost twice a K batch (within the tolerance)? */
int results_scales(const struct series *s);

struct comparison {
	double ratio, lo, hi;	/* median(b) / median(a), 95% bootstrap interval */
	double p;		/* Mann-Whitney, two-sided */
	const char *verdict;	/* "invalid", "**slower**", "slower (<2%)", "faster", "no significant change" */
	int regression;		/* significant and over 2 % */
};

/* Compare b against a (both with samples) the way every table does. */
void results_compare(const struct series *a, const struct series *b, struct comparison *c);

/* "k=v k=v" of @params, skipping the keys in the NULL-ended @skip. */
void results_params_text(json_t *params, const char *const *skip, char *buf, size_t len);

/* Store a "--meta K=V" option's pair in @meta; -1 if @kv has no '='. */
int results_meta_set(json_t *meta, const char *kv);

/* Store every K=V line of @file in @meta (bench/meta.sh writes it); -1 if unreadable. */
int results_meta_file(json_t *meta, const char *file);

/* Write @root to @out atomically (bench/atomic.h); prints why on failure. */
int results_write(json_t *root, const char *out);

/* The point of @root with exactly these params, or NULL. */
json_t *results_find_point(json_t *root, json_t *params);

#endif
