//! Runs every case of `tests/cases/*.cases` against the runtime API and
//! compares with the expectation Puppet 7.23 gave (see `bless.py`).
//!
//! The expression of a case is read by a small test-only reader (literals,
//! type names, operators with Puppet's precedence, `[]`, calls of types and
//! of `type`/`sprintf`), which evaluates directly through the runtime's public
//! API; the runtime itself never depends on the frontend. The same case files
//! can later run as Puppet programs through the real evaluator.

use std::sync::Arc;

use pjit_runtime::convert::new_value;
use pjit_runtime::display::to_interpolated_string;
use pjit_runtime::ops::{self, ArithOp, CmpOp};
use pjit_runtime::regex::Regex;
use pjit_runtime::string_format::sprintf;
use pjit_runtime::types::calc::{infer, infer_generalized, infer_set};
use pjit_runtime::types::format::type_to_string;
use pjit_runtime::types::TypeAlias;
use pjit_runtime::{Error, Type, Value};

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Int(i64),
    Float(f64),
    Str(String),
    Word(String),
    TypeName(String),
    Var(String),
    Regex(String),
    Op(&'static str),
}

fn lex(src: &str) -> Result<Vec<Tok>, String> {
    let cs: Vec<char> = src.chars().collect();
    let mut out: Vec<Tok> = Vec::new();
    let mut i = 0;
    const OPS: [&str; 28] = [
        "==>", "=~", "!~", "==", "!=", "<=", ">=", "<<", ">>", "=>", "<", ">", "+", "-", "*", "/", "%", "!", "(",
        ")", "[", "]", "{", "}", ",", ".", "=", "?",
    ];
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
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
                    // Puppet's lexer turns `\/` into `/` in the source.
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
            let mut s = String::new();
            while j < cs.len() && cs[j] != '"' {
                if cs[j] == '\\' && j + 1 < cs.len() {
                    j += 1;
                    match cs[j] {
                        'n' => s.push('\n'),
                        't' => s.push('\t'),
                        'r' => s.push('\r'),
                        's' => s.push(' '),
                        '$' | '"' | '\\' | '\'' => s.push(cs[j]),
                        other => {
                            s.push('\\');
                            s.push(other)
                        }
                    }
                } else {
                    s.push(cs[j]);
                }
                j += 1;
            }
            out.push(Tok::Str(s));
            i = j + 1;
            continue;
        }
        if c == '$' {
            let mut j = i + 1;
            while j < cs.len() && (cs[j].is_alphanumeric() || cs[j] == '_') {
                j += 1;
            }
            out.push(Tok::Var(cs[i + 1..j].iter().collect()));
            i = j;
            continue;
        }
        if c.is_alphabetic() || c == '_' || (c == ':' && cs.get(i + 1) == Some(&':')) {
            let mut j = i;
            while j < cs.len() && (cs[j].is_alphanumeric() || cs[j] == '_' || (cs[j] == ':' && cs.get(j + 1) == Some(&':'))) {
                if cs[j] == ':' {
                    j += 2;
                } else {
                    j += 1;
                }
            }
            let w: String = cs[i..j].iter().collect();
            out.push(if w.starts_with(|c: char| c.is_uppercase()) { Tok::TypeName(w) } else { Tok::Word(w) });
            i = j;
            continue;
        }
        let rest: String = cs[i..(i + 3).min(cs.len())].iter().collect();
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

#[derive(Debug)]
enum Fail {
    Syntax(String),
    Eval(Error),
}

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail::Eval(e)
    }
}

struct Eval {
    toks: Vec<Tok>,
    pos: usize,
    captures: Vec<Option<String>>,
    /// Parse without evaluating (the branches a selector does not take).
    dry: bool,
    /// Reading the keys of `Class[...]`: Puppet interprets a qualified
    /// reference there without failing on unknown types.
    class_keys: bool,
    /// Type aliases declared by the case (`type A = ... ;; EXPR`).
    aliases: Vec<Arc<TypeAlias>>,
}

type R = Result<Value, Fail>;

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

