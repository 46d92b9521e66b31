# shellcheck shell=sh
# The sanitizer kernels' command lines (debug, and debug-llvm, built with
# clang), one definition for the scripts that boot them (tests/job-run.sh,
# kernel/check-fixes.sh): kmemleak scanned after each guest test; guest
# timeouts stretched (pb.slow); two emulated CPUs of a KASAN kernel can go
# 20 s without the RCU kthread running, and a stall then says nothing about
# the code. pci=noacpi: PCI interrupts routed without ACPI's AML (_PRT and
# the LNKx link devices), which the instrumented interpreter took 65 of a
# boot's 98 s to evaluate under icount, and past ACPICA's loop limit under
# TCG on a slower host (no interrupt for the 9p shares: a boot that never
# finished).
# shellcheck disable=SC2034 # DEBUG_APPEND, DEBUG_GUEST_APPEND: the sourcing script's
DEBUG_APPEND="rcupdate.rcu_cpu_stall_timeout=300 pci=noacpi"
DEBUG_GUEST_APPEND="pb.kmemleak=1 pb.slow=6 $DEBUG_APPEND"
