// SPDX-License-Identifier: GPL-2.0
#include "lib/guest_tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/env.h"
#include "lib/manifest_dir.h"

const char *guest_tests_dir(void)
{
	return env_or("GUEST_TESTS_DIR", "tests/guest");
}

const char *kunit_glob(void)
{
	return env_or("KUNIT", KUNIT_GLOB_DEFAULT);
}

struct load_ctx {
	struct guest_tests *all;
	const json_t *fixes;
};

static int load_one(void *ctx, const char *name, char *err, size_t len)
{
	struct load_ctx *l = ctx;
	struct guest_tests *all = l->all;
	struct guest_test *t = &all->t[all->n];
	char guest[4200], path[sizeof(t->path)];
	struct stat st;

	if (all->n == GUEST_TESTS_MAX) {
		snprintf(err, len, "%s: more than %d guest tests", all->dir, GUEST_TESTS_MAX);
		return -1;
	}
	if (!manifest_plain_name(name) || strlen(name) >= sizeof(t->name) || strlen(all->dir) > 3000) {
		snprintf(err, len, "%.3000s/%.200s: a guest test's name should be lower-case letters, "
			 "digits and '-', at most %zu", all->dir, name, sizeof(t->name) - 1);
		return -1;
	}
	snprintf(t->name, sizeof(t->name), "%s", name);
	snprintf(path, sizeof(path), "%.3000s/%s/test.json", all->dir, name);
	memcpy(t->path, path, sizeof(path));
	if (stat(t->path, &st)) {
		snprintf(err, len, "%s: missing (every directory of %s is a guest test)", t->path,
			 all->dir);
		return -1;
	}
	t->m = manifest_read(t->path, err, len);
	if (!t->m)
		return -1;
	all->n++;
	if (guest_test_schema_check(t->m, t->path, l->fixes, err, len))
		return -1;
	snprintf(guest, sizeof(guest), "%.3000s/%s/guest", all->dir, name);
	if (!manifest_executable(guest)) {
		snprintf(err, len, "%s: no executable %s: the initramfs carries it as /pb/tests/%s",
			 t->path, guest, name);
		return -1;
	}
	return 0;
}

static int by_order(const void *a, const void *b)
{
	const struct guest_test *x = a, *y = b;
	json_int_t ox = json_integer_value(json_object_get(x->m, "order"));
	json_int_t oy = json_integer_value(json_object_get(y->m, "order"));
	/* the guest stage's first, as make test lists the stages */
	int stage = strcmp(json_string_value(json_object_get(y->m, "stage")),
			   json_string_value(json_object_get(x->m, "stage")));

	if (stage)
		return stage;
	return ox != oy ? (ox > oy) - (ox < oy) : strcmp(x->name, y->name);
}

/* Each crash-stage boot's name, its job crash/NAME, once among every test's. */
static int crash_names_unique(const struct guest_tests *all, char *err, size_t len)
{
	json_t *seen = json_object();
	int status = 0;

	for (int i = 0; i < all->n && !status; i++) {
		const struct guest_test *t = &all->t[i];
		json_t *cs = json_object_get(t->m, "cases"), *c;
		size_t j;

		if (strcmp(json_string_value(json_object_get(t->m, "stage")), "crash"))
			continue;
		if (!json_array_size(cs))
			cs = json_pack("[{s:s}]", "name", t->name);
		else
			json_incref(cs);
		json_array_foreach(cs, j, c) {
			const char *name = json_string_value(json_object_get(c, "name"));
			json_t *other = json_object_get(seen, name);

			if (other) {
				snprintf(err, len, "%s: crash boot '%s' is also %s's: each is the job "
					 "crash/NAME", t->path, name, json_string_value(other));
				status = -1;
				break;
			}
			json_object_set_new(seen, name, json_string(t->name));
		}
		json_decref(cs);
	}
	json_decref(seen);
	return status;
}

int guest_tests_load(struct guest_tests *all, const json_t *fixes, char *err, size_t len)
{
	struct load_ctx l = { all, fixes };
	int status;

	all->n = 0;
	snprintf(all->dir, sizeof(all->dir), "%s", guest_tests_dir());
	status = manifest_dir_each(all->dir, "the guest tests' directory (GUEST_TESTS_DIR)",
				   load_one, &l, err, len);
	if (!status && !all->n) {
		snprintf(err, len, "%s: no guest test (no NAME/test.json)", all->dir);
		status = -1;
	}
	if (!status)
		status = crash_names_unique(all, err, len);
	if (status) {
		guest_tests_free(all);
		return -1;
	}
	qsort(all->t, (size_t)all->n, sizeof(all->t[0]), by_order);
	return 0;
}

void guest_tests_free(struct guest_tests *all)
{
	for (int i = 0; i < all->n; i++)
		json_decref(all->t[i].m);
	all->n = 0;
}

const struct guest_test *guest_tests_find(const struct guest_tests *all, const char *name)
{
	for (int i = 0; i < all->n; i++)
		if (!strcmp(all->t[i].name, name))
			return &all->t[i];
	return NULL;
}

static json_t *boot(const struct guest_test *t, const json_t *c, const char *name)
{
	json_t *b = json_deep_copy(t->m), *needs = json_object_get(b, "needs");

	json_object_del(b, "cases");
	json_object_set_new(b, "test", json_string(t->name));
	json_object_set_new(b, "name", json_string(name));
	if (c) {
		json_array_extend(needs, json_object_get(c, "needs"));
		json_object_set(b, "append", json_object_get(c, "append"));
	}
	return b;
}

json_t *guest_tests_crash_boot(const struct guest_tests *all, const char *name)
{
	for (int i = 0; i < all->n; i++) {
		const struct guest_test *t = &all->t[i];
		json_t *c;
		size_t j;

		if (strcmp(json_string_value(json_object_get(t->m, "stage")), "crash"))
			continue;
		if (!json_array_size(json_object_get(t->m, "cases")) && !strcmp(t->name, name))
			return boot(t, NULL, name);
		json_array_foreach(json_object_get(t->m, "cases"), j, c)
			if (!strcmp(json_string_value(json_object_get(c, "name")), name))
				return boot(t, c, name);
	}
	return NULL;
}
