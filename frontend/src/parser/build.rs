//! AST construction helpers for the grammar's actions: the equivalent of
//! Puppet's `Model::Factory` and `Parser::ParserSupport` (statement calls,
//! resource shapes, literal numbers, interpolation rewriting, type aliases).

use std::borrow::Cow;
use std::cell::RefCell;

use lalrpop_util::ParseError;
use num_bigint::BigInt;

use crate::ast::*;
use crate::diagnostic::codes;
use crate::lexer::{LexError, Tok};
use crate::source::Span;

pub type PResult<'a, T> = Result<T, ParseError<usize, Tok<'a>, LexError>>;

#[inline]
pub fn sp(lo: usize, hi: usize) -> Span {
    Span::new(lo, hi)
}

#[inline]
pub fn bx(span: Span, kind: ExprKind) -> Box<Expr> {
    boxed(Expr::new(span, kind))
}

// The parser's stack holds boxed nodes, while lists and entries hold their
// nodes inline, so each list element, entry, attribute value and statement
// empties a box when it is stored. Those boxes are kept (a few per thread)
// and reused for the next nodes, which then cost no allocation, and the
// emptied ones no free.
thread_local! {
    static SPARE_BOXES: RefCell<Vec<Box<Expr>>> = const { RefCell::new(Vec::new()) };
}
/// Enough for the boxes emptied by one reduction (the longest list action
/// empties two).
const MAX_SPARE_BOXES: usize = 16;

/// Boxes a node, in a spare box when there is one.
#[inline]
pub fn boxed(e: Expr) -> Box<Expr> {
    match SPARE_BOXES.with(|s| s.borrow_mut().pop()) {
        Some(mut b) => {
            // The spare box holds a `Nop`, which owns nothing.
            std::mem::forget(std::mem::replace(&mut *b, e));
            b
        }
        None => Box::new(e),
    }
}

/// Moves a node out of its box (`*b`), keeping the box for [`boxed`].
#[inline]
pub fn unbox(mut b: Box<Expr>) -> Expr {
    let e = std::mem::replace(&mut *b, Expr::new(Span::default(), ExprKind::Nop));
    SPARE_BOXES.with(|s| {
        let mut s = s.borrow_mut();
        if s.len() < MAX_SPARE_BOXES {
            s.push(b);
        }
    });
    e
}

#[cold]
pub fn user_error<'a, T>(message: impl Into<String>, offset: Option<usize>) -> PResult<'a, T> {
    Err(ParseError::User { error: LexError { code: codes::PARSE_ERROR, message: message.into(), offset } })
}

/// A binary operator with the span of its token (where Puppet locates the
/// expression).
#[derive(Copy, Clone, Debug)]
pub enum BinOp {
    Arith(ArithOp),
    Cmp(CmpOp),
    Match(MatchOp),
    In,
    And,
    Or,
}

pub fn binary(left: Box<Expr>, op: (BinOp, Span), right: Box<Expr>) -> Box<Expr> {
    bx(op.1, binary_kind(left, op.0, right))
}

#[inline]
fn binary_kind(left: Box<Expr>, op: BinOp, right: Box<Expr>) -> ExprKind {
    match op {
        BinOp::Arith(op) => ExprKind::Arithmetic { op, left, right },
        BinOp::Cmp(op) => ExprKind::Comparison { op, left, right },
        BinOp::Match(op) => ExprKind::Match { op, left, right },
        BinOp::In => ExprKind::In { left, right },
        BinOp::And => ExprKind::And { left, right },
        BinOp::Or => ExprKind::Or { left, right },
    }
}

impl BinOp {
    /// The binding strength of the operators of the chain (`<` .. `in`),
    /// loosest first, as in Puppet's precedence table.
    #[inline]
    fn chain_level(self) -> u8 {
        match self {
            BinOp::Cmp(CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge) => 1,
            BinOp::Cmp(CmpOp::Eq | CmpOp::Ne) => 2,
            BinOp::Arith(ArithOp::Shl | ArithOp::Shr) => 3,
            BinOp::Arith(ArithOp::Add | ArithOp::Sub) => 4,
            BinOp::Arith(ArithOp::Mul | ArithOp::Div | ArithOp::Mod) => 5,
            BinOp::Match(_) => 6,
            BinOp::In => 7,
            // Not in the chain (looser than all of it).
            BinOp::And | BinOp::Or => 0,
        }
    }
}

