//! The IR verifier. It checks, for every function of a program:
//!
//! 1. the layout lists every block exactly once, entry first;
//! 2. every block ends with exactly one terminator, and only its last
//!    instruction is one;
//! 3. every instruction belongs to exactly one block, and its result value
//!    (if any) is defined by that instruction;
//! 4. block parameters are defined by their block at their index;
//! 5. jump and branch arguments match the target's parameter count;
//! 6. every operand is defined, and its definition dominates the use (a
//!    definition earlier in the same block, a parameter of the block, or a
//!    definition in a dominating block); uses in unreachable blocks are
//!    only checked for being defined;
//! 7. constants, function references (closures, parameter thunks) and
//!    symbols are in range;
//! 8. the entry block has one parameter per Puppet-level parameter.
//!
//! Passes must preserve all of these; tests run the verifier after each.

use std::collections::HashSet;

use cranelift_entity::{EntityRef, SecondaryMap};

use crate::ir::*;

/// Verifies every function; returns the list of violations, empty when
/// the program is well-formed.
pub fn verify_program(p: &Program) -> Vec<String> {
    let mut errs = vec![];
    for (id, f) in p.funcs.iter() {
        for e in verify_function(p, f) {
            errs.push(format!("{id} ({}): {e}", f.name));
        }
    }
    errs
}

pub fn verify_function(p: &Program, f: &Function) -> Vec<String> {
    let mut errs = vec![];
    let mut seen = HashSet::new();
    if f.layout.is_empty() {
        return vec!["no blocks".into()];
    }
    for &b in &f.layout {
        if !seen.insert(b) {
            errs.push(format!("{b} appears twice in the layout"));
        }
    }
    if seen.len() != f.blocks.len() {
        errs.push("layout does not list every block".into());
    }
    let entry = f.entry();
    if f.blocks[entry].params.len() != f.params.len() {
        errs.push(format!(
            "entry has {} parameters for {} Puppet parameters",
            f.blocks[entry].params.len(),
            f.params.len()
        ));
    }
    let mut owner: SecondaryMap<Inst, Option<Block>> = SecondaryMap::new();
    for &b in &f.layout {
        let insts = &f.blocks[b].insts;
        match insts.last() {
            None => errs.push(format!("{b} is empty")),
            Some(&last) if !f.insts[last].op.is_terminator() => errs.push(format!("{b} has no terminator")),
            _ => {}
        }
        for (k, &i) in insts.iter().enumerate() {
            if owner[i].is_some() {
                errs.push(format!("{i} is in two blocks"));
            }
            owner[i] = Some(b);
            let d = &f.insts[i];
            if d.op.is_terminator() && k + 1 != insts.len() {
                errs.push(format!("{b}: terminator {i} is not last"));
            }
            if let Some(r) = d.result() {
                if f.vals[r].def != ValDef::Inst(i) {
                    errs.push(format!("{r} is not defined by {i}"));
                }
            }
            for t in d.op.successors() {
                if !f.blocks.is_valid(t) {
                    errs.push(format!("{i} jumps to missing {t}"));
                    continue;
                }
                let n = match &d.op {
                    Op::Jump(_, a) => a.len(),
                    Op::Branch { then_dest, then_args, else_args, .. } => {
                        if *then_dest == t { then_args.len() } else { else_args.len() }
                    }
                    _ => 0,
                };
                if n != f.blocks[t].params.len() {
                    errs.push(format!("{i} passes {n} arguments to {t} which takes {}", f.blocks[t].params.len()));
                }
            }
            match &d.op {
                Op::Const(c) if *c as usize >= f.consts.len() => errs.push(format!("{i}: constant {c} out of range")),
                Op::Closure(fid) if !p.funcs.is_valid(*fid) => errs.push(format!("{i}: missing {fid}")),
                Op::GetVar(s) | Op::SetVar(s, _) | Op::TypeRef(s) | Op::TypeSpec { name: s, .. } | Op::Call { name: s, .. }
                    if s.index() >= p.syms.len() =>
                {
                    errs.push(format!("{i}: symbol out of range"))
                }
                _ => {}
            }
        }
        for (k, &v) in f.blocks[b].params.iter().enumerate() {
            if f.vals[v].def != ValDef::Param(b, k as u32) {
                errs.push(format!("{v} is not parameter {k} of {b}"));
            }
        }
    }
    for prm in &f.params {
        for t in [prm.ty, prm.default].into_iter().flatten() {
            if !p.funcs.is_valid(t) {
                errs.push(format!("parameter thunk {t} is missing"));
            }
        }
    }
    if !errs.is_empty() {
        return errs;
    }

    // Dominance.
    let doms = dominators(f);
    let reachable: HashSet<Block> = f.layout.iter().copied().filter(|b| doms[*b].is_some()).collect();
    for &b in &f.layout {
        let mut defined_here: HashSet<Val> = f.blocks[b].params.iter().copied().collect();
        for &i in &f.blocks[b].insts {
            let d = &f.insts[i];
            for a in d.op.args() {
                if !f.vals.is_valid(a) {
                    errs.push(format!("{i} uses undefined {a}"));
                    continue;
                }
                if !reachable.contains(&b) || defined_here.contains(&a) {
                    continue;
                }
                let def_block = match f.vals[a].def {
                    ValDef::Param(db, _) => db,
                    ValDef::Inst(di) => match owner[di] {
                        Some(db) => db,
                        None => {
                            errs.push(format!("{i} uses {a} whose instruction is in no block"));
                            continue;
                        }
                    },
                };
                if def_block == b || !dominates(&doms, def_block, b) {
                    errs.push(format!("{i} in {b} uses {a} whose definition does not dominate it"));
                }
            }
            if let Some(r) = d.result() {
                defined_here.insert(r);
            }
        }
    }
    errs
}

