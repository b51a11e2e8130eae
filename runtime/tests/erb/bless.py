#!/usr/bin/env python3
"""Regenerates the expectations of the ERB case tables from Puppet 7.23.

A case file (runtime/tests/erb/cases/*.txt) is a sequence of cases. Lines
starting with `### ` are directives; the lines between two directives are
a content block (joined with newlines, so a block that should end with a
newline ends with an empty line):

    ### case NAME              starts a case (NAME: [a-z0-9_]+)
    ### inline                 render with inline_template() instead of template()
    ### vars {"x": 1, ...}     top-scope variables (JSON; null is undef)
    ### classes {"c": {"y": 1}}  classes declared and included, with their variables
    ### template               the template follows
    ### file NAME.erb          another template of the test module follows
    ### output                 (blessed) Puppet's output follows
    ### error MESSAGE          (blessed) Puppet's error, location removed, \\n escaped
    ### log LEVEL: MESSAGE     (blessed) a message Puppet logged, \\n escaped

Each case becomes a manifest

    class c { $y = 1 } ... include c ...
    $x = 1 ...
    $erb_case_result = template('erbtest/NAME.erb')
    notice($erb_case_result)

compiled by the oracle (shared/oracle/oracle.rb) with the module `erbtest`
(the templates) on the modulepath and the facts of facts.json. The last
notice is the output; the other messages are the logs.

Run:  BLESS=1 python3 runtime/tests/erb/bless.py   (all cases)
      python3 runtime/tests/erb/bless.py           (only cases without expectations)
      python3 runtime/tests/erb/bless.py FILE...   (only those case files)
The Rust test (runtime/tests/erb.rs) never needs Puppet.
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
FACTS = os.path.join(HERE, "facts.json")
BLESSED = ("### output", "### error ", "### log ")


def escape(s):
    return s.replace("\\", "\\\\").replace("\n", "\\n")


def parse(path):
    text = open(path, encoding="utf-8").read()
    if text.endswith("\n"):
        text = text[:-1]
    cases, case, block = [], None, None
    for line in text.split("\n"):
        if line.startswith("### "):
            if line.startswith("### case "):
                case = {"name": line[9:].strip(), "directives": [], "blocks": []}
                cases.append(case)
            elif case is None:
                raise SystemExit(f"{path}: a directive before the first case: {line}")
            block = [line, []]
            case["blocks"].append(block)
        elif block is None:
            raise SystemExit(f"{path}: text before the first case: {line!r}")
        else:
            block[1].append(line)
    return cases


def content(block):
    return "\n".join(block[1])


def puppet_literal(v):
    if v is None:
        return "undef"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        # Puppet takes `1.0e20` but not `1e+20`.
        r = repr(v)
        if "e" in r:
            m, e = r.split("e")
            if "." not in m:
                m += ".0"
            r = m + "e" + str(int(e))
        return r
    if isinstance(v, str):
        return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if isinstance(v, list):
        return "[" + ", ".join(puppet_literal(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(puppet_literal(k) + " => " + puppet_literal(x) for k, x in v.items()) + "}"
    raise SystemExit(f"unsupported value {v!r}")


def manifest(case):
    out = []
    vars_, classes, inline, template = {}, {}, False, None
    for head, lines in case["blocks"]:
        if head.startswith("### vars "):
            vars_ = json.loads(head[9:])
        elif head.startswith("### classes "):
            classes = json.loads(head[12:])
        elif head == "### inline":
            inline = True
        elif head == "### template":
            template = "\n".join(lines)
    for c, cvars in classes.items():
        body = "".join(f"  ${k} = {puppet_literal(v)}\n" for k, v in cvars.items())
        out.append(f"class {c} {{\n{body}}}\n")
    for c in classes:
        out.append(f"include {c}\n")
    for k, v in vars_.items():
        out.append(f"${k} = {puppet_literal(v)}\n")
    if inline:
        marker = "ERBCASEEND"
        if template.endswith("\n"):
            out.append(f"$erb_case_result = inline_template(@({marker})\n{template}{marker}\n)\n")
        else:
            out.append(f"$erb_case_result = inline_template(@({marker})\n{template}\n|- {marker}\n)\n")
    else:
        out.append(f"$erb_case_result = template('erbtest/{case['name']}.erb')\n")
    out.append("notice($erb_case_result)\n")
    return "".join(out), template


LOCATION = re.compile(r" \(file: [^)]*\)( on node \S+)?$", re.S)


def main():
    bless_all = os.environ.get("BLESS") == "1"
    files = sys.argv[1:] or sorted(
        os.path.join(HERE, "cases", f) for f in os.listdir(os.path.join(HERE, "cases")) if f.endswith(".txt")
    )
    for path in files:
        cases = parse(path)
        todo = [c for c in cases if bless_all or not any(h.startswith(BLESSED) for h, _ in c["blocks"])]
        if not todo:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            tdir = os.path.join(tmp, "mp", "erbtest", "templates")
            cdir = os.path.join(tmp, "cases")
            os.makedirs(tdir)
            os.makedirs(cdir)
            for c in todo:
                pp, template = manifest(c)
                with open(os.path.join(cdir, c["name"] + ".pp"), "w", encoding="utf-8") as f:
                    f.write(pp)
                with open(os.path.join(tdir, c["name"] + ".erb"), "w", encoding="utf-8") as f:
                    f.write(template)
                for head, lines in c["blocks"]:
                    if head.startswith("### file "):
                        with open(os.path.join(tdir, head[9:].strip()), "w", encoding="utf-8") as f:
                            f.write("\n".join(lines))
            out = os.path.join(tmp, "out")
            subprocess.run(
                ["ruby", ORACLE, "--relative-paths", "-q", "--facts", FACTS, "--modulepath", os.path.join(tmp, "mp"),
                 "--out", out, cdir],
                check=False,
            )
            for c in todo:
                with open(os.path.join(out, c["name"] + ".json"), encoding="utf-8") as f:
                    doc = json.load(f)
                if doc.get("oracle_failure"):
                    raise SystemExit(f"{c['name']}: {doc['error']}")
                blocks = [b for b in c["blocks"] if not b[0].startswith(BLESSED)]
                logs = list(doc.get("logs") or [])
                if doc["ok"]:
                    result = logs.pop()
                    assert result.startswith("notice: "), result
                    blocks.append(["### output", result[len("notice: "):].split("\n")])
                else:
                    err = LOCATION.sub("", doc["error"])
                    blocks.append(["### error " + escape(err), []])
                for l in logs + list(doc.get("puppet_logs") or []):
                    blocks.append(["### log " + escape(l), []])
                c["blocks"] = blocks
        with open(path, "w", encoding="utf-8") as f:
            lines = []
            for c in cases:
                for head, body in c["blocks"]:
                    lines.append(head)
                    lines.extend(body)
            f.write("\n".join(lines) + "\n")
        print(f"{path}: {len(todo)} cases blessed", file=sys.stderr)


if __name__ == "__main__":
    main()
