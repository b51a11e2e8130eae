//! stdlib 9's namespaced functions (`stdlib::to_yaml`, `stdlib::merge`,
//! `stdlib::ensure_packages`, `stdlib::ip_in_range` ...), the deprecation
//! shims 9.x keeps under the old names, and the 8.x forms of the functions
//! 9.x moved into the namespace (`batch_escape`, `shell_escape`,
//! `to_python` ... are plain functions in 8.x).
//!
//! A 9.x shim is the file `rake regenerate_unamespaced_shims` generates:
//! `repeated_param 'Any', :args` (plus an optional block for `merge`),
//! then `call_function('deprecation', NAME, 'This function is deprecated,
//! please use stdlib::NAME instead.', false)` (the strict setting does not
//! apply: always a warning, once per name) and `call_function('stdlib::NAME',
//! *args)`, so argument errors are the namespaced function's
//! (`'stdlib::to_yaml' expects between 1 and 2 arguments, got none`).
//! Here the shim calls the namespaced function through the host, as Ruby's
//! `call_function` goes through Puppet's loaders.
//!
//! Functions whose Ruby file changed behaviour in 9.0 are registered twice
//! (see [`super::ModuleFunction::since`]): `deprecation` (a third
//! parameter, `use_strict_setting`), `validate_legacy` (no 3.x validator
//! any more), `parsepson` (now deprecated), `os_version_gte` (modern facts
//! in 9.x), and every name that became a shim.

use super::{deprecation_with, perr, to_s, Builder, Reg, STDLIB9};
use crate::error::Error;
use crate::functions::describe::describe_signatures;
use crate::functions::{Dispatch, FnResult, Host, Unwind};
use crate::types::calc::{infer_set, instance_of};
use crate::types::Type;
use crate::value::{HashMapV, StrKey, Value};

/// The deprecation shim of stdlib 9 for `$name` (see the module doc).
macro_rules! shim9 {
    ($fname:ident, $name:literal) => {
        fn $fname(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
            deprecation_with(
                host,
                $name,
                concat!("This function is deprecated, please use stdlib::", $name, " instead."),
                false,
            )?;
            host.call_function(concat!("stdlib::", $name), args, block)
        }
    };
}

shim9!(batch_escape_shim, "batch_escape");
shim9!(ensure_packages_shim, "ensure_packages");
shim9!(fqdn_rand_string_shim, "fqdn_rand_string");
shim9!(fqdn_rotate_shim, "fqdn_rotate");
shim9!(has_interface_with_shim, "has_interface_with");
shim9!(merge_shim, "merge");
shim9!(os_version_gte_shim, "os_version_gte");
shim9!(parsehocon_shim, "parsehocon");
shim9!(powershell_escape_shim, "powershell_escape");
shim9!(seeded_rand_shim, "seeded_rand");
shim9!(seeded_rand_string_shim, "seeded_rand_string");
shim9!(shell_escape_shim, "shell_escape");
shim9!(to_json_shim, "to_json");
shim9!(to_json_pretty_shim, "to_json_pretty");
shim9!(to_python_shim, "to_python");
shim9!(to_ruby_shim, "to_ruby");
shim9!(to_toml_shim, "to_toml");
shim9!(to_yaml_shim, "to_yaml");
shim9!(type_of_shim, "type_of");
shim9!(validate_domain_name_shim, "validate_domain_name");
shim9!(validate_email_address_shim, "validate_email_address");

/// The functions 9.x has under `stdlib::NAME` and 8.x under `NAME`, each
/// with its dispatch specs and body.
const MOVED: &[(&str, &str, &str, crate::functions::Imp)] = &[
    ("batch_escape", "stdlib::batch_escape", "Any string", batch_escape),
    ("powershell_escape", "stdlib::powershell_escape", "Any string", powershell_escape),
    ("shell_escape", "stdlib::shell_escape", "Any string", shell_escape),
    ("seeded_rand_string", "stdlib::seeded_rand_string", "Integer[1] length, String seed, String[2] charset?", seeded_rand_string),
    ("to_python", "stdlib::to_python", "Any object", to_python),
    ("to_ruby", "stdlib::to_ruby", "Any object", to_ruby),
    ("to_toml", "stdlib::to_toml", "Hash data", to_toml),
    ("type_of", "stdlib::type_of", "Any value", type_of),
];

