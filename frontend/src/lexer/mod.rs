//! The lexer: a hand-written, modal port of Puppet's `Lexer2`.
//!
//! Puppet's lexical structure is not context free, which is why the lexer
//! lives outside LALRPOP (LALRPOP's built-in lexer cannot keep state):
//!
//! * `/` is a regexp or a division depending on the previous token;
//! * `[` is `LISTSTART` at the start of input or after whitespace, else
//!   `LBRACK` (access); `(` first on a line is `WSLPAREN` (never a call);
//!   `{` after `?` is `SELBRACE`;
//! * double-quoted strings are cut into `DQPRE`/`DQMID`/`DQPOST` around
//!   interpolated expressions, which are lexed recursively (a brace counter
//!   tells which `}` closes a `${`);
//! * a heredoc `@(TAG)` takes its text from the *next* line, so the lexer
//!   jumps over that text when it reaches the end of the current line;
//! * EPP templates start in text mode and switch to code at `<%`.
//!
//! Two decisions that Puppet's racc grammar takes with operator precedence
//! are taken here instead, so that the LR(1) grammar needs none: a `|` after
//! a call or a `.name` opens a lambda (`PipeOpen`), and a `{` right after
//! `|>`/`|>>` opens a collector's override block (`CollBrace`).
//!
//! The lexer is lazy, like Puppet's: the parser pulls tokens, so a syntax
//! error is reported before a lexical error further down the file.
//! Multi-token constructs (strings, heredocs) are lexed whole into a queue
//! when they start, again like Puppet.
//!
//! Positions are byte offsets into the source. Tokens of a heredoc are lexed
//! from the heredoc's processed text and mapped back to the source.

mod epp;
mod heredoc;
pub mod strings;
mod token;

use std::borrow::Cow;
use std::collections::VecDeque;

use crate::diagnostic::codes;
use strings::{EscapeIssue, Escapes, Terminator};
pub use token::{Tok, keyword};

/// A token with its byte span: `(start, token, end)`, the triple LALRPOP
/// expects from an external lexer.
pub type Spanned<'a> = (usize, Tok<'a>, usize);

/// A lexical error; lexing stops at the first one, as in Puppet.
#[derive(Debug, Clone, PartialEq)]
pub struct LexError {
    pub code: &'static str,
    pub message: String,
    /// `None` for errors Puppet reports without a position (a byte order
    /// mark, for instance).
    pub offset: Option<usize>,
}

/// A lexical warning (an unrecognized escape, for instance).
#[derive(Debug, Clone, PartialEq)]
pub struct LexWarning {
    pub code: &'static str,
    pub message: String,
    pub offset: usize,
}

/// What the previous token was, as far as context-sensitive lexing cares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum After {
    Start,
    /// A token after which `/` is a division (an operand: names, numbers,
    /// strings, variables, ...).
    Operand,
    /// `NAME` right after `.`: a method name, so a `|` opens its lambda.
    NameAfterDot,
    /// The keyword `type` right after `.`.
    TypeAfterDot,
    /// The keyword `type` elsewhere (`type(...)` is a call).
    TypeKw,
    /// `class`, `define` or `function`: the name after it is a definition name.
    DefKeyword,
    /// The name after `class`/`define`/`function`: a `(` after it opens a
    /// parameter list, not a call.
    DefName,
    RParenCall,
    RParenGroup,
    RBrack,
    RBrace,
    RCollect,
    QMark,
    Dot,
    EppStart,
    Other,
}

impl After {
    fn regexp_acceptable(self) -> bool {
        !matches!(
            self,
            After::Operand
                | After::NameAfterDot
                | After::DefName
                | After::RParenCall
                | After::RParenGroup
                | After::RBrack
                | After::RCollect
        )
    }

    /// Can the previous token end an expression, making a `(` a call?
    fn ends_expression(self) -> bool {
        matches!(
            self,
            After::Operand
                | After::NameAfterDot
                | After::TypeAfterDot
                | After::TypeKw
                | After::RParenCall
                | After::RParenGroup
                | After::RBrack
                | After::RBrace
                | After::RCollect
        )
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum EppMode {
    Text,
    /// Inside `<% %>`: code whose value is not rendered.
    Code,
    /// Inside `<%= %>`.
    Expr,
}

/// How a heredoc's text is lexed.
#[derive(Copy, Clone, Debug)]
struct UqMode {
    escapes: Escapes,
    interpolate: bool,
}

/// Nested strings and heredocs are lexed recursively; this bounds the
/// recursion so that absurd nesting is an error rather than a stack overflow.
const MAX_STRING_NESTING: usize = 200;
/// Below this much free stack, a nested string or heredoc is lexed on a new
/// stack segment of `STACK_GROWTH` bytes.
const STACK_RED_ZONE: usize = 64 * 1024;
const STACK_GROWTH: usize = 1024 * 1024;

pub struct Lexer<'a> {
    src: &'a str,
    b: &'a [u8],
    pos: usize,
    queue: VecDeque<(Spanned<'a>, After)>,
    after: After,
    brace_count: i64,
    /// Start of the line as far as the `\n` handler has seen it (Puppet's
    /// `line_lexical_start`), for `WSLPAREN`.
    line_start: usize,
    /// Where lexing continues after the next newline, when heredoc text
    /// follows the current line.
    newline_jump: Option<usize>,
    /// One entry per open `(`: is it a call's parenthesis?
    parens: Vec<bool>,
    epp: Option<EppMode>,
    epp_open: bool,
    uq: Option<UqMode>,
    nesting: usize,
    warnings: Vec<LexWarning>,
    /// An error found before the first token (EPP text scanning).
    pending_error: Option<LexError>,
    /// How many `class` and `define` keywords followed by a name were lexed
    /// (including those of heredoc interpolations): at least as many as
    /// the class and defined-type definitions.
    definition_keywords: usize,
    /// Was the last `class`/`define`/`function` keyword `class` or `define`?
    class_or_define: bool,
    finished: bool,
}

impl<'a> Lexer<'a> {
    /// A lexer for a Puppet manifest (`.pp`).
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src,
            b: src.as_bytes(),
            pos: 0,
            queue: VecDeque::new(),
            after: After::Start,
            brace_count: 0,
            line_start: 0,
            newline_jump: None,
            parens: Vec::new(),
            epp: None,
            epp_open: false,
            uq: None,
            nesting: 0,
            warnings: Vec::new(),
            pending_error: None,
            definition_keywords: 0,
            class_or_define: false,
            finished: false,
        }
    }

