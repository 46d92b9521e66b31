// SPDX-License-Identifier: GPL-2.0
/*
 * pb bisect-verdict --out FILE [--faster] [--max N] ENDS.json
 * pb bisect-verdict --out FILE --followed FOLLOWED.json ENDS.json STEP.json[:KERNEL]
 *
 * make bisect's judgements (bench/collect/bisect.sh; bisect_verdict.h).
 * With one result: ENDS.json holds the kernels "good" and "bad"; FILE says
 * which points BAD differs on from GOOD beyond noise in the direction looked
 * for (slower, or --faster), the --max (default 3) largest, and the filter
 * they share. Exit 10 when there is none: nothing to bisect.
 * With --followed (that FILE of the ends) and a step's result: FILE says the
 * step's verdict, "good", "bad" or "undecided", with every followed point's
 * figures (the step's kernel is KERNEL, default "step").
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
#include "lib/results.h"

static json_t *load(const char *file)
{
	json_error_t err;
	json_t *root = json_load_file(file, 0, &err);

	if (!root)
		fprintf(stderr, "pb bisect-verdict: %s: %s\n", file, err.text);
	return root;
}

static int bisect_verdict(int argc, char **argv)
{
	const char *out = NULL, *followed_file = NULL, *why = NULL;
	json_t *ends = NULL, *step = NULL, *followed = NULL, *v = NULL;
	int faster = 0, max = 3, c, status = 1;
	char stepfile[4096], *colon;
	const char *kernel = "step";
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
	if ((followed_file != NULL) != (args.noperands == 2))
		return args_error(&cmd_bisect_verdict, followed_file ? "--followed judges a step: ENDS.json STEP.json"
						       : "a step's result wants --followed, the ends' verdict file");
	ends = load(args.operands[0]);
	if (!ends)
		return 1;
	if (!followed_file) {
		v = bisect_ends(ends, "good", "bad", faster, max);
		status = strcmp(json_string_value(json_object_get(v, "status")), "differ") ? 10 : 0;
	} else {
		snprintf(stepfile, sizeof(stepfile), "%s", args.operands[1]);
		colon = strrchr(stepfile, ':');
		if (colon && colon[1] && !strchr(colon, '/')) {
			*colon = '\0';
			kernel = args.operands[1] + (colon + 1 - stepfile);
		}
		followed = load(followed_file);
		step = followed ? load(stepfile) : NULL;
		if (step) {
			v = bisect_step(followed, ends, step, kernel, &why);
			if (!v)
				fprintf(stderr, "pb bisect-verdict: %s\n", why);
			else
				status = 0;
		}
	}
	if (v && results_write(v, out))
		status = 1;
	json_decref(v);
	json_decref(ends);
	json_decref(step);
	json_decref(followed);
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
	.usage = "pb bisect-verdict --out FILE [--faster] [--max N] ENDS.json\n"
		 "pb bisect-verdict --out FILE --followed FOLLOWED.json ENDS.json STEP.json[:KERNEL]",
	.details = "ENDS.json: a result holding the kernels good and bad. Alone: FILE says the\n"
		   "points bad differs on from good beyond noise, slower (or --faster), the\n"
		   "--max N (3) largest, and the filter they share; exit 10 when none.\n"
		   "With --followed (that file) and a step's result (kernel step unless\n"
		   "KERNEL): FILE says its verdict, good, bad or undecided: bad when on every\n"
		   "followed point its median is nearer bad's and differs from good's beyond\n"
		   "noise, good when nearer good's and differs from bad's, else undecided.\n"
		   "exit status: 0 judged, 10 the ends do not differ, 1 unreadable input\n",
	.options = options,
	.required = required,
	.min_operands = 1,
	.max_operands = 2,
};
