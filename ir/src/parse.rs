//! Reads the IR text form back: [`parse_program`] is the inverse of
//! [`crate::print::print_program`], so `print(parse(print(p))) == print(p)`
//! for every program the lowering produces, and IR can be written by hand
//! (tests, experiments) and then verified and interpreted.
//!
//! The text is line-oriented: a `function` header, then `blockN:` labels,
//! each followed by indented instructions, and after the functions the
//! definitions table (`main`, `class`, `define`, `puppet_function`,
//! `type_alias`, `node`, `redefinition`, `file`). Lines whose first non-blank character is
//! `;` are comments. Value and block numbers are kept as written (so a
//! program printed after dead-code elimination, with holes in its value
//! numbering, reads back with the same numbers; a hole becomes a value
//! whose defining instruction is in no block, as DCE leaves it).
//! Function ids must be `fn0`, `fn1`, ... in order. Constants are Puppet
//! literals as [`crate::print::literal`] writes them; types are read with
//! Puppet's type parser. The `@line:col` after an instruction is optional
//! when writing IR by hand (it defaults to the unknown position 0:0);
//! without `file` lines the program gets one placeholder file name,
//! [`PLACEHOLDER_FILE`].
//!
//! Errors carry the 1-based line and column (in characters) of the
//! offending text. The parser never panics, whatever the input; it checks
//! syntax and references (every block, value and function mentioned is
//! defined, once), and that every block ends with a terminator (which is
//! what a truncated text usually lacks). The remaining invariants
//! (dominance, argument counts) are [`crate::verify`]'s.
//!
//! Known ambiguities of the text form (all harmless for evaluation): a
//! regexp source `a\/b` prints like `a/b` and reads back as `a/b` (the
//! lexer's form; both match the same strings), and values that `%p` does
//! not print as literals (Sensitive, Timespan, Binary ...) cannot appear
//! as constants (lowering and folding never make them).

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use pjit_runtime::Value;
use pjit_runtime::regex::Regex;
use pjit_runtime::types::parser::parse_type;

use crate::ir::*;

/// The file name a program gets when its text has no `file` lines.
pub const PLACEHOLDER_FILE: &str = "<ir>";

/// Value and block numbers above this are refused (they would make the
/// parser allocate arenas of that size).
const MAX_NUMBER: u32 = 1 << 20;

/// A syntax or reference error, at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ParseError {}

type PResult<T> = Result<T, ParseError>;

/// A position in the text: line, column.
#[derive(Copy, Clone, Debug)]
struct Pos(usize, usize);

fn err_at<T>(p: Pos, msg: impl Into<String>) -> PResult<T> {
    Err(ParseError { line: p.0, col: p.1, message: msg.into() })
}

/// The mnemonic an operation prints with. Exhaustive on purpose: a new
/// [`Op`] variant does not compile until the parser knows it.
pub fn opcode(op: &Op) -> &'static str {
    match op {
        Op::Const(_) => "const",
        Op::GetVar(_) => "getvar",
        Op::SetVar(..) => "setvar",
        Op::GetMatch(_) => "getmatch",
        Op::MatchPush => "match_push",
        Op::MatchPop => "match_pop",
        Op::Unary(UnOp::Neg, _) => "neg",
        Op::Unary(UnOp::Not, _) => "not",
        Op::Unary(UnOp::Truthy, _) => "truthy",
        Op::Arith(o, ..) => crate::print::arith_name(*o),
        Op::Cmp(o, ..) => crate::print::cmp_name(*o),
        Op::Match { negate: false, .. } => "match",
        Op::Match { negate: true, .. } => "nomatch",
        Op::In(..) => "in",
        Op::CaseMatch { selector: false, .. } => "casematch",
        Op::CaseMatch { selector: true, .. } => "selmatch",
        Op::AssignMulti(..) => "assign_multi",
        Op::NoSelectorMatch(_) => "no_selector_match",
        Op::Access(..) => "access",
        Op::Interp(_) => "interp",
        Op::MakeArray(_) => "array",
        Op::MakeHash(_) => "hash",
        Op::Call { method: false, .. } => "call",
        Op::Call { method: true, .. } => "callmethod",
        Op::Closure(_) => "closure",
        Op::TypeRef(_) => "typeref",
        Op::TypeSpec { .. } => "typespec",
        Op::ResourceTitles { .. } => "resource_titles",
        Op::AttributeSplat { .. } => "attribute_splat",
        Op::RenderPush => "render_push",
        Op::Render(_) => "render",
        Op::RenderPop => "render_pop",
        Op::Unwind(UnwindKind::Break, _) => "break",
        Op::Unwind(UnwindKind::Next, _) => "next",
        Op::Unwind(UnwindKind::Return, _) => "return_from",
        Op::Unsupported(_) => "unsupported",
        Op::Fail(_) => "fail",
        Op::Resource { .. } => "resource",
        Op::ResourceDefaults { .. } => "resource_defaults",
        Op::ResourceOverride { .. } => "resource_override",
        Op::Collect { .. } => "collect",
        Op::Relationship { .. } => "relate",
        Op::Jump(..) => "jump",
        Op::Branch { .. } => "branch",
        Op::Return(_) => "return",
    }
}

/// Every mnemonic [`opcode`] can return, for tests and error messages.
pub const OPCODES: &[&str] = &[
    "const",
    "getvar",
    "setvar",
    "getmatch",
    "match_push",
    "match_pop",
    "neg",
    "not",
    "truthy",
    "add",
    "sub",
    "mul",
    "div",
    "mod",
    "shl",
    "shr",
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "match",
    "nomatch",
    "in",
    "casematch",
    "assign_multi",
    "no_selector_match",
    "access",
    "interp",
    "array",
    "hash",
    "call",
    "callmethod",
    "closure",
    "typeref",
    "typespec",
    "resource_titles",
    "attribute_splat",
    "render_push",
    "render",
    "render_pop",
    "break",
    "next",
    "return_from",
    "unsupported",
    "resource",
    "fail",
    "resource_defaults",
    "resource_override",
    "collect",
    "relate",
    "jump",
    "branch",
    "return",
];

