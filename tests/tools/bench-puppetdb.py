#!/usr/bin/env python3
"""PuppetDB benchmark: pjit against Puppet Server 7.9.5 with Debian's
PuppetDB terminus, on the same private PuppetDB 7.12 (tests/tools/puppetdb.sh,
tests/tools/puppetserver-pdb.sh), for BENCHMARKS.md.

    tests/tools/bench-puppetdb.py [NODES] [ROUNDS]     (default 50, 10)

Environment tests/puppetdb/envs/bench: NODES exporter nodes (five exported
monitoring checks, a defined type with a file, and a host key each) and a
collector node that collects them all. Puppet Server stores the exporters
first. Then, alternating pjit and Puppet Server ROUNDS times:

- exporter catalogs stored: one exporter node compiled and stored (facts
  and catalog; Puppet Server: POST /puppet/v3/catalog as an agent does;
  pjit: `pjit compile --puppetdb-submit`), wall time per catalog, and the
  submission itself (pjit's `--verbose` times of the two commands; Puppet
  Server's profiler: PuppetDB `facts#save` and `catalog#save`);
- the collector's catalog: wall time per catalog, and the collection
  itself (pjit's `--verbose` resource search times; Puppet Server's
  profiler: PuppetDB `resource#search`).

pjit runs as a new process per catalog (its start included); Puppet
Server is warm (JRuby's first compiles are discarded).
"""
import json
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pdbstate  # noqa: E402
import importlib.util  # noqa: E402

ROOT = pdbstate.ROOT
spec = importlib.util.spec_from_file_location("bless", os.path.join(ROOT, "tests/tools/bless-puppetdb.py"))
bless = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bless)
PJIT = os.path.join(ROOT, "target/release/pjit")
FACTS = os.path.join(ROOT, "target/puppetdb-bench-facts")


def facts_for(i):
    base = json.load(open(os.path.join(ROOT, "tests/puppetdb/facts/web1.test.json")))
    host = "node%d" % i if i >= 0 else "collector"
    ip = "10.1.%d.%d" % (max(i, 0) // 250, max(i, 0) % 250 + 1)
    text = json.dumps(base).replace("web1.test", host + ".bench").replace("web1", host).replace("10.0.1.11", ip)
    return host + ".bench", json.loads(text)


def profiler():
    """Puppet Server's PuppetDB profiler metrics: name -> (count, total ms)."""
    ctx = bless.ssl.create_default_context(cafile=os.path.join(bless.SSL, "certs", "ca.pem"))
    ctx.check_hostname = False
    with urllib.request.urlopen(bless.PS + "/status/v1/services/puppet-profiler?level=debug", context=ctx) as r:
        doc = json.loads(r.read())
    out = {}
    for m in doc["status"]["experimental"].get("puppetdb-metrics", []):
        # `mean` is whole milliseconds; the total is mean times count.
        out[m["metric"]] = (m["count"], m["mean"] * m["count"])
    return out


def pjit(node, facts_file, submit):
    args = [PJIT, "compile", node, "--environmentpath", "tests/puppetdb/envs", "--environment", "bench",
            "--facts", facts_file, "--puppetdb", bless.PDB, "--verbose", "--jit=off"]
    if submit:
        args.append("--puppetdb-submit")
    t = time.perf_counter()
    p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - t
    assert p.returncode == 0, p.stderr
    sub = sum(float(x) for x in re.findall(r"submitted to PuppetDB with UUID \S+ \(\d+ bytes, ([\d.]+) ms\)", p.stderr))
    search = sum(float(x) for x in re.findall(r"resources found for \S+ in ([\d.]+) ms", p.stderr))
    return wall * 1e3, sub, search, p.stdout


def puppetserver(node, facts):
    t = time.perf_counter()
    ok, result = bless.compile_on_server("bench", node, facts)
    assert ok, result
    return (time.perf_counter() - t) * 1e3, result


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    subprocess.check_call([os.path.join(ROOT, "tests/tools/puppetserver-pdb.sh"), "start", os.path.join(ROOT, "tests/puppetdb/envs")])
    os.makedirs(FACTS, exist_ok=True)
    held = pdbstate.lock()  # noqa: F841 (held until the process ends)
    pdbstate.purge(bless.PDB)
    nodes = [facts_for(i) for i in range(n)]
    for node, facts in nodes:
        json.dump(facts, open(os.path.join(FACTS, node + ".json"), "w"))
        start = time.time()
        puppetserver(node, facts)
    pdbstate.wait_stored(bless.PDB, nodes[-1][0], start, True)
    coll, cfacts = facts_for(-1)
    json.dump(cfacts, open(os.path.join(FACTS, coll + ".json"), "w"))
    # Warm Puppet Server's JRuby (first compiles of a node are slower).
    for _ in range(3):
        puppetserver(coll, cfacts)
        puppetserver(nodes[0][0], nodes[0][1])
    ex_node, ex_facts = nodes[0]
    ex_file = os.path.join(FACTS, ex_node + ".json")
    coll_file = os.path.join(FACTS, coll + ".json")
    res = {k: [] for k in ("pj_ex", "pj_ex_sub", "ps_ex", "pj_coll", "pj_coll_search", "ps_coll")}
    prof0 = profiler()
    for _ in range(rounds):
        wall, sub, _, _ = pjit(ex_node, ex_file, True)
        res["pj_ex"].append(wall)
        res["pj_ex_sub"].append(sub)
        res["ps_ex"].append(puppetserver(ex_node, ex_facts)[0])
        wall, _, search, out = pjit(coll, coll_file, False)
        res["pj_coll"].append(wall)
        res["pj_coll_search"].append(search)
        res["ps_coll"].append(puppetserver(coll, cfacts)[0])
    prof1 = profiler()
    collected = sum(1 for r in json.loads(out)["resources"] if r["type"] in ("Monitor::Check", "Sshkey"))
    med = {k: statistics.median(v) for k, v in res.items()}

    # The profiler's means are over a recent sample (not cumulative), so
    # they are read at the end, when the benchmark's requests dominate.
    searches = (prof1.get("resource_search", (0, 0))[0] - prof0.get("resource_search", (0, 0))[0]) / (2 * rounds)
    print("  Puppet Server resource searches per collector catalog: %.1f" % searches)
    for k in sorted(prof1):
        count, total = prof1[k]
        print("  Puppet Server profiler %-32s mean %6.1f ms" % (k, total / max(count, 1)))

if __name__ == "__main__":
    main()
