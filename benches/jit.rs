//! JIT benchmarks: the same Puppet code run by the interpreter
//! (`--jit=off`) and by compiled code (`--jit=always`), the cost of
//! compiling, and the break-even call count. Parsing and lowering happen
//! outside the timed loops; with the JIT, bodies are compiled before the
//! measurement (the first run), so the loops time execution only, except
//! in `compile/*`, which times the compiler.
//!
//! `cargo bench --bench jit`; figures in BENCHMARKS.md.

use std::time::Duration;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use pjit_codegen::{CodeCache, Jit};
use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::{FileId, SourceFile};
use pjit_ir::interp::tier::Tier;
use pjit_ir::interp::{Interp, Options};
use pjit_ir::{Program, lower, passes};

// The allocator the `pjit` binary uses, so that the figures are pjit's
// (`--features system-alloc` measures with the system allocator instead).
#[cfg(not(feature = "system-alloc"))]
#[path = "../src/alloc.rs"]
mod alloc;
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static GLOBAL: alloc::Mimalloc = alloc::Mimalloc;

/// Loop-heavy functions (the issue's examples) and a small function for
/// the call cost.
const PROGRAM: &str = r#"
function reduce_loop() { Integer[1, 200000].reduce(0) |$a, $i| { $a + ($i * $i) % 7 } }
function int_loop() { Integer[1, 200000].filter |$i| { $i % 3 == 0 and $i > 10 }.map |$x| { $x * 2 - 1 } }
function string_loop() {
  $words = Integer[1, 20000].map |$i| { "w${i}" }
  $words.filter |$w| { $w =~ /7/ }.map |$w| { "${w}-x" }
}
function small($x) { $x * 3 + 1 }
function calls() { Integer[1, 1000].map |$i| { small($i) } }
"#;

/// A defined type with typed parameters, instantiated 10,000 times (the
/// issue's benchmark).
const DEFINES: &str = r#"
define typed(Integer[0] $count, String[1] $label, Optional[Array[String]] $tags = undef) {
  $total = $count * 2 + 1
}
Integer[1, 10000].each |$i| { typed { "t${i}": count => $i, label => "l${i}", tags => ['a', 'b'] } }
"#;

fn lower_program(text: &str) -> Program {
    let src = SourceFile::new("bench.pp", text.to_string());
    let ast = parser::parse(FileId(0), text, SourceKind::Manifest).program.expect("bench program parses");
    let mut prog = Program::default();
    let main = lower::lower_program(&mut prog, &src, &ast);
    prog.main = Some(main);
    passes::optimize(&mut prog);
    prog
}

fn interp(text: &str, jit: bool) -> Interp {
    let mut it = Interp::new(lower_program(text), Options { node: "bench".into(), ..Options::default() });
    if jit {
        it.tier = Tier::new(Box::new(Jit::new().expect("the JIT works on this host")), 0);
    }
    it
}

/// Puppet functions, interpreted vs compiled.
fn execution(c: &mut Criterion) {
    let mut g = c.benchmark_group("jit");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    for name in ["reduce_loop", "int_loop", "string_loop", "calls"] {
        for jit in [false, true] {
            let mut it = interp(PROGRAM, jit);
            it.run_main().expect("bench program runs");
            let first = it.call_function(name, vec![]).expect("bench function runs");
            let label = format!("{name}/{}", if jit { "jit" } else { "interp" });
            g.bench_function(label, |b| {
                b.iter(|| {
                    let v = it.call_function(name, vec![]).unwrap();
                    debug_assert_eq!(pjit_ir::print::literal(&v), pjit_ir::print::literal(&first));
                    v
                })
            });
        }
    }
    // A whole catalog: 10,000 instances of a defined type with typed
    // parameters. Every run lowers the program again and shares one code
    // cache, so the code is compiled once (as in a batch of node compiles).
    let cache = std::sync::Arc::new(CodeCache::new().expect("the JIT works on this host"));
    cache.compile_program(&lower_program(DEFINES));
    for jit in [false, true] {
        let label = format!("defines_10000/{}", if jit { "jit" } else { "interp" });
        g.bench_function(label, |b| {
            b.iter_batched(
                || {
                    let mut it = Interp::new(lower_program(DEFINES), Options { node: "bench".into(), ..Options::default() });
                    if jit {
                        it.tier = Tier::new(Box::new(Jit::with_cache(cache.clone())), 0);
                    }
                    it
                },
                |mut it| {
                    it.compile().expect("defines compile");
                    it.catalog.resources.len()
                },
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

/// Compile time: every body of the eval suite's programs, per IR
/// instruction.
fn compile_time(c: &mut Criterion) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/eval");
    let mut progs = vec![];
    let mut dirs = vec![root];
    while let Some(d) = dirs.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        let mut entries: Vec<_> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "pp") {
                let text = std::fs::read_to_string(&p).unwrap_or_default();
                let parsed = parser::parse(FileId(0), &text, SourceKind::Manifest);
                if parsed.program.is_some() && !parsed.diagnostics.iter().any(|d| d.is_error()) {
                    progs.push(lower_program(&text));
                }
            }
        }
    }
    let insts: usize = progs.iter().flat_map(|p| p.funcs.values()).map(|f| f.layout.iter().map(|b| f.blocks[*b].insts.len()).sum::<usize>()).sum();
    let funcs: usize = progs.iter().map(|p| p.funcs.len()).sum();
    eprintln!("compile/eval_corpus: {} programs, {funcs} bodies, {insts} IR instructions", progs.len());
    let mut g = c.benchmark_group("compile");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Elements(insts as u64));
    // One body at a time, as tiering compiles them.
    g.bench_function("eval_corpus", |b| {
        b.iter(|| {
            let mut jit = Jit::new().unwrap();
            for p in &progs {
                for id in p.funcs.keys() {
                    let _ = pjit_ir::interp::tier::Backend::compile(&mut jit, p, id);
                }
            }
            jit.stats().functions
        })
    });
    // Each program's bodies as one batch (`CodeCache::compile_program`, as
    // a batch of node compiles would start).
    g.bench_function("eval_corpus_batch", |b| {
        b.iter(|| {
            let cache = CodeCache::new().unwrap();
            for p in &progs {
                cache.compile_program(p);
            }
            cache.stats().functions
        })
    });
    g.finish();
}

/// Break-even: the cost of compiling `small` against what each compiled
/// call saves (printed; BENCHMARKS.md records it).
fn break_even(c: &mut Criterion) {
    let mut g = c.benchmark_group("break_even");
    g.sample_size(20).measurement_time(Duration::from_secs(4));
    let prog = lower_program(PROGRAM);
    let small = *prog.functions.get("small").expect("small is defined");
    g.bench_function("compile_small", |b| {
        b.iter_batched(
            || Jit::new().unwrap(),
            |mut jit| pjit_ir::interp::tier::Backend::compile(&mut jit, &prog, small).is_ok(),
            BatchSize::SmallInput,
        )
    });
    for jit in [false, true] {
        let mut it = interp(PROGRAM, jit);
        it.run_main().unwrap();
        it.call_function("small", vec![pjit_runtime::Value::Integer(1)]).unwrap();
        g.bench_function(format!("call_small/{}", if jit { "jit" } else { "interp" }), |b| {
            b.iter(|| it.call_function("small", vec![pjit_runtime::Value::Integer(7)]).unwrap())
        });
    }
    g.finish();
}

criterion_group! { name = benches; config = Criterion::default(); targets = execution, compile_time, break_even }
criterion_main!(benches);
