#!/bin/sh
# Where the warm per-node time of batch mode goes, by phase (evaluation,
# ERB, Hiera, type checks, resource finishing, JSON, ...), on the real
# roles of tests/roles/envs (Debian 12's modules, distinct Debian 12
# nodes from tests/tools/role-facts.py) or a generated environment
# (benches/envgen.rs), and the instructions per warm catalog.
#
# Two measurements:
# - instructions per warm catalog: callgrind over 1 node and over 1 + K
#   nodes on one worker, (difference) / K: independent of the machine's
#   load;
# - phases: `perf record --call-graph dwarf` over NODES nodes on one
#   worker, each sample charged to the innermost phase on its stack
#   (tests/tools/profile_classify.py), scaled to the run's CPU time per
#   catalog (so the first node's loading is spread over NODES: use many).
#
# Usage: tests/tools/profile-batch.sh [ROLE...]   (default: ntp lamp keystone apache_vhosts many_modules)
# NODES=200 K=20 to choose; PERF=0 or CALLGRIND=0 skip one measurement.
# Needs a release build, valgrind, perf, python3, Debian's puppet-module-*
# packages.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-"$root/target"}
pjit="$target/release/pjit"
nodes=${NODES:-200}
k=${K:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$here/role-facts.py" "$work/facts" "$nodes"
mkdir -p "$work/envs"
cp -r "$root/tests/roles/envs/." "$work/envs/"
(cd "$root" && cargo run -q --release --example gen_envs -- "$work/gen" >/dev/null)
cp -r "$work/gen/many_modules" "$work/envs/"

echo "load: $(uptime)"
for role in ${*:-ntp lamp keystone apache_vhosts many_modules}; do
  echo "== $role"
  run() {
    "$@" "$pjit" compile --environmentpath "$work/envs" --environment "$role" --nodes "$work/list" \
      --facts-dir "$work/facts" -o "$work/out" -j 1
  }
  if [ "${CALLGRIND:-1}" != 0 ]; then
    head -1 "$work/facts.txt" > "$work/list"
    one=$(run valgrind --tool=callgrind --callgrind-out-file=/dev/null 2>&1 | sed -n 's/.*Collected : //p')
    head -$((k + 1)) "$work/facts.txt" > "$work/list"
    many=$(run valgrind --tool=callgrind --callgrind-out-file=/dev/null 2>&1 | sed -n 's/.*Collected : //p')
    echo "instructions: first catalog (with start-up) $one, each warm catalog $(( (many - one) / k ))"
  fi
  if [ "${PERF:-1}" != 0 ]; then
    cp "$work/facts.txt" "$work/list"
    run perf record -q -F 4000 --call-graph dwarf,32768 -o "$work/perf.data" 2>/dev/null >/dev/null
    # CPU time of the batch without perf: a separate run.
    cpu=$(python3 - "$pjit" "$work" "$role" <<'PY'
import os, subprocess, sys
pjit, work, role = sys.argv[1:4]
p = subprocess.Popen([pjit, "compile", "--environmentpath", f"{work}/envs", "--environment", role, "--nodes", f"{work}/list",
                      "--facts-dir", f"{work}/facts", "-o", f"{work}/out", "-j", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, _, u = os.wait4(p.pid, 0)
print(u.ru_utime + u.ru_stime)
PY
)
    perf script --no-inline -i "$work/perf.data" 2>/dev/null | python3 "$here/profile_classify.py" "$nodes" "$cpu"
  fi
done
