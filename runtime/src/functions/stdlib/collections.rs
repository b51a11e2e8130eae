//! stdlib's array and hash functions: `pick`, `pick_default`,
//! `any2array`, `concat`, `merge` (4.x), `deep_merge`, `has_key`,
//! `delete`, `delete_at`, `delete_undef_values`, `delete_values`,
//! `member`, `prefix`, `suffix`, `join_keys_to_values`, `hash`,
//! `values_at`, `range`, `count`, `grep`, `union`, `difference`,
//! `intersection`, `zip`, `dig44`, `fqdn_rotate`, `seeded_rand`.
//!
//! They are 3.x functions (except `merge`): Ruby semantics on converted
//! arguments. Array membership and removal use Ruby's `==` (`1 == 1.0`),
//! hash keys and set operations (`|`, `-`, `&`) Ruby's `eql?` (the
//! `PartialEq` of [`Value`]).

use indexmap::IndexSet;

use super::{class, inspect, perr, to_s, Builder, Reg};
use crate::functions::util::{iterable, no_method};
use crate::functions::{FnResult, Host};
use crate::ops::ruby_eq;
use crate::value::{HashMapV, Value};

pub(crate) fn register(r: &mut Reg) {
    r.v3("pick", -1, pick);
    r.v3("pick_default", -1, pick_default);
    r.v3("any2array", -1, any2array);
    r.v3("concat", -1, concat);
    r.v4(Builder::new("merge")
        .d("Variant[Hash[Scalar,Any], Undef, String[0,0]] args*", merge2hashes)
        .d("Iterable args*, &Callable[3,3] block", merge_iterable3)
        .d("Iterable args*, &Callable[2,2] block", merge_iterable2));
    r.v3("deep_merge", -1, deep_merge);
    r.v3("has_key", -1, has_key);
    r.v3("delete", -1, delete);
    r.v3("delete_at", -1, delete_at);
    r.v3("delete_undef_values", -1, delete_undef_values);
    r.v3("delete_values", -1, delete_values);
    r.v3("member", -1, member);
    r.v3("prefix", -1, prefix);
    r.v3("suffix", -1, suffix);
    r.v3("join_keys_to_values", -1, join_keys_to_values);
    r.v3("hash", -1, hash);
    r.v3("values_at", -1, values_at);
    r.v3("range", -1, range);
    r.v3("count", -2, count);
    r.v3("grep", -1, grep);
    r.v3("union", -1, union);
    r.v3("difference", -1, difference);
    r.v3("intersection", -1, intersection);
    r.v3("zip", -1, zip);
    r.v3("dig44", -2, dig44);
    r.v3("fqdn_rotate", -1, fqdn_rotate);
    r.v3("seeded_rand", 2, seeded_rand);
}

/// Ruby `args.compact` then deleting `:undef`, `:undefined` and `''`.
fn non_empty(args: &[Value]) -> Vec<Value> {
    args.iter().filter(|a| !matches!(a, Value::Undef) && a.as_str() != Some("")).cloned().collect()
}

fn pick(_: &mut dyn Host, args: &[Value]) -> FnResult {
    match non_empty(args).into_iter().next() {
        Some(v) if !to_s(&v).is_empty() => Ok(v),
        _ => Err(perr("pick(): must receive at least one non empty value")),
    }
}

fn pick_default(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some((default, rest)) = args.split_last() else {
        return Err(perr("Must receive at least one argument."));
    };
    Ok(non_empty(rest).into_iter().next().unwrap_or_else(|| default.clone()))
}

fn any2array(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Ok(Value::array(args.to_vec()));
    }
    Ok(match &args[0] {
        Value::Array(_) => args[0].clone(),
        Value::String(s) if s.is_empty() => Value::array(vec![]),
        Value::Hash(h) => Value::array(h.iter().flat_map(|(k, v)| [k.clone(), v.clone()]).collect()),
        other => Value::array(vec![other.clone()]),
    })
}

