//! Batch mode: `pjit compile --nodes FILE --facts-dir DIR -j N -o OUTDIR`
//! compiles many nodes' catalogs of one environment in one process.
//!
//! The environment's main manifest is read, parsed and validated once.
//! Compiles run on a rayon pool; each worker thread keeps one
//! [`Warm`] program for the whole batch (IR bodies are `Rc`, so programs
//! stay on their thread): the first compile on a thread lowers the main
//! manifest, later ones reuse every body lowered so far and the module
//! files parsed and lowered by earlier compiles; all workers share one JIT
//! code cache, so a body compiled for one node runs natively for the next.
//! [`Warm`] guarantees that each compile still sees exactly what a fresh
//! `pjit compile` of that node would, so batch catalogs equal single ones
//! (tests/batch.rs checks it). A compile whose node inputs answer an
//! earlier compile's questions alike is replayed rather than evaluated
//! (`PJIT_MEMO`, see pjit_ir::interp::memo).
//!
//! Output: one `OUTDIR/<node>.json` per node that compiled. Each node's
//! log lines and error go to stderr as `pjit compile` prints them, node by
//! node in the order of the node list whatever order the compiles finish
//! in, then one summary line. Exit status 1 when any node failed.

use std::cell::RefCell;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use indexmap::IndexMap;
use pjit_aot::driver;
use pjit_codegen::CodeCache;
use pjit_ir::interp::Warm;
use pjit_ir::interp::memo::Mode;
use pjit_runtime::Value;
use rayon::prelude::*;

use crate::compile::{self, Loaded, Request};

/// What `--nodes`/`--facts-dir`/`-j` asked for.
pub struct Batch {
    /// A file of node names, one per line (`#` comments and blank lines
    /// skipped); None: every facts file in the facts directory.
    pub nodes: Option<PathBuf>,
    /// `<node>.json`, `<node>.yaml` or `<node>.yml` per node (a Puppet
    /// server's `yaml/facts` directory works as it is).
    pub facts_dir: Option<PathBuf>,
    /// Worker threads (0: one per core).
    pub jobs: usize,
}

/// One node's outcome, as printed.
struct Outcome {
    ok: bool,
    /// Its log lines and error, in `pjit compile`'s format.
    log: Vec<u8>,
    /// With `--puppetdb-submit`: its facts and (after a successful
    /// compile) catalog commands, submitted once every node has compiled.
    commands: Vec<pjit_puppetdb::Command>,
}

thread_local! {
    /// The program this worker thread reuses from compile to compile.
    static WARM: RefCell<Option<Warm>> = const { RefCell::new(None) };
}

pub fn run(mut req: Request, batch: Batch) -> ExitCode {
    // Whole compiles remembered across nodes (pjit_ir::interp::memo).
    let memo = match std::env::var("PJIT_MEMO") {
        Err(_) => Mode::On,
        Ok(v) => match Mode::parse(&v) {
            Some(m) => m,
            None => {
                eprintln!("Error: PJIT_MEMO must be off, on, check or trace (not '{v}')");
                return ExitCode::from(2);
            }
        },
    };
    // A batch stores once every node has compiled (see `submit_all`).
    if let Some(store) = req.store.as_mut()
        && store.submit == crate::puppetdb::Submit::EachCompile
    {
        store.submit = crate::puppetdb::Submit::AfterBatch;
    }
    let Some(outdir) = req.output.clone() else {
        eprintln!("Error: batch compiles (--nodes, --facts-dir) need -o OUTDIR");
        return ExitCode::from(2);
    };
    if req.emit != compile::Emit::Catalog {
        eprintln!("Error: batch compiles write catalogs only (no --emit)");
        return ExitCode::from(2);
    }
    let nodes = match node_list(&batch) {
        Ok(n) => n,
        Err(e) => {
            eprintln!("Error: {e}");
            return ExitCode::from(1);
        }
    };
    if let Err(e) = std::fs::create_dir_all(&outdir) {
        eprintln!("Error: Could not create {}: {e}", outdir.display());
        return ExitCode::from(1);
    }
    #[cfg(not(feature = "system-alloc"))]
    crate::alloc::purge_freed_memory_promptly();
    let start = Instant::now();
    let loaded = match compile::load(&req, "") {
        Ok(l) => l,
        Err(code) => return code,
    };
    let jobs = if batch.jobs == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { batch.jobs };
    // The same large stacks as `pjit compile`'s compiler thread: deep but
    // accepted programs must not overflow on a worker either.
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).stack_size(256 << 20).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("Error: could not start {jobs} worker threads: {e}");
            return ExitCode::from(1);
        }
    };
    // One code cache for every worker: a body compiled for one node runs
    // natively for the next, on any thread (see pjit_codegen::CodeCache).
    let cache = match req.jit {
        compile::JitMode::Off => None,
        _ => match CodeCache::new() {
            Ok(c) => Some(Arc::new(c)),
            Err(e) => {
                eprintln!("Warning: the JIT is not available, everything is interpreted: {e}");
                None
            }
        },
    };
    let progress = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(nodes.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} catalogs {per_sec} eta {eta}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let printer = Mutex::new(Printer { next: 0, done: IndexMap::new(), failed: 0, progress: progress.clone(), commands: vec![] });
    pool.install(|| {
        nodes.par_iter().enumerate().for_each(|(i, node)| {
            let outcome = compile_node(&req, &batch, &loaded, cache.as_ref(), &outdir, node, memo);
            // A poisoned lock only means another node's printing panicked;
            // the order bookkeeping is still sound.
            let mut p = printer.lock().unwrap_or_else(|e| e.into_inner());
            p.add(i, outcome);
        });
    });
    // The workers' programs are dropped with the pool's threads.
    drop(pool);
    progress.finish_and_clear();
    let printer = printer.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut failed = printer.failed;
    if let Some(store) = &req.store {
        failed += submit_all(store, &nodes, printer.commands);
    }
    let secs = start.elapsed().as_secs_f64();
    let ok = nodes.len() - failed;
    eprintln!(
        "Compiled {ok} of {} catalogs in {secs:.3} s ({:.1} catalogs/s, {jobs} threads){}",
        nodes.len(),
        ok as f64 / secs.max(1e-9),
        if failed > 0 { format!("; {failed} failed") } else { String::new() }
    );
    if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// `--puppetdb-submit` in batch mode: every node's facts and catalog go
