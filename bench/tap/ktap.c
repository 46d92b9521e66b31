// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP parser that follows tools/testing/kunit/kunit_parser.py (Linux 6.12)
 * step by step (parse_test and its helpers, the same regular expressions), so
 * that it counts the same passed, failed, skipped and crashed leaf cases;
 * tests/kunit-agree.sh checks that on the kernel's own test_data logs.
 * Nesting comes from "KTAP version"/"# Subtest:" headers, never from
 * indentation. Children print before their parent's result line, so a test's
 * results are appended first and get the test's name put in front of them
 * once its result line has named it.
 *
 * Stricter than kunit.py, each as a KTAP_ERROR result (a failure):
 * a parent reported "not ok" with no failing case under it, a parent whose
 * result line never came, and a second document after the first one's plan
 * was met (kunit.py stops reading there). A log with no version line at all
 * starts at a plan line (plain TAP, as cmocka writes it; ktap_lines.c).
 */
#include "tap/ktap.h"

#include <errno.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tap/ktap_lines.h"

/* Deeper than any real KTAP; bounds the recursion on hostile input. */
#define KTAP_MAX_DEPTH 64

/* Python's \s, in ASCII. */
#define WS "[ \t\n\v\f\r\x1c\x1d\x1e\x1f]*"

enum { RE_KTAP, RE_TAP, RE_HEADER, RE_PLAN, RE_RESULT, RE_SKIP, RE_COUNT };

static const char *const patterns[RE_COUNT] = {
	[RE_KTAP] = "^" WS "KTAP version ([0-9]+)$",
	[RE_TAP] = "^" WS "TAP version ([0-9]+)$",
	[RE_HEADER] = "^" WS "# Subtest: (.*)$",
	[RE_PLAN] = "^" WS "1\\.\\.([0-9]+)",
	[RE_RESULT] = "^" WS "(ok|not ok) ([0-9]+) (- )?([^#]*)( # .*)?$",
	[RE_SKIP] = "^" WS "(ok|not ok) ([0-9]+) (- )?(.*) # SKIP(.*)$",
};

enum test_status { T_SUCCESS, T_FAILURE, T_SKIPPED, T_CRASHED, T_NO_TESTS };

struct parser {
	struct ktap_lines lines;
	size_t pos;
	regex_t re[RE_COUNT];
	struct ktap_report *rep;
	int oom;
};

struct test {
	char *name;		/* from "# Subtest:", then from the result line */
	char *why;		/* the result line's directive */
	enum test_status status;
	long expected;		/* planned subtests, -1 without a plan line */
	size_t first;		/* its results start here in the report */
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

const char *ktap_kind_name(enum ktap_kind kind)
{
	switch (kind) {
	case KTAP_CASE: return "case";
	case KTAP_CRASHED: return "crashed";
	case KTAP_ERROR: return "error";
	}
	return "?";
}

int ktap_take(struct ktap_report *rep, char *path, enum ktap_status st, enum ktap_kind kind,
	      char *why)
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
	rep->results[rep->n++] = (struct ktap_result){ path, st, kind, why };
	return 0;
}

/* The line stream: peek at, or pop, the next KTAP line. */
static int more(const struct parser *p)
{
	return p->pos < p->lines.n;
}

static const char *peek(const struct parser *p)
{
	return more(p) ? p->lines.v[p->pos] : "";
}

static int matches(struct parser *p, int re, regmatch_t *m, size_t nm)
{
	return !regexec(&p->re[re], peek(p), nm, m, 0);
}

static char *group(struct parser *p, const regmatch_t *m)
{
	char *s = strndup(peek(p) + m->rm_so, m->rm_eo - m->rm_so);

	p->oom |= !s;
	return s;
}

static char *vformat(const char *fmt, va_list ap)
{
	va_list again;
	int n;
	char *s;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	s = n < 0 ? NULL : malloc(n + 1);
	if (s)
		vsnprintf(s, n + 1, fmt, again);
	va_end(again);
	return s;
}

