//! `hiera.yaml`: loading, validation with Puppet's messages, and the data
//! providers its hierarchy resolves to (`HieraConfig`, `HieraConfigV3/4/5`
//! and `LocationResolver` of `puppet/pops/lookup/`).
//!
//! Version 5 is the format of every layer (`defaults`, `hierarchy`,
//! `default_hierarchy` in modules; levels with `path`, `paths`, `glob`,
//! `globs`, `uri`, `uris` or `mapped_paths`); version 4 is accepted in the
//! environment and module layers and version 3 only in the global layer,
//! each with Puppet's deprecation warning. A configuration file is parsed
//! once; the hierarchy's paths are interpolated when first used and again
//! only when a scope variable they used has changed (Puppet's
//! `scope_interpolations_stable?`).

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::OnceLock;

use crate::error::Error;
use crate::functions::stdlib::yaml;
use crate::types::Type;
use crate::value::{HashMapV, Value};

use super::merge::{self, Kind, Strategy};
use super::{Cx, Hiera, ScopeMemo, Strict, issue_error, located, puppet_error, ruby_error};

/// Which layer a configuration belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Owner {
    Global,
    Environment,
    Module(String),
}

/// The data provider functions pjit runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Function {
    YamlData,
    JsonData,
    /// A Puppet-language function returning the data hash (the legacy
    /// `"data_provider": "function"` of a module's metadata.json).
    PuppetData(String),
    /// Known to Puppet but not run by pjit (`eyaml_lookup_key`,
    /// `hocon_data`, Hiera 3 backends).
    Unsupported,
    /// Not a function Puppet or pjit knows.
    Unknown,
}

/// A resolved location of a hierarchy level.
#[derive(Clone, Debug)]
pub(crate) struct Location {
    pub path: PathBuf,
    pub exists: bool,
}

/// One level of a hierarchy (Puppet's `FunctionProvider`).
#[derive(Debug)]
pub(crate) struct DataProvider {
    pub name: String,
    /// `data_hash`, `v3_data_hash`, `v4_data_hash`, `lookup_key`, ...
    pub tag: &'static str,
    pub function_name: String,
    pub function: Function,
    /// None: the function is called once, without a location.
    pub locations: Option<Vec<Location>>,
    /// Hiera 3: the backend's datadir and extension, for `hiera()`'s
    /// override paths.
    pub v3: Option<(PathBuf, String)>,
    /// The checked data hash per location index (`usize::MAX`: none).
    pub data: RefCell<std::collections::HashMap<usize, Value>>,
}

impl DataProvider {
    /// `#{TAG} function '#{function_name}'`.
    pub fn full_name(&self) -> String {
        if self.tag == "v4_data_hash" {
            format!("deprecated API function '{}'", self.function_name)
        } else {
            format!("{} function '{}'", self.tag, self.function_name)
        }
    }
}

#[derive(Debug)]
struct V5Entry {
    name: String,
    /// `(kind, function name)`; None: the defaults' function.
    function: Option<(&'static str, String)>,
    datadir: Option<String>,
    location: Option<(&'static str, Value)>,
    options: Option<Value>,
}

#[derive(Debug)]
enum Body {
    V3 { backends: Vec<String>, hierarchy: Vec<String>, backend_configs: HashMapV },
    V4 { datadir: String, hierarchy: Vec<(String, String, Option<String>, Vec<String>)> },
    V5 {
        default_function: Option<(&'static str, String)>,
        default_datadir: String,
        default_options: Option<Value>,
        hierarchy: Vec<V5Entry>,
        default_hierarchy: Option<Vec<V5Entry>>,
    },
}

/// What a configuration resolved to for the current scope.
#[derive(Debug)]
struct Built {
    providers: Rc<Vec<Rc<DataProvider>>>,
    defaults: Rc<Vec<Rc<DataProvider>>>,
    memo: Rc<Vec<ScopeMemo>>,
    /// The engine's `epoch` when the memo was last found stable (or the
    /// levels resolved): while it has not moved on, the scope variables
    /// cannot have changed.
    checked: std::cell::Cell<u64>,
}

/// A loaded and validated `hiera.yaml`.
#[derive(Debug)]
pub(crate) struct HieraConfig {
    pub version: u8,
    root: PathBuf,
    /// None: the default configuration (no file).
    pub path: Option<PathBuf>,
    body: Body,
    /// Hiera 3's `merge_behavior`.
    pub merge: Strategy,
    built: RefCell<Option<Built>>,
}

const FUNCTION_KEYS: [&str; 4] = ["data_hash", "lookup_key", "data_dig", "hiera3_backend"];
const ALL_FUNCTION_KEYS: [&str; 5] = ["data_hash", "lookup_key", "data_dig", "hiera3_backend", "v4_data_hash"];
const LOCATION_KEYS: [&str; 7] = ["path", "paths", "glob", "globs", "uri", "uris", "mapped_paths"];

fn parsed(text: &str) -> Type {
    crate::types::parser::parse_type(text).unwrap_or_else(|e| panic!("bad built-in type {text}: {e:?}"))
}

fn v5_type() -> &'static Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| {
        let option_name = r"Pattern[/\A[A-Za-z](:?[0-9A-Za-z_-]*[0-9A-Za-z])?\z/]";
        let options = format!("Hash[{option_name}, Data]");
        let h = format!(
            "Array[Struct[{{'name' => String[1], Optional['options'] => {options}, Optional['data_hash'] => String[1], \
             Optional['lookup_key'] => String[1], Optional['hiera3_backend'] => String[1], Optional['v4_data_hash'] => String[1], \
             Optional['data_dig'] => String[1], Optional['path'] => String[1], Optional['paths'] => Array[String[1], 1], \
             Optional['glob'] => String[1], Optional['globs'] => Array[String[1], 1], Optional['uri'] => String[1], \
             Optional['uris'] => Array[String[1], 1], Optional['mapped_paths'] => Array[String[1], 3, 3], \
             Optional['datadir'] => String[1]}}]]"
        );
        parsed(&format!(
            "Struct[{{'version' => Integer[5, 5], Optional['defaults'] => Struct[{{Optional['data_hash'] => String[1], \
             Optional['lookup_key'] => String[1], Optional['data_dig'] => String[1], Optional['datadir'] => String[1], \
             Optional['options'] => {options}}}], Optional['hierarchy'] => {h}, Optional['plan_hierarchy'] => {h}, \
             Optional['default_hierarchy'] => {h}}}]"
        ))
    })
}

