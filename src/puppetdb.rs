//! PuppetDB for `pjit compile`, batch mode and `pjit server`: the store a
//! driver hands its compiles, configured as Puppet configures it
//! (`storeconfigs = true` with `storeconfigs_backend = puppetdb` and the
//! `puppetdb.conf` beside `puppet.conf`, [`from_settings`]) or by the
//! command line (`--puppetdb URL|FILE`, `--ssldir`/`--certname` for
//! HTTPS, `--puppetdb-submit`), and the one way every driver stores a
//! compile ([`Store::compile`]): as Puppet Server, the facts before the
//! compile and the catalog after a successful one, the catalog with the
//! identity (`version`, `catalog_uuid`) the agent's copy carries.

use std::path::PathBuf;
use std::sync::Arc;

use pjit_ir::interp::{EvalError, Interp};
use pjit_puppetdb::{Client, Command, Config, PuppetDb, Revocation, TlsFiles};
use pjit_settings::Settings;

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

/// When a compile's facts and catalog go to PuppetDB.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Submit {
    /// Never: PuppetDB is only queried (`--puppetdb` alone).
    Never,
    /// Around each compile, as Puppet Server stores: the facts before it,
    /// the catalog after a successful one (`pjit compile --puppetdb-submit`,
    /// `pjit server`).
    EachCompile,
    /// Once the whole batch has compiled, in node order (batch mode: the
    /// compiles hand their commands back, see `batch::submit_all`).
    AfterBatch,
}

/// A configured PuppetDB and whether compiles store into it.
#[derive(Clone, Debug)]
pub struct Store {
    pub db: Arc<PuppetDb>,
    pub submit: Submit,
    /// `Puppet[:node_name_value]`: who produced what is stored.
    pub producer: String,
}

/// Where PuppetDB's log lines go: (level, message).
pub type Log = Arc<dyn Fn(&str, &str) + Send + Sync>;

/// PuppetDB's log lines on stderr, `Info` ones only when `verbose`.
pub fn stderr_log(verbose: bool) -> Log {
    Arc::new(move |level: &str, msg: &str| {
        if verbose || level != "Info" {
            eprintln!("{level}: {msg}");
        }
    })
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
        let submit = if self.submit { Submit::EachCompile } else { Submit::Never };
        Store::new(config, tls.as_ref(), producer, submit, stderr_log(self.verbose)).map(Some)
    }
}

/// The store Puppet's settings configure, as Puppet Server's terminus
/// finds it: with `storeconfigs = true` and `storeconfigs_backend =
/// puppetdb`, the `puppetdb.conf` of the confdir (missing: the terminus's
/// defaults), HTTPS with `hostcert`, `hostprivkey` and `localcacert`,
/// PuppetDB's certificate checked against `hostcrl` as
/// `certificate_revocation` says (as the terminus does in Puppet; Puppet
/// Server's Java client checks no CRL, see docs/puppet-differences.md),
/// and the settings' `certname` as producer. None when `storeconfigs` is
/// off.
pub fn from_settings(s: &Settings, submit: Submit, log: Log) -> Result<Option<Store>, String> {
    if !s.bool("storeconfigs")? {
        return Ok(None);
    }
    match s.get("storeconfigs_backend").as_deref() {
        Some("puppetdb") | None => {}
        Some(other) => return Err(format!("storeconfigs_backend '{other}' is not supported (only puppetdb)")),
    }
    let config = Config::load(&s.conf_file("puppetdb.conf"))?;
    let path = |name: &str| s.path(name).ok_or_else(|| format!("the setting {name} is empty"));
    let tls = TlsFiles {
        ca: path("localcacert")?,
        cert: Some(path("hostcert")?),
        key: Some(path("hostprivkey")?),
        crl: s.path("hostcrl"),
        revocation: Revocation::parse(&s.get("certificate_revocation").unwrap_or_default())?,
    };
    let producer = s.get("certname").unwrap_or_default();
    Store::new(config, Some(&tls), producer, submit, log).map(Some)
}

/// `pjit compile --config FILE`: Puppet's settings as its commands read
/// them (run mode `user`: `[user]`, then `[main]`), `--ssldir` and
/// `--certname` overriding the file's. Settings Puppet does not know, or
/// that pjit does not act on, are warned about.
pub fn user_settings(config: &std::path::Path, ssldir: Option<&std::path::Path>, certname: Option<&str>) -> Result<Settings, String> {
    let mut overrides = vec![];
    overrides.extend(ssldir.map(|d| ("ssldir".to_string(), d.display().to_string())));
    overrides.extend(certname.map(|c| ("certname".to_string(), c.to_string())));
    let s = Settings::load(Some(config), pjit_settings::RunMode::User, &overrides)?;
    for p in s.problems() {
        eprintln!("Warning: {p}");
    }
    Ok(s)
}

/// A fresh catalog identity: Puppet's config version (the compile's time
/// in seconds) and a random catalog UUID.
pub fn catalog_identity() -> (i64, String) {
    let version = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    (version, uuid::Uuid::new_v4().to_string())
}

impl Store {
    /// A store over `config`: HTTPS with `tls` (Puppet's `hostcert`,
    /// `hostprivkey`, `localcacert`), `producer` the certname of the
    /// compiling host. Puppet's log lines go to `log`.
    pub fn new(config: Config, tls: Option<&TlsFiles>, producer: String, submit: Submit, log: Log) -> Result<Store, String> {
        let client = Client::new(config, tls)?.with_log(log);
        Ok(Store { db: PuppetDb::new(client), submit, producer })
    }

    /// The compile's storeconfigs backend.
    pub fn backend(&self) -> Arc<dyn pjit_ir::interp::storeconfigs::StoreConfigs> {
        self.db.clone()
    }

    /// Compiles `it`, storing as [`Store::submit`] says and as the
    /// compile's `persistence` asks: the node's facts before the compile
    /// (a failure is the compile's error, as in Puppet Server, where it
    /// fails the catalog request before any compiling), then, after a
    /// successful compile, the catalog, which gets a fresh identity that
    /// the catalog written for the agent carries too. With
    /// [`Submit::AfterBatch`] the commands go to `deferred` instead.
    pub fn compile(&self, it: &mut Interp, deferred: &mut Vec<Command>) -> Result<(), EvalError> {
        if self.submit == Submit::Never {
            return it.compile();
        }
        let mut send = |c: Command| match self.submit {
            Submit::AfterBatch => {
                deferred.push(c);
                Ok(())
            }
            _ => self.db.submit(&c),
        };
        let persist = it.opts.persistence.clone();
        if persist.facts {
            self.db.facts_command_of(it, &self.producer).and_then(&mut send).map_err(store_error)?;
        }
        it.compile()?;
        let (version, uuid) = catalog_identity();
        it.catalog.identity = Some((version, uuid.clone()));
        if persist.catalog {
            self.db
                .catalog_command_of(it, &version.to_string(), &uuid, persist.transaction_uuid.as_deref(), persist.job_id.as_deref(), &self.producer)
                .and_then(&mut send)
                .map_err(store_error)?;
        }
        Ok(())
    }
}

fn store_error(message: String) -> EvalError {
    EvalError { issue: "STORE_FAILED", message, loc: None }
}
