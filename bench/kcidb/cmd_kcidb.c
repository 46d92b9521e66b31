// SPDX-License-Identifier: GPL-2.0
/*
 * pb kcidb --out FILE --url-base URL [--origin NAME]
 *     [--checkout SERIES=PATCHSET_HASH] [--patch SERIES=PATH]...
 *     [--config VARIANT=PATH]... [--compiler VARIANT=TEXT]...
 *     [--kernel VARIANT=STAMP,SERIES]... [--tap VARIANT=FILE]...
 *     [--bench-logs DIR] [--root DIR | RESULT.json...]
 * pb kcidb --newest [--root DIR | RESULT.json...]
 *
 * One KCIDB v5.3 document (bench/kcidb/kcidb-schema-v5.3.json) for the newest
 * result of each suite (GUEST_ARCH's results layout, lib/layout.h: by the
 * project's history; or the RESULT files given, one per suite) and for TAP files:
 *   checkouts: the Debian tree as shipped (the baseline's, no patches) and
 *     the tree + each series seen (patchset hash and files from
 *     --checkout/--patch: bench/kcidb/kcidb.sh computes them from git);
 *   builds: one per kernel variant and stamp (results record theirs, TAP
 *     files get theirs from --kernel: the kernels in PB_CACHE);
 *   tests: one per benchmark point and kernel (DONE, the median in
 *     "number"; ERROR when the 2K batch did not cost twice the K batch),
 *     one per crash-memory figure, one per TAP result.
 * The results are taken most recently made first (by the date each records);
 * those of another series than the first's, or of another guest architecture
 * than GUEST_ARCH's (meta.guest_arch, the default's when absent), are left out
 * (the document describes one run); the builds' architecture is GUEST_ARCH's
 * kbuild ARCH (vm/arch/NAME.json, lib/arch.h). --newest prints the result
 * files it would use in that order, and writes nothing. PATHs become
 * URL-BASE/PATH.
 */
#include <glob.h>
#include <jansson.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "args.h"
#include "kcidb/kcidb.h"
#include "tap/ktap.h"
#include "lib/arch.h"
#include "lib/layout.h"
#include "lib/results.h"
#include "lib/stats.h"

#define MAX_RESULTS 64

struct kcidb {
	const char *origin, *url_base, *out, *bench_logs, *debian;
	const char *architecture;	/* the builds': the guest architecture's kbuild ARCH */
	json_t *patchset_hash;	/* series -> hash */
	json_t *patches;	/* series -> [path] */
	json_t *configs;	/* variant -> [path] */
	json_t *compilers;	/* variant -> text */
	json_t *kernels;	/* variant -> [stamp, series] for the TAP files */
	json_t *taps;		/* [[variant, file]] */
	json_t *checkouts, *builds, *tests;
	json_t *build_ids;	/* "variant stamp" -> build id */
	json_t *test_ids;	/* ids taken */
	size_t tap_tests, measurements;
};

static const char *meta_get(json_t *root, const char *key)
{
	return json_string_value(json_object_get(json_object_get(root, "meta"), key));
}

static json_t *url_resource(struct kcidb *k, const char *path)
{
	char url[8192], copy[4096];

	snprintf(copy, sizeof(copy), "%s", path);
	if (path[0] == '/')
		snprintf(url, sizeof(url), "file://%s", path);
	else
		snprintf(url, sizeof(url), "%s/%s", k->url_base, path);
	return json_pack("{s:s,s:s}", "name", basename(copy), "url", url);
}

