//! Tiered execution: the hook through which the interpreter hands hot
//! bodies to compiled code, without depending on a code generator, and the
//! fast call paths that reach compiled code without the general calling
//! convention.
//!
//! A [`Backend`] (the Cranelift JIT of `pjit-codegen`, or the table of
//! functions linked into an AOT executable) turns an IR function into
//! [`Compiled`] code. The [`Tier`] the interpreter holds keeps one slot per
//! function: a call counter and the indirection slot for its code. Every
//! body call goes through [`run`] (from `Interp::run_body`): once a function
//! has been called `threshold` times it is compiled, and later calls jump to
//! the code; a function its backend refuses stays interpreted, with the
//! reason kept for `--verbose`. Code a backend compiled earlier for an
//! equal body (another node compile sharing the backend's code) is used
//! from the first call ([`Backend::cached`]).
//!
//! Compiled code shares the interpreter's frame layout: the register file
//! (one [`Value`] per SSA value) and the frame state ([`ExecState`]: match
//! data and guarded regions). Whatever it does not do inline it hands to
//! [`pjit_jit_op`] (common operations, without the instruction loop) or,
//! for everything else and for every case `pjit_jit_op` declines, to
//! [`pjit_jit_step`], which runs that one instruction with the
//! interpreter's own code on the shared register file. So compiled and
//! interpreted execution agree by construction, down to error messages and
//! locations.
//!
//! Compiled code may check typed parameters itself on entry (the backend
//! says which, [`Compiled::checks`]): it then returns [`STATUS_RECHECK`]
//! before doing anything else when an argument fails, and the caller
//! redoes the check the slow way, which yields the interpreter's error. The
//! binder of defined types leaves those checks to the code
//! (`Interp::call_body_named`).
//!
//! Fast paths, taken only when a backend is installed ([`call`],
//! [`call_closure_fast`]): the walks of `each`, `map`, `filter` and
//! `reduce` over arrays and integer ranges run here, calling a compiled
//! lambda directly with one register file for the whole walk; calls of a
//! compiled Puppet function whose arguments need no binding work jump to
//! its code. Each is taken only where the general path would do nothing
//! observable besides running the code, and falls back to it otherwise.
//!
//! **Invariant:** nothing unwinds through compiled frames. Every helper
//! compiled code calls returns a status; a Puppet error, `break`, `next` or
//! `return` travels as the frame's pending [`Flow`] and a panic inside a
//! helper is caught and becomes an internal error.
//!
//! **Invariant:** at every helper call, every register-file slot holds a
//! valid owned value (undef until its instruction runs), so the interpreter
//! may read any operand and overwrite any result.
//!
//! **Invariant:** a body whose code checks parameter types on entry runs
//! only with arguments that passed those checks already, or from a caller
//! that handles [`STATUS_RECHECK`].

use std::collections::HashMap;
use std::mem::MaybeUninit;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;
use std::sync::Arc;

use cranelift_entity::EntityRef;
use pjit_runtime::functions::{self as rtf, Unwind, WalkKind, WalkSource};
use pjit_runtime::types::calc;
use pjit_runtime::{Type, Value, ops};

use super::scope::Scope;
use super::{CallHost, EvalError, Flow, Interp, MAX_CALL_DEPTH, R};
use crate::ir::*;

/// Status of compiled code and helpers: the body returned normally.
pub const STATUS_OK: u32 = 0;
/// Status: the frame holds a pending [`Flow`] (error, break, next, return).
pub const STATUS_FLOW: u32 = 1;
/// Status of compiled code: an argument failed a parameter type check the
/// code makes on entry; nothing else ran and the result is unwritten.
pub const STATUS_RECHECK: u32 = 2;
/// Status of [`pjit_jit_op`]: the operation needs the general path
/// ([`pjit_jit_step`]); nothing happened.
pub const STATUS_SLOW: u32 = 2;
/// Flag in the instruction operand of [`pjit_jit_op`]: the function never
/// reads its match data (no `$0`.., no lambda capturing it), so a match
/// need not compute its captures.
pub const OP_NO_CAPTURES: u32 = 1 << 31;

/// The entry point of a compiled body. `regs` is the register file (one
/// slot per SSA value of the function, each an owned value; the entry
/// block's parameters hold the arguments); `out` is uninitialized storage
/// for the body's value, written on [`STATUS_OK`]. `frame` is opaque to
/// compiled code: it only passes it back to helpers.
pub type CompiledFn = unsafe extern "C" fn(frame: *mut Frame, regs: *mut Value, out: *mut Value) -> u32;

/// A compiled body.
#[derive(Copy, Clone, Debug)]
pub struct Compiled {
    pub code: CompiledFn,
    /// Parameters (bit `i` for parameter `i`) whose type the code checks on
    /// entry, returning [`STATUS_RECHECK`] when an argument fails. Each is
    /// a parameter whose type thunk is [`pure_value`] and yields a type.
    pub checks: u64,
}

/// A code generator for IR functions.
pub trait Backend {
    /// Compiles function `id` of `prog`, or says why it stays interpreted.
    /// The code stays valid as long as the backend lives.
    fn compile(&mut self, prog: &Program, id: FuncId) -> Result<Compiled, String>;
    /// Code compiled earlier for a body equal to function `id` (and with
    /// the same parameter types), if any: the tier uses it from the first
    /// call, whatever the threshold.
    fn cached(&mut self, _prog: &Program, _id: FuncId) -> Option<Compiled> {
        None
    }
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
    checks: u64,
    refused: Option<String>,
    /// Whether the backend was asked for code it already has.
    asked_cache: bool,
    /// Whether the body never looks at its own scope (see [`scope_free`]),
    /// and how many Puppet functions the program had when that was found.
    scope_free: Option<(bool, usize)>,
}

/// How a call site's function name resolves (see [`call`]).
#[derive(Clone)]
struct Target {
    /// The name as `Interp::call_named` looks it up.
    key: Rc<str>,
    /// The Puppet function of that name, once known (a name that is one
    /// stays one: functions are never removed).
    puppet: Option<FuncId>,
    /// The core iteration function whose walks this tier runs.
    walk: Option<&'static rtf::Function>,
}

