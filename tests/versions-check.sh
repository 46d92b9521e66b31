#!/bin/sh
# make test-sources: the per-version config adaptation (kernel/fragments.sh,
# kernel/config/versions/) on stand-in trees that are only a Makefile: the
# effective request for 6.1 (its overrides applied, its drops gone, each
# option naming its fragment) and for 6.12 and later (bench.config as it
# is), a version before 6.12 without a fragment refused with a clear
# message, a source name debian-X.Y checked the same way, KCONFIG's object-tree
# suffix (by content, none without it), and config-check
# naming the fragment of an option Kconfig dropped. Host only, no kernel.
#   versions-check.sh OUT.tap
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/tap-result.sh
. "$root/tests/tap-result.sh"
tap_scratch versions-check
tap_start "$1" versions
FRAG=$root/kernel/fragments.sh
BENCH=$root/kernel/config/bench.config

# tree NAME VERSION PATCHLEVEL: a stand-in kernel tree, its Makefile only
tree() {
	mkdir -p "$work/$1"
	printf 'VERSION = %s\nPATCHLEVEL = %s\nSUBLEVEL = 0\n' "$2" "$3" > "$work/$1/Makefile"
}
tree v6.1 6 1
tree v6.12 6 12
tree v6.17 6 17
tree v5.10 5 10
mkdir -p "$work/none" && echo 'all:' > "$work/none/Makefile"

# effective TREE: the request kernel/build.sh builds TREE with
# shellcheck disable=SC2046 # the fragments' paths (the repository's, the work dir's) have no blanks
effective() { "$FRAG" list "$work/$1" > "$work/$1.list" && "$FRAG" effective $(cat "$work/$1.list"); }
# value FILE OPTION: the option's line in an effective request
value() { grep "^$2=" "$1" | cut -d= -f2-; }

check version-read "6.1's Makefile read as $("$FRAG" version "$work/v6.1" 2>&1)" \
	test "$("$FRAG" version "$work/v6.1" 2>&1)" = 6.1
effective v6.1 > "$work/e61" 2> "$work/e61.err"
check v61-fragments "6.1 takes bench.config then versions/6.1.config: $(cat "$work/v6.1.list" "$work/e61.err" | tr '\n' ' ')" \
	test "$(sed 's|.*/kernel/config/||' "$work/v6.1.list" | tr '\n' ' ')" = "bench.config versions/6.1.config "
check v61-override "6.1's INET=y overrides bench.config's INET=n: INET=$(value "$work/e61" CONFIG_INET)" \
	test "$(value "$work/e61" CONFIG_INET)" = y
check v61-override-once "CONFIG_INET is requested $(grep -c '^CONFIG_INET=' "$work/e61") times" \
	test "$(grep -c '^CONFIG_INET=' "$work/e61")" = 1
check v61-adds "6.1 asks BASE_FULL, CRYPTO, CRYPTO_SHA256" \
	test "$(value "$work/e61" CONFIG_BASE_FULL)$(value "$work/e61" CONFIG_CRYPTO)$(value "$work/e61" CONFIG_CRYPTO_SHA256)" = yyy
check v61-drops "6.1 still requests $(grep -E '^CONFIG_(BASE_SMALL|MCTP_FLOWS)=' "$work/e61" | tr '\n' ' ')" \
	test -z "$(grep -E '^CONFIG_(BASE_SMALL|MCTP_FLOWS)=' "$work/e61")"
check v61-rest "6.1 lost an option of bench.config it does not override" \
	test "$(value "$work/e61" CONFIG_MCTP_TEST)$(value "$work/e61" CONFIG_DEBUG_INFO_BTF)" = yy
check v61-provenance "INET's line is not preceded by '# from 6.1.config'" \
	test "$(grep -B1 '^CONFIG_INET=' "$work/e61" | head -n 1)" = '# from 6.1.config'
