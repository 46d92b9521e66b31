/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which of a result's points a filter list selects: a plot series' "where"
 * and a target's "points" in a suite's manifest, pb plotdata's operands.
 * Each filter is one string:
 *   KEY=VALUE   the point's KEY is VALUE (a string, or an integer in decimal)
 *   KEY!=VALUE  it is not (a point without KEY passes)
 *   KEY>=N      its KEY is an integer of at least N
 *   KEY<=N      its KEY is an integer of at most N
 *   !KEY        it has no KEY
 * A point is selected when it passes every filter of the list.
 */
#ifndef PB_POINTS_H
#define PB_POINTS_H

#include <jansson.h>
#include <stddef.h>

#define POINTS_SYNTAX "KEY=VALUE, KEY!=VALUE, KEY>=N, KEY<=N (N an integer) or !KEY (no KEY)"
#define POINTS_MAX_FILTERS 16

enum point_op { POINT_EQ, POINT_NE, POINT_GE, POINT_LE, POINT_ABSENT };

struct point_filter {
	enum point_op op;
	char key[64];
	char value[128];	/* POINT_EQ, POINT_NE: as written */
	long long n;		/* POINT_GE, POINT_LE; POINT_EQ, POINT_NE when value_is_int */
	int value_is_int;
};

/* Parse one filter; -1 with @err saying what is wrong with @text. */
int point_filter_parse(const char *text, struct point_filter *f, char *err, size_t len);

/* Does a point's @params pass @f? */
int point_filter_match(const struct point_filter *f, json_t *params);

/*
 * Does @params pass every filter of @filters, NULL-ended texts (or, for
 * points_match_json, a JSON array of them)? A filter that does not parse
 * passes nothing: check them with point_filter_parse first.
 */
int points_match(json_t *params, const char *const *filters);
int points_match_json(json_t *params, json_t *filters);

/*
 * A parameter's value as a point records it (pb bench-collect): an integer
 * when @text reads as one in decimal ("64"), else a string ("kernel").
 */
json_t *point_param_value(const char *text);

/*
 * Append each filter of @text, filters separated by commas or white space
 * ("routes=64,!lookup", "routes=64 !lookup"), to the JSON array @filters.
 * -1 with @err saying which filter is wrong, or that there are more than
 * POINTS_MAX_FILTERS in all.
 */
int points_split(const char *text, json_t *filters, char *err, size_t len);

/* Does @filters (a JSON array) hold @key to one value: KEY=VALUE or !KEY? */
int points_fix(json_t *filters, const char *key);

/*
 * The old object form of a target's "points" as a filter list:
 * {"K": 4} is "K=4", {"K": "s"} "K=s", {"K": ""} "!K", {"K": {"min": N}}
 * "K>=N". NULL with @err naming the key whose value is none of these.
 */
json_t *points_from_object(json_t *obj, char *err, size_t len);

#endif
