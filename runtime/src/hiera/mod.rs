//! Hiera 5 and Puppet's data binding: the engine behind `lookup()`, the
//! `hiera*()` functions and automatic class parameter lookup, a port of
//! `puppet/pops/lookup/` (Puppet 7.23).
//!
//! A lookup goes through three layers, each configured by a `hiera.yaml`
//! ([`config`]): the global layer (`--hiera-config`), the environment
//! layer (`<environment>/hiera.yaml`) and the module layer (the module's
//! own `hiera.yaml`, consulted only for keys in its namespace,
//! `<module>::...`). Each layer's hierarchy levels read data files with
//! the `yaml_data` or `json_data` backends; what the levels and layers
//! find is combined by a merge strategy ([`merge`]) chosen by the caller
//! or by the `lookup_options` found for the key (in every layer, by exact
//! key or by a regexp key). Values are interpolated ([`interpolate`]):
//! scope variables and facts, `lookup`/`alias`/`literal`/`scope`.
//!
//! The engine is independent of the interpreter: it sees variables, logs
//! and module directories through the [`Scope`] trait. It keeps Puppet's
//! caches for one compilation: parsed configurations, resolved
//! hierarchies (re-resolved when a scope variable their paths used
//! changes), parsed data files and `lookup_options`.
//!
//! Errors keep Puppet's classification, which decides how the evaluator
//! shows them: [`is_lookup_error`] (Puppet's `LookupError`: shown as is,
//! without location), Ruby errors (`ArgumentError` and the like) and other
//! Puppet errors (type mismatches), which the evaluator reports as errors
//! of the function call. See `docs/hiera.md`.

pub mod config;
pub mod files;
pub mod function;
pub mod interpolate;
pub mod merge;

use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::error::Error;
use crate::types::Type;
use crate::value::{HashMapV, PHash, Value};

use config::{DataProvider, Function, HieraConfig, Owner};
use interpolate::{LookupKey, Segment};
use merge::{Kind, Strategy};

/// Maps by file, module and key names: a fixed-seed fast hasher (none of
/// them is iterated, so no order of theirs reaches any output).
type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;

/// A lookup step's outcome: `Ok(None)` is Puppet's `throw :no_such_key`.
pub type L<T> = Result<Option<T>, Error>;

/// Puppet's `LookupError` without an issue code: shown without location.
pub const LOOKUP_ERROR: &str = "HIERA_LOOKUP_ERROR";
/// A Ruby exception that is not a `Puppet::Error` (`ArgumentError`,
/// `NoMethodError`): not turned into a `LookupError` on its way out.
pub const RUBY_ERROR: &str = "HIERA_RUBY";
/// Another `Puppet::Error`.
pub const PUPPET_ERROR: &str = "HIERA_PUPPET";

/// A JSON document as a value (a module's `metadata.json`).
fn parse_json(text: &str) -> Result<Value, Error> {
    let parsed: serde_json::Value = serde_json::from_str(text).map_err(|e| ruby_error(e.to_string()))?;
    crate::functions::stdlib::data::json_to_value(parsed)
}

/// Is this a `Puppet::DataBinding::LookupError` (with or without a Hiera
/// issue code)? Puppet reports those as they are; others are errors of
/// the calling function.
pub fn is_lookup_error(e: &Error) -> bool {
    e.issue() == LOOKUP_ERROR || (e.issue().starts_with("HIERA_") && !matches!(e.issue(), RUBY_ERROR | PUPPET_ERROR))
}

pub(crate) fn lookup_error(msg: impl Into<String>) -> Error {
    Error::new(LOOKUP_ERROR, msg)
}

pub(crate) fn ruby_error(msg: impl Into<String>) -> Error {
    Error::new(RUBY_ERROR, msg)
}

pub(crate) fn puppet_error(msg: impl Into<String>) -> Error {
    Error::new(PUPPET_ERROR, msg)
}

pub(crate) fn type_error(msg: impl Into<String>) -> Error {
    Error::new("TYPE_MISMATCH", msg)
}

/// `Puppet::Util::Errors.error_location`: `(file: F, line: L)`.
fn location(file: Option<&str>, line: Option<usize>) -> String {
    match (file, line) {
        (Some(f), Some(l)) => format!("(file: {f}, line: {l})"),
        (Some(f), None) => format!("(file: {f})"),
        (None, Some(l)) => format!("(line: {l})"),
        (None, None) => String::new(),
    }
}

/// The text `Puppet.warn_once` appends to a message: the location on a new
/// line, or `(file & line not available)`.
pub(crate) fn located(file: Option<&str>, line: Option<usize>) -> String {
    let l = location(file, line);
    if l.is_empty() { "\n   (file & line not available)".to_string() } else { format!("\n   {l}") }
}

/// A `LookupError` with a Hiera issue code, located in a configuration
/// file: `<message> (file: F, line: L)`.
pub(crate) fn issue_error(code: &'static str, msg: impl Into<String>, file: Option<&Path>, line: Option<usize>) -> Error {
    let msg = msg.into();
    let shown = file.map(|f| f.display().to_string());
    let loc = location(shown.as_deref(), line);
    Error::new(code, if loc.is_empty() { msg } else { format!("{msg} {loc}") })
}

/// Ruby's `Errno` text for an I/O error (`No such file or directory`).
pub(crate) fn errno_text(e: &std::io::Error) -> String {
    let t = e.to_string();
    t.split(" (os error").next().unwrap_or(&t).to_string()
}

/// Puppet's `strict` setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strict {
    Off,
    Warning,
    Error,
}

/// A scope variable as the host sees it.
#[derive(Clone, Debug)]
pub enum Variable {
    /// Set (possibly to undef).
    Set(Value),
    /// Not set: the name and reason Puppet reports (`::x`, `a::b`; `class
    /// a could not be found`, or empty).
    Unknown { name: String, reason: String },
}

/// What Hiera needs from the compiler: variables of the scope the lookup
/// runs in, logging, modules, and calls of Puppet functions.
pub trait Scope {
    /// Puppet's `scope[name]` (`x`, `::x`, `a::b::x`).
    fn variable(&mut self, name: &str) -> Variable;
    fn strict(&self) -> Strict;
    /// `Puppet.warning(message)`.
    fn warning(&mut self, message: &str);
    /// `Puppet.warn_once`: the message (already with its location text)
    /// is logged the first time `key` is seen in the compilation.
    fn warn_once(&mut self, key: &str, message: &str);
    /// The directory of a module on the modulepath.
    fn module_directory(&mut self, module: &str) -> Option<PathBuf>;
    /// Calls a function (`new` for `convert_to`, a module's legacy data
    /// function).
    fn call_function(&mut self, name: &str, args: &[Value]) -> Result<Value, Error>;
    /// The class of the scope, or of the nearest enclosing class scope
    /// (Hiera 3's `calling_class`).
    fn calling_class(&mut self) -> Option<String>;
}

