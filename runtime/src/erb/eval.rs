//! The evaluator: walks the syntax tree of a template, appending text and
//! `<%= %>` values to the output, with Ruby's semantics for the subset.
//!
//! Control flow travels as [`Flow`]: a Ruby exception (`raise`, or an
//! error of a built-in method: rescuable by `rescue`), `break`/`next`
//! (caught by the block call or method call they belong to), `return`
//! (caught by the method defined with `def`), and [`Flow::Fatal`] for what
//! pjit does not implement (never rescuable, so a template cannot silently
//! take another path than Ruby would).
//!
//! Variables: `@x` reads the Puppet variable `x` visible where the template
//! is evaluated (Puppet binds `scope.to_hash` to instance variables; an
//! `undef` variable is not bound, so it reads `nil`); the Ruby object is
//! made once per render and shared with `scope['x']`, so changes made
//! through one are seen through the other. Values stored with
//! `scope.setvar` stay live Ruby objects for templates rendered (through
//! `scope.function_template`) while the outermost template renders.

use std::cell::RefCell;
use std::rc::Rc;

use super::methods;
use super::parser::{Block, Call, Def, Kind, Node, Param, Part, Program, Target};
use super::value::{Exc, RHash, RRegex, RV};
use crate::functions::Host;

/// Non-local exits.
#[derive(Debug)]
pub(crate) enum Flow {
    /// A Ruby exception and the line it was raised on.
    Raise(Rc<Exc>, u32),
    Break(RV),
    Next(RV),
    Return(RV),
    /// Outside the supported subset: message and line.
    Fatal(String, u32),
}

pub(crate) type R<T> = Result<T, Flow>;

/// The evaluator's maps, by names the template and its Puppet scope give:
/// a fixed-seed fast hasher (no order of these maps reaches any output:
/// `inspect` sorts the instance variables it lists by assignment).
type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;

thread_local! {
    /// Values stored by `scope.setvar`, by variable name, while a template
    /// renders (shared with the templates it renders in turn), and the
    /// nesting depth of renders.
    static LIVE: RefCell<(u32, HashMap<String, RV>)> = RefCell::new((0, HashMap::default()));
}

/// One render of a template.
pub(crate) struct Ctx<'h> {
    pub host: &'h mut dyn Host,
    pub out: String,
    /// Instance variables assigned by the template, and the order they were
    /// first assigned in (Ruby lists instance variables in that order).
    ivars: HashMap<Rc<str>, RV>,
    ivar_order: Vec<Rc<str>>,
    /// Ruby objects made from Puppet variables, by variable name (`x`,
    /// `cls::x`), so repeated reads give the same object.
    vars: HashMap<String, RV>,
    /// The Puppet values of the Arrays and Hashes among `vars`, as last
    /// read or written back: a template that changes such an object in
    /// place (`@list << x`) changes the Puppet variable, which in Puppet is
    /// the same Ruby object (see [`Ctx::write_back`]).
    origins: Vec<(String, crate::value::Value)>,
    defs: HashMap<Rc<str>, Rc<Def>>,
    /// Local-variable slots of the running method bodies; the last is current.
    frames: Vec<Vec<RV>>,
    /// The line being evaluated (for errors raised by built-in methods).
    pub line: u32,
    /// `$~`: the last successful match of `=~`, `match`, `when /re/`, or
    /// None after a failed one.
    pub last_match: Option<Rc<super::value::MatchData>>,
    /// The template's name as Puppet reports it in `to_s` (`template[...]`).
    pub file: Option<String>,
    depth: u32,
    /// The questions asked of the host, while the render is recorded
    /// (see `memo.rs`).
    pub trace: Option<super::memo::Trace>,
}

const MAX_CALL_DEPTH: u32 = 1000;

