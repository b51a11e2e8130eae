//! The IR data structures: programs, functions, blocks, instructions and
//! SSA values, all u32 entities in arenas (cranelift-entity).
//!
//! A [`Function`] is one Puppet body (main manifest, class, define, node,
//! Puppet function, lambda, or a *thunk*: a parameter default, a parameter
//! type or a type alias body). Blocks take parameters instead of phi nodes;
//! every SSA [`Val`] has a static [`Ty`] from a small lattice.
//!
//! Invariants (checked by [`crate::verify`]):
//! * every block ends with exactly one terminator and has no other;
//! * every use of a value is dominated by its definition (values are defined
//!   by an instruction result or a block parameter);
//! * jump arguments match the target's parameter count;
//! * `Const` indices are in range of the function's constant pool.

use std::fmt;
use std::rc::Rc;

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{PrimaryMap, entity_impl};
use indexmap::IndexSet;
use pjit_runtime::Value;

/// An SSA value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Val(u32);
entity_impl!(Val, "v");

/// A basic block.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block(u32);
entity_impl!(Block, "block");

/// An instruction.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Inst(u32);
entity_impl!(Inst, "inst");

/// A function of a [`Program`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(u32);
entity_impl!(FuncId, "fn");

/// An interned name (variable, function, type). Names are interned per
/// program; dynamic names (`getvar('x')`) are looked up in the same table.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(u32);
entity_impl!(Sym, "sym");

/// The static type lattice of SSA values: `Any` is top; everything else is
/// an exact runtime tag. The interpreter never relies on it for correctness;
/// the JIT uses it to pick fast paths.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ty {
    Any,
    Undef,
    Default,
    Bool,
    Int,
    Float,
    Str,
    Array,
    Hash,
    Regexp,
    Type,
    Callable,
}

impl Ty {
    /// The least upper bound.
    pub fn join(self, other: Ty) -> Ty {
        if self == other { self } else { Ty::Any }
    }

    pub fn name(self) -> &'static str {
        match self {
            Ty::Any => "any",
            Ty::Undef => "undef",
            Ty::Default => "default",
            Ty::Bool => "bool",
            Ty::Int => "int",
            Ty::Float => "float",
            Ty::Str => "str",
            Ty::Array => "array",
            Ty::Hash => "hash",
            Ty::Regexp => "regexp",
            Ty::Type => "type",
            Ty::Callable => "callable",
        }
    }

    pub fn from_name(s: &str) -> Option<Ty> {
        Some(match s {
            "any" => Ty::Any,
            "undef" => Ty::Undef,
            "default" => Ty::Default,
            "bool" => Ty::Bool,
            "int" => Ty::Int,
            "float" => Ty::Float,
            "str" => Ty::Str,
            "array" => Ty::Array,
            "hash" => Ty::Hash,
            "regexp" => Ty::Regexp,
            "type" => Ty::Type,
            "callable" => Ty::Callable,
            _ => return None,
        })
    }

    /// The type of a constant.
    pub fn of(v: &Value) -> Ty {
        match v {
            Value::Undef => Ty::Undef,
            Value::Default => Ty::Default,
            Value::Boolean(_) => Ty::Bool,
            Value::Integer(_) => Ty::Int,
            Value::Float(_) => Ty::Float,
            Value::String(_) => Ty::Str,
            Value::Array(_) => Ty::Array,
            Value::Hash(_) => Ty::Hash,
            Value::Regexp(_) => Ty::Regexp,
            Value::Type(_) => Ty::Type,
            Value::Callable(_) => Ty::Callable,
            _ => Ty::Any,
        }
    }
}

/// A source position, for error messages: index into [`Program::files`],
/// 1-based line and column (characters). `line == 0` means unknown.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Loc {
    pub file: u32,
    pub line: u32,
    pub col: u32,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum UnOp {
    Neg,
    Not,
    /// Puppet truthiness as a Bool.
    Truthy,
}

pub use pjit_runtime::{ArithOp, CmpOp};

/// How an `Unwind` leaves the current body.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum UnwindKind {
    Break,
    Next,
    Return,
}

