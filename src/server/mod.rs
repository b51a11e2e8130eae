//! `pjit server`: a catalog server that Puppet 7 agents use in place of
//! Puppet Server's compilers.
//!
//! It speaks Puppet Server's agent-facing HTTPS API (`api.rs`) with the
//! site's Puppet CA (`tls.rs`: the server's certificate, client
//! certificates verified against the CA and its CRL, `$trusted` from the
//! verified certificate) and Puppet Server's default authorization rules
//! (`auth.rs`). Configuration is Puppet's (`pjit_settings`: `puppet.conf`'s
//! `[server]` then `[main]`, flags override). Environments are loaded once
//! and kept warm (`environments.rs`); catalogs are compiled on a pool of
//! worker threads (`pool.rs`) through the same library call as `pjit
//! compile` and batch mode ([`crate::compile::compile_node`]), each worker
//! keeping a warm program per environment, with a time limit and a memory
//! bound per compile. Files are served from modules (`files.rs`), reports
//! stored as Puppet's `store` processor does (`reports.rs`), and every
//! request is logged in Puppet Server's access-log format and counted in
//! `/metrics` (`metrics.rs`). SIGTERM stops gracefully, SIGHUP reloads the
//! configuration, certificates and CRL and forgets every environment.

mod api;
mod auth;
mod classes;
mod environments;
mod files;
mod metrics;
mod pool;
mod reports;
mod tls;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use pjit_settings::{RunMode, Settings};
use tokio::net::TcpListener;

use crate::compile::JitMode;

/// The server's configuration: Puppet's settings plus what only pjit has.
#[derive(Clone)]
pub struct Config {
    pub settings: Settings,
    /// Setting overrides from the command line (kept for SIGHUP reloads).
    overrides: Vec<(String, String)>,
    config_file: Option<PathBuf>,
    pub bind: SocketAddr,
    pub workers: usize,
    /// Per-compile time limit.
    pub compile_timeout: Duration,
    /// Each compile's memory bound (bytes its worker thread may allocate
    /// beyond what it held when the compile started).
    pub compile_memory: Option<u64>,
    /// The process's memory bound: above it, running compiles are stopped
    /// (oldest first) until it is met again.
    pub max_memory: Option<u64>,
    /// Largest request body accepted.
    pub max_body: usize,
    /// Certnames allowed the tool endpoints (`/puppet/v4/catalog`,
    /// `environment_classes`, the admin API), which Puppet Server's default
    /// rules give to nobody.
    pub tools_allow: Vec<String>,
    pub jit: JitMode,
    /// Where requests are logged (None: standard output).
    pub access_log: Option<PathBuf>,
    /// How often cached environments are checked for changed files (None:
    /// never).
    pub watch_interval: Option<Duration>,
    /// The Ruby bridge (`--ruby`), shared by every compile of the server.
    pub ruby: Option<std::sync::Arc<pjit_bridge::RubyBridge>>,
    /// PuppetDB when the settings turn storeconfigs on: every compile's
    /// facts and catalog are stored, as Puppet Server stores them.
    pub store: Option<crate::puppetdb::Store>,
    /// `$settings::<name>` of every compile (built with the settings).
    pub settings_table: Arc<pjit_ir::interp::settings::SettingsTable>,
}

const USAGE: &str = "\
Usage: pjit server [--config puppet.conf] [--bind ADDR:PORT] [--workers N]
                   [--compile-timeout SECONDS] [--compile-memory MB] [--max-memory MB]
                   [--max-body BYTES]
                   [--tools-allow CERTNAME[,CERTNAME...]] [--access-log FILE]
                   [--watch-interval SECONDS] [--jit=off|auto|always]
                   [--ruby=auto|off|PATH]
                   [--SETTING VALUE ...]   any Puppet setting (ssldir, certname,
                                           environmentpath, basemodulepath, ...)";

