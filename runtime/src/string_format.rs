//! `String(x)`, `String(x, format)` (Puppet's `StringConverter`) and
//! `sprintf` (Ruby's `Kernel#format`): flags `- + space 0 #`, width,
//! precision, and the conversions `d i u x X o b B e E f g G a A s p c %`.
//!
//! Defaults as Puppet: top-level values print like interpolation except that
//! a Float prints as `%f`... no: see `string_convert`; values inside arrays
//! and hashes print in `%p` form (strings quoted).

use crate::display::{puppet_double_quote, puppet_quote, ruby_float_to_s, scalar_to_s, to_string_in_type};
use crate::error::{Error, Result};
use crate::types::format::type_to_string;
use crate::value::{guard_stack, Value};

/// A parsed `%<flags><width>.<prec><conv>` directive.
#[derive(Clone, Debug, Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    zero: bool,
    alt: bool,
    width: Option<usize>,
    prec: Option<usize>,
    conv: char,
    /// Puppet container delimiters flag (`[ { ( < |`).
    delim: Option<char>,
}

fn pad(spec: &Spec, body: String, numeric: bool) -> String {
    let len = body.chars().count();
    let Some(w) = spec.width else { return body };
    if len >= w {
        return body;
    }
    let fill = w - len;
    if spec.left {
        format!("{body}{}", " ".repeat(fill))
    } else if spec.zero && numeric {
        // Zeros go after the sign / radix prefix.
        let (sign, rest) = split_sign_prefix(&body);
        format!("{sign}{}{rest}", "0".repeat(fill))
    } else {
        format!("{}{body}", " ".repeat(fill))
    }
}

fn split_sign_prefix(s: &str) -> (&str, &str) {
    let mut i = 0;
    let b = s.as_bytes();
    if i < b.len() && (b[i] == b'-' || b[i] == b'+' || b[i] == b' ') {
        i += 1;
    }
    if i + 1 < b.len() && b[i] == b'0' && matches!(b[i + 1], b'x' | b'X' | b'b' | b'B') {
        i += 2;
    }
    s.split_at(i)
}

fn sign_str(spec: &Spec, negative: bool) -> &'static str {
    if negative {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

fn format_int(spec: &Spec, v: i64) -> String {
    let neg = v < 0;
    let mag = v.unsigned_abs();
    let (digits, prefix) = match spec.conv {
        'x' => (format!("{mag:x}"), "0x"),
        'X' => (format!("{mag:X}"), "0X"),
        'o' => (format!("{mag:o}"), "0"),
        'b' => (format!("{mag:b}"), "0b"),
        'B' => (format!("{mag:b}"), "0B"),
        _ => (mag.to_string(), ""),
    };
    let digits = match spec.prec {
        Some(p) if digits.len() < p => format!("{}{}", "0".repeat(p - digits.len()), digits),
        _ => digits,
    };
    let prefix = if spec.alt && mag != 0 { prefix } else { "" };
    let body = format!("{}{}{}", sign_str(spec, neg), prefix, digits);
    let mut s = spec.clone();
    if spec.prec.is_some() {
        s.zero = false;
    }
    pad(&s, body, true)
}

fn format_float(spec: &Spec, f: f64) -> String {
    if !f.is_finite() {
        let body = format!(
            "{}{}",
            sign_str(spec, f < 0.0),
            if f.is_nan() { "NaN" } else { "Inf" }
        );
        let mut s = spec.clone();
        s.zero = false;
        return pad(&s, body, false);
    }
    let neg = f.is_sign_negative() && f != 0.0 || (f == 0.0 && f.is_sign_negative());
    let a = f.abs();
    let p = spec.prec.unwrap_or(6);
    let digits = match spec.conv {
        'f' => format!("{a:.p$}"),
        'e' | 'E' => exp_form(a, p, spec.conv == 'E'),
        'g' | 'G' => {
            let p = if p == 0 { 1 } else { p };
            let exp = if a == 0.0 { 0 } else { a.log10().floor() as i32 };
            // Use the exponent after rounding to p significant digits.
            let e_form = exp_form(a, p - 1, spec.conv == 'G');
            let exp = e_form
                .rsplit_once(['e', 'E'])
                .and_then(|(_, e)| e.parse::<i32>().ok())
                .unwrap_or(exp);
            let mut s = if exp < -4 || exp >= p as i32 {
                e_form
            } else {
                let decimals = (p as i32 - 1 - exp).max(0) as usize;
                format!("{a:.decimals$}")
            };
            if !spec.alt {
                s = strip_g_zeros(&s);
            }
            s
        }
        _ => ruby_float_to_s(a),
    };
    let body = format!("{}{}", sign_str(spec, neg), digits);
    pad(spec, body, true)
}

fn strip_g_zeros(s: &str) -> String {
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    };
    let mant = if mant.contains('.') { mant.trim_end_matches('0').trim_end_matches('.') } else { mant };
    format!("{mant}{exp}")
}

