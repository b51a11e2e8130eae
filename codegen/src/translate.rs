//! One IR function -> one Cranelift function, for the JIT and for AOT
//! objects alike.
//!
//! The compiled function has the [`pjit_ir::interp::tier::CompiledFn`]
//! signature `(frame, regs, out) -> status` and works on the interpreter's
//! register file `regs` (16 bytes per SSA value, the `Value` layout: tag
//! byte at offset 0, payload at offset 8).
//!
//! Where each SSA value lives:
//! * a value whose static type is a scalar (`undef`, `default`, `bool`,
//!   `int`, `float`) is *unboxed*: its tag is known at compile time and its
//!   payload is a Cranelift variable; its slot is written only to *spill* it
//!   right before a helper that may read it;
//! * every other value is *boxed*: its slot always holds it (owned), and
//!   Cranelift variables hold a borrowed view of its tag and payload, so
//!   uses do not reload it.
//!
//! Inline fast paths: scalar constants; `+ - * / %` on integers (with
//! Puppet's floor division and modulo; overflow, division by zero and any
//! other operand type take the slow path); integer comparisons; truthiness,
//! `!` and negation; branches, jumps with block arguments, and return.
//! Operands of unknown type are tested at run time (a tag compare). Common
//! operations that need the runtime (heap constants, variables,
//! interpolation, regexp matches, literals, access, calls) call
//! `pjit_jit_op`, which does them without the interpreter's instruction
//! loop or declines (an error to report, an unusual operand); then, as for
//! every other instruction and every slow path, `pjit_jit_step` runs the
//! instruction with the interpreter on the same register file: the result,
//! the error and its location are the interpreter's own. A function that
//! never reads its match data skips guarded regions and match captures.
//!
//! Parameter checks: for each parameter given a [`Check`] (its type is a
//! constant), the code tests the argument on entry, inline for `Integer`
//! ranges, `String`, `Boolean`, `Undef`, `Numeric`, `Optional` and
//! `Variant` of those, through `pjit_jit_instance_of` for other types, and
//! returns `STATUS_RECHECK` before anything else when one fails.
//!
//! **Invariant:** when a helper is called, every slot holds a valid owned
//! value (boxed values always; unboxed operands of the instruction stepped
//! are spilled first, and an unboxed slot only ever holds a scalar).
//! **Invariant:** a boxed slot is overwritten only after its old value is
//! released, and only in a function whose CFG has a cycle can a slot hold
//! an older value when it is written (the register file starts all undef
//! and is cleared after the call), so only those pay the check.

use cranelift_codegen::ir::{
    self as cl, AbiParam, BlockArg, InstBuilder, MemFlagsData, Signature, StackSlotData, StackSlotKind, condcodes::IntCC, types,
};
use cranelift_entity::{EntityRef, SecondaryMap};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_module::{Linkage, Module, ModuleResult};
use pjit_ir::interp::tier::{OP_NO_CAPTURES, STATUS_RECHECK, STATUS_SLOW};
use pjit_ir::{ArithOp, Block, CmpOp, Function, Inst, Op, Ty, UnOp, Val};
use pjit_runtime::value::tag;
use pjit_runtime::{Type, Value};

/// Bytes per register-file slot (`size_of::<Value>()`).
const SLOT: i32 = 16;
/// Offset of the payload in a slot.
const PAYLOAD: i32 = 8;
/// Tags at or above this one hold a reference-counted pointer (Timespan
/// and Timestamp are the first two).
const FIRST_HEAP_TAG: i64 = tag::TIMESPAN as i64;

const _: () = assert!(std::mem::size_of::<Value>() == SLOT as usize);

/// The runtime helpers a compiled function may call.
pub(crate) struct Helpers {
    step: cranelift_module::FuncId,
    op: cranelift_module::FuncId,
    retain: cranelift_module::FuncId,
    drop: cranelift_module::FuncId,
    instance_of: cranelift_module::FuncId,
    concat: cranelift_module::FuncId,
    contains: cranelift_module::FuncId,
}

impl Helpers {
    pub(crate) fn declare<M: Module>(m: &mut M) -> ModuleResult<Helpers> {
        let ptr = m.target_config().pointer_type();
        let mut step = m.make_signature();
        step.params = vec![AbiParam::new(ptr), AbiParam::new(types::I32)];
        step.returns = vec![AbiParam::new(types::I32)];
        let mut one = m.make_signature();
        one.params = vec![AbiParam::new(ptr)];
        let mut two = m.make_signature();
        two.params = vec![AbiParam::new(ptr), AbiParam::new(ptr)];
        two.returns = vec![AbiParam::new(types::I32)];
        let mut three = m.make_signature();
        three.params = vec![AbiParam::new(ptr); 3];
        three.returns = vec![AbiParam::new(types::I32)];
        Ok(Helpers {
            concat: m.declare_function("pjit_rt_concat", Linkage::Import, &three)?,
            contains: m.declare_function("pjit_rt_contains", Linkage::Import, &three)?,
            step: m.declare_function("pjit_jit_step", Linkage::Import, &step)?,
            op: m.declare_function("pjit_jit_op", Linkage::Import, &step)?,
            retain: m.declare_function("pjit_jit_retain", Linkage::Import, &one)?,
            drop: m.declare_function("pjit_rt_drop", Linkage::Import, &one)?,
            instance_of: m.declare_function("pjit_jit_instance_of", Linkage::Import, &two)?,
        })
    }
}

/// `(frame, regs, out) -> status`.
pub(crate) fn signature<M: Module>(m: &M) -> Signature {
    let ptr = m.target_config().pointer_type();
    let mut s = m.make_signature();
    s.params = vec![AbiParam::new(ptr); 3];
    s.returns = vec![AbiParam::new(types::I32)];
    s
}

