#!/bin/sh
# The guest's busybox, for the guest architecture (GUEST_ARCH, pb arch):
#   busybox.sh path         the static binary: the host's /bin/busybox
#                           (busybox-static) when the guest's Debian
#                           architecture is the host's, else Debian's
#                           busybox-static of that architecture, downloaded
#                           (apt-get download: it cannot be co-installed)
#                           and unpacked under PB_CACHE/arch/NAME/busybox/
#   busybox.sh applets BIN  its applets, one a line
# The applets are read from the binary's table of names, not by running it
# (a foreign binary does not run here): busybox keeps them as one block of
# NUL-terminated names, sorted, from "[" and "[[" on, ending at an empty
# one. For the host's binary this is exactly what busybox --list prints
# (tests/arch-check.sh compares them).
# (env: PB, PB_CACHE, PB_BUSYBOX: a binary to use instead)
set -eu
PB=${PB:-build/pb}

path() {
	if [ -n "${PB_BUSYBOX:-}" ]; then echo "$PB_BUSYBOX"; return 0; fi
	deb_arch=$("$PB" arch debian_arch) || exit 1
	if [ "$deb_arch" = "$(dpkg --print-architecture)" ]; then
		[ -x /bin/busybox ] || { echo "busybox: /bin/busybox missing: install busybox-static (make setup)" >&2; exit 1; }
		echo /bin/busybox
		return 0
	fi
	: "${PB_CACHE:?PB_CACHE must be set}"
	dir=$PB_CACHE/$("$PB" arch cache_subdir)busybox
	if [ ! -x "$dir/bin/busybox" ]; then
		work=$(mktemp -d)
		trap 'rm -rf "$work"' EXIT
		(cd "$work" && apt-get download "busybox-static:$deb_arch" > /dev/null 2>&1) || {
			echo "busybox: cannot download busybox-static:$deb_arch (apt-get download; is '$deb_arch' added with dpkg --add-architecture and apt-get update run? make setup GUEST_ARCH=$("$PB" arch name) does both)" >&2
			exit 1
		}
		dpkg-deb -x "$work"/busybox-static_*.deb "$work/root"
		[ -f "$work/root/bin/busybox" ] || { echo "busybox: busybox-static:$deb_arch has no bin/busybox" >&2; exit 1; }
		mkdir -p "$dir.tmp/bin"
		cp "$work/root/bin/busybox" "$dir.tmp/bin/busybox"
		rm -rf "$dir" && mv "$dir.tmp" "$dir"
	fi
	echo "$dir/bin/busybox"
}

applets() {
	[ -f "$1" ] || { echo "busybox: $1: no such file" >&2; exit 1; }
	list=$(LC_ALL=C tr '\0' '\n' < "$1" | LC_ALL=C awk '
		!f && $0 == "[" { prev = 1; next }
		prev == 1 && !f { if ($0 == "[[") { f = 1; print "["; print "[["; next } prev = 0; next }
		f { if ($0 == "") exit; print }')
	[ "$(echo "$list" | wc -l)" -gt 10 ] || { echo "busybox: $1: no applet table found" >&2; exit 1; }
	echo "$list"
}

case ${1:-} in
path) path ;;
applets) applets "${2:?usage: busybox.sh applets BINARY}" ;;
*) echo "usage: busybox.sh path | applets BINARY" >&2; exit 2 ;;
esac
