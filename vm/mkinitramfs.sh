#!/bin/sh
# Build the guest initramfs: busybox-static, the init script, the guest
# tests with their shell library, and the project's static guest binaries.
#   mkinitramfs.sh OUT.cpio [STATIC_BINARY...]
set -eu
out=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
busybox=${PB_BUSYBOX:-/bin/busybox}
[ -x "$busybox" ] || { echo "initramfs: $busybox missing: install busybox-static" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/sbin" "$stage/pb/bin" "$stage/pb/tests" "$stage/pb/lib" \
	"$stage/proc" "$stage/sys" "$stage/dev" "$stage/tmp" "$stage/etc"
cp "$busybox" "$stage/bin/busybox"
for applet in $("$busybox" --list); do
	[ -e "$stage/bin/$applet" ] || ln -s busybox "$stage/bin/$applet"
done
cp "$here/guest/init" "$stage/init"
cp "$here/guest/shell" "$stage/pb/shell"
cp "$here/guest/tests/"* "$stage/pb/tests/"
# each guest test's folder, tests/guest/NAME/: its guest script as the test
# NAME, any other file but its manifest by its own name (kdump-capture)
for d in "$here/../tests/guest"/*/; do
	cp "$d/guest" "$stage/pb/tests/$(basename "$d")"
	for f in "$d"*; do
		case ${f##*/} in guest | test.json) ;; *) cp "$f" "$stage/pb/tests/" ;; esac
	done
done
# each benchmark suite's guest script, SUITES_DIR/NAME/guest, as the test bench-NAME
for g in "${SUITES_DIR:-$here/../suites}"/*/guest; do
	[ -f "$g" ] || continue
	cp "$g" "$stage/pb/tests/bench-$(basename "$(dirname "$g")")"
done
cp "$here/guest/lib/"* "$stage/pb/lib/"
for b in "$@"; do cp "$b" "$stage/pb/bin/"; done
echo "root:x:0:0:root:/:/bin/sh" > "$stage/etc/passwd"
echo "root:x:0:" > "$stage/etc/group"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --reproducible --quiet) > "$out.tmp"
mv "$out.tmp" "$out"
echo "initramfs: $out ($(du -k "$out" | cut -f1) KiB, $# project binaries)"
