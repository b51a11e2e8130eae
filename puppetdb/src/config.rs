//! `puppetdb.conf`, read as the terminus reads it
//! (`Puppet::Util::Puppetdb::Config.load`): its line rules, defaults,
//! checks and error messages; plus the `--puppetdb URL` form.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// The terminus's settings (the `[main]` section; the others are ignored).
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Base URLs without a path (`https://puppetdb:8081`), tried in order.
    pub server_urls: Vec<String>,
    /// Where commands also go (never queries).
    pub submit_only_server_urls: Vec<String>,
    /// A failed submission is logged instead of failing the request.
    pub soft_write_failure: bool,
    /// Each request's time limit.
    pub server_url_timeout: Duration,
    pub min_successful_submissions: usize,
    /// Commands go to every URL rather than the first that answers.
    pub command_broadcast: bool,
    /// Queries start from the URL that answered last.
    pub sticky_read_failover: bool,
    /// Present the host's certificate to PuppetDB (else only verify
    /// PuppetDB's against the CA).
    pub verify_client_certificate: bool,
    /// The file read, if any (for messages).
    pub file: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            server_urls: vec!["https://puppetdb:8081".into()],
            submit_only_server_urls: vec![],
            soft_write_failure: false,
            server_url_timeout: Duration::from_secs(30),
            min_successful_submissions: 1,
            command_broadcast: false,
            sticky_read_failover: false,
            verify_client_certificate: true,
            file: None,
        }
    }
}

impl Config {
    /// `--puppetdb URL[,URL...]`: the defaults with these server URLs,
    /// which may also be plain `http://` (a local PuppetDB's clear-text
    /// port; the terminus itself accepts only `https`).
    pub fn from_urls(urls: &str) -> Result<Config, String> {
        let server_urls = urls
            .split(',')
            .map(str::trim)
            .filter(|u| !u.is_empty())
            .map(|u| check_url(u, true))
            .collect::<Result<Vec<_>, _>>()?;
        if server_urls.is_empty() {
            return Err("--puppetdb needs a URL".into());
        }
        Ok(Config { server_urls, ..Config::default() })
    }

    /// Reads `puppetdb.conf`; a missing file gives the defaults (as the
    /// terminus: `server_urls = https://puppetdb:8081`).
    pub fn load(path: &Path) -> Result<Config, String> {
        match std::fs::read_to_string(path) {
            Ok(text) => Config::parse(&text, path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Config::default()),
            Err(e) => Err(format!("Could not configure PuppetDB terminuses: {}: {e}", path.display())),
        }
    }

