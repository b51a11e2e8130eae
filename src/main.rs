//! The `pjit` command line: a thin driver over the crates of the workspace.
//!
//! Exit status: 0 on success, 1 when an input has errors, 2 on bad usage
//! (clap's own status for usage errors).

#[cfg(not(feature = "system-alloc"))]
mod alloc;
mod batch;
mod compile;
mod diagnostics;
mod enc;
mod environment;
mod ruby;
mod server;
mod puppetdb;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::{FileId, SourceFile, lexer, printer, validate};

// The frontend allocates many small nodes (about one per token); mimalloc
// makes that markedly cheaper than glibc's allocator (see BENCHMARKS.md;
// `--features system-alloc` builds with the system allocator).
#[cfg(not(feature = "system-alloc"))]
#[global_allocator]
static GLOBAL: alloc::Mimalloc = alloc::Mimalloc;

#[derive(Parser)]
#[command(name = "pjit", version, about = "A fast, faithful compiler for the Puppet language")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and validate Puppet files; exit 0 only if every file is valid.
    Parse {
        /// Print a stage's output instead of only validating.
        #[arg(long, value_enum)]
        emit: Option<ParseEmit>,
        /// Files to parse (`.pp` manifests, `.epp` templates).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Compile a catalog: `pjit compile [NODE] (-e CODE | --manifest FILE | FILE)`.
    Compile {
        /// `[NODE] [FILE]`: the node name (default: this host's name) and
        /// the main manifest when neither -e nor --manifest is given.
        #[arg(num_args = 0..=2)]
        args: Vec<String>,
        /// Puppet code to compile as the main manifest.
        #[arg(short = 'e', long = "code", conflicts_with = "manifest")]
        code: Option<String>,
        /// The main manifest.
        #[arg(long)]
        manifest: Option<PathBuf>,
        /// Node facts: a JSON object of fact names to values.
        #[arg(long)]
        facts: Option<PathBuf>,
        /// Unknown variables are errors.
        #[arg(long = "strict_variables", alias = "strict-variables")]
        strict_variables: bool,
        /// Puppet's `strict` setting (default: warning).
        #[arg(long, value_enum)]
        strict: Option<compile::StrictArg>,
        /// What to print: the catalog JSON (default), the AST or the IR.
        #[arg(long, value_enum, default_value = "catalog")]
        emit: compile::Emit,
        /// The environment name the catalog reports (default: production).
        #[arg(long)]
        environment: Option<String>,
        /// Write the output here instead of stdout.
        #[arg(short = 'o')]
        output: Option<PathBuf>,
        /// Module directories (`:`-separated) searched for classes, defined
        /// types, functions and type aliases.
        #[arg(long, value_delimiter = ':')]
        modulepath: Vec<PathBuf>,
        /// Compile hot bodies to native code: never, after
        /// `--jit-threshold` calls, or before their first call.
        #[arg(long, value_enum, default_value = "auto")]
        jit: compile::JitMode,
        /// With `--jit=auto`: how many interpreted calls a body gets before
        /// it is compiled.
        #[arg(long = "jit-threshold", default_value_t = compile::DEFAULT_JIT_THRESHOLD)]
        jit_threshold: u32,
        /// Report what the JIT did and which bodies stayed interpreted
        /// (on stderr).
        #[arg(long)]
        verbose: bool,
        /// Directories of directory environments (`:`-separated): the
        /// environment `--environment` names supplies the main manifest
        /// (`manifests/`, or `manifest` in its environment.conf) and the
        /// modulepath (`modules/`, or `modulepath`).
        #[arg(long)]
        environmentpath: Option<PathBuf>,
        /// The global hiera.yaml (Puppet's `hiera_config`): the first
        /// data layer of `lookup()` and class parameters.
        #[arg(long = "hiera-config", alias = "hiera_config")]
        hiera_config: Option<PathBuf>,
        /// Let `generate()` and stdlib's `validate_cmd()` run commands on
        /// this machine, as Puppet does (off by default: compiling then
        /// only reads files).
        #[arg(long = "allow-generate")]
        allow_generate: bool,
        /// Run the modules' Ruby code pjit has no native implementation
        /// for (functions, ERB templates, resource types) with Puppet's own
        /// Ruby library: `auto` (Ruby with Puppet when found), `off`, or the
        /// path of a ruby executable.
        #[arg(long, default_value = "auto")]
        ruby: ruby::RubyArg,
        /// Batch mode: compile the catalog of every node named in this
        /// file (one per line) into `-o OUTDIR/<node>.json`, reusing the
        /// parsed and lowered environment across nodes.
        #[arg(long)]
        nodes: Option<PathBuf>,
        /// Batch mode: each node's facts are `DIR/<node>.json` (or
        /// `.yaml`); without `--nodes`, every facts file there names a node.
        #[arg(long = "facts-dir", alias = "facts_dir")]
        facts_dir: Option<PathBuf>,
        /// Batch mode: worker threads (default: one per core).
        #[arg(short = 'j', long = "jobs", default_value_t = 0)]
        jobs: usize,
        /// PuppetDB (storeconfigs): its URLs (`http://` or `https://`,
        /// comma-separated) or a puppetdb.conf. Exported collectors and
        /// `puppetdb_query` query it.
        #[arg(long)]
        puppetdb: Option<String>,
        /// Store each node's facts (before compiling) and catalog (after a
        /// successful compile) in PuppetDB, as Puppet Server does.
        #[arg(long = "puppetdb-submit")]
        puppetdb_submit: bool,
        /// Puppet's ssldir: HTTPS to PuppetDB presents
        /// `certs/<certname>.pem` and verifies PuppetDB against `certs/ca.pem`.
        #[arg(long)]
        ssldir: Option<PathBuf>,
        /// The certificate name for HTTPS to PuppetDB (and the producer of
        /// what is stored); default: this host's name.
        #[arg(long)]
        certname: Option<String>,
        /// `$trusted`: a JSON or YAML map (as Puppet builds it from a
        /// node's certificate: authenticated, certname, extensions, ...).
        #[arg(long)]
        trusted: Option<PathBuf>,
        /// An external node classifier (Puppet's `external_nodes`): runs
        /// `CMD NODE` and compiles the classes, parameters and environment
        /// its YAML gives.
        #[arg(long = "external-nodes", alias = "external_nodes")]
        external_nodes: Option<String>,
        /// Puppet's settings (`puppet.conf`: `[user]`, then `[main]`):
        /// PuppetDB as `pjit server` configures it (`storeconfigs`,
        /// `storeconfigs_backend`, the confdir's `puppetdb.conf`, the
        /// host's certificates; compiles store their facts and catalogs),
        /// and `environment`, `environmentpath`, `basemodulepath`,
        /// `hiera_config`, `strict`, `strict_variables`, `external_nodes`
        /// where the command line does not give them. `--ssldir` and
        /// `--certname` override the file's.
        #[arg(long, conflicts_with_all = ["puppetdb", "puppetdb_submit"])]
        config: Option<PathBuf>,
    },
    /// A catalog server for Puppet agents: `pjit server [--config
    /// puppet.conf] [--bind ADDR:PORT] [--workers N] [--SETTING VALUE...]`
    /// (`pjit server --help` lists its options).
    #[command(disable_help_flag = true)]
    Server {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

#[derive(Copy, Clone, ValueEnum)]
enum ParseEmit {
    /// The tokens, one per line.
    Tokens,
    /// The AST in its stable text form.
    Ast,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The frontend's recursive passes are bounded by the parser's depth
    // limit; a large stack keeps even the deepest accepted input safe.
    let worker = std::thread::Builder::new().stack_size(256 << 20).spawn(move || run(cli));
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        _ => {
            eprintln!("Error: internal error (the compiler thread failed)");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Parse { emit, files } => parse_files(&files, emit),
        Command::Server { args } => server::run(args),
        Command::Compile {
            args,
            code,
            manifest,
            facts,
            strict_variables,
            strict,
            emit,
            environment,
            output,
            modulepath,
            jit,
            jit_threshold,
            verbose,
            environmentpath,
            hiera_config,
            allow_generate,
            ruby,
            nodes,
            facts_dir,
            jobs,
            trusted,
            external_nodes,
            puppetdb,
            puppetdb_submit,
            ssldir,
            certname,
            config,
        } => {
            let settings = match config.as_deref().map(|c| puppetdb::user_settings(c, ssldir.as_deref(), certname.as_deref())).transpose() {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("Error: {e}");
                    return ExitCode::from(2);
                }
            };
            let store = match &settings {
                Some(s) => puppetdb::from_settings(s, puppetdb::Submit::EachCompile, puppetdb::stderr_log(verbose)),
                None => (puppetdb::Flags { puppetdb, submit: puppetdb_submit, ssldir, certname, verbose }).open(),
            };
            let store = match store {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("Error: {e}");
                    return ExitCode::from(2);
                }
            };
            let batch = (nodes.is_some() || facts_dir.is_some()).then_some(batch::Batch { nodes, facts_dir, jobs });
            // With --config the settings name the environment: a sole
            // argument is the node.
            let have_code = code.is_some() || manifest.is_some() || environmentpath.is_some() || settings.is_some();
            let (node, file) = match (args.len(), have_code) {
                (0, _) => (None, None),
                (1, true) if batch.is_some() => {
                    eprintln!("Error: a batch compile takes its nodes from --nodes or --facts-dir, not a NODE argument");
                    return ExitCode::from(2);
                }
                (1, true) => (Some(args[0].clone()), None),
                (1, false) => (None, Some(PathBuf::from(&args[0]))),
                (_, false) => (Some(args[0].clone()), Some(PathBuf::from(&args[1]))),
                (_, true) => {
                    eprintln!("Error: a manifest FILE cannot be given together with -e or --manifest");
                    return ExitCode::from(2);
                }
            };
            if batch.is_some() && node.is_some() {
                eprintln!("Error: a batch compile takes its nodes from --nodes or --facts-dir, not a NODE argument");
                return ExitCode::from(2);
            }
            let given = compile::Given {
                environment: environment.clone(),
                strict,
                strict_variables,
                environmentpath: environmentpath.clone(),
                hiera_config: hiera_config.clone(),
                external_nodes: external_nodes.clone(),
                manifest: code.is_some() || manifest.is_some() || file.is_some(),
            };
            let req = compile::Request {
                node,
                code,
                manifest: manifest.or(file),
                facts,
                strict_variables,
                strict: strict.unwrap_or(compile::StrictArg::Warning),
                emit,
                environment: environment.unwrap_or_else(|| "production".into()),
                output,
                modulepath,
                jit,
                jit_threshold,
                verbose,
                environmentpath,
                hiera_config,
                allow_generate,
                ruby: ruby::bridge(&ruby),
                basemodulepath: None,
                trusted,
                external_nodes,
                store,
                settings: None,
            };
            let req = match &settings {
                Some(s) => req.with_settings(s, given),
                None => req,
            };
            match batch {
                Some(b) => batch::run(req, b),
                None => compile::run(req),
            }
        }
    }
}

