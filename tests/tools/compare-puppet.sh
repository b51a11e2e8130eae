#!/bin/sh
# Times `pjit compile` against Puppet 7.23's `puppet catalog compile`,
# whole process, on the same generated environments (benches/envgen.rs:
# many_modules, defined_types, fq_var_lookup, virtual_collection,
# type_inference) and the same facts, alternating the two commands' runs
# (one Puppet run, one pjit run, repeated), and prints a table of medians,
# peak memory (max RSS) and the ratio. First it
# checks that both produce the same catalog (ignoring version, code_id,
# catalog_uuid).
#
# Needs: Puppet (Debian's puppet-agent), python3, a release build
# (`cargo build --release`). Usage:
#   tests/tools/compare-puppet.sh [RUNS]        (default 5 runs per command)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root="$here/../.."
runs=${1:-5}
target=${CARGO_TARGET_DIR:-"$root/target"}
pjit="$target/release/pjit"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
facts="$root/tests/eval/facts.json"

(cd "$root" && cargo run -q --release --example gen_envs -- "$work/envs" >/dev/null)
mkdir -p "$work/var/yaml/facts"
ruby -ryaml -rjson -e 'v = JSON.parse(File.read(ARGV[0]));
  File.write(ARGV[1], "--- !ruby/object:Puppet::Node::Facts\nname: testnode.example.com\nvalues:\n" + v.to_yaml.sub(/\A---\n/, "").gsub(/^/, "  "))' \
  "$facts" "$work/var/yaml/facts/testnode.example.com.yaml"

puppet_cmd() {
  echo "puppet catalog compile testnode.example.com --environmentpath $work/envs --environment $1 --render-as json --confdir $work/conf --vardir $work/var --codedir $work/code --facts_terminus yaml"
}
pjit_cmd() {
  echo "$pjit compile testnode.example.com --environmentpath $work/envs --environment $1 --facts $facts"
}

printf '| scenario | resources | Puppet median (s) | pjit median (s) | ratio | Puppet max RSS (MB) | pjit max RSS (MB) |\n|---|---|---|---|---|---|---|\n'
for env in many_modules defined_types fq_var_lookup virtual_collection type_inference; do
  # Same catalog first.
  $(puppet_cmd "$env") 2>/dev/null | sed -n '/^{/,$p' > "$work/p.json"
  $(pjit_cmd "$env") > "$work/j.json"
  python3 - "$work/p.json" "$work/j.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for c in (a, b):
    for k in ("version", "code_id", "catalog_uuid"):
        c.pop(k, None)
if a != b:
    sys.exit(f"catalogs differ for {sys.argv[1]}")
PY
  n=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['resources']))" "$work/j.json")
  python3 - "$runs" "$env" "$n" "$(puppet_cmd "$env")" "$(pjit_cmd "$env")" <<'PY'
import os, resource, statistics, subprocess, sys, time
runs, env, n, pcmd, jcmd = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4].split(), sys.argv[5].split()
def run(cmd):
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"{cmd[0]} failed on {env}")
    return time.perf_counter() - t, usage.ru_maxrss / 1024
times = {"p": [], "j": []}
rss = {"p": 0.0, "j": 0.0}
run(pcmd); run(jcmd)  # warm-up (file cache)
for _ in range(runs):
    for k, cmd in (("p", pcmd), ("j", jcmd)):
        t, m = run(cmd)
        times[k].append(t)
        rss[k] = max(rss[k], m)
p, j = statistics.median(times["p"]), statistics.median(times["j"])
print(f"| {env} | {n} | {p:.3f} | {j:.4f} | {p / j:.0f}x | {rss['p']:.0f} | {rss['j']:.1f} |")
PY
done
