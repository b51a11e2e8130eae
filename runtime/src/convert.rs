//! Conversions: string to number as arithmetic does it (Puppet's
//! `Utils.to_n`, the CONVERTABLE_STRING rules), and the `new` function of the
//! built-in types (`Integer('0x10')`, `Float('1e3')`, `Boolean('yes')`,
//! `Timespan('1-00:00:00')`, `SemVer('1.0.0')`, `Binary('aGk=')` ...).

use std::sync::Arc;

use crate::display::to_interpolated_string;
use crate::error::{Error, Result};
use crate::label::ruby_class;
use crate::semver::{parse_version, VersionRange};
use crate::string_format::string_convert;
use crate::time::{Timespan, Timestamp, TimestampFormats};
use crate::types::calc::{infer_generalized, instance_of};
use crate::types::format::type_to_string;
use crate::types::Type;
use crate::value::Value;

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// Puppet's `Utils.to_n`: `[[:blank:]]* [-+]? [[:blank:]]* (0x hex | 0? digits
/// (.digits)? (e -? digits)?) [[:blank:]]*`. A leading `0` means octal
/// (an invalid octal like `08` is not a number). Integers outside 64 bits are
/// not numbers for pjit (Puppet would go on with a bignum and then fail).
pub fn to_number(s: &str) -> Option<Value> {
    let s = s.strip_prefix("::").unwrap_or(s);
    let t = s.trim_matches(is_blank);
    let (neg, rest) = match t.as_bytes().first() {
        Some(b'-') => (true, t[1..].trim_start_matches(is_blank)),
        Some(b'+') => (false, t[1..].trim_start_matches(is_blank)),
        _ => (false, t),
    };
    if rest.is_empty() {
        return None;
    }
    if let Some(hex) = rest.strip_prefix("0x").or_else(|| rest.strip_prefix("0X")) {
        if hex.is_empty() || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let v = i64::from_str_radix(hex, 16).ok()?;
        return Some(Value::Integer(if neg { -v } else { v }));
    }
    let digits_end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    if digits_end == 0 {
        return None;
    }
    let int_part = &rest[..digits_end];
    let tail = &rest[digits_end..];
    if tail.is_empty() {
        let v = if int_part.len() > 1 && int_part.starts_with('0') {
            i64::from_str_radix(&int_part[1..], 8).ok()?
        } else {
            int_part.parse::<i64>().ok()?
        };
        return Some(Value::Integer(if neg { -v } else { v }));
    }
    // Fraction and/or exponent: (?:\.\d+)?(?:[eE]-?\d+)?
    let mut rest2 = tail;
    if let Some(f) = rest2.strip_prefix('.') {
        let n = f.find(|c: char| !c.is_ascii_digit()).unwrap_or(f.len());
        if n == 0 {
            return None;
        }
        rest2 = &f[n..];
    }
    if let Some(e) = rest2.strip_prefix('e').or_else(|| rest2.strip_prefix('E')) {
        let e = e.strip_prefix('-').unwrap_or(e);
        let n = e.find(|c: char| !c.is_ascii_digit()).unwrap_or(e.len());
        if n == 0 {
            return None;
        }
        rest2 = &e[n..];
    }
    if !rest2.is_empty() {
        return None;
    }
    let f: f64 = rest.parse().ok()?;
    Some(Value::Float(if neg { -f } else { f }))
}

/// The name Puppet shows for the `new` function of each target type when the
/// arguments do not match its signature.
fn new_function_name(target: &str) -> &'static str {
    match target {
        "Integer" => "new",
        "Float" => "new_float",
        "Numeric" => "new_numeric",
        "Boolean" => "new_boolean",
        "Timespan" => "new_timespan",
        "Timestamp" => "new_timestamp",
        "SemVer" | "a SemVer" => "new_Version",
        _ => "new",
    }
}

/// Puppet's argument-mismatch message of a type's `new` function (the
/// evaluator adds `Error while evaluating a Function Call, `).
#[cold]
fn cannot_convert(target: &str, v: &Value) -> Error {
    let f = new_function_name(target);
    match v {
        Value::String(s) => Error::argument(format!("'{f}' The string '{s}' cannot be converted to {target}")),
        other => Error::argument(format!(
            "'{f}' Value of type {} cannot be converted to {}",
            type_to_string(&infer_generalized(other)),
            target
        )),
    }
}

/// `INTEGER_PATTERN_LENIENT`: `\A[+-]?\s*(?:\d+|0[xX][0-9A-Fa-f]+|0[bB][01]+)\z`.
fn integer_pattern_lenient(s: &str) -> bool {
    let t = s.strip_prefix(['+', '-']).unwrap_or(s).trim_start();
    let l = t.to_ascii_lowercase();
    if let Some(h) = l.strip_prefix("0x") {
        return !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit());
    }
    if let Some(b) = l.strip_prefix("0b") {
        return !b.is_empty() && b.chars().all(|c| c == '0' || c == '1');
    }
    !t.is_empty() && t.chars().all(|c| c.is_ascii_digit())
}

