//! `pjit compile`: parse, validate and lower the main manifest, run it with
//! the interpreter, and write the catalog (or an intermediate form).
//!
//! Output contract (see DESIGN.md): log lines and errors on stderr in
//! Puppet's format, the catalog JSON on stdout; exit 1 on any error.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use indexmap::IndexMap;
use pjit_aot::driver;
use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::{FileId, SourceFile, printer, validate};
use pjit_ir::interp::tier::{FuncState, Tier};
use pjit_ir::interp::{self, Interp, Strict, Warm};
use pjit_ir::{Program, lower, passes, print, verify};

use crate::diagnostics;

#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
pub enum Emit {
    Catalog,
    Ast,
    Ir,
    /// The Cranelift IR of every body.
    Clif,
    /// An ELF object with every body compiled and a `main` (needs `-o`).
    Obj,
    /// An executable: the object linked with the runtime library (needs
    /// `-o`); `PROG [NODE] --facts FILE` prints the node's catalog.
    Exe,
}

#[derive(Copy, Clone, PartialEq, Eq, clap::ValueEnum)]
pub enum JitMode {
    /// Interpret everything.
    Off,
    /// Compile a body once it has been called `--jit-threshold` times.
    Auto,
    /// Compile every body before its first call.
    Always,
}

/// Interpreted calls of a body before `--jit=auto` compiles it (see
/// BENCHMARKS.md, break-even call count).
pub const DEFAULT_JIT_THRESHOLD: u32 = 1000;

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
    pub jit: JitMode,
    pub jit_threshold: u32,
    pub verbose: bool,
    pub environmentpath: Option<PathBuf>,
    pub hiera_config: Option<PathBuf>,
    pub allow_generate: bool,
    /// The Ruby bridge (`--ruby`), shared by every compile of the process.
    pub ruby: Option<std::sync::Arc<pjit_bridge::RubyBridge>>,
    /// Puppet's `basemodulepath` when settings were read (see
    /// [`crate::environment::Settings::basemodulepath`]).
    pub basemodulepath: Option<Vec<PathBuf>>,
    /// `--trusted FILE`: `$trusted` as a JSON or YAML map.
    pub trusted: Option<PathBuf>,
    /// `--external-nodes CMD`: the node classifier to run.
    pub external_nodes: Option<String>,
    /// PuppetDB (`--puppetdb`), and whether compiles store into it.
    pub store: Option<crate::puppetdb::Store>,
    /// `$settings::<name>` from the settings that were read (None:
    /// Puppet's defaults); built once, shared by every compile.
    pub settings: Option<std::sync::Arc<interp::settings::SettingsTable>>,
}

/// What the command line gave of the settings `pjit compile --config`
/// can also take from Puppet's (the rest of [`Request`] is always the
/// command line's).
#[derive(Default)]
pub struct Given {
    pub environment: Option<String>,
    pub strict: Option<StrictArg>,
    pub strict_variables: bool,
    pub environmentpath: Option<PathBuf>,
    pub hiera_config: Option<PathBuf>,
    pub external_nodes: Option<String>,
    /// `-e`, `--manifest` or a FILE: the compile's input is the command
    /// line's, not the configured environment's.
    pub manifest: bool,
}

