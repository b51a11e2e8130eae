#!/usr/bin/env python3
"""CPU per catalog of batch mode (one worker) for two or more pjit binaries,
alternating, ROUNDS rounds: the before/after check of BENCHMARKS.md's issue 20
"Session check" table.

Usage: batch-cpu.py ENVS FACTS_DIR ROLES BIN [BIN...]
  ENVS: an environmentpath (e.g. a copy of tests/roles/envs), FACTS_DIR: one
  NODE.json per node (tests/tools/role-facts.py DIR 100), ROLES: comma list.
Prints, per role and binary, ms of user + system CPU per catalog (start-up
included) and max RSS for each round; exits 1 if two binaries' catalogs differ.
"""
import filecmp, os, subprocess, sys, tempfile

envs, facts, roles, bins = sys.argv[1], sys.argv[2], sys.argv[3].split(","), sys.argv[4:]
rounds = int(os.environ.get("ROUNDS", "3"))
nodes = sorted(f[:-5] for f in os.listdir(facts) if f.endswith(".json"))
work = tempfile.mkdtemp()
open(f"{work}/list", "w").write("".join(n + "\n" for n in nodes))
res, same = {}, True
for _ in range(rounds):
    for role in roles:
        outs = []
        for i, b in enumerate(bins):
            out = f"{work}/out{i}"
            p = subprocess.Popen([b, "compile", "--environmentpath", envs, "--environment", role, "--nodes", f"{work}/list",
                                  "--facts-dir", facts, "-o", out, "-j", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, _, u = os.wait4(p.pid, 0)
            res.setdefault((role, b), []).append("%.2f ms %.1f MB" % ((u.ru_utime + u.ru_stime) * 1000 / len(nodes), u.ru_maxrss / 1024))
            outs.append(out)
        for o in outs[1:]:
            d = filecmp.dircmp(outs[0], o)
            same &= not (d.diff_files or d.left_only or d.right_only)
print(f"load: {os.getloadavg()}")
for (role, b), v in res.items():
    print(f"{role} {b}: " + ", ".join(v))
print("catalogs identical" if same else "CATALOGS DIFFER")
sys.exit(0 if same else 1)
