//! The rest of stdlib's 3.x functions (in 8.x and 9.x alike unless
//! noted): `clamp`, `convert_base`, `delete_regex`, `dos2unix`,
//! `unix2dos`, `fqdn_uuid`, `has_interface_with` (legacy facts, which 9.x
//! still ships under its 4.x shim and calls from `has_ip_address` and
//! `has_ip_network`), `regexpescape`, `reject`, `reverse`, `shell_split`,
//! `squeeze`, `swapcase`, `to_bytes`, `time`, `shuffle`,
//! `str2saltedsha512`, `load_module_metadata`, `loadjson`, `loadyaml`,
//! `glob`, `pry`.
//!
//! Their bodies raise Ruby's messages; the ones that depend on Ruby
//! methods (`String#squeeze`, `Shellwords.shellsplit`, `Dir.glob`,
//! `String#to_f`) reproduce those methods.

use super::{class, perr, to_s, Reg};
use crate::error::Error;
use crate::functions::util::no_method;
use crate::functions::{FnResult, Host, LogLevel, Unwind};
use crate::value::{HashMapV, Value};

pub(crate) fn register(r: &mut Reg) {
    r.v3("clamp", -2, clamp);
    r.v3("convert_base", 2, convert_base);
    r.v3("delete_regex", -1, delete_regex);
    r.v3("dos2unix", 1, dos2unix);
    r.v3("unix2dos", 1, unix2dos);
    r.v3("fqdn_uuid", -1, fqdn_uuid);
    r.v3("has_interface_with", -1, has_interface_with);
    r.v3("has_ip_address", -1, has_ip_address);
    r.v3("has_ip_network", -1, has_ip_network);
    r.v3("regexpescape", -1, regexpescape);
    r.v3("reject", -1, reject);
    r.v3("reverse", -1, reverse);
    r.v3("shell_split", -1, shell_split);
    r.v3("squeeze", -1, squeeze);
    r.v3("swapcase", -1, swapcase);
    r.v3("to_bytes", -1, to_bytes);
    r.v3("time", -1, time);
    r.v4_since((9, 7, 0), super::Builder::new("time").d("Any args*", time_forward));
    r.v3("shuffle", -1, shuffle);
    r.v3("str2saltedsha512", -1, str2saltedsha512);
    r.v3("load_module_metadata", -1, load_module_metadata);
    r.v3("loadjson", -2, loadjson);
    r.v3("loadyaml", -2, loadyaml);
    r.v3_since(super::STDLIB9, "loadyaml", -2, loadyaml9);
    r.v3("glob", -1, glob);
    r.v3("pry", -1, pry);
}

/// Ruby's `%r{^...$}.match?(s)`: `^` and `$` match at every line.
fn any_line(s: &str, f: impl Fn(&str) -> bool) -> bool {
    s.split('\n').any(f)
}

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Ruby's `String#to_i`: leading whitespace, a sign, digits (and `_`
/// between them); 0 when there are none.
pub(crate) fn str_to_i(s: &str) -> i64 {
    let t = s.trim_start();
    let (neg, rest) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut n: i64 = 0;
    let mut prev_digit = false;
    for b in rest.bytes() {
        match b {
            b'0'..=b'9' => {
                n = n.saturating_mul(10).saturating_add((b - b'0') as i64);
                prev_digit = true;
            }
            b'_' if prev_digit => prev_digit = false,
            _ => break,
        }
    }
    if neg { -n } else { n }
}

/// Ruby's `to_i` of a value (Integer, Float truncated, String leniently).
fn value_to_i(v: &Value) -> Result<i64, Unwind> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Float(f) => Ok(f.trunc() as i64),
        Value::String(s) => Ok(str_to_i(s)),
        other => Err(no_method("to_i", other, &[]).into()),
    }
}

fn clamp(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let mut flat = Vec::new();
    super::collections::flatten_into(args, &mut flat);
    if flat.len() != 3 {
        return Err(perr("clamp(): Wrong number of arguments, need three to clamp"));
    }
    for v in &flat {
        match v {
            Value::String(s) if !any_line(s, all_digits) => {
                return Err(perr(format!("clamp(): Required explicit numeric ({s}:String)")));
            }
            Value::Hash(_) => return Err(perr(format!("clamp(): The Hash type is not allowed ({})", to_s(v)))),
            _ => {}
        }
    }
    let mut nums = flat.iter().map(value_to_i).collect::<Result<Vec<_>, _>>()?;
    nums.sort();
    Ok(Value::Integer(nums[1]))
}