/// The tiering state of one interpreter: the backend and one slot per
/// function. The default has no backend: everything is interpreted.
#[derive(Default)]
pub struct Tier {
    backend: Option<Box<dyn Backend>>,
    threshold: u32,
    slots: Vec<Slot>,
    targets: HashMap<Sym, Target, foldhash::fast::FixedState>,
    /// Per function: the value of a thunk that is [`pure_value`]
    /// (`Some(None)`: not pure), computed on first use. It depends on the
    /// body alone, so it outlives the compile ([`Tier::take_pure`]).
    pure: Vec<Option<Option<Value>>>,
}

impl Tier {
    /// Compiles each function once it has been called `threshold` times
    /// (0: before its first call).
    pub fn new(backend: Box<dyn Backend>, threshold: u32) -> Tier {
        Tier { backend: Some(backend), threshold, slots: vec![], targets: HashMap::default(), pure: vec![] }
    }

    /// The values of pure thunks found so far, for the next compile of the
    /// same program ([`Tier::keep_pure`]): bodies are never removed from a
    /// program, so a function id keeps its body.
    pub fn take_pure(&mut self) -> Vec<Option<Option<Value>>> {
        std::mem::take(&mut self.pure)
    }

    /// Starts from the pure thunk values an earlier compile of the same
    /// program found ([`Tier::take_pure`]).
    pub fn keep_pure(&mut self, pure: Vec<Option<Option<Value>>>) {
        self.pure = pure;
    }

    /// Calls before a body is compiled.
    pub fn threshold(&self) -> u32 {
        self.threshold
    }

    pub fn is_on(&self) -> bool {
        self.backend.is_some()
    }

    /// Hands the backend back (and with it the code it compiled), to
    /// reuse it for another interpreter over the same environment.
    pub fn take_backend(&mut self) -> Option<Box<dyn Backend>> {
        self.slots.clear();
        self.targets.clear();
        self.backend.take()
    }

    fn slot(&mut self, id: FuncId) -> &mut Slot {
        let i = id.index();
        if i >= self.slots.len() {
            self.slots.resize(i + 1, Slot::default());
        }
        &mut self.slots[i]
    }

    /// Counts `n` calls of `id` about to happen and returns its code,
    /// compiling it when the count passes the threshold. With `batch`, the
    /// calls are counted only if they make it pass (the caller makes them
    /// one by one through [`Tier::enter`] otherwise).
    #[inline(never)]
    fn enter_n(&mut self, prog: &Program, id: FuncId, n: u32, batch: bool) -> Option<CompiledFn> {
        self.backend.as_ref()?;
        let threshold = self.threshold;
        let slot = self.slot(id);
        if slot.code.is_some() || slot.refused.is_some() {
            return slot.code;
        }
        if !slot.asked_cache {
            slot.asked_cache = true;
            if let Some(c) = self.backend.as_mut()?.cached(prog, id) {
                let slot = self.slot(id);
                slot.code = Some(c.code);
                slot.checks = c.checks;
                return slot.code;
            }
        }
        let slot = self.slot(id);
        let calls = slot.calls.saturating_add(n);
        if calls <= threshold {
            if !batch {
                slot.calls = calls;
            }
            return None;
        }
        slot.calls = calls;
        let backend = self.backend.as_mut()?;
        let r = backend.compile(prog, id);
        let slot = self.slot(id);
        match r {
            Ok(c) => {
                slot.code = Some(c.code);
                slot.checks = c.checks;
            }
            Err(reason) => slot.refused = Some(reason),
        }
        slot.code
    }

    /// Counts a call of `id` and returns its code, compiling it when the
    /// count reaches the threshold.
    #[inline]
    fn enter(&mut self, prog: &Program, id: FuncId) -> Option<CompiledFn> {
        self.backend.as_ref()?;
        if let Some(code) = self.slots.get(id.index()).and_then(|s| s.code) {
            return Some(code);
        }
        self.enter_n(prog, id, 1, false)
    }

    /// The code of `id` and the parameters it checks, if compiled.
    #[inline]
    fn code(&self, id: FuncId) -> Option<(CompiledFn, u64)> {
        let s = self.slots.get(id.index())?;
        Some((s.code?, s.checks))
    }

    /// Parameters of `id` whose types its compiled code checks on entry
    /// (none when it is not compiled).
    pub fn inline_checks(&self, id: FuncId) -> u64 {
        self.code(id).map_or(0, |(_, c)| c)
    }

    /// Whether body `id` never looks at its own scope (cached).
    fn scope_free(&mut self, prog: &Program, id: FuncId) -> bool {
        // A negative answer holds until more Puppet functions are known: a
        // call that does not resolve to one may later (autoloading).
        let known = prog.functions.len();
        match self.slots.get(id.index()).and_then(|s| s.scope_free) {
            Some((true, _)) => return true,
            Some((false, n)) if n == known => return false,
            _ => {}
        }
        let b = scope_free(prog, &prog.funcs[id]);
        self.slot(id).scope_free = Some((b, known));
        b
    }

