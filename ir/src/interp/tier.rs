//! Tiered execution: the hook through which the interpreter hands hot
//! bodies to compiled code, without depending on a code generator.
//!
//! A [`Backend`] (the Cranelift JIT of `pjit-codegen`, or the table of
//! functions linked into an AOT executable) turns an IR function into a
//! [`CompiledFn`]. The [`Tier`] the interpreter holds keeps one slot per
//! function: a call counter and the indirection slot for its code. Every
//! body call goes through [`run`] (from `Interp::run_body`): once a function
//! has been called `threshold` times it is compiled, and later calls jump to
//! the code; a function its backend refuses stays interpreted, with the
//! reason kept for `--verbose`.
//!
//! Compiled code shares the interpreter's frame layout: the register file
//! (one [`Value`] per SSA value) and the frame state ([`ExecState`]: match
//! data and guarded regions). Whatever it does not do inline it hands back
//! one instruction at a time to [`pjit_jit_step`], which runs that
//! instruction with the interpreter's own code on the shared register file.
//! So compiled and interpreted execution agree by construction, down to
//! error messages and locations.
//!
//! **Invariant:** nothing unwinds through compiled frames. Every helper
//! compiled code calls returns a status; a Puppet error, `break`, `next` or
//! `return` travels as the frame's pending [`Flow`] and a panic inside a
//! helper is caught and becomes an internal error.
//!
//! **Invariant:** at every helper call, every register-file slot holds a
//! valid owned value (undef until its instruction runs), so the interpreter
//! may read any operand and overwrite any result.

use std::mem::MaybeUninit;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;

use cranelift_entity::EntityRef;
use pjit_runtime::Value;

use super::scope::Scope;
use super::{EvalError, Flow, Interp, MAX_CALL_DEPTH, R};
use crate::ir::*;

/// Status of compiled code and helpers: the body returned normally.
pub const STATUS_OK: u32 = 0;
/// Status: the frame holds a pending [`Flow`] (error, break, next, return).
pub const STATUS_FLOW: u32 = 1;

/// The entry point of a compiled body. `regs` is the register file (one
/// slot per SSA value of the function, each an owned value; the entry
/// block's parameters hold the arguments); `out` is uninitialized storage
/// for the body's value, written on [`STATUS_OK`]. `frame` is opaque to
/// compiled code: it only passes it back to helpers.
pub type CompiledFn = unsafe extern "C" fn(frame: *mut Frame, regs: *mut Value, out: *mut Value) -> u32;

/// A code generator for IR functions.
pub trait Backend {
    /// Compiles function `id` of `prog`, or says why it stays interpreted.
    /// The code stays valid as long as the backend lives.
    fn compile(&mut self, prog: &Program, id: FuncId) -> Result<CompiledFn, String>;
    /// A one-line summary of what the backend did (for `--verbose`).
    fn describe(&self) -> Option<String> {
        None
    }
}

/// The per-frame state of the instruction loop besides the register file.
#[derive(Default)]
pub struct ExecState {
    /// Successful matches of this body, innermost last.
    pub(super) matches: Vec<Rc<Vec<Option<String>>>>,
    /// Stack depths of `matches` at which guarded regions began.
    pub(super) guards: Vec<usize>,
}

/// One running call of compiled code, as its helpers see it.
pub struct Frame {
    it: *mut Interp,
    func: *const Function,
    scope: *const Rc<Scope>,
    outer: *const Option<Rc<Vec<Option<String>>>>,
    regs: *mut Value,
    nregs: usize,
    state: ExecState,
    flow: Option<Flow>,
}

/// What happened to a function under the tier (for `--verbose`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FuncState {
    /// Never called.
    Unused,
    /// Interpreted so far: called `calls` times, below the threshold.
    Interpreted { calls: u32 },
    Compiled,
    /// The backend refused it: it stays interpreted.
    Refused { reason: String },
}

