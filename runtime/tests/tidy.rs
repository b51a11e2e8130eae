//! House rules for the runtime crate's sources (STYLE.md): every file opens
//! with a `//!` line saying what it owns, every `unsafe` block or impl has a
//! `// SAFETY:` comment just before it, and no test is `#[ignore]`d.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn sources_follow_the_house_rules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("tests"), &mut files);
    rust_files(&root.join("../benches"), &mut files);
    files.retain(|f| !f.ends_with("frontend.rs"));
    let mut problems = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        if !text.starts_with("//!") {
            problems.push(format!("{}: does not start with a //! module doc", f.display()));
        }
        if f.ends_with("tidy.rs") {
            continue; // this file spells the patterns it looks for
        }
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let opens_unsafe = code.contains("unsafe {") || code.trim_start().starts_with("unsafe impl");
            if opens_unsafe {
                let window = &lines[i.saturating_sub(3)..=i];
                if !window.iter().any(|l| l.contains("// SAFETY:")) {
                    problems.push(format!("{}:{}: unsafe without a // SAFETY: comment", f.display(), i + 1));
                }
            }
            if line.contains("#[ignore") {
                problems.push(format!("{}:{}: ignored test", f.display(), i + 1));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
