//! Code pjit does not run itself: a module's Ruby function without a
//! native implementation, an ERB template the native engine cannot render,
//! a module resource type whose Ruby the static reader cannot see through.
//! The evaluator hands these to a [`Foreign`] runner when one is configured
//! (`pjit compile --ruby`, the `pjit-bridge` crate: Puppet's own Ruby
//! library in a helper process), with a [`Host`] for the runner's
//! callbacks into the compile (variables, other functions, lambdas,
//! catalog lookups, logging), the same interface native functions get.
//!
//! The trait lives here, next to [`Host`], so that a runner depends on the
//! runtime alone and the evaluator on no runner: the CLI wires them.

use std::path::PathBuf;

use crate::functions::{Host, Unwind};
use crate::value::Value;

/// The environment a request belongs to: a runner keeps what it loaded
/// (functions, types) per environment.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ForeignEnv {
    pub name: String,
    pub modulepath: Vec<PathBuf>,
}

/// What a foreign request needs to know about the compile that makes it.
#[derive(Debug, Clone)]
pub struct ForeignContext<'a> {
    pub env: &'a ForeignEnv,
    /// The node being compiled.
    pub node: &'a str,
    /// Where the request comes from (the function call, the `template()`
    /// call): Puppet's stack top while the Ruby code runs.
    pub file: &'a str,
    pub line: u32,
    /// Puppet's `strict` (`off`, `warning`, `error`) and `strict_variables`.
    pub strict: &'a str,
    pub strict_variables: bool,
}

/// A template for [`Foreign::render_template`].
#[derive(Debug, Clone)]
pub struct ForeignTemplate<'a> {
    /// How the manifest named it (`apache/vhost.conf.erb`), for messages.
    pub name: &'a str,
    /// The template's file; None for `inline_template`.
    pub file: Option<&'a str>,
    pub source: &'a str,
    /// The variables the template sees (Puppet's `scope.to_hash`).
    pub variables: &'a [(String, Value)],
}

/// A rendered template and the variables whose Array or Hash it changed
/// in place (name, new value).
#[derive(Debug, Clone)]
pub struct Rendered {
    pub text: String,
    pub changed: Vec<(String, Value)>,
}

/// Why a foreign request gave no value.
#[derive(Debug, Clone)]
pub enum ForeignError {
    /// The code raised an error (Puppet's message, which the evaluator
    /// reports as the calling expression's error).
    Raised(String),
    /// A callback into the compile failed and the code let the failure
    /// pass: the callback's own result, to travel on unchanged.
    Callback(Unwind),
    /// `break`, `next` or `return` of a lambda the code called, escaping it.
    Jump(Unwind),
    /// No runner: Ruby or Puppet is missing; the message says how to get
    /// one.
    Unavailable(String),
    /// The runner failed (crashed, timed out, broke the protocol): this
    /// request fails with the message; the next request gets a new runner.
    Failed(String),
}

/// A runner of module Ruby code. Shared by every compile of a process
/// (batch workers call it from their threads).
pub trait Foreign: Send + Sync + std::fmt::Debug {
    /// Calls the module function `name` (a 4.x function, or a 3.x one,
    /// which the runner calls through Puppet's 4.x wrapper with its
    /// argument conversion), with Puppet's dispatch, type checks and
    /// messages.
    fn call_function(
        &self,
        cx: &ForeignContext<'_>,
        name: &str,
        args: &[Value],
        block: Option<&Value>,
        host: &mut dyn Host,
    ) -> Result<Value, ForeignError>;

    /// Renders an ERB template with Puppet's template semantics.
    fn render_template(
        &self,
        cx: &ForeignContext<'_>,
        template: &ForeignTemplate<'_>,
        host: &mut dyn Host,
    ) -> Result<Rendered, ForeignError>;

    /// What `puppet generate types` writes for the module resource type
    /// `name` (`Puppet::Resource::ResourceType3.new(...)`), None when no
    /// module of the environment defines it.
    fn resource_type(&self, env: &ForeignEnv, name: &str) -> Result<Option<String>, ForeignError>;
}
