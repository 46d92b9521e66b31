# shellcheck shell=sh
# What make profile and make trace share: a host tool the guest borrows
# through /host, and one boot per kernel of a suite's guest running the
# guest test of the same name (vm/guest/tests/profile, .../trace). Sourced
# after bench/lib/guest.sh.

# need_host_tool NAME COMMAND PACKAGE: fail, saying what to install, unless
# the host has COMMAND (Debian's PACKAGE).
need_host_tool() {
	command -v "$2" > /dev/null ||
		{ echo "$1: $2 missing: apt-get install $3" >&2; return 1; }
}

# tool_guest_run NAME SUITE KERNEL DIR ARGS BOOT: boot KERNEL with the guest
# test NAME given ARGS, the suite's boot options BOOT (suite_boot_options)
# and the host's / at /host; guest_run's files in DIR. On failure says so
# and returns 1.
tool_guest_run() {
	# shellcheck disable=SC2086 # options are words by construction
	guest_run "$3" "$4" "$1/$2/$3" "$1" "$5" $6 --share /=host ||
		{ echo "$1: error: $2 on $3 failed (log $4/console.log)" >&2; return 1; }
}
