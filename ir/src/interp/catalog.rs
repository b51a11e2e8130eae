//! The catalog under construction: resources in declaration order (with
//! what Puppet's compiler tracks about each: where its parameters came
//! from, its declaring scope, whether it is virtual or still to be
//! evaluated), the containment edges, the declared classes, and the JSON
//! form Puppet writes (`catalog_format` 2).

use std::collections::HashMap;
use std::rc::Rc;

use indexmap::{IndexMap, IndexSet};
use pjit_runtime::Value;
use serde_json::{Map, Value as Json, json};

use super::resource_types;
use super::scope::CatScope;
use crate::ir::{FuncId, Loc};

/// Where a parameter's value came from: the definition that set it (for
/// Puppet's override rules) and the line that set it.
#[derive(Clone, Debug)]
pub struct ParamMeta {
    pub source: Rc<str>,
    pub file: u32,
    pub line: u32,
    /// Set by a resource default rather than by the resource itself.
    pub from_default: bool,
}

#[derive(Clone, Debug)]
pub struct Resource {
    /// Capitalized segments: `Notify`, `Foo::Bar`, `Class`.
    pub type_name: String,
    pub title: String,
    pub tags: IndexSet<String>,
    pub file: Option<String>,
    pub line: Option<u32>,
    pub exported: bool,
    pub virtual_: bool,
    pub kind: &'static str,
    pub params: IndexMap<String, Value>,
    /// Origins of `params` entries (absent for ones the compiler set).
    pub meta: HashMap<String, ParamMeta>,
    /// The scope the resource was declared in (none for the compiler's own
    /// Stage[main], Class[Settings] and Class[main]).
    pub scope: Option<Rc<CatScope>>,
    /// The definition declaring it (`""` for main).
    pub source: Rc<str>,
    /// A defined type's body, for instances of defined types.
    pub define: Option<FuncId>,
    /// Classes and defined-type instances: the body has run.
    pub evaluated: bool,
    /// The tags of the declaring scope's resource have been merged in.
    pub scope_tags_merged: bool,
    /// Where the resource was declared.
    pub loc: Loc,
    /// The Ruby type of a resource of a built-in or module type.
    pub rtype: Option<Rc<resource_types::TypeInfo>>,
    /// Classes and defined-type instances: the module of their definition.
    pub module_name: Option<String>,
    /// Declared by `create_resources` (so `ensure_resource(s)`,
    /// `ensure_packages`), which leaves Puppet's `exported` unset unless
    /// the type starts with `@@`: the JSON writes `kind` before `exported`.
    pub by_function: bool,
    /// The title was not a String (`create_resources` with an Integer key):
    /// Puppet keeps the Ruby object, so the title is no tag and the namevar
    /// (parsed from the title's text) never equals it.
    pub non_string_title: bool,
}

impl Resource {
    pub fn new(type_name: &str, title: &str, kind: &'static str) -> Resource {
        Resource {
            type_name: type_name.to_string(),
            title: title.to_string(),
            tags: IndexSet::new(),
            file: None,
            line: None,
            exported: false,
            virtual_: false,
            kind,
            params: IndexMap::new(),
            meta: HashMap::new(),
            scope: None,
            source: Rc::from(""),
            define: None,
            evaluated: false,
            scope_tags_merged: false,
            loc: Loc::default(),
            rtype: None,
            module_name: None,
            by_function: false,
            non_string_title: false,
        }
    }

    pub fn reference(&self) -> String {
        format!("{}[{}]", self.type_name, self.title)
    }

    /// Adds tags as Puppet's `tag` does: lower case, and a qualified tag
    /// adds its segments too. Returns the first invalid tag, if any.
    pub fn tag(&mut self, v: &Value) -> Result<(), String> {
        match v {
            Value::Array(a) => {
                for x in a.iter() {
                    self.tag(x)?;
                }
                Ok(())
            }
            Value::Undef => Ok(()),
            other => {
                let t = pjit_runtime::display::to_interpolated_string(other).to_lowercase();
                if !valid_tag(&t) {
                    return Err(t);
                }
                name_tags(&t, &mut self.tags);
                Ok(())
            }
        }
    }
}

#[derive(Debug, Default)]
pub struct Catalog {
    pub resources: Vec<Resource>,
    index: HashMap<(String, String), usize>,
    pub edges: Vec<(usize, usize)>,
    pub classes: IndexSet<String>,
    /// Uniqueness keys of resources of isomorphic Ruby types.
    uniqueness: HashMap<(String, String), usize>,
    /// The isomorphic Ruby type of each type name with resources here (to
    /// look titles up by their uniqueness key).
    rtypes: HashMap<String, Rc<resource_types::TypeInfo>>,
    /// The catalog's own tags beyond the class names: the tags classes and
    /// nodes had when they were declared.
    pub tags: IndexSet<String>,
}

