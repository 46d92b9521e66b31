// SPDX-License-Identifier: GPL-2.0
/* Running the built pb from unit tests (pb_run.h). */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <regex.h>
#include <setjmp.h>
#include <spawn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "pb_run.h"

#ifndef PB_BIN
#error "PB_BIN: the path of the built pb (the Makefile defines it)"
#endif

#define MAX_ARGS 32

extern char **environ;

static char scratch_dir[] = "/tmp/pb-unit-XXXXXX";

int scratch_make(void **state)
{
	(void)state;
	if (!mkdtemp(scratch_dir)) {
		fprintf(stderr, "cannot make a scratch directory: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

int scratch_remove(void **state)
{
	(void)state;
	return nftw(scratch_dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

const char *scratch(const char *name)
{
	static char paths[8][4096];
	static unsigned next;
	char *p = paths[next++ % 8];

	snprintf(p, sizeof(paths[0]), "%s/%s", scratch_dir, name);
	return p;
}

char *read_text(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t len = 0;
	FILE *mem;
	int c;

	if (!f)
		fail_msg("cannot read %s: %s", path, strerror(errno));
	mem = open_memstream(&text, &len);
	assert_non_null(mem);
	while ((c = getc(f)) != EOF)
		putc(c, mem);
	fclose(f);
	fclose(mem);
	return text;
}

void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) == EOF || fclose(f))
		fail_msg("cannot write %s: %s", path, strerror(errno));
}

/* Run @path with @argv (argv[0] set here) into @r. */
static void runv(struct pb_result *r, const char *path, char **argv)
{
	posix_spawn_file_actions_t fa;
	char out[4096], err[4096];
	int status, rc;
	pid_t pid;

	argv[0] = (char *)path;
	snprintf(out, sizeof(out), "%s", scratch("run.out"));
	snprintf(err, sizeof(err), "%s", scratch("run.err"));
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_addopen(&fa, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	rc = posix_spawn(&pid, path, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc)
		fail_msg("cannot run %s: %s (make tools builds pb)", path, strerror(rc));
	if (waitpid(pid, &status, 0) != pid)
		fail_msg("waitpid: %s", strerror(errno));
	r->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	r->out = read_text(out);
	r->err = read_text(err);
}

static void pb_runv(struct pb_result *r, char **argv)
{
	runv(r, PB_BIN, argv);
}

/* Append the NULL-terminated char * arguments of @ap to @argv from @argc on. */
static void take_args(char **argv, int argc, va_list ap)
{
	while (argc <= MAX_ARGS && (argv[argc] = va_arg(ap, char *)))
		argc++;
	assert_true(argc <= MAX_ARGS);
}

void pb_run(struct pb_result *r, ...)
{
	char *argv[MAX_ARGS + 2] = { NULL };
	va_list ap;

	va_start(ap, r);
	take_args(argv, 1, ap);
	va_end(ap);
	pb_runv(r, argv);
}

void script_run(struct pb_result *r, const char *script, ...)
{
	char *argv[MAX_ARGS + 2] = { NULL };
	va_list ap;

	va_start(ap, script);
	take_args(argv, 1, ap);
	va_end(ap);
	assert_int_equal(setenv("PB", PB_BIN, 1), 0);
	runv(r, script, argv);
}

void pb_collect(struct pb_result *r, const char *name, ...)
{
	char *argv[MAX_ARGS + 2] = { NULL, "bench-collect", "--suite", "selftest", "--unit", "u",
				     "--accel", "icount", "--out", (char *)scratch(name) };
	struct pb_result own, *res = r ? r : &own;
	va_list ap;

	va_start(ap, name);
	take_args(argv, 10, ap);
	va_end(ap);
	pb_runv(res, argv);
	assert_exit(res, 0);
	if (!r)
		pb_result_free(&own);
}

void pb_result_free(struct pb_result *r)
{
	free(r->out);
	free(r->err);
}

void assert_exit(const struct pb_result *r, int want)
{
	if (r->status != want)
		fail_msg("pb exited %d, expected %d; stderr:\n%s\nstdout:\n%s", r->status, want,
			 r->err, r->out);
}

void assert_line_matches(const char *text, const char *re)
{
	regex_t rx;
	int found;

	assert_int_equal(regcomp(&rx, re, REG_NOSUB | REG_NEWLINE), 0);
	found = !regexec(&rx, text, 0, NULL, 0);
	regfree(&rx);
	if (!found)
		fail_msg("no line matches '%s' in:\n%s", re, text);
}

void assert_contains(const char *text, const char *needle)
{
	if (!strstr(text, needle))
		fail_msg("'%s' not in:\n%s", needle, text);
}

void assert_output_is(const struct pb_result *r, const char *path)
{
	char *want = read_text(path);

	assert_string_equal(r->err, "");
	assert_string_equal(r->out, want);
	free(want);
}

int json_listed(json_t *values, json_t *v)
{
	json_t *e;
	size_t i;

	json_array_foreach(values, i, e)
		if (json_equal(e, v))
			return 1;
	return 0;
}
