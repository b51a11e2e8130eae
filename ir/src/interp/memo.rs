//! Whole compiles remembered across the nodes of one [`Warm`] program
//! (batch mode), by every node input they read.
//!
//! A compile is a deterministic function of the environment's files (which
//! [`Warm`] already takes as fixed for its lifetime) and of the node's
//! [`Options`]. Of those, only these differ between the nodes of a batch:
//! the top scope's initial variables (facts, `$facts`, `$trusted`,
//! `$server_facts`, ENC parameters: what `init_top` binds), the node's name
//! and its ENC classes. The evaluator reaches them only through:
//! - the top [`Scope`](super::scope::Scope): every method that reads or
//!   tests one of its variables notes the name (`TopReads`), and
//!   `entries_here` (ERB's `scope.to_hash`) notes that all were listed;
//! - `Interp::setting` (`$settings::certname` is the node's name);
//! - `Interp::match_node` (node definitions) and the one message that
//!   names the node (`Could not find class ... for NODE`);
//! - the compile's own start (`check_node_parameters`, ENC classes, the
//!   options compared as [`Config`]).
//!
//! So while a compile is recorded, those are its questions; its answers are
//! the node's initial values. A later node whose answers to the same
//! questions are identical (`pjit_runtime::erb::identical`: same kinds,
//! text, order, floats bit for bit; rich values only as the same object)
//! would take exactly the same path: the recorded outputs (log lines, the
//! error, the catalog JSON with the node's name spliced in where
//! `json_document` writes it) are its outputs. Two gaps are closed
//! explicitly: a variable name that was never interned could not be asked
//! about (`Program::sym` fails before any scope is read), so a node whose
//! top scope binds a symbol newer than the recording is not matched
//! against it; and a compile that asked the outside world anything (the
//! clock, random numbers, commands, the Ruby bridge: `pjit_runtime::impure`)
//! is not remembered. Compiles with PuppetDB, a cancel handle (the server)
//! or `--verbose` are neither remembered nor replayed.
//!
//! The memo is bounded: [`ENTRIES`] per program and [`TEXT_BYTES`] of
//! catalog text; after [`TIRED`] compiles in a row found nothing, only one
//! compile in [`RETRY`] is recorded (and a memo that never found anything
//! keeps one entry), so a role whose compiles all differ (its nodes' names
//! or addresses reach the catalog) pays little more than the search of an
//! entry.

use std::cell::RefCell;
use std::sync::Arc;

use indexmap::IndexMap;
use pjit_runtime::Value;
use pjit_runtime::erb::identical;

use super::catalog_json::JsonWriter;
use super::{EvalError, Interp, Log, Options};
use crate::ir::Sym;

/// `PJIT_MEMO`: whether compiles are remembered and replayed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Every compile evaluates (the default outside batch mode).
    #[default]
    Off,
    /// Remember compiles, replay a remembered one whose answers match.
    On,
    /// As `On`, but a compile that would be replayed is evaluated too and
    /// the two outputs compared (a difference is an internal error).
    Check,
    /// As `On`, and each compile's questions and outcome on stderr.
    Trace,
}

impl Mode {
    /// `off`, `on`, `check` or `trace`.
    pub fn parse(s: &str) -> Option<Mode> {
        Some(match s {
            "off" => Mode::Off,
            "on" => Mode::On,
            "check" => Mode::Check,
            "trace" => Mode::Trace,
            _ => return None,
        })
    }
}

/// Remembered compiles per program.
const ENTRIES: usize = 4;
/// Catalog text kept per program (the newest entry is kept whatever its
/// size): a worker's memory stays within issue 20's bound (LAMP's catalog
/// is 275 KB, keystone's 106 KB).
const TEXT_BYTES: usize = 384 << 10;
/// Compiles in a row that found nothing before recording gets rarer.
const TIRED: u32 = 4;
/// Then one compile in this many is recorded.
const RETRY: u32 = 16;

/// What node matching made of the node's name (see `Interp::match_node`):
/// the definition's index, the resource title, the regex captures.
pub(super) type NodeMatched = (usize, String, Option<Vec<Option<String>>>);

