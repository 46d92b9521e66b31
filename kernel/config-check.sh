#!/bin/sh
# Verify that every option requested by the fragments survived olddefconfig.
#   config-check.sh .config FRAGMENT...
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
			echo "config: $opt=$val requested but Kconfig gave ${have:-not set} ($(basename "$frag"))"
		fi
	done
done > "$config.pb-check"
if [ -s "$config.pb-check" ]; then
	cat "$config.pb-check" >&2
	echo "config: error: $(wc -l < "$config.pb-check") option(s) dropped; fix their dependencies in the fragment" >&2
	exit 1
fi
rm -f "$config.pb-check"
