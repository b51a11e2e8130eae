//! The compile workers: a fixed number of threads (one per core by
//! default) with large stacks, each keeping a warm program per
//! environment (IR bodies are `Rc`, so a program stays on its thread), fed
//! from one queue. Every compile goes through
//! [`crate::compile::compile_node`], the call `pjit compile`'s batch mode
//! makes, so a served catalog is the one `pjit compile` prints.
//!
//! A watchdog thread enforces the per-compile time limit and the
//! process's memory bound: it asks the compile to stop (`interp::Cancel`;
//! the interpreter checks at every body call and iteration step), and the
//! request fails with that reason. Each compile also has a memory bound of
//! its own, which the interpreter checks at the same points on the
//! compile's thread: the growth of that thread's allocation count
//! (`crate::alloc`) since the compile started. A panic in a compile is
//! that compile's error.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pjit_ir::interp::{Cancel, MemoryBound, Options, Warm};

use super::environments::Env;
#[cfg(not(feature = "system-alloc"))]
use crate::alloc::thread_allocated;
use crate::compile;

/// Built with the system allocator there is no count: no per-compile
/// bound.
#[cfg(feature = "system-alloc")]
fn thread_allocated() -> usize {
    0
}

/// What a compile gave.
pub struct Outcome {
    pub catalog: Vec<u8>,
    pub compiled: compile::Compiled,
    /// Time spent waiting for a worker.
    pub queued: Duration,
    /// Time spent compiling.
    pub compile: Duration,
}

struct Job {
    env: Arc<Env>,
    opts: Options,
    queued_at: Instant,
    reply: tokio::sync::oneshot::Sender<Outcome>,
}

/// A compile in progress, for the watchdog.
struct Running {
    cancel: Arc<Cancel>,
    started: Instant,
    node: String,
}

pub struct Pool {
    queue: Mutex<Sender<Job>>,
    running: Arc<Mutex<Vec<Running>>>,
    pub queued: Arc<AtomicUsize>,
}

thread_local! {
    /// This worker's warm programs: environment name -> (generation, program).
    static WARM: RefCell<HashMap<String, (u64, Warm)>> = RefCell::new(HashMap::new());
}

impl Pool {
    /// `compile_memory`: each compile's memory bound; `max_memory`: the
    /// process's.
    pub fn start(workers: usize, timeout: Duration, compile_memory: Option<u64>, max_memory: Option<u64>) -> Pool {
        let (tx, rx) = channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        let running = Arc::new(Mutex::new(Vec::new()));
        let queued = Arc::new(AtomicUsize::new(0));
        for i in 0..workers {
            let (rx, running, queued) = (rx.clone(), running.clone(), queued.clone());
            // The same large stacks as `pjit compile`'s compiler thread.
            let spawned = std::thread::Builder::new()
                .name(format!("pjit-compile-{i}"))
                .stack_size(256 << 20)
                .spawn(move || worker(rx, running, queued, compile_memory));
            if let Err(e) = spawned {
                eprintln!("Warning: could not start compile worker {i}: {e}");
            }
        }
        let watched = running.clone();
        let _ = std::thread::Builder::new().name("pjit-watchdog".into()).spawn(move || watchdog(watched, timeout, max_memory));
        Pool { queue: Mutex::new(tx), running, queued }
    }

    /// Queues a compile; the answer comes on the returned channel.
    pub fn submit(&self, env: Arc<Env>, opts: Options) -> tokio::sync::oneshot::Receiver<Outcome> {
        let (reply, rx) = tokio::sync::oneshot::channel();
        self.queued.fetch_add(1, Ordering::Relaxed);
        let job = Job { env, opts, queued_at: Instant::now(), reply };
        if self.queue.lock().unwrap_or_else(|e| e.into_inner()).send(job).is_err() {
            // No worker left: the receiver sees a closed channel.
            self.queued.fetch_sub(1, Ordering::Relaxed);
        }
        rx
    }

