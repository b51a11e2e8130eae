//! The whole-compile memo of batch mode (`ir/src/interp/memo.rs`,
//! `PJIT_MEMO`) over adversarial environments (tests/memo/README.md): nodes
//! that differ only in one input the memo must see. For every environment,
//! batch mode (one and two workers, the listed and a shuffled node order,
//! the memo on and in `check` mode) gives every node exactly what a
//! separate `pjit compile` gives it: catalog bytes, log lines, errors. And
//! the memo did replay compiles (at least `replays` of them with one
//! worker, as `PJIT_MEMO=trace` reports), so the equality is not that of a
//! memo that never answers.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/memo")
}

fn pjit(args: &[&str], memo: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_pjit"));
    c.current_dir(root()).args(args);
    match memo {
        Some(m) => c.env("PJIT_MEMO", m),
        None => c.env_remove("PJIT_MEMO"),
    };
    c.output().unwrap()
}

fn tempdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pjit-memo-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

struct Single {
    ok: bool,
    stderr: String,
    catalog: Vec<u8>,
}

/// A batch over `order` must give each node its separate compile's output.
fn check(case: &str, facts: &Path, order: &[String], singles: &[Single], names: &[String], jobs: &str, memo: &str) -> String {
    let work = tempdir(&format!("{case}-{jobs}-{memo}-{}", order[0]));
    let list = work.join("nodes.txt");
    std::fs::write(&list, order.join("\n")).unwrap();
    let out_dir = work.join("out");
    let env = ["--environmentpath", ".", "--environment", case];
    let mut args = vec!["compile", "--nodes", list.to_str().unwrap(), "--facts-dir", facts.to_str().unwrap()];
    args.extend_from_slice(&["-o", out_dir.to_str().unwrap(), "-j", jobs, "--jit=off"]);
    args.extend_from_slice(&env);
    let out = pjit(&args, Some(memo));
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let single = |n: &String| &singles[names.iter().position(|m| m == n).unwrap()];
    let failed = order.iter().filter(|n| !single(n).ok).count();
    let what = format!("{case} -j{jobs} PJIT_MEMO={memo} order {order:?}");
    assert_eq!(out.status.success(), failed == 0, "{what}: exit status\n{stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.starts_with("memo: ")).collect();
    let (body, summary) = lines.split_at(lines.len() - 1);
    let want: String = order.iter().map(|n| single(n).stderr.as_str()).collect();
    assert_eq!(body.join("\n").trim_end(), want.trim_end(), "{what}: stderr differs from the separate compiles'");
    assert!(summary[0].starts_with(&format!("Compiled {} of {} catalogs", order.len() - failed, order.len())), "{what}: {summary:?}");
    for n in order {
        let path = out_dir.join(format!("{n}.json"));
        let s = single(n);
        if s.ok {
            let got = std::fs::read(&path).unwrap_or_else(|e| panic!("{what}: {n}: {e}"));
            assert!(got == s.catalog, "{what}: {n}: the batch catalog differs from the separate compile's");
        } else {
            assert!(!path.exists(), "{what}: {n} failed but has a catalog");
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    stderr
}

#[test]
fn batch_with_memo_equals_separate_compiles() {
    let mut cases: Vec<String> = std::fs::read_dir(root())
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().join("nodes.json").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    cases.sort();
    assert!(cases.len() >= 7, "{cases:?}");
    for case in &cases {
        let spec: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(root().join(case).join("nodes.json")).unwrap()).unwrap();
        let facts = tempdir(&format!("{case}-facts"));
        let mut names = vec![];
        for (n, f) in spec["nodes"].as_object().unwrap() {
            std::fs::write(facts.join(format!("{n}.json")), serde_json::to_string_pretty(f).unwrap()).unwrap();
            names.push(n.clone());
        }
        let env = ["--environmentpath", ".", "--environment", case.as_str(), "--jit=off"];
        let singles: Vec<Single> = names
            .iter()
            .map(|n| {
                let f = facts.join(format!("{n}.json"));
                let mut args = vec!["compile", n.as_str(), "--facts", f.to_str().unwrap()];
                args.extend_from_slice(&env);
                let out = pjit(&args, None);
                Single { ok: out.status.success(), stderr: String::from_utf8_lossy(&out.stderr).into_owned(), catalog: out.stdout }
            })
            .collect();
        // A fixed shuffle: odd positions first, then the even ones reversed.
        let mut shuffled: Vec<String> = names.iter().skip(1).step_by(2).cloned().collect();
        shuffled.extend(names.iter().step_by(2).rev().cloned());
        let traced = check(case, &facts, &names, &singles, &names, "1", "trace");
        let replays = traced.lines().filter(|l| l.starts_with("memo: ") && l.contains(": replayed ")).count() as u64;
        let least = spec["replays"].as_u64().unwrap();
        assert!(replays >= least, "{case}: {replays} compiles replayed, expected at least {least}\n{traced}");
        // Defined types' evaluations replayed (`define_memo.rs`).
        let define_replays = traced.lines().filter(|l| l.starts_with("memo: ") && l.contains(": define ") && l.ends_with(" replayed")).count() as u64;
        let least = spec["define_replays"].as_u64().unwrap_or(0);
        assert!(define_replays >= least, "{case}: {define_replays} define evaluations replayed, expected at least {least}\n{traced}");
        if let Some(most) = spec["max_replays"].as_u64() {
            assert!(replays <= most, "{case}: {replays} compiles replayed, expected at most {most}\n{traced}");
        }
        for (order, jobs, memo) in [(&names, "1", "on"), (&shuffled, "1", "on"), (&names, "2", "on"), (&shuffled, "1", "check"), (&names, "2", "check")] {
            check(case, &facts, order, &singles, &names, jobs, memo);
        }
        let _ = std::fs::remove_dir_all(&facts);
    }
}

/// `PJIT_MEMO` takes off, on, check and trace only.
#[test]
fn memo_mode_is_checked() {
    let out = pjit(&["compile", "--facts-dir", "nodes", "-o", "/nonexistent/x", "--environmentpath", ".", "--environment", "nodes"], Some("yes"));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("PJIT_MEMO must be off, on, check or trace"));
}