impl Request {
    /// A catalog compile of environment `name` as Puppet's settings
    /// configure it, as `pjit server` compiles: `environmentpath`,
    /// `basemodulepath`, `hiera_config` (when that file exists), `strict`,
    /// `strict_variables` and the classifier (`node_terminus = exec`
    /// with `external_nodes`). Everything else is the command line's
    /// default (no facts, the catalog on stdout, `--jit=auto`, no Ruby, no
    /// PuppetDB): callers set what they have.
    pub fn from_settings(s: &pjit_settings::Settings, name: &str) -> Request {
        let classifier = s.get("external_nodes").filter(|c| !c.is_empty() && c != "none");
        Request {
            node: None,
            code: None,
            manifest: None,
            facts: None,
            strict_variables: s.bool("strict_variables").unwrap_or(false),
            strict: match s.get("strict").as_deref() {
                Some("off") => StrictArg::Off,
                Some("error") => StrictArg::Error,
                _ => StrictArg::Warning,
            },
            emit: Emit::Catalog,
            environment: name.to_string(),
            output: None,
            modulepath: vec![],
            jit: JitMode::Auto,
            jit_threshold: DEFAULT_JIT_THRESHOLD,
            verbose: false,
            environmentpath: s.get("environmentpath").filter(|p| !p.is_empty()).map(PathBuf::from),
            hiera_config: s.path("hiera_config").filter(|p| p.is_file()),
            allow_generate: false,
            ruby: None,
            basemodulepath: Some(s.paths("basemodulepath")),
            trusted: None,
            external_nodes: classifier.filter(|_| s.get("node_terminus").as_deref() == Some("exec")),
            store: None,
            // The caller shares one table among its compiles
            // ([`settings_table`]).
            settings: None,
        }
    }

    /// `pjit compile --config`: what `given` leaves unset comes from the
    /// settings `s`, as [`Request::from_settings`] reads them; the
    /// configured environment supplies the main manifest and modulepath
    /// only when the command line names no manifest of its own.
    pub fn with_settings(mut self, s: &pjit_settings::Settings, given: Given) -> Request {
        let name = given.environment.or_else(|| s.get("environment")).unwrap_or_else(|| "production".into());
        let base = Request::from_settings(s, &name);
        self.environment = name;
        self.strict = given.strict.unwrap_or(base.strict);
        self.strict_variables = given.strict_variables || base.strict_variables;
        self.environmentpath = given.environmentpath.or(base.environmentpath.filter(|_| !given.manifest));
        self.hiera_config = given.hiera_config.or(base.hiera_config);
        self.external_nodes = given.external_nodes.or(base.external_nodes);
        self.basemodulepath = base.basemodulepath;
        self.settings = Some(settings_table(s, "user"));
        self
    }
}

/// The `$settings::<name>` table of the settings `s` in `run_mode`; the
/// values Puppet would refuse are reported (as warnings: those settings
/// are undef) on stderr.
pub fn settings_table(s: &pjit_settings::Settings, run_mode: &str) -> std::sync::Arc<interp::settings::SettingsTable> {
    let (table, problems) = interp::settings::SettingsTable::from_settings(s, run_mode);
    for p in problems {
        eprintln!("Warning: {p}");
    }
    std::sync::Arc::new(table)
}

/// Puppet's `max_errors` setting: how many validation errors it logs
/// before giving up.
const MAX_ERRORS: usize = 10;

/// The main manifest of an environment, parsed and validated (warnings
/// already printed), and where its modules are.
pub struct Loaded {
    pub env: crate::environment::Environment,
    pub files: Vec<(SourceFile, pjit_frontend::ast::Program)>,
    /// What every compile of this load of the environment shares, on any
    /// thread (Hiera's files, ...): dropped with the load.
    pub env_cache: std::sync::Arc<interp::EnvCache>,
}

impl Loaded {
    /// The IR program of the main manifest (modules are lowered when the
    /// compile autoloads them).
    pub fn lower(&self) -> Program {
        let mut prog = Program::default();
        let files: Vec<(&SourceFile, &pjit_frontend::ast::Program)> = self.files.iter().map(|(s, a)| (s, a)).collect();
        let main = lower::lower_manifests(&mut prog, &files);
        prog.main = Some(main);
        debug_assert!(verify::verify_program(&prog).is_empty(), "{:?}", verify::verify_program(&prog));
        passes::optimize(&mut prog);
        debug_assert!(verify::verify_program(&prog).is_empty(), "{:?}", verify::verify_program(&prog));
        prog
    }