    /// A lexer for an EPP template: text mode first.
    pub fn new_epp(src: &'a str) -> Lexer<'a> {
        let mut lx = Lexer::new(src);
        lx.epp = Some(EppMode::Text);
        lx.queue.push_back(((0, Tok::EppStart, 0), After::EppStart));
        if let Err(e) = lx.interpolate_epp(false) {
            // Puppet raises before the parser sees EPP_START.
            lx.queue.clear();
            lx.pending_error = Some(e);
        }
        lx
    }

    /// Warnings found so far (unrecognized escapes, ...).
    pub fn warnings(&self) -> &[LexWarning] {
        &self.warnings
    }

    pub fn take_warnings(&mut self) -> Vec<LexWarning> {
        std::mem::take(&mut self.warnings)
    }

    /// How many `class` and `define` keywords followed by a name were lexed
    /// so far. With at most one, no definition can be nested in a class.
    pub fn definition_keywords(&self) -> usize {
        self.definition_keywords
    }

    // ------------------------------------------------------------------
    // Errors

    #[cold]
    fn error_at<T>(&self, code: &'static str, message: impl Into<String>, offset: usize) -> Result<T, LexError> {
        Err(LexError { code, message: message.into(), offset: Some(offset) })
    }

    /// Puppet's `followed_by`: the next five characters with `\t \n \r`
    /// escaped, or `<eof>`.
    fn followed_by(&self, at: usize) -> String {
        if at >= self.b.len() {
            return "<eof>".to_string();
        }
        let rest: String = self.src.get(at..).unwrap_or("").chars().take(5).collect();
        format!("{rest}...").replace('\t', "\\t").replace('\n', "\\n").replace('\r', "\\r")
    }

    fn warn(&mut self, code: &'static str, message: String, offset: usize) {
        self.warnings.push(LexWarning { code, message, offset });
    }

    // ------------------------------------------------------------------
    // The token stream

    /// The next token, an error (after which there is nothing more), or
    /// `None` at the end of the input.
    #[inline(always)]
    fn next_token(&mut self) -> Option<Result<Spanned<'a>, LexError>> {
        if self.pending_error.is_some() {
            return self.pending_error.take().map(Err);
        }
        loop {
            if let Some((t, after)) = self.queue.pop_front() {
                self.after = after;
                return Some(Ok(t));
            }
            self.skip_trivia();
            if self.pos >= self.b.len() {
                if self.epp.is_some() && self.epp_open {
                    self.epp_open = false;
                    return Some(self.error_at(
                        codes::EPP_UNBALANCED_TAG,
                        "Unbalanced epp tag, reached <eof> without closing tag.",
                        self.b.len(),
                    ));
                }
                return None;
            }
            if let Some(t) = self.lex_token_inline() {
                return Some(t);
            }
        }
    }

    /// Skips ASCII blanks, line breaks and `#` comments (most of the input
    /// between tokens: two fifths of real manifests are comment lines)
    /// before `lex_token`, doing what its `\n`, blank and `#` arms do.
    #[inline]
    fn skip_trivia(&mut self) {
        let b = self.b;
        let mut p = self.pos;
        while p < b.len() {
            match b[p] {
                b' ' => p = skip_spaces(b, p + 1),
                b'\t' | b'\r' => p += 1,
                b'\n' => {
                    p = match self.newline_jump.take() {
                        Some(j) => j,
                        None => p + 1,
                    };
                    self.line_start = p;
                }
                // `#.*\r?`: up to (not including) the line break.
                b'#' => p = memchr::memchr(b'\n', &b[p..]).map_or(b.len(), |i| p + i),
                _ => break,
            }
        }
        self.pos = p;
    }

