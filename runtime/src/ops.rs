//! Operators on values, as Puppet's evaluator and `CompareOperator` do them:
//! arithmetic (`+ - * / % << >>`, with collection concatenation/deletion,
//! Timespan/Timestamp arithmetic, checked 64-bit integers, Ruby's floor
//! division and modulo), unary minus and not, `==`, ordering, `=~` with match
//! captures, `in`, `[]` on values, and splat unfolding.

use std::cmp::Ordering;

use crate::convert::to_number;
use crate::display::{ruby_to_s, scalar_to_s};
use crate::error::{a_an, a_an_uc, Error, Result};
use crate::label::{a_an_label, a_an_uc_label, bad_key_type_name, label};
use crate::regex::Regex;
use crate::semver::cmp_versions;
use crate::time::{checked_nanos, f64_to_nanos, Timespan, Timestamp, NSECS_PER_SEC};
use crate::types::access::parameterize;
use crate::types::calc::{instance_of, try_instance_of, try_is_assignable, try_type_equals};
use crate::types::init::InitError;
use crate::types::Type;
use crate::value::{guard_stack, HashMapV, Value};

/// A binary arithmetic operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Shl,
    Shr,
}

impl ArithOp {
    pub fn symbol(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
            ArithOp::Mod => "%",
            ArithOp::Shl => "<<",
            ArithOp::Shr => ">>",
        }
    }
    fn expr_label(self) -> String {
        format!("'{}' expression", self.symbol())
    }
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

#[cold]
fn not_applicable(op: &str, left: &Value) -> Error {
    Error::new("OPERATOR_NOT_APPLICABLE", format!("Operator '{}' is not applicable to {}.", op, a_an_label(left)))
}

#[cold]
fn not_applicable_when(op: &str, left: &Value, right: &Value) -> Error {
    Error::new(
        "OPERATOR_NOT_APPLICABLE_WHEN",
        format!(
            "Operator '{}' is not applicable to {} when right side is {}.",
            op,
            a_an_label(left),
            a_an_label(right)
        ),
    )
}

#[cold]
fn div_by_zero() -> Error {
    Error::new("DIV_BY_ZERO", "Division by 0")
}

/// `%#+x` of an out-of-range result, as Ruby prints a bignum.
fn hex_signed(negative: bool, magnitude_hex: &str) -> String {
    format!("{}0x{}", if negative { '-' } else { '+' }, magnitude_hex)
}

#[cold]
fn overflow(op: ArithOp, negative: bool, magnitude_hex: &str) -> Error {
    let which = if negative { "min" } else { "max" };
    Error::new(
        "NUMERIC_OVERFLOW",
        format!(
            "{} resulted in a value outside of Puppet Integer {} range, got '{}'",
            a_an_uc(&op.expr_label()),
            which,
            hex_signed(negative, magnitude_hex)
        ),
    )
}

fn check_i128(op: ArithOp, r: i128) -> Result<Value> {
    match i64::try_from(r) {
        Ok(i) => Ok(Value::Integer(i)),
        Err(_) => Err(overflow(op, r < 0, &format!("{:x}", r.unsigned_abs()))),
    }
}

fn check_float(op: ArithOp, f: f64) -> Result<Value> {
    if f.is_infinite() {
        return Err(Error::new("RESULT_IS_INFINITY", format!("The result of the {} expression is Infinity", op.symbol())));
    }
    Ok(Value::Float(f))
}

/// Puppet's `coerce_numeric`: numbers (and Timespan/Timestamp, which are
/// Numeric in Ruby) pass, strings convert by the CONVERTABLE_STRING rules.
pub fn coerce_numeric(v: &Value) -> Result<Value> {
    match v {
        // SemanticPuppet::Version is a Ruby Numeric too; the arithmetic then
        // fails with Ruby's own errors (see `arithmetic_general`).
        Value::Integer(_) | Value::Float(_) | Value::Timespan(_) | Value::Timestamp(_) | Value::SemVer(_) => {
            Ok(v.clone())
        }
        Value::String(s) => to_number(s).ok_or_else(|| not_numeric(v)),
        _ => Err(not_numeric(v)),
    }
}

/// The `NUMERIC_COERCION` issue for a string operand that arithmetic (or an
/// array index) converts to a number: a warning with Puppet's default
/// `strict = warning`, an error with `strict = error`, nothing with `off`.
/// `None` when `v` is not a string that converts.
pub fn numeric_coercion(v: &Value) -> Option<Error> {
    let Value::String(s) = v else { return None };
    let n = to_number(s)?;
    Some(Error::new(
        "NUMERIC_COERCION",
        format!(
            "The string '{}' was automatically coerced to the numerical value {}",
            s,
            crate::display::scalar_to_s(&n)
        ),
    ))
}

#[cold]
fn not_numeric(v: &Value) -> Error {
    Error::new("NOT_NUMERIC", format!("The value '{}' cannot be converted to Numeric.", ruby_to_s(v)))
}

/// `left op right` for the arithmetic operators.
#[inline]
pub fn arithmetic(op: ArithOp, left: &Value, right: &Value) -> Result<Value> {
    // Fast path (the JIT inlines the same): Integer op Integer without
    // overflow. Everything else goes through the general, larger function,
    // kept out of line so this one stays small.
    if let (Value::Integer(a), Value::Integer(b)) = (left, right) {
        let fast = match op {
            ArithOp::Add => a.checked_add(*b),
            ArithOp::Sub => a.checked_sub(*b),
            ArithOp::Mul => a.checked_mul(*b),
            _ => None,
        };
        if let Some(r) = fast {
            return Ok(Value::Integer(r));
        }
    }
    arithmetic_general(op, left, right)
}

