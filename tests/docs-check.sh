#!/bin/sh
# make test-docs: the documentation and the Makefile agree. Every `make
# TARGET` that README.md, docs/*.md or kernel/patches/README.md names in
# code (a `span` or a block) is a target of the Makefile (make's own
# database, printed without building anything), every `pb COMMAND` they
# name is a command of pb (pb help COMMAND's exit status), every make
# VARIABLE= they give make is one the Makefile sets or reads or a script
# its recipes run reads (make exports the command line's), every
# repository path they name exists, and every
# target `make help` names (docs/targets.json, pb targets) is named in them. Then each check is run on a copy with a planted bad name, and must
# fail naming it. Host only.
#   docs-check.sh OUT.tap     (env: PB, MAKE)
set -u
PB=${PB:-build/pb} MAKE=${MAKE:-make}
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
tap_scratch docs-check
tap_start "$1" docs

DOCS="README.md $(ls docs/*.md) kernel/patches/README.md"

# code_of FILE...: "FILE:LINE<tab>TEXT" for each line of Markdown, TEXT
# what of it is code: a fenced or indented block's line whole, else its
# `code spans` (one that runs on to the next line, in two pieces), so that
# prose ("make cloned_frag buffers", a patch's subject) names nothing.
code_of() {
	awk '
	FNR == 1 { fenced = 0; span = 0 }
	/^```/ { fenced = !fenced; next }
	/^[ \t]*$/ { span = 0; next }
	{
		where = FILENAME ":" FNR
		if (fenced || /^(    |\t)/) {
			print where "\t" $0
			next
		}
		n = split($0, piece, "`")
		text = ""
		for (i = 1; i <= n; i++) {
			if (span)
				text = text " ; " piece[i]
			if (i < n)
				span = !span
		}
		if (text != "")
			print where "\t" text
	}' "$@"
}

# named KIND FILE...: "NAME FILE:LINE" for each `make NAME` (KIND make) or
# `pb NAME` (KIND pb) named in the code of these Markdown files (all of a
# file that is not *.md). NAME is the first word after KIND that is not an
# option or a VAR=value, up to the first character that cannot be in a
# name (`make lava`'s -> lava); `make TARGET` (upper case) names nothing.
# "sub-make", "kmake" and "pb.run" are not KIND.
named() {
	kind=$1
	shift
	case $kind in
	make) pre='(^|[^A-Za-z0-9_./-])' ;;
	*) pre='(^|[^A-Za-z0-9_.-])' ;;	# build/pb COMMAND names one too
	esac
	for f in "$@"; do
		case $f in
		*.md) code_of "$f" ;;
		*) awk '{ print FILENAME ":" FNR "\t" $0 }' "$f" ;;
		esac
	done | awk -F '\t' -v kind="$kind" -v pre="$pre" '{
		rest = $2
		while (match(rest, pre kind " +")) {
			rest = substr(rest, RSTART + RLENGTH)
			n = split(rest, word, /[ \t]+/)
			for (i = 1; i <= n; i++)
				if (word[i] !~ /^-/ && word[i] !~ /^[A-Z_][A-Z0-9_]*=/)
					break
			if (i <= n && match(word[i], /^[a-z][a-z0-9-]*/)) {
				name = substr(word[i], 1, RLENGTH)
				sub(/-+$/, "", name)
				print name, $1
			}
		}
	}'
}

