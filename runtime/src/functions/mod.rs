//! Puppet 7's core function library: the functions of
//! `lib/puppet/functions/*.rb` (4.x API) and the commonly used 3.x-API ones
//! of `lib/puppet/parser/functions/`, with Puppet's signatures (dispatches),
//! argument checks, behaviour and exact error messages.
//!
//! Implemented here: `abs` `alert` `all` `annotate` `any` `assert_type`
//! `break` `call` `camelcase` `capitalize` `ceiling` `chomp` `chop` `compare`
//! `convert_to` `crit` `debug` `defined` `dig` `downcase` `each` `emerg`
//! `empty` `err` `filter` `flatten` `floor` `get` `getvar` `group_by` `index`
//! `info` `join` `keys` `length` `lest` `lstrip` `map` `match` `max` `min`
//! `new` `next` `notice` `partition` `reduce` `regsubst` `return`
//! `reverse_each` `round` `rstrip` `scanf` `size` `slice` `sort` `split`
//! `step` `strftime` `strip` `then` `tree_each` `type` `unique` `unwrap`
//! `upcase` `values` `versioncmp` `warning` `with`, and the 3.x functions
//! `fail` `sprintf` `shellquote` `md5` `sha1` `sha256` `digest` (SHA-256, the
//! default `digest_algorithm`) `fqdn_rand` (Ruby's MT19937 seeded from the
//! `networking.fqdn` fact, so the numbers are Puppet's).
//!
//! The evaluator finds a function with [`lookup`] and runs it with [`call`],
//! giving a [`Host`] through which functions call lambdas, other functions,
//! log, and ask about variables, types and catalog contents. Argument
//! checking follows Puppet's dispatcher: the first dispatch whose parameter
//! types (and block) accept the arguments runs; when none does, the error is
//! the one Puppet's `TypeMismatchDescriber` writes (`'split' expects 2
//! arguments, got 1`, `'abs' parameter 'val' expects a Numeric value, got
//! String`, `'each' block expects between 1 and 2 arguments, got 3`, the
//! multi-signature `The function 'x' was called with arguments it does not
//! accept. It expects one of: ...`), see [`describe`], which also writes
//! the messages of lambda and Puppet-language function calls for the
//! evaluator ([`describe::describe_lambda_mismatch`],
//! [`describe::describe_callable_mismatch`]). A lambda's arity is read from
//! its `Callable` signature; as in Puppet, a lambda's parameter types do not
//! take part in choosing a dispatch (Puppet's `Callable[1,1]` is
//! `Callable[Unit]`), the host checks them when it binds the arguments.
//!
//! Errors: an `Unwind::Error` coming out of [`call`] is either the inner
//! message of an error the function raised itself (Puppet shows it as
//! `Error while evaluating a Function Call, <message>`, or `... a Method
//! call, ...`: the evaluator adds that prefix and the location), or an error
//! the host returned from a callback ([`Host::call_callable`],
//! [`Host::call_function`]), passed through unchanged, so the host can tell
//! them apart. Ruby exceptions of Puppet's function bodies keep Ruby's text
//! (`comparison of Integer with String failed`, `no implicit conversion of
//! Integer into String`, ``undefined method `to_i' for true:TrueClass``).
//! `break()`, `next()` and `return()` raise [`Unwind::Break`],
//! [`Unwind::Next`] and [`Unwind::Return`]; iteration functions stop on
//! `Break` exactly where Puppet's Ruby code does (`each`, `map`, `filter`
//! of an array, `reduce`, `slice`, `step`, `reverse_each`, `tree_each` stop
//! and return; `filter` of a hash, `all`, `any`, `index`, `partition`,
//! `group_by`, `sort`, `max`, `unique`, `with` ... let it propagate to the
//! enclosing iteration).
//!
//! Left to the evaluator (registered with [`Function::is_host_implemented`]
//! so the name is known, but [`call`] refuses them): `include`, `require`,
//! `contain`, `realize`, `tag`, `tagged`, `epp`, `inline_epp`, `template`,
//! `inline_template`, `lookup`, `hiera`, `hiera_array`, `hiera_hash`,
//! `hiera_include`, `find_file`, `find_template`, `binary_file`,
//! `module_directory`, `import`, `create_resources`,
//! `generate`, `file`, the data providers `json_data`, `yaml_data`,
//! `hocon_data`, `eyaml_lookup_key`.
//!
//! The Ruby functions of modules (stdlib's `merge`, `validate_legacy`,
//! `defined_with_params` ...) are in a separate table, [`stdlib`], which the
//! evaluator consults only when a module on the modulepath provides them.
//!
//! Known differences (the runtime's values cannot carry them): `tree_each`
//! without a block returns an `Iterator[Any]` of `[path, value]` pairs where
//! Puppet returns a Ruby tree iterator object; `annotate` exists but no
//! value can be an `Annotation` type (there are no Object types), so it
//! always reports the argument mismatch; results beyond 64-bit integers
//! (`floor(1e20)`) fail where Ruby would carry a Bignum.
//!
//! Tests: `tests/functions.rs` runs the case tables of `tests/functions/`
//! (about 4,600 Puppet programs whose expectations real Puppet produced,
//! see `tests/functions/bless.py`) through a small interpreter that
//! implements [`Host`].

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use crate::error::Error;
use crate::types::{calc, Type, TypeAlias};
use crate::value::Value;

