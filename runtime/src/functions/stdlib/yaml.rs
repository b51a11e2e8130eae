//! YAML as Ruby's Psych 4 (on libyaml 0.2.5) writes and reads it, for
//! `to_yaml` and `parseyaml`.
//!
//! Writing: no YAML crate reproduces Psych's output byte for byte, so this
//! is a port of the parts of libyaml's emitter that `Object#to_yaml` uses
//! (block mappings and sequences, flow `[]`/`{}` for empty ones, the scalar
//! analysis and style selection, the plain/single/double-quoted/literal/
//! folded writers with their line folding at `best_width`), driven the way
//! Psych's `YAMLTree` visitor drives it (its choice of a style per String
//! with `ScalarScanner#tokenize`, implicit flags of numbers, nil, symbols).
//!
//! Reading: the `yaml-rust2` crate parses the syntax into events; Psych's
//! `safe_load` semantics are applied here (`ScalarScanner` resolution of
//! plain scalars: YAML 1.1 booleans `yes`/`on`, `~`, octal `012`, `1,000`,
//! sexagesimal `1:30`, `.inf`; merge keys `<<`; no dates or times; aliases
//! and symbols only as Hiera's loader permits them, see [`LoadOptions`]).

use std::borrow::Cow;

use crate::display::ruby_float_to_s;
use crate::error::Error;
use crate::value::{HashMapV, Value};
use crate::yaml_emit::{emit, Node, Options as EmitOptions, Scalar, Style};

// ---------------------------------------------------------------------------
// Psych's ScalarScanner

/// `[[:word:]]` in a Ruby (Onigmo, Unicode) regexp.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The set `[[:alpha:]_\s!@#$%\^&*(){}<>|/\\~;=]` of tokenize's first
/// regexp.
fn in_string_set(c: char) -> bool {
    c.is_alphabetic() || c.is_whitespace() || "_!@#$%^&*(){}<>|/\\~;=".contains(c)
}

/// What Psych's `ScalarScanner#tokenize` makes of a plain scalar.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Token {
    Str,
    Null,
    Bool(bool),
    Int(i128),
    Float(f64),
    /// A Time or Date (which `safe_load` refuses), by class name.
    Time(&'static str),
    /// A Symbol (`:name`), which `safe_load` refuses.
    Symbol,
}

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

fn strip_sign(s: &str) -> &str {
    s.strip_prefix(['-', '+']).unwrap_or(s)
}

/// `TIME = /^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$/`,
/// with the date and time fields when it matches.
fn match_time(s: &str) -> Option<(i64, u32, u32, u32, u32, u32)> {
    let b = s.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize, min: usize, max: usize| -> Option<u32> {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() && *i - start < max {
            *i += 1;
        }
        if *i - start < min {
            return None;
        }
        s[start..*i].parse().ok()
    };
    let year = digits(&mut i, 4, 4)?;
    (b.get(i) == Some(&b'-')).then_some(())?;
    i += 1;
    let month = digits(&mut i, 1, 2)?;
    (b.get(i) == Some(&b'-')).then_some(())?;
    i += 1;
    let day = digits(&mut i, 1, 2)?;
    match b.get(i) {
        Some(b'T' | b't') => i += 1,
        Some(c) if c.is_ascii_whitespace() => {
            while b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
                i += 1;
            }
        }
        _ => return None,
    }
    let hour = digits(&mut i, 1, 2)?;
    (b.get(i) == Some(&b':')).then_some(())?;
    i += 1;
    let min = digits(&mut i, 2, 2)?;
    (b.get(i) == Some(&b':')).then_some(())?;
    i += 1;
    let sec = digits(&mut i, 2, 2)?;
    if b.get(i) == Some(&b'.') {
        i += 1;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
    }
    let rest = s[i..].trim_start();
    let tz_ok = rest.is_empty() || rest == "Z" || {
        let r = rest.strip_prefix(['-', '+']).unwrap_or("");
        let h = r.bytes().take_while(u8::is_ascii_digit).count();
        let r2 = &r[h.min(r.len())..];
        let r2 = r2.strip_prefix(':').unwrap_or(r2);
        (1..=2).contains(&h) && (r2.is_empty() || (r2.len() == 2 && all_digits(r2)))
    };
    tz_ok.then_some((year as i64, month, day, hour, min, sec))
}