/// `FLOAT_PATTERN`: sign, then a decimal float, hex, octal or binary integer.
fn float_pattern(s: &str) -> bool {
    let t = s.strip_prefix(['+', '-']).unwrap_or(s).trim_start();
    let l = t.to_ascii_lowercase();
    if let Some(h) = l.strip_prefix("0x") {
        return !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit());
    }
    if let Some(b) = l.strip_prefix("0b") {
        return !b.is_empty() && b.chars().all(|c| c == '0' || c == '1');
    }
    if t.len() > 1 && t.starts_with('0') && t.chars().all(|c| ('0'..='7').contains(&c)) {
        return true;
    }
    // (?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]-?\d+)?
    let b = t.as_bytes();
    let mut i = 0;
    if b.first() == Some(&b'0') {
        i = 1;
    } else {
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == 0 {
            return false;
        }
    }
    if b.get(i) == Some(&b'.') {
        let st = i + 1;
        i = st;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == st {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e') | Some(b'E')) {
        i += 1;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        let st = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == st {
            return false;
        }
    }
    i == b.len()
}

/// Ruby's `Integer(str)` / `Integer(str, radix)`: optional sign, `0x`/`0b`/`0o`/`0`
/// prefixes, underscores between digits.
pub(crate) fn ruby_integer(s: &str, radix: Option<u32>) -> Option<i64> {
    let t = s.trim();
    let (neg, mut body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut base = radix.unwrap_or(10);
    let lower = body.to_ascii_lowercase();
    let prefixed = |p: &str| lower.starts_with(p);
    if (radix.is_none() || radix == Some(16)) && prefixed("0x") {
        base = 16;
        body = &body[2..];
    } else if (radix.is_none() || radix == Some(2)) && prefixed("0b") {
        base = 2;
        body = &body[2..];
    } else if (radix.is_none() || radix == Some(8)) && prefixed("0o") {
        base = 8;
        body = &body[2..];
    } else if radix.is_none() && body.len() > 1 && body.starts_with('0') {
        base = 8;
        body = &body[1..];
    }
    if body.is_empty() || body.starts_with('_') || body.ends_with('_') || body.contains("__") {
        return None;
    }
    let clean: String = body.chars().filter(|c| *c != '_').collect();
    let v = i64::from_str_radix(&clean, base).ok()?;
    Some(if neg { -v } else { v })
}

fn ws_between_sign(s: &str) -> Option<String> {
    let first = s.chars().next()?;
    if first != '+' && first != '-' {
        return None;
    }
    let rest = &s[1..];
    if !rest.starts_with(is_blank) {
        return None;
    }
    Some(format!("{}{}", first, rest.trim_start_matches(is_blank)))
}

fn integer_from(v: &Value, radix: Option<u32>) -> Result<i64> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Float(f) => {
            if f.is_finite() && *f < 9.223_372_036_854_776e18 && *f >= -9.223_372_036_854_776e18 {
                Ok(f.trunc() as i64)
            } else {
                Err(cannot_convert("Integer", v))
            }
        }
        Value::Timespan(t) => Ok(t.to_i()),
        Value::Timestamp(t) => Ok(t.to_i()),
        Value::Boolean(b) => Ok(*b as i64),
        Value::String(s) => {
            if !integer_pattern_lenient(s) {
                return Err(cannot_convert("Integer", v));
            }
            ruby_integer(s, radix)
                .or_else(|| ws_between_sign(s).and_then(|s2| ruby_integer(&s2, radix)))
                .ok_or_else(|| Error::argument(format!("invalid value for Integer(): \"{s}\"")))
        }
        other => Err(cannot_convert("Integer", other)),
    }
}

/// Ruby's `Float(str)`: decimal with optional exponent, hex integers,
/// underscores between digits, surrounding whitespace.
pub(crate) fn ruby_float(s: &str) -> Option<f64> {
    let t = s.trim();
    let unsigned = t.trim_start_matches(['+', '-']);
    if unsigned.len() > 2 && (unsigned.starts_with("0x") || unsigned.starts_with("0X")) {
        return ruby_integer(t, None).map(|i| i as f64);
    }
    if t.contains("__") || t.starts_with('_') || t.ends_with('_') {
        return None;
    }
    let clean: String = t.chars().filter(|c| *c != '_').collect();
    let body = clean.trim_start_matches(['+', '-']);
    if body.is_empty()
        || body.starts_with('.')
        || body.ends_with('.')
        || body.contains(".e")
        || body.contains(".E")
        || !body.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
    {
        return None;
    }
    clean.parse::<f64>().ok()
}

fn float_from(v: &Value) -> Result<f64> {
    match v {
        Value::Integer(i) => Ok(*i as f64),
        Value::Float(f) => Ok(*f),
        Value::Timespan(t) => Ok(t.to_f()),
        Value::Timestamp(t) => Ok(t.to_f()),
        Value::Boolean(b) => Ok(if *b { 1.0 } else { 0.0 }),
        Value::String(s) => {
            if !float_pattern(s) {
                return Err(cannot_convert("Float", v));
            }
            let parse = |s: &str| -> Option<f64> {
                let t = s.trim();
                if t.len() > 2 && (t.starts_with("0b") || t.starts_with("0B")) {
                    return ruby_integer(t, None).map(|i| i as f64);
                }
                if let Some(Value::Integer(i)) = ruby_integer(t, None).map(Value::Integer)
                    && (t.starts_with("0x") || t.starts_with("0X") || t.starts_with("-0x")) {
                        return Some(i as f64);
                    }
                let clean: String = t.chars().filter(|c| *c != '_').collect();
                if clean.is_empty() || clean.ends_with('.') || clean.starts_with('.') {
                    return None;
                }
                clean.parse::<f64>().ok().filter(|_| !clean.contains("inf") && !clean.contains("NaN"))
            };
            parse(s)
                .or_else(|| ws_between_sign(s).and_then(|s2| parse(&s2)))
                .ok_or_else(|| cannot_convert("Float", v))
        }
        other => Err(cannot_convert("Float", other)),
    }
}

