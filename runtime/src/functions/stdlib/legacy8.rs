//! stdlib 8.x functions that 9.x removed and that no other file of this
//! library covers: `is_email_address`, `is_float`, `is_function_available`,
//! `is_ipv4_address`, `is_ipv6_address`, `is_mac_address`, `is_numeric`,
//! `private`, `sprintf_hash`, `try_get_value`, `type3x`,
//! `validate_ip_address`, `validate_ipv4_address`, `validate_ipv6_address`,
//! `validate_numeric` and `validate_slength`, as stdlib 8.6.0 (and Debian
//! 12's 8.5.0, whose files for them are the same) defines them.
//!
//! As in `validate.rs`, a name with a 4.x deprecation shim (`is_float`,
//! `validate_numeric` ...) logs `deprecation(KEY, MESSAGE)` and runs the 3.x
//! body on the unconverted arguments; the keys and messages are stdlib's,
//! slips included (`is_ipv6_address` deprecates under the key
//! `is_ipv4_address`, `validate_numeric` of a Hash says `validate_integer()`).
//! The 3.x bodies call the 3.x `deprecation` first, which logs only when
//! `STDLIB_LOG_DEPRECATIONS=true` (see [`deprecation3`]).

use super::{class, inspect, is_msg, perr, shim, to_s, validate_msg, Builder, Reg};
use crate::functions::{FnResult, Host, LogLevel, Unwind};
use crate::value::Value;

/// The message of a 3.x body's own `function_deprecation` call.
macro_rules! body_msg {
    ($compat:literal, $indent:literal) => {
        concat!(
            "This method is deprecated, please use the stdlib validate_legacy function,\n",
            $indent,
            "with ",
            $compat,
            ". There is further documentation for validate_legacy function in the README."
        )
    };
}

shim!(is_float_4, "is_float", is_msg!("Stdlib::Compat::Float"), is_float);
shim!(is_ipv4_address_4, "is_ipv4_address", is_msg!("Stdlib::Compat::Ipv4"), is_ipv4_address);
// stdlib's shim uses the key of `is_ipv4_address` (so only the first of the
// two warns).
shim!(is_ipv6_address_4, "is_ipv4_address", is_msg!("Stdlib::Compat::Ipv6"), is_ipv6_address);
shim!(is_numeric_4, "is_numeric", is_msg!("Stdlib::Compat::Numeric"), is_numeric);
shim!(validate_ip_address_4, "validate_ip_address", validate_msg!("Stdlib::Compat::Ip_Address"), validate_ip_address);
shim!(
    validate_ipv4_address_4,
    "validate_ipv4_address",
    validate_msg!("Stdlib::Compat::Ipv4_Address"),
    validate_ipv4_address
);
shim!(
    validate_ipv6_address_4,
    "validate_ipv6_address",
    validate_msg!("Stdlib::Compat::Ipv6_address"),
    validate_ipv6_address
);
shim!(validate_numeric_4, "validate_numeric", validate_msg!("Stdlib::Compat::Numeric"), validate_numeric);
shim!(validate_slength_4, "validate_slength", validate_msg!("String[]"), validate_slength);

pub(crate) fn register(r: &mut Reg) {
    for (name, imp) in [
        ("is_float", is_float_4 as crate::functions::Imp),
        ("is_ipv4_address", is_ipv4_address_4),
        ("is_ipv6_address", is_ipv6_address_4),
        ("is_numeric", is_numeric_4),
        ("validate_ip_address", validate_ip_address_4),
        ("validate_ipv4_address", validate_ipv4_address_4),
        ("validate_ipv6_address", validate_ipv6_address_4),
        ("validate_numeric", validate_numeric_4),
        ("validate_slength", validate_slength_4),
    ] {
        // `param 'Any', :scope` + `repeated_param 'Any', :args`.
        r.v4(Builder::new(name).d("Any args*", imp));
    }
    r.v3("is_email_address", -1, is_email_address);
    r.v3("is_function_available", -1, is_function_available);
    r.v3("is_mac_address", -1, is_mac_address);
    r.v3("private", -1, private);
    r.v3("try_get_value", -2, try_get_value);
    r.v3("type3x", -1, type3x);
    r.v4(Builder::new("sprintf_hash").d("String format, Hash arguments", sprintf_hash));
}

