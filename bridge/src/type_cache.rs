//! What Ruby said about module resource types, kept on disk across pjit
//! processes: asking Ruby means starting the helper (loading Puppet's
//! library takes about a second), which a compile whose types Ruby already
//! described should not pay again. It is what `puppet generate types`
//! writes to `<environment>/.resource_types`, but kept in pjit's cache
//! directory, never in the user's environment.
//!
//! An answer is keyed by everything it can depend on: the Ruby that gave
//! it (path, size and modification time of the executable), pjit's version,
//! and the contents of every file under the `lib/` of every module of the
//! environment's modulepath (type files require helpers from `puppet_x`
//! and other modules). A changed file anywhere in them gives a new key, so
//! an entry is never stale; old keys are left for the user to delete.
//! Failures of the cache (unwritable directory, unreadable entry) only
//! cost the Ruby request that the cache would have saved.

use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The cache directory: `PJIT_CACHE_DIR` (empty or `off`: no cache), else
/// `$XDG_CACHE_HOME/pjit`, else `$HOME/.cache/pjit`.
pub fn default_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("PJIT_CACHE_DIR") {
        return (!d.is_empty() && d != "off").then(|| PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("pjit"));
    }
    std::env::var_os("HOME").filter(|d| !d.is_empty()).map(|h| PathBuf::from(h).join(".cache/pjit"))
}

/// The key of an environment's answers (hex), or None when its files
/// cannot all be read (then nothing is cached).
pub fn environment_key(ruby: &Path, modulepath: &[PathBuf]) -> Option<String> {
    let mut h = Sha256::new();
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    let meta = std::fs::metadata(ruby).ok()?;
    h.update(ruby.as_os_str().as_encoded_bytes());
    h.update(meta.len().to_le_bytes());
    if let Ok(m) = meta.modified()
        && let Ok(d) = m.duration_since(std::time::UNIX_EPOCH)
    {
        h.update(d.as_nanos().to_le_bytes());
    }
    for dir in modulepath {
        h.update(b"\0modulepath\0");
        h.update(dir.as_os_str().as_encoded_bytes());
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        let mut modules: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        modules.sort();
        for m in modules {
            let lib = m.join("lib");
            if lib.is_dir() {
                hash_tree(&mut h, &lib)?;
            }
        }
    }
    Some(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

/// Every file under `dir`, in name order: its path and contents. The
/// directory entries' own types decide what to descend into (no `stat`
/// per entry: this walk is most of a cold keystone compile's system time);
/// a symbolic link is followed like the files it names.
fn hash_tree(h: &mut Sha256, dir: &Path) -> Option<()> {
    let mut entries: Vec<(PathBuf, std::fs::FileType)> =
        std::fs::read_dir(dir).ok()?.filter_map(|e| e.ok()).filter_map(|e| Some((e.path(), e.file_type().ok()?))).collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (p, t) in entries {
        let (dir, file) = if t.is_symlink() { (p.is_dir(), p.is_file()) } else { (t.is_dir(), t.is_file()) };
        if dir {
            hash_tree(h, &p)?;
        } else if file {
            h.update(b"\0file\0");
            h.update(p.as_os_str().as_encoded_bytes());
            h.update(b"\0");
            h.update(std::fs::read(&p).ok()?);
        }
    }
    Some(())
}

fn entry(dir: &Path, key: &str, name: &str) -> Option<PathBuf> {
    // Type names are Puppet names (`keystone_user`); anything else is not
    // a file name pjit writes.
    let plain = !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    plain.then(|| dir.join("resource-types").join(key).join(format!("{name}.json")))
}

/// Ruby's answer for type `name` (`Some(None)`: Ruby knows no such type),
/// if cached.
pub fn get(dir: &Path, key: &str, name: &str) -> Option<Option<String>> {
    let text = std::fs::read_to_string(entry(dir, key, name)?).ok()?;
    match serde_json::from_str::<serde_json::Value>(&text).ok()? {
        serde_json::Value::Null => Some(None),
        serde_json::Value::String(s) => Some(Some(s)),
        _ => None,
    }
}

/// Keeps Ruby's answer (written to a temporary file and renamed, so that
/// concurrent pjit processes never read half an entry).
pub fn put(dir: &Path, key: &str, name: &str, answer: &Option<String>) {
    let Some(path) = entry(dir, key, name) else { return };
    let Some(parent) = path.parent() else { return };
    if std::fs::create_dir_all(parent).is_err() {
        return;
    }
    let tmp = parent.join(format!(".{name}.{}.tmp", std::process::id()));
    let text = serde_json::to_string(answer).unwrap_or_default();
    let written = std::fs::File::create(&tmp).and_then(|mut f| f.write_all(text.as_bytes()));
    if written.is_err() || std::fs::rename(&tmp, &path).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_kept_by_key_and_a_changed_file_changes_the_key() {
        let root = std::env::temp_dir().join(format!("pjit-type-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let lib = root.join("modules/m/lib/puppet/type");
        std::fs::create_dir_all(&lib).unwrap();
        std::fs::write(lib.join("t.rb"), "Puppet::Type.newtype(:t) {}\n").unwrap();
        let ruby = std::env::current_exe().unwrap();
        let mp = vec![root.join("modules")];
        let k1 = environment_key(&ruby, &mp).unwrap();
        let cache = root.join("cache");
        assert_eq!(get(&cache, &k1, "t"), None);
        put(&cache, &k1, "t", &Some("generated".into()));
        put(&cache, &k1, "u", &None);
        assert_eq!(get(&cache, &k1, "t"), Some(Some("generated".into())));
        assert_eq!(get(&cache, &k1, "u"), Some(None));
        assert_eq!(get(&cache, &k1, "../t"), None);
        std::fs::write(lib.join("t.rb"), "Puppet::Type.newtype(:t) { newparam(:x) }\n").unwrap();
        let k2 = environment_key(&ruby, &mp).unwrap();
        assert_ne!(k1, k2);
        assert_eq!(get(&cache, &k2, "t"), None);
        let _ = std::fs::remove_dir_all(&root);
    }
}
