#!/bin/sh
# make test-unit: run each cmocka unit test, its TAP into OUTDIR/unit-NAME.tap
# (make test's tally reads them); a failing one is named here and the rest run.
#   unit-run.sh OUTDIR TEST...
out=$1
shift
for t in "$@"; do
	CMOCKA_MESSAGE_OUTPUT=TAP "$t" > "$out/unit-${t##*/}.tap" 2>&1 ||
		echo "unit: ${t##*/} failed (see $out/unit-${t##*/}.tap)"
done
exit 0
