// SPDX-License-Identifier: GPL-2.0
#include "lib/points.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int integer_text(const char *s, long long *n)
{
	char *end;

	if (!*s)
		return 0;
	errno = 0;
	*n = strtoll(s, &end, 10);
	return !errno && !*end;
}

static int bad(const char *text, char *err, size_t len, const char *why)
{
	snprintf(err, len, "should be %s, not '%s'%s", POINTS_SYNTAX, text, why);
	return -1;
}

int point_filter_parse(const char *text, struct point_filter *f, char *err, size_t len)
{
	const char *key = text + (text[0] == '!'), *op;
	size_t klen = strcspn(key, "!=<>");

	memset(f, 0, sizeof(*f));
	if (!klen)
		return bad(text, err, len, ": no KEY");
	if (klen >= sizeof(f->key))
		return bad(text, err, len, ": KEY too long");
	memcpy(f->key, key, klen);
	op = key + klen;
	if (key != text) {
		f->op = POINT_ABSENT;
		return *op ? bad(text, err, len, "") : 0;
	}
	if (!strncmp(op, "!=", 2))
		f->op = POINT_NE;
	else if (!strncmp(op, ">=", 2))
		f->op = POINT_GE;
	else if (!strncmp(op, "<=", 2))
		f->op = POINT_LE;
	else if (*op == '=')
		f->op = POINT_EQ;
	else
		return bad(text, err, len, "");
	op += f->op == POINT_EQ ? 1 : 2;
	if (!*op)
		return bad(text, err, len, ": no VALUE");
	if (strchr("!=<>", *op))	/* "L=>64", "fn==strlen": a typo, not a value */
		return bad(text, err, len, ": VALUE starts with an operator");
	if (strlen(op) >= sizeof(f->value))
		return bad(text, err, len, ": VALUE too long");
	snprintf(f->value, sizeof(f->value), "%s", op);
	f->value_is_int = integer_text(op, &f->n);
	if ((f->op == POINT_GE || f->op == POINT_LE) && !f->value_is_int)
		return bad(text, err, len, ": N is not an integer");
	return 0;
}

static int equal(const struct point_filter *f, json_t *v)
{
	if (json_is_string(v))
		return !strcmp(json_string_value(v), f->value);
	return json_is_integer(v) && f->value_is_int && json_integer_value(v) == f->n;
}

int point_filter_match(const struct point_filter *f, json_t *params)
{
	json_t *v = json_object_get(params, f->key);

	switch (f->op) {
	case POINT_EQ: return equal(f, v);
	case POINT_NE: return !equal(f, v);
	case POINT_GE: return json_is_integer(v) && json_integer_value(v) >= f->n;
	case POINT_LE: return json_is_integer(v) && json_integer_value(v) <= f->n;
	case POINT_ABSENT: return !v;
	}
	return 0;
}

static int match_text(json_t *params, const char *text)
{
	struct point_filter f;
	char err[256];

	return text && !point_filter_parse(text, &f, err, sizeof(err)) &&
	       point_filter_match(&f, params);
}

int points_match(json_t *params, const char *const *filters)
{
	for (int i = 0; filters[i]; i++)
		if (!match_text(params, filters[i]))
			return 0;
	return 1;
}

int points_match_json(json_t *params, json_t *filters)
{
	json_t *e;
	size_t i;

	json_array_foreach(filters, i, e)
		if (!match_text(params, json_string_value(e)))
			return 0;
	return 1;
}

json_t *point_param_value(const char *text)
{
	long long n;

	return integer_text(text, &n) ? json_integer(n) : json_string(text);
}

int points_split(const char *text, json_t *filters, char *err, size_t len)
{
	static const char separators[] = ", \t\n";
	struct point_filter f;
	char one[256], why[256];
	size_t n;

	for (text += strspn(text, separators); *text; text += strspn(text, separators)) {
		n = strcspn(text, separators);
		snprintf(one, sizeof(one), "%.*s", (int)n, text);
		text += n;
		if (n >= sizeof(one)) {
			snprintf(err, len, "filter '%s...' too long", one);
			return -1;
		}
		if (point_filter_parse(one, &f, why, sizeof(why))) {
			snprintf(err, len, "%s", why);
			return -1;
		}
		if (json_array_size(filters) >= POINTS_MAX_FILTERS) {
			snprintf(err, len, "more than %d filters", POINTS_MAX_FILTERS);
			return -1;
		}
		json_array_append_new(filters, json_string(one));
	}
	return 0;
}

int points_fix(json_t *filters, const char *key)
{
	struct point_filter f;
	char err[256];
	json_t *e;
	size_t i;

	json_array_foreach(filters, i, e)
		if (!point_filter_parse(json_string_value(e), &f, err, sizeof(err)) &&
		    !strcmp(f.key, key) && (f.op == POINT_EQ || f.op == POINT_ABSENT))
			return 1;
	return 0;
}

json_t *points_from_object(json_t *obj, char *err, size_t len)
{
	json_t *list = json_array(), *v, *min;
	const char *k;
	char text[256];

	json_object_foreach(obj, k, v) {
		min = json_object_get(v, "min");
		if (json_is_integer(v))
			snprintf(text, sizeof(text), "%s=%lld", k, (long long)json_integer_value(v));
		else if (json_is_string(v) && !*json_string_value(v))
			snprintf(text, sizeof(text), "!%s", k);
		else if (json_is_string(v))
			snprintf(text, sizeof(text), "%s=%s", k, json_string_value(v));
		else if (json_is_object(v) && json_object_size(v) == 1 && json_is_integer(min))
			snprintf(text, sizeof(text), "%s>=%lld", k, (long long)json_integer_value(min));
		else {
			snprintf(err, len, "%s: should be an integer, a string (\"\": no %s) or "
				 "{\"min\": N}", k, k);
			json_decref(list);
			return NULL;
		}
		json_array_append_new(list, json_string(text));
	}
	return list;
}
