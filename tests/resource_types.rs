//! Generated resource types (`<environment>/.resource_types/*.pp`, what
//! `puppet generate types` writes): each directory below
//! `tests/resource_types/envs/` is a directory environment
//! (`manifests/site.pp`, `modules/` with Ruby types, some of them links to
//! Debian's modules, and `.resource_types/` written by Puppet's generator
//! through `tests/tools/generate-types.sh`, or by hand for the cases of
//! files Puppet refuses). `expected.json` beside it is what Puppet 7.23
//! produced (`tests/hiera/bless.rb`; `BLESS=1` regenerates it).
//!
//! Each environment is compiled twice: as it is, and as a copy whose
//! modules have no `lib/puppet/type/` (the Ruby types absent: only the
//! generated files describe the types). Both must give Puppet's logs,
//! error and catalog, with paths below the environment written relative
//! to it.

use std::path::{Path, PathBuf};
use std::process::Command;

const NODE: &str = "testnode.example.com";

struct Outcome {
    ok: bool,
    logs: Vec<String>,
    error: Option<String>,
    catalog: Option<serde_json::Value>,
}

/// pjit's compile of environment `name` below `root`; paths below the
/// environment are made relative to it.
fn run_pjit(root: &Path, name: &str) -> Outcome {
    let dir = root.join(name);
    let facts = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/eval/facts.json");
    let out = Command::new(env!("CARGO_BIN_EXE_pjit"))
        .current_dir(&dir)
        .args(["compile", NODE, "--environment", name, "--facts"])
        .arg(&facts)
        .arg("--environmentpath")
        .arg(root)
        .output()
        .expect("pjit runs");
    let prefix = format!("{}/", std::path::absolute(&dir).unwrap_or(dir.clone()).display());
    let stderr = String::from_utf8_lossy(&out.stderr).replace(&prefix, "");
    let mut logs = vec![];
    let mut error = None;
    for l in stderr.lines() {
        if let Some(rest) = l.strip_prefix("Error: ") {
            error = Some(rest.to_string());
        } else if let Some((level, rest)) = l.split_once(": Scope(") {
            let msg = rest.split_once("): ").map_or("", |(_, m)| m);
            logs.push(format!("{}: {msg}", level.to_lowercase()));
        }
    }
    let catalog = out.status.success().then(|| {
        let text = String::from_utf8_lossy(&out.stdout).replace(&prefix, "");
        let mut c: serde_json::Value = serde_json::from_str(&text).expect("the catalog is JSON");
        if let Some(o) = c.as_object_mut() {
            for k in ["version", "code_id", "catalog_uuid"] {
                o.remove(k);
            }
        }
        c
    });
    Outcome { ok: out.status.success(), logs, error, catalog }
}

/// What differs between pjit's outcome and Puppet's.
fn compare(got: &Outcome, want: &serde_json::Value) -> Vec<String> {
    let mut diffs = vec![];
    let ok = want["ok"].as_bool().unwrap_or(false);
    if got.ok != ok {
        diffs.push(format!("pjit ok={}, Puppet ok={ok}; pjit error: {:?}", got.ok, got.error));
    }
    let logs: Vec<String> =
        want["logs"].as_array().map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect()).unwrap_or_default();
    if got.logs != logs {
        diffs.push(format!("logs\n    pjit:   {:?}\n    Puppet: {logs:?}", got.logs));
    }
    if !ok && !got.ok {
        let want_err = want["error"].as_str().unwrap_or_default();
        if got.error.as_deref() != Some(want_err) {
            diffs.push(format!("error\n    pjit:   {:?}\n    Puppet: {want_err:?}", got.error));
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

/// Links `from`'s entries into `to` (a new directory), leaving out the
/// path `skip` (relative, e.g. `lib/puppet/type`): the directories on the
/// way to it are made, the rest are links.
fn mirror_without(from: &Path, to: &Path, skip: &[&str]) {
    std::fs::create_dir_all(to).expect("create the mirror directory");
    for e in std::fs::read_dir(from).expect("read the directory").flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        match skip {
            [first] if name == *first => {}
            [first, rest @ ..] if name == *first => mirror_without(&e.path(), &to.join(&*name), rest),
            _ => std::os::unix::fs::symlink(e.path(), to.join(&*name)).expect("link"),
        }
    }
}

/// A copy of environment `name` whose modules have no Ruby types, below a
/// fresh environment root.
fn without_ruby_types(root: &Path, name: &str, scratch: &Path) -> PathBuf {
    let src = root.join(name);
    let env = scratch.join(name);
    let _ = std::fs::remove_dir_all(&env);
    std::fs::create_dir_all(&env).expect("create the environment copy");
    for e in std::fs::read_dir(&src).expect("read the environment").flatten() {
        let entry = e.file_name();
        if entry == "modules" {
            for m in std::fs::read_dir(e.path()).expect("read modules").flatten() {
                let module = std::fs::canonicalize(m.path()).expect("a module directory");
                mirror_without(&module, &env.join("modules").join(m.file_name()), &["lib", "puppet", "type"]);
            }
        } else {
            std::os::unix::fs::symlink(e.path(), env.join(&entry)).expect("link");
        }
    }
    scratch.to_path_buf()
}

#[test]
fn generated_resource_types_match_puppet() {
    let root: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/resource_types/envs");
    if std::env::var_os("BLESS").is_some() {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hiera/bless.rb");
        let status = Command::new("ruby").arg(script).arg(&root).status().expect("BLESS=1 needs ruby and Puppet 7.23");
        assert!(status.success(), "bless.rb failed");
    }
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .expect("the environments exist")
        .flatten()
        .filter(|e| e.path().join("manifests/site.pp").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 2, "no environments below {}", root.display());
    let scratch = std::env::temp_dir().join(format!("pjit-resource-types-{}", std::process::id()));
    let mut problems = vec![];
    for name in &names {
        if name == "debian_types" && !Path::new("/usr/share/puppet/modules/keystone").is_dir() {
            panic!("/usr/share/puppet/modules is missing: install Debian's puppet modules (see tests/modules.rs)");
        }
        let want: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(root.join(name).join("expected.json")).expect("expected.json"))
                .expect("expected.json is JSON");
        let diffs = compare(&run_pjit(&root, name), &want);
        if !diffs.is_empty() {
            problems.push(format!("{name}:\n  {}", diffs.join("\n  ")));
        }
        if root.join(name).join("modules").is_dir() {
            let stripped = without_ruby_types(&root, name, &scratch);
            let diffs = compare(&run_pjit(&stripped, name), &want);
            if !diffs.is_empty() {
                problems.push(format!("{name} without its Ruby types:\n  {}", diffs.join("\n  ")));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    eprintln!("resource_types: {} environments match Puppet, with and without their Ruby types", names.len());
}