pub(crate) fn register(r: &mut Reg) {
    for &(old, new, spec, imp) in MOVED {
        r.v4(Builder::new(old).d(spec, imp));
        r.v4(Builder::new(new).d(spec, imp));
    }
    r.v4(Builder::new("stdlib::crc32")
        .d("Variant[ScalarData, Sensitive[ScalarData], Binary, Sensitive[Binary]] my_data", crc32));
    r.v4(Builder::new("stdlib::sha256")
        .d("Variant[ScalarData, Sensitive[ScalarData], Binary, Sensitive[Binary]] my_data", sha256));
    r.v4(Builder::new("stdlib::start_with").d("String test_string, Variant[String[1],Array[String[1], 1]] prefixes", start_with));
    r.v4(Builder::new("stdlib::end_with").d("String test_string, Variant[String[1],Array[String[1], 1]] suffixes", end_with));
    r.v4(Builder::new("stdlib::extname").d("String filename", extname));
    r.v4(Builder::new("stdlib::nested_values").d("Hash hash", nested_values));
    r.v4(Builder::new("stdlib::xml_encode").d("String str, Enum['text','attr'] type?", xml_encode));
    r.v4(Builder::new("stdlib::ip_in_range").d("String ipaddress, Variant[String, Array] range", ip_in_range));
    r.v4(Builder::new("stdlib::fqdn_rand_string").d("Integer[1] length, Optional[String] charset?, Any seed*", fqdn_rand_string));
    r.v4(Builder::new("stdlib::fqdn_rotate")
        .d("String input, Variant[Integer,String] seeds*", fqdn_rotate_string)
        .d("Array input, Variant[Integer,String] seeds*", fqdn_rotate_array));
    r.v4(Builder::new("stdlib::seeded_rand").d("Integer[1] max, String seed", seeded_rand));
    r.v4(Builder::new("stdlib::has_interface_with")
        .d("String[1] interface", has_interface)
        .d("Enum['macaddress','netmask','ipaddress','network','ip','mac'] kind, String[1] value", has_interface_with));
    r.v4(Builder::new("stdlib::os_version_gte").d("String[1] os, String[1] version", os_version_gte));
    r.v4(Builder::new("os_version_gte").d("String[1] os, String[1] version", os_version_gte_8));
    r.v4(Builder::new("stdlib::merge")
        .d("Variant[Hash[Scalar,Any], Undef, String[0,0]] args*", super::collections::merge2hashes)
        .d("Iterable args*, &Callable[3,3] block", super::collections::merge_iterable3)
        .d("Iterable args*, &Callable[2,2] block", super::collections::merge_iterable2));
    r.v4(Builder::new("stdlib::to_json").d("Any data", super::data::to_json));
    r.v4(Builder::new("stdlib::to_json_pretty").d(super::data::TO_JSON_PRETTY_SPEC, super::data::to_json_pretty));
    r.v4(Builder::new("stdlib::to_yaml").d("Any data, Hash options?", super::data::to_yaml));
    r.v4(Builder::new("stdlib::ensure_packages")
        .d("Variant[String[1], Array[String[1]]] packages, Hash default_attributes?", super::catalog::ensure_packages9)
        .d("Hash[String[1], Any] packages, Hash default_attributes?", super::catalog::ensure_packages9_hash));
    r.v4(Builder::new("stdlib::str2resource").d("String res_string", str2resource));
    r.v4(Builder::new("stdlib::has_function").d("String[1] function_name", has_function));
    r.v4(Builder::new("stdlib::sort_by")
        .d("Array ary, &Callable[1,1] block", sort_by_array)
        .d("String str, &Callable[1,1] block", sort_by_string)
        .d("Hash hsh, &Variant[Callable[1,1], Callable[2,2]] block", sort_by_hash));
    r.v4(Builder::new("stdlib::validate_domain_name").d("Any values*", validate_domain_name));
    r.v4(Builder::new("stdlib::validate_email_address").d("Any values*", validate_email_address));
    r.v4(Builder::new("is_a").d("Any value, Type type", is_a));
    r.v4(Builder::new("deprecation").d("String key, String message", deprecation_8));
    r.v4_since(STDLIB9, Builder::new("deprecation").d("String key, String message, Boolean use_strict_setting?", deprecation_9));
    r.v4(Builder::new("parsepson").d("String[1] pson_string, Any default?", parsepson_8));
    r.v4_since(STDLIB9, Builder::new("parsepson").d("String[1] pson_string, Any default?", parsepson_9));
    r.v4(Builder::new("parsehocon").d("String hocon_string, Any default?", parsehocon));
    r.v4(Builder::new("stdlib::parsehocon").d("String hocon_string, Any default?", parsehocon));

    // The 9.x shims, over the 8.x functions of the same names.
    let any = "Any args*";
    for (name, imp) in [
        ("batch_escape", batch_escape_shim as crate::functions::Imp),
        ("fqdn_rand_string", fqdn_rand_string_shim),
        ("fqdn_rotate", fqdn_rotate_shim),
        ("has_interface_with", has_interface_with_shim),
        ("os_version_gte", os_version_gte_shim),
        ("parsehocon", parsehocon_shim),
        ("powershell_escape", powershell_escape_shim),
        ("seeded_rand", seeded_rand_shim),
        ("seeded_rand_string", seeded_rand_string_shim),
        ("shell_escape", shell_escape_shim),
        ("to_json", to_json_shim),
        ("to_json_pretty", to_json_pretty_shim),
        ("to_python", to_python_shim),
        ("to_ruby", to_ruby_shim),
        ("to_toml", to_toml_shim),
        ("to_yaml", to_yaml_shim),
        ("type_of", type_of_shim),
        ("validate_domain_name", validate_domain_name_shim),
        ("validate_email_address", validate_email_address_shim),
        ("ensure_packages", ensure_packages_shim),
    ] {
        r.v4_since(STDLIB9, Builder::new(name).d(any, imp));
    }
    r.v4_since(
        STDLIB9,
        Builder::new("merge").d("Any args*, &Variant[Callable[2,2], Callable[3,3]] block?", merge_shim),
    );
}