impl<'h> Ctx<'h> {
    pub fn new(host: &'h mut dyn Host, file: Option<String>) -> Ctx<'h> {
        Ctx {
            host,
            out: String::new(),
            ivars: HashMap::default(),
            ivar_order: Vec::new(),
            vars: HashMap::default(),
            origins: Vec::new(),
            defs: HashMap::default(),
            frames: Vec::new(),
            line: 1,
            last_match: None,
            file,
            depth: 0,
            trace: None,
        }
    }

    /// Whether a render starting now is outermost and sees no values a
    /// template stored with `scope.setvar` (the only state renders share).
    pub fn at_top_level() -> bool {
        LIVE.with(|l| {
            let l = l.borrow();
            l.0 == 0 && l.1.is_empty()
        })
    }

    // ---- the host, as recorded for `memo.rs`

    /// `host.lookup_variable`.
    pub fn ask_var(&mut self, name: &str) -> Option<crate::value::Value> {
        let v = self.host.lookup_variable(name);
        if let Some(t) = &mut self.trace {
            t.queries.push(super::memo::Query::Var(name.into(), v.clone()));
        }
        v
    }

    /// `host.visible_variables`.
    pub fn ask_visible(&mut self) -> Vec<(String, crate::value::Value)> {
        let v = self.host.visible_variables();
        if let Some(t) = &mut self.trace {
            t.queries.push(super::memo::Query::Visible(v.clone()));
        }
        v
    }

    /// `host.scope_label`.
    pub fn ask_label(&mut self) -> String {
        let l = self.host.scope_label();
        if let Some(t) = &mut self.trace {
            t.queries.push(super::memo::Query::Label(l.clone()));
        }
        l
    }

    /// The render is about to do more than ask the host (call a function,
    /// set or change a variable, warn): its output is not a function of
    /// the answers alone.
    pub fn impure(&mut self) {
        if let Some(t) = &mut self.trace {
            t.pure = false;
        }
    }

    /// Runs the template program; the output is in `self.out`.
    pub fn run(&mut self, prog: &Program) -> R<()> {
        let outermost = LIVE.with(|l| {
            let mut l = l.borrow_mut();
            l.0 += 1;
            l.0 == 1
        });
        self.frames.push(vec![RV::Nil; prog.nslots as usize]);
        let r = self.eval(&prog.body);
        self.frames.pop();
        self.write_back();
        let r = match r {
            Ok(_) => Ok(()),
            // `return` at the top of a template returns from Puppet's
            // `TemplateWrapper#result`: its value is the result.
            Err(Flow::Return(v)) => {
                self.out = join_to_s(&v);
                Ok(())
            }
            Err(Flow::Break(_)) => Err(Flow::Fatal("Can't escape from eval with break".into(), self.line)),
            Err(Flow::Next(_)) => Err(Flow::Fatal("Can't escape from eval with next".into(), self.line)),
            Err(e) => Err(e),
        };
        LIVE.with(|l| {
            let mut l = l.borrow_mut();
            l.0 -= 1;
            if outermost {
                l.1.clear();
            }
        });
        r
    }

    // ---- errors

    /// Raises a Ruby exception of `class` at the current line.
    pub fn raise<T>(&self, class: &str, message: impl Into<String>) -> R<T> {
        Err(Flow::Raise(Rc::new(Exc { class: Rc::from(class), message: message.into(), origin: None }), self.line))
    }

    pub fn fatal<T>(&self, message: impl Into<String>) -> R<T> {
        Err(Flow::Fatal(message.into(), self.line))
    }

    /// Raises an exception that Puppet's own Ruby code raised at `origin`.
    pub fn raise_from<T>(&self, class: &str, message: impl Into<String>, origin: (&'static str, u32)) -> R<T> {
        Err(Flow::Raise(Rc::new(Exc { class: Rc::from(class), message: message.into(), origin: Some(origin) }), self.line))
    }

    /// `NoMethodError` for `name` on `recv`.
    pub fn no_method<T>(&mut self, recv: &RV, name: &str) -> R<T> {
        let d = self.describe(recv);
        let hint = super::did_you_mean::message_for(&super::did_you_mean::method_suggestions(&recv.class_name(), name, false));
        self.raise("NoMethodError", format!("undefined method `{name}' for {d}{hint}"))
    }

    /// What Ruby's `NameError` shows for a receiver: `nil:NilClass`,
    /// `"x":String`, `[1]:Array`; the scope is `Scope(...):Puppet::Parser::Scope`;
    /// the template object is its `inspect` with all its instance variables.
    pub fn describe(&mut self, v: &RV) -> String {
        match v {
            RV::Scope => format!("{}:Puppet::Parser::Scope", self.ask_label()),
            RV::Template => self.template_inspect(),
            other => describe_recv(other),
        }
    }

    /// `instance_variables` of the template: `@__scope__`, `@__file__`
    /// (a file template's), the variables Puppet bound (defined ones, in
    /// `scope.to_hash` order, each name with its non-word characters made
    /// `_`, as `TemplateWrapper#result` sets them), then those the template
    /// assigned, in the order it first assigned them.
    pub fn template_ivar_names(&mut self) -> Vec<String> {
        let mut out = vec!["@__scope__".to_string()];
        if self.file.is_some() {
            out.push("@__file__".to_string());
        }
        for (k, v) in self.ask_visible() {
            if v.is_undef() {
                continue;
            }
            let real: String = k.chars().map(|c| if c.is_alphanumeric() || c == '_' { c } else { '_' }).collect();
            let name = format!("@{real}");
            if !out.contains(&name) {
                out.push(name);
            }
        }
        for k in &self.ivar_order {
            let name = format!("@{k}");
            if !out.contains(&name) {
                out.push(name);
            }
        }
        out
    }

    /// `TemplateWrapper#inspect`: `@__scope__`, `@__file__`, the variables
    /// Puppet bound (defined ones, in `scope.to_hash` order), then those the
    /// template assigned.
    fn template_inspect(&mut self) -> String {
        let mut out = format!("#<Puppet::Parser::TemplateWrapper:0x<addr> @__scope__={}", self.ask_label());
        if let Some(f) = &self.file {
            out.push_str(&format!(", @__file__={}", super::value::inspect_str(f)));
        }
        let mut seen = std::collections::HashSet::new();
        for (k, v) in self.ask_visible() {
            if v.is_undef() {
                continue;
            }
            let rv = match self.ivars.get(k.as_str()) {
                Some(x) => x.clone(),
                None => self.variable(&k).unwrap_or_else(|| super::value::from_puppet(&v)),
            };
            out.push_str(&format!(", @{k}={}", rv.inspect()));
            seen.insert(k);
        }
        let mut assigned: Vec<(&Rc<str>, &RV)> = self.ivars.iter().filter(|(k, _)| !seen.contains(k.as_ref())).collect();
        assigned.sort_by_key(|(k, _)| self.ivar_order.iter().position(|o| o == *k));
        for (k, v) in assigned {
            out.push_str(&format!(", @{k}={}", v.inspect()));
        }
        out.push('>');
        out
    }

    // ---- variables

    fn frame(&mut self) -> &mut Vec<RV> {
        self.frames.last_mut().expect("a frame")
    }

    /// `@name`.
    fn ivar(&mut self, name: &str) -> RV {
        if let Some(v) = self.ivars.get(name) {
            return v.clone();
        }
        self.variable(name).unwrap_or(RV::Nil)
    }

    /// The Ruby object of a Puppet variable (`x` or `cls::x`, no leading
    /// `::`), None when unknown. `undef` is `Some(nil)`.
    pub fn variable(&mut self, name: &str) -> Option<RV> {
        if let Some(v) = LIVE.with(|l| l.borrow().1.get(name).cloned()) {
            return Some(v);
        }
        if let Some(v) = self.vars.get(name) {
            return Some(v.clone());
        }
        let v = self.ask_var(name)?;
        let rv = super::value::from_puppet(&v);
        self.vars.insert(name.to_string(), rv.clone());
        if matches!(v, crate::value::Value::Array(_) | crate::value::Value::Hash(_)) {
            self.origins.push((name.to_string(), v));
        }
        Some(rv)
    }

    /// Hands the Arrays and Hashes the template changed in place back to
    /// Puppet. Puppet binds the very Ruby objects of its variables (and of
    /// the resource parameters they were set from) to `@x` and
    /// `scope['x']`, so `@list << x` or `@h['k'] = v` changes the variable
    /// and the parameter in the catalog; [`Host::update_variable`] does
    /// that here. Runs before each call into Puppet (a template rendered
    /// from this one sees the change) and when the render ends. A changed
    /// value Puppet cannot hold (a Range inside) stays a Ruby-side change.
    pub fn write_back(&mut self) {
        for i in 0..self.origins.len() {
            let (name, old) = &self.origins[i];
            let Some(rv) = self.vars.get(name) else { continue };
            if super::value::same_as_puppet(rv, old) {
                continue;
            }
            let Ok(new) = super::value::to_puppet(rv) else { continue };
            let (name, old) = (name.clone(), old.clone());
            self.impure();
            self.host.update_variable(&name, &old, new.clone());
            self.origins[i].1 = new;
        }
    }

    /// `scope.setvar(name, value)`.
    pub fn set_variable(&mut self, name: &str, v: RV) -> R<()> {
        let pv = match super::value::to_puppet(&v) {
            Ok(p) => p,
            Err(class) => return self.fatal(format!("scope.setvar with a {class} value is not supported")),
        };
        self.impure();
        if let Err(e) = self.host.set_variable(name, pv.clone()) {
            return self.raise("Puppet::ParseError", e.message().to_string());
        }
        self.origins.retain(|(n, _)| n != name);
        if matches!(pv, crate::value::Value::Array(_) | crate::value::Value::Hash(_)) {
            self.origins.push((name.to_string(), pv));
        }
        self.vars.insert(name.to_string(), v.clone());
        LIVE.with(|l| l.borrow_mut().1.insert(name.to_string(), v));
        Ok(())
    }

    fn ivar_defined(&mut self, name: &str) -> bool {
        self.ivars.contains_key(name) || self.variable(name).is_some_and(|v| !matches!(v, RV::Nil))
    }

    // ---- evaluation

    pub fn eval(&mut self, n: &Node) -> R<RV> {
        self.depth += 1;
        if self.depth > MAX_CALL_DEPTH {
            self.depth -= 1;
            return self.raise("SystemStackError", "stack level too deep");
        }
        let r = crate::value::guard_stack(|| self.eval_inner(n));
        self.depth -= 1;
        r
    }

    fn eval_inner(&mut self, n: &Node) -> R<RV> {
        Ok(match &n.kind {
            Kind::Nil => RV::Nil,
            Kind::True => RV::Bool(true),
            Kind::False => RV::Bool(false),
            Kind::SelfRef => RV::Template,
            Kind::Int(i) => RV::Int(*i),
            Kind::Float(f) => RV::Float(*f),
            Kind::Str(s) => RV::str(s),
            Kind::DStr(parts) => RV::string(self.interpolate(parts)?),
            Kind::Sym(s) => RV::Sym(s.clone()),
            Kind::DSym(parts) => RV::sym(&self.interpolate(parts)?),
            Kind::Regex(parts, flags, compiled) => {
                if let Some(r) = compiled.get() {
                    return Ok(RV::Regexp(r.clone()));
                }
                let src = self.interpolate(parts)?;
                self.line = n.line;
                match RRegex::new(&src, flags) {
                    Ok(r) => {
                        if parts.iter().all(|p| matches!(p, Part::Lit(_))) {
                            let _ = compiled.set(r.clone());
                        }
                        RV::Regexp(r)
                    }
                    Err(e) => return self.raise("RegexpError", e),
                }
            }
            Kind::Words(w, sym) => RV::array(w.iter().map(|s| if *sym { RV::Sym(s.clone()) } else { RV::str(s) }).collect()),
            Kind::Array(items) => RV::array(self.eval_list(items)?),
            Kind::Hash(pairs) => {
                let mut h = RHash::default();
                for (k, v) in pairs {
                    let k = self.eval(k)?;
                    let v = self.eval(v)?;
                    h.insert(k, v);
                }
                RV::hash(h)
            }
            Kind::Range(a, b, excl) => {
                let a = self.eval(a)?;
                let b = self.eval(b)?;
                self.line = n.line;
                let ok = match (&a, &b) {
                    (RV::Int(_) | RV::Float(_), RV::Int(_) | RV::Float(_)) => true,
                    (RV::Str(_), RV::Str(_)) => true,
                    (RV::Nil, _) | (_, RV::Nil) => true,
                    _ => false,
                };
                if !ok {
                    return self.raise("ArgumentError", "bad value for range");
                }
                RV::Range(Rc::new((a, b, *excl)))
            }
            Kind::Ivar(name) => self.ivar(name),
            Kind::Gvar(name) => match (&**name, &self.last_match) {
                (_, None) => RV::Nil,
                ("~", Some(m)) => RV::Match(m.clone()),
                ("&", Some(m)) => m.group(0).map_or(RV::Nil, RV::str),
                (n, Some(m)) => m.group(n.parse().unwrap_or(0)).map_or(RV::Nil, RV::str),
            },
            Kind::Local(slot) => self.frame()[*slot as usize].clone(),
            Kind::Const(path, _top) => {
                self.line = n.line;
                methods::constant(self, path)?
            }
            Kind::Call(c) => {
                self.line = n.line;
                self.eval_call(c, n.line)?
            }
            Kind::Splat(_) => return self.fatal("a splat outside an argument list"),
            Kind::Not(e) => {
                let v = self.eval(e)?;
                RV::Bool(!v.truthy())
            }
            Kind::And(a, b) => {
                let v = self.eval(a)?;
                if v.truthy() { self.eval(b)? } else { v }
            }
            Kind::Or(a, b) => {
                let v = self.eval(a)?;
                if v.truthy() { v } else { self.eval(b)? }
            }
            Kind::Defined(e) => self.defined(e)?,
            Kind::If(c, t, e) => {
                if self.eval(c)?.truthy() {
                    self.eval(t)?
                } else {
                    self.eval(e)?
                }
            }
            Kind::Case(subject, whens, els) => {
                let s = match subject {
                    Some(s) => Some(self.eval(s)?),
                    None => None,
                };
                for (vals, body) in whens {
                    for v in vals {
                        let cands = match &v.kind {
                            Kind::Splat(inner) => {
                                let x = self.eval(inner)?;
                                methods::splat_items(&x)
                            }
                            _ => vec![self.eval(v)?],
                        };
                        for cand in cands {
                            let hit = match &s {
                                Some(s) => {
                                    self.line = v.line;
                                    methods::case_eq(self, &cand, s)?
                                }
                                None => cand.truthy(),
                            };
                            if hit {
                                return self.eval(body);
                            }
                        }
                    }
                }
                self.eval(els)?
            }
            Kind::While(c, body, until) => {
                loop {
                    let t = self.eval(c)?.truthy();
                    if t == *until {
                        break;
                    }
                    match self.eval(body) {
                        Ok(_) | Err(Flow::Next(_)) => {}
                        Err(Flow::Break(v)) => return Ok(v),
                        Err(e) => return Err(e),
                    }
                }
                RV::Nil
            }
            Kind::Seq(items) => {
                let mut last = RV::Nil;
                for i in items {
                    last = self.eval(i)?;
                }
                last
            }
            Kind::Assign(t, v) => {
                let v = self.eval(v)?;
                self.line = n.line;
                self.assign(t, v.clone())?;
                v
            }
            Kind::OpAssign(t, op, v) => self.op_assign(t, op, v, n.line)?,
            Kind::MultiAssign(targets, v) => {
                let v = self.eval(v)?;
                self.line = n.line;
                let items = match &v {
                    RV::Array(a) => a.borrow().clone(),
                    other => vec![other.clone()],
                };
                self.destructure(targets, items)?;
                v
            }
            Kind::Text(t) => {
                self.out.push_str(t);
                RV::Nil
            }
            Kind::Insert(e) => {
                let v = self.eval(e)?;
                self.line = n.line;
                let s = methods::to_s(self, &v)?;
                self.out.push_str(&s);
                RV::Nil
            }
            Kind::Next(v) => {
                let v = match v {
                    Some(v) => self.eval(v)?,
                    None => RV::Nil,
                };
                return Err(Flow::Next(v));
            }
            Kind::Break(v) => {
                let v = match v {
                    Some(v) => self.eval(v)?,
                    None => RV::Nil,
                };
                return Err(Flow::Break(v));
            }
            Kind::Return(v) => {
                let v = match v {
                    Some(v) => self.eval(v)?,
                    None => RV::Nil,
                };
                return Err(Flow::Return(v));
            }
            Kind::Def(d) => {
                self.defs.insert(d.name.clone(), d.clone());
                RV::Sym(d.name.clone())
            }
            Kind::Begin(b) => {
                let r = self.eval(&b.body);
                let r = match r {
                    Err(Flow::Raise(exc, line)) => {
                        let mut handled = None;
                        'clauses: for clause in &b.rescues {
                            let classes: Vec<RV> = if clause.classes.is_empty() {
                                vec![RV::class("StandardError")]
                            } else {
                                let mut cs = Vec::new();
                                for c in &clause.classes {
                                    match &c.kind {
                                        Kind::Splat(inner) => {
                                            let x = self.eval(inner)?;
                                            cs.extend(methods::splat_items(&x));
                                        }
                                        _ => cs.push(self.eval(c)?),
                                    }
                                }
                                cs
                            };
                            for c in classes {
                                let RV::Class(cname) = &c else {
                                    return self.raise("TypeError", "class or module required for rescue clause");
                                };
                                if methods::exception_is_a(&exc.class, cname) {
                                    if let Some(t) = &clause.var {
                                        self.assign(t, RV::Exception(exc.clone()))?;
                                    }
                                    handled = Some(self.eval(&clause.body));
                                    break 'clauses;
                                }
                            }
                        }
                        match handled {
                            Some(r) => r,
                            None => Err(Flow::Raise(exc, line)),
                        }
                    }
                    Ok(v) => match &b.else_ {
                        Some(e) => self.eval(e),
                        None => Ok(v),
                    },
                    other => other,
                };
                if let Some(ens) = &b.ensure {
                    self.eval(ens)?;
                }
                r?
            }
        })
    }

    fn eval_list(&mut self, items: &[Node]) -> R<Vec<RV>> {
        let mut out = Vec::with_capacity(items.len());
        for i in items {
            match &i.kind {
                Kind::Splat(inner) => {
                    let v = self.eval(inner)?;
                    out.extend(methods::splat_items(&v));
                }
                _ => out.push(self.eval(i)?),
            }
        }
        Ok(out)
    }

    fn interpolate(&mut self, parts: &[Part]) -> R<String> {
        let mut s = String::new();
        for p in parts {
            match p {
                Part::Lit(l) => s.push_str(l),
                Part::Expr(e) => {
                    let v = self.eval(e)?;
                    self.line = e.line;
                    s.push_str(&methods::to_s(self, &v)?);
                }
            }
        }
        Ok(s)
    }

    fn defined(&mut self, e: &Node) -> R<RV> {
        Ok(match &e.kind {
            Kind::Ivar(name) => {
                if self.ivar_defined(name) {
                    RV::str("instance-variable")
                } else {
                    RV::Nil
                }
            }
            Kind::Local(_) => RV::str("local-variable"),
            Kind::Gvar(n) => {
                let set = match (&**n, &self.last_match) {
                    (_, None) => false,
                    ("~" | "&", Some(_)) => true,
                    (k, Some(m)) => m.group(k.parse().unwrap_or(0)).is_some(),
                };
                if set { RV::str("global-variable") } else { RV::Nil }
            }
            Kind::Nil => RV::str("expression"),
            Kind::True | Kind::False | Kind::SelfRef => RV::str(match &e.kind {
                Kind::True => "true",
                Kind::False => "false",
                _ => "self",
            }),
            Kind::Assign(..) | Kind::OpAssign(..) | Kind::MultiAssign(..) => RV::str("assignment"),
            Kind::Const(path, _) => match methods::constant(self, path) {
                Ok(_) => RV::str("constant"),
                Err(Flow::Fatal(..)) | Err(Flow::Raise(..)) => RV::Nil,
                Err(e) => return Err(e),
            },
            Kind::Call(c) => {
                if c.recv.is_none() {
                    if self.defs.contains_key(&c.name) || methods::template_responds_to(&c.name) {
                        RV::str("method")
                    } else {
                        RV::Nil
                    }
                } else {
                    let recv = match self.eval(c.recv.as_ref().expect("checked")) {
                        Ok(r) => r,
                        Err(Flow::Raise(..)) => return Ok(RV::Nil),
                        Err(e) => return Err(e),
                    };
                    if methods::responds_to(&recv, &c.name) {
                        RV::str("method")
                    } else {
                        RV::Nil
                    }
                }
            }
            _ => RV::str("expression"),
        })
    }

    pub fn assign(&mut self, t: &Target, v: RV) -> R<()> {
        match t {
            Target::Local(slot) => self.frame()[*slot as usize] = v,
            Target::Ivar(name) => {
                if self.ivars.insert(name.clone(), v).is_none() {
                    self.ivar_order.push(name.clone());
                }
            }
            Target::Index(recv, args) => {
                let r = self.eval(recv)?;
                let mut a = self.eval_list(args)?;
                a.push(v);
                self.call_method(&r, "[]=", a, None)?;
            }
            Target::Attr(recv, name) => {
                let r = self.eval(recv)?;
                self.call_method(&r, &format!("{name}="), vec![v], None)?;
            }
            Target::Nested(targets) => {
                let items = match &v {
                    RV::Array(a) => a.borrow().clone(),
                    other => vec![other.clone()],
                };
                self.destructure(targets, items)?;
            }
            Target::Splat(inner) => self.assign(inner, RV::array(vec![v]))?,
        }
        Ok(())
    }

    fn destructure(&mut self, targets: &[Target], items: Vec<RV>) -> R<()> {
        let splat_at = targets.iter().position(|t| matches!(t, Target::Splat(_)));
        match splat_at {
            None => {
                for (i, t) in targets.iter().enumerate() {
                    self.assign(t, items.get(i).cloned().unwrap_or(RV::Nil))?;
                }
            }
            Some(k) => {
                let after = targets.len() - k - 1;
                for (i, t) in targets[..k].iter().enumerate() {
                    self.assign(t, items.get(i).cloned().unwrap_or(RV::Nil))?;
                }
                let rest_end = items.len().saturating_sub(after).max(k);
                let rest: Vec<RV> = items.get(k..rest_end).map(|s| s.to_vec()).unwrap_or_default();
                if let Target::Splat(inner) = &targets[k] {
                    self.assign(inner, RV::array(rest))?;
                }
                for (j, t) in targets[k + 1..].iter().enumerate() {
                    self.assign(t, items.get(rest_end + j).cloned().unwrap_or(RV::Nil))?;
                }
            }
        }
        Ok(())
    }

    fn read_target(&mut self, t: &Target) -> R<(RV, Option<(RV, Vec<RV>)>)> {
        Ok(match t {
            Target::Local(slot) => (self.frame()[*slot as usize].clone(), None),
            Target::Ivar(name) => (self.ivar(name), None),
            Target::Index(recv, args) => {
                let r = self.eval(recv)?;
                let a = self.eval_list(args)?;
                let v = self.call_method(&r, "[]", a.clone(), None)?;
                (v, Some((r, a)))
            }
            Target::Attr(recv, name) => {
                let r = self.eval(recv)?;
                let v = self.call_method(&r, name, vec![], None)?;
                (v, Some((r, vec![])))
            }
            _ => return self.fatal("this operator assignment is not supported"),
        })
    }

    fn op_assign(&mut self, t: &Target, op: &str, v: &Node, line: u32) -> R<RV> {
        self.line = line;
        let (cur, place) = self.read_target(t)?;
        let new = match op {
            "||" => {
                if cur.truthy() {
                    return Ok(cur);
                }
                self.eval(v)?
            }
            "&&" => {
                if !cur.truthy() {
                    return Ok(cur);
                }
                self.eval(v)?
            }
            _ => {
                let rhs = self.eval(v)?;
                self.line = line;
                self.call_method(&cur, op, vec![rhs], None)?
            }
        };
        self.line = line;
        match (t, place) {
            (Target::Index(..), Some((r, mut a))) => {
                a.push(new.clone());
                self.call_method(&r, "[]=", a, None)?;
            }
            (Target::Attr(_, name), Some((r, _))) => {
                self.call_method(&r, &format!("{name}="), vec![new.clone()], None)?;
            }
            _ => self.assign(t, new.clone())?,
        }
        Ok(new)
    }

    fn eval_call(&mut self, c: &Call, line: u32) -> R<RV> {
        if let Some(r) = self.scope_hash_entry(c, line) {
            return r;
        }
        let recv = match &c.recv {
            Some(r) => {
                let v = self.eval(r)?;
                if c.safe && matches!(v, RV::Nil) {
                    return Ok(RV::Nil);
                }
                Some(v)
            }
            None => None,
        };
        // `hash['literal']`, the commonest call in templates: the entry,
        // found by the literal's text (what `Hash#[]` gives, without
        // making the String argument).
        if let (Some(RV::Hash(h)), [arg], "[]", None, None) = (&recv, c.args.as_slice(), &*c.name, &c.block, &c.block_arg)
            && let Kind::Str(k) = &arg.kind
        {
            self.line = line;
            let h = h.borrow();
            return Ok(h.get_str(k).or_else(|| h.default.clone()).unwrap_or(RV::Nil));
        }
        let args = self.eval_list(&c.args)?;
        let block_arg = match &c.block_arg {
            Some(b) => Some(self.eval(b)?),
            None => None,
        };
        self.line = line;
        let block = match (&c.block, &block_arg) {
            (Some(b), _) => Some(BlockRef::Ast(b.clone())),
            (None, Some(RV::Sym(s))) => Some(BlockRef::Sym(s.clone())),
            (None, Some(RV::Nil)) | (None, None) => None,
            (None, Some(other)) => {
                return self.raise("TypeError", format!("wrong argument type {} (expected Proc)", other.class_name()));
            }
        };
        let r = match recv {
            Some(recv) => self.call_method(&recv, &c.name, args, block.as_ref()),
            None => self.call_self(&c.name, args, block.as_ref(), c.vcall),
        };
        match r {
            Err(Flow::Break(v)) if c.block.is_some() => Ok(v),
            other => other,
        }
    }

    /// `scope.to_hash[k]` and `scope.to_hash.has_key?(k)` (`key?`,
    /// `include?`, `member?`) for a string `k` that is a literal or a
    /// local variable: the entry of a hash built only to be read once and
    /// dropped. `to_hash` holds every visible variable that is not
    /// `undef`, by its unqualified name, so the entry is the variable
    /// itself; building the whole hash cost about a thousand instructions
    /// per variable in scope (logrotate's rule template does it 30 times
    /// per render). None: not that pattern, evaluate as written (nothing
    /// was evaluated yet).
    fn scope_hash_entry(&mut self, c: &Call, line: u32) -> Option<R<RV>> {
        let plain = |c: &Call| c.block.is_none() && c.block_arg.is_none() && !c.safe;
        if !plain(c) || c.args.len() != 1 || !matches!(&*c.name, "[]" | "has_key?" | "key?" | "include?" | "member?") {
            return None;
        }
        let Kind::Call(to_hash) = &c.recv.as_ref()?.kind else { return None };
        if !plain(to_hash) || !to_hash.args.is_empty() || &*to_hash.name != "to_hash" {
            return None;
        }
        let Kind::Call(scope) = &to_hash.recv.as_ref()?.kind else { return None };
        if !plain(scope) || scope.recv.is_some() || !scope.args.is_empty() || &*scope.name != "scope" || self.defs.contains_key("scope") {
            return None;
        }
        let key = match &c.args[0].kind {
            Kind::Str(s) => s.to_string(),
            Kind::Local(slot) => match &self.frame()[*slot as usize] {
                RV::Str(s) => s.borrow().clone(),
                _ => return None,
            },
            _ => return None,
        };
        self.line = line;
        // Variable names are never qualified and never start with `$`:
        // such keys are not in the hash (the host would resolve them).
        let visible = !key.is_empty()
            && !key.contains("::")
            && !key.starts_with('$')
            && self.ask_var(&key).is_some_and(|v| !v.is_undef());
        Some(Ok(match &*c.name {
            "[]" if visible => self.variable(&key).unwrap_or(RV::Nil),
            "[]" => RV::Nil,
            _ => RV::Bool(visible),
        }))
    }

    /// A call without a receiver: a method the template defined, a method
    /// of the template object, or a Kernel method.
    fn call_self(&mut self, name: &str, args: Vec<RV>, block: Option<&BlockRef>, vcall: bool) -> R<RV> {
        if let Some(d) = self.defs.get(name).cloned() {
            return self.call_def(&d, args);
        }
        methods::call_self(self, name, args, block, vcall)
    }

    fn call_def(&mut self, d: &Def, args: Vec<RV>) -> R<RV> {
        let line = self.line;
        let required = d.params.iter().filter(|p| matches!(p, Param::Req(_) | Param::Nested(_))).count();
        let optional = d.params.iter().filter(|p| matches!(p, Param::Opt(..))).count();
        let rest = d.params.iter().any(|p| matches!(p, Param::Rest(_)));
        if args.len() < required || (!rest && args.len() > required + optional) {
            let expected = if rest {
                format!("{required}+")
            } else if optional > 0 {
                format!("{required}..{}", required + optional)
            } else {
                required.to_string()
            };
            return self.raise("ArgumentError", format!("wrong number of arguments (given {}, expected {expected})", args.len()));
        }
        self.frames.push(vec![RV::Nil; d.nslots as usize]);
        let r = (|| {
            let mut i = 0;
            let mut opt_left = args.len() - required;
            for p in &d.params {
                match p {
                    Param::Req(s) => {
                        self.frame()[*s as usize] = args[i].clone();
                        i += 1;
                    }
                    Param::Nested(ps) => {
                        let v = args[i].clone();
                        i += 1;
                        self.bind_nested(ps, v)?;
                    }
                    Param::Opt(s, default) => {
                        if opt_left > 0 {
                            self.frame()[*s as usize] = args[i].clone();
                            i += 1;
                            opt_left -= 1;
                        } else {
                            let v = self.eval(default)?;
                            self.frame()[*s as usize] = v;
                        }
                    }
                    Param::Rest(s) => {
                        let n = args.len() - i - d.params.iter().skip_while(|q| !matches!(q, Param::Rest(_))).skip(1).filter(|q| matches!(q, Param::Req(_))).count();
                        self.frame()[*s as usize] = RV::array(args[i..i + n].to_vec());
                        i += n;
                    }
                    Param::Block(s) => self.frame()[*s as usize] = RV::Nil,
                }
            }
            self.eval(&d.body)
        })();
        self.frames.pop();
        self.line = line;
        match r {
            Err(Flow::Return(v)) => Ok(v),
            Err(Flow::Break(_)) | Err(Flow::Next(_)) => self.fatal("break/next outside of a block"),
            other => other,
        }
    }

    fn bind_nested(&mut self, ps: &[Param], v: RV) -> R<()> {
        let items = match &v {
            RV::Array(a) => a.borrow().clone(),
            other => vec![other.clone()],
        };
        self.bind_params(ps, items)
    }

    fn bind_params(&mut self, ps: &[Param], items: Vec<RV>) -> R<()> {
        let req_after_rest = |from: usize| ps[from..].iter().filter(|p| matches!(p, Param::Req(_) | Param::Nested(_))).count();
        let mut i = 0;
        for (k, p) in ps.iter().enumerate() {
            match p {
                Param::Req(s) => {
                    self.frame()[*s as usize] = items.get(i).cloned().unwrap_or(RV::Nil);
                    i += 1;
                }
                Param::Opt(s, d) => {
                    let v = match items.get(i) {
                        Some(v) => v.clone(),
                        None => self.eval(d)?,
                    };
                    self.frame()[*s as usize] = v;
                    i += 1;
                }
                Param::Nested(inner) => {
                    let v = items.get(i).cloned().unwrap_or(RV::Nil);
                    i += 1;
                    self.bind_nested(inner, v)?;
                }
                Param::Rest(s) => {
                    let after = req_after_rest(k + 1);
                    let end = items.len().saturating_sub(after).max(i);
                    let rest = items.get(i..end).map(|x| x.to_vec()).unwrap_or_default();
                    self.frame()[*s as usize] = RV::array(rest);
                    i = end;
                }
                Param::Block(s) => self.frame()[*s as usize] = RV::Nil,
            }
        }
        Ok(())
    }

    /// Calls a block with `args` (Ruby's `yield`): a single array argument
    /// is spread over several parameters.
    pub fn yield_block(&mut self, b: &BlockRef, args: Vec<RV>) -> R<RV> {
        let b = match b {
            BlockRef::Ast(b) => b.clone(),
            BlockRef::Sym(name) => {
                // `&:name`: calls `name` on the first argument.
                let Some(first) = args.into_iter().next() else {
                    return self.raise("ArgumentError", "no receiver given");
                };
                return self.call_method(&first, name, vec![], None);
            }
        };
        let line = self.line;
        for s in b.slots.clone() {
            self.frame()[s as usize] = RV::Nil;
        }
        let items = if b.spreads && args.len() == 1 {
            match &args[0] {
                RV::Array(a) => a.borrow().clone(),
                _ => args,
            }
        } else {
            args
        };
        self.bind_params(&b.params, items)?;
        let r = self.eval(&b.body);
        self.line = line;
        match r {
            Err(Flow::Next(v)) => Ok(v),
            other => other,
        }
    }

    /// Calls a method on a value.
    pub fn call_method(&mut self, recv: &RV, name: &str, args: Vec<RV>, block: Option<&BlockRef>) -> R<RV> {
        methods::call(self, recv, name, args, block)
    }

    /// Converts a Ruby value for Puppet, failing (not rescuable) for values
    /// Puppet cannot hold.
    pub fn to_puppet(&self, v: &RV) -> R<crate::value::Value> {
        super::value::to_puppet(v).map_err(|class| Flow::Fatal(format!("a {class} cannot be passed to Puppet"), self.line))
    }
}

/// A block given to a method: a literal block or `&:symbol`.
#[derive(Clone, Debug)]
pub(crate) enum BlockRef {
    Ast(Rc<Block>),
    Sym(Rc<str>),
}

/// What Ruby prints for a receiver in `NoMethodError`: `nil:NilClass`,
/// `"x":String`, `[1]:Array` ...
pub(crate) fn describe_recv(v: &RV) -> String {
    match v {
        RV::Template => "#<Puppet::Parser::TemplateWrapper:0x<addr>>".into(),
        RV::Scope => "Scope():Puppet::Parser::Scope".into(),
        RV::Class(c) => format!("{c}:Class"),
        RV::Puppet(_) | RV::Match(_) | RV::IpAddr(_) | RV::Exception(_) => format!("#<{}:0x<addr>>", v.class_name()),
        other => format!("{}:{}", other.inspect(), other.class_name()),
    }
}

/// What Puppet's `template()` makes of a returned value: `Array#join`'s to_s.
fn join_to_s(v: &RV) -> String {
    match v {
        RV::Array(a) => a.borrow().iter().map(join_to_s).collect(),
        other => other.to_s(),
    }
}