fn v4_type() -> &'static Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| {
        parsed(
            "Struct[{'version' => Integer[4, 4], Optional['datadir'] => String[1], Optional['hierarchy'] => \
             Array[Struct[{'backend' => String[1], 'name' => String[1], Optional['datadir'] => String[1], \
             Optional['path'] => String[1], Optional['paths'] => Array[String[1]]}]]}]",
        )
    })
}

fn v3_type(backends: &[String]) -> Result<Type, Error> {
    let mut t = String::from(
        "Struct[{Optional['version'] => Integer[3, 3], Optional['backends'] => Variant[String[1], Array[String[1]]], \
         Optional['logger'] => String[1], Optional['merge_behavior'] => Enum['deep', 'deeper', 'native'], \
         Optional['deep_merge_options'] => Hash[String[1], Variant[String, Boolean]], \
         Optional['hierarchy'] => Variant[String[1], Array[String[1]]]",
    );
    for b in backends {
        t.push_str(&format!(", Optional[{}] => Hash[String[1], Any]", crate::display::puppet_quote(b)));
    }
    t.push_str("}]");
    crate::types::parser::parse_type(&t)
}

fn s(v: &str) -> Value {
    Value::string(v)
}

fn get<'a>(h: &'a HashMapV, k: &str) -> Option<&'a Value> {
    h.get(&s(k)).filter(|v| !v.is_undef())
}

fn str_list(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::String(x)) => vec![x.to_string()],
        Some(Value::Array(a)) => a.iter().filter_map(|e| e.as_str().map(str::to_string)).collect(),
        _ => vec![],
    }
}

/// Ruby's `Pathname#+`: an absolute second path replaces the first;
/// leading `.` and `..` of the second are resolved against the first.
pub(crate) fn pathname_plus(base: &Path, rel: &str) -> PathBuf {
    let rel_path = Path::new(rel);
    if rel_path.is_absolute() {
        return rel_path.to_path_buf();
    }
    let mut out = base.to_path_buf();
    let mut parts = rel.split('/').filter(|p| !p.is_empty()).peekable();
    while let Some(p) = parts.peek() {
        match *p {
            "." => {
                parts.next();
            }
            ".." if out.file_name().is_some() => {
                out.pop();
                parts.next();
            }
            _ => break,
        }
    }
    for p in parts {
        out.push(p);
    }
    out
}

/// `HieraConfig#find_line_matching`: the first line at or after `start`
/// (1-based) whose text before an unquoted `#` matches the Ruby regexp.
pub(crate) fn find_line_matching(path: Option<&Path>, pattern: &str, start: usize) -> Option<usize> {
    let text = std::fs::read_to_string(path?).ok()?;
    let re = crate::regex::ruby_regex(pattern, onig::RegexOptions::REGEX_OPTION_NONE).ok()?;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let n = i + 1;
        if n < start {
            continue;
        }
        let mut quote = None;
        let mut stripped = String::new();
        for c in line.chars() {
            if c == '"' || c == '\'' {
                if quote == Some(c) {
                    quote = None;
                } else if quote.is_none() {
                    quote = Some(c);
                }
            } else if c == '#' && quote.is_none() {
                break;
            }
            stripped.push(c);
        }
        if re.find(&stripped).is_some() {
            return Some(n);
        }
    }
    None
}

/// A string inside a Ruby regexp (`#{name}` in Puppet's patterns is not
/// escaped; the names seen in practice have no special characters, and an
/// invalid pattern just finds no line).
fn hash_v(entries: Vec<(&str, Value)>) -> HashMapV {
    entries.into_iter().map(|(k, v)| (s(k), v)).collect()
}

fn v3_default() -> HashMapV {
    hash_v(vec![
        ("backends", Value::array(vec![s("yaml")])),
        ("hierarchy", Value::array(vec![s("nodes/%{::trusted.certname}"), s("common")])),
        ("merge_behavior", s("native")),
    ])
}

