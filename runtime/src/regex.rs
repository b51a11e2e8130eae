//! Regular expressions with Ruby syntax and semantics, on Oniguruma (Ruby's
//! own engine family) through the `onig` crate.
//!
//! Why onig: `^`/`$` match at line boundaries, `.` does not match a newline,
//! lookaround, backreferences, `\A`, `\z`, `\Z`, `(?i:...)` and POSIX bracket
//! classes all behave as in Ruby because the same engine and syntax table are
//! used. User patterns are never given to the `regex` crate.
//!
//! Compiled patterns are cached per thread by source text (the evaluator
//! builds a regexp for every `$x =~ "string"` match).

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use onig::{Regex as Onig, RegexOptions, Syntax};

use crate::error::{Error, Result};

/// A compiled Puppet regexp: its source (as written between the slashes,
/// without them) and the compiled Oniguruma program.
pub struct Regex {
    source: String,
    compiled: Onig,
}

impl Regex {
    /// Compiles `source` with Ruby syntax. The error text is Oniguruma's,
    /// which is also what Ruby reports.
    pub fn new(source: &str) -> Result<Arc<Regex>> {
        thread_local! {
            static CACHE: RefCell<HashMap<String, Arc<Regex>>> = RefCell::new(HashMap::new());
        }
        if let Some(hit) = CACHE.with(|c| c.borrow().get(source).cloned()) {
            return Ok(hit);
        }
        let compiled = Onig::with_options(source, RegexOptions::REGEX_OPTION_NONE, Syntax::ruby())
            .map_err(|e| Error::new("MATCH_NOT_REGEXP", format!("{}: /{}/", e.description(), source)))?;
        let re = Arc::new(Regex { source: source.to_string(), compiled });
        CACHE.with(|c| {
            let mut c = c.borrow_mut();
            // Bound the cache: programs with unbounded distinct dynamic
            // patterns must not grow memory without limit.
            if c.len() > 4096 {
                c.clear();
            }
            c.insert(source.to_string(), re.clone());
        });
        Ok(re)
    }

    /// The pattern source, without delimiters.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// True if the pattern matches anywhere in `text`.
    pub fn is_match(&self, text: &str) -> bool {
        self.compiled.find(text).is_some()
    }

    /// The captures of the first match: index 0 is the whole match; a group
    /// that did not participate is `None`.
    pub fn captures(&self, text: &str) -> Option<Vec<Option<String>>> {
        let caps = self.compiled.captures(text)?;
        Some((0..caps.len()).map(|i| caps.at(i).map(str::to_string)).collect())
    }

    /// Ruby's `Regexp#inspect` for an option-less regexp: `/source/` with
    /// unescaped slashes escaped.
    pub fn to_delimited(&self) -> String {
        let mut out = String::with_capacity(self.source.len() + 2);
        out.push('/');
        let mut escaped = false;
        for c in self.source.chars() {
            if c == '/' && !escaped {
                out.push('\\');
            }
            escaped = c == '\\' && !escaped;
            out.push(c);
        }
        out.push('/');
        out
    }
}

impl fmt::Debug for Regex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_delimited())
    }
}

impl PartialEq for Regex {
    fn eq(&self, other: &Regex) -> bool {
        self.source == other.source
    }
}
impl Eq for Regex {}

/// Escapes a string so it matches literally (Ruby's `Regexp.escape`).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\' | '#'
            | '-' => {
                out.push('\\');
                out.push(c)
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            ' ' => out.push_str("\\ "),
            _ => out.push(c),
        }
    }
    out
}

impl std::hash::Hash for Regex {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.source.hash(state)
    }
}