fn convert_base(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let int_or_str = |v: &Value| matches!(v, Value::Integer(_) | Value::String(_));
    if !int_or_str(&args[0]) {
        return Err(perr("convert_base(): First argument must be either a string or an integer"));
    }
    if !int_or_str(&args[1]) {
        return Err(perr("convert_base(): Second argument must be either a string or an integer"));
    }
    let bad = "convert_base(): First argument must be an integer or a string corresponding to an integer in base 10";
    for a in &args[..2] {
        if let Value::String(s) = a
            && !any_line(s, all_digits)
        {
            return Err(perr(bad));
        }
    }
    let n = value_to_i(&args[0])?;
    let base = value_to_i(&args[1])?;
    if !(2..=36).contains(&base) {
        return Err(perr("convert_base(): base must be at least 2 and must not be greater than 36"));
    }
    Ok(Value::string(int_to_s(n, base as u32)))
}

/// Ruby's `Integer#to_s(base)`.
fn int_to_s(n: i64, base: u32) -> String {
    let mut m = n.unsigned_abs();
    if m == 0 {
        return "0".into();
    }
    let mut digits = Vec::new();
    while m > 0 {
        digits.push(std::char::from_digit((m % base as u64) as u32, base).unwrap_or('?'));
        m /= base as u64;
    }
    if n < 0 {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

fn delete_regex(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 2 {
        return Err(perr(format!("delete_regex(): Wrong number of arguments given {} for 2", args.len())));
    }
    let items: Vec<Value> = match &args[1] {
        Value::Array(a) => a.to_vec(),
        Value::Undef => vec![],
        other => vec![other.clone()],
    };
    let mut collection = args[0].clone();
    for item in items {
        let re = crate::regex::Regex::new(&format!("\\b{}\\b", to_s(&item)))?;
        collection = match &collection {
            Value::Array(a) => {
                Value::array(a.iter().filter(|e| !matches!(e, Value::String(s) if re.is_match(s))).cloned().collect())
            }
            // `Hash#reject!` with a one-parameter block: the key.
            Value::Hash(h) => {
                let mut kept = HashMapV::default();
                for (k, v) in h.iter() {
                    if !matches!(k, Value::String(s) if re.is_match(s)) {
                        kept.insert(k.clone(), v.clone());
                    }
                }
                Value::hash_from(kept)
            }
            Value::String(_) => return Err(no_method("reject!", &collection, &["reject"]).into()),
            other => {
                return Err(perr(format!(
                    "delete_regex(): First argument must be an Array, Hash, or String. Given an argument of class {}.",
                    class(other)
                )));
            }
        };
    }
    Ok(collection)
}

fn dos2unix(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let Value::String(s) = &args[0] else { return Err(perr("dos2unix(): Requires string as argument")) };
    Ok(Value::string(s.replace("\r\n", "\n")))
}

fn unix2dos(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let Value::String(s) = &args[0] else { return Err(perr("unix2dos(): Requires string as argument")) };
    // `gsub(/\r*\n/, "\r\n")`.
    let mut out = String::with_capacity(s.len() + 8);
    let mut pending_cr = 0;
    for c in s.chars() {
        match c {
            '\r' => pending_cr += 1,
            '\n' => {
                out.push_str("\r\n");
                pending_cr = 0;
            }
            c => {
                out.extend(std::iter::repeat_n('\r', pending_cr));
                pending_cr = 0;
                out.push(c);
            }
        }
    }
    out.extend(std::iter::repeat_n('\r', pending_cr));
    Ok(Value::string(out))
}

fn fqdn_uuid(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.is_empty() {
        return Err(perr("fqdn_uuid: No arguments given"));
    }
    if args.len() != 1 {
        return Err(perr(format!("fqdn_uuid: Too many arguments given ({})", args.len())));
    }
    let Value::String(fqdn) = &args[0] else {
        return Err(perr(format!("no implicit conversion of {} into String", class(&args[0]))));
    };
    let mut data = vec![0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8];
    data.extend_from_slice(fqdn.as_bytes());
    let mut b = crate::functions::digest::sha1(&data);
    b[6] = (b[6] & 0x0f) | 0x50;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h = crate::functions::digest::hex(&b[..16]);
    Ok(Value::string(format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])))
}

