//! Resource types implemented in Ruby: the ones built into Puppet 7
//! (Debian's puppet-agent) and the ones modules ship in
//! `lib/puppet/type/*.rb`; their namevars, parameters and properties, and
//! Puppet's metaparameters.
//!
//! The built-in table is Puppet's own, dumped by `tests/tools/dump-types.rb`
//! into `ir/data/builtin_types.json` and embedded here, so attribute
//! validation ("no parameter named 'x'"), namevar handling in the catalog
//! JSON, and `defined(Type)` answer exactly as Puppet does for these types.
//! Module types come, as Puppet's loaders take them, from the environment's
//! `.resource_types/<name>.pp` when `puppet generate types` wrote one
//! ([`TypeInfo::from_generated`]), else from their Ruby source
//! ([`scan_ruby_type`]): the `newparam`/`newproperty` declarations,
//! `ensurable`, the namevar markers and literal `title_patterns`, which is
//! what the catalog needs of them.

use std::sync::OnceLock;

use pjit_runtime::Value;

/// Maps by type name and title: a fixed-seed fast hasher (none is iterated
/// where its order could show).
type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;

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
    /// Titles [`TypeInfo::parse_title`] has parsed, with their namevars:
    /// the same titles come back node after node (a type is kept with the
    /// program for the compiles that reuse it).
    pub parsed_titles: ParsedTitles,
    /// `attributes` and the metaparameters as a set (see [`TypeInfo::accepts`]).
    pub attribute_index: AttrIndex,
}

/// See [`TypeInfo::attribute_index`]: made on first use.
#[derive(Debug, Default)]
pub struct AttrIndex(OnceLock<std::collections::HashSet<Box<str>, foldhash::fast::FixedState>>);

/// See [`TypeInfo::parsed_titles`].
#[derive(Debug, Default)]
pub struct ParsedTitles(std::sync::Mutex<HashMap<String, std::sync::Arc<[(String, String)]>>>);

impl TypeInfo {
    /// Whether `attr` is a valid attribute of a resource of this type.
    pub fn accepts(&self, attr: &str) -> bool {
        // Every attribute of every resource is checked: one hash instead of
        // a scan of the type's attributes and then of the metaparameters.
        let index = self.attribute_index.0.get_or_init(|| {
            self.attributes.iter().map(String::as_str).chain(METAPARAMS.iter().copied()).map(Box::from).collect()
        });
        index.contains(attr)
    }

    /// Namevar values from a title, through the first title pattern that
    /// matches it (Puppet's `parse_title`).
    pub fn parse_title(&self, title: &str) -> std::sync::Arc<[(String, String)]> {
        // The patterns' regexps cost a few thousand instructions a title
        // (`file`'s run twice per resource: uniqueness key, then JSON).
        if self.title_patterns.is_empty() {
            return self.parse_title_uncached(title).into();
        }
        let mut memo = self.parsed_titles.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = memo.get(title) {
            return found.clone();
        }
        let found: std::sync::Arc<[(String, String)]> = self.parse_title_uncached(title).into();
        // Bounded: a long batch may see many distinct titles.
        if memo.len() >= 2048 {
            memo.clear();
        }
        memo.insert(title.to_string(), found.clone());
        found
    }

