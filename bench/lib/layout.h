/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where results are filed, and which of them is a suite's newest: the one
 * definition of the results layout (pb results is its face for scripts).
 *
 *   ROOT/RUN/SUITE.json          a run's result of SUITE
 *   ROOT/RUN/SUITE.partial.json  a run of a subset of SUITE's points: never
 *                                taken as SUITE's result
 *
 * ROOT is "results" unless RESULTS_DIR or an option says otherwise, for
 * the default guest architecture (lib/arch.h); another one's (GUEST_ARCH)
 * is ROOT/arch/NAME, laid out alike, so that ROOT's own runs are the
 * default's alone ("arch" is no run: runs are named by the history). RUN is
 * the project commit a run was made at, 12 hex digits, with "-dirty" when
 * tracked files other than make report's (RESULTS.md, HISTORY.md,
 * the PNGs in plots/) differed from it. The newest result of a suite at a
 * revision is the first found walking the project's history from it (git
 * rev-list --topo-order), HEAD's -dirty run first when the revision is
 * HEAD: never by file time (a clone gives every file the same time) nor by
 * the date a result records.
 */
#ifndef PB_LAYOUT_H
#define PB_LAYOUT_H

#include <stddef.h>

#define LAYOUT_RUN_LEN 32	/* "<12 hex>-dirty" and its NUL fit */
#define LAYOUT_COMMIT_LEN 41	/* a full hash and its NUL */

/* The folder of ROOT that holds the other architectures' roots */
#define LAYOUT_ARCH_DIR "arch"

/*
 * The default architecture's results root: @option if given, else
 * $RESULTS_DIR if set and not empty, else "results".
 */
const char *layout_base_root(const char *option);

/*
 * The results root of the architecture GUEST_ARCH selects: the base root
 * for the default, else BASE/arch/NAME (layout_arch_root()). NULL, said why,
 * when GUEST_ARCH is no architecture's name (or the path too long).
 */
const char *layout_root(const char *option);

/* BASE/arch/@arch into @buf; -1 if it does not fit in @len. */
int layout_arch_root(char *buf, size_t len, const char *base, const char *arch);

/*
 * The other architectures with a root under @base (BASE/arch/NAME folders
 * of architecture names, the default's aside), sorted, as a NULL-terminated
 * array (layout_suites_free() it): empty without any; NULL if out of memory.
 */
char **layout_archs(const char *base);

/* Is @suite a name a result can be filed under (no '/', '.', spaces; not empty)? */
int layout_suite_ok(const char *suite);

/* The working tree's run id; -1 (said why, after @who) if git cannot tell. */
int layout_run_id(const char *who, char *run, size_t len);

/* ROOT/RUN/SUITE.json, or .partial.json; -1 if it does not fit in @len. */
int layout_result_path(char *buf, size_t len, const char *root, const char *run,
		       const char *suite, int partial);

/* The runs a revision's results can come from, newest first. */
struct layout_walk {
	char (*run)[LAYOUT_RUN_LEN];
	char (*commit)[LAYOUT_COMMIT_LEN];	/* the commit each run was made at */
	size_t n;
};

/*
 * Walk the history once: the runs of the commits @from (NULL: from the
 * first) to @to (NULL: HEAD), newest first, HEAD's -dirty run first when
 * @to is HEAD. -1 (said why, after @who) when a revision is not a commit
 * or @from is not an ancestor of @to.
 */
int layout_walk(struct layout_walk *w, const char *who, const char *from, const char *to);

/* Whether a walk to HEAD takes HEAD's -dirty run (layout_walk() does). */
enum layout_dirty { LAYOUT_WITH_DIRTY, LAYOUT_CLEAN_ONLY };
int layout_walk_runs(struct layout_walk *w, const char *who, const char *from, const char *to,
		     enum layout_dirty dirty);
void layout_walk_free(struct layout_walk *w);

/* Is there a (full) result of @suite in ROOT/@run? */
int layout_has_result(const char *root, const char *run, const char *suite);

/* The index in @w of the newest run with a result of @suite, or -1. */
long layout_newest(const struct layout_walk *w, const char *root, const char *suite);

/*
 * Every suite with a (full) result under @root, sorted, as a NULL-terminated
 * array (layout_suites_free() it); NULL (said why) if @root cannot be read.
 */
char **layout_suites(const char *root);
void layout_suites_free(char **suites);

#endif