/// Where configurations are.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// The global `hiera.yaml` (Puppet's `hiera_config`); None: no global
    /// data.
    pub global_config: Option<PathBuf>,
    /// The environment's directory (its `hiera.yaml` is the environment
    /// layer); None: no environment layer.
    pub environment_dir: Option<PathBuf>,
    /// Puppet's `codedir` (Hiera 3's default datadir is below it).
    pub codedir: PathBuf,
    /// The files read so far, shared by the compiles of the environment.
    pub files: std::sync::Arc<files::Files>,
}

/// A scope variable that a hierarchy's paths used, with the value it had.
#[derive(Clone, Debug)]
pub(crate) struct ScopeMemo {
    key: String,
    root: String,
    segments: Vec<Segment>,
    value: Value,
}

/// Puppet's `Invocation`: what one lookup carries along.
#[derive(Clone, Debug, Default)]
pub(crate) struct Inv {
    override_values: Option<PHash>,
    default_values: Option<PHash>,
    module_name: Option<String>,
    top_key: String,
    global_only: bool,
    hiera_xxx: bool,
    v3_overrides: Rc<Vec<String>>,
    /// Variables bound while a mapped path is interpolated.
    locals: Rc<Vec<(String, Value)>>,
    /// The scope is wrapped in Hiera 3's `Hiera::Scope`.
    hiera_scope: bool,
}

impl Inv {
    /// `Invocation.new(scope)` while this one is current: the flags carry
    /// over, overrides and defaults do not.
    fn meta(&self) -> Inv {
        Inv {
            global_only: self.global_only,
            hiera_xxx: self.hiera_xxx,
            v3_overrides: self.v3_overrides.clone(),
            locals: self.locals.clone(),
            hiera_scope: self.hiera_scope,
            ..Inv::default()
        }
    }

    /// `with_scope`: like [`Inv::meta`] but keeping overrides and defaults.
    fn sub(&self) -> Inv {
        Inv { override_values: self.override_values.clone(), default_values: self.default_values.clone(), ..self.meta() }
    }
}

/// The state of one lookup call.
pub(crate) struct Cx<'a> {
    pub scope: &'a mut dyn Scope,
    pub inv: Inv,
    /// While a hierarchy is resolved: the scope variables it reads.
    pub collect: Option<Vec<ScopeMemo>>,
    pub files: std::sync::Arc<files::Files>,
}

/// A configured layer (Puppet's `ConfiguredDataProvider`).
#[derive(Debug)]
struct Layer {
    owner: Owner,
    /// None: the configuration is ignored (or, for a module, missing).
    config: Option<Rc<HieraConfig>>,
}

/// Compiled `lookup_options`: exact keys, then regexp keys in order.
#[derive(Debug, Default)]
struct Options {
    keys: Option<HashMapV>,
    patterns: Vec<(onig::Regex, Value)>,
}

/// A lookup request (`lookup()`'s arguments, or a `hiera*()` call).
#[derive(Clone, Debug, Default)]
pub struct Request {
    pub names: Vec<String>,
    pub value_type: Option<Type>,
    /// The merge argument (`undef`: from `lookup_options`).
    pub merge: Option<Value>,
    pub override_values: Option<PHash>,
    pub default_values: Option<PHash>,
    /// Set for `hiera`, `hiera_array`, `hiera_hash`, `hiera_include`.
    pub hiera: Option<HieraCall>,
}

/// What distinguishes a `hiera*()` call.
#[derive(Clone, Debug)]
pub struct HieraCall {
    pub function: &'static str,
    /// Hiera 3 hierarchy levels tried first (the `override` argument).
    pub overrides: Vec<String>,
}

/// The data binding engine of one compilation.
pub struct Hiera {
    settings: Settings,
    global: Option<Rc<Layer>>,
    env: Option<Option<Rc<Layer>>>,
    modules: HashMap<String, Option<Rc<Layer>>>,
    /// Parsed data files by path (Puppet's `cached_file_data`).
    files: HashMap<PathBuf, Value>,
    lookup_options: HashMap<Option<String>, Option<Rc<Options>>>,
    global_lookup_options: Option<Option<Value>>,
    env_lookup_options: Option<Option<Value>>,
    module_default_options: HashMap<String, Option<Rc<Options>>>,
    /// Keys being looked up (recursion detection).
    name_stack: Vec<String>,
    /// Moves on whenever the scope's variables may have changed since the
    /// last lookup (a new lookup, a Puppet function called): resolved
    /// hierarchies checked in this epoch are not checked again.
    pub(crate) epoch: u64,
    /// Values interpolated so far (`%{...}` in data found).
    pub(crate) interpolations: u64,
    /// Per module: the hierarchy (as resolved in this compile) that its
    /// shared parameter lookup results were taken for, and those results
    /// (None: not shareable), see [`Hiera::param_table`].
    param_tables: HashMap<String, (Rc<Vec<Rc<DataProvider>>>, Option<std::sync::Arc<files::ParamTable>>)>,
}

impl std::fmt::Debug for Hiera {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hiera").field("settings", &self.settings).finish_non_exhaustive()
    }
}

const LOOKUP_OPTIONS: &str = "lookup_options";