fn concat(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() < 2 {
        return Err(perr(format!("concat(): Wrong number of arguments given ({} for < 2)", args.len())));
    }
    let Value::Array(first) = &args[0] else { return Err(perr("concat(): Requires array to work with")) };
    let mut out = first.to_vec();
    for x in &args[1..] {
        match x {
            Value::Array(a) => out.extend(a.iter().cloned()),
            other => out.push(other.clone()),
        }
    }
    Ok(Value::array(out))
}

pub(crate) fn merge2hashes(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let mut acc = HashMapV::default();
    for h in args {
        if let Value::Hash(h) = h {
            acc.extend(h.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
    }
    Ok(Value::hash_from(acc))
}

/// The body of the block dispatches takes one iterable (`def
/// merge_iterable2(iterable)`): more or fewer is Ruby's ArgumentError.
fn one_iterable(args: &[Value]) -> Result<&Value, crate::functions::Unwind> {
    match args {
        [one] => Ok(one),
        _ => Err(perr(format!("wrong number of arguments (given {}, expected 1)", args.len()))),
    }
}

fn merge_into(acc: &mut HashMapV, r: Value) {
    if let Value::Hash(h) = r {
        acc.extend(h.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
}

pub(crate) fn merge_iterable2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let it = iterable(one_iterable(args)?)?;
    let block = block.expect("dispatch requires a block");
    let mut acc = HashMapV::default();
    for v in it.elements {
        let r = host.call_callable(block, &[Value::hash_from(acc.clone()), v])?;
        merge_into(&mut acc, r);
    }
    Ok(Value::hash_from(acc))
}

pub(crate) fn merge_iterable3(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let source = one_iterable(args)?;
    let it = iterable(source)?;
    let block = block.expect("dispatch requires a block");
    let mut acc = HashMapV::default();
    let hash_style = matches!(source, Value::Hash(_));
    for (i, v) in it.elements.into_iter().enumerate() {
        let call_args = match (hash_style, &v) {
            (true, Value::Array(kv)) => vec![Value::hash_from(acc.clone()), kv[0].clone(), kv[1].clone()],
            _ => vec![Value::hash_from(acc.clone()), Value::Integer(i as i64), v],
        };
        let r = host.call_callable(block, &call_args)?;
        merge_into(&mut acc, r);
    }
    Ok(Value::hash_from(acc))
}

fn deep_merge_two(a: &HashMapV, b: &HashMapV) -> HashMapV {
    let mut out = a.clone();
    for (k, new) in b.iter() {
        let merged = match (out.get(k), new) {
            (Some(Value::Hash(old)), Value::Hash(n)) => Value::hash_from(deep_merge_two(old, n)),
            _ => new.clone(),
        };
        out.insert(k.clone(), merged);
    }
    out
}

fn deep_merge(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() < 2 {
        return Err(perr(format!("deep_merge(): wrong number of arguments ({}; must be at least 2)", args.len())));
    }
    let mut acc = HashMapV::default();
    for a in args {
        match a {
            Value::String(s) if s.is_empty() => continue,
            Value::Hash(h) => acc = deep_merge_two(&acc, h),
            other => {
                return Err(perr(format!(
                    "deep_merge: unexpected argument type {}, only expects hash arguments",
                    class(other)
                )))
            }
        }
    }
    Ok(Value::hash_from(acc))
}

fn has_key(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 2 {
        return Err(perr(format!("has_key(): wrong number of arguments ({}; must be 2)", args.len())));
    }
    let Value::Hash(h) = &args[0] else {
        return Err(perr(format!(
            "has_key(): expects the first argument to be a hash, got {} which is of type {}",
            inspect(&args[0]),
            class(&args[0])
        )));
    };
    Ok(Value::Boolean(h.contains_key(&args[1])))
}

/// Ruby's `Kernel#Array`.
fn ruby_array(v: &Value) -> Vec<Value> {
    match v {
        Value::Undef => vec![],
        Value::Array(a) => a.to_vec(),
        Value::Hash(h) => h.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()])).collect(),
        other => vec![other.clone()],
    }
}

