// SPDX-License-Identifier: GPL-2.0
#include "build/keyed.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n--)
		h = (h ^ *s++) * 0x100000001b3ULL;
	return h;
}

/* @s, with @root (when given and inside it) left out: "-I" ROOT "/x" counts as "-I" "/x". */
static uint64_t fnv_path(uint64_t h, const char *s, const char *root)
{
	size_t r = root ? strlen(root) : 0;
	const char *at = r ? strstr(s, root) : NULL;

	if (at && (at[r] == '/' || !at[r])) {
		h = fnv(h, s, (size_t)(at - s));
		s = at + r;
	}
	return fnv(h, s, strlen(s) + 1);
}

static const char *key_root;	/* keyed_make's k->root, for the inputs' paths */

static int hash_file(uint64_t *h, const char *path)
{
	char buf[65536];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (!f)
		return -1;
	*h = fnv_path(*h, path, key_root);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		*h = fnv(*h, buf, n);
	fclose(f);
	return 0;
}

/* A folder's regular files, by name (not its sub-folders: a module's is its own input). */
static int hash_dir(uint64_t *h, const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, alphasort), status = 0;

	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		char path[8400];
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		if (!status && names[i]->d_name[0] != '.' && !stat(path, &st) && S_ISREG(st.st_mode))
			status = hash_file(h, path);
		free(names[i]);
	}
	free(names);
	return status;
}

static int hash_inputs(uint64_t *h, json_t *inputs)
{
	json_t *e;
	size_t i;

	json_array_foreach(inputs, i, e) {
		const char *p = json_string_value(e);
		struct stat st;

		if (stat(p, &st) || (S_ISDIR(st.st_mode) ? hash_dir(h, p) : hash_file(h, p))) {
			fprintf(stderr, "build: %s: %s\n", p, strerror(errno ? errno : ENOENT));
			return -1;
		}
	}
	return 0;
}

int keyed_hash(json_t *inputs, char hex[17])
{
	uint64_t h = 0xcbf29ce484222325ULL;

	if (hash_inputs(&h, inputs))
		return -1;
	snprintf(hex, 17, "%016llx", (unsigned long long)h);
	return 0;
}

static void key_path(const char *out, char *buf, size_t len)
{
	const char *slash = strrchr(out, '/');

	if (slash)
		snprintf(buf, len, "%.*s/.%s.key", (int)(slash - out), out, slash + 1);
	else
		snprintf(buf, len, ".%s.key", out);
}

static void print_command(char **argv, const char *redirect)
{
	for (int i = 0; argv[i]; i++)
		printf("%s%s", i ? " " : "", argv[i]);
	if (redirect)
		printf(" > %s", redirect);
	putchar('\n');
	fflush(stdout);
}

static int run(char **argv, const char *stdout_file)
{
	posix_spawn_file_actions_t actions;
	int status, rc;
	pid_t pid;

	posix_spawn_file_actions_init(&actions);
	if (stdout_file)
		posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_file,
						 O_WRONLY | O_CREAT | O_TRUNC, 0644);
	rc = posix_spawnp(&pid, argv[0], &actions, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&actions);
	if (rc) {
		fprintf(stderr, "build: cannot run %s: %s\n", argv[0], strerror(rc));
		return -1;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -1;
}

int keyed_make(const struct keyed *k)
{
	char keyfile[4200], tmp[4200], want[64], have[64] = "";
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t n = json_array_size(k->argv);
	char **argv = calloc(n + 1, sizeof(*argv));
	json_t *e;
	size_t i;
	FILE *f;
	int rc = -1;

	json_array_foreach(k->argv, i, e)
		h = fnv_path(h, json_string_value(e), k->root);
	key_root = k->root;
	i = hash_inputs(&h, k->inputs);
	key_root = NULL;
	if (i)
		goto out;
	snprintf(want, sizeof(want), "%016llx", (unsigned long long)h);
	key_path(k->out, keyfile, sizeof(keyfile));
	if ((f = fopen(keyfile, "r"))) {
		if (!fgets(have, sizeof(have), f))
			have[0] = 0;
		have[strcspn(have, "\n")] = 0;
		fclose(f);
	}
	if (!strcmp(have, want) && !access(k->out, F_OK)) {
		rc = 0;
		goto out;
	}
	snprintf(tmp, sizeof(tmp), "%s.tmp", k->out);
	json_array_foreach(k->argv, i, e)
		argv[i] = strcmp(json_string_value(e), "@OUT") ? (char *)json_string_value(e) : tmp;
	print_command(argv, k->stdout_is_out ? k->out : NULL);
	if (k->dry_run) {
		rc = 1;
		goto out;
	}
	unlink(keyfile);
	if (run(argv, k->stdout_is_out ? tmp : NULL) || rename(tmp, k->out)) {
		fprintf(stderr, "build: %s: failed\n", k->out);
		unlink(tmp);
		goto out;
	}
	if (!(f = fopen(keyfile, "w")) || fprintf(f, "%s\n", want) < 0 || fclose(f)) {
		fprintf(stderr, "build: %s: cannot write\n", keyfile);
		goto out;
	}
	rc = 1;
out:
	free(argv);
	return rc;
}
