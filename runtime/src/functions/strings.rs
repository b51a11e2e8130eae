//! String functions: case (`camelcase`, `capitalize`, `downcase`,
//! `upcase`), trimming (`chomp`, `chop`, `lstrip`, `rstrip`, `strip`),
//! `split`, `join`, `match`, `regsubst`, `scanf`, `strftime` and
//! `versioncmp`, with Ruby's string semantics (Unicode case mapping,
//! Ruby's whitespace set, `split`'s empty-match rules, `sub`/`gsub`
//! replacement escapes).

use super::rx::{self, Replacement};
use super::util::iterable;
use super::{Builder, FnResult, Function, Host};
use crate::error::Error;
use crate::types::Type;
use crate::value::Value;

pub(crate) fn register(fs: &mut Vec<Function>) {
    for (name, s, it) in [
        ("camelcase", camelcase_string as super::Imp, camelcase_iterable as super::Imp),
        ("capitalize", capitalize_string, capitalize_iterable),
        ("chomp", chomp_string, chomp_iterable),
        ("chop", chop_string, chop_iterable),
        ("lstrip", lstrip_string, lstrip_iterable),
        ("rstrip", rstrip_string, rstrip_iterable),
        ("strip", strip_string, strip_iterable),
    ] {
        fs.push(
            Builder::new(name)
                .d("Numeric arg", identity)
                .d("String arg", s)
                .d("Iterable[Variant[String, Numeric]] arg", it)
                .done(),
        );
    }
    for (name, s, a, h) in [
        ("downcase", downcase_string as super::Imp, downcase_array as super::Imp, downcase_hash as super::Imp),
        ("upcase", upcase_string, upcase_array, upcase_hash),
    ] {
        fs.push(
            Builder::new(name)
                .local("StringData", "Variant[String, Numeric, Array[StringData], Hash[StringData, StringData]]")
                .d("Numeric arg", identity)
                .d("String arg", s)
                .d("Array[StringData] arg", a)
                .d("Hash[StringData, StringData] arg", h)
                .done(),
        );
    }
    fs.push(
        Builder::new("split")
            .d("String str, String pattern", split)
            .d("String str, Regexp pattern", split)
            .d("String str, Type[Regexp] pattern", split)
            .done(),
    );
    fs.push(Builder::new("join").d("Array arg, String delimiter?", join).done());
    fs.push(
        Builder::new("match")
            .d("String string, Variant[Any, Type] pattern", match_string)
            .d("Array[String] string, Variant[Any, Type] pattern", match_array)
            .done(),
    );
    fs.push(
        Builder::new("regsubst")
            .d(
                "Variant[Array[String],String] target, String pattern, Variant[String,Hash[String,String]] replacement, Optional[Pattern[/^[GEIM]*$/]] flags?, Enum['N','E','S','U'] encoding?",
                regsubst_string,
            )
            .d(
                "Variant[Array[String],String] target, Variant[Regexp,Type[Regexp]] pattern, Variant[String,Hash[String,String]] replacement, Pattern[/^G?$/] flags?",
                regsubst_regexp,
            )
            .done(),
    );
    fs.push(Builder::new("scanf").d("String data, String format, &block?", scanf).done());
    fs.push(
        Builder::new("strftime")
            .d("Timespan time_object, String format", strftime_timespan)
            .d("Timestamp time_object, String format, String timezone?", strftime_timestamp)
            .d("String format, String timezone?", strftime_legacy)
            .done(),
    );
    fs.push(Builder::new("versioncmp").d("String a, String b, Boolean ignore_trailing_zeroes?", versioncmp).done());
}

fn identity(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(args[0].clone())
}

fn s0(args: &[Value]) -> &str {
    args[0].as_str().unwrap_or("")
}

