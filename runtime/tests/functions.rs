//! Runs every case of `tests/functions/*.cases` through the core function
//! library (`pjit_runtime::functions`) and compares with what Puppet 7.23
//! gave (see `tests/functions/bless.py`).
//!
//! A case is a Puppet expression. A small test-only interpreter reads it
//! (literals, variables, assignments, operators, `[]`, `if`/`unless`,
//! function calls `f(..)` and method calls `x.f(..)` with lambdas) and
//! implements `functions::Host`: lambdas are closures over the interpreter's
//! scopes, logs are recorded, `$facts` are the oracle's default facts. So
//! the function library, its dispatch and its errors run for real, with no
//! Puppet needed.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use pjit_runtime::convert::new_value;
use pjit_runtime::display::to_interpolated_string;
use pjit_runtime::functions::{self, describe, FnResult, Host, LogLevel, Unwind};
use pjit_runtime::ops::{self, ArithOp, CmpOp};
use pjit_runtime::regex::Regex;
use pjit_runtime::types::calc::infer_generalized;
use pjit_runtime::types::format::type_to_string;
use pjit_runtime::types::{CallableType, IntRange, TypeAlias};
use pjit_runtime::value::CallableValue;
use pjit_runtime::{Error, Type, Value};

// ---------------------------------------------------------------------------
// Lexer

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Int(i64),
    Float(f64),
    Str(String),
    /// A double-quoted string: literal text and `${name}`/`$name` parts.
    DStr(Vec<(bool, String)>),
    Word(String),
    TypeName(String),
    Var(String),
    Regex(String),
    Op(&'static str),
}

const OPS: [&str; 31] = [
    "=~", "!~", "==", "!=", "<=", ">=", "<<", ">>", "=>", "<", ">", "+", "-", "*", "/", "%", "!", "(", ")", "[",
    "]", "{", "}", ",", ".", "=", "?", "|", ";", ":", "@",
];

