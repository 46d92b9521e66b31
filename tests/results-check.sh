#!/bin/sh
# make test-results: do results/, RESULTS.md and the plots agree, and do the
# tools that read results across commits (selection, history, comparison)
# tell what the planted data says? Host only: no guest, no kernel.
#   results-check.sh OUT.tap     (env: PB, MAKE)
set -u
tap=$1
PB=${PB:-build/pb} MAKE=${MAKE:-make}
top=$(pwd)
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
tap_scratch results-check
tap_start "$tap" results

# 1. The committed RESULTS.md and HISTORY.md are what make report makes of
# the committed results, in any checkout (a fresh clone's files all have one
# time).
out=$work/report
mkdir -p "$out"
if "$MAKE" --no-print-directory report REPORT_OUT="$out" PLOT_DATA="$out/data" \
	> "$out/make.out" 2> "$out/make.err"; then
	for md in RESULTS.md HISTORY.md; do
		check "reproduces-$md" "$md does not match results/: run make report" \
			cmp -s "$md" "$out/$md"
	done
else
	for md in RESULTS.md HISTORY.md; do
		result fail "reproduces-$md" "make report failed: $(tail -n 3 "$out/make.err" | tr '\n' ' ')"
	done
fi

# 2. gnuplot drew every suite's plot (its manifest's recipe) on the
# committed results without a warning (bench/report/plots.sh fails on one; this
# names which).
for name in $("$PB" suites list --plot || echo "(pb suites list failed)"); do
	if [ ! -s "$out/plots/$name.png" ]; then
		result fail "plot-$name" "no $name.png drawn: $(tr '\n' ' ' < "$out/make.err")"
	elif [ -s "$out/data/$name.err" ]; then
		result fail "plot-$name" "gnuplot warned: $(tr '\n' ' ' < "$out/data/$name.err")"
	else
		result ok "plot-$name"
	fi
done

# 3. Every panel of a suite plot that draws both kernels has a ratio panel
# under it: as many as its script's RATIO_PANELS, each with ratios to draw.
for name in $("$PB" suites list --plot || echo "(pb suites list failed)"); do
	both=0 empty=
	for f in "$out/data/$name"-[0-9]*-[0-9]*.dat; do
		case $f in *-ratio.dat | *"*"*) continue ;; esac
		echo "${f%-*.dat}"
	done | sort -u > "$out/data/$name.panels"
	while read -r panel; do
		heads=
		for f in "$panel"-[0-9]*.dat; do
			case $f in *-ratio.dat) ;; *) heads="$heads $(grep '^"' "$f")" ;; esac
		done
		case $heads in *baseline*) ;; *) continue ;; esac
		case $heads in *patched*)
			both=$((both + 1))
			awk '!/^"/ && NF == 5 && $2 > 0 { n++ } END { exit !n }' "$panel"-*-ratio.dat 2> /dev/null ||
				empty="$empty ${panel##*/}" ;;
		esac
	done < "$out/data/$name.panels"
	said=$(sed -n 's/^RATIO_PANELS = //p' "$out/data/$name.gp")
	check "plot-$name-ratio-panels" "$both panels with both kernels, RATIO_PANELS = $said, no ratios:${empty:- none}" \
		test "$both" = "$said" -a -z "$empty"
done

# A git repository of three commits c1, c2, c3 (HEAD), each with results,
# and the files make report writes, committed as here.
planted=$work/planted
git init -q "$planted"
git -C "$planted" config user.email pb@localhost
git -C "$planted" config user.name patchbench
mkdir -p "$planted/plots/sub"
for f in RESULTS.md HISTORY.md plots/s.png plots/s.gp plots/sub/s.png; do
	echo committed > "$planted/$f"
done
git -C "$planted" add RESULTS.md HISTORY.md plots
for i in 1 2 3; do
	echo "$i" > "$planted/code"
	git -C "$planted" add code
	git -C "$planted" commit -q -m "code $i"
	eval "c$i=$(git -C "$planted" rev-parse --short=12 HEAD)"
done
# shellcheck disable=SC2154 # c1..c3 are set by the eval above
for c in "$c1" "$c2" "$c3" "$c2-dirty"; do
	mkdir -p "$planted/results/$c"
	echo '{}' > "$planted/results/$c/s.json"
done