// ---------------------------------------------------------------------------
// Escaping and strings.

fn batch_escape(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let mut out = String::from("\"");
    for c in to_s(&args[0]).chars() {
        match c {
            '"' => out.push_str("\"\""),
            '$' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    Ok(Value::string(out))
}

fn powershell_escape(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let mut out = String::new();
    for c in to_s(&args[0]).chars() {
        match c {
            ' ' | '\'' | '`' | '|' | '\n' | '$' => {
                out.push('`');
                out.push(c);
            }
            '"' => out.push_str("\\`\""),
            c => out.push(c),
        }
    }
    Ok(Value::string(out))
}

fn shell_escape(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(super::strings::shellescape(&to_s(&args[0]))))
}

/// The bytes `my_data.unwrap.to_s` (else `my_data.to_s`) gives: a
/// Sensitive's value, a Binary as its strict Base64 (Binary#to_s), scalars
/// as Ruby prints them.
fn digest_input(v: &Value) -> String {
    match v {
        Value::Sensitive(inner) => digest_input(inner),
        Value::Binary(b) => crate::display::base64_encode(b),
        other => to_s(other),
    }
}

fn crc32(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let sum = crc32fast::hash(digest_input(&args[0]).as_bytes());
    Ok(Value::string(format!("{sum:x}")))
}

fn sha256(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let d = crate::functions::digest::sha256(digest_input(&args[0]).as_bytes());
    Ok(Value::string(crate::functions::digest::hex(&d)))
}

/// The prefixes (or suffixes) argument: one String or an Array of them.
fn affixes(v: &Value) -> Vec<String> {
    match v {
        Value::Array(a) => a.iter().map(to_s).collect(),
        other => vec![to_s(other)],
    }
}

fn start_with(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let s = to_s(&args[0]);
    Ok(Value::Boolean(affixes(&args[1]).iter().any(|p| s.starts_with(p.as_str()))))
}

fn end_with(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let s = to_s(&args[0]);
    Ok(Value::Boolean(affixes(&args[1]).iter().any(|p| s.ends_with(p.as_str()))))
}

fn extname(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(super::modules_more::file_extname(&to_s(&args[0]))))
}

