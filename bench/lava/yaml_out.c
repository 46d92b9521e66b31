// SPDX-License-Identifier: GPL-2.0
#include "lava/yaml_out.h"

#include <stdlib.h>
#include <string.h>

/* Keys made of these characters need no quotes in YAML. */
static int plain_key(const char *k)
{
	return *k && strspn(k, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") ==
			     strlen(k);
}

/* JSON's scalars are YAML's: a JSON string is a YAML double-quoted scalar. */
static void scalar(FILE *f, json_t *v)
{
	char *s = json_dumps(v, JSON_ENCODE_ANY);

	fputs(s ? s : "null", f);
	free(s);
}

static int is_container(json_t *v)
{
	return (json_is_object(v) && json_object_size(v)) || (json_is_array(v) && json_array_size(v));
}

static void value(FILE *f, json_t *v, int indent);

static void key(FILE *f, const char *k)
{
	if (plain_key(k)) {
		fputs(k, f);
	} else {
		json_t *s = json_string(k);

		scalar(f, s);
		json_decref(s);
	}
	fputc(':', f);
}

/* A mapping at @indent; with @dash its first line follows a sequence's "- ". */
static void mapping(FILE *f, json_t *obj, int indent, int dash)
{
	const char *k;
	json_t *v;
	int first = 1;

	json_object_foreach(obj, k, v) {
		if (!(first && dash))
			fprintf(f, "%*s", indent, "");
		first = 0;
		key(f, k);
		if (is_container(v)) {
			fputc('\n', f);
			value(f, v, indent + 2);
		} else {
			fputc(' ', f);
			if (json_is_object(v))
				fputs("{}", f);
			else if (json_is_array(v))
				fputs("[]", f);
			else
				scalar(f, v);
			fputc('\n', f);
		}
	}
}

static void value(FILE *f, json_t *v, int indent)
{
	size_t i;
	json_t *item;

	if (json_is_object(v)) {
		mapping(f, v, indent, 0);
		return;
	}
	json_array_foreach(v, i, item) {
		fprintf(f, "%*s- ", indent, "");
		if (json_is_object(item) && json_object_size(item)) {
			mapping(f, item, indent + 2, 1);
		} else if (is_container(item)) {
			fputc('\n', f);
			value(f, item, indent + 2);
		} else {
			scalar(f, item);
			fputc('\n', f);
		}
	}
}

void yaml_dump(FILE *f, json_t *root)
{
	value(f, root, 0);
}
