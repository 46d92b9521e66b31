#!/bin/sh
# crashkernel=size,cma in QEMU: one boot per command line (see
# vm/guest/tests/crashkernel for what each case checks), then a real kdump.
#   crashkernel.sh KBUILD     (env: as guest-run.sh)
# Leaves TEST_OUT/guest-KERNEL-crashkernel-CASE/ and guest-patched-kdump/.
set -u
kbuild=${1:?KBUILD}
image() { echo "$kbuild/$1/arch/x86/boot/bzImage"; }
boot() { # boot KERNEL CASE CMDLINE...
	k=$1 c=$2; shift 2
	VARIANT=$c GUEST_APPEND="$*" TIMEOUT=300 tests/guest-run.sh "$k" "$(image "$k")" \
		crashkernel "$k,$c"
}
boot patched cma crashkernel=64M crashkernel=256M,cma
boot patched plain crashkernel=320M
boot patched empty crashkernel=64M crashkernel=,cma
boot patched abc crashkernel=64M crashkernel=abc,cma
boot patched huge crashkernel=64M crashkernel=64G,cma
boot patched offset crashkernel=64M crashkernel=256M@1G,cma
boot baseline unsupported crashkernel=64M crashkernel=256M,cma
# The capture kernel is the patched kernel itself, read through the host share.
img=$(cd "$(dirname "$(image patched)")" && pwd -P)/bzImage
EXPECT_PANIC=1 GUEST_APPEND="crashkernel=64M crashkernel=256M,cma" TIMEOUT=300 \
	tests/guest-run.sh patched "$(image patched)" kdump "patched,/host$img"
