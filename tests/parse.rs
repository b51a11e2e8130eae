//! Parser conformance: every `.pp` file under `tests/parse/` is parsed and
//! validated by pjit and compared with what Puppet 7.23 said about it.
//!
//! Each case `x.pp` comes with:
//! * `x.json` — Puppet's verdict, written by `../shared/oracle/oracle.rb
//!   --mode parse` (see `tests/tools/bless-oracle.sh`); never hand-edited.
//!   pjit must report an error exactly when Puppet does, on the same line.
//! * `x.out` — pjit's own output, pinned: the AST in its text form when the
//!   file is valid, the rendered diagnostics otherwise. Regenerate with
//!   `BLESS=1 cargo test --test parse`.
//!
//! A leading `# @setting strict = error` line changes a setting for that
//! file, as it does for the oracle.
//!
//! The cases, by directory:
//! * `cases/`: hand-written, one construct or error each; columns must match.
//! * `spec/`: the Puppet code blocks of the specification
//!   (`../shared/spec/*.md`), and the single statements of blocks Puppet
//!   rejects as a whole; written by `tests/tools/extract_spec.py`; columns
//!   must match.
//! * `mutations/`: windows of real module files broken in one place (a
//!   deleted brace, a stray token, a truncation, ...) or left valid by the
//!   mutation; written by `tests/tools/make_mutations.py`; lines must match.
//!
//! Regenerating: `tests/tools/bless-oracle.sh [SUBDIR..]` (needs Puppet),
//! then `BLESS=1 cargo test --release --test parse`, then review the diff.
//! `tests/tools/compare-oracle.py DIR` compares the `pjit` binary with
//! verdicts in any directory, for trying many generated files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::validate::{self, Options, Strict};
use pjit_frontend::{FileId, SourceFile, printer};

#[path = "../src/diagnostics.rs"]
#[allow(dead_code)]
mod diagnostics;

struct Verdict {
    ok: bool,
    line: Option<usize>,
    column: Option<usize>,
    message: Option<String>,
}

fn puppet_verdict(json: &Path) -> Result<Verdict, String> {
    let text = std::fs::read_to_string(json).map_err(|e| format!("{}: {e}", json.display()))?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", json.display()))?;
    if v.get("oracle_failure").and_then(|x| x.as_bool()) == Some(true) {
        return Err(format!("{}: the oracle could not run this case", json.display()));
    }
    Ok(Verdict {
        ok: v["ok"].as_bool().unwrap_or(false),
        line: v["line"].as_u64().map(|x| x as usize),
        column: v["column"].as_u64().map(|x| x as usize),
        message: v["error"].as_str().map(str::to_string),
    })
}

fn settings(text: &str) -> Options {
    let mut o = Options::default();
    for line in text.lines().take_while(|l| l.starts_with('#')) {
        if let Some(rest) = line.strip_prefix("# @setting strict = ") {
            o.strict = match rest.trim() {
                "off" => Strict::Off,
                "error" => Strict::Error,
                _ => Strict::Warning,
            };
        }
    }
    o
}

struct Outcome {
    ok: bool,
    line: Option<usize>,
    column: Option<usize>,
    rendered: String,
}

fn run_pjit(path: &Path, bytes: &[u8]) -> Outcome {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let text = String::from_utf8_lossy(bytes).into_owned();
    let source = SourceFile::new(name, text.clone());
    let parsed = parser::parse_bytes(FileId(0), bytes, SourceKind::Manifest);
    let mut diags = parsed.diagnostics;
    let mut rendered = String::new();
    if let Some(p) = &parsed.program {
        diags.extend(validate::validate(p, &settings(&text)));
        if !diags.iter().any(|d| d.is_error()) {
            rendered.push_str(&printer::print_program(p));
        }
    }
    for d in &diags {
        rendered.push_str(&diagnostics::render(d, &source));
    }
    let first = diags.iter().find(|d| d.is_error());
    let lc = first.and_then(|d| d.line_col(&source));
    Outcome { ok: first.is_none(), line: lc.map(|x| x.0), column: lc.map(|x| x.1), rendered }
}

fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pp") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Runs every case below `tests/parse/<sub>`; `exact_columns` also requires
/// Puppet's column.
fn check_dir(sub: &str, exact_columns: bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/parse").join(sub);
    let bless = std::env::var_os("BLESS").is_some();
    let files = cases(&root);
    assert!(!files.is_empty(), "no cases under {}", root.display());
    let mut failures = String::new();
    let mut n = 0;
    for pp in &files {
        n += 1;
        let bytes = std::fs::read(pp).expect("readable case");
        let got = run_pjit(pp, &bytes);
        let rel = pp.strip_prefix(&root).unwrap_or(pp).display().to_string();
        match puppet_verdict(&pp.with_extension("json")) {
            Err(e) => {
                let _ = writeln!(failures, "{rel}: no usable Puppet verdict: {e}");
            }
            Ok(want) => {
                if want.ok != got.ok {
                    let _ = writeln!(
                        failures,
                        "{rel}: Puppet {} but pjit {}\n    puppet: {}\n    pjit:   {}",
                        if want.ok { "accepts it" } else { "rejects it" },
                        if got.ok { "accepts it" } else { "rejects it" },
                        want.message.as_deref().unwrap_or("-"),
                        got.rendered.lines().find(|l| l.starts_with("Error")).unwrap_or("-"),
                    );
                } else if !want.ok && want.line.is_some() && want.line != got.line {
                    let _ = writeln!(
                        failures,
                        "{rel}: error on line {:?}, Puppet says line {:?}\n    puppet: {}\n    pjit:   {}",
                        got.line,
                        want.line,
                        want.message.as_deref().unwrap_or("-"),
                        got.rendered.lines().find(|l| l.starts_with("Error")).unwrap_or("-"),
                    );
                } else if exact_columns && !want.ok && want.column.is_some() && want.column != got.column {
                    let _ = writeln!(
                        failures,
                        "{rel}: error at column {:?}, Puppet says column {:?}\n    puppet: {}\n    pjit:   {}",
                        got.column,
                        want.column,
                        want.message.as_deref().unwrap_or("-"),
                        got.rendered.lines().find(|l| l.starts_with("Error")).unwrap_or("-"),
                    );
                }
            }
        }
        let out_path = pp.with_extension("out");
        if bless {
            std::fs::write(&out_path, &got.rendered).expect("writable golden");
        } else {
            match std::fs::read_to_string(&out_path) {
                Ok(want) if want == got.rendered => {}
                Ok(want) => {
                    let _ = writeln!(failures, "{rel}: output differs from {}", out_path.display());
                    let _ = writeln!(failures, "--- expected\n{want}--- got\n{}", got.rendered);
                }
                Err(_) => {
                    let _ = writeln!(failures, "{rel}: missing {} (run with BLESS=1)", out_path.display());
                }
            }
        }
    }
    assert!(failures.is_empty(), "{n} cases under {sub}, failures:\n{failures}");
}

#[test]
fn hand_written_cases() {
    check_dir("cases", true);
}

/// The Puppet code blocks of the specification (`../shared/spec/*.md`),
/// extracted by `tests/tools/extract_spec.py`: whole blocks, and the single
/// statements of blocks Puppet rejects as a whole.
#[test]
fn spec_examples() {
    check_dir("spec", true);
}

/// Real module files broken by `tests/tools/make_mutations.py`.
#[test]
fn mutations() {
    check_dir("mutations", false);
}