fn delete(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 2 {
        return Err(perr(format!("delete(): Wrong number of arguments given {} for 2", args.len())));
    }
    let mut collection = args[0].clone();
    for item in ruby_array(&args[1]) {
        collection = match &collection {
            Value::Array(a) => Value::array(a.iter().filter(|e| !ruby_eq(e, &item)).cloned().collect()),
            Value::Hash(h) => {
                let mut h = (**h).clone();
                h.shift_remove(&item);
                Value::hash_from(h)
            }
            Value::String(s) => match &item {
                Value::String(pat) if pat.is_empty() => collection.clone(),
                Value::String(pat) => Value::string(s.replace(pat.as_str(), "")),
                other => {
                    return Err(perr(format!("wrong argument type {} (expected Regexp)", class(other))));
                }
            },
            other => {
                return Err(perr(format!(
                    "delete(): First argument must be an Array, String, or Hash. Given an argument of class {}.",
                    class(other)
                )))
            }
        };
    }
    Ok(collection)
}

fn delete_at(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() < 2 {
        return Err(perr(format!("delete_at(): Wrong number of arguments given ({} for 2)", args.len())));
    }
    let Value::Array(a) = &args[0] else { return Err(perr("delete_at(): Requires array to work with")) };
    let index = match &args[1] {
        Value::String(s) if !is_digits(s) => {
            return Err(perr("delete_at(): You must provide non-negative numeric index"));
        }
        other => ruby_to_i(other, "delete_at")?,
    };
    let mut out = a.to_vec();
    if index > out.len() as i64 - 1 {
        return Err(perr("delete_at(): Given index exceeds size of array given"));
    }
    let i = if index < 0 { index + out.len() as i64 } else { index };
    if i >= 0 {
        out.remove(i as usize);
    }
    Ok(Value::array(out))
}

fn delete_undef_values(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(first) = args.first() else {
        return Err(perr(format!("delete_undef_values(): Wrong number of arguments given ({})", args.len())));
    };
    Ok(match first {
        Value::Hash(h) => Value::hash(h.iter().filter(|(_, v)| !v.is_undef()).map(|(k, v)| (k.clone(), v.clone()))),
        Value::Array(a) => Value::array(a.iter().filter(|v| !v.is_undef()).cloned().collect()),
        other => {
            return Err(perr(format!(
                "delete_undef_values(): expected an array or hash, got {} type  {} ",
                to_s(other),
                class(other)
            )))
        }
    })
}

fn delete_values(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 2 {
        return Err(perr(format!("delete_values(): Wrong number of arguments given ({} of 2)", args.len())));
    }
    let Value::Hash(h) = &args[0] else {
        return Err(perr(format!("delete_values(): First argument must be a Hash. Given an argument of class {}.", class(&args[0]))));
    };
    Ok(Value::hash(h.iter().filter(|(_, v)| !ruby_eq(v, &args[1])).map(|(k, v)| (k.clone(), v.clone()))))
}

fn member(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() < 2 {
        return Err(perr(format!("member(): Wrong number of arguments given ({} for 2)", args.len())));
    }
    let Value::Array(array) = &args[0] else { return Err(perr("member(): Requires array to work with")) };
    let items = match &args[1] {
        Value::String(_) | Value::Integer(_) => vec![args[1].clone()],
        Value::Array(a) => a.to_vec(),
        _ => return Err(perr("member(): Item to search for must be a string, fixnum, or array")),
    };
    if items.is_empty() {
        return Err(perr("member(): You must provide item to search for within array given"));
    }
    // `(item - array).empty?`: Array#- compares with eql?.
    Ok(Value::Boolean(items.iter().all(|i| array.contains(i))))
}

