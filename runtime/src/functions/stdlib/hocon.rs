//! HOCON, as stdlib's `parsehocon` / `stdlib::parsehocon` read it: Ruby's
//! `hocon` gem 1.3 (`Hocon::ConfigFactory.parse_string(s).resolve.root.
//! unwrapped`). The stages follow the gem's so that its observable quirks
//! come out the same: a tokenizer (Ruby `Integer()` numbers, so `010` is 8,
//! and doubles that are whole, `1e3`, become integers; whitespace between
//! two simple values is part of a string concatenation, elsewhere it is
//! ignored), a document parser whose error messages (`String: LINE:
//! Expecting a value but got wrong token: ...`) are the gem's word for
//! word, a value builder that merges duplicate keys as the gem does (the
//! later object's keys first, then the earlier object's others; a field
//! keeps its first position in its object) and turns `a += x` into
//! `a = ${?a} [x]`, and a resolver for `${path}` / `${?path}` against the
//! whole document (then the environment, as the gem falls back to it),
//! where a substitution of the field being set means the value that field
//! had before (the merge stack below it).
//!
//! `include` directives parse and are ignored: the gem's string parser
//! has no file to resolve them against and includes nothing.
//! [`Failure::Parse`] is the gem's `ConfigParseError` (unresolved
//! substitutions included), which the function's `default` argument
//! replaces; every other failure ([`Failure::Other`]: a value of the wrong
//! type at the root, a bad concatenation, a bad path) is raised even with
//! a default, as the function's `rescue` only names `ConfigParseError`.

use indexmap::IndexMap;

use crate::value::Value;

/// Why a document did not parse.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Failure {
    /// `Hocon::ConfigError::ConfigParseError` (and its subclass
    /// `UnresolvedSubstitutionError`): the message as Ruby prints it.
    Parse(String),
    /// Any other error the gem (or Ruby under it) raises.
    Other(String),
    /// Inside the resolver only: a substitution met again while it is
    /// being resolved; the trace of substitutions, for the innermost
    /// enclosing substitution to report (`NotPossibleToResolve`).
    Cycle(Vec<String>),
}

/// Nesting deeper than this is an error rather than a stack overflow
/// (the gem recurses too; Ruby raises `SystemStackError` far deeper).
const MAX_DEPTH: usize = 400;

/// The same for the resolver's recursion (substitution chains).
const MAX_RESOLVE_DEPTH: usize = 500;

/// How much the resolver may build (values, weighed by [`weight`]): a
/// document whose substitutions double a value at each step would
/// otherwise exhaust memory (Ruby's gem would too).
const MAX_WORK: usize = 20_000_000;

/// Parses and resolves `text` as the gem does, into Puppet values.
pub(crate) fn parse(text: &str) -> Result<Value, Failure> {
    let tokens = tokenize(text);
    let root = DocParser { toks: tokens, pos: 0, buffer: Vec::new(), line: 1, equals: 0, depth: 0, fatal: None }.parse()?;
    let mut builder = Builder { array_count: 0, path: Vec::new() };
    let value = match root {
        Node::Object(items) => builder.object(&items)?,
        other => {
            let v = builder.value(&other)?;
            return Err(Failure::Other(format!("String: 1:  has type {} rather than object at file root", v.type_name())));
        }
    };
    let root = std::rc::Rc::new(value);
    let mut r = Resolver { root: root.clone(), memo: Default::default(), below_memo: Default::default(), refs: Vec::new(), depth: 0, work: 0, entered: Default::default() };
    let value = &*root;
    let resolved = match r.resolve(value, Some(&[]), &[], true) {
        Ok(v) => v.unwrap_or_else(|| Hv::Obj(IndexMap::new())),
        // Every cycle is met inside a substitution, which reports it.
        Err(Failure::Cycle(trace)) => return Err(Failure::Parse(format!("cycle of substitutions involving {}", trace.join(", ")))),
        Err(e) => return Err(e),
    };
    unwrap(&resolved)
}

// ---------------------------------------------------------------------------
// Tokens.

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Eof,
    Comma,
    Equals,
    Colon,
    OpenCurly,
    CloseCurly,
    OpenSquare,
    CloseSquare,
    PlusEquals,
    Newline,
    /// Whitespace that separates nothing (`IgnoredWhitespace`).
    Ws(String),
    /// Unquoted text, including whitespace between two simple values.
    Unquoted(String),
    Comment(String),
    Value(Scalar),
    Subst { optional: bool, expr: Vec<Token> },
    Problem { what: String, message: String },
}

#[derive(Debug, Clone, PartialEq)]
struct Token {
    tok: Tok,
    line: usize,
}

/// A scalar: its value and the text it was written as (what a string
/// concatenation uses, `1e3` stays `1e3` there).
#[derive(Debug, Clone, PartialEq)]
enum Scalar {
    Str(String),
    Int(i128, String),
    Double(f64, String),
    Bool(bool),
    Null,
}

impl Scalar {
    /// A number from Ruby's `Integer(s)` / `Float(s)`: a whole double is an
    /// integer (`ConfigNumber.new_number`).
    fn number(f: f64, text: &str) -> Result<Scalar, String> {
        if f.is_infinite() {
            return Err(if f > 0.0 { "Infinity" } else { "-Infinity" }.to_string());
        }
        if f.fract() == 0.0 {
            Ok(Scalar::Int(f as i128, text.to_string()))
        } else {
            Ok(Scalar::Double(f, text.to_string()))
        }
    }

    fn type_name(&self) -> &'static str {
        match self {
            Scalar::Str(_) => "STRING",
            Scalar::Int(..) | Scalar::Double(..) => "NUMBER",
            Scalar::Bool(_) => "BOOLEAN",
            Scalar::Null => "NULL",
        }
    }

    /// Ruby's `to_s` of the unwrapped value.
    fn unwrapped_s(&self) -> String {
        match self {
            Scalar::Str(s) => s.clone(),
            Scalar::Int(i, _) => i.to_string(),
            Scalar::Double(f, _) => crate::display::ruby_float_to_s(*f),
            Scalar::Bool(b) => b.to_string(),
            Scalar::Null => String::new(),
        }
    }

    /// `transform_to_string`: the text a concatenation joins.
    fn text(&self) -> String {
        match self {
            Scalar::Str(s) => s.clone(),
            Scalar::Int(_, t) | Scalar::Double(_, t) => t.clone(),
            Scalar::Bool(b) => b.to_string(),
            Scalar::Null => "null".to_string(),
        }
    }
}

