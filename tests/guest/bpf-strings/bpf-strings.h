/* SPDX-License-Identifier: GPL-2.0 */
/* bpf-strings: what the runner (bpf-strings.c) shares with its adversarial cases (adversarial.c). */
#ifndef PB_BPF_STRINGS_RUNNER_H
#define PB_BPF_STRINGS_RUNNER_H

#include "strings.h"

extern const char *const kfunc_names[OP_COUNT];
extern struct strings *skel;

/* Does kfunc @op take two strings? */
int two_strings(int op);
/* Runs the program on @a: 0 and *@result, or -errno if the run failed. */
int run(const struct str_args *a, int *result);
/* Places @s in @page at its start (@at_end = 0) or so that its NUL is the last byte: its offset. */
unsigned long long place(char *page, const char *s, int at_end);
/* One TAP line: the program's result on @a is @want. Returns the result. */
int expect(const char *name, const struct str_args *a, int want);

/* A freed kmalloc() object and a freed, unmapped vmalloc() page (str_freed.ko at @ko). */
void freed_cases(const char *ko);
/* A second CPU rewriting the string while the kfuncs scan it. */
void rewrite_cases(void);

#endif
