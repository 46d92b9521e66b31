#!/bin/sh
# Build the guest initramfs: busybox-static (the guest architecture's), the init script, the guest
# tests with their shell library, every suite's guest script and the static
# guest programs (pb build guest).
#   mkinitramfs.sh OUT.cpio PROGRAMS_DIR       (env: PB, for the suites' folders)
# Remade when the content of what goes in changes, never by file dates: a
# guest script older than the initramfs is still taken, and switching
# SUITES_DIR back remakes it without the suites it added.
set -eu
out=$1 programs=$2
here=$(cd "$(dirname "$0")" && pwd)
# the guest architecture's busybox (GUEST_ARCH; vm/busybox.sh, PB_BUSYBOX)
busybox=$("$here/busybox.sh" path) || exit 1
applets=$("$here/busybox.sh" applets "$busybox") || exit 1
suite_guests=$("${PB:-build/pb}" suites guests) || exit 1
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/sbin" "$stage/pb/bin" "$stage/pb/tests" "$stage/pb/lib" \
	"$stage/proc" "$stage/sys" "$stage/dev" "$stage/tmp" "$stage/etc"
cp "$busybox" "$stage/bin/busybox"
for applet in $applets; do
	[ -e "$stage/bin/$applet" ] || ln -s busybox "$stage/bin/$applet"
done
cp "$here/guest/init" "$stage/init"
cp "$here/guest/shell" "$stage/pb/shell"
cp "$here/guest/tests/"* "$stage/pb/tests/"
# each guest test's folder, tests/guest/NAME/: its guest script as the test
# NAME, its other executable files by their own names (kdump-capture)
for d in "$here/../tests/guest"/*/; do
	cp "$d/guest" "$stage/pb/tests/$(basename "$d")"
	for f in "$d"*; do
		if [ "${f##*/}" != guest ] && [ -f "$f" ] && [ -x "$f" ]; then cp "$f" "$stage/pb/tests/"; fi
	done
done
# each benchmark suite's guest script, SUITE/guest, as the test bench-SUITE
for g in $suite_guests; do
	cp "$g" "$stage/pb/tests/bench-$(basename "$(dirname "$g")")"
done
cp "$here/guest/lib/"* "$stage/pb/lib/"
n=0
for b in "$programs"/*; do
	[ -f "$b" ] || continue
	cp "$b" "$stage/pb/bin/"
	n=$((n + 1))
done
echo "root:x:0:0:root:/:/bin/sh" > "$stage/etc/passwd"
echo "root:x:0:" > "$stage/etc/group"
# the key: every path and the content of every file that goes in
key=$(cd "$stage" && find . -type f -o -type l | LC_ALL=C sort | while read -r f; do
	echo "$f"
	if [ -L "$f" ]; then readlink "$f"; else sha256sum < "$f"; fi
done | sha256sum | cut -c1-16)
if [ -f "$out" ] && [ "$(cat "$out.key" 2>/dev/null)" = "$key" ]; then
	exit 0
fi
mkdir -p "$(dirname "$out")"
rm -f "$out.key"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --reproducible --quiet) > "$out.tmp"
mv "$out.tmp" "$out"
echo "$key" > "$out.key"
echo "initramfs: $out ($(du -k "$out" | cut -f1) KiB, $n guest programs)"