/// Ruby's `String#encode(xml: :text)` (`&`, `<`, `>`) and `(xml: :attr)`
/// (also `"` and `'`, and the result in double quotes).
fn xml_encode(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let attr = args.get(1).and_then(Value::as_str) == Some("attr");
    let s = to_s(&args[0]);
    let mut out = String::with_capacity(s.len() + 2);
    if attr {
        out.push('"');
    }
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\'' if attr => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    if attr {
        out.push('"');
    }
    Ok(Value::string(out))
}

// ---------------------------------------------------------------------------
// Data.

fn nested_values(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    fn walk(h: &HashMapV, out: &mut Vec<Value>) {
        for v in h.values() {
            match v {
                Value::Hash(inner) => walk(inner, out),
                other => out.push(other.clone()),
            }
        }
    }
    let mut out = Vec::new();
    if let Value::Hash(h) = &args[0] {
        crate::value::guard_stack(|| walk(h, &mut out));
    }
    Ok(Value::array(out))
}

fn is_a(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let Some(t) = args[1].as_type() else { unreachable!("dispatch checked") };
    let b = crate::types::calc::try_instance_of(t, &args[0]).map_err(crate::error::Error::from)?;
    Ok(Value::Boolean(b))
}

fn type_of(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::of_type(infer_set(&args[0])))
}

/// `ToDataConverter.convert(object, rich_data: true)` then each value as
/// Python (`True`, `False`, `None`, lists, dicts, other values as Ruby's
/// `inspect`).
fn to_python(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    fn py(v: &Value, out: &mut String) {
        match v {
            Value::Boolean(true) => out.push_str("True"),
            Value::Boolean(false) => out.push_str("False"),
            Value::Undef => out.push_str("None"),
            Value::Array(_) | Value::Hash(_) => crate::display::write_container(out, v, ": ", |o, e| py(e, o)),
            other => super::rich_data::inspect_data(other, out),
        }
    }
    let data = super::rich_data::to_data(&args[0])?;
    let mut out = String::new();
    crate::value::guard_stack(|| py(&data, &mut out));
    Ok(Value::string(out))
}

/// `ToDataConverter.convert(object, rich_data: true)` then Ruby source:
/// arrays and hashes (`=>`), other values as Ruby's `inspect`.
fn to_ruby(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    fn rb(v: &Value, out: &mut String) {
        match v {
            Value::Array(_) | Value::Hash(_) => crate::display::write_container(out, v, " => ", |o, e| rb(e, o)),
            other => super::rich_data::inspect_data(other, out),
        }
    }
    let data = super::rich_data::to_data(&args[0])?;
    let mut out = String::new();
    crate::value::guard_stack(|| rb(&data, &mut out));
    Ok(Value::string(out))
}

fn to_toml(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(super::toml::dump(&args[0])?))
}

// ---------------------------------------------------------------------------
// Facts.