    /// The value of thunk `id` when it is [`pure_value`] (cached; only with
    /// a backend, so the interpreter alone runs every thunk).
    pub(super) fn pure(&mut self, prog: &Program, id: FuncId) -> Option<Value> {
        // Also without a backend: the interpreter reads parameter types
        // this way (a pure thunk's value never changes).
        let i = id.index();
        if let Some(Some(p)) = self.pure.get(i) {
            return p.clone();
        }
        let v = pure_value(&prog.funcs[id]);
        if i >= self.pure.len() {
            self.pure.resize(i + 1, None);
        }
        self.pure[i] = Some(v.clone());
        v
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

    /// How the name of symbol `name` resolves for [`call`].
    fn target(&mut self, prog: &Program, name: Sym) -> &mut Target {
        self.targets.entry(name).or_insert_with(|| {
            let key: Rc<str> = Rc::from(call_key(prog.name(name)));
            let walk = match &*key {
                "each" | "map" | "filter" | "reduce" => rtf::lookup(&key),
                _ => None,
            };
            Target { key, puppet: None, walk }
        })
    }
}

/// The value of a thunk made only of constants and of the operations that
/// build values from them (`Integer[0]`, `Optional[Array[String]]`,
/// `undef`, `[1, 2]`), computed as the interpreter would; `None` for any
/// other body and when computing it fails. Running such a thunk is
/// unobservable and always gives this value.
pub fn pure_value(f: &Function) -> Option<Value> {
    if f.layout.len() != 1 || !f.params.is_empty() {
        return None;
    }
    let mut vals: Vec<Option<Value>> = vec![None; f.vals.len()];
    let get = |vals: &[Option<Value>], v: Val| vals.get(v.index()).cloned().flatten();
    for &i in &f.blocks[f.entry()].insts {
        let d = &f.insts[i];
        let v = match &d.op {
            Op::Const(c) => f.consts.get(*c as usize)?.clone(),
            Op::Access(b, ks) => {
                let base = get(&vals, *b)?;
                // Class and resource references read the catalog
                // (`Interp::resource_parameter`).
                match &base {
                    Value::Type(t) if !matches!(**t, Type::Class(_) | Type::Resource { .. } | Type::Alias(_)) => {}
                    _ => return None,
                }
                let keys = ks.iter().map(|k| get(&vals, *k)).collect::<Option<Vec<Value>>>()?;
                ops::access(&base, &keys).ok()?
            }
            Op::MakeArray(vs) if vs.iter().all(|(_, splat)| !splat) => {
                let items = vs.iter().map(|(v, _)| get(&vals, *v)).collect::<Option<Vec<Value>>>()?;
                Value::Array(pjit_runtime::value::PArray(Arc::new(items)))
            }
            Op::MakeHash(vs) => {
                let mut h = pjit_runtime::value::HashMapV::default();
                for kv in vs.chunks(2) {
                    h.insert(get(&vals, kv[0])?, get(&vals, kv[1])?);
                }
                Value::Hash(pjit_runtime::value::PHash(Arc::new(h)))
            }
            Op::Return(v) => return get(&vals, *v),
            _ => return None,
        };
        if let Some(r) = d.result() {
            vals[r.index()] = Some(v);
        }
    }
    None
}

/// The type a parameter's type thunk yields when the thunk is
/// [`pure_value`] and its value is a type: the parameters a compiled body
/// may check on entry.
pub fn pure_param_type(prog: &Program, p: &Param) -> Option<Arc<Type>> {
    if p.captures_rest {
        return None;
    }
    match pure_value(prog.funcs.get(p.ty?)?)? {
        Value::Type(t) => Some(t),
        _ => None,
    }
}

/// Operations that compute with values, branch or return, and see no
/// scope (variables and calls are the callers' to judge): what
/// [`scope_free`] and the interpreter's `plain_default` both accept.
pub fn value_op(op: &Op) -> bool {
    matches!(
        op,
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
            | Op::Jump(..)
            | Op::Branch { .. }
            | Op::Return(_)
    )
}

/// Whether no instruction of `f` can observe the body's own scope, so a
/// call may run it with its parent scope in place of a new local one: only
/// operations on values, reads of variables that are not its parameters
/// (found in the parent, as through the local scope), and calls of Puppet
/// functions (which run in a scope of their own). Unknown operations count
/// as needing the scope.
pub fn scope_free(prog: &Program, f: &Function) -> bool {
    f.layout.iter().flat_map(|b| &f.blocks[*b].insts).all(|&i| match &f.insts[i].op {
        op if value_op(op) => true,
        Op::Unwind(..) | Op::Unsupported(_) => true,
        Op::GetVar(s) => !f.params.iter().any(|p| p.name == *s),
        Op::Call { name, block: None, .. } => prog.functions.contains_key(&*call_key(prog.name(*name))),
        _ => false,
    })
}

/// The name `Interp::call_named` looks a function up by.
fn call_key(raw: &str) -> std::borrow::Cow<'_, str> {
    let lower: std::borrow::Cow<str> =
        if raw.bytes().any(|c| c.is_ascii_uppercase()) { raw.to_lowercase().into() } else { raw.into() };
    match lower {
        std::borrow::Cow::Borrowed(s) => std::borrow::Cow::Borrowed(s.strip_prefix("::").unwrap_or(s)),
        std::borrow::Cow::Owned(s) => std::borrow::Cow::Owned(s.strip_prefix("::").unwrap_or(&s).to_string()),
    }
}

