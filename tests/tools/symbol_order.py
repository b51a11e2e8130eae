#!/usr/bin/env python3
"""The functions of the pjit binary that callgrind runs executed, most
executed first, one mangled symbol a line: LLD's --symbol-ordering-file
(see build.rs).

Usage: symbol_order.py PJIT CALLGRIND_OUT... > src/symbol-order.txt
The callgrind outputs must come from runs with --demangle=no. Only
symbols the binary's symbol table has are listed (not callgrind's
"'2" recursion copies, addresses without a symbol or other objects').
"""
import collections
import os
import re
import subprocess
import sys

binary, outputs = sys.argv[1], sys.argv[2:]
cost = collections.Counter()
for path in outputs:
    files, fns = {}, {}
    obj = fn = None
    for line in open(path):
        m = re.match(r"(c?)ob=\((\d+)\)\s*(.*)", line)
        if m:
            if m.group(3):
                files[m.group(2)] = m.group(3).strip()
            if not m.group(1):
                obj = files.get(m.group(2), "")
            continue
        m = re.match(r"(c?)fn=\((\d+)\)(?: (.*))?", line.strip())
        if m:
            if m.group(3):
                fns[m.group(2)] = m.group(3)
            if not m.group(1):
                fn = re.sub(r"'\d+$", "", fns[m.group(2)])
            continue
        # A cost line (position, then the instruction count), not a call's.
        if line[:1].isdigit() or line[:1] in "+-*":
            parts = line.split()
            if obj and os.path.basename(obj) == os.path.basename(binary) and fn and len(parts) >= 2:
                cost[fn] += int(parts[-1])
symbols = set()
nm = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
for line in nm.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tT":
        symbols.add(parts[2])
listed = sorted((f for f in cost if f in symbols), key=lambda f: (-cost[f], f))
print(f"{len(listed)} functions executed", file=sys.stderr)
for f in listed:
    print(f)
