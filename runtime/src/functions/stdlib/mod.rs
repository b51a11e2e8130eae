//! The Ruby functions of modules, natively: the puppetlabs-stdlib 8.5
//! functions that Debian's puppet modules call (`validate_*`, `is_*`,
//! `merge`, `deep_merge`, `pick`, `any2array`, `to_yaml`, `ensure_packages`
//! ...) and the module-specific ones they call most (`is_service_default`,
//! `os_transport_url`, `apache::bool2httpd`, `mysql::password` ...), each
//! with the behaviour, signature and error messages of its Ruby file. See
//! `docs/stdlib-functions.md` for the survey that chose them.
//!
//! These are NOT core functions: in Puppet a module function exists only
//! when a module on the modulepath has its Ruby file
//! (`lib/puppet/functions/<name>.rb`, `lib/puppet/functions/<ns>/<name>.rb`
//! or `lib/puppet/parser/functions/<name>.rb`). So they live in their own
//! table: the evaluator asks [`lookup`] only after the core table
//! (`functions::lookup`, which wins in Puppet too: the system loader is
//! the parent of the module loaders) and only when such a file exists;
//! [`provider`] names the module whose file it must be. [`call`] is the
//! one entry point, as for core functions ([`super::call`]).
//!
//! API flavours, as Puppet runs them:
//! - 3.x functions (`lib/puppet/parser/functions/`) get the 3.x argument
//!   conversion (top-level `undef` becomes `''`), their Ruby arity check,
//!   and raise `Puppet::ParseError`s whose text we reproduce.
//! - stdlib's 4.x "deprecation shims" (`validate_string`, `is_array` ...:
//!   a 4.x file that logs a deprecation and then calls the 3.x body through
//!   `scope.function_x`) take any arguments, log through `deprecation`
//!   and run the 3.x body with the arguments UNconverted (so `undef`
//!   arrives as `nil`, and `validate_bool(undef)` says `nil is not a
//!   boolean.  It looks to be a NilClass`). Where a 4.x file exists it wins
//!   over the 3.x file of the same name, as in Puppet.
//! - plain 4.x functions check their dispatches with the core dispatcher.
//!
//! Functions that touch the catalog (`ensure_resource`, `ensure_resources`,
//! `ensure_packages`, `defined_with_params`, `getparam`, `assert_private`,
//! `get_module_path`) run on the [`Host`] catalog callbacks
//! ([`Host::find_resources`], [`Host::scope_source`],
//! `Host::call_function("create_resources", ..)`), whose defaults fail with
//! a "not supported by this host" error.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::{legacy_fn, Builder, FnResult, Function, Host, LegacyImp, Unwind};
use crate::display::ruby_inspect;
use crate::error::Error;
use crate::value::Value;

mod catalog;
mod checks;
mod collections;
mod crypto;
pub mod data;
mod extra;
mod hocon;
mod legacy8;
mod modules;
mod modules_more;
mod puppetdb;
mod strings;
mod rich_data;
mod stdlib9;
mod toml;
mod validate;
pub(crate) mod yaml;

/// A module function: which module's Ruby file defines it, and the function.
pub struct ModuleFunction {
    /// The module (directory name on the modulepath) whose
    /// `lib/puppet/...` file defines the function, e.g. `stdlib`.
    pub module: &'static str,
    pub function: Function,
    /// The first version of the module whose Ruby file this implements
    /// (`(0, 0, 0)`: every version). A name whose Ruby file changed
    /// behaviour between releases (stdlib 9 turned `merge`, `to_yaml` ...
    /// into deprecation shims of `stdlib::merge` ...) has one entry per
    /// behaviour.
    pub since: Version,
}

/// A module version, `(major, minor, patch)`.
pub type Version = (u32, u32, u32);

/// stdlib 9.0.0: the namespaced functions and the deprecation shims.
pub(crate) const STDLIB9: Version = (9, 0, 0);

