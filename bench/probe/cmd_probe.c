// SPDX-License-Identifier: GPL-2.0
/*
 * pb probe --kernel NAME --out FILE [--features F] [--modules DIR] BUILD
 *
 * What one built kernel can do, read from its build directory on the host:
 * kfuncs from vmlinux's BTF (libbpf) and .BTF_ids, config from .config,
 * built-in KUnit suites from vmlinux's suite table (libelf), the features
 * and known-bug fixes of bench/probe/features.json against BTF, the source
 * tree's include/uapi and git history, and which of the folders' modules built
 * (DIR: kernel/modules.sh's output for it). Written atomically as JSON;
 * kept as it is while the build's stamp, the table and the modules are.
 */
#include <dirent.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "args.h"
#include "lib/file_text.h"
#include "lib/results.h"
#include "probe/btf_probe.h"
#include "probe/elf_probe.h"
#include "probe/features.h"
#include "probe/kconfig.h"

static unsigned long long fnv(unsigned long long h, const char *s)
{
	for (; s && *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h * 0x100000001b3ULL;
}

/*
 * Each module kernel/modules.sh tried against this build (DIR/src/NAME/: every
 * module a folder declares, pb build module-dirs): "built", or why not.
 */
static json_t *modules_state(const char *dir, const char *stamp, unsigned long long *key)
{
	json_t *mods = json_object();
	char srcs[PATH_MAX];
	struct dirent *e;
	DIR *d;

	snprintf(srcs, sizeof(srcs), "%s/src", dir ? dir : "");
	d = dir ? opendir(srcs) : NULL;
	while (d && (e = readdir(d))) {
		char path[PATH_MAX], *s, *log, *err;
		const char *state = "not built (make modules)";
		char buf[512];

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/src/%s/.pb-stamp", dir, e->d_name);
		s = file_text(path);
		snprintf(path, sizeof(path), "%s/src/%s/build.log", dir, e->d_name);
		log = file_text(path);
		if (s && !strncmp(s, stamp, strlen(stamp))) {
			state = "built";
		} else if (log && (err = strstr(log, "error:"))) {
			snprintf(buf, sizeof(buf), "does not build: %.*s", (int)strcspn(err, "\n"), err);
			state = buf;
		}
		json_object_set_new(mods, e->d_name, json_string(state));
		*key = fnv(fnv(*key, e->d_name), state);
		free(s);
		free(log);
	}
	if (d)
		closedir(d);
	return mods;
}

static int probe(json_t *caps, const char *build, const char *features, char *err, size_t len)
{
	char vmlinux[PATH_MAX], config[PATH_MAX], source[PATH_MAX], src[PATH_MAX], cwd[PATH_MAX];
	json_t *kunit = json_array(), *ids = json_object(), *kfuncs = json_array();
	json_t *cfg = json_object(), *table;
	struct probe_ctx ctx = { .caps = caps };
	json_error_t jerr;
	struct btf *btf;
	int rc = -1;

	json_object_set_new(caps, "kfuncs", kfuncs);
	json_object_set_new(caps, "kunit", kunit);
	json_object_set_new(caps, "config", cfg);
	snprintf(vmlinux, sizeof(vmlinux), "%s/vmlinux", build);
	snprintf(config, sizeof(config), "%s/.config", build);
	snprintf(source, sizeof(source), "%s/source", build);
	if (!realpath(source, src))	/* kbuild's link to the source; in-tree builds have none */
		snprintf(src, sizeof(src), "%s", build);
	json_object_set_new(caps, "source", json_string(src));
	if (elf_probe(vmlinux, kunit, ids, err, len) || kconfig_read(config, cfg, err, len))
		goto out;
	btf = btf_probe_open(vmlinux, err, len);
	if (!btf)
		goto out;
	btf_probe_kfuncs(btf, ids, kfuncs);
	table = json_load_file(features, 0, &jerr);
	if (!table) {
		snprintf(err, len, "%s:%d: %s", features, jerr.line, jerr.text);
	} else {
		ctx.btf = btf;
		ctx.src = src;
		ctx.build = build;
		ctx.repo = getcwd(cwd, sizeof(cwd)) ? cwd : ".";
		rc = features_probe(&ctx, table, caps, err, len);
		json_decref(table);
	}
	btf_probe_close(btf);
out:
	json_decref(ids);
	return rc;
}

static int cmd(int argc, char **argv)
{
	const char *kernel = NULL, *out = NULL, *features = FEATURES_TABLE;
	const char *modules = NULL, *build;
	char path[PATH_MAX], err[2048], key[32], *stamp, *table;
	unsigned long long k;
	json_t *caps, *old;
	struct args a;
	int c;

	args_init(&a, &cmd_probe, argc, argv);
	while ((c = args_next(&a)) > 0) {
		if (c == 'k')
			kernel = a.value;
		else if (c == 'o')
			out = a.value;
		else if (c == 'f')
			features = a.value;
		else if (c == 'm')
			modules = a.value;
	}
	if (c < 0)
		return a.status;
	build = a.operands[0];
	snprintf(path, sizeof(path), "%s/.pb-stamp", build);
	stamp = file_text(path);
	if (!stamp) {
		fprintf(stderr, "pb probe: %s has no .pb-stamp: not a built kernel (make kernels)\n", build);
		return 1;
	}
	stamp[strcspn(stamp, "\n")] = '\0';
	table = file_text(features);
	if (!table) {
		fprintf(stderr, "pb probe: cannot read %s\n", features);
		free(stamp);
		return 1;
	}
	caps = json_pack("{s:i,s:s,s:s,s:s}", "schema", 1, "kernel", kernel, "build", build,
			 "stamp", stamp);
	k = fnv(fnv(fnv(0xcbf29ce484222325ULL, stamp), table), build);
	json_object_set_new(caps, "modules", modules_state(modules, stamp, &k));
	snprintf(key, sizeof(key), "%016llx", k);
	free(table);
	free(stamp);
	old = json_load_file(out, 0, NULL);
	if (old && json_is_string(json_object_get(old, "key")) &&
	    !strcmp(json_string_value(json_object_get(old, "key")), key)) {
		printf("probe: %s: %s up to date\n", kernel, out);
		json_decref(old);
		json_decref(caps);
		return 0;
	}
	json_decref(old);
	json_object_set_new(caps, "key", json_string(key));
	if (probe(caps, build, features, err, sizeof(err))) {
		fprintf(stderr, "pb probe: %s: %s\n", kernel, err);
		json_decref(caps);
		return 1;
	}
	if (results_write(caps, out)) {
		json_decref(caps);
		return 1;
	}
	printf("probe: %s: %zu kfuncs, %zu KUnit suites, %zu config symbols -> %s\n", kernel,
	       json_array_size(json_object_get(caps, "kfuncs")),
	       json_array_size(json_object_get(caps, "kunit")),
	       json_object_size(json_object_get(caps, "config")), out);
	json_decref(caps);
	return 0;
}

static const struct option options[] = {
	{ "kernel", required_argument, NULL, 'k' },
	{ "out", required_argument, NULL, 'o' },
	{ "features", required_argument, NULL, 'f' },
	{ "modules", required_argument, NULL, 'm' },
	{ 0 },
};

const struct pb_cmd cmd_probe = {
	.name = "probe",
	.run = cmd,
	.summary = "what a built kernel can do (kfuncs, config, KUnit, features, fixes) as JSON",
	.usage = "pb probe --kernel NAME --out FILE [--features F] [--modules DIR] BUILD",
	.details = "Reads BUILD (a kernel build directory: vmlinux, .config, .pb-stamp, source)\n"
		   "on the host, never a running kernel, and writes its capabilities to FILE\n"
		   "(atomically): kfuncs (BTF FUNCs that .BTF_ids names), config, built-in\n"
		   "KUnit suites, the features and fixes of F (default bench/probe/features.json)\n"
		   "and, with --modules DIR (kernel/modules.sh's output for BUILD), which\n"
		   "of the folders' modules built. FILE is left as it is while BUILD's stamp, F and\n"
		   "the modules are unchanged. Exit 1 when BUILD cannot be read.\n",
	.options = options,
	.required = (const char *const[]){ "kernel", "out", NULL },
	.min_operands = 1,
	.max_operands = 1,
};
