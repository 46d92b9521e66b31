# shellcheck shell=sh
# What a built kernel can do, for the shell (sourced): pb probe's
# capabilities file of a build, and what to tell its guest.
#   (env: PB; BUILD_DIR, where the files go and the modules are, default
#    PB_UNITS_OUT, where make built the guest's code, else build/; SUITES_DIR)
# shellcheck source=kernel/kbuild.sh
. kernel/kbuild.sh

# caps_file KERNEL BUILD: probe the kernel build directory BUILD (once per
# build: pb probe keeps a current file) and print its capabilities file.
caps_file() {
	cf_out=${BUILD_DIR:-${PB_UNITS_OUT:-build}}
	cf_dir=$cf_out/caps
	mkdir -p "$cf_dir" || return 1
	"$PB" probe --kernel "$1" --out "$cf_dir/$1.json" --modules "$cf_out/modules/$1" \
		"$2" > /dev/null || return 1
	echo "$cf_dir/$1.json"
}

# caps_append FILE: the kernel command-line word telling a guest which
# features and fixes its kernel has (vm/guest/lib/has.sh reads it).
caps_append() {
	ca_has=$("$PB" needs --caps "$1" --has) || return 1
	echo "pb.has=${ca_has:--}"
}

# suite_applies SUITE KERNEL: has the KERNEL build (kbuild_dir) what SUITE's
# manifest needs (pb needs --suite, on caps_file's probe)? 0: yes; 10: no,
# printing what it lacks; 1: it could not be asked (said on stderr).
suite_applies() {
	sa_caps=$(caps_file "$2" "$(kbuild_dir "$2")") ||
		{ echo "error: cannot probe the $2 kernel for $1's needs" >&2; return 1; }
	"$PB" needs --caps "$sa_caps" --suite "$1"
}
