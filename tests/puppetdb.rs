//! PuppetDB against the real thing: Debian's `puppetdb` 7.12 on
//! PostgreSQL, started on loopback by `tests/tools/puppetdb.sh` (HTTP on
//! 8090, HTTPS on 8091; CI installs the packages through .ci/puppetdb.sh).
//!
//! Each environment of `tests/puppetdb/envs/` is a scenario whose `steps`
//! file lists nodes. PuppetDB starts empty; each node is compiled by
//! `pjit compile NODE --puppetdb URL --puppetdb-submit` (facts stored
//! before, the catalog after), and the next step waits until PuppetDB has
//! processed what the step stored, so each node sees exactly the nodes
//! before it, as in `tests/tools/bless-puppetdb.py`, which made the
//! goldens (`tests/puppetdb/expected/`) with Puppet Server 7.9.5 and
//! Puppet's own PuppetDB terminus. Per step the test compares: the agent's
//! catalog or the error, the `Scope(...)` log lines, and what PuppetDB then
//! holds for the node (facts but `trusted`, resources, edges), which
//! checks the command payloads. Every scenario runs with `--jit=off` and
//! `--jit=always`. The HTTPS port is checked with the harness's
//! certificates, and an unreachable PuppetDB gives Puppet's errors.
//!
//! `PJIT_PDB_HTTP_PORT`, `PJIT_PDB_HTTPS_PORT` and `PJIT_PG_PORT` move the
//! harness (as they move `tests/tools/puppetdb.sh`'s), so that two
//! checkouts on one machine each test against a PuppetDB of their own.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Value as Json, json};

/// The harness's PuppetDB, plain HTTP.
fn pdb() -> String {
    format!("http://127.0.0.1:{}", port("PJIT_PDB_HTTP_PORT", 8090))
}

fn port(var: &str, default: u16) -> u16 {
    std::env::var(var).ok().and_then(|p| p.parse().ok()).unwrap_or(default)
}

/// PuppetDB's state is shared: one test at a time.
static PDB_LOCK: Mutex<()> = Mutex::new(());

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn data() -> PathBuf {
    root().join("tests/puppetdb")
}

/// Exclusive use of the machine's test PuppetDB: this process's tests one
/// at a time, and other checkouts' test runs (which use the same ports)
/// wait on the lock file.
struct Exclusive {
    _guard: std::sync::MutexGuard<'static, ()>,
    _file: std::fs::File,
}

/// Starts PuppetDB (idempotent) and unpacks Debian 13's modules if needed.
fn setup() -> Exclusive {
    let guard = PDB_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let lock = format!("/var/tmp/pjit-puppetdb-{}.lock", port("PJIT_PDB_HTTP_PORT", 8090));
    let file = std::fs::File::create(lock).expect("lock file");
    file.lock().expect("lock");
    if !root().join("target/trixie-modules/haproxy").is_dir() {
        let st = Command::new(root().join("tests/tools/trixie-modules.sh")).status().expect("trixie-modules.sh");
        assert!(st.success(), "tests/tools/trixie-modules.sh failed");
    }
    let st = Command::new(root().join("tests/tools/puppetdb.sh")).arg("start").status().expect("puppetdb.sh");
    assert!(st.success(), "tests/tools/puppetdb.sh start failed");
    Exclusive { _guard: guard, _file: file }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder().http_status_as_error(false).timeout_global(Some(Duration::from_secs(60))).build().into()
}

fn get(path: &str, query: Option<&Json>) -> Option<Json> {
    let mut url = format!("{}{path}", pdb());
    if let Some(q) = query {
        url.push_str("?query=");
        url.push_str(&percent(&q.to_string()));
    }
    let mut r = agent().get(&url).call().expect("PuppetDB answers");
    if r.status() == 404 {
        return None;
    }
    assert!(r.status().is_success(), "{url}: {}", r.status());
    Some(r.body_mut().read_json().expect("JSON"))
}

