/* SPDX-License-Identifier: GPL-2.0 */
/* RESULTS.md: the project's performance targets, each met or missed. */
#ifndef PB_REPORT_TARGETS_H
#define PB_REPORT_TARGETS_H

#include <jansson.h>
#include <stdio.h>

/*
 * One table row per target of the benchmarks issue, judged from the
 * suites' results among @roots (a target whose suite has no result says
 * so): the refactor's cost on direct lookup and fragmentation, gateway
 * cost per hop, bpf_stream_vprintk against bpf_trace_printk, the string
 * kfuncs' speedup and page_pool's ratio.
 */
void report_targets(FILE *f, json_t *const *roots, int n);

#endif