/// The module function of that name (`merge`, `apache::bool2httpd`), if
/// implemented here, as the oldest module release that has it defines it
/// (for stdlib, 8.x). The caller checks that the module providing it is
/// on the modulepath (see [`provider`]) and that no core function has the
/// name.
pub fn lookup(name: &str) -> Option<&'static Function> {
    registry().get(name).map(|v| &v[0].function)
}

/// The module function of that name as release `version` of its module
/// defines it (`"9.4.1"`, from its `metadata.json`, see
/// [`module_version`]); without a version, as the newest release does.
pub fn lookup_version(name: &str, version: Option<&str>) -> Option<&'static Function> {
    let v = registry().get(name)?;
    let m = match version.and_then(parse_version) {
        Some(ver) => v.iter().rev().find(|m| m.since <= ver).unwrap_or(&v[0]),
        None => v.last()?,
    };
    Some(&m.function)
}

/// The `version` of the module in `dir`, from its `metadata.json` (None
/// when it has none or it is not JSON).
pub fn module_version(dir: &std::path::Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("metadata.json")).ok()?;
    let doc: serde_json::Value = serde_json::from_str(&text).ok()?;
    doc.get("version")?.as_str().map(str::to_string)
}

/// `"9.4.1"` (or `"9.4.1-rc1"`, `"9.4"`) as a [`Version`].
fn parse_version(s: &str) -> Option<Version> {
    let mut parts = s.trim().split(['.', '-', '+']).map(|p| p.parse::<u32>().ok());
    let major = parts.next()??;
    Some((major, parts.next().flatten().unwrap_or(0), parts.next().flatten().unwrap_or(0)))
}

/// The module whose Ruby file defines the function of that name.
pub fn provider(name: &str) -> Option<&'static str> {
    registry().get(name).map(|v| v[0].module)
}

/// Every implemented module function, as `(module, name)`, sorted by name
/// (a name with several release-specific implementations once).
pub fn names() -> Vec<(&'static str, &'static str)> {
    let mut v: Vec<_> = registry().values().map(|m| (m[0].module, m[0].function.name)).collect();
    v.sort_by_key(|(_, n)| *n);
    v
}

/// Runs a module function: the same dispatch and 3.x conversion as
/// [`super::call`].
pub fn call(f: &Function, host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    super::call(f, host, args, block)
}

fn registry() -> &'static HashMap<&'static str, Vec<ModuleFunction>> {
    static REGISTRY: OnceLock<HashMap<&'static str, Vec<ModuleFunction>>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut r = Reg::default();
        collections::register(&mut r);
        strings::register(&mut r);
        validate::register(&mut r);
        data::register(&mut r);
        catalog::register(&mut r);
        modules::register(&mut r);
        modules_more::register(&mut r);
        puppetdb::register(&mut r);
        stdlib9::register(&mut r);
        extra::register(&mut r);
        crypto::register(&mut r);
        checks::register(&mut r);
        legacy8::register(&mut r);
        let mut map: HashMap<&'static str, Vec<ModuleFunction>> = HashMap::new();
        for m in r.0 {
            map.entry(m.function.name).or_default().push(m);
        }
        for v in map.values_mut() {
            v.sort_by_key(|m| m.since);
        }
        map
    })
}

/// The registry under construction.
#[derive(Default)]
pub(crate) struct Reg(Vec<ModuleFunction>);

impl Reg {
    /// A function of `module`.
    pub(crate) fn add(&mut self, module: &'static str, function: Function) {
        self.add_since(module, (0, 0, 0), function);
    }

    /// A function of `module` as its releases from `since` on define it.
    pub(crate) fn add_since(&mut self, module: &'static str, since: Version, function: Function) {
        debug_assert!(
            !self.0.iter().any(|m| m.function.name == function.name && m.since == since),
            "{} twice",
            function.name
        );
        self.0.push(ModuleFunction { module, function, since });
    }

    /// A stdlib 3.x function (`arity` as in `newfunction`, -1 when unset).
    pub(crate) fn v3(&mut self, name: &'static str, arity: i32, imp: LegacyImp) {
        self.add("stdlib", legacy_fn(name, arity, imp));
    }

    /// A stdlib 4.x function.
    pub(crate) fn v4(&mut self, f: Builder) {
        self.add("stdlib", f.done());
    }