#[inline(never)]
fn arithmetic_general(op: ArithOp, left: &Value, right: &Value) -> Result<Value> {
    if let (Value::Integer(a), Value::Integer(b)) = (left, right) {
        return int_op(op, *a, *b);
    }
    match left {
        Value::Binary(a) if op == ArithOp::Add => {
            return match right {
                Value::Binary(b) => {
                    let mut v = (**a).clone();
                    v.extend_from_slice(b);
                    Ok(Value::Binary(std::sync::Arc::new(v)))
                }
                _ => Err(Error::runtime(&op.expr_label(), "Can only append Binary to a Binary")),
            };
        }
        Value::Uri(u) if op == ArithOp::Add => {
            let rel = match right {
                Value::Uri(r) => (**r).clone(),
                Value::String(s) => crate::uri::Uri::parse(s).map_err(|e| Error::runtime(&op.expr_label(), e.message()))?,
                _ => return Err(Error::runtime(&op.expr_label(), "An URI can only be merged with an URI or String")),
            };
            return u.merge(&rel).map(crate::uri::value).map_err(|e| Error::runtime(&op.expr_label(), e.message()));
        }
        Value::Array(_) | Value::Hash(_) if matches!(op, ArithOp::Add | ArithOp::Sub | ArithOp::Shl) => {
            return match op {
                ArithOp::Add => concatenate(left, right),
                ArithOp::Sub => Ok(delete(left, right)),
                _ => match left {
                    Value::Array(a) => {
                        let mut v = a.to_vec();
                        v.push(right.clone());
                        Ok(Value::array(v))
                    }
                    _ => Err(not_applicable(op.symbol(), left)),
                },
            };
        }
        _ => {}
    }
    let mut l = coerce_numeric(left)?;
    let mut r = coerce_numeric(right)?;
    if op == ArithOp::Mod && (matches!(l, Value::Float(_)) || matches!(r, Value::Float(_))) {
        if matches!(l, Value::Float(_)) {
            return Err(not_applicable("%", &l));
        }
        return Err(not_applicable_when("%", &l, &r));
    }
    let r_time = matches!(r, Value::Timespan(_) | Value::Timestamp(_));
    let l_time = matches!(l, Value::Timespan(_) | Value::Timestamp(_));
    if r_time && !l_time {
        if op == ArithOp::Add || (op == ArithOp::Mul && matches!(r, Value::Timespan(_))) {
            std::mem::swap(&mut l, &mut r);
        } else if op == ArithOp::Sub && matches!(r, Value::Timespan(_)) {
            if matches!(l, Value::SemVer(_)) {
                return Err(not_applicable(op.symbol(), &l));
            }
            l = Value::timespan(Timespan(number_to_nanos(&l)?));
        } else {
            return Err(not_applicable_when(op.symbol(), &l, &r));
        }
    }
    match (&l, &r) {
        (Value::Integer(a), Value::Integer(b)) => int_op(op, *a, *b),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            let a = as_f64(&l);
            let b = as_f64(&r);
            match op {
                ArithOp::Add => check_float(op, a + b),
                ArithOp::Sub => check_float(op, a - b),
                ArithOp::Mul => check_float(op, a * b),
                ArithOp::Div => check_float(op, a / b),
                // Ruby: Integer#<< with a Float count truncates it; Float has no shift.
                ArithOp::Shl | ArithOp::Shr => match (&l, &r) {
                    (Value::Integer(a), Value::Float(b)) => int_op(op, *a, *b as i64),
                    _ => Err(not_applicable(op.symbol(), &l)),
                },
                ArithOp::Mod => Err(not_applicable_when("%", &l, &r)),
            }
        }
        (Value::Integer(_) | Value::Float(_), Value::SemVer(_)) => match op {
            ArithOp::Shl | ArithOp::Shr => Err(not_applicable(op.symbol(), &l)),
            _ => Err(cant_convert_version(op.symbol())),
        },
        (Value::Timespan(a), _) => timespan_op(op, **a, &r),
        (Value::Timestamp(a), _) => timestamp_op(op, **a, &r),
        _ => Err(not_applicable(op.symbol(), &l)),
    }
}

/// Ruby's TypeError when a number meets a SemanticPuppet::Version.
#[cold]
fn cant_convert_version(op: &str) -> Error {
    Error::runtime(&format!("'{op}' expression"), "can't convert SemanticPuppet::Version into Float")
}

fn as_f64(v: &Value) -> f64 {
    match v {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        Value::Timespan(t) => t.to_f(),
        Value::Timestamp(t) => t.to_f(),
        _ => 0.0,
    }
}

/// `(o * NSECS_PER_SEC).to_i` for an Integer or Float number of seconds.
fn number_to_nanos(v: &Value) -> Result<i128> {
    match v {
        Value::Integer(i) => Ok(i128::from(*i) * NSECS_PER_SEC),
        Value::Float(f) => f64_to_nanos(*f),
        _ => Err(Error::argument("not a number")),
    }
}

fn time_label(v: &Value) -> String {
    match v {
        Value::SemVer(_) => "Version".into(),
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::Timespan(_) => "Timespan".into(),
        Value::Timestamp(_) => "Timestamp".into(),
        other => label(other),
    }
}

fn ns_add(op: ArithOp, a: i128, b: i128) -> Result<i128> {
    checked_nanos(a.checked_add(b), "Timespan").map_err(|e| Error::runtime(&op.expr_label(), e.message()))
}