    /// The interpreter's settings for compiling `node` with `facts`.
    pub fn options(&self, req: &Request, node: &str, facts: IndexMap<String, pjit_runtime::Value>) -> interp::Options {
        interp::Options {
            node: node.to_string(),
            environment: req.environment.clone(),
            facts,
            strict_variables: req.strict_variables,
            modulepath: self.env.modulepath.clone(),
            hiera_config: req.hiera_config.as_deref().map(|p| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())),
            environment_dir: self.env.dir.clone(),
            allow_generate: req.allow_generate,
            foreign: crate::ruby::runner(&req.ruby),
            storeconfigs: req.store.as_ref().map(|s| s.backend()),
            settings: req.settings.clone(),
            manifest: self.env.manifest.as_deref().map(|p| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())),
            strict: match req.strict {
                StrictArg::Off => Strict::Off,
                StrictArg::Warning => Strict::Warning,
                StrictArg::Error => Strict::Error,
            },
            ..interp::Options::default()
        }
    }
}

/// What one node's compile gave.
pub struct Compiled {
    /// The exit status `pjit compile` would have (0: the catalog was written).
    pub status: u8,
    /// Its log lines and error, in `pjit compile`'s format.
    pub log: Vec<u8>,
    /// The error (after `Error: `) when it failed.
    pub error: Option<String>,
    /// PuppetDB commands (facts before, catalog after a successful
    /// compile) when `req.store` submits after the batch: the caller
    /// sends them.
    pub commands: Vec<pjit_puppetdb::Command>,
}

/// Compiles one node of a loaded environment: the compile path that batch
/// mode and the compile server share. `warm` is the program an earlier
/// compile of the same environment left on this thread (None: lower the
/// main manifest afresh); the program is left there for the next compile.
/// The catalog goes to `out`, the log lines and error to the result; a
/// panic is this compile's error (and the next compile starts afresh).
pub fn compile_node(
    req: &Request,
    loaded: &Loaded,
    cache: Option<&std::sync::Arc<pjit_codegen::CodeCache>>,
    warm: &mut Option<Warm>,
    opts: interp::Options,
    out: driver::CatalogOut,
) -> Compiled {
    let node = opts.node.clone();
    let mut log = vec![];
    let mut error = None;
    let mut commands = vec![];
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let w = warm.take().unwrap_or_else(|| {
            let mut w = Warm::new(loaded.lower());
            w.share(loaded.env_cache.clone());
            if let Some((jit, threshold)) = make_jit(req.jit, req.jit_threshold, cache) {
                w.set_backend(jit, threshold);
            }
            w
        });
        let mut opts = opts;
        if req.verbose || req.store.is_some() {
            // Tier reports and stored catalogs come from an evaluation.
            opts.memo = interp::memo::Mode::Off;
        }
        let mut it = Interp::from_warm(w, opts);
        // A remembered compile of an earlier node that this node's inputs
        // answer alike (see pjit_ir::interp::memo): its outputs are this
        // node's, with this node's name in the catalog.
        let hit = it.memo_begin();
        let status = match hit {
            Some(hit) if it.opts.memo != interp::memo::Mode::Check => {
                it.logs = hit.logs.clone();
                if let Err(e) = &hit.result {
                    error = Some(driver::error_message(&it, e, &node));
                }
                let text = hit.catalog().unwrap_or_default();
                driver::report_text(&it, hit.result.clone(), &node, out, &mut log, &text)
            }
            hit => {
                // Storing is the store's: around the compile (the server), or the
                // commands handed back for the caller (batch mode sends them at
                // the end).
                let result = match &req.store {
                    Some(store) => store.compile(&mut it, &mut commands),
                    None => it.compile(),
                };
                if let Err(e) = &result {
                    error = Some(driver::error_message(&it, e, &node));
                }
                if hit.is_some() || it.memo_recording() {
                    // The text is written once, for the file and the memo.
                    let mut text = Vec::with_capacity(it.memo_text_room());
                    if result.is_ok() {
                        it.catalog.json_text(&mut text, &node, &req.environment);
                    }
                    match hit.as_ref().and_then(|hit| memo_difference(hit, &it.logs, &result, &text)) {
                        Some(diff) => {
                            let msg = format!("internal error: the compile memo's outputs for node {node} differ from its evaluation: {diff}");
                            let _ = writeln!(log, "Error: {msg}");
                            error = Some(msg);
                            1
                        }
                        None => {
                            let status = driver::report_text(&it, result.clone(), &node, out, &mut log, &[&text]);
                            if hit.is_none() {
                                it.memo_end(&result, &node, text);
                            }
                            status
                        }
                    }
                } else {
                    driver::report_to(&it, result, &node, &req.environment, out, &mut log)
                }
            }
        };
        if req.verbose {
            report_tier(&it, req.jit, req.jit_threshold);
        }
        // Keep the program for this thread's next node (dropping this
        // compile's catalog, scopes and logs).
        *warm = it.into_warm();
        status
    }));
    match run {
        Ok(status) => {
            if status != 0 && error.is_none() {
                // The catalog could not be written: the log says why.
                error = Some(String::from_utf8_lossy(&log).lines().last().unwrap_or_default().trim_start_matches("Error: ").to_string());
            }
            Compiled { status, log, error, commands }
        }
        Err(_) => {
            // The program may be inconsistent: the next compile starts afresh.
            *warm = None;
            let msg = format!("internal error while compiling node {node}");
            let _ = writeln!(log, "Error: {msg}");
            Compiled { status: 1, log, error: Some(msg), commands: vec![] }
        }
    }
}