# vars FILE...: "VAR FILE:LINE" for each VAR=value a `make` command line
# in the code of these Markdown files gives, up to the command's end
vars() {
	code_of "$@" | awk -F '\t' '{
		rest = $2
		while (match(rest, /(^|[^A-Za-z0-9_.\/-])make +/)) {
			rest = substr(rest, RSTART + RLENGTH)
			n = split(rest, word, /[ \t]+/)
			for (i = 1; i <= n && word[i] !~ /^(;|&&|\|\||\||#|\))/; i++)
				if (match(word[i], /^[A-Z][A-Z0-9_]*=/))
					print substr(word[i], 1, RLENGTH - 1), $1
		}
	}'
}

# Paths under kernel/ that are Linux's, not this repository's (a kernel
# tree's kernel/bpf/helpers.c); one named there that is neither fails.
LINUX_PATHS="kernel/bpf"

# paths FILE...: "PATH FILE:LINE" for each path under one of the
# repository's top folders named in the code of these Markdown files
paths() {
	tops=$(git ls-files | sed -n 's|/.*||p' | LC_ALL=C sort -u | paste -sd'|')
	code_of "$@" | awk -F '\t' -v tops="$tops" '{
		n = split($2, word, /[ \t;,()"'"'"'=<>:]+/)
		for (i = 1; i <= n; i++) {
			w = word[i]
			sub(/^\.\//, "", w)
			sub(/[.]+$/, "", w)
			if (w ~ "^(" tops ")/" && w !~ /^build\//)
				print w, $1
		}
	}'
}

# bad_paths NAMED: each "PATH FILE:LINE" whose PATH does not exist, but
# for a placeholder (NAME, SUITE, X.Y, *) where its folder does, and
# Linux's (LINUX_PATHS)
bad_paths() {
	while read -r path where; do
		for l in $LINUX_PATHS; do
			case $path in "$l" | "$l"/*) continue 2 ;; esac
		done
		have=
		rest=$path
		while [ -n "$rest" ]; do
			part=${rest%%/*}
			[ "$part" != "$rest" ] && rest=${rest#*/} || rest=
			[ -n "$part" ] || continue
			if [ -e "$have$part" ]; then
				have=$have$part/
				continue
			fi
			case $part in
			*[A-Z][A-Z]* | *'*'* | *'{'* | *'$'* | *X.Y*) ;;
			*) echo "$path $where" ;;
			esac
			break
		done
	done < "$1"
}

# The Makefile's targets, from make's database (-p) with a goal that does
# not exist, so that nothing is built or run (-q); variables and pattern
# rules are not targets, nor are files make only considered.
env -i PATH="$PATH" HOME="$HOME" "$MAKE" --no-print-directory -pq -f Makefile .pb-docs-check-no-goal \
	2> /dev/null | awk '/^# Not a target:/ { getline; next }
		/^[a-z][a-z0-9-]*:([^=]|$)/ { sub(/:.*/, ""); print }' | LC_ALL=C sort -u > "$work/targets"

# and the variables it sets
env -i PATH="$PATH" HOME="$HOME" "$MAKE" --no-print-directory -pq -f Makefile .pb-docs-check-no-goal \
	2> /dev/null | awk '/^# makefile/ { getline
		if (match($0, /^(export |override )?[A-Za-z_][A-Za-z0-9_]* *(:|[?]|[+]|::)?=( |$)/)) {
			sub(/^(export |override )/, ""); sub(/[ =:?+].*/, ""); print } }' | LC_ALL=C sort -u > "$work/vars"

# bad_targets NAMED: each "NAME FILE:LINE" of NAMED whose NAME is no target
bad_targets() {
	while read -r name where; do
		grep -qx -- "$name" "$work/targets" || echo "$name $where"
	done < "$1"
}