# every drop and override says why: its group of lines follows a comment
# shellcheck disable=SC2016 # awk's own $0
check v61-reasons "a group of lines of versions/6.1.config without its reason above" \
	awk '/^(CONFIG_|drop )/ && (NR == 1 || prev == "") { bad = 1 } { prev = $0 } END { exit bad }' \
	"$root/kernel/config/versions/6.1.config"

grep '^CONFIG_' "$BENCH" > "$work/bench"
effective v6.12 > "$work/e612" 2>&1
check v612-bench-only "6.12's request is not bench.config's" cmp -s "$work/bench" "$(grep -v '^#' "$work/e612" > "$work/e612.c"; echo "$work/e612.c")"
effective v6.17 > "$work/e617" 2>&1
check v617-bench-only "a later tree takes bench.config as it is" cmp -s "$work/e612" "$work/e617"

# refusals: exit non-zero, the message naming what to do
expect_error() {	# NAME WORDS COMMAND...
	n=$1 w=$2; shift 2
	if out=$("$@" 2>&1); then
		result fail "$n" "$* succeeded: $out"
	elif printf '%s' "$out" | grep -q "$w"; then
		result ok "$n"
	else
		result fail "$n" "'$w' not in: $out"
	fi
}
expect_error unknown-version "kernel/config/versions/5.10.config" "$FRAG" list "$work/v5.10"
expect_error no-version "gives no VERSION and PATCHLEVEL" "$FRAG" list "$work/none"
expect_error no-tree "not a kernel tree" "$FRAG" list "$work/nowhere"
expect_error no-fragment "no such fragment" "$FRAG" list "$work/v6.12" "$work/nothing.config"
printf 'drop CONFIG_X CONFIG_Y\n' > "$work/bad.config"
expect_error bad-drop "not \"drop CONFIG_X\"" "$FRAG" effective "$BENCH" "$work/bad.config"
# KCONFIG's builds have object trees of their own: a suffix of its content
printf 'CONFIG_INIT_ON_ALLOC_DEFAULT_ON=y\n' > "$work/user.config"
suffix=$(KCONFIG=$work/user.config "$FRAG" kconfig-suffix 2>&1)
check kconfig-suffix "KCONFIG's object-tree suffix is '$suffix', not -k and 8 hex digits" \
	sh -c "echo '$suffix' | grep -qx -- '-k[0-9a-f]\{8\}'"
check kconfig-suffix-none "without KCONFIG the suffix is '$(KCONFIG='' "$FRAG" kconfig-suffix 2>&1)'" \
	test -z "$(KCONFIG='' "$FRAG" kconfig-suffix 2>&1)"
printf 'CONFIG_INIT_ON_FREE_DEFAULT_ON=y\n' > "$work/other.config"
check kconfig-suffix-by-content "two fragments share the suffix $suffix" \
	test "$(KCONFIG=$work/other.config "$FRAG" kconfig-suffix)" != "$suffix"
expect_error kconfig-suffix-missing "KCONFIG=$work/nothing.config: no such file" \
	env KCONFIG="$work/nothing.config" "$FRAG" kconfig-suffix
expect_error source-unknown-version "Linux 5.10 is not supported" "$root/kernel/source.sh" id debian-5.10
expect_error source-not-a-version "debian-X.Y names linux-source-X.Y" "$root/kernel/source.sh" id debian-six

# config-check: an option of 6.1.config Kconfig did not give is named with
# its fragment; the request as .config passes.
grep '^CONFIG_' "$work/e61" | grep -v '^CONFIG_CRYPTO_SHA256=' | sed 's/^\(CONFIG_[A-Z0-9_]*\)=n$/# \1 is not set/' > "$work/config"
expect_error check-names-fragment "CONFIG_CRYPTO_SHA256=y requested but Kconfig gave not set (6.1.config)" \
	"$root/kernel/config-check.sh" "$work/config" "$work/e61"
grep '^CONFIG_' "$work/e61" | sed 's/^\(CONFIG_[A-Z0-9_]*\)=n$/# \1 is not set/' > "$work/config"
check check-passes "the request itself as .config fails the check" \
	"$root/kernel/config-check.sh" "$work/config" "$work/e61"
tap_finish
