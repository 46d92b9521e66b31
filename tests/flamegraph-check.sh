#!/bin/sh
# make test-flamegraph: each profile's flame graph page,
# profiles/SUITE/flamegraph-KERNEL.html, must be what
# profiles/SUITE/KERNEL.folded draws now (bench/report/flamegraph.sh), load
# nothing from elsewhere, and its embedded call tree must hold every sample
# and name the hottest frame (most samples of its own, worked out from the
# .folded file) with its count. Malformed stacks, an empty profile and a template that
# is not d3-flame-graph's are refused by name, leaving no page; a frame
# name holding "</script>" cannot end the page's script. Host only.
#   flamegraph-check.sh OUT.tap     (env: PB, FLAMEGRAPH_TEMPLATE)
set -u
PB=${PB:-build/pb}
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
tap_scratch flamegraph-check
# shellcheck source=tests/flamegraph-lib.sh
. tests/flamegraph-lib.sh
tap_start "$1" flamegraph

template=${FLAMEGRAPH_TEMPLATE:-}
check template "no d3-flame-graph template '$template' (make setup-flamegraph)" [ -f "$template" ]

# own NAME: the samples of its own of every node named NAME in the tree on stdin
own() { jq --arg n "$1" '[.. | objects | select(.n == $n) | .v] | add // 0'; }

profiles=0
for folded in profiles/*/*.folded; do
	[ -f "$folded" ] || continue
	profiles=$((profiles + 1))
	suite=$(basename "$(dirname "$folded")") kernel=$(basename "$folded" .folded)
	name=$suite.$kernel page=$work/$suite/flamegraph-$kernel.html
	check "$name.drawn" "flamegraph.sh failed" env PB="$PB" FLAMEGRAPH_TEMPLATE="$template" \
		bench/report/flamegraph.sh "$work" "$suite"
	check "$name.committed-current" \
		"profiles/$suite/flamegraph-$kernel.html is not what $folded draws (make flamegraph SUITE=$suite)" \
		cmp "profiles/$suite/flamegraph-$kernel.html" "$page"
	# the committed page's data (the same as the fresh page's, if current)
	committed=profiles/$suite/flamegraph-$kernel.html
	stacks_json "$committed" > "$work/$name.json"
	check "$name.tree-is-json" "no call tree in the page" jq -e '.n == "root"' "$work/$name.json"
	line=$(hottest "$folded")
	hot_samples=${line%% *} hot=${line#* }
	total=$(awk '{ t += $NF } END { print t }' "$folded")
	got=$(own "$hot" < "$work/$name.json")
	if [ "$got" = "$hot_samples" ]; then
		result ok "$name.names-hottest"
	else
		result fail "$name.names-hottest" "$hot has $hot_samples samples of its own in $folded, $got in the page"
	fi
	got=$(jq '[.. | objects | .v] | add' "$work/$name.json")
	if [ "$got" = "$total" ]; then
		result ok "$name.every-sample"
	else
		result fail "$name.every-sample" "$folded has $total samples, the page's tree $got"
	fi
	check "$name.context-says-hottest" "the page's Context text does not name $hot" \
		grep -qF "the hottest frame: $hot, $hot_samples samples of its own" "$committed"
	if grep -qiE '<(script|link|img|iframe)[^>]*[[:space:]](src|href)=' "$committed"; then
		result fail "$name.self-contained" "the page loads $(grep -oiE '(src|href)=[^ >]*' "$committed" | head -n 1)"
	else
		result ok "$name.self-contained"
	fi
done
check profiles-found "no profiles/*/*.folded to draw" [ "$profiles" -gt 0 ]

# refused NAME FILE WHAT: pb flamegraph refuses FILE, saying WHAT, and writes no page
refused() {
	rm -f "$work/refused.html"
	if "$PB" flamegraph --template "$template" --out "$work/refused.html" "$2" > /dev/null \
		2> "$work/refused.err"; then
		result fail "$1" "pb flamegraph took $2"
	elif ! grep -qF "$3" "$work/refused.err"; then
		result fail "$1" "pb flamegraph's error does not say '$3': $(cat "$work/refused.err")"
	elif [ -n "$(find "$work" -maxdepth 1 -name 'refused.html*')" ]; then
		result fail "$1" "a page or its temporary file was left behind"
	else
		result ok "$1"
	fi
}
printf 'insmod;do_syscall_64 2\ninsmod;;memset 1\n' > "$work/empty-frame.folded"
refused refuses-empty-frame "$work/empty-frame.folded" "empty-frame.folded:2: an empty frame"
printf 'insmod;do_syscall_64 two\n' > "$work/bad-count.folded"
refused refuses-bad-count "$work/bad-count.folded" "bad-count.folded:1: the count 'two'"
printf 'insmod;do_syscall_64\n' > "$work/no-count.folded"
refused refuses-no-count "$work/no-count.folded" "no-count.folded:1: not"
: > "$work/none.folded"
refused refuses-no-samples "$work/none.folded" "none.folded: no samples"
printf '<html><script>const stacks = [];</script></html>\n' > "$work/other.html"
if "$PB" flamegraph --template "$work/other.html" --out "$work/other-page.html" \
	profiles/mctp-route/baseline.folded 2> "$work/other.err"; then
	result fail refuses-other-template "pb flamegraph filled a template without its placeholders"
else
	check refuses-other-template "the error does not name the placeholder" \
		grep -qF "no /** @flamegraph_json **/" "$work/other.err"
fi

# A frame named "</script>" stays inside the page's data.
printf 'evil;</script><b>x 3\n' > "$work/evil.folded"
if "$PB" flamegraph --template "$template" --out "$work/evil.html" "$work/evil.folded"; then
	want=$(grep -o '</script>' "$template" | wc -l) got=$(grep -o '</script>' "$work/evil.html" | wc -l)
	check script-end-escaped "the page has $got </script> where the template has $want" [ "$got" = "$want" ]
	got=$(stacks_json "$work/evil.html" | jq -r '.c[0].c[0].n')
	check script-end-kept "the frame's name is '$got' in the tree" [ "$got" = "</script><b>x" ]
else
	result fail script-end-escaped "pb flamegraph refused a frame named </script>"
fi
tap_finish