/* The checkout of @series ("" for the tree as Debian ships it); its id. */
static const char *checkout_for(struct kcidb *k, const char *series)
{
	char id[512];
	json_t *c, *files, *hash;
	size_t i;

	if (*series)
		snprintf(id, sizeof(id), "%s:debian-%s+%s", k->origin, k->debian, series);
	else
		snprintf(id, sizeof(id), "%s:debian-%s", k->origin, k->debian);
	json_array_foreach(k->checkouts, i, c)
		if (!strcmp(json_string_value(json_object_get(c, "id")), id))
			return json_string_value(json_object_get(c, "id"));
	c = json_pack("{s:s,s:s,s:s,s:b,s:{s:s,s:s}}", "id", id, "origin", k->origin,
		      "tree_name", "debian", "valid", 1, "misc", "debian_package", k->debian,
		      "series", *series ? series : "none");
	if (!*series) {
		json_object_set_new(c, "patchset_hash", json_string(""));
		json_object_set_new(c, "comment", json_sprintf("Debian linux-source-6.12 %s, "
							      "as shipped (the baseline)", k->debian));
	} else if ((hash = json_object_get(k->patchset_hash, series))) {
		json_t *p;

		files = json_array();
		json_array_foreach(json_object_get(k->patches, series), i, p)
			json_array_append_new(files, url_resource(k, json_string_value(p)));
		json_object_set(c, "patchset_hash", hash);
		json_object_set_new(c, "patchset_files", files);
		json_object_set_new(c, "comment",
				    json_sprintf("Debian linux-source-6.12 %s + %zu patches "
						 "(kernel/patches, series %s)", k->debian,
						 json_array_size(files), series));
	} else {
		json_object_set_new(c, "comment",
				    json_sprintf("Debian linux-source-6.12 %s + series %s "
						 "(its patch files were not at hand)", k->debian, series));
	}
	json_array_append_new(k->checkouts, c);
	return json_string_value(json_object_get(c, "id"));
}

/* The build of @variant with @stamp from @series ("none": the tree as Debian ships it); its id. */
static const char *build_for(struct kcidb *k, const char *variant, const char *stamp,
			     const char *series, const char *kernel_commit)
{
	char key[512], id[512], config_name[1024] = "tinyconfig";
	json_t *b, *inputs = json_array(), *p, *compiler;
	const char *have, *cached;
	size_t i;

	snprintf(key, sizeof(key), "%s %s", variant, stamp);
	if ((have = json_string_value(json_object_get(k->build_ids, key))))
		return have;
	snprintf(id, sizeof(id), "%s:%s-%s", k->origin, variant, stamp);
	json_array_foreach(json_object_get(k->configs, variant), i, p) {
		char copy[4096];

		json_array_append_new(inputs, url_resource(k, json_string_value(p)));
		snprintf(copy, sizeof(copy), "%s", json_string_value(p));
		snprintf(config_name + strlen(config_name), sizeof(config_name) - strlen(config_name),
			 " + %s", basename(copy));
	}
	b = json_pack("{s:s,s:s,s:s,s:s,s:s,s:o,s:s,s:s,s:{s:s,s:s}}", "id", id, "origin",
		      k->origin, "checkout_id",
		      checkout_for(k, strcmp(series, "none") ? series : ""), "architecture",
		      k->architecture, "config_name", config_name, "input_files", inputs, "status",
		      "PASS",
		      "comment", "built by kernel/build.sh; it booted and ran the tests below",
		      "misc", "variant", variant, "stamp", stamp);
	if (kernel_commit)
		json_object_set_new(json_object_get(b, "misc"), "kernel_commit",
				    json_string(kernel_commit));
	/* the compiler is known for the kernels in PB_CACHE (--kernel) */
	cached = json_string_value(json_array_get(json_object_get(k->kernels, variant), 0));
	if ((compiler = json_object_get(k->compilers, variant)) && cached && !strcmp(stamp, cached))
		json_object_set(b, "compiler", compiler);
	json_array_append_new(k->builds, b);
	json_object_set_new(k->build_ids, key, json_string(id));
	return json_string_value(json_object_get(k->build_ids, key));
}

