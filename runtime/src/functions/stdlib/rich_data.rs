//! Puppet's `ToDataConverter.convert(value, rich_data: true)` (what
//! `stdlib::to_ruby` and `stdlib::to_python` print), and Ruby's
//! `String#inspect`.
//!
//! Data (strings, numbers, booleans, undef, arrays, string-keyed hashes)
//! stays as it is; every other value becomes a hash tagged with `__ptype`:
//! `{"__ptype" => "Default"}`, `{"__ptype" => "Sensitive", "__pvalue" =>
//! <data>}`, a hash with other keys `{"__ptype" => "Hash", "__pvalue" =>
//! [k1, v1, ...]}`, values that round-trip through a string
//! (`Timestamp`, `Timespan`, `SemVer`, `SemVerRange`, `Binary`, `Regexp`)
//! `{"__ptype" => "Timestamp", "__pvalue" => "2020-01-01T00:00:00.000000000
//! UTC"}`, Objects (`Deferred`) their type name and init attributes, and
//! types `Pcore::<Name>Type` with their parameters. An array or hash met a
//! second time (the same object: the same shared value here) is
//! `{"__ptype" => "LocalRef", "__pvalue" => "$[0]['k']"}`, the JSON path of
//! its first place.

use std::collections::HashMap;

use crate::error::Error;
use crate::types::Type;
use crate::value::{HashMapV, Value};

/// A value's data form (see the module doc).
pub(crate) fn to_data(v: &Value) -> Result<Value, Error> {
    let mut c = Converter { path: Vec::new(), seen: HashMap::new() };
    crate::value::guard_stack(|| c.convert(v))
}

/// One segment of the path to the current value: an index or a key.
#[derive(Clone)]
enum Seg {
    Index(usize),
    Key(Value),
}

struct Converter {
    path: Vec<Seg>,
    /// Arrays and hashes already converted, by address: the JSON path of
    /// their first place (None: not expressible, a complex key).
    seen: HashMap<usize, Option<String>>,
}

fn tagged(t: &str, v: Option<Value>) -> Value {
    let mut h = vec![(Value::string("__ptype"), Value::string(t))];
    if let Some(v) = v {
        h.push((Value::string("__pvalue"), v));
    }
    Value::hash(h)
}

impl Converter {
    fn json_path(&self) -> Option<String> {
        let mut p = String::from("$");
        for s in &self.path {
            match s {
                Seg::Index(i) => p.push_str(&format!("[{i}]")),
                Seg::Key(Value::String(k)) => p.push_str(&format!("[{}]", crate::display::puppet_quote(k))),
                Seg::Key(Value::Undef) => p.push_str("[null]"),
                Seg::Key(k @ (Value::Integer(_) | Value::Float(_) | Value::Boolean(_))) => {
                    p.push_str(&format!("[{}]", crate::display::scalar_to_s(k)))
                }
                Seg::Key(_) => return None,
            }
        }
        Some(p)
    }

    /// Puppet's `process`: a container met before is a local reference.
    fn container(&mut self, addr: usize, f: impl FnOnce(&mut Self) -> Result<Value, Error>) -> Result<Value, Error> {
        if let Some(first) = self.seen.get(&addr) {
            if let Some(p) = first {
                return Ok(tagged("LocalRef", Some(Value::string(p.as_str()))));
            }
            return f(self);
        }
        let p = self.json_path();
        self.seen.insert(addr, p);
        f(self)
    }

    fn with<T>(&mut self, seg: Seg, f: impl FnOnce(&mut Self) -> T) -> T {
        self.path.push(seg);
        let r = f(self);
        self.path.pop();
        r
    }