fn lex(src: &str) -> Result<Vec<Tok>, String> {
    let cs: Vec<char> = src.chars().collect();
    let mut out: Vec<Tok> = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '#' {
            while i < cs.len() && cs[i] != '\n' {
                i += 1;
            }
            continue;
        }
        let regex_ok = (matches!(out.last(), None | Some(Tok::Op(_)))
            && !matches!(out.last(), Some(Tok::Op(")")) | Some(Tok::Op("]")) | Some(Tok::Op("}"))))
            || matches!(out.last(), Some(Tok::Word(w)) if w == "in" || w == "and" || w == "or");
        if c == '/' && regex_ok {
            let mut j = i + 1;
            let mut s = String::new();
            while j < cs.len() && cs[j] != '/' {
                if cs[j] == '\\' && j + 1 < cs.len() {
                    if cs[j + 1] != '/' {
                        s.push(cs[j]);
                    }
                    j += 1;
                }
                s.push(cs[j]);
                j += 1;
            }
            out.push(Tok::Regex(s));
            i = j + 1;
            continue;
        }
        if c.is_ascii_digit() {
            let mut j = i;
            while j < cs.len() && (cs[j].is_ascii_alphanumeric() || cs[j] == '.' || cs[j] == '_') {
                if cs[j] == '.' && !(j + 1 < cs.len() && cs[j + 1].is_ascii_digit()) {
                    break;
                }
                if (cs[j] == 'e' || cs[j] == 'E') && j + 1 < cs.len() && cs[j + 1] == '-' && !cs[i..j].contains(&'x') {
                    j += 2;
                    continue;
                }
                j += 1;
            }
            let t: String = cs[i..j].iter().collect();
            let tok = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                Tok::Int(i64::from_str_radix(h, 16).map_err(|e| e.to_string())?)
            } else if t.contains('.') || t.contains('e') || t.contains('E') {
                Tok::Float(t.parse().map_err(|_| format!("bad float {t}"))?)
            } else if t.len() > 1 && t.starts_with('0') {
                Tok::Int(i64::from_str_radix(&t[1..], 8).map_err(|e| e.to_string())?)
            } else {
                Tok::Int(t.parse().map_err(|_| format!("bad int {t}"))?)
            };
            out.push(tok);
            i = j;
            continue;
        }
        if c == '\'' {
            let mut j = i + 1;
            let mut s = String::new();
            while j < cs.len() && cs[j] != '\'' {
                if cs[j] == '\\' && j + 1 < cs.len() && (cs[j + 1] == '\'' || cs[j + 1] == '\\') {
                    j += 1;
                }
                s.push(cs[j]);
                j += 1;
            }
            out.push(Tok::Str(s));
            i = j + 1;
            continue;
        }
        if c == '"' {
            let mut j = i + 1;
            let mut parts: Vec<(bool, String)> = Vec::new();
            let mut s = String::new();
            while j < cs.len() && cs[j] != '"' {
                if cs[j] == '\\' && j + 1 < cs.len() {
                    j += 1;
                    match cs[j] {
                        'n' => s.push('\n'),
                        't' => s.push('\t'),
                        'r' => s.push('\r'),
                        's' => s.push(' '),
                        '0' => s.push('\0'),
                        'u' if cs.get(j + 1) == Some(&'{') => {
                            let close = (j..cs.len()).find(|k| cs[*k] == '}').ok_or("bad \\u")?;
                            let hex: String = cs[j + 2..close].iter().collect();
                            s.push(char::from_u32(u32::from_str_radix(&hex, 16).map_err(|e| e.to_string())?).ok_or("bad char")?);
                            j = close;
                        }
                        '$' | '"' | '\\' | '\'' => s.push(cs[j]),
                        other => {
                            s.push('\\');
                            s.push(other)
                        }
                    }
                    j += 1;
                } else if cs[j] == '$' && j + 1 < cs.len() && (cs[j + 1] == '{' || cs[j + 1].is_alphanumeric() || cs[j + 1] == '_') {
                    parts.push((false, std::mem::take(&mut s)));
                    let name: String;
                    if cs[j + 1] == '{' {
                        let close = (j..cs.len()).find(|k| cs[*k] == '}').ok_or("bad ${")?;
                        name = cs[j + 2..close].iter().collect::<String>().trim().trim_start_matches('$').to_string();
                        j = close + 1;
                    } else {
                        let mut k = j + 1;
                        while k < cs.len() && (cs[k].is_alphanumeric() || cs[k] == '_') {
                            k += 1;
                        }
                        name = cs[j + 1..k].iter().collect();
                        j = k;
                    }
                    parts.push((true, name));
                } else {
                    s.push(cs[j]);
                    j += 1;
                }
            }
            parts.push((false, s));
            out.push(Tok::DStr(parts));
            i = j + 1;
            continue;
        }
        if c == '$' {
            let mut j = i + 1;
            while j < cs.len() && (cs[j].is_alphanumeric() || cs[j] == '_' || (cs[j] == ':' && cs.get(j + 1) == Some(&':'))) {
                j += if cs[j] == ':' { 2 } else { 1 };
            }
            out.push(Tok::Var(cs[i + 1..j].iter().collect()));
            i = j;
            continue;
        }
        if c.is_alphabetic() || c == '_' || (c == ':' && cs.get(i + 1) == Some(&':')) {
            let mut j = i;
            while j < cs.len() && (cs[j].is_alphanumeric() || cs[j] == '_' || (cs[j] == ':' && cs.get(j + 1) == Some(&':'))) {
                j += if cs[j] == ':' { 2 } else { 1 };
            }
            let w: String = cs[i..j].iter().collect();
            out.push(if w.trim_start_matches("::").starts_with(|c: char| c.is_uppercase()) {
                Tok::TypeName(w)
            } else {
                Tok::Word(w)
            });
            i = j;
            continue;
        }
        let rest: String = cs[i..(i + 2).min(cs.len())].iter().collect();
        match OPS.iter().find(|op| rest.starts_with(**op)) {
            Some(op) => {
                out.push(Tok::Op(op));
                i += op.chars().count();
            }
            None => return Err(format!("cannot lex at {c}")),
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// AST and parser

#[derive(Debug)]
enum Expr {
    Lit(Value),
    DStr(Vec<(bool, String)>),
    Regex(String),
    Var(String),
    TypeName(String),
    Array(Vec<Expr>),
    Hash(Vec<(Expr, Expr)>),
    Splat(Box<Expr>),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
    Assign(String, Box<Expr>),
    Access(Box<Expr>, Vec<Expr>),
    Call(String, Vec<Expr>, Option<Rc<Lambda>>),
    Method(Box<Expr>, String, Vec<Expr>, Option<Rc<Lambda>>),
    TypeCall(Box<Expr>, Vec<Expr>),
    If(Box<Expr>, Vec<Expr>, Vec<Expr>),
    Unless(Box<Expr>, Vec<Expr>, Vec<Expr>),
    Selector(Box<Expr>, Vec<(Expr, Expr)>),
    /// `function name(params) { body }`.
    FunctionDef(String, Rc<Lambda>),
}

#[derive(Debug)]
struct Param {
    ty: Option<Expr>,
    name: String,
    default: Option<Expr>,
    rest: bool,
}

#[derive(Debug)]
struct Lambda {
    params: Vec<Param>,
    body: Vec<Expr>,
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
}

type P<T> = Result<T, String>;

fn binprec(t: &Tok) -> Option<(u8, &'static str)> {
    match t {
        Tok::Word(w) if w == "or" => Some((1, "or")),
        Tok::Word(w) if w == "and" => Some((2, "and")),
        Tok::Op(o @ ("<" | ">" | "<=" | ">=")) => Some((3, o)),
        Tok::Op(o @ ("==" | "!=")) => Some((4, o)),
        Tok::Op(o @ ("<<" | ">>")) => Some((5, o)),
        Tok::Op(o @ ("+" | "-")) => Some((6, o)),
        Tok::Op(o @ ("*" | "/" | "%")) => Some((7, o)),
        Tok::Op(o @ ("=~" | "!~")) => Some((8, o)),
        Tok::Word(w) if w == "in" => Some((9, "in")),
        _ => None,
    }
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn peek_at(&self, n: usize) -> Option<&Tok> {
        self.toks.get(self.pos + n)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Some(Tok::Op(o)) if *o == op)
    }
    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(x)) if x == w)
    }
    fn expect(&mut self, op: &str) -> P<()> {
        match self.next() {
            Some(Tok::Op(o)) if o == op => Ok(()),
            other => Err(format!("expected {op}, got {other:?} at {}", self.pos)),
        }
    }

    /// Statements up to `}` or the end.
    fn statements(&mut self) -> P<Vec<Expr>> {
        let mut out = Vec::new();
        while self.peek().is_some() && !self.is_op("}") {
            if self.is_op(";") {
                self.pos += 1;
                continue;
            }
            out.push(self.statement()?);
        }
        Ok(out)
    }

    fn statement(&mut self) -> P<Expr> {
        if let (Some(Tok::Var(v)), Some(Tok::Op("="))) = (self.peek().cloned(), self.peek_at(1)) {
            self.pos += 2;
            let e = self.statement()?;
            return Ok(Expr::Assign(v, Box::new(e)));
        }
        self.expr(0)
    }

    fn expr(&mut self, min: u8) -> P<Expr> {
        let mut left = self.unary()?;
        while let Some((p, op)) = self.peek().and_then(binprec) {
            if p < min {
                break;
            }
            self.pos += 1;
            let right = self.expr(p + 1)?;
            left = Expr::Binary(op, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn unary(&mut self) -> P<Expr> {
        if self.is_op("-") {
            self.pos += 1;
            if let Some(Tok::Int(i)) = self.peek().cloned() {
                self.pos += 1;
                return self.postfix(Expr::Lit(Value::Integer(-i)));
            }
            if let Some(Tok::Float(f)) = self.peek().cloned() {
                self.pos += 1;
                return self.postfix(Expr::Lit(Value::Float(-f)));
            }
            return Ok(Expr::Neg(Box::new(self.unary()?)));
        }
        if self.is_op("!") {
            self.pos += 1;
            return Ok(Expr::Not(Box::new(self.unary()?)));
        }
        if self.is_op("*") {
            self.pos += 1;
            return Ok(Expr::Splat(Box::new(self.unary()?)));
        }
        let p = self.primary()?;
        self.postfix(p)
    }

    fn list(&mut self, close: &str) -> P<Vec<Expr>> {
        let mut items = Vec::new();
        while !self.is_op(close) {
            items.push(self.statement()?);
            if self.is_op(",") {
                self.pos += 1;
            } else {
                break;
            }
        }
        self.expect(close)?;
        Ok(items)
    }

    fn lambda(&mut self) -> P<Option<Rc<Lambda>>> {
        if !self.is_op("|") {
            return Ok(None);
        }
        self.pos += 1;
        let params = self.params("|")?;
        self.expect("{")?;
        let body = self.statements()?;
        self.expect("}")?;
        Ok(Some(Rc::new(Lambda { params, body })))
    }

    /// Parameters up to `close`: `Type $name = default`, `*$rest`.
    fn params(&mut self, close: &str) -> P<Vec<Param>> {
        let mut params = Vec::new();
        while !self.is_op(close) {
            let ty = if matches!(self.peek(), Some(Tok::TypeName(_))) { Some(self.type_expr()?) } else { None };
            let rest = if self.is_op("*") {
                self.pos += 1;
                true
            } else {
                false
            };
            let name = match self.next() {
                Some(Tok::Var(v)) => v,
                other => return Err(format!("bad lambda parameter {other:?}")),
            };
            let default = if self.is_op("=") {
                self.pos += 1;
                Some(self.expr(0)?)
            } else {
                None
            };
            params.push(Param { ty, name, default, rest });
            if self.is_op(",") {
                self.pos += 1;
            }
        }
        self.expect(close)?;
        Ok(params)
    }

    /// A type in a lambda parameter: a name with optional `[...]`.
    fn type_expr(&mut self) -> P<Expr> {
        let Some(Tok::TypeName(n)) = self.next() else { return Err("expected a type".into()) };
        let mut e = Expr::TypeName(n);
        while self.is_op("[") {
            self.pos += 1;
            let keys = self.list("]")?;
            e = Expr::Access(Box::new(e), keys);
        }
        Ok(e)
    }

    fn postfix(&mut self, mut e: Expr) -> P<Expr> {
        loop {
            if self.is_op("[") {
                self.pos += 1;
                let keys = self.list("]")?;
                e = Expr::Access(Box::new(e), keys);
            } else if self.is_op(".") {
                self.pos += 1;
                let name = match self.next() {
                    Some(Tok::Word(w)) => w,
                    other => return Err(format!("bad method {other:?}")),
                };
                let args = if self.is_op("(") {
                    self.pos += 1;
                    self.list(")")?
                } else {
                    vec![]
                };
                let l = self.lambda()?;
                e = Expr::Method(Box::new(e), name, args, l);
            } else if self.is_op("(") && matches!(e, Expr::TypeName(_) | Expr::Access(..)) {
                self.pos += 1;
                let args = self.list(")")?;
                e = Expr::TypeCall(Box::new(e), args);
            } else if self.is_op("?") {
                self.pos += 1;
                self.expect("{")?;
                let mut options = Vec::new();
                while !self.is_op("}") {
                    let k = self.expr(0)?;
                    self.expect("=>")?;
                    let v = self.statement()?;
                    options.push((k, v));
                    if self.is_op(",") {
                        self.pos += 1;
                    }
                }
                self.expect("}")?;
                e = Expr::Selector(Box::new(e), options);
            } else {
                return Ok(e);
            }
        }
    }

    fn block(&mut self) -> P<Vec<Expr>> {
        self.expect("{")?;
        let b = self.statements()?;
        self.expect("}")?;
        Ok(b)
    }

    fn primary(&mut self) -> P<Expr> {
        let t = self.next().ok_or("unexpected end")?;
        Ok(match t {
            Tok::Int(i) => Expr::Lit(Value::Integer(i)),
            Tok::Float(f) => Expr::Lit(Value::Float(f)),
            Tok::Str(s) => Expr::Lit(Value::string(s)),
            Tok::DStr(parts) => Expr::DStr(parts),
            Tok::Regex(s) => Expr::Regex(s),
            Tok::Var(n) => Expr::Var(n),
            Tok::TypeName(n) => Expr::TypeName(n),
            Tok::Word(w) => match w.as_str() {
                "undef" => Expr::Lit(Value::Undef),
                "default" => Expr::Lit(Value::Default),
                "true" => Expr::Lit(Value::Boolean(true)),
                "false" => Expr::Lit(Value::Boolean(false)),
                "function" => {
                    let Some(Tok::Word(name)) = self.next() else { return Err("function name".into()) };
                    self.expect("(")?;
                    let params = self.params(")")?;
                    let body = self.block()?;
                    Expr::FunctionDef(name, Rc::new(Lambda { params, body }))
                }
                "if" | "unless" => {
                    let cond = self.expr(0)?;
                    let then = self.block()?;
                    let mut els = Vec::new();
                    if self.is_word("elsif") {
                        self.toks[self.pos] = Tok::Word("if".into());
                        els = vec![self.primary()?];
                    } else if self.is_word("else") {
                        self.pos += 1;
                        els = self.block()?;
                    }
                    if w == "if" {
                        Expr::If(Box::new(cond), then, els)
                    } else {
                        Expr::Unless(Box::new(cond), then, els)
                    }
                }
                _ if self.is_op("(") => {
                    self.pos += 1;
                    let args = self.list(")")?;
                    let l = self.lambda()?;
                    Expr::Call(w, args, l)
                }
                _ if self.is_op("|") => {
                    let l = self.lambda()?;
                    Expr::Call(w, vec![], l)
                }
                _ => Expr::Lit(Value::string(w)),
            },
            Tok::Op("(") => {
                let e = self.statement()?;
                self.expect(")")?;
                e
            }
            Tok::Op("[") => Expr::Array(self.list("]")?),
            Tok::Op("{") => {
                let mut entries = Vec::new();
                while !self.is_op("}") {
                    let k = self.expr(0)?;
                    self.expect("=>")?;
                    let v = self.statement()?;
                    entries.push((k, v));
                    if self.is_op(",") {
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                self.expect("}")?;
                Expr::Hash(entries)
            }
            other => return Err(format!("unexpected {other:?}")),
        })
    }
}

// ---------------------------------------------------------------------------
// Evaluation

struct Scope {
    vars: RefCell<HashMap<String, Value>>,
    parent: Option<Rc<Scope>>,
}

impl Scope {
    fn new(parent: Option<Rc<Scope>>) -> Rc<Scope> {
        Rc::new(Scope { vars: RefCell::new(HashMap::new()), parent })
    }
    fn get(&self, name: &str) -> Option<Value> {
        let name = name.trim_start_matches("::");
        if let Some(v) = self.vars.borrow().get(name) {
            return Some(v.clone());
        }
        self.parent.as_ref().and_then(|p| p.get(name))
    }
}

/// A lambda value: its code, enclosing scope, `Callable` type and parameter names.
type Closure = (Rc<Lambda>, Rc<Scope>, Type, Vec<String>);

struct Interp {
    lambdas: Vec<Closure>,
    scope: Rc<Scope>,
    globals: Rc<Scope>,
    logs: Vec<(LogLevel, String)>,
    /// Puppet-language functions declared by the case.
    user_functions: HashMap<String, Rc<Lambda>>,
    /// Puppet's own log (`warn_once`, deprecations, `Puppet.warning`): the
    /// once-key (empty: logged every time) and `level: message`, in order.
    warnings: Vec<(String, String)>,
    /// Module functions (stdlib ...) are on the modulepath.
    stdlib: bool,
    /// Module releases the case file names (`#! version: postgresql 9.2.0`):
    /// their functions as those releases define them.
    versions: Vec<(String, String)>,
    /// The line of the case program being evaluated (for Puppet's stack).
    line: u32,
    /// The catalog that `create_resources` fills: type, title, parameters.
    resources: Vec<(String, String, Value)>,
    captures: Vec<Option<String>>,
    aliases: Vec<Arc<TypeAlias>>,
}

type R = Result<Value, Unwind>;

fn err(e: Error) -> Unwind {
    Unwind::Error(e)
}

impl Interp {
    /// The module function `name`, as the release of its module that the
    /// case file pins defines it (else as the oldest release does).
    fn module_function(&self, name: &str) -> Option<&'static functions::Function> {
        let module = functions::stdlib::provider(name)?;
        match self.versions.iter().find(|(m, _)| m == module) {
            Some((_, v)) => functions::stdlib::lookup_version(name, Some(v)),
            None => functions::stdlib::lookup(name),
        }
    }
}

impl Interp {
    fn eval_block(&mut self, body: &[Expr]) -> R {
        let mut last = Value::Undef;
        for e in body {
            last = self.eval(e)?;
        }
        Ok(last)
    }

    fn type_by_name(&self, n: &str) -> Type {
        if let Some(a) = self.aliases.iter().find(|a| a.name == n) {
            return Type::Alias(a.clone());
        }
        Type::from_name(n)
    }

    fn args(&mut self, exprs: &[Expr]) -> Result<Vec<Value>, Unwind> {
        let mut out = Vec::new();
        for e in exprs {
            if let Expr::Splat(inner) = e {
                let v = self.eval(inner)?;
                out.extend(ops::splat(&v));
            } else {
                out.push(self.eval(e)?);
            }
        }
        Ok(out)
    }

    fn make_lambda(&mut self, l: &Rc<Lambda>) -> R {
        let mut types = Vec::new();
        let (mut from, mut to) = (0i64, Some(0i64));
        for p in &l.params {
            let t = match &p.ty {
                Some(te) => match self.eval(te)? {
                    Value::Type(t) => (*t).clone(),
                    _ => Type::Any,
                },
                None => Type::Any,
            };
            types.push(t);
            if p.rest {
                to = None;
            } else {
                if p.default.is_none() {
                    from += 1;
                }
                to = to.map(|t| t + 1);
            }
        }
        let signature = Type::Callable(Arc::new(CallableType {
            params: Some(Type::Tuple { types, size: Some(IntRange::new(Some(from), to)) }),
            block: None,
            return_type: None,
        }));
        let id = self.lambdas.len() as u64;
        let names = l.params.iter().map(|p| p.name.clone()).collect();
        self.lambdas.push((l.clone(), self.scope.clone(), signature.clone(), names));
        Ok(Value::Callable(Arc::new(CallableValue { name: "lambda".into(), id, signature })))
    }

    fn call_named(&mut self, name: &str, args: Vec<Value>, lambda: Option<&Rc<Lambda>>) -> R {
        let block = match lambda {
            Some(l) => Some(self.make_lambda(l)?),
            None => None,
        };
        self.call_function(name, &args, block.as_ref())
    }

    fn eval(&mut self, e: &Expr) -> R {
        Ok(match e {
            Expr::Lit(v) => v.clone(),
            Expr::DStr(parts) => {
                let mut s = String::new();
                for (is_var, text) in parts {
                    if *is_var {
                        let v = self.var(text);
                        s.push_str(&to_interpolated_string(&v));
                    } else {
                        s.push_str(text);
                    }
                }
                Value::string(s)
            }
            Expr::Regex(s) => Value::Regexp(Regex::new(s).map_err(err)?),
            Expr::Var(n) => self.var(n),
            Expr::TypeName(n) => Value::of_type(self.type_by_name(n)),
            Expr::Array(items) => Value::array(self.args(items)?),
            Expr::Hash(entries) => {
                let mut out = Vec::new();
                for (k, v) in entries {
                    out.push((self.eval(k)?, self.eval(v)?));
                }
                Value::hash(out)
            }
            Expr::Splat(inner) => self.eval(inner)?,
            Expr::Neg(inner) => ops::negate(&self.eval(inner)?).map_err(err)?,
            Expr::Not(inner) => ops::not(&self.eval(inner)?),
            Expr::Binary(op, l, r) => {
                if *op == "and" {
                    let lv = self.eval(l)?;
                    return Ok(Value::Boolean(lv.is_truthy() && self.eval(r)?.is_truthy()));
                }
                if *op == "or" {
                    let lv = self.eval(l)?;
                    return Ok(Value::Boolean(lv.is_truthy() || self.eval(r)?.is_truthy()));
                }
                let lv = self.eval(l)?;
                let rv = self.eval(r)?;
                self.binary(op, &lv, &rv)?
            }
            Expr::Assign(n, v) => {
                let v = self.eval(v)?;
                self.scope.vars.borrow_mut().insert(n.clone(), v.clone());
                v
            }
            Expr::Access(l, keys) => {
                let lv = self.eval(l)?;
                let ks = self.args(keys)?;
                ops::access(&lv, &ks).map_err(err)?
            }
            Expr::Call(name, args, lambda) => {
                let a = self.args(args)?;
                self.call_named(name, a, lambda.as_ref())?
            }
            Expr::Method(recv, name, args, lambda) => {
                let mut a = vec![self.eval(recv)?];
                a.extend(self.args(args)?);
                self.call_named(name, a, lambda.as_ref())?
            }
            Expr::TypeCall(t, args) => {
                let tv = self.eval(t)?;
                let a = self.args(args)?;
                match &tv {
                    Value::Type(t) => new_value(t, &a).map_err(err)?,
                    _ => return Err(err(Error::argument("not a type"))),
                }
            }
            Expr::If(c, then, els) => {
                if self.eval(c)?.is_truthy() {
                    self.eval_block(then)?
                } else {
                    self.eval_block(els)?
                }
            }
            Expr::Unless(c, then, els) => {
                if !self.eval(c)?.is_truthy() {
                    self.eval_block(then)?
                } else {
                    self.eval_block(els)?
                }
            }
            Expr::FunctionDef(name, l) => {
                self.user_functions.insert(name.clone(), l.clone());
                Value::Undef
            }
            Expr::Selector(test, options) => {
                let t = self.eval(test)?;
                for (k, v) in options {
                    if let Expr::Lit(Value::Default) = k {
                        continue;
                    }
                    let o = self.eval(k)?;
                    if ops::case_match(&t, &o).matched {
                        return self.eval(v);
                    }
                }
                match options.iter().find(|(k, _)| matches!(k, Expr::Lit(Value::Default))) {
                    Some((_, v)) => self.eval(v)?,
                    None => return Err(err(ops::unmatched_selector(&t))),
                }
            }
        })
    }

    fn var(&mut self, n: &str) -> Value {
        if let Ok(i) = n.parse::<usize>() {
            return self.captures.get(i).cloned().flatten().map(Value::string).unwrap_or(Value::Undef);
        }
        self.scope.get(n).unwrap_or(Value::Undef)
    }

    fn binary(&mut self, op: &str, l: &Value, r: &Value) -> R {
        let arith = |o| ops::arithmetic(o, l, r).map_err(err);
        let cmp = |o| ops::comparison(o, l, r).map(Value::Boolean).map_err(err);
        match op {
            "+" => arith(ArithOp::Add),
            "-" => arith(ArithOp::Sub),
            "*" => arith(ArithOp::Mul),
            "/" => arith(ArithOp::Div),
            "%" => arith(ArithOp::Mod),
            "<<" => arith(ArithOp::Shl),
            ">>" => arith(ArithOp::Shr),
            "==" => cmp(CmpOp::Eq),
            "!=" => cmp(CmpOp::Ne),
            "<" => cmp(CmpOp::Lt),
            "<=" => cmp(CmpOp::Le),
            ">" => cmp(CmpOp::Gt),
            ">=" => cmp(CmpOp::Ge),
            "=~" | "!~" => {
                let m = ops::match_op(l, r).map_err(err)?;
                if let Some(c) = &m.captures {
                    self.captures = c.clone();
                }
                Ok(Value::Boolean(if op == "=~" { m.matched } else { !m.matched }))
            }
            "in" => Ok(Value::Boolean(ops::in_op(l, r).map_err(err)?.matched)),
            _ => Err(err(Error::argument(format!("operator {op}")))),
        }
    }
}

impl Host for Interp {
    fn call_callable(&mut self, callable: &Value, args: &[Value]) -> FnResult {
        let Value::Callable(c) = callable else { return Err(err(Error::argument("not callable"))) };
        let (lambda, enclosing, signature, names) = self.lambdas[c.id as usize].clone();
        let scope = Scope::new(Some(enclosing));
        let saved = std::mem::replace(&mut self.scope, scope.clone());
        let r = (|| -> FnResult {
            // Puppet's combine_values_with_parameters.
            let n = lambda.params.len();
            let mut final_args = Vec::new();
            for (i, p) in lambda.params.iter().enumerate() {
                let v = if i >= args.len() {
                    match &p.default {
                        Some(d) => {
                            let v = self.eval(d)?;
                            if p.rest && !matches!(v, Value::Array(_)) { Value::array(vec![v]) } else { v }
                        }
                        None if p.rest => Value::array(vec![]),
                        None => {
                            return Err(err(Error::new(
                                "MISSING_REQUIRED_PARAMETER",
                                format!("Parameter ${} is required but no value was given", p.name),
                            )));
                        }
                    }
                } else if p.rest {
                    Value::array(args[n - 1..].to_vec())
                } else {
                    args[i].clone()
                };
                if p.rest {
                    final_args.extend(v.as_array().unwrap_or(&[]).iter().cloned());
                } else {
                    final_args.push(v.clone());
                }
                scope.vars.borrow_mut().insert(p.name.clone(), v);
            }
            if !describe::lambda_accepts(&signature, &final_args) {
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                return Err(err(Error::argument(describe::describe_lambda_mismatch(&signature, &names, &final_args))));
            }
            match self.eval_block(&lambda.body) {
                Err(Unwind::Next(v)) => Ok(v),
                other => other,
            }
        })();
        self.scope = saved;
        r
    }

    fn call_function(&mut self, name: &str, args: &[Value], block: Option<&Value>) -> FnResult {
        if let Some(l) = self.user_functions.get(name).cloned() {
            // A Puppet-language function: its one signature is checked as
            // Puppet's dispatcher does, then it runs in the global scope.
            let saved = std::mem::replace(&mut self.scope, self.globals.clone());
            let f = self.make_lambda(&l);
            self.scope = saved;
            let f = f?;
            let Value::Callable(c) = &f else { return Err(err(Error::argument("not callable"))) };
            if block.is_some() || !describe::lambda_accepts(&c.signature, args) {
                let names: Vec<&str> = l.params.iter().map(|p| p.name.as_str()).collect();
                let msg = describe::describe_callable_mismatch(&format!("'{name}'"), &c.signature, &names, args, block);
                return Err(err(Error::argument(msg)));
            }
            return match self.call_callable(&f, args) {
                Err(Unwind::Return(v)) => Ok(v),
                other => other,
            };
        }
        if self.stdlib && name == "create_resources" {
            return self.create_resources(args);
        }
        match functions::lookup(name) {
            Some(f) => functions::call(f, self, args, block),
            None => match self.module_function(name).filter(|_| self.stdlib) {
                Some(f) => functions::stdlib::call(f, self, args, block),
                None => Err(err(Error::argument(format!("Unknown function '{name}'")))),
            },
        }
    }

    fn log(&mut self, level: LogLevel, message: &str) {
        self.logs.push((level, message.to_string()));
    }

    fn warn_once(&mut self, key: &str, message: &str, _at_call_site: bool) {
        // A case is one line: call sites of one case share the location.
        if !self.warnings.iter().any(|(k, _)| k == key) {
            self.warnings.push((key.to_string(), format!("warning: {message}")));
        }
    }

    fn lookup_variable(&mut self, name: &str) -> Option<Value> {
        // At top scope Puppet's `module_name` is '' and `caller_module_name`
        // is set but nil.
        if self.stdlib && name == "module_name" {
            return Some(Value::string(""));
        }
        if self.stdlib && name == "caller_module_name" {
            return Some(Value::Undef);
        }
        self.scope.get(name).or_else(|| self.globals.get(name))
    }

    fn resolve_type(&mut self, name: &str) -> Option<Type> {
        self.aliases.iter().find(|a| a.name == name).map(|a| Type::Alias(a.clone()))
    }

    fn is_defined_name(&mut self, name: &str) -> bool {
        // The oracle compiles with no modules: built-in resource types only.
        matches!(name.to_lowercase().trim_start_matches("::"), "file" | "notify" | "exec" | "package" | "service" | "user" | "group" | "main" | "settings")
    }

    fn is_defined_resource(&mut self, ty: &Type) -> bool {
        // Puppet finds the `settings` class resource, not `main`.
        matches!(ty, Type::Class(Some(n)) if &**n == "settings")
    }

    fn puppet_stack(&mut self) -> Vec<(String, u32)> {
        vec![("case.pp".into(), self.line), ("case.pp".into(), 0)]
    }

    fn deprecation_warning(&mut self, key: &str, message: &str) -> bool {
        let key = format!("deprecation {key}");
        let new = !self.warnings.iter().any(|(k, _)| *k == key);
        if new {
            self.warnings.push((key, format!("warning: {message}")));
        }
        new
    }

    fn puppet_log(&mut self, level: LogLevel, message: &str) {
        self.warnings.push((String::new(), format!("{}: {message}", level.name())));
    }

    fn setting(&mut self, name: &str) -> Option<Value> {
        match name {
            "strict" => Some(Value::string("warning")),
            "environment" => Some(Value::string("production")),
            _ => None,
        }
    }

    fn find_resources(&mut self, type_name: &str, title: Option<&str>) -> Result<Vec<(String, Value)>, Error> {
        Ok(self
            .resources
            .iter()
            .filter(|(t, ti, _)| t.eq_ignore_ascii_case(type_name) && title.is_none_or(|x| x == ti))
            .map(|(t, ti, p)| (format!("{t}[{ti}]"), p.clone()))
            .collect())
    }

    fn module_directory(&mut self, module: &str) -> Result<Option<String>, Error> {
        // Some of the oracle's modules (Debian's module packages), as the
        // oracle writes paths below the modulepath: relative to it.
        let known = ["stdlib", "apt", "apache", "mysql", "openstacklib", "concat", "postfix"];
        Ok(known.contains(&module).then(|| module.to_string()))
    }

    fn scope_source(&mut self) -> Option<(String, String, String)> {
        // Cases run at top scope: the main class.
        Some(("hostclass".into(), String::new(), "Class[main]".into()))
    }
}

impl Interp {
    /// `create_resources(type, {title => params})` as the catalog functions
    /// use it: each resource is added, a second declaration of a title is
    /// Puppet's duplicate-declaration error (without its location).
    fn create_resources(&mut self, args: &[Value]) -> FnResult {
        let (Some(t), Some(Value::Hash(h))) = (args.first().and_then(Value::as_str), args.get(1)) else {
            return Err(err(Error::argument("create_resources(): bad arguments")));
        };
        // Puppet capitalizes each segment of the type name.
        let t: String = t
            .split("::")
            .map(|s| {
                let mut c = s.chars();
                c.next().map(|f| f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase()).unwrap_or_default()
            })
            .collect::<Vec<_>>()
            .join("::");
        for (title, params) in h.iter() {
            let title = to_interpolated_string(title);
            if self.resources.iter().any(|(rt, rti, _)| *rt == t && *rti == title) {
                return Err(err(Error::argument(format!("Duplicate declaration: {t}[{title}] is already declared"))));
            }
            self.resources.push((t.clone(), title, params.clone()));
        }
        Ok(Value::Undef)
    }
}

// ---------------------------------------------------------------------------
// Cases

const FACTS: &str = "{'hostname' => 'testnode', 'fqdn' => 'testnode.example.com', 'domain' => 'example.com', 'os' => {'family' => 'Debian', 'name' => 'Debian', 'architecture' => 'amd64', 'release' => {'major' => '12', 'minor' => '5', 'full' => '12.5'}, 'distro' => {'codename' => 'bookworm'}}, 'kernel' => 'Linux', 'networking' => {'ip' => '10.0.0.5', 'fqdn' => 'testnode.example.com', 'hostname' => 'testnode', 'domain' => 'example.com'}, 'osfamily' => 'Debian', 'operatingsystem' => 'Debian', 'operatingsystemrelease' => '12.5', 'operatingsystemmajrelease' => '12', 'processorcount' => 2, 'memorysize_mb' => 2048, 'is_virtual' => true, 'clientversion' => '7.23.0', 'path' => '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'}";

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\n', "\\n")
}

fn parse(src: &str) -> Result<Vec<Expr>, String> {
    let toks = lex(src)?;
    let mut p = Parser { toks, pos: 0 };
    let body = p.statements()?;
    if p.pos < p.toks.len() {
        return Err(format!("trailing tokens at {}", p.pos));
    }
    Ok(body)
}

fn new_interp() -> Interp {
    let globals = Scope::new(None);
    let mut it = Interp {
        lambdas: Vec::new(),
        scope: globals.clone(),
        globals: globals.clone(),
        logs: Vec::new(),
        warnings: Vec::new(),
        stdlib: false,
        versions: Vec::new(),
        line: 0,
        resources: Vec::new(),
        user_functions: HashMap::new(),
        captures: Vec::new(),
        aliases: Vec::new(),
    };
    let facts = parse(FACTS).ok().and_then(|b| it.eval_block(&b).ok()).unwrap_or(Value::Undef);
    if let Some(h) = facts.as_hash() {
        for (k, v) in h.iter() {
            globals.vars.borrow_mut().insert(k.as_str().unwrap_or("").to_string(), v.clone());
        }
    }
    globals.vars.borrow_mut().insert("facts".into(), facts);
    it
}

/// Declares a type alias (`type NAME = BODY`).
fn declare_alias(it: &mut Interp, name: &str, body: &str) -> Result<(), String> {
    let alias = TypeAlias::new(name);
    it.aliases.push(alias.clone());
    let aliases = it.aliases.clone();
    let resolve = |n: &str| aliases.iter().find(|a| a.name == n).map(|a| Type::Alias(a.clone()));
    let t = pjit_runtime::types::parser::parse_type_with(body, &resolve).map_err(|e| format!("syntax alias {e:?}"))?;
    alias.resolve(t);
    Ok(())
}

/// The type aliases of stdlib 8.5 (`types/*.pp`) that the cases use.
const STDLIB_ALIASES: &[(&str, &str)] = &[
    ("Stdlib::Windowspath", r"Pattern[/\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+)).*\z/]"),
    ("Stdlib::Unixpath", r"Pattern[/\A\/([^\n\/\0]+\/*)*\z/]"),
    ("Stdlib::Absolutepath", "Variant[Stdlib::Windowspath, Stdlib::Unixpath]"),
];

/// What the library gives for a case, in the expectation's form.
fn run_case(case: &str, stdlib: bool, versions: &[(String, String)]) -> String {
    let parts: Vec<&str> = case.split(" ;; ").collect();
    let mut it = new_interp();
    it.stdlib = stdlib;
    it.versions = versions.to_vec();
    if stdlib {
        for (name, body) in STDLIB_ALIASES {
            if let Err(e) = declare_alias(&mut it, name, body) {
                return e;
            }
        }
    }
    let mut result: Result<Value, Unwind> = Ok(Value::Undef);
    for (i, part) in parts.iter().enumerate() {
        let last = i == parts.len() - 1;
        it.line = i as u32 + 1;
        if let Some(decl) = part.strip_prefix("type ") {
            let Some((name, body)) = decl.split_once(" = ") else { return "syntax bad alias".into() };
            if let Err(e) = declare_alias(&mut it, name.trim(), body) {
                return e;
            }
            continue;
        }
        let body = match parse(part) {
            Ok(b) => b,
            Err(e) => return format!("syntax {e}"),
        };
        let r = it.eval_block(&body);
        if last || r.is_err() {
            result = r;
            break;
        }
    }
    let logs: String = it
        .logs
        .iter()
        .filter(|(l, _)| !matches!(l, LogLevel::Debug | LogLevel::Info))
        .map(|(l, m)| format!(" <| {}: {}", l.name(), escape(m)))
        .collect();
    let head = match result {
        Ok(v) => {
            let mut shown = new_interp();
            let _ = functions::call(functions::lookup("notice").unwrap(), &mut shown, std::slice::from_ref(&v), None);
            format!("ok {} | {}", type_to_string(&infer_generalized(&v)), escape(&shown.logs[0].1))
        }
        Err(Unwind::Error(e)) => format!("error {}: {}", e.issue(), escape(e.message())),
        Err(Unwind::Break) => "error NONE: break() from context where this is illegal".into(),
        Err(Unwind::Next(_)) => "error NONE: next() from context where this is illegal".into(),
        Err(Unwind::Return(_)) => "error NONE: return() from context where this is illegal".into(),
    };
    let warnings: String = it.warnings.iter().map(|(_, m)| format!(" <! {}", escape(m))).collect();
    head + &logs + &warnings
}

/// Errors raised inside a function reach the user wrapped by the evaluator
/// (`Error while evaluating a Function Call, ...`, `... a Method call, ...`);
/// the library reports the inner message.
fn matches_expectation(got: &str, expected: &str) -> bool {
    if got == expected {
        return true;
    }
    let split = |s: &str| -> (String, String) {
        match s.find(" <| ").or_else(|| s.find(" <! ")) {
            Some(i) => (s[..i].to_string(), s[i..].to_string()),
            None => (s.to_string(), String::new()),
        }
    };
    let (g, glogs) = split(got);
    let (e, elogs) = split(expected);
    if glogs != elogs {
        return false;
    }
    if let (Some(g), Some(e)) = (g.strip_prefix("error "), e.strip_prefix("error ")) {
        let g_msg = g.split_once(": ").map_or(g, |(_, m)| m);
        let e_msg = e.split_once(": ").map_or(e, |(_, m)| m);
        let wrapped = [
            "Error while evaluating a Function Call, ",
            "Error while evaluating a Method call, ",
            "Error while evaluating a Type-Name, ",
        ];
        return e_msg == g_msg || wrapped.iter().any(|w| e_msg.strip_prefix(w) == Some(g_msg));
    }
    false
}

#[test]
fn function_cases() {
    run_case_dir("tests/functions", false, 300);
}

/// The module functions (`functions::stdlib`), with Puppet's expectations
/// from a compilation with Debian's modules on the modulepath (see
/// `tests/stdlib/bless.py`).
#[test]
fn stdlib_cases() {
    run_case_dir("tests/stdlib", true, 300);
}

fn run_case_dir(dir: &str, stdlib: bool, min_total: usize) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let (mut total, mut failures) = (0, Vec::new());
    for f in files.iter().filter(|f| f.extension().is_some_and(|e| e == "cases")) {
        let text = std::fs::read_to_string(f).unwrap();
        let versions: Vec<(String, String)> = text
            .lines()
            .filter_map(|l| l.strip_prefix("#! version: ")?.split_once(' '))
            .map(|(m, v)| (m.to_string(), v.trim().to_string()))
            .collect();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            let Some((expr, expected)) = line.split_once(" ==> ") else {
                panic!("{}:{}: case without expectation (run bless.py)", f.display(), n + 1);
            };
            total += 1;
            let got = run_case(expr, stdlib, &versions);
            if !matches_expectation(&got, expected) {
                failures.push(format!(
                    "{}:{}: {}\n   expected: {}\n   got:      {}",
                    f.file_name().unwrap().to_string_lossy(),
                    n + 1,
                    expr,
                    expected,
                    got
                ));
            }
        }
    }
    if !failures.is_empty() {
        panic!("{} of {} cases failed:\n{}", failures.len(), total, failures.join("\n"));
    }
    assert!(total > min_total, "only {total} cases found");
}

