#!/bin/sh
# make test-suites: a benchmark suite is one folder. A new suite, added to
# suites/ of a copy of the checkout with a planted result and nothing else
# changed, must show in make help, the targets table and its own section of
# make report, its plot in make plots, its guest script in the initramfs
# and its pb vm options; a broken manifest must stop pb suites and make with
# an error naming the file and the key. Suites of the user's (SUITES_DIR,
# SUITE=PATH) add to suites/, are refused before anything is built when
# broken, never write this repository's RESULTS.md, and the initramfs
# follows the content of what goes in, not file dates. Host only: no
# guest, no kernel.
#   suites-check.sh OUT.tap     (env: PB, MAKE)
set -u
PB=${PB:-build/pb} MAKE=${MAKE:-make}
top=$(pwd)
PB=$(cd "$(dirname "$PB")" && pwd)/$(basename "$PB")
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
tap_scratch suites-check
tap_start "$1" suites

has() { case $1 in *"$2"*) return 0 ;; esac; return 1; }
# has_in FILE TEXT: the file holds TEXT (a fixed string)
has_in() { grep -qF -- "$2" "$1"; }

# The checkout as it stands (tracked and new files, built harness kept
# newer than its sources) plus the new suite, as a repository of one
# commit, so the results filed for that commit (pb results path) are the
# ones pb results picks.
repo=$work/repo
mkdir -p "$repo"
git ls-files -c -o --exclude-standard | while read -r f; do [ ! -e "$f" ] || echo "$f"; done |
	cpio -pdm --quiet "$repo"
mkdir -p "$repo/build" && cp -a build/pb build/libpb.a build/obj build/tests "$repo/build/"

# The new suite: suites/planted/, manifest and guest script.
# Its n=1 target's "points" is the old object form, which still selects
# (the committed manifests have filter lists: lib/points.h).
suites=$repo/suites
mkdir -p "$suites/planted"
cat > "$suites/planted/suite.json" <<'EOF'
{
	"description": "a planted suite (tests/suites-check.sh)",
	"order": 15,
	"params": "n = 1, 2, 4",
	"fallback": "tcg",
	"cpus": 1,
	"host_share": true,
	"make": ["history"],
	"plot": {
		"title": "planted cost against n",
		"x": { "param": "n", "label": "n", "log": 2 },
		"panels": [{ "series": [{ "name": "planted", "colour": "line" }] }]
	},
	"targets": [
		{ "title": "planted: every point within 1 % of baseline", "metric": "ratio", "bound": 0.01 },
		{ "title": "planted: n=1 within 1 % of baseline", "metric": "ratio", "bound": 0.01,
		  "points": { "n": 1 }, "order": 5 }
	]
}
EOF
printf '#!/bin/sh\necho "PB-BENCH suite=planted n=1 ns=1 ns2k=1"\n' > "$suites/planted/guest"
chmod +x "$suites/planted/guest"
git -C "$repo" init -q
git -C "$repo" add -A
git -C "$repo" -c user.email=pb@localhost -c user.name=patchbench commit -q -m copy
commit=$(cd "$repo" && "$PB" results run-id)
planted_result=$(cd "$repo" && "$PB" results path planted)

# Its result: n=1 and n=2 unchanged, n=4 10 % slower on the patched kernel.
samples() { # samples N COST: one boot's PB-BENCH lines, six samples within 0.1 %
	for j in 0 1 -1 2 -2 0; do
		awk -v n="$1" -v c="$2" -v j="$j" \
			'BEGIN { printf "PB-BENCH suite=planted iters=100 n=%d ns=%.2f ns2k=%.2f\n", n, c * (1 + j / 2000), c * (1 + j / 2000) }'
	done
}
for boot in 1 2; do
	{ samples 1 100; samples 2 200; samples 4 400; } > "$work/a$boot.txt"
	{ samples 1 100; samples 2 200; samples 4 440; } > "$work/b$boot.txt"
done
mkdir -p "$repo/$(dirname "$planted_result")"
check planted-result "pb bench-collect failed" "$PB" bench-collect --suite planted --unit u \
	--accel icount --meta project_commit="$commit" --out "$repo/$planted_result" \
	baseline="$work/a1.txt" baseline="$work/a2.txt" patched="$work/b1.txt" patched="$work/b2.txt"

# in_repo MAKE-ARGS...: make in the copy with the new suite, output in $work/make.out
in_repo() {
	(cd "$repo" && "$MAKE" --no-print-directory "$@") > "$work/make.out" 2>&1
}