fn valid_date(year: i64, month: u32, day: u32) -> bool {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    (1..=12).contains(&month) && day >= 1 && day <= days[month as usize - 1]
}

/// `ScalarScanner#tokenize` (Psych 4.0, `strict_integer: false`). With
/// `restricted` (the class loader of `safe_load`), anything that looks
/// like a date or a time asks for the Date/Time class and fails, valid or
/// not; otherwise an invalid one stays a String.
pub(crate) fn tokenize(s: &str, restricted: bool) -> Token {
    if s.is_empty() {
        return Token::Null;
    }
    let first_re = {
        let mut cs = s.chars();
        let c0 = cs.next();
        let c1 = cs.next();
        let after_opt = c0.is_some_and(|c| !(c.is_ascii_digit() || ".:-".contains(c))) && c1.is_some_and(in_string_set);
        after_opt || c0.is_some_and(in_string_set)
    };
    if first_re || s.contains('\n') {
        if s.chars().count() > 5 {
            return Token::Str;
        }
        let c0 = s.chars().next().unwrap_or(' ').to_ascii_lowercase();
        if !"ytonf~".contains(c0) {
            return Token::Str;
        }
        let l = s.to_ascii_lowercase();
        return match l.as_str() {
            "~" | "null" => Token::Null,
            "yes" | "true" | "on" => Token::Bool(true),
            "no" | "false" | "off" => Token::Bool(false),
            _ => Token::Str,
        };
    }
    if let Some((y, mo, d, h, mi, se)) = match_time(s) {
        // `Time.utc` rejects out-of-range fields (then it stays a String).
        return if restricted || ((1..=12).contains(&mo) && (1..=31).contains(&d) && h <= 24 && mi <= 59 && se <= 60 && y >= 0) {
            Token::Time("Time")
        } else {
            Token::Str
        };
    }
    // `^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$`
    let parts: Vec<&str> = s.split('-').collect();
    if parts.len() == 3
        && parts[0].len() == 4
        && all_digits(parts[0])
        && (1..=2).contains(&parts[1].len())
        && all_digits(parts[1])
        && (1..=2).contains(&parts[2].len())
        && all_digits(parts[2])
    {
        let m: u32 = parts[1].parse().unwrap_or(0);
        let d: u32 = parts[2].parse().unwrap_or(0);
        let month_ok = parts[1].len() == 1 || parts[1].starts_with('0') || m <= 12;
        let day_ok = parts[2].len() == 1 || parts[2].starts_with('0') || (10..=31).contains(&d);
        if month_ok && day_ok {
            return if restricted || valid_date(parts[0].parse().unwrap_or(0), m, d) { Token::Time("Date") } else { Token::Str };
        }
    }
    let lower = s.to_ascii_lowercase();
    if lower == ".inf" || lower == "+.inf" {
        return Token::Float(f64::INFINITY);
    }
    if lower == "-.inf" {
        return Token::Float(f64::NEG_INFINITY);
    }
    if lower == ".nan" {
        return Token::Float(f64::NAN);
    }
    if s.starts_with(':') && s.chars().count() >= 2 {
        return Token::Symbol;
    }
    if let Some(t) = sexagesimal(s) {
        return t;
    }
    if is_float(s) {
        if matches!(strip_sign(s), ".") {
            return Token::Str;
        }
        let cleaned: String = s.chars().filter(|c| *c != ',' && *c != '_').collect();
        // `gsub(/\.([Ee]|$)/, '\1')`
        let cleaned = cleaned.replace(".e", "e").replace(".E", "E");
        let cleaned = cleaned.strip_suffix('.').map_or(cleaned.clone(), str::to_string);
        // Ruby's `Float()` takes `.5`.
        let cleaned = match cleaned.strip_prefix(['-', '+']) {
            Some(r) if r.starts_with('.') => format!("{}0{r}", &cleaned[..1]),
            _ if cleaned.starts_with('.') => format!("0{cleaned}"),
            _ => cleaned,
        };
        return match crate::convert::ruby_float(&cleaned) {
            Some(f) => Token::Float(f),
            None => Token::Str,
        };
    }
    if is_legacy_integer(s) {
        let cleaned: String = s.chars().filter(|c| *c != ',' && *c != '_').collect();
        let (neg, body) = match cleaned.strip_prefix('-') {
            Some(b) => (true, b.to_string()),
            None => (false, cleaned.strip_prefix('+').unwrap_or(&cleaned).to_string()),
        };
        let v = if let Some(h) = body.strip_prefix("0x") {
            i128::from_str_radix(h, 16).ok()
        } else if let Some(bin) = body.strip_prefix("0b") {
            i128::from_str_radix(bin, 2).ok()
        } else if body.len() > 1 && body.starts_with('0') {
            i128::from_str_radix(&body[1..], 8).ok()
        } else {
            body.parse::<i128>().ok()
        };
        return match v {
            Some(v) => Token::Int(if neg { -v } else { v }),
            None => Token::Str,
        };
    }
    Token::Str
}

