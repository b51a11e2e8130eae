//! Variable scopes: Puppet's top scope, node scope, class and define
//! scopes, and the local scopes of lambdas and functions.
//!
//! **Invariant:** a variable is assigned at most once per scope; lookups of
//! unqualified names walk the parent chain (local -> defining scope -> ...
//! -> top). Qualified names (`$a::b::c`) are resolved by the interpreter
//! against the named class scopes, never through the chain.

use std::cell::RefCell;
use std::rc::Rc;

use indexmap::IndexMap;

use pjit_runtime::Value;

use super::catalog::ParamName;
use crate::ir::Sym;

/// Variables of one scope, in the order they were assigned (ERB's
/// `scope.to_hash` lists them so). Most scopes (lambdas, functions, small
/// classes) hold a handful of variables, where a linear scan of a vector
/// beats hashing; a scope that grows past `SMALL` switches to a map.
#[derive(Debug)]
enum Vars {
    Small(Vec<(Sym, Value)>),
    Large(IndexMap<Sym, Value, foldhash::fast::FixedState>),
}

const SMALL: usize = 12;

impl Default for Vars {
    fn default() -> Vars {
        Vars::Small(Vec::new())
    }
}

impl Vars {
    fn get(&self, k: &Sym) -> Option<&Value> {
        match self {
            Vars::Small(v) => v.iter().find(|(s, _)| s == k).map(|(_, x)| x),
            Vars::Large(m) => m.get(k),
        }
    }

    fn contains_key(&self, k: &Sym) -> bool {
        self.get(k).is_some()
    }

    fn replace(&mut self, k: &Sym, x: Value) -> bool {
        let slot = match self {
            Vars::Small(v) => v.iter_mut().find(|(s, _)| s == k).map(|(_, x)| x),
            Vars::Large(m) => m.get_mut(k),
        };
        slot.map(|s| *s = x).is_some()
    }

    fn entries(&self) -> Vec<(Sym, Value)> {
        match self {
            Vars::Small(v) => v.clone(),
            Vars::Large(m) => m.iter().map(|(k, x)| (*k, x.clone())).collect(),
        }
    }

    /// Room for `n` variables: a map at once when they will not fit the
    /// vector (a class with many parameters).
    fn with_capacity(n: usize) -> Vars {
        if n > SMALL {
            Vars::Large(IndexMap::with_capacity_and_hasher(n, Default::default()))
        } else {
            Vars::Small(Vec::with_capacity(n))
        }
    }

    /// Adds `k` unless it is here (one search, one hash in a map).
    /// Returns whether it was added.
    fn insert_new(&mut self, k: Sym, x: Value) -> bool {
        match self {
            Vars::Small(v) => {
                if v.iter().any(|(s, _)| *s == k) {
                    return false;
                }
                if v.len() < SMALL {
                    v.push((k, x));
                    return true;
                }
                let mut m: IndexMap<Sym, Value, foldhash::fast::FixedState> =
                    IndexMap::with_capacity_and_hasher(2 * SMALL, Default::default());
                m.extend(std::mem::take(v));
                m.insert(k, x);
                *self = Vars::Large(m);
                true
            }
            Vars::Large(m) => match m.entry(k) {
                indexmap::map::Entry::Occupied(_) => false,
                indexmap::map::Entry::Vacant(e) => {
                    e.insert(x);
                    true
                }
            },
        }
    }
}

/// A resource default set by `Type { attr => value }`.
#[derive(Clone, Debug)]
pub struct DefaultAttr {
    pub value: Value,
    /// Where the default was set (the line of the defaults expression).
    pub file: u32,
    pub line: u32,
}

/// Resource defaults by attribute name, in the order they were set (an
/// insertion-ordered map: the hasher never shows in any order). Keyed by
/// the shared [`ParamName`]: every resource a default applies to takes the
/// name as it is.
pub type DefaultAttrs = IndexMap<ParamName, DefaultAttr, foldhash::fast::FixedState>;

/// The catalog side of a class, define, node or main scope: the resource
/// that contains what the scope declares, the definition evaluated there
/// (Puppet's "source", which decides who may override what), the scope
/// it was declared from (Puppet's dynamic parent, which resource defaults
/// follow), and the defaults set in it. The local scopes of lambdas and
/// functions share their enclosing scope's `CatScope`, as Puppet's
/// ephemeral scopes share one scope object.
#[derive(Debug)]
pub struct CatScope {
    /// Index of the scope's resource in the catalog.
    pub resource: usize,
    /// The class or defined type evaluated here (`""` for main and nodes).
    pub source: Rc<str>,
    /// Where defaults lookups continue: the inherited class's scope, else
    /// the scope that declared this one.
    pub parent: Option<Rc<CatScope>>,
    /// Defaults by capitalized type name, in the order they were set.
    pub defaults: RefCell<Vec<(String, DefaultAttrs)>>,
}