/// What a translation did, for statistics.
#[derive(Copy, Clone, Debug, Default)]
pub struct Counts {
    /// IR instructions translated.
    pub insts: usize,
    /// Of those, how many have inline code (the rest only call the
    /// interpreter).
    pub native: usize,
}

/// A parameter type check compiled code makes on entry: exactly what
/// binding a parameter of the type it was made from accepts
/// (`instance_of(type, value)`, but any value for a bare `Optional`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Check {
    /// Every value passes.
    Any,
    Tag(u8),
    NotTag(u8),
    /// An Integer in `lo..=hi`.
    Int(i64, i64),
    /// Any of these passes.
    Or(Vec<Check>),
    /// `pjit_jit_instance_of(value, type)`, the type at this address
    /// (kept alive by the code's owner).
    Generic(i64),
}

impl Check {
    /// The check for `t`; `generic` gives the address of a type kept for
    /// `Generic` checks (None: such types are not checked on entry).
    pub(crate) fn of(t: &Type, generic: &mut dyn FnMut(&Type) -> Option<i64>) -> Option<Check> {
        Some(match t {
            Type::Any | Type::Unit => Check::Any,
            Type::Undef => Check::Tag(tag::UNDEF),
            Type::Default => Check::Tag(tag::DEFAULT),
            Type::Boolean(None) => Check::Tag(tag::BOOLEAN),
            Type::Integer(r) => Check::Int(r.from.unwrap_or(i64::MIN), r.to.unwrap_or(i64::MAX)),
            Type::Numeric => Check::Or(vec![Check::Tag(tag::INTEGER), Check::Tag(tag::FLOAT)]),
            Type::String { size: None, value: None } => Check::Tag(tag::STRING),
            Type::NotUndef(None) => Check::NotTag(tag::UNDEF),
            // `Optional` without a type holds undef only, but a parameter
            // of that type takes any value: Puppet's `validate_parameters`
            // raises only what its describer finds, and it finds nothing
            // without a type (the dispatcher's `assignable?` agrees).
            Type::Optional(None) => Check::Any,
            Type::Optional(Some(inner)) => Check::Or(vec![Check::Tag(tag::UNDEF), Check::of(inner, generic)?]),
            // `Or` tries every member, but Puppet tries them in order and
            // raises at an `Init` that cannot be initialized before a later
            // member matches: such a Variant is checked whole.
            Type::Variant(ts) if ts.iter().any(pjit_runtime::types::calc::mentions_init) => Check::Generic(generic(t)?),
            Type::Variant(ts) => Check::Or(ts.iter().map(|t| Check::of(t, generic)).collect::<Option<_>>()?),
            other => Check::Generic(generic(other)?),
        })
    }
}

/// The tag of values of a scalar static type (unboxed values).
fn scalar_tag(ty: Ty) -> Option<u8> {
    Some(match ty {
        Ty::Undef => tag::UNDEF,
        Ty::Default => tag::DEFAULT,
        Ty::Bool => tag::BOOLEAN,
        Ty::Int => tag::INTEGER,
        Ty::Float => tag::FLOAT,
        _ => return None,
    })
}

/// A value as compiled code sees it: tag (known or loaded) and payload.
#[derive(Copy, Clone)]
enum View {
    Known(u8, cl::Value),
    Dyn(cl::Value, cl::Value),
}

impl View {
    fn payload(self) -> cl::Value {
        match self {
            View::Known(_, p) | View::Dyn(_, p) => p,
        }
    }
}

/// The operations compiled as a call of `pjit_jit_op` (besides heap
/// constants): those it runs without the interpreter's loop, reading
/// constant operands from the pool.
fn via_op(op: &Op) -> bool {
    matches!(
        op,
        Op::MatchPush
            | Op::MatchPop
            | Op::GetVar(_)
            | Op::SetVar(..)
            | Op::GetMatch(_)
            | Op::Interp(_)
            | Op::Match { .. }
            | Op::MakeArray(_)
            | Op::MakeHash(_)
            | Op::Access(..)
            | Op::Call { .. }
    )
}

/// Why a function cannot be compiled (it stays interpreted).
pub(crate) fn check(f: &Function) -> Result<(), String> {
    for &b in &f.layout {
        let Some(&last) = f.blocks[b].insts.last() else {
            return Err(format!("{b} has no terminator"));
        };
        match &f.insts[last].op {
            Op::Jump(..) | Op::Branch { .. } | Op::Return(_) | Op::Unwind(..) | Op::NoSelectorMatch(_) => {}
            other => return Err(format!("unsupported terminator {other:?}")),
        }
    }
    if f.layout.is_empty() {
        return Err("no blocks".into());
    }
    Ok(())
}