/// to PuppetDB only after every node has compiled, node by node in node
/// order, so each node's exported collectors and `puppetdb_query` saw
/// PuppetDB as it was when the batch started, whatever the order the
/// compiles ran in (as agents of one run interval that all ask before
/// PuppetDB has processed any of their catalogs); the next batch sees
/// what this one stored. Returns how many nodes failed to store (their
/// error printed as `pjit compile` prints it).
fn submit_all(store: &crate::puppetdb::Store, nodes: &[String], commands: Vec<(usize, Vec<pjit_puppetdb::Command>)>) -> usize {
    let mut failed = 0;
    for (i, cmds) in commands {
        if let Some(e) = cmds.iter().find_map(|c| store.db.submit(c).err()) {
            eprintln!("Error: {e} (node {})", nodes[i]);
            failed += 1;
        }
    }
    failed
}

/// Prints finished nodes' lines in node order.
struct Printer {
    /// The next node to print.
    next: usize,
    /// Finished nodes waiting for an earlier one.
    done: IndexMap<usize, Outcome>,
    failed: usize,
    progress: indicatif::ProgressBar,
    /// The nodes' PuppetDB commands, in node order.
    commands: Vec<(usize, Vec<pjit_puppetdb::Command>)>,
}

impl Printer {
    fn add(&mut self, i: usize, o: Outcome) {
        self.progress.inc(1);
        if !o.ok {
            self.failed += 1;
        }
        self.done.insert(i, o);
        while let Some(mut o) = self.done.swap_remove(&self.next) {
            if !o.commands.is_empty() {
                self.commands.push((self.next, std::mem::take(&mut o.commands)));
            }
            if !o.log.is_empty() {
                self.progress.suspend(|| {
                    let mut err = std::io::stderr().lock();
                    let _ = err.write_all(&o.log);
                });
            }
            self.next += 1;
        }
    }
}

/// The nodes to compile, in order.
fn node_list(batch: &Batch) -> Result<Vec<String>, String> {
    let nodes: Vec<String> = match (&batch.nodes, &batch.facts_dir) {
        (Some(file), _) => std::fs::read_to_string(file)
            .map_err(|e| format!("Could not read the node list {}: {e}", file.display()))?
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect(),
        (None, Some(dir)) => {
            let mut names: Vec<String> = std::fs::read_dir(dir)
                .map_err(|e| format!("Could not read the facts directory {}: {e}", dir.display()))?
                .filter_map(|e| e.ok())
                .filter_map(|e| {
                    let p = e.path();
                    let ext = p.extension()?.to_str()?;
                    matches!(ext, "json" | "yaml" | "yml").then(|| p.file_stem()?.to_str().map(str::to_string))?
                })
                .collect();
            names.sort();
            names.dedup();
            names
        }
        (None, None) => return Err("a batch compile needs --nodes FILE or --facts-dir DIR".into()),
    };
    let mut seen = std::collections::HashSet::new();
    if let Some(dup) = nodes.iter().find(|n| !seen.insert(n.as_str())) {
        return Err(format!("node '{dup}' is listed twice"));
    }
    if let Some(bad) = nodes.iter().find(|n| n.contains('/') || n.starts_with('.')) {
        return Err(format!("'{bad}' is not a node name (its catalog file would land outside the output directory)"));
    }
    Ok(nodes)
}

/// The facts of `node`: its file in the facts directory, else the `--facts`
/// file (shared by every node), else none.
fn node_facts(req: &Request, batch: &Batch, node: &str) -> Result<IndexMap<String, Value>, String> {
    if let Some(dir) = &batch.facts_dir {
        for ext in ["json", "yaml", "yml"] {
            let p = dir.join(format!("{node}.{ext}"));
            if p.is_file() {
                return driver::read_facts(&p).map_err(|e| format!("Could not read facts file {}: {e}", p.display()));
            }
        }
        if req.facts.is_none() {
            return Err(format!("no facts for node {node} in {}", dir.display()));
        }
    }
    match &req.facts {
        Some(p) => driver::read_facts(p).map_err(|e| format!("Could not read facts file {}: {e}", p.display())),
        None => Ok(IndexMap::new()),
    }
}

/// Compiles one node on this worker thread, reusing its program.
fn compile_node(
    req: &Request,
    batch: &Batch,
    loaded: &Loaded,
    cache: Option<&Arc<CodeCache>>,
    outdir: &Path,
    node: &str,
    memo: Mode,
) -> Outcome {
    let mut log = vec![];
    let facts = match node_facts(req, batch, node) {
        Ok(f) => f,
        Err(e) => {
            let _ = writeln!(log, "Error: {e}");
            return Outcome { ok: false, log, commands: vec![] };
        }
    };
    let mut opts = loaded.options(req, node, facts);
    opts.memo = memo;
    let out = outdir.join(format!("{node}.json"));
    WARM.with(|w| {
        let c = compile::compile_node(req, loaded, cache, &mut w.borrow_mut(), opts, driver::CatalogOut::File(&out));
        log.extend_from_slice(&c.log);
        Outcome { ok: c.status == 0, log, commands: c.commands }
    })
}
