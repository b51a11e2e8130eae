//! Cranelift code generation for pjit's IR: the JIT tier ([`Jit`], a
//! [`Backend`] for the interpreter's tier, over a [`CodeCache`]) and AOT
//! objects ([`aot`]).
//!
//! Every IR function can be compiled: [`translate`] emits inline code for
//! the operations whose operand types allow it (integer arithmetic with
//! Puppet's overflow errors, comparisons, truthiness, branches, block
//! arguments, return, constants, entry checks of typed parameters), calls
//! dedicated helpers for string interpolation, literal regexp matches and
//! common operations (`pjit_jit_op`), and hands every other instruction,
//! and every slow path, to the interpreter one instruction at a time
//! (`pjit_ir::interp::tier::pjit_jit_step`) on the shared register file. So
//! compiled code keeps the interpreter's semantics exactly, and a function
//! stays interpreted only when its shape is unknown to the translator (a
//! terminator it does not know) or it is too large; the tier reports those
//! (`pjit compile --verbose`).
//!
//! Compiled code calls only the helpers listed in
//! `pjit_runtime::abi::SYMBOLS` and `pjit_ir::interp::tier::SYMBOLS`,
//! registered with `JITBuilder::symbol` (the JIT) or resolved by the linker
//! against the runtime library (AOT). Helpers return a status; nothing
//! unwinds through compiled frames.
//!
//! A [`CodeCache`] keeps what it compiled for as long as it lives, keyed by
//! the function's content; it is `Send + Sync`, so the interpreters of many
//! node compiles, on many threads, share one (each through its own
//! [`Jit::with_cache`]) and reuse the code for the bodies of the same
//! environment.

pub mod aot;
mod translate;

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use cranelift_codegen::ir::{Signature, UserFuncName};
use cranelift_codegen::{Context, settings, settings::Configurable};
use cranelift_frontend::FunctionBuilderContext;
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module, default_libcall_names};
use pjit_ir::interp::tier::{self, Backend, Compiled, CompiledFn};
use pjit_ir::{FuncId, Function, Program};
use pjit_runtime::Type;

pub use translate::Counts;
use translate::Check;

/// Functions larger than this stay interpreted: compile time grows with
/// size while a body that large (a main manifest) runs once.
pub const MAX_INSTS: usize = 50_000;

/// What the JIT did so far.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Functions compiled.
    pub functions: usize,
    /// Compilations answered from the cache (same body seen before).
    pub reused: usize,
    /// IR instructions compiled, and how many of them have inline code.
    pub counts: Counts,
    /// Time spent compiling (translation, Cranelift, linking).
    pub time: Duration,
}

/// Compiled code for the bodies of one or many programs, shared by every
/// interpreter that runs them: the unit of reuse across node compiles.
///
/// Code is keyed by the content of the body it was compiled from (and of
/// the parameter type thunks its entry checks were made from), never by
/// `FuncId` or by program: the same environment lowered again, by another
/// compile or another thread, finds its code. Compiled code holds no
/// per-compile state: it reaches the interpreter, the scope and the
/// register file only through the frame each call passes it, and the
/// types its entry checks point to are immutable and owned here.
///
/// `CodeCache` is `Send + Sync`: share it as an `Arc` and give each
/// interpreter its own [`Jit`] over it ([`Jit::with_cache`]); compile what
/// is known up front with [`CodeCache::compile_program`]. Compiling (and
/// looking up code, once per body per interpreter) takes a lock; running
/// code takes none. The code lives until the last `Arc` is dropped.
pub struct CodeCache {
    core: Mutex<Core>,
}

/// The JIT proper, behind [`CodeCache`]'s lock.
struct Core {
    /// `Some` until drop, which frees the code.
    module: Option<JITModule>,
    ctx: Context,
    fctx: FunctionBuilderContext,
    helpers: translate::Helpers,
    sig: Signature,
    /// Compiled bodies by a cheap key, then by content.
    entries: HashMap<(String, usize, usize), Vec<Entry>>,
    /// The types that `Check::Generic` entry checks point into.
    types: Vec<Arc<Type>>,
    /// Functions declared in the module so far (for unique names).
    declared: usize,
    stats: Stats,
}

