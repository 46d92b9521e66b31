# shellcheck shell=sh
# For the flame graph checks (sourced): hottest FOLDED prints "COUNT NAME",
# the frame with the most samples of its own (the last frame of a stack
# "comm;outer;...;inner COUNT", summed over the stacks), worked out here
# from the folded stacks themselves rather than asked of pb. A tie goes to
# the name that sorts first, as pb flamegraph breaks it.
hottest() {
	awk '{
		count = $NF
		stack = substr($0, 1, length($0) - length($NF) - 1)
		n = split(stack, frames, ";")
		own[frames[n]] += count
	}
	END { for (f in own) print own[f], f }' "$1" |
		LC_ALL=C sort -k1,1nr -k2 | head -n 1
}

# stacks_json PAGE: the call tree the page embeds (one JSON line of
# d3-flame-graph's template: "const stacks = [TREE];").
stacks_json() {
	sed -n 's/^ *const stacks = \[\(.*\)\];$/\1/p' "$1"
}
