//! The command payloads Puppet's PuppetDB terminus submits: `replace facts`
//! version 5 (`Puppet::Node::Facts::Puppetdb#save`) and `replace catalog`
//! version 9 (`Puppet::Resource::Catalog::Puppetdb#munge_catalog`), the
//! catalog one built from the stored catalog document the way the terminus
//! munges `catalog.to_data_hash`: namevar aliases, sorted unordered
//! metaparameters, containment edges as `contains` relationships plus
//! the edges the relationship metaparameters make (with the terminus's
//! checks), `name` renamed `certname`, the keys PuppetDB takes, and
//! sensitive parameters removed.

use indexmap::IndexMap;
use pjit_ir::interp::catalog::Catalog;
use pjit_ir::interp::storeconfigs::value_to_json;
use pjit_runtime::Value;
use serde_json::{Map, Value as Json, json};

/// What the facts command carries besides the facts.
#[derive(Clone, Debug)]
pub struct FactsSubmission<'a> {
    pub certname: &'a str,
    pub environment: &'a str,
    /// The node's facts as the agent sent them.
    pub facts: &'a IndexMap<String, Value>,
    /// `$trusted` (stored as the `trusted` fact).
    pub trusted: &'a Value,
    /// `Puppet[:node_name_value]` of the compiling server.
    pub producer: &'a str,
}

/// What the catalog command carries besides the catalog.
#[derive(Clone, Debug)]
pub struct CatalogSubmission<'a> {
    pub certname: &'a str,
    pub environment: &'a str,
    pub catalog: &'a Catalog,
    /// The catalog's `version` (Puppet: the compile's config version).
    pub version: &'a str,
    pub catalog_uuid: &'a str,
    /// The agent run's transaction UUID, when the request had one.
    pub transaction_uuid: Option<&'a str>,
    pub job_id: Option<&'a str>,
    pub code_id: Option<&'a str>,
    pub producer: &'a str,
}

