# Shared look; every script is called with DATA (build/plots) and OUT (plots).
set terminal pngcairo size 900,540 font ",10"
set grid
set key top left
set style data yerrorlines