/// `prefix` and `suffix`.
fn affix(name: &str, args: &[Value], before: bool) -> FnResult {
    let Some(enumerable) = args.first() else {
        return Err(perr(format!("{name}(): Wrong number of arguments given ({} for 1)", args.len())));
    };
    if !matches!(enumerable, Value::Array(_) | Value::Hash(_)) {
        return Err(perr(format!(
            "{name}(): expected first argument to be an Array or a Hash, got {}",
            inspect(enumerable)
        )));
    }
    let fix = match args.get(1) {
        None | Some(Value::Undef) | Some(Value::Boolean(false)) => None,
        Some(Value::String(s)) => Some(s.as_str()),
        Some(other) => {
            return Err(perr(format!("{name}(): expected second argument to be a String, got {}", inspect(other))));
        }
    };
    let apply = |s: String| match fix {
        Some(f) if before => format!("{f}{s}"),
        Some(f) => format!("{s}{f}"),
        None => s,
    };
    Ok(match enumerable {
        Value::Array(a) => Value::array(a.iter().map(|e| Value::string(apply(to_s(e)))).collect()),
        Value::Hash(h) => Value::hash(h.iter().map(|(k, v)| (Value::string(apply(to_s(k))), v.clone()))),
        _ => unreachable!("checked above"),
    })
}

fn prefix(_: &mut dyn Host, args: &[Value]) -> FnResult {
    affix("prefix", args, true)
}

fn suffix(_: &mut dyn Host, args: &[Value]) -> FnResult {
    affix("suffix", args, false)
}

fn join_keys_to_values(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 2 {
        return Err(perr(format!("join_keys_to_values(): Takes exactly two arguments, but {} given.", args.len())));
    }
    let Value::Hash(h) = &args[0] else {
        return Err(perr(format!(
            "join_keys_to_values(): The first argument must be a hash, but a {} was given.",
            class(&args[0])
        )));
    };
    let Value::String(sep) = &args[1] else {
        return Err(perr(format!(
            "join_keys_to_values(): The second argument must be a string, but a {} was given.",
            class(&args[1])
        )));
    };
    let mut out = Vec::new();
    for (k, v) in h.iter() {
        let k = to_s(k);
        match v {
            Value::Array(a) => out.extend(a.iter().map(|e| Value::string(format!("{k}{sep}{}", to_s(e))))),
            v if to_s(v) == "undef" => out.push(Value::string(k)),
            v => out.push(Value::string(format!("{k}{sep}{}", to_s(v)))),
        }
    }
    Ok(Value::array(out))
}

/// Ruby's `Array#flatten`.
pub(crate) fn flatten_into(items: &[Value], out: &mut Vec<Value>) {
    for e in items {
        match e {
            Value::Array(a) => flatten_into(a, out),
            other => out.push(other.clone()),
        }
    }
}

fn hash(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(first) = args.first() else {
        return Err(perr(format!("hash(): Wrong number of arguments given ({} for 1)", args.len())));
    };
    let Value::Array(a) = first else { return Err(perr("hash(): Requires array to work with")) };
    let mut flat = Vec::new();
    flatten_into(a, &mut flat);
    if flat.len() % 2 != 0 {
        return Err(perr("hash(): Unable to compute hash from array given"));
    }
    Ok(Value::hash(flat.chunks(2).map(|c| (c[0].clone(), c[1].clone()))))
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Ruby's `to_i` where the functions call it on an argument.
fn ruby_to_i(v: &Value, _fname: &str) -> Result<i64, crate::functions::Unwind> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Float(f) => Ok(f.trunc() as i64),
        Value::String(s) => Ok(crate::functions::numeric::ruby_to_i(s).unwrap_or(0)),
        Value::Undef => Ok(0),
        other => Err(no_method("to_i", other, &[]).into()),
    }
}

