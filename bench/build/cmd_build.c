// SPDX-License-Identifier: GPL-2.0
/*
 * pb build: what the folders of components/, tests/guest/ and the suites
 * declare in their build.json (build/units.h), each output remade only
 * when its key changes (build/keyed.h).
 *   pb build list                   every folder and what it builds, as JSON
 *   pb build guest OUT              OUT/guest/NAME: the static guest programs
 *   pb build host OUT               OUT/host/NAME: those that say "host": true
 *                                   (built for the host too: the unit tests run them)
 *   pb build bpf OUT KERNEL KDIR    OUT/bpf/KERNEL/: vmlinux.h of the kernel
 *                                   built in KDIR, each folder's *.bpf.c as
 *                                   objects and skeletons (OUT/bpf/KERNEL/.objects/FOLDER/),
 *                                   and the BPF guest programs
 *   pb build names                  every folder's, program's and module's name, one a line
 *   pb build module-dirs            the module folders, one a line
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "args.h"
#include "build/keyed.h"
#include "build/units.h"
#include "cmd.h"
#include "lib/arch.h"
#include "lib/env.h"
#include "lib/mkdirs.h"

static const char *const host_cflags[] = { "-std=c11", "-D_DEFAULT_SOURCE", "-Wall", "-Wextra",
					   "-Werror", "-O2", "-g", NULL };
/* then -D__TARGET_ARCH_ of the guest architecture (bpf_target_arch()) */
static const char *const bpf_cflags[] = { "-O2", "-g", "-Wall", "-Werror", "-target", "bpf",
					  "-mcpu=v3", NULL };
static const char *const bpf_libs[] = { "-lbpf", "-lelf", "-lz", NULL };

static int dry_run;
static const char *out_root;	/* OUT: keys do not depend on where it is */

static void push(json_t *a, const char *s)
{
	json_array_append_new(a, json_string(s));
}

static void push_all(json_t *a, const char *const *list)
{
	for (; *list; list++)
		push(a, *list);
}

static void pushf(json_t *a, const char *fmt, const char *x, const char *y)
{
	char buf[8400];

	snprintf(buf, sizeof(buf), fmt, x, y);
	push(a, buf);
}

static const char *cc(void)
{
	return env_or("CC", "gcc");
}

/* The guest architecture's description (GUEST_ARCH), loaded once; NULL after saying why. */
static json_t *guest_arch(void)
{
	static json_t *desc;

	if (!desc)
		desc = arch_load(arch_selected(), stderr);
	return desc;
}

/*
 * The compiler of the guest's programs: the guest architecture's cross
 * compiler (its prefix and gcc), or cc() for the host's own architecture.
 */
static const char *guest_cc(void)
{
	static char buf[256];
	const char *prefix = arch_str(guest_arch(), "cross_compile");

	if (!*prefix)
		return cc();
	snprintf(buf, sizeof(buf), "%sgcc", prefix);
	return buf;
}

/* -D__TARGET_ARCH_X for libbpf's bpf_tracing.h: the guest architecture's. */
static const char *bpf_target_flag(void)
{
	static char buf[128];

	snprintf(buf, sizeof(buf), "-D__TARGET_ARCH_%s", arch_str(guest_arch(), "bpf_target_arch"));
	return buf;
}

/* The source folders, -I flags and sources of program @p of @u with the libraries it uses. */
static void program_parts(const struct units *all, const struct unit *u, json_t *p, json_t *argv,
			  json_t *sources, json_t *inputs)
{
	json_t *e;
	size_t i;

	push(inputs, u->dir);
	pushf(argv, "-I%s%s", u->dir, "");
	json_array_foreach(json_object_get(p, "cflags"), i, e) {
		const char *f = json_string_value(e);

		if (!strncmp(f, "-I", 2) && f[2] != '/')
			pushf(argv, "-I%s/%s", u->dir, f + 2);
		else
			push(argv, f);
	}
	json_array_foreach(json_object_get(p, "uses"), i, e) {
		const struct unit *c = units_component(all, json_string_value(e));
		json_t *s;
		size_t j;

		push(inputs, c->dir);
		pushf(argv, "-I%s%s", c->dir, "");
		json_array_foreach(json_object_get(c->build, "library"), j, s)
			pushf(sources, "%s/%s", c->dir, json_string_value(s));
	}
	json_array_foreach(json_object_get(p, "sources"), i, e) {
		char path[8400], *slash;

		snprintf(path, sizeof(path), "%s/%s", u->dir, json_string_value(e));
		push(sources, path);
		if ((slash = strrchr(path, '/')) && strncmp(json_string_value(e), "../", 3) == 0) {
			*slash = 0;
			push(inputs, path);	/* a source from elsewhere: its folder's headers */
		}
	}
}

