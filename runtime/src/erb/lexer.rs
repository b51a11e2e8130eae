//! The Ruby lexer: turns the segments of a template into one token stream,
//! the stream Ruby would read from the program ERB generates.
//!
//! Text segments become [`Tok::Text`] (an output statement), `<%= %>` tags
//! become [`Tok::InsertStart`] ... [`Tok::InsertEnd`], and every boundary
//! between segments is a [`Tok::Semi`], because ERB joins the pieces of one
//! program line with `; `. A `#` comment that reaches the end of a tag
//! continues, as in the generated program, up to the next program line
//! break: it swallows the following text and tags of that line (Ruby's own
//! behaviour for `<% # note %>text`).
//!
//! Ruby's lexer is context sensitive (`/` divides or starts a regexp, `[`
//! indexes or starts an array, `{` opens a block or a hash, `foo -1` passes
//! -1 while `x -1` subtracts). This lexer keeps the state Ruby keeps for
//! these decisions: whether an operand or an operator is expected, whether
//! the previous word may be a method taking command arguments (space before,
//! none after), and which identifiers are local variables (assigned, or
//! block and method parameters, earlier in the template).
//!
//! Not supported (a located error): heredocs, backticks, `=begin` comments,
//! `__END__`, character literals (`?a`), global variables other than the
//! last-match ones (`$~`, `$&`, `$1`..`$9`).

use std::collections::HashSet;

use super::scanner::Segment;

