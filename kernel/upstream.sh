#!/bin/sh
# make upstream: the project-own patches (kernel/series.sh) as git
# format-patch series, one per topic (kernel/upstream/TOPIC.cover), each
# with a cover letter: what and why, the tree it was made on, the
# measured figures (pb), the tests, the recipients (get_maintainer.pl).
#   upstream.sh SERIES_DIR OUT_DIR TREE    (env: PB_CACHE, PB)
# The patches are the sender's: From: and Signed-off-by: are the git
# identity of whoever runs it (git config user.name and user.email), and
# it refuses to write them without one; checkpatch.pl --strict, sign-off
# included, must find nothing in what it writes.
# TREE is a clone of $PB_CACHE/src sharing its objects (made when missing);
# the cache itself is only read. Each topic's series is applied on
# pristine + the series' other patches before its last one, in order:
# base-commit and the prerequisite-patch-id lines say which.
# A cover's header: prefix, tree, suites (whose figures it quotes), tests,
# subject, and also: files whose maintainers get a copy beside those of
# the patched files (code the patches rely on, e.g. the tty layer).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
series=$(cd "$1" && pwd) out=$2 tree=$3
: "${PB_CACHE:?PB_CACHE must be set}" "${PB:?PB must be set}"
# shellcheck source=kernel/series.sh
. "$here/series.sh"
GIT="git -c user.name=patchbench -c user.email=patchbench@localhost -c advice.detachedHead=false"
# Fixed dates: the same series gives the same files.
export GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"

die() { echo "upstream: error: $*" >&2; exit 1; }

me_name=$(git config user.name) || me_name=
me_email=$(git config user.email) || me_email=
if [ -z "$me_name" ] || [ -z "$me_email" ]; then
	die "no git identity: the patches are sent as yours (From: and Signed-off-by:); set git config --global user.name and user.email"
fi
me_git() { git -c user.name="$me_name" -c user.email="$me_email" "$@"; }

[ -d "$PB_CACHE/src/.git" ] || die "no kernel repository at $PB_CACHE/src (make trees)"
if ! $GIT -C "$tree" rev-parse -q --verify pristine > /dev/null 2>&1; then
	rm -rf "$tree"
	$GIT clone -q --shared --no-checkout "$PB_CACHE/src" "$tree" || die "cannot clone $PB_CACHE/src"