/// A step of a collector query in postfix order.
#[derive(Clone, Debug, PartialEq)]
pub enum QueryOp {
    /// `attr == value` (an array attribute matches when it includes the
    /// value; `tag == x` tests the resource's tags).
    Eq(Sym, Val),
    /// `attr != value`.
    Ne(Sym, Val),
    /// Pops two results, pushes their conjunction.
    And,
    Or,
}

/// The relationship operators.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RelKind {
    /// `->`
    Before,
    /// `~>`
    Notify,
    /// `<-`
    Require,
    /// `<~`
    Subscribe,
}

impl RelKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RelKind::Before => "->",
            RelKind::Notify => "~>",
            RelKind::Require => "<-",
            RelKind::Subscribe => "<~",
        }
    }
}

/// A target of a multi-assignment.
#[derive(Clone, Debug, PartialEq)]
pub enum AssignTarget {
    /// A variable, and where it is written (Puppet blames a variable a
    /// class does not have on it).
    Var(Sym, Loc),
    /// A nested list, and where it is written.
    List(Vec<AssignTarget>, Loc),
}

/// The kinds of bodies.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FuncKind {
    Main,
    Class,
    Define,
    Node,
    Function,
    Lambda,
    /// A parameter default, a parameter type, a return type, a type alias body.
    Thunk,
}

impl FuncKind {
    pub fn name(self) -> &'static str {
        match self {
            FuncKind::Main => "main",
            FuncKind::Class => "class",
            FuncKind::Define => "define",
            FuncKind::Node => "node",
            FuncKind::Function => "function",
            FuncKind::Lambda => "lambda",
            FuncKind::Thunk => "thunk",
        }
    }
}

