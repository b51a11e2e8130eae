//! Lowering and the IR passes over real Puppet code: every `*.pp` file
//! below `/usr/share/puppet/modules` (Debian's puppet-module-* packages),
//! parsed once outside the timing; each iteration lowers every file into a
//! fresh program and runs the passes (constant folding, type inference,
//! dead-code elimination), as the autoloader does. Reported in MB/s of
//! source. `PJIT_BENCH_CORPUS=DIR` picks another corpus.
//!
//! `cargo bench --bench lower`; figures in BENCHMARKS.md.

// The allocator `pjit` ships with (src/main.rs), so figures match it.
#[path = "../src/alloc.rs"]
mod alloc;
#[global_allocator]
static GLOBAL: alloc::Mimalloc = alloc::Mimalloc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::{FileId, SourceFile};
use pjit_ir::{Program, lower, passes};

fn corpus() -> Vec<(SourceFile, pjit_frontend::ast::Program)> {
    let root = std::env::var_os("PJIT_BENCH_CORPUS").map(std::path::PathBuf::from).unwrap_or_else(|| "/usr/share/puppet/modules".into());
    let mut paths = vec![];
    collect(&root, &mut paths);
    paths.sort();
    assert!(!paths.is_empty(), "no .pp files below {}: install Debian's puppet-module-* packages", root.display());
    paths
        .iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(p).ok()?;
            let ast = parser::parse(FileId(0), &text, SourceKind::Manifest).program?;
            Some((SourceFile::new(p.display().to_string(), text), ast))
        })
        .collect()
}

fn collect(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        // Follow symlinks, as `find -L` does (Debian links module dirs).
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "pp") {
            out.push(p);
        }
    }
}

fn bench(c: &mut Criterion) {
    let files = corpus();
    let bytes: usize = files.iter().map(|(s, _)| s.text().len()).sum();
    let mut g = c.benchmark_group("lower");
    g.sample_size(10);
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("lower_and_passes", |b| {
        b.iter(|| {
            let mut prog = Program::default();
            for (src, ast) in &files {
                let first = prog.funcs.len();
                lower::lower_program(&mut prog, src, ast);
                passes::optimize_from(&mut prog, first);
            }
            prog.funcs.len()
        })
    });
    g.bench_function("lower_only", |b| {
        b.iter(|| {
            let mut prog = Program::default();
            for (src, ast) in &files {
                lower::lower_program(&mut prog, src, ast);
            }
            prog.funcs.len()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