fn percent(s: &str) -> String {
    s.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b"-._~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

/// Deletes every node PuppetDB knows (`/pdb/admin/v1/cmd`, `delete`).
fn purge() {
    let q = json!(["or", ["=", "node_state", "active"], ["=", "node_state", "inactive"]]);
    for n in get("/pdb/query/v4/nodes", Some(&q)).unwrap().as_array().unwrap() {
        let cmd = json!({"command": "delete", "version": 1, "payload": {"certname": n["certname"]}});
        let r = agent().post(&format!("{}/pdb/admin/v1/cmd", pdb())).header("Content-Type", "application/json").send(cmd.to_string());
        assert!(r.expect("delete").status().is_success());
    }
    wait_until("PuppetDB to delete its nodes", Duration::from_secs(120), || {
        get("/pdb/query/v4/nodes", Some(&q)).unwrap().as_array().unwrap().is_empty()
    });
    // The same physical state as when the goldens were made: PuppetDB's
    // resource queries return rows in table order.
    let st = Command::new(root().join("tests/tools/puppetdb.sh")).arg("vacuum").status().expect("puppetdb.sh");
    assert!(st.success(), "tests/tools/puppetdb.sh vacuum failed");
}

fn epoch(ts: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(ts).map(|t| t.timestamp()).unwrap_or(0)
}

/// Waits until PuppetDB has the node's catalog (or, after a failed
/// compile, its facts) produced at or after `start` (seconds).
fn wait_stored(node: &str, start: i64, catalog: bool) {
    let path = format!("/pdb/query/v4/{}/{node}", if catalog { "catalogs" } else { "factsets" });
    wait_until(&format!("PuppetDB to store {path}"), Duration::from_secs(300), || {
        get(&path, None).is_some_and(|doc| epoch(doc["producer_timestamp"].as_str().unwrap_or("")) >= start)
    });
}

/// Polls `done` until it holds; fails the test naming `what` after
/// `limit` (generous: PuppetDB's queue on a loaded machine is slow, and
/// the limit only bounds a hang).
fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let t = Instant::now();
    while !done() {
        assert!(t.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// File paths relative to the repository, and the number in a nested
/// Sensitive's stored string (`#<Sensitive [value redacted]:N>`: Ruby's
/// object id in Puppet) as `N`.
fn relative(v: Json) -> Json {
    let prefix = format!("{}/", root().display());
    match v {
        Json::String(s) => Json::String(sensitive_ids(&s.replace(&prefix, ""))),
        Json::Array(a) => Json::Array(a.into_iter().map(relative).collect()),
        Json::Object(o) => Json::Object(o.into_iter().map(|(k, v)| (k, relative(v))).collect()),
        other => other,
    }
}

/// What PuppetDB holds for `node`, as tests/tools/pdbstate.py reads it.
fn stored(node: &str) -> Json {
    let q = json!(["=", "certname", node]);
    let mut facts: Vec<(String, Json)> = get("/pdb/query/v4/facts", Some(&q))
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["name"] != "trusted")
        .map(|f| (f["name"].as_str().unwrap().to_string(), f["value"].clone()))
        .collect();
    facts.sort_by(|a, b| a.0.cmp(&b.0));
    let mut resources: Vec<Json> = get("/pdb/query/v4/resources", Some(&q))
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let mut tags: Vec<String> = r["tags"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect();
            tags.sort();
            json!({"type": r["type"], "title": r["title"], "exported": r["exported"], "tags": tags,
                   "file": r["file"], "line": r["line"], "parameters": r["parameters"]})
        })
        .collect();
    resources.sort_by_key(|r| (r["type"].as_str().unwrap().to_string(), r["title"].as_str().unwrap().to_string()));
    let mut edges: Vec<Json> = get("/pdb/query/v4/edges", Some(&q))
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|e| json!([e["source_type"], e["source_title"], e["relationship"], e["target_type"], e["target_title"]]))
        .collect();
    edges.sort_by_key(|e| e.to_string());
    let facts: serde_json::Map<String, Json> = facts.into_iter().collect();
    relative(json!({"facts": facts, "resources": resources, "edges": edges}))
}

/// Puppet's log line `[logback level, scope, message]` for a pjit line.
fn log_entry(line: &str) -> Option<Json> {
    let (level, rest) = line.split_once(": Scope(")?;
    let (scope, msg) = rest.split_once("): ")?;
    let level = match level {
        "Notice" | "Info" => "INFO",
        "Warning" => "WARN",
        "Error" | "Err" => "ERROR",
        "Debug" => "DEBUG",
        _ => return None,
    };
    Some(json!([level, scope, msg]))
}