#[derive(Clone, Default)]
struct Slot {
    calls: u32,
    code: Option<CompiledFn>,
    refused: Option<String>,
    /// Whether a lambda of this body takes the fast call path when given
    /// one argument per parameter (computed once, see [`fast_callable`]).
    fast: Option<bool>,
}

/// The tiering state of one interpreter: the backend and one slot per
/// function. The default has no backend: everything is interpreted.
#[derive(Default)]
pub struct Tier {
    backend: Option<Box<dyn Backend>>,
    threshold: u32,
    slots: Vec<Slot>,
}

impl Tier {
    /// Compiles each function once it has been called `threshold` times
    /// (0: before its first call).
    pub fn new(backend: Box<dyn Backend>, threshold: u32) -> Tier {
        Tier { backend: Some(backend), threshold, slots: vec![] }
    }

    pub fn is_on(&self) -> bool {
        self.backend.is_some()
    }

    /// Hands the backend back (and with it the code it compiled), to
    /// reuse it for another interpreter over the same environment.
    pub fn take_backend(&mut self) -> Option<Box<dyn Backend>> {
        self.slots.clear();
        self.backend.take()
    }

    fn slot(&mut self, id: FuncId) -> &mut Slot {
        let i = id.index();
        if i >= self.slots.len() {
            self.slots.resize(i + 1, Slot::default());
        }
        &mut self.slots[i]
    }

    /// Counts a call of `id` and returns its code, compiling it when the
    /// count reaches the threshold.
    #[inline]
    fn enter(&mut self, prog: &Program, id: FuncId) -> Option<CompiledFn> {
        self.backend.as_ref()?;
        let threshold = self.threshold;
        let slot = self.slot(id);
        if slot.code.is_some() || slot.refused.is_some() {
            return slot.code;
        }
        slot.calls = slot.calls.saturating_add(1);
        if slot.calls <= threshold {
            return None;
        }
        let backend = self.backend.as_mut()?;
        let r = backend.compile(prog, id);
        let slot = self.slot(id);
        match r {
            Ok(code) => slot.code = Some(code),
            Err(reason) => slot.refused = Some(reason),
        }
        slot.code
    }

    /// The code of `id` when a lambda of it can be called the fast way.
    #[inline]
    fn fast_code(&mut self, id: FuncId, prog: &Program) -> Option<CompiledFn> {
        let slot = self.slots.get_mut(id.index())?;
        let code = slot.code?;
        slot.fast.get_or_insert_with(|| fast_callable(&prog.funcs[id])).then_some(code)
    }

    /// The backend's summary of its work.
    pub fn describe(&self) -> Option<String> {
        self.backend.as_ref()?.describe()
    }

    /// What happened to function `id` so far.
    pub fn state(&self, id: FuncId) -> FuncState {
        match self.slots.get(id.index()) {
            None => FuncState::Unused,
            Some(s) if s.code.is_some() => FuncState::Compiled,
            Some(Slot { refused: Some(r), .. }) => FuncState::Refused { reason: r.clone() },
            Some(s) if s.calls == 0 => FuncState::Unused,
            Some(s) => FuncState::Interpreted { calls: s.calls },
        }
    }
}

/// Whether no instruction of `f` can observe the body's own scope: then a
/// call may skip creating it and binding parameters into it. Unknown
/// operations count as needing it.
pub fn runs_without_scope(f: &Function) -> bool {
    f.layout.iter().flat_map(|b| &f.blocks[*b].insts).all(|&i| {
        matches!(
            f.insts[i].op,
            Op::Const(_)
                | Op::GetMatch(_)
                | Op::MatchPush
                | Op::MatchPop
                | Op::Unary(..)
                | Op::Arith(..)
                | Op::Cmp(..)
                | Op::Match { .. }
                | Op::In(..)
                | Op::CaseMatch { .. }
                | Op::NoSelectorMatch(_)
                | Op::Access(..)
                | Op::Interp(_)
                | Op::MakeArray(_)
                | Op::MakeHash(_)
                | Op::TypeRef(_)
                | Op::Unwind(..)
                | Op::Unsupported(_)
                | Op::Jump(..)
                | Op::Branch { .. }
                | Op::Return(_)
        )
    })
}