    /// Lexes at the current position and sets `after` for the token.
    /// Returns `None` when the input there produced no token of its own
    /// (whitespace, a comment) or queued its tokens (strings, heredocs, EPP
    /// text).
    #[inline(never)]
    fn lex_token(&mut self) -> Result<Option<Spanned<'a>>, LexError> {
        self.lex_token_inline().transpose()
    }

    /// `lex_token`, inlined into the token loop of `next_token` (the
    /// outlined copy serves interpolations), with the iterator's result
    /// type: a token is then built where the iterator returns it. (Moving
    /// a token from one enum layout to another costs more than lexing it:
    /// the copies read what was just written at other offsets.) `None`
    /// when no token was produced.
    #[inline(always)]
    fn lex_token_inline(&mut self) -> Option<Result<Spanned<'a>, LexError>> {
        let b = self.b;
        let p = self.pos;
        let c = b[p];
        let at = |k: usize| b.get(p + k).copied().unwrap_or(0);
        macro_rules! emit {
            ($tok:expr, $len:expr) => {{
                self.pos = p + $len;
                let tok = $tok;
                self.after = self.classify(&tok);
                return Some(Ok((p, tok, p + $len)));
            }};
        }
        match c {
            b'.' => emit!(Tok::Dot, 1),
            b',' => emit!(Tok::Comma, 1),
            b'[' => {
                if p == 0 || self.blank_before(p) {
                    emit!(Tok::ListStart, 1)
                } else {
                    emit!(Tok::LBrack, 1)
                }
            }
            b']' => emit!(Tok::RBrack, 1),
            b'(' => {
                let ws = p == self.line_start || self.only_blanks(self.line_start, p);
                if ws {
                    self.parens.push(false);
                    emit!(Tok::WsLParen, 1)
                } else {
                    self.parens.push(self.after.ends_expression());
                    emit!(Tok::LParen, 1)
                }
            }
            b')' => emit!(Tok::RParen, 1),
            b';' => emit!(Tok::Semic, 1),
            b'?' => emit!(Tok::QMark, 1),
            b'*' => emit!(Tok::Times, 1),
            b'%' => {
                if at(1) == b'>' && self.epp.is_some() {
                    self.pos = p + 2;
                    if self.epp == Some(EppMode::Expr) {
                        self.queue.push_back(((p, Tok::EppEnd, p + 2), After::Other));
                    }
                    self.epp = Some(EppMode::Text);
                    return self.interpolate_epp(false).err().map(Err);
                }
                emit!(Tok::Modulo, 1)
            }
            b'{' => {
                self.brace_count += 1;
                let tok = match self.after {
                    After::QMark => Tok::SelBrace,
                    After::RCollect => Tok::CollBrace,
                    _ => Tok::LBrace,
                };
                emit!(tok, 1)
            }
            b'}' => {
                self.brace_count -= 1;
                emit!(Tok::RBrace, 1)
            }
            b'@' => match at(1) {
                b'@' => emit!(Tok::AtAt, 2),
                b'(' => {
                    self.heredoc().err().map(Err)
                }
                _ => emit!(Tok::At, 1),
            },
            b'|' => {
                if at(1) == b'>' {
                    if at(2) == b'>' {
                        emit!(Tok::RRCollect, 3)
                    }
                    emit!(Tok::RCollect, 2)
                }
                let tok = match self.after {
                    After::RParenCall | After::NameAfterDot | After::TypeAfterDot | After::EppStart => {
                        Tok::PipeOpen
                    }
                    _ => Tok::Pipe,
                };
                emit!(tok, 1)
            }
            b'=' => match at(1) {
                b'=' => emit!(Tok::IsEqual, 2),
                b'>' => emit!(Tok::FArrow, 2),
                b'~' => emit!(Tok::Match, 2),
                _ => emit!(Tok::Equals, 1),
            },
            b'+' => match at(1) {
                b'=' => emit!(Tok::Appends, 2),
                b'>' => emit!(Tok::PArrow, 2),
                _ => emit!(Tok::Plus, 1),
            },
            b'-' => {
                if self.epp.is_some() && at(1) == b'%' && at(2) == b'>' {
                    self.pos = p + 3;
                    if self.epp == Some(EppMode::Expr) {
                        self.queue.push_back(((p, Tok::EppEndTrim, p + 3), After::Other));
                    }
                    return self.interpolate_epp(true).err().map(Err);
                }
                match at(1) {
                    b'>' => emit!(Tok::InEdge, 2),
                    b'=' => emit!(Tok::Deletes, 2),
                    _ => emit!(Tok::Minus, 1),
                }
            }
            b'!' => match at(1) {
                b'=' => emit!(Tok::NotEqual, 2),
                b'~' => emit!(Tok::NoMatch, 2),
                _ => emit!(Tok::Not, 1),
            },
            b'~' => {
                if at(1) == b'>' {
                    emit!(Tok::InEdgeSub, 2)
                }
                emit!(Tok::Tilde, 1)
            }
            b'#' => {
                // `#.*\r?`: up to (not including) the line break.
                let end = memchr::memchr(b'\n', &b[p..]).map_or(b.len(), |i| p + i);
                self.pos = end;
                None
            }
            b'/' => {
                if at(1) == b'*' {
                    match self.src[p + 2..].find("*/") {
                        Some(i) => {
                            self.pos = p + 2 + i + 2;
                            None
                        }
                        None => Some(self.error_at(codes::UNCLOSED_MLCOMMENT, "Unclosed multiline comment", p)),
                    }
                } else if self.after.regexp_acceptable() {
                    self.regex(p).transpose()
                } else {
                    emit!(Tok::Div, 1)
                }
            }
            b'<' => match at(1) {
                b'<' => {
                    if at(2) == b'|' {
                        emit!(Tok::LLCollect, 3)
                    }
                    emit!(Tok::LShift, 2)
                }
                b'=' => emit!(Tok::LessEqual, 2),
                b'|' => emit!(Tok::LCollect, 2),
                b'-' => emit!(Tok::OutEdge, 2),
                b'~' => emit!(Tok::OutEdgeSub, 2),
                _ => emit!(Tok::LessThan, 1),
            },
            b'>' => match at(1) {
                b'>' => emit!(Tok::RShift, 2),
                b'=' => emit!(Tok::GreaterEqual, 2),
                _ => emit!(Tok::GreaterThan, 1),
            },
            b':' => {
                if at(1) == b':' {
                    let c2 = at(2);
                    if c2.is_ascii_uppercase() {
                        let end = scan_classref(b, p);
                        if !(b.get(end) == Some(&b':') && b.get(end + 1) == Some(&b':')) {
                            let v = &self.src[p..end];
                            emit!(Tok::ClassRef(Cow::Borrowed(v)), end - p)
                        }
                        return Some(self.error_at(
                            codes::ILLEGAL_FULLY_QUALIFIED_CLASS_REFERENCE,
                            "Illegal fully qualified class reference",
                            p + 3,
                        ));
                    }
                    match scan_bare_word(b, p) {
                        Some(end) => {
                            let v = &self.src[p..end];
                            if is_name(v.as_bytes()) {
                                emit!(Tok::Name(Cow::Borrowed(v)), end - p)
                            }
                            emit!(Tok::Word(Cow::Borrowed(v)), end - p)
                        }
                        None => Some(self.error_at(
                            codes::ILLEGAL_FULLY_QUALIFIED_NAME,
                            "Illegal fully qualified name",
                            p + 2,
                        )),
                    }
                } else {
                    emit!(Tok::Colon, 1)
                }
            }
            b'$' => match scan_dollar_var(b, p + 1) {
                Some(end) => {
                    let v = &self.src[p + 1..end];
                    emit!(Tok::Variable(Cow::Borrowed(v)), end - p)
                }
                None => emit!(Tok::Variable(Cow::Borrowed("")), 1),
            },
            b'"' => {
                if let Err(e) = self.nest() {
                    return Some(Err(e));
                }
                // Debug builds take large frames per level; grow the stack
                // rather than depend on the caller's.
                let r = stacker::maybe_grow(STACK_RED_ZONE, STACK_GROWTH, || self.interpolate_dq());
                self.nesting -= 1;
                r.transpose()
            }
            b'\'' => {
                let start = p + 1;
                match find_sq_end(b, start) {
                    Some((end, backslash)) => {
                        let raw = &self.src[start..end];
                        // Most strings have no backslash: no second scan.
                        let text = if backslash { strings::sq_escapes(raw) } else { Cow::Borrowed(raw) };
                        emit!(Tok::Str(text), end + 1 - p)
                    }
                    None => Some(self.error_at(
                        codes::UNCLOSED_QUOTE,
                        format!("Unclosed quote after \"'\" followed by '{}'", self.followed_by(start)),
                        start,
                    )),
                }
            }
            b'\n' => {
                match self.newline_jump.take() {
                    Some(j) => self.pos = j,
                    None => self.pos = p + 1,
                }
                self.line_start = self.pos;
                None
            }
            b' ' | b'\t' | b'\r' => {
                self.pos = skip_ws(self.src, p);
                None
            }
            b'0'..=b'9' => self.number(p).transpose(),
            b'a'..=b'z' | b'_' => {
                // Most words are one `\w+` run: then the bare word ends
                // there, and it is a NAME unless it starts with `_`. A `-`
                // or `::` after the run needs the full patterns.
                let run = word_run_end(b, p + 1);
                let (end, name) = if matches!(b.get(run), Some(b'-' | b':')) {
                    let end = scan_bare_word(b, p).unwrap_or(p + 1);
                    (end, is_name(&b[p..end]))
                } else {
                    (run, c != b'_')
                };
                let v = &self.src[p..end];
                if name {
                    // Keywords are 2 to 8 bytes long.
                    if v.len() <= 8
                        && let Some(kw) = keyword(v)
                    {
                        emit!(kw, end - p)
                    }
                    emit!(Tok::Name(Cow::Borrowed(v)), end - p)
                }
                emit!(Tok::Word(Cow::Borrowed(v)), end - p)
            }
            b'A'..=b'Z' => {
                let end = scan_classref(b, p);
                if b.get(end) == Some(&b':') && b.get(end + 1) == Some(&b':') {
                    return Some(self.error_at(codes::ILLEGAL_CLASS_REFERENCE, "Illegal class reference", end + 1));
                }
                let v = &self.src[p..end];
                emit!(Tok::ClassRef(Cow::Borrowed(v)), end - p)
            }
            _ => {
                let end = skip_ws(self.src, p);
                if end > p {
                    self.pos = end;
                    return None;
                }
                // Puppet's OTHER token has an empty value and is one byte long.
                emit!(Tok::Other, 1)
            }
        }
    }

    /// Classifies a token for the context rules, given the previous one.
    fn classify(&mut self, tok: &Tok<'_>) -> After {
        use Tok::*;
        match tok {
            Name(_) | Word(_) | ClassRef(_) => match self.after {
                After::Dot if matches!(tok, Name(_)) => After::NameAfterDot,
                After::DefKeyword => {
                    if self.class_or_define {
                        self.definition_keywords += 1;
                    }
                    After::DefName
                }
                _ => After::Operand,
            },
            Type => {
                if self.after == After::Dot {
                    After::TypeAfterDot
                } else {
                    After::TypeKw
                }
            }
            Class | Define | Function => {
                self.class_or_define = !matches!(tok, Function);
                After::DefKeyword
            }
            Number(_) | Str(_) | Boolean(_) | DqPre(_) | DqMid(_) | DqPost(_) | Heredoc(_) | Regex(_)
            | Variable(_) => After::Operand,
            RParen => {
                if self.parens.pop().unwrap_or(false) {
                    After::RParenCall
                } else {
                    After::RParenGroup
                }
            }
            RBrack => After::RBrack,
            RBrace => After::RBrace,
            RCollect | RRCollect => After::RCollect,
            QMark => After::QMark,
            Dot => After::Dot,
            EppStart => After::EppStart,
            _ => After::Other,
        }
    }

    /// Is the character before `p` a blank or a line break (`[[:blank:]\r\n]`)?
    fn blank_before(&self, p: usize) -> bool {
        match self.src[..p].chars().next_back() {
            Some(c) => c == '\n' || c == '\r' || is_blank(c),
            None => true,
        }
    }

    /// `/\A[[:blank:]\r]+\Z/` on `src[from..to]`.
    fn only_blanks(&self, from: usize, to: usize) -> bool {
        from < to && self.src[from..to].chars().all(|c| c == '\r' || is_blank(c))
    }

    fn nest(&mut self) -> Result<(), LexError> {
        self.nesting += 1;
        if self.nesting > MAX_STRING_NESTING {
            self.nesting -= 1;
            return self.error_at(
                codes::NESTING_TOO_DEEP,
                format!("Strings and heredocs are nested more than {MAX_STRING_NESTING} levels deep"),
                self.pos,
            );
        }
        Ok(())
    }

    // ------------------------------------------------------------------
    // Numbers

    fn number(&mut self, p: usize) -> Result<Option<Spanned<'a>>, LexError> {
        let b = self.b;
        if let Some(end) = match_number(b, p) {
            let v = &self.src[p..end];
            assert_numeric(v, p)?;
            self.pos = end;
            let tok = Tok::Number(Cow::Borrowed(v));
            self.after = self.classify(&tok);
            return Ok(Some((p, tok, end)));
        }
        // Puppet's recovery: take the word characters as the bad number and,
        // when it follows `digits.`, include those digits.
        let word_end = word_run_end(b, p);
        let mut before = p;
        let mut invalid: Option<&str> = Some(&self.src[p..word_end]);
        if before > 1 {
            let after = word_end;
            if b[before - 1] == b'.' {
                let mut q = before as isize - 2;
                while q >= 0 && b[q as usize].is_ascii_digit() {
                    invalid = None;
                    before = q as usize;
                    if before == 0 {
                        break;
                    }
                    q -= 1;
                }
            }
            if invalid.is_none() {
                invalid = Some(&self.src[before..after]);
            }
        }
        let invalid = invalid.unwrap_or("");
        assert_numeric(invalid, before)?;
        self.error_at(codes::ILLEGAL_NUMBER, format!("Illegal number '{invalid}'"), before + 1)
    }

    // ------------------------------------------------------------------
    // Regular expressions

    fn regex(&mut self, p: usize) -> Result<Option<Spanned<'a>>, LexError> {
        let b = self.b;
        // PATTERN_REGEX = %r{/[^/]*/}; then, while the closing slash is
        // escaped, extend to the next slash (or give up: it is a division).
        let Some(first) = b[p + 1..].iter().position(|&c| c == b'/') else {
            self.pos = p + 1;
            let tok = Tok::Div;
            self.after = self.classify(&tok);
            return Ok(Some((p, tok, p + 1)));
        };
        let mut end = p + 1 + first; // index of the closing slash
        while escaped_end(&b[p + 1..end]) {
            match b[end + 1..].iter().position(|&c| c == b'/') {
                Some(i) => end = end + 1 + i,
                None => {
                    self.pos = p + 1;
                    let tok = Tok::Div;
                    self.after = self.classify(&tok);
                    return Ok(Some((p, tok, p + 1)));
                }
            }
        }
        let inner = &self.src[p + 1..end];
        let pattern = if inner.contains("\\/") { Cow::Owned(inner.replace("\\/", "/")) } else { Cow::Borrowed(inner) };
        // Puppet's lexer compiles the regexp (`Regexp.new`), so an invalid
        // pattern is an error at parse time, with Ruby's message.
        if let Err(message) = check_regexp(&pattern) {
            return self.error_at(codes::ILLEGAL_REGEXP, format!("{message}: /{inner}/"), p);
        }
        self.pos = end + 1;
        let tok = Tok::Regex(pattern);
        self.after = self.classify(&tok);
        Ok(Some((p, tok, end + 1)))
    }

    // ------------------------------------------------------------------
    // Double-quoted strings and interpolation

    /// Lexes a double-quoted string at `self.pos`. A string without
    /// interpolation is one `STRING` token; otherwise the parts and the
    /// tokens of the embedded expressions are queued.
    fn interpolate_dq(&mut self) -> Result<Option<Spanned<'a>>, LexError> {
        let before = self.pos;
        self.pos += 1; // the opening quote
        let (mut text, mut term) = self.slurp_dq(before)?;
        let mut after = self.pos;
        loop {
            match term {
                Terminator::Quote | Terminator::End => {
                    let tok = Tok::Str(text);
                    self.after = self.classify(&tok);
                    return Ok(Some((before, tok, self.pos)));
                }
                Terminator::DollarBrace => {
                    let count = self.brace_count;
                    self.brace_count += 1;
                    self.queue.push_back(((before, Tok::DqPre(text), self.pos), After::Operand));
                    self.enqueue_until(count)?;
                    break;
                }
                Terminator::Dollar => match strings::scan_interpolated_variable(self.b, self.pos) {
                    Some(end) => {
                        let name = &self.src[self.pos..end];
                        self.queue.push_back(((before, Tok::DqPre(text), after - 1), After::Operand));
                        self.queue.push_back(((after - 1, Tok::Variable(Cow::Borrowed(name)), end), After::Operand));
                        self.pos = end;
                        break;
                    }
                    None => {
                        let (more, t) = self.slurp_dq(before)?;
                        let mut s = text.into_owned();
                        s.push('$');
                        s.push_str(&more);
                        text = Cow::Owned(s);
                        term = t;
                        after = self.pos;
                    }
                },
            }
        }
        self.interpolate_tail(before)?;
        Ok(None)
    }

    /// The rest of an interpolated string (or heredoc text) after an
    /// interpolation: `DQMID`s and the final `DQPOST`.
    fn interpolate_tail(&mut self, string_start: usize) -> Result<(), LexError> {
        loop {
            let before = self.pos;
            let (mut text, mut term) = self.slurp_part(string_start)?;
            let mut after = self.pos;
            loop {
                match term {
                    Terminator::Quote | Terminator::End => {
                        self.queue.push_back(((before, Tok::DqPost(text), self.pos), After::Operand));
                        return Ok(());
                    }
                    Terminator::DollarBrace => {
                        let count = self.brace_count;
                        self.brace_count += 1;
                        self.queue.push_back(((before, Tok::DqMid(text), self.pos), After::Operand));
                        self.enqueue_until(count)?;
                        break;
                    }
                    Terminator::Dollar => match strings::scan_interpolated_variable(self.b, self.pos) {
                        Some(end) => {
                            let name = &self.src[self.pos..end];
                            self.queue.push_back(((before, Tok::DqMid(text), after - 1), After::Operand));
                            self.queue
                                .push_back(((after - 1, Tok::Variable(Cow::Borrowed(name)), end), After::Operand));
                            self.pos = end;
                            break;
                        }
                        None => {
                            let (more, t) = self.slurp_part(string_start)?;
                            let mut s = text.into_owned();
                            s.push('$');
                            s.push_str(&more);
                            text = Cow::Owned(s);
                            term = t;
                            after = self.pos;
                        }
                    },
                }
            }
        }
    }

    fn slurp_part(&mut self, string_start: usize) -> Result<(Cow<'a, str>, Terminator), LexError> {
        if self.uq.is_some() { self.slurp_uq() } else { self.slurp_dq(string_start) }
    }

    /// Scans a double-quoted segment from `self.pos` to its terminator,
    /// processes its escapes and moves past the terminator.
    fn slurp_dq(&mut self, string_start: usize) -> Result<(Cow<'a, str>, Terminator), LexError> {
        let from = self.pos;
        let Some((end, term)) = strings::find_terminator(self.b, from, true, true) else {
            let after = if from == string_start + 1 { "'\"'".to_string() } else { "'}'".to_string() };
            return self.error_at(
                codes::UNCLOSED_QUOTE,
                format!("Unclosed quote after {after} followed by '{}'", self.followed_by(from)),
                from,
            );
        };
        self.pos = end + term.len();
        let raw = &self.src[from..end];
        let text = self.escapes(raw, Escapes::DQ, true)?;
        Ok((text, term))
    }

    /// Scans a heredoc text segment (unquoted, per the heredoc's flags).
    fn slurp_uq(&mut self) -> Result<(Cow<'a, str>, Terminator), LexError> {
        let mode = self.uq.unwrap_or(UqMode { escapes: Escapes::NONE, interpolate: false });
        let from = self.pos;
        let (end, term) = if mode.interpolate {
            strings::find_terminator(self.b, from, false, mode.escapes.dollar)
                .unwrap_or((self.b.len(), Terminator::End))
        } else {
            (self.b.len(), Terminator::End)
        };
        self.pos = end + term.len();
        let raw = &self.src[from..end];
        let text = self.escapes(raw, mode.escapes, false)?;
        Ok((text, term))
    }

    fn escapes(&mut self, raw: &'a str, escapes: Escapes, warn: bool) -> Result<Cow<'a, str>, LexError> {
        if !raw.contains('\\') || escapes.is_empty() {
            return Ok(Cow::Borrowed(raw));
        }
        let mut issues = Vec::new();
        let at = self.pos;
        match strings::process_escapes(raw, escapes, warn, &mut issues) {
            Ok(text) => {
                for issue in issues {
                    match issue {
                        EscapeIssue::Unrecognized(ch) => self.warn(
                            codes::UNRECOGNIZED_ESCAPE,
                            format!("Unrecognized escape sequence '\\{ch}'"),
                            at,
                        ),
                        _ => self.warn(codes::ILLEGAL_UNICODE_ESCAPE, ILLEGAL_UNICODE_MSG.to_string(), at),
                    }
                }
                Ok(text)
            }
            Err(_) => self.error_at(codes::ILLEGAL_UNICODE_ESCAPE, ILLEGAL_UNICODE_MSG, at),
        }
    }

    /// Lexes the expression of a `${...}` into the queue, up to the `}` that
    /// brings the brace count back to `count`. A lone name, number, word or
    /// keyword becomes a variable, as does the first of several tokens when
    /// `.` or `[` follows it (`${x}`, `${x[0]}`, `${x.y}`).
    fn enqueue_until(&mut self, count: i64) -> Result<(), LexError> {
        self.pos = skip_ws(self.src, self.pos);
        let base = self.queue.len();
        while self.pos < self.b.len() {
            match self.lex_token()? {
                Some(tok) => {
                    if matches!(tok.1, Tok::RBrace) && self.brace_count == count {
                        let n = self.queue.len() - base;
                        if n == 1 {
                            let last = self.queue.len() - 1;
                            transform_to_variable(&mut self.queue[last].0);
                        } else if n > 1 && matches!(self.queue[base + 1].0.1, Tok::Dot | Tok::LBrack) {
                            transform_to_variable(&mut self.queue[base].0);
                        }
                        return Ok(());
                    }
                    self.queue.push_back((tok, self.after));
                }
                None => {
                    self.pos = skip_ws(self.src, self.pos);
                }
            }
        }
        Ok(())
    }
}

