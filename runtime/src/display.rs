//! Values to strings: interpolation (`"${x}"`, `notice(x)`), the form values
//! take inside printed types and containers, Ruby's `Float#to_s`, and
//! Puppet's string quoting.

use crate::types::format::{to_alias_expanded_string, type_to_string};
use crate::types::Type;
use crate::value::{guard_stack, Value};

/// Ruby's `Float#to_s`: shortest round-trip digits, fixed notation when the
/// decimal exponent is in [-4, 16), otherwise `d.ddde+XX`
/// (`1.0e+20`, `1.0e-05`, `-0.0`, `100.0`).
pub fn ruby_float_to_s(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity".into() } else { "-Infinity".into() };
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    let sci = format!("{:e}", f.abs());
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mant.chars().filter(|c| *c != '.').collect();
    let decpt = exp + 1;
    let mut out = String::new();
    if f < 0.0 {
        out.push('-');
    }
    if decpt > -4 && decpt < 16 {
        if decpt <= 0 {
            out.push_str("0.");
            for _ in 0..(-decpt) {
                out.push('0');
            }
            out.push_str(&digits);
        } else if decpt as usize >= digits.len() {
            out.push_str(&digits);
            for _ in 0..(decpt as usize - digits.len()) {
                out.push('0');
            }
            out.push_str(".0");
        } else {
            out.push_str(&digits[..decpt as usize]);
            out.push('.');
            out.push_str(&digits[decpt as usize..]);
        }
    } else {
        out.push_str(&digits[..1]);
        out.push('.');
        if digits.len() > 1 {
            out.push_str(&digits[1..]);
        } else {
            out.push('0');
        }
        let e = decpt - 1;
        out.push('e');
        out.push(if e < 0 { '-' } else { '+' });
        out.push_str(&format!("{:02}", e.abs()));
    }
    out
}

/// Puppet's `puppet_quote`: single quotes unless the string has control
/// characters, then double quotes with escapes.
pub fn puppet_quote(s: &str) -> String {
    if s.chars().any(|c| (c as u32) < 0x20) {
        return puppet_double_quote(s);
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    let mut escaped = false;
    for c in s.chars() {
        if escaped {
            out.push('\\');
            out.push(c);
            escaped = false;
        } else if c == '\'' {
            out.push_str("\\'");
        } else if c == '\\' {
            escaped = true;
        } else {
            out.push(c);
        }
    }
    if escaped {
        out.push('\\');
    }
    out.push('\'');
    out
}

/// Puppet's `puppet_double_quote`.
pub fn puppet_double_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '"' => out.push_str("\\\""),
            '$' => out.push_str("\\$"),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Strict Base64 (RFC 4648 with padding), as Ruby's `Base64.strict_encode64`.
pub fn base64_encode(bytes: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        out.push(T[(n >> 18) as usize & 63] as char);
        out.push(T[(n >> 12) as usize & 63] as char);
        out.push(if chunk.len() > 1 { T[(n >> 6) as usize & 63] as char } else { '=' });
        out.push(if chunk.len() > 2 { T[n as usize & 63] as char } else { '=' });
    }
    out
}

/// Ruby's `Base64.encode64`: lines of 60 characters, each ending in `\n`.
pub fn base64_encode_lines(bytes: &[u8]) -> String {
    let all = base64_encode(bytes);
    let mut out = String::with_capacity(all.len() + all.len() / 60 + 1);
    for chunk in all.as_bytes().chunks(60) {
        out.push_str(&String::from_utf8_lossy(chunk));
        out.push('\n');
    }
    out
}

/// The string an interpolation (`"${x}"`) or a logging function (`notice`)
/// makes of a value: undef is `''`, strings are verbatim (also inside arrays
/// and hashes: `[a, 1]`, `{a => 1}`), types print in source form and a type
/// alias as `Name = <type>`.
pub fn to_interpolated_string(v: &Value) -> String {
    match v {
        // The common cases, without a second copy: what `interp` gives.
        Value::String(s) => s.as_str().to_string(),
        Value::Array(_) | Value::Hash(_) | Value::Type(_) => {
            let mut out = String::new();
            interp(&mut out, v);
            out
        }
        other => scalar_to_s(other),
    }
}

fn interp(out: &mut String, v: &Value) {
    if let Value::String(s) = v {
        out.push_str(s.as_str());
        return;
    }
    guard_stack(|| match v {
        Value::Array(_) | Value::Hash(_) => write_container(out, v, " => ", interp),
        Value::Type(t) => out.push_str(&type_display(t)),
        // No intermediate copy (`scalar_to_s` returns a new String).
        Value::String(s) => out.push_str(s.as_str()),
        other => out.push_str(&scalar_to_s(other)),
    })
}