/// Maps the String elements of an `Iterable[Variant[String, Numeric]]`.
fn map_iterable(v: &Value, f: fn(&str) -> String) -> FnResult {
    if let Value::Type(t) = v {
        // Ruby calls `map` on the type object, which has no such method.
        let ivars = match t.resolved() {
            Type::Integer(r) => format!(
                "PIntegerType:0x<addr> @from={}, @to={}",
                r.from.map_or("nil".to_string(), |f| f.to_string()),
                r.to.map_or("nil".to_string(), |f| f.to_string())
            ),
            Type::Enum { values, case_insensitive } => format!(
                "PEnumType:0x<addr> @values=[{}], @case_insensitive={case_insensitive}",
                values.iter().map(|s| crate::display::ruby_inspect(&Value::string(s.as_str()))).collect::<Vec<_>>().join(", ")
            ),
            other => format!("P{}Type:0x<addr>", super::describe::simple_name(other)),
        };
        return Err(Error::argument(format!(
            "undefined method `map' for #<Puppet::Pops::Types::{ivars}>\nDid you mean?  tap"
        ))
        .into());
    }
    let it = iterable(v)?;
    Ok(Value::array(
        it.elements
            .iter()
            .map(|e| match e {
                Value::String(s) => Value::string(f(s)),
                other => other.clone(),
            })
            .collect(),
    ))
}

/// Ruby's `String#capitalize`: the first character in title case, the rest
/// in lower case.
pub(crate) fn capitalize(s: &str) -> String {
    let mut cs = s.chars();
    match cs.next() {
        None => String::new(),
        Some(f) => {
            let mut out = titlecase(f);
            out.push_str(&cs.as_str().to_lowercase());
            out
        }
    }
}

fn titlecase(c: char) -> String {
    match c {
        'Ǆ' | 'ǅ' | 'ǆ' => "ǅ".into(),
        'Ǉ' | 'ǈ' | 'ǉ' => "ǈ".into(),
        'Ǌ' | 'ǋ' | 'ǌ' => "ǋ".into(),
        'Ǳ' | 'ǲ' | 'ǳ' => "ǲ".into(),
        'ﬀ' => "Ff".into(),
        'ﬁ' => "Fi".into(),
        'ﬂ' => "Fl".into(),
        'ﬃ' => "Ffi".into(),
        'ﬄ' => "Ffl".into(),
        'ﬅ' | 'ﬆ' => "St".into(),
        'ß' => "Ss".into(),
        'և' => "Եւ".into(),
        c => c.to_uppercase().collect(),
    }
}

fn camelcase_str(s: &str) -> String {
    let mut parts: Vec<&str> = s.split('_').collect();
    while parts.last().is_some_and(|p| p.is_empty()) {
        parts.pop();
    }
    parts.iter().map(|p| capitalize(p)).collect()
}

fn camelcase_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(camelcase_str(s0(args))))
}
fn camelcase_iterable(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    map_iterable(&args[0], camelcase_str)
}
fn capitalize_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(capitalize(s0(args))))
}
fn capitalize_iterable(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    map_iterable(&args[0], capitalize)
}

/// Ruby's `String#chomp` (no argument).
fn chomp_str(s: &str) -> String {
    if let Some(t) = s.strip_suffix("\r\n") {
        t.to_string()
    } else if let Some(t) = s.strip_suffix('\n').or_else(|| s.strip_suffix('\r')) {
        t.to_string()
    } else {
        s.to_string()
    }
}

/// Ruby's `String#chop`.
fn chop_str(s: &str) -> String {
    if let Some(t) = s.strip_suffix("\r\n") {
        return t.to_string();
    }
    let mut cs = s.chars();
    cs.next_back();
    cs.as_str().to_string()
}

/// Ruby's whitespace for `strip`: NUL, \t, \n, \v, \f, \r and space.
fn is_ruby_space(c: char) -> bool {
    matches!(c, '\0' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ')
}
fn lstrip_str(s: &str) -> String {
    s.trim_start_matches(is_ruby_space).to_string()
}
fn rstrip_str(s: &str) -> String {
    s.trim_end_matches(is_ruby_space).to_string()
}
fn strip_str(s: &str) -> String {
    s.trim_matches(is_ruby_space).to_string()
}

fn chomp_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(chomp_str(s0(args))))
}
fn chomp_iterable(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    map_iterable(&args[0], chomp_str)
}
fn chop_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(chop_str(s0(args))))
}
fn chop_iterable(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    map_iterable(&args[0], chop_str)
}
fn lstrip_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(lstrip_str(s0(args))))
}
fn lstrip_iterable(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    map_iterable(&args[0], lstrip_str)
}
fn rstrip_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(rstrip_str(s0(args))))
}
fn rstrip_iterable(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    map_iterable(&args[0], rstrip_str)
}
fn strip_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(strip_str(s0(args))))
}
fn strip_iterable(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    map_iterable(&args[0], strip_str)
}