/// The binding strength of a binary node built by [`Chain`].
fn node_level(e: &Expr) -> u8 {
    let op = match &e.kind {
        ExprKind::Comparison { op, .. } => BinOp::Cmp(*op),
        ExprKind::Arithmetic { op, .. } => BinOp::Arith(*op),
        ExprKind::Match { op, .. } => BinOp::Match(*op),
        ExprKind::In { .. } => BinOp::In,
        _ => return u8::MAX,
    };
    op.chain_level()
}

/// The right operand of a binary node built by [`Chain`].
fn right_mut(e: &mut Expr) -> &mut Box<Expr> {
    match &mut e.kind {
        ExprKind::Comparison { right, .. }
        | ExprKind::Arithmetic { right, .. }
        | ExprKind::Match { right, .. }
        | ExprKind::In { right, .. } => right,
        _ => unreachable!("only binary nodes are on a chain's spine"),
    }
}

/// A chain of left-associative binary operations of several precedence
/// levels, `a op b op c ...`, kept as the tree it stands for so far.
///
/// Invariant: the top `spine` nodes on the tree's right spine are binary
/// nodes built by the chain, each binding strictly tighter than its parent;
/// below them is an operand (which is never descended into, whatever it is).
/// An operator is placed by walking down the spine past the nodes that bind
/// looser than it, which yields exactly the tree of one grammar level per
/// precedence level.
pub struct Chain {
    expr: Box<Expr>,
    spine: u8,
}

impl Chain {
    #[inline]
    pub fn new(operand: Box<Expr>) -> Chain {
        Chain { expr: operand, spine: 0 }
    }

    pub fn push(&mut self, op: (BinOp, Span), right: Box<Expr>) {
        let level = op.0.chain_level();
        let mut node = &mut self.expr;
        let mut depth = 0;
        while depth < self.spine && node_level(node) < level {
            node = right_mut(node);
            depth += 1;
        }
        // `node` becomes the left operand of the new operation, which takes
        // its place (reusing its box).
        let left = std::mem::replace(&mut **node, Expr::new(op.1, ExprKind::Nop));
        **node = Expr::new(op.1, binary_kind(boxed(left), op.0, right));
        self.spine = depth + 1;
    }

    #[inline]
    pub fn finish(self) -> Box<Expr> {
        self.expr
    }
}

/// The start of a list that the grammar grows by pushing: room for a few
/// elements at once (`vec![x]` would reallocate on the second push).
#[inline]
pub fn one<T>(x: T) -> Vec<T> {
    let mut v = Vec::with_capacity(4);
    v.push(x);
    v
}

/// One syntactic statement: an expression, or a comma-separated list of
/// them (only valid as the arguments of a statement call).
pub enum SynStmt {
    Single(Box<Expr>),
    List { items: Vec<Expr>, first_comma: usize },
}

impl SynStmt {
    pub fn push(self, comma: usize, e: Box<Expr>) -> SynStmt {
        match self {
            SynStmt::Single(first) => SynStmt::List { items: vec![unbox(first), unbox(e)], first_comma: comma },
            SynStmt::List { mut items, first_comma } => {
                items.push(unbox(e));
                SynStmt::List { items, first_comma }
            }
        }
    }
}

/// The functions that may be called without parentheses.
const STATEMENT_CALLS: &[&str] = &[
    "require", "realize", "include", "contain", "tag", "debug", "info", "notice", "warning", "err", "fail",
    "import", "break", "next", "return",
];

fn is_statement_call_name(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::QualifiedName(n) if STATEMENT_CALLS.contains(&n.as_str()) => Some(n),
        _ => None,
    }
}

