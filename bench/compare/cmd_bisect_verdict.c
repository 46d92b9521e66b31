// SPDX-License-Identifier: GPL-2.0
/*
 * pb bisect-verdict --out FILE [--faster] [--max N] GOOD.json[:K] BAD.json[:K]
 * pb bisect-verdict --out FILE --followed FOLLOWED.json GOOD.json[:K] BAD.json[:K] STEP.json[:K]
 *
 * make bisect's judgements (bench/bisect/bisect.sh; bisect_verdict.h), on
 * results of one kernel each (K: its name in the file, default "step").
 * With the ends alone: FILE says which points BAD differs on from GOOD
 * beyond noise in the direction looked for (slower, or --faster), the --max
 * (default 3) largest, and the filter they share. Exit 10 when there is
 * none: nothing to bisect.
 * With --followed (that FILE) and a step's result: FILE says the step's
 * verdict, "good", "bad" or "undecided", with every followed point's figures.
 * FILE is written atomically. Exit status: 0 judged, 10 the ends do not
 * differ, 1 a file cannot be read, 2 bad usage.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "compare/bisect_verdict.h"
#include "lib/json_load.h"
#include "lib/results.h"

#define SIDES 3

/* FILE[:KERNEL] into @s (@file holds the file's name); -1, said why, if unreadable */
static int load(const char *spec, char *file, size_t len, struct bisect_side *s)
{
	char *colon;

	snprintf(file, len, "%s", spec);
	s->kernel = "step";
	colon = strrchr(file, ':');
	if (colon && colon[1] && !strchr(colon, '/')) {
		*colon = '\0';
		s->kernel = spec + (colon + 1 - file);
	}
	s->root = json_load_said("pb bisect-verdict", file, 0);
	return s->root ? 0 : -1;
}

static int bisect_verdict(int argc, char **argv)
{
	const char *out = NULL, *followed_file = NULL, *why = NULL;
	struct bisect_side side[SIDES] = { { 0 } };
	char files[SIDES][4096];
	json_t *followed = NULL, *v = NULL;
	int faster = 0, max = 3, c, status = 1, bad = 0;
	struct args args;

	args_init(&args, &cmd_bisect_verdict, argc, argv);
	while ((c = args_next(&args)) > 0) {
		switch (c) {
		case 'o': out = args.value; break;
		case 'f': faster = 1; break;
		case 'F': followed_file = args.value; break;
		case 'm':
			max = atoi(args.value);
			if (max < 1)
				return args_error(&cmd_bisect_verdict, "--max wants a count of 1 or more");
			break;
		}
	}
	if (c < 0)
		return args.status;
	if (args.noperands != (followed_file ? 3 : 2))
		return args_error(&cmd_bisect_verdict, followed_file ?
				  "--followed judges a step: GOOD.json BAD.json STEP.json" :
				  "the ends alone: GOOD.json BAD.json");
	for (int i = 0; i < args.noperands; i++)
		bad |= load(args.operands[i], files[i], sizeof(files[i]), &side[i]);
	if (!bad && !followed_file) {
		v = bisect_ends(&side[0], &side[1], faster, max);
		status = strcmp(json_string_value(json_object_get(v, "status")), "differ") ? 10 : 0;
	} else if (!bad && (followed = json_load_said("pb bisect-verdict", followed_file, 0))) {
		if (!(v = bisect_step(followed, &side[0], &side[1], &side[2], &why)))
			fprintf(stderr, "pb bisect-verdict: %s\n", why);
		else
			status = 0;
	}
	if (v && results_write(v, out))
		status = 1;
	json_decref(v);
	json_decref(followed);
	for (int i = 0; i < SIDES; i++)
		json_decref(side[i].root);
	return status;
}

static const struct option options[] = {
	{ "out", required_argument, NULL, 'o' },
	{ "faster", no_argument, NULL, 'f' },
	{ "max", required_argument, NULL, 'm' },
	{ "followed", required_argument, NULL, 'F' },
	{ 0 },
};

static const char *const required[] = { "out", NULL };

const struct pb_cmd cmd_bisect_verdict = {
	.name = "bisect-verdict",
	.run = bisect_verdict,
	.summary = "make bisect's judgements: the points the ends differ on, a step's verdict",
	.usage = "pb bisect-verdict --out FILE [--faster] [--max N] GOOD.json[:K] BAD.json[:K]\n"
		 "pb bisect-verdict --out FILE --followed FOLLOWED.json GOOD.json[:K] BAD.json[:K] STEP.json[:K]",
	.details = "Results of one kernel each, K its name in the file (default step). The ends\n"
		   "alone: FILE says the points BAD differs on from GOOD beyond noise, slower\n"
		   "(or --faster), the --max N (3) largest, and the filter they share; exit 10\n"
		   "when none. With --followed (that file) and a step's result: FILE says\n"
		   "its verdict, good, bad or undecided: bad when on every\n"
		   "followed point its median is nearer bad's and differs from good's beyond\n"
		   "noise, good when nearer good's and differs from bad's, else undecided.\n"
		   "exit status: 0 judged, 10 the ends do not differ, 1 unreadable input\n",
	.options = options,
	.required = required,
	.min_operands = 2,
	.max_operands = 3,
};
