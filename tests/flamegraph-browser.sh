#!/bin/sh
# make test-flamegraph-browser: each committed flame graph page,
# profiles/SUITE/flamegraph-KERNEL.html, opened by headless Chromium
# (Debian's) from the file alone, no network: once its scripts and their
# transitions have run (virtual time), the rendered DOM must hold the
# hottest frame of profiles/SUITE/KERNEL.folded as a drawn SVG frame: a
# <g class="frame"> named after it, titled with at least its own samples,
# and, once the transitions ran (in one of up to 2 loads), a non-zero
# width and its label. A screenshot of each page goes beside the
# TAP (OUT-SUITE-KERNEL.png). Not part of make test.
#   flamegraph-browser.sh OUT.tap     (env: PB; Debian's chromium installed
#                                     first, scripts/apt-ensure.sh @browser)
set -u
scripts/apt-ensure.sh @browser || exit 1
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
tap_scratch flamegraph-browser
# shellcheck source=tests/flamegraph-lib.sh
. tests/flamegraph-lib.sh
tap_start "$1" flamegraph-browser
shots=${1%.tap}

browser=$(command -v chromium || true)
check chromium "no chromium (scripts/apt-ensure.sh chromium)" [ -n "$browser" ]

# chromium WHAT PAGE ARGS...: headless, as root (no sandbox), nothing
# fetched or updated, a profile of its own; the page's 750 ms transitions
# run in virtual time before the DOM is dumped or the screenshot taken.
# Headless Chromium's virtual time runs animation frames in only some
# loads (here about half), and d3's transitions wait for them: the page is
# opened as a copy with requestAnimationFrame taken away before d3 loads,
# so that d3-timer falls back to setTimeout, which virtual time does run.
chromium_run() {
	profile=$(mktemp -d "$work/profile.XXXXXX")
	opened=$(mktemp "$work/page.XXXXXX.html")
	sed '0,/<head>/s//<head><script>window.requestAnimationFrame = undefined;<\/script>/' "$1" > "$opened"
	shift
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$profile" --window-size=1400,600 --run-all-compositor-stages-before-draw \
		--virtual-time-budget=10000 "$@" "file://$opened" 2> "$work/chromium.err"
}

# html TEXT: TEXT as the DOM serialises it in text and attribute values
html() { printf '%s' "$1" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g; s/"/\&quot;/g'; }

pages=0
for folded in profiles/*/*.folded; do
	if [ ! -f "$folded" ] || [ -z "$browser" ]; then continue; fi
	pages=$((pages + 1))
	suite=$(basename "$(dirname "$folded")") kernel=$(basename "$folded" .folded)
	name=$suite.$kernel page=profiles/$suite/flamegraph-$kernel.html
	line=$(hottest "$folded")
	hot_samples=${line%% *} hot=$(html "${line#* }")
	# The frames, named and titled, are made as the page's script runs; their
	# widths and labels come with the library's transitions, which run in
	# the first load since animation frames are out of the way (12 of 12
	# here; with them, about half the loads): a second load, logged, is
	# allowed.
	tries=0
	while [ "$tries" -lt 2 ]; do
		tries=$((tries + 1))
		if ! chromium_run "$page" --dump-dom > "$work/$name.dom"; then
			result fail "$name.rendered" "chromium failed on $page: $(tail -n 1 "$work/chromium.err")"
			continue 2
		fi
		# the SVG alone, one frame per line: the page's embedded data is no evidence
		sed -n '/<svg/,/<\/svg>/p' "$work/$name.dom" | sed 's/<g /\n<g /g' > "$work/$name.frames"
		grep -F "name=\"$hot\" class=\"frame\"" "$work/$name.frames" > "$work/$name.hot"
		! grep -qF ">$hot</div>" "$work/$name.hot" || break
	done
	echo "flamegraph-browser: $page: $tries load(s)"
	check "$name.frame-drawn" "no SVG frame named $hot in the rendered page" [ -s "$work/$name.hot" ]
	check "$name.frame-title" "$hot's frame has no title with its $hot_samples samples" \
		grep -qF "<title>$hot (" "$work/$name.hot"
	# a title counts the frame's samples with its callees'
	drawn=$(sed -n 's/.*<title>.* (.*%, \([0-9]*\) samples)<\/title>.*/\1/p' "$work/$name.hot" |
		awk '{ t += $1 } END { print t + 0 }')
	check "$name.frame-samples" "$hot's frames' titles say $drawn samples, fewer than its own $hot_samples" \
		[ "$drawn" -ge "$hot_samples" ]
	check "$name.frame-wide" "$hot's frame is not drawn with a width" \
		grep -qE '<rect [^>]*width="[1-9][0-9.]*"' "$work/$name.hot"
	check "$name.frame-labelled" "$hot's frame is not labelled in $tries loads (transitions not run)" \
		grep -qF ">$hot</div>" "$work/$name.hot"
	shot=$(pwd)/$shots-$suite-$kernel.png
	rm -f "$shot"
	chromium_run "$page" --screenshot="$shot" > /dev/null
	if [ "$(head -c 4 "$shot" 2> /dev/null | tail -c 3)" = PNG ]; then
		result ok "$name.screenshot"
	else
		result fail "$name.screenshot" "no PNG screenshot at $shot"
	fi
done
check pages-found "no profiles/*/*.folded with a page to open" [ "$pages" -gt 0 ]
tap_finish
