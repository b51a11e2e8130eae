//! Hiera benchmarks: 100 lookups through a three-level hierarchy whose
//! paths interpolate facts, of values that interpolate facts and another
//! key (`%{facts.os.family}-%{lookup('base')}-N`), of dotted keys into
//! nested hashes, and with a deep merge across levels; on a warm engine
//! (configuration and data files already read, Puppet's per-compile
//! caches) and on a fresh one (reads `hiera.yaml` and the data files).
//!
//! The engine runs on the runtime alone (`pjit_runtime::hiera`) with a
//! scope that holds the facts. `cargo bench --bench hiera`; figures in
//! BENCHMARKS.md.

use std::path::{Path, PathBuf};

use criterion::{Criterion, criterion_group, criterion_main};
use pjit_runtime::Value;
use pjit_runtime::hiera::{self, Hiera, Request, Settings, Strict, Variable};

const KEYS: usize = 100;

/// The scope of the lookups: top-scope facts, `$facts` and `$trusted`.
struct Facts {
    vars: Vec<(String, Value)>,
}

impl hiera::Scope for Facts {
    fn variable(&mut self, name: &str) -> Variable {
        let n = name.trim_start_matches("::");
        match self.vars.iter().find(|(k, _)| k == n) {
            Some((_, v)) => Variable::Set(v.clone()),
            None => Variable::Unknown { name: name.to_string(), reason: String::new() },
        }
    }
    fn strict(&self) -> Strict {
        Strict::Warning
    }
    fn warning(&mut self, _: &str) {}
    fn warn_once(&mut self, _: &str, _: &str) {}
    fn module_directory(&mut self, _: &str) -> Option<PathBuf> {
        None
    }
    fn call_function(&mut self, name: &str, _: &[Value]) -> Result<Value, pjit_runtime::Error> {
        Err(pjit_runtime::Error::argument(format!("no function {name} in the benchmark")))
    }
    fn calling_class(&mut self) -> Option<String> {
        None
    }
}

fn s(x: &str) -> Value {
    Value::string(x)
}

fn facts() -> Facts {
    let os = Value::hash(vec![
        (s("family"), s("Debian")),
        (s("name"), s("Debian")),
        (s("release"), Value::hash(vec![(s("major"), s("12")), (s("full"), s("12.5"))])),
    ]);
    let facts = Value::hash(vec![(s("os"), os), (s("hostname"), s("testnode"))]);
    let trusted = Value::hash(vec![(s("certname"), s("testnode.example.com"))]);
    Facts { vars: vec![("facts".into(), facts), ("trusted".into(), trusted), ("hostname".into(), s("testnode"))] }
}

/// Writes the environment: `hiera.yaml` and three levels of data.
fn environment() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pjit-hiera-bench-{}", std::process::id()));
    let data = dir.join("data");
    std::fs::create_dir_all(data.join("nodes")).unwrap();
    std::fs::create_dir_all(data.join("os")).unwrap();
    std::fs::write(
        dir.join("hiera.yaml"),
        "version: 5\ndefaults:\n  data_hash: yaml_data\nhierarchy:\n  - name: node\n    path: \"nodes/%{trusted.certname}.yaml\"\n  - name: os\n    path: \"os/%{facts.os.family}-%{facts.os.release.major}.yaml\"\n  - name: common\n    path: common.yaml\n",
    )
    .unwrap();
    let mut common = String::from("base: /srv\nnested:\n  a:\n    b:\n");
    for i in 0..KEYS {
        common.push_str(&format!("      k{i}: {{value: {i}, list: [a, b]}}\n"));
    }
    for i in 0..KEYS {
        common.push_str(&format!("k{i}: \"%{{facts.os.family}}-%{{lookup('base')}}-{i}\"\n"));
        common.push_str(&format!("h{i}: {{common: {i}, shared: {{x: 1, list: [1, 2]}}}}\n"));
    }
    let mut os = String::new();
    for i in (0..KEYS).step_by(2) {
        os.push_str(&format!("k{i}: \"os %{{::hostname}} {i}\"\n"));
        os.push_str(&format!("h{i}: {{os: {i}, shared: {{y: 2, list: [3]}}}}\n"));
    }
    std::fs::write(data.join("common.yaml"), common).unwrap();
    std::fs::write(data.join("os/Debian-12.yaml"), os).unwrap();
    std::fs::write(data.join("nodes/testnode.example.com.yaml"), "k1: node\n").unwrap();
    dir
}

fn engine(dir: &Path) -> Hiera {
    // A new file cache too: a fresh engine reads and parses every file.
    Hiera::new(Settings { global_config: None, environment_dir: Some(dir.to_path_buf()), codedir: PathBuf::new(), ..Settings::default() })
}

fn request(key: String, merge: Option<&str>) -> Request {
    Request { names: vec![key], merge: merge.map(s), ..Request::default() }
}

fn lookup_all(h: &mut Hiera, scope: &mut Facts, reqs: &[Request]) -> usize {
    let mut found = 0;
    for r in reqs {
        if h.lookup(scope, r).expect("the lookup succeeds").is_some() {
            found += 1;
        }
    }
    assert_eq!(found, reqs.len());
    found
}

fn bench(c: &mut Criterion) {
    let dir = environment();
    let mut scope = facts();
    let plain: Vec<Request> = (0..KEYS).map(|i| request(format!("k{i}"), None)).collect();
    let nested: Vec<Request> = (0..KEYS).map(|i| request(format!("nested.a.b.k{i}.list.1"), None)).collect();
    let deep: Vec<Request> = (0..KEYS).map(|i| request(format!("h{i}"), Some("deep"))).collect();
    let mut warm = engine(&dir);
    lookup_all(&mut warm, &mut scope, &plain);
    let mut g = c.benchmark_group("hiera");
    g.bench_function("lookup_100_interpolated", |b| b.iter(|| lookup_all(&mut warm, &mut scope, &plain)));
    g.bench_function("lookup_100_nested_keys", |b| b.iter(|| lookup_all(&mut warm, &mut scope, &nested)));
    g.bench_function("lookup_100_deep_merge", |b| b.iter(|| lookup_all(&mut warm, &mut scope, &deep)));
    g.bench_function("fresh_engine_100_interpolated", |b| {
        b.iter(|| {
            let mut h = engine(&dir);
            lookup_all(&mut h, &mut scope, &plain)
        })
    });
    g.finish();
    std::fs::remove_dir_all(&dir).ok();
}

criterion_group!(benches, bench);
criterion_main!(benches);
