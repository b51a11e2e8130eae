//! Batch mode (`pjit compile --nodes FILE --facts-dir DIR -j N -o OUTDIR`).
//!
//! The property: a batch compile gives every node exactly what a separate
//! `pjit compile NODE` gives it (catalog bytes, log lines, errors, in node
//! order), although each worker thread reuses one program across the nodes
//! it compiles. `tests/batch/env/production` is built so that reuse would
//! show: nodes take different paths through its modules, one node needs a
//! class that only an earlier node's loading made known, one fails. The
//! separate compiles are themselves checked against Puppet 7.23's answers
//! (`tests/batch/expected/<node>.json`, from `tests/tools/bless-batch.sh`).
//! Real modules: the same property over Debian's modules, for nodes that
//! include different parts of them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/batch")
}

fn pjit(dir: &Path, args: &[&str]) -> Output {
    pjit_memo(dir, args, None)
}

/// `pjit` with `PJIT_MEMO=memo` (None: the default, on in batch mode).
fn pjit_memo(dir: &Path, args: &[&str], memo: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_pjit"));
    c.current_dir(dir).args(args);
    match memo {
        Some(m) => c.env("PJIT_MEMO", m),
        None => c.env_remove("PJIT_MEMO"),
    };
    c.output().unwrap()
}