fn ns_sub(op: ArithOp, a: i128, b: i128) -> Result<i128> {
    checked_nanos(a.checked_sub(b), "Timespan").map_err(|e| Error::runtime(&op.expr_label(), e.message()))
}

fn timespan_op(op: ArithOp, a: Timespan, r: &Value) -> Result<Value> {
    let lbl = op.expr_label();
    match op {
        ArithOp::Add => match r {
            Value::Timestamp(t) => Ok(Value::timestamp(Timestamp(ns_add(op, a.0, t.0)?))),
            Value::Timespan(t) => Ok(Value::timespan(Timespan(ns_add(op, a.0, t.0)?))),
            Value::Integer(_) | Value::Float(_) => Ok(Value::timespan(Timespan(ns_add(op, a.0, number_to_nanos(r)?)?))),
            _ => Err(Error::runtime(&lbl, &format!("{} cannot be added to a Timespan", a_an_uc(&time_label(r))))),
        },
        ArithOp::Sub => match r {
            Value::Timespan(t) => Ok(Value::timespan(Timespan(ns_sub(op, a.0, t.0)?))),
            Value::Integer(_) | Value::Float(_) => Ok(Value::timespan(Timespan(ns_sub(op, a.0, number_to_nanos(r)?)?))),
            _ => Err(Error::runtime(
                &lbl,
                &format!("{} cannot be subtracted from a Timespan", a_an_uc(&time_label(r))),
            )),
        },
        ArithOp::Mul => match r {
            Value::Integer(i) => checked_nanos(a.0.checked_mul(i128::from(*i)), "Timespan")
                .map(|n| Value::timespan(Timespan(n)))
                .map_err(|e| Error::runtime(&lbl, e.message())),
            Value::Float(f) => Ok(Value::timespan(Timespan(f64_to_nanos(a.0 as f64 * f / NSECS_PER_SEC as f64)?))),
            _ => Err(Error::runtime(&lbl, &format!("A Timestamp cannot be multiplied by {}", a_an(&time_label(r))))),
        },
        ArithOp::Div => match r {
            Value::Timespan(t) => {
                if t.0 == 0 {
                    return check_float(op, a.0 as f64 / 0.0);
                }
                check_float(op, a.0 as f64 / t.0 as f64)
            }
            Value::Integer(0) => Err(div_by_zero()),
            Value::Integer(i) => {
                let i = i128::from(*i);
                Ok(Value::timespan(Timespan(a.0.div_euclid(i) - if (a.0.rem_euclid(i) != 0) && i < 0 { 1 } else { 0 })))
            }
            Value::Float(f) => {
                if *f == 0.0 {
                    return Err(div_by_zero());
                }
                Ok(Value::timespan(Timespan::new(Some((a.0 as f64 / f).floor() as i128))?))
            }
            _ => Err(Error::runtime(&lbl, &format!("A Timespan cannot be divided by {}", a_an(&time_label(r))))),
        },
        ArithOp::Mod => match r {
            Value::Integer(0) => Err(div_by_zero()),
            Value::Integer(i) => Ok(Value::Integer(ruby_mod(a.to_i(), *i))),
            _ => Err(Error::runtime(
                &lbl,
                // Puppet writes the article twice: "using a a Timespan".
                &format!("Can not do modulus on a Timespan using a {}", a_an(&time_label(r))),
            )),
        },
        ArithOp::Shl | ArithOp::Shr => Err(not_applicable(op.symbol(), &Value::timespan(a))),
    }
}

fn timestamp_op(op: ArithOp, a: Timestamp, r: &Value) -> Result<Value> {
    let lbl = op.expr_label();
    match op {
        ArithOp::Add => match r {
            Value::Timespan(t) => Ok(Value::timestamp(Timestamp(ns_add(op, a.0, t.0)?))),
            Value::Integer(_) | Value::Float(_) => Ok(Value::timestamp(Timestamp(ns_add(op, a.0, number_to_nanos(r)?)?))),
            _ => Err(Error::runtime(&lbl, &format!("{} cannot be added to a Timestamp", a_an_uc(&time_label(r))))),
        },
        ArithOp::Sub => match r {
            Value::Timestamp(t) => Ok(Value::timespan(Timespan(ns_sub(op, a.0, t.0)?))),
            Value::Timespan(t) => Ok(Value::timestamp(Timestamp(ns_sub(op, a.0, t.0)?))),
            Value::Integer(_) | Value::Float(_) => Ok(Value::timestamp(Timestamp(ns_sub(op, a.0, number_to_nanos(r)?)?))),
            _ => Err(Error::runtime(
                &lbl,
                &format!("{} cannot be subtracted from a Timestamp", a_an_uc(&time_label(r))),
            )),
        },
        _ => Err(not_applicable(op.symbol(), &Value::timestamp(a))),
    }
}

/// Ruby's Integer#% (the result has the sign of the divisor).
fn ruby_mod(a: i64, b: i64) -> i64 {
    let r = a.wrapping_rem(b);
    if r != 0 && ((r < 0) != (b < 0)) { r + b } else { r }
}

