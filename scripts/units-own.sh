#!/bin/sh
# make units-out with suites of your own (docs/suites.md, "A suite of your
# own"): their build folder, made once, starts as a copy of the built-in
# one's guest programs, BPF objects and modules, so nothing is built twice.
#   units-own.sh UNITS_OUT BUILD
set -u
out=$1 build=$2
[ ! -d "$out" ] || exit 0
mkdir -p "$out" || exit 1
for d in guest bpf modules; do
	[ ! -d "$build/$d" ] || cp -a "$build/$d" "$out/" || exit 1
done