/// `downcase`/`upcase` of StringData: strings mapped, numbers kept,
/// arrays and hashes (keys too) mapped recursively.
fn case_map(v: &Value, f: fn(&str) -> String) -> Value {
    crate::value::guard_stack(|| match v {
        Value::String(s) => Value::string(f(s)),
        Value::Array(a) => Value::array(a.iter().map(|e| case_map(e, f)).collect()),
        Value::Hash(h) => Value::hash(h.iter().map(|(k, e)| (case_map(k, f), case_map(e, f)))),
        other => other.clone(),
    })
}

/// Ruby's `downcase`: full per-character mapping, no final-sigma context.
fn lower(s: &str) -> String {
    s.chars().flat_map(char::to_lowercase).collect()
}
fn upper(s: &str) -> String {
    s.to_uppercase()
}

fn downcase_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(case_map(&args[0], lower))
}
fn downcase_array(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(case_map(&args[0], lower))
}
fn downcase_hash(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(case_map(&args[0], lower))
}
fn upcase_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(case_map(&args[0], upper))
}
fn upcase_array(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(case_map(&args[0], upper))
}
fn upcase_hash(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(case_map(&args[0], upper))
}

/// The pattern of a `Regexp` type (`Regexp` alone is the empty pattern).
fn regexp_type_source(t: &Type) -> String {
    match t.resolved() {
        Type::Regexp(Some(r)) => r.source().to_string(),
        _ => String::new(),
    }
}

fn split(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let source = match &args[1] {
        Value::String(s) => s.to_string(),
        Value::Regexp(r) => r.source().to_string(),
        Value::Type(t) => regexp_type_source(t),
        _ => String::new(),
    };
    let re = rx::compile(&source, 0)?;
    Ok(Value::array(rx::split(s0(args), &re).into_iter().map(Value::string).collect()))
}

/// Ruby's `Array#join`: nested arrays joined with the same separator,
/// other elements by `to_s`.
fn join_into(out: &mut String, a: &[Value], sep: &str, first: &mut bool) {
    for e in a {
        if let Value::Array(inner) = e {
            join_into(out, inner, sep, first);
            continue;
        }
        if !*first {
            out.push_str(sep);
        }
        *first = false;
        out.push_str(&crate::display::ruby_to_s(e));
    }
}

fn join(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let a = args[0].as_array().unwrap_or(&[]);
    let sep = args.get(1).and_then(Value::as_str).unwrap_or("");
    let mut out = String::new();
    let mut first = true;
    crate::value::guard_stack(|| join_into(&mut out, a, sep, &mut first));
    Ok(Value::string(out))
}

// ---------------------------------------------------------------------------
// match

fn do_match(s: &str, source: &str) -> Result<Value, Error> {
    let re = rx::compile(source, 0)?;
    Ok(match re.search(s, 0) {
        None => Value::Undef,
        Some(m) => Value::array(
            (0..m.groups.len()).map(|i| m.group(s, i).map_or(Value::Undef, Value::string)).collect(),
        ),
    })
}

fn match_type(s: &str, t: &Type) -> Result<Value, Error> {
    match t {
        Type::Alias(a) => match a.resolved_type() {
            Some(r) => match_type(s, r),
            None => Ok(Value::Undef),
        },
        Type::Variant(ts) => {
            for t in ts {
                let r = match_type(s, t)?;
                if r.is_truthy() {
                    return Ok(r);
                }
            }
            Ok(Value::Undef)
        }
        Type::Regexp(Some(r)) => do_match(s, r.source()),
        Type::Regexp(None) => Err(Error::argument("Given Regexp Type has no regular expression")),
        Type::Pattern(ps) => {
            for p in ps {
                let r = do_match(s, p.source())?;
                if r.is_truthy() {
                    return Ok(r);
                }
            }
            Ok(Value::Undef)
        }
        other => Err(Error::argument(format!(
            "match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], or Array[T]. Got Puppet::Pops::Types::P{}Type",
            super::describe::simple_name(other)
        ))),
    }
}

fn flatten(v: &[Value], out: &mut Vec<Value>) {
    for e in v {
        match e {
            Value::Array(a) => flatten(a, out),
            other => out.push(other.clone()),
        }
    }
}