/// A catalog without what differs by run (its version and UUID).
fn comparable(mut c: Json) -> Json {
    if let Json::Object(o) = &mut c {
        o.remove("version");
        o.remove("catalog_uuid");
    }
    relative(c)
}

fn sensitive_ids(s: &str) -> String {
    const MARK: &str = "#<Sensitive [value redacted]:";
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find(MARK) {
        let after = &rest[i + MARK.len()..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        out.push_str(&rest[..i + MARK.len()]);
        out.push_str(if digits > 0 && after[digits..].starts_with('>') { "N" } else { &after[..digits] });
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// A catalog with its resources and edges sorted: for comparing what a
/// node collected where PuppetDB's order of the rows (its queries have no
/// ORDER BY) depends on more than the commands it was sent, such as
/// where PostgreSQL put a row a later command updated, which differs
/// between database clusters.
fn unordered(mut c: Json) -> Json {
    for k in ["resources", "edges"] {
        if let Some(a) = c[k].as_array_mut() {
            a.sort_by_key(|x| x.to_string());
        }
    }
    c
}

/// Where two documents differ (paths and both values, at most 12).
fn diff(a: &Json, b: &Json) -> String {
    fn walk(a: &Json, b: &Json, path: &str, out: &mut Vec<String>) {
        if out.len() >= 12 || a == b {
            return;
        }
        match (a, b) {
            (Json::Object(x), Json::Object(y)) => {
                for k in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                    walk(x.get(k).unwrap_or(&Json::Null), y.get(k).unwrap_or(&Json::Null), &format!("{path}/{k}"), out);
                }
                let (kx, ky): (Vec<_>, Vec<_>) = (x.keys().collect(), y.keys().collect());
                if out.is_empty() && kx != ky {
                    out.push(format!("{path}: key order {kx:?} vs {ky:?}"));
                }
            }
            (Json::Array(x), Json::Array(y)) if x.len() == y.len() => {
                for (i, (p, q)) in x.iter().zip(y).enumerate() {
                    walk(p, q, &format!("{path}[{i}]"), out);
                }
            }
            _ => out.push(format!("{path}: pjit {a} / Puppet {b}")),
        }
    }
    let mut out = vec![];
    walk(a, b, "", &mut out);
    out.join("\n  ")
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
}

/// Runs a scenario with pjit; returns the differences from Puppet's goldens.
fn run_scenario(env: &str, jit: &str) -> Vec<String> {
    let mut problems = vec![];
    let steps = std::fs::read_to_string(data().join("envs").join(env).join("steps")).unwrap();
    purge();
    for (n, node) in steps.split_whitespace().enumerate() {
        let golden: Json =
            serde_json::from_str(&std::fs::read_to_string(data().join(format!("expected/{env}/{}-{node}.json", n + 1))).unwrap())
                .unwrap();
        let start = now();
        let facts = data().join(format!("facts/{node}.json"));
        let out = Command::new(env!("CARGO_BIN_EXE_pjit"))
            .current_dir(root())
            .args(["compile", node, "--environmentpath", "tests/puppetdb/envs", "--environment", env])
            .arg("--facts")
            .arg(&facts)
            .args(["--puppetdb", &pdb(), "--puppetdb-submit", &format!("--jit={jit}")])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let ok = out.status.success();
        wait_stored(node, start, ok);
        let what = format!("{env} step {} ({node}, --jit={jit})", n + 1);
        if ok != golden["ok"].as_bool().unwrap() {
            problems.push(format!("{what}: pjit {} but Puppet {}\n{stderr}", if ok { "compiled" } else { "failed" }, golden["ok"]));
            continue;
        }
        if ok {
            let catalog: Json = serde_json::from_slice(&out.stdout).expect("catalog JSON");
            if comparable(catalog.clone()) != comparable(golden["catalog"].clone()) {
                problems.push(format!("{what}: catalog differs\n  {}", diff(&comparable(catalog), &comparable(golden["catalog"].clone()))));
            }
        } else {
            // The error is the last thing printed; it may span lines.
            let error = stderr.rfind("\nError: ").map_or(stderr.strip_prefix("Error: ").unwrap_or(""), |i| &stderr[i + 8..]);
            let error = error.trim_end().to_string();
            let want = golden["error"].as_str().unwrap().trim_start_matches("Server Error: ");
            if relative(json!(error)) != relative(json!(want)) {
                problems.push(format!("{what}: error differs\npjit:   {error}\nPuppet: {want}"));
            }
        }
        let logs: Vec<Json> = stderr.lines().filter_map(log_entry).collect();
        if Json::Array(logs.clone()) != golden["logs"] {
            problems.push(format!("{what}: log lines differ\npjit:   {logs:?}\nPuppet: {}", golden["logs"]));
        }
        let have = stored(node);
        let want = relative(golden["stored"].clone());
        if have != want {
            problems.push(format!("{what}: PuppetDB holds something else\n  {}", diff(&have, &want)));
        }
    }
    problems
}

fn scenarios() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(data().join("envs"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("steps").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn scenarios_match_puppet_with_puppetdb() {
    let _guard = setup();
    let mut problems = vec![];
    let list = scenarios();
    assert!(list.len() >= 6, "{list:?}");
    for jit in ["off", "always"] {
        for env in &list {
            problems.extend(run_scenario(env, jit));
        }
    }
    assert!(problems.is_empty(), "{} differences:\n\n{}", problems.len(), problems.join("\n\n"));
}

/// Compiles over HTTPS configured by a puppetdb.conf, with the harness's
/// certificates: the client certificate PuppetDB requires, its
/// certificate checked against the CA.
#[test]
fn https_with_host_certificates() {
    let _guard = setup();
    purge();
    let ssldir = root().join("target/puppetdb/ssl");
    // Configured as Puppet is: puppetdb.conf (https only).
    let conf = std::env::temp_dir().join(format!("pjit-pdb-https-{}.conf", std::process::id()));
    let url = format!("https://localhost:{}", port("PJIT_PDB_HTTPS_PORT", 8091));
    std::fs::write(&conf, format!("[main]\nserver_urls = {url}\nserver_url_timeout = 30\n")).unwrap();
    let run = |node: &str, extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_pjit"))
            .current_dir(root())
            .args(["compile", node, "--environmentpath", "tests/puppetdb/envs", "--environment", "sshkeys"])
            .arg("--facts")
            .arg(data().join(format!("facts/{node}.json")))
            .args(["--puppetdb", conf.to_str().unwrap(), "--puppetdb-submit", "--certname", "puppet.test", "--ssldir"])
            .arg(&ssldir)
            .args(extra)
            .output()
            .unwrap()
    };
    let start = now();
    let out = run("db1.test", &[]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    wait_stored("db1.test", start, true);
    let out = run("web1.test", &[]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let catalog: Json = serde_json::from_slice(&out.stdout).unwrap();
    let titles: Vec<&str> = catalog["resources"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["type"] == "Sshkey")
        .map(|r| r["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["web1.test", "db1.test"]);
    // A certificate that is not the host's: PuppetDB's own certificate is
    // not signed for "nobody", so the client has no certificate to show.
    let out = run("web1.test", &["--certname", "nobody.test"]);
    assert!(!out.status.success());
    std::fs::remove_file(&conf).unwrap();
}

/// PuppetDB down: the terminus's warnings per URL, then its error, which
/// fails the compile; with `soft_write_failure` a failed submission is
/// logged as Puppet's error and the catalog stands.
#[test]
fn puppetdb_down() {
    let _guard = setup();
    let dir = std::env::temp_dir().join(format!("pjit-pdb-down-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let compile = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_pjit")).args(["compile", "down.test"]).args(args).output().unwrap();
        (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    // Port 9 (discard) on loopback: nothing listens.
    let (ok, err) = compile(&["-e", "File <<| |>>", "--puppetdb", "http://127.0.0.1:9"]);
    assert!(!ok);
    assert!(err.contains("Warning: Error connecting to 127.0.0.1 on 9 at route http://127.0.0.1:9/pdb/query/v4/resources?query="), "{err}");
    assert!(
        err.contains("Error: Could not retrieve resources from the PuppetDB at http://127.0.0.1:9: Failed to execute '/pdb/query/v4/resources?query=%5B%22and%22%2C%5B%22%3D%22%2C%22type%22%2C%22File%22%5D"),
        "{err}"
    );
    let (ok, err) = compile(&["-e", "notice(1)", "--puppetdb", "http://127.0.0.1:9", "--puppetdb-submit"]);
    assert!(!ok, "{err}");
    assert!(err.contains("Error: Failed to execute '/pdb/cmd/v1?checksum="), "{err}");
    assert!(err.contains("&command=replace_facts&"), "{err}");
    let conf = dir.join("puppetdb.conf");
    std::fs::write(&conf, "[main]\nserver_urls = https://127.0.0.1:9\nsoft_write_failure = true\nserver_url_timeout = 5\n").unwrap();
    let ssldir = root().join("target/puppetdb/ssl");
    let (ok, err) = compile(&[
        "-e",
        "notice(1)",
        "--puppetdb",
        conf.to_str().unwrap(),
        "--puppetdb-submit",
        "--certname",
        "puppet.test",
        "--ssldir",
        ssldir.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("Notice: Scope(Class[main]): 1"), "{err}");
    assert_eq!(err.matches("Error: Failed to execute '/pdb/cmd/v1?checksum=").count(), 2, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Batch mode: every node sees PuppetDB as it was when the batch started
/// (its facts and catalogs are submitted after every node compiled), so
/// a first batch over the sshkeys scenario collects nothing from the
/// others, whatever `-j`; a second batch sees the first one's exports,
/// which for the bastion and web2 is what Puppet's step-by-step run gave
/// them (web2: db1's and web1's keys; the bastion: all three).
#[test]
fn batch_sees_puppetdb_as_it_was() {
    let _guard = setup();
    purge();
    let tmp = std::env::temp_dir().join(format!("pjit-pdb-batch-{}", std::process::id()));
    let nodes = tmp.join("nodes");
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(&nodes, "db1.test\nweb1.test\nweb2.test\nbastion.test\n").unwrap();
    let batch = |out: &str, jobs: &str| {
        let start = now();
        let o = Command::new(env!("CARGO_BIN_EXE_pjit"))
            .current_dir(root())
            .args(["compile", "--environmentpath", "tests/puppetdb/envs", "--environment", "sshkeys", "--nodes"])
            .arg(&nodes)
            .arg("--facts-dir")
            .arg(data().join("facts"))
            .args(["--puppetdb", &pdb(), "--puppetdb-submit", "-j", jobs, "-o"])
            .arg(tmp.join(out))
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        for n in ["db1.test", "web1.test", "web2.test", "bastion.test"] {
            wait_stored(n, start, true);
        }
    };
    let catalog = |out: &str, node: &str| -> Json {
        comparable(serde_json::from_slice(&std::fs::read(tmp.join(out).join(format!("{node}.json"))).unwrap()).unwrap())
    };
    let sshkeys = |c: &Json| -> Vec<String> {
        c["resources"].as_array().unwrap().iter().filter(|r| r["type"] == "Sshkey").map(|r| r["title"].as_str().unwrap().to_string()).collect()
    };
    batch("first", "2");
    assert_eq!(sshkeys(&catalog("first", "web2.test")), ["web2.test"]);
    assert!(sshkeys(&catalog("first", "bastion.test")).is_empty());
    let golden = |step: &str| comparable(serde_json::from_str::<Json>(&std::fs::read_to_string(data().join(format!("expected/sshkeys/{step}.json"))).unwrap()).unwrap()["catalog"].clone());
    assert_eq!(catalog("first", "db1.test"), golden("1-db1.test"));
    batch("second", "1");
    // What was collected, whatever order PuppetDB gave it in this time
    // (the scenario test checks the order, from the same state).
    let sorted = unordered;
    for (node, step) in [("web2.test", "3-web2.test"), ("bastion.test", "4-bastion.test")] {
        let (have, want) = (sorted(catalog("second", node)), sorted(golden(step)));
        assert_eq!(have, want, "{}", diff(&have, &want));
    }
    std::fs::remove_dir_all(&tmp).unwrap();
}

/// `pjit compile --config puppet.conf` and its batch mode configured as
/// Puppet is for PuppetDB (`storeconfigs`, `storeconfigs_backend`, the
/// confdir's puppetdb.conf with PuppetDB's HTTPS URL, the host's
/// certificates from `ssldir` and `certname`), the environment from the
/// settings too: a single compile stores db1's facts and catalog, then a
/// batch compiles web1, which collects db1's export, and stores it. Each
/// catalog and what PuppetDB then holds are the sshkeys scenario's
/// goldens for those steps (Puppet Server with the terminus).
#[test]
fn compile_with_puppet_conf() {
    let _guard = setup();
    purge();
    let dir = std::env::temp_dir().join(format!("pjit-pdb-config-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let conf = dir.join("puppet.conf");
    std::fs::write(
        &conf,
        format!(
            "[main]\nconfdir = {dir}\nssldir = {ssl}\ncertname = puppet.test\nhiera_config = {dir}/no-hiera.yaml\n\n\
             [user]\nenvironmentpath = {envs}\nenvironment = sshkeys\nstoreconfigs = true\nstoreconfigs_backend = puppetdb\n\n\
             [server]\nstoreconfigs = false\n",
            dir = dir.display(),
            ssl = root().join("target/puppetdb/ssl").display(),
            envs = data().join("envs").display(),
        ),
    )
    .unwrap();
    std::fs::write(dir.join("puppetdb.conf"), format!("[main]\nserver_urls = https://localhost:{}\n", port("PJIT_PDB_HTTPS_PORT", 8091)))
        .unwrap();
    let golden = |step: &str| -> Json {
        serde_json::from_str(&std::fs::read_to_string(data().join(format!("expected/sshkeys/{step}.json"))).unwrap()).unwrap()
    };
    let mut problems = vec![];
    let mut check = |step: &str, node: &str, catalog: Json| {
        let want = golden(step);
        if comparable(catalog.clone()) != comparable(want["catalog"].clone()) {
            problems.push(format!("{step}: catalog differs\n  {}", diff(&comparable(catalog), &comparable(want["catalog"].clone()))));
        }
        let have = stored(node);
        let want = relative(want["stored"].clone());
        if have != want {
            problems.push(format!("{step}: PuppetDB holds something else\n  {}", diff(&have, &want)));
        }
    };
    let start = now();
    let out = Command::new(env!("CARGO_BIN_EXE_pjit"))
        .current_dir(root())
        .args(["compile", "db1.test", "--config"])
        .arg(&conf)
        .arg("--facts")
        .arg(data().join("facts/db1.test.json"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    wait_stored("db1.test", start, true);
    check("1-db1.test", "db1.test", serde_json::from_slice(&out.stdout).expect("catalog JSON"));
    let nodes = dir.join("nodes");
    std::fs::write(&nodes, "web1.test\n").unwrap();
    let start = now();
    let out = Command::new(env!("CARGO_BIN_EXE_pjit"))
        .current_dir(root())
        .args(["compile", "--config"])
        .arg(&conf)
        .arg("--nodes")
        .arg(&nodes)
        .arg("--facts-dir")
        .arg(data().join("facts"))
        .arg("-o")
        .arg(dir.join("out"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    wait_stored("web1.test", start, true);
    check("2-web1.test", "web1.test", serde_json::from_slice(&std::fs::read(dir.join("out/web1.test.json")).unwrap()).unwrap());
    assert!(problems.is_empty(), "{} differences:\n\n{}", problems.len(), problems.join("\n\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `pjit server` on a free loopback port, killed when the test ends
/// however it ends; its log goes to a file.
struct PjitServer {
    child: std::process::Child,
    port: u16,
    log: PathBuf,
}

impl PjitServer {
    /// With `conf` (puppet.conf) in the confdir, where the puppetdb.conf is.
    fn start(conf: &Path, log: PathBuf) -> PjitServer {
        let child = Command::new(env!("CARGO_BIN_EXE_pjit"))
            .args(["server", "--config"])
            .arg(conf)
            .arg("--confdir")
            .arg(conf.parent().unwrap())
            .args(["--bind", "127.0.0.1:0", "--workers", "2"])
            .stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let mut server = PjitServer { child, port: 0, log };
        wait_until("pjit server to listen", Duration::from_secs(120), || {
            let text = server.log_text();
            let port = text.split("listening on ").nth(1).and_then(|r| r.split([' ', ':']).nth(1)?.parse().ok());
            assert!(server.child.try_wait().unwrap().is_none(), "pjit server exited:\n{text}");
            port.map(|p| server.port = p).is_some()
        });
        server
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for PjitServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The runs of tests/puppetdb/envs/agents/agent-steps: (node, extra facts).
fn agent_steps() -> Vec<(String, String)> {
    std::fs::read_to_string(data().join("envs/agents/agent-steps"))
        .unwrap()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (node, extra) = l.split_once(char::is_whitespace).unwrap();
            (node.to_string(), extra.trim().to_string())
        })
        .collect()
}

/// The files below `dir`, by relative path, sorted.
fn files_below(dir: &Path) -> Json {
    fn walk(base: &Path, d: &Path, out: &mut Vec<(String, Json)>) {
        for e in std::fs::read_dir(d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(base, &p, out);
            } else {
                out.push((p.strip_prefix(base).unwrap().display().to_string(), json!(std::fs::read_to_string(&p).unwrap())));
            }
        }
    }
    let mut out = vec![];
    walk(dir, dir, &mut out);
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Json::Object(out.into_iter().collect())
}

/// `s` with the agents' directory written `@AGENTS@`, as the goldens have it.
fn placeholders(v: Json, agents: &str) -> Json {
    match v {
        Json::String(s) => Json::String(s.replace(agents, "@AGENTS@")),
        Json::Array(a) => Json::Array(a.into_iter().map(|x| placeholders(x, agents)).collect()),
        Json::Object(o) => Json::Object(o.into_iter().map(|(k, x)| (k, placeholders(x, agents))).collect()),
        other => other,
    }
}

/// What PuppetDB holds for a node, its `trusted` fact included (an agent's
/// run has one from its certificate, as Puppet Server's).
fn stored_with_trusted(node: &str) -> Json {
    let mut s = stored(node);
    let trusted = get("/pdb/query/v4/facts", Some(&json!(["and", ["=", "certname", node], ["=", "name", "trusted"]]))).unwrap();
    if let Some(t) = trusted.as_array().and_then(|a| a.first()) {
        let facts = s["facts"].as_object_mut().unwrap();
        facts.insert("trusted".into(), t["value"].clone());
        facts.sort_keys();
    }
    s
}

/// Real `puppet agent --test` runs (Debian's Puppet 7.23, through
/// tests/tools/puppet-agent.sh, as tests/tools/bless-puppetdb-agents.py
/// ran them against Puppet Server with the terminus) against `pjit
/// server` configured as Puppet Server is for PuppetDB: `storeconfigs =
/// true`, `storeconfigs_backend = puppetdb`, a puppetdb.conf with
/// PuppetDB's HTTPS URL, the server's certificate presented and
/// PuppetDB's checked against the CA and the CRL. The web nodes export
/// monitoring checks, the monitor collects them and writes them to disk;
/// web2 then changes its exports and the monitor's next run follows.
/// Per run: the agent's exit status and changes, the catalog it applied,
/// the files it wrote and what PuppetDB then holds for the node (facts
/// with `trusted`, resources, edges) are the goldens', and the stored
/// catalog is the one the agent applied (its version and catalog UUID),
/// for the agent's run (its transaction UUID).
#[test]
fn agents_against_pjit_server() {
    let _guard = setup();
    purge();
    let dir = std::env::temp_dir().join(format!("pjit-pdb-agents-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let agents = dir.join("agents");
    let ssl = root().join("target/puppetdb/ssl");
    let confdir = dir.join("conf");
    std::fs::create_dir_all(&confdir).unwrap();
    let conf = confdir.join("puppet.conf");
    std::fs::write(
        &conf,
        format!(
            "[main]\ncertname = puppet.test\nssldir = {ssl}\nvardir = {dir}/var\nhiera_config = {dir}/no-hiera.yaml\n\n\
             [server]\nenvironmentpath = {envs}\nstoreconfigs = true\nstoreconfigs_backend = puppetdb\nreports = none\n",
            ssl = ssl.display(),
            dir = dir.display(),
            envs = data().join("envs").display(),
        ),
    )
    .unwrap();
    std::fs::write(confdir.join("puppetdb.conf"), format!("[main]\nserver_urls = https://localhost:{}\n", port("PJIT_PDB_HTTPS_PORT", 8091)))
        .unwrap();
    let server = PjitServer::start(&conf, dir.join("server.log"));
    let mut problems = vec![];
    for (n, (node, extra)) in agent_steps().iter().enumerate() {
        let st = Command::new(root().join("tests/tools/puppetdb.sh"))
            .args(["cert", root().join("target/puppetdb").to_str().unwrap(), node])
            .status()
            .unwrap();
        assert!(st.success(), "tests/tools/puppetdb.sh cert {node}");
        let golden: Json = serde_json::from_str(&std::fs::read_to_string(data().join(format!("expected/agents/{}-{node}.json", n + 1))).unwrap())
            .unwrap();
        let start = now();
        let run = Command::new(root().join("tests/tools/puppet-agent.sh"))
            .arg(&agents)
            .arg(node)
            .arg(server.port.to_string())
            .arg(&ssl)
            .arg(data().join(format!("facts/{node}.json")))
            .args([extra, "agents"])
            .output()
            .expect("puppet is installed (CI: .ci/server-deps.sh)");
        let output = String::from_utf8_lossy(&run.stdout).into_owned();
        let what = format!("run {} ({node})", n + 1);
        let exit = run.status.code().unwrap_or(-1);
        assert_eq!(json!(exit), golden["exit"], "{what}: the agent's exit status\n{output}\nserver log:\n{}", server.log_text());
        wait_stored(node, start, true);
        let a = agents.join(node);
        let applied: Json = serde_json::from_slice(&std::fs::read(a.join(format!("var/client_data/catalog/{node}.json"))).unwrap()).unwrap();
        // The stored catalog is the applied one, for this run.
        let report = std::fs::read_to_string(a.join("var/state/last_run_report.yaml")).unwrap();
        // Psych quotes a scalar that could read as something else (a UUID
        // of leading digits, `'078586bc-...'`): the quotes are not the value.
        let transaction = report
            .lines()
            .find_map(|l| l.strip_prefix("transaction_uuid: "))
            .map(|v| v.trim_matches(|c| c == '\'' || c == '"'))
            .unwrap_or_default()
            .to_string();
        let catalog_doc = get(&format!("/pdb/query/v4/catalogs/{node}"), None).unwrap();
        let have = json!([catalog_doc["catalog_uuid"], catalog_doc["version"], catalog_doc["transaction_uuid"]]);
        let want = json!([applied["catalog_uuid"], applied["version"].to_string(), transaction]);
        if have != want {
            problems.push(format!("{what}: PuppetDB stored {have}, the agent ran {want}"));
        }
        let agents_dir = agents.display().to_string();
        let changes: Vec<&str> = output.lines().filter(|l| l.starts_with("Notice: /Stage[")).collect();
        let doc = placeholders(
            json!({
                "exit": exit,
                "changes": changes,
                "catalog": comparable(applied),
                "files": files_below(&a.join("out")),
                "stored": stored_with_trusted(node),
            }),
            &agents_dir,
        );
        // Run 5 collects web2's checks after web2's run 4 updated one of
        // them in PuppetDB: their order is the updated row's place in its
        // table (see `unordered`).
        let (mut golden, mut doc) = (golden, doc);
        golden["catalog"] = unordered(golden["catalog"].take());
        doc["catalog"] = unordered(doc["catalog"].take());
        for k in ["exit", "changes", "catalog", "files", "stored"] {
            if doc[k] != golden[k] {
                problems.push(format!("{what}: {k} differs\n  {}", diff(&doc[k], &golden[k])));
            }
        }
    }
    assert!(problems.is_empty(), "{} differences:\n\n{}\n\nserver log:\n{}", problems.len(), problems.join("\n\n"), server.log_text());
    drop(server);
    std::fs::remove_dir_all(&dir).unwrap();
}