/// The options every remembered compile of a [`Memo`] ran with, besides
/// the node's own inputs (batch mode gives every node the same; a change
/// forgets the entries).
#[derive(Clone, Default)]
struct Config {
    environment: String,
    strict: super::Strict,
    strict_variables: bool,
    modulepath: Vec<std::path::PathBuf>,
    hiera_config: Option<std::path::PathBuf>,
    environment_dir: Option<std::path::PathBuf>,
    manifest: Option<std::path::PathBuf>,
    allow_generate: bool,
    settings: Option<Arc<super::settings::SettingsTable>>,
    foreign: bool,
    /// ENC classes (evaluated by `evaluate_node_classes`).
    classes: IndexMap<String, Option<IndexMap<String, Value>>>,
}

impl Config {
    fn of(o: &Options) -> Config {
        Config {
            environment: o.environment.clone(),
            strict: o.strict,
            strict_variables: o.strict_variables,
            modulepath: o.modulepath.clone(),
            hiera_config: o.hiera_config.clone(),
            environment_dir: o.environment_dir.clone(),
            manifest: o.manifest.clone(),
            allow_generate: o.allow_generate,
            settings: o.settings.clone(),
            foreign: o.foreign.is_some(),
            classes: o.classes.clone(),
        }
    }

    fn same(&self, o: &Options) -> bool {
        let same_settings = match (&self.settings, &o.settings) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        let same_classes = self.classes.len() == o.classes.len()
            && self.classes.iter().zip(&o.classes).all(|((k, v), (l, w))| {
                k == l
                    && match (v, w) {
                        (None, None) => true,
                        (Some(a), Some(b)) => {
                            a.len() == b.len() && a.iter().zip(b).all(|((x, p), (y, q))| x == y && identical(p, q))
                        }
                        _ => false,
                    }
            });
        same_settings
            && same_classes
            && self.environment == o.environment
            && self.strict == o.strict
            && self.strict_variables == o.strict_variables
            && self.modulepath == o.modulepath
            && self.hiera_config == o.hiera_config
            && self.environment_dir == o.environment_dir
            && self.manifest == o.manifest
            && self.allow_generate == o.allow_generate
            && self.foreign == o.foreign.is_some()
    }
}

/// One remembered compile: its questions with their answers, and its
/// outputs.
struct Entry {
    /// The program's symbol count when it started: a node binding a newer
    /// symbol at top scope is not matched (see the module comment).
    syms: usize,
    /// Top-scope variables asked for, in the order first asked, and their
    /// initial values (None: not set by `init_top`).
    top: Vec<(Sym, Option<Value>)>,
    /// The whole initial top scope, when it was listed.
    all: Option<Vec<(Sym, Value)>>,
    /// Settings read, with their values.
    settings: Vec<(String, Option<Value>)>,
    /// The node match, with the number of node definitions then.
    node: Option<(usize, Result<NodeMatched, String>)>,
    /// The node's name, when it reached a message.
    name: Option<String>,
    logs: Vec<Log>,
    result: Result<(), EvalError>,
    /// The catalog JSON, and where the node's name is in it (the string
    /// after the first `"name": `).
    catalog: Option<Catalog>,
}

/// A remembered catalog's JSON text: `text[..name.start]`, the node's
/// name as a JSON string, `text[name.end..]`.
#[derive(Clone)]
struct Catalog {
    text: Arc<Vec<u8>>,
    name: std::ops::Range<usize>,
}

/// The remembered compiles of one program (kept in [`super::Warm`]).
#[derive(Default)]
pub struct Memo {
    config: Option<Config>,
    entries: Vec<Entry>,
    /// Compiles in a row that found no entry.
    misses: u32,
    /// Compiles not recorded since the memo got tired.
    skipped: u32,
    /// Compiles replayed (or checked) so far.
    hits: u32,
    /// Evaluations of defined types remembered (see `define_memo.rs`).
    pub(super) defines: super::define_memo::Table,
}

/// What a recorded compile has asked so far besides the top scope (which
/// notes its own questions).
struct Trace {
    syms: usize,
    impure: u64,
    /// The top scope as `init_top` left it.
    initial: Vec<(Sym, Value)>,
    settings: Vec<String>,
    node: Option<(usize, Result<NodeMatched, String>)>,
    name: bool,
}

/// The memo's part of an [`Interp`].
#[derive(Default)]
pub(super) struct State {
    pub(super) memo: Memo,
    /// Set while this compile is recorded (`setting` takes `&self`).
    trace: RefCell<Option<Box<Trace>>>,
    /// Whether this compile remembers and replays defined types'
    /// evaluations (batch mode: as the whole-compile memo).
    pub(super) defines_on: bool,
    /// The defined type's evaluation being recorded (`class_variable`
    /// takes `&self`).
    pub(super) define_rec: RefCell<Option<Box<super::define_memo::Recorder>>>,
}

