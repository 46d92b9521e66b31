#!/bin/sh
# What a guest architecture other than the host's needs (GUEST_ARCH, pb
# arch): its QEMU, its cross compiler, and the guest programs' libraries of
# its Debian architecture (multiarch: the architecture is added to dpkg and
# apt's lists are updated once, when its packages are not known yet). A
# warm run only asks dpkg and apt-cache and needs no network. For the
# host's own architecture it installs its QEMU only (make setup has the rest).
# The libraries are scripts/packages' guest-libs.
#   arch-setup.sh    (env: PB)
set -eu
PB=${PB:-build/pb}
here=$(cd "$(dirname "$0")" && pwd)
deb_arch=$("$PB" arch debian_arch) || exit 1
qemu=$("$PB" arch qemu_package)
cross=$("$PB" arch cross_packages)
if [ "$deb_arch" = "$(dpkg --print-architecture)" ]; then
	exec "$here/apt-ensure.sh" "$qemu"
fi
if ! dpkg --print-foreign-architectures | grep -qx "$deb_arch"; then
	[ "$(id -u)" = 0 ] || { echo "setup: error: not root; run as root: dpkg --add-architecture $deb_arch && apt-get update" >&2; exit 1; }
	echo "setup: adding the Debian architecture $deb_arch (dpkg --add-architecture)"
	dpkg --add-architecture "$deb_arch"
fi
# shellcheck disable=SC2046 # package names are words
set -- $(sed -n 's/^guest-libs: //p' "$here/packages")
libs=
for p in "$@"; do libs="$libs $p:$deb_arch"; done
# apt knows the foreign architecture's packages only after an update
if ! apt-cache show "${1:?a library package}:$deb_arch" > /dev/null 2>&1; then
	[ "$(id -u)" = 0 ] || { echo "setup: error: not root; run as root: apt-get update" >&2; exit 1; }
	echo "setup: apt-get update (the lists of $deb_arch)"
	apt-get update > /dev/null
fi
# shellcheck disable=SC2086 # package names are words
exec "$here/apt-ensure.sh" $qemu $cross $libs
