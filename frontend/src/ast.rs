//! The abstract syntax tree: plain data, one node kind per class of Puppet's
//! `Puppet::AST` model, so that validation and evaluation can follow Puppet's
//! semantics node by node.
//!
//! Invariant: every node's span is the span Puppet's parser records for it
//! (`loc` in `egrammar.ra`), because errors report the line and column of
//! that span. Notably a binary expression is located at its *operator*, a
//! method call at its `(`, a selector at its left operand, a parenthesized
//! expression at its `(`; nodes Puppet does not position (blocks built for
//! bodies, resource bodies) get an empty span at their container's start.

use num_bigint::BigInt;

/// The AST's text (names, variables, strings): a string kept inline up to
/// 24 bytes, so that most names and short strings cost no heap allocation
/// (a third of the parser's allocations were such strings). It derefs to
/// `str` and prints (`Debug`, `Display`) as `String` does.
pub use compact_str::CompactString;

use crate::source::{FileId, Span};

/// A parsed file.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub file: FileId,
    /// `None` for an empty program (Puppet's `Nop`).
    pub body: Option<Box<Expr>>,
    /// The whole text's span.
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub span: Span,
    pub kind: ExprKind,
}

impl Expr {
    pub fn new(span: Span, kind: ExprKind) -> Expr {
        Expr { span, kind }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Shl,
    Shr,
}

impl ArithOp {
    pub fn as_str(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
            ArithOp::Mod => "%",
            ArithOp::Shl => "<<",
            ArithOp::Shr => ">>",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    pub fn as_str(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MatchOp {
    Match,
    NoMatch,
}

impl MatchOp {
    pub fn as_str(self) -> &'static str {
        match self {
            MatchOp::Match => "=~",
            MatchOp::NoMatch => "!~",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AssignOp {
    Assign,
    /// `+=`: parsed, rejected by validation (Puppet 4+).
    Append,
    /// `-=`: parsed, rejected by validation.
    Delete,
}

impl AssignOp {
    pub fn as_str(self) -> &'static str {
        match self {
            AssignOp::Assign => "=",
            AssignOp::Append => "+=",
            AssignOp::Delete => "-=",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RelOp {
    /// `->`
    Before,
    /// `~>`
    Notify,
    /// `<-`
    Require,
    /// `<~`
    Subscribe,
}

impl RelOp {
    pub fn as_str(self) -> &'static str {
        match self {
            RelOp::Before => "->",
            RelOp::Notify => "~>",
            RelOp::Require => "<-",
            RelOp::Subscribe => "<~",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResourceForm {
    Regular,
    /// `@`
    Virtual,
    /// `@@`
    Exported,
}

impl ResourceForm {
    pub fn as_str(self) -> &'static str {
        match self {
            ResourceForm::Regular => "regular",
            ResourceForm::Virtual => "virtual",
            ResourceForm::Exported => "exported",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum QueryKind {
    /// `<| |>`
    Virtual,
    /// `<<| |>>`
    Exported,
}

/// An integer literal. Literals outside the 64-bit range are kept (and
/// rejected by validation with Puppet's message, which prints the value).
#[derive(Clone, Debug, PartialEq)]
pub enum IntValue {
    Small(i64),
    Big(Box<BigInt>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An empty body.
    Nop,

    // ---- literals
    Integer { value: IntValue, radix: u8 },
    Float(f64),
    /// A literal string (quoted, a bare word, or heredoc text).
    String(CompactString),
    Boolean(bool),
    Undef,
    Default,
    /// The pattern source, without slashes.
    Regex(CompactString),
    /// A lower-case bare word or qualified name (`foo`, `apache::port`).
    QualifiedName(CompactString),
    /// A capitalized name (`File`, `Foo::Bar`); the text as written.
    QualifiedReference(CompactString),
    /// `private` and `attr`.
    ReservedWord { word: CompactString, future: bool },

    // ---- strings
    /// `"..."` with interpolation: literal strings and `Text` segments
    /// (empty literal segments are dropped, as Puppet does).
    ConcatenatedString(Vec<Expr>),
    /// An interpolated expression.
    Text(Box<Expr>),
    Heredoc { syntax: CompactString, text: Box<Expr> },

    // ---- variables and collections
    Variable(CompactString),
    LiteralList(Vec<Expr>),
    LiteralHash { entries: Vec<KeyedEntry>, unfolded: bool },

    // ---- operators
    Not(Box<Expr>),
    UnaryMinus(Box<Expr>),
    /// `*expr` (splat).
    Unfold(Box<Expr>),
    Parenthesized(Box<Expr>),
    Arithmetic { op: ArithOp, left: Box<Expr>, right: Box<Expr> },
    Comparison { op: CmpOp, left: Box<Expr>, right: Box<Expr> },
    Match { op: MatchOp, left: Box<Expr>, right: Box<Expr> },
    In { left: Box<Expr>, right: Box<Expr> },
    And { left: Box<Expr>, right: Box<Expr> },
    Or { left: Box<Expr>, right: Box<Expr> },
    Assignment { op: AssignOp, left: Box<Expr>, right: Box<Expr> },
    Relationship { op: RelOp, left: Box<Expr>, right: Box<Expr> },
    Access { left: Box<Expr>, keys: Vec<Expr> },
    /// `left.right` (a method name); only the functor of a `CallMethod`.
    NamedAccess { left: Box<Expr>, right: Box<Expr> },
    Selector { left: Box<Expr>, entries: Vec<SelectorEntry> },

    // ---- control flow
    Block(Vec<Expr>),
    If { test: Box<Expr>, then_expr: Option<Box<Expr>>, else_expr: Option<Box<Expr>> },
    Unless { test: Box<Expr>, then_expr: Option<Box<Expr>>, else_expr: Option<Box<Expr>> },
    Case { test: Box<Expr>, options: Vec<CaseOption> },

    // ---- calls
    CallNamedFunction(Call),
    CallMethod(Call),
    Lambda(Lambda),

    // ---- catalog
    Resource { form: ResourceForm, type_name: Box<Expr>, bodies: Vec<ResourceBody> },
    ResourceDefaults { form: ResourceForm, type_ref: Box<Expr>, operations: Vec<AttributeOp> },
    ResourceOverride { form: ResourceForm, resources: Box<Expr>, operations: Vec<AttributeOp> },
    /// The query is boxed to keep `Expr` at 64 bytes (see below).
    Collect { type_expr: Box<Expr>, query: Box<Query>, operations: Vec<AttributeOp> },

    // ---- definitions
    HostClass(Box<Definition>),
    /// `define`
    ResourceType(Box<Definition>),
    Function(Box<Definition>),
    Node { host_matches: Vec<Expr>, parent: Option<Box<Expr>>, body: Option<Box<Expr>> },
    TypeAlias { name: CompactString, type_expr: Box<Expr> },
    TypeMapping { type_expr: Box<Expr>, mapping_expr: Box<Expr> },
    /// `parent` is a `Box<str>` to keep `Expr` at 64 bytes (see below).
    TypeDefinition { name: CompactString, parent: Option<Box<str>>, body: Option<Box<Expr>> },

    // ---- EPP
    /// The body of a template; it is wrapped in a `Lambda` whose parameters
    /// are the template's.
    Epp { parameters_specified: bool, body: Option<Box<Expr>> },
    RenderString(CompactString),
    RenderExpression(Box<Expr>),
}

// Every node is a heap box of an `Expr`: at 64 bytes (rather than 72) it
// takes a smaller allocation class and moves with less copying. The largest
// variants are the calls (48 bytes of `Call`); rarer large payloads are
// boxed.
const _: () = assert!(std::mem::size_of::<Expr>() == 64);

#[derive(Clone, Debug, PartialEq)]
pub struct KeyedEntry {
    /// Located at the `=>`.
    pub span: Span,
    pub key: Expr,
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SelectorEntry {
    /// Located at the `=>`.
    pub span: Span,
    pub matching: Expr,
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CaseOption {
    /// From the `:` to the closing `}`.
    pub span: Span,
    pub values: Vec<Expr>,
    pub then_expr: Option<Box<Expr>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// For a named call, a `QualifiedName` (or any expression, which the
    /// validator rejects); for a method call, a `NamedAccess`.
    pub functor: Box<Expr>,
    pub args: Vec<Expr>,
    pub lambda: Option<Box<Expr>>,
    /// False for statement-style calls (`notice 'x'`).
    pub rval_required: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    pub params: Vec<Parameter>,
    pub body: Option<Box<Expr>>,
    pub return_type: Option<Box<Expr>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// Located at the variable.
    pub span: Span,
    pub name: CompactString,
    pub value: Option<Box<Expr>>,
    pub type_expr: Option<Box<Expr>>,
    pub captures_rest: bool,
}

/// A class, defined type or function.
#[derive(Clone, Debug, PartialEq)]
pub struct Definition {
    /// The name, qualified by enclosing classes for classes and defines.
    pub name: CompactString,
    pub params: Vec<Parameter>,
    pub body: Option<Box<Expr>>,
    /// Classes: the `inherits` parent.
    pub parent: Option<CompactString>,
    /// Functions: the `>> Type`.
    pub return_type: Option<Box<Expr>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ResourceBody {
    pub span: Span,
    pub title: Box<Expr>,
    pub operations: Vec<AttributeOp>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum AttributeOp {
    /// `name => value` or `name +> value`.
    Set { span: Span, name: CompactString, append: bool, value: Expr },
    /// `* => hash`.
    Splat { span: Span, value: Expr },
}

impl AttributeOp {
    pub fn span(&self) -> Span {
        match self {
            AttributeOp::Set { span, .. } | AttributeOp::Splat { span, .. } => *span,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    pub span: Span,
    pub kind: QueryKind,
    pub expr: Option<Box<Expr>>,
}