impl std::fmt::Display for Token {
    /// The token as the gem's messages name it (`Token#to_s`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.tok {
            Tok::Eof => f.write_str("end of file"),
            Tok::Comma => f.write_str("','"),
            Tok::Equals => f.write_str("'='"),
            Tok::Colon => f.write_str("':'"),
            Tok::OpenCurly => f.write_str("'{'"),
            Tok::CloseCurly => f.write_str("'}'"),
            Tok::OpenSquare => f.write_str("'['"),
            Tok::CloseSquare => f.write_str("']'"),
            Tok::PlusEquals => f.write_str("'+='"),
            Tok::Newline => f.write_str("NEWLINE"),
            Tok::Ws(s) => write!(f, "'{s}' (WHITESPACE)"),
            Tok::Unquoted(s) => write!(f, "'{s}'"),
            Tok::Comment(s) => write!(f, "'#{s}' (COMMENT)"),
            Tok::Value(v) => write!(f, "'{}' ({})", v.unwrapped_s(), v.type_name()),
            Tok::Subst { expr, .. } => {
                f.write_str("'${")?;
                for t in expr {
                    write!(f, "{t}")?;
                }
                f.write_str("}'")
            }
            Tok::Problem { what, message } => write!(f, "'{what}' ({message})"),
        }
    }
}

/// `[[:space:]]`.
fn is_ws(c: char) -> bool {
    c.is_whitespace() || c == '\u{85}'
}

const NOT_IN_UNQUOTED_TEXT: &str = "$\"{}[]:=,+#`^?!@*&\\";

/// Ruby's `Tokenizer.as_string` of a character (`-1` is the end).
fn char_name(c: Option<char>) -> String {
    match c {
        None => "-1".to_string(),
        Some(c) => c.to_string(),
    }
}

/// The tokenizer: the gem's `TokenIterator`, run to the end (a problem
/// becomes a `Problem` token where it happened, as the gem queues it).
struct Lexer {
    chars: Vec<char>,
    pos: usize,
    buffer: Vec<Option<char>>,
    line: usize,
}

/// The gem's `WhitespaceSaver`: whitespace between two simple values is
/// text, other whitespace is ignored.
#[derive(Default)]
struct Saver {
    ws: String,
    last_simple: bool,
}

impl Saver {
    fn check(&mut self, t: &Tok, line: usize) -> Option<Token> {
        let simple = matches!(t, Tok::Subst { .. } | Tok::Unquoted(_) | Tok::Value(_));
        if !simple {
            self.last_simple = false;
        }
        let out = (!self.ws.is_empty()).then(|| {
            let s = std::mem::take(&mut self.ws);
            Token { tok: if self.last_simple { Tok::Unquoted(s) } else { Tok::Ws(s) }, line }
        });
        if simple {
            self.last_simple = true;
        }
        out
    }
}

fn tokenize(text: &str) -> Vec<Token> {
    let mut lx = Lexer { chars: text.chars().collect(), pos: 0, buffer: Vec::new(), line: 1 };
    let mut saver = Saver::default();
    let mut out = Vec::new();
    loop {
        let t = match lx.next_token(&mut saver) {
            Ok(t) => t,
            Err(p) => {
                // A problem ends nothing by itself: the parser stops at it.
                out.push(p);
                out.push(Token { tok: Tok::Eof, line: lx.line });
                return out;
            }
        };
        if let Some(ws) = saver.check(&t.tok, lx.line) {
            out.push(ws);
        }
        let eof = t.tok == Tok::Eof;
        out.push(t);
        if eof {
            return out;
        }
    }
}

impl Lexer {
    fn next_char(&mut self) -> Option<char> {
        if let Some(c) = self.buffer.pop() {
            return c;
        }
        let c = self.chars.get(self.pos).copied();
        if c.is_some() {
            self.pos += 1;
        }
        c
    }

    fn put_back(&mut self, c: Option<char>) {
        self.buffer.push(c);
    }

    fn problem(&self, what: impl Into<String>, message: impl Into<String>) -> Token {
        Token { tok: Tok::Problem { what: what.into(), message: message.into() }, line: self.line }
    }

    fn start_of_comment(&mut self, c: Option<char>) -> bool {
        match c {
            Some('#') => true,
            Some('/') => {
                let next = self.next_char();
                self.put_back(next);
                next == Some('/')
            }
            _ => false,
        }
    }

    fn next_token(&mut self, saver: &mut Saver) -> Result<Token, Token> {
        let c = loop {
            match self.next_char() {
                Some(c) if c != '\n' && is_ws(c) => saver.ws.push(c),
                other => break other,
            }
        };
        let line = self.line;
        let tok = |tok| Ok(Token { tok, line });
        let Some(ch) = c else { return tok(Tok::Eof) };
        if ch == '\n' {
            self.line += 1;
            return tok(Tok::Newline);
        }
        if self.start_of_comment(c) {
            if ch == '/' {
                self.next_char();
            }
            let mut s = String::new();
            loop {
                let c = self.next_char();
                match c {
                    None | Some('\n') => {
                        self.put_back(c);
                        return tok(Tok::Comment(s));
                    }
                    Some(c) => s.push(c),
                }
            }
        }
        match ch {
            '"' => self.quoted_string(),
            '$' => self.substitution(),
            ':' => tok(Tok::Colon),
            ',' => tok(Tok::Comma),
            '=' => tok(Tok::Equals),
            '{' => tok(Tok::OpenCurly),
            '}' => tok(Tok::CloseCurly),
            '[' => tok(Tok::OpenSquare),
            ']' => tok(Tok::CloseSquare),
            '+' => {
                let c = self.next_char();
                if c == Some('=') {
                    tok(Tok::PlusEquals)
                } else {
                    let c = char_name(c);
                    Err(self.problem(c.clone(), format!("'+' not followed by =, '{c}' not allowed after '+'")))
                }
            }
            _ if "0123456789-".contains(ch) => self.number(ch),
            _ if NOT_IN_UNQUOTED_TEXT.contains(ch) => {
                Err(self.problem(ch.to_string(), format!("Reserved character '{ch}' is not allowed outside quotes")))
            }
            _ => {
                self.put_back(c);
                Ok(self.unquoted_text())
            }
        }
    }

    fn unquoted_text(&mut self) -> Token {
        let line = self.line;
        let mut s = String::new();
        let mut c = self.next_char();
        loop {
            match c {
                None => break,
                Some(ch) if NOT_IN_UNQUOTED_TEXT.contains(ch) || is_ws(ch) => break,
                Some(_) if self.start_of_comment(c) => break,
                Some(ch) => s.push(ch),
            }
            match s.as_str() {
                "true" => return Token { tok: Tok::Value(Scalar::Bool(true)), line },
                "null" => return Token { tok: Tok::Value(Scalar::Null), line },
                "false" => return Token { tok: Tok::Value(Scalar::Bool(false)), line },
                _ => {}
            }
            c = self.next_char();
        }
        self.put_back(c);
        Token { tok: Tok::Unquoted(s), line }
    }