/// An instruction's operation. Operands are SSA values; instructions that
/// can fail carry the location of the expression Puppet blames.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// An entry of the function's constant pool.
    Const(u32),
    /// A variable lookup through the scope chain (`$x`, `$a::b`, `$::x`).
    GetVar(Sym),
    /// Assigns a variable in the current scope; re-assignment is an error.
    SetVar(Sym, Val),
    /// `$0`..`$n`: from the innermost successful match of this body (each
    /// successful `=~` or regexp case/selector match pushes its captures),
    /// else from the match data a lambda saw when it was created.
    GetMatch(u32),
    /// Starts a guarded region (if/unless/case/selector): remembers how
    /// many matches the body has pushed.
    MatchPush,
    /// Ends the innermost guarded region: drops the matches pushed in it.
    MatchPop,
    Unary(UnOp, Val),
    Arith(ArithOp, Val, Val),
    Cmp(CmpOp, Val, Val),
    /// `=~` (`negate` for `!~`); sets match variables on a regexp match.
    Match { negate: bool, left: Val, right: Val },
    In(Val, Val),
    /// Case/selector option matching; sets match variables on a regexp match.
    /// With `any`, the option is an unfolded array and any element may match.
    /// `selector`: a selector's option, else a `case` statement's. The
    /// operand location is the whole statement's or selector's, which
    /// Puppet blames when matching fails (a type option with an `Init`
    /// that cannot be initialized).
    CaseMatch { test: Val, option: Val, any: bool, selector: bool },
    /// `[$a, [$b, $c]] = value`: the targets receive elements of an array
    /// (a nested list the elements of a nested array), entries of a hash,
    /// or variables of a class. The operand locations are the list's and
    /// the value's (Puppet blames a class that is not in the catalog on the
    /// value expression).
    AssignMulti(Vec<AssignTarget>, Val),
    /// Raises the error of a selector without a matching option.
    NoSelectorMatch(Val),
    /// `base[keys...]`.
    Access(Val, Vec<Val>),
    /// String interpolation: the concatenation of the parts' interpolated forms.
    Interp(Vec<Val>),
    /// An array; elements flagged `true` are unfolded (`*x`).
    MakeArray(Vec<(Val, bool)>),
    /// A hash from alternating keys and values.
    MakeHash(Vec<Val>),
    /// A call of a named function; arguments flagged `true` are unfolded.
    /// `method` for `x.f(...)` (errors say "Method call").
    Call { name: Sym, args: Vec<(Val, bool)>, block: Option<Val>, method: bool },
    /// A lambda value closing over the current scope.
    Closure(FuncId),
    /// A capitalized name as a value: a built-in type, an alias, or a
    /// resource type.
    TypeRef(Sym),
    /// A type in a type alias's body, read as Puppet's type parser reads
    /// it: `Name` (`args` None) or `Name[args]`. A name that is neither a
    /// built-in type, an alias nor a resource type is a `TypeReference` of
    /// `text` (the source text Puppet takes for it) instead of an error.
    TypeSpec { name: Sym, args: Option<Vec<Val>>, text: Box<str> },
    /// EPP: starts a template's output buffer.
    RenderPush,
    /// EPP: appends a value's text to the innermost output buffer.
    Render(Val),
    /// EPP: ends the innermost output buffer; its text is the result.
    RenderPop,
    /// Raises `break`, `next(v)` or `return(v)`.
    Unwind(UnwindKind, Val),
    /// Raises a catalog-level operation not implemented by this backend.
    Unsupported(String),
    /// Raises an evaluation error with this message (what Puppet rejects
    /// only when it evaluates the expression, e.g. an attribute set twice).
    Fail(String),
    /// The titles of one body of a resource expression, checked as Puppet
    /// checks them right after evaluating them (not undef, Strings or
    /// `default`, not empty, not used by an `earlier` body's titles); the
    /// value is the flattened list of titles. The operand locations are the
    /// title's and the resource expression's (which Puppet blames for a
    /// duplicate title).
    ResourceTitles { title: Val, earlier: Vec<Val> },
    /// The value of an attribute operation `* => value`, which must be a
    /// Hash (else Puppet's `Expected value of type Hash, got T`, blamed on
    /// operand location 0, the value); in a resource body, none of its keys
    /// may be one the body sets explicitly (`set`; blamed on the resource
    /// expression, the instruction's location).
    AttributeSplat { splat: Val, set: Option<Val> },
    /// Declares resources: `type`, then (titles, attributes hash) pairs.
    Resource { virtual_: bool, exported: bool, ty: Val, bodies: Vec<(Val, Val)> },
    /// `Type { attr => v }`: resource defaults of the current scope.
    ResourceDefaults { ty: Val, attrs: Val },
    /// `Ref[...] { attr => v, attr +> v }`: overrides of the referenced
    /// resources; `set` and `add` are attribute hashes.
    ResourceOverride { refs: Val, set: Val, add: Val },
    /// `Type <| query |> { ... }` (`exported` for `<<| |>>`): registers a
    /// collector; the value is its handle (an Integer), which only a
    /// `Relationship` operand flagged as a collector reads. The query is in
    /// postfix order; an empty query matches every resource of the type.
    Collect { ty: Sym, exported: bool, query: Vec<QueryOp>, set: Val, add: Val },
    /// `left -> right` (and `~>`, `<-`, `<~`): records a relationship; the
    /// value is the right operand. An operand flagged as a collector is a
    /// collector handle.
    Relationship { kind: RelKind, left: Val, right: Val, left_collector: bool, right_collector: bool },
    /// Terminator: jump with block arguments.
    Jump(Block, Vec<Val>),
    /// Terminator: on a Bool.
    Branch { cond: Val, then_dest: Block, then_args: Box<[Val]>, else_dest: Block, else_args: Box<[Val]> },
    /// Terminator: the body's value.
    Return(Val),
}

impl Op {
    pub fn is_terminator(&self) -> bool {
        matches!(self, Op::Jump(..) | Op::Branch { .. } | Op::Return(_) | Op::Unwind(..) | Op::NoSelectorMatch(_))
    }

    /// Whether the instruction has an effect besides its result (so DCE
    /// must keep it even when the result is unused). Everything that can
    /// raise is effectful: an error is observable.
    pub fn has_effect(&self) -> bool {
        !matches!(self, Op::Const(_) | Op::GetMatch(_) | Op::Closure(_) | Op::MakeHash(_))
            && !matches!(self, Op::MakeArray(v) if v.iter().all(|(_, s)| !s))
            && !matches!(self, Op::Unary(UnOp::Truthy | UnOp::Not, _))
            && !matches!(self, Op::Interp(_))
    }

    /// The SSA operands, in order.
    pub fn args(&self) -> Vec<Val> {
        let mut out = Vec::new();
        self.for_each_arg(|v| out.push(v));
        out
    }

