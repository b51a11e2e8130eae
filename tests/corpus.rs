//! The real-world corpus: every manifest (`.pp`) and template (`.epp`) of
//! the Puppet modules Debian packages (`puppet-module-*`, installed under
//! `/usr/share/puppet/modules`) must parse and validate without an error,
//! as they do in Puppet 7.23.
//!
//! The modules are a test dependency of this test: without them it fails,
//! saying how to install them, unless `PJIT_SKIP_CORPUS=1` is set.
//! `PJIT_CORPUS_DIR` points the test at another tree.

use std::path::{Path, PathBuf};

use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::validate::{self, Options};
use pjit_frontend::{FileId, SourceFile};

const MODULES: &str = "/usr/share/puppet/modules";

/// The number of `.pp` files of the 93 packaged modules is 1,927 (seven of
/// them twice, through a link in logrotate's test fixtures); fewer
/// means the tree is incomplete (or the walk misses files).
const MIN_MANIFESTS: usize = 1900;

/// Every file below `root` with one of `exts`, following symbolic links
/// (each module directory is a link) as `find -L` does: a file reached by two
/// paths counts twice; only a link back to an enclosing directory is not
/// followed. Sorted.
fn walk(root: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack: Vec<(PathBuf, Vec<PathBuf>)> = vec![(root.to_path_buf(), Vec::new())];
    while let Some((dir, mut ancestors)) = stack.pop() {
        if let Ok(real) = std::fs::canonicalize(&dir) {
            if ancestors.contains(&real) {
                continue;
            }
            ancestors.push(real);
        }
        let Ok(rd) = std::fs::read_dir(&dir) else { continue };
        for entry in rd.flatten() {
            let path = entry.path();
            // `metadata` follows links, `file_type` would not.
            let Ok(meta) = std::fs::metadata(&path) else { continue };
            if meta.is_dir() {
                stack.push((path, ancestors.clone()));
            } else if path.extension().and_then(|e| e.to_str()).is_some_and(|e| exts.contains(&e)) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The rendered errors of one file, empty when it is valid.
fn errors(path: &Path) -> String {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return format!("  cannot read: {e}\n"),
    };
    let kind = if path.extension().is_some_and(|e| e == "epp") { SourceKind::Epp } else { SourceKind::Manifest };
    let source = SourceFile::new(path.display().to_string(), String::from_utf8_lossy(&bytes).into_owned());
    let parsed = parser::parse_bytes(FileId(0), &bytes, kind);
    let mut diags = parsed.diagnostics;
    if let Some(p) = &parsed.program {
        diags.extend(validate::validate(p, &Options::default()));
    }
    diags.iter().filter(|d| d.is_error()).map(|d| format!("  {}\n", d.message_with_location(&source))).collect()
}

#[test]
fn every_module_file_is_valid() {
    let dir = std::env::var("PJIT_CORPUS_DIR").unwrap_or_else(|_| MODULES.to_string());
    let root = Path::new(&dir);
    if !root.is_dir() {
        if std::env::var_os("PJIT_SKIP_CORPUS").is_some_and(|v| v == "1") {
            eprintln!("\n*** SKIPPED: corpus test, {dir} is absent and PJIT_SKIP_CORPUS=1 ***\n");
            return;
        }
        panic!(
            "the corpus of real modules is missing: {dir} does not exist.\n\
             Install Debian's Puppet module packages:\n\
             \n    apt-get install -y $(apt-cache search '^puppet-module-' | awk '{{print $1}}')\n\
             \nor set PJIT_SKIP_CORPUS=1 to skip this test."
        );
    }
    let files = walk(root, &["pp", "epp"]);
    let manifests = files.iter().filter(|p| p.extension().is_some_and(|e| e == "pp")).count();
    let templates = files.len() - manifests;
    assert!(
        manifests >= MIN_MANIFESTS,
        "only {manifests} .pp files under {dir}, expected at least {MIN_MANIFESTS}: \
         are all puppet-module-* packages installed?"
    );

    let mut failures = String::new();
    let mut bad = 0;
    for path in &files {
        let e = errors(path);
        if !e.is_empty() {
            bad += 1;
            failures.push_str(&format!("{}:\n{e}", path.display()));
        }
    }
    assert!(
        bad == 0,
        "{bad} of {} files ({manifests} manifests, {templates} templates) have errors:\n{failures}",
        files.len()
    );
    eprintln!("corpus: {manifests} manifests and {templates} templates, all valid");
}