/* A test object with a unique id under @build_id; the caller fills it in. */
static json_t *new_test(struct kcidb *k, const char *build_id, const char *path)
{
	char id[1200];
	json_t *t;

	snprintf(id, sizeof(id), "%s:%s", build_id, path);
	for (int n = 2; json_object_get(k->test_ids, id); n++)
		snprintf(id, sizeof(id), "%s:%s.%d", build_id, path, n);
	json_object_set_new(k->test_ids, id, json_true());
	t = json_pack("{s:s,s:s,s:s,s:s}", "id", id, "build_id", build_id, "origin", k->origin,
		      "path", path);
	json_array_append_new(k->tests, t);
	return t;
}

/* "COMMIT stamp STAMP" (meta.<kernel>_kernel) split; 0 if it reads so. */
static int kernel_meta(json_t *root, const char *kernel, char *commit, char *stamp, size_t len)
{
	char key[128], fmt[64];
	const char *v;

	snprintf(key, sizeof(key), "%s_kernel", kernel);
	v = meta_get(root, key);
	snprintf(fmt, sizeof(fmt), "%%%zus stamp %%%zus", len - 1, len - 1);
	return v && sscanf(v, fmt, commit, stamp) == 2 ? 0 : -1;
}

static void attach_bench_logs(struct kcidb *k, json_t *test, const char *suite, const char *kernel)
{
	char pattern[4096];
	json_t *files = json_array();
	glob_t g;

	if (k->bench_logs) {
		snprintf(pattern, sizeof(pattern), "%s/%s/%s-*/console.log", k->bench_logs, suite,
			 kernel);
		if (!glob(pattern, 0, NULL, &g)) {
			for (size_t i = 0; i < g.gl_pathc; i++) {
				json_t *r = url_resource(k, g.gl_pathv[i]);
				char name[64];

				/* every boot's log is console.log: name them by boot */
				snprintf(name, sizeof(name), "console-%zu.log", i + 1);
				json_object_set_new(r, "name", json_string(name));
				json_array_append_new(files, r);
			}
			globfree(&g);
		}
	}
	if (json_array_size(files))
		json_object_set_new(test, "output_files", files);
	else
		json_decref(files);
}

static json_t *environment(json_t *root)
{
	const char *qemu = meta_get(root, "qemu"), *accel = json_string_value(
		json_object_get(root, "accel"));

	if (!accel)
		accel = meta_get(root, "accel");
	return json_pack("{s:s,s:{s:s,s:s,s:s}}", "comment", "QEMU guest (pb vm)", "misc",
			 "qemu", qemu ? qemu : "?", "accel", accel ? accel : "?", "host_cpu",
			 meta_get(root, "host_cpu") ? meta_get(root, "host_cpu") : "?");
}

/*
 * The series @kernel of a result was built from: a result records one,
 * its pair's second side's (bench/collect/meta.sh); the first side is
 * Debian's tree as shipped.
 */
static const char *series_of(const char *kernel, const char *series)
{
	return strcmp(kernel, PAIR_FIRST) ? series : "none";
}

