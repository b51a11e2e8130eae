//! IR passes: constant folding, type inference and dead-code elimination.
//!
//! Each pass keeps every invariant of [`crate::verify`]; tests run the
//! verifier after each. Folding only replaces an instruction whose result
//! the runtime computes without error, so errors still happen at run time,
//! at the same place, with the same message.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use cranelift_entity::{EntityRef, SecondaryMap};
use pjit_runtime::{Type, Value, ops};

use crate::ir::*;

/// Runs fold, infer and DCE on every function of the program.
pub fn optimize(p: &mut Program) {
    optimize_from(p, 0);
}

/// Runs the passes on the functions numbered `first` and up (the ones a
/// load just added).
pub fn optimize_from(p: &mut Program, first: usize) {
    // Not `keys().skip(first)`: that walks every earlier function, once per
    // loaded file.
    let ids: Vec<FuncId> = (first..p.funcs.len()).map(FuncId::new).collect();
    let placeholder = Rc::new(Function::new("", FuncKind::Main, Loc::default()));
    for id in ids {
        // A function a load just lowered has no other owner: it is changed
        // in place rather than copied.
        let mut rc = std::mem::replace(&mut p.funcs[id], placeholder.clone());
        let f = Rc::make_mut(&mut rc);
        fold_constants(p, f);
        infer_types(f);
        eliminate_dead_code(f);
        compact(f);
        p.funcs[id] = rc;
    }
}

/// Moves a function's vectors into ones of their exact sizes: lowering
/// grew them by doubling, and a program's functions live as long as its
/// environment (in batch mode and the server, every compile of it), with
/// about a quarter of their memory spare room. (`shrink_to_fit` would not
/// do: mimalloc keeps a block in place when it shrinks by less than half.)
fn compact(f: &mut Function) {
    fn exact<T>(v: &mut Vec<T>) {
        if v.capacity() > v.len() {
            let mut e = Vec::with_capacity(v.len());
            e.append(v);
            *v = e;
        }
    }
    fn exact_map<K: cranelift_entity::EntityRef, V>(m: &mut cranelift_entity::PrimaryMap<K, V>) {
        let mut v: Vec<V> = std::mem::take(m).into();
        exact(&mut v);
        *m = v.into();
    }
    exact(&mut f.params);
    exact(&mut f.consts);
    exact(&mut f.layout);
    exact_map(&mut f.insts);
    exact_map(&mut f.vals);
    for b in f.blocks.values_mut() {
        exact(&mut b.params);
        exact(&mut b.insts);
    }
    exact_map(&mut f.blocks);
}

/// Names of core types; aliases cannot take these names, so a reference
/// to one always means the core type.
fn is_core_type(name: &str) -> bool {
    matches!(
        name.to_ascii_lowercase().as_str(),
        "any" | "undef" | "default" | "notundef" | "scalar" | "scalardata" | "numeric" | "integer" | "float"
            | "string" | "enum" | "pattern" | "boolean" | "regexp" | "array" | "hash" | "tuple" | "struct"
            | "collection" | "variant" | "optional" | "catalogentry" | "callable" | "data" | "richdata"
            | "iterable" | "iterator" | "semver" | "semverrange" | "timespan" | "timestamp" | "sensitive"
            | "binary" | "type"
    )
}

fn const_of(f: &Function, v: Val) -> Option<&Value> {
    match f.vals[v].def {
        ValDef::Inst(i) => match &f.insts[i].op {
            Op::Const(c) => f.consts.get(*c as usize),
            _ => None,
        },
        ValDef::Param(..) => None,
    }
}

