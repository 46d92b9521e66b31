// SPDX-License-Identifier: GPL-2.0
#include "build/units.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/suites.h"

static const char *const roots[] = { "components", "tests/guest" };

const char *unit_kind_name(enum unit_kind kind)
{
	static const char *const names[] = { "component", "test", "suite" };

	return names[kind];
}

static int fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}

static int plain(const char *s)
{
	if (!*s || *s == '-' || strlen(s) >= 64)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
			return 0;
	return 1;
}

static int is_file(const char *path, mode_t type)
{
	struct stat st;

	return !stat(path, &st) && (st.st_mode & S_IFMT) == type;
}

/* @v, at @key of @file, an array of strings (missing: an empty one, set in @obj). */
static int strings(json_t *obj, const char *key, const char *file, const char *where, char *err,
		   size_t len)
{
	json_t *v = json_object_get(obj, key), *e;
	size_t i;

	if (!v)
		return json_object_set_new(obj, key, json_array());
	if (!json_is_array(v))
		return fail(err, len, "%s: key '%s%s': should be an array of strings", file, where, key);
	json_array_foreach(v, i, e)
		if (!json_is_string(e) || !*json_string_value(e))
			return fail(err, len, "%s: key '%s%s.%zu': should be a non-empty string", file,
				    where, key, i);
	return 0;
}

/* Every source a folder names exists (relative to @dir). */
static int sources_exist(json_t *list, const char *dir, const char *file, const char *where,
			 char *err, size_t len)
{
	json_t *e;
	size_t i;

	json_array_foreach(list, i, e) {
		char path[8400];

		snprintf(path, sizeof(path), "%s/%s", dir, json_string_value(e));
		if (!is_file(path, S_IFREG))
			return fail(err, len, "%s: key '%s.%zu': %s: no such file", file, where, i,
				    path);
	}
	return 0;
}

static int check_programs(json_t *b, const char *key, const struct unit *u, char *err, size_t len)
{
	static const char *const fields[] = { "name", "sources", "uses", "cflags", "libs", "host", NULL };
	json_t *list = json_object_get(b, key), *p;
	size_t i;

	if (!list)
		return json_object_set_new(b, key, json_array());
	if (!json_is_array(list))
		return fail(err, len, "%s: key '%s': should be an array of programs", u->file, key);
	json_array_foreach(list, i, p) {
		char where[128];
		const char *k;
		json_t *v;

		snprintf(where, sizeof(where), "%s.%zu.", key, i);
		if (!json_is_object(p))
			return fail(err, len, "%s: key '%s.%zu': should be an object", u->file, key, i);
		json_object_foreach(p, k, v) {
			int known = 0;

			for (int f = 0; fields[f]; f++)
				known |= !strcmp(k, fields[f]);
			if (!known)
				return fail(err, len, "%s: key '%s%s': unknown (name, sources, uses, "
					    "cflags, libs, host)", u->file, where, k);
		}
		v = json_object_get(p, "name");
		if (!json_is_string(v) || !plain(json_string_value(v)))
			return fail(err, len, "%s: key '%sname': should be the program's name "
				    "(lower-case letters, digits, '-' and '_')", u->file, where);
		if (!json_array_size(json_object_get(p, "sources")))
			return fail(err, len, "%s: key '%ssources': should list its C sources", u->file,
				    where);
		v = json_object_get(p, "host");
		if (v && !json_is_boolean(v))
			return fail(err, len, "%s: key '%shost': should be true or false", u->file, where);
		for (int f = 1; fields[f + 1]; f++)
			if (strings(p, fields[f], u->file, where, err, len))
				return -1;
		strcat(where, "sources");
		if (sources_exist(json_object_get(p, "sources"), u->dir, u->file, where, err, len))
			return -1;
	}
	return 0;
}

static int check_build(struct unit *u, char *err, size_t len)
{
	static const char *const keys[] = { "description", "programs", "bpf_programs", "library",
					     "modules", NULL };
	json_t *b = u->build, *v, *e;
	const char *k;
	size_t i;

	if (!json_is_object(b))
		return fail(err, len, "%s: should be a JSON object", u->file);
	json_object_foreach(b, k, v) {
		int known = 0;

		for (int f = 0; keys[f]; f++)
			known |= !strcmp(k, keys[f]);
		if (!known)
			return fail(err, len, "%s: key '%s': unknown (description, programs, "
				    "bpf_programs, library, modules)", u->file, k);
	}
	v = json_object_get(b, "description");
	if (v && !json_is_string(v))
		return fail(err, len, "%s: key 'description': should be a string", u->file);
	if (check_programs(b, "programs", u, err, len) || check_programs(b, "bpf_programs", u, err, len) ||
	    strings(b, "library", u->file, "", err, len) || strings(b, "modules", u->file, "", err, len) ||
	    sources_exist(json_object_get(b, "library"), u->dir, u->file, "library", err, len))
		return -1;
	if (json_array_size(json_object_get(b, "library")) && u->kind != UNIT_COMPONENT)
		return fail(err, len, "%s: key 'library': only a component (components/NAME/) is "
			    "a library others use", u->file);
	json_array_foreach(json_object_get(b, "modules"), i, e) {
		char kbuild[8400];

		snprintf(kbuild, sizeof(kbuild), "%s/%s/Kbuild", u->dir, json_string_value(e));
		if (!is_file(kbuild, S_IFREG))
			return fail(err, len, "%s: key 'modules.%zu': no %s (a module is a folder with "
				    "a Kbuild)", u->file, i, kbuild);
	}
	return 0;
}

