#!/usr/bin/env python3
"""The table of docs/stdlib-functions.md that lists every function of a
puppetlabs-stdlib 9.x release with pjit's status.

Run:  python3 runtime/tests/stdlib/table9.py NEWEST_STDLIB_DIR OLDER_STDLIB_DIR
      (e.g. a checkout of v9.7.0, and target/trixie-modules/stdlib = 9.4.1)
A function is "native" when runtime/src/functions/stdlib registers it (see
survey.py's `implemented`); NOTES says what else the doc says about it.
"""
import os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from survey import implemented

NOTES = {
    "deprecation": "8.x and 9.x forms (9.x: `use_strict_setting`)",
    "validate_legacy": "8.x and 9.x forms",
    "parsepson": "8.x and 9.x forms (9.x deprecated)",
    "os_version_gte": "8.x form (legacy facts); 9.x shim",
    "has_interface_with": "9.x shim (4.x) over the 3.x file, which `has_ip_address`/`has_ip_network` call",
    "time": "3.x in 9.4.1; 9.7's 4.x file forwards to the Puppet function `stdlib::time`",
    "loadjson": "no network: a URL gives the default, else an error",
    "loadyaml": "no network: a URL gives the default, else an error",
    "pry": "Puppet without the pry gem: its error",
    "str2saltedsha512": "random salt (Kernel#rand)",
    "shuffle": "random order (Kernel#rand)",
    "parsehocon": "8.x function and 9.x shim; own HOCON reader (Ruby `hocon` 1.3's results)",
    "stdlib::parsehocon": "own HOCON reader (Ruby `hocon` 1.3's results)",
}


def functions(d):
    out = {}
    for sub, api in (("lib/puppet/functions", "4.x"), ("lib/puppet/parser/functions", "3.x")):
        base = os.path.join(d, sub)
        for dp, _, fs in os.walk(base):
            for f in fs:
                if f.endswith(".rb"):
                    rel = os.path.relpath(os.path.join(dp, f), base)[:-3]
                    name = rel.replace("/", "::")
                    text = open(os.path.join(dp, f), encoding="utf-8").read()
                    kind = api
                    if "deprecation_gen" in text:
                        kind = "4.x shim"
                    out.setdefault(name, []).append(kind)
    return out


def main():
    newest, older = functions(sys.argv[1]), functions(sys.argv[2])
    done = implemented()
    rows = []
    for name in sorted(newest):
        kinds = sorted(set(newest[name]))
        where = "" if name in older else " (not in the older release)"
        status = "native" if name in done else "**not native**"
        note = NOTES.get(name, "")
        rows.append("| `%s` | %s | %s%s | %s |" % (name, " + ".join(kinds), status, where, note))
    print("| function | API | pjit | notes |")
    print("| --- | --- | --- | --- |")
    print("\n".join(rows))
    n_done = sum(1 for n in newest if n in done)
    print("\n%d functions, %d native." % (len(newest), n_done))


if __name__ == "__main__":
    main()
