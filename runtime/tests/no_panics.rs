//! Errors are data: every operation over pseudo-random values, types and
//! format strings returns a value or an `Error`, and never panics.

use pjit_runtime::convert::new_value;
use pjit_runtime::ops::{self, ArithOp, CmpOp};
use pjit_runtime::string_format::{sprintf, string_convert};
use pjit_runtime::types::calc::{common_type, infer, infer_set, instance_of, is_assignable};
use pjit_runtime::types::parser::parse_type;
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
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

const TYPES: &[&str] = &[
    "Any", "Integer", "Integer[1, 3]", "Float[0.5]", "String[1]", "Enum[a, b]", "Pattern[/a/]", "Array[Integer]",
    "Hash[String, Data]", "Tuple[Integer, String, 1, 3]", "Struct[{a => Integer, Optional[b] => String}]",
    "Variant[Integer, String]", "Optional[Array]", "NotUndef[String]", "Type[Integer]", "Callable[String]",
    "Iterable[Integer]", "Timespan", "Timestamp", "SemVer", "Sensitive[String]", "Data", "RichData", "Scalar",
    "Collection[2]", "Resource", "File", "File['x']", "Class", "Class[a]", "Undef", "Default", "Boolean[true]",
];

const FORMATS: &[&str] = &[
    "%s", "%p", "%d", "%x", "%-5.2f", "%#o", "%e", "%g", "%a", "%c", "%[a", "%#h", "%u", "%t", "%y", "%%",
    "%5", "%", "%<a>s", "%{a}", "%-+08.3d", "%99999999999d", "%.99999999999f", "x",
];

fn value(rng: &mut Rng, depth: u32) -> Value {
    match rng.next() % if depth > 2 { 12 } else { 15 } {
        0 => Value::Undef,
        1 => Value::Default,
        2 => Value::Boolean(rng.next().is_multiple_of(2)),
        3 => Value::Integer(rng.pick(&[0, 1, -1, 7, i64::MAX, i64::MIN, 255, 1 << 40])),
        4 => Value::Float(rng.pick(&[0.0, -0.0, 1.5, 1e300, -1e-300, f64::MAX, 3.0])),
        5 => Value::string(rng.pick(&["", "a", "10", "0x1f", " 3 ", "1e999", "-", "é", "a\nb", "1.2.3", "%d"])),
        6 => Value::of_type(parse_type(rng.pick(TYPES)).unwrap_or(Type::Any)),
        7 => new_value(&Type::Timespan { from: None, to: None }, &[Value::Integer(rng.next() as i64 % 100_000)])
            .unwrap_or(Value::Undef),
        8 => new_value(&Type::Timestamp { from: None, to: None }, &[Value::Integer(rng.next() as i64 % 10_000_000)])
            .unwrap_or(Value::Undef),
        9 => new_value(&Type::SemVer(vec![]), &[Value::string("1.2.3")]).unwrap_or(Value::Undef),
        10 => new_value(&Type::Binary, &[Value::string("aGk=")]).unwrap_or(Value::Undef),
        11 => Value::Regexp(pjit_runtime::regex::Regex::new(rng.pick(&["a", "(b)", "^x$", ""])).unwrap()),
        12 => Value::array((0..rng.next() % 4).map(|_| value(rng, depth + 1)).collect()),
        13 => Value::hash((0..rng.next() % 4).map(|_| (value(rng, depth + 1), value(rng, depth + 1)))),
        _ => Value::Sensitive(std::sync::Arc::new(value(rng, depth + 1))),
    }
}

#[test]
fn operations_never_panic() {
    for seed in [2024, 7, 99, 31337] {
        run(seed);
    }
}

fn run(seed: u64) {
    let mut rng = Rng(seed);
    let arith = [ArithOp::Add, ArithOp::Sub, ArithOp::Mul, ArithOp::Div, ArithOp::Mod, ArithOp::Shl, ArithOp::Shr];
    let cmps = [CmpOp::Eq, CmpOp::Ne, CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge];
    for _ in 0..4_000 {
        let (a, b) = (value(&mut rng, 0), value(&mut rng, 0));
        for op in arith {
            let _ = ops::arithmetic(op, &a, &b);
        }
        for op in cmps {
            let _ = ops::comparison(op, &a, &b);
        }
        let _ = ops::match_op(&a, &b);
        let _ = ops::in_op(&a, &b);
        let _ = ops::case_match(&a, &b);
        let _ = ops::access(&a, std::slice::from_ref(&b));
        let _ = ops::access(&a, &[b.clone(), a.clone()]);
        let _ = ops::negate(&a);
        let t = parse_type(rng.pick(TYPES)).unwrap_or(Type::Any);
        let _ = instance_of(&t, &a);
        let _ = is_assignable(&t, &infer(&a));
        let _ = common_type(&infer(&a), &infer_set(&b));
        let f = Value::string(rng.pick(FORMATS));
        let _ = string_convert(&a, Some(&f));
        let _ = string_convert(&a, None);
        let _ = sprintf(rng.pick(FORMATS), &[a.clone(), b.clone()]);
        let _ = new_value(&t, std::slice::from_ref(&a));
        let _ = pjit_runtime::display::to_interpolated_string(&a);
    }
}
