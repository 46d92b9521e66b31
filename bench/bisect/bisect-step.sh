# shellcheck shell=sh disable=SC2154 # the variables the sourcing script sets (below)
# make bisect's step, for bench/bisect/bisect-range.sh and
# bench/bisect/bisect-run.sh (git bisect run's script); sourced.
#   (variables: PB, mode (cost: SUITE's points; test: TEST's jobs), DIR
#    (PB_CACHE/bisect/REPO: the scratch tree, the step kernel), RUNS (the
#    commits' results, DIR/runs-KEY: what is measured), RANGE (this range's
#    verdicts, RUNS/range-ID), id, path (the user's repository), GIT (git
#    --no-optional-locks -C path), bad (BAD's commit), units (PB_UNITS_OUT),
#    good_run and bad_run (the ends' names in RUNS); cost: suite, bpf (1:
#    build the BPF programs), rounds, filter (the step's points), budget;
#    test: jobs (pb jobs', on the kernel "step"); functions say)
# A commit's result, RUNS/C.json (cost: pb bench-collect's; test: pb
# bisect-tests' on its jobs' TAP files, kept in RUNS/C.tap/, the console
# logs' tails in RUNS/C.log) does not depend on the range, so any bisection
# of the repository reuses it; RUNS/C.why says why C cannot be measured.
say() { echo "bisect: $*" >&2; }
subject() { if [ "$1" = worktree ]; then echo "(the working tree's uncommitted changes)"; else $GIT log -1 --format=%s "$1"; fi; }
short() { if [ "$1" = worktree ]; then echo worktree; else echo "$1" | cut -c1-12; fi; }

# build_step C: C's kernel (a commit, or "worktree": BAD's commit with the
# changes) built in the scratch tree, DIR/kernels/step, kdir its build
# directory; its modules (and BPF programs with bpf=1) when modules=1;
# 1 (why in RUNS/C.why) when something failed to build
build_step() {
	if [ "$1" = worktree ]; then commit=$bad w=1; else commit=$1 w=0; fi
	say "building $(short "$1") $(subject "$1")"
	if ! kdir=$(kernel/bisect-tree.sh build "$DIR" "$path" "$commit" "$w"); then
		echo "the kernel failed to build" > "$RUNS/$1.why"
		return 1
	fi
	mkdir -p "$DIR/kernels"
	ln -sfn "$kdir" "$DIR/kernels/step"
	{	# what the step's result records of its kernel (bench/collect/meta.sh)
		echo "bisect=$id"
		echo "bisect_repository=$path"
		echo "bisect_commit=$1"
		echo "step_kernel=tree $($GIT rev-parse "$commit^{tree}" | cut -c1-12)$([ "$w" = 0 ] || echo +worktree) stamp $(cat "$kdir/.pb-stamp")"
		echo "step_config=$(sha256sum < "$kdir/.config" | cut -c1-16)"
		echo "compiler=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$kdir/.config")"
	} > "$DIR/kernels/pair.txt"
	[ "${modules:-1}" = 1 ] || return 0
	if ! PB_KBUILD=$DIR/kernels kernel/modules.sh step "$units/modules/step" >&2 ||
	   { [ -n "$bpf" ] && ! "$PB" build bpf "$units" step "$kdir" > /dev/null; }; then
		echo "its modules or BPF programs failed to build" > "$RUNS/$1.why"
		return 1
	fi
}

# run C ROUNDS POINTS: C's kernel benched alone on POINTS into
# RUNS/C.json, reused when there; its build and bench seconds in C.time;
# 1 when it failed now or before (why in C.why)
run() {
	res=$RUNS/$1.json
	[ ! -f "$RUNS/$1.why" ] || return 1
	[ ! -f "$res" ] || return 0
	t0=$(date +%s)
	build_step "$1" || return 1
	t1=$(date +%s)
	if ! PB_KBUILD=$DIR/kernels KERNELS=step RESULT="$RUNS/$1.part.json" BENCH_OUT="$DIR/work" \
		PB_POINTS="$3" bench/collect/run.sh "$suite" "$2" >&2; then
		echo "it failed to boot or run $suite (log: $DIR/work/$suite/)" > "$RUNS/$1.why"
		return 1
	fi
	mv "$RUNS/$1.part.json" "$res"
	echo "build=$((t1 - t0)) bench=$(( $(date +%s) - t1 ))" > "$RUNS/$1.time"
}