static int add(struct units *all, const char *dir, const char *name, enum unit_kind kind, char *err,
	       size_t len)
{
	struct unit *u = &all->u[all->n];
	json_error_t jerr;

	if (all->n == UNITS_MAX)
		return fail(err, len, "%s: more than %d folders", dir, UNITS_MAX);
	memset(u, 0, sizeof(*u));
	snprintf(u->name, sizeof(u->name), "%s", name);
	snprintf(u->dir, sizeof(u->dir), "%s", dir);
	snprintf(u->file, sizeof(u->file), "%s/build.json", dir);
	u->kind = kind;
	if (is_file(u->file, S_IFREG)) {
		u->build = json_load_file(u->file, JSON_REJECT_DUPLICATES, &jerr);
		if (!u->build)
			return fail(err, len, "%s:%d: %s", u->file, jerr.line, jerr.text);
	} else {
		u->build = json_object();
	}
	all->n++;
	return check_build(u, err, len);
}

static int add_root(struct units *all, const char *root, enum unit_kind kind, char *err, size_t len)
{
	struct dirent **names;
	int n, status = 0;

	n = scandir(root, &names, NULL, alphasort);
	if (n < 0)
		return 0;	/* a tree without components or tests builds none */
	for (int i = 0; i < n; i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%.2000s/%.1000s", root, names[i]->d_name);
		if (!status && names[i]->d_name[0] != '.' && is_file(path, S_IFDIR))
			status = add(all, path, names[i]->d_name, kind, err, len);
		free(names[i]);
	}
	free(names);
	return status;
}

const struct unit *units_component(const struct units *all, const char *name)
{
	for (int i = 0; i < all->n; i++)
		if (all->u[i].kind == UNIT_COMPONENT && !strcmp(all->u[i].name, name))
			return &all->u[i];
	return NULL;
}

/* A program's or module's name is given by one folder only; what a program uses exists. */
static int names_unique(const struct units *all, char *err, size_t len)
{
	static const char *const lists[] = { "programs", "bpf_programs", "modules" };
	json_t *seen = json_object(), *p, *e;
	int status = 0;
	size_t i, j;

	for (int a = 0; a < all->n && !status; a++) {
		const struct unit *u = &all->u[a];

		for (size_t l = 0; l < 3 && !status; l++) {
			json_array_foreach(json_object_get(u->build, lists[l]), i, p) {
				const char *name = json_is_string(p) ? json_string_value(p) :
					json_string_value(json_object_get(p, "name"));
				const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
				json_t *twin;

				if (!strcmp(base, "."))
					base = u->name;
				twin = json_object_get(seen, base);
				if (twin) {
					status = fail(err, len, "%s: '%s' is built by %s too: names of "
						      "programs and modules are unique", u->file, base,
						      json_string_value(twin));
					break;
				}
				json_object_set_new(seen, base, json_string(u->file));
				json_array_foreach(json_object_get(p, "uses"), j, e) {
					const struct unit *c = units_component(all, json_string_value(e));

					if (!c || !json_array_size(json_object_get(c->build, "library"))) {
						status = fail(err, len, "%s: key '%s.%zu.uses.%zu': no "
							      "component '%s' with a library "
							      "(components/NAME/build.json)", u->file,
							      lists[l], i, j, json_string_value(e));
						break;
					}
				}
				if (status)
					break;
			}
		}
	}
	json_decref(seen);
	return status;
}

int units_load(struct units *all, char *err, size_t len)
{
	static struct suites suites;
	int status = 0;

	all->n = 0;
	for (size_t r = 0; r < sizeof(roots) / sizeof(roots[0]) && !status; r++)
		status = add_root(all, roots[r], r ? UNIT_TEST : UNIT_COMPONENT, err, len);
	if (!status && suites_load(&suites, err, len))
		status = -1;
	else if (!status) {
		for (int i = 0; i < suites.n && !status; i++)
			status = add(all, suites.s[i].dir, suites.s[i].name, UNIT_SUITE, err, len);
		suites_free(&suites);
	}
	if (!status)
		status = names_unique(all, err, len);
	if (status)
		units_free(all);
	return status;
}

void units_free(struct units *all)
{
	for (int i = 0; i < all->n; i++)
		json_decref(all->u[i].build);
	all->n = 0;
}
