//! stdlib's functions that look at or add to the catalog and the
//! environment: `ensure_resource`, `ensure_resources`, `ensure_packages`,
//! `defined_with_params`, `getparam`, `assert_private`, `get_module_path`,
//! `fact`.
//!
//! They run on the host's catalog callbacks: [`Host::find_resources`]
//! (Puppet's `findresource` / `catalog.resources.select`),
//! [`Host::scope_source`] (the scope's resource and class), the variables
//! `module_name`/`caller_module_name`, [`Host::module_directory`], and
//! `create_resources` called through [`Host::call_function`], exactly as
//! stdlib's Ruby calls it (`function_create_resources([type.capitalize,
//! { title => params }])`).

use super::{class, inspect, perr, to_s, Builder, Reg};
use crate::functions::{FnResult, Host, LogLevel, Unwind};
use crate::ops::ruby_eq;
use crate::types::Type;
use crate::value::{HashMapV, StrKey, Value};

pub(crate) fn register(r: &mut Reg) {
    r.v3("ensure_resource", -1, ensure_resource);
    r.v3("ensure_resources", -1, ensure_resources);
    r.v4(Builder::new("ensure_packages").d(
        "Variant[String[1], Array[String[1]], Hash[String[1], Any]] packages, Hash default_attributes?",
        ensure_packages,
    ));
    r.v3("defined_with_params", -1, defined_with_params);
    r.v3("getparam", -1, getparam);
    r.v3("assert_private", -1, assert_private);
    r.v3("get_module_path", -1, get_module_path);
    r.v4(Builder::new("fact").d("String fact_name", fact));
}

/// Ruby truthiness of a 3.x argument (`unless type`).
fn given(v: Option<&Value>) -> Option<&Value> {
    v.filter(|v| !matches!(v, Value::Undef | Value::Boolean(false)))
}

/// Ruby's `String#capitalize`: the first character up, the rest down.
fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase(),
        None => String::new(),
    }
}

/// A resource type name as a reference writes it (`Apache::Vhost`).
fn type_ref_name(t: &str) -> String {
    t.trim_start_matches("::").split("::").map(capitalize).collect::<Vec<_>>().join("::")
}

/// `Puppet::Resource.type_and_title` of a reference: a `Type[title]`
/// string or a resource/class reference value.
pub(crate) fn type_and_title(reference: &Value) -> Result<(String, String), Unwind> {
    match reference {
        Value::String(s) => {
            // `^([^\[\]]+)\[(.+)\]$` (multi-line).
            let parsed = s.find('[').and_then(|open| {
                let (t, rest) = (&s[..open], &s[open + 1..]);
                let title = rest.strip_suffix(']')?;
                (!t.is_empty() && !t.contains(']') && !title.is_empty()).then(|| (t.to_string(), title.to_string()))
            });
            parsed.map(|(t, ti)| (type_ref_name(&t), ti)).ok_or_else(|| {
                perr(format!("No title provided and {} is not a valid resource reference", inspect(reference)))
            })
        }
        Value::Type(t) => match &**t {
            Type::Resource { type_name: Some(tn), title } => {
                Ok((type_ref_name(tn), title.as_deref().unwrap_or("").to_string()))
            }
            Type::Class(Some(name)) => Ok(("Class".into(), name.to_string())),
            _ => Err(perr(format!("Reference is not understood: '{}'", class(reference)))),
        },
        other => Err(perr(format!("Reference is not understood: '{}'", class(other)))),
    }
}

fn param_of<'a>(params: &'a Value, key: &Value) -> Option<&'a Value> {
    params.as_hash().and_then(|h| h.get(key))
}

/// stdlib's `defined_with_params(reference, params)`.
fn defined_with_params_impl(host: &mut dyn Host, reference: &Value, params: Option<&Value>) -> Result<bool, Unwind> {
    let empty = Value::hash_from(HashMapV::default());
    let params = match params {
        None | Some(Value::Undef) => &empty,
        Some(Value::String(s)) if s.is_empty() => &empty,
        Some(p) => p,
    };
    let (type_name, title) = type_and_title(reference)?;
    let found = host.find_resources(&type_name, (!title.is_empty()).then_some(title.as_str()))?;
    let current = host.scope_source().map(|(_, _, r)| r);
    let wanted: Vec<(Value, Value)> = match params {
        Value::Hash(h) => h.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        other => return Err(crate::functions::util::no_method("map", other, &[]).into()),
    };
    for (reference, res_params) in found {
        if current.as_deref() == Some(reference.as_str()) {
            continue;
        }
        let all = wanted.iter().all(|(k, v)| {
            let have = param_of(&res_params, k).cloned().unwrap_or(Value::Undef);
            (have.is_undef() && v.is_undef()) || ruby_eq(&have, v)
        });
        if all {
            return Ok(true);
        }
    }
    Ok(false)
}

fn defined_with_params(host: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(reference) = given(args.first()) else { return Err(perr("Must specify a reference")) };
    Ok(Value::Boolean(defined_with_params_impl(host, reference, args.get(1))?))
}