/// Whether the function reads its own match data: `$0`.. or a lambda that
/// captures it. Otherwise matches need not compute captures, and guarded
/// regions need not be tracked.
pub fn observes_matches(f: &Function) -> bool {
    // Bodies that publish their matches are observed by other scopes.
    super::publishes_matches(f.kind) || f.insts.values().any(|d| matches!(d.op, Op::GetMatch(_) | Op::Closure(_)))
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
#[inline]
fn is_inline(v: &Value) -> bool {
    matches!(
        v,
        Value::Undef | Value::Default | Value::Boolean(_) | Value::Integer(_) | Value::Float(_)
    )
}

/// Makes a register file fit for the next call: heap values released.
/// Scalars may stay (a body writes every slot before reading it).
#[inline]
fn reset(regs: &mut [Value]) {
    for v in regs.iter_mut() {
        if !is_inline(v) {
            // SAFETY: `v` holds a live heap value, dropped once here and
            // replaced at once.
            unsafe {
                std::ptr::drop_in_place(v);
                std::ptr::write(v, Value::Undef);
            }
        }
    }
}

/// The error marking [`STATUS_RECHECK`] on its way back to the caller
/// that must redo its parameter checks (no allocation).
const RECHECK: &str = "PJIT_RECHECK";

/// Whether `f` is the mark of [`STATUS_RECHECK`].
pub(super) fn is_recheck(f: &Flow) -> bool {
    matches!(f, Flow::Error(e) if e.issue == RECHECK)
}

/// The parameters of `f` with a type that `checks` does not cover.
fn unchecked_types(f: &Function, checks: u64) -> bool {
    f.params.iter().enumerate().any(|(i, p)| p.ty.is_some() && (i >= 64 || checks & (1 << i) == 0))
}

/// A lambda prepared for many calls: its code, scope, and a register file
/// kept across calls.
struct Lambda {
    code: CompiledFn,
    f: Rc<Function>,
    /// The closure's defining scope.
    scope: Rc<Scope>,
    matches: Option<Rc<Vec<Option<String>>>>,
    /// Whether each call needs a local scope with the parameters in it.
    scoped: bool,
    /// Entry block parameter slots and parameter names.
    params: Vec<(usize, Sym)>,
    regs: Vec<Value>,
}

/// What one call of a lambda did ([`Lambda::call`]).
enum Called {
    Value(Value),
    /// `break()`.
    Break,
    /// An error, `return()` or `next` leaving the iteration function, in
    /// the flow output: already as `Interp::call_named` returns it.
    Flow,
}

/// Drops `v`, without a call for the scalars that need none.
#[inline(always)]
fn discard(v: Value) {
    if is_inline(&v) {
        std::mem::forget(v);
    } else {
        drop(v);
    }
}

impl Lambda {
    /// Closure `id` prepared for calls with `arity` arguments, `n` of them
    /// about to happen; `None` when its calls must take the general path
    /// (`CallHost::call_callable`): the lambda is not compiled (and `n`
    /// calls do not pass the threshold), has a parameter count other than
    /// `arity`, captures the rest, has a return type or a typed parameter
    /// its code does not check.
    fn prepare(it: &mut Interp, id: usize, arity: usize, n: u32) -> Option<Lambda> {
        let c = it.closures.get(id)?;
        let (func, scope, matches) = (c.func, c.scope.clone(), c.matches.clone());
        let f = it.prog.funcs[func].clone();
        if f.params.len() != arity || f.return_type.is_some() || f.params.iter().any(|p| p.captures_rest) {
            return None;
        }
        if it.depth >= MAX_CALL_DEPTH {
            return None;
        }
        let code = it.tier.enter_n(&it.prog, func, n, true)?;
        if unchecked_types(&f, it.tier.inline_checks(func)) {
            return None;
        }
        let scoped = !it.tier.scope_free(&it.prog, func);
        let params = f.blocks[f.entry()].params.iter().zip(&f.params).map(|(v, p)| (v.index(), p.name)).collect();
        let mut regs = it.reg_pool.pop().unwrap_or_default();
        regs.resize(f.vals.len(), Value::Undef);
        Some(Lambda { code, f, scope, matches, scoped, params, regs })
    }

    /// One call with `args` (the first `arity` of them; the others are
    /// undef); an exit goes to `flow`. `Err(args)` when the code's
    /// parameter checks failed: nothing happened, and the call must take
    /// the general path.
    #[inline]
    fn call(&mut self, it: &mut Interp, args: [Value; 2], loc: Loc, flow: &mut Option<Flow>) -> Result<Called, [Value; 2]> {
        let n = self.params.len();
        let [a0, a1] = args;
        let regs = self.regs.as_mut_ptr();
        // SAFETY: the parameter slots are entry block values of `f`, below
        // `regs.len()` (`f.vals.len()`); after `reset` every slot holds a
        // scalar, which needs no drop: overwriting it leaks nothing.
        unsafe {
            std::ptr::write(regs.add(self.params[0].0), a0);
            if n == 2 {
                std::ptr::write(regs.add(self.params[1].0), a1);
            } else {
                discard(a1);
            }
        }
        let mut res = MaybeUninit::<Value>::uninit();
        let status = if self.scoped {
            let s = Scope::local(&self.scope);
            for &(slot, name) in &self.params {
                s.set(name, self.regs[slot].clone());
            }
            it.labels.push(s.label.clone());
            let st = invoke(it, self.code, &self.f, &s, &self.matches, &mut self.regs, &mut res, flow);
            it.labels.pop();
            st
        } else {
            invoke(it, self.code, &self.f, &self.scope, &self.matches, &mut self.regs, &mut res, flow)
        };
        let called = match status {
            // SAFETY: compiled code writes its value on OK.
            STATUS_OK => Called::Value(unsafe { res.assume_init() }),
            STATUS_RECHECK => {
                let take = |regs: &mut Vec<Value>, k: usize| std::mem::replace(&mut regs[self.params[k].0], Value::Undef);
                let back = [take(&mut self.regs, 0), if n == 2 { take(&mut self.regs, 1) } else { Value::Undef }];
                reset(&mut self.regs);
                return Err(back);
            }
            _ => match flow.take() {
                Some(Flow::Next(v, _)) => Called::Value(v),
                Some(Flow::Break(_)) => Called::Break,
                // What `CallHost::call_callable` and `call_named` make of it.
                Some(Flow::Return(v, _)) => {
                    *flow = Some(Flow::Return(v, loc));
                    Called::Flow
                }
                other => {
                    *flow = other;
                    Called::Flow
                }
            },
        };
        reset(&mut self.regs);
        Ok(called)
    }

    fn finish(mut self, it: &mut Interp) {
        self.regs.clear();
        it.reg_pool.push(std::mem::take(&mut self.regs));
    }
}

/// One call of `block` with `args` the general way (the host's
/// `call_callable`, as the runtime's iteration functions make it), as
/// [`Called`]: a `break()` is reported, and an error or exit as
/// `Interp::call_named` would return it from the iteration function.
fn call_general(
    it: &mut Interp,
    block: &Value,
    args: &[Value],
    scope: &Rc<Scope>,
    loc: Loc,
    method: bool,
    flow: &mut Option<Flow>,
) -> Called {
    use pjit_runtime::functions::Host;
    let mut host = CallHost { it, scope: scope.clone(), loc, pending: None };
    let r = host.call_callable(block, args);
    let pending = host.pending.take();
    match r {
        Ok(v) => Called::Value(v),
        Err(Unwind::Break) => Called::Break,
        Err(u) => {
            *flow = Some(super::unwind_to_flow(u, pending, method, loc));
            Called::Flow
        }
    }
}

/// Calls of named functions that the tier runs faster than
/// `Interp::call_named`, with the same effects: the walks of the core
/// iteration functions over arrays and integer ranges with a compiled
/// lambda, and calls of compiled Puppet functions. `None`: take
/// `call_named` (nothing happened; `args` is intact).
pub(super) fn call(
    it: &mut Interp,
    name: Sym,
    args: &mut Vec<Value>,
    block: Option<&Value>,
    scope: &Rc<Scope>,
    loc: Loc,
    method: bool,
) -> Option<R<Value>> {
    let t = it.tier.target(&it.prog, name);
    let (key, mut puppet, walk) = (t.key.clone(), t.puppet, t.walk);
    if puppet.is_none() {
        // Puppet functions shadow core ones; a namespaced one may still be
        // autoloaded by `call_named`.
        if crate::interp::catalog::is_qualified(&key) && !it.prog.functions.contains_key(&*key) {
            return None;
        }
        puppet = it.prog.functions.get(&*key).copied();
        it.tier.target(&it.prog, name).puppet = puppet;
    }
    match (puppet, block) {
        (Some(fid), None) => call_function(it, fid, args),
        (None, Some(b)) => walk_call(it, walk?, &args[..], b, scope, loc, method),
        _ => None,
    }
}

/// A call of Puppet function `fid` with `args` straight to its code, when
/// `Interp::call_puppet_function` would do nothing else observable: the
/// function is compiled, takes exactly these arguments (no defaults, no
/// rest, no return type), and its typed parameters are checked by its
/// code (a failed check falls back, before anything happened, so the
/// general path reports it). A body that never looks at its scope runs
/// without one.
fn call_function(it: &mut Interp, fid: FuncId, args: &mut Vec<Value>) -> Option<R<Value>> {
    let (code, checks) = it.tier.code(fid)?;
    let f = it.prog.funcs[fid].clone();
    if args.len() != f.params.len() || f.return_type.is_some() || f.params.iter().any(|p| p.captures_rest) {
        return None;
    }
    // At the depth limit the general path reports the error.
    if unchecked_types(&f, checks) || it.depth >= MAX_CALL_DEPTH {
        return None;
    }
    let scope = if it.tier.scope_free(&it.prog, fid) {
        it.top.clone()
    } else {
        let s = Scope::local(&it.top);
        for (p, a) in f.params.iter().zip(args.iter()) {
            s.set(p.name, a.clone());
        }
        s
    };
    it.depth += 1;
    it.labels.push(scope.label.clone());
    let mut regs = it.reg_pool.pop().unwrap_or_default();
    regs.resize(f.vals.len(), Value::Undef);
    let entry = &f.blocks[f.entry()].params;
    for (p, a) in entry.iter().zip(args.drain(..)) {
        regs[p.index()] = a;
    }
    let r = call_compiled(it, code, &f, &scope, &None, &mut regs);
    if matches!(&r, Err(e) if is_recheck(e)) {
        args.extend(entry.iter().map(|p| std::mem::replace(&mut regs[p.index()], Value::Undef)));
    }
    regs.clear();
    it.reg_pool.push(regs);
    it.labels.pop();
    it.depth -= 1;
    Some(match r {
        Err(e) if is_recheck(&e) => return None,
        // As `call_puppet_function`.
        Err(Flow::Return(v, _)) | Err(Flow::Next(v, _)) => Ok(v),
        r => r,
    })
}

/// A call of core iteration function `func` run here when its dispatch is
/// a walk (`rtf::walk_plan`) and the lambda can be prepared: the same
/// walk as the runtime's (same order, arguments, `break` handling and
/// result), each element's call straight to the lambda's code, falling
/// back to the general call for an element whose parameter checks fail.
fn walk_call(
    it: &mut Interp,
    func: &'static rtf::Function,
    args: &[Value],
    block: &Value,
    scope: &Rc<Scope>,
    loc: Loc,
    method: bool,
) -> Option<R<Value>> {
    let Value::Callable(c) = block else { return None };
    let plan = rtf::walk_plan(func, args, Some(block))?;
    let n = match plan.source {
        WalkSource::Range(a, b) => (b as i128 - a as i128 + 1) as usize,
        WalkSource::Array(a) => a.len(),
    };
    let mut lambda = Lambda::prepare(it, c.id as usize, plan.walk.arity, n.min(u32::MAX as usize) as u32)?;
    let mut w = Walker { lambda: &mut lambda, block, scope, loc, method, arity: plan.walk.arity };
    it.depth += 1;
    // One loop per source kind, each monomorphic.
    let r = match plan.source {
        WalkSource::Range(a, _) => w.run(it, &plan, &args[0], n, |i| Value::Integer(a + i as i64)),
        WalkSource::Array(xs) => w.run(it, &plan, &args[0], n, |i| xs[i].clone()),
    };
    it.depth -= 1;
    lambda.finish(it);
    Some(r)
}

/// A walk in progress: the lambda and what a general call needs.
struct Walker<'a> {
    lambda: &'a mut Lambda,
    block: &'a Value,
    scope: &'a Rc<Scope>,
    loc: Loc,
    method: bool,
    arity: usize,
}

