//! The one error type of the runtime: Puppet's issue code plus Puppet's exact
//! message text (from `puppet/pops/issues.rb`), built by `#[cold]` constructors.
//!
//! The message is the *basic* message: what Puppet prints after
//! `Evaluation Error: ` and before the location. The evaluator adds location.

use std::fmt;

/// A runtime error. Pointer-sized so `Result<Value, Error>` stays small.
#[derive(Clone, PartialEq, Eq)]
pub struct Error(Box<ErrorInner>);

#[derive(Clone, PartialEq, Eq)]
struct ErrorInner {
    issue: &'static str,
    message: String,
    /// The index of the `[]` key Puppet blames (its `@semantic.keys[i]`).
    key: Option<usize>,
}

impl Error {
    /// An error with Puppet's issue code (e.g. `"DIV_BY_ZERO"`) and message.
    #[cold]
    pub fn new(issue: &'static str, message: impl Into<String>) -> Error {
        Error(Box::new(ErrorInner { issue, message: message.into(), key: None }))
    }

    /// The same error, blamed on key `i` of the `[]` expression that
    /// raised it.
    pub fn at_key(mut self, i: usize) -> Error {
        self.0.key = Some(i);
        self
    }

    /// The `[]` key Puppet blames, if any.
    pub fn key(&self) -> Option<usize> {
        self.0.key
    }

    /// Puppet's issue code, e.g. `NUMERIC_OVERFLOW`.
    pub fn issue(&self) -> &'static str {
        self.0.issue
    }

    /// The message as Puppet prints it (without location).
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// Errors raised by Ruby code as `ArgumentError` inside an operator are
    /// wrapped by the evaluator as RUNTIME_ERROR:
    /// `Error while evaluating a '+' expression, <detail>`.
    #[cold]
    pub fn runtime(expression_label: &str, detail: &str) -> Error {
        Error::new(
            "RUNTIME_ERROR",
            format!("Error while evaluating {}, {}", a_an(expression_label), detail),
        )
    }

    /// A plain argument error (Ruby `ArgumentError`), used where Puppet's
    /// message is produced by a type's `new` function or a parser.
    #[cold]
    pub fn argument(message: impl Into<String>) -> Error {
        Error::new("ARGUMENT_ERROR", message)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.0.issue, self.0.message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl std::error::Error for Error {}

/// Result alias used throughout the runtime.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Puppet's `LabelProvider#article`: "an" before a vowel (a e i o u y),
/// skipping a leading quote.
pub fn article(text: &str) -> &'static str {
    let mut chars = text.chars();
    let mut c = chars.next();
    if matches!(c, Some('"') | Some('\'')) {
        c = chars.next();
    }
    match c.map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'y') => "an",
        _ => "a",
    }
}

/// `label.a_an(x)` on a label text.
pub fn a_an(text: &str) -> String {
    format!("{} {}", article(text), text)
}

/// `label.a_an_uc(x)` on a label text.
pub fn a_an_uc(text: &str) -> String {
    let a = article(text);
    let cap = if a == "an" { "An" } else { "A" };
    format!("{cap} {text}")
}
