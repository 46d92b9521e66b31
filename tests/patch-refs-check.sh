#!/bin/sh
# make test-docs: the patch numbers the documentation cites name the series'
# patches. Each row "| NNNN | SUBJECT |" of kernel/patches/README.md is
# patch NNNN with that subject; each fix of bench/probe/features.json names
# a patch file of the series with the fix's subject; each "patch NNNN",
# "patches NNNN-MMMM" or "NNNN and MMMM" cited in README.md, docs/*.md,
# profiles/*/analysis.md and the guest tests is a patch of the series.
# Then the same on a copy of kernel/patches/README.md with a planted wrong
# subject, which must fail; and series_fixed_by on planted patches. Host only.
#   patch-refs-check.sh OUT.tap
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
series=$root/kernel/patches
# shellcheck source=tests/tap-result.sh
. "$root/tests/tap-result.sh"
# shellcheck source=kernel/series.sh
here=$root/kernel	# series.sh reads kernel/upstream/base-commits from here
. "$root/kernel/series.sh"
tap_start "$1" patch-refs
work=$(mktemp -d "${TMPDIR:-/tmp}/pb-patch-refs.XXXXXX")
trap 'rm -rf "$work"' EXIT

# subject_of NNNN: the subject of the series' patch NNNN, or fail
subject_of() {
	set -- "$series/$1"-*.patch
	[ -f "$1" ] && series_subject "$1"
}

# table_rows README: "NNNN<tab>SUBJECT" of each row of the series' table
# (# | subject | upstream | author) that does not agree
table_rows() {
	sed -n 's/^| \([0-9]\{4\}\) | \([^|]*[^ |]\) | [^|]* | [^|]* |$/\1\t\2/p' "$1" |
		while IFS="$(printf '\t')" read -r n want; do
			[ "$(subject_of "$n")" = "$want" ] || printf '%s\t%s\n' "$n" "$want"
		done
}

table_rows "$series/README.md" > "$work/rows"
if [ -s "$work/rows" ]; then
	result fail readme-table "rows whose subject is not their patch's: $(cut -f1 "$work/rows" | paste -sd' ' -)"
else
	result ok readme-table
fi

jq -r '.fixes | to_entries[] | select(.value.patch) | "\(.key)\t\(.value.patch)\t\(.value.subject)"' \
	"$root/bench/probe/features.json" > "$work/fixes" || result fail features-json "jq cannot read bench/probe/features.json"
bad=
while IFS="$(printf '\t')" read -r key patch want; do
	[ -f "$root/$patch" ] && [ "$(series_subject "$root/$patch")" = "$want" ] || bad="$bad $key"
done < "$work/fixes"
if [ -z "$bad" ]; then result ok features-json; else result fail features-json "fixes whose patch is missing or has another subject:$bad"; fi

