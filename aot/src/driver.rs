//! The end of a catalog compile, shared by `pjit compile` and AOT
//! executables so that both print the same thing: log lines and errors on
//! stderr in Puppet's format, the catalog JSON on stdout (or a file), and
//! the exit status. Also the facts file reader and the settings an
//! executable records.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use indexmap::IndexMap;
use pjit_ir::Loc;
use pjit_ir::interp::{EvalError, Interp, Log, Strict};
use pjit_runtime::Value;
use pjit_runtime::functions::LogLevel;

/// The settings of a compile that an executable keeps (its command line
/// gives only the node and the facts).
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub environment: String,
    pub strict: Strict,
    pub strict_variables: bool,
    /// Absolute paths: the executable autoloads from them at run time.
    pub modulepath: Vec<PathBuf>,
}

impl Settings {
    pub fn to_json(&self) -> String {
        let strict = match self.strict {
            Strict::Off => "off",
            Strict::Warning => "warning",
            Strict::Error => "error",
        };
        let mp: Vec<String> = self.modulepath.iter().map(|p| p.display().to_string()).collect();
        serde_json::json!({
            "environment": self.environment,
            "strict": strict,
            "strict_variables": self.strict_variables,
            "modulepath": mp,
        })
        .to_string()
    }

    pub fn from_json(text: &str) -> Result<Settings, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let strict = match v["strict"].as_str() {
            Some("off") => Strict::Off,
            Some("warning") => Strict::Warning,
            Some("error") => Strict::Error,
            other => return Err(format!("bad strict setting {other:?}")),
        };
        Ok(Settings {
            environment: v["environment"].as_str().ok_or("no environment")?.to_string(),
            strict,
            strict_variables: v["strict_variables"].as_bool().ok_or("no strict_variables")?,
            modulepath: v["modulepath"]
                .as_array()
                .ok_or("no modulepath")?
                .iter()
                .filter_map(|p| p.as_str().map(PathBuf::from))
                .collect(),
        })
    }
}

/// This host's name, the default node name.
pub fn local_hostname() -> String {
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "localhost".into())
}

/// Prints the logs, then the catalog (to `output` or stdout) or the error;
/// returns the exit status.
pub fn finish(it: &Interp, result: Result<(), EvalError>, node: &str, environment: &str, output: Option<&Path>) -> u8 {
    report(it, result, node, environment, output, &mut std::io::stderr().lock())
}

/// [`finish`] with the log lines and errors written to `log` (batch
/// compiles collect each node's lines to print them in node order).
pub fn report(
    it: &Interp,
    result: Result<(), EvalError>,
    node: &str,
    environment: &str,
    output: Option<&Path>,
    log: &mut dyn Write,
) -> u8 {
    let out = match output {
        Some(p) => CatalogOut::File(p),
        None => CatalogOut::Stdout,
    };
    report_to(it, result, node, environment, out, log)
}

