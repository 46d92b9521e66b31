// SPDX-License-Identifier: GPL-2.0
#include "lib/suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/env.h"
#include "lib/manifest_dir.h"

const char *suites_builtin_dir(void)
{
	const char *d = getenv("PB_SUITES_BUILTIN");

	return d ? d : "suites";
}

const char *suites_dir(void)
{
	return env_or("SUITES_DIR", suites_builtin_dir());
}

static void guest_path(const struct suite *s, char *buf, size_t len)
{
	snprintf(buf, len, "%.3000s/guest", s->dir);
}

int suite_has_guest(const struct suite *s)
{
	char guest[4200];

	guest_path(s, guest, sizeof(guest));
	return manifest_executable(guest);
}

/* What the manifest names must exist: its runner, and the guest script bench/collect/run.sh boots. */
static int files_present(const struct suite *s, char *err, size_t len)
{
	const char *runner = json_string_value(json_object_get(s->m, "runner"));
	char guest[4200];

	if (!manifest_executable(runner)) {
		snprintf(err, len, "%s: key 'runner': %s is not an executable file", s->path, runner);
		return -1;
	}
	guest_path(s, guest, sizeof(guest));
	if (!strcmp(runner, "bench/collect/run.sh") && !manifest_executable(guest)) {
		snprintf(err, len, "%s: no executable %s: bench/collect/run.sh boots it as the guest test "
			 "bench-%s", s->path, guest, s->name);
		return -1;
	}
	return 0;
}

static int by_order(const void *a, const void *b)
{
	const struct suite *x = a, *y = b;
	json_int_t ox = json_integer_value(json_object_get(x->m, "order"));
	json_int_t oy = json_integer_value(json_object_get(y->m, "order"));

	return ox != oy ? (ox > oy) - (ox < oy) : strcmp(x->name, y->name);
}

/* One suite: its folder @dir (name: the folder's), @own when not one of the built-in suites. */
static int load_one(struct suites *all, const char *dir, int own, char *err, size_t len)
{
	struct suite *s = &all->s[all->n];
	const char *name = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
	const struct suite *twin;
	struct stat st;

	if (all->n == SUITES_MAX) {
		snprintf(err, len, "%.3000s: more than %d suites", dir, SUITES_MAX);
		return -1;
	}
	if (!manifest_plain_name(name) || strlen(name) >= sizeof(s->name) || strlen(dir) > 3000 ||
	    strpbrk(dir, " \t\n:")) {
		snprintf(err, len, "%.3000s: a suite's folder name should be lower-case letters, "
			 "digits and '-', at most %zu, its path without blanks or ':'", dir,
			 sizeof(s->name) - 1);
		return -1;
	}
	twin = suites_find(all, name);
	if (twin) {
		snprintf(err, len, "%.3000s: a suite called %s is already at %.3000s%s: rename the "
			 "folder", dir, name, twin->dir, twin->own ? "" : " (a built-in suite)");
		return -1;
	}
	snprintf(s->name, sizeof(s->name), "%s", name);
	snprintf(s->dir, sizeof(s->dir), "%s", dir);
	snprintf(s->path, sizeof(s->path), "%.3000s/suite.json", dir);
	s->own = own;
	if (stat(s->path, &st)) {
		snprintf(err, len, "%s: missing (a suite's folder holds its suite.json)", s->path);
		return -1;
	}
	s->m = manifest_read(s->path, err, len);
	if (!s->m)
		return -1;
	all->n++;
	if (suite_schema_check(s->m, s->path, err, len) || files_present(s, err, len))
		return -1;
	return 0;
}

struct dir_ctx {
	struct suites *all;
	const char *dir;
	int own;
};

static int load_named(void *ctx, const char *name, char *err, size_t len)
{
	struct dir_ctx *c = ctx;
	char path[4400];

	snprintf(path, sizeof(path), "%.3000s/%s", c->dir, name);
	return load_one(c->all, path, c->own, err, len);
}

/* Every folder of @dir is a suite. */
static int load_dir(struct suites *all, const char *dir, int own, char *err, size_t len)
{
	struct dir_ctx c = { all, dir, own };

	return manifest_dir_each(dir, own ? "a suites' directory of SUITES_DIR" :
				 "the built-in suites' directory", load_named, &c, err, len);
}

/* Each ':'-separated word of @list, as a folder of suites (@each 0) or one suite's folder. */
static int load_list(struct suites *all, const char *list, int each, char *err, size_t len)
{
	char *copy = strdup(list ? list : ""), *save = NULL;
	int status = 0;

	for (char *w = strtok_r(copy, ":", &save); w && !status; w = strtok_r(NULL, ":", &save)) {
		size_t l = strlen(w);

		while (l > 1 && w[l - 1] == '/')
			w[--l] = 0;
		status = each ? load_one(all, w, 1, err, len) : load_dir(all, w, 1, err, len);
	}
	free(copy);
	return status;
}

int suites_load(struct suites *all, char *err, size_t len)
{
	const char *builtin = suites_builtin_dir();
	int status = 0;

	all->n = 0;
	if (*builtin && !access(builtin, F_OK))
		status = load_dir(all, builtin, 0, err, len);
	if (!status)
		status = load_list(all, getenv("SUITES_DIR"), 0, err, len);
	if (!status)
		status = load_list(all, getenv("PB_SUITE_PATHS"), 1, err, len);
	if (!status && !all->n) {
		snprintf(err, len, "no suite: %s has no NAME/suite.json and SUITES_DIR names none",
			 *builtin ? builtin : "(no built-in suites)");
		status = -1;
	}
	if (status) {
		suites_free(all);
		return -1;
	}
	qsort(all->s, (size_t)all->n, sizeof(all->s[0]), by_order);
	return 0;
}

int suites_any_own(const struct suites *all)
{
	for (int i = 0; i < all->n; i++)
		if (all->s[i].own)
			return 1;
	return 0;
}

void suites_free(struct suites *all)
{
	for (int i = 0; i < all->n; i++)
		json_decref(all->s[i].m);
	all->n = 0;
}

const struct suite *suites_find_said(const struct suites *all, const char *who, const char *name)
{
	const struct suite *s = suites_find(all, name);

	if (!s) {
		fprintf(stderr, "%s: no suite '%s' (%s%s%s); the suites:", who, name,
			suites_builtin_dir(), getenv("SUITES_DIR") ? ", SUITES_DIR=" : "",
			getenv("SUITES_DIR") ? getenv("SUITES_DIR") : "");
		for (int i = 0; i < all->n; i++)
			fprintf(stderr, " %s", all->s[i].name);
		fprintf(stderr, "\n");
	}
	return s;
}

int suite_series_named_for_kernel(const json_t *series)
{
	const char *name = json_string_value(json_object_get(series, "name"));
	const char *kernel = json_string_value(json_object_get(series, "kernel"));

	return !name || (kernel && !strcmp(name, kernel));
}

const struct suite *suites_find(const struct suites *all, const char *name)
{
	for (int i = 0; i < all->n; i++)
		if (!strcmp(all->s[i].name, name))
			return &all->s[i];
	return NULL;
}

int suite_can(const struct suite *s, const char *target)
{
	json_t *t;
	size_t i;

	json_array_foreach(json_object_get(s->m, "make"), i, t)
		if (!strcmp(json_string_value(t), target))
			return 1;
	return 0;
}