impl Walker<'_> {
    /// One call: straight to the code, or the general way when its checks
    /// fail (at the caller's depth, as the runtime would call it).
    #[inline]
    fn call(&mut self, it: &mut Interp, args: [Value; 2], flow: &mut Option<Flow>) -> Called {
        // A long walk of compiled code makes no body calls: a compile asked
        // to stop stops here.
        if let Some(e) = it.cancelled() {
            *flow = Some(Flow::Error(e));
            return Called::Flow;
        }
        match self.lambda.call(it, args, self.loc, flow) {
            Ok(c) => c,
            Err(args) => {
                it.depth -= 1;
                let c = call_general(it, self.block, &args[..self.arity], self.scope, self.loc, self.method, flow);
                it.depth += 1;
                c
            }
        }
    }

    /// The arguments for element `i`: `(index, element)` or `(element)`.
    #[inline(always)]
    fn args(&self, i: usize, e: Value) -> [Value; 2] {
        if self.arity == 2 { [Value::Integer(i as i64), e] } else { [e, Value::Undef] }
    }

    /// The walk of `plan` over the `n` elements `elem` gives.
    fn run(&mut self, it: &mut Interp, plan: &rtf::WalkPlan<'_>, receiver: &Value, n: usize, elem: impl Fn(usize) -> Value) -> R<Value> {
        let mut flow = None;
        macro_rules! exit {
            () => {
                return Err(flow.take().unwrap_or_else(|| internal("a walk ended without its flow")))
            };
        }
        match plan.walk.kind {
            WalkKind::Each => {
                for i in 0..n {
                    match self.call(it, self.args(i, elem(i)), &mut flow) {
                        Called::Value(v) => discard(v),
                        Called::Break => break,
                        Called::Flow => exit!(),
                    }
                }
                Ok(receiver.clone())
            }
            WalkKind::Map => {
                let mut items = Vec::with_capacity(n);
                for i in 0..n {
                    match self.call(it, self.args(i, elem(i)), &mut flow) {
                        Called::Value(v) => items.push(v),
                        Called::Break => break,
                        Called::Flow => exit!(),
                    }
                }
                Ok(Value::Array(pjit_runtime::value::PArray(Arc::new(items))))
            }
            WalkKind::Filter => {
                let mut items = Vec::new();
                for i in 0..n {
                    match self.call(it, self.args(i, elem(i)), &mut flow) {
                        Called::Value(v) => {
                            // The element again (the call consumed it).
                            if v.is_truthy() {
                                items.push(elem(i))
                            }
                            discard(v);
                        }
                        Called::Break => break,
                        Called::Flow => exit!(),
                    }
                }
                Ok(Value::Array(pjit_runtime::value::PArray(Arc::new(items))))
            }
            WalkKind::Reduce => {
                let mut start = 0;
                let mut memo = match plan.memo {
                    Some(m) => m.clone(),
                    None if n == 0 => return Ok(Value::Undef),
                    None => {
                        start = 1;
                        elem(0)
                    }
                };
                for i in start..n {
                    // On `break()` the result is the memo the call was given.
                    let given = if is_inline(&memo) {
                        // SAFETY: a scalar is plain bits; the copy owns nothing.
                        unsafe { std::ptr::read(&memo) }
                    } else {
                        memo.clone()
                    };
                    match self.call(it, [given, elem(i)], &mut flow) {
                        Called::Value(v) => discard(std::mem::replace(&mut memo, v)),
                        Called::Break => return Ok(memo),
                        Called::Flow => exit!(),
                    }
                }
                Ok(memo)
            }
        }
    }
}

