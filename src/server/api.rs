//! Puppet Server's HTTP API as agents and tools use it: routing, request
//! parsing (query strings, form bodies, facts as agents send them, body
//! size and time limits), the endpoints, Puppet's error bodies and status
//! codes, and the access log (Puppet Server's `request-logging.xml`
//! pattern: `%h %l %u [%t] "%r" %s %b "%i{Referer}" "%i{User-Agent}" %D
//! %i{Content-Length} %mdc{jruby.borrow-time}`, the last field being the
//! time the compile waited for a worker).

use std::convert::Infallible;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::header::{CONTENT_LENGTH, CONTENT_TYPE, HeaderValue, USER_AGENT};
use hyper::{Method, Request, Response, StatusCode};
use indexmap::IndexMap;
use pjit_ir::interp::storeconfigs::Persistence;
use pjit_runtime::Value;
use serde_json::json;

use super::environments::Env;
use super::tls::Peer;
use super::{State, auth, environments, files, reports};
use crate::enc;

type Resp = Response<Full<Bytes>>;

/// The Puppet version agents see in `X-Puppet-Version`.
const PUPPET_VERSION: &str = "7.23.0";

/// What the access log and metrics record of a request besides the
/// response.
#[derive(Default)]
struct Note {
    endpoint: &'static str,
    /// Time a compile waited for a worker.
    queued: Option<Duration>,
}

pub async fn handle(state: Arc<State>, peer: Arc<Peer>, req: Request<Incoming>) -> Result<Resp, Infallible> {
    let start = Instant::now();
    let method = req.method().clone();
    let target = req.uri().path_and_query().map(|p| p.as_str().to_string()).unwrap_or_default();
    let version = req.version();
    let header = |name| req.headers().get(name).and_then(|v: &HeaderValue| v.to_str().ok()).map(str::to_string);
    let (agent, length, referer) = (header(USER_AGENT), header(CONTENT_LENGTH), header(hyper::header::REFERER));
    let mut note = Note::default();
    let mut resp = route(&state, &peer, req, &mut note).await;
    resp.headers_mut().insert("X-Puppet-Version", HeaderValue::from_static(PUPPET_VERSION));
    let elapsed = start.elapsed();
    let status = resp.status().as_u16();
    state.metrics.request(note.endpoint, method.as_str(), status, elapsed.as_secs_f64());
    let size = hyper::body::Body::size_hint(resp.body()).exact().unwrap_or(0);
    state.access_log.line(&format!(
        "{} - - [{}] \"{method} {target} {version:?}\" {status} {size} \"{}\" \"{}\" {} {} {}",
        peer.addr.ip(),
        chrono::Local::now().format("%d/%b/%Y:%H:%M:%S %z"),
        referer.as_deref().unwrap_or("-"),
        agent.as_deref().unwrap_or("-"),
        elapsed.as_millis(),
        length.as_deref().unwrap_or("-"),
        note.queued.map_or("-".to_string(), |q| q.as_millis().to_string()),
    ));
    Ok(resp)
}

fn respond(status: StatusCode, content_type: &'static str, body: impl Into<Bytes>) -> Resp {
    let mut r = Response::new(Full::new(body.into()));
    *r.status_mut() = status;
    r.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    r
}

/// Puppet's error body: `{"message": "<Kind>: <message>", "issue_kind": ...}`.
fn error(status: StatusCode, message: &str) -> Resp {
    let kind = match status.as_u16() {
        400 => "Bad Request",
        403 => "Not Authorized",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        408 => "Request Timeout",
        413 => "Payload Too Large",
        415 => "Unsupported Media Type",
        503 => "Service Unavailable",
        _ => "Server Error",
    };
    let issue = if status == StatusCode::NOT_FOUND { "RESOURCE_NOT_FOUND" } else { "RUNTIME_ERROR" };
    let body = json!({"message": format!("{kind}: {message}"), "issue_kind": issue});
    respond(status, "application/json", body.to_string())
}

fn json_response(v: &serde_json::Value) -> Resp {
    respond(StatusCode::OK, "application/json", v.to_string())
}

/// `%XX` decoding of a URL path (`+` stays).
fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok().filter(|s| !s.contains('\0'))
}

fn parse_form(s: &[u8]) -> Vec<(String, String)> {
    form_urlencoded::parse(s).map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

fn param<'a>(params: &'a [(String, String)], name: &str) -> Option<&'a str> {
    params.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

