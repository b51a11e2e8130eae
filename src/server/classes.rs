//! `GET /puppet/v3/environment_classes`: the classes an environment's
//! manifests define and their parameters, as Puppet Server's environment
//! classes service gives them (`Puppet::InfoService::ClassInformationService`
//! over `Puppet::Server::Master.getManifests`, serialized by Puppet
//! Server's `master_core.clj`).
//!
//! The files are the main manifest (every `.pp` below a manifests
//! directory) and every `.pp` below each module's `manifests`, sorted by
//! path. Each is parsed and validated as Puppet's evaluating parser does
//! (a module file with the namespace its path stands for); a file that
//! fails is listed with Puppet's error message, the others with their
//! classes in the order Puppet's parser completes them (a nested class
//! before its enclosing one). A parameter has its `name`, its `type` as
//! Puppet's type parser reads the type expression without any loader
//! (names that are not built-in types stay `TypeReference`s), its
//! `default_source` (the default expression's tree text) and, when the
//! default is JSON data by Puppet's strict literal rules, its
//! `default_literal`. Every map is sorted by key, as Puppet Server sorts
//! them, so the body is the same for the same files.
//!
//! The body's `Etag` is its SHA-256. Puppet Server with
//! `environment-class-cache-enabled` keeps that tag until its environment
//! cache is flushed; pjit keeps the body with a fingerprint of the files
//! (names, sizes, modification times) and recomputes it when they change,
//! so a request carrying the current tag in `If-None-Match` gets 304 and
//! a changed file is never answered with a stale body.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use pjit_frontend::ast::{Expr, ExprKind, IntValue, Parameter};
use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::validate::{self, FileNamespace};
use pjit_frontend::visit::{children, tree_extent};
use pjit_frontend::{FileId, SourceFile};
use pjit_runtime::Value;
use pjit_runtime::types::parser::{interpret_access, named_type};
use serde_json::{Map, Value as Json, json};
use sha2::Digest;

/// An environment's answer.
pub struct ClassInfo {
    /// Compact JSON, keys sorted.
    pub body: String,
    /// Lower-case hex SHA-256 of `body`.
    pub etag: String,
}

/// The answers made so far, per environment, with the fingerprint of the
/// files each was made from.
#[derive(Default)]
pub struct Cache(Mutex<HashMap<String, (u64, Arc<ClassInfo>)>>);

impl Cache {
    /// The answer for environment `name` whose main manifest (a file or a
    /// directory) and modulepath are given.
    pub fn get(&self, name: &str, manifest: Option<&Path>, modulepath: &[PathBuf], strict: validate::Strict) -> Arc<ClassInfo> {
        let files = manifest_files(manifest, modulepath);
        let print = fingerprint(&files);
        if let Some((p, info)) = self.0.lock().unwrap_or_else(|e| e.into_inner()).get(name)
            && *p == print
        {
            return info.clone();
        }
        let info = Arc::new(class_info(name, &files, strict));
        self.0.lock().unwrap_or_else(|e| e.into_inner()).insert(name.to_string(), (print, info.clone()));
        info
    }

    pub fn flush(&self, name: Option<&str>) {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match name {
            Some(n) => {
                m.remove(n);
            }
            None => m.clear(),
        }
    }
}

/// A manifest file and how it is validated.
struct File {
    path: PathBuf,
    namespace: FileNamespace,
}

/// `getManifests`: the main manifest's files, then each module's
/// `manifests/**/*.pp`, sorted by path without duplicates.
fn manifest_files(manifest: Option<&Path>, modulepath: &[PathBuf]) -> Vec<File> {
    let mut files = vec![];
    match manifest {
        Some(m) if m.is_dir() => {
            files.extend(crate::environment::manifest_dir(m).unwrap_or_default().into_iter().map(|path| File { path, namespace: FileNamespace::None }))
        }
        Some(m) if m.is_file() => files.push(File { path: m.to_path_buf(), namespace: FileNamespace::None }),
        _ => {}
    }
    for (module, dir) in crate::environment::modules(modulepath) {
        let manifests = dir.join("manifests");
        if !manifests.is_dir() {
            continue;
        }
        for path in crate::environment::manifest_dir(&manifests).unwrap_or_default() {
            let namespace = FileNamespace::Module(module_namespace(&module, &manifests, &path));
            files.push(File { path, namespace });
        }
    }
    files.sort_by(|a, b| a.path.as_os_str().as_encoded_bytes().cmp(b.path.as_os_str().as_encoded_bytes()));
    files.dedup_by(|a, b| a.path == b.path);
    files
}

