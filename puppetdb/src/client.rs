//! Talking to PuppetDB as the terminus's `Puppet::Util::Puppetdb::Http`
//! does: queries fail over along `server_urls` (starting from the last
//! good one with `sticky_read_failover`), commands go to the server and
//! submit-only URLs (one after the other, or to each with
//! `command_broadcast`); a timeout, a connection failure, a 5xx or a
//! non-JSON 404 logs Puppet's warning and tries the next URL; when none
//! answers, the request fails with the terminus's message. HTTPS presents
//! the host's certificate (unless `verify_client_certificate = false`)
//! and verifies PuppetDB's against the CA and the CRLs (`tls.rs`);
//! `http://` URLs (only from `--puppetdb`) speak clear text.

use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use ureq::unversioned::resolver::DefaultResolver;
use ureq::unversioned::transport::{Connector, TcpConnector};

use crate::config::{Config, TlsFiles};

/// A response: status, reason phrase, body.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub reason: String,
    pub body: String,
}

impl Response {
    pub fn success(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Mode {
    Query,
    Command,
}

/// A PuppetDB client for one configuration; shared by every compile of a
/// process (it is `Send + Sync`, and keeps its connections).
pub struct Client {
    pub config: Config,
    agent: ureq::Agent,
    last_good_query: AtomicUsize,
    /// Where Puppet's log lines go (level, message).
    log: Arc<dyn Fn(&str, &str) + Send + Sync>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client").field("server_urls", &self.config.server_urls).finish()
    }
}

impl Client {
    /// A client for `config`; `tls` is needed for `https` URLs.
    pub fn new(config: Config, tls: Option<&TlsFiles>) -> Result<Client, String> {
        let builder = ureq::Agent::config_builder()
            .timeout_global(Some(config.server_url_timeout))
            .http_status_as_error(false)
            .max_redirects(0)
            .user_agent("pjit");
        let https = config.submit_urls().iter().any(|u| u.starts_with("https:"));
        let agent = match tls.filter(|_| https) {
            Some(t) => {
                let tls = crate::tls::client_config(t, config.verify_client_certificate)?;
                let connector = TcpConnector::default().chain(crate::tls::Tls(tls));
                ureq::Agent::with_parts(builder.build(), connector, DefaultResolver::default())
            }
            None if https => {
                return Err("PuppetDB over https needs the CA certificate (localcacert) and the host's certificate".into());
            }
            None => builder.build().into(),
        };
        Ok(Client {
            agent,
            config,
            last_good_query: AtomicUsize::new(0),
            log: Arc::new(|level, msg| eprintln!("{level}: {msg}")),
        })
    }

    /// Sends Puppet's log lines (`Warning`, `Error`, `Info`) to `log`
    /// instead of stderr.
    pub fn with_log(mut self, log: Arc<dyn Fn(&str, &str) + Send + Sync>) -> Client {
        self.log = log;
        self
    }

    pub(crate) fn log(&self, level: &str, msg: &str) {
        (self.log)(level, msg)
    }

    /// GET of a query path (`/pdb/query/v4/...`).
    pub fn get(&self, path: &str) -> Result<Response, String> {
        self.action(path, Mode::Query, &|url| {
            self.agent.get(url).header("Accept", "application/json").call()
        })
    }

    /// POST of a JSON body to a query path.
    pub fn post_query(&self, path: &str, body: &str) -> Result<Response, String> {
        self.action(path, Mode::Query, &|url| {
            self.agent
                .post(url)
                .header("Accept", "application/json")
                .header("Content-Type", "application/json; charset=UTF-8")
                .send(body.as_bytes())
        })
    }

    /// POST of a command whose body is gzip-compressed already (as Puppet
    /// Server sends commands); `length` is its uncompressed size.
    pub fn post_command(&self, path: &str, gzipped: &[u8], length: usize) -> Result<Response, String> {
        let length = length.to_string();
        self.action(path, Mode::Command, &|url| {
            self.agent
                .post(url)
                .header("Accept", "application/json")
                .header("Content-Type", "application/json; charset=utf-8")
                .header("Content-Encoding", "gzip")
                .header("X-Uncompressed-Length", &length)
                .send(gzipped)
        })
    }