    fn parse_title_uncached(&self, title: &str) -> Vec<(String, String)> {
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

    /// Puppet's `uniqueness_key` of a resource of this type: the values of
    /// its namevars in name order, each from the parameters, else from the
    /// title through the title patterns, else the title itself for `name`
    /// or a single namevar (None: nil).
    pub fn uniqueness_values(&self, title: &str, params: &super::catalog::Params) -> Vec<Option<String>> {
        // The common shape (one namevar, no title patterns) without parsing
        // the title: the namevar's value, else the title.
        if let ([n], true) = (self.namevars.as_slice(), self.title_patterns.is_empty()) {
            return vec![match params.get(n.as_str()) {
                Some(Value::Undef) | None => Some(title.to_string()),
                Some(v) => Some(pjit_runtime::display::to_interpolated_string(v)),
            }];
        }
        // Most types have one namevar: no sorted copy needed then.
        let sorted;
        let names: &[String] = if self.namevars.len() < 2 {
            &self.namevars
        } else {
            let mut n = self.namevars.clone();
            n.sort();
            sorted = n;
            &sorted
        };
        let from_title = self.parse_title(title);
        names
            .iter()
            .map(|n| match params.get(n.as_str()) {
                Some(Value::Undef) | None if from_title.iter().any(|(k, _)| k == n) => {
                    from_title.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone())
                }
                Some(Value::Undef) | None if n == "name" || self.namevars.len() == 1 => Some(title.to_string()),
                Some(Value::Undef) | None => None,
                Some(v) => Some(pjit_runtime::display::to_interpolated_string(v)),
            })
            .collect()
    }

    /// The single namevar, when the type has exactly one.
    pub fn namevar(&self) -> Option<&str> {
        match self.namevars.as_slice() {
            [n] => Some(n),
            _ => None,
        }
    }
}

impl TypeInfo {
    /// A type `puppet generate types` wrote (`Puppet::Resource::ResourceType3`):
    /// its namevars are the attributes marked so; its title patterns are the
    /// given ones, else with a single namevar the whole title (Puppet's
    /// `ResourceTypeImpl`). The generator keeps the patterns' namevars but not
    /// their Ruby conversion procs, and neither does Puppet when it loads them.
    pub fn from_generated(t: &crate::lower::GeneratedType) -> TypeInfo {
        let namevars: Vec<String> = t.attributes.iter().filter(|(_, nv)| *nv).map(|(n, _)| n.clone()).collect();
        let title_patterns = match &t.title_patterns {
            Some(ps) if !ps.is_empty() => ps.clone(),
            _ => vec![],
        };
        TypeInfo {
            name: t.name.clone(),
            namevars,
            attributes: t.attributes.iter().map(|(n, _)| n.clone()).collect(),
            isomorphic: t.isomorphic,
            title_patterns,
            parsed_titles: ParsedTitles::default(),
            attribute_index: AttrIndex::default(),
        }
    }
}

/// The text a uniqueness key is recorded under (also the `[...]` of
/// Puppet's `Cannot alias` message).
pub fn uniqueness_key(values: &[Option<String>]) -> String {
    let mut out = String::new();
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        match v {
            // Quoted as Rust's `{:?}` does; text without anything to escape
            // (nearly every title) is copied as it is.
            Some(s) if s.bytes().all(|b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\') => {
                out.reserve(s.len() + 2);
                out.push('"');
                out.push_str(s);
                out.push('"');
            }
            Some(s) => {
                use std::fmt::Write;
                let _ = write!(out, "{s:?}");
            }
            None => out.push_str("nil"),
        }
    }
    out
}

/// Puppet's metaparameters, in Puppet's order.
pub const METAPARAMS: &[&str] =
    &["noop", "schedule", "audit", "loglevel", "alias", "tag", "require", "subscribe", "before", "notify", "stage"];

/// The metaparameters that form relationships.
pub const RELATIONSHIP_PARAMS: &[&str] = &["require", "subscribe", "before", "notify"];

pub fn is_metaparam(name: &str) -> bool {
    METAPARAMS.contains(&name)
}

/// Type names to types, looked up for every resource (a fixed fast hasher).
type Table = HashMap<String, TypeInfo>;

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let doc: serde_json::Value =
            serde_json::from_str(include_str!("../../data/builtin_types.json")).expect("the embedded type table is JSON");
        let mut out = Table::default();
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
                TypeInfo {
                    name: name.clone(),
                    namevars: strings(&t["namevars"]),
                    attributes,
                    isomorphic,
                    title_patterns,
                    parsed_titles: ParsedTitles::default(),
                    attribute_index: AttrIndex::default(),
                },
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
    let isomorphic = !source.contains("def self.isomorphic?") && !source.contains("def isomorphic?") && !source.contains("@isomorphic = false");
    let title_patterns = scan_title_patterns(source).unwrap_or_default();
    TypeInfo {
        name: name.to_string(),
        namevars,
        attributes,
        isomorphic,
        title_patterns,
        parsed_titles: ParsedTitles::default(),
        attribute_index: AttrIndex::default(),
    }
}

