/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Checking a JSON manifest key by key (a suite's suite.json, a guest test's
 * test.json): a missing required key, a value of the wrong type, a value
 * outside its set or a key nobody reads is an error naming the file and the
 * key's path ("plot.panels.0.series.1.dash"). Absent optional keys get their
 * defaults, so readers never guess.
 */
#ifndef PB_SCHEMA_H
#define PB_SCHEMA_H

#include <jansson.h>
#include <stddef.h>

enum schema_want { STRING, INTEGER, NUMBER, BOOLEAN, OBJECT, ARRAY, STRINGS, ANY };

/* What an error names: the file; where it goes. */
struct schema_ctx {
	const char *file;
	char *err;
	size_t len;
	const void *data;	/* what the inner checks consult, if they need more */
};

/* One key: its type, whether required, its default, its allowed values, a deeper check. */
struct schema_field {
	const char *key;
	enum schema_want want;
	int required;
	const char *dflt;			/* JSON text of the default, or NULL */
	const char *const *one_of;		/* a STRING's (or each STRINGS') values */
	int (*inner)(struct schema_ctx *c, json_t *v, const char *path);
};

/* "FILE: key 'PATH' " and the message; returns -1. */
int schema_fail(struct schema_ctx *c, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* "an object", "a string", ...: what @v is, for a message. */
const char *schema_json_name(json_t *v);
int schema_is(json_t *v, enum schema_want w);
int schema_in_set(const char *s, const char *const *set);
/* @path.@key, or @key at the top. */
void schema_join(char *buf, size_t len, const char *path, const char *key);
/* Check @obj's keys against @fields (ended by a NULL key) and fill in defaults. */
int schema_check_object(struct schema_ctx *c, json_t *obj, const char *path,
			const struct schema_field *fields);
/* Each element of array @v is an object checked against @fields. */
int schema_check_objects(struct schema_ctx *c, json_t *v, const char *path,
			 const struct schema_field *fields);

/* @one on each element of array @v, at path "@path.I", until one fails. */
int schema_each(struct schema_ctx *c, json_t *v, const char *path,
		int (*one)(struct schema_ctx *c, json_t *e, const char *path));

/* Inner checks shared by the manifests: */
int schema_nonempty(struct schema_ctx *c, json_t *v, const char *path);
/* a guest's CPUs: 1 to 8 (kernel/config/bench.config's CONFIG_NR_CPUS) */
int schema_guest_cpus(struct schema_ctx *c, json_t *v, const char *path);
int schema_one_line(struct schema_ctx *c, json_t *v, const char *path);
/* "needs": what a kernel must have, KIND:NAME each (probe/needs.h) */
int schema_needs(struct schema_ctx *c, json_t *v, const char *path);

#endif
