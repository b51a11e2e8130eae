//! The ERB templates of Debian's Puppet modules (`puppet-module-*`,
//! installed under `/usr/share/puppet/modules`; 383 templates): each must
//! parse, and each is rendered in the two scopes `tests/erb/modules/bless.rb`
//! compiled it in with Puppet 7.23 (no variables; variables shaped from the
//! template's use of them), and compared with Puppet's result
//! (`tests/erb/modules/expected.jsonl`: the output's SHA-256 and length,
//! or the error, and the messages logged).
//!
//! The outcome of every render is pinned in `tests/erb/modules/status.txt`
//! (which renders match Puppet, which fail the same way, which differ and
//! why), with the counts at the top; the test fails when the outcome
//! changes, so that improvements and regressions are both seen. Run it with
//! `BLESS=1` to rewrite the file.
//!
//! The modules are a test dependency: without them the test fails, saying
//! how to install them, unless `PJIT_SKIP_CORPUS=1` is set.
//! `PJIT_ERB_SHOW=<template path>` prints pjit's output of that template.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use indexmap::IndexMap;
use pjit_runtime::erb::{ErbErrorKind, Template};
use pjit_runtime::functions::{self, FnResult, Host, LogLevel};
use pjit_runtime::{Error, Type, Value};

#[path = "erb/common.rs"]
mod common;

const MODULES: &str = "/usr/share/puppet/modules";

struct Entry {
    template: String,
    variant: String,
    vars: IndexMap<String, Value>,
    classes: IndexMap<String, IndexMap<String, Value>>,
    sha256: Option<String>,
    length: Option<usize>,
    error: Option<String>,
    logs: Vec<String>,
}

fn load_entries(path: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            let obj = |k: &str| v.get(k).and_then(|x| x.as_object()).cloned().unwrap_or_default();
            Entry {
                template: v["template"].as_str().expect("template").to_string(),
                variant: v["variant"].as_str().expect("variant").to_string(),
                vars: obj("vars").iter().map(|(k, x)| (k.clone(), common::json_to_value(x))).collect(),
                classes: obj("classes")
                    .iter()
                    .map(|(c, vs)| {
                        let vs = vs.as_object().cloned().unwrap_or_default();
                        (c.clone(), vs.iter().map(|(k, x)| (k.clone(), common::json_to_value(x))).collect())
                    })
                    .collect(),
                sha256: v.get("sha256").and_then(|x| x.as_str()).map(str::to_string),
                length: v.get("length").and_then(|x| x.as_u64()).map(|n| n as usize),
                error: v.get("error").and_then(|x| x.as_str()).map(str::to_string),
                logs: v["logs"].as_array().map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect()).unwrap_or_default(),
            }
        })
        .collect()
}