# reached FILE...: the scripts these files name (executable files git
# tracks), those scripts' scripts and so on, into $work/reached (their
# text into $work/reached.txt): what the Makefile's recipes run, which
# read a make VAR=value from their environment (make exports the command
# line's variables to them)
reached() {
	: > "$work/reached"
	git ls-files > "$work/tracked"
	while [ $# -gt 0 ]; do
		grep -ohE '[a-z][a-z0-9_-]*/[A-Za-z0-9_./-]*[A-Za-z0-9_]' "$@" | LC_ALL=C sort -u > "$work/named"
		set --
		while read -r f; do
			if [ -x "$f" ] && grep -qxF -- "$f" "$work/tracked" && ! grep -qxF -- "$f" "$work/reached"; then
				echo "$f" >> "$work/reached"
				set -- "$@" "$f"
			fi
		done < "$work/named"
	done
	xargs cat < "$work/reached" > "$work/reached.txt"
}

# bad_vars NAMED: each "VAR FILE:LINE" that neither the Makefile sets (its
# database) or reads ($(VAR), it or a makefile it includes) nor a script
# its recipes run (reached) reads ($VAR, ${VAR...})
bad_vars() {
	# shellcheck disable=SC2086 # makefiles: file names without spaces
	while read -r var where; do
		grep -qx -- "$var" "$work/vars" || grep -Eq "[$][({]${var}[):}]" $makefiles ||
			grep -Eq "[$]([{]${var}[}:=?+#%-]|${var}([^A-Za-z0-9_]|\$))" "$work/reached.txt" ||
			echo "$var $where"
	done < "$1"
}

# the makefiles (the Makefile and those it includes) and the scripts they run
makefiles="Makefile $(sed -n 's/^include //p' Makefile)"
# shellcheck disable=SC2086 # file names without spaces
reached $makefiles

# bad_commands NAMED: each "NAME FILE:LINE" whose NAME pb does not know
bad_commands() {
	while read -r name where; do
		"$PB" help "$name" > /dev/null 2>&1 || echo "$name $where"
	done < "$1"
}

# undocumented HELP_NAMED DOCS_NAMED: each target make help names that
# the documentation does not
undocumented() {
	cut -d' ' -f1 "$2" | LC_ALL=C sort -u > "$work/documented"
	cut -d' ' -f1 "$1" | LC_ALL=C sort -u | while read -r name; do
		grep -qx -- "$name" "$work/documented" || echo "$name"
	done
}

# one_each CHECK KIND NAMED: one TAP result per distinct name of NAMED
# (KIND.NAME), failing with where the bad ones are named; $work/bad holds
# what CHECK found.
one_each() {
	"$1" "$3" > "$work/bad"
	cut -d' ' -f1 "$3" | LC_ALL=C sort -u | while read -r name; do
		where=$(awk -v n="$name" '$1 == n { printf "%s%s", sep, $2; sep = ", " }' "$work/bad")
		if [ -z "$where" ]; then
			echo "ok $name"
		else
			echo "fail $name $where"
		fi
	done > "$work/verdicts"
	while read -r verdict name where; do
		if [ "$verdict" = ok ]; then
			result ok "$2.$name"
		else
			result fail "$2.$name" "$4 ($where)"
		fi
	done < "$work/verdicts"
}

if [ ! -s "$work/targets" ]; then
	result fail "(make-database)" "no target found in make -p's database of Makefile"
fi
if ! "$PB" help > /dev/null 2>&1; then
	result fail "(pb)" "$PB help failed: make tools first"
fi

# shellcheck disable=SC2086 # DOCS is a list of file names without spaces
named make $DOCS > "$work/doc-make"
# shellcheck disable=SC2086
named pb $DOCS > "$work/doc-pb"
# shellcheck disable=SC2086
vars $DOCS > "$work/doc-vars"
# shellcheck disable=SC2086
paths $DOCS > "$work/doc-paths"
# The targets make help names are docs/targets.json's (pb targets).
MAKEFLAGS='' MFLAGS='' "$MAKE" --no-print-directory -s help > "$work/help.txt" 2>&1 ||
	result fail "(make-help)" "make help failed: $(tail -n 1 "$work/help.txt")"
"$PB" targets --names docs/targets.json | sed 's|$| docs/targets.json|' > "$work/help-make" ||
	result fail "(targets)" "pb targets --names docs/targets.json failed"
missing=$(cut -d' ' -f1 "$work/help-make" | while read -r name; do
	grep -q "^  make $name " "$work/help.txt" || echo "$name"
done)
check help-lists-targets "make help lacks: $missing" [ -z "$missing" ]

# Too few names would mean the extraction broke, not that the docs agree.
for f in doc-make doc-pb doc-vars doc-paths help-make; do
	check "found.$f" "too few names in $f" [ "$(cut -d' ' -f1 "$work/$f" | sort -u | wc -l)" -ge 5 ]
done

one_each bad_targets make-target "$work/doc-make" "not a target of the Makefile"
one_each bad_commands pb-command "$work/doc-pb" "not a pb command (pb help)"
one_each bad_vars make-variable "$work/doc-vars" "not a variable the Makefile sets or reads"
one_each bad_paths path "$work/doc-paths" "no such file in the repository"
one_each bad_targets help-target "$work/help-make" "make help names a target the Makefile lacks"
undocumented "$work/help-make" "$work/doc-make" > "$work/undocumented"
cut -d' ' -f1 "$work/help-make" | LC_ALL=C sort -u | while read -r name; do
	if grep -qx -- "$name" "$work/undocumented"; then
		echo "fail $name"
	else
		echo "ok $name"
	fi
done > "$work/verdicts"
while read -r verdict name; do
	if [ "$verdict" = ok ]; then
		result ok "help-documented.$name"
	else
		result fail "help-documented.$name" "make help names it; README.md and docs/ do not"
	fi
done < "$work/verdicts"

# The checks must catch a planted mistake: a copy of README.md naming a
# target and a command that do not exist, and the docs without test-docs.
# shellcheck disable=SC2016 # the backquotes are Markdown, planted as text
sed '1a\
Run `make no-such-target`, then `build/pb no-such-command`, `make bench NO_SUCH_VAR=1`, `bench/no-such-file.sh`.' README.md > "$work/planted.md"
named make "$work/planted.md" > "$work/planted-make"
named pb "$work/planted.md" > "$work/planted-pb"
check planted.bad-target "a planted make no-such-target passed" \
	grep -q "^no-such-target $work/planted.md:2\$" "$work/planted-make"
bad_targets "$work/planted-make" > "$work/planted-bad"
check planted.bad-target-fails "make no-such-target was not refused" \
	grep -qx "no-such-target $work/planted.md:2" "$work/planted-bad"
bad_commands "$work/planted-pb" > "$work/planted-bad"
check planted.bad-command-fails "pb no-such-command was not refused" \
	grep -qx "no-such-command $work/planted.md:2" "$work/planted-bad"
vars "$work/planted.md" > "$work/planted-vars"
bad_vars "$work/planted-vars" > "$work/planted-bad"
check planted.bad-variable-fails "make NO_SUCH_VAR=1 was not refused" \
	grep -qx "NO_SUCH_VAR $work/planted.md:2" "$work/planted-bad"
# A variable some script reads is not enough: one that no recipe runs
# (this scratch script) reads it is refused; one that make kcidb's script
# reads (KCIDB_URL, which the Makefile does not name) passes.
# shellcheck disable=SC2016 # the script's text, $ and all
printf '#!/bin/sh\necho "$PB_PLANTED_UNREACHED"\n' > "$work/unreached.sh"
chmod +x "$work/unreached.sh"
# shellcheck disable=SC2016 # the backquotes are Markdown
printf '`make bench PB_PLANTED_UNREACHED=1` (read by %s)\n' "$work/unreached.sh" > "$work/planted-var.md"
vars "$work/planted-var.md" > "$work/planted-vars"
bad_vars "$work/planted-vars" > "$work/planted-bad"
check planted.unreached-variable-fails "a variable only an unreached script reads was not refused" \
	grep -q "^PB_PLANTED_UNREACHED " "$work/planted-bad"
# shellcheck disable=SC2016 # $(KCIDB_URL) is make's, searched as text
if ! grep -q '[$][({]KCIDB_URL[)}]' Makefile; then
	echo '`make kcidb KCIDB_URL=https://example.org`' > "$work/planted-var.md"
	vars "$work/planted-var.md" > "$work/planted-vars"
	bad_vars "$work/planted-vars" > "$work/planted-bad"
	check planted.script-variable-passes "KCIDB_URL, read by bench/kcidb/kcidb.sh, was refused" \
		sh -c "grep -q '^KCIDB_URL ' '$work/planted-vars' && [ ! -s '$work/planted-bad' ]"
fi
paths "$work/planted.md" > "$work/planted-paths"
bad_paths "$work/planted-paths" > "$work/planted-bad"
check planted.bad-path-fails "bench/no-such-file.sh was not refused" \
	grep -qx "bench/no-such-file.sh $work/planted.md:2" "$work/planted-bad"
grep -v '^test-docs ' "$work/doc-make" > "$work/planted-docs"
undocumented "$work/help-make" "$work/planted-docs" > "$work/planted-bad"
check planted.undocumented-fails "docs without make test-docs passed" \
	grep -qx test-docs "$work/planted-bad"

tap_finish