/// `closure_scope['facts'][k1][k2]...` as Ruby walks it: a missing key is
/// nil, and indexing nil fails (`undefined method `[]' for nil:NilClass`).
fn fact_path(host: &mut dyn Host, path: &[&str]) -> Result<Value, Unwind> {
    let mut v = host.lookup_variable("facts").unwrap_or(Value::Undef);
    for k in path {
        v = match &v {
            Value::Hash(h) => h.get(&StrKey(k)).cloned().unwrap_or(Value::Undef),
            other => return Err(crate::functions::util::no_method("[]", other, &[]).into()),
        };
    }
    Ok(v)
}

fn has_interface(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let interfaces = fact_path(host, &["networking", "interfaces"])?;
    match &interfaces {
        Value::Hash(h) => Ok(Value::Boolean(h.contains_key(&args[0]))),
        other => Err(crate::functions::util::no_method("key?", other, &[]).into()),
    }
}

fn has_interface_with(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let kind = match args[0].as_str() {
        Some("ipaddress") => "ip",
        Some("macaddress") => "mac",
        Some(k) => k,
        None => unreachable!("dispatch checked"),
    };
    let interfaces = fact_path(host, &["networking", "interfaces"])?;
    let Value::Hash(h) = &interfaces else {
        return Err(crate::functions::util::no_method("any?", &interfaces, &[]).into());
    };
    for params in h.values() {
        let got = match params {
            Value::Hash(p) => p.get(&StrKey(kind)).cloned().unwrap_or(Value::Undef),
            other => return Err(crate::functions::util::no_method("[]", other, &[]).into()),
        };
        if crate::ops::ruby_eq(&got, &args[1]) {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(false))
}

fn versioncmp_ge(a: &Value, b: &str) -> Result<bool, Unwind> {
    let Value::String(a) = a else {
        return Err(crate::functions::util::no_method("=~", a, &[]).into());
    };
    Ok(crate::functions::strings::versioncmp_str(a, b, false)? >= 0)
}

fn os_version_gte(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let name = fact_path(host, &["os", "name"])?;
    if !crate::ops::ruby_eq(&name, &args[0]) {
        return Ok(Value::Boolean(false));
    }
    let major = fact_path(host, &["os", "release", "major"])?;
    Ok(Value::Boolean(versioncmp_ge(&major, &to_s(&args[1]))?))
}

/// 8.x: the legacy facts `operatingsystem` and `operatingsystemmajrelease`.
fn os_version_gte_8(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let name = fact_path(host, &["operatingsystem"])?;
    if !crate::ops::ruby_eq(&name, &args[0]) {
        return Ok(Value::Boolean(false));
    }
    let major = fact_path(host, &["operatingsystemmajrelease"])?;
    Ok(Value::Boolean(versioncmp_ge(&major, &to_s(&args[1]))?))
}

// ---------------------------------------------------------------------------
// Seeded randomness.

fn fqdn_rand_string(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let Value::Integer(length) = args[0] else { unreachable!("dispatch checked") };
    let charset: Vec<char> = match args.get(1) {
        Some(Value::String(s)) if !s.is_empty() => s.chars().collect(),
        _ => ('0'..='9').chain('A'..='Z').chain('a'..='z').collect(),
    };
    let seed: Vec<Value> = args.get(2..).unwrap_or(&[]).to_vec();
    let mut out = String::new();
    for current in 1..=length {
        let mut parts = seed.clone();
        parts.push(Value::Integer(current));
        let joined = super::collections::ruby_join(&parts, ":");
        let n = host.call_function("fqdn_rand", &[Value::Integer(charset.len() as i64), Value::string(joined)], None)?;
        // fqdn_rand gives an Integer below the charset's size; a host that
        // answers otherwise is an error, not a panic.
        let i = match n {
            Value::Integer(i) if (0..charset.len() as i64).contains(&i) => i,
            other => return Err(Error::argument(format!("fqdn_rand returned {other:?}, not an index into the charset")).into()),
        };
        out.push(charset[i as usize]);
    }
    Ok(Value::string(out))
}

/// stdlib::fqdn_rotate's `fqdn_rotate_array(input, *seeds)`.
fn rotate(host: &mut dyn Host, mut items: Vec<Value>, seeds: &[Value]) -> Result<Vec<Value>, Unwind> {
    if items.len() <= 1 {
        return Ok(items);
    }
    let fqdn = fact_path(host, &["networking", "fqdn"])?;
    let text = super::collections::ruby_join(&[fqdn, Value::array(seeds.to_vec())], ":");
    let seed = crate::functions::digest::md5(text.as_bytes());
    let offset = crate::functions::digest::ruby_random_int(&seed, items.len() as i64)?;
    items.rotate_left(offset as usize);
    Ok(items)
}

fn fqdn_rotate_array(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let Value::Array(a) = &args[0] else { unreachable!("dispatch checked") };
    Ok(Value::array(rotate(host, a.to_vec(), &args[1..])?))
}

fn fqdn_rotate_string(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let s = to_s(&args[0]);
    let chars = s.chars().map(|c| Value::string(c.to_string())).collect();
    let rotated = rotate(host, chars, &args[1..])?;
    Ok(Value::string(rotated.iter().map(to_s).collect::<String>()))
}

fn seeded_rand(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let Value::Integer(max) = args[0] else { unreachable!("dispatch checked") };
    let digest = crate::functions::digest::md5(to_s(&args[1]).as_bytes());
    Ok(Value::Integer(crate::functions::digest::ruby_random_int(&digest, max)?))
}

/// `Random.new(Digest::SHA256.hexdigest(seed).to_i(16))`, then
/// `charset[rng.rand(charset.size)]` `length` times.
fn seeded_rand_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let Value::Integer(length) = args[0] else { unreachable!("dispatch checked") };
    let charset: Vec<char> = match args.get(2) {
        Some(Value::String(s)) => s.chars().collect(),
        _ => "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".chars().collect(),
    };
    // A string longer than pjit can hold is an error, not an allocation
    // failure (the signature's Positive[Integer] has no upper bound).
    const MAX: i64 = 1 << 24;
    if !(0..=MAX).contains(&length) {
        return Err(Error::argument(format!("seeded_rand_string(): a length of {length} is larger than pjit supports ({MAX})")).into());
    }
    let seed = crate::functions::digest::sha256(to_s(&args[1]).as_bytes());
    let picks = crate::functions::digest::ruby_random_ints(&seed, charset.len() as i64, length as usize)?;
    Ok(Value::string(picks.into_iter().map(|i| charset[i as usize]).collect::<String>()))
}