static int add_points(struct kcidb *k, json_t *root, const char *series)
{
	static struct series s;
	const char *suite = json_string_value(json_object_get(root, "suite"));
	const char *unit = json_string_value(json_object_get(root, "unit"));
	const char *accel = json_string_value(json_object_get(root, "accel"));
	json_t *points = json_object_get(root, "points"), *varying, *point;
	size_t i;

	varying = kcidb_varying_params(points);
	json_array_foreach(points, i, point) {
		const char *kernel;
		json_t *v;
		char path[1024];

		if (kcidb_point_path(suite, json_object_get(point, "params"), varying, path,
				     sizeof(path))) {
			fprintf(stderr, "pb kcidb: %s: a point's path is too long\n", suite);
			json_decref(varying);
			return -1;
		}
		json_object_foreach(point, kernel, v) {
			char commit[64], stamp[64];
			const char *suspect, *build;
			json_t *t;

			if (!strcmp(kernel, "params") || !results_load(point, kernel, &s))
				continue;
			if (kernel_meta(root, kernel, commit, stamp, sizeof(commit)))
				continue;	/* a kernel the metadata does not describe */
			build = build_for(k, kernel, stamp, series_of(kernel, series), commit);
			t = new_test(k, build, path);
			suspect = results_suspect(&s, accel && !strcmp(accel, "icount"));
			json_object_set_new(t, "status", json_string(results_scales(&s) ? "DONE" : "ERROR"));
			json_object_set_new(t, "number", kcidb_number(stat_median(s.x, s.n), unit));
			json_object_set_new(t, "environment", environment(root));
			json_object_set_new(t, "start_time", json_string(meta_get(root, "date")));
			json_object_set_new(t, "misc", json_pack(
				"{s:O,s:i,s:f,s:f,s:s,s:s,s:s}", "params", json_object_get(point, "params"),
				"samples", (int)s.n, "q1", stat_quantile(s.x, s.n, 0.25), "q3",
				stat_quantile(s.x, s.n, 0.75), "unit", unit ? unit : "?",
				"project_commit", meta_get(root, "project_commit"),
				"checks", !results_scales(&s) ? "invalid: the 2K batch did not cost twice "
				"the K batch" : suspect ? suspect : "ok"));
			attach_bench_logs(k, t, suite, kernel);
			k->measurements++;
		}
	}
	json_decref(varying);
	return 0;
}

/* kind "memory" (crash-memory): every numeric field of every record. */
static void add_records(struct kcidb *k, json_t *root, const char *series)
{
	const char *suite = json_string_value(json_object_get(root, "suite"));
	json_t *rec;
	size_t i;

	json_array_foreach(json_object_get(root, "records"), i, rec) {
		const char *kernel = json_string_value(json_object_get(rec, "kernel"));
		const char *c = json_string_value(json_object_get(rec, "case"));
		char commit[64], stamp[64], path[1024];
		const char *field, *build;
		json_t *v;

		if (!kernel || !c || kernel_meta(root, kernel, commit, stamp, sizeof(commit)))
			continue;
		build = build_for(k, kernel, stamp, series_of(kernel, series), commit);
		json_object_foreach(rec, field, v) {
			json_t *t;

			if (!json_is_number(v))
				continue;
			kcidb_point_path(suite, NULL, NULL, path, sizeof(path));
			if (kcidb_path_append(path, sizeof(path), c) ||
			    kcidb_path_append(path, sizeof(path), field))
				continue;
			t = new_test(k, build, path);
			json_object_set_new(t, "status", json_string("DONE"));
			json_object_set_new(t, "number", kcidb_number(json_number_value(v), field));
			json_object_set_new(t, "environment", environment(root));
			json_object_set_new(t, "start_time", json_string(meta_get(root, "date")));
			k->measurements++;
		}
	}
}

/* The console log a TAP file came with: console.log beside it, or FILE.log (pb kunit). */
static json_t *tap_log(struct kcidb *k, const char *file)
{
	char path[4096], copy[4096];
	FILE *f;

	snprintf(copy, sizeof(copy), "%s", file);
	snprintf(path, sizeof(path), "%s/console.log", dirname(copy));
	if (!(f = fopen(path, "r"))) {
		snprintf(path, sizeof(path), "%s.log", file);
		f = fopen(path, "r");
	}
	if (!f)
		return NULL;
	fclose(f);
	return json_pack("[o]", url_resource(k, path));
}

/* "guest-debug-netmem/netmem.tap" -> "guest-debug-netmem.netmem": names what a file's results lack. */
static void stage_path(const char *file, char *out, size_t len)
{
	char copy[4096], dir[4096], *stem;

	snprintf(copy, sizeof(copy), "%s", file);
	snprintf(dir, sizeof(dir), "%s", file);
	stem = basename(copy);
	stem[strcspn(stem, ".")] = '\0';
	out[0] = '\0';
	kcidb_path_append(out, len, basename(dirname(dir)));
	kcidb_path_append(out, len, stem);
}