fn int_op(op: ArithOp, a: i64, b: i64) -> Result<Value> {
    match op {
        ArithOp::Add => match a.checked_add(b) {
            Some(r) => Ok(Value::Integer(r)),
            None => check_i128(op, a as i128 + b as i128),
        },
        ArithOp::Sub => match a.checked_sub(b) {
            Some(r) => Ok(Value::Integer(r)),
            None => check_i128(op, a as i128 - b as i128),
        },
        ArithOp::Mul => match a.checked_mul(b) {
            Some(r) => Ok(Value::Integer(r)),
            None => check_i128(op, a as i128 * b as i128),
        },
        ArithOp::Div => {
            if b == 0 {
                return Err(div_by_zero());
            }
            let (a, b) = (a as i128, b as i128);
            let q = a / b;
            let q = if (a % b != 0) && ((a < 0) != (b < 0)) { q - 1 } else { q };
            check_i128(op, q)
        }
        ArithOp::Mod => {
            if b == 0 {
                return Err(div_by_zero());
            }
            Ok(Value::Integer(ruby_mod(a, b)))
        }
        ArithOp::Shl => shift_left(op, a, b),
        ArithOp::Shr => {
            if b == i64::MIN {
                return shift_left(op, a, i64::MAX);
            }
            shift_left(op, a, -b)
        }
    }
}

/// `a << n` with Ruby semantics (a negative count shifts right,
/// arithmetically); out-of-range results are errors showing the exact value.
fn shift_left(op: ArithOp, a: i64, n: i64) -> Result<Value> {
    if n <= 0 {
        let n = n.unsigned_abs();
        return Ok(Value::Integer(if n >= 64 { if a < 0 { -1 } else { 0 } } else { a >> n }));
    }
    if a == 0 {
        return Ok(Value::Integer(0));
    }
    if n < 64 {
        let r = (a as i128) << n;
        if let Ok(i) = i64::try_from(r) {
            return Ok(Value::Integer(i));
        }
    }
    // The exact magnitude in hex: |a| shifted by n % 4 bits, then n / 4 zero digits.
    let n = n as u64;
    let head = (a.unsigned_abs() as u128) << (n % 4);
    let zeros = (n / 4) as usize;
    let mut hex = format!("{head:x}");
    if zeros > 1_000_000 {
        hex.push_str("...");
    } else {
        hex.push_str(&"0".repeat(zeros));
    }
    Err(overflow(op, a < 0, &hex))
}

fn concatenate(x: &Value, y: &Value) -> Result<Value> {
    match x {
        Value::Array(a) => {
            let mut v = a.to_vec();
            match y {
                Value::Array(b) => v.extend(b.iter().cloned()),
                Value::Hash(h) => v.extend(h.iter().map(|(k, e)| Value::array(vec![k.clone(), e.clone()]))),
                other => v.push(other.clone()),
            }
            Ok(Value::array(v))
        }
        Value::Hash(h) => {
            let mut m: HashMapV = (**h).clone();
            match y {
                Value::Hash(b) => {
                    for (k, e) in b.iter() {
                        m.insert(k.clone(), e.clone());
                    }
                }
                Value::Array(b) => {
                    // Puppet infers the array's type: an array of arrays is a
                    // list of pairs, anything else is [k, v, k, v ...].
                    let pairs = !b.is_empty() && b.iter().all(|e| matches!(e, Value::Array(_)));
                    if pairs {
                        // Ruby's `Hash[[[k, v], [k]]]`: a one-element pair has
                        // the value nil.
                        for e in b.iter() {
                            let pair = e.as_array().unwrap_or(&[]);
                            match pair.len() {
                                1 => m.insert(pair[0].clone(), Value::Undef),
                                2 => m.insert(pair[0].clone(), pair[1].clone()),
                                n => {
                                    return Err(Error::runtime(
                                        "'+' expression",
                                        &format!("invalid number of elements ({n} for 1..2)"),
                                    ));
                                }
                            };
                        }
                    } else {
                        if b.len() % 2 != 0 {
                            return Err(Error::runtime("'+' expression", "odd number of arguments for Hash"));
                        }
                        for kv in b.chunks(2) {
                            m.insert(kv[0].clone(), kv[1].clone());
                        }
                    }
                }
                _ => return Err(Error::runtime("'+' expression", "Can only append Array or Hash to a Hash")),
            }
            Ok(Value::hash_from(m))
        }
        other => concatenate(&Value::array(vec![other.clone()]), y),
    }
}

fn delete(x: &Value, y: &Value) -> Value {
    let rhs: Vec<Value> = match (x, y) {
        (_, Value::Array(b)) => b.to_vec(),
        (Value::Array(_), Value::Hash(h)) => h.iter().map(|(k, e)| Value::array(vec![k.clone(), e.clone()])).collect(),
        (Value::Hash(_), Value::Hash(h)) => h.keys().cloned().collect(),
        (_, other) => vec![other.clone()],
    };
    match x {
        // Array#delete compares with Ruby's `==` (1 == 1.0, strings exactly).
        Value::Array(a) => Value::array(a.iter().filter(|e| !rhs.iter().any(|r| ruby_eq(r, e))).cloned().collect()),
        Value::Hash(h) => {
            let mut m: HashMapV = (**h).clone();
            for k in &rhs {
                m.shift_remove(k);
            }
            Value::hash_from(m)
        }
        other => other.clone(),
    }
}

/// Ruby's `==` on plain data: numbers across Integer/Float, strings
/// case-sensitively, containers element-wise.
pub fn ruby_eq(a: &Value, b: &Value) -> bool {
    guard_stack(|| match (a, b) {
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            if let (Value::Integer(x), Value::Integer(y)) = (a, b) {
                x == y
            } else {
                as_f64(a) == as_f64(b)
            }
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| ruby_eq(p, q)),
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| ruby_eq(v, w)))
        }
        _ => a.eql(b),
    })
}

/// Unary minus.
pub fn negate(v: &Value) -> Result<Value> {
    match coerce_numeric(v)? {
        Value::Integer(i) => i.checked_neg().map(Value::Integer).ok_or_else(|| {
            Error::new(
                "NUMERIC_OVERFLOW",
                "A Unary Minus resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'",
            )
        }),
        Value::Float(f) => Ok(Value::Float(-f)),
        Value::Timespan(t) => Ok(Value::timespan(Timespan(-t.0))),
        other => Err(Error::runtime("Unary Minus", &format!("undefined method `-@' for {}", scalar_to_s(&other)))),
    }
}

