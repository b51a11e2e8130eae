//! `pjit compile` against a modulepath: each `tests/compile/cases/x.pp` is
//! compiled with `--modulepath tests/compile/modules` (autoloading classes,
//! defined types, functions and type aliases) and compared with what Puppet
//! 7.23 produced for it (`x.json`, from `../shared/oracle/oracle.rb
//! --relative-paths --modulepath modules --out cases cases`, run in
//! `tests/compile`): logs, error message, and catalog. Module file paths
//! are compared relative to the modulepath directory, as the oracle writes
//! them. Every case runs twice, with `--jit=off` (the interpreter) and
//! `--jit=always` (every body compiled before its first call); both runs
//! must match Puppet.

use std::path::Path;
use std::process::Command;

fn normalize_catalog(mut c: serde_json::Value) -> serde_json::Value {
    if let Some(o) = c.as_object_mut() {
        for k in ["version", "code_id", "catalog_uuid"] {
            o.remove(k);
        }
        if let Some(rs) = o.get_mut("resources").and_then(|r| r.as_array_mut()) {
            for r in rs {
                if let Some(f) = r.get_mut("file") {
                    if let Some(s) = f.as_str() {
                        *f = serde_json::Value::String(s.trim_start_matches("../modules/").to_string());
                    }
                }
            }
        }
    }
    c
}

#[test]
fn modulepath_cases_match_puppet() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compile");
    let cases_dir = root.join("cases");
    let mut cases: Vec<_> = std::fs::read_dir(&cases_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pp"))
        .collect();
    cases.sort();
    assert!(!cases.is_empty());
    let mut failures = vec![];
    for (case, jit) in cases.iter().flat_map(|c| ["off", "always"].map(|j| (c, j))) {
        let file = case.file_name().unwrap().to_string_lossy().to_string();
        let name = format!("{file} (--jit={jit})");
        let golden: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(case.with_extension("json")).unwrap()).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_pjit"))
            .current_dir(&cases_dir)
            .args(["compile", "testnode.example.com", &file, "--facts", "../../eval/facts.json", "--modulepath", "../modules"])
            .arg(format!("--jit={jit}"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        // A log line is `Level: Scope(...): message`; the lines after it up
        // to the next `Level:` line continue a multi-line message.
        let mut logs: Vec<String> = vec![];
        let mut in_log = false;
        for l in stderr.lines() {
            let parsed = l.split_once(": Scope(").and_then(|(level, rest)| Some((level, rest.split_once("): ")?.1)));
            match parsed {
                Some((level, msg)) if !level.contains(' ') => {
                    logs.push(format!("{}: {msg}", level.to_lowercase()));
                    in_log = true;
                }
                _ if l.starts_with("Error: ") || l.starts_with("Warning: ") => in_log = false,
                _ if in_log => {
                    let last = logs.last_mut().expect("a log line precedes its continuation");
                    last.push('\n');
                    last.push_str(l);
                }
                _ => {}
            }
        }
        let want_logs: Vec<String> =
            golden["logs"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
        if logs != want_logs {
            failures.push(format!("{name}: logs {logs:?}, Puppet {want_logs:?}"));
        }
        let ok = golden["ok"].as_bool().unwrap();
        if ok != out.status.success() {
            failures.push(format!("{name}: exit {:?}, Puppet ok={ok}\n{stderr}", out.status.code()));
            continue;
        }
        if ok {
            let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            let got = normalize_catalog(got);
            let want = normalize_catalog(golden["catalog"].clone());
            if got != want {
                failures.push(format!("{name}: catalog differs\npjit:   {got}\nPuppet: {want}"));
            }
        } else {
            let want = golden["error"].as_str().unwrap();
            let want = want.split(" on node ").next().unwrap();
            let err_line = stderr.lines().find(|l| l.starts_with("Error: ")).unwrap_or("");
            // Module files as the oracle names them: relative to the
            // modulepath directory.
            let got = err_line.trim_start_matches("Error: ").split(" on node ").next().unwrap().replace("../modules/", "");
            if got != want {
                failures.push(format!("{name}: error\n  pjit:   {got}\n  Puppet: {want}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Facts from Puppet's own YAML form (`puppet facts --render-as yaml`:
/// a `!ruby/object:Puppet::Node::Facts` document) and from a plain map.
#[test]
fn yaml_facts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compile");
    let out = Command::new(env!("CARGO_BIN_EXE_pjit"))
        .current_dir(&root)
        .args([
            "compile",
            "testnode.example.com",
            "--facts",
            "facts.yaml",
            "-e",
            "notice(\"${osfamily} ${$processorcount + 1} ${facts['os']['release']['major']} ${$is_virtual =~ Boolean}\")",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("Notice: Scope(Class[main]): Debian 3 12 true"), "{stderr}");
}