/// `^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}(\.[0-9_]*)?$`.
fn sexagesimal(s: &str) -> Option<Token> {
    let body = strip_sign(s);
    let (main, frac) = match body.split_once('.') {
        Some((m, f)) => (m, Some(f)),
        None => (body, None),
    };
    let parts: Vec<&str> = main.split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let head = parts[0];
    if !head.starts_with(|c: char| c.is_ascii_digit()) || !head.bytes().all(|b| b.is_ascii_digit() || b == b'_') {
        return None;
    }
    for p in &parts[1..] {
        let ok = match p.len() {
            1 => all_digits(p),
            2 => all_digits(p) && p.as_bytes()[0] <= b'5',
            _ => false,
        };
        if !ok {
            return None;
        }
    }
    if let Some(f) = frac
        && !f.bytes().all(|b| b.is_ascii_digit() || b == b'_')
    {
        return None;
    }
    // `i += n.to_i * 60 ** (e - 2).abs` over the fields, in order.
    let neg = s.starts_with('-');
    let n = parts.len();
    let mut fields: Vec<String> = parts.iter().map(|p| p.to_string()).collect();
    if let Some(f) = frac {
        fields[n - 1] = format!("{}.{}", fields[n - 1], f);
    }
    if frac.is_some() {
        let mut total = 0f64;
        for (e, f) in fields.iter().enumerate() {
            let v = crate::functions::numeric::ruby_to_f(&f.replace('_', ""));
            total += v * 60f64.powi((e as i32 - 2).abs());
        }
        return Some(Token::Float(if neg { -total } else { total }));
    }
    let mut total: i128 = 0;
    for (e, f) in fields.iter().enumerate() {
        let v: i128 = f.replace('_', "").parse().ok()?;
        total += v * 60i128.pow((e as i32 - 2).unsigned_abs());
    }
    Some(Token::Int(if neg { -total } else { total }))
}

/// `FLOAT = /^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?)$/`.
fn is_float(s: &str) -> bool {
    let body = strip_sign(s);
    let Some((int, rest)) = body.split_once('.') else { return false };
    if !int.is_empty() && (!int.starts_with(|c: char| c.is_ascii_digit()) || !int.bytes().all(|b| b.is_ascii_digit() || b == b'_' || b == b',')) {
        return false;
    }
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let exp = &rest[digits..];
    if exp.is_empty() {
        return true;
    }
    let Some(e) = exp.strip_prefix(['e', 'E']) else { return false };
    let Some(e) = e.strip_prefix(['-', '+']) else { return false };
    all_digits(e)
}

