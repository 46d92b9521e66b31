// SPDX-License-Identifier: GPL-2.0
/*
 * pb needs --caps FILE [NEED...]      do they hold? (exit 0, or 10 and why)
 * pb needs --caps FILE --suite NAME   does the suite apply (its manifest's needs)?
 * pb needs --caps FILE --has          the features and fixes present
 * pb needs --caps FILE --kunit GLOB   the KUnit suites GLOB matches
 *
 * The shell side of bench/probe/needs.h: tests/job-run.sh and the suites'
 * runner ask here, by exit status, rather than read the JSON themselves.
 */
#include <fnmatch.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "lib/suites.h"
#include "probe/needs.h"

#define NOT_APPLICABLE 10

static void print_list(const json_t *obj, const char *sep, int *first)
{
	const char *name;
	json_t *v;

	json_object_foreach((json_t *)obj, name, v)
		if (json_is_true(v)) {
			printf("%s%s", *first ? "" : sep, name);
			*first = 0;
		}
}

/* Append suite @name's "needs" (its manifest's) to @needs; -1 having said why. */
static int add_suite_needs(const char *name, json_t *needs)
{
	const struct suite *s;
	struct suites all;
	char err[1024];

	if (suites_load(&all, err, sizeof(err))) {
		fprintf(stderr, "pb needs: %s\n", err);
		return -1;
	}
	s = suites_find_said(&all, "pb needs", name);
	if (s)
		json_array_extend(needs, json_object_get(s->m, "needs"));
	suites_free(&all);
	return s ? 0 : -1;
}

static int cmd(int argc, char **argv)
{
	const char *file = NULL, *glob = NULL, *suite = NULL;
	json_t *caps, *needs;
	char reason[2048];
	int c, has = 0, rc, first = 1;
	struct args a;

	args_init(&a, &cmd_needs, argc, argv);
	while ((c = args_next(&a)) > 0) {
		if (c == 'c')
			file = a.value;
		else if (c == 'H')
			has = 1;
		else if (c == 'k')
			glob = a.value;
		else if (c == 's')
			suite = a.value;
	}
	if (c < 0)
		return a.status;
	if (!(caps = caps_load("pb needs", file)))
		return 1;
	if (has || glob) {
		size_t i;
		json_t *v;

		if (has) {
			print_list(json_object_get(caps, "features"), ",", &first);
			print_list(json_object_get(caps, "fixes"), ",", &first);
		}
		json_array_foreach(glob ? json_object_get(caps, "kunit") : NULL, i, v)
			if (!fnmatch(glob, json_string_value(v), 0)) {
				printf("%s%s", first ? "" : ",", json_string_value(v));
				first = 0;
			}
		printf("\n");
		json_decref(caps);
		return 0;
	}
	needs = json_array();
	for (int i = 0; i < a.noperands; i++)
		json_array_append_new(needs, json_string(a.operands[i]));
	if (suite && add_suite_needs(suite, needs)) {
		json_decref(needs);
		json_decref(caps);
		return 1;
	}
	rc = needs_hold(caps, needs, reason, sizeof(reason));
	json_decref(needs);
	json_decref(caps);
	if (rc < 0) {
		fprintf(stderr, "pb needs: %s\n", reason);
		return 1;
	}
	if (!rc) {
		printf("not applicable: %s\n", reason);
		return NOT_APPLICABLE;
	}
	return 0;
}

static const struct option options[] = {
	{ "caps", required_argument, NULL, 'c' },
	{ "has", no_argument, NULL, 'H' },
	{ "kunit", required_argument, NULL, 'k' },
	{ "suite", required_argument, NULL, 's' },
	{ 0 },
};

const struct pb_cmd cmd_needs = {
	.name = "needs",
	.run = cmd,
	.summary = "does a kernel (pb probe's FILE) have what a test or suite needs?",
	.usage = "pb needs --caps FILE [--suite NAME] [NEED...]\n"
		 "pb needs --caps FILE --has\n"
		 "pb needs --caps FILE --kunit GLOB",
	.details = "NEED: KIND:NAME, KIND one of kfunc, config, kunit, feature, fix, module;\n"
		   "!KIND:NAME holds when KIND:NAME does not (docs/suites.md, Needs).\n"
		   "--suite NAME: the needs of NAME's manifest (SUITES_DIR/NAME/suite.json) too:\n"
		   "does the suite apply to the kernel (make bench, make lava)?\n"
		   "Exit 0 when every NEED holds (none: a suite that needs nothing); 10, printing \"not applicable: KERNEL lacks\n"
		   "WHAT\", when one does not; 1 on a malformed NEED or FILE.\n"
		   "--has prints the features and fixes present, comma-separated;\n"
		   "--kunit GLOB the built-in KUnit suites GLOB matches, comma-separated.\n",
	.options = options,
	.required = (const char *const[]){ "caps", NULL },
	.min_operands = 0,
	.max_operands = -1,
};