/// Immediate dominators (None for unreachable blocks; the entry is its own).
fn dominators(f: &Function) -> SecondaryMap<Block, Option<Block>> {
    // Reverse postorder.
    let entry = f.entry();
    let mut order = vec![];
    let mut visited = HashSet::new();
    let mut stack = vec![(entry, false)];
    while let Some((b, done)) = stack.pop() {
        if done {
            order.push(b);
            continue;
        }
        if !visited.insert(b) {
            continue;
        }
        stack.push((b, true));
        if let Some(t) = f.terminator(b) {
            for s in t.successors().into_iter().rev() {
                if !visited.contains(&s) {
                    stack.push((s, false));
                }
            }
        }
    }
    order.reverse();
    let mut rpo_index: SecondaryMap<Block, usize> = SecondaryMap::with_default(usize::MAX);
    for (k, b) in order.iter().enumerate() {
        rpo_index[*b] = k;
    }
    let mut preds: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    for &b in &order {
        if let Some(t) = f.terminator(b) {
            for s in t.successors() {
                preds[s].push(b);
            }
        }
    }
    let mut idom: SecondaryMap<Block, Option<Block>> = SecondaryMap::new();
    idom[entry] = Some(entry);
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new = None;
            for &pb in &preds[b] {
                if idom[pb].is_none() {
                    continue;
                }
                new = Some(match new {
                    None => pb,
                    Some(n) => intersect(&idom, &rpo_index, pb, n),
                });
            }
            if new.is_some() && idom[b] != new {
                idom[b] = new;
                changed = true;
            }
        }
    }
    idom
}

fn intersect(
    idom: &SecondaryMap<Block, Option<Block>>,
    rpo: &SecondaryMap<Block, usize>,
    mut a: Block,
    mut b: Block,
) -> Block {
    while a != b {
        while rpo[a] > rpo[b] {
            a = idom[a].expect("processed");
        }
        while rpo[b] > rpo[a] {
            b = idom[b].expect("processed");
        }
    }
    a
}

fn dominates(idom: &SecondaryMap<Block, Option<Block>>, a: Block, mut b: Block) -> bool {
    loop {
        if a == b {
            return true;
        }
        match idom[b] {
            Some(p) if p != b => b = p,
            _ => return false,
        }
    }
}
