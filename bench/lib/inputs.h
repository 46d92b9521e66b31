/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The repository's inputs a suite's result is made from, hashed the same
 * way at bench time (bench/collect/meta.sh records them in the result's
 * meta) and by make report (today's, to judge a result stale):
 *   series          the series, the .patch files of kernel/patches/: sha256sum's first
 *                   16 hex digits of them in name order, kernel/tree.sh's
 *                   hash, which meta.sh records from the patched tree
 *   inputs_config   the config fragments, kernel/config/ (with KCONFIG's
 *                   file when one is given: a pair's; make report, which
 *                   judges this repository's results, takes none)
 *   suite_files     the suite's own folder, every file under it, and
 *                   the components it uses (components/NAME/: named in
 *                   its suite.json, build.json or guest script, or by a
 *                   used component's build.json), every file of theirs,
 *                   as "PATH:HASH" words (PATH under the suite's folder,
 *                   or components/NAME/FILE), sorted
 *   inputs_harness  the harness code that measures (INPUTS_HARNESS)
 * pb inputs prints the last three (inputs_keys). Their hashes are
 * content_hash()'s (lib/content_hash.h) (16 hex digits; 8 per suite file); paths count as given,
 * relative to the repository's top, where pb runs (or $PB_INPUTS_ROOT:
 * another tree's, tests/unit/test_report_stale.c).
 */
#ifndef PB_INPUTS_H
#define PB_INPUTS_H

#include <jansson.h>

/* The harness files and folders (their files) whose change makes every result stale. */
#define INPUTS_HARNESS "bench/collect", "bench/lib/guest.sh", "bench/lib/caps.sh", "vm", \
	"vm/guest", "vm/guest/lib"

/* The meta keys pb inputs prints, in its order (the series is meta.sh's own). */
extern const char *const inputs_keys[];

/*
 * The inputs of the suite in folder @suite_dir (absolute, or relative to
 * the tree's top), with the series of @series_dir and @kconfig (NULL:
 * none) as an object of the keys above;
 * NULL with the file that failed said on stderr.
 */
json_t *inputs_of(const char *suite_dir, const char *series_dir, const char *kconfig);

/* Today's series (kernel/patches), hashed once; NULL, said why, if it cannot be read. */
const char *inputs_today_series(void);

/*
 * The words of two suite_files values that differ (a file in one only, or
 * of another hash), their paths joined by ", " into @buf; 0 when none.
 */
int inputs_files_differing(const char *a, const char *b, char *buf, size_t len);

#endif
