// SPDX-License-Identifier: GPL-2.0
/*
 * The headline's provenance table. Every value comes from the results'
 * meta (bench/collect/meta.sh), never from the checkout the report is made
 * in: make test-results reproduces RESULTS.md at any later commit.
 */
#include "report/report_provenance.h"

#include <string.h>

#include "report/report_results.h"

#define NOT_RECORDED "not recorded"
/* What -cpu QEMU picked when vm/ named none, for results from before it did (meta.guest_cpu) */
#define QEMU_DEFAULT_CPU "qemu64 (QEMU's default then)"

static const char *meta(json_t *root, const char *key)
{
	return json_string_value(json_object_get(json_object_get(root, "meta"), key));
}

static const char *accel_of(json_t *root)
{
	const char *a = json_string_value(json_object_get(root, "accel"));

	return a ? a : meta(root, "accel");
}

/* "KERNEL_COMMIT stamp STAMP[ edits HASH]" (meta.sh's kernel_id) as the table says it */
static void kernel_text(char *buf, size_t len, json_t *root, const char *which)
{
	const char *pkg = meta(root, "debian_package"), *id = meta(root, which);
	char commit[64] = "", stamp[64] = "";

	if (!id) {
		snprintf(buf, len, NOT_RECORDED);
		return;
	}
	if (sscanf(id, "%63s stamp %63s", commit, stamp) == 2)
		snprintf(buf, len, "%s%s%s`%s`, build stamp `%s`%s", pkg ? "Debian " : "",
			 pkg ? pkg : "", pkg ? ", " : "", commit, stamp, strstr(id, " edits ") ?
			 strstr(id, " edits ") : "");
	else
		snprintf(buf, len, "`%s`", id);
}

/* @root's value of @field in @buf; 0 if the row leaves @root out */
static int value_of(char *buf, size_t len, json_t *root, const char *field)
{
	const char *v, *accel = accel_of(root);

	if (!strcmp(field, "baseline_kernel") || !strcmp(field, "patched_kernel")) {
		kernel_text(buf, len, root, field);
		return 1;
	}
	if (!strcmp(field, "mode")) {
		snprintf(buf, len, "%s%s", accel ? accel : NOT_RECORDED,
			 accel && !strcmp(accel, "icount") ? " (`-icount shift=0`)" : "");
		return 1;
	}
	if (!strcmp(field, "unit")) {	/* the timing results' (a records result's are its figures') */
		v = json_string_value(json_object_get(root, "unit"));
		snprintf(buf, len, "%s per operation", v ? v : "?");
		return !json_object_get(root, "kind");
	}
	if (!strcmp(field, "guest_cpu") && !meta(root, "guest_cpu") && accel &&
	    (!strcmp(accel, "icount") || !strcmp(accel, "tcg"))) {
		snprintf(buf, len, QEMU_DEFAULT_CPU);
		return 1;
	}
	v = meta(root, field);
	if (!v)
		snprintf(buf, len, NOT_RECORDED);
	else if (!strcmp(field, "guest_mem_mb"))
		snprintf(buf, len, "%s MiB", v);
	else if (!strcmp(field, "project_commit") || !strcmp(field, "series") ||
		 strstr(field, "config"))
		snprintf(buf, len, "`%s`", v);
	else
		snprintf(buf, len, "%s", v);
	return 1;
}

/* One row: each distinct value, with the suites it is of when they are not all alike. */
static void row(FILE *f, const char *label, const char *field, json_t *const *roots, int n)
{
	char vals[64][512];
	int nvals = 0, of[REPORT_MAX_RESULTS], shown = 0;

	for (int i = 0; i < n; i++) {
		int k;

		of[i] = -1;
		if (nvals == 64 || !value_of(vals[nvals], sizeof(vals[0]), roots[i], field))
			continue;
		shown++;
		for (k = 0; k < nvals && strcmp(vals[k], vals[nvals]); k++)
			;
		if (k == nvals)
			nvals++;
		of[i] = k;
	}
	fprintf(f, "| %s |", label);
	for (int k = 0; k < nvals; k++) {
		fprintf(f, "%s %s", k ? ";" : "", vals[k]);
		int count = 0, but;

		if (nvals == 1)
			continue;
		for (int i = 0; i < n; i++)
			count += of[i] == k;
		/* the value most suites share is said as the exceptions to it */
		but = 2 * count > shown;
		fprintf(f, " (%s", but ? "all but " : "");
		for (int i = 0, first = 1; i < n; i++)
			if (of[i] >= 0 && (of[i] == k) != but) {
				fprintf(f, "%s%s", first ? "" : ", ",
					json_string_value(json_object_get(roots[i], "suite")));
				first = 0;
			}
		fprintf(f, ")");
	}
	fprintf(f, " |\n");
}

/* The earliest and latest meta.date (ISO 8601, so they sort as text) */
static void dates(FILE *f, json_t *const *roots, int n)
{
	const char *lo = NULL, *hi = NULL;

	for (int i = 0; i < n; i++) {
		const char *d = meta(roots[i], "date");

		if (d && (!lo || strcmp(d, lo) < 0))
			lo = d;
		if (d && (!hi || strcmp(d, hi) > 0))
			hi = d;
	}
	if (!lo)
		fprintf(f, "| results dated | " NOT_RECORDED " |\n");
	else
		fprintf(f, "| results dated | %s%s%s |\n", lo, strcmp(lo, hi) ? " to " : "",
			strcmp(lo, hi) ? hi : "");
}

void report_provenance(FILE *f, json_t *const *roots, int n)
{
	fprintf(f, "| what | of these results |\n|---|---|\n");
	row(f, "run at project commit", "project_commit", roots, n);
	row(f, "patch series", "series", roots, n);
	row(f, "baseline kernel", "baseline_kernel", roots, n);
	row(f, "patched kernel", "patched_kernel", roots, n);
	row(f, "compiler", "compiler", roots, n);
	row(f, "config fragments hash (with KCONFIG's)", "config_hash", roots, n);
	row(f, "baseline .config hash", "baseline_config", roots, n);
	row(f, "patched .config hash", "patched_config", roots, n);
	row(f, "pahole", "pahole", roots, n);
	row(f, "binutils", "binutils", roots, n);
	row(f, "mode", "mode", roots, n);
	row(f, "unit", "unit", roots, n);
	row(f, "guest CPU", "guest_cpu", roots, n);
	row(f, "guest vCPUs", "guest_smp", roots, n);
	row(f, "guest memory", "guest_mem_mb", roots, n);
	row(f, "host CPU", "host_cpu", roots, n);
	row(f, "QEMU", "qemu", roots, n);
	dates(f, roots, n);
	fprintf(f, "\n");
}