/// Builds a Timespan from `{days => .., hours => .., minutes => ..,
/// seconds => .., milliseconds => .., microseconds => .., nanoseconds =>
/// .., negative => ..}` or `{string => .., format => ..}`.
pub fn timespan_from_hash(v: &Value) -> Result<Timespan> {
    let Value::Hash(h) = v else { return Err(cannot_convert("Timespan", v)) };
    let get = |k: &str| h.get(&Value::string(k));
    if let Some(Value::String(s)) = get("string") {
        return match get("format") {
            Some(Value::String(f)) => Timespan::parse_with(s, &[f.as_str()]),
            Some(Value::Array(fs)) => {
                let fs: Vec<&str> = fs.iter().filter_map(|f| f.as_str()).collect();
                Timespan::parse_with(s, &fs)
            }
            _ => Timespan::parse(s),
        };
    }
    let mut ns: i128 = 0;
    for (k, m) in [
        ("days", 86_400_000_000_000i128),
        ("hours", 3_600_000_000_000),
        ("minutes", 60_000_000_000),
        ("seconds", 1_000_000_000),
        ("milliseconds", 1_000_000),
        ("microseconds", 1_000),
        ("nanoseconds", 1),
    ] {
        match get(k) {
            Some(Value::Integer(i)) => ns = ns.saturating_add(*i as i128 * m),
            Some(Value::Float(f)) => ns = ns.saturating_add((*f * m as f64) as i128),
            _ => {}
        }
    }
    if matches!(get("negative"), Some(Value::Boolean(true))) {
        ns = -ns;
    }
    Timespan::new(Some(ns))
}

/// Ruby's `Base64.strict_decode64`: the alphabet, correct padding, no line
/// breaks; anything else is `invalid base64`.
pub fn strict_base64_decode(s: &str) -> Result<Vec<u8>> {
    let bad = || Error::argument("invalid base64");
    if !s.len().is_multiple_of(4) {
        return Err(bad());
    }
    let body = s.trim_end_matches('=');
    if s.len() - body.len() > 2
        || !body.chars().all(|c| c.is_ascii_alphanumeric() || c == '+' || c == '/')
    {
        return Err(bad());
    }
    // The bits of the last character that pad the last byte must be
    // zero (`YQ==`, not `YR==`), as Ruby's `unpack1('m0')` checks.
    let pad = s.len() - body.len();
    let last = body.bytes().last().map_or(0, |c| base64_digit(c as char).unwrap_or(0));
    if (pad == 2 && last & 0xf != 0) || (pad == 1 && last & 0x3 != 0) {
        return Err(bad());
    }
    base64_decode(s, true).map_err(|_| bad())
}

fn base64_digit(c: char) -> Option<u32> {
    Some(match c {
        'A'..='Z' => c as u32 - 'A' as u32,
        'a'..='z' => c as u32 - 'a' as u32 + 26,
        '0'..='9' => c as u32 - '0' as u32 + 52,
        '+' => 62,
        '/' => 63,
        _ => return None,
    })
}

/// Ruby's `Base64.urlsafe_decode64`: `-_` for `+/`, padding added when
/// missing, then strict.
pub fn urlsafe_base64_decode(s: &str) -> Result<Vec<u8>> {
    let mut t: String = s.chars().map(|c| match c {
        '-' => '+',
        '_' => '/',
        c => c,
    }).collect();
    if !s.ends_with('=') {
        while !t.len().is_multiple_of(4) {
            t.push('=');
        }
    }
    strict_base64_decode(&t)
}

/// Ruby `Base64.decode64`-style lenient decoding (ignores characters outside
/// the alphabet).
pub fn base64_decode(s: &str, strict: bool) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let mut buf = 0u32;
    let mut bits = 0;
    for c in s.chars() {
        let v = match base64_digit(c) {
            Some(v) => v,
            None if c == '=' => break,
            None => {
                if strict {
                    return Err(Error::argument("invalid base64"));
                }
                continue;
            }
        };
        buf = buf << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buf >> bits) as u8);
            buf &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

/// `Type(args...)` / `new(Type, args...)`: creates a value of `t` from the
/// arguments the way each built-in type's `new` function does, then checks
/// the result is an instance of `t`.
pub fn new_value(t: &Type, args: &[Value]) -> Result<Value> {
    let v = new_untyped(t, args)?;
    if !instance_of(t, &v) {
        return Err(Error::new(
            "TYPE_MISMATCH",
            format!(
                "Converted value from {}.new() has wrong type, expects {} value, got {}",
                type_to_string(t),
                crate::error::a_an(&type_to_string(t)),
                type_to_string(&crate::types::calc::infer_set(&v))
            ),
        ));
    }
    Ok(v)
}

