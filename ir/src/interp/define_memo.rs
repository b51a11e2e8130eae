//! Evaluations of defined-type instances remembered across the compiles
//! of one [`Warm`](super::Warm) program (batch mode): level B of the memo,
//! designed in docs/define-memo.md.
//!
//! While an instance's body runs (binding its parameters included), a
//! [`Recorder`] collects what the evaluation got from outside the
//! instance's own scope and what it did:
//! - reads: the variables of the node and top scopes it asked for (those
//!   scopes note them themselves, `Scope::record_define_reads`, on every
//!   path: interpreter, compiled code, functions, templates), the
//!   variables of class scopes (`Interp::class_variable`), and the answers
//!   of `defined(Class[..])` and `defined(Type[title])`;
//! - effects, in order: resource declarations (`declare_resources`, with
//!   their arguments) and the log lines between them; and the parameter
//!   values binding gave the instance's resource.
//!
//! Anything else that reaches outside the instance (collectors, overrides,
//! resource defaults, relationships, class declarations, `realize`,
//! `tag`, lookups, the settings, compile-wide "once" warnings, the outside
//! world) taints the recording, as does an error: such an evaluation is not
//! remembered.
//!
//! A later instance of the same body with the same title, name, given
//! parameters and `$caller_module_name` whose reads all answer identically
//! now (`pjit_runtime::erb::identical`) is replayed: its resource gets the
//! recorded parameter values, the recorded declarations run again through
//! `declare_resources` in the new instance's scope (so duplicate checks,
//! resource defaults, tags and containment are computed live, by the same
//! code), and the log lines are appended.
//!
//! Why checking the reads first is enough: while defined types are
//! evaluated the node and top scopes no longer change, and class scopes
//! change only by a class evaluation, which taints. A catalog read could
//! change through the evaluation's own earlier declarations; a read whose
//! answer was a resource the evaluation declared itself taints, so every
//! remembered read is about the catalog as it was before the evaluation.
//! A name that was never interned cannot be asked about (its lookup fails
//! before any scope is read): an entry is used only while the program has
//! the symbols it had when recorded. `PJIT_MEMO=check` evaluates every
//! instance it would replay and fails on any difference.

use std::collections::HashMap;
use std::rc::Rc;

use pjit_runtime::Value;
use pjit_runtime::erb::identical;

use super::catalog::{ParamName, Params};
use super::memo::Mode;
use super::scope::Scope;
use super::{EvalError, Flow, Interp, Log, Loc, R};
use crate::ir::{FuncId, RelKind, Sym};

/// Remembered evaluations per defined type: the most recently used.
/// Room for the instances every node shares plus those the latest nodes
/// evaluated alone (a vhost's fragments are titled after the node).
const PER_BODY: usize = 64;

/// The remembered evaluations of one program, by defined type body.
#[derive(Default)]
pub struct Table {
    by_body: HashMap<FuncId, Vec<Rc<Entry>>>,
}

/// What an evaluation did, in order.
#[derive(Clone, Debug)]
pub(super) enum Effect {
    /// Log lines the evaluation appended.
    Logs(Vec<Log>),
    /// A resource expression (`declare_resources`'s arguments).
    Declare { ty: Value, bodies: Vec<(Value, Value)>, virtual_: bool, exported: bool, loc: Loc },
    /// A relationship of references (`relationship`'s arguments).
    Relate { kind: RelKind, left: Value, right: Value, loc: Loc },
}

/// One remembered evaluation.
pub(super) struct Entry {
    syms: usize,
    title: String,
    given: Vec<(ParamName, Value)>,
    caller: Option<Value>,
    /// Variables of the node scope (true) and top scope (false).
    outer: Vec<(bool, Sym, Option<Value>)>,
    qualified: Vec<(String, Sym, Option<Value>)>,
    classes: Vec<(String, bool)>,
    resources: Vec<(String, String, bool)>,
    /// Classes `include`d that were evaluated already.
    included: Vec<String>,
    /// The instance resource's parameters after the evaluation (binding
    /// adds the defaults; a template may change a value in place).
    pub(super) params: Params,
    pub(super) effects: Vec<Effect>,
}