/// A remembered compile whose questions this node answers identically:
/// its outputs are this node's.
pub struct Hit {
    pub logs: Vec<Log>,
    pub result: Result<(), EvalError>,
    catalog: Option<Catalog>,
    /// The node's name as a JSON string.
    name: Vec<u8>,
}

impl Hit {
    /// The catalog JSON for node `node` (no final newline), as the
    /// catalog writer writes it, in pieces to write one after the other:
    /// None when the compile failed.
    pub fn catalog(&self) -> Option<[&[u8]; 3]> {
        let c = self.catalog.as_ref()?;
        Some([&c.text[..c.name.start], self.name.as_slice(), &c.text[c.name.end..]])
    }
}

impl Interp {
    /// Before a compile (after [`Interp::from_warm`]): a remembered compile
    /// whose questions this node answers alike (replay it instead, or with
    /// [`Mode::Check`] evaluate and compare); None: evaluate, recorded when
    /// the memo wants this compile.
    pub fn memo_begin(&mut self) -> Option<Hit> {
        let mode = self.opts.memo;
        if mode == Mode::Off || self.opts.storeconfigs.is_some() || self.opts.cancel.is_some() {
            return None;
        }
        self.memo.defines_on = true;
        // A node whose facts fail the compile before anything is read
        // neither matches nor makes an entry (it would ask nothing).
        if self.check_node_parameters().is_err() {
            return None;
        }
        if !self.memo.memo.config.as_ref().is_some_and(|c| c.same(&self.opts)) {
            self.memo.memo = Memo { config: Some(Config::of(&self.opts)), ..Memo::default() };
        }
        if let Some(i) = self.memo_find() {
            let m = &mut self.memo.memo;
            m.misses = 0;
            m.skipped = 0;
            m.hits = m.hits.saturating_add(1);
            let e = &m.entries[i];
            if mode == Mode::Trace {
                eprintln!("memo: {}: replayed entry {i} ({} questions)", self.opts.node, e.top.len() + e.settings.len());
            }
            let mut name = vec![];
            JsonWriter::new(&mut name).string(&self.opts.node);
            return Some(Hit { logs: e.logs.clone(), result: e.result.clone(), catalog: e.catalog.clone(), name });
        }
        let m = &mut self.memo.memo;
        m.misses = m.misses.saturating_add(1);
        if m.misses > TIRED {
            m.skipped += 1;
            if m.skipped % RETRY != 0 {
                return None;
            }
        }
        // Record: the top scope as it starts, then its questions.
        let initial = self.top.entries_here();
        *self.memo.trace.borrow_mut() = Some(Box::new(Trace {
            syms: self.prog.syms.len(),
            impure: pjit_runtime::impure::count(),
            initial,
            settings: vec![],
            node: None,
            name: false,
        }));
        self.top.record_reads();
        None
    }

    /// Whether this compile is recorded (its catalog text goes to
    /// [`Interp::memo_end`]).
    pub fn memo_recording(&self) -> bool {
        self.memo.trace.borrow().is_some()
    }

    /// Room for the catalog text of a recorded compile (the largest
    /// remembered one's size, at least 1 KB per resource): the text is
    /// written once, without growing (each growth would leave a freed
    /// buffer of the worker's memory touched).
    pub fn memo_text_room(&self) -> usize {
        let known = self.memo.memo.entries.iter().filter_map(|e| e.catalog.as_ref()).map(|c| c.text.len() + 64).max();
        known.unwrap_or(0).max(self.catalog.resources.len() << 10)
    }

