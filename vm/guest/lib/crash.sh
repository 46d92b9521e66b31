# shellcheck shell=sh
# crashkernel facts of the running kernel (sourced).

# crash_ranges: the "Crash kernel" resources of /proc/iomem, as START-END (hex).
crash_ranges() {
	sed -n 's/^ *\([0-9a-f]*\)-\([0-9a-f]*\) : Crash kernel$/\1-\2/p' /proc/iomem
}

# crash_mib: their total size in MiB (0 if nothing is reserved).
crash_mib() {
	total=0
	for r in $(crash_ranges); do
		total=$((total + 0x${r#*-} - 0x${r%-*} + 1))
	done
	echo $((total >> 20))
}

# meminfo_kb FIELD: a /proc/meminfo figure in kB.
meminfo_kb() {
	sed -n "s/^$1: *\([0-9]*\) kB$/\1/p" /proc/meminfo
}