fn match_one(s: &str, pattern: &Value) -> Result<Value, Error> {
    match pattern {
        Value::String(p) => do_match(s, p),
        Value::Regexp(r) => do_match(s, r.source()),
        Value::Type(t) => match_type(s, t),
        Value::Array(a) => {
            let mut flat = Vec::new();
            flatten(a, &mut flat);
            for e in &flat {
                let r = match_one(s, e)?;
                if r.is_truthy() {
                    return Ok(r);
                }
            }
            Ok(Value::Undef)
        }
        other => Err(Error::argument(format!(
            "match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], or Array[T]. Got {}",
            super::util::ruby_class_name(other)
        ))),
    }
}

fn match_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(match_one(s0(args), &args[1])?)
}

fn match_array(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let a = args[0].as_array().unwrap_or(&[]);
    let mut out = Vec::with_capacity(a.len());
    for s in a {
        out.push(match_one(s.as_str().unwrap_or(""), &args[1])?);
    }
    Ok(Value::array(out))
}

// ---------------------------------------------------------------------------
// regsubst

fn inner_regsubst(target: &Value, re: &rx::Rx, replacement: &Value, global: bool) -> FnResult {
    let repl = match replacement {
        Value::Hash(h) => Replacement::Hash(h),
        other => Replacement::Template(other.as_str().unwrap_or("")),
    };
    Ok(match target {
        Value::Array(a) => Value::array(
            a.iter().map(|e| Value::string(rx::substitute(e.as_str().unwrap_or(""), re, &repl, global))).collect(),
        ),
        other => Value::string(rx::substitute(other.as_str().unwrap_or(""), re, &repl, global)),
    })
}

fn regsubst_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let mut options = 0;
    let mut global = false;
    if let Some(Value::String(flags)) = args.get(3) {
        for f in flags.chars() {
            match f {
                'G' => global = true,
                'E' => options |= rx::EXTENDED,
                'I' => options |= rx::IGNORECASE,
                'M' => options |= rx::MULTILINE,
                _ => {}
            }
        }
    }
    let re = rx::compile(args[1].as_str().unwrap_or(""), options)?;
    inner_regsubst(&args[0], &re, &args[2], global)
}

fn regsubst_regexp(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let source = match &args[1] {
        Value::Regexp(r) => r.source().to_string(),
        Value::Type(t) => regexp_type_source(t),
        _ => String::new(),
    };
    let re = rx::compile(&source, 0)?;
    let global = args.get(3).and_then(Value::as_str) == Some("G");
    inner_regsubst(&args[0], &re, &args[2], global)
}

// ---------------------------------------------------------------------------
// scanf: a port of Ruby's `scanf` library (`String#scanf` without a block).

struct Spec {
    re: String,
    handler: Handler,
    skip: bool,
    count_space: bool,
}

#[derive(Clone, Copy)]
enum Handler {
    Float,
    Decimal,
    Hex,
    Octal,
    Integer,
    Plain,
    Nil,
}

fn first_match<'a>(re: &str, s: &'a str) -> Option<Vec<Option<&'a str>>> {
    let r = rx::compile(re, 0).ok()?;
    let m = r.search(s, 0)?;
    Some((0..m.groups.len()).map(|i| m.group(s, i)).collect())
}

