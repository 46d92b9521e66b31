#!/bin/sh
# Which results of results/ a suite's report, plots and history use, chosen
# by the project's history and never by file time (a fresh clone gives every
# file the checkout's time).
#   results-of.sh SUITE                    the newest result of SUITE: the one
#                                          of the nearest commit, HEAD first
#   results-of.sh --all SUITE [FROM [TO]]  every result of SUITE on the
#                                          commits FROM (default: the first)
#                                          to TO (default: HEAD), oldest first
# Results live in results/<commit12>/SUITE.json; a <commit12>-dirty directory
# was recorded on uncommitted changes over that commit, so it is only taken
# for HEAD (the checkout it can belong to), as newer than HEAD's own.
# Prints paths, one a line; nothing when there is none.
set -eu
usage() { echo "usage: results-of.sh [--all] SUITE [FROM [TO]]" >&2; exit 2; }
all=
[ "${1:-}" = --all ] && { all=1; shift; }
[ $# -ge 1 ] || usage
suite=$1 from=${2:-} to=${3:-HEAD}
[ -z "$all" ] && [ $# -gt 1 ] && usage
[ $# -le 3 ] || usage

commit_of() { # rev -> full hash, or an error naming the rev
	git rev-parse --verify --quiet "$1^{commit}" || {
		echo "results-of.sh: '$1' is not a commit of this repository" >&2; exit 1; }
}
to=$(commit_of "$to")
head=$(git rev-parse HEAD)
if [ -n "$from" ]; then
	git merge-base --is-ancestor "$(commit_of "$from")" "$to" ||
		{ echo "results-of.sh: $from is not an ancestor of ${3:-HEAD}" >&2; exit 1; }
	from=$(commit_of "$from")
	# FROM itself and what follows it, up to TO
	set -- "$to" --not "$from^@"
else
	set -- "$to"
fi

# newest first: HEAD's uncommitted results, then each commit's
{
	[ "$to" = "$head" ] && echo "$(echo "$head" | cut -c1-12)-dirty"
	git rev-list --topo-order "$@" | cut -c1-12
} | while read -r dir; do
	f=results/$dir/$suite.json
	[ -f "$f" ] || continue
	echo "$f"
	[ -n "$all" ] || break
done | { if [ -n "$all" ]; then tac; else cat; fi; }