/// Register files up to this size live on the native stack in the fast
/// call path.
const STACK_REGS: usize = 16;

/// The cheap way into a compiled lambda from an iteration function (the
/// host's `call_callable`): when the lambda is compiled, gets one argument
/// per parameter, has no return type, its typed parameters are checked by
/// its code and its body never looks at its scope ([`scope_free`]), it
/// runs at once, without a scope, binding or signature checks (all of
/// which would accept and be unobservable). `None`: take the ordinary path
/// (which also counts the call toward compilation, and reports a failed
/// check).
#[inline]
pub(super) fn call_closure_fast(it: &mut Interp, id: usize, args: &[Value]) -> Option<R<Value>> {
    if !it.tier.is_on() {
        return None;
    }
    let func = it.closures.get(id)?.func;
    let (code, checks) = it.tier.code(func)?;
    let f = it.prog.funcs[func].clone();
    // At the depth limit the ordinary path reports the error.
    if args.len() != f.params.len() || it.depth >= MAX_CALL_DEPTH {
        return None;
    }
    if f.return_type.is_some() || f.params.iter().any(|p| p.captures_rest) || unchecked_types(&f, checks) {
        return None;
    }
    if !it.tier.scope_free(&it.prog, func) {
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
        Err(e) if is_recheck(&e) => return None,
        Err(Flow::Next(v, _)) => Ok(v),
        r => r,
    })
}

/// Runs compiled `code` of `f` on `regs` (arguments written) and returns
/// its status: on [`STATUS_OK`] the value is in `out`, on [`STATUS_FLOW`]
/// the flow in `flow`; [`STATUS_RECHECK`] left both alone.
#[inline]
#[allow(clippy::too_many_arguments)]
fn invoke(
    it: &mut Interp,
    code: CompiledFn,
    f: &Function,
    scope: &Rc<Scope>,
    outer: &Option<Rc<Vec<Option<String>>>>,
    regs: &mut [Value],
    out: &mut MaybeUninit<Value>,
    flow: &mut Option<Flow>,
) -> u32 {
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
    // SAFETY: `code` was compiled from `f` by the installed backend, so it
    // indexes `regs` only below `f.vals.len()` (its length); every slot holds
    // a valid value; `out` is writable storage for one value; `frame` lives
    // across the call and `it` is not used here until it returns.
    let status = unsafe { code(&mut frame, regs_ptr, out.as_mut_ptr()) };
    let Frame { state, flow: pending, .. } = frame;
    // Most calls leave the frame state unallocated: nothing to free.
    if state.matches.capacity() == 0 && state.guards.capacity() == 0 {
        std::mem::forget(state);
    }
    match status {
        STATUS_OK | STATUS_RECHECK => status,
        _ => {
            *flow = Some(pending.unwrap_or_else(|| internal("compiled code failed without an error")));
            STATUS_FLOW
        }
    }
}

