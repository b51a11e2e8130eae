#!/usr/bin/env python3
"""CPU per catalog: a warm Puppet Server against pjit's batch mode, on the
same environments and nodes, alternating (see compare-server.sh, which
starts the server and prepares the environments and facts).

Puppet Server: catalogs requested as an agent requests them (`POST
/puppet/v3/catalog/<node>` with the node's facts), from 2 client threads
(one per JRuby instance); its CPU per catalog is the JVM's CPU time (all
threads: JRuby, the JIT compiler, the garbage collector) from the start of
a round of requests until the JVM is idle again, divided by the number of
requests (the figure during the requests alone is printed beside it). Each
pjit round starts only once the JVM is idle, so that the two never share the
machine; the JVM CPU time spent while pjit ran is printed. Before measuring, rounds are run until
the CPU per catalog stops falling (PATIENCE rounds in a row, 4 by default,
without a round 3% below the best one; at most MAX_WARMUP rounds). pjit: `pjit compile --facts-dir ... -j JOBS`
over all the nodes; its CPU per catalog is the process's CPU time (user +
system) divided by the number of nodes. The two are measured in turns,
ROUNDS times each; medians are reported.

Before timing a role, the catalog of its first node from each is compared
(without version, code_id and catalog_uuid): they must be equal.

Usage: compare_server.py PJIT ENVS FACTS_DIR SSL_DIR PORT PID ROLE...
Environment: ROUNDS (5), REQUESTS per server round (40), JOBS (2).
"""
import json
import os
import ssl
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import http.client

pjit, envs, facts_dir, ssl_dir, port, pid = sys.argv[1:7]
roles = sys.argv[7:]
port = int(port)
rounds = int(os.environ.get("ROUNDS", "5"))
requests = int(os.environ.get("REQUESTS", "40"))
jobs = os.environ.get("JOBS", "2")
tick = os.sysconf("SC_CLK_TCK")

nodes = sorted(f[: -len(".json")] for f in os.listdir(facts_dir) if f.endswith(".json"))
facts = {n: json.load(open(os.path.join(facts_dir, f"{n}.json"))) for n in nodes}

ctx = ssl.create_default_context(cafile=os.path.join(ssl_dir, "certs", "ca.pem"))
ctx.load_cert_chain(os.path.join(ssl_dir, "certs", "pjit-perf.test.pem"), os.path.join(ssl_dir, "private_keys", "pjit-perf.test.pem"))
ctx.check_hostname = False


def jvm_cpu():
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick


