//! Frontend throughput over a corpus of real Puppet code, per phase:
//!
//! * `frontend/lex`: the lexer alone (every token pulled, nothing built);
//! * `frontend/parse`: lexer + LALRPOP parser + post-parse passes (the AST);
//! * `frontend/full`: parse + static validation, what `pjit parse` does.
//!
//! The corpus is every `*.pp` and `*.epp` file below
//! `/usr/share/puppet/modules` (Debian's `puppet-module-*` packages;
//! symlinks followed), or below `$PJIT_BENCH_CORPUS` when that is set. All
//! files are read before timing; each group reports bytes per second of the
//! whole corpus (decimal MB/s). Everything runs on the calling thread.
//!
//! ```text
//! cargo bench --bench frontend
//! PJIT_BENCH_CLOCK=cpu cargo bench --bench frontend
//! ```
//!
//! With `PJIT_BENCH_CLOCK=cpu` the clock is the thread's CPU time instead of
//! wall time, which other processes on a shared machine disturb far less.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, Throughput};
use pjit_frontend::lexer::Lexer;
use pjit_frontend::parser::{SourceKind, parse_bytes};
use pjit_frontend::{FileId, validate};

// The allocator the `pjit` binary uses (src/alloc.rs: mimalloc through
// its plain entry points), so that the figures are pjit's
// (`--features system-alloc` measures with the system allocator instead).
#[cfg(not(feature = "system-alloc"))]
#[path = "../src/alloc.rs"]
mod alloc;
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static GLOBAL: alloc::Mimalloc = alloc::Mimalloc;

const DEFAULT_CORPUS: &str = "/usr/share/puppet/modules";

struct Corpus {
    files: Vec<(PathBuf, Vec<u8>, SourceKind)>,
    bytes: u64,
}

fn kind_of(path: &Path) -> Option<SourceKind> {
    match path.extension()?.to_str()? {
        "pp" => Some(SourceKind::Manifest),
        "epp" => Some(SourceKind::Epp),
        _ => None,
    }
}

/// Collects Puppet files below `dir`, following symlinks as `find -L` does
/// (the Debian module directory is a farm of them), skipping a directory
/// that is its own ancestor.
fn collect(dir: &Path, out: &mut Vec<PathBuf>, ancestors: &mut Vec<PathBuf>) {
    let Ok(canonical) = dir.canonicalize() else { return };
    if ancestors.contains(&canonical) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    ancestors.push(canonical);
    for entry in entries.flatten() {
        let path = entry.path();
        // `metadata` follows symlinks.
        let Ok(meta) = std::fs::metadata(&path) else { continue };
        if meta.is_dir() {
            collect(&path, out, ancestors);
        } else if meta.is_file() && kind_of(&path).is_some() {
            out.push(path);
        }
    }
    ancestors.pop();
}

/// A stand-in corpus when no modules are installed: the repository's parse
/// test cases, and a generated manifest in the style of module code.
fn fallback() -> Vec<(PathBuf, Vec<u8>, SourceKind)> {
    let mut files = Vec::new();
    let mut paths = Vec::new();
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/parse/cases");
    collect(&cases, &mut paths, &mut Default::default());
    paths.sort();
    for p in paths {
        if let (Ok(bytes), Some(kind)) = (std::fs::read(&p), kind_of(&p)) {
            files.push((p, bytes, kind));
        }
    }
    let mut generated = String::new();
    for i in 0..2000 {
        generated.push_str(&format!(
            "# Class {i}\nclass mod{i}::cfg (\n  String $path = '/etc/mod{i}.conf',\n  Optional[Integer[0]] $port = undef,\n  Hash[String, Any] $opts = {{}},\n) inherits mod{i}::params {{\n  if $port and $port > 1024 {{\n    notice(\"port ${{port}} for ${{path}}\")\n  }}\n  file {{ $path:\n    ensure  => file,\n    content => epp('mod{i}/cfg.epp', {{ 'opts' => $opts }}),\n    mode    => '0644',\n  }}\n  $opts.each |$k, $v| {{ notify {{ \"${{k}}=${{v}}\": }} }}\n  Package['mod{i}'] -> File[$path] ~> Service['mod{i}']\n}}\n"
        ));
    }
    files.push((PathBuf::from("<generated>"), generated.into_bytes(), SourceKind::Manifest));
    files
}

