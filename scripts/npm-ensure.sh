#!/bin/sh
# Install the npm packages that SRC's package.json and package-lock.json
# pin (npm ci: exactly the lock's versions and integrity hashes, no install
# scripts) into DEST/node_modules, unless DEST already holds that lock's
# install. A warm run compares files and needs no network; nothing that
# uses DEST fetches anything at run time. npm itself comes from Debian
# (scripts/apt-ensure.sh) if missing.
#   npm-ensure.sh SRC DEST
set -eu
src=$1 dest=$2
if cmp -s "$src/package.json" "$dest/package.json" &&
	cmp -s "$src/package-lock.json" "$dest/installed.lock"; then
	exit 0
fi
command -v npm > /dev/null 2>&1 || scripts/apt-ensure.sh npm
echo "setup: npm ci of $src/package-lock.json into $dest"
# Installed beside, then moved into place: DEST is whole or absent.
new=$dest.new.$$
rm -rf "$new" && mkdir -p "$new"
trap 'rm -rf "$new"' EXIT
cp "$src/package.json" "$src/package-lock.json" "$new/"
(cd "$new" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) ||
	{ echo "setup: error: npm ci in $new failed" >&2; exit 1; }
cp "$src/package-lock.json" "$new/installed.lock"
rm -rf "$dest"
mv "$new" "$dest"