enum target { GUEST, HOST, BPF };

/* Program @p of @u into @out, for @t; BPF: with the skeletons in @skeletons. */
static int program(const struct units *all, const struct unit *u, json_t *p, const char *out,
		   const char *skeletons, enum target t)
{
	json_t *argv = json_array(), *sources = json_array(), *inputs = json_array(), *e;
	struct keyed k = { .out = out, .argv = argv, .inputs = inputs, .dry_run = dry_run, .root = out_root };
	int bpf = t == BPF;
	size_t i;
	int rc;

	push(argv, t == HOST ? cc() : guest_cc());
	push_all(argv, host_cflags);
	if (t != HOST)
		push(argv, "-static");
	if (bpf) {
		push(argv, "-pthread");
		pushf(argv, "-I%s%s", skeletons, "");
		push(inputs, skeletons);
	}
	program_parts(all, u, p, argv, sources, inputs);
	push(argv, "-o");
	push(argv, "@OUT");
	json_array_extend(argv, sources);
	json_array_foreach(json_object_get(p, "libs"), i, e)
		push(argv, json_string_value(e));
	if (bpf)
		push_all(argv, bpf_libs);
	rc = keyed_make(&k);
	json_decref(argv);
	json_decref(sources);
	json_decref(inputs);
	return rc < 0 ? -1 : 0;
}

/* Remove what @dir holds that no folder declares any more (it would reach the guest). */
static void prune(const char *dir, json_t *keep)
{
	struct dirent *d;
	DIR *dp = opendir(dir);

	while (dp && (d = readdir(dp))) {
		char path[8400];
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		if (d->d_name[0] == '.' || json_object_get(keep, d->d_name) || stat(path, &st) ||
		    !S_ISREG(st.st_mode))
			continue;
		printf("rm %s\n", path);
		if (!dry_run)
			unlink(path);
	}
	if (dp)
		closedir(dp);
}

/* The static guest programs into OUT/guest/, or those that say "host" into OUT/host/. */
static int build_programs(const struct units *all, const char *out, enum target t)
{
	char dir[PATH_MAX], file[PATH_MAX + 100];
	json_t *keep = json_object(), *p;
	int status = 0;
	size_t i;

	snprintf(dir, sizeof(dir), "%s/%s", out, t == HOST ? "host" : "guest");
	if (mkdirs(dir))
		return 1;
	for (int u = 0; u < all->n && !status; u++)
		json_array_foreach(json_object_get(all->u[u].build, "programs"), i, p) {
			const char *name = json_string_value(json_object_get(p, "name"));

			if (t == HOST && !json_is_true(json_object_get(p, "host")))
				continue;
			snprintf(file, sizeof(file), "%s/%s", dir, name);
			json_object_set_new(keep, name, json_true());
			if ((status = program(all, &all->u[u], p, file, NULL, t)))
				break;
		}
	if (!status)
		prune(dir, keep);
	json_decref(keep);
	return status ? 1 : 0;
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n > t && !strcmp(s + n - t, tail);
}

