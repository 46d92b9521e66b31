#!/bin/sh
# make history SUITE=name [FROM=rev] [TO=rev]: every point of the suite at
# every project commit from FROM to TO (default: all, HEAD) that has results
# for it (pb results all), oldest first: the Markdown table (printed, and
# kept in DATA/history-SUITE.md) and OUT/history-SUITE.png.
#   history.sh SUITE FROM TO OUT DATA     (env: PB, RESULTS_DIR)
set -eu
suite=$1 from=$2 to=$3 out=$4 data=$5
PB=${PB:-build/pb}
. bench/lib/gnuplot.sh
case $suite in
"" | *" "*) echo "make history: SUITE= one suite" >&2; exit 2 ;;
esac
files=$("$PB" results all ${from:+--from "$from"} ${to:+--to "$to"} "$suite") || exit 1
[ -n "$files" ] || { echo "history: no results of $suite${from:+ from $from}${to:+ to $to}" >&2; exit 1; }
mkdir -p "$out" "$data"
# shellcheck disable=SC2086 # one path a line, no spaces
history_draw "$suite" "$out" "$data" $files
echo "## $suite: history"
echo
cat "$data/history-$suite.md"
echo "history: $data/history-$suite.md $out/history-$suite.png"