/// Puppet's `transform_calls`: a statement-call name followed by an
/// expression (or a comma list) becomes a call with those arguments.
pub fn transform_calls<'a>(stmts: Vec<SynStmt>) -> PResult<'a, Vec<Expr>> {
    let mut memo: Vec<Expr> = Vec::with_capacity(stmts.len());
    for s in stmts {
        let is_call = memo.last().is_some_and(|m| is_statement_call_name(m).is_some());
        if is_call {
            let name = memo.pop().unwrap_or_else(|| Expr::new(Span::default(), ExprKind::Nop));
            let args: Vec<Expr> = match s {
                SynStmt::Single(e) => vec![unbox(e)],
                SynStmt::List { items, .. } => items,
            };
            let hi = args.last().map(|a| a.span.hi).unwrap_or(name.span.hi);
            let span = Span { lo: name.span.lo, hi: hi.max(name.span.lo) };
            memo.push(Expr::new(
                span,
                ExprKind::CallNamedFunction(Call { functor: boxed(name), args, lambda: None, rval_required: false }),
            ));
            continue;
        }
        match s {
            SynStmt::List { first_comma, .. } => {
                let msg = match memo.last().map(|e| &e.kind) {
                    Some(ExprKind::QualifiedName(n)) => format!(
                        "attempt to pass argument list to the function '{n}' which cannot be called without parentheses"
                    ),
                    _ => "illegal comma separated argument list".to_string(),
                };
                return user_error(msg, Some(first_comma));
            }
            SynStmt::Single(mut e) => {
                if let ExprKind::CallNamedFunction(c) = &mut e.kind {
                    c.rval_required = false;
                }
                memo.push(unbox(e));
            }
        }
    }
    Ok(memo)
}

/// Puppet's `block_or_expression`: one statement stands alone, several make
/// a block (located at the braces when given).
pub fn block_or_expression(mut stmts: Vec<Expr>, braces: Option<Span>) -> Option<Box<Expr>> {
    match stmts.len() {
        0 => None,
        1 => stmts.pop().map(boxed),
        _ => {
            let span = braces.unwrap_or_else(|| stmts[0].span.to(stmts[stmts.len() - 1].span));
            Some(bx(span, ExprKind::Block(stmts)))
        }
    }
}

/// Puppet's `f_build_body`: the body of a definition, lambda or case option
/// is always a block (unpositioned: it takes its container's start).
pub fn body(stmts: Option<Vec<Expr>>, container_lo: usize) -> Option<Box<Expr>> {
    stmts.filter(|s| !s.is_empty()).map(|s| bx(sp(container_lo, container_lo), ExprKind::Block(s)))
}

/// A literal number, as `Utils.to_n_with_radix` reads it.
pub fn number<'a>(text: &str, lo: usize, hi: usize) -> PResult<'a, Box<Expr>> {
    let span = sp(lo, hi);
    let b = text.as_bytes();
    let is_hex = b.len() > 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X');
    let is_float = !is_hex && b.iter().any(|&c| c == b'.' || c == b'e' || c == b'E');
    if is_float {
        // Puppet refuses a zero mantissa with an exponent (0.0e1) and
        // infinite values.
        let int_part: String = text.chars().take_while(|c| c.is_ascii_digit()).collect();
        let rest = &text[int_part.len()..];
        let zero_exp = int_part.bytes().all(|c| c == b'0') && {
            let r = rest.strip_prefix('.').unwrap_or(rest);
            let r = r.trim_start_matches('0');
            r.starts_with(['e', 'E'])
        };
        let value: f64 = text.parse().unwrap_or(f64::INFINITY);
        if zero_exp || value.is_infinite() {
            return user_error(format!("Internal Error, NUMBER token does not contain a valid number, {text}"), Some(lo));
        }
        return Ok(bx(span, ExprKind::Float(value)));
    }
    let (digits, radix) = if is_hex {
        (&text[2..], 16)
    } else if b.len() > 1 && b[0] == b'0' {
        (&text[1..], 8)
    } else {
        (text, 10)
    };
    let value = match i64::from_str_radix(digits, radix) {
        Ok(v) => IntValue::Small(v),
        Err(_) => match BigInt::parse_bytes(digits.as_bytes(), radix) {
            Some(big) => IntValue::Big(Box::new(big)),
            None => {
                return user_error(
                    format!("Internal Error, NUMBER token does not contain a valid number, {text}"),
                    Some(lo),
                );
            }
        },
    };
    Ok(bx(span, ExprKind::Integer { value, radix: radix as u8 }))
}

