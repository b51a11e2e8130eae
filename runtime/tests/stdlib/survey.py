#!/usr/bin/env python3
"""Survey of the functions Debian's puppet modules call (docs/stdlib-functions.md).

Counts, over the modules installed under /usr/share/puppet/modules (Debian's
puppet-module-* packages), every function call in manifests (`f(...)`,
`$x.f(...)`, `$x.f |...|`; comments and string literals outside `${...}`
skipped), EPP templates, and ERB templates (`scope.function_f(...)`,
`call_function('f', ...)`), then classifies each name: a Puppet core
function, a stdlib Ruby function, another module's Ruby function, a Puppet
language function, or unknown (text that only looks like a call). For module
functions it says whether pjit implements it (a registration in
runtime/src/functions/stdlib/). Prints the Markdown tables of the doc.

Run:  python3 runtime/tests/stdlib/survey.py [MODULEPATH_DIR]
      (default /usr/share/puppet/modules; target/trixie-modules for Debian
      13's current releases). PJIT_STDLIB_SRC=<dir> reads the registrations
      of another checkout's runtime/src/functions/stdlib (a "before" count).
"""
import os, re, sys, collections, json
ROOT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/puppet/modules"
KEYWORDS = {"if","unless","elsif","else","case","class","define","node","function","and","or","in","type","inherits","application","site","produces","consumes","plan","private","attr"}

def strip_code(src):
    """Return text with comments and string literal bodies removed (but ${...} interpolations kept)."""
    out = []
    i = 0; n = len(src)
    while i < n:
        c = src[i]
        if c == '#':
            while i < n and src[i] != '\n': i += 1
            continue
        if c == '/' and i+1 < n and src[i+1] == '*':
            j = src.find('*/', i+2); i = n if j < 0 else j+2; continue
        if c == "'":
            i += 1
            while i < n and src[i] != "'":
                if src[i] == '\\': i += 1
                i += 1
            i += 1; out.append("''"); continue
        if c == '"':
            i += 1; out.append(' ')
            while i < n and src[i] != '"':
                if src[i] == '\\': i += 2; continue
                if src[i] == '$' and i+1 < n and src[i+1] == '{':
                    depth = 0; j = i+1
                    while j < n:
                        if src[j] == '{': depth += 1
                        elif src[j] == '}':
                            depth -= 1
                            if depth == 0: break
                        j += 1
                    out.append(' ' + src[i+2:j] + ' '); i = j+1; continue
                i += 1
            i += 1; out.append(' '); continue
        if c == '@' and i+1 < n and src[i+1] == '(':
            # heredoc: skip tag, body until end tag line
            j = src.find(')', i); tag = src[i+2:j]
            m = re.match(r'\s*"?([^":/]+)"?', tag); end = m.group(1).strip() if m else None
            out.append(' ')
            nl = src.find('\n', j)
            if end and nl >= 0:
                mm = re.compile(r'^\s*\|?\s*-?\s*' + re.escape(end) + r'\s*$', re.M).search(src, nl+1)
                if mm:
                    out.append(src[j+1:nl]); i = mm.end(); continue
            i = j+1; continue
        out.append(c); i += 1
    return ''.join(out)

CALL = re.compile(r'(?<![\w$:])(\.?)((?:::)?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*)\s*(\(|\|)?')
def calls_in_pp(text):
    t = strip_code(text)
    res = []
    for m in CALL.finditer(t):
        dot, name, paren = m.group(1), m.group(2), m.group(3)
        if name in KEYWORDS: continue
        before = t[max(0, m.start()-20):m.start()]
        if re.search(r'\b(function|class|define)\s+$', before): continue
        if dot:  # method call: .name with or without parens
            res.append(name); continue
        if paren == '(':
            res.append(name)
    return res

ERB = [re.compile(r'scope\.function_([a-z_0-9]+)'), re.compile(r'call_function\(\s*[\'"]([a-z_0-9:]+)[\'"]')]

def collect():
    counts = collections.Counter(); mods = collections.defaultdict(set)
    tcounts = collections.Counter(); tmods = collections.defaultdict(set)
    for mod in sorted(os.listdir(ROOT)):
        d = os.path.join(ROOT, mod)
        for dp, dn, fn in os.walk(d, followlinks=True):
            for f in fn:
                p = os.path.join(dp, f)
                if f.endswith('.pp') and '/manifests/' in p and '/spec/' not in p and '/examples/' not in p:
                    for name in calls_in_pp(open(p, encoding='utf-8', errors='replace').read()):
                        counts[name] += 1; mods[name].add(mod)
                elif f.endswith('.epp') and '/templates/' in p:
                    src = open(p, encoding='utf-8', errors='replace').read()
                    for code in re.findall(r'<%[-=]?(.*?)-?%>', src, re.S):
                        for name in calls_in_pp(code):
                            counts[name] += 1; mods[name].add(mod)
                elif f.endswith('.erb') and '/templates/' in p:
                    src = open(p, encoding='utf-8', errors='replace').read()
                    for r in ERB:
                        for name in r.findall(src):
                            tcounts[name] += 1; tmods[name].add(mod)
    return ({"pp": {k: [v, sorted(mods[k])] for k, v in counts.items()},
               "erb": {k: [v, sorted(tmods[k])] for k, v in tcounts.items()}})