/// The 3.x `has_interface_with(kind[, value])` over the legacy facts
/// (`interfaces`, `ipaddress_<iface>` ...).
pub(crate) fn has_interface_with(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.is_empty() || args.len() > 2 {
        return Err(perr(format!("has_interface_with(): Wrong number of arguments given ({} for 1 or 2)", args.len())));
    }
    // `lookupvar` inside `catch :undefined_variable`: unknown is nil, silently.
    let interfaces = match host.lookup_variable("interfaces") {
        None | Some(Value::Undef) => return Ok(Value::Boolean(false)),
        Some(Value::String(s)) => s.split(',').map(str::to_string).collect::<Vec<_>>(),
        Some(other) => return Err(no_method("split", &other, &[]).into()),
    };
    if args.len() == 1 {
        return Ok(Value::Boolean(interfaces.iter().any(|i| matches!(&args[0], Value::String(s) if **s == **i))));
    }
    let kind = to_s(&args[0]);
    let value = &args[1];
    let factval = host.lookup_variable(&kind).unwrap_or(Value::Undef);
    if crate::ops::ruby_eq(&factval, value) {
        return Ok(Value::Boolean(true));
    }
    for iface in interfaces {
        let factval = host.lookup_variable(&format!("{kind}_{}", iface.to_lowercase())).unwrap_or(Value::Undef);
        if crate::ops::ruby_eq(value, &factval) {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(false))
}

fn has_ip_address(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("has_ip_address(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    super::autoloader_warnings(host, "has_interface_with");
    has_interface_with(host, &[Value::string("ipaddress"), args[0].clone()])
}

fn has_ip_network(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("has_ip_network(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    super::autoloader_warnings(host, "has_interface_with");
    has_interface_with(host, &[Value::string("network"), args[0].clone()])
}

/// `value.map { |i| i.is_a?(String) ? f(i) : i }` for an Array, `f(value)`
/// for a String, else the function's error.
fn strings_or_arrays(name: &str, args: &[Value], f: impl Fn(&str) -> String) -> FnResult {
    let Some(v) = args.first() else {
        return Err(perr(format!("{name}(): Wrong number of arguments given ({} for 1)", args.len())));
    };
    match v {
        Value::String(s) => Ok(Value::string(f(s))),
        Value::Array(a) => Ok(Value::array(
            a.iter()
                .map(|e| match e {
                    Value::String(s) => Value::string(f(s)),
                    other => other.clone(),
                })
                .collect(),
        )),
        _ => Err(perr(format!("{name}(): Requires either array or string to work with"))),
    }
}

fn regexpescape(_: &mut dyn Host, args: &[Value]) -> FnResult {
    strings_or_arrays("regexpescape", args, crate::regex::escape)
}

fn swapcase(_: &mut dyn Host, args: &[Value]) -> FnResult {
    strings_or_arrays("swapcase", args, |s| {
        s.chars()
            .flat_map(|c| -> Vec<char> {
                if c.is_uppercase() {
                    c.to_lowercase().collect()
                } else if c.is_lowercase() {
                    c.to_uppercase().collect()
                } else {
                    vec![c]
                }
            })
            .collect()
    })
}

fn reverse(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(v) = args.first() else {
        return Err(perr(format!("reverse(): Wrong number of arguments given ({} for 1)", args.len())));
    };
    match v {
        Value::String(s) => Ok(Value::string(s.chars().rev().collect::<String>())),
        Value::Array(a) => Ok(Value::array(a.iter().rev().cloned().collect())),
        _ => Err(perr("reverse(): Requires either array or string to work with")),
    }
}

fn reject(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 2 {
        return Err(perr(format!("reject(): Wrong number of arguments given {} for 2", args.len())));
    }
    let re = match &args[1] {
        Value::String(s) => crate::regex::Regex::new(s)?,
        Value::Regexp(r) => r.clone(),
        other => return Err(perr(format!("no implicit conversion of {} into String", class(other)))),
    };
    match &args[0] {
        Value::Array(a) => Ok(Value::array(
            a.iter().filter(|e| !matches!(e, Value::String(s) if re.is_match(s))).cloned().collect(),
        )),
        // Enumerable#grep_v over [key, value] pairs: none matches.
        Value::Hash(h) => Ok(Value::array(h.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()])).collect())),
        other => Err(no_method("grep_v", other, &[]).into()),
    }
}

