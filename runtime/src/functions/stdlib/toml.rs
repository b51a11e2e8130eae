//! stdlib's `PuppetX::Stdlib::TomlDumper` (`stdlib::to_toml`): the keys of
//! each table sorted (Ruby's `sort`, so mixed key types fail as it does),
//! its plain pairs first (`key = <value>`, the value as Ruby's `inspect`:
//! arrays `[1, "a"]`, `nil`), then its sub-tables (`[a.b]`, written only
//! when they have plain pairs or are empty), then its arrays of tables
//! (`[[a.c]]`, an array whose first element is a Hash). Keys that are not
//! bare (`[A-Za-z0-9_-]*`) are double-quoted.

use super::rich_data::inspect_data;
use crate::error::Error;
use crate::functions::util::{cmperr, ruby_cmp};
use crate::value::Value;

/// The TOML text of a Hash.
pub(crate) fn dump(data: &Value) -> Result<String, Error> {
    let mut out = String::new();
    crate::value::guard_stack(|| visit(&mut out, data, &[], false))?;
    Ok(out)
}

type Pair = (Value, Value);

fn sort_pairs(hash: &Value) -> Result<(Vec<Pair>, Vec<Pair>, Vec<Pair>), Error> {
    let Value::Hash(h) = hash else {
        return Err(crate::functions::util::no_method("keys", hash, &[]));
    };
    let mut keys: Vec<Value> = h.keys().cloned().collect();
    let mut failed = None;
    crate::functions::util::merge_sort(&mut keys, &mut |a, b| match ruby_cmp(a, b) {
        Some(o) => Ok(o),
        None => {
            failed.get_or_insert_with(|| cmperr(a, b));
            Ok(std::cmp::Ordering::Equal)
        }
    })
    .map_err(|_| Error::argument("sort failed"))?;
    if let Some(e) = failed {
        return Err(e);
    }
    let (mut simple, mut nested, mut tables) = (vec![], vec![], vec![]);
    for k in keys {
        let v = h.get(&k).cloned().unwrap_or(Value::Undef);
        match &v {
            Value::Hash(_) => nested.push((k, v)),
            Value::Array(a) if matches!(a.first(), Some(Value::Hash(_))) => tables.push((k, v)),
            _ => simple.push((k, v)),
        }
    }
    Ok((simple, nested, tables))
}

fn visit(out: &mut String, hash: &Value, prefix: &[String], extra_brackets: bool) -> Result<(), Error> {
    let (simple, nested, tables) = sort_pairs(hash)?;
    let empty = matches!(hash, Value::Hash(h) if h.is_empty());
    if !prefix.is_empty() && (!simple.is_empty() || empty) {
        print_prefix(out, prefix, extra_brackets);
    }
    dump_pairs(out, simple, nested, tables, prefix)
}

fn dump_pairs(out: &mut String, simple: Vec<Pair>, nested: Vec<Pair>, tables: Vec<Pair>, prefix: &[String]) -> Result<(), Error> {
    for (k, v) in simple {
        out.push_str(&key_text(&k));
        out.push_str(" = ");
        out.push_str(&to_toml(&v));
        out.push('\n');
    }
    for (k, v) in nested {
        let mut p = prefix.to_vec();
        p.push(key_text(&k));
        visit(out, &v, &p, false)?;
    }
    for (k, v) in tables {
        let mut p = prefix.to_vec();
        p.push(key_text(&k));
        if let Value::Array(children) = &v {
            for child in children.iter() {
                print_prefix(out, &p, true);
                let (s, n, t) = sort_pairs(child)?;
                dump_pairs(out, s, n, t, &p)?;
            }
        }
    }
    Ok(())
}

fn print_prefix(out: &mut String, prefix: &[String], extra_brackets: bool) {
    let joined = prefix.join(".");
    if extra_brackets {
        out.push_str(&format!("[[{joined}]]\n"));
    } else {
        out.push_str(&format!("[{joined}]\n"));
    }
}

/// A key as written: bare when `key.to_s` is `[a-zA-Z0-9_-]*` (Ruby's `^`
/// and `$` match at line ends), else double-quoted with `"` escaped.
fn key_text(k: &Value) -> String {
    let s = super::to_s(k);
    let bare = s.split('\n').any(|line| line.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));
    if bare {
        s
    } else {
        format!("\"{}\"", s.replace('"', "\\\""))
    }
}

/// `to_toml(obj)`: a String is its `inspect` without the `\` before `#{`,
/// `#$`, `#@`; a Regexp its inspect's inspect; anything else its inspect.
fn to_toml(v: &Value) -> String {
    match v {
        Value::String(s) => super::rich_data::ruby_string_inspect(s)
            .replace("\\#{", "#{")
            .replace("\\#$", "#$")
            .replace("\\#@", "#@"),
        Value::Regexp(r) => super::rich_data::ruby_string_inspect(&r.to_delimited()),
        other => {
            let mut out = String::new();
            inspect_data(other, &mut out);
            out
        }
    }
}
