//! stdlib's validation and type-test functions: `validate_legacy`,
//! `validate_string`, `validate_bool`, `validate_hash`, `validate_array`,
//! `validate_absolute_path`, `validate_re`, `validate_integer`,
//! `is_string`, `is_array`, `is_hash`, `is_bool`, `is_integer`,
//! `is_absolute_path`, `is_ip_address`, `is_domain_name`, and
//! `deprecation`.
//!
//! Most have a 4.x deprecation shim over the 3.x body (see the module doc
//! of `stdlib`): the shim logs the deprecation and hands the arguments
//! unconverted to the 3.x body, which is also what `validate_legacy`
//! calls (`scope.function_<name>`).

use super::{class, deprecation, inspect, is_msg, perr, shim, validate_msg, Builder, Reg};
use crate::functions::describe::describe_mismatch;
use crate::functions::{FnResult, Host, LogLevel, Unwind};
use crate::types::calc::{infer_set, instance_of};
use crate::types::Type;
use crate::value::Value;

shim!(validate_string_4, "validate_string", validate_msg!("Stdlib::Compat::String"), validate_string);
shim!(validate_bool_4, "validate_bool", validate_msg!("Stdlib::Compat::Bool"), validate_bool);
shim!(validate_hash_4, "validate_hash", validate_msg!("Stdlib::Compat::Hash"), validate_hash);
shim!(validate_array_4, "validate_array", validate_msg!("Stdlib::Compat::Array"), validate_array);
shim!(
    validate_absolute_path_4,
    "validate_absolute_path",
    validate_msg!("Stdlib::Compat::Absolute_Path"),
    validate_absolute_path
);
shim!(validate_re_4, "validate_re", validate_msg!("Pattern[]"), validate_re);
shim!(validate_integer_4, "validate_integer", validate_msg!("Stdlib::Compat::Integer"), validate_integer);
shim!(is_string_4, "is_string", is_msg!("Stdlib::Compat::String"), is_string);
shim!(is_array_4, "is_array", is_msg!("Stdlib::Compat::Array"), is_array);
shim!(is_bool_4, "is_bool", is_msg!("Stdlib::Compat::Bool"), is_bool);
shim!(is_absolute_path_4, "is_absolute_path", is_msg!("Stdlib::Compat::Absolute_Path"), is_absolute_path_3x);
shim!(is_ip_address_4, "is_ip_address", is_msg!("Stdlib::Compat::Ip_address"), is_ip_address);

pub(crate) fn register(r: &mut Reg) {
    for (name, imp) in [
        ("validate_string", validate_string_4 as super::super::Imp),
        ("validate_bool", validate_bool_4),
        ("validate_hash", validate_hash_4),
        ("validate_array", validate_array_4),
        ("validate_absolute_path", validate_absolute_path_4),
        ("validate_re", validate_re_4),
        ("validate_integer", validate_integer_4),
        ("is_string", is_string_4),
        ("is_array", is_array_4),
        ("is_bool", is_bool_4),
        ("is_absolute_path", is_absolute_path_4),
        ("is_ip_address", is_ip_address_4),
    ] {
        // `param 'Any', :scope` + `repeated_param 'Any', :args`, with the
        // scope injected by `call`: any arguments.
        r.v4(Builder::new(name).d("Any args*", imp));
    }
    r.v3("is_hash", -1, is_hash);
    r.v3("is_integer", -1, is_integer);
    r.v3("is_domain_name", -1, is_domain_name);
    r.v4(Builder::new("validate_legacy")
        .d("Type target_type, String function_name, Any value, Any args*", validate_legacy)
        .d("String type_string, String function_name, Any value, Any args*", validate_legacy_s)
        .mismatch("Any args*", validate_legacy_mismatch));
    r.v4_since(
        super::STDLIB9,
        Builder::new("validate_legacy")
            .d("Type target_type, String function_name, Any value, Any args*", validate_legacy9)
            .d("String type_string, String function_name, Any value, Any args*", validate_legacy_s9)
            .mismatch("Any args*", validate_legacy_mismatch),
    );
}

