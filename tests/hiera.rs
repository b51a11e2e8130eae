//! Hiera and data binding against Puppet 7.23: each directory below
//! `tests/hiera/envs/` is a directory environment (`manifests/site.pp`, an
//! environment-layer `hiera.yaml` with its data, optional `modules/`, and
//! optionally `global/hiera.yaml` for the global layer, and `trusted.json`
//! for the node's certificate data, `$trusted`); `expected.json`
//! beside it is what Puppet produced (`tests/hiera/bless.rb`, which
//! compiles through Puppet's own directory environments since the shared
//! oracle has no environment layer). `pjit compile --environmentpath
//! tests/hiera/envs --environment NAME` must give the same logs, Puppet
//! warnings, error and catalog, with paths below the case directory (and
//! below the module directory) written relative to it, as the bless
//! script writes them.
//!
//! `tests/hiera/modules/` holds the same kind of environments over
//! Debian's real modules (`/usr/share/puppet/modules`: ntp and systemd
//! keep their defaults in module data); they run only where those modules
//! are installed.
//!
//! Cases listed in `tests/hiera/expected_failures.txt` must fail (the
//! test fails when one passes). `BLESS=1` regenerates the expectations
//! with Puppet before comparing.

use std::path::{Path, PathBuf};
use std::process::Command;

const MODULES: &str = "/usr/share/puppet/modules";
const NODE: &str = "testnode.example.com";

struct Outcome {
    ok: bool,
    logs: Vec<String>,
    puppet_logs: Vec<String>,
    error: Option<String>,
    catalog: Option<serde_json::Value>,
}

fn level(word: &str) -> Option<&'static str> {
    Some(match word {
        "Notice" => "notice",
        "Warning" => "warning",
        "Error" => "err",
        "Alert" => "alert",
        "Emergency" => "emerg",
        "Critical" => "crit",
        _ => return None,
    })
}

/// Splits pjit's stderr into program logs (`Level: Scope(...): msg`),
/// Puppet's own logs (`Level: msg`) and the compile error (`Error: ...
/// on node NODE`); a line without a level prefix continues the message
/// before it.
fn parse_stderr(stderr: &str) -> (Vec<String>, Vec<String>, Option<String>) {
    let mut lines: Vec<&str> = stderr.split('\n').collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    enum Into {
        Logs,
        Puppet,
        Error,
        Nowhere,
    }
    let (mut logs, mut puppet, mut error) = (Vec::<String>::new(), Vec::<String>::new(), None::<String>);
    let mut into = Into::Nowhere;
    for l in lines {
        let head = l.split_once(": ").and_then(|(w, rest)| Some((level(w)?, rest)));
        match head {
            Some(("err", rest)) if !rest.starts_with("Scope(") && error.is_none() && !matches!(into, Into::Error) => {
                error = Some(rest.to_string());
                into = Into::Error;
            }
            Some((lvl, rest)) if !matches!(into, Into::Error) || error.as_deref().is_some_and(|e| e.ends_with(NODE)) => {
                if let Some(scoped) = rest.strip_prefix("Scope(") {
                    let msg = scoped.split_once("): ").map_or("", |(_, m)| m);
                    logs.push(format!("{lvl}: {msg}"));
                    into = Into::Logs;
                } else {
                    puppet.push(format!("{lvl}: {rest}"));
                    into = Into::Puppet;
                }
            }
            _ => {
                let target = match into {
                    Into::Logs => logs.last_mut(),
                    Into::Puppet => puppet.last_mut(),
                    Into::Error => error.as_mut(),
                    Into::Nowhere => None,
                };
                if let Some(t) = target {
                    t.push('\n');
                    t.push_str(l);
                }
            }
        }
    }
    (logs, puppet, error)
}

/// Paths below these directories are written relative to them.
fn relative(text: &str, prefixes: &[String]) -> String {
    prefixes.iter().fold(text.to_string(), |t, p| t.replace(p.as_str(), ""))
}

fn run_pjit(root: &Path, name: &str, modulepath: Option<&str>) -> Outcome {
    let dir = root.join(name);
    let facts = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/eval/facts.json");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pjit"));
    // A Hiera 3 datadir is relative to the working directory.
    cmd.current_dir(&dir).args(["compile", NODE, "--environment", name, "--facts"]).arg(&facts);
    cmd.arg("--environmentpath").arg(root);
    // The node's certificate data (`$trusted`), when the case has it.
    let trusted = dir.join("trusted.json");
    if trusted.exists() {
        cmd.arg("--trusted").arg(&trusted);
    }
    let global = dir.join("global/hiera.yaml");
    if global.exists() {
        cmd.arg("--hiera-config").arg(&global);
    }
    if let Some(mp) = modulepath {
        cmd.args(["--modulepath", mp]);
    }
    let site = std::fs::read_to_string(dir.join("manifests/site.pp")).unwrap_or_default();
    for line in site.lines() {
        if let Some(v) = line.trim().strip_prefix("#").map(str::trim).and_then(|l| l.strip_prefix("@setting strict =")) {
            cmd.arg(format!("--strict={}", v.trim()));
        }
    }
    let out = cmd.output().expect("pjit runs");
    let mut prefixes = vec![format!("{}/", dir.display())];
    if let Some(mp) = modulepath {
        prefixes.push(format!("{mp}/"));
    }
    prefixes.sort_by_key(|p| std::cmp::Reverse(p.len()));
    let stderr = relative(&String::from_utf8_lossy(&out.stderr), &prefixes);
    let (logs, puppet_logs, error) = parse_stderr(&stderr);
    let catalog = out.status.success().then(|| {
        let text = relative(&String::from_utf8_lossy(&out.stdout), &prefixes);
        let mut c: serde_json::Value = serde_json::from_str(&text).expect("the catalog is JSON");
        if let Some(o) = c.as_object_mut() {
            for k in ["version", "code_id", "catalog_uuid"] {
                o.remove(k);
            }
        }
        c
    });
    Outcome { ok: out.status.success(), logs, puppet_logs, error, catalog }
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect()).unwrap_or_default()
}

