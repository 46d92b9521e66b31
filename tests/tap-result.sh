# shellcheck shell=sh
# TAP for host-only test stages (sourced):
#   tap_start OUT.tap PREFIX; result ok|fail NAME [WHY]; ...; tap_finish
# The shell's one TAP writer on the host, for the kernel's checks
# (kernel/check-series.sh, check-fixes.sh) and a job's skip
# (tests/job-run.sh) too; the guest's is vm/guest/lib/tap.sh: the
# initramfs has no tests/. An ok result's WHY is a note after "#"
# ("SKIP ..." makes it a skip); tap_diag TEXT adds TEXT's lines as
# comments under the last result.
# tap_finish writes OUT.tap whole (tmp + rename), says how many failed and
# returns non-zero when any did.
# tap_scratch NAME: a scratch directory for the stage in $work
# ($TMPDIR/pb-NAME.*), removed when the script exits
tap_scratch() {
	work=$(mktemp -d "${TMPDIR:-/tmp}/pb-$1.XXXXXX") || exit 1
	trap 'rm -rf "$work"' EXIT
}

tap_start() {
	tap_out=$1 tap_prefix=$2 tap_n=0 tap_bad=0
	tap_body=$tap_out.body.$$
	mkdir -p "$(dirname "$tap_out")"
	: > "$tap_body"
}

result() {
	tap_n=$((tap_n + 1))
	if [ "$1" = ok ]; then
		echo "ok $tap_n - $tap_prefix.$2${3:+ # $3}" >> "$tap_body"
	else
		tap_bad=$((tap_bad + 1))
		echo "not ok $tap_n - $tap_prefix.$2 # ${3:-failed, saying nothing}" >> "$tap_body"
		echo "$tap_prefix: FAIL $2: ${3:-}" >&2
	fi
}

tap_diag() {
	printf '%s\n' "$1" | sed 's/^/# /' >> "$tap_body"
}

# check NAME WHY COMMAND...: ok if COMMAND succeeds, else not ok with WHY and
# the command's last output line.
check() {
	check_name=$1 check_why=$2
	shift 2
	if check_out=$("$@" 2>&1); then
		result ok "$check_name"
	else
		result fail "$check_name" "$check_why: $(printf '%s\n' "$check_out" | tail -n 1)"
	fi
}

tap_finish() {
	{ echo "TAP version 13"; echo "1..$tap_n"; cat "$tap_body"; } > "$tap_out.tmp"
	rm -f "$tap_body"
	mv "$tap_out.tmp" "$tap_out"
	echo "$tap_prefix: $tap_n results, $tap_bad failed (see $tap_out)"
	[ "$tap_bad" = 0 ]
}
