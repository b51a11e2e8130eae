//! A quick, contention-tolerant timing of the frontend phases over a corpus:
//! measures this thread's CPU time (from `/proc/thread-self/schedstat`, in
//! nanoseconds), not wall time, so other processes on a shared machine
//! disturb it less than they disturb criterion. For development; the
//! published figures come from `benches/frontend.rs`.
//!
//! ```text
//! cargo run --release -p pjit-frontend --example corpus_time -- [DIR] [ITERATIONS]
//! ```
//!
//! With `ITERATIONS` = `dump`, prints every file's AST and diagnostics
//! instead (to compare two versions of the frontend).

use std::path::{Path, PathBuf};

use pjit_frontend::lexer::Lexer;
use pjit_frontend::parser::{SourceKind, parse_bytes};
use pjit_frontend::{FileId, validate};

// The allocator the `pjit` binary and `benches/frontend.rs` use, so that the
// figures compare with theirs.
#[path = "../../src/alloc.rs"]
mod alloc;
#[global_allocator]
static GLOBAL: alloc::Mimalloc = alloc::Mimalloc;

fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        match std::fs::metadata(&p) {
            Ok(m) if m.is_dir() => collect(&p, out),
            Ok(m) if m.is_file() && p.extension().is_some_and(|x| x == "pp" || x == "epp") => out.push(p),
            _ => {}
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).map(String::as_str).unwrap_or("/usr/share/puppet/modules");
    let dump = args.get(2).is_some_and(|s| s == "dump");
    let iters: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let mut paths = Vec::new();
    collect(Path::new(dir), &mut paths);
    paths.sort();
    let files: Vec<(Vec<u8>, SourceKind)> = paths
        .iter()
        .map(|p| {
            let k = if p.extension().is_some_and(|x| x == "epp") { SourceKind::Epp } else { SourceKind::Manifest };
            (std::fs::read(p).unwrap(), k)
        })
        .collect();
    let bytes: usize = files.iter().map(|f| f.0.len()).sum();
    if dump {
        use std::io::Write;
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        for (i, ((b, k), p)) in files.iter().zip(&paths).enumerate() {
            let parsed = parse_bytes(FileId(i as u32), b, *k);
            writeln!(out, "=== {}", p.display()).unwrap();
            for d in &parsed.diagnostics {
                writeln!(out, "{d:?}").unwrap();
            }
            if let Some(prog) = &parsed.program {
                for d in validate::validate(prog, &validate::Options::default()) {
                    writeln!(out, "{d:?}").unwrap();
                }
                out.write_all(pjit_frontend::printer::print_program(prog).as_bytes()).unwrap();
            }
        }
        return;
    }
    let opts = validate::Options::default();
    // `PHASE=parse` runs one phase only (for profilers).
    let only = std::env::var("PHASE").ok();
    let phase = |name: &str, f: &dyn Fn() -> usize| {
        if only.as_deref().is_some_and(|o| o != name) {
            return;
        }
        f();
        let mut best = u64::MAX;
        let mut total = 0;
        for _ in 0..iters {
            let t = cpu_ns();
            std::hint::black_box(f());
            let d = cpu_ns() - t;
            best = best.min(d);
            total += d;
        }
        let mean = total / iters as u64;
        println!(
            "{name:6} best {:7.2} ms {:7.1} MB/s   mean {:7.2} ms {:7.1} MB/s",
            best as f64 / 1e6,
            bytes as f64 / best as f64 * 1e3,
            mean as f64 / 1e6,
            bytes as f64 / mean as f64 * 1e3
        );
    };
    println!("{} files, {} bytes", files.len(), bytes);
    phase("lex", &|| {
        let mut n = 0;
        for (b, k) in &files {
            let text = std::str::from_utf8(b).unwrap();
            let lx = if *k == SourceKind::Epp { Lexer::new_epp(text) } else { Lexer::new(text) };
            for t in lx {
                std::hint::black_box(&t);
                n += 1;
            }
        }
        n
    });
    phase("parse", &|| {
        let mut n = 0;
        for (i, (b, k)) in files.iter().enumerate() {
            let p = parse_bytes(FileId(i as u32), b, *k);
            n += p.diagnostics.len() + p.program.is_some() as usize;
        }
        n
    });
    phase("full", &|| {
        let mut n = 0;
        for (i, (b, k)) in files.iter().enumerate() {
            let p = parse_bytes(FileId(i as u32), b, *k);
            n += p.diagnostics.len();
            if let Some(prog) = &p.program {
                n += validate::validate(prog, &opts).len();
            }
        }
        n
    });
}
