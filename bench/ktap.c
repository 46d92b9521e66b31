// SPDX-License-Identifier: GPL-2.0
/*
 * Nested KTAP parser in the spirit of tools/testing/kunit/kunit_parser.py.
 *
 * Children are printed before their parent's result line, so results are
 * buffered per indentation level; when the parent's "ok N name" arrives the
 * buffered children are prefixed with its name and handed one level up.
 * Anything left open at the end (a guest that died mid-suite) and any plan
 * that was not met becomes a synthetic failure, so a crash never reads as a
 * pass.
 */
#include "ktap.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define KTAP_MAX_DEPTH 16

struct level {
	struct ktap_report pending;	/* results waiting for their parent */
	int open;			/* a KTAP version line opened this level */
	long plan;			/* -1 when no plan line was seen */
	long count;			/* result lines seen at this level */
	char *name;			/* from "# Subtest: name" */
};

struct parser {
	struct level lv[KTAP_MAX_DEPTH];
	struct ktap_report *out;
};

const char *ktap_status_name(enum ktap_status st)
{
	switch (st) {
	case KTAP_PASS: return "pass";
	case KTAP_FAIL: return "fail";
	case KTAP_SKIP: return "skip";
	}
	return "?";
}

int ktap_take(struct ktap_report *rep, char *path, enum ktap_status st, char *why)
{
	if (rep->n == rep->cap) {
		size_t cap = rep->cap ? rep->cap * 2 : 32;
		struct ktap_result *r = realloc(rep->results, cap * sizeof(*r));

		if (!r) {
			free(path);
			free(why);
			return -1;
		}
		rep->results = r;
		rep->cap = cap;
	}
	rep->results[rep->n++] = (struct ktap_result){ path, st, why };
	return 0;
}

static char *join(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = malloc(la + lb + 2);

	if (!s)
		return NULL;
	memcpy(s, a, la);
	s[la] = '.';
	memcpy(s + la + 1, b, lb + 1);
	return s;
}

/* Move every pending result of level d into @dst, prefixed with @prefix. */
static int hand_up(struct level *l, const char *prefix, struct ktap_report *dst)
{
	for (size_t i = 0; i < l->pending.n; i++) {
		struct ktap_result *r = &l->pending.results[i];
		char *path = join(prefix, r->path);

		if (!path)
			return -1;
		free(r->path);
		r->path = NULL;
		if (ktap_take(dst, path, r->status, r->why))
			return -1;
		r->why = NULL;
	}
	l->pending.n = 0;
	return 0;
}

static int synthetic_failure(struct ktap_report *dst, const char *path, const char *fmt, long a, long b)
{
	char why[160];
	char *p = strdup(path), *w;

	snprintf(why, sizeof(why), fmt, a, b);
	w = strdup(why);
	if (!p || !w) {
		free(p);
		free(w);
		return -1;
	}
	return ktap_take(dst, p, KTAP_FAIL, w);
}

static void reset_level(struct level *l)
{
	l->open = 0;
	l->plan = -1;
	l->count = 0;
	free(l->name);
	l->name = NULL;
}

static struct ktap_report *dest(struct parser *p, int d)
{
	return d == 0 ? p->out : &p->lv[d].pending;
}

/*
 * Close level d (children of a result at d-1) under the parent name.
 * @parent_failed: the parent's own status was "not ok".
 */
static int close_level(struct parser *p, int d, const char *parent, int parent_failed,
		       int crashed)
{
	struct level *l = &p->lv[d];
	struct ktap_report *dst = dest(p, d - 1);
	int child_failed = 0;

	for (size_t i = 0; i < l->pending.n; i++)
		child_failed |= l->pending.results[i].status == KTAP_FAIL;
	if (l->plan >= 0 && l->count < l->plan &&
	    synthetic_failure(&l->pending, "(missing)", "plan was %ld results, got %ld",
			      l->plan, l->count))
		return -1;
	if (crashed && synthetic_failure(&l->pending, "(incomplete)",
					 "no result line after %ld of %ld results: the run stopped here",
					 l->count, l->plan))
		return -1;
	if (parent_failed && !child_failed && !crashed &&
	    synthetic_failure(&l->pending, "(parent)", "reported not ok with %ld passing results",
			      l->count, 0))
		return -1;
	if (hand_up(l, parent, dst))
		return -1;
	reset_level(l);
	return 0;
}

static const char *strip_prefix(const char *s)
{
	/* printk timestamp "[    1.234567] " */
	if (*s == '[') {
		const char *e = strchr(s, ']');

		if (e && e - s < 20) {
			int ok = 1;

			for (const char *c = s + 1; c < e; c++)
				ok &= isdigit((unsigned char)*c) || *c == '.' || *c == ' ';
			if (ok)
				s = e + 1 + (e[1] == ' ');
		}
	}
	return s;
}

static int depth_of(const char **s)
{
	int spaces = 0;

	for (;; (*s)++) {
		if (**s == ' ')
			spaces++;
		else if (**s == '\t')
			spaces += 4;
		else
			break;
	}
	return spaces / 4;
}