fn each_arg(name: &str, args: &[Value], ok: impl Fn(&Value) -> bool, what: &str) -> FnResult {
    if args.is_empty() {
        return Err(perr(format!("{name}(): wrong number of arguments ({}; must be > 0)", args.len())));
    }
    for a in args {
        if !ok(a) {
            return Err(perr(format!("{} is not {what}.  It looks to be a {}", inspect(a), class(a))));
        }
    }
    Ok(Value::Undef)
}

fn validate_string(_: &mut dyn Host, args: &[Value]) -> FnResult {
    each_arg("validate_string", args, |a| matches!(a, Value::String(_) | Value::Undef), "a string")
}

fn validate_bool(_: &mut dyn Host, args: &[Value]) -> FnResult {
    each_arg("validate_bool", args, |a| matches!(a, Value::Boolean(_)), "a boolean")
}

fn validate_hash(_: &mut dyn Host, args: &[Value]) -> FnResult {
    each_arg("validate_hash", args, |a| matches!(a, Value::Hash(_)), "a Hash")
}

fn validate_array(_: &mut dyn Host, args: &[Value]) -> FnResult {
    each_arg("validate_array", args, |a| matches!(a, Value::Array(_)), "an Array")
}

/// `Puppet::Util.absolute_path?(path, :posix) || ...(path, :windows)`,
/// with its warning for a non-String (logged once per platform check).
fn absolute_path(host: &mut dyn Host, path: &Value) -> bool {
    let Value::String(p) = path else {
        let msg = format!(
            "Cannot check if {} is an absolute path because it is a '{}' and not a String'",
            super::to_s(path),
            class(path)
        );
        host.puppet_log(LogLevel::Warning, &msg);
        host.puppet_log(LogLevel::Warning, &msg);
        return false;
    };
    // Both regexps are anchored with `^`, which in Ruby matches at the
    // start of any line.
    p.split('\n').any(|line| {
        let b = line.as_bytes();
        let slash = |c: u8| c == b'/' || c == b'\\';
        let label_end = |from: usize| {
            let n = b[from.min(b.len())..].iter().take_while(|c| !slash(**c)).count();
            (n > 0).then_some(from + n)
        };
        if b.first() == Some(&b'/') {
            return true;
        }
        if b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && slash(b[2]) {
            return true;
        }
        if b.len() >= 2 && slash(b[0]) && slash(b[1]) {
            if b.get(2) == Some(&b'?') && b.get(3).is_some_and(|c| slash(*c)) && label_end(4).is_some() {
                return true;
            }
            if let Some(e) = label_end(2) {
                return b.get(e).is_some_and(|c| slash(*c)) && label_end(e + 1).is_some();
            }
        }
        false
    })
}

