#!/bin/sh
# What an artefact under profiles/SUITE/ was made for, next to it, so that
# RESULTS.md can tell whether it is of the series its suite's results are
# of (bench/report/report_evidence.c reads it):
#   made_for.sh OUT.json TOOL RUN      (env: PB, PB_CACHE)
# writes {"tool", "run", "series", "baseline_kernel", "patched_kernel",
# "date"} atomically. RUN is the run id taken when the tool started (pb
# results run-id); the series and kernels are those of $PB_CACHE, the trees
# the tool's guests booted, as bench/collect/meta.sh records them.
set -eu
out=$1 tool=$2 run=$3
PB=${PB:-build/pb}
# shellcheck source=bench/collect/kernel_id.sh
. "$(dirname "$0")/kernel_id.sh"
series=$(series_id patched) baseline=$(kernel_id src baseline) patched=$(kernel_id src-patched patched)
# the values go into JSON strings as they are: only what ids are made of
for v in "$tool" "$run" "$series" "$baseline" "$patched"; do
	case $v in
	'' | *[!A-Za-z0-9._\ -]*)
		echo "made_for.sh: '$v' is not an id (letters, digits, '.', '_', '-', spaces)" >&2
		exit 1 ;;
	esac
done
printf '{\n  "tool": "%s",\n  "run": "%s",\n  "series": "%s",\n  "baseline_kernel": "%s",\n  "patched_kernel": "%s",\n  "date": "%s"\n}\n' \
	"$tool" "$run" "$series" "$baseline" "$patched" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" > "$out.tmp.$$"
"$PB" json-get "$out.tmp.$$" run series > /dev/null || { rm -f "$out.tmp.$$"; exit 1; }
mv -f "$out.tmp.$$" "$out"
