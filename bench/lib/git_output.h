/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running git from C: an argv, never a shell string, so a revision a user
 * typed cannot become a command.
 */
#ifndef PB_GIT_OUTPUT_H
#define PB_GIT_OUTPUT_H

/*
 * Run @argv (argv[0] is "git", NULL-terminated) in the current directory,
 * its stderr discarded. *@out gets all it printed on stdout, NUL-terminated
 * (free it). Returns git's exit status, -1 if it could not be run.
 */
int git_output(char *const argv[], char **out);

#endif
