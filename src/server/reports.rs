//! Reports an agent sends (`PUT /puppet/v3/report/:certname`), processed
//! by the processors the `reports` setting names. `store` is Puppet's: one
//! YAML file per run, `reportdir/<certname>/<YYYYMMDDHHMM>.yaml` (UTC),
//! mode 0640 in a 0750 directory, replaced atomically. `none` stores
//! nothing; other processors are Ruby code pjit does not run (reported at
//! start, skipped).

use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// Processes a report; returns the processors that ran (the response
/// body Puppet gives).
pub fn process(reports: &str, reportdir: &Path, certname: &str, body: &[u8]) -> Result<Vec<String>, (u16, String)> {
    let json: serde_json::Value =
        serde_json::from_slice(body).map_err(|e| (400, format!("Could not intern from json: {e}")))?;
    if !json.is_object() {
        return Err((400, "Could not intern from json: a report is a JSON object".into()));
    }
    let mut done = vec![];
    for name in reports.split(',').map(str::trim).filter(|n| !n.is_empty() && *n != "none") {
        if name == "store" {
            store(reportdir, certname, &json).map_err(|e| (500, e))?;
            done.push(name.to_string());
        }
    }
    Ok(done)
}

/// Puppet's `store` processor.
fn store(reportdir: &Path, certname: &str, report: &serde_json::Value) -> Result<PathBuf, String> {
    // Puppet's `validate_host`.
    if certname.is_empty() || certname.starts_with('.') || certname.contains(['/', '\\', '\0']) {
        return Err(format!("Invalid node name \"{certname}\""));
    }
    let dir = reportdir.join(certname);
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o750)
        .create(&dir)
        .map_err(|e| format!("Could not create {}: {e}", dir.display()))?;
    let name = format!("{}.yaml", chrono::Utc::now().format("%Y%m%d%H%M"));
    let file = dir.join(name);
    let yaml = to_yaml(report)?;
    // Written beside and renamed, as Puppet's `replace_file` does.
    let tmp = dir.join(format!(".{}.{}.tmp", std::process::id(), rand_suffix()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o640)
        .open(&tmp)
        .and_then(|mut f| f.write_all(yaml.as_bytes()).and_then(|_| f.sync_all()))
        .and_then(|_| std::fs::rename(&tmp, &file));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("Could not write report for {certname} at {}: {e}", file.display()));
    }
    Ok(file)
}

fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos());
    h.finish()
}

/// The report as YAML under Puppet's report tag (its fields are the
/// report's JSON fields; see docs/puppet-differences.md).
fn to_yaml(report: &serde_json::Value) -> Result<String, String> {
    let value = pjit_aot::driver::value_from_json(report);
    let text = pjit_runtime::functions::stdlib::dump_yaml(&value).map_err(|e| e.message().to_string())?;
    let body = text.strip_prefix("---").unwrap_or(&text);
    Ok(format!("--- !ruby/object:Puppet::Transaction::Report{body}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_one_file_per_run() {
        let dir = std::env::temp_dir().join(format!("pjit-reports-{}", std::process::id()));
        let body = br#"{"host":"a.example","status":"unchanged","logs":[{"level":"notice","message":"hi"}]}"#;
        assert_eq!(process("store", &dir, "a.example", body).unwrap(), vec!["store"]);
        let files: Vec<_> = std::fs::read_dir(dir.join("a.example")).unwrap().flatten().collect();
        assert_eq!(files.len(), 1);
        let text = std::fs::read_to_string(files[0].path()).unwrap();
        assert!(text.starts_with("--- !ruby/object:Puppet::Transaction::Report\n"), "{text}");
        assert!(text.contains("status: unchanged"), "{text}");
        assert_eq!(process("store", &dir, "a.example", b"[1]").unwrap_err().0, 400);
        assert!(process("none", &dir, "a.example", body).unwrap().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
