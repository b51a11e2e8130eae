//! The Ruby bridge (`--ruby`, the `pjit-bridge` crate): module Ruby code
//! pjit has no native implementation for runs in Puppet's own Ruby.
//!
//! `tests/bridge/cases/x.pp` are compiled with `--modulepath
//! tests/bridge/modules` (the `bridgetest` module: 4.x and 3.x Ruby
//! functions, a template in Ruby the native ERB engine lacks, a resource
//! type whose attributes and title patterns Ruby code builds) and compared
//! with what Puppet 7.23 produced (`x.json`, written by
//! `tests/tools/bless-bridge.sh` through the oracle): the code's log lines,
//! Puppet's own log lines, the error and the catalog. Every case runs with
//! `--jit=off` and `--jit=always`.
//!
//! The other tests check the bridge's contract: no Ruby starts for a
//! compile that needs none, `--ruby=off` keeps the error naming the
//! module, a missing Ruby or Puppet library says how to get one, and a
//! crashing or hanging helper fails only the compile that used it (in
//! batch mode the other nodes compile).
//!
//! These tests need Ruby with Puppet 7's library (Debian's `puppet`
//! package; `.ci/run` installs it).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bridge")
}

fn require_puppet() {
    let ok = Command::new("ruby").args(["-e", "require 'puppet'"]).output().is_ok_and(|o| o.status.success());
    assert!(ok, "these tests need Ruby with Puppet's library: apt-get install puppet (.ci/run does)");
}

/// pjit with no type cache: every case asks Ruby itself (see
/// `resource_types_cached_across_processes` for the cache).
fn pjit(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pjit")).current_dir(dir).env("PJIT_CACHE_DIR", "off").args(args).output().unwrap()
}

/// What Ruby said about a module's resource type is kept on disk: a second
/// process compiles the same catalog without starting Ruby; a changed
/// file of the modules' `lib/` makes Ruby asked again.
#[test]
fn resource_types_cached_across_processes() {
    require_puppet();
    let work = std::env::temp_dir().join(format!("pjit-bridge-type-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let modules = work.join("modules");
    copy_tree(&root().join("modules"), &modules);
    let cache = work.join("cache");
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_pjit"))
            .current_dir(root().join("cases"))
            .env("PJIT_CACHE_DIR", &cache)
            .args(["compile", "n", "resource_type.pp", "--modulepath"])
            .arg(&modules)
            .arg("--verbose")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{stderr}");
        (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
    };
    let (first, stderr) = run();
    assert!(stderr.contains("ruby: helper started 1 time(s)"), "{stderr}");
    let (second, stderr) = run();
    assert!(stderr.contains("ruby: not started"), "the cached answer was not used: {stderr}");
    assert_eq!(first, second);
    let rb = modules.join("bridgetest/lib/puppet/type/bridgetest_thing.rb");
    let text = std::fs::read_to_string(&rb).unwrap();
    std::fs::write(&rb, format!("{text}\n# changed\n")).unwrap();
    let (third, stderr) = run();
    assert!(stderr.contains("ruby: helper started 1 time(s)"), "a changed type file must be read again: {stderr}");
    assert_eq!(first, third);
    let _ = std::fs::remove_dir_all(&work);
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let dest = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_tree(&p, &dest);
        } else {
            std::fs::copy(&p, &dest).unwrap();
        }
    }
}

