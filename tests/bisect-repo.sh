#!/bin/sh
# make test-bisect's user repository (tests/bisect-check.sh): a shared
# clone of the cache's patched tree (its commits: Debian's tree and the
# series, one commit a patch; objects borrowed, nothing copied) with 8
# commits on top, of which exactly one adds a per-packet cost to a hot path:
# mctp_route_lookup() (net/mctp/route.c) spins 32 times more per lookup,
# what mctp-route's lookup=kernel points measure; and exactly one, two
# commits later, breaks one KUnit case: mctp-route's
# mctp_test_route_gw_loop expects the lookup of a gateway loop to succeed
# (its test code only: no cost). The others add comments to C files and a
# header of net/mctp, and lines to CREDITS and README.
#   bisect-repo.sh DIR        prints the costly commit's id, then the KUnit one's
set -eu
: "${PB_CACHE:?PB_CACHE must be set}"
dir=${1:?usage: bisect-repo.sh DIR}
src=$PB_CACHE/src-patched
[ -e "$src/.git" ] || { echo "bisect-repo: no patched tree in $src (make trees)" >&2; exit 1; }
rm -rf "$dir"
git clone -q --shared "$src" "$dir"
g() { git -C "$dir" -c user.name='Pat Bench' -c user.email=pat@example.org "$@"; }
harmless() { # SUBJECT FILE TEXT: one commit appending TEXT to FILE
	printf '%s\n' "$3" >> "$dir/$2"
	g commit -q -a -m "$1: $3"	# (the tree's .gitignore ignores all: -a, not add)
}
harmless "CREDITS" CREDITS "N: A Note"
harmless "mctp: comment" net/mctp/device.c "/* device.c: no code */"
harmless "mctp: neigh: comment" net/mctp/neigh.c "/* neigh.c: no code */"
# the costly one: in mctp_route_lookup(), after its rcu_read_lock()
awk 'f == 1 && /rcu_read_lock\(\);/ { print; print "\n\t/* check the table again (a planted per-packet cost) */"
	print "\tfor (rc = 0; rc < 32; rc++)\n\t\tbarrier();\n\trc = -EHOSTUNREACH;"; f = 2; next }
	/^int mctp_route_lookup\(/ { f = 1 } { print }' "$dir/net/mctp/route.c" > "$dir/route.c.new"
mv "$dir/route.c.new" "$dir/net/mctp/route.c"
grep -q 'a planted per-packet cost' "$dir/net/mctp/route.c" || { echo "bisect-repo: route.c not changed" >&2; exit 1; }
g commit -q -a -m "net: mctp: route: look the table up again on every lookup"
bad=$(g rev-parse HEAD)
harmless "mctp: comment" net/mctp/af_mctp.c "/* af_mctp.c: no code */"
# the KUnit case broken: its expectation flipped
sed -i '/^static void mctp_test_route_gw_loop(/,/^}/ s/KUNIT_EXPECT_NE(test, rc, 0);/KUNIT_EXPECT_EQ(test, rc, 0);/' \
	"$dir/net/mctp/test/route-test.c"
git -C "$dir" diff --quiet && { echo "bisect-repo: route-test.c not changed" >&2; exit 1; }
g commit -q -a -m "net: mctp: test: a gateway loop's lookup succeeds"
kunit=$(g rev-parse HEAD)
harmless "mctp: comment" include/net/mctpdevice.h "/* mctpdevice.h: no code */"
harmless "README" README "A note."
echo "$bad"
echo "$kunit"
