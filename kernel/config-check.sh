#!/bin/sh
# Verify that every option requested survived olddefconfig.
#   config-check.sh .config REQUEST   (REQUEST: kernel/fragments.sh effective's
#   output, each option after a "# from FRAGMENT" line; env PB_SRCTREE: the
#   source, to tell an option the tree does not know from one its Kconfig
#   turned off)
set -eu
config=$1 request=$2
from=$(basename "$request")
while IFS= read -r line; do
	case $line in
	'# from '*) from=${line#\# from }; continue ;;
	CONFIG_*=*) ;;
	*) continue ;;
	esac
	opt=${line%%=*} val=${line#*=}
	if [ "$val" = n ]; then
		if grep -q "^$opt=" "$config"; then
			echo "config: $opt requested off but is $(grep "^$opt=" "$config" | cut -d= -f2) ($from)"
		fi
	elif ! grep -qxF "$opt=$val" "$config"; then
		have=$(grep "^$opt=" "$config" | cut -d= -f2)
		if [ -n "${PB_SRCTREE:-}" ] && ! grep -rqsE --include='Kconfig*' \
			"^[[:space:]]*(menu)?config ${opt#CONFIG_}[[:space:]]*\$" "$PB_SRCTREE"; then
			echo "config: $opt=$val requested but this tree's Kconfig does not know $opt ($from)"
		else
			echo "config: $opt=$val requested but Kconfig gave ${have:-not set} ($from)"
		fi
	fi
done < "$request" > "$config.pb-check"
if [ -s "$config.pb-check" ]; then
	cat "$config.pb-check" >&2
	echo "config: error: $(wc -l < "$config.pb-check") option(s) dropped; fix their dependencies in the fragment" >&2
	echo "  (a tree's Linux version may need its own: kernel/config/versions/, docs/kernels.md)" >&2
	exit 1
fi
rm -f "$config.pb-check"