pub fn string(s: Cow<'_, str>, lo: usize, hi: usize) -> Box<Expr> {
    bx(sp(lo, hi), ExprKind::String(s.into()))
}

/// Builds `"..."` from its parts; empty literal segments are dropped.
pub fn concat(parts: Vec<Expr>, span: Span) -> Box<Expr> {
    let segments = parts.into_iter().filter(|p| !matches!(&p.kind, ExprKind::String(s) if s.is_empty())).collect();
    bx(span, ExprKind::ConcatenatedString(segments))
}

/// Puppet's `TEXT(expr)` with its interpolation rewrite: `${x}`, `${x[0]}`,
/// `${x.m}` refer to the variable `x` (the lexer already did this for most
/// forms; this handles nested accesses and method calls).
pub fn text(e: Box<Expr>, container_lo: usize) -> Expr {
    Expr::new(sp(container_lo, container_lo), ExprKind::Text(interpolate(e)))
}

fn interpolate(mut e: Box<Expr>) -> Box<Expr> {
    match &mut e.kind {
        ExprKind::QualifiedName(_) => to_var(e),
        ExprKind::Integer { .. } => to_var(e),
        ExprKind::Access { left, .. } | ExprKind::NamedAccess { left, .. } => {
            if rewriteable(left) {
                let l = std::mem::replace(left, bx(Span::default(), ExprKind::Nop));
                *left = interpolate(l);
            }
            e
        }
        ExprKind::CallMethod(c) => {
            if rewriteable(&c.functor) {
                let f = std::mem::replace(&mut c.functor, bx(Span::default(), ExprKind::Nop));
                c.functor = interpolate(f);
            }
            e
        }
        _ => e,
    }
}

fn rewriteable(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Access { .. } | ExprKind::QualifiedName(_) | ExprKind::NamedAccess { .. } | ExprKind::CallMethod(_) => {
            true
        }
        ExprKind::Integer { radix, .. } => *radix == 10,
        _ => false,
    }
}

fn to_var(e: Box<Expr>) -> Box<Expr> {
    let name = match &e.kind {
        ExprKind::QualifiedName(n) => n.clone(),
        ExprKind::Integer { value: IntValue::Small(v), .. } => v.to_string().into(),
        ExprKind::Integer { value: IntValue::Big(v), .. } => v.to_string().into(),
        _ => return e,
    };
    bx(e.span, ExprKind::Variable(name))
}

/// What the left side of `left { ... }` (without titles) declares.
enum Shape {
    Resource,
    Defaults,
    Override,
    Error,
}

fn resource_shape(e: &Expr) -> Shape {
    match &e.kind {
        ExprKind::QualifiedName(_) => Shape::Resource,
        ExprKind::QualifiedReference(_) => Shape::Defaults,
        ExprKind::Access { left, keys } => match &left.kind {
            ExprKind::QualifiedReference(n) if n.eq_ignore_ascii_case("resource") && keys.len() == 1 => {
                Shape::Defaults
            }
            _ => Shape::Override,
        },
        _ => Shape::Error,
    }
}