fi
$GIT -C "$tree" fetch -q -f origin 'refs/tags/pristine:refs/tags/pristine' || die "no tag pristine"
# a run that died in the middle of a git am leaves it in progress
$GIT -C "$tree" am --abort > /dev/null 2>&1 || true
work=$(mktemp -d "${TMPDIR:-/tmp}/pb-upstream.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The whole series once: the commit after each patch.
$GIT -C "$tree" checkout -q -f --detach pristine
for p in "$series"/*.patch; do
	series_mail "$p" | $GIT -C "$tree" am -q --3way > "$work/am.log" 2>&1 || {
		$GIT -C "$tree" am --abort > /dev/null 2>&1 || true
		die "$(basename "$p") does not apply on pristine + the patches before it: $(tail -n 3 "$work/am.log")"
	}
	$GIT -C "$tree" rev-parse HEAD > "$work/commit.$(basename "$p")"
done

: > "$work/topics"
for p in $(series_own_patches "$series"); do
	t=$(series_topic "$p") || die "$(basename "$p"): no topic of kernel/series.sh's series_topic covers \"$(series_subject "$p")\""
	[ "$t" != local ] || continue	# in every topic's base, not sent (kernel/upstream/local)
	[ -f "$here/upstream/$t.cover" ] || die "$(basename "$p"): topic $t has no kernel/upstream/$t.cover"
	grep -qx "$t" "$work/topics" || echo "$t" >> "$work/topics"
	echo "$p" >> "$work/patches.$t"
done

rm -rf "$out.tmp" && mkdir -p "$out.tmp"

# field COVER KEY: a "key: value" line of the cover file's header
field() { sed -n "/^\$/q; s/^$2: *//p" "$1"; }

# figures SUITE: the newest result's points, baseline against patched, from
# pb's JSON (a records suite: its records, kernel by kernel)
figures() {
	path=$("$PB" results newest "$1") || { echo "  $1: no result in results/"; return 0; }
	meta=$("$PB" json-get "$path" meta.project_commit meta.series meta.accel | paste -sd' ' -)
	echo "  $1 ($path; project commit, series hash, mode: $meta):"
	if "$PB" json-get "$path" records > /dev/null 2>&1; then
		jq -r '.records[] | "    \(.kernel) \(.case): crashkernel \(.crash_mib) MiB, MemAvailable \(.mem_available_kb) kB, MemTotal \(.mem_total_kb) kB"' "$path"
		return 0
	fi
	"$PB" compare --json "$path:baseline" "$path:patched" > "$work/cmp.json" || [ $? -eq 3 ]
	jq -r '.points[] | "    \(.params | to_entries | map("\(.key)=\(.value)") | join(" ")): \(.a_median * 10 | round / 10) -> \(.b_median * 10 | round / 10), ratio \(.ratio * 1000 | round / 1000), \(.verdict)"' "$work/cmp.json"
}

while read -r t; do
	cover=$here/upstream/$t.cover
	first=$(head -n 1 "$work/patches.$t") last=$(tail -n 1 "$work/patches.$t")
	# The topic's base: the series before its first patch, then the other
	# patches up to its last one.
	start=pristine prev=
	for p in "$series"/*.patch; do
		[ "$p" = "$first" ] && break
		prev=$p
	done
	[ -n "$prev" ] && start=$(cat "$work/commit.$(basename "$prev")")
	$GIT -C "$tree" checkout -q -f --detach "$start"
	on=0
	for p in "$series"/*.patch; do
		[ "$p" = "$first" ] && on=1
		[ $on = 1 ] || continue
		grep -qx "$p" "$work/patches.$t" || series_mail "$p" | $GIT -C "$tree" am -q --3way > "$work/am.log" 2>&1 ||
			die "topic $t: $(basename "$p") does not apply: $(tail -n 3 "$work/am.log")"
		[ "$p" = "$last" ] && break
	done
	base=$($GIT -C "$tree" rev-parse HEAD)
	while read -r p; do
		series_mail "$p" "$me_name <$me_email>" |
			me_git -C "$tree" am -q --3way --signoff > "$work/am.log" 2>&1 ||
			die "topic $t: $(basename "$p") does not apply on its base: $(tail -n 3 "$work/am.log")"
	done < "$work/patches.$t"

	# What the base is, in words (base-commit and prerequisite-patch-id say it exactly).
	prereq=$($GIT -C "$tree" log --reverse --format='%s' pristine.."$base" | wc -l)
	# shellcheck disable=SC2046 # one file name per word
	(cd "$tree" && perl scripts/get_maintainer.pl --no-git --no-git-fallback $(cat "$work/patches.$t")) \
		> "$work/maint" 2> /dev/null || die "topic $t: get_maintainer.pl failed"
	# shellcheck disable=SC2046
	(cd "$tree" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats \
		--no-l $(cat "$work/patches.$t")) > "$work/to" 2> /dev/null
	# shellcheck disable=SC2046
	(cd "$tree" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats \
		--no-m --no-r $(cat "$work/patches.$t")) > "$work/cc" 2> /dev/null
	# the cover's "also:" files: code the patches call into, whose maintainers
	# get a copy (mctp-serial's tty_unthrottle(): the tty layer's)
	also=$(field "$cover" also)
	if [ -n "$also" ]; then
		# shellcheck disable=SC2086 # one file per word
		(cd "$tree" && perl scripts/get_maintainer.pl --no-git --no-git-fallback -f $also) \
			> "$work/maint.also" 2> /dev/null || die "topic $t: get_maintainer.pl -f $also failed"
		grep -vxFf "$work/maint" "$work/maint.also" > "$work/maint.new" || true
		cat "$work/maint.new" >> "$work/maint"
		# shellcheck disable=SC2086
		(cd "$tree" && perl scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats -f $also) \
			> "$work/also" 2> /dev/null
		grep -vxFf "$work/to" "$work/also" | grep -vxFf "$work/cc" > "$work/cc.new" || true
		cat "$work/cc.new" >> "$work/cc"
	fi
	{
		field "$cover" subject
		echo
		sed '1,/^$/d; /^rebase:/,$d' "$cover"
		echo "The tree these were made on: $(git -C "$tree" log -1 --format=%s pristine),"
		if [ "$prereq" = 0 ]; then
			echo "base-commit below, with nothing else applied."
		else
			echo "base-commit below, with the $prereq patches of the patchbench series"
			echo "before them applied (6.17 backports and fixes: the prerequisite-patch-id"
			echo "lines, in order)."
		fi
		echo "They have not been rebased onto $(field "$cover" tree)."
		echo "Before sending, rebase onto it:"
		sed -n '/^rebase:/,$p' "$cover" | sed 's/^rebase: //'
		echo
		echo "Figures (patchbench: guest instructions per operation under QEMU"
		echo "icount, Debian 6.12 against 6.12 with the whole series, so they include"
		echo "the backports these patches sit on; each patch's message gives its own"
		echo "before and after; params: baseline -> patched, ratio, verdict):"
		suites=$(field "$cover" suites)
		[ -n "$suites" ] || echo "  none measured: a correctness fix."
		for s in $suites; do figures "$s"; done
		echo
		echo "Tests: $(field "$cover" tests)." | fold -s -w 72 | sed 's/ *$//'
		echo
		echo "Recipients (scripts/get_maintainer.pl --no-git --no-git-fallback):"
		sed 's/^/  /' "$work/maint"
	} > "$work/description"
	branch=upstream-$t
	$GIT -C "$tree" branch -q -f "$branch" HEAD
	$GIT -C "$tree" checkout -q "$branch"
	$GIT -C "$tree" config "branch.$branch.description" "$(cat "$work/description")"
	set --
	while read -r a; do set -- "$@" --to="$a"; done < "$work/to"
	while read -r a; do set -- "$@" --cc="$a"; done < "$work/cc"
	me_git -C "$tree" format-patch -q --zero-commit --cover-letter --cover-from-description=subject \
		--subject-prefix="$(field "$cover" prefix)" --base=pristine "$@" \
		-o "$(cd "$out.tmp" && pwd)/$t" "$base..$branch" > /dev/null || die "topic $t: format-patch failed"
	for p in "$out.tmp/$t"/[0-9]*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		series_checkpatch "$tree" "$series" "$p" sendable > "$work/checkpatch" 2>&1 ||
			die "topic $t: checkpatch.pl --strict on $(basename "$p"): $(head -n 3 "$work/checkpatch")"
	done
	echo "upstream: $t: $(find "$out.tmp/$t" -name '*.patch' | wc -l) files, $(field "$cover" prefix), based on pristine + $prereq patches"
done < "$work/topics"

$GIT -C "$tree" checkout -q -f --detach pristine
rm -rf "$out" && mv "$out.tmp" "$out"
echo "upstream: $(wc -l < "$work/topics") series in $out"