if in_repo help; then
	line=$(grep -F ' planted ' "$work/make.out")
	check help-lists-it "make help has no planted line" has "$line" "a planted suite (tests/suites-check.sh)"
else
	result fail help-lists-it "make help failed: $(tail -n 2 "$work/make.out" | tr '\n' ' ')"
fi
order=$(cd "$repo" && "$PB" suites list | tr '\n' ' ')
check in-order "pb suites list: $order" has "$order" "mctp-route planted mctp-fragment"

out=$work/report
if in_repo report REPORT_OUT="$out" PLOT_DATA="$out/data"; then
	r=$out/RESULTS.md
	first=$(grep -m 1 '^| planted' "$r" || :)
	check report-section "no '## planted'" has_in "$r" "## planted"
	check report-manifest-text "no description and params from the manifest" \
		has_in "$r" "What it measures: a planted suite (tests/suites-check.sh). Parameters: n = 1, 2, 4."
	check report-plot-linked "no link to plots/planted.png" has_in "$r" "![planted](plots/planted.png)"
	check target-met "first target row: $first" has "$first" \
		"| planted: n=1 within 1 % of baseline | 1 of 1 points; highest ratio 1.000 at iters=100 n=1 | met |"
	check target-missed "no missed row for the n=4 point" has_in "$r" \
		"| planted: every point within 1 % of baseline | 2 of 3 points; highest ratio 1.100 at iters=100 n=4 (no profile yet: \`make profile SUITE=planted\`) | **missed** |"
	# the rows by "order": planted's n=1 (5), mctp-route's three (10), planted's own (15), mctp-fragment's (20)
	rows=$(sed -n '/^| target /,/^$/p' "$r" | awk -F ' [|] ' 'NR > 2 && NR < 8 { print substr($1, 3) }' |
		tr '\n' ';')
	route0=$("$PB" suites get mctp-route targets.0.title)
	route1=$("$PB" suites get mctp-route targets.1.title)
	route2=$("$PB" suites get mctp-route targets.2.title)
	check target-order "rows: $rows" [ "$rows" = "planted: n=1 within 1 % of baseline;$route0;$route1;$route2;planted: every point within 1 % of baseline;" ]
else
	result fail report "make report failed: $(tail -n 3 "$work/make.out" | tr '\n' ' ')"
fi