fn is_absolute_path_3x(host: &mut dyn Host, args: &[Value]) -> FnResult {
    // `arity: 1`: `scope.function_is_absolute_path` checks it.
    if args.len() != 1 {
        return Err(perr(format!("is_absolute_path(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    Ok(Value::Boolean(absolute_path(host, &args[0])))
}

fn validate_absolute_path(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.is_empty() {
        return Err(perr("validate_absolute_path(): wrong number of arguments (0; must be > 0)"));
    }
    for a in args {
        let candidates = match a {
            Value::Array(items) => items.to_vec(),
            other => vec![other.clone()],
        };
        for path in &candidates {
            if !absolute_path(host, path) {
                return Err(perr(format!("{} is not an absolute path.", inspect(path))));
            }
        }
    }
    Ok(Value::Undef)
}

fn validate_re(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() < 2 || args.len() > 3 {
        return Err(perr(format!("validate_re(): wrong number of arguments ({}; must be 2 or 3)", args.len())));
    }
    let Value::String(input) = &args[0] else {
        return Err(perr(format!("validate_re(): input needs to be a String, not a {}", class(&args[0]))));
    };
    let msg = match args.get(2) {
        Some(m) if !matches!(m, Value::Undef | Value::Boolean(false)) => super::to_s(m),
        _ => format!("validate_re(): {} does not match {}", inspect(&args[0]), inspect(&args[1])),
    };
    let mut res = Vec::new();
    super::collections::flatten_into(std::slice::from_ref(&args[1]), &mut res);
    for re in &res {
        let re = match re {
            Value::Regexp(r) => r.clone(),
            Value::String(s) => crate::regex::Regex::new(s)?,
            other => return Err(perr(format!("no implicit conversion of {} into String", class(other)))),
        };
        if re.is_match(input) {
            return Ok(Value::Undef);
        }
    }
    Err(perr(msg))
}

/// Ruby's `Integer(x.to_s)`.
fn ruby_integer_of(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(*i),
        Value::Hash(_) => None,
        other => crate::convert::ruby_integer(super::to_s(other).as_str(), None),
    }
}

fn validate_integer(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.is_empty() || args.len() >= 4 {
        return Err(perr(format!("validate_integer(): Wrong number of arguments; must be 1, 2 or 3, got {}", args.len())));
    }
    let input = &args[0];
    let max = if args.len() > 1 {
        let m = super::to_s(&args[1]);
        if args.len() > 2 && m.is_empty() {
            None
        } else {
            match crate::convert::ruby_integer(&m, None) {
                Some(i) => Some(i),
                None => {
                    return Err(perr(format!(
                        "validate_integer(): Expected second argument to be unset or an Integer, got {m}:String"
                    )))
                }
            }
        }
    } else {
        None
    };
    let min = if args.len() > 2 {
        match ruby_integer_of(&args[2]) {
            Some(i) => Some(i),
            None => {
                return Err(perr(format!(
                    "validate_integer(): Expected third argument to be unset or an Integer, got {}:{}",
                    super::to_s(&args[2]),
                    class(&args[2])
                )))
            }
        }
    } else {
        None
    };
    if let (Some(lo), Some(hi)) = (min, max)
        && lo > hi
    {
        return Err(perr(format!(
            "validate_integer(): Expected second argument to be larger than third argument, got {hi} < {lo}"
        )));
    }
    let check = |num: i64| -> Result<(), Unwind> {
        if let Some(hi) = max
            && num > hi
        {
            return Err(perr(format!(
                "validate_integer(): Expected {} to be smaller or equal to {hi}, got {}.",
                inspect(input),
                inspect(input)
            )));
        }
        if let Some(lo) = min
            && num < lo
        {
            return Err(perr(format!(
                "validate_integer(): Expected {} to be greater or equal to {lo}, got {}.",
                inspect(input),
                inspect(input)
            )));
        }
        Ok(())
    };
    match input {
        Value::Array(items) => {
            for (pos, item) in items.iter().enumerate() {
                match ruby_integer_of(item) {
                    Some(n) => check(n)?,
                    None => {
                        return Err(perr(format!(
                            "validate_integer(): Expected element at array position {pos} to be an Integer, got {}",
                            class(item)
                        )))
                    }
                }
            }
        }
        Value::Hash(_) => {
            return Err(perr("validate_integer(): Expected first argument to be an Integer or Array, got Hash"));
        }
        other => match ruby_integer_of(other) {
            Some(n) => check(n)?,
            None => {
                return Err(perr(format!(
                    "validate_integer(): Expected first argument to be an Integer or Array, got {}",
                    class(other)
                )))
            }
        },
    }
    Ok(Value::Undef)
}

fn is_string(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(v) = args.first() else {
        return Err(perr(format!("is_string(): Wrong number of arguments given ({} for 1)", args.len())));
    };
    Ok(Value::Boolean(match v {
        Value::Undef => true,
        // `type == type.to_f.to_s || type == type.to_i.to_s`: numeric
        // strings are not strings.
        Value::String(s) => {
            let f = crate::functions::numeric::ruby_to_f(s);
            let i = crate::functions::numeric::ruby_to_i(s);
            !(s.as_str() == crate::display::ruby_float_to_s(f) || i.is_some_and(|i| s.as_str() == i.to_string()))
        }
        _ => false,
    }))
}

fn is_array(_: &mut dyn Host, args: &[Value]) -> FnResult {
    match args.first() {
        None => Err(perr(format!("is_array(): Wrong number of arguments given ({} for 1)", args.len()))),
        Some(v) => Ok(Value::Boolean(matches!(v, Value::Array(_)))),
    }
}

fn is_hash(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("is_hash(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    Ok(Value::Boolean(matches!(args[0], Value::Hash(_))))
}

fn is_bool(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("is_bool(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    Ok(Value::Boolean(matches!(args[0], Value::Boolean(_))))
}

/// stdlib's `is_integer` test (`Integer`, or a String of
/// `^-?(?:(?:[1-9]\d*)|0)$` on some line).
pub(crate) fn is_integer_value(v: &Value) -> bool {
    match v {
        Value::Integer(_) => true,
        Value::String(s) => s.split('\n').any(|l| {
            let d = l.strip_prefix('-').unwrap_or(l);
            d == "0" || (!d.is_empty() && !d.starts_with('0') && d.bytes().all(|b| b.is_ascii_digit()))
        }),
        _ => false,
    }
}

fn is_integer(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("is_integer(): Wrong number of arguments given {} for 1", args.len())));
    }
    Ok(Value::Boolean(is_integer_value(&args[0])))
}

fn is_ip_address(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("is_ip_address(): Wrong number of arguments given {} for 1", args.len())));
    }
    Ok(Value::Boolean(match &args[0] {
        Value::String(s) => super::strings::ipaddr_parse(s).is_ok(),
        Value::Undef => return Err(crate::functions::util::no_method("split", &args[0], &[]).into()),
        _ => false,
    }))
}

