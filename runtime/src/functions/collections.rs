//! Collection functions: `keys`, `values`, `length`, `size`, `empty`,
//! `flatten`, `dig`, `get`, `getvar`, `unique`, `sort`, `max`, `min`.
//! `sort`, `max` and `min` compare with Ruby's `<=>` in Ruby's order (merge
//! sort; `max`/`min` scanning left to right), so lambdas are called and
//! `comparison of X with Y failed` errors name the pairs Ruby names.

use std::cmp::Ordering;

use super::util::{cmperr, cmpint, iterable, merge_sort, ruby_cmp, yield_};
use super::{Builder, FnResult, Function, Host, Unwind};
use crate::error::Error;
use crate::types::calc::infer;
use crate::types::format::type_to_string;
use crate::value::{HashMapV, Value};

pub(crate) fn register(fs: &mut Vec<Function>) {
    fs.push(Builder::new("keys").d("Hash hsh", keys).done());
    fs.push(Builder::new("values").d("Hash hsh", values).done());
    fs.push(
        Builder::new("length")
            .d("Collection arg", length)
            .d("String arg", length)
            .d("Binary arg", length)
            .done(),
    );
    fs.push(Builder::new("size").d("Variant[Collection, String, Binary] arg", length).done());
    fs.push(
        Builder::new("empty")
            .d("Collection coll", empty)
            .d("Sensitive[String] str", empty)
            .d("String str", empty)
            .d("Numeric num", empty_numeric)
            .d("Binary bin", empty)
            .d("Undef x", empty)
            .done(),
    );
    fs.push(Builder::new("flatten").d("Any args*", flatten).done());
    fs.push(Builder::new("dig").d("Optional[Collection] data, Any arg*", dig).done());
    fs.push(Builder::new("get").d("Any value, String dotted_string, Any default_value?, &Callable[1,1] block?", get).done());
    fs.push(
        Builder::new("getvar")
            .d(r"Pattern[/\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*(?:\.|\Z)/] get_string, Any default_value?, &Callable[1,1] block?", getvar)
            .mismatch("String get_string, Any default_value?, &Callable block?", |_| {
                Ok("The given string does not start with a valid variable name".into())
            })
            .done(),
    );
    fs.push(
        Builder::new("unique")
            .d("String string, &Callable[String] block?", unique_string)
            .d("Hash hash, &Callable[Any] block?", unique_hash)
            .d("Array array, &Callable[Any] block?", unique_array)
            .d("Iterable iterable, &Callable[Any] block?", unique_array)
            .done(),
    );
    fs.push(
        Builder::new("sort")
            .d("String string_value, &Callable[2,2] block?", sort)
            .d("Array array_value, &Callable[2,2] block?", sort)
            .done(),
    );
    for (name, max) in [("max", true), ("min", false)] {
        fs.push(
            Builder::new(name)
                .d("Numeric values*", if max { max_numeric } else { min_numeric })
                .d("String values*", if max { max_string } else { min_string })
                .d("Array[Numeric] values, &Callable[2,2] block?", if max { max_numeric_array } else { min_numeric_array })
                .d("Array[String] values, &Callable[2,2] block?", if max { max_string_array } else { min_string_array })
                .d("Array values, &Callable[2,2] block?", if max { max_any_array } else { min_any_array })
                .d("Any values*, &Callable[2,2] block", if max { max_with_block } else { min_with_block })
                .d("Any values*", if max { max_any } else { min_any })
                .done(),
        );
    }
}

fn keys(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::array(args[0].as_hash().map(|h| h.keys().cloned().collect()).unwrap_or_default()))
}

fn values(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::array(args[0].as_hash().map(|h| h.values().cloned().collect()).unwrap_or_default()))
}

fn len_of(v: &Value) -> usize {
    match v {
        Value::Array(a) => a.len(),
        Value::Hash(h) => h.len(),
        Value::String(s) => s.chars().count(),
        Value::Binary(b) => b.len(),
        Value::Sensitive(s) => len_of(s),
        _ => 0,
    }
}

fn length(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::Integer(len_of(&args[0]) as i64))
}

fn empty(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::Boolean(args[0].is_undef() || len_of(&args[0]) == 0))
}

fn empty_numeric(host: &mut dyn Host, _: &[Value], _: Option<&Value>) -> FnResult {
    host.warn_once("empty-from", "Calling function empty() with Numeric value is deprecated.", true);
    Ok(Value::Boolean(false))
}

