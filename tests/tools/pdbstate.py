"""What PuppetDB holds for a node, in the form the PuppetDB goldens keep
(tests/tools/bless-puppetdb.py; tests/puppetdb.rs reads PuppetDB the same
way for pjit): facts but `trusted`, stored resources and edges, sorted;
file paths relative to the repository. Also: emptying PuppetDB, and
waiting until a step's commands are processed."""
import datetime
import json
import os
import subprocess
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def get(pdb, path, query=None):
    url = pdb + path
    if query is not None:
        url += "?query=" + urllib.parse.quote(json.dumps(query))
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return None
        raise


def post(pdb, path, doc):
    req = urllib.request.Request(pdb + path, data=json.dumps(doc).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def lock():
    """The lock tests/puppetdb.rs takes: one user of the test PuppetDB at a time."""
    import fcntl
    f = open("/var/tmp/pjit-puppetdb-%s.lock" % os.environ.get("PJIT_PDB_HTTP_PORT", "8090"), "w")
    fcntl.flock(f, fcntl.LOCK_EX)
    return f


def purge(pdb):
    q = ["or", ["=", "node_state", "active"], ["=", "node_state", "inactive"]]
    for n in get(pdb, "/pdb/query/v4/nodes", q):
        post(pdb, "/pdb/admin/v1/cmd", {"command": "delete", "version": 1, "payload": {"certname": n["certname"]}})
    for _ in range(600):
        if not get(pdb, "/pdb/query/v4/nodes", q):
            subprocess.check_call([os.path.join(ROOT, "tests/tools/puppetdb.sh"), "vacuum"])
            return
        time.sleep(0.1)
    raise SystemExit("PuppetDB did not delete its nodes")


def when(ts):
    return datetime.datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()


def wait_stored(pdb, node, start, catalog):
    """Until PuppetDB has the node's catalog (or, after a failed compile,
    its facts) produced after `start`."""
    path = "/pdb/query/v4/%s/%s" % ("catalogs" if catalog else "factsets", node)
    for _ in range(1200):
        doc = get(pdb, path)
        if doc and when(doc["producer_timestamp"]) >= int(start):
            return
        time.sleep(0.1)
    raise SystemExit("PuppetDB did not store %s for %s" % (path, node))


def relative(v):
    if isinstance(v, str):
        return v.replace(ROOT + "/", "")
    if isinstance(v, list):
        return [relative(x) for x in v]
    if isinstance(v, dict):
        return {k: relative(x) for k, x in v.items()}
    return v


def stored(pdb, node, trusted=False):
    """What PuppetDB holds for `node`; the `trusted` fact only with
    `trusted` (a compile without a certificate has a local one)."""
    q = ["=", "certname", node]
    facts = {f["name"]: f["value"] for f in get(pdb, "/pdb/query/v4/facts", q) if trusted or f["name"] != "trusted"}
    resources = []
    for r in get(pdb, "/pdb/query/v4/resources", q):
        resources.append({k: r.get(k) for k in ("type", "title", "exported", "tags", "file", "line", "parameters")})
        resources[-1]["tags"] = sorted(resources[-1]["tags"])
    resources.sort(key=lambda r: (r["type"], r["title"]))
    edges = sorted(([e["source_type"], e["source_title"], e["relationship"], e["target_type"], e["target_title"]]
                    for e in get(pdb, "/pdb/query/v4/edges", q)))
    return relative({"facts": dict(sorted(facts.items())), "resources": resources, "edges": edges})