/// `INTEGER_LEGACY`.
fn is_legacy_integer(s: &str) -> bool {
    let body = strip_sign(s);
    if let Some(b) = body.strip_prefix("0b") {
        return !b.is_empty() && b.bytes().all(|c| matches!(c, b'0' | b'1' | b'_' | b','));
    }
    if let Some(h) = body.strip_prefix("0x") {
        return !h.is_empty() && h.bytes().all(|c| c.is_ascii_hexdigit() || c == b'_' || c == b',');
    }
    if body.len() > 1 && body.starts_with('0') {
        return body[1..].bytes().all(|c| matches!(c, b'0'..=b'7' | b'_' | b','));
    }
    if body == "0" {
        return true;
    }
    // `[1-9](?:[0-9]|,[0-9]|_[0-9])*`
    let b = body.as_bytes();
    if b.is_empty() || !(b'1'..=b'9').contains(&b[0]) {
        return false;
    }
    let mut i = 1;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            i += 1;
        } else if (b[i] == b',' || b[i] == b'_') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i += 2;
        } else {
            return false;
        }
    }
    true
}

// ---------------------------------------------------------------------------
// Psych's YAMLTree visitor over Puppet values (the emitter is
// crate::yaml_emit, shared with ERB's `to_yaml`)

/// The options of `to_yaml` that Psych passes to libyaml.
pub(crate) struct Options {
    /// `indentation` (libyaml's best_indent, 2 to 9).
    pub indent: usize,
    /// `line_width`: None is Psych's default (no folded style chosen by
    /// Psych, libyaml folds at 80); Some(-1) is unlimited.
    pub line_width: Option<i64>,
}

/// Psych's `visit_String`: the style it asks for, with its tag and
/// implicit flags. `psych_width` is Psych's own `@line_width`, for its
/// FOLDED choice.
fn string_scalar(o: &str, psych_width: Option<usize>) -> Scalar<'_> {
    let ask = |style| Scalar { value: Cow::Borrowed(o), tag: None, plain_implicit: true, quoted_implicit: true, style };
    // `o =~ /\n(?!\Z)/`: a newline that is not the last one.
    let has_inner_newline = o.char_indices().any(|(i, c)| c == '\n' && !is_at_z(o, i + 1));
    if has_inner_newline {
        return ask(Style::Literal);
    }
    if o == "<<" {
        return Scalar { value: Cow::Borrowed(o), tag: Some("!!str"), plain_implicit: false, quoted_implicit: false, style: Style::Single };
    }
    if o == "y" || o == "n" {
        return ask(Style::Double);
    }
    if let Some(w) = psych_width
        && o.chars().count() > w
    {
        return ask(Style::Folded);
    }
    // `/^[^[:word:]][^"]*$/`: at some line start, a non-word character
    // (a newline counts) followed by no `"` up to the next line end.
    let line_starts = std::iter::once(0).chain(o.match_indices('\n').map(|(i, _)| i + 1));
    let dq = line_starts.filter(|p| *p < o.len()).any(|p| {
        let c = o[p..].chars().next().unwrap_or('a');
        let rest = &o[p + c.len_utf8()..];
        !is_word_char(c) && !rest.split('\n').next().unwrap_or("").contains('"')
    });
    if dq {
        return ask(Style::Double);
    }
    let octal_like = {
        let b = o.as_bytes();
        b.first() == Some(&b'0') && {
            let k = b[1..].iter().take_while(|c| (b'0'..=b'7').contains(c)).count();
            matches!(b.get(1 + k), Some(b'8' | b'9'))
        }
    };
    if tokenize(o, false) != Token::Str || octal_like {
        return ask(Style::Single);
    }
    ask(Style::Plain)
}