// SAFETY: `Core` is only reached through `CodeCache`'s mutex, so one thread
// at a time uses the `JITModule` (whose raw pointers make it !Send): it
// owns its code memory and nothing in it is tied to the thread that made
// it. Everything else in `Core` is Send.
unsafe impl Send for Core {}

/// The pieces of the program that compiled code depends on are plain data
/// shared between threads.
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<Function>();
    shareable::<Type>();
    shareable::<CodeCache>();
};

/// One compiled body.
struct Entry {
    /// The body the code was compiled from; its constant pool is the one
    /// the code reads.
    f: Function,
    /// The type thunks of the parameters the code checks on entry, by
    /// parameter index: code is reused only where they are equal.
    thunks: Vec<(usize, Function)>,
    compiled: Compiled,
}

impl Entry {
    fn matches(&self, prog: &Program, f: &Function) -> bool {
        self.f == *f
            && self.thunks.iter().all(|(i, t)| {
                f.params.get(*i).and_then(|p| p.ty).and_then(|id| prog.funcs.get(id)).is_some_and(|g| **g == *t)
            })
    }
}

fn key(f: &Function) -> (String, usize, usize) {
    (f.name.clone(), f.insts.len(), f.vals.len())
}

/// Cranelift flags shared by the JIT and AOT objects.
fn flag_builder(pic: bool) -> settings::Builder {
    let mut b = settings::builder();
    // These are valid names and values of Cranelift's shared settings.
    b.set("opt_level", "speed").expect("opt_level is a Cranelift setting");
    b.set("use_colocated_libcalls", "false").expect("use_colocated_libcalls is a Cranelift setting");
    b.set("is_pic", if pic { "true" } else { "false" }).expect("is_pic is a Cranelift setting");
    b
}

fn host_isa(pic: bool) -> Result<cranelift_codegen::isa::OwnedTargetIsa, String> {
    let isa = cranelift_native::builder().map_err(|e| format!("this host is not supported by Cranelift: {e}"))?;
    isa.finish(settings::Flags::new(flag_builder(pic))).map_err(|e| e.to_string())
}

/// The entry checks of `f`'s parameters in `prog`: one per parameter whose
/// type thunk is pure and yields a type; `keep` receives each type a
/// `Check::Generic` points into.
fn entry_checks(prog: &Program, f: &Function, keep: &mut dyn FnMut(Arc<Type>)) -> Vec<Option<Check>> {
    f.params
        .iter()
        .take(64)
        .map(|p| {
            let t = tier::pure_param_type(prog, p)?;
            let mut kept = false;
            let c = Check::of(&t, &mut |inner| {
                kept = true;
                Some(inner as *const Type as i64)
            })?;
            if kept {
                keep(t);
            }
            Some(c)
        })
        .collect()
}

impl CodeCache {
    pub fn new() -> Result<CodeCache, String> {
        let mut jb = JITBuilder::with_isa(host_isa(false)?, default_libcall_names());
        for &(name, ptr) in pjit_runtime::abi::SYMBOLS.iter().chain(tier::SYMBOLS) {
            jb.symbol(name, ptr);
        }
        let mut module = JITModule::new(jb);
        let helpers = translate::Helpers::declare(&mut module).map_err(|e| e.to_string())?;
        let sig = translate::signature(&module);
        Ok(CodeCache {
            core: Mutex::new(Core {
                ctx: module.make_context(),
                module: Some(module),
                fctx: FunctionBuilderContext::new(),
                helpers,
                sig,
                entries: HashMap::new(),
                types: vec![],
                declared: 0,
                stats: Stats::default(),
            }),
        })
    }

    fn core(&self) -> MutexGuard<'_, Core> {
        // A panic while compiling is caught inside; a poisoned lock still
        // holds consistent code.
        self.core.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What was compiled so far.
    pub fn stats(&self) -> Stats {
        self.core().stats.clone()
    }

    /// Compiles every body of `prog` that has no code yet, as one batch
    /// (cheaper than one by one), so that interpreters running `prog` (or
    /// another lowering of the same sources) find it all compiled. Returns
    /// how many bodies were compiled now; bodies that stay interpreted are
    /// left out.
    pub fn compile_program(&self, prog: &Program) -> usize {
        let mut core = self.core();
        let ids: Vec<FuncId> = prog.funcs.keys().filter(|&id| core.lookup(prog, &prog.funcs[id]).is_none()).collect();
        core.compile_batch(prog, &ids).iter().filter(|r| r.is_ok()).count()
    }

