#!/usr/bin/env python3
"""Breaks real module manifests to make parser test cases.

Takes the .pp files of the real modules under /usr/share/puppet/modules
(Debian's puppet-module-* packages), cuts a window of whole lines out of a
file, and applies one mutation to it:

  dellbrace / delrbrace   delete a `{` / `}`
  delrparen / delrbrack   delete a `)` / `]`
  ins<token>              insert a stray token (`}`, `=>`, `,`, `)`, `$`,
                          `if`, `@@`, a keyword) at a token boundary
  trunc                   truncate at a random point
  dupline                 duplicate a line
  swap                    swap two adjacent tokens

and writes tests/parse/mutations/<module>_<file>_<kind>_<n>.pp. Windows are
balanced runs of at most --max-lines lines (the whole file when it is small)
that Puppet accepts unmutated, so an error in a mutant is the mutation's.
Some mutants stay valid (a duplicated line, a swap of two names); they are
kept: pjit must agree with Puppet both ways.

Needs Puppet 7.23 and the oracle (../shared/oracle/oracle.rb) to check the
windows. Afterwards run tests/tools/bless-oracle.sh mutations for the
verdicts and `BLESS=1 cargo test --release --test parse` for the goldens.

Deterministic: the same seed and module tree give the same files.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_ORACLE = os.path.normpath(os.path.join(ROOT, "..", "shared", "oracle", "oracle.rb"))
OUT = os.path.join(ROOT, "tests", "parse", "mutations")
MODULES = "/usr/share/puppet/modules"

KEYWORDS = ["case", "class", "default", "define", "if", "elsif", "else", "inherits", "node",
            "and", "or", "undef", "in", "unless", "function", "type", "attr", "private"]

# Stray tokens for the insert mutation, with the name used in file names.
INSERTS = [("}", "rbrace"), ("=>", "farrow"), (",", "comma"), (")", "rparen"), ("$", "dollar"),
           ("if", "if"), ("@@", "atat")] + [(k, k) for k in KEYWORDS if k != "if"]

# How many mutants of each kind (about 400 in all).
PLAN = [("dellbrace", 36), ("delrbrace", 36), ("delrparen", 28), ("delrbrack", 28),
        ("ins", 112), ("trunc", 52), ("dupline", 52), ("swap", 56)]

TOKEN_RE = re.compile(r"""
    (?P<ws>[ \t\r\n]+)
  | (?P<comment>\#[^\n]*|/\*.*?\*/)
  | (?P<sq>'(?:[^'\\]|\\.)*')
  | (?P<dq>"(?:[^"\\]|\\.)*")
  | (?P<heredoc>@\([^)\n]*\))
  | (?P<var>\$(?:::)?(?:\w+::)*\w+)
  | (?P<word>(?:::)?[A-Za-z_][\w-]*(?:::[A-Za-z_]\w*)*)
  | (?P<num>\d[\w.]*)
  | (?P<op><<\||\|>>|=>|\+>|==|!=|=~|!~|>=|<=|<<|>>|<\||\|>|->|~>|<-|<~|\+=|-=|@@|[-+*/%=<>!.,;:?|@~(){}\[\]$])
  | (?P<other>.)
