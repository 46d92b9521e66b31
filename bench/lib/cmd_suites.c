// SPDX-License-Identifier: GPL-2.0
/*
 * pb suites: the benchmark suites as their manifests say (SUITES_DIR,
 * default suites/, one NAME/suite.json each). Every form first checks
 * every manifest: a bad one is an error naming its file and the key.
 *   pb suites list [--make TARGET | --plot | --guest]
 *                                            the suites in order, one a line;
 *                                            those that make TARGET can run
 *                                            (bisect, profile, trace,
 *                                            selfcheck, history, test-arch),
 *                                            that have a
 *                                            plot recipe, or a guest script
 *                                            (booted as bench-NAME)
 *   pb suites help                           "  NAME  description" lines
 *   pb suites guests                         each guest script's path, one a
 *                                            line (its suite: the folder's name)
 *   pb suites get SUITE PATH...              the value at each PATH of the
 *                                            manifest, defaults filled in, one
 *                                            a line: strings as they are, an
 *                                            array of strings as words, the
 *                                            rest as JSON; exit 1 if missing
 *   pb suites points SUITE FILTERS...        make bench POINTS=: the filters
 *                                            (lib/points.h; comma- or space-
 *                                            separated) checked against the
 *                                            suite's "parameters"
 *                                            (suite_points.c), printed as one
 *                                            comma-separated word
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "lib/jsonpath.h"
#include "lib/points.h"
#include "lib/suites.h"

/* pb suites list: with --make TARGET, --plot or --guest (@list_opt, 0: none), its value @target. */
static int list(const struct suites *all, int list_opt, const char *target)
{
	for (int i = 0; i < all->n; i++)
		if ((list_opt != 'm' || suite_can(&all->s[i], target)) &&
		    (list_opt != 'p' || json_object_get(all->s[i].m, "plot")) &&
		    (list_opt != 'g' || suite_has_guest(&all->s[i])))
			puts(all->s[i].name);
	return 0;
}

static int get(const struct suites *all, int argc, char **argv)
{
	const struct suite *s;

	if (!(s = suites_find_said(all, "pb suites", argv[1])))
		return 1;
	return json_print_paths(s->m, s->path, "pb suites get", argc - 2, argv + 2);
}

static int points(const struct suites *all, int argc, char **argv)
{
	json_t *filters = json_array(), *e;
	const struct suite *s;
	char err[1024];
	size_t i;
	int status = 0;

	if (!(s = suites_find_said(all, "pb suites", argv[1])))
		return 1;
	for (int w = 2; w < argc && !status; w++)
		status = points_split(argv[w], filters, err, sizeof(err));
	if (!status && !json_array_size(filters)) {
		snprintf(err, sizeof(err), "no filter given (%s)", POINTS_SYNTAX);
		status = -1;
	}
	if (!status)
		status = suite_points_check(s, filters, err, sizeof(err));
	if (status)
		fprintf(stderr, "pb suites points: %s: %s\n", s->name, err);
	else {
		json_array_foreach(filters, i, e)
			printf("%s%s", i ? "," : "", json_string_value(e));
		putchar('\n');
	}
	json_decref(filters);
	return status ? 1 : 0;
}

enum { FORM_LIST, FORM_HELP, FORM_GUESTS, FORM_GET, FORM_POINTS };

static const struct args_form forms[] = {
	[FORM_LIST] = { "list", 0, 0, "mpg" },
	[FORM_HELP] = { "help", 0, 0, "" },
	[FORM_GUESTS] = { "guests", 0, 0, "" },
	[FORM_GET] = { "get", 2, -1, "" },
	[FORM_POINTS] = { "points", 2, -1, "" },
	{ NULL },
};

static int suites(int argc, char **argv)
{
	static struct suites all;
	const char *target = NULL;
	int status, c, f, list_opt = 0;
	char err[1024];
	struct args a;

	args_init(&a, &cmd_suites, argc, argv);
	while ((c = args_next(&a)) > 0) {
		if (list_opt)
			return args_error(&cmd_suites, "one of --make, --plot and --guest");
		list_opt = c;
		target = a.value;
	}
	if (c < 0 || (f = args_form(&a, forms)) < 0)
		return a.status;
	if (suites_load(&all, err, sizeof(err))) {
		fprintf(stderr, "pb suites: %s\n", err);
		return 1;
	}
	if (f == FORM_LIST) {
		status = list(&all, list_opt, target);
	} else if (f == FORM_HELP) {
		for (int i = 0; i < all.n; i++)
			printf("  %-16s %s\n", all.s[i].name,
			       json_string_value(json_object_get(all.s[i].m, "description")));
		status = 0;
	} else if (f == FORM_GUESTS) {
		for (int i = 0; i < all.n; i++)
			if (suite_has_guest(&all.s[i]))
				printf("%s/guest\n", all.s[i].dir);
		status = 0;
	} else if (f == FORM_GET) {
		status = get(&all, a.noperands, argv + 1);
	} else {
		status = points(&all, a.noperands, argv + 1);
	}
	suites_free(&all);
	return status;
}

static const struct option options[] = {
	{ "make", required_argument, NULL, 'm' },
	{ "plot", no_argument, NULL, 'p' },
	{ "guest", no_argument, NULL, 'g' },
	{ 0 },
};

const struct pb_cmd cmd_suites = {
	.name = "suites",
	.run = suites,
	.summary = "the benchmark suites' manifests (suites/NAME/suite.json): list, get, points",
	.usage = "pb suites list [--make TARGET | --plot | --guest]\n"
		 "pb suites help\n"
		 "pb suites guests\n"
		 "pb suites get SUITE PATH...\n"
		 "pb suites points SUITE FILTERS...",
	.details = "Every form first checks every manifest: suites/'s folders, those of the\n"
		   "directories SUITES_DIR names (':'-separated) and the folders PB_SUITE_PATHS\n"
		   "names (make bench SUITE=PATH); names are unique.\n"
		   "  list            the suites in order, one a line; with --make TARGET those\n"
		   "                  that make TARGET can run, --plot those with a plot recipe,\n"
		   "                  --guest those with a guest script\n"
		   "  help            \"  NAME  description\" lines\n"
		   "  guests          each guest script's path, one a line (SUITE/guest)\n"
		   "  get SUITE PATH  the value at each PATH of the manifest, defaults filled in\n"
		   "                  (exit 1 if missing)\n"
		   "  points SUITE FILTERS  the filters (" POINTS_SYNTAX ";\n"
		   "                  comma- or space-separated) checked against the suite's\n"
		   "                  \"parameters\", as one comma-separated word (make bench POINTS=)\n",
	.options = options,
	.min_operands = 1,
	.max_operands = -1,
};