fn ensure_resource(host: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(ty) = given(args.first()) else { return Err(perr("Must specify a type")) };
    let Some(title) = given(args.get(1)) else { return Err(perr("Must specify a title")) };
    let params = given(args.get(2)).cloned().unwrap_or_else(|| Value::hash_from(HashMapV::default()));
    let mut items = Vec::new();
    super::collections::flatten_into(std::slice::from_ref(title), &mut items);
    let ty_s = to_s(ty);
    for item in items {
        let reference = Value::string(format!("{ty_s}[{}]", to_s(&item)));
        if !defined_with_params_impl(host, &reference, Some(&params))? {
            let resources = Value::hash(vec![(item, params.clone())]);
            host.call_function("create_resources", &[Value::string(capitalize(&ty_s)), resources], None)?;
        }
    }
    Ok(Value::Undef)
}

fn ensure_resources(host: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(ty) = given(args.first()) else { return Err(perr("Must specify a type")) };
    let Some(title) = given(args.get(1)) else { return Err(perr("Must specify a title")) };
    let params = given(args.get(2)).cloned().unwrap_or_else(|| Value::hash_from(HashMapV::default()));
    let Value::Hash(resources) = title else {
        return Err(perr("ensure_resources(): Requires second argument to be a Hash"));
    };
    for (name, own) in resources.iter() {
        let merged = match given(Some(own)) {
            None => params.clone(),
            Some(Value::Hash(own)) => match &params {
                Value::Hash(p) => {
                    let mut m = (**p).clone();
                    m.extend(own.iter().map(|(k, v)| (k.clone(), v.clone())));
                    Value::hash_from(m)
                }
                other => return Err(crate::functions::util::no_method("merge", other, &[]).into()),
            },
            Some(other) => {
                return Err(perr(format!("no implicit conversion of {} into Hash", class(other))));
            }
        };
        ensure_resource(host, &[ty.clone(), name.clone(), merged])?;
    }
    Ok(Value::Undef)
}

fn ensure_packages(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let mut defaults = HashMapV::default();
    defaults.insert(Value::string("ensure"), Value::string("installed"));
    if let Some(Value::Hash(attrs)) = args.get(1) {
        defaults.extend(attrs.iter().map(|(k, v)| (k.clone(), v.clone())));
        if defaults.get(&StrKey("ensure")).and_then(Value::as_str) == Some("present") {
            defaults.insert(Value::string("ensure"), Value::string("installed"));
        }
    }
    let defaults = Value::hash_from(defaults);
    match &args[0] {
        Value::Hash(_) => {
            ensure_resources(host, &[Value::string("package"), args[0].clone(), defaults])?;
        }
        Value::Array(names) => {
            for n in names.iter() {
                ensure_resource(host, &[Value::string("package"), n.clone(), defaults.clone()])?;
            }
        }
        name => {
            ensure_resource(host, &[Value::string("package"), name.clone(), defaults])?;
        }
    }
    Ok(Value::Undef)
}

/// stdlib 9's `stdlib::ensure_packages(packages, default_attributes = {})`
/// for a name or names: each package gets `{'ensure' => 'installed'}`
/// merged with the defaults, and an `ensure` of `present` or `installed`
/// becomes `present` when a `Package[name]` with `ensure => present` is
/// already declared (else `installed`); then `ensure_resource`.
pub(crate) fn ensure_packages9(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let empty = Value::hash_from(HashMapV::default());
    let defaults = args.get(1).unwrap_or(&empty);
    let names: Vec<Value> = match &args[0] {
        Value::Array(a) => a.to_vec(),
        other => vec![other.clone()],
    };
    for name in names {
        ensure_package9(host, &name, defaults)?;
    }
    Ok(Value::Undef)
}