static char *format(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = vformat(fmt, ap);
	va_end(ap);
	return s;
}

static void add(struct parser *p, const char *path, enum ktap_status st, enum ktap_kind kind,
		const char *fmt, ...)
{
	char *pa, *why = NULL;
	va_list ap;

	if (p->oom)
		return;
	if (fmt) {
		va_start(ap, fmt);
		why = vformat(fmt, ap);
		va_end(ap);
	}
	pa = strdup(path);
	if (!pa || (fmt && !why)) {
		free(pa);
		free(why);
		p->oom = 1;
		return;
	}
	p->oom = ktap_take(p->rep, pa, st, kind, why) != 0;	/* it frees both on failure */
}

#define add_error(p, what, ...) add(p, what, KTAP_FAIL, KTAP_ERROR, __VA_ARGS__)

/* Lines that are no KTAP line of their own ("# foo: initializing", kernel messages). */
static void skip_diagnostic(struct parser *p)
{
	static const int line_kinds[] = { RE_RESULT, RE_HEADER, RE_KTAP, RE_TAP, RE_PLAN };

	while (more(p)) {
		for (size_t i = 0; i < sizeof(line_kinds) / sizeof(line_kinds[0]); i++)
			if (matches(p, line_kinds[i], NULL, 0))
				return;
		p->pos++;
	}
}

static int parse_version(struct parser *p)
{
	regmatch_t m[2];
	int ktap = matches(p, RE_KTAP, m, 2);
	long v, lo = ktap ? 1 : 13, hi = ktap ? 1 : 14;

	if (!ktap && !matches(p, RE_TAP, m, 2))
		return 0;
	v = strtol(peek(p) + m[1].rm_so, NULL, 10);
	if (v < lo || v > hi)
		add_error(p, "(version)", "%s version %ld, expected %ld..%ld", ktap ? "KTAP" : "TAP",
			  v, lo, hi);
	p->pos++;
	return 1;
}

static int parse_subtest_header(struct parser *p, struct test *t)
{
	regmatch_t m[2];

	if (!matches(p, RE_HEADER, m, 2))
		return 0;
	free(t->name);
	t->name = group(p, &m[1]);
	p->pos++;
	return 1;
}

static void parse_plan(struct parser *p, struct test *t)
{
	regmatch_t m[2];

	t->expected = -1;
	if (!matches(p, RE_PLAN, m, 2))
		return;
	t->expected = strtol(peek(p) + m[1].rm_so, NULL, 10);
	p->pos++;
}

/* The next line is the result line of @t: "ok N name" with @t's name. */
static int result_names(struct parser *p, const struct test *t)
{
	regmatch_t m[5];

	return matches(p, RE_RESULT, m, 5) && t->name &&
	       strlen(t->name) == (size_t)(m[4].rm_eo - m[4].rm_so) &&
	       !strncmp(peek(p) + m[4].rm_so, t->name, m[4].rm_eo - m[4].rm_so);
}

static int parse_result(struct parser *p, struct test *t, long expected_num)
{
	regmatch_t m[6], s[6];
	int skip;
	long num;

	if (!matches(p, RE_RESULT, m, 6))
		return 0;
	skip = matches(p, RE_SKIP, s, 6);
	free(t->name);
	t->name = group(p, skip ? &s[4] : &m[4]);
	if (skip) {
		while (s[5].rm_so < s[5].rm_eo && peek(p)[s[5].rm_so] == ' ')
			s[5].rm_so++;
		t->why = s[5].rm_so < s[5].rm_eo ? group(p, &s[5]) : NULL;
	} else if (m[5].rm_so >= 0) {
		m[5].rm_so += 3;	/* " # " */
		t->why = group(p, &m[5]);
	}
	num = strtol(peek(p) + m[2].rm_so, NULL, 10);
	if (num != expected_num)
		add_error(p, "(numbering)", "expected test number %ld, found %ld", expected_num, num);
	t->status = skip ? T_SKIPPED : peek(p)[m[1].rm_so] == 'o' ? T_SUCCESS : T_FAILURE;
	p->pos++;
	return 1;
}