fn func_kind(s: &str) -> Option<FuncKind> {
    Some(match s {
        "main" => FuncKind::Main,
        "class" => FuncKind::Class,
        "define" => FuncKind::Define,
        "node" => FuncKind::Node,
        "function" => FuncKind::Function,
        "lambda" => FuncKind::Lambda,
        "thunk" => FuncKind::Thunk,
        _ => return None,
    })
}

fn arith_op(s: &str) -> Option<ArithOp> {
    Some(match s {
        "add" => ArithOp::Add,
        "sub" => ArithOp::Sub,
        "mul" => ArithOp::Mul,
        "div" => ArithOp::Div,
        "mod" => ArithOp::Mod,
        "shl" => ArithOp::Shl,
        "shr" => ArithOp::Shr,
        _ => return None,
    })
}

fn cmp_op(s: &str) -> Option<CmpOp> {
    Some(match s {
        "eq" => CmpOp::Eq,
        "ne" => CmpOp::Ne,
        "lt" => CmpOp::Lt,
        "le" => CmpOp::Le,
        "gt" => CmpOp::Gt,
        "ge" => CmpOp::Ge,
        _ => return None,
    })
}

/// Values, blocks and functions a function's text mentions, with where.
#[derive(Default)]
struct Refs {
    vals: Vec<(u32, Pos)>,
    blocks: Vec<(u32, Pos)>,
}

/// A cursor over one line.
struct Cur<'a> {
    s: &'a str,
    pos: usize,
    line: usize,
    /// A byte offset and its column, so that asking for the column as the
    /// cursor moves forward costs no rescan of the line.
    col_cache: std::cell::Cell<(usize, usize)>,
}

fn is_name_char(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, ',' | '(' | ')' | '[' | ']' | '{' | '}' | '@' | '=' | '$' | '\'' | '"')
}

impl<'a> Cur<'a> {
    fn new(s: &'a str, line: usize) -> Cur<'a> {
        Cur { s, pos: 0, line, col_cache: std::cell::Cell::new((0, 0)) }
    }

    fn here(&self) -> Pos {
        let (mut at, mut chars) = self.col_cache.get();
        if at > self.pos {
            (at, chars) = (0, 0);
        }
        chars += self.s[at..self.pos].chars().count();
        self.col_cache.set((self.pos, chars));
        Pos(self.line, chars + 1)
    }

    fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        err_at(self.here(), msg)
    }

    fn rest(&self) -> &'a str {
        &self.s[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn peek2(&self) -> Option<char> {
        self.rest().chars().nth(1)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn ws(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.pos += 1;
        }
    }

    fn at_end(&self) -> bool {
        self.rest().trim().is_empty()
    }

    /// What is next, for messages.
    fn found(&self) -> String {
        let r = self.rest();
        if r.trim().is_empty() {
            return "the end of the line".into();
        }
        let t: String = r.chars().take(20).collect();
        format!("'{}{}'", t, if r.chars().count() > 20 { "..." } else { "" })
    }

    /// Skips blanks, then consumes `t` if it is next.
    fn eat(&mut self, t: &str) -> bool {
        self.ws();
        if self.rest().starts_with(t) {
            self.pos += t.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, t: &str) -> PResult<()> {
        if self.eat(t) { Ok(()) } else { self.err(format!("expected '{t}', found {}", self.found())) }
    }

    /// Skips blanks, then consumes `word` if it is next as a whole word.
    fn eat_word(&mut self, word: &str) -> bool {
        self.ws();
        let r = self.rest();
        if r.starts_with(word) && !r[word.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            self.pos += word.len();
            true
        } else {
            false
        }
    }

    fn end(&mut self) -> PResult<()> {
        self.ws();
        if self.at_end() { Ok(()) } else { self.err(format!("unexpected {}", self.found())) }
    }

    /// A lower-case word (`[a-z_]+`), possibly empty.
    fn word(&mut self) -> &'a str {
        self.ws();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_lowercase() || c == '_') {
            self.pos += 1;
        }
        &self.s[start..self.pos]
    }