fn v5_default() -> HashMapV {
    hash_v(vec![
        ("version", Value::Integer(5)),
        ("defaults", Value::hash_from(hash_v(vec![("datadir", s("data")), ("data_hash", s("yaml_data"))]))),
        (
            "hierarchy",
            Value::array(vec![Value::hash_from(hash_v(vec![("name", s("Common")), ("path", s("common.yaml"))]))]),
        ),
    ])
}

fn combine(keys: &[&str]) -> String {
    match keys {
        [] => String::new(),
        [one] => one.to_string(),
        [a, b] => format!("{a} or {b}"),
        [init @ .., last] => format!("{}, or {last}", init.join(", ")),
    }
}

impl HieraConfig {
    fn fail(&self, code: &'static str, msg: impl Into<String>, line: Option<usize>) -> Error {
        issue_error(code, msg, self.path.as_deref(), line)
    }

    /// `HieraConfig.v4_function_config`: one level calling the legacy
    /// data function `name` (a module's `"data_provider": "function"`).
    pub fn legacy_function(root: &Path, name: &str) -> HieraConfig {
        let entry = V5Entry {
            name: format!("Legacy function '{name}'"),
            function: Some(("v4_data_hash", name.to_string())),
            datadir: None,
            location: None,
            options: None,
        };
        HieraConfig {
            version: 5,
            root: root.to_path_buf(),
            path: None,
            body: Body::V5 {
                default_function: None,
                default_datadir: "data".to_string(),
                default_options: None,
                hierarchy: vec![entry],
                default_hierarchy: None,
            },
            merge: Strategy::of(Kind::Default),
            built: RefCell::new(None),
        }
    }

    pub fn has_default_hierarchy(&self) -> bool {
        matches!(&self.body, Body::V5 { default_hierarchy: Some(_), .. })
    }

    /// `HieraConfig.create` and the owner's `assert_config_version`:
    /// None when the configuration is ignored (version 3 outside the
    /// global layer).
    pub fn load(cx: &mut Cx, path: Option<&Path>, root: &Path, owner: &Owner) -> Result<Option<HieraConfig>, Error> {
        let (path, loaded) = match path {
            Some(p) if cx.files.exists(p) => {
                let text = cx.files.text(p).map_err(|e| ruby_error(format!("{e} @ rb_sysopen - {}", p.display())))?;
                let shown = p.display().to_string();
                let parsed = cx.files.parsed(p, super::files::Format::Yaml, &text, |text| {
                    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
                    let opts = yaml::LoadOptions { filename: Some(&shown), aliases: true, symbols: true };
                    yaml::load_with(text, &opts).map_err(|e| puppet_error(e.message().to_string()))
                })?;
                match parsed {
                    Value::Hash(m) => (Some(p.to_path_buf()), (*m).clone()),
                    _ => {
                        cx.scope.warning(&format!(
                            "{shown}: File exists but does not contain a valid YAML hash. Falling back to Hiera version 3 default config"
                        ));
                        (Some(p.to_path_buf()), v3_default())
                    }
                }
            }
            _ => (None, v5_default()),
        };
        let version = match get(&loaded, "version") {
            None => 3,
            Some(Value::Integer(i)) => *i,
            Some(Value::Float(f)) => *f as i64,
            Some(Value::String(t)) => ruby_to_i(t),
            Some(_) => 0,
        };
        let shell = |version: u8, body: Body| HieraConfig {
            version,
            root: root.to_path_buf(),
            path: path.clone(),
            body,
            merge: Strategy::of(Kind::Default),
            built: RefCell::new(None),
        };
        let config = match version {
            5 => {
                let mut c = shell(5, Body::V3 { backends: vec![], hierarchy: vec![], backend_configs: Default::default() });
                c.body = c.validate_v5(loaded, owner)?;
                c
            }
            4 => {
                let mut c = shell(4, Body::V3 { backends: vec![], hierarchy: vec![], backend_configs: Default::default() });
                c.deprecated(cx, 4);
                c.body = c.validate_v4(loaded)?;
                c
            }
            3 => {
                let mut c = shell(3, Body::V3 { backends: vec![], hierarchy: vec![], backend_configs: Default::default() });
                c.deprecated(cx, 3);
                c.validate_v3(loaded)?;
                c
            }
            other => {
                return Err(issue_error(
                    "HIERA_UNSUPPORTED_VERSION",
                    format!("This runtime does not support hiera.yaml version {other}"),
                    path.as_deref(),
                    None,
                ));
            }
        };
        match owner {
            Owner::Global if config.version == 4 => Err(config.fail(
                "HIERA_UNSUPPORTED_VERSION_IN_GLOBAL",
                "hiera.yaml version 4 cannot be used in the global layer",
                None,
            )),
            Owner::Environment | Owner::Module(_) if config.version == 3 => {
                let (where_, text) = match owner {
                    Owner::Environment => ("an environment", "hiera.yaml version 3 found at the environment root was ignored"),
                    _ => ("a module", "hiera.yaml version 3 found at module root was ignored"),
                };
                if cx.scope.strict() == Strict::Error {
                    return Err(config.fail(
                        "HIERA_VERSION_3_NOT_GLOBAL",
                        format!("hiera.yaml version 3 cannot be used in {where_}"),
                        None,
                    ));
                }
                let shown = config.path.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
                cx.scope.warn_once(&format!("{text}:{shown}"), &format!("{text}{}", located(Some(&shown), None)));
                Ok(None)
            }
            _ => Ok(Some(config)),
        }
    }