/* Put @name in front of the paths of results [@first, n). */
static void prefix_from(struct parser *p, size_t first, const char *name)
{
	for (size_t i = first; i < p->rep->n && !p->oom; i++) {
		char *path = format("%s.%s", name, p->rep->results[i].path);

		if (!path) {
			p->oom = 1;
			return;
		}
		free(p->rep->results[i].path);
		p->rep->results[i].path = path;
	}
}

/* Cases (crashed ones too) and failures among results [@first, n). */
static void tally_from(const struct parser *p, size_t first, size_t *cases, size_t *failed)
{
	*cases = *failed = 0;
	for (size_t i = first; i < p->rep->n; i++) {
		const struct ktap_result *r = &p->rep->results[i];

		*cases += r->kind != KTAP_ERROR;
		*failed += r->kind != KTAP_ERROR && r->status == KTAP_FAIL;
	}
}

/* kunit.py's bubble_up_test_results: a test with no case under it is a case. */
static void close_test(struct parser *p, struct test *t, const char *name, int is_parent)
{
	static const enum ktap_status as_tap[] = {
		[T_SUCCESS] = KTAP_PASS, [T_FAILURE] = KTAP_FAIL, [T_SKIPPED] = KTAP_SKIP,
		[T_CRASHED] = KTAP_FAIL,
	};
	size_t cases, failed;

	tally_from(p, t->first, &cases, &failed);
	if (is_parent && cases && !failed && t->status == T_FAILURE)
		add_error(p, "(parent)", "reported not ok%s%s with %zu passing results",
			  t->why ? ": " : "", t->why ? t->why : "", cases);
	if (name)
		prefix_from(p, t->first, name);
	if (cases || t->status == T_NO_TESTS)
		return;
	if (t->status == T_CRASHED)
		add(p, name ? name : "(run)", KTAP_FAIL, KTAP_CRASHED,
		    name ? "no result line: the run stopped here" : "no test reported a result");
	else
		add(p, name, as_tap[t->status], KTAP_CASE, t->why ? "%s" : NULL, t->why);
}

/*
 * kunit_parser.parse_test: the main document (@is_subtest 0) or one test
 * with its subtests, whose result line must be number @expected_num.
 */
static void parse_test(struct parser *p, long expected_num, int is_subtest, int depth)
{
	struct test t = { .status = T_CRASHED, .first = p->rep->n };
	char unnamed[40], missing[40];
	long num = 1, subtests = 0;
	int is_parent = 1;

	skip_diagnostic(p);
	if (!is_subtest) {
		parse_version(p);
		skip_diagnostic(p);
		parse_plan(p, &t);
	} else {
		int ktap = parse_version(p);

		is_parent = parse_subtest_header(p, &t) || ktap;
		if (is_parent) {
			skip_diagnostic(p);
			parse_plan(p, &t);
		}
	}
	if (depth >= KTAP_MAX_DEPTH) {
		add_error(p, "(depth)", "subtests nested deeper than %d: the rest is not read",
			  KTAP_MAX_DEPTH);
		p->pos = p->lines.n;
	}
	while (is_parent && (t.expected < 0 || num <= t.expected) && !p->oom) {
		skip_diagnostic(p);
		if (!more(p) || (is_subtest && result_names(p, &t))) {
			if (t.expected <= 0 || num > t.expected)
				break;
			snprintf(missing, sizeof(missing), "(missing %ld)", num);
			add(p, missing, KTAP_FAIL, KTAP_CRASHED, "the plan was %ld results: %s",
			    t.expected, more(p) ? "the parent's result line came first" : "the log ended");
		} else if (!is_subtest && t.expected < 0 && matches(p, RE_PLAN, NULL, 0)) {
			/* TAP 13 allows the plan after the results (no subtest can have it) */
			parse_plan(p, &t);
			if (t.expected != num - 1)
				add_error(p, "(plan)", "the plan at the end is %ld results, %ld came",
					  t.expected, num - 1);
			break;
		} else {
			size_t before = p->pos;

			parse_test(p, num, 1, depth + 1);
			if (p->pos == before && t.expected < 0) {
				/* kunit.py would loop here for ever */
				add_error(p, "(stray)", "unexpected line: %s", peek(p));
				p->pos++;
			}
		}
		subtests++;
		num++;
	}
	if (is_subtest) {
		skip_diagnostic(p);
		if (t.name && *t.name && !result_names(p, &t))
			add_error(p, "(result)", "no result line for subtest '%s'", t.name);
		else if (!parse_result(p, &t, expected_num) && is_parent)
			add_error(p, "(result)", "no result line: the run stopped here");
	}
	if (is_parent && !subtests && (t.status == T_CRASHED || t.status == T_SUCCESS)) {
		t.status = T_NO_TESTS;
		add_error(p, "(empty)", "0 tests run");
	}
	snprintf(unnamed, sizeof(unnamed), "(unnamed %ld)", expected_num);
	close_test(p, &t, !is_subtest ? NULL : t.name && *t.name ? t.name : unnamed, is_parent);
	free(t.name);
	free(t.why);
}