/// Whether a lambda with body `f`, given one argument per parameter, may
/// skip everything the host's `call_callable` and the calling convention
/// do: its parameters are untyped (so the signature accepts any argument
/// and binding checks nothing), none captures the rest, there is no return
/// type to check, and the body never looks at its scope (so binding the
/// parameters into one is unobservable).
pub fn fast_callable(f: &Function) -> bool {
    f.params.iter().all(|p| p.ty.is_none() && !p.captures_rest) && f.return_type.is_none() && runs_without_scope(f)
}

/// Writes a body's arguments into its entry block parameters.
pub(super) fn write_args(f: &Function, args: Vec<Value>, regs: &mut [Value]) {
    for (p, v) in f.blocks[f.entry()].params.iter().zip(args) {
        regs[p.index()] = v;
    }
}

/// Runs body `id` (`f`) on `regs`: compiled when its slot has code (or the
/// call count reaches the threshold), interpreted otherwise.
pub(super) fn run(
    it: &mut Interp,
    id: FuncId,
    f: &Function,
    args: Vec<Value>,
    scope: Rc<Scope>,
    outer: Option<Rc<Vec<Option<String>>>>,
    regs: &mut [Value],
) -> R<Value> {
    if let Some(code) = it.tier.enter(&it.prog, id) {
        write_args(f, args, regs);
        return call_compiled(it, code, f, &scope, &outer, regs);
    }
    it.exec(f, args, scope, outer, regs)
}

/// Whether dropping `v` is a no-op (a scalar held inline).
fn is_inline(v: &Value) -> bool {
    matches!(
        v,
        Value::Undef | Value::Default | Value::Boolean(_) | Value::Integer(_) | Value::Float(_) | Value::Timespan(_) | Value::Timestamp(_)
    )
}

/// Register files up to this size live on the native stack in the fast
/// call path.
const STACK_REGS: usize = 16;

/// The cheap way into a compiled lambda from an iteration function (the
/// host's `call_callable`): when the lambda is compiled, is
/// [`fast_callable`] and gets one argument per parameter, it runs at once,
/// without a scope, binding or signature checks (all of which would accept
/// and be unobservable). `None`: take the ordinary path (which also counts
/// the call toward compilation).
#[inline]
pub(super) fn call_closure_fast(it: &mut Interp, id: usize, args: &[Value]) -> Option<R<Value>> {
    if !it.tier.is_on() {
        return None;
    }
    let func = it.closures.get(id)?.func;
    let code = it.tier.fast_code(func, &it.prog)?;
    let f = it.prog.funcs[func].clone();
    // At the depth limit the ordinary path reports the error.
    if args.len() != f.params.len() || it.depth >= MAX_CALL_DEPTH {
        return None;
    }
    it.depth += 1;
    // The closure's defining scope stands in for the body's own: a body
    // that runs without scope never looks at it.
    let (scope, outer) = (it.closures[id].scope.clone(), it.closures[id].matches.clone());
    let n = f.vals.len();
    let r = if n <= STACK_REGS {
        let mut buf = [const { MaybeUninit::<Value>::uninit() }; STACK_REGS];
        for slot in &mut buf[..n] {
            slot.write(Value::Undef);
        }
        // SAFETY: the first `n` slots were just initialized.
        let regs = unsafe { &mut *(&mut buf[..n] as *mut [MaybeUninit<Value>] as *mut [Value]) };
        for (p, a) in f.blocks[f.entry()].params.iter().zip(args) {
            regs[p.index()] = a.clone();
        }
        let r = call_compiled(it, code, &f, &scope, &outer, regs);
        for v in regs.iter_mut() {
            if !is_inline(v) {
                // SAFETY: `v` is initialized and not used again (`buf` is
                // `MaybeUninit`, so nothing else drops it).
                unsafe { std::ptr::drop_in_place(v) };
            }
        }
        r
    } else {
        let mut regs = it.reg_pool.pop().unwrap_or_default();
        regs.resize(n, Value::Undef);
        for (p, a) in f.blocks[f.entry()].params.iter().zip(args) {
            regs[p.index()] = a.clone();
        }
        let r = call_compiled(it, code, &f, &scope, &outer, &mut regs);
        regs.clear();
        it.reg_pool.push(regs);
        r
    };
    it.depth -= 1;
    Some(match r {
        Err(Flow::Next(v, _)) => Ok(v),
        r => r,
    })
}