/// Ruby's `Shellwords.shellsplit`.
pub(crate) fn shellsplit(line: &str) -> Result<Vec<String>, String> {
    let c: Vec<char> = line.chars().collect();
    let space = |ch: char| matches!(ch, ' ' | '\t' | '\n' | '\r' | '\u{c}' | '\u{b}');
    let mut words = Vec::new();
    let mut field = String::new();
    let mut i = 0;
    loop {
        while i < c.len() && space(c[i]) {
            i += 1;
        }
        if i >= c.len() {
            break;
        }
        match c[i] {
            '\'' => match c[i + 1..].iter().position(|&x| x == '\'') {
                Some(j) => {
                    field.extend(&c[i + 1..i + 1 + j]);
                    i += j + 2;
                }
                None => return Err(format!("Unmatched quote: {}", super::rich_data::ruby_string_inspect(line))),
            },
            '"' => {
                let mut j = i + 1;
                let mut s = String::new();
                let mut closed = false;
                while j < c.len() {
                    match c[j] {
                        '"' => {
                            closed = true;
                            break;
                        }
                        '\\' if j + 1 < c.len() => {
                            if matches!(c[j + 1], '$' | '`' | '"' | '\\' | '\n') {
                                s.push(c[j + 1]);
                            } else {
                                s.push('\\');
                                s.push(c[j + 1]);
                            }
                            j += 2;
                        }
                        ch => {
                            s.push(ch);
                            j += 1;
                        }
                    }
                }
                if !closed {
                    return Err(format!("Unmatched quote: {}", super::rich_data::ruby_string_inspect(line)));
                }
                field.push_str(&s);
                i = j + 1;
            }
            '\\' => {
                if i + 1 < c.len() {
                    field.push(c[i + 1]);
                    i += 2;
                } else {
                    field.push('\\');
                    i += 1;
                }
            }
            _ => {
                while i < c.len() && !space(c[i]) && !matches!(c[i], '\\' | '\'' | '"') {
                    field.push(c[i]);
                    i += 1;
                }
            }
        }
        if i >= c.len() || space(c[i]) {
            words.push(std::mem::take(&mut field));
        }
    }
    Ok(words)
}

fn shell_split(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("shell_split(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    let words = shellsplit(&to_s(&args[0])).map_err(perr)?;
    Ok(Value::array(words.into_iter().map(Value::string).collect()))
}

/// The characters of a `String#squeeze`/`tr` set (`a-z`, `^aeiou`).
fn char_set(spec: &str) -> impl Fn(char) -> bool {
    let chars: Vec<char> = spec.chars().collect();
    let (negate, body) = if chars.len() > 1 && chars[0] == '^' { (true, &chars[1..]) } else { (false, &chars[..]) };
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < body.len() {
        if i + 2 < body.len() && body[i + 1] == '-' {
            ranges.push((body[i], body[i + 2]));
            i += 3;
        } else {
            ranges.push((body[i], body[i]));
            i += 1;
        }
    }
    move |c| ranges.iter().any(|&(a, b)| a <= c && c <= b) != negate
}

fn squeeze_str(s: &str, set: Option<&str>) -> String {
    let pred: Box<dyn Fn(char) -> bool> = match set {
        Some(spec) => Box::new(char_set(spec)),
        None => Box::new(|_| true),
    };
    let mut out = String::with_capacity(s.len());
    let mut last: Option<char> = None;
    for c in s.chars() {
        if last == Some(c) && pred(c) {
            continue;
        }
        out.push(c);
        last = Some(c);
    }
    out
}

fn squeeze(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 && args.len() != 2 {
        return Err(perr(format!("squeeze(): Wrong number of arguments given {} for 2 or 1", args.len())));
    }
    let set = match args.get(1) {
        None | Some(Value::Undef) | Some(Value::Boolean(false)) => None,
        Some(Value::String(s)) => Some(s.to_string()),
        Some(other) => return Err(perr(format!("no implicit conversion of {} into String", class(other)))),
    };
    let one = |v: &Value| -> Result<Value, Unwind> {
        match v {
            Value::String(s) => Ok(Value::string(squeeze_str(s, set.as_deref()))),
            other => Err(no_method("squeeze", other, &[]).into()),
        }
    };
    match &args[0] {
        Value::Array(a) => Ok(Value::array(a.iter().map(one).collect::<Result<Vec<_>, _>>()?)),
        other => one(other),
    }
}

/// Ruby's `String#to_f` (a leading decimal number, 0.0 without one).
fn str_to_f(s: &str) -> f64 {
    let t = s.trim_start();
    let b = t.as_bytes();
    let mut end = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        end = 1;
    }
    let int_start = end;
    while end < b.len() && (b[end].is_ascii_digit() || (b[end] == b'_' && end > int_start)) {
        end += 1;
    }
    let mut last_good = if end > int_start { end } else { 0 };
    if end < b.len() && b[end] == b'.' && end + 1 < b.len() && b[end + 1].is_ascii_digit() {
        end += 1;
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
        last_good = end;
    }
    if last_good > 0 && end < b.len() && matches!(b[end], b'e' | b'E') {
        let mut e = end + 1;
        if e < b.len() && matches!(b[e], b'+' | b'-') {
            e += 1;
        }
        if e < b.len() && b[e].is_ascii_digit() {
            while e < b.len() && b[e].is_ascii_digit() {
                e += 1;
            }
            last_good = e;
        }
    }
    t[..last_good].replace('_', "").parse().unwrap_or(0.0)
}

