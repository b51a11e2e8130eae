//! Comparing a `pjit compile` run with the oracle's record of Puppet's
//! run (`../shared/oracle/oracle.rb --relative-paths`): the code's log
//! lines, Puppet's own log lines, the error, the catalog. Shared by the
//! test files that compare whole compiles (`mod common;`).

#![allow(dead_code)]

use std::process::Output;

/// The log lines of pjit's stderr: the code's (`level: message`, from
/// `Level: Scope(...): message`) and Puppet's own (`level: message`); a
/// line that is neither continues the message before it.
pub fn split_logs(stderr: &str) -> (Vec<String>, Vec<String>) {
    let (mut logs, mut puppet): (Vec<String>, Vec<String>) = (vec![], vec![]);
    let mut last: Option<bool> = None;
    for l in stderr.lines() {
        let level = l
            .split_once(": ")
            .map(|(lv, _)| lv)
            .filter(|lv| matches!(*lv, "Notice" | "Warning" | "Alert" | "Emergency" | "Critical" | "Error"));
        match level {
            Some("Error") => last = None,
            Some(lv) => {
                let rest = &l[lv.len() + 2..];
                let lv = match lv {
                    "Emergency" => "emerg".to_string(),
                    "Critical" => "crit".to_string(),
                    other => other.to_lowercase(),
                };
                match rest.strip_prefix("Scope(").and_then(|r| r.split_once("): ")) {
                    Some((_, msg)) => {
                        logs.push(format!("{lv}: {msg}"));
                        last = Some(true);
                    }
                    None => {
                        puppet.push(format!("{lv}: {rest}"));
                        last = Some(false);
                    }
                }
            }
            None => {
                let target = match last {
                    Some(true) => logs.last_mut(),
                    Some(false) => puppet.last_mut(),
                    None => None,
                };
                if let Some(t) = target {
                    t.push('\n');
                    t.push_str(l);
                }
            }
        }
    }
    (logs, puppet)
}

/// The catalog without what differs from run to run, module file paths
/// relative to the modulepath directory (`strip` is pjit's prefix).
pub fn normalize_catalog(mut c: serde_json::Value, strip: &[&str]) -> serde_json::Value {
    if let Some(o) = c.as_object_mut() {
        for k in ["version", "code_id", "catalog_uuid"] {
            o.remove(k);
        }
        if let Some(rs) = o.get_mut("resources").and_then(|r| r.as_array_mut()) {
            for r in rs {
                if let Some(mut f) = r.get("file").and_then(|f| f.as_str().map(str::to_string)) {
                    for p in strip {
                        if let Some(rest) = f.strip_prefix(p) {
                            f = rest.to_string();
                        }
                    }
                    r["file"] = serde_json::Value::String(f);
                }
            }
        }
    }
    c
}

pub fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default()
}

/// pjit's error (the first `Error:` line and its continuation lines), up
/// to ` on node`, with the modulepath prefixes removed.
pub fn error_text(stderr: &str, strip: &[&str]) -> String {
    let Some(start) = stderr.find("Error: ") else { return String::new() };
    let text = &stderr[start + "Error: ".len()..];
    let end = text.find(" on node ").unwrap_or(text.len());
    let mut e = text[..end].to_string();
    for p in strip {
        e = e.replace(p, "");
    }
    e
}

/// What differs between Puppet's run (`golden`) and pjit's (`out`), if
/// anything: logs, Puppet's logs, success, error or catalog.
pub fn compare(golden: &serde_json::Value, out: &Output, strip: &[&str]) -> Option<String> {
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Log lines name files as the catalog does (`(file: ...)`): relative
    // to the modulepath in the goldens.
    let stderr = strip.iter().fold(stderr.into_owned(), |s, p| s.replace(p, ""));
    let (logs, puppet_logs) = split_logs(&stderr);
    let mut diffs = vec![];
    if logs != strings(&golden["logs"]) {
        diffs.push(format!("logs {logs:?}\n  Puppet {:?}", strings(&golden["logs"])));
    }
    if puppet_logs != strings(&golden["puppet_logs"]) {
        diffs.push(format!("Puppet's logs {puppet_logs:?}\n  Puppet {:?}", strings(&golden["puppet_logs"])));
    }
    let ok = golden["ok"].as_bool().unwrap_or(false);
    if ok != out.status.success() {
        let err = stderr.lines().find(|l| l.starts_with("Error: ")).unwrap_or("(no error line)");
        diffs.push(format!("exit {:?}, Puppet ok={ok}: {err}", out.status.code()));
    } else if ok {
        match serde_json::from_slice::<serde_json::Value>(&out.stdout) {
            Ok(got) => {
                let got = normalize_catalog(got, strip);
                let want = normalize_catalog(golden["catalog"].clone(), &[]);
                if got != want {
                    diffs.push(catalog_diff(&want, &got));
                }
            }
            Err(e) => diffs.push(format!("no catalog JSON: {e}")),
        }
    } else {
        let want = golden["error"].as_str().unwrap_or("").split(" on node ").next().unwrap_or("").to_string();
        let got = error_text(&stderr, strip);
        if got != want {
            diffs.push(format!("error\n  pjit:   {got}\n  Puppet: {want}"));
        }
    }
    (!diffs.is_empty()).then(|| diffs.join("\n"))
}

/// The first difference between two catalogs, readably.
fn catalog_diff(want: &serde_json::Value, got: &serde_json::Value) -> String {
    let key = |r: &serde_json::Value| format!("{}[{}]", r["type"].as_str().unwrap_or(""), r["title"].as_str().unwrap_or(""));
    let empty = vec![];
    let wr = want["resources"].as_array().unwrap_or(&empty);
    let gr = got["resources"].as_array().unwrap_or(&empty);
    for r in wr {
        match gr.iter().find(|x| key(x) == key(r)) {
            None => return format!("catalog: missing resource {}", key(r)),
            Some(x) if x != r => return format!("catalog: resource {} differs:\n  Puppet: {r}\n  pjit:   {x}", key(r)),
            _ => {}
        }
    }
    if let Some(x) = gr.iter().find(|x| !wr.iter().any(|r| key(r) == key(x))) {
        return format!("catalog: extra resource {}", key(x));
    }
    for f in ["resources", "edges", "tags", "classes"] {
        if want[f] != got[f] {
            return format!("catalog: `{f}` differs (order or content)");
        }
    }
    "catalog differs".into()
}