/// What differs between a remembered compile's outputs and an evaluation's
/// (`PJIT_MEMO=check`), None when nothing does.
fn memo_difference(
    hit: &interp::memo::Hit,
    logs: &[interp::Log],
    result: &Result<(), interp::EvalError>,
    text: &[u8],
) -> Option<String> {
    if hit.logs != logs {
        let at = hit.logs.iter().zip(logs).position(|(a, b)| a != b).unwrap_or(hit.logs.len().min(logs.len()));
        return Some(format!("log line {} ({:?} remembered, {:?} evaluated)", at + 1, hit.logs.get(at), logs.get(at)));
    }
    if hit.result != *result {
        return Some(format!("result ({:?} remembered, {:?} evaluated)", hit.result, result));
    }
    let replayed = hit.catalog().map(|p| p.concat()).unwrap_or_default();
    if replayed != text {
        let at = replayed.iter().zip(text).position(|(a, b)| a != b).unwrap_or(replayed.len().min(text.len()));
        let line = 1 + text[..at.min(text.len())].iter().filter(|b| **b == b'\n').count();
        return Some(format!("catalog JSON from line {line}"));
    }
    None
}

/// Resolves the environment, then reads, parses and validates the main
/// manifest; errors are printed (`node` names the node in them).
pub fn load(req: &Request, node: &str) -> Result<Loaded, ExitCode> {
    load_to(req, node, &mut std::io::stderr().lock()).map_err(ExitCode::from)
}