// ---------------------------------------------------------------------------
// Networks.

fn ip_in_range(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let ip = ipaddr_new(&to_s(&args[0]))?;
    let ranges = match &args[1] {
        Value::Array(a) => a.iter().map(|r| ipaddr_new(&to_s(r))).collect::<Result<Vec<_>, _>>()?,
        other => vec![ipaddr_new(&to_s(other))?],
    };
    Ok(Value::Boolean(ranges.iter().any(|r| r.includes(&ip))))
}

/// `IPAddr.new(text)` with the messages of Ruby 3.1's ipaddr (which
/// loses the address from `invalid address: `, and shows the address as an
/// integer in prefix errors).
fn ipaddr_new(text: &str) -> Result<super::strings::IpNet, Unwind> {
    use super::strings::{ipaddr_parse, ipaddr_parse_net, IpAddr};
    if let Ok(n) = ipaddr_parse_net(text) {
        return Ok(n);
    }
    let (addr, prefix) = match text.split_once('/') {
        Some((a, p)) => (a, Some(p)),
        None => (text, None),
    };
    let zero_filled = addr.split('.').count() == 4
        && addr.split('.').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        && addr.split('.').any(|p| p.len() > 1 && p.starts_with('0'));
    if zero_filled {
        return Err(perr("zero-filled number in IPv4 address is ambiguous: "));
    }
    let Ok(ip) = ipaddr_parse(addr) else { return Err(perr("invalid address: ")) };
    let int = match ip {
        IpAddr::V4(a) => a as u128,
        IpAddr::V6(a) => a,
    };
    match prefix {
        Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => Err(perr(format!("invalid length: {int}"))),
        Some(p) if ipaddr_parse(p).is_ok() && matches!(ip, IpAddr::V4(_)) => Err(perr(format!("invalid mask {p}: {int}"))),
        _ => Err(perr("invalid address: ")),
    }
}

