//! Every place where the compiler asks the outside world something that
//! can change from one compile to the next (the clock, random numbers,
//! commands) calls `pjit_runtime::impure::mark()` just before, so that the
//! whole-compile memo of batch mode (`ir/src/interp/memo.rs`) never
//! remembers a compile whose output was not a function of its inputs. A
//! new such call site without the mark fails this test.

use std::path::Path;

const PATTERNS: [&str; 5] = ["SystemTime::now", "Utc::now", "Local::now", "/dev/urandom", "Command::new"];

fn scan(dir: &Path, bad: &mut Vec<String>, found: &mut usize) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            scan(&p, bad, found);
            continue;
        }
        if p.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            let code = l.split("//").next().unwrap_or("");
            if !PATTERNS.iter().any(|pat| code.contains(pat)) {
                continue;
            }
            *found += 1;
            let from = i.saturating_sub(12);
            if !lines[from..=i].iter().any(|l| l.contains("impure::mark()")) {
                bad.push(format!("{}:{}: {}", p.display(), i + 1, l.trim()));
            }
        }
    }
}

#[test]
fn outside_world_calls_are_marked_impure() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut bad = vec![];
    let mut found = 0;
    for dir in ["runtime/src", "ir/src"] {
        scan(&root.join(dir), &mut bad, &mut found);
    }
    // The runtime's clock, random and command sites, and generate().
    assert!(found >= 8, "only {found} call sites found: the scan is broken");
    assert!(bad.is_empty(), "call sites without pjit_runtime::impure::mark() before them:\n{}", bad.join("\n"));
}