fn to_bytes(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("to_bytes(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    let s = match &args[0] {
        Value::Integer(_) | Value::Float(_) => return Ok(args[0].clone()),
        Value::String(s) => s.to_string(),
        other => return Err(perr(format!("no implicit conversion of {} into String", class(other)))),
    };
    // `([0-9.e+-]*)\s*([^bB]?)`, matched at the first position it can be.
    let value: String = s.chars().take_while(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | '+' | '-')).collect();
    let rest = s[value.len()..].trim_start_matches([' ', '\t', '\n', '\r', '\u{c}', '\u{b}']);
    let prefix = rest.chars().next().filter(|c| *c != 'b' && *c != 'B');
    let v = str_to_f(&value);
    let scaled = |shift: u32| Value::Integer((v * (1u64 << shift) as f64) as i64);
    Ok(match prefix {
        None => Value::Integer(v as i64),
        Some('k') => scaled(10),
        Some('M') => scaled(20),
        Some('G') => scaled(30),
        Some('T') => scaled(40),
        Some('P') => scaled(50),
        Some('E') => scaled(60),
        Some(p) => return Err(perr(format!("to_bytes(): Unknown prefix {p}"))),
    })
}

fn now_secs() -> i64 {
    crate::impure::mark();
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// The 3.x `time([timezone])`: the current time in seconds since the epoch
/// (the time zone changes nothing).
fn time(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() > 1 {
        return Err(perr(format!("time(): Wrong number of arguments given {} for 0 or 1", args.len())));
    }
    Ok(Value::Integer(now_secs()))
}

/// 9.7's 4.x `time`: `call_function('stdlib::time', *args)` (a Puppet
/// function of the module).
fn time_forward(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    host.call_function("stdlib::time", args, None)
}

/// Random bytes from the operating system (`Kernel#rand` draws from a
/// generator seeded from it).
fn random_bytes<const N: usize>() -> [u8; N] {
    use std::io::Read;
    crate::impure::mark();
    let mut b = [0u8; N];
    let ok = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut b)).is_ok();
    if !ok {
        // No entropy device: the clock's nanoseconds, hashed.
        let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        let d = crate::functions::digest::sha256(&t.to_le_bytes());
        for (i, x) in b.iter_mut().enumerate() {
            *x = d[i % d.len()];
        }
    }
    b
}

/// `rand(n)`: a uniform integer in `0..n`.
fn rand_below(n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    let r = u64::from_le_bytes(random_bytes::<8>());
    (r % n as u64) as usize
}

fn shuffle(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(v) = args.first() else {
        return Err(perr(format!("shuffle(): Wrong number of arguments given ({} for 1)", args.len())));
    };
    let mut items: Vec<Value> = match v {
        Value::Array(a) => a.to_vec(),
        Value::String(s) => s.chars().map(|c| Value::string(c.to_string())).collect(),
        _ => return Err(perr("shuffle(): Requires either array or string to work with")),
    };
    let n = items.len();
    for i in 0..n {
        let j = rand_below(n - i) + i;
        items.swap(i, j);
    }
    Ok(match v {
        Value::String(_) => Value::string(items.iter().map(to_s).collect::<String>()),
        _ => Value::array(items),
    })
}