/// Translates `f` into `func` (whose signature is [`signature`]).
/// `checks` has one entry per parameter (or fewer): the entry checks.
/// `pool`, when given, is `f.consts` at an address that outlives the
/// code (the JIT's copy of the function): the code then reads constants
/// there and calls the string helpers directly. AOT objects have none.
pub(crate) fn translate<M: Module>(
    m: &mut M,
    h: &Helpers,
    f: &Function,
    checks: &[Option<Check>],
    pool: Option<&[Value]>,
    func: &mut cl::Function,
    fctx: &mut FunctionBuilderContext,
) -> Result<Counts, String> {
    check(f)?;
    let step = m.declare_func_in_func(h.step, func);
    let op = m.declare_func_in_func(h.op, func);
    let retain = m.declare_func_in_func(h.retain, func);
    let drop = m.declare_func_in_func(h.drop, func);
    let instance_of = m.declare_func_in_func(h.instance_of, func);
    let concat = m.declare_func_in_func(h.concat, func);
    let contains = m.declare_func_in_func(h.contains, func);
    let (reachable, cyclic) = cfg_facts(f);
    let mut b = FunctionBuilder::new(func, fctx);
    let prologue = b.create_block();
    b.append_block_params_for_function_params(prologue);
    let exit = b.create_block();
    b.append_block_param(exit, types::I32);
    let mut blocks: SecondaryMap<Block, Option<cl::Block>> = SecondaryMap::new();
    for &blk in &f.layout {
        if reachable[blk] {
            blocks[blk] = Some(b.create_block());
        }
    }
    b.switch_to_block(prologue);
    let params = b.block_params(prologue).to_vec();
    let mut tx = Tx {
        f,
        b,
        frame: params[0],
        regs: params[1],
        out: params[2],
        step,
        op,
        retain,
        drop,
        instance_of,
        concat,
        contains,
        pool,
        no_captures: !pjit_ir::interp::tier::observes_matches(f),
        lazy: vec![],
        blocks,
        tag_var: SecondaryMap::new(),
        pay_var: SecondaryMap::new(),
        reexec: cyclic,
        exit,
        counts: Counts::default(),
    };
    tx.lazy = pjit_ir::interp::tier::lazy_constants(f, via_op);
    for &p in &f.blocks[f.entry()].params {
        tx.def_from_slot(p);
    }
    let entry = tx.cblock(f.entry());
    tx.entry_checks(checks, entry);
    for &blk in &f.layout {
        if !reachable[blk] {
            continue;
        }
        let cb = tx.cblock(blk);
        tx.b.switch_to_block(cb);
        for &i in &f.blocks[blk].insts {
            tx.inst(i);
        }
    }
    tx.b.switch_to_block(exit);
    let status = tx.b.block_params(exit)[0];
    tx.b.ins().return_(&[status]);
    tx.b.seal_all_blocks();
    let counts = tx.counts;
    tx.b.finalize(m.target_config());
    Ok(counts)
}

/// Blocks reachable from the entry, and whether the reachable CFG has a
/// cycle.
fn cfg_facts(f: &Function) -> (SecondaryMap<Block, bool>, bool) {
    let mut reachable: SecondaryMap<Block, bool> = SecondaryMap::new();
    // 0 unvisited, 1 on the DFS stack, 2 done.
    let mut color: SecondaryMap<Block, u8> = SecondaryMap::new();
    let mut cyclic = false;
    let succs = |b: Block| f.blocks[b].insts.last().map(|&i| f.insts[i].op.successors()).unwrap_or_default();
    let mut stack: Vec<(Block, Vec<Block>)> = vec![(f.entry(), succs(f.entry()))];
    color[f.entry()] = 1;
    reachable[f.entry()] = true;
    while let Some((b, rest)) = stack.last_mut() {
        match rest.pop() {
            Some(s) => match color[s] {
                0 => {
                    color[s] = 1;
                    reachable[s] = true;
                    let ss = succs(s);
                    stack.push((s, ss));
                }
                1 => cyclic = true,
                _ => {}
            },
            None => {
                color[*b] = 2;
                stack.pop();
            }
        }
    }
    (reachable, cyclic)
}

struct Tx<'a, 'b> {
    f: &'a Function,
    b: FunctionBuilder<'b>,
    frame: cl::Value,
    regs: cl::Value,
    out: cl::Value,
    step: cl::FuncRef,
    op: cl::FuncRef,
    retain: cl::FuncRef,
    drop: cl::FuncRef,
    instance_of: cl::FuncRef,
    concat: cl::FuncRef,
    contains: cl::FuncRef,
    /// The constants at an address that outlives the code (see `translate`).
    pool: Option<&'a [Value]>,
    /// The function never reads its match data (see `observes_matches`).
    no_captures: bool,
    /// Heap constants left out of the register file (`lazy_constants`).
    lazy: Vec<bool>,
    blocks: SecondaryMap<Block, Option<cl::Block>>,
    tag_var: SecondaryMap<Val, Option<Variable>>,
    pay_var: SecondaryMap<Val, Option<Variable>>,
    reexec: bool,
    exit: cl::Block,
    counts: Counts,
}

fn flags() -> MemFlagsData {
    MemFlagsData::trusted()
}

