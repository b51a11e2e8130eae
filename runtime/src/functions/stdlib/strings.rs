//! stdlib's string and conversion functions: `str2bool`, `bool2str`,
//! `bool2num`, `num2bool`, `any2bool`, `base64`, `dirname`, `basename`,
//! `uriescape`, `shell_join`, `enclose_ipv6`, and Ruby's `IPAddr`
//! parsing and printing that `enclose_ipv6` and `is_ip_address` rely on.

use std::net::{Ipv4Addr, Ipv6Addr};

use super::{class, inspect, perr, to_s, Reg};
use crate::functions::util::no_method;
use crate::functions::{FnResult, Host, Unwind};
use crate::value::Value;

pub(crate) fn register(r: &mut Reg) {
    r.v3("str2bool", -1, str2bool);
    r.v3("bool2str", -1, bool2str);
    r.v3("bool2num", -1, bool2num);
    r.v3("num2bool", -1, num2bool);
    r.v3("any2bool", -1, any2bool);
    r.v3("base64", -1, base64);
    r.v3("dirname", -1, dirname);
    r.v3("basename", -1, basename);
    r.v3("uriescape", -1, uriescape);
    r.v3("shell_join", -1, shell_join);
    r.v3("enclose_ipv6", -1, enclose_ipv6);
}

pub(crate) fn str2bool(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(v) = args.first() else {
        return Err(perr(format!("str2bool(): Wrong number of arguments given ({} for 1)", args.len())));
    };
    let s = match v {
        Value::Boolean(_) => return Ok(v.clone()),
        Value::String(s) => s.as_str(),
        _ => return Err(perr("str2bool(): Requires string to work with")),
    };
    // `case string when /^$/ ... when /^(1|t|y|true|yes)$/i`: Ruby's `^`
    // and `$` match at line boundaries, so any line decides.
    let lines: Vec<&str> = if s.is_empty() { vec![""] } else { s.split('\n').collect() };
    let any = |pred: &dyn Fn(&str) -> bool| lines.iter().any(|l| pred(l)) || (s.ends_with('\n') && pred(""));
    if any(&|l| l.is_empty()) {
        return Ok(Value::Boolean(false));
    }
    fn ci(set: &'static [&'static str]) -> impl Fn(&str) -> bool {
        move |l: &str| set.iter().any(|w| w.eq_ignore_ascii_case(l))
    }
    if any(&ci(&["1", "t", "y", "true", "yes"])) {
        return Ok(Value::Boolean(true));
    }
    if any(&ci(&["0", "f", "n", "false", "no"])) || any(&|l: &str| l == "undef" || l == "undefined") {
        return Ok(Value::Boolean(false));
    }
    Err(perr("str2bool(): Unknown type of boolean given"))
}

fn bool2str(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 && args.len() != 3 {
        return Err(perr(format!("bool2str(): Wrong number of arguments given ({} for 3)", args.len())));
    }
    let truthy = |v: Option<&Value>| v.filter(|v| !matches!(v, Value::Undef | Value::Boolean(false))).cloned();
    let t = truthy(args.get(1)).unwrap_or_else(|| Value::string("true"));
    let f = truthy(args.get(2)).unwrap_or_else(|| Value::string("false"));
    let Value::Boolean(b) = args[0] else { return Err(perr("bool2str(): Requires a boolean to work with")) };
    if !matches!(t, Value::String(_)) || !matches!(f, Value::String(_)) {
        return Err(perr("bool2str(): Requires strings to convert to"));
    }
    Ok(if b { t } else { f })
}