/// `!v`.
pub fn not(v: &Value) -> Value {
    Value::Boolean(!v.is_truthy())
}

/// Ruby's `casecmp`: ASCII-only case-insensitive byte comparison.
pub fn casecmp(a: &str, b: &str) -> Ordering {
    let (ab, bb) = (a.as_bytes(), b.as_bytes());
    for (&x, &y) in ab.iter().zip(bb.iter()) {
        if x != y {
            let (x, y) = (x.to_ascii_lowercase(), y.to_ascii_lowercase());
            if x != y {
                return x.cmp(&y);
            }
        }
    }
    ab.len().cmp(&bb.len())
}

/// Puppet's `==` (`CompareOperator#equals`): strings case-insensitively in
/// the ASCII range, numbers across Integer/Float, arrays and hashes deeply
/// (hash keys case-sensitively), everything else by identity of value.
pub fn equals(a: &Value, b: &Value) -> bool {
    guard_stack(|| equals_inner(a, b))
}

fn equals_inner(a: &Value, b: &Value) -> bool {
    use Value as V;
    match (a, b) {
        (V::String(x), V::String(y)) => x.len() == y.len() && x.eq_ignore_ascii_case(y),
        (V::String(_), _) => false,
        (V::Integer(x), V::Integer(y)) => x == y,
        (V::Integer(_) | V::Float(_), V::Integer(_) | V::Float(_)) => as_f64(a) == as_f64(b),
        (V::Integer(_) | V::Float(_) | V::Timespan(_) | V::Timestamp(_), V::Timespan(_) | V::Timestamp(_))
        | (V::Timespan(_) | V::Timestamp(_), V::Integer(_) | V::Float(_)) => {
            numeric_cmp(a, b).is_some_and(|o| o == Ordering::Equal)
        }
        (V::Array(x), V::Array(y)) => x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| equals(p, q)),
        (V::Hash(x), V::Hash(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| equals(w, v)))
        }
        (V::Undef, V::Undef) => true,
        (V::Type(x), V::Type(y)) => x == y,
        (V::SemVer(x), V::SemVer(y)) => cmp_versions(x, y) == Ordering::Equal && x.build == y.build,
        _ => a.eql(b),
    }
}

fn numeric_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    use Value as V;
    match (a, b) {
        (V::Integer(x), V::Integer(y)) => Some(x.cmp(y)),
        (V::Timespan(x), V::Timespan(y)) => Some(x.cmp(y)),
        (V::Timestamp(x), V::Timestamp(y)) => Some(x.cmp(y)),
        (V::Timespan(x), V::Integer(y)) => Some(x.to_i().cmp(y)),
        (V::Timestamp(x), V::Integer(y)) => Some(x.to_i().cmp(y)),
        (V::Integer(x), V::Timespan(y)) => Some(x.cmp(&y.to_i())),
        (V::Integer(x), V::Timestamp(y)) => Some(x.cmp(&y.to_i())),
        _ => as_f64(a).partial_cmp(&as_f64(b)),
    }
}

#[cold]
fn not_comparable(op: CmpOp, a: &Value, b: &Value, detail: &str) -> Error {
    Error::new(
        "COMPARISON_NOT_POSSIBLE",
        format!(
            "Comparison of: {} {} {}, is not possible. Caused by '{}'.",
            label(a),
            op.symbol(),
            label(b),
            detail
        ),
    )
}

/// Orders two non-type values (`CompareOperator#compare`).
pub fn compare(op: CmpOp, a: &Value, b: &Value) -> Result<Ordering> {
    use Value as V;
    let err = |d: &str| not_comparable(op, a, b, d);
    match a {
        V::String(x) => match b {
            V::String(y) => Ok(casecmp(x, y)),
            _ => Err(err("A String is not comparable to a non String")),
        },
        V::Integer(_) | V::Float(_) => match b {
            V::Integer(_) | V::Float(_) | V::Timespan(_) | V::Timestamp(_) => {
                numeric_cmp(a, b).ok_or_else(|| err("comparison failed"))
            }
            V::SemVer(_) => Err(cant_convert_version(op.symbol())),
            _ => Err(err("A Numeric is not comparable to non Numeric")),
        },
        V::Timespan(_) => match b {
            V::Timespan(_) | V::Integer(_) | V::Float(_) => numeric_cmp(a, b).ok_or_else(|| err("comparison failed")),
            _ => Err(err("Timespans are only comparable to Timespans, Integers, and Floats")),
        },
        V::Timestamp(_) => match b {
            V::Timestamp(_) | V::Integer(_) | V::Float(_) => numeric_cmp(a, b).ok_or_else(|| err("comparison failed")),
            _ => Err(err("Timestamps are only comparable to Timestamps, Integers, and Floats")),
        },
        V::SemVer(x) => match b {
            V::SemVer(y) => Ok(cmp_versions(x, y)),
            _ => Err(err("Versions not comparable to non Versions")),
        },
        V::Default => match b {
            V::Default => Ok(Ordering::Equal),
            _ => Err(err("Symbol not comparable to non Symbol")),
        },
        _ => Err(err("Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable")),
    }
}

