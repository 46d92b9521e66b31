# shellcheck shell=sh
# MCTP guest tests' shared set-up (sourced).
#
# serial_link FILE [serial-relay OPTIONS]: start a serial-relay, the
# mctp-serial "cable" between two pty pairs, in the background; set relay to
# its pid and link_a, link_b to its two netdev names (empty if it did not come
# up within 2 s). The relay's report goes to FILE.err.
# shellcheck disable=SC2034 # relay, link_a and link_b are for the caller
serial_link() {
	sl_file=$1
	shift
	serial-relay "$@" > "$sl_file" 2> "$sl_file.err" &
	relay=$!
	for _ in 1 2 3 4 5 6 7 8 9 10; do [ -s "$sl_file" ] && break; sleep 0.2; done
	read -r link_a link_b < "$sl_file" || link_a='' link_b=''
}

# mkns: a process holding a new network namespace; prints its pid once the
# namespace exists (before unshare has made it, nsenter -t PID would enter
# ours, and a netdev moved "into" it would stay here).
mkns() {
	unshare -n sleep 1000000 > /dev/null 2>&1 &
	mk_pid=$! mk_self=$(readlink /proc/self/ns/net)
	for _ in $(seq 100); do
		mk_ns=$(readlink "/proc/$mk_pid/ns/net" 2> /dev/null) || break
		[ "$mk_ns" != "$mk_self" ] && break
		sleep 0.05
	done
	echo "$mk_pid"
}