/// A part of an interpolating literal (`"a#{b}"`, `/x#{y}/`, `:"s#{t}"`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum StrPart {
    Lit(String),
    /// The tokens of a `#{...}` (ending with [`Tok::Eof`]).
    Code(Vec<Token>),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Int(i64),
    Float(f64),
    Str(Vec<StrPart>),
    Sym(String),
    DSym(Vec<StrPart>),
    /// A regexp literal: parts and option letters (`i`, `m`, `x`).
    Regex(Vec<StrPart>, String),
    /// `%w[]`/`%i[]`: words (symbols when the flag is set).
    Words(Vec<String>, bool),
    /// A lower-case identifier, possibly ending in `?` or `!`.
    Ident(String),
    Const(String),
    Ivar(String),
    /// `$~`, `$&`, `$1`..`$9` (the only globals supported).
    Gvar(String),
    /// `name:` in a hash or argument list.
    Label(String),
    Kw(&'static str),
    /// An operator or punctuation: `+`, `==`, `.`, `::`, `,`, `=>`, `=`, `?`, `:` ...
    Op(&'static str),
    /// `x += 1`: the operator without `=`.
    OpAssign(&'static str),
    /// `(` opening a call's argument list (no space after the method name).
    LParenCall,
    /// `(` opening a group (or a paren argument `foo (x)`).
    LParen,
    RParen,
    /// `[` starting an array literal.
    LBrackArray,
    /// `[` indexing (after a value, no space).
    LBrackIndex,
    RBrack,
    /// `{` starting a hash literal.
    LBraceHash,
    /// `{` starting a block.
    LBraceBlock,
    RBrace,
    /// `*` splat / `&` block argument / `-` and `+` unary (in operand position).
    Splat,
    BlockArg,
    UMinus,
    UPlus,
    Newline,
    /// A statement boundary: `;` or the boundary between two ERB pieces.
    Semi,
    /// Literal template text: an output statement.
    Text(String),
    InsertStart,
    InsertEnd,
    Eof,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Token {
    pub tok: Tok,
    pub line: u32,
    /// Whitespace (or a line start) precedes the token.
    pub space_before: bool,
}

/// A lexing error: message and program line.
#[derive(Debug, Clone)]
pub(crate) struct LexError {
    pub message: String,
    pub line: u32,
}

const KEYWORDS: &[&str] = &[
    "if", "unless", "elsif", "else", "end", "while", "until", "case", "when", "then", "do", "begin", "rescue",
    "ensure", "def", "return", "next", "break", "and", "or", "not", "nil", "true", "false", "self", "defined?",
    "yield", "in", "class", "module", "redo", "retry", "alias", "undef", "super", "__FILE__", "__LINE__",
    "__method__", "BEGIN", "END", "for",
];

/// Keywords after which an operand is expected.
const BEG_KEYWORDS: &[&str] = &[
    "if", "unless", "elsif", "else", "while", "until", "case", "when", "then", "do", "begin", "rescue", "ensure",
    "return", "next", "break", "and", "or", "not", "in", "yield", "defined?",
];

/// Operators after which a newline does not end the statement.
const CONTINUES: &[&str] = &[
    "+", "-", "*", "/", "%", "**", "==", "!=", "===", "=~", "!~", "<", ">", "<=", ">=", "<=>", "&&", "||", "&",
    "|", "^", "<<", ">>", ".", "&.", "::", ",", "=", "=>", "?", ":", "!", "..", "...",
];

pub(crate) struct Lexer<'a> {
    src: &'a [u8],
    text: &'a str,
    pos: usize,
    line: u32,
    out: Vec<Token>,
    /// Identifiers known to be local variables.
    locals: HashSet<String>,
    /// `|` opening block parameters seen: identifiers up to the closing `|` are locals.
    in_block_params: bool,
    /// After `def`: the next word is a method name, then its parameters are locals.
    in_def_params: u8,
    paren_depth: i32,
}

/// Lexes all segments into one stream ending in [`Tok::Eof`].
pub(crate) fn lex(segments: &[Segment]) -> Result<Vec<Token>, LexError> {
    let mut out: Vec<Token> = Vec::new();
    let mut locals = HashSet::new();
    // A `#` comment still open at the end of a tag: it runs to the next
    // program line break.
    let mut comment_open = false;
    let mut last_line = 1;
    for seg in segments {
        match seg {
            Segment::Text(t) => {
                let nl = t.bytes().filter(|&c| c == b'\n').count() as u32;
                if comment_open {
                    if nl > 0 {
                        comment_open = false;
                    }
                } else {
                    push_semi(&mut out, last_line);
                    out.push(Token { tok: Tok::Text(t.clone()), line: last_line, space_before: true });
                }
                last_line += nl;
            }
            Segment::Cr => {
                comment_open = false;
                last_line += 1;
            }
            Segment::Code(code, line) | Segment::Insert(code, line) => {
                let insert = matches!(seg, Segment::Insert(..));
                let mut code: &str = code;
                let mut line = *line;
                if comment_open {
                    match code.find('\n') {
                        Some(i) => {
                            if insert {
                                return Err(LexError {
                                    message: "a Ruby comment that continues into a <%= %> tag is not supported"
                                        .into(),
                                    line,
                                });
                            }
                            code = &code[i + 1..];
                            line += 1;
                        }
                        None => {
                            last_line = line;
                            continue;
                        }
                    }
                }
                push_semi(&mut out, line);
                if insert {
                    out.push(Token { tok: Tok::InsertStart, line, space_before: true });
                }
                let mut lx = Lexer {
                    src: code.as_bytes(),
                    text: code,
                    pos: 0,
                    line,
                    out: std::mem::take(&mut out),
                    locals: std::mem::take(&mut locals),
                    in_block_params: false,
                    in_def_params: 0,
                    paren_depth: 0,
                };
                let open = lx.run()?;
                out = lx.out;
                locals = lx.locals;
                last_line = lx.line;
                if insert {
                    if open {
                        return Err(LexError {
                            message: "a Ruby comment that ends a <%= %> tag is not supported".into(),
                            line: last_line,
                        });
                    }
                    out.push(Token { tok: Tok::InsertEnd, line: last_line, space_before: true });
                }
                comment_open = open;
            }
        }
    }
    out.push(Token { tok: Tok::Eof, line: last_line, space_before: true });
    Ok(out)
}

fn push_semi(out: &mut Vec<Token>, line: u32) {
    if !matches!(out.last().map(|t| &t.tok), None | Some(Tok::Semi)) {
        out.push(Token { tok: Tok::Semi, line, space_before: true });
    }
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}
fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

impl<'a> Lexer<'a> {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, LexError> {
        Err(LexError { message: message.into(), line: self.line })
    }

    fn peek(&self, off: usize) -> u8 {
        *self.src.get(self.pos + off).unwrap_or(&0)
    }

    fn push(&mut self, tok: Tok, space_before: bool) {
        self.out.push(Token { tok, line: self.line, space_before });
    }

    fn last(&self) -> Option<&Tok> {
        self.out.last().map(|t| &t.tok)
    }

    /// Is an operand expected (Ruby's EXPR_BEG)?
    fn beg(&self) -> bool {
        match self.last() {
            None => true,
            Some(t) => match t {
                Tok::Op(o) => *o != ")" && *o != "]",
                Tok::OpAssign(_)
                | Tok::LParenCall
                | Tok::LParen
                | Tok::LBrackArray
                | Tok::LBrackIndex
                | Tok::LBraceHash
                | Tok::LBraceBlock
                | Tok::Splat
                | Tok::BlockArg
                | Tok::UMinus
                | Tok::UPlus
                | Tok::Newline
                | Tok::Semi
                | Tok::Text(_)
                | Tok::InsertStart
                | Tok::InsertEnd
                | Tok::Label(_) => true,
                Tok::Kw(k) => BEG_KEYWORDS.contains(k),
                _ => false,
            },
        }
    }

    /// Is the previous token a word that may be a method call taking
    /// command arguments (Ruby's EXPR_ARG/CMDARG): an identifier that is not
    /// a local variable, or a method name after `.`?
    fn arg_state(&self) -> bool {
        let n = self.out.len();
        match self.last() {
            Some(Tok::Ident(name)) => {
                let after_dot = n >= 2 && matches!(self.out[n - 2].tok, Tok::Op(".") | Tok::Op("&."));
                after_dot || !self.locals.contains(name)
            }
            _ => false,
        }
    }

    /// Lexes one code piece. Returns true when it ends inside a `#` comment.
    fn run(&mut self) -> Result<bool, LexError> {
        let mut space = true;
        while self.pos < self.src.len() {
            let c = self.peek(0);
            match c {
                b' ' | b'\t' | b'\r' | 0x0c | 0x0b => {
                    self.pos += 1;
                    space = true;
                    continue;
                }
                b'\\' if self.peek(1) == b'\n' => {
                    self.pos += 2;
                    self.line += 1;
                    space = true;
                    continue;
                }
                b'\\' if self.peek(1) == b'\r' && self.peek(2) == b'\n' => {
                    self.pos += 3;
                    self.line += 1;
                    space = true;
                    continue;
                }
                b'#' => {
                    while self.pos < self.src.len() && self.peek(0) != b'\n' {
                        self.pos += 1;
                    }
                    if self.pos >= self.src.len() {
                        return Ok(true);
                    }
                    continue;
                }
                b'\n' => {
                    self.pos += 1;
                    self.newline();
                    self.line += 1;
                    space = true;
                    continue;
                }
                _ => {}
            }
            self.token(space)?;
            space = false;
        }
        Ok(false)
    }

    /// A newline: a statement end unless the statement obviously continues
    /// (after an operator or comma, or before a line starting with `.`).
    fn newline(&mut self) {
        if self.in_block_params || self.in_def_params > 0 && self.paren_depth > 0 {
            return;
        }
        let continues = match self.last() {
            None | Some(Tok::Newline) | Some(Tok::Semi) => true,
            Some(Tok::Op(o)) => CONTINUES.contains(o),
            Some(Tok::Kw(k)) => ["and", "or", "not"].contains(k),
            Some(Tok::OpAssign(_))
            | Some(Tok::LParenCall)
            | Some(Tok::LParen)
            | Some(Tok::LBrackArray)
            | Some(Tok::LBrackIndex)
            | Some(Tok::LBraceHash)
            | Some(Tok::UMinus)
            | Some(Tok::UPlus)
            | Some(Tok::Splat)
            | Some(Tok::Label(_))
            | Some(Tok::InsertStart) => true,
            _ => false,
        };
        if continues {
            return;
        }
        // A following line that starts with `.method` (or `&.`) continues.
        let mut p = self.pos;
        loop {
            while p < self.src.len() && matches!(self.src[p], b' ' | b'\t' | b'\r' | b'\n') {
                p += 1;
            }
            if p < self.src.len() && self.src[p] == b'#' {
                while p < self.src.len() && self.src[p] != b'\n' {
                    p += 1;
                }
                continue;
            }
            break;
        }
        let rest = &self.src[p..];
        if (rest.starts_with(b".") && !rest.starts_with(b"..")) || rest.starts_with(b"&.") {
            return;
        }
        self.push(Tok::Newline, true);
    }

    fn token(&mut self, space: bool) -> Result<(), LexError> {
        let c = self.peek(0);
        let beg = self.beg();
        // A method that may take command arguments, followed by a space and
        // then a non-space: `foo -1`, `foo [1]`, `foo /x/`, `foo :s`.
        let cmd_arg = space && self.arg_state() && !matches!(self.peek(1), b' ' | b'\t' | b'\n' | b'\r');
        match c {
            b'0'..=b'9' => return self.number(false, space),
            b'"' => {
                self.pos += 1;
                let parts = self.string_body(b'"', 0, false)?;
                self.push(Tok::Str(parts), space);
                return self.maybe_label_string(space);
            }
            b'\'' => {
                self.pos += 1;
                let s = self.single_body(b'\'', 0)?;
                self.push(Tok::Str(vec![StrPart::Lit(s)]), space);
                return self.maybe_label_string(space);
            }
            b'`' => return self.err("backtick commands are not supported in templates"),
            b'@' => {
                if self.peek(1) == b'@' {
                    return self.err("class variables (@@x) are not supported");
                }
                let start = self.pos + 1;
                let mut p = start;
                while p < self.src.len() && is_ident_char(self.src[p]) {
                    p += 1;
                }
                if p == start || self.src[start].is_ascii_digit() {
                    return self.err("'@' without identifiers is not allowed as an instance variable name");
                }
                let name = self.text[start..p].to_string();
                self.pos = p;
                self.push(Tok::Ivar(name), space);
                return Ok(());
            }
            b'$' => {
                // The last match (`$~`), its text (`$&`) and groups (`$1`..`$9`).
                let n = self.peek(1);
                let name = match n {
                    b'~' | b'&' => (n as char).to_string(),
                    b'1'..=b'9' if !self.peek(2).is_ascii_digit() => (n as char).to_string(),
                    _ => return self.err("global variables are not supported in templates"),
                };
                self.pos += 2;
                self.push(Tok::Gvar(name), space);
                return Ok(());
            }
            b'?' => {
                if beg && is_ident_char(self.peek(1)) && !is_ident_char(self.peek(2)) {
                    return self.err("character literals (?a) are not supported");
                }
                self.pos += 1;
                self.push(Tok::Op("?"), space);
                return Ok(());
            }
            b':' => {
                if self.peek(1) == b':' {
                    self.pos += 2;
                    // `::Foo` at the start of an operand is a top-level constant.
                    self.push(Tok::Op("::"), space);
                    return Ok(());
                }
                if (beg || cmd_arg || (space && !matches!(self.peek(1), b' ' | b'\n')))
                    && (is_ident_start(self.peek(1)) || self.peek(1) == b'"' || self.peek(1) == b'\'')
                {
                    return self.symbol(space);
                }
                if beg || cmd_arg {
                    if let Some(op) = self.operator_symbol() {
                        self.push(Tok::Sym(op.to_string()), space);
                        return Ok(());
                    }
                }
                self.pos += 1;
                self.push(Tok::Op(":"), space);
                return Ok(());
            }
            b'/' => {
                if beg || cmd_arg {
                    self.pos += 1;
                    let parts = self.string_body(b'/', 0, true)?;
                    let flags = self.regex_flags();
                    self.push(Tok::Regex(parts, flags), space);
                    return Ok(());
                }
            }
            b'%' => {
                if beg || cmd_arg {
                    if let Some(()) = self.percent_literal(space)? {
                        return Ok(());
                    }
                }
            }
            b'-' | b'+' => {
                if (beg || cmd_arg) && self.peek(1).is_ascii_digit() {
                    self.pos += 1;
                    return self.number(c == b'-', space);
                }
                if (beg || cmd_arg) && self.peek(1) != b'=' {
                    self.pos += 1;
                    self.push(if c == b'-' { Tok::UMinus } else { Tok::UPlus }, space);
                    return Ok(());
                }
            }
            b'*' => {
                if (beg || cmd_arg) && self.peek(1) != b'*' && self.peek(1) != b'=' {
                    self.pos += 1;
                    self.push(Tok::Splat, space);
                    return Ok(());
                }
            }
            b'&' => {
                if (beg || cmd_arg) && !matches!(self.peek(1), b'&' | b'.' | b'=') {
                    self.pos += 1;
                    self.push(Tok::BlockArg, space);
                    return Ok(());
                }
            }
            b'<' => {
                if self.peek(1) == b'<' && (beg || cmd_arg) && matches!(self.peek(2), b'~' | b'-' | b'"' | b'\'' | b'A'..=b'Z' | b'a'..=b'z' | b'_') {
                    return self.err("heredocs are not supported in templates");
                }
            }
            b'=' => {
                if self.text[self.pos..].starts_with("=begin") && (self.pos == 0 || self.src[self.pos - 1] == b'\n') {
                    return self.err("=begin comments are not supported in templates");
                }
            }
            b'(' => {
                self.pos += 1;
                self.paren_depth += 1;
                let after_name = matches!(self.last(), Some(Tok::Ident(_)) | Some(Tok::Const(_)) | Some(Tok::Kw("defined?")))
                    || matches!(self.last(), Some(Tok::Kw(k)) if ["super", "yield"].contains(k));
                let t = if after_name && !space {
                    Tok::LParenCall
                } else if matches!(self.last(), Some(Tok::Ident(_))) && self.out.len() >= 2 && matches!(self.out[self.out.len() - 2].tok, Tok::Kw("def")) {
                    Tok::LParenCall
                } else {
                    Tok::LParen
                };
                self.push(t, space);
                return Ok(());
            }
            b')' => {
                self.pos += 1;
                self.paren_depth -= 1;
                if self.in_def_params > 0 && self.paren_depth <= 0 {
                    self.in_def_params = 0;
                }
                self.push(Tok::RParen, space);
                return Ok(());
            }
            b'[' => {
                self.pos += 1;
                let t = if beg || (space && self.arg_state()) { Tok::LBrackArray } else { Tok::LBrackIndex };
                self.push(t, space);
                return Ok(());
            }
            b']' => {
                self.pos += 1;
                self.push(Tok::RBrack, space);
                return Ok(());
            }
            b'{' => {
                self.pos += 1;
                let block = !beg
                    && matches!(
                        self.last(),
                        Some(Tok::Ident(_)) | Some(Tok::Const(_)) | Some(Tok::RParen) | Some(Tok::RBrack) | Some(Tok::Kw(_))
                    )
                    && !matches!(self.last(), Some(Tok::Kw(k)) if BEG_KEYWORDS.contains(k));
                if block {
                    self.push(Tok::LBraceBlock, space);
                    self.block_params_start();
                } else {
                    self.push(Tok::LBraceHash, space);
                }
                return Ok(());
            }
            b'}' => {
                self.pos += 1;
                self.push(Tok::RBrace, space);
                return Ok(());
            }
            b',' => {
                self.pos += 1;
                self.push(Tok::Op(","), space);
                return Ok(());
            }
            b';' => {
                self.pos += 1;
                self.push(Tok::Semi, space);
                return Ok(());
            }
            _ => {}
        }
        if is_ident_start(c) {
            return self.word(space);
        }
        // Operators, longest first.
        const OPS: &[&str] = &[
            "**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||=", "**", "==", "!=", "=~", "!~", "<=", ">=", "&&",
            "||", "<<", ">>", "=>", "..", "::", "&.", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "+", "-", "*",
            "/", "%", "<", ">", "=", "!", "&", "|", "^", "~", ".",
        ];
        for op in OPS {
            if self.text[self.pos..].starts_with(op) {
                self.pos += op.len();
                if op.len() >= 2 && op.ends_with('=') && !["==", "!=", "<=", ">=", "===", "<=>"].contains(op) {
                    let base: &'static str = match *op {
                        "**=" => "**",
                        "<<=" => "<<",
                        ">>=" => ">>",
                        "&&=" => "&&",
                        "||=" => "||",
                        "+=" => "+",
                        "-=" => "-",
                        "*=" => "*",
                        "/=" => "/",
                        "%=" => "%",
                        "|=" => "|",
                        "&=" => "&",
                        _ => "^",
                    };
                    self.push(Tok::OpAssign(base), space);
                    self.mark_assigned_local();
                    return Ok(());
                }
                if *op == "=" {
                    self.mark_assigned_local();
                }
                if *op == "|" && self.in_block_params {
                    self.in_block_params = false;
                }
                self.push(Tok::Op(op), space);
                return Ok(());
            }
        }
        let ch = self.text[self.pos..].chars().next().unwrap_or('?');
        self.err(format!("Invalid char `{ch}' in expression"))
    }

    /// After `{` or `do`: a `|` right after starts block parameters.
    fn block_params_start(&mut self) {
        let mut p = self.pos;
        while p < self.src.len() && matches!(self.src[p], b' ' | b'\t' | b'\r' | b'\n') {
            p += 1;
        }
        if p < self.src.len() && self.src[p] == b'|' && self.src.get(p + 1) != Some(&b'|') {
            // Lex the `|` here so that the parameters are known locals.
            self.line += self.text[self.pos..p].matches('\n').count() as u32;
            self.pos = p + 1;
            self.push(Tok::Op("|"), true);
            self.in_block_params = true;
        }
    }

    /// `x = ...`/`x += ...`: `x` becomes a local variable.
    fn mark_assigned_local(&mut self) {
        let n = self.out.len();
        if let Some(Tok::Ident(name)) = self.last() {
            let after_dot = n >= 2 && matches!(self.out[n - 2].tok, Tok::Op(".") | Tok::Op("&."));
            if !after_dot {
                let name = name.clone();
                self.locals.insert(name);
            }
        }
        // `a, b = ...`: every identifier of the left side before.
        if let Some(Tok::Ident(_)) = self.last() {
            let mut i = n;
            while i >= 3 && matches!(self.out[i - 2].tok, Tok::Op(",")) {
                if let Tok::Ident(name) = &self.out[i - 3].tok {
                    let name = name.clone();
                    self.locals.insert(name);
                    i -= 2;
                } else {
                    break;
                }
            }
        }
    }

    fn word(&mut self, space: bool) -> Result<(), LexError> {
        let start = self.pos;
        let mut p = start;
        while p < self.src.len() && is_ident_char(self.src[p]) {
            p += 1;
        }
        // `name?` / `name!` (not `name!=`, `name?=`).
        if p < self.src.len() && (self.src[p] == b'?' || self.src[p] == b'!') && self.src.get(p + 1) != Some(&b'=') {
            // `a ?b :c` needs a space; `x?` directly attached is a method name,
            // unless it is followed by `:` (a ternary `a?b:c` is rare; Ruby lexes `a?` too).
            p += 1;
        } else if p < self.src.len()
            && (self.src[p] == b'?' || self.src[p] == b'!')
            && self.src.get(p + 1) == Some(&b'=')
            && self.src.get(p + 2) == Some(&b'=')
        {
            p += 1;
        }
        let word = &self.text[start..p];
        let after_dot = matches!(self.last(), Some(Tok::Op(".")) | Some(Tok::Op("&.")));
        let after_def = matches!(self.last(), Some(Tok::Kw("def")));
        // A label `name:` (not `name::`), in a hash, argument list or after a command word.
        if !after_dot
            && self.src.get(p) == Some(&b':')
            && self.src.get(p + 1) != Some(&b':')
            && !word.ends_with('?')
            && matches!(
                self.last(),
                Some(Tok::LBraceHash)
                    | Some(Tok::LBraceBlock)
                    | Some(Tok::Op(","))
                    | Some(Tok::LParenCall)
                    | Some(Tok::LParen)
                    | Some(Tok::Ident(_))
            )
            && (self.last() != Some(&Tok::LBraceBlock))
            && (!matches!(self.last(), Some(Tok::Ident(_))) || space)
        {
            self.pos = p + 1;
            self.push(Tok::Label(word.to_string()), space);
            return Ok(());
        }
        self.pos = p;
        if after_dot || after_def {
            // Method names: keywords are plain names here (`x.class`, `x.then`).
            let mut name = word.to_string();
            // `def name=(v)` / `x.name = v` are handled by the parser.
            if after_def {
                self.in_def_params = 1;
                self.paren_depth = 0;
                if self.peek(0) == b'=' && self.peek(1) == b'(' {
                    self.pos += 1;
                    name.push('=');
                }
            }
            self.push(Tok::Ident(name), space);
            return Ok(());
        }
        if word.as_bytes()[0].is_ascii_uppercase() {
            self.push(Tok::Const(word.to_string()), space);
            return Ok(());
        }
        if let Some(kw) = KEYWORDS.iter().find(|k| **k == word) {
            match *kw {
                "__END__" => return self.err("__END__ is not supported in templates"),
                "do" => {
                    self.push(Tok::Kw(kw), space);
                    self.block_params_start();
                    return Ok(());
                }
                _ => {}
            }
            self.push(Tok::Kw(kw), space);
            return Ok(());
        }
        if self.in_block_params || self.in_def_params > 0 {
            self.locals.insert(word.to_string());
        }
        self.push(Tok::Ident(word.to_string()), space);
        Ok(())
    }

    /// `"key": value` in a hash: a string directly followed by `:`.
    fn maybe_label_string(&mut self, _space: bool) -> Result<(), LexError> {
        if self.peek(0) == b':' && self.peek(1) != b':' {
            let n = self.out.len();
            if n >= 2 && matches!(self.out[n - 2].tok, Tok::LBraceHash | Tok::Op(",") | Tok::LParenCall) {
                if let Tok::Str(parts) = &self.out[n - 1].tok {
                    if let [StrPart::Lit(s)] = parts.as_slice() {
                        let s = s.clone();
                        self.pos += 1;
                        self.out[n - 1].tok = Tok::Label(s);
                    }
                }
            }
        }
        Ok(())
    }

    fn number(&mut self, negative: bool, space: bool) -> Result<(), LexError> {
        let start = self.pos;
        let b = self.src;
        let mut p = self.pos;
        let mut radix = 10;
        if b[p] == b'0' && p + 1 < b.len() {
            match b[p + 1] {
                b'x' | b'X' => {
                    radix = 16;
                    p += 2;
                }
                b'b' | b'B' => {
                    radix = 2;
                    p += 2;
                }
                b'o' | b'O' => {
                    radix = 8;
                    p += 2;
                }
                b'd' | b'D' => p += 2,
                b'0'..=b'7' | b'_' => {
                    radix = 8;
                    p += 1;
                }
                _ => {}
            }
        }
        let digits_start = p;
        while p < b.len() && (b[p].is_ascii_alphanumeric() || b[p] == b'_') {
            if radix == 10 && (b[p] == b'e' || b[p] == b'E') {
                break;
            }
            if radix != 16 && b[p].is_ascii_alphabetic() {
                break;
            }
            p += 1;
        }
        let mut is_float = false;
        if radix == 10 {
            if p + 1 < b.len() && b[p] == b'.' && b[p + 1].is_ascii_digit() {
                is_float = true;
                p += 1;
                while p < b.len() && (b[p].is_ascii_digit() || b[p] == b'_') {
                    p += 1;
                }
            }
            if p < b.len()
                && (b[p] == b'e' || b[p] == b'E')
                && (b.get(p + 1).is_some_and(|c| c.is_ascii_digit())
                    || (matches!(b.get(p + 1), Some(b'+') | Some(b'-')) && b.get(p + 2).is_some_and(|c| c.is_ascii_digit())))
            {
                is_float = true;
                p += 2;
                while p < b.len() && b[p].is_ascii_digit() {
                    p += 1;
                }
            }
        }
        if p < b.len() && is_ident_char(b[p]) {
            return self.err("numeric literal without digits or with a trailing identifier");
        }
        let digits: String = self.text[digits_start..p].chars().filter(|c| *c != '_').collect();
        self.pos = p;
        if is_float {
            let text: String = self.text[start..p].chars().filter(|c| *c != '_').collect();
            let f: f64 = text.parse().map_err(|_| LexError { message: format!("bad float literal {text}"), line: self.line })?;
            self.push(Tok::Float(if negative { -f } else { f }), space);
        } else {
            let v = if digits.is_empty() && radix == 8 {
                Some(0)
            } else {
                i64::from_str_radix(&digits, radix).ok()
            };
            let Some(v) = v else {
                return self.err(format!("integer literal {} is out of range (Bignum is not supported)", &self.text[start..p]));
            };
            self.push(Tok::Int(if negative { -v } else { v }), space);
        }
        Ok(())
    }

    fn regex_flags(&mut self) -> String {
        let mut flags = String::new();
        while matches!(self.peek(0), b'i' | b'm' | b'x' | b'o' | b'u' | b'n' | b'e' | b's') {
            let c = self.peek(0) as char;
            if "imx".contains(c) && !flags.contains(c) {
                flags.push(c);
            }
            self.pos += 1;
        }
        flags
    }

    /// `%w[...]`, `%q(...)`, `%Q{...}`, `%(...)`, `%r{...}`, `%i[...]`.
    /// Returns None when `%` is not a literal here.
    fn percent_literal(&mut self, space: bool) -> Result<Option<()>, LexError> {
        let kind = self.peek(1);
        let (kind, delim_at) = if kind.is_ascii_alphabetic() { (kind, 2) } else { (b'Q', 1) };
        let open = self.peek(delim_at);
        if open.is_ascii_alphanumeric() || open == b' ' || open == 0 || open == b'\n' || open == b'=' && delim_at == 1 {
            return Ok(None);
        }
        let close = match open {
            b'(' => b')',
            b'[' => b']',
            b'{' => b'}',
            b'<' => b'>',
            c => c,
        };
        let nest = if close != open { open } else { 0 };
        self.pos += delim_at + 1;
        match kind {
            b'q' => {
                let s = self.single_body(close, nest)?;
                self.push(Tok::Str(vec![StrPart::Lit(s)]), space);
            }
            b'Q' => {
                let parts = self.string_body(close, nest, false)?;
                self.push(Tok::Str(parts), space);
            }
            b'w' | b'i' | b'W' | b'I' => {
                let s = self.single_body(close, nest)?;
                let words = s.split_ascii_whitespace().map(str::to_string).collect();
                self.push(Tok::Words(words, kind == b'i' || kind == b'I'), space);
            }
            b'r' => {
                let parts = self.string_body(close, nest, true)?;
                let flags = self.regex_flags();
                self.push(Tok::Regex(parts, flags), space);
            }
            b's' => {
                let s = self.single_body(close, nest)?;
                self.push(Tok::Sym(s), space);
            }
            _ => return self.err(format!("unknown type of %string: %{}", kind as char)),
        }
        Ok(Some(()))
    }

    fn symbol(&mut self, space: bool) -> Result<(), LexError> {
        self.pos += 1;
        match self.peek(0) {
            b'"' => {
                self.pos += 1;
                let parts = self.string_body(b'"', 0, false)?;
                match parts.as_slice() {
                    [] => self.push(Tok::Sym(String::new()), space),
                    [StrPart::Lit(s)] => self.push(Tok::Sym(s.clone()), space),
                    _ => self.push(Tok::DSym(parts), space),
                }
            }
            b'\'' => {
                self.pos += 1;
                let s = self.single_body(b'\'', 0)?;
                self.push(Tok::Sym(s), space);
            }
            _ => {
                let start = self.pos;
                let mut p = start;
                while p < self.src.len() && is_ident_char(self.src[p]) {
                    p += 1;
                }
                if p < self.src.len() && matches!(self.src[p], b'?' | b'!' | b'=') && self.src.get(p + 1) != Some(&b'=') {
                    if self.src[p] != b'=' || !matches!(self.src.get(p + 1), Some(b'>') | Some(b'~')) {
                        p += 1;
                    }
                }
                let name = self.text[start..p].to_string();
                self.pos = p;
                self.push(Tok::Sym(name), space);
            }
        }
        Ok(())
    }

    /// `:+`, `:[]`, `:<=>` ... (after `:`).
    fn operator_symbol(&mut self) -> Option<&'static str> {
        const OPS: &[&str] = &["[]=", "[]", "<=>", "===", "==", "=~", "!=", "<=", ">=", "<<", ">>", "**", "+", "-", "*", "/", "%", "<", ">", "!", "&", "|", "^", "~"];
        let rest = &self.text[self.pos + 1..];
        let op = OPS.iter().find(|o| rest.starts_with(**o))?;
        self.pos += 1 + op.len();
        Some(op)
    }

    /// The body of a single-quoted literal up to `close` (`\\` and `\close` escape).
    fn single_body(&mut self, close: u8, nest: u8) -> Result<String, LexError> {
        let mut s = Vec::new();
        let mut depth = 0;
        loop {
            let Some(&c) = self.src.get(self.pos) else {
                return self.err("unterminated string meets end of file");
            };
            self.pos += 1;
            if c == b'\n' {
                self.line += 1;
            }
            if c == b'\\' {
                let n = self.peek(0);
                if n == b'\\' || n == close || (nest != 0 && n == nest) {
                    s.push(n);
                    self.pos += 1;
                    continue;
                }
                s.push(c);
                continue;
            }
            if nest != 0 && c == nest {
                depth += 1;
            } else if c == close {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            }
            s.push(c);
        }
        Ok(String::from_utf8_lossy(&s).into_owned())
    }

    /// The body of a double-quoted (interpolating) literal up to `close`.
    /// For regexps, escapes are kept for the regexp engine, except `\/` in
    /// a `/.../` literal, which Ruby's source drops to `/`.
    fn string_body(&mut self, close: u8, nest: u8, is_regex: bool) -> Result<Vec<StrPart>, LexError> {
        let interpolate = true;
        let mut parts = Vec::new();
        let mut lit: Vec<u8> = Vec::new();
        let mut depth = 0;
        loop {
            let Some(&c) = self.src.get(self.pos) else {
                return self.err(if is_regex { "unterminated regexp meets end of file" } else { "unterminated string meets end of file" });
            };
            self.pos += 1;
            match c {
                b'\n' => {
                    self.line += 1;
                    lit.push(c);
                }
                b'\\' => {
                    let n = self.peek(0);
                    self.pos += 1;
                    if is_regex {
                        if n == close && close == b'/' {
                            lit.push(n);
                        } else {
                            lit.push(b'\\');
                            lit.push(n);
                        }
                        if n == b'\n' {
                            self.line += 1;
                        }
                        continue;
                    }
                    self.escape(n, &mut lit)?;
                }
                b'#' if interpolate && self.peek(0) == b'{' => {
                    self.pos += 1;
                    if !lit.is_empty() {
                        parts.push(StrPart::Lit(String::from_utf8_lossy(&std::mem::take(&mut lit)).into_owned()));
                    }
                    let toks = self.interpolation()?;
                    parts.push(StrPart::Code(toks));
                }
                b'#' if interpolate && self.peek(0) == b'@' && is_ident_start(self.peek(1)) => {
                    if !lit.is_empty() {
                        parts.push(StrPart::Lit(String::from_utf8_lossy(&std::mem::take(&mut lit)).into_owned()));
                    }
                    let start = self.pos + 1;
                    let mut p = start;
                    while p < self.src.len() && is_ident_char(self.src[p]) {
                        p += 1;
                    }
                    let name = self.text[start..p].to_string();
                    self.pos = p;
                    let line = self.line;
                    parts.push(StrPart::Code(vec![
                        Token { tok: Tok::Ivar(name), line, space_before: false },
                        Token { tok: Tok::Eof, line, space_before: false },
                    ]));
                }
                _ => {
                    if nest != 0 && c == nest {
                        depth += 1;
                    } else if c == close {
                        if depth == 0 {
                            break;
                        }
                        depth -= 1;
                    }
                    lit.push(c);
                }
            }
        }
        if !lit.is_empty() {
            parts.push(StrPart::Lit(String::from_utf8_lossy(&lit).into_owned()));
        }
        Ok(parts)
    }

    fn escape(&mut self, n: u8, lit: &mut Vec<u8>) -> Result<(), LexError> {
        match n {
            b'n' => lit.push(b'\n'),
            b't' => lit.push(b'\t'),
            b's' => lit.push(b' '),
            b'r' => lit.push(b'\r'),
            b'0'..=b'7' => {
                let mut v: u32 = (n - b'0') as u32;
                for _ in 0..2 {
                    let d = self.peek(0);
                    if (b'0'..=b'7').contains(&d) {
                        v = v * 8 + (d - b'0') as u32;
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                push_byte(lit, v, self.line)?;
            }
            b'e' => lit.push(0x1b),
            b'a' => lit.push(0x07),
            b'b' => lit.push(0x08),
            b'f' => lit.push(0x0c),
            b'v' => lit.push(0x0b),
            b'\n' => self.line += 1,
            b'x' => {
                let mut v = 0u32;
                let mut k = 0;
                while k < 2 && self.peek(0).is_ascii_hexdigit() {
                    v = v * 16 + (self.peek(0) as char).to_digit(16).unwrap_or(0);
                    self.pos += 1;
                    k += 1;
                }
                if k == 0 {
                    return self.err("invalid hex escape");
                }
                push_byte(lit, v, self.line)?;
            }
            b'u' => {
                if self.peek(0) == b'{' {
                    self.pos += 1;
                    loop {
                        while self.peek(0) == b' ' {
                            self.pos += 1;
                        }
                        if self.peek(0) == b'}' {
                            self.pos += 1;
                            break;
                        }
                        let mut v = 0u32;
                        let mut k = 0;
                        while self.peek(0).is_ascii_hexdigit() {
                            v = v.saturating_mul(16) + (self.peek(0) as char).to_digit(16).unwrap_or(0);
                            self.pos += 1;
                            k += 1;
                        }
                        if k == 0 {
                            return self.err("invalid Unicode escape");
                        }
                        push_char(lit, v, self.line)?;
                    }
                } else {
                    let mut v = 0u32;
                    for _ in 0..4 {
                        if !self.peek(0).is_ascii_hexdigit() {
                            return self.err("invalid Unicode escape");
                        }
                        v = v * 16 + (self.peek(0) as char).to_digit(16).unwrap_or(0);
                        self.pos += 1;
                    }
                    push_char(lit, v, self.line)?;
                }
            }
            b'c' | b'C' | b'M' => return self.err("control/meta escapes are not supported"),
            other => lit.push(other),
        }
        Ok(())
    }

    /// The tokens of a `#{...}` (the `#{` consumed), up to its `}`.
    fn interpolation(&mut self) -> Result<Vec<Token>, LexError> {
        let start = self.pos;
        let mut depth = 0;
        // Find the matching brace, skipping nested strings.
        let mut p = self.pos;
        let mut quote: Option<u8> = None;
        while p < self.src.len() {
            let c = self.src[p];
            if let Some(q) = quote {
                if c == b'\\' {
                    p += 2;
                    continue;
                }
                if c == q {
                    quote = None;
                }
                p += 1;
                continue;
            }
            match c {
                b'"' | b'\'' => quote = Some(c),
                b'{' => depth += 1,
                b'}' => {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                }
                _ => {}
            }
            p += 1;
        }
        if p >= self.src.len() {
            return self.err("unterminated string meets end of file");
        }
        let inner = &self.text[start..p];
        let mut lx = Lexer {
            src: inner.as_bytes(),
            text: inner,
            pos: 0,
            line: self.line,
            out: Vec::new(),
            locals: std::mem::take(&mut self.locals),
            in_block_params: false,
            in_def_params: 0,
            paren_depth: 0,
        };
        let open = lx.run();
        self.locals = std::mem::take(&mut lx.locals);
        if open? {
            return Err(LexError { message: "a comment inside #{} is not supported".into(), line: lx.line });
        }
        self.line = lx.line;
        let mut toks = lx.out;
        toks.push(Token { tok: Tok::Eof, line: self.line, space_before: true });
        self.pos = p + 1;
        Ok(toks)
    }
}

/// Appends code point `v` as UTF-8.
fn push_char(lit: &mut Vec<u8>, v: u32, line: u32) -> Result<(), LexError> {
    match char::from_u32(v) {
        Some(ch) => {
            let mut buf = [0u8; 4];
            lit.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
            Ok(())
        }
        None => Err(LexError { message: format!("invalid Unicode codepoint {v:#x}"), line }),
    }
}

/// A `\xNN` or octal escape: a byte; bytes above 0x7f would make the string
/// invalid UTF-8, which templates cannot hold here.
fn push_byte(lit: &mut Vec<u8>, v: u32, line: u32) -> Result<(), LexError> {
    if v < 0x80 {
        lit.push(v as u8);
        Ok(())
    } else {
        Err(LexError { message: format!("byte escape \\x{v:02X} (not UTF-8) is not supported"), line })
    }
}