/// An evaluation being recorded.
pub(super) struct Recorder {
    /// The instance's resource.
    pub(super) res: usize,
    /// The catalog's length when the evaluation started.
    start: usize,
    log_mark: usize,
    impure: u64,
    pub(super) tainted: Option<&'static str>,
    qualified: Vec<(String, Sym, Option<Value>)>,
    classes: Vec<(String, bool)>,
    resources: Vec<(String, String, bool)>,
    included: Vec<String>,
    effects: Vec<Effect>,
}

impl Recorder {
    pub(super) fn new(res: usize, start: usize, logs: usize) -> Recorder {
        Recorder {
            res,
            start,
            log_mark: logs,
            impure: pjit_runtime::impure::count(),
            tainted: None,
            qualified: vec![],
            classes: vec![],
            resources: vec![],
            included: vec![],
            effects: vec![],
        }
    }

    pub(super) fn taint(&mut self, why: &'static str) {
        self.tainted.get_or_insert(why);
    }

    pub(super) fn qualified(&mut self, class: &str, sym: Sym, value: &Option<Value>) {
        self.qualified.push((class.to_string(), sym, value.clone()));
    }

    pub(super) fn class_defined(&mut self, name: &str, answer: bool) {
        self.classes.push((name.to_string(), answer));
    }

    /// `defined(Type[title])`: `found` is the resource's index, if any.
    pub(super) fn resource_defined(&mut self, type_name: &str, title: &str, found: Option<usize>, answer: bool) {
        if found.is_some_and(|i| i >= self.start) {
            self.taint("defined() found a resource the instance declared");
        }
        self.resources.push((type_name.to_string(), title.to_string(), answer));
    }

    /// The log lines appended since the last effect, as an effect.
    pub(super) fn flush_logs(&mut self, logs: &[Log]) {
        if logs.len() < self.log_mark {
            // Lines withdrawn (a template handed to Ruby drops what the
            // native attempt logged): not a list of effects any more.
            self.taint("log lines were withdrawn");
            self.log_mark = logs.len();
            return;
        }
        if logs.len() > self.log_mark {
            self.effects.push(Effect::Logs(logs[self.log_mark..].to_vec()));
        }
        self.log_mark = logs.len();
    }

    pub(super) fn effect(&mut self, logs: &[Log], effect: Effect) {
        self.flush_logs(logs);
        self.effects.push(effect);
    }

    /// After a declaration ran: its own log lines are its (the replay
    /// runs it again).
    pub(super) fn declared(&mut self, logs: usize) {
        self.log_mark = logs;
    }

    /// Whether an evaluation that failed took `hit`'s path up to one of
    /// its declarations (which failed): what a replay of `hit` does.
    pub(super) fn failed_like(mut self, logs: &[Log], hit: &Entry) -> bool {
        self.flush_logs(logs);
        self.tainted.is_none()
            && matches!(self.effects.last(), Some(Effect::Declare { .. }))
            && self.effects.len() <= hit.effects.len()
            && same_effects(&self.effects, &hit.effects[..self.effects.len()])
    }

    /// The entry, unless the evaluation was tainted; `node` and `top` are
    /// the scopes' noted reads.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn finish(
        mut self,
        logs: &[Log],
        syms: usize,
        title: String,
        given: Vec<(ParamName, Value)>,
        caller: Option<Value>,
        params: Params,
        node: Option<(&Rc<Scope>, super::scope::TopReads)>,
        top: (&Rc<Scope>, super::scope::TopReads),
    ) -> Result<Entry, &'static str> {
        if pjit_runtime::impure::count() != self.impure {
            self.taint("asked the outside world");
        }
        if let Some(why) = self.tainted {
            return Err(why);
        }
        self.flush_logs(logs);
        let mut outer = vec![];
        for (is_node, (scope, reads)) in node.into_iter().map(|n| (true, n)).chain([(false, top)]) {
            if reads.all {
                return Err("listed a whole scope");
            }
            for s in reads.syms {
                outer.push((is_node, s, scope.peek_here(s)));
            }
        }
        Ok(Entry {
            syms,
            title,
            given,
            caller,
            outer,
            qualified: self.qualified,
            classes: self.classes,
            resources: self.resources,
            included: self.included,
            params,
            effects: self.effects,
        })
    }
}

