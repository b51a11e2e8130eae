//! ERB templates, rendered natively: what Puppet's `template()` and
//! `inline_template()` functions do with Ruby's ERB, for the subset of
//! Ruby that real module templates use (docs/erb.md has the survey of the
//! 383 templates of Debian's Puppet modules this subset comes from).
//!
//! Pipeline: [`scanner`] cuts the template into text and tags exactly as
//! Ruby's `ERB.new(src, trim_mode: '-')` does (`<%= %>`, `<% %>`, `<%#
//! %>`, `<%%`, `-%>` and `<%-` trimming); [`lexer`] turns the pieces into
//! one Ruby token stream (text becomes output statements, so a block may
//! span tags as in the program ERB generates); [`parser`] builds a syntax
//! tree, resolving local variables as Ruby does; [`eval`] runs it with
//! Ruby's semantics, the built-in classes living in [`methods`],
//! [`strings`], [`collections`], [`json`] and [`yaml`], on the values of
//! [`value`].
//!
//! Puppet's side goes through [`Host`]: `@x` and `scope['x']` read
//! variables with [`Host::lookup_variable`], `scope.function_x([...])` and
//! `scope.call_function('x', [...])` call [`Host::call_function`],
//! `scope.to_hash` lists [`Host::visible_variables`] and `scope.setvar`
//! is [`Host::set_variable`]; an Array or Hash of a variable that the
//! template changed in place goes back through [`Host::update_variable`]
//! (in Puppet the template holds the variable's very Ruby object).
//!
//! Errors: a Ruby exception that escapes the template becomes an
//! [`ErbError`] with Ruby's message and the line it was raised on; the
//! caller words it as Puppet does with [`ErbError::template_message`] /
//! [`ErbError::inline_message`]. Ruby syntax errors (which Puppet does not
//! catch) and constructs outside the subset are errors too, always naming
//! the template and the line; the subset never silently takes another
//! path than Ruby would.
//!
//! **Invariant:** rendering never panics and never recurses without bound
//! (nesting depth is limited in the parser; evaluation grows its stack on
//! the heap and stops at Ruby's `stack level too deep`).

use std::rc::Rc;

use crate::functions::Host;

mod collections;
mod did_you_mean;
mod eval;
mod json;
mod lexer;
mod memo;
/// Value identity as the template memo compares answers (shared with the
/// whole-compile memo of `pjit_ir::interp::memo`).
pub use memo::identical;
mod methods;
mod parser;
mod scanner;
mod strings;
mod value;
mod yaml;

/// What went wrong while parsing or rendering a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErbError {
    pub kind: ErbErrorKind,
    /// Ruby's message (the `Detail:` Puppet shows), without location.
    pub message: String,
    /// The line of the template (as Ruby numbers the lines of the program
    /// ERB generates: a multi-line `<%# %>` comment counts as one line).
    pub line: u32,
    /// For errors raised by Puppet's own Ruby code (a function the template
    /// called): that file, which Puppet reports instead of the template's
    /// path, `line` being that file's line.
    pub ruby_file: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErbErrorKind {
    /// Invalid Ruby (Ruby raises `SyntaxError`, which Puppet does not
    /// rescue, so the compilation fails with it unchanged).
    Syntax,
    /// A Ruby exception raised while rendering.
    Runtime,
    /// Valid Ruby that pjit does not support (not a Ruby error).
    Unsupported,
}

impl ErbError {
    /// Puppet's wording for a failing `template('name')` whose file is
    /// `path`: `Failed to parse template name:\n  Filepath: path\n  Line:
    /// N\n  Detail: message\n`. Unsupported constructs get the same shape,
    /// so they too name the template and the line; Ruby syntax errors are
    /// `path:N: message`, as Ruby writes them.
    pub fn template_message(&self, name: &str, path: &str) -> String {
        match self.kind {
            ErbErrorKind::Syntax => format!("{path}:{}: {}", self.line, self.message),
            _ => format!(
                "Failed to parse template {name}:\n  Filepath: {}\n  Line: {}\n  Detail: {}\n",
                self.ruby_file.as_deref().unwrap_or(path),
                self.line,
                self.message
            ),
        }
    }

