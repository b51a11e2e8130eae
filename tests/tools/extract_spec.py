#!/usr/bin/env python3
"""Extracts the Puppet code blocks of the specification into parse cases.

Reads ../shared/spec/*.md (or the directory given with --spec), finds every
code block (fenced with ``` or indented by four spaces), keeps the ones that
are Puppet code, and writes each to tests/parse/spec/<doc>_<n>.pp, <n> being
the block's ordinal among all code blocks of <doc>.md (so numbers have gaps
where a block is grammar, a type-algebra table or prose).

Many blocks mix statements with fragments the text calls errors
(`File[]   # syntax error`), so Puppet rejects the block as a whole and only
the first error would be tested. For every block Puppet rejects, the script
also writes one file per statement, <doc>_<n>_<k>.pp. Deciding that needs the
reference: the script runs the oracle (Puppet 7.23) on the whole blocks.

Afterwards run tests/tools/bless-oracle.sh spec for the verdicts of all files
and `BLESS=1 cargo test --release --test parse` for pjit's goldens.

The output is deterministic: running it twice gives the same files.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_SPEC = os.path.normpath(os.path.join(ROOT, "..", "shared", "spec"))
DEFAULT_ORACLE = os.path.normpath(os.path.join(ROOT, "..", "shared", "oracle", "oracle.rb"))
OUT = os.path.join(ROOT, "tests", "parse", "spec")

# Blocks that look like code but are not Puppet, by (doc, ordinal): notation
# tables of the arithmetic chapters (`D * I = D`), prose, token listings.
NOT_PUPPET = {
    ("expressions", 10): "operand-type table (T + D = T)",
    ("expressions", 11): "operand-type notation",
    ("expressions", 15): "operand-type table",
    ("expressions", 16): "operand-type table",
    ("expressions", 20): "operand-type table",
    ("expressions", 21): "operand-type table",
    ("expressions", 25): "operand-type table",
    ("expressions", 26): "operand-type table",
    ("expressions", 28): "operand-type table",
    ("expressions", 29): "operand-type table",
    ("operators_guide", 1): "prose",
}

LANG_NOT_PUPPET = {"sh", "shell", "bash", "console", "json", "ruby", "yaml", "text", "erb", "ebnf"}


def blocks(path):
    """Yields (first_line, fence_language_or_None, lines) for each code block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    prev_blank = True
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^(\s*)```\s*(\S*)", line)
        if m:
            lang = m.group(2).lower() or None
            j = i + 1
            body = []
            while j < len(lines) and not re.match(r"^\s*```", lines[j]):
                body.append(lines[j])
                j += 1
            yield (i + 2, lang, body, True)
            i = j + 1
            prev_blank = False
            continue
        if prev_blank and (line.startswith("    ") or line.startswith("\t")) and line.strip():
            start = i
            body = []
            while i < len(lines) and (lines[i].startswith("    ") or lines[i].startswith("\t") or not lines[i].strip()):
                if lines[i].lstrip().startswith("```"):
                    break
                body.append(lines[i])
                i += 1
            while body and not body[-1].strip():
                body.pop()
            yield (start + 1, None, body, False)
            prev_blank = False
            continue
        prev_blank = not line.strip()
        i += 1


def dedent(body):
    body = [l.replace("\t", "    ").rstrip() for l in body]
    indents = [len(l) - len(l.lstrip(" ")) for l in body if l.strip()]
    cut = min(indents) if indents else 0
    out = [l[cut:] for l in body]
    while out and not out[0].strip():
        out.pop(0)
    while out and not out[-1].strip():
        out.pop()
    return out


def not_puppet_reason(doc, n, lang, body):
    if (doc, n) in NOT_PUPPET:
        return NOT_PUPPET[(doc, n)]
    if lang and lang not in ("puppet", "pp"):
        if lang in LANG_NOT_PUPPET:
            return "language " + lang
    text = "\n".join(body)
    if not text.strip():
        return "empty"
    if any(c in text for c in "∪→∈∉"):
        return "type algebra"
    if "::=" in text:
        return "BNF"
    if re.search(r"^\s*:\s", text, re.M) or re.search(r"^\s*;\s*$", text, re.M) or re.search(r"^\s*\w+\s*:\s+[A-Z'/].*;\s*$", text, re.M):
        return "grammar"
    if re.search(r"^\s*\|-", text, re.M):
        return "type hierarchy diagram"
    if lang is None and re.fullmatch(r"[\s(){}\[\];,.|:=<>!?+\-*/%~@&]+", text):
        return "token listing"
    if re.search(r"<%", text):
        return "EPP tag listing"
    if re.match(r"^[A-Z][A-Z_]+\??\s", text):
        return "grammar"
    return None


