//! Environments kept warm across requests.
//!
//! An environment is loaded once (its directory resolved, main manifest
//! read, parsed and validated: [`crate::compile::load_to`]) and kept with a
//! JIT code cache that every worker's compiles share; each worker thread
//! keeps its own warm program for it (`pool.rs`), tagged with the load's
//! generation. A load is forgotten, as Puppet's environment cache forgets
//! it, when its `environment_timeout` (from its `environment.conf`, else the
//! setting) has passed since it was last used (`0`: every request loads
//! afresh; `unlimited`: never), when a file it is made of changes (a
//! watcher thread compares the files' sizes and modification times), on
//! `DELETE /puppet-admin-api/v1/environment-cache`, and on SIGHUP. A
//! request never sees a half-replaced environment: it holds its load.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant, SystemTime};

use pjit_codegen::CodeCache;

use super::{Config, State};
use crate::compile::{self, Loaded, Request};

/// One load of an environment.
pub struct Env {
    pub name: String,
    /// Load number, unique in the process: workers' warm programs of an
    /// older load are dropped.
    pub generation: u64,
    pub req: Request,
    pub loaded: Loaded,
    pub cache: Option<Arc<CodeCache>>,
    /// The files it is made of, at load time.
    fingerprint: u64,
    /// What a change of those files is measured on.
    roots: Vec<PathBuf>,
}

/// A cache entry: the load (made by the first request that needs it; the
/// others wait for it), its time to live and when it was last used.
struct Slot {
    env: OnceLock<Result<Arc<Env>, String>>,
    generation: u64,
    ttl: Option<Duration>,
    last_used: Mutex<Instant>,
}

impl Slot {
    fn expired(&self, now: Instant) -> bool {
        match self.ttl {
            None => false,
            Some(ttl) => now.duration_since(*self.last_used.lock().unwrap_or_else(|e| e.into_inner())) >= ttl,
        }
    }
}

#[derive(Default)]
pub struct Environments {
    slots: Mutex<HashMap<String, Arc<Slot>>>,
    next_generation: AtomicU64,
    pub loads: AtomicU64,
    /// `environment_classes` answers (flushed with the environments).
    pub classes: super::classes::Cache,
}

/// Puppet's rule for environment names.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

impl Environments {
    pub fn new() -> Environments {
        Environments::default()
    }

    /// The current load of environment `name` (loading it if needed).
    /// Err is Puppet's message (an unknown environment, a main manifest
    /// that does not parse).
    pub fn get(&self, config: &Config, name: &str, metrics: &super::metrics::Metrics) -> Result<Arc<Env>, String> {
        if !valid_name(name) {
            return Err(format!("The environment must be purely alphanumeric, not '{name}'"));
        }
        let now = Instant::now();
        let slot = {
            let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
            match slots.get(name) {
                Some(s) if !s.expired(now) => s.clone(),
                _ => {
                    let s = Arc::new(Slot {
                        env: OnceLock::new(),
                        generation: self.next_generation.fetch_add(1, Ordering::Relaxed) + 1,
                        ttl: ttl_of(config, name),
                        last_used: Mutex::new(now),
                    });
                    slots.insert(name.to_string(), s.clone());
                    s
                }
            }
        };
        *slot.last_used.lock().unwrap_or_else(|e| e.into_inner()) = now;
        let env = slot.env.get_or_init(|| {
            self.loads.fetch_add(1, Ordering::Relaxed);
            metrics.environment_load(name);
            load(config, name, slot.generation).map(Arc::new)
        });
        env.clone()
    }

    /// Forgets one environment or all of them.
    pub fn flush(&self, name: Option<&str>) {
        self.classes.flush(name);
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        match name {
            Some(n) => {
                slots.remove(n);
            }
            None => slots.clear(),
        }
    }

    /// Loaded environments with a time to live, for the watcher.
    fn watched(&self) -> Vec<(String, u64, Arc<Env>)> {
        let slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        let mut out: Vec<(String, u64, Arc<Env>)> = slots
            .iter()
            .filter(|(_, s)| s.ttl.is_none_or(|t| !t.is_zero()))
            .filter_map(|(n, s)| match s.env.get() {
                Some(Ok(e)) => Some((n.clone(), s.generation, e.clone())),
                _ => None,
            })
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// Forgets `name` if its current load is still `generation`.
    fn forget_if(&self, name: &str, generation: u64) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        if slots.get(name).is_some_and(|s| s.generation == generation) {
            slots.remove(name);
        }
    }
}

