//! Lowering: a validated AST to IR functions in a [`Program`]. This is the
//! only module of the crate that sees the frontend's AST.
//!
//! Every body becomes one IR function: the file's top level (`Main`), each
//! class, define, node and Puppet function, each lambda, and a thunk per
//! parameter default, parameter type, return type and type alias body.
//! Definitions are registered in the program while lowering, which gives
//! Puppet's hoisting: a class defined at the end of a file can be included
//! at its start.
//!
//! Variables: an assignment always stores into the scope (closures,
//! templates, `getvar` and qualified lookups from other classes read scopes),
//! but a later reference in the same body to a variable assigned in
//! straight-line code (or to a parameter) uses the SSA value directly, so
//! most local variable references cost nothing at run time. After a call
//! of `template()`/`inline_template()` references read the scope again: an
//! ERB template can change a variable's Array or Hash in place.

use std::collections::HashMap;

/// Locally bound variables of one lexical level (small integer keys: a
/// fast hasher, not SipHash).
type VarMap = HashMap<Sym, Val, foldhash::fast::FixedState>;

use pjit_frontend::ast::{self, Expr, ExprKind};
use pjit_frontend::{SourceFile, Span};
use pjit_frontend::visit::tree_extent;
use pjit_runtime::Value;

use crate::ir::*;

/// Lowers one parsed file into `prog`. Returns the file's top-level body.
pub fn lower_program(prog: &mut Program, src: &SourceFile, ast: &ast::Program) -> FuncId {
    lower_file(prog, src, ast, true).expect("a kept body has an id")
}

/// Lowers an autoloaded file into `prog` for its definitions. Its
/// top-level body is lowered but not kept: the autoloader never runs it (a
/// module file may hold only definitions, and an environment's
/// `functions/` or `types/` file is read for the one it names), and
/// keeping it would add a body per file to the program and to the passes.
pub fn lower_definitions(prog: &mut Program, src: &SourceFile, ast: &ast::Program) {
    lower_file(prog, src, ast, false);
}

/// Lowers one file; its top-level body is added to `prog` with `keep`.
fn lower_file(prog: &mut Program, src: &SourceFile, ast: &ast::Program, keep: bool) -> Option<FuncId> {
    let file = prog.files.len() as u32;
    prog.files.push(src.name().to_string());
    let mut lw = Lowerer { prog, src, file, type_ns: Vec::new() };
    let loc = lw.loc(ast.span.start());
    let mut b = FnBuilder::new("main", FuncKind::Main, loc);
    let v = match &ast.body {
        Some(e) => lw.expr(&mut b, e),
        None => b.const_(Value::Undef, loc),
    };
    if !keep {
        return None;
    }
    b.ret(v, loc);
    Some(lw.finish(b))
}

/// Lowers several manifest files into one main body, evaluated in order
/// (a manifests directory: Puppet parses each file and evaluates them as
/// one main class). Returns the body.
pub fn lower_manifests(prog: &mut Program, files: &[(&SourceFile, &ast::Program)]) -> FuncId {
    let mut b: Option<FnBuilder> = None;
    for (src, ast) in files {
        let file = prog.files.len() as u32;
        prog.files.push(src.name().to_string());
        let mut lw = Lowerer { prog: &mut *prog, src, file, type_ns: Vec::new() };
        let loc = lw.loc(ast.span.start());
        let fb = b.get_or_insert_with(|| FnBuilder::new("main", FuncKind::Main, loc));
        if let Some(e) = &ast.body {
            lw.expr(fb, e);
        }
    }
    let mut b = b.unwrap_or_else(|| FnBuilder::new("main", FuncKind::Main, Loc::default()));
    let loc = Loc::default();
    let v = b.const_(Value::Undef, loc);
    b.ret(v, loc);
    let src = SourceFile::new(String::new(), String::new());
    let mut lw = Lowerer { prog, src: &src, file: 0, type_ns: Vec::new() };
    lw.finish(b)
}

/// Lowers a parsed EPP template into `prog`: a lambda-like body whose
/// parameters are the template's (`<%- | $x, $y = 1 | -%>`) and whose value
/// is the rendered text. Returns the body.
pub fn lower_template(prog: &mut Program, src: &SourceFile, ast: &ast::Program) -> FuncId {
    let file = prog.files.len() as u32;
    prog.files.push(src.name().to_string());
    let mut lw = Lowerer { prog, src, file, type_ns: Vec::new() };
    match ast.body.as_deref() {
        Some(Expr { kind: ExprKind::Lambda(l), span }) => lw.lambda(l, *span),
        other => {
            let loc = lw.loc(ast.span.start());
            let mut b = FnBuilder::new("template", FuncKind::Lambda, loc);
            let v = lw.opt_expr(&mut b, other, ast.span);
            b.ret(v, loc);
            lw.finish(b)
        }
    }
}

/// A resource type as `puppet generate types` writes it into
/// `<environment>/.resource_types/<name>.pp`: one
/// `Puppet::Resource::ResourceType3.new(name, properties, parameters,
/// title_patterns, isomorphic, capability)` statement whose attributes
/// are `Puppet::Resource::Param(type, name, namevar?)` calls.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratedType {
    pub name: String,
    /// Properties, then parameters, each with whether it is a namevar.
    pub attributes: Vec<(String, bool)>,
    /// `{regexp source => [namevar, ...]}`, None when not given.
    pub title_patterns: Option<Vec<(String, Vec<String>)>>,
    pub isomorphic: bool,
}