fn values_at(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() < 2 {
        return Err(perr(format!("values_at(): Wrong number of arguments given ({} for 2)", args.len())));
    }
    let Value::Array(array) = &args[0] else { return Err(perr("values_at(): Requires array to work with")) };
    let mut indices = Vec::new();
    flatten_into(std::slice::from_ref(&args[1]), &mut indices);
    if indices.is_empty() {
        return Err(perr("values_at(): You must provide at least one positive index to collect"));
    }
    let size = array.len() as i64;
    let mut list = Vec::new();
    for i in &indices {
        let s = to_s(i);
        if let Some((start, op, stop)) = split_range(&s, |c| c.is_ascii_digit()) {
            let (start, stop): (i64, i64) = (start.parse().unwrap_or(i64::MAX), stop.parse().unwrap_or(i64::MAX));
            if start > stop {
                return Err(perr("values_at(): Stop index in given indices range is smaller than the start index"));
            }
            if stop > size - 1 {
                return Err(perr("values_at(): Stop index in given indices range exceeds array size"));
            }
            let end = if op == "..." { stop } else { stop + 1 };
            list.extend(start..end);
        } else {
            if !is_digits(&s) {
                return Err(perr("values_at(): Unknown format of given index"));
            }
            let i: i64 = s.parse().unwrap_or(i64::MAX);
            if i > size - 1 {
                return Err(perr("values_at(): Given index exceeds array size"));
            }
            list.push(i);
        }
    }
    Ok(Value::array(list.into_iter().map(|i| array[i as usize].clone()).filter(|v| !v.is_undef()).collect()))
}