/// The 3.x body `validate_legacy` runs for these names
/// (`scope.function_<name>`), if it is one of them.
pub(crate) fn validator(name: &str) -> Option<fn(&mut dyn Host, &[Value]) -> FnResult> {
    Some(match name {
        "validate_ip_address" => validate_ip_address,
        "validate_ipv4_address" => validate_ipv4_address,
        "validate_ipv6_address" => validate_ipv6_address,
        "validate_numeric" => validate_numeric,
        "validate_slength" => validate_slength,
        _ => return None,
    })
}

/// stdlib's 3.x `deprecation(key, message)` (what the 3.x bodies call
/// through `function_deprecation`): a scope warning `deprecation. KEY.
/// MESSAGE`, only when the environment variable `STDLIB_LOG_DEPRECATIONS`
/// is `true`.
fn deprecation3(host: &mut dyn Host, key: &str, message: &str) {
    if std::env::var("STDLIB_LOG_DEPRECATIONS").as_deref() == Ok("true") {
        host.log(LogLevel::Warning, &format!("deprecation. {key}. {message}"));
    }
}

/// `Regexp#match?` / `String#=~` with a pattern (Ruby syntax) on a String.
/// The patterns spell `\w` and `\d` as ASCII classes: Ruby's are ASCII
/// only (`"é" =~ /\w/` is nil), Oniguruma's UTF-8 ones are not.
fn matches(pattern: &str, s: &str) -> Result<bool, Unwind> {
    Ok(crate::regex::Regex::new(pattern)?.is_match(s))
}

/// `raise ParseError, "NAME(): Wrong number of arguments given N for 1"`
/// unless there is exactly one argument.
fn one_arg<'a>(name: &str, args: &'a [Value]) -> Result<&'a Value, Unwind> {
    match args {
        [v] => Ok(v),
        _ => Err(perr(format!("{name}(): Wrong number of arguments given {} for 1", args.len()))),
    }
}

fn is_email_address(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let v = one_arg("is_email_address", args)?;
    // `(arg =~ regex) == 0`: a non-String's `=~` is nil.
    Ok(Value::Boolean(match v {
        Value::String(s) => matches(r"\A([a-zA-Z0-9_+\-].?)+@[a-z0-9\-]+(\.[a-z]+)*\.[a-z]+\z", s)?,
        _ => false,
    }))
}

fn is_float(host: &mut dyn Host, args: &[Value]) -> FnResult {
    deprecation3(
        host,
        "is_float",
        "This method is deprecated, please use the stdlib validate_legacy function,\n                          with Stdlib::Compat::Float. There is further documentation for validate_legacy function in the README.",
    );
    let v = one_arg("is_float", args)?;
    // `value == value.to_f.to_s || value.is_a?(Float)`, for Numerics and Strings.
    Ok(Value::Boolean(match v {
        Value::Float(_) => true,
        Value::String(s) => {
            s.as_str() == crate::display::ruby_float_to_s(crate::functions::numeric::ruby_to_f(s))
        }
        _ => false,
    }))
}

/// `IPAddr.new(arg)` (a non-String is an `AddressFamilyError`) and whether
/// it is an IPv4 (`Some(true)`) or IPv6 (`Some(false)`) address; None when
/// Ruby raises an `ArgumentError`.
fn ip_family(v: &Value) -> Option<bool> {
    let Value::String(s) = v else { return None };
    match super::strings::ipaddr_parse(s).ok()? {
        super::strings::IpAddr::V4(_) => Some(true),
        super::strings::IpAddr::V6(_) => Some(false),
    }
}

fn is_ipv4_address(host: &mut dyn Host, args: &[Value]) -> FnResult {
    deprecation3(host, "is_ipv4_address", body_msg!("Stdlib::Compat::Ipv4", "                            "));
    let v = one_arg("is_ipv4_address", args)?;
    Ok(Value::Boolean(ip_family(v) == Some(true)))
}

fn is_ipv6_address(host: &mut dyn Host, args: &[Value]) -> FnResult {
    deprecation3(host, "is_ipv6_address", body_msg!("Stdlib::Compat::Ipv6", "                            "));
    let v = one_arg("is_ipv6_address", args)?;
    Ok(Value::Boolean(ip_family(v) == Some(false)))
}

fn is_mac_address(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let v = one_arg("is_mac_address", args)?;
    let Value::String(mac) = v else {
        return Err(crate::functions::legacy::no_implicit_string(v).into());
    };
    Ok(Value::Boolean(
        matches(r"(?i)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){5}$", mac)? || matches(r"(?i)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){19}$", mac)?,
    ))
}

