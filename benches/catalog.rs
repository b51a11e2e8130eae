//! Catalog compiles of generated environments (`envgen.rs`: Puppet's
//! benchmark scenarios many_modules, defined_types, fq_var_lookup,
//! virtual_collection, type_inference), in process: parse the main
//! manifest, lower, run the compiler (autoloading every module file), and
//! serialize the catalog JSON, as `pjit compile` does for one node.
//!
//! `cargo bench --bench catalog`; figures and the whole-process comparison
//! with Puppet (tests/tools/compare-puppet.sh) in BENCHMARKS.md.

#[path = "envgen.rs"]
mod envgen;

use criterion::{Criterion, criterion_group, criterion_main};
use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::{FileId, SourceFile};
use pjit_ir::interp::{Interp, Options};
use pjit_ir::{Program, lower, passes};

fn compile(dir: &std::path::Path) -> usize {
    let site = dir.join("manifests/site.pp");
    let text = std::fs::read_to_string(&site).expect("site.pp");
    let src = SourceFile::new(site.display().to_string(), text.clone());
    let ast = parser::parse(FileId(0), &text, SourceKind::Manifest).program.expect("site.pp parses");
    let mut prog = Program::default();
    let main = lower::lower_program(&mut prog, &src, &ast);
    prog.main = Some(main);
    passes::optimize(&mut prog);
    let opts = Options {
        node: "testnode.example.com".into(),
        environment: "production".into(),
        modulepath: vec![dir.join("modules")],
        ..Options::default()
    };
    let mut it = Interp::new(prog, opts);
    it.compile().expect("the scenario compiles");
    let json = it.catalog.to_json("testnode.example.com", "production");
    serde_json::to_string(&json).expect("JSON").len()
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
    let _ = std::fs::remove_dir_all(&root);
}

criterion_group!(benches, bench);
criterion_main!(benches);