/// Reads a `.resource_types` file the way Puppet's
/// `PuppetResourceTypeImplInstantiator` accepts it (exactly one
/// `Puppet::Resource::ResourceType3.new(...)` statement creating the type
/// `type_name`), with Puppet's messages for files that do not. The
/// arguments must be literals, as the generator writes them (positional,
/// or one hash of attributes); the `Param` types are not needed to compile.
pub fn read_generated_type(ast: &ast::Program, source_ref: &str, type_name: &str) -> Result<GeneratedType, String> {
    const RT3: &str = "Puppet::Resource::ResourceType3";
    let statements: Vec<&Expr> = match ast.body.as_deref() {
        Some(Expr { kind: ExprKind::Block(v), .. }) => v.iter().collect(),
        Some(e) => vec![e],
        None => vec![],
    };
    let statements: Vec<&Expr> = statements.into_iter().filter(|e| !matches!(e.kind, ExprKind::Nop)).collect();
    if statements.is_empty() {
        return Err(format!(
            "The code loaded from {source_ref} does not create the resource type '{type_name}' - it is empty"
        ));
    }
    let is_new = |e: &Expr| match &e.kind {
        ExprKind::CallMethod(c) => matches!(&c.functor.kind, ExprKind::NamedAccess { left, right }
            if matches!(&left.kind, ExprKind::QualifiedReference(r) if r == RT3)
                && matches!(&right.kind, ExprKind::QualifiedName(n) if n == "new")),
        _ => false,
    };
    let Some(call) = statements.iter().find(|e| is_new(e)) else {
        return Err(format!(
            "The code loaded from {source_ref} does not create the resource type '{type_name}' - no call to {RT3}.new found."
        ));
    };
    if statements.len() != 1 {
        return Err(format!(
            "The code loaded from {source_ref} must contain only the creation of resource type '{type_name}' - it has additional logic."
        ));
    }
    let ExprKind::CallMethod(c) = &call.kind else { unreachable!("checked by is_new") };
    let not_literal = || format!("The code loaded from {source_ref} creates the resource type '{type_name}' from values pjit cannot read (only literals, as `puppet generate types` writes them)");
    let args: Vec<Generated> = c.args.iter().map(generated_value).collect::<Option<_>>().ok_or_else(not_literal)?;
    // One hash argument names the attributes; otherwise they are positional.
    const KEYS: [&str; 6] = ["name", "properties", "parameters", "title_patterns_hash", "isomorphic", "capability"];
    let mut slots: Vec<Option<Generated>> = vec![None; KEYS.len()];
    match args.as_slice() {
        [Generated::Hash(h)] => {
            for (k, v) in h {
                let Generated::Str(k) = k else { return Err(not_literal()) };
                let key = if k == "title_patterns" { "title_patterns_hash" } else { k.as_str() };
                let i = KEYS.iter().position(|x| *x == key).ok_or_else(not_literal)?;
                slots[i] = Some(v.clone());
            }
        }
        _ if args.len() <= KEYS.len() => {
            for (i, a) in args.into_iter().enumerate() {
                slots[i] = Some(a);
            }
        }
        _ => return Err(not_literal()),
    }
    let name = match &slots[0] {
        Some(Generated::Str(n)) => n.clone(),
        _ => return Err(not_literal()),
    };
    if name != type_name {
        return Err(format!(
            "The code loaded from {source_ref} produced resource type with the wrong name, expected '{type_name}', actual '{name}'"
        ));
    }
    let mut attributes = vec![];
    for slot in &slots[1..3] {
        match slot {
            None | Some(Generated::Undef) => {}
            Some(Generated::List(ps)) => {
                for p in ps {
                    let Generated::Param(n, nv) = p else { return Err(not_literal()) };
                    attributes.push((n.clone(), *nv));
                }
            }
            _ => return Err(not_literal()),
        }
    }
    let title_patterns = match &slots[3] {
        None | Some(Generated::Undef) => None,
        Some(Generated::Hash(h)) => {
            let mut out = vec![];
            for (k, v) in h {
                let (Generated::Regex(re), Generated::List(names)) = (k, v) else { return Err(not_literal()) };
                let names = names.iter().map(|n| match n {
                    Generated::Str(s) => Some(s.clone()),
                    _ => None,
                });
                out.push((re.clone(), names.collect::<Option<Vec<_>>>().ok_or_else(not_literal)?));
            }
            Some(out)
        }
        _ => return Err(not_literal()),
    };
    let isomorphic = match &slots[4] {
        None => true,
        Some(Generated::Bool(b)) => *b,
        _ => return Err(not_literal()),
    };
    Ok(GeneratedType { name, attributes, title_patterns, isomorphic })
}

/// The literal values a generated resource type is made of.
#[derive(Debug, Clone)]
enum Generated {
    Str(String),
    Bool(bool),
    Undef,
    Regex(String),
    List(Vec<Generated>),
    Hash(Vec<(Generated, Generated)>),
    /// `Puppet::Resource::Param(type, name, namevar)`: the name and whether
    /// it is a namevar.
    Param(String, bool),
    /// A type expression (the type of a `Param`, not needed to compile).
    Type,
}

fn generated_value(e: &Expr) -> Option<Generated> {
    Some(match &e.kind {
        ExprKind::String(s) => Generated::Str(s.as_str().to_owned()),
        ExprKind::ConcatenatedString(parts) if parts.iter().all(|p| matches!(p.kind, ExprKind::String(_))) => {
            Generated::Str(parts.iter().map(|p| if let ExprKind::String(s) = &p.kind { s.as_str() } else { "" }).collect())
        }
        ExprKind::Boolean(b) => Generated::Bool(*b),
        ExprKind::Undef => Generated::Undef,
        ExprKind::Regex(r) => Generated::Regex(r.as_str().to_owned()),
        ExprKind::Parenthesized(x) => return generated_value(x),
        ExprKind::LiteralList(items) => Generated::List(items.iter().map(generated_value).collect::<Option<_>>()?),
        ExprKind::LiteralHash { entries, unfolded: false } => Generated::Hash(
            entries.iter().map(|en| Some((generated_value(&en.key)?, generated_value(&en.value)?))).collect::<Option<_>>()?,
        ),
        ExprKind::QualifiedReference(_) | ExprKind::Access { .. } => Generated::Type,
        ExprKind::CallNamedFunction(c)
            if matches!(&c.functor.kind, ExprKind::QualifiedReference(r) if r == "Puppet::Resource::Param") =>
        {
            let args: Vec<Generated> = c.args.iter().map(generated_value).collect::<Option<_>>()?;
            let (name, name_var) = match args.as_slice() {
                [Generated::Hash(h)] => {
                    let get = |k: &str| h.iter().find(|(x, _)| matches!(x, Generated::Str(s) if s == k)).map(|(_, v)| v);
                    (get("name")?.clone(), get("name_var").cloned())
                }
                [_, n] => (n.clone(), None),
                [_, n, nv] => (n.clone(), Some(nv.clone())),
                _ => return None,
            };
            let Generated::Str(name) = name else { return None };
            let name_var = match name_var {
                None => false,
                Some(Generated::Bool(b)) => b,
                Some(_) => return None,
            };
            Generated::Param(name, name_var)
        }
        _ => return None,
    })
}

struct Lowerer<'a> {
    prog: &'a mut Program,
    src: &'a SourceFile,
    file: u32,
    /// Inside the types of a TypeSet: the names its types use for each
    /// other and for referenced sets (lower-case name or first segment ->
    /// the global name), as Puppet's `TypeSetLoader` resolves them.
    type_ns: Vec<(String, String)>,
}

/// A function under construction.
struct FnBuilder {
    f: Function,
    cur: Block,
    /// Statically known variables, innermost layer last. A layer is pushed
    /// for every conditionally executed region.
    vars: Vec<VarMap>,
    /// Set after a call of `template()` or `inline_template()`: an ERB
    /// template may change the Ruby objects of the scope's variables in
    /// place (`@list << x`, as Puppet's variables are live Ruby objects), so
    /// later references read the scope instead of the SSA values.
    scope_reads: bool,
}

impl FnBuilder {
    fn new(name: &str, kind: FuncKind, loc: Loc) -> FnBuilder {
        let mut f = Function::new(name, kind, loc);
        let cur = f.add_block();
        FnBuilder { f, cur, vars: vec![VarMap::default()], scope_reads: false }
    }

    fn push(&mut self, op: Op, ty: Ty, loc: Loc) -> Val {
        self.f.append(self.cur, op, Some(ty), loc).expect("typed instruction has a result")
    }

    fn effect(&mut self, op: Op, loc: Loc) {
        self.f.append(self.cur, op, None, loc);
    }

    fn const_(&mut self, v: Value, loc: Loc) -> Val {
        let ty = Ty::of(&v);
        let c = self.f.add_const(v);
        self.push(Op::Const(c), ty, loc)
    }

    /// Ends the current block with a terminator and continues in a fresh
    /// (unreachable) block, so that code after `return` still lowers.
    fn terminate(&mut self, op: Op, loc: Loc) {
        self.effect(op, loc);
        self.cur = self.f.add_block();
    }

    fn ret(&mut self, v: Val, loc: Loc) {
        self.effect(Op::Return(v), loc);
    }

    fn jump(&mut self, to: Block, args: Vec<Val>, loc: Loc) {
        self.effect(Op::Jump(to, args), loc);
    }

    fn lookup_static(&self, s: Sym) -> Option<Val> {
        if self.scope_reads {
            return None;
        }
        self.vars.iter().rev().find_map(|l| l.get(&s).copied())
    }
}