    fn number(&mut self, first: char) -> Result<Token, Token> {
        let mut s = first.to_string();
        let mut c = self.next_char();
        while let Some(ch) = c.filter(|ch| "0123456789eE+-.".contains(*ch)) {
            s.push(ch);
            c = self.next_char();
        }
        self.put_back(c);
        let line = self.line;
        let parsed = if s.contains(['.', 'e', 'E']) {
            ruby_float(&s).map(|f| Scalar::number(f, &s))
        } else {
            ruby_integer(&s).map(|i| Ok(Scalar::Int(i, s.clone())))
        };
        match parsed {
            Some(Ok(v)) => Ok(Token { tok: Tok::Value(v), line }),
            // `to_i` of an infinite double, in `ConfigNumber.new_number`.
            Some(Err(inf)) => Err(self.problem("", format!("\u{0}{inf}"))),
            None => {
                if let Some(u) = s.chars().find(|u| NOT_IN_UNQUOTED_TEXT.contains(*u)) {
                    return Err(self.problem(u.to_string(), format!("Reserved character '{u}'is not allowed outside quotes")));
                }
                Ok(Token { tok: Tok::Unquoted(s), line })
            }
        }
    }

    fn escape(&mut self, sb: &mut String) -> Result<(), Token> {
        let Some(e) = self.next_char() else {
            return Err(self.problem("", "End of input but backslash in string had nothing after it"));
        };
        match e {
            '"' | '\\' | '/' => sb.push(e),
            'b' => sb.push('\u{8}'),
            'f' => sb.push('\u{c}'),
            'n' => sb.push('\n'),
            'r' => sb.push('\r'),
            't' => sb.push('\t'),
            'u' => {
                let mut hex = String::new();
                for _ in 0..4 {
                    match self.next_char() {
                        None => return Err(self.problem("-1", "End of input but expecting 4 hex digits for \\uXXXX escape")),
                        Some(c) => hex.push(c),
                    }
                }
                // Ruby's `String#hex`: the leading hex digits, 0 if none.
                let digits: String = hex.chars().take_while(char::is_ascii_hexdigit).collect();
                let cp = u32::from_str_radix(&digits, 16).unwrap_or(0);
                match char::from_u32(cp) {
                    Some(ch) => sb.push(ch),
                    // `[cp].pack("U")` of a surrogate: Ruby packs it, the
                    // result is invalid UTF-8 that Puppet rejects later.
                    None => return Err(Token { tok: Tok::Problem { what: String::new(), message: "\u{0}invalid Unicode codepoint".into() }, line: self.line }),
                }
            }
            // The gem builds this problem with a String where an origin
            // belongs: Ruby fails with a NoMethodError.
            other => {
                return Err(Token {
                    tok: Tok::Problem {
                        what: String::new(),
                        message: format!(
                            "\u{0}undefined method `line_number' for {}:String\n\n      @origin.line_number\n             ^^^^^^^^^^^^",
                            crate::display::ruby_inspect(&Value::string(match other {
                                '\n' => "newline".to_string(),
                                '\t' => "tab".to_string(),
                                c if c.is_control() => format!("control character 0x{:x}", c as u32),
                                c => c.to_string(),
                            }))
                        ),
                    },
                    line: self.line,
                })
            }
        }
        Ok(())
    }

    fn quoted_string(&mut self) -> Result<Token, Token> {
        let line = self.line;
        let mut sb = String::new();
        loop {
            match self.next_char() {
                None => return Err(self.problem("-1", "End of input but string quote was still open")),
                Some('\\') => self.escape(&mut sb)?,
                Some('"') => break,
                Some(c) if c.is_control() => {
                    return Err(self.problem(c.to_string(), format!("JSON does not allow unescaped {c} in quoted strings, use a backslash escape")))
                }
                Some(c) => sb.push(c),
            }
        }
        if sb.is_empty() {
            let third = self.next_char();
            if third == Some('"') {
                let mut quotes = 0;
                loop {
                    let c = self.next_char();
                    if c == Some('"') {
                        quotes += 1;
                    } else if quotes >= 3 {
                        sb.truncate(sb.len() - 3);
                        self.put_back(c);
                        break;
                    } else {
                        quotes = 0;
                        match c {
                            None => return Err(self.problem("-1", "End of input but triple-quoted string was still open")),
                            Some('\n') => self.line += 1,
                            _ => {}
                        }
                    }
                    if let Some(c) = c {
                        sb.push(c);
                    }
                }
            } else {
                self.put_back(third);
            }
        }
        Ok(Token { tok: Tok::Value(Scalar::Str(sb)), line })
    }

    fn substitution(&mut self) -> Result<Token, Token> {
        let c = self.next_char();
        if c != Some('{') {
            let c = char_name(c);
            return Err(self.problem(c.clone(), format!("'$' not followed by {{, '{c}' not allowed after '$'")));
        }
        let c = self.next_char();
        let optional = c == Some('?');
        if !optional {
            self.put_back(c);
        }
        let mut saver = Saver::default();
        let mut expr = Vec::new();
        loop {
            let t = self.next_token(&mut saver)?;
            match t.tok {
                Tok::CloseCurly => break,
                Tok::Eof => return Err(self.problem("end of file", "Substitution ${ was not closed with a }")),
                _ => {
                    if let Some(ws) = saver.check(&t.tok, self.line) {
                        expr.push(ws);
                    }
                    expr.push(t);
                }
            }
        }
        Ok(Token { tok: Tok::Subst { optional, expr }, line: self.line })
    }
}

/// Ruby's `Integer(s)` for the characters a number token holds: decimal,
/// or octal after a leading `0`.
fn ruby_integer(s: &str) -> Option<i128> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let radix = if digits.len() > 1 && digits.starts_with('0') { 8 } else { 10 };
    let mut v: i128 = 0;
    for b in digits.bytes() {
        let d = i128::from(b - b'0');
        if d >= radix {
            return None;
        }
        // A Ruby Bignum: out of pjit's range, as `unwrap` says.
        v = v.saturating_mul(radix).saturating_add(d);
    }
    Some(if neg { -v } else { v })
}

/// Ruby's `Float(s)` for the characters a number token holds.
fn ruby_float(s: &str) -> Option<f64> {
    let body = s.strip_prefix('-').unwrap_or(s);
    let (mantissa, exp) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
    let ok_mantissa = match mantissa.split_once('.') {
        Some((a, b)) => (a.is_empty() || digits(a)) && digits(b),
        None => digits(mantissa),
    };
    let ok_exp = exp.is_none_or(|e| digits(e.strip_prefix(['+', '-']).unwrap_or(e)));
    if !ok_mantissa || !ok_exp {
        return None;
    }
    s.parse::<f64>().ok()
}

// ---------------------------------------------------------------------------
// Document parser: tokens to nodes (the gem's `ConfigDocumentParser`).

#[derive(Debug, Clone)]
enum Node {
    Simple(Token),
    /// Fields in order (includes are ignored).
    Object(Vec<Field>),
    Array(Vec<Node>),
    Concat(Vec<Node>),
}