/// Where a level's data comes from.
enum At<'a> {
    /// A level without locations: the function is called once.
    Nowhere,
    Indexed(usize, &'a config::Location),
    /// A Hiera 3 override path of `hiera()`.
    Extra(&'a config::Location),
}

#[derive(Clone, Copy)]
enum Place {
    Global,
    Environment,
    Module,
}

impl Hiera {
    pub fn new(settings: Settings) -> Hiera {
        Hiera {
            settings,
            global: None,
            env: None,
            modules: HashMap::default(),
            files: HashMap::default(),
            lookup_options: HashMap::default(),
            global_lookup_options: None,
            env_lookup_options: None,
            module_default_options: HashMap::default(),
            name_stack: vec![],
            epoch: 0,
            interpolations: 0,
            param_tables: HashMap::default(),
        }
    }

    /// `Puppet::Pops::Lookup.lookup` up to the defaults: the value of the
    /// first name found (in the override hash, through the layers, in the
    /// default values hash), checked against the value type; `Ok(None)`
    /// when none is found, for the caller to apply the default value or
    /// block, or to fail with [`not_found_error`].
    pub fn lookup(&mut self, scope: &mut dyn Scope, req: &Request) -> Result<Option<Value>, Error> {
        self.epoch += 1;
        let mut inv =
            Inv { override_values: req.override_values.clone(), default_values: req.default_values.clone(), ..Inv::default() };
        let mut merge = req.merge.clone();
        let mut cx = Cx { scope, inv: Inv::default(), collect: None, files: self.settings.files.clone() };
        if let Some(call) = &req.hiera {
            if cx.scope.strict() != Strict::Off {
                let msg = format!(
                    "The function '{}' is deprecated in favor of using 'lookup'. See https://puppet.com/docs/puppet/7.23/deprecated_language.html",
                    call.function
                );
                cx.scope.warn_once(&format!("deprecations:{}", call.function), &format!("{msg}{}", located(None, None)));
            }
            inv.hiera_xxx = true;
            cx.inv = inv.clone();
            if !self.has_environment_data_provider(&mut cx)? {
                inv.global_only = true;
            }
            inv.v3_overrides = Rc::new(call.overrides.clone());
            merge = Some(Value::string(match call.function {
                "hiera_array" | "hiera_include" => "unique",
                "hiera_hash" => "hash",
                _ => "first",
            }));
        }
        cx.inv = inv;
        self.lookup_names(&mut cx, &req.names, req.value_type.as_ref(), merge.as_ref())
    }

    /// Automatic parameter lookup: `<class>::<parameter>` through the
    /// layers with the merge its `lookup_options` give.
    pub fn lookup_parameter(&mut self, scope: &mut dyn Scope, key: &str) -> Result<Option<Value>, Error> {
        self.epoch += 1;
        self.lookup_parameter_again(scope, key)
    }

    /// [`Hiera::lookup_parameter`] in the same scope right after another
    /// one, nothing evaluated in between (the parameters of one class):
    /// the scope variables the hierarchies read are as they were.
    pub fn lookup_parameter_again(&mut self, scope: &mut dyn Scope, key: &str) -> Result<Option<Value>, Error> {
        if self.nothing_configured(key) {
            return Ok(None);
        }
        let mut cx = Cx { scope, inv: Inv::default(), collect: None, files: self.settings.files.clone() };
        let Some(table) = self.param_table(&mut cx, key) else {
            return self.adapter_lookup(&mut cx, key, None);
        };
        if let Some(v) = files::lock_table(&table).get(key) {
            return Ok(v.clone());
        }
        // Remembered only when the lookup asked the scope nothing, called
        // nothing and interpolated nothing: then its result is a function
        // of the files alone (see `files::ParamKey`), whichever node asks.
        let interpolations = self.interpolations;
        let files = cx.files.clone();
        let mut watch = Watch { inner: cx.scope, asked: std::cell::Cell::new(false) };
        let found = {
            let mut wcx = Cx { scope: &mut watch, inv: Inv::default(), collect: None, files };
            self.adapter_lookup(&mut wcx, key, None)?
        };
        if !watch.asked.get() && self.interpolations == interpolations {
            files::lock_table(&table).insert(key.to_string(), found.clone());
        }
        Ok(found)
    }

    /// The shared automatic parameter lookup results for `key`, when its
    /// lookup can only read its module's data: a one-segment key of a
    /// module (`ntp::servers`) whose layer is loaded in this compile with
    /// a `hiera.yaml` of `yaml_data`/`json_data` levels, no global or
    /// environment configuration, and every existing data file of the
    /// hierarchy (and default hierarchy) as resolved for this node read
    /// before, a hash of the module's keys only (so that reading it warns
    /// about nothing). Resolving the hierarchy here is what the lookup
    /// would do first (it reads the same variables, logs the same), and
    /// the result is kept per compile while the resolution holds.
    fn param_table(&mut self, cx: &mut Cx, key: &str) -> Option<std::sync::Arc<files::ParamTable>> {
        if key.bytes().any(|b| matches!(b, b'.' | b'"' | b'\'')) || !self.nothing_configured_in(None) {
            return None;
        }
        let module = key.split_once("::").map(|(m, _)| m).filter(|m| !m.is_empty())?;
        let layer = self.modules.get(module).cloned().flatten()?;
        let config = layer.config.clone()?;
        let path = config.path.clone()?;
        let Owner::Module(owner) = &layer.owner else { return None };
        // An error is the lookup's to report, as it does.
        let providers = self.data_providers(cx, &config, false).ok()?;
        if let Some((p, t)) = self.param_tables.get(module)
            && Rc::ptr_eq(p, &providers)
        {
            return t.clone();
        }
        let defaults = self.data_providers(cx, &config, true).ok()?;
        let prefix = format!("{owner}::");
        let clean = |dps: &[Rc<DataProvider>]| -> Option<Vec<Vec<PathBuf>>> {
            dps.iter()
                .map(|dp| {
                    let format = match dp.function {
                        Function::YamlData => files::Format::Yaml,
                        Function::JsonData => files::Format::Json,
                        _ => return None,
                    };
                    let mut found = vec![];
                    for l in dp.locations.as_ref()?.iter().filter(|l| l.exists) {
                        let Some(Ok(Value::Hash(h))) = cx.files.parsed_before(&l.path, format) else { return None };
                        if !h.keys().all(|k| k.as_str().is_some_and(|s| s == LOOKUP_OPTIONS || s.starts_with(&prefix))) {
                            return None;
                        }
                        found.push(l.path.clone());
                    }
                    Some(found)
                })
                .collect()
        };
        let table = match (clean(&providers), clean(&defaults)) {
            (Some(p), Some(d)) => cx.files.param_table((path, p, d)),
            _ => None,
        };
        self.param_tables.insert(module.to_string(), (providers, table.clone()));
        table
    }

    /// Whether a lookup of the plain key `key` (no dots or quotes: one
    /// segment) can only find nothing and do nothing: the global and
    /// environment layers, already loaded in this compile, have no
    /// configuration, and the key's module has no data (its layer loaded
    /// in this compile to nothing, or one of the modules whose layer is
    /// known to be nothing for every compile of the environment, see
    /// [`files::Files::module_without_data`]). Such a lookup reads no
    /// data, finds no `lookup_options` and logs nothing, whichever node it
    /// is for: automatic parameter lookup asks it for most parameters of
    /// most classes.
    fn nothing_configured(&self, key: &str) -> bool {
        if key.bytes().any(|b| matches!(b, b'.' | b'"' | b'\'')) || key == LOOKUP_OPTIONS {
            return false;
        }
        match key.find("::") {
            Some(0) => false,
            Some(i) => self.nothing_configured_in(Some(&key[..i])),
            None => self.nothing_configured_in(None),
        }
    }

    /// Whether automatic parameter lookup finds nothing for every
    /// parameter of class `class` (keys `<class>::<parameter>`), as
    /// [`Hiera::nothing_configured`] tells for each of them: the caller
    /// may skip the lookups.
    pub fn nothing_configured_for_class(&self, class: &str) -> bool {
        if class.is_empty() || class.starts_with("::") || class.bytes().any(|b| matches!(b, b'.' | b'"' | b'\'')) {
            return false;
        }
        self.nothing_configured_in(Some(class.split("::").next().unwrap_or(class)))
    }

    /// The global and environment layers (loaded in this compile) have no
    /// configuration, and `module` (when given) has no data.
    fn nothing_configured_in(&self, module: Option<&str>) -> bool {
        let empty = |l: &Option<Rc<Layer>>| l.as_ref().is_none_or(|l| l.config.is_none());
        if !self.global.as_ref().is_some_and(|l| l.config.is_none()) || !self.env.as_ref().is_some_and(empty) {
            return false;
        }
        match module {
            Some(module) => match self.modules.get(module) {
                Some(l) => empty(l),
                None => self.settings.files.module_without_data(module),
            },
            None => true,
        }
    }

    /// The names loop of `Lookup.lookup`.
    fn lookup_names(&mut self, cx: &mut Cx, names: &[String], value_type: Option<&Type>, merge: Option<&Value>) -> L<Value> {
        let assert = |subject: String, v: Value| -> Result<Value, Error> {
            if let Some(t) = value_type {
                merge::assert_type(&subject, t, &v)?;
            }
            Ok(v)
        };
        for name in names {
            let key = Value::string(name.as_str());
            if let Some(v) = cx.inv.override_values.as_ref().and_then(|o| o.get(&key)) {
                return Ok(Some(assert(format!("Value found for key '{name}' in override hash"), v.clone())?));
            }
            if let Some(v) = self.adapter_lookup(cx, name, merge)? {
                return Ok(Some(assert("Found value".to_string(), v)?));
            }
        }
        if let Some(d) = cx.inv.default_values.clone().filter(|d| !d.is_empty()) {
            for name in names {
                if let Some(v) = d.get(&Value::string(name.as_str())) {
                    return Ok(Some(assert(format!("Value found for key '{name}' in default values hash"), v.clone())?));
                }
            }
        }
        Ok(None)
    }

    /// `LookupAdapter#lookup`.
    fn adapter_lookup(&mut self, cx: &mut Cx, key: &str, merge: Option<&Value>) -> L<Value> {
        if key == LOOKUP_OPTIONS || key.starts_with("lookup_options.") {
            return Ok(None);
        }
        let lk = LookupKey::new(key)?;
        cx.inv.top_key = key.to_string();
        cx.inv.module_name = lk.module.clone();
        let options = self.lookup_lookup_options(cx, &lk)?;
        let merge = match merge.filter(|m| !m.is_undef()) {
            Some(m) => Some(m.clone()),
            None => options.as_ref().and_then(|o| hash_get(o, "merge")),
        };
        let found = match self.do_lookup(cx, &lk, merge.as_ref())? {
            Some(v) => Some(v),
            None if cx.inv.global_only => None,
            None => match self.lookup_default_in_module(cx, &lk)? {
                Some(v) => lk.dig(v)?,
                None => None,
            },
        };
        let Some(found) = found else { return Ok(None) };
        let Some(convert_to) = options.as_ref().and_then(|o| hash_get(o, "convert_to")) else { return Ok(Some(found)) };
        self.convert_result(cx, key, convert_to, found).map(Some)
    }

    /// `convert_to` of `lookup_options`: `new(Type, value, *args)`.
    fn convert_result(&mut self, cx: &mut Cx, key: &str, convert_to: Value, value: Value) -> Result<Value, Error> {
        let mut spec: Vec<Value> = match convert_to {
            Value::Array(a) => a.to_vec(),
            other => vec![other],
        };
        if let Some(Value::String(t)) = spec.first().cloned() {
            match crate::types::parser::parse_type(&t) {
                Ok(ty) => spec[0] = Value::of_type(ty),
                Err(e) => {
                    return Err(lookup_error(format!(
                        "Invalid data type in lookup_options for key '{key}' could not parse '{t}', error: '{}",
                        e.message()
                    )));
                }
            }
        }
        let mut args = vec![spec.first().cloned().unwrap_or(Value::Undef), value];
        args.extend(spec.into_iter().skip(1));
        self.epoch += 1;
        cx.scope.call_function("new", &args).map_err(|e| {
            lookup_error(format!("The convert_to lookup_option for key '{key}' raised error: {}", e.message()))
        })
    }

    /// `LookupAdapter#do_lookup`: the merged root value, dug into.
    fn do_lookup(&mut self, cx: &mut Cx, lk: &LookupKey, merge: Option<&Value>) -> L<Value> {
        let strategy = match merge {
            Some(m) => Strategy::from_value(m)?,
            None => Strategy::of(Kind::Default),
        };
        let found = if cx.inv.global_only {
            self.lookup_global(cx, lk, &strategy)?
        } else {
            strategy.lookup(&[Place::Global, Place::Environment, Place::Module], |p| match p {
                Place::Global => self.lookup_global(cx, lk, &strategy),
                Place::Environment => self.lookup_in_environment(cx, lk, &strategy),
                Place::Module => self.lookup_in_module(cx, lk, &strategy),
            })?
        };
        match found {
            Some(v) => lk.dig(v),
            None => Ok(None),
        }
    }

    /// `Invocation#check`: detects recursion, and turns Puppet errors
    /// raised inside into `LookupError`s.
    pub(crate) fn check<T>(&mut self, name: &str, f: impl FnOnce(&mut Hiera) -> Result<T, Error>) -> Result<T, Error> {
        if self.name_stack.iter().any(|n| n == name) {
            return Err(lookup_error(format!("Recursive lookup detected in [{}]", self.name_stack.join(", "))));
        }
        self.name_stack.push(name.to_string());
        let r = f(self);
        self.name_stack.pop();
        r.map_err(|e| if is_lookup_error(&e) || e.issue() == RUBY_ERROR { e } else { lookup_error(e.message()) })
    }

    fn lookup_global(&mut self, cx: &mut Cx, lk: &LookupKey, strategy: &Strategy) -> L<Value> {
        let r = self.check(&lk.key, |h| {
            // The configuration loads on first use, inside the lookup (its
            // errors are the lookup's); a failed load is tried again.
            let layer = match &h.global {
                Some(l) => l.clone(),
                None => {
                    let config = match h.settings.global_config.clone() {
                        Some(p) => {
                            let root = p.parent().map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("/"));
                            HieraConfig::load(cx, Some(&p), &root, &Owner::Global)?
                        }
                        None => None,
                    };
                    let l = Rc::new(Layer { owner: Owner::Global, config: config.map(Rc::new) });
                    h.global = Some(l.clone());
                    l
                }
            };
            h.global_key_lookup(cx, &layer, lk, strategy)
        });
        r.map_err(|e| {
            if e.issue() == LOOKUP_ERROR {
                puppet_error(format!("Lookup of key '{}' failed: {}", cx.inv.top_key, e.message()))
            } else {
                e
            }
        })
    }

    /// `GlobalDataProvider#unchecked_key_lookup`: Hiera 3 configurations
    /// run with Hiera 3's scope and merge behavior.
    fn global_key_lookup(&mut self, cx: &mut Cx, layer: &Rc<Layer>, lk: &LookupKey, strategy: &Strategy) -> L<Value> {
        let Some(config) = layer.config.clone() else { return Ok(None) };
        if config.version != 3 {
            return self.configured_lookup(cx, &config, &layer.owner, lk, strategy);
        }
        if !cx.inv.hiera_scope {
            let mut inv = cx.inv.sub();
            inv.hiera_scope = true;
            inv.top_key = cx.inv.top_key.clone();
            inv.module_name = cx.inv.module_name.clone();
            if !inv.global_only && !self.has_environment_data_provider(cx)? {
                inv.global_only = true;
            }
            let saved = std::mem::replace(&mut cx.inv, inv);
            let r = self.global_key_lookup(cx, layer, lk, strategy);
            cx.inv = saved;
            return r;
        }
        let mut strategy = strategy.clone();
        if !config.merge.is_first() && cx.inv.hiera_xxx && strategy.kind == Kind::Hash {
            strategy = config.merge.clone();
        }
        let value = self.configured_lookup(cx, &config, &layer.owner, lk, &strategy)?;
        if cx.inv.hiera_xxx {
            if let Some(v) = &value
                && matches!(strategy.kind, Kind::Hash | Kind::Deep | Kind::ReverseDeep | Kind::UnconstrainedDeep)
            {
                merge::assert_type("value", &Type::hash(), v)?;
            }
            if !lk.segments.is_empty() && matches!(strategy.kind, Kind::Hash | Kind::Unique) {
                let which = if strategy.kind == Kind::Hash { "hash" } else { "array" };
                return Err(lookup_error(format!(
                    "Resolution type :{which} is illegal when accessing values using dotted keys. Offending key was '{}'",
                    lk.key
                )));
            }
        }
        Ok(value)
    }

    /// `has_environment_data_provider?`: an environment layer with a
    /// version 5 configuration.
    fn has_environment_data_provider(&mut self, cx: &mut Cx) -> Result<bool, Error> {
        Ok(self.env_layer(cx)?.and_then(|l| l.config.clone()).is_some_and(|c| c.version >= 5))
    }

    fn env_layer(&mut self, cx: &mut Cx) -> Result<Option<Rc<Layer>>, Error> {
        if let Some(l) = &self.env {
            return Ok(l.clone());
        }
        let layer = match self.settings.environment_dir.clone() {
            Some(dir) => {
                let path = dir.join("hiera.yaml");
                if cx.files.exists(&path) {
                    HieraConfig::load(cx, Some(&path), &dir, &Owner::Environment)?
                        .map(|c| Rc::new(Layer { owner: Owner::Environment, config: Some(Rc::new(c)) }))
                } else {
                    None
                }
            }
            None => None,
        };
        self.env = Some(layer.clone());
        Ok(layer)
    }

    fn lookup_in_environment(&mut self, cx: &mut Cx, lk: &LookupKey, strategy: &Strategy) -> L<Value> {
        let Some(layer) = self.env_layer(cx)? else { return Ok(None) };
        let Some(config) = layer.config.clone() else { return Ok(None) };
        self.check(&lk.key, |h| h.configured_lookup(cx, &config, &layer.owner, lk, strategy))
    }

    fn module_layer(&mut self, cx: &mut Cx, module: &str) -> Result<Option<Rc<Layer>>, Error> {
        if let Some(l) = self.modules.get(module) {
            return Ok(l.clone());
        }
        if cx.files.module_without_data(module) {
            self.modules.insert(module.to_string(), None);
            return Ok(None);
        }
        let layer = self.init_module_layer(cx, module)?;
        self.modules.insert(module.to_string(), layer.clone());
        Ok(layer)
    }

    /// `initialize_module_provider`: the module's `hiera.yaml`, or the
    /// deprecated `data_provider` of its metadata.json.
    fn init_module_layer(&mut self, cx: &mut Cx, module: &str) -> Result<Option<Rc<Layer>>, Error> {
        let valid = module.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && module.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !valid {
            return Ok(None);
        }
        let Some(dir) = cx.scope.module_directory(module) else {
            cx.files.set_module_without_data(module);
            return Ok(None);
        };
        let owner = Owner::Module(module.to_string());
        let metadata_path = dir.join("metadata.json");
        let mut provider_name = cx
            .files
            .text(&metadata_path)
            .ok()
            .and_then(|t| cx.files.parsed(&metadata_path, files::Format::Json, &t, parse_json).ok())
            .and_then(|j| j.as_hash().and_then(|h| h.get(&Value::string("data_provider")).and_then(|p| p.as_str().map(str::to_string))));
        let conf = dir.join("hiera.yaml");
        let mut layer = None;
        let mut had_file = false;
        if cx.files.exists(&conf) {
            had_file = true;
            if let Some(c) = HieraConfig::load(cx, Some(&conf), &dir, &owner)? {
                if c.version >= 5 {
                    if let Some(p) = &provider_name
                        && cx.scope.strict() != Strict::Off
                    {
                        let msg = format!(
                            "Defining \"data_provider\": \"{p}\" in metadata.json is deprecated. It is ignored since a 'hiera.yaml' with version >= 5 is present"
                        );
                        let shown = metadata_path.display().to_string();
                        let key = format!("deprecations:metadata.json#data_provider-{module}");
                        cx.scope.warn_once(&key, &format!("{msg}{}", located(Some(&shown), None)));
                    }
                    provider_name = None;
                }
                layer = Some(Rc::new(Layer { owner: owner.clone(), config: Some(Rc::new(c)) }));
            }
        }
        let Some(name) = provider_name else {
            // No `hiera.yaml` and no `data_provider`: nothing was said, and
            // every compile of the environment finds the same.
            if !had_file {
                cx.files.set_module_without_data(module);
            }
            return Ok(layer);
        };
        if cx.scope.strict() != Strict::Off {
            let mut msg = format!("Defining \"data_provider\": \"{name}\" in metadata.json is deprecated.");
            if layer.is_none() {
                msg.push_str(" A 'hiera.yaml' file should be used instead");
            }
            let shown = metadata_path.display().to_string();
            cx.scope.warn_once(&format!("deprecations:metadata.json#data_provider-{module}"), &format!("{msg}{}", located(Some(&shown), None)));
        }
        match name.as_str() {
            "none" => Ok(None),
            "hiera" => match layer {
                Some(l) => Ok(Some(l)),
                None => {
                    let c = HieraConfig::load(cx, None, &dir, &owner)?.map(Rc::new);
                    Ok(Some(Rc::new(Layer { owner, config: c })))
                }
            },
            "function" => {
                if cx.scope.strict() != Strict::Off {
                    let msg = format!("Using of legacy data provider function '{module}::data'. Please convert to a 'data_hash' function");
                    cx.scope.warn_once("deprecations:legacy_provider_function", &format!("{msg}{}", located(None, None)));
                }
                let c = HieraConfig::legacy_function(&dir, &format!("{module}::data"));
                Ok(Some(Rc::new(Layer { owner, config: Some(Rc::new(c)) })))
            }
            other => Err(puppet_error(format!("Environment '', cannot find module_data_provider '{other}'"))),
        }
    }

    fn lookup_in_module(&mut self, cx: &mut Cx, lk: &LookupKey, strategy: &Strategy) -> L<Value> {
        let Some(module) = cx.inv.module_name.clone() else { return Ok(None) };
        let Some(layer) = self.module_layer(cx, &module)? else { return Ok(None) };
        let Some(config) = layer.config.clone() else { return Ok(None) };
        self.check(&lk.key, |h| h.configured_lookup(cx, &config, &layer.owner, lk, strategy))
    }

    /// `ConfiguredDataProvider#unchecked_key_lookup`: the levels of the
    /// hierarchy, merged.
    fn configured_lookup(
        &mut self,
        cx: &mut Cx,
        config: &Rc<HieraConfig>,
        owner: &Owner,
        lk: &LookupKey,
        strategy: &Strategy,
    ) -> L<Value> {
        let dps = self.data_providers(cx, config, false)?;
        if dps.is_empty() {
            return Ok(None);
        }
        strategy.lookup(&dps, |dp| self.provider_lookup(cx, config, owner, dp, lk, strategy))
    }

    /// `DataHashFunctionProvider#unchecked_key_lookup`: the locations of a
    /// level, merged (Hiera 3 override paths first).
    fn provider_lookup(
        &mut self,
        cx: &mut Cx,
        config: &Rc<HieraConfig>,
        owner: &Owner,
        dp: &Rc<DataProvider>,
        lk: &LookupKey,
        strategy: &Strategy,
    ) -> L<Value> {
        let extra = match (&dp.v3, cx.inv.v3_overrides.is_empty()) {
            (Some((datadir, ext)), false) => {
                let paths = cx.inv.v3_overrides.clone();
                self.resolve_paths(cx, datadir, &paths, false, Some(ext))?
            }
            _ => vec![],
        };
        let mut variants: Vec<At> = extra.iter().map(At::Extra).collect();
        match &dp.locations {
            Some(locs) => variants.extend(locs.iter().enumerate().map(|(i, l)| At::Indexed(i, l))),
            None => variants.push(At::Nowhere),
        }
        strategy.lookup(&variants, |at| {
            if let At::Indexed(_, l) | At::Extra(l) = at
                && !l.exists
            {
                return Ok(None);
            }
            let data = self.data_hash(cx, config, owner, dp, at)?;
            let Value::Hash(h) = &data else { return Ok(None) };
            let Some(v) = h.get(&crate::value::StrKey(&lk.root)) else { return Ok(None) };
            let v = v.clone();
            // `validate_data_value`: data must be `RichData` (hash keys are
            // Strings or Numerics: a YAML `on:` key is a Boolean).
            if !is_rich_data(&v) {
                let mut subject = format!("Value for key '{}', in hash returned from {}", lk.root, dp.full_name());
                if let At::Indexed(_, l) | At::Extra(l) = at {
                    subject.push_str(&format!(", when using location '{}',", l.path.display()));
                }
                let got = crate::types::format::type_to_string(&crate::types::calc::infer(&v));
                return Err(type_error(format!("{subject} has wrong type, expects Puppet::LookupValue, got {got}")));
            }
            self.interpolate(cx, &v, true).map(Some)
        })
    }

    /// The data hash of a level at a location, checked (and, for a module,
    /// without the keys outside the module's namespace), read once.
    fn data_hash(
        &mut self,
        cx: &mut Cx,
        config: &Rc<HieraConfig>,
        owner: &Owner,
        dp: &Rc<DataProvider>,
        at: &At,
    ) -> Result<Value, Error> {
        // Hiera 3 override locations are not cached per level.
        let idx = match at {
            At::Indexed(i, _) => Some(*i),
            At::Nowhere => Some(usize::MAX),
            At::Extra(_) => None,
        };
        if let Some(v) = idx.and_then(|i| dp.data.borrow().get(&i).cloned()) {
            return Ok(v);
        }
        let path = match at {
            At::Indexed(_, l) | At::Extra(l) => Some(l.path.clone()),
            At::Nowhere => None,
        };
        let shown = path.as_ref().map(|p| p.display().to_string());
        let subject = match &shown {
            Some(p) => format!("Value returned from {}, when using location '{p}',", dp.full_name()),
            None => format!("Value returned from {}", dp.full_name()),
        };
        let raw = match &dp.function {
            Function::YamlData | Function::JsonData => {
                let Some(path) = &path else {
                    return Err(ruby_error(format!(
                        "'{}' one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this data_hash function",
                        dp.function_name
                    )));
                };
                self.read_data_file(cx, path, dp.function == Function::YamlData)?
            }
            Function::PuppetData(name) => {
                self.epoch += 1;
                cx.scope.call_function(name, &[])?
            }
            Function::Unsupported => {
                return Err(lookup_error(format!(
                    "pjit does not support the {} '{}' (hierarchy level '{}')",
                    if dp.tag == "hiera3_backend" { "Hiera 3 backend" } else { dp.tag },
                    dp.function_name,
                    dp.name
                )));
            }
            Function::Unknown => {
                return Err(issue_error(
                    "HIERA_DATA_PROVIDER_FUNCTION_NOT_FOUND",
                    format!("Unable to find '{}' function named '{}'", dp.tag, dp.function_name),
                    config.path.as_deref(),
                    None,
                ));
            }
        };
        let Value::Hash(h) = &raw else {
            merge::assert_type(&subject, &Type::hash(), &raw)?;
            unreachable!("a non-hash fails the assertion");
        };
        let data = match owner {
            Owner::Module(m) => {
                let prefix = format!("{m}::");
                let ok = |k: &Value| k.as_str().is_some_and(|s| s == LOOKUP_OPTIONS || s.starts_with(&prefix));
                // Usually every key is the module's: the data as read.
                if h.keys().all(ok) {
                    raw.clone()
                } else {
                    let mut kept = (**h).clone();
                    for k in h.keys() {
                        if !ok(k) {
                            cx.scope.warning(&format!("Module '{m}': {subject} must use keys qualified with the name of the module"));
                            kept.shift_remove(k);
                        }
                    }
                    Value::hash_from(kept)
                }
            }
            _ => raw.clone(),
        };
        if let Some(i) = idx {
            dp.data.borrow_mut().insert(i, data.clone());
        }
        Ok(data)
    }

    /// `yaml_data` / `json_data` of a file, parsed once per compilation
    /// (and read and parsed once for all compiles, see [`files`]).
    fn read_data_file(&mut self, cx: &mut Cx, path: &Path, yaml: bool) -> Result<Value, Error> {
        if let Some(v) = self.files.get(path) {
            return Ok(v.clone());
        }
        let shown = path.display().to_string();
        let text = cx.files.text(path).map_err(|e| ruby_error(format!("{e} @ rb_sysopen - {shown}")))?;
        let v = if yaml {
            let parsed = cx.files.parsed(path, files::Format::Yaml, &text, |text| {
                let text = text.strip_prefix('\u{feff}').unwrap_or(text);
                let opts = crate::functions::stdlib::yaml::LoadOptions { filename: Some(&shown), aliases: true, symbols: true };
                crate::functions::stdlib::yaml::load_with(text, &opts)
                    .map_err(|e| lookup_error(format!("Unable to parse {}", e.message())))
            })?;
            match parsed {
                h @ Value::Hash(_) => h,
                other => {
                    let msg = format!("{shown}: file does not contain a valid yaml hash");
                    if cx.scope.strict() == Strict::Error && !matches!(other, Value::Undef | Value::Boolean(false)) {
                        return Err(lookup_error(msg));
                    }
                    cx.scope.warning(&msg);
                    Value::hash_from(HashMapV::default())
                }
            }
        } else {
            cx.files.parsed(path, files::Format::Json, &text, |text| {
                let parsed: serde_json::Value = serde_json::from_str(text).map_err(|e| {
                    lookup_error(format!("Unable to parse ({shown}): {}", e.to_string().split(" at line").next().unwrap_or_default()))
                })?;
                crate::functions::stdlib::data::json_to_value(parsed)
            })?
        };
        self.files.insert(path.to_path_buf(), v.clone());
        Ok(v)
    }

    /// A scope variable for interpolation: mapped-path locals, Hiera 3's
    /// `calling_*` variables, then the host's scope. `Ok(None)` when the
    /// variable does not exist (after Puppet's warning or error for an
    /// unknown variable).
    pub(crate) fn scope_var(&mut self, cx: &mut Cx, name: &str) -> Result<Option<Value>, Error> {
        if let Some((_, v)) = cx.inv.locals.iter().rev().find(|(k, _)| k == name) {
            return Ok(Some(v.clone()));
        }
        let v = if cx.inv.hiera_scope {
            match name {
                "calling_class" => Some(cx.scope.calling_class().map(Value::string).unwrap_or(Value::Undef)),
                "calling_class_path" => {
                    Some(cx.scope.calling_class().map(|c| Value::string(c.replace("::", "/"))).unwrap_or(Value::Undef))
                }
                "calling_module" => self.host_var(cx, "module_name")?,
                _ => self.host_var(cx, name)?,
            }
        } else {
            self.host_var(cx, name)?
        };
        Ok(match v {
            Some(Value::String(s)) if s.is_empty() && cx.inv.hiera_scope => Some(Value::Undef),
            other => other,
        })
    }

    fn host_var(&mut self, cx: &mut Cx, name: &str) -> Result<Option<Value>, Error> {
        match cx.scope.variable(name) {
            Variable::Set(v) => Ok(Some(v)),
            Variable::Unknown { name: shown, reason } => {
                let builtin = matches!(name, "module_name" | "caller_module_name")
                    || (!name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()));
                if !builtin {
                    let msg = format!("Undefined variable '{shown}'; {reason}");
                    match cx.scope.strict() {
                        Strict::Off => {}
                        Strict::Warning => cx.scope.warn_once(&format!("Variable: {shown}"), &format!("{msg}{}", located(None, None))),
                        Strict::Error => return Err(ruby_error(msg)),
                    }
                }
                Ok(None)
            }
        }
    }

    // ---- lookup_options

    /// `lookup_lookup_options`: the options for the key, from the merged
    /// `lookup_options` of the global and environment layers and of the
    /// key's module.
    fn lookup_lookup_options(&mut self, cx: &mut Cx, lk: &LookupKey) -> Result<Option<Value>, Error> {
        let m = lk.module.clone();
        let options = match self.lookup_options.get(&m) {
            Some(o) => o.clone(),
            None => {
                let o = self.retrieve_lookup_options(cx, m.as_deref())?;
                self.lookup_options.insert(m, o.clone());
                o
            }
        };
        Ok(extract_options(lk, options.as_deref()))
    }

    fn with_meta<T>(&mut self, cx: &mut Cx, f: impl FnOnce(&mut Hiera, &mut Cx) -> Result<T, Error>) -> Result<T, Error> {
        let mut meta = cx.inv.meta();
        meta.top_key = LOOKUP_OPTIONS.to_string();
        meta.module_name = cx.inv.module_name.clone();
        let saved = std::mem::replace(&mut cx.inv, meta);
        let r = f(self, cx);
        cx.inv = saved;
        r
    }

    fn retrieve_lookup_options(&mut self, cx: &mut Cx, module: Option<&str>) -> Result<Option<Rc<Options>>, Error> {
        let hash = Strategy::of(Kind::Hash);
        let lo = LookupKey::new(LOOKUP_OPTIONS)?;
        self.with_meta(cx, |h, cx| {
            if cx.inv.global_only {
                let o = h.global_lookup_options(cx, &lo, &hash)?;
                return compile_options(o.as_ref()).map(|o| o.map(Rc::new));
            }
            let mut opts = h.env_lookup_options(cx, &lo, &hash)?;
            if let Some(module) = module {
                if let std::collections::hash_map::Entry::Vacant(e) = h.lookup_options.entry(None) {
                    e.insert(compile_options(opts.as_ref())?.map(Rc::new));
                }
                if let Some(found) = h.lookup_in_module(cx, &lo, &hash)? {
                    let module_opts = validate_options(found, Some(module))?;
                    opts = match (opts, module_opts) {
                        (None, m) => m,
                        (Some(o), Some(m)) => Some(hash.merge(o, m)?),
                        (Some(_), None) => None,
                    };
                }
            }
            compile_options(opts.as_ref()).map(|o| o.map(Rc::new))
        })
    }

    fn global_lookup_options(&mut self, cx: &mut Cx, lo: &LookupKey, hash: &Strategy) -> Result<Option<Value>, Error> {
        if let Some(o) = &self.global_lookup_options {
            return Ok(o.clone());
        }
        let o = match self.lookup_global(cx, lo, hash)? {
            Some(v) => validate_options(v, None)?,
            None => None,
        };
        self.global_lookup_options = Some(o.clone());
        Ok(o)
    }

    fn env_lookup_options(&mut self, cx: &mut Cx, lo: &LookupKey, hash: &Strategy) -> Result<Option<Value>, Error> {
        if let Some(o) = &self.env_lookup_options {
            return Ok(o.clone());
        }
        let global = self.global_lookup_options(cx, lo, hash)?;
        let env = match self.lookup_in_environment(cx, lo, hash)? {
            Some(v) => validate_options(v, None)?,
            None => None,
        };
        let o = match (global, env) {
            (None, e) => e,
            (g, None) => g,
            (Some(g), Some(e)) => Some(hash.merge(g, e)?),
        };
        self.env_lookup_options = Some(o.clone());
        Ok(o)
    }

    /// `lookup_default_in_module`: the module's `default_hierarchy`, with
    /// the `lookup_options` found there.
    fn lookup_default_in_module(&mut self, cx: &mut Cx, lk: &LookupKey) -> L<Value> {
        let Some(module) = cx.inv.module_name.clone() else { return Ok(None) };
        let Some(layer) = self.module_layer(cx, &module)? else { return Ok(None) };
        let Some(config) = layer.config.clone() else { return Ok(None) };
        if !config.has_default_hierarchy() {
            return Ok(None);
        }
        let options = match self.module_default_options.get(&module) {
            Some(o) => o.clone(),
            None => {
                let hash = Strategy::of(Kind::Hash);
                let lo = LookupKey::new(LOOKUP_OPTIONS)?;
                let o = self.with_meta(cx, |h, cx| match h.default_lookup(cx, &config, &layer.owner, &lo, &hash)? {
                    Some(v) => compile_options(validate_options(v, Some(&module))?.as_ref()),
                    None => Ok(None),
                })?;
                let o = o.map(Rc::new);
                self.module_default_options.insert(module.clone(), o.clone());
                o
            }
        };
        let merge = extract_options(lk, options.as_deref()).and_then(|o| hash_get(&o, "merge"));
        let strategy = match &merge {
            Some(m) => Strategy::from_value(m)?,
            None => Strategy::of(Kind::Default),
        };
        self.default_lookup(cx, &config, &layer.owner, lk, &strategy)
    }

    /// `ModuleDataProvider#key_lookup_in_default`.
    fn default_lookup(&mut self, cx: &mut Cx, config: &Rc<HieraConfig>, owner: &Owner, lk: &LookupKey, strategy: &Strategy) -> L<Value> {
        let dps = self.data_providers(cx, config, true)?;
        if dps.is_empty() {
            return Ok(None);
        }
        self.check(&lk.key, |h| strategy.lookup(&dps, |dp| h.provider_lookup(cx, config, owner, dp, lk, strategy)))
    }
}