/// `a op b` for `== != < <= > >=`, including types (where `<` means "is a
/// narrower type": `Integer[2,3] < Integer[1,10]`).
#[inline]
pub fn comparison(op: CmpOp, a: &Value, b: &Value) -> Result<bool> {
    if let Value::Type(ta) = a {
        let tb = match b {
            Value::Type(tb) => Some(tb.as_ref()),
            _ => None,
        };
        // Puppet's order (`eval_ComparisonExpression`): an `Init` that
        // cannot be initialized fails the comparison where it is reached.
        let Some(tb) = tb else { return Ok(matches!(op, CmpOp::Ne)) };
        let answer = (|| {
            let eq = || try_type_equals(ta, tb);
            Ok(match op {
                CmpOp::Eq => eq()?,
                CmpOp::Ne => !eq()?,
                CmpOp::Lt => try_is_assignable(tb, ta)? && !eq()?,
                CmpOp::Le => try_is_assignable(tb, ta)?,
                CmpOp::Gt => try_is_assignable(ta, tb)? && !eq()?,
                CmpOp::Ge => try_is_assignable(ta, tb)?,
            })
        })();
        return answer.map_err(|e: InitError| not_comparable(op, a, b, Error::from(e).message()));
    }
    Ok(match op {
        CmpOp::Eq => equals(a, b),
        CmpOp::Ne => !equals(a, b),
        CmpOp::Lt => compare(op, a, b)? == Ordering::Less,
        CmpOp::Le => compare(op, a, b)? != Ordering::Greater,
        CmpOp::Gt => compare(op, a, b)? == Ordering::Greater,
        CmpOp::Ge => compare(op, a, b)? != Ordering::Less,
    })
}

/// The outcome of `=~`: whether it matched and, when a regexp matched, the
/// captures that become `$0..$n` (a non-participating group is `None`).
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    pub matched: bool,
    pub captures: Option<Vec<Option<String>>>,
}

impl MatchResult {
    fn plain(matched: bool) -> MatchResult {
        MatchResult { matched, captures: None }
    }
}

/// Ruby's message for `Regexp.new(x)` with a non-String `x`.
fn no_implicit_conversion(v: &Value) -> String {
    let what = match v {
        Value::Undef => "nil".to_string(),
        Value::Boolean(b) => b.to_string(),
        other => crate::label::ruby_class(other),
    };
    format!("no implicit conversion of {what} into String")
}

/// `left =~ right` (`!~` is its negation; the captures are set either way).
pub fn match_op(left: &Value, right: &Value) -> Result<MatchResult> {
    match_with(left, right, false)
}

/// `left =~ right`, or `left !~ right` when `negate` (which only names the
/// operator in errors: the result is `=~`'s).
pub fn match_with(left: &Value, right: &Value, negate: bool) -> Result<MatchResult> {
    let re = match right {
        Value::Type(t) => {
            // An `Init` that cannot be initialized fails when the check
            // reaches it (Puppet's `assert_initialized`).
            return match try_instance_of(t, left) {
                Ok(b) => Ok(MatchResult::plain(b)),
                Err(e) => {
                    let op = if negate { "'!~' expression" } else { "'=~' expression" };
                    Err(Error::runtime(op, Error::from(e).message()))
                }
            };
        }
        Value::SemVerRange(r) => return Ok(MatchResult::plain(semver_range_includes(r, left))),
        Value::Regexp(r) => r.clone(),
        Value::String(s) => Regex::new(s).map_err(|e| {
            Error::new(
                "MATCH_NOT_REGEXP",
                format!("Can not convert right match operand to a regular expression. Caused by '{}'.", e.message()),
            )
        })?,
        other => {
            return Err(Error::new(
                "MATCH_NOT_REGEXP",
                format!(
                    "Can not convert right match operand to a regular expression. Caused by '{}'.",
                    no_implicit_conversion(other)
                ),
            ));
        }
    };
    let Value::String(s) = left else {
        return Err(Error::new(
            "MATCH_NOT_STRING",
            format!("Left match operand must result in a String value. Got {}.", a_an_label(left)),
        ));
    };
    let caps = re.captures(s);
    Ok(MatchResult { matched: caps.is_some(), captures: caps })
}

fn semver_range_includes(r: &crate::semver::VersionRange, v: &Value) -> bool {
    match v {
        Value::SemVer(s) => r.includes(s),
        Value::String(s) => semver::Version::parse(s).is_ok_and(|s| r.includes(&s)),
        _ => false,
    }
}

/// `needle in haystack` (`CompareOperator#include?`); a regexp needle that
/// matches yields captures.
pub fn in_op(needle: &Value, haystack: &Value) -> Result<MatchResult> {
    guard_stack(|| include_values(haystack, needle))
        .map_err(|e| Error::runtime("'in' expression", Error::from(e).message()))
}

fn include_values(a: &Value, b: &Value) -> std::result::Result<MatchResult, InitError> {
    // A type needle checks each element in order (the first `Init` that
    // cannot be initialized fails, as Puppet's `instance?` raises).
    if let (Value::Array(arr), Value::Type(t)) = (a, b) {
        for e in arr.iter() {
            if try_instance_of(t, e)? {
                return Ok(MatchResult::plain(true));
            }
        }
        return Ok(MatchResult::plain(false));
    }
    if let Value::Hash(h) = a {
        let keys = Value::array(h.keys().cloned().collect());
        return include_values(&keys, b);
    }
    Ok(include_plain(a, b))
}

