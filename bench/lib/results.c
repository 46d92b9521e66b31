// SPDX-License-Identifier: GPL-2.0
#include "lib/results.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/atomic.h"
#include "lib/stats.h"

int results_load(json_t *point, const char *kernel, struct series *s)
{
	json_t *k = json_object_get(point, kernel), *v;
	size_t i;

	s->n = 0;
	if (!k)
		return 0;
	json_array_foreach(json_object_get(k, "samples"), i, v)
		if (s->n < RESULTS_MAX_SAMPLES)
			s->x[s->n++] = json_real_value(v);
	json_array_foreach(json_object_get(k, "samples_2x"), i, v)
		if (i < s->n)
			s->x2[i] = json_real_value(v);
	for (i = 0; i < s->n; i++)
		s->boot[i] = -1;
	json_array_foreach(json_object_get(k, "boot"), i, v)
		if (i < s->n)
			s->boot[i] = (int)json_integer_value(v);
	return s->n > 0;
}

int results_load_pair(json_t *point, struct series *first, struct series *second)
{
	int has_first = results_load(point, PAIR_FIRST, first);

	return results_load(point, PAIR_SECOND, second) && has_first;
}

/* Is the first sample of each boot within the tolerance of that boot's median? */
static int warm(const struct series *s)
{
	static double rest[RESULTS_MAX_SAMPLES];

	for (size_t i = 0; i < s->n; i++) {
		size_t n = 0;

		if (s->boot[i] < 0 || (i && s->boot[i - 1] == s->boot[i]))
			continue;	/* not recorded, or not a boot's first sample */
		for (size_t j = i + 1; j < s->n && s->boot[j] == s->boot[i]; j++)
			rest[n++] = s->x[j];
		if (n >= 2 && fabs(s->x[i] - stat_median(rest, n)) >
			      RESULTS_WARMUP_TOLERANCE * stat_median(rest, n))
			return 0;
	}
	return 1;
}

const char *results_suspect(const struct series *s, int icount)
{
	if (!warm(s))
		return "first sample off: warm-up too short";
	if (icount && stat_cv(s->x, s->n) > RESULTS_ICOUNT_CV)
		return "icount repeats disagree";
	return NULL;
}

int results_scales(const struct series *s)
{
	double m = stat_median(s->x, s->n), m2 = stat_median(s->x2, s->n);

	return fabs(m2 - m) <= RESULTS_SCALING_TOLERANCE * m;
}

/* The median of each boot's samples, in boot order; 0 boots if any sample's boot is unrecorded. */
static size_t boot_medians(const struct series *s, double *boot_median)
{
	static double x[RESULTS_MAX_SAMPLES];
	size_t nb = 0, i = 0;

	while (i < s->n) {
		size_t n = 0, j = i;

		if (s->boot[i] < 0)
			return 0;
		for (; j < s->n && s->boot[j] == s->boot[i]; j++)
			x[n++] = s->x[j];
		boot_median[nb++] = stat_median(x, n);
		i = j;
	}
	return nb;
}

/* (max - min) / median of the per-boot medians; 0 with fewer than two boots. */
static double boot_spread(const struct series *s)
{
	static double boot_median[RESULTS_MAX_SAMPLES];
	size_t nb = boot_medians(s, boot_median);
	double lo, hi;

	if (nb < 2)
		return 0;
	lo = stat_quantile(boot_median, nb, 0);
	hi = stat_quantile(boot_median, nb, 1);
	return (hi - lo) / stat_median(boot_median, nb);
}

/*
 * Under icount a boot repeats its figure to the instruction, so an interval
 * from the pooled samples says how alike one boot's samples are, not how
 * alike two boots are. Widen [*lo, *hi] to every boot of b against every
 * boot of a: the ratio of their medians.
 */
static void widen_to_boots(const struct series *a, const struct series *b, double *lo, double *hi)
{
	static double ma[RESULTS_MAX_SAMPLES], mb[RESULTS_MAX_SAMPLES];
	size_t na = boot_medians(a, ma), nb = boot_medians(b, mb);

	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++) {
			double r = mb[j] / ma[i];

			*lo = fmin(*lo, r);
			*hi = fmax(*hi, r);
		}
}

void results_compare(const struct series *a, const struct series *b, const char *accel,
		     struct comparison *c)
{
	double spread_a = boot_spread(a), spread_b = boot_spread(b);

