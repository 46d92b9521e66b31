# Shared look. Every script is called with DATA (the pb plotdata files), OUT
# (where the PNG goes) and VARS, the result's SUITE, UNIT, ACCEL and COMMIT
# (pb plotvars): the unit on the y axis and the title come from the result.
# A script that wants another size sets SIZE before loading this.
load VARS
if (!exists("SIZE")) SIZE = "900,540"
eval "set terminal pngcairo size ".SIZE." font ',10' noenhanced"
set grid
set key top left
set style data yerrorlines
# the result a plot shows, for its title
FROM = sprintf("%s, results of %s", ACCEL, COMMIT)
