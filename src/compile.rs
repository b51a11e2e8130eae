//! `pjit compile`: parse, validate and lower the main manifest, run it with
//! the interpreter, and write the catalog (or an intermediate form).
//!
//! Output contract (see DESIGN.md): log lines and errors on stderr in
//! Puppet's format, the catalog JSON on stdout; exit 1 on any error.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use indexmap::IndexMap;
use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::{FileId, SourceFile, printer, validate};
use pjit_ir::interp::{self, Interp, Log, Strict};
use pjit_ir::{Loc, Program, lower, passes, print, verify};
use pjit_runtime::Value;
use pjit_runtime::functions::LogLevel;

use crate::diagnostics;

#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
pub enum Emit {
    Catalog,
    Ast,
    Ir,
}

#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
pub enum StrictArg {
    Off,
    Warning,
    Error,
}

pub struct Request {
    pub node: Option<String>,
    pub code: Option<String>,
    pub manifest: Option<PathBuf>,
    pub facts: Option<PathBuf>,
    pub strict_variables: bool,
    pub strict: StrictArg,
    pub emit: Emit,
    pub environment: String,
    pub output: Option<PathBuf>,
    pub modulepath: Vec<PathBuf>,
    pub environmentpath: Option<PathBuf>,
    pub hiera_config: Option<PathBuf>,
}

fn local_hostname() -> String {
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "localhost".into())
}

pub fn run(req: Request) -> ExitCode {
    let node = req.node.clone().unwrap_or_else(local_hostname);
    let env = match crate::environment::resolve(&crate::environment::Settings {
        environmentpath: req.environmentpath.as_deref(),
        environment: &req.environment,
        manifest: req.manifest.as_deref(),
        modulepath: &req.modulepath,
    }) {
        Ok(e) => e,
        Err(msg) => {
            eprintln!("Error: {msg}");
            return ExitCode::from(1);
        }
    };
    let mut inputs: Vec<(String, Vec<u8>)> = vec![];
    match &req.code {
        Some(code) => inputs.push(("<code>".to_string(), code.clone().into_bytes())),
        None if env.manifests.is_empty() && req.manifest.is_none() && req.environmentpath.is_none() => {
            eprintln!("Error: nothing to compile: give -e CODE, --manifest FILE or FILE");
            return ExitCode::from(2);
        }
        None => {
            for path in &env.manifests {
                match std::fs::read(path) {
                    Ok(b) => inputs.push((path.display().to_string(), b)),
                    Err(e) => {
                        eprintln!("Error: Could not read file {}: {e}", path.display());
                        return ExitCode::from(1);
                    }
                }
            }
        }
    }
    let facts = match &req.facts {
        Some(p) => match read_facts(p) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("Error: Could not read facts file {}: {e}", p.display());
                return ExitCode::from(1);
            }
        },
        None => IndexMap::new(),
    };
    let on_node = format!(" on node {node}");

    let strict = match req.strict {
        StrictArg::Off => validate::Strict::Off,
        StrictArg::Warning => validate::Strict::Warning,
        StrictArg::Error => validate::Strict::Error,
    };
    let mut parsed_files = vec![];
    for (i, (name, text)) in inputs.iter().enumerate() {
        let source = SourceFile::new(name.clone(), String::from_utf8_lossy(text).into_owned());
        let parsed = parser::parse_bytes(FileId(i as u32), text, SourceKind::Manifest);
        let mut diags = parsed.diagnostics;
        if let Some(program) = &parsed.program {
            let opts = validate::Options { strict, ..validate::Options::default() };
            diags.extend(validate::validate(program, &opts));
        }
        let mut failed = false;
        for d in &diags {
            if d.is_error() {
                if !failed {
                    // Puppet stops at the first error and names the environment.
                    eprintln!(
                        "Error: Could not parse for environment {}: {}{on_node}",
                        req.environment,
                        d.message_with_location(&source)
                    );
                }
                failed = true;
            } else {
                diagnostics::emit(d, &source);
            }
        }
        let Some(ast) = parsed.program.filter(|_| !failed) else {
            return ExitCode::from(1);
        };
        parsed_files.push((source, ast));
    }
    if req.emit == Emit::Ast {
        for (_, ast) in &parsed_files {
            print!("{}", printer::print_program(ast));
        }
        return ExitCode::SUCCESS;
    }
    let mut prog = Program::default();
    let files: Vec<(&SourceFile, &pjit_frontend::ast::Program)> = parsed_files.iter().map(|(s, a)| (s, a)).collect();
    let main = lower::lower_manifests(&mut prog, &files);
    prog.main = Some(main);
    debug_assert!(verify::verify_program(&prog).is_empty(), "{:?}", verify::verify_program(&prog));
    passes::optimize(&mut prog);
    debug_assert!(verify::verify_program(&prog).is_empty(), "{:?}", verify::verify_program(&prog));
    if req.emit == Emit::Ir {
        print!("{}", print::print_program(&prog));
        return ExitCode::SUCCESS;
    }
    let opts = interp::Options {
        node: node.clone(),
        environment: req.environment.clone(),
        facts,
        strict_variables: req.strict_variables,
        modulepath: env.modulepath.clone(),
        hiera_config: req.hiera_config.as_deref().map(|p| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())),
        environment_dir: env.dir.clone(),
        strict: match req.strict {
            StrictArg::Off => Strict::Off,
            StrictArg::Warning => Strict::Warning,
            StrictArg::Error => Strict::Error,
        },
    };
    let mut it = Interp::new(prog, opts);
    let result = it.compile();
    for log in &it.logs {
        print_log(log);
    }
    match result {
        Ok(()) => {
            let json = it.catalog.to_json(&node, &req.environment);
            let text = serde_json::to_string_pretty(&json).expect("catalog JSON serializes");
            match &req.output {
                Some(p) => {
                    if let Err(e) = std::fs::write(p, text + "\n") {
                        eprintln!("Error: Could not write {}: {e}", p.display());
                        return ExitCode::from(1);
                    }
                }
                None => println!("{text}"),
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            // Errors Puppet raises outside its evaluator's error wrapping
            // carry no "Evaluation Error: " prefix and no column.
            let bare = e.is_compiler_error();
            let location = it.location_suffix(e.loc.map(|l| if bare { Loc { col: 0, ..l } } else { l }));
            let prefix = if bare { "" } else { "Evaluation Error: " };
            eprintln!("Error: {prefix}{}{location}{on_node}", e.message);
            ExitCode::from(1)
        }
    }
}

