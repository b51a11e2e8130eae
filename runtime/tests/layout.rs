//! The memory layout JIT code relies on: 16-byte values, the tag byte at
//! offset 0, the payload at offset 8, and thread-safety of values.

use std::mem::{align_of, size_of};

use pjit_runtime::value::tag;
use pjit_runtime::{Error, Type, Value};

#[test]
fn value_is_16_bytes_with_tag_at_0_and_payload_at_8() {
    assert_eq!(size_of::<Value>(), 16);
    assert_eq!(align_of::<Value>(), 8);
    // `offset_of!` on enum variants is unstable: measure the field address.
    let values = [
        Value::Integer(1),
        Value::Float(1.0),
        Value::Boolean(true),
        Value::string("s"),
        Value::array(vec![]),
        Value::hash(vec![]),
        Value::of_type(Type::Any),
    ];
    for v in &values {
        let base = v as *const Value as usize;
        let field = match v {
            Value::Integer(x) => x as *const i64 as usize,
            Value::Float(x) => x as *const f64 as usize,
            Value::Boolean(x) => x as *const bool as usize,
            Value::String(x) => x as *const _ as usize,
            Value::Array(x) => x as *const _ as usize,
            Value::Hash(x) => x as *const _ as usize,
            Value::Type(x) => x as *const _ as usize,
            _ => unreachable!(),
        };
        assert_eq!(field - base, 8, "{v:?}");
    }
    assert_eq!(size_of::<Result<Value, Error>>(), 16);
    assert_eq!(size_of::<Error>(), 8);
}

#[test]
fn tags_and_inline_payloads_are_what_the_jit_reads() {
    let cases: Vec<(Value, u8)> = vec![
        (Value::Undef, tag::UNDEF),
        (Value::Default, tag::DEFAULT),
        (Value::Boolean(true), tag::BOOLEAN),
        (Value::Integer(-42), tag::INTEGER),
        (Value::Float(1.5), tag::FLOAT),
        (Value::string("x"), tag::STRING),
        (Value::array(vec![]), tag::ARRAY),
        (Value::hash(vec![]), tag::HASH),
        (Value::of_type(Type::Any), tag::TYPE),
        // Boxed (a pointer payload): tags from TIMESPAN on hold pointers.
        (Value::timespan(pjit_runtime::time::Timespan(-5)), tag::TIMESPAN),
        (Value::timestamp(pjit_runtime::time::Timestamp(i128::from(i64::MAX) * 10)), tag::TIMESTAMP),
    ];
    for (v, t) in cases {
        assert_eq!(v.tag(), t, "{v:?}");
        // SAFETY: reading the first byte of a live `Value`, which is its tag
        // by `#[repr(C, u8)]`.
        let raw = unsafe { *(&v as *const Value as *const u8) };
        assert_eq!(raw, t);
    }
    let v = Value::Integer(-42);
    // SAFETY: an Integer value stores its i64 at offset 8 (asserted above).
    let payload = unsafe { *((&v as *const Value as *const u8).add(8) as *const i64) };
    assert_eq!(payload, -42);
    let f = Value::Float(2.25);
    // SAFETY: a Float value stores its f64 at offset 8.
    let payload = unsafe { *((&f as *const Value as *const u8).add(8) as *const f64) };
    assert_eq!(payload, 2.25);
}

#[test]
fn values_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Value>();
    check::<Type>();
    check::<Error>();
    let shared = Value::array(vec![Value::string("a"), Value::Integer(1)]);
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let v = shared.clone();
            std::thread::spawn(move || pjit_runtime::display::to_interpolated_string(&v))
        })
        .collect();
    for h in handles {
        assert_eq!(h.join().unwrap(), "[a, 1]");
    }
}