fn is_domain_name(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("is_domain_name(): Wrong number of arguments given {} for 1", args.len())));
    }
    let Value::String(domain) = &args[0] else { return Ok(Value::Boolean(false)) };
    if domain.as_str() == "." {
        return Ok(Value::Boolean(true));
    }
    let d = domain.strip_suffix('.').unwrap_or(domain);
    if d.is_empty() || d.chars().count() > 255 {
        return Ok(Value::Boolean(false));
    }
    // `%r{\.[A-Za-z]+$}`: some line ends in a dot and letters.
    let tld_ok = d.split('\n').any(|l| {
        let letters = l.bytes().rev().take_while(|b| b.is_ascii_alphabetic()).count();
        letters > 0 && l.len() > letters && l.as_bytes()[l.len() - letters - 1] == b'.'
    });
    if d.contains('.') && !tld_ok {
        return Ok(Value::Boolean(false));
    }
    // Ruby's `split('.')` drops trailing empty fields.
    let mut labels: Vec<&str> = d.split('.').collect();
    while labels.last() == Some(&"") {
        labels.pop();
    }
    let ok = labels.iter().all(|l| {
        let n = l.chars().count();
        (1..=63).contains(&n)
            && !l.ends_with('-')
            && !l.starts_with('-')
            && l.split('\n').any(|line| !line.is_empty() && line.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
    });
    Ok(Value::Boolean(ok))
}

// ---------------------------------------------------------------------------
// validate_legacy

/// Puppet's dispatcher sees `validate_legacy`'s arguments after the scope
/// its `call` injects (`param 'Any', :scope`), so a mismatch counts and
/// lists that parameter too: `'validate_legacy' expects at least 4
/// arguments, got 2`.
fn validate_legacy_mismatch(args: &[Value]) -> Result<String, crate::error::Error> {
    static WITH_SCOPE: std::sync::OnceLock<crate::functions::Function> = std::sync::OnceLock::new();
    let f = WITH_SCOPE.get_or_init(|| {
        Builder::new("validate_legacy")
            .d("Any scope, Type target_type, String function_name, Any value, Any args*", validate_legacy)
            .d("Any scope, String type_string, String function_name, Any value, Any args*", validate_legacy)
            .done()
    });
    let mut with_scope = vec![Value::Undef];
    with_scope.extend(args.iter().cloned());
    let sigs: Vec<&crate::functions::Dispatch> = f.dispatches().iter().collect();
    Err(crate::error::Error::argument(crate::functions::describe::describe_signatures(
        "validate_legacy",
        &sigs,
        &with_scope,
        None,
    )))
}

