//! Errors are data for the module functions too: every function of
//! `functions::stdlib`, called with pseudo-random argument lists (and
//! blocks) through a host that supports nothing optional, returns a value
//! or an error and never panics.

use std::sync::Arc;

use pjit_runtime::functions::{self, FnResult, Host, LogLevel};
use pjit_runtime::types::parser::parse_type;
use pjit_runtime::value::CallableValue;
use pjit_runtime::{Type, Value};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const STRINGS: &[&str] = &[
    "", "a", "true", "no", "1", "-3", "0x1F", "1.5", "012", "a..c", "1-3", "a:b", "/etc", "C:/x", "::1",
    "10.0.0.1/8", "fe80::1%eth0", "x\ny", " lead", "<SERVICE DEFAULT>", "Package[vim]", "é😀", "[", "^a$",
    "encode", "decode", "strict", "urlsafe", "os.family", "\"q\".x", "---\na: [1, {b: c}]\n", "{\"a\": [1]}",
    "a: &x 1\nb: *x", "2020-01-01", ":sym", "%{x}", "*6BB4837EB74329105EE4568DDA7DC67ED2CA2AD9",
];

fn value(r: &mut Rng, depth: u32) -> Value {
    let k = r.below(if depth > 2 { 8 } else { 11 });
    match k {
        0 => Value::Undef,
        1 => Value::Default,
        2 => Value::Boolean(r.below(2) == 0),
        3 => Value::Integer([0, 1, -1, 3, 1000, i64::MAX, i64::MIN][r.below(7)]),
        4 => Value::Float([0.0, 1.5, -2.25, 1e20, f64::NAN, f64::INFINITY][r.below(6)]),
        5..=7 => Value::string(STRINGS[r.below(STRINGS.len())]),
        8 => Value::array((0..r.below(4)).map(|_| value(r, depth + 1)).collect()),
        9 => Value::hash((0..r.below(4)).map(|_| (value(r, depth + 1), value(r, depth + 1))).collect::<Vec<_>>()),
        _ => Value::of_type(
            parse_type(["Integer", "String", "Package['vim']", "Class['x']", "Hash"][r.below(5)]).unwrap_or(Type::Any),
        ),
    }
}

struct Bare;

impl Host for Bare {
    fn call_callable(&mut self, _: &Value, args: &[Value]) -> FnResult {
        Ok(args.last().cloned().unwrap_or(Value::Undef))
    }
    fn call_function(&mut self, _: &str, _: &[Value], _: Option<&Value>) -> FnResult {
        Ok(Value::Undef)
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

fn block(n: i64) -> Value {
    let sig = parse_type(&format!("Callable[{n}, {n}]")).unwrap();
    Value::Callable(Arc::new(CallableValue { name: "lambda".into(), id: 0, signature: sig }))
}

#[test]
fn module_functions_never_panic() {
    let mut r = Rng(42);
    let names = functions::stdlib::names();
    assert!(names.len() > 60);
    for (_, name) in names {
        let f = functions::stdlib::lookup(name).unwrap();
        for _ in 0..200 {
            let args: Vec<Value> = (0..r.below(5)).map(|_| value(&mut r, 0)).collect();
            let b = match r.below(4) {
                0 => Some(block(2)),
                1 => Some(block(3)),
                _ => None,
            };
            let _ = functions::stdlib::call(f, &mut Bare, &args, b.as_ref());
        }
    }
}

/// HOCON text built from the pieces that matter to its reader (brackets,
/// separators, substitutions, quotes, escapes, comments, numbers), and the
/// shapes that could exhaust it (deep nesting, long substitution chains,
/// self-references that double at each level): `stdlib::parsehocon`
/// returns a value or an error, never panics, and finishes (the test
/// would hang otherwise).
#[test]
fn parsehocon_never_panics_or_hangs() {
    const PIECES: &[&str] = &[
        "a", "b.c", " ", "\n", "=", ":", "+=", ",", "{", "}", "[", "]", "${a}", "${?b}", "${b.c}", "${", "$", "\"",
        "\"\"\"", "\\", "\\u00", "#", "//", "1e3", "010", "-", ".", "1.5", "true", "null", "include", "\"x\"", "é😀",
        "\u{0}", "\t", "?", "@", "file(",
    ];
    let f = functions::stdlib::lookup("stdlib::parsehocon").unwrap();
    let mut r = Rng(7);
    let mut inputs: Vec<String> = (0..3000)
        .map(|_| (0..r.below(24)).map(|_| PIECES[r.below(PIECES.len())]).collect::<String>())
        .collect();
    inputs.push("[".repeat(100_000));
    inputs.push("{a=".repeat(100_000));
    inputs.push("a".repeat(100_000) + " = 1");
    inputs.push((0..5000).map(|i| format!("a{i} = ${{a{}}}\n", i + 1)).collect::<String>() + "a5000 = 1");
    inputs.push((0..5000).map(|i| format!("a{i} = ${{a{}}}\n", i + 1)).collect::<String>() + "a5000 = ${a0}");
    inputs.push("a = 1\n".to_string() + &"a = ${a}${a}\n".repeat(60));
    inputs.push("a = {}\n".to_string() + &"a = ${a} {x = ${a}}\n".repeat(40));
    inputs.push("a += 1\n".repeat(3000));
    inputs.push((0..2000).map(|i| format!("x.{i} = ${{x.{}}}\n", i + 1)).collect::<String>());
    for input in &inputs {
        for args in [vec![Value::string(input.as_str())], vec![Value::string(input.as_str()), Value::Undef]] {
            let _ = functions::stdlib::call(f, &mut Bare, &args, None);
        }
    }
}