const ILLEGAL_UNICODE_MSG: &str =
    "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff";

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<Spanned<'a>, LexError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        let t = self.next_token();
        if !matches!(t, Some(Ok(_))) {
            self.finished = true;
        }
        t
    }
}

/// `${true}` makes Puppet's parser crash (it turns the Boolean token into a
/// variable whose "name" is a Boolean); we keep the fact in the token so the
/// validator can report it.
fn transform_to_variable(t: &mut Spanned<'_>) {
    let replacement = match &t.1 {
        Tok::Number(s) | Tok::Name(s) | Tok::Word(s) => Some(Tok::Variable(s.clone())),
        Tok::Boolean(true) => Some(Tok::Variable(Cow::Borrowed(BOOLEAN_VARIABLE_TRUE))),
        Tok::Boolean(false) => Some(Tok::Variable(Cow::Borrowed(BOOLEAN_VARIABLE_FALSE))),
        k if k.is_keyword() => Some(Tok::Variable(Cow::Owned(k.puppet_value().into_owned()))),
        _ => None,
    };
    if let Some(r) = replacement {
        t.1 = r;
    }
}

/// Marker names for `${true}` / `${false}` (see `transform_to_variable`);
/// they cannot be written as variables in source.
pub const BOOLEAN_VARIABLE_TRUE: &str = "\u{0}true";
pub const BOOLEAN_VARIABLE_FALSE: &str = "\u{0}false";