fn scan_spec(spec: &str) -> Spec {
    let h = "[A-Fa-f0-9]";
    let skip = first_match(r"^\s*%\*", spec).is_some();
    let count_space = first_match(r"(?:\A|\S)%\*?\d*c|%\d*\[", spec).is_some();
    let (re, handler): (String, Handler) = if let Some(c) = first_match(r"%\*?(\[\[:[a-z]+:\]\])", spec) {
        (format!("({}+)", c[1].unwrap_or("")), Handler::Plain)
    } else if let Some(c) = first_match(r"%\*?(\d+)(\[\[:[a-z]+:\]\])", spec) {
        (format!("({}{{1,{}}})", c[2].unwrap_or(""), c[1].unwrap_or("")), Handler::Plain)
    } else if let Some(c) = first_match(r"%\*?\[([^\]]*)\]", spec) {
        let yes = c[1].unwrap_or("");
        let no = match yes.strip_prefix('^') {
            Some(rest) => rest.to_string(),
            None => format!("^{yes}"),
        };
        (format!(r"([{yes}]+)(?=[{no}]|\z)"), Handler::Plain)
    } else if let Some(c) = first_match(r"%\*?(\d+)\[([^\]]*)\]", spec) {
        (format!("([{}]{{1,{}}})", c[2].unwrap_or(""), c[1].unwrap_or("")), Handler::Plain)
    } else if first_match(r"%\*?i", spec).is_some() {
        (format!(r"([-+]?(?:(?:0[0-7]+)|(?:0[Xx]{h}+)|(?:[1-9]\d*)))"), Handler::Integer)
    } else if let Some(c) = first_match(r"%\*?(\d+)i", spec) {
        let n: i64 = c[1].unwrap_or("0").parse().unwrap_or(0);
        let mut s = String::from("(");
        if n > 1 {
            s += &format!(r"[1-9]\d{{1,{}}}|", n - 1);
            s += &format!("0[0-7]{{1,{}}}|", n - 1);
        }
        if n > 2 {
            s += &format!("[-+]0[0-7]{{1,{}}}|", n - 2);
            s += &format!(r"[-+][1-9]\d{{1,{}}}|", n - 2);
            s += &format!("0[Xx]{h}{{1,{}}}|", n - 2);
        }
        if n > 3 {
            s += &format!("[-+]0[Xx]{h}{{1,{}}}|", n - 3);
        }
        s += r"\d)";
        (s, Handler::Integer)
    } else if first_match(r"%\*?[du]", spec).is_some() {
        (r"([-+]?\d+)".into(), Handler::Decimal)
    } else if let Some(c) = first_match(r"%\*?(\d+)[du]", spec) {
        let n: i64 = c[1].unwrap_or("0").parse().unwrap_or(0);
        let mut s = String::from("(");
        if n > 1 {
            s += &format!(r"[-+]\d{{1,{}}}|", n - 1);
        }
        s += &format!(r"\d{{1,{}}})", c[1].unwrap_or("0"));
        (s, Handler::Decimal)
    } else if first_match(r"%\*?[Xx]", spec).is_some() {
        (format!("([-+]?(?:0[Xx])?{h}+)"), Handler::Hex)
    } else if let Some(c) = first_match(r"%\*?(\d+)[Xx]", spec) {
        let n: i64 = c[1].unwrap_or("0").parse().unwrap_or(0);
        let mut s = String::from("(");
        if n > 3 {
            s += &format!("[-+]0[Xx]{h}{{1,{}}}|", n - 3);
        }
        if n > 2 {
            s += &format!("0[Xx]{h}{{1,{}}}|", n - 2);
        }
        if n > 1 {
            s += &format!("[-+]{h}{{1,{}}}|", n - 1);
        }
        s += &format!("{h}{{1,{n}}})");
        (s, Handler::Hex)
    } else if first_match(r"%\*?o", spec).is_some() {
        (r"([-+]?[0-7]+)".into(), Handler::Octal)
    } else if let Some(c) = first_match(r"%\*?(\d+)o", spec) {
        let n: i64 = c[1].unwrap_or("0").parse().unwrap_or(0);
        (format!("([-+][0-7]{{1,{}}}|[0-7]{{1,{n}}})", n - 1), Handler::Octal)
    } else if first_match(r"%\*?[aefgAEFG]", spec).is_some() {
        (
            r"([-+]?(?:0[xX](?:\.\h+|\h+(?:\.\h*)?)[pP][-+]?\d+|\d+(?![\d.])|\d*\.\d*(?:[eE][-+]?\d+)?))".into(),
            Handler::Float,
        )
    } else if let Some(c) = first_match(r"%\*?(\d+)[aefgAEFG]", spec) {
        (
            format!(
                r"(?=[-+]?(?:0[xX](?:\.\h+|\h+(?:\.\h*)?)[pP][-+]?\d+|\d+(?![\d.])|\d*\.\d*(?:[eE][-+]?\d+)?))(\S{{1,{}}})",
                c[1].unwrap_or("0")
            ),
            Handler::Float,
        )
    } else if let Some(c) = first_match(r"%\*?(\d+)s", spec) {
        (format!(r"(\S{{1,{}}})", c[1].unwrap_or("0")), Handler::Plain)
    } else if first_match(r"%\*?s", spec).is_some() {
        (r"(\S+)".into(), Handler::Plain)
    } else if first_match(r"\s%\*?c", spec).is_some() {
        (r"\s*(.)".into(), Handler::Plain)
    } else if first_match(r"%\*?c", spec).is_some() {
        ("(.)".into(), Handler::Plain)
    } else if let Some(c) = first_match(r"%\*?(\d+)c", spec) {
        (format!("(.{{1,{}}})", c[1].unwrap_or("0")), Handler::Plain)
    } else if spec.contains("%%") {
        (r"(\s*%)".into(), Handler::Nil)
    } else {
        (format!("({})", crate::regex::escape(spec)), Handler::Nil)
    };
    Spec { re: format!(r"\A{re}"), handler, skip, count_space }
}