fn flatten_into(v: &[Value], out: &mut Vec<Value>) {
    for e in v {
        match e {
            Value::Array(a) => crate::value::guard_stack(|| flatten_into(a, out)),
            other => out.push(other.clone()),
        }
    }
}

fn flatten(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let mut out = Vec::new();
    flatten_into(args, &mut out);
    Ok(Value::array(out))
}

/// The error `dig` raises (Puppet's `ErrorWithData`): its message and the
/// error data a `get` lambda receives.
struct DigError {
    message: String,
    issue_code: &'static str,
    details: Vec<(&'static str, Value)>,
}

impl DigError {
    /// The `Error` object a `get` lambda receives.
    fn data(&self) -> Value {
        crate::types::object::error_value(
            &self.message,
            Some("SLICE_ERROR"),
            Some(Value::hash(self.details.iter().map(|(k, v)| (Value::string(*k), v.clone())))),
            Some(self.issue_code),
        )
    }
}

fn walked(path: &[Value]) -> String {
    crate::display::ruby_inspect(&Value::array(path.to_vec()))
}

fn dig_in(data: &Value, keys: &[Value]) -> Result<Value, DigError> {
    let mut d = data.clone();
    let mut path: Vec<Value> = Vec::new();
    for k in keys {
        if d.is_undef() || k.is_undef() {
            return Ok(Value::Undef);
        }
        if !matches!(d, Value::Array(_) | Value::Hash(_)) {
            let t = infer(&d);
            return Err(DigError {
                message: format!(
                    "The given data does not contain a Collection at {}, got '{}'",
                    walked(&path),
                    type_to_string(&t)
                ),
                issue_code: "EXPECTED_COLLECTION",
                details: vec![("walked_path", Value::array(path.clone())), ("value_type", Value::of_type(t))],
            });
        }
        path.push(k.clone());
        d = match &d {
            Value::Array(a) => {
                let Value::Integer(i) = k else {
                    let t = infer(k);
                    return Err(DigError {
                        message: format!(
                            "The given data requires an Integer index at {}, got '{}'",
                            walked(&path),
                            type_to_string(&t)
                        ),
                        issue_code: "EXPECTED_INTEGER_INDEX",
                        details: vec![("walked_path", Value::array(path.clone())), ("index_type", Value::of_type(t))],
                    });
                };
                let idx = if *i < 0 { a.len() as i64 + i } else { *i };
                if idx < 0 { Value::Undef } else { a.get(idx as usize).cloned().unwrap_or(Value::Undef) }
            }
            Value::Hash(h) => h.get(k).cloned().unwrap_or(Value::Undef),
            _ => Value::Undef,
        };
    }
    Ok(d)
}

fn dig(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    dig_in(&args[0], &args[1..]).map_err(|e| Unwind::Error(Error::argument(e.message)))
}

/// `SubLookup#split_key` on `"x." + navigation`, without the `x`.
fn split_key(navigation: &str) -> Result<Vec<Value>, Error> {
    let syntax = || Error::argument("Syntax error in dotted-navigation string");
    let key = format!("x.{navigation}");
    let re = super::rx::compile(r#"(\s*"[^"]+"\s*|\s*'[^']+'\s*|[^'".]+)"#, 0)?;
    let mut segments = super::rx::split(&key, &re);
    if segments.is_empty() || !segments.remove(0).is_empty() {
        return Err(syntax());
    }
    let count = segments.len();
    if count == 0 {
        return Err(syntax());
    }
    segments.retain(|s| s != ".");
    if segments.len() * 2 != count + 1 {
        return Err(syntax());
    }
    let int_re = super::rx::compile(r"^(:?[+-]?[0-9]+)$", 0)?;
    let mut out: Vec<Value> = segments
        .into_iter()
        .map(|s| {
            let s = s.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0' || c == '\u{b}').to_string();
            if s.starts_with('"') || s.starts_with('\'') {
                let inner: String = {
                    let mut cs = s.chars();
                    cs.next();
                    cs.next_back();
                    cs.collect()
                };
                Value::string(inner)
            } else if int_re.search(&s, 0).is_some() {
                Value::Integer(super::numeric::ruby_to_i(&s).unwrap_or(0))
            } else {
                Value::string(s)
            }
        })
        .collect();
    out.remove(0);
    Ok(out)
}

fn get_value(host: &mut dyn Host, value: &Value, navigation: &str, default: &Value, block: Option<&Value>) -> FnResult {
    if value.is_undef() {
        return Ok(default.clone());
    }
    if navigation.is_empty() {
        return Ok(value.clone());
    }
    let segments = split_key(navigation)?;
    if !matches!(value, Value::Array(_) | Value::Hash(_)) {
        // `call_function('dig', value, *segments)` rejects the value.
        let mut args = vec![value.clone()];
        args.extend(segments);
        let dig = super::lookup("dig").ok_or_else(|| Error::argument("dig is not registered"))?;
        return super::call(dig, host, &args, None);
    }
    match dig_in(value, &segments) {
        Ok(Value::Undef) => Ok(default.clone()),
        Ok(v) => Ok(v),
        Err(e) => match block {
            Some(b) => yield_(host, b, &[e.data()]),
            None => Err(Error::argument(e.message).into()),
        },
    }
}

fn get(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    get_value(host, &args[0], args[1].as_str().unwrap_or(""), &default, block)
}

fn getvar(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let s = args[0].as_str().unwrap_or("");
    let default = args.get(1).cloned().unwrap_or(Value::Undef);
    let (name, rest) = match getvar_split_ascii(s) {
        Some(split) => match split {
            Some((name, rest)) => (name.to_string(), rest),
            None => return Ok(default),
        },
        None => {
            let re = super::rx::compile(r"^((::)?(\w+::)*\w+)(.*)\z", 0)?;
            let Some(m) = re.search(s, 0) else {
                return Ok(default);
            };
            (m.group(s, 1).unwrap_or("").to_string(), m.group(s, 4).unwrap_or(""))
        }
    };
    let navigation = if let Some(r) = rest.strip_prefix('.') {
        r
    } else if !rest.is_empty() {
        return Err(Error::argument(format!(
            "First character after var name in get string must be a '.' - got {}",
            rest.chars().next().unwrap_or(' ')
        ))
        .into());
    } else {
        rest
    };
    let value = host.lookup_variable(&name).unwrap_or(Value::Undef);
    get_value(host, &value, navigation, &default, block)
}

/// `getvar`'s split of `s` by `^((::)?(\w+::)*\w+)(.*)\z` into the
/// variable name and the rest, without the regexp, for an ASCII `s`
/// without newlines (None: use the regexp). There `^` can only match at
/// the start and `.*\z` takes any rest, so the name is the longest run
/// of `::`-separated words (a trailing `::` is left to the rest, as the
/// regexp's backtracking leaves it); `Some(None)`: no match.
fn getvar_split_ascii(s: &str) -> Option<Option<(&str, &str)>> {
    if !s.is_ascii() || s.contains('\n') {
        return None;
    }
    let b = s.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = if s.starts_with("::") { 2 } else { 0 };
    let mut end = None;
    loop {
        let j = i + b[i..].iter().take_while(|&&c| word(c)).count();
        if j == i {
            break;
        }
        end = Some(j);
        if !b[j..].starts_with(b"::") {
            break;
        }
        i = j + 2;
    }
    Some(end.map(|e| (&s[..e], &s[e..])))
}

// unique ------------------------------------------------------------------

fn uniq_by(host: &mut dyn Host, items: Vec<Value>, block: Option<&Value>) -> Result<Vec<Value>, Unwind> {
    let mut seen: indexmap::IndexSet<Value, foldhash::fast::FixedState> = Default::default();
    let mut out = Vec::new();
    for e in items {
        let key = match block {
            Some(b) => yield_(host, b, std::slice::from_ref(&e))?,
            None => e.clone(),
        };
        if seen.insert(key) {
            out.push(e);
        }
    }
    Ok(out)
}

fn unique_string(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let chars: Vec<Value> = args[0].as_str().unwrap_or("").chars().map(|c| Value::string(c.to_string())).collect();
    let u = uniq_by(host, chars, block)?;
    Ok(Value::string(u.iter().map(|c| c.as_str().unwrap_or("")).collect::<String>()))
}

fn unique_hash(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let mut groups: indexmap::IndexMap<Value, (Vec<Value>, Vec<Value>), foldhash::fast::FixedState> =
        Default::default();
    if let Some(h) = args[0].as_hash() {
        for (k, v) in h.iter() {
            let key = match block {
                Some(b) => yield_(host, b, std::slice::from_ref(v))?,
                None => v.clone(),
            };
            let g = groups.entry(key).or_default();
            g.0.push(k.clone());
            g.1.push(v.clone());
        }
    }
    let mut out = HashMapV::default();
    for (_, (ks, vs)) in groups {
        let mut seen: indexmap::IndexSet<Value, foldhash::fast::FixedState> = Default::default();
        let vs: Vec<Value> = vs.into_iter().filter(|v| seen.insert(v.clone())).collect();
        out.insert(Value::array(ks), Value::array(vs));
    }
    Ok(Value::hash_from(out))
}

fn unique_array(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let items = iterable(&args[0])?.elements;
    Ok(Value::array(uniq_by(host, items, block)?))
}

// sort / max / min --------------------------------------------------------

fn compare_fn<'a>(
    host: &'a mut dyn Host,
    block: Option<&'a Value>,
) -> impl FnMut(&Value, &Value) -> Result<Ordering, Unwind> + 'a {
    move |a: &Value, b: &Value| match block {
        Some(bl) => {
            let r = yield_(host, bl, &[a.clone(), b.clone()])?;
            Ok(cmpint(&r, a, b)?)
        }
        None => ruby_cmp(a, b).ok_or_else(|| Unwind::Error(cmperr(a, b))),
    }
}

