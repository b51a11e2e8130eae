//! stdlib's serialization functions: `to_json`, `to_json_pretty`,
//! `to_yaml` (4.x) and `parsejson`, `parseyaml` (3.x).
//!
//! `to_json` writes what Ruby's `json` 2.6 generator writes for the Ruby
//! objects Puppet uses (hash keys through `to_s`, floats as Ruby prints
//! them, `default` as the string `"default"`, other runtime objects through
//! `to_s`); `to_json_pretty` is `JSON.pretty_generate` with its options.
//! YAML is in [`super::yaml`].

use super::{perr, to_s, yaml, Builder, Reg};
use crate::display::ruby_float_to_s;
use crate::error::Error;
use crate::functions::{FnResult, Host, Unwind};
use crate::value::{HashMapV, StrKey, Value};

pub(crate) fn register(r: &mut Reg) {
    r.v4(Builder::new("to_json").d("Any data", to_json));
    r.v4(Builder::new("to_json_pretty").d(
        "Variant[Hash, Array] data, Optional[Boolean] skip_undef?, Struct[{indent => Optional[String], space => Optional[String], space_before => Optional[String], object_nl => Optional[String], array_nl => Optional[String], allow_nan => Optional[Boolean], max_nesting => Optional[Integer[-1,default]]}] opts?",
        to_json_pretty,
    ));
    r.v4(Builder::new("to_yaml").d("Any data, Hash options?", to_yaml));
    r.v3("parsejson", -1, parsejson);
    r.v3("parseyaml", -1, parseyaml);
}

/// `JSON::State` options.
struct JsonState {
    indent: String,
    space: String,
    space_before: String,
    object_nl: String,
    array_nl: String,
    allow_nan: bool,
    /// 0: unlimited.
    max_nesting: i64,
}

impl JsonState {
    fn compact() -> JsonState {
        JsonState {
            indent: String::new(),
            space: String::new(),
            space_before: String::new(),
            object_nl: String::new(),
            array_nl: String::new(),
            allow_nan: false,
            max_nesting: 100,
        }
    }

    fn pretty() -> JsonState {
        JsonState { indent: "  ".into(), space: " ".into(), object_nl: "\n".into(), array_nl: "\n".into(), ..JsonState::compact() }
    }
}

/// The json generator's string escaping: `"`, `\`, and control characters
/// (`\b \f \n \r \t`, others `\u00xx`); everything else verbatim.
fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn json_generate(out: &mut String, v: &Value, st: &JsonState, depth: i64) -> Result<(), Error> {
    crate::value::guard_stack(|| -> Result<(), Error> {
        match v {
            Value::Undef => out.push_str("null"),
            Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Integer(i) => out.push_str(&i.to_string()),
            Value::Float(f) => {
                if f.is_nan() || f.is_infinite() {
                    if !st.allow_nan {
                        let what = if f.is_nan() {
                            "NaN"
                        } else if *f > 0.0 {
                            "Infinity"
                        } else {
                            "-Infinity"
                        };
                        // The numbers are json 2.6's C source lines, part of its message.
                        let line = if f.is_nan() { 1003 } else { 1000 };
                        return Err(Error::argument(format!("{line}: {what} not allowed in JSON")));
                    }
                    out.push_str(if f.is_nan() {
                        "NaN"
                    } else if *f > 0.0 {
                        "Infinity"
                    } else {
                        "-Infinity"
                    });
                } else {
                    out.push_str(&ruby_float_to_s(*f));
                }
            }
            Value::String(s) => json_string(out, s),
            Value::Hash(h) => {
                let depth = depth + 1;
                if st.max_nesting != 0 && depth > st.max_nesting {
                    return Err(Error::argument(format!("nesting of {} is too deep", depth - 1)));
                }
                out.push('{');
                for (i, (k, e)) in h.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&st.object_nl);
                    for _ in 0..depth {
                        out.push_str(&st.indent);
                    }
                    json_string(out, &to_s(k));
                    out.push_str(&st.space_before);
                    out.push(':');
                    out.push_str(&st.space);
                    json_generate(out, e, st, depth)?;
                }
                out.push_str(&st.object_nl);
                for _ in 0..depth - 1 {
                    out.push_str(&st.indent);
                }
                out.push('}');
            }
            Value::Array(a) => {
                let depth = depth + 1;
                if st.max_nesting != 0 && depth > st.max_nesting {
                    return Err(Error::argument(format!("nesting of {} is too deep", depth - 1)));
                }
                out.push('[');
                out.push_str(&st.array_nl);
                for (i, e) in a.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                        out.push_str(&st.array_nl);
                    }
                    for _ in 0..depth {
                        out.push_str(&st.indent);
                    }
                    json_generate(out, e, st, depth)?;
                }
                out.push_str(&st.array_nl);
                for _ in 0..depth - 1 {
                    out.push_str(&st.indent);
                }
                out.push(']');
            }
            // Symbols and other Ruby objects are written as their `to_s`.
            other => json_string(out, &to_s(other)),
        }
        Ok(())
    })
}

/// Ruby's `value.to_json`.
pub(crate) fn to_json_string(v: &Value) -> Result<String, Error> {
    let mut out = String::new();
    json_generate(&mut out, v, &JsonState::compact(), 0)?;
    Ok(out)
}