    /// A stdlib 4.x function as releases from `since` on define it.
    pub(crate) fn v4_since(&mut self, since: Version, f: Builder) {
        self.add_since("stdlib", since, f.done());
    }

    /// A stdlib 3.x function as releases from `since` on define it.
    pub(crate) fn v3_since(&mut self, since: Version, name: &'static str, arity: i32, imp: LegacyImp) {
        self.add_since("stdlib", since, legacy_fn(name, arity, imp));
    }
}

// ---------------------------------------------------------------------------
// Helpers shared by the implementations: Ruby's view of Puppet values.

/// A `Puppet::ParseError` (or any other Ruby exception) raised by a
/// function body: Puppet reports its message as the function call's error.
pub(crate) fn perr(msg: impl Into<String>) -> Unwind {
    Unwind::Error(Error::argument(msg))
}

/// Ruby's `inspect` of the object Puppet hands a Ruby function.
pub(crate) fn inspect(v: &Value) -> String {
    super::util::ruby_object_inspect(v)
}

/// Ruby's `class` (its name) of the object Puppet hands a Ruby function.
pub(crate) fn class(v: &Value) -> String {
    crate::label::ruby_class(v)
}

/// Ruby's `to_s`.
pub(crate) fn to_s(v: &Value) -> String {
    crate::display::ruby_to_s(v)
}

/// `scope.lookupvar(name)` from Ruby: an unknown variable is nil, and
/// Puppet warns about it (`strict=warning`) as for a `$name` reference.
pub(crate) fn lookupvar(host: &mut dyn Host, name: &str) -> Option<Value> {
    let v = host.lookup_variable(name);
    if v.is_none() {
        let shown = name.strip_prefix("::").unwrap_or(name);
        host.puppet_log(super::LogLevel::Warning, &format!("Undefined variable '{shown}'; "));
    }
    v
}

/// stdlib's `deprecation(key, message)` (the 4.x function, which the
/// 8.x shims call): see [`deprecation_with`].
pub(crate) fn deprecation(host: &mut dyn Host, key: &str, message: &str) -> Result<(), Unwind> {
    deprecation_with(host, key, message, true).map(|_| ())
}

/// stdlib's `deprecation(key, message, use_strict_setting)`: the message
/// gets ` at <frame 0>:<frame 1>` (the two innermost frames of Puppet's
/// stack, each a Ruby `[file, line]` array, as stdlib writes them); then,
/// when `use_strict` (always in 8.x; 9.x's generated shims pass `false`),
/// `strict=off` silences it and `strict=error` fails the call with
/// `deprecation. <key>. <message>`; otherwise Puppet logs a deprecation
/// warning once per key (`Puppet.deprecation_warning`, whose text ends in
/// the `(location: ...)` of its Ruby caller, stdlib's `deprecation.rb`),
/// unless the environment variable `STDLIB_LOG_DEPRECATIONS` is `false`.
/// The text logged, when it was logged now (what 8.x's `deprecation`
/// returns: the log entry, which Puppet prints as its text).
pub(crate) fn deprecation_with(host: &mut dyn Host, key: &str, message: &str, use_strict: bool) -> Result<Option<String>, Unwind> {
    let stack = host.puppet_stack();
    let frame = |i: usize| {
        stack.get(i).map(|(f, l)| format!("[{}, {l}]", ruby_inspect(&Value::string(f.as_str())))).unwrap_or_default()
    };
    let message = format!("{message} at {}:{}", frame(0), frame(1));
    let strict = if use_strict { host.setting("strict") } else { None };
    match strict.as_ref().and_then(Value::as_str) {
        Some("off") => Ok(None),
        Some("error") => Err(perr(format!("deprecation. {key}. {message}"))),
        _ if std::env::var("STDLIB_LOG_DEPRECATIONS").as_deref() == Ok("false") => Ok(None),
        _ => {
            let text = match deprecation_caller(host) {
                Some(location) => format!("{message}\n   (location: {location})"),
                None => message,
            };
            Ok(host.deprecation_warning(key, &text).then_some(text))
        }
    }
}