    fn deprecated(&self, cx: &mut Cx, version: u8) {
        if cx.scope.strict() == Strict::Off {
            return;
        }
        let shown = self.path.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        let msg = format!("{shown}: Use of 'hiera.yaml' version {version} is deprecated. It should be converted to version 5");
        cx.scope.warn_once("deprecations:hiera.yaml", &format!("{msg}{}", located(Some(&shown), None)));
    }

    fn subject(&self) -> String {
        format!("The Lookup Configuration at '{}'", self.path.as_ref().map(|p| p.display().to_string()).unwrap_or_default())
    }

    fn validate_v3(&mut self, mut c: HashMapV) -> Result<(), Error> {
        c.entry(s("version")).or_insert(Value::Integer(3));
        let d = v3_default();
        for k in ["backends", "hierarchy", "merge_behavior"] {
            if get(&c, k).is_none() {
                c.insert(s(k), d[&s(k)].clone());
            }
        }
        if get(&c, "deep_merge_options").is_none() {
            c.insert(s("deep_merge_options"), Value::hash_from(HashMapV::default()));
        }
        let backends = str_list(get(&c, "backends"));
        let t = v3_type(&backends)?;
        merge::assert_type(&self.subject(), &t, &Value::hash_from(c.clone()))?;
        self.merge = match get(&c, "merge_behavior").and_then(Value::as_str) {
            Some("deep") | Some("deeper") => {
                let kind = if get(&c, "merge_behavior").and_then(Value::as_str) == Some("deep") {
                    Kind::ReverseDeep
                } else {
                    Kind::UnconstrainedDeep
                };
                let mut opts = HashMapV::default();
                if let Some(Value::Hash(o)) = get(&c, "deep_merge_options") {
                    for (k, v) in o.iter() {
                        opts.insert(k.clone(), v.clone());
                    }
                }
                Strategy::with_options(kind, opts)
            }
            _ => Strategy::of(Kind::Default),
        };
        let mut configs = HashMapV::default();
        for b in &backends {
            if let Some(v) = get(&c, b) {
                configs.insert(s(b), v.clone());
            }
        }
        self.body = Body::V3 { backends, hierarchy: str_list(get(&c, "hierarchy")), backend_configs: configs };
        Ok(())
    }

    fn validate_v4(&self, mut c: HashMapV) -> Result<Body, Error> {
        if get(&c, "datadir").is_none() {
            c.insert(s("datadir"), s("data"));
        }
        if get(&c, "hierarchy").is_none() {
            let common = Value::hash_from(hash_v(vec![("name", s("common")), ("backend", s("yaml"))]));
            c.insert(s("hierarchy"), Value::array(vec![common]));
        }
        merge::assert_type(&self.subject(), v4_type(), &Value::hash_from(c.clone()))?;
        let mut hierarchy = vec![];
        for e in get(&c, "hierarchy").and_then(Value::as_array).unwrap_or(&[]) {
            let Value::Hash(he) = e else { continue };
            let name = get(he, "name").and_then(Value::as_str).unwrap_or_default().to_string();
            let backend = get(he, "backend").and_then(Value::as_str).unwrap_or_default().to_string();
            let datadir = get(he, "datadir").and_then(Value::as_str).map(str::to_string);
            let paths = match (get(he, "paths"), get(he, "path")) {
                (Some(p), _) => str_list(Some(p)),
                (None, Some(p)) => str_list(Some(p)),
                _ => vec![name.clone()],
            };
            hierarchy.push((name, backend, datadir, paths));
        }
        let datadir = get(&c, "datadir").and_then(Value::as_str).unwrap_or("data").to_string();
        Ok(Body::V4 { datadir, hierarchy })
    }