    /// The terminus's parser: `[section]` lines, `name = value` lines
    /// inside a section, comments (`#`, `;`) and blank lines; anything
    /// else is an error naming the file and line. Only `[main]` counts.
    pub fn parse(text: &str, path: &Path) -> Result<Config, String> {
        let fail = |m: String| format!("Could not configure PuppetDB terminuses: {m}");
        let mut section: Option<String> = None;
        let mut main: Vec<(String, String)> = vec![];
        for (n, line) in text.lines().enumerate() {
            let number = n + 1;
            let t = line.trim();
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.trim_end().strip_suffix(']')) {
                let name = name.trim_end();
                if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                    section = Some(name.to_string());
                    continue;
                }
            }
            if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
                continue;
            }
            if let Some((k, v)) = t.split_once('=') {
                let (k, v) = (k.trim(), v.trim());
                if k == "server" || k == "port" {
                    eprintln!(
                        "Warning: Setting '{line}' is retired: use 'server_urls' instead. Defaulting to 'server_urls=https://puppetdb:8081'."
                    );
                    continue;
                }
                if !k.is_empty() && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') && !v.is_empty() {
                    let Some(s) = &section else {
                        return Err(fail(format!(
                            "Setting '{line}' is illegal outside of section in PuppetDB config {}:{number}",
                            path.display()
                        )));
                    };
                    if s == "main" {
                        main.push((k.to_string(), v.to_string()));
                    }
                    continue;
                }
            }
            return Err(fail(format!("Unparseable line '{line}' in PuppetDB config {}:{number}", path.display())));
        }
        let mut c = Config { file: Some(path.to_path_buf()), ..Config::default() };
        let mut submit_only = String::new();
        let mut server_urls = "https://puppetdb:8081".to_string();
        for (k, v) in main {
            match k.as_str() {
                "server_urls" => server_urls = v,
                "submit_only_server_urls" => submit_only = v,
                "soft_write_failure" => c.soft_write_failure = to_bool(&v).map_err(fail)?,
                "server_url_timeout" => c.server_url_timeout = Duration::from_secs(ruby_to_i(&v).max(0) as u64),
                "min_successful_submissions" => c.min_successful_submissions = ruby_to_i(&v).max(0) as usize,
                "command_broadcast" => c.command_broadcast = to_bool(&v).map_err(fail)?,
                "sticky_read_failover" => c.sticky_read_failover = to_bool(&v).map_err(fail)?,
                "verify_client_certificate" => c.verify_client_certificate = to_bool(&v).map_err(fail)?,
                "include_unchanged_resources" => {
                    to_bool(&v).map_err(fail)?;
                }
                // Anything else is dropped, as the terminus does.
                _ => {}
            }
        }
        c.server_urls = split_urls(&server_urls).map_err(fail)?;
        c.submit_only_server_urls = split_urls(&submit_only).map_err(fail)?;
        if c.soft_write_failure && c.min_successful_submissions > 1 {
            return Err(fail("soft_write_failure cannot be enabled when min_successful_submissions is greater than 1".into()));
        }
        let both: Vec<&String> = c.server_urls.iter().filter(|u| c.submit_only_server_urls.contains(u)).collect();
        if !both.is_empty() {
            return Err(fail(format!(
                "Server URLs must be in either server_urls or submit_only_server_urls, not both. ({:?} are in both)",
                both
            )));
        }
        if c.min_successful_submissions > 1 && !c.command_broadcast {
            return Err(fail("command_broadcast must be set to true to use min_successful_submissions".into()));
        }
        if c.min_successful_submissions > c.server_urls.len() {
            return Err(fail(format!(
                "min_successful_submissions ({}) must be less than or equal to the number of server_urls ({})",
                c.min_successful_submissions,
                c.server_urls.len()
            )));
        }
        Ok(c)
    }

    /// Every URL commands go to.
    pub fn submit_urls(&self) -> Vec<String> {
        self.server_urls.iter().chain(&self.submit_only_server_urls).cloned().collect()
    }
}

fn split_urls(s: &str) -> Result<Vec<String>, String> {
    s.split(',').map(str::trim).filter(|u| !u.is_empty()).map(|u| check_url(u, false)).collect()
}

/// A server URL as the terminus checks it: https (or http where allowed),
/// a host, no path; returned without a trailing slash.
fn check_url(u: &str, allow_http: bool) -> Result<String, String> {
    let Some((scheme, rest)) = u.split_once("://") else {
        return Err(format!("Error parsing URL '{u}' in PuppetDB 'server_urls'"));
    };
    let scheme = scheme.to_ascii_lowercase();
    if scheme != "https" && !(allow_http && scheme == "http") {
        let need = if allow_http { "http or https" } else { "https" };
        return Err(format!("PuppetDB 'server_urls' must be {need}, found '{u}'"));
    }
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    if path != "" && path != "/" {
        return Err(format!("PuppetDB 'server_urls' cannot contain URL paths, found '{u}'"));
    }
    if authority.is_empty() {
        return Err(format!("Error parsing URL '{u}' in PuppetDB 'server_urls'"));
    }
    Ok(format!("{scheme}://{authority}"))
}

/// `Puppet::Util::Puppetdb.to_bool`.
fn to_bool(v: &str) -> Result<bool, String> {
    match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("invalid value for Boolean: \"{v}\"")),
    }
}

/// Ruby's `String#to_i`: leading digits (with a sign), else 0.
fn ruby_to_i(v: &str) -> i64 {
    let t = v.trim_start();
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let n: i64 = digits.bytes().take_while(u8::is_ascii_digit).fold(0i64, |a, d| a.saturating_mul(10).saturating_add((d - b'0') as i64));
    if neg { -n } else { n }
}

