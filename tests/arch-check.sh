#!/bin/sh
# make test-sources: a guest machine is data (vm/arch/NAME.json, docs/arch.md).
# Each description loads through pb arch with its fields; an unknown
# GUEST_ARCH is refused by pb and by make with the known names; busybox's
# applets are read from a binary (vm/busybox.sh, for a foreign one) as the
# host's own busybox --list prints them; and no architecture's name appears
# in harness code outside the descriptions, the folders whose file "arch"
# names their architectures, and tests/arch-names.allow (each line there a
# file, a pattern and its reason). Host only, no kernel.
#   arch-check.sh OUT.tap    (env: PB)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
# shellcheck source=tests/tap-result.sh
. "$root/tests/tap-result.sh"
tap_scratch arch-check
tap_start "$1" arch
PB=${PB:-build/pb}

for d in vm/arch/*.json; do
	name=$(basename "$d" .json)
	check "describes-$name" "pb arch cannot load $d" env GUEST_ARCH="$name" "$PB" arch
	frag=vm/arch/$(GUEST_ARCH=$name "$PB" arch config 2>/dev/null)
	check "fragment-$name" "$d names no fragment that exists ($frag)" test -f "$frag"
done
known=$("$PB" arch --list | tr ' ' '\n' | LC_ALL=C sort | paste -sd' ' -)
files=$(for d in vm/arch/*.json; do basename "$d" .json; done | LC_ALL=C sort | paste -sd' ' -)
check list-is-the-files "pb arch --list says '$known', vm/arch/ has '$files'" test "$known" = "$files"
# refused RC OUT: a non-zero exit whose message lists the known names
refused() { [ "$1" != 0 ] && printf '%s' "$2" | grep -q "known: $known"; }
out=$(GUEST_ARCH=no-such "$PB" arch name 2>&1) && rc=0 || rc=$?
check unknown-refused-by-pb "GUEST_ARCH=no-such: exit $rc, '$out'" refused "$rc" "$out"
out=$(${MAKE:-make} --no-print-directory -n GUEST_ARCH=no-such help 2>&1) && rc=0 || rc=$?
check unknown-refused-by-make "make GUEST_ARCH=no-such: exit $rc, '$out'" refused "$rc" "$out"
if [ -x /bin/busybox ]; then
	busybox --list > "$work/bb-list"
	vm/busybox.sh applets /bin/busybox > "$work/bb-read"
	check busybox-applets-read "vm/busybox.sh applets differs from busybox --list" \
		cmp -s "$work/bb-list" "$work/bb-read"
else
	result fail busybox-applets-read "/bin/busybox missing: install busybox-static (make setup)"
fi

# Architecture names in harness code: the files git tracks, less data and prose.
names='x86_64|x86-64|x86|i386|amd64|aarch64|arm64|armhf|armel|arm-linux-gnueabihf|__x86_64__|__aarch64__|__arm__|cortex-a[0-9]+|qemu-system-[a-z0-9_]+|ttyS0|ttyAMA0|bzImage|zImage'
# the folders whose file "arch" names the architectures their code is for
per_arch=$(git ls-files '*/arch' | sed 's|/arch$|/|')
git ls-files | grep -vE '^(docs/|results/|plots/|profiles/|tests/fixtures/|kernel/patches/|kernel/upstream/|vm/arch/)|^[A-Z]+\.md$|\.log$|kcidb-schema-.*\.json$' |
while IFS= read -r f; do
	for p in $per_arch; do case $f in "$p"*) continue 2 ;; esac; done
	grep -nwE "$names" "$f" 2>/dev/null | while IFS= read -r hit; do
		line=${hit#*:}
		allowed=
		while IFS='	' read -r af ap _; do
			case $af in '' | '#'*) continue ;; esac
			case $f in "$af" | "$af"*/* | "$af"*) ;; *) continue ;; esac
			[ "${af%/}" = "$af" ] && [ "$f" != "$af" ] && continue
			if printf '%s\n' "$line" | grep -qE "$ap"; then allowed=1; break; fi
		done < tests/arch-names.allow
		[ -n "$allowed" ] || echo "$f:$hit"
	done
done > "$work/names"
check no-arch-names "architecture names outside vm/arch/ ($(wc -l < "$work/names") lines; allow one in tests/arch-names.allow with its reason): $(head -n 5 "$work/names" | tr '\n' ' ')" \
	test ! -s "$work/names"
tap_finish
