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
//! The key itself is kept by the files' status, so that a compile reads
//! them only when one changed ([`environment_key_cached`]).
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
    hash_ruby(&mut h, ruby)?;
    for_each_lib(modulepath, &mut h, &mut |h, p, _| {
        h.update(b"\0file\0");
        h.update(p.as_os_str().as_encoded_bytes());
        h.update(b"\0");
        h.update(std::fs::read(p).ok()?);
        Some(())
    })?;
    Some(hex(&h.finalize()))
}

/// [`environment_key`], without reading the files when their status
/// (device, inode, size, modification and change times) is what it was
/// when the key was last computed: the key is kept in `dir` under a hash
/// of that status. Reading and hashing every module's `lib/` was a quarter
/// of a whole-process compile of a real role (843 files under Debian's
/// modules). Any write to a file changes its change time, which nobody
/// can set back, and a replaced file has another inode; a status whose
/// newest time is within two seconds of `now` is not kept (a file written
/// again within the clock's tick would keep its times: git's "racily
/// clean" index entries).
pub fn environment_key_cached(dir: &Path, ruby: &Path, modulepath: &[PathBuf]) -> Option<String> {
    environment_key_at(dir, ruby, modulepath, std::time::SystemTime::now())
}

fn environment_key_at(dir: &Path, ruby: &Path, modulepath: &[PathBuf], now: std::time::SystemTime) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let mut h = Sha256::new();
    hash_ruby(&mut h, ruby)?;
    let mut newest = i64::MIN;
    for_each_lib(modulepath, &mut h, &mut |h, p, stat| {
        let m = stat.get()?;
        h.update(b"\0file\0");
        h.update(p.as_os_str().as_encoded_bytes());
        h.update(b"\0");
        for n in [m.dev() as i64, m.ino() as i64, m.size() as i64, m.mtime(), m.mtime_nsec(), m.ctime(), m.ctime_nsec()] {
            h.update(n.to_le_bytes());
        }
        newest = newest.max(m.mtime()).max(m.ctime());
        Some(())
    })?;
    let path = dir.join("environment-keys").join(hex(&h.finalize()));
    if let Ok(k) = std::fs::read_to_string(&path)
        && k.len() == 64
        && k.bytes().all(|b| b.is_ascii_hexdigit())
    {
        return Some(k);
    }
    let key = environment_key(ruby, modulepath)?;
    let settled = now.duration_since(std::time::UNIX_EPOCH).is_ok_and(|d| newest < d.as_secs() as i64 - 2);
    if settled {
        write_atomically(&path, &key);
    }
    Some(key)
}

/// The Ruby that answers (path, size and modification time) and pjit's
/// version.
fn hash_ruby(h: &mut Sha256, ruby: &Path) -> Option<()> {
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    let meta = std::fs::metadata(ruby).ok()?;
    h.update(ruby.as_os_str().as_encoded_bytes());
    h.update(meta.len().to_le_bytes());
    if let Ok(m) = meta.modified()
        && let Ok(d) = m.duration_since(std::time::UNIX_EPOCH)
    {
        h.update(d.as_nanos().to_le_bytes());
    }
    Some(())
}

/// Calls `file` for every file under the `lib/` of every module of
/// `modulepath`, in name order, after hashing each modulepath entry.
fn for_each_lib(modulepath: &[PathBuf], h: &mut Sha256, file: &mut dyn FnMut(&mut Sha256, &Path, &Stat) -> Option<()>) -> Option<()> {
    for dir in modulepath {
        h.update(b"\0modulepath\0");
        h.update(dir.as_os_str().as_encoded_bytes());
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        let mut modules: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        modules.sort();
        for m in modules {
            let lib = m.join("lib");
            if lib.is_dir() {
                walk(h, &lib, file)?;
            }
        }
    }
    Some(())
}

/// Every file under `dir`, in name order. The directory entries' own
/// types decide what to descend into (no `stat` per entry); a symbolic
/// link is followed like the files it names.
fn walk(h: &mut Sha256, dir: &Path, file: &mut dyn FnMut(&mut Sha256, &Path, &Stat) -> Option<()>) -> Option<()> {
    let mut entries: Vec<(PathBuf, std::fs::FileType, std::fs::DirEntry)> =
        std::fs::read_dir(dir).ok()?.filter_map(|e| e.ok()).filter_map(|e| Some((e.path(), e.file_type().ok()?, e))).collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for (p, t, e) in entries {
        let (dir, is_file) = if t.is_symlink() { (p.is_dir(), p.is_file()) } else { (t.is_dir(), t.is_file()) };
        if dir {
            walk(h, &p, file)?;
        } else if is_file {
            file(h, &p, &Stat { entry: &e, symlink: t.is_symlink() })?;
        }
    }
    Some(())
}

