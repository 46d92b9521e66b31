#!/bin/sh
# Runs shellcheck on every shell script of the repository: each file whose first
# line is a sh/bash shebang or a "# shellcheck shell=" directive, every *.sh,
# and the guest's sourced libraries (vm/guest/lib/). One TAP line per script;
# a finding fails it, unless the line carries a disable with its reason.
#   tests/shellcheck.sh OUT.tap     (the findings go to OUT.log)
set -u
tap=$1
log=${tap%.tap}.log
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=tests/tap-result.sh
. "$root/tests/tap-result.sh"
tap_start "$tap" shellcheck
: > "$log.tmp"


is_shell() {
	case $1 in
	*.sh | vm/guest/lib/*) return 0 ;;
	esac
	head -n 1 "$1" | grep -Eq '^#!(/usr)?/bin/(env )?(ba|da)?sh([[:space:]]|$)|^# shellcheck shell='
}

cd "$root" || exit 1
if ! command -v shellcheck > /dev/null; then
	result fail "(tool)" "shellcheck is not installed (make setup installs it)"
else
	# Sources are followed (-x) from the repository root, as the scripts run.
	find . -path ./build -prune -o -path ./.git -prune -o -type f -print | sed 's|^\./||' |
		LC_ALL=C sort > "$work/files"
	while read -r f; do
		is_shell "$f" || continue
		if shellcheck -x -f gcc "$f" > "$work/out" 2>&1; then
			result ok "$f"
		else
			cat "$work/out" >> "$log.tmp"
			result fail "$f" "$(wc -l < "$work/out") findings (see $log), first: $(head -n 1 "$work/out")"
		fi
	done < "$work/files"
	[ "$tap_n" -gt 0 ] || result fail "(scripts)" "no shell script found under $root"
fi

mv "$log.tmp" "$log"
tap_finish
