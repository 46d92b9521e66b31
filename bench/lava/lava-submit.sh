#!/bin/sh
# make lava-submit: submit LAVA jobs (make lava's) through lavacli to a LAVA
# server, make lava-lab's by default, and record their ids for make
# lava-collect.
#   lava-submit.sh OUTDIR IDENTITY LAB_DIR JOB.yaml...
# IDENTITY: a lavacli identity (~/.config/lavacli.yaml), or pb-lab, the lab
# in LAB_DIR. Writes OUTDIR/jobs, "NAME ID" a line, and OUTDIR/server
# (identity, lab directory). Exit 1 when a submission fails.
set -eu
. bench/lava/lava-lib.sh
[ $# -ge 3 ] || { echo "usage: lava-submit.sh OUTDIR IDENTITY LAB_DIR JOB.yaml..." >&2; exit 2; }
[ $# -ge 4 ] || { echo "lava-submit: no jobs (make lava writes them, LAVA_JOBS= names some)" >&2; exit 1; }
out=$1 identity=$2 lab=$3
shift 3
command -v lavacli > /dev/null || { echo "lava-submit: lavacli is not installed" >&2; exit 1; }
version=$(lava_cli "$identity" "$lab" lavacli system version) ||
	{ echo "lava-submit: the server of identity $identity does not answer" >&2; exit 1; }
if [ "$identity" != pb-lab ] && grep -l 'url: "file://' "$@" > /dev/null; then
	echo "lava-submit: warning: jobs fetch artefacts from file:// URLs, which a lab" \
		"reaches only on this machine's file system (make lava LAVA_ARTEFACT_URL=...)" >&2
fi
rm -rf "$out" && mkdir -p "$out"
printf 'identity=%s\nlab=%s\n' "$identity" "$lab" > "$out/server"
for job in "$@"; do
	name=$(basename "$job" .yaml)
	id=$(lava_cli "$identity" "$lab" lavacli jobs submit "$job") ||
		{ echo "lava-submit: $name: the server refused it" >&2; exit 1; }
	echo "$name $id" >> "$out/jobs.tmp"
	echo "lava-submit: $name: job $id on LAVA $version ($identity)"
done
mv "$out/jobs.tmp" "$out/jobs"