/// Where [`report_to`] writes a compiled catalog.
pub enum CatalogOut<'a> {
    Stdout,
    File(&'a Path),
    /// Appended to a buffer (the compile server answers with it).
    Memory(&'a mut Vec<u8>),
}

/// Writes the logs to `log`, then the catalog to `out` or the error (as
/// [`error_message`] words it) to `log`; returns the exit status.
pub fn report_to(
    it: &Interp,
    result: Result<(), EvalError>,
    node: &str,
    environment: &str,
    out: CatalogOut,
    log: &mut dyn Write,
) -> u8 {
    report_with(it, result, node, out, log, &mut |w| write_catalog(it, node, environment, w))
}

/// [`report_to`] with the catalog's JSON text given (no final newline), in
/// pieces: a compile that had it written already, or a remembered one (see
/// `pjit_ir::interp::memo`).
pub fn report_text(it: &Interp, result: Result<(), EvalError>, node: &str, out: CatalogOut, log: &mut dyn Write, text: &[&[u8]]) -> u8 {
    report_with(it, result, node, out, log, &mut |w| {
        for t in text {
            w.write_all(t)?;
        }
        w.write_all(b"\n")?;
        w.flush()
    })
}

fn report_with(
    it: &Interp,
    result: Result<(), EvalError>,
    node: &str,
    out: CatalogOut,
    log: &mut dyn Write,
    write: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> u8 {
    // A log line that cannot be written (a closed stderr) is not a reason
    // to lose the catalog.
    for l in &it.logs {
        if let Some(line) = log_line(l) {
            let _ = writeln!(log, "{line}");
        }
    }
    match result {
        Ok(()) => {
            let (written, to) = match out {
                CatalogOut::File(p) => (std::fs::File::create(p).and_then(|mut f| write(&mut f)), p.display().to_string()),
                CatalogOut::Stdout => (write(&mut std::io::stdout().lock()), "the catalog".into()),
                CatalogOut::Memory(buf) => (write(buf), "the catalog".into()),
            };
            match written {
                Ok(()) => 0,
                Err(e) => {
                    let _ = writeln!(log, "Error: Could not write {to}: {e}");
                    1
                }
            }
        }
        Err(e) => {
            let _ = writeln!(log, "Error: {}", error_message(it, &e, node));
            1
        }
    }
}

/// A failed compile's error as Puppet words it (after `Error: `), with
/// its location and the node.
pub fn error_message(it: &Interp, e: &EvalError, node: &str) -> String {
    // Errors Puppet raises outside its evaluator's error wrapping
    // carry no "Evaluation Error: " prefix and no column.
    let bare = e.is_compiler_error();
    let location = it.location_suffix(e.loc.map(|l| if bare { Loc { col: 0, ..l } } else { l }));
    let prefix = if bare { "" } else { "Evaluation Error: " };
    // Storing in PuppetDB fails outside the compile: Puppet Server's
    // message names no node.
    let on_node = if e.issue == "STORE_FAILED" { String::new() } else { format!(" on node {node}") };
    format!("{prefix}{}{location}{on_node}", e.message)
}

/// The catalog JSON, pretty-printed, and a final newline.
fn write_catalog(it: &Interp, node: &str, environment: &str, mut out: impl std::io::Write) -> std::io::Result<()> {
    it.catalog.write_json(&mut out, node, environment)?;
    out.write_all(b"\n")?;
    out.flush()
}

fn level_name(l: LogLevel) -> Option<&'static str> {
    Some(match l {
        LogLevel::Debug | LogLevel::Info => return None,
        LogLevel::Notice => "Notice",
        LogLevel::Warning => "Warning",
        LogLevel::Err => "Error",
        LogLevel::Alert => "Alert",
        LogLevel::Emerg => "Emergency",
        LogLevel::Crit => "Critical",
    })
}

/// A log line as Puppet prints it (None for the levels it does not show).
pub fn log_line(log: &Log) -> Option<String> {
    let level = level_name(log.level)?;
    Some(match &log.scope {
        Some(s) => format!("{level}: Scope({s}): {}", log.message),
        None => format!("{level}: {}", log.message),
    })
}

/// Reads a facts file: a JSON object of fact names to values, or the
/// `{"name": ..., "values": {...}}` document `puppet facts` writes.
pub fn read_facts(p: &Path) -> Result<IndexMap<String, Value>, String> {
    let text = std::fs::read_to_string(p).map_err(|e| e.to_string())?;
    facts_from_text(&text)
}

/// Facts from text (what [`read_facts`] reads from a file; the compile
/// server reads the facts agents send).
pub fn facts_from_text(text: &str) -> Result<IndexMap<String, Value>, String> {
    if !text.trim_start().starts_with('{') {
        return read_yaml_facts(text);
    }
    // Straight into Puppet values (no `serde_json::Value` tree to copy
    // and convert: batch mode and the server read facts for every node).
    let FactValue(json) = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let Value::Hash(m) = &json else { return Err("the facts must be a JSON object".into()) };
    let obj = match (m.get(&Value::string("name")), m.get(&Value::string("values"))) {
        (Some(_), Some(Value::Hash(v))) => v,
        _ => m,
    };
    // JSON keys are strings.
    Ok(obj.iter().map(|(k, v)| (pjit_runtime::display::to_interpolated_string(k), v.clone())).collect())
}

/// A JSON value read as a Puppet value, as [`value_from_json`] converts
/// the `serde_json::Value` serde_json would read (null is undef, an
/// integer beyond `i64` a Float, an object's repeated key keeps its first
/// place and its last value).
struct FactValue(Value);

impl<'de> serde::Deserialize<'de> for FactValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<FactValue, D::Error> {
        d.deserialize_any(FactVisitor).map(FactValue)
    }
}

struct FactVisitor;

