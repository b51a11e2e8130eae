//! The runtime library of AOT executables, and the end of the compile
//! driver that they share with `pjit compile`.
//!
//! `pjit compile --emit=exe` links an object made by
//! `pjit_codegen::aot::emit_object` with this crate built as a static
//! library (`libpjit_aot.a`: the interpreter, the runtime, the frontend
//! for autoloading, and the helpers compiled code calls). The object's
//! `main` calls [`pjit_aot_main`] with the program's IR text, its table of
//! compiled bodies and its settings; the executable then behaves as
//! `pjit compile NODE --facts FILE` did for the same program: same logs,
//! same errors, same catalog JSON ([`driver`] is that shared behaviour).
//!
//! Bodies in the table run as compiled code from their first call (the
//! tier's threshold is 0); bodies the object left out, and code autoloaded
//! at run time from the recorded modulepath, are interpreted.

pub mod driver;

use std::ffi::{CStr, c_char};
use std::path::PathBuf;

use pjit_ir::interp::tier::{Backend, Compiled, CompiledFn, Tier};
use pjit_ir::interp::{Interp, Options};
use pjit_ir::{FuncId, Program};

/// The compiled bodies linked into the executable, by function number.
struct Table(Vec<Option<CompiledFn>>);

impl Backend for Table {
    fn compile(&mut self, _prog: &Program, id: FuncId) -> Result<Compiled, String> {
        match self.0.get(id.as_u32() as usize) {
            // AOT code checks no parameter types on entry.
            Some(Some(code)) => Ok(Compiled { code: *code, checks: 0 }),
            Some(None) => Err("left out of the executable".into()),
            None => Err("loaded at run time".into()),
        }
    }
}


/// The entry point of an AOT executable (called by the object's `main`).
///
/// # Safety
/// `argv` holds `argc` C strings; `program` and `config` point to `len`
/// bytes each; `functions` to `n` code pointers (null for bodies left to
/// the interpreter), each compiled by `pjit_codegen` from function `i` of
/// the program as parsed from `program`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_aot_main(
    argc: i32,
    argv: *const *const c_char,
    program: *const u8,
    program_len: usize,
    functions: *const Option<CompiledFn>,
    n: usize,
    config: *const u8,
    config_len: usize,
) -> i32 {
    // SAFETY: the caller passes `argc` C strings.
    let args: Vec<String> = (1..argc.max(0) as usize)
        .map(|i| unsafe { CStr::from_ptr(*argv.add(i)) }.to_string_lossy().into_owned())
        .collect();
    // SAFETY: the object embeds these byte strings with their lengths, and
    // a table of `n` nullable code pointers (`Option<fn>` is a nullable
    // pointer).
    let (program, config, table) = unsafe {
        (
            std::slice::from_raw_parts(program, program_len),
            std::slice::from_raw_parts(config, config_len),
            std::slice::from_raw_parts(functions, n).to_vec(),
        )
    };
    let program = String::from_utf8_lossy(program).into_owned();
    let config = String::from_utf8_lossy(config).into_owned();
    // As `pjit`, evaluate on a thread with a large stack.
    let worker = std::thread::Builder::new().stack_size(256 << 20).spawn(move || run(&args, &program, &config, table));
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code as i32,
        _ => {
            eprintln!("Error: internal error (the compiler thread failed)");
            1
        }
    }
}

const USAGE: &str = "usage: PROGRAM [NODE] [--facts FILE]";

fn run(args: &[String], program: &str, config: &str, table: Vec<Option<CompiledFn>>) -> u8 {
    let mut node = None;
    let mut facts = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--facts" => match it.next() {
                Some(f) => facts = Some(PathBuf::from(f)),
                None => {
                    eprintln!("Error: --facts needs a file\n{USAGE}");
                    return 2;
                }
            },
            s if s.starts_with("--facts=") => facts = Some(PathBuf::from(&s["--facts=".len()..])),
            "-h" | "--help" => {
                println!("{USAGE}\nPrints the catalog JSON of NODE (default: this host's name).");
                return 0;
            }
            s if s.starts_with('-') || node.is_some() => {
                eprintln!("Error: unexpected argument '{s}'\n{USAGE}");
                return 2;
            }
            s => node = Some(s.to_string()),
        }
    }
    let settings = match driver::Settings::from_json(config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("Error: the executable's settings are damaged: {e}");
            return 1;
        }
    };
    let node = node.unwrap_or_else(driver::local_hostname);
    let facts = match &facts {
        Some(p) => match driver::read_facts(p) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("Error: Could not read facts file {}: {e}", p.display());
                return 1;
            }
        },
        None => Default::default(),
    };
    let prog = match pjit_ir::parse::parse_program(program) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("Error: the executable's program is damaged: {e}");
            return 1;
        }
    };
    let opts = Options {
        node: node.clone(),
        environment: settings.environment.clone(),
        facts,
        strict_variables: settings.strict_variables,
        strict: settings.strict,
        modulepath: settings.modulepath.clone(),
        // Executables carry no global or environment hiera.yaml yet
        // (module data works: modules come from the modulepath).
        ..Options::default()
    };
    let mut it = Interp::new(prog, opts);
    it.tier = Tier::new(Box::new(Table(table)), 0);
    let result = it.compile();
    driver::finish(&it, result, &node, &settings.environment, None)
}
