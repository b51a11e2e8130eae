//! libyaml 0.2.5's emitter as Psych drives it for `Object#to_yaml`: the
//! one writer behind stdlib's `to_yaml` (Puppet values,
//! `functions::stdlib::yaml`) and ERB's `obj.to_yaml` (Ruby values,
//! `erb::yaml`). Each of those walks its own values the way Psych's
//! `YAMLTree` visitor does (the style it asks for per String, the implicit
//! flags of numbers, nil and symbols) and hands this module a [`Node`]
//! tree; the scalar analysis, the style libyaml finally picks, block
//! collections with indentless sequences under mapping keys, folding at
//! `best_width`, block scalar hints and the document markers are here,
//! once.
//!
//! No YAML crate reproduces Psych's output byte for byte, hence a port.

use std::borrow::Cow;

/// The scalar style Psych asks for (libyaml may override it, see
/// [`Emitter::scalar`]).
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) enum Style {
    Plain,
    Single,
    Double,
    Literal,
    Folded,
}

/// A scalar event: text, tag (short form, `!!str`), implicit flags and the
/// requested style.
pub(crate) struct Scalar<'a> {
    pub value: Cow<'a, str>,
    pub tag: Option<&'static str>,
    pub plain_implicit: bool,
    pub quoted_implicit: bool,
    pub style: Style,
}

impl<'a> Scalar<'a> {
    /// How Psych writes numbers, booleans and symbols: plain, implicit
    /// only as plain (so a quoted form gets the `!` tag).
    pub fn plain(value: impl Into<Cow<'a, str>>) -> Self {
        Scalar { value: value.into(), tag: None, plain_implicit: true, quoted_implicit: false, style: Style::Plain }
    }

    /// Psych's `nil`: an empty plain scalar tagged `!!null`.
    pub fn null() -> Self {
        Scalar { value: Cow::Borrowed(""), tag: Some("!!null"), plain_implicit: true, quoted_implicit: false, style: Style::Plain }
    }
}

/// The events of one document as a tree.
pub(crate) enum Node<'a> {
    Scalar(Scalar<'a>),
    Seq(Vec<Node<'a>>),
    Map(Vec<(Node<'a>, Node<'a>)>),
}

/// The emitter settings Psych passes to libyaml.
#[derive(Clone, Copy)]
pub(crate) struct Options {
    /// libyaml's `best_indent` (2 to 9; anything else is 2).
    pub indent: usize,
    /// libyaml's `best_width`: the column after which it folds.
    pub width: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { indent: 2, width: 80 }
    }
}

/// `---`, the node, the implicit document end and the stream end.
pub(crate) fn emit(node: &Node<'_>, opts: Options) -> String {
    let best_indent = if (2..=9).contains(&opts.indent) { opts.indent } else { 2 };
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        whitespace: true,
        indention: true,
        indent: -1,
        indents: Vec::new(),
        best_indent,
        best_width: opts.width,
        open_ended: 0,
        root: false,
        simple_key_ctx: false,
    };
    e.write_indent();
    e.write_indicator("---", true, false, false);
    e.node(node, true, false, false);
    e.write_indent();
    if e.open_ended == 2 {
        e.write_indicator("...", true, false, false);
        e.write_indent();
    }
    e.out
}

/// libyaml's `yaml_emitter_analyze_scalar` result, without what only
/// the flow context reads (no scalar is written there, see [`Emitter`]).
struct Analysis {
    multiline: bool,
    block_plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
}

pub(crate) fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_blankz(c: Option<char>) -> bool {
    match c {
        None => true,
        Some(c) => c == ' ' || c == '\t' || is_break(c) || c == '\0',
    }
}

/// libyaml's `IS_PRINTABLE` (on the UTF-8 bytes).
fn is_printable(c: char) -> bool {
    let u = c as u32;
    u == 0x0A || (0x20..=0x7E).contains(&u) || (0xA0..=0xD7FF).contains(&u) || ((0xE000..=0xFFFD).contains(&u) && u != 0xFEFF)
}

