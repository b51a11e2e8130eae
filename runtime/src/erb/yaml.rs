//! `to_yaml` as Ruby 3.1 writes it: Psych's choice of scalar styles
//! (`Psych::Visitors::YAMLTree#visit_String` and `ScalarScanner#tokenize`)
//! and libyaml 0.2.5's emitter (scalar analysis, style selection, block
//! collections with indentless sequences under mapping keys, folding of
//! long scalars at 80 columns, literal block scalars with their
//! indentation and chomping hints).
//!
//! Only the data Puppet hands to templates is written: strings, symbols,
//! numbers, booleans, nil, arrays and hashes. Other objects (Puppet types,
//! regexps ...) have Ruby-specific tags and are not supported.

use super::eval::{Ctx, R};
use super::value::{RRegex, RV};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Style {
    Plain,
    Single,
    Double,
    Literal,
}

enum Node {
    Scalar { value: String, plain_implicit: bool, quoted_implicit: bool, style: Style, tag: Option<&'static str> },
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

/// `obj.to_yaml`.
pub(crate) fn dump(ctx: &Ctx, v: &RV) -> R<String> {
    let node = to_node(ctx, v, 0)?;
    let mut e = Emitter { out: String::new(), column: 0, indent: -1, indents: Vec::new(), whitespace: true, indention: true, flow_level: 0, open_ended: 0 };
    // DOCUMENT-START, explicit.
    e.write_indent();
    e.write_indicator("---", true, false, false);
    e.node(&node, true, false, false, false);
    // DOCUMENT-END, implicit.
    e.write_indent();
    if e.open_ended == 2 {
        e.write_indicator("...", true, false, false);
        e.write_indent();
    }
    Ok(e.out)
}

fn re(src: &str) -> std::rc::Rc<RRegex> {
    RRegex::new(src, "").expect("a valid built-in regexp")
}

fn matches(src: &str, s: &str) -> bool {
    re(src).match_at(s, 0).is_some()
}

fn scalar(value: String, plain_implicit: bool, quoted_implicit: bool, style: Style) -> Node {
    Node::Scalar { value, plain_implicit, quoted_implicit, style, tag: None }
}

fn to_node(ctx: &Ctx, v: &RV, depth: usize) -> R<Node> {
    if depth > 200 {
        return ctx.raise("SystemStackError", "stack level too deep");
    }
    Ok(match v {
        RV::Nil => Node::Scalar { value: String::new(), plain_implicit: true, quoted_implicit: false, style: Style::Plain, tag: Some("tag:yaml.org,2002:null") },
        RV::Bool(b) => scalar(b.to_string(), true, false, Style::Plain),
        RV::Int(i) => scalar(i.to_string(), true, false, Style::Plain),
        RV::Float(f) => {
            let s = if f.is_nan() {
                ".nan".to_string()
            } else if f.is_infinite() {
                if *f > 0.0 { ".inf".into() } else { "-.inf".into() }
            } else {
                v.to_s()
            };
            scalar(s, true, false, Style::Plain)
        }
        RV::Sym(s) => {
            if s.is_empty() {
                Node::Scalar { value: String::new(), plain_implicit: false, quoted_implicit: false, style: Style::Plain, tag: Some("!ruby/symbol") }
            } else {
                scalar(format!(":{s}"), true, false, Style::Plain)
            }
        }
        RV::Str(s) => string_node(ctx, &s.borrow())?,
        RV::Array(a) => {
            let items = a.borrow().clone();
            let mut out = Vec::with_capacity(items.len());
            for x in &items {
                out.push(to_node(ctx, x, depth + 1)?);
            }
            Node::Seq(out)
        }
        RV::Hash(h) => {
            let pairs = h.borrow().pairs();
            let mut out = Vec::with_capacity(pairs.len());
            for (k, x) in &pairs {
                out.push((to_node(ctx, k, depth + 1)?, to_node(ctx, x, depth + 1)?));
            }
            Node::Map(out)
        }
        other => return ctx.fatal(format!("to_yaml of a {} is not supported", other.class_name())),
    })
}

/// Psych's `visit_String`.
fn string_node(ctx: &Ctx, o: &str) -> R<Node> {
    let style = if matches(r"\n(?!\Z)", o) {
        Style::Literal
    } else if o == "<<" {
        return Ok(Node::Scalar { value: o.into(), plain_implicit: false, quoted_implicit: false, style: Style::Single, tag: Some("tag:yaml.org,2002:str") });
    } else if o == "y" || o == "n" {
        Style::Double
    } else if matches(r#"^[^[:word:]][^"]*$"#, o) {
        Style::Double
    } else if !tokenizes_to_string(ctx, o)? || matches(r"\A0[0-7]*[89]", o) {
        Style::Single
    } else {
        Style::Plain
    };
    Ok(scalar(o.to_string(), true, true, style))
}

/// Does Psych's `ScalarScanner#tokenize` read `s` back as a String?
fn tokenizes_to_string(ctx: &Ctx, s: &str) -> R<bool> {
    if s.is_empty() {
        return Ok(false);
    }
    if matches(r"^[^\d.:-]?[[:alpha:]_\s!@#$%\^&*(){}<>|/\\~;=]+", s) || s.contains('\n') {
        if s.chars().count() > 5 {
            return Ok(true);
        }
        if matches(r"(?i)^[^ytonf~]", s) {
            return Ok(true);
        }
        if s == "~" || matches(r"(?i)^null$", s) || matches(r"(?i)^(yes|true|on)$", s) || matches(r"(?i)^(no|false|off)$", s) {
            return Ok(false);
        }
        return Ok(true);
    }
    const TIME: &str = r"^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$";
    if matches(TIME, s) {
        return Ok(false);
    }
    if let Some(m) = re(r"^(\d{4})-(1[012]|0\d|\d)-([12]\d|3[01]|0\d|\d)$").match_at(s, 0) {
        // Date.strptime rejects days beyond the month's end.
        let y: i64 = m.group(1).unwrap_or("0").parse().unwrap_or(0);
        let mo: u32 = m.group(2).unwrap_or("0").parse().unwrap_or(0);
        let d: u32 = m.group(3).unwrap_or("0").parse().unwrap_or(0);
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        let days = match mo {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 => if leap { 29 } else { 28 },
            _ => 0,
        };
        return Ok(!(mo >= 1 && d >= 1 && d <= days));
    }
    if matches(r"(?i)^\+?\.inf$", s) || matches(r"(?i)^-\.inf$", s) || matches(r"(?i)^\.nan$", s) || matches(r"^:.", s) {
        return Ok(false);
    }
    if matches(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}$", s) || matches(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*$", s) {
        return Ok(false);
    }
    if matches(r"^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?)$", s) {
        if matches(r"\A[-+]?\.\Z", s) {
            return Ok(true);
        }
        // Float(string.delete(',_').gsub(/\.([Ee]|$)/, '\1')): raises on what Float() rejects.
        let cleaned: String = s.chars().filter(|c| *c != ',' && *c != '_').collect();
        let cleaned = re(r"\.([Ee]|$)").match_at(&cleaned, 0).map_or(cleaned.clone(), |m| {
            format!("{}{}{}", &cleaned[..m.start()], m.group(1).unwrap_or(""), &cleaned[m.end()..])
        });
        if crate::convert::ruby_float(&cleaned).is_none() {
            return ctx.raise("ArgumentError", format!("invalid value for Float(): {}", super::value::inspect_str(&cleaned)));
        }
        return Ok(false);
    }
    const INT: &str = r"^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$";
    if matches(INT, s) {
        let cleaned: String = s.chars().filter(|c| *c != ',' && *c != '_').collect();
        if crate::convert::ruby_integer(&cleaned, None).is_none() {
            return ctx.raise("ArgumentError", format!("invalid value for Integer(): {}", super::value::inspect_str(&cleaned)));
        }
        return Ok(false);
    }
    Ok(true)
}

/// libyaml's scalar analysis.
struct Analysis {
    multiline: bool,
    flow_plain_allowed: bool,
    block_plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
}

fn is_printable(c: char) -> bool {
    let u = c as u32;
    u == 0x0a || (0x20..=0x7e).contains(&u) || (0xa0..=0xd7ff).contains(&u) || ((0xe000..=0xfffd).contains(&u) && u != 0xfeff)
}
fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}
fn is_blankz(c: Option<char>) -> bool {
    match c {
        None => true,
        Some(c) => c == ' ' || c == '\t' || is_break(c) || c == '\0',
    }
}