    /// Calls `f` on every SSA operand, in order, without collecting them
    /// (the passes ask this of every instruction of every loaded file).
    pub fn for_each_arg(&self, mut f: impl FnMut(Val)) {
        match self {
            Op::Const(_)
            | Op::GetVar(_)
            | Op::GetMatch(_)
            | Op::MatchPush
            | Op::MatchPop
            | Op::RenderPush
            | Op::RenderPop
            | Op::Closure(_)
            | Op::TypeRef(_)
            | Op::Unsupported(_)
            | Op::Fail(_) => {}
            Op::TypeSpec { args, .. } => args.iter().flatten().copied().for_each(&mut f),
            Op::ResourceTitles { title, earlier } => {
                f(*title);
                earlier.iter().copied().for_each(&mut f);
            }
            Op::AttributeSplat { splat, set } => {
                f(*splat);
                set.iter().copied().for_each(&mut f);
            }
            Op::SetVar(_, v) | Op::Unary(_, v) | Op::Unwind(_, v) | Op::Return(v) | Op::Render(v) => f(*v),
            Op::Arith(_, a, b) | Op::Cmp(_, a, b) | Op::In(a, b) => {
                f(*a);
                f(*b);
            }
            Op::CaseMatch { test, option, .. } => {
                f(*test);
                f(*option);
            }
            Op::AssignMulti(_, v) | Op::NoSelectorMatch(v) => f(*v),
            Op::Match { left, right, .. } => {
                f(*left);
                f(*right);
            }
            Op::Access(b, ks) => {
                f(*b);
                ks.iter().copied().for_each(&mut f);
            }
            Op::Interp(vs) | Op::MakeHash(vs) => vs.iter().copied().for_each(&mut f),
            Op::MakeArray(vs) => vs.iter().for_each(|(v, _)| f(*v)),
            Op::Call { args, block, .. } => {
                args.iter().for_each(|(v, _)| f(*v));
                block.iter().copied().for_each(&mut f);
            }
            Op::Resource { ty, bodies, .. } => {
                f(*ty);
                for (t, a) in bodies {
                    f(*t);
                    f(*a);
                }
            }
            Op::ResourceDefaults { ty, attrs } => {
                f(*ty);
                f(*attrs);
            }
            Op::ResourceOverride { refs, set, add } => {
                f(*refs);
                f(*set);
                f(*add);
            }
            Op::Collect { query, set, add, .. } => {
                for q in query {
                    if let QueryOp::Eq(_, v) | QueryOp::Ne(_, v) = q {
                        f(*v);
                    }
                }
                f(*set);
                f(*add);
            }
            Op::Relationship { left, right, .. } => {
                f(*left);
                f(*right);
            }
            Op::Jump(_, a) => a.iter().copied().for_each(&mut f),
            Op::Branch { cond, then_args, else_args, .. } => {
                f(*cond);
                then_args.iter().copied().for_each(&mut f);
                else_args.iter().copied().for_each(&mut f);
            }
        }
    }