impl Config {
    /// The command line: pjit's own flags, then Puppet settings.
    fn from_args(args: &[String]) -> Result<Config, String> {
        let (overrides, rest) = pjit_settings::split_flags(args);
        let mut config_file = None;
        let mut bind = None;
        let mut workers = 0;
        let mut compile_timeout = Duration::from_secs(120);
        let mut compile_memory = Some(1024 << 20);
        let mut max_memory = None;
        let mut max_body = 64 << 20;
        let mut tools_allow = vec![];
        let mut jit = JitMode::Auto;
        let mut access_log = None;
        let mut watch_interval = Some(Duration::from_secs(5));
        let mut ruby = crate::ruby::RubyArg::Auto;
        let mut i = 0;
        while i < rest.len() {
            let (flag, inline) = match rest[i].split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
                _ => (rest[i].clone(), None),
            };
            if flag == "--help" || flag == "-h" {
                return Err(USAGE.to_string());
            }
            let value = match inline {
                Some(v) => v,
                None => {
                    i += 1;
                    rest.get(i).cloned().ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?
                }
            };
            let num = |v: &str| v.parse::<u64>().map_err(|_| format!("{flag}: '{v}' is not a number"));
            match flag.as_str() {
                "--config" => config_file = Some(PathBuf::from(value)),
                "--bind" => bind = Some(value.parse::<SocketAddr>().map_err(|e| format!("--bind {value}: {e}"))?),
                "--workers" => workers = num(&value)? as usize,
                "--compile-timeout" => compile_timeout = Duration::from_secs(num(&value)?.max(1)),
                "--compile-memory" => compile_memory = Some(num(&value)? << 20).filter(|m| *m > 0),
                "--max-memory" => max_memory = Some(num(&value)? << 20).filter(|m| *m > 0),
                "--max-body" => max_body = num(&value)? as usize,
                "--tools-allow" => tools_allow.extend(value.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from)),
                "--access-log" => access_log = (value != "-").then(|| PathBuf::from(value)),
                "--watch-interval" => watch_interval = Some(Duration::from_secs(num(&value)?)).filter(|d| !d.is_zero()),
                "--ruby" => ruby = value.parse().map_err(|e| format!("--ruby: {e}"))?,
                "--jit" => {
                    jit = match value.as_str() {
                        "off" => JitMode::Off,
                        "auto" => JitMode::Auto,
                        "always" => JitMode::Always,
                        _ => return Err(format!("--jit: '{value}' is not off, auto or always")),
                    }
                }
                _ => return Err(format!("unknown option '{}'\n{USAGE}", rest[i - usize::from(!rest[i].contains('='))])),
            }
            i += 1;
        }
        let settings = Settings::load(config_file.as_deref(), RunMode::Server, &overrides)?;
        let bind = match bind {
            Some(b) => b,
            None => {
                let port = settings.get("serverport").unwrap_or_default();
                format!("0.0.0.0:{port}").parse().map_err(|_| format!("serverport '{port}' is not a port"))?
            }
        };
        if workers == 0 {
            workers = std::thread::available_parallelism().map_or(1, |n| n.get());
        }
        let store = store_of(&settings)?;
        Ok(Config {
            settings_table: crate::compile::settings_table(&settings, "server"),
            settings,
            overrides,
            config_file,
            bind,
            workers,
            compile_timeout,
            compile_memory,
            max_memory,
            max_body,
            tools_allow,
            jit,
            access_log,
            watch_interval,
            ruby: crate::ruby::bridge(&ruby),
            store,
        })
    }

    /// The settings again, from the same file and flags (SIGHUP).
    fn reload_settings(&self) -> Result<Settings, String> {
        Settings::load(self.config_file.as_deref(), RunMode::Server, &self.overrides)
    }
}

/// `pjit server ARGS...`.
pub fn run(args: Vec<String>) -> ExitCode {
    let config = match Config::from_args(&args) {
        Ok(c) => c,
        Err(e) if e.starts_with("Usage:") => {
            println!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("Error: {e}");
            return ExitCode::from(2);
        }
    };
    for p in config.settings.problems() {
        eprintln!("Warning: {p}");
    }
    if let Err(e) = check_settings(&config.settings) {
        eprintln!("Error: {e}");
        return ExitCode::from(2);
    }
    let tls = match tls::server_config(&config.settings) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("Error: {e}");
            return ExitCode::from(1);
        }
    };
    // Before any other thread starts (see the function).
    #[cfg(not(feature = "system-alloc"))]
    crate::alloc::purge_freed_memory_promptly();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("pjit-server-io")
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("Error: could not start the server's runtime: {e}");
            return ExitCode::from(1);
        }
    };
    runtime.block_on(serve(config, tls))
}

/// PuppetDB as the settings configure it (`storeconfigs`,
/// `storeconfigs_backend`, `puppetdb.conf`); its log lines go to the
/// server's log.
fn store_of(settings: &Settings) -> Result<Option<crate::puppetdb::Store>, String> {
    crate::puppetdb::from_settings(settings, crate::puppetdb::Submit::EachCompile, crate::puppetdb::stderr_log(true))
}

/// Settings whose values pjit cannot use are errors at start, not
/// surprises at the first request.
fn check_settings(s: &Settings) -> Result<(), String> {
    s.ttl("environment_timeout")?;
    s.bool("strict_variables")?;
    match s.get("node_terminus").as_deref() {
        Some("plain") => {}
        Some("exec") => {
            if s.get("external_nodes").is_none_or(|c| c == "none" || c.is_empty()) {
                return Err("node_terminus = exec needs external_nodes (the classifier command)".into());
            }
        }
        Some(other) => return Err(format!("node_terminus '{other}' is not supported (plain or exec)")),
        None => {}
    }
    match s.get("strict").as_deref() {
        Some("off" | "warning" | "error") => {}
        other => return Err(format!("strict: '{}' is not off, warning or error", other.unwrap_or_default())),
    }
    Ok(())
}

/// What every request handler shares.
pub struct State {
    pub config: RwLock<Arc<Config>>,
    pub envs: environments::Environments,
    pub pool: pool::Pool,
    pub metrics: metrics::Metrics,
    pub access_log: api::AccessLog,
}

