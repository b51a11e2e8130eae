//! The Ruby bridge's cost per call: stdlib 9.4.1's `stdlib::to_json`
//! (Debian 13's release, `target/trixie-modules`, unpacked by
//! `tests/tools/trixie-modules.sh`) called natively and forced through the
//! bridge (a running helper, so the start-up is not in the figure; it is
//! printed once, as `--verbose` reports it), on the same small Hash.
//! Needs Ruby with Puppet's library (Debian's `puppet`).
//!
//! `cargo bench --bench bridge`

use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use pjit_bridge::{RubyBridge, RubyCommand};
use pjit_runtime::foreign::{Foreign, ForeignContext, ForeignEnv};
use pjit_runtime::functions::{self, FnResult, Host, LogLevel};
use pjit_runtime::{Error, Type, Value};

/// A host with no variables, running core and stdlib functions natively.
struct BenchHost;

impl Host for BenchHost {
    fn call_callable(&mut self, _: &Value, _: &[Value]) -> FnResult {
        Err(Error::argument("no lambdas").into())
    }
    fn call_function(&mut self, name: &str, args: &[Value], block: Option<&Value>) -> FnResult {
        match functions::lookup(name).or_else(|| functions::stdlib::lookup_version(name, None)) {
            Some(f) => functions::call(f, self, args, block),
            None => Err(Error::new("UNKNOWN_FUNCTION", format!("Unknown function: '{name}'")).into()),
        }
    }
    fn log(&mut self, _: LogLevel, _: &str) {}
    fn lookup_variable(&mut self, _: &str) -> Option<Value> {
        None
    }
    fn resolve_type(&mut self, _: &str) -> Option<Type> {
        None
    }
    fn is_defined_name(&mut self, _: &str) -> bool {
        false
    }
    fn is_defined_resource(&mut self, _: &Type) -> bool {
        false
    }
}

fn bench(c: &mut Criterion) {
    let mods = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/trixie-modules");
    assert!(mods.join("stdlib").is_dir(), "run tests/tools/trixie-modules.sh first");
    let s = Value::string;
    let data = Value::hash([
        (s("name"), s("web01")),
        (s("ports"), Value::array(vec![Value::Integer(80), Value::Integer(443)])),
        (s("tls"), Value::Boolean(true)),
    ]);
    let args = [data];
    let native = functions::stdlib::lookup_version("stdlib::to_json", Some("9.4.1")).expect("native stdlib::to_json");
    let mut host = BenchHost;
    let want = functions::call(native, &mut host, &args, None).unwrap();

    let bridge = RubyBridge::new(RubyCommand::Auto, Duration::from_secs(60));
    let env = ForeignEnv { name: "production".into(), modulepath: vec![mods] };
    let cx = ForeignContext { env: &env, node: "bench", file: "bench.pp", line: 1, strict: "warning", strict_variables: false };
    let got = bridge.call_function(&cx, "stdlib::to_json", &args, None, &mut host).expect("the bridge runs stdlib::to_json");
    assert_eq!(got, want, "native and Ruby differ");
    eprintln!("bridge: helper start-up {} ms", bridge.startup_time().map_or(0, |d| d.as_millis()));

    let mut g = c.benchmark_group("stdlib::to_json");
    g.bench_function("native", |b| b.iter(|| functions::call(native, &mut host, &args, None).unwrap()));
    g.bench_function("bridge", |b| b.iter(|| bridge.call_function(&cx, "stdlib::to_json", &args, None, &mut host).unwrap()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
