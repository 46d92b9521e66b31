#!/bin/sh
# make bisect's report on the first bad commit (bench/bisect/bisect-range.sh),
# as an mbox a maintainer can be sent: the commit; for a cost the followed
# points' figures of GOOD, BAD, the commit and its parent with intervals,
# for a test the cases that fail and the console's last lines; the
# machine, guest, compiler and config, the commands that reproduce it, and
# the addressees the tree's own scripts/get_maintainer.pl names (run read
# only on the commit's diff; left out, said so, when the tree has none).
#   bisect-report.sh PATH FIRST PARENT GOOD BAD WHAT OUT COMMAND
#     (env: PB, PB_BISECT_RUNS: the commits' results, PB_BISECT_RANGE: the
#      range's verdicts and followed.json, PB_BISECT_MODE: cost (WHAT the
#      suite) or test (WHAT the TEST= patterns), PB_BISECT_JOBS: a test's
#      jobs on the kernel "step")
# FIRST is a commit, or "worktree" (PATH's uncommitted changes); the others
# are commits with results in PB_BISECT_RUNS. Writes OUT/report.mbox.
set -eu
path=$1 first=$2 parent=$3 good=$4 bad=$5 what=$6 out=$7 again=$8
runs=${PB_BISECT_RUNS:?} range=${PB_BISECT_RANGE:?} mode=${PB_BISECT_MODE:-cost}
GIT="git --no-optional-locks -C $path"
fol=$range/followed.json

num() { awk -v x="$1" -v f="$2" 'BEGIN { printf f, x }'; }
if [ "$first" = worktree ]; then
	id="(uncommitted changes on $($GIT rev-parse HEAD))" subj="the working tree's uncommitted changes"
	author="$(git config user.name 2>/dev/null || echo unknown) (not committed)"
	date=$(date -u '+%a, %d %b %Y %H:%M:%S +0000')
	diff() { $GIT diff HEAD; }
else
	id=$first subj=$($GIT log -1 --format=%s "$first")
	author=$($GIT log -1 --format='%an <%ae>' "$first")
	date=$($GIT log -1 --format=%aD "$first")
	diff() { $GIT show --format= "$first"; }
fi

# cost_figures: the change between PARENT and FIRST, point by point (pb
# compare's JSON), with the ends': sets figures and headline
cost_figures() {
	cmp=$range/report-compare.json
	rc=0
	"$PB" compare --json --save "$cmp" "$runs/$parent.json:step" "$runs/$first.json:step" > /dev/null || rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 3 ] || { echo "bisect-report: pb compare of $parent and $first failed" >&2; exit 1; }
	unit=$("$PB" json-get "$fol" unit)
	i=0
	while t=$("$PB" json-get "$fol" "followed.$i.text" 2>/dev/null); do
		g=$("$PB" json-get "$fol" "followed.$i.good") b=$("$PB" json-get "$fol" "followed.$i.bad")
		glo=$("$PB" json-get "$fol" "followed.$i.lo") ghi=$("$PB" json-get "$fol" "followed.$i.hi")
		gr=$("$PB" json-get "$fol" "followed.$i.ratio")
		j=$(index_of "$i")
		figures="$figures
  $t
    GOOD    $(num "$g" %.1f)
    BAD     $(num "$b" %.1f)   BAD/GOOD $(num "$gr" %.3f)x (95 % $(num "$glo" %.3f)-$(num "$ghi" %.3f))"
		if [ -n "$j" ]; then
			pm=$("$PB" json-get "$cmp" "points.$j.a_median") cm=$("$PB" json-get "$cmp" "points.$j.b_median")
			r=$("$PB" json-get "$cmp" "points.$j.ratio")
			lo=$("$PB" json-get "$cmp" "points.$j.lo") hi=$("$PB" json-get "$cmp" "points.$j.hi")
			figures="$figures
    parent  $(num "$pm" %.1f)   ($parent)
    commit  $(num "$cm" %.1f)   commit/parent $(num "$r" %.3f)x (95 % $(num "$lo" %.3f)-$(num "$hi" %.3f)), verdict $("$PB" json-get "$cmp" "points.$j.verdict")"
			[ -n "$headline" ] ||
				headline="$(awk -v r="$r" 'BEGIN { d = (r - 1) * 100; printf "%.1f %% %s", d < 0 ? -d : d, d < 0 ? "fewer" : "more" }') $(echo "$unit" | sed 's/ (.*//') on $what $t"
		fi
		i=$((i + 1))
	done
	[ -n "$headline" ] || headline="moves $what"
	figures="Figures: $unit per operation, medians; intervals are the 95 % bootstrap
interval of the ratio (pb compare; under icount widened to the ratios
between boots). GOOD $good, BAD $bad:$figures

The followed points along the bisected commits: bisect.png and bisect.md
beside this report."
}
# index_of I: followed point I's index in the comparison, or nothing
index_of() {
	want=$("$PB" json-get "$fol" "followed.$1.params")
	j=0
	while p=$("$PB" json-get "$cmp" "points.$j.params" 2>/dev/null); do
		[ "$p" != "$want" ] || { echo "$j"; return 0; }
		j=$((j + 1))
	done
}