    /// Puppet's wording for a failing `inline_template()`: `Failed to parse
    /// inline template: message` (Ruby syntax errors: `(erb):N: ...`).
    pub fn inline_message(&self) -> String {
        match self.kind {
            ErbErrorKind::Syntax => format!("(erb):{}: {}", self.line, self.message),
            ErbErrorKind::Unsupported => {
                format!("Failed to parse inline template: {} (line {})", self.message, self.line)
            }
            ErbErrorKind::Runtime => format!("Failed to parse inline template: {}", self.message),
        }
    }
}

/// A parsed template, ready to render any number of times.
pub struct Template {
    program: Rc<parser::Program>,
    /// Earlier renders and what they read.
    memo: memo::Memo,
    /// What `file` returns and `to_s` shows: the template's path, or None
    /// for an inline template.
    file: Option<String>,
    /// The length of the last render's output.
    last_len: std::cell::Cell<usize>,
}

impl Template {
    /// Parses `source`. `file` is the template's path (None for
    /// `inline_template`).
    pub fn parse(source: &str, file: Option<&str>) -> Result<Template, ErbError> {
        let segments = scanner::scan(source);
        let tokens = lexer::lex(&segments).map_err(|e| ErbError {
            kind: if e.message.contains("not supported") { ErbErrorKind::Unsupported } else { ErbErrorKind::Syntax },
            message: e.message,
            line: e.line,
            ruby_file: None,
        })?;
        let program = parser::parse(tokens).map_err(|e| ErbError {
            kind: if e.message.contains("not supported") { ErbErrorKind::Unsupported } else { ErbErrorKind::Syntax },
            message: e.message,
            line: e.line,
            ruby_file: None,
        })?;
        Ok(Template { program: Rc::new(program), file: file.map(str::to_string), memo: memo::Memo::default(), last_len: Default::default() })
    }

    /// Renders the template in the scope `host` stands for.
    pub fn render(&self, host: &mut dyn Host) -> Result<String, ErbError> {
        self.render_with(eval::Ctx::new(host, self.file.clone()))
    }

    /// Renders like [`Template::render`], or gives the output of an
    /// earlier render of this template whose questions to the host get
    /// the same answers now (see `memo.rs`): the same text, shared.
    pub fn render_remembered(&self, host: &mut dyn Host) -> Result<std::sync::Arc<String>, ErbError> {
        let remember = self.memo.active() && eval::Ctx::at_top_level();
        if remember && let Some(out) = self.memo.find(host) {
            return Ok(out);
        }
        let mut ctx = eval::Ctx::new(host, self.file.clone());
        if remember {
            ctx.trace = Some(memo::Trace::new());
        }
        let trace = std::cell::Cell::new(None);
        let out = std::sync::Arc::new(self.render_with_trace(ctx, &trace)?);
        if let Some(t) = trace.take() {
            self.memo.remember(t, out.clone());
        }
        Ok(out)
    }

    fn render_with(&self, ctx: eval::Ctx) -> Result<String, ErbError> {
        self.render_with_trace(ctx, &std::cell::Cell::new(None))
    }

    /// Runs the program; what `ctx` recorded goes to `trace`.
    fn render_with_trace(&self, mut ctx: eval::Ctx, trace: &std::cell::Cell<Option<memo::Trace>>) -> Result<String, ErbError> {
        // Room for as much text as the last render made (grown once, not
        // piece by piece).
        ctx.out.reserve(self.last_len.get());
        let r = ctx.run(&self.program);
        self.last_len.set(ctx.out.len());
        trace.set(ctx.trace.take());
        match r {
            Ok(()) => Ok(ctx.out),
            Err(eval::Flow::Raise(exc, line)) => Err(ErbError {
                kind: ErbErrorKind::Runtime,
                message: exc.message.clone(),
                line: exc.origin.map_or(line, |o| o.1),
                ruby_file: exc.origin.map(|o| o.0.to_string()),
            }),
            Err(eval::Flow::Fatal(message, line)) => {
                Err(ErbError { kind: ErbErrorKind::Unsupported, message, line, ruby_file: None })
            }
            Err(eval::Flow::Break(_)) | Err(eval::Flow::Next(_)) | Err(eval::Flow::Return(_)) => Err(ErbError {
                kind: ErbErrorKind::Unsupported,
                message: "break/next/return outside of a block or method".into(),
                line: ctx.line,
                ruby_file: None,
            }),
        }
    }
}

/// Parses and renders `source` in one go. `file` is the template's path
/// (None for an inline template).
pub fn render(source: &str, file: Option<&str>, host: &mut dyn Host) -> Result<String, ErbError> {
    Template::parse(source, file)?.render(host)
}