impl State {
    pub fn config(&self) -> Arc<Config> {
        self.config.read().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

async fn serve(config: Config, tls: Arc<rustls::ServerConfig>) -> ExitCode {
    let listener = match TcpListener::bind(config.bind).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("Error: could not listen on {}: {e}", config.bind);
            return ExitCode::from(1);
        }
    };
    let local = listener.local_addr().map(|a| a.to_string()).unwrap_or_default();
    let access_log = match api::AccessLog::open(config.access_log.as_deref()) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("Error: {e}");
            return ExitCode::from(1);
        }
    };
    let config = Arc::new(config);
    let metrics = metrics::Metrics::new();
    let state = Arc::new(State {
        envs: environments::Environments::new(),
        pool: pool::Pool::start(config.workers, config.compile_timeout, config.compile_memory, config.max_memory),
        metrics,
        access_log,
        config: RwLock::new(config.clone()),
    });
    if let Some(every) = config.watch_interval {
        environments::watch(state.clone(), every);
    }
    let tls = Arc::new(RwLock::new(tls));
    eprintln!(
        "Notice: pjit server listening on {local} ({} compile workers, certname {})",
        config.workers,
        config.settings.get("certname").unwrap_or_default()
    );
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    // Handshakes and idle connections are bounded: a client that holds a
    // connection without sending costs a task and a file descriptor only.
    let connections = Arc::new(tokio::sync::Semaphore::new(4096));
    let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("Error: {e}");
            return ExitCode::from(1);
        }
    };
    let mut hup = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("Error: {e}");
            return ExitCode::from(1);
        }
    };
    loop {
        tokio::select! {
            _ = term.recv() => break,
            _ = tokio::signal::ctrl_c() => break,
            _ = hup.recv() => reload(&state, &tls),
            accepted = listener.accept() => {
                let Ok((tcp, remote)) = accepted else { continue };
                let Ok(permit) = connections.clone().try_acquire_owned() else {
                    // Over the connection limit: refuse rather than queue.
                    drop(tcp);
                    continue;
                };
                let _ = tcp.set_nodelay(true);
                let acceptor = tokio_rustls::TlsAcceptor::from(tls.read().unwrap_or_else(|e| e.into_inner()).clone());
                let state = state.clone();
                let watcher = graceful.watcher();
                tokio::spawn(async move {
                    let _permit = permit;
                    let stream = match tokio::time::timeout(Duration::from_secs(10), acceptor.accept(tcp)).await {
                        Ok(Ok(s)) => s,
                        // A failed handshake (an unknown or revoked
                        // certificate) ends the connection; rustls has sent
                        // the alert.
                        Ok(Err(e)) => {
                            state.metrics.tls_failure();
                            eprintln!("Info: TLS handshake with {remote} failed: {e}");
                            return;
                        }
                        Err(_) => return,
                    };
                    let peer = Arc::new(tls::Peer::of(stream.get_ref().1, remote));
                    let service = service_fn(move |req| api::handle(state.clone(), peer.clone(), req));
                    let mut builder = hyper::server::conn::http1::Builder::new();
                    builder.timer(TokioTimer::new()).header_read_timeout(Duration::from_secs(30)).keep_alive(true);
                    let conn = builder.serve_connection(TokioIo::new(stream), service);
                    let _ = watcher.watch(conn).await;
                });
            }
        }
    }
    eprintln!("Notice: pjit server stopping: no new connections, finishing the requests in progress");
    drop(listener);
    if tokio::time::timeout(Duration::from_secs(30), graceful.shutdown()).await.is_err() {
        eprintln!("Warning: requests still in progress after 30 s were dropped");
    }
    state.access_log.flush();
    eprintln!("Notice: pjit server stopped");
    ExitCode::SUCCESS
}

/// SIGHUP: the configuration, certificates and CRL again, every
/// environment forgotten. The listening address and the worker count stay.
fn reload(state: &Arc<State>, tls: &Arc<RwLock<Arc<rustls::ServerConfig>>>) {
    let old = state.config();
    let settings = match old.reload_settings() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("Error: reload failed, keeping the running configuration: {e}");
            return;
        }
    };
    if let Err(e) = check_settings(&settings) {
        eprintln!("Error: reload failed, keeping the running configuration: {e}");
        return;
    }
    match tls::server_config(&settings) {
        Ok(t) => *tls.write().unwrap_or_else(|e| e.into_inner()) = t,
        Err(e) => {
            eprintln!("Error: reload failed, keeping the running configuration: {e}");
            return;
        }
    }
    let store = match store_of(&settings) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("Error: reload failed, keeping the running configuration: {e}");
            return;
        }
    };
    for p in settings.problems() {
        eprintln!("Warning: {p}");
    }
    let new = Config { settings_table: crate::compile::settings_table(&settings, "server"), settings, store, ..(*old).clone() };
    *state.config.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(new);
    state.envs.flush(None);
    eprintln!("Notice: pjit server reloaded its configuration, certificates and CRL");
}