/// Every `.erb` below `root`, following links as `find -L` does, relative, sorted.
fn walk(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack: Vec<(PathBuf, Vec<PathBuf>)> = vec![(root.to_path_buf(), Vec::new())];
    while let Some((dir, mut ancestors)) = stack.pop() {
        if let Ok(real) = std::fs::canonicalize(&dir) {
            if ancestors.contains(&real) {
                continue;
            }
            ancestors.push(real);
        }
        let Ok(rd) = std::fs::read_dir(&dir) else { continue };
        for entry in rd.flatten() {
            let path = entry.path();
            let Ok(meta) = std::fs::metadata(&path) else { continue };
            if meta.is_dir() {
                stack.push((path, ancestors.clone()));
            } else if path.extension().is_some_and(|e| e == "erb") {
                out.push(path.strip_prefix(root).unwrap_or(&path).display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// The scope a render was compiled in: top scope (facts and variables),
/// classes with their variables, core functions, `template()` over the
/// modules.
struct ModuleHost<'e> {
    root: &'e Path,
    entry: &'e Entry,
    top: IndexMap<String, Value>,
    logs: Vec<String>,
    puppet_logs: Vec<String>,
    warned: HashSet<String>,
}

impl ModuleHost<'_> {
    fn template(&mut self, name: &str) -> Result<String, Error> {
        let rel = match name.split_once('/') {
            Some((m, f)) if !name.starts_with('/') => format!("{m}/templates/{f}"),
            _ => name.to_string(),
        };
        let Ok(src) = std::fs::read_to_string(self.root.join(&rel)) else {
            return Err(Error::new("RUNTIME_ERROR", format!("Could not find template '{name}'")));
        };
        let t = Template::parse(&src, Some(&rel)).map_err(|e| Error::new("RUNTIME_ERROR", e.template_message(name, &rel)))?;
        t.render(self).map_err(|e| Error::new("RUNTIME_ERROR", e.template_message(name, &rel)))
    }
}

impl Host for ModuleHost<'_> {
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
            // Module functions (stdlib's and others), as the evaluator
            // calls them: when the module that ships them is on the path.
            _ => match functions::stdlib::lookup(name) {
                Some(f) if functions::stdlib::provider(name).is_some_and(|m| self.root.join(m).is_dir()) => {
                    functions::stdlib::call(f, self, args, block)
                }
                _ => Err(Error::new("UNKNOWN_FUNCTION", format!("Unknown function: '{name}'")).into()),
            },
        }
    }

    fn log(&mut self, level: LogLevel, message: &str) {
        self.logs.push(format!("{}: {message}", level.name()));
    }

    fn lookup_variable(&mut self, name: &str) -> Option<Value> {
        let name = name.strip_prefix("::").unwrap_or(name);
        match name.rsplit_once("::") {
            Some((class, var)) => self.entry.classes.get(class)?.get(var).cloned(),
            None => self.top.get(name).cloned(),
        }
    }

    fn resolve_type(&mut self, _name: &str) -> Option<Type> {
        None
    }

    fn is_defined_name(&mut self, name: &str) -> bool {
        // Every class of the modules exists; the scenario only evaluates its own.
        self.entry.classes.contains_key(name) || self.root.join(name.split("::").next().unwrap_or("")).is_dir()
    }

    fn is_defined_resource(&mut self, ty: &Type) -> bool {
        matches!(ty, Type::Class(Some(n)) if self.entry.classes.contains_key(&**n))
    }

    fn warn_once(&mut self, key: &str, message: &str, at_call_site: bool) {
        if self.warned.insert(key.to_string()) {
            let loc = if at_call_site { "" } else { "\n   (file & line not available)" };
            self.puppet_logs.push(format!("warning: {message}{loc}"));
        }
    }

    fn scope_label(&mut self) -> String {
        "Scope(Class[main])".to_string()
    }

    fn visible_variables(&mut self) -> Vec<(String, Value)> {
        self.top.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    fn set_variable(&mut self, name: &str, value: Value) -> Result<(), Error> {
        if self.top.contains_key(name) {
            return Err(Error::new("RUNTIME_ERROR", format!("Cannot reassign variable '${name}'")));
        }
        self.top.insert(name.to_string(), value);
        Ok(())
    }
}

fn sha256(host: &mut dyn Host, s: &str) -> String {
    let f = functions::lookup("sha256").expect("the sha256 function");
    match functions::call(f, host, &[Value::string(s)], None) {
        Ok(v) => v.as_str().unwrap_or_default().to_string(),
        Err(_) => String::new(),
    }
}

/// How pjit's render of an entry compares with Puppet's.
fn outcome(root: &Path, facts: &IndexMap<String, Value>, e: &Entry) -> (String, String) {
    let mut top = common::top_scope(facts);
    for (k, v) in &e.vars {
        top.insert(k.clone(), v.clone());
    }
    let mut host = ModuleHost { root, entry: e, top, logs: Vec::new(), puppet_logs: Vec::new(), warned: HashSet::new() };
    let src = std::fs::read_to_string(root.join(&e.template)).unwrap_or_default();
    let r = Template::parse(&src, Some(&e.template)).and_then(|t| t.render(&mut host));
    if std::env::var("PJIT_ERB_SHOW").is_ok_and(|s| s == e.template) {
        eprintln!("---- {} ({}):\n{r:?}", e.template, e.variant);
    }
    let got_error = match &r {
        Ok(_) => None,
        Err(err) if err.kind == ErbErrorKind::Syntax => Some(format!("syntax: {}", err.template_message(&e.template, &e.template))),
        Err(err) => Some(format!(
            "Evaluation Error: Error while evaluating a Function Call, {}",
            err.template_message(&e.template, &e.template)
        )),
    };
    let mut logs = std::mem::take(&mut host.logs);
    logs.append(&mut host.puppet_logs);
    let first_line = |s: &str| s.lines().find(|l| l.trim_start().starts_with("Detail:")).unwrap_or(s.lines().next().unwrap_or("")).trim().to_string();
    match (&r, &e.error, &e.sha256) {
        (Ok(out), None, Some(digest)) => {
            if sha256(&mut host, out) != *digest {
                ("differs".into(), format!("output differs (pjit {} chars, Puppet {})", out.chars().count(), e.length.unwrap_or(0)))
            } else if logs != e.logs {
                ("differs".into(), format!("logs differ: {logs:?}"))
            } else {
                ("renders".into(), String::new())
            }
        }
        (Ok(_), Some(pe), _) => ("differs".into(), format!("Puppet fails ({}), pjit renders", first_line(pe))),
        (Err(_), Some(pe), _) if got_error.as_deref() == Some(pe.as_str()) => ("same-error".into(), first_line(pe)),
        (Err(_), Some(pe), _) => (
            "differs".into(),
            format!("pjit: {} / Puppet: {}", first_line(got_error.as_deref().unwrap_or("")), first_line(pe)),
        ),
        (Err(_), None, _) => ("differs".into(), format!("pjit fails: {}", first_line(got_error.as_deref().unwrap_or("")))),
        (Ok(_), None, None) => ("differs".into(), "no expectation".into()),
    }
}

#[test]
fn module_templates() {
    let root = PathBuf::from(std::env::var("PJIT_CORPUS_DIR").unwrap_or_else(|_| MODULES.to_string()));
    if !root.is_dir() {
        if std::env::var("PJIT_SKIP_CORPUS").is_ok_and(|v| v == "1") {
            eprintln!("skipping: {} not found (PJIT_SKIP_CORPUS=1)", root.display());
            return;
        }
        panic!(
            "{} not found: install Debian's module packages (apt-get install $(apt-cache search '^puppet-module-' | awk '{{print $1}}')) or set PJIT_SKIP_CORPUS=1",
            root.display()
        );
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/erb/modules");
    let facts = common::load_facts(&dir.join("module_facts.json"));
    let templates = walk(&root);
    // Parsing: every template.
    let mut parse_failures = Vec::new();
    for t in &templates {
        let src = std::fs::read_to_string(root.join(t)).unwrap_or_default();
        if let Err(e) = Template::parse(&src, Some(t)) {
            parse_failures.push(format!("{t}:{}: {}", e.line, e.message));
        }
    }
    let entries = load_entries(&dir.join("expected.jsonl"));
    let mut lines = Vec::new();
    let mut counts: IndexMap<(String, String), usize> = IndexMap::new();
    let mut puppet_ok: IndexMap<String, usize> = IndexMap::new();
    let mut rendered_templates: HashSet<String> = HashSet::new();
    for e in &entries {
        let (status, reason) = outcome(&root, &facts, e);
        if e.error.is_none() {
            *puppet_ok.entry(e.variant.clone()).or_default() += 1;
        }
        if status == "renders" {
            rendered_templates.insert(e.template.clone());
        }
        *counts.entry((e.variant.clone(), status.clone())).or_default() += 1;
        let mut l = format!("{:<5} {:<10} {}", e.variant, status, e.template);
        if !reason.is_empty() {
            let _ = write!(l, "  # {}", reason.replace('\n', "\\n"));
        }
        lines.push(l);
    }
    let mut head = String::new();
    let _ = writeln!(head, "# ERB templates of Debian's Puppet modules, rendered by pjit and compared with Puppet 7.23");
    let _ = writeln!(head, "# (tests/erb_modules.rs; regenerate with BLESS=1).");
    let _ = writeln!(head, "# templates: {}; parsed by pjit: {}", templates.len(), templates.len() - parse_failures.len());
    let _ = writeln!(head, "# templates rendered identically to Puppet in at least one scope: {}", rendered_templates.len());
    for v in ["empty", "typed"] {
        let c = |s: &str| counts.get(&(v.to_string(), s.to_string())).copied().unwrap_or(0);
        let _ = writeln!(
            head,
            "# {v}: Puppet renders {}; pjit renders identically {}, fails the same way {}, differs {}",
            puppet_ok.get(v).copied().unwrap_or(0),
            c("renders"),
            c("same-error"),
            c("differs")
        );
    }
    for f in &parse_failures {
        let _ = writeln!(head, "# parse error: {f}");
    }
    let status = format!("{head}{}\n", lines.join("\n"));
    let path = dir.join("status.txt");
    if std::env::var("BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &status).expect("write status.txt");
    }
    let pinned = std::fs::read_to_string(&path).unwrap_or_default();
    eprint!("{head}");
    assert!(parse_failures.is_empty(), "templates pjit cannot parse:\n{}", parse_failures.join("\n"));
    if pinned != status {
        let old: HashSet<&str> = pinned.lines().collect();
        let changed: Vec<&str> = status.lines().filter(|l| !old.contains(l)).collect();
        panic!("the outcome of module templates changed (run with BLESS=1 to accept):\n{}", changed.join("\n"));
    }
}