static int parse_result(struct parser *p, int d, const char *s)
{
	int failed = strncmp(s, "not ok", 6) == 0;
	const char *q = s + (failed ? 6 : 2);
	char *name, *hash, *why = NULL;
	const char *dir;
	enum ktap_status st;
	int r;

	if (*q != ' ' || !isdigit((unsigned char)q[1]))
		return 0;
	q++;
	while (isdigit((unsigned char)*q))
		q++;
	if (*q == ' ')
		q++;
	if (q[0] == '-' && q[1] == ' ')
		q += 2;
	name = strdup(q);
	if (!name)
		return -1;
	st = failed ? KTAP_FAIL : KTAP_PASS;
	if (strncmp(name, "# ", 2) == 0) {
		hash = name;
		dir = name + 2;
	} else {
		hash = strstr(name, " # ");
		dir = hash ? hash + 3 : NULL;
	}
	if (hash) {
		while (*dir == ' ')
			dir++;
		if (strncasecmp(dir, "SKIP", 4) == 0) {
			st = KTAP_SKIP;
			for (dir += 4; *dir == ' '; dir++)
				;
		}
		if (*dir) {
			why = strdup(dir);
			if (!why) {
				free(name);
				return -1;
			}
		}
		*hash = '\0';
	}
	for (size_t n = strlen(name); n && isspace((unsigned char)name[n - 1]); n--)
		name[n - 1] = '\0';
	if (!*name) {
		char num[32];

		free(name);
		snprintf(num, sizeof(num), "#%ld", p->lv[d].count + 1);
		name = strdup(num);
		if (!name) {
			free(why);
			return -1;
		}
	}
	p->lv[d].count++;
	if (d + 1 < KTAP_MAX_DEPTH && p->lv[d + 1].open && !p->lv[d + 1].count &&
	    !p->lv[d + 1].pending.n)
		reset_level(&p->lv[d + 1]);	/* no children (e.g. "1..0"): a leaf */
	if (d + 1 < KTAP_MAX_DEPTH && p->lv[d + 1].open) {
		r = close_level(p, d + 1, name, failed, 0);
		free(name);
		free(why);
		return r;
	}
	return ktap_take(dest(p, d), name, st, why);
}

static int parse_line(struct parser *p, const char *line)
{
	const char *s = strip_prefix(line);
	int d = depth_of(&s);

	if (d >= KTAP_MAX_DEPTH)
		return 0;
	if (!strncmp(s, "KTAP version", 12) || !strncmp(s, "TAP version", 11)) {
		p->out->saw_header = 1;
		if (d > 0 && p->lv[d].open && p->lv[d].pending.n &&
		    close_level(p, d, p->lv[d].name ? p->lv[d].name : "?", 0, 1))
			return -1;
		if (d > 0 || !p->lv[0].open) {
			reset_level(&p->lv[d]);
			p->lv[d].open = 1;
		}
		return 0;
	}
	if (!p->lv[d].open && !(d == 0 && !strncmp(s, "1..", 3)))
		return 0;
	if (!strncmp(s, "1..", 3) && isdigit((unsigned char)s[3])) {
		p->out->saw_header |= d == 0;
		p->lv[d].open = 1;
		p->lv[d].plan = strtol(s + 3, NULL, 10);
		return 0;
	}
	if (!strncmp(s, "# Subtest: ", 11)) {
		free(p->lv[d].name);
		p->lv[d].name = strdup(s + 11);
		return p->lv[d].name ? 0 : -1;
	}
	if (!strncmp(s, "ok ", 3) || !strncmp(s, "not ok ", 7))
		return parse_result(p, d, s);
	return 0;
}

static int finish(struct parser *p)
{
	int r = 0;

	for (int d = KTAP_MAX_DEPTH - 1; d > 0 && !r; d--) {
		struct level *l = &p->lv[d];

		if (l->open && (l->pending.n || l->count < l->plan || l->name))
			r = close_level(p, d, l->name ? l->name : "?", 0, 1);
	}
	if (!r && p->lv[0].plan > p->lv[0].count)
		r = synthetic_failure(p->out, "(missing)", "top-level plan was %ld results, got %ld",
				      p->lv[0].plan, p->lv[0].count);
	for (int d = 0; d < KTAP_MAX_DEPTH; d++) {
		ktap_free(&p->lv[d].pending);
		reset_level(&p->lv[d]);
	}
	return r;
}

static void init_parser(struct parser *p, struct ktap_report *rep)
{
	memset(p, 0, sizeof(*p));
	memset(rep, 0, sizeof(*rep));
	p->out = rep;
	for (int d = 0; d < KTAP_MAX_DEPTH; d++)
		p->lv[d].plan = -1;
}

int ktap_parse(FILE *in, struct ktap_report *rep)
{
	struct parser p;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int r = 0;

	init_parser(&p, rep);
	while (!r && (len = getline(&line, &cap, in)) >= 0) {
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		r = parse_line(&p, line);
	}
	free(line);
	if (finish(&p) || r) {
		ktap_free(rep);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

int ktap_parse_string(const char *text, struct ktap_report *rep)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int r;

	if (!f)
		return -1;
	r = ktap_parse(f, rep);
	fclose(f);
	return r;
}

void ktap_free(struct ktap_report *rep)
{
	for (size_t i = 0; i < rep->n; i++) {
		free(rep->results[i].path);
		free(rep->results[i].why);
	}
	free(rep->results);
	rep->results = NULL;
	rep->n = rep->cap = 0;
}

size_t ktap_count(const struct ktap_report *rep, enum ktap_status st)
{
	size_t n = 0;

	for (size_t i = 0; i < rep->n; i++)
		n += rep->results[i].status == st;
	return n;
}
