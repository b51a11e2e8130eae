//! The files Hiera reads (configurations, data files, module metadata)
//! and whether the paths of hierarchies exist, remembered for every
//! compile of an environment: many nodes compiled in one process (batch
//! mode) would otherwise read and parse the same files once per node.
//!
//! What is remembered depends only on the files, never on a compile:
//! their text, their parsed form (a YAML or JSON document, or the error
//! that parsing it gives) and their existence. Everything a compile makes
//! of them (validation, warnings, interpolation, merging) still happens
//! in each compile. The files are taken not to change while the cache
//! lives; a long-running process that must see changes drops it (it is
//! per environment, shared by the compiles of all threads).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::error::Error;
use crate::value::Value;

/// Maps by path and key: a fixed-seed fast hasher (none of them is
/// iterated, so no order of theirs reaches any output).
type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;

/// How a data file is parsed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Format {
    /// YAML with aliases and symbols allowed, as Hiera loads its files.
    Yaml,
    Json,
}

type Parsed = Result<Value, Error>;

#[derive(Default)]
pub struct Files {
    exists: Mutex<HashMap<PathBuf, bool>>,
    /// File text, or the error message reading it gave (Ruby's `Errno`
    /// text).
    texts: Mutex<HashMap<PathBuf, Result<Arc<str>, String>>>,
    parsed: Mutex<HashMap<(PathBuf, Format), Parsed>>,
    /// Modules without data: no directory on the modulepath, or neither a
    /// `hiera.yaml` nor a `data_provider` in `metadata.json` (their
    /// layer is nothing, and finding that out logs nothing).
    no_data: Mutex<std::collections::HashSet<String>>,
    /// Automatic parameter lookup results of module data, by the
    /// hierarchy that found them (see [`ParamKey`]).
    params: Mutex<HashMap<ParamKey, Arc<ParamTable>>>,
}

/// What the result of an automatic parameter lookup of a module's key
/// depends on when the global and environment layers have no
/// configuration and the lookup reads no scope variable, interpolates
/// nothing, calls no function and warns about nothing (see
/// `Hiera::param_table`): the module's `hiera.yaml` and the data files
/// that exist among the locations its hierarchy and its default
/// hierarchy resolved to for the node, level by level. Files are taken
/// not to change while this cache lives (as above), so these paths give
/// the same data, the same `lookup_options` and the same merges, hence
/// the same result, to every compile.
pub(crate) type ParamKey = (PathBuf, Vec<Vec<PathBuf>>, Vec<Vec<PathBuf>>);

/// Results by key (`ntp::servers`; None: not found) for one [`ParamKey`].
pub(crate) type ParamTable = Mutex<HashMap<String, Option<Value>>>;

/// At most this many hierarchies get a table (a hierarchy that names
/// each node's own file would otherwise add one per node).
const PARAM_TABLES: usize = 64;

impl std::fmt::Debug for Files {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Files").finish_non_exhaustive()
    }
}

impl Files {
    pub fn new() -> Files {
        Files::default()
    }

    /// `Path::exists`.
    pub fn exists(&self, p: &Path) -> bool {
        if let Some(&e) = lock(&self.exists).get(p) {
            return e;
        }
        let e = p.exists();
        lock(&self.exists).insert(p.to_path_buf(), e);
        e
    }

    /// The text of the file at `p`; the error is Ruby's `Errno` text.
    pub fn text(&self, p: &Path) -> Result<Arc<str>, String> {
        if let Some(t) = lock(&self.texts).get(p) {
            return t.clone();
        }
        let t = std::fs::read_to_string(p)
            .map(Arc::from)
            .map_err(|e| super::errno_text(&e));
        lock(&self.texts).insert(p.to_path_buf(), t.clone());
        t
    }

    /// The file at `p` parsed by `parse` (given its text), once.
    pub(crate) fn parsed(&self, p: &Path, format: Format, text: &str, parse: impl FnOnce(&str) -> Parsed) -> Parsed {
        let key = (p.to_path_buf(), format);
        if let Some(v) = lock(&self.parsed).get(&key) {
            return v.clone();
        }
        let v = parse(text);
        lock(&self.parsed).insert(key, v.clone());
        v
    }
}

impl Files {
    /// Whether `module` is known to have no data (see `no_data`).
    pub(crate) fn module_without_data(&self, module: &str) -> bool {
        lock(&self.no_data).contains(module)
    }

    pub(crate) fn set_module_without_data(&self, module: &str) {
        lock(&self.no_data).insert(module.to_string());
    }

    /// The file at `p` as parsed earlier by [`Files::parsed`], if it was.
    pub(crate) fn parsed_before(&self, p: &Path, format: Format) -> Option<Parsed> {
        lock(&self.parsed).get(&(p.to_path_buf(), format)).cloned()
    }

    /// The shared results for `key`; None once [`PARAM_TABLES`] are made.
    pub(crate) fn param_table(&self, key: ParamKey) -> Option<Arc<ParamTable>> {
        let mut m = lock(&self.params);
        if let Some(t) = m.get(&key) {
            return Some(t.clone());
        }
        if m.len() >= PARAM_TABLES {
            return None;
        }
        let t = Arc::new(ParamTable::default());
        m.insert(key, t.clone());
        Some(t)
    }
}

/// [`lock`] for the users of [`ParamTable`].
pub(crate) fn lock_table(t: &ParamTable) -> std::sync::MutexGuard<'_, HashMap<String, Option<Value>>> {
    lock(t)
}

/// A poisoned lock only means a compile panicked while holding it; the
/// maps hold complete entries only.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