#[test]
fn every_function_is_registered() {
    let names = [
        "abs", "alert", "all", "annotate", "any", "assert_type", "break", "call", "camelcase", "capitalize", "ceiling",
        "chomp", "chop", "compare", "convert_to", "crit", "debug", "defined", "dig", "downcase", "each", "emerg", "empty",
        "err", "filter", "flatten", "floor", "get", "getvar", "group_by", "index", "info", "join", "keys", "length",
        "lest", "lstrip", "map", "match", "max", "min", "new", "next", "notice", "partition", "reduce", "regsubst",
        "return", "reverse_each", "round", "rstrip", "scanf", "size", "slice", "sort", "split", "step", "strftime",
        "strip", "then", "tree_each", "type", "unique", "unwrap", "upcase", "values", "versioncmp", "warning", "with",
        "fail", "sprintf", "shellquote", "md5", "sha1", "sha256", "fqdn_rand",
    ];
    for n in names {
        let f = functions::lookup(n).unwrap_or_else(|| panic!("{n} is not registered"));
        assert!(!f.is_host_implemented(), "{n}");
    }
    for n in functions::HOST_FUNCTIONS {
        assert!(functions::lookup(n).is_some_and(|f| f.is_host_implemented()), "{n}");
    }
    // Building the registry parsed every signature type.
    assert!(functions::all().count() >= names.len());
}