/// Whether [`scan_ruby_type`] sees everything the catalog needs of a Ruby
/// type: every `newparam`/`newproperty` names a literal symbol (not a
/// variable of a loop or a helper method), and the title patterns, when
/// the type defines them, are literal. When not, Puppet's own reading
/// (`puppet generate types`, through the Ruby bridge) is needed.
pub fn scan_is_complete(source: &str) -> bool {
    // A Resource API type (`Puppet::ResourceApi.register_type`) declares
    // its attributes in a Hash the scan does not read.
    if source.contains("Puppet::ResourceApi.register_type") {
        return false;
    }
    for kw in ["newparam", "newproperty"] {
        let mut rest = source;
        while let Some(i) = rest.find(kw) {
            let after = rest[i + kw.len()..].trim_start_matches(['(', ' ', '\t', '\n', '\r']);
            let line_start = rest[..i].rfind('\n').map_or(0, |n| n + 1);
            let commented = rest[line_start..i].trim_start().starts_with('#');
            if !commented && !after.starts_with(':') && !after.starts_with('\'') && !after.starts_with('"') {
                return false;
            }
            rest = &rest[i + kw.len()..];
        }
    }
    !source.contains("def self.title_patterns") || scan_title_patterns(source).is_some()
}

/// The `def self.title_patterns` of a Ruby type when it is a literal list
/// of `[regexp, [[:namevar], ...]]` pairs, each regexp as Ruby's
/// `Regexp#to_s` writes it (`(?i-mx:...)`), which Oniguruma reads as Ruby
/// does. None when the method is absent or builds its patterns in Ruby
/// (interpolation, helper methods): then only the generated
/// `.resource_types` file knows them. A namevar's conversion proc is not
/// run (Puppet's generated types drop it too).
pub fn scan_title_patterns(source: &str) -> Option<Vec<(String, Vec<String>)>> {
    let start = source.find("def self.title_patterns")?;
    let body = &source[start + "def self.title_patterns".len()..];
    let b = body.as_bytes();
    let mut out: Vec<(String, Vec<String>)> = vec![];
    let mut i = 0;
    let mut depth = 0i32;
    let mut seen_list = false;
    while i < b.len() {
        match b[i] {
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'[' => {
                depth += 1;
                seen_list = true;
                i += 1;
            }
            b']' => {
                depth -= 1;
                i += 1;
                if depth == 0 && seen_list {
                    return (!out.is_empty()).then_some(out);
                }
            }
            b'%' if body[i..].starts_with("%r{") => {
                // `%r{...}` ends at the brace that balances the opening one.
                let mut level = 1;
                let mut end = i + 3;
                while level > 0 {
                    match b.get(end)? {
                        b'\\' => end += 1,
                        b'{' => level += 1,
                        b'}' => level -= 1,
                        _ => {}
                    }
                    end += 1;
                }
                let end = end - 1;
                let src = &body[i + 3..end];
                let (flags, next) = regexp_flags(&body[end + 1..]);
                if src.contains("#{") {
                    return None;
                }
                out.push((ruby_regexp_to_s(src, flags), vec![]));
                i = end + 1 + next;
            }
            b'/' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'/' {
                    if b[j] == b'\\' {
                        j += 1;
                    }
                    j += 1;
                }
                let src = body.get(i + 1..j)?;
                let (flags, next) = regexp_flags(body.get(j + 1..)?);
                if src.contains("#{") {
                    return None;
                }
                out.push((ruby_regexp_to_s(src, flags), vec![]));
                i = j + 1 + next;
            }
            b':' if b.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') => {
                let name: String = body[i + 1..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                i += 1 + name.len();
                out.last_mut()?.1.push(name);
            }
            b'e' if depth == 0 && body[i..].starts_with("end") => return None,
            c if depth == 0 && c.is_ascii_alphabetic() => return None,
            c if depth > 0 && (c.is_ascii_alphabetic() || c == b'_') => {
                // A conversion proc (`lambda { |x| x }`): skip to the end of
                // the pattern's namevar entry; its namevar is already read.
                let close = body[i..].find(']')?;
                i += close;
            }
            _ => i += 1,
        }
    }
    None
}

