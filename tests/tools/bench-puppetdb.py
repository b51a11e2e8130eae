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
Server is warm (JRuby's first compiles are discarded). The exporter's
catalog is also requested from a warm `pjit server` configured as Puppet
Server is (`storeconfigs = true`, puppetdb.conf with PuppetDB's HTTPS
URL; the agent's POST /puppet/v3/catalog), its submission times read
from the server's log: the per-catalog cost of storing through the
server, against Puppet Server with the terminus in the same run.
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


class PjitServer:
    """`pjit server` with storeconfigs on PuppetDB's HTTPS port, as
    tests/puppetdb.rs (agents_against_pjit_server) configures it."""

    def __init__(self):
        d = os.path.join(ROOT, "target", "puppetdb-bench-server")
        os.makedirs(d, exist_ok=True)
        conf = os.path.join(d, "puppet.conf")
        with open(conf, "w") as f:
            f.write("[main]\ncertname = puppet.test\nssldir = %s\nvardir = %s/var\nhiera_config = %s/no-hiera.yaml\n"
                    "[server]\nenvironmentpath = %s\nstoreconfigs = true\nstoreconfigs_backend = puppetdb\n"
                    "reports = none\nenvironment_timeout = unlimited\n"
                    % (bless.SSL, d, d, os.path.join(ROOT, "tests/puppetdb/envs")))
        with open(os.path.join(d, "puppetdb.conf"), "w") as f:
            f.write("[main]\nserver_urls = https://localhost:%s\n" % os.environ.get("PJIT_PDB_HTTPS_PORT", "8091"))
        self.log = os.path.join(d, "server.log")
        self.proc = subprocess.Popen([PJIT, "server", "--config", conf, "--confdir", d, "--bind", "127.0.0.1:0",
                                      "--workers", "2", "--jit", "off"],
                                     stdout=subprocess.DEVNULL, stderr=open(self.log, "w"))
        for _ in range(1200):
            m = re.search(r"listening on 127\.0\.0\.1:(\d+)", open(self.log).read())
            if m:
                self.url = "https://127.0.0.1:" + m.group(1)
                return
            assert self.proc.poll() is None, open(self.log).read()
            time.sleep(0.1)
        raise SystemExit("pjit server did not start")

    def catalog(self, node, facts):
        """Wall ms of one catalog request and its submissions' ms (log)."""
        offset = os.path.getsize(self.log)
        saved, bless.PS = bless.PS, self.url
        try:
            wall, _ = puppetserver(node, facts)
        finally:
            bless.PS = saved
        with open(self.log) as f:
            f.seek(offset)
            text = f.read()
        sub = sum(float(x) for x in re.findall(r"submitted to PuppetDB with UUID \S+ \(\d+ bytes, ([\d.]+) ms\)", text))
        return wall, sub

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


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
    server = PjitServer()
    for _ in range(3):
        server.catalog(ex_node, ex_facts)
    res = {k: [] for k in ("pj_ex", "pj_ex_sub", "ps_ex", "srv_ex", "srv_ex_sub", "pj_coll", "pj_coll_search", "ps_coll")}
    prof0 = profiler()
    for _ in range(rounds):
        wall, sub, _, _ = pjit(ex_node, ex_file, True)
        res["pj_ex"].append(wall)
        res["pj_ex_sub"].append(sub)
        res["ps_ex"].append(puppetserver(ex_node, ex_facts)[0])
        wall, sub = server.catalog(ex_node, ex_facts)
        res["srv_ex"].append(wall)
        res["srv_ex_sub"].append(sub)
        wall, _, search, out = pjit(coll, coll_file, False)
        res["pj_coll"].append(wall)
        res["pj_coll_search"].append(search)
        res["ps_coll"].append(puppetserver(coll, cfacts)[0])
    prof1 = profiler()
    server.stop()
    collected = sum(1 for r in json.loads(out)["resources"] if r["type"] in ("Monitor::Check", "Sshkey"))
    med = {k: statistics.median(v) for k, v in res.items()}
    print("Collected by the collector: %d resources" % collected)
    print("Medians of %d rounds (ms):" % rounds)
    for k in sorted(med):
        print("  %-16s %8.1f" % (k, med[k]))

    # The profiler's means are over a recent sample (not cumulative), so
    # they are read at the end, when the benchmark's requests dominate.
    searches = (prof1.get("resource_search", (0, 0))[0] - prof0.get("resource_search", (0, 0))[0]) / (2 * rounds)
    print("  Puppet Server resource searches per collector catalog: %.1f" % searches)
    for k in sorted(prof1):
        count, total = prof1[k]
        print("  Puppet Server profiler %-32s mean %6.1f ms" % (k, total / max(count, 1)))

if __name__ == "__main__":
    main()