/// `foo::bar` -> `Foo::Bar`.
pub fn capitalize_name(name: &str) -> String {
    name.split("::")
        .map(|seg| {
            let mut c = seg.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("::")
}

/// Whether Puppet accepts `s` as a tag (titles that are valid tags tag
/// their resource).
pub fn valid_tag(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_alphanumeric() || c == '_')
        && cs.all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-'))
}

/// The tags a name contributes: itself and, when qualified, its segments.
pub fn name_tags(name: &str, out: &mut IndexSet<String>) {
    let n = name.to_lowercase();
    if n.contains("::") {
        out.insert(n.clone());
        for seg in n.split("::") {
            out.insert(seg.to_string());
        }
    } else {
        out.insert(n);
    }
}

/// The catalog key of a reference: capitalized type; class titles are
/// class names, capitalized, without a leading `::`.
pub fn normalize_ref(type_name: &str, title: &str) -> (String, String) {
    let t = capitalize_name(&type_name.trim_start_matches("::").to_lowercase());
    if t == "Class" {
        let name = title.trim_start_matches("::").to_lowercase();
        let title = if name == "main" || name.is_empty() { "main".to_string() } else { capitalize_name(&name) };
        return (t, title);
    }
    (t, title.to_string())
}

/// Splits `Type[title]` (Puppet's string form of a reference).
pub fn parse_ref(s: &str) -> Option<(String, String)> {
    let open = s.find('[')?;
    let inner = s.strip_suffix(']')?;
    let (ty, title) = (&s[..open], &inner[open + 1..]);
    if ty.is_empty() || title.is_empty() {
        return None;
    }
    let title = title.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')).unwrap_or(title);
    let title = title.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(title);
    Some(normalize_ref(ty, title))
}

impl Catalog {
    /// The resource `Type[title]` (normalized as [`normalize_ref`] does).
    ///
    /// As Puppet's `Catalog#resource`, a title that is no title or alias is
    /// looked up by the uniqueness key it gives: `File['/tmp/x/']` finds
    /// `File['/tmp/x']`, whose title pattern drops trailing slashes.
    pub fn lookup(&self, type_name: &str, title: &str) -> Option<usize> {
        let key = normalize_ref(type_name, title);
        if let Some(i) = self.index.get(&key) {
            return Some(*i);
        }
        let rtype = self.rtypes.get(&key.0)?;
        let values = rtype.uniqueness_values(&key.1, &IndexMap::new());
        self.uniqueness.get(&(key.0, resource_types::uniqueness_key(&values))).copied()
    }

    pub fn find(&self, type_name: &str, title: &str) -> Option<&Resource> {
        self.lookup(type_name, title).map(|i| &self.resources[i])
    }

    /// Adds a resource; returns its index, or None if one with the same
    /// type and title exists.
    pub fn add(&mut self, r: Resource) -> Option<usize> {
        let key = (r.type_name.clone(), r.title.clone());
        if self.index.contains_key(&key) {
            return None;
        }
        let i = self.resources.len();
        if let Some(t) = r.rtype.as_ref().filter(|t| t.isomorphic) {
            self.rtypes.entry(key.0.clone()).or_insert_with(|| t.clone());
        }
        self.index.insert(key, i);
        self.resources.push(r);
        Some(i)
    }

    /// Makes `alias` another name of resource `i` (the `alias` metaparameter
    /// and namevars that differ from titles). Returns the resource that
    /// already has that name, if another one does.
    pub fn alias(&mut self, i: usize, alias: &str) -> Result<(), usize> {
        let key = (self.resources[i].type_name.clone(), alias.to_string());
        match self.index.get(&key) {
            Some(&j) if j != i => Err(j),
            Some(_) => Ok(()),
            None => {
                self.index.insert(key, i);
                Ok(())
            }
        }
    }

    /// Records resource `i`'s uniqueness key; returns the resource that
    /// already has it, if another one does.
    pub fn uniqueness(&mut self, type_name: &str, key: &str, i: usize) -> Option<usize> {
        match self.uniqueness.entry((type_name.to_string(), key.to_string())) {
            std::collections::hash_map::Entry::Occupied(e) if *e.get() != i => Some(*e.get()),
            std::collections::hash_map::Entry::Occupied(_) => None,
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(i);
                None
            }
        }
    }

    pub fn contain(&mut self, container: usize, contained: usize) {
        self.edges.push((container, contained));
    }

    /// The catalog JSON document Puppet writes.
    pub fn to_json(&self, node: &str, environment: &str) -> Json {
        // Puppet converts its compiler catalog for output by adding the
        // classes (which tags it with their names) and then its tags.
        let mut tags: IndexSet<String> = IndexSet::new();
        for c in &self.classes {
            name_tags(c, &mut tags);
        }
        tags.extend(self.tags.iter().cloned());
        let resources: Vec<Json> = self.resources.iter().filter(|r| !r.virtual_).map(resource_json).collect();
        // Edges come out grouped by target, targets in the order they
        // entered the catalog (Puppet lists its graph's edges by their
        // target vertex).
        let mut edges: Vec<(usize, usize)> =
            self.edges.iter().copied().filter(|(s, t)| !self.resources[*s].virtual_ && !self.resources[*t].virtual_).collect();
        edges.sort_by_key(|(_, t)| *t);
        let edges: Vec<Json> = edges
            .iter()
            .map(|(s, t)| json!({"source": self.resources[*s].reference(), "target": self.resources[*t].reference()}))
            .collect();
        json!({
            "tags": tags.into_iter().collect::<Vec<_>>(),
            "name": node,
            "version": 0,
            "code_id": null,
            "catalog_uuid": "00000000-0000-0000-0000-000000000000",
            "catalog_format": 2,
            "environment": environment,
            "resources": resources,
            "edges": edges,
            "classes": self.classes.iter().collect::<Vec<_>>(),
        })
    }
}

