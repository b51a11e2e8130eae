//! `template()` and `inline_template()`: ERB templates rendered by the
//! runtime's native ERB engine (`pjit_runtime::erb`) in the calling scope,
//! with the interpreter as its [`Host`] (variables, functions, logging).
//!
//! Templates are found as Puppet finds them: `module/path` is
//! `<modulepath dir>/<module>/templates/<path>`, an absolute path is used
//! as it is. Parsed templates are cached by source text, so a template
//! rendered for every instance of a defined type is parsed once. Errors
//! are Puppet's: `Failed to parse template NAME:\n  Filepath: ...\n  Line:
//! ...\n  Detail: ...` (`Failed to parse inline template: ...`), prefixed as
//! a failing function call; Ruby syntax errors are reported as Ruby writes
//! them, as Puppet does not rescue them.
//!
//! A template using Ruby the native engine lacks (`ErbErrorKind::Unsupported`,
//! or Ruby syntax its parser does not know) is rendered by Ruby's ERB
//! through the Ruby bridge when one is configured (`foreign.rs`), with the
//! same scope and write-back; without one, it is an error naming the
//! construct (a syntax error, when Ruby finds the text invalid too).

use std::cell::RefCell;

use pjit_runtime::erb::{ErbErrorKind, Template};

use super::*;

/// The ERB renders of one compile: how many the native engine did, and
/// those it handed to Ruby (template name, and why: the construct the
/// native engine lacks, with its line).
#[derive(Debug, Default, Clone)]
pub struct ErbStats {
    pub native: usize,
    pub foreign: Vec<(String, String)>,
}

thread_local! {
    /// Parsed templates by source text (and file, which `file` returns);
    /// a fixed-seed fast hasher (never iterated).
    static CACHE: RefCell<std::collections::HashMap<(Option<String>, String), Rc<Template>, foldhash::fast::FixedState>> =
        RefCell::new(Default::default());
}

impl Interp {
    pub(super) fn call_erb(&mut self, inline: bool, args: &[Value], scope: &Rc<Scope>, loc: Loc) -> R<Value> {
        let fname = if inline { "inline_template" } else { "template" };
        let wrap = |msg: String| error("RUNTIME_ERROR", format!("Error while evaluating a Function Call, {msg}"), loc);
        if args.is_empty() {
            return Err(wrap(format!("{fname}(): Wrong number of arguments given (0 for minimum 1)")));
        }
        let mut outs: Vec<std::sync::Arc<String>> = Vec::with_capacity(args.len());
        for a in args {
            let arg = display::to_interpolated_string(a);
            let (parsed, file) = if inline {
                let key = (None, arg.clone());
                let parsed = match CACHE.with(|c| c.borrow().get(&key).cloned()) {
                    Some(t) => Ok(t),
                    None => Template::parse(&key.1, None).map(|t| {
                        let t = Rc::new(t);
                        CACHE.with(|c| c.borrow_mut().insert(key.clone(), t.clone()));
                        t
                    }),
                };
                (parsed, None)
            } else {
                let (parsed, path) = self.erb_file(&arg).map_err(wrap)?;
                (parsed, Some(path))
            };
            let logs = self.logs.len();
            let mut host = CallHost { it: self, scope: scope.clone(), loc, pending: None };
            match parsed.and_then(|t| t.render_remembered(&mut host)) {
                Ok(s) => {
                    self.erb_stats.native += 1;
                    outs.push(s)
                }
                // A construct the native engine lacks: Ruby renders the
                // template instead (what the native attempt logged is
                // dropped; Ruby logs it again).
                // A syntax error may be Ruby syntax the native parser
                // lacks: Ruby decides, and when it fails too, the native
                // error stands.
                Err(e) if e.kind != ErbErrorKind::Runtime && self.opts.foreign.is_some() => {
                    self.logs.truncate(logs);
                    let msg = match &file {
                        Some(path) => e.template_message(&arg, path),
                        None => e.inline_message(),
                    };
                    // The source again (the fast path keeps only the
                    // parsed template): inline text, or the file's.
                    let source = match &file {
                        None => arg.clone(),
                        Some(path) => std::fs::read_to_string(path).map_err(|err| wrap(format!("Could not read {path}: {err}")))?,
                    };
                    let shown = if inline { "inline template".to_string() } else { arg.clone() };
                    self.erb_stats.foreign.push((shown, format!("line {}: {}", e.line, e.message)));
                    match self.render_foreign(&arg, file.as_deref(), &source, scope, loc) {
                        Some(Ok(text)) => outs.push(std::sync::Arc::new(text)),
                        Some(Err(err)) if e.kind == ErbErrorKind::Unsupported => return Err(err),
                        _ if e.kind == ErbErrorKind::Syntax => return Err(error("RUNTIME_ERROR", msg, loc)),
                        _ => return Err(wrap(msg)),
                    }
                }
                Err(e) => {
                    let msg = match &file {
                        Some(path) => e.template_message(&arg, path),
                        None => e.inline_message(),
                    };
                    return Err(if e.kind == ErbErrorKind::Syntax { error("RUNTIME_ERROR", msg, loc) } else { wrap(msg) });
                }
            }
        }
        // One template (the usual call) gives its output as it is, shared
        // with the template's remembered renders.
        if outs.len() == 1 {
            return Ok(Value::String(outs.pop().expect("one output")));
        }
        Ok(Value::string(outs.iter().map(|s| s.as_str()).collect::<String>()))
    }

    /// The template file `name` (`module/path`, or an absolute path) as
    /// Puppet finds it, parsed, and its path; found, read and parsed once
    /// per environment (the entry is kept with the program, see
    /// [`Warm`]). Errors: not found or not readable (not remembered);
    /// a syntax error of the template (remembered).
    fn erb_file(&mut self, name: &str) -> Result<(Result<Rc<Template>, pjit_runtime::erb::ErbError>, String), String> {
        if let Some((t, path)) = self.erb_files.get(name) {
            return Ok((t.clone(), path.clone()));
        }
        let path = if name.starts_with('/') {
            Some(std::path::PathBuf::from(name)).filter(|p| p.is_file())
        } else {
            let (module, rest) = name.split_once('/').unwrap_or((name, ""));
            self.opts
                .modulepath
                .iter()
                .map(|d| d.join(module).join("templates").join(rest))
                .find(|p| !rest.is_empty() && p.is_file())
        };
        let Some(path) = path else {
            return Err(format!("Could not find template '{name}'"));
        };
        let text = std::fs::read_to_string(&path).map_err(|e| format!("Could not read {}: {e}", path.display()))?;
        let shown = path.display().to_string();
        let key = (Some(shown.clone()), text);
        let parsed = match CACHE.with(|c| c.borrow().get(&key).cloned()) {
            Some(t) => Ok(t),
            None => Template::parse(&key.1, Some(&shown)).map(|t| {
                let t = Rc::new(t);
                CACHE.with(|c| c.borrow_mut().insert(key.clone(), t.clone()));
                t
            }),
        };
        self.erb_files.insert(name.to_string(), (parsed.clone(), shown.clone()));
        Ok((parsed, shown))
    }
}