fn new_untyped(t: &Type, args: &[Value]) -> Result<Value> {
    if let Some(positional) = named_arguments(t, args) {
        return new_untyped(t, &positional);
    }
    let arg = args.first().cloned().unwrap_or(Value::Undef);
    match t.resolved() {
        Type::Integer(_) => {
            if let Value::Hash(h) = &arg {
                // The named-arguments signature: Struct[{from => ..., Optional[radix], Optional[abs]}]
                // (Puppet's `on_error_hash` asserts the hash against it).
                if h.get(&Value::string("from")).is_none() || h.keys().any(|k| !matches!(k.as_str(), Some("from" | "radix" | "abs"))) {
                    static NAMED: std::sync::OnceLock<Type> = std::sync::OnceLock::new();
                    let named = NAMED.get_or_init(|| {
                        crate::types::parser::parse_type(
                            r"Struct[{from => Variant[Numeric, Boolean, Pattern[/\A[+-]?\s*(?:(?:\d+)|(?:0[xX][0-9A-Fa-f]+)|(?:0[bB][01]+))\z/], Timespan, Timestamp], Optional[radix] => Variant[Default, Integer[2,2], Integer[8,8], Integer[10,10], Integer[16,16]], Optional[abs] => Boolean}]",
                        )
                        .unwrap_or(Type::Any)
                    });
                    crate::types::object::assert_instance("Integer.new", named, &arg)?;
                }
            }
            let (from, radix, abs) = match &arg {
                Value::Hash(h) if args.len() == 1 => (
                    h.get(&Value::string("from")).cloned().unwrap_or(Value::Undef),
                    h.get(&Value::string("radix")).cloned(),
                    h.get(&Value::string("abs")).cloned(),
                ),
                _ => (arg.clone(), args.get(1).cloned(), args.get(2).cloned()),
            };
            let radix = match radix {
                None | Some(Value::Default) => None,
                Some(Value::Integer(r @ (2 | 8 | 10 | 16))) => Some(r as u32),
                Some(other) => {
                    return Err(Error::argument(format!(
                        "Illegal radix: {}, expected 2, 8, 10, 16, or default",
                        to_interpolated_string(&other)
                    )));
                }
            };
            let i = integer_from(&from, radix)?;
            if matches!(abs, Some(Value::Boolean(true))) {
                return i.checked_abs().map(Value::Integer).ok_or_else(|| {
                    Error::new(
                        "NUMERIC_OVERFLOW",
                        "A Function Call resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'",
                    )
                });
            }
            Ok(Value::Integer(i))
        }
        Type::Float(_) => {
            let f = float_from(&arg)?;
            Ok(Value::Float(if matches!(args.get(1), Some(Value::Boolean(true))) { f.abs() } else { f }))
        }
        Type::Numeric => {
            let n = match &arg {
                Value::Integer(_) | Value::Float(_) => arg.clone(),
                Value::Timespan(ts) => Value::Float(ts.to_f()),
                Value::Timestamp(ts) => Value::Float(ts.to_f()),
                Value::Boolean(b) => Value::Integer(*b as i64),
                Value::String(s) => {
                    if !float_pattern(s) {
                        return Err(cannot_convert("Numeric", &arg));
                    }
                    let lower = s.to_ascii_lowercase();
                    if lower.starts_with("0b") || lower.starts_with("0x") {
                        Value::Integer(integer_from(&arg, None)?)
                    } else {
                        to_number(s).ok_or_else(|| cannot_convert("Numeric", &arg))?
                    }
                }
                other => return Err(cannot_convert("Numeric", other)),
            };
            if matches!(args.get(1), Some(Value::Boolean(true))) {
                return Ok(match n {
                    Value::Integer(i) => Value::Integer(i.checked_abs().ok_or_else(|| {
                        Error::new(
                            "NUMERIC_OVERFLOW",
                            "A Function Call resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'",
                        )
                    })?),
                    Value::Float(f) => Value::Float(f.abs()),
                    o => o,
                });
            }
            Ok(n)
        }
        Type::Boolean(_) => match &arg {
            Value::Boolean(b) => Ok(Value::Boolean(*b)),
            Value::Integer(i) => Ok(Value::Boolean(*i != 0)),
            Value::Float(f) => Ok(Value::Boolean(*f != 0.0)),
            Value::String(s) => match s.to_lowercase().as_str() {
                "true" | "yes" | "y" => Ok(Value::Boolean(true)),
                "false" | "no" | "n" => Ok(Value::Boolean(false)),
                _ => Err(cannot_convert("Boolean", &arg)),
            },
            other => Err(cannot_convert("Boolean", other)),
        },
        Type::String { .. } | Type::Enum { .. } | Type::Pattern(_) => {
            string_convert(&arg, args.get(1)).map(Value::string)
        }
        Type::Array { .. } | Type::Tuple { .. } => {
            let wrap = matches!(args.get(1), Some(Value::Boolean(true)));
            match &arg {
                Value::Array(_) => Ok(arg.clone()),
                _ if wrap => Ok(Value::array(vec![arg.clone()])),
                Value::Hash(h) => Ok(Value::array(h.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()])).collect())),
                Value::Binary(b) => Ok(Value::array(b.iter().map(|x| Value::Integer(*x as i64)).collect())),
                Value::String(s) => Ok(Value::array(s.chars().map(|c| Value::string(c.to_string())).collect())),
                Value::Iterator(it) => Ok(Value::array(it.elements.clone())),
                Value::Integer(n) if *n >= 0 => {
                    check_iteration_size(*n as i128)?;
                    Ok(Value::array((0..*n).map(Value::Integer).collect()))
                }
                // Other iterables (`Integer[1, 3]`, `Enum[a, b]`): their elements.
                other => match iterable_elements(other)? {
                    Some(elements) => Ok(Value::array(elements)),
                    None => Err(Error::argument(format!(
                        "'new_array' Value of type {} cannot be converted to Array",
                        type_to_string(&infer_generalized(other))
                    ))),
                },
            }
        }
        Type::Hash { .. } | Type::Struct(_) if args.len() == 2 => match (&arg, &args[1]) {
            (Value::Array(pairs), Value::String(opt)) => hash_from_tree(pairs, opt.as_str() == "hash_tree"),
            (Value::Array(pairs), Value::Undef) => hash_from_tree(pairs, false).and(new_untyped(t, &args[..1])),
            _ => new_untyped(t, &args[..1]),
        },
        Type::Hash { .. } | Type::Struct(_) => match &arg {
            Value::Hash(_) => Ok(arg.clone()),
            Value::Array(a) => {
                let pairs = !a.is_empty() && a.iter().all(|e| matches!(e, Value::Array(p) if p.len() == 2));
                if pairs {
                    Ok(Value::hash(a.iter().filter_map(|e| {
                        let p = e.as_array()?;
                        Some((p[0].clone(), p[1].clone()))
                    })))
                } else if a.len() % 2 != 0 {
                    Err(Error::argument("odd number of arguments for Hash"))
                } else {
                    Ok(Value::hash(a.chunks(2).map(|kv| (kv[0].clone(), kv[1].clone()))))
                }
            }
            // Strings are iterable: their characters become keys and values.
            Value::String(s) => {
                let chars: Vec<Value> = s.chars().map(|c| Value::string(c.to_string())).collect();
                if !chars.len().is_multiple_of(2) {
                    return Err(Error::argument("odd number of arguments for Hash"));
                }
                Ok(Value::hash(chars.chunks(2).map(|kv| (kv[0].clone(), kv[1].clone()))))
            }
            Value::Integer(n) if *n >= 0 => {
                check_iteration_size(*n as i128)?;
                if n % 2 != 0 {
                    return Err(Error::argument("odd number of arguments for Hash"));
                }
                Ok(Value::hash((0..*n).collect::<Vec<_>>().chunks(2).map(|kv| (Value::Integer(kv[0]), Value::Integer(kv[1])))))
            }
            other => Err(Error::argument(format!(
                "Value of type {} cannot be converted to Hash",
                type_to_string(&infer_generalized(other))
            ))),
        },
        Type::Timespan { .. } => match &arg {
            Value::Timespan(_) => Ok(arg.clone()),
            Value::Integer(i) => Ok(Value::timespan(Timespan::from_secs(*i))),
            Value::Float(f) => Ok(Value::timespan(Timespan::from_secs_f64(*f)?)),
            Value::String(s) => match args.get(1) {
                Some(Value::String(f)) => Ok(Value::timespan(Timespan::parse_with(s, &[f.as_str()])?)),
                Some(Value::Array(fs)) => {
                    let fs: Vec<&str> = fs.iter().filter_map(|f| f.as_str()).collect();
                    Ok(Value::timespan(Timespan::parse_with(s, &fs)?))
                }
                _ => Ok(Value::timespan(Timespan::parse(s)?)),
            },
            Value::Hash(_) => Ok(Value::timespan(timespan_from_hash(&arg)?)),
            other => Err(cannot_convert("Timespan", other)),
        },
        Type::Timestamp { .. } => match &arg {
            Value::Undef if args.is_empty() => Ok(Value::timestamp(Timestamp::now())),
            Value::Timestamp(_) => Ok(arg.clone()),
            Value::String(s) if args.len() > 1 => {
                let tz = args.get(2).and_then(|t| t.as_str());
                timestamp_with_formats(s, &args[1], tz)
            }
            Value::Hash(h) => {
                let get = |k: &str| h.get(&Value::string(k));
                let Some(Value::String(s)) = get("string") else { return Err(cannot_convert("Timestamp", &arg)) };
                let format = get("format").cloned().unwrap_or(Value::Default);
                timestamp_with_formats(s, &format, get("timezone").and_then(|t| t.as_str()))
            }
            Value::Integer(i) => Ok(Value::timestamp(Timestamp::from_secs(*i))),
            Value::Float(f) => Ok(Value::timestamp(Timestamp::from_secs_f64(*f)?)),
            Value::String(s) => Ok(Value::timestamp(Timestamp::parse(s)?)),
            other => Err(cannot_convert("Timestamp", other)),
        },
        Type::SemVer(_) => match &arg {
            Value::SemVer(_) => Ok(arg.clone()),
            Value::String(s) => {
                if !crate::semver::matches_version_pattern(s) {
                    return Err(Error::argument(format!(
                        "'new_Version' The string '{s}' cannot be converted to a SemVer"
                    )));
                }
                Ok(Value::SemVer(Arc::new(parse_version(s).map_err(|_| {
                    Error::argument("Numeric pre-release identifiers MUST NOT contain leading zeroes")
                })?)))
            }
            Value::Integer(major) if args.len() >= 3 => {
                let n = |i: usize| match args.get(i) {
                    Some(Value::Integer(x)) if *x >= 0 => Some(*x as u64),
                    _ => None,
                };
                let mut v = semver::Version::new(*major as u64, n(1).unwrap_or(0), n(2).unwrap_or(0));
                if let Some(Value::String(p)) = args.get(3) {
                    v.pre = semver::Prerelease::new(p).map_err(|e| Error::argument(e.to_string()))?;
                }
                if let Some(Value::String(b)) = args.get(4) {
                    v.build = semver::BuildMetadata::new(b).map_err(|e| Error::argument(e.to_string()))?;
                }
                Ok(Value::SemVer(Arc::new(v)))
            }
            other => Err(cannot_convert("SemVer", other)),
        },
        Type::SemVerRange if args.len() >= 2 => {
            let version = |v: &Value| match v {
                Value::SemVer(s) => Some((**s).clone()),
                _ => None,
            };
            let exclude = matches!(args.get(2), Some(Value::Boolean(true)));
            Ok(Value::SemVerRange(Arc::new(VersionRange::from_bounds(version(&args[0]), version(&args[1]), exclude))))
        }
        Type::SemVerRange => match &arg {
            Value::SemVerRange(_) => Ok(arg.clone()),
            Value::String(s) if s.is_empty() && args.len() == 1 => Err(Error::argument(
                "The function 'new_VersionRange' was called with arguments it does not accept. It expects one of:\n  (SemVerRangeString = String[1] str)\n    rejected: parameter 'str' expects a SemVerRangeString = String[1] value, got String\n  (Variant[Default, SemVer] min, Variant[Default, SemVer] max, Boolean exclude_max?)\n    rejected: expects between 2 and 3 arguments, got 1\n  (SemVerRangeHash = Struct[{'min' => Variant[Default, SemVer], Optional['max'] => Variant[Default, SemVer], Optional['exclude_max'] => Boolean}] hash_args)\n    rejected: parameter 'hash_args' expects a SemVerRangeHash = Struct[{'min' => Variant[Default, SemVer], Optional['max'] => Variant[Default, SemVer], Optional['exclude_max'] => Boolean}] value, got String",
            )),
            Value::String(s) => Ok(Value::SemVerRange(Arc::new(VersionRange::parse(s)?))),
            other => Err(cannot_convert("SemVerRange", other)),
        },
        Type::Binary => match &arg {
            Value::Binary(_) => Ok(arg.clone()),
            Value::String(s) => {
                let format = args.get(1).and_then(|f| f.as_str()).unwrap_or("%B");
                let bytes = match format {
                    "%r" => s.as_bytes().to_vec(),
                    "%s" => s.as_bytes().to_vec(),
                    // Ruby's `decode64` of the string padded by
                    // `'=' * (length % 3)` (Puppet's own arithmetic).
                    "%b" => base64_decode(&format!("{s}{}", "=".repeat(s.len() % 3)), false)?,
                    "%u" => urlsafe_base64_decode(s)?,
                    "%B" => strict_base64_decode(s)?,
                    other => {
                        return Err(Error::argument(format!(
                            "The function 'new_Binary' was called with arguments it does not accept. It expects one of:\n  (String str, Base64Format = Enum['%B', '%b', '%r', '%s', '%u'] format?)\n    rejected: parameter 'format' expects a match for Base64Format = Enum['%B', '%b', '%r', '%s', '%u'], got '{other}'\n  (Array[ByteInteger] byte_array)\n    rejected: expects 1 argument, got 2\n  (BinaryArgsHash = Variant[StringHash = Struct[{{'value' => String, 'format' => Optional[Base64Format = Enum['%B', '%b', '%r', '%s', '%u']]}}], ArrayHash = Struct[{{'value' => Array[ByteInteger = Integer[0, 255]]}}]] hash_args)\n    rejected: expects 1 argument, got 2"
                        )));
                    }
                };
                Ok(Value::Binary(Arc::new(bytes)))
            }
            Value::Array(a) => {
                let mut bytes = Vec::with_capacity(a.len());
                for e in a.iter() {
                    match e {
                        Value::Integer(i) if (0..=255).contains(i) => bytes.push(*i as u8),
                        other => return Err(cannot_convert("Binary", other)),
                    }
                }
                Ok(Value::Binary(Arc::new(bytes)))
            }
            other => Err(cannot_convert("Binary", other)),
        },
        Type::Sensitive(_) => Ok(match &arg {
            Value::Sensitive(_) => arg.clone(),
            other => Value::Sensitive(Arc::new(other.clone())),
        }),
        Type::Regexp(_) => match &arg {
            Value::Regexp(_) => Ok(arg.clone()),
            Value::String(s) => {
                let escape = matches!(args.get(1), Some(Value::Boolean(true)));
                let src = if escape { crate::regex::escape(s) } else { s.to_string() };
                Ok(Value::Regexp(crate::regex::Regex::new(&src)?))
            }
            other => Err(Error::argument(format!(
                "'new_float' parameter 'pattern' expects a String value, got {}",
                mismatch_type_name(other)
            ))),
        },
        Type::Optional(Some(i)) | Type::NotUndef(Some(i)) => new_untyped(i, args),
        Type::Type(_) => match &arg {
            Value::Type(_) => Ok(arg.clone()),
            Value::String(s) if !s.is_empty() => Ok(Value::of_type(crate::types::parser::parse_type(s)?)),
            Value::String(_) => Err(Error::argument(
                "'new_type' parameter 'type_string' expects a String[1] value, got String",
            )),
            other => Err(Error::argument(format!(
                "'new_type' parameter 'type_string' expects a String value, got {}",
                mismatch_type_name(other)
            ))),
        },
        Type::Uri(_) => match &arg {
            Value::Uri(_) => Ok(arg.clone()),
            Value::String(s) => Ok(crate::uri::value(crate::uri::Uri::parse(s)?)),
            Value::Hash(h) => Ok(crate::uri::value(crate::uri::Uri::build(h)?)),
            other => Err(cannot_convert("URI", other)),
        },
        Type::Any | Type::Unit | Type::NotUndef(None) | Type::Scalar => Ok(arg),
        other => Err(Error::argument(format!(
            "Creation of new instance of type '{}' is not supported",
            type_to_string(other)
        ))),
    }
}