pub mod describe;

mod collections;
mod digest;
mod iteration;
mod legacy;
pub(crate) mod misc;
mod rx;
mod numeric;
pub(crate) mod strings;
mod util;
pub mod stdlib;

/// A log level of the logging functions (`notice`, `warning`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LogLevel {
    Debug,
    Info,
    Notice,
    Warning,
    Err,
    Alert,
    Emerg,
    Crit,
}

impl LogLevel {
    /// The level's name as Puppet writes it (`notice`, `err` ...).
    pub fn name(self) -> &'static str {
        match self {
            LogLevel::Debug => "debug",
            LogLevel::Info => "info",
            LogLevel::Notice => "notice",
            LogLevel::Warning => "warning",
            LogLevel::Err => "err",
            LogLevel::Alert => "alert",
            LogLevel::Emerg => "emerg",
            LogLevel::Crit => "crit",
        }
    }
}

/// Non-local exits that travel through function calls.
#[derive(Debug, Clone)]
pub enum Unwind {
    Error(Error),
    Break,
    Next(Value),
    Return(Value),
}

impl From<Error> for Unwind {
    fn from(e: Error) -> Unwind {
        Unwind::Error(e)
    }
}

/// What a function call gives: a value or a non-local exit.
pub type FnResult = std::result::Result<Value, Unwind>;

/// What a function needs from the evaluator.
pub trait Host {
    /// Calls a `Value::Callable` (lambda/function value) with positional args. The host
    /// converts `Next(v)` raised inside the lambda into a normal return of v; `Break`
    /// and `Return` propagate out (iteration functions stop on Break and return what
    /// Puppet returns in that case; Return propagates further).
    ///
    /// As Puppet's closures do, the host ignores arguments beyond the lambda's
    /// parameters (`with(1, 2) |$a| {}` binds `$a = 1`), fails with Puppet's
    /// `Parameter $x is required but no value was given` when too few are given,
    /// and checks typed parameters (`block parameter 'x' expects a String value,
    /// got Integer`, see [`describe::describe_lambda_mismatch`]).
    fn call_callable(&mut self, callable: &Value, args: &[Value]) -> FnResult;
    /// Calls any function by name (Puppet-language function, core function, ...): used by `call()`.
    /// An unknown name fails as Puppet's `Unknown function 'name'`.
    fn call_function(&mut self, name: &str, args: &[Value], block: Option<&Value>) -> FnResult;
    fn log(&mut self, level: LogLevel, message: &str);
    /// `getvar`/`defined('$x')`: a variable by (possibly qualified) name, None if unknown.
    fn lookup_variable(&mut self, name: &str) -> Option<Value>;
    /// Resolves a type name (aliases, resource types) for `defined`/type parsing; None if unknown.
    fn resolve_type(&mut self, name: &str) -> Option<Type>;
    /// `defined('name')`: is a function/class/defined type/resource type of that name known.
    fn is_defined_name(&mut self, name: &str) -> bool;
    /// `defined(Resource['x','y'])`/`defined(Class['x'])`.
    fn is_defined_resource(&mut self, ty: &Type) -> bool;
    /// A deprecation warning Puppet logs once per `key` (`Puppet.warn_once`),
    /// e.g. `abs()`'s String conversion. Puppet writes these to its own log
    /// (not `Scope(...)`); the default ignores them.
    ///
    /// With `at_call_site`, Puppet keys and locates the warning by the
    /// location of the function call (`(file: F, line: L)`); otherwise its
    /// text ends in `(file & line not available)`.
    fn warn_once(&mut self, key: &str, message: &str, at_call_site: bool) {
        let _ = (key, message, at_call_site);
    }