/// The events Psych's `YAMLTree` makes of a value.
fn to_node(v: &Value, psych_width: Option<usize>) -> Result<Node<'_>, Error> {
    Ok(Node::Scalar(match v {
        Value::Undef => Scalar::null(),
        Value::Boolean(b) => Scalar::plain(if *b { "true" } else { "false" }),
        Value::Integer(i) => Scalar::plain(i.to_string()),
        Value::Float(f) => Scalar::plain(if f.is_nan() {
            ".nan".to_string()
        } else if f.is_infinite() {
            if *f > 0.0 { ".inf".into() } else { "-.inf".into() }
        } else {
            ruby_float_to_s(*f)
        }),
        Value::Default => Scalar::plain(":default"),
        Value::String(s) => string_scalar(s, psych_width),
        Value::Array(a) => return Ok(Node::Seq(a.iter().map(|e| to_node(e, psych_width)).collect::<Result<_, _>>()?)),
        Value::Hash(h) => {
            return Ok(Node::Map(
                h.iter().map(|(k, e)| Ok((to_node(k, psych_width)?, to_node(e, psych_width)?))).collect::<Result<_, Error>>()?,
            ))
        }
        other => {
            return Err(Error::argument(format!(
                "to_yaml: cannot write a {} as YAML (Psych would dump the Ruby object)",
                crate::label::ruby_class(other)
            )))
        }
    }))
}

/// Is `i` a position where Ruby's `\Z` matches (the end, or before a final
/// newline)?
fn is_at_z(s: &str, i: usize) -> bool {
    i == s.len() || (i + 1 == s.len() && s.ends_with('\n'))
}

/// `data.to_yaml(options)`.
pub(crate) fn to_yaml(v: &Value, opts: &Options) -> Result<String, Error> {
    let best_indent = if (2..=9).contains(&opts.indent) { opts.indent } else { 2 };
    let (width, psych_width) = match opts.line_width {
        None => (80, None),
        Some(w) if w < 0 => (usize::MAX, None),
        Some(w) => {
            let w = w as usize;
            (if w <= best_indent * 2 { 80 } else { w }, Some(w))
        }
    };
    let node = to_node(v, psych_width)?;
    Ok(emit(&node, EmitOptions { indent: best_indent, width }))
}

// ---------------------------------------------------------------------------
// The loader

use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::TScalarStyle;

/// How a document is loaded: `YAML.load`/`safe_load` (the default: no
/// aliases, no Symbols, errors name `<unknown>`), or the way Puppet's
/// `Puppet::Util::Yaml.safe_load(text, [Symbol], filename)` calls it for
/// Hiera (`aliases: true`, Symbols permitted, errors name the file).
#[derive(Clone, Copy, Debug, Default)]
pub struct LoadOptions<'a> {
    /// Named in error messages (`(<filename>): ...`).
    pub filename: Option<&'a str>,
    /// Anchors and aliases (`&a`, `*a`) are resolved.
    pub aliases: bool,
    /// Plain `:name` scalars are Symbols. The runtime has no Symbol value:
    /// they load as the String `name`, which is what Hiera makes of a
    /// Symbol key (`symkeys_to_string`).
    pub symbols: bool,
}

/// Why `YAML.load` failed: Ruby's exception text.
fn syntax_error_in(file: Option<&str>, info: &str, line: usize, col: usize) -> Error {
    Error::argument(format!("({}): {info} at line {line} column {col}", file.unwrap_or("<unknown>")))
}

fn tag_name(t: &Tag) -> String {
    if t.handle == "!!" || t.handle == "tag:yaml.org,2002:" {
        format!("tag:yaml.org,2002:{}", t.suffix)
    } else {
        format!("{}{}", t.handle, t.suffix)
    }
}

fn disallowed(class: &str) -> Error {
    Error::argument(format!("Tried to load unspecified class: {class}"))
}

/// Psych's Symbol text: `:name` -> `name`, `:"a b"` -> `a b`.
fn symbol_name(s: &str) -> &str {
    let body = &s[1..];
    for q in ['"', '\''] {
        if let Some(inner) = body.strip_prefix(q).and_then(|b| b.strip_suffix(q)) {
            return inner;
        }
    }
    body
}

