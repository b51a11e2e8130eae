//! Ruby regexp operations the string functions need beyond matching:
//! compiling with options (`regsubst`'s `E`/`I`/`M` flags), searching from
//! an offset (Ruby's `split`, `sub`/`gsub` loops), captures with byte
//! positions and group names (`\k<name>` in replacements). Patterns are
//! Oniguruma programs with Ruby syntax, cached per thread.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use onig::{Regex as Onig, Region, RegexOptions, SearchOptions};

use crate::error::Error;

/// Ruby's regexp option bits.
pub(crate) const IGNORECASE: u32 = 1;
pub(crate) const EXTENDED: u32 = 2;
pub(crate) const MULTILINE: u32 = 4;

/// A compiled pattern.
pub(crate) struct Rx {
    re: Onig,
    names: Vec<(String, Vec<usize>)>,
}

/// One match: byte ranges of the groups (`None` when a group did not take part).
pub(crate) struct Match {
    pub groups: Vec<Option<(usize, usize)>>,
}

impl Match {
    pub fn start(&self) -> usize {
        self.groups[0].map_or(0, |g| g.0)
    }
    pub fn end(&self) -> usize {
        self.groups[0].map_or(0, |g| g.1)
    }
    pub fn group<'a>(&self, text: &'a str, i: usize) -> Option<&'a str> {
        self.groups.get(i).copied().flatten().map(|(s, e)| &text[s..e])
    }
}

/// Ruby's `Regexp#inspect` suffix for options (`/x/mix`).
fn option_letters(options: u32) -> String {
    let mut s = String::new();
    if options & MULTILINE != 0 {
        s.push('m');
    }
    if options & IGNORECASE != 0 {
        s.push('i');
    }
    if options & EXTENDED != 0 {
        s.push('x');
    }
    s
}

/// Compiles `source` with Ruby syntax; the error is Ruby's `RegexpError`
/// text (`premature end of char-class: /[/`).
pub(crate) fn compile(source: &str, options: u32) -> Result<Rc<Rx>, Error> {
    thread_local! {
        static CACHE: RefCell<HashMap<(String, u32), Rc<Rx>>> = RefCell::new(HashMap::new());
    }
    let key = (source.to_string(), options);
    if let Some(hit) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return Ok(hit);
    }
    let mut opts = RegexOptions::REGEX_OPTION_NONE;
    if options & IGNORECASE != 0 {
        opts |= RegexOptions::REGEX_OPTION_IGNORECASE;
    }
    if options & EXTENDED != 0 {
        opts |= RegexOptions::REGEX_OPTION_EXTEND;
    }
    if options & MULTILINE != 0 {
        opts |= RegexOptions::REGEX_OPTION_MULTILINE;
    }
    let re = crate::regex::ruby_regex(source, opts).map_err(|e| {
        Error::argument(format!("{}: /{}/{}", e.description(), source, option_letters(options)))
    })?;
    let mut names = Vec::new();
    re.foreach_name(|name, groups| {
        names.push((name.to_string(), groups.iter().map(|g| *g as usize).collect()));
        true
    });
    let rx = Rc::new(Rx { re, names });
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() > 1024 {
            c.clear();
        }
        c.insert(key, rx.clone());
    });
    Ok(rx)
}

impl Rx {
    /// The first match at or after byte offset `from`.
    pub fn search(&self, text: &str, from: usize) -> Option<Match> {
        if from > text.len() {
            return None;
        }
        let mut region = Region::new();
        self.re.search_with_options(text, from, text.len(), SearchOptions::SEARCH_OPTION_NONE, Some(&mut region))?;
        Some(Match { groups: (0..region.len()).map(|i| region.pos(i)).collect() })
    }

    /// The group numbers of a named group (the last one wins in Ruby).
    pub fn named(&self, name: &str) -> Option<&[usize]> {
        self.names.iter().find(|(n, _)| n == name).map(|(_, g)| g.as_slice())
    }
}

/// The byte length of the character at `pos` (1 at the end).
pub(crate) fn char_len(text: &str, pos: usize) -> usize {
    text[pos..].chars().next().map_or(1, char::len_utf8)
}