    // The callbacks below serve the module functions of [`stdlib`]; the
    // defaults say the host does not support them (or know nothing).

    /// Puppet's stack of manifest frames (`Puppet::Pops::PuppetStack.stacktrace`),
    /// innermost first, as `(file, line)`; the top-level frame has line 0.
    fn puppet_stack(&mut self) -> Vec<(String, u32)> {
        Vec::new()
    }
    /// `Puppet.deprecation_warning(message, key)`: Puppet's own log, once
    /// per key (the message ends in the `(location: ...)` of the Ruby
    /// caller when there is one). Whether it logged now (false: the key
    /// warned before).
    fn deprecation_warning(&mut self, key: &str, message: &str) -> bool {
        let _ = (key, message);
        false
    }
    /// `Puppet.notice(...)`/`Puppet.warning(...)` from a Ruby function:
    /// Puppet's own log (not a `Scope(...)` message), every time.
    fn puppet_log(&mut self, level: LogLevel, message: &str) {
        let _ = (level, message);
    }
    /// A Puppet setting by name (`strict`: `off`/`warning`/`error`,
    /// `environment`), None if the host does not know it.
    fn setting(&mut self, name: &str) -> Option<Value> {
        let _ = name;
        None
    }
    /// Whether the configuration lets functions run commands on the
    /// compiling machine (`generate`, stdlib's `validate_cmd`:
    /// `--allow-generate`). The default does not.
    fn commands_allowed(&mut self) -> bool {
        false
    }
    /// The resources of the catalog under construction of the type
    /// `type_name` (`Package`, `Apache::Vhost`, `Class`, capitalized as in a
    /// reference), only the one titled `title` when given (a title or a
    /// name alias). Each as its reference text (`Package[vim]`) and its
    /// parameters (a Hash, parameter name => value, unset ones absent).
    fn find_resources(&mut self, type_name: &str, title: Option<&str>) -> Result<Vec<(String, Value)>, Error> {
        let _ = (type_name, title);
        Err(Error::argument("finding catalog resources is not supported by this host"))
    }
    /// `puppetdb_query(query)`: the answer of the configured PuppetDB.
    fn puppetdb_query(&mut self, query: &Value) -> FnResult {
        let _ = query;
        Err(Unwind::Error(Error::argument("PuppetDB queries are not supported by this host")))
    }
    /// The body being evaluated: `Some((kind, name, reference))` with kind
    /// `hostclass`, `definition` or `node`, the lower-case name
    /// (`apt::setting`) and the resource reference (`Class[Apt]`,
    /// `Apt::Setting[x]`); None at top level or if unknown.
    fn scope_source(&mut self) -> Option<(String, String, String)> {
        None
    }
    /// The attributes with a resource default (`Type { attr => ... }`) for
    /// the type `type_name` (capitalized as in a reference) visible in the
    /// calling scope: Puppet's `Scope#lookupdefaults(type).keys`.
    fn resource_default_names(&mut self, type_name: &str) -> Result<Vec<String>, Error> {
        let _ = type_name;
        Err(Error::argument("resource defaults are not supported by this host"))
    }
    /// Whether a function of that name exists for the environment
    /// (`stdlib::has_function`: Puppet's environment loader finds a 4.x or
    /// Puppet-language function, or the 3.x API knows one). The default
    /// knows the core library only.
    fn has_function(&mut self, name: &str) -> bool {
        lookup(name).is_some()
    }
    /// Whether the 3.x function API knows a function of that name
    /// (`Puppet::Parser::Functions.function(name)`, stdlib 8's
    /// `is_function_available`): Puppet's own 3.x functions and the
    /// `lib/puppet/parser/functions/<name>.rb` files of the environment's
    /// modules. The default knows Puppet's own.
    fn has_legacy_function(&mut self, name: &str) -> bool {
        legacy_core_3x(name)
    }
    /// The directory of a module on the modulepath (`get_module_path`).
    fn module_directory(&mut self, module: &str) -> Result<Option<String>, Error> {
        let _ = module;
        Err(Error::argument("module directories are not supported by this host"))
    }
    /// How Puppet names the current scope in messages (`Scope#to_s`):
    /// `Scope(Class[main])`, `Scope(Apache::Vhost[default])`. ERB error
    /// messages that show the scope or the template object use it.
    fn scope_label(&mut self) -> String {
        "Scope()".to_string()
    }
    /// ERB's `scope.to_hash`: the variables visible in the current scope
    /// (local, then enclosing and inherited scopes, then top scope), by
    /// unqualified name, as Puppet's `Scope#to_hash` lists them. The
    /// default knows none.
    fn visible_variables(&mut self) -> Vec<(String, Value)> {
        Vec::new()
    }
    /// ERB's `scope.setvar(name, value)`: assigns a variable in the current
    /// scope, failing as Puppet does when it is already assigned
    /// (`Cannot reassign variable '$name'`). The default refuses.
    fn set_variable(&mut self, name: &str, value: Value) -> Result<(), Error> {
        let _ = value;
        Err(Error::argument(format!("Cannot assign variable '${name}' here")))
    }
    /// An ERB template changed the Ruby object of the visible variable
    /// `name` (`x` or `cls::x`) in place: it was `old` and is now `new`.
    /// In Puppet the variable and the resource parameter it was set from
    /// are that same object, so both change. The default ignores it.
    fn update_variable(&mut self, name: &str, old: &Value, new: Value) {
        let _ = (name, old, new);
    }
}

