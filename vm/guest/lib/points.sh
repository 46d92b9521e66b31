# shellcheck shell=sh
# make bench POINTS= in the guest, for a benchmark suite's script; sourced.
# point_wanted KEY=VALUE...: is the point with these parameters (exactly
# those its PB-BENCH line will carry) among those pb.points= selects
# (PB_POINTS, vm/guest/init)? Every point is without it. point-want is
# pb's own matcher (bench/lib/points.c, built for the guest), and the host
# checked the filters: a failure other than "no" stops the script.
point_wanted() {
	[ -n "${PB_POINTS:-}" ] || return 0
	point-want "$PB_POINTS" "$@"
	pw_status=$?
	[ "$pw_status" -le 1 ] || { echo "bench: point-want '$PB_POINTS' $* failed"; exit 1; }
	return "$pw_status"
}
