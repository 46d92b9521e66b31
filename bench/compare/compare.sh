#!/bin/sh
# make compare A=<rev> [B=<rev>] [SUITE=...] [KERNEL=patched|baseline]
# With B: kernel KERNEL of revision B against the same kernel of A, suite by
# suite. Without B: the two kernels of A's run (baseline -> patched).
# Revisions are project commits with results in results/<commit12>[-dirty].
# Each suite's table is pb compare's; its JSON (build/compare/A-B/SUITE.json)
# gives the closing summary and PLOTS/compare-SUITE.png (plots/compare.gp):
# B/A per point with its interval, the noise floor as a band. Exits 3 when
# any point regressed significantly (over 2 %). A records suite's results
# (crash-memory) compare figure by figure within its manifest's tolerances,
# across revisions only (they hold one kernel); exit 3 when a figure changed.
#   compare.sh A B SUITES [KERNEL [PLOTS]]   (env: PB)
set -u
a=$1 b=$2 suites=$3 kernel=${4:-patched} plots=${5:-plots}
PB=${PB:-build/pb}
# shellcheck source=bench/lib/gnuplot.sh
. bench/lib/gnuplot.sh

resolve() { # rev -> results directory
	c=$(git rev-parse --short=12 "$1^{commit}" 2>/dev/null) || {
		echo "compare: '$1' is not a revision of this repository" >&2; return 1; }
	for d in "results/$c" "results/$c-dirty"; do
		[ -d "$d" ] && { echo "$d"; return 0; }
	done
	echo "compare: no results for $1 ($c); runs with results:" >&2
	for d in results/*/; do d=${d%/}; echo "  ${d#results/}"; done >&2
	return 1
}

[ -n "$a" ] || { echo "compare: usage: make compare A=<rev> [B=<rev>] [SUITE=name]" >&2; exit 2; }
da=$(resolve "$a") || exit 1
if [ -n "$b" ]; then
	db=$(resolve "$b") || exit 1
	out=build/compare/${da#results/}-${db#results/}
else
	out=build/compare/${da#results/}
fi
mkdir -p "$out"
status=0 summary="" drawn=""
for s in $suites; do
	# shellcheck disable=SC2046
	set -- $("$PB" suites get "$s" kernels 2>/dev/null)
	case " $* " in
	*" $kernel "*) ;;
	*) echo "== $s: not compared: it runs on the $* kernel only, not $kernel"; echo; continue ;;
	esac
	records=
	if [ -f "$da/$s.json" ] && "$PB" json-get "$da/$s.json" kind > /dev/null 2>&1; then
		# a records suite compares across revisions; selfcheck's have nothing to compare
		{ [ -n "$b" ] && "$PB" json-get "$da/$s.json" records > /dev/null 2>&1; } || continue
		records=1
	fi
	if [ -n "$b" ]; then
		{ [ -f "$da/$s.json" ] && [ -f "$db/$s.json" ]; } || continue
		echo "== $s: $b against $a ($kernel kernel)"
		set -- "$da/$s.json:$kernel" "$db/$s.json:$kernel"
	else
		[ -f "$da/$s.json" ] || continue
		echo "== $s: patched against baseline ($a)"
		set -- "$da/$s.json:baseline" "$da/$s.json:patched"
	fi
	rm -f "$out/$s.json"
	"$PB" compare --save "$out/$s.json" "$@"
	rc=$?
	[ "$rc" = 3 ] && status=3
	[ "$rc" = 1 ] && [ "$status" = 0 ] && status=1
	echo
	[ -f "$out/$s.json" ] || continue
	if [ -n "$records" ]; then
		# shellcheck disable=SC2046
		set -- $("$PB" json-get "$out/$s.json" summary.figures summary.judged summary.changed) ||
			{ status=1; continue; }
		summary="$summary
  $s: $1 figures, $2 judged by their tolerance, $3 changed ($out/$s.json)"
		continue
	fi
	# shellcheck disable=SC2046
	set -- $("$PB" json-get "$out/$s.json" summary.points summary.regressions \
		summary.verdicts.slower-small summary.verdicts.faster summary.verdicts.invalid) ||
		{ status=1; continue; }
	summary="$summary
  $s: $1 points, $2 regressions, $3 slower by under 2 %, $4 faster, $5 invalid ($out/$s.json)"
	mkdir -p "$plots"
	if "$PB" compare-plot "$out/$s.json" "$out" "compare-$s" &&
		gnuplot_draw plots/compare.gp "$out/compare-$s.vars" "$plots" "$out"; then
		drawn="$drawn $plots/compare-$s.png"
	else
		status=1
	fi
done
[ -n "$summary" ] || { echo "compare: no suite ($suites) has results on both sides" >&2; exit 1; }
echo "compare: B/A per suite:$summary"
[ -z "$drawn" ] || echo "compare: plots:$drawn"
exit $status
