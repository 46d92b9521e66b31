// SPDX-License-Identifier: GPL-2.0
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/btf_probe.h"

struct btf *btf_probe_open(const char *vmlinux, char *err, size_t errlen)
{
	struct btf *btf = btf__parse_elf(vmlinux, NULL);

	if (!btf) {
		snprintf(err, errlen, "cannot read the BTF of %s: %s", vmlinux, strerror(errno));
		return NULL;
	}
	return btf;
}

void btf_probe_close(struct btf *btf)
{
	btf__free(btf);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void btf_probe_kfuncs(const struct btf *btf, const json_t *btf_id_funcs, json_t *kfuncs)
{
	unsigned int n = btf__type_cnt(btf), count = 0;
	const char **names = calloc(json_object_size(btf_id_funcs) + 1, sizeof(*names));

	for (unsigned int id = 1; names && id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name;

		if (!btf_is_func(t))
			continue;
		name = btf__name_by_offset(btf, t->name_off);
		/* a FUNC is listed once; several .BTF_ids entries name it once */
		if (name && json_object_get(btf_id_funcs, name) && count < json_object_size(btf_id_funcs))
			names[count++] = name;
	}
	if (names)
		qsort(names, count, sizeof(*names), by_name);
	for (unsigned int i = 0; names && i < count; i++)
		if (!i || strcmp(names[i], names[i - 1]))
			json_array_append_new(kfuncs, json_string(names[i]));
	free(names);
}

static int has_member(const struct btf *btf, int id, const char *member)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_member *m = btf_members(t);

	for (unsigned short i = 0; i < btf_vlen(t); i++, m++) {
		const char *name = btf__name_by_offset(btf, m->name_off);

		if (name && !strcmp(name, member))
			return 1;
		/* a member of an anonymous struct or union is the outer type's */
		if (name && !*name) {
			int inner = btf__resolve_type(btf, m->type);

			if (inner > 0 && (btf_is_struct(btf__type_by_id(btf, inner)) ||
					  btf_is_union(btf__type_by_id(btf, inner))) &&
			    has_member(btf, inner, member))
				return 1;
		}
	}
	return 0;
}

int btf_probe_has(const struct btf *btf, const char *what)
{
	static const struct { const char *word; int kind; } kinds[] = {
		{ "struct ", BTF_KIND_STRUCT }, { "union ", BTF_KIND_UNION }, { "enum ", BTF_KIND_ENUM },
	};
	char name[256], *dot;
	int kind = BTF_KIND_FUNC, id;
	size_t skip = 0;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strncmp(what, kinds[i].word, strlen(kinds[i].word))) {
			kind = kinds[i].kind;
			skip = strlen(kinds[i].word);
		}
	if (snprintf(name, sizeof(name), "%s", what + skip) >= (int)sizeof(name) || !*name)
		return -1;
	dot = strchr(name, '.');
	if (dot && kind != BTF_KIND_STRUCT && kind != BTF_KIND_UNION)
		return -1;
	if (dot)
		*dot++ = '\0';
	id = btf__find_by_name_kind(btf, name, kind);
	if (id < 0)
		return 0;
	return dot ? has_member(btf, id, dot) : 1;
}