""", re.X | re.S)


def tokens(text):
    """(start, end, kind) of each token; heredoc bodies are skipped over (a
    heredoc's text is one opaque token)."""
    out = []
    pos = 0
    pending_tags = []
    while pos < len(text):
        m = TOKEN_RE.match(text, pos)
        kind = m.lastgroup
        end = m.end()
        if kind == "heredoc":
            tag = re.match(r'@\(\s*"?([^:/)"]*)', m.group(0)).group(1).strip()
            pending_tags.append(tag)
        if kind == "ws" and "\n" in m.group(0) and pending_tags:
            # skip heredoc bodies after the line that opened them
            nl = text.index("\n", pos) + 1
            cur = nl
            while pending_tags and cur < len(text):
                tag = pending_tags[0]
                line_end = text.find("\n", cur)
                line_end = len(text) if line_end < 0 else line_end + 1
                line = text[cur:line_end].strip().lstrip("|").lstrip().lstrip("-").strip()
                cur = line_end
                if line == tag:
                    pending_tags.pop(0)
            if nl > pos:
                out.append((pos, nl, "ws"))
            out.append((nl, cur, "heredoc_body"))
            pos = cur
            continue
        out.append((pos, end, kind))
        pos = end
    return out


def line_starts(text):
    starts = [0]
    for i, c in enumerate(text):
        if c == "\n":
            starts.append(i + 1)
    return starts


def depth_profile(text, toks, starts):
    """Bracket depth at the start of each line, and the minimum depth reached
    on each line (strings, comments and heredocs excluded)."""
    at_start = []
    minimum = []
    depth = 0
    ti = 0
    for li, s in enumerate(starts):
        e = starts[li + 1] if li + 1 < len(starts) else len(text) + 1
        at_start.append(depth)
        low = depth
        while ti < len(toks) and toks[ti][0] < e:
            a, b, k = toks[ti]
            if k == "op":
                t = text[a:b]
                if t in "([{":
                    depth += 1
                elif t in ")]}":
                    depth -= 1
                    low = min(low, depth)
            ti += 1
        minimum.append(low)
    at_start.append(depth)
    return at_start, minimum


def windows(text, rng, max_lines):
    """Candidate (first_line, end_line) windows, 0-based, end exclusive."""
    lines = text.split("\n")
    n = len(lines)
    if text.endswith("\n"):
        n -= 1
    if n <= max_lines:
        first = 0
        while first < n and (not lines[first].strip() or lines[first].lstrip().startswith("#")):
            first += 1
        return [(first, n)] if first < n else []
    toks = tokens(text)
    starts = line_starts(text)
    at_start, minimum = depth_profile(text, toks, starts)
    # lines inside strings/heredocs/comments cannot start or end a window
    inside = [False] * (n + 1)
    for a, b, k in toks:
        if k in ("sq", "dq", "heredoc_body", "comment") and "\n" in text[a:b]:
            la = text.count("\n", 0, a)
            lb = text.count("\n", 0, b)
            for li in range(la + 1, lb + (0 if k == "heredoc_body" else 1)):
                if li <= n:
                    inside[li] = True
    out = []
    for _ in range(6):
        anchor = rng.randrange(n)
        best = None
        for a in range(max(0, anchor - max_lines + 1), anchor + 1):
            if inside[a] or not lines[a].strip() or lines[a].lstrip().startswith("#"):
                continue
            d = at_start[a]
            low = d
            for b in range(a + 1, min(n, a + max_lines) + 1):
                low = min(low, minimum[b - 1])
                if low < d:
                    break
                if b > anchor and at_start[b] == d and not inside[b] and b - a >= 4:
                    if best is None or (b - a) > (best[1] - best[0]):
                        best = (a, b)
        if best:
            out.append(best)
    return out


def cut(text, a, b):
    return "\n".join(text.split("\n")[a:b]) + "\n"


def mutate(text, kind, rng):
    """Returns (mutated_text, description) or None when the kind does not
    apply to this text."""
    toks = [t for t in tokens(text) if t[2] not in ("ws", "comment")]
    if not toks:
        return None

    def where(off):
        line = text.count("\n", 0, off) + 1
        col = off - (text.rfind("\n", 0, off) + 1) + 1
        return f"{line}:{col}"

    if kind.startswith("del"):
        want = {"dellbrace": "{", "delrbrace": "}", "delrparen": ")", "delrbrack": "]"}[kind]
        cands = [t for t in toks if t[2] == "op" and text[t[0]:t[1]] == want]
        if not cands:
            return None
        a, b, _ = rng.choice(cands)
        return text[:a] + text[b:], f"deleted '{want}' at {where(a)}"
    if kind.startswith("ins"):
        tok = kind[3:]
        lit = dict((n, t) for t, n in INSERTS)[tok]
        a, b, _ = rng.choice(toks)
        at = rng.choice([a, b])
        return text[:at] + " " + lit + " " + text[at:], f"inserted '{lit}' at {where(at)}"
    if kind == "trunc":
        a, b, _ = rng.choice(toks[1:] or toks)
        at = rng.choice([a, b, rng.randrange(a, b + 1)])
        return text[:at], f"truncated at {where(at)}" if at < len(text) else None
    if kind == "dupline":
        lines = text.split("\n")
        cands = [i for i, l in enumerate(lines) if l.strip() and not l.lstrip().startswith("#")]
        if not cands:
            return None
        i = rng.choice(cands)
        lines.insert(i, lines[i])
        return "\n".join(lines), f"duplicated line {i + 1}"
    if kind == "swap":
        if len(toks) < 2:
            return None
        i = rng.randrange(len(toks) - 1)
        (a1, b1, _), (a2, b2, _) = toks[i], toks[i + 1]
        t1, t2 = text[a1:b1], text[a2:b2]
        if t1 == t2:
            return None
        return text[:a1] + t2 + text[b1:a2] + t1 + text[b2:], f"swapped '{t1[:20]}' and '{t2[:20]}' at {where(a1)}"
    raise ValueError(kind)


def run_oracle(oracle, named_texts):
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in named_texts:
            with open(os.path.join(tmp, name), "w", encoding="utf-8") as f:
                f.write(text)
        subprocess.run(["ruby", oracle, "--mode", "parse", "--relative-paths", "-q", "--out", tmp, tmp], check=False)
        out = {}
        for name, _ in named_texts:
            with open(os.path.join(tmp, name[:-3] + ".json"), encoding="utf-8") as f:
                out[name] = json.load(f)
        return out


def module_files(root):
    files = []
    for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
        dirnames.sort()
        for f in sorted(filenames):
            if f.endswith(".pp"):
                files.append(os.path.join(dirpath, f))
    files.sort()
    return files


def case_stem(path, root):
    rel = os.path.relpath(path, root)
    parts = rel.split(os.sep)
    module = parts[0]
    rest = parts[1:]
    if rest and rest[0] == "manifests":
        rest = rest[1:]
    stem = "_".join(rest)[:-3]
    stem = re.sub(r"[^A-Za-z0-9_]", "_", stem)
    module = re.sub(r"[^A-Za-z0-9_]", "_", module)
    return f"{module}_{stem}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--modules", default=MODULES)
    ap.add_argument("--oracle", default=DEFAULT_ORACLE)
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--max-lines", type=int, default=30)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    files = module_files(args.modules)
    if not files:
        sys.exit(f"make_mutations: no .pp files under {args.modules}")

    total = sum(n for _, n in PLAN)
    # Candidate windows from randomly chosen files (a module first, so that
    # modules with many files do not dominate), checked by Puppet.
    by_module = {}
    for f in files:
        by_module.setdefault(os.path.relpath(f, args.modules).split(os.sep)[0], []).append(f)
    modules = sorted(by_module)
    picks = []
    seen = set()
    while len(picks) < min(len(files), total * 2):
        f = rng.choice(by_module[rng.choice(modules)])
        if f not in seen:
            seen.add(f)
            picks.append(f)
    cands = []
    for path in picks:
        text = open(path, encoding="utf-8", errors="replace").read()
        if "\ufffd" in text or "\r" in text:
            continue
        ws = windows(text, rng, args.max_lines)
        if ws:
            a, b = rng.choice(ws)
            cands.append((path, a, b, cut(text, a, b)))
    verdicts = run_oracle(args.oracle, [(f"w{i:04}.pp", c[3]) for i, c in enumerate(cands)])
    valid = [c for i, c in enumerate(cands) if verdicts[f"w{i:04}.pp"].get("ok")]
    print(f"make_mutations: {len(cands)} windows, {len(valid)} valid", file=sys.stderr)
    if len(valid) < total // 2:
        sys.exit("make_mutations: too few valid windows")

    kinds = []
    for kind, count in PLAN:
        if kind == "ins":
            for j in range(count):
                kinds.append("ins" + INSERTS[j % len(INSERTS)][1])
        else:
            kinds.extend([kind] * count)

    mutants = []
    vi = 0
    for n, kind in enumerate(kinds):
        for _attempt in range(len(valid)):
            path, a, b, text = valid[vi % len(valid)]
            vi += 1
            # a placeholder first line, replaced by the header below, keeps
            # the lines of the description those of the file
            m = mutate("#\n" + text, kind, rng)
            if m and m[1]:
                break
        else:
            sys.exit(f"make_mutations: no window takes mutation {kind}")
        body, what = m
        rel = os.path.relpath(path, args.modules)
        header = f"# mutant: {rel} lines {a + 1}-{b}, {what}"
        name = f"{case_stem(path, args.modules)}_{kind}_{n:03}.pp"
        assert body.startswith("#\n")
        mutants.append((name, header + body[1:]))

    os.makedirs(args.out, exist_ok=True)
    for f in os.listdir(args.out):
        if f.endswith((".pp", ".json", ".out")):
            os.remove(os.path.join(args.out, f))
    for name, text in mutants:
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            f.write(text)
    print(f"make_mutations: {len(mutants)} mutants in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
