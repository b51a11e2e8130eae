//! Which files make up an environment: the main manifest (one file, or
//! every `.pp` file below a manifests directory, in Puppet's order) and the
//! modulepath, from the command line or from a directory environment
//! (`--environmentpath DIR --environment NAME`, with its optional
//! `environment.conf`), the way Puppet's `puppet catalog compile` settles
//! them.

use std::path::{Path, PathBuf};

/// The resolved inputs of a compile.
#[derive(Debug, Default)]
pub struct Environment {
    /// Main manifest files, in evaluation order.
    pub manifests: Vec<PathBuf>,
    /// The main manifest as configured: a file or a directory.
    pub manifest: Option<PathBuf>,
    pub modulepath: Vec<PathBuf>,
    /// The directory of a directory environment (its `hiera.yaml` is the
    /// environment data layer).
    pub dir: Option<PathBuf>,
}

/// What the command line said.
pub struct Settings<'a> {
    pub environmentpath: Option<&'a Path>,
    pub environment: &'a str,
    pub manifest: Option<&'a Path>,
    pub modulepath: &'a [PathBuf],
    /// Puppet's `basemodulepath` (from `puppet.conf`): what
    /// `$basemodulepath` in an `environment.conf` modulepath stands for,
    /// and the end of the default modulepath (`modules:$basemodulepath`).
    /// None: `pjit compile` without settings compiles only the modules it
    /// is given.
    pub basemodulepath: Option<&'a [PathBuf]>,
}

/// Resolves the manifests and modulepath. Command-line `--manifest` and
/// `--modulepath` win over the environment's.
pub fn resolve(s: &Settings) -> Result<Environment, String> {
    let mut manifest = s.manifest.map(Path::to_path_buf);
    let mut modulepath = s.modulepath.to_vec();
    let mut env_dir = None;
    if let Some(envpath) = s.environmentpath {
        let dir = envpath
            .to_str()
            .unwrap_or_default()
            .split(':')
            .map(|p| Path::new(p).join(s.environment))
            .find(|d| d.is_dir())
            .ok_or_else(|| {
                format!(
                    "Could not find a directory environment named '{}' anywhere in the path: {}. Does the directory exist?",
                    s.environment,
                    envpath.display()
                )
            })?;
        let conf = read_conf(&dir.join("environment.conf"))?;
        env_dir = Some(std::path::absolute(&dir).unwrap_or_else(|_| dir.clone()));
        if manifest.is_none() {
            manifest = Some(match conf.iter().find(|(k, _)| k == "manifest") {
                Some((_, v)) => absolute(&dir, v),
                None => dir.join("manifests"),
            });
        }
        if modulepath.is_empty() {
            let base = s.basemodulepath.unwrap_or_default();
            modulepath = match conf.iter().find(|(k, _)| k == "modulepath") {
                Some((_, v)) => {
                    let mut mp = vec![];
                    for p in v.split(':').filter(|p| !p.is_empty()) {
                        // Without settings `$basemodulepath` is empty: pjit
                        // compiles only what it is given.
                        if p == "$basemodulepath" || p == "${basemodulepath}" {
                            mp.extend(base.iter().cloned());
                        } else if !p.contains("$basemodulepath") {
                            mp.push(absolute(&dir, p));
                        }
                    }
                    mp
                }
                None => std::iter::once(dir.join("modules")).chain(base.iter().cloned()).collect(),
            };
        }
    }
    let manifests = match &manifest {
        Some(m) if m.is_dir() => manifest_dir(m)?,
        Some(m) => vec![m.clone()],
        None => vec![],
    };
    Ok(Environment { manifests, manifest, modulepath, dir: env_dir })
}

fn absolute(dir: &Path, p: &str) -> PathBuf {
    let p = Path::new(p.trim());
    // `..` resolved as Puppet's `File.expand_path` does (the paths reach
    // the catalog's `file` fields).
    let joined = if p.is_absolute() { p.to_path_buf() } else { dir.join(p) };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            std::path::Component::ParentDir if matches!(out.components().next_back(), Some(std::path::Component::Normal(_))) => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// `environment.conf`: `key = value` lines (a leading `[main]`-style
/// section and `#` comments are allowed).
fn read_conf(path: &Path) -> Result<Vec<(String, String)>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(vec![]),
        Err(e) => return Err(format!("Could not read {}: {e}", path.display())),
    };
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('['))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().trim_matches('"').to_string()))
        .collect())
}

/// Every `.pp` file below `dir`, sorted by path as Puppet sorts them:
/// Ruby's `Dir.glob("DIR/**/*.pp")`, which skips names that start with a
/// dot and does not descend into symbolic links to directories.
pub fn manifest_dir(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = vec![];
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| format!("Could not read {}: {e}", d.display()))?;
        for e in entries.flatten() {
            if e.file_name().as_encoded_bytes().starts_with(b".") {
                continue;
            }
            let p = e.path();
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pp") && p.is_file() {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The modules of a modulepath as Puppet's environment lists them: the
/// directories with a valid module name (`[a-z][a-z0-9_]*`), the first of
/// each name winning, in modulepath order and by name within a directory.
pub fn modules(modulepath: &[PathBuf]) -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = vec![];
    for dir in modulepath {
        let Ok(rd) = std::fs::read_dir(dir) else { continue };
        let mut found: Vec<(String, PathBuf)> = rd
            .flatten()
            .filter_map(|e| Some((e.file_name().into_string().ok()?, e.path())))
            .filter(|(n, p)| valid_module_name(n) && p.is_dir())
            .collect();
        found.sort();
        for (name, path) in found {
            if !out.iter().any(|(n, _)| *n == name) {
                out.push((name, path));
            }
        }
    }
    out
}

fn valid_module_name(n: &str) -> bool {
    let b = n.as_bytes();
    !b.is_empty() && b[0].is_ascii_lowercase() && b.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environment_conf_and_manifest_directory() {
        let root = std::env::temp_dir().join(format!("pjit-env-test-{}", std::process::id()));
        let env = root.join("production");
        std::fs::create_dir_all(env.join("site/b")).unwrap();
        std::fs::create_dir_all(env.join("mods")).unwrap();
        std::fs::write(env.join("site/b/z.pp"), "").unwrap();
        std::fs::write(env.join("site/a.pp"), "").unwrap();
        std::fs::write(env.join("site/notes.txt"), "").unwrap();
        std::fs::write(env.join("environment.conf"), "# c\nmanifest = site\nmodulepath = mods:$basemodulepath\n").unwrap();
        let r = resolve(&Settings { environmentpath: Some(&root), environment: "production", manifest: None, modulepath: &[], basemodulepath: None })
            .unwrap();
        assert_eq!(r.manifests, vec![env.join("site/a.pp"), env.join("site/b/z.pp")]);
        assert_eq!(r.modulepath, vec![env.join("mods")]);
        let missing = resolve(&Settings { environmentpath: Some(&root), environment: "nope", manifest: None, modulepath: &[], basemodulepath: None });
        assert!(missing.unwrap_err().contains("Could not find a directory environment named 'nope'"));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
