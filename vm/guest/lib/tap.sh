# shellcheck shell=sh
# TAP for guest tests written in shell (sourced):
#   tap_begin FILE PREFIX; check NAME COMMAND...; ...; tap_end
# Each check runs COMMAND, keeps its output in /tmp/NAME.out and records
# "ok"/"not ok" with the last output line as the reason. tap_end writes FILE
# whole, echoes it, and fails if any check failed.
# Apart from the host's (tests/tap-result.sh): the initramfs has no tests/.
tap_begin() {
	tap_file=$1 tap_prefix=$2 tap_n=0
	: > "$tap_file.body"
}

check() {
	tap_name=$1; shift
	tap_n=$((tap_n + 1))
	echo "check $tap_n: $tap_prefix.$tap_name"	# where a stuck guest stopped
	if "$@" > "/tmp/$tap_name.out" 2>&1; then
		echo "ok $tap_n - $tap_prefix.$tap_name" >> "$tap_file.body"
	else
		# a reason always: "# " with nothing after it is no result line at all
		tap_why=$(tail -n 1 "/tmp/$tap_name.out")
		echo "not ok $tap_n - $tap_prefix.$tap_name # ${tap_why:-failed, printing nothing}" \
			>> "$tap_file.body"
		echo "FAIL $tap_prefix.$tap_name:"; sed 's/^/  /' "/tmp/$tap_name.out"
	fi
}

# say TEXT...: a check's reason when a test expression fails.
say() { echo "$*"; return 1; }

tap_end() {
	{ echo "TAP version 13"; echo "1..$tap_n"; cat "$tap_file.body"; } > "$tap_file.tmp"
	rm -f "$tap_file.body"
	mv "$tap_file.tmp" "$tap_file"
	sync
	cat "$tap_file"
	! grep -q "^not ok" "$tap_file"
}