/// A file's status when asked for: through its directory entry (a lookup
/// relative to the open directory, not of the whole path), or of the file
/// a symbolic link names.
struct Stat<'a> {
    entry: &'a std::fs::DirEntry,
    symlink: bool,
}

impl Stat<'_> {
    fn get(&self) -> Option<std::fs::Metadata> {
        if self.symlink { std::fs::metadata(self.entry.path()).ok() } else { self.entry.metadata().ok() }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
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

/// Keeps Ruby's answer.
pub fn put(dir: &Path, key: &str, name: &str, answer: &Option<String>) {
    let Some(path) = entry(dir, key, name) else { return };
    write_atomically(&path, &serde_json::to_string(answer).unwrap_or_default());
}

/// Writes `text` to a temporary file renamed to `path`, so that concurrent
/// pjit processes never read half an entry.
fn write_atomically(path: &Path, text: &str) {
    let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else { return };
    if std::fs::create_dir_all(parent).is_err() {
        return;
    }
    let tmp = parent.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
    let written = std::fs::File::create(&tmp).and_then(|mut f| f.write_all(text.as_bytes()));
    if written.is_err() || std::fs::rename(&tmp, path).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh modulepath with one module's type file under a temporary
    /// root: (root, the type directory, a "ruby" that exists, modulepath).
    fn module_tree(tag: &str) -> (PathBuf, PathBuf, PathBuf, Vec<PathBuf>) {
        let root = std::env::temp_dir().join(format!("pjit-type-cache-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let lib = root.join("modules/m/lib/puppet/type");
        std::fs::create_dir_all(&lib).unwrap();
        std::fs::write(lib.join("t.rb"), "Puppet::Type.newtype(:t) {}\n").unwrap();
        let mp = vec![root.join("modules")];
        (root, lib, std::env::current_exe().unwrap(), mp)
    }

    #[test]
    fn answers_are_kept_by_key_and_a_changed_file_changes_the_key() {
        let (root, lib, ruby, mp) = module_tree("key");
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

    #[test]
    fn the_key_is_kept_by_the_files_status_and_a_change_recomputes_it() {
        let (root, lib, ruby, mp) = module_tree("status");
        let cache = root.join("cache");
        let keys = cache.join("environment-keys");
        let later = std::time::SystemTime::now() + std::time::Duration::from_secs(10);
        let kept = || std::fs::read_dir(&keys).map(|d| d.count()).unwrap_or(0);
        // Files written just now: the key is computed, not kept.
        let k1 = environment_key_cached(&cache, &ruby, &mp).unwrap();
        assert_eq!(k1, environment_key(&ruby, &mp).unwrap());
        assert_eq!(kept(), 0);
        // Seconds later it is kept, and then used without reading the files.
        assert_eq!(environment_key_at(&cache, &ruby, &mp, later).unwrap(), k1);
        assert_eq!(kept(), 1);
        let entry = std::fs::read_dir(&keys).unwrap().next().unwrap().unwrap().path();
        std::fs::write(&entry, "f".repeat(64)).unwrap();
        assert_eq!(environment_key_at(&cache, &ruby, &mp, later).unwrap(), "f".repeat(64));
        // A changed file (same size) has another status: the key is
        // computed again from the contents.
        std::fs::write(lib.join("t.rb"), "Puppet::Type.newtype(:u) {}\n").unwrap();
        let k2 = environment_key_at(&cache, &ruby, &mp, later).unwrap();
        assert_eq!(k2, environment_key(&ruby, &mp).unwrap());
        assert_ne!(k2, k1);
        assert_eq!(kept(), 2);
        // A kept key that is not a key is computed again (and mended).
        for e in std::fs::read_dir(&keys).unwrap() {
            std::fs::write(e.unwrap().path(), "not a key").unwrap();
        }
        assert_eq!(environment_key_at(&cache, &ruby, &mp, later).unwrap(), k2);
        assert_eq!(environment_key_at(&cache, &ruby, &mp, later).unwrap(), k2);
        let _ = std::fs::remove_dir_all(&root);
    }
}