// ----------------------------------------------------------------------
// Character classes and scanners (Ruby regexp semantics: `\w` is ASCII,
// `[[:blank:]]` is Unicode).

/// `\w` (ASCII letters, digits, `_`), by table: the scanners call it for
/// nearly every byte of the source.
#[inline]
pub(crate) fn is_word(c: u8) -> bool {
    static WORD: [bool; 256] = {
        let mut t = [false; 256];
        let mut i = 0;
        while i < 256 {
            let c = i as u8;
            t[i] = c.is_ascii_alphanumeric() || c == b'_';
            i += 1;
        }
        t
    };
    WORD[c as usize]
}

/// The end of the run of `\w` bytes from `i`: the inner loop of the name
/// scanners and of the validator's name checks, four bytes a step (names
/// and variables are mostly long runs).
#[inline]
pub(crate) fn word_run_end(b: &[u8], mut i: usize) -> usize {
    while let Some(w) = b.get(i..i + 4) {
        // `&`, not `&&`: one branch per step.
        if !(is_word(w[0]) & is_word(w[1]) & is_word(w[2]) & is_word(w[3])) {
            break;
        }
        i += 4;
    }
    while i < b.len() && is_word(b[i]) {
        i += 1;
    }
    i
}

/// `[[:blank:]]` in Ruby: tab and the Unicode space separators (Zs).
pub(crate) fn is_blank(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t'
            | '\u{00A0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200A}'
            | '\u{202F}'
            | '\u{205F}'
            | '\u{3000}'
    )
}