fn analyze(s: &str) -> Analysis {
    if s.is_empty() {
        return Analysis { multiline: false, flow_plain_allowed: false, block_plain_allowed: true, single_quoted_allowed: true, block_allowed: false };
    }
    let cs: Vec<char> = s.chars().collect();
    let (mut block_ind, mut flow_ind, mut line_breaks, mut special) = (false, false, false, false);
    let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) = (false, false, false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut previous_space, mut previous_break) = (false, false);
    if s.starts_with("---") || s.starts_with("...") {
        block_ind = true;
        flow_ind = true;
    }
    let mut preceded_by_ws = true;
    let mut followed_by_ws = is_blankz(cs.get(1).copied());
    for (i, &c) in cs.iter().enumerate() {
        if i == 0 {
            if "#,[]{}&*!|>'\"%@`".contains(c) {
                flow_ind = true;
                block_ind = true;
            }
            if c == '?' || c == ':' {
                flow_ind = true;
                if followed_by_ws {
                    block_ind = true;
                }
            }
            if c == '-' && followed_by_ws {
                flow_ind = true;
                block_ind = true;
            }
        } else {
            if ",?[]{}".contains(c) {
                flow_ind = true;
            }
            if c == ':' {
                flow_ind = true;
                if followed_by_ws {
                    block_ind = true;
                }
            }
            if c == '#' && preceded_by_ws {
                flow_ind = true;
                block_ind = true;
            }
        }
        if !is_printable(c) {
            special = true;
        }
        if is_break(c) {
            line_breaks = true;
        }
        if c == ' ' {
            if i == 0 {
                leading_space = true;
            }
            if i + 1 == cs.len() {
                trailing_space = true;
            }
            if previous_break {
                break_space = true;
            }
            previous_space = true;
            previous_break = false;
        } else if is_break(c) {
            if i == 0 {
                leading_break = true;
            }
            if i + 1 == cs.len() {
                trailing_break = true;
            }
            if previous_space {
                space_break = true;
            }
            previous_space = false;
            previous_break = true;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_ws = is_blankz(Some(c));
        if i + 1 < cs.len() {
            followed_by_ws = is_blankz(cs.get(i + 2).copied());
        }
    }
    let mut a = Analysis { multiline: line_breaks, flow_plain_allowed: true, block_plain_allowed: true, single_quoted_allowed: true, block_allowed: true };
    if leading_space || leading_break || trailing_space || trailing_break {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
    }
    if trailing_space {
        a.block_allowed = false;
    }
    if break_space {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
    }
    if space_break || special {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
        a.block_allowed = false;
    }
    if line_breaks {
        a.flow_plain_allowed = false;
        a.block_plain_allowed = false;
    }
    if flow_ind {
        a.flow_plain_allowed = false;
    }
    if block_ind {
        a.block_plain_allowed = false;
    }
    a
}

