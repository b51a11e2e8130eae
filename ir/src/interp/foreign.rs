//! The modules' Ruby code that pjit does not run natively, handed to the
//! [`Foreign`] runner of the options (`pjit compile --ruby`: Puppet's own
//! Ruby library in a helper process, see the `pjit-bridge` crate): a
//! module Ruby function without a native implementation, an ERB template
//! the native engine cannot render (a construct it lacks), a module
//! resource type whose metadata its Ruby file does not show plainly.
//!
//! The runner calls back into the compile through [`CallHost`], the host
//! native functions get, so a Ruby function sees the calling scope's
//! variables, calls other functions (native, Puppet-language or Ruby) and
//! the lambda it was given, and reads the catalog. Its errors are the
//! calling expression's errors with Puppet's wording: a Ruby exception is
//! `Error while evaluating a Function Call, <message>`; an error of a
//! callback that the Ruby code let pass travels on unchanged, with its own
//! location.

use pjit_runtime::foreign::{Foreign, ForeignContext, ForeignEnv, ForeignError, ForeignTemplate};

use super::*;

impl Interp {
    /// The environment a foreign request belongs to.
    fn foreign_env(&self) -> ForeignEnv {
        ForeignEnv { name: self.opts.environment.clone(), modulepath: self.opts.modulepath.clone() }
    }

    fn strict_name(&self) -> &'static str {
        match self.opts.strict {
            Strict::Off => "off",
            Strict::Warning => "warning",
            Strict::Error => "error",
        }
    }

    /// Calls module `module`'s Ruby function `name` through the runner.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn call_foreign(
        &mut self,
        runner: Arc<dyn Foreign>,
        name: &str,
        module: &str,
        args: &[Value],
        block: Option<&Value>,
        scope: &Rc<Scope>,
        loc: Loc,
        method: bool,
    ) -> R<Value> {
        self.define_taint("a Ruby function");
        // Ruby code may read anything (see `pjit_runtime::impure`).
        pjit_runtime::impure::mark();
        let env = self.foreign_env();
        let file = self.prog.files.get(loc.file as usize).cloned().unwrap_or_default();
        let (node, strict, strict_variables) = (self.opts.node.clone(), self.strict_name(), self.opts.strict_variables);
        let cx = ForeignContext { env: &env, node: &node, file: &file, line: loc.line, strict, strict_variables };
        let mut host = CallHost { it: self, scope: scope.clone(), loc, pending: None };
        let r = runner.call_function(&cx, name, args, block, &mut host);
        let pending = host.pending.take();
        match r {
            Ok(v) => Ok(v),
            Err(ForeignError::Raised(msg)) => Err(unwind_to_flow(Unwind::Error(Error::argument(msg)), None, method, loc)),
            Err(ForeignError::Callback(u)) | Err(ForeignError::Jump(u)) => Err(unwind_to_flow(u, pending, method, loc)),
            Err(ForeignError::Unavailable(why)) => Err(error(
                "UNKNOWN_FUNCTION",
                format!("Unknown function: '{name}'. The module '{module}' implements it in Ruby, and pjit cannot run Ruby: {why}."),
                loc,
            )),
            Err(ForeignError::Failed(msg)) => Err(unwind_to_flow(Unwind::Error(Error::argument(msg)), None, method, loc)),
        }
    }

    /// Renders a template the native engine cannot (see `erb.rs`) through
    /// the runner, writing back the variables it changed in place. None:
    /// no runner, the native error stands.
    pub(super) fn render_foreign(
        &mut self,
        name: &str,
        file: Option<&str>,
        source: &str,
        scope: &Rc<Scope>,
        loc: Loc,
    ) -> Option<R<String>> {
        self.define_taint("a template in Ruby");
        let runner = self.opts.foreign.clone()?;
        pjit_runtime::impure::mark();
        let env = self.foreign_env();
        let at = self.prog.files.get(loc.file as usize).cloned().unwrap_or_default();
        let (node, strict, strict_variables) = (self.opts.node.clone(), self.strict_name(), self.opts.strict_variables);
        let cx = ForeignContext { env: &env, node: &node, file: &at, line: loc.line, strict, strict_variables };
        let mut host = CallHost { it: self, scope: scope.clone(), loc, pending: None };
        let variables = host.visible_variables();
        let t = ForeignTemplate { name, file, source, variables: &variables };
        let r = runner.render_template(&cx, &t, &mut host);
        let pending = host.pending.take();
        let wrap = |msg: String| error("RUNTIME_ERROR", format!("Error while evaluating a Function Call, {msg}"), loc);
        Some(match r {
            Ok(rendered) => {
                for (k, new) in rendered.changed {
                    if let Some((_, old)) = variables.iter().find(|(n, _)| *n == k) {
                        host.update_variable(&k, old, new);
                    }
                }
                Ok(rendered.text)
            }
            // Without a runner, the native engine's error stands.
            Err(ForeignError::Unavailable(_)) => return None,
            Err(ForeignError::Raised(msg)) | Err(ForeignError::Failed(msg)) => Err(wrap(msg)),
            Err(ForeignError::Callback(u)) | Err(ForeignError::Jump(u)) => Err(unwind_to_flow(u, pending, false, loc)),
        })
    }

    /// What `puppet generate types` would write for module type `name`,
    /// read as a generated type; None without a runner or when the runner
    /// fails (then a warning says so and the static reading stands).
    pub(super) fn foreign_resource_type(&mut self, name: &str) -> Option<resource_types::TypeInfo> {
        let runner = self.opts.foreign.clone()?;
        pjit_runtime::impure::mark();
        let env = self.foreign_env();
        let text = match runner.resource_type(&env, name) {
            Ok(Some(t)) => t,
            Ok(None) | Err(ForeignError::Unavailable(_)) => return None,
            Err(ForeignError::Raised(m)) | Err(ForeignError::Failed(m)) => {
                let message = format!("pjit could not read the resource type '{name}' with Ruby ({m}); it uses what its Ruby file shows");
                self.logs.push(Log { level: LogLevel::Warning, scope: None, message });
                return None;
            }
            Err(_) => return None,
        };
        let source_ref = format!("<generated by Ruby: {name}>");
        match self.read_generated_type_text(&source_ref, text.as_bytes(), name) {
            Ok(t) => Some(t),
            Err(m) => {
                let message = format!("pjit could not read the resource type '{name}' Ruby generated ({m}); it uses what its Ruby file shows");
                self.logs.push(Log { level: LogLevel::Warning, scope: None, message });
                None
            }
        }
    }
}