/// The most elements pjit materializes for one iteration over an Integer or
/// an Integer range (Puppet would run out of memory or time instead).
pub const MAX_ITERATION: i128 = 1 << 24;

pub(crate) fn check_iteration_size(n: i128) -> Result<()> {
    if n > MAX_ITERATION {
        return Err(Error::argument(format!(
            "An iteration over {n} elements is larger than pjit supports ({MAX_ITERATION})"
        )));
    }
    Ok(())
}

/// The elements an iteration over `v` yields (Puppet's `Iterable.on`):
/// array elements, `[key, value]` pairs of a hash, the characters of a
/// string, `0..n-1` for an Integer `n >= 0`, the values of a finite
/// `Integer[a, b]` type, the values of an `Enum`, an iterator's elements.
/// `Ok(None)` when `v` is not iterable; an error when an Integer or range is
/// too large to materialize.
pub fn iterable_elements(v: &Value) -> Result<Option<Vec<Value>>> {
    Ok(Some(match v {
        Value::Array(a) => a.to_vec(),
        Value::Hash(h) => h.iter().map(|(k, e)| Value::array(vec![k.clone(), e.clone()])).collect(),
        Value::String(s) => s.chars().map(|c| Value::string(c.to_string())).collect(),
        Value::Integer(n) if *n >= 0 => {
            check_iteration_size(*n as i128)?;
            (0..*n).map(Value::Integer).collect()
        }
        Value::Iterator(it) => it.elements.clone(),
        Value::Type(t) => match t.resolved() {
            Type::Integer(r) => match (r.from, r.to) {
                (Some(a), Some(b)) => {
                    check_iteration_size(b as i128 - a as i128 + 1)?;
                    (a..=b).map(Value::Integer).collect()
                }
                _ => return Ok(None),
            },
            Type::Enum { values, .. } => values.iter().map(|s| Value::string(s.as_str())).collect(),
            _ => return Ok(None),
        },
        _ => return Ok(None),
    }))
}