    /// Rewrites every SSA operand through `f`.
    pub fn map_args(&mut self, mut f: impl FnMut(Val) -> Val) {
        match self {
            Op::Const(_)
            | Op::GetVar(_)
            | Op::GetMatch(_)
            | Op::MatchPush
            | Op::MatchPop
            | Op::RenderPush
            | Op::RenderPop
            | Op::Closure(_)
            | Op::TypeRef(_)
            | Op::Unsupported(_)
            | Op::Fail(_) => {}
            Op::TypeSpec { args, .. } => {
                args.iter_mut().flatten().for_each(|k| *k = f(*k));
            }
            Op::ResourceTitles { title, earlier } => {
                *title = f(*title);
                earlier.iter_mut().for_each(|k| *k = f(*k));
            }
            Op::AttributeSplat { splat, set } => {
                *splat = f(*splat);
                if let Some(s) = set {
                    *s = f(*s);
                }
            }
            Op::SetVar(_, v) | Op::Unary(_, v) | Op::Unwind(_, v) | Op::Return(v) | Op::Render(v) => *v = f(*v),
            Op::Arith(_, a, b) | Op::Cmp(_, a, b) | Op::In(a, b) => {
                *a = f(*a);
                *b = f(*b);
            }
            Op::CaseMatch { test, option, .. } => {
                *test = f(*test);
                *option = f(*option);
            }
            Op::AssignMulti(_, v) | Op::NoSelectorMatch(v) => *v = f(*v),
            Op::Match { left, right, .. } => {
                *left = f(*left);
                *right = f(*right);
            }
            Op::Access(b, ks) => {
                *b = f(*b);
                ks.iter_mut().for_each(|k| *k = f(*k));
            }
            Op::Interp(vs) | Op::MakeHash(vs) | Op::Jump(_, vs) => vs.iter_mut().for_each(|k| *k = f(*k)),
            Op::MakeArray(vs) => vs.iter_mut().for_each(|(k, _)| *k = f(*k)),
            Op::Call { args, block, .. } => {
                args.iter_mut().for_each(|(k, _)| *k = f(*k));
                if let Some(b) = block {
                    *b = f(*b);
                }
            }
            Op::Resource { ty, bodies, .. } => {
                *ty = f(*ty);
                for (t, a) in bodies {
                    *t = f(*t);
                    *a = f(*a);
                }
            }
            Op::ResourceDefaults { ty, attrs } => {
                *ty = f(*ty);
                *attrs = f(*attrs);
            }
            Op::ResourceOverride { refs, set, add } => {
                *refs = f(*refs);
                *set = f(*set);
                *add = f(*add);
            }
            Op::Collect { query, set, add, .. } => {
                for q in query {
                    if let QueryOp::Eq(_, v) | QueryOp::Ne(_, v) = q {
                        *v = f(*v);
                    }
                }
                *set = f(*set);
                *add = f(*add);
            }
            Op::Relationship { left, right, .. } => {
                *left = f(*left);
                *right = f(*right);
            }
            Op::Branch { cond, then_args, else_args, .. } => {
                *cond = f(*cond);
                then_args.iter_mut().for_each(|k| *k = f(*k));
                else_args.iter_mut().for_each(|k| *k = f(*k));
            }
        }
    }

    /// Successor blocks of a terminator.
    pub fn successors(&self) -> Vec<Block> {
        match self {
            Op::Jump(b, _) => vec![*b],
            Op::Branch { then_dest, else_dest, .. } => vec![*then_dest, *else_dest],
            _ => vec![],
        }
    }
}

/// One instruction. Every loaded file's bodies keep theirs for the whole
/// compile (many_modules: about 10,000), so the record is kept small: the
/// result packed into the `Val` index's reserved value, the rare operand
/// locations behind one thin pointer, and `Op` at most 48 bytes (its
/// larger variants box their lists).
#[derive(Clone, Debug, PartialEq)]
pub struct InstData {
    pub op: Op,
    pub result: PackedOption<Val>,
    pub loc: Loc,
    /// Where the operand expressions are, since Puppet blames some errors
    /// on an operand: a binary operator's left and right, an access's base
    /// and each key, ... (what each instruction records is in its doc).
    pub operand_locs: Option<Box<Vec<Loc>>>,
}

const _: () = assert!(std::mem::size_of::<Op>() <= 48);
const _: () = assert!(std::mem::size_of::<InstData>() <= 72);

impl InstData {
    /// Operand location `i`, else the instruction's own.
    pub fn operand_loc(&self, i: usize) -> Loc {
        self.operand_locs.as_deref().and_then(|l| l.get(i).copied()).unwrap_or(self.loc)
    }

    /// The instruction's result value, if it has one.
    pub fn result(&self) -> Option<Val> {
        self.result.expand()
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockData {
    pub params: Vec<Val>,
    pub insts: Vec<Inst>,
}

/// Where a value comes from.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ValDef {
    Inst(Inst),
    Param(Block, u32),
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ValData {
    pub ty: Ty,
    pub def: ValDef,
}

/// A Puppet-level parameter of a body.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: Sym,
    /// A thunk computing the parameter's type (evaluated in the callee's scope).
    pub ty: Option<FuncId>,
    /// A thunk computing the default (evaluated in the callee's scope, after
    /// the parameters to its left are bound).
    pub default: Option<FuncId>,
    pub captures_rest: bool,
    pub loc: Loc,
}

/// One body.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub kind: FuncKind,
    /// Puppet-level parameters; the entry block has one block parameter per
    /// entry, bound by the calling convention.
    pub params: Vec<Param>,
    pub return_type: Option<FuncId>,
    pub consts: Vec<Value>,
    pub blocks: PrimaryMap<Block, BlockData>,
    pub insts: PrimaryMap<Inst, InstData>,
    pub vals: PrimaryMap<Val, ValData>,
    /// Block order for printing and interpretation; the first is the entry.
    pub layout: Vec<Block>,
    pub loc: Loc,
}