fn is_numeric(host: &mut dyn Host, args: &[Value]) -> FnResult {
    deprecation3(
        host,
        "is_numeric",
        "This method is deprecated, please use the stdlib validate_legacy function,\n                          with Stdlib::Compat::Numeric. There is further documentation for validate_legacy function in the README.",
    );
    let v = one_arg("is_numeric", args)?;
    Ok(Value::Boolean(match v {
        Value::Integer(_) | Value::Float(_) => true,
        Value::String(s) => matches(r"^-?(?:(?:[1-9][0-9]*)|0)(?:\.[0-9]+)?(?:[eE]-?[0-9]+)?$", s)?,
        _ => false,
    }))
}

fn is_function_available(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("is_function_available?(): Wrong number of arguments given {} for 1", args.len())));
    }
    // `Puppet::Parser::Functions.function(name)`: the 3.x API only.
    Ok(Value::Boolean(match &args[0] {
        Value::String(name) => host.has_legacy_function(name),
        _ => false,
    }))
}

fn private(host: &mut dyn Host, args: &[Value]) -> FnResult {
    host.log(
        LogLevel::Warning,
        "private() DEPRECATED: This function will cease to function on Puppet 4; please use assert_private() before upgrading to puppet 4 for backwards-compatibility, or migrate to the new parser's typing system.",
    );
    super::autoloader_warnings(host, "assert_private");
    // `function_assert_private([(args[0] unless args.empty?)])`.
    super::catalog::assert_private(host, &[args.first().cloned().unwrap_or(Value::Undef)])
}

fn sprintf_hash(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    super::deprecation(
        host,
        "sprintf_hash",
        "This method is deprecated. From Puppet 4.10.10/5.3.4 please use the built-in sprintf instead",
    )?;
    let Some(format) = args[0].as_str() else { unreachable!("dispatch checked") };
    // `Hash[arguments.map { |(k, v)| [k.to_sym, v] }]`.
    if let Value::Hash(h) = &args[1] {
        for k in h.keys() {
            if !matches!(k, Value::String(_)) {
                return Err(crate::functions::util::no_method("to_sym", k, &["to_s"]).into());
            }
        }
    }
    Ok(Value::string(crate::string_format::kernel_format(format, &args[1..])?))
}

/// Ruby's `String#split(separator)` with a String separator: `' '` splits
/// on runs of whitespace ignoring leading ones, `''` into characters;
/// trailing empty fields are dropped.
fn ruby_split_by<'a>(s: &'a str, sep: &str) -> Vec<&'a str> {
    let mut parts: Vec<&str> = match sep {
        " " => super::modules_more::ruby_split(s),
        "" => s.char_indices().map(|(i, c)| &s[i..i + c.len_utf8()]).collect(),
        _ => s.split(sep).collect(),
    };
    while parts.last() == Some(&"") {
        parts.pop();
    }
    parts
}

fn try_get_value(host: &mut dyn Host, args: &[Value]) -> FnResult {
    host.log(LogLevel::Warning, "try_get_value() DEPRECATED: this function is deprecated, please use dig() instead.");
    let data = &args[0];
    let path = match args.get(1) {
        None | Some(Value::Undef) => Value::string(""),
        Some(p) => p.clone(),
    };
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    if !matches!(data, Value::Hash(_) | Value::Array(_)) || path.as_str() == Some("") {
        // `default || data`
        return Ok(if default.is_truthy() { default } else { data.clone() });
    }
    let separator = match args.get(3) {
        None | Some(Value::Undef) | Some(Value::Boolean(false)) => Value::string("/"),
        Some(s) => s.clone(),
    };
    let Value::String(path) = &path else {
        return Err(crate::functions::util::no_method("split", &path, &[]).into());
    };
    let Value::String(separator) = &separator else {
        return Err(perr(format!("wrong argument type {} (expected Regexp)", class(&separator))));
    };
    let mut keys = Vec::new();
    let mut bignum = false;
    for key in ruby_split_by(path, separator) {
        // `key =~ %r{^\d+$} ? key.to_i : key` (`^`/`$` at any line).
        if key.split('\n').any(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit())) {
            match crate::functions::numeric::ruby_to_i(key) {
                Some(i) => keys.push(Value::Integer(i)),
                // A Bignum key or index finds nothing.
                None => bignum = true,
            }
        } else {
            keys.push(Value::string(key));
        }
    }
    dig(host, &[data.clone(), Value::array(keys), default], bignum)
}