#[inline]
fn call_compiled(
    it: &mut Interp,
    code: CompiledFn,
    f: &Function,
    scope: &Rc<Scope>,
    outer: &Option<Rc<Vec<Option<String>>>>,
    regs: &mut [Value],
) -> R<Value> {
    let regs_ptr = regs.as_mut_ptr();
    let mut frame = Frame {
        it,
        func: f,
        scope,
        outer,
        regs: regs_ptr,
        nregs: regs.len(),
        state: ExecState::default(),
        flow: None,
    };
    let mut out = MaybeUninit::<Value>::uninit();
    // SAFETY: `code` was compiled from `f` by the installed backend, so it
    // indexes `regs` only below `f.vals.len()` (its length); every slot holds
    // a valid value; `out` is writable storage for one value; `frame` lives
    // across the call and `it` is not used here until it returns.
    let status = unsafe { code(&mut frame, regs_ptr, out.as_mut_ptr()) };
    if status == STATUS_OK {
        // SAFETY: compiled code writes `out` exactly when it returns OK.
        return Ok(unsafe { out.assume_init() });
    }
    Err(frame.flow.take().unwrap_or_else(|| internal("compiled code failed without an error")))
}

#[cold]
fn internal(message: &str) -> Flow {
    Flow::Error(EvalError { issue: "INTERNAL_ERROR", message: message.to_string(), loc: None })
}

/// Runs instruction `inst` of the frame's function with the interpreter, on
/// the frame's register file: the general fallback of compiled code.
/// Returns [`STATUS_OK`] or [`STATUS_FLOW`] (the flow is kept in the frame).
///
/// # Safety
/// `frame` is the pointer compiled code received, during that call; `inst`
/// is a non-terminator-or-raising instruction of the frame's function; its
/// operands' slots hold their values.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_jit_step(frame: *mut Frame, inst: u32) -> u32 {
    // SAFETY: the caller passes back the live frame of its own call.
    let fr = unsafe { &mut *frame };
    let r = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the frame's pointers were made from live references by
        // `call_compiled`, which does not use them while the code runs; the
        // register file has `nregs` slots.
        let (it, f, scope, outer, regs) = unsafe {
            (&mut *fr.it, &*fr.func, &*fr.scope, &*fr.outer, std::slice::from_raw_parts_mut(fr.regs, fr.nregs))
        };
        it.exec_in(f, scope, outer, &mut fr.state, Some(Inst::from_u32(inst)), regs)
    }));
    match r {
        Ok(Ok(_)) => STATUS_OK,
        Ok(Err(flow)) => {
            fr.flow = Some(flow);
            STATUS_FLOW
        }
        Err(_) => {
            fr.flow = Some(internal("internal error in the pjit interpreter"));
            STATUS_FLOW
        }
    }
}

/// Adds a reference to the value at `v` (clone and forget): compiled code
/// then owns a copy of its 16 bytes.
///
/// # Safety
/// `v` points to a live value.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_jit_retain(v: *const Value) {
    // SAFETY: the caller guarantees `v` is live.
    std::mem::forget(unsafe { (*v).clone() });
}

/// The helpers of this module that compiled code calls, by symbol name
/// (besides the runtime's `pjit_runtime::abi::SYMBOLS`).
pub const SYMBOLS: &[(&str, *const u8)] =
    &[("pjit_jit_step", pjit_jit_step as *const u8), ("pjit_jit_retain", pjit_jit_retain as *const u8)];