    /// The code for body `id` of `prog`, compiling it when there is none.
    pub fn compile(&self, prog: &Program, id: FuncId) -> Result<Compiled, String> {
        let mut core = self.core();
        let f = &prog.funcs[id];
        if let Some(c) = core.lookup(prog, f) {
            core.stats.reused += 1;
            return Ok(c);
        }
        core.compile_batch(prog, &[id]).pop().expect("one result per body")
    }

    /// The code compiled earlier for a body equal to `id` of `prog`.
    pub fn lookup(&self, prog: &Program, id: FuncId) -> Option<Compiled> {
        let mut core = self.core();
        let c = core.lookup(prog, &prog.funcs[id])?;
        core.stats.reused += 1;
        Some(c)
    }
}

impl Core {
    fn lookup(&self, prog: &Program, f: &Function) -> Option<Compiled> {
        // Asked once per body on its first call: an empty cache (every
        // single compile) answers without building the key.
        if self.entries.is_empty() {
            return None;
        }
        self.entries.get(&key(f))?.iter().find(|e| e.matches(prog, f)).map(|e| e.compiled)
    }

    /// Compiles bodies `ids` of `prog` (one result each, in order) and
    /// makes their code executable at once.
    fn compile_batch(&mut self, prog: &Program, ids: &[FuncId]) -> Vec<Result<Compiled, String>> {
        let start = Instant::now();
        let mut defined = vec![];
        let mut results: Vec<Result<Compiled, String>> = Vec::with_capacity(ids.len());
        for (n, &id) in ids.iter().enumerate() {
            match self.define(prog, id) {
                Ok(d) => defined.push((n, id, d)),
                Err(e) => results.push(Err(e)),
            }
            // Placeholder until the batch is finalized.
            if results.len() == n {
                results.push(Err(String::new()));
            }
        }
        let module = self.module.as_mut().expect("the module lives until drop");
        if let Err(e) = module.finalize_definitions() {
            for (n, _, _) in &defined {
                results[*n] = Err(e.to_string());
            }
            return results;
        }
        for (n, _, (fid, checks, thunks, counts, f)) in defined {
            let ptr = module.get_finalized_function(fid);
            // SAFETY: the function was defined with `translate::signature`,
            // which is the C ABI of `CompiledFn` on this host.
            let code: CompiledFn = unsafe { std::mem::transmute::<*const u8, CompiledFn>(ptr) };
            let compiled = Compiled { code, checks };
            self.stats.functions += 1;
            self.stats.counts.insts += counts.insts;
            self.stats.counts.native += counts.native;
            self.entries.entry(key(&f)).or_default().push(Entry { f, thunks, compiled });
            results[n] = Ok(compiled);
        }
        self.stats.time += start.elapsed();
        results
    }

    /// Translates and defines body `id` (not yet executable).
    #[allow(clippy::type_complexity)]
    fn define(
        &mut self,
        prog: &Program,
        id: FuncId,
    ) -> Result<(cranelift_module::FuncId, u64, Vec<(usize, Function)>, Counts, Function), String> {
        if prog.funcs[id].insts.len() > MAX_INSTS {
            return Err(format!("too large to compile ({} instructions, limit {MAX_INSTS})", prog.funcs[id].insts.len()));
        }
        // The code reads constants from this copy, which the cache keeps
        // (its constant pool never moves).
        let f = (*prog.funcs[id]).clone();
        let mut kept = vec![];
        let checks = entry_checks(prog, &f, &mut |t| kept.push(t));
        let module = self.module.as_mut().expect("the module lives until drop");
        // Named for profilers (perf maps).
        let name = format!("pjit_fn{}", self.declared);
        self.declared += 1;
        let fid = module.declare_function(&name, Linkage::Local, &self.sig).map_err(|e| e.to_string())?;
        self.ctx.func.signature = self.sig.clone();
        self.ctx.func.name = UserFuncName::user(0, fid.as_u32());
        // A panic in Cranelift is a bug there or here; the function then
        // stays interpreted instead of taking the compile down.
        let (ctx, fctx, helpers) = (&mut self.ctx, &mut self.fctx, &self.helpers);
        let r = catch_unwind(AssertUnwindSafe(|| -> Result<Counts, String> {
            let counts = translate::translate(module, helpers, &f, &checks, Some(&f.consts), &mut ctx.func, fctx)?;
            module.define_function(fid, ctx).map_err(|e| format!("Cranelift: {e:?}"))?;
            Ok(counts)
        }));
        module.clear_context(&mut self.ctx);
        let counts = match r {
            Ok(r) => r?,
            Err(_) => return Err("the code generator panicked".into()),
        };
        self.types.extend(kept);
        let mut mask = 0u64;
        let mut thunks = vec![];
        for (i, c) in checks.iter().enumerate() {
            if c.is_some() {
                mask |= 1 << i;
                let t = f.params[i].ty.expect("a checked parameter has a type");
                thunks.push((i, (*prog.funcs[t]).clone()));
            }
        }
        Ok((fid, mask, thunks, counts, f))
    }
}

