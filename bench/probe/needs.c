// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "probe/needs.h"

static int in_array(const json_t *a, const char *s)
{
	size_t i;
	json_t *v;

	json_array_foreach(a, i, v)
		if (!strcmp(json_string_value(v) ? json_string_value(v) : "", s))
			return 1;
	return 0;
}

int need_holds(const json_t *caps, const char *need, char *what, size_t len)
{
	const char *name, *ev;
	int kind = need_kind(need, &name), holds = 0;
	json_t *m;

	switch (kind) {
	case NEED_KFUNC:
		holds = in_array(json_object_get(caps, "kfuncs"), name);
		snprintf(what, len, "%s", name);
		break;
	case NEED_CONFIG:
		holds = json_object_get(json_object_get(caps, "config"), name) != NULL;
		snprintf(what, len, "%s", name);
		break;
	case NEED_KUNIT:
		holds = in_array(json_object_get(caps, "kunit"), name);
		snprintf(what, len, "the KUnit suite %s", name);
		break;
	case NEED_FEATURE:
	case NEED_FIX:
		m = json_object_get(caps, kind == NEED_FEATURE ? "features" : "fixes");
		if (!json_object_get(m, name)) {
			snprintf(what, len, "no %s %s in bench/probe/features.json",
				 kind == NEED_FEATURE ? "feature" : "fix", name);
			return -1;
		}
		holds = json_is_true(json_object_get(m, name));
		ev = json_string_value(json_object_get(json_object_get(caps, "evidence"), name));
		snprintf(what, len, "%s%s%s%s%s", kind == NEED_FIX ? "the fix " : "", name,
			 ev ? " (" : "", ev ? ev : "", ev ? ")" : "");
		break;
	case NEED_MODULE:
		m = json_object_get(json_object_get(caps, "modules"), name);
		ev = json_string_value(m) ? json_string_value(m) : "not built against this kernel: no such module, or make modules not run";
		/* a module never built is a missing prerequisite, not a kernel's lack */
		if (!m || !strncmp(ev, "not built", 9)) {
			snprintf(what, len, "module %s: %s", name, ev);
			return -1;
		}
		holds = !strcmp(ev, "built");
		snprintf(what, len, "module %s (%s)", name, ev);
		break;
	default:
		snprintf(what, len, "'%s' is not KIND:NAME (KIND: kfunc, config, kunit, feature, fix, module)",
			 need);
		return -1;
	}
	return *need == '!' ? !holds : holds;
}

int needs_hold(const json_t *caps, const json_t *needs, char *reason, size_t len)
{
	const char *kernel = json_string_value(json_object_get(caps, "kernel"));
	char what[1024];
	size_t i;
	json_t *v;

	json_array_foreach(needs, i, v) {
		int rc;

		if (!json_is_string(v)) {
			snprintf(reason, len, "a need is not a string");
			return -1;
		}
		rc = need_holds(caps, json_string_value(v), what, sizeof(what));
		if (rc < 0) {
			snprintf(reason, len, "%s", what);
			return -1;
		}
		if (!rc) {
			snprintf(reason, len, "%s %s %s", kernel ? kernel : "the kernel",
				 *json_string_value(v) == '!' ? "has" : "lacks", what);
			return 0;
		}
	}
	return 1;
}

json_t *caps_load(const char *who, const char *file)
{
	json_error_t err;
	json_t *caps = json_load_file(file, 0, &err);

	if (!caps)
		fprintf(stderr, "%s: %s: %s (pb probe writes it)\n", who, file, err.text);
	return caps;
}
