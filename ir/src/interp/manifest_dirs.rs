//! Reading the manifests the autoloader finds in a module.
//!
//! A compile of many modules reads one small file per class (Puppet's
//! autoload layout: `<modulepath>/<module>/manifests/<name>.pp`). Opening
//! each by its full path makes the kernel walk every component of that
//! path again (seven on a typical environment); on many_modules, 1,300
//! opens spent most of their time in that walk. A [`ManifestDirs`] opens
//! each module's `manifests` directory once and then opens the files
//! relative to it (`openat`), which walks only the components below it.
//!
//! Invariant: a file opened through a directory is the file its full path
//! names, as long as the directory is not moved or replaced while a
//! compile runs (the same assumption the autoloader's caches make). Any
//! failure of the relative route falls back to the full path, so error
//! messages (and behaviour on systems without `openat`) are those of
//! `std::fs::File::open`.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::HashMap;

/// How many directories stay open at once: a modulepath with more modules
/// than that opens the rest by full path rather than risk the process's
/// file-descriptor limit (commonly 1,024).
const MAX_OPEN_DIRS: usize = 256;

/// The `manifests` directories of the modules, each listed once and
/// opened on first use.
#[derive(Default)]
pub(crate) struct ManifestDirs {
    dirs: Vec<Dir>,
    open: usize,
}

struct Dir {
    path: PathBuf,
    /// The `.pp` files below it, as relative paths (`b/c.pp`), each with
    /// the autoloader's index of the file once it has one.
    listed: HashMap<Box<str>, Option<u32>>,
    /// None: not tried yet; Some(None): could not be opened (or the limit
    /// was reached), so files are opened by full path.
    #[cfg(unix)]
    fd: Option<Option<std::os::fd::OwnedFd>>,
}

/// Where a module file is, relative to a directory of [`ManifestDirs`].
#[derive(Clone, Debug)]
pub(crate) struct InDir {
    dir: u32,
    #[cfg(unix)]
    rel: std::ffi::CString,
}

impl ManifestDirs {
    /// Registers a directory and the `.pp` files below it (relative
    /// paths); returns its index.
    pub(crate) fn add(&mut self, path: PathBuf, listed: impl IntoIterator<Item = String>) -> u32 {
        self.dirs.push(Dir {
            path,
            listed: listed.into_iter().map(|f| (f.into_boxed_str(), None)).collect(),
            #[cfg(unix)]
            fd: None,
        });
        (self.dirs.len() - 1) as u32
    }

    /// The directory's path.
    pub(crate) fn path(&self, dir: u32) -> &Path {
        &self.dirs[dir as usize].path
    }

    /// Whether `rel` is one of the `.pp` files listed below `dir`, and if
    /// so the autoloader's index of it, once [`ManifestDirs::set_index`]
    /// gave one.
    pub(crate) fn listed(&self, dir: u32, rel: &str) -> Option<Option<u32>> {
        self.dirs[dir as usize].listed.get(rel).copied()
    }

    /// Records the autoloader's index of listed file `rel`.
    pub(crate) fn set_index(&mut self, dir: u32, rel: &str, file: u32) {
        if let Some(slot) = self.dirs[dir as usize].listed.get_mut(rel) {
            *slot = Some(file);
        }
    }

    /// The location of `rel` (a relative path without `..`) inside
    /// directory `dir`, if it can be named that way.
    pub(crate) fn at(&self, dir: u32, rel: &str) -> Option<InDir> {
        #[cfg(unix)]
        {
            let rel = std::ffi::CString::new(rel).ok()?;
            Some(InDir { dir, rel })
        }
        #[cfg(not(unix))]
        {
            let _ = rel;
            Some(InDir { dir })
        }
    }