    /// A name: everything up to a blank or punctuation.
    fn name(&mut self, what: &str) -> PResult<&'a str> {
        self.ws();
        let start = self.pos;
        while self.peek().is_some_and(is_name_char) {
            self.bump();
        }
        if start == self.pos {
            return self.err(format!("expected {what}, found {}", self.found()));
        }
        Ok(&self.s[start..self.pos])
    }

    /// A token: everything up to a blank.
    fn token(&mut self, what: &str) -> PResult<&'a str> {
        self.ws();
        let start = self.pos;
        while self.peek().is_some_and(|c| !c.is_whitespace()) {
            self.bump();
        }
        if start == self.pos {
            return self.err(format!("expected {what}, found {}", self.found()));
        }
        Ok(&self.s[start..self.pos])
    }

    fn number(&mut self, what: &str) -> PResult<u32> {
        let p = self.here();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return self.err(format!("expected {what}, found {}", self.found()));
        }
        match self.s[start..self.pos].parse::<u32>() {
            Ok(n) => Ok(n),
            Err(_) => err_at(p, format!("{what} is too large")),
        }
    }

    /// `prefix` followed by a number (`v3`, `block2`, `fn7`), after blanks.
    fn numbered(&mut self, prefix: &str, what: &str) -> PResult<(u32, Pos)> {
        self.ws();
        let p = self.here();
        if !self.rest().starts_with(prefix) || !self.rest()[prefix.len()..].starts_with(|c: char| c.is_ascii_digit()) {
            return self.err(format!("expected {what} ({prefix}N), found {}", self.found()));
        }
        self.pos += prefix.len();
        let n = self.number(what)?;
        Ok((n, p))
    }

    fn limited(&mut self, prefix: &str, what: &str) -> PResult<(u32, Pos)> {
        let (n, p) = self.numbered(prefix, what)?;
        if n > MAX_NUMBER {
            return err_at(p, format!("{what} number {n} is too large (at most {MAX_NUMBER})"));
        }
        Ok((n, p))
    }

    fn val(&mut self, refs: &mut Refs) -> PResult<Val> {
        let (n, p) = self.limited("v", "a value")?;
        refs.vals.push((n, p));
        Ok(Val::from_u32(n))
    }

    fn block(&mut self, refs: &mut Refs) -> PResult<Block> {
        let (n, p) = self.limited("block", "a block")?;
        refs.blocks.push((n, p));
        Ok(Block::from_u32(n))
    }

    fn func(&mut self, funcs: &mut Vec<(u32, Pos)>) -> PResult<FuncId> {
        let (n, p) = self.numbered("fn", "a function")?;
        funcs.push((n, p));
        Ok(FuncId::from_u32(n))
    }

    fn ty(&mut self) -> PResult<Ty> {
        let p = self.here();
        let w = self.word();
        match Ty::from_name(w) {
            Some(t) => Ok(t),
            None if w.is_empty() => self.err(format!("expected a type, found {}", self.found())),
            None => err_at(p, format!("unknown type '{w}'")),
        }
    }

    /// `@line:col` or `@file:line:col`.
    fn loc(&mut self) -> PResult<Loc> {
        self.expect("@")?;
        let a = self.number("a line")?;
        self.expect(":")?;
        let b = self.number("a column")?;
        if self.rest().starts_with(':') {
            self.pos += 1;
            let c = self.number("a column")?;
            return Ok(Loc { file: a, line: b, col: c });
        }
        Ok(Loc { file: 0, line: a, col: b })
    }

    fn opt_loc(&mut self) -> PResult<Loc> {
        self.ws();
        if self.peek() == Some('@') { self.loc() } else { Ok(Loc::default()) }
    }

    /// A comma-separated list of `item` up to `close`.
    fn list<T>(&mut self, close: char, mut item: impl FnMut(&mut Self) -> PResult<T>) -> PResult<Vec<T>> {
        let mut out = vec![];
        self.ws();
        if self.peek() == Some(close) {
            self.pos += 1;
            return Ok(out);
        }
        loop {
            out.push(item(self)?);
            self.ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(c) if c == close => {
                    self.pos += c.len_utf8();
                    return Ok(out);
                }
                _ => return self.err(format!("expected ',' or '{close}', found {}", self.found())),
            }
        }
    }

    /// Multi-assignment targets after their `[`, up to the matching `]`.
    fn assign_targets(&mut self, prog: &mut Program) -> PResult<Vec<AssignTarget>> {
        self.list(']', |c| {
            c.ws();
            if c.eat("[") {
                let inner = c.assign_targets(prog)?;
                return Ok(AssignTarget::List(inner, c.opt_loc()?));
            }
            c.expect("$")?;
            let name = c.name("a variable name")?.to_string();
            let l = c.opt_loc()?;
            Ok(AssignTarget::Var(prog.intern(&name), l))
        })
    }

    fn vals(&mut self, close: char, refs: &mut Refs) -> PResult<Vec<Val>> {
        self.list(close, |c| c.val(refs))
    }

    fn splat_vals(&mut self, close: char, refs: &mut Refs) -> PResult<Vec<(Val, bool)>> {
        self.list(close, |c| {
            let s = c.eat("*");
            Ok((c.val(refs)?, s))
        })
    }

    /// A jump destination: `blockN` or `blockN(v1, v2)`.
    fn dest(&mut self, refs: &mut Refs) -> PResult<(Block, Vec<Val>)> {
        let b = self.block(refs)?;
        if self.rest().starts_with('(') {
            self.pos += 1;
            return Ok((b, self.vals(')', refs)?));
        }
        Ok((b, vec![]))
    }

    // Literals.

    /// A quoted string, single (`'..'`, Puppet's two escapes) or double
    /// (`".."`, Puppet's escapes, no interpolation).
    fn string(&mut self) -> PResult<String> {
        self.ws();
        let start = self.here();
        let q = match self.peek() {
            Some(q @ ('\'' | '"')) => q,
            _ => return self.err(format!("expected a quoted string, found {}", self.found())),
        };
        self.pos += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.bump() else {
                return err_at(start, "unterminated string");
            };
            if c == q {
                return Ok(out);
            }
            if c != '\\' {
                out.push(c);
                continue;
            }
            let Some(e) = self.bump() else {
                return err_at(start, "unterminated string");
            };
            if q == '\'' {
                if e != '\\' && e != '\'' {
                    out.push('\\');
                }
                out.push(e);
                continue;
            }
            match e {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                's' => out.push(' '),
                '\\' | '"' | '\'' | '$' => out.push(e),
                'u' => out.push(self.unicode_escape()?),
                _ => {
                    out.push('\\');
                    out.push(e);
                }
            }
        }
    }

    /// After `\u`: `{X..}` (1 to 6 hex digits) or exactly four hex digits.
    fn unicode_escape(&mut self) -> PResult<char> {
        let p = self.here();
        let hex = if self.peek() == Some('{') {
            self.pos += 1;
            let start = self.pos;
            while self.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
                self.pos += 1;
            }
            let h = &self.s[start..self.pos];
            if !self.rest().starts_with('}') || h.is_empty() || h.len() > 6 {
                return err_at(p, "malformed \\u{...} escape");
            }
            self.pos += 1;
            h
        } else {
            let r = self.rest();
            if r.len() < 4 || !r.is_char_boundary(4) || !r[..4].chars().all(|c| c.is_ascii_hexdigit()) {
                return err_at(p, "malformed \\u escape (four hex digits or {...})");
            }
            self.pos += 4;
            &r[..4]
        };
        u32::from_str_radix(hex, 16)
            .ok()
            .and_then(char::from_u32)
            .map_or_else(|| err_at(p, format!("\\u escape {hex} is not a character")), Ok)
    }

    /// A regexp between slashes as printed (`%p`, Ruby's `Regexp#inspect`):
    /// returns its source, with the escapes the printer adds removed.
    fn regexp_source(&mut self) -> PResult<String> {
        self.ws();
        let start = self.here();
        if !self.eat("/") {
            return self.err(format!("expected a regexp, found {}", self.found()));
        }
        let mut src = String::new();
        let mut escaped = false;
        loop {
            let Some(c) = self.bump() else {
                return err_at(start, "unterminated regexp");
            };
            if c == '/' && !escaped {
                return Ok(src);
            }
            if c == '\\' && !escaped && self.peek() == Some('/') {
                self.pos += 1;
                src.push('/');
                continue;
            }
            escaped = c == '\\' && !escaped;
            src.push(c);
        }
    }

    /// A constant: a Puppet literal as [`crate::print::literal`] writes it.
    fn literal(&mut self, depth: u32) -> PResult<Value> {
        self.ws();
        let p = self.here();
        if depth > 100 {
            return self.err("literal nested too deeply");
        }
        match self.peek() {
            None => self.err("expected a literal, found the end of the line"),
            Some('\'' | '"') => Ok(Value::string(self.string()?)),
            Some('[') => {
                self.pos += 1;
                let items = self.list(']', |c| c.literal(depth + 1))?;
                Ok(Value::array(items))
            }
            Some('{') => {
                self.pos += 1;
                let pairs = self.list('}', |c| {
                    let k = c.literal(depth + 1)?;
                    c.expect("=>")?;
                    let v = c.literal(depth + 1)?;
                    Ok((k, v))
                })?;
                Ok(Value::hash(pairs))
            }
            Some('/') => {
                let src = self.regexp_source()?;
                match Regex::new(&src) {
                    Ok(r) => Ok(Value::Regexp(r)),
                    Err(e) => err_at(p, format!("invalid regexp: {}", e.message())),
                }
            }
            Some(c) if c == '-' || c.is_ascii_digit() => self.number_literal(),
            Some(c) if c.is_ascii_uppercase() => {
                if self.rest().starts_with("Infinity") || self.rest().starts_with("NaN") {
                    return self.number_literal();
                }
                self.type_literal()
            }
            Some(c) if c.is_ascii_lowercase() => {
                let w = self.word();
                match w {
                    "undef" => Ok(Value::Undef),
                    "default" => Ok(Value::Default),
                    "true" => Ok(Value::Boolean(true)),
                    "false" => Ok(Value::Boolean(false)),
                    _ => err_at(p, format!("unknown literal '{w}'")),
                }
            }
            Some(_) => self.err(format!("expected a literal, found {}", self.found())),
        }
    }

    /// An integer (`-12`) or a float as Ruby prints it (`1.5`, `1.0e+20`,
    /// `-0.0`, `Infinity`, `NaN`).
    fn number_literal(&mut self) -> PResult<Value> {
        let p = self.here();
        let start = self.pos;
        let neg = self.eat("-");
        for special in ["Infinity", "NaN"] {
            if self.rest().starts_with(special) {
                self.pos += special.len();
                let f = if special == "NaN" { f64::NAN } else { f64::INFINITY };
                return Ok(Value::Float(if neg { -f } else { f }));
            }
        }
        let digits = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if digits == self.pos {
            return err_at(p, format!("expected a number, found {}", self.found()));
        }
        let mut float = false;
        if self.peek() == Some('.') && self.peek2().is_some_and(|c| c.is_ascii_digit()) {
            float = true;
            self.pos += 1;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.pos += 1;
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            let save = self.pos;
            self.pos += 1;
            if matches!(self.peek(), Some('+' | '-')) {
                self.pos += 1;
            }
            let exp = self.pos;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.pos += 1;
            }
            if exp == self.pos {
                self.pos = save;
            } else {
                float = true;
            }
        }
        let text = &self.s[start..self.pos];
        if self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
            return self.err(format!("malformed number: unexpected {}", self.found()));
        }
        if float {
            match text.parse::<f64>() {
                Ok(f) => Ok(Value::Float(f)),
                Err(_) => err_at(p, format!("malformed float {text}")),
            }
        } else {
            match text.parse::<i64>() {
                Ok(i) => Ok(Value::Integer(i)),
                Err(_) => err_at(p, format!("integer {text} is out of range")),
            }
        }
    }

    /// A type: a capitalized name, then a balanced `[...]` (quotes and
    /// regexps inside are skipped over); read by Puppet's type parser.
    fn type_literal(&mut self) -> PResult<Value> {
        let p = self.here();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
            self.pos += 1;
        }
        if self.peek() == Some('[') {
            let mut depth = 0u32;
            loop {
                let q = self.here();
                match self.peek() {
                    None => return err_at(p, "unterminated type (missing ']')"),
                    Some('[' | '{' | '(') => {
                        depth += 1;
                        if depth > 100 {
                            return err_at(q, "type nested too deeply");
                        }
                        self.pos += 1;
                    }
                    Some(']' | '}' | ')') => {
                        self.pos += 1;
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            break;
                        }
                    }
                    Some('\'' | '"') => {
                        self.string()?;
                    }
                    Some('/') => {
                        self.regexp_source().map_err(|_| ParseError {
                            line: q.0,
                            col: q.1,
                            message: "unterminated regexp in type".into(),
                        })?;
                    }
                    Some(c) => self.pos += c.len_utf8(),
                }
            }
        }
        let text = &self.s[start..self.pos];
        match parse_type(text) {
            Ok(t) => Ok(Value::Type(Arc::new(t))),
            Err(e) => err_at(p, format!("invalid type {text}: {}", e.message())),
        }
    }

    /// A node match: a quoted name, a regexp, or `default`.
    fn node_match(&mut self) -> PResult<NodeMatch> {
        self.ws();
        match self.peek() {
            Some('\'' | '"') => Ok(NodeMatch::Name(self.string()?)),
            Some('/') => Ok(NodeMatch::Regex(self.regexp_source()?)),
            _ if self.eat_word("default") => Ok(NodeMatch::Default),
            _ => self.err(format!("expected a node name, regexp or 'default', found {}", self.found())),
        }
    }
}

