#!/bin/sh
# Install the named Debian packages that are not installed yet. A warm run
# only asks dpkg-query and needs no network.
set -eu
missing=
for p in "$@"; do
	s=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case $s in *" installed") ;; *) missing="$missing $p" ;; esac
done
[ -n "$missing" ] || exit 0
echo "setup: installing$missing"
if [ "$(id -u)" != 0 ]; then
	echo "setup: error: not root; run as root or: apt-get install$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# kexec-tools is only run inside guests (the kdump test): it must not make
# this machine's own reboots go through kexec.
case " $missing " in *" kexec-tools "*)
	echo "kexec-tools kexec-tools/load_kexec boolean false" | debconf-set-selections ;;
esac
apt-get update -q >/dev/null || { echo "setup: error: apt-get update failed" >&2; exit 1; }
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing >/dev/null ||
	{ echo "setup: error: apt-get install$missing failed" >&2; exit 1; }
