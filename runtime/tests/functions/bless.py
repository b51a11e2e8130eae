#!/usr/bin/env python3
"""Regenerates the expectations of the function case tables from Puppet 7.23.

Each line of runtime/tests/functions/*.cases is `EXPR ==> EXPECTED` (or just
`EXPR` for a new case); `SETUP ;; SETUP ;; EXPR` runs setup statements (or
`type A = T` alias declarations) first. Every case becomes its own program

    SETUP
    $r = (EXPR)
    notice(type($r, 'generalized'))
    notice($r)

which the oracle (shared/oracle/oracle.rb) compiles with real Puppet; the
expectation written back is

    ok <generalized type> | <notice text>[ <| level: message ...]
    error <ISSUE_CODE>: <message>[ <| level: message ...]

where the `<| level: message` parts are what the case logged at notice level
and above (`notice`, `warning`, `err` ...), in order, and the `<! level:
message` parts Puppet's own warnings (deprecations, without their location).
Newlines are escaped as \\n.

Run:  BLESS=1 python3 runtime/tests/functions/bless.py   (all cases)
      python3 runtime/tests/functions/bless.py           (only cases without ==>)
      python3 runtime/tests/functions/bless.py FILE...   (only those .cases files)
`scanf` needs Ruby's scanf library, which Ruby 3.1 no longer ships: with
SCANF_LIB=DIR (a directory holding scanf.rb from the `scanf` gem) the oracle
runs with it on RUBYLIB. The Rust tests (runtime/tests/functions.rs) never
need Puppet.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.normpath(os.path.join(HERE, "..", "..", "..", "..", "shared", "oracle", "oracle.rb"))
if not os.path.exists(ORACLE):
    ORACLE = "/work/shared/oracle/oracle.rb"
SEP = " ==> "


def escape(s):
    return s.replace("\\", "\\\\").replace("\n", "\\n")


def program(case):
    parts = case.split(" ;; ")
    setup = "".join(p + "\n" for p in parts[:-1])
    return setup + "$r = (%s)\nnotice(type($r, 'generalized'))\nnotice($r)\n" % parts[-1]


def log_parts(logs):
    return "".join(" <| " + escape(l) for l in logs)


def puppet_log_parts(doc):
    # Puppet's own warnings (deprecations), without their location.
    out = []
    for l in doc.get("puppet_logs") or []:
        l = re.sub(r"\n   \((file & line not available|file: [^)]*)\)$", "", l)
        out.append(" <! " + escape(l))
    return "".join(out)


def expectation(doc):
    if doc.get("oracle_failure"):
        raise SystemExit("oracle failure: %s" % doc.get("error"))
    if "cannot load such file -- scanf" in (doc.get("error") or ""):
        raise SystemExit("scanf cases need Ruby's scanf library: set SCANF_LIB (see the doc above)")
    logs = [l for l in doc.get("logs") or []]
    if doc["ok"]:
        if len(logs) < 2:
            raise SystemExit("unexpected logs %r" % logs)
        t, v = logs[-2], logs[-1]
        return "ok %s | %s%s%s" % (t[len("notice: "):], escape(v[len("notice: "):]), log_parts(logs[:-2]),
                                   puppet_log_parts(doc))
    det = doc.get("error_details") or {}
    msg = det.get("basic_message") or doc["error"]
    msg = re.sub(r"^Evaluation Error: ", "", msg)
    msg = re.sub(r" \(file: [^)]*\)( on node \S+)?$", "", msg)
    msg = re.sub(r" on node \S+$", "", msg)
    code = det.get("issue_code") or "NONE"
    return "error %s: %s%s%s" % (code, escape(msg), log_parts(logs), puppet_log_parts(doc))


def main():
    bless_all = os.environ.get("BLESS") == "1"
    only = [os.path.basename(a) for a in sys.argv[1:]]
    files = sorted(f for f in os.listdir(HERE) if f.endswith(".cases") and (not only or f in only))
    todo = []
    contents = {}
    for f in files:
        lines = open(os.path.join(HERE, f), encoding="utf-8").read().split("\n")
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
    env = dict(os.environ)
    if os.environ.get("SCANF_LIB"):
        env["RUBYLIB"] = os.environ["SCANF_LIB"] + (":" + env["RUBYLIB"] if env.get("RUBYLIB") else "")
    with tempfile.TemporaryDirectory() as tmp:
        names = []
        for n, (f, i, expr) in enumerate(todo):
            name = "c%05d.pp" % n
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as out:
                out.write(program(expr))
            names.append(name)
        res = subprocess.run(["ruby", ORACLE, "--stdout", "-q", "--relative-paths"] + names,
                             cwd=tmp, capture_output=True, text=True, env=env)
        docs = {}
        for line in res.stdout.splitlines():
            if line.strip():
                d = json.loads(line)
                docs[d["case"]] = d
    for n, (f, i, expr) in enumerate(todo):
        doc = docs.get("c%05d.pp" % n)
        if doc is None:
            raise SystemExit("no oracle answer for %s: %s\n%s" % (f, expr, res.stderr[-2000:]))
        contents[f][i] = expr + SEP + expectation(doc)
    for f, lines in contents.items():
        with open(os.path.join(HERE, f), "w", encoding="utf-8") as out:
            out.write("\n".join(lines))
    print("blessed %d cases" % len(todo))


if __name__ == "__main__":
    main()