/// The request body, bounded in size and in time (a slow client is cut
/// off; it holds only its own connection meanwhile).
///
/// A body that turns out larger than the limit while it arrives is read
/// on and thrown away (up to [`DRAIN_BYTES`] more, within the same time
/// bound) before the 413 goes out: a server that answers and closes while
/// the client is still sending leaves unread data in its socket, the
/// kernel then resets the connection, and the client loses the answer.
async fn body(state: &State, req: Request<Incoming>) -> Result<Bytes, Resp> {
    let max = state.config().max_body;
    if let Some(len) = req.headers().get(CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok())
        && len > max
    {
        return Err(error(StatusCode::PAYLOAD_TOO_LARGE, &format!("the request body is {len} bytes; the limit is {max}")));
    }
    let mut incoming = req.into_body();
    let read = async {
        let mut buf = bytes::BytesMut::new();
        let mut seen = 0usize;
        while let Some(frame) = incoming.frame().await {
            let Ok(data) = frame?.into_data() else { continue };
            seen = seen.saturating_add(data.len());
            if seen <= max {
                buf.extend_from_slice(&data);
            } else if seen > max.saturating_add(DRAIN_BYTES) {
                break;
            }
        }
        Ok::<_, hyper::Error>((buf.freeze(), seen))
    };
    match tokio::time::timeout(Duration::from_secs(60), read).await {
        Ok(Ok((_, seen))) if seen > max => {
            Err(error(StatusCode::PAYLOAD_TOO_LARGE, &format!("the request body is larger than the limit of {max} bytes")))
        }
        Ok(Ok((b, _))) => Ok(b),
        Ok(Err(e)) => Err(error(StatusCode::BAD_REQUEST, &format!("could not read the request body: {e}"))),
        Err(_) => Err(error(StatusCode::REQUEST_TIMEOUT, "the request body did not arrive within 60 seconds")),
    }
}

/// How much of an oversized body is read and dropped before answering 413.
const DRAIN_BYTES: usize = 64 << 20;

