#!/bin/sh
# Install the named Debian packages that are not installed yet. A warm run
# only asks dpkg-query and needs no network. @JOB names a job's packages,
# its line of scripts/packages.
#   apt-ensure.sh PACKAGE|@JOB...
set -eu
packages=
for p in "$@"; do
	case $p in
	@*) list=$(sed -n "s/^${p#@}: //p" "$(dirname "$0")/packages")
		[ -n "$list" ] || { echo "setup: error: no job ${p#@} in scripts/packages" >&2; exit 1; }
		packages="$packages $list" ;;
	*) packages="$packages $p" ;;
	esac
done
missing=
# shellcheck disable=SC2086 # package names are words
for p in $packages; do
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
# These machines start no services, and an install must not start any:
# lava-dispatcher brings lava-worker.service and lava-dispatcher-host.socket,
# its dependencies udev, mdadm, lvm2 and dmeventd have daemons too, and their
# postinsts start them through invoke-rc.d/deb-systemd-invoke, which ask
# /usr/sbin/policy-rc.d first. For the install's duration that file answers
# 101 (action forbidden) to every request; whatever was there before (or its
# absence) is put back afterwards, also when the install fails.
# Nothing may load into this machine's kernel either: mdadm's and fuse3's
# postinsts run a bare `modprobe`, found through PATH, so for the install
# modprobe and insmod are stand-ins that load nothing and say so.
policy=/usr/sbin/policy-rc.d
saved=$(mktemp)
had_policy=no
if [ -e "$policy" ]; then cp -p "$policy" "$saved" && had_policy=yes; fi
restore_policy() {
	if [ "$had_policy" = yes ]; then mv -f "$saved" "$policy"; else rm -f "$policy" "$saved"; fi
	[ -z "${noload:-}" ] || rm -rf "$noload"
}
trap restore_policy EXIT
trap 'exit 1' INT TERM
printf '#!/bin/sh\n# scripts/apt-ensure.sh: no service starts during an install\nexit 101\n' \
	> "$policy.pb-tmp"
chmod 755 "$policy.pb-tmp" && mv -f "$policy.pb-tmp" "$policy"
noload=$(mktemp -d)
for cmd in modprobe insmod; do
	printf '#!/bin/sh\necho "setup: not loading into the host kernel: %s $*" >&2\nexit 0\n' \
		"$cmd" > "$noload/$cmd"
	chmod 755 "$noload/$cmd"
done
PATH=$noload:$PATH
export PATH
before=$(ps -eo pid= | tr -d ' ' | sort)
apt-get update -q >/dev/null || { echo "setup: error: apt-get update failed" >&2; exit 1; }
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing >/dev/null ||
	{ echo "setup: error: apt-get install$missing failed" >&2; exit 1; }
# A daemon the install started despite the policy: a process new since the
# install began that is one of those packages' daemons or was handed to
# init (a double fork). Named, not killed: it is not ours to end blindly.
started=$(ps -eo pid=,ppid=,comm= | while read -r pid ppid comm; do
	printf '%s\n' "$before" | grep -qx "$pid" && continue
	case $comm in
	lava-*|systemd-udevd|udevd|mdadm|dmeventd|lvmetad) echo "$pid $comm" ;;
	*) [ "$ppid" != 1 ] || echo "$pid $comm" ;;
	esac
done)
if [ -n "$started" ]; then
	echo "setup: error: the install started processes (pid name): $started" >&2
	exit 1
fi