/// `Timestamp(string, format, timezone)`: `format` is one format, a list
/// (the first that parses wins), or `default`/undef for Puppet's defaults.
fn timestamp_with_formats(s: &str, format: &Value, tz: Option<&str>) -> Result<Value> {
    let list: Vec<&str>;
    let formats = match format {
        Value::String(f) => TimestampFormats::One(f.as_str()),
        Value::Array(fs) => {
            list = fs.iter().filter_map(|f| f.as_str()).collect();
            TimestampFormats::List(&list)
        }
        Value::Default | Value::Undef => TimestampFormats::Default,
        other => return Err(cannot_convert("Timestamp", other)),
    };
    Ok(Value::timestamp(Timestamp::parse_puppet(s, formats, tz)?))
}

/// How Puppet's type mismatch describer names the type of an argument that
/// does not match a `String` parameter: the detailed type without
/// parameters (`Tuple`, `Struct`, `Integer`), `Type[T]` for types.
fn mismatch_type_name(v: &Value) -> String {
    match v {
        Value::Type(t) => format!("Type[{}]", crate::types::format::type_to_string(&crate::types::calc::generalize(t))),
        other => {
            let t = type_to_string(&crate::types::calc::infer_set(other));
            t.split('[').next().unwrap_or("").to_string()
        }
    }
}

