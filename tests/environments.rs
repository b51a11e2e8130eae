//! Directory environments (`--environmentpath tests/environments
//! --environment <env>`) against Puppet 7.23's `puppet catalog compile` of
//! the same environment (`tests/environments/<env>.json`, from
//! `tests/tools/bless-environments.sh`): what the single-manifest oracle
//! cannot show, such as the environment's own `functions/` and `types/`.
//! Each environment is compiled with both backends.

use std::path::Path;
use std::process::Command;

fn normalize(mut c: serde_json::Value) -> serde_json::Value {
    let o = c.as_object_mut().expect("a catalog");
    for k in ["version", "code_id", "catalog_uuid"] {
        o.remove(k);
    }
    c
}

#[test]
fn environments_match_puppet() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/environments");
    let mut envs: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    envs.sort();
    assert!(!envs.is_empty());
    let mut failures = vec![];
    for (env, jit) in envs.iter().flat_map(|e| ["off", "always"].map(|j| (e, j))) {
        let want: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(root.join(format!("{env}.json"))).unwrap()).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_pjit"))
            .current_dir(&root)
            .args(["compile", "testnode.example.com", "--environmentpath", ".", "--environment", env])
            .args(["--facts", "../eval/facts.json", &format!("--jit={jit}")])
            .output()
            .unwrap();
        if !out.status.success() {
            failures.push(format!("{env} (--jit={jit}): {}", String::from_utf8_lossy(&out.stderr)));
            continue;
        }
        let mut got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        // pjit names files as reached from `--environmentpath .`.
        for r in got["resources"].as_array_mut().unwrap() {
            if let Some(f) = r.get_mut("file") {
                *f = serde_json::Value::String(f.as_str().unwrap().trim_start_matches("./").to_string());
            }
        }
        if normalize(got.clone()) != normalize(want.clone()) {
            failures.push(format!("{env} (--jit={jit}): catalog differs\npjit:   {got}\nPuppet: {want}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