	c->ratio = stat_median(b->x, b->n) / stat_median(a->x, a->n);
	c->p = stat_mann_whitney_p(a->x, a->n, b->x, b->n);
	stat_ratio_ci(a->x, a->n, b->x, b->n, 2000, 42, &c->lo, &c->hi);
	if (accel && !strcmp(accel, "icount"))
		widen_to_boots(a, b, &c->lo, &c->hi);
	c->floor = accel && !strcmp(accel, "icount") ? RESULTS_FLOOR_ICOUNT : RESULTS_FLOOR_WALL;
	c->floor = fmax(c->floor, fmax(spread_a, spread_b));
	c->verdict = VERDICT_NO_CHANGE;
	if (!results_scales(a) || !results_scales(b))
		c->verdict = VERDICT_INVALID;
	else if (c->p < 0.05 && (c->lo > 1.0 || c->hi < 1.0) && fabs(c->ratio - 1) < c->floor)
		c->verdict = VERDICT_BOOT_NOISE;
	else if (c->p < 0.05 && c->lo > 1.0)
		c->verdict = c->ratio > 1.02 ? VERDICT_SLOWER : VERDICT_SLOWER_SMALL;
	else if (c->p < 0.05 && c->hi < 1.0)
		c->verdict = VERDICT_FASTER;
	c->regression = c->verdict == VERDICT_SLOWER;
}

static const struct {
	const char *name, *text;
} verdicts[VERDICT_COUNT] = {
	[VERDICT_NO_CHANGE] = { "no-change", "no significant change" },
	[VERDICT_BOOT_NOISE] = { "within-boot-noise", "within boot noise" },
	[VERDICT_FASTER] = { "faster", "faster" },
	[VERDICT_SLOWER_SMALL] = { "slower-small", "slower (<2%)" },
	[VERDICT_SLOWER] = { "slower", "**slower**" },
	[VERDICT_INVALID] = { "invalid", "invalid" },
};

const char *verdict_name(enum verdict v)
{
	return v < VERDICT_COUNT ? verdicts[v].name : "?";
}

const char *verdict_text(enum verdict v)
{
	return v < VERDICT_COUNT ? verdicts[v].text : "?";
}

int verdict_from_name(const char *name)
{
	for (int v = 0; name && v < VERDICT_COUNT; v++)
		if (!strcmp(verdicts[v].name, name))
			return v;
	return -1;
}

static int skipped(const char *k, const char *const *skip)
{
	for (; skip && *skip; skip++)
		if (!strcmp(k, *skip))
			return 1;
	return 0;
}

void results_params_text(json_t *params, const char *const *skip, char *buf, size_t len)
{
	const char *k;
	json_t *v;
	size_t off = 0;

	buf[0] = '\0';
	json_object_foreach(params, k, v) {
		const char *sep = off ? " " : "";
		size_t room = off < len ? len - off : 0;

		if (skipped(k, skip))
			continue;
		if (json_is_string(v))
			off += (size_t)snprintf(buf + off, room, "%s%s=%s", sep, k, json_string_value(v));
		else
			off += (size_t)snprintf(buf + off, room, "%s%s=%lld", sep, k,
						(long long)json_integer_value(v));
	}
}

json_t *results_find_point(json_t *root, json_t *params)
{
	json_t *p;
	size_t i;

	json_array_foreach(json_object_get(root, "points"), i, p)
		if (json_equal(json_object_get(p, "params"), params))
			return p;
	return NULL;
}

int results_meta_set(json_t *meta, const char *kv)
{
	const char *eq = strchr(kv, '=');
	char key[256];

	if (!eq || eq == kv || (size_t)(eq - kv) >= sizeof(key))
		return -1;
	snprintf(key, sizeof(key), "%.*s", (int)(eq - kv), kv);
	json_object_set_new(meta, key, json_string(eq + 1));
	return 0;
}

int results_write(json_t *root, const char *out)
{
	struct atomic_file a;

	if (atomic_open(&a, out)) {
		perror(out);
		return -1;
	}
	if (json_dumpf(root, a.f, JSON_INDENT(1) | JSON_SORT_KEYS) || fputc('\n', a.f) == EOF) {
		perror(out);
		atomic_commit(&a, 0);
		return -1;
	}
	if (atomic_commit(&a, 1)) {
		perror(out);
		return -1;
	}
	return 0;
}

int results_meta_file(json_t *meta, const char *file)
{
	char line[4096];
	FILE *f = fopen(file, "r");

	if (!f) {
		perror(file);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (*line)
			results_meta_set(meta, line);
	}
	fclose(f);
	return 0;
}
