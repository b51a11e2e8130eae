#!/usr/bin/env python3
"""Regenerates the expectations of the runtime case tables from Puppet 7.23.

Each line of tests/cases/*.cases is `EXPR ==> EXPECTED` (or just `EXPR` for a
new case); `type A = T ;; EXPR` declares type aliases first. Every case
becomes its own Puppet program

    $r = (EXPR)
    notice(type($r, 'generalized'))
    notice($r)

which the oracle (../shared/oracle/oracle.rb) compiles with real Puppet; the
expectation written back is

    ok <generalized type> | <notice text>        (newlines escaped as \\n)
    error <ISSUE_CODE>: <message>

Run:  BLESS=1 python3 runtime/tests/bless.py        (all cases)
      python3 runtime/tests/bless.py                (only cases without ==>)
The Rust tests (tests/cases.rs) never need Puppet.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")
ORACLE = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "oracle", "oracle.rb"))
if not os.path.exists(ORACLE):
    ORACLE = "/work/shared/oracle/oracle.rb"
SEP = " ==> "


def escape(s):
    return s.replace("\\", "\\\\").replace("\n", "\\n")


def program(case):
    # `type A = ... ;; type B = ... ;; EXPR`: alias declarations, then the expression.
    parts = case.split(" ;; ")
    setup = "".join(p + "\n" for p in parts[:-1])
    return setup + "$r = (%s)\nnotice(type($r, 'generalized'))\nnotice($r)\n" % parts[-1]


def expectation(doc):
    if doc.get("oracle_failure"):
        raise SystemExit("oracle failure: %s" % doc.get("error"))
    if doc["ok"]:
        logs = [l[len("notice: "):] for l in doc["logs"] if l.startswith("notice: ")]
        if len(logs) != 2:
            raise SystemExit("unexpected logs %r" % doc["logs"])
        return "ok %s | %s" % (logs[0], escape(logs[1]))
    det = doc.get("error_details") or {}
    msg = det.get("basic_message") or doc["error"]
    msg = re.sub(r"^Evaluation Error: ", "", msg)
    msg = re.sub(r" \(file: [^)]*\)( on node \S+)?$", "", msg)
    msg = re.sub(r" on node \S+$", "", msg)
    code = det.get("issue_code") or "NONE"
    return "error %s: %s" % (code, escape(msg))


def main():
    bless_all = os.environ.get("BLESS") == "1"
    files = sorted(f for f in os.listdir(CASES) if f.endswith(".cases"))
    todo = []  # (file, line index, expr)
    contents = {}
    for f in files:
        lines = open(os.path.join(CASES, f), encoding="utf-8").read().split("\n")
        contents[f] = lines
        for i, line in enumerate(lines):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            expr = line.split(SEP, 1)[0].rstrip()
            if bless_all or SEP not in line:
                todo.append((f, i, expr))
    if not todo:
        print("nothing to bless")
        return
    with tempfile.TemporaryDirectory() as tmp:
        names = []
        for n, (f, i, expr) in enumerate(todo):
            name = "c%05d.pp" % n
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as out:
                out.write(program(expr))
            names.append(name)
        res = subprocess.run(["ruby", ORACLE, "--stdout", "-q", "--relative-paths"] + names,
                             cwd=tmp, capture_output=True, text=True)
        docs = {}
        for line in res.stdout.splitlines():
            if line.strip():
                d = json.loads(line)
                docs[d["case"]] = d
    for n, (f, i, expr) in enumerate(todo):
        doc = docs.get("c%05d.pp" % n)
        if doc is None:
            raise SystemExit("no oracle answer for %s: %s" % (f, expr))
        contents[f][i] = expr + SEP + expectation(doc)
    for f, lines in contents.items():
        with open(os.path.join(CASES, f), "w", encoding="utf-8") as out:
            out.write("\n".join(lines))
    print("blessed %d cases" % len(todo))


if __name__ == "__main__":
    main()
