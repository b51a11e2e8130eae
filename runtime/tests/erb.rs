//! The ERB case tables: every case of `tests/erb/cases/*.txt` (format in
//! `tests/erb/bless.py`) is rendered with `pjit_runtime::erb` and compared
//! with what Puppet 7.23 produced for it: the output, or the error message
//! exactly as Puppet words it, and the messages logged.
//!
//! The test host stands for Puppet's scope: top-scope variables (the
//! case's `vars` and the facts of `tests/erb/facts.json`, as the oracle
//! compiled them), classes with their variables (`classes`), core functions
//! from the runtime library, `template()` over the case's files, and the
//! log. Cases listed in `tests/erb/expected_failures.txt` (with the reason)
//! must fail; the test fails on any other failure and on a listed case
//! that passes.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use indexmap::IndexMap;
use pjit_runtime::erb::{ErbErrorKind, Template};
use pjit_runtime::functions::{self, FnResult, Host, LogLevel};
use pjit_runtime::{Error, Type, Value};

#[path = "erb/common.rs"]
mod common;

use common::json_to_value;

struct Case {
    name: String,
    file: PathBuf,
    inline: bool,
    vars: IndexMap<String, Value>,
    classes: IndexMap<String, IndexMap<String, Value>>,
    template: String,
    files: IndexMap<String, String>,
    output: Option<String>,
    error: Option<String>,
    logs: Vec<String>,
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push('\n'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn parse_cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = text.strip_suffix('\n').unwrap_or(&text);
    let mut cases: Vec<Case> = Vec::new();
    let mut block: Option<(String, Vec<String>)> = None;
    let flush = |cases: &mut Vec<Case>, block: Option<(String, Vec<String>)>| {
        let Some((head, lines)) = block else { return };
        let body = lines.join("\n");
        let case = cases.last_mut().expect("a case");
        if head == "### template" {
            case.template = body;
        } else if let Some(f) = head.strip_prefix("### file ") {
            case.files.insert(f.trim().to_string(), body);
        } else if head == "### output" {
            case.output = Some(body);
        }
    };
    for line in text.split('\n') {
        if let Some(rest) = line.strip_prefix("### ") {
            flush(&mut cases, block.take());
            if let Some(name) = rest.strip_prefix("case ") {
                cases.push(Case {
                    name: name.trim().to_string(),
                    file: path.to_path_buf(),
                    inline: false,
                    vars: IndexMap::new(),
                    classes: IndexMap::new(),
                    template: String::new(),
                    files: IndexMap::new(),
                    output: None,
                    error: None,
                    logs: Vec::new(),
                });
            }
            let case = cases.last_mut().unwrap_or_else(|| panic!("{}: directive before a case", path.display()));
            if rest == "inline" {
                case.inline = true;
            } else if let Some(j) = rest.strip_prefix("vars ") {
                let v: serde_json::Value = serde_json::from_str(j).expect("vars JSON");
                for (k, x) in v.as_object().expect("an object") {
                    case.vars.insert(k.clone(), json_to_value(x));
                }
            } else if let Some(j) = rest.strip_prefix("classes ") {
                let v: serde_json::Value = serde_json::from_str(j).expect("classes JSON");
                for (c, vars) in v.as_object().expect("an object") {
                    let vars = vars.as_object().expect("an object").iter().map(|(k, x)| (k.clone(), json_to_value(x))).collect();
                    case.classes.insert(c.clone(), vars);
                }
            } else if let Some(e) = rest.strip_prefix("error ") {
                case.error = Some(unescape(e));
            } else if let Some(l) = rest.strip_prefix("log ") {
                case.logs.push(unescape(l));
            }
            block = Some((line.to_string(), Vec::new()));
        } else if let Some((_, lines)) = block.as_mut() {
            lines.push(line.to_string());
        }
    }
    flush(&mut cases, block.take());
    cases
}

/// Puppet's scope as the cases set it up.
struct TestHost<'c> {
    case: &'c Case,
    top: IndexMap<String, Value>,
    logs: Vec<String>,
    puppet_logs: Vec<String>,
    warned: HashSet<String>,
}

impl<'c> TestHost<'c> {
    fn new(case: &'c Case) -> TestHost<'c> {
        let mut top = common::top_scope(&common::default_facts());
        for (k, v) in &case.vars {
            top.insert(k.clone(), v.clone());
        }
        TestHost { case, top, logs: Vec::new(), puppet_logs: Vec::new(), warned: HashSet::new() }
    }

    fn template(&mut self, name: &str) -> Result<String, Error> {
        let (module, file) = name.split_once('/').unwrap_or((name, ""));
        let source = if module == "erbtest" {
            if file == format!("{}.erb", self.case.name) {
                Some(self.case.template.clone())
            } else {
                self.case.files.get(file).cloned()
            }
        } else {
            None
        };
        let Some(source) = source else {
            return Err(Error::new("RUNTIME_ERROR", format!("Could not find template '{name}'")));
        };
        let path = format!("{module}/templates/{file}");
        let t = Template::parse(&source, Some(&path)).map_err(|e| Error::new("RUNTIME_ERROR", e.template_message(name, &path)))?;
        t.render(self).map_err(|e| Error::new("RUNTIME_ERROR", e.template_message(name, &path)))
    }
}

impl Host for TestHost<'_> {
    fn call_callable(&mut self, _callable: &Value, _args: &[Value]) -> FnResult {
        Err(Error::argument("the ERB test host has no lambdas").into())
    }