fn parse_files(files: &[PathBuf], emit: Option<ParseEmit>) -> ExitCode {
    let mut ok = true;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (i, path) in files.iter().enumerate() {
        let name = path.display().to_string();
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("Error: Could not read file {name}: {e}");
                ok = false;
                continue;
            }
        };
        let kind = if path.extension().is_some_and(|e| e == "epp") { SourceKind::Epp } else { SourceKind::Manifest };
        let file = FileId(i as u32);
        // The file table keeps the text even when it is not UTF-8, for
        // rendering positions.
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let source = SourceFile::new(name.clone(), text);
        if let Some(ParseEmit::Tokens) = emit {
            if let Ok(text) = std::str::from_utf8(&bytes) {
                let lx = match kind {
                    SourceKind::Manifest => lexer::Lexer::new(text),
                    SourceKind::Epp => lexer::Lexer::new_epp(text),
                };
                for t in lx {
                    match t {
                        Ok((lo, tok, hi)) => {
                            let _ = writeln!(out, "{} {:?} @{lo}..{hi}", tok.kind_name(), tok.puppet_value());
                        }
                        Err(e) => {
                            let _ = writeln!(out, "error {}: {}", e.code, e.message);
                            break;
                        }
                    }
                }
            }
        }
        let parsed = parser::parse_bytes(file, &bytes, kind);
        let mut diags = parsed.diagnostics;
        if let Some(program) = &parsed.program {
            diags.extend(validate::validate(program, &validate::Options::default()));
            if let Some(ParseEmit::Ast) = emit {
                let _ = out.write_all(printer::print_program(program).as_bytes());
            }
        }
        for d in &diags {
            diagnostics::emit(d, &source);
            if d.is_error() {
                ok = false;
            }
        }
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
