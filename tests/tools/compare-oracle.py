#!/usr/bin/env python3
"""Compares `pjit parse` with Puppet's verdicts for ad-hoc corpora.

For every x.pp below the given directories that has an oracle verdict x.json
beside it (written by ../shared/oracle/oracle.rb --mode parse), runs the pjit
binary and prints each disagreement: accept/reject, error line, error
column. A quick way to try many generated files (e.g. make_mutations.py
--seed N --out /tmp/m) without goldens; the committed cases are checked by
`cargo test --test parse`.

Usage: compare-oracle.py [--pjit target/release/pjit] [--columns] DIR...
"""

import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LOC = re.compile(r"\(file: [^,()]*(?:, line: (\d+)(?:, column: (\d+))?)?\)\s*$")


def pjit_verdict(pjit, path):
    p = subprocess.run([pjit, "parse", path], capture_output=True, text=True, errors="replace")
    if p.returncode not in (0, 1):
        return ("crash", p.returncode, p.stderr[-500:])
    errs = [l for l in p.stderr.splitlines() if l.startswith("Error: ")]
    if p.returncode == 0:
        return (True, None, None, None)
    m = LOC.search(errs[0]) if errs else None
    line = int(m.group(1)) if m and m.group(1) else None
    col = int(m.group(2)) if m and m.group(2) else None
    return (False, line, col, errs[0] if errs else "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pjit", default=os.path.join(HERE, "..", "..", "target", "release", "pjit"))
    ap.add_argument("--columns", action="store_true", help="also report column differences")
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    stats = dict(cases=0, agree=0, ok_both=0, err_both=0, line=0, column=0, bad=0)
    for d in args.dirs:
        for root, dirs, files in os.walk(d):
            dirs.sort()
            for f in sorted(files):
                if not f.endswith(".pp"):
                    continue
                pp = os.path.join(root, f)
                js = pp[:-3] + ".json"
                if not os.path.exists(js):
                    continue
                want = json.load(open(js))
                if want.get("oracle_failure"):
                    continue
                stats["cases"] += 1
                got = pjit_verdict(args.pjit, pp)
                if got[0] == "crash":
                    stats["bad"] += 1
                    print(f"{pp}: pjit CRASHED (status {got[1]})\n    {got[2]}")
                    continue
                ok, line, col, msg = got
                if ok != bool(want["ok"]):
                    stats["bad"] += 1
                    print(f"{pp}: Puppet {'accepts' if want['ok'] else 'rejects'}, pjit {'accepts' if ok else 'rejects'}\n"
                          f"    puppet: {want.get('error')}\n    pjit:   {msg}")
                    continue
                stats["agree"] += 1
                if ok:
                    stats["ok_both"] += 1
                    continue
                stats["err_both"] += 1
                if want.get("line") is None or want["line"] == line:
                    stats["line"] += 1
                else:
                    print(f"{pp}: line {line}, Puppet line {want['line']}\n    puppet: {want.get('error')}\n    pjit:   {msg}")
                    continue
                if want.get("column") is None or want["column"] == col:
                    stats["column"] += 1
                elif args.columns:
                    print(f"{pp}: column {col}, Puppet column {want['column']}\n    puppet: {want.get('error')}\n    pjit:   {msg}")
    print(", ".join(f"{k} {v}" for k, v in stats.items()), file=sys.stderr)
    sys.exit(1 if stats["bad"] else 0)


if __name__ == "__main__":
    main()
