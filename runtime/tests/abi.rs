//! The C ABI used by generated code: status codes, out-pointers, the error
//! and capture slots, and the symbol table.

use std::mem::MaybeUninit;

use pjit_runtime::abi::{self, STATUS_ERROR, STATUS_OK, SYMBOLS};
use pjit_runtime::regex::Regex;
use pjit_runtime::{Type, Value};

type Binary = unsafe extern "C" fn(u32, *const Value, *const Value, *mut Value) -> u32;

fn call_binary(name: &str, op: u32, l: &Value, r: &Value) -> (u32, Option<Value>) {
    let (_, ptr) = SYMBOLS.iter().find(|(n, _)| *n == name).expect("symbol is listed");
    // SAFETY: the table maps this name to a function with the `Binary` signature.
    let f: Binary = unsafe { std::mem::transmute::<*const u8, Binary>(*ptr) };
    let mut out = MaybeUninit::<Value>::uninit();
    // SAFETY: `l`/`r` are live, `out` is writable storage for one value.
    let status = unsafe { f(op, l, r, out.as_mut_ptr()) };
    // SAFETY: on STATUS_OK the helper initialized `out`.
    let v = (status == STATUS_OK).then(|| unsafe { out.assume_init() });
    (status, v)
}

#[test]
fn arithmetic_and_errors_through_the_abi() {
    let (s, v) = call_binary("pjit_rt_arith", 0, &Value::Integer(40), &Value::Integer(2));
    assert_eq!(s, STATUS_OK);
    assert_eq!(v, Some(Value::Integer(42)));
    let (s, v) = call_binary("pjit_rt_arith", 0, &Value::Integer(i64::MAX), &Value::Integer(1));
    assert_eq!((s, v), (STATUS_ERROR, None));
    let e = abi::take_error().expect("error kept");
    assert_eq!(e.issue(), "NUMERIC_OVERFLOW");
    assert!(abi::take_error().is_none());
    let (s, _) = call_binary("pjit_rt_arith", 3, &Value::Integer(1), &Value::Integer(0));
    assert_eq!(s, STATUS_ERROR);
    let mut out = MaybeUninit::<Value>::uninit();
    // SAFETY: `out` is writable storage for one value.
    unsafe { abi::pjit_rt_take_error(out.as_mut_ptr()) };
    // SAFETY: the helper always initializes `out`.
    let err = unsafe { out.assume_init() };
    assert_eq!(pjit_runtime::display::to_interpolated_string(&err), "{issue_code => DIV_BY_ZERO, message => Division by 0}");
    let (s, v) = call_binary("pjit_rt_compare", 2, &Value::string("a"), &Value::string("B"));
    assert_eq!((s, v), (STATUS_OK, Some(Value::Boolean(true))));
    let (s, _) = call_binary("pjit_rt_arith", 99, &Value::Integer(1), &Value::Integer(1));
    assert_eq!(s, STATUS_ERROR);
    assert_eq!(abi::take_error().map(|e| e.issue()), Some("INTERNAL_ERROR"));
}

#[test]
fn match_keeps_captures_and_values_are_released() {
    let re = Value::Regexp(Regex::new("(a)(x)?(c)").unwrap());
    let mut out = MaybeUninit::<Value>::uninit();
    // SAFETY: live arguments, writable out.
    let s = unsafe { abi::pjit_rt_match(&Value::string("abc"), &re, out.as_mut_ptr()) };
    assert_eq!(s, STATUS_OK);
    // SAFETY: initialized on STATUS_OK.
    assert_eq!(unsafe { out.assume_init() }, Value::Boolean(false));
    let mut out = MaybeUninit::<Value>::uninit();
    // SAFETY: live arguments, writable out.
    let s = unsafe { abi::pjit_rt_match(&Value::string("ac"), &re, out.as_mut_ptr()) };
    assert_eq!(s, STATUS_OK);
    // SAFETY: initialized on STATUS_OK.
    assert_eq!(unsafe { out.assume_init() }, Value::Boolean(true));
    let mut caps = MaybeUninit::<Value>::uninit();
    // SAFETY: writable out.
    unsafe { abi::pjit_rt_take_captures(caps.as_mut_ptr()) };
    // SAFETY: always initialized.
    let caps = unsafe { caps.assume_init() };
    assert_eq!(pjit_runtime::display::to_interpolated_string(&caps), "[ac, a, , c]");
    let t = Value::of_type(Type::integer(Some(1), Some(2)));
    let mut r = MaybeUninit::<Value>::uninit();
    // SAFETY: live arguments, writable out.
    assert_eq!(unsafe { abi::pjit_rt_instance_of(&t, &Value::Integer(2), r.as_mut_ptr()) }, STATUS_OK);
    // SAFETY: initialized on STATUS_OK.
    assert_eq!(unsafe { r.assume_init() }, Value::Boolean(true));
    let mut copy = MaybeUninit::<Value>::uninit();
    let big = Value::array(vec![Value::string("x"); 3]);
    // SAFETY: live source, writable destination.
    unsafe { abi::pjit_rt_clone(&big, copy.as_mut_ptr()) };
    // SAFETY: `copy` holds the clone, released exactly once here.
    unsafe { abi::pjit_rt_drop(copy.as_mut_ptr()) };
    // SAFETY: live value.
    assert_eq!(unsafe { abi::pjit_rt_truthy(&Value::Undef) }, 0);
    assert_eq!(unsafe { abi::pjit_rt_truthy(&Value::string("")) }, 1);
}