/// `Puppet::Util::Puppetdb.to_wire_time`: ISO 8601 with milliseconds.
pub fn wire_time(t: &chrono::DateTime<chrono::Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// The `replace facts` (version 5) payload.
pub fn facts_payload(s: &FactsSubmission, now: &chrono::DateTime<chrono::Utc>) -> Json {
    let mut values = Map::new();
    let mut inventory = None;
    for (k, v) in s.facts {
        if k == "_puppet_inventory_1" {
            inventory = Some(v);
            continue;
        }
        values.insert(k.clone(), value_to_json(v));
    }
    values.insert("trusted".into(), value_to_json(s.trusted));
    let mut payload = Map::new();
    payload.insert("certname".into(), json!(s.certname));
    payload.insert("values".into(), Json::Object(values));
    payload.insert("environment".into(), json!(s.environment));
    payload.insert("producer_timestamp".into(), json!(wire_time(now)));
    payload.insert("producer".into(), json!(s.producer));
    if let Some(inv) = inventory {
        let packages = match inv {
            Value::Hash(h) => h.get(&Value::string("packages")).map_or(Json::Null, value_to_json),
            _ => Json::Null,
        };
        payload.insert("package_inventory".into(), packages);
    }
    Json::Object(payload)
}

/// Metaparameters whose arrays are unordered (sorted before storing).
const UNORDERED_METAPARAMS: [&str; 8] = ["alias", "audit", "before", "check", "notify", "require", "subscribe", "tag"];

/// The relationship metaparameters, in the terminus's order: the edge
/// they make, and whether it points from the resource to the other one.
const RELATIONSHIPS: [(&str, &str, bool); 4] =
    [("before", "before", true), ("require", "required-by", false), ("notify", "notifies", true), ("subscribe", "subscription-of", false)];

/// The `replace catalog` (version 9) payload; an error is the terminus's
/// (an invalid relationship).
pub fn catalog_payload(s: &CatalogSubmission, now: &chrono::DateTime<chrono::Utc>) -> Result<Json, String> {
    let mut text = Vec::new();
    s.catalog.stored_json_text(&mut text, s.certname, s.environment);
    let doc: Json = serde_json::from_slice(&text).map_err(|e| format!("catalog JSON: {e}"))?;
    let Json::Object(doc) = doc else { return Err("catalog JSON is not an object".into()) };
    let mut resources = match doc.get("resources") {
        Some(Json::Array(a)) => a.clone(),
        _ => vec![],
    };
    for r in &mut resources {
        let Json::Object(r) = r else { continue };
        if !matches!(r.get("parameters"), Some(Json::Object(_))) {
            r.insert("parameters".into(), Json::Object(Map::new()));
        }
        add_namevar_aliases(r, s.catalog);
        sort_unordered_metaparams(r);
    }
    let mut edges: Vec<Json> = match doc.get("edges") {
        Some(Json::Array(a)) => a
            .iter()
            .map(|e| {
                let end = |k: &str| e.get(k).and_then(Json::as_str).map_or(Json::Null, ref_to_hash);
                json!({"source": end("source"), "target": end("target"), "relationship": "contains"})
            })
            .collect(),
        _ => vec![],
    };
    synthesize_edges(&resources, s.catalog, &mut edges)?;
    for r in &mut resources {
        if let Json::Object(r) = r {
            redact_sensitive(r);
        }
    }
    let mut out = Map::new();
    out.insert("version".into(), json!(s.version));
    out.insert("code_id".into(), s.code_id.map_or(Json::Null, |c| json!(c)));
    out.insert("catalog_uuid".into(), json!(s.catalog_uuid));
    out.insert("resources".into(), Json::Array(resources));
    out.insert("edges".into(), Json::Array(edges));
    out.insert("job_id".into(), s.job_id.map_or(Json::Null, |j| json!(j)));
    out.insert("certname".into(), json!(s.certname));
    out.insert("transaction_uuid".into(), s.transaction_uuid.map_or(Json::Null, |t| json!(t)));
    out.insert("environment".into(), json!(s.environment));
    out.insert("producer_timestamp".into(), json!(wire_time(now)));
    out.insert("producer".into(), json!(s.producer));
    Ok(Json::Object(out))
}

/// `add_namevar_aliases`: a resource whose single namevar differs from
/// its title is also known by the namevar's value (for types that are
/// unique by namevar; defined types and classes count as such).
fn add_namevar_aliases(r: &mut Map<String, Json>, catalog: &Catalog) {
    let (Some(t), Some(title)) = (r.get("type").and_then(Json::as_str), r.get("title").and_then(Json::as_str)) else { return };
    let Some(real) = catalog.find(t, title) else { return };
    if real.rtype.as_ref().is_some_and(|t| t.namevars.len() > 1) {
        return;
    }
    let mut aliases: Vec<Json> = vec![];
    if let Some(a) = r.get("parameters").and_then(|p| p.get("alias")) {
        flatten_json(a, &mut aliases);
    }
    aliases.retain(|a| !a.is_null());
    let name = match &real.rtype {
        Some(t) if !t.isomorphic => None,
        Some(t) => t.uniqueness_values(&real.title, &real.params).into_iter().next().flatten(),
        None => match real.params.get("name") {
            Some(Value::String(_)) | None => {
                real.params.get("name").map(pjit_runtime::display::to_interpolated_string).or_else(|| Some(real.title.clone()))
            }
            Some(_) => None,
        },
    };
    // Puppet's own Stage[main] and Class[main] have the symbol `:main` as
    // title, which never equals the name "main": it becomes an alias.
    let symbol_title = real.scope.is_none() && real.title == "main" && matches!(real.type_name.as_str(), "Stage" | "Class");
    if let Some(name) = name
        && (name != real.title || symbol_title)
        && !aliases.iter().any(|a| a.as_str() == Some(name.as_str()))
    {
        aliases.push(Json::String(name));
    }
    if !aliases.is_empty()
        && let Some(Json::Object(p)) = r.get_mut("parameters")
    {
        p.insert("alias".into(), Json::Array(aliases));
    }
}

fn flatten_json(v: &Json, out: &mut Vec<Json>) {
    match v {
        Json::Array(a) => a.iter().for_each(|x| flatten_json(x, out)),
        other => out.push(other.clone()),
    }
}

/// Ruby's `to_s` of a JSON value, the sort key of unordered metaparams.
fn ruby_to_s(v: &Json) -> String {
    match v {
        Json::String(s) => s.clone(),
        Json::Null => String::new(),
        other => other.to_string(),
    }
}

fn sort_unordered_metaparams(r: &mut Map<String, Json>) {
    let Some(Json::Object(p)) = r.get_mut("parameters") else { return };
    for m in UNORDERED_METAPARAMS {
        if let Some(Json::Array(a)) = p.get_mut(m)
            && !a.is_empty()
        {
            a.sort_by_key(ruby_to_s);
        }
    }
}

/// `resource_ref_to_hash`: `Type[title]` -> `{"type", "title"}`.
fn ref_to_hash(s: &str) -> Json {
    match (s.find('['), s.ends_with(']')) {
        (Some(i), true) if i > 0 && !s[..i].contains(']') => json!({"type": &s[..i], "title": &s[i + 1..s.len() - 1]}),
        _ => json!({"type": Json::Null, "title": Json::Null}),
    }
}

/// The terminus's check of a reference: `/^[A-Z][a-z0-9_]*(::[A-Z][a-z0-9_]*)*\[.*\]/m`.
fn well_formed_ref(s: &str) -> bool {
    let Some(i) = s.find('[') else { return false };
    if !s[i..].contains(']') {
        return false;
    }
    s[..i].split("::").all(|seg| {
        let b = seg.as_bytes();
        !b.is_empty() && b[0].is_ascii_uppercase() && b[1..].iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'_')
    })
}