/// [`load`] with warnings and errors written to `log`; the error is the
/// exit status.
pub fn load_to(req: &Request, node: &str, log: &mut dyn Write) -> Result<Loaded, u8> {
    let env = match crate::environment::resolve(&crate::environment::Settings {
        environmentpath: req.environmentpath.as_deref(),
        environment: &req.environment,
        manifest: req.manifest.as_deref(),
        modulepath: &req.modulepath,
        basemodulepath: req.basemodulepath.as_deref(),
    }) {
        Ok(e) => e,
        Err(msg) => {
            let _ = writeln!(log, "Error: {msg}");
            return Err(1);
        }
    };
    let mut inputs: Vec<(String, Vec<u8>)> = vec![];
    match &req.code {
        Some(code) => inputs.push(("<code>".to_string(), code.clone().into_bytes())),
        None if env.manifests.is_empty() && req.manifest.is_none() && req.environmentpath.is_none() => {
            let _ = writeln!(log, "Error: nothing to compile: give -e CODE, --manifest FILE or FILE");
            return Err(2);
        }
        None => {
            for path in &env.manifests {
                match std::fs::read(path) {
                    Ok(b) => inputs.push((path.display().to_string(), b)),
                    Err(e) => {
                        let _ = writeln!(log, "Error: Could not read file {}: {e}", path.display());
                        return Err(1);
                    }
                }
            }
        }
    }
    let on_node = if node.is_empty() { String::new() } else { format!(" on node {node}") };
    let strict = match req.strict {
        StrictArg::Off => validate::Strict::Off,
        StrictArg::Warning => validate::Strict::Warning,
        StrictArg::Error => validate::Strict::Error,
    };
    let mut files = vec![];
    for (i, (name, text)) in inputs.iter().enumerate() {
        let source = SourceFile::new(name.clone(), String::from_utf8_lossy(text).into_owned());
        let parsed = parser::parse_bytes(FileId(i as u32), text, SourceKind::Manifest);
        let mut diags = parsed.diagnostics;
        if let Some(program) = &parsed.program {
            let opts = validate::Options { strict, ..validate::Options::default() };
            diags.extend(validate::validate(program, &opts));
        }
        for d in diags.iter().filter(|d| !d.is_error()) {
            let _ = log.write_all(diagnostics::render(d, &source).as_bytes());
        }
        let errors: Vec<&pjit_frontend::Diagnostic> = diags.iter().filter(|d| d.is_error()).collect();
        let failed = !errors.is_empty();
        if errors.len() > 1 {
            // Several: Puppet logs each (up to `max_errors`, 10) before it
            // gives up.
            for d in errors.iter().take(MAX_ERRORS) {
                let _ = log.write_all(diagnostics::render(d, &source).as_bytes());
            }
        }
        if let Some(message) = parse_failure(&diags, &source) {
            let _ = writeln!(log, "Error: Could not parse for environment {}: {message}{on_node}", req.environment);
        }
        let Some(ast) = parsed.program.filter(|_| !failed) else {
            return Err(1);
        };
        files.push((source, ast));
    }
    Ok(Loaded { env, files, env_cache: Default::default() })
}

/// Puppet's message for a file that does not parse or validate
/// (`IssueReporter.assert_and_report`): a single error is raised as it is;
/// after several Puppet gives up naming the file, counting the warnings it
/// logged too. None when `diags` holds no error.
pub fn parse_failure(diags: &[pjit_frontend::Diagnostic], source: &SourceFile) -> Option<String> {
    let errors: Vec<&pjit_frontend::Diagnostic> = diags.iter().filter(|d| d.is_error()).collect();
    match errors.len() {
        0 => None,
        1 => Some(errors[0].message_with_location(source)),
        n => {
            let warnings = diags.len() - n;
            let counts = if warnings > 0 { format!("{n} errors, and {warnings} warnings") } else { format!("{n} errors") };
            Some(format!("Language validation logged {counts}. Giving up (file: {})", source.name()))
        }
    }
}

