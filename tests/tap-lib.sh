# shellcheck shell=sh
# TAP for the host-side test scripts (sourced):
#   tap_begin; tap_result ok|fail NAME [WHY]...; tap_end OUT.tap LABEL
# tap_end writes OUT.tap atomically, says how many failed and returns
# non-zero when any did.
tap_begin() {
	tap_n=0 tap_bad=0
	tap_body=$(mktemp)
}

tap_result() {
	tap_n=$((tap_n + 1))
	if [ "$1" = ok ]; then
		echo "ok $tap_n - $2"
	else
		tap_bad=$((tap_bad + 1))
		echo "not ok $tap_n - $2 # $3"
	fi >> "$tap_body"
}

tap_end() {
	{ echo "TAP version 13"; echo "1..$tap_n"; cat "$tap_body"; } > "$1.tmp" && mv "$1.tmp" "$1"
	rm -f "$tap_body"
	echo "$2: $tap_n results, $tap_bad failed (see $1)"
	[ "$tap_bad" = 0 ]
}