/// Ruby's `String#split(regexp)` (no limit): see `rb_str_split_m`.
pub(crate) fn split(text: &str, rx: &Rx) -> Vec<String> {
    let len = text.len();
    let mut result: Vec<String> = Vec::new();
    let (mut beg, mut start) = (0usize, 0usize);
    let mut last_null = false;
    while let Some(m) = rx.search(text, start) {
        let end = m.start();
        if start == end && m.start() == m.end() {
            if len == 0 {
                result.push(String::new());
                break;
            } else if last_null {
                result.push(text[beg..beg + char_len(text, beg)].to_string());
                beg = start;
            } else {
                start += if start == len { 1 } else { char_len(text, start) };
                last_null = true;
                continue;
            }
        } else {
            result.push(text[beg..end].to_string());
            beg = m.end();
            start = m.end();
        }
        last_null = false;
        for (s, e) in m.groups.iter().skip(1).flatten() {
            result.push(text[*s..*e].to_string());
        }
    }
    if len > 0 && len > beg {
        result.push(text[beg..].to_string());
    }
    while result.last().is_some_and(String::is_empty) {
        result.pop();
    }
    result
}

/// A `sub`/`gsub` replacement: a template string or a hash lookup.
pub(crate) enum Replacement<'a> {
    Template(&'a str),
    Hash(&'a crate::value::HashMapV),
}

/// Expands a Ruby replacement template (`\0`, `\&`, `\1`..`\9`,
/// `\k<name>`, `` \` ``, `\'`, `\\`) for one match.
fn expand(template: &str, text: &str, m: &Match, rx: &Rx, out: &mut String) {
    let b = template.as_bytes();
    let mut i = 0;
    let mut lit_start = 0;
    while i < b.len() {
        if b[i] != b'\\' || i + 1 >= b.len() {
            i += 1;
            continue;
        }
        let c = b[i + 1];
        let mut consumed = 2;
        let piece: Option<Option<&str>> = match c {
            b'0'..=b'9' => Some(m.group(text, (c - b'0') as usize)),
            b'&' => Some(m.group(text, 0)),
            b'`' => Some(Some(&text[..m.start()])),
            b'\'' => Some(Some(&text[m.end()..])),
            b'\\' => Some(Some("\\")),
            b'k' => {
                if b.get(i + 2) == Some(&b'<') {
                    match template[i + 3..].find('>') {
                        Some(close) => {
                            let name = &template[i + 3..i + 3 + close];
                            match rx.named(name) {
                                Some(groups) => {
                                    consumed = 3 + close + 1;
                                    let g = groups.iter().rev().find_map(|g| m.group(text, *g));
                                    Some(g)
                                }
                                None => None,
                            }
                        }
                        None => None,
                    }
                } else {
                    None
                }
            }
            _ => None,
        };
        match piece {
            Some(p) => {
                out.push_str(&template[lit_start..i]);
                out.push_str(p.unwrap_or(""));
                i += consumed;
                lit_start = i;
            }
            None => i += 2,
        }
    }
    out.push_str(&template[lit_start..]);
}

fn replacement_for(repl: &Replacement<'_>, text: &str, m: &Match, rx: &Rx, out: &mut String) {
    match repl {
        Replacement::Template(t) => expand(t, text, m, rx, out),
        Replacement::Hash(h) => {
            let key = crate::value::StrKey(m.group(text, 0).unwrap_or(""));
            if let Some(v) = h.get(&key) {
                out.push_str(&crate::display::ruby_to_s(v));
            }
        }
    }
}

/// Ruby's `String#sub` (`global = false`) and `String#gsub`.
pub(crate) fn substitute(text: &str, rx: &Rx, repl: &Replacement<'_>, global: bool) -> String {
    let Some(mut m) = rx.search(text, 0) else { return text.to_string() };
    let mut out = String::with_capacity(text.len());
    let mut offset = 0;
    loop {
        let (beg0, end0) = (m.start(), m.end());
        out.push_str(&text[offset..beg0]);
        replacement_for(repl, text, &m, rx, &mut out);
        offset = end0;
        if !global {
            break;
        }
        if beg0 == end0 {
            if text.len() <= end0 {
                break;
            }
            let l = char_len(text, end0);
            out.push_str(&text[end0..end0 + l]);
            offset = end0 + l;
        }
        if offset > text.len() {
            break;
        }
        match rx.search(text, offset) {
            Some(n) => m = n,
            None => break,
        }
    }
    if text.len() > offset {
        out.push_str(&text[offset..]);
    }
    out
}
