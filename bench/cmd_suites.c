// SPDX-License-Identifier: GPL-2.0
/*
 * pb suites: the benchmark suites as their manifests say (SUITES_DIR,
 * default suites/, one NAME/suite.json each). Every form first checks
 * every manifest: a bad one is an error naming its file and the key.
 *   pb suites list [--make TARGET | --plot | --guest]
 *                                            the suites in order, one a line;
 *                                            those that make TARGET can run
 *                                            (bisect, profile, trace,
 *                                            selfcheck, history), that have a
 *                                            plot recipe, or a guest script
 *                                            (booted as bench-NAME)
 *   pb suites help                           "  NAME  description" lines
 *   pb suites get SUITE PATH...              the value at each PATH of the
 *                                            manifest, defaults filled in, one
 *                                            a line: strings as they are, an
 *                                            array of strings as words, the
 *                                            rest as JSON; exit 1 if missing
 *   pb suites plot SUITE RESULT.json DATA    the suite's plot data and
 *                                            DATA/SUITE.gp (suite_plot.h)
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "jsonpath.h"
#include "suite_plot.h"
#include "suites.h"

static void usage(void)
{
	fprintf(stderr, "usage: pb suites list [--make TARGET | --plot | --guest]\n"
		"       pb suites help\n"
		"       pb suites get SUITE PATH...\n"
		"       pb suites plot SUITE RESULT.json DATA\n");
}

static int list(const struct suites *all, int argc, char **argv)
{
	const char *target = NULL;
	int plots = 0, guests = 0;

	if (argc == 3 && !strcmp(argv[1], "--make"))
		target = argv[2];
	else if (argc == 2 && !strcmp(argv[1], "--plot"))
		plots = 1;
	else if (argc == 2 && !strcmp(argv[1], "--guest"))
		guests = 1;
	else if (argc != 1) {
		usage();
		return 2;
	}
	for (int i = 0; i < all->n; i++)
		if ((!target || suite_can(&all->s[i], target)) &&
		    (!plots || json_object_get(all->s[i].m, "plot")) &&
		    (!guests || suite_has_guest(all, &all->s[i])))
			puts(all->s[i].name);
	return 0;
}

static void print_value(json_t *v)
{
	int words = json_is_array(v);
	json_t *e;
	size_t i;
	char *text;

	json_array_foreach(v, i, e)
		words &= json_is_string(e);
	if (json_is_string(v)) {
		puts(json_string_value(v));
	} else if (words) {
		json_array_foreach(v, i, e)
			printf("%s%s", i ? " " : "", json_string_value(e));
		putchar('\n');
	} else {
		text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_SORT_KEYS);
		puts(text ? text : "");
		free(text);
	}
}

static const struct suite *find(const struct suites *all, const char *name)
{
	const struct suite *s = suites_find(all, name);

	if (!s) {
		fprintf(stderr, "pb suites: no suite '%s' in %s; the suites:", name, all->dir);
		for (int i = 0; i < all->n; i++)
			fprintf(stderr, " %s", all->s[i].name);
		fprintf(stderr, "\n");
	}
	return s;
}

static int get(const struct suites *all, int argc, char **argv)
{
	const struct suite *s;

	if (argc < 3) {
		usage();
		return 2;
	}
	if (!(s = find(all, argv[1])))
		return 1;
	for (int i = 2; i < argc; i++) {
		json_t *v = json_at(s->m, argv[i]);

		if (!v) {
			fprintf(stderr, "pb suites get: %s: no %s\n", s->path, argv[i]);
			return 1;
		}
		print_value(v);
	}
	return 0;
}

static int plot(const struct suites *all, int argc, char **argv)
{
	const struct suite *s;
	json_error_t err;
	json_t *result;
	int status;

	if (argc != 4) {
		usage();
		return 2;
	}
	if (!(s = find(all, argv[1])))
		return 1;
	result = json_load_file(argv[2], 0, &err);
	if (!result) {
		fprintf(stderr, "pb suites plot: %s: %s\n", argv[2], err.text);
		return 1;
	}
	status = suite_plot(s, result, argv[2], argv[3]);
	json_decref(result);
	return status;
}

int cmd_suites(int argc, char **argv)
{
	static struct suites all;
	char err[1024];
	int status;

	if (argc < 2 || (strcmp(argv[1], "list") && strcmp(argv[1], "help") &&
			 strcmp(argv[1], "get") && strcmp(argv[1], "plot"))) {
		usage();
		return 2;
	}
	if (suites_load(&all, err, sizeof(err))) {
		fprintf(stderr, "pb suites: %s\n", err);
		return 1;
	}
	if (!strcmp(argv[1], "list")) {
		status = list(&all, argc - 1, argv + 1);
	} else if (!strcmp(argv[1], "help")) {
		for (int i = 0; i < all.n; i++)
			printf("  %-16s %s\n", all.s[i].name,
			       json_string_value(json_object_get(all.s[i].m, "description")));
		status = 0;
	} else if (!strcmp(argv[1], "get")) {
		status = get(&all, argc - 1, argv + 1);
	} else {
		status = plot(&all, argc - 1, argv + 1);
	}
	suites_free(&all);
	return status;
}