fn str2saltedsha512(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!(
            "str2saltedsha512(): Wrong number of arguments passed ({} but we require 1)",
            args.len()
        )));
    }
    let Value::String(password) = &args[0] else {
        return Err(perr(format!("str2saltedsha512(): Requires a String argument, you passed: {}", class(&args[0]))));
    };
    // `rand(2**31 - 1)` packed as a native 32-bit integer.
    let seed = (u32::from_le_bytes(random_bytes::<4>()) % 0x7fff_ffff).to_le_bytes();
    let mut data = seed.to_vec();
    data.extend_from_slice(password.as_bytes());
    let mut out = seed.to_vec();
    out.extend_from_slice(&super::crypto::sha512(&data));
    Ok(Value::string(crate::functions::digest::hex(&out)))
}

fn load_module_metadata(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.is_empty() || args.len() > 2 {
        return Err(perr("load_module_metadata(): Wrong number of arguments, expects one or two"));
    }
    let module_path = super::catalog::get_module_path(host, &args[..1])?;
    let path = format!("{}/metadata.json", to_s(&module_path));
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok(super::data::pson_load(&text)?),
        Err(_) if args.get(1).is_some_and(Value::is_truthy) => Ok(Value::hash_from(HashMapV::default())),
        Err(_) => Err(perr(format!("load_module_metadata(): No metadata.json file for module {}", to_s(&args[0])))),
    }
}

/// The body shared by `loadjson` and `loadyaml`: a URL (which pjit does
/// not fetch while compiling: its default, else an error), an existing
/// file parsed (`|| default`), or a warning and the default; any error
/// gives the default when one is given.
fn load_file(host: &mut dyn Host, name: &str, args: &[Value], parse: impl Fn(&str) -> Result<Value, Error>) -> FnResult {
    let default = args.get(1).cloned().unwrap_or(Value::Undef);
    let fallback = |e: Unwind| if default.is_truthy() { Ok(default.clone()) } else { Err(e) };
    let Value::String(path) = &args[0] else {
        return fallback(no_method("start_with?", &args[0], &[]).into());
    };
    if path.starts_with("http://") || path.starts_with("https://") {
        return fallback(perr(format!("{name}(): pjit does not fetch '{path}' while compiling (no network access)")));
    }
    if !std::path::Path::new(path.as_str()).exists() {
        host.log(LogLevel::Warning, &format!("Can't load '{path}' File does not exist!"));
        return Ok(default);
    }
    let parsed = std::fs::read_to_string(path.as_str())
        .map_err(|e| Error::argument(format!("{e} @ rb_sysopen - {path}")))
        .and_then(|text| parse(&text));
    match parsed {
        Ok(v) if v.is_truthy() => Ok(v),
        Ok(_) => Ok(default),
        Err(e) => fallback(e.into()),
    }
}

fn loadjson(host: &mut dyn Host, args: &[Value]) -> FnResult {
    load_file(host, "loadjson", args, super::data::pson_load)
}

/// 8.x: `YAML.load_file` (Psych 4: safe, no aliases).
fn loadyaml(host: &mut dyn Host, args: &[Value]) -> FnResult {
    load_file(host, "loadyaml", args, super::yaml::load)
}

/// 9.x: `YAML.safe_load(contents, aliases: true)`.
fn loadyaml9(host: &mut dyn Host, args: &[Value]) -> FnResult {
    let opts = super::yaml::LoadOptions { aliases: true, ..Default::default() };
    load_file(host, "loadyaml", args, |t| super::yaml::load_with(t, &opts))
}

fn glob(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("glob(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    let patterns: Vec<String> = match &args[0] {
        Value::String(s) => vec![s.to_string()],
        Value::Array(a) => a.iter().map(to_s).collect(),
        _ => return Err(perr("glob(): Requires either array or string to work")),
    };
    let mut out = Vec::new();
    for p in patterns {
        out.extend(crate::glob::glob(&p).into_iter().map(|p| p.display().to_string()));
    }
    Ok(Value::array(out.into_iter().map(Value::string).collect()))
}

/// `pry()` needs the `pry` gem and a terminal to start Ruby's debugger;
/// Puppet without the gem (Debian's) fails so.
fn pry(_: &mut dyn Host, _: &[Value]) -> FnResult {
    Err(perr("pry(): Requires the 'pry' rubygem to use, but it was not found"))
}
