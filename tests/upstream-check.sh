#!/bin/sh
# make test-upstream: make upstream as a sender whose git identity this
# test sets (in a temporary HOME), and refused without one; then what it
# wrote in UPSTREAM_DIR. One series per topic, its cover letter first;
# every project-own patch of the series in exactly one, the one
# series_topic names; each patch from the sender and signed off by them;
# each series applies with git am, in order, onto the tree its cover
# letter claims (base-commit plus the series' patches its
# prerequisite-patch-id lines name, in that order); the cover letter has
# the topic's prefix, recipients and figures; each patch is checkpatch
# --strict clean, sign-off included. Host only.
#   upstream-check.sh SERIES_DIR UPSTREAM_DIR UPSTREAM_TREE TREE OUT.tap   (env: PB_CACHE, PB)
# UPSTREAM_TREE is make upstream's (kernel/upstream.sh); TREE: a clone of
# $PB_CACHE/src sharing its objects, made when missing.
set -u
series=$(cd "$1" && pwd) dir=$2 uptree=$3 tree=$4
root=$(cd "$(dirname "$0")/.." && pwd)
GIT="git -c user.name=patchbench -c user.email=patchbench@localhost -c advice.detachedHead=false"
# shellcheck source=tests/tap-result.sh
. "$root/tests/tap-result.sh"
# shellcheck source=kernel/series.sh
here=$root/kernel	# series.sh reads kernel/upstream/base-commits from here
. "$root/kernel/series.sh"
tap_start "$5" upstream
work=$(mktemp -d "${TMPDIR:-/tmp}/pb-upstream-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

# upstream HOME: make upstream with HOME's git identity alone (no system
# one; the project's own .git/config sets none).
upstream() {
	(HOME=$1 GIT_CONFIG_NOSYSTEM=1 XDG_CONFIG_HOME=$1/.config &&
		unset GIT_CONFIG_GLOBAL GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL &&
		export HOME GIT_CONFIG_NOSYSTEM XDG_CONFIG_HOME &&
		"$root/kernel/upstream.sh" "$series" "$dir" "$uptree")
}
sender="Upstream Check <upstream-check@example.org>"
mkdir -p "$work/nobody" "$work/sender"
git config --file "$work/sender/.gitconfig" user.name "${sender% <*}"
git config --file "$work/sender/.gitconfig" user.email upstream-check@example.org
if upstream "$work/nobody" > "$work/nobody.out" 2>&1; then
	result fail identity.refused "make upstream wrote patches with no git identity set"
else
	check identity.refused "make upstream failed with no git identity, but not saying so" \
		grep -q 'no git identity' "$work/nobody.out"
fi
if ! upstream "$work/sender" > "$work/upstream.out" 2>&1 || ! [ -d "$dir" ]; then
	result fail written "make upstream failed: $(tail -n 3 "$work/upstream.out")"
	tap_finish
	exit 1
fi
result ok written
dir=$(cd "$dir" && pwd)

# sent_by PATCH: its From: and its last Signed-off-by: are the sender's
sent_by() {
	grep -qx "From: $sender" "$1" || { echo "From: is $(grep -m 1 '^From: ' "$1")"; return 1; }
	sb_last=$(series_message "$1" | sed -n 's/^Signed-off-by: //p' | tail -n 1)
	[ "$sb_last" = "$sender" ] || { echo "the last Signed-off-by: is \"$sb_last\""; return 1; }
}
if ! $GIT -C "$tree" rev-parse -q --verify pristine > /dev/null 2>&1; then
	rm -rf "$tree"
	$GIT clone -q --shared --no-checkout "$PB_CACHE/src" "$tree" ||
		{ result fail tree "cannot clone $PB_CACHE/src"; tap_finish; exit 1; }
fi

# Every patch of the series by its patch id, to resolve prerequisite-patch-id.
for p in "$series"/*.patch; do
	echo "$(git patch-id --stable < "$p" | cut -d' ' -f1) $p"
done > "$work/ids"

# Each own patch's subject and topic; then each series' patches' subjects.
# (a patch kernel/upstream/local keeps out of every topic is wanted in none)
for p in $(series_own_patches "$series"); do
	printf '%s\t%s\n' "$(series_topic "$p" || echo NONE)" "$(series_subject "$p")"
done | grep -v '^local	' | sort > "$work/want"
: > "$work/got"
for d in "$dir"/*/; do
	t=$(basename "$d")
	for p in "$d"/[0-9]*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		printf '%s\t%s\n' "$t" "$(series_subject "$p")" >> "$work/got"
	done
done
sort -o "$work/got" "$work/got"
# shellcheck disable=SC2016 # the script is sh -c's, given its arguments
check series.topics "the series differ from the project-own patches by topic (< wanted, > written)" \
	sh -c 'diff "$1" "$2" | grep "^[<>]" | tail -n 1 | grep . && exit 1 || exit 0' sh "$work/want" "$work/got"
dups=$(cut -f2 "$work/got" | sort | uniq -d)
if [ -z "$dups" ]; then result ok series.once; else result fail series.once "in more than one series: $dups"; fi

# apply_to LIST: check out base-commit + the patches LIST names (one patch
# id a line), reusing the deepest state already made (states: ids so far).
: > "$work/states"
apply_to() {
	at_key=start at_from=pristine
	while read -r at_id; do
		at_key=$(printf '%s %s' "$at_key" "$at_id" | sha1sum | cut -d' ' -f1)
		at_c=$(sed -n "s/^$at_key //p" "$work/states")
		[ -n "$at_c" ] && at_from=$at_c && continue
		at_p=$(sed -n "s/^$at_id //p" "$work/ids")
		[ -n "$at_p" ] || { echo "prerequisite-patch-id $at_id is no patch of $series"; return 1; }
		if [ "$at_from" != HEAD ]; then
			$GIT -C "$tree" checkout -q -f --detach "$at_from" || return 1
			at_from=HEAD
		fi
		series_mail "$at_p" | $GIT -C "$tree" am -q --3way > "$work/am.log" 2>&1 ||
			{ $GIT -C "$tree" am --abort > /dev/null 2>&1; echo "$(basename "$at_p") does not apply"; return 1; }
		echo "$at_key $($GIT -C "$tree" rev-parse HEAD)" >> "$work/states"
	done < "$1"
	[ "$at_from" = HEAD ] || $GIT -C "$tree" checkout -q -f --detach "$at_from"
}

for d in "$dir"/*/; do
	t=$(basename "$d")
	cover=$d/0000-cover-letter.patch
	cfile=$root/kernel/upstream/$t.cover
	if ! [ -f "$cover" ] || ! [ -f "$cfile" ]; then
		result fail "$t.cover" "no $cover, or no kernel/upstream/$t.cover"
		continue
	fi
	prefix=$(sed -n '/^$/q; s/^prefix: *//p' "$cfile")
	n=$(find "$d" -name '[0-9]*.patch' ! -name '0000-*' | wc -l)
	# (format-patch pads the numbers to the width of n: [PATCH net 00/10])
	check "$t.subject" "the cover letter's subject is not [$prefix 0/$n]" \
		grep -q "^Subject: \[$prefix 0*0/$n\] " "$cover"
	# shellcheck disable=SC2016 # the script is sh -c's, given its arguments
	check "$t.recipients" "the cover letter names no recipients (To:, get_maintainer.pl's list)" \
		sh -c 'grep -q "^To: .*@" "$1" && sed -n "/^Recipients/,/^\$/p" "$1" | grep -q "@"' sh "$cover"
	also=$(sed -n '/^$/q; s/^also: *//p' "$cfile")
	if [ -n "$also" ]; then
		# shellcheck disable=SC2086 # one file per word
		(cd "$uptree" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats -f $also) \
			> "$work/also.$t" 2> /dev/null
		missing=$(sed -n 's/.*<\(.*\)>.*/\1/p; /^[^<]*@[^>]*$/p' "$work/also.$t" | while read -r a; do
			sed -n '/^$/q; /^\(To\|Cc\|[[:space:]]\)/p' "$cover" | grep -qF "$a" || echo "$a"; done)
		# shellcheck disable=SC2016 # the script is sh -c's, given its arguments
		check "$t.also" "the maintainers of $also ($(wc -l < "$work/also.$t") addresses) are not all in To/Cc: ${missing:-none found}" \
			sh -c '[ -s "$1" ] && [ -z "$2" ]' sh "$work/also.$t" "$missing"
	fi
	suites=$(sed -n '/^$/q; s/^suites: *//p' "$cfile")
	if [ -z "$suites" ]; then
		check "$t.figures" "the cover letter does not say that nothing was measured" \
			grep -q '^  none measured' "$cover"
	else
		bad=
		for s in $suites; do
			sed -n "/^  $s (results\\//,/^  [^ ]/p" "$cover" | grep -q '^    [^ ]' || bad="$bad $s"
		done
		if [ -z "$bad" ]; then result ok "$t.figures"; else result fail "$t.figures" "no figures of:$bad"; fi
	fi
	sed -n 's/^prerequisite-patch-id: //p' "$cover" > "$work/prereq"
	base=$(sed -n 's/^base-commit: //p' "$cover")
	if [ "$base" != "$($GIT -C "$tree" rev-parse pristine)" ]; then
		result fail "$t.applies" "base-commit $base is not the tag pristine"
		continue
	fi
	if ! why=$(apply_to "$work/prereq" 2>&1); then
		result fail "$t.applies" "its base: $(printf '%s\n' "$why" | tail -n 1)"
		continue
	fi
	why=
	for p in "$d"/[0-9]*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		$GIT -C "$tree" am -q "$p" > "$work/am.log" 2>&1 ||
			{ why="$(basename "$p") does not apply: $(tail -n 1 "$work/am.log")"; $GIT -C "$tree" am --abort > /dev/null 2>&1; break; }
	done
	if [ -z "$why" ]; then result ok "$t.applies"; else result fail "$t.applies" "$why"; fi
	for p in "$d"/[0-9]*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		check "$t.sender.$(basename "$p" .patch)" "not the sender's" sent_by "$p"
		check "$t.checkpatch.$(basename "$p" .patch)" "checkpatch --strict" \
			series_checkpatch "$tree" "$series" "$p" sendable
	done
done
$GIT -C "$tree" checkout -q -f --detach pristine
tap_finish