/// Replaces instructions whose operands are constants by their value.
pub fn fold_constants(p: &Program, f: &mut Function) {
    let mut alias: HashMap<Val, Val> = HashMap::new();
    // By position, not over a copy of the instruction lists: folding
    // changes instructions and constants, never the blocks or the layout.
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        for k in 0..f.blocks[b].insts.len() {
            let i = f.blocks[b].insts[k];
            // Operands renamed by an earlier fold (rare: copy only then).
            if !alias.is_empty() {
                let mut op = f.insts[i].op.clone();
                op.map_args(|v| *alias.get(&v).unwrap_or(&v));
                f.insts[i].op = op;
            }
            let op = &f.insts[i].op;
            let folded: Option<Value> = match op {
                Op::Arith(o, a, b) => match (const_of(f, *a), const_of(f, *b)) {
                    // A string operand is converted with a `strict` warning or
                    // error at run time: that must stay observable.
                    (Some(Value::String(_)), _) | (_, Some(Value::String(_))) => None,
                    (Some(x), Some(y)) => ops::arithmetic(*o, x, y).ok(),
                    _ => None,
                },
                Op::Cmp(o, a, b) => match (const_of(f, *a), const_of(f, *b)) {
                    (Some(x), Some(y)) => ops::comparison(*o, x, y).ok().map(Value::Boolean),
                    _ => None,
                },
                Op::Unary(UnOp::Not, a) => const_of(f, *a).map(ops::not),
                Op::Unary(UnOp::Neg, a) => const_of(f, *a).and_then(|x| ops::negate(x).ok()),
                Op::Unary(UnOp::Truthy, a) => {
                    if f.vals[*a].ty == Ty::Bool {
                        // Truthiness of a Boolean is itself.
                        if let Some(r) = f.insts[i].result() {
                            alias.insert(r, *a);
                        }
                        None
                    } else {
                        const_of(f, *a).map(|x| Value::Boolean(x.is_truthy()))
                    }
                }
                Op::Interp(vs) => {
                    let parts: Option<Vec<&Value>> = vs.iter().map(|v| const_of(f, *v)).collect();
                    parts.map(|ps| {
                        Value::string(ps.iter().map(|x| pjit_runtime::display::to_interpolated_string(x)).collect::<String>())
                    })
                }
                Op::TypeRef(s) if is_core_type(p.name(*s)) => Some(Value::Type(Arc::new(Type::from_name(p.name(*s))))),
                Op::ResourceTitles { title, earlier } => {
                    let earlier: Option<Vec<&Value>> = earlier.iter().map(|v| const_of(f, *v)).collect();
                    match (const_of(f, *title), earlier) {
                        (Some(t), Some(e)) => crate::interp::resource_titles(t, &e, Loc::default(), Loc::default()).ok(),
                        _ => None,
                    }
                }
                _ => None,
            };
            if let Some(v) = folded {
                let ty = Ty::of(&v);
                let c = f.add_const(v);
                f.insts[i].op = Op::Const(c);
                if let Some(r) = f.insts[i].result() {
                    f.vals[r].ty = ty;
                }
            }
        }
    }
    if !alias.is_empty() {
        // Resolve chains, then rewrite every use.
        let resolve = |mut v: Val| {
            while let Some(&n) = alias.get(&v) {
                v = n;
            }
            v
        };
        for (_, d) in f.insts.iter_mut() {
            d.op.map_args(resolve);
        }
    }
    // Branches on constants become jumps.
    for b in f.layout.clone() {
        let Some(&last) = f.blocks[b].insts.last() else { continue };
        if let Op::Branch { cond, then_dest, then_args, else_dest, else_args } = &f.insts[last].op {
            if let Some(Value::Boolean(c)) = const_of(f, *cond) {
                let (d, a) = if *c { (*then_dest, then_args.clone()) } else { (*else_dest, else_args.clone()) };
                f.insts[last].op = Op::Jump(d, a.into_vec());
            }
        }
    }
}