    fn convert(&mut self, v: &Value) -> Result<Value, Error> {
        Ok(match v {
            Value::Undef | Value::Boolean(_) | Value::Integer(_) | Value::Float(_) | Value::String(_) => v.clone(),
            Value::Default => tagged("Default", None),
            Value::Array(a) => {
                let addr = std::sync::Arc::as_ptr(&a.0) as usize;
                self.container(addr, |c| {
                    let mut out = Vec::with_capacity(a.len());
                    for (i, e) in a.iter().enumerate() {
                        out.push(c.with(Seg::Index(i), |c| c.convert(e))?);
                    }
                    Ok(Value::array(out))
                })?
            }
            Value::Hash(h) => {
                let addr = std::sync::Arc::as_ptr(&h.0) as usize;
                self.container(addr, |c| {
                    let string_keys = h.keys().all(|k| matches!(k, Value::String(s) if &**s != "__ptype"));
                    if string_keys {
                        let mut out = HashMapV::default();
                        for (k, e) in h.iter() {
                            let d = c.with(Seg::Key(k.clone()), |c| c.convert(e))?;
                            out.insert(k.clone(), d);
                        }
                        Ok(Value::hash_from(out))
                    } else {
                        let mut pairs = Vec::with_capacity(h.len() * 2);
                        for (k, e) in h.iter() {
                            let key = c.convert(k)?;
                            pairs.push(key.clone());
                            pairs.push(c.with(Seg::Key(key), |c| c.convert(e))?);
                        }
                        Ok(tagged("Hash", Some(Value::array(pairs))))
                    }
                })?
            }
            Value::Sensitive(inner) => {
                let addr = std::sync::Arc::as_ptr(inner) as usize;
                self.container(addr, |c| Ok(tagged("Sensitive", Some(c.convert(inner)?))))?
            }
            Value::Binary(b) => tagged("Binary", Some(Value::string(crate::display::base64_encode(b)))),
            Value::Regexp(r) => tagged("Regexp", Some(Value::string(r.source()))),
            Value::Timestamp(_) => tagged("Timestamp", Some(Value::string(crate::display::to_interpolated_string(v)))),
            Value::Timespan(_) => tagged("Timespan", Some(Value::string(crate::display::to_interpolated_string(v)))),
            Value::SemVer(_) => tagged("SemVer", Some(Value::string(crate::display::to_interpolated_string(v)))),
            Value::SemVerRange(_) => tagged("SemVerRange", Some(Value::string(crate::display::to_interpolated_string(v)))),
            Value::Object(o) => {
                let mut h = vec![(Value::string("__ptype"), Value::string(o.ty.label()))];
                for (name, e) in o.init_entries() {
                    let d = self.with(Seg::Key(Value::string(&name)), |c| c.convert(&e))?;
                    h.push((Value::string(&name), d));
                }
                Value::hash(h)
            }
            Value::Type(t) => self.type_data(t)?,
            // Runtime objects (iterators, lambdas, URIs) have no data form:
            // Puppet writes their `to_s`.
            other => Value::string(crate::display::ruby_to_s(other)),
        })
    }

    /// A type as `{"__ptype" => "Pcore::<Name>Type", <parameters>}`.
    fn type_data(&mut self, t: &Type) -> Result<Value, Error> {
        let name = crate::functions::describe::simple_name(t);
        let mut h = vec![(Value::string("__ptype"), Value::string(format!("Pcore::{name}Type")))];
        match t.resolved() {
            Type::Integer(r) => {
                if let Some(f) = r.from {
                    h.push((Value::string("from"), Value::Integer(f)));
                }
                if let Some(to) = r.to {
                    h.push((Value::string("to"), Value::Integer(to)));
                }
            }
            Type::Float(r) => {
                if let Some(f) = r.from {
                    h.push((Value::string("from"), Value::Float(f)));
                }
                if let Some(to) = r.to {
                    h.push((Value::string("to"), Value::Float(to)));
                }
            }
            other if crate::types::format::type_to_string(other) != name => {
                // Parameterized types other than numeric ranges: their
                // text, which is what Puppet's type parser reads back.
                return Ok(tagged("Type", Some(Value::string(crate::types::format::type_to_string(other)))));
            }
            _ => {}
        }
        Ok(Value::hash(h))
    }
}

/// Ruby's `String#inspect` of a UTF-8 string: `"` and `\` escaped, the
/// named escapes (`\n \t \r \f \v \b \a \e`), other ASCII control
/// characters as `\u0001`, and `#` before `{`, `$` or `@` as `\#`.
pub(crate) fn ruby_string_inspect(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            '\u{8}' => out.push_str("\\b"),
            '\u{7}' => out.push_str("\\a"),
            '\u{1b}' => out.push_str("\\e"),
            '#' if matches!(chars.peek(), Some('{' | '$' | '@')) => out.push_str("\\#"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Ruby's `inspect` of converted data (strings as [`ruby_string_inspect`],
/// floats as Ruby prints them, nil, arrays and `=>` hashes).
pub(crate) fn inspect_data(v: &Value, out: &mut String) {
    match v {
        Value::String(s) => out.push_str(&ruby_string_inspect(s)),
        Value::Undef => out.push_str("nil"),
        Value::Float(f) => out.push_str(&crate::display::ruby_float_to_s(*f)),
        Value::Array(_) | Value::Hash(_) => crate::display::write_container(out, v, "=>", |o, e| inspect_data(e, o)),
        other => out.push_str(&crate::display::ruby_inspect(other)),
    }
}
