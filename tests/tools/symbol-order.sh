#!/bin/sh
# Writes src/symbol-order.txt, the functions a compile runs, for the
# linker to place together (see build.rs): callgrind over the first
# catalogs of the real roles (tests/roles/envs, Debian 12's modules) and
# many_modules, on one worker, so that start-up, parsing, lowering,
# evaluation and JSON writing are all covered. Run it after big changes
# (symbols it does not find keep the linker's order: the list only goes
# stale, it cannot break a build), then rebuild.
#
# Usage: tests/tools/symbol-order.sh   (needs a release build, valgrind,
# python3, nm, Debian's puppet-module-* packages)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-"$root/target"}
pjit="$target/release/pjit"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/role-facts.py" "$work/facts" 3
mkdir -p "$work/envs"
cp -r "$root/tests/roles/envs/." "$work/envs/"
(cd "$root" && cargo run -q --release --example gen_envs -- "$work/gen" >/dev/null)
cp -r "$work/gen/many_modules" "$work/envs/"
# The binary `cargo build --release` links: symbol names carry hashes of
# the resolved dependency features, and a `cargo test` build's differ.
(cd "$root" && cargo build -q --release)
for role in ntp lamp keystone apache_vhosts many_modules; do
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$role" "$pjit" compile \
    --environmentpath "$work/envs" --environment "$role" --nodes "$work/facts.txt" \
    --facts-dir "$work/facts" -o "$work/out" -j 1 >/dev/null 2>&1
done
python3 "$here/symbol_order.py" "$pjit" "$work"/cg.* > "$root/src/symbol-order.txt"