fn load() -> Corpus {
    let dir = std::env::var_os("PJIT_BENCH_CORPUS").map(PathBuf::from).unwrap_or_else(|| DEFAULT_CORPUS.into());
    let mut paths = Vec::new();
    collect(&dir, &mut paths, &mut Default::default());
    paths.sort();
    let mut files: Vec<_> = paths
        .into_iter()
        .filter_map(|p| {
            let bytes = std::fs::read(&p).ok()?;
            let kind = kind_of(&p)?;
            Some((p, bytes, kind))
        })
        .collect();
    if files.is_empty() {
        eprintln!();
        eprintln!("=====================================================================");
        eprintln!("WARNING: no Puppet corpus found at {}", dir.display());
        eprintln!("  (install Debian's puppet-module-* packages, or set PJIT_BENCH_CORPUS)");
        eprintln!("  Falling back to the repository's test cases and a generated sample:");
        eprintln!("  the figures below are NOT comparable with BENCHMARKS.md.");
        eprintln!("=====================================================================");
        eprintln!();
        files = fallback();
    }
    let bytes = files.iter().map(|f| f.1.len() as u64).sum();
    let (mut ok, mut bad) = (0, 0);
    for (i, (_, b, k)) in files.iter().enumerate() {
        let p = parse_bytes(FileId(i as u32), b, *k);
        if p.has_errors() { bad += 1 } else { ok += 1 }
    }
    eprintln!(
        "frontend corpus: {} files, {} bytes ({:.2} MB) from {}; {ok} parse cleanly, {bad} with errors",
        files.len(),
        bytes,
        bytes as f64 / 1e6,
        dir.display()
    );
    Corpus { files, bytes }
}

fn lex_all(c: &Corpus) -> usize {
    let mut n = 0;
    for (_, bytes, kind) in &c.files {
        let Ok(text) = std::str::from_utf8(bytes) else { continue };
        let lexer = match kind {
            SourceKind::Manifest => Lexer::new(text),
            SourceKind::Epp => Lexer::new_epp(text),
        };
        for t in lexer {
            black_box(&t);
            n += 1;
        }
    }
    n
}

fn parse_all(c: &Corpus) -> usize {
    let mut n = 0;
    for (i, (_, bytes, kind)) in c.files.iter().enumerate() {
        let parsed = parse_bytes(FileId(i as u32), bytes, *kind);
        n += parsed.program.is_some() as usize;
        black_box(parsed);
    }
    n
}

fn full_all(c: &Corpus) -> usize {
    let options = validate::Options::default();
    let mut n = 0;
    for (i, (_, bytes, kind)) in c.files.iter().enumerate() {
        let parsed = parse_bytes(FileId(i as u32), bytes, *kind);
        n += parsed.diagnostics.len();
        if let Some(program) = &parsed.program {
            n += validate::validate(program, &options).len();
        }
        black_box(parsed);
    }
    n
}

fn frontend<M: Measurement>(c: &mut Criterion<M>, corpus: &Corpus) {
    let mut g = c.benchmark_group("frontend");
    g.throughput(Throughput::BytesDecimal(corpus.bytes));
    g.sample_size(20);
    g.warm_up_time(Duration::from_secs(3));
    g.measurement_time(Duration::from_secs(15));
    g.bench_function("lex", |b| b.iter(|| lex_all(black_box(corpus))));
    g.bench_function("parse", |b| b.iter(|| parse_all(black_box(corpus))));
    g.bench_function("full", |b| b.iter(|| full_all(black_box(corpus))));
    g.finish();
}

/// The calling thread's CPU time, in nanoseconds (Linux's
/// `/proc/thread-self/schedstat`).
struct CpuTime;

fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;
    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &NanosFormatter
    }
}

/// Formats nanoseconds as criterion's wall-time formatter does (bytes per
/// second in decimal units).
struct NanosFormatter;

impl ValueFormatter for NanosFormatter {
    fn scale_values(&self, ns: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match ns {
            ns if ns < 1e3 => (1.0, "ns"),
            ns if ns < 1e6 => (1e-3, "µs"),
            ns if ns < 1e9 => (1e-6, "ms"),
            _ => (1e-9, "s"),
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }

    fn scale_throughputs(&self, _typical: f64, throughput: &Throughput, values: &mut [f64]) -> &'static str {
        let amount = match *throughput {
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) => n as f64,
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => n as f64,
            Throughput::Bits(n) => n as f64,
        };
        values.iter_mut().for_each(|v| *v = amount * 1e9 / *v / 1e6);
        match throughput {
            Throughput::Bytes(_) | Throughput::BytesDecimal(_) => "MB/s",
            Throughput::Bits(_) => "Mb/s",
            _ => "Melem/s",
        }
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

fn run<M: Measurement>(c: Criterion<M>, corpus: &Corpus) {
    let mut c = c.configure_from_args();
    frontend(&mut c, corpus);
    c.final_summary();
}

fn main() {
    let corpus = load();
    if std::env::var("PJIT_BENCH_CLOCK").is_ok_and(|v| v == "cpu") {
        eprintln!("frontend bench: measuring thread CPU time (PJIT_BENCH_CLOCK=cpu)");
        run(Criterion::default().with_measurement(CpuTime), &corpus);
    } else {
        run(Criterion::default().with_measurement(WallTime), &corpus);
    }
}
