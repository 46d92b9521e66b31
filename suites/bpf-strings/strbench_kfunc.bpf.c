// SPDX-License-Identifier: GPL-2.0
/* bpf-strings benchmark: the string kfuncs (patched kernels only). */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#define SB_KFUNC(name) bpf_##name
#include "strbench_calls.h"