fn exp_form(a: f64, p: usize, upper: bool) -> String {
    let s = format!("{a:.p$e}");
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    format!("{}{}{}{:02}", m, if upper { 'E' } else { 'e' }, if e < 0 { '-' } else { '+' }, e.abs())
}

fn parse_spec(chars: &[char], mut i: usize, allow_delims: bool) -> Option<(Spec, usize)> {
    let mut s = Spec::default();
    while i < chars.len() {
        match chars[i] {
            '-' => s.left = true,
            '+' => s.plus = true,
            ' ' => s.space = true,
            '0' => s.zero = true,
            '#' => s.alt = true,
            c @ ('[' | '{' | '(' | '<' | '|') if allow_delims => s.delim = Some(c),
            _ => break,
        }
        i += 1;
    }
    let mut w = String::new();
    while i < chars.len() && chars[i].is_ascii_digit() {
        w.push(chars[i]);
        i += 1;
    }
    if !w.is_empty() {
        s.width = w.parse().ok();
    }
    if i < chars.len() && chars[i] == '.' {
        i += 1;
        let mut p = String::new();
        while i < chars.len() && chars[i].is_ascii_digit() {
            p.push(chars[i]);
            i += 1;
        }
        s.prec = Some(p.parse().unwrap_or(0));
    }
    let c = *chars.get(i)?;
    s.conv = c;
    Some((s, i + 1))
}

/// Ruby `inspect` of a value as `%p` shows it (strings double-quoted).
fn ruby_p(v: &Value) -> String {
    match v {
        Value::String(s) => puppet_double_quote(s).replace("\\$", "$"),
        Value::Undef => "nil".into(),
        other => crate::display::ruby_inspect(other),
    }
}

fn format_one(spec: &Spec, arg: &Value) -> Result<String> {
    let bad = || {
        Error::argument(format!(
            "invalid value for Integer(): \"{}\"",
            scalar_to_s(arg)
        ))
    };
    Ok(match spec.conv {
        'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'b' | 'B' => {
            let n = match arg {
                Value::Integer(i) => *i,
                Value::Float(f) => f.floor() as i64,
                Value::String(s) => match crate::convert::to_number(s) {
                    Some(Value::Integer(i)) => i,
                    Some(Value::Float(f)) => f.floor() as i64,
                    _ => return Err(bad()),
                },
                Value::Undef => return Err(Error::argument("can't convert nil into Integer")),
                _ => return Err(bad()),
            };
            format_int(spec, n)
        }
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => {
            let f = match arg {
                Value::Integer(i) => *i as f64,
                Value::Float(f) => *f,
                Value::String(s) => match crate::convert::to_number(s) {
                    Some(Value::Integer(i)) => i as f64,
                    Some(Value::Float(f)) => f,
                    _ => return Err(Error::argument(format!("invalid value for Float(): \"{s}\""))),
                },
                _ => return Err(Error::argument("can't convert into Float")),
            };
            format_float(spec, f)
        }
        's' => {
            let s = crate::display::ruby_to_s(arg);
            let s = match spec.prec {
                Some(p) => s.chars().take(p).collect(),
                None => s,
            };
            pad(spec, s, false)
        }
        'p' => {
            let s = ruby_p(arg);
            let s = match spec.prec {
                Some(p) => s.chars().take(p).collect(),
                None => s,
            };
            pad(spec, s, false)
        }
        'c' => {
            let s = match arg {
                Value::Integer(i) => char::from_u32(*i as u32).map(|c| c.to_string()).unwrap_or_default(),
                Value::String(s) => s.chars().next().map(|c| c.to_string()).unwrap_or_default(),
                _ => return Err(bad()),
            };
            pad(spec, s, false)
        }
        c => return Err(Error::argument(format!("malformed format string - %{c}"))),
    })
}

