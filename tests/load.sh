#!/bin/sh
# make test-load: the guest boots of make test twice, once on an idle machine
# and once with the machine made busy on purpose (a CPU hog per core and one
# unrelated QEMU guest spinning its CPUs), then every verdict compared: the
# two runs must agree test for test, and neither may fail (two runs that
# fail alike prove nothing about load).
#   load.sh STAGE...      (env: as pb jobs run; TEST_OUT is the base name:
#                          TEST_OUT-idle and TEST_OUT-load are written)
set -u
base=$TEST_OUT
started=

stop_load() {
	# shellcheck disable=SC2086 # one pid per word; only what this script started
	[ -n "$started" ] && kill $started 2>/dev/null
	# shellcheck disable=SC2086
	[ -n "$started" ] && wait $started 2>/dev/null
	started=
}
trap 'stop_load; exit 130' INT TERM

# verdicts DIR: every result of every TAP file there, "name ok|not ok", sorted.
verdicts() {
	# shellcheck disable=SC2086 # one stage per word
	for tap in $(TEST_OUT=$1 "$PB" jobs taps $stages); do
		if [ -f "$tap" ]; then
			grep -E '^(not )?ok ' "$tap" | sed -E 's/^(not ok|ok) [0-9]+ - ([^#]*[^# ]) *(#.*)?$/\2 \1/'
		else
			echo "${tap#"$1"/} missing"
		fi
	done | sort
}

stages=$*
echo "== test-load: idle run"
TEST_OUT=$base-idle "$PB" jobs run "$@"
echo "== test-load: the same run on a busy machine: $(nproc) CPU hogs and one busy QEMU guest"
for _ in $(seq "$(nproc)"); do
	sh -c 'while :; do :; done' &
	started="$started $!"
done
mkdir -p "$base-load"
"$PB" vm --label load-guest --kernel "$KBUILD/baseline/$("$PB" arch image)" --initrd "$INITRAMFS" \
	--accel tcg --timeout 7200 --silence 0 --log "$base-load-guest.log" --append "pb.run=busy" \
	2> /dev/null &
started="$started $!"
TEST_OUT=$base-load "$PB" jobs run "$@"
stop_load
verdicts "$base-idle" > "$base-idle.verdicts"
verdicts "$base-load" > "$base-load.verdicts"
rc=0
if diff -u "$base-idle.verdicts" "$base-load.verdicts" > "$base-load.diff"; then
	echo "test-load: $(wc -l < "$base-idle.verdicts") verdicts, idle and busy alike"
else
	echo "test-load: verdicts differ between the idle and the busy run:"
	cat "$base-load.diff"
	rc=1
fi
failing=$(grep -hE ' (not ok|missing)$' "$base-idle.verdicts" "$base-load.verdicts" | sort -u)
if [ -n "$failing" ]; then
	echo "test-load: not every verdict is ok (idle or busy):"
	echo "$failing"
	rc=1
fi
exit $rc
