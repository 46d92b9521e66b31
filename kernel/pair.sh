#!/bin/sh
# The two kernels of a comparison the user chose (make bench BASELINE=
# PATCHED=, docs/kernels.md "Your own kernel"), as a directory of builds
# the harness boots: $PB_CACHE/pairs/ID/{baseline,patched[,debug]} link
# kernel/build.sh's object trees, and ID/pair.txt says what they are
# (bench/collect/meta.sh records it in every result).
#
#   pair.sh id BASELINE PATCHED      the pair's id; reads only
#   pair.sh build BASELINE PATCHED [debug]
#                                    both sources prepared and built side by
#                                    side (debug: the patched source's sanitizer
#                                    kernel too), then linked
#
# (env: PB_CACHE, SERIES, KCONFIG, KERNEL_JOBS, DRY_RUN)
# The id covers both sources' ids (a git tree id, or Debian's version and a
# series hash) and the config fragments (KCONFIG's included); the harness
# commit is the run id results are filed under (bench/lib/layout.h).
set -eu

: "${PB_CACHE:?PB_CACHE must be set}"
here=$(cd "$(dirname "$0")" && pwd)

die() { echo "pair: error: $*" >&2; exit 1; }

# bench.config, the Linux versions' fragments (kernel/fragments.sh: which one
# a source takes is known only once it is extracted) and KCONFIG
config_hash() {
	set -- "$here/config/bench.config" "$here"/config/versions/*.config
	if [ -n "${KCONFIG:-}" ]; then
		[ -f "$KCONFIG" ] || die "KCONFIG=$KCONFIG: no such file"
		set -- "$@" "$KCONFIG"
	fi
	cat "$@" | sha256sum | cut -c1-16
}

pair_id() {
	a=$("$here/source.sh" id "$1") || exit 1
	b=$("$here/source.sh" id "$2") || exit 1
	c=$(config_hash)
	id=$(printf '%s\n' "$a" "$b" "$c" | sha256sum | cut -c1-16)
}

debug_of() {
	case $1 in
	patched) echo debug ;;
	*) echo "$1-debug" ;;
	esac
}

build() {
	pair_id "$1" "$2"
	set -- "$1" "$2" "${3:-}"
	va=$("$here/source.sh" prepare "$1") || exit 1
	vb=$("$here/source.sh" prepare "$2") || exit 1
	ka=${va%% *} kb=${vb%% *}
	kernels="$ka $kb"
	[ -z "$3" ] || kernels="$kernels $(debug_of "$kb")"
	echo "pair: $id: baseline = $1 ($ka), patched = $2 ($kb)"
	# shellcheck disable=SC2086 # variant names are words
	make --no-print-directory -f "$here/kernels.mk" -j"${KERNEL_JOBS:-$(($(nproc) + 1))}" $kernels
	${DRY_RUN:-} mkdir -p "$PB_CACHE/pairs/$id"
	kc=$("$here/fragments.sh" kconfig-suffix) || exit 1
	link() { ${DRY_RUN:-} ln -sfn "$(readlink -f "$PB_CACHE/build/$1$kc")" "$PB_CACHE/pairs/$id/$2"; }
	link "$ka" baseline
	link "$kb" patched
	[ -z "$3" ] || link "$(debug_of "$kb")" debug
	[ -z "${DRY_RUN:-}" ] || return 0
	{
		echo "pair=$id"
		echo "baseline_source=${va#* }"
		echo "patched_source=${vb#* }"
		echo "baseline_spec=$1"
		echo "patched_spec=$2"
		echo "kernel_config_hash=$(config_hash)"
		echo "kconfig=${KCONFIG:-none}"
	} > "$PB_CACHE/pairs/$id/pair.txt.tmp"
	mv "$PB_CACHE/pairs/$id/pair.txt.tmp" "$PB_CACHE/pairs/$id/pair.txt"
}

case ${1:-} in
id) pair_id "${2?usage: pair.sh id BASELINE PATCHED}" "${3?usage: pair.sh id BASELINE PATCHED}"; echo "$id" ;;
build) build "${2?usage: pair.sh build BASELINE PATCHED [debug]}" \
	"${3?usage: pair.sh build BASELINE PATCHED [debug]}" "${4:-}" ;;
*) echo "usage: pair.sh id BASELINE PATCHED | build BASELINE PATCHED [debug]" >&2; exit 2 ;;
esac