/// Ruby's `Kernel#format` as Puppet's `sprintf` function exposes it.
/// Supports `%<name>s` / `%{name}` references into a single hash argument.
pub fn sprintf(fmt: &str, args: &[Value]) -> Result<String> {
    let chars: Vec<char> = fmt.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    let mut next_arg = 0;
    while i < chars.len() {
        let c = chars[i];
        if c != '%' {
            out.push(c);
            i += 1;
            continue;
        }
        if chars.get(i + 1) == Some(&'%') {
            out.push('%');
            i += 2;
            continue;
        }
        // Named references: %<name>fmt and %{name}.
        if matches!(chars.get(i + 1), Some('<') | Some('{')) {
            let close = if chars[i + 1] == '<' { '>' } else { '}' };
            let start = i + 2;
            let Some(end) = chars[start..].iter().position(|c| *c == close).map(|p| p + start) else {
                return Err(Error::argument("malformed name - unmatched parenthesis"));
            };
            let name: String = chars[start..end].iter().collect();
            let h = args.first().and_then(|a| a.as_hash()).ok_or_else(|| Error::argument("one hash required"))?;
            let v = h
                .get(&Value::string(name.clone()))
                .cloned()
                .ok_or_else(|| Error::argument(format!("key<{name}> not found")))?;
            if close == '}' {
                out.push_str(&crate::display::to_interpolated_string(&v));
                i = end + 1;
            } else {
                let (spec, ni) = parse_spec(&chars, end + 1, false)
                    .ok_or_else(|| Error::argument("incomplete format specifier; use %% (double %) instead"))?;
                out.push_str(&format_one(&spec, &v)?);
                i = ni;
            }
            continue;
        }
        let (spec, ni) = parse_spec(&chars, i + 1, false)
            .ok_or_else(|| Error::argument("incomplete format specifier; use %% (double %) instead"))?;
        let arg = args.get(next_arg).ok_or_else(|| Error::argument("too few arguments"))?;
        next_arg += 1;
        out.push_str(&format_one(&spec, arg)?);
        i = ni;
    }
    Ok(out)
}

/// `String(v)` and `String(v, format)`: Puppet's `StringConverter` with its
/// default formats (containers show their elements in `%p` form, so strings
/// inside arrays and hashes are quoted) or a single format string that
/// applies to the value's type.
pub fn string_convert(v: &Value, format: Option<&Value>) -> Result<String> {
    match format {
        None | Some(Value::Default) => Ok(default_string(v, false)),
        Some(Value::String(f)) => format_with(v, f),
        Some(other) => Err(Error::argument(format!(
            "string conversion expects a Default value or a Hash of type to format mappings, got a '{}'",
            crate::label::ruby_class(other)
        ))),
    }
}