impl<'a> Tx<'a, '_> {
    fn cblock(&self, b: Block) -> cl::Block {
        self.blocks[b].expect("a jump target of a reachable block is reachable")
    }

    fn ty(&self, v: Val) -> Ty {
        self.f.vals[v].ty
    }

    fn offset(v: Val) -> i32 {
        v.index() as i32 * SLOT
    }

    fn tag_var(&mut self, v: Val) -> Variable {
        match self.tag_var[v] {
            Some(x) => x,
            None => {
                let x = self.b.declare_var(types::I8);
                self.tag_var[v] = Some(x);
                x
            }
        }
    }

    fn pay_var(&mut self, v: Val) -> Variable {
        match self.pay_var[v] {
            Some(x) => x,
            None => {
                let x = self.b.declare_var(types::I64);
                self.pay_var[v] = Some(x);
                x
            }
        }
    }

    fn view(&mut self, v: Val) -> View {
        let pv = self.pay_var(v);
        let p = self.b.use_var(pv);
        match scalar_tag(self.ty(v)) {
            Some(t) => View::Known(t, p),
            None => {
                let tv = self.tag_var(v);
                View::Dyn(self.b.use_var(tv), p)
            }
        }
    }

    /// Defines `v` from its slot (after a helper wrote it, or at entry).
    fn def_from_slot(&mut self, v: Val) {
        let off = Self::offset(v);
        let pv = self.pay_var(v);
        match scalar_tag(self.ty(v)) {
            Some(tag::BOOLEAN) => {
                let byte = self.b.ins().load(types::I8, flags(), self.regs, off + PAYLOAD);
                let p = self.b.ins().uextend(types::I64, byte);
                self.b.def_var(pv, p);
            }
            Some(tag::UNDEF | tag::DEFAULT) => {
                let p = self.b.ins().iconst(types::I64, 0);
                self.b.def_var(pv, p);
            }
            Some(_) => {
                let p = self.b.ins().load(types::I64, flags(), self.regs, off + PAYLOAD);
                self.b.def_var(pv, p);
            }
            None => {
                let t = self.b.ins().load(types::I8, flags(), self.regs, off);
                let p = self.b.ins().load(types::I64, flags(), self.regs, off + PAYLOAD);
                let tv = self.tag_var(v);
                self.b.def_var(tv, t);
                self.b.def_var(pv, p);
            }
        }
    }

    /// Defines `v` as a scalar computed inline (tag `t`): a variable when
    /// `v` is unboxed, else written to its slot too.
    fn def_native(&mut self, v: Val, t: u8, payload: cl::Value) {
        let pv = self.pay_var(v);
        if scalar_tag(self.ty(v)).is_none() {
            let tag = self.b.ins().iconst(types::I8, t as i64);
            self.write_slot(v, tag, payload);
            let tv = self.tag_var(v);
            self.b.def_var(tv, tag);
        }
        self.b.def_var(pv, payload);
    }

    /// Stores an owned (tag, payload) into boxed `v`'s slot, releasing the
    /// value it held when that can be one.
    fn write_slot(&mut self, v: Val, t: cl::Value, payload: cl::Value) {
        let off = Self::offset(v);
        if self.reexec {
            let old = self.b.ins().load(types::I8, flags(), self.regs, off);
            let heap = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, old, FIRST_HEAP_TAG);
            let release = self.b.create_block();
            let cont = self.b.create_block();
            self.b.ins().brif(heap, release, &[], cont, &[]);
            self.b.switch_to_block(release);
            let addr = self.b.ins().iadd_imm_s(self.regs, off as i64);
            self.b.ins().call(self.drop, &[addr]);
            self.b.ins().jump(cont, &[]);
            self.b.switch_to_block(cont);
        }
        self.b.ins().store(flags(), t, self.regs, off);
        self.b.ins().store(flags(), payload, self.regs, off + PAYLOAD);
    }

    /// Writes unboxed operands to their slots before a helper reads them.
    fn spill(&mut self, args: &[Val]) {
        let mut done: Vec<Val> = Vec::with_capacity(args.len());
        for &a in args {
            if done.contains(&a) {
                continue;
            }
            done.push(a);
            if let Some(t) = scalar_tag(self.ty(a)) {
                let off = Self::offset(a);
                let pv = self.pay_var(a);
                let p = self.b.use_var(pv);
                let tag = self.b.ins().iconst(types::I8, t as i64);
                self.b.ins().store(flags(), tag, self.regs, off);
                self.b.ins().store(flags(), p, self.regs, off + PAYLOAD);
            }
        }
    }

    /// Calls the interpreter for instruction `i`; leaves through the exit
    /// block on a non-OK status.
    fn call_step(&mut self, i: Inst) {
        let args = self.f.insts[i].op.args();
        self.spill(&args);
        let n = self.b.ins().iconst(types::I32, i.as_u32() as i64);
        let call = self.b.ins().call(self.step, &[self.frame, n]);
        let status = self.b.inst_results(call)[0];
        let cont = self.b.create_block();
        self.b.ins().brif(status, self.exit, &[BlockArg::Value(status)], cont, &[]);
        self.b.switch_to_block(cont);
    }

    /// The instruction through `pjit_jit_op`, and `pjit_jit_step` when it
    /// declines; leaves through the exit block on a non-OK status.
    fn via_op(&mut self, i: Inst) {
        let args = self.f.insts[i].op.args();
        self.spill(&args);
        let flag = if self.no_captures { OP_NO_CAPTURES } else { 0 };
        let n = self.b.ins().iconst(types::I32, (i.as_u32() | flag) as i64);
        let call = self.b.ins().call(self.op, &[self.frame, n]);
        let status = self.b.inst_results(call)[0];
        let slow = self.b.create_block();
        let done = self.b.create_block();
        self.b.append_block_param(done, types::I32);
        let is_slow = self.b.ins().icmp_imm_s(IntCC::Equal, status, STATUS_SLOW as i64);
        self.b.ins().brif(is_slow, slow, &[], done, &[BlockArg::Value(status)]);
        self.b.switch_to_block(slow);
        let n = self.b.ins().iconst(types::I32, i.as_u32() as i64);
        let call = self.b.ins().call(self.step, &[self.frame, n]);
        let status = self.b.inst_results(call)[0];
        self.b.ins().jump(done, &[BlockArg::Value(status)]);
        self.b.switch_to_block(done);
        let status = self.b.block_params(done)[0];
        let cont = self.b.create_block();
        self.b.ins().brif(status, self.exit, &[BlockArg::Value(status)], cont, &[]);
        self.b.switch_to_block(cont);
        if let Some(r) = self.f.insts[i].result() {
            self.def_from_slot(r);
        }
    }

    /// The address of operand `v`: a lazy constant's in the pool, else
    /// its slot (spilled first).
    fn operand_addr(&mut self, v: Val) -> cl::Value {
        let ptr = self.b.func.dfg.value_type(self.regs);
        if self.lazy.get(v.index()).copied().unwrap_or(false)
            && let (Some(pool), pjit_ir::ValDef::Inst(i)) = (self.pool, self.f.vals[v].def)
            && let Op::Const(c) = self.f.insts[i].op
        {
            return self.b.ins().iconst(ptr, &pool[c as usize] as *const Value as i64);
        }
        self.spill(&[v]);
        self.b.ins().iadd_imm_s(self.regs, Self::offset(v) as i64)
    }

    /// String interpolation through `pjit_rt_concat` (infallible; a
    /// failure, which would be an internal error, takes the general way).
    fn concat(&mut self, i: Inst, parts: &[Val]) {
        let r = self.f.insts[i].result().expect("checked by the caller");
        let ptr = self.b.func.dfg.value_type(self.regs);
        let width = ptr.bytes();
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            (parts.len().max(1) as u32) * width,
            width.trailing_zeros() as u8,
        ));
        for (k, &v) in parts.iter().enumerate() {
            let a = self.operand_addr(v);
            self.b.ins().stack_store(ptr, a, slot, (k as u32 * width) as i32);
        }
        let base = self.b.ins().stack_addr(ptr, slot, 0);
        let n = self.b.ins().iconst(ptr, parts.len() as i64);
        let out = self.b.ins().iadd_imm_s(self.regs, Self::offset(r) as i64);
        let call = self.b.ins().call(self.concat, &[base, n, out]);
        let status = self.b.inst_results(call)[0];
        let ok = self.b.create_block();
        let slow = self.b.create_block();
        let merge = self.b.create_block();
        self.b.ins().brif(status, slow, &[], ok, &[]);
        self.b.switch_to_block(ok);
        self.def_from_slot(r);
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(slow);
        self.via_op(i);
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(merge);
        self.counts.native += 1;
    }

    /// The literal text of a regexp operand that is a constant without
    /// metacharacters (see `tier::literal_pattern`), when the function
    /// never reads its match data: then a match is a substring test.
    fn literal_match(&self, right: Val) -> Option<&'a str> {
        let pool = self.pool?;
        if !self.no_captures {
            return None;
        }
        let pjit_ir::ValDef::Inst(i) = self.f.vals[right].def else { return None };
        let Op::Const(c) = self.f.insts[i].op else { return None };
        match &pool[c as usize] {
            Value::Regexp(re) => pjit_ir::interp::tier::literal_pattern(re.source()),
            _ => None,
        }
    }

    /// `left =~ /literal/` through `pjit_rt_contains`; a left operand that
    /// is not a String takes the general way (which reports the error).
    fn match_literal(&mut self, i: Inst, negate: bool, left: Val, right: Val) {
        let lit = self.literal_match(right).expect("checked by the caller");
        let ptr = self.b.func.dfg.value_type(self.regs);
        let l = self.operand_addr(left);
        let lp = self.b.ins().iconst(ptr, lit.as_ptr() as i64);
        let len = self.b.ins().iconst(ptr, lit.len() as i64);
        let call = self.b.ins().call(self.contains, &[l, lp, len]);
        let r = self.b.inst_results(call)[0];
        let ok = self.b.create_block();
        let slow = self.b.create_block();
        let merge = self.b.create_block();
        let not_string = self.b.ins().icmp_imm_s(IntCC::Equal, r, 2);
        self.b.ins().brif(not_string, slow, &[], ok, &[]);
        self.b.switch_to_block(ok);
        if let Some(res) = self.f.insts[i].result() {
            let r = if negate { self.b.ins().bxor_imm_s(r, 1) } else { r };
            let p = self.b.ins().uextend(types::I64, r);
            self.def_native(res, tag::BOOLEAN, p);
        }
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(slow);
        self.via_op(i);
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(merge);
        self.counts.native += 1;
    }

    /// The entry checks, then a jump to `entry`; a failed check returns
    /// `STATUS_RECHECK` at once.
    fn entry_checks(&mut self, checks: &[Option<Check>], entry: cl::Block) {
        let params = self.f.blocks[self.f.entry()].params.clone();
        let mut ok: Option<cl::Value> = None;
        for (c, &v) in checks.iter().zip(&params) {
            let Some(c) = c else { continue };
            if *c == Check::Any {
                continue;
            }
            let r = self.check_value(c, v);
            ok = Some(match ok {
                Some(a) => self.b.ins().band(a, r),
                None => r,
            });
        }
        match ok {
            None => {
                self.b.ins().jump(entry, &[]);
            }
            Some(ok) => {
                let fail = self.b.create_block();
                self.b.ins().brif(ok, entry, &[], fail, &[]);
                self.b.switch_to_block(fail);
                let st = self.b.ins().iconst(types::I32, STATUS_RECHECK as i64);
                self.b.ins().return_(&[st]);
            }
        }
    }

    /// Whether `v` passes `c`, as an i8 0/1.
    fn check_value(&mut self, c: &Check, v: Val) -> cl::Value {
        match c {
            Check::Any => self.b.ins().iconst(types::I8, 1),
            Check::Tag(t) | Check::NotTag(t) => {
                let cc = if matches!(c, Check::Tag(_)) { IntCC::Equal } else { IntCC::NotEqual };
                match self.view(v) {
                    View::Known(k, _) => self.b.ins().iconst(types::I8, ((k == *t) == (cc == IntCC::Equal)) as i64),
                    View::Dyn(tg, _) => self.b.ins().icmp_imm_s(cc, tg, *t as i64),
                }
            }
            Check::Int(lo, hi) => {
                let view = self.view(v);
                let p = view.payload();
                let mut acc = match view {
                    View::Known(k, _) => self.b.ins().iconst(types::I8, (k == tag::INTEGER) as i64),
                    View::Dyn(tg, _) => self.b.ins().icmp_imm_s(IntCC::Equal, tg, tag::INTEGER as i64),
                };
                if *lo != i64::MIN {
                    let c = self.b.ins().icmp_imm_s(IntCC::SignedGreaterThanOrEqual, p, *lo);
                    acc = self.b.ins().band(acc, c);
                }
                if *hi != i64::MAX {
                    let c = self.b.ins().icmp_imm_s(IntCC::SignedLessThanOrEqual, p, *hi);
                    acc = self.b.ins().band(acc, c);
                }
                acc
            }
            Check::Or(cs) => {
                let mut acc = self.b.ins().iconst(types::I8, 0);
                for c in cs {
                    let r = self.check_value(c, v);
                    acc = self.b.ins().bor(acc, r);
                }
                acc
            }
            Check::Generic(addr) => {
                self.spill(&[v]);
                let ptr = self.b.func.dfg.value_type(self.regs);
                let slot = self.b.ins().iadd_imm_s(self.regs, Self::offset(v) as i64);
                let t = self.b.ins().iconst(ptr, *addr);
                let call = self.b.ins().call(self.instance_of, &[slot, t]);
                let r = self.b.inst_results(call)[0];
                self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0)
            }
        }
    }

    /// The whole instruction through the interpreter.
    fn stepped(&mut self, i: Inst) {
        self.call_step(i);
        if let Some(r) = self.f.insts[i].result() {
            self.def_from_slot(r);
        }
    }

    /// `tag == t` for every dynamic view (None: all statically known).
    fn guard_tags(&mut self, views: &[View], t: u8) -> Option<cl::Value> {
        let mut acc: Option<cl::Value> = None;
        for v in views {
            if let View::Dyn(tg, _) = v {
                let c = self.b.ins().icmp_imm_s(IntCC::Equal, *tg, t as i64);
                acc = Some(match acc {
                    Some(a) => self.b.ins().band(a, c),
                    None => c,
                });
            }
        }
        acc
    }

    /// Emits `fast` (which returns the payload, or branches to the slow
    /// block it is given) guarded by integer tags on `operands`; the slow
    /// path steps instruction `i`. The result is defined either way.
    fn int_fast_path(
        &mut self,
        i: Inst,
        operands: &[Val],
        result_tag: u8,
        fast: impl FnOnce(&mut Self, &[cl::Value], cl::Block) -> cl::Value,
    ) {
        let views: Vec<View> = operands.iter().map(|&v| self.view(v)).collect();
        let payloads: Vec<cl::Value> = views.iter().map(|v| v.payload()).collect();
        let fast_block = self.b.create_block();
        let slow = self.b.create_block();
        let merge = self.b.create_block();
        match self.guard_tags(&views, tag::INTEGER) {
            Some(g) => {
                self.b.ins().brif(g, fast_block, &[], slow, &[]);
            }
            None => {
                self.b.ins().jump(fast_block, &[]);
            }
        }
        self.b.switch_to_block(fast_block);
        let r = fast(self, &payloads, slow);
        if let Some(res) = self.f.insts[i].result() {
            self.def_native(res, result_tag, r);
        }
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(slow);
        self.stepped(i);
        self.b.ins().jump(merge, &[]);
        self.b.switch_to_block(merge);
        self.counts.native += 1;
    }

    /// Branches to `slow` when `bad`, else continues in a new block.
    fn bail_if(&mut self, bad: cl::Value, slow: cl::Block) {
        let cont = self.b.create_block();
        self.b.ins().brif(bad, slow, &[], cont, &[]);
        self.b.switch_to_block(cont);
    }

    fn int_like(&self, v: Val) -> bool {
        matches!(self.ty(v), Ty::Int | Ty::Any)
    }

    fn inst(&mut self, i: Inst) {
        self.counts.insts += 1;
        let d = &self.f.insts[i];
        let res = d.result();
        match d.op.clone() {
            Op::Const(c) => {
                let v = &self.f.consts[c as usize];
                let (t, bits) = match v {
                    Value::Undef => (tag::UNDEF, 0),
                    Value::Default => (tag::DEFAULT, 0),
                    Value::Boolean(x) => (tag::BOOLEAN, *x as i64),
                    Value::Integer(x) => (tag::INTEGER, *x),
                    Value::Float(x) => (tag::FLOAT, x.to_bits() as i64),
                    // Read from the pool by the helpers that use it.
                    _ if res.is_some_and(|r| self.lazy[r.index()]) => {
                        self.counts.native += 1;
                        return;
                    }
                    _ => match (self.pool, res) {
                        // A copy of the pool's value: its bits and a
                        // reference.
                        (Some(pool), Some(r)) if scalar_tag(self.ty(r)).is_none() => {
                            let ptr = self.b.func.dfg.value_type(self.regs);
                            let addr = self.b.ins().iconst(ptr, &pool[c as usize] as *const Value as i64);
                            let t = self.b.ins().load(types::I8, flags(), addr, 0);
                            let p = self.b.ins().load(types::I64, flags(), addr, PAYLOAD);
                            self.b.ins().call(self.retain, &[addr]);
                            self.write_slot(r, t, p);
                            let tv = self.tag_var(r);
                            self.b.def_var(tv, t);
                            let pv = self.pay_var(r);
                            self.b.def_var(pv, p);
                            self.counts.native += 1;
                            return;
                        }
                        _ => return self.via_op(i),
                    },
                };
                if let Some(r) = res {
                    let p = self.b.ins().iconst(types::I64, bits);
                    self.def_native(r, t, p);
                }
                self.counts.native += 1;
            }
            Op::Arith(op, a, b)
                if self.int_like(a)
                    && self.int_like(b)
                    && res.is_none_or(|r| self.int_like(r))
                    && !matches!(op, ArithOp::Shl | ArithOp::Shr) =>
            {
                self.int_fast_path(i, &[a, b], tag::INTEGER, |tx, p, slow| tx.int_arith(op, p[0], p[1], slow));
            }
            Op::Cmp(op, a, b) if self.int_like(a) && self.int_like(b) => {
                let cc = match op {
                    CmpOp::Eq => IntCC::Equal,
                    CmpOp::Ne => IntCC::NotEqual,
                    CmpOp::Lt => IntCC::SignedLessThan,
                    CmpOp::Le => IntCC::SignedLessThanOrEqual,
                    CmpOp::Gt => IntCC::SignedGreaterThan,
                    CmpOp::Ge => IntCC::SignedGreaterThanOrEqual,
                };
                self.int_fast_path(i, &[a, b], tag::BOOLEAN, |tx, p, _| {
                    let c = tx.b.ins().icmp(cc, p[0], p[1]);
                    tx.b.ins().uextend(types::I64, c)
                });
            }
            Op::Unary(UnOp::Neg, a) if self.int_like(a) && res.is_none_or(|r| self.int_like(r)) => {
                self.int_fast_path(i, &[a], tag::INTEGER, |tx, p, slow| {
                    let bad = tx.b.ins().icmp_imm_s(IntCC::Equal, p[0], i64::MIN);
                    tx.bail_if(bad, slow);
                    tx.b.ins().ineg(p[0])
                });
            }
            Op::Unary(op @ (UnOp::Truthy | UnOp::Not), a) => {
                let t = self.truthy(a);
                let t = if op == UnOp::Not { self.b.ins().bxor_imm_s(t, 1) } else { t };
                let p = self.b.ins().uextend(types::I64, t);
                if let Some(r) = res {
                    self.def_native(r, tag::BOOLEAN, p);
                }
                self.counts.native += 1;
            }
            Op::Jump(target, args) => {
                self.transfer(target, &args);
                let cb = self.cblock(target);
                self.b.ins().jump(cb, &[]);
                self.counts.native += 1;
            }
            Op::Branch { cond, then_dest, then_args, else_dest, else_args } => {
                let c = self.is_true(cond);
                let t = self.edge(then_dest, &then_args);
                let e = self.edge(else_dest, &else_args);
                self.b.ins().brif(c, t, &[], e, &[]);
                // Edges with arguments were given blocks of their own.
                for (blk, dest, args) in [(t, then_dest, then_args), (e, else_dest, else_args)] {
                    if !args.is_empty() {
                        self.b.switch_to_block(blk);
                        self.transfer(dest, &args);
                        let cb = self.cblock(dest);
                        self.b.ins().jump(cb, &[]);
                    }
                }
                self.counts.native += 1;
            }
            Op::Return(v) => {
                let (t, p) = match self.view(v) {
                    View::Known(t, p) => (self.b.ins().iconst(types::I64, t as i64), p),
                    View::Dyn(t, p) => {
                        // Move the value out: the slot is left undef.
                        let undef = self.b.ins().iconst(types::I8, tag::UNDEF as i64);
                        self.b.ins().store(flags(), undef, self.regs, Self::offset(v));
                        (self.b.ins().uextend(types::I64, t), p)
                    }
                };
                // One 16-byte store: the caller reads the value back with
                // one 16-byte load, which a store of the same size can
                // forward (two narrower stores would stall it).
                let vec = self.b.ins().scalar_to_vector(types::I64X2, t);
                let vec = self.b.ins().insertlane(vec, p, 1);
                self.b.ins().store(flags(), vec, self.out, 0);
                let ok = self.b.ins().iconst(types::I32, 0);
                self.b.ins().return_(&[ok]);
                self.counts.native += 1;
            }
            Op::MatchPush | Op::MatchPop if self.no_captures => {
                // Nothing reads the match data these maintain.
                self.counts.native += 1;
            }
            Op::Interp(parts) if self.pool.is_some() && res.is_some_and(|r| scalar_tag(self.ty(r)).is_none()) => {
                self.concat(i, &parts)
            }
            Op::Match { negate, left, right } if self.literal_match(right).is_some() => {
                self.match_literal(i, negate, left, right)
            }
            ref op if via_op(op) => self.via_op(i),
            op if op.is_terminator() => {
                // Unwind, NoSelectorMatch: the interpreter raises; a
                // terminator that returned normally would be a bug.
                self.call_step(i);
                let flow = self.b.ins().iconst(types::I32, 1);
                self.b.ins().return_(&[flow]);
            }
            _ => self.stepped(i),
        }
    }

    /// Integer `a op b` with Puppet's semantics; overflow, division by
    /// zero and `/ -1`, `% -1` branch to `slow`.
    fn int_arith(&mut self, op: ArithOp, a: cl::Value, b: cl::Value, slow: cl::Block) -> cl::Value {
        match op {
            ArithOp::Add | ArithOp::Sub | ArithOp::Mul => {
                let (r, of) = match op {
                    ArithOp::Add => self.b.ins().sadd_overflow(a, b),
                    ArithOp::Sub => self.b.ins().ssub_overflow(a, b),
                    _ => self.b.ins().smul_overflow(a, b),
                };
                self.bail_if(of, slow);
                r
            }
            ArithOp::Div | ArithOp::Mod => {
                // b in {0, -1}: division by zero, or a possible overflow
                // (MIN / -1); the interpreter handles both.
                let plus1 = self.b.ins().iadd_imm_s(b, 1);
                let bad = self.b.ins().icmp_imm_u(IntCC::UnsignedLessThanOrEqual, plus1, 1);
                self.bail_if(bad, slow);
                let zero = self.b.ins().iconst(types::I64, 0);
                let rem = self.b.ins().srem(a, b);
                let rem_nz = self.b.ins().icmp(IntCC::NotEqual, rem, zero);
                if op == ArithOp::Div {
                    // Floor division: truncate, then one less when the
                    // signs differ and there is a remainder.
                    let q = self.b.ins().sdiv(a, b);
                    let x = self.b.ins().bxor(a, b);
                    let neg = self.b.ins().icmp(IntCC::SignedLessThan, x, zero);
                    let adj = self.b.ins().band(neg, rem_nz);
                    let adj = self.b.ins().uextend(types::I64, adj);
                    self.b.ins().isub(q, adj)
                } else {
                    // Ruby's modulo takes the sign of the divisor.
                    let x = self.b.ins().bxor(rem, b);
                    let neg = self.b.ins().icmp(IntCC::SignedLessThan, x, zero);
                    let adj = self.b.ins().band(neg, rem_nz);
                    let plus = self.b.ins().iadd(rem, b);
                    self.b.ins().select(adj, plus, rem)
                }
            }
            ArithOp::Shl | ArithOp::Shr => unreachable!("shifts are not inlined"),
        }
    }

    /// Puppet truthiness of `v` as an i8 0/1: everything but undef and
    /// false is true.
    fn truthy(&mut self, v: Val) -> cl::Value {
        match self.view(v) {
            View::Known(tag::UNDEF, _) => self.b.ins().iconst(types::I8, 0),
            View::Known(tag::BOOLEAN, p) => self.b.ins().icmp_imm_s(IntCC::NotEqual, p, 0),
            View::Known(..) => self.b.ins().iconst(types::I8, 1),
            View::Dyn(t, p) => {
                let undef = self.b.ins().icmp_imm_s(IntCC::Equal, t, tag::UNDEF as i64);
                let is_bool = self.b.ins().icmp_imm_s(IntCC::Equal, t, tag::BOOLEAN as i64);
                let byte = self.b.ins().band_imm_s(p, 0xff);
                let zero = self.b.ins().icmp_imm_s(IntCC::Equal, byte, 0);
                let false_ = self.b.ins().band(is_bool, zero);
                let falsy = self.b.ins().bor(undef, false_);
                self.b.ins().bxor_imm_s(falsy, 1)
            }
        }
    }

    /// A branch condition: exactly `true` (the interpreter's test).
    fn is_true(&mut self, v: Val) -> cl::Value {
        match self.view(v) {
            View::Known(tag::BOOLEAN, p) => self.b.ins().icmp_imm_s(IntCC::NotEqual, p, 0),
            View::Known(..) => self.b.ins().iconst(types::I8, 0),
            View::Dyn(t, p) => {
                let is_bool = self.b.ins().icmp_imm_s(IntCC::Equal, t, tag::BOOLEAN as i64);
                let byte = self.b.ins().band_imm_s(p, 0xff);
                let set = self.b.ins().icmp_imm_s(IntCC::NotEqual, byte, 0);
                self.b.ins().band(is_bool, set)
            }
        }
    }

    /// The block a branch edge goes to: the target itself, or a new block
    /// for the argument transfer.
    fn edge(&mut self, dest: Block, args: &[Val]) -> cl::Block {
        if args.is_empty() { self.cblock(dest) } else { self.b.create_block() }
    }

    /// Block arguments -> `target`'s parameters, as a parallel copy: every
    /// new value is made owned (a reference added for heap values) before
    /// any parameter slot is released and overwritten.
    fn transfer(&mut self, target: Block, args: &[Val]) {
        let params = self.f.blocks[target].params.clone();
        let mut news: Vec<(Val, Option<cl::Value>, cl::Value)> = Vec::with_capacity(params.len());
        for (&p, &a) in params.iter().zip(args) {
            let va = self.view(a);
            if scalar_tag(self.ty(p)).is_some() {
                news.push((p, None, va.payload()));
                continue;
            }
            let (t, pay) = match va {
                View::Known(t, pay) => (self.b.ins().iconst(types::I8, t as i64), pay),
                View::Dyn(t, pay) => {
                    let heap = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, t, FIRST_HEAP_TAG);
                    let add_ref = self.b.create_block();
                    let cont = self.b.create_block();
                    self.b.ins().brif(heap, add_ref, &[], cont, &[]);
                    self.b.switch_to_block(add_ref);
                    let addr = self.b.ins().iadd_imm_s(self.regs, Self::offset(a) as i64);
                    self.b.ins().call(self.retain, &[addr]);
                    self.b.ins().jump(cont, &[]);
                    self.b.switch_to_block(cont);
                    (t, pay)
                }
            };
            news.push((p, Some(t), pay));
        }
        for &(p, t, pay) in &news {
            if let Some(t) = t {
                self.write_slot(p, t, pay);
            }
        }
        for (p, t, pay) in news {
            if let Some(t) = t {
                let tv = self.tag_var(p);
                self.b.def_var(tv, t);
            }
            let pv = self.pay_var(p);
            self.b.def_var(pv, pay);
        }
    }
}
