#!/bin/sh
# make test-kcidb: make kcidb's export (bench/kcidb/kcidb.sh) of the committed
# results and of planted TAP files (tests/fixtures/kcidb/test/, shaped like
# build/test/) is a valid KCIDB v5.3 document, holds one test per TAP result
# and per benchmark point and kernel, hashes the patch set as KCIDB defines
# it, maps statuses, and a broken document is rejected by the same check.
#   kcidb.sh OUT.tap    (env: PB; PYTHON: an interpreter with Debian's
#                        python3-jsonschema, default /usr/bin/python3)
set -u
. tests/tap-result.sh
tap_start "$1" kcidb
py=${PYTHON:-/usr/bin/python3}
work=$(dirname "$1")/kcidb
fixtures=tests/fixtures/kcidb/test
schema=bench/kcidb/kcidb-schema-v5.3.json
doc=$work/kcidb.json
rm -rf "$work" && mkdir -p "$work/cache"

check prerequisites "python3-jsonschema is not installed for $py (make setup)" \
	"$py" -c 'import jsonschema, rfc3987'
# An empty PB_CACHE: the TAP files then belong to the results' kernels.
if PB=$PB PB_CACHE=$work/cache bench/kcidb/kcidb.sh "$doc" "$fixtures" > "$work/export.out" 2>&1; then
	result ok export
else
	result fail export "bench/kcidb/kcidb.sh failed: $(tail -n 1 "$work/export.out")"
fi
check schema "not a valid KCIDB document" "$py" tests/kcidb-validate.py "$schema" "$doc"
# the oracle reads the results the export is of: each suite's newest (pb results)
# shellcheck disable=SC2046 # paths: words
set -- $("$PB" kcidb --newest 2> /dev/null)
check counts "counts differ" "$py" tests/kcidb-checks.py counts "$doc" "$fixtures" "$@"
check patchset-hash "patch set" "$py" tests/kcidb-checks.py patchset "$doc" "$@"
check statuses "statuses" "$py" tests/kcidb-checks.py statuses "$doc"
for how in prefix status origin; do
	if ! "$py" tests/kcidb-checks.py break "$doc" "$work/broken-$how.json" "$how"; then
		result fail "rejects-$how" "could not write the broken document"
	elif "$py" tests/kcidb-validate.py "$schema" "$work/broken-$how.json" > "$work/broken-$how.out" 2>&1; then
		result fail "rejects-$how" "a document with a broken $how was accepted"
	else
		check "rejects-$how" "the check failed for another reason than the $how" \
			grep -q "invalid: " "$work/broken-$how.out"
	fi
done
"$PB" kcidb --out "$work/x.json" > /dev/null 2>&1
rc=$?
check usage "pb kcidb without --url-base exited $rc, want 2" [ "$rc" = 2 ]
tap_finish