/// The environment's `environment_timeout` (its `environment.conf`, else
/// the setting); None: unlimited.
fn ttl_of(config: &Config, name: &str) -> Option<Duration> {
    let from_conf = config.settings.paths("environmentpath").iter().map(|p| p.join(name)).find(|d| d.is_dir()).and_then(|d| {
        let ini = pjit_settings::Ini::read(&d.join("environment.conf")).ok()?;
        ini.get("main", "environment_timeout")
    });
    let value = from_conf.or_else(|| config.settings.get("environment_timeout")).unwrap_or_default();
    pjit_settings::parse_ttl(&value).unwrap_or(Some(Duration::ZERO))
}

/// The compile settings of environment `name` under the configuration.
pub fn request_for(config: &Config, name: &str) -> Request {
    Request {
        jit: config.jit,
        ruby: config.ruby.clone(),
        // The server classifies before it picks the environment (api.rs).
        external_nodes: None,
        store: config.store.clone(),
        settings: Some(config.settings_table.clone()),
        ..Request::from_settings(&config.settings, name)
    }
}

fn load(config: &Config, name: &str, generation: u64) -> Result<Env, String> {
    let req = request_for(config, name);
    let mut log = vec![];
    let loaded = compile::load_to(&req, "", &mut log).map_err(|_| {
        let text = String::from_utf8_lossy(&log);
        // The error lines, without Puppet's level prefix.
        let errors: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("Error: ")).collect();
        if errors.is_empty() { text.trim().to_string() } else { errors.join("\n") }
    })?;
    // Warnings of the main manifest (deprecations, strict mode) go to the
    // server's log once per load, as Puppet Server logs them.
    for line in String::from_utf8_lossy(&log).lines().filter(|l| !l.is_empty()) {
        eprintln!("{line} (environment {name})");
    }
    let cache = match config.jit {
        compile::JitMode::Off => None,
        _ => CodeCache::new().ok().map(Arc::new),
    };
    let mut roots: Vec<PathBuf> = loaded.env.dir.iter().cloned().collect();
    roots.extend(loaded.env.manifests.iter().cloned());
    roots.extend(loaded.env.modulepath.iter().cloned());
    roots.extend(req.hiera_config.iter().cloned());
    let fingerprint = fingerprint(&roots);
    Ok(Env { name: name.to_string(), generation, req, loaded, cache, fingerprint, roots })
}

/// A hash of the names, sizes and modification times of the files below
/// `roots` that a compile reads (manifests, templates, functions, types,
/// data, Hiera and environment configuration; not `files/`, which are
/// served from disk as they are).
fn fingerprint(roots: &[PathBuf]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let mut stack: Vec<(PathBuf, usize)> = roots.iter().map(|r| (r.clone(), 0)).collect();
    while let Some((p, depth)) = stack.pop() {
        let Ok(meta) = std::fs::metadata(&p) else {
            p.hash(&mut h);
            continue;
        };
        p.hash(&mut h);
        meta.len().hash(&mut h);
        meta.modified().unwrap_or(SystemTime::UNIX_EPOCH).hash(&mut h);
        if meta.is_dir() && depth < 12 {
            let Ok(rd) = std::fs::read_dir(&p) else { continue };
            let mut children: Vec<PathBuf> = rd.flatten().map(|e| e.path()).filter(|c| watched(c)).collect();
            children.sort();
            stack.extend(children.into_iter().map(|c| (c, depth + 1)));
        }
    }
    h.finish()
}

/// Whether a path below an environment or module directory can change a
/// compile.
fn watched(p: &Path) -> bool {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    !(name.starts_with('.') && name != ".resource_types")
        && !matches!(name, "files" | "spec" | "tests" | "examples" | "docs" | "facts.d" | "tasks" | "plans" | "locales")
}

/// Starts the thread that forgets environments whose files changed.
pub fn watch(state: Arc<State>, every: Duration) {
    let spawned = std::thread::Builder::new().name("pjit-env-watch".into()).spawn(move || {
        loop {
            std::thread::sleep(every);
            for (name, generation, env) in state.envs.watched() {
                if fingerprint(&env.roots) != env.fingerprint {
                    state.envs.forget_if(&name, generation);
                    eprintln!("Notice: environment {name} changed on disk: it will be loaded again");
                }
            }
        }
    });
    if let Err(e) = spawned {
        eprintln!("Warning: could not start the environment watcher ({e}): changed files are seen after environment_timeout only");
    }
}
