// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/file_text.h"
#include "lib/git_output.h"
#include "probe/btf_probe.h"
#include "probe/features.h"

static int in_array(const json_t *a, const char *s)
{
	size_t i;
	json_t *v;

	json_array_foreach(a, i, v)
		if (json_is_string(v) && !strcmp(json_string_value(v), s))
			return 1;
	return 0;
}

static int file_has(const char *path, const char *text)
{
	char *buf = file_text(path);
	int found = buf && strstr(buf, text);

	free(buf);
	return found;
}

/* Each "FILE": "TEXT" of the feature's @kind: FILE under the source's @dir holds TEXT. */
static int texts_hold(const struct probe_ctx *ctx, const json_t *f, const char *kind,
		      const char *dir, char *why, size_t len)
{
	const char *key, *text;
	json_t *v;

	json_object_foreach((json_t *)json_object_get(f, kind), key, v) {
		char path[4096];

		text = json_string_value(v);
		snprintf(path, sizeof(path), "%s/%s%s", ctx->src, dir, key);
		if (!text || !file_has(path, text))
			return snprintf(why, len, "%s in %s%s", text ? text : "?", dir, key), 0;
	}
	return 1;
}

static int git(const char *src, char *const *args, char **out)
{
	char *argv[16] = { "git", "-C", (char *)src };
	int n = 3;

	while (*args && n < 15)
		argv[n++] = *args++;
	argv[n] = NULL;
	*out = NULL;
	return git_output(argv, out);
}

/*
 * The architecture directory a build is for: the one folder of BUILD/arch/
 * that is an architecture of the source (kbuild's SRCARCH, where its
 * objects of arch/ go), into @buf; -1 if none.
 */
static int build_srcarch(const struct probe_ctx *ctx, char *buf, size_t len)
{
	char path[4096];
	struct dirent *e;
	int n = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/arch", ctx->build ? ctx->build : "");
	if (!ctx->build || !(d = opendir(path)))
		return -1;
	while ((e = readdir(d))) {
		char kconfig[4096];

		/* one of the source's architectures (kbuild may add a folder of links) */
		snprintf(kconfig, sizeof(kconfig), "%s/arch/%s/Kconfig", ctx->src, e->d_name);
		if (e->d_name[0] != '.' && !access(kconfig, F_OK) && n++ == 0)
			snprintf(buf, len, "%s", e->d_name);
	}
	closedir(d);
	return n == 1 ? 0 : -1;
}

/*
 * "arch_source": [TEXT...]: a file of the source's arch/SRCARCH/ of the
 * build's own architecture holds each TEXT (a generic function that only
 * some architectures call: crashkernel's CMA reservation). git grep
 * --no-index reads any tree, git's or not. -1 when the architecture or the
 * search cannot be had.
 */
static int arch_source_holds(const struct probe_ctx *ctx, const json_t *f, char *why, size_t len)
{
	char srcarch[256], dir[512];
	size_t i;
	json_t *v;

	if (!json_array_size(json_object_get(f, "arch_source")))
		return 1;
	if (build_srcarch(ctx, srcarch, sizeof(srcarch)))
		return snprintf(why, len, "arch_source: no one architecture in %s/arch",
				ctx->build ? ctx->build : "?"), -1;
	snprintf(dir, sizeof(dir), "arch/%s", srcarch);
	json_array_foreach(json_object_get(f, "arch_source"), i, v) {
		char *args[] = { "grep", "--no-index", "-q", "-F", "-e", (char *)json_string_value(v),
				 "--", dir, NULL };
		char *out;
		int rc = git(ctx->src, args, &out);

		free(out);
		if (rc == 1)
			return snprintf(why, len, "%s in %s/ (not on this architecture)",
					json_string_value(v), dir), 0;
		if (rc)
			return snprintf(why, len, "arch_source: git grep in %s/%s failed", ctx->src, dir), -1;
	}
	return 1;
}