static void add_tap(struct kcidb *k, const char *variant, const char *file, const char *series)
{
	struct ktap_report rep;
	json_t *kernel = json_object_get(k->kernels, variant), *log, *t;
	const char *stamp = json_string_value(json_array_get(kernel, 0)), *build = NULL, *key;
	char path[1024];
	FILE *f = fopen(file, "r");

	if (kernel) {
		build = build_for(k, variant, stamp, json_string_value(json_array_get(kernel, 1)),
				  NULL);
	} else {	/* the results' build of this kernel, if there is one */
		size_t n = strlen(variant);
		json_t *v;

		json_object_foreach(k->build_ids, key, v)
			if (!strncmp(key, variant, n) && key[n] == ' ')
				build = json_string_value(v);
		if (!build)
			build = build_for(k, variant, "unknown", series_of(variant, series), NULL);
	}
	log = tap_log(k, file);
	if (!f || ktap_parse(f, &rep) || !rep.saw_header) {
		/* the stage left no readable results: it did not complete */
		stage_path(file, path, sizeof(path));
		t = new_test(k, build, path);
		json_object_set_new(t, "status", json_string("ERROR"));
		json_object_set_new(t, "comment", json_sprintf("%s: results missing or unreadable", file));
		if (log)
			json_object_set(t, "output_files", log);
		k->tap_tests++;
		if (f)
			fclose(f);
		json_decref(log);
		return;
	}
	fclose(f);
	for (size_t i = 0; i < rep.n; i++) {
		const struct ktap_result *r = &rep.results[i];

		if (!strchr(r->path, '.')) {	/* the parser's own entries: "(missing N)" */
			stage_path(file, path, sizeof(path));
			kcidb_path_append(path, sizeof(path), r->path);
		} else if (kcidb_tap_path(r->path, variant, path, sizeof(path))) {
			continue;
		}
		t = new_test(k, build, path);
		json_object_set_new(t, "status", json_string(kcidb_tap_status(r)));
		json_object_set_new(t, "comment", json_string(r->path));
		if (r->why)
			json_object_set_new(t, "log_excerpt", json_string(r->why));
		if (log)
			json_object_set(t, "output_files", log);
		json_object_set_new(t, "misc", json_pack("{s:s}", "tap_file", file));
		k->tap_tests++;
	}
	json_decref(log);
	ktap_free(&rep);
}

static int pair(const char *opt, const char *v, char **name, char **value)
{
	char *eq;

	*name = strdup(v);
	eq = *name ? strchr(*name, '=') : NULL;
	if (!eq || eq == *name) {
		fprintf(stderr, "pb kcidb: --%s wants NAME=VALUE, got '%s'\n", opt, v);
		free(*name);
		return -1;
	}
	*eq = '\0';
	*value = eq + 1;
	return 0;
}

static void list_add(json_t *obj, const char *name, const char *value)
{
	json_t *l = json_object_get(obj, name);

	if (!l) {
		l = json_array();
		json_object_set_new(obj, name, l);
	}
	json_array_append_new(l, json_string(value));
}

static int take_option(struct kcidb *k, const char *opt, const char *v)
{
	char *name, *value, *comma;

	if (!strcmp(opt, "out") || !strcmp(opt, "url-base") || !strcmp(opt, "origin") ||
	    !strcmp(opt, "bench-logs")) {
		*(!strcmp(opt, "out") ? &k->out : !strcmp(opt, "url-base") ? &k->url_base :
		  !strcmp(opt, "origin") ? &k->origin : &k->bench_logs) = v;
		return 0;
	}
	if (pair(opt, v, &name, &value))
		return -1;
	if (!strcmp(opt, "checkout"))
		json_object_set_new(k->patchset_hash, name, json_string(value));
	else if (!strcmp(opt, "patch"))
		list_add(k->patches, name, value);
	else if (!strcmp(opt, "config"))
		list_add(k->configs, name, value);
	else if (!strcmp(opt, "compiler"))
		json_object_set_new(k->compilers, name, json_string(value));
	else if (!strcmp(opt, "tap"))
		json_array_append_new(k->taps, json_pack("[s,s]", name, value));
	else if (!strcmp(opt, "kernel") && (comma = strchr(value, ','))) {
		*comma = '\0';
		json_object_set_new(k->kernels, name, json_pack("[s,s]", value, comma + 1));
	} else {
		fprintf(stderr, "pb kcidb: unknown option --%s (or --kernel without ',SERIES')\n", opt);
		free(name);
		return -1;
	}
	free(name);
	return 0;
}

