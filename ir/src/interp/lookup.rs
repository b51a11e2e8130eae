//! Data binding in the interpreter: the `lookup()` function, the 3.x-style
//! `hiera()`, `hiera_array()`, `hiera_hash()` and `hiera_include()`, and
//! automatic class parameter lookup, on the runtime's Hiera engine
//! (`pjit_runtime::hiera`), which sees the compiler through
//! [`HieraScope`].
//!
//! One engine serves a compilation (its caches are Puppet's per-compile
//! caches); it is created on first use from [`super::Options`]'s
//! `hiera_config` (the global layer) and `environment_dir` (the
//! environment layer); modules come from the modulepath.
//!
//! Errors: Puppet reports a `LookupError` (a key not found, a data file
//! that does not parse, a recursive lookup, ...) as it is, without
//! location (issue `LOOKUP_ERROR`, a compiler error for the CLI); other
//! errors are errors of the function call (or, for a class parameter, of
//! the call that declared the class), at its location.

use std::rc::Rc;

use indexmap::IndexMap;
use pjit_runtime::functions::{FnResult, Host, Unwind};
use pjit_runtime::hiera::{self, Hiera, Strict as HStrict, Variable, function};
use pjit_runtime::{Error, Value};

use super::scope::Scope;
use super::{CallHost, EvalError, Flow, Interp, Log, R, Strict, error};
use crate::ir::{Function, Loc};
use pjit_runtime::functions::LogLevel;

/// The engine of a compilation; `None` before first use.
#[derive(Default)]
pub(super) struct LookupState {
    engine: Option<Box<Hiera>>,
    /// The engine is lent out to a running lookup.
    busy: bool,
}

/// The compiler as Hiera sees it: variables of one scope, logs, modules.
struct HieraScope<'a> {
    it: &'a mut Interp,
    scope: Rc<Scope>,
    loc: Loc,
}

impl hiera::Scope for HieraScope<'_> {
    fn variable(&mut self, name: &str) -> Variable {
        let unknown = |name: String, reason: String| Variable::Unknown { name, reason };
        // Most names are plain (`facts`, in every hierarchy's paths): no
        // substring searchers for them.
        if !super::catalog::is_qualified(name) {
            return match self.it.prog.sym(name).and_then(|s| self.scope.lookup(s)) {
                Some(v) => Variable::Set(v),
                None => unknown(name.to_string(), String::new()),
            };
        }
        if let Some(rest) = name.strip_prefix("::").filter(|r| !super::catalog::is_qualified(r)) {
            return match self.it.prog.sym(rest).and_then(|s| self.it.top.lookup(s)) {
                Some(v) => Variable::Set(v),
                None => unknown(name.to_string(), String::new()),
            };
        }
        if let Some((class, var)) = name.trim_start_matches("::").rsplit_once("::") {
            let class = class.to_lowercase();
            let Some(cs) = self.it.class_scopes.get(&class).cloned() else {
                let reason = if self.it.prog.classes.contains_key(&class) {
                    format!("class {class} has not been evaluated")
                } else {
                    format!("class {class} could not be found")
                };
                return unknown(name.trim_start_matches("::").to_string(), reason);
            };
            let found = match class.as_str() {
                "settings" => self.it.setting(var),
                _ => self.it.prog.sym(var).and_then(|s| cs.get_here(s)),
            };
            return match found {
                Some(v) => Variable::Set(v),
                None => unknown(format!("::{}", name.trim_start_matches("::")), String::new()),
            };
        }
        match self.it.prog.sym(name).and_then(|s| self.scope.lookup(s)) {
            Some(v) => Variable::Set(v),
            None => unknown(name.to_string(), String::new()),
        }
    }

    fn strict(&self) -> HStrict {
        match self.it.opts.strict {
            Strict::Off => HStrict::Off,
            Strict::Warning => HStrict::Warning,
            Strict::Error => HStrict::Error,
        }
    }

    fn warning(&mut self, message: &str) {
        self.it.logs.push(Log { level: LogLevel::Warning, scope: None, message: message.to_string() });
    }

    fn warn_once(&mut self, key: &str, message: &str) {
        if self.it.warned.insert(format!("warn_once:{key}")) {
            self.warning(message);
        }
    }

    fn module_directory(&mut self, module: &str) -> Option<std::path::PathBuf> {
        self.it.opts.modulepath.iter().map(|d| d.join(module)).find(|p| p.is_dir())
    }

    fn call_function(&mut self, name: &str, args: &[Value]) -> Result<Value, Error> {
        let scope = self.scope.clone();
        match self.it.call_named(name, args.to_vec(), None, &scope, self.loc, false) {
            Ok(v) | Err(Flow::Return(v, _)) | Err(Flow::Next(v, _)) => Ok(v),
            Err(Flow::Error(e)) => Err(Error::new(e.issue, e.message)),
            Err(Flow::Break(_)) => Err(Error::new("ILLEGAL_BREAK", "break() from context where this is illegal")),
        }
    }

    fn calling_class(&mut self) -> Option<String> {
        let mut cat = Some(self.scope.cat.clone());
        while let Some(c) = cat {
            if !c.source.is_empty() && !c.source.starts_with("define:") {
                return Some(c.source.to_string());
            }
            cat = c.parent.clone();
        }
        None
    }
}

