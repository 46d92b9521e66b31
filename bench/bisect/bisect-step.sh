# shellcheck shell=sh disable=SC2154 # the variables the sourcing script sets (below)
# make bisect's step, for bench/bisect/bisect-range.sh and
# bench/bisect/bisect-run.sh (git bisect run's script); sourced.
#   (variables: PB, DIR (PB_CACHE/bisect/ID), id, path (the user's
#    repository), GIT (git --no-optional-locks -C path), bad (BAD's commit),
#    suite, units (PB_UNITS_OUT), bpf (1: build the BPF programs), rounds,
#    filter (the step's points), budget, good_run and bad_run (the ends'
#    results in DIR/runs/); functions say)
say() { echo "bisect: $*" >&2; }
subject() { if [ "$1" = worktree ]; then echo "(the working tree's uncommitted changes)"; else $GIT log -1 --format=%s "$1"; fi; }
short() { if [ "$1" = worktree ]; then echo worktree; else echo "$1" | cut -c1-12; fi; }

# run C ROUNDS POINTS: C's kernel (a commit, or "worktree": BAD's commit
# with the changes) benched alone on POINTS into $DIR/runs/C.json, reused
# when there; its build and bench seconds in C.time; 1 when it failed now
# or before (why in C.why)
run() {
	res=$DIR/runs/$1.json
	[ ! -f "$DIR/runs/$1.why" ] || return 1
	[ ! -f "$res" ] || return 0
	if [ "$1" = worktree ]; then commit=$bad w=1; else commit=$1 w=0; fi
	t0=$(date +%s)
	say "building $(short "$1") $(subject "$1")"
	if ! kdir=$(kernel/bisect-tree.sh build "$DIR" "$path" "$commit" "$w"); then
		echo "the kernel failed to build" > "$DIR/runs/$1.why"
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
	if ! PB_KBUILD=$DIR/kernels kernel/modules.sh step "$units/modules/step" >&2 ||
	   { [ -n "$bpf" ] && ! "$PB" build bpf "$units" step "$kdir" > /dev/null; }; then
		echo "its modules or BPF programs failed to build" > "$DIR/runs/$1.why"
		return 1
	fi
	t1=$(date +%s)
	if ! PB_KBUILD=$DIR/kernels KERNELS=step RESULT="$DIR/runs/$1.part.json" BENCH_OUT="$DIR/work" \
		PB_POINTS="$3" bench/collect/run.sh "$suite" "$2" >&2; then
		echo "it failed to boot or run $suite (log: $DIR/work/$suite/)" > "$DIR/runs/$1.why"
		return 1
	fi
	mv "$DIR/runs/$1.part.json" "$res"
	echo "build=$((t1 - t0)) bench=$(( $(date +%s) - t1 ))" > "$DIR/runs/$1.time"
}

# judge C: good, bad or skip (a step that cannot be measured, or stays undecided)
judge() {
	run "$1" "$rounds" "$filter" || { echo skip; return 0; }
	r=$rounds
	while :; do
		"$PB" bisect-verdict --out "$DIR/runs/$1.verdict.json" --followed "$DIR/followed.json" \
			"$DIR/runs/$good_run.json" "$DIR/runs/$bad_run.json" "$DIR/runs/$1.json" >&2 ||
			{ echo skip; return 0; }
		v=$("$PB" json-get "$DIR/runs/$1.verdict.json" verdict)
		[ "$v" = undecided ] || { echo "$v"; return 0; }
		took=$(sed -n 's/.*bench=\([0-9]*\).*/\1/p' "$DIR/runs/$1.time")
		r=$((r + rounds))
		if [ $((took * 2)) -gt "$budget" ]; then
			echo "undecided after its rounds; $r rounds would pass BUDGET=$budget s" > "$DIR/runs/$1.why"
			echo skip
			return 0
		fi
		say "$(short "$1") undecided: again with $r rounds"
		mv "$DIR/runs/$1.json" "$DIR/runs/$1.undecided.json"
		run "$1" "$r" "$filter" || { echo skip; return 0; }
		budget=$((budget - took))
	done
}