fn token_value(t: Token) -> Result<Value, Error> {
    Ok(match t {
        Token::Str => unreachable!("handled by the caller"),
        Token::Null => Value::Undef,
        Token::Bool(b) => Value::Boolean(b),
        Token::Int(i) => Value::Integer(
            i64::try_from(i).map_err(|_| Error::argument("Use of a Ruby Integer outside of Puppet Integer range"))?,
        ),
        Token::Float(f) => Value::Float(f),
        Token::Time(class) => return Err(disallowed(class)),
        Token::Symbol => return Err(disallowed("Symbol")),
    })
}

struct Loader<'a> {
    parser: Parser<std::str::Chars<'a>>,
    text: &'a str,
    opts: LoadOptions<'a>,
    /// Anchored values by anchor id (with `opts.aliases`).
    anchors: std::collections::HashMap<usize, Value>,
    /// Where the open collections start (line, 0-based column, char
    /// index): libyaml reports a parse error at its context's start.
    open: Vec<(usize, usize, usize)>,
}

impl Loader<'_> {
    fn next(&mut self) -> Result<Event, Error> {
        match self.parser.next_token() {
            Ok((ev, mark)) => {
                match &ev {
                    Event::SequenceStart(..) | Event::MappingStart(..) => {
                        self.open.push((mark.line(), mark.col(), mark.index()))
                    }
                    Event::SequenceEnd | Event::MappingEnd => {
                        self.open.pop();
                    }
                    _ => {}
                }
                Ok(ev)
            }
            Err(e) => {
                let (info, line, col) = self.libyaml_error(e.info(), e.marker().line(), e.marker().col(), e.marker().index());
                Err(syntax_error_in(self.opts.filename, &info, line, col + 1))
            }
        }
    }

    /// libyaml's (and so Psych's) wording of a syntax error, `problem
    /// context`, located at the context's start where the two differ:
    /// yaml-rust2 writes `while parsing a flow sequence, expected ',' or
    /// ']'` at the point of failure, libyaml `did not find expected ',' or
    /// ']' while parsing a flow sequence` at the sequence's `[`.
    fn libyaml_error(&self, info: &str, line: usize, col: usize, index: usize) -> (String, usize, usize) {
        let innermost = self.open.last().copied();
        let is_flow = |at: Option<(usize, usize, usize)>| {
            at.and_then(|(_, _, i)| self.text.chars().nth(i)).is_some_and(|c| c == '[' || c == '{')
        };
        if info == "simple key expect ':'" {
            // The key starts at the first non-blank of the last line with
            // text before the failure.
            let before: String = self.text.chars().take(index).collect();
            let trimmed = before.trim_end();
            let line_start = trimmed.rfind('\n').map_or(0, |i| i + 1);
            let key_line = trimmed[..line_start].matches('\n').count() + 1;
            let key_col = trimmed[line_start..].chars().take_while(|c| *c == ' ').count();
            return ("could not find expected ':' while scanning a simple key".to_string(), key_line, key_col);
        }
        if let Some((what, problem)) = info.strip_prefix("while parsing a ").and_then(|r| r.split_once(", ")) {
            let problem =
                if problem.starts_with("did not find") { problem.to_string() } else { format!("did not find {problem}") };
            if what == "node" {
                let kind = if is_flow(innermost) { "flow" } else { "block" };
                return (format!("{problem} while parsing a {kind} node"), line, col);
            }
            let (l, c) = innermost.map_or((line, col), |(l, c, _)| (l, c));
            return (format!("{problem} while parsing a {what}"), l, c);
        }
        (info.to_string(), line, col)
    }

    fn plain(&self, text: String) -> Result<Value, Error> {
        match tokenize(&text, true) {
            Token::Str => Ok(Value::string(text)),
            Token::Symbol if self.opts.symbols => Ok(Value::string(symbol_name(&text))),
            other => token_value(other),
        }
    }

    fn anchored(&mut self, anchor: usize, v: Value) -> Value {
        if anchor > 0 && self.opts.aliases {
            self.anchors.insert(anchor, v.clone());
        }
        v
    }

    fn value(&mut self, ev: Event) -> Result<Value, Error> {
        match ev {
            Event::Alias(id) if self.opts.aliases => match self.anchors.get(&id) {
                Some(v) => Ok(v.clone()),
                None => Err(Error::argument(format!("An alias referenced an unknown anchor: {id}"))),
            },
            Event::Alias(_) => Err(Error::argument(
                "Alias parsing was not enabled. To enable it, pass `aliases: true` to `Psych::load` or `Psych::safe_load`.",
            )),
            Event::Scalar(text, style, anchor, tag) => {
                let v = if let Some(t) = &tag {
                    let name = tag_name(t);
                    match name.as_str() {
                        "tag:yaml.org,2002:str" | "!str" => Value::string(text),
                        "tag:yaml.org,2002:null" => Value::Undef,
                        "tag:yaml.org,2002:int" | "tag:yaml.org,2002:float" | "tag:yaml.org,2002:bool" => {
                            match tokenize(&text, true) {
                                Token::Str => Value::string(text),
                                other => token_value(other)?,
                            }
                        }
                        "!" => Value::string(text),
                        other => return Err(disallowed(other.trim_start_matches('!'))),
                    }
                } else if style != TScalarStyle::Plain {
                    Value::string(text)
                } else {
                    self.plain(text)?
                };
                Ok(self.anchored(anchor, v))
            }
            Event::SequenceStart(anchor, _) => {
                let mut items = Vec::new();
                loop {
                    match self.next()? {
                        Event::SequenceEnd => break,
                        ev => items.push(self.value(ev)?),
                    }
                }
                Ok(self.anchored(anchor, Value::array(items)))
            }
            Event::MappingStart(anchor, _) => {
                let mut map = HashMapV::default();
                loop {
                    let k = match self.next()? {
                        Event::MappingEnd => break,
                        ev => ev,
                    };
                    let is_merge = matches!(&k, Event::Scalar(s, TScalarStyle::Plain, _, None) if s == "<<");
                    let key = self.value(k)?;
                    let ev = self.next()?;
                    let val = self.value(ev)?;
                    // `<<: {..}` / `<<: [{..}, ..]` merge into the mapping.
                    if is_merge {
                        match &val {
                            Value::Hash(h) => {
                                for (k, v) in h.iter() {
                                    map.insert(k.clone(), v.clone());
                                }
                                continue;
                            }
                            Value::Array(a) if a.iter().all(|e| matches!(e, Value::Hash(_))) => {
                                for e in a.iter().rev() {
                                    if let Value::Hash(h) = e {
                                        for (k, v) in h.iter() {
                                            map.insert(k.clone(), v.clone());
                                        }
                                    }
                                }
                                continue;
                            }
                            _ => {}
                        }
                    }
                    map.insert(key, val);
                }
                Ok(self.anchored(anchor, Value::hash_from(map)))
            }
            other => Err(Error::argument(format!("unexpected YAML event {other:?}"))),
        }
    }
}