impl Eval {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn expect(&mut self, op: &str) -> Result<(), Fail> {
        match self.next() {
            Some(Tok::Op(o)) if o == op => Ok(()),
            other => Err(Fail::Syntax(format!("expected {op}, got {other:?}"))),
        }
    }
    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Some(Tok::Op(o)) if *o == op)
    }

    fn expr(&mut self, min: u8) -> R {
        let mut left = self.unary()?;
        while let Some((p, op)) = self.peek().and_then(binprec) {
            if p < min {
                break;
            }
            self.pos += 1;
            if op == "and" {
                let r = self.expr(p + 1)?;
                left = Value::Boolean(left.is_truthy() && r.is_truthy());
                continue;
            }
            if op == "or" {
                let r = self.expr(p + 1)?;
                left = Value::Boolean(left.is_truthy() || r.is_truthy());
                continue;
            }
            let right = self.expr(p + 1)?;
            left = if self.dry { Value::Undef } else { self.binary(op, &left, &right)? };
        }
        Ok(left)
    }

    fn set_caps(&mut self, m: &ops::MatchResult) {
        if let Some(c) = &m.captures {
            self.captures = c.clone();
        }
    }

    fn binary(&mut self, op: &str, l: &Value, r: &Value) -> R {
        let arith = |o| ops::arithmetic(o, l, r).map_err(Fail::Eval);
        let cmp = |o| ops::comparison(o, l, r).map(Value::Boolean).map_err(Fail::Eval);
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
                let m = ops::match_op(l, r)?;
                self.set_caps(&m);
                Ok(Value::Boolean(if op == "=~" { m.matched } else { !m.matched }))
            }
            "in" => {
                let m = ops::in_op(l, r)?;
                self.set_caps(&m);
                Ok(Value::Boolean(m.matched))
            }
            _ => Err(Fail::Syntax(format!("operator {op}"))),
        }
    }

    fn unary(&mut self) -> R {
        if self.is_op("-") {
            self.pos += 1;
            // A negative number literal is one token in Puppet.
            if let Some(Tok::Int(i)) = self.peek().cloned() {
                self.pos += 1;
                return self.postfix(Value::Integer(-i));
            }
            if let Some(Tok::Float(f)) = self.peek().cloned() {
                self.pos += 1;
                return self.postfix(Value::Float(-f));
            }
            let v = self.unary()?;
            return if self.dry { Ok(Value::Undef) } else { Ok(ops::negate(&v)?) };
        }
        if self.is_op("!") {
            self.pos += 1;
            let v = self.unary()?;
            return Ok(ops::not(&v));
        }
        let p = self.primary()?;
        self.postfix(p)
    }

    fn list(&mut self, close: &str) -> Result<Vec<Value>, Fail> {
        let mut items = Vec::new();
        while !self.is_op(close) {
            if self.is_op("*") {
                self.pos += 1;
                let v = self.unary()?;
                if !self.dry {
                    items.extend(ops::splat(&v));
                }
            } else {
                items.push(self.expr(0)?);
            }
            if self.is_op(",") {
                self.pos += 1;
            } else {
                break;
            }
        }
        self.expect(close)?;
        Ok(items)
    }

    fn postfix(&mut self, mut v: Value) -> R {
        loop {
            if self.is_op("[") {
                self.pos += 1;
                let saved = self.class_keys;
                self.class_keys = matches!(&v, Value::Type(t) if matches!(**t, Type::Class(None)));
                let keys = self.list("]");
                self.class_keys = saved;
                let keys = keys?;
                v = if self.dry { Value::Undef } else { ops::access(&v, &keys)? };
            } else if self.is_op("(") && matches!(v, Value::Type(_)) {
                self.pos += 1;
                let args = self.list(")")?;
                let Value::Type(t) = &v else { unreachable!() };
                v = if self.dry { Value::Undef } else { new_value(t, &args)? };
            } else if self.is_op("?") {
                self.pos += 1;
                v = self.selector(&v)?;
            } else {
                return Ok(v);
            }
        }
    }

    fn primary(&mut self) -> R {
        let t = self.next().ok_or_else(|| Fail::Syntax("unexpected end".into()))?;
        Ok(match t {
            Tok::Int(i) => Value::Integer(i),
            Tok::Float(f) => Value::Float(f),
            Tok::Str(s) => Value::string(s),
            Tok::Regex(s) => Value::Regexp(Regex::new(&s)?),
            Tok::Var(n) => match n.parse::<usize>() {
                Ok(i) => self.captures.get(i).cloned().flatten().map(Value::string).unwrap_or(Value::Undef),
                Err(_) => return Err(Fail::Syntax(format!("variable ${n}"))),
            },
            Tok::TypeName(n) if self.aliases.iter().any(|a| a.name == n) => {
                let a = self.aliases.iter().find(|a| a.name == n).cloned();
                Value::of_type(Type::Alias(a.unwrap_or_else(|| TypeAlias::new(n.clone()))))
            }
            Tok::TypeName(n) => match Type::from_name(&n) {
                Type::Resource { .. } if self.class_keys && !self.is_op("[") => {
                    Value::of_type(Type::Reference(n.as_str().into()))
                }
                t => Value::of_type(t),
            },
            Tok::Word(w) => match w.as_str() {
                "undef" => Value::Undef,
                "default" => Value::Default,
                "true" => Value::Boolean(true),
                "false" => Value::Boolean(false),
                "type" | "sprintf" | "strftime" if self.is_op("(") => {
                    self.pos += 1;
                    let args = self.list(")")?;
                    return self.call(&w, &args);
                }
                _ => Value::string(w),
            },
            Tok::Op("(") => {
                let v = self.expr(0)?;
                self.expect(")")?;
                v
            }
            Tok::Op("[") => Value::array(self.list("]")?),
            Tok::Op("{") => {
                let mut entries = Vec::new();
                while !self.is_op("}") {
                    let k = self.expr(0)?;
                    self.expect("=>")?;
                    let v = self.expr(0)?;
                    entries.push((k, v));
                    if self.is_op(",") {
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                self.expect("}")?;
                Value::hash(entries)
            }
            other => return Err(Fail::Syntax(format!("unexpected {other:?}"))),
        })
    }

    /// `test ? { option => value, ... }` with Puppet's selector semantics:
    /// options in order (a splat option tries each element), `default` as
    /// the fallback, only the chosen value evaluated.
    fn selector(&mut self, test: &Value) -> R {
        self.expect("{")?;
        let outer_dry = self.dry;
        let mut chosen: Option<Value> = None;
        let mut default_at: Option<usize> = None;
        while !self.is_op("}") {
            let searching = chosen.is_none() && !outer_dry;
            let is_default = matches!(self.peek(), Some(Tok::Word(w)) if w == "default")
                && matches!(self.toks.get(self.pos + 1), Some(Tok::Op("=>")));
            let mut matched = false;
            if is_default {
                self.pos += 1;
                default_at = Some(self.pos + 1);
            } else {
                self.dry = !searching;
                let options = if self.is_op("*") {
                    self.pos += 1;
                    ops::splat(&self.unary()?)
                } else {
                    vec![self.expr(0)?]
                };
                if searching {
                    for o in &options {
                        let m = ops::case_match(test, o);
                        if m.matched {
                            self.set_caps(&m);
                            matched = true;
                            break;
                        }
                    }
                }
            }
            self.expect("=>")?;
            self.dry = !matched;
            let v = self.expr(0)?;
            if matched {
                chosen = Some(v);
            }
            self.dry = outer_dry;
            if self.is_op(",") {
                self.pos += 1;
            }
        }
        self.expect("}")?;
        if outer_dry {
            return Ok(Value::Undef);
        }
        if let Some(v) = chosen {
            return Ok(v);
        }
        match default_at {
            Some(at) => {
                let end = self.pos;
                self.pos = at;
                let v = self.expr(0)?;
                self.pos = end;
                Ok(v)
            }
            None => Err(Fail::Eval(ops::unmatched_selector(test))),
        }
    }

    fn call(&mut self, name: &str, args: &[Value]) -> R {
        if self.dry {
            return Ok(Value::Undef);
        }
        match name {
            "type" => {
                let v = args.first().cloned().unwrap_or(Value::Undef);
                let t = match args.get(1).and_then(|a| a.as_str()) {
                    Some("generalized") => infer_generalized(&v),
                    Some("reduced") => infer(&v),
                    _ => infer_set(&v),
                };
                Ok(Value::Type(Arc::new(t)))
            }
            "sprintf" => {
                let fmt = args.first().and_then(|a| a.as_str()).unwrap_or("").to_string();
                Ok(Value::string(sprintf(&fmt, &args[1..])?))
            }
            "strftime" => {
                let fmt = args.get(1).and_then(|a| a.as_str()).unwrap_or("");
                let tz = args.get(2).and_then(|a| a.as_str());
                match args.first() {
                    Some(Value::Timespan(t)) => Ok(Value::string(t.format(fmt)?)),
                    Some(Value::Timestamp(t)) => Ok(Value::string(t.format(fmt, tz)?)),
                    _ => Err(Fail::Syntax("strftime of a non-time value".into())),
                }
            }
            _ => Err(Fail::Syntax(format!("function {name}"))),
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\n', "\\n")
}

/// Declares the case's type aliases: every name first (aliases may refer to
/// each other and to themselves), then each right-hand side is evaluated and
/// resolved, as Puppet does before evaluating the program.
fn declare_aliases(ev: &mut Eval, setups: &[&str]) -> Result<(), Fail> {
    let mut rhs = Vec::new();
    for s in setups {
        let decl = s.strip_prefix("type ").ok_or_else(|| Fail::Syntax(format!("setup {s}")))?;
        let (name, body) = decl.split_once(" = ").ok_or_else(|| Fail::Syntax(format!("setup {s}")))?;
        ev.aliases.push(TypeAlias::new(name.trim()));
        rhs.push(body.to_string());
    }
    // Puppet reads alias bodies with its TypeParser, not the evaluator.
    let aliases = ev.aliases.clone();
    let resolve = |name: &str| aliases.iter().find(|a| a.name == name).map(|a| Type::Alias(a.clone()));
    for (i, body) in rhs.iter().enumerate() {
        let t = pjit_runtime::types::parser::parse_type_with(body, &resolve)?;
        ev.aliases[i].resolve(t);
    }
    Ok(())
}

/// What the runtime gives for a case, in the expectation's form.
fn run_case(case: &str) -> String {
    let parts: Vec<&str> = case.split(" ;; ").collect();
    let (setups, expr) = parts.split_at(parts.len() - 1);
    let mut ev = Eval { toks: vec![], pos: 0, captures: Vec::new(), dry: false, class_keys: false, aliases: vec![] };
    if let Err(e) = declare_aliases(&mut ev, setups) {
        return match e {
            Fail::Eval(e) => format!("error {}: {}", e.issue(), escape(e.message())),
            Fail::Syntax(s) => format!("syntax {s}"),
        };
    }
    ev.toks = match lex(expr[0]) {
        Ok(t) => t,
        Err(e) => return format!("syntax {e}"),
    };
    ev.pos = 0;
    let r = ev.expr(0);
    if ev.pos != ev.toks.len() && r.is_ok() {
        return format!("syntax trailing tokens at {}", ev.pos);
    }
    match r {
        Ok(v) => format!(
            "ok {} | {}",
            type_to_string(&infer_generalized(&v)),
            escape(&to_interpolated_string(&v))
        ),
        Err(Fail::Eval(e)) => format!("error {}: {}", e.issue(), escape(e.message())),
        Err(Fail::Syntax(s)) => format!("syntax {s}"),
    }
}

/// Errors raised inside a function call (`Integer('x')`, `sprintf(...)`) or
/// while reading a type alias reach the user wrapped by the evaluator
/// (`Error while evaluating a Function Call, ...` / `a Type-Name, ...`); the
/// runtime reports the inner error.
fn matches_expectation(got: &str, expected: &str) -> bool {
    if got == expected {
        return true;
    }
    if let (Some(g), Some(e)) = (got.strip_prefix("error "), expected.strip_prefix("error ")) {
        let g_msg = g.split_once(": ").map_or(g, |(_, m)| m);
        let e_msg = e.split_once(": ").map_or(e, |(_, m)| m);
        let wrapped = ["Error while evaluating a Function Call, ", "Error while evaluating a Type-Name, "];
        return wrapped.iter().any(|w| e_msg.strip_prefix(w) == Some(g_msg))
            || e_msg == g_msg && (e.starts_with("NONE") || g.starts_with("ARGUMENT_ERROR"));
    }
    false
}

#[test]
fn case_tables() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let (mut total, mut failures) = (0, Vec::new());
    for f in files.iter().filter(|f| f.extension().is_some_and(|e| e == "cases")) {
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            let Some((expr, expected)) = line.split_once(" ==> ") else {
                panic!("{}:{}: case without expectation (run bless.py)", f.display(), n + 1);
            };
            total += 1;
            let got = run_case(expr);
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
    assert!(total > 500, "only {total} cases found");
}
