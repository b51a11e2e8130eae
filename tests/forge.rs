//! The current-module corpus: scenarios over today's Forge releases
//! compiled with the Ruby bridge on and compared with Puppet 7.23's runs.
//!
//! - `tests/forge/scenarios/x.pp`: Debian 13's module releases (unpacked
//!   into `target/trixie-modules` by `tests/tools/trixie-modules.sh`, which
//!   this test runs when the directory is missing; `.ci/run` runs it too);
//! - `tests/forge/hiera/scenarios/x.pp`: the same modules, with
//!   `tests/forge/hiera/hiera.yaml` as the global Hiera configuration;
//! - `tests/forge/github/scenarios/x.pp`: modules Debian lacks (docker,
//!   nginx, sudo, prometheus, voxpupuli systemd) ahead of Debian's on the
//!   modulepath. These run only when `target/github-modules` exists
//!   (`tests/tools/github-modules.sh` unpacks it from local clones of the
//!   commits of `tests/forge/github/modules.lock`): CI cannot reach GitHub,
//!   so there they are left out.
//!
//! Every scenario is compiled for `testnode.example.com` with the facts of
//! `tests/forge/facts.json`, `--jit=off` and `--jit=always`, and must give
//! what Puppet gave (`x.json`, written by `tests/tools/bless-forge.sh`
//! through the oracle): the code's log lines, Puppet's own log lines, the
//! error and the catalog (`tests/common`).
//!
//! `tests/forge/expected_failures.txt` lists the scenarios pjit does not
//! reproduce, each with the reason (also in docs/puppet-differences.md);
//! the test fails when one not listed differs and when a listed one is
//! equal now (`PJIT_UPDATE_XFAIL=1` rewrites the list, keeping reasons).
//!
//! Besides, each scenario is compiled once more with `--ruby=off`, and the
//! summary on stderr says how many scenarios are equal with the bridge and
//! without it, and how many template renders of the corpus the native ERB
//! engine did and which fell back to Ruby (the `erb:` lines `--verbose`
//! adds to the interpreter's run); BENCHMARKS.md quotes it.
//!
//! These tests need Ruby with Puppet 7's library (Debian's `puppet`
//! package; `.ci/run` installs it).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Debian 13's modules, unpacked when missing.
fn trixie_modules() -> PathBuf {
    let dir = root().join("target/trixie-modules");
    if !dir.join("stdlib").is_dir() {
        let st = Command::new("sh").arg(root().join("tests/tools/trixie-modules.sh")).current_dir(root()).status().unwrap();
        assert!(st.success(), "tests/tools/trixie-modules.sh failed");
    }
    dir
}

fn require_puppet() {
    let ok = Command::new("ruby").args(["-e", "require 'puppet'"]).output().is_ok_and(|o| o.status.success());
    assert!(ok, "these tests need Ruby with Puppet's library: apt-get install puppet (.ci/run does)");
}

/// A set of scenarios: its directory, modulepath and extra options.
struct Set {
    name: &'static str,
    dir: PathBuf,
    modulepath: Vec<PathBuf>,
    extra: Vec<String>,
}

fn sets() -> Vec<Set> {
    let forge = root().join("tests/forge");
    let trixie = trixie_modules();
    let mut sets = vec![
        Set { name: "scenarios", dir: forge.join("scenarios"), modulepath: vec![trixie.clone()], extra: vec![] },
        Set {
            name: "hiera",
            dir: forge.join("hiera/scenarios"),
            modulepath: vec![trixie.clone()],
            extra: vec!["--hiera-config".into(), forge.join("hiera/hiera.yaml").display().to_string()],
        },
    ];
    let github = root().join("target/github-modules");
    if github.is_dir() {
        sets.push(Set { name: "github", dir: forge.join("github/scenarios"), modulepath: vec![github, trixie], extra: vec![] });
    } else {
        eprintln!("forge: target/github-modules is missing, the github scenarios are left out (tests/tools/github-modules.sh)");
    }
    sets
}

fn cases(dir: &Path) -> Vec<String> {
    let mut cases: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pp"))
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .collect();
    cases.sort();
    cases
}

fn compile(set: &Set, case: &str, args: &[&str]) -> Output {
    let modulepath = set.modulepath.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(":");
    let facts = root().join("tests/forge/facts.json");
    Command::new(env!("CARGO_BIN_EXE_pjit"))
        .current_dir(&set.dir)
        .args(["compile", "testnode.example.com", case, "--modulepath", &modulepath])
        .arg("--facts")
        .arg(&facts)
        .args(&set.extra)
        .args(args)
        .output()
        .unwrap()
}