    fn action(
        &self,
        path: &str,
        mode: Mode,
        call: &dyn Fn(&str) -> Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> Result<Response, String> {
        match mode {
            Mode::Query => self.failover(path, &self.config.server_urls, self.config.sticky_read_failover, call),
            Mode::Command if self.config.command_broadcast => self.broadcast(path, call),
            Mode::Command => self.failover(path, &self.config.submit_urls(), false, call),
        }
    }

    /// One request to one server URL: the response, or None after the
    /// warning Puppet logs for a failure that moves on to the next URL.
    fn try_one(
        &self,
        base: &str,
        path: &str,
        call: &dyn Fn(&str) -> Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> (Option<Response>, Option<&'static str>) {
        let route = format!("{base}{path}");
        let (host, port) = host_port(base);
        const FAIL: &str = "Failing over to the next PuppetDB server_url in the 'server_urls' list";
        let resp = match call(&route) {
            Ok(mut r) => {
                let status = r.status();
                let mut body = String::new();
                let read = r.body_mut().as_reader().read_to_string(&mut body);
                if let Err(e) = read {
                    self.log("Warning", &format!("Error connecting to {host} on {port} at route {route}, error message received was '{e}'. {FAIL}"));
                    return (None, None);
                }
                Response { status: status.as_u16(), reason: status.canonical_reason().unwrap_or("").to_string(), body }
            }
            Err(ureq::Error::Timeout(_)) => {
                let secs = self.config.server_url_timeout.as_secs();
                self.log("Warning", &format!("Request to {host} on {port} at route {route} timed out after {secs} seconds. {FAIL}"));
                return (None, None);
            }
            Err(e) => {
                self.log("Warning", &format!("Error connecting to {host} on {port} at route {route}, error message received was '{e}'. {FAIL}"));
                return (None, None);
            }
        };
        if resp.status >= 500 {
            self.log(
                "Warning",
                &format!("Error connecting to {host} on {port} at route {route}, error message received was '{}'. {FAIL}", resp.reason),
            );
            return (Some(resp), Some("server_error"));
        }
        if resp.status == 404 {
            if resp.body.starts_with('{') {
                return (Some(resp), Some("notfound"));
            }
            self.log(
                "Warning",
                &format!("Error connecting to {host} on {port} at route {route}, error message received was '{}'. {FAIL}", resp.reason),
            );
            return (Some(resp), Some("other_404"));
        }
        (Some(resp), None)
    }

    fn failover(
        &self,
        path: &str,
        urls: &[String],
        sticky: bool,
        call: &dyn Fn(&str) -> Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> Result<Response, String> {
        let n = urls.len();
        let first = if sticky { self.last_good_query.load(Ordering::Relaxed) % n.max(1) } else { 0 };
        let mut error = None;
        for k in 0..n {
            let i = (first + k) % n;
            let (resp, err) = self.try_one(&urls[i], path, call);
            error = err;
            if let (Some(r), None) = (resp, err) {
                if k != 0 {
                    self.last_good_query.store(i, Ordering::Relaxed);
                }
                return Ok(r);
            }
        }
        Err(self.request_error(path, error))
    }

    fn broadcast(
        &self,
        path: &str,
        call: &dyn Fn(&str) -> Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> Result<Response, String> {
        let mut last_success = None;
        let mut ok = 0;
        let mut error = None;
        for base in self.config.submit_urls() {
            let (resp, err) = self.try_one(&base, path, call);
            error = err;
            if let (Some(r), None) = (resp, err) {
                ok += 1;
                last_success = Some(r);
            }
        }
        match last_success {
            Some(r) if ok >= self.config.min_successful_submissions => Ok(r),
            _ => Err(self.request_error(path, error)),
        }
    }

    /// `Http.raise_request_error`.
    fn request_error(&self, path: &str, error: Option<&str>) -> String {
        let urls = self.config.server_urls.join(", ");
        if error == Some("notfound") {
            format!("Failed to find '{path}' on any of the following 'server_urls': {urls}")
        } else {
            format!(
                "Failed to execute '{path}' on at least {} of the following 'server_urls': {urls}",
                self.config.min_successful_submissions
            )
        }
    }
}

/// Host and port of a base URL, for messages.
pub(crate) fn host_port(base: &str) -> (String, String) {
    let rest = base.split_once("://").map_or(base, |(_, r)| r);
    let default = if base.starts_with("https") { "443" } else { "80" };
    match rest.rsplit_once(':') {
        Some((h, p)) if !h.ends_with(']') || rest.starts_with('[') => (h.trim_matches(['[', ']']).to_string(), p.to_string()),
        _ => (rest.to_string(), default.to_string()),
    }
}