/// The body of a dispatch.
pub(crate) type Imp = fn(&mut dyn Host, &[Value], Option<&Value>) -> FnResult;
/// An `argument_mismatch` handler: the message that follows `'name' `.
pub(crate) type MismatchImp = fn(&[Value]) -> Result<String, Error>;
/// The body of a 3.x-API function (arguments already converted).
pub(crate) type LegacyImp = fn(&mut dyn Host, &[Value]) -> FnResult;

/// One parameter of a dispatch.
#[derive(Debug, Clone)]
pub struct Param {
    pub name: String,
    pub ty: Type,
}

/// One signature of a function (Puppet's `dispatch` block).
#[derive(Debug)]
pub struct Dispatch {
    /// The parameters; the last one repeats when `max` is `None` or larger
    /// than the number of parameters.
    pub params: Vec<Param>,
    pub min: usize,
    /// `None`: unbounded (a repeated last parameter).
    pub max: Option<usize>,
    /// `None`: takes no block; `Some(Callable[..])`: requires one;
    /// `Some(Optional[Callable[..]])`: accepts one.
    pub block: Option<Type>,
    pub block_name: String,
    pub(crate) imp: DispatchImp,
    /// For the iteration functions whose walk a caller may run itself
    /// (see [`walk_plan`]): which walk this dispatch performs.
    pub(crate) walk: Option<Walk>,
}

#[derive(Clone, Copy)]
pub(crate) enum DispatchImp {
    Run(Imp),
    Mismatch(MismatchImp),
    /// A signature only: its user checks arguments against it and builds
    /// the result itself (the `new` of an Object type, which depends on the
    /// type).
    Signature,
}

impl std::fmt::Debug for DispatchImp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DispatchImp::Run(_) => "Run",
            DispatchImp::Mismatch(_) => "Mismatch",
            DispatchImp::Signature => "Signature",
        })
    }
}

impl Dispatch {
    /// Is this an `argument_mismatch` handler (not listed as a signature)?
    pub fn is_mismatch_handler(&self) -> bool {
        matches!(self.imp, DispatchImp::Mismatch(_))
    }

    /// The type of the parameter at argument index `i`.
    pub fn param_type(&self, i: usize) -> &Type {
        let idx = i.min(self.params.len().saturating_sub(1));
        &self.params[idx].ty
    }