fn synthesize_edges(resources: &[Json], catalog: &Catalog, edges: &mut Vec<Json>) -> Result<(), String> {
    let key = |r: &Json| (r["type"].as_str().unwrap_or("").to_string(), r["title"].as_str().unwrap_or("").to_string());
    let mut table: IndexMap<(String, String), usize> = IndexMap::new();
    let mut aliases: IndexMap<(String, String), usize> = IndexMap::new();
    for (i, r) in resources.iter().enumerate() {
        let mut names = vec![];
        if let Some(a) = r["parameters"].get("alias") {
            flatten_json(a, &mut names);
        }
        for n in names {
            aliases.insert((key(r).0, ruby_to_s(&n)), i);
        }
    }
    for (i, r) in resources.iter().enumerate() {
        table.insert(key(r), i);
    }
    let virtual_ = |t: &str, ti: &str| catalog.find(t, ti).is_some_and(|r| r.virtual_);
    for r in resources {
        let (t, ti) = key(r);
        if virtual_(&t, &ti) {
            continue;
        }
        let me = format!("{t}[{ti}]");
        for (param, relation, forward) in RELATIONSHIPS {
            let Some(v) = r["parameters"].get(param) else { continue };
            if v.is_null() {
                continue;
            }
            let mut refs = vec![];
            flatten_json(v, &mut refs);
            for other in refs {
                let other_ref = ruby_to_s(&other);
                let edge_s = format!("{me} {{ {param} => {other_ref} }}");
                if !well_formed_ref(&other_ref) {
                    return Err(format!(
                        "Invalid relationship: {edge_s}, because {other_ref} doesn't seem to be in the correct format. Resource references should be formatted as: Classname['title'] or Modulename::Classname['title'] (take careful note of the capitalization)."
                    ));
                }
                let mut oh = ref_to_hash(&other_ref);
                let mut ot = oh["title"].as_str().unwrap_or("").to_string();
                let otype = oh["type"].as_str().unwrap_or("").to_string();
                if otype == "File" && ot.ends_with('/') {
                    ot = ot.trim_end_matches('/').to_string();
                }
                let k = (otype.clone(), ot);
                let Some(&j) = table.get(&k).or_else(|| aliases.get(&k)) else {
                    return Err(format!("Invalid relationship: {edge_s}, because {other_ref} doesn't seem to be in the catalog"));
                };
                let (_, real_title) = key(&resources[j]);
                if virtual_(&otype, &real_title) {
                    return Err(format!("Invalid relationship: {edge_s}, because {other_ref} is exported but not collected"));
                }
                oh["title"] = Json::String(real_title);
                let mine = json!({"type": t, "title": ti});
                let (source, target) = if forward { (mine, oh) } else { (oh, mine) };
                edges.push(json!({"relationship": relation, "source": source, "target": target}));
            }
        }
    }
    // `edges.uniq!`: the first of equal edges stays.
    let mut seen = std::collections::HashSet::new();
    edges.retain(|e| seen.insert(canonical(e)));
    Ok(())
}

/// An edge's identity (its fields in a fixed order).
fn canonical(e: &Json) -> String {
    format!("{}|{}|{}|{}|{}", e["relationship"], e["source"]["type"], e["source"]["title"], e["target"]["type"], e["target"]["title"])
}

/// `redact_sensitive_params`: sensitive parameters are not stored.
fn redact_sensitive(r: &mut Map<String, Json>) {
    let Some(Json::Array(names)) = r.remove("sensitive_parameters") else { return };
    if let Some(Json::Object(p)) = r.get_mut("parameters") {
        for n in names {
            if let Some(n) = n.as_str() {
                p.shift_remove(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references() {
        assert!(well_formed_ref("File[/tmp/x]"));
        assert!(well_formed_ref("Apache::Vhost[a]"));
        assert!(!well_formed_ref("file[/tmp/x]"));
        assert!(!well_formed_ref("Apache::vhost[a]"));
        assert_eq!(ref_to_hash("Package[a[b]]"), json!({"type": "Package", "title": "a[b]"}));
    }
}