/// `^(X+)(\.\.\.?|\-)(X+)$` where X is `word`: the bounds and the operator.
fn split_range(s: &str, word: impl Fn(char) -> bool) -> Option<(&str, &'static str, &str)> {
    let start_len = s.char_indices().find(|(_, c)| !word(*c)).map(|(i, _)| i)?;
    if start_len == 0 {
        return None;
    }
    let rest = &s[start_len..];
    let (op, stop) = if let Some(r) = rest.strip_prefix("...") {
        ("...", r)
    } else if let Some(r) = rest.strip_prefix("..") {
        ("..", r)
    } else if let Some(r) = rest.strip_prefix('-') {
        ("-", r)
    } else {
        return None;
    };
    if stop.is_empty() || !stop.chars().all(word) {
        return None;
    }
    Some((&s[..start_len], op, stop))
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn range(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.is_empty() {
        return Err(perr("range(): Wrong number of arguments given (0 for 1)"));
    }
    let (start, stop, exclusive, step) = if args.len() > 1 {
        let step = match args.get(2) {
            None | Some(Value::Undef) => 1,
            Some(v) => ruby_to_i(v, "range")?.checked_abs().unwrap_or(i64::MAX),
        };
        if step == 0 {
            return Err(perr("range(): 3rd arg (step size) must be a non zero integer (e.g. 1 or -1)"));
        }
        (args[0].clone(), args[1].clone(), false, step)
    } else {
        let Value::String(value) = &args[0] else { return Err(no_method("match", &args[0], &[]).into()) };
        match split_range(value, is_word) {
            Some((a, op, b)) => (Value::string(a), Value::string(b), op == "...", 1),
            None if !value.is_empty() && !value.contains('\n') => {
                return Err(perr(format!("range(): Unable to compute range from the value: {value}")));
            }
            None => return Err(perr(format!("range(): Unknown range format: {value}"))),
        }
    };
    const LIMIT: usize = 1_000_000;
    let step = step as usize;
    if is_digits(&to_s(&start)) {
        let a = ruby_to_i(&start, "range")?;
        let b = ruby_to_i(&stop, "range")?;
        let end = if exclusive { b.saturating_sub(1) } else { b };
        let mut out = Vec::new();
        let mut i = a;
        while i <= end && out.len() < LIMIT {
            out.push(Value::Integer(i));
            i = match i.checked_add(step as i64) {
                Some(n) => n,
                None => break,
            };
        }
        return Ok(Value::array(out));
    }
    // `range.step(step).first(1_000_000)`: every step-th element, at most
    // a million. Ruby walks a String range element by element however
    // large the step; pjit stops after MAX_WALK elements instead of
    // running for hours.
    const MAX_WALK: usize = 10_000_000;
    let (mut out, mut seen, mut too_long) = (Vec::new(), 0usize, false);
    ruby_string_upto(&to_s(&start), &to_s(&stop), exclusive, &mut |e| {
        if seen % step == 0 {
            out.push(Value::string(e));
        }
        seen += 1;
        too_long = seen >= MAX_WALK && out.len() < LIMIT;
        out.len() < LIMIT && !too_long
    });
    if too_long {
        return Err(perr(format!("range(): pjit walks at most {MAX_WALK} elements of a String range")));
    }
    Ok(Value::array(out))
}

/// Ruby's `String#succ`.
pub(crate) fn ruby_succ(s: &str) -> String {
    if s.is_empty() {
        return String::new();
    }
    let mut chars: Vec<char> = s.chars().collect();
    let alnum = |c: char| c.is_ascii_alphanumeric();
    // Only the alphanumerics are incremented when there are any.
    if !chars.iter().any(|c| alnum(*c)) {
        // Increment the last character as a code point, carrying.
        let mut i = chars.len();
        loop {
            if i == 0 {
                chars.insert(0, '\u{1}');
                break;
            }
            i -= 1;
            let c = chars[i] as u32;
            if c == 0x10FFFF || (c == 0xFF && s.is_ascii()) {
                chars[i] = '\0';
                continue;
            }
            chars[i] = char::from_u32(c + 1).unwrap_or('\0');
            break;
        }
        return chars.into_iter().collect();
    }
    let mut i = chars.iter().rposition(|c| alnum(*c)).unwrap_or(0);
    loop {
        let (next, carry) = match chars[i] {
            'z' => ('a', Some('a')),
            'Z' => ('A', Some('A')),
            '9' => ('0', Some('1')),
            c => (char::from_u32(c as u32 + 1).unwrap_or(c), None),
        };
        chars[i] = next;
        let Some(carry) = carry else { break };
        // The next alphanumeric to the left takes the carry; if there is
        // none, a new character is inserted before this one.
        match chars[..i].iter().rposition(|c| alnum(*c)) {
            Some(j) => i = j,
            None => {
                chars.insert(i, carry);
                break;
            }
        }
    }
    chars.into_iter().collect()
}

/// Ruby's `String#upto` (what a String range enumerates): calls `visit`
/// with each element until it returns false.
fn ruby_string_upto(a: &str, b: &str, exclusive: bool, visit: &mut dyn FnMut(String) -> bool) {
    // Single ASCII characters: a character range.
    if a.len() == 1 && b.len() == 1 && a.is_ascii() && b.is_ascii() {
        let (x, y) = (a.as_bytes()[0], b.as_bytes()[0]);
        if x > y || (exclusive && x == y) {
            return;
        }
        let end = if exclusive { y - 1 } else { y };
        for c in x..=end {
            if !visit((c as char).to_string()) {
                return;
            }
        }
        return;
    }
    // Both all digits: numeric, formatted to the width of `a`.
    if is_digits(a) && is_digits(b)
        && let (Ok(x), Ok(y)) = (a.parse::<u64>(), b.parse::<u64>()) {
            let end = if exclusive { y.checked_sub(1) } else { Some(y) };
            if let Some(end) = end {
                let mut i = x;
                while i <= end {
                    if !visit(format!("{i:0width$}", width = a.len())) {
                        return;
                    }
                    i += 1;
                }
            }
            return;
        }
    let n = a.as_bytes().cmp(b.as_bytes());
    if n == std::cmp::Ordering::Greater || (exclusive && n == std::cmp::Ordering::Equal) {
        return;
    }
    let max_len = b.chars().count();
    let mut cur = a.to_string();
    loop {
        if exclusive && cur == b {
            return;
        }
        if !visit(cur.clone()) {
            return;
        }
        if !exclusive && cur == b {
            return;
        }
        cur = ruby_succ(&cur);
        if cur.chars().count() > max_len || max_len == 0 {
            return;
        }
    }
}

/// Ruby's `String#count(set)`: characters of `s` in the set (`a-z`
/// ranges, a leading `^` negates).
fn string_count(s: &str, set: &str) -> i64 {
    let spec: Vec<char> = set.chars().collect();
    let (negate, spec) = match spec.split_first() {
        Some(('^', rest)) if !rest.is_empty() => (true, rest.to_vec()),
        _ => (false, spec),
    };
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < spec.len() {
        if i + 2 < spec.len() && spec[i + 1] == '-' {
            ranges.push((spec[i], spec[i + 2]));
            i += 3;
        } else {
            ranges.push((spec[i], spec[i]));
            i += 1;
        }
    }
    s.chars().filter(|c| ranges.iter().any(|(a, b)| a <= c && c <= b) != negate).count() as i64
}

fn count(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() > 2 {
        return Err(perr(format!("count(): Wrong number of arguments given {} for 1 or 2.", args.len())));
    }
    let item = args.get(1).filter(|i| !matches!(i, Value::Undef | Value::Boolean(false)));
    let n = match (&args[0], item) {
        (Value::Array(a), Some(item)) => a.iter().filter(|e| ruby_eq(e, item)).count() as i64,
        (Value::Array(a), None) => a.iter().filter(|e| !e.is_undef() && e.as_str() != Some("")).count() as i64,
        (Value::Hash(h), Some(item)) => h
            .iter()
            .filter(|(k, v)| ruby_eq(&Value::array(vec![(*k).clone(), (*v).clone()]), item))
            .count() as i64,
        (Value::Hash(h), None) => h.len() as i64,
        (Value::String(s), Some(Value::String(set))) => string_count(s, set),
        (Value::String(_), Some(other)) => {
            return Err(perr(format!("no implicit conversion of {} into String", class(other))));
        }
        (Value::String(_), None) => return Err(perr("wrong number of arguments (given 0, expected 1+)")),
        (other, _) => return Err(no_method("count", other, &[]).into()),
    };
    Ok(Value::Integer(n))
}

fn grep(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 2 {
        return Err(perr(format!("grep(): Wrong number of arguments given {} for 2", args.len())));
    }
    let re = match &args[1] {
        Value::String(s) => crate::regex::Regex::new(s)?,
        Value::Regexp(r) => r.clone(),
        other => return Err(perr(format!("no implicit conversion of {} into String", class(other)))),
    };
    match &args[0] {
        Value::Array(a) => Ok(Value::array(
            a.iter().filter(|e| matches!(e, Value::String(s) if re.is_match(s))).cloned().collect(),
        )),
        // Enumerable#grep over [key, value] pairs: arrays never match.
        Value::Hash(_) => Ok(Value::array(vec![])),
        other => Err(no_method("grep", other, &[]).into()),
    }
}

fn two_arrays<'a>(name: &str, args: &'a [Value], detailed: bool) -> Result<(&'a [Value], &'a [Value]), crate::functions::Unwind> {
    if args.len() != 2 {
        return Err(perr(format!("{name}(): Wrong number of arguments given ({} for 2)", args.len())));
    }
    match (&args[0], &args[1]) {
        (Value::Array(a), Value::Array(b)) => Ok((a, b)),
        (a, b) if detailed => {
            Err(perr(format!("{name}(): Requires 2 arrays, got {} and {}", class(a), class(b))))
        }
        _ => Err(perr(format!("{name}(): Requires 2 arrays"))),
    }
}

