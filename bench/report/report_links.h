/* SPDX-License-Identifier: GPL-2.0 */
/* RESULTS.md: a profile's hand-written Markdown shown where its links still work. */
#ifndef PB_REPORT_LINKS_H
#define PB_REPORT_LINKS_H

#include <stdio.h>

/*
 * Writes @line to @f with every relative Markdown link target, "](x)",
 * prefixed with "@base/": a link written in profiles/SUITE/analysis.md
 * to a file beside it names that file from RESULTS.md too. Targets that
 * are absolute ("/"), anchors ("#") or URLs ("scheme:") are kept.
 */
void report_rebased_line(FILE *f, const char *line, const char *base);

#endif