impl Lowerer<'_> {
    fn loc(&self, span: Span) -> Loc {
        let (line, col) = self.src.line_col(span.lo as usize);
        Loc { file: self.file, line: line as u32, col: col as u32 }
    }

    fn finish(&mut self, mut b: FnBuilder) -> FuncId {
        // The fresh block left after a final terminator is unreachable and
        // empty; give it a terminator so every block is well-formed.
        if b.f.terminator(b.cur).is_none() {
            let loc = b.f.loc;
            let u = b.const_(Value::Undef, loc);
            b.ret(u, loc);
        }
        self.prog.funcs.push(std::rc::Rc::new(b.f))
    }

    fn undef(&mut self, b: &mut FnBuilder, span: Span) -> Val {
        let loc = self.loc(span);
        b.const_(Value::Undef, loc)
    }

    fn opt_expr(&mut self, b: &mut FnBuilder, e: Option<&Expr>, span: Span) -> Val {
        match e {
            Some(e) => self.expr(b, e),
            None => self.undef(b, span),
        }
    }

    /// Lowers `e` as a value.
    fn expr(&mut self, b: &mut FnBuilder, e: &Expr) -> Val {
        // Deeply nested input is bounded by the parser's depth limit;
        // recursion here follows the same tree.
        let loc = self.loc(e.span);
        match &e.kind {
            ExprKind::Nop => b.const_(Value::Undef, loc),
            ExprKind::Integer { value, .. } => match value {
                ast::IntValue::Small(i) => b.const_(Value::Integer(*i), loc),
                ast::IntValue::Big(_) => b.push(Op::Unsupported("integer literal out of range".into()), Ty::Any, loc),
            },
            ExprKind::Float(f) => b.const_(Value::Float(*f), loc),
            ExprKind::String(s) => b.const_(Value::string(s.as_str()), loc),
            ExprKind::Boolean(x) => b.const_(Value::Boolean(*x), loc),
            ExprKind::Undef => b.const_(Value::Undef, loc),
            ExprKind::Default => b.const_(Value::Default, loc),
            ExprKind::Regex(src) => match pjit_runtime::regex::Regex::new(src) {
                Ok(r) => b.const_(Value::Regexp(r), loc),
                Err(err) => b.push(Op::Unsupported(err.message().to_string()), Ty::Any, loc),
            },
            ExprKind::QualifiedName(n) => b.const_(Value::string(n.as_str()), loc),
            ExprKind::QualifiedReference(n) => {
                let s = self.prog.intern(n);
                b.push(Op::TypeRef(s), Ty::Type, loc)
            }
            ExprKind::ReservedWord { word, .. } => b.const_(Value::string(word.as_str()), loc),
            ExprKind::ConcatenatedString(parts) => {
                let vs = parts.iter().map(|p| self.expr(b, p)).collect();
                b.push(Op::Interp(vs), Ty::Str, loc)
            }
            ExprKind::Text(inner) => self.expr(b, inner),
            ExprKind::Heredoc { text, .. } => self.expr(b, text),
            ExprKind::Variable(name) => self.variable(b, name, loc),
            ExprKind::LiteralList(items) => {
                let vs = self.elements(b, items);
                b.push(Op::MakeArray(vs), Ty::Array, loc)
            }
            ExprKind::LiteralHash { entries, .. } => {
                let mut vs = Vec::with_capacity(entries.len() * 2);
                for en in entries {
                    vs.push(self.expr(b, &en.key));
                    vs.push(self.expr(b, &en.value));
                }
                b.push(Op::MakeHash(vs), Ty::Hash, loc)
            }
            ExprKind::Not(x) => {
                let v = self.expr(b, x);
                b.push(Op::Unary(UnOp::Not, v), Ty::Bool, loc)
            }
            ExprKind::UnaryMinus(x) => {
                let v = self.expr(b, x);
                b.push(Op::Unary(UnOp::Neg, v), Ty::Any, loc)
            }
            ExprKind::Unfold(x) => {
                let v = self.expr(b, x);
                b.push(Op::MakeArray(vec![(v, true)]), Ty::Array, loc)
            }
            ExprKind::Parenthesized(x) => self.expr(b, x),
            ExprKind::Arithmetic { op, left, right } => {
                let l = self.expr(b, left);
                let r = self.expr(b, right);
                let v = b.push(Op::Arith(arith_op(*op), l, r), Ty::Any, loc);
                self.operand_locs(b, v, left, right)
            }
            ExprKind::Comparison { op, left, right } => {
                let l = self.expr(b, left);
                let r = self.expr(b, right);
                b.push(Op::Cmp(cmp_op(*op), l, r), Ty::Bool, loc)
            }
            ExprKind::Match { op, left, right } => {
                let l = self.expr(b, left);
                let r = self.expr(b, right);
                let v = b.push(Op::Match { negate: *op == ast::MatchOp::NoMatch, left: l, right: r }, Ty::Bool, loc);
                self.operand_locs(b, v, left, right)
            }
            ExprKind::In { left, right } => {
                let l = self.expr(b, left);
                let r = self.expr(b, right);
                b.push(Op::In(l, r), Ty::Bool, loc)
            }
            ExprKind::And { left, right } => self.logical(b, true, left, right, loc),
            ExprKind::Or { left, right } => self.logical(b, false, left, right, loc),
            ExprKind::Assignment { left, right, .. } => {
                let v = self.expr(b, right);
                self.assign(b, left, right, v, loc);
                v
            }
            ExprKind::Access { left, keys } => {
                let base = self.expr(b, left);
                let ks = keys.iter().map(|k| self.expr(b, k)).collect();
                let v = b.push(Op::Access(base, ks), Ty::Any, loc);
                self.access_locs(b, v, left, keys)
            }
            ExprKind::NamedAccess { .. } => {
                b.push(Op::Unsupported("a '.' expression that is not a method call".into()), Ty::Any, loc)
            }
            ExprKind::Selector { left, entries } => self.selector(b, left, entries, loc),
            ExprKind::Block(items) => {
                let mut last = None;
                for it in items {
                    last = Some(self.expr(b, it));
                }
                match last {
                    Some(v) => v,
                    None => b.const_(Value::Undef, loc),
                }
            }
            ExprKind::If { test, then_expr, else_expr } => {
                self.conditional(b, test, then_expr.as_deref(), else_expr.as_deref(), false, e.span)
            }
            ExprKind::Unless { test, then_expr, else_expr } => {
                self.conditional(b, test, then_expr.as_deref(), else_expr.as_deref(), true, e.span)
            }
            ExprKind::Case { test, options } => self.case(b, test, options, e.span),
            ExprKind::CallNamedFunction(call) => self.call(b, call, false, loc),
            ExprKind::CallMethod(call) => self.call(b, call, true, loc),
            ExprKind::Lambda(l) => {
                let f = self.lambda(l, e.span);
                b.push(Op::Closure(f), Ty::Callable, loc)
            }
            ExprKind::Resource { form, type_name, bodies } => {
                let ty = self.expr(b, type_name);
                // Per body, as Puppet's evaluator goes: the title, its
                // checks, then the attribute operations.
                let mut bs = Vec::with_capacity(bodies.len());
                let mut earlier = Vec::with_capacity(bodies.len());
                for body in bodies {
                    let title = self.expr(b, &body.title);
                    let tloc = self.loc(body.title.span);
                    let titles = b.push(Op::ResourceTitles { title, earlier: earlier.clone() }, Ty::Array, tloc);
                    self.set_operand_locs(b, titles, tloc, loc);
                    earlier.push(titles);
                    let attrs = self.attribute_ops(b, &body.operations, body.span, loc);
                    bs.push((titles, attrs));
                }
                b.push(
                    Op::Resource {
                        virtual_: *form != ast::ResourceForm::Regular,
                        exported: *form == ast::ResourceForm::Exported,
                        ty,
                        bodies: bs,
                    },
                    Ty::Array,
                    loc,
                )
            }
            ExprKind::ResourceDefaults { type_ref, operations, .. } => {
                let ty = self.expr(b, type_ref);
                let (set, add) = self.attribute_ops_split(b, operations, e.span);
                // Puppet 7 treats `+>` in a defaults expression like `=>`.
                let attrs = b.push(Op::Arith(ArithOp::Add, set, add), Ty::Hash, loc);
                b.push(Op::ResourceDefaults { ty, attrs }, Ty::Any, loc)
            }
            ExprKind::ResourceOverride { resources, operations, .. } => {
                let refs = self.expr(b, resources);
                let (set, add) = self.attribute_ops_split(b, operations, e.span);
                b.push(Op::ResourceOverride { refs, set, add }, Ty::Any, loc)
            }
            ExprKind::Collect { type_expr, query, operations } => {
                let ty = match &type_expr.kind {
                    ExprKind::QualifiedReference(n) => self.prog.intern(&n.to_ascii_lowercase()),
                    _ => return self.unsupported(b, "collectors of computed types", loc),
                };
                let mut q = vec![];
                if let Some(qe) = &query.expr {
                    if !self.query(b, qe, &mut q) {
                        return self.unsupported(b, "this collector query", loc);
                    }
                }
                let (set, add) = self.attribute_ops_split(b, operations, e.span);
                let exported = query.kind == ast::QueryKind::Exported;
                b.push(Op::Collect { ty, exported, query: q, set, add }, Ty::Any, loc)
            }
            ExprKind::Relationship { op, left, right } => {
                let l = self.expr(b, left);
                let r = self.expr(b, right);
                let kind = match op {
                    ast::RelOp::Before => RelKind::Before,
                    ast::RelOp::Notify => RelKind::Notify,
                    ast::RelOp::Require => RelKind::Require,
                    ast::RelOp::Subscribe => RelKind::Subscribe,
                };
                let (left_collector, right_collector) = (is_collector(left), is_collector(right));
                b.push(Op::Relationship { kind, left: l, right: r, left_collector, right_collector }, Ty::Any, loc)
            }
            ExprKind::HostClass(d) => {
                let body = self.definition(d, FuncKind::Class, e.span);
                self.prog.define(Definition::Class(ClassDef { name: d.name.as_str().to_owned(), parent: d.parent.as_deref().map(str::to_owned), body, loc }));
                b.const_(Value::Undef, loc)
            }
            ExprKind::ResourceType(d) => {
                let body = self.definition(d, FuncKind::Define, e.span);
                self.prog.define(Definition::Define { name: d.name.as_str().to_owned(), body });
                b.const_(Value::Undef, loc)
            }
            ExprKind::Function(d) => {
                let body = self.definition(d, FuncKind::Function, e.span);
                self.prog.define(Definition::Function { name: d.name.as_str().to_owned(), body });
                b.const_(Value::Undef, loc)
            }
            ExprKind::Node { host_matches, parent, body } => {
                let mut nb = FnBuilder::new("node", FuncKind::Node, loc);
                let v = self.opt_expr(&mut nb, body.as_deref(), e.span);
                nb.ret(v, loc);
                let body = self.finish(nb);
                let matches: Vec<NodeMatch> = host_matches
                    .iter()
                    .map(|m| match &m.kind {
                        ExprKind::Default => NodeMatch::Default,
                        ExprKind::Regex(r) => NodeMatch::Regex(r.as_str().to_owned()),
                        ExprKind::String(s) | ExprKind::QualifiedName(s) => NodeMatch::Name(s.as_str().to_ascii_lowercase()),
                        ExprKind::Integer { value: ast::IntValue::Small(i), .. } => NodeMatch::Name(i.to_string()),
                        _ => NodeMatch::Name(pjit_frontend::printer::print_expr(m)),
                    })
                    .collect();
                let parent = parent.as_ref().map(|p| match &p.kind {
                    ExprKind::String(s) | ExprKind::QualifiedName(s) => s.as_str().to_owned(),
                    _ => String::new(),
                });
                self.prog.define(Definition::Node(NodeDef { matches, parent, body, loc }));
                b.const_(Value::Undef, loc)
            }
            ExprKind::TypeAlias { name, type_expr } => {
                // Puppet positions an alias at its name.
                let name_at = self.src.text()[e.span.lo as usize..].find(name.as_str()).map(|o| e.span.lo as usize + o);
                let name_loc = name_at.map(|o| self.loc(Span::new(o, o))).unwrap_or(loc);
                let loc = name_loc;
                self.type_definition(name, type_expr, Some(e.span.lo as usize), loc);
                b.const_(Value::Undef, loc)
            }
            // `type Runtime[ruby, 'X'] = ...` maps Ruby classes to Pcore
            // types for Ruby code; a compile has none, so it does nothing.
            ExprKind::TypeMapping { .. } => b.const_(Value::Undef, loc),
            ExprKind::TypeDefinition { .. } => self.unsupported(b, "type definitions", loc),
            ExprKind::Epp { body, .. } => {
                b.effect(Op::RenderPush, loc);
                if let Some(body) = body {
                    self.expr(b, body);
                }
                b.push(Op::RenderPop, Ty::Str, loc)
            }
            ExprKind::RenderString(s) => {
                let v = b.const_(Value::string(s.as_str()), loc);
                b.effect(Op::Render(v), loc);
                b.const_(Value::Undef, loc)
            }
            ExprKind::RenderExpression(e) => {
                let v = self.expr(b, e);
                b.effect(Op::Render(v), loc);
                b.const_(Value::Undef, loc)
            }
        }
    }

    /// Records where the operands of the binary operator defining `v` are.
    fn operand_locs(&mut self, b: &mut FnBuilder, v: Val, left: &Expr, right: &Expr) -> Val {
        let (l, r) = (self.loc(left.span), self.loc(right.span));
        self.set_operand_locs(b, v, l, r)
    }

    /// Records the two locations an instruction's errors may blame.
    fn set_operand_locs(&mut self, b: &mut FnBuilder, v: Val, left: Loc, right: Loc) -> Val {
        if let ValDef::Inst(i) = b.f.vals[v].def {
            b.f.insts[i].operand_locs = Some(Box::new(vec![left, right]));
        }
        v
    }

    /// Records where an access's base and each of its keys are.
    fn access_locs(&mut self, b: &mut FnBuilder, v: Val, base: &Expr, keys: &[Expr]) -> Val {
        if let ValDef::Inst(i) = b.f.vals[v].def {
            let locs: Vec<Loc> = std::iter::once(base).chain(keys).map(|e| self.loc(e.span)).collect();
            b.f.insts[i].operand_locs = Some(Box::new(locs));
        }
        v
    }

    fn unsupported(&mut self, b: &mut FnBuilder, what: &str, loc: Loc) -> Val {
        b.push(Op::Unsupported(format!("pjit does not evaluate {what} yet")), Ty::Any, loc)
    }

    fn elements(&mut self, b: &mut FnBuilder, items: &[Expr]) -> Vec<(Val, bool)> {
        items
            .iter()
            .map(|it| match &unparen(it).kind {
                ExprKind::Unfold(x) => (self.expr(b, x), true),
                _ => (self.expr(b, it), false),
            })
            .collect()
    }

    fn variable(&mut self, b: &mut FnBuilder, name: &str, loc: Loc) -> Val {
        if !name.is_empty() && name.bytes().all(|c| c.is_ascii_digit()) {
            let n = name.parse::<u32>().unwrap_or(u32::MAX);
            return b.push(Op::GetMatch(n), Ty::Any, loc);
        }
        let s = self.prog.intern(name);
        if let Some(v) = b.lookup_static(s) {
            return v;
        }
        b.push(Op::GetVar(s), Ty::Any, loc)
    }

    fn assign(&mut self, b: &mut FnBuilder, left: &Expr, right: &Expr, v: Val, loc: Loc) {
        match &left.kind {
            ExprKind::Variable(name) => {
                let s = self.prog.intern(name);
                b.effect(Op::SetVar(s, v), loc);
                b.vars.last_mut().expect("a variable layer").entry(s).or_insert(v);
            }
            ExprKind::LiteralList(items) => match self.assign_targets(items) {
                Some(targets) => {
                    b.effect(Op::AssignMulti(targets, v), loc);
                    let last = *b.f.blocks[b.cur].insts.last().expect("just appended");
                    b.f.insts[last].operand_locs = Some(Box::new(vec![self.loc(left.span), self.loc(right.span)]));
                }
                None => {
                    b.push(Op::Unsupported("assignment to this expression".into()), Ty::Any, loc);
                }
            },
            _ => {
                b.push(Op::Unsupported("assignment to this expression".into()), Ty::Any, loc);
            }
        }
    }

    /// The targets of `[$a, [$b]] = ...`; None if an entry is neither a
    /// variable nor a list (validation rejects those first).
    fn assign_targets(&mut self, items: &[Expr]) -> Option<Vec<AssignTarget>> {
        items
            .iter()
            .map(|i| match &i.kind {
                ExprKind::Variable(n) => Some(AssignTarget::Var(self.prog.intern(n), self.loc(i.span))),
                ExprKind::LiteralList(inner) => {
                    let l = self.loc(i.span);
                    self.assign_targets(inner).map(|ts| AssignTarget::List(ts, l))
                }
                _ => None,
            })
            .collect()
    }

    fn logical(&mut self, b: &mut FnBuilder, is_and: bool, left: &Expr, right: &Expr, loc: Loc) -> Val {
        let l = self.expr(b, left);
        let lt = b.push(Op::Unary(UnOp::Truthy, l), Ty::Bool, loc);
        let rhs = b.f.add_block();
        let merge = b.f.add_block();
        let res = b.f.add_block_param(merge, Ty::Bool);
        let (then_dest, then_args, else_dest, else_args) =
            if is_and { (rhs, [].into(), merge, [lt].into()) } else { (merge, [lt].into(), rhs, [].into()) };
        b.effect(Op::Branch { cond: lt, then_dest, then_args, else_dest, else_args }, loc);
        b.cur = rhs;
        b.vars.push(VarMap::default());
        let r = self.expr(b, right);
        b.vars.pop();
        let rt = b.push(Op::Unary(UnOp::Truthy, r), Ty::Bool, loc);
        b.jump(merge, vec![rt], loc);
        b.cur = merge;
        res
    }

    fn conditional(
        &mut self,
        b: &mut FnBuilder,
        test: &Expr,
        then_e: Option<&Expr>,
        else_e: Option<&Expr>,
        negate: bool,
        span: Span,
    ) -> Val {
        let loc = self.loc(span);
        b.effect(Op::MatchPush, loc);
        let t = self.expr(b, test);
        let c = b.push(Op::Unary(UnOp::Truthy, t), Ty::Bool, loc);
        let then_b = b.f.add_block();
        let else_b = b.f.add_block();
        let merge = b.f.add_block();
        let res = b.f.add_block_param(merge, Ty::Any);
        let (tb, eb) = if negate { (else_b, then_b) } else { (then_b, else_b) };
        b.effect(Op::Branch { cond: c, then_dest: tb, then_args: [].into(), else_dest: eb, else_args: [].into() }, loc);
        for (blk, body) in [(then_b, then_e), (else_b, else_e)] {
            b.cur = blk;
            b.vars.push(VarMap::default());
            let v = self.opt_expr(b, body, span);
            b.vars.pop();
            b.jump(merge, vec![v], loc);
        }
        b.cur = merge;
        b.effect(Op::MatchPop, loc);
        res
    }

    /// Lowers a case option or selector key test: branches to `hit` when
    /// `test` matches `option`, otherwise falls through to a new block.
    /// `whole`: where the `case` statement (or the selector, `selector`) is.
    fn option_test(&mut self, b: &mut FnBuilder, test: Val, option: &Expr, hit: Block, selector: bool, whole: Loc) {
        let loc = self.loc(option.span);
        let (ov, any) = match &unparen(option).kind {
            ExprKind::Unfold(x) => (self.expr(b, x), true),
            _ => (self.expr(b, option), false),
        };
        let m = b.push(Op::CaseMatch { test, option: ov, any, selector }, Ty::Bool, loc);
        if let ValDef::Inst(i) = b.f.vals[m].def {
            b.f.insts[i].operand_locs = Some(Box::new(vec![whole]));
        }
        let next = b.f.add_block();
        b.effect(Op::Branch { cond: m, then_dest: hit, then_args: [].into(), else_dest: next, else_args: [].into() }, loc);
        b.cur = next;
    }

    fn case(&mut self, b: &mut FnBuilder, test: &Expr, options: &[ast::CaseOption], span: Span) -> Val {
        let loc = self.loc(span);
        b.effect(Op::MatchPush, loc);
        let t = self.expr(b, test);
        let merge = b.f.add_block();
        let res = b.f.add_block_param(merge, Ty::Any);
        let mut default_body = None;
        let mut bodies = vec![];
        b.vars.push(VarMap::default());
        for opt in options {
            let body = b.f.add_block();
            for v in &opt.values {
                if matches!(unparen(v).kind, ExprKind::Default) {
                    default_body = Some((body, opt));
                } else {
                    self.option_test(b, t, v, body, false, loc);
                }
            }
            bodies.push((body, opt));
        }
        // No option matched.
        match default_body {
            Some((body, _)) => b.jump(body, vec![], loc),
            None => {
                let u = b.const_(Value::Undef, loc);
                b.jump(merge, vec![u], loc);
            }
        }
        for (body, opt) in bodies {
            b.cur = body;
            b.vars.push(VarMap::default());
            let v = self.opt_expr(b, opt.then_expr.as_deref(), opt.span);
            b.vars.pop();
            b.jump(merge, vec![v], loc);
        }
        b.vars.pop();
        b.cur = merge;
        b.effect(Op::MatchPop, loc);
        res
    }

    fn selector(&mut self, b: &mut FnBuilder, left: &Expr, entries: &[ast::SelectorEntry], loc: Loc) -> Val {
        b.effect(Op::MatchPush, loc);
        let t = self.expr(b, left);
        let merge = b.f.add_block();
        let res = b.f.add_block_param(merge, Ty::Any);
        let mut default = None;
        let mut values = vec![];
        b.vars.push(VarMap::default());
        for en in entries {
            if matches!(unparen(&en.matching).kind, ExprKind::Default) {
                default = Some(&en.value);
                continue;
            }
            let hit = b.f.add_block();
            self.option_test(b, t, &en.matching, hit, true, loc);
            values.push((hit, &en.value));
        }
        match default {
            Some(d) => {
                b.vars.push(VarMap::default());
                let v = self.expr(b, d);
                b.vars.pop();
                b.jump(merge, vec![v], loc);
            }
            None => b.effect(Op::NoSelectorMatch(t), loc),
        }
        for (hit, value) in values {
            b.cur = hit;
            b.vars.push(VarMap::default());
            let v = self.expr(b, value);
            b.vars.pop();
            b.jump(merge, vec![v], loc);
        }
        b.vars.pop();
        b.cur = merge;
        b.effect(Op::MatchPop, loc);
        res
    }

    fn call(&mut self, b: &mut FnBuilder, call: &ast::Call, method: bool, loc: Loc) -> Val {
        let (name, receiver) = if method {
            match &call.functor.kind {
                ExprKind::NamedAccess { left, right } => match &right.kind {
                    ExprKind::QualifiedName(n) => (n.as_str().to_owned(), Some(&**left)),
                    _ => return self.unsupported(b, "method calls on computed names", loc),
                },
                _ => return self.unsupported(b, "method calls on computed names", loc),
            }
        } else {
            match &call.functor.kind {
                ExprKind::QualifiedName(n) => (n.as_str().to_owned(), None),
                // `Integer('0x10')`, `Array[String]($x)`: a type called as a
                // function is `new` with the type first.
                ExprKind::QualifiedReference(_) | ExprKind::Access { .. } => ("new".to_string(), Some(&*call.functor)),
                _ => return self.unsupported(b, "calls of computed functions", loc),
            }
        };
        let mut args = Vec::with_capacity(call.args.len() + 1);
        if let Some(r) = receiver {
            args.push((self.expr(b, r), false));
        }
        args.extend(self.elements(b, &call.args));
        let block = call.lambda.as_ref().map(|l| match &l.kind {
            ExprKind::Lambda(lam) => {
                let f = self.lambda(lam, l.span);
                let lloc = self.loc(l.span);
                b.push(Op::Closure(f), Ty::Callable, lloc)
            }
            _ => self.expr(b, l),
        });
        // `$x.next` may be a member of an Object `$x`: a call.
        let kind = match name.as_str() {
            _ if method => None,
            "break" if args.is_empty() => Some(UnwindKind::Break),
            "next" if args.len() <= 1 => Some(UnwindKind::Next),
            "return" if args.len() <= 1 => Some(UnwindKind::Return),
            _ => None,
        };
        if let (Some(kind), None, false) = (kind, &block, args.iter().any(|(_, s)| *s)) {
            let v = match args.first() {
                Some((v, _)) => *v,
                None => b.const_(Value::Undef, loc),
            };
            b.terminate(Op::Unwind(kind, v), loc);
            return b.const_(Value::Undef, loc);
        }
        let s = self.prog.intern(&name);
        let v = b.push(Op::Call { name: s, args, block, method }, Ty::Any, loc);
        if matches!(crate::interp::catalog::strip_colons(&name), "template" | "inline_template") {
            b.scope_reads = true;
        }
        v
    }

    /// The attributes of a resource body as a hash. An attribute set twice
    /// fails once its second value is evaluated (Puppet's evaluator checks
    /// as it goes), blamed on the resource expression at `expr_loc`.
    fn attribute_ops(&mut self, b: &mut FnBuilder, ops: &[ast::AttributeOp], span: Span, expr_loc: Loc) -> Val {
        let mut vs = Vec::with_capacity(ops.len() * 2);
        let mut splats = vec![];
        let mut seen = std::collections::HashSet::with_hasher(foldhash::fast::FixedState::default());
        for op in ops {
            match op {
                ast::AttributeOp::Set { name, value, .. } if !seen.insert(name.as_str()) => {
                    self.expr(b, value);
                    let msg = format!("The attribute '{name}' has already been set");
                    b.push(Op::Fail(msg), Ty::Any, expr_loc);
                }
                ast::AttributeOp::Set { span, name, append, value } => {
                    let l = self.loc(*span);
                    if *append {
                        return b.push(
                            Op::Unsupported("pjit does not evaluate '+>' attribute appends yet".into()),
                            Ty::Any,
                            l,
                        );
                    }
                    vs.push(b.const_(Value::string(name.as_str()), l));
                    vs.push(self.expr(b, value));
                }
                ast::AttributeOp::Splat { value, .. } => splats.push((self.expr(b, value), self.loc(value.span))),
            }
        }
        let loc = self.loc(span);
        let h = b.push(Op::MakeHash(vs), Ty::Hash, loc);
        // `* => $h` must be a hash that sets none of the explicit attributes.
        splats.into_iter().fold(h, |acc, (s, at)| {
            let s = b.push(Op::AttributeSplat { splat: s, set: Some(h) }, Ty::Hash, expr_loc);
            self.set_operand_locs(b, s, at, at);
            b.push(Op::Arith(ArithOp::Add, s, acc), Ty::Hash, loc)
        })
    }

    /// Attribute operations as two hashes: `=>` (with `* =>` merged under
    /// the explicit ones) and `+>`.
    fn attribute_ops_split(&mut self, b: &mut FnBuilder, ops: &[ast::AttributeOp], span: Span) -> (Val, Val) {
        let (mut set, mut add) = (vec![], vec![]);
        let mut splats = vec![];
        for op in ops {
            match op {
                ast::AttributeOp::Set { span, name, append, value } => {
                    let l = self.loc(*span);
                    let out = if *append { &mut add } else { &mut set };
                    out.push(b.const_(Value::string(name.as_str()), l));
                    out.push(self.expr(b, value));
                }
                ast::AttributeOp::Splat { value, .. } => {
                    let v = self.expr(b, value);
                    let at = self.loc(value.span);
                    let s = b.push(Op::AttributeSplat { splat: v, set: None }, Ty::Hash, at);
                    splats.push(self.set_operand_locs(b, s, at, at));
                }
            }
        }
        let loc = self.loc(span);
        let h = b.push(Op::MakeHash(set), Ty::Hash, loc);
        // `* => $h` merges under the explicit attributes (explicit ones win).
        let set = splats.into_iter().fold(h, |acc, s| b.push(Op::Arith(ArithOp::Add, s, acc), Ty::Hash, loc));
        (set, b.push(Op::MakeHash(add), Ty::Hash, loc))
    }

    /// A collector query in postfix order; false if it holds something a
    /// query cannot (validation rejects those first).
    fn query(&mut self, b: &mut FnBuilder, e: &Expr, out: &mut Vec<QueryOp>) -> bool {
        match &e.kind {
            ExprKind::Parenthesized(inner) => self.query(b, inner, out),
            ExprKind::And { left, right } | ExprKind::Or { left, right } => {
                if !self.query(b, left, out) || !self.query(b, right, out) {
                    return false;
                }
                out.push(if matches!(e.kind, ExprKind::And { .. }) { QueryOp::And } else { QueryOp::Or });
                true
            }
            ExprKind::Comparison { op: op @ (ast::CmpOp::Eq | ast::CmpOp::Ne), left, right } => {
                let attr = match &left.kind {
                    ExprKind::QualifiedName(n) | ExprKind::String(n) => n.clone(),
                    _ => return false,
                };
                let a = self.prog.intern(&attr);
                let v = self.expr(b, right);
                out.push(if *op == ast::CmpOp::Eq { QueryOp::Eq(a, v) } else { QueryOp::Ne(a, v) });
                true
            }
            _ => false,
        }
    }

    fn thunk(&mut self, name: &str, e: &Expr) -> FuncId {
        let loc = self.loc(e.span);
        let mut b = FnBuilder::new(name, FuncKind::Thunk, loc);
        let v = self.expr(&mut b, e);
        b.ret(v, loc);
        self.finish(b)
    }

    /// `type Name = ...` (and each type of a TypeSet, named `Set::Name`),
    /// as Puppet's `TypeDefinitionInstantiator`: a literal hash or
    /// `Object[{...}]` defines an Object type of that name, `TypeSet[{...}]`
    /// a TypeSet, anything else an alias. The body's thunk says which by
    /// its name (`type A`, `type A = Object`, `type A = TypeSet`); for a
    /// definition it returns the init hash.
    fn type_definition(&mut self, name: &str, type_expr: &Expr, alias_start: Option<usize>, loc: Loc) {
        self.type_definition_in(name, type_expr, alias_start, loc, None)
    }

    /// [`Self::type_definition`]; a type of a TypeSet (`set`) says so in
    /// its thunk's name (`type S::A = Object in S`): Puppet's loaders know
    /// it only once the set is loaded.
    fn type_definition_in(&mut self, name: &str, type_expr: &Expr, alias_start: Option<usize>, loc: Loc, set: Option<&str>) {
        let in_set = set.map(|s| format!(" in {s}")).unwrap_or_default();
        let init = |e: &Expr| -> Option<Option<Expr>> {
            match &e.kind {
                ExprKind::LiteralHash { .. } => Some(Some(e.clone())),
                ExprKind::Access { left, keys } => match &left.kind {
                    ExprKind::QualifiedReference(n) if n.as_str() == "Object" || n.as_str() == "TypeSet" => {
                        Some(keys.first().cloned())
                    }
                    _ => None,
                },
                _ => None,
            }
        };
        let kind = match &type_expr.kind {
            ExprKind::Access { left, .. } if matches!(&left.kind, ExprKind::QualifiedReference(n) if n.as_str() == "TypeSet") => {
                "TypeSet"
            }
            _ => "Object",
        };
        let f = match init(type_expr) {
            None => match alias_start {
                Some(start) => self.alias_thunk(&format!("type {name}{in_set}"), type_expr, start),
                None => self.alias_thunk(&format!("type {name}{in_set}"), type_expr, type_expr.span.lo as usize),
            },
            Some(hash) => {
                let at = self.loc(type_expr.span);
                let mut b = FnBuilder::new(&format!("type {name} = {kind}{in_set}"), FuncKind::Thunk, at);
                let v = match (&hash, kind) {
                    (Some(h), "TypeSet") => self.type_set_init(&mut b, name, h),
                    (Some(h), _) => self.type_spec(&mut b, h, None),
                    (None, _) => b.const_(Value::Undef, at),
                };
                b.ret(v, at);
                self.finish(b)
            }
        };
        self.prog.define(Definition::TypeAlias { name: name.to_owned(), body: f, loc });
    }

    /// The init hash of `type S = TypeSet[{...}]`: each entry of `types` is
    /// defined as the type `S::Name` (its names resolved in the set first)
    /// and stands in the hash as a reference to that type.
    fn type_set_init(&mut self, b: &mut FnBuilder, set: &str, init: &Expr) -> Val {
        let ExprKind::LiteralHash { entries, .. } = &init.kind else { return self.type_spec(b, init, None) };
        let key_name = |e: &Expr| match &e.kind {
            ExprKind::QualifiedReference(n) | ExprKind::QualifiedName(n) | ExprKind::String(n) => Some(n.as_str().to_owned()),
            _ => None,
        };
        // The names the set's types see: its own types, then the aliases of
        // referenced sets (`Ref::T` is `<referenced set>::T`).
        let mut ns: Vec<(String, String)> = Vec::new();
        for en in entries {
            match (key_name(&en.key).as_deref(), &en.value.kind) {
                (Some("types"), ExprKind::LiteralHash { entries: ts, .. }) => {
                    for t in ts {
                        if let Some(n) = key_name(&t.key) {
                            ns.push((n.to_ascii_lowercase(), format!("{set}::{n}")));
                        }
                    }
                }
                (Some("references"), ExprKind::LiteralHash { entries: rs, .. }) => {
                    for r in rs {
                        let target = match &r.value.kind {
                            ExprKind::LiteralHash { entries: fields, .. } => fields.iter().find_map(|f| {
                                (key_name(&f.key).as_deref() == Some("name")).then(|| key_name(&f.value)).flatten()
                            }),
                            _ => None,
                        };
                        if let (Some(alias), Some(target)) = (key_name(&r.key), target) {
                            ns.push((alias.to_ascii_lowercase(), target));
                        }
                    }
                }
                _ => {}
            }
        }
        let mut vs = Vec::with_capacity(entries.len() * 2);
        for en in entries {
            vs.push(self.type_spec(b, &en.key, None));
            match (key_name(&en.key).as_deref(), &en.value.kind) {
                (Some("types"), ExprKind::LiteralHash { entries: ts, .. }) => {
                    let mut tv = Vec::with_capacity(ts.len() * 2);
                    for t in ts {
                        let Some(n) = key_name(&t.key) else { continue };
                        let full = format!("{set}::{n}");
                        let outer = std::mem::replace(&mut self.type_ns, ns.clone());
                        let at = self.loc(t.value.span);
                        self.type_definition_in(&full, &t.value, None, at, Some(set));
                        self.type_ns = outer;
                        let loc = self.loc(t.key.span);
                        tv.push(b.const_(Value::string(n.as_str()), loc));
                        let sym = self.prog.intern(&full);
                        tv.push(b.push(Op::TypeSpec { name: sym, args: None, text: full.as_str().into() }, Ty::Type, loc));
                    }
                    let loc = self.loc(en.value.span);
                    vs.push(b.push(Op::MakeHash(tv), Ty::Hash, loc));
                }
                _ => vs.push(self.type_spec(b, &en.value, None)),
            }
        }
        let loc = self.loc(init.span);
        b.push(Op::MakeHash(vs), Ty::Hash, loc)
    }

    /// A type name as the current TypeSet sees it (see `type_ns`).
    fn ns_name(&self, n: &str) -> String {
        if self.type_ns.is_empty() {
            return n.to_string();
        }
        let (first, rest) = match n.split_once("::") {
            Some((f, r)) => (f, Some(r)),
            None => (n, None),
        };
        let lower = first.to_ascii_lowercase();
        match self.type_ns.iter().find(|(k, _)| *k == lower) {
            Some((_, full)) => match rest {
                Some(r) => format!("{full}::{r}"),
                None => full.clone(),
            },
            None => n.to_string(),
        }
    }

    /// The body of `type A = ...`, which Puppet reads with its type parser
    /// rather than evaluating it: names become `TypeSpec`s and anything
    /// that is not a literal fails when the alias is resolved.
    /// `alias_start` is where the alias's name starts.
    fn alias_thunk(&mut self, name: &str, e: &Expr, alias_start: usize) -> FuncId {
        let loc = self.loc(e.span);
        let mut b = FnBuilder::new(name, FuncKind::Thunk, loc);
        let v = self.type_spec(&mut b, e, Some(alias_start));
        b.ret(v, loc);
        self.finish(b)
    }

    /// `e` as Puppet's `TypeParser` interprets it. For the alias body
    /// itself (`alias_start` given), Puppet's parser gives a `Name[...]`
    /// no position of its own, and its text runs from the alias's name to
    /// the end of the last parameter (`A = Nosuch[1`): that text names an
    /// unresolved type reference and appears in messages.
    fn type_spec(&mut self, b: &mut FnBuilder, e: &Expr, alias_start: Option<usize>) -> Val {
        let loc = self.loc(e.span);
        match &e.kind {
            ExprKind::QualifiedReference(n) => {
                let name = self.prog.intern(&self.ns_name(n));
                b.push(Op::TypeSpec { name, args: None, text: n.as_str().into() }, Ty::Type, loc)
            }
            ExprKind::Access { left, keys } if matches!(left.kind, ExprKind::QualifiedReference(_)) => {
                let ExprKind::QualifiedReference(n) = &left.kind else { unreachable!("matched above") };
                let args = keys.iter().map(|k| self.type_spec(b, k, None)).collect();
                let text = match (alias_start, keys.last()) {
                    (Some(lo), Some(last)) => self.tree_text_from(lo, last),
                    _ => self.tree_text(e),
                };
                let name = self.prog.intern(&self.ns_name(n));
                b.push(Op::TypeSpec { name, args: Some(args), text: text.into() }, Ty::Type, loc)
            }
            ExprKind::Integer { .. }
            | ExprKind::Float(_)
            | ExprKind::String(_)
            | ExprKind::Boolean(_)
            | ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Regex(_)
            | ExprKind::QualifiedName(_) => self.expr(b, e),
            ExprKind::Heredoc { text, .. } => self.type_spec(b, text, None),
            ExprKind::UnaryMinus(x) => {
                let v = self.type_spec(b, x, None);
                b.push(Op::Unary(UnOp::Neg, v), Ty::Any, loc)
            }
            ExprKind::LiteralList(items) if !items.iter().any(|i| matches!(i.kind, ExprKind::Unfold(_))) => {
                let vs = items.iter().map(|i| (self.type_spec(b, i, None), false)).collect();
                b.push(Op::MakeArray(vs), Ty::Array, loc)
            }
            ExprKind::LiteralHash { entries, .. } => {
                let mut vs = Vec::with_capacity(entries.len() * 2);
                for en in entries {
                    vs.push(self.type_spec(b, &en.key, None));
                    vs.push(self.type_spec(b, &en.value, None));
                }
                b.push(Op::MakeHash(vs), Ty::Hash, loc)
            }
            _ => {
                let text = match alias_start {
                    Some(lo) => self.tree_text_from(lo, e),
                    None => self.tree_text(e),
                };
                let msg = format!("The expression <{text}> is not a valid type specification.");
                b.push(Op::Fail(msg), Ty::Any, loc)
            }
        }
    }

    /// The source text Puppet extracts for a node: from the leftmost to the
    /// rightmost position of the node and everything in it.
    fn tree_text(&self, e: &Expr) -> String {
        let (lo, hi) = tree_extent(e);
        self.src.text().get(lo..hi).unwrap_or("").to_string()
    }

    /// The text from `lo` to the end of `last`'s tree.
    fn tree_text_from(&self, lo: usize, last: &Expr) -> String {
        let (_, hi) = tree_extent(last);
        self.src.text().get(lo..hi.max(lo)).unwrap_or("").to_string()
    }

    /// Registers the parameters of a body: thunks for types and defaults,
    /// entry-block parameters for the bound values.
    fn params(&mut self, b: &mut FnBuilder, params: &[ast::Parameter], owner: &str) {
        for p in params {
            let name = self.prog.intern(&p.name);
            let ty = p.type_expr.as_ref().map(|t| self.thunk(&format!("{owner}::${}::type", p.name), t));
            let default = p.value.as_ref().map(|d| self.thunk(&format!("{owner}::${}::default", p.name), d));
            let loc = self.loc(p.span);
            b.f.params.push(Param { name, ty, default, captures_rest: p.captures_rest, loc });
            let entry = b.f.entry();
            let v = b.f.add_block_param(entry, Ty::Any);
            b.vars[0].insert(name, v);
        }
    }

    fn lambda(&mut self, l: &ast::Lambda, span: Span) -> FuncId {
        let loc = self.loc(span);
        let mut b = FnBuilder::new("lambda", FuncKind::Lambda, loc);
        self.params(&mut b, &l.params, "lambda");
        b.f.return_type = l.return_type.as_ref().map(|t| self.thunk("lambda::return_type", t));
        let v = self.opt_expr(&mut b, l.body.as_deref(), span);
        b.ret(v, loc);
        self.finish(b)
    }

    fn definition(&mut self, d: &ast::Definition, kind: FuncKind, span: Span) -> FuncId {
        let loc = self.loc(span);
        let mut b = FnBuilder::new(&d.name, kind, loc);
        // Room for about as many instructions as the body will have saves
        // its vectors' regrowth (a copy at 4, 8, 16, ...); more than that
        // is memory every loaded class keeps. A body lowers to about one
        // instruction per 12 bytes of source (generated classes and real
        // modules alike, comments aside); the definition's span covers
        // its whole text.
        let extent = span.hi.saturating_sub(span.lo) as usize;
        let room = (extent / 12).clamp(4, 256);
        b.f.insts.reserve(room);
        b.f.vals.reserve(room);
        b.f.consts.reserve(room / 2);
        b.f.blocks[b.cur].insts.reserve(room);
        self.params(&mut b, &d.params, &d.name);
        b.f.return_type = d.return_type.as_ref().map(|t| self.thunk(&format!("{}::return_type", d.name), t));
        let v = self.opt_expr(&mut b, d.body.as_deref(), span);
        b.ret(v, loc);
        self.finish(b)
    }
}

