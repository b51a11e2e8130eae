//! Numeric functions: `abs`, `ceiling`, `floor`, `round`, and `compare`
//! (numbers, strings, versions, time values), with Puppet's deprecated
//! String conversions and their messages.

use std::cmp::Ordering;

use super::{Builder, FnResult, Function, Host};
use crate::error::Error;
use crate::regex::Regex;
use crate::value::Value;

pub(crate) fn register(fs: &mut Vec<Function>) {
    fs.push(Builder::new("abs").d("Numeric val", abs_numeric).d("String val", abs_string).done());
    fs.push(Builder::new("ceiling").d("Numeric val", ceiling_numeric).d("String val", ceiling_string).done());
    fs.push(Builder::new("floor").d("Numeric val", floor_numeric).d("String val", floor_string).done());
    fs.push(Builder::new("round").d("Numeric val", round).done());
    fs.push(
        Builder::new("compare")
            .local("TimeComparable", "Variant[Numeric, Timespan, Timestamp]")
            .local("Comparable", "Variant[String, Semver, TimeComparable]")
            .d("Numeric a, Numeric b", compare_numeric)
            .d("String a, String b, Boolean ignore_case?", compare_string)
            .d("Semver a, Semver b", compare_version)
            .d("Numeric a, Variant[Timespan, Timestamp] b", compare_time_num_first)
            .d("Timestamp a, Variant[Timestamp, Numeric] b", compare_time)
            .d("Timespan a, Variant[Timespan, Numeric] b", compare_time)
            .mismatch("Comparable a, Comparable b, Any ignore_case*", compare_on_error)
            .mismatch("Any a, Any b, Any ignore_case*", compare_not_comparable)
            .done(),
    );
}

fn int_result(f: f64) -> FnResult {
    if f.is_nan() || f.is_infinite() {
        return Err(Error::argument(if f.is_nan() { "NaN" } else if f > 0.0 { "Infinity" } else { "-Infinity" }).into());
    }
    if !(-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&f) {
        return Err(Error::argument(format!(
            "Use of a Ruby Integer outside of Puppet Integer {} range",
            if f > 0.0 { "max" } else { "min" }
        ))
        .into());
    }
    Ok(Value::Integer(f as i64))
}

fn abs_numeric(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    match &args[0] {
        Value::Integer(i) => match i.checked_abs() {
            Some(a) => Ok(Value::Integer(a)),
            None => Err(Error::argument("Use of a Ruby Integer outside of Puppet Integer max range").into()),
        },
        Value::Float(f) => Ok(Value::Float(f.abs())),
        other => Ok(other.clone()),
    }
}

/// Ruby's `String#to_f`: the longest float prefix, 0.0 if none.
pub(crate) fn ruby_to_f(s: &str) -> f64 {
    let t = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let b = t.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && (b[*i].is_ascii_digit() || (b[*i] == b'_' && *i > start && *i + 1 < b.len() && b[*i + 1].is_ascii_digit())) {
            *i += 1;
        }
        *i > start
    };
    let int_digits = digits(&mut i);
    let mut end = i;
    if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
        i += 1;
        digits(&mut i);
        end = i;
    } else if !int_digits {
        return 0.0;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'-' || b[j] == b'+') {
            j += 1;
        }
        if digits(&mut j) {
            end = j;
        }
    }
    let text = t[..end].replace('_', "");
    let text = match text.strip_prefix('-').or_else(|| text.strip_prefix('+')) {
        Some(rest) if rest.starts_with('.') => format!("{}0{rest}", &text[..1]),
        _ if text.starts_with('.') => format!("0{text}"),
        _ => text,
    };
    text.parse().unwrap_or(0.0)
}

/// Ruby's `String#to_i`: the longest integer prefix, 0 if none.
pub(crate) fn ruby_to_i(s: &str) -> Option<i64> {
    let t = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let b = t.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        i += 1;
    }
    let start = i;
    while i < b.len() && (b[i].is_ascii_digit() || (b[i] == b'_' && i > start && i + 1 < b.len() && b[i + 1].is_ascii_digit())) {
        i += 1;
    }
    if i == start {
        return Some(0);
    }
    t[..i].replace('_', "").parse().ok()
}

fn abs_string(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    host.warn_once(
        "abs_function_numeric_coerce_string",
        "The abs() function's auto conversion of String to Numeric is deprecated - change to convert input before calling",
        false,
    );
    let s = args[0].as_str().unwrap_or("");
    let float_re = Regex::new(r"^-?(?:\d+)(?:\.\d+){1}$")?;
    let int_re = Regex::new(r"^-?\d+$")?;
    if float_re.is_match(s) {
        Ok(Value::Float(ruby_to_f(s).abs()))
    } else if int_re.is_match(s) {
        match ruby_to_i(s).and_then(i64::checked_abs) {
            Some(i) => Ok(Value::Integer(i)),
            None => Err(Error::argument("Use of a Ruby Integer outside of Puppet Integer max range").into()),
        }
    } else {
        Err(Error::argument("abs(): Requires float or integer to work with - was given non decimal string").into())
    }
}

fn ceiling_numeric(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    match &args[0] {
        Value::Float(f) => int_result(f.ceil()),
        other => Ok(other.clone()),
    }
}

