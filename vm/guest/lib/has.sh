# shellcheck shell=sh
# has NAME: does this kernel have the feature or fix NAME? (sourced) The
# host probed the build (pb probe, bench/probe/features.json) and said
# which on the command line, pb.has=a,b, which init exports as PB_HAS.
# Tests decide by this, never by the kernel's name.
has() {
	case ",${PB_HAS:-}," in *",$1,"*) return 0 ;; esac
	return 1
}
