#!/bin/sh
# make flamegraph, and make profile once it has folded the stacks: each
# profiles/SUITE/KERNEL.folded as OUT/SUITE/flamegraph-KERNEL.html,
# d3-flame-graph's self-contained page (the library inlined) with the call
# tree pb flamegraph makes of the stacks, written atomically by pb.
#   flamegraph.sh OUT SUITE...     (env: PB, FLAMEGRAPH_TEMPLATE)
set -eu
out=$1
shift
[ -f "${FLAMEGRAPH_TEMPLATE:-}" ] || {
	echo "flamegraph: no d3-flame-graph page template '${FLAMEGRAPH_TEMPLATE:-}' (make setup-flamegraph)" >&2
	exit 1
}
drawn=0
for suite; do
	for folded in profiles/"$suite"/*.folded; do
		[ -f "$folded" ] || continue
		kernel=$(basename "$folded" .folded)
		mkdir -p "$out/$suite"
		"$PB" flamegraph --template "$FLAMEGRAPH_TEMPLATE" --out "$out/$suite/flamegraph-$kernel.html" \
			--context "make profile SUITE=$suite, the $kernel kernel: perf record -g on cpu-clock in the guest" \
			"$folded"
		echo "flamegraph: $out/$suite/flamegraph-$kernel.html"
		drawn=$((drawn + 1))
	done
done
[ "$drawn" -gt 0 ] || {
	echo "flamegraph: no profiles/SUITE/*.folded for: $* (make profile SUITE=name first)" >&2
	exit 1
}
