# shellcheck shell=sh
# What the series' patch files say about themselves (sourced): which are
# the project's own, which upstream topic each belongs in, and checkpatch.
# kernel/tree.sh, kernel/check-series.sh, kernel/upstream.sh and
# tests/upstream-check.sh read the patches through these functions only; each sets here= to
# kernel/ first (series_checkpatch reads kernel/upstream/base-commits).

# The author git gives a project-own patch's commit in a local tree (the
# cache's, make check-series', make upstream's bases): kernel/patches/ names
# no one as the author of the project's own patches, and git am needs one.
series_local_author='patchbench <patchbench@localhost>'

# series_mail PATCH [AUTHOR]: PATCH as git am reads it; one without a From:
# header (a project-own patch) gets AUTHOR's, series_local_author by default.
series_mail() {
	if sed -n '/^$/q; p' "$1" | grep -q '^From: '; then
		cat "$1"
	else
		sed "1a\\
From: ${2:-$series_local_author}" "$1"
	fi
}

# series_subject PATCH: its subject, unwrapped, without "[PATCH n/m]"
series_subject() {
	git mailinfo /dev/null /dev/null < "$1" | sed -n 's/^Subject: //p'
}

# series_message PATCH: its commit message (what precedes the first "---")
series_message() {
	sed -n '/^---$/q; p' "$1"
}

# series_own PATCH: true for a project-own patch. A backport says where it
# comes from in its message: "commit <sha> upstream" (12 to 40 hex digits,
# as the stable tree writes it); a patch without that line is the project's.
series_own() {
	! series_message "$1" | grep -Eq '^commit [0-9a-f]{12,40} upstream'
}

# series_own_patches SERIES_DIR: the project-own patches, in series order
series_own_patches() {
	for sop in "$1"/*.patch; do
		[ -f "$sop" ] || continue
		series_own "$sop" && echo "$sop"
	done
	return 0
}

# series_fixed_by SERIES_DIR PATCH: the first later patch of SERIES_DIR
# whose Fixes: tag names PATCH's upstream commit (a backport's "commit <sha>
# upstream"); nothing, and false, when none does. A step of the series that
# fails a test such a patch fixes is a known failure of upstream's order.
series_fixed_by() {
	sfb_id=$(series_message "$2" | sed -n 's/^commit \([0-9a-f]\{12\}\)[0-9a-f]* upstream.*/\1/p' | head -n 1)
	[ -n "$sfb_id" ] || return 1
	sfb_after=
	for sfb_p in "$1"/*.patch; do
		if [ "$(basename "$sfb_p")" = "$(basename "$2")" ]; then
			sfb_after=1
		elif [ -n "$sfb_after" ] && series_message "$sfb_p" | grep -q "^Fixes: $sfb_id"; then
			echo "$sfb_p"
			return 0
		fi
	done
	return 1
}

# series_files PATCH: the files it touches, one a line
series_files() {
	sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$1"
}

# series_topic PATCH: the upstream series (kernel/upstream/TOPIC.cover) a
# project-own patch belongs in, by its subject prefix and the files it
# touches; the first rule that matches wins. Prints nothing (and fails)
# for a patch no rule covers; "local" for one kernel/upstream/local keeps
# out of every topic.
series_topic() {
	st_subject=$(series_subject "$1")
	# kept out of every topic (kernel/upstream/local says why)
	if grep -v '^#' "${here:?}/upstream/local" 2>/dev/null | grep -qxF "$st_subject"; then
		echo local
		return 0
	fi
	if series_files "$1" | grep -qx 'drivers/net/mctp/mctp-serial.c'; then
		echo mctp-serial
		return 0
	fi
	# a fix of BPF streams, for the bpf tree, not bpf-next's string work
	if series_files "$1" | grep -qx 'kernel/bpf/stream.c'; then
		echo bpf-streams
		return 0
	fi
	case $st_subject in
	"net: mctp-serial:"*) echo mctp-serial ;;
	# the receive path and the tests: fixes, for the net tree
	"net: mctp: test:"* | "net: mctp:"*reassembl*) echo mctp-rx ;;
	# the rest of net/mctp: the route table and the send path
	"net: mctp:"*) echo mctp-route ;;
	"bpf:"*) echo bpf-strings ;;
	"mm:"* | "mm, "*) echo mm ;;
	"crash:"* | "kdump"*) echo crash ;;
	*) return 1 ;;
	esac
}

# series_checkpatch TREE SERIES_DIR PATCH [sendable]: scripts/checkpatch.pl
# --strict of the kernel tree TREE (read only) on PATCH; its findings on
# stdout, false when it has any. A patch of kernel/patches/ has no sign-off
# of the project's own (make upstream adds the sender's): MISSING_SIGN_OFF
# is checked only on a "sendable" one. A Fixes: tag names an upstream commit, which
# this tree holds under another id (the backports are new commits), so
# checkpatch's check that the id exists is replaced by one against the
# series: the id must be one a backport's "commit <sha> upstream" line
# gives, and the subject that backport's, or one kernel/upstream/base-commits
# lists (in the base tree already), with its subject.
series_checkpatch() {
	sc_ok=0
	sc_ignore=UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES
	[ "${4:-}" = sendable ] || sc_ignore=$sc_ignore,MISSING_SIGN_OFF
	sc_patch=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
	# FILE_PATH_CHANGES: a new file under a directory MAINTAINERS covers
	# (net/mctp/, drivers/net/mctp/) needs no MAINTAINERS change; make
	# upstream's get_maintainer.pl names its maintainers.
	(cd "$1" && perl scripts/checkpatch.pl --strict --quiet --no-summary \
		--ignore "$sc_ignore" \
		"$sc_patch") || sc_ok=1
	series_message "$3" | sed -n 's/^Fixes: *//p' | {
		sc_bad=0
		while IFS= read -r sc_fix; do
			sc_id=$(printf '%s\n' "$sc_fix" | sed -n 's/^\([0-9a-f]\{12\}\) ("\(.*\)")$/\1/p')
			sc_want=$(printf '%s\n' "$sc_fix" | sed -n 's/^\([0-9a-f]\{12\}\) ("\(.*\)")$/\2/p')
			if [ -z "$sc_id" ]; then
				echo "Fixes: $sc_fix: not 12 hex digits and (\"subject\")"
				sc_bad=1
				continue
			fi
			sc_found=
			for sc_p in "$2"/*.patch; do
				series_message "$sc_p" | grep -Eq "^commit ${sc_id}[0-9a-f]* upstream" || continue
				sc_found=$(series_subject "$sc_p")
				break
			done
			# or a commit the base tree already has (kernel/upstream/base-commits)
			[ -n "$sc_found" ] || sc_found=$(sed -n "s/^${sc_id}[0-9a-f]* //p" \
				"${here:?}/upstream/base-commits" 2>/dev/null | head -n 1)
			if [ -z "$sc_found" ]; then
				echo "Fixes: $sc_id: no backport in $2 names this upstream commit, nor kernel/upstream/base-commits"
				sc_bad=1
			elif [ "$sc_found" != "$sc_want" ]; then
				echo "Fixes: $sc_id: its subject is \"$sc_found\", not \"$sc_want\""
				sc_bad=1
			fi
		done
		exit $sc_bad
	} || sc_ok=1
	return $sc_ok
}