fn bool2num(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.is_empty() {
        return Err(perr(format!("bool2num(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    let b = str2bool(host, &args[..1])?;
    Ok(Value::Integer(if b.is_truthy() { 1 } else { 0 }))
}

fn num2bool(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("num2bool(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    let n: i64 = match &args[0] {
        Value::Integer(i) => *i,
        Value::Float(f) => f.trunc() as i64,
        Value::String(s) => match crate::convert::ruby_float(s) {
            Some(f) => f.trunc() as i64,
            None => {
                return Err(perr(format!(
                    "num2bool(): '{s}' does not look like a number: invalid value for Float(): {}",
                    inspect(&args[0])
                )))
            }
        },
        // `number.to_s.to_i`.
        other => crate::functions::numeric::ruby_to_i(&to_s(other)).unwrap_or(0),
    };
    Ok(Value::Boolean(n > 0))
}

fn any2bool(host: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(arg) = args.first() else {
        return Err(perr(format!("any2bool(): Wrong number of arguments given ({} for 1)", args.len())));
    };
    match arg {
        Value::Boolean(_) => Ok(arg.clone()),
        Value::Undef => Ok(Value::Boolean(false)),
        Value::Integer(_) | Value::Float(_) => num2bool(host, &args[..1]),
        Value::String(s) => {
            if crate::convert::ruby_float(s).is_some() {
                num2bool(host, &args[..1])
            } else {
                str2bool(host, &args[..1])
            }
        }
        _ => Ok(Value::Boolean(true)),
    }
}

/// Ruby's `Base64.urlsafe_encode64`.
fn urlsafe(s: &str) -> String {
    s.chars().map(|c| match c {
        '+' => '-',
        '/' => '_',
        c => c,
    }).collect()
}

fn base64(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() < 2 {
        return Err(perr(format!("base64(): Wrong number of arguments ({}; must be >= 2)", args.len())));
    }
    let action = args[0].as_str().filter(|a| matches!(*a, "encode" | "decode"));
    let Some(action) = action else {
        return Err(perr("base64(): the first argument must be one of 'encode' or 'decode'"));
    };
    let Value::String(data) = &args[1] else {
        return Err(perr("base64(): the second argument must be a string to base64"));
    };
    let method = match args.get(2) {
        None => "default",
        Some(m) => match m.as_str() {
            Some(m @ ("default" | "strict" | "urlsafe")) => m,
            _ => return Err(perr("base64(): the third argument must be one of 'default', 'strict', or 'urlsafe'")),
        },
    };
    use crate::display::{base64_encode, base64_encode_lines};
    let bytes = data.as_bytes();
    let out = match (action, method) {
        ("encode", "default") => base64_encode_lines(bytes),
        ("encode", "strict") => base64_encode(bytes),
        ("encode", _) => urlsafe(&base64_encode(bytes)),
        ("decode", "default") => lossy(crate::convert::base64_decode(data, false)?),
        ("decode", "strict") => lossy(strict_decode(data)?),
        _ => {
            // Ruby 3.1: pads a string lacking `=` to a multiple of 4, maps
            // `-_` to `+/`, then decodes strictly.
            let mut s: String = data.chars().map(|c| match c {
                '-' => '+',
                '_' => '/',
                c => c,
            }).collect();
            if !data.ends_with('=') && data.len() % 4 != 0 {
                while !s.len().is_multiple_of(4) {
                    s.push('=');
                }
            }
            lossy(strict_decode(&s)?)
        }
    };
    Ok(Value::string(out))
}

/// Ruby's `Base64.strict_decode64` (`unpack1('m0')`): only the alphabet,
/// length a multiple of 4, padding only at the end.
fn strict_decode(s: &str) -> Result<Vec<u8>, Unwind> {
    let bad = || perr("invalid base64");
    if !s.len().is_multiple_of(4) {
        return Err(bad());
    }
    let body = s.trim_end_matches('=');
    if s.len() - body.len() > 2 || body.contains('=') {
        return Err(bad());
    }
    if !body.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/') {
        return Err(bad());
    }
    crate::convert::base64_decode(body, true).map_err(|_| bad())
}

/// Decoded bytes as a String value. Ruby keeps invalid UTF-8 bytes in a
/// binary string; a Puppet String value must be UTF-8, so they become
/// U+FFFD.
fn lossy(bytes: Vec<u8>) -> String {
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Ruby's `File.dirname` (POSIX).
pub(crate) fn file_dirname(path: &str) -> String {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.starts_with('/') { "/".into() } else { ".".into() };
    }
    match trimmed.rfind('/') {
        None => ".".into(),
        Some(i) => {
            let dir = trimmed[..i].trim_end_matches('/');
            if dir.is_empty() { "/".into() } else { dir.to_string() }
        }
    }
}

/// Ruby's `File.basename(path[, suffix])`.
pub(crate) fn file_basename(path: &str, suffix: Option<&str>) -> String {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.starts_with('/') { "/".into() } else { String::new() };
    }
    let base = trimmed.rsplit('/').next().unwrap_or(trimmed);
    match suffix {
        Some(".*") => match base.rfind('.') {
            Some(i) if i > 0 => base[..i].to_string(),
            _ => base.to_string(),
        },
        Some(suf) if !suf.is_empty() && base.len() > suf.len() && base.ends_with(suf) => {
            base[..base.len() - suf.len()].to_string()
        }
        _ => base.to_string(),
    }
}

fn dirname(_: &mut dyn Host, args: &[Value]) -> FnResult {
    match args {
        [] => Err(perr("dirname(): No arguments given")),
        [Value::String(s)] if s.is_empty() => Err(perr("dirname(): Requires a non-empty string as argument")),
        [Value::String(s)] => Ok(Value::string(file_dirname(s))),
        [_] => Err(perr("dirname(): Requires string as argument")),
        _ => Err(perr(format!("dirname(): Too many arguments given ({})", args.len()))),
    }
}

fn basename(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.is_empty() {
        return Err(perr("basename(): No arguments given"));
    }
    if args.len() > 2 {
        return Err(perr(format!("basename(): Too many arguments given ({})", args.len())));
    }
    let Value::String(path) = &args[0] else { return Err(perr("basename(): Requires string as first argument")) };
    let suffix = match args.get(1) {
        None => None,
        Some(Value::String(s)) => Some(s.as_str()),
        Some(_) => return Err(perr("basename(): Requires string as second argument")),
    };
    Ok(Value::string(file_basename(path, suffix)))
}

/// `URI::DEFAULT_PARSER.escape` (Ruby 3.1: the RFC 2396 parser): every byte
/// outside `-_.!~*'()a-zA-Z0-9;/?:@&=+$,[]` percent-encoded.
fn uri_escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'();/?:@&=+$,[]".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn uriescape(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(v) = args.first() else {
        return Err(perr(format!("uriescape(): Wrong number of arguments given ({} for 1)", args.len())));
    };
    Ok(match v {
        Value::String(s) => Value::string(uri_escape(s)),
        Value::Array(a) => Value::array(
            a.iter()
                .map(|e| match e {
                    Value::String(s) => Value::string(uri_escape(s)),
                    other => other.clone(),
                })
                .collect(),
        ),
        _ => return Err(perr("uriescape(): Requires either array or string to work with")),
    })
}