fn arith_op(op: ast::ArithOp) -> ArithOp {
    match op {
        ast::ArithOp::Add => ArithOp::Add,
        ast::ArithOp::Sub => ArithOp::Sub,
        ast::ArithOp::Mul => ArithOp::Mul,
        ast::ArithOp::Div => ArithOp::Div,
        ast::ArithOp::Mod => ArithOp::Mod,
        ast::ArithOp::Shl => ArithOp::Shl,
        ast::ArithOp::Shr => ArithOp::Shr,
    }
}

fn cmp_op(op: ast::CmpOp) -> CmpOp {
    match op {
        ast::CmpOp::Eq => CmpOp::Eq,
        ast::CmpOp::Ne => CmpOp::Ne,
        ast::CmpOp::Lt => CmpOp::Lt,
        ast::CmpOp::Le => CmpOp::Le,
        ast::CmpOp::Gt => CmpOp::Gt,
        ast::CmpOp::Ge => CmpOp::Ge,
    }
}

/// An expression without the parentheses around it: Puppet looks through
/// them for an unfold among arguments, array elements and options, and for
/// `default` among options (`unwind_parentheses`).
fn unparen(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Parenthesized(inner) => unparen(inner),
        _ => e,
    }
}

/// Whether a relationship operand's value is a collector (a collector
/// expression, or a relationship whose right operand is one, or whose right
/// operand is a literal `[]` and left operand is one: the relationship's
/// value is then its left operand).
fn is_collector(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Collect { .. } => true,
        ExprKind::Relationship { left, right, .. } => match &right.kind {
            ExprKind::LiteralList(items) if items.is_empty() => is_collector(left),
            _ => is_collector(right),
        },
        ExprKind::Parenthesized(inner) => is_collector(inner),
        _ => false,
    }
}
