# shellcheck shell=sh
# One boot of make test's crash stage as tests/guest-run.sh takes it
# (sourced by tests/job-run.sh and kernel/check-fixes.sh, which boot the
# same cases: make test on its kernels, check-fixes on a fix's variant).
# crash_boot CASE: reads CASE from pb tests crash and sets
#   cb_test cb_needs cb_append cb_limit cb_fallback cb_panic cb_capture cb_taps
#   cb_variant  the case's name when CASE is a case of a test, else empty
#   cb_case     ",CASE" then, else empty: the guest's argument is KERNEL$cb_case
# false when pb knows no such boot.
# shellcheck disable=SC2034 # the cb_ variables are what the callers read
crash_boot() {
	cb_boot=$("$PB" tests crash "$1" test needs append timeout fallback expect_panic \
		capture_kernel taps) || return 1
	{ read -r cb_test; read -r cb_needs; read -r cb_append; read -r cb_limit
		read -r cb_fallback; read -r cb_panic; read -r cb_capture; read -r cb_taps; } <<-EOF
	$cb_boot
	EOF
	cb_variant='' cb_case=''
	[ "$1" = "$cb_test" ] || cb_variant=$1 cb_case=,$1
}
