#!/bin/sh
# Throughput of many catalogs of one environment: pjit's batch mode
# (`pjit compile --nodes ... -j N`) against Puppet 7.23 compiling the same
# catalog repeatedly in one warm Ruby process (the oracle, which compiles
# each case in a fresh environment with the same facts, as a Puppet server
# does per request without environment caching). Reports catalogs per
# second per core from CPU time (user + system), so the figures hold on a
# shared machine, and wall-clock catalogs per second.
#
# Needs Puppet, python3 and a release build. Usage:
#   tests/tools/compare-batch.sh [SCENARIO [NODES [PUPPET_COMPILES]]]
# (defaults: many_modules, 400 nodes for pjit, 6 compiles for Puppet).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scenario=${1:-many_modules}
nodes=${2:-400}
pcompiles=${3:-6}
target=${CARGO_TARGET_DIR:-"$root/target"}
pjit="$target/release/pjit"
oracle=${ORACLE:-"$root/../shared/oracle/oracle.rb"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$root" && cargo run -q --release --example gen_envs -- "$work/envs" >/dev/null)
mkdir -p "$work/facts" "$work/cases"
i=0
while [ "$i" -lt "$nodes" ]; do
  cp "$root/tests/eval/facts.json" "$work/facts/node$i.example.com.json"
  i=$((i + 1))
done
i=0
while [ "$i" -lt "$pcompiles" ]; do
  cp "$work/envs/$scenario/manifests/site.pp" "$work/cases/site$i.pp"
  i=$((i + 1))
done

python3 - "$pjit" "$oracle" "$work" "$scenario" "$nodes" "$pcompiles" "$root/tests/eval/facts.json" <<'PY'
import os, subprocess, sys, time
pjit, oracle, work, scenario, nodes, pcompiles, facts = sys.argv[1:8]
nodes, pcompiles = int(nodes), int(pcompiles)

def run(cmd):
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, u = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"failed: {' '.join(cmd)}")
    return time.perf_counter() - t, u.ru_utime + u.ru_stime, u.ru_maxrss / 1024

cases = [os.path.join(work, "cases", f"site{i}.pp") for i in range(pcompiles)]
modules = os.path.join(work, "envs", scenario, "modules")
# Puppet: one compile alone (start-up and the first compile), then
# pcompiles in one process; the difference is the warm per-catalog cost.
_, cpu1, _ = run(["ruby", oracle, "-q", "--stdout", "--facts", facts, "--modulepath", modules, cases[0]])
wall, cpu, rss = run(["ruby", oracle, "-q", "--stdout", "--facts", facts, "--modulepath", modules] + cases)
p_cpu = (cpu - cpu1) / (pcompiles - 1)
print(f"Puppet 7.23, one process: {pcompiles} catalogs in {wall:.1f} s wall, {cpu:.1f} s CPU; "
      f"warm: {p_cpu:.3f} s CPU per catalog = {1 / p_cpu:.2f} catalogs/s per core; max RSS {rss:.0f} MB")
for jobs in (1, 2):
    out = os.path.join(work, f"out{jobs}")
    wall, cpu, rss = run([pjit, "compile", "--environmentpath", os.path.join(work, "envs"), "--environment", scenario,
                          "--facts-dir", os.path.join(work, "facts"), "-o", out, "-j", str(jobs)])
    j_cpu = cpu / nodes
    print(f"pjit -j {jobs}: {nodes} catalogs in {wall:.2f} s wall ({nodes / wall:.0f} catalogs/s), {cpu:.2f} s CPU = "
          f"{1 / j_cpu:.0f} catalogs/s per core ({p_cpu / j_cpu:.0f}x Puppet); max RSS {rss:.1f} MB")
PY