fn nodes(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// What a separate compile of `node` printed and wrote.
#[derive(Clone)]
struct Single {
    ok: bool,
    stderr: String,
    catalog: Vec<u8>,
}

fn single(dir: &Path, env_args: &[&str], node: &str, facts: &str) -> Single {
    let mut args = vec!["compile", node];
    args.extend_from_slice(env_args);
    args.extend_from_slice(&["--facts", facts, "--jit=off"]);
    let out = pjit(dir, &args);
    Single { ok: out.status.success(), stderr: String::from_utf8_lossy(&out.stderr).into_owned(), catalog: out.stdout }
}

/// Runs a batch and checks it against the separate compiles.
fn check_batch(dir: &Path, env_args: &[&str], nodes_file: &str, facts_dir: &str, extra: &[&str], singles: &[(String, Single)]) {
    check_batch_memo(dir, env_args, nodes_file, facts_dir, extra, singles, None)
}

/// [`check_batch`] with `PJIT_MEMO=memo`.
fn check_batch_memo(
    dir: &Path,
    env_args: &[&str],
    nodes_file: &str,
    facts_dir: &str,
    extra: &[&str],
    singles: &[(String, Single)],
    memo: Option<&str>,
) {
    let out_dir = tempdir(&format!("batch{}{}", extra.join(""), memo.unwrap_or("")));
    let out_s = out_dir.to_str().unwrap();
    let mut args = vec!["compile", "--nodes", nodes_file, "--facts-dir", facts_dir, "-o", out_s];
    args.extend_from_slice(env_args);
    args.extend_from_slice(extra);
    let out = pjit_memo(dir, &args, memo);
    let extra = [extra, &[memo.unwrap_or("")]].concat();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let failed = singles.iter().filter(|(_, s)| !s.ok).count();
    assert_eq!(out.status.success(), failed == 0, "{extra:?}: exit status {:?}\n{stderr}", out.status.code());
    // Every node's lines, in node order, then the summary.
    let (body, summary) = stderr.trim_end().rsplit_once('\n').unwrap_or(("", stderr.trim_end()));
    let want: String = singles.iter().map(|(_, s)| s.stderr.as_str()).collect();
    assert_eq!(body.trim_end(), want.trim_end(), "{extra:?}: batch stderr differs from the separate compiles'");
    let ok = singles.len() - failed;
    assert!(summary.starts_with(&format!("Compiled {ok} of {} catalogs in ", singles.len())), "{extra:?}: {summary}");
    for (node, s) in singles {
        let path = out_dir.join(format!("{node}.json"));
        if s.ok {
            let got = std::fs::read(&path).unwrap_or_else(|e| panic!("{extra:?}: {node}: {e}"));
            assert!(got == s.catalog, "{extra:?}: {node}: the batch catalog differs from the separate compile's");
        } else {
            assert!(!path.exists(), "{extra:?}: {node} failed but has a catalog");
        }
    }
    let _ = std::fs::remove_dir_all(&out_dir);
}

fn tempdir(tag: &str) -> PathBuf {
    // The tests of this file run in parallel in one process: a counter
    // keeps two of them from sharing (and removing) one directory.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("pjit-test-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Puppet's catalog and pjit's, with paths made comparable: pjit names
/// files as given (`env/production/manifests/site.pp`), the oracle relative
/// to the manifest's or the modulepath's directory (`site.pp`,
/// `web/manifests/init.pp`).
fn relative(s: &str) -> String {
    s.replace("env/production/manifests/", "").replace("env/production/modules/", "")
}

fn normalize(mut c: serde_json::Value) -> serde_json::Value {
    let o = c.as_object_mut().unwrap();
    for k in ["version", "code_id", "catalog_uuid"] {
        o.remove(k);
    }
    for r in o.get_mut("resources").and_then(|r| r.as_array_mut()).unwrap() {
        if let Some(f) = r.get_mut("file") {
            *f = serde_json::Value::String(relative(f.as_str().unwrap()));
        }
    }
    c
}

#[test]
fn batch_equals_separate_compiles_and_puppet() {
    let dir = root();
    let env_args = ["--environmentpath", "env", "--environment", "production"];
    let mut singles = vec![];
    let mut failures = vec![];
    for node in nodes(&dir.join("nodes.txt")) {
        let s = single(&dir, &env_args, &node, &format!("facts/{node}.json"));
        let golden: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join(format!("expected/{node}.json"))).unwrap()).unwrap();
        if golden["ok"].as_bool().unwrap() != s.ok {
            failures.push(format!("{node}: pjit ok={}, Puppet ok={}\n{}", s.ok, golden["ok"], s.stderr));
        } else if s.ok {
            let got = normalize(serde_json::from_slice(&s.catalog).unwrap());
            if got != normalize(golden["catalog"].clone()) {
                failures.push(format!("{node}: catalog differs from Puppet's\npjit:   {got}\nPuppet: {}", golden["catalog"]));
            }
        } else {
            let want = golden["error"].as_str().unwrap();
            let got = s.stderr.lines().find_map(|l| l.strip_prefix("Error: ")).unwrap_or("");
            if relative(got) != want {
                failures.push(format!("{node}: error\n  pjit:   {got}\n  Puppet: {want}"));
            }
        }
        let logs: Vec<String> = s
            .stderr
            .lines()
            .filter_map(|l| {
                let (level, rest) = l.split_once(": Scope(")?;
                Some(format!("{}: {}", level.to_lowercase(), rest.split_once("): ")?.1))
            })
            .collect();
        let want: Vec<String> = golden["logs"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
        if logs != want {
            failures.push(format!("{node}: logs {logs:?}, Puppet {want:?}"));
        }
        singles.push((node, s));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(singles.iter().any(|(_, s)| !s.ok) && singles.iter().any(|(_, s)| s.ok));
    // One worker sees every node in turn (the most reuse); two workers
    // share them; compiled code is reused too.
    for extra in [&["-j", "1", "--jit=off"][..], &["-j", "2", "--jit=off"], &["-j", "1", "--jit=always"], &["-j", "2"]] {
        check_batch(&dir, &env_args, "nodes.txt", "facts", extra, &singles);
    }
}

/// Without `--nodes`, every facts file names a node (sorted), and a node
/// without facts is an error of that node only.
#[test]
fn nodes_from_facts_dir_and_missing_facts() {
    let dir = root();
    let out_dir = tempdir("factsdir");
    let out_s = out_dir.to_str().unwrap();
    let env_args = ["--environmentpath", "env", "--environment", "production"];
    let mut args = vec!["compile", "--facts-dir", "facts", "-o", out_s];
    args.extend_from_slice(&env_args);
    let out = pjit(&dir, &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut want = nodes(&dir.join("nodes.txt"));
    want.sort();
    assert!(stderr.trim_end().ends_with("; 2 failed"), "{stderr}");
    let mut written: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".json").to_string())
        .collect();
    written.sort();
    assert_eq!(written.len(), want.len() - 2, "{written:?}");
    let _ = std::fs::remove_dir_all(&out_dir);

    let list = tempdir("nodelist");
    std::fs::create_dir_all(&list).unwrap();
    std::fs::write(list.join("nodes.txt"), "web1.example.com\nnofacts.example.com\n").unwrap();
    let nodes_file = list.join("nodes.txt");
    let out_dir = list.join("out");
    let mut args = vec!["compile", "--nodes", nodes_file.to_str().unwrap(), "--facts-dir", "facts", "-o", out_dir.to_str().unwrap()];
    args.extend_from_slice(&env_args);
    let out = pjit(&dir, &args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("Error: no facts for node nofacts.example.com in facts"), "{stderr}");
    assert!(out_dir.join("web1.example.com.json").is_file());
    let _ = std::fs::remove_dir_all(&list);
}

/// Bad usage: no output directory, a NODE argument, a node name that would
/// write outside the output directory.
#[test]
fn batch_usage_errors() {
    let dir = root();
    let env_args = ["--environmentpath", "env", "--environment", "production"];
    let mut args = vec!["compile", "--facts-dir", "facts"];
    args.extend_from_slice(&env_args);
    assert_eq!(pjit(&dir, &args).status.code(), Some(2));
    let mut args = vec!["compile", "web1.example.com", "--facts-dir", "facts", "-o", "/tmp/x"];
    args.extend_from_slice(&env_args);
    assert_eq!(pjit(&dir, &args).status.code(), Some(2));
    let list = tempdir("badnode");
    std::fs::create_dir_all(&list).unwrap();
    std::fs::write(list.join("nodes.txt"), "../evil\n").unwrap();
    let nodes_file = list.join("nodes.txt");
    let out_dir = list.join("out");
    let mut args = vec!["compile", "--nodes", nodes_file.to_str().unwrap(), "-o", out_dir.to_str().unwrap()];
    args.extend_from_slice(&env_args);
    let out = pjit(&dir, &args);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a node name"));
    let _ = std::fs::remove_dir_all(&list);
}

/// Real modules: nodes of one environment over Debian's modules, each
/// including different ones, compiled in one batch with one worker (every
/// node reuses the program of the nodes before it) and separately.
#[test]
fn batch_over_real_modules() {
    let modules = Path::new("/usr/share/puppet/modules");
    assert!(
        modules.join("stdlib").is_dir(),
        "the real-module corpus is missing: install Debian's puppet-module-* packages (.ci/run does)"
    );
    let dir = root().join("real");
    let env_args = ["--manifest", "site.pp", "--modulepath", "/usr/share/puppet/modules"];
    let facts = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/modules/facts.json")).unwrap();
    let work = tempdir("real");
    std::fs::create_dir_all(work.join("facts")).unwrap();
    let names = nodes(&dir.join("nodes.txt"));
    for n in &names {
        std::fs::write(work.join("facts").join(format!("{n}.json")), &facts).unwrap();
    }
    let facts_dir = work.join("facts");
    let mut singles = vec![];
    for n in &names {
        let s = single(&dir, &env_args, n, facts_dir.join(format!("{n}.json")).to_str().unwrap());
        assert!(s.ok, "{n}: {}", s.stderr);
        singles.push((n.clone(), s));
    }
    for extra in [&["-j", "1"][..], &["-j", "2"]] {
        check_batch(&dir, &env_args, "nodes.txt", facts_dir.to_str().unwrap(), extra, &singles);
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// Real roles (tests/roles/envs: `include ntp`, a LAMP server, keystone,
/// apache vhosts; Debian 12's modules) for many distinct nodes: each node
/// has its own name, address, processor count and memory (what the roles
/// put in vhosts, MySQL's configuration, templates), and every seventh
/// node fails in one of two ways (no `networking` fact; a non-Debian OS
/// family). Whatever batch mode shares between nodes (programs, template
/// renders, Hiera's files, compiled code, whole compiles remembered by the
/// memo), every node's catalog, log lines and error must be byte-identical
/// to a separate `pjit compile`'s, in any node order (a shuffled list gives
/// the memo other entries), with the memo off, on or checking itself.
#[test]
fn batch_over_real_roles_equals_separate_compiles() {
    let modules = Path::new("/usr/share/puppet/modules");
    assert!(
        modules.join("stdlib").is_dir(),
        "the real-module corpus is missing: install Debian's puppet-module-* packages (.ci/run does)"
    );
    let roles = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/roles");
    let work = tempdir("roles");
    let facts_dir = work.join("facts");
    let names = role_facts(&facts_dir, 22);
    let list = work.join("nodes.txt");
    std::fs::write(&list, names.join("\n")).unwrap();
    // A fixed shuffle: every third node, then the rest reversed.
    let mut order: Vec<usize> = (0..names.len()).step_by(3).collect();
    order.extend((0..names.len()).rev().filter(|i| i % 3 != 0));
    let shuffled = work.join("shuffled.txt");
    std::fs::write(&shuffled, order.iter().map(|&i| names[i].as_str()).collect::<Vec<_>>().join("\n")).unwrap();
    for role in ["ntp", "lamp", "keystone", "apache_vhosts"] {
        let env_args = ["--environmentpath", "envs", "--environment", role];
        let mut singles = vec![];
        for n in &names {
            let s = single(&roles, &env_args, n, facts_dir.join(format!("{n}.json")).to_str().unwrap());
            singles.push((n.clone(), s));
        }
        let failed = singles.iter().filter(|(_, s)| !s.ok).count();
        assert!(failed > 0 && failed < names.len(), "{role}: {failed} of {} nodes failed", names.len());
        for extra in [&["-j", "1", "--jit=off"][..], &["-j", "2"], &["-j", "1", "--jit=always"]] {
            check_batch(&roles, &env_args, list.to_str().unwrap(), facts_dir.to_str().unwrap(), extra, &singles);
        }
        let facts = facts_dir.to_str().unwrap();
        check_batch_memo(&roles, &env_args, list.to_str().unwrap(), facts, &["-j", "2"], &singles, Some("check"));
        check_batch_memo(&roles, &env_args, list.to_str().unwrap(), facts, &["-j", "1"], &singles, Some("off"));
        let reordered: Vec<(String, Single)> = order.iter().map(|&i| singles[i].clone()).collect();
        check_batch_memo(&roles, &env_args, shuffled.to_str().unwrap(), facts, &["-j", "1"], &reordered, Some("check"));
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// The facts of tests/tools/role-facts.py (`--failing`), for `n` nodes.
fn role_facts(dir: &Path, n: usize) -> Vec<String> {
    std::fs::create_dir_all(dir).unwrap();
    let base: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/modules/facts.json")).unwrap())
            .unwrap();
    let mut names = vec![];
    for i in 0..n {
        let mut f = base.clone();
        let host = format!("node{i:04}");
        let fqdn = format!("{host}.example.com");
        let ip = format!("10.0.{}.{}", i / 250, i % 250 + 2);
        for (k, v) in [("hostname", &host), ("fqdn", &fqdn), ("ipaddress", &ip), ("ipaddress_eth0", &ip)] {
            f[k] = v.as_str().into();
        }
        f["networking"]["hostname"] = host.as_str().into();
        f["networking"]["fqdn"] = fqdn.as_str().into();
        f["networking"]["ip"] = ip.as_str().into();
        f["networking"]["interfaces"]["eth0"]["ip"] = ip.as_str().into();
        f["processorcount"] = (1 + i % 8).into();
        f["processors"]["count"] = (1 + i % 8).into();
        f["memorysize_mb"] = (1024.0 * (1 + i % 16) as f64).into();
        if i % 7 == 3 {
            f.as_object_mut().unwrap().remove("networking");
        } else if i % 7 == 5 {
            for (k, v) in [("osfamily", "Solaris"), ("operatingsystem", "Solaris")] {
                f[k] = v.into();
            }
            f["os"]["family"] = "Solaris".into();
            f["os"]["name"] = "Solaris".into();
        }
        std::fs::write(dir.join(format!("{fqdn}.json")), serde_json::to_string_pretty(&f).unwrap()).unwrap();
        names.push(fqdn);
    }
    names
}