/// `ruby_class` is re-exported for message building in callers.
pub fn value_class_name(v: &Value) -> String {
    ruby_class(v)
}

/// The positional arguments of a `new` called with the named-arguments hash
/// of its type (`Float({from => '1', abs => true})`, `Binary({value =>
/// ..., format => ...})`, `SemVer({major => 1, ...})`, `SemVerRange({min =>
/// ..., max => ...})`); `None` for any other call. (Integer's hash, and
/// Timespan's and Timestamp's, are read by their own conversions.)
fn named_arguments(t: &Type, args: &[Value]) -> Option<Vec<Value>> {
    let [Value::Hash(h)] = args else { return None };
    if !crate::functions::misc::new_takes_named(t, args) {
        return None;
    }
    let get = |k: &str| h.get(&crate::value::StrKey(k)).cloned();
    match t.resolved() {
        Type::Float(_) | Type::Numeric => {
            let from = get("from")?;
            Some(vec![from, get("abs").unwrap_or(Value::Boolean(false))])
        }
        Type::Binary => match get("value")? {
            v @ Value::Array(_) => Some(vec![v]),
            v => Some(match get("format").filter(|f| !f.is_undef()) {
                Some(f) => vec![v, f],
                None => vec![v],
            }),
        },
        Type::SemVer(_) => {
            let mut out = vec![get("major")?, get("minor")?, get("patch")?];
            let pre = get("prerelease").filter(|v| !v.is_undef());
            let build = get("build").filter(|v| !v.is_undef());
            if pre.is_some() || build.is_some() {
                out.push(pre.unwrap_or(Value::Undef));
            }
            out.extend(build);
            Some(out)
        }
        Type::SemVerRange => Some(vec![
            get("min")?,
            get("max").unwrap_or(Value::Default),
            get("exclude_max").unwrap_or(Value::Boolean(false)),
        ]),
        _ => None,
    }
}