    /// Puppet's `callable_with?(args, block)`.
    pub fn accepts(&self, args: &[Value], block: Option<&Value>) -> bool {
        let n = args.len();
        if n < self.min || self.max.is_some_and(|m| n > m) {
            return false;
        }
        if n > 0 && self.params.is_empty() {
            return false;
        }
        if !args.iter().enumerate().all(|(i, a)| calc::instance_of(self.param_type(i), a)) {
            return false;
        }
        match (&self.block, block) {
            (None, None) => true,
            (None, Some(_)) => false,
            (Some(t), None) => calc::instance_of(t, &Value::Undef),
            (Some(t), Some(b)) => calc::instance_of(t, b),
        }
    }
}

pub(crate) enum Kind {
    /// A 4.x-API function with its dispatches in order.
    Modern(Dispatches),
    /// A 3.x-API function: `arity` as in `newfunction` (`-2` = at least 1).
    Legacy { arity: i32, imp: LegacyImp },
    /// Implemented by the evaluator (catalog, data binding, templates, files).
    Host,
}

/// A core function.
pub struct Function {
    pub name: &'static str,
    pub(crate) kind: Kind,
}

impl std::fmt::Debug for Function {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Function({})", self.name)
    }
}

impl Function {
    /// True for the functions the evaluator implements (see the module doc):
    /// the registry knows their names, [`call`] refuses them.
    pub fn is_host_implemented(&self) -> bool {
        matches!(self.kind, Kind::Host)
    }

    /// True for 3.x-API functions: Puppet converts their arguments
    /// (top-level `undef` becomes `''`, regexps their `inspect` string, ...)
    /// and they take no lambda.
    pub fn is_legacy(&self) -> bool {
        matches!(self.kind, Kind::Legacy { .. })
    }

    /// The dispatches (signatures and mismatch handlers) of a 4.x function.
    pub fn dispatches(&self) -> &[Dispatch] {
        match &self.kind {
            Kind::Modern(d) => d.get(),
            _ => &[],
        }
    }

    /// The dispatches made so far (none before the first call builds them).
    pub(crate) fn built_dispatches(&self) -> &[Dispatch] {
        match &self.kind {
            Kind::Modern(d) => d.built.get().map_or(&[], Vec::as_slice),
            _ => &[],
        }
    }
}

/// A 4.x function's dispatches, built from their signature specs when the
/// function is first called. Building parses every parameter type (and
/// compiles the regexps of `Pattern` types): about 2 M instructions for
/// the whole library, which a compile that calls a handful of functions
/// should not pay at start-up.
pub(crate) struct Dispatches {
    name: &'static str,
    steps: Vec<Step>,
    built: OnceLock<Vec<Dispatch>>,
}

/// One call of a [`Builder`] method, replayed in order when the
/// dispatches are built (a local type alias is visible to the specs after
/// it).
enum Step {
    Local(&'static str, &'static str),
    Dispatch(&'static str, DispatchImp, Option<Walk>),
}

impl Dispatches {
    /// Dispatches built already.
    pub(crate) fn ready(name: &'static str, d: Vec<Dispatch>) -> Dispatches {
        Dispatches { name, steps: vec![], built: OnceLock::from(d) }
    }

    fn get(&self) -> &[Dispatch] {
        self.built.get_or_init(|| {
            let mut p = SpecParser { name: self.name, locals: vec![] };
            let mut out = Vec::with_capacity(self.steps.len());
            for s in &self.steps {
                match *s {
                    Step::Local(name, body) => p.local(name, body),
                    Step::Dispatch(spec, imp, walk) => {
                        let mut d = p.build(spec, imp);
                        d.walk = walk;
                        out.push(d);
                    }
                }
            }
            out
        })
    }
}

/// The function of that name, if it is one of the core functions implemented here.
pub fn lookup(name: &str) -> Option<&'static Function> {
    registry().get(name)
}

/// Every registered function (including the host-implemented names), in
/// no particular order.
pub fn all() -> impl Iterator<Item = &'static Function> {
    registry().values()
}

pub use iteration::{Walk, WalkKind, WalkPlan, WalkSource};
pub(crate) use misc::new_signatures;