fn union(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() < 2 {
        return Err(perr(format!("union(): Wrong number of arguments given ({} for < 2)", args.len())));
    }
    let mut set: IndexSet<Value> = IndexSet::new();
    for a in args {
        let Value::Array(a) = a else { return Err(perr("union(): Every parameter must be an array")) };
        set.extend(a.iter().cloned());
    }
    Ok(Value::array(set.into_iter().collect()))
}

fn difference(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let (a, b) = two_arrays("difference", args, false)?;
    Ok(Value::array(a.iter().filter(|e| !b.contains(e)).cloned().collect()))
}

fn intersection(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let (a, b) = two_arrays("intersection", args, true)?;
    let set: IndexSet<Value> = a.iter().filter(|e| b.contains(e)).cloned().collect();
    Ok(Value::array(set.into_iter().collect()))
}

fn zip(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() < 2 {
        return Err(perr(format!("zip(): Wrong number of arguments given ({} for 2)", args.len())));
    }
    let (Value::Array(a), Value::Array(b)) = (&args[0], &args[1]) else {
        return Err(perr("zip(): Requires array to work with"));
    };
    let flatten = match args.get(2) {
        Some(f) if !matches!(f, Value::Undef | Value::Boolean(false)) => {
            super::strings::str2bool(host, std::slice::from_ref(f))?.is_truthy()
        }
        _ => false,
    };
    let pairs: Vec<Value> =
        a.iter().enumerate().map(|(i, e)| Value::array(vec![e.clone(), b.get(i).cloned().unwrap_or(Value::Undef)])).collect();
    if flatten {
        let mut out = Vec::new();
        flatten_into(&pairs, &mut out);
        return Ok(Value::array(out));
    }
    Ok(Value::array(pairs))
}