/// Runs compiled `code` of `f` on `regs` (arguments written). A failed
/// entry check comes back as the [`is_recheck`] mark.
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
    match status {
        // SAFETY: compiled code writes `out` exactly when it returns OK.
        STATUS_OK => Ok(unsafe { out.assume_init() }),
        STATUS_RECHECK => Err(Flow::Error(EvalError { issue: RECHECK, message: String::new(), loc: None })),
        _ => Err(frame.flow.take().unwrap_or_else(|| internal("compiled code failed without an error"))),
    }
}

#[cold]
fn internal(message: &str) -> Flow {
    Flow::Error(EvalError { issue: "INTERNAL_ERROR", message: message.to_string(), loc: None })
}

/// Runs `f` on the frame's state (a helper's body), catching panics.
fn in_frame(fr: &mut Frame, f: impl FnOnce(&mut Interp, &Function, &Rc<Scope>, &Option<Rc<Vec<Option<String>>>>, &mut ExecState, &mut [Value]) -> R<u32>) -> u32 {
    let r = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the frame's pointers were made from live references by
        // `call_compiled`, which does not use them while the code runs; the
        // register file has `nregs` slots.
        let (it, func, scope, outer, regs) = unsafe {
            (&mut *fr.it, &*fr.func, &*fr.scope, &*fr.outer, std::slice::from_raw_parts_mut(fr.regs, fr.nregs))
        };
        f(it, func, scope, outer, &mut fr.state, regs)
    }));
    match r {
        Ok(Ok(status)) => status,
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

/// Runs instruction `inst` of the frame's function with the interpreter, on
/// the frame's register file: the general fallback of compiled code.
/// Returns [`STATUS_OK`] or [`STATUS_FLOW`] (the flow is kept in the frame).
///
/// # Safety
/// `frame` is the pointer compiled code received, during that call; `inst`
/// is an instruction of the frame's function that is not a jump, branch
/// or return; its operands' slots hold their values.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_jit_step(frame: *mut Frame, inst: u32) -> u32 {
    // SAFETY: the caller passes back the live frame of its own call.
    let fr = unsafe { &mut *frame };
    in_frame(fr, |it, f, scope, outer, st, regs| {
        it.exec_in(f, scope, outer, st, Some(Inst::from_u32(inst)), regs).map(|_| STATUS_OK)
    })
}

/// Runs instruction `inst & !OP_NO_CAPTURES` of the frame's function when
/// it is a common operation with a quick way (constants, variables,
/// interpolation, regexp matches, array and hash literals, access to
/// arrays and hashes, calls), with the same effects as the interpreter's
/// instruction loop: [`STATUS_OK`] or [`STATUS_FLOW`]. Returns
/// [`STATUS_SLOW`], having done nothing, for every other case (an error to
/// report, an unusual operand): compiled code then calls
/// [`pjit_jit_step`].
///
/// # Safety
/// As [`pjit_jit_step`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_jit_op(frame: *mut Frame, inst: u32) -> u32 {
    // SAFETY: the caller passes back the live frame of its own call.
    let fr = unsafe { &mut *frame };
    in_frame(fr, |it, f, scope, outer, st, regs| {
        let i = Inst::from_u32(inst & !OP_NO_CAPTURES);
        let status = fast_op(it, f, scope, outer, st, i, inst & OP_NO_CAPTURES != 0, regs)?;
        if status == STATUS_SLOW {
            materialize(f, &f.insts[i].op.args(), regs);
        }
        Ok(status)
    })
}

/// The value of operand `v`: a constant is read from the pool, since
/// compiled code may leave it out of the register file (see
/// [`lazy_constants`]).
#[inline]
fn operand<'a>(f: &'a Function, regs: &'a [Value], v: Val) -> &'a Value {
    if let ValDef::Inst(i) = f.vals[v].def
        && let Op::Const(c) = f.insts[i].op
    {
        return &f.consts[c as usize];
    }
    &regs[v.index()]
}

/// Writes the constants among `args` into the register file, for code
/// that reads operands there.
fn materialize(f: &Function, args: &[Val], regs: &mut [Value]) {
    for &v in args {
        if let ValDef::Inst(i) = f.vals[v].def
            && let Op::Const(c) = f.insts[i].op
        {
            regs[v.index()] = f.consts[c as usize].clone();
        }
    }
}

/// Heap constants of `f` that compiled code need not write to the register
/// file: every use is an operand of an operation that [`pjit_jit_op`]
/// runs (`ops_via_helper`), which reads constants from the pool and writes
/// them to the register file before it declines.
pub fn lazy_constants(f: &Function, ops_via_helper: impl Fn(&Op) -> bool) -> Vec<bool> {
    let mut lazy = vec![false; f.vals.len()];
    for d in f.insts.values() {
        if let (Op::Const(c), Some(r)) = (&d.op, d.result()) {
            lazy[r.index()] = !matches!(
                f.consts.get(*c as usize),
                None | Some(Value::Undef | Value::Default | Value::Boolean(_) | Value::Integer(_) | Value::Float(_))
            );
        }
    }
    for d in f.insts.values() {
        if !ops_via_helper(&d.op) {
            for a in d.op.args() {
                lazy[a.index()] = false;
            }
        }
    }
    lazy
}

/// Writes `v` to result `r` (when the instruction has one).
#[inline]
fn put(regs: &mut [Value], r: Option<Val>, v: Value) {
    if let Some(r) = r {
        regs[r.index()] = v;
    }
}

