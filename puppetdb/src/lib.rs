//! PuppetDB for pjit, as Puppet Server reaches it through Debian's
//! `puppet-terminus-puppetdb` (Puppet's PuppetDB terminus, 7.12):
//!
//! - [`config`]: `puppetdb.conf` and `--puppetdb URL`;
//! - [`client`]: HTTP(S) with the host's certificates, failover along
//!   `server_urls`, timeouts; [`tls`]: PuppetDB's certificate checked
//!   against the CA and the CRLs;
//! - [`PuppetDb`], the interpreter's [`StoreConfigs`]: exported resources
//!   of other nodes for exported collectors (the query the resource
//!   terminus sends to `/pdb/query/v4/resources`), and `puppetdb_query`
//!   (`/pdb/query/v4`);
//! - storing: [`PuppetDb::store_facts`] (`replace facts` v5, which Puppet
//!   Server submits before it compiles) and [`PuppetDb::store_catalog`]
//!   (`replace catalog` v9, after a successful compile), with the payloads
//!   of [`payload`]; a failed submission is the compile's error unless
//!   `soft_write_failure`, which logs it as Puppet does.
//!
//! The compile driver (CLI, batch mode, server) owns one `PuppetDb` per
//! configuration and hands it to each compile's interpreter options.

pub mod client;
pub mod config;
pub mod payload;
pub mod tls;

use std::sync::Arc;

use pjit_ir::interp::Interp;
use pjit_ir::interp::storeconfigs::{ExportedResource, StoreConfigs};
use serde_json::{Value as Json, json};

pub use client::Client;
pub use config::{Config, Revocation, TlsFiles};
pub use payload::{CatalogSubmission, FactsSubmission};

/// A command ready to submit: its URL path (with the terminus's query
/// parameters) and its payload, gzip-compressed as Puppet Server sends it.
#[derive(Clone, Debug)]
pub struct Command {
    pub name: &'static str,
    pub certname: String,
    pub path: String,
    pub gzipped: Vec<u8>,
    /// The payload's uncompressed size (`X-Uncompressed-Length`).
    pub length: usize,
}

/// PuppetDB as storeconfigs backend and command target.
#[derive(Debug)]
pub struct PuppetDb {
    pub client: Client,
}

/// `CGI.escape`: everything but `a-zA-Z0-9*-._` percent-encoded, space as `+`.
fn cgi_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 2);
    for b in s.bytes() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => out.push(b as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Ruby's `inspect` of a collector query (for the terminus's message).
fn ruby_inspect(v: &Json) -> String {
    match v {
        Json::Null => "nil".into(),
        Json::Array(a) => format!("[{}]", a.iter().map(ruby_inspect).collect::<Vec<_>>().join(", ")),
        other => other.to_string(),
    }
}

/// The terminus's `build_expression`: the collector's query as a PuppetDB
/// query (`tag` and `title` are fields, anything else a parameter; `!=`
/// is `not =`).
pub fn build_expression(filter: &Json) -> Result<Json, String> {
    let parts = filter.as_array().map(Vec::as_slice).unwrap_or(&[]);
    let (lhs, op, rhs) = match parts {
        [l, o, r] => (l, o.as_str().unwrap_or(""), r),
        _ => return Err(format!("Operator  in {} not supported", ruby_inspect(filter))),
    };
    match op {
        "==" | "!=" => {
            let field = lhs.as_str().map(str::to_string).unwrap_or_else(|| lhs.to_string());
            let expr = match field.as_str() {
                "tag" => match rhs {
                    Json::String(s) => json!(["=", "tag", s.to_lowercase()]),
                    other => {
                        return Err(format!("undefined method `downcase' for {}", ruby_inspect(other)));
                    }
                },
                "title" => json!(["=", "title", rhs]),
                _ => json!(["=", ["parameter", field], rhs]),
            };
            Ok(if op == "!=" { json!(["not", expr]) } else { expr })
        }
        "and" | "or" => Ok(json!([op, build_expression(lhs)?, build_expression(rhs)?])),
        _ => Err(format!("Operator {op} in {} not supported", ruby_inspect(filter))),
    }
}