/// One instruction as read, with raw value and block numbers.
struct PInst {
    data: InstData,
    result_ty: Option<Ty>,
    pos: Pos,
}

struct PBlock {
    num: u32,
    pos: Pos,
    params: Vec<(u32, Ty, Pos)>,
    insts: Vec<PInst>,
}

/// The function being read.
struct FnState {
    f: Function,
    pos: Pos,
    blocks: Vec<PBlock>,
    refs: Refs,
}

struct Parser {
    prog: Program,
    cur: Option<FnState>,
    /// Function references, checked once every function is read.
    funcs: Vec<(u32, Pos)>,
    main_pos: Option<Pos>,
}

/// Parses the text form of a whole program (see the module doc).
pub fn parse_program(text: &str) -> Result<Program, ParseError> {
    let mut p = Parser { prog: Program::default(), cur: None, funcs: vec![], main_pos: None };
    let mut last = 0;
    for (i, raw) in text.split('\n').enumerate() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        last = i + 1;
        p.line(i + 1, line)?;
    }
    let eof = Pos(last.max(1), text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1);
    p.finish_function(Some(eof))?;
    for &(n, pos) in &p.funcs {
        if n as usize >= p.prog.funcs.len() {
            return err_at(pos, format!("undefined function fn{n}"));
        }
    }
    if p.prog.files.is_empty() {
        p.prog.files.push(PLACEHOLDER_FILE.to_string());
    }
    Ok(p.prog)
}

