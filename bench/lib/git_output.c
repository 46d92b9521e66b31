// SPDX-License-Identifier: GPL-2.0
/* Running git with an argv and reading what it prints (git_output.h). */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/git_output.h"

extern char **environ;

static int read_all(int fd, char **out)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	ssize_t n;

	if (!buf)
		return -1;
	for (;;) {
		if (len + 1 == cap) {
			char *more = realloc(buf, cap *= 2);

			if (!more) {
				free(buf);
				return -1;
			}
			buf = more;
		}
		n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
	}
	buf[len] = '\0';
	*out = buf;
	return n < 0 ? -1 : 0;
}

int git_output(char *const argv[], char **out)
{
	posix_spawn_file_actions_t actions;
	int pipefd[2], status, read_failed;
	pid_t pid;

	*out = NULL;
	if (pipe(pipefd))
		return -1;
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_addclose(&actions, pipefd[0]);
	posix_spawn_file_actions_adddup2(&actions, pipefd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&actions, pipefd[1]);
	posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	errno = posix_spawnp(&pid, "git", &actions, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&actions);
	close(pipefd[1]);
	if (errno) {
		fprintf(stderr, "pb: cannot run git: %s\n", strerror(errno));
		close(pipefd[0]);
		return -1;
	}
	read_failed = read_all(pipefd[0], out);
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (read_failed) {
		free(*out);
		*out = NULL;
		return -1;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