def server_catalog(conn, env, node):
    body = urllib.parse.urlencode({
        "facts_format": "application/json",
        "facts": json.dumps({"name": node, "values": facts[node]}),
        "environment": env,
    })
    conn.request("POST", f"/puppet/v3/catalog/{urllib.parse.quote(node)}?environment={env}", body=body,
                 headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"})
    r = conn.getresponse()
    data = r.read()
    if r.status != 200:
        sys.exit(f"Puppet Server: {node} in {env}: HTTP {r.status}: {data[:400]!r}")
    return data


def server_round(env, n, start):
    """n catalogs from 2 threads; returns CPU seconds per catalog."""
    todo = [nodes[(start + i) % len(nodes)] for i in range(n)]
    lock = threading.Lock()

    def worker():
        conn = http.client.HTTPSConnection("127.0.0.1", port, context=ctx, timeout=600)
        while True:
            with lock:
                if not todo:
                    break
                node = todo.pop()
            server_catalog(conn, env, node)
        conn.close()

    before = jvm_cpu()
    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    during = jvm_cpu() - before
    settle()
    return (jvm_cpu() - before) / n, during / n


def settle():
    """Waits until the JVM is idle (at most 1 tick of CPU in a quarter of a
    second, 30 s at most). The JVM goes on working after the last response
    of a round (JIT compilation of what the round ran hot, concurrent GC):
    that work is the cost of the round's catalogs, so it is counted in the
    round, and it must not run beside pjit's round, where it would take the
    other core, the caches and the memory bandwidth (a busy loop on the
    other core alone makes pjit's CPU per catalog 20% dearer)."""
    deadline = time.monotonic() + 30
    last = jvm_cpu()
    while time.monotonic() < deadline:
        time.sleep(0.25)
        now = jvm_cpu()
        if now - last <= 1.0 / tick:
            return
        last = now


def pjit_round(env, out):
    t = time.perf_counter()
    p = subprocess.Popen([pjit, "compile", "--environmentpath", envs, "--environment", env, "--facts-dir", facts_dir,
                          "-o", out, "-j", jobs], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, u = os.wait4(p.pid, 0)
    err = p.stderr.read().decode()
    if status != 0:
        sys.exit(f"pjit failed on {env}:\n{err[-2000:]}")
    return (u.ru_utime + u.ru_stime) / len(nodes), u.ru_maxrss / 1024, time.perf_counter() - t


def normalized(catalog):
    c = json.loads(catalog)
    for k in ("version", "code_id", "catalog_uuid"):
        c.pop(k, None)
    return c


def load():
    return open("/proc/loadavg").read().split()[:3]


results = []
for env in roles:
    out = os.path.join(os.path.dirname(facts_dir.rstrip("/")), f"out-{env}")
    # The same catalog from both.
    conn = http.client.HTTPSConnection("127.0.0.1", port, context=ctx, timeout=600)
    theirs = normalized(server_catalog(conn, env, nodes[0]))
    conn.close()
    pjit_round(env, out)
    ours = normalized(open(os.path.join(out, f"{nodes[0]}.json")).read())
    if theirs != ours:
        a = {(r["type"], r["title"]): r for r in theirs["resources"]}
        b = {(r["type"], r["title"]): r for r in ours["resources"]}
        diff = next((k for k in a if a[k] != b.get(k)), None) or next((k for k in b if k not in a), None)
        sys.exit(f"{env}: the catalogs of {nodes[0]} differ (first difference: {diff})")
    # Warm-up until the CPU per catalog stops falling: JRuby and the JVM
    # keep compiling hot code for hundreds of catalogs. Stop when PATIENCE
    # rounds in a row did not beat the best round by 3%.
    start, best, since, history = 0, None, 0, []
    for i in range(int(os.environ.get("MAX_WARMUP", "60"))):
        c, _ = server_round(env, requests, start)
        start += requests
        history.append(c)
        if best is None or c < best * 0.97:
            best, since = c if best is None else min(best, c), 0
        else:
            best, since = min(best, c), since + 1
        if i >= 5 and since >= int(os.environ.get("PATIENCE", "4")):
            break
    print(f"{env}: warm-up rounds, ms CPU per catalog: {', '.join(f'{1000 * c:.0f}' for c in history)}", flush=True)
    ps, pds, js, rss, beside = [], [], [], [], []
    for _ in range(rounds):
        c, d = server_round(env, requests, start)
        ps.append(c)
        pds.append(d)
        start += requests
        jvm = jvm_cpu()
        j, m, _ = pjit_round(env, out)
        beside.append(jvm_cpu() - jvm)
        js.append(j)
        rss.append(m)
    p, j = statistics.median(ps), statistics.median(js)
    print(f"{env}: Puppet Server {1000 * p:.1f} ms CPU/catalog ({', '.join(f'{1000 * x:.1f}' for x in ps)}; "
          f"during the requests only: {', '.join(f'{1000 * x:.1f}' for x in pds)}), "
          f"JVM CPU while pjit ran: {', '.join(f'{x:.2f}' for x in beside)} s, "
          f"pjit -j {jobs} {1000 * j:.3f} ms ({', '.join(f'{1000 * x:.3f}' for x in js)}), {p / j:.0f}x; "
          f"pjit max RSS {max(rss):.1f} MB; load {' '.join(load())}", flush=True)
    results.append((env, p, j, max(rss)))

print()
print(f"| workload | Puppet Server, warm (ms CPU per catalog) | pjit batch -j {jobs} (ms CPU per catalog) | ratio | pjit max RSS |")
print("|---|---|---|---|---|")
for env, p, j, m in results:
    print(f"| {env} | {1000 * p:.1f} | {1000 * j:.3f} | {p / j:.0f}x | {m:.1f} MB |")
print(f"\n{len(nodes)} nodes; load average at the end: {' '.join(load())}")