/// The body of [`pjit_jit_op`] for instruction `i`: [`STATUS_SLOW`]
/// having done nothing, or the interpreter's effects.
#[allow(clippy::too_many_arguments)]
fn fast_op(
    it: &mut Interp,
    f: &Function,
    scope: &Rc<Scope>,
    outer: &Option<Rc<Vec<Option<String>>>>,
    st: &mut ExecState,
    i: Inst,
    no_captures: bool,
    regs: &mut [Value],
) -> R<u32> {
    let d = &f.insts[i];
    let res = d.result();
    match &d.op {
        Op::Const(c) => put(regs, res, f.consts[*c as usize].clone()),
        // While a parameter default runs, reads may be refused
        // (`Interp::check_param_guard`): the interpreter decides.
        Op::GetVar(_) if it.param_guard.is_some() => return Ok(STATUS_SLOW),
        Op::GetVar(s) => match scope.lookup(*s) {
            Some(v) => put(regs, res, v),
            None => return Ok(STATUS_SLOW),
        },
        Op::SetVar(s, v) => {
            // Reserved names and reassignment: the interpreter's errors.
            if it.prog.name(*s) == "server_facts" || !scope.set(*s, operand(f, regs, *v).clone()) {
                return Ok(STATUS_SLOW);
            }
        }
        Op::GetMatch(n) => {
            // Without matches of its own the body sees its scope chain's
            // (the interpreter's way).
            let Some(m) = st.matches.last().or(outer.as_ref()) else { return Ok(STATUS_SLOW) };
            let v = m.get(*n as usize).cloned().flatten().map(Value::string).unwrap_or(Value::Undef);
            put(regs, res, v)
        }
        // Bodies that publish their match data do it in the interpreter.
        Op::MatchPop | Op::Match { .. } if super::publishes_matches(f.kind) => return Ok(STATUS_SLOW),
        Op::MatchPush => st.guards.push(st.matches.len()),
        Op::MatchPop => {
            if let Some(level) = st.guards.pop() {
                st.matches.truncate(level);
            }
        }
        Op::Interp(vs) => {
            let s = pjit_runtime::abi::interpolate(vs.iter().map(|v| operand(f, regs, *v)));
            put(regs, res, Value::string(s))
        }
        Op::Match { negate, left, right } => {
            let (Value::String(s), Value::Regexp(re)) = (operand(f, regs, *left), operand(f, regs, *right)) else {
                return Ok(STATUS_SLOW);
            };
            let matched = if let Some(lit) = literal_pattern(re.source()) {
                // A pattern without metacharacters matches where it
                // occurs; its only capture is itself.
                let hit = s.contains(lit);
                if hit && !no_captures {
                    st.matches.push(Rc::new(vec![Some(lit.to_string())]));
                }
                hit
            } else if no_captures {
                re.is_match(s)
            } else {
                match re.captures(s) {
                    Some(c) => {
                        st.matches.push(Rc::new(c));
                        true
                    }
                    None => false,
                }
            };
            put(regs, res, Value::Boolean(matched != *negate))
        }
        Op::MakeArray(vs) => {
            if vs.iter().any(|(_, splat)| *splat) {
                return Ok(STATUS_SLOW);
            }
            let items: Vec<Value> = vs.iter().map(|(v, _)| operand(f, regs, *v).clone()).collect();
            put(regs, res, Value::Array(pjit_runtime::value::PArray(Arc::new(items))))
        }
        Op::MakeHash(vs) => {
            let mut h = pjit_runtime::value::HashMapV::default();
            for kv in vs.chunks(2) {
                h.insert(operand(f, regs, kv[0]).clone(), operand(f, regs, kv[1]).clone());
            }
            put(regs, res, Value::Hash(pjit_runtime::value::PHash(Arc::new(h))))
        }
        Op::Access(b, ks) => {
            // Types may be resource references (`Interp::resource_parameter`).
            let base = operand(f, regs, *b);
            if matches!(base, Value::Type(_)) {
                return Ok(STATUS_SLOW);
            }
            let keys: Vec<Value> = ks.iter().map(|k| operand(f, regs, *k).clone()).collect();
            match ops::access(base, &keys) {
                Ok(v) => put(regs, res, v),
                Err(_) => return Ok(STATUS_SLOW),
            }
        }
        Op::Call { name, args, block, method } => {
            for v in args.iter().map(|(v, _)| *v).chain(*block) {
                materialize(f, &[v], regs);
            }
            let v = it.call_op(*name, args, *block, *method, regs, scope, d.loc)?;
            put(regs, res, v)
        }
        _ => return Ok(STATUS_SLOW),
    }
    Ok(STATUS_OK)
}

/// The text a regexp source matches when it has no metacharacter of
/// Ruby's syntax (so it matches exactly where that text occurs).
pub fn literal_pattern(source: &str) -> Option<&str> {
    source.bytes().all(|b| !b"\\.^$|?*+()[]{}#".contains(&b) && b >= b' ').then_some(source)
}

/// Whether `*v` is an instance of `*t` (1 or 0): the parameter checks of
/// compiled code for types without inline code.
///
/// # Safety
/// `v` points to a live value and `t` to a live type.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_jit_instance_of(v: *const Value, t: *const Type) -> u32 {
    // SAFETY: the caller guarantees both pointers are live.
    let (v, t) = unsafe { (&*v, &*t) };
    // A panic (there is none on user data) counts as a failed check: the
    // caller then reports through the interpreter. So does an `Init` that
    // cannot be initialized (the interpreter raises Puppet's error).
    catch_unwind(AssertUnwindSafe(|| calc::try_instance_of(t, v).unwrap_or(false))).unwrap_or(false) as u32
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
pub const SYMBOLS: &[(&str, *const u8)] = &[
    ("pjit_jit_step", pjit_jit_step as *const u8),
    ("pjit_jit_op", pjit_jit_op as *const u8),
    ("pjit_jit_retain", pjit_jit_retain as *const u8),
    ("pjit_jit_instance_of", pjit_jit_instance_of as *const u8),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_patterns_are_plain_text() {
        assert_eq!(literal_pattern("abc 7"), Some("abc 7"));
        assert_eq!(literal_pattern(""), Some(""));
        assert_eq!(literal_pattern("é-x"), Some("é-x"));
        for re in ["a.b", "^a", "a$", "a|b", "a?", "a*", "a+", "(a)", "[a]", "a{2}", "\\d", "a\nb"] {
            assert_eq!(literal_pattern(re), None, "{re}");
        }
    }
}
