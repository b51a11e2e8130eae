//! The JIT against the interpreter on IR text: every `.ir` file of
//! `codegen/tests/cases/` and of the workspace's `tests/ir_text/` is run
//! twice, interpreted and with every body compiled before its first call,
//! following its `;!` directives:
//!
//! * `;! call NAME ARGS -> RESULT`: calls Puppet function NAME (arguments
//!   and result are IR literals); `-> error ISSUE` expects that error;
//! * `;! compile`: compiles the catalog; the logs, the catalog JSON and
//!   the error (issue, message, location) must be the same on both.
//!
//! Other directives of `tests/ir_text` are checked by `tests/ir_roundtrip.rs`
//! and ignored here. Also: the fallback for bodies the JIT refuses, the
//! Cranelift text form, and reuse of compiled code across interpreters.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use pjit_codegen::{CodeCache, Jit};
use pjit_ir::interp::tier::{Backend, FuncState, Tier};
use pjit_ir::interp::{EvalError, Interp, Options};
use pjit_ir::parse::{parse_literal, parse_program};
use pjit_ir::{FuncKind, Function, Loc, Op, Program, Ty, print};
use pjit_runtime::Value;

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        .collect();
    v.sort();
    v
}

fn interp(text: &str, jit: bool) -> Interp {
    let prog = parse_program(text).expect("the case parses");
    let opts = Options { node: "testnode.example.com".into(), environment: "production".into(), ..Options::default() };
    let mut it = Interp::new(prog, opts);
    if jit {
        it.tier = Tier::new(Box::new(Jit::new().expect("the JIT works here")), 0);
    }
    it
}

fn outcome(r: Result<Value, EvalError>) -> String {
    match r {
        Ok(v) => print::literal(&v),
        Err(e) => format!("error {} {:?} at {:?}", e.issue, e.message, e.loc),
    }
}

fn catalog_outcome(it: &mut Interp) -> String {
    let r = it.compile();
    let logs: Vec<String> = it.logs.iter().map(|l| format!("{:?} {:?} {}", l.level, l.scope, l.message)).collect();
    let result = match r {
        Ok(()) => it.catalog.to_json("testnode.example.com", "production").to_string(),
        Err(e) => format!("error {} {:?} at {:?}", e.issue, e.message, e.loc),
    };
    format!("{}\n{result}", logs.join("\n"))
}

/// Runs the directives of one file; returns how many calls were checked.
fn run_file(path: &Path, failures: &mut Vec<String>) -> usize {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let mut checks = 0;
    for line in text.lines() {
        let Some(d) = line.strip_prefix(";!").map(str::trim) else { continue };
        if d == "compile" {
            let (a, b) = (catalog_outcome(&mut interp(&text, false)), catalog_outcome(&mut interp(&text, true)));
            if a != b {
                failures.push(format!("{name}: compile differs\n  interpreted: {a}\n  compiled:    {b}"));
            }
            checks += 1;
            continue;
        }
        let Some(rest) = d.strip_prefix("call ") else { continue };
        let (call, want) = rest.split_once(" -> ").unwrap_or_else(|| panic!("{name}: bad directive {line}"));
        let (fname, args) = call.split_once(' ').unwrap_or_else(|| panic!("{name}: bad directive {line}"));
        let args: Vec<Value> = match parse_literal(args) {
            Ok(Value::Array(a)) => a.iter().cloned().collect(),
            other => panic!("{name}: call arguments must be an array literal: {line} ({other:?})"),
        };
        let mut results = vec![];
        for jit in [false, true] {
            let mut it = interp(&text, jit);
            // The main body defines nothing callable here, but runs first
            // as in a compile.
            results.push(outcome(it.call_function(fname, args.clone())));
        }
        if results[0] != results[1] {
            failures.push(format!("{name}: {line}\n  interpreted: {}\n  compiled:    {}", results[0], results[1]));
        }
        let ok = match want.strip_prefix("error ") {
            Some(issue) => results[0].starts_with(&format!("error {issue} ")),
            None => {
                let want = parse_literal(want).unwrap_or_else(|e| panic!("{name}: bad result in {line}: {e}"));
                results[0] == print::literal(&want)
            }
        };
        if !ok {
            failures.push(format!("{name}: {line}\n  got: {}", results[0]));
        }
        checks += 1;
    }
    checks
}

#[test]
fn ir_files_run_the_same_compiled_and_interpreted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = vec![];
    let mut checks = 0;
    for f in files(&root.join("tests/cases")).iter().chain(&files(&root.join("../tests/ir_text"))) {
        checks += run_file(f, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checks >= 40, "only {checks} checks ran");
}

/// A function with `n` constants and a return, built in memory.
fn big_function(n: usize) -> Function {
    let mut f = Function::new("big", FuncKind::Function, Loc::default());
    let b = f.add_block();
    let c = f.add_const(Value::Integer(1));
    let mut last = None;
    for _ in 0..n {
        last = f.append(b, Op::Const(c), Some(Ty::Int), Loc::default());
    }
    f.append(b, Op::Return(last.expect("n > 0")), None, Loc::default());
    f
}

