#!/usr/bin/env python3
"""Where the time of a batch compile goes, by phase, from `perf script`
output of a `perf record --call-graph dwarf` run (see profile-batch.sh).

Each sample is charged to the innermost frame of its stack that belongs to
a phase (a template rendered from a class is ERB, a lookup inside it
Hiera, a type check inside a lookup a type check), else to evaluation when
it is inside a node's compile, else to the batch's own work (start-up,
reading the main manifest, the first node's loading is NOT separated: use
many nodes so that it is negligible, or subtract a one-node run).

Usage: perf script --no-inline -i FILE | profile_classify.py NODES [CPU_SECONDS]
Prints, per phase, the share of samples, and when CPU_SECONDS is given the
milliseconds of CPU per catalog that share stands for.
"""
import re
import sys

# (phase, pattern on a frame's symbol), tried from the leaf up; the first
# frame matching any pattern decides.
PHASES = [
    ("JSON (catalog writing)", r"catalog_json::|Catalog::write_json|Catalog::json_chunks|driver::write_catalog"),
    ("facts (reading)", r"driver::read_facts|driver::from_json|read_yaml_facts"),
    ("ERB templates", r"pjit_runtime::erb::|Interp>::call_erb|interp::erb::"),
    ("EPP templates", r"Interp::call_epp|Interp::render_epp"),
    ("Hiera (data binding, lookup)", r"pjit_runtime::hiera::|bind_class_data|Interp>::call_lookup|interp::lookup::"),
    ("type checks", r"Interp::param_problems|Interp::check_type|pjit_runtime::types::calc::inst|pjit_runtime::types::.*instance|Interp::bind_deferring"),
    ("type alias and type name resolution", r"Interp::resolve_type_name"),
    ("resource finishing", r"Interp>::finish$|merge_scope_tags|add_resource_metaparams|validate_resource|validate_relationship_params|evaluate_relationships|evaluate_generators|evaluate_collect"),
    ("autoload (definitions replayed)", r"Interp::autoload|Interp::autoload_file|Program::replay"),
    ("per-node set-up and tear-down", r"Interp::from_warm|Interp::into_warm|Interp::new|drop_in_place<pjit_ir::interp::Interp>|drop_in_place<pjit_ir::interp::catalog::Catalog>|Interp::init_top|Catalog::with_capacity"),
    ("function calls (runtime library)", r"pjit_runtime::functions::"),
    ("resource and class declaration", r"Interp>::declare_resources|Interp>::create_resource|Interp>::declare_class|Interp>::evaluate_class|Interp>::ensure_class_resource|Interp>::create_resources|catalog::Catalog::|resource_types::"),
    ("evaluation (interpreter)", r"Interp::exec_in|Interp::run_body|tier::run|Interp::exec$|Interp::call_named|Interp::call_op|Interp>::compile$|Interp::eval_default"),
]
COMPILED = [(name, re.compile(p)) for name, p in PHASES]


def main():
    nodes = int(sys.argv[1])
    cpu = float(sys.argv[2]) if len(sys.argv) > 2 else None
    counts = {name: 0 for name, _ in PHASES}
    outside = 0
    total = 0
    frames = []

    def flush():
        nonlocal outside, total
        if not frames:
            return
        total += 1
        for sym in frames:
            for name, rx in COMPILED:
                if rx.search(sym):
                    counts[name] += 1
                    return
        outside += 1

    for line in sys.stdin:
        if not line.strip():
            flush()
            frames = []
            continue
        if line.startswith((" ", "\t")):
            parts = line.split(None, 1)
            if len(parts) == 2:
                sym = parts[1].rsplit(" (", 1)[0]
                sym = re.sub(r"\+0x[0-9a-f]+$", "", sym)
                frames.append(sym)
    flush()
    if total == 0:
        sys.exit("no samples")
    print(f"{total} samples, {nodes} catalogs" + (f", {cpu:.3f} s CPU" if cpu else ""))
    print(f"| phase | share | {'ms CPU per catalog |' if cpu else ''}")
    print(f"|---|---|{'---|' if cpu else ''}")
    rows = sorted(counts.items(), key=lambda kv: -kv[1]) + [("outside the compiles (start-up, main manifest, threads)", outside)]
    for name, c in rows:
        share = c / total
        ms = f" {share * cpu * 1000 / nodes:.3f} |" if cpu else ""
        print(f"| {name} | {100 * share:.1f}% |{ms}")


if __name__ == "__main__":
    main()