/// Skips `[[:blank:]\r]+` from `p`; returns the new position.
fn skip_ws(src: &str, p: usize) -> usize {
    let b = src.as_bytes();
    let mut i = p;
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b'\r' => i += 1,
            // `get` fails inside a character: Puppet's OTHER token can be a
            // single byte of a multi-byte character.
            c if c >= 0x80 => match src.get(i..).and_then(|r| r.chars().next()) {
                Some(ch) if is_blank(ch) => i += ch.len_utf8(),
                _ => break,
            },
            _ => break,
        }
    }
    i
}

/// Skips a run of ASCII spaces from `p` (indentation, mostly) eight bytes at
/// a time; returns the position of the first other byte.
#[inline]
fn skip_spaces(b: &[u8], mut p: usize) -> usize {
    const SPACES: u64 = u64::from_ne_bytes([b' '; 8]);
    while let Some(chunk) = b.get(p..p + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        // Zero bytes where the input has a space; the lowest set bit of a
        // little-endian word is in its first other byte.
        let diff = u64::from_le_bytes(word) ^ SPACES;
        if diff != 0 {
            return p + (diff.trailing_zeros() / 8) as usize;
        }
        p += 8;
    }
    while p < b.len() && b[p] == b' ' {
        p += 1;
    }
    p
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The end of a single-quoted string's content (the index of the closing
/// quote): the first `'` preceded by an even number of backslashes. As with
/// Puppet's pattern `(?:[^\\]|^)(?:[\\]{2})*[']`, a `'` right at the start
/// is content when an even run of backslashes and another `'` follow it
/// (see `strings::quote_is_content`): `'''` is the string `'`.
/// The end (the closing quote) of a single-quoted string whose text starts
/// at `from`, and whether the text has a backslash.
fn find_sq_end(b: &[u8], from: usize) -> Option<(usize, bool)> {
    let mut i = from;
    let mut backslash = false;
    if strings::quote_is_content(b, from, b'\'', b"'") {
        i += 1;
    }
    loop {
        let k = i + memchr::memchr2(b'\\', b'\'', b.get(i..)?)?;
        if b[k] == b'\'' {
            return Some((k, backslash));
        }
        // A backslash escapes the byte after it, whatever it is.
        backslash = true;
        i = k + 2;
    }
}

/// `PATTERN_CLASSREF = ((::){0,1}[A-Z][\w]*)+` from `p`; returns the end.
fn scan_classref(b: &[u8], p: usize) -> usize {
    let mut i = p;
    let mut end = p;
    loop {
        let mut j = i;
        if b.get(j) == Some(&b':') && b.get(j + 1) == Some(&b':') {
            j += 2;
        }
        if b.get(j).is_some_and(|c| c.is_ascii_uppercase()) {
            j = word_run_end(b, j + 1);
            end = j;
            i = j;
        } else {
            return end;
        }
    }
}

/// `PATTERN_BARE_WORD = ((?:::){0,1}(?:[a-z_](?:[\w-]*[\w])?))+` from `p`.
fn scan_bare_word(b: &[u8], p: usize) -> Option<usize> {
    let mut i = p;
    let mut end = None;
    loop {
        let mut j = i;
        if b.get(j) == Some(&b':') && b.get(j + 1) == Some(&b':') {
            j += 2;
        }
        match b.get(j) {
            Some(c) if c.is_ascii_lowercase() || *c == b'_' => {
                j += 1;
                let mut k = j;
                let mut last_word = j;
                while k < b.len() {
                    if is_word(b[k]) {
                        last_word = k + 1;
                    } else if b[k] != b'-' {
                        break;
                    }
                    k += 1;
                }
                j = last_word.max(j);
                end = Some(j);
                i = j;
            }
            _ => return end,
        }
    }
}

/// `PATTERN_NAME = ^((::)?[a-z][\w]*)(::[a-z][\w]*)*$`
fn is_name(v: &[u8]) -> bool {
    let mut i = 0;
    if v.starts_with(b"::") {
        i = 2;
    }
    loop {
        if !v.get(i).is_some_and(|c| c.is_ascii_lowercase()) {
            return false;
        }
        i = word_run_end(v, i + 1);
        if i == v.len() {
            return true;
        }
        if v[i] == b':' && v.get(i + 1) == Some(&b':') {
            i += 2;
        } else {
            return false;
        }
    }
}

/// `PATTERN_DOLLAR_VAR = \$(::)?(\w+::)*\w+` after the `$` at `from`.
fn scan_dollar_var(b: &[u8], from: usize) -> Option<usize> {
    strings::scan_interpolated_variable(b, from)
}

/// Compiles a regexp with Ruby's syntax and returns Oniguruma's message (the
/// one Ruby gives) if it is invalid. Compiling costs tens of microseconds and
/// code repeats its patterns, so the valid ones are remembered (per thread,
/// boundedly).
fn check_regexp(pattern: &str) -> Result<(), String> {
    use std::cell::RefCell;
    use std::collections::HashSet;
    thread_local! {
        static VALID: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
    }
    if VALID.with(|v| v.borrow().contains(pattern)) {
        return Ok(());
    }
    onig::Regex::with_options(pattern, onig::RegexOptions::REGEX_OPTION_NONE, onig::Syntax::ruby())
        .map_err(|e| e.description().to_string())?;
    VALID.with(|v| {
        let mut v = v.borrow_mut();
        if v.len() >= 4096 {
            v.clear();
        }
        v.insert(pattern.to_string());
    });
    Ok(())
}

/// Puppet's `escaped_end`: does the regexp text (between the slashes) end
/// with an odd number of backslashes, i.e. is the closing slash escaped?
fn escaped_end(inner: &[u8]) -> bool {
    inner.iter().rev().take_while(|&&c| c == b'\\').count() % 2 == 1
}

/// `PATTERN_NUMBER = \b(?:0[xX][0-9A-Fa-f]+|0?\d+(?:\.\d+)?(?:[eE]-?\d+)?)\b`
/// at `p` (a digit), with Ruby's backtracking order. Returns the end.
fn match_number(b: &[u8], p: usize) -> Option<usize> {
    let boundary = |e: usize| !b.get(e).is_some_and(|&c| is_word(c));
    let digits = |mut i: usize| {
        let s = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        (i > s).then_some(i)
    };
    if b[p] == b'0' && matches!(b.get(p + 1), Some(b'x' | b'X')) {
        let mut i = p + 2;
        while i < b.len() && b[i].is_ascii_hexdigit() {
            i += 1;
        }
        if i > p + 2 && boundary(i) {
            return Some(i);
        }
    }
    let int_end = digits(p)?;
    // Exponent candidates at `at`, in backtracking order: with '-' first.
    let exps = |at: usize| -> [Option<usize>; 2] {
        if !matches!(b.get(at), Some(b'e' | b'E')) {
            return [None, None];
        }
        let with_minus = if b.get(at + 1) == Some(&b'-') { digits(at + 2) } else { None };
        [with_minus, digits(at + 1)]
    };
    if b.get(int_end) == Some(&b'.') {
        if let Some(frac_end) = digits(int_end + 1) {
            for e in exps(frac_end).into_iter().flatten() {
                if boundary(e) {
                    return Some(e);
                }
            }
            if boundary(frac_end) {
                return Some(frac_end);
            }
        }
    }
    for e in exps(int_end).into_iter().flatten() {
        if boundary(e) {
            return Some(e);
        }
    }
    boundary(int_end).then_some(int_end)
}

/// Puppet's `assert_numeric`: the number must be valid in its radix.
fn assert_numeric(v: &str, pos: usize) -> Result<(), LexError> {
    let b = v.as_bytes();
    let err = |code, msg: String| Err(LexError { code, message: msg, offset: Some(pos) });
    if b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X') {
        if b.len() == 2 || !b[2..].iter().all(u8::is_ascii_hexdigit) {
            return err(codes::INVALID_HEX_NUMBER, format!("Not a valid hex number {v}"));
        }
    } else if b.len() >= 2 && b[0] == b'0' && b[1] != b'.' {
        if !b[1..].iter().all(|c| (b'0'..=b'7').contains(c)) {
            return err(codes::INVALID_OCTAL_NUMBER, format!("Not a valid octal number {v}"));
        }
    } else if {
        let d = b.iter().take_while(|c| c.is_ascii_digit()).count();
        d > 0 && matches!(b.get(d), Some(b'e' | b'E' | b'.'))
    } {
        if !is_decimal(b) {
            return err(codes::INVALID_DECIMAL_NUMBER, format!("Not a valid decimal number {v}"));
        }
    } else if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
        return err(codes::ILLEGAL_NUMBER, format!("Illegal number '{v}'"));
    }
    Ok(())
}

