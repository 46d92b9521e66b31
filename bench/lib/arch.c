// SPDX-License-Identifier: GPL-2.0
/* Loading and checking vm/arch/NAME.json (lib/arch.h). */
#include "lib/arch.h"
#include "lib/env.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* The fields every description has: the string ones, then kvm (boolean). */
static const char *const string_fields[] = {
	"name", "qemu", "qemu_package", "machine", "cpu_tcg", "console", "kbuild_arch",
	"image", "cross_compile", "cross_packages", "bpf_target_arch", "debian_arch",
	"config", "tree_suffix", "cache_subdir", NULL,
};

const char *arch_dir(void)
{
	return env_or("PB_ARCH_DIR", "vm/arch");
}

const char *arch_selected(void)
{
	return env_or("GUEST_ARCH", ARCH_DEFAULT);
}

int arch_is_default(const char *name)
{
	return !strcmp(name, ARCH_DEFAULT);
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void arch_known(char *buf, size_t len)
{
	char *names[64];
	int n = 0;
	DIR *d = opendir(arch_dir());
	struct dirent *e;

	*buf = 0;
	if (!d)
		return;
	while ((e = readdir(d)) && n < 64) {
		size_t l = strlen(e->d_name);

		if (l > 5 && !strcmp(e->d_name + l - 5, ".json") && e->d_name[0] != '.')
			names[n++] = strndup(e->d_name, l - 5);
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), cmp);
	for (int i = 0; i < n; i++) {
		size_t used = strlen(buf);

		snprintf(buf + used, len - used, "%s%s", used ? " " : "", names[i]);
		free(names[i]);
	}
}

int arch_name_ok(const char *name)
{
	if (!*name)
		return 0;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
			return 0;
	return 1;
}

json_t *arch_load(const char *name, FILE *err)
{
	char path[4096], known[1024];
	json_error_t jerr;
	json_t *d;

	arch_known(known, sizeof(known));
	snprintf(path, sizeof(path), "%s/%s.json", arch_dir(), name);
	if (!arch_name_ok(name) || !(d = json_load_file(path, 0, &jerr))) {
		if (arch_name_ok(name) && strcmp(jerr.text, "unable to open") &&
		    !strstr(jerr.text, "No such file"))
			fprintf(err, "pb: %s: %s\n", path, jerr.text);
		else
			fprintf(err, "pb: unknown guest architecture '%s' (GUEST_ARCH); known: %s\n",
				name, *known ? known : "none");
		return NULL;
	}
	for (int i = 0; string_fields[i]; i++)
		if (!json_is_string(json_object_get(d, string_fields[i]))) {
			fprintf(err, "pb: %s: no string field \"%s\"\n", path, string_fields[i]);
			json_decref(d);
			return NULL;
		}
	if (!json_is_boolean(json_object_get(d, "kvm"))) {
		fprintf(err, "pb: %s: no boolean field \"kvm\"\n", path);
		json_decref(d);
		return NULL;
	}
	if (json_object_get(d, "icount_max_cpus") &&
	    (!json_is_integer(json_object_get(d, "icount_max_cpus")) || arch_icount_max_cpus(d) < 1)) {
		fprintf(err, "pb: %s: \"icount_max_cpus\" is not a positive integer\n", path);
		json_decref(d);
		return NULL;
	}
	if (strcmp(arch_str(d, "name"), name)) {
		fprintf(err, "pb: %s: its name is \"%s\", not \"%s\"\n", path, arch_str(d, "name"), name);
		json_decref(d);
		return NULL;
	}
	return d;
}

const char *arch_str(const json_t *desc, const char *field)
{
	const char *s = json_string_value(json_object_get(desc, field));

	return s ? s : "";
}

int arch_kvm(const json_t *desc)
{
	return json_is_true(json_object_get(desc, "kvm"));
}

int arch_icount_max_cpus(const json_t *desc)
{
	return (int)json_integer_value(json_object_get(desc, "icount_max_cpus"));
}

const char *arch_of_result(const json_t *result)
{
	const char *a = json_string_value(json_object_get(json_object_get(result, "meta"),
							  "guest_arch"));

	return a ? a : ARCH_DEFAULT;
}