/// Ruby's `Shellwords.shellescape`.
pub(crate) fn shellescape(s: &str) -> String {
    if s.is_empty() {
        return "''".into();
    }
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || "_-.,:+/@\n".contains(c) {
            if c == '\n' {
                out.push_str("'\n'");
            } else {
                out.push(c);
            }
        } else {
            out.push('\\');
            out.push(c);
        }
    }
    out
}

fn shell_join(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("shell_join(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    let Value::Array(a) = &args[0] else {
        return Err(perr(format!("First argument is not an Array: {}", inspect(&args[0]))));
    };
    Ok(Value::string(a.iter().map(|e| shellescape(&to_s(e))).collect::<Vec<_>>().join(" ")))
}

// ---------------------------------------------------------------------------
// Ruby's IPAddr.

/// An address as Ruby's `IPAddr.new` makes it (prefix applied as a mask).
#[derive(Debug, Clone, Copy)]
pub(crate) enum IpAddr {
    V4(u32),
    V6(u128),
}

/// An `IPAddr` with its prefix length (a network; 32 or 128 for a host).
#[derive(Debug, Clone, Copy)]
pub(crate) struct IpNet {
    pub addr: IpAddr,
    pub prefix: u32,
}

impl IpNet {
    /// `IPAddr#include?(other)`: same family, and `other`'s range inside
    /// this one's.
    pub(crate) fn includes(&self, other: &IpNet) -> bool {
        let range = |n: &IpNet| -> (u128, u128, bool) {
            match n.addr {
                IpAddr::V4(a) => {
                    let host = if n.prefix >= 32 { 0 } else { u32::MAX >> n.prefix };
                    (a as u128, (a | host) as u128, true)
                }
                IpAddr::V6(a) => {
                    let host = if n.prefix >= 128 { 0 } else { u128::MAX >> n.prefix };
                    (a, a | host, false)
                }
            }
        };
        let ((lo, hi, v4), (olo, ohi, ov4)) = (range(self), range(other));
        v4 == ov4 && lo <= olo && ohi <= hi
    }
}

