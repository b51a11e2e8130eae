#!/usr/bin/env python3
"""Puppet's side of the agents goldens (tests/puppetdb/expected/agents/).

Real `puppet agent --test` runs (tests/tools/puppet-agent.sh: each node
with its own certificate, directories and fixed facts) against Debian's
puppetserver 7.9.5 with storeconfigs through Debian's
puppet-terminus-puppetdb (tests/tools/puppetserver-pdb.sh), on the private
PuppetDB of tests/tools/puppetdb.sh, one after the other as
tests/puppetdb/envs/agents/agent-steps lists them; PuppetDB starts empty
and each run waits until PuppetDB has stored its catalog.

For run N of node X it writes expected/agents/N-X.json: the agent's exit
status, the resource changes it reported (its `Notice: /Stage[...]`
lines), the catalog it applied (its cached copy, without version and
UUID), the files the run left in its `out` directory, and what PuppetDB
then holds for X (facts, `trusted` included, resources and edges), with
the agents' directory written `@AGENTS@`. tests/puppetdb.rs
(agents_against_pjit_server) makes the same runs against `pjit server`.
Whatever the server, the stored catalog must carry the catalog UUID and
version the agent applied and the transaction UUID of its run: checked
here too.

    tests/tools/bless-puppetdb-agents.py

It starts PuppetDB and puppetserver itself and leaves them running.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "puppetdb")
PDB_DIR = os.path.join(ROOT, "target", "puppetdb")
SSL = os.path.join(PDB_DIR, "ssl")
PDB = "http://127.0.0.1:%s" % os.environ.get("PJIT_PDB_HTTP_PORT", "8090")
PS_PORT = os.environ.get("PJIT_PS_PORT", "8143")
AGENTS = os.path.join(ROOT, "target", "puppetdb-agents")

sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))
import pdbstate  # noqa: E402


def steps():
    out = []
    for line in open(os.path.join(DATA, "envs", "agents", "agent-steps")):
        line = line.strip()
        if line and not line.startswith("#"):
            node, extra = line.split(None, 1)
            out.append((node, extra))
    return out


def placeholders(v):
    # pdbstate.stored gives paths relative to the checkout already.
    if isinstance(v, str):
        return v.replace(AGENTS, "@AGENTS@").replace(os.path.relpath(AGENTS, ROOT), "@AGENTS@")
    if isinstance(v, list):
        return [placeholders(x) for x in v]
    if isinstance(v, dict):
        return {k: placeholders(x) for k, x in v.items()}
    return v


def files_below(d):
    out = {}
    for base, _, names in os.walk(d):
        for n in names:
            p = os.path.join(base, n)
            out[os.path.relpath(p, d)] = open(p).read()
    return dict(sorted(out.items()))


def check_identity(node):
    """The stored catalog is the one the agent applied, for its run."""
    a = os.path.join(AGENTS, node)
    applied = json.load(open(os.path.join(a, "var", "client_data", "catalog", node + ".json")))
    report = open(os.path.join(a, "var", "state", "last_run_report.yaml")).read()
    transaction = re.search(r"^transaction_uuid: (\S+)$", report, re.M).group(1)
    stored = pdbstate.get(PDB, "/pdb/query/v4/catalogs/" + node)
    have = (stored["catalog_uuid"], stored["version"], stored["transaction_uuid"])
    want = (applied["catalog_uuid"], str(applied["version"]), transaction)
    if have != want:
        raise SystemExit("%s: PuppetDB stored %s, the agent ran %s" % (node, have, want))


def main():
    subprocess.check_call([os.path.join(ROOT, "tests", "tools", "puppetserver-pdb.sh"), "start", os.path.join(DATA, "envs")])
    held = pdbstate.lock()  # noqa: F841 (held until the process ends)
    out_dir = os.path.join(DATA, "expected", "agents")
    os.makedirs(out_dir, exist_ok=True)
    shutil.rmtree(AGENTS, ignore_errors=True)
    pdbstate.purge(PDB)
    for n, (node, extra) in enumerate(steps(), 1):
        if not os.path.exists(os.path.join(SSL, "certs", node + ".pem")):
            subprocess.check_call([os.path.join(ROOT, "tests", "tools", "puppetdb.sh"), "cert", PDB_DIR, node])
        start = time.time()
        run = subprocess.run([os.path.join(ROOT, "tests", "tools", "puppet-agent.sh"), AGENTS, node, PS_PORT, SSL,
                              os.path.join(DATA, "facts", node + ".json"), extra, "agents"],
                             stdout=subprocess.PIPE, text=True)
        pdbstate.wait_stored(PDB, node, start, True)
        check_identity(node)
        a = os.path.join(AGENTS, node)
        catalog = json.load(open(os.path.join(a, "var", "client_data", "catalog", node + ".json")))
        for k in ("version", "catalog_uuid"):
            catalog.pop(k)
        doc = {
            "exit": run.returncode,
            "changes": [l for l in run.stdout.splitlines() if l.startswith("Notice: /Stage[")],
            "catalog": catalog,
            "files": files_below(os.path.join(a, "out")),
            "stored": pdbstate.stored(PDB, node, trusted=True),
        }
        path = os.path.join(out_dir, "%d-%s.json" % (n, node))
        with open(path, "w") as f:
            json.dump(pdbstate.relative(placeholders(doc)), f, indent=2)
            f.write("\n")
        print("%s: agent exit %d" % (path, run.returncode))


if __name__ == "__main__":
    main()