fn analyze(value: &str) -> Analysis {
    let chars: Vec<char> = value.chars().collect();
    if chars.is_empty() {
        return Analysis {
            multiline: false,
            block_plain_allowed: true,
            single_quoted_allowed: true,
            block_allowed: false,
        };
    }
    let mut block_ind = value.starts_with("---") || value.starts_with("...");
    let (mut line_breaks, mut special) = (false, false);
    let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) = (false, false, false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut prev_space, mut prev_break) = (false, false);
    let mut preceded_by_ws = true;
    let mut followed_by_ws = is_blankz(chars.get(1).copied());
    let n = chars.len();
    for i in 0..n {
        let c = chars[i];
        // The block indicators (libyaml's flow indicators only matter in
        // the flow context).
        if i == 0 {
            if "#,[]{}&*!|>'\"%@`".contains(c) || ((c == '?' || c == ':' || c == '-') && followed_by_ws) {
                block_ind = true;
            }
        } else if (c == ':' && followed_by_ws) || (c == '#' && preceded_by_ws) {
            block_ind = true;
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
            if i == n - 1 {
                trailing_space = true;
            }
            if prev_break {
                break_space = true;
            }
            prev_space = true;
            prev_break = false;
        } else if is_break(c) {
            if i == 0 {
                leading_break = true;
            }
            if i == n - 1 {
                trailing_break = true;
            }
            if prev_space {
                space_break = true;
            }
            prev_space = false;
            prev_break = true;
        } else {
            prev_space = false;
            prev_break = false;
        }
        preceded_by_ws = is_blankz(Some(c));
        if i + 1 < n {
            followed_by_ws = is_blankz(chars.get(i + 2).copied());
        }
    }
    let mut a = Analysis {
        multiline: line_breaks,
        block_plain_allowed: true,
        single_quoted_allowed: true,
        block_allowed: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        a.block_plain_allowed = false;
    }
    if trailing_space {
        a.block_allowed = false;
    }
    if break_space {
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
    }
    if space_break || special {
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
        a.block_allowed = false;
    }
    if line_breaks || block_ind {
        a.block_plain_allowed = false;
    }
    a
}

/// The emitter's state. There is no flow level: Psych asks for the flow
/// style only for empty collections, so no node is ever written inside a
/// flow collection and libyaml's flow-context rules never apply.
struct Emitter {
    out: String,
    column: usize,
    whitespace: bool,
    indention: bool,
    indent: isize,
    indents: Vec<isize>,
    best_indent: usize,
    best_width: usize,
    open_ended: u8,
    // The context of the node being emitted.
    root: bool,
    simple_key_ctx: bool,
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