/// The scope of a lookup whose result may be shared (see
/// [`Hiera::lookup_parameter_again`]): whether the lookup asked it
/// anything that can differ between compiles, or logged.
struct Watch<'a> {
    inner: &'a mut dyn Scope,
    asked: std::cell::Cell<bool>,
}

impl Scope for Watch<'_> {
    fn variable(&mut self, name: &str) -> Variable {
        self.asked.set(true);
        self.inner.variable(name)
    }
    fn strict(&self) -> Strict {
        self.asked.set(true);
        self.inner.strict()
    }
    fn warning(&mut self, message: &str) {
        self.asked.set(true);
        self.inner.warning(message)
    }
    fn warn_once(&mut self, key: &str, message: &str) {
        self.asked.set(true);
        self.inner.warn_once(key, message)
    }
    fn module_directory(&mut self, module: &str) -> Option<PathBuf> {
        self.asked.set(true);
        self.inner.module_directory(module)
    }
    fn call_function(&mut self, name: &str, args: &[Value]) -> Result<Value, Error> {
        self.asked.set(true);
        self.inner.call_function(name, args)
    }
    fn calling_class(&mut self) -> Option<String> {
        self.asked.set(true);
        self.inner.calling_class()
    }
}

/// `RichData` (what `validate_data_value` asks of looked up values): the
/// values data files hold are checked directly, anything else by type.
fn is_rich_data(v: &Value) -> bool {
    crate::value::guard_stack(|| match v {
        Value::Undef
        | Value::Default
        | Value::Boolean(_)
        | Value::Integer(_)
        | Value::Float(_)
        | Value::String(_)
        | Value::Regexp(_)
        | Value::Timespan(_)
        | Value::Timestamp(_)
        | Value::Type(_) => true,
        Value::Array(a) => a.iter().all(is_rich_data),
        Value::Hash(h) => h
            .iter()
            .all(|(k, e)| matches!(k, Value::String(_) | Value::Integer(_) | Value::Float(_)) && is_rich_data(e)),
        other => crate::types::calc::instance_of(&Type::rich_data(), other),
    })
}