/// `IPAddr.new(text)` with its prefix length.
pub(crate) fn ipaddr_parse_net(text: &str) -> Result<IpNet, String> {
    let addr = ipaddr_parse(text)?;
    let full = match addr {
        IpAddr::V4(_) => 32,
        IpAddr::V6(_) => 128,
    };
    let prefix = match text.split_once('/') {
        None => full,
        Some((_, p)) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => p.parse().unwrap_or(full),
        Some((_, p)) => parse_v4(p).map_or(full, |m| m.leading_ones()),
    };
    Ok(IpNet { addr, prefix })
}

/// `IPAddr.new(text)`; `Err` carries Ruby's `IPAddr::InvalidAddressError`
/// message.
pub(crate) fn ipaddr_parse(text: &str) -> Result<IpAddr, String> {
    let invalid = || format!("invalid address: {text}");
    let (addr, prefix) = match text.split_once('/') {
        Some((a, p)) => (a, Some(p)),
        None => (text, None),
    };
    let addr = addr.strip_prefix('[').and_then(|a| a.strip_suffix(']')).unwrap_or(addr);
    // A zone id (`fe80::1%eth0`) is kept apart in Ruby; it does not change
    // the address.
    let addr_no_zone = addr.split_once('%').map_or(addr, |(a, _)| a);
    let ip = if let Some(v4) = parse_v4(addr) {
        IpAddr::V4(v4)
    } else if let Ok(v6) = addr_no_zone.parse::<Ipv6Addr>() {
        IpAddr::V6(u128::from(v6))
    } else {
        return Err(if addr.contains(':') || addr.contains('.') || addr.is_empty() {
            invalid()
        } else {
            "address family must be specified".to_string()
        });
    };
    let Some(prefix) = prefix else { return Ok(ip) };
    let bits = match ip {
        IpAddr::V4(_) => 32,
        IpAddr::V6(_) => 128,
    };
    let len: u32 = if prefix.bytes().all(|b| b.is_ascii_digit()) && !prefix.is_empty() {
        prefix.parse().map_err(|_| "invalid length".to_string())?
    } else {
        // A netmask (`255.255.255.0`) is accepted for IPv4.
        match (ip, parse_v4(prefix)) {
            (IpAddr::V4(_), Some(m)) if m.leading_ones() + m.trailing_zeros() == 32 => m.leading_ones(),
            _ => return Err(format!("invalid prefix: {prefix}")),
        }
    };
    if len > bits {
        return Err("invalid length".to_string());
    }
    Ok(match ip {
        IpAddr::V4(a) => IpAddr::V4(if len == 0 { 0 } else { a & (u32::MAX << (32 - len)) }),
        IpAddr::V6(a) => IpAddr::V6(if len == 0 { 0 } else { a & (u128::MAX << (128 - len)) }),
    })
}

/// Ruby's IPv4 syntax: four decimal octets, no leading zeros.
fn parse_v4(s: &str) -> Option<u32> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut out = 0u32;
    for p in parts {
        if p.is_empty() || p.len() > 3 || !p.bytes().all(|b| b.is_ascii_digit()) || (p.len() > 1 && p.starts_with('0')) {
            return None;
        }
        let n: u32 = p.parse().ok()?;
        if n > 255 {
            return None;
        }
        out = out << 8 | n;
    }
    Some(out)
}

