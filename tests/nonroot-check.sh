#!/bin/sh
# What an ordinary user runs, run as one: pb vm boots a guest test that
# writes through the results share, and pb report writes a report, both as
# an unprivileged uid (setpriv, uid and gid 65534) with a HOME of its own
# and copies of the built artefacts; setup, the one target that needs
# root, says so when run without it.
#   nonroot-check.sh OUT.tap   (env: PB, INITRAMFS, KERNEL: a bzImage,
#                               ACCEL, PB_CACHE, OUT: a work directory)
set -u
tap=$1
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
tap_start "$tap" nonroot
uid=65534
rm -rf "$OUT" && mkdir -p "$OUT"
# the copies live where any uid can reach them: not under /root (the
# manifests name their runners in bench/, which pb checks)
work=$(mktemp -d /tmp/pb-nonroot.XXXXXX)
trap 'rm -rf "$work"' EXIT
trap 'result fail stopped "nonroot-check.sh was stopped"; tap_finish; exit 1' TERM INT
as_user() {
	if [ "$(id -u)" = 0 ]; then
		setpriv --reuid="$uid" --regid="$uid" --clear-groups --inh-caps=-all \
			env HOME="$work/home" PB_CACHE="$work/home/.cache/patchbench" "$@"
	else
		env HOME="$work/home" PB_CACHE="$work/home/.cache/patchbench" "$@"
	fi
}
mkdir -p "$work/home/.cache/patchbench" "$work/repo" "$work/guest-out"
if ! { cp "$PB" "$work/pb" && cp "$INITRAMFS" "$work/initramfs.cpio" && cp "$KERNEL" "$work/bzImage" &&
	cp scripts/apt-ensure.sh "$work/" && cp -r results suites bench "$work/repo/"; }; then
	result fail copy "cannot copy the artefacts to $work"
	tap_finish
	exit 1
fi
# the KVM probe's verdict, so that an unprivileged boot needs no probe of its own
[ ! -f "$PB_CACHE/accel-probe" ] || cp "$PB_CACHE/accel-probe" "$work/home/.cache/patchbench/"
chmod -R a+rX "$work" && chown -R "$uid:$uid" "$work/home" "$work/guest-out" "$work/repo" 2>/dev/null

if [ "$(id -u)" = 0 ]; then
	check uid "setpriv did not drop root" test "$(as_user id -u)" = "$uid"
fi
if as_user "$work/pb" vm --label nonroot --kernel "$work/bzImage" --initrd "$work/initramfs.cpio" \
	--accel "$ACCEL" --fallback icount --timeout 300 --log "$work/guest-out/console.log" \
	--share /=host --share "$work/guest-out=results:rw" \
	--append "pb.run=writefile pb.args=nonroot.txt" > "$OUT/vm.out" 2> "$OUT/vm.err"; then
	result ok pb-vm
else
	result fail pb-vm "pb vm as uid $uid: $(tail -n 1 "$OUT/vm.err") (see $OUT/vm.err)"
fi
check share-written "the guest's file is not in the share" \
	grep -q "written by the guest" "$work/guest-out/nonroot.txt"
# shellcheck disable=SC2016 # expanded by the user's shell
if as_user sh -c 'cd "$1/repo" && "$1/pb" report "$1/repo/RESULTS.md" results/*/mctp-route.json' \
	_ "$work" > "$OUT/report.out" 2>&1; then
	result ok pb-report
else
	result fail pb-report "pb report as uid $uid: $(tail -n 1 "$OUT/report.out")"
fi
check report-written "the report has no mctp-route section" grep -q "mctp-route" "$work/repo/RESULTS.md"
# setup with a package missing says it needs root, naming what to install
as_user "$work/apt-ensure.sh" pb-no-such-package > "$OUT/setup.out" 2>&1
check setup-says-root "apt-ensure.sh did not say it needs root" \
	grep -q "not root; run as root or: apt-get install pb-no-such-package" "$OUT/setup.out"
tap_finish