#[derive(Debug, Clone)]
struct Field {
    path: Vec<String>,
    plus_equals: bool,
    value: Node,
    line: usize,
}

struct DocParser {
    toks: Vec<Token>,
    pos: usize,
    buffer: Vec<Token>,
    line: usize,
    equals: usize,
    depth: usize,
    /// A Ruby exception met in the tokens.
    fatal: Option<String>,
}

type PResult<T> = Result<T, Failure>;

fn is_value_start(t: &Tok) -> bool {
    matches!(t, Tok::Value(_) | Tok::Unquoted(_) | Tok::Subst { .. } | Tok::OpenCurly | Tok::OpenSquare)
}

fn is_unquoted_ws(t: &Tok) -> bool {
    matches!(t, Tok::Unquoted(s) if s.chars().all(is_ws))
}

impl DocParser {
    fn next(&mut self) -> Token {
        if let Some(t) = self.buffer.pop() {
            return t;
        }
        let t = self.toks.get(self.pos).cloned().unwrap_or(Token { tok: Tok::Eof, line: self.line });
        self.pos += 1;
        match t.tok {
            // A Ruby exception where the gem makes this token: it ends
            // the parse (see `parse`).
            Tok::Problem { message, .. } if message.starts_with('\u{0}') => {
                self.fatal.get_or_insert(message[1..].to_string());
                Token { tok: Tok::Eof, line: t.line }
            }
            _ => t,
        }
    }

    fn put_back(&mut self, t: Token) {
        self.buffer.push(t);
    }

    fn error(&self, message: impl std::fmt::Display) -> Failure {
        Failure::Parse(format!("String: {}: {message}", self.line))
    }

    /// The token after whitespace, newlines and comments.
    fn next_significant(&mut self) -> PResult<Token> {
        loop {
            let t = self.next();
            match &t.tok {
                Tok::Ws(_) | Tok::Comment(_) => {}
                Tok::Newline => self.line = t.line + 1,
                tok if is_unquoted_ws(tok) => {}
                _ => {
                    if t.tok != Tok::Eof {
                        self.line = t.line;
                    }
                    return Ok(t);
                }
            }
        }
    }

    /// Consumes a separator (a comma, or newlines) after an element.
    fn element_separator(&mut self) -> bool {
        let mut saw_newline = false;
        loop {
            let t = self.next();
            match &t.tok {
                Tok::Ws(_) | Tok::Comment(_) => {}
                tok if is_unquoted_ws(tok) => {}
                Tok::Newline => {
                    saw_newline = true;
                    self.line += 1;
                }
                Tok::Comma => return true,
                _ => {
                    self.put_back(t);
                    return saw_newline;
                }
            }
        }
    }