impl CatScope {
    pub fn new(resource: usize, source: Rc<str>, parent: Option<Rc<CatScope>>) -> Rc<CatScope> {
        Rc::new(CatScope { resource, source, parent, defaults: RefCell::new(vec![]) })
    }

    /// The defaults for `type_name` visible here: the dynamic parents'
    /// first, overridden by closer ones (Puppet's `lookupdefaults`).
    pub fn lookup_defaults(&self, type_name: &str) -> DefaultAttrs {
        // One map for the whole chain (most scopes set no defaults: an
        // empty map costs nothing until something goes in).
        let mut out = DefaultAttrs::default();
        self.add_defaults(type_name, &mut out);
        out
    }

    fn add_defaults(&self, type_name: &str, out: &mut DefaultAttrs) {
        if let Some(p) = &self.parent {
            p.add_defaults(type_name, out);
        }
        for (t, attrs) in self.defaults.borrow().iter() {
            if t == type_name {
                for (k, v) in attrs {
                    out.insert(k.clone(), v.clone());
                }
            }
        }
    }
}

/// The captures of one successful match (`$0`, `$1`, ...).
pub type MatchData = Rc<Vec<Option<String>>>;

#[derive(Debug)]
pub struct Scope {
    vars: RefCell<Vars>,
    /// The match data the body of this top, node or class scope sees at
    /// the moment: what `$1` means in the scopes whose lookups continue
    /// here (Puppet's enclosing and inherited scopes), when their own
    /// bodies have matched nothing.
    matches: RefCell<Option<MatchData>>,
    pub parent: Option<Rc<Scope>>,
    /// What log lines say: `Class[main]`, `Class[Foo::Bar]`, `Mydef[a]`.
    pub label: Rc<str>,
    pub cat: Rc<CatScope>,
    /// On the top scope of a compile the whole-compile memo records: the
    /// variables asked for there (see `memo.rs`); None otherwise.
    reads: RefCell<Option<TopReads>>,
    /// On the top and node scopes while a defined type's evaluation is
    /// recorded (see `define_memo.rs`): the variables it asked for there.
    define_reads: RefCell<Option<TopReads>>,
    /// Whether `reads` or `define_reads` is set (a test cheaper than
    /// borrowing them).
    recording: std::cell::Cell<bool>,
}

/// The variables of the top scope a compile asked about, in the order
/// first asked (see `memo.rs`): every way to read or test a variable of
/// this scope notes its name, so these names and whether the whole scope
/// was listed are all the compile can know of the top scope's contents.
#[derive(Debug, Default)]
pub struct TopReads {
    seen: Vec<u64>,
    pub syms: Vec<Sym>,
    /// `entries_here` (ERB's `scope.to_hash`) listed every variable.
    pub all: bool,
}

impl TopReads {
    fn note(&mut self, name: Sym) {
        let i = name.as_u32() as usize;
        if self.seen.len() <= i / 64 {
            self.seen.resize(i / 64 + 1, 0);
        }
        let bit = 1u64 << (i % 64);
        if self.seen[i / 64] & bit == 0 {
            self.seen[i / 64] |= bit;
            self.syms.push(name);
        }
    }
}

impl Scope {
    pub fn new(parent: Option<Rc<Scope>>, label: Rc<str>, cat: Rc<CatScope>) -> Rc<Scope> {
        Scope::with_vars(parent, label, cat, Vars::default())
    }

    /// `new`, with room for `n` variables (a class or defined type's
    /// parameters and the variables every such scope has).
    pub fn with_capacity(parent: Option<Rc<Scope>>, label: Rc<str>, cat: Rc<CatScope>, n: usize) -> Rc<Scope> {
        Scope::with_vars(parent, label, cat, Vars::with_capacity(n))
    }

    fn with_vars(parent: Option<Rc<Scope>>, label: Rc<str>, cat: Rc<CatScope>, vars: Vars) -> Rc<Scope> {
        Rc::new(Scope {
            vars: RefCell::new(vars),
            matches: RefCell::new(None),
            parent,
            label,
            cat,
            reads: RefCell::new(None),
            define_reads: RefCell::new(None),
            recording: Default::default(),
        })
    }

    /// A local scope (lambda, function) under `parent`, with its label and
    /// catalog side.
    pub fn local(parent: &Rc<Scope>) -> Rc<Scope> {
        Scope::new(Some(parent.clone()), parent.label.clone(), parent.cat.clone())
    }

    /// Starts noting the variables asked for here (see [`TopReads`]).
    pub fn record_reads(&self) {
        *self.reads.borrow_mut() = Some(TopReads::default());
        self.recording.set(true);
    }