async fn route(state: &Arc<State>, peer: &Arc<Peer>, req: Request<Incoming>, note: &mut Note) -> Resp {
    let config = state.config();
    let Some(path) = percent_decode(req.uri().path()) else {
        return error(StatusCode::BAD_REQUEST, "the request path is not valid UTF-8 percent-encoding");
    };
    let method = req.method().clone();
    let host = peer.addr.ip().to_string();
    if let Err(msg) = auth::authorize(&method, &path, peer.certname.as_deref(), &host, &config.tools_allow) {
        note.endpoint = "forbidden";
        return respond(StatusCode::FORBIDDEN, "text/plain", msg);
    }
    let mut params = parse_form(req.uri().query().unwrap_or_default().as_bytes());
    let segs: Vec<&str> = path.trim_start_matches('/').splitn(4, '/').collect();
    match (&method, segs.as_slice()) {
        (&Method::GET | &Method::POST, ["puppet", "v3", "catalog", node]) => {
            note.endpoint = "catalog";
            let node = node.to_string();
            if method == Method::POST {
                match body(state, req).await {
                    Ok(b) => params.extend(parse_form(&b)),
                    Err(r) => return r,
                }
            }
            catalog(state, peer, &node, &params, note).await
        }
        (&Method::GET, ["puppet", "v3", "node", node]) => {
            note.endpoint = "node";
            node_object(state, node, &params).await
        }
        (&Method::GET, ["puppet", "v3", "file_metadata" | "file_metadatas" | "file_content", mount_path]) => {
            note.endpoint = match segs[2] {
                "file_metadata" => "file_metadata",
                "file_metadatas" => "file_metadatas",
                _ => "file_content",
            };
            let (mount, rest) = mount_path.split_once('/').unwrap_or((mount_path, ""));
            let (kind, mount, rest) = (segs[2].to_string(), mount.to_string(), rest.to_string());
            let state = state.clone();
            tokio::task::spawn_blocking(move || file_request(&state, &kind, &mount, &rest, &params))
                .await
                .unwrap_or_else(|_| error(StatusCode::INTERNAL_SERVER_ERROR, "the file request failed"))
        }
        (&Method::PUT, ["puppet", "v3", "report", node]) => {
            note.endpoint = "report";
            let node = node.to_string();
            let b = match body(state, req).await {
                Ok(b) => b,
                Err(r) => return r,
            };
            let (processors, dir) = (config.settings.get("reports").unwrap_or_default(), config.settings.path("reportdir"));
            let Some(dir) = dir else { return error(StatusCode::INTERNAL_SERVER_ERROR, "the reportdir setting is empty") };
            match tokio::task::spawn_blocking(move || reports::process(&processors, &dir, &node, &b)).await {
                Ok(Ok(done)) => json_response(&json!(done)),
                Ok(Err((code, msg))) => error(StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR), &msg),
                Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "storing the report failed"),
            }
        }
        (&Method::GET, ["puppet", "v3", "environments"]) => {
            note.endpoint = "environments";
            environments_list(&config)
        }
        (&Method::GET, ["puppet", "v3", "environment_classes"]) => {
            note.endpoint = "environment_classes";
            let tag = req.headers().get(hyper::header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).map(str::to_string);
            environment_classes(state, &params, tag).await
        }
        (&Method::POST, ["puppet", "v4", "catalog"]) => {
            note.endpoint = "v4_catalog";
            let b = match body(state, req).await {
                Ok(b) => b,
                Err(r) => return r,
            };
            catalog_v4(state, &b, note).await
        }
        (&Method::GET, ["puppet-ca", "v1", "certificate", "ca"]) => {
            note.endpoint = "ca_certificate";
            pem_file(config.settings.path("localcacert").as_deref(), "certificate ca")
        }
        (&Method::GET, ["puppet-ca", "v1", "certificate", name]) => {
            note.endpoint = "ca_certificate";
            error(StatusCode::NOT_FOUND, &format!("Could not find certificate {name} (pjit server is not a CA)"))
        }
        (&Method::GET, ["puppet-ca", "v1", "certificate_revocation_list", "ca"]) => {
            note.endpoint = "ca_crl";
            pem_file(config.settings.path("hostcrl").as_deref(), "certificate_revocation_list ca")
        }
        (&Method::GET, ["status", "v1", "simple"]) => {
            note.endpoint = "status";
            respond(StatusCode::OK, "text/plain", "running")
        }
        (&Method::GET, ["status", "v1", "services"]) => {
            note.endpoint = "status";
            json_response(&json!({
                "pjit-server": {
                    "service_version": env!("CARGO_PKG_VERSION"),
                    "service_status_version": 1,
                    "detail_level": param(&params, "level").unwrap_or("info"),
                    "state": "running",
                    "status": {
                        "puppet_version": PUPPET_VERSION,
                        "workers": config.workers,
                        "compiles_running": state.pool.running(),
                        "compiles_queued": state.pool.queued.load(std::sync::atomic::Ordering::Relaxed),
                        "environment_loads": state.envs.loads.load(std::sync::atomic::Ordering::Relaxed),
                    }
                }
            }))
        }
        (&Method::GET, ["metrics"]) => {
            note.endpoint = "metrics";
            let text = state.metrics.encode(state.pool.running(), state.pool.queued.load(std::sync::atomic::Ordering::Relaxed));
            respond(StatusCode::OK, "text/plain; version=0.0.4; charset=utf-8", text)
        }
        (&Method::DELETE, ["puppet-admin-api", "v1", "environment-cache"]) => {
            note.endpoint = "environment_cache";
            state.envs.flush(param(&params, "environment"));
            let mut r = respond(StatusCode::NO_CONTENT, "text/plain", Bytes::new());
            r.headers_mut().remove(CONTENT_TYPE);
            r
        }
        _ => {
            note.endpoint = "other";
            error(StatusCode::NOT_FOUND, &format!("No route for {method} {path}"))
        }
    }
}

fn pem_file(p: Option<&Path>, what: &str) -> Resp {
    match p.map(std::fs::read) {
        Some(Ok(bytes)) => respond(StatusCode::OK, "text/plain", bytes),
        _ => error(StatusCode::NOT_FOUND, &format!("Could not find {what}")),
    }
}

/// The environment a request names (Puppet Server requires one).
fn env_param(params: &[(String, String)]) -> Result<String, Resp> {
    match param(params, "environment") {
        Some(e) if environments::valid_name(e) => Ok(e.to_string()),
        Some(e) => Err(error(StatusCode::BAD_REQUEST, &format!("The environment must be purely alphanumeric, not '{e}'"))),
        None => Err(error(StatusCode::BAD_REQUEST, "An environment parameter must be specified")),
    }
}

