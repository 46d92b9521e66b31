#!/bin/sh
# Suites of the user's (docs/suites.md, "A suite of your own") as make reads
# them when it parses the Makefile: each SUITE= that is a path must be a
# folder with its suite.json, and once pb is built their manifests and
# SUITES_DIR's must read (pb suites list). Prints suite=NAME for each SUITE
# (a path's folder name), paths=PATH:... (the paths, absolute),
# units=PB_CACHE/own/HASH, the cache folder the builds of this set of
# folders go to, and results=RESULTS_DIR (default PB_CACHE/results/own-HASH),
# never this repository's results/. A failure's message is on stdout, for
# make to stop with.
#   own-suites.sh SUITE...     (env: SUITES_DIR, PB, PB_CACHE, RESULTS_DIR)
set -eu
: "${PB_CACHE:?PB_CACHE must be set}"
# make's $(abspath): absolute, without . or .., symbolic links kept
abspath() { realpath -m -s -- "$1"; }
names='' paths=''
for s in "$@"; do
	case $s in
	*/*)
		p=$(abspath "$s")
		[ -f "$p/suite.json" ] || {
			echo "SUITE=$p: no suite there (a suite is a folder with its suite.json; docs/suites.md)"
			exit 1
		}
		paths="$paths${paths:+ }$p" names="$names suite=${p##*/}"
		;;
	*) names="$names suite=$s" ;;
	esac
done
dirs=''
for d in $(printf '%s' "${SUITES_DIR:-}" | tr : ' '); do
	dirs="$dirs${dirs:+ }$(abspath "$d")"
done
joined=$(printf '%s' "$paths" | tr ' ' :)
if [ -e "${PB:-build/pb}" ]; then
	SUITES_DIR=${SUITES_DIR:-} PB_SUITE_PATHS=$joined "${PB:-build/pb}" suites list > /dev/null
fi
hash=$(printf '%s %s' "$dirs" "$paths" | sha256sum | cut -c1-12)
results=${RESULTS_DIR:-$PB_CACHE/results/own-$hash}
[ "$(abspath "$results")" != "$(pwd -P)/results" ] || {
	echo "RESULTS_DIR=$results is this repository's results/: suites of your own file elsewhere"
	exit 1
}
echo "paths=$joined units=$PB_CACHE/own/$hash results=$results$names"
