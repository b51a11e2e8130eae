#!/usr/bin/env python3
"""Facts for many distinct Debian 12 nodes, from tests/modules/facts.json:
each node gets its own name, address, processor count and memory, so
that catalogs differ where the roles use them (vhost names, MySQL's
bind-address and max_connections, ...).

Usage: role-facts.py OUTDIR N [--failing]
Writes OUTDIR/<node>.json for N nodes (node0000.example.com ...) and
OUTDIR.txt, the node list. With --failing, every 7th node gets facts that
make the real roles fail in different ways (no `networking` fact: an
evaluation error in the role; a non-Debian OS family: a `fail()` in the
modules' parameter classes), for tests that check failing nodes too.
"""
import copy
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
base = json.load(open(os.path.join(here, "..", "modules", "facts.json")))
out, n = sys.argv[1], int(sys.argv[2])
failing = "--failing" in sys.argv[3:]
os.makedirs(out, exist_ok=True)
names = []
for i in range(n):
    f = copy.deepcopy(base)
    host = f"node{i:04d}"
    fqdn = f"{host}.example.com"
    ip = f"10.0.{i // 250}.{i % 250 + 2}"
    f["hostname"], f["fqdn"], f["ipaddress"], f["ipaddress_eth0"] = host, fqdn, ip, ip
    f["networking"].update(hostname=host, fqdn=fqdn, ip=ip)
    f["networking"]["interfaces"]["eth0"]["ip"] = ip
    f["processorcount"] = f["processors"]["count"] = 1 + i % 8
    f["memorysize_mb"] = 1024.0 * (1 + i % 16)
    if failing and i % 7 == 3:
        del f["networking"]
    elif failing and i % 7 == 5:
        f["osfamily"] = f["os"]["family"] = "Solaris"
        f["operatingsystem"] = f["os"]["name"] = "Solaris"
    with open(os.path.join(out, f"{fqdn}.json"), "w") as fh:
        json.dump(f, fh, indent=1)
    names.append(fqdn)
with open(out.rstrip("/") + ".txt", "w") as fh:
    fh.write("\n".join(names) + "\n")