# test_figures: FIRST's failures (passing at PARENT): sets figures and headline
test_figures() {
	v=$range/$first.verdict.json
	[ -f "$v" ] || v=$runs/$first.json
	name() { echo "$1" | sed 's/^\([a-z]*\)\.step\./\1 /'; }
	i=0
	while p=$("$PB" json-get "$v" "failures.$i.path" 2>/dev/null); do
		w=$("$PB" json-get "$v" "failures.$i.why" 2>/dev/null || true)
		figures="$figures
  $(name "$p")${w:+: $w}"
		[ -n "$headline" ] || headline="$(name "$p") fails"
		i=$((i + 1))
	done
	[ "$i" -le 1 ] || headline="$headline (and $((i - 1)) more)"
	figures="TEST=$what (jobs: ${PB_BISECT_JOBS:-}), $("$PB" json-get "$v" failed) of $(( $("$PB" json-get "$v" failed) +
		$("$PB" json-get "$v" passed) )) results failing at the commit; at its parent ($parent)
$("$PB" json-get "$runs/$parent.json" passed) passed, $("$PB" json-get "$runs/$parent.json" failed) failed. The failures:$figures"
}

figures='' headline=''
if [ "$mode" = test ]; then test_figures; else cost_figures; fi

# addressees: the tree's own get_maintainer.pl, read only
to='' cc='' note=''
if [ -f "$path/scripts/get_maintainer.pl" ] && [ -f "$path/MAINTAINERS" ]; then
	names=$(diff | (cd "$path" && GIT_OPTIONAL_LOCKS=0 perl scripts/get_maintainer.pl --no-git \
		--no-git-fallback --no-rolestats --no-tree 2>/dev/null) || true)
	to=$(echo "$names" | grep '<' | paste -sd, - | sed 's/,/, /g' || true)
	cc=$(echo "$names" | grep -v '<' | grep . | paste -sd, - | sed 's/,/, /g' || true)
	[ -n "$names" ] || note="scripts/get_maintainer.pl named nobody for this change"
else
	note="$path has no scripts/get_maintainer.pl and MAINTAINERS: no addressees"
fi

meta() { "$PB" json-get "$runs/$first.json" "meta.$1" 2>/dev/null || echo "not recorded"; }
guest() {
	if [ "$mode" = test ]; then
		echo "guest: each job's (tests/job-run.sh, as make run boots it), accel $(meta accel) ($(meta qemu));"
	else
		echo "guest: $(meta guest_cpu), $(meta guest_smp) vCPUs,
$(meta guest_mem_mb) MiB, accel $(meta accel) ($(meta qemu));"
	fi
}
# reproduce: the commands that show it on the commit alone
reproduce() {
	echo "  $again"
	[ "$first" != worktree ] || return 0
	if [ "$mode" = test ]; then
		sel="TEST='$(echo "${PB_BISECT_JOBS:-}" | sed 's#/step#/patched#g')'"
		[ -z "${KUNIT:-}" ] || sel="$sel KUNIT='$KUNIT'"
		echo "  make run $sel PATCHED=$path@$first    (fails)"
		echo "  make run $sel PATCHED=$path@$parent    (passes)"
	else
		echo "  make bench BASELINE=$path@$parent PATCHED=$path@$first SUITE=$what$(
			p=$("$PB" json-get "$fol" filter); [ -z "$p" ] || echo " POINTS=$p")"
	fi
}
mkdir -p "$out"
{
	echo "From $(echo "$id" | cut -c1-40) Mon Sep 17 00:00:00 2001"
	echo "From: patchbench <patchbench@localhost>"
	[ -z "$to" ] || echo "To: $to"
	[ -z "$cc" ] || echo "Cc: $cc"
	echo "Date: $(date -u '+%a, %d %b %Y %H:%M:%S +0000')"
	echo "Subject: [patchbench] $subj: $headline"
	echo
	if [ "$mode" = test ]; then
		echo "make bisect found the first commit of the range where TEST=$what fails:"
	else
		echo "make bisect found the first commit of the range that moves $what:"
	fi
	echo
	echo "  commit $id"
	echo "  Author: $author"
	echo "  Date:   $date"
	echo
	echo "      $subj"
	echo
	echo "  $($GIT diff --stat "$parent" "$([ "$first" = worktree ] && echo HEAD || echo "$first")" | tail -n 1)"
	echo
	echo "$figures"
	echo
	echo "Machine: $(meta host_cpu), $(nproc) CPUs; $(guest)"
	echo "compiler: $(gcc --version | head -n 1); config: patchbench's bench.config (hash $(meta config_hash))${KCONFIG:+ + $KCONFIG}."
	echo
	echo "To reproduce, from a patchbench checkout ($(git rev-parse --short HEAD 2>/dev/null || echo unknown)):"
	echo
	reproduce
	echo
	[ -z "$note" ] || { echo "($note.)"; echo; }
	echo "The bisection's steps (git bisect replay takes them):"
	echo
	sed 's/^/  /' "$out/bisect-log.txt"
	echo
	if [ "$mode" = test ]; then
		echo "The console's last lines at the commit:"
		echo
		sed 's/^/  /' "$runs/$first.log" 2>/dev/null || echo "  (no console log kept)"
	else
		echo "pb compare of the commit against its parent:"
		echo
		"$PB" compare "$runs/$parent.json:step" "$runs/$first.json:step" 2>/dev/null | sed 's/^/  /' || true
	fi
} > "$out/report.mbox.tmp"
mv "$out/report.mbox.tmp" "$out/report.mbox"
