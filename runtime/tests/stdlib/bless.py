#!/usr/bin/env python3
"""Regenerates the expectations of the module-function case tables
(runtime/tests/stdlib/*.cases) from Puppet 7.23 with Debian's modules.

The format and the program each case becomes are those of
../functions/bless.py (`EXPR ==> EXPECTED`, `SETUP ;; EXPR`), with two
differences: the oracle compiles with `--modulepath /usr/share/puppet/modules`
(puppetlabs-stdlib 8.5 and the other Debian module packages, so the Ruby
functions of those modules exist), and each case is compiled as its own
file `cNNNNN/case.pp` whose directory is dropped from the output, so that messages naming the manifest (stdlib's deprecation
warnings say `at ["case.pp", 2]:["case.pp", 0]`) do not depend on the
case's position. Puppet's own warnings lose their `(location: ...)`
suffix, which names Ruby source lines.

A file whose first line is `#! modulepath: DIR` (relative to the
repository) is blessed with that modulepath instead (`target/trixie-modules`:
Debian 13's modules, stdlib 9.4.1, unpacked by tests/tools/trixie-modules.sh
when missing).

Run:  BLESS=1 python3 runtime/tests/stdlib/bless.py   (all cases)
      python3 runtime/tests/stdlib/bless.py           (only cases without ==>)
      python3 runtime/tests/stdlib/bless.py FILE...   (only those .cases files)
The Rust tests (runtime/tests/functions.rs) never need Puppet.
"""
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("core_bless", os.path.join(HERE, "..", "functions", "bless.py"))
core = importlib.util.module_from_spec(spec)
spec.loader.exec_module(core)

MODULEPATH = os.environ.get("MODULEPATH", "/usr/share/puppet/modules")
SEP = core.SEP


def puppet_log_parts(doc):
    out = []
    for l in doc.get("puppet_logs") or []:
        l = re.sub(r"\n   \((file & line not available|file: [^)]*|location: [^)]*)\)$", "", l)
        out.append(" <! " + core.escape(l))
    return "".join(out)


core.puppet_log_parts = puppet_log_parts


def main():
    bless_all = os.environ.get("BLESS") == "1"
    only = [os.path.basename(a) for a in sys.argv[1:]]
    files = sorted(f for f in os.listdir(HERE) if f.endswith(".cases") and (not only or f in only))
    todo, contents, modulepaths = [], {}, {}
    repo = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
    for f in files:
        lines = open(os.path.join(HERE, f), encoding="utf-8").read().split("\n")
        contents[f] = lines
        m = re.match(r"#! modulepath: (\S+)$", lines[0]) if lines else None
        if m:
            mp = os.path.join(repo, m.group(1))
            if not os.path.isdir(mp) and m.group(1) == "target/trixie-modules":
                subprocess.run([os.path.join(repo, "tests", "tools", "trixie-modules.sh"), mp], check=True)
            modulepaths[f] = mp
        for i, line in enumerate(lines):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            expr = line.split(SEP, 1)[0].rstrip()
            if bless_all or SEP not in line:
                todo.append((f, i, expr))
    if not todo:
        print("nothing to bless")
        return
    groups = {}
    for item in todo:
        groups.setdefault(modulepaths.get(item[0], MODULEPATH), []).append(item)
    for mp, items in groups.items():
        bless(items, mp, contents)
    for f, lines in contents.items():
        with open(os.path.join(HERE, f), "w", encoding="utf-8") as out:
            out.write("\n".join(lines))
    print("blessed %d cases" % len(todo))


def bless(todo, modulepath, contents):
    """Asks the oracle (with `modulepath`) for the cases `todo`."""
    docs = {}
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for n, (f, i, expr) in enumerate(todo):
            d = os.path.join(tmp, "c%05d" % n)
            os.mkdir(d)
            with open(os.path.join(d, "case.pp"), "w", encoding="utf-8") as out:
                out.write(core.program(expr))
            paths.append(os.path.join("c%05d" % n, "case.pp"))
        res = subprocess.run(["ruby", core.ORACLE, "--stdout", "-q", "--relative-paths",
                              "--modulepath", modulepath, "--root", tmp] + paths,
                             cwd=tmp, capture_output=True, text=True)
        for line in res.stdout.splitlines():
            if line.strip():
                d = json.loads(line)
                # Each case is its own `case.pp`: drop the directory.
                docs[d["case"]] = json.loads(re.sub(r"c\d{5}/case\.pp", "case.pp", line))
    for n, (f, i, expr) in enumerate(todo):
        doc = docs.get(paths[n])
        if doc is None:
            raise SystemExit("no oracle answer for %s: %s\n%s" % (f, expr, res.stderr[-2000:]))
        contents[f][i] = expr + SEP + core.expectation(doc)


if __name__ == "__main__":
    main()