fn include_plain(a: &Value, b: &Value) -> MatchResult {
    match a {
        Value::String(s) => match b {
            Value::String(n) => MatchResult::plain(s.to_lowercase().contains(&n.to_lowercase())),
            Value::Regexp(r) => {
                let caps = r.captures(s);
                MatchResult { matched: caps.is_some(), captures: caps }
            }
            _ => MatchResult::plain(false),
        },
        Value::Binary(bin) => MatchResult::plain(match b {
            Value::Binary(n) => n.is_empty() || bin.windows(n.len()).any(|w| w == n.as_slice()),
            Value::String(n) => n.is_empty() || bin.windows(n.len()).any(|w| w == n.as_bytes()),
            Value::Integer(i) => bin.iter().any(|x| *x as i64 == *i),
            _ => false,
        }),
        Value::Array(arr) => match b {
            Value::Regexp(r) => {
                for e in arr.iter() {
                    if let Value::String(s) = e
                        && let Some(c) = r.captures(s) {
                            return MatchResult { matched: true, captures: Some(c) };
                        }
                }
                MatchResult::plain(false)
            }
            Value::String(_) | Value::SemVer(_) => {
                for e in arr.iter() {
                    let m = case_match(b, e);
                    if m.matched {
                        return m;
                    }
                }
                MatchResult::plain(false)
            }
            _ => MatchResult::plain(arr.iter().any(|e| equals(e, b))),
        },
        Value::SemVerRange(r) => MatchResult::plain(semver_range_includes(r, b)),
        _ => MatchResult::plain(false),
    }
}

/// The matching a `case` option or selector does (`CompareOperator#match`):
/// a regexp option matches strings, a type option tests instance-of, a
/// SemVer/SemVerRange option tests versions, arrays and hashes match
/// element-wise, `default` matches anything, everything else is `==`.
pub fn case_match(value: &Value, option: &Value) -> MatchResult {
    case_match_by(value, option, &|t, v| Ok(instance_of(t, v))).unwrap_or(MatchResult::plain(false))
}

/// [`case_match`] as a `case` or selector makes it: a type option that
/// reaches an `Init` that cannot be initialized fails (Puppet's `instance?`
/// raises), in the order Puppet matches.
pub fn try_case_match(value: &Value, option: &Value) -> std::result::Result<MatchResult, InitError> {
    case_match_by(value, option, &try_instance_of)
}

type InstanceCheck<'a> = &'a dyn Fn(&Type, &Value) -> std::result::Result<bool, InitError>;

fn case_match_by(value: &Value, option: &Value, check: InstanceCheck) -> std::result::Result<MatchResult, InitError> {
    guard_stack(|| Ok(match option {
        Value::Regexp(r) => match value {
            Value::String(s) => {
                let caps = r.captures(s);
                MatchResult { matched: caps.is_some(), captures: caps }
            }
            _ => MatchResult::plain(false),
        },
        Value::SemVer(v) => MatchResult::plain(match value {
            Value::SemVer(x) => cmp_versions(v, x) == Ordering::Equal,
            Value::String(s) => semver::Version::parse(s).is_ok_and(|x| cmp_versions(v, &x) == Ordering::Equal),
            _ => false,
        }),
        Value::SemVerRange(r) => MatchResult::plain(semver_range_includes(r, value)),
        Value::Type(t) => MatchResult::plain(check(t, value)?),
        Value::Array(opts) => MatchResult::plain(match value {
            Value::Array(vs) if vs.len() == opts.len() => {
                for (v, o) in vs.iter().zip(opts.iter()) {
                    if !case_match_by(v, o, check)?.matched {
                        return Ok(MatchResult::plain(false));
                    }
                }
                true
            }
            _ => false,
        }),
        Value::Hash(opts) => MatchResult::plain(match value {
            Value::Hash(vs) => {
                for (k, o) in opts.iter() {
                    if !case_match_by(vs.get(k).unwrap_or(&Value::Undef), o, check)?.matched {
                        return Ok(MatchResult::plain(false));
                    }
                }
                true
            }
            _ => false,
        }),
        Value::Default => MatchResult::plain(true),
        other => MatchResult::plain(equals(value, other)),
    }))
}

/// The error of a selector none of whose options matched (and that has no
/// `default` option).
#[cold]
pub fn unmatched_selector(test: &Value) -> Error {
    Error::new(
        "UNMATCHED_SELECTOR",
        format!("No matching entry for selector parameter with value '{}'", ruby_to_s(test)),
    )
}

/// Unary splat: undef is `[]`, arrays stay, hashes become `[[k, v], ...]`,
/// iterators unroll, anything else is wrapped.
pub fn splat(v: &Value) -> Vec<Value> {
    match v {
        Value::Undef => vec![],
        Value::Array(a) => a.to_vec(),
        Value::Hash(h) => h.iter().map(|(k, e)| Value::array(vec![k.clone(), e.clone()])).collect(),
        Value::Iterator(it) => it.elements.clone(),
        other => vec![other.clone()],
    }
}

fn flatten_keys(keys: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    fn go(out: &mut Vec<Value>, v: &Value) {
        match v {
            Value::Array(a) => a.iter().for_each(|e| go(out, e)),
            o => out.push(o.clone()),
        }
    }
    keys.iter().for_each(|k| go(&mut out, k));
    out
}

/// Ruby's `ary[start, length]` / `str[start, length]` on a length-`len`
/// sequence after Puppet's index normalization; `None` = Ruby nil.
fn slice_range(len: usize, k1: i64, k2: i64) -> Option<(usize, usize)> {
    let len_i = len as i64;
    let mut k1 = if k1 < 0 { len_i.saturating_add(k1) } else { k1 };
    let mut k2 = if k2 < 0 { len_i.saturating_sub(k1).saturating_add(k2).saturating_add(1) } else { k2 };
    if k1 < 0 {
        k2 = k2.saturating_add(k1);
        k1 = 0;
    }
    if k1 > len_i || k2 < 0 {
        return None;
    }
    let end = k1.saturating_add(k2).min(len_i);
    Some((k1 as usize, end as usize))
}