plots=$work/plots
if in_repo plots PLOTS_OUT="$plots" PLOT_DATA="$plots/data"; then
	check plot-drawn "no planted.png" [ -s "$plots/planted.png" ]
	check plot-no-warning "gnuplot: $(cat "$plots/data/planted.err" 2>&1)" [ ! -s "$plots/data/planted.err" ]
	check plot-two-lines "data: $(head -n 1 "$plots/data/planted-1-1.dat")" \
		[ "$(grep -c '^"planted: ' "$plots/data/planted-1-1.dat")" = 2 ]
else
	result fail plots "make plots failed: $(tail -n 3 "$work/make.out" | tr '\n' ' ')"
fi

# The guest script reaches the initramfs as bench-planted; the boots get the manifest's options.
# initramfs [SUITES_DIR]: build $work/initramfs.cpio in the copy; its file list in $work/ir.list
initramfs() {
	mkdir -p "$work/programs"
	(cd "$repo" && SUITES_DIR=${1:-} PB=$PB vm/mkinitramfs.sh "$work/initramfs.cpio" "$work/programs") \
		> "$work/ir.out" 2>&1 && cpio -t --quiet < "$work/initramfs.cpio" > "$work/ir.list"
}
# in_initramfs FILE TEXT: the initramfs's FILE holds TEXT
in_initramfs() {
	(cd "$work" && rm -rf ir && mkdir ir && cd ir && cpio -id --quiet "$1" < ../initramfs.cpio) &&
		grep -qF -- "$2" "$work/ir/$1"
}
if command -v "${PB_BUSYBOX:-/bin/busybox}" > /dev/null; then
	initramfs
	check initramfs "pb/tests/bench-planted not in the initramfs" grep -qx pb/tests/bench-planted "$work/ir.list"
	# a guest script changed but dated before the initramfs is taken (by content, not date)
	printf '#!/bin/sh\necho "PB-BENCH suite=planted n=2 ns=1 ns2k=1"\n' > "$suites/planted/guest"
	touch -d '2001-01-01' "$suites/planted/guest"
	initramfs
	check initramfs-by-content "an older guest script was not taken: $(cat "$work/ir.out")" \
		in_initramfs pb/tests/bench-planted "n=2 ns=1"
	git -C "$repo" checkout -q -- suites/planted/guest
else
	result fail initramfs "no busybox to build an initramfs with (make setup: busybox-static)"
fi
opts=$(cd "$repo" && PB=$PB sh -c '. bench/lib/guest.sh && suite_vm_options planted' | tr '\n' ' ')
check vm-options "suite_vm_options: $opts" [ "$opts" = "--fallback tcg --smp 1 --share /=host " ]
check nothing-else-touched "tracked files changed: $(git -C "$repo" status --porcelain --untracked-files=no)" \
	[ -z "$(git -C "$repo" status --porcelain --untracked-files=no)" ]

# broken NAME 'KEY' EDIT: a suite of the user's, a copy of mctp-route as
# DIR/route-copy, its suite.json edited by the sed script EDIT, must fail pb
# suites list (SUITES_DIR=DIR) and make help (SUITE=DIR/route-copy, before
# anything is built) with an error naming that file and KEY.
broken() {
	b_dir=$work/broken-$1
	rm -rf "$b_dir" && mkdir -p "$b_dir" && cp -a suites/mctp-route "$b_dir/route-copy"
	sed -i "$3" "$b_dir/route-copy/suite.json"
	if SUITES_DIR=$b_dir "$PB" suites list > "$work/pb.out" 2>&1; then
		result fail "rejects-$1" "pb suites list accepted it"
	else
		b_err=$(cat "$work/pb.out")
		check "rejects-$1" "said: $b_err" has "$b_err" "$b_dir/route-copy/suite.json: key $2"
	fi
	if (cd "$repo" && "$MAKE" --no-print-directory SUITE="$b_dir/route-copy" help) > "$work/make.out" 2>&1; then
		result fail "make-rejects-$1" "make help accepted it"
	else
		check "make-rejects-$1" "said: $(tail -n 2 "$work/make.out")" has_in "$work/make.out" \
			"$b_dir/route-copy/suite.json: key $2"
	fi
}
broken missing-key "'description' is missing" '/"description"/d'
broken wrong-type "'order' should be an integer, not a string" 's/"order": 10/"order": "10"/'
broken nested-type "'plot.panels.0.series.1.dash' should be an integer, not a string" \
	's/"lookup=kernel"], "colour": "line", "dash": 2/"lookup=kernel"], "colour": "line", "dash": "2"/'
broken unknown-key "'fallbak' is not a manifest key here" 's/"order": 10,/"order": 10, "fallbak": "tcg",/'
broken bad-cpus "'cpus' should be 1 to 8, not 0" 's/"order": 10,/"order": 10, "cpus": 0,/'
broken bad-value "'targets.0.metric' is 'ratios'" '0,/"metric": "ratio"/s//"metric": "ratios"/'
filters="KEY=VALUE, KEY!=VALUE, KEY>=N, KEY<=N (N an integer) or !KEY (no KEY)"
broken bad-where "'plot.panels.0.series.1.where.1' should be $filters, not 'lookup~kernel'" \
	's/"depth=0", "lookup=kernel"], "colour": "line", "dash": 2/"depth=0", "lookup~kernel"], "colour": "line", "dash": 2/'
broken bad-points "'targets.4.points.0' should be $filters, not 'lookup=>kernel': VALUE starts with an operator" \
	's/"points": \["lookup=kernel"\]/"points": ["lookup=>kernel"]/'
broken bad-bound "'targets.3.points.0' should be $filters, not 'depth>=some'" \
	's/"points": \["!lookup", "!op"\]/"points": ["depth>=some"]/'
broken parameters-not-list "'parameters.iters' should be an array of the values iters takes, not an integer" \
	's/"iters": \[50, 2000\]/"iters": 2000/'
broken parameters-real "'parameters.size.1' should be an integer, a string or null (points without size), not a real number" \
	's/"size": \[1, null\]/"size": [1, 1.5]/'
broken parameters-repeat "'parameters.routes.2' repeats routes.1" \
	's/"routes": \[1, 2, 3,/"routes": [1, 2, 2,/'
broken bad-need "'needs.1' should be KIND:NAME" \
	's/"module:mctp-null"/"mctp-null"/'
broken bad-point-need "'point_needs.0.needs.0' should be KIND:NAME" \
	's/"needs": \["feature:mctp-gateway"\]/"needs": ["gateway:mctp"]/'

# make bench POINTS=: filters of one suite, each on one of its parameters,
# checked when the recipe is expanded (pb suites points), so make -n too.
points_refused() { # points_refused NAME SAID MAKE-ARGS...
	pr_name=$1 pr_said=$2
	shift 2
	if (cd "$repo" && "$MAKE" --no-print-directory -n bench "$@") > "$work/points.out" 2>&1; then
		result fail "points-$pr_name" "make -n bench $* accepted it"
	else
		check "points-$pr_name" "said: $(tail -n 2 "$work/points.out")" has_in "$work/points.out" \
			"$pr_said"
	fi
}
points_refused unknown-key "'bogus=1': mctp-route has no parameter 'bogus'; its parameters: depth, iters, lookup, op, routes, size" \
	SUITE=mctp-route POINTS=bogus=1
points_refused no-point '["routes=65"] select no point of mctp-route' SUITE=mctp-route POINTS='routes=65 !lookup'
points_refused two-suites "make bench: POINTS= picks points of one suite: SUITE=name" \
	SUITE='mctp-route page-pool' POINTS=routes=64
points_refused no-parameters "suite crash-memory lists no \"parameters\"" SUITE=crash-memory POINTS=case=plain

# Suites of the user's add to suites/: SUITES_DIR=DIR lists every built-in
# suite and DIR's; a name of a built-in suite is refused, naming both.
own=$work/own
mkdir -p "$own/mine"
printf '{ "description": "a suite of my own", "order": 99, "params": "none" }\n' > "$own/mine/suite.json"
printf '#!/bin/sh\necho "PB-BENCH suite=mine ns=1 ns2k=2"\n' > "$own/mine/guest"
chmod +x "$own/mine/guest"
builtin=$(cd "$repo" && "$PB" suites list | tr '\n' ' ')
with_own=$(cd "$repo" && SUITES_DIR=$own "$PB" suites list | tr '\n' ' ')
check own-adds-to-suites "built-in: $builtin; with SUITES_DIR: $with_own" [ "$with_own" = "${builtin}mine " ]
mkdir -p "$work/clash" && cp -a suites/page-pool "$work/clash/"
clash=$(cd "$repo" && SUITES_DIR=$work/clash "$PB" suites list 2>&1)
check own-name-clash-refused "said: $clash" has "$clash" "a suite called page-pool is already at suites/page-pool (a built-in suite)"
# make bench SUITE=PATH with a broken manifest: refused before anything is built
printf '{ "description": "broken", "order": "first" }\n' > "$work/clash/page-pool/suite.json"
mv "$work/clash/page-pool" "$work/clash/broken-own"
if (cd "$repo" && "$MAKE" --no-print-directory bench SUITE="$work/clash/broken-own") > "$work/make.out" 2>&1; then
	result fail own-path-refused-first "make bench accepted it"
else
	check own-path-refused-first "said: $(head -n 3 "$work/make.out")" sh -c \
		"grep -qF \"$work/clash/broken-own/suite.json: key 'order'\" '$work/make.out' &&
		 ! grep -q '^build\\|^tree:\\|apt-get' '$work/make.out'"
fi
(cd "$repo" && "$MAKE" --no-print-directory -n bench SUITE="$work/nowhere/x") > "$work/make.out" 2>&1
check own-path-missing-refused "said: $(tail -n 1 "$work/make.out")" has_in "$work/make.out" \
	"SUITE=$work/nowhere/x: no suite there"
# their results never make this repository's RESULTS.md
before=$(git -C "$repo" status --porcelain)
in_repo report SUITES_DIR="$own"
check own-report-elsewhere "make report with SUITES_DIR: $(tail -n 1 "$work/make.out")" sh -c \
	"grep -qF 'is not this repository'\''s results: give REPORT_OUT=DIR' '$work/make.out' &&
	 [ \"\$(git -C '$repo' status --porcelain)\" = '$before' ]"
if command -v "${PB_BUSYBOX:-/bin/busybox}" > /dev/null; then
	initramfs "$own"
	check own-in-initramfs "no pb/tests/bench-mine" grep -qx pb/tests/bench-mine "$work/ir.list"
	initramfs
	check own-gone-from-initramfs "bench-mine stayed after SUITES_DIR was dropped" \
		sh -c "! grep -qx pb/tests/bench-mine '$work/ir.list' && grep -qx pb/tests/bench-planted '$work/ir.list'"
fi

# No suite, component, guest test, program or module is named in the
# rules of the Makefile or of a makefile of the tree (their comments and
# help text may): the build lists the folders.
named=$(cd "$top" && "$PB" build names | sort -u | while read -r n; do
	git ls-files Makefile '*.mk' | xargs cat |
		grep -v '^[[:space:]]*#\|^[[:space:]]*@echo' | grep -qw -- "$n" && echo "$n"
done)
check makefile-names-none "the makefiles' rules name: $(echo "$named" | tr '\n' ' ')" [ -z "$named" ]

cd "$top" && tap_finish
