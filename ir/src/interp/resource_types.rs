//! The resource types built into Puppet 7 (Debian's puppet-agent): their
//! namevars, parameters and properties, and Puppet's metaparameters.
//!
//! The table is Puppet's own, dumped by `tests/tools/dump-types.rb` into
//! `ir/data/builtin_types.json` and embedded here, so attribute validation
//! ("no parameter named 'x'"), namevar handling in the catalog JSON, and
//! `defined(Type)` answer exactly as Puppet does for these types.

use std::collections::HashMap;
use std::sync::OnceLock;

/// One built-in type.
#[derive(Debug)]
pub struct TypeInfo {
    pub name: String,
    /// Key attributes (`path` for file, `name` for most).
    pub namevars: Vec<String>,
    /// Parameters and properties, not counting metaparameters.
    pub attributes: Vec<String>,
}

impl TypeInfo {
    /// Whether `attr` is a valid attribute of a resource of this type.
    pub fn accepts(&self, attr: &str) -> bool {
        self.attributes.iter().any(|a| a == attr) || is_metaparam(attr)
    }

    /// The single namevar, when the type has exactly one.
    pub fn namevar(&self) -> Option<&str> {
        match self.namevars.as_slice() {
            [n] => Some(n),
            _ => None,
        }
    }
}

/// Puppet's metaparameters, in Puppet's order.
pub const METAPARAMS: &[&str] =
    &["noop", "schedule", "audit", "loglevel", "alias", "tag", "require", "subscribe", "before", "notify", "stage"];

/// The metaparameters that form relationships.
pub const RELATIONSHIP_PARAMS: &[&str] = &["require", "subscribe", "before", "notify"];

pub fn is_metaparam(name: &str) -> bool {
    METAPARAMS.contains(&name)
}

fn table() -> &'static HashMap<String, TypeInfo> {
    static TABLE: OnceLock<HashMap<String, TypeInfo>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let doc: serde_json::Value =
            serde_json::from_str(include_str!("../../data/builtin_types.json")).expect("the embedded type table is JSON");
        let mut out = HashMap::new();
        let strings = |v: &serde_json::Value| -> Vec<String> {
            v.as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default()
        };
        for (name, t) in doc.as_object().expect("the type table is an object") {
            if name.starts_with("__") {
                continue;
            }
            let mut attributes = strings(&t["parameters"]);
            attributes.extend(strings(&t["properties"]));
            out.insert(name.clone(), TypeInfo { name: name.clone(), namevars: strings(&t["namevars"]), attributes });
        }
        out
    })
}

/// The built-in type named `name` (lower case).
pub fn builtin(name: &str) -> Option<&'static TypeInfo> {
    table().get(name)
}