impl Function {
    pub fn new(name: impl Into<String>, kind: FuncKind, loc: Loc) -> Function {
        Function {
            name: name.into(),
            kind,
            params: vec![],
            return_type: None,
            consts: vec![],
            blocks: PrimaryMap::new(),
            insts: PrimaryMap::new(),
            vals: PrimaryMap::new(),
            layout: vec![],
            loc,
        }
    }

    pub fn entry(&self) -> Block {
        self.layout[0]
    }

    pub fn add_block(&mut self) -> Block {
        let b = self.blocks.push(BlockData::default());
        self.layout.push(b);
        b
    }

    pub fn add_block_param(&mut self, b: Block, ty: Ty) -> Val {
        let idx = self.blocks[b].params.len() as u32;
        let v = self.vals.push(ValData { ty, def: ValDef::Param(b, idx) });
        self.blocks[b].params.push(v);
        v
    }

    /// Appends an instruction to `b`; returns its result value if `ty` is given.
    pub fn append(&mut self, b: Block, op: Op, ty: Option<Ty>, loc: Loc) -> Option<Val> {
        let inst = self.insts.push(InstData { op, result: None.into(), loc, operand_locs: None });
        let result = ty.map(|ty| self.vals.push(ValData { ty, def: ValDef::Inst(inst) }));
        self.insts[inst].result = result.into();
        self.blocks[b].insts.push(inst);
        result
    }

    pub fn add_const(&mut self, v: Value) -> u32 {
        self.consts.push(v);
        (self.consts.len() - 1) as u32
    }

    /// The terminator of a block, if it has one.
    pub fn terminator(&self, b: Block) -> Option<&Op> {
        let last = *self.blocks[b].insts.last()?;
        let op = &self.insts[last].op;
        op.is_terminator().then_some(op)
    }
}

/// A class definition.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassDef {
    pub name: String,
    pub parent: Option<String>,
    pub body: FuncId,
    pub loc: Loc,
}

/// A `node` definition.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeDef {
    /// Names (lower-cased), regexps (source), or `default`.
    pub matches: Vec<NodeMatch>,
    pub parent: Option<String>,
    pub body: FuncId,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub enum NodeMatch {
    Name(String),
    Regex(String),
    Default,
}

/// One definition a file makes (class, defined type, function, node,
/// type alias), as lowering meets it. Lowering applies each with
/// [`Program::define`]; a program reused for another compile (batch mode)
/// replays the definitions of a file it has already lowered instead of
/// lowering the file again (see `interp::Warm`).
#[derive(Clone, Debug, PartialEq)]
pub enum Definition {
    Class(ClassDef),
    Define { name: String, body: FuncId },
    Function { name: String, body: FuncId },
    Node(NodeDef),
    /// `loc` is the alias's name, where Puppet positions it.
    TypeAlias { name: String, body: FuncId, loc: Loc },
}

/// A program's definition tables: what a compile can see by name. A
/// program reused for several compiles restores them between compiles.
#[derive(Clone, Debug, Default)]
pub struct Definitions {
    pub classes: NameMap<ClassDef>,
    pub defines: NameMap<FuncId>,
    pub functions: NameMap<FuncId>,
    pub nodes: Vec<NodeDef>,
    pub type_aliases: NameMap<(FuncId, Loc)>,
    pub redefinitions: Vec<(String, Option<Loc>)>,
}

/// Definitions by lower-cased name, in definition order. Names come from
/// manifests, not adversaries, so a fast fixed-seed hasher is fine.
pub type NameMap<V> = indexmap::IndexMap<String, V, foldhash::fast::FixedState>;