pub fn run(mut req: Request) -> ExitCode {
    let node = req.node.clone().unwrap_or_else(driver::local_hostname);
    // The classifier runs first: the environment it names is compiled.
    let classification = match &req.external_nodes {
        Some(cmd) => match crate::enc::classify(cmd, &node) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("Error: {e}");
                return ExitCode::from(1);
            }
        },
        None => None,
    };
    if let Some(env) = classification.as_ref().and_then(|c| c.environment.clone()) {
        req.environment = env;
    }
    let trusted = match &req.trusted {
        Some(p) => match driver::read_facts(p) {
            Ok(t) => Some(crate::enc::hash_value(t)),
            Err(e) => {
                eprintln!("Error: Could not read trusted data file {}: {e}", p.display());
                return ExitCode::from(1);
            }
        },
        None => None,
    };
    let loaded = match load(&req, &node) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let facts = match &req.facts {
        Some(p) => match driver::read_facts(p) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("Error: Could not read facts file {}: {e}", p.display());
                return ExitCode::from(1);
            }
        },
        None => IndexMap::new(),
    };
    if req.emit == Emit::Ast {
        for (_, ast) in &loaded.files {
            print!("{}", printer::print_program(ast));
        }
        return ExitCode::SUCCESS;
    }
    let prog = loaded.lower();
    if req.emit == Emit::Ir {
        print!("{}", print::print_program(&prog));
        return ExitCode::SUCCESS;
    }
    if matches!(req.emit, Emit::Obj | Emit::Exe) {
        return emit_native(&prog, &req);
    }
    if req.emit == Emit::Clif {
        return match pjit_codegen::clif(&prog) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("Error: {e}");
                ExitCode::from(1)
            }
        };
    }
    let mut opts = loaded.options(&req, &node, facts);
    opts.trusted = trusted;
    if let Some(c) = classification {
        crate::enc::apply(&mut opts, c);
    }
    let mut it = Interp::new(prog, opts);
    install_jit(&mut it.tier, req.jit, req.jit_threshold);
    let result = match &req.store {
        Some(store) => store.compile(&mut it, &mut vec![]),
        None => it.compile(),
    };
    if req.verbose {
        report_tier(&it, req.jit, req.jit_threshold);
        crate::ruby::report(&req.ruby);
        report_erb(&it);
    }
    let status = driver::finish(&it, result, &node, &req.environment, req.output.as_deref());
    // The process ends here: freeing the program, scopes and catalog one
    // allocation at a time would only delay the exit.
    std::mem::forget(it);
    ExitCode::from(status)
}

/// Puts the JIT behind the interpreter (a host Cranelift does not support
/// leaves everything interpreted, with a warning).
pub fn install_jit(tier: &mut Tier, mode: JitMode, threshold: u32) {
    if let Some((jit, threshold)) = make_jit(mode, threshold, None) {
        *tier = Tier::new(jit, threshold);
    }
}

/// The JIT backend `--jit` asks for and its threshold (None: interpret),
/// over `cache` when given (batch mode shares one between workers).
pub fn make_jit(
    mode: JitMode,
    threshold: u32,
    cache: Option<&std::sync::Arc<pjit_codegen::CodeCache>>,
) -> Option<(Box<dyn pjit_ir::interp::tier::Backend>, u32)> {
    let threshold = match mode {
        JitMode::Off => return None,
        JitMode::Auto => threshold,
        JitMode::Always => 0,
    };
    let jit = match cache {
        Some(c) => Ok(pjit_codegen::Jit::with_cache(c.clone())),
        None => pjit_codegen::Jit::new(),
    };
    match jit {
        Ok(jit) => Some((Box::new(jit), threshold)),
        Err(e) => {
            eprintln!("Warning: the JIT is not available, everything is interpreted: {e}");
            None
        }
    }
}

/// `--verbose`: what the JIT compiled, and every body that was called but
/// stayed interpreted, with the reason.
pub fn report_tier(it: &Interp, mode: JitMode, threshold: u32) {
    if mode == JitMode::Off {
        eprintln!("jit: off, every body is interpreted");
        return;
    }
    if let Some(s) = it.tier.describe() {
        eprintln!("jit: {s}");
    }
    for (id, f) in it.prog.funcs.iter() {
        let why = match it.tier.state(id) {
            FuncState::Interpreted { calls } => format!("called {calls} times, threshold {threshold}"),
            FuncState::Refused { reason } => reason,
            FuncState::Unused | FuncState::Compiled => continue,
        };
        eprintln!("jit: {id} {} '{}' stays interpreted: {why}", f.kind.name(), f.name);
    }
}