/* Each X.bpf.c of @u: @dir/X.bpf.o and its skeleton @dir/X.skel.h. */
static int bpf_objects(const struct units *all, const struct unit *u, const char *kdir_out,
		       const char *dir)
{
	struct dirent **names;
	int n = scandir(u->dir, &names, NULL, alphasort), status = 0;

	for (int i = 0; i < n; i++) {
		const char *f = names[i]->d_name;
		json_t *argv = json_array(), *inputs = json_array(), *p, *e;
		char obj[2 * PATH_MAX], skel[2 * PATH_MAX], base[256];
		struct keyed k = { .argv = argv, .inputs = inputs, .dry_run = dry_run, .root = out_root };
		size_t j, l;

		if (status || !ends_with(f, ".bpf.c") || strlen(f) >= sizeof(base)) {
			json_decref(argv);
			json_decref(inputs);
			free(names[i]);
			continue;
		}
		snprintf(base, sizeof(base), "%.*s", (int)(strlen(f) - 6), f);
		snprintf(obj, sizeof(obj), "%s/%s.bpf.o", dir, base);
		snprintf(skel, sizeof(skel), "%s/%s.skel.h", dir, base);
		push(argv, "clang");
		push_all(argv, bpf_cflags);
		push(argv, bpf_target_flag());
		pushf(argv, "-I%s%s", kdir_out, "");
		pushf(argv, "-I%s%s", u->dir, "");
		push(inputs, u->dir);
		pushf(inputs, "%s/vmlinux.h%s", kdir_out, "");
		json_array_foreach(json_object_get(u->build, "bpf_programs"), j, p)
			json_array_foreach(json_object_get(p, "uses"), l, e) {
				const struct unit *c = units_component(all, json_string_value(e));

				pushf(argv, "-I%s%s", c->dir, "");
				push(inputs, c->dir);
			}
		push(argv, "-c");
		pushf(argv, "%s/%s", u->dir, f);
		push(argv, "-o");
		push(argv, "@OUT");
		k.out = obj;
		status = keyed_make(&k) < 0;
		json_array_clear(argv);
		json_array_clear(inputs);
		push(argv, "bpftool");
		push(argv, "gen");
		push(argv, "skeleton");
		push(argv, obj);
		push(argv, "name");
		push(argv, base);
		push(inputs, obj);
		k.out = skel;
		k.stdout_is_out = 1;
		if (!status && !(dry_run && access(obj, F_OK)))
			status = keyed_make(&k) < 0;
		json_decref(argv);
		json_decref(inputs);
		free(names[i]);
	}
	free(names);
	return status;
}

static int build_bpf(const struct units *all, const char *out, const char *kernel, const char *kdir)
{
	char kout[PATH_MAX], file[PATH_MAX + 300], real[PATH_MAX], stamp[PATH_MAX + 20];
	json_t *argv = json_array(), *inputs = json_array(), *keep = json_object(), *p;
	struct keyed k = { .out = file, .argv = argv, .inputs = inputs, .stdout_is_out = 1,
			   .dry_run = dry_run, .root = out_root };
	int status = 0;
	size_t i;

	snprintf(kout, sizeof(kout), "%s/bpf/%s", out, kernel);
	snprintf(stamp, sizeof(stamp), "%s/.pb-stamp", kdir);
	if (!realpath(kdir, real) || access(stamp, R_OK)) {
		fprintf(stderr, "pb build bpf: %s: no %s kernel built there (make kernels)\n", kdir,
			kernel);
		json_decref(argv);
		json_decref(inputs);
		json_decref(keep);
		return 1;
	}
	/* vmlinux.h follows the build (its stamp), not vmlinux's date: a switch to an older kernel too */
	snprintf(file, sizeof(file), "%s/vmlinux.h", kout);
	push(argv, "bpftool");
	push(argv, "btf");
	push(argv, "dump");
	push(argv, "file");
	pushf(argv, "%s/vmlinux%s", real, "");
	push(argv, "format");
	push(argv, "c");
	push(inputs, stamp);
	if (mkdirs(kout) || keyed_make(&k) < 0)
		status = 1;
	json_decref(argv);
	json_decref(inputs);
	for (int u = 0; u < all->n && !status; u++) {
		const struct unit *un = &all->u[u];
		char dir[PATH_MAX + 100];

		/* objects and skeletons apart from the programs, which may have the folder's name */
		snprintf(dir, sizeof(dir), "%s/.objects/%s", kout, un->name);
		if (!json_array_size(json_object_get(un->build, "bpf_programs")))
			continue;
		if (mkdirs(dir) || bpf_objects(all, un, kout, dir)) {
			status = 1;
			break;
		}
		json_array_foreach(json_object_get(un->build, "bpf_programs"), i, p) {
			const char *name = json_string_value(json_object_get(p, "name"));

			snprintf(file, sizeof(file), "%s/%s", kout, name);
			json_object_set_new(keep, name, json_true());
			if ((status = program(all, un, p, file, dir, BPF)))
				break;
		}
	}
	if (!status) {
		json_object_set_new(keep, "vmlinux.h", json_true());
		prune(kout, keep);
	}
	json_decref(keep);
	return status;
}

static int list(const struct units *all)
{
	json_t *a = json_array();
	char *text;

	for (int i = 0; i < all->n; i++)
		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:O}", "name", all->u[i].name, "kind",
						   unit_kind_name(all->u[i].kind), "dir",
						   all->u[i].dir, "build", all->u[i].build));
	text = json_dumps(a, JSON_INDENT(1) | JSON_SORT_KEYS);
	puts(text);
	free(text);
	json_decref(a);
	return 0;
}