/// stdlib 8.x's 3.x `dig` (what `function_dig` finds before Puppet's own):
/// a warning, the autoloading of `dig44`, then `dig44`.
/// `not_found`: the path has a key no data has (a Bignum), so the
/// result is the default.
fn dig(host: &mut dyn Host, args: &[Value], not_found: bool) -> FnResult {
    host.log(
        LogLevel::Warning,
        "dig() DEPRECATED: This function has been replaced in Puppet 4.5.0, please use dig44() for backwards compatibility or use the new version.",
    );
    super::autoloader_warnings(host, "dig44");
    if not_found {
        return Ok(args[2].clone());
    }
    super::collections::dig44(host, args)
}

fn type3x(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("type3x(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    let name = match &args[0] {
        Value::Boolean(_) => "boolean",
        Value::Array(_) => "array",
        Value::Integer(_) => "integer",
        Value::Float(_) => "float",
        Value::Hash(_) => "hash",
        Value::String(s) => {
            if crate::functions::numeric::ruby_to_i(s).unwrap_or(0).to_string() == s.as_str() {
                "integer"
            } else if crate::display::ruby_float_to_s(crate::functions::numeric::ruby_to_f(s)) == s.as_str() {
                "float"
            } else {
                "string"
            }
        }
        _ => return Err(perr("type3x(): Unknown type")),
    };
    Ok(Value::string(name))
}

/// The 3.x `validate_ip*_address` bodies: every argument a String that
/// `IPAddr.new` accepts and `ok` likes.
fn validate_ips(host: &mut dyn Host, args: &[Value], name: &str, compat: &str, what: &str, ok: fn(bool) -> bool) -> FnResult {
    deprecation3(
        host,
        name,
        &format!(
            "This method is deprecated, please use the stdlib validate_legacy function,\n                            with {compat}. There is further documentation for validate_legacy function in the README."
        ),
    );
    if args.is_empty() {
        return Err(perr(format!("{name}(): wrong number of arguments (0; must be > 0)")));
    }
    for arg in args {
        if !matches!(arg, Value::String(_)) {
            return Err(perr(format!("{} is not a string.", inspect(arg))));
        }
        if !ip_family(arg).is_some_and(ok) {
            return Err(perr(format!("{} is not a valid {what} address.", inspect(arg))));
        }
    }
    Ok(Value::Undef)
}

fn validate_ip_address(host: &mut dyn Host, args: &[Value]) -> FnResult {
    validate_ips(host, args, "validate_ip_address", "Stdlib::Compat::Ip_address", "IP", |_| true)
}

fn validate_ipv4_address(host: &mut dyn Host, args: &[Value]) -> FnResult {
    validate_ips(host, args, "validate_ipv4_address", "Stdlib::Compat::Ipv4", "IPv4", |v4| v4)
}

fn validate_ipv6_address(host: &mut dyn Host, args: &[Value]) -> FnResult {
    validate_ips(host, args, "validate_ipv6_address", "Stdlib::Compat::Ipv6", "IPv6", |v4| !v4)
}

/// Ruby's `Float(v.to_s)`.
fn ruby_float_of(v: &Value) -> Option<f64> {
    match v {
        Value::Float(f) => Some(*f),
        Value::Integer(i) => Some(*i as f64),
        Value::Hash(_) => None,
        other => crate::convert::ruby_float(&to_s(other)),
    }
}

fn float_s(f: f64) -> String {
    crate::display::ruby_float_to_s(f)
}

