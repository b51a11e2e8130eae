//! Variable scopes: Puppet's top scope, node scope, class and define
//! scopes, and the local scopes of lambdas and functions.
//!
//! **Invariant:** a variable is assigned at most once per scope; lookups of
//! unqualified names walk the parent chain (local -> defining scope -> ...
//! -> top). Qualified names (`$a::b::c`) are resolved by the interpreter
//! against the named class scopes, never through the chain.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use pjit_runtime::Value;

use crate::ir::Sym;

/// Variables of one scope. Most scopes (lambdas, functions, small
/// classes) hold a handful of variables, where a linear scan of a vector
/// beats hashing; a scope that grows past `SMALL` switches to a map.
#[derive(Debug)]
enum Vars {
    Small(Vec<(Sym, Value)>),
    Large(HashMap<Sym, Value, foldhash::fast::FixedState>),
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

    fn insert(&mut self, k: Sym, x: Value) {
        match self {
            Vars::Small(v) if v.len() < SMALL => v.push((k, x)),
            Vars::Small(v) => {
                let mut m: HashMap<Sym, Value, foldhash::fast::FixedState> = std::mem::take(v).into_iter().collect();
                m.insert(k, x);
                *self = Vars::Large(m);
            }
            Vars::Large(m) => {
                m.insert(k, x);
            }
        }
    }
}

#[derive(Debug)]
pub struct Scope {
    vars: RefCell<Vars>,
    pub parent: Option<Rc<Scope>>,
    /// What log lines say: `Class[main]`, `Class[Foo::Bar]`, `Mydef[a]`.
    pub label: Rc<str>,
}

impl Scope {
    pub fn new(parent: Option<Rc<Scope>>, label: Rc<str>) -> Rc<Scope> {
        Rc::new(Scope { vars: RefCell::new(Vars::default()), parent, label })
    }

    /// A local scope (lambda, function) under `parent`, with its label.
    pub fn local(parent: &Rc<Scope>) -> Rc<Scope> {
        Scope::new(Some(parent.clone()), parent.label.clone())
    }

    /// Sets a variable here. Returns false if it is already set here.
    pub fn set(&self, name: Sym, v: Value) -> bool {
        let mut vars = self.vars.borrow_mut();
        if vars.contains_key(&name) {
            return false;
        }
        vars.insert(name, v);
        true
    }

    /// The variable in this scope only.
    pub fn get_here(&self, name: Sym) -> Option<Value> {
        self.vars.borrow().get(&name).cloned()
    }

    pub fn contains_here(&self, name: Sym) -> bool {
        self.vars.borrow().contains_key(&name)
    }

    /// The variable in this scope or an enclosing one.
    pub fn lookup(&self, name: Sym) -> Option<Value> {
        let mut s = self;
        loop {
            if let Some(v) = s.vars.borrow().get(&name) {
                return Some(v.clone());
            }
            s = s.parent.as_deref()?;
        }
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
