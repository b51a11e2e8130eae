//! The 3.x-API functions real modules call: `fail`, `sprintf`,
//! `shellquote`, `md5`, `sha1`, `sha256`, `digest`, `fqdn_rand`.
//!
//! Puppet calls a 3.x function with converted arguments
//! (`Runtime3FunctionArgumentConverter`): a top-level `undef` becomes `''`
//! (`nil` inside arrays and hashes), regexps their `inspect` string,
//! versions, version ranges, timespans, timestamps and binaries their
//! string forms; the arity is checked with the 3.x messages
//! (`md5(): Wrong number of arguments given (2 for 1)`). Ruby type errors of
//! the function bodies are reproduced (`no implicit conversion of Integer
//! into String`).

use super::util::ruby_class_name;
use super::{legacy_fn, FnResult, Function, Host, LegacyImp};
use crate::display::ruby_to_s;
use crate::error::Error;
use crate::value::{StrKey, Value};

pub(crate) fn register(fs: &mut Vec<Function>) {
    fs.push(legacy_fn("fail", -1, fail));
    fs.push(legacy_fn("sprintf", -2, sprintf));
    fs.push(legacy_fn("shellquote", -1, shellquote));
    fs.push(legacy_fn("md5", 1, md5));
    fs.push(legacy_fn("sha1", 1, sha1));
    fs.push(legacy_fn("sha256", 1, sha256));
    fs.push(legacy_fn("digest", 1, sha256));
    fs.push(legacy_fn("fqdn_rand", -2, fqdn_rand));
}

/// A 3.x value: converted as Puppet converts arguments. `top` is false
/// inside containers, where `undef` stays `nil`.
fn convert(v: &Value, top: bool) -> Value {
    match v {
        Value::Undef if top => Value::string(""),
        Value::Regexp(r) => Value::string(r.to_delimited()),
        Value::SemVer(_) | Value::SemVerRange(_) | Value::Binary(_) | Value::Timespan(_) | Value::Timestamp(_) => {
            Value::string(crate::display::scalar_to_s(v))
        }
        // Containers are rebuilt only when something inside converts;
        // otherwise the converted value is the argument itself, shared.
        Value::Array(a) if a.iter().any(converts) => Value::array(a.iter().map(|e| convert(e, false)).collect()),
        Value::Hash(h) if h.iter().any(|(k, e)| converts(k) || converts(e)) => {
            Value::hash(h.iter().map(|(k, e)| (convert(k, false), convert(e, false))))
        }
        other => other.clone(),
    }
}

/// Whether [`convert`] gives something else than `v` inside a container.
fn converts(v: &Value) -> bool {
    match v {
        Value::Regexp(_)
        | Value::SemVer(_)
        | Value::SemVerRange(_)
        | Value::Binary(_)
        | Value::Timespan(_)
        | Value::Timestamp(_) => true,
        Value::Array(a) => a.iter().any(converts),
        Value::Hash(h) => h.iter().any(|(k, e)| converts(k) || converts(e)),
        _ => false,
    }
}

/// The functions of Puppet's own 3.x API: one per log level (made by
/// `Puppet::Parser::Functions.reset`) and the files
/// `puppet/parser/functions/*.rb` of Puppet 7.23 (most are stubs of the
/// 4.x functions), which `Puppet::Parser::Functions.function` finds.
pub(crate) const CORE_3X: &[&str] = &[
    "debug",
    "info",
    "notice",
    "warning",
    "err",
    "alert",
    "emerg",
    "crit",
    "assert_type",
    "binary_file",
    "break",
    "contain",
    "create_resources",
    "defined",
    "dig",
    "digest",
    "each",
    "epp",
    "fail",
    "file",
    "filter",
    "find_file",
    "fqdn_rand",
    "generate",
    "hiera",
    "hiera_array",
    "hiera_hash",
    "hiera_include",
    "include",
    "inline_epp",
    "inline_template",
    "lest",
    "lookup",
    "map",
    "match",
    "md5",
    "new",
    "next",
    "realize",
    "reduce",
    "regsubst",
    "require",
    "return",
    "reverse_each",
    "scanf",
    "sha1",
    "sha256",
    "shellquote",
    "slice",
    "split",
    "sprintf",
    "step",
    "strftime",
    "tag",
    "tagged",
    "template",
    "then",
    "type",
    "versioncmp",
    "with",
];

pub(crate) fn call_legacy(
    name: &str,
    arity: i32,
    imp: LegacyImp,
    host: &mut dyn Host,
    args: &[Value],
    _block: Option<&Value>,
) -> FnResult {
    if let Some(Value::Iterator(_)) = args.iter().find(|a| matches!(a, Value::Iterator(_))) {
        return Err(Error::argument("Use of an Iterator is not supported here").into());
    }
    let n = args.len() as i32;
    if arity >= 0 && n != arity {
        return Err(Error::argument(format!("{name}(): Wrong number of arguments given ({n} for {arity})")).into());
    }
    if arity < 0 && n < (arity + 1).abs() {
        return Err(Error::argument(format!(
            "{name}(): Wrong number of arguments given ({n} for minimum {})",
            (arity + 1).abs()
        ))
        .into());
    }
    let converted: Vec<Value> = args.iter().map(|a| convert(a, true)).collect();
    imp(host, &converted)
}