fn same(a: &Option<Value>, b: &Option<Value>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => identical(a, b),
        _ => false,
    }
}

/// What a lookup of an entry needs to know of the compile now.
pub(super) trait Answers {
    fn node_var(&mut self, s: Sym) -> Option<Value>;
    fn top_var(&mut self, s: Sym) -> Option<Value>;
    fn class_var(&mut self, class: &str, s: Sym) -> Option<Value>;
    fn class_defined(&mut self, name: &str) -> bool;
    fn resource_defined(&mut self, type_name: &str, title: &str) -> bool;
    fn evaluated_class(&mut self, key: &str) -> bool;
}

impl Table {
    /// A remembered evaluation of `body` for an instance with these
    /// inputs whose reads `answers` answers alike; it becomes the most
    /// recently used, so that what every node shares is not pushed out by
    /// the evaluations only one node made.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn find(
        &mut self,
        body: FuncId,
        syms: usize,
        title: &str,
        given: &[(ParamName, Value)],
        caller: &Option<Value>,
        answers: &mut dyn Answers,
    ) -> Option<Rc<Entry>> {
        let entries = self.by_body.get_mut(&body)?;
        'entries: for (at, e) in entries.iter().enumerate() {
            if e.syms != syms
                || e.title != title
                || !same(&e.caller, caller)
                || e.given.len() != given.len()
                || !e.given.iter().zip(given).all(|((ka, va), (kb, vb))| ka == kb && identical(va, vb))
            {
                continue;
            }
            for (is_node, s, v) in &e.outer {
                let now = if *is_node { answers.node_var(*s) } else { answers.top_var(*s) };
                if !same(v, &now) {
                    continue 'entries;
                }
            }
            for (c, s, v) in &e.qualified {
                if !same(v, &answers.class_var(c, *s)) {
                    continue 'entries;
                }
            }
            for (c, a) in &e.classes {
                if answers.class_defined(c) != *a {
                    continue 'entries;
                }
            }
            for (t, ti, a) in &e.resources {
                if answers.resource_defined(t, ti) != *a {
                    continue 'entries;
                }
            }
            for c in &e.included {
                if !answers.evaluated_class(c) {
                    continue 'entries;
                }
            }
            entries[..=at].rotate_right(1);
            return Some(entries[0].clone());
        }
        None
    }

    /// Remembers an evaluation (the newest first; the least recently used
    /// goes when a body has [`PER_BODY`]).
    pub(super) fn insert(&mut self, body: FuncId, e: Entry) {
        let v = self.by_body.entry(body).or_default();
        if v.len() >= PER_BODY {
            v.pop();
        }
        v.insert(0, Rc::new(e));
    }
}

/// Whether two effect lists are the same, values compared exactly.
fn same_effects(a: &[Effect], b: &[Effect]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| match (x, y) {
            (Effect::Logs(p), Effect::Logs(q)) => p == q,
            (Effect::Relate { kind, left, right, loc }, Effect::Relate { kind: k2, left: l2, right: r2, loc: loc2 }) => {
                kind == k2 && loc == loc2 && identical(left, l2) && identical(right, r2)
            }
            (
                Effect::Declare { ty, bodies, virtual_, exported, loc },
                Effect::Declare { ty: ty2, bodies: bodies2, virtual_: v2, exported: e2, loc: loc2 },
            ) => {
                identical(ty, ty2)
                    && virtual_ == v2
                    && exported == e2
                    && loc == loc2
                    && bodies.len() == bodies2.len()
                    && bodies.iter().zip(bodies2).all(|((t, a), (t2, a2))| identical(t, t2) && identical(a, a2))
            }
            _ => false,
        })
}

/// The compile's answers now, asked as the evaluation asked them (the
/// node and top scopes note the questions for the whole-compile memo).
struct Live<'a> {
    it: &'a mut Interp,
}