/// Puppet's `certificate_revocation`: which certificates of PuppetDB's
/// chain are checked against the CRLs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Revocation {
    /// `chain` (Puppet's default): every certificate.
    Chain,
    /// `leaf`: PuppetDB's own certificate only.
    Leaf,
    /// `false`: none.
    Off,
}

impl Revocation {
    /// The setting's value (`chain`, `leaf`, `false`; Puppet also takes
    /// `true` for `chain`).
    pub fn parse(v: &str) -> Result<Revocation, String> {
        match v {
            "chain" | "true" => Ok(Revocation::Chain),
            "leaf" => Ok(Revocation::Leaf),
            "false" => Ok(Revocation::Off),
            _ => Err(format!("Invalid value '{v}' for parameter certificate_revocation. Allowed values are 'chain', 'leaf', and 'false'")),
        }
    }
}

/// The certificate files Puppet's HTTP client uses for PuppetDB: the
/// host's certificate and key (`hostcert`, `hostprivkey`), the CA
/// (`localcacert`) and the CRLs (`hostcrl`, as `certificate_revocation`
/// asks).
#[derive(Clone, Debug, PartialEq)]
pub struct TlsFiles {
    pub ca: PathBuf,
    pub cert: Option<PathBuf>,
    pub key: Option<PathBuf>,
    pub crl: Option<PathBuf>,
    pub revocation: Revocation,
}

impl TlsFiles {
    /// The files of certificate `certname` in a Puppet ssldir
    /// (`certs/ca.pem`, `certs/<certname>.pem`, `private_keys/<certname>.pem`,
    /// `crl.pem`), with Puppet's default revocation checks (`chain`).
    pub fn from_ssldir(ssldir: &Path, certname: &str) -> TlsFiles {
        TlsFiles {
            ca: ssldir.join("certs/ca.pem"),
            cert: Some(ssldir.join(format!("certs/{certname}.pem"))),
            key: Some(ssldir.join(format!("private_keys/{certname}.pem"))),
            crl: Some(ssldir.join("crl.pem")),
            revocation: Revocation::Chain,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, String> {
        Config::parse(text, Path::new("/etc/puppet/puppetdb.conf"))
    }

    #[test]
    fn reads_main_section() {
        let c = parse("# c\n[main]\nserver_urls = https://a:8081, https://b:8081/\nsoft_write_failure = true\nserver_url_timeout = 5s\n[other]\nx = y\n").unwrap();
        assert_eq!(c.server_urls, vec!["https://a:8081", "https://b:8081"]);
        assert!(c.soft_write_failure);
        assert_eq!(c.server_url_timeout, Duration::from_secs(5));
    }

    #[test]
    fn terminus_errors() {
        let e = parse("server_urls = https://a:8081\n").unwrap_err();
        assert!(e.contains("is illegal outside of section in PuppetDB config /etc/puppet/puppetdb.conf:1"), "{e}");
        let e = parse("[main]\nserver_urls = http://a:8080\n").unwrap_err();
        assert!(e.ends_with("PuppetDB 'server_urls' must be https, found 'http://a:8080'"), "{e}");
        let e = parse("[main]\nserver_urls = https://a:8081/pdb\n").unwrap_err();
        assert!(e.contains("cannot contain URL paths"), "{e}");
        let e = parse("[main]\nwhat\n").unwrap_err();
        assert!(e.contains("Unparseable line 'what' in PuppetDB config /etc/puppet/puppetdb.conf:2"), "{e}");
        let e = parse("[main]\nsoft_write_failure = yes\n").unwrap_err();
        assert!(e.contains("invalid value for Boolean: \"yes\""), "{e}");
    }

    #[test]
    fn urls_flag_allows_http() {
        let c = Config::from_urls("http://127.0.0.1:8080").unwrap();
        assert_eq!(c.server_urls, vec!["http://127.0.0.1:8080"]);
        assert!(Config::from_urls("ftp://x").is_err());
    }
}
