// SPDX-License-Identifier: GPL-2.0
/* A records suite's figures of B against A, each judged by its tolerance (compare_records.h). */
#include "compare/compare_records.h"

#include <math.h>
#include <string.h>

#include "compare/comparable.h"

static int of_kernel(json_t *rec, const char *kernel)
{
	json_t *k = json_object_get(rec, "kernel");

	return !k || !strcmp(json_string_value(k), kernel);
}

/* B's record of @kernel whose every match key equals @rec's, or NULL. */
static json_t *partner(json_t *b_records, const char *kernel, json_t *rec, json_t *match)
{
	json_t *cand, *key;
	size_t i, k;

	json_array_foreach(b_records, i, cand) {
		int same = of_kernel(cand, kernel);

		json_array_foreach(match, k, key) {
			const char *name = json_string_value(key);

			same = same && json_equal(json_object_get(cand, name), json_object_get(rec, name));
		}
		if (same)
			return cand;
	}
	return NULL;
}

static json_t *side(const struct compare_side *s)
{
	json_t *commit = json_object_get(json_object_get(s->root, "meta"), "project_commit");

	return json_pack("{s:s,s:s,s:O,s:s,s:s?}", "file", s->file, "kernel", s->kernel,
			 "project_commit", commit ? commit : json_null(), "guest_cpu",
			 result_guest_cpu(s->root), "config_hash", result_config_hash(s->root));
}

static json_t *figure(json_t *fig, json_t *ra, json_t *rb, int *judged, int *changed)
{
	const char *key = json_string_value(json_object_get(fig, "key"));
	json_t *va = json_object_get(ra, key), *vb = json_object_get(rb, key);
	json_t *tol = json_object_get(fig, "tolerance");
	double a = json_number_value(va), b = json_number_value(vb), change = 0;
	const char *verdict = "not judged";
	int known = va && vb && (a != 0 || b == 0);

	if (known && a != 0)
		change = 100 * (b - a) / fabs(a);
	if (tol) {
		++*judged;
		verdict = known && fabs(change) <= json_number_value(tol) ? "same" : "changed";
		*changed += strcmp(verdict, "same") != 0;
	}
	return json_pack("{s:s,s:O,s:O,s:O,s:o,s:O,s:s}", "key", key, "label",
			 json_object_get(fig, "label"), "a", va ? va : json_null(), "b",
			 vb ? vb : json_null(), "change", a != 0 ? json_real(change) : json_null(),
			 "tolerance", tol ? tol : json_null(), "verdict", verdict);
}

json_t *compare_records(const struct compare_side *a, const struct compare_side *b, json_t *spec,
			int force, const char **why)
{
	json_t *match = json_object_get(spec, "match"), *figures = json_object_get(spec, "figures");
	json_t *b_records = json_object_get(b->root, "records"), *records = json_array(), *ra;
	json_t *differences = NULL;
	static char not_same_guest[256];
	int judged = 0, changed = 0, nfigures = 0;
	size_t i, f;

	if (!json_equal(json_object_get(a->root, "suite"), json_object_get(b->root, "suite"))) {
		*why = "they are results of different suites";
		goto fail;
	}
	if (!results_comparable(a->root, a->kernel, b->root, b->kernel, force, &differences,
				not_same_guest, sizeof(not_same_guest))) {
		*why = not_same_guest;
		goto fail;
	}
	json_array_foreach(json_object_get(a->root, "records"), i, ra) {
		json_t *rb, *paired, *figs, *fig, *key;
		size_t k;

		if (!of_kernel(ra, a->kernel))
			continue;
		rb = partner(b_records, b->kernel, ra, match);
		if (!rb) {
			*why = "a record of A has no partner in B (the match keys differ)";
			goto fail;
		}
		paired = json_object();
		json_array_foreach(match, k, key)
			json_object_set(paired, json_string_value(key),
					json_object_get(ra, json_string_value(key)));
		figs = json_array();
		json_array_foreach(figures, f, fig) {
			json_array_append_new(figs, figure(fig, ra, rb, &judged, &changed));
			nfigures++;
		}
		json_array_append_new(records, json_pack("{s:o,s:o}", "match", paired, "figures", figs));
	}
	if (!json_array_size(records)) {
		*why = "A has no record of its kernel";
		goto fail;
	}
	return json_pack("{s:O,s:O,s:o,s:o,s:o,s:o,s:{s:i,s:i,s:i}}", "suite",
			 json_object_get(a->root, "suite"), "kind", json_object_get(a->root, "kind"),
			 "a", side(a), "b", side(b), "differences", differences, "records", records,
			 "summary", "figures", nfigures, "judged", judged, "changed", changed);
fail:
	json_decref(differences);
	json_decref(records);
	return NULL;
}