/// Loads (or finds warm) an environment, off the I/O threads.
async fn environment(state: &Arc<State>, name: &str) -> Result<Arc<Env>, Resp> {
    let (state2, name2) = (state.clone(), name.to_string());
    let got = tokio::task::spawn_blocking(move || state2.envs.get(&state2.config(), &name2, &state2.metrics)).await;
    match got {
        Ok(Ok(env)) => Ok(env),
        Ok(Err(msg)) if msg.starts_with("Could not find a directory environment") => {
            Err(error(StatusCode::NOT_FOUND, &format!("Could not find environment '{name}'")))
        }
        Ok(Err(msg)) => Err(error(StatusCode::INTERNAL_SERVER_ERROR, &msg)),
        Err(_) => Err(error(StatusCode::INTERNAL_SERVER_ERROR, &format!("loading environment {name} failed"))),
    }
}

/// The external node classifier's answer for `node`, when one is
/// configured (`node_terminus = exec`).
async fn classify(state: &Arc<State>, node: &str) -> Result<Option<enc::Classification>, Resp> {
    let config = state.config();
    if config.settings.get("node_terminus").as_deref() != Some("exec") {
        return Ok(None);
    }
    let command = config.settings.get("external_nodes").unwrap_or_default();
    let node = node.to_string();
    match tokio::task::spawn_blocking(move || enc::classify(&command, &node)).await {
        Ok(Ok(c)) => Ok(c),
        Ok(Err(e)) => Err(error(StatusCode::INTERNAL_SERVER_ERROR, &e)),
        Err(_) => Err(error(StatusCode::INTERNAL_SERVER_ERROR, "the node classifier failed")),
    }
}

/// Facts as agents send them: `facts_format` and the URL-encoded facts
/// document (`{"name": ..., "values": {...}}`).
fn facts_of(params: &[(String, String)]) -> Result<IndexMap<String, Value>, Resp> {
    let Some(text) = param(params, "facts") else { return Ok(IndexMap::new()) };
    let format = param(params, "facts_format")
        .ok_or_else(|| error(StatusCode::BAD_REQUEST, "Facts but no fact format provided"))?;
    if !matches!(format, "application/json" | "pson") {
        return Err(error(StatusCode::BAD_REQUEST, &format!("Unsupported facts format {format}")));
    }
    // The agent URL-encodes the document before the form encoding:
    // Puppet unescapes it once more (`CGI.unescape`).
    let text: String = form_urlencoded::parse(format!("f={text}").as_bytes()).next().map(|(_, v)| v.into_owned()).unwrap_or_default();
    if !text.trim_start().starts_with('{') {
        return Err(error(StatusCode::BAD_REQUEST, "The facts are not a JSON object"));
    }
    pjit_aot::driver::facts_from_text(&text).map_err(|e| error(StatusCode::BAD_REQUEST, &format!("Could not read the facts: {e}")))
}

/// `$server_facts` entries a compile server adds (its own name).
fn server_facts(state: &State) -> Vec<(String, Value)> {
    let name = state.config().settings.get("certname").unwrap_or_default();
    vec![("servername".to_string(), Value::string(name))]
}

async fn catalog(state: &Arc<State>, peer: &Arc<Peer>, node: &str, params: &[(String, String)], note: &mut Note) -> Resp {
    let requested = match env_param(params) {
        Ok(e) => e,
        Err(r) => return r,
    };
    let facts = match facts_of(params) {
        Ok(f) => f,
        Err(r) => return r,
    };
    let classification = match classify(state, node).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    // The classifier's environment is the server-specified one.
    let env_name = classification.as_ref().and_then(|c| c.environment.clone()).unwrap_or(requested);
    // Stored with the catalog (PuppetDB), as the agent's run has them.
    let persistence = Persistence {
        transaction_uuid: param(params, "transaction_uuid").map(str::to_string),
        job_id: param(params, "job_id").map(str::to_string),
        ..Persistence::default()
    };
    compile(state, node, &env_name, facts, peer.trusted(), classification, persistence, note)
        .await
        .map(|catalog| respond(StatusCode::OK, "application/json", catalog))
        .unwrap_or_else(|r| r)
}