/// `--verbose`: how many ERB renders the native engine did, and each
/// template it handed to Ruby with the construct it lacks.
pub fn report_erb(it: &Interp) {
    let s = &it.erb_stats;
    eprintln!("erb: {} native, {} through Ruby", s.native, s.foreign.len());
    for (name, why) in &s.foreign {
        eprintln!("erb: through Ruby: {name}: {why}");
    }
}

/// `--emit=obj|exe`: the program compiled ahead of time (see
/// `pjit_codegen::aot` and the `pjit-aot` runtime library).
fn emit_native(prog: &Program, req: &Request) -> ExitCode {
    let Some(out) = &req.output else {
        eprintln!("Error: --emit=obj and --emit=exe need -o FILE");
        return ExitCode::from(2);
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    let settings = driver::Settings {
        environment: req.environment.clone(),
        strict: match req.strict {
            StrictArg::Off => Strict::Off,
            StrictArg::Warning => Strict::Warning,
            StrictArg::Error => Strict::Error,
        },
        strict_variables: req.strict_variables,
        // The executable may run elsewhere: it autoloads from absolute paths.
        modulepath: req.modulepath.iter().map(|p| cwd.join(p)).collect(),
    };
    let (bytes, report) = match pjit_codegen::aot::emit_object(prog, &settings.to_json()) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("Error: could not compile the program: {e}");
            return ExitCode::from(1);
        }
    };
    if req.verbose {
        eprintln!(
            "aot: compiled {} bodies ({} IR instructions, {} with inline code)",
            report.compiled, report.counts.insts, report.counts.native
        );
        for (f, why) in &report.interpreted {
            eprintln!("aot: {f} stays interpreted: {why}");
        }
    }
    if req.emit == Emit::Obj {
        return match std::fs::write(out, &bytes) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("Error: Could not write {}: {e}", out.display());
                ExitCode::from(1)
            }
        };
    }
    let lib = match runtime_library() {
        Ok(l) => l,
        Err(e) => {
            eprintln!("Error: {e}");
            return ExitCode::from(1);
        }
    };
    let mut obj = out.clone().into_os_string();
    obj.push(".pjit.o");
    let obj = PathBuf::from(obj);
    if let Err(e) = std::fs::write(&obj, &bytes) {
        eprintln!("Error: Could not write {}: {e}", obj.display());
        return ExitCode::from(1);
    }
    let cc = std::env::var_os("CC").unwrap_or_else(|| "cc".into());
    // The system libraries Rust's standard library needs in a static link.
    let status = std::process::Command::new(&cc)
        .arg(&obj)
        .arg(&lib)
        .arg("-o")
        .arg(out)
        .args(["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc"])
        .status();
    let _ = std::fs::remove_file(&obj);
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(s) => {
            eprintln!("Error: linking {} failed ({s})", out.display());
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("Error: could not run the linker {}: {e}", Path::new(&cc).display());
            ExitCode::from(1)
        }
    }
}

/// `libpjit_aot.a`: `$PJIT_RUNTIME_LIB`, else next to this executable (or in
/// `../lib`), else the newest one Cargo built beside it (`deps/`).
fn runtime_library() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("PJIT_RUNTIME_LIB").filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let dir = exe.parent().ok_or("pjit has no directory")?;
    for c in [dir.join("libpjit_aot.a"), dir.join("../lib/libpjit_aot.a")] {
        if c.is_file() {
            return Ok(c);
        }
    }
    let newest = std::fs::read_dir(dir.join("deps"))
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with("libpjit_aot-") && n.ends_with(".a")
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max();
    newest.map(|(_, p)| p).ok_or_else(|| {
        format!(
            "the runtime library libpjit_aot.a was not found next to {} (build it with `cargo build -p pjit-aot`, or set PJIT_RUNTIME_LIB)",
            exe.display()
        )
    })
}