fn resource_json(r: &Resource) -> Json {
    let mut m = Map::new();
    m.insert("type".into(), json!(r.type_name));
    m.insert("title".into(), json!(r.title));
    m.insert("tags".into(), json!(r.tags.iter().collect::<Vec<_>>()));
    if let Some(f) = &r.file {
        m.insert("file".into(), json!(f));
    }
    if let Some(l) = r.line {
        m.insert("line".into(), json!(l));
    }
    if r.by_function && !r.exported {
        m.insert("kind".into(), json!(r.kind));
        m.insert("exported".into(), json!(false));
    } else {
        m.insert("exported".into(), json!(r.exported));
        m.insert("kind".into(), json!(r.kind));
    }
    // The namevar is left out when it repeats the title (Puppet's
    // `to_data_hash`); for defined types and classes the namevar is `name`.
    // The compiler's own Stage[main] and Class[main] have the Ruby symbol
    // `:main` as their title, which never equals a string: they keep it.
    let namevar = match &r.rtype {
        _ if r.scope.is_none() => None,
        Some(t) => Some(t.namevar().unwrap_or("name")),
        None => Some("name"),
    };
    let mut sensitive = vec![];
    // Namevars a title pattern extracts come first (Puppet's `to_hash` is
    // `parse_title.merge(parameters)`); they drop out below when they equal
    // the title.
    let unset = |k: &str| r.params.get(k).is_none_or(|v| matches!(v, Value::Undef));
    let from_title: Vec<(String, Value)> = match (&r.rtype, namevar) {
        (Some(t), _) if r.scope.is_some() && !t.title_patterns.is_empty() => t
            .parse_title(&r.title)
            .into_iter()
            .filter(|(k, _)| unset(k))
            .map(|(k, v)| (k, Value::string(v)))
            .collect(),
        (_, Some(n)) if r.non_string_title && unset(n) => vec![(n.to_string(), Value::string(r.title.as_str()))],
        _ => vec![],
    };
    let params: Map<String, Json> = from_title
        .iter()
        .map(|(k, v)| (k, v))
        .chain(r.params.iter().filter(|(k, _)| !from_title.iter().any(|(f, _)| f == *k)))
        .filter(|(_, v)| !matches!(v, Value::Undef))
        .filter(|(k, v)| {
            r.non_string_title || !(Some(k.as_str()) == namevar && matches!(v, Value::String(s) if s.as_str() == r.title))
        })
        .map(|(k, v)| {
            let v = match v {
                Value::Sensitive(inner) => {
                    sensitive.push(k.clone());
                    &**inner
                }
                v => v,
            };
            (k.clone(), to_json(v))
        })
        .collect();
    if !params.is_empty() {
        m.insert("parameters".into(), Json::Object(params));
    }
    if !sensitive.is_empty() {
        m.insert("sensitive_parameters".into(), json!(sensitive));
    }
    Json::Object(m)
}

/// `Type[title]` as the catalog writes references (`Class[Foo]` for
/// classes), or None for values that are not resource references.
pub fn ref_string(v: &Value) -> Option<String> {
    let Value::Type(t) = v else { return None };
    match &**t {
        pjit_runtime::Type::Resource { type_name: Some(tn), title: Some(ti) } => {
            let (t, ti) = normalize_ref(tn, ti);
            Some(format!("{t}[{ti}]"))
        }
        pjit_runtime::Type::Class(Some(n)) => {
            let (t, ti) = normalize_ref("Class", n);
            Some(format!("{t}[{ti}]"))
        }
        _ => None,
    }
}

/// A Puppet value in catalog JSON (rich values as their string forms).
pub fn to_json(v: &Value) -> Json {
    if let Some(r) = ref_string(v) {
        return json!(r);
    }
    match v {
        Value::Undef => Json::Null,
        Value::Boolean(b) => json!(b),
        Value::Integer(i) => json!(i),
        Value::Float(f) => json!(f),
        Value::String(s) => json!(s.as_str()),
        Value::Array(a) => Json::Array(a.iter().map(to_json).collect()),
        Value::Hash(h) => {
            Json::Object(h.iter().map(|(k, v)| (pjit_runtime::display::to_interpolated_string(k), to_json(v))).collect())
        }
        other => json!(pjit_runtime::display::to_interpolated_string(other)),
    }
}