PUP = "/usr/lib/ruby/vendor_ruby/puppet"
SRC = os.environ.get("PJIT_STDLIB_SRC") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "functions", "stdlib")


def core_functions():
    import glob
    return {os.path.basename(p)[:-3] for p in glob.glob(PUP + "/functions/*.rb") + glob.glob(PUP + "/parser/functions/*.rb")}


def ruby_files(name):
    """(module, api) of each module's Ruby file defining the function."""
    res = []
    parts = name.split("::")
    for mod in sorted(os.listdir(ROOT)):
        base = os.path.join(ROOT, mod, "lib/puppet")
        if len(parts) == 1:
            cands = [(base + "/functions/%s.rb" % name, "4.x"), (base + "/parser/functions/%s.rb" % name, "3.x")]
        else:
            cands = [(base + "/functions/%s.rb" % "/".join(parts), "4.x")]
        res += [(mod, api) for c, api in cands if os.path.exists(c)]
    return res


def implemented():
    text = "".join(open(os.path.join(SRC, f), encoding="utf-8").read() for f in os.listdir(SRC) if f.endswith(".rs"))
    # `r.v3("name", ..)`, `Builder::new("name")`, `legacy_fn("name", ..)`,
    # the shim tables (`("name", name_4 ...)`, `("name", name_shim)`) and
    # stdlib9.rs's table of moved functions (`("name", "stdlib::name", ..)`).
    names = set(re.findall(r'(?:v3|v3_since\([^,]+,|Builder::new|legacy_fn)\(?\s*"([a-z_:0-9]+)"', text))
    names |= set(re.findall(r'\("([a-z_0-9]+)", [a-z_0-9]+_(?:4|shim)\b', text))
    for a, b in re.findall(r'\("([a-z_0-9]+)", "(stdlib::[a-z_0-9]+)"', text):
        names |= {a, b}
    return names


def main():
    calls = collect()
    core, done = core_functions(), implemented()
    names = {}
    for src, idx in (("pp", 0), ("erb", 1)):
        for k, (n, mods) in calls[src].items():
            e = names.setdefault(k, [0, 0, set()])
            e[idx] += n
            e[2].update(mods)
    rows = []
    for k, (npp, nerb, mods) in names.items():
        rb = ruby_files(k)
        if k in core:
            kind = "core"
        elif any(m == "stdlib" for m, _ in rb):
            kind = "stdlib"
        elif rb:
            kind = "module"
        else:
            kind = "other"
        rows.append((kind, k, npp, nerb, sorted(mods), rb))
    rows.sort(key=lambda r: (-(r[2] + r[3]), r[1]))
    for kind, title in (("stdlib", "stdlib functions"), ("module", "Other modules' Ruby functions")):
        sel = [r for r in rows if r[0] == kind]
        total = sum(r[2] + r[3] for r in sel)
        impl = [r for r in sel if r[1] in done]
        print("\n### %s: %d called, %d calls; %d implemented (%d calls)\n" % (
            title, len(sel), total, len(impl), sum(r[2] + r[3] for r in impl)))
        print("| function | API | calls (manifests + EPP) | calls (ERB) | modules | pjit |")
        print("| --- | --- | ---: | ---: | ---: | --- |")
        for _, k, npp, nerb, mods, rb in sel:
            apis = "/".join(sorted({a for m, a in rb if kind != "stdlib" or m == "stdlib"}))
            owner = "" if kind == "stdlib" else " (%s)" % ",".join(sorted({m for m, _ in rb}))
            shown = ", ".join(mods[:6]) + (", ..." if len(mods) > 6 else "")
            print("| `%s`%s | %s | %d | %d | %d: %s | %s |" % (k, owner, apis, npp, nerb, len(mods), shown,
                                                               "yes" if k in done else "no"))
    core_rows = [r for r in rows if r[0] == "core"]
    print("\nCore functions called: %d names, %d calls." % (len(core_rows), sum(r[2] + r[3] for r in core_rows)))


if __name__ == "__main__":
    main()