/* Every name a folder gives: its own, its programs', its modules'. */
static int names(const struct units *all)
{
	static const char *const lists[] = { "programs", "bpf_programs" };
	json_t *p;
	size_t i;

	for (int u = 0; u < all->n; u++) {
		puts(all->u[u].name);
		for (size_t l = 0; l < 2; l++)
			json_array_foreach(json_object_get(all->u[u].build, lists[l]), i, p)
				puts(json_string_value(json_object_get(p, "name")));
		json_array_foreach(json_object_get(all->u[u].build, "modules"), i, p) {
			const char *m = json_string_value(p);

			if (strcmp(m, "."))
				puts(strrchr(m, '/') ? strrchr(m, '/') + 1 : m);
		}
	}
	return 0;
}

static int module_dirs(const struct units *all)
{
	json_t *e;
	size_t i;

	for (int u = 0; u < all->n; u++)
		json_array_foreach(json_object_get(all->u[u].build, "modules"), i, e) {
			if (strcmp(json_string_value(e), "."))
				printf("%s/%s\n", all->u[u].dir, json_string_value(e));
			else
				printf("%s\n", all->u[u].dir);
		}
	return 0;
}

enum { FORM_LIST, FORM_NAMES, FORM_MODULE_DIRS, FORM_GUEST, FORM_HOST, FORM_BPF };

static const struct args_form forms[] = {
	[FORM_LIST] = { "list", 0, 0, "" },
	[FORM_NAMES] = { "names", 0, 0, "" },
	[FORM_MODULE_DIRS] = { "module-dirs", 0, 0, "" },
	[FORM_GUEST] = { "guest", 1, 1, "n" },
	[FORM_HOST] = { "host", 1, 1, "n" },
	[FORM_BPF] = { "bpf", 3, 3, "n" },
	{ NULL },
};

static int build(int argc, char **argv)
{
	static struct units all;
	char err[4096];
	struct args a;
	int c, f, status;

	args_init(&a, &cmd_build, argc, argv);
	while ((c = args_next(&a)) > 0)
		dry_run = 1;
	if (c < 0 || (f = args_form(&a, forms)) < 0)
		return a.status;
	out_root = a.noperands > 1 ? argv[2] : NULL;
	if ((f == FORM_GUEST || f == FORM_BPF) && !guest_arch())
		return 1;
	if (units_load(&all, err, sizeof(err))) {
		fprintf(stderr, "pb build: %s\n", err);
		return 1;
	}
	if (f == FORM_LIST)
		status = list(&all);
	else if (f == FORM_NAMES)
		status = names(&all);
	else if (f == FORM_MODULE_DIRS)
		status = module_dirs(&all);
	else if (f == FORM_GUEST || f == FORM_HOST)
		status = build_programs(&all, argv[2], f == FORM_HOST ? HOST : GUEST);
	else
		status = build_bpf(&all, argv[2], argv[3], argv[4]);
	units_free(&all);
	return status;
}

static const struct option options[] = {
	{ "dry-run", no_argument, NULL, 'n' },
	{ 0 },
};

const struct pb_cmd cmd_build = {
	.name = "build",
	.run = build,
	.summary = "build what the folders (components/, tests/guest/, suites) declare in build.json",
	.usage = "pb build list\n"
		 "pb build [--dry-run] guest|host OUT\n"
		 "pb build [--dry-run] bpf OUT KERNEL KDIR\n"
		 "pb build names\n"
		 "pb build module-dirs",
	.details = "Each output is remade only when its key (the command and the content of its\n"
		   "inputs) changes; --dry-run prints what would run.\n"
		   "  list          every folder, its kind and its build.json, as JSON\n"
		   "  guest OUT     the static guest programs, OUT/guest/NAME (nothing else stays there)\n"
		   "  host OUT      the programs that say \"host\": true, for the host: OUT/host/NAME\n"
		   "  bpf OUT KERNEL KDIR  OUT/bpf/KERNEL/: vmlinux.h of KDIR/vmlinux, each folder's\n"
		   "                *.bpf.c as OUT/bpf/KERNEL/.objects/FOLDER/X.bpf.o and X.skel.h, and the\n"
		   "                BPF guest programs OUT/bpf/KERNEL/NAME\n"
		   "  names         every folder's, program's and module's name, one a line\n"
		   "  module-dirs   the module folders (each with a Kbuild), one a line\n",
	.options = options,
	.min_operands = 1,
	.max_operands = 4,
};