impl Interp {
    /// Runs `f` with the compilation's Hiera engine and the scope.
    fn with_hiera<T>(
        &mut self,
        scope: &Rc<Scope>,
        loc: Loc,
        f: impl FnOnce(&mut Hiera, &mut HieraScope) -> Result<T, Error>,
    ) -> Result<T, Error> {
        if self.lookup.busy {
            return Err(Error::new(
                hiera::PUPPET_ERROR,
                "a lookup was started while another one is running (pjit does not support lookups from data functions)",
            ));
        }
        let mut engine = self.lookup.engine.take().unwrap_or_else(|| {
            Box::new(Hiera::new(hiera::Settings {
                global_config: self.opts.hiera_config.clone(),
                environment_dir: self.opts.environment_dir.clone(),
                codedir: "/etc/puppetlabs/code".into(),
                files: self.env_cache.hiera_files.clone(),
            }))
        });
        self.lookup.busy = true;
        let r = {
            let mut hs = HieraScope { it: self, scope: scope.clone(), loc };
            f(&mut engine, &mut hs)
        };
        self.lookup.busy = false;
        self.lookup.engine = Some(engine);
        r
    }

    /// A lookup error as Puppet shows it: a `LookupError` as is (no
    /// location), anything else as an error of `what` at `loc`.
    fn lookup_failure(e: Error, what: &str, loc: Loc) -> Flow {
        if hiera::is_lookup_error(&e) {
            Flow::Error(EvalError { issue: "LOOKUP_ERROR", message: e.message().to_string(), loc: None })
        } else {
            error(e.issue(), format!("Error while evaluating a {what}, {}", e.message()), loc)
        }
    }