/// Ruby's `TypeError` for a non-String where a String is required.
pub(crate) fn no_implicit_string(v: &Value) -> Error {
    let what = match v {
        Value::Undef => "nil".to_string(),
        Value::Boolean(b) => b.to_string(),
        other => ruby_class_name(other),
    };
    Error::argument(format!("no implicit conversion of {what} into String"))
}

fn fail(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let msg = args.iter().map(ruby_to_s).collect::<Vec<_>>().join(" ");
    Err(Error::argument(msg).into())
}

fn sprintf(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let fmt = match &args[0] {
        Value::String(s) => s.to_string(),
        other => return Err(no_implicit_string(other).into()),
    };
    Ok(Value::string(crate::string_format::kernel_format(&fmt, &args[1..])?))
}

fn shellquote(_: &mut dyn Host, args: &[Value]) -> FnResult {
    fn flat(v: &[Value], out: &mut Vec<Value>) {
        for e in v {
            match e {
                Value::Array(a) => flat(a, out),
                other => out.push(other.clone()),
            }
        }
    }
    let mut words = Vec::new();
    flat(args, &mut words);
    let safe = |c: char| c.is_ascii_alphanumeric() || "@%_+=:,./-".contains(c);
    let dangerous = |c: char| "!\"`$\\".contains(c);
    let mut result = Vec::new();
    for w in &words {
        let word = match w {
            Value::String(word) => word.as_str(),
            // `Hash#length` and `#count` exist; `'"' + hash` fails.
            Value::Hash(_) => return Err(no_implicit_string(w).into()),
            other => return Err(super::util::no_method("length", other, &[]).into()),
        };
        if !word.is_empty() && word.chars().all(safe) {
            result.push(word.to_string());
        } else if !word.chars().any(dangerous) {
            result.push(format!("\"{word}\""));
        } else if !word.contains('\'') {
            result.push(format!("'{word}'"));
        } else {
            let mut r = String::from("\"");
            for c in word.chars() {
                if dangerous(c) {
                    r.push('\\');
                }
                r.push(c);
            }
            r.push('"');
            result.push(r);
        }
    }
    Ok(Value::string(result.join(" ")))
}

fn string_arg(v: &Value) -> Result<&str, Error> {
    v.as_str().ok_or_else(|| no_implicit_string(v))
}

fn md5(_: &mut dyn Host, args: &[Value]) -> FnResult {
    Ok(Value::string(super::digest::hex(&super::digest::md5(string_arg(&args[0])?.as_bytes()))))
}

fn sha1(_: &mut dyn Host, args: &[Value]) -> FnResult {
    Ok(Value::string(super::digest::hex(&super::digest::sha1(string_arg(&args[0])?.as_bytes()))))
}

fn sha256(_: &mut dyn Host, args: &[Value]) -> FnResult {
    Ok(Value::string(super::digest::hex(&super::digest::sha256(string_arg(&args[0])?.as_bytes()))))
}

/// Ruby's `to_i` on a 3.x argument.
fn ruby_to_i(v: &Value) -> Result<i64, Error> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Float(f) => Ok(f.trunc() as i64),
        Value::String(s) => super::numeric::ruby_to_i(s)
            .ok_or_else(|| Error::argument("Use of a Ruby Integer outside of Puppet Integer range")),
        Value::Undef => Ok(0),
        Value::Array(_) | Value::Hash(_) => Err(super::util::no_method("to_i", v, &["to_s", "to_a", "to_h"])),
        other => Err(super::util::no_method("to_i", other, &["to_s"])),
    }
}

/// `[a, b, c].join(':')` in Ruby: nested arrays joined too, `nil` empty.
fn ruby_join(items: &[Value], sep: &str) -> String {
    let mut parts = Vec::new();
    fn walk(items: &[Value], parts: &mut Vec<String>) {
        for e in items {
            match e {
                Value::Array(a) => walk(a, parts),
                other => parts.push(ruby_to_s(other)),
            }
        }
    }
    walk(items, &mut parts);
    parts.join(sep)
}

fn fqdn_rand(host: &mut dyn Host, args: &[Value]) -> FnResult {
    let max = ruby_to_i(&args[0])?;
    let initial_seed = args.get(1).cloned().unwrap_or(Value::Undef);
    let downcase = args.get(2).is_some_and(Value::is_truthy);
    let facts = host.lookup_variable("facts").unwrap_or(Value::Undef);
    let fqdn = facts
        .as_hash()
        .and_then(|f| f.get(&StrKey("networking")))
        .and_then(|n| n.as_hash())
        .and_then(|n| n.get(&StrKey("fqdn")))
        .cloned()
        .unwrap_or(Value::Undef);
    let fqdn = match (&fqdn, downcase) {
        (Value::String(s), true) => Value::string(s.to_lowercase()),
        _ => fqdn,
    };
    let text = ruby_join(&[fqdn, Value::Integer(max), initial_seed], ":");
    let digest = super::digest::md5(text.as_bytes());
    Ok(Value::Integer(super::digest::ruby_random_int(&digest, max)?))
}
