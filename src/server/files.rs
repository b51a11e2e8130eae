//! Puppet's file server over an environment's modules: the mounts
//! `modules` (`puppet:///modules/<module>/<path>` is the module's
//! `files/<path>`), `plugins` (every module's `lib/`, merged),
//! `pluginfacts` (every module's `facts.d/`, merged) and `tasks` (the
//! module's `tasks/`), answered as `file_metadata`, `file_metadatas`
//! (recursive, with `recurse`, `recurselimit`, `ignore`, `links`,
//! `checksum_type` and `source_permissions` as Puppet's `Fileset` and
//! `Metadata` use them) and `file_content`.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use serde_json::{Value as Json, json};
use sha2::Digest;

/// A module's name as Puppet accepts it.
fn module_name(n: &str) -> bool {
    let mut b = n.bytes();
    b.next().is_some_and(|c| c.is_ascii_lowercase()) && b.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_')
}

/// The environment's modules: the first directory of each name on the
/// modulepath, in modulepath order (names sorted within a directory).
fn modules(modulepath: &[PathBuf]) -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = vec![];
    for dir in modulepath {
        let Ok(rd) = std::fs::read_dir(dir) else { continue };
        let mut names: Vec<String> = rd.flatten().filter_map(|e| e.file_name().into_string().ok()).filter(|n| module_name(n)).collect();
        names.sort();
        for n in names {
            let p = dir.join(&n);
            if p.is_dir() && !out.iter().any(|(m, _)| *m == n) {
                out.push((n, p));
            }
        }
    }
    out
}

fn module(modulepath: &[PathBuf], name: &str) -> Option<PathBuf> {
    if !module_name(name) {
        return None;
    }
    modulepath.iter().map(|d| d.join(name)).find(|p| p.is_dir())
}

/// A relative path from a request: no `..`, no absolute parts.
fn safe_relative(p: &str) -> Option<&str> {
    let p = p.trim_start_matches('/');
    (!p.split('/').any(|seg| seg == ".." || seg == ".") && !p.contains('\0')).then_some(p)
}

/// The directories a mount's path can be found in, in order (several for
/// the merged `plugins` and `pluginfacts` mounts), or the file itself, and
/// whether a recursive request may recurse into them. None: no such mount
/// or module (a 404).
pub fn locate(modulepath: &[PathBuf], mount: &str, path: &str) -> Option<(Vec<PathBuf>, bool)> {
    let path = safe_relative(path)?;
    let join = |base: PathBuf, rest: &str| if rest.is_empty() { base } else { base.join(rest) };
    match mount {
        "modules" | "tasks" => {
            let (name, rest) = path.split_once('/').unwrap_or((path, ""));
            let dir = module(modulepath, name)?.join(if mount == "modules" { "files" } else { "tasks" });
            Some((vec![join(dir, rest)], true))
        }
        "plugins" | "pluginfacts" => {
            let sub = if mount == "plugins" { "lib" } else { "facts.d" };
            let dirs: Vec<PathBuf> = modules(modulepath)
                .into_iter()
                .map(|(_, m)| m.join(sub))
                .filter(|d| d.is_dir())
                .map(|d| join(d, path))
                .filter(|p| std::fs::symlink_metadata(p).is_ok())
                .collect();
            if dirs.is_empty() && path.is_empty() {
                // Puppet answers with the modulepath's directories, not
                // recursed, when no module has plugins.
                return Some((modulepath.iter().filter(|d| d.is_dir()).cloned().collect::<Vec<_>>(), false)).filter(|(v, _)| !v.is_empty());
            }
            Some((dirs, true))
        }
        _ => None,
    }
    .filter(|(v, _)| !v.is_empty())
}

/// The query parameters of a metadata request.
pub struct MetadataOptions {
    pub recurse: bool,
    pub recurselimit: Option<usize>,
    pub ignore: Vec<String>,
    /// `follow` (else `manage`).
    pub follow_links: bool,
    pub checksum_type: String,
    /// `use` or `use_when_creating` (else `ignore`: mode 0644 and the
    /// server's own user and group).
    pub source_permissions: bool,
}

impl MetadataOptions {
    pub fn from_query(q: &[(String, String)]) -> Result<MetadataOptions, String> {
        let get = |k: &str| q.iter().rev().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
        let checksum_type = get("checksum_type").unwrap_or("sha256").to_string();
        if !matches!(checksum_type.as_str(), "md5" | "sha256" | "sha1" | "sha224" | "sha384" | "sha512" | "mtime" | "ctime" | "none" | "md5lite" | "sha256lite" | "sha1lite") {
            return Err(format!("Unsupported checksum type {checksum_type}"));
        }
        let links = get("links").unwrap_or("manage");
        if !matches!(links, "manage" | "follow") {
            return Err(format!("Invalid :links value '{links}'"));
        }
        let sp = get("source_permissions").unwrap_or("ignore");
        if !matches!(sp, "use" | "use_when_creating" | "ignore") {
            return Err(format!("Unsupported source_permission {sp}"));
        }
        Ok(MetadataOptions {
            recurse: matches!(get("recurse"), Some("true" | "remote")),
            recurselimit: get("recurselimit").and_then(|v| v.parse().ok()),
            ignore: q.iter().filter(|(k, _)| k == "ignore").flat_map(|(_, v)| v.split(',')).map(String::from).collect(),
            follow_links: links == "follow",
            checksum_type,
            source_permissions: sp != "ignore",
        })
    }
}