    /// `lookup(...)`, `hiera(...)`, `hiera_array(...)`, `hiera_hash(...)`,
    /// `hiera_include(...)`.
    pub(super) fn call_lookup(&mut self, name: &str, args: &[Value], block: Option<Value>, scope: &Rc<Scope>, loc: Loc) -> R<Value> {
        self.define_taint("a lookup");
        let fail = |e: Error| Interp::lookup_failure(e, "Function Call", loc);
        let call = match name {
            "lookup" => function::lookup_call(args, block.as_ref()),
            "hiera" => function::hiera_call("hiera", args, block.as_ref()),
            "hiera_array" => function::hiera_call("hiera_array", args, block.as_ref()),
            "hiera_hash" => function::hiera_call("hiera_hash", args, block.as_ref()),
            _ => function::hiera_call("hiera_include", args, block.as_ref()),
        }
        .map_err(fail)?;
        let found = self.with_hiera(scope, loc, |h, s| h.lookup(s, &call.request)).map_err(fail)?;
        let value_type = call.request.value_type.as_ref();
        let value = match (found, &call.block, call.default) {
            (Some(v), _, _) => v,
            (None, Some(b), _) => {
                let v = self.call_default_block(b, &call.block_arg, scope, loc)?;
                hiera::assert_value_type("Value returned from default block", value_type, v).map_err(fail)?
            }
            (None, None, Some(d)) => hiera::assert_value_type("Default value", value_type, d).map_err(fail)?,
            (None, None, None) => return Err(fail(hiera::not_found_error(&call.request.names))),
        };
        if name == "hiera_include" {
            let key = call.request.names.first().cloned().unwrap_or_default();
            if value.is_undef() {
                return Err(error(
                    "LOOKUP_ERROR",
                    format!("Error while evaluating a Function Call, Could not find data item {key}"),
                    loc,
                ));
            }
            let empty = match &value {
                Value::String(s) => s.is_empty(),
                Value::Array(a) => a.is_empty(),
                Value::Hash(h) => h.is_empty(),
                _ => false,
            };
            if !empty {
                self.call_named("include", vec![value.clone()], None, scope, loc, false)?;
            }
        }
        Ok(value)
    }

    /// Calls `lookup`'s default block with the name(s).
    fn call_default_block(&mut self, block: &Value, arg: &Value, scope: &Rc<Scope>, loc: Loc) -> R<Value> {
        let mut host = CallHost { it: self, scope: scope.clone(), loc, pending: None };
        let r: FnResult = host.call_callable(block, std::slice::from_ref(arg));
        if let (Err(Unwind::Error(_)), Some(p)) = (&r, host.pending.take()) {
            return Err(p);
        }
        match r {
            Ok(v) => Ok(v),
            Err(Unwind::Error(e)) => {
                Err(error(e.issue(), format!("Error while evaluating a Function Call, {}", e.message()), loc))
            }
            Err(Unwind::Break) => Err(Flow::Break(loc)),
            Err(Unwind::Next(v)) => Ok(v),
            Err(Unwind::Return(v)) => Err(Flow::Return(v, loc)),
        }
    }

    /// Automatic parameter lookup for class `class` (resource `i`, body
    /// `f`, evaluated in `scope`): each parameter not given (or given
    /// `undef`) takes `<class>::<param>` from Hiera, unless Hiera has
    /// `undef` for a parameter with a default. The values found become
    /// the resource's parameters, after the given ones and before the
    /// defaults, as in Puppet's `inject_external_parameters`.
    pub(super) fn bind_class_data(&mut self, i: usize, class: &str, f: &Function, scope: &Rc<Scope>, loc: Loc, context: &str) -> R<()> {
        // Each parameter's lookup would find nothing and do nothing.
        if self.lookup.engine.as_ref().is_some_and(|h| !self.lookup.busy && h.nothing_configured_for_class(class)) {
            return Ok(());
        }
        let mut found: IndexMap<super::catalog::ParamName, Value> = IndexMap::new();
        let mut again = false;
        for p in &f.params {
            let pname = self.prog.name(p.name);
            if self.catalog.resources[i].params.get(pname).is_some_and(|v| !v.is_undef()) {
                continue;
            }
            let key = format!("{class}::{pname}");
            // Nothing runs between the lookups of one class's parameters.
            let v = self
                .with_hiera(scope, loc, |h, s| if again { h.lookup_parameter_again(s, &key) } else { h.lookup_parameter(s, &key) })
                .map_err(|e| Interp::lookup_failure(e, context, loc))?;
            again = true;
            match v {
                Some(v) if v.is_undef() && p.default.is_some() => {}
                Some(v) => {
                    found.insert(self.param_name(p.name), v);
                }
                None => {}
            }
        }
        for (k, v) in found {
            self.catalog.resources[i].params.insert(k, v);
        }
        Ok(())
    }
}