impl Drop for Core {
    fn drop(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: the code is used only through `Jit` backends, each
            // holding an `Arc` of the cache that owns this core, so no
            // compiled function runs or is called after the last one is
            // dropped.
            unsafe { m.free_memory() };
        }
    }
}

/// The Cranelift JIT as a tier backend: one per interpreter, over a
/// [`CodeCache`] of its own ([`Jit::new`]) or shared ([`Jit::with_cache`]).
pub struct Jit {
    cache: Arc<CodeCache>,
}

impl Jit {
    /// A JIT with a fresh code cache.
    pub fn new() -> Result<Jit, String> {
        Ok(Jit { cache: Arc::new(CodeCache::new()?) })
    }

    /// A JIT over `cache`: code compiled by any interpreter sharing it is
    /// used from a body's first call.
    pub fn with_cache(cache: Arc<CodeCache>) -> Jit {
        Jit { cache }
    }

    pub fn cache(&self) -> &Arc<CodeCache> {
        &self.cache
    }

    pub fn stats(&self) -> Stats {
        self.cache.stats()
    }
}

impl Backend for Jit {
    fn compile(&mut self, prog: &Program, id: FuncId) -> Result<Compiled, String> {
        self.cache.compile(prog, id)
    }

    fn cached(&mut self, prog: &Program, id: FuncId) -> Option<Compiled> {
        self.cache.lookup(prog, id)
    }

    fn describe(&self) -> Option<String> {
        let s = self.stats();
        Some(format!(
            "compiled {} bodies ({} IR instructions, {} with inline code; {} reused) in {:.3} ms",
            s.functions,
            s.counts.insts,
            s.counts.native,
            s.reused,
            s.time.as_secs_f64() * 1e3
        ))
    }
}

/// The Cranelift IR of every function of `prog`, as translated (before
/// Cranelift's optimizations), each preceded by a comment naming it.
pub fn clif(prog: &Program) -> Result<String, String> {
    let mut module = JITModule::new(JITBuilder::with_isa(host_isa(false)?, default_libcall_names()));
    let helpers = translate::Helpers::declare(&mut module).map_err(|e| e.to_string())?;
    let sig = translate::signature(&module);
    let mut ctx = module.make_context();
    let mut fctx = FunctionBuilderContext::new();
    let mut out = String::new();
    for (id, f) in prog.funcs.iter() {
        ctx.func.signature = sig.clone();
        ctx.func.name = UserFuncName::user(0, id.as_u32());
        out.push_str(&format!("; {id} {} '{}'\n", f.kind.name(), f.name));
        let mut kept = vec![];
        let checks = entry_checks(prog, f, &mut |t| kept.push(t));
        match translate::translate(&mut module, &helpers, f, &checks, Some(&f.consts), &mut ctx.func, &mut fctx) {
            Ok(_) => out.push_str(&ctx.func.display().to_string()),
            Err(e) => out.push_str(&format!("; stays interpreted: {e}\n")),
        }
        out.push('\n');
        module.clear_context(&mut ctx);
    }
    Ok(out)
}
