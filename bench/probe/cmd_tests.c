// SPDX-License-Identifier: GPL-2.0
/*
 * pb tests: make test's guest tests as their manifests say (GUEST_TESTS_DIR,
 * default tests/guest/, one NAME/test.json each), for tests/job-run.sh. Every
 * form but kunit first checks every manifest: a bad one is an error naming
 * its file and the key.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "lib/guest_tests.h"
#include "lib/jsonpath.h"
#include "probe/guest_tests_checked.h"
#include "probe/needs.h"

struct opts {
	const char *stage, *caps;
	int cpus;
};

static const char *stage_of(const struct guest_test *t)
{
	return json_string_value(json_object_get(t->m, "stage"));
}

static int list(const struct guest_tests *all, const struct opts *o)
{
	for (int i = 0; i < all->n; i++)
		if ((!o->stage || !strcmp(stage_of(&all->t[i]), o->stage)) &&
		    (!o->cpus || json_integer_value(json_object_get(all->t[i].m, "cpus")) == o->cpus))
			puts(all->t[i].name);
	return 0;
}

static const struct guest_test *find(const struct guest_tests *all, const char *name)
{
	const struct guest_test *t = guest_tests_find(all, name);

	if (!t) {
		fprintf(stderr, "pb tests: no guest test '%s' in %s; the tests:", name, all->dir);
		for (int i = 0; i < all->n; i++)
			fprintf(stderr, " %s", all->t[i].name);
		fprintf(stderr, "\n");
	}
	return t;
}

static int crash(const struct guest_tests *all, int argc, char **argv)
{
	json_t *b;
	int status;

	if (!argc) {
		for (int i = 0; i < all->n; i++) {
			const struct guest_test *t = &all->t[i];
			json_t *c;
			size_t j;

			if (strcmp(stage_of(t), "crash"))
				continue;
			if (!json_array_size(json_object_get(t->m, "cases")))
				puts(t->name);
			json_array_foreach(json_object_get(t->m, "cases"), j, c)
				puts(json_string_value(json_object_get(c, "name")));
		}
		return 0;
	}
	b = guest_tests_crash_boot(all, argv[0]);
	if (!b) {
		fprintf(stderr, "pb tests crash: no crash boot '%s' (pb tests crash lists them)\n",
			argv[0]);
		return 1;
	}
	status = json_print_paths(b, argv[0], "pb tests crash", argc - 1, argv + 1);
	json_decref(b);
	return status;
}

/* The module KTAP suites @t must report on the kernel pb probe described in @caps_file. */
static int ktap(const struct guest_test *t, const char *caps_file)
{
	json_t *caps, *k;
	char why[1024];
	int first = 1;
	size_t i;

	if (!(caps = caps_load("pb tests ktap", caps_file)))
		return 1;
	json_array_foreach(json_object_get(t->m, "ktap"), i, k) {
		int holds = needs_hold(caps, json_object_get(k, "needs"), why, sizeof(why));

		if (holds < 0) {
			fprintf(stderr, "pb tests ktap: %s: %s\n", t->path, why);
			json_decref(caps);
			return 1;
		}
		if (holds) {
			printf("%s%s", first ? "" : ",", json_string_value(json_object_get(k, "suite")));
			first = 0;
		}
	}
	printf("\n");
	json_decref(caps);
	return 0;
}

static const struct args_form forms[] = {
	{ "list", 0, 0, "sn" },
	{ "help", 0, 0, "" },
	{ "get", 2, -1, "" },
	{ "crash", 0, -1, "" },
	{ "ktap", 1, 1, "c" },
	{ "kunit", 0, 0, "" },
	{ NULL },
};

static int run(const struct guest_tests *all, const char *form, int argc, char **argv,
	       const struct opts *o)
{
	const struct guest_test *t;

	if (!strcmp(form, "list"))
		return list(all, o);
	if (!strcmp(form, "help")) {
		for (int i = 0; i < all->n; i++)
			printf("  %-16s %s\n", all->t[i].name,
			       json_string_value(json_object_get(all->t[i].m, "description")));
		return 0;
	}
	if (!strcmp(form, "crash"))
		return crash(all, argc, argv);
	if (!(t = find(all, argv[0])))
		return 1;
	if (!strcmp(form, "get"))
		return json_print_paths(t->m, t->path, "pb tests get", argc - 1, argv + 1);
	if (!o->caps) {
		fprintf(stderr, "pb tests ktap: --caps FILE is required\n");
		return PB_USAGE;
	}
	return ktap(t, o->caps);
}

static int tests(int argc, char **argv)
{
	static struct guest_tests all;
	struct opts o = { 0 };
	char *end;
	struct args a;
	int c, status;

	args_init(&a, &cmd_tests, argc, argv);
	while ((c = args_next(&a)) > 0) {
		if (c == 's')
			o.stage = a.value;
		else if (c == 'c')
			o.caps = a.value;
		else if (c == 'n') {
			o.cpus = (int)strtol(a.value, &end, 10);
			if (*end || o.cpus < 1)
				return args_error(&cmd_tests, "--cpus takes a number of CPUs, not '%s'",
						  a.value);
		}
	}
	if (c < 0)
		return a.status;
	if (o.stage && strcmp(o.stage, "guest") && strcmp(o.stage, "crash"))
		return args_error(&cmd_tests, "--stage is guest or crash, not '%s'", o.stage);
	if (args_form(&a, forms) < 0)
		return a.status;
	if (!strcmp(argv[1], "kunit")) {
		puts(kunit_glob());
		return 0;
	}
	if (guest_tests_load_checked(&all, "pb tests"))
		return 1;
	status = run(&all, argv[1], a.noperands - 1, argv + 2, &o);
	guest_tests_free(&all);
	return status;
}

static const struct option options[] = {
	{ "stage", required_argument, NULL, 's' },
	{ "cpus", required_argument, NULL, 'n' },
	{ "caps", required_argument, NULL, 'c' },
	{ 0 },
};

const struct pb_cmd cmd_tests = {
	.name = "tests",
	.run = tests,
	.summary = "the guest tests' manifests (tests/guest/NAME/test.json): list, get, crash, ktap",
	.usage = "pb tests list [--stage STAGE] [--cpus N]\n"
		 "pb tests help\n"
		 "pb tests get TEST PATH...\n"
		 "pb tests crash [BOOT PATH...]\n"
		 "pb tests ktap --caps FILE TEST\n"
		 "pb tests kunit",
	.details = "Every form but kunit first checks every manifest (GUEST_TESTS_DIR, default\n"
		   "tests/guest/) and the fixes they name against bench/probe/features.json.\n"
		   "  list            the tests in order, one a line; of one stage (guest:\n"
		   "                  booted on each kernel, crash: booted once), with N vCPUs\n"
		   "  help            \"  NAME  description\" lines\n"
		   "  get TEST PATH   the value at each PATH of the manifest, defaults filled in:\n"
		   "                  a string as it is, strings as words, the rest as JSON\n"
		   "  crash           the crash stage's boots (the jobs crash/BOOT), one a line;\n"
		   "                  with BOOT PATH..., the values of one: its test's manifest\n"
		   "                  with its case's needs added and append put over it, and\n"
		   "                  \"test\", the test it boots\n"
		   "  ktap --caps FILE TEST  the module KTAP suites TEST must report on the\n"
		   "                  kernel pb probe's FILE describes, comma-separated\n"
		   "  kunit           the KUnit filter glob: $KUNIT, else " KUNIT_GLOB_DEFAULT "\n",
	.options = options,
	.min_operands = 1,
	.max_operands = -1,
};