/// Writes an Array as `[e, e]` or a Hash as `{k<arrow>v, k<arrow>v}` (the
/// shape every printed form here shares), each element by `item`;
/// anything else is left to the caller and writes nothing.
pub(crate) fn write_container(out: &mut String, v: &Value, arrow: &str, mut item: impl FnMut(&mut String, &Value)) {
    match v {
        Value::Array(a) => {
            out.push('[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                item(out, e);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            out.push('{');
            for (i, (k, e)) in h.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                item(out, k);
                out.push_str(arrow);
                item(out, e);
            }
            out.push('}');
        }
        _ => {}
    }
}

/// Ruby `to_s` of a non-container value.
pub fn scalar_to_s(v: &Value) -> String {
    match v {
        Value::Undef => String::new(),
        Value::Default => "default".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => ruby_float_to_s(*f),
        Value::String(s) => s.as_str().to_string(),
        Value::Regexp(r) => r.to_delimited(),
        Value::Type(t) => type_to_string(t),
        Value::Timespan(t) => t.to_puppet_string(),
        Value::Timestamp(t) => t.to_puppet_string(),
        Value::SemVer(s) => s.to_string(),
        Value::SemVerRange(r) => r.to_string(),
        Value::Sensitive(_) => "Sensitive [value redacted]".into(),
        Value::Binary(b) => base64_encode(b),
        Value::Uri(u) => u.to_text(),
        // Puppet's `Iterator#to_s` names the generalized element type.
        Value::Iterator(it) => format!("Iterator[{}]-Value", type_to_string(&crate::types::calc::generalize(&it.element_type))),
        Value::Callable(c) => format!("Callable-Value[{}]", c.name),
        Value::Object(o) => object_to_s(o),
        Value::Array(_) | Value::Hash(_) => to_interpolated_string(v),
    }
}

/// An Object instance as Puppet prints it: `Deferred({'name' => 'f'})`,
/// the attributes that do not hold their default value.
pub fn object_to_s(o: &crate::types::object::ObjectValue) -> String {
    let entries: Vec<String> =
        o.init_entries().iter().map(|(k, v)| format!("{} => {}", puppet_quote(k), to_string_in_type(v))).collect();
    format!("{}({{{}}})", o.ty.label(), entries.join(", "))
}

/// How a value prints inside a type or by `TypeFormatter` (`String(x, '%p')`
/// style): strings quoted, undef as `undef`, containers `['a', 1]`,
/// `{'a' => 1}`, timespans/versions quoted.
pub fn to_string_in_type(v: &Value) -> String {
    let mut out = String::new();
    in_type(&mut out, v);
    out
}

fn in_type(out: &mut String, v: &Value) {
    guard_stack(|| match v {
        Value::Undef => out.push_str("undef"),
        Value::String(s) => out.push_str(&puppet_quote(s)),
        Value::Array(_) | Value::Hash(_) => write_container(out, v, " => ", in_type),
        Value::Timespan(_) | Value::Timestamp(_) | Value::SemVer(_) | Value::SemVerRange(_) => {
            out.push('\'');
            out.push_str(&scalar_to_s(v));
            out.push('\'');
        }
        Value::Type(t) => out.push_str(&type_to_string(t)),
        Value::Uri(u) => {
            out.push_str("URI(");
            out.push_str(&puppet_quote(&u.to_text()));
            out.push(')');
        }
        other => out.push_str(&scalar_to_s(other)),
    })
}

/// Ruby `to_s`/`inspect`-free message text for a value inside an error
/// message such as `The value '%{value}' cannot be converted to Numeric.`
/// (Ruby string interpolation calls `to_s`).
pub fn ruby_to_s(v: &Value) -> String {
    match v {
        Value::Array(_) | Value::Hash(_) => ruby_inspect(v),
        Value::Type(t) => type_to_string(t),
        Value::Regexp(r) => format!("(?-mix:{})", r.source()),
        other => scalar_to_s(other),
    }
}

/// Ruby `inspect` (what Ruby's `Array#to_s` shows): strings double-quoted,
/// hashes `{"a"=>1}`, nil as `nil`, default as `:default`.
pub fn ruby_inspect(v: &Value) -> String {
    let mut out = String::new();
    inspect(&mut out, v);
    out
}

fn inspect(out: &mut String, v: &Value) {
    guard_stack(|| match v {
        Value::Undef => out.push_str("nil"),
        Value::Default => out.push_str(":default"),
        Value::String(s) => out.push_str(&ruby_string_inspect(s)),
        Value::Array(_) | Value::Hash(_) => write_container(out, v, "=>", inspect),
        Value::Type(t) => out.push_str(&type_to_string(t)),
        // Puppet's Sensitive class defines `inspect` as `#<#{to_s}>`.
        Value::Sensitive(_) => out.push_str("#<Sensitive [value redacted]>"),
        other => out.push_str(&scalar_to_s(other)),
    })
}

fn ruby_string_inspect(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            '#' => out.push('#'),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Ruby's `to_s` of a type: an alias prints expanded (`Name = <type>`,
/// with nested aliases expanded too unless self-recursive), and so does an
/// Object type (`Object[{}]`); any other type prints aliases inside it by
/// name.
pub fn type_display(t: &Type) -> String {
    if matches!(t, Type::Alias(_) | Type::Object | Type::ObjectType(_) | Type::TypeSetType(_)) {
        to_alias_expanded_string(t)
    } else {
        type_to_string(t)
    }
}