/// `left { attr => value, ... }` without a title: resource defaults, an
/// override, or (for a lower-case name) a call with a hash or an error.
pub fn untitled_resource<'a>(
    left: Box<Expr>,
    ops: Vec<AttributeOp>,
    lbrace: Span,
    rbrace: Span,
) -> PResult<'a, Box<Expr>> {
    let span = left.span.to(rbrace);
    match resource_shape(&left) {
        Shape::Resource => {
            let mut entries = Vec::with_capacity(ops.len());
            for op in ops {
                match op {
                    AttributeOp::Set { append: true, .. } => {
                        return user_error("Syntax error resource body without title or hash with +>", Some(lbrace.lo as usize));
                    }
                    AttributeOp::Set { name, value, .. } => {
                        let hash_lo = lbrace.lo;
                        entries.push(KeyedEntry {
                            span: sp(hash_lo as usize, hash_lo as usize),
                            key: Expr::new(sp(hash_lo as usize, hash_lo as usize), ExprKind::String(name)),
                            value,
                        });
                    }
                    AttributeOp::Splat { span, .. } => {
                        return user_error("Syntax error resource body without title or hash with +>", Some(span.lo as usize));
                    }
                }
            }
            let hash = Expr::new(lbrace.to(rbrace), ExprKind::LiteralHash { entries, unfolded: false });
            let stmts = transform_calls(vec![SynStmt::Single(left), SynStmt::Single(boxed(hash))])?;
            let mut result = block_or_expression(stmts, None).unwrap_or_else(|| bx(span, ExprKind::Nop));
            result.span = span;
            Ok(result)
        }
        Shape::Defaults => {
            Ok(bx(span, ExprKind::ResourceDefaults { form: ResourceForm::Regular, type_ref: left, operations: ops }))
        }
        Shape::Override => {
            Ok(bx(span, ExprKind::ResourceOverride { form: ResourceForm::Regular, resources: left, operations: ops }))
        }
        Shape::Error => user_error(
            "Expression is not valid as a resource, resource-default, or resource-override",
            Some(left.span.lo as usize),
        ),
    }
}

/// `@res` / `@@res`: only a resource expression can be virtual or exported.
pub fn set_form<'a>(mut e: Box<Expr>, form: ResourceForm, at: Span) -> PResult<'a, Box<Expr>> {
    match &mut e.kind {
        ExprKind::Resource { form: f, .. }
        | ExprKind::ResourceDefaults { form: f, .. }
        | ExprKind::ResourceOverride { form: f, .. } => {
            *f = form;
            e.span = at.to(e.span);
            Ok(e)
        }
        _ => {
            let msg = if form == ResourceForm::Virtual {
                "Virtual (@) can only be applied to a Resource Expression"
            } else {
                "Exported (@@) can only be applied to a Resource Expression"
            };
            user_error(msg, Some(at.lo as usize))
        }
    }
}

/// Arguments: adjacent `k => v` arguments merge into one unfolded hash.
pub fn push_argument(args: &mut Vec<Expr>, arg: Expr) {
    if let ExprKind::LiteralHash { entries: new_entries, unfolded: true } = &arg.kind {
        if let Some(Expr { kind: ExprKind::LiteralHash { entries, unfolded: true }, .. }) = args.last_mut() {
            entries.extend(new_entries.iter().cloned());
            return;
        }
    }
    args.push(arg);
}

/// A `k => v` in an argument list or array: an unfolded hash located at the
/// `=>`.
pub fn unfolded_hash(pair: Pair) -> Expr {
    let entry = keyed_entry(pair);
    Expr::new(entry.span, ExprKind::LiteralHash { entries: vec![entry], unfolded: true })
}

// The parser keeps every intermediate value in one stack-symbol enum, and
// every shift and reduce moves a whole symbol, so the grammar's values are
// kept at most 40 bytes: the large AST entry types are built only when they
// are pushed into their vectors.

/// `key => value` (a hash entry or selector entry), located at the `=>`.
pub type Pair = (Span, Box<Expr>, Box<Expr>);

#[inline]
pub fn keyed_entry((span, key, value): Pair) -> KeyedEntry {
    KeyedEntry { span, key: unbox(key), value: unbox(value) }
}

#[inline]
pub fn sel_entry((span, matching, value): Pair) -> SelectorEntry {
    SelectorEntry { span, matching: unbox(matching), value: unbox(value) }
}

/// An attribute operation as the grammar builds it (inlined into the list
/// that holds it, so never a stack symbol). `name` is `None` for `* => hash`.
pub struct AttrOpSyn {
    pub span: Span,
    pub name: Option<CompactString>,
    pub append: bool,
    pub value: Box<Expr>,
}

impl From<AttrOpSyn> for AttributeOp {
    #[inline]
    fn from(o: AttrOpSyn) -> AttributeOp {
        match o.name {
            Some(name) => AttributeOp::Set { span: o.span, name, append: o.append, value: unbox(o.value) },
            None => AttributeOp::Splat { span: o.span, value: unbox(o.value) },
        }
    }
}