/// Compiles `node`'s catalog on a worker; Ok is the catalog JSON exactly
/// as `pjit compile` writes it.
async fn compile(
    state: &Arc<State>,
    node: &str,
    env_name: &str,
    facts: IndexMap<String, Value>,
    trusted: Value,
    classification: Option<enc::Classification>,
    persistence: Persistence,
    note: &mut Note,
) -> Result<Vec<u8>, Resp> {
    let env = environment(state, env_name).await?;
    let mut opts = env.loaded.options(&env.req, node, facts);
    opts.trusted = Some(trusted);
    opts.persistence = persistence;
    opts.server_facts = server_facts(state);
    if let Some(c) = classification {
        enc::apply(&mut opts, c);
    }
    let limit = state.config().compile_timeout;
    let rx = state.pool.submit(env, opts);
    // The watchdog stops the compile at the limit; the grace covers a
    // compile stuck where it cannot be stopped.
    let outcome = match tokio::time::timeout(limit + Duration::from_secs(5), rx).await {
        Ok(Ok(o)) => o,
        Ok(Err(_)) => return Err(error(StatusCode::SERVICE_UNAVAILABLE, "no compile worker is available")),
        Err(_) => {
            return Err(error(
                StatusCode::INTERNAL_SERVER_ERROR,
                &format!("Compiling the catalog of {node} took longer than the server's limit of {} seconds", limit.as_secs()),
            ));
        }
    };
    note.queued = Some(outcome.queued);
    let ok = outcome.compiled.status == 0;
    state.metrics.compile(outcome.compile.as_secs_f64(), ok);
    // Log lines of the compile go to the server's log, as Puppet Server
    // logs them.
    if !outcome.compiled.log.is_empty() {
        let text = String::from_utf8_lossy(&outcome.compiled.log);
        for line in text.lines() {
            eprintln!("{line}");
        }
    }
    if ok {
        Ok(outcome.catalog)
    } else {
        let msg = outcome.compiled.error.unwrap_or_else(|| format!("Could not compile the catalog of {node}"));
        Err(error(StatusCode::INTERNAL_SERVER_ERROR, &msg))
    }
}

async fn node_object(state: &Arc<State>, node: &str, params: &[(String, String)]) -> Resp {
    let requested = match env_param(params) {
        Ok(e) => e,
        Err(r) => return r,
    };
    let c = match classify(state, node).await {
        Ok(c) => c.unwrap_or_default(),
        Err(r) => return r,
    };
    let to_json = data_json;
    let mut obj = serde_json::Map::new();
    obj.insert("name".into(), json!(node));
    obj.insert("environment".into(), json!(c.environment.clone().unwrap_or(requested)));
    if !c.parameters.is_empty() {
        obj.insert("parameters".into(), c.parameters.iter().map(|(k, v)| (k.clone(), to_json(v))).collect());
    }
    if !c.classes.is_empty() {
        let classes: serde_json::Map<String, serde_json::Value> = c
            .classes
            .iter()
            .map(|(k, p)| (k.clone(), p.as_ref().map_or(json!({}), |p| p.iter().map(|(k, v)| (k.clone(), to_json(v))).collect())))
            .collect();
        obj.insert("classes".into(), serde_json::Value::Object(classes));
    }
    json_response(&serde_json::Value::Object(obj))
}

/// A data value (what a classifier's YAML holds) as JSON.
fn data_json(v: &Value) -> serde_json::Value {
    use pjit_runtime::display::to_interpolated_string;
    match v {
        Value::Undef => serde_json::Value::Null,
        Value::Boolean(b) => json!(b),
        Value::Integer(i) => json!(i),
        Value::Float(f) => json!(f),
        Value::Array(a) => serde_json::Value::Array(a.iter().map(data_json).collect()),
        Value::Hash(h) => serde_json::Value::Object(h.iter().map(|(k, v)| (to_interpolated_string(k), data_json(v))).collect()),
        other => json!(to_interpolated_string(other)),
    }
}

fn environments_list(config: &super::Config) -> Resp {
    let mut envs = serde_json::Map::new();
    let paths = config.settings.paths("environmentpath");
    for dir in &paths {
        let Ok(rd) = std::fs::read_dir(dir) else { continue };
        let mut names: Vec<String> = rd
            .flatten()
            .filter(|e| e.path().is_dir())
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| environments::valid_name(n))
            .collect();
        names.sort();
        for name in names {
            if envs.contains_key(&name) {
                continue;
            }
            let req = environments::request_for(config, &name);
            let Ok(env) = resolve_env(&req, &name) else {
                continue;
            };
            let manifest = dir.join(&name).join("manifests");
            let timeout = match config.settings.ttl("environment_timeout") {
                Ok(None) => json!("unlimited"),
                Ok(Some(d)) => json!(d.as_secs()),
                Err(_) => json!(0),
            };
            envs.insert(
                name,
                json!({"settings": {
                    "modulepath": env.modulepath.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
                    "manifest": manifest.display().to_string(),
                    "environment_timeout": timeout,
                    "config_version": "",
                }}),
            );
        }
    }
    let search: Vec<String> = paths.iter().map(|p| format!("file://{}", p.display())).collect();
    json_response(&json!({"search_paths": search, "environments": envs}))
}

