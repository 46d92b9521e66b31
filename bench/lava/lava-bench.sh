#!/bin/sh
# The benchmark jobs (make lava's KERNEL-bench-SUITE-roundN) that make
# lava-run ran or make lava-collect fetched, as results: one per suite,
# written by pb bench-collect where make bench files it (pb results path:
# RESULTS_DIR, a pair's own), with the meta make bench records
# (bench/collect/meta.sh), as bench/collect/run.sh makes it from its boots.
#   lava-bench.sh WORK JOB_DIR...   (env: PB, PB_CACHE; PB_KBUILD: a pair's
#                                    kernels; RESULTS_DIR; PYTHON)
# A JOB_DIR holds results.json, console.log and the TAP of one job (as
# bench/lava/lava-lib.sh's lava_job_tap leaves them); those of other jobs
# are passed over. The guest printed its bench.txt on the console
# (vm/guest/init); bench/lava/lava-run.py result-file takes it back, intact
# or not at all. A suite's result is written only when all its jobs passed,
# were made from this tree (the run its result is filed under), for the
# guest architecture (GUEST_ARCH) and the
# pair the make command names and the kernels built now, on the same
# accelerator and guest hardware, with as many rounds on each kernel it
# applies to. Exit 1 when a suite gave no result (saying why), 0 when every
# suite with jobs did (and when there were none).
set -u
. bench/lib/guest.sh
py=${PYTHON:-/usr/bin/python3}
work=${1:?usage: lava-bench.sh WORK JOB_DIR...}
shift
kbuild=$(kbuild_dir)
pair=$(kbuild_pair)
arch=$("$PB" arch name) || exit 1
run_id=$(project_commit) || exit 1
rm -rf "$work" && mkdir -p "$work"
meta() { "$PB" json-get "$1/results.json" "metadata.$2"; }

for d in "$@"; do
	[ -f "$d/results.json" ] || continue
	case $(meta "$d" test 2> /dev/null) in bench-*) ;; *) continue ;; esac
	echo "$(meta "$d" suite) $d" >> "$work/jobs"
done
[ -f "$work/jobs" ] || exit 0

bad=0
# shellcheck disable=SC2013 # suite names and job directories are words
for suite in $(cut -d' ' -f1 "$work/jobs" | sort -u); do
	w=$work/$suite
	mkdir -p "$w"
	why=$(
		inputs='' accel='' hw=''
		# shellcheck disable=SC2013
		for d in $(sed -n "s|^$suite ||p" "$work/jobs"); do
			k=$(meta "$d" kernel) r=$(meta "$d" round) job=$(basename "$d")
			got=$(meta "$d" pair)
			[ "$got" = "$pair" ] || { echo "$job: made for pair $got, not $pair (BASELINE=/PATCHED= as for make lava)"; exit 1; }
			# pb lava names a guest architecture other than the default's
			got=$(meta "$d" guest_arch 2> /dev/null || GUEST_ARCH='' "$PB" arch name)
			[ "$got" = "$arch" ] || { echo "$job: made for the guest architecture $got, not $arch (GUEST_ARCH= as for make lava)"; exit 1; }
			got=$(meta "$d" project_commit)
			[ "$got" = "$run_id" ] || { echo "$job: made from run $got, this tree is run $run_id: collect from that tree"; exit 1; }
			got=$(meta "$d" kernel_stamp) now=$(cat "$kbuild/$k/.pb-stamp" 2> /dev/null)
			[ "$got" = "$now" ] || { echo "$job: booted the $k kernel $got, the one built now is ${now:-none}"; exit 1; }
			"$PB" tally "$d"/*.tap > "$w/$job.tally" 2>&1 ||
				{ echo "$job: the boot failed: $(grep '^not ok' "$d"/*.tap | head -n 1)"; exit 1; }
			"$py" bench/lava/lava-run.py result-file "$d/console.log" bench.txt "$w/$k-$r.txt" \
				2> "$w/$job.err" || { echo "$job: $(cat "$w/$job.err")" \
				"(a suite whose figures are made on the host, as commands' from hyperfine's JSON, has none)"; exit 1; }
			a=$(meta "$d" accel)
			[ -z "$accel" ] || [ "$a" = "$accel" ] || { echo "$job: ran under $a, another job under $accel"; exit 1; }
			accel=$a
			# what pb vm --hw would have written for the boot (guest.sh)
			printf '{"accel": "%s", "cpu": "%s", "smp": %s, "mem_mb": %s}\n' "$a" \
				"$(meta "$d" guest_cpu)" "$(meta "$d" guest_smp)" "$(meta "$d" guest_mem_mb)" \
				> "$w/$job.hw.json" || { echo "$job: no guest hardware in its metadata"; exit 1; }
			[ -z "$hw" ] || cmp -s "$hw" "$w/$job.hw.json" || { echo "$job: booted other hardware than $(basename "$hw" .hw.json)"; exit 1; }
			hw=$w/$job.hw.json
			inputs="$inputs $k=$w/$k-$r.txt"
			echo "$k" >> "$w/rounds"
		done
		# every kernel the suite applies to, and as many rounds on each
		caps_opts='' rounds=''
		for k in $("$PB" suites get "$suite" kernels); do
			caps=$(caps_file "$k" "$kbuild/$k") || { echo "cannot probe the $k kernel"; exit 1; }
			caps_opts="$caps_opts --caps $k=$caps"
			suite_applies "$suite" "$k" > /dev/null || { [ $? = 10 ] || exit 1; continue; }
			n=$(grep -cx "$k" "$w/rounds")
			[ "$n" != 0 ] || { echo "no job on the $k kernel, which it applies to"; exit 1; }
			[ -z "$rounds" ] || [ "$n" = "$rounds" ] || { echo "$n rounds on $k, $rounds on another kernel"; exit 1; }
			rounds=$n
		done
		case $accel in
		icount) unit="guest instructions (icount)" ;;
		tcg) unit="ns (TCG wall clock: noisy)" ;;
		*) unit="ns" ;;
		esac
		result=$("$PB" results path "$suite") &&
			bench/collect/meta.sh "$w/meta.txt" "$accel" "$rounds" "$run_id" "$hw" "$suite" || exit 1
		mkdir -p "$(dirname "$result")"
		# shellcheck disable=SC2086 # options are words by construction
		"$PB" bench-collect --suite "$suite" --unit "$unit" --accel "$accel" --out "$result" \
			--meta-file "$w/meta.txt" $caps_opts $inputs >&2 || exit 1
		echo "lava-bench: $suite: $rounds rounds of LAVA jobs -> $result" >&2
	) 2>&1 || { echo "lava-bench: $suite: no result: $(echo "$why" | tail -n 1)" >&2; bad=1; continue; }
	echo "$why"
done
exit "$bad"
