#!/bin/sh
# pjit against a warm Puppet Server, and whole-process `pjit compile`
# against Puppet's command line: every figure of BENCHMARKS.md's "Against
# a warm Puppet Server" section, with one command.
#
# 1. CPU per catalog (tests/tools/compare_server.py): Debian's
#    puppetserver 7.9.5 (tests/tools/puppetserver-perf.sh: 2 JRuby
#    instances, environments cached, port 8141, its own directories under
#    target/perf-server) compiles the real roles of tests/roles/envs
#    (Debian 12's modules) for NODES distinct Debian 12 nodes
#    (tests/tools/role-facts.py), warmed up until its CPU per catalog stops
#    falling; pjit's batch mode compiles the same nodes of the same
#    environments; the two alternate.
# 2. Whole process (tests/tools/compare-puppet.sh): `pjit compile` against
#    `puppet catalog compile` on many_modules(100), fq_var_lookup(500) and
#    the real-module scenarios. WHOLE=0 skips it.
#
# Usage: tests/tools/compare-server.sh [ROLE...]   (default: ntp lamp keystone)
# NODES (200), ROUNDS (5), REQUESTS (40 catalogs per server round), JOBS
# (2), KEEP=1 (leave the server running). Needs a release build, Java,
# Debian's puppetserver, puppet-agent and puppet-module-* packages,
# python3, curl. The machine's load is printed with every figure: compare
# only figures taken on a quiet machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-"$root/target"}
pjit="$target/release/pjit"
# The binary users build (`cargo build --release`): `cargo test --release`
# links target/release/pjit too, with other symbol hashes, so that
# src/symbol-order.txt (build.rs) finds only half of its functions and the
# code is laid out worse (about 1.3 MB more resident code, LAMP).
(cd "$root" && cargo build -q --release)
nodes=${NODES:-200}
work=$(mktemp -d)
cleanup() {
  [ "${KEEP:-0}" = 1 ] || "$here/puppetserver-perf.sh" stop
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/envs"
cp -r "$root/tests/roles/envs/." "$work/envs/"
python3 "$here/role-facts.py" "$work/facts" "$nodes"
echo "load at the start: $(cat /proc/loadavg)"
"$here/puppetserver-perf.sh" start "$work/envs"
dir=${PJIT_PERF_DIR:-$root/target/perf-server}
python3 "$here/compare_server.py" "$pjit" "$work/envs" "$work/facts" "$dir/puppet/ssl" "${PJIT_PERF_PORT:-8141}" \
  "$("$here/puppetserver-perf.sh" pid)" ${*:-ntp lamp keystone}
if [ "${WHOLE:-1}" != 0 ]; then
  [ "${KEEP:-0}" = 1 ] || "$here/puppetserver-perf.sh" stop
  echo
  echo "Whole process, load at the start: $(cat /proc/loadavg)"
  SCENARIOS=${SCENARIOS-many_modules fq_var_lookup} "$here/compare-puppet.sh" "${RUNS:-5}"
  echo "load at the end: $(cat /proc/loadavg)"
fi