    /// Reads module file `path`, through its directory when `in_dir` says
    /// where it is.
    pub(crate) fn read(&mut self, path: &Path, in_dir: Option<&InDir>) -> std::io::Result<Vec<u8>> {
        let file = match in_dir.and_then(|d| self.open_in(d)) {
            Some(f) => f,
            None => std::fs::File::open(path)?,
        };
        read_to_end(file)
    }

    #[cfg(unix)]
    fn open_in(&mut self, at: &InDir) -> Option<std::fs::File> {
        use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
        use std::os::unix::ffi::OsStrExt;
        let open = &mut self.open;
        let dir = &mut self.dirs[at.dir as usize];
        let fd = dir.fd.get_or_insert_with(|| {
            if *open >= MAX_OPEN_DIRS {
                return None;
            }
            let path = std::ffi::CString::new(dir.path.as_os_str().as_bytes()).ok()?;
            // SAFETY: `path` is a NUL-terminated string that outlives the
            // call; the result is checked before it is used as a descriptor.
            let fd = unsafe { libc::open(path.as_ptr(), libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC) };
            if fd < 0 {
                return None;
            }
            *open += 1;
            // SAFETY: `fd` was just opened by this process and nothing else
            // owns it.
            Some(unsafe { OwnedFd::from_raw_fd(fd) })
        });
        let dirfd = fd.as_ref()?.as_raw_fd();
        // SAFETY: `dirfd` is an open directory owned by `self.dirs`, `rel`
        // a NUL-terminated relative path alive for the call; the result is
        // checked before it is used as a descriptor.
        let fd = unsafe { libc::openat(dirfd, at.rel.as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC) };
        if fd < 0 {
            return None;
        }
        // SAFETY: `fd` was just opened by this process and nothing else
        // owns it; the `File` closes it.
        Some(unsafe { std::fs::File::from_raw_fd(fd) })
    }

    #[cfg(not(unix))]
    fn open_in(&mut self, _at: &InDir) -> Option<std::fs::File> {
        None
    }
}

/// Reads a whole (small) file.
fn read_to_end(f: std::fs::File) -> std::io::Result<Vec<u8>> {
    // Manifests are small: one read into room that is not zeroed first,
    // and a second that sees the end. `Take` reads with the generic
    // `read_to_end`, which does not ask for the size (a `statx` per file).
    let mut bytes = Vec::with_capacity(16 * 1024);
    f.take(u64::MAX).read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_through_the_directory_and_falls_back_to_the_path() {
        let root = std::env::temp_dir().join(format!("pjit-files-{}", std::process::id()));
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::write(root.join("a.pp"), "class a {}\n").unwrap();
        std::fs::write(root.join("sub/b.pp"), "class a::sub::b {}\n").unwrap();
        let mut dirs = ManifestDirs::default();
        let d = dirs.add(root.clone(), ["a.pp".to_string(), "sub/b.pp".to_string()]);
        assert_eq!(dirs.listed(d, "a.pp"), Some(None));
        assert_eq!(dirs.listed(d, "c.pp"), None);
        dirs.set_index(d, "a.pp", 7);
        assert_eq!(dirs.listed(d, "a.pp"), Some(Some(7)));
        let a = dirs.at(d, "a.pp").unwrap();
        assert_eq!(dirs.read(&root.join("a.pp"), Some(&a)).unwrap(), b"class a {}\n");
        let b = dirs.at(d, "sub/b.pp").unwrap();
        assert_eq!(dirs.read(&root.join("sub/b.pp"), Some(&b)).unwrap(), b"class a::sub::b {}\n");
        // A missing file reports the full path's error.
        let missing = dirs.at(d, "missing.pp").unwrap();
        let e = dirs.read(&root.join("missing.pp"), Some(&missing)).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
        // A directory that cannot be opened: files are read by full path.
        let gone = dirs.add(root.join("no-such-dir"), []);
        let a2 = dirs.at(gone, "a.pp").unwrap();
        assert_eq!(dirs.read(&root.join("a.pp"), Some(&a2)).unwrap(), b"class a {}\n");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
