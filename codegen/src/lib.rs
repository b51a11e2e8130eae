//! Cranelift code generation for pjit's IR: the JIT tier ([`Jit`], a
//! [`Backend`] for the interpreter's tier) and AOT objects ([`aot`]).
//!
//! Every IR function can be compiled: [`translate`] emits inline code for
//! the operations whose operand types allow it (integer arithmetic with
//! Puppet's overflow errors, comparisons, truthiness, branches, block
//! arguments, return) and hands every other instruction, and every slow
//! path, to the interpreter one instruction at a time
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
//! A [`Jit`] keeps what it compiled for as long as it lives, keyed by the
//! function's content: handing it to the next interpreter
//! (`Tier::take_backend`) reuses the code for the bodies of the same
//! environment across node compiles.

pub mod aot;
mod translate;

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;
use std::time::{Duration, Instant};

use cranelift_codegen::ir::{Signature, UserFuncName};
use cranelift_codegen::{Context, settings, settings::Configurable};
use cranelift_frontend::FunctionBuilderContext;
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module, default_libcall_names};
use pjit_ir::interp::tier::{self, Backend, CompiledFn};
use pjit_ir::{FuncId, Function, Program};

pub use translate::Counts;

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

/// The Cranelift JIT backend.
pub struct Jit {
    /// `Some` until drop, which frees the code.
    module: Option<JITModule>,
    ctx: Context,
    fctx: FunctionBuilderContext,
    helpers: translate::Helpers,
    sig: Signature,
    /// Compiled bodies by a cheap key, then by content.
    cache: HashMap<(String, usize, usize), Vec<(Rc<Function>, CompiledFn)>>,
    stats: Stats,
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

impl Jit {
    pub fn new() -> Result<Jit, String> {
        let mut jb = JITBuilder::with_isa(host_isa(false)?, default_libcall_names());
        for &(name, ptr) in pjit_runtime::abi::SYMBOLS.iter().chain(tier::SYMBOLS) {
            jb.symbol(name, ptr);
        }
        let mut module = JITModule::new(jb);
        let helpers = translate::Helpers::declare(&mut module).map_err(|e| e.to_string())?;
        let sig = translate::signature(&module);
        Ok(Jit {
            ctx: module.make_context(),
            module: Some(module),
            fctx: FunctionBuilderContext::new(),
            helpers,
            sig,
            cache: HashMap::new(),
            stats: Stats::default(),
        })
    }

    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    fn compile_fn(&mut self, f: &Rc<Function>) -> Result<CompiledFn, String> {
        if f.insts.len() > MAX_INSTS {
            return Err(format!("too large to compile ({} instructions, limit {MAX_INSTS})", f.insts.len()));
        }
        let key = (f.name.clone(), f.insts.len(), f.vals.len());
        if let Some((_, code)) = self.cache.get(&key).and_then(|v| v.iter().find(|(g, _)| Rc::ptr_eq(g, f) || **g == **f)) {
            self.stats.reused += 1;
            return Ok(*code);
        }
        let start = Instant::now();
        let module = self.module.as_mut().expect("the module lives until drop");
        let name = format!("pjit_fn{}", self.stats.functions);
        let id = module.declare_function(&name, Linkage::Local, &self.sig).map_err(|e| e.to_string())?;
        self.ctx.func.signature = self.sig.clone();
        self.ctx.func.name = UserFuncName::user(0, id.as_u32());
        // A panic in Cranelift is a bug there or here; the function then
        // stays interpreted instead of taking the compile down.
        let (ctx, fctx, helpers) = (&mut self.ctx, &mut self.fctx, &self.helpers);
        let r = catch_unwind(AssertUnwindSafe(|| -> Result<Counts, String> {
            let counts = translate::translate(module, helpers, f, &mut ctx.func, fctx)?;
            module.define_function(id, ctx).map_err(|e| format!("Cranelift: {e:?}"))?;
            Ok(counts)
        }));
        module.clear_context(&mut self.ctx);
        let counts = match r {
            Ok(r) => r?,
            Err(_) => return Err("the code generator panicked".into()),
        };
        module.finalize_definitions().map_err(|e| e.to_string())?;
        let ptr = module.get_finalized_function(id);
        // SAFETY: the function was defined with `translate::signature`,
        // which is the C ABI of `CompiledFn` on this host.
        let code: CompiledFn = unsafe { std::mem::transmute::<*const u8, CompiledFn>(ptr) };
        self.stats.functions += 1;
        self.stats.counts.insts += counts.insts;
        self.stats.counts.native += counts.native;
        self.stats.time += start.elapsed();
        self.cache.entry(key).or_default().push((f.clone(), code));
        Ok(code)
    }
}

impl Backend for Jit {
    fn compile(&mut self, prog: &Program, id: FuncId) -> Result<CompiledFn, String> {
        let f = prog.funcs[id].clone();
        self.compile_fn(&f)
    }

    fn describe(&self) -> Option<String> {
        let s = &self.stats;
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

impl Drop for Jit {
    fn drop(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: the code is used only through the tier that owns this
            // backend, and dropping the backend drops (or has cleared) its
            // slots: no compiled function runs or is called after this.
            unsafe { m.free_memory() };
        }
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
        match translate::translate(&mut module, &helpers, f, &mut ctx.func, &mut fctx) {
            Ok(_) => out.push_str(&ctx.func.display().to_string()),
            Err(e) => out.push_str(&format!("; stays interpreted: {e}\n")),
        }
        out.push('\n');
        module.clear_context(&mut ctx);
    }
    Ok(out)
}