/// Ruby's `IPAddr#to_s`.
pub(crate) fn ipaddr_to_s(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(a) => Ipv4Addr::from(a).to_string(),
        IpAddr::V6(a) => {
            let groups: Vec<String> = Ipv6Addr::from(a).segments().iter().map(|g| format!("{g:x}")).collect();
            let mut s = groups.join(":");
            // The leftmost longest run of (at least two) zero groups becomes `::`.
            for n in (2..=8).rev() {
                let run = vec!["0"; n].join(":");
                if let Some(i) = find_group_run(&s, &run) {
                    s = format!("{}:{}", &s[..i], &s[i + run.len()..]);
                    break;
                }
            }
            while s.contains(":::") {
                s = s.replace(":::", "::");
            }
            if s == ":" {
                s = "::".into();
            }
            // `::a.b.c.d` and `::ffff:a.b.c.d` print their IPv4 part dotted.
            let tail = |rest: &str| -> Option<String> {
                let (h, l) = rest.split_once(':')?;
                if h.is_empty() || l.is_empty() || h.len() > 4 || l.len() > 4 || l.contains(':') {
                    return None;
                }
                let (h, l) = (u16::from_str_radix(h, 16).ok()?, u16::from_str_radix(l, 16).ok()?);
                Some(format!("{}.{}.{}.{}", h >> 8, h & 0xff, l >> 8, l & 0xff))
            };
            if let Some(rest) = s.strip_prefix("::ffff:")
                && let Some(t) = tail(rest) {
                    return format!("::ffff:{t}");
                }
            if let Some(rest) = s.strip_prefix("::")
                && let Some(t) = tail(rest) {
                    return format!("::{t}");
                }
            s
        }
    }
}

/// The byte index of `run` in `s` on group boundaries (Ruby's `\b` here).
fn find_group_run(s: &str, run: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut from = 0;
    while let Some(off) = s[from..].find(run) {
        let i = from + off;
        let end = i + run.len();
        let left_ok = i == 0 || b[i - 1] == b':';
        let right_ok = end == b.len() || b[end] == b':';
        if left_ok && right_ok {
            return Some(i);
        }
        from = i + 1;
    }
    None
}

fn enclose_ipv6(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("enclose_ipv6(): Wrong number of arguments given {} for 1", args.len())));
    }
    let mut input = Vec::new();
    match &args[0] {
        Value::String(_) => input.push(args[0].clone()),
        Value::Array(a) => super::collections::flatten_into(a, &mut input),
        other => {
            return Err(perr(format!(
                "enclose_ipv6(): Wrong argument type given {} expected String or Array",
                class(other)
            )))
        }
    }
    let mut out: Vec<Value> = Vec::new();
    for v in input.into_iter().filter(|v| !v.is_undef()) {
        let r = match &v {
            Value::String(s) if s.as_str() == "*" => v.clone(),
            Value::String(s) => match ipaddr_parse(s) {
                Ok(ip @ IpAddr::V6(_)) => Value::string(format!("[{}]", ipaddr_to_s(ip))),
                Ok(_) => v.clone(),
                Err(_) => {
                    return Err(perr(format!("enclose_ipv6(): Wrong argument given {s} is not an ip address.")));
                }
            },
            other => return Err(no_method("split", other, &[]).into()),
        };
        if !out.contains(&r) {
            out.push(r);
        }
    }
    Ok(Value::array(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_file_names() {
        for (p, d, b) in [
            ("/a/b/c", "/a/b", "c"),
            ("/a/b/", "/a", "b"),
            ("a", ".", "a"),
            ("/", "/", "/"),
            ("//a", "/", "a"),
            ("a//b", "a", "b"),
            ("", ".", ""),
        ] {
            assert_eq!(file_dirname(p), d, "dirname {p}");
            assert_eq!(file_basename(p, None), b, "basename {p}");
        }
        assert_eq!(file_basename("/a/b.rb", Some(".rb")), "b");
        assert_eq!(file_basename("/a/b.rb", Some(".*")), "b");
        assert_eq!(file_basename("/a/.rb", Some(".rb")), ".rb");
    }

    #[test]
    fn ruby_ipaddr_printing() {
        let p = |s: &str| ipaddr_to_s(ipaddr_parse(s).unwrap());
        assert_eq!(p("::1"), "::1");
        assert_eq!(p("::"), "::");
        assert_eq!(p("2001:db8:0:0:1:0:0:1"), "2001:db8::1:0:0:1");
        assert_eq!(p("fe80::1/64"), "fe80::");
        assert_eq!(p("::ffff:1.2.3.4"), "::ffff:1.2.3.4");
        assert_eq!(p("10.1.2.3/8"), "10.0.0.0");
        assert!(ipaddr_parse("1.2.3").is_err());
        assert!(ipaddr_parse("01.2.3.4").is_err());
    }
}
