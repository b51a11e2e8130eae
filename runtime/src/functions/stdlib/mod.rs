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
mod collections;
pub mod data;
mod modules;
mod modules_more;
mod puppetdb;
mod strings;
mod validate;
pub(crate) mod yaml;

/// A module function: which module's Ruby file defines it, and the function.
pub struct ModuleFunction {
    /// The module (directory name on the modulepath) whose
    /// `lib/puppet/...` file defines the function, e.g. `stdlib`.
    pub module: &'static str,
    pub function: Function,
}

/// The module function of that name (`merge`, `apache::bool2httpd`), if
/// implemented here. The caller checks that the module providing it is on
/// the modulepath (see [`provider`]) and that no core function has the name.
pub fn lookup(name: &str) -> Option<&'static Function> {
    registry().get(name).map(|m| &m.function)
}

/// The module whose Ruby file defines the function of that name.
pub fn provider(name: &str) -> Option<&'static str> {
    registry().get(name).map(|m| m.module)
}

/// Every implemented module function, as `(module, name)`, sorted by name.
pub fn names() -> Vec<(&'static str, &'static str)> {
    let mut v: Vec<_> = registry().values().map(|m| (m.module, m.function.name)).collect();
    v.sort_by_key(|(_, n)| *n);
    v
}

/// Runs a module function: the same dispatch and 3.x conversion as
/// [`super::call`].
pub fn call(f: &Function, host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    super::call(f, host, args, block)
}

fn registry() -> &'static HashMap<&'static str, ModuleFunction> {
    static REGISTRY: OnceLock<HashMap<&'static str, ModuleFunction>> = OnceLock::new();
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
        r.0.into_iter().map(|m| (m.function.name, m)).collect()
    })
}

/// The registry under construction.
#[derive(Default)]
pub(crate) struct Reg(Vec<ModuleFunction>);

impl Reg {
    /// A function of `module`.
    pub(crate) fn add(&mut self, module: &'static str, function: Function) {
        debug_assert!(!self.0.iter().any(|m| m.function.name == function.name), "{} twice", function.name);
        self.0.push(ModuleFunction { module, function });
    }

    /// A stdlib 3.x function (`arity` as in `newfunction`, -1 when unset).
    pub(crate) fn v3(&mut self, name: &'static str, arity: i32, imp: LegacyImp) {
        self.add("stdlib", legacy_fn(name, arity, imp));
    }

    /// A stdlib 4.x function.
    pub(crate) fn v4(&mut self, f: Builder) {
        self.add("stdlib", f.done());
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

/// stdlib's `deprecation(key, message)` (the 4.x function): the message
/// gets ` at <frame 0>:<frame 1>` (the two innermost frames of Puppet's
/// stack, each a Ruby `[file, line]` array, as stdlib writes them), then
/// with `strict=off` nothing happens, with `strict=error` the call fails
/// with `deprecation. <key>. <message>`, otherwise Puppet logs a
/// deprecation warning once per key (unless the environment variable
/// `STDLIB_LOG_DEPRECATIONS` is `false`).
pub(crate) fn deprecation(host: &mut dyn Host, key: &str, message: &str) -> Result<(), Unwind> {
    let stack = host.puppet_stack();
    let frame = |i: usize| {
        stack.get(i).map(|(f, l)| format!("[{}, {l}]", ruby_inspect(&Value::string(f.as_str())))).unwrap_or_default()
    };
    let message = format!("{message} at {}:{}", frame(0), frame(1));
    let strict = host.setting("strict");
    match strict.as_ref().and_then(Value::as_str) {
        Some("off") => Ok(()),
        Some("error") => Err(perr(format!("deprecation. {key}. {message}"))),
        _ => {
            if std::env::var("STDLIB_LOG_DEPRECATIONS").as_deref() != Ok("false") {
                host.deprecation_warning(key, &message);
            }
            Ok(())
        }
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