fn level_name(l: LogLevel) -> Option<&'static str> {
    Some(match l {
        LogLevel::Debug | LogLevel::Info => return None,
        LogLevel::Notice => "Notice",
        LogLevel::Warning => "Warning",
        LogLevel::Err => "Error",
        LogLevel::Alert => "Alert",
        LogLevel::Emerg => "Emergency",
        LogLevel::Crit => "Critical",
    })
}

fn print_log(log: &Log) {
    let Some(level) = level_name(log.level) else { return };
    match &log.scope {
        Some(s) => eprintln!("{level}: Scope({s}): {}", log.message),
        None => eprintln!("{level}: {}", log.message),
    }
}

/// Reads a facts file: a JSON object of fact names to values, or the
/// `{"name": ..., "values": {...}}` document `puppet facts` writes.
fn read_facts(p: &Path) -> Result<IndexMap<String, Value>, String> {
    let text = std::fs::read_to_string(p).map_err(|e| e.to_string())?;
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let obj = match &json {
        serde_json::Value::Object(m) => match (m.get("name"), m.get("values")) {
            (Some(_), Some(serde_json::Value::Object(v))) => v.clone(),
            _ => m.clone(),
        },
        _ => return Err("the facts must be a JSON object".into()),
    };
    Ok(obj.into_iter().map(|(k, v)| (k, from_json(&v))).collect())
}

fn from_json(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Undef,
        serde_json::Value::Bool(b) => Value::Boolean(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => Value::string(s.as_str()),
        serde_json::Value::Array(a) => {
            Value::Array(pjit_runtime::value::PArray(Arc::new(a.iter().map(from_json).collect())))
        }
        serde_json::Value::Object(m) => {
            let mut h = pjit_runtime::value::HashMapV::default();
            for (k, x) in m {
                h.insert(Value::string(k.as_str()), from_json(x));
            }
            Value::Hash(pjit_runtime::value::PHash(Arc::new(h)))
        }
    }
}
