// SPDX-License-Identifier: GPL-2.0
/* The inputs a result is made from, hashed (inputs.h). */
#include "lib/inputs.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/content_hash.h"
#include "lib/sha256.h"

const char *const inputs_keys[] = { "inputs_config", "suite_files", "inputs_harness", NULL };

static int hash_paths(json_t *paths, char hex[17])
{
	int status = content_hash(paths, hex);

	json_decref(paths);
	return status;
}

/* The *.patch files of @dir in name order, as kernel/tree.sh hashes the series it applies. */
static int series_hash(const char *dir, char hex[17])
{
	struct dirent **names;
	struct sha256 sha;
	int n = scandir(dir, &names, NULL, alphasort), status = 0;

	if (n < 0) {
		perror(dir);
		return -1;
	}
	sha256_init(&sha);
	for (int i = 0; i < n; i++) {
		size_t len = strlen(names[i]->d_name), got;
		char path[8400], buf[65536];
		FILE *f;

		if (!status && len > 6 && !strcmp(names[i]->d_name + len - 6, ".patch")) {
			snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
			if (!(f = fopen(path, "rb"))) {
				perror(path);
				status = -1;
			} else {
				while ((got = fread(buf, 1, sizeof(buf), f)) > 0)
					sha256_update(&sha, buf, got);
				fclose(f);
			}
		}
		free(names[i]);
	}
	free(names);
	sha256_hex(&sha, hex, 16);
	return status;
}

/* Every regular file under @dir/@rel (@rel "" the folder itself) as "REL:HASH8" words into @words. */
static int suite_words(const char *dir, const char *rel, json_t *words)
{
	char path[8400];
	struct dirent **names;
	int n, status = 0;

	snprintf(path, sizeof(path), "%s%s%s", dir, *rel ? "/" : "", rel);
	if ((n = scandir(path, &names, NULL, alphasort)) < 0) {
		perror(path);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char sub[4200], file[12700], hex[17];
		struct stat st;

		snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", names[i]->d_name);
		snprintf(file, sizeof(file), "%s/%s", dir, sub);
		if (status || names[i]->d_name[0] == '.' || stat(file, &st))
			;
		else if (S_ISDIR(st.st_mode))
			status = suite_words(dir, sub, words);
		else if (S_ISREG(st.st_mode) &&
			 !(status = hash_paths(json_pack("[s]", file), hex)))
			json_array_append_new(words, json_sprintf("%s:%.8s", sub, hex));
		free(names[i]);
	}
	free(names);
	return status;
}

/* Does @name stand as a word (not part of a longer name: letters, digits, '_', '-') in @path? */
static int names(const char *path, const char *name)
{
	char line[4096];
	size_t n = strlen(name);
	FILE *f = fopen(path, "r");
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		for (const char *p = strstr(line, name); p && !found; p = strstr(p + 1, name))
			found = (p == line || !(isalnum((unsigned char)p[-1]) || strchr("_-", p[-1]))) &&
				!(isalnum((unsigned char)p[n]) || (p[n] && strchr("_-", p[n])));
	fclose(f);
	return found;
}

/*
 * The components (components/NAME/) the suite in @suite_dir uses: named in
 * its manifest (needs' "module:NAME"), its build.json ("uses") or its guest
 * script, and those their build.json names in turn; their files' words
 * ("components/NAME/FILE:HASH") into @words.
 */
static int component_words(const char *suite_dir, json_t *words)
{
	static const char *const files[] = { "suite.json", "build.json", "guest" };
	struct dirent **list;
	int n = scandir("components", &list, NULL, alphasort), status = 0;
	char *used;

	if (n < 0)
		return 0;	/* a tree without shared components */
	used = calloc((size_t)n, 1);
	for (int changed = 1; changed;) {
		changed = 0;
		for (int i = 0; i < n; i++) {
			char path[8400];

			if (used[i] || list[i]->d_name[0] == '.')
				continue;
			for (size_t f = 0; f < sizeof(files) / sizeof(files[0]) && !used[i]; f++) {
				snprintf(path, sizeof(path), "%s/%s", suite_dir, files[f]);
				used[i] = names(path, list[i]->d_name);
			}
			for (int j = 0; j < n && !used[i]; j++) {
				snprintf(path, sizeof(path), "components/%s/build.json", list[j]->d_name);
				used[i] = used[j] && names(path, list[i]->d_name);
			}
			changed |= used[i];
		}
	}
	for (int i = 0; i < n; i++) {
		char rel[300];

		snprintf(rel, sizeof(rel), "components/%s", list[i]->d_name);
		if (used[i] && !status)
			status = suite_words(".", rel, words);
		free(list[i]);
	}
	free(list);
	free(used);
	return status;
}

static int words_cmp(const void *a, const void *b)
{
	return strcmp(json_string_value(*(json_t *const *)a), json_string_value(*(json_t *const *)b));
}