pub(super) fn dig44(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() < 2 {
        return Err(perr(format!("dig44(): Wrong number of arguments given ({} for at least 2)", args.len())));
    }
    let (data, path) = (&args[0], &args[1]);
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    if !matches!(data, Value::Hash(_) | Value::Array(_)) {
        return Err(perr(format!(
            "dig44(): first argument must be a hash or an array, given {}",
            class(data)
        )));
    }
    let Value::Array(path) = path else {
        return Err(perr(format!("dig44(): second argument must be an array, given {}", class(path))));
    };
    let mut cur = data.clone();
    for key in path.iter() {
        let next = match &cur {
            Value::Hash(h) => h.get(key).cloned(),
            Value::Array(a) => {
                let idx = match key {
                    Value::Integer(i) => Some(*i),
                    Value::Float(f) => Some(f.trunc() as i64),
                    Value::String(s) => crate::convert::ruby_integer(s, None),
                    _ => None,
                };
                let Some(i) = idx else { return Ok(default) };
                let i = if i < 0 { i + a.len() as i64 } else { i };
                if i < 0 { None } else { a.get(i as usize).cloned() }
            }
            _ => return Ok(default),
        };
        match next {
            None | Some(Value::Undef) => return Ok(default),
            Some(v) => cur = v,
        }
    }
    Ok(cur)
}

/// `[a, b].join(':')` in Ruby: a nested array is joined (recursively) into
/// one element, so `["x", []]` gives `x:`; nil is empty.
pub(crate) fn ruby_join(items: &[Value], sep: &str) -> String {
    items
        .iter()
        .map(|e| match e {
            Value::Array(a) => ruby_join(a, sep),
            other => to_s(other),
        })
        .collect::<Vec<_>>()
        .join(sep)
}

fn fqdn_rotate(host: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some((value, rest)) = args.split_first() else {
        return Err(perr(format!("fqdn_rotate(): Wrong number of arguments given ({} for 1)", args.len())));
    };
    let mut items: Vec<Value> = match value {
        Value::Array(a) => a.to_vec(),
        Value::String(s) => s.chars().map(|c| Value::string(c.to_string())).collect(),
        _ => return Err(perr("fqdn_rotate(): Requires either array or string to work with")),
    };
    if items.len() <= 1 {
        return Ok(value.clone());
    }
    let fqdn = super::lookupvar(host, "::fqdn").unwrap_or(Value::Undef);
    let text = ruby_join(&[fqdn, Value::array(rest.to_vec())], ":");
    let digest = crate::functions::digest::md5(text.as_bytes());
    let offset = crate::functions::digest::ruby_random_int(&digest, items.len() as i64)?;
    items.rotate_left(offset as usize);
    Ok(match value {
        Value::String(_) => Value::string(items.iter().map(to_s).collect::<String>()),
        _ => Value::array(items),
    })
}

fn seeded_rand(host: &mut dyn Host, args: &[Value]) -> FnResult {
    let first = args.first().cloned().unwrap_or(Value::Undef);
    let max = if super::validate::is_integer_value(&first) { ruby_to_i(&first, "seeded_rand")? } else { 0 };
    let _ = host;
    if max <= 0 {
        return Err(perr("seeded_rand(): first argument must be a positive integer"));
    }
    let Some(Value::String(seed)) = args.get(1) else {
        return Err(perr("seeded_rand(): second argument must be a string"));
    };
    let digest = crate::functions::digest::md5(seed.as_bytes());
    Ok(Value::Integer(crate::functions::digest::ruby_random_int(&digest, max)?))
}
