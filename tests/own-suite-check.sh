#!/bin/sh
# make test's harness job "own-suite": a suite of the user's, written from
# nothing in a folder outside the repository (manifest, guest script, a C
# workload and its build.json: docs/suites.md, "A suite of your own"), is
# built, booted on both kernels, measured and reported into its own
# RESULTS_DIR by `make bench SUITE=PATH`; its build outputs go to
# the cache, and this repository (results/, RESULTS.md, build/) and the
# user's folder stay as they were.
#   own-suite-check.sh OUT.tap     (env: PB, MAKE, PB_CACHE)
set -u
PB=${PB:-build/pb} MAKE=${MAKE:-make}
: "${PB_CACHE:?PB_CACHE must be set}"
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/tap-result.sh
. "$root/tests/tap-result.sh"
tap_start "$1" own-suite
work=$(mktemp -d "${TMPDIR:-/tmp}/pb-own-suite.XXXXXX")
trap 'rm -rf "$work"' EXIT
log=$(dirname "$1")/own-suite-bench.log
give_up() { result fail "$1" "$2"; tap_finish; exit 1; }

# The user's suite, from nothing (docs/suites.md's tutorial: 39 lines, blank
# ones not counted): getppid() and a pipe round trip timed in a loop.
suite=$work/mine/syscall-cost
mkdir -p "$suite"
cat > "$suite/suite.json" <<'EOF'
{ "description": "one system call from user space: getppid() and a 1-byte pipe write+read",
  "order": 90, "params": "call = getppid, pipe; iters = 1000",
  "parameters": { "call": ["getppid", "pipe"], "iters": [1000] }, "guest_args": "KERNEL" }
EOF
cat > "$suite/build.json" <<'EOF'
{ "programs": [{ "name": "syscall-cost", "sources": ["syscall-cost.c"] }] }
EOF
cat > "$suite/syscall-cost.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int fds[2];

static double per_call(int use_pipe, long k)
{
	struct timespec a, b;
	char c = 0;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (long i = 0; i < k; i++)
		if (!use_pipe)
			getppid();
		else if (write(fds[1], &c, 1) != 1 || read(fds[0], &c, 1) != 1)
			return -1;
	clock_gettime(CLOCK_MONOTONIC, &b);
	return ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / k;
}

int main(int argc, char **argv)
{
	if (pipe(fds))
		return 1;
	for (int s = 0; s < 5; s++)
		for (int i = 1; i < argc; i++) {
			int p = !strcmp(argv[i], "pipe");
			double one = per_call(p, 1000), two = per_call(p, 2000);

			if (one < 0 || two < 0)
				return 1;
			printf("PB-BENCH suite=syscall-cost call=%s iters=1000 ns=%.2f ns2k=%.2f\n",
			       argv[i], one, two);
		}
	return 0;
}
EOF
cat > "$suite/guest" <<'EOF'
#!/bin/sh
syscall-cost getppid pipe > /results/bench.txt.tmp && mv /results/bench.txt.tmp /results/bench.txt
EOF
chmod +x "$suite/guest"
find "$work/mine" -type f -exec sha256sum {} + | sort > "$work/mine.before"
repo_state() { git -C "$root" status --porcelain -- results RESULTS.md HISTORY.md plots build/initramfs.cpio; }
repo_state > "$work/repo.before"
# the folder under PB_CACHE/own/ this run makes: removed at the end
find "$PB_CACHE/own" -mindepth 1 -maxdepth 1 -type d 2> /dev/null | sort > "$work/own.before"

# A broken copy is refused before anything is built, naming the file and the key.
mkdir -p "$work/broken" && cp -a "$suite" "$work/broken/syscall-cost"
sed -i 's/"sources"/"source"/' "$work/broken/syscall-cost/build.json"
if "$MAKE" --no-print-directory -C "$root" bench SUITE="$work/broken/syscall-cost" > "$work/broken.out" 2>&1; then
	result fail broken-build-refused "make bench took a build.json with 'source'"
else
	check broken-build-refused "said: $(tail -n 2 "$work/broken.out")" grep -qF \
		"$work/broken/syscall-cost/build.json: key 'programs.0.source': unknown" "$work/broken.out"
fi

start=$(date +%s)
if "$MAKE" --no-print-directory -C "$root" bench SUITE="$suite" ROUNDS=1 \
	RESULTS_DIR="$work/results" > "$log" 2>&1; then
	result ok bench-runs
else
	give_up bench-runs "make bench SUITE=$suite failed: $(tail -n 3 "$log" | tr '\n' ' ') (log: $log)"
fi
echo "own-suite: make bench took $(($(date +%s) - start)) s" >&2
result=$(find "$work/results" -name 'syscall-cost*.json' | head -n 1)
check filed-in-results-dir "no result under $work/results" test -n "$result"
[ -n "$result" ] || { tap_finish; exit 1; }
# both points, each with samples of both kernels
for i in 0 1; do
	for k in baseline patched; do
		n=$("$PB" json-get "$result" "points.$i.$k.samples" 2>/dev/null | tr ',' '\n' | grep -c '[0-9]')
		check "point-$i-measured-on-$k" "no samples of $k at point $i in $result" test "${n:-0}" -ge 5
	done
done
# DIRTY=1: a run of this checkout as it stands, committed or not
out=$work/report
if "$MAKE" --no-print-directory -C "$root" report SUITE="$suite" RESULTS_DIR="$work/results" DIRTY=1 \
	REPORT_OUT="$out" PLOT_DATA="$out/data" > "$work/report.out" 2>&1; then
	check reported "no syscall-cost section in $out/RESULTS.md" grep -q '^## syscall-cost' "$out/RESULTS.md"
else
	result fail reported "make report failed: $(tail -n 3 "$work/report.out" | tr '\n' ' ')"
fi
check outputs-in-cache "the suite's program was not built under $PB_CACHE/own/" \
	sh -c "ls '$PB_CACHE'/own/*/guest/syscall-cost > /dev/null 2>&1"
find "$work/mine" -type f -exec sha256sum {} + | sort > "$work/mine.after"
check user-folder-untouched "the suite's folder changed: $(diff "$work/mine.before" "$work/mine.after")" \
	cmp -s "$work/mine.before" "$work/mine.after"
repo_state > "$work/repo.after"
check repository-untouched "results/, RESULTS.md, plots/ or build/initramfs.cpio changed: $(cat "$work/repo.after")" \
	cmp -s "$work/repo.before" "$work/repo.after"
find "$PB_CACHE/own" -mindepth 1 -maxdepth 1 -type d 2> /dev/null | sort | comm -13 "$work/own.before" - | while read -r d; do rm -rf "$d"; done
tap_finish