    /// libyaml's `WRITE_BREAK`: a `\n` is the emitter's line break, other
    /// break characters are copied.
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
        // libyaml 0.2.5 leaves `open_ended` alone here: a `|+` block
        // scalar anywhere before the end still ends the stream with `...`.
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { self.best_indent as isize } else { 0 };
        } else if !indentless {
            self.indent += self.best_indent as isize;
        }
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    /// An empty collection, `[]` or `{}`.
    fn empty_flow(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.increase_indent(true, false);
        self.pop_indent();
        self.write_indicator(close, false, false, false);
    }

    fn node(&mut self, n: &Node<'_>, root: bool, mapping: bool, simple_key: bool) {
        self.root = root;
        self.simple_key_ctx = simple_key;
        match n {
            Node::Scalar(s) => self.scalar(s),
            Node::Seq(items) if items.is_empty() => self.empty_flow("[", "]"),
            Node::Seq(items) => {
                let indentless = mapping && !self.indention;
                self.increase_indent(false, indentless);
                for x in items {
                    self.write_indent();
                    self.write_indicator("-", true, false, true);
                    self.node(x, false, false, false);
                }
                self.pop_indent();
            }
            Node::Map(pairs) if pairs.is_empty() => self.empty_flow("{", "}"),
            Node::Map(pairs) => {
                self.increase_indent(false, false);
                for (k, v) in pairs {
                    self.write_indent();
                    if is_simple_key(k) {
                        self.node(k, false, true, true);
                        self.write_indicator(":", false, false, false);
                    } else {
                        self.write_indicator("?", true, false, true);
                        self.node(k, false, true, false);
                        self.write_indent();
                        self.write_indicator(":", true, false, true);
                    }
                    self.node(v, false, true, false);
                }
                self.pop_indent();
            }
        }
    }

    /// `yaml_emitter_emit_scalar`: style selection, tag, then the writer.
    fn scalar(&mut self, s: &Scalar<'_>) {
        let value: &str = &s.value;
        let a = analyze(value);
        // The tag is kept only when neither implicit flag is set.
        let mut tag: Option<&str> = if !s.plain_implicit && !s.quoted_implicit { s.tag } else { None };
        let no_tag = tag.is_none();
        let mut style = s.style;
        if self.simple_key_ctx && a.multiline {
            style = Style::Double;
        }
        if style == Style::Plain {
            if !a.block_plain_allowed || (value.is_empty() && self.simple_key_ctx) || (no_tag && !s.plain_implicit) {
                style = Style::Single;
            }
        }
        if style == Style::Single && !a.single_quoted_allowed {
            style = Style::Double;
        }
        if matches!(style, Style::Literal | Style::Folded) && (!a.block_allowed || self.simple_key_ctx) {
            style = Style::Double;
        }
        if no_tag && !s.quoted_implicit && style != Style::Plain {
            tag = Some("!");
        }
        if let Some(t) = tag {
            self.write_indicator(t, true, false, false);
        }
        self.increase_indent(true, false);
        let allow_breaks = !self.simple_key_ctx;
        match style {
            Style::Plain => self.write_plain(value, allow_breaks),
            Style::Single => self.write_single_quoted(value, allow_breaks),
            Style::Double => self.write_double_quoted(value, allow_breaks),
            Style::Literal => self.write_literal(value),
            Style::Folded => self.write_folded(value),
        }
        self.pop_indent();
    }

    fn write_plain(&mut self, value: &str, allow_breaks: bool) {
        let chars: Vec<char> = value.chars().collect();
        if !self.whitespace && !chars.is_empty() {
            self.put(' ');
        }
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                if allow_breaks && !spaces && self.column > self.best_width && chars.get(i + 1) != Some(&' ') {
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
        if self.root {
            self.open_ended = 1;
        }
    }

    fn write_single_quoted(&mut self, value: &str, allow_breaks: bool) {
        let chars: Vec<char> = value.chars().collect();
        self.write_indicator("'", true, false, false);
        let (mut spaces, mut breaks) = (false, false);
        let n = chars.len();
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > self.best_width
                    && i != 0
                    && i != n - 1
                    && chars.get(i + 1) != Some(&' ')
                {
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

    fn write_double_quoted(&mut self, value: &str, allow_breaks: bool) {
        let chars: Vec<char> = value.chars().collect();
        self.write_indicator("\"", true, false, false);
        let mut spaces = false;
        let n = chars.len();
        for (i, &c) in chars.iter().enumerate() {
            if !is_printable(c) || c == '\u{FEFF}' || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                let u = c as u32;
                let esc = match u {
                    0x00 => Some('0'),
                    0x07 => Some('a'),
                    0x08 => Some('b'),
                    0x09 => Some('t'),
                    0x0A => Some('n'),
                    0x0B => Some('v'),
                    0x0C => Some('f'),
                    0x0D => Some('r'),
                    0x1B => Some('e'),
                    0x22 => Some('"'),
                    0x5C => Some('\\'),
                    0x85 => Some('N'),
                    0xA0 => Some('_'),
                    0x2028 => Some('L'),
                    0x2029 => Some('P'),
                    _ => None,
                };
                match esc {
                    Some(e) => self.put(e),
                    None => {
                        let hex = if u <= 0xFF {
                            format!("x{u:02X}")
                        } else if u <= 0xFFFF {
                            format!("u{u:04X}")
                        } else {
                            format!("U{u:08X}")
                        };
                        for h in hex.chars() {
                            self.put(h);
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks && !spaces && self.column > self.best_width && i != 0 && i != n - 1 {
                    self.write_indent();
                    if chars.get(i + 1) == Some(&' ') {
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

    fn write_block_hints(&mut self, value: &str) {
        let first = value.chars().next();
        if first.is_some_and(|c| c == ' ' || is_break(c)) {
            let hint = self.best_indent.to_string();
            self.write_indicator(&hint, false, false, false);
        }
        self.open_ended = 0;
        let mut rev = value.chars().rev();
        let chomp = match rev.next() {
            None => Some("-"),
            Some(c) if !is_break(c) => Some("-"),
            Some(_) => match rev.next() {
                None => {
                    self.open_ended = 2;
                    Some("+")
                }
                Some(c) if is_break(c) => {
                    self.open_ended = 2;
                    Some("+")
                }
                Some(_) => None,
            },
        };
        if let Some(h) = chomp {
            self.write_indicator(h, false, false, false);
        }
    }

    fn write_literal(&mut self, value: &str) {
        self.write_indicator("|", true, false, false);
        self.write_block_hints(value);
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for c in value.chars() {
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

    fn write_folded(&mut self, value: &str) {
        let chars: Vec<char> = value.chars().collect();
        self.write_indicator(">", true, false, false);
        self.write_block_hints(value);
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let (mut breaks, mut leading_spaces) = (true, true);
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if is_break(c) {
                if !breaks && !leading_spaces && c == '\n' {
                    let mut k = i;
                    while k < chars.len() && is_break(chars[k]) {
                        k += 1;
                    }
                    if !is_blankz(chars.get(k).copied()) {
                        self.put_break();
                    }
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                    leading_spaces = c == ' ' || c == '\t';
                }
                if !breaks && c == ' ' && chars.get(i + 1) != Some(&' ') && self.column > self.best_width {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                self.indention = false;
                breaks = false;
            }
            i += 1;
        }
    }
}

/// `yaml_emitter_check_simple_key`: scalars on one line of at most 128
/// bytes (with the tag `analyze_event` keeps), empty collections.
fn is_simple_key(k: &Node<'_>) -> bool {
    match k {
        Node::Seq(a) => a.is_empty(),
        Node::Map(m) => m.is_empty(),
        Node::Scalar(s) => {
            let tag_len = if !s.plain_implicit && !s.quoted_implicit { s.tag.map_or(0, str::len) } else { 0 };
            !analyze(&s.value).multiline && s.value.len() + tag_len <= 128
        }
    }
}