/* The words of @words sorted (a sub-folder's files among the rest) and joined by spaces. */
static json_t *joined(json_t *words)
{
	size_t n = json_array_size(words), len = 1;
	json_t **w = malloc((n ? n : 1) * sizeof(*w)), *out;
	char *text;

	for (size_t i = 0; i < n; i++) {
		w[i] = json_array_get(words, i);
		len += strlen(json_string_value(w[i])) + 1;
	}
	qsort(w, n, sizeof(*w), words_cmp);
	text = calloc(1, len);
	for (size_t i = 0; i < n; i++)
		strcat(strcat(text, i ? " " : ""), json_string_value(w[i]));
	out = json_string(text);
	free(text);
	free(w);
	return out;
}

static json_t *inputs_here(const char *suite_dir, const char *series_dir, const char *kconfig)
{
	static const char *const harness[] = { INPUTS_HARNESS };
	char series[17], config[17], code[17];
	json_t *words = json_array(), *paths = json_array(), *out = NULL;

	for (size_t i = 0; i < sizeof(harness) / sizeof(harness[0]); i++)
		json_array_append_new(paths, json_string(harness[i]));
	if (!series_hash(series_dir, series) &&
	    !hash_paths(kconfig ? json_pack("[s,s,s]", "kernel/config", "kernel/config/versions", kconfig)
				: json_pack("[s,s]", "kernel/config", "kernel/config/versions"),
			config) &&
	    !suite_words(suite_dir, "", words) && !component_words(suite_dir, words) &&
	    !hash_paths(json_incref(paths), code))
		out = json_pack("{s:s, s:s, s:o, s:s}", "series", series, "inputs_config", config,
				"suite_files", joined(words), "inputs_harness", code);
	json_decref(words);
	json_decref(paths);
	return out;
}

/* Into $PB_INPUTS_ROOT when it is set: the descriptor to go back by, AT_FDCWD when not set; -2 on failure. */
static int to_top(void)
{
	const char *top = getenv("PB_INPUTS_ROOT");
	int here;

	if (!top || !*top)
		return AT_FDCWD;
	if ((here = open(".", O_RDONLY | O_DIRECTORY)) < 0 || chdir(top)) {
		perror(top);
		if (here >= 0)
			close(here);
		return -2;
	}
	return here;
}

/* Back from to_top(); -1, said why, on failure. */
static int back(int here)
{
	int status = 0;

	if (here == AT_FDCWD)
		return 0;
	if (fchdir(here)) {
		perror("pb: back from PB_INPUTS_ROOT");
		status = -1;
	}
	close(here);
	return status;
}

json_t *inputs_of(const char *suite_dir, const char *series_dir, const char *kconfig)
{
	int here = to_top();
	json_t *out;

	if (here == -2)
		return NULL;
	out = inputs_here(suite_dir, series_dir, kconfig);
	if (back(here)) {
		json_decref(out);
		out = NULL;
	}
	return out;
}

const char *inputs_today_series(void)
{
	static char hex[17];
	static int done;
	int here, bad;

	if (!done) {
		done = 1;
		if ((here = to_top()) == -2)
			return NULL;
		bad = series_hash("kernel/patches", hex);
		if (back(here) || bad)
			*hex = '\0';
	}
	return *hex ? hex : NULL;
}

/* Is the word @w ("PATH:HASH") in @list, or (@path_only) a word of its path? */
static int has_word(const char *list, const char *w, size_t wlen, int path_only)
{
	size_t plen = path_only ? (size_t)(strrchr(w, ':') - w) + 1 : wlen;

	for (const char *p = list; p && *p;) {
		size_t n = strcspn(p, " ");

		if ((path_only ? n > plen : n == wlen) && !strncmp(p, w, plen))
			return 1;
		p += n + (p[n] == ' ');
	}
	return 0;
}

/* Add to @buf the paths of @a's words not in @b (@skip_common: unless @b has the path too). */
static void add_missing(const char *a, const char *b, int skip_common, char *buf, size_t len, int *n)
{
	for (const char *p = a; p && *p;) {
		size_t wlen = strcspn(p, " ");
		char w[4200];

		snprintf(w, sizeof(w), "%.*s", (int)wlen, p);
		p += wlen + (p[wlen] == ' ');
		if (!strchr(w, ':') || has_word(b, w, wlen, 0) || (skip_common && has_word(b, w, wlen, 1)))
			continue;
		*strrchr(w, ':') = '\0';
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", (*n)++ ? ", " : "", w);
	}
}

int inputs_files_differing(const char *a, const char *b, char *buf, size_t len)
{
	int n = 0;

	*buf = '\0';
	add_missing(a, b, 0, buf, len, &n);
	add_missing(b, a, 1, buf, len, &n);
	return n;
}