    /// `add_quote_suggestion`: the gem's `parse_object` never sets the
    /// `last_path` that would name the field, so the suggestion is always
    /// the general one.
    fn quote_suggestion(&self, bad: &Token, message: &str) -> String {
        if bad.to_string() == "end of file" {
            return message.to_string();
        }
        format!("{message} (if you intended {bad} to be part of a key or string value, try enclosing the key or value in double quotes")
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Failure::Other("stack level too deep".to_string()));
        }
        Ok(())
    }

    /// Several simple values (or objects, arrays) on one line: a
    /// concatenation; one value: that value; none: None.
    fn consolidate(&mut self) -> PResult<Option<Node>> {
        let mut values: Vec<Option<Node>> = Vec::new();
        let mut count = 0;
        let mut t = self.next_significant()?;
        loop {
            if let Tok::Ws(_) = t.tok {
                values.push(None);
                t = self.next();
                continue;
            }
            if !is_value_start(&t.tok) {
                break;
            }
            values.push(Some(self.value(t)?));
            count += 1;
            t = self.next();
        }
        self.put_back(t);
        let mut nodes: Vec<Node> = values.into_iter().flatten().collect();
        if count < 2 {
            return Ok(nodes.pop());
        }
        Ok(Some(Node::Concat(nodes)))
    }

    fn value(&mut self, t: Token) -> PResult<Node> {
        match t.tok {
            Tok::Value(_) | Tok::Unquoted(_) | Tok::Subst { .. } => Ok(Node::Simple(t)),
            Tok::OpenCurly => self.object(true),
            Tok::OpenSquare => self.array(),
            _ => Err(self.error(self.quote_suggestion(&t, &format!("Expecting a value but got wrong token: {t}")))),
        }
    }

    fn key(&mut self, first: Token) -> PResult<(Vec<String>, String)> {
        let mut expr = Vec::new();
        let mut t = first;
        while matches!(t.tok, Tok::Value(_) | Tok::Unquoted(_)) {
            expr.push(t);
            t = self.next();
        }
        if expr.is_empty() {
            return Err(self.error(format!("expecting a close brace or a field name here, got {t}")));
        }
        self.put_back(t);
        let path = path_of(&expr).map_err(Failure::Other)?;
        // `ConfigNodePath#render`: the key as written.
        let rendered = expr
            .iter()
            .map(|t| match &t.tok {
                Tok::Value(Scalar::Str(s)) => format!("\"{s}\""),
                Tok::Value(v) => v.text(),
                Tok::Unquoted(s) | Tok::Ws(s) => s.clone(),
                _ => String::new(),
            })
            .collect::<String>();
        Ok((path, rendered))
    }

    fn include(&mut self) -> PResult<()> {
        let t = self.next_significant()?;
        match &t.tok {
            Tok::Unquoted(kind) => {
                if !matches!(kind.as_str(), "url(" | "file(" | "classpath(") {
                    return Err(self.error(format!(
                        "expecting include parameter to be quoted filename, file(), classpath(), or url(). No spaces are allowed before the open paren. Not expecting: {t}"
                    )));
                }
                let t = self.next_significant()?;
                if !matches!(t.tok, Tok::Value(Scalar::Str(_))) {
                    return Err(self.error(format!("expecting a quoted string inside file(), classpath(), or url(), rather than: {t}")));
                }
                let t = self.next_significant()?;
                if !matches!(&t.tok, Tok::Unquoted(s) if s == ")") {
                    return Err(self.error(format!("expecting a close parentheses ')' here, not: {t}")));
                }
                Ok(())
            }
            Tok::Value(Scalar::Str(_)) => Ok(()),
            _ => Err(self.error(format!("include keyword is not followed by a quoted string, but by: {t}"))),
        }
    }

    /// Whether `t` ends the object: its `}`, or the end of a root object
    /// without braces (put back for the document's end check).
    fn object_end(&mut self, t: &Token, had_open_curly: bool) -> PResult<bool> {
        match t.tok {
            Tok::CloseCurly if !had_open_curly => {
                Err(self.error(self.quote_suggestion(t, "unbalanced close brace '}' with no open brace")))
            }
            Tok::CloseCurly => Ok(true),
            Tok::Eof if !had_open_curly => {
                self.put_back(t.clone());
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn object(&mut self, had_open_curly: bool) -> PResult<Node> {
        self.enter()?;
        let mut fields = Vec::new();
        loop {
            let t = self.next_significant()?;
            if self.object_end(&t, had_open_curly)? {
                break;
            }
            match &t.tok {
                Tok::Unquoted(s) if s == "include" => self.include()?,
                _ => {
                    let line = self.line;
                    let (path, rendered) = self.key(t)?;
                    let after = self.next_significant()?;
                    let mut inside_equals = false;
                    let (value, plus_equals) = if after.tok == Tok::OpenCurly {
                        (self.value(after)?, false)
                    } else {
                        if !matches!(after.tok, Tok::Colon | Tok::Equals | Tok::PlusEquals) {
                            return Err(self.error(self.quote_suggestion(
                                &after,
                                &format!("Key '{rendered}' may not be followed by token: {after}"),
                            )));
                        }
                        if after.tok == Tok::Equals {
                            inside_equals = true;
                            self.equals += 1;
                        }
                        let v = match self.consolidate()? {
                            Some(v) => v,
                            None => {
                                let t = self.next_significant()?;
                                self.value(t)?
                            }
                        };
                        (v, after.tok == Tok::PlusEquals)
                    };
                    if inside_equals {
                        self.equals -= 1;
                    }
                    fields.push(Field { path, plus_equals, value, line });
                }
            }
            if !self.element_separator() {
                let t = self.next_significant()?;
                if self.object_end(&t, had_open_curly)? {
                    break;
                }
                return Err(self.error(self.quote_suggestion(&t, &format!("Expecting close brace }} or a comma, got {t}"))));
            }
        }
        self.depth -= 1;
        Ok(Node::Object(fields))
    }

    fn array(&mut self) -> PResult<Node> {
        self.enter()?;
        let mut items = Vec::new();
        match self.consolidate()? {
            Some(v) => items.push(v),
            None => {
                let t = self.next_significant()?;
                if t.tok == Tok::CloseSquare {
                    self.depth -= 1;
                    return Ok(Node::Array(items));
                }
                if !is_value_start(&t.tok) {
                    return Err(self.error(format!(
                        "List should have ] or a first element after the open [, instead had token: {t} (if you want {t} to be part of a string value, then double-quote it)"
                    )));
                }
                items.push(self.value(t)?);
            }
        }
        loop {
            if !self.element_separator() {
                let t = self.next_significant()?;
                if t.tok == Tok::CloseSquare {
                    self.depth -= 1;
                    return Ok(Node::Array(items));
                }
                return Err(self.error(format!(
                    "List should have ended with ] or had a comma, instead had token: {t} (if you want {t} to be part of a string value, then double-quote it)"
                )));
            }
            match self.consolidate()? {
                Some(v) => items.push(v),
                None => {
                    let t = self.next_significant()?;
                    if is_value_start(&t.tok) {
                        items.push(self.value(t)?);
                    } else if t.tok == Tok::CloseSquare {
                        self.put_back(t);
                    } else {
                        return Err(self.error(format!(
                            "List should have had new element after a comma, instead had token: {t} (if you want the comma or {t} to be part of a string value, then double-quote it)"
                        )));
                    }
                }
            }
        }
    }

    fn parse(mut self) -> PResult<Node> {
        let r = self.document();
        match self.fatal {
            Some(f) => Err(Failure::Other(f)),
            None => r,
        }
    }

    fn document(&mut self) -> PResult<Node> {
        let t = self.next_significant()?;
        let result = if matches!(t.tok, Tok::OpenCurly | Tok::OpenSquare) {
            self.value(t)?
        } else {
            self.put_back(t);
            self.object(false)?
        };
        let t = self.next_significant()?;
        if t.tok != Tok::Eof {
            return Err(self.error(format!("Document has trailing tokens after first object or array: {t}")));
        }
        Ok(result)
    }
}

/// The gem's `PathParser.parse_path_expression` over key (or
/// substitution) tokens; its error is a `ConfigBadPathError` (with no
/// path text here, so without `Invalid path '...'`).
fn path_of(expr: &[Token]) -> Result<Vec<String>, String> {
    let bad = |message: &str| message.to_string();
    if expr.is_empty() {
        return Err(bad("Expecting a field name or path here, but got nothing"));
    }
    // (element text, may be empty)
    let mut buf: Vec<(String, bool)> = vec![(String::new(), false)];
    for t in expr {
        match &t.tok {
            Tok::Ws(_) | Tok::Eof => {}
            Tok::Value(Scalar::Str(s)) => {
                let cur = buf.last_mut().expect("never empty");
                cur.0.push_str(s);
                if cur.0.is_empty() {
                    cur.1 = true;
                }
            }
            Tok::Value(v) => add_path_text(&mut buf, &v.text()),
            Tok::Unquoted(s) => add_path_text(&mut buf, s),
            _ => {
                return Err(bad(&format!(
                    "Token not allowed in path expression: {t} (you can double-quote this token if you really want it here)"
                )))
            }
        }
    }
    if buf.iter().any(|(s, can_be_empty)| s.is_empty() && !can_be_empty) {
        return Err(bad("path has a leading, trailing, or two adjacent period '.' (use quoted \"\" empty string if you want an empty element)"));
    }
    Ok(buf.into_iter().map(|(s, _)| s).collect())
}

fn add_path_text(buf: &mut Vec<(String, bool)>, text: &str) {
    let mut parts = text.split('.');
    buf.last_mut().expect("never empty").0.push_str(parts.next().unwrap_or(""));
    for p in parts {
        buf.push((p.to_string(), false));
    }
}

/// A substitution as the gem's messages write it: `${a.b}`, `${?a}`.
fn render_ref(path: &[String], optional: bool) -> String {
    format!("${{{}{}}}", if optional { "?" } else { "" }, render_path(path))
}

/// `Path#render`: elements joined with `.`, quoted when they need it.
fn render_path(path: &[String]) -> String {
    let funky = |s: &str| s.is_empty() || s.chars().any(|c| !(c.is_alphanumeric() || c == '-' || c == '_'));
    let mut out = Vec::new();
    for e in path {
        if funky(e) {
            let mut q = String::from("\"");
            for c in e.chars() {
                match c {
                    '"' => q.push_str("\\\""),
                    '\\' => q.push_str("\\\\"),
                    '\n' => q.push_str("\\n"),
                    '\u{8}' => q.push_str("\\b"),
                    '\u{c}' => q.push_str("\\f"),
                    '\r' => q.push_str("\\r"),
                    '\t' => q.push_str("\\t"),
                    c if c.is_control() => q.push_str(&format!("\\u{:04x}", c as u32)),
                    c => q.push(c),
                }
            }
            q.push('"');
            out.push(q);
        } else {
            out.push(e.clone());
        }
    }
    out.join(".")
}

// ---------------------------------------------------------------------------
// Values (the gem's `ConfigParser`): nodes to mergeable, unresolved values.

#[derive(Debug, Clone)]
enum Hv {
    Obj(IndexMap<String, Hv>),
    List(Vec<Hv>),
    /// A string; `quoted` false for unquoted text (whitespace between
    /// values a concatenation may drop).
    Str(String, bool),
    Scalar(Scalar),
    Ref { path: Vec<String>, optional: bool, line: usize },
    Concat(Vec<Hv>),
    /// A delayed merge: the values of one field, the latest first.
    Merge(Vec<Hv>),
}

impl Hv {
    fn type_name(&self) -> &'static str {
        match self {
            Hv::Obj(..) => "OBJECT",
            Hv::List(_) => "LIST",
            Hv::Str(..) => "STRING",
            Hv::Scalar(s) => s.type_name(),
            _ => "UNRESOLVED",
        }
    }

    fn unmergeable(&self) -> bool {
        matches!(self, Hv::Ref { .. } | Hv::Concat(_) | Hv::Merge(_))
    }

    /// `transform_to_string` (None for objects and lists).
    fn text(&self) -> Option<String> {
        match self {
            Hv::Str(s, _) => Some(s.clone()),
            Hv::Scalar(s) => Some(s.text()),
            _ => None,
        }
    }

    /// `self.with_fallback(older)`.
    fn with_fallback(self, older: Hv) -> Hv {
        match self {
            Hv::Obj(new) => match older {
                Hv::Obj(old) => Hv::Obj(merge_objects(new, old)),
                o if o.unmergeable() => Hv::Merge(vec![Hv::Obj(new)]).with_fallback(o),
                _ => Hv::Obj(new),
            },
            Hv::Merge(mut stack) => {
                match older {
                    Hv::Merge(more) => stack.extend(more),
                    o => stack.push(o),
                }
                Hv::Merge(stack)
            }
            r @ (Hv::Ref { .. } | Hv::Concat(_)) => Hv::Merge(vec![r]).with_fallback(older),
            other => other,
        }
    }
}

/// `merged_with_object`: the newer object's keys in its order (a common
/// key's value merged with the older one), then the older object's others.
fn merge_objects(new: IndexMap<String, Hv>, old: IndexMap<String, Hv>) -> IndexMap<String, Hv> {
    let mut out = IndexMap::with_capacity(new.len() + old.len());
    let mut old = old;
    for (k, v) in new {
        let merged = match old.shift_remove(&k) {
            Some(o) => v.with_fallback(o),
            None => v,
        };
        out.insert(k, merged);
    }
    out.extend(old);
    out
}

/// Joins two pieces of a concatenation (`ConfigConcatenation.join`):
/// None when they stay separate.
fn join(left: &Hv, right: &Hv) -> PResult<Option<Hv>> {
    Ok(Some(match (left, right) {
        (Hv::Obj(..), Hv::Obj(..)) => right.clone().with_fallback(left.clone()),
        (Hv::List(a), Hv::List(b)) => Hv::List(a.iter().chain(b).cloned().collect()),
        (Hv::List(_) | Hv::Obj(..), Hv::Str(_, false)) => left.clone(),
        _ if left.unmergeable() || right.unmergeable() => return Ok(None),
        _ => match (left.text(), right.text()) {
            (Some(a), Some(b)) => Hv::Str(a + &b, true),
            _ => {
                return Err(Failure::Other(format!(
                    "String: 1: Cannot concatenate object or list with a non-object-or-list, {} and {} are not compatible",
                    describe(left),
                    describe(right)
                )))
            }
        },
    }))
}

/// The gem's `to_s` of a value in its messages.
fn describe(v: &Hv) -> String {
    let inspect = |v: &Hv| unwrap(v).map(|u| ruby_inspect_value(&u)).unwrap_or_default();
    match v {
        Hv::Obj(..) => format!("SimpleConfigObject({})", inspect(v)),
        Hv::List(_) => format!("SimpleConfigList({})", inspect(v)),
        Hv::Str(s, true) => format!("Quoted({})", crate::display::ruby_inspect(&Value::string(s.as_str()))),
        Hv::Str(s, false) => format!("Unquoted({})", crate::display::ruby_inspect(&Value::string(s.as_str()))),
        Hv::Scalar(Scalar::Int(i, t)) => format!("ConfigInt({i}, {t})"),
        Hv::Scalar(Scalar::Double(f, t)) => format!("ConfigDouble({}, {t})", crate::display::ruby_float_to_s(*f)),
        Hv::Scalar(Scalar::Bool(b)) => format!("ConfigBoolean({b})"),
        _ => "ConfigNull(null)".to_string(),
    }
}

/// Ruby's `inspect` of an unwrapped value (`{"a"=>1}`, `["x", nil]`).
fn ruby_inspect_value(v: &Value) -> String {
    match v {
        Value::Undef => "nil".to_string(),
        Value::Array(a) => format!("[{}]", a.iter().map(ruby_inspect_value).collect::<Vec<_>>().join(", ")),
        Value::Hash(h) => format!(
            "{{{}}}",
            h.iter().map(|(k, v)| format!("{}=>{}", ruby_inspect_value(k), ruby_inspect_value(v))).collect::<Vec<_>>().join(", ")
        ),
        other => crate::display::ruby_inspect(other),
    }
}

/// Parse-time `ConfigConcatenation.concatenate`.
fn concatenate(pieces: Vec<Hv>) -> PResult<Option<Hv>> {
    let mut out = consolidate(pieces)?;
    Ok(match out.len() {
        0 => None,
        1 => out.pop(),
        _ => Some(Hv::Concat(out)),
    })
}

fn consolidate(pieces: Vec<Hv>) -> PResult<Vec<Hv>> {
    let mut out: Vec<Hv> = Vec::new();
    for p in pieces {
        let flat = match p {
            Hv::Concat(inner) => inner,
            p => vec![p],
        };
        for p in flat {
            match out.last() {
                None => out.push(p),
                Some(left) => match join(left, &p)? {
                    Some(j) => {
                        out.pop();
                        out.push(j);
                    }
                    None => out.push(p),
                },
            }
        }
    }
    Ok(out)
}

struct Builder {
    array_count: usize,
    /// The path of the field being built (for `+=`).
    path: Vec<String>,
}

impl Builder {
    fn value(&mut self, n: &Node) -> PResult<Hv> {
        Ok(match n {
            Node::Simple(t) => match &t.tok {
                Tok::Value(Scalar::Str(s)) => Hv::Str(s.clone(), true),
                Tok::Value(v) => Hv::Scalar(v.clone()),
                Tok::Unquoted(s) => Hv::Str(s.clone(), false),
                Tok::Subst { optional, expr } => {
                    let path = path_of(expr).map_err(|m| Failure::Other(format!("String: {}: {m}", t.line)))?;
                    Hv::Ref { path, optional: *optional, line: t.line }
                }
                _ => unreachable!("simple nodes hold values"),
            },
            Node::Object(fields) => self.object(fields)?,
            Node::Array(items) => {
                self.array_count += 1;
                let mut out = Vec::with_capacity(items.len());
                for i in items {
                    out.push(self.value(i)?);
                }
                self.array_count -= 1;
                Hv::List(out)
            }
            Node::Concat(parts) => {
                let mut vals = Vec::with_capacity(parts.len());
                for p in parts {
                    vals.push(self.value(p)?);
                }
                concatenate(vals)?.unwrap_or(Hv::Str(String::new(), true))
            }
        })
    }

    fn object(&mut self, fields: &[Field]) -> PResult<Hv> {
        let mut values: IndexMap<String, Hv> = IndexMap::new();
        for f in fields {
            let depth = self.path.len();
            self.path.extend(f.path.iter().cloned());
            if f.plus_equals && self.array_count > 0 {
                return Err(Failure::Parse(format!(
                    "String: {}: Due to current limitations of the config parser, += does not work nested inside a list. += expands to a ${{}} substitution and the path in ${{}} cannot currently refer to list elements. You might be able to move the += outside of the list and then refer to it from inside the list with ${{}}.",
                    f.line
                )));
            }
            if f.plus_equals {
                self.array_count += 1;
            }
            let mut v = self.value(&f.value)?;
            if f.plus_equals {
                self.array_count -= 1;
                let previous = Hv::Ref { path: self.path.clone(), optional: true, line: f.line };
                v = concatenate(vec![previous, Hv::List(vec![v])])?.expect("two pieces");
            }
            self.path.truncate(depth);
            let key = f.path[0].clone();
            let v = f.path[1..].iter().rev().fold(v, |inner, k| Hv::Obj(IndexMap::from([(k.clone(), inner)])));
            match values.get_mut(&key) {
                Some(existing) => {
                    let old = std::mem::replace(existing, Hv::Scalar(Scalar::Null));
                    *existing = v.with_fallback(old);
                }
                None => {
                    values.insert(key, v);
                }
            }
        }
        Ok(Hv::Obj(values))
    }
}

// ---------------------------------------------------------------------------
// Resolution of substitutions.

struct Resolver {
    root: std::rc::Rc<Hv>,
    /// The resolved value at each path of the document.
    memo: std::collections::HashMap<Vec<String>, Option<Hv>>,
    /// What a self-substitution means: the rest of a merge stack of the
    /// document (by address: the document does not move while it is
    /// resolved), at a path.
    below_memo: std::collections::HashMap<(usize, usize, Option<Vec<String>>), Option<Hv>>,
    /// The substitutions being resolved, outermost first: one met again
    /// is a cycle (the gem's cycle markers).
    refs: Vec<(Vec<String>, bool, usize)>,
    depth: usize,
    /// What has been built so far (see [`MAX_WORK`]).
    work: usize,
    /// How many times each path is being resolved now: a path entered a
    /// third time is a cycle (the substitutions' own cycle check meets
    /// the gem's cycles at the second entry; this bounds the rest).
    entered: std::collections::HashMap<Vec<String>, usize>,
}

impl Resolver {
    /// Resolves `v`, the value at `path` (None inside lists), whose merge
    /// stack continues with `below` (what a substitution of `path` itself
    /// means). None: nothing (an optional substitution of nothing).
    fn resolve(&mut self, v: &Hv, path: Option<&[String]>, below: &[Hv], exact: bool) -> PResult<Option<Hv>> {
        self.spend(1)?;
        self.depth += 1;
        if self.depth > MAX_RESOLVE_DEPTH {
            self.depth -= 1;
            return Err(Failure::Other("stack level too deep".to_string()));
        }
        let out = self.resolve_inner(v, path, below, exact);
        self.depth -= 1;
        out
    }

    fn resolve_inner(&mut self, v: &Hv, path: Option<&[String]>, below: &[Hv], exact: bool) -> PResult<Option<Hv>> {
        match v {
            Hv::Obj(map) => {
                let mut out = IndexMap::with_capacity(map.len());
                for (k, child) in map {
                    let child_path = path.map(|p| [p, std::slice::from_ref(k)].concat());
                    // Only an object that is the whole value at its path
                    // resolves its fields there once for every reader; one
                    // merged from a stack or a concatenation is a part.
                    let r = match &child_path {
                        Some(cp) if exact => self.at(cp, child)?,
                        cp => self.resolve(child, cp.as_deref(), &[], false)?,
                    };
                    if let Some(r) = r {
                        out.insert(k.clone(), r);
                    }
                }
                Ok(Some(Hv::Obj(out)))
            }
            Hv::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for i in items {
                    // `SimpleConfigList#resolve_substitutions` turns any
                    // error but a cycle into a `ConfigBugOrBrokenError`.
                    match self.resolve(i, None, &[], true) {
                        Ok(Some(r)) => out.push(r),
                        Ok(None) => {}
                        Err(Failure::Cycle(trace)) => return Err(Failure::Cycle(trace)),
                        Err(_) => return Err(Failure::Other("unexpected exception".to_string())),
                    }
                }
                Ok(Some(Hv::List(out)))
            }
            Hv::Str(..) | Hv::Scalar(_) => Ok(Some(v.clone())),
            Hv::Ref { path: target, optional, line } => {
                if path == Some(target.as_slice()) {
                    // Self-reference: the value below in the merge stack.
                    let key = (below.as_ptr() as usize, below.len(), path.map(<[String]>::to_vec));
                    let r = match (self.below_memo.get(&key), below.split_first()) {
                        (Some(r), _) => {
                            let r = r.clone();
                            self.spend(r.as_ref().map_or(0, weight))?;
                            r
                        }
                        (None, Some((first, rest))) => {
                            let r = self.resolve_stack(first, rest, path)?;
                            self.below_memo.insert(key, r.clone());
                            r
                        }
                        (None, None) => None,
                    };
                    if r.is_none() && !optional {
                        let e = render_ref(target, *optional);
                        let mut trace: Vec<String> = self.refs.iter().map(|(p, o, _)| render_ref(p, *o)).collect();
                        trace.extend([e.clone(), e.clone()]);
                        return Err(Failure::Parse(format!(
                            "String: {line}: Could not resolve substitution to a value: {e} was part of a cycle of substitutions involving {}",
                            trace.join(", ")
                        )));
                    }
                    return Ok(r);
                }
                let me = (target.clone(), *optional, *line);
                if self.refs.contains(&me) {
                    let mut trace: Vec<String> = self.refs.iter().map(|(p, o, _)| render_ref(p, *o)).collect();
                    trace.push(render_ref(target, *optional));
                    return Err(Failure::Cycle(trace));
                }
                self.refs.push(me);
                let r = self.lookup(target);
                self.refs.pop();
                let r = match r {
                    Err(Failure::Cycle(_)) if *optional => None,
                    Err(Failure::Cycle(trace)) => {
                        return Err(Failure::Parse(format!(
                            "String: {line}: Could not resolve substitution to a value: {} was part of a cycle of substitutions involving {}",
                            render_ref(target, *optional),
                            trace.join(", ")
                        )))
                    }
                    r => r?,
                };
                if r.is_none() && !optional {
                    return Err(Failure::Parse(format!(
                        "String: {line}: Could not resolve substitution to a value: ${{{}}}",
                        render_path(target)
                    )));
                }
                Ok(r)
            }
            Hv::Concat(pieces) => {
                let mut resolved = Vec::with_capacity(pieces.len());
                for p in pieces {
                    if let Some(r) = self.resolve(p, path, below, false)? {
                        resolved.push(r);
                    }
                }
                let mut joined = consolidate(resolved)?;
                let r = joined.pop();
                self.spend(r.as_ref().map_or(0, weight))?;
                Ok(r)
            }
            Hv::Merge(stack) => match stack.split_first() {
                Some((first, rest)) => self.resolve_stack(first, rest, path),
                None => Ok(None),
            },
        }
    }

    /// A merge stack: each value merged with what it falls back to, down
    /// to the first that is not an object.
    fn resolve_stack(&mut self, first: &Hv, rest: &[Hv], path: Option<&[String]>) -> PResult<Option<Hv>> {
        let mut result: Option<Hv> = None;
        let mut stack = std::iter::once(first).chain(rest.iter());
        let mut i = 0;
        while let Some(v) = stack.next() {
            if matches!(result, Some(ref r) if !matches!(r, Hv::Obj(..))) {
                break;
            }
            let below = &rest[i..];
            i += 1;
            let Some(r) = self.resolve(v, path, below, false)? else { continue };
            result = Some(match result {
                None => r,
                Some(Hv::Obj(new)) => match r {
                    Hv::Obj(old) => Hv::Obj(merge_objects(new, old)),
                    // An object hides what is not one below it.
                    _ => return Ok(Some(Hv::Obj(new))),
                },
                Some(other) => other,
            });
        }
        Ok(result)
    }

    fn spend(&mut self, n: usize) -> PResult<()> {
        self.work = self.work.saturating_add(n);
        if self.work > MAX_WORK {
            return Err(Failure::Other("the HOCON document is too large once its substitutions are resolved".to_string()));
        }
        Ok(())
    }

    /// The value at `path` (resolved once).
    fn at(&mut self, path: &[String], v: &Hv) -> PResult<Option<Hv>> {
        if let Some(r) = self.memo.get(path) {
            let r = r.clone();
            self.spend(r.as_ref().map_or(0, weight))?;
            return Ok(r);
        }
        let n = self.entered.entry(path.to_vec()).or_insert(0);
        if *n >= 2 {
            let trace: Vec<String> = self.refs.iter().map(|(p, o, _)| render_ref(p, *o)).collect();
            return Err(Failure::Cycle(trace));
        }
        *n += 1;
        let r = self.resolve(v, Some(path), &[], true);
        if let Some(n) = self.entered.get_mut(path) {
            *n -= 1;
        }
        let r = r?;
        self.memo.insert(path.to_vec(), r.clone());
        Ok(r)
    }

    /// `${path}`: the document's value there, else the environment
    /// variable of that name (a one-element path).
    fn lookup(&mut self, path: &[String]) -> PResult<Option<Hv>> {
        let root = std::rc::Rc::clone(&self.root);
        let mut node: &Hv = &root;
        for (i, key) in path.iter().enumerate() {
            let child = match node {
                Hv::Obj(map) => map.get(key),
                _ => None,
            };
            let Some(child) = child else { return Ok(self.env(path)) };
            if i + 1 == path.len() {
                return self.at(&path[..=i], child);
            }
            if let Hv::Obj(_) = child {
                node = child;
                continue;
            }
            // A merge or a substitution: resolved, then walked as data.
            let mut cur = match self.at(&path[..=i], child)? {
                Some(r) => r,
                None => return Ok(self.env(path)),
            };
            for k in &path[i + 1..] {
                cur = match cur {
                    Hv::Obj(mut m) => match m.swap_remove(k) {
                        Some(c) => c,
                        None => return Ok(self.env(path)),
                    },
                    _ => return Ok(self.env(path)),
                };
            }
            return Ok(Some(cur));
        }
        Ok(None)
    }

    fn env(&self, path: &[String]) -> Option<Hv> {
        match path {
            [name] => std::env::var(name).ok().map(|s| Hv::Str(s, true)),
            _ => None,
        }
    }
}

