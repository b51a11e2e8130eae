//! Catalog compiles of generated environments (`envgen.rs`: Puppet's
//! benchmark scenarios many_modules, defined_types, fq_var_lookup,
//! virtual_collection, type_inference, and hiera_lookups), in process:
//!
//! - `catalog/<scenario>`: parse the main manifest, lower, run the
//!   compiler (autoloading every module file), and write the catalog JSON,
//!   as `pjit compile` does for one node;
//! - `catalog_warm/<scenario>`: one more node of an environment already
//!   compiled once, as each worker of batch mode (`--nodes`) does: the
//!   program, its autoloaded files and module indexes are reused
//!   (`interp::Warm`); catalogs per second per core is 1 / this time.
//!
//! `cargo bench --bench catalog`; figures and the whole-process comparison
//! with Puppet (tests/tools/compare-puppet.sh) in BENCHMARKS.md.

// The allocator `pjit` ships with (src/main.rs), so figures match it.
#[path = "../src/alloc.rs"]
mod alloc;
#[global_allocator]
static GLOBAL: alloc::Mimalloc = alloc::Mimalloc;

#[path = "envgen.rs"]
mod envgen;

use criterion::{Criterion, criterion_group, criterion_main};
use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::{FileId, SourceFile};
use pjit_ir::interp::{Interp, Options, Warm};
use pjit_ir::{Program, lower, passes};

fn program(dir: &std::path::Path) -> Program {
    let site = dir.join("manifests/site.pp");
    let text = std::fs::read_to_string(&site).expect("site.pp");
    let src = SourceFile::new(site.display().to_string(), text.clone());
    let ast = parser::parse(FileId(0), &text, SourceKind::Manifest).program.expect("site.pp parses");
    let mut prog = Program::default();
    let main = lower::lower_program(&mut prog, &src, &ast);
    prog.main = Some(main);
    passes::optimize(&mut prog);
    prog
}

fn options(dir: &std::path::Path) -> Options {
    thread_local! {
        /// The facts of the eval suite (the hiera scenario interpolates
        /// them), read once.
        static FACTS: indexmap::IndexMap<String, pjit_runtime::Value> = pjit_aot::driver::read_facts(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/eval/facts.json"),
        )
        .expect("facts");
    }
    Options {
        node: "testnode.example.com".into(),
        environment: "production".into(),
        modulepath: vec![dir.join("modules")],
        environment_dir: Some(dir.to_path_buf()),
        facts: FACTS.with(|f| f.clone()),
        ..Options::default()
    }
}

fn json(it: &Interp) -> usize {
    let mut out = vec![];
    it.catalog.write_json(&mut out, "testnode.example.com", "production").expect("JSON");
    out.len()
}

fn compile(dir: &std::path::Path) -> usize {
    let mut it = Interp::new(program(dir), options(dir));
    it.compile().expect("the scenario compiles");
    json(&it)
}

/// One compile through a warm program; returns the program for the next.
fn compile_warm(dir: &std::path::Path, warm: Warm) -> (Warm, usize) {
    let mut it = Interp::from_warm(warm, options(dir));
    it.compile().expect("the scenario compiles");
    let n = json(&it);
    (it.into_warm().expect("a warm interpreter"), n)
}

fn bench(c: &mut Criterion) {
    let root = std::env::temp_dir().join(format!("pjit-bench-envs-{}", std::process::id()));
    let mut g = c.benchmark_group("catalog");
    g.sample_size(20);
    for env in envgen::all() {
        env.write(&root).expect("write the environment");
        let dir = root.join(env.name);
        assert!(compile(&dir) > 0);
        g.bench_function(env.name, |b| b.iter(|| compile(&dir)));
    }
    g.finish();
    let mut g = c.benchmark_group("catalog_warm");
    g.sample_size(30);
    for env in envgen::all() {
        let dir = root.join(env.name);
        let (mut warm, n) = compile_warm(&dir, Warm::new(program(&dir)));
        assert!(n > 0);
        g.bench_function(env.name, |b| {
            b.iter(|| {
                let w = std::mem::replace(&mut warm, Warm::new(Program::default()));
                let (w, n) = compile_warm(&dir, w);
                warm = w;
                n
            })
        });
    }
    g.finish();
    let _ = std::fs::remove_dir_all(&root);
}

criterion_group!(benches, bench);
criterion_main!(benches);