/// A whole lowered program: every body and the definitions that name them.
/// Programs grow while they run (autoloading lowers more files into them),
/// so functions are reference-counted and never removed.
#[derive(Debug, Default)]
pub struct Program {
    pub funcs: PrimaryMap<FuncId, Rc<Function>>,
    pub syms: IndexSet<Rc<str>, foldhash::fast::FixedState>,
    /// Source file names, indexed by `Loc::file`.
    pub files: Vec<String>,
    pub main: Option<FuncId>,
    pub classes: NameMap<ClassDef>,
    pub defines: NameMap<FuncId>,
    pub functions: NameMap<FuncId>,
    pub nodes: Vec<NodeDef>,
    /// Type aliases: name as written, body thunk.
    pub type_aliases: NameMap<(FuncId, Loc)>,
    /// Definitions that redefine an earlier one: Puppet's message and
    /// where (no location for the entity-loader messages). Compiling a
    /// program with any of these fails before evaluation, as in Puppet.
    pub redefinitions: Vec<(String, Option<Loc>)>,
    /// Every definition lowering applied, in order, until the autoloader
    /// takes a file's share out of it to replay it later.
    pub def_log: Vec<Definition>,
    /// Qualified variable names split once (see [`Program::split_qualified`]),
    /// by the symbol of the whole name.
    qualified: std::collections::HashMap<Sym, (Rc<str>, Sym), foldhash::fast::FixedState>,
}

impl Program {
    /// Applies a definition the lowering of a file made and logs it in
    /// `def_log`.
    pub fn define(&mut self, d: Definition) {
        self.def_log.push(d.clone());
        self.apply_definition(d);
    }

    /// Makes a definition visible by name, recording Puppet's error when it
    /// redefines an earlier one (reported when the compile starts).
    pub fn apply_definition(&mut self, d: Definition) {
        match d {
            // One hash per definition: `insert_full` replaces a value in
            // place (keeping its position, as `insert` did) and hands back
            // the earlier one for the redefinition error.
            Definition::Class(c) => {
                let loc = c.loc;
                let (i, old) = self.classes.insert_full(c.name.to_ascii_lowercase(), c);
                if let Some(old) = old {
                    let key = self.classes.get_index(i).map(|(k, _)| k.clone()).unwrap_or_default();
                    let msg = format!("Class '{key}' is already defined{}; cannot redefine", self.file_line(old.loc));
                    self.redefinitions.push((msg, Some(Loc { col: 0, ..loc })));
                }
            }
            Definition::Define { name, body } => {
                let (i, old) = self.defines.insert_full(name.to_ascii_lowercase(), body);
                if let Some(old) = old {
                    let key = self.defines.get_index(i).map(|(k, _)| k.clone()).unwrap_or_default();
                    self.redefined_entity("type", &key, self.funcs[old].loc);
                }
            }
            Definition::Function { name, body } => {
                let (i, old) = self.functions.insert_full(name.to_ascii_lowercase(), body);
                if let Some(old) = old {
                    let key = self.functions.get_index(i).map(|(k, _)| k.clone()).unwrap_or_default();
                    self.redefined_entity("function", &key, self.funcs[old].loc);
                }
            }
            Definition::Node(n) => {
                for m in &n.matches {
                    if let NodeMatch::Name(name) = m {
                        if let Some(old) = self.nodes.iter().find(|nd| nd.matches.contains(m)).map(|nd| nd.loc) {
                            let msg = format!("Node '{name}' is already defined{}; cannot redefine", self.file_line(old));
                            self.redefinitions.push((msg, Some(Loc { col: 0, ..n.loc })));
                        }
                    }
                }
                self.nodes.push(n);
            }
            Definition::TypeAlias { name, body, loc } => {
                let key = name.to_ascii_lowercase();
                if let Some(origin) = builtin_type_origin(&key) {
                    let msg = format!("Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/{key}'. {origin}");
                    self.redefinitions.push((msg, None));
                }
                if let Some(&(_, old)) = self.type_aliases.get(&key) {
                    self.redefined_entity("type", &key, old);
                }
                self.type_aliases.insert(key, (body, loc));
            }
        }
    }

    /// ` (file: F, line: L)` of an earlier definition.
    fn file_line(&self, l: Loc) -> String {
        let file = self.files.get(l.file as usize).map(String::as_str).unwrap_or("");
        format!(" (file: {file}, line: {})", l.line)
    }