/// `Hash.new(pairs, 'tree' | 'hash_tree')` (Puppet's `from_tree`): each
/// `[path, value]` sets the value at that path, creating hashes on the way
/// (an array met on the way is indexed into); with `hash_tree`, arrays in
/// the values become hashes keyed by index. Ruby's errors where a path
/// meets a value that cannot hold it.
fn hash_from_tree(pairs: &[Value], all_hashes: bool) -> Result<Value> {
    enum Node {
        Hash(Vec<(Value, Node)>),
        Array(Vec<Node>),
        Leaf(Value),
    }
    fn node(v: Value, all_hashes: bool) -> Node {
        match v {
            Value::Array(a) if all_hashes => {
                Node::Hash(a.iter().enumerate().map(|(i, e)| (Value::Integer(i as i64), node(e.clone(), true))).collect())
            }
            Value::Array(a) => Node::Array(a.iter().map(|e| node(e.clone(), false)).collect()),
            Value::Hash(h) => Node::Hash(h.iter().map(|(k, e)| (k.clone(), node(e.clone(), false))).collect()),
            other => Node::Leaf(other),
        }
    }
    fn value(n: Node) -> Value {
        match n {
            Node::Hash(es) => Value::hash(es.into_iter().map(|(k, v)| (k, value(v)))),
            Node::Array(es) => Value::array(es.into_iter().map(value).collect()),
            Node::Leaf(v) => v,
        }
    }
    fn class_name(v: &Value) -> String {
        match v {
            Value::Undef => "nil:NilClass".into(),
            other => format!("{}:{}", crate::display::ruby_to_s(other), ruby_class(other)),
        }
    }
    fn no_method(method: &str, v: &Value) -> Error {
        // Ruby 3.1 quotes the failing line of Puppet's code.
        let excerpt = if method == "[]=" {
            "\n\n            r[path[-1]]= (all_hashes ? PHashType.array_as_hash(value) : value)\n             ^^^^^^^^^^^"
        } else {
            "\n\n            r = path[0..-2].reduce(result) {|memo, idx| (memo.is_a?(Array) || memo.has_key?(idx)) ? memo[idx] : memo[idx] = {}}\n                                                                                  ^^^^^^^^^"
        };
        let hint = if method == "[]=" && matches!(v, Value::Integer(_)) { "\nDid you mean?  []" } else { "" };
        Error::argument(format!("undefined method `{method}' for {}{excerpt}{hint}", class_name(v)))
    }
    let mut root: Vec<(Value, Node)> = Vec::new();
    for entry in pairs {
        let (path, v) = match entry.as_array().map(|e| &e[..]) {
            Some([Value::Array(p), v]) => (p.clone(), v.clone()),
            _ => return Err(Error::argument("Hash.new: expected [path, value] pairs")),
        };
        if path.is_empty() {
            match v {
                Value::Array(a) => {
                    for (i, e) in a.iter().enumerate() {
                        let k = Value::Integer(i as i64);
                        root.retain(|(x, _)| *x != k);
                        root.push((k, Node::Leaf(e.clone())));
                    }
                }
                Value::Hash(h) => {
                    for (k, e) in h.iter() {
                        match root.iter_mut().find(|(x, _)| x == k) {
                            Some(slot) => slot.1 = node(e.clone(), false),
                            None => root.push((k.clone(), node(e.clone(), false))),
                        }
                    }
                }
                other => {
                    return Err(Error::argument(format!("no implicit conversion of {} into Hash", ruby_class(&other))));
                }
            }
            continue;
        }
        // Walks `path[0..-1]` from the root, then sets the last key.
        fn set(cur: &mut Node, path: &[Value], new: Node) -> Result<()> {
            let (idx, rest) = path.split_first().expect("not empty");
            if rest.is_empty() {
                return match cur {
                    Node::Hash(es) => {
                        match es.iter_mut().find(|(k, _)| k == idx) {
                            Some(slot) => slot.1 = new,
                            None => es.push((idx.clone(), new)),
                        }
                        Ok(())
                    }
                    Node::Array(es) => match idx {
                        Value::Integer(i) if *i >= 0 => {
                            let i = *i as usize;
                            while es.len() <= i {
                                es.push(Node::Leaf(Value::Undef));
                            }
                            es[i] = new;
                            Ok(())
                        }
                        other => Err(Error::argument(format!("no implicit conversion of {} into Integer", ruby_class(other)))),
                    },
                    Node::Leaf(Value::String(s)) => Err(Error::argument(format!(
                        "can't modify frozen String: {}",
                        crate::display::ruby_inspect(&Value::String(s.clone()))
                    ))),
                    Node::Leaf(other) => Err(no_method("[]=", other)),
                };
            }
            let next = match cur {
                Node::Hash(es) => {
                    let i = match es.iter().position(|(k, _)| k == idx) {
                        Some(i) => i,
                        None => {
                            es.push((idx.clone(), Node::Hash(vec![])));
                            es.len() - 1
                        }
                    };
                    &mut es[i].1
                }
                Node::Array(es) => match idx {
                    Value::Integer(i) => {
                        let len = es.len() as i64;
                        let j = if *i < 0 { i + len } else { *i };
                        if j < 0 || j >= len {
                            return Err(no_method("[]=", &Value::Undef));
                        }
                        &mut es[j as usize]
                    }
                    other => {
                        return Err(Error::argument(format!("no implicit conversion of {} into Integer", ruby_class(other))));
                    }
                },
                Node::Leaf(v) => return Err(no_method("has_key?", v)),
            };
            crate::value::guard_stack(|| set(next, rest, new))
        }
        let mut root_node = Node::Hash(std::mem::take(&mut root));
        let result = set(&mut root_node, &path, node(v, all_hashes));
        if let Node::Hash(es) = root_node {
            root = es;
        }
        result?;
    }
    Ok(value(Node::Hash(root)))
}