/// The differences between pjit's outcome and Puppet's, if any.
fn compare(got: &Outcome, want: &serde_json::Value) -> Vec<String> {
    let mut diffs = vec![];
    let ok = want["ok"].as_bool().unwrap_or(false);
    if got.ok != ok {
        diffs.push(format!("pjit ok={}, Puppet ok={ok}; pjit error: {:?}", got.ok, got.error));
    }
    let logs = strings(&want["logs"]);
    if got.logs != logs {
        diffs.push(format!("logs\n    pjit:   {:?}\n    Puppet: {logs:?}", got.logs));
    }
    let puppet_logs = strings(&want["puppet_logs"]);
    if got.puppet_logs != puppet_logs {
        diffs.push(format!("Puppet's logs\n    pjit:   {:?}\n    Puppet: {puppet_logs:?}", got.puppet_logs));
    }
    if !ok && !got.ok {
        let want_err = want["error"].as_str().unwrap_or_default();
        let want_err = want_err.split(" on node ").next().unwrap_or_default();
        let got_err = got.error.as_deref().unwrap_or_default().split(" on node ").next().unwrap_or_default();
        if got_err != want_err {
            diffs.push(format!("error\n    pjit:   {got_err:?}\n    Puppet: {want_err:?}"));
        }
    }
    if ok && got.ok && got.catalog.as_ref() != Some(&want["catalog"]) {
        diffs.push(format!(
            "catalog\n    pjit:   {}\n    Puppet: {}",
            got.catalog.as_ref().map(|c| c.to_string()).unwrap_or_default(),
            want["catalog"]
        ));
    }
    diffs
}

fn cases(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root)
        .expect("the case directory exists")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("manifests/site.pp").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn bless(root: &Path, modulepath: Option<&str>) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hiera/bless.rb");
    let mut cmd = Command::new("ruby");
    cmd.arg(script);
    if let Some(mp) = modulepath {
        cmd.args(["--basemodulepath", mp]);
    }
    let status = cmd.arg(root).status().expect("BLESS=1 needs ruby and Puppet 7.23");
    assert!(status.success(), "bless.rb failed");
}

fn expected_failures() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hiera/expected_failures.txt");
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or_default().trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Runs every case below `root`; returns (cases, passed) and panics with
/// the report when a case fails unexpectedly or an expected failure passes.
fn check_all(root: &Path, modulepath: Option<&str>, prefix: &str) -> (usize, usize) {
    if std::env::var_os("BLESS").is_some() {
        bless(root, modulepath);
    }
    let xfail = expected_failures();
    let names = cases(root);
    assert!(!names.is_empty(), "no cases below {}", root.display());
    let (mut passed, mut problems) = (0, vec![]);
    for name in &names {
        let want: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(root.join(name).join("expected.json")).expect("expected.json exists"),
        )
        .expect("expected.json is JSON");
        let diffs = compare(&run_pjit(root, name, modulepath), &want);
        let listed = xfail.iter().any(|x| *x == format!("{prefix}{name}"));
        match (diffs.is_empty(), listed) {
            (true, false) => passed += 1,
            (true, true) => problems.push(format!("{prefix}{name}: passes but is listed in expected_failures.txt")),
            (false, true) => {}
            (false, false) => problems.push(format!("{prefix}{name}:\n  {}", diffs.join("\n  "))),
        }
    }
    assert!(problems.is_empty(), "{} of {} cases:\n{}", problems.len(), names.len(), problems.join("\n"));
    (names.len(), passed)
}

#[test]
fn hiera_environments_match_puppet() {
    let root: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hiera/envs");
    let (n, passed) = check_all(&root, None, "envs/");
    eprintln!("hiera: {passed} of {n} environments match Puppet");
}

#[test]
fn real_modules_with_data_match_puppet() {
    if !Path::new(MODULES).join("ntp/hiera.yaml").exists() {
        eprintln!("hiera: Debian's puppet modules are not installed ({MODULES}): real-module cases not run");
        return;
    }
    let root: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hiera/modules");
    let (n, passed) = check_all(&root, Some(MODULES), "modules/");
    eprintln!("hiera: {passed} of {n} real-module environments match Puppet");
}

#[test]
fn stderr_parsing() {
    let err = "Notice: Scope(Class[main]): a\nb\n\nWarning: w\n   (file & line not available)\nError: Evaluation Error: x\n  y on node testnode.example.com\n";
    let (logs, puppet, error) = parse_stderr(err);
    assert_eq!(logs, vec!["notice: a\nb\n"]);
    assert_eq!(puppet, vec!["warning: w\n   (file & line not available)"]);
    assert_eq!(error.as_deref(), Some("Evaluation Error: x\n  y on node testnode.example.com"));
}