/// The whole resource query the terminus sends for an exported collector.
pub fn resource_query(type_name: &str, host: &str, filter: Option<&Json>) -> Result<Json, String> {
    let mut expr = vec![
        json!("and"),
        json!(["=", "type", type_name]),
        json!(["=", "exported", true]),
        json!(["not", ["=", "certname", host]]),
    ];
    if let Some(f) = filter {
        expr.push(build_expression(f)?);
    }
    Ok(Json::Array(expr))
}

impl PuppetDb {
    pub fn new(client: Client) -> Arc<PuppetDb> {
        Arc::new(PuppetDb { client })
    }

    /// `Puppet::Util::Puppetdb::Command.new`: the command ready to send
    /// (its payload compressed once, here).
    pub fn command(&self, name: &'static str, version: u32, certname: &str, payload: &Json, now: &chrono::DateTime<chrono::Utc>) -> Result<Command, String> {
        use sha1::Digest;
        let body = serde_json::to_string(payload).map_err(|e| e.to_string())?;
        let whole = format!("{{\"command\":{},\"version\":{version},\"certname\":{},\"payload\":{body}}}", json!(name), json!(certname));
        let checksum: String = sha1::Sha1::digest(whole.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
        let path = format!(
            "/pdb/cmd/v1?checksum={checksum}&version={version}&certname={certname}&command={}&producer-timestamp={}",
            name.replace(' ', "_"),
            payload::wire_time(now)
        );
        let mut gz = flate2::write::GzEncoder::new(Vec::with_capacity(body.len() / 4), flate2::Compression::fast());
        std::io::Write::write_all(&mut gz, body.as_bytes()).map_err(|e| e.to_string())?;
        let gzipped = gz.finish().map_err(|e| e.to_string())?;
        Ok(Command { name, certname: certname.to_string(), path, gzipped, length: body.len() })
    }

    /// `Puppet::Util::Puppetdb::Command#submit`: Ok unless the submission
    /// failed and `soft_write_failure` is off (then Puppet's error
    /// message); a soft failure is logged as Puppet's error.
    pub fn submit(&self, c: &Command) -> Result<(), String> {
        let (name, certname) = (c.name, &c.certname);
        let soft = self.client.config.soft_write_failure;
        let start = std::time::Instant::now();
        match self.client.post_command(&c.path, &c.gzipped, c.length) {
            Ok(r) if r.success() => {
                let uuid = serde_json::from_str::<Json>(&r.body).ok().and_then(|j| j["uuid"].as_str().map(str::to_string));
                let ms = start.elapsed().as_secs_f64() * 1e3;
                self.client.log(
                    "Info",
                    &format!(
                        "'{name}' command for {certname} submitted to PuppetDB with UUID {} ({} bytes, {ms:.2} ms)",
                        uuid.unwrap_or_default(),
                        c.length
                    ),
                );
                Ok(())
            }
            Ok(r) => {
                let error = format!("[{} {}] {}", r.status, r.reason, r.body.replace(['\r', '\n'], ""));
                if soft {
                    self.client.log("Error", &format!("'{name}'command for {certname} failed during submission to PuppetDB: {error}"));
                    Ok(())
                } else {
                    Err(error)
                }
            }
            Err(e) if soft => {
                self.client.log("Error", &e);
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    /// The `replace facts` (version 5) command.
    pub fn facts_command(&self, s: &FactsSubmission) -> Result<Command, String> {
        let now = chrono::Utc::now();
        self.command("replace facts", 5, s.certname, &payload::facts_payload(s, &now), &now)
    }

    /// The `replace catalog` (version 9) command, with the exported
    /// resources no collector of the node's own realized.
    pub fn catalog_command(&self, s: &CatalogSubmission) -> Result<Command, String> {
        let now = chrono::Utc::now();
        let payload = payload::catalog_payload(s, &now)?;
        self.command("replace catalog", 9, s.certname, &payload, &now)
    }

    /// Submits the node's facts.
    pub fn store_facts(&self, s: &FactsSubmission) -> Result<(), String> {
        self.submit(&self.facts_command(s)?)
    }

    /// Submits the node's catalog.
    pub fn store_catalog(&self, s: &CatalogSubmission) -> Result<(), String> {
        self.submit(&self.catalog_command(s)?)
    }

    /// Puppet Server's `save_facts_from_request` for a compile about to
    /// run: the node's facts and `$trusted` as the interpreter has them.
    pub fn facts_command_of(&self, it: &Interp, producer: &str) -> Result<Command, String> {
        let trusted = it.top_value("trusted").unwrap_or(pjit_runtime::Value::Undef);
        self.facts_command(&FactsSubmission {
            certname: &it.opts.node,
            environment: &it.opts.environment,
            facts: &it.opts.facts,
            trusted: &trusted,
            producer,
        })
    }

    /// The catalog cache save after a successful compile (`version` and
    /// `catalog_uuid` as the agent's copy has them, the agent run's
    /// `transaction_uuid` and `job_id` as its request gave them).
    pub fn catalog_command_of(
        &self,
        it: &Interp,
        version: &str,
        catalog_uuid: &str,
        transaction_uuid: Option<&str>,
        job_id: Option<&str>,
        producer: &str,
    ) -> Result<Command, String> {
        self.catalog_command(&CatalogSubmission {
            certname: &it.opts.node,
            environment: &it.opts.environment,
            catalog: &it.catalog,
            version,
            catalog_uuid,
            transaction_uuid,
            job_id,
            code_id: None,
            producer,
        })
    }

    /// The base URL of the last query server (for the terminus's message).
    fn query_server(&self) -> &str {
        self.client.config.server_urls.last().map_or("", String::as_str)
    }
}

impl StoreConfigs for PuppetDb {
    fn search_exported(&self, type_name: &str, host: &str, filter: Option<&Json>) -> Result<Vec<ExportedResource>, String> {
        let expr = resource_query(type_name, host, filter)?;
        let path = format!("/pdb/query/v4/resources?query={}", cgi_escape(&expr.to_string()));
        let fail = |e: String| format!("Could not retrieve resources from the PuppetDB at {}: {e}", self.query_server());
        let start = std::time::Instant::now();
        let r = self.client.get(&path).map_err(fail)?;
        if !r.success() {
            return Err(fail(format!("[{} {}] {}", r.status, r.reason, r.body.replace(['\r', '\n'], ""))));
        }
        let list: Json = serde_json::from_str(&r.body).map_err(|e| fail(e.to_string()))?;
        let Json::Array(list) = list else { return Err(fail("the answer is not a list".into())) };
        let ms = start.elapsed().as_secs_f64() * 1e3;
        self.client.log("Info", &format!("PuppetDB: {} {type_name} resources found for {host} in {ms:.2} ms", list.len()));
        Ok(list
            .into_iter()
            .map(|mut res| ExportedResource {
                certname: res["certname"].as_str().unwrap_or("").to_string(),
                type_name: res["type"].as_str().unwrap_or("").to_string(),
                title: res["title"].as_str().map(str::to_string).unwrap_or_else(|| res["title"].to_string()),
                parameters: match res.get_mut("parameters").map(Json::take) {
                    Some(Json::Object(p)) => p,
                    _ => serde_json::Map::new(),
                },
            })
            .collect())
    }

    fn query(&self, query: &Json) -> Result<Json, String> {
        let body = json!({ "query": query }).to_string();
        let r = self.client.post_query("/pdb/query/v4", &body)?;
        // The function parses whatever came back (an error's text too).
        serde_json::from_str(&r.body).map_err(|_| {
            if r.body.is_empty() { "unexpected end of input".to_string() } else { format!("unexpected token at '{}'", r.body) }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminus_query() {
        let f = json!([["tag", "==", "Web"], "and", [["title", "!=", "x"], "or", ["port", "==", 80]]]);
        assert_eq!(
            resource_query("Sshkey", "a.test", Some(&f)).unwrap(),
            json!(["and", ["=", "type", "Sshkey"], ["=", "exported", true], ["not", ["=", "certname", "a.test"]],
                   ["and", ["=", "tag", "web"], ["or", ["not", ["=", "title", "x"]], ["=", ["parameter", "port"], 80]]]])
        );
        assert_eq!(cgi_escape("[\"a b\",~]"), "%5B%22a+b%22%2C%7E%5D");
    }
}