/// How core function `f` would iterate for these arguments, when the
/// dispatch it would run (the first that accepts them, as [`call`] picks
/// it) is a plain walk of an array or an integer range that calls the
/// block once per element: then a caller may run the walk itself, calling
/// the block its own way, with the same observable behaviour as [`call`]
/// (see `iteration::walk_plan`). `None` for every other call.
pub fn walk_plan<'a>(f: &Function, args: &'a [Value], block: Option<&Value>) -> Option<WalkPlan<'a>> {
    let Kind::Modern(dispatches) = &f.kind else { return None };
    let dispatches = dispatches.get();
    let d = dispatches.iter().find(|d| d.accepts(args, block))?;
    iteration::walk_plan(d.walk?, args)
}

/// Checks the arguments against the function's dispatches exactly as Puppet does (same
/// error messages), then runs it.
pub fn call(f: &Function, host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    match &f.kind {
        Kind::Host => Err(Error::argument(format!(
            "the function '{}' is implemented by the evaluator, not the runtime library",
            f.name
        ))
        .into()),
        Kind::Legacy { arity, imp } => legacy::call_legacy(f.name, *arity, *imp, host, args, block),
        Kind::Modern(dispatches) => {
            let dispatches = dispatches.get();
            for d in dispatches {
                if d.accepts(args, block) {
                    return match &d.imp {
                        DispatchImp::Run(imp) => imp(host, args, block),
                        DispatchImp::Mismatch(m) => Err(match m(args) {
                            Ok(msg) => Error::argument(format!("'{}' {}", f.name, msg)),
                            Err(e) => e,
                        }
                        .into()),
                        DispatchImp::Signature => {
                            Err(Error::argument(format!("'{}' is a signature, not a callable function", f.name)).into())
                        }
                    };
                }
            }
            let sigs: Vec<&Dispatch> = dispatches.iter().filter(|d| !d.is_mismatch_handler()).collect();
            Err(Error::argument(describe::describe_signatures(f.name, &sigs, args, block)).into())
        }
    }
}

// ---------------------------------------------------------------------------
// Building the registry.

/// Builds one function's dispatches from compact signature specs:
/// `"Hash[Any, Any] hash, &Callable[2,2] block"`: comma-separated
/// `TYPE NAME` parameters where the name may end in `?` (optional), `*`
/// (optional repeated) or `+` (required repeated); a last `&TYPE NAME` is the
/// block (`&TYPE NAME?` optional; `&NAME` / `&NAME?` an untyped block).
/// The specs are parsed when the function is first called (see
/// [`Dispatches`]).
pub(crate) struct Builder {
    name: &'static str,
    steps: Vec<Step>,
}

impl Builder {
    pub(crate) fn new(name: &'static str) -> Builder {
        Builder { name, steps: Vec::new() }
    }

    /// A function-local type alias (`local_types do type 'X = ...' end`).
    pub(crate) fn local(mut self, name: &'static str, body: &'static str) -> Builder {
        self.steps.push(Step::Local(name, body));
        self
    }

    /// A dispatch.
    pub(crate) fn d(mut self, spec: &'static str, imp: Imp) -> Builder {
        self.steps.push(Step::Dispatch(spec, DispatchImp::Run(imp), None));
        self
    }

    /// A dispatch whose implementation is the iteration `walk` (see
    /// [`walk_plan`]).
    pub(crate) fn w(mut self, spec: &'static str, imp: Imp, walk: Walk) -> Builder {
        self.steps.push(Step::Dispatch(spec, DispatchImp::Run(imp), Some(walk)));
        self
    }

    /// An `argument_mismatch` handler.
    pub(crate) fn mismatch(mut self, spec: &'static str, imp: MismatchImp) -> Builder {
        self.steps.push(Step::Dispatch(spec, DispatchImp::Mismatch(imp), None));
        self
    }

    pub(crate) fn done(self) -> Function {
        Function { name: self.name, kind: Kind::Modern(Dispatches { name: self.name, steps: self.steps, built: OnceLock::new() }) }
    }
}

/// Parses a function's signature specs (see [`Builder`]).
struct SpecParser {
    name: &'static str,
    locals: Vec<Arc<TypeAlias>>,
}

impl SpecParser {
    fn local(&mut self, name: &str, body: &str) {
        let alias = TypeAlias::new(name);
        self.locals.push(alias.clone());
        let t = self.parse(body);
        alias.resolve(t);
    }

