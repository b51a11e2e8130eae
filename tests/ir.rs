//! IR tests: golden lowering dumps and the verifier after every pass.
//!
//! Each `tests/ir/x.pp` is lowered; `x.ir` pins the IR text as lowered and
//! after the passes (`BLESS=1 cargo test --test ir` rewrites it). The
//! verifier runs after lowering and after each pass, here and over every
//! manifest of the real-module corpus when it is installed.

use std::path::{Path, PathBuf};

use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::{FileId, SourceFile, validate};
use pjit_ir::{Program, lower, passes, print, verify};

fn lower_file(name: &str, text: &str) -> Result<Program, String> {
    let src = SourceFile::new(name.to_string(), text.to_string());
    let parsed = parser::parse(FileId(0), text, SourceKind::Manifest);
    let ast = parsed.program.ok_or_else(|| format!("{name}: does not parse"))?;
    if parsed.diagnostics.iter().any(|d| d.is_error())
        || validate::validate(&ast, &validate::Options::default()).iter().any(|d| d.is_error())
    {
        return Err(format!("{name}: invalid"));
    }
    let mut prog = Program::default();
    let main = lower::lower_program(&mut prog, &src, &ast);
    prog.main = Some(main);
    Ok(prog)
}

/// Runs each pass on each function, verifying after each; returns the
/// verifier's complaints.
fn optimize_verified(prog: &mut Program) -> Vec<String> {
    let mut errs = verify::verify_program(prog);
    let ids: Vec<_> = prog.funcs.keys().collect();
    for id in ids {
        let mut f = (*prog.funcs[id]).clone();
        passes::fold_constants(prog, &mut f);
        errs.extend(verify::verify_function(prog, &f).into_iter().map(|e| format!("after fold: {e}")));
        passes::infer_types(&mut f);
        errs.extend(verify::verify_function(prog, &f).into_iter().map(|e| format!("after infer: {e}")));
        passes::eliminate_dead_code(&mut f);
        errs.extend(verify::verify_function(prog, &f).into_iter().map(|e| format!("after dce: {e}")));
        prog.funcs[id] = std::rc::Rc::new(f);
    }
    errs
}

#[test]
fn lowering_goldens() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    let mut cases: Vec<PathBuf> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "pp")).collect();
    cases.sort();
    assert!(!cases.is_empty());
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = vec![];
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(case).unwrap();
        let mut prog = match lower_file(&name, &text) {
            Ok(p) => p,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let raw = print::print_program(&prog);
        let errs = optimize_verified(&mut prog);
        if !errs.is_empty() {
            failures.push(format!("{name}: verifier: {errs:?}"));
        }
        let opt = print::print_program(&prog);
        let out = format!("; lowered\n{raw}\n; after fold, infer, dce\n{opt}");
        let golden = case.with_extension("ir");
        if bless {
            std::fs::write(&golden, &out).unwrap();
        } else if std::fs::read_to_string(&golden).ok().as_deref() != Some(out.as_str()) {
            failures.push(format!("{name}: IR differs from {} (BLESS=1 to update)\n{out}", golden.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Lowering and every pass keep the verifier's invariants on real code.
#[test]
fn corpus_lowers_and_verifies() {
    let root = Path::new("/usr/share/puppet/modules");
    if !root.is_dir() {
        eprintln!("SKIPPED corpus_lowers_and_verifies: {} is absent (tests/corpus.rs fails loudly for it)", root.display());
        return;
    }
    let mut files = vec![];
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "pp") {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut failures = vec![];
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let name = f.display().to_string();
        match lower_file(&name, &text) {
            Ok(mut prog) => {
                let errs = optimize_verified(&mut prog);
                if !errs.is_empty() {
                    failures.push(format!("{name}: {}", errs.join("; ")));
                }
            }
            Err(e) => failures.push(e),
        }
    }
    assert!(files.len() > 1900, "only {} manifests found", files.len());
    assert!(failures.is_empty(), "{} of {} files fail:\n{}", failures.len(), files.len(), failures.join("\n"));
}
