// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-strings benchmark: upstream's byte-loop string kfuncs, kfuncs of
 * str_byteloop.ko (suites/bpf-strings/str-byteloop), called exactly as
 * strbench_kfunc.bpf.c calls the kernel's: loads only while it is loaded.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#define SB_KFUNC(name) pb_byteloop_##name
#include "strbench_calls.h"