#[test]
fn a_refused_body_stays_interpreted_and_runs() {
    let mut prog = Program::default();
    let id = prog.funcs.push(Rc::new(big_function(pjit_codegen::MAX_INSTS + 1)));
    prog.functions.insert("big".into(), id);
    let mut jit = Jit::new().unwrap();
    let err = jit.compile(&prog, id).expect_err("too large to compile");
    assert!(err.contains("too large"), "{err}");
    let mut it = Interp::new(prog, Options::default());
    it.tier = Tier::new(Box::new(jit), 0);
    assert_eq!(it.call_function("big", vec![]).map(|v| print::literal(&v)), Ok("1".to_string()));
    assert!(matches!(it.tier.state(id), FuncState::Refused { .. }), "{:?}", it.tier.state(id));
}

#[test]
fn small_bodies_compile_with_inline_integer_code() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/jit.ir")).unwrap();
    let prog = parse_program(&text).unwrap();
    let clif = pjit_codegen::clif(&prog).unwrap();
    for needle in ["sadd_overflow", "smul_overflow", "sdiv", "srem", "call fn0", "stays interpreted"] {
        let present = clif.contains(needle);
        // Nothing in this program is refused.
        assert_eq!(present, needle != "stays interpreted", "{needle} in the CLIF text:\n{clif}");
    }
    let mut jit = Jit::new().unwrap();
    for id in prog.funcs.keys() {
        jit.compile(&prog, id).unwrap();
    }
    let s = jit.stats();
    assert_eq!(s.functions, prog.funcs.len());
    assert!(s.counts.native * 2 > s.counts.insts, "{s:?}");
}

#[test]
fn compiled_code_is_reused_across_interpreters() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/jit.ir")).unwrap();
    let mut backend: Box<dyn Backend> = Box::new(Jit::new().unwrap());
    let mut before = None;
    for round in 0..3 {
        let mut it = Interp::new(parse_program(&text).unwrap(), Options::default());
        it.tier = Tier::new(backend, 0);
        assert_eq!(outcome(it.call_function("walk", vec![Value::Integer(10)])), "25");
        let d = it.tier.describe().unwrap();
        if round > 0 {
            // Same bodies, separately parsed: all answered from the cache.
            assert!(d.contains(&format!("compiled {} bodies", before.as_ref().unwrap())), "{d}");
            assert!(!d.contains("; 0 reused"), "{d}");
        } else {
            before = Some(d.split_whitespace().nth(1).unwrap().to_string());
        }
        backend = it.tier.take_backend().unwrap();
    }
}

/// Batch compiles: one code cache, compiled once up front, serves
/// interpreters on many threads, each over its own lowering of the same
/// program; nothing is compiled again and the code runs from each body's
/// first call, whatever the threshold.
#[test]
fn one_code_cache_serves_interpreters_on_many_threads() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/jit.ir")).unwrap();
    let cache = std::sync::Arc::new(CodeCache::new().unwrap());
    let prog = parse_program(&text).unwrap();
    let n = prog.funcs.len();
    assert_eq!(cache.compile_program(&prog), n);
    // Compiling the same program again finds everything.
    assert_eq!(cache.compile_program(&parse_program(&text).unwrap()), 0);
    let compiled = cache.stats().functions;
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..3 {
                    let mut it = Interp::new(parse_program(&text).unwrap(), Options::default());
                    it.tier = Tier::new(Box::new(Jit::with_cache(cache.clone())), 1000);
                    assert_eq!(outcome(it.call_function("walk", vec![Value::Integer(10)])), "25");
                    let walk = *it.prog.functions.get("walk").unwrap();
                    assert_eq!(it.tier.state(walk), FuncState::Compiled, "code from the cache at the first call");
                }
            });
        }
    });
    let s = cache.stats();
    assert_eq!(s.functions, compiled, "nothing compiled again");
    assert!(s.reused >= 12, "{s:?}");
}

/// Code is reused only for an equal body with equal parameter types: the
/// entry checks were made from the types.
#[test]
fn cached_code_follows_parameter_types() {
    let text = |ty: &str| {
        format!(
            "function fn0 thunk 'f::$x::type' @1:1\nblock0:\n    v0: type = const {ty} @1:1\n    return v0 @1:1\n\n\
             function fn1 function 'f' ($x type fn0 @1:1) @1:1\nblock0(v0: any):\n    return v0 @1:1\n\n\
             puppet_function f = fn1\nfile 0 'x.pp'\n"
        )
    };
    let cache = std::sync::Arc::new(CodeCache::new().unwrap());
    for (ty, arg, want) in [("Integer", Value::Integer(1), "1"), ("String", Value::string("a"), "'a'"), ("String", Value::Integer(1), "error TYPE_MISMATCH")] {
        let mut it = Interp::new(parse_program(&text(ty)).unwrap(), Options::default());
        it.tier = Tier::new(Box::new(Jit::with_cache(cache.clone())), 0);
        // Twice: the second call takes the direct path to the code.
        for _ in 0..2 {
            let got = outcome(it.call_function("f", vec![arg.clone()]));
            assert!(got.starts_with(want), "{ty}: {got}");
        }
    }
    // The body once per parameter type; the type thunks are constant and
    // read without running them, so they are never compiled.
    assert_eq!(cache.stats().functions, 2, "the body is compiled once per parameter type");
}