fn sort(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    match &args[0] {
        Value::String(s) => {
            let mut chars: Vec<Value> = s.chars().map(|c| Value::string(c.to_string())).collect();
            merge_sort(&mut chars, &mut compare_fn(host, block))?;
            Ok(Value::string(chars.iter().map(|c| c.as_str().unwrap_or("")).collect::<String>()))
        }
        Value::Array(a) => {
            let mut items = a.to_vec();
            merge_sort(&mut items, &mut compare_fn(host, block))?;
            Ok(Value::array(items))
        }
        other => Ok(other.clone()),
    }
}

/// Ruby's `Array#max`/`#min`: the first element, replaced by each later
/// element that compares greater (less); `cmp(element, current)`.
fn extreme(
    items: &[Value],
    want: Ordering,
    cmp: &mut dyn FnMut(&Value, &Value) -> Result<Ordering, Unwind>,
) -> FnResult {
    let Some(first) = items.first() else { return Ok(Value::Undef) };
    let mut result = first.clone();
    for v in &items[1..] {
        if cmp(v, &result)? == want {
            result = v.clone();
        }
    }
    Ok(result)
}

fn assert_count(args: &[Value], name: &str) -> Result<(), Unwind> {
    if args.is_empty() {
        return Err(Error::argument(format!("{name}(): Wrong number of arguments need at least one")).into());
    }
    Ok(())
}