/* Every check of one feature; *why the first that fails. -1: bad entry. */
static int feature_holds(const struct probe_ctx *ctx, const json_t *f, char *why, size_t len)
{
	size_t i;
	json_t *v;

	json_array_foreach(json_object_get(f, "kfuncs"), i, v)
		if (!in_array(json_object_get(ctx->caps, "kfuncs"), json_string_value(v)))
			return snprintf(why, len, "kfunc %s", json_string_value(v)), 0;
	json_array_foreach(json_object_get(f, "config"), i, v)
		if (!json_object_get(json_object_get(ctx->caps, "config"), json_string_value(v)))
			return snprintf(why, len, "%s", json_string_value(v)), 0;
	json_array_foreach(json_object_get(f, "btf"), i, v) {
		int has = btf_probe_has(ctx->btf, json_string_value(v));

		if (has < 0)
			return snprintf(why, len, "btf '%s': not a type or member",
					json_string_value(v)), -1;
		if (!has)
			return snprintf(why, len, "%s (BTF)", json_string_value(v)), 0;
	}
	if (!texts_hold(ctx, f, "uapi", "include/uapi/", why, len))
		return 0;
	if (!texts_hold(ctx, f, "source", "", why, len))
		return 0;
	return arch_source_holds(ctx, f, why, len);
}

/* Is the fix in the source? *how says what showed it (or that nothing did). */
static int fix_present(const struct probe_ctx *ctx, const json_t *fix, char *how, size_t len)
{
	const char *up = json_string_value(json_object_get(fix, "upstream"));
	const char *subject = json_string_value(json_object_get(fix, "subject"));
	const char *patch = json_string_value(json_object_get(fix, "patch"));
	char *out, grep[1024], path[4096];
	int is_git, rc;

	is_git = git(ctx->src, (char *[]){ "rev-parse", "--verify", "-q", "HEAD", NULL }, &out) == 0;
	free(out);
	if (is_git && up) {
		rc = git(ctx->src, (char *[]){ "merge-base", "--is-ancestor", (char *)up, "HEAD", NULL },
			 &out);
		free(out);
		if (rc == 0)
			return snprintf(how, len, "upstream commit %.12s in the history", up), 1;
	}
	if (is_git && subject) {
		snprintf(grep, sizeof(grep), "--grep=%s", subject);
		rc = git(ctx->src, (char *[]){ "log", "-F", "--format=%s", grep, "HEAD", NULL }, &out);
		for (char *l = out, *nl; rc == 0 && l && *l; l = nl + 1) {
			nl = strchr(l, '\n');
			if (nl)
				*nl = '\0';
			if (!strcmp(l, subject)) {
				free(out);
				return snprintf(how, len, "a commit '%s' in the history", subject), 1;
			}
			if (!nl)
				break;
		}
		free(out);
	}
	if (patch) {
		snprintf(path, sizeof(path), "%s/%s", ctx->repo, patch);
		rc = git(ctx->src, (char *[]){ "apply", "--check", "-R", path, NULL }, &out);
		free(out);
		if (rc == 0)
			return snprintf(how, len, "%s reverses cleanly", patch), 1;
	}
	snprintf(how, len, "no sign of it (%s%s%s)", up ? "upstream commit, " : "",
		 subject ? "subject, " : "", patch ? "patch reversed" : "");
	return 0;
}

int features_probe(const struct probe_ctx *ctx, const json_t *table, json_t *caps, char *err,
		   size_t errlen)
{
	json_t *features = json_object(), *fixes = json_object(), *evidence = json_object();
	const char *name;
	char why[1024];
	json_t *f;
	int rc;

	json_object_set_new(caps, "features", features);
	json_object_set_new(caps, "fixes", fixes);
	json_object_set_new(caps, "evidence", evidence);
	json_object_foreach((json_t *)json_object_get(table, "features"), name, f) {
		rc = feature_holds(ctx, f, why, sizeof(why));
		if (rc < 0)
			return snprintf(err, errlen, "feature %s: %s", name, why), -1;
		json_object_set_new(features, name, json_boolean(rc));
		json_object_set_new(evidence, name, json_string(rc ? "every check holds" : why));
	}
	json_object_foreach((json_t *)json_object_get(table, "fixes"), name, f) {
		rc = fix_present(ctx, f, why, sizeof(why));
		json_object_set_new(fixes, name, json_boolean(rc));
		json_object_set_new(evidence, name, json_string(why));
	}
	return 0;
}