/// The namespace a module file's path stands for (Puppet's
/// `Checker4_0#dir_to_names`): `<module>/manifests/a/b.pp` is
/// `module::a::b`, `init.pp` at the top is the module itself.
fn module_namespace(module: &str, manifests: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(manifests).unwrap_or(path);
    let mut names = vec![module.to_string()];
    let parts: Vec<String> = rel.iter().map(|c| c.to_string_lossy().to_lowercase()).collect();
    if let Some((file, dirs)) = parts.split_last() {
        names.extend(dirs.iter().cloned());
        if !(dirs.is_empty() && file == "init.pp") {
            names.push(file.strip_suffix(".pp").unwrap_or(file).to_string());
        }
    }
    names.join("::")
}

/// What a change of the files is measured on: their names, sizes and
/// modification times.
fn fingerprint(files: &[File]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for f in files {
        f.path.hash(&mut h);
        if let Ok(m) = std::fs::metadata(&f.path) {
            m.len().hash(&mut h);
            m.modified().unwrap_or(SystemTime::UNIX_EPOCH).hash(&mut h);
        }
    }
    h.finish()
}

fn class_info(name: &str, files: &[File], strict: validate::Strict) -> ClassInfo {
    let entries: Vec<Json> = files.iter().map(|f| file_entry(f, strict)).collect();
    let mut top = Map::new();
    top.insert("files".into(), Json::Array(entries));
    top.insert("name".into(), json!(name));
    let body = Json::Object(top).to_string();
    let etag = sha2::Sha256::digest(body.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    ClassInfo { body, etag }
}

/// One file: `{"classes": [...], "path": P}` or `{"error": E, "path": P}`.
fn file_entry(f: &File, strict: validate::Strict) -> Json {
    let path = f.path.display().to_string();
    let mut entry = Map::new();
    match parse(f, &path, strict) {
        Ok((source, program)) => {
            let mut classes = vec![];
            if let Some(body) = &program.body {
                collect_classes(body, source.text(), &mut classes);
            }
            entry.insert("classes".into(), Json::Array(classes));
        }
        Err(message) => {
            entry.insert("error".into(), json!(message));
        }
    }
    entry.insert("path".into(), json!(path));
    Json::Object(entry)
}

/// The file parsed and validated, or Puppet's message for why not.
fn parse(f: &File, path: &str, strict: validate::Strict) -> Result<(SourceFile, pjit_frontend::ast::Program), String> {
    let bytes = std::fs::read(&f.path).map_err(|_| format!("The file {path} does not exist"))?;
    let source = SourceFile::new(path.to_string(), String::from_utf8_lossy(&bytes).into_owned());
    let parsed = parser::parse_bytes(FileId(0), &bytes, SourceKind::Manifest);
    let mut diags = parsed.diagnostics;
    if let Some(program) = &parsed.program {
        let options = validate::Options { strict, namespace: f.namespace.clone(), file_path: path.to_string() };
        diags.extend(validate::validate(program, &options));
    }
    if let Some(message) = crate::compile::parse_failure(&diags, &source) {
        return Err(message);
    }
    match parsed.program {
        Some(p) => Ok((source, p)),
        None => Err(format!("{path} does not parse")),
    }
}

/// The class definitions below `e` in the order Puppet's parser adds them
/// to a program's definitions: when it completes them, so a nested class
/// comes before the class around it.
fn collect_classes(e: &Expr, text: &str, out: &mut Vec<Json>) {
    children(e, &mut |c| collect_classes(c, text, out));
    if let ExprKind::HostClass(d) = &e.kind {
        let params: Vec<Json> = d.params.iter().map(|p| parameter(p, text)).collect();
        let mut class = Map::new();
        class.insert("name".into(), json!(d.name.as_str()));
        class.insert("params".into(), Json::Array(params));
        out.push(Json::Object(class));
    }
}

/// `{"default_literal", "default_source", "name", "type"}`, each but the
/// name only when there is one.
fn parameter(p: &Parameter, text: &str) -> Json {
    let mut m = Map::new();
    if let Some(default) = &p.value {
        if let Some(literal) = literal(default).filter(|l| !l.is_null()) {
            m.insert("default_literal".into(), literal);
        }
        let (lo, hi) = tree_extent(default);
        m.insert("default_source".into(), json!(text.get(lo..hi).unwrap_or_default()));
    }
    m.insert("name".into(), json!(p.name.as_str()));
    // A type expression that is not literal (`Integer[$min]`) has no
    // type here. (Puppet's service gives it a null type, which Puppet
    // Server's response schema rejects: the whole request fails there.)
    if let Some(t) = p.type_expr.as_deref().and_then(|t| type_value(t, text).ok())
        && let Value::Type(t) = t
    {
        m.insert("type".into(), json!(t.to_string()));
    }
    Json::Object(m)
}

/// Puppet's `JsonStrictLiteralEvaluator`: strings (without
/// interpolation), bare words, numbers, booleans, undef (null), and arrays
/// and string-keyed hashes of those (hash keys sorted, as Puppet Server
/// sorts every map); None for anything else.
fn literal(e: &Expr) -> Option<Json> {
    Some(match &e.kind {
        ExprKind::String(s) | ExprKind::QualifiedName(s) => json!(s.as_str()),
        ExprKind::Integer { value: IntValue::Small(i), .. } => json!(i),
        ExprKind::Float(f) => json!(f),
        ExprKind::Boolean(b) => json!(b),
        ExprKind::Undef => Json::Null,
        ExprKind::ConcatenatedString(segs) => match segs.as_slice() {
            [Expr { kind: ExprKind::String(s), .. }] => json!(s.as_str()),
            _ => return None,
        },
        ExprKind::LiteralList(items) => Json::Array(items.iter().map(literal).collect::<Option<_>>()?),
        ExprKind::LiteralHash { entries, .. } => {
            let mut pairs = vec![];
            for en in entries {
                let Json::String(k) = literal(&en.key)? else { return None };
                pairs.push((k, literal(&en.value)?));
            }
            // Later duplicates win, as in a Ruby hash; then sorted.
            let mut sorted: std::collections::BTreeMap<String, Json> = std::collections::BTreeMap::new();
            sorted.extend(pairs);
            Json::Object(sorted.into_iter().collect())
        }
        _ => return None,
    })
}

/// A type expression as Puppet's `TypeParser#interpret_any` reads it with
/// no loader: built-in names, `Name[...]` with literal parameters; any
/// other name is a `TypeReference`. Err for anything that is not literal.
fn type_value(e: &Expr, text: &str) -> Result<Value, ()> {
    // Puppet's built-in Object types are known by name (`Deferred`);
    // every other name stays a reference, as the service leaves aliases.
    let unresolved = |n: &str| (n == "Deferred").then(|| pjit_runtime::types::Type::ObjectType(pjit_runtime::types::object::deferred_type()));
    Ok(match &e.kind {
        ExprKind::QualifiedReference(n) => Value::of_type(named_type(n.trim_start_matches("::"), &unresolved)),
        ExprKind::Access { left, keys } => {
            let ExprKind::QualifiedReference(n) = &left.kind else { return Err(()) };
            let args = keys.iter().map(|k| type_value(k, text)).collect::<Result<Vec<_>, _>>()?;
            let (lo, hi) = tree_extent(e);
            let source = text.get(lo..hi).unwrap_or_default();
            Value::of_type(interpret_access(n.trim_start_matches("::"), &args, source, &unresolved).map_err(|_| ())?)
        }
        ExprKind::Integer { value: IntValue::Small(i), .. } => Value::Integer(*i),
        ExprKind::Float(f) => Value::Float(*f),
        ExprKind::String(s) | ExprKind::QualifiedName(s) => Value::string(s.as_str()),
        ExprKind::ConcatenatedString(segs) => match segs.as_slice() {
            [Expr { kind: ExprKind::String(s), .. }] => Value::string(s.as_str()),
            _ => return Err(()),
        },
        ExprKind::Boolean(b) => Value::Boolean(*b),
        ExprKind::Undef => Value::Undef,
        ExprKind::Default => Value::Default,
        ExprKind::Regex(r) => Value::Regexp(pjit_runtime::regex::Regex::new(r).map_err(|_| ())?),
        ExprKind::Heredoc { text: t, .. } => type_value(t, text)?,
        ExprKind::UnaryMinus(x) => match type_value(x, text)? {
            Value::Integer(i) => Value::Integer(i.checked_neg().ok_or(())?),
            Value::Float(f) => Value::Float(-f),
            _ => return Err(()),
        },
        ExprKind::LiteralList(items) => Value::array(items.iter().map(|i| type_value(i, text)).collect::<Result<_, _>>()?),
        ExprKind::LiteralHash { entries, .. } => {
            let mut pairs = vec![];
            for en in entries {
                pairs.push((type_value(&en.key, text)?, type_value(&en.value, text)?));
            }
            Value::hash(pairs)
        }
        _ => return Err(()),
    })
}