/// `GET /puppet/v3/environment_classes?environment=E` (see `classes.rs`),
/// with Puppet Server's plain-text errors; a request whose
/// `If-None-Match` is the current tag (with or without the `--gzip` Jetty
/// may append) gets 304.
async fn environment_classes(state: &Arc<State>, params: &[(String, String)], if_none_match: Option<String>) -> Resp {
    let name = match param(params, "environment") {
        None => return respond(StatusCode::BAD_REQUEST, "text/plain", "An environment parameter must be specified"),
        Some(e) if !environments::valid_name(e) => {
            return respond(StatusCode::BAD_REQUEST, "text/plain", format!("The environment must be purely alphanumeric, not '{e}'"));
        }
        Some(e) => e.to_string(),
    };
    let state2 = state.clone();
    let got = tokio::task::spawn_blocking(move || {
        let config = state2.config();
        let req = environments::request_for(&config, &name);
        let env = resolve_env(&req, &name).ok()?;
        let strict = match req.strict {
            crate::compile::StrictArg::Off => pjit_frontend::validate::Strict::Off,
            crate::compile::StrictArg::Warning => pjit_frontend::validate::Strict::Warning,
            crate::compile::StrictArg::Error => pjit_frontend::validate::Strict::Error,
        };
        Some(state2.envs.classes.get(&name, env.manifest.as_deref(), &env.modulepath, strict))
    })
    .await;
    let info = match got {
        Ok(Some(info)) => info,
        Ok(None) => {
            let name = param(params, "environment").unwrap_or_default();
            return respond(StatusCode::NOT_FOUND, "text/plain", format!("Could not find environment '{name}'"));
        }
        Err(_) => return error(StatusCode::INTERNAL_SERVER_ERROR, "listing the environment's classes failed"),
    };
    let etag = HeaderValue::from_str(&info.etag).expect("a hex digest is a header value");
    if if_none_match.as_deref().map(|t| t.trim_matches('"').trim_end_matches("--gzip")) == Some(info.etag.as_str()) {
        let mut r = Response::new(Full::new(Bytes::new()));
        *r.status_mut() = StatusCode::NOT_MODIFIED;
        r.headers_mut().insert(hyper::header::ETAG, etag);
        return r;
    }
    let mut r = respond(StatusCode::OK, "application/json", info.body.clone());
    r.headers_mut().insert(hyper::header::ETAG, etag);
    r
}

/// An environment's directory, main manifest and modulepath under the
/// configuration.
fn resolve_env(req: &crate::compile::Request, name: &str) -> Result<crate::environment::Environment, String> {
    crate::environment::resolve(&crate::environment::Settings {
        environmentpath: req.environmentpath.as_deref(),
        environment: name,
        manifest: None,
        modulepath: &[],
        basemodulepath: req.basemodulepath.as_deref(),
    })
}

/// `file_metadata`, `file_metadatas` and `file_content` of a mount.
fn file_request(state: &State, kind: &str, mount: &str, path: &str, params: &[(String, String)]) -> Resp {
    let env_name = match env_param(params) {
        Ok(e) => e,
        Err(r) => return r,
    };
    let config = state.config();
    let req = environments::request_for(&config, &env_name);
    let env = match resolve_env(&req, &env_name) {
        Ok(e) => e,
        Err(_) => return error(StatusCode::NOT_FOUND, &format!("Could not find environment '{env_name}'")),
    };
    let key = if path.is_empty() { mount.to_string() } else { format!("{mount}/{path}") };
    let not_found = || error(StatusCode::NOT_FOUND, &format!("Could not find {kind} {key}"));
    let Some((bases, may_recurse)) = files::locate(&env.modulepath, mount, path) else { return not_found() };
    let mut opts = match files::MetadataOptions::from_query(params) {
        Ok(o) => o,
        Err(e) => return error(StatusCode::BAD_REQUEST, &e),
    };
    opts.recurse &= may_recurse;
    match kind {
        "file_content" => {
            let p = &bases[0];
            match std::fs::read(p) {
                Ok(bytes) => respond(StatusCode::OK, "application/octet-stream", bytes),
                Err(_) => not_found(),
            }
        }
        "file_metadata" => match files::metadata(&bases[0], None, &opts) {
            Ok(m) => json_response(&m),
            Err(_) => not_found(),
        },
        _ => {
            let list: Vec<serde_json::Value> = files::fileset(&bases, &opts)
                .into_iter()
                .filter_map(|(rel, base)| files::metadata(&base, Some(&rel), &opts).ok())
                .collect();
            if list.is_empty() { not_found() } else { json_response(&serde_json::Value::Array(list)) }
        }
    }
}