    /// After a recorded compile returned `result` with catalog JSON
    /// `catalog` (written for node `node`): remembers it, unless it asked
    /// the outside world something.
    pub fn memo_end(&mut self, result: &Result<(), EvalError>, node: &str, catalog: Vec<u8>) {
        let Some(trace) = self.memo.trace.borrow_mut().take() else { return };
        let Some(reads) = self.top.take_reads() else { return };
        let trace_mode = self.opts.memo == Mode::Trace;
        if pjit_runtime::impure::count() != trace.impure {
            if trace_mode {
                eprintln!("memo: {node}: not remembered (asked the outside world)");
            }
            return;
        }
        let catalog = match result {
            Ok(()) => {
                let mut catalog = catalog;
                if catalog.capacity() > catalog.len() + catalog.len() / 16 {
                    catalog.shrink_to_fit();
                }
                let mut name = b"\"name\": ".to_vec();
                JsonWriter::new(&mut name).string(node);
                let Some(at) = catalog.windows(8).position(|w| w == b"\"name\": ") else { return };
                if !catalog[at..].starts_with(&name) {
                    return;
                }
                Some(Catalog { name: at + 8..at + name.len(), text: Arc::new(catalog) })
            }
            Err(_) => None,
        };
        let initial = |s: Sym| trace.initial.iter().find(|(k, _)| *k == s).map(|(_, v)| v.clone());
        let top: Vec<(Sym, Option<Value>)> = reads.syms.iter().map(|&s| (s, initial(s))).collect();
        let settings = trace.settings.iter().map(|n| (n.clone(), self.setting_unnoted(n))).collect();
        if trace_mode {
            let names: Vec<&str> = top.iter().map(|(s, _)| self.prog.name(*s)).collect();
            eprintln!(
                "memo: {node}: remembered; top: {}{}; settings: {:?}; node match: {}; name: {}",
                names.join(" "),
                if reads.all { " (and the whole scope)" } else { "" },
                trace.settings,
                trace.node.is_some(),
                trace.name
            );
        }
        let entry = Entry {
            syms: trace.syms,
            top,
            all: reads.all.then(|| trace.initial.clone()),
            settings,
            node: trace.node,
            name: trace.name.then(|| self.opts.node.clone()),
            logs: self.logs.clone(),
            result: result.clone(),
            catalog,
        };
        let m = &mut self.memo.memo;
        if m.entries.len() == ENTRIES {
            m.entries.remove(0);
        }
        m.entries.push(entry);
        // A memo that has never been asked successfully keeps only its
        // newest entry once tired (a role whose catalogs name the node);
        // any memo keeps at most TEXT_BYTES of catalogs.
        if m.misses > TIRED && m.hits == 0 {
            m.entries.drain(..m.entries.len() - 1);
        }
        let text = |e: &Entry| e.catalog.as_ref().map_or(0, |c| c.text.capacity());
        while m.entries.len() > 1 && m.entries.iter().map(text).sum::<usize>() > TEXT_BYTES {
            m.entries.remove(0);
        }
    }

    /// The newest entry whose questions this compile answers alike.
    fn memo_find(&self) -> Option<usize> {
        let m = &self.memo.memo;
        if m.entries.is_empty() {
            return None;
        }
        let newest_sym = self.top.max_sym_here().map_or(0, |s| s.as_u32() as usize + 1);
        let same = |a: &Option<Value>, b: &Option<Value>| match (a, b) {
            (Some(x), Some(y)) => identical(x, y),
            (None, None) => true,
            _ => false,
        };
        'entries: for (i, e) in m.entries.iter().enumerate().rev() {
            if newest_sym > e.syms {
                continue;
            }
            for (s, v) in &e.top {
                if !same(v, &self.top.get_here(*s)) {
                    continue 'entries;
                }
            }
            if let Some(all) = &e.all {
                let now = self.top.entries_here();
                if now.len() != all.len() || !now.iter().zip(all).all(|((k, v), (l, w))| k == l && identical(v, w)) {
                    continue;
                }
            }
            for (n, v) in &e.settings {
                if !same(v, &self.setting_unnoted(n)) {
                    continue 'entries;
                }
            }
            if let Some((count, matched)) = &e.node
                && (*count != self.prog.nodes.len() || *matched != self.match_node(&self.opts.node.to_lowercase()))
            {
                continue;
            }
            if e.name.as_ref().is_some_and(|n| *n != self.opts.node) {
                continue;
            }
            return Some(i);
        }
        None
    }

    /// `setting(name)` was asked.
    pub(super) fn memo_note_setting(&self, name: &str) {
        if let Some(t) = self.memo.trace.borrow_mut().as_mut()
            && !t.settings.iter().any(|n| n == name)
        {
            t.settings.push(name.to_string());
        }
    }

    /// Node matching gave `matched`.
    pub(super) fn memo_note_node(&self, matched: &Result<NodeMatched, String>) {
        if let Some(t) = self.memo.trace.borrow_mut().as_mut() {
            t.node = Some((self.prog.nodes.len(), matched.clone()));
        }
    }

    /// The node's name went into the compile's output.
    pub(super) fn memo_note_node_name(&self) {
        if let Some(t) = self.memo.trace.borrow_mut().as_mut() {
            t.name = true;
        }
    }
}
