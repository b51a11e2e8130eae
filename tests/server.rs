//! `pjit server` against real Puppet 7 agents (Debian's `puppet`, which CI
//! installs: `.ci/server-deps.sh`), on loopback, with a throwaway CA
//! (`tests/server/make-pki.sh`: a server, agents a1 (with `pp_role`), a2,
//! a revoked r1 and a tool certificate).
//!
//! One scenario, step by step: `puppet agent --test --noop` for a1 (node,
//! pluginsync, catalog with `$trusted` from its certificate, the metadata
//! of a `puppet:///modules/...` source, the stored report); a real run for
//! a2 that writes the file from the module; the served catalog compared
//! byte for byte with `pjit compile` for the same node, facts and trusted
//! data; the authorization rules (a node cannot fetch another's catalog,
//! the anonymous client gets only the CA certificate, CRL and status, a
//! revoked certificate is refused in the handshake); a failing compile is
//! that request's 500; a changed manifest is seen without a restart; a
//! bounded load test (count- and time-bounded, loopback only) where no
//! request is lost; SIGTERM stops the server.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The server process, killed when the test ends however it ends.
struct Server {
    child: Child,
    port: u16,
    log: Arc<Mutex<String>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits (40 s at most) for the server to exit after a SIGTERM.
fn stopped(server: &mut Server) -> std::process::ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(40);
    loop {
        if let Some(s) = server.child.try_wait().unwrap() {
            return s;
        }
        assert!(Instant::now() < deadline, "the server did not stop on SIGTERM");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn write(p: &Path, text: &str) {
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

const SITE: &str = r#"
node default {
  $ext = $trusted['extensions']
  notify { "role ${ext['pp_role']} for ${trusted['certname']} (${trusted['hostname']} in ${trusted['domain']}) rack ${ext['1.3.6.1.4.1.34380.1.2.1']}": }
  include testmod
  file { "@OUT@/${trusted['certname']}.motd":
    ensure => file,
    source => 'puppet:///modules/testmod/motd',
  }
  file { "@OUT@/${trusted['certname']}.tree":
    ensure             => directory,
    source             => 'puppet:///modules/testmod/tree',
    recurse            => true,
    ignore             => ['*.bak'],
    links              => follow,
    source_permissions => use,
  }
  file { "@OUT@/${trusted['certname']}.link":
    source => 'puppet:///modules/testmod/tree/link',
    links  => manage,
  }
}
"#;

/// The throwaway PKI in `dir/pki` and the server's ssldir made from it
/// (`dir/server/ssl`).
fn pki(dir: &Path) -> PathBuf {
    let status = Command::new("sh").arg(root().join("tests/server/make-pki.sh")).arg(dir.join("pki")).status().unwrap();
    assert!(status.success(), "make-pki.sh failed");
    let pki = dir.join("pki");
    let ssl = dir.join("server/ssl");
    for (from, to) in [
        ("ca.pem", "certs/ca.pem"),
        ("server.test.pem", "certs/server.test.pem"),
        ("server.test.key", "private_keys/server.test.pem"),
        ("crl.pem", "crl.pem"),
    ] {
        std::fs::create_dir_all(ssl.join(to).parent().unwrap()).unwrap();
        std::fs::copy(pki.join(from), ssl.join(to)).unwrap();
    }
    ssl
}

/// `dir/server/puppet.conf` for the ssldir and the code directory (its
/// `environments`), with more `[server]` settings; returns its path.
fn puppet_conf(dir: &Path, ssl: &Path, code: &Path, server: &str) -> PathBuf {
    let conf = dir.join("server/puppet.conf");
    write(
        &conf,
        &format!(
            "[main]\nssldir = {ssl}\nvardir = {var}\ncodedir = {code}\nbasemodulepath = {code}/modules\n\
             hiera_config = {dir}/no-hiera.yaml\nruninterval = 30m\n\n[server]\ncertname = server.test\n\
             reportdir = {dir}/reports\nenvironment_timeout = unlimited\n{server}",
            ssl = ssl.display(),
            var = dir.join("server/var").display(),
            code = code.display(),
            dir = dir.display(),
        ),
    );
    conf
}

/// The PKI, the code directory and puppet.conf; returns the config file.
fn setup(dir: &Path) -> PathBuf {
    let ssl = pki(dir);
    let code = dir.join("code");
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    write(&code.join("environments/production/manifests/site.pp"), &SITE.replace("@OUT@", out.to_str().unwrap()));
    write(
        &code.join("environments/production/modules/testmod/manifests/init.pp"),
        "class testmod { notify { 'testmod says hello': } }\n",
    );
    write(&code.join("environments/production/modules/testmod/files/motd"), "served by pjit\n");
    // A tree for a recursive source: a file with its own mode, a
    // subdirectory, an ignored file, a symbolic link.
    let tree = code.join("environments/production/modules/testmod/files/tree");
    write(&tree.join("a.txt"), "alpha\n");
    std::fs::set_permissions(tree.join("a.txt"), std::os::unix::fs::PermissionsExt::from_mode(0o640)).unwrap();
    write(&tree.join("sub/b.txt"), "beta\n");
    write(&tree.join("skip.bak"), "ignored\n");
    std::os::unix::fs::symlink("a.txt", tree.join("link")).unwrap();
    write(&code.join("environments/production/modules/testmod/lib/facter/pjit_test.rb"), "Facter.add(:pjit_test) { setcode { 'synced' } }\n");
    write(&code.join("environments/broken/manifests/site.pp"), "node default { notify { 'x': message => $facts['nope'].bogus_function() } }\n");
    std::fs::create_dir_all(code.join("modules")).unwrap();
    puppet_conf(dir, &ssl, &code, "")
}

/// `pjit server` on a free loopback port, with more flags.
fn start(dir: &Path, conf: &Path, flags: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pjit"))
        .args(["server", "--config"])
        .arg(conf)
        .args(["--bind", "127.0.0.1:0", "--workers", "2", "--tools-allow", "tool.test", "--watch-interval", "1"])
        .args(flags)
        .arg("--access-log")
        .arg(dir.join("access.log"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let log = Arc::new(Mutex::new(String::new()));
    let (tx, rx) = std::sync::mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    let sink = log.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(rest) = line.split("listening on ").nth(1) {
                let _ = tx.send(rest.split([' ', ':']).nth(1).and_then(|p| p.parse::<u16>().ok()));
            }
            sink.lock().unwrap().push_str(&line);
            sink.lock().unwrap().push('\n');
        }
    });
    let port = rx.recv_timeout(Duration::from_secs(60)).ok().flatten();
    let port = port.unwrap_or_else(|| panic!("the server did not start:\n{}", log.lock().unwrap()));
    Server { child, port, log }
}

/// `puppet agent --test` as `certname`, with its own directories.
fn agent(dir: &Path, server: &Server, certname: &str, noop: bool) -> (i32, String) {
    let a = dir.join("agents").join(certname);
    let ssl = a.join("ssl");
    let pki = dir.join("pki");
    for (from, to) in [
        ("ca.pem".to_string(), "certs/ca.pem".to_string()),
        (format!("{certname}.pem"), format!("certs/{certname}.pem")),
        (format!("{certname}.key"), format!("private_keys/{certname}.pem")),
        ("crl.pem".to_string(), "crl.pem".to_string()),
    ] {
        std::fs::create_dir_all(ssl.join(&to).parent().unwrap()).unwrap();
        std::fs::copy(pki.join(&from), ssl.join(&to)).unwrap();
    }
    let mut cmd = Command::new("puppet");
    cmd.args(["agent", "--test", "--server", "127.0.0.1", "--serverport"])
        .arg(server.port.to_string())
        .args(["--certname", certname, "--environment", "production", "--color", "false"]);
    for (setting, sub) in [("confdir", "conf"), ("vardir", "var"), ("logdir", "log"), ("rundir", "run"), ("codedir", "code"), ("publicdir", "public")] {
        cmd.arg(format!("--{setting}")).arg(a.join(sub));
    }
    cmd.arg("--ssldir").arg(&ssl);
    if noop {
        cmd.arg("--noop");
    }
    let out = cmd.output().expect("puppet is installed (CI: .ci/server-deps.sh)");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.code().unwrap_or(-1), text)
}

/// `curl` with the given client certificate (None: anonymous); returns
/// (curl's exit status, HTTP status, body).
fn curl(dir: &Path, server: &Server, cert: Option<&str>, args: &[&str], path: &str) -> (i32, u16, String) {
    let pki = dir.join("pki");
    let mut cmd = Command::new("curl");
    cmd.args(["-s", "--max-time", "60", "-o", "-", "-w", "\n%{http_code}"]).arg("--cacert").arg(pki.join("ca.pem"));
    if let Some(c) = cert {
        cmd.arg("--cert").arg(pki.join(format!("{c}.pem"))).arg("--key").arg(pki.join(format!("{c}.key")));
    }
    cmd.args(args).arg(format!("https://127.0.0.1:{}{path}", server.port));
    let out = cmd.output().expect("curl is installed");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let (body, code) = text.rsplit_once('\n').unwrap_or(("", "0"));
    (out.status.code().unwrap_or(-1), code.trim().parse().unwrap_or(0), body.to_string())
}

fn reports_of(dir: &Path, node: &str) -> Vec<String> {
    let Ok(rd) = std::fs::read_dir(dir.join("reports").join(node)) else { return vec![] };
    rd.flatten().map(|e| std::fs::read_to_string(e.path()).unwrap()).collect()
}

#[test]
fn puppet_agents_against_pjit_server() {
    let dir = std::env::temp_dir().join(format!("pjit-server-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let conf = setup(&dir);
    let server = start(&dir, &conf, &[]);
    let startup = server.log.lock().unwrap().clone();
    assert!(
        startup.contains("Warning: setting not supported by pjit (no effect) 'runinterval' in [main]"),
        "unsupported settings are reported at start:\n{startup}"
    );

    // a1: a noop run. Pluginsync, the catalog with its trusted data, the
    // metadata of the module file, the report.
    let (code, out) = agent(&dir, &server, "a1.test", true);
    assert!(code == 0 || code == 2, "agent a1 exited {code}:\n{out}");
    // Facter's own complaints about the machine (a sandbox may hide
    // /proc/1) are not the server's.
    assert!(!out.lines().any(|l| l.starts_with("Error:") && !l.starts_with("Error: Facter:")), "agent a1 reported errors:\n{out}");
    assert!(out.contains("Notify[role webserver for a1.test (a1 in test) rack rack-7]/message: current_value 'absent', should be"), "{out}");
    assert!(out.contains("Notify[testmod says hello]"), "{out}");
    assert!(out.contains("a1.test.motd]/ensure: current_value 'absent', should be 'file' (noop)"), "{out}");
    assert!(out.contains("a1.test.tree]/ensure: current_value 'absent', should be 'directory' (noop)"), "{out}");
    assert!(out.contains("Applied catalog"), "{out}");
    let synced = dir.join("agents/a1.test/var/lib/facter/pjit_test.rb");
    assert!(synced.is_file(), "pluginsync brought the module's fact:\n{out}");
    let reports = reports_of(&dir, "a1.test");
    assert_eq!(reports.len(), 1, "one stored report for a1");
    assert!(reports[0].starts_with("--- !ruby/object:Puppet::Transaction::Report\n"), "{}", reports[0]);
    assert!(reports[0].contains("host: a1.test") && reports[0].contains("noop: true"), "{}", reports[0]);

    // a2: a real run writes the module's file.
    let (code, out) = agent(&dir, &server, "a2.test", false);
    assert_eq!(code, 2, "agent a2 (changes applied):\n{out}");
    assert_eq!(std::fs::read_to_string(dir.join("out/a2.test.motd")).unwrap(), "served by pjit\n");
    assert!(out.contains("Notify[role  for a2.test (a2 in test) rack ]"), "a2 has no extensions:\n{out}");
    // The recursive source: `ignore`, `links => follow` (the link's
    // target's content), `source_permissions => use` (the source's mode);
    // and a link managed as a link.
    use std::os::unix::fs::PermissionsExt;
    let tree = dir.join("out/a2.test.tree");
    assert_eq!(std::fs::read_to_string(tree.join("a.txt")).unwrap(), "alpha\n", "{out}");
    assert_eq!(std::fs::metadata(tree.join("a.txt")).unwrap().permissions().mode() & 0o777, 0o640, "source_permissions => use");
    assert_eq!(std::fs::read_to_string(tree.join("sub/b.txt")).unwrap(), "beta\n");
    assert!(!tree.join("skip.bak").exists(), "ignore => *.bak");
    assert!(std::fs::symlink_metadata(tree.join("link")).unwrap().is_file(), "links => follow copies the target");
    assert_eq!(std::fs::read_to_string(tree.join("link")).unwrap(), "alpha\n");
    assert_eq!(std::fs::read_link(dir.join("out/a2.test.link")).unwrap(), Path::new("a.txt"), "links => manage");
    assert_eq!(reports_of(&dir, "a2.test").len(), 1);

    let log = std::fs::read_to_string(dir.join("access.log")).unwrap();
    // (An agent given --environment asks for no node object.)
    for path in ["GET /puppet/v3/file_metadatas/plugins?", "GET /puppet/v3/file_metadatas/modules/testmod/tree?", "POST /puppet/v3/catalog/a1.test?", "GET /puppet/v3/file_metadata/modules/testmod/motd?", "GET /puppet/v3/file_content/modules/testmod/motd?", "PUT /puppet/v3/report/a2.test?"] {
        assert!(log.lines().any(|l| l.contains(path) && l.contains("\" 200 ")), "access log has {path}:\n{log}");
    }
    assert!(log.lines().any(|l| l.starts_with("127.0.0.1 - - [") && l.contains("\"Puppet/7.")), "{log}");

    // The served catalog is the one `pjit compile` prints for the same
    // node, facts and trusted data.
    let facts = r#"{"name":"a1.test","values":{"os":{"family":"Debian"},"answer":42}}"#;
    std::fs::write(dir.join("facts.json"), facts).unwrap();
    let form_facts: String = form_urlencoded::byte_serialize(facts.as_bytes()).collect();
    let (_, status, served) = curl(
        &dir,
        &server,
        Some("a1.test"),
        &["--data-urlencode", "facts_format=application/json", "--data-urlencode", &format!("facts={form_facts}")],
        "/puppet/v3/catalog/a1.test?environment=production",
    );
    assert_eq!(status, 200, "{served}");
    std::fs::write(
        dir.join("trusted.json"),
        r#"{"authenticated":"remote","certname":"a1.test","extensions":{"pp_role":"webserver","1.3.6.1.4.1.34380.1.2.1":"rack-7"},"hostname":"a1","domain":"test","external":{}}"#,
    )
    .unwrap();
    let compiled = Command::new(env!("CARGO_BIN_EXE_pjit"))
        .args(["compile", "a1.test", "--environment", "production", "--environmentpath"])
        .arg(dir.join("code/environments"))
        .arg("--facts")
        .arg(dir.join("facts.json"))
        .arg("--trusted")
        .arg(dir.join("trusted.json"))
        .output()
        .unwrap();
    assert!(compiled.status.success(), "{}", String::from_utf8_lossy(&compiled.stderr));
    assert_eq!(served, String::from_utf8_lossy(&compiled.stdout), "served and compiled catalogs differ");

    // Authorization: Puppet Server's default rules.
    let (_, status, body) = curl(&dir, &server, Some("a2.test"), &[], "/puppet/v3/catalog/a1.test?environment=production");
    assert_eq!(status, 403, "a2 cannot fetch a1's catalog: {body}");
    assert!(body.contains("denied by rule 'puppetlabs v3 catalog from agents'"), "{body}");
    let (_, status, _) = curl(&dir, &server, Some("a2.test"), &["-X", "PUT", "--data", "{}"], "/puppet/v3/report/a1.test?environment=production");
    assert_eq!(status, 403, "a2 cannot store a report for a1");
    for (path, expected) in [
        ("/puppet-ca/v1/certificate/ca", 200),
        ("/puppet-ca/v1/certificate_revocation_list/ca", 200),
        ("/status/v1/simple", 200),
        ("/puppet/v3/catalog/a1.test?environment=production", 403),
        ("/puppet/v3/node/a1.test?environment=production", 403),
        ("/puppet/v3/environments", 403),
        ("/puppet/v3/file_content/modules/testmod/motd?environment=production", 403),
    ] {
        let (_, status, body) = curl(&dir, &server, None, &[], path);
        assert_eq!(status, expected, "anonymous {path}: {body}");
    }
    let (_, _, ca) = curl(&dir, &server, None, &[], "/puppet-ca/v1/certificate/ca");
    assert_eq!(ca, std::fs::read_to_string(dir.join("pki/ca.pem")).unwrap());
    let (exit, status, _) = curl(&dir, &server, Some("r1.test"), &[], "/status/v1/simple");
    assert!(exit != 0 && status == 0, "the revoked certificate is refused in the handshake (curl {exit}, HTTP {status})");
    let (_, status, _) = curl(&dir, &server, Some("a1.test"), &["-X", "POST", "--data", "{}"], "/puppet/v4/catalog");
    assert_eq!(status, 403, "v4 catalog only for allowed tools");
    let v4 = r#"{"certname":"a2.test","environment":"production","persistence":{"facts":false,"catalog":false},"facts":{"values":{}}}"#;
    let (_, status, body) = curl(&dir, &server, Some("tool.test"), &["-H", "Content-Type: application/json", "--data", v4], "/puppet/v4/catalog");
    assert_eq!(status, 200, "{body}");
    assert!(body.starts_with("{\"catalog\":") && body.contains("role  for a2.test"), "{body}");

    // A failing compile is that request's error, in Puppet's form.
    let (_, status, body) = curl(&dir, &server, Some("a1.test"), &[], "/puppet/v3/catalog/a1.test?environment=broken");
    assert_eq!(status, 500, "{body}");
    let err: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(err["message"].as_str().unwrap().starts_with("Server Error: Evaluation Error:"), "{body}");
    assert_eq!(err["issue_kind"], "RUNTIME_ERROR");
    let (_, status, body) = curl(&dir, &server, Some("a1.test"), &[], "/puppet/v3/catalog/a1.test?environment=nosuch");
    assert_eq!(status, 404, "{body}");
    let (_, status, _) = curl(&dir, &server, Some("a1.test"), &[], "/puppet/v3/catalog/a1.test");
    assert_eq!(status, 400, "no environment");

    // A changed file is seen without a restart (the watcher, or the admin
    // API's cache flush).
    let site = dir.join("code/environments/production/manifests/site.pp");
    let text = std::fs::read_to_string(&site).unwrap();
    std::fs::write(&site, text.replace("include testmod", "include testmod\n  notify { 'changed on disk': }")).unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (_, _, body) = curl(&dir, &server, Some("a1.test"), &[], "/puppet/v3/catalog/a1.test?environment=production");
        if body.contains("changed on disk") {
            break;
        }
        assert!(Instant::now() < deadline, "the changed manifest was not seen within 30 s");
        std::thread::sleep(Duration::from_millis(500));
    }
    let (_, status, _) = curl(&dir, &server, Some("tool.test"), &["-X", "DELETE"], "/puppet-admin-api/v1/environment-cache");
    assert_eq!(status, 204);

    // environment_classes: the Etag names the answer; the same tag back is
    // 304 until a class changes.
    let classes = |tag: Option<&str>| {
        let headers = dir.join("classes-headers.txt");
        let mut args = vec!["-D".to_string(), headers.display().to_string()];
        if let Some(t) = tag {
            args.extend(["-H".to_string(), format!("If-None-Match: {t}")]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, status, body) = curl(&dir, &server, Some("tool.test"), &args, "/puppet/v3/environment_classes?environment=production");
        let headers = std::fs::read_to_string(&headers).unwrap();
        let etag = headers.lines().find_map(|l| l.strip_prefix("etag: ")).map(|t| t.trim().to_string());
        (status, etag, body)
    };
    let (status, etag, body) = classes(None);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(r#"{"name":"testmod","params":[]}"#), "{body}");
    let etag = etag.expect("an Etag");
    assert_eq!(classes(Some(&etag)).0, 304);
    assert_eq!(classes(Some(&format!("{etag}--gzip"))).0, 304, "the tag Jetty sends for a gzipped body is the same tag");
    let init = dir.join("code/environments/production/modules/testmod/manifests/init.pp");
    write(&init, "class testmod (Integer $port = 80) { notify { 'testmod says hello': } }\n");
    let (status, new_etag, body) = classes(Some(&etag));
    assert_eq!(status, 200, "a changed class is a new answer: {body}");
    assert!(body.contains(r#"{"name":"testmod","params":[{"default_literal":80,"default_source":"80","name":"port","type":"Integer"}]}"#), "{body}");
    assert_ne!(new_etag.as_deref(), Some(etag.as_str()));
    let (_, status, body) = curl(&dir, &server, Some("a1.test"), &[], "/puppet/v3/environment_classes?environment=production");
    assert_eq!(status, 403, "environment_classes only for allowed tools: {body}");
    // (The compiles see the changed class too, before the load test.)
    let deadline = Instant::now() + Duration::from_secs(30);
    while !curl(&dir, &server, Some("a1.test"), &[], "/puppet/v3/catalog/a1.test?environment=production").2.contains("\"port\": 80") {
        assert!(Instant::now() < deadline, "the changed class was not seen within 30 s");
        std::thread::sleep(Duration::from_millis(500));
    }

    // Load: 400 catalog requests, 40 at a time, none lost, all the same.
    let (_, _, reference) = curl(&dir, &server, Some("a1.test"), &[], "/puppet/v3/catalog/a1.test?environment=production");
    let n = 400;
    let mut list = String::new();
    for i in 0..n {
        list.push_str(&format!(
            "url = \"https://127.0.0.1:{}/puppet/v3/catalog/a1.test?environment=production&i={i}\"\noutput = \"{}/load/{i}.json\"\n",
            server.port,
            dir.display()
        ));
    }
    std::fs::create_dir_all(dir.join("load")).unwrap();
    std::fs::write(dir.join("load.cfg"), list).unwrap();
    let pki = dir.join("pki");
    let start = Instant::now();
    let out = Command::new("curl")
        .args(["-s", "--parallel", "--parallel-max", "40", "--max-time", "120", "-w", "%{http_code}\n"])
        .arg("--cacert")
        .arg(pki.join("ca.pem"))
        .arg("--cert")
        .arg(pki.join("a1.test.pem"))
        .arg("--key")
        .arg(pki.join("a1.test.key"))
        .arg("-K")
        .arg(dir.join("load.cfg"))
        .output()
        .unwrap();
    let secs = start.elapsed().as_secs_f64();
    let codes = String::from_utf8_lossy(&out.stdout);
    assert_eq!(codes.lines().filter(|c| *c == "200").count(), n, "every request answered 200: {codes}");
    for i in 0..n {
        let body = std::fs::read_to_string(dir.join(format!("load/{i}.json"))).unwrap();
        assert!(body == reference, "request {i} got a different catalog");
    }
    eprintln!("load: {n} catalogs in {secs:.2} s ({:.0}/s) over 40 connections", n as f64 / secs);
    let (_, _, metrics) = curl(&dir, &server, None, &[], "/metrics");
    assert!(metrics.contains("pjit_compile_seconds_count"), "{metrics}");
    assert!(metrics.contains("pjit_http_requests_total{endpoint=\"catalog\",method=\"GET\",status=\"200\"}"), "{metrics}");

    // SIGTERM: a graceful stop.
    let mut server = server;
    // SAFETY: kill(2) on our own child's pid.
    unsafe { libc::kill(server.child.id() as i32, libc::SIGTERM) };
    let status = stopped(&mut server);
    assert!(status.success(), "exit status after SIGTERM: {status}");
    assert!(server.log.lock().unwrap().contains("pjit server stopped"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `GET /puppet/v3/environment_classes` against Puppet Server's answers
/// for the environments of `tests/server/classes/environments`
/// (`tests/tools/bless-environment-classes.sh`): the same files, classes,
/// parameters, types, default sources and literals, byte for byte in
/// Puppet Server's compact sorted form, paths relative to the checkout.
#[test]
fn environment_classes_match_puppet_server() {
    if !root().join("target/trixie-modules/mysql").is_dir() {
        let st = Command::new(root().join("tests/tools/trixie-modules.sh")).status().expect("trixie-modules.sh");
        assert!(st.success(), "tests/tools/trixie-modules.sh failed");
    }
    let dir = std::env::temp_dir().join(format!("pjit-server-classes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ssl = pki(&dir);
    let data = root().join("tests/server/classes");
    let conf = puppet_conf(&dir, &ssl, &data, "");
    let server = start(&dir, &conf, &[]);
    let prefix = format!("{}/", root().display());
    for env in ["production", "single", "trixie"] {
        let path = format!("/puppet/v3/environment_classes?environment={env}");
        let (_, status, body) = curl(&dir, &server, Some("tool.test"), &[], &path);
        assert_eq!(status, 200, "{env}: {body}");
        let golden: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(data.join(format!("expected/{env}.json"))).unwrap()).unwrap();
        let body = body.replace(&prefix, "");
        let have: serde_json::Value = serde_json::from_str(&body).unwrap();
        if have != golden {
            let (h, g) = (have["files"].as_array().unwrap(), golden["files"].as_array().unwrap());
            let differ: Vec<String> = h
                .iter()
                .zip(g)
                .filter(|(a, b)| a != b)
                .take(3)
                .map(|(a, b)| format!("pjit:   {a}\nPuppet: {b}"))
                .collect();
            panic!("{env}: {} files (Puppet {}); first differences:\n{}", h.len(), g.len(), differ.join("\n\n"));
        }
        assert_eq!(body, golden.to_string(), "{env}: same document, but not in Puppet Server's compact sorted form");
    }
    // A type expression that is not literal: no type (Puppet Server fails
    // the whole request on it; see docs/puppet-differences.md).
    let (_, status, body) = curl(&dir, &server, Some("tool.test"), &[], "/puppet/v3/environment_classes?environment=dynamic");
    assert_eq!(status, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let params = &v["files"][0]["classes"][0]["params"];
    assert_eq!(params[1], serde_json::json!({"default_literal": 2, "default_source": "2", "name": "value"}), "{body}");
    assert_eq!(params[0]["type"], "Integer", "{body}");
    // Puppet Server's plain-text errors.
    for (path, code, text) in [
        ("/puppet/v3/environment_classes", 400, "An environment parameter must be specified"),
        ("/puppet/v3/environment_classes?environment=bog%7Cus", 400, "The environment must be purely alphanumeric, not 'bog|us'"),
        ("/puppet/v3/environment_classes?environment=nosuch", 404, "Could not find environment 'nosuch'"),
    ] {
        let (_, status, body) = curl(&dir, &server, Some("tool.test"), &[], path);
        assert_eq!((status, body.as_str()), (code, text), "{path}");
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A server with `flags` over three environments: `production` (`site`),
/// and two past any limit: `slow`, endless (ten billion steps of two
/// nested iterations, each within the iteration size pjit supports), and
/// `hungry` (a string that doubles at each step). Returns its directory,
/// ssldir and puppet.conf with it.
fn limits_server(name: &str, site: &str, flags: &[&str]) -> (PathBuf, PathBuf, PathBuf, Server) {
    let dir = std::env::temp_dir().join(format!("pjit-server-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ssl = pki(&dir);
    let code = dir.join("code");
    write(
        &code.join("environments/slow/manifests/site.pp"),
        "node default { Integer[1, 10000000].each |$i| { Integer[1, 1000].each |$j| { } } }\n",
    );
    write(
        &code.join("environments/hungry/manifests/site.pp"),
        "node default { $s = Integer[1, 40].reduce('x') |$m, $i| { \"${m}${m}\" } notice(length($s)) }\n",
    );
    write(&code.join("environments/production/manifests/site.pp"), site);
    std::fs::create_dir_all(code.join("modules")).unwrap();
    let conf = puppet_conf(&dir, &ssl, &code, "");
    let server = start(&dir, &conf, flags);
    (dir, ssl, conf, server)
}

/// A compile past the time limit or over its memory bound is that
/// request's error and the server goes on serving; SIGHUP reloads
/// puppet.conf (a setting that changes the next compiles), the
/// certificates and the CRL (a newly revoked agent is refused).
#[test]
fn compile_limits_and_sighup_reload() {
    let (dir, ssl, conf, server) =
        limits_server("limits", "node default { notify { \"value '${nosuch}'\": } }\n", &["--compile-timeout", "2", "--compile-memory", "64"]);
    let catalog = |env: &str| {
        let started = Instant::now();
        let (_, status, body) = curl(&dir, &server, Some("a1.test"), &[], &format!("/puppet/v3/catalog/a1.test?environment={env}"));
        (status, body, started.elapsed())
    };

    let (status, body, took) = catalog("slow");
    assert_eq!(status, 500, "{body}");
    assert!(body.contains("Compiling the catalog of a1.test took longer than the server's limit of 2 seconds"), "{body}");
    assert!(took < Duration::from_secs(30), "stopped at the limit, not at the end: {took:?}");
    let (status, body, _) = catalog("hungry");
    assert_eq!(status, 500, "{body}");
    assert!(body.contains("Compiling the catalog of a1.test took more than the server's limit of 64 MB of memory"), "{body}");
    // The workers serve on.
    for _ in 0..3 {
        let (status, body, _) = catalog("production");
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("value ''"), "{body}");
    }
    assert_eq!(curl(&dir, &server, Some("a2.test"), &[], "/status/v1/simple").1, 200);

    // SIGHUP: strict_variables on, a2 revoked.
    let conf_text = std::fs::read_to_string(&conf).unwrap();
    std::fs::write(&conf, format!("{conf_text}strict_variables = true\n")).unwrap();
    let pki = dir.join("pki");
    for args in [&["-revoke", "a2.test.pem"][..], &["-gencrl", "-out", "crl.pem"][..]] {
        let st = Command::new("openssl")
            .current_dir(&pki)
            .args(["ca", "-config", "ca.cnf", "-keyfile", "ca.key", "-cert", "ca.pem"])
            .args(args)
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(st.success(), "openssl ca {args:?}");
    }
    std::fs::copy(pki.join("crl.pem"), ssl.join("crl.pem")).unwrap();
    // SAFETY: kill(2) on our own child's pid.
    unsafe { libc::kill(server.child.id() as i32, libc::SIGHUP) };
    let deadline = Instant::now() + Duration::from_secs(30);
    while !server.log.lock().unwrap().contains("pjit server reloaded its configuration") {
        assert!(Instant::now() < deadline, "no reload after SIGHUP:\n{}", server.log.lock().unwrap());
        std::thread::sleep(Duration::from_millis(100));
    }
    let (status, body, _) = catalog("production");
    assert_eq!(status, 500, "strict_variables after the reload: {body}");
    assert!(body.contains("Unknown variable: 'nosuch'"), "{body}");
    let (exit, status, _) = curl(&dir, &server, Some("a2.test"), &[], "/status/v1/simple");
    assert!(exit != 0 && status == 0, "a2 is refused after the CRL reload (curl {exit}, HTTP {status})");
    assert_eq!(curl(&dir, &server, Some("a1.test"), &[], "/status/v1/simple").1, 200);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The process-wide memory bound stops the oldest compile while the
/// server is over it, and the server serves on; SIGTERM with a compile
/// in flight lets that request finish with its answer (here the time
/// limit's error), refuses new connections, and exits cleanly.
#[test]
fn process_memory_bound_and_sigterm_in_flight() {
    let (dir, _, _, mut server) =
        limits_server("memory", "node default { notify { 'served': } }\n", &["--compile-timeout", "4", "--max-memory", "300"]);
    let catalog = |env: &str| {
        let (_, status, body) = curl(&dir, &server, Some("a1.test"), &[], &format!("/puppet/v3/catalog/a1.test?environment={env}"));
        (status, body)
    };
    let (status, body) = catalog("hungry");
    assert_eq!(status, 500, "{body}");
    assert!(body.contains("Compiling the catalog of a1.test was stopped: the server is over its memory limit of 300 MB"), "{body}");
    for _ in 0..3 {
        let (status, body) = catalog("production");
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("served"), "{body}");
    }

    // SIGTERM while a compile runs: its request is answered.
    let in_flight = std::thread::scope(|s| {
        let request = s.spawn(|| catalog("slow"));
        // Wait until the compile runs, so that SIGTERM finds it in flight.
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let (_, _, metrics) = curl(&dir, &server, None, &[], "/metrics");
            if metrics.lines().any(|l| l.starts_with("pjit_compiles_running ") && !l.ends_with(" 0")) {
                break;
            }
            assert!(Instant::now() < deadline, "the slow compile did not start:\n{metrics}");
            std::thread::sleep(Duration::from_millis(50));
        }
        // SAFETY: kill(2) on our own child's pid.
        unsafe { libc::kill(server.child.id() as i32, libc::SIGTERM) };
        std::thread::sleep(Duration::from_millis(300));
        let (exit, status, _) = curl(&dir, &server, Some("a1.test"), &[], "/status/v1/simple");
        assert!(exit != 0 && status == 0, "a new connection after SIGTERM is refused (curl {exit}, HTTP {status})");
        request.join().unwrap()
    });
    assert_eq!(in_flight.0, 500, "{}", in_flight.1);
    assert!(in_flight.1.contains("took longer than the server's limit of 4 seconds"), "{}", in_flight.1);
    let status = stopped(&mut server);
    assert!(status.success(), "exit status after SIGTERM: {status}");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `openssl s_client` on the server as `cert`: its stdin is the raw
/// connection (what it is sent goes out as is), its stdout what the server
/// answers.
fn raw_tls(dir: &Path, server: &Server, cert: &str) -> Child {
    let pki = dir.join("pki");
    Command::new("openssl")
        .args(["s_client", "-quiet", "-connect"])
        .arg(format!("127.0.0.1:{}", server.port))
        .arg("-CAfile")
        .arg(pki.join("ca.pem"))
        .arg("-cert")
        .arg(pki.join(format!("{cert}.pem")))
        .arg("-key")
        .arg(pki.join(format!("{cert}.key")))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("openssl is installed")
}

/// What the server answers `raw` on one connection of its own.
fn raw_request(dir: &Path, server: &Server, raw: &[u8]) -> String {
    use std::io::Write;
    let mut c = raw_tls(dir, server, "a1.test");
    c.stdin.take().unwrap().write_all(raw).unwrap();
    let out = c.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Hostile requests and slow clients are their own errors: a malformed
/// request line, a bad path, an oversized body (declared or sent), facts
/// that are not JSON, nested past any sensible depth, or that try to
/// shadow `$trusted`, each get their status and Puppet's error body;
/// clients that connect and send nothing, or send half a request, hold
/// only their own connections while other agents get their catalogs, and
/// the silent ones are cut off.
#[test]
fn hostile_requests_and_slow_clients() {
    use std::io::{Read, Write};
    let dir = std::env::temp_dir().join(format!("pjit-server-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ssl = pki(&dir);
    let code = dir.join("code");
    write(&code.join("environments/production/manifests/site.pp"), "node default { notify { \"for ${trusted['certname']}\": } }\n");
    std::fs::create_dir_all(code.join("modules")).unwrap();
    let conf = puppet_conf(&dir, &ssl, &code, "");
    let server = start(&dir, &conf, &["--max-body", "1000000"]);
    let catalog = "/puppet/v3/catalog/a1.test?environment=production";
    let ok = |dir: &Path| {
        let (_, status, body) = curl(dir, &server, Some("a1.test"), &[], catalog);
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("for a1.test"), "{body}");
    };

    // Slow clients: silent TCP connections (no TLS handshake), held to
    // the end, and TLS connections that send half a request's headers.
    let silent: Vec<std::net::TcpStream> =
        (0..20).map(|_| std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap()).collect();
    let mut halves: Vec<Child> = (0..8).map(|_| raw_tls(&dir, &server, "a1.test")).collect();
    for c in &mut halves {
        let stdin = c.stdin.as_mut().unwrap();
        stdin.write_all(b"GET /status/v1/simple HTTP/1.1\r\nHost: x\r\n").unwrap();
        stdin.flush().unwrap();
    }
    // Other agents are served meanwhile.
    for _ in 0..5 {
        ok(&dir);
    }
    // The half requests still wait on their own connections (the header
    // timeout is 30 s); finished, they are answered.
    for c in &mut halves {
        assert!(c.try_wait().unwrap().is_none(), "a slow client was dropped early");
        let stdin = c.stdin.as_mut().unwrap();
        stdin.write_all(b"Connection: close\r\n\r\n").unwrap();
    }
    for c in halves {
        let out = c.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with("HTTP/1.1 200") && text.ends_with("running"), "{text}");
    }

    // Malformed requests.
    let answer = raw_request(&dir, &server, b"BLAH\r\n\r\n");
    assert!(answer.starts_with("HTTP/1.1 400"), "a malformed request line: {answer}");
    let answer = raw_request(&dir, &server, b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n");
    assert!(answer.starts_with("HTTP/1.1 400"), "a malformed header: {answer}");
    let (_, status, body) = curl(&dir, &server, Some("a1.test"), &[], "/puppet/v3/catalog/a1%ff?environment=production");
    assert_eq!(status, 400, "a path that is not UTF-8: {body}");
    let (_, status, body) = curl(&dir, &server, Some("a1.test"), &["--path-as-is"], "/puppet/v3/file_content/modules/testmod/../../../../../../etc/passwd?environment=production");
    assert!(status == 403 || status == 404, "a path out of the modules: {status} {body}");
    assert!(!body.contains("root:"), "{body}");

    // Oversized bodies: declared, then sent (chunked, no length).
    let answer = raw_request(
        &dir,
        &server,
        b"POST /puppet/v3/catalog/a1.test?environment=production HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\nConnection: close\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.1 413") && answer.contains("Payload Too Large"), "a declared oversized body: {answer}");
    let big = dir.join("big.form");
    std::fs::write(&big, format!("environment=production&padding={}", "x".repeat(2_000_000))).unwrap();
    let (_, status, body) = curl(
        &dir,
        &server,
        Some("a1.test"),
        &["-H", "Transfer-Encoding: chunked", "--data-binary", &format!("@{}", big.display())],
        catalog,
    );
    assert_eq!(status, 413, "a sent oversized body: {body}");
    let err: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(err["message"].as_str().unwrap().starts_with("Payload Too Large: "), "{body}");

    // Hostile facts.
    let post_facts = |facts: &str, format: &str| {
        let form = dir.join("facts.form");
        let encoded: String = form_urlencoded::byte_serialize(facts.as_bytes()).collect();
        std::fs::write(&form, format!("facts_format={format}&facts={encoded}")).unwrap();
        curl(&dir, &server, Some("a1.test"), &["--data-binary", &format!("@{}", form.display())], catalog)
    };
    let (_, status, body) = post_facts("not json", "application/json");
    assert_eq!(status, 400, "{body}");
    let (_, status, body) = post_facts("{\"values\": {}}", "application/x-yaml");
    assert_eq!(status, 400, "{body}");
    let deep = format!("{{\"name\":\"a1.test\",\"values\":{{\"x\":{}{}}}}}", "[".repeat(40_000), "]".repeat(40_000));
    let (_, status, body) = post_facts(&deep, "application/json");
    assert_eq!(status, 400, "facts nested 40000 deep: {body}");
    let (_, status, body) = post_facts(r#"{"name":"a1.test","values":{"trusted":{"certname":"evil.test"}}}"#, "application/json");
    assert_eq!(status, 500, "a fact named trusted fails the compile, as in Puppet: {body}");
    assert!(body.contains("Attempt to assign to a reserved variable name: 'trusted' on node a1.test"), "{body}");
    let (_, status, body) = post_facts(r#"{"name":"a1.test","values":{"clientcert":"evil.test","α\u0000":"x","1":2}}"#, "application/json");
    assert_eq!(status, 500, "a numeric fact name: {body}");
    assert!(body.contains("Cannot assign to a numeric match result variable '$1'"), "{body}");
    let (_, status, body) = post_facts(r#"{"name":"a1.test","values":{"clientcert":"evil.test","α\u0000":"x"}}"#, "application/json");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("for a1.test") && !body.contains("for evil.test"), "$trusted is the certificate's: {body}");

    // The silent connections are cut off after the handshake timeout.
    for mut s in silent {
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut buf = [0u8; 16];
        match s.read(&mut buf) {
            Ok(0) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
            other => panic!("a silent connection was not closed by the server: {other:?}"),
        }
    }
    ok(&dir);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
