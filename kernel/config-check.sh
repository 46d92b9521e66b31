#!/bin/sh
# Verify that every option requested by the fragments survived olddefconfig.
#   config-check.sh .config FRAGMENT...   (env PB_SRCTREE: the source, to tell
#   an option the tree does not know from one its Kconfig turned off)
set -eu
config=$1; shift
for frag in "$@"; do
	grep -E '^CONFIG_[A-Za-z0-9_]+=' "$frag" | while IFS='=' read -r opt val; do
		if [ "$val" = n ]; then
			if grep -q "^$opt=" "$config"; then
				echo "config: $opt requested off but is $(grep "^$opt=" "$config" | cut -d= -f2) ($(basename "$frag"))"
			fi
		elif ! grep -qx "$opt=$val" "$config"; then
			have=$(grep "^$opt=" "$config" | cut -d= -f2)
			if [ -n "${PB_SRCTREE:-}" ] && ! grep -rqsE --include='Kconfig*' \
				"^[[:space:]]*(menu)?config ${opt#CONFIG_}[[:space:]]*\$" "$PB_SRCTREE"; then
				echo "config: $opt=$val requested but this tree's Kconfig does not know $opt ($(basename "$frag"))"
			else
				echo "config: $opt=$val requested but Kconfig gave ${have:-not set} ($(basename "$frag"))"
			fi
		fi
	done
done > "$config.pb-check"
if [ -s "$config.pb-check" ]; then
	cat "$config.pb-check" >&2
	echo "config: error: $(wc -l < "$config.pb-check") option(s) dropped; fix their dependencies in the fragment" >&2
	exit 1
fi
rm -f "$config.pb-check"