/// Puppet's `Metadata#to_data_hash` of `base/relative` (`relative` None: a
/// single file's metadata, whose path is the file).
pub fn metadata(base: &Path, relative: Option<&str>, o: &MetadataOptions) -> Result<Json, String> {
    let full = match relative {
        Some(".") | None => base.to_path_buf(),
        Some(r) => base.join(r),
    };
    let meta = if o.follow_links { std::fs::metadata(&full) } else { std::fs::symlink_metadata(&full) }
        .map_err(|e| format!("{}: {e}", full.display()))?;
    let ft = meta.file_type();
    let (ftype, mut ctype) = if ft.is_dir() {
        ("directory", "ctime".to_string())
    } else if ft.is_symlink() {
        ("link", o.checksum_type.clone())
    } else if ft.is_file() {
        ("file", o.checksum_type.clone())
    } else {
        ("fifo", "none".to_string())
    };
    let mut destination = Json::Null;
    let checksum = match ftype {
        "file" => Some(checksum(&full, &ctype, &meta)?),
        "directory" => Some(ruby_time(meta.ctime(), meta.ctime_nsec())),
        "link" => {
            destination = Json::String(std::fs::read_link(&full).map(|d| d.display().to_string()).unwrap_or_default());
            std::fs::metadata(&full).ok().and_then(|m| m.is_file().then(|| checksum(&full, &ctype, &m).ok()).flatten())
        }
        _ => {
            ctype = "none".into();
            Some(String::new())
        }
    };
    let (owner, group, mode) = if o.source_permissions {
        (meta.uid(), meta.gid(), meta.mode() & 0o7777)
    } else {
        // SAFETY: geteuid and getegid have no preconditions and cannot fail.
        unsafe { (libc::geteuid(), libc::getegid(), 0o644) }
    };
    Ok(json!({
        "path": base.display().to_string(),
        "relative_path": relative,
        "links": if o.follow_links { "follow" } else { "manage" },
        "owner": owner,
        "group": group,
        "mode": mode,
        "checksum": {"type": ctype, "value": checksum.map(|c| format!("{{{ctype}}}{c}"))},
        "type": ftype,
        "destination": destination,
    }))
}

/// A file's checksum in Puppet's form (hex digest, or a time).
fn checksum(p: &Path, kind: &str, meta: &std::fs::Metadata) -> Result<String, String> {
    use std::io::Read;
    let read = |limit: Option<u64>| -> Result<Vec<u8>, String> {
        let f = std::fs::File::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
        let mut buf = vec![];
        match limit {
            Some(n) => f.take(n).read_to_end(&mut buf),
            None => (&f).read_to_end(&mut buf),
        }
        .map_err(|e| format!("{}: {e}", p.display()))?;
        Ok(buf)
    };
    fn hex(d: &[u8]) -> String {
        d.iter().map(|b| format!("{b:02x}")).collect()
    }
    Ok(match kind {
        "md5" => hex(&md5::Md5::digest(read(None)?)),
        "md5lite" => hex(&md5::Md5::digest(read(Some(512))?)),
        "sha1" => hex(&sha1::Sha1::digest(read(None)?)),
        "sha1lite" => hex(&sha1::Sha1::digest(read(Some(512))?)),
        "sha224" => hex(&sha2::Sha224::digest(read(None)?)),
        "sha256" => hex(&sha2::Sha256::digest(read(None)?)),
        "sha256lite" => hex(&sha2::Sha256::digest(read(Some(512))?)),
        "sha384" => hex(&sha2::Sha384::digest(read(None)?)),
        "sha512" => hex(&sha2::Sha512::digest(read(None)?)),
        "mtime" => ruby_time(meta.mtime(), meta.mtime_nsec()),
        "ctime" => ruby_time(meta.ctime(), meta.ctime_nsec()),
        _ => String::new(),
    })
}

/// Ruby's `Time#to_s` in local time: `2024-01-02 03:04:05 +0000`.
fn ruby_time(secs: i64, nsec: i64) -> String {
    use chrono::TimeZone;
    match chrono::Local.timestamp_opt(secs, nsec.clamp(0, 999_999_999) as u32) {
        chrono::LocalResult::Single(t) | chrono::LocalResult::Ambiguous(t, _) => t.format("%Y-%m-%d %H:%M:%S %z").to_string(),
        chrono::LocalResult::None => secs.to_string(),
    }
}