const BEST_WIDTH: usize = 80;
const BEST_INDENT: i32 = 2;

struct Emitter {
    out: String,
    column: usize,
    indent: i32,
    indents: Vec<i32>,
    whitespace: bool,
    indention: bool,
    flow_level: u32,
    open_ended: u8,
}

impl Emitter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }
    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }
    /// WRITE_BREAK: a `\n` is written as the line break; other breaks as themselves.
    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }
    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }
    fn write_indicator(&mut self, ind: &str, need_ws: bool, is_ws: bool, is_indention: bool) {
        if need_ws && !self.whitespace {
            self.put(' ');
        }
        for c in ind.chars() {
            self.put(c);
        }
        self.whitespace = is_ws;
        self.indention = self.indention && is_indention;
    }
    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }
    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    fn simple_key_ok(n: &Node) -> bool {
        match n {
            Node::Scalar { value, tag, .. } => {
                let a = analyze(value);
                !a.multiline && value.chars().count() + tag.map_or(0, |_| 0) <= 128
            }
            Node::Seq(items) => items.is_empty(),
            Node::Map(pairs) => pairs.is_empty(),
        }
    }

    fn node(&mut self, n: &Node, root: bool, _sequence: bool, mapping: bool, simple_key: bool) {
        let _ = root;
        match n {
            Node::Scalar { .. } => self.scalar(n, simple_key),
            Node::Seq(items) => {
                if self.flow_level > 0 || items.is_empty() {
                    self.write_indicator("[", true, true, false);
                    self.increase_indent(true, false);
                    self.flow_level += 1;
                    for (i, x) in items.iter().enumerate() {
                        if i > 0 {
                            self.write_indicator(",", false, false, false);
                        }
                        if self.column > BEST_WIDTH {
                            self.write_indent();
                        }
                        self.node(x, false, true, false, false);
                    }
                    self.flow_level -= 1;
                    self.pop_indent();
                    self.write_indicator("]", false, false, false);
                } else {
                    let indentless = mapping && !self.indention;
                    self.increase_indent(false, indentless);
                    for x in items {
                        self.write_indent();
                        self.write_indicator("-", true, false, true);
                        self.node(x, false, true, false, false);
                    }
                    self.pop_indent();
                }
            }
            Node::Map(pairs) => {
                if self.flow_level > 0 || pairs.is_empty() {
                    self.write_indicator("{", true, true, false);
                    self.increase_indent(true, false);
                    self.flow_level += 1;
                    for (i, (k, v)) in pairs.iter().enumerate() {
                        if i > 0 {
                            self.write_indicator(",", false, false, false);
                        }
                        if self.column > BEST_WIDTH {
                            self.write_indent();
                        }
                        if Self::simple_key_ok(k) {
                            self.node(k, false, false, true, true);
                            self.write_indicator(":", false, false, false);
                        } else {
                            self.write_indicator("?", true, false, false);
                            self.node(k, false, false, true, false);
                            if self.column > BEST_WIDTH {
                                self.write_indent();
                            }
                            self.write_indicator(":", true, false, false);
                        }
                        self.node(v, false, false, true, false);
                    }
                    self.flow_level -= 1;
                    self.pop_indent();
                    self.write_indicator("}", false, false, false);
                } else {
                    self.increase_indent(false, false);
                    for (k, v) in pairs {
                        self.write_indent();
                        if Self::simple_key_ok(k) {
                            self.node(k, false, false, true, true);
                            self.write_indicator(":", false, false, false);
                        } else {
                            self.write_indicator("?", true, false, true);
                            self.node(k, false, false, true, false);
                            self.write_indent();
                            self.write_indicator(":", true, false, true);
                        }
                        self.node(v, false, false, true, false);
                    }
                    self.pop_indent();
                }
            }
        }
    }

    fn scalar(&mut self, n: &Node, simple_key: bool) {
        let Node::Scalar { value, plain_implicit, quoted_implicit, style, tag } = n else { return };
        let a = analyze(value);
        // A tag is written when neither implicit flag allows leaving it out.
        let mut tag_out: Option<String> = if !plain_implicit && !quoted_implicit {
            tag.map(|t| match t.strip_prefix("tag:yaml.org,2002:") {
                Some(suffix) => format!("!!{suffix}"),
                None => t.to_string(),
            })
        } else {
            None
        };
        let no_tag = tag_out.is_none();
        let mut style = *style;
        if simple_key && a.multiline {
            style = Style::Double;
        }
        if style == Style::Plain {
            if (self.flow_level > 0 && !a.flow_plain_allowed) || (self.flow_level == 0 && !a.block_plain_allowed) {
                style = Style::Single;
            }
            if value.is_empty() && (self.flow_level > 0 || simple_key) {
                style = Style::Single;
            }
            if no_tag && !plain_implicit {
                style = Style::Single;
            }
        }
        if style == Style::Single && !a.single_quoted_allowed {
            style = Style::Double;
        }
        if style == Style::Literal && (!a.block_allowed || self.flow_level > 0 || simple_key) {
            style = Style::Double;
        }
        if no_tag && !quoted_implicit && style != Style::Plain {
            tag_out = Some("!".into());
        }
        if let Some(t) = &tag_out {
            if !self.whitespace {
                self.put(' ');
            }
            for c in t.chars() {
                self.put(c);
            }
            self.whitespace = false;
            self.indention = false;
        }
        self.increase_indent(true, false);
        let allow_breaks = !simple_key;
        match style {
            Style::Plain => self.write_plain(value, allow_breaks),
            Style::Single => self.write_single(value, allow_breaks),
            Style::Double => self.write_double(value, allow_breaks),
            Style::Literal => self.write_literal(value),
        }
        self.pop_indent();
    }

    fn write_plain(&mut self, s: &str, allow_breaks: bool) {
        if !self.whitespace && (!s.is_empty() || self.flow_level > 0) {
            self.put(' ');
        }
        let cs: Vec<char> = s.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in cs.iter().enumerate() {
            if c == ' ' {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && cs.get(i + 1) != Some(&' ') {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        self.whitespace = false;
        self.indention = false;
    }

    fn write_single(&mut self, s: &str, allow_breaks: bool) {
        self.write_indicator("'", true, false, false);
        let cs: Vec<char> = s.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in cs.iter().enumerate() {
            if c == ' ' {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && i != 0 && i + 1 != cs.len() && cs.get(i + 1) != Some(&' ') {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                if c == '\'' {
                    self.put('\'');
                }
                self.put(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        if breaks {
            self.write_indent();
        }
        self.write_indicator("'", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_double(&mut self, s: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        let cs: Vec<char> = s.chars().collect();
        let mut spaces = false;
        for (i, &c) in cs.iter().enumerate() {
            if !is_printable(c) || c == '\u{feff}' || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                let u = c as u32;
                match u {
                    0x00 => self.put('0'),
                    0x07 => self.put('a'),
                    0x08 => self.put('b'),
                    0x09 => self.put('t'),
                    0x0a => self.put('n'),
                    0x0b => self.put('v'),
                    0x0c => self.put('f'),
                    0x0d => self.put('r'),
                    0x1b => self.put('e'),
                    0x22 => self.put('"'),
                    0x5c => self.put('\\'),
                    0x85 => self.put('N'),
                    0xa0 => self.put('_'),
                    0x2028 => self.put('L'),
                    0x2029 => self.put('P'),
                    _ => {
                        let (p, width) = if u <= 0xff { ('x', 2) } else if u <= 0xffff { ('u', 4) } else { ('U', 8) };
                        self.put(p);
                        for c in format!("{u:0width$X}").chars() {
                            self.put(c);
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && i != 0 && i + 1 != cs.len() {
                    self.write_indent();
                    if cs.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn write_literal(&mut self, s: &str) {
        self.write_indicator("|", true, false, false);
        // Block scalar hints.
        let cs: Vec<char> = s.chars().collect();
        if cs.first().is_some_and(|c| *c == ' ' || is_break(*c)) {
            self.write_indicator(&BEST_INDENT.to_string(), false, false, false);
        }
        self.open_ended = 0;
        let chomp = match cs.last() {
            None => Some("-"),
            Some(&l) if !is_break(l) => Some("-"),
            Some(_) if cs.len() == 1 => {
                self.open_ended = 2;
                Some("+")
            }
            Some(_) => {
                if is_break(cs[cs.len() - 2]) {
                    self.open_ended = 2;
                    Some("+")
                } else {
                    None
                }
            }
        };
        if let Some(h) = chomp {
            self.write_indicator(h, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for &c in &cs {
            if is_break(c) {
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}
