#!/usr/bin/env python3
"""How much of a batch's work a per-evaluation memo could reuse.

Reads the catalogs a batch wrote (`pjit compile --nodes ... -o DIR`) and,
for each class and defined type, counts the evaluations whose visible
outcome also appears on another node: the same title and parameters, and
the same resources directly contained (the catalog's containment edges),
compared as JSON. An evaluation whose outcome repeats is one a memo of
class and define evaluations (docs/define-memo.md) could replay instead of
evaluate, provided the inputs it read were the same too; the figure is an
upper bound, per type, weighted by instances.

Usage: tests/tools/memo-potential.py DIR [MAX_FILES]
"""
import collections
import glob
import json
import os
import sys


def main():
    out = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    files = sorted(glob.glob(os.path.join(out, "*.json")))[:limit]
    outcomes = collections.defaultdict(collections.Counter)
    for f in files:
        with open(f) as fh:
            doc = json.load(fh)
        by_ref = {f"{r['type']}[{r['title']}]": r for r in doc["resources"]}
        contained = collections.defaultdict(list)
        for e in doc["edges"]:
            contained[e["source"]].append(e["target"])
        for ref, r in by_ref.items():
            if r["type"] == "Class" or "::" in r["type"]:
                sig = json.dumps([r["title"], r.get("parameters")] + [by_ref.get(c) for c in contained.get(ref, [])], sort_keys=True)
                outcomes[r["type"]][sig] += 1
    print(f"{len(files)} catalogs")
    print(f"{'type':40} {'instances':>9} {'repeated':>8} {'distinct':>8}")
    for t, c in sorted(outcomes.items(), key=lambda kv: -sum(kv[1].values())):
        n = sum(c.values())
        rep = sum(v for v in c.values() if v > 1)
        print(f"{t:40} {n:9} {rep / n:8.2f} {len(c):8}")


if __name__ == "__main__":
    main()