/// Puppet's `TYPE_ASSIGNMENT`: `type X = ...` is an alias; `type X[..] = ...`
/// a type mapping. `type X = Parent {..}` and `type X = {..}` become
/// `Object[{..}]`.
pub enum AliasRhs {
    Expr(Box<Expr>),
    /// `Parent { ... }`
    Keyed(Box<Expr>, Box<Expr>),
}

pub fn type_assignment(lhs: Box<Expr>, rhs: AliasRhs, span: Span) -> Box<Expr> {
    let type_expr = match rhs {
        AliasRhs::Expr(e) => match e.kind {
            ExprKind::LiteralHash { .. } => object_type(e, span),
            _ => e,
        },
        AliasRhs::Keyed(parent, mut hash) => {
            let pn = match &parent.kind {
                ExprKind::QualifiedReference(n) => n.clone(),
                _ => CompactString::default(),
            };
            if pn == "Object" || pn == "TypeSet" {
                let s = parent.span;
                bx(s, ExprKind::Access { left: parent, keys: vec![*hash] })
            } else {
                if let ExprKind::LiteralHash { entries, .. } = &mut hash.kind {
                    let z = sp(span.lo as usize, span.lo as usize);
                    entries.push(KeyedEntry {
                        span: z,
                        key: Expr::new(z, ExprKind::QualifiedName("parent".into())),
                        value: *parent,
                    });
                }
                object_type(hash, span)
            }
        }
    };
    match lhs.kind {
        ExprKind::Access { .. } => bx(span, ExprKind::TypeMapping { type_expr: lhs, mapping_expr: type_expr }),
        ExprKind::QualifiedReference(name) => bx(span, ExprKind::TypeAlias { name, type_expr }),
        _ => bx(span, ExprKind::TypeMapping { type_expr: lhs, mapping_expr: type_expr }),
    }
}

fn object_type(hash: Box<Expr>, span: Span) -> Box<Expr> {
    let z = sp(span.lo as usize, span.lo as usize);
    bx(z, ExprKind::Access { left: bx(z, ExprKind::QualifiedReference("Object".into())), keys: vec![*hash] })
}

/// A definition name token (`classname` in the grammar).
pub fn classname<'a>(tok: Tok<'a>, lo: usize) -> PResult<'a, CompactString> {
    match tok {
        Tok::Name(s) | Tok::Word(s) | Tok::ClassRef(s) => Ok(s.into()),
        Tok::Class => user_error("'class' keyword not allowed at this location", Some(lo)),
        _ => user_error("A quoted string is not valid as a name here", Some(lo)),
    }
}

/// A parameter, located at its variable.
pub fn param(name: Cow<'_, str>, lo: usize, hi: usize, value: Option<Box<Expr>>) -> Box<Parameter> {
    Box::new(Parameter { span: sp(lo, hi), name: name.into(), value, type_expr: None, captures_rest: false })
}

/// Node names written as dotted words/numbers (`node a.b.c`).
pub fn dotted(parts: Vec<(Cow<'_, str>, usize, usize)>) -> Expr {
    let lo = parts.first().map(|p| p.1).unwrap_or(0);
    let hi = parts.last().map(|p| p.2).unwrap_or(lo);
    let s: Vec<&str> = parts.iter().map(|p| p.0.as_ref()).collect();
    Expr::new(sp(lo, hi), ExprKind::String(s.join(".").into()))
}

/// Definitions nested in classes take the class's name as a prefix
/// (Puppet's parser keeps a name stack while parsing).
pub fn qualify_nested_definitions(e: &mut Expr, ns: &str) {
    match &mut e.kind {
        ExprKind::HostClass(def) => {
            def.name = qualified(ns, &def.name).into();
            let inner = def.name.clone();
            crate::visit::children_mut(e, &mut |c| qualify_nested_definitions(c, &inner));
            return;
        }
        ExprKind::ResourceType(def) => {
            def.name = qualified(ns, &def.name).into();
        }
        _ => {}
    }
    crate::visit::children_mut(e, &mut |c| qualify_nested_definitions(c, ns));
}

fn qualified(ns: &str, name: &str) -> String {
    let joined = format!("{ns}::{name}");
    joined.strip_prefix("::").map(str::to_string).unwrap_or(joined)
}

