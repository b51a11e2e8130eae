//! The Ruby parser: tokens of a whole template to one syntax tree.
//!
//! A recursive-descent parser for the subset of Ruby that module templates
//! use (see docs/erb.md), with Ruby's precedence table: `!` > `**` > unary
//! `-` > `* / %` > `+ -` > `<< >>` > `&` > `| ^` > comparisons > equality
//! and matching > `&&` > `||` > ranges > `?:` > `rescue` modifier >
//! assignment > `defined?` > `not` > `and or` > statement modifiers.
//! Method calls take arguments in parentheses or as a command (`raise E,
//! "m"`, `@x.join ', '`), and a `{}` block (binds to the nearest call) or a
//! `do ... end` block (binds to the outermost call of a command).
//!
//! Local variables are resolved here, as Ruby does: an identifier is a local
//! variable when an assignment to it (or a block or method parameter of that
//! name) comes before it; otherwise it is a method call. Each method body
//! and the template itself is a frame of numbered slots; a block's
//! parameters and the variables it introduces get slots of their own that
//! the evaluator resets on each call of the block.
//!
//! Constructs outside the subset are rejected with the line they are on.

use std::collections::HashMap;
use std::rc::Rc;

use super::lexer::{StrPart, Tok, Token};

/// A syntax tree node with the program line it starts on.
#[derive(Debug)]
pub(crate) struct Node {
    pub kind: Kind,
    pub line: u32,
}

#[derive(Debug)]
pub(crate) enum Part {
    Lit(Rc<str>),
    Expr(Node),
}

