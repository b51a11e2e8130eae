//! `obj.to_yaml` as Ruby 3.1 writes it: Psych's `YAMLTree` visitor over
//! Ruby values (its choice of scalar styles, `visit_String` and
//! `ScalarScanner#tokenize`, evaluated with the template's own regexps
//! and raising what Ruby raises), written by libyaml's emitter in
//! `crate::yaml_emit` (shared with stdlib's `to_yaml`).
//!
//! Only the data Puppet hands to templates is written: strings, symbols,
//! numbers, booleans, nil, arrays and hashes. Other objects (Puppet types,
//! regexps ...) have Ruby-specific tags and are not supported.

use std::borrow::Cow;

use super::eval::{Ctx, R};
use super::value::{RRegex, RV};
use crate::yaml_emit::{emit, Node, Options, Scalar, Style};

/// `obj.to_yaml`.
pub(crate) fn dump(ctx: &Ctx, v: &RV) -> R<String> {
    let node = to_node(ctx, v, 0)?;
    Ok(emit(&node, Options::default()))
}

fn re(src: &str) -> std::rc::Rc<RRegex> {
    RRegex::new(src, "").expect("a valid built-in regexp")
}

fn matches(src: &str, s: &str) -> bool {
    re(src).match_at(s, 0).is_some()
}

fn to_node(ctx: &Ctx, v: &RV, depth: usize) -> R<Node<'static>> {
    if depth > 200 {
        return ctx.raise("SystemStackError", "stack level too deep");
    }
    Ok(match v {
        RV::Nil => Node::Scalar(Scalar::null()),
        RV::Bool(b) => Node::Scalar(Scalar::plain(b.to_string())),
        RV::Int(i) => Node::Scalar(Scalar::plain(i.to_string())),
        RV::Float(f) => {
            let s = if f.is_nan() {
                ".nan".to_string()
            } else if f.is_infinite() {
                if *f > 0.0 { ".inf".into() } else { "-.inf".into() }
            } else {
                v.to_s()
            };
            Node::Scalar(Scalar::plain(s))
        }
        RV::Sym(s) => {
            if s.is_empty() {
                Node::Scalar(Scalar { value: Cow::Borrowed(""), plain_implicit: false, quoted_implicit: false, style: Style::Plain, tag: Some("!ruby/symbol") })
            } else {
                Node::Scalar(Scalar::plain(format!(":{s}")))
            }
        }
        RV::Str(s) => string_node(ctx, &s.borrow())?,
        RV::Array(a) => {
            let items = a.borrow().clone();
            let mut out = Vec::with_capacity(items.len());
            for x in &items {
                out.push(to_node(ctx, x, depth + 1)?);
            }
            Node::Seq(out)
        }
        RV::Hash(h) => {
            let pairs = h.borrow().pairs();
            let mut out = Vec::with_capacity(pairs.len());
            for (k, x) in &pairs {
                out.push((to_node(ctx, k, depth + 1)?, to_node(ctx, x, depth + 1)?));
            }
            Node::Map(out)
        }
        other => return ctx.fatal(format!("to_yaml of a {} is not supported", other.class_name())),
    })
}

/// Psych's `visit_String`.
fn string_node(ctx: &Ctx, o: &str) -> R<Node<'static>> {
    let style = if matches(r"\n(?!\Z)", o) {
        Style::Literal
    } else if o == "<<" {
        return Ok(Node::Scalar(Scalar { value: Cow::Owned(o.into()), plain_implicit: false, quoted_implicit: false, style: Style::Single, tag: Some("!!str") }));
    } else if o == "y" || o == "n" {
        Style::Double
    } else if matches(r#"^[^[:word:]][^"]*$"#, o) {
        Style::Double
    } else if !tokenizes_to_string(ctx, o)? || matches(r"\A0[0-7]*[89]", o) {
        Style::Single
    } else {
        Style::Plain
    };
    Ok(Node::Scalar(Scalar { value: Cow::Owned(o.to_string()), tag: None, plain_implicit: true, quoted_implicit: true, style }))
}

/// Does Psych's `ScalarScanner#tokenize` read `s` back as a String?
fn tokenizes_to_string(ctx: &Ctx, s: &str) -> R<bool> {
    if s.is_empty() {
        return Ok(false);
    }
    if matches(r"^[^\d.:-]?[[:alpha:]_\s!@#$%\^&*(){}<>|/\\~;=]+", s) || s.contains('\n') {
        if s.chars().count() > 5 {
            return Ok(true);
        }
        if matches(r"(?i)^[^ytonf~]", s) {
            return Ok(true);
        }
        if s == "~" || matches(r"(?i)^null$", s) || matches(r"(?i)^(yes|true|on)$", s) || matches(r"(?i)^(no|false|off)$", s) {
            return Ok(false);
        }
        return Ok(true);
    }
    const TIME: &str = r"^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$";
    if matches(TIME, s) {
        return Ok(false);
    }
    if let Some(m) = re(r"^(\d{4})-(1[012]|0\d|\d)-([12]\d|3[01]|0\d|\d)$").match_at(s, 0) {
        // Date.strptime rejects days beyond the month's end.
        let y: i64 = m.group(1).unwrap_or("0").parse().unwrap_or(0);
        let mo: u32 = m.group(2).unwrap_or("0").parse().unwrap_or(0);
        let d: u32 = m.group(3).unwrap_or("0").parse().unwrap_or(0);
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        let days = match mo {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 => if leap { 29 } else { 28 },
            _ => 0,
        };
        return Ok(!(mo >= 1 && d >= 1 && d <= days));
    }
    if matches(r"(?i)^\+?\.inf$", s) || matches(r"(?i)^-\.inf$", s) || matches(r"(?i)^\.nan$", s) || matches(r"^:.", s) {
        return Ok(false);
    }
    if matches(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}$", s) || matches(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*$", s) {
        return Ok(false);
    }
    if matches(r"^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?)$", s) {
        if matches(r"\A[-+]?\.\Z", s) {
            return Ok(true);
        }
        // Float(string.delete(',_').gsub(/\.([Ee]|$)/, '\1')): raises on what Float() rejects.
        let cleaned: String = s.chars().filter(|c| *c != ',' && *c != '_').collect();
        let cleaned = re(r"\.([Ee]|$)").match_at(&cleaned, 0).map_or(cleaned.clone(), |m| {
            format!("{}{}{}", &cleaned[..m.start()], m.group(1).unwrap_or(""), &cleaned[m.end()..])
        });
        if crate::convert::ruby_float(&cleaned).is_none() {
            return ctx.raise("ArgumentError", format!("invalid value for Float(): {}", super::value::inspect_str(&cleaned)));
        }
        return Ok(false);
    }
    const INT: &str = r"^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$";
    if matches(INT, s) {
        let cleaned: String = s.chars().filter(|c| *c != ',' && *c != '_').collect();
        if crate::convert::ruby_integer(&cleaned, None).is_none() {
            return ctx.raise("ArgumentError", format!("invalid value for Integer(): {}", super::value::inspect_str(&cleaned)));
        }
        return Ok(false);
    }
    Ok(true)
}