/// `POST /puppet/v4/catalog`: `{"certname", "environment", "facts":
/// {"values"}, "trusted_facts": {"values"}, "options": {"capture_logs"}}`
/// to `{"catalog": ..., "logs": [...]}`.
async fn catalog_v4(state: &Arc<State>, body: &[u8], note: &mut Note) -> Resp {
    let req: serde_json::Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => return error(StatusCode::BAD_REQUEST, &format!("The request body is not JSON: {e}")),
    };
    let Some(certname) = req["certname"].as_str().filter(|c| !c.is_empty() && !c.contains('/')) else {
        return error(StatusCode::BAD_REQUEST, "The request body must name a certname");
    };
    let Some(env_name) = req["environment"].as_str() else {
        return error(StatusCode::BAD_REQUEST, "The request body must name an environment");
    };
    let values = |k: &str| -> IndexMap<String, Value> {
        match &req[k]["values"] {
            serde_json::Value::Object(m) => m.iter().map(|(k, v)| (k.clone(), pjit_aot::driver::value_from_json(v))).collect(),
            _ => IndexMap::new(),
        }
    };
    let facts = values("facts");
    let trusted = match req.get("trusted_facts") {
        Some(_) => enc::hash_value(values("trusted_facts")),
        None => Peer { addr: "0.0.0.0:0".parse().expect("an address"), certname: Some(certname.to_string()), extensions: IndexMap::new() }
            .trusted(),
    };
    let classification = match classify(state, certname).await {
        Ok(c) => c,
        Err(r) => return r,
    };
    let env_name = match classification.as_ref().and_then(|c| c.environment.clone()) {
        Some(e) if req["options"]["prefer_requested_environment"].as_bool() != Some(true) => e,
        _ => env_name.to_string(),
    };
    // What to store (PuppetDB): Puppet Server's v4 endpoint reads the
    // transaction UUID under a key no request has (`transaction_id`), so
    // it stores none.
    let persistence = Persistence {
        facts: req["persistence"]["facts"].as_bool().unwrap_or(false),
        catalog: req["persistence"]["catalog"].as_bool().unwrap_or(false),
        transaction_uuid: None,
        job_id: req["job_id"].as_str().map(str::to_string),
    };
    match compile(state, certname, &env_name, facts, trusted, classification, persistence, note).await {
        Ok(catalog) => {
            let mut out = b"{\"catalog\":".to_vec();
            out.extend_from_slice(catalog.trim_ascii_end());
            out.extend_from_slice(b",\"logs\":[]}");
            respond(StatusCode::OK, "application/json", out)
        }
        Err(r) => r,
    }
}

/// The access log: one line per request, to a file or standard output.
pub struct AccessLog(Mutex<Box<dyn Write + Send>>);

impl AccessLog {
    pub fn open(path: Option<&Path>) -> Result<AccessLog, String> {
        let out: Box<dyn Write + Send> = match path {
            Some(p) => Box::new(std::io::LineWriter::new(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(p)
                    .map_err(|e| format!("Could not open the access log {}: {e}", p.display()))?,
            )),
            None => Box::new(std::io::LineWriter::new(std::io::stdout())),
        };
        Ok(AccessLog(Mutex::new(out)))
    }

    pub fn line(&self, line: &str) {
        let _ = writeln!(self.0.lock().unwrap_or_else(|e| e.into_inner()), "{line}");
    }

    pub fn flush(&self) {
        let _ = self.0.lock().unwrap_or_else(|e| e.into_inner()).flush();
    }
}