static int kcidb(int argc, char **argv)
{
	struct kcidb k = { .origin = "patchbench" };
	static json_t *roots[MAX_RESULTS];
	static const char *files[MAX_RESULTS];
	size_t n = 0, order[MAX_RESULTS];
	const char *series = NULL, *root = NULL;
	int newest_only = 0, c, r = 1;
	json_t *doc, *tap, *paths = json_array(), *path, *desc = NULL;
	long picked;
	json_error_t err;
	struct args a;
	size_t ti;

	k.patchset_hash = json_object();
	k.patches = json_object();
	k.configs = json_object();
	k.compilers = json_object();
	k.kernels = json_object();
	k.taps = json_array();
	k.checkouts = json_array();
	k.builds = json_array();
	k.tests = json_array();
	k.build_ids = json_object();
	k.test_ids = json_object();
	args_init(&a, &cmd_kcidb, argc, argv);
	while ((c = args_next(&a)) > 0) {
		if (c == 'n')
			newest_only = 1;
		else if (c == 'r')
			root = a.value;
		else if (take_option(&k, a.name, a.value))
			goto usage;
	}
	if (c < 0) {
		r = a.status;
		goto out;
	}
	if (!newest_only && (!k.out || !k.url_base)) {
		r = args_error(&cmd_kcidb, "--out and --url-base are required (but for --newest)");
		goto out;
	}
	if (root && a.noperands) {
		r = args_error(&cmd_kcidb, "--root or RESULT files, not both");
		goto out;
	}
	for (int i = 0; i < a.noperands; i++)
		json_array_append_new(paths, json_string(a.operands[i]));
	if (!(desc = arch_load(arch_selected(), stderr)))
		goto out;
	k.architecture = arch_str(desc, "kbuild_arch");
	if (!a.noperands && (!layout_root(root) || kcidb_newest_files(layout_root(root), paths)))
		goto out;
	json_array_foreach(paths, ti, path) {
		if (n == MAX_RESULTS ||
		    !(roots[n] = json_load_file(json_string_value(path), 0, &err))) {
			fprintf(stderr, "pb kcidb: %s: %s\n", json_string_value(path),
				n == MAX_RESULTS ? "too many result files" : err.text);
			goto out;
		}
		files[n++] = json_string_value(path);
	}
	if ((picked = kcidb_order_by_date(roots, files, n, arch_selected(), order)) < 0)
		goto out;
	if (newest_only) {
		for (long j = 0; j < picked; j++)
			printf("%s\n", files[order[j]]);
		r = 0;
		goto out;
	}
	if (picked) {
		k.debian = meta_get(roots[order[0]], "debian_package");
		series = meta_get(roots[order[0]], "series");
	}
	if (!k.debian || !series) {
		fprintf(stderr, "pb kcidb: no result with debian_package and series metadata\n");
		goto out;
	}
	if (!json_object_get(k.patchset_hash, series))
		fprintf(stderr, "pb kcidb: warning: no patch set given for the results' series %s\n",
			series);
	for (long j = 0; j < picked; j++) {
		json_t *result = roots[order[j]];
		const char *s = meta_get(result, "series");

		if (!s || strcmp(s, series)) {
			fprintf(stderr, "pb kcidb: %s: series %s, not the newest run's %s: left out\n",
				files[order[j]], s ? s : "?", series);
			continue;
		}
		if (json_object_get(result, "records"))
			add_records(&k, result, series);
		else if (add_points(&k, result, series))
			goto out;
	}
	json_array_foreach(k.taps, ti, tap)
		add_tap(&k, json_string_value(json_array_get(tap, 0)),
			json_string_value(json_array_get(tap, 1)), series);
	doc = json_pack("{s:{s:i,s:i},s:O,s:O,s:O}", "version", "major", 5, "minor", 3,
			"checkouts", k.checkouts, "builds", k.builds, "tests", k.tests);
	if (!doc || results_write(doc, k.out)) {
		json_decref(doc);
		goto out;
	}
	json_decref(doc);
	printf("kcidb: %zu checkouts, %zu builds, %zu tests (%zu measurements, %zu TAP results) "
	       "-> %s\n", json_array_size(k.checkouts), json_array_size(k.builds),
	       json_array_size(k.tests), k.measurements, k.tap_tests, k.out);
	r = 0;
	goto out;
usage:	/* take_option() said what is wrong */
	args_usage(stderr, &cmd_kcidb);
	r = args_usage_status(&cmd_kcidb);
out:
	for (size_t j = 0; j < n; j++)
		json_decref(roots[j]);
	json_decref(paths);
	json_decref(desc);
	json_decref(k.patchset_hash);
	json_decref(k.patches);
	json_decref(k.configs);
	json_decref(k.compilers);
	json_decref(k.kernels);
	json_decref(k.taps);
	json_decref(k.checkouts);
	json_decref(k.builds);
	json_decref(k.tests);
	json_decref(k.build_ids);
	json_decref(k.test_ids);
	return r;
}

