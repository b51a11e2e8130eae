//! External node classifiers (Puppet's `exec` node terminus:
//! `node_terminus = exec`, `external_nodes = CMD`, or `pjit compile
//! --external-nodes CMD`): the command runs with the node name as its last
//! argument and prints YAML with optional `classes` (a list of names, or a
//! map of names to parameter maps), `parameters` (top-scope variables) and
//! `environment`. pjit runs it only when configured to.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use indexmap::IndexMap;
use pjit_runtime::Value;
use pjit_runtime::display::to_interpolated_string;

/// What a classifier said about a node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Classification {
    /// Class names with their parameters (None: declared as `include`).
    pub classes: IndexMap<String, Option<IndexMap<String, Value>>>,
    pub parameters: IndexMap<String, Value>,
    pub environment: Option<String>,
}

/// Puts a classification into a compile's settings (its environment is
/// the caller's business: it decides which environment is loaded).
pub fn apply(opts: &mut pjit_ir::interp::Options, c: Classification) {
    opts.classes = c.classes;
    opts.parameters = c.parameters;
}

/// A map as a Puppet Hash value (`$trusted` from a file).
pub fn hash_value(m: IndexMap<String, Value>) -> Value {
    let mut h = pjit_runtime::value::HashMapV::default();
    for (k, v) in m {
        h.insert(Value::string(k), v);
    }
    Value::Hash(pjit_runtime::value::PHash(std::sync::Arc::new(h)))
}

/// How long a classifier may run before its node's compile fails.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Runs `command NODE` and reads its answer. `Ok(None)`: the command
/// printed nothing (Puppet then uses a node with no classification).
pub fn classify(command: &str, node: &str) -> Result<Option<Classification>, String> {
    let mut words = command.split_whitespace();
    let program = words.next().ok_or("You must set the 'external_nodes' parameter to use the external node terminus")?;
    if !program.starts_with('/') {
        return Err("You must set the exec parameter to a fully qualified command".into());
    }
    let fail = |detail: String| format!("Failed to find {node} via exec: {detail}");
    let mut child = Command::new(program)
        .args(words)
        .arg(node)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| fail(format!("Could not execute '{command} {node}': {e}")))?;
    // Read the output on a thread so a full pipe cannot block the wait.
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut out = vec![];
        stdout.read_to_end(&mut out).map(|_| out)
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if start.elapsed() > TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(fail(format!("'{command} {node}' ran longer than {} seconds", TIMEOUT.as_secs())));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(fail(e.to_string())),
        }
    };
    let out = reader.join().map_err(|_| fail("its output could not be read".into()))?.map_err(|e| fail(e.to_string()))?;
    if !status.success() {
        let code = status.code().map_or("a signal".to_string(), |c| c.to_string());
        return Err(fail(format!("Execution of '{command} {node}' returned {code}: {}", String::from_utf8_lossy(&out).trim())));
    }
    let text = String::from_utf8_lossy(&out);
    if text.trim().is_empty() {
        return Ok(None);
    }
    parse(&text).map(Some).map_err(|detail| format!("Could not load external node results for {node}: {detail}"))
}

/// The classifier's YAML.
pub fn parse(text: &str) -> Result<Classification, String> {
    let doc = pjit_runtime::functions::stdlib::load_yaml(text).map_err(|e| e.message().to_string())?;
    let Value::Hash(h) = doc else { return Err("the output is not a YAML mapping".into()) };
    let mut c = Classification::default();
    for (k, v) in h.iter() {
        let key = to_interpolated_string(k);
        match (key.trim_start_matches(':'), v) {
            ("classes", Value::Array(a)) => {
                for name in a.iter() {
                    c.classes.insert(to_interpolated_string(name), None);
                }
            }
            ("classes", Value::Hash(m)) => {
                for (name, params) in m.iter() {
                    let params = match params {
                        Value::Hash(p) => Some(p.iter().map(|(k, v)| (to_interpolated_string(k), v.clone())).collect()),
                        Value::Undef => None,
                        _ => return Err(format!("the parameters of class {} are not a map", to_interpolated_string(name))),
                    };
                    c.classes.insert(to_interpolated_string(name), params);
                }
            }
            ("classes", Value::Undef) | ("parameters", Value::Undef) => {}
            ("classes", _) => return Err("'classes' must be a list or a map".into()),
            ("parameters", Value::Hash(m)) => {
                c.parameters = m.iter().map(|(k, v)| (to_interpolated_string(k), v.clone())).collect();
            }
            ("parameters", _) => return Err("'parameters' must be a map".into()),
            ("environment", Value::String(s)) => c.environment = Some(s.to_string()),
            _ => {}
        }
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_as_list_or_map() {
        let c = parse("---\nclasses:\n  - base\n  - ntp\nparameters:\n  role: web\nenvironment: testing\n").unwrap();
        assert_eq!(c.classes.keys().collect::<Vec<_>>(), vec!["base", "ntp"]);
        assert_eq!(c.parameters["role"], Value::string("web"));
        assert_eq!(c.environment.as_deref(), Some("testing"));
        let c = parse("classes:\n  base:\n  ntp:\n    servers: [a, b]\n").unwrap();
        assert_eq!(c.classes["base"], None);
        assert!(c.classes["ntp"].as_ref().unwrap().contains_key("servers"));
        assert!(parse("classes: 3\n").is_err());
    }

    #[test]
    fn runs_the_command_with_the_node_name() {
        let c = classify("/bin/echo classes: [", "x").unwrap_err();
        assert!(c.starts_with("Could not load external node results for x"), "{c}");
        assert_eq!(classify("/bin/true", "x").unwrap(), None);
        assert!(classify("/bin/false", "x").unwrap_err().starts_with("Failed to find x via exec"));
        assert!(classify("echo", "x").unwrap_err().contains("fully qualified"));
    }
}
