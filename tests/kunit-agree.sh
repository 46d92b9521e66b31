#!/bin/sh
# pb ktap against the kernel's own KTAP parser: on every log of the kernel's
# tools/testing/kunit/test_data/ (and on pb's own KUnit console in
# tests/unit/), `pb ktap --json` and kunit_parser.py must count the same
# passed, failed, skipped and crashed leaf cases (tests/kunit-agree.py).
#   kunit-agree.sh TREE OUT.tap     (env: PB; TREE: the extracted kernel tree)
set -u
tree=$1 tap=$2
kunit=$tree/tools/testing/kunit
here=$(dirname "$0")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=tests/tap-result.sh
. "$here/tap-result.sh"
tap_start "$tap" kunit-agree

agree() {
	"$PB" ktap --json "$2" > "$work/pb.json" 2> "$work/pb.err"
	if [ $? -gt 1 ]; then	# 1 is a log with failures; 2 is pb's own error
		result fail "$1" "pb ktap failed: $(head -n 1 "$work/pb.err")"
		return
	fi
	if why=$(python3 "$here/kunit-agree.py" "$kunit" "$2" "$work/pb.json"); then
		result ok "$1"
	else
		result fail "$1" "$why"
	fi
}

if [ ! -f "$kunit/kunit.py" ] || [ ! -f "$kunit/kunit_parser.py" ]; then
	result fail reference "no kunit.py/kunit_parser.py in $kunit (make trees extracts the kernel tree)"
elif ! command -v python3 > /dev/null; then
	result fail reference "python3 is missing (make setup installs it)"
else
	set -- "$kunit"/test_data/*.log
	if [ ! -f "$1" ]; then
		result fail logs "no test_data/*.log in $kunit"
	else
		for log in "$@"; do
			agree "$(basename "$log" .log)" "$log"
		done
		agree pb-kunit-mctp-6.12 "$here/unit/kunit-mctp-6.12.log"
	fi
fi

tap_finish
