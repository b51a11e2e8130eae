#!/usr/bin/env python3
"""Puppet's side of the PuppetDB goldens (tests/puppetdb/expected/).

Each environment of tests/puppetdb/envs/ is a scenario: its `steps` file
lists nodes, which are compiled one after the other by Debian's
puppetserver 7.9.5 (Puppet 7.23) with storeconfigs through Debian's
puppet-terminus-puppetdb, against the private PuppetDB of
tests/tools/puppetdb.sh, as their agents would ask for their catalogs
(POST /puppet/v3/catalog/NODE with the node's facts, each node with a
certificate of its own). PuppetDB starts empty for each scenario, and
each step waits until PuppetDB has processed what the step stored, so a
node sees exactly the nodes before it.

For step N (node X) it writes expected/SCENARIO/N-X.json: the catalog the
agent got (or the error), the Scope(...) log lines the compile logged, and
what PuppetDB then holds for X (its facts but `trusted`, and its stored
resources and edges, sorted), the same form tests/puppetdb.rs writes for
pjit.

    tests/tools/bless-puppetdb.py [SCENARIO...]

It starts PuppetDB and puppetserver (tests/tools/puppetserver-pdb.sh)
itself and leaves them running.
"""
import json
import os
import re
import ssl
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "puppetdb")
PDB_DIR = os.path.join(ROOT, "target", "puppetdb")
SSL = os.path.join(PDB_DIR, "ssl")
PDB = "http://127.0.0.1:%s" % os.environ.get("PJIT_PDB_HTTP_PORT", "8090")
PS = "https://127.0.0.1:%s" % os.environ.get("PJIT_PS_PORT", "8143")
PS_LOG = os.path.join(ROOT, "target", "puppetserver", "log", "puppetserver.log")

sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))
import pdbstate  # noqa: E402


def node_cert(node):
    cert = os.path.join(SSL, "certs", node + ".pem")
    if not os.path.exists(cert):
        subprocess.check_call([os.path.join(ROOT, "tests", "tools", "puppetdb.sh"), "cert", PDB_DIR, node])
    return cert, os.path.join(SSL, "private_keys", node + ".pem")


def compile_on_server(env, node, facts):
    cert, key = node_cert(node)
    ctx = ssl.create_default_context(cafile=os.path.join(SSL, "certs", "ca.pem"))
    ctx.check_hostname = False
    ctx.load_cert_chain(cert, key)
    wire_facts = {"name": node, "values": facts, "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S.000000000+00:00", time.gmtime()),
                  "expiration": time.strftime("%Y-%m-%dT%H:%M:%S.000000000+00:00", time.gmtime(time.time() + 1800))}
    body = urllib.parse.urlencode({
        "facts_format": "application/json",
        "facts": json.dumps(wire_facts),
        "transaction_uuid": str(uuid.uuid4()),
        "environment": env,
    }).encode()
    req = urllib.request.Request("%s/puppet/v3/catalog/%s?environment=%s" % (PS, node, env), data=body,
                                 headers={"Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.urlopen(req, context=ctx, timeout=600) as r:
            return True, json.loads(r.read())
    except urllib.error.HTTPError as e:
        text = e.read().decode()
        try:
            return False, json.loads(text).get("message", text)
        except ValueError:
            return False, text


def server_logs(offset):
    """Scope(...) lines puppetserver logged after `offset`, as
    [logback level, scope, message] (puppetserver logs notices at INFO)."""
    with open(PS_LOG, encoding="utf-8") as f:
        f.seek(offset)
        text = f.read()
    out = []
    for m in re.finditer(r"^\S+ \S+ (\w+)\s+\[puppetserver\] Scope\((.*?)\) (.*)$", text, re.M):
        out.append([m.group(1), m.group(2), m.group(3)])
    return out


def run_scenario(env):
    steps = open(os.path.join(DATA, "envs", env, "steps")).read().split()
    out_dir = os.path.join(DATA, "expected", env)
    os.makedirs(out_dir, exist_ok=True)
    pdbstate.purge(PDB)
    for n, node in enumerate(steps, 1):
        facts = json.load(open(os.path.join(DATA, "facts", node + ".json")))
        offset = os.path.getsize(PS_LOG)
        start = time.time()
        ok, result = compile_on_server(env, node, facts)
        pdbstate.wait_stored(PDB, node, start, ok)
        time.sleep(1)  # let the log catch up
        doc = {"ok": ok}
        # Paths relative to the checkout, as tests/puppetdb.rs compares
        # them (the goldens must not depend on where they were made).
        if ok:
            doc["catalog"] = pdbstate.relative(result)
        else:
            doc["error"] = pdbstate.relative(result)
        doc["logs"] = server_logs(offset)
        doc["stored"] = pdbstate.stored(PDB, node)
        path = os.path.join(out_dir, "%d-%s.json" % (n, node))
        with open(path, "w") as f:
            json.dump(doc, f, indent=2, sort_keys=False)
            f.write("\n")
        print("%s: %s" % (path, "ok" if ok else "error: " + str(result)[:200]))


def main():
    envs = sys.argv[1:] or sorted(e for e in os.listdir(os.path.join(DATA, "envs"))
                                  if os.path.exists(os.path.join(DATA, "envs", e, "steps")))
    subprocess.check_call([os.path.join(ROOT, "tests", "tools", "puppetserver-pdb.sh"), "start", os.path.join(DATA, "envs")])
    held = pdbstate.lock()  # noqa: F841 (held until the process ends)
    for env in envs:
        run_scenario(env)


if __name__ == "__main__":
    main()
