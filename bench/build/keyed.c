// SPDX-License-Identifier: GPL-2.0
#include "build/keyed.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/content_hash.h"

extern char **environ;

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
	uint64_t h = CONTENT_HASH_START;
	size_t n = json_array_size(k->argv);
	char **argv = calloc(n + 1, sizeof(*argv));
	json_t *e;
	size_t i;
	FILE *f;
	int rc = -1;

	json_array_foreach(k->argv, i, e)
		h = content_hash_path(h, json_string_value(e), k->root);
	if (content_hash_inputs(&h, k->inputs, k->root))
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