fn floor_numeric(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    match &args[0] {
        Value::Float(f) => int_result(f.floor()),
        other => Ok(other.clone()),
    }
}

/// Ruby's `Float(str)`.
fn ruby_float(s: &str) -> Option<f64> {
    crate::convert::ruby_float(s)
}

fn ceiling_string(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    host.warn_once(
        "ceiling_function_numeric_coerce_string",
        "The ceiling() function's auto conversion of String to Float is deprecated - change to convert input before calling",
        false,
    );
    match ruby_float(args[0].as_str().unwrap_or("")) {
        Some(f) => int_result(f.ceil()),
        None => Err(Error::argument("ceiling(): cannot convert given value to a floating point value.").into()),
    }
}

fn floor_string(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    host.warn_once(
        "floor_function_numeric_coerce_string",
        "The floor() function's auto conversion of String to Float is deprecated - change to convert input before calling",
        false,
    );
    match ruby_float(args[0].as_str().unwrap_or("")) {
        Some(f) => int_result(f.floor()),
        None => Err(Error::argument("floor(): cannot convert given value to a floating point value.").into()),
    }
}

fn round(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    // `x > 0 ? Integer(x + 0.5) : Integer(x - 0.5)`: Integer + 0.5 is a Float.
    let x = match &args[0] {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        _ => 0.0,
    };
    int_result((if x > 0.0 { x + 0.5 } else { x - 0.5 }).trunc())
}

fn ord(o: Ordering) -> Value {
    Value::Integer(match o {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    })
}

fn num_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    super::util::ruby_cmp(a, b)
}

fn compare_numeric(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    match num_cmp(&args[0], &args[1]) {
        Some(o) => Ok(ord(o)),
        None => Ok(Value::Undef),
    }
}

/// Ruby's `String#casecmp`: ASCII case folding, then bytes.
pub(crate) fn casecmp(a: &str, b: &str) -> Ordering {
    let fa = a.bytes().map(|c| c.to_ascii_lowercase());
    let fb = b.bytes().map(|c| c.to_ascii_lowercase());
    fa.cmp(fb)
}

fn compare_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let (a, b) = (args[0].as_str().unwrap_or(""), args[1].as_str().unwrap_or(""));
    let ignore_case = args.get(2).is_none_or(Value::is_truthy);
    Ok(ord(if ignore_case { casecmp(a, b) } else { a.as_bytes().cmp(b.as_bytes()) }))
}

fn compare_version(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    match (&args[0], &args[1]) {
        (Value::SemVer(a), Value::SemVer(b)) => Ok(ord(crate::semver::cmp_versions(a, b))),
        _ => Ok(Value::Undef),
    }
}

/// `TimeData#<=>`: same class by nanoseconds, an Integer against the whole
/// seconds (floored), a Float against the fractional seconds.
pub(crate) fn time_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    let nanos = |v: &Value| match v {
        Value::Timespan(t) => Some(t.nanos()),
        Value::Timestamp(t) => Some(t.nanos()),
        _ => None,
    };
    let an = nanos(a)?;
    match b {
        Value::Integer(i) => Some(an.div_euclid(crate::time::NSECS_PER_SEC).cmp(&i128::from(*i))),
        Value::Float(f) => crate::time::nanos_to_f(an).partial_cmp(f),
        _ if std::mem::discriminant(a) == std::mem::discriminant(b) => Some(an.cmp(&nanos(b)?)),
        _ => None,
    }
}

fn compare_time_num_first(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    match time_cmp(&args[1], &args[0]) {
        Some(o) => Ok(ord(o.reverse())),
        None => Err(Error::argument("undefined method `-@' for nil:NilClass").into()),
    }
}

fn compare_time(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(time_cmp(&args[0], &args[1]).map_or(Value::Undef, ord))
}

fn label(v: &Value) -> String {
    crate::label::label(v)
}

fn ruby_class_eq(a: &Value, b: &Value) -> bool {
    super::util::ruby_class_name(a) == super::util::ruby_class_name(b)
}

fn compare_on_error(args: &[Value]) -> Result<String, Error> {
    let (a, b) = (&args[0], &args[1]);
    let rest = &args[2..];
    if !rest.is_empty() {
        if !(matches!(a, Value::String(_)) && matches!(b, Value::String(_))) {
            return Ok("compare(): The third argument (ignore case) can only be used when comparing strings".into());
        }
        if rest.len() != 1 {
            return Ok(format!("compare(): Accepts at most 3 arguments, got {}", 2 + rest.len()));
        }
        // Puppet's check names a constant Ruby does not know.
        return Err(Error::argument("uninitialized constant Puppet::Pops::Loader::RubyFunctionInstantiator::Boolean"));
    }
    if !ruby_class_eq(a, b) {
        return Ok(format!(
            "compare(): Can only compare values of the same type (or for Timestamp/Timespan also against Numeric). Got {} and {}",
            label(a),
            label(b)
        ));
    }
    Ok(String::new())
}

fn compare_not_comparable(args: &[Value]) -> Result<String, Error> {
    Ok(format!(
        "compare(): Non comparable type. Only values of the types Numeric, String, Semver, Timestamp and Timestamp can be compared. Got {} and {}",
        label(&args[0]),
        label(&args[1])
    ))
}
