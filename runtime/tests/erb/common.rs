//! Shared by the ERB tests: JSON values as Puppet values, the oracle's
//! default facts and the top-scope variables Puppet defines for them.

use indexmap::IndexMap;
use pjit_runtime::Value;

/// A JSON value as Puppet sees it (null is undef).
pub fn json_to_value(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Undef,
        serde_json::Value::Bool(b) => Value::Boolean(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => Value::string(s.as_str()),
        serde_json::Value::Array(a) => Value::array(a.iter().map(json_to_value).collect()),
        serde_json::Value::Object(o) => Value::hash(o.iter().map(|(k, x)| (Value::string(k.as_str()), json_to_value(x)))),
    }
}

/// The facts the case tables were blessed with (`tests/erb/facts.json`).
#[allow(dead_code)] // shared by several test binaries, not all use it
pub fn default_facts() -> IndexMap<String, Value> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/erb/facts.json");
    load_facts(&path)
}

pub fn load_facts(path: &std::path::Path) -> IndexMap<String, Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v: serde_json::Value = serde_json::from_str(&text).expect("facts JSON");
    v.as_object().expect("an object").iter().map(|(k, x)| (k.clone(), json_to_value(x))).collect()
}

/// The top scope of a compilation with these facts, in Puppet's order:
/// the facts, then `$serverversion`, `$environment`, `$trusted`,
/// `$server_facts`, `$facts`, `$module_name`, `$title` and `$name`
/// (what the oracle's `puppet catalog compile` defines).
pub fn top_scope(facts: &IndexMap<String, Value>) -> IndexMap<String, Value> {
    let mut top: IndexMap<String, Value> = facts.clone();
    let s = Value::string;
    top.insert("serverversion".into(), s("7.23.0"));
    top.insert("environment".into(), s("production"));
    top.insert(
        "trusted".into(),
        Value::hash([
            (s("authenticated"), s("local")),
            (s("certname"), Value::Undef),
            (s("extensions"), Value::hash([])),
            (s("hostname"), Value::Undef),
            (s("domain"), Value::Undef),
            (s("external"), Value::hash([])),
        ]),
    );
    top.insert("server_facts".into(), Value::hash([(s("serverversion"), s("7.23.0")), (s("environment"), s("production"))]));
    top.insert("facts".into(), Value::hash(facts.iter().map(|(k, v)| (s(k.as_str()), v.clone()))));
    top.insert("module_name".into(), s(""));
    top.insert("title".into(), s("main"));
    top.insert("name".into(), s("main"));
    top
}
