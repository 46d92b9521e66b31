// SPDX-License-Identifier: GPL-2.0
#include "report/flamegraph.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct node {
	char *name;
	long self;
	struct node **kids;
	size_t nkids, cap;
};

/* A frame's samples of its own, summed over every stack it ends. */
struct own {
	char *name;
	long samples;
};

struct reader {
	struct node root;
	struct own *own;
	size_t nown, capown;
	char *err;
	size_t errlen;
};

static void *grow(void *p, size_t *cap, size_t size)
{
	*cap = *cap ? 2 * *cap : 8;
	p = realloc(p, *cap * size);
	if (!p) {
		perror("pb flamegraph");
		exit(1);
	}
	return p;
}

static char *dup_or_die(const char *s)
{
	char *d = strdup(s);

	if (!d) {
		perror("pb flamegraph");
		exit(1);
	}
	return d;
}

static struct node *child(struct node *n, const char *name)
{
	struct node *k;

	for (size_t i = 0; i < n->nkids; i++)
		if (!strcmp(n->kids[i]->name, name))
			return n->kids[i];
	if (n->nkids == n->cap)
		n->kids = grow(n->kids, &n->cap, sizeof(*n->kids));
	k = calloc(1, sizeof(*k));
	if (!k) {
		perror("pb flamegraph");
		exit(1);
	}
	k->name = dup_or_die(name);
	n->kids[n->nkids++] = k;
	return k;
}

static void add_own(struct reader *r, const char *name, long samples)
{
	for (size_t i = 0; i < r->nown; i++)
		if (!strcmp(r->own[i].name, name)) {
			r->own[i].samples += samples;
			return;
		}
	if (r->nown == r->capown)
		r->own = grow(r->own, &r->capown, sizeof(*r->own));
	r->own[r->nown].name = dup_or_die(name);
	r->own[r->nown++].samples = samples;
}

static int fail(struct reader *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->err, r->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* "a;b;c 12": the frames a, b, c, the innermost last, 12 samples. */
static int add_line(struct reader *r, char *line, const char *name, long lineno)
{
	char *space = strrchr(line, ' '), *end, *frame, *next;
	struct node *n = &r->root;
	long count;

	if (!space || space == line)
		return fail(r, "%s:%ld: not \"frame;...;frame COUNT\"", name, lineno);
	*space = '\0';
	errno = 0;
	count = strtol(space + 1, &end, 10);
	if (errno || end == space + 1 || *end || count <= 0)
		return fail(r, "%s:%ld: the count '%s' is no positive number", name, lineno, space + 1);
	for (frame = line; frame; frame = next) {
		next = strchr(frame, ';');
		if (next)
			*next++ = '\0';
		if (!*frame)
			return fail(r, "%s:%ld: an empty frame (\";;\" or a ';' at either end)", name,
				    lineno);
		n = child(n, frame);
	}
	n->self += count;
	add_own(r, n->name, count);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp((*(struct node *const *)a)->name, (*(struct node *const *)b)->name);
}

/* The node as JSON, children by name, each node freed once converted. */
static json_t *to_json(struct node *n)
{
	json_t *o = json_pack("{s:s, s:I}", "n", n->name, "v", (json_int_t)n->self);

	if (n->nkids) {
		json_t *kids = json_array();

		qsort(n->kids, n->nkids, sizeof(*n->kids), by_name);
		for (size_t i = 0; i < n->nkids; i++) {
			json_array_append_new(kids, to_json(n->kids[i]));
			free(n->kids[i]->name);
			free(n->kids[i]);
		}
		json_object_set_new(o, "c", kids);
	}
	free(n->kids);
	return o;
}

int flamegraph_read(struct flamegraph *fg, FILE *in, const char *name, char *err, size_t errlen)
{
	struct reader r = { .root = { .name = "root" }, .err = err, .errlen = errlen };
	char *line = NULL;
	size_t cap = 0;
	long lineno = 0;
	ssize_t len;
	int status = 0;

	memset(fg, 0, sizeof(*fg));
	while (!status && (len = getline(&line, &cap, in)) >= 0) {
		lineno++;
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		status = add_line(&r, line, name, lineno);
	}
	free(line);
	if (!status && ferror(in))
		status = fail(&r, "%s: %s", name, strerror(errno));
	if (!status && !r.nown)
		status = fail(&r, "%s: no samples (no \"frame;...;frame COUNT\" line)", name);
	for (size_t i = 0; i < r.nown; i++) {
		fg->samples += r.own[i].samples;
		if (r.own[i].samples > fg->hottest_samples ||
		    (r.own[i].samples == fg->hottest_samples && strcmp(r.own[i].name, fg->hottest) < 0)) {
			snprintf(fg->hottest, sizeof(fg->hottest), "%s", r.own[i].name);
			fg->hottest_samples = r.own[i].samples;
		}
		free(r.own[i].name);
	}
	free(r.own);
	fg->tree = to_json(&r.root);
	if (status) {
		flamegraph_free(fg);
		return -1;
	}
	return 0;
}

void flamegraph_free(struct flamegraph *fg)
{
	json_decref(fg->tree);
	fg->tree = NULL;
}
