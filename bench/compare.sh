#!/bin/sh
# make compare A=<rev> [B=<rev>] [SUITE=...] [KERNEL=patched|baseline]
# With B: kernel KERNEL of revision B against the same kernel of A, suite by
# suite. Without B: the two kernels of A's run (baseline -> patched).
# Revisions are project commits with results in results/<commit12>[-dirty].
# Exits 3 when any point regressed significantly (over 2 %).
set -u
a=$1 b=$2 suites=$3 kernel=${4:-patched}
PB=${PB:-build/pb}

resolve() { # rev -> results directory
	c=$(git rev-parse --short=12 "$1^{commit}" 2>/dev/null) || {
		echo "compare: '$1' is not a revision of this repository" >&2; return 1; }
	for d in "results/$c" "results/$c-dirty"; do
		[ -d "$d" ] && { echo "$d"; return 0; }
	done
	echo "compare: no results for $1 ($c); runs with results:" >&2
	for d in results/*; do
		case $d in *README*) ;; *) echo "${d#results/}" ;; esac
	done >&2
	return 1
}

[ -n "$a" ] || { echo "compare: usage: make compare A=<rev> [B=<rev>] [SUITE=name]" >&2; exit 1; }
da=$(resolve "$a") || exit 1
if [ -n "$b" ]; then
	db=$(resolve "$b") || exit 1
fi
status=0 done_any=
for s in $suites; do
	if [ -n "$b" ]; then
		if [ ! -f "$da/$s.json" ] || [ ! -f "$db/$s.json" ]; then continue; fi
		echo "== $s: $b against $a ($kernel kernel)"
		"$PB" compare "$da/$s.json:$kernel" "$db/$s.json:$kernel"
	else
		[ -f "$da/$s.json" ] || continue
		echo "== $s: patched against baseline ($a)"
		"$PB" compare "$da/$s.json:baseline" "$da/$s.json:patched"
	fi
	rc=$?
	done_any=1
	[ "$rc" = 3 ] && status=3
	[ "$rc" = 1 ] && [ "$status" = 0 ] && status=1
	echo
done
[ -n "$done_any" ] || { echo "compare: no suite ($suites) has results on both sides" >&2; exit 1; }
exit $status