/// Puppet's `Fileset.merge` over `bases`: relative paths (`.` first, then
/// breadth first) with the base each is taken from (the first that has
/// it).
pub fn fileset(bases: &[PathBuf], o: &MetadataOptions) -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = vec![];
    let mut seen = std::collections::HashSet::new();
    for base in bases {
        let mut files = vec![".".to_string()];
        if o.recurse {
            let mut queue = std::collections::VecDeque::from([(base.clone(), String::new(), 0usize)]);
            while let Some((dir, rel, depth)) = queue.pop_front() {
                if o.recurselimit.is_some_and(|l| depth + 1 > l) {
                    continue;
                }
                let is_dir = if o.follow_links { dir.is_dir() } else { std::fs::symlink_metadata(&dir).is_ok_and(|m| m.is_dir()) };
                if !is_dir {
                    continue;
                }
                let Ok(rd) = std::fs::read_dir(&dir) else { continue };
                let mut names: Vec<String> = rd.flatten().filter_map(|e| e.file_name().into_string().ok()).collect();
                names.sort();
                for n in names.into_iter().filter(|n| !o.ignore.iter().any(|pat| fnmatch(pat, n))) {
                    let child_rel = if rel.is_empty() { n.clone() } else { format!("{rel}/{n}") };
                    files.push(child_rel.clone());
                    queue.push_back((dir.join(&n), child_rel, depth + 1));
                }
                // A runaway tree is cut off rather than listed forever.
                if files.len() > 100_000 {
                    break;
                }
            }
        }
        for f in files {
            if seen.insert(f.clone()) {
                out.push((f, base.clone()));
            }
        }
    }
    out
}

/// Ruby's `File.fnmatch?` without flags: `*`, `?` and `[...]`.
fn fnmatch(pat: &str, name: &str) -> bool {
    fn m(p: &[u8], n: &[u8]) -> bool {
        match (p.first(), n.first()) {
            (None, None) => true,
            (Some(b'*'), _) => m(&p[1..], n) || (!n.is_empty() && m(p, &n[1..])),
            (Some(b'?'), Some(_)) => m(&p[1..], &n[1..]),
            (Some(b'['), Some(&c)) => match p.iter().position(|&b| b == b']') {
                Some(end) if end > 1 => {
                    let set = &p[1..end];
                    let (neg, set) = if set[0] == b'!' || set[0] == b'^' { (true, &set[1..]) } else { (false, set) };
                    let mut hit = false;
                    let mut i = 0;
                    while i < set.len() {
                        if i + 2 < set.len() && set[i + 1] == b'-' {
                            hit |= set[i] <= c && c <= set[i + 2];
                            i += 3;
                        } else {
                            hit |= set[i] == c;
                            i += 1;
                        }
                    }
                    hit != neg && m(&p[end + 1..], &n[1..])
                }
                _ => c == b'[' && m(&p[1..], &n[1..]),
            },
            (Some(a), Some(b)) => a == b && m(&p[1..], &n[1..]),
            _ => false,
        }
    }
    m(pat.as_bytes(), name.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_and_paths() {
        assert!(fnmatch(".svn", ".svn") && fnmatch("*.bak", "a.bak") && fnmatch("[ab]?", "bz") && !fnmatch("CVS", "cvs"));
        assert!(safe_relative("a/../../etc").is_none() && safe_relative("mod/x.conf").is_some());
        assert!(module_name("stdlib") && !module_name("Foo") && !module_name("1x"));
    }

    #[test]
    fn recursive_listing_with_ignores() {
        let dir = std::env::temp_dir().join(format!("pjit-files-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("a/b")).unwrap();
        std::fs::create_dir_all(dir.join(".git")).unwrap();
        std::fs::write(dir.join("a/b/c.rb"), "x").unwrap();
        std::fs::write(dir.join("top.rb"), "y").unwrap();
        let q = vec![("recurse".to_string(), "true".to_string()), ("ignore".to_string(), ".git".to_string())];
        let o = MetadataOptions::from_query(&q).unwrap();
        let names: Vec<String> = fileset(std::slice::from_ref(&dir), &o).into_iter().map(|(r, _)| r).collect();
        assert_eq!(names, vec![".", "a", "top.rb", "a/b", "a/b/c.rb"]);
        let m = metadata(&dir, Some("top.rb"), &o).unwrap();
        assert_eq!(m["checksum"]["value"], "{sha256}a1fce4363854ff888cff4b8e7875d600c2682390412a8cf79b37d0b11148b0fa");
        assert_eq!(m["mode"], 0o644);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