    /// What was noted since [`Scope::record_reads`] (and stops noting).
    pub fn take_reads(&self) -> Option<TopReads> {
        let r = self.reads.borrow_mut().take();
        self.recording.set(self.define_reads.borrow().is_some());
        r
    }

    /// Starts noting the variables asked for here for a defined type's
    /// evaluation (independently of [`Scope::record_reads`]).
    pub fn record_define_reads(&self) {
        *self.define_reads.borrow_mut() = Some(TopReads::default());
        self.recording.set(true);
    }

    /// What was noted since [`Scope::record_define_reads`] (and stops
    /// noting for it).
    pub fn take_define_reads(&self) -> Option<TopReads> {
        let r = self.define_reads.borrow_mut().take();
        self.recording.set(self.reads.borrow().is_some());
        r
    }

    /// Notes a question about variable `name` of this scope when it records
    /// (only the top and node scopes do, and rarely: the inlined test keeps
    /// the cost of every other variable access to one comparison).
    #[inline(always)]
    fn note(&self, name: Sym) {
        if self.recording.get() {
            self.note_read(name);
        }
    }

    #[inline(never)]
    fn note_read(&self, name: Sym) {
        if let Some(r) = self.reads.borrow_mut().as_mut() {
            r.note(name);
        }
        if let Some(r) = self.define_reads.borrow_mut().as_mut() {
            r.note(name);
        }
    }

    /// The highest symbol of the variables set here (None: none set).
    pub fn max_sym_here(&self) -> Option<Sym> {
        match &*self.vars.borrow() {
            Vars::Small(v) => v.iter().map(|(s, _)| *s).max(),
            Vars::Large(m) => m.keys().copied().max(),
        }
    }

    /// Sets a variable here. Returns false if it is already set here.
    pub fn set(&self, name: Sym, v: Value) -> bool {
        self.note(name);
        self.vars.borrow_mut().insert_new(name, v)
    }

    /// The variable in this scope only, without noting the question (the
    /// memo reading what a recorded evaluation was answered).
    pub fn peek_here(&self, name: Sym) -> Option<Value> {
        self.vars.borrow().get(&name).cloned()
    }

    /// The variable in this scope only.
    pub fn get_here(&self, name: Sym) -> Option<Value> {
        self.note(name);
        self.vars.borrow().get(&name).cloned()
    }

    pub fn contains_here(&self, name: Sym) -> bool {
        self.note(name);
        self.vars.borrow().contains_key(&name)
    }

    /// The variable in this scope or an enclosing one.
    pub fn lookup(&self, name: Sym) -> Option<Value> {
        let mut s = self;
        loop {
            s.note(name);
            if let Some(v) = s.vars.borrow().get(&name) {
                return Some(v.clone());
            }
            s = s.parent.as_deref()?;
        }
    }

    /// Records the match data this scope's body sees now.
    pub fn publish_matches(&self, m: Option<&MatchData>) {
        *self.matches.borrow_mut() = m.cloned();
    }

    /// Makes this scope show `none` (match data without captures) to the
    /// scopes below it, whatever its parents have: Puppet runs a function's
    /// body in the global scope without its ephemeral (match) scopes.
    pub fn hide_outer_matches(&self, none: &MatchData) {
        *self.matches.borrow_mut() = Some(none.clone());
    }

    /// The match data of the nearest scope, this one or above, whose body
    /// has some (`$1` in a class that has matched nothing itself).
    pub fn outer_matches(&self) -> Option<MatchData> {
        let mut s = Some(self);
        while let Some(p) = s {
            if let Some(m) = p.matches.borrow().as_ref() {
                return Some(m.clone());
            }
            s = p.parent.as_deref();
        }
        None
    }

    /// Changes the value of a variable set here (ERB templates change the
    /// Ruby objects of variables in place). Returns false if it is not set here.
    pub fn replace_here(&self, name: Sym, v: Value) -> bool {
        self.note(name);
        self.vars.borrow_mut().replace(&name, v)
    }

    /// The variables of this scope only, in the order they were assigned.
    pub fn entries_here(&self) -> Vec<(Sym, Value)> {
        if self.recording.get() {
            if let Some(r) = self.reads.borrow_mut().as_mut() {
                r.all = true;
            }
            if let Some(r) = self.define_reads.borrow_mut().as_mut() {
                r.all = true;
            }
        }
        self.vars.borrow().entries()
    }

    /// The root of the chain (the top scope).
    pub fn top(self: &Rc<Scope>) -> Rc<Scope> {
        let mut s = self.clone();
        while let Some(p) = s.parent.clone() {
            s = p;
        }
        s
    }
}