/// The `erb: N native, M through Ruby` counts of a `--verbose` run.
fn erb_counts(stderr: &str) -> (usize, usize) {
    let mut counts = (0, 0);
    for l in stderr.lines() {
        if let Some(rest) = l.strip_prefix("erb: ") {
            let n = |word: &str| -> usize {
                rest.split(", ").find_map(|p| p.strip_suffix(word)).and_then(|p| p.trim().parse().ok()).unwrap_or(0)
            };
            counts.0 += n(" native");
            counts.1 += n(" through Ruby");
        }
    }
    counts
}

/// stderr without the lines `--verbose` adds.
fn without_verbose(stderr: &str) -> Vec<u8> {
    let keep = |l: &&str| !["jit: ", "ruby: ", "erb: "].iter().any(|p| l.starts_with(p));
    stderr.lines().filter(keep).flat_map(|l| [l, "\n"]).collect::<String>().into_bytes()
}

#[test]
fn forge_scenarios_match_puppet() {
    require_puppet();
    let xfail_path = root().join("tests/forge/expected_failures.txt");
    let old = std::fs::read_to_string(&xfail_path).unwrap_or_default();
    let xfail: Vec<String> =
        old.lines().map(|l| l.split('#').next().unwrap_or("").trim().to_string()).filter(|l| !l.is_empty()).collect();
    let (mut total, mut failing, mut report) = (0, vec![], vec![]);
    let (mut off_equal, mut native, mut fallback) = (0, 0, 0);
    let mut fell_back = vec![];
    for set in sets() {
        let cases = cases(&set.dir);
        assert!(!cases.is_empty(), "no scenarios in {}", set.dir.display());
        let strip: Vec<String> = set.modulepath.iter().map(|p| format!("{}/", p.display())).collect();
        let strip: Vec<&str> = strip.iter().map(String::as_str).collect();
        for case in &cases {
            total += 1;
            let id = format!("{}/{case}", set.name);
            let golden: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(set.dir.join(case).with_extension("json")).unwrap()).unwrap();
            let mut diffs = vec![];
            for jit in ["off", "always"] {
                // The interpreter's run also says what the templates did.
                let mut out = compile(&set, case, &[&format!("--jit={jit}"), "--verbose"]);
                let stderr = String::from_utf8_lossy(&out.stderr).to_string();
                if jit == "off" {
                    let (n, f) = erb_counts(&stderr);
                    native += n;
                    fallback += f;
                    fell_back.extend(stderr.lines().filter_map(|l| l.strip_prefix("erb: through Ruby: ")).map(|l| format!("{id}: {l}")));
                }
                out.stderr = without_verbose(&stderr);
                if let Some(d) = common::compare(&golden, &out, &strip) {
                    diffs.push(format!("--jit={jit}: {d}"));
                }
            }
            if !diffs.is_empty() {
                report.push(format!("--- {id}: {}", diffs.join("\n")));
                failing.push(id.clone());
            }
            // How far pjit goes without Ruby (reported, not asserted).
            if common::compare(&golden, &compile(&set, case, &["--ruby=off"]), &strip).is_none() {
                off_equal += 1;
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    for l in &fell_back {
        eprintln!("forge: template through Ruby: {l}");
    }
    eprintln!(
        "forge: {total} scenarios, {} equal to Puppet's with the bridge, {off_equal} with --ruby=off; template renders: {native} native, {fallback} through Ruby",
        total - failing.len()
    );
    if std::env::var_os("PJIT_UPDATE_XFAIL").is_some() {
        let mut text = String::from(
            "# Scenarios of tests/forge whose result pjit does not reproduce, with the reason (see tests/forge.rs\n# and docs/puppet-differences.md). Rewrite with: PJIT_UPDATE_XFAIL=1 cargo test --release --test forge\n",
        );
        for f in &failing {
            match old.lines().find(|l| l.split('#').next().unwrap_or("").trim() == f) {
                Some(line) => text.push_str(line),
                None => text.push_str(f),
            }
            text.push('\n');
        }
        std::fs::write(&xfail_path, text).unwrap();
        return;
    }
    // A github scenario listed as failing counts only when the set ran.
    let ran = |x: &String| !x.starts_with("github/") || root().join("target/github-modules").is_dir();
    let unexpected: Vec<_> = failing.iter().filter(|f| !xfail.contains(f)).collect();
    let fixed: Vec<_> = xfail.iter().filter(|x| ran(x) && !failing.contains(x)).collect();
    assert!(unexpected.is_empty() && fixed.is_empty(), "unexpected failures: {unexpected:?}; listed as failing but equal now: {fixed:?}");
}