/// Parses one constant as [`crate::print::literal`] writes it (`undef`,
/// `-1.5`, `'text'`, `[1, {'a' => /re/}]`, `Integer[1, 2]`, ...).
pub fn parse_literal(text: &str) -> Result<Value, ParseError> {
    if let Some(k) = text.find(['\n', '\r']) {
        let line = text[..k].chars().count();
        return err_at(Pos(1, line + 1), "a literal is on one line");
    }
    let mut c = Cur::new(text, 1);
    let v = c.literal(0)?;
    c.end()?;
    Ok(v)
}

impl Parser {
    fn line(&mut self, n: usize, line: &str) -> PResult<()> {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with(';') {
            return Ok(());
        }
        let mut c = Cur::new(line, n);
        if line.starts_with([' ', '\t']) {
            return self.instruction(&mut c);
        }
        if c.eat_word("function") {
            self.finish_function(None)?;
            return self.header(&mut c);
        }
        if line.starts_with("block") && line[5..].starts_with(|ch: char| ch.is_ascii_digit()) {
            return self.block_label(&mut c);
        }
        self.finish_function(None)?;
        self.table_line(&mut c)
    }

    /// `function fnN kind 'name' (params) returns fnR @loc`
    fn header(&mut self, c: &mut Cur) -> PResult<()> {
        let pos = c.here();
        let (id, idp) = c.numbered("fn", "a function id")?;
        if id as usize != self.prog.funcs.len() {
            return err_at(
                idp,
                format!("expected fn{} (functions are numbered in order), found fn{id}", self.prog.funcs.len()),
            );
        }
        let kp = c.here();
        let kw = c.word();
        let kind = match func_kind(kw) {
            Some(k) => k,
            None if kw.is_empty() => return c.err(format!("expected a function kind, found {}", c.found())),
            None => return err_at(kp, format!("unknown function kind '{kw}'")),
        };
        let name = c.string()?;
        let mut params = vec![];
        if c.eat("(") {
            let prog = &mut self.prog;
            let funcs = &mut self.funcs;
            params = c.list(')', |c| {
                let captures_rest = c.eat("*");
                c.expect("$")?;
                let pname = c.name("a parameter name")?;
                let name = prog.intern(pname);
                let ty = if c.eat_word("type") { Some(c.func(funcs)?) } else { None };
                let default = if c.eat_word("default") { Some(c.func(funcs)?) } else { None };
                let loc = c.opt_loc()?;
                Ok(Param { name, ty, default, captures_rest, loc })
            })?;
        }
        let return_type = if c.eat_word("returns") { Some(c.func(&mut self.funcs)?) } else { None };
        let loc = c.opt_loc()?;
        c.end()?;
        let mut f = Function::new(name, kind, loc);
        f.params = params;
        f.return_type = return_type;
        self.cur = Some(FnState { f, pos, blocks: vec![], refs: Refs::default() });
        Ok(())
    }

    /// `blockN:` or `blockN(v0: ty, ...):`
    fn block_label(&mut self, c: &mut Cur) -> PResult<()> {
        let pos = c.here();
        let Some(st) = self.cur.as_mut() else {
            return err_at(pos, "block outside of a function");
        };
        let (num, _) = c.limited("block", "a block")?;
        let mut params = vec![];
        if c.rest().starts_with('(') {
            c.pos += 1;
            params = c.list(')', |c| {
                let (n, p) = c.limited("v", "a value")?;
                c.expect(":")?;
                let t = c.ty()?;
                Ok((n, t, p))
            })?;
        }
        c.expect(":")?;
        c.end()?;
        st.blocks.push(PBlock { num, pos, params, insts: vec![] });
        Ok(())
    }

