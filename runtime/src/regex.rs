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
//!
//! One difference between the engines is hidden here: in Ruby (Onigmo),
//! `\w`, `\d` and `\s` (and their negations) match ASCII characters only,
//! while Oniguruma's Ruby syntax lets them match any Unicode letter, digit
//! or space. Oniguruma's `*_IS_ASCII` options would also make `\b`,
//! `\p{Word}` and the POSIX brackets ASCII-only, which Ruby's are not, so
//! [`ruby_regex`] rewrites those six escapes into explicit ASCII classes
//! instead. Every place that compiles a Ruby regexp (Puppet's `=~`, ERB,
//! Hiera, URI) goes through it.

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
        let compiled = ruby_regex(source, RegexOptions::REGEX_OPTION_NONE)
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

/// Compiles `source` as Ruby compiles a regexp: Oniguruma's Ruby syntax,
/// with `\w \W \d \D \s \S` restricted to ASCII as in Ruby (see the
/// module comment). A pattern that Oniguruma rejects is rejected with the
/// error of the pattern as written, so messages name what the user wrote.
pub fn ruby_regex(source: &str, options: RegexOptions) -> std::result::Result<Onig, onig::Error> {
    let written = Onig::with_options(source, options, Syntax::ruby())?;
    match ascii_classes(source) {
        // A rewritten pattern that Oniguruma does not accept cannot
        // happen for a pattern it accepted as written (each escape becomes
        // a bracket expression, valid wherever the escape was); keep the
        // pattern as written rather than fail if it ever does.
        Some(rewritten) => Ok(Onig::with_options(&rewritten, options, Syntax::ruby()).unwrap_or(written)),
        None => Ok(written),
    }
}

/// `source` with Ruby's ASCII-only meaning of `\w \W \d \D \s \S` spelled
/// out, or `None` when it has none of them. Outside a bracket expression
/// the word classes become `(?-i:[...])`: Ruby's `/\w/i` does not match
/// the Kelvin sign or the long s, which fold to ASCII letters. Inside one
/// they become nested classes (`[\w-]` -> `[[a-zA-Z0-9_]-]`), where that
/// guard cannot be written; that corner differs (docs/puppet-differences.md).
fn ascii_classes(source: &str) -> Option<String> {
    let bytes = source.as_bytes();
    if !bytes.windows(2).any(|w| w[0] == b'\\' && b"wWdDsS".contains(&w[1])) {
        return None;
    }
    let mut out = String::with_capacity(source.len() + 32);
    // Bracket-expression depth, and whether the previous character opened
    // one (a `]` right after `[` or `[^` is a literal, not the end).
    let mut depth = 0usize;
    let mut just_opened = false;
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        let opened = just_opened;
        just_opened = false;
        match c {
            '\\' => {
                let Some(next) = chars.next() else {
                    out.push(c);
                    break;
                };
                let class = match next {
                    'w' => "a-zA-Z0-9_",
                    'W' => "^a-zA-Z0-9_",
                    'd' => "0-9",
                    'D' => "^0-9",
                    's' => "\\t\\n\\x0B\\f\\r\\x20",
                    'S' => "^\\t\\n\\x0B\\f\\r\\x20",
                    _ => {
                        out.push(c);
                        out.push(next);
                        continue;
                    }
                };
                let guard = depth == 0 && matches!(next, 'w' | 'W');
                if guard {
                    out.push_str("(?-i:");
                }
                out.push('[');
                out.push_str(class);
                out.push(']');
                if guard {
                    out.push(')');
                }
            }
            '[' => {
                out.push(c);
                depth += 1;
                just_opened = true;
                if chars.peek() == Some(&'^') {
                    out.push('^');
                    chars.next();
                }
            }
            ']' if depth > 0 && !opened => {
                out.push(c);
                depth -= 1;
            }
            _ => out.push(c),
        }
    }
    Some(out)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_rewrite_keeps_everything_else() {
        assert_eq!(ascii_classes(r"a\bc\p{Word}"), None);
        assert_eq!(ascii_classes(r"\w+").as_deref(), Some(r"(?-i:[a-zA-Z0-9_])+"));
        // Inside brackets: nested classes, no group.
        assert_eq!(ascii_classes(r"[\d\-x]").as_deref(), Some(r"[[0-9]\-x]"));
        // A `]` right after `[` is a literal; `\\w` is an escaped backslash and a `w`.
        assert_eq!(ascii_classes(r"[]\w]\\w").as_deref(), Some(r"[][a-zA-Z0-9_]]\\w"));
        assert_eq!(ascii_classes(r"[[:alpha:]]\S").as_deref(), Some(r"[[:alpha:]][^\t\n\x0B\f\r\x20]"));
    }

    #[test]
    fn ascii_classes_match_as_ruby() {
        let m = |p: &str, t: &str| ruby_regex(p, RegexOptions::REGEX_OPTION_NONE).unwrap().find(t).is_some();
        assert!(!m(r"\w", "é"));
        assert!(m(r"\W", "é"));
        assert!(m(r"[[:word:]]", "é"));
        assert!(!m(r"a\b", "aé"));
        assert!(!m(r"\d", "٣"));
        assert!(!m(r"\s", "\u{a0}"));
        assert!(!m(r"(?i)\w", "\u{212a}"));
        assert!(m(r"(?x) \s x", " x"));
        // An invalid pattern reports the error of the pattern as written.
        assert!(ruby_regex(r"[\w-a]", RegexOptions::REGEX_OPTION_NONE).is_err());
    }
}