/// `^\d+(?:\.\d+)?(?:[eE]-?\d+)?$`
fn is_decimal(b: &[u8]) -> bool {
    let mut i = 0;
    let digits = |i: &mut usize| {
        let s = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > s
    };
    if !digits(&mut i) {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// Lexes a whole manifest into tokens (for tests and `--emit=tokens`).
pub fn tokenize(src: &str) -> Result<Vec<Spanned<'_>>, LexError> {
    Lexer::new(src).collect()
}

#[cfg(test)]
mod tests;

/// Puppet's `assert_not_bom`: a byte order mark at the start of the input is
/// an error that names the kind of mark.
pub fn bom_error(b: &[u8]) -> Option<LexError> {
    let g = |i: usize| b.get(i).copied().unwrap_or(b' ');
    let (b0, b1, b2, b3) = (g(0), g(1), g(2), g(3));
    let (name, size) = match (b0, b1, b2, b3) {
        (0x00, 0x00, 0xFE, 0xFF) | (0xFF, 0xFE, 0x00, 0x00) => ("UTF-32", 4),
        (0x84, 0x31, 0x95, 0x33) => ("GB-18030", 4),
        (0xDD, 0x73, 0x66, 0x73) => ("UTF-EBCDIC", 4),
        (0x0E, 0xFE, 0xFF, _) => ("SCSU", 3),
        (0xEF, 0xBB, 0xBF, _) => ("UTF-8", 3),
        (0xF7, 0x64, 0x4C, _) => ("UTF-1", 3),
        (0xFB, 0xEE, 0x28, _) => ("BOCU", 3),
        (0xFE, 0xFF, _, _) | (0xFF, 0xFE, _, _) => ("UTF-16", 2),
        _ => return None,
    };
    let bytes: Vec<String> = [b0, b1, b2, b3][..size].iter().map(|x| format!("{x:X}")).collect();
    Some(LexError {
        code: codes::ILLEGAL_BOM,
        message: format!(
            "Illegal {name} Byte Order mark at beginning of input: [{}] - remove these from the puppet source",
            bytes.join(" ")
        ),
        offset: None,
    })
}
