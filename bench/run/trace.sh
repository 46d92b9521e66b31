#!/bin/sh
# make trace SUITE=NAME: the functions (FUNCS=f+g) and the suite's
# arguments (TRACE_ARGS=a,b), else its manifest's trace.funcs and
# trace.args, then bench/collect/trace.sh.
#   trace.sh SUITE     (env: PB, FUNCS, TRACE_ARGS, and trace.sh's)
set -eu
suite=$1
f=${FUNCS:-}
a=${TRACE_ARGS:-}
[ -n "$f" ] || f=$("$PB" suites get "$suite" trace.funcs)
[ -n "$f" ] || { echo "make trace: no default functions for $suite: FUNCS=f+g" >&2; exit 1; }
[ -n "$a" ] || a=$("$PB" suites get "$suite" trace.args)
exec bench/collect/trace.sh "$suite" "$f" "$a"