/// The result type of an operation from its operands' types.
fn result_type(f: &Function, op: &Op, old: Ty) -> Ty {
    let t = |v: &Val| f.vals[*v].ty;
    match op {
        Op::Const(c) => Ty::of(&f.consts[*c as usize]),
        Op::Arith(o, a, b) => match (t(a), t(b)) {
            (Ty::Int, Ty::Int) => Ty::Int,
            (Ty::Float, Ty::Float | Ty::Int) | (Ty::Int, Ty::Float) if !matches!(o, ArithOp::Shl | ArithOp::Shr) => {
                Ty::Float
            }
            (Ty::Array, _) if matches!(o, ArithOp::Add | ArithOp::Sub | ArithOp::Shl) => Ty::Array,
            (Ty::Hash, _) if matches!(o, ArithOp::Add | ArithOp::Sub) => Ty::Hash,
            _ => Ty::Any,
        },
        Op::Unary(UnOp::Neg, a) if matches!(t(a), Ty::Int | Ty::Float) => t(a),
        Op::Cmp(..) | Op::Match { .. } | Op::In(..) | Op::CaseMatch { .. } | Op::Unary(UnOp::Not | UnOp::Truthy, _) => {
            Ty::Bool
        }
        Op::Interp(_) => Ty::Str,
        Op::MakeArray(_) | Op::Resource { .. } => Ty::Array,
        Op::MakeHash(_) => Ty::Hash,
        Op::Closure(_) => Ty::Callable,
        Op::TypeRef(_) | Op::TypeSpec { .. } => Ty::Type,
        Op::ResourceTitles { .. } => Ty::Array,
        Op::AttributeSplat { .. } => Ty::Hash,
        _ => old,
    }
}

/// Forward type inference to a fixpoint: instruction results from their
/// operands, block parameters as the join of every incoming argument.
pub fn infer_types(f: &mut Function) {
    // Block parameters start at the bottom of the lattice (unknown) unless
    // they are entry parameters, which stay `Any`.
    let entry = f.entry();
    let mut param_ty: SecondaryMap<Val, Option<Ty>> = SecondaryMap::new();
    for &b in &f.layout {
        if b != entry {
            for &v in &f.blocks[b].params {
                param_ty[v] = None;
            }
        }
    }
    let mut changed = true;
    let mut rounds = 0;
    while changed && rounds < 50 {
        changed = false;
        rounds += 1;
        let mut incoming: SecondaryMap<Val, Option<Ty>> = SecondaryMap::new();
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                let d = &f.insts[i];
                if let Some(r) = d.result() {
                    let nt = result_type(f, &d.op, f.vals[r].ty);
                    if nt != f.vals[r].ty {
                        f.vals[r].ty = nt;
                        changed = true;
                    }
                }
                let d = &f.insts[i];
                let mut edge = |dest: Block, args: &[Val]| {
                    for (p, a) in f.blocks[dest].params.iter().zip(args) {
                        let at = f.vals[*a].ty;
                        incoming[*p] = Some(match incoming[*p] {
                            None => at,
                            Some(t) => t.join(at),
                        });
                    }
                };
                match &d.op {
                    Op::Jump(dest, args) => edge(*dest, args),
                    Op::Branch { then_dest, then_args, else_dest, else_args, .. } => {
                        edge(*then_dest, then_args);
                        edge(*else_dest, else_args);
                    }
                    _ => {}
                }
            }
        }
        for &b in &f.layout {
            if b == entry {
                continue;
            }
            for &v in &f.blocks[b].params.clone() {
                let nt = incoming[v].unwrap_or(Ty::Any);
                if f.vals[v].ty != nt {
                    f.vals[v].ty = nt;
                    changed = true;
                }
            }
        }
    }
}

/// Removes instructions without effect whose results are never used.
pub fn eliminate_dead_code(f: &mut Function) {
    // Indexed by `Val`, sized once (a growing map resized itself on most
    // marks).
    let mut used = vec![false; f.vals.len()];
    loop {
        used.fill(false);
        for &b in &f.layout {
            for &i in &f.blocks[b].insts {
                f.insts[i].op.for_each_arg(|a| used[a.index()] = true);
            }
        }
        let mut removed = false;
        let Function { layout, blocks, insts, .. } = &mut *f;
        for &b in layout.iter() {
            let block = &mut blocks[b].insts;
            let before = block.len();
            block.retain(|&i| {
                let d = &insts[i];
                d.op.has_effect() || d.op.is_terminator() || d.result().is_some_and(|r| used[r.index()])
            });
            removed |= block.len() != before;
        }
        if !removed {
            break;
        }
    }
}