impl Answers for Live<'_> {
    fn node_var(&mut self, s: Sym) -> Option<Value> {
        self.it.node_scope.as_ref().and_then(|n| n.get_here(s))
    }

    fn top_var(&mut self, s: Sym) -> Option<Value> {
        self.it.top.get_here(s)
    }

    fn class_var(&mut self, class: &str, s: Sym) -> Option<Value> {
        self.it.class_variable_unnoted(class, s)
    }

    fn class_defined(&mut self, name: &str) -> bool {
        self.it.class_scopes.contains_key(name)
    }

    fn resource_defined(&mut self, type_name: &str, title: &str) -> bool {
        self.it.catalog.lookup(type_name, title).is_some_and(|i| !self.it.catalog.resources[i].virtual_)
    }

    fn evaluated_class(&mut self, key: &str) -> bool {
        self.it.evaluated_class(key)
    }
}

impl Interp {
    /// Ends the recording of the evaluation under way, if any: it did
    /// something this memo does not model (`why`).
    #[inline]
    pub(super) fn define_taint(&self, why: &'static str) {
        if let Some(r) = self.memo.define_rec.borrow_mut().as_mut() {
            r.taint(why);
        }
    }

    /// The body of defined-type instance `i` in its new `scope`: replayed
    /// from a remembered evaluation that this instance's inputs answer
    /// alike, else evaluated (and remembered when nothing tainted it).
    pub(super) fn run_define(&mut self, body: FuncId, scope: Rc<Scope>, i: usize) -> R<Value> {
        if !self.memo.defines_on || self.memo.define_rec.borrow().is_some() {
            return self.call_body_named(body, scope, i);
        }
        let title = self.catalog.resources[i].title.to_string();
        let given: Vec<(ParamName, Value)> = self.catalog.resources[i].params.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let caller = scope.peek_here(self.names.caller_module_name);
        let syms = self.prog.syms.len();
        let mut table = std::mem::take(&mut self.memo.memo.defines);
        let hit = table.find(body, syms, &title, &given, &caller, &mut Live { it: self });
        self.memo.memo.defines = table;
        let check = self.opts.memo == Mode::Check;
        if self.opts.memo == Mode::Trace {
            let reference = self.catalog.resources[i].reference();
            let what = if hit.is_some() { "replayed" } else { "evaluated" };
            eprintln!("memo: {}: define {reference} {what}", self.opts.node);
        }
        if let Some(e) = &hit
            && !check
        {
            return self.replay_define(e, &scope, i);
        }
        let node = self.node_scope.clone();
        let top = self.top.clone();
        if let Some(n) = &node {
            n.record_define_reads();
        }
        top.record_define_reads();
        *self.memo.define_rec.borrow_mut() = Some(Box::new(Recorder::new(i, self.catalog.resources.len(), self.logs.len())));
        let r = self.call_body_named(body, scope, i);
        let rec = self.memo.define_rec.borrow_mut().take();
        let node_reads = node.as_ref().and_then(|n| n.take_define_reads().map(|reads| (n, reads)));
        let top_reads = top.take_define_reads().unwrap_or_default();
        // The recorder is put back after every declaration; without it
        // there is nothing to remember.
        let Some(rec) = rec else { return r };
        if r.is_err() {
            // A replay fails where the evaluation does only in one of the
            // declarations it runs again: check mode requires the
            // evaluation to have failed in the replay's next declaration.
            if let Some(hit) = &hit
                && !(*rec).failed_like(&self.logs, hit)
            {
                let reference = self.catalog.resources[i].reference();
                let message = format!("internal error: the define memo would replay {reference}, whose evaluation failed before that");
                return Err(Flow::Error(EvalError { issue: "INTERNAL", message, loc: None }));
            }
            return r;
        }
        let params = self.catalog.resources[i].params.clone();
        let entry = (*rec).finish(&self.logs, syms, title, given, caller, params, node_reads, (&top, top_reads));
        match (hit, entry) {
            (None, Ok(entry)) => self.memo.memo.defines.insert(body, entry),
            (None, Err(why)) => {
                if self.opts.memo == Mode::Trace {
                    let reference = self.catalog.resources[i].reference();
                    eprintln!("memo: {}: define {reference} not remembered: {why}", self.opts.node);
                }
            }
            (Some(hit), entry) => {
                let same = entry.as_ref().is_ok_and(|e| {
                    same_effects(&e.effects, &hit.effects)
                        && e.params.len() == hit.params.len()
                        && e.params.iter().zip(&hit.params).all(|((ka, a), (kb, b))| ka == kb && identical(a, b))
                });
                if !same {
                    let what = match entry {
                        Err(why) => format!("the evaluation was not remembered ({why})"),
                        Ok(_) => "its effects differ".to_string(),
                    };
                    let reference = self.catalog.resources[i].reference();
                    let message = format!("internal error: the define memo's replay of {reference} differs from its evaluation: {what}");
                    return Err(Flow::Error(EvalError { issue: "INTERNAL", message, loc: None }));
                }
            }
        }
        r
    }