fn to_json(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(to_json_string(&args[0])?))
}

fn to_json_pretty(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let skip_undef = args.get(1).is_some_and(Value::is_truthy);
    let mut st = JsonState::pretty();
    if let Some(Value::Hash(opts)) = args.get(2) {
        let s = |k: &str| opts.get(&StrKey(k)).and_then(Value::as_str).map(str::to_string);
        if let Some(v) = s("indent") {
            st.indent = v;
        }
        if let Some(v) = s("space") {
            st.space = v;
        }
        if let Some(v) = s("space_before") {
            st.space_before = v;
        }
        if let Some(v) = s("object_nl") {
            st.object_nl = v;
        }
        if let Some(v) = s("array_nl") {
            st.array_nl = v;
        }
        if let Some(Value::Boolean(b)) = opts.get(&StrKey("allow_nan")) {
            st.allow_nan = *b;
        }
        match opts.get(&StrKey("max_nesting")) {
            Some(Value::Integer(-1)) => st.max_nesting = 0,
            Some(Value::Integer(n)) => st.max_nesting = *n,
            _ => {}
        }
    }
    // Only the top level loses its undef entries.
    let data = match (&args[0], skip_undef) {
        (Value::Array(a), true) => Value::array(a.iter().filter(|e| !e.is_undef()).cloned().collect()),
        (Value::Hash(h), true) => Value::hash(h.iter().filter(|(_, e)| !e.is_undef()).map(|(k, e)| (k.clone(), e.clone()))),
        (other, _) => other.clone(),
    };
    let mut out = String::new();
    json_generate(&mut out, &data, &st, 0)?;
    out.push('\n');
    Ok(Value::string(out))
}

fn to_yaml(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let mut opts = yaml::Options { indent: 2, line_width: None };
    if let Some(Value::Hash(h)) = args.get(1) {
        if let Some(Value::Integer(i)) = h.get(&StrKey("indentation")) {
            opts.indent = (*i).clamp(0, 100) as usize;
        }
        if let Some(Value::Integer(w)) = h.get(&StrKey("line_width")) {
            if *w < -1 {
                return Err(perr(format!("Invalid line_width {w}, must be non-negative or -1 for unlimited.")));
            }
            opts.line_width = Some(*w);
        }
    }
    Ok(Value::string(yaml::to_yaml(&args[0], &opts)?))
}

/// `Puppet::Util::Json.load` (Ruby's `JSON.parse`): objects keep their key
/// order, a repeated key keeps its first position and last value.
pub fn json_to_value(v: serde_json::Value) -> Result<Value, Error> {
    Ok(match v {
        serde_json::Value::Null => Value::Undef,
        serde_json::Value::Bool(b) => Value::Boolean(b),
        serde_json::Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::Integer(i)
            } else if n.is_f64() {
                Value::Float(n.as_f64().unwrap_or(f64::NAN))
            } else {
                return Err(Error::argument("Use of a Ruby Integer outside of Puppet Integer range"));
            }
        }
        serde_json::Value::String(s) => Value::string(s),
        serde_json::Value::Array(a) => Value::array(a.into_iter().map(json_to_value).collect::<Result<_, _>>()?),
        serde_json::Value::Object(o) => {
            let mut m = HashMapV::default();
            for (k, v) in o {
                m.insert(Value::string(k), json_to_value(v)?);
            }
            Value::hash_from(m)
        }
    })
}

/// The body shared by `parsejson` and `parseyaml`: `load(arg) || default`,
/// and on an error the default when one is given (Ruby-truthy: `''`, the
/// 3.x form of undef, counts).
fn parse_with_default(args: &[Value], load: impl Fn(&Value) -> Result<Value, Error>) -> FnResult {
    if args.is_empty() {
        return Err(perr("Wrong number of arguments. 1 or 2 arguments should be provided."));
    }
    let default = args.get(1).filter(|d| !matches!(d, Value::Undef | Value::Boolean(false)));
    match load(&args[0]) {
        Ok(v) if !matches!(v, Value::Undef | Value::Boolean(false)) => Ok(v),
        Ok(v) => Ok(args.get(1).cloned().unwrap_or(v)),
        Err(e) => match default {
            Some(d) => Ok(d.clone()),
            None => Err(Unwind::Error(e)),
        },
    }
}

fn parsejson(_: &mut dyn Host, args: &[Value]) -> FnResult {
    parse_with_default(args, |v| {
        let Value::String(s) = v else {
            return Err(Error::argument(format!("no implicit conversion of {} into String", super::class(v))));
        };
        let parsed: serde_json::Value = serde_json::from_str(s).map_err(|e| {
            Error::argument(format!("unexpected token in JSON at line {} column {}: {e}", e.line(), e.column()))
        })?;
        json_to_value(parsed)
    })
}

fn parseyaml(_: &mut dyn Host, args: &[Value]) -> FnResult {
    parse_with_default(args, |v| match v {
        Value::String(s) => yaml::load(s),
        other => Err(Error::argument(format!("no implicit conversion of {} into String", super::class(other)))),
    })
}