fn want(max: bool) -> Ordering {
    if max { Ordering::Greater } else { Ordering::Less }
}

fn on_numeric(args: &[Value], max: bool) -> FnResult {
    assert_count(args, if max { "max" } else { "min" })?;
    extreme(args, want(max), &mut |a, b| ruby_cmp(a, b).ok_or_else(|| Unwind::Error(cmperr(a, b))))
}

fn numeric_like(s: &str, first: bool) -> bool {
    let re = if first { r"\A^-?\d+([._eE]\d+)?\z" } else { r"\A-?\d+([._eE]\d+)?\z" };
    super::rx::compile(re, 0).is_ok_and(|r| r.search(s, 0).is_some())
}

fn coerce_warning(host: &mut dyn Host, name: &str) {
    host.warn_once(
        &format!("{name}_function_numeric_coerce_string"),
        &format!(
            "The {name}() function's auto conversion of String to Numeric is deprecated - change to convert input before calling, or use lambda"
        ),
        false,
    );
}

fn float_cmp(a: &str, b: &str) -> Ordering {
    let (x, y) = (super::numeric::ruby_to_f(a), super::numeric::ruby_to_f(b));
    x.partial_cmp(&y).unwrap_or(Ordering::Equal)
}

fn on_string(host: &mut dyn Host, args: &[Value], max: bool) -> FnResult {
    let name = if max { "max" } else { "min" };
    assert_count(args, name)?;
    extreme(args, want(max), &mut |a, b| {
        let (sa, sb) = (a.as_str().unwrap_or(""), b.as_str().unwrap_or(""));
        if numeric_like(sa, true) && numeric_like(sb, false) {
            coerce_warning(host, name);
            Ok(float_cmp(sa, sb))
        } else {
            Ok(sa.as_bytes().cmp(sb.as_bytes()))
        }
    })
}