# cited FILE...: "FILE:LINE NNNN" for each patch number cited
cited() {
	grep -HnoE '([Pp]atch(es)?|[Pp]atch(es)? of the series,?) [0-9]{4}((-| and |, )[0-9]{4})*' "$@" |
		sed 's/:\([^:]*\)$/ \1/' | while read -r where what; do
			for n in $(printf '%s\n' "$what" | grep -oE '[0-9]{4}'); do echo "$where $n"; done
		done
}
n_patches=$(find "$series" -name '[0-9][0-9][0-9][0-9]-*.patch' | wc -l)
cited "$root/README.md" "$root"/docs/*.md "$root"/profiles/*/analysis.md "$root"/vm/guest/tests/* |
	while read -r where n; do
		subject_of "$n" > /dev/null || echo "${where#"$root/"} cites patch $n, which the series ($n_patches patches) does not have"
	done > "$work/cites"
if [ -s "$work/cites" ]; then result fail citations "$(head -n 1 "$work/cites")"; else result ok citations; fi

# kernel/fix-tests: a line for every fix (a project-own patch with a Fixes:
# tag), none for anything else, and tests of a known kind that exist
# (guest:NAME a guest test, crash:BOOT a crash-stage boot; a KUnit suite's
# name is the kernel's, known only to a boot)
PB=${PB:-$root/build/pb}
for p in $(series_own_patches "$series"); do
	series_message "$p" | grep -q '^Fixes: ' && series_subject "$p"
done > "$work/fixes-own"
# fix_tests_problem FILE: the first thing wrong with FILE (as fix-tests)
fix_tests_problem() {
	grep -v '^#' "$1" > "$work/fix-tests"
	cut -f1 "$work/fix-tests" > "$work/named"
	ftp=$(grep -vxF -f "$work/fixes-own" "$work/named" | head -n 1)
	[ -z "$ftp" ] || { echo "a line names no fix of the series: $ftp"; return; }
	ftp=$(grep -vxF -f "$work/named" "$work/fixes-own" | head -n 1)
	[ -z "$ftp" ] || { echo "a fix has no test in kernel/fix-tests: $ftp"; return; }
	cut -f2 "$work/fix-tests" | tr ' ' '\n' | while read -r t; do
		case $t in
		kunit:?* | kunit@debug:?*) ;;
		guest:?*) "$PB" tests get "${t#guest:}" description > /dev/null 2>&1 || echo "no such test: $t" ;;
		crash:?*) "$PB" tests crash | grep -qxF "${t#crash:}" || echo "no such test: $t" ;;
		*) echo "no such test: $t" ;;
		esac
	done | head -n 1
}
ftp=$(fix_tests_problem "$root/kernel/fix-tests")
if [ -z "$ftp" ]; then result ok fix-tests; else result fail fix-tests "$ftp"; fi
# ... and must find a fix left out, and a test that does not exist
sed '$d' "$root/kernel/fix-tests" > "$work/fix-tests.planted"
case $(fix_tests_problem "$work/fix-tests.planted") in
"a fix has no test"*) result ok fix-tests.planted-missing ;;
*) result fail fix-tests.planted-missing "a fix without a line went unnoticed" ;;
esac
sed '$s/\t.*/\tguest:no-such-test/' "$root/kernel/fix-tests" > "$work/fix-tests.planted"
case $(fix_tests_problem "$work/fix-tests.planted") in
"no such test: guest:no-such-test") result ok fix-tests.planted-unknown ;;
*) result fail fix-tests.planted-unknown "a test that does not exist went unnoticed" ;;
esac

# series_fixed_by (check-series' expected failures): a backport that a later
# patch's Fixes: names is fixed by that patch; the fix itself, a patch no
# Fixes: names and one with no upstream commit are fixed by none.
mkdir "$work/fixed-by"
printf 'Subject: [PATCH 1/3] a\n\ncommit 46ee16462fed0123456789abcdef012345678901 upstream.\n---\n' > "$work/fixed-by/0001-a.patch"
printf 'Subject: [PATCH 2/3] b\n\nFixes: 46ee16462fed ("a")\n---\n' > "$work/fixed-by/0002-b.patch"
printf 'Subject: [PATCH 3/3] c\n\ncommit 3558ab79a2f2 upstream.\n---\n' > "$work/fixed-by/0003-c.patch"
if [ "$(series_fixed_by "$work/fixed-by" "$work/fixed-by/0001-a.patch")" = "$work/fixed-by/0002-b.patch" ] &&
	! series_fixed_by "$work/fixed-by" "$work/fixed-by/0002-b.patch" > /dev/null &&
	! series_fixed_by "$work/fixed-by" "$work/fixed-by/0003-c.patch" > /dev/null; then
	result ok series-fixed-by
else
	result fail series-fixed-by "series_fixed_by names the wrong fix, or one where there is none"
fi

# The table check must find a planted wrong subject.
sed '0,/^| 0001 | /s/^| 0001 | [^|]*|/| 0001 | planted: not its subject |/' "$series/README.md" > "$work/README.md"
if table_rows "$work/README.md" | grep -q '^0001'; then
	result ok readme-table.planted
else
	result fail readme-table.planted "a row with a wrong subject went unnoticed"
fi
tap_finish