/// Where `Puppet.deprecation_warning` is called from in Ruby, as Puppet's
/// `(location: ...)` names it: `<stdlib>/lib/puppet/functions/
/// deprecation.rb:<line>:in `deprecation'`, the line being the one of that
/// call in the module's own file (36 in stdlib 8.5, 35 in 9.x). None when
/// the host knows no stdlib directory or the file has no such call.
fn deprecation_caller(host: &mut dyn Host) -> Option<String> {
    static LINES: OnceLock<std::sync::Mutex<HashMap<String, Option<usize>>>> = OnceLock::new();
    let dir = host.module_directory("stdlib").ok().flatten()?;
    let file = format!("{dir}/lib/puppet/functions/deprecation.rb");
    let mut cache = LINES.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    let line = *cache.entry(file.clone()).or_insert_with(|| {
        let text = std::fs::read_to_string(&file).ok()?;
        text.lines().position(|l| l.contains("Puppet.deprecation_warning(")).map(|i| i + 1)
    });
    line.map(|n| format!("{file}:{n}:in `deprecation'"))
}

/// `Puppet::Parser::Functions.autoloader.loaded?(name)` and `.load(name)`,
/// as 3.x functions call them before `function_<name>`: Puppet's
/// deprecation warnings (unless `strict=off`), once per compile each.
pub(crate) fn autoloader_warnings(host: &mut dyn Host, name: &str) {
    if host.setting("strict").as_ref().and_then(Value::as_str) == Some("off") {
        return;
    }
    for m in ["loaded?", "load"] {
        let msg = format!(
            "The method 'Puppet::Parser::Functions.autoloader#{m}(\"{name}\")' is deprecated in favor of using 'Scope#call_function'."
        );
        host.warn_once(&format!("autoloader#{m}({name})"), &msg, false);
    }
}

/// A stdlib 4.x deprecation shim: `fn NAME(host, args)` logs
/// `deprecation(KEY, MESSAGE)` then runs the 3.x body `BODY` with the
/// arguments as given (no 3.x conversion).
macro_rules! shim {
    ($fname:ident, $key:literal, $msg:expr, $body:path) => {
        fn $fname(host: &mut dyn $crate::functions::Host, args: &[$crate::value::Value], _: Option<&$crate::value::Value>) -> $crate::functions::FnResult {
            $crate::functions::stdlib::deprecation(host, $key, $msg)?;
            $body(host, args)
        }
    };
}
pub(crate) use shim;

/// The message of a 4.x `validate_*` shim naming its `Stdlib::Compat` type.
macro_rules! validate_msg {
    ($compat:literal) => {
        concat!(
            "This method is deprecated, please use the stdlib validate_legacy function,\n                    with ",
            $compat,
            ". There is further documentation for validate_legacy function in the README."
        )
    };
}
pub(crate) use validate_msg;

/// The message of a 4.x `is_*` shim naming its `Stdlib::Compat` type.
macro_rules! is_msg {
    ($compat:literal) => {
        concat!(
            "This method is deprecated, please use match expressions with ",
            $compat,
            " instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."
        )
    };
}
pub(crate) use is_msg;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_function_builds_and_names_its_module() {
        let names = names();
        assert!(names.len() > 50);
        for (module, name) in names {
            assert!(lookup(name).is_some());
            assert_eq!(provider(name), Some(module));
            // Module functions never shadow core ones: Puppet would not
            // reach them.
            assert!(super::super::lookup(name).is_none(), "{name} is a core function");
        }
    }
}

/// Loads YAML as Puppet's Ruby reads it (Psych `safe_load` rules: `yes` is
/// a boolean, `012` octal, no aliases), for callers outside the function
/// library (facts files).
pub fn load_yaml(text: &str) -> Result<Value, Error> {
    yaml::load(text)
}

/// Writes a value as YAML the way Ruby's Psych dumps data (`to_yaml`), for
/// callers outside the function library (stored reports).
pub fn dump_yaml(v: &Value) -> Result<String, Error> {
    yaml::to_yaml(v, &yaml::Options { indent: 2, line_width: None })
}