fn on_any(host: &mut dyn Host, args: &[Value], max: bool) -> FnResult {
    let name = if max { "max" } else { "min" };
    assert_count(args, name)?;
    extreme(args, want(max), &mut |a, b| {
        let (sa, sb) = (crate::display::ruby_to_s(a), crate::display::ruby_to_s(b));
        if numeric_like(&sa, true) && numeric_like(&sb, false) {
            coerce_warning(host, name);
            Ok(float_cmp(&sa, &sb))
        } else {
            host.warn_once(
                &format!("{name}_function_string_coerce_any"),
                &format!(
                    "The {name}() function's auto conversion of Any to String is deprecated - change to convert input before calling, or use lambda"
                ),
                false,
            );
            Ok(sa.as_bytes().cmp(sb.as_bytes()))
        }
    })
}

fn on_block(host: &mut dyn Host, items: &[Value], block: &Value, max: bool) -> FnResult {
    extreme(items, want(max), &mut |a, b| {
        let r = yield_(host, block, &[a.clone(), b.clone()])?;
        Ok(cmpint(&r, a, b)?)
    })
}

fn arr(v: &Value) -> &[Value] {
    v.as_array().unwrap_or(&[])
}

fn max_numeric(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    on_numeric(args, true)
}
fn min_numeric(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    on_numeric(args, false)
}
fn max_string(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    on_string(host, args, true)
}
fn min_string(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    on_string(host, args, false)
}
fn max_numeric_array(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    match block {
        Some(b) => on_block(host, arr(&args[0]), b, true),
        None => on_numeric(arr(&args[0]), true),
    }
}
fn min_numeric_array(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    match block {
        Some(b) => on_block(host, arr(&args[0]), b, false),
        None => on_numeric(arr(&args[0]), false),
    }
}
fn max_string_array(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    match block {
        Some(b) => on_block(host, arr(&args[0]), b, true),
        None => on_string(host, arr(&args[0]), true),
    }
}
fn min_string_array(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    match block {
        Some(b) => on_block(host, arr(&args[0]), b, false),
        None => on_string(host, arr(&args[0]), false),
    }
}
fn max_any_array(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    match block {
        Some(b) => on_block(host, arr(&args[0]), b, true),
        None => on_any(host, arr(&args[0]), true),
    }
}
fn min_any_array(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    match block {
        Some(b) => on_block(host, arr(&args[0]), b, false),
        None => on_any(host, arr(&args[0]), false),
    }
}
fn max_with_block(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    on_block(host, args, block.unwrap_or(&Value::Undef), true)
}
fn min_with_block(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    on_block(host, args, block.unwrap_or(&Value::Undef), false)
}
fn max_any(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    on_any(host, args, true)
}
fn min_any(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    on_any(host, args, false)
}

#[cfg(test)]
mod getvar_tests {
    /// The split without the regexp is the regexp's, on every string it takes.
    #[test]
    fn split_matches_the_regexp() {
        let re = super::super::rx::compile(r"^((::)?(\w+::)*\w+)(.*)\z", 0).unwrap();
        let parts = ["", "a", "ab_1", "::", ":", ".", "x", "9", "_", " ", "-", "Z", "\t"];
        let mut cases: Vec<String> = vec![];
        for a in parts {
            for b in parts {
                for c in parts {
                    for d in parts {
                        cases.push(format!("{a}{b}{c}{d}"));
                    }
                }
            }
        }
        cases.extend(["facts.os.family", "::apache::params::user", "a::b::", "a:::b", "::::a", "a.b::c", "été"].map(String::from));
        let mut checked = 0;
        for s in &cases {
            let Some(fast) = super::getvar_split_ascii(s) else { continue };
            let slow = re.search(s, 0).map(|m| (m.group(s, 1).unwrap_or(""), m.group(s, 4).unwrap_or("")));
            assert_eq!(fast, slow, "{s:?}");
            checked += 1;
        }
        assert!(checked > 20_000);
    }
}
