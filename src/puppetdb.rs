//! PuppetDB for `pjit compile` and batch mode: `--puppetdb URL|FILE`
//! (server URLs, or a `puppetdb.conf`), the certificates for HTTPS
//! (`--ssldir`/`--certname`, Puppet's `hostcert`, `hostprivkey` and
//! `localcacert`), and `--puppetdb-submit` (store facts and catalogs as
//! Puppet Server does: facts before the compile, the catalog after a
//! successful one).

use std::path::PathBuf;
use std::sync::Arc;

use pjit_ir::interp::{EvalError, Interp};
use pjit_puppetdb::{Client, Command, Config, PuppetDb, TlsFiles};

/// The PuppetDB options of the command line.
#[derive(Clone, Debug, Default)]
pub struct Flags {
    pub puppetdb: Option<String>,
    pub submit: bool,
    pub ssldir: Option<PathBuf>,
    pub certname: Option<String>,
    /// Also print PuppetDB's `Info` lines (submitted commands).
    pub verbose: bool,
}

/// A configured PuppetDB and whether compiles store into it.
#[derive(Clone, Debug)]
pub struct Store {
    pub db: Arc<PuppetDb>,
    pub submit: bool,
    /// `Puppet[:node_name_value]`: who produced what is stored.
    pub producer: String,
}

impl Flags {
    /// The PuppetDB the flags configure, if any; an error names the problem.
    pub fn open(&self) -> Result<Option<Store>, String> {
        let Some(spec) = &self.puppetdb else {
            if self.submit {
                return Err("--puppetdb-submit needs --puppetdb".into());
            }
            return Ok(None);
        };
        let config = if spec.contains("://") { Config::from_urls(spec)? } else { Config::load(std::path::Path::new(spec))? };
        let producer = self.certname.clone().unwrap_or_else(pjit_aot::driver::local_hostname);
        let tls = self.ssldir.as_ref().map(|d| TlsFiles::from_ssldir(d, &producer));
        let verbose = self.verbose;
        let log = Arc::new(move |level: &str, msg: &str| {
            if verbose || level != "Info" {
                eprintln!("{level}: {msg}");
            }
        });
        Store::new(config, tls.as_ref(), producer, self.submit, log).map(Some)
    }
}

/// A fresh catalog UUID and version for a stored catalog (Puppet: a
/// random UUID, and the compile's time in seconds as config version).
pub fn catalog_identity() -> (String, String) {
    let version = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    (uuid::Uuid::new_v4().to_string(), version.to_string())
}

impl Store {
    /// A store over `config`: HTTPS with `tls` (Puppet's `hostcert`,
    /// `hostprivkey`, `localcacert`), `producer` the certname of the
    /// compiling host, `submit` whether compiles store. `pjit server`, as
    /// Puppet Server with `storeconfigs = true` and `storeconfigs_backend =
    /// puppetdb`, makes one from the `puppetdb.conf` beside `puppet.conf`
    /// (`Config::load`: missing, the terminus's default) with `submit`.
    /// Puppet's log lines go to `log` (level, message).
    pub fn new(
        config: Config,
        tls: Option<&TlsFiles>,
        producer: String,
        submit: bool,
        log: Arc<dyn Fn(&str, &str) + Send + Sync>,
    ) -> Result<Store, String> {
        let client = Client::new(config, tls)?.with_log(log);
        Ok(Store { db: PuppetDb::new(client), submit, producer })
    }

    /// [`Store::after`] for a catalog whose `version`, `catalog_uuid` and
    /// agent `transaction_uuid` the caller set (the server's).
    pub fn after_with(&self, it: &Interp, version: &str, catalog_uuid: &str, transaction_uuid: Option<&str>) -> Result<(), EvalError> {
        if !self.submit {
            return Ok(());
        }
        self.db
            .catalog_command_of(it, version, catalog_uuid, transaction_uuid, &self.producer)
            .and_then(|c| self.db.submit(&c))
            .map_err(store_error)
    }

    /// The compile's storeconfigs backend.
    pub fn backend(&self) -> Arc<dyn pjit_ir::interp::storeconfigs::StoreConfigs> {
        self.db.clone()
    }

    /// Before the compile: the node's facts (a failure is the compile's
    /// error, as in Puppet Server, where it fails the catalog request).
    pub fn before(&self, it: &Interp) -> Result<(), EvalError> {
        if !self.submit {
            return Ok(());
        }
        self.facts_command(it).and_then(|c| self.db.submit(&c)).map_err(store_error)
    }

    /// After a successful compile: the catalog (a fresh UUID and version).
    pub fn after(&self, it: &Interp) -> Result<(), EvalError> {
        let (uuid, version) = catalog_identity();
        self.after_with(it, &version, &uuid, None)
    }

    /// The node's facts command (what [`Store::before`] submits).
    pub fn facts_command(&self, it: &Interp) -> Result<Command, String> {
        self.db.facts_command_of(it, &self.producer)
    }

    /// The node's catalog command (what [`Store::after`] submits).
    pub fn catalog_command(&self, it: &Interp) -> Result<Command, String> {
        let (uuid, version) = catalog_identity();
        self.db.catalog_command_of(it, &version, &uuid, None, &self.producer)
    }
}

fn store_error(message: String) -> EvalError {
    EvalError { issue: "STORE_FAILED", message, loc: None }
}