fn hash_get(h: &Value, k: &str) -> Option<Value> {
    match h {
        Value::Hash(m) => m.get(&Value::string(k)).cloned(),
        _ => None,
    }
}

/// `validate_lookup_options`: a hash whose keys, in a module, start with
/// the module's name (or are regexps that do).
fn validate_options(v: Value, module: Option<&str>) -> Result<Option<Value>, Error> {
    if v.is_undef() {
        return Ok(None);
    }
    let Value::Hash(h) = &v else { return Err(lookup_error("value of lookup_options must be a hash")) };
    if let Some(m) = module {
        let pfx = format!("{m}::");
        for k in h.keys() {
            let k = k.as_str().unwrap_or_default();
            if let Some(rest) = k.strip_prefix('^') {
                if !rest.starts_with(&pfx) {
                    return Err(lookup_error(format!(
                        "all lookup_options patterns must match a key starting with module name '{m}'"
                    )));
                }
            } else if !k.starts_with(&pfx) {
                return Err(lookup_error(format!("all lookup_options keys must start with module name '{m}'")));
            }
        }
    }
    Ok(Some(v))
}

/// `compile_patterns`: keys starting with `^` are regexps.
fn compile_options(v: Option<&Value>) -> Result<Option<Options>, Error> {
    let Some(Value::Hash(h)) = v else { return Ok(None) };
    let mut keys = HashMapV::default();
    let mut patterns = vec![];
    for (k, o) in h.iter() {
        match k.as_str() {
            Some(p) if p.starts_with('^') => {
                let re = crate::regex::ruby_regex(p, onig::RegexOptions::REGEX_OPTION_NONE)
                    .map_err(|e| ruby_error(format!("{}: /{p}/", e.description())))?;
                patterns.push((re, o.clone()));
            }
            _ => {
                keys.insert(k.clone(), o.clone());
            }
        }
    }
    Ok(Some(Options { keys: (!keys.is_empty()).then_some(keys), patterns }))
}

/// `extract_lookup_options_for_key`: by the root key, else the first
/// matching pattern.
fn extract_options(lk: &LookupKey, options: Option<&Options>) -> Option<Value> {
    let o = options?;
    if let Some(v) = o.keys.as_ref().and_then(|k| k.get(&Value::string(lk.root.as_str())))
        && !v.is_undef()
    {
        return Some(v.clone());
    }
    o.patterns.iter().find(|(re, _)| re.find(&lk.root).is_some()).map(|(_, v)| v.clone())
}

/// `Function lookup() did not find a value for the name 'x'` (or for any
/// of several names).
pub fn not_found_error(names: &[String]) -> Error {
    if names.len() == 1 {
        lookup_error(format!("Function lookup() did not find a value for the name '{}'", names[0]))
    } else {
        let list: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
        lookup_error(format!("Function lookup() did not find a value for any of the names [{}]", list.join(", ")))
    }
}

/// `TypeAsserter.assert_instance_of` with `lookup`'s subjects (`Default
/// value`, `Value returned from default block`).
pub fn assert_value_type(subject: &str, value_type: Option<&Type>, v: Value) -> Result<Value, Error> {
    if let Some(t) = value_type {
        merge::assert_type(subject, t, &v)?;
    }
    Ok(v)
}
