//! Runtime API behaviour that the case tables cannot show (they see only a
//! value and its type): coercion warnings, iteration, regexp semantics,
//! float printing, hash-key identity and insertion order.

use pjit_runtime::convert::{iterable_elements, to_number};
use pjit_runtime::display::{ruby_float_to_s, to_interpolated_string};
use pjit_runtime::ops::numeric_coercion;
use pjit_runtime::regex::Regex;
use pjit_runtime::types::parser::parse_type;
use pjit_runtime::Value;

#[test]
fn numeric_coercion_messages() {
    let cases = [
        ("1", Some("The string '1' was automatically coerced to the numerical value 1")),
        (" 0x10 ", Some("The string ' 0x10 ' was automatically coerced to the numerical value 16")),
        ("1.5", Some("The string '1.5' was automatically coerced to the numerical value 1.5")),
        ("-1e3", Some("The string '-1e3' was automatically coerced to the numerical value -1000.0")),
        ("abc", None),
        ("08", None),
        ("", None),
    ];
    for (s, want) in cases {
        let got = numeric_coercion(&Value::string(s));
        assert_eq!(got.as_ref().map(|e| e.message()), want, "{s:?}");
        if let Some(e) = got {
            assert_eq!(e.issue(), "NUMERIC_COERCION");
        }
    }
    assert!(numeric_coercion(&Value::Integer(1)).is_none());
}

#[test]
fn convertable_strings() {
    let cases = [
        ("10", "10"),
        ("-10", "-10"),
        ("+ 10", "10"),
        ("\t7\t", "7"),
        ("0777", "511"),
        ("0x1F", "31"),
        ("0X1f", "31"),
        ("1.25", "1.25"),
        ("1e2", "100.0"),
        ("1E-2", "0.01"),
        ("::5", "5"),
    ];
    for (s, want) in cases {
        let n = to_number(s).unwrap_or_else(|| panic!("{s:?} converts"));
        assert_eq!(to_interpolated_string(&n), want, "{s:?}");
    }
    for s in ["", " ", "1.", ".5", "0x", "1e", "1_000", "0b101", "12abc", "1 2", "--1", "9223372036854775808"] {
        assert!(to_number(s).is_none(), "{s:?} does not convert");
    }
}

#[test]
fn iteration() {
    let cases: Vec<(Value, Option<&str>)> = vec![
        (Value::Integer(3), Some("[0, 1, 2]")),
        (Value::Integer(-1), None),
        (Value::string("ab"), Some("[a, b]")),
        (Value::hash(vec![(Value::string("k"), Value::Integer(1))]), Some("[[k, 1]]")),
        (Value::of_type(parse_type("Integer[2, 4]").unwrap()), Some("[2, 3, 4]")),
        (Value::of_type(parse_type("Integer[2]").unwrap()), None),
        (Value::of_type(parse_type("Enum[b, a]").unwrap()), Some("[a, b]")),
        (Value::Float(1.0), None),
    ];
    assert!(iterable_elements(&Value::Integer(i64::MAX)).is_err());
    for (v, want) in cases {
        let got = iterable_elements(&v).unwrap().map(|e| to_interpolated_string(&Value::array(e)));
        assert_eq!(got.as_deref(), want, "{v:?}");
    }
}

#[test]
fn ruby_regexp_semantics() {
    let cases = [
        ("^b$", "a\nb\nc", true),
        ("\\Ab", "a\nb", false),
        ("c\\z", "a\nbc", true),
        ("c\\Z", "abc\n", true),
        ("a.c", "a\nc", false),
        ("(?m:a.c)", "a\nc", true),
        ("(?<=a)b", "ab", true),
        ("(?<!a)b", "ab", false),
        ("(a)\\1", "aa", true),
        ("(?<x>a)\\k<x>", "aa", true),
        ("[[:alpha:]]+", "héllo", true),
        ("\\h+", "ff", true),
        ("a{2,}", "aaa", true),
        ("(?i)ABC", "abc", true),
    ];
    for (re, text, want) in cases {
        assert_eq!(Regex::new(re).unwrap().is_match(text), want, "/{re}/ =~ {text:?}");
    }
    let e = Regex::new("(").unwrap_err();
    assert_eq!(e.message(), "end pattern with unmatched parenthesis: /(/");
    assert_eq!(Regex::new("a/b").unwrap().to_delimited(), "/a\\/b/");
    assert_eq!(Regex::new("a\\/b").unwrap().to_delimited(), "/a\\/b/");
}

#[test]
fn float_printing() {
    let cases = [
        (1.0e20, "1.0e+20"),
        (-0.0, "-0.0"),
        (0.0, "0.0"),
        (1e16, "1.0e+16"),
        (1e15, "1.0e+15"),
        (123456789012345.0, "123456789012345.0"),
        (0.0001, "0.0001"),
        (0.00001, "1.0e-05"),
        (1.5, "1.5"),
        (100.0, "100.0"),
        (2.5e-300, "2.5e-300"),
        (1.0 / 3.0, "0.3333333333333333"),
        (5e-324, "5.0e-324"),
        (1.7976931348623157e308, "1.7976931348623157e+308"),
        (f64::INFINITY, "Infinity"),
    ];
    for (f, want) in cases {
        assert_eq!(ruby_float_to_s(f), want, "{f:e}");
    }
}

#[test]
fn hash_keys_are_ruby_eql_and_ordered() {
    let h = Value::hash(vec![
        (Value::Integer(1), Value::string("int")),
        (Value::Float(1.0), Value::string("float")),
        (Value::string("a"), Value::string("lower")),
        (Value::string("A"), Value::string("upper")),
        (Value::array(vec![Value::Integer(1)]), Value::string("array")),
        (Value::Integer(1), Value::string("int again")),
    ]);
    assert_eq!(
        to_interpolated_string(&h),
        "{1 => int again, 1.0 => float, a => lower, A => upper, [1] => array}"
    );
    let m = h.as_hash().unwrap();
    assert_eq!(m.get(&Value::Float(-0.0)), None);
    assert_eq!(m.get(&Value::array(vec![Value::Integer(1)])), Some(&Value::string("array")));
}

#[test]
fn timestamp_strftime() {
    use pjit_runtime::time::Timestamp;
    // Expected strings from Ruby's Time#strftime.
    let t = Timestamp(1_349_863_872_123_456_789);
    let cases = [
        ("%FT%T.%N %Z|%L|%3N|%s|%j|%a %b %e|%-m/%-d|%z|%:z", None,
         "2012-10-10T10:11:12.123456789 UTC|123|123|1349863872|284|Wed Oct 10|10/10|+0000|+00:00"),
        ("%FT%T %Z|%z|%:z", Some("+01:00"), "2012-10-10T11:11:12 |+0100|+01:00"),
    ];
    for (fmt, tz, want) in cases {
        assert_eq!(t.format(fmt, tz).unwrap(), want, "{fmt}");
    }
    assert_eq!(t.to_puppet_string(), "2012-10-10T10:11:12.123456789 UTC");
}