    /// The loader's message for a second function, defined type or alias
    /// of one name.
    fn redefined_entity(&mut self, kind: &str, key: &str, old: Loc) {
        let file = self.files.get(old.file as usize).cloned().unwrap_or_default();
        let msg = format!(
            "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/{kind}/{key}'. Originally set at file://{file}?line={}&pos={}.",
            old.line, old.col
        );
        self.redefinitions.push((msg, None));
    }

    /// A copy of the definition tables.
    pub fn definitions(&self) -> Definitions {
        Definitions {
            classes: self.classes.clone(),
            defines: self.defines.clone(),
            functions: self.functions.clone(),
            nodes: self.nodes.clone(),
            type_aliases: self.type_aliases.clone(),
            redefinitions: self.redefinitions.clone(),
        }
    }

    /// Replaces the definition tables (with a copy [`Program::definitions`]
    /// took earlier).
    pub fn set_definitions(&mut self, d: Definitions) {
        self.classes = d.classes;
        self.defines = d.defines;
        self.functions = d.functions;
        self.nodes = d.nodes;
        self.type_aliases = d.type_aliases;
        self.redefinitions = d.redefinitions;
    }

    pub fn intern(&mut self, name: &str) -> Sym {
        if let Some(i) = self.syms.get_index_of(name) {
            return Sym::from_u32(i as u32);
        }
        let (i, _) = self.syms.insert_full(Rc::from(name));
        Sym::from_u32(i as u32)
    }

    /// `$a::b::c` (the name of symbol `s`, with or without its leading
    /// `::`): the class part in lower case (`""` for `$::c`) and the
    /// symbol of the variable's own name. Kept with the program, whose
    /// symbols are never removed nor renumbered, so a batch's later
    /// compiles split each name once instead of on every read: the result
    /// is a function of the name's text alone, so keeping it cannot change
    /// any output.
    pub fn split_qualified(&mut self, s: Sym) -> (Rc<str>, Sym) {
        if let Some(q) = self.qualified.get(&s) {
            return q.clone();
        }
        let name = self.name(s);
        let stripped = name.strip_prefix("::").unwrap_or(name);
        let (class, var): (Rc<str>, String) = match stripped.rsplit_once("::") {
            Some((c, v)) => (Rc::from(c.to_lowercase()), v.to_string()),
            None => (Rc::from(""), stripped.to_string()),
        };
        let q = (class, self.intern(&var));
        self.qualified.insert(s, q.clone());
        q
    }

    /// The symbol of a name, if any code mentions it.
    pub fn sym(&self, name: &str) -> Option<Sym> {
        self.syms.get_index_of(name).map(|i| Sym::from_u32(i as u32))
    }

    pub fn name(&self, s: Sym) -> &str {
        &self.syms[s.as_u32() as usize]
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Where Puppet's loaders define a type name before any manifest runs
/// (`type Integer = ...` may not redefine it): the type system's static
/// loader, or (origin unknown) Puppet's built-in aliases, Pcore's own
/// types and the resource types the static loader registers.
fn builtin_type_origin(key: &str) -> Option<&'static str> {
    const STATIC: &[&str] = &[
        "integer", "float", "numeric", "init", "iterable", "iterator", "string", "binary", "sensitive", "enum",
        "boolean", "pattern", "regexp", "array", "hash", "class", "resource", "collection", "scalar", "scalardata",
        "catalogentry", "undef", "notundef", "default", "any", "variant", "optional", "runtime", "type", "tuple",
        "struct", "object", "typealias", "typereference", "typeset", "callable", "semver", "semverrange",
        "timestamp", "timespan", "uri",
    ];
    const UNKNOWN: &[&str] = &[
        "data", "richdata", "richdatakey", "puppet::lookupkey", "puppet::lookupvalue", "pcore", "pcore::uri",
        "pcore::uri_rx", "pcore::simpletypename", "pcore::membername", "pcore::typename", "pcore::qref",
        "annotation", "deferred", "component", "exec", "file", "filebucket", "group", "node", "notify", "package",
        "resources", "schedule", "service", "stage", "tidy", "user", "whit",
    ];
    if STATIC.contains(&key) {
        Some("Originally set by Puppet-Type-System/Static-Loader.")
    } else if UNKNOWN.contains(&key) {
        Some("Set at unknown location")
    } else {
        None
    }
}
