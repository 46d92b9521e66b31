#!/bin/sh
# make shell as a person uses it, through tmux: a prompt comes up, uname -r
# names the kernel built, the share reads and writes, poweroff ends the
# guest, and no QEMU of it is left. tmux runs on a server of its own,
# stopped at the end.
#   shell-check.sh OUT.tap   (env: MAKE, KBUILD, OUT: a work directory,
#                             SHELL_WAIT: seconds for the prompt, default 240)
set -u
tap=$1
# shellcheck source=tests/tap-result.sh
. tests/tap-result.sh
tap_start "$tap" shell
rm -rf "$OUT" && mkdir -p "$OUT/share"
OUT=$(cd "$OUT" && pwd)
sock=pb-shell-check-$$
token=share-$$-$(date +%s)
echo "$token" > "$OUT/share/hello.txt"
want_release=$(cat "$KBUILD/patched/include/config/kernel.release" 2>/dev/null)
tmx() { tmux -L "$sock" "$@"; }
screen() { tmx capture-pane -p -J -S -200 -t pb > "$OUT/screen.txt" 2>/dev/null; cat "$OUT/screen.txt"; }
# wait_for SECONDS TEXT: the pane shows TEXT within SECONDS
wait_for() {
	wf_end=$(($(date +%s) + $1))
	while [ "$(date +%s)" -lt "$wf_end" ]; do
		screen | grep -qF -- "$2" && return 0
		sleep 1
	done
	return 1
}
# type_line TEXT: what a person types at the prompt, then Enter
type_line() { tmx send-keys -t pb -l "$1" && tmx send-keys -t pb Enter; }
finish() {
	tmx kill-server 2> /dev/null
	tap_finish
	exit $?
}
trap 'result fail stopped "shell-check.sh was stopped"; finish' TERM INT

command -v tmux > /dev/null || { result fail tmux "no tmux: make setup-test installs it"; finish; }
[ -n "$want_release" ] || { result fail kernel "no patched kernel in $KBUILD (make kernels)"; finish; }
# make's own lines and the guest's console share the pane, as on a terminal
tmx -f /dev/null new-session -d -s pb -x 160 -y 48 \
	"env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS ${MAKE:-make} --no-print-directory shell KERNEL=patched SHARE='$OUT/share'; echo \$? > '$OUT/make.status'" ||
	{ result fail start "tmux could not start make shell"; finish; }
if wait_for "${SHELL_WAIT:-240}" 'pb-guest:'; then
	result ok prompt
else
	result fail prompt "no prompt in ${SHELL_WAIT:-240} s; the screen: $(tail -n 3 "$OUT/screen.txt" | tr '\n' '|')"
	finish
fi
# shellcheck disable=SC2016 # typed into the guest's shell
type_line 'echo "release=$(uname -r)"'
if wait_for 60 "release=$want_release"; then
	result ok uname
else
	result fail uname "uname -r did not print $want_release: $(grep release= "$OUT/screen.txt" | tail -n 1)"
fi
type_line 'cat /share/hello.txt; echo from-guest > /share/back.txt'
if wait_for 60 "$token" && [ "$(sleep 2; cat "$OUT/share/back.txt" 2>/dev/null)" = from-guest ]; then
	result ok share
else
	result fail share "/share did not read $token back or write back.txt"
fi
type_line 'poweroff'
end=$(($(date +%s) + 120))
while [ ! -f "$OUT/make.status" ] && [ "$(date +%s)" -lt "$end" ]; do sleep 1; done
if [ -f "$OUT/make.status" ]; then
	check poweroff "make shell did not end cleanly after poweroff" test "$(cat "$OUT/make.status")" = 0
else
	result fail poweroff "make shell still running 120 s after poweroff"
fi
sleep 1
if pgrep -f -- "qemu-system.*$OUT/share" > "$OUT/left.txt"; then
	result fail nothing-left "QEMU of the guest still running: pid $(tr '\n' ' ' < "$OUT/left.txt")"
	pkill -f -- "qemu-system.*$OUT/share"
else
	result ok nothing-left
fi
finish