    /// `[vN: ty = ] op operands [@loc [(@loc, @loc)]]`
    fn instruction(&mut self, c: &mut Cur) -> PResult<()> {
        c.ws();
        let pos = c.here();
        let Some(st) = self.cur.as_mut() else {
            return err_at(pos, "instruction outside of a function");
        };
        let Some(block) = st.blocks.last_mut() else {
            return err_at(pos, "instruction before the first block label");
        };
        let mut result = None;
        if c.peek() == Some('v') && c.peek2().is_some_and(|d| d.is_ascii_digit()) {
            let (n, p) = c.limited("v", "a value")?;
            c.expect(":")?;
            let t = c.ty()?;
            c.expect("=")?;
            result = Some((n, t, p));
        }
        let op = parse_op(c, &mut self.prog, &mut st.f, &mut st.refs, &mut self.funcs)?;
        let loc = c.opt_loc()?;
        let mut operand_locs = None;
        if c.eat("(") {
            let locs = c.list(')', |c| {
                c.ws();
                c.loc()
            })?;
            operand_locs = Some(Box::new(locs));
        }
        c.end()?;
        block.insts.push(PInst {
            data: InstData { op, result: result.map(|(n, _, _)| Val::from_u32(n)).into(), loc, operand_locs },
            result_ty: result.map(|(_, t, _)| t),
            pos: result.map_or(pos, |(_, _, p)| p),
        });
        Ok(())
    }

    /// Builds the function being read into the program, checking its
    /// references. `eof` is where the text ended, if it did.
    fn finish_function(&mut self, eof: Option<Pos>) -> PResult<()> {
        let Some(st) = self.cur.take() else { return Ok(()) };
        let FnState { mut f, pos, blocks, refs } = st;
        let id = self.prog.funcs.len();
        let truncated = |p: Pos, msg: String| match eof {
            Some(e) => err_at(e, format!("unexpected end of input: {msg}")),
            None => err_at(p, msg),
        };
        let Some(last) = blocks.last() else {
            return truncated(pos, format!("fn{id} has no blocks"));
        };
        for b in &blocks {
            let ends = b.insts.last().is_some_and(|i| i.data.op.is_terminator());
            if !ends {
                let msg = format!("block{} of fn{id} does not end with a terminator", b.num);
                return if std::ptr::eq(b, last) { truncated(b.pos, msg) } else { err_at(b.pos, msg) };
            }
        }
        // Blocks.
        let mut block_at: HashMap<u32, usize> = HashMap::new();
        for (k, b) in blocks.iter().enumerate() {
            if block_at.insert(b.num, k).is_some() {
                return err_at(b.pos, format!("block{} is defined twice", b.num));
            }
        }
        for &(n, p) in &refs.blocks {
            if !block_at.contains_key(&n) {
                return err_at(p, format!("undefined block block{n}"));
            }
        }
        // Values: (type, definition) by number.
        enum Def {
            Param(u32, u32),
            Inst(usize, usize),
        }
        let mut val_def: HashMap<u32, (Ty, Def)> = HashMap::new();
        for (k, b) in blocks.iter().enumerate() {
            for (i, &(n, t, p)) in b.params.iter().enumerate() {
                if val_def.insert(n, (t, Def::Param(b.num, i as u32))).is_some() {
                    return err_at(p, format!("v{n} is defined twice"));
                }
            }
            for (i, inst) in b.insts.iter().enumerate() {
                if let (Some(r), Some(t)) = (inst.data.result(), inst.result_ty)
                    && val_def.insert(r.as_u32(), (t, Def::Inst(k, i))).is_some()
                {
                    return err_at(inst.pos, format!("{r} is defined twice"));
                }
            }
        }
        for &(n, p) in &refs.vals {
            if !val_def.contains_key(&n) {
                return err_at(p, format!("undefined value v{n}"));
            }
        }
        let nblocks = blocks.iter().map(|b| b.num).max().map_or(0, |m| m + 1);
        for _ in 0..nblocks {
            f.blocks.push(BlockData::default());
        }
        let mut inst_ids: Vec<Vec<Inst>> = vec![];
        for b in blocks {
            let bid = Block::from_u32(b.num);
            f.layout.push(bid);
            f.blocks[bid].params = b.params.iter().map(|&(n, _, _)| Val::from_u32(n)).collect();
            let mut ids = vec![];
            for inst in b.insts {
                let i = f.insts.push(inst.data);
                f.blocks[bid].insts.push(i);
                ids.push(i);
            }
            inst_ids.push(ids);
        }
        let nvals = val_def.keys().max().map_or(0, |m| m + 1);
        for n in 0..nvals {
            let data = match val_def.get(&n) {
                Some((ty, Def::Param(b, i))) => ValData { ty: *ty, def: ValDef::Param(Block::from_u32(*b), *i) },
                Some((ty, Def::Inst(k, i))) => ValData { ty: *ty, def: ValDef::Inst(inst_ids[*k][*i]) },
                None => {
                    // A number the text skips (a value dead code elimination
                    // removed): defined by an instruction in no block.
                    let i = f.insts.push(InstData {
                        op: Op::Unsupported("a value the IR text does not define".into()),
                        result: Some(Val::from_u32(n)).into(),
                        loc: Loc::default(),
                        operand_locs: None,
                    });
                    ValData { ty: Ty::Any, def: ValDef::Inst(i) }
                }
            };
            f.vals.push(data);
        }
        self.prog.funcs.push(std::rc::Rc::new(f));
        Ok(())
    }