def statements(lines):
    """Splits a block into its top-level statements: groups of lines that
    close every bracket, string and heredoc they open. Comment-only and blank
    lines separate groups and are dropped."""
    groups = []
    cur = []
    depth = 0
    quote = None
    heredoc = None  # end tag being waited for
    pending_heredocs = []
    continuation = False
    for line in lines:
        if heredoc is not None:
            cur.append(line)
            if line.strip().lstrip("|").lstrip().lstrip("-").strip() == heredoc:
                heredoc = pending_heredocs.pop(0) if pending_heredocs else None
            continue
        if quote is None and depth == 0 and not continuation and cur:
            stripped = line.lstrip()
            if not (stripped.startswith(("elsif", "else", ".", "->", "~>", "<-", "<~", "?", "|"))):
                groups.append(cur)
                cur = []
        if quote is None and depth == 0 and not cur and (not line.strip() or line.lstrip().startswith("#")):
            continue
        cur.append(line)
        i = 0
        last_code = ""
        while i < len(line):
            c = line[i]
            if quote:
                if c == "\\":
                    i += 2
                    continue
                if c == quote:
                    quote = None
                i += 1
                continue
            if c == "#":
                break
            if c in "'\"":
                quote = c
            elif c in "([{":
                depth += 1
            elif c in ")]}":
                depth = max(0, depth - 1)
            elif c == "@":
                m = re.match(r"@\(\s*\"?([^:/)\"]+)\"?", line[i:])
                if m:
                    pending_heredocs.append(m.group(1).strip())
            if not c.isspace():
                last_code = line[: i + 1]
            i += 1
        continuation = quote is None and bool(re.search(r"(=|,|\?|=>|\+|-|\*|/|and|or|in|!)\s*$", last_code.rstrip())) and not last_code.rstrip().endswith(("->",))
        if pending_heredocs:
            heredoc = pending_heredocs.pop(0)
    if cur:
        groups.append(cur)
    return [g for g in groups if any(l.strip() and not l.lstrip().startswith("#") for l in g)]


def run_oracle(oracle, files):
    """Returns {basename: verdict} for the given (basename, text) pairs."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in files:
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write(text)
        subprocess.run(["ruby", oracle, "--mode", "parse", "--relative-paths", "-q", "--out", tmp, tmp], check=False)
        out = {}
        for name, _ in files:
            with open(os.path.join(tmp, name[:-3] + ".json"), encoding="utf-8") as f:
                out[name] = json.load(f)
        return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default=DEFAULT_SPEC)
    ap.add_argument("--oracle", default=DEFAULT_ORACLE)
    ap.add_argument("--out", default=OUT)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    cases = []  # (name, text)
    for md in sorted(f for f in os.listdir(args.spec) if f.endswith(".md")):
        doc = md[:-3]
        if doc.isupper() or doc.startswith("PUPPET_VS"):
            continue
        for n, (line, lang, body, _fenced) in enumerate(blocks(os.path.join(args.spec, md))):
            code = dedent(body)
            why = not_puppet_reason(doc, n, lang, code)
            note = ""
            if why == "type algebra":
                # Some tables mix Puppet lines (`[1,2,3] =~ Collection[1,3]`)
                # with notation (`Array ∪ Hash → Collection`): keep the former.
                kept = [l for l in code if not any(c in l for c in "∪→∈∉")]
                if any(l.strip() and not l.lstrip().startswith("#") for l in kept):
                    code, why, note = dedent(kept), None, " (type-algebra lines left out)"
            if args.verbose:
                print(f"{md}:{line} #{n}: {'skip (' + why + ')' if why else 'puppet'}", file=sys.stderr)
            if why:
                continue
            header = f"# spec: {md}:{line}{note}\n"
            cases.append((f"{doc}_{n:03}.pp", header + "\n".join(code) + "\n", code, md, line))

    verdicts = run_oracle(args.oracle, [(name, text) for name, text, *_ in cases])
    files = []
    for name, text, code, md, line in cases:
        files.append((name, text))
        if verdicts[name].get("ok"):
            continue
        parts = statements(code)
        if len(parts) < 2:
            continue
        for k, part in enumerate(parts):
            header = f"# spec: {md}:{line}, statement {k + 1} of {len(parts)}\n"
            files.append((f"{name[:-3]}_{k + 1:02}.pp", header + "\n".join(part) + "\n"))

    os.makedirs(args.out, exist_ok=True)
    for f in os.listdir(args.out):
        if f.endswith((".pp", ".json", ".out")):
            os.remove(os.path.join(args.out, f))
    for name, text in files:
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            f.write(text)
    whole = len(cases)
    print(f"extract_spec: {whole} blocks, {len(files) - whole} statements of rejected blocks, {len(files)} files in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