    fn validate_v5(&self, mut c: HashMapV, owner: &Owner) -> Result<Body, Error> {
        let d = v5_default();
        for k in ["defaults", "hierarchy"] {
            if get(&c, k).is_none() {
                c.insert(s(k), d[&s(k)].clone());
            }
        }
        merge::assert_type(&self.subject(), v5_type(), &Value::hash_from(c.clone()))?;
        let empty = HashMapV::default();
        let defaults = match get(&c, "defaults") {
            Some(Value::Hash(h)) => (**h).clone(),
            _ => empty,
        };
        let default_fns: Vec<&str> = FUNCTION_KEYS.iter().copied().filter(|k| get(&defaults, k).is_some()).collect();
        if default_fns.len() > 1 {
            return Err(self.fail(
                "HIERA_MULTIPLE_DATA_PROVIDER_FUNCTIONS_IN_DEFAULT",
                format!("Only one of {} can be defined in defaults", combine(&FUNCTION_KEYS)),
                None,
            ));
        }
        if let Some(Value::Hash(o)) = get(&defaults, "options") {
            for k in ["path", "uri"] {
                if o.contains_key(&s(k)) {
                    return Err(self.fail(
                        "HIERA_DEFAULT_OPTION_RESERVED_BY_PUPPET",
                        format!("Option key '{k}' used in defaults is reserved by Puppet"),
                        None,
                    ));
                }
            }
        }
        let entries = |key: &str| -> Result<Option<Vec<V5Entry>>, Error> {
            let Some(list) = get(&c, key).and_then(Value::as_array) else { return Ok(None) };
            let mut out = vec![];
            for e in list {
                let Value::Hash(he) = e else { continue };
                out.push(self.validate_entry(he, &default_fns, owner)?);
            }
            Ok(Some(out))
        };
        let hierarchy = entries("hierarchy")?.unwrap_or_default();
        entries("plan_hierarchy")?;
        let default_hierarchy = if get(&c, "default_hierarchy").is_some() {
            if !matches!(owner, Owner::Module(_)) {
                let line = find_line_matching(self.path.as_deref(), r"(?:^|\s+)default_hierarchy:", 1);
                return Err(self.fail(
                    "HIERA_DEFAULT_HIERARCHY_NOT_IN_MODULE",
                    "'default_hierarchy' is only allowed in the module layer",
                    line,
                ));
            }
            entries("default_hierarchy")?
        } else {
            None
        };
        let default_function = default_fns
            .first()
            .map(|k| (*FUNCTION_KEYS.iter().find(|x| *x == k).expect("a function key"), get(&defaults, k).and_then(Value::as_str).unwrap_or_default().to_string()));
        Ok(Body::V5 {
            default_function,
            default_datadir: get(&defaults, "datadir").and_then(Value::as_str).unwrap_or("data").to_string(),
            default_options: get(&defaults, "options").cloned(),
            hierarchy,
            default_hierarchy,
        })
    }