/// `left[keys...]` on a value: arrays, hashes, strings, binaries and types.
#[inline]
pub fn access(left: &Value, keys: &[Value]) -> Result<Value> {
    // Fast paths: one key into a hash, one integer index into an array.
    match (left, keys) {
        (Value::Hash(h), [k]) => Ok(h.get(k).cloned().unwrap_or(Value::Undef)),
        (Value::Array(a), [Value::Integer(i)]) => {
            let idx = if *i < 0 { a.len() as i64 + i } else { *i };
            Ok(if idx < 0 { Value::Undef } else { a.get(idx as usize).cloned().unwrap_or(Value::Undef) })
        }
        _ => access_general(left, keys),
    }
}

#[inline(never)]
fn access_general(left: &Value, keys: &[Value]) -> Result<Value> {
    match left {
        Value::Array(a) => {
            let keys = flatten_keys(keys);
            let bad = |k: &Value| {
                Error::new(
                    "BAD_SLICE_KEY_TYPE",
                    format!(
                        "{}[] cannot use {} where Integer is expected",
                        a_an_uc_label(left),
                        bad_key_type_name(k)
                    ),
                )
            };
            match keys.len() {
                1 => {
                    let k = coerce_numeric(&keys[0]).map_err(|e| e.at_key(0))?;
                    let Value::Integer(i) = k else { return Err(bad(&k).at_key(0)) };
                    let idx = if i < 0 { a.len() as i64 + i } else { i };
                    Ok(if idx < 0 { Value::Undef } else { a.get(idx as usize).cloned().unwrap_or(Value::Undef) })
                }
                2 => {
                    let k1 = coerce_numeric(&keys[0]).map_err(|e| e.at_key(0))?;
                    let k2 = coerce_numeric(&keys[1]).map_err(|e| e.at_key(1))?;
                    let Value::Integer(i1) = k1 else { return Err(bad(&k1).at_key(0)) };
                    let Value::Integer(i2) = k2 else { return Err(bad(&k2).at_key(1)) };
                    Ok(match slice_range(a.len(), i1, i2) {
                        Some((s, e)) if s <= e => Value::array(a[s..e].to_vec()),
                        _ => Value::array(vec![]),
                    })
                }
                n => Err(Error::new(
                    "BAD_ARRAY_SLICE_ARITY",
                    format!("Array supports [] with one or two arguments. Got {n}"),
                )),
            }
        }
        Value::Hash(h) => {
            if keys.is_empty() {
                return Err(Error::new("BAD_HASH_SLICE_ARITY", "Hash supports [] with one or more arguments. Got 0"));
            }
            if keys.len() == 1 {
                return Ok(h.get(&keys[0]).cloned().unwrap_or(Value::Undef));
            }
            Ok(Value::array(
                keys.iter().filter_map(|k| h.get(k)).filter(|v| !v.is_undef()).cloned().collect(),
            ))
        }
        Value::String(s) => {
            let keys = flatten_keys(keys);
            let chars: Vec<char> = s.chars().collect();
            let int_key = |k: &Value, i: usize| -> Result<i64> {
                let n = match k {
                    Value::String(t) => to_number(t),
                    Value::Integer(_) | Value::Float(_) => Some(k.clone()),
                    _ => None,
                };
                match n {
                    Some(Value::Integer(i)) => Ok(i),
                    other => {
                        let shown = other.unwrap_or_else(|| k.clone());
                        let name = bad_key_type_name(&shown);
                        Err(Error::new(
                            "BAD_STRING_SLICE_KEY_TYPE",
                            format!(
                                "A substring operation does not accept {} {} as a character index. Expected an Integer",
                                crate::error::article(&name),
                                name
                            ),
                        )
                        .at_key(i))
                    }
                }
            };
            let (k1, k2) = match keys.len() {
                1 => {
                    let k1 = int_key(&keys[0], 0)?;
                    let k1 = if k1 < 0 { chars.len() as i64 + k1 } else { k1 };
                    if k1 < 0 {
                        return Ok(Value::string(""));
                    }
                    (k1, 1)
                }
                2 => (int_key(&keys[0], 0)?, int_key(&keys[1], 1)?),
                n => {
                    return Err(Error::new(
                        "BAD_STRING_SLICE_ARITY",
                        format!("String supports [] with one or two arguments. Got {n}"),
                    ));
                }
            };
            Ok(Value::string(match slice_range(chars.len(), k1, k2) {
                Some((st, e)) if st < e => chars[st..e].iter().collect::<String>(),
                _ => String::new(),
            }))
        }
        Value::Binary(b) => {
            let text: String = b.iter().map(|x| *x as char).collect();
            match access(&Value::string(text), keys)? {
                Value::String(s) => Ok(Value::Binary(std::sync::Arc::new(s.chars().map(|c| c as u8).collect()))),
                other => Ok(other),
            }
        }
        Value::Type(t) => {
            // `Resource[File]` is `File`.
            if matches!(t.as_ref(), Type::Resource { type_name: None, .. }) && keys.len() == 1
                && let Value::Type(k) = &keys[0]
                    && matches!(k.as_ref(), Type::Resource { .. }) {
                        return Ok(keys[0].clone());
                    }
            parameterize(t, keys).map_err(|e| {
                if e.issue() == "ARGUMENT_ERROR" { Error::runtime("'[]' expression", e.message()) } else { e }
            })
        }
        other => Err(not_applicable("[]", other)),
    }
}
