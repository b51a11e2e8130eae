//! The parser facade: [`parse`] turns Puppet source into an [`ast::Program`]
//! and a list of diagnostics. The LALRPOP grammar (`grammar.lalrpop`) and the
//! code it generates stay private to this module.
//!
//! Like Puppet, parsing stops at the first lexical or syntax error (Puppet's
//! racc parser has no error recovery, and its users rely on its one message
//! naming the offending token). Validation, which can report many errors, is
//! a separate pass ([`crate::validate`]).
//!
//! Invariant: the returned AST is at most [`MAX_DEPTH`] nodes deep, so the
//! recursive passes over it (validation, printing, lowering) stay within
//! bounded stack. Deeper input is an error, as it is in Puppet (whose Ruby
//! stack gives out at about the same depth).

mod build;
#[allow(clippy::all, unused_parens, unused_imports, unused_variables, dead_code)]
mod grammar {
    include!(concat!(env!("OUT_DIR"), "/parser/grammar.rs"));
}

use lalrpop_util::ParseError;

use crate::ast::{Expr, ExprKind, Program};
use crate::diagnostic::{Diagnostic, Severity, codes};
use crate::lexer::{LexError, Lexer, Tok, bom_error};
use crate::source::{FileId, Span};



/// The deepest AST accepted. Puppet 7 fails with "stack level too deep"
/// between 1,000 and 1,500 levels of nesting; we accept 1,200.
pub const MAX_DEPTH: usize = 1200;

/// What kind of source a text is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// A manifest (`.pp`).
    Manifest,
    /// An EPP template (`.epp`).
    Epp,
}

/// The result of parsing one file.
#[derive(Debug)]
pub struct Parsed {
    /// `None` when the file has an error.
    pub program: Option<Program>,
    /// The error (if any) and the warnings found while lexing.
    pub diagnostics: Vec<Diagnostic>,
}

