#!/bin/sh
# Times `pjit compile` against Puppet 7.23's `puppet catalog compile`,
# whole process, on the same inputs, alternating the two commands' runs
# (one Puppet run, one pjit run, repeated), and prints a table of medians,
# peak memory (max RSS) and the ratio. Before timing a scenario it checks
# that both produce the same catalog (ignoring version, code_id,
# catalog_uuid) and stops if they do not.
#
# Scenarios:
# - generated environments (benches/envgen.rs: many_modules,
#   defined_types, fq_var_lookup, virtual_collection, type_inference,
#   hiera_lookups) with the facts of tests/eval/facts.json;
# - real-module scenarios of tests/modules/scenarios (Debian's modules in
#   /usr/share/puppet/modules, the Debian 12 facts of
#   tests/modules/facts.json), each as the main manifest of an environment
#   whose modulepath is the Debian module directory.
#
# Needs: Puppet (Debian's puppet-agent), the puppet-module-* packages,
# python3, a release build (`cargo build --release`). Usage:
#   tests/tools/compare-puppet.sh [RUNS]        (default 5 runs per command)
# SCENARIOS="many_modules hiera_lookups" and REAL="ntp_default" choose the
# scenarios (REAL="" skips the real-module ones).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-5}
target=${CARGO_TARGET_DIR:-"$root/target"}
pjit="$target/release/pjit"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$root" && cargo run -q --release --example gen_envs -- "$work/gen" >/dev/null)
mkdir -p "$work/real"
for s in ${REAL-keystone_default nova_default neutron_default mysql_db haproxy_listen ntp_default}; do
  mkdir -p "$work/real/$s/manifests"
  cp "$root/tests/modules/scenarios/$s.pp" "$work/real/$s/manifests/site.pp"
  echo "modulepath = /usr/share/puppet/modules" > "$work/real/$s/environment.conf"
done

# Puppet reads facts from its yaml facts terminus: one vardir per facts file.
facts_yaml() {
  mkdir -p "$2/yaml/facts"
  ruby -ryaml -rjson -e 'v = JSON.parse(File.read(ARGV[0]));
    File.write(ARGV[1], "--- !ruby/object:Puppet::Node::Facts\nname: testnode.example.com\nvalues:\n" + v.to_yaml.sub(/\A---\n/, "").gsub(/^/, "  "))' \
    "$1" "$2/yaml/facts/testnode.example.com.yaml"
}
facts_yaml "$root/tests/eval/facts.json" "$work/var-gen"
facts_yaml "$root/tests/modules/facts.json" "$work/var-real"

# compare GROUP ENV FACTS: checks the catalogs, then times both commands.
compare() {
  group=$1 env=$2 facts=$3
  pcmd="puppet catalog compile testnode.example.com --environmentpath $work/$group --environment $env --render-as json --confdir $work/conf --vardir $work/var-$group --codedir $work/code --facts_terminus yaml"
  jcmd="$pjit compile testnode.example.com --environmentpath $work/$group --environment $env --facts $facts"
  $pcmd 2>/dev/null | sed -n '/^{/,$p' > "$work/p.json"
  $jcmd > "$work/j.json" 2>/dev/null
  python3 - "$work/p.json" "$work/j.json" "$env" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for c in (a, b):
    for k in ("version", "code_id", "catalog_uuid"):
        c.pop(k, None)
if a != b:
    sys.exit(f"catalogs differ for {sys.argv[3]}")
PY
  n=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['resources']))" "$work/j.json")
  python3 - "$runs" "$env" "$n" "$pcmd" "$jcmd" <<'PY'
import os, statistics, subprocess, sys, time
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
print(f"| {env} | {n} | {p:.3f} | {j:.4f} | {p / j:.0f}x | {rss['p']:.0f} | {rss['j']:.1f} |", flush=True)
PY
}

printf '| scenario | resources | Puppet median (s) | pjit median (s) | ratio | Puppet max RSS (MB) | pjit max RSS (MB) |\n|---|---|---|---|---|---|---|\n'
for env in ${SCENARIOS-many_modules defined_types fq_var_lookup virtual_collection type_inference hiera_lookups}; do
  compare gen "$env" "$root/tests/eval/facts.json"
done
for env in ${REAL-keystone_default nova_default neutron_default mysql_db haproxy_listen ntp_default}; do
  compare real "$env" "$root/tests/modules/facts.json"
done