#[derive(Debug)]
pub(crate) enum Kind {
    Nil,
    True,
    False,
    SelfRef,
    Int(i64),
    Float(f64),
    Str(Rc<str>),
    DStr(Vec<Part>),
    Sym(Rc<str>),
    DSym(Vec<Part>),
    /// A regexp literal: source parts, option letters, and the compiled
    /// regexp once a literal without interpolation was evaluated (Ruby
    /// makes such a literal's object once; compiling is an error only at
    /// evaluation, so it is not done here).
    Regex(Vec<Part>, Rc<str>, std::cell::OnceCell<Rc<super::value::RRegex>>),
    Words(Vec<Rc<str>>, bool),
    Array(Vec<Node>),
    Hash(Vec<(Node, Node)>),
    Range(Box<Node>, Box<Node>, bool),
    Ivar(Rc<str>),
    /// `$~` (`~`), `$&` (`&`), `$1`..`$9`.
    Gvar(Rc<str>),
    Local(u32),
    /// `A::B::C` (`top`: `::A`).
    Const(Vec<Rc<str>>, bool),
    Call(Box<Call>),
    /// `*x` in an argument list or array literal.
    Splat(Box<Node>),
    Not(Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Defined(Box<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
    Case(Option<Box<Node>>, Vec<(Vec<Node>, Node)>, Box<Node>),
    /// `while` (or `until` when the flag is set).
    While(Box<Node>, Box<Node>, bool),
    Seq(Vec<Node>),
    Assign(Box<Target>, Box<Node>),
    /// `x op= v`, also `||=` and `&&=`.
    OpAssign(Box<Target>, &'static str, Box<Node>),
    MultiAssign(Vec<Target>, Box<Node>),
    /// Template text.
    Text(Rc<str>),
    /// `<%= expr %>`.
    Insert(Box<Node>),
    Next(Option<Box<Node>>),
    Break(Option<Box<Node>>),
    Return(Option<Box<Node>>),
    Def(Rc<Def>),
    Begin(Box<Begin>),
}

#[derive(Debug)]
pub(crate) struct Call {
    pub recv: Option<Node>,
    pub name: Rc<str>,
    pub args: Vec<Node>,
    pub block: Option<Rc<Block>>,
    /// `&x` argument.
    pub block_arg: Option<Node>,
    /// `&.` call.
    pub safe: bool,
    /// A bare identifier (no receiver, no arguments, no parentheses).
    pub vcall: bool,
    /// Written with `(...)` (so it takes no command arguments).
    pub parens: bool,
}

#[derive(Debug)]
pub(crate) enum Target {
    Local(u32),
    Ivar(Rc<str>),
    /// `recv[args] = v`.
    Index(Node, Vec<Node>),
    /// `recv.name = v`.
    Attr(Node, Rc<str>),
    /// `(a, b)` in a multiple assignment or block parameter list.
    Nested(Vec<Target>),
    Splat(Box<Target>),
}

#[derive(Debug)]
pub(crate) struct Block {
    pub params: Vec<Param>,
    /// Slots introduced by the block (parameters and new locals): reset
    /// to nil on each call.
    pub slots: std::ops::Range<u32>,
    pub body: Node,
    /// `|a, |` or several parameters: an array argument is spread.
    pub spreads: bool,
}

#[derive(Debug)]
pub(crate) enum Param {
    Req(u32),
    Opt(u32, Node),
    Rest(u32),
    Nested(Vec<Param>),
    /// `&blk` (accepted, always nil: templates cannot pass blocks to methods they define).
    Block(u32),
}

#[derive(Debug)]
pub(crate) struct Def {
    pub name: Rc<str>,
    pub params: Vec<Param>,
    pub nslots: u32,
    pub body: Node,
}

#[derive(Debug)]
pub(crate) struct Begin {
    pub body: Node,
    pub rescues: Vec<Rescue>,
    pub else_: Option<Node>,
    pub ensure: Option<Node>,
}

#[derive(Debug)]
pub(crate) struct Rescue {
    /// Exception classes (empty: `StandardError`).
    pub classes: Vec<Node>,
    pub var: Option<Target>,
    pub body: Node,
}

/// A parse error: message and program line.
#[derive(Debug, Clone)]
pub(crate) struct ParseError {
    pub message: String,
    pub line: u32,
}

type PResult<T> = Result<T, ParseError>;

/// The local-variable scopes of one frame (a method body or the template).
struct Frame {
    /// Innermost last: the template/method scope, then one per open block.
    scopes: Vec<HashMap<String, u32>>,
    next_slot: u32,
}

pub(crate) struct Parser {
    toks: Vec<Token>,
    pos: usize,
    frames: Vec<Frame>,
    /// > 0 while `do` must not attach to a call (command arguments, `while` conditions).
    no_do: u32,
    depth: u32,
}

/// The parsed template: its statements and the number of slots of the top frame.
pub(crate) struct Program {
    pub body: Node,
    pub nslots: u32,
}

const MAX_DEPTH: u32 = 200;

pub(crate) fn parse(toks: Vec<Token>) -> PResult<Program> {
    let mut p = Parser { toks, pos: 0, frames: vec![Frame { scopes: vec![HashMap::new()], next_slot: 0 }], no_do: 0, depth: 0 };
    let body = p.stmts()?;
    if !matches!(p.peek(), Tok::Eof) {
        return p.unexpected();
    }
    let nslots = p.frames[0].next_slot;
    Ok(Program { body, nslots })
}

fn node(kind: Kind, line: u32) -> Node {
    Node { kind, line }
}

fn tok_desc(t: &Tok) -> String {
    match t {
        Tok::Int(i) => format!("integer literal {i}"),
        Tok::Float(f) => format!("float literal {f}"),
        Tok::Str(_) => "string literal".into(),
        Tok::Sym(s) => format!("symbol literal :{s}"),
        Tok::DSym(_) => "symbol literal".into(),
        Tok::Regex(..) => "regexp literal".into(),
        Tok::Words(..) => "word list".into(),
        Tok::Ident(s) => format!("local variable or method '{s}'"),
        Tok::Const(s) => format!("constant '{s}'"),
        Tok::Ivar(s) => format!("instance variable '@{s}'"),
        Tok::Gvar(s) => format!("global variable '${s}'"),
        Tok::Label(s) => format!("label '{s}:'"),
        Tok::Kw(k) => format!("'{k}'"),
        Tok::Op(o) => format!("'{o}'"),
        Tok::OpAssign(o) => format!("'{o}='"),
        Tok::LParenCall | Tok::LParen => "'('".into(),
        Tok::RParen => "')'".into(),
        Tok::LBrackArray | Tok::LBrackIndex => "'['".into(),
        Tok::RBrack => "']'".into(),
        Tok::LBraceHash | Tok::LBraceBlock => "'{'".into(),
        Tok::RBrace => "'}'".into(),
        Tok::Splat => "'*'".into(),
        Tok::BlockArg => "'&'".into(),
        Tok::UMinus => "unary '-'".into(),
        Tok::UPlus => "unary '+'".into(),
        Tok::Newline => "end-of-line".into(),
        Tok::Semi | Tok::Text(_) | Tok::InsertStart => "';'".into(),
        Tok::InsertEnd => "')'".into(),
        Tok::Eof => "end-of-input".into(),
    }
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }
    fn peek_at(&self, n: usize) -> &Tok {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)].tok
    }
    fn tok(&self) -> &Token {
        &self.toks[self.pos]
    }
    fn line(&self) -> u32 {
        self.toks[self.pos].line
    }
    /// Consumes the current token. Tokens that own text are moved out (the
    /// parser never steps back over them, only over punctuation and
    /// keywords, which are copied), so parsing does not copy strings.
    fn bump(&mut self) -> Token {
        let last = self.pos + 1 >= self.toks.len();
        let t = &mut self.toks[self.pos];
        let owns_text = matches!(
            t.tok,
            Tok::Str(_) | Tok::Sym(_) | Tok::DSym(_) | Tok::Regex(..) | Tok::Words(..) | Tok::Ident(_) | Tok::Const(_)
                | Tok::Ivar(_) | Tok::Gvar(_) | Tok::Label(_) | Tok::Text(_)
        );
        let out = if owns_text && !last {
            Token { tok: std::mem::replace(&mut t.tok, Tok::Semi), line: t.line, space_before: t.space_before }
        } else {
            t.clone()
        };
        if !last {
            self.pos += 1;
        }
        out
    }
    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }
    fn is_kw(&self, kw: &str) -> bool {
        matches!(self.peek(), Tok::Kw(k) if *k == kw)
    }
    fn eat_op(&mut self, op: &str) -> bool {
        if self.is_op(op) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn eat_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn err<T>(&self, message: impl Into<String>) -> PResult<T> {
        Err(ParseError { message: message.into(), line: self.line() })
    }
    fn unexpected<T>(&self) -> PResult<T> {
        self.err(format!("syntax error, unexpected {}", tok_desc(self.peek())))
    }
    fn expect_op(&mut self, op: &str) -> PResult<()> {
        if self.eat_op(op) {
            Ok(())
        } else {
            self.err(format!("syntax error, unexpected {}, expecting '{op}'", tok_desc(self.peek())))
        }
    }
    fn expect_kw(&mut self, kw: &str) -> PResult<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            self.err(format!("syntax error, unexpected {}, expecting '{kw}'", tok_desc(self.peek())))
        }
    }
    fn skip_newlines(&mut self) {
        while matches!(self.peek(), Tok::Newline) {
            self.bump();
        }
    }
    fn skip_terms(&mut self) {
        while matches!(self.peek(), Tok::Newline | Tok::Semi) {
            self.bump();
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err("the template nests too deeply");
        }
        Ok(())
    }

    // ---- locals

    fn lookup_local(&self, name: &str) -> Option<u32> {
        let f = self.frames.last()?;
        f.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    fn declare_local(&mut self, name: &str) -> u32 {
        if let Some(s) = self.lookup_local(name) {
            return s;
        }
        let f = self.frames.last_mut().expect("a frame");
        let slot = f.next_slot;
        f.next_slot += 1;
        f.scopes.last_mut().expect("a scope").insert(name.to_string(), slot);
        slot
    }

    /// A new local in the innermost scope even if an outer one has the name
    /// (block parameters shadow).
    fn declare_param(&mut self, name: &str) -> u32 {
        let f = self.frames.last_mut().expect("a frame");
        let slot = f.next_slot;
        f.next_slot += 1;
        f.scopes.last_mut().expect("a scope").insert(name.to_string(), slot);
        slot
    }

    // ---- statements

    /// Statements up to a closing keyword or token (not consumed).
    fn stmts(&mut self) -> PResult<Node> {
        let line = self.line();
        let mut out = Vec::new();
        loop {
            self.skip_terms();
            match self.peek() {
                Tok::Eof | Tok::RParen | Tok::RBrace | Tok::InsertEnd => break,
                Tok::Kw(k) if ["end", "else", "elsif", "when", "rescue", "ensure", "then", "in"].contains(k) => break,
                _ => {}
            }
            out.push(self.stmt()?);
            if !matches!(
                self.peek(),
                Tok::Newline | Tok::Semi | Tok::Eof | Tok::RParen | Tok::RBrace | Tok::InsertEnd | Tok::Text(_) | Tok::InsertStart
            ) && !matches!(self.peek(), Tok::Kw(k) if ["end", "else", "elsif", "when", "rescue", "ensure", "then"].contains(k))
            {
                return self.unexpected();
            }
        }
        Ok(if out.len() == 1 { out.pop().expect("one") } else { node(Kind::Seq(out), line) })
    }

    fn stmt(&mut self) -> PResult<Node> {
        self.enter()?;
        let r = self.stmt_inner();
        self.depth -= 1;
        r
    }

    fn stmt_inner(&mut self) -> PResult<Node> {
        let line = self.line();
        let mut n = match self.peek() {
            Tok::Text(_) => {
                let Tok::Text(t) = self.bump().tok else { unreachable!("checked") };
                return Ok(node(Kind::Text(Rc::from(t.as_str())), line));
            }
            Tok::InsertStart => {
                self.bump();
                let body = self.stmts()?;
                if !matches!(self.peek(), Tok::InsertEnd) {
                    return self.unexpected();
                }
                self.bump();
                return Ok(node(Kind::Insert(Box::new(body)), line));
            }
            _ => self.expr_stmt()?,
        };
        loop {
            let line = self.line();
            if self.eat_kw("if") {
                let c = self.expr_stmt()?;
                n = node(Kind::If(Box::new(c), Box::new(n), Box::new(node(Kind::Nil, line))), line);
            } else if self.eat_kw("unless") {
                let c = self.expr_stmt()?;
                n = node(Kind::If(Box::new(c), Box::new(node(Kind::Nil, line)), Box::new(n)), line);
            } else if self.eat_kw("while") {
                let c = self.expr_stmt()?;
                n = node(Kind::While(Box::new(c), Box::new(n), false), line);
            } else if self.eat_kw("until") {
                let c = self.expr_stmt()?;
                n = node(Kind::While(Box::new(c), Box::new(n), true), line);
            } else if self.eat_kw("rescue") {
                let r = self.expr_stmt()?;
                n = node(
                    Kind::Begin(Box::new(Begin {
                        body: n,
                        rescues: vec![Rescue { classes: vec![], var: None, body: r }],
                        else_: None,
                        ensure: None,
                    })),
                    line,
                );
            } else {
                break;
            }
        }
        Ok(n)
    }

    /// `not`, `and`, `or` level.
    fn expr_stmt(&mut self) -> PResult<Node> {
        let mut left = self.not_expr()?;
        loop {
            let line = self.line();
            if self.eat_kw("and") {
                self.skip_newlines();
                let r = self.not_expr()?;
                left = node(Kind::And(Box::new(left), Box::new(r)), line);
            } else if self.eat_kw("or") {
                self.skip_newlines();
                let r = self.not_expr()?;
                left = node(Kind::Or(Box::new(left), Box::new(r)), line);
            } else {
                return Ok(left);
            }
        }
    }

    fn not_expr(&mut self) -> PResult<Node> {
        let line = self.line();
        if self.eat_kw("not") {
            let e = self.not_expr()?;
            return Ok(node(Kind::Not(Box::new(e)), line));
        }
        if matches!(self.peek(), Tok::Kw("return") | Tok::Kw("next") | Tok::Kw("break")) {
            return self.jump();
        }
        // `a, b = ...`
        if let Some(n) = self.try_multi_assign()? {
            return Ok(n);
        }
        let e = self.arg()?;
        self.command(e)
    }

    fn jump(&mut self) -> PResult<Node> {
        let line = self.line();
        let Tok::Kw(k) = self.bump().tok else { unreachable!("checked by the caller") };
        let val = if self.starts_arg() {
            let mut args = self.command_args()?;
            Some(Box::new(if args.len() == 1 { args.pop().expect("one") } else { node(Kind::Array(args), line) }))
        } else {
            None
        };
        Ok(node(
            match k {
                "return" => Kind::Return(val),
                "next" => Kind::Next(val),
                _ => Kind::Break(val),
            },
            line,
        ))
    }

    /// `a, b = x` / `a, (b, c) = x` at the start of a statement.
    fn try_multi_assign(&mut self) -> PResult<Option<Node>> {
        // Quick check: an identifier or ivar followed by `,`, and a `=` before the end of the statement.
        if !matches!(self.peek(), Tok::Ident(_) | Tok::Ivar(_) | Tok::Splat) || !matches!(self.peek_at(1), Tok::Op(",")) {
            return Ok(None);
        }
        let mut i = self.pos;
        let mut depth = 0;
        loop {
            match &self.toks[i].tok {
                Tok::Op("=") if depth == 0 => break,
                Tok::LParen | Tok::LParenCall | Tok::LBrackArray | Tok::LBrackIndex => depth += 1,
                Tok::RParen | Tok::RBrack => depth -= 1,
                Tok::Newline | Tok::Semi | Tok::Eof | Tok::InsertEnd | Tok::Kw(_) => return Ok(None),
                Tok::Ident(_) | Tok::Ivar(_) | Tok::Op(",") | Tok::Splat => {}
                _ if depth > 0 => {}
                _ => return Ok(None),
            }
            i += 1;
        }
        let line = self.line();
        let mut targets = Vec::new();
        loop {
            targets.push(self.mlhs_item()?);
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op("=")?;
        self.skip_newlines();
        let first = self.arg()?;
        let rhs = if self.is_op(",") {
            let mut items = vec![first];
            while self.eat_op(",") {
                self.skip_newlines();
                items.push(self.arg_or_splat()?);
            }
            node(Kind::Array(items), line)
        } else {
            self.command(first)?
        };
        Ok(Some(node(Kind::MultiAssign(targets, Box::new(rhs)), line)))
    }

    fn mlhs_item(&mut self) -> PResult<Target> {
        match self.peek().clone() {
            Tok::Ident(name) => {
                self.bump();
                Ok(Target::Local(self.declare_local(&name)))
            }
            Tok::Ivar(name) => {
                self.bump();
                Ok(Target::Ivar(Rc::from(name.as_str())))
            }
            Tok::Splat => {
                self.bump();
                Ok(Target::Splat(Box::new(self.mlhs_item()?)))
            }
            Tok::LParen => {
                self.bump();
                let mut items = Vec::new();
                loop {
                    items.push(self.mlhs_item()?);
                    if !self.eat_op(",") {
                        break;
                    }
                }
                if !matches!(self.peek(), Tok::RParen) {
                    return self.unexpected();
                }
                self.bump();
                Ok(Target::Nested(items))
            }
            _ => self.unexpected(),
        }
    }

    /// Can the current token start a command argument (`foo ARG`)?
    fn starts_arg(&self) -> bool {
        let t = self.tok();
        match &t.tok {
            Tok::Int(_)
            | Tok::Float(_)
            | Tok::Str(_)
            | Tok::Sym(_)
            | Tok::DSym(_)
            | Tok::Regex(..)
            | Tok::Words(..)
            | Tok::Ident(_)
            | Tok::Const(_)
            | Tok::Ivar(_)
            | Tok::Gvar(_)
            | Tok::Label(_)
            | Tok::LBrackArray
            | Tok::LParen
            | Tok::LBraceHash
            | Tok::UMinus
            | Tok::UPlus
            | Tok::Splat
            | Tok::BlockArg => true,
            Tok::Kw(k) => ["nil", "true", "false", "self", "defined?", "not"].contains(k),
            Tok::Op("::") => true,
            Tok::Op("!") => !self.toks[self.pos + 1].space_before,
            _ => false,
        }
    }

    /// `e` followed by command arguments when `e` is a call that may take them.
    fn command(&mut self, e: Node) -> PResult<Node> {
        let is_cmd_call = match &e.kind {
            Kind::Call(c) => c.args.is_empty() && c.block.is_none() && c.block_arg.is_none() && !c.parens,
            _ => false,
        };
        // `include?x` is a command too: Ruby needs no space after a `?`/`!` name.
        let bang_name = matches!(&e.kind, Kind::Call(c) if c.name.ends_with(['?', '!']));
        if !is_cmd_call || !(self.tok().space_before || bang_name) || !self.starts_arg() {
            return Ok(e);
        }
        let Kind::Call(mut call) = e.kind else { unreachable!("checked above") };
        // `x.y z` where the name is an operator is not a command.
        if call.name.chars().next().is_some_and(|c| !c.is_alphabetic() && c != '_') {
            return self.unexpected();
        }
        call.vcall = false;
        call.args = self.command_args()?;
        let mut n = node(Kind::Call(call), e.line);
        // `cmd args do ... end`: the block belongs to the command.
        if self.is_kw("do") && self.no_do == 0 {
            n = self.attach_block(n)?;
        }
        Ok(n)
    }

    /// Comma-separated arguments without parentheses.
    fn command_args(&mut self) -> PResult<Vec<Node>> {
        self.no_do += 1;
        let r = self.arg_list(false);
        self.no_do -= 1;
        let (args, block_arg) = r?;
        if let Some(b) = block_arg {
            return Err(ParseError { message: "a &block argument in a command call is not supported".into(), line: b.line });
        }
        Ok(args)
    }

    // ---- expressions (Ruby's `arg`)

    fn arg(&mut self) -> PResult<Node> {
        self.enter()?;
        let r = self.assignment();
        self.depth -= 1;
        r
    }

    fn arg_or_splat(&mut self) -> PResult<Node> {
        let line = self.line();
        if matches!(self.peek(), Tok::Splat) {
            self.bump();
            let e = self.arg()?;
            return Ok(node(Kind::Splat(Box::new(e)), line));
        }
        self.arg()
    }

    fn assignment(&mut self) -> PResult<Node> {
        let line = self.line();
        // Declare `x` as a local before parsing the value (`x = x` reads nil).
        if let (Tok::Ident(name), Tok::Op("=")) = (self.peek(), self.peek_at(1)) {
            let name = name.clone();
            self.bump();
            self.bump();
            let slot = self.declare_local(&name);
            self.skip_newlines();
            let v = self.assignment_rhs()?;
            return Ok(node(Kind::Assign(Box::new(Target::Local(slot)), Box::new(v)), line));
        }
        if let (Tok::Ident(name), Tok::OpAssign(op)) = (self.peek(), self.peek_at(1)) {
            let (name, op) = (name.clone(), *op);
            self.bump();
            self.bump();
            let slot = self.declare_local(&name);
            self.skip_newlines();
            let v = self.assignment_rhs()?;
            return Ok(node(Kind::OpAssign(Box::new(Target::Local(slot)), op, Box::new(v)), line));
        }
        let lhs = self.ternary()?;
        if self.is_op("=") || matches!(self.peek(), Tok::OpAssign(_)) {
            let target = match self.to_target(lhs) {
                Ok(t) => t,
                Err(_) => return self.unexpected(),
            };
            let t = self.bump();
            self.skip_newlines();
            let v = self.assignment_rhs()?;
            return Ok(match t.tok {
                Tok::OpAssign(op) => node(Kind::OpAssign(Box::new(target), op, Box::new(v)), line),
                _ => node(Kind::Assign(Box::new(target), Box::new(v)), line),
            });
        }
        Ok(lhs)
    }

    fn assignment_rhs(&mut self) -> PResult<Node> {
        let v = self.arg()?;
        let v = self.command(v)?;
        // `x = a rescue b`
        if self.is_kw("rescue") && !self.toks[self.pos].space_before {
            return Ok(v);
        }
        Ok(v)
    }

    fn to_target(&mut self, n: Node) -> Result<Target, Node> {
        match n.kind {
            Kind::Local(s) => Ok(Target::Local(s)),
            Kind::Ivar(name) => Ok(Target::Ivar(name)),
            Kind::Call(c) if c.vcall => Ok(Target::Local(self.declare_local(&c.name))),
            Kind::Call(c) if c.name.as_ref() == "[]" && c.recv.is_some() && c.block.is_none() => {
                let c = *c;
                Ok(Target::Index(c.recv.expect("checked"), c.args))
            }
            Kind::Call(c) if c.recv.is_some() && c.args.is_empty() && c.block.is_none() && !c.name.ends_with(['?', '!']) => {
                let c = *c;
                Ok(Target::Attr(c.recv.expect("checked"), c.name))
            }
            kind => Err(Node { kind, line: n.line }),
        }
    }

    fn ternary(&mut self) -> PResult<Node> {
        let line = self.line();
        let c = self.range()?;
        if self.is_op("?") {
            self.bump();
            self.skip_newlines();
            let a = self.ternary_branch()?;
            self.skip_newlines();
            // `a ? b :c` lexes `:c` as a symbol: Ruby reads it as `: c`.
            if let Tok::Sym(s) = self.peek().clone() {
                if self.tok().space_before && !s.is_empty() {
                    let l = self.line();
                    self.bump();
                    let b = match self.lookup_local(&s) {
                        Some(slot) => node(Kind::Local(slot), l),
                        None => node(
                            Kind::Call(Box::new(Call {
                                recv: None,
                                name: Rc::from(s.as_str()),
                                args: vec![],
                                block: None,
                                block_arg: None,
                                safe: false,
                                vcall: true,
                                parens: false,
                            })),
                            l,
                        ),
                    };
                    let b = self.postfix(b)?;
                    return Ok(node(Kind::If(Box::new(c), Box::new(a), Box::new(b)), line));
                }
            }
            if let Tok::Label(l) = self.peek().clone() {
                // `a ? b : c` where `b:` lexed as a label cannot happen after `?`;
                // a label here means `x ? y:z`.
                return self.err(format!("syntax error, unexpected label '{l}:'"));
            }
            self.expect_op(":")?;
            self.skip_newlines();
            let b = self.ternary_branch()?;
            return Ok(node(Kind::If(Box::new(c), Box::new(a), Box::new(b)), line));
        }
        Ok(c)
    }

    fn ternary_branch(&mut self) -> PResult<Node> {
        // An assignment is allowed in a branch (`c ? x = 1 : y`), as is a nested ternary.
        self.arg()
    }

    fn range(&mut self) -> PResult<Node> {
        let line = self.line();
        let l = self.oror()?;
        if self.is_op("..") || self.is_op("...") {
            let excl = self.is_op("...");
            self.bump();
            // `a..` (endless) before a closing token.
            if matches!(self.peek(), Tok::RBrack | Tok::RParen | Tok::Newline | Tok::Semi | Tok::Eof | Tok::InsertEnd | Tok::Kw("then")) {
                return Ok(node(Kind::Range(Box::new(l), Box::new(node(Kind::Nil, line)), excl), line));
            }
            let r = self.oror()?;
            return Ok(node(Kind::Range(Box::new(l), Box::new(r), excl), line));
        }
        Ok(l)
    }

    fn oror(&mut self) -> PResult<Node> {
        let mut l = self.andand()?;
        while self.is_op("||") {
            let line = self.line();
            self.bump();
            self.skip_newlines();
            let r = self.andand()?;
            l = node(Kind::Or(Box::new(l), Box::new(r)), line);
        }
        Ok(l)
    }

    fn andand(&mut self) -> PResult<Node> {
        let mut l = self.not_op()?;
        while self.is_op("&&") {
            let line = self.line();
            self.bump();
            self.skip_newlines();
            let r = self.not_op()?;
            l = node(Kind::And(Box::new(l), Box::new(r)), line);
        }
        Ok(l)
    }

    /// `defined?` without parentheses sits here; `!` binds tighter (unary).
    fn not_op(&mut self) -> PResult<Node> {
        let line = self.line();
        if self.is_kw("defined?") && !matches!(self.peek_at(1), Tok::LParenCall) {
            self.bump();
            let e = self.not_op()?;
            return Ok(node(Kind::Defined(Box::new(e)), line));
        }
        self.equality()
    }

    fn binary(&mut self, l: Node, op: &str, r: Node, line: u32) -> Node {
        match op {
            "!=" => {
                let eq = self.call_node(Some(l), "==", vec![r], line);
                node(Kind::Not(Box::new(eq)), line)
            }
            "!~" => {
                let m = self.call_node(Some(l), "=~", vec![r], line);
                node(Kind::Not(Box::new(m)), line)
            }
            _ => self.call_node(Some(l), op, vec![r], line),
        }
    }

    fn call_node(&self, recv: Option<Node>, name: &str, args: Vec<Node>, line: u32) -> Node {
        node(
            Kind::Call(Box::new(Call {
                recv,
                name: Rc::from(name),
                args,
                block: None,
                block_arg: None,
                safe: false,
                vcall: false,
                parens: false,
            })),
            line,
        )
    }

    fn equality(&mut self) -> PResult<Node> {
        let l = self.comparison()?;
        if !matches!(self.peek(), Tok::Op(_)) {
            return Ok(l);
        }
        for op in ["<=>", "==", "===", "!=", "=~", "!~"] {
            if self.is_op(op) {
                let line = self.line();
                self.bump();
                self.skip_newlines();
                let r = self.comparison()?;
                let n = self.binary(l, op, r, line);
                for op2 in ["<=>", "==", "===", "!=", "=~", "!~"] {
                    if self.is_op(op2) {
                        return self.unexpected();
                    }
                }
                return Ok(n);
            }
        }
        Ok(l)
    }

    fn left_assoc(&mut self, ops: &[&str], next: fn(&mut Parser) -> PResult<Node>) -> PResult<Node> {
        let mut l = next(self)?;
        'outer: loop {
            // Most expressions end here: skip the operator comparisons.
            let Tok::Op(cur) = self.peek() else { return Ok(l) };
            if !ops.contains(cur) {
                return Ok(l);
            }
            for op in ops {
                if self.is_op(op) {
                    let line = self.line();
                    self.bump();
                    self.skip_newlines();
                    let r = next(self)?;
                    l = self.binary(l, op, r, line);
                    continue 'outer;
                }
            }
            return Ok(l);
        }
    }

    fn comparison(&mut self) -> PResult<Node> {
        self.left_assoc(&["<=", ">=", "<", ">"], Parser::bitor)
    }
    fn bitor(&mut self) -> PResult<Node> {
        self.left_assoc(&["|", "^"], Parser::bitand)
    }
    fn bitand(&mut self) -> PResult<Node> {
        self.left_assoc(&["&"], Parser::shift)
    }
    fn shift(&mut self) -> PResult<Node> {
        self.left_assoc(&["<<", ">>"], Parser::additive)
    }
    fn additive(&mut self) -> PResult<Node> {
        self.left_assoc(&["+", "-"], Parser::multiplicative)
    }
    fn multiplicative(&mut self) -> PResult<Node> {
        self.left_assoc(&["*", "/", "%"], Parser::unary_minus)
    }

    fn unary_minus(&mut self) -> PResult<Node> {
        let line = self.line();
        if matches!(self.peek(), Tok::UMinus) {
            self.bump();
            let e = self.unary_minus()?;
            return Ok(self.call_node(Some(e), "-@", vec![], line));
        }
        self.pow()
    }

    fn pow(&mut self) -> PResult<Node> {
        let line = self.line();
        let l = self.unary()?;
        if self.is_op("**") {
            self.bump();
            self.skip_newlines();
            // Right associative, and binds tighter than unary minus on its right.
            let r = self.unary_minus()?;
            return Ok(self.call_node(Some(l), "**", vec![r], line));
        }
        Ok(l)
    }

    fn unary(&mut self) -> PResult<Node> {
        self.enter()?;
        let r = self.unary_inner();
        self.depth -= 1;
        r
    }

    fn unary_inner(&mut self) -> PResult<Node> {
        let line = self.line();
        match self.peek() {
            Tok::Op("!") => {
                self.bump();
                let e = self.unary()?;
                // `! cmd arg` is allowed.
                let e = self.command(e)?;
                Ok(node(Kind::Not(Box::new(e)), line))
            }
            Tok::Op("~") => {
                self.bump();
                let e = self.unary()?;
                Ok(self.call_node(Some(e), "~", vec![], line))
            }
            Tok::UPlus => {
                self.bump();
                let e = self.unary()?;
                Ok(self.call_node(Some(e), "+@", vec![], line))
            }
            Tok::UMinus => self.unary_minus(),
            _ => {
                let p = self.primary()?;
                self.postfix(p)
            }
        }
    }

    // ---- primaries and postfix chains

    fn primary(&mut self) -> PResult<Node> {
        let line = self.line();
        let t = self.bump();
        Ok(match t.tok {
            Tok::Int(i) => node(Kind::Int(i), line),
            Tok::Float(f) => node(Kind::Float(f), line),
            Tok::Str(parts) => {
                let mut n = self.string_node(parts, line)?;
                // Adjacent literals concatenate: `"a" "b"`.
                while let Tok::Str(more) = self.peek().clone() {
                    if !self.tok().space_before {
                        break;
                    }
                    self.bump();
                    let m = self.string_node(more, line)?;
                    n = concat_literals(n, m, line);
                }
                n
            }
            Tok::Sym(s) => node(Kind::Sym(Rc::from(s.as_str())), line),
            Tok::DSym(parts) => node(Kind::DSym(self.parts(parts)?), line),
            Tok::Regex(parts, flags) => node(Kind::Regex(self.parts(parts)?, Rc::from(flags.as_str()), Default::default()), line),
            Tok::Words(w, sym) => node(Kind::Words(w.iter().map(|s| Rc::from(s.as_str())).collect(), sym), line),
            Tok::Ivar(name) => node(Kind::Ivar(Rc::from(name.as_str())), line),
            Tok::Gvar(name) => node(Kind::Gvar(Rc::from(name.as_str())), line),
            Tok::Ident(name) => {
                if let Some(slot) = self.lookup_local(&name) {
                    if !matches!(self.peek(), Tok::LParenCall) {
                        return Ok(node(Kind::Local(slot), line));
                    }
                }
                if matches!(self.peek(), Tok::LParenCall) {
                    self.bump();
                    let (args, block_arg) = self.paren_args()?;
                    let call = Call { recv: None, name: Rc::from(name.as_str()), args, block: None, block_arg, safe: false, vcall: false, parens: true };
                    return Ok(node(Kind::Call(Box::new(call)), line));
                }
                let call = Call { recv: None, name: Rc::from(name.as_str()), args: vec![], block: None, block_arg: None, safe: false, vcall: true, parens: false };
                return Ok(node(Kind::Call(Box::new(call)), line));
            }
            Tok::Const(name) => {
                if matches!(self.peek(), Tok::LParenCall) {
                    // `Array(x)`, `Integer(x)`: Kernel methods named like classes.
                    self.bump();
                    let (args, block_arg) = self.paren_args()?;
                    let call = Call { recv: None, name: Rc::from(name.as_str()), args, block: None, block_arg, safe: false, vcall: false, parens: true };
                    return Ok(node(Kind::Call(Box::new(call)), line));
                }
                node(Kind::Const(vec![Rc::from(name.as_str())], false), line)
            }
            Tok::Op("::") => {
                let Tok::Const(name) = self.bump().tok else {
                    return Err(ParseError { message: "syntax error, unexpected '::'".into(), line });
                };
                node(Kind::Const(vec![Rc::from(name.as_str())], true), line)
            }
            Tok::Label(l) => {
                return Err(ParseError { message: format!("syntax error, unexpected label '{l}:'"), line });
            }
            Tok::LParen | Tok::LParenCall => {
                let saved = self.no_do;
                self.no_do = 0;
                let body = self.stmts();
                self.no_do = saved;
                let body = body?;
                if !matches!(self.peek(), Tok::RParen) {
                    return self.unexpected();
                }
                self.bump();
                match body.kind {
                    Kind::Seq(ref v) if v.is_empty() => node(Kind::Nil, line),
                    _ => body,
                }
            }
            Tok::LBrackArray => {
                let saved = self.no_do;
                self.no_do = 0;
                let items = self.list_until(Tok::RBrack);
                self.no_do = saved;
                node(Kind::Array(items?), line)
            }
            Tok::LBraceHash => {
                let saved = self.no_do;
                self.no_do = 0;
                let pairs = self.hash_pairs(Tok::RBrace);
                self.no_do = saved;
                node(Kind::Hash(pairs?), line)
            }
            Tok::Kw(k) => return self.keyword(k, line),
            Tok::Splat => return Err(ParseError { message: "syntax error, unexpected '*'".into(), line }),
            other => return Err(ParseError { message: format!("syntax error, unexpected {}", tok_desc(&other)), line }),
        })
    }

    fn string_node(&mut self, parts: Vec<StrPart>, line: u32) -> PResult<Node> {
        Ok(match parts.as_slice() {
            [] => node(Kind::Str(Rc::from("")), line),
            [StrPart::Lit(s)] => node(Kind::Str(Rc::from(s.as_str())), line),
            _ => node(Kind::DStr(self.parts(parts)?), line),
        })
    }

    fn parts(&mut self, parts: Vec<StrPart>) -> PResult<Vec<Part>> {
        let mut out = Vec::new();
        for p in parts {
            match p {
                StrPart::Lit(s) => out.push(Part::Lit(Rc::from(s.as_str()))),
                StrPart::Code(toks) => {
                    let line = toks.first().map_or(self.line(), |t| t.line);
                    // Parse the interpolated code with the same locals.
                    let saved_toks = std::mem::replace(&mut self.toks, toks);
                    let saved_pos = std::mem::replace(&mut self.pos, 0);
                    let saved_do = std::mem::replace(&mut self.no_do, 0);
                    let r = self.stmts();
                    let at_end = matches!(self.peek(), Tok::Eof);
                    let err = if at_end { None } else { Some(self.unexpected::<()>().unwrap_err()) };
                    self.toks = saved_toks;
                    self.pos = saved_pos;
                    self.no_do = saved_do;
                    let n = r?;
                    if let Some(e) = err {
                        return Err(e);
                    }
                    out.push(Part::Expr(match n.kind {
                        Kind::Seq(ref v) if v.is_empty() => node(Kind::Nil, line),
                        _ => n,
                    }));
                }
            }
        }
        Ok(out)
    }

    fn keyword(&mut self, k: &'static str, line: u32) -> PResult<Node> {
        Ok(match k {
            "nil" => node(Kind::Nil, line),
            "true" => node(Kind::True, line),
            "false" => node(Kind::False, line),
            "self" => node(Kind::SelfRef, line),
            "__LINE__" => node(Kind::Int(line as i64), line),
            "if" | "unless" => {
                let c = self.condition()?;
                let then = self.stmts()?;
                let els = if k == "if" { self.if_tail()? } else {
                    let e = if self.eat_kw("else") { self.stmts()? } else { node(Kind::Nil, line) };
                    self.expect_kw("end")?;
                    e
                };
                if k == "if" {
                    node(Kind::If(Box::new(c), Box::new(then), Box::new(els)), line)
                } else {
                    node(Kind::If(Box::new(c), Box::new(els), Box::new(then)), line)
                }
            }
            "while" | "until" => {
                self.no_do += 1;
                let c = self.expr_stmt();
                self.no_do -= 1;
                let c = c?;
                let c = self.command(c)?;
                self.eat_kw("do");
                self.skip_terms();
                let body = self.stmts()?;
                self.expect_kw("end")?;
                node(Kind::While(Box::new(c), Box::new(body), k == "until"), line)
            }
            "case" => {
                let subject = if matches!(self.peek(), Tok::Newline | Tok::Semi | Tok::Kw("when")) {
                    None
                } else {
                    let s = self.expr_stmt()?;
                    Some(Box::new(s))
                };
                self.skip_terms();
                let mut whens = Vec::new();
                while self.eat_kw("when") {
                    let mut vals = Vec::new();
                    loop {
                        self.skip_newlines();
                        vals.push(self.arg_or_splat()?);
                        if !self.eat_op(",") {
                            break;
                        }
                    }
                    if !self.eat_kw("then") && !matches!(self.peek(), Tok::Newline | Tok::Semi) {
                        return self.unexpected();
                    }
                    let body = self.stmts()?;
                    whens.push((vals, body));
                }
                if whens.is_empty() {
                    return self.err("syntax error, unexpected 'case' without 'when' (case/in pattern matching is not supported)");
                }
                let els = if self.eat_kw("else") { self.stmts()? } else { node(Kind::Nil, line) };
                self.expect_kw("end")?;
                node(Kind::Case(subject, whens, Box::new(els)), line)
            }
            "begin" => {
                let b = self.body_with_rescue(line)?;
                self.expect_kw("end")?;
                b
            }
            "def" => return self.def(line),
            "defined?" => {
                // `defined?(x)`.
                let Tok::LParenCall = self.bump().tok else {
                    return self.err("syntax error, unexpected 'defined?'");
                };
                let e = self.expr_stmt()?;
                if !matches!(self.peek(), Tok::RParen) {
                    return self.unexpected();
                }
                self.bump();
                node(Kind::Defined(Box::new(e)), line)
            }
            "not" => {
                let e = self.expr_stmt()?;
                node(Kind::Not(Box::new(e)), line)
            }
            "return" | "next" | "break" => {
                self.pos -= 1;
                return self.jump();
            }
            other => {
                return Err(ParseError {
                    message: format!("'{other}' is not supported in templates"),
                    line,
                })
            }
        })
    }

    /// The condition of `if`/`unless`/`elsif`, then `then` or a terminator.
    fn condition(&mut self) -> PResult<Node> {
        let c = self.expr_stmt()?;
        if !self.eat_kw("then") {
            if !matches!(self.peek(), Tok::Newline | Tok::Semi | Tok::Text(_) | Tok::InsertStart) {
                return self.unexpected();
            }
        }
        Ok(c)
    }

    fn if_tail(&mut self) -> PResult<Node> {
        let line = self.line();
        if self.eat_kw("elsif") {
            let c = self.condition()?;
            let then = self.stmts()?;
            let els = self.if_tail()?;
            return Ok(node(Kind::If(Box::new(c), Box::new(then), Box::new(els)), line));
        }
        let els = if self.eat_kw("else") { self.stmts()? } else { node(Kind::Nil, line) };
        self.expect_kw("end")?;
        Ok(els)
    }

    /// A body with optional `rescue`/`else`/`ensure` clauses (up to `end`, not consumed).
    fn body_with_rescue(&mut self, line: u32) -> PResult<Node> {
        let body = self.stmts()?;
        let mut rescues = Vec::new();
        while self.eat_kw("rescue") {
            let mut classes = Vec::new();
            let mut var = None;
            while !matches!(self.peek(), Tok::Newline | Tok::Semi | Tok::Kw("then") | Tok::Op("=>")) {
                classes.push(self.arg()?);
                if !self.eat_op(",") {
                    break;
                }
                self.skip_newlines();
            }
            if self.eat_op("=>") {
                let t = self.primary()?;
                var = Some(match self.to_target(t) {
                    Ok(t) => t,
                    Err(_) => return self.err("syntax error, bad rescue variable"),
                });
            }
            self.eat_kw("then");
            let b = self.stmts()?;
            rescues.push(Rescue { classes, var, body: b });
        }
        let else_ = if self.eat_kw("else") { Some(self.stmts()?) } else { None };
        let ensure = if self.eat_kw("ensure") { Some(self.stmts()?) } else { None };
        if rescues.is_empty() && else_.is_none() && ensure.is_none() {
            return Ok(body);
        }
        Ok(node(Kind::Begin(Box::new(Begin { body, rescues, else_, ensure })), line))
    }

    fn def(&mut self, line: u32) -> PResult<Node> {
        let name = match self.bump().tok {
            Tok::Ident(n) => n,
            Tok::Kw("self") => return self.err("'def self.' is not supported in templates"),
            other => return Err(ParseError { message: format!("syntax error, unexpected {}", tok_desc(&other)), line }),
        };
        self.frames.push(Frame { scopes: vec![HashMap::new()], next_slot: 0 });
        let r = (|| {
            let params = if matches!(self.peek(), Tok::LParenCall | Tok::LParen) {
                self.bump();
                let ps = self.param_list(&Tok::RParen)?;
                self.bump();
                ps
            } else if matches!(self.peek(), Tok::Ident(_)) {
                self.param_list(&Tok::Newline)?
            } else {
                Vec::new()
            };
            let body = self.body_with_rescue(line)?;
            self.expect_kw("end")?;
            Ok((params, body))
        })();
        let frame = self.frames.pop().expect("def frame");
        let (params, body) = r?;
        Ok(node(Kind::Def(Rc::new(Def { name: Rc::from(name.as_str()), params, nslots: frame.next_slot, body })), line))
    }

    /// Parameters up to `close` (not consumed).
    fn param_list(&mut self, close: &Tok) -> PResult<Vec<Param>> {
        let mut params = Vec::new();
        loop {
            self.skip_newlines();
            if self.peek() == close || (matches!(close, Tok::Newline) && matches!(self.peek(), Tok::Semi)) {
                break;
            }
            params.push(self.param()?);
            self.skip_newlines_unless(close);
            if !self.eat_op(",") {
                break;
            }
        }
        if self.peek() != close && !(matches!(close, Tok::Newline) && matches!(self.peek(), Tok::Semi)) {
            return self.unexpected();
        }
        Ok(params)
    }

    fn skip_newlines_unless(&mut self, close: &Tok) {
        if !matches!(close, Tok::Newline) {
            self.skip_newlines();
        }
    }

    fn param(&mut self) -> PResult<Param> {
        match self.bump().tok {
            Tok::Ident(n) => {
                let slot = self.declare_param(&n);
                if self.eat_op("=") {
                    let d = self.arg()?;
                    return Ok(Param::Opt(slot, d));
                }
                Ok(Param::Req(slot))
            }
            Tok::Label(n) => Err(ParseError { message: format!("keyword parameter '{n}:' is not supported"), line: self.line() }),
            Tok::Splat | Tok::Op("*") => {
                let Tok::Ident(n) = self.bump().tok else {
                    return self.err("anonymous rest parameters are not supported");
                };
                Ok(Param::Rest(self.declare_param(&n)))
            }
            Tok::BlockArg | Tok::Op("&") => {
                let Tok::Ident(n) = self.bump().tok else {
                    return self.err("anonymous block parameters are not supported");
                };
                Ok(Param::Block(self.declare_param(&n)))
            }
            Tok::LParen | Tok::LParenCall => {
                let mut inner = Vec::new();
                loop {
                    inner.push(self.param()?);
                    if !self.eat_op(",") {
                        break;
                    }
                }
                if !matches!(self.peek(), Tok::RParen) {
                    return self.unexpected();
                }
                self.bump();
                Ok(Param::Nested(inner))
            }
            other => Err(ParseError { message: format!("syntax error, unexpected {}", tok_desc(&other)), line: self.line() }),
        }
    }

    /// Arguments inside `(...)` (the `(` consumed), up to and including `)`.
    fn paren_args(&mut self) -> PResult<(Vec<Node>, Option<Node>)> {
        let saved = self.no_do;
        self.no_do = 0;
        let r = self.arg_list(true);
        self.no_do = saved;
        let r = r?;
        self.skip_newlines();
        if !matches!(self.peek(), Tok::RParen) {
            return self.err(format!("syntax error, unexpected {}, expecting ')'", tok_desc(self.peek())));
        }
        self.bump();
        Ok(r)
    }

    /// Call arguments: expressions, `*splat`, `&block`, and trailing
    /// `key => value` / `key: value` pairs collected into one hash.
    fn arg_list(&mut self, parens: bool) -> PResult<(Vec<Node>, Option<Node>)> {
        let mut args = Vec::new();
        let mut pairs: Vec<(Node, Node)> = Vec::new();
        let mut block_arg = None;
        let pairs_line = self.line();
        loop {
            if parens {
                self.skip_newlines();
                if matches!(self.peek(), Tok::RParen) {
                    break;
                }
            }
            let line = self.line();
            match self.peek().clone() {
                Tok::BlockArg => {
                    self.bump();
                    block_arg = Some(self.arg()?);
                }
                Tok::Splat => {
                    self.bump();
                    let e = self.arg()?;
                    args.push(node(Kind::Splat(Box::new(e)), line));
                }
                Tok::Label(l) => {
                    self.bump();
                    self.skip_newlines();
                    let v = self.arg()?;
                    pairs.push((node(Kind::Sym(Rc::from(l.as_str())), line), v));
                }
                _ => {
                    let e = self.arg()?;
                    if self.eat_op("=>") {
                        self.skip_newlines();
                        let v = self.arg()?;
                        pairs.push((e, v));
                    } else {
                        if !pairs.is_empty() {
                            return self.err("syntax error, positional argument after keyword arguments");
                        }
                        // `foo(bar baz)` is not Ruby; a command only as the single argument.
                        let e = if parens && args.is_empty() && matches!(self.peek_at(0), Tok::Str(_) | Tok::Int(_) | Tok::Ivar(_)) && self.tok().space_before {
                            self.command(e)?
                        } else {
                            e
                        };
                        args.push(e);
                    }
                }
            }
            if !self.eat_op(",") {
                break;
            }
            if !parens {
                self.skip_newlines();
            }
        }
        if !pairs.is_empty() {
            args.push(node(Kind::Hash(pairs), pairs_line));
        }
        Ok((args, block_arg))
    }

    /// Elements of an array literal up to `close` (consumed).
    fn list_until(&mut self, close: Tok) -> PResult<Vec<Node>> {
        let mut items = Vec::new();
        let mut pairs: Vec<(Node, Node)> = Vec::new();
        let line = self.line();
        loop {
            self.skip_newlines();
            if *self.peek() == close {
                break;
            }
            if let Tok::Label(l) = self.peek().clone() {
                let l_line = self.line();
                self.bump();
                self.skip_newlines();
                let v = self.arg()?;
                pairs.push((node(Kind::Sym(Rc::from(l.as_str())), l_line), v));
            } else {
                let e = self.arg_or_splat()?;
                if self.eat_op("=>") {
                    self.skip_newlines();
                    let v = self.arg()?;
                    pairs.push((e, v));
                } else {
                    items.push(e);
                }
            }
            self.skip_newlines();
            if !self.eat_op(",") {
                break;
            }
        }
        self.skip_newlines();
        if *self.peek() != close {
            return self.err(format!("syntax error, unexpected {}, expecting {}", tok_desc(self.peek()), tok_desc(&close)));
        }
        self.bump();
        if !pairs.is_empty() {
            items.push(node(Kind::Hash(pairs), line));
        }
        Ok(items)
    }

    fn hash_pairs(&mut self, close: Tok) -> PResult<Vec<(Node, Node)>> {
        let mut pairs = Vec::new();
        loop {
            self.skip_newlines();
            if *self.peek() == close {
                break;
            }
            let line = self.line();
            if let Tok::Label(l) = self.peek().clone() {
                self.bump();
                self.skip_newlines();
                let v = self.arg()?;
                pairs.push((node(Kind::Sym(Rc::from(l.as_str())), line), v));
            } else {
                let k = self.arg()?;
                self.skip_newlines();
                self.expect_op("=>")?;
                self.skip_newlines();
                let v = self.arg()?;
                pairs.push((k, v));
            }
            self.skip_newlines();
            if !self.eat_op(",") {
                break;
            }
        }
        self.skip_newlines();
        if *self.peek() != close {
            return self.err(format!("syntax error, unexpected {}, expecting '}}'", tok_desc(self.peek())));
        }
        self.bump();
        Ok(pairs)
    }

    fn attach_block(&mut self, n: Node) -> PResult<Node> {
        let line = self.line();
        let Kind::Call(mut call) = n.kind else {
            return self.err("syntax error, a block needs a method call");
        };
        if call.block.is_some() || call.block_arg.is_some() {
            return self.err("both block arg and actual block given");
        }
        let is_brace = matches!(self.peek(), Tok::LBraceBlock);
        self.bump();
        let b = self.block(is_brace)?;
        call.vcall = false;
        call.block = Some(Rc::new(b));
        let _ = line;
        Ok(node(Kind::Call(call), n.line))
    }

    /// A block body after `{` or `do` (consumed), through `}` or `end`.
    fn block(&mut self, brace: bool) -> PResult<Block> {
        let start_slot = self.frames.last().expect("frame").next_slot;
        self.frames.last_mut().expect("frame").scopes.push(HashMap::new());
        let r = (|| {
            let mut params = Vec::new();
            let mut spreads = false;
            if self.eat_op("|") {
                loop {
                    if self.is_op("|") {
                        // `|a, |`: a trailing comma spreads the argument.
                        spreads = true;
                        break;
                    }
                    params.push(self.param()?);
                    if !self.eat_op(",") {
                        break;
                    }
                }
                if !self.eat_op("|") {
                    return self.unexpected();
                }
            } else if self.is_op("||") {
                self.bump();
            }
            spreads = spreads || params.len() > 1 || params.iter().any(|p| matches!(p, Param::Rest(_)));
            let saved = self.no_do;
            self.no_do = 0;
            let body = if brace { self.stmts() } else { self.body_with_rescue(self.line()) };
            self.no_do = saved;
            let body = body?;
            if brace {
                if !matches!(self.peek(), Tok::RBrace) {
                    return self.err(format!("syntax error, unexpected {}, expecting '}}'", tok_desc(self.peek())));
                }
                self.bump();
            } else {
                self.expect_kw("end")?;
            }
            Ok((params, body, spreads))
        })();
        self.frames.last_mut().expect("frame").scopes.pop();
        let end_slot = self.frames.last().expect("frame").next_slot;
        let (params, body, spreads) = r?;
        Ok(Block { params, slots: start_slot..end_slot, body, spreads })
    }

    /// Method calls, indexing, `::` and blocks after a primary.
    fn postfix(&mut self, mut n: Node) -> PResult<Node> {
        loop {
            let line = self.line();
            match self.peek() {
                Tok::Op(".") | Tok::Op("&.") => {
                    let safe = self.is_op("&.");
                    self.bump();
                    self.skip_newlines();
                    let name = match self.bump().tok {
                        Tok::Ident(m) => m,
                        Tok::Const(m) => m,
                        Tok::Kw(k) => k.to_string(),
                        Tok::LParenCall | Tok::LParen => {
                            // `x.(args)` is `x.call(args)`.
                            self.pos -= 1;
                            "call".to_string()
                        }
                        Tok::Op(op) if ["<<", "+", "-", "*", "/", "%", "==", "<", ">", "<=", ">=", "<=>", "[]", "!"].contains(&op) => op.to_string(),
                        other => return Err(ParseError { message: format!("syntax error, unexpected {}", tok_desc(&other)), line }),
                    };
                    let (args, block_arg, parens) = if matches!(self.peek(), Tok::LParenCall) && !self.tok().space_before {
                        self.bump();
                        let (a, b) = self.paren_args()?;
                        (a, b, true)
                    } else if matches!(self.peek(), Tok::LParenCall) {
                        self.bump();
                        let (a, b) = self.paren_args()?;
                        (a, b, true)
                    } else {
                        (Vec::new(), None, false)
                    };
                    let call = Call { recv: Some(n), name: Rc::from(name.as_str()), args, block: None, block_arg, safe, vcall: false, parens };
                    n = node(Kind::Call(Box::new(call)), line);
                }
                Tok::Op("::") => {
                    self.bump();
                    match self.bump().tok {
                        Tok::Const(c) if !matches!(self.peek(), Tok::LParenCall) => {
                            n = match n.kind {
                                Kind::Const(mut path, top) => {
                                    path.push(Rc::from(c.as_str()));
                                    node(Kind::Const(path, top), n.line)
                                }
                                _ => return Err(ParseError { message: "'::' is only supported between constant names".into(), line }),
                            };
                        }
                        Tok::Const(m) | Tok::Ident(m) => {
                            let (args, block_arg) = if matches!(self.peek(), Tok::LParenCall) {
                                self.bump();
                                self.paren_args()?
                            } else {
                                (Vec::new(), None)
                            };
                            let call = Call { recv: Some(n), name: Rc::from(m.as_str()), args, block: None, block_arg, safe: false, vcall: false, parens: true };
                            n = node(Kind::Call(Box::new(call)), line);
                        }
                        other => return Err(ParseError { message: format!("syntax error, unexpected {}", tok_desc(&other)), line }),
                    }
                }
                Tok::LBrackIndex => {
                    self.bump();
                    let saved = self.no_do;
                    self.no_do = 0;
                    let args = self.list_until(Tok::RBrack);
                    self.no_do = saved;
                    let args = args?;
                    let call = Call { recv: Some(n), name: Rc::from("[]"), args, block: None, block_arg: None, safe: false, vcall: false, parens: false };
                    n = node(Kind::Call(Box::new(call)), line);
                }
                Tok::LBraceBlock => {
                    if !matches!(n.kind, Kind::Call(_)) {
                        return self.unexpected();
                    }
                    n = self.attach_block(n)?;
                }
                Tok::Kw("do") if self.no_do == 0 && matches!(n.kind, Kind::Call(_)) => {
                    n = self.attach_block(n)?;
                }
                _ => return Ok(n),
            }
        }
    }

}

/// `"a" "b"`: one literal.
fn concat_literals(a: Node, b: Node, line: u32) -> Node {
    let mut parts = Vec::new();
    for n in [a, b] {
        match n.kind {
            Kind::Str(s) => parts.push(Part::Lit(s)),
            Kind::DStr(p) => parts.extend(p),
            _ => {}
        }
    }
    node(Kind::DStr(parts), line)
}
