/* SPDX-License-Identifier: GPL-2.0 */
/* Reading the JSON results that `pb bench-collect` writes. */
#ifndef PB_RESULTS_H
#define PB_RESULTS_H

#include <jansson.h>
#include <stddef.h>

#define RESULTS_MAX_SAMPLES 4096
#define RESULTS_SCALING_TOLERANCE 0.03
#define RESULTS_WARMUP_TOLERANCE 0.03	/* a boot's first sample against its others */
#define RESULTS_ICOUNT_CV 0.01		/* icount repeats must agree this well */

struct series {
	double x[RESULTS_MAX_SAMPLES];	/* per-operation cost of a K batch */
	double x2[RESULTS_MAX_SAMPLES];	/* the same over a 2K batch */
	int boot[RESULTS_MAX_SAMPLES];	/* which boot took it (-1: not recorded) */
	size_t n;
};

/*
 * A pair's two sides as results, the CLI and the report name them: the
 * first (the reference, BASELINE=) and the second (the change, PATCHED=).
 * Code compares the sides by these, never decides what a kernel can do by
 * them (that is pb probe's).
 */
#define PAIR_FIRST "baseline"
#define PAIR_SECOND "patched"

/* Samples of @kernel (PAIR_FIRST, PAIR_SECOND, ...) at @point; returns s->n > 0. */
int results_load(json_t *point, const char *kernel, struct series *s);

/* Both sides' samples at @point: @first, @second; returns whether both have some. */
int results_load_pair(json_t *point, struct series *first, struct series *second);

/* Did a 2K batch cost twice a K batch (within the tolerance)? */
int results_scales(const struct series *s);

/*
 * The checks every published figure must pass, beyond scaling: in each boot
 * the first sample agrees with the boot's others (warm-up removed the
 * first-iteration effects), and in icount mode (@icount) the repeats agree.
 * Returns NULL if all hold, else what failed, for the report to mark.
 */
const char *results_suspect(const struct series *s, int icount);

enum verdict {
	VERDICT_NO_CHANGE,	/* not significant */
	VERDICT_BOOT_NOISE,	/* significant, but under the noise floor */
	VERDICT_FASTER,
	VERDICT_SLOWER_SMALL,	/* significantly slower, by 2 % or less */
	VERDICT_SLOWER,		/* significantly slower by over 2 %: a regression */
	VERDICT_INVALID,	/* a side's 2K batch did not cost twice its K batch */
	VERDICT_COUNT
};

/* The verdict's name in JSON ("no-change", "slower", ...) and in a Markdown table. */
const char *verdict_name(enum verdict v);
const char *verdict_text(enum verdict v);
/* The verdict named @name, or -1. */
int verdict_from_name(const char *name);

struct comparison {
	double ratio, lo, hi;	/* median(b) / median(a), 95% bootstrap interval */
	double p;		/* Mann-Whitney, two-sided */
	double floor;		/* shifts smaller than this are boot-to-boot noise */
	enum verdict verdict;
	int regression;		/* VERDICT_SLOWER */
};

/*
 * Samples within one boot share that boot's state (layout, caches, timer
 * phase), so they can differ from another boot's by more than they differ
 * among themselves, and a test on pooled samples then calls the boot-to-boot
 * difference significant. A change is only called when it is also larger
 * than this floor: per accel mode (icount: 0.5 %, against at most 0.2 %
 * seen between A/A boots by make selfcheck; the wall-clock modes: 2 %,
 * not measured here), or the spread of either side's per-boot medians if
 * that is larger.
 */
#define RESULTS_FLOOR_ICOUNT 0.005
#define RESULTS_FLOOR_WALL 0.02

/* Compare b against a (both with samples, taken in @accel mode) the way every table does. */
void results_compare(const struct series *a, const struct series *b, const char *accel,
		     struct comparison *c);

/* "k=v k=v" of @params, skipping the keys in the NULL-ended @skip. */
void results_params_text(json_t *params, const char *const *skip, char *buf, size_t len);

/* Store a "--meta K=V" option's pair in @meta; -1 if @kv has no '='. */
int results_meta_set(json_t *meta, const char *kv);

/* Store every K=V line of @file in @meta (bench/collect/meta.sh writes it); -1 if unreadable. */
int results_meta_file(json_t *meta, const char *file);

/* Write @root to @out atomically (bench/lib/atomic.h); prints why on failure. */
int results_write(json_t *root, const char *out);

/* The point of @root with exactly these params, or NULL. */
json_t *results_find_point(json_t *root, json_t *params);

#endif