fn default_string(v: &Value, nested: bool) -> String {
    guard_stack(|| match v {
        Value::String(s) => {
            if nested {
                puppet_quote(s)
            } else {
                s.to_string()
            }
        }
        Value::Undef => {
            if nested {
                "undef".into()
            } else {
                String::new()
            }
        }
        Value::Float(f) => {
            if nested {
                ruby_float_to_s(*f)
            } else {
                // The default format of a top-level Float is `%f`.
                format_float(&Spec { conv: 'f', ..Spec::default() }, *f)
            }
        }
        Value::Regexp(r) if !nested => r.source().to_string(),
        Value::Array(a) => {
            let parts: Vec<String> = a.iter().map(|e| default_string(e, true)).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Hash(h) => {
            let parts: Vec<String> =
                h.iter().map(|(k, e)| format!("{} => {}", default_string(k, true), default_string(e, true))).collect();
            format!("{{{}}}", parts.join(", "))
        }
        Value::Type(t) => type_to_string(t),
        Value::Timespan(_) | Value::Timestamp(_) | Value::SemVer(_) | Value::SemVerRange(_) if nested => {
            to_string_in_type(v)
        }
        Value::Binary(_) if nested => format!("Binary(\"{}\")", scalar_to_s(v)),
        other => scalar_to_s(other),
    })
}

fn format_with(v: &Value, fmt: &str) -> Result<String> {
    let chars: Vec<char> = fmt.chars().collect();
    let valid = chars.first() == Some(&'%');
    let parsed = if valid { parse_spec(&chars, 1, true) } else { None };
    let Some((spec, end)) = parsed.filter(|(s, e)| *e == chars.len() && s.conv.is_ascii_alphabetic()) else {
        return Err(Error::argument(format!(
            "The format '{fmt}' is not a valid format on the form '%<flags><width>.<prec><format>'"
        )));
    };
    let _ = end;
    let illegal = |tname: &str, expected: &str| {
        Error::argument(format!(
            "Illegal format '{}' specified for value of {} type - expected one of the characters '{}'",
            spec.conv, tname, expected
        ))
    };
    match v {
        Value::Integer(i) => match spec.conv {
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'p' => {
                let mut s = spec.clone();
                if s.conv == 'p' {
                    s.conv = 'd';
                }
                Ok(format_int(&s, *i))
            }
            'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => Ok(format_float(&spec, *i as f64)),
            's' => Ok(pad(&spec, i.to_string(), false)),
            'c' => format_one(&spec, v),
            _ => Err(illegal("Integer", "dxXobBeEfgGaAspc")),
        },
        Value::Float(f) => match spec.conv {
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' => Ok(format_int(&spec, f.trunc() as i64)),
            'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => Ok(format_float(&spec, *f)),
            'p' => Ok(pad(&spec, ruby_float_to_s(*f), false)),
            's' => {
                let s = ruby_float_to_s(*f);
                Ok(pad(&spec, if spec.alt { format!("\"{s}\"") } else { s }, false))
            }
            _ => Err(illegal("Float", "dxXobBeEfgGaAsp")),
        },
        Value::String(s) => {
            let q = |x: String| if spec.alt { pad(&Spec { width: spec.width, left: spec.left, ..Spec::default() }, puppet_quote(&x), false) } else { pad(&spec, x, false) };
            match spec.conv {
                's' => Ok(pad(&spec, s.to_string(), false)),
                'p' => Ok(pad(
                    &Spec { width: spec.width, left: spec.left, prec: spec.prec, ..Spec::default() },
                    if spec.alt { puppet_double_quote(s) } else { puppet_quote(s) },
                    false,
                )),
                'c' => Ok(q(capitalize(s))),
                'C' => Ok(q(s.split("::").map(capitalize).collect::<Vec<_>>().join("::"))),
                'u' => Ok(q(s.to_uppercase())),
                'd' => Ok(q(s.to_lowercase())),
                't' => Ok(q(s.trim().to_string())),
                _ => Err(illegal("String", "cCudspt")),
            }
        }
        Value::Boolean(b) => {
            let flags = |x: String| pad(&Spec { width: spec.width, left: spec.left, ..Spec::default() }, x, false);
            let pick = |s: &str| if spec.alt { s[..1].to_string() } else { s.to_string() };
            match spec.conv {
                't' => Ok(flags(pick(if *b { "true" } else { "false" }))),
                'T' => Ok(flags(pick(if *b { "True" } else { "False" }))),
                'y' => Ok(flags(pick(if *b { "yes" } else { "no" }))),
                'Y' => Ok(flags(pick(if *b { "Yes" } else { "No" }))),
                'd' | 'x' | 'X' | 'o' | 'b' | 'B' => Ok(format_int(&spec, *b as i64)),
                'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => Ok(format_float(&spec, if *b { 1.0 } else { 0.0 })),
                's' | 'p' => Ok(flags(b.to_string())),
                _ => Err(illegal("Boolean", "tTyYdxXobBeEfgGaAsp")),
            }
        }
        Value::Undef => {
            let flags = |x: &str| pad(&Spec { width: spec.width, left: spec.left, ..Spec::default() }, x.to_string(), false);
            Ok(flags(match spec.conv {
                'n' => if spec.alt { "null" } else { "nil" },
                'u' => if spec.alt { "undefined" } else { "undef" },
                'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => "NaN",
                'v' => "n/a",
                'V' => "N/A",
                's' => if spec.alt { "\"\"" } else { "" },
                'p' => if spec.alt { "\"undef\"" } else { "undef" },
                _ => return Err(illegal("Undef", "nudxXobBeEfgGaAvVsp")),
            }))
        }
        Value::Array(a) => match spec.conv {
            'a' | 's' | 'p' => {
                let (open, close) = delimiters(&spec, ('[', ']'));
                let parts: Vec<String> = a.iter().map(|e| default_string(e, true)).collect();
                Ok(format!("{open}{}{close}", parts.join(", ")))
            }
            _ => Err(illegal("Array", "asp")),
        },
        Value::Hash(h) => match spec.conv {
            'h' | 's' | 'p' => {
                let (open, close) = delimiters(&spec, ('{', '}'));
                let parts: Vec<String> =
                    h.iter().map(|(k, e)| format!("{} => {}", default_string(k, true), default_string(e, true))).collect();
                Ok(format!("{open}{}{close}", parts.join(", ")))
            }
            'a' => {
                let parts: Vec<String> = h
                    .iter()
                    .map(|(k, e)| format!("[{}, {}]", default_string(k, true), default_string(e, true)))
                    .collect();
                Ok(format!("[{}]", parts.join(", ")))
            }
            _ => Err(illegal("Hash", "hasp")),
        },
        Value::Regexp(r) => match spec.conv {
            'p' => Ok(pad(&spec, r.to_delimited(), false)),
            's' => Ok(pad(&spec, if spec.alt { puppet_quote(r.source()) } else { r.source().to_string() }, false)),
            _ => Err(illegal("Regexp", "sp")),
        },
        Value::Default => {
            let s = match spec.conv {
                'd' | 's' | 'p' => if spec.alt { "\"default\"" } else { "default" },
                'D' => if spec.alt { "\"Default\"" } else { "Default" },
                _ => return Err(illegal("Default", "dDsp")),
            };
            Ok(pad(&Spec { width: spec.width, left: spec.left, ..Spec::default() }, s.to_string(), false))
        }
        other => match spec.conv {
            's' => Ok(pad(&spec, default_string(other, false), false)),
            'p' => Ok(pad(&spec, default_string(other, true), false)),
            _ => Ok(default_string(other, false)),
        },
    }
}

fn delimiters(spec: &Spec, default: (char, char)) -> (String, String) {
    let pair = match spec.delim {
        Some('[') => ('[', ']'),
        Some('{') => ('{', '}'),
        Some('(') => ('(', ')'),
        Some('<') => ('<', '>'),
        Some('|') => ('|', '|'),
        _ => {
            if spec.space {
                return (String::new(), String::new());
            }
            default
        }
    };
    (pair.0.to_string(), pair.1.to_string())
}

fn capitalize(s: &str) -> String {
    let mut cs = s.chars();
    match cs.next() {
        Some(f) => f.to_uppercase().chain(cs.flat_map(|c| c.to_lowercase())).collect(),
        None => String::new(),
    }
}