// ---------------------------------------------------------------------------
// Catalog and loaders.

/// `Puppet::Resource.type_and_title(res_string, nil)` then
/// `closure_scope.findresource(type, title)`.
fn str2resource(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let (type_name, title) = super::catalog::type_and_title(&args[0])?;
    let found = host.find_resources(&type_name, Some(&title))?;
    match found.into_iter().next() {
        Some((reference, _)) => {
            let (t, ti) = reference.split_once('[').map(|(t, r)| (t.to_string(), r.trim_end_matches(']').to_string())).unwrap_or((type_name.clone(), title.clone()));
            Ok(Value::of_type(Type::resource(Some(&t), Some(&ti))))
        }
        None => Err(perr(format!(
            "stdlib::str2resource(): could not find {type_name}[{title}], this is parse order dependent and values should not be quoted"
        ))),
    }
}

/// Whether the environment has a function of that name (4.x or
/// Puppet-language, through the environment's loader; else a 3.x one).
fn has_function(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::Boolean(host.has_function(&to_s(&args[0]))))
}

// ---------------------------------------------------------------------------
// Sorting.

/// Ruby's `sort_by`: the block's value for every element first, in order,
/// then a (stable) sort by them with `<=>`.
fn sort_by_keys(host: &mut dyn Host, items: Vec<Value>, block: &Value, splat: bool) -> Result<Vec<Value>, Unwind> {
    let mut keyed = Vec::with_capacity(items.len());
    for it in items {
        let key = match (&it, splat) {
            (Value::Array(kv), true) => host.call_callable(block, &kv[..])?,
            _ => host.call_callable(block, std::slice::from_ref(&it))?,
        };
        keyed.push(Value::array(vec![key, it]));
    }
    crate::functions::util::merge_sort(&mut keyed, &mut |a, b| {
        let (ka, kb) = (&a.as_array().expect("pair")[0], &b.as_array().expect("pair")[0]);
        crate::functions::util::ruby_cmp(ka, kb).ok_or_else(|| Unwind::Error(crate::functions::util::cmperr(ka, kb)))
    })?;
    Ok(keyed.into_iter().map(|p| p.as_array().expect("pair")[1].clone()).collect())
}

fn sort_by_array(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let Value::Array(a) = &args[0] else { unreachable!("dispatch checked") };
    Ok(Value::array(sort_by_keys(host, a.to_vec(), block.expect("a block"), false)?))
}

fn sort_by_string(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let chars = to_s(&args[0]).chars().map(|c| Value::string(c.to_string())).collect();
    let sorted = sort_by_keys(host, chars, block.expect("a block"), false)?;
    Ok(Value::string(sorted.iter().map(to_s).collect::<String>()))
}

fn sort_by_hash(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let Value::Hash(h) = &args[0] else { unreachable!("dispatch checked") };
    let block = block.expect("a block");
    let pairs = h.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()])).collect();
    let splat = crate::functions::util::block_range(block).0 == 2;
    let sorted = sort_by_keys(host, pairs, block, splat)?;
    let mut out = HashMapV::default();
    for p in sorted {
        let kv = p.as_array().expect("pair");
        out.insert(kv[0].clone(), kv[1].clone());
    }
    Ok(Value::hash_from(out))
}