#[test]
fn cases_match_puppet() {
    require_puppet();
    let cases_dir = root().join("cases");
    let mut cases: Vec<_> = std::fs::read_dir(&cases_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pp"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 25, "the bridge cases are missing");
    let mut failures = vec![];
    for (case, jit) in cases.iter().flat_map(|c| ["off", "always"].map(|j| (c, j))) {
        let file = case.file_name().unwrap().to_string_lossy().to_string();
        let name = format!("{file} (--jit={jit})");
        let golden: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(case.with_extension("json")).unwrap()).unwrap();
        let jit_arg = format!("--jit={jit}");
        let out = pjit(
            &cases_dir,
            &["compile", "testnode.example.com", &file, "--facts", "../../eval/facts.json", "--modulepath", "../modules", &jit_arg],
        );
        if let Some(d) = common::compare(&golden, &out, &["../modules/"]) {
            failures.push(format!("{name}: {d}"));
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// A stand-in for `ruby` that records that it ran, then runs Ruby with
/// `extra` options (a fresh directory per test).
fn recording_ruby(name: &str, extra: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("pjit-bridge-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let marker = dir.join("ran");
    let script = dir.join("ruby");
    std::fs::write(&script, format!("#!/bin/sh\necho started >> '{}'\nexec ruby {extra} \"$@\"\n", marker.display())).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    (script, marker)
}

/// A compile that needs no Ruby starts none, even with the bridge on and
/// modules with Ruby functions on the modulepath; one that calls a Ruby
/// function starts exactly one helper.
#[test]
fn no_ruby_unless_needed() {
    require_puppet();
    let (ruby, marker) = recording_ruby("lazy", "");
    let ruby_arg = format!("--ruby={}", ruby.display());
    let cases = root().join("cases");
    let out = pjit(&cases, &["compile", "n", "-e", "include bridgetest::params notice(bridgetest::greet('x'))", "--modulepath", "../modules", &ruby_arg]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!marker.exists(), "Ruby was started for a compile that needs none");
    let out = pjit(&cases, &["compile", "n", "function_4x.pp", "--modulepath", "../modules", &ruby_arg, "--verbose"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(std::fs::read_to_string(&marker).unwrap_or_default().lines().count(), 1, "one helper per process");
    assert!(stderr.contains("ruby: helper started 1 time(s)"), "{stderr}");
}

/// `--ruby=off`: a module's Ruby function is the error naming its module.
#[test]
fn ruby_off_names_the_module() {
    let out = pjit(&root().join("cases"), &["compile", "n", "function_4x.pp", "--modulepath", "../modules", "--ruby=off"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("Unknown function: 'bridgetest::double'. The module 'bridgetest' implements it in Ruby, which pjit does not run."),
        "{stderr}"
    );
}

/// Without Ruby, or with a Ruby that lacks Puppet's library, the error
/// names the function and its module and says how to turn the bridge on.
#[test]
fn missing_ruby_or_puppet_says_how() {
    require_puppet();
    let cases = root().join("cases");
    let out = pjit(&cases, &["compile", "n", "function_4x.pp", "--modulepath", "../modules", "--ruby=/nonexistent/ruby"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("Unknown function: 'bridgetest::double'. The module 'bridgetest' implements it in Ruby, and pjit cannot run Ruby: /nonexistent/ruby could not be run"), "{stderr}");
    assert!(stderr.contains("apt-get install puppet") && stderr.contains("--ruby=PATH"), "{stderr}");
    // A Ruby whose load path has no Puppet.
    let dir = std::env::temp_dir().join(format!("pjit-bridge-test-hide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let hide = dir.join("hide.rb");
    std::fs::write(&hide, "$LOAD_PATH.reject! { |p| p.include?('vendor_ruby') }\n").unwrap();
    let (ruby, _) = recording_ruby("nopuppet", &format!("-r{}", hide.display()));
    let out = pjit(&cases, &["compile", "n", "function_4x.pp", "--modulepath", "../modules", &format!("--ruby={}", ruby.display())]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("pjit cannot run Ruby: Puppet's Ruby library is not installed for ruby"), "{stderr}");
    assert!(stderr.contains("apt-get install puppet"), "{stderr}");
}

/// A helper that crashes or hangs fails the compile that used it with a
/// clear error; in batch mode the other nodes compile (a new helper
/// starts after each failure).
#[test]
fn crash_and_hang_fail_only_their_compile() {
    require_puppet();
    let dir = root().join("batch");
    let out_dir = std::env::temp_dir().join(format!("pjit-bridge-batch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = Command::new(env!("CARGO_BIN_EXE_pjit"))
        .current_dir(&dir)
        .env("PJIT_RUBY_TIMEOUT", "3")
        .args(["compile", "--manifest", "site.pp", "--nodes", "nodes.txt", "--facts", "../../eval/facts.json"])
        .args(["--modulepath", "../modules", "-j", "2", "-o"])
        .arg(&out_dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("Error: Evaluation Error: Error while evaluating a Function Call, pjit's Ruby helper exited while running the function 'bridgetest::misbehave'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("pjit's Ruby helper did not answer within 3 seconds while running the function 'bridgetest::misbehave'; it was stopped"),
        "{stderr}"
    );
    for ok in ["ok1", "ok2", "ok3"] {
        let catalog = std::fs::read_to_string(out_dir.join(format!("{ok}.json"))).unwrap_or_default();
        assert!(catalog.contains("\"Notify\""), "{ok} did not compile:\n{stderr}");
    }
    assert_eq!(stderr.matches("): testnodetestnode").count(), 3, "{stderr}");
    for bad in ["crash1", "hang1"] {
        assert!(!out_dir.join(format!("{bad}.json")).exists());
    }
    let _ = std::fs::remove_dir_all(&out_dir);
}