/// Ruby's `String#hex`/`String#oct` style prefix parse in `radix`.
fn ruby_radix(s: &str, radix: u32) -> Option<i64> {
    let (neg, mut t) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let mut radix = radix;
    if radix == 16 {
        t = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")).unwrap_or(t);
    } else if radix == 8 {
        if let Some(r) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            t = r;
            radix = 16;
        } else if let Some(r) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
            t = r;
            radix = 2;
        } else if let Some(r) = t.strip_prefix("0o").or_else(|| t.strip_prefix("0O")) {
            t = r;
        }
    }
    let digits: String = t.chars().take_while(|c| c.is_digit(radix) || *c == '_').filter(|c| *c != '_').collect();
    if digits.is_empty() {
        return Some(0);
    }
    let v = i64::from_str_radix(&digits, radix).ok()?;
    Some(if neg { -v } else { v })
}

fn scanf_convert(h: Handler, s: &str) -> Result<Value, Error> {
    let overflow = || Error::argument("Use of a Ruby Integer outside of Puppet Integer range");
    Ok(match h {
        Handler::Nil => Value::Undef,
        Handler::Plain => Value::string(s),
        Handler::Decimal => Value::Integer(super::numeric::ruby_to_i(s).ok_or_else(overflow)?),
        Handler::Hex => Value::Integer(ruby_radix(s, 16).ok_or_else(overflow)?),
        Handler::Octal => Value::Integer(ruby_radix(s, 8).ok_or_else(overflow)?),
        Handler::Integer => match crate::convert::ruby_integer(s, None) {
            Some(i) => Value::Integer(i),
            None => return Err(Error::argument(format!("invalid value for Integer(): {}", crate::display::ruby_inspect(&Value::string(s))))),
        },
        Handler::Float => {
            if let Some(c) = first_match(r"\A(?<sign>[-+]?)0[xX](?<frac>\.\h+|\h+(?:\.\h*)?)[pP](?<exp>[-+]?\d+)", s) {
                let sign = c[1].unwrap_or("");
                let frac = c[2].unwrap_or("");
                let exp: i32 = c[3].unwrap_or("0").parse().unwrap_or(0);
                let (f1, f2) = frac.split_once('.').unwrap_or((frac, ""));
                let mut f = ruby_radix(f1, 16).unwrap_or(0) as f64;
                if !f2.is_empty() {
                    f += ruby_radix(f2, 16).unwrap_or(0) as f64 / 16f64.powi(f2.len() as i32);
                }
                Value::Float(if sign == "-" { -1.0 } else { 1.0 } * f * 2f64.powi(exp))
            } else if let Some(c) = first_match(r"\A([-+]?\d+)\.([eE][-+]\d+)", s) {
                Value::Float(super::numeric::ruby_to_f(&format!("{}{}", c[1].unwrap_or(""), c[2].unwrap_or(""))))
            } else {
                Value::Float(super::numeric::ruby_to_f(s))
            }
        }
    })
}

fn scanf_tokens(format: &str) -> Vec<String> {
    let re = r"(?:\s*%(?:%|\*?\d*(?:\[\[:\w+:\]\]|\[[^\]]*\]|[diuXxofFeEgGscaA])))|[^%\s]+";
    let Ok(r) = rx::compile(re, rx::IGNORECASE) else { return vec![] };
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(m) = r.search(format, pos) {
        out.push(format[m.start()..m.end()].to_string());
        pos = if m.end() == m.start() { m.end() + rx::char_len(format, m.end()) } else { m.end() };
        if pos > format.len() {
            break;
        }
    }
    out
}

fn ruby_scanf(data: &str, format: &str) -> Result<Vec<Value>, Error> {
    if !format.chars().any(|c| !c.is_whitespace()) {
        return Ok(vec![]);
    }
    let mut accum = Vec::new();
    let mut left = data.to_string();
    for tok in scanf_tokens(format) {
        let spec = scan_spec(&tok);
        let s = if spec.count_space {
            left.clone()
        } else {
            left.trim_start_matches(|c: char| c.is_ascii_whitespace()).to_string()
        };
        let re = rx::compile(&spec.re, rx::MULTILINE)?;
        let Some(m) = re.search(&s, 0) else { break };
        if m.start() != 0 {
            break;
        }
        if !spec.skip {
            let conv = scanf_convert(spec.handler, m.group(&s, 1).unwrap_or(""))?;
            if !conv.is_undef() {
                accum.push(conv);
            }
        }
        left = s[m.end()..].to_string();
        if left.is_empty() {
            break;
        }
    }
    Ok(accum)
}

