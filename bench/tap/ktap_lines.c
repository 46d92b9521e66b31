// SPDX-License-Identifier: GPL-2.0
#include "tap/ktap_lines.h"

#include <stdlib.h>
#include <string.h>

/* What Python's str.isspace() is true for, in ASCII. */
static int py_space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

/* Length of the line break at @s (0 if none), as str.splitlines() sees them. */
static size_t line_break(const unsigned char *s, size_t left)
{
	if (*s == '\r')
		return left > 1 && s[1] == '\n' ? 2 : 1;
	if (*s == '\n' || *s == '\v' || *s == '\f' || (*s >= 0x1c && *s <= 0x1e))
		return 1;
	if (left > 1 && s[0] == 0xc2 && s[1] == 0x85)		/* U+0085 */
		return 2;
	if (left > 2 && s[0] == 0xe2 && s[1] == 0x80 && (s[2] == 0xa8 || s[2] == 0xa9))
		return 3;					/* U+2028, U+2029 */
	return 0;
}

static int push(struct ktap_lines *l, const char *s)
{
	char *copy = strdup(s);

	if (!copy)
		return -1;
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;
		char **v = realloc(l->v, cap * sizeof(*v));

		if (!v) {
			free(copy);
			return -1;
		}
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = copy;
	return 0;
}

/*
 * "KTAP version N" (or "TAP version N") ends @line: the regex search
 * \s*KTAP version ([0-9]+)$. Returns the offset of the first occurrence of
 * @word, which is where kunit.py cuts the prefix, or -1.
 */
static long version_at(const char *line, const char *word)
{
	size_t lw = strlen(word);

	for (const char *p = strstr(line, word); p; p = strstr(p + 1, word)) {
		const char *digits = p + lw + 1, *d = digits;

		if (p[lw] != ' ')
			continue;
		while (*d >= '0' && *d <= '9')
			d++;
		if (d > digits && !*d)
			return strstr(line, word) - line;
	}
	return -1;
}

static int kernel_stopped(const char *line)
{
	return strstr(line, "List of all partitions:") ||
	       strstr(line, "Kernel panic - not syncing: VFS:") ||
	       strstr(line, "reboot: System halted");
}

static int plain_plan(const char *line)
{
	return !strncmp(line, "1..", 3) && line[3] >= '0' && line[3] <= '9';
}

/* Skip @chars characters (UTF-8 code points, as Python counts them). */
static const char *skip_chars(const char *s, size_t chars)
{
	while (*s && chars) {
		s++;
		while ((*s & 0xc0) == 0x80)
			s++;
		chars--;
	}
	return s;
}

static size_t count_chars(const char *s, size_t bytes)
{
	size_t n = 0;

	for (size_t i = 0; i < bytes; i++)
		n += (s[i] & 0xc0) != 0x80;
	return n;
}

/* One line of the log: @line is right-stripped and NUL-terminated. */
static int take_line(struct ktap_lines *out, const char *line, size_t *prefix, int plan_starts)
{
	long at;

	if (out->started)
		return kernel_stopped(line) ? 1 : push(out, skip_chars(line, *prefix));
	if (plan_starts) {
		if (!plain_plan(line))
			return 0;
		*prefix = 0;
		out->started = 1;
		return push(out, line);
	}
	at = version_at(line, "KTAP version");
	if (at < 0)
		at = version_at(line, "TAP version");
	if (at >= 0) {
		*prefix = count_chars(line, at);
		out->started = 1;
		return push(out, line + at);
	}
	return strstr(line, "kunit executor: ") ? push(out, line) : 0;
}

static int extract(const char *text, size_t len, struct ktap_lines *out, int plan_starts)
{
	char *line = malloc(len + 1);
	size_t prefix = 0, i = 0;
	int r = 0;

	if (!line)
		return -1;
	while (i < len && !r) {
		size_t n = 0, brk = 0;

		while (i < len && !(brk = line_break((const unsigned char *)text + i, len - i)))
			line[n++] = text[i] ? text[i++] : (i++, 1);	/* a NUL must not end the line */
		i += i < len ? brk : 0;
		while (n && py_space((unsigned char)line[n - 1]))
			n--;
		line[n] = '\0';
		r = take_line(out, line, &prefix, plan_starts);
	}
	free(line);
	return r < 0 ? -1 : 0;
}

int ktap_lines_extract(const char *text, size_t len, struct ktap_lines *out)
{
	memset(out, 0, sizeof(*out));
	if (extract(text, len, out, 0))
		return -1;
	if (out->started)
		return 0;
	ktap_lines_free(out);
	return extract(text, len, out, 1);
}

void ktap_lines_free(struct ktap_lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
