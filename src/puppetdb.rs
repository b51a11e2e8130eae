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
        let client = Client::new(config, tls.as_ref())?;
        Ok(Some(Store { db: PuppetDb::new(client), submit: self.submit, producer }))
    }
}

/// A fresh catalog UUID and version for a stored catalog (Puppet: a
/// random UUID, and the compile's time in seconds as config version).
pub fn catalog_identity() -> (String, String) {
    let version = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    (uuid::Uuid::new_v4().to_string(), version.to_string())
}

impl Store {
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

    /// After a successful compile: the catalog.
    pub fn after(&self, it: &Interp) -> Result<(), EvalError> {
        if !self.submit {
            return Ok(());
        }
        self.catalog_command(it).and_then(|c| self.db.submit(&c)).map_err(store_error)
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
    EvalError { issue: "STORECONFIGS", message, loc: None }
}