    fn call_function(&mut self, name: &str, args: &[Value], block: Option<&Value>) -> FnResult {
        if name == "template" {
            let mut out = String::new();
            for a in args {
                out.push_str(&self.template(a.as_str().unwrap_or_default())?);
            }
            return Ok(Value::string(out));
        }
        match functions::lookup(name) {
            Some(f) if !f.is_host_implemented() => functions::call(f, self, args, block),
            _ => Err(Error::new("UNKNOWN_FUNCTION", format!("Unknown function: '{name}'")).into()),
        }
    }

    fn log(&mut self, level: LogLevel, message: &str) {
        self.logs.push(format!("{}: {message}", level.name()));
    }

    fn lookup_variable(&mut self, name: &str) -> Option<Value> {
        let name = name.strip_prefix("::").unwrap_or(name);
        match name.rsplit_once("::") {
            Some((class, var)) => self.case.classes.get(class)?.get(var).cloned(),
            None => self.top.get(name).cloned(),
        }
    }

    fn resolve_type(&mut self, _name: &str) -> Option<Type> {
        None
    }

    fn is_defined_name(&mut self, name: &str) -> bool {
        self.case.classes.contains_key(name)
    }

    fn is_defined_resource(&mut self, ty: &Type) -> bool {
        matches!(ty, Type::Class(Some(n)) if self.case.classes.contains_key(&**n))
    }

    fn warn_once(&mut self, key: &str, message: &str, at_call_site: bool) {
        if self.warned.insert(key.to_string()) {
            let loc = if at_call_site { "" } else { "\n   (file & line not available)" };
            self.puppet_logs.push(format!("warning: {message}{loc}"));
        }
    }

    fn visible_variables(&mut self) -> Vec<(String, Value)> {
        self.top.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    fn scope_label(&mut self) -> String {
        "Scope(Class[main])".to_string()
    }

    fn set_variable(&mut self, name: &str, value: Value) -> Result<(), Error> {
        if self.top.contains_key(name) {
            return Err(Error::new("RUNTIME_ERROR", format!("Cannot reassign variable '${name}'")));
        }
        self.top.insert(name.to_string(), value);
        Ok(())
    }
}

/// What pjit did with a case, in the shape of the expectations.
fn run(case: &Case) -> (Option<String>, Option<String>, Vec<String>) {
    let mut host = TestHost::new(case);
    let name = format!("erbtest/{}.erb", case.name);
    let path = format!("erbtest/templates/{}.erb", case.name);
    let parsed = Template::parse(&case.template, if case.inline { None } else { Some(&path) });
    let r = parsed.as_ref().map_err(|e| e.clone()).and_then(|t| t.render(&mut host));
    if let (Ok(t), Ok(out)) = (&parsed, &r) {
        // Remembered renders (what the interpreter uses): the first records,
        // the second may give the recorded output; both must be the render's.
        for _ in 0..2 {
            let mut again = TestHost::new(case);
            let got = t.render_remembered(&mut again);
            assert_eq!(got.as_deref().ok(), Some(out), "{}: a remembered render differs", case.name);
        }
    }
    let (output, error) = match r {
        Ok(out) => (Some(out), None),
        Err(e) => {
            let msg = match (e.kind, case.inline) {
                (ErbErrorKind::Syntax, false) => e.template_message(&name, &path),
                (ErbErrorKind::Syntax, true) => e.inline_message(),
                (_, false) => format!("Evaluation Error: Error while evaluating a Function Call, {}", e.template_message(&name, &path)),
                (_, true) => format!("Evaluation Error: Error while evaluating a Function Call, {}", e.inline_message()),
            };
            (None, Some(msg))
        }
    };
    let mut logs = host.logs;
    if output.is_some() {
        // The manifest notices the result: Puppet's notice log follows the template's own.
    }
    logs.extend(host.puppet_logs);
    (output, error, logs)
}

/// Ruby's syntax error messages are not reproduced: a syntax error matches
/// when Puppet also failed with a Ruby syntax error on the same line.
fn syntax_error_matches(expected: &str, got: &str) -> bool {
    let prefix = |s: &str| s.split(": syntax error").next().map(str::to_string);
    expected.contains(": syntax error") && got.contains(": syntax error") && prefix(expected) == prefix(got)
}

#[test]
fn erb_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/erb");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("cases"))
        .expect("tests/erb/cases")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let expected_failures: HashSet<String> = std::fs::read_to_string(dir.join("expected_failures.txt"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split('#').next())
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let (mut total, mut passed) = (0, 0);
    let mut failures = Vec::new();
    let mut unexpected_passes = Vec::new();
    for f in &files {
        for case in parse_cases(f) {
            total += 1;
            assert!(case.output.is_some() || case.error.is_some(), "{}: case {} has no expectation (run bless.py)", f.display(), case.name);
            let (output, error, logs) = run(&case);
            let ok = match (&case.error, &error) {
                (Some(e), Some(g)) => e == g || syntax_error_matches(e, g),
                (None, None) => output == case.output,
                _ => false,
            } && logs == case.logs;
            let listed = expected_failures.contains(&case.name);
            if ok {
                passed += 1;
                if listed {
                    unexpected_passes.push(case.name.clone());
                }
            } else if !listed {
                failures.push(format!(
                    "{} ({}):\n  expected: {:?} {:?} {:?}\n  got:      {:?} {:?} {:?}",
                    case.name,
                    case.file.file_name().unwrap_or_default().to_string_lossy(),
                    case.output,
                    case.error,
                    case.logs,
                    output,
                    error,
                    logs
                ));
            }
        }
    }
    eprintln!("erb cases: {passed}/{total} match Puppet");
    assert!(failures.is_empty(), "{} ERB cases differ from Puppet:\n{}", failures.len(), failures.join("\n"));
    assert!(unexpected_passes.is_empty(), "listed in expected_failures.txt but passing: {unexpected_passes:?}");
}
