//! Interpreter benchmarks: the cost of a local variable reference, of a
//! call of a small Puppet function, of a string interpolation and of a
//! type check, measured by running Puppet functions of the program through
//! the interpreter (parse and lowering happen once, outside the timed
//! loop); each has a baseline doing the same work without the thing
//! measured.
//!
//! `cargo bench --bench interp`; figures in BENCHMARKS.md.

// The allocator `pjit` ships with (src/main.rs), so figures match it.
#[path = "../src/alloc.rs"]
mod alloc;
#[global_allocator]
static GLOBAL: alloc::Mimalloc = alloc::Mimalloc;

use criterion::{Criterion, criterion_group, criterion_main};
use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::{FileId, SourceFile};
use pjit_ir::interp::{Interp, Options};
use pjit_ir::{Program, lower, passes};
use pjit_runtime::Value;

const REFS: usize = 100;
const CALLS: usize = 100;
const ITEMS: usize = 100;

fn program() -> String {
    let mut s = String::new();
    // A local variable read REFS times through the scope chain: the lambda
    // body cannot see `$a` as an SSA value, so each read is a scope lookup.
    s.push_str("function refs_lookup() { $a = 1 with(0) |$z| { [");
    s.push_str(&vec!["$a"; REFS].join(", "));
    s.push_str("] } }\n");
    // The same array of constants, to subtract the array construction.
    s.push_str("function refs_baseline() { $a = 1 with(0) |$z| { [");
    s.push_str(&vec!["1"; REFS].join(", "));
    s.push_str("] } }\n");
    s.push_str("function small($x) { $x + 1 }\n");
    // CALLS calls of a small function in straight-line code.
    s.push_str("function calls() {\n");
    for i in 0..CALLS {
        s.push_str(&format!("  $r{i} = small({i})\n"));
    }
    s.push_str("}\n");
    s.push_str("function calls_baseline() {\n");
    for i in 0..CALLS {
        s.push_str(&format!("  $r{i} = {i} + 1\n"));
    }
    s.push_str("}\n");
    // ITEMS interpolations of two values (a string and an integer) into a
    // string, kept in an array, against ITEMS string constants.
    s.push_str("function interpolation($name, $n) {\n  [");
    s.push_str(&vec!["\"host ${name} port ${n}\""; ITEMS].join(", "));
    s.push_str("]\n}\n");
    s.push_str("function interpolation_baseline($name, $n) {\n  [");
    s.push_str(&vec!["'host x port 1'"; ITEMS].join(", "));
    s.push_str("]\n}\n");
    // ITEMS matches of a hash against a Struct type, against ITEMS
    // comparisons of constants.
    s.push_str("function type_check($h) {\n  [");
    s.push_str(&vec!["$h =~ Struct[{name => String[1], port => Integer[1, 65535], Optional[tags] => Array[String]}]"; ITEMS].join(", "));
    s.push_str("]\n}\n");
    s.push_str("function type_check_baseline($h) {\n  [");
    s.push_str(&vec!["1 == 1"; ITEMS].join(", "));
    s.push_str("]\n}\n");
    s
}

fn interp() -> Interp {
    let text = program();
    let src = SourceFile::new("bench.pp", text.clone());
    let ast = parser::parse(FileId(0), &text, SourceKind::Manifest).program.expect("bench program parses");
    let mut prog = Program::default();
    let main = lower::lower_program(&mut prog, &src, &ast);
    prog.main = Some(main);
    passes::optimize(&mut prog);
    let mut it = Interp::new(prog, Options { node: "bench".into(), ..Options::default() });
    it.run_main().expect("bench program runs");
    it
}

fn bench(c: &mut Criterion) {
    let mut it = interp();
    let mut g = c.benchmark_group("interp");
    for name in ["refs_lookup", "refs_baseline", "calls", "calls_baseline"] {
        assert!(it.call_function(name, vec![]).is_ok(), "{name} runs");
        g.bench_function(name, |b| b.iter(|| it.call_function(name, vec![]).unwrap()));
    }
    let host = || vec![Value::string("web1"), Value::Integer(8080)];
    for name in ["interpolation", "interpolation_baseline"] {
        assert!(it.call_function(name, host()).is_ok(), "{name} runs");
        g.bench_function(name, |b| b.iter(|| it.call_function(name, host()).unwrap()));
    }
    let mut h = pjit_runtime::value::HashMapV::default();
    h.insert(Value::string("name"), Value::string("web"));
    h.insert(Value::string("port"), Value::Integer(443));
    h.insert(Value::string("tags"), Value::Array(pjit_runtime::value::PArray(std::sync::Arc::new(vec![Value::string("a")]))));
    let h = Value::Hash(pjit_runtime::value::PHash(std::sync::Arc::new(h)));
    for name in ["type_check", "type_check_baseline"] {
        let r = it.call_function(name, vec![h.clone()]);
        assert!(r.is_ok(), "{name} runs");
        g.bench_function(name, |b| b.iter(|| it.call_function(name, vec![h.clone()]).unwrap()));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