    /// A line of the definitions table.
    fn table_line(&mut self, c: &mut Cur) -> PResult<()> {
        let kp = c.here();
        let kw = c.word();
        match kw {
            "main" => {
                let f = c.func(&mut self.funcs)?;
                c.end()?;
                if self.main_pos.is_some() {
                    return err_at(kp, "a second 'main' line");
                }
                self.main_pos = Some(kp);
                self.prog.main = Some(f);
            }
            "class" => {
                let key = c.name("a class name")?.to_string();
                c.expect("=")?;
                let body = c.func(&mut self.funcs)?;
                let parent =
                    if c.eat_word("inherits") { Some(c.token("a parent class name")?.to_string()) } else { None };
                let name = if c.eat_word("named") { c.string()? } else { key.clone() };
                let loc = c.opt_loc()?;
                c.end()?;
                self.prog.classes.insert(key, ClassDef { name, parent, body, loc });
            }
            "define" | "puppet_function" | "type_alias" => {
                let key = c.name("a name")?.to_string();
                c.expect("=")?;
                let body = c.func(&mut self.funcs)?;
                let loc = if kw == "type_alias" { c.opt_loc()? } else { Loc::default() };
                c.end()?;
                match kw {
                    "define" => self.prog.defines.insert(key, body).map(|_| ()),
                    "puppet_function" => self.prog.functions.insert(key, body).map(|_| ()),
                    _ => self.prog.type_aliases.insert(key, (body, loc)).map(|_| ()),
                };
            }
            "node" => {
                let mut matches = vec![c.node_match()?];
                while c.eat(",") {
                    matches.push(c.node_match()?);
                }
                c.expect("=")?;
                let body = c.func(&mut self.funcs)?;
                let parent = if c.eat_word("inherits") { Some(c.string()?) } else { None };
                let loc = c.opt_loc()?;
                c.end()?;
                self.prog.nodes.push(NodeDef { matches, parent, body, loc });
            }
            "redefinition" => {
                let msg = c.string()?;
                // A redefinition without a position prints none (line 0).
                let l = c.opt_loc()?;
                c.end()?;
                self.prog.redefinitions.push((msg, (l.line > 0).then_some(l)));
            }
            "file" => {
                let np = c.here();
                c.ws();
                let n = c.number("a file index")?;
                if n as usize != self.prog.files.len() {
                    return err_at(
                        np,
                        format!("expected file {} (files are numbered in order)", self.prog.files.len()),
                    );
                }
                let name = c.string()?;
                c.end()?;
                self.prog.files.push(name);
            }
            "" => return c.err(format!("expected a function, a block or a definition, found {}", c.found())),
            _ => return err_at(kp, format!("unknown definition '{kw}'")),
        }
        Ok(())
    }
}