/// Psych 4's `YAML.load(text)` (which is `safe_load`): the first
/// document's value, undef for an empty stream.
pub(crate) fn load(text: &str) -> Result<Value, Error> {
    load_with(text, &LoadOptions::default())
}

/// `safe_load` with options (see [`LoadOptions`]). With a filename, a
/// refused class is reported as Puppet's `YamlLoadError` does:
/// `(<file>): Tried to load unspecified class: Date`.
pub fn load_with(text: &str, opts: &LoadOptions) -> Result<Value, Error> {
    let mut l =
        Loader { parser: Parser::new_from_str(text), text, opts: *opts, anchors: Default::default(), open: vec![] };
    let r = (|| loop {
        match l.next()? {
            Event::StreamStart | Event::DocumentStart | Event::Nothing => {}
            Event::StreamEnd | Event::DocumentEnd => return Ok(Value::Undef),
            ev => return l.value(ev),
        }
    })();
    match (r, opts.filename) {
        (Err(e), Some(f)) if e.message().starts_with("Tried to load") => {
            Err(Error::argument(format!("({f}): {}", e.message())))
        }
        (r, _) => r,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn y(v: &Value) -> String {
        to_yaml(v, &Options { indent: 2, line_width: None }).unwrap()
    }

    #[test]
    fn psych_scalar_styles() {
        // Expectations from Ruby 3.1 / Psych 4.0.4: `p "...".to_yaml`.
        let cases = [
            ("x", "--- x\n"),
            ("", "--- ''\n"),
            ("a\n", "--- 'a\n\n  '\n"),
            ("  x\ny", "--- |2-\n    x\n  y\n"),
            ("null", "--- 'null'\n"),
            ("~", "--- \"~\"\n"),
            ("0o12", "--- 0o12\n"),
            ("1_000", "--- '1_000'\n"),
            ("1,000", "--- '1,000'\n"),
            ("12:30", "--- '12:30'\n"),
            (".5", "--- \".5\"\n"),
            ("1e3", "--- 1e3\n"),
            ("1.0e+3", "--- '1.0e+3'\n"),
            ("0x1F", "--- '0x1F'\n"),
            ("089", "--- '089'\n"),
            ("-", "--- \"-\"\n"),
            ("- a", "--- \"- a\"\n"),
            ("a #b", "--- 'a #b'\n"),
            ("@x", "--- \"@x\"\n"),
            ("x\ty", "--- \"x\\ty\"\n"),
            ("<<", "--- !!str '<<'\n"),
            ("Y", "--- Y\n"),
            ("NO", "--- 'NO'\n"),
            ("On", "--- 'On'\n"),
            ("=", "--- \"=\"\n"),
            ("...", "--- \"...\"\n"),
            ("\u{1}x", "--- \"\\x01x\"\n"),
        ];
        for (s, want) in cases {
            assert_eq!(y(&Value::string(s)), want, "{s:?}");
        }
        assert_eq!(y(&Value::Undef), "---\n");
        assert_eq!(y(&Value::Float(1e20)), "--- 1.0e+20\n");
    }

    #[test]
    fn psych_collections() {
        let h = |e: Vec<(&str, Value)>| Value::hash(e.into_iter().map(|(k, v)| (Value::string(k), v)));
        let v = h(vec![("k", h(vec![("a", Value::array(vec![Value::Integer(1)]))]))]);
        assert_eq!(y(&v), "---\nk:\n  a:\n  - 1\n");
        let v = Value::array(vec![h(vec![("a", Value::Integer(1)), ("b", Value::array(vec![Value::Integer(2)]))])]);
        assert_eq!(y(&v), "---\n- a: 1\n  b:\n  - 2\n");
        let v = Value::hash(vec![(Value::array(vec![Value::string("a")]), Value::Integer(1))]);
        assert_eq!(y(&v), "---\n? - a\n: 1\n");
        let long = "a b ".repeat(30);
        let v = Value::array(vec![Value::string(long)]);
        assert_eq!(
            y(&v),
            "---\n- 'a b a b a b a b a b a b a b a b a b a b a b a b a b a b a b a b a b a b a b a b\n  a b a b a b a b a b a b a b a b a b a b '\n"
        );
    }

    #[test]
    fn psych_safe_load() {
        let v = load("a: 1\nb: [yes, 'no', ~, 1.5, 0x10, 012, 1:30]\n").unwrap();
        assert_eq!(
            crate::display::ruby_inspect(&v),
            r#"{"a"=>1, "b"=>[true, "no", nil, 1.5, 16, 10, 5400]}"#
        );
        assert!(load("a: :sym").is_err());
        assert!(load("a: 2020-01-01").is_err());
        assert!(load("a: &x 1\nb: *x").is_err());
        assert_eq!(load("").unwrap(), Value::Undef);
    }
}