# test_run C: C's kernel booted with each of the jobs (tests/job-run.sh,
# as make run runs them), their TAP files into RUNS/C.tap/, the tails of
# their console logs into RUNS/C.log, pb bisect-tests' verdict into
# RUNS/C.json; reused when there. 1 when C cannot be tested (why in
# C.why): it failed to build, or the KUnit glob matches no suite of it.
test_run() {
	[ ! -f "$RUNS/$1.why" ] || return 1
	[ ! -f "$RUNS/$1.json" ] || return 0
	t0=$(date +%s)
	build_step "$1" || return 1
	t1=$(date +%s)
	tout=$DIR/work/tests
	rm -rf "$tout" "$RUNS/$1.tap"
	mkdir -p "$tout" "$RUNS/$1.tap"
	: > "$RUNS/$1.tap/list"
	for j in $jobs; do
		if [ "${j%%/*}" = kunit ] && glob=$("$PB" tests kunit) && caps=$(BUILD_DIR=$units caps_file step "$kdir") &&
			[ -z "$("$PB" needs --caps "$caps" --kunit "$glob")" ]; then
			echo "no built-in KUnit suite matches $glob: the test does not exist at this commit" > "$RUNS/$1.why"
			return 1
		fi
		say "$(short "$1"): $j"
		PB=$PB INITRAMFS=$INITRAMFS ACCEL=$ACCEL TEST_OUT=$tout BUILD_DIR=$units KBUILD=$DIR/kernels \
			tests/job-run.sh "$j" > "$tout/$(echo "$j" | tr / _).out" 2>&1 || true
		for t in $(TEST_OUT=$tout "$PB" jobs taps-of "$j"); do
			# (a missing one is pb bisect-tests' "error": the job did not finish)
			n=$(echo "${t#"$tout"/}" | tr / _)
			[ ! -f "$t" ] || cp "$t" "$RUNS/$1.tap/$n"
			echo "$RUNS/$1.tap/$n" >> "$RUNS/$1.tap/list"
		done
	done
	find "$tout" \( -name console.log -o -name '*.tap.log' \) | sort | while read -r l; do
		echo "== ${l#"$tout"/} (last 40 lines)"
		tail -n 40 "$l"
	done > "$RUNS/$1.log"
	{
		cat "$DIR/kernels/pair.txt"
		echo "accel=$ACCEL"
		echo "qemu=$("$("$PB" arch qemu)" --version | head -n 1)"
		echo "host_cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
		echo "config_hash=$(cat kernel/config/bench.config ${KCONFIG:+"$KCONFIG"} | sha256sum | cut -c1-16)"
	} > "$RUNS/$1.meta"
	# shellcheck disable=SC2046 # one word per TAP file
	"$PB" bisect-tests --out "$RUNS/$1.part.json" --meta-file "$RUNS/$1.meta" $(cat "$RUNS/$1.tap/list") ||
		{ echo "pb bisect-tests failed on its TAP files" > "$RUNS/$1.why"; return 1; }
	mv "$RUNS/$1.part.json" "$RUNS/$1.json"
	echo "build=$((t1 - t0)) test=$(( $(date +%s) - t1 ))" > "$RUNS/$1.time"
}

# test_verdict C [BAD]: pass, fail, absent or error of C's TAP files (pb
# bisect-tests, with BAD's failures: are they in C's build?) into
# RANGE/C.verdict.json
test_verdict() {
	# shellcheck disable=SC2046 # one word per TAP file
	"$PB" bisect-tests --out "$RANGE/$1.verdict.json" --meta-file "$RUNS/$1.meta" \
		${2:+--bad "$RUNS/$2.json"} $(cat "$RUNS/$1.tap/list") >&2 &&
		"$PB" json-get "$RANGE/$1.verdict.json" verdict
}

# cost_verdict C: good, bad or undecided (pb bisect-verdict on C's result as it is)
cost_verdict() {
	"$PB" bisect-verdict --out "$RANGE/$1.verdict.json" --followed "$RANGE/followed.json" \
		"$RUNS/$good_run.json" "$RUNS/$bad_run.json" "$RUNS/$1.json" >&2 &&
		"$PB" json-get "$RANGE/$1.verdict.json" verdict
}

# judge C: good, bad or skip (a step that cannot be measured, stays
# undecided, or lacks the selected test); why in RANGE/C.why
judge() {
	[ "$mode" = cost ] || { judge_test "$1"; return 0; }
	run "$1" "$rounds" "$filter" || { echo skip; return 0; }
	r=$rounds
	while :; do
		v=$(cost_verdict "$1") || { echo skip; return 0; }
		[ "$v" = undecided ] || { echo "$v"; return 0; }
		took=$(sed -n 's/.*bench=\([0-9]*\).*/\1/p' "$RUNS/$1.time")
		r=$((r + rounds))
		if [ $((took * 2)) -gt "$budget" ]; then
			echo "undecided after its rounds; $r rounds would pass BUDGET=$budget s" > "$RANGE/$1.why"
			echo skip
			return 0
		fi
		say "$(short "$1") undecided: again with $r rounds"
		mv "$RUNS/$1.json" "$RUNS/$1.undecided.json"
		run "$1" "$r" "$filter" || { echo skip; return 0; }
		budget=$((budget - took))
	done
}

judge_test() {
	test_run "$1" || { echo skip; return 0; }
	v=$(test_verdict "$1" "$bad_run") || v=error
	case $v in
	pass) echo good ;;
	fail) echo bad ;;
	*)
		"$PB" json-get "$RANGE/$1.verdict.json" why > "$RANGE/$1.why" 2>/dev/null ||
			echo "pb bisect-tests could not judge it" > "$RANGE/$1.why"
		echo skip ;;
	esac
}

# why C: why C was skipped, if it was
why() { cat "$RUNS/$1.why" "$RANGE/$1.why" 2>/dev/null | head -n 1; }