    /// A remembered evaluation's effects, for instance `i` in `scope`.
    fn replay_define(&mut self, e: &Entry, scope: &Rc<Scope>, i: usize) -> R<Value> {
        self.catalog.resources[i].params = e.params.clone();
        // Log lines of the declarations name the instance, as its body's do.
        self.labels.push(scope.label.clone());
        let mut r = Ok(Value::Undef);
        for effect in &e.effects {
            match effect {
                Effect::Logs(lines) => self.logs.extend(lines.iter().cloned()),
                Effect::Declare { ty, bodies, virtual_, exported, loc } => {
                    if let Err(err) = self.declare_resources(ty, bodies.clone(), *virtual_, *exported, false, scope, *loc) {
                        r = Err(err);
                        break;
                    }
                }
                Effect::Relate { kind, left, right, loc } => {
                    if let Err(err) = self.relationship(*kind, left, right, (false, false), *loc) {
                        r = Err(err);
                        break;
                    }
                }
            }
        }
        self.labels.pop();
        r
    }

    /// `declare_resources` while an evaluation is recorded: the call is an
    /// effect (a class declaration taints).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn declare_recorded(
        &mut self,
        mut rec: Box<Recorder>,
        type_name: &str,
        ty: &Value,
        bodies: Vec<(Value, Value)>,
        virtual_: bool,
        exported: bool,
        by_function: bool,
        scope: &Rc<Scope>,
        loc: Loc,
    ) -> R<Value> {
        if type_name == "class" || by_function {
            rec.taint("a class declaration");
        } else {
            rec.effect(&self.logs, Effect::Declare { ty: ty.clone(), bodies: bodies.clone(), virtual_, exported, loc });
        }
        // The declaration itself is not recorded (the replay runs it).
        let r = self.declare_resources(ty, bodies, virtual_, exported, by_function, scope, loc);
        rec.declared(self.logs.len());
        *self.memo.define_rec.borrow_mut() = Some(rec);
        r
    }
}

impl Interp {
    /// Whether class `key` (lower case, no leading `::`) is declared and
    /// its body evaluated: an `include` of it does nothing more.
    fn evaluated_class(&self, key: &str) -> bool {
        self.catalog.lookup_class(key).is_some_and(|i| self.catalog.resources[i].evaluated)
    }

    /// `include`/`contain`/`require` while an evaluation is recorded: an
    /// `include` of classes all evaluated already does nothing but return
    /// their references (a read); anything else taints.
    pub(super) fn note_include(&self, key: &str, args: &[Value]) {
        let names = match super::class_names(args) {
            Ok(names) if key == "include" => names,
            _ => return self.define_taint("a class declaration"),
        };
        let keys: Vec<String> = names.iter().map(|n| super::catalog::lowercase(super::catalog::strip_colons(n)).to_string()).collect();
        if !keys.iter().all(|k| self.evaluated_class(k)) {
            return self.define_taint("a class declaration");
        }
        if let Some(r) = self.memo.define_rec.borrow_mut().as_mut() {
            r.included.extend(keys);
        }
    }

    /// `relationship` while an evaluation is recorded: one between
    /// references is an effect; one with a collector taints.
    pub(super) fn relate_recorded(
        &mut self,
        mut rec: Box<Recorder>,
        kind: RelKind,
        left: &Value,
        right: &Value,
        collectors: (bool, bool),
        loc: Loc,
    ) -> R<Value> {
        if collectors.0 || collectors.1 {
            rec.taint("a relationship with a collector");
        } else {
            rec.effect(&self.logs, Effect::Relate { kind, left: left.clone(), right: right.clone(), loc });
        }
        let r = self.relationship(kind, left, right, collectors, loc);
        rec.declared(self.logs.len());
        *self.memo.define_rec.borrow_mut() = Some(rec);
        r
    }
}
