//! Parses type expressions written as strings (`'Array[String, 1]'`,
//! `"Struct[{a => Optional[Integer]}]"`), as Puppet's `TypeParser` does for
//! `Type('...')` / `Type.new` and for signatures written as strings.
//!
//! The grammar is the subset of Puppet expressions that may appear in a type:
//! qualified type names, `Name[args]`, literal strings, numbers, regexps,
//! arrays, hashes, `default`, `undef`, booleans and bare words (strings).
//! Parameterization goes through `access::parameterize`, so the argument
//! checks and messages are the same as in manifests. Names that are not
//! built-in types resolve through the caller's `resolve` callback (aliases,
//! resource types) before falling back to a resource type.

use super::access::parameterize;
use super::Type;
use crate::error::{Error, Result};
use crate::regex::Regex;
use crate::value::{guard_stack, Value};

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Name(String),
    Word(String),
    Str(String),
    Int(i64),
    Float(f64),
    Regex(String),
    Punct(char),
    Arrow,
}

#[cold]
fn syntax(text: &str) -> Error {
    Error::argument(format!("The expression <{text}> is not a valid type specification."))
}

#[cold]
fn end_of_input() -> Error {
    Error::argument("Syntax error at end of input")
}

fn lex(text: &str) -> Result<Vec<Tok>> {
    let cs: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '=' && cs.get(i + 1) == Some(&'>') {
            out.push(Tok::Arrow);
            i += 2;
        } else if matches!(c, '[' | ']' | '{' | '}' | ',') {
            out.push(Tok::Punct(c));
            i += 1;
        } else if c == '\'' || c == '"' {
            let mut s = String::new();
            i += 1;
            while i < cs.len() && cs[i] != c {
                if cs[i] == '\\' && i + 1 < cs.len() {
                    let n = cs[i + 1];
                    match (c, n) {
                        ('\'', '\'' | '\\') => s.push(n),
                        ('"', 'n') => s.push('\n'),
                        ('"', 't') => s.push('\t'),
                        ('"', 'r') => s.push('\r'),
                        ('"', 's') => s.push(' '),
                        ('"', '"' | '\\' | '$' | '\'') => s.push(n),
                        _ => {
                            s.push('\\');
                            s.push(n)
                        }
                    }
                    i += 2;
                } else {
                    s.push(cs[i]);
                    i += 1;
                }
            }
            if i >= cs.len() {
                return Err(syntax(text));
            }
            i += 1;
            out.push(Tok::Str(s));
        } else if c == '/' {
            let mut s = String::new();
            i += 1;
            while i < cs.len() && cs[i] != '/' {
                if cs[i] == '\\' && cs.get(i + 1) == Some(&'/') {
                    s.push('/');
                    i += 2;
                } else {
                    s.push(cs[i]);
                    i += 1;
                }
            }
            if i >= cs.len() {
                return Err(syntax(text));
            }
            i += 1;
            out.push(Tok::Regex(s));
        } else if c.is_ascii_digit() || (c == '-' && cs.get(i + 1).is_some_and(|d| d.is_ascii_digit())) {
            let st = i;
            i += 1;
            while i < cs.len() && (cs[i].is_ascii_alphanumeric() || cs[i] == '.' || ((cs[i] == '-' || cs[i] == '+') && matches!(cs[i - 1], 'e' | 'E'))) {
                i += 1;
            }
            let t: String = cs[st..i].iter().collect();
            let (neg, body) = match t.strip_prefix('-') {
                Some(b) => (true, b.to_string()),
                None => (false, t.clone()),
            };
            let tok = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
                Tok::Int(i64::from_str_radix(h, 16).map_err(|_| syntax(text))?)
            } else if body.contains(['.', 'e', 'E']) {
                Tok::Float(body.parse::<f64>().map_err(|_| syntax(text))?)
            } else if body.len() > 1 && body.starts_with('0') {
                Tok::Int(i64::from_str_radix(&body[1..], 8).map_err(|_| syntax(text))?)
            } else {
                Tok::Int(body.parse::<i64>().map_err(|_| syntax(text))?)
            };
            out.push(match tok {
                Tok::Int(n) if neg => Tok::Int(-n),
                Tok::Float(f) if neg => Tok::Float(-f),
                t => t,
            });
        } else if c.is_alphabetic() || c == '_' || (c == ':' && cs.get(i + 1) == Some(&':')) {
            let st = i;
            while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_' || (cs[i] == ':' && cs.get(i + 1) == Some(&':'))) {
                i += if cs[i] == ':' { 2 } else { 1 };
            }
            let w: String = cs[st..i].iter().collect();
            let first = w.trim_start_matches(':').chars().next().unwrap_or('a');
            out.push(if first.is_uppercase() { Tok::Name(w) } else { Tok::Word(w) });
        } else {
            return Err(syntax(text));
        }
    }
    Ok(out)
}