fn scanf(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let result = Value::array(ruby_scanf(s0(args), args[1].as_str().unwrap_or(""))?);
    match block {
        Some(b) => super::util::yield_(host, b, &[result]),
        None => Ok(result),
    }
}

// ---------------------------------------------------------------------------
// strftime, versioncmp

fn strftime_timespan(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    match &args[0] {
        Value::Timespan(t) => Ok(Value::string(t.format(args[1].as_str().unwrap_or(""))?)),
        _ => Ok(Value::Undef),
    }
}

fn strftime_timestamp(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    match &args[0] {
        Value::Timestamp(t) => {
            Ok(Value::string(t.format(args[1].as_str().unwrap_or(""), args.get(2).and_then(Value::as_str))?))
        }
        _ => Ok(Value::Undef),
    }
}

fn strftime_legacy(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    host.warn_once(
        "legacy#strftime",
        "The argument signature (String format, [String timezone]) is deprecated for #strftime. See #strftime documentation and Timespan type for more info",
        true,
    );
    let now = crate::time::Timestamp::now();
    Ok(Value::string(now.format(s0(args), args.get(1).and_then(Value::as_str))?))
}

/// The tokens of `Puppet::Util::Package.versioncmp`'s
/// `scan(/[-.]|\d+|[^-.\d]+/)`.
pub(crate) fn version_tokens(v: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = v.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if b[i] == b'-' || b[i] == b'.' {
            i += 1;
        } else if b[i].is_ascii_digit() {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        } else {
            while i < b.len() && !(b[i] == b'-' || b[i] == b'.' || b[i].is_ascii_digit()) {
                i += 1;
            }
        }
        out.push(&v[start..i]);
    }
    out
}

/// Puppet's `normalize` for `ignore_trailing_zeroes`: the trailing run of
/// dots and zeros of the part before the first `-` is removed.
fn version_normalize(v: &str) -> Result<String, Error> {
    let mut parts: Vec<String> = v.split('-').map(str::to_string).collect();
    while parts.last().is_some_and(String::is_empty) {
        parts.pop();
    }
    let Some(first) = parts.first_mut() else {
        // Ruby 3.1 appends the source line of a NoMethodError.
        return Err(Error::argument(
            "undefined method `sub!' for nil:NilClass\n\n    version.first.sub!(/([\\.0]+)$/, '')\n                 ^^^^^",
        ));
    };
    let trimmed = first.trim_end_matches(['.', '0']).len();
    first.truncate(trimmed);
    Ok(parts.join("-"))
}

fn cmp_digits(a: &str, b: &str) -> std::cmp::Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

pub(crate) fn versioncmp_str(a: &str, b: &str, ignore_trailing_zeroes: bool) -> Result<i64, Error> {
    let (va, vb) = if ignore_trailing_zeroes {
        (version_normalize(a)?, version_normalize(b)?)
    } else {
        (a.to_string(), b.to_string())
    };
    let ord = |o: std::cmp::Ordering| o as i64;
    let ax = version_tokens(&va);
    let bx = version_tokens(&vb);
    for (a, b) in ax.iter().zip(bx.iter()) {
        if a == b {
            continue;
        }
        if *a == "-" {
            return Ok(-1);
        }
        if *b == "-" {
            return Ok(1);
        }
        if *a == "." {
            return Ok(-1);
        }
        if *b == "." {
            return Ok(1);
        }
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
        if digits(a) && digits(b) {
            if a.starts_with('0') || b.starts_with('0') {
                return Ok(ord(a.to_uppercase().as_bytes().cmp(b.to_uppercase().as_bytes())));
            }
            return Ok(ord(cmp_digits(a, b)));
        }
        return Ok(ord(a.to_uppercase().as_bytes().cmp(b.to_uppercase().as_bytes())));
    }
    Ok(ord(va.as_bytes().cmp(vb.as_bytes())))
}

fn versioncmp(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let ignore = args.get(2).is_some_and(Value::is_truthy);
    Ok(Value::Integer(versioncmp_str(s0(args), args[1].as_str().unwrap_or(""), ignore)?))
}