fn validate_numeric(host: &mut dyn Host, args: &[Value]) -> FnResult {
    deprecation3(host, "validate_numeric", body_msg!("Stdlib::Compat::Numeric", "                            "));
    if args.is_empty() || args.len() >= 4 {
        return Err(perr(format!("validate_numeric(): Wrong number of arguments; must be 1, 2 or 3, got {}", args.len())));
    }
    let input = &args[0];
    let max = if args.len() > 1 {
        let m = to_s(&args[1]);
        if args.len() > 2 && m.is_empty() {
            None
        } else {
            Some(crate::convert::ruby_float(&m).ok_or_else(|| {
                perr(format!("validate_numeric(): Expected second argument to be unset or a Numeric, got {m}:String"))
            })?)
        }
    } else {
        None
    };
    let min = if args.len() > 2 {
        Some(crate::convert::ruby_float(&to_s(&args[2])).ok_or_else(|| {
            perr(format!(
                "validate_numeric(): Expected third argument to be unset or a Numeric, got {}:{}",
                to_s(&args[2]),
                class(&args[2])
            ))
        })?)
    } else {
        None
    };
    if let (Some(lo), Some(hi)) = (min, max)
        && lo > hi
    {
        return Err(perr(format!(
            "validate_numeric(): Expected second argument to be larger than third argument, got {} < {}",
            float_s(hi),
            float_s(lo)
        )));
    }
    // `input.inspect` in the messages: the Array, or the Float a scalar
    // input was converted to.
    let check = |num: f64, shown: &str| -> Result<(), Unwind> {
        if let Some(hi) = max
            && num > hi
        {
            return Err(perr(format!(
                "validate_numeric(): Expected {shown} to be smaller or equal to {}, got {shown}.",
                float_s(hi)
            )));
        }
        if let Some(lo) = min
            && num < lo
        {
            return Err(perr(format!(
                "validate_numeric(): Expected {shown} to be greater or equal to {}, got {shown}.",
                float_s(lo)
            )));
        }
        Ok(())
    };
    match input {
        Value::Array(items) => {
            let shown = inspect(input);
            for (pos, item) in items.iter().enumerate() {
                let Some(n) = ruby_float_of(item) else {
                    return Err(perr(format!(
                        "validate_numeric(): Expected element at array position {pos} to be a Numeric, got {}",
                        class(item)
                    )));
                };
                check(n, &shown)?;
            }
        }
        Value::Hash(_) => {
            return Err(perr("validate_integer(): Expected first argument to be a Numeric or Array, got Hash"));
        }
        other => {
            let Some(n) = ruby_float_of(other) else {
                return Err(perr(format!(
                    "validate_numeric(): Expected first argument to be a Numeric or Array, got {}",
                    class(other)
                )));
            };
            check(n, &float_s(n))?;
        }
    }
    Ok(Value::Undef)
}

/// Ruby's `Integer(v)`: an Integer, a Float truncated, a String in Ruby's
/// integer syntax; None where Ruby raises `ArgumentError`/`TypeError`.
fn ruby_integer_arg(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(*i),
        Value::Float(f) if f.is_finite() => Some(f.trunc() as i64),
        Value::String(s) => crate::convert::ruby_integer(s, None),
        _ => None,
    }
}

fn validate_slength(host: &mut dyn Host, args: &[Value]) -> FnResult {
    deprecation3(host, "validate_slength", body_msg!("String[]", "                            "));
    if args.len() != 2 && args.len() != 3 {
        return Err(perr(format!("validate_slength(): Wrong number of arguments ({}; must be 2 or 3)", args.len())));
    }
    let input = &args[0];
    let max = match ruby_integer_arg(&args[1]) {
        Some(m) if m > 0 => m,
        converted => {
            let (shown, cls) = match converted {
                Some(m) => (m.to_string(), "Integer".to_string()),
                None => (to_s(&args[1]), class(&args[1])),
            };
            return Err(perr(format!("validate_slength(): Expected second argument to be a positive Numeric, got {shown}:{cls}")));
        }
    };
    let min = match args.get(2) {
        None | Some(Value::Undef) | Some(Value::Boolean(false)) => 0,
        Some(m) => match ruby_integer_arg(m) {
            Some(i) if i >= 0 => i,
            converted => {
                let (shown, cls) = match converted {
                    Some(i) => (i.to_string(), "Integer".to_string()),
                    None => (to_s(m), class(m)),
                };
                return Err(perr(format!(
                    "validate_slength(): Expected third argument to be unset or a positive Numeric, got {shown}:{cls}"
                )));
            }
        },
    };
    if max < min {
        return Err(perr("validate_slength(): Expected second argument to be equal to or larger than third argument"));
    }
    // The message shows the whole input and its length (for an Array, the
    // number of elements).
    let input_len = match input {
        Value::Array(a) => a.len(),
        Value::String(s) => s.chars().count(),
        _ => 0,
    };
    let check = |s: &str| -> Result<(), Unwind> {
        let n = s.chars().count() as i64;
        if n > max || n < min {
            return Err(perr(format!(
                "validate_slength(): Expected length of {} to be between {min} and {max}, was {input_len}",
                inspect(input)
            )));
        }
        Ok(())
    };
    match input {
        Value::String(s) => check(s)?,
        Value::Array(items) => {
            for (pos, item) in items.iter().enumerate() {
                let Value::String(s) = item else {
                    return Err(perr(format!(
                        "validate_slength(): Expected element at array position {pos} to be a String, got {}",
                        class(item)
                    )));
                };
                check(s)?;
            }
        }
        other => {
            return Err(perr(format!(
                "validate_slength(): Expected first argument to be a String or Array, got {}",
                class(other)
            )))
        }
    }
    Ok(Value::Undef)
}