/// The size of a value for [`MAX_WORK`]: its nodes and string bytes.
fn weight(v: &Hv) -> usize {
    match v {
        Hv::Obj(m) => m.iter().map(|(k, v)| 1 + k.len() / 16 + weight(v)).sum::<usize>() + 1,
        Hv::List(items) | Hv::Concat(items) | Hv::Merge(items) => items.iter().map(weight).sum::<usize>() + 1,
        Hv::Str(s, _) => 1 + s.len() / 16,
        _ => 1,
    }
}

/// `unwrapped`: Puppet's values.
fn unwrap(v: &Hv) -> Result<Value, Failure> {
    Ok(match v {
        Hv::Obj(map) => {
            let mut entries = Vec::with_capacity(map.len());
            for (k, v) in map {
                entries.push((Value::string(k.as_str()), unwrap(v)?));
            }
            Value::hash(entries)
        }
        Hv::List(items) => Value::array(items.iter().map(unwrap).collect::<Result<_, _>>()?),
        Hv::Str(s, _) => Value::string(s.as_str()),
        Hv::Scalar(Scalar::Str(s)) => Value::string(s.as_str()),
        Hv::Scalar(Scalar::Int(i, _)) => match i64::try_from(*i) {
            Ok(i) => Value::Integer(i),
            Err(_) => return Err(Failure::Other(format!("integer {i} is out of the range pjit supports (64-bit)"))),
        },
        Hv::Scalar(Scalar::Double(f, _)) => Value::Float(*f),
        Hv::Scalar(Scalar::Bool(b)) => Value::Boolean(*b),
        Hv::Scalar(Scalar::Null) => Value::Undef,
        Hv::Ref { .. } | Hv::Concat(_) | Hv::Merge(_) => unreachable!("resolved values only"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(s: &str) -> String {
        match parse(s) {
            Ok(v) => format!("{}", crate::display::to_interpolated_string(&v)),
            Err(e) => format!("{e:?}"),
        }
    }

    #[test]
    fn merges_later_keys_first() {
        assert_eq!(show("a { x = 1, y = 2 }\na { z = 3, x = 4 }"), "{a => {z => 3, x => 4, y => 2}}");
        assert_eq!(show("a.b.c = 1\na.b.d = 2\na.e = 3"), "{a => {e => 3, b => {d => 2, c => 1}}}");
    }
}