    /// Compiles in progress.
    pub fn running(&self) -> usize {
        self.running.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

fn worker(rx: Arc<Mutex<Receiver<Job>>>, running: Arc<Mutex<Vec<Running>>>, queued: Arc<AtomicUsize>, compile_memory: Option<u64>) {
    loop {
        let job = {
            let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
            match rx.recv() {
                Ok(j) => j,
                Err(_) => return,
            }
        };
        queued.fetch_sub(1, Ordering::Relaxed);
        if job.reply.is_closed() {
            // The client is gone (or its request timed out) before a
            // worker was free: nothing to compile for.
            continue;
        }
        let started = Instant::now();
        let queued_for = started.duration_since(job.queued_at);
        let mut opts = job.opts;
        let cancel = Arc::new(match compile_memory {
            Some(limit) => Cancel::with_memory(MemoryBound::from_now(
                thread_allocated,
                limit as usize,
                format!("Compiling the catalog of {} took more than the server's limit of {} MB of memory", opts.node, limit >> 20),
            )),
            None => Cancel::default(),
        });
        opts.cancel = Some(cancel.clone());
        running.lock().unwrap_or_else(|e| e.into_inner()).push(Running {
            cancel: cancel.clone(),
            started,
            node: opts.node.clone(),
        });
        let env = &job.env;
        let mut catalog = Vec::new();
        let compiled = WARM.with(|w| {
            let mut w = w.borrow_mut();
            // A program of an older load of this environment is dropped.
            let mut warm = match w.remove(&env.name) {
                Some((generation, warm)) if generation == env.generation => Some(warm),
                _ => None,
            };
            let c = compile::compile_node(
                &env.req,
                &env.loaded,
                env.cache.as_ref(),
                &mut warm,
                opts,
                pjit_aot::driver::CatalogOut::Memory(&mut catalog),
            );
            if let Some(warm) = warm {
                w.insert(env.name.clone(), (env.generation, warm));
            }
            c
        });
        if cancel.is_requested() {
            // A stopped compile (often one stopped for memory) has just
            // dropped what it built: give it back to the system before the
            // watchdog reads the resident size again.
            #[cfg(not(feature = "system-alloc"))]
            crate::alloc::release_freed_memory();
        }
        running.lock().unwrap_or_else(|e| e.into_inner()).retain(|r| !Arc::ptr_eq(&r.cancel, &cancel));
        let _ = job.reply.send(Outcome { catalog, compiled, queued: queued_for, compile: started.elapsed() });
    }
}

/// Stops compiles that run past the time limit, and the oldest compiles
/// while the process is over its memory bound.
fn watchdog(running: Arc<Mutex<Vec<Running>>>, timeout: Duration, max_memory: Option<u64>) {
    // Freed memory takes a moment to leave the process: after a stop, no
    // other compile is stopped for memory until the stopped one has
    // finished (dropped its data and released it, see `worker`) and a
    // second more has passed; otherwise a compile that starts next would
    // be blamed for memory the stopped one still held.
    let mut last_stop = Instant::now() - Duration::from_secs(10);
    loop {
        std::thread::sleep(Duration::from_millis(20));
        let now = Instant::now();
        let running = running.lock().unwrap_or_else(|e| e.into_inner());
        if running.iter().any(|r| r.cancel.is_requested()) {
            last_stop = now;
        }
        for r in running.iter().filter(|r| !r.cancel.is_requested()) {
            if now.duration_since(r.started) > timeout {
                r.cancel.request(&format!(
                    "Compiling the catalog of {} took longer than the server's limit of {} seconds",
                    r.node,
                    timeout.as_secs()
                ));
            }
        }
        if let Some(limit) = max_memory
            && now.duration_since(last_stop) > Duration::from_secs(1)
            && resident_bytes().is_some_and(|rss| rss > limit)
            && let Some(oldest) = running.iter().filter(|r| !r.cancel.is_requested()).min_by_key(|r| r.started)
        {
            oldest.cancel.request(&format!(
                "Compiling the catalog of {} was stopped: the server is over its memory limit of {} MB",
                oldest.node,
                limit >> 20
            ));
            last_stop = now;
        }
    }
}

/// The process's resident memory (Linux `/proc/self/statm`).
pub fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}
