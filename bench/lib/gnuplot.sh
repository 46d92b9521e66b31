# shellcheck shell=sh
# What the plot scripts share; sourced, not run.   (env: PB)

# gnuplot_draw SCRIPT VARS OUT DATA: gnuplot SCRIPT with DATA, OUT and VARS
# (a file of gnuplot assignments the script loads). A warning fails it as an
# error does: it means a line or a label went missing. Its stderr is left
# beside VARS (NAME.vars: NAME.err).
gnuplot_draw() {
	gd_err=${2%.vars}.err
	if ! gnuplot -e "DATA='$4'; OUT='$3'; VARS='$2'" "$1" 2> "$gd_err" || [ -s "$gd_err" ]; then
		cat "$gd_err" >&2
		echo "plots: gnuplot $1 ($2) failed or warned" >&2
		return 1
	fi
}

# history_draw SUITE OUT DATA RESULT...: the table (DATA/history-SUITE.md)
# and OUT/history-SUITE.png of these results, oldest first.
history_draw() {
	hd_suite=$1 hd_out=$2 hd_data=$3
	shift 3
	"$PB" history --md "$hd_data/history-$hd_suite.md" --data "$hd_data" "$@" &&
		gnuplot_draw plots/history.gp "$hd_data/history-$hd_suite.vars" "$hd_out" "$hd_data"
}