/// The option letters after a Ruby regexp literal and how many bytes they use.
fn regexp_flags(rest: &str) -> (&str, usize) {
    let n = rest.bytes().take_while(|c| matches!(c, b'i' | b'm' | b'x' | b'o' | b'u' | b'n' | b'e' | b's')).count();
    (&rest[..n], n)
}

/// Ruby's `Regexp#to_s`: `(?mix-mix:source)` with the options on and off.
fn ruby_regexp_to_s(src: &str, flags: &str) -> String {
    let on: String = ['m', 'i', 'x'].iter().filter(|f| flags.contains(**f)).collect();
    let off: String = ['m', 'i', 'x'].iter().filter(|f| !flags.contains(**f)).collect();
    if off.is_empty() {
        format!("(?{on}:{src})")
    } else {
        format!("(?{on}-{off}:{src})")
    }
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

    #[test]
    fn ruby_title_patterns() {
        let src = "  def self.title_patterns\n    [\n      [\n        %r{^(.*):([a-z]:(/|\\\\).*)$}i,\n        [\n          [:name],\n          [:altlink]\n        ]\n      ],\n      [ /^([^:]+)$/, [ [:name, lambda { |x| x }] ] ]\n    ]\n  end\n";
        let ps = scan_title_patterns(src).expect("literal patterns");
        assert_eq!(ps[0].0, "(?i-mx:^(.*):([a-z]:(/|\\\\).*)$)");
        assert_eq!(ps[0].1, vec!["name", "altlink"]);
        assert_eq!(ps[1], ("(?-mix:^([^:]+)$)".to_string(), vec!["name".to_string()]));
        let helper = "def self.title_patterns\n    PuppetX::Keystone::CompositeNamevar.basic_split_title_patterns(:name, :domain)\n  end\n";
        assert_eq!(scan_title_patterns(helper), None);
        let interp = "def self.title_patterns\n [[ /^(#{region})$/, [[:region]] ]]\nend\n";
        assert_eq!(scan_title_patterns(interp), None);
    }

    #[test]
    fn incomplete_scans() {
        assert!(scan_is_complete("newparam(:name, namevar: true) do\nend\nnewproperty(:x)\n"));
        assert!(!scan_is_complete("[:id, :balance].each do |param|\n  newproperty(param) do\n  end\nend\n"));
        let helper = "def self.title_patterns\n    PuppetX::Keystone::CompositeNamevar.basic_split_title_patterns(:name, :domain)\n  end\n";
        assert!(!scan_is_complete(helper));
        assert!(scan_is_complete("# newparam(p) is how\nnewparam(:a)\n"));
    }

    /// The fast path quotes exactly as `{:?}` does.
    #[test]
    fn uniqueness_key_quotes_like_debug() {
        for vals in [
            vec![Some("/tmp/x".to_string())],
            vec![Some("a \"b\" \\ c\n é".to_string()), None, Some(String::new())],
            vec![None],
        ] {
            let expected = vals
                .iter()
                .map(|v| v.as_ref().map(|s| format!("{s:?}")).unwrap_or_else(|| "nil".into()))
                .collect::<Vec<_>>()
                .join(", ");
            assert_eq!(uniqueness_key(&vals), expected);
        }
    }
}