/*
 * kunit.py reads one document. Another one after it (a second run in the
 * same log) would go unseen, so it is an error here.
 */
static void check_rest(struct parser *p)
{
	for (size_t i = p->pos; i < p->lines.n; i++)
		if (!strncmp(p->lines.v[i], "KTAP version ", 13) ||
		    !strncmp(p->lines.v[i], "TAP version ", 12)) {
			add_error(p, "(rest)", "a second KTAP document (\"%s\", KTAP line %zu) is not read",
				  p->lines.v[i], i + 1);
			return;
		}
}

static int parse_lines(struct parser *p)
{
	for (int i = 0; i < RE_COUNT; i++)
		if (regcomp(&p->re[i], patterns[i], REG_EXTENDED)) {
			while (i--)
				regfree(&p->re[i]);
			return -1;
		}
	p->rep->saw_header = p->lines.started;
	if (!p->lines.started)
		add_error(p, "(ktap)", "no KTAP version line in the log%s%s", p->lines.n ? ": " : "",
			  p->lines.n ? p->lines.v[0] : "");
	else
		parse_test(p, 0, 0, 0);
	check_rest(p);
	for (int i = 0; i < RE_COUNT; i++)
		regfree(&p->re[i]);
	return p->oom ? -1 : 0;
}

static int parse_text(const char *text, size_t len, struct ktap_report *rep)
{
	struct parser p = { .rep = rep };
	int r;

	memset(rep, 0, sizeof(*rep));
	r = ktap_lines_extract(text, len, &p.lines) ? -1 : parse_lines(&p);
	ktap_lines_free(&p.lines);
	if (r) {
		ktap_free(rep);
		errno = ENOMEM;
	}
	return r;
}

int ktap_parse(FILE *in, struct ktap_report *rep)
{
	char *text = NULL, buf[65536];
	size_t len = 0, got;
	int r = -1;

	while ((got = fread(buf, 1, sizeof(buf), in)) > 0) {
		char *t = realloc(text, len + got);

		if (!t)
			goto out;
		memcpy(t + len, buf, got);
		text = t;
		len += got;
	}
	if (!ferror(in))
		r = parse_text(text ? text : "", len, rep);
out:
	free(text);
	return r;
}

int ktap_parse_string(const char *text, struct ktap_report *rep)
{
	return parse_text(text, strlen(text), rep);
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

struct ktap_counts ktap_counts(const struct ktap_report *rep)
{
	struct ktap_counts c = { 0 };

	for (size_t i = 0; i < rep->n; i++) {
		const struct ktap_result *r = &rep->results[i];

		if (r->kind == KTAP_ERROR)
			c.errors++;
		else if (r->kind == KTAP_CRASHED)
			c.crashed++;
		else
			*(r->status == KTAP_PASS ? &c.passed :
			  r->status == KTAP_SKIP ? &c.skipped : &c.failed) += 1;
	}
	return c;
}