    fn validate_entry(&self, he: &HashMapV, default_fns: &[&str], owner: &Owner) -> Result<V5Entry, Error> {
        let name = get(he, "name").and_then(Value::as_str).unwrap_or_default().to_string();
        let fns: Vec<&'static str> = ALL_FUNCTION_KEYS.iter().copied().filter(|k| get(he, k).is_some()).collect();
        match fns.len() {
            0 if default_fns.is_empty() => {
                return Err(self.fail(
                    "HIERA_MISSING_DATA_PROVIDER_FUNCTION",
                    format!("One of {} must be defined in hierarchy '{name}'", combine(&FUNCTION_KEYS)),
                    None,
                ));
            }
            0 | 1 => {}
            _ => {
                return Err(self.fail(
                    "HIERA_MULTIPLE_DATA_PROVIDER_FUNCTIONS",
                    format!("Only one of {} can be defined in hierarchy '{name}'", combine(&FUNCTION_KEYS)),
                    None,
                ));
            }
        }
        if let Some(backend) = get(he, "hiera3_backend").and_then(Value::as_str) {
            if *owner != Owner::Global {
                let line = find_line_matching(self.path.as_deref(), r"\s+hiera3_backend:", 1);
                return Err(self.fail("HIERA_V3_BACKEND_NOT_GLOBAL", "'hiera3_backend' is only allowed in the global layer", line));
            }
            if backend == "json" || backend == "yaml" {
                let line = find_line_matching(
                    self.path.as_deref(),
                    &format!(r#"\s+hiera3_backend:\s*['"]?{backend}(?:[^\w]|$)"#),
                    1,
                );
                return Err(self.fail(
                    "HIERA_V3_BACKEND_REPLACED_BY_DATA_HASH",
                    format!("Use \"data_hash: {backend}_data\" instead of \"hiera3_backend: {backend}\""),
                    line,
                ));
            }
        }
        let locs: Vec<&'static str> = LOCATION_KEYS.iter().copied().filter(|k| get(he, k).is_some()).collect();
        if locs.len() > 1 {
            return Err(self.fail(
                "HIERA_MULTIPLE_LOCATION_SPECS",
                format!("Only one of {} can be defined in hierarchy '{name}'", combine(&LOCATION_KEYS)),
                None,
            ));
        }
        if let Some(Value::Hash(o)) = get(he, "options") {
            for k in ["path", "uri"] {
                if o.contains_key(&s(k)) {
                    return Err(self.fail(
                        "HIERA_OPTION_RESERVED_BY_PUPPET",
                        format!("Option key '{k}' used in hierarchy '{name}' is reserved by Puppet"),
                        None,
                    ));
                }
            }
        }
        Ok(V5Entry {
            name,
            function: fns.first().map(|k| (*k, get(he, k).and_then(Value::as_str).unwrap_or_default().to_string())),
            datadir: get(he, "datadir").and_then(Value::as_str).map(str::to_string),
            location: locs.first().map(|k| (*k, get(he, k).cloned().unwrap_or(Value::Undef))),
            options: get(he, "options").cloned(),
        })
    }
}

fn ruby_to_i(t: &str) -> i64 {
    let t = t.trim_start();
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let digits: String = body.chars().take_while(|c| c.is_ascii_digit() || *c == '_').filter(|c| *c != '_').collect();
    let n: i64 = digits.parse().unwrap_or(0);
    if neg { -n } else { n }
}

fn function_of(kind: &str, name: &str) -> Function {
    match (kind, name) {
        ("data_hash", "yaml_data") => Function::YamlData,
        ("data_hash", "json_data") => Function::JsonData,
        ("v4_data_hash", n) => Function::PuppetData(n.to_string()),
        ("data_hash", "hocon_data") | ("lookup_key", "eyaml_lookup_key") | ("hiera3_backend", _) => Function::Unsupported,
        _ => Function::Unknown,
    }
}

impl Hiera {
    /// `HieraConfig#configured_data_providers`: the levels of the
    /// hierarchy (or of the module's `default_hierarchy`), resolved for the
    /// current scope and reused while the scope variables their paths used
    /// keep their values.
    pub(crate) fn data_providers(
        &mut self,
        cx: &mut Cx,
        config: &Rc<HieraConfig>,
        use_default: bool,
    ) -> Result<Rc<Vec<Rc<DataProvider>>>, Error> {
        let stable = config.built.borrow().as_ref().map(|b| (b.memo.clone(), b.checked.get()));
        let reuse = match stable {
            Some((_, checked)) if checked == self.epoch => true,
            Some((memo, _)) => {
                let stable = self.memo_stable(cx, &memo)?;
                if stable && let Some(b) = config.built.borrow().as_ref() {
                    b.checked.set(self.epoch);
                }
                stable
            }
            None => false,
        };
        if !reuse {
            let saved = cx.collect.replace(vec![]);
            let r = (|| -> Result<_, Error> {
                let providers = self.create_providers(cx, config, false)?;
                let defaults =
                    if config.has_default_hierarchy() { self.create_providers(cx, config, true)? } else { vec![] };
                Ok((providers, defaults))
            })();
            let mut memo = std::mem::replace(&mut cx.collect, saved).unwrap_or_default();
            let (providers, defaults) = match r {
                Ok(x) => x,
                Err(e) => {
                    // Interpolation errors are raised by the configuration
                    // (Puppet's `HieraConfig#fail`): they name its file.
                    if e.issue().starts_with("HIERA_INTERPOLATION_") {
                        return Err(config.fail(e.issue(), e.message().to_string(), None));
                    }
                    if let Some(var) = e.message().strip_prefix("Undefined variable '").and_then(|r| r.split('\'').next()) {
                        let line = find_line_matching(
                            config.path.as_deref(),
                            &format!(r#"%\{{['"]?{}['"]?}}"#, crate::regex::escape(var)),
                            1,
                        );
                        return Err(config.fail("HIERA_UNDEFINED_VARIABLE", format!("Undefined variable '{var}'"), line));
                    }
                    return Err(e);
                }
            };
            let mut seen = std::collections::HashSet::new();
            memo.retain(|m| seen.insert(m.key.clone()));
            *config.built.borrow_mut() =
                Some(Built {
                    providers: Rc::new(providers),
                    defaults: Rc::new(defaults),
                    memo: Rc::new(memo),
                    checked: std::cell::Cell::new(self.epoch),
                });
        }
        let built = config.built.borrow();
        let b = built.as_ref().expect("built above");
        Ok(if use_default { b.defaults.clone() } else { b.providers.clone() })
    }

    /// `scope_interpolations_stable?`.
    fn memo_stable(&mut self, cx: &mut Cx, memo: &[ScopeMemo]) -> Result<bool, Error> {
        for m in memo {
            let mut value = self.scope_var(cx, &m.root)?.unwrap_or(Value::Undef);
            if !value.is_undef() && !m.segments.is_empty() {
                value = super::interpolate::sub_lookup(&m.key, &m.segments, value).ok().flatten().unwrap_or(Value::Undef);
            }
            if value != m.value {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn create_providers(
        &mut self,
        cx: &mut Cx,
        config: &Rc<HieraConfig>,
        use_default: bool,
    ) -> Result<Vec<Rc<DataProvider>>, Error> {
        let is_default = config.path.is_none();
        let mut out: Vec<Rc<DataProvider>> = vec![];
        // The options of a level are interpolated (their errors are
        // Puppet's) but only custom data functions would read them.
        let provider = |name: &str, tag: &'static str, fname: &str, function: Function, locations| {
            Rc::new(DataProvider {
                name: name.to_string(),
                tag,
                function_name: fname.to_string(),
                function,
                locations,
                v3: None,
                data: RefCell::new(Default::default()),
            })
        };
        match &config.body {
            Body::V5 { default_function, default_datadir, default_options, hierarchy, default_hierarchy } => {
                let entries = if use_default {
                    match default_hierarchy {
                        Some(d) => d,
                        None => return Ok(vec![]),
                    }
                } else {
                    hierarchy
                };
                for he in entries {
                    if out.iter().any(|p| p.name == he.name) {
                        let pat = format!(r#"\s+name:\s+['"]?{}(?:[^\w]|$)"#, he.name);
                        let first = find_line_matching(config.path.as_deref(), &pat, 1);
                        let second = first.and_then(|f| find_line_matching(config.path.as_deref(), &pat, f + 1));
                        let (first, line) = match second {
                            Some(l) => (first, Some(l)),
                            None => (None, first),
                        };
                        let mut msg = format!("Hierarchy name '{}' defined more than once.", he.name);
                        if let Some(f) = first {
                            msg.push_str(&format!(" First defined at (line: {f})"));
                        }
                        return Err(config.fail("HIERA_HIERARCHY_NAME_MULTIPLY_DEFINED", msg, line));
                    }
                    let (kind, fname) = match (&he.function, default_function) {
                        (Some((k, n)), _) => (*k, n.clone()),
                        (None, Some((k, n))) => (*k, n.clone()),
                        (None, None) => ("data_hash", String::new()),
                    };
                    let datadir = he.datadir.as_deref().unwrap_or(default_datadir);
                    let datadir = pathname_plus(&config.root, datadir);
                    let datadir = PathBuf::from(self.interpolate_str(cx, &datadir.display().to_string())?);
                    let locations = match &he.location {
                        Some(("path", v)) | Some(("paths", v)) => Some(self.resolve_paths(cx, &datadir, &str_list(Some(v)), is_default, None)?),
                        Some(("glob", v)) | Some(("globs", v)) => Some(self.expand_globs(cx, &datadir, &str_list(Some(v)))?),
                        Some(("uri", v)) | Some(("uris", v)) => {
                            // URIs only serve custom functions, which pjit
                            // does not run; they are interpolated (for their
                            // errors) and give no data.
                            for u in str_list(Some(v)) {
                                self.interpolate_str(cx, &u)?;
                            }
                            Some(vec![])
                        }
                        Some(("mapped_paths", v)) => Some(self.expand_mapped_paths(cx, &datadir, &str_list(Some(v)))?),
                        _ => None,
                    };
                    if is_default && locations.as_ref().is_some_and(|l| l.is_empty()) {
                        continue;
                    }
                    if let Some(o) = he.options.as_ref().or(default_options.as_ref()) {
                        self.interpolate(cx, o, false)?;
                    }
                    let function = function_of(kind, &fname);
                    out.push(provider(&he.name, kind, &fname, function, locations));
                }
            }
            Body::V4 { datadir, hierarchy } => {
                for (name, backend, dir, paths) in hierarchy {
                    if out.iter().any(|p| &p.name == name) {
                        let pat = format!(r#"\s+name:\s+['"]?{name}(?:[^\w]|$)"#);
                        let first = find_line_matching(config.path.as_deref(), &pat, 1);
                        let second = first.and_then(|f| find_line_matching(config.path.as_deref(), &pat, f + 1));
                        let (first, line) = match second {
                            Some(l) => (first, Some(l)),
                            None => (None, first),
                        };
                        let mut msg = format!("Hierarchy name '{name}' defined more than once.");
                        if let Some(f) = first {
                            msg.push_str(&format!(" First defined at (line: {f})"));
                        }
                        return Err(config.fail("HIERA_HIERARCHY_NAME_MULTIPLY_DEFINED", msg, line));
                    }
                    let dd = pathname_plus(&config.root, dir.as_deref().unwrap_or(datadir));
                    if backend == "hocon" {
                        // Puppet has the `hocon` feature: a level pjit
                        // cannot read, which fails only if its file exists.
                        let locations = self.resolve_paths(cx, &dd, paths, is_default, Some(".conf"))?;
                        out.push(provider(name, "data_hash", "hocon_data", Function::Unsupported, Some(locations)));
                        continue;
                    }
                    if backend != "yaml" && backend != "json" {
                        let line = find_line_matching(config.path.as_deref(), &format!(r"[^\w]{backend}(?:[^\w]|$)"), 1);
                        return Err(config.fail(
                            "HIERA_NO_PROVIDER_FOR_BACKEND",
                            format!("No data provider is registered for backend '{backend}'"),
                            line,
                        ));
                    }
                    let ext = format!(".{backend}");
                    let locations = self.resolve_paths(cx, &dd, paths, is_default, Some(&ext))?;
                    let fname = format!("{backend}_data");
                    let function = function_of("data_hash", &fname);
                    out.push(provider(name, "data_hash", &fname, function, Some(locations)));
                }
            }
            Body::V3 { backends, hierarchy, backend_configs } => {
                let mut seen: Vec<&String> = vec![];
                for backend in backends {
                    if seen.contains(&backend) {
                        let pat = format!(r"[^\w]{backend}(?:[^\w]|$)");
                        let first = find_line_matching(config.path.as_deref(), &pat, 1);
                        let second = first.and_then(|f| find_line_matching(config.path.as_deref(), &pat, f + 1));
                        let (first, line) = match second {
                            Some(l) => (first, Some(l)),
                            None => (None, first),
                        };
                        let mut msg = format!("Backend '{backend}' is defined more than once.");
                        if let Some(f) = first {
                            msg.push_str(&format!(" First defined at (line: {f})"));
                        }
                        return Err(config.fail("HIERA_BACKEND_MULTIPLY_DEFINED", msg, line));
                    }
                    seen.push(backend);
                    let bc = match backend_configs.get(&s(backend)) {
                        Some(v) => match self.interpolate(cx, v, false)? {
                            Value::Hash(h) => (*h).clone(),
                            _ => HashMapV::default(),
                        },
                        None => HashMapV::default(),
                    };
                    let datadir = match get(&bc, "datadir") {
                        Some(d) => PathBuf::from(crate::display::ruby_to_s(d)),
                        None => {
                            let d = format!("{}/environments/%{{::environment}}/hieradata", self.settings.codedir.display());
                            PathBuf::from(self.interpolate_str(cx, &d)?)
                        }
                    };
                    let ext = match get(&bc, "extension") {
                        Some(e) => format!(".{}", crate::display::ruby_to_s(e)),
                        None if backend == "hocon" => ".conf".to_string(),
                        None => format!(".{backend}"),
                    };
                    let locations = self.resolve_paths(cx, &datadir, hierarchy, is_default, Some(&ext))?;
                    let (fname, function) = match backend.as_str() {
                        "yaml" | "json" => (format!("{backend}_data"), function_of("data_hash", &format!("{backend}_data"))),
                        _ => (backend.clone(), Function::Unsupported),
                    };
                    let mut p = DataProvider {
                        name: backend.clone(),
                        tag: if matches!(backend.as_str(), "yaml" | "json") { "v3_data_hash" } else { "hiera3_backend" },
                        function_name: fname,
                        function,
                        locations: Some(locations),
                        v3: None,
                        data: RefCell::new(Default::default()),
                    };
                    p.v3 = Some((datadir, ext));
                    out.push(Rc::new(p));
                }
            }
        }
        Ok(out)
    }

    /// `LocationResolver#resolve_paths`.
    pub(crate) fn resolve_paths(
        &mut self,
        cx: &mut Cx,
        datadir: &Path,
        declared: &[String],
        is_default: bool,
        extension: Option<&str>,
    ) -> Result<Vec<Location>, Error> {
        let mut out = vec![];
        for d in declared {
            let mut p = self.interpolate_str(cx, d)?;
            if let Some(ext) = extension
                && !p.ends_with(ext)
            {
                p.push_str(ext);
            }
            let path = pathname_plus(datadir, &p);
            let exists = cx.files.exists(&path);
            if !is_default || exists {
                out.push(Location { path, exists });
            }
        }
        Ok(out)
    }

    fn expand_globs(&mut self, cx: &mut Cx, datadir: &Path, globs: &[String]) -> Result<Vec<Location>, Error> {
        let mut out = vec![];
        for g in globs {
            let pattern = pathname_plus(datadir, &self.interpolate_str(cx, g)?);
            for path in crate::glob::glob(&pattern.display().to_string()) {
                if !path.is_dir() {
                    out.push(Location { path, exists: true });
                }
            }
        }
        Ok(out)
    }

    /// `mapped_paths: [variable, key, template]`: one path per element of
    /// the variable's value, with `key` bound to the element.
    fn expand_mapped_paths(&mut self, cx: &mut Cx, datadir: &Path, triplet: &[String]) -> Result<Vec<Location>, Error> {
        let [var, key, template] = triplet else { return Ok(vec![]) };
        let vars = self.scope_lookup(cx, var, "mapped_path[0]")?;
        let vars: Vec<Value> = match vars {
            Value::Undef => return Ok(vec![]),
            Value::String(x) if x.is_empty() => return Ok(vec![]),
            Value::String(_) => vec![vars],
            Value::Array(a) if a.is_empty() => return Ok(vec![]),
            Value::Array(a) => a.to_vec(),
            Value::Hash(h) if h.is_empty() => return Ok(vec![]),
            Value::Hash(h) => h.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()])).collect(),
            other => vec![other],
        };
        // Lookups of `key` itself are not remembered for the stability check.
        let mark = cx.collect.as_ref().map(Vec::len);
        let mut out = vec![];
        for v in vars {
            let saved = cx.inv.locals.clone();
            let mut locals = (*saved).clone();
            locals.push((key.clone(), v));
            cx.inv.locals = Rc::new(locals);
            let r = self.interpolate_str(cx, template);
            cx.inv.locals = saved;
            let path = pathname_plus(datadir, &r?);
            let exists = cx.files.exists(&path);
            out.push(Location { path, exists });
        }
        if let (Some(mark), Some(memo)) = (mark, cx.collect.as_mut()) {
            let mut i = mark;
            while i < memo.len() {
                if memo[i].root == *key {
                    memo.remove(i);
                } else {
                    i += 1;
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pathname_join() {
        assert_eq!(pathname_plus(Path::new("/a/b"), "c/d.yaml"), PathBuf::from("/a/b/c/d.yaml"));
        assert_eq!(pathname_plus(Path::new("/a/b"), "./c"), PathBuf::from("/a/b/c"));
        assert_eq!(pathname_plus(Path::new("/a/b"), "../c"), PathBuf::from("/a/c"));
        assert_eq!(pathname_plus(Path::new("/a/b"), "/x"), PathBuf::from("/x"));
    }

    #[test]
    fn config_types_parse() {
        let _ = v5_type();
        let _ = v4_type();
        assert!(v3_type(&["yaml".to_string(), "eyaml".to_string()]).is_ok());
        assert_eq!(combine(&LOCATION_KEYS), "path, paths, glob, globs, uri, uris, or mapped_paths");
    }
}