impl Parsed {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Parses raw bytes: rejects a byte order mark and invalid UTF-8 with a
/// located error, then parses the text.
pub fn parse_bytes(file: FileId, bytes: &[u8], kind: SourceKind) -> Parsed {
    if let Some(e) = bom_error(bytes) {
        return failed(file, e, bytes.len());
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(file, text, kind),
        Err(e) => {
            let at = e.valid_up_to();
            let err = LexError {
                code: codes::INVALID_UTF8,
                message: format!(
                    "Invalid UTF-8: byte 0x{:02X} does not start a valid UTF-8 sequence (Puppet source must be UTF-8)",
                    bytes[at]
                ),
                offset: Some(at),
            };
            failed(file, err, bytes.len())
        }
    }
}

/// Parses a manifest or template.
pub fn parse(file: FileId, text: &str, kind: SourceKind) -> Parsed {
    if let Some(e) = bom_error(text.as_bytes()) {
        return failed(file, e, text.len());
    }
    with_stack_for(text.len(), || parse_text(file, text, kind))
}

/// Stack bytes per input byte that dropping a tree may take: on a syntax
/// error the parser drops the subtrees it has built, recursively, and a
/// subtree can be about as deep as its text is long (`!!!!x`, `1+1+1`). A
/// release build takes under 50 bytes per level, a debug build about 200.
const DROP_STACK_PER_BYTE: usize = if cfg!(debug_assertions) { 256 } else { 64 };
/// The largest stack segment asked for (virtual memory; only what the
/// recursion touches is used).
const MAX_PARSE_STACK: usize = 1 << 30;

/// Runs `f` where at least `len * DROP_STACK_PER_BYTE` bytes of stack are
/// free (up to `MAX_PARSE_STACK`), on a new stack segment if the caller's
/// has less: small inputs parse on the caller's stack, large ones cannot
/// overflow it whatever their nesting.
fn with_stack_for<R>(len: usize, f: impl FnOnce() -> R) -> R {
    let need = len.saturating_mul(DROP_STACK_PER_BYTE).saturating_add(256 << 10).min(MAX_PARSE_STACK);
    match stacker::remaining_stack() {
        Some(free) if free >= need => f(),
        _ => stacker::grow(need, f),
    }
}

fn parse_text(file: FileId, text: &str, kind: SourceKind) -> Parsed {
    let mut lexer = match kind {
        SourceKind::Manifest => Lexer::new(text),
        SourceKind::Epp => Lexer::new_epp(text),
    };
    let result = grammar::ProgramParser::new().parse(&mut lexer);
    let mut diagnostics: Vec<Diagnostic> = lexer
        .take_warnings()
        .into_iter()
        .map(|w| Diagnostic {
            severity: Severity::Warning,
            code: w.code,
            message: w.message,
            file,
            span: Some(Span::new(w.offset, w.offset)),
        })
        .collect();
    match result {
        Ok(body) => {
            let mut body = body;
            if let Some(b) = &body {
                if let Some(deep) = too_deep(b) {
                    diagnostics.push(Diagnostic::error(
                        codes::NESTING_TOO_DEEP,
                        format!("Expressions are nested more than {MAX_DEPTH} levels deep"),
                        file,
                        deep,
                    ));
                    drop_iteratively(body.take());
                    return Parsed { program: None, diagnostics };
                }
            }
            // Only a class containing a class or define needs renaming.
            if lexer.definition_keywords() > 1
                && let Some(b) = &mut body
            {
                build::qualify_nested_definitions(b, "");
            }
            Parsed { program: Some(Program { file, body, span: Span::new(0, text.len()) }), diagnostics }
        }
        Err(e) => {
            let first = match &e {
                ParseError::UnrecognizedToken { token: (lo, _, hi), expected } => {
                    action_error_first(text, kind, (*lo, *hi), expected)
                }
                ParseError::ExtraToken { token: (lo, _, hi) } => action_error_first(text, kind, (*lo, *hi), &[]),
                _ => None,
            };
            let d = match first {
                Some(err) => lex_diagnostic(file, err),
                None => to_diagnostic(file, e),
            };
            diagnostics.push(d);
            Parsed { program: None, diagnostics }
        }
    }
}

/// Puppet's parser (racc) makes a state's default reduction without looking
/// at the next token, so a check in a grammar action (a comma-separated
/// statement list, a quoted class name, an expression that cannot be a
/// resource) fails before a syntax error on the token after it is noticed.
/// LALRPOP reduces only when the next token may follow, so it reports the
/// syntax error instead.
///
/// To report what Puppet reports, when the token at `bad` is unexpected the
/// text before it is parsed again, followed by the end of input or by one of
/// the tokens that could have come instead. If an action then fails before
/// that token is shifted, the same reduction would have run in Puppet on
/// the bad token, and its error comes first. Only the error path pays for
/// this.
/// Bytes re-parsed at most by the probes after the end-of-input one.
const PROBE_BUDGET: usize = 16 << 20;

#[cold]
fn action_error_first(text: &str, kind: SourceKind, bad: (usize, usize), expected: &[String]) -> Option<LexError> {
    use std::cell::Cell;

    struct Probe<'a, 'c> {
        lexer: Lexer<'a>,
        bad: (usize, usize),
        probe: Option<Tok<'a>>,
        done: bool,
        beyond: &'c Cell<bool>,
    }
    impl<'a> Iterator for Probe<'a, '_> {
        type Item = Result<(usize, Tok<'a>, usize), LexError>;
        fn next(&mut self) -> Option<Self::Item> {
            if self.done {
                self.beyond.set(true);
                return None;
            }
            match self.lexer.next() {
                Some(Ok((lo, _, hi))) if (lo, hi) == self.bad => {}
                None => {}
                other => return other,
            }
            self.done = true;
            match self.probe.take() {
                Some(t) => Some(Ok((self.bad.0, t, self.bad.0))),
                None => None,
            }
        }
    }

    // The end of input first, then the expected tokens that close or
    // separate constructs (the ones after which Puppet's actions run).
    let candidates: &[(&str, Tok<'static>)] = &[
        ("\"}\"", Tok::RBrace),
        ("\")\"", Tok::RParen),
        ("\"]\"", Tok::RBrack),
        ("\";\"", Tok::Semic),
        ("\",\"", Tok::Comma),
        ("\"{\"", Tok::LBrace),
        ("\"(\"", Tok::LParen),
        ("\"WSLPAREN\"", Tok::WsLParen),
        ("\"=>\"", Tok::FArrow),
        ("\":\"", Tok::Colon),
        ("\"|\"", Tok::Pipe),
        ("\"=\"", Tok::Equals),
        ("\">>\"", Tok::RShift),
        ("\"inherits\"", Tok::Inherits),
    ];
    let probes = std::iter::once(None).chain(
        candidates.iter().filter(|(name, _)| expected.iter().any(|e| e == name)).map(|(_, t)| Some(t.clone())),
    );
    // Each probe parses the text before the bad token again: after the end
    // of input, probe only while that stays cheap (a huge file with an
    // error near its end gets the end-of-input probe only).
    let mut budget = PROBE_BUDGET;
    for probe in probes {
        let is_eof = probe.is_none();
        if !is_eof {
            if bad.0 > budget {
                break;
            }
            budget -= bad.0;
        }
        let beyond = Cell::new(false);
        let lexer = match kind {
            SourceKind::Manifest => Lexer::new(text),
            SourceKind::Epp => Lexer::new_epp(text),
        };
        let tokens = Probe { lexer, bad, probe, done: false, beyond: &beyond };
        match grammar::ProgramParser::new().parse(tokens) {
            Err(ParseError::User { error }) if error.code == codes::PARSE_ERROR && (is_eof || !beyond.get()) => {
                return Some(error);
            }
            // The text before the bad token may be a program of any depth.
            Ok(body) => drop_iteratively(body),
            Err(_) => {}
        }
    }
    None
}

#[cold]
fn failed(file: FileId, e: LexError, _len: usize) -> Parsed {
    Parsed { program: None, diagnostics: vec![lex_diagnostic(file, e)] }
}

fn lex_diagnostic(file: FileId, e: LexError) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        code: e.code,
        message: e.message,
        file,
        span: e.offset.map(|o| Span::new(o, o + 1)),
    }
}

