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

#[test]
fn constructors_and_unary_helpers() {
    let mut s = MaybeUninit::<Value>::uninit();
    let text = "héllo";
    // SAFETY: `text` has `len` readable bytes; `s` is writable.
    assert_eq!(unsafe { abi::pjit_rt_string(text.as_ptr(), text.len(), s.as_mut_ptr()) }, STATUS_OK);
    // SAFETY: initialized on STATUS_OK.
    let s = unsafe { s.assume_init() };
    assert_eq!(s, Value::string("héllo"));
    let bad = [0xffu8, 0xfe];
    let mut b = MaybeUninit::<Value>::uninit();
    // SAFETY: two readable bytes; writable out.
    assert_eq!(unsafe { abi::pjit_rt_string(bad.as_ptr(), 2, b.as_mut_ptr()) }, STATUS_ERROR);
    assert!(abi::take_error().is_some());

    let items = [Value::Integer(1), s.clone()];
    let mut a = MaybeUninit::<Value>::uninit();
    // SAFETY: two live values; writable out.
    unsafe { abi::pjit_rt_array(items.as_ptr(), 2, a.as_mut_ptr()) };
    // SAFETY: always initialized.
    let a = unsafe { a.assume_init() };
    assert_eq!(pjit_runtime::display::to_interpolated_string(&a), "[1, héllo]");

    let kv = [Value::string("a"), Value::Integer(1), Value::string("a"), Value::Integer(2), Value::string("b"), Value::Undef];
    let mut h = MaybeUninit::<Value>::uninit();
    // SAFETY: 3 pairs of live values; writable out.
    unsafe { abi::pjit_rt_hash(kv.as_ptr(), 3, h.as_mut_ptr()) };
    // SAFETY: always initialized.
    let h = unsafe { h.assume_init() };
    assert_eq!(pjit_runtime::display::to_interpolated_string(&h), "{a => 2, b => }");

    let mut n = MaybeUninit::<Value>::uninit();
    // SAFETY: live argument; writable out.
    assert_eq!(unsafe { abi::pjit_rt_negate(&Value::string("5"), n.as_mut_ptr()) }, STATUS_OK);
    // SAFETY: initialized on STATUS_OK.
    assert_eq!(unsafe { n.assume_init() }, Value::Integer(-5));
    // SAFETY: live arguments.
    assert_eq!(unsafe { abi::pjit_rt_equals(&Value::string("A"), &Value::string("a")) }, 1);
    let (t1, t2) = (Value::of_type(Type::integer(None, None)), Value::of_type(Type::integer(None, None)));
    // SAFETY: live arguments.
    assert_eq!(unsafe { abi::pjit_rt_equals(&t1, &t2) }, 1);

    let mut sp = MaybeUninit::<Value>::uninit();
    // SAFETY: live argument; writable out.
    unsafe { abi::pjit_rt_splat(&h, sp.as_mut_ptr()) };
    // SAFETY: always initialized.
    assert_eq!(pjit_runtime::display::to_interpolated_string(&unsafe { sp.assume_init() }), "[[a, 2], [b, ]]");

    let int_t = Value::of_type(Type::integer(None, None));
    let args = [Value::string("0x10")];
    let mut nv = MaybeUninit::<Value>::uninit();
    // SAFETY: live type and one live argument; writable out.
    assert_eq!(unsafe { abi::pjit_rt_new(&int_t, args.as_ptr(), 1, nv.as_mut_ptr()) }, STATUS_OK);
    // SAFETY: initialized on STATUS_OK.
    assert_eq!(unsafe { nv.assume_init() }, Value::Integer(16));
    assert!(SYMBOLS.len() >= 19);
}

#[test]
fn interpolation_matches_the_display_of_each_part() {
    let parts = [
        Value::string("w"),
        Value::Integer(-9_223_372_036_854_775_807 - 1),
        Value::Integer(0),
        Value::Integer(99),
        Value::Integer(100),
        Value::Integer(i64::MAX),
        Value::Undef,
        Value::Boolean(true),
        Value::Float(1.5),
        Value::array(vec![Value::Integer(-12), Value::string("x")]),
    ];
    let want: String = parts.iter().map(pjit_runtime::display::to_interpolated_string).collect();
    assert_eq!(abi::interpolate(parts.iter()), want);
    for n in [0i64, 1, 9, 10, 11, 99, 100, 101, 12345, -1, -9, -10, -100, i64::MIN, i64::MIN + 1, i64::MAX] {
        let mut s = String::from("x");
        abi::push_integer(&mut s, n);
        assert_eq!(s, format!("x{n}"));
    }
    // Through the symbol: the old value at `out` is released and replaced.
    let ptrs: Vec<*const Value> = parts.iter().map(|p| p as *const Value).collect();
    let mut out = Value::string("old");
    // SAFETY: `ptrs` holds pointers to live values; `out` is live.
    let status = unsafe { abi::pjit_rt_concat(ptrs.as_ptr(), ptrs.len(), &mut out) };
    assert_eq!((status, out), (STATUS_OK, Value::string(want)));
}

#[test]
fn literal_containment_is_substring_search() {
    let contains = |s: &Value, lit: &str| {
        // SAFETY: `s` is live and `lit` is UTF-8 of its length.
        unsafe { abi::pjit_rt_contains(s, lit.as_ptr(), lit.len()) }
    };
    assert_eq!(contains(&Value::string("w17x"), "7"), 1);
    assert_eq!(contains(&Value::string("w18x"), "7"), 0);
    assert_eq!(contains(&Value::string("été"), "té"), 1);
    assert_eq!(contains(&Value::string(""), ""), 1);
    assert_eq!(contains(&Value::Integer(7), "7"), 2);
    let re = Regex::new("7").unwrap();
    for s in ["a7", "b", "777", ""] {
        assert_eq!(contains(&Value::string(s), "7") == 1, re.is_match(s), "{s}");
    }
}