fn ensure_package9(host: &mut dyn Host, name: &Value, attributes: &Value) -> Result<(), Unwind> {
    let mut d = HashMapV::default();
    d.insert(Value::string("ensure"), Value::string("installed"));
    if let Value::Hash(a) = attributes {
        d.extend(a.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    if matches!(d.get(&StrKey("ensure")).and_then(Value::as_str), Some("present" | "installed")) {
        let reference = Value::string(format!("Package[{}]", to_s(name)));
        let present = Value::hash(vec![(Value::string("ensure"), Value::string("present"))]);
        let ensure = if defined_with_params_impl(host, &reference, Some(&present))? { "present" } else { "installed" };
        d.insert(Value::string("ensure"), Value::string(ensure));
    }
    ensure_resource(host, &[Value::string("package"), name.clone(), Value::hash_from(d)])?;
    Ok(())
}

/// `stdlib::ensure_packages({name => attributes}, default_attributes)`:
/// each package with the defaults merged with its own attributes.
pub(crate) fn ensure_packages9_hash(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let Value::Hash(packages) = &args[0] else { unreachable!("dispatch checked") };
    for (name, attrs) in packages.iter() {
        let mut merged = match args.get(1) {
            Some(Value::Hash(d)) => (**d).clone(),
            _ => HashMapV::default(),
        };
        match attrs {
            Value::Hash(a) => merged.extend(a.iter().map(|(k, v)| (k.clone(), v.clone()))),
            other => return Err(perr(format!("no implicit conversion of {} into Hash", class(other)))),
        }
        ensure_package9(host, name, &Value::hash_from(merged))?;
    }
    Ok(Value::Undef)
}

fn getparam(host: &mut dyn Host, args: &[Value]) -> FnResult {
    let Some(reference) = given(args.first()) else { return Err(perr("Must specify a reference")) };
    let Some(Value::String(param)) = args.get(1) else { return Err(perr("Must specify name of a parameter")) };
    if param.is_empty() {
        return Ok(Value::string(""));
    }
    // `findresource(reference.to_s)`: an unparsable reference finds nothing.
    let Ok((type_name, title)) = type_and_title(reference) else { return Ok(Value::string("")) };
    let found = host.find_resources(&type_name, Some(&title))?;
    Ok(found
        .first()
        .and_then(|(_, p)| param_of(p, &Value::string(param.as_str())).cloned())
        .filter(|v| !v.is_undef())
        .unwrap_or_else(|| Value::string("")))
}

pub(super) fn assert_private(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() > 1 {
        return Err(perr(format!("assert_private(): Wrong number of arguments given ({}}}) for 0 or 1)", args.len())));
    }
    let module = host.lookup_variable("module_name");
    let caller = host.lookup_variable("caller_module_name");
    let same = match (&module, &caller) {
        (None, None) => true,
        (Some(a), Some(b)) => a.eql(b),
        _ => false,
    };
    if same {
        return Ok(Value::Undef);
    }
    let message = match args.first() {
        Some(Value::String(m)) => m.to_string(),
        _ => {
            let (kind, name) = host.scope_source().map(|(k, n, _)| (k, n)).unwrap_or_default();
            let what = if kind == "hostclass" { "Class" } else { "Definition" };
            format!("{what} {name} is private")
        }
    };
    Err(perr(message))
}

pub(crate) fn get_module_path(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr("get_module_path(): Wrong number of arguments, expects one"));
    }
    let name = to_s(&args[0]);
    match host.module_directory(&name)? {
        Some(dir) => Ok(Value::string(dir)),
        None => {
            let env = host.setting("environment").map_or_else(|| "production".to_string(), |v| to_s(&v));
            Err(perr(format!("Could not find module {name} in environment {env}")))
        }
    }
}

/// `fact(name)`: walks `$facts` along a dotted path (`"quoted.parts"` keep
/// their dots), warning where the walk cannot go on.
fn fact(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let Some(name) = args[0].as_str() else { unreachable!("dispatch checked") };
    // `scan(/([^."]+)|(?:")([^"]+)(?:")/)`
    let mut path: Vec<String> = Vec::new();
    let b: Vec<char> = name.chars().collect();
    let mut i = 0;
    while i < b.len() {
        if b[i] == '"' {
            if let Some(end) = b[i + 1..].iter().position(|c| *c == '"')
                && end > 0
            {
                path.push(b[i + 1..i + 1 + end].iter().collect());
                i += end + 2;
                continue;
            }
            i += 1;
        } else if b[i] == '.' {
            i += 1;
        } else {
            let start = i;
            while i < b.len() && b[i] != '.' && b[i] != '"' {
                i += 1;
            }
            path.push(b[start..i].iter().collect());
        }
    }
    let dot_syntax = |walked: &[String]| {
        walked.iter().map(|s| if s.contains('.') { format!("\"{s}\"") } else { s.clone() }).collect::<Vec<_>>().join(".")
    };
    let mut cur = host.lookup_variable("facts").unwrap_or(Value::Undef);
    let mut walked: Vec<String> = Vec::new();
    for k in &path {
        if cur.is_undef() {
            return Ok(Value::Undef);
        }
        cur = match &cur {
            Value::Array(a) => match crate::convert::ruby_integer(k, None) {
                Some(i) => {
                    let i = if i < 0 { i + a.len() as i64 } else { i };
                    if i < 0 { Value::Undef } else { a.get(i as usize).cloned().unwrap_or(Value::Undef) }
                }
                None => {
                    host.puppet_log(
                        LogLevel::Warning,
                        &format!(
                            "fact request for {name} returning nil: '{}' is an array; cannot index to '{k}'",
                            dot_syntax(&walked)
                        ),
                    );
                    Value::Undef
                }
            },
            Value::Hash(h) => h.get(&StrKey(k)).cloned().unwrap_or(Value::Undef),
            _ => {
                host.puppet_log(
                    LogLevel::Warning,
                    &format!(
                        "fact request for {name} returning nil: '{}' is not a collection; cannot walk to '{k}'",
                        dot_syntax(&walked)
                    ),
                );
                Value::Undef
            }
        };
        walked.push(k.clone());
    }
    Ok(cur)
}