    fn parse(&self, text: &str) -> Type {
        let locals = self.locals.clone();
        let resolve = move |n: &str| {
            locals.iter().find(|a| a.name == n).map(|a| Type::Alias(a.clone())).or_else(|| util::placeholder_type(n))
        };
        match crate::types::parser::parse_type_with(text, &resolve) {
            Ok(t) => t,
            Err(e) => panic!("bad signature type {text:?} in function {}: {e:?}", self.name),
        }
    }

    fn build(&self, spec: &str, imp: DispatchImp) -> Dispatch {
        let mut params = Vec::new();
        let (mut min, mut max) = (0usize, Some(0usize));
        let mut block = None;
        let mut block_name = "block".to_string();
        for part in util::split_top_level(spec) {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            if let Some(b) = part.strip_prefix('&') {
                let (ty_text, name) = match b.rfind(' ') {
                    Some(i) => (Some(&b[..i]), &b[i + 1..]),
                    None => (None, b),
                };
                let (name, optional) = match name.strip_suffix('?') {
                    Some(n) => (n, true),
                    None => (name, false),
                };
                let t = ty_text.map_or_else(Type::callable_any, |t| self.parse(t));
                block = Some(if optional { Type::optional(t) } else { t });
                block_name = name.to_string();
                continue;
            }
            let i = part.rfind(' ').unwrap_or_else(|| panic!("bad parameter spec {part:?} in {}", self.name));
            let (ty_text, name) = (&part[..i], &part[i + 1..]);
            let ty = self.parse(ty_text);
            let (name, marker) = match name.chars().last() {
                Some(c @ ('?' | '*' | '+')) => (&name[..name.len() - 1], Some(c)),
                _ => (name, None),
            };
            match marker {
                None => {
                    min += 1;
                    max = max.map(|m| m + 1);
                }
                Some('?') => max = max.map(|m| m + 1),
                Some('*') => max = None,
                _ => {
                    min += 1;
                    max = None;
                }
            }
            params.push(Param { name: name.to_string(), ty });
        }
        Dispatch { params, min, max, block, block_name, imp, walk: None }
    }
}

/// Whether Puppet's own library has a 3.x API file for function `name`
/// (see [`Host::has_legacy_function`]).
pub fn legacy_core_3x(name: &str) -> bool {
    legacy::CORE_3X.contains(&name)
}

/// A 3.x-API function.
pub(crate) fn legacy_fn(name: &'static str, arity: i32, imp: LegacyImp) -> Function {
    Function { name, kind: Kind::Legacy { arity, imp } }
}

/// Function names to functions. Looked up on every call: a fixed fast
/// hasher (names come from manifests, and iteration order is unused).
type Registry = HashMap<&'static str, Function, foldhash::fast::FixedState>;

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut fs: Vec<Function> = Vec::new();
        collections::register(&mut fs);
        iteration::register(&mut fs);
        misc::register(&mut fs);
        numeric::register(&mut fs);
        strings::register(&mut fs);
        legacy::register(&mut fs);
        for name in HOST_FUNCTIONS {
            fs.push(Function { name, kind: Kind::Host });
        }
        fs.into_iter().map(|f| (f.name, f)).collect()
    })
}

/// The functions the evaluator implements (see the module doc).
pub const HOST_FUNCTIONS: &[&str] = &[
    "include",
    "require",
    "contain",
    "realize",
    "tag",
    "tagged",
    "epp",
    "inline_epp",
    "template",
    "inline_template",
    "lookup",
    "hiera",
    "hiera_array",
    "hiera_hash",
    "hiera_include",
    "find_file",
    "find_template",
    "binary_file",
    "module_directory",
    "import",
    "create_resources",
    "generate",
    "file",
    "json_data",
    "yaml_data",
    "hocon_data",
    "eyaml_lookup_key",
];

#[cfg(test)]
mod tests {
    /// Signatures are parsed on a function's first call; this builds every
    /// one, so a spec that does not parse fails here rather than in the
    /// middle of some compile.
    #[test]
    fn every_signature_parses() {
        let mut n = 0;
        for f in super::all() {
            let d = f.dispatches();
            if f.is_legacy() || matches!(f.kind, super::Kind::Host) {
                assert!(d.is_empty(), "{}", f.name);
            } else {
                assert!(!d.is_empty(), "{} has no dispatch", f.name);
                n += d.len();
            }
        }
        assert!(n > 150, "only {n} dispatches");
    }
}
