//! `String(x)`, `String(x, format)` (Puppet's `StringConverter`) and
//! `sprintf` (Ruby's `Kernel#format`): flags `- + space 0 #`, width,
//! precision, and the conversions `d i u x X o b B e E f g G a A s p c %`.
//!
//! `String(x, format)` itself is the port of Puppet's `StringConverter` in
//! `string_converter`, which formats scalars through `ruby_format`.

use crate::display::{puppet_double_quote, ruby_float_to_s};
use crate::error::{Error, Result};
use crate::value::Value;

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

/// Ruby's two's complement form of a negative number in base 16, 8 or 2
/// (`format('%x', -12)` is `..f4`): the digits of the infinite sign
/// extension, with one leading "all ones" digit kept.
fn twos_complement(v: i64, conv: char) -> String {
    let (bits, ones) = match conv {
        'x' | 'X' => (4, 'f'),
        'o' => (3, '7'),
        _ => (1, '1'),
    };
    let mut digits = Vec::new();
    let mut n = v as i128;
    for _ in 0..(128 / bits) {
        let d = (n & ((1 << bits) - 1)) as u32;
        digits.push(std::char::from_digit(d, 1 << bits).unwrap_or('0'));
        n >>= bits;
    }
    while digits.len() > 1 && digits[digits.len() - 1] == ones && digits[digits.len() - 2] == ones {
        digits.pop();
    }
    let s: String = digits.into_iter().rev().collect();
    if conv == 'X' { s.to_uppercase() } else { s }
}

fn format_int(spec: &Spec, v: i64) -> String {
    if v < 0 && !spec.plus && !spec.space && matches!(spec.conv, 'x' | 'X' | 'o' | 'b' | 'B') {
        // Ruby adds no `0` octal prefix to a two's complement form.
        let prefix = match spec.conv {
            'x' if spec.alt => "0x",
            'X' if spec.alt => "0X",
            'b' if spec.alt => "0b",
            'B' if spec.alt => "0B",
            _ => "",
        };
        let body = format!("{prefix}..{}", twos_complement(v, spec.conv));
        let mut s = spec.clone();
        s.zero = false;
        return pad(&s, body, false);
    }
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
        'a' | 'A' => hex_float(a, spec.alt, spec.conv == 'A'),
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

/// C's `%a`: `0x1.8p+1` (shortest exact hex mantissa), `#` keeps the point.
fn hex_float(a: f64, alt: bool, upper: bool) -> String {
    let s = if a == 0.0 {
        format!("0x0{}p+0", if alt { "." } else { "" })
    } else {
        let bits = a.to_bits();
        let raw_exp = ((bits >> 52) & 0x7ff) as i64;
        let mut mant = bits & ((1u64 << 52) - 1);
        let (lead, exp) = if raw_exp == 0 {
            // Subnormal: 0x0.xxxp-1022.
            (0, -1022)
        } else {
            (1, raw_exp - 1023)
        };
        let mut digits = format!("{mant:013x}");
        while digits.ends_with('0') {
            digits.pop();
        }
        if digits.is_empty() {
            mant = 0;
        }
        let frac = if mant == 0 { if alt { ".".to_string() } else { String::new() } } else { format!(".{digits}") };
        format!("0x{lead}{frac}p{}{}", if exp < 0 { '-' } else { '+' }, exp.abs())
    };
    if upper { s.to_uppercase() } else { s }
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

/// Widths and precisions above this are refused (Ruby would try to allocate
/// the string; a runtime must not abort on user input).
const MAX_WIDTH: usize = 1 << 24;

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
    if s.width.is_some_and(|w| w > MAX_WIDTH) || s.prec.is_some_and(|p| p > MAX_WIDTH) {
        return None;
    }
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

/// The Ruby class name used in `can't convert X into Integer`: `true`,
/// `false` and `nil` are named by value.
fn convert_name(v: &Value) -> String {
    match v {
        Value::Boolean(b) => b.to_string(),
        Value::Undef => "nil".into(),
        other => crate::label::ruby_class(other),
    }
}

fn format_one(spec: &Spec, arg: &Value) -> Result<String> {
    Ok(match spec.conv {
        'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'b' | 'B' => {
            let n = match arg {
                Value::Integer(i) => *i,
                Value::Float(f) => {
                    let t = f.trunc();
                    if t.is_finite() && (-9.223372036854776e18..9.223372036854776e18).contains(&t) {
                        t as i64
                    } else if matches!(spec.conv, 'd' | 'i' | 'u') && t.is_finite() {
                        // Ruby formats the exact (bignum) value of the float.
                        return Ok(pad(spec, format!("{}{t:.0}", if t >= 0.0 { sign_str(spec, false) } else { "" }), true));
                    } else {
                        return Err(Error::argument(format!("can't convert {} into Integer", ruby_float_to_s(*f))));
                    }
                }
                Value::String(s) => crate::convert::ruby_integer(s, None)
                    .ok_or_else(|| Error::argument(format!("invalid value for Integer(): \"{s}\"")))?,
                other => return Err(Error::argument(format!("can't convert {} into Integer", convert_name(other)))),
            };
            format_int(spec, n)
        }
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => {
            let f = match arg {
                Value::Integer(i) => *i as f64,
                Value::Float(f) => *f,
                Value::String(s) => crate::convert::ruby_float(s)
                    .ok_or_else(|| Error::argument(format!("invalid value for Float(): \"{s}\"")))?,
                other => return Err(Error::argument(format!("can't convert {} into Float", convert_name(other)))),
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
            let code = |i: i64| {
                u32::try_from(i)
                    .ok()
                    .and_then(char::from_u32)
                    .map(|c| c.to_string())
                    .ok_or_else(|| Error::argument("invalid character"))
            };
            let s = match arg {
                Value::Integer(i) => code(*i)?,
                Value::Float(f) => code(f.trunc() as i64)?,
                Value::String(s) if s.chars().count() == 1 => s.to_string(),
                Value::String(_) => return Err(Error::argument("%c requires a character")),
                other => {
                    return Err(Error::argument(format!("no implicit conversion of {} into Integer", convert_name(other))));
                }
            };
            pad(spec, s, false)
        }
        c => return Err(Error::argument(format!("malformed format string - %{c}"))),
    })
}

/// Puppet's `sprintf` function: a 3.x function, so `undef` arguments arrive
/// as empty strings, then Ruby's `Kernel#format`.
pub fn sprintf(fmt: &str, args: &[Value]) -> Result<String> {
    let args: Vec<Value> = args.iter().map(|a| if a.is_undef() { Value::string("") } else { a.clone() }).collect();
    kernel_format(fmt, &args)
}

/// Ruby's `Kernel#format`. Supports `%<name>s` / `%{name}` references into a
/// single hash argument.
pub fn kernel_format(fmt: &str, args: &[Value]) -> Result<String> {
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

/// `String(v)` and `String(v, format)`: see [`crate::string_converter`].
pub fn string_convert(v: &Value, format: Option<&Value>) -> Result<String> {
    crate::string_converter::convert(v, format)
}

/// Ruby's `Kernel#format` with a single argument (what the string converter
/// applies to scalars).
pub fn ruby_format(fmt: &str, arg: &Value) -> Result<String> {
    kernel_format(fmt, std::slice::from_ref(arg))
}