impl<'de> serde::de::Visitor<'de> for FactVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any valid JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Boolean(b))
    }
    fn visit_i64<E>(self, i: i64) -> Result<Value, E> {
        Ok(Value::Integer(i))
    }
    fn visit_u64<E>(self, u: u64) -> Result<Value, E> {
        Ok(i64::try_from(u).map_or(Value::Float(u as f64), Value::Integer))
    }
    fn visit_f64<E>(self, f: f64) -> Result<Value, E> {
        Ok(Value::Float(f))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::string(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Undef)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Undef)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut a = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(FactValue(x)) = seq.next_element()? {
            a.push(x);
        }
        Ok(Value::Array(pjit_runtime::value::PArray(Arc::new(a))))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut h = pjit_runtime::value::HashMapV::default();
        while let Some((k, FactValue(x))) = map.next_entry::<String, FactValue>()? {
            h.insert(Value::string(k), x);
        }
        Ok(Value::Hash(pjit_runtime::value::PHash(Arc::new(h))))
    }
}

/// Facts as YAML: a plain map (`facter -y`), or Puppet's
/// `--- !ruby/object:Puppet::Node::Facts` document (`name`, `values`, ...),
/// whose Ruby object tag is dropped.
fn read_yaml_facts(text: &str) -> Result<IndexMap<String, Value>, String> {
    let mut body = text.to_string();
    if let Some(start) = body.find("!ruby/object:Puppet::Node::Facts") {
        body.replace_range(start..start + "!ruby/object:Puppet::Node::Facts".len(), "");
        // The document's own `timestamp` and `expiration` are Ruby Times,
        // which a safe load refuses; only `values` matters here.
        body = body
            .lines()
            .filter(|l| !l.starts_with("timestamp:") && !l.starts_with("expiration:"))
            .collect::<Vec<_>>()
            .join("\n");
    }
    let doc = pjit_runtime::functions::stdlib::load_yaml(&body).map_err(|e| e.message().to_string())?;
    let Value::Hash(h) = &doc else { return Err("the facts must be a YAML mapping".into()) };
    let values = match (h.get(&Value::string("name")), h.get(&Value::string("values"))) {
        (Some(_), Some(Value::Hash(v))) => v.clone(),
        _ => h.clone(),
    };
    Ok(values.iter().map(|(k, v)| (pjit_runtime::display::to_interpolated_string(k), v.clone())).collect())
}

/// A JSON value as a Puppet value (null is undef).
pub fn value_from_json(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Undef,
        serde_json::Value::Bool(b) => Value::Boolean(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => Value::string(s.as_str()),
        serde_json::Value::Array(a) => {
            Value::Array(pjit_runtime::value::PArray(Arc::new(a.iter().map(value_from_json).collect())))
        }
        serde_json::Value::Object(m) => {
            let mut h = pjit_runtime::value::HashMapV::default();
            for (k, x) in m {
                h.insert(Value::string(k.as_str()), value_from_json(x));
            }
            Value::Hash(pjit_runtime::value::PHash(Arc::new(h)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The facts as read through a `serde_json::Value` tree (how they
    /// were read before [`FactValue`]).
    fn through_json_tree(text: &str) -> Result<IndexMap<String, Value>, String> {
        let json: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let obj = match &json {
            serde_json::Value::Object(m) => match (m.get("name"), m.get("values")) {
                (Some(_), Some(serde_json::Value::Object(v))) => v.clone(),
                _ => m.clone(),
            },
            _ => return Err("the facts must be a JSON object".into()),
        };
        Ok(obj.into_iter().map(|(k, v)| (k, value_from_json(&v))).collect())
    }

    #[test]
    fn facts_read_straight_into_values_as_through_json() {
        let cases = [
            r#"{"a": 1, "b": -2, "big": 18446744073709551615, "neg": -9223372036854775809, "f": 1.5, "e": 1e400,
                "s": "x\"\u00e9", "n": null, "t": true, "arr": [1, [2, {"k": null}]], "dup": 1, "h": {"z": 1, "a": 2, "z": 3}, "dup": 2}"#,
            r#"{"name": "node", "values": {"os": {"family": "Debian"}, "x": [], "y": {}}, "timestamp": "t"}"#,
            r#"{"name": "node", "values": 3}"#,
            r#"{"values": {"a": 1}}"#,
            r#"{}"#,
            r#"{"a": }"#,
            r#"{"a": 1} trailing"#,
            r#"{"a": 1"#,
        ];
        for text in cases {
            let got = facts_from_text(text).map(|m| format!("{m:?}"));
            let want = through_json_tree(text).map(|m| format!("{m:?}"));
            assert_eq!(got, want, "{text}");
        }
    }
}