/// The arguments of a `validate_legacy(type_string, ...)` call with the
/// type parsed.
fn type_string_args(host: &mut dyn Host, args: &[Value]) -> Result<Vec<Value>, Unwind> {
    let Some(text) = args[0].as_str() else { unreachable!("dispatch checked") };
    // stdlib parses the string with the scope as the type parser's loader,
    // which Puppet 7 cannot use: any name that is not a built-in type fails
    // (`private method `load' called for Scope(Class[main])`).
    let needs_loader = std::cell::Cell::new(false);
    let t = crate::types::parser::parse_type_with(text, &|_: &str| {
        needs_loader.set(true);
        Some(Type::Any)
    })?;
    if needs_loader.get() {
        let scope = host.scope_source().map_or_else(|| "Class[main]".to_string(), |(_, _, r)| r);
        return Err(perr(format!("private method `load' called for Scope({scope}):Puppet::Parser::Scope")));
    }
    let mut args = args.to_vec();
    args[0] = Value::of_type(t);
    Ok(args)
}

fn validate_legacy_s(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let args = type_string_args(host, args)?;
    validate_legacy(host, &args, block)
}

fn validate_legacy_s9(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let args = type_string_args(host, args)?;
    validate_legacy9(host, &args, block)
}

/// The 3.x body `validate_legacy` calls (`scope.function_<name>`); false
/// when it raised (Puppet rescues `Puppet::ParseError` only; the bodies
/// here raise nothing else on bad values).
fn previous_validation(host: &mut dyn Host, name: &str, args: &[Value]) -> Result<bool, Unwind> {
    let body: fn(&mut dyn Host, &[Value]) -> FnResult = match name {
        "validate_string" => validate_string,
        "validate_bool" => validate_bool,
        "validate_hash" => validate_hash,
        "validate_array" => validate_array,
        "validate_absolute_path" => validate_absolute_path,
        "validate_re" => validate_re,
        "validate_integer" => validate_integer,
        other if let Some(body) = super::legacy8::validator(other) => body,
        other => {
            return Err(perr(format!(
                "undefined method `function_{other}' for the scope (validate_legacy knows no 3.x function '{other}')"
            )))
        }
    };
    match body(host, args) {
        Ok(_) => Ok(true),
        Err(Unwind::Error(_)) => Ok(false),
        Err(other) => Err(other),
    }
}

/// 9.x: always deprecated (`deprecation('validate_legacy', ...)`, with the
/// strict setting), no 3.x validator, and a mismatch fails through `fail`
/// with `validate_legacy(<type>, ...)` as the subject.
fn validate_legacy9(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let Some(target) = args[0].as_type().cloned() else { unreachable!("dispatch checked") };
    deprecation(host, "validate_legacy", "This method is deprecated, please use Puppet data types to validate parameters")?;
    let value = &args[2];
    if !instance_of(&target, value) {
        let subject = format!("validate_legacy({}, ...)", crate::display::type_display(&target));
        return Err(perr(describe_mismatch(&subject, &target, &infer_set(value))));
    }
    Ok(Value::Undef)
}

fn validate_legacy(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let Some(target) = args[0].as_type().cloned() else { unreachable!("dispatch checked") };
    let Some(function_name) = args[1].as_str().map(str::to_string) else { unreachable!("dispatch checked") };
    let prev_args = &args[2..];
    let value = &args[2];
    if instance_of(&target, value) {
        if !previous_validation(host, &function_name, prev_args)? {
            let msg = format!(
                "Accepting previously invalid value for target type '{}'",
                crate::display::type_display(&target)
            );
            host.puppet_log(LogLevel::Notice, &msg);
        }
    } else {
        let inferred = infer_set(value);
        let msg = describe_mismatch(&format!("validate_legacy({function_name})"), &target, &inferred);
        if previous_validation(host, &function_name, prev_args)? {
            deprecation(host, "validate_legacy", &msg)?;
        } else {
            return Err(perr(msg));
        }
    }
    Ok(Value::Undef)
}
