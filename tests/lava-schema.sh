#!/bin/sh
# make test-lava-schema: every LAVA job make lava writes (KUnit and every guest test on
# every kernel, every suite round on baseline and patched) passes the job
# schema a LAVA server applies on submission (lava_common.schemas.validate),
# boots what pb vm boots (command line, memory, CPUs, accelerator, timeout),
# carries the metadata, and its monitor turns TAP, exit and PB-BENCH lines
# into the right cases; a broken job is rejected by the same check.
#   lava-schema.sh OUT.tap  (env: PB, PB_CACHE, INITRAMFS, ROUNDS; LAVA_TESTS,
#                            LAVA_SUITES: what make lava must write, by
#                            default every guest test and guest suite;
#                            MAKE; PYTHON: one with Debian's lava-common,
#                            default /usr/bin/python3)
set -u
. tests/tap-result.sh
tap_start "$1" lava-schema
py=${PYTHON:-/usr/bin/python3}
LAVA_TESTS=${LAVA_TESTS-$("${PB:-build/pb}" tests list --stage guest)}
LAVA_SUITES=${LAVA_SUITES-$("${PB:-build/pb}" suites list --guest)}
out=$(dirname "$1")/lava

check prerequisites "lava-common is not installed for $py (make setup)" \
	"$py" -c 'import lava_common.schemas, voluptuous, yaml'
# make lava itself, without TEST= or SUITE=: every guest test and guest suite
if "$MAKE" --no-print-directory lava LAVA_OUT="$out" > "$out.log" 2>&1; then
	result ok generate
else
	result fail generate "make lava failed: $(tail -n 1 "$out.log")"
fi
want=$(( ($(echo "$LAVA_TESTS" | wc -w) + 1) * 3 + $(echo "$LAVA_SUITES" | wc -w) * 2 * ROUNDS ))
got=$(find "$out" -maxdepth 1 -name '*.yaml' | wc -l)
check count "$got jobs, want $want" [ "$got" = "$want" ]
check schema "rejected" "$py" tests/lava-validate.py schema "$out"/*.yaml
check monitors "monitor" "$py" tests/lava-validate.py monitors "$out"/*.yaml
bad=
for vm in "$out"/.dry-run/*.json; do
	name=$(basename "$vm" .json)
	for job in "$out/$name.yaml" "$out/$name"-round*.yaml; do
		[ -f "$job" ] || continue
		"$py" tests/lava-validate.py matches "$job" "$vm" > "$out/matches.out" 2>&1 ||
			bad="$bad $(tail -n 1 "$out/matches.out")"
	done
done
check same-as-pb-vm "${bad:-}" [ -z "$bad" ]
for how in visibility timeout; do
	"$py" tests/lava-validate.py break "$out/patched-mctp-net.yaml" "$out/broken-$how.yaml" "$how"
	if "$py" tests/lava-validate.py schema "$out/broken-$how.yaml" > "$out/broken-$how.out" 2>&1; then
		result fail "rejects-$how" "a job with a broken $how passed the schema check"
	else
		result ok "rejects-$how"
	fi
done
tap_finish