static const struct option options[] = {
	{ "out", required_argument, NULL, 'o' },
	{ "url-base", required_argument, NULL, 'o' },
	{ "origin", required_argument, NULL, 'o' },
	{ "checkout", required_argument, NULL, 'o' },
	{ "patch", required_argument, NULL, 'o' },
	{ "config", required_argument, NULL, 'o' },
	{ "compiler", required_argument, NULL, 'o' },
	{ "kernel", required_argument, NULL, 'o' },
	{ "tap", required_argument, NULL, 'o' },
	{ "bench-logs", required_argument, NULL, 'o' },
	{ "newest", no_argument, NULL, 'n' },
	{ "root", required_argument, NULL, 'r' },
	{ 0 },
};

const struct pb_cmd cmd_kcidb = {
	.name = "kcidb",
	.run = kcidb,
	.summary = "the newest results and TAP files as one KCIDB v5 JSON document",
	.usage = "pb kcidb --out FILE --url-base URL [--origin NAME] [--checkout SERIES=HASH]\n"
		 "    [--patch SERIES=PATH]... [--config VARIANT=PATH]... [--compiler VARIANT=TEXT]...\n"
		 "    [--kernel VARIANT=STAMP,SERIES]... [--tap VARIANT=FILE]... [--bench-logs DIR]\n"
		 "    [--root DIR | RESULT.json...]\n"
		 "pb kcidb --newest [--root DIR | RESULT.json...]",
	.details = "Writes the newest result of each suite (pb results newest: under --root DIR,\n"
		   "else $RESULTS_DIR, else results; GUEST_ARCH's, arch/NAME/ for another than the\n"
		   "default; or the RESULT files, one per suite, those of GUEST_ARCH) of the\n"
		   "most recent run's series, and the TAP files, as one KCIDB v5 document to FILE\n"
		   "(atomically); its builds' architecture is GUEST_ARCH's kbuild ARCH (vm/arch/).\n"
		   "bench/kcidb/kcidb.sh gives the options; --newest only prints\n"
		   "the result files, most recently made first.\n",
	.options = options,
	.min_operands = 0,
	.max_operands = -1,
};
