// SPDX-License-Identifier: GPL-2.0
#include "lib/suites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/manifest_dir.h"

const char *suites_dir(void)
{
	const char *d = getenv("SUITES_DIR");

	return d && *d ? d : "suites";
}

static void guest_path(const char *dir, const struct suite *s, char *buf, size_t len)
{
	snprintf(buf, len, "%.3000s/%s/guest", dir, s->name);
}

int suite_has_guest(const struct suites *all, const struct suite *s)
{
	char guest[4200];

	guest_path(all->dir, s, guest, sizeof(guest));
	return manifest_executable(guest);
}

/* What the manifest names must exist: its runner, and the guest script bench/collect/run.sh boots. */
static int files_present(const struct suite *s, const char *dir, char *err, size_t len)
{
	const char *runner = json_string_value(json_object_get(s->m, "runner"));
	char guest[4200];

	if (!manifest_executable(runner)) {
		snprintf(err, len, "%s: key 'runner': %s is not an executable file", s->path, runner);
		return -1;
	}
	guest_path(dir, s, guest, sizeof(guest));
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

static int load_one(void *ctx, const char *name, char *err, size_t len)
{
	struct suites *all = ctx;
	struct suite *s = &all->s[all->n];
	char path[sizeof(s->path)];
	struct stat st;

	if (all->n == SUITES_MAX) {
		snprintf(err, len, "%s: more than %d suites", all->dir, SUITES_MAX);
		return -1;
	}
	if (!manifest_plain_name(name) || strlen(name) >= sizeof(s->name) || strlen(all->dir) > 3000) {
		snprintf(err, len, "%.3000s/%.200s: a suite's name should be lower-case letters, "
			 "digits and '-', at most %zu", all->dir, name, sizeof(s->name) - 1);
		return -1;
	}
	snprintf(path, sizeof(path), "%.3000s/%s/suite.json", all->dir, name);
	snprintf(s->name, sizeof(s->name), "%s", name);
	memcpy(s->path, path, sizeof(path));
	if (stat(s->path, &st)) {
		snprintf(err, len, "%s: missing (every directory of %s is a suite)", s->path,
			 all->dir);
		return -1;
	}
	s->m = manifest_read(s->path, err, len);
	if (!s->m)
		return -1;
	all->n++;
	if (suite_schema_check(s->m, s->path, err, len) || files_present(s, all->dir, err, len))
		return -1;
	return 0;
}

int suites_load(struct suites *all, char *err, size_t len)
{
	int status;

	all->n = 0;
	snprintf(all->dir, sizeof(all->dir), "%s", suites_dir());
	status = manifest_dir_each(all->dir, "the suites' directory (SUITES_DIR)", load_one, all,
				   err, len);
	if (!status && !all->n) {
		snprintf(err, len, "%s: no suite (no NAME/suite.json)", all->dir);
		status = -1;
	}
	if (status) {
		suites_free(all);
		return -1;
	}
	qsort(all->s, (size_t)all->n, sizeof(all->s[0]), by_order);
	return 0;
}

void suites_free(struct suites *all)
{
	for (int i = 0; i < all->n; i++)
		json_decref(all->s[i].m);
	all->n = 0;
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
