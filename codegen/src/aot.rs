//! AOT objects: `pjit compile --emit=obj` writes an ELF relocatable object
//! with every body of the program compiled, the program's IR text, its
//! settings, and a `main`; linked with the runtime library (`pjit-aot`,
//! `libpjit_aot.a`) it is an executable that compiles the node's catalog.
//!
//! Symbols of the object:
//! * `pjit_fn<N>` (local): body `fnN` compiled, as [`translate`] makes it;
//! * `pjit_aot_functions` (local data): one code pointer per body, in
//!   function order, null where a body stays interpreted;
//! * `pjit_aot_program`, `pjit_aot_config` (local data): the IR text form
//!   and the settings text (JSON), without terminator;
//! * `main` (exported): calls `pjit_aot_main(argc, argv, program, len,
//!   functions, count, config, len)` from the runtime library.
//!
//! **Invariant:** the code is compiled from the program *as parsed back
//! from the embedded text*, so that instruction and value numbers in the
//! code are exactly those the executable's interpreter sees when it parses
//! the same text.

use cranelift_codegen::ir::{AbiParam, InstBuilder, UserFuncName, types};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{DataDescription, Linkage, Module, default_libcall_names};
use cranelift_object::{ObjectBuilder, ObjectModule};
use pjit_ir::{Program, parse, print};

use crate::translate::{self, Counts};

/// What went into an object.
#[derive(Clone, Debug, Default)]
pub struct ObjectReport {
    pub compiled: usize,
    /// Bodies left to the interpreter, with the reason.
    pub interpreted: Vec<(String, String)>,
    pub counts: Counts,
}

/// The object file for `prog` with settings text `config`.
pub fn emit_object(prog: &Program, config: &str) -> Result<(Vec<u8>, ObjectReport), String> {
    let text = print::print_program(prog);
    let prog = parse::parse_program(&text).map_err(|e| format!("the IR text does not parse back: {e}"))?;
    let isa = crate::host_isa(true)?;
    let ptr = isa.pointer_type();
    let builder = ObjectBuilder::new(isa, "pjit_program", default_libcall_names()).map_err(|e| e.to_string())?;
    let mut module = ObjectModule::new(builder);
    let helpers = translate::Helpers::declare(&mut module).map_err(|e| e.to_string())?;
    let sig = translate::signature(&module);
    let mut ctx = module.make_context();
    let mut fctx = FunctionBuilderContext::new();
    let mut report = ObjectReport::default();
    let mut table = vec![];
    for (id, f) in prog.funcs.iter() {
        if f.insts.len() > crate::MAX_INSTS {
            report.interpreted.push((id.to_string(), format!("too large to compile ({} instructions)", f.insts.len())));
            table.push(None);
            continue;
        }
        let fid = module.declare_function(&format!("pjit_{id}"), Linkage::Local, &sig).map_err(|e| e.to_string())?;
        ctx.func.signature = sig.clone();
        ctx.func.name = UserFuncName::user(0, fid.as_u32());
        // No entry checks and no constant pool: they would point into
        // this process.
        match translate::translate(&mut module, &helpers, f, &[], None, &mut ctx.func, &mut fctx) {
            Ok(c) => {
                module.define_function(fid, &mut ctx).map_err(|e| format!("Cranelift: {e:?}"))?;
                report.compiled += 1;
                report.counts.insts += c.insts;
                report.counts.native += c.native;
                table.push(Some(fid));
            }
            Err(e) => {
                report.interpreted.push((id.to_string(), e));
                table.push(None);
            }
        }
        module.clear_context(&mut ctx);
    }

    let mut data = |name: &str, bytes: &[u8]| -> Result<cranelift_module::DataId, String> {
        let id = module.declare_data(name, Linkage::Local, false, false).map_err(|e| e.to_string())?;
        let mut d = DataDescription::new();
        // Never empty: a zero-sized symbol may share its address.
        d.define(if bytes.is_empty() { vec![0u8].into_boxed_slice() } else { bytes.into() });
        module.define_data(id, &d).map_err(|e| e.to_string())?;
        Ok(id)
    };
    let program_data = data("pjit_aot_program", text.as_bytes())?;
    let config_data = data("pjit_aot_config", config.as_bytes())?;
    let functions = module.declare_data("pjit_aot_functions", Linkage::Local, true, false).map_err(|e| e.to_string())?;
    let mut d = DataDescription::new();
    let width = ptr.bytes() as usize;
    // Explicit zeros, not zero-init: a .bss table would lose the
    // relocations that fill it.
    d.define(vec![0u8; (table.len() * width).max(width)].into_boxed_slice());
    for (i, f) in table.iter().enumerate() {
        if let Some(f) = f {
            let r = module.declare_func_in_data(*f, &mut d);
            d.write_function_addr((i * width) as u32, r);
        }
    }
    module.define_data(functions, &d).map_err(|e| e.to_string())?;

    // main(argc, argv) -> pjit_aot_main(argc, argv, program, len, functions, n, config, len)
    let mut main_sig = module.make_signature();
    main_sig.params = vec![AbiParam::new(types::I32), AbiParam::new(ptr)];
    main_sig.returns = vec![AbiParam::new(types::I32)];
    let mut entry_sig = module.make_signature();
    entry_sig.params = vec![
        AbiParam::new(types::I32),
        AbiParam::new(ptr),
        AbiParam::new(ptr),
        AbiParam::new(ptr),
        AbiParam::new(ptr),
        AbiParam::new(ptr),
        AbiParam::new(ptr),
        AbiParam::new(ptr),
    ];
    entry_sig.returns = vec![AbiParam::new(types::I32)];
    let main = module.declare_function("main", Linkage::Export, &main_sig).map_err(|e| e.to_string())?;
    let entry = module.declare_function("pjit_aot_main", Linkage::Import, &entry_sig).map_err(|e| e.to_string())?;
    ctx.func.signature = main_sig;
    ctx.func.name = UserFuncName::user(0, main.as_u32());
    {
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let blk = b.create_block();
        b.append_block_params_for_function_params(blk);
        b.switch_to_block(blk);
        let (argc, argv) = (b.block_params(blk)[0], b.block_params(blk)[1]);
        let callee = module.declare_func_in_func(entry, b.func);
        let addr = |b: &mut FunctionBuilder, id| {
            let gv = module.declare_data_in_func(id, b.func);
            b.ins().symbol_value(ptr, gv)
        };
        let p = addr(&mut b, program_data);
        let f = addr(&mut b, functions);
        let c = addr(&mut b, config_data);
        let plen = b.ins().iconst(ptr, text.len() as i64);
        let n = b.ins().iconst(ptr, table.len() as i64);
        let clen = b.ins().iconst(ptr, config.len() as i64);
        let call = b.ins().call(callee, &[argc, argv, p, plen, f, n, c, clen]);
        let status = b.inst_results(call)[0];
        b.ins().return_(&[status]);
        b.seal_all_blocks();
        b.finalize(module.target_config());
    }
    module.define_function(main, &mut ctx).map_err(|e| format!("Cranelift: {e:?}"))?;
    module.clear_context(&mut ctx);
    let bytes = module.finish().emit().map_err(|e| e.to_string())?;
    Ok((bytes, report))
}
