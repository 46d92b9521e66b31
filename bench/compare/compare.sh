#!/bin/sh
# make compare A=<rev> [B=<rev>] [SUITE=...] [KERNEL=patched|baseline]
# With B: kernel KERNEL of revision B against the same kernel of A, suite by
# suite. Without B: the two kernels of A's run (baseline -> patched).
# A revision's results of a suite are its newest (pb results newest --rev):
# its own run's, else those of the nearest commit before it that has some;
# "results of" says which run each side's came from. A or B may also be a
# run directory of any results root (ROOT/RUN: this repository's results/,
# a pair's RESULTS_DIR, bench/lib/layout.h): its results are taken as they are.
# Each suite's table, its line of the closing summary, its JSON
# (OUT/RUNA-RUNB/SUITE.json) and the data of PLOTS/compare-SUITE.png
# (plots/compare.gp: B/A per point with its interval, the noise floor as a
# band) are one pb compare's. Exits 3 when
# any point regressed significantly (over 2 %). A records suite's results
# (crash-memory) compare figure by figure within its manifest's tolerances,
# across revisions only (they hold one kernel); exit 3 when a figure changed.
# Results whose measuring side differs are refused (pb compare) unless FORCE=1.
#   compare.sh A B SUITES [KERNEL [PLOTS]]   (env: PB, RESULTS_DIR, FORCE,
#   COMPARE_OUT: OUT, the scratch folder, build/compare unless set)
set -u
a=$1 b=$2 suites=$3 kernel=${4:-patched} plots=${5:-plots} cmp_out=${COMPARE_OUT:-build/compare}
PB=${PB:-build/pb}
# shellcheck source=bench/lib/gnuplot.sh
. bench/lib/gnuplot.sh

# newest REV SIDE: every suite's newest result at REV (one walk of the
# history), as JSON in OUT/newest-SIDE.json; fails, saying so, if
# REV is not a commit or no suite has a result at REV or before it.
newest() {
	[ ! -d "$1" ] || return 0	# a run directory: result() reads it
	# shellcheck disable=SC2086 # suite names are words
	"$PB" results newest --json --rev "$1" $suites > "$cmp_out/newest-$2.json"
}
# result SIDE SUITE: sets file and run to SIDE's newest result of SUITE and
# the run it is from; fails if SIDE has none.
result() {
	if [ "$1" = a ]; then r_dir=$a; else r_dir=$b; fi
	if [ -d "$r_dir" ]; then	# ROOT/RUN of any results root: its SUITE.json, else its partial one
		file=$r_dir/$2.json run=$(basename "$r_dir")
		[ -f "$file" ] || file=$r_dir/$2.partial.json
		[ -f "$file" ] || { echo "== $2: no result in $r_dir"; echo; return 1; }
		return 0
	fi
	# shellcheck disable=SC2046 # a path and a run id: words
	set -- $("$PB" json-get "$cmp_out/newest-$1.json" "$2.path" "$2.run" 2> /dev/null)
	[ $# = 2 ] && file=$1 run=$2
}

[ -n "$a" ] || { echo "compare: usage: make compare A=<rev> [B=<rev>] [SUITE=name]" >&2; exit 2; }
mkdir -p "$cmp_out"
newest "$a" a || exit 1
[ -z "$b" ] || newest "$b" b || exit 1
summary=$cmp_out/summary.txt
: > "$summary"
status=0 drawn=""
for s in $suites; do
	# shellcheck disable=SC2046
	set -- $("$PB" suites get "$s" kernels 2>/dev/null)
	case " $* " in
	*" $kernel "*) ;;
	*) echo "== $s: not compared: it runs on the $* kernel only, not $kernel"; echo; continue ;;
	esac
	result a "$s" || continue
	fa=$file runa=$run
	records=
	if "$PB" json-get "$fa" kind > /dev/null 2>&1; then
		# a records suite compares across revisions; selfcheck's have nothing to compare
		{ [ -n "$b" ] && "$PB" json-get "$fa" records > /dev/null 2>&1; } || continue
		records=1
	fi
	if [ -n "$b" ]; then
		result b "$s" || continue
		fb=$file runb=$run
		out=$cmp_out/$runa-$runb
		echo "== $s: $b against $a ($kernel kernel)"
		echo "results of $runa for $a, of $runb for $b"
		set -- "$fa:$kernel" "$fb:$kernel"
	else
		out=$cmp_out/$runa
		echo "== $s: patched against baseline ($a)"
		echo "results of $runa for $a"
		set -- "$fa:baseline" "$fa:patched"
	fi
	mkdir -p "$out"
	rm -f "$out/$s.json" "$out/compare-$s.vars"
	[ -n "$records" ] || set -- --plot-data "$out/compare-$s" "$@"
	[ -z "${FORCE:-}" ] || set -- --force "$@"
	"$PB" compare --save "$out/$s.json" --summary "$summary" "$@"
	rc=$?
	[ "$rc" = 3 ] && status=3
	[ "$rc" = 1 ] && [ "$status" = 0 ] && status=1
	echo
	{ [ -z "$records" ] && [ -f "$out/compare-$s.vars" ]; } || continue
	mkdir -p "$plots"
	if gnuplot_draw plots/compare.gp "$out/compare-$s.vars" "$plots" "$out"; then
		drawn="$drawn $plots/compare-$s.png"
	else
		status=1
	fi
done
[ -s "$summary" ] || { echo "compare: no suite ($suites) has results on both sides" >&2; exit 1; }
echo "compare: B/A per suite:"
cat "$summary"
[ -z "$drawn" ] || echo "compare: plots:$drawn"
exit $status