/// The operation of an instruction line, after its result.
fn parse_op(
    c: &mut Cur,
    prog: &mut Program,
    f: &mut Function,
    refs: &mut Refs,
    funcs: &mut Vec<(u32, Pos)>,
) -> PResult<Op> {
    c.ws();
    let p = c.here();
    let m = c.word();
    if m.is_empty() {
        return c.err(format!("expected an opcode, found {}", c.found()));
    }
    let op = match m {
        "const" => {
            let v = c.literal(0)?;
            Op::Const(f.add_const(v))
        }
        "getvar" => {
            c.expect("$")?;
            Op::GetVar(prog.intern(c.name("a variable name")?))
        }
        "setvar" => {
            c.expect("$")?;
            let s = prog.intern(c.name("a variable name")?);
            c.expect(",")?;
            Op::SetVar(s, c.val(refs)?)
        }
        "getmatch" => {
            c.ws();
            Op::GetMatch(c.number("a match index")?)
        }
        "match_push" => Op::MatchPush,
        "match_pop" => Op::MatchPop,
        "render_push" => Op::RenderPush,
        "render" => Op::Render(c.val(refs)?),
        "render_pop" => Op::RenderPop,
        "neg" => Op::Unary(UnOp::Neg, c.val(refs)?),
        "not" => Op::Unary(UnOp::Not, c.val(refs)?),
        "truthy" => Op::Unary(UnOp::Truthy, c.val(refs)?),
        "match" | "nomatch" | "in" => {
            let a = c.val(refs)?;
            c.expect(",")?;
            let b = c.val(refs)?;
            if m == "in" { Op::In(a, b) } else { Op::Match { negate: m == "nomatch", left: a, right: b } }
        }
        "casematch" | "selmatch" => {
            let test = c.val(refs)?;
            c.expect(",")?;
            let any = c.eat("*");
            Op::CaseMatch { test, option: c.val(refs)?, any, selector: m == "selmatch" }
        }
        "assign_multi" => {
            c.expect("[")?;
            let targets = c.assign_targets(prog)?;
            c.expect(",")?;
            Op::AssignMulti(targets, c.val(refs)?)
        }
        "no_selector_match" => Op::NoSelectorMatch(c.val(refs)?),
        "access" => {
            let b = c.val(refs)?;
            c.expect("[")?;
            Op::Access(b, c.vals(']', refs)?)
        }
        "interp" => {
            c.expect("(")?;
            Op::Interp(c.vals(')', refs)?)
        }
        "array" => {
            c.expect("[")?;
            Op::MakeArray(c.splat_vals(']', refs)?)
        }
        "hash" => {
            c.expect("{")?;
            let pairs = c.list('}', |c| {
                let k = c.val(refs)?;
                c.expect("=>")?;
                Ok([k, c.val(refs)?])
            })?;
            Op::MakeHash(pairs.into_iter().flatten().collect())
        }
        "call" | "callmethod" => {
            let name = prog.intern(c.name("a function name")?);
            c.expect("(")?;
            let args = c.splat_vals(')', refs)?;
            let block = if c.eat_word("block") { Some(c.val(refs)?) } else { None };
            Op::Call { name, args, block, method: m == "callmethod" }
        }
        "closure" => Op::Closure(c.func(funcs)?),
        "typeref" => Op::TypeRef(prog.intern(c.name("a type name")?)),
        "typespec" => {
            let name = prog.intern(c.name("a type name")?);
            let args = if c.eat("[") { Some(c.vals(']', refs)?) } else { None };
            Op::TypeSpec { name, args, text: c.string()?.into() }
        }
        "attribute_splat" => {
            let splat = c.val(refs)?;
            let set = if c.eat(",") { Some(c.val(refs)?) } else { None };
            Op::AttributeSplat { splat, set }
        }
        "resource_titles" => {
            let title = c.val(refs)?;
            c.expect("[")?;
            Op::ResourceTitles { title, earlier: c.vals(']', refs)? }
        }
        "break" => Op::Unwind(UnwindKind::Break, c.val(refs)?),
        "next" => Op::Unwind(UnwindKind::Next, c.val(refs)?),
        "return_from" => Op::Unwind(UnwindKind::Return, c.val(refs)?),
        "unsupported" => Op::Unsupported(c.string()?),
        "fail" => Op::Fail(c.string()?),
        "resource" => {
            let fp = c.here();
            let (virtual_, exported) = match c.word() {
                "regular" => (false, false),
                "virtual" => (true, false),
                "exported" => (true, true),
                w => {
                    return err_at(fp, format!("expected 'regular', 'virtual' or 'exported', found '{w}'"));
                }
            };
            let ty = c.val(refs)?;
            c.expect("{")?;
            let bodies = c.list('}', |c| {
                let t = c.val(refs)?;
                c.expect(":")?;
                Ok((t, c.val(refs)?))
            })?;
            Op::Resource { virtual_, exported, ty, bodies }
        }
        "resource_defaults" => {
            let ty = c.val(refs)?;
            c.expect(",")?;
            Op::ResourceDefaults { ty, attrs: c.val(refs)? }
        }
        "resource_override" => {
            let r = c.val(refs)?;
            c.expect(",")?;
            let set = c.val(refs)?;
            c.expect(",")?;
            Op::ResourceOverride { refs: r, set, add: c.val(refs)? }
        }
        "collect" => {
            let fp = c.here();
            let exported = match c.word() {
                "virtual" => false,
                "exported" => true,
                w => return err_at(fp, format!("expected 'virtual' or 'exported', found '{w}'")),
            };
            let ty = prog.intern(c.name("a type name")?);
            c.expect("[")?;
            let query = c.list(']', |c| {
                let fp = c.here();
                Ok(match c.word() {
                    "and" => QueryOp::And,
                    "or" => QueryOp::Or,
                    w @ ("eq" | "ne") => {
                        let a = prog.intern(c.name("an attribute name")?);
                        let v = c.val(refs)?;
                        if w == "eq" { QueryOp::Eq(a, v) } else { QueryOp::Ne(a, v) }
                    }
                    w => return err_at(fp, format!("expected a query step (eq, ne, and, or), found '{w}'")),
                })
            })?;
            c.expect(",")?;
            let set = c.val(refs)?;
            c.expect(",")?;
            Op::Collect { ty, exported, query, set, add: c.val(refs)? }
        }
        "relate" => {
            let fp = c.here();
            let kind = match c.word() {
                "before" => RelKind::Before,
                "notify" => RelKind::Notify,
                "require" => RelKind::Require,
                "subscribe" => RelKind::Subscribe,
                w => return err_at(fp, format!("expected before, notify, require or subscribe, found '{w}'")),
            };
            let left_collector = c.eat_word("collector");
            let left = c.val(refs)?;
            c.expect(",")?;
            let right_collector = c.eat_word("collector");
            Op::Relationship { kind, left, right: c.val(refs)?, left_collector, right_collector }
        }
        "jump" => {
            let (b, args) = c.dest(refs)?;
            Op::Jump(b, args)
        }
        "branch" => {
            let cond = c.val(refs)?;
            c.expect(",")?;
            let (then_dest, then_args) = c.dest(refs)?;
            c.expect(",")?;
            let (else_dest, else_args) = c.dest(refs)?;
            Op::Branch { cond, then_dest, then_args: then_args.into(), else_dest, else_args: else_args.into() }
        }
        "return" => Op::Return(c.val(refs)?),
        _ => {
            if let Some(o) = arith_op(m) {
                let a = c.val(refs)?;
                c.expect(",")?;
                Op::Arith(o, a, c.val(refs)?)
            } else if let Some(o) = cmp_op(m) {
                let a = c.val(refs)?;
                c.expect(",")?;
                Op::Cmp(o, a, c.val(refs)?)
            } else {
                return err_at(p, format!("unknown opcode '{m}'"));
            }
        }
    };
    debug_assert_eq!(opcode(&op), m);
    Ok(op)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opcode_is_known() {
        // Each mnemonic is parsed by `parse_op` (an unknown one errors with
        // "unknown opcode"); every variant has a mnemonic (`opcode` is
        // exhaustive).
        for m in OPCODES {
            let text = format!("function fn0 main 'm' @1:1\nblock0:\n    {m}\n");
            let e = parse_program(&text).unwrap_err();
            assert!(!e.message.contains("unknown opcode"), "{m}: {e}");
        }
        let e = parse_program("function fn0 main 'm' @1:1\nblock0:\n    frobnicate v0 @1:1\n").unwrap_err();
        assert_eq!(e.to_string(), "3:5: unknown opcode 'frobnicate'");
    }

    #[test]
    fn literals_read_back() {
        for text in [
            "undef",
            "default",
            "true",
            "-12",
            "1.5",
            "1.0e+20",
            "-0.0",
            "'it\\'s'",
            "\"a\\nb\\u{1F}\\$\"",
            "[1, [2], {'a' => /x\\/y/}]",
            "Integer[1, 10]",
            "Enum['a]', 'b']",
            "Pattern[/a]/]",
            "Struct[{'a' => Optional[String]}]",
        ] {
            let v = parse_literal(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let printed = crate::print::literal(&v);
            let again = parse_literal(&printed).unwrap_or_else(|e| panic!("{printed}: {e}"));
            assert_eq!(crate::print::literal(&again), printed, "{text}");
        }
    }
}
