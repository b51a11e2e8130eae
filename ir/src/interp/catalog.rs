//! The catalog under construction: resources in declaration order, the
//! containment edges, the declared classes, and its JSON form (Puppet's
//! `catalog_format` 2).
//!
//! This is the part of the catalog the evaluator needs to run programs
//! (classes, defines, plain resources, tags, containment). Relationships,
//! defaults, overrides, collectors and attribute validation belong to the
//! catalog issue.

use std::collections::HashMap;

use indexmap::{IndexMap, IndexSet};
use pjit_runtime::Value;
use serde_json::{Map, Value as Json, json};

/// Resource types built into Puppet 7 (`puppet/type/*.rb`).
pub const BUILTIN_TYPES: &[&str] =
    &["exec", "file", "filebucket", "group", "notify", "package", "resources", "schedule", "service", "stage", "tidy", "user", "whit"];

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
}

impl Resource {
    pub fn reference(&self) -> String {
        format!("{}[{}]", self.type_name, self.title)
    }
}

#[derive(Debug, Default)]
pub struct Catalog {
    pub resources: Vec<Resource>,
    index: HashMap<(String, String), usize>,
    pub edges: Vec<(String, String)>,
    pub classes: IndexSet<String>,
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

impl Catalog {
    pub fn find(&self, type_name: &str, title: &str) -> Option<&Resource> {
        self.index.get(&(type_name.to_string(), title.to_string())).map(|&i| &self.resources[i])
    }

    /// Adds a resource; returns false if one with the same type and title exists.
    pub fn add(&mut self, r: Resource) -> bool {
        let key = (r.type_name.clone(), r.title.clone());
        if self.index.contains_key(&key) {
            return false;
        }
        self.index.insert(key, self.resources.len());
        self.resources.push(r);
        true
    }

    pub fn contain(&mut self, container: &str, contained: &str) {
        self.edges.push((container.to_string(), contained.to_string()));
    }

    /// The catalog JSON document Puppet writes.
    pub fn to_json(&self, node: &str, environment: &str) -> Json {
        let mut tags: IndexSet<String> = IndexSet::new();
        for c in &self.classes {
            name_tags(c, &mut tags);
        }
        for r in &self.resources {
            if r.type_name == "Class" && r.title != "main" && r.title != "Settings" {
                tags.insert("class".into());
            }
            if r.type_name == "Node" {
                tags.insert("node".into());
            }
        }
        let resources: Vec<Json> = self.resources.iter().filter(|r| !r.virtual_ || r.exported).map(resource_json).collect();
        let edges: Vec<Json> = self.edges.iter().map(|(s, t)| json!({"source": s, "target": t})).collect();
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
    m.insert("exported".into(), json!(r.exported));
    m.insert("kind".into(), json!(r.kind));
    let params: Map<String, Json> =
        r.params.iter().filter(|(_, v)| !matches!(v, Value::Undef)).map(|(k, v)| (k.clone(), to_json(v))).collect();
    if !params.is_empty() {
        m.insert("parameters".into(), Json::Object(params));
    }
    Json::Object(m)
}

/// A Puppet value in catalog JSON (rich values as their string forms).
pub fn to_json(v: &Value) -> Json {
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