fn to_diagnostic(file: FileId, e: ParseError<usize, Tok<'_>, LexError>) -> Diagnostic {
    match e {
        ParseError::User { error } => lex_diagnostic(file, error),
        ParseError::UnrecognizedToken { token: (lo, tok, hi), .. } | ParseError::ExtraToken { token: (lo, tok, hi) } => {
            Diagnostic::error(
                codes::SYNTAX_ERROR,
                format!("Syntax error at '{}'", tok.puppet_value()),
                file,
                Span::new(lo, hi.max(lo)),
            )
        }
        ParseError::UnrecognizedEof { .. } => Diagnostic {
            severity: Severity::Error,
            code: codes::SYNTAX_ERROR,
            message: "Syntax error at end of input".to_string(),
            file,
            // Puppet gives only the file for this error: its parser has no
            // token to locate.
            span: None,
        },
        ParseError::InvalidToken { location } => {
            Diagnostic::error(codes::SYNTAX_ERROR, "Syntax error at ''", file, Span::new(location, location))
        }
    }
}

/// Finds a node deeper than `MAX_DEPTH` without recursing.
fn too_deep(root: &Expr) -> Option<Span> {
    let mut stack: Vec<(&Expr, usize)> = Vec::with_capacity(64);
    stack.push((root, 1));
    while let Some((e, d)) = stack.pop() {
        if d > MAX_DEPTH {
            return Some(e.span);
        }
        crate::visit::children(e, &mut |c| {
            // A leaf within the limit can be neither too deep nor have
            // deeper children: most nodes are leaves, not worth a push.
            if d < MAX_DEPTH && is_leaf(c) {
                return;
            }
            stack.push((c, d + 1))
        });
    }
    None
}

/// Does `e` have no children (the common ones: see `visit::children`)?
#[inline]
fn is_leaf(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::String(_)
            | ExprKind::QualifiedName(_)
            | ExprKind::Variable(_)
            | ExprKind::QualifiedReference(_)
            | ExprKind::Boolean(_)
            | ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Integer { .. }
    )
}

/// Drops a tree without recursion (a too-deep tree would overflow the
/// stack in the compiler-generated drop).
fn drop_iteratively(root: Option<Box<Expr>>) {
    let mut stack: Vec<Box<Expr>> = root.into_iter().collect();
    while let Some(mut e) = stack.pop() {
        crate::visit::children_mut(&mut e, &mut |c| {
            let taken = std::mem::replace(c, Expr::new(Span::default(), ExprKind::Nop));
            stack.push(Box::new(taken));
        });
    }
}

/// Calls `f` on each direct child of `e` (read-only).
pub fn for_each_child<'e>(e: &'e Expr, f: &mut dyn FnMut(&'e Expr)) {
    crate::visit::children(e, f)
}

#[cfg(test)]
mod tests;