// ---------------------------------------------------------------------------
// Validation through module types.

/// A dispatch `repeated_param TYPE, :values` whose type names the module's
/// aliases (`Stdlib::Fqdn`), resolved through the host at call time; the
/// arguments are checked as Puppet's dispatcher checks them, then at least
/// one is required (`assert_arg_count`).
fn validate_with_type(host: &mut dyn Host, name: &'static str, type_text: &str, args: &[Value]) -> FnResult {
    let ty = crate::functions::misc::parse_type_string(host, type_text)?;
    let d = Dispatch {
        params: vec![crate::functions::Param { name: "values".into(), ty: ty.clone() }],
        min: 0,
        max: None,
        block: None,
        block_name: "block".into(),
        imp: crate::functions::DispatchImp::Signature,
        walk: None,
    };
    if !args.iter().all(|a| instance_of(&ty, a)) {
        return Err(Unwind::Error(Error::argument(describe_signatures(name, &[&d], args, None))));
    }
    if args.is_empty() {
        return Err(perr(format!("{name}(): Wrong number of arguments need at least one")));
    }
    Ok(Value::Undef)
}

fn validate_domain_name(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    validate_with_type(host, "stdlib::validate_domain_name", "Variant[Stdlib::Fqdn, Stdlib::Dns::Zone]", args)
}

fn validate_email_address(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    validate_with_type(host, "stdlib::validate_email_address", "Stdlib::Email", args)
}

// ---------------------------------------------------------------------------
// deprecation, parsepson and parsehocon.

/// 8.x returns what `Puppet.deprecation_warning` returns: the log entry
/// when it logged one (a `Puppet::Util::Log`, which prints as its text;
/// its text here), else nil.
fn deprecation_8(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(deprecation_with(host, &to_s(&args[0]), &to_s(&args[1]), true)?.map_or(Value::Undef, Value::string))
}

fn deprecation_9(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let use_strict = !matches!(args.get(2), Some(Value::Boolean(false)));
    deprecation_with(host, &to_s(&args[0]), &to_s(&args[1]), use_strict)?;
    Ok(Value::Undef)
}

/// `Hocon::ConfigFactory.parse_string(s).resolve.root.unwrapped` (8.x's
/// `parsehocon`, 9.x's `stdlib::parsehocon`): a `ConfigParseError` gives
/// the default when there is one; other errors are raised regardless.
fn parsehocon(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    match super::hocon::parse(&to_s(&args[0])) {
        Ok(v) => Ok(v),
        Err(super::hocon::Failure::Parse(m)) => match args.get(1) {
            Some(d) => Ok(d.clone()),
            None => Err(perr(m)),
        },
        Err(super::hocon::Failure::Other(m)) => Err(perr(m)),
        Err(super::hocon::Failure::Cycle(trace)) => Err(perr(trace.join(", "))),
    }
}

/// `PSON.load(pson_string)`, or the default when it fails and one is given.
fn parsepson_8(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    match super::data::pson_load(&to_s(&args[0])) {
        Ok(v) => Ok(v),
        Err(e) => match args.get(1) {
            Some(d) => Ok(d.clone()),
            None => Err(e.into()),
        },
    }
}

/// 9.x: the same after `deprecation('parsepson', ...)` (with the strict
/// setting); under Puppet 7 PSON still parses.
fn parsepson_9(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let message = "This method is deprecated. From Puppet 8, PSON is no longer natively supported. Please use JSON.parse().";
    if let Err(e) = deprecation_with(host, "parsepson", message, true) {
        // The `rescue StandardError` around the body catches the strict
        // error too: the default, when there is one.
        return match args.get(1) {
            Some(d) => Ok(d.clone()),
            None => Err(e),
        };
    }
    parsepson_8(host, args, block)
}
