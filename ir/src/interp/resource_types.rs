//! Resource types implemented in Ruby: the ones built into Puppet 7
//! (Debian's puppet-agent) and the ones modules ship in
//! `lib/puppet/type/*.rb`; their namevars, parameters and properties, and
//! Puppet's metaparameters.
//!
//! The built-in table is Puppet's own, dumped by `tests/tools/dump-types.rb`
//! into `ir/data/builtin_types.json` and embedded here, so attribute
//! validation ("no parameter named 'x'"), namevar handling in the catalog
//! JSON, and `defined(Type)` answer exactly as Puppet does for these types.
//! Module types are read from their Ruby source ([`scan_ruby_type`]): the
//! `newparam`/`newproperty` declarations, `ensurable`, and the namevar
//! markers, which is what the catalog needs of them.

use std::collections::HashMap;
use std::sync::OnceLock;

/// One Ruby resource type.
#[derive(Debug)]
pub struct TypeInfo {
    pub name: String,
    /// Key attributes (`path` for file, `name` for most).
    pub namevars: Vec<String>,
    /// Parameters and properties, not counting metaparameters.
    pub attributes: Vec<String>,
    /// Resources of the type are unique by their namevars (all but
    /// `exec`-like types).
    pub isomorphic: bool,
    /// Puppet's title patterns: a Ruby regexp and the namevars its groups
    /// capture (`file` strips trailing slashes from its `path`). Empty:
    /// the whole title is the (first) namevar.
    pub title_patterns: Vec<(String, Vec<String>)>,
}

impl TypeInfo {
    /// Whether `attr` is a valid attribute of a resource of this type.
    pub fn accepts(&self, attr: &str) -> bool {
        self.attributes.iter().any(|a| a == attr) || is_metaparam(attr)
    }

    /// Namevar values from a title, through the first title pattern that
    /// matches it (Puppet's `parse_title`).
    pub fn parse_title(&self, title: &str) -> Vec<(String, String)> {
        for (re, names) in &self.title_patterns {
            let Ok(rx) = pjit_runtime::regex::Regex::new(re) else { continue };
            if let Some(caps) = rx.captures(title) {
                return names
                    .iter()
                    .enumerate()
                    .filter_map(|(i, n)| caps.get(i + 1).cloned().flatten().map(|c| (n.clone(), c)))
                    .collect();
            }
        }
        match self.namevars.first() {
            Some(n) => vec![(n.clone(), title.to_string())],
            None => vec![],
        }
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
            let isomorphic = t["isomorphic"].as_bool().unwrap_or(true);
            let title_patterns = t["title_patterns"]
                .as_array()
                .map(|ps| {
                    ps.iter()
                        .filter_map(|p| Some((p[0].as_str()?.to_string(), strings(&p[1]))))
                        .filter(|(re, _)| re != "(.*)")
                        .collect()
                })
                .unwrap_or_default();
            out.insert(
                name.clone(),
                TypeInfo { name: name.clone(), namevars: strings(&t["namevars"]), attributes, isomorphic, title_patterns },
            );
        }
        out
    })
}

/// The built-in type named `name` (lower case).
pub fn builtin(name: &str) -> Option<&'static TypeInfo> {
    table().get(name)
}

/// Reads a module's Ruby type (`lib/puppet/type/<name>.rb`): its
/// parameters and properties (`newparam(:x)`, `newproperty(:x)`,
/// `ensurable` makes `ensure`), and its namevars (`namevar: true`,
/// `:namevar => true`, `isnamevar`, else `name`). `has_provider` adds the
/// `provider` parameter Puppet gives types that have providers.
pub fn scan_ruby_type(name: &str, source: &str, has_provider: bool) -> TypeInfo {
    let mut attributes: Vec<String> = vec![];
    let mut namevars: Vec<String> = vec![];
    let mut last_param: Option<String> = None;
    for line in source.lines() {
        let t = line.trim_start();
        if t.starts_with('#') {
            continue;
        }
        for kw in ["newparam", "newproperty"] {
            let Some(rest) = t.strip_prefix(kw) else { continue };
            let rest = rest.trim_start_matches(['(', ' ']);
            let Some(sym) = rest.strip_prefix(':') else { continue };
            let attr: String = sym.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if attr.is_empty() {
                continue;
            }
            let after = &sym[attr.len()..];
            if kw == "newparam"
                && (after.contains("namevar: true") || after.contains(":namevar => true") || after.contains("isnamevar: true"))
                && !namevars.contains(&attr)
            {
                namevars.push(attr.clone());
            }
            if !attributes.contains(&attr) {
                attributes.push(attr.clone());
            }
            last_param = (kw == "newparam").then_some(attr);
        }
        if t.starts_with("isnamevar") {
            if let Some(p) = &last_param {
                if !namevars.contains(p) {
                    namevars.push(p.clone());
                }
            }
        }
        if (t == "ensurable" || t.starts_with("ensurable ") || t.starts_with("ensurable do")) && !attributes.iter().any(|a| a == "ensure")
        {
            attributes.insert(0, "ensure".to_string());
        }
    }
    if namevars.is_empty() {
        namevars.push("name".to_string());
        if !attributes.iter().any(|a| a == "name") {
            attributes.push("name".to_string());
        }
    }
    if has_provider && !attributes.iter().any(|a| a == "provider") {
        attributes.push("provider".to_string());
    }
    let isomorphic = !source.contains("def self.isomorphic?") && !source.contains("def isomorphic?");
    TypeInfo { name: name.to_string(), namevars, attributes, isomorphic, title_patterns: vec![] }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_type_attributes_and_namevars() {
        let src = "Puppet::Type.newtype(:file_line) do\n  ensurable do\n  end\n  newparam(:name, namevar: true) do\n  end\n  newproperty(:line) do\n  end\n  newparam(:path) do\n  end\nend\n";
        let t = scan_ruby_type("file_line", src, true);
        assert_eq!(t.namevars, vec!["name"]);
        assert_eq!(t.attributes, vec!["ensure", "name", "line", "path", "provider"]);
        assert!(t.accepts("require") && !t.accepts("bogus"));
        let src = "newparam(:name) do\n  isnamevar\nend\nnewparam(:domain) do\n  isnamevar\nend\n";
        let t = scan_ruby_type("k", src, false);
        assert_eq!(t.namevars, vec!["name", "domain"]);
        assert_eq!(t.namevar(), None);
        assert_eq!(scan_ruby_type("anchor", "newparam :name do\nend\n", false).namevars, vec!["name"]);
    }
}