struct Parser<'a, F: Fn(&str) -> Option<Type>> {
    toks: Vec<Tok>,
    pos: usize,
    text: &'a str,
    resolve: &'a F,
}

impl<F: Fn(&str) -> Option<Type>> Parser<'_, F> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Punct(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn list(&mut self, close: char) -> Result<Vec<Value>> {
        let mut items = Vec::new();
        while !self.eat(close) {
            if self.pos >= self.toks.len() {
                return Err(end_of_input());
            }
            items.push(self.value()?);
            if !self.eat(',') {
                if self.eat(close) {
                    break;
                }
                return Err(if self.pos >= self.toks.len() { end_of_input() } else { syntax(self.text) });
            }
        }
        Ok(items)
    }

    fn value(&mut self) -> Result<Value> {
        guard_stack(|| self.value_inner())
    }

    fn value_inner(&mut self) -> Result<Value> {
        let t = self.toks.get(self.pos).cloned().ok_or_else(end_of_input)?;
        self.pos += 1;
        Ok(match t {
            Tok::Str(s) => Value::string(s),
            Tok::Int(n) => Value::Integer(n),
            Tok::Float(f) => Value::Float(f),
            Tok::Regex(r) => Value::Regexp(Regex::new(&r)?),
            Tok::Word(w) => match w.as_str() {
                "default" => Value::Default,
                "undef" => Value::Undef,
                "true" => Value::Boolean(true),
                "false" => Value::Boolean(false),
                _ => Value::string(w),
            },
            Tok::Name(n) => {
                let n = n.trim_start_matches("::").to_string();
                let base = match Type::from_name(&n) {
                    // Not a built-in type: an alias or resource type the
                    // caller knows, else an unresolved reference.
                    Type::Resource { type_name: Some(_), .. } => {
                        (self.resolve)(&n).unwrap_or_else(|| Type::Reference(n.as_str().into()))
                    }
                    t => t,
                };
                let mut v = Value::of_type(base);
                while self.eat('[') {
                    let args = self.list(']')?;
                    let Value::Type(base) = &v else { return Err(syntax(self.text)) };
                    v = parameterize(base, &args).map_err(|e| {
                        // The type parser reports bad parameters as a bad
                        // specification; Ruby argument errors pass through.
                        if e.issue() == "ARGUMENT_ERROR" { e } else { syntax(self.text) }
                    })?;
                }
                v
            }
            Tok::Punct('[') => Value::array(self.list(']')?),
            Tok::Punct('{') => {
                let mut entries = Vec::new();
                while !self.eat('}') {
                    let k = self.value()?;
                    if self.peek() != Some(&Tok::Arrow) {
                        return Err(syntax(self.text));
                    }
                    self.pos += 1;
                    let v = self.value()?;
                    entries.push((k, v));
                    if !self.eat(',') {
                        if self.eat('}') {
                            break;
                        }
                        return Err(syntax(self.text));
                    }
                }
                Value::hash(entries)
            }
            _ => return Err(syntax(self.text)),
        })
    }
}

/// Parses a type string. `resolve` maps a capitalized name that is not a
/// built-in type to a type (an alias, a known resource type); `None` makes
/// it a resource type, as Puppet does for unknown names.
pub fn parse_type_with(text: &str, resolve: &impl Fn(&str) -> Option<Type>) -> Result<Type> {
    let toks = lex(text)?;
    let mut p = Parser { toks, pos: 0, text, resolve };
    let v = p.value()?;
    if p.pos != p.toks.len() {
        return Err(syntax(text));
    }
    match v {
        Value::Type(t) => Ok((*t).clone()),
        _ => Err(syntax(text)),
    }
}

/// Parses a type string with built-in names only.
pub fn parse_type(text: &str) -> Result<Type> {
    parse_type_with(text, &|_| None)
}