# results ARGS...: pb results in the planted repository, its output as one
# line (stderr too, so a check names what went wrong), its exit status
case $PB in /*) pb_abs=$PB ;; *) pb_abs=$top/$PB ;; esac
results() {
	(cd "$planted" && "$pb_abs" results "$@") > "$work/results.out" 2>&1
	r_status=$?
	tr '\n' ' ' < "$work/results.out"
	return "$r_status"
}
has() { case $1 in *"$2"*) return 0 ;; esac; return 1; }

# 3. The newest result is the nearest commit's, whatever the file times;
# a -dirty directory of another commit than HEAD is not HEAD's.
touch -d '2000-01-01' "$planted/results/$c3/s.json"
touch "$planted/results/$c1/s.json"
latest=$(results newest s)
check selection-by-history "chose $latest, not results/$c3/s.json" \
	[ "$latest" = "results/$c3/s.json " ]
all=$(results all s)
check selection-all-in-commit-order "listed $all" \
	[ "$all" = "results/$c1/s.json results/$c2/s.json results/$c3/s.json " ]
latest=$(results newest --rev "$c2" s)
check selection-dirty-only-for-head "at c2 chose $latest, not results/$c2/s.json" \
	[ "$latest" = "results/$c2/s.json " ]
mkdir -p "$planted/results/$c3-dirty" && echo '{}' > "$planted/results/$c3-dirty/s.json"
latest=$(results newest s)
check selection-head-dirty "chose $latest, not HEAD's uncommitted results" \
	[ "$latest" = "results/$c3-dirty/s.json " ]
rm -r "$planted/results/$c3-dirty"
range=$(results all --from "$c2" --to "$c2" s)
check selection-range "FROM=TO=c2 listed $range" [ "$range" = "results/$c2/s.json " ]
got=$(results all --from "$c3" --to "$c1" s; echo "exit $?")
check selection-from-not-ancestor "FROM=c3 TO=c1: $got" \
	[ "$got" = "pb results: $c3 is not an ancestor of $c1 exit 1" ]
got=$(results all --to nosuch s; echo "exit $?")
check selection-not-a-commit "TO=nosuch: $got" \
	[ "$got" = "pb results: 'nosuch' is not a commit of this repository exit 1" ]

# 4. A partial run (some of a suite's points) is filed beside the full
# results and never taken for one: p's newest full result stays c1's; the
# run id of a tree with tracked changes ends in -dirty, and results go
# under RESULTS_DIR when it is set.
echo '{}' > "$planted/results/$c1/p.json"
echo '{}' > "$planted/results/$c3/p.partial.json"
latest=$(results newest p) all=$(results all p)
check partial-not-newest "newest $latest, all $all" \
	[ "$latest $all" = "results/$c1/p.json  results/$c1/p.json " ]
got=$(results path --partial p)
check partial-path "$got" [ "$got" = "results/$c3/p.partial.json " ]
echo changed > "$planted/code"
got="$(results run-id)/ $(RESULTS_DIR=elsewhere results path s)"
git -C "$planted" checkout -q code
check run-id-dirty "a tree with a changed tracked file: $got" \
	[ "$got" = "$c3-dirty / elsewhere/$c3-dirty/s.json " ]
got=$(results run-id)
check run-id-clean "$got" [ "$got" = "$c3 " ]
# make bench ends by regenerating RESULTS.md, HISTORY.md and plots/*.png:
# the next suite's run is still the clean commit's. Any other tracked file
# changed, a plot's script or a PNG elsewhere, makes it -dirty.
for f in RESULTS.md HISTORY.md plots/s.png; do echo regenerated > "$planted/$f"; done
got=$(results run-id)
check run-id-ignores-report "RESULTS.md, HISTORY.md and plots/s.png regenerated: $got" \
	[ "$got" = "$c3 " ]
got=
for f in plots/s.gp plots/sub/s.png; do
	echo changed > "$planted/$f"
	got="$got$f: $(results run-id)"
	git -C "$planted" checkout -q "$f"
done
check run-id-dirty-beside-report "$got" \
	[ "$got" = "plots/s.gp: $c3-dirty plots/sub/s.png: $c3-dirty " ]
git -C "$planted" checkout -q RESULTS.md HISTORY.md plots

# samples SUITE PARAMS COST BOOT: PB-BENCH lines of one boot, six samples
# around COST (within 0.1 %), each 2K batch costing twice.
samples() {
	for j in 0 1 -1 2 -2 0; do
		awk -v s="$1" -v p="$2" -v c="$3" -v j="$j" \
			'BEGIN { printf "PB-BENCH suite=%s %s ns=%.2f ns2k=%.2f\n", s, p, c * (1 + j / 2000), c * (1 + j / 2000) }'
	done
}

# 5. pb compare --json on planted data, read back with pb json-get: x=1 is
# 10 % slower, x=2 unchanged, x=3 5 % faster.
cmp=$work/compare
mkdir -p "$cmp"
for boot in 1 2; do
	{ samples planted x=1 1000; samples planted x=2 500; samples planted x=3 2000; } > "$cmp/a$boot.txt"
	{ samples planted x=1 1100; samples planted x=2 500; samples planted x=3 1900; } > "$cmp/b$boot.txt"
done
"$PB" bench-collect --suite planted --unit u --accel icount --out "$cmp/r.json" \
	baseline="$cmp/a1.txt" baseline="$cmp/a2.txt" patched="$cmp/b1.txt" patched="$cmp/b2.txt" > /dev/null
rc=0
"$PB" compare --json "$cmp/r.json:baseline" "$cmp/r.json:patched" > "$cmp/cmp.json" || rc=$?
got=$("$PB" json-get "$cmp/cmp.json" points.0.params.x points.0.verdict points.0.regression \
	points.1.verdict points.2.verdict summary.points summary.regressions summary.verdicts.faster \
	2>&1 | tr '\n' ' ')
check compare-json-planted "exit $rc, read back: $got" \
	[ "$rc $got" = "3 1 slower true no-change faster 3 1 1 " ]

# The plot make compare draws of that comparison, without a gnuplot warning.
# shellcheck source=bench/lib/gnuplot.sh
if "$PB" compare-plot "$cmp/cmp.json" "$cmp" compare-planted > "$cmp/plot.out" 2>&1 &&
	(. bench/lib/gnuplot.sh && gnuplot_draw plots/compare.gp "$cmp/compare-planted.vars" "$cmp" "$cmp") \
		>> "$cmp/plot.out" 2>&1 && [ -s "$cmp/compare-planted.png" ]; then
	check compare-plot-kinds "regression, faster, no change: $(grep '^N_' "$cmp/compare-planted.vars" | tr '\n' ' ')" \
		[ "$(grep -c . "$cmp/compare-planted-regression.dat") $(grep -c . "$cmp/compare-planted-faster.dat") $(grep -c . "$cmp/compare-planted-other.dat")" = "1 1 1" ]
else
	result fail compare-plot-kinds "compare-plot or gnuplot failed: $(tr '\n' ' ' < "$cmp/plot.out")"
fi

# 6. History on the planted repository: at c2 point x=1 of suite "hist"
# gets 5 % slower on the patched kernel, at c3 the accelerator changes
# (icount to tcg) with the figures as at c2; x=2 never changes.
rm -r "$planted/results"
# shellcheck disable=SC2154
for c in "$c1" "$c2" "$c3"; do
	case $c in "$c1") slow=1000 ;; *) slow=1050 ;; esac
	case $c in "$c3") accel=tcg unit="ns (TCG wall clock: noisy)" ;; *) accel=icount unit=guest ;; esac
	for boot in 1 2; do
		{ samples hist x=1 1000; samples hist x=2 300; } > "$cmp/$c-a$boot.txt"
		{ samples hist x=1 "$slow"; samples hist x=2 300; } > "$cmp/$c-b$boot.txt"
	done
	mkdir -p "$planted/results/$c"
	"$PB" bench-collect --suite hist --unit "$unit" --accel "$accel" --meta project_commit="$c" \
		--out "$planted/results/$c/hist.json" baseline="$cmp/$c-a1.txt" baseline="$cmp/$c-a2.txt" \
		patched="$cmp/$c-b1.txt" patched="$cmp/$c-b2.txt" > /dev/null
done
hist=$work/history
mkdir -p "$hist/data" "$hist/out"
files=$(results --root "$planted/results" all hist)
# shellcheck disable=SC2086 # paths without spaces
# shellcheck source=bench/lib/gnuplot.sh
if (. bench/lib/gnuplot.sh && history_draw hist "$hist/out" "$hist/data" $files) > "$hist/draw.out" 2>&1; then
	table=$hist/data/history-hist.md
	# cell ROW COLUMN: the table's cell (columns: 1 parameters, 2 c1, 3 c2, 4 c3)
	cell() { awk -F' [|] ' -v r="| $1" -v c="$2" '$1 == r { print $c }' "$table"; }
	lacks() { ! has "$1" "$2"; }
	drawn() { [ -s "$1" ] && [ ! -s "$2" ]; }
	at_c2=$(cell x=1 3) elsewhere="$(cell x=1 2) / $(cell x=1 4) / $(grep '^| x=2 ' "$table")"
	header=$(grep '^| parameters' "$table")
	check history-step-at-c2 "x=1 at c2: $at_c2" has "$at_c2" "**step +5.0 %**"
	check history-no-step-elsewhere "x=1 at c1, c3 and x=2: $elsewhere" lacks "$elsewhere" step
	check history-accel-change-marked "header: $header" \
		has "$header" "\`$(echo "$c3" | cut -c1-7)\` **now tcg, ns (TCG wall clock: noisy)**"
	check history-plot-drawn "no history-hist.png, or gnuplot warned: $(cat "$hist/data/history-hist.err")" \
		drawn "$hist/out/history-hist.png" "$hist/data/history-hist.err"
else
	result fail history-planted "history_draw failed: $(tr '\n' ' ' < "$hist/draw.out")"
fi

# 7. pb results check: the committed results and the planted ones are each
# filed under the run they record (a -dirty run's result under the clean
# run would be taken as the clean commit's); one moved by hand to another
# run's directory is named.
got=$("$PB" results --root "$top/results" check 2>&1; echo "exit $?")
check check-committed-filed-right "$(echo "$got" | tr '\n' ' ')" [ "$got" = "exit 0" ]
got=$(results check; echo "exit $?")
check check-filed-right "$got" [ "$got" = "exit 0" ]
mv "$planted/results/$c1/hist.json" "$planted/results/$c2/moved.json"
got=$(results check; echo "exit $?")
check check-names-misfiled "$got" has "$got" \
	"results/$c2/moved.json: recorded at run $c1, filed under run $c2"

# 8. A result records the guest it ran on: what pb vm --hw says it boots
# (guest_run keeps it as DIR/hw.json) goes through bench/collect/meta.sh,
# on a planted cache, into the result's meta; pb compare refuses it against
# the same figures on another CPU model, and compares it with a result from
# before the model was recorded (icount: the pinned qemu64).
hw=$work/hw
mkdir -p "$hw/build" "$planted/pb-build-baseline" "$planted/pb-build-patched"
ln -s "$planted" "$hw/src" && ln -s "$planted" "$hw/src-patched"
# each build linked from its tree, as kernel/build.sh links them: a
# kernel's tree (its series) is where its build is
ln -s "$hw/src/pb-build-baseline" "$hw/build/baseline"
ln -s "$hw/src-patched/pb-build-patched" "$hw/build/patched"
echo 6.12.0-1 > "$hw/src/.pb-pristine"
echo "kernel/patches 0123456789abcdef" > "$hw/src-patched/.pb-series"
echo 1111111111111111 > "$hw/build/baseline/.pb-stamp"
echo 2222222222222222 > "$hw/build/patched/.pb-stamp"
# guest_result NAME [pb vm OPTIONS]: hw-NAME.json, meta-NAME.txt and r-NAME.json
guest_result() {
	gr_name=$1
	shift
	"$PB" vm --dry-run --kernel "$hw/bzImage" --accel icount --smp 1 --mem 768 \
		--hw "$hw/hw-$gr_name.json" "$@" > /dev/null 2>&1 &&
	PB_CACHE=$hw PB=$PB bench/collect/meta.sh "$hw/meta-$gr_name.txt" icount 2 "$c3" \
		"$hw/hw-$gr_name.json" &&
	"$PB" bench-collect --suite planted --unit u --accel icount --out "$hw/r-$gr_name.json" \
		--meta-file "$hw/meta-$gr_name.txt" baseline="$cmp/a1.txt" patched="$cmp/b1.txt" > /dev/null
}
guest_result pinned && guest_result max --cpu max
got=$("$PB" json-get "$hw/r-pinned.json" meta.guest_cpu meta.guest_smp meta.guest_mem_mb \
	meta.config_hash meta.accel 2>&1 | tr '\n' ' ')
check meta-records-guest "$got" \
	[ "$got" = "qemu64 1 768 $(sha256sum < kernel/config/bench.config | cut -c1-16) icount " ]
got=$("$PB" compare "$hw/r-pinned.json" "$hw/r-max.json" 2>&1; echo "exit $?")
check compare-refuses-other-cpu "$got" has "$got" "not comparable: guest_cpu qemu64 vs max (the measuring side differs; --force compares anyway)
exit 1"
got=$("$PB" compare "$cmp/r.json:patched" "$hw/r-pinned.json:patched" 2>&1; echo "exit $?")
check compare-unrecorded-cpu-as-pinned "$got" has "$got" \
	"| config_hash | kernel | not recorded | $(sha256sum < kernel/config/bench.config | cut -c1-16) |"
# The compiler of each kernel, as kbuild recorded it in its .config: one
# value when both kernels had the same, each named when they differ; none
# (as in the results made before it was recorded) without a .config.
got=$(grep -c '^compiler=' "$hw/meta-pinned.txt")
check meta-no-compiler-unrecorded "$got compiler lines" [ "$got" = 0 ]
echo 'CONFIG_CC_VERSION_TEXT="gcc (Debian 12.2.0-14) 12.2.0"' > "$hw/build/baseline/.config"
echo 'CONFIG_CC_VERSION_TEXT="Debian clang version 14.0.6"' > "$hw/build/patched/.config"
got=$(PB_CACHE=$hw PB=$PB bench/collect/meta.sh "$hw/meta-cc.txt" icount 2 "$c3" \
	"$hw/hw-pinned.json" 2>&1 && grep '^compiler=' "$hw/meta-cc.txt")
check meta-records-each-compiler "$got" [ "$got" = \
	"compiler=baseline gcc (Debian 12.2.0-14) 12.2.0; patched Debian clang version 14.0.6" ]
cp "$hw/build/baseline/.config" "$hw/build/patched/.config"
got=$(PB_CACHE=$hw PB=$PB bench/collect/meta.sh "$hw/meta-cc.txt" icount 2 "$c3" \
	"$hw/hw-pinned.json" 2>&1 && grep '^compiler=' "$hw/meta-cc.txt")
check meta-records-compiler "$got" [ "$got" = "compiler=gcc (Debian 12.2.0-14) 12.2.0" ]
# Each kernel's effective .config, pahole and binutils, and the suite's
# inputs (pb inputs) when a suite is named; KCONFIG's file in config_hash.
got=$(PB_CACHE=$hw PB=$PB bench/collect/meta.sh "$hw/meta-id.txt" icount 2 "$c3" \
	"$hw/hw-pinned.json" page-pool 2>&1 && grep -c -e '^baseline_config=' -e '^patched_config=' \
	-e '^pahole=' -e '^binutils=' -e '^inputs_config=' -e '^suite_files=' \
	-e '^inputs_harness=' "$hw/meta-id.txt")
check meta-records-build-identity "$got of 7 lines" [ "$got" = 7 ]
got=$(grep -c "^baseline_config=$(sha256sum < "$hw/build/baseline/.config" | cut -c1-16)\$" "$hw/meta-id.txt")
check meta-records-effective-config "$got" [ "$got" = 1 ]
# make report hashes today's series as kernel/tree.sh does (what meta.sh records)
got=$("$PB" inputs --series kernel/patches page-pool 2>&1 | sed -n 's/^series=//p')
check inputs-series-as-tree-sh "$got" [ "$got" = "$(cat kernel/patches/*.patch | sha256sum | cut -c1-16)" ]
echo CONFIG_MCTP=y > "$hw/kconfig"
got=$(KCONFIG=$hw/kconfig PB_CACHE=$hw PB=$PB bench/collect/meta.sh "$hw/meta-kc.txt" icount 2 "$c3" \
	"$hw/hw-pinned.json" 2>&1 && grep '^config_hash=' "$hw/meta-kc.txt")
check meta-config-hash-holds-kconfig "$got" \
	[ "$got" = "config_hash=$(cat kernel/config/bench.config "$hw/kconfig" | sha256sum | cut -c1-16)" ]
got=$(PB_CACHE=$hw PB=$PB bench/collect/meta.sh "$hw/meta-tcg.txt" tcg 2 "$c3" \
	"$hw/hw-pinned.json" 2>&1; echo "exit $?")
check meta-refuses-other-accel "$got" has "$got" "says the guest ran under icount, not tcg
exit 1"
# What make profile and make trace record beside their output, from the
# same planted cache: the run they were started at and its series.
got=$(PB_CACHE=$hw PB=$PB bench/collect/made_for.sh "$hw/trace.made-for.json" trace "$c3-dirty" &&
	"$PB" json-get "$hw/trace.made-for.json" tool run series baseline_kernel patched_kernel 2>&1 |
	tr '\n' ' ')
check made-for-records-run-and-series "$got" \
	[ "$got" = "trace $c3-dirty 0123456789abcdef $c3 stamp 1111111111111111 $c3 stamp 2222222222222222 " ]
got=$(PB_CACHE=$hw PB=$PB bench/collect/made_for.sh "$hw/bad.json" 'a"b' "$c3" 2>&1; echo "exit $?")
check made-for-refuses-non-id "$got" has "$got" "is not an id"

# 9. make compare resolves a revision as the report does, to the newest
# results in its history: c4, a commit with none of its own, compares as
# c3's run, and the output names the runs it used; a revision that is not
# a commit is refused by name.
mv "$planted/results/$c2/moved.json" "$planted/results/$c1/hist.json"
git -C "$planted" commit -q --allow-empty -m "code 4"
c4=$(git -C "$planted" rev-parse --short=12 HEAD)
mkdir -p "$work/suites/hist"
printf '{ "description": "planted history", "order": 1, "params": "x", "runner": "/bin/true" }\n' \
	> "$work/suites/hist/suite.json"
ln -s "$top/bench" "$planted/bench" && ln -s "$top/plots" "$planted/plots" && mkdir -p "$planted/build"
compare_in_planted() {
	(cd "$planted" && PB=$pb_abs SUITES_DIR=$work/suites sh bench/compare/compare.sh "$1" "$2" hist \
		patched "$work/compare-plots") > "$work/compare.out" 2>&1
	echo "exit $?"
}
got=$(compare_in_planted "$c3" "$c4")
check compare-rev-without-results "$got: $(tr '\n' ' ' < "$work/compare.out")" \
	grep -qF "results of $c3 for $c3, of $c3 for $c4" "$work/compare.out"
check compare-rev-without-results-judged "$got: $(tail -n 3 "$work/compare.out" | tr '\n' ' ')" \
	grep -q "hist: 2 points, 0 regressions" "$work/compare.out"
got=$(compare_in_planted no-such-rev "$c4")
check compare-bad-rev "$got: $(tr '\n' ' ' < "$work/compare.out")" grep -q "no-such-rev" "$work/compare.out"

# 10. Another guest architecture's results live apart (results/arch/NAME/,
# bench/lib/layout.h): the default's listing, history and check never take
# the arch/ folder for a run, GUEST_ARCH=NAME sees that architecture's
# alone, and pb results check checks them too, each recording its own.
other=results/arch/other/$c2
mkdir -p "$planted/$other"
"$PB" bench-collect --suite hist --unit guest --accel icount --meta project_commit="$c2" \
	--meta guest_arch=other --out "$planted/$other/hist.json" baseline="$cmp/$c2-a1.txt" \
	patched="$cmp/$c2-b1.txt" > /dev/null
got=$(results all hist; results newest hist)
check arch-apart-from-default "listed $got" [ "$got" = \
	"results/$c1/hist.json results/$c2/hist.json results/$c3/hist.json results/$c3/hist.json " ]
got=$(export GUEST_ARCH=other; results all hist; results newest hist; results path hist)
check arch-own-root "listed $got" [ "$got" = \
	"$other/hist.json $other/hist.json results/arch/other/$c4/hist.json " ]
got=$(results check; echo "exit $?")
check arch-checked-filed-right "$got" [ "$got" = "exit 0" ]
cp "$planted/$other/hist.json" "$planted/results/$c2/moved.json"
got=$(results check; echo "exit $?")
check arch-check-names-misfiled "$got" has "$got" \
	"results/$c2/moved.json: measured on other, filed among"
rm "$planted/results/$c2/moved.json"

tap_finish
