//! Parameterization of types through `[]` (`Integer[1, 2]`, `Enum[a, b]`,
//! `Resource[File, '/tmp']`, `Class[a, b]` ...), following Puppet's
//! `AccessOperator`: the same argument checks, the same error messages.
//!
//! Arrays among the arguments are flattened first, as Puppet does. The result
//! is a `Value` because some forms produce arrays of references.
//!
//! Attribute lookup on a resource or class *reference* (`File['/x'][mode]`,
//! `Class[a][x]`) needs the catalog: the evaluator handles it before calling
//! here (`parameterize` reports it as a missing resource).

use std::sync::Arc;

use super::calc::variant_maybe;
use super::{CallableType, FloatRange, IntRange, StructElement, Type};
use crate::error::{a_an, a_an_uc, Error, Result};
use crate::label::{bad_key_type_name, ruby_class, type_label};
use crate::regex::Regex;
use crate::semver::VersionRange;
use crate::time::{SpanBound, Timespan, Timestamp};
use crate::value::Value;

fn flatten(args: &[Value]) -> Vec<Value> {
    let mut out = Vec::with_capacity(args.len());
    fn go(out: &mut Vec<Value>, v: &Value) {
        match v {
            Value::Array(a) => a.iter().for_each(|e| go(out, e)),
            other => out.push(other.clone()),
        }
    }
    args.iter().for_each(|a| go(&mut out, a));
    out
}

/// `max` of [`slice_arity`] meaning "no upper bound" (Puppet's -1 / Infinity).
const UNBOUNDED: usize = usize::MAX;

/// Puppet's BAD_TYPE_SLICE_ARITY. `max` is `None` where Puppet passes no
/// maximum, which prints the exact-count form ("accepts 1 argument").
#[cold]
fn slice_arity(base: &str, min: usize, max: Option<usize>, actual: usize) -> Error {
    let msg = match max {
        Some(UNBOUNDED) => format!("{base}[] accepts {min} or more arguments. Got {actual}"),
        Some(max) if max != min => format!("{base}[] accepts {min} to {max} arguments. Got {actual}"),
        _ => {
            let plural = if min == 1 { "argument" } else { "arguments" };
            format!("{base}[] accepts {min} {plural}. Got {actual}")
        }
    };
    Error::new("BAD_TYPE_SLICE_ARITY", msg)
}

fn type_base_label(t: &Type) -> String {
    a_an_uc(&type_label(t))
}

#[cold]
fn slice_type(base: &str, actual: &Value) -> Error {
    Error::new("BAD_TYPE_SLICE_TYPE", format!("{base}[] arguments must be types. Got {}", ruby_class(actual)))
}

#[cold]
fn specialization(t: &Type, actual: &Value, expected: &str) -> Error {
    Error::new(
        "BAD_TYPE_SPECIALIZATION",
        format!(
            "Error creating type specialization of {}, Cannot use {} where {} is expected",
            a_an(&type_label(t)),
            bad_key_type_name(actual),
            expected
        ),
    )
}

fn is_range_param(v: &Value) -> bool {
    matches!(v, Value::Integer(_) | Value::Default) || v.as_str() == Some("default")
}

fn range_bound(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(*i),
        _ => None,
    }
}

/// `PIntegerType.new(from, to)` with Puppet's `from <= to` check.
pub fn int_range(from: Option<i64>, to: Option<i64>) -> Result<IntRange> {
    if let (Some(f), Some(t)) = (from, to)
        && f > t {
            return Err(Error::argument(format!("'from' must be less or equal to 'to'. Got ({f}, {t}")));
        }
    Ok(IntRange { from, to })
}

/// A size range from `keys` (at `start` in the access's keys, which
/// Puppet blames for a bad one).
fn collection_size(start: usize, keys: &[Value]) -> Result<IntRange> {
    if keys.len() == 1
        && let Value::Type(kt) = &keys[0]
            && let Type::Integer(r) = kt.as_ref() {
                return Ok(*r);
            }
    for (i, k) in keys.iter().enumerate() {
        if !matches!(k, Value::Integer(_) | Value::Default) {
            return Err(Error::new(
                "BAD_COLLECTION_SLICE_TYPE",
                format!(
                    "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got {}",
                    a_an(&crate::label::class_label(k))
                ),
            )
            .at_key(start + i));
        }
    }
    let from = range_bound(&keys[0]);
    let to = keys.get(1).and_then(range_bound);
    int_range(from, to)
}

/// Key `i` as a type.
/// Ruby's `ArgumentError` for `value <= Float::INFINITY` on a value that is
/// not a number.
#[cold]
fn infinity_comparison(v: &Value) -> Error {
    let class = match v {
        Value::Default => "Symbol".to_string(),
        Value::Type(_) => ruby_class(v),
        other => ruby_class(other),
    };
    Error::argument(format!("comparison of {class} with Infinity failed"))
}

fn expect_type(base: &str, v: &Value, i: usize) -> Result<Type> {
    match v {
        Value::Type(t) => Ok((**t).clone()),
        other => Err(slice_type(base, other).at_key(i)),
    }
}

fn time_arg_span(v: &Value) -> Result<Option<SpanBound>> {
    Ok(match v {
        Value::Default | Value::Undef => None,
        Value::Timespan(t) => Some(SpanBound::exact(**t)),
        Value::String(s) => Some(SpanBound::exact(Timespan::parse(s)?)),
        Value::Integer(i) => Some(SpanBound::exact(Timespan::from_secs(*i))),
        Value::Float(f) => Some(SpanBound { span: Timespan::from_secs_f64(*f)?, from_float: true }),
        Value::Hash(_) => Some(SpanBound::exact(crate::convert::timespan_from_hash(v)?)),
        other => {
            return Err(Error::argument(format!(
                "Unable to create a Puppet::Pops::Time::Timespan from a {}",
                ruby_class(other)
            )));
        }
    })
}

fn time_arg_stamp(v: &Value) -> Result<Option<Timestamp>> {
    Ok(match v {
        Value::Default | Value::Undef => None,
        Value::Timestamp(t) => Some(**t),
        Value::String(s) => Some(Timestamp::parse(s)?),
        Value::Integer(i) => Some(Timestamp::from_secs(*i)),
        Value::Float(f) => Some(Timestamp::from_secs_f64(*f)?),
        Value::Hash(h) => match h.get(&Value::string("string")) {
            Some(Value::String(s)) => match h.get(&Value::string("format")) {
                Some(Value::String(f)) => {
                    let tz = h.get(&Value::string("timezone")).and_then(|t| t.as_str());
                    Some(Timestamp::parse_puppet(s, crate::time::TimestampFormats::One(f), tz)?)
                }
                _ => Some(Timestamp::parse(s)?),
            },
            _ => return Err(Error::argument("no implicit conversion of nil into String")),
        },
        other => {
            return Err(Error::argument(format!(
                "Unable to create a Puppet::Pops::Time::Timestamp from a {}",
                ruby_class(other)
            )));
        }
    })
}

fn pattern_regexps(args: &[Value]) -> Result<Vec<Arc<Regex>>> {
    let mut out: Vec<Arc<Regex>> = Vec::new();
    for a in args {
        match a {
            Value::String(s) => out.push(Regex::new(s)?),
            Value::Regexp(r) => out.push(r.clone()),
            Value::Type(t) => match t.as_ref() {
                Type::Regexp(Some(r)) => out.push(r.clone()),
                Type::Regexp(None) => out.push(Regex::new("")?),
                Type::Pattern(ps) => out.extend(ps.iter().cloned()),
                _ => {}
            },
            _ => {}
        }
    }
    Ok(out)
}

/// `Base[args...]` for a type value `base`. Errors that Ruby raises as
/// `ArgumentError` have the issue `ARGUMENT_ERROR` and the bare message; an
/// access expression reports them as `Error while evaluating a '[]'
/// expression, ...` (see `ops::access`).
pub fn parameterize(base: &Type, args: &[Value]) -> Result<Value> {
    let t = base;
    let ty = |t: Type| Ok(Value::of_type(t));
    match t {
        Type::Integer(_) => {
            let keys = flatten(args);
            if keys.is_empty() || keys.len() > 2 {
                return Err(Error::new(
                    "BAD_INTEGER_SLICE_ARITY",
                    format!("Integer-Type supports [] with one or two arguments (from, to). Got {}", keys.len()),
                ));
            }
            for (i, k) in keys.iter().enumerate() {
                if !matches!(k, Value::Integer(_) | Value::Default) {
                    return Err(Error::new(
                        "BAD_INTEGER_SLICE_TYPE",
                        format!(
                            "Integer-Type [] requires all arguments to be integers (or default). Got {}",
                            ruby_class(k)
                        ),
                    )
                    .at_key(i));
                }
            }
            let r = int_range(range_bound(&keys[0]), keys.get(1).and_then(range_bound))?;
            ty(Type::Integer(r))
        }
        Type::Float(_) => {
            let keys = flatten(args);
            if keys.is_empty() || keys.len() > 2 {
                return Err(Error::new(
                    "BAD_INTEGER_SLICE_ARITY",
                    format!("Float-Type supports [] with one or two arguments (from, to). Got {}", keys.len()),
                ));
            }
            let mut b = [None, None];
            for (i, k) in keys.iter().enumerate() {
                b[i] = match k {
                    Value::Integer(n) => Some(*n as f64),
                    Value::Float(f) => Some(*f),
                    Value::Default => None,
                    other => {
                        return Err(Error::new(
                            "BAD_INTEGER_SLICE_TYPE",
                            format!(
                                "Float-Type [] requires all arguments to be floats, or integers (or default). Got {}",
                                ruby_class(other)
                            ),
                        )
                        .at_key(i));
                    }
                };
            }
            let r = FloatRange { from: b[0], to: b[1] };
            if r.lo() > r.hi() {
                return Err(Error::argument(
                    format!(
                        "'from' must be less or equal to 'to'. Got ({}, {}",
                        crate::display::ruby_float_to_s(r.lo()),
                        crate::display::ruby_float_to_s(r.hi())
                    ),
                ));
            }
            ty(Type::Float(r))
        }
        Type::String { .. } => {
            let keys = flatten(args);
            if keys.is_empty() || keys.len() > 2 {
                return Err(Error::new(
                    "BAD_STRING_SLICE_ARITY",
                    format!("String supports [] with one or two arguments. Got {}", keys.len()),
                ));
            }
            let r = collection_size(0, &keys)?;
            ty(Type::String { size: Some(r.to_size()), value: None })
        }
        Type::Collection(_) => {
            let keys = flatten(args);
            if keys.is_empty() || keys.len() > 2 {
                return Err(slice_arity("Collection-Type", 1, Some(2), keys.len()));
            }
            ty(Type::Collection(Some(collection_size(0, &keys)?.to_size())))
        }
        Type::Array { .. } => {
            let keys = flatten(args);
            let (elem, size) = match keys.len() {
                1 => (expect_type("Array-Type", &keys[0], 0)?, None),
                2 => match &keys[0] {
                    Value::Type(e) => ((**e).clone(), Some(collection_size(1, &keys[1..2])?)),
                    _ => (Type::Any, Some(collection_size(0, &keys[0..2])?)),
                },
                3 => match &keys[0] {
                    Value::Type(e) => ((**e).clone(), Some(collection_size(1, &keys[1..3])?)),
                    other => return Err(slice_type("Array-Type", other).at_key(0)),
                },
                n => return Err(slice_arity("Array-Type", 1, Some(3), n)),
            };
            let size = size.map(IntRange::to_size);
            if size.is_some_and(|s| s.from == Some(0) && s.to == Some(0)) {
                return ty(Type::empty_array());
            }
            ty(Type::Array { element: Arc::new(elem), size })
        }
        Type::Hash { .. } => {
            let keys = flatten(args);
            if keys.len() == 2
                && let (Value::Integer(a), Value::Integer(b)) = (&keys[0], &keys[1]) {
                    let r = int_range(Some(*a), Some(*b))?.to_size();
                    return ty(hash_type(Type::Any, Type::Any, Some(r)));
                }
            for (i, k) in keys.iter().take(2).enumerate() {
                if !matches!(k, Value::Type(_)) {
                    return Err(slice_type("Hash-Type", k).at_key(i));
                }
            }
            let size = match keys.len() {
                2 => None,
                // Puppet makes `PIntegerType.new(size)` of any third key
                // that is not an Integer type, which Ruby rejects when it
                // compares it with its upper bound, Infinity.
                3 => match &keys[2] {
                    Value::Type(st) => match st.as_ref() {
                        Type::Integer(r) => Some(*r),
                        _ => return Err(infinity_comparison(&keys[2])),
                    },
                    Value::Integer(_) => Some(collection_size(2, &keys[2..3])?),
                    other => return Err(infinity_comparison(other)),
                },
                4 => Some(collection_size(2, &keys[2..4])?),
                n => return Err(slice_arity("Hash-Type", 2, Some(4), n)),
            };
            let k = expect_type("Hash-Type", &keys[0], 0)?;
            let v = expect_type("Hash-Type", &keys[1], 1)?;
            ty(hash_type(k, v, size.map(IntRange::to_size)))
        }
        Type::Tuple { .. } => {
            let mut keys = flatten(args);
            let n = keys.len();
            let mut size = None;
            if n >= 2 && is_range_param(&keys[n - 2]) && is_range_param(&keys[n - 1]) {
                size = Some(int_range(range_bound(&keys[n - 2]), range_bound(&keys[n - 1]))?);
                keys.truncate(n - 2);
            } else if n >= 1 && is_range_param(&keys[n - 1]) {
                size = Some(int_range(range_bound(&keys[n - 1]), None)?);
                keys.truncate(n - 1);
            }
            let types = assert_types(t, &keys)?;
            ty(Type::Tuple { types, size: size.map(IntRange::to_size) })
        }
        Type::Struct(_) => {
            if args.len() != 1 {
                return Err(slice_arity(&type_base_label(t), 1, Some(1), args.len()));
            }
            let Value::Hash(h) = &args[0] else {
                return Err(specialization(t, &args[0], "Hash").at_key(0));
            };
            let mut elements = Vec::new();
            for (k, v) in h.iter() {
                // Puppet's `TypeFactory.type_of`: a type as is, a string
                // names a Ruby class, anything else is its generalized type.
                let vt = type_of(v);
                let key = match k {
                    Value::String(s) => {
                        if s.is_empty() {
                            return Err(Error::argument("Struct element key cannot be an empty String"));
                        }
                        let kt = Type::string_value(s);
                        // Puppet asks whether the value type takes undef,
                        // which raises for an `Init` that cannot be initialized.
                        if super::calc::try_is_assignable(&vt, &Type::Undef)? { Type::optional(kt) } else { kt }
                    }
                    Value::Type(kt) => {
                        let (wrap, s) = match kt.as_ref() {
                            Type::NotUndef(Some(i)) => (0, (**i).clone()),
                            Type::Optional(Some(i)) => (1, (**i).clone()),
                            Type::String { .. } => (2, (**kt).clone()),
                            Type::Enum { values, .. } if values.len() == 1 => (2, Type::string_value(&values[0])),
                            other => {
                                return Err(Error::argument(
                                    format!(
                                        "Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: Puppet::Pops::Types::P{}Type",
                                        crate::label::ruby_class(&Value::of_type(other.clone()))
                                            .trim_start_matches("Puppet::Pops::Types::P")
                                            .trim_end_matches("Type")
                                    ),
                                ));
                            }
                        };
                        let Type::String { value: Some(_), .. } = &s else {
                            return Err(Error::argument(
                                format!(
                                    "Unable to extract a non-empty literal string from Struct member key type {}",
                                    kt
                                ),
                            ));
                        };
                        if wrap == 1 { Type::optional(s) } else { s }
                    }
                    other => {
                        return Err(Error::argument(
                            format!(
                                "Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: {}",
                                ruby_class(other)
                            ),
                        ));
                    }
                };
                elements.push(StructElement { key, value: vt });
            }
            ty(Type::Struct(elements))
        }
        Type::Enum { .. } => {
            let mut keys = flatten(args);
            let mut ci = false;
            if let Some(Value::Boolean(b)) = keys.last() {
                ci = *b;
                keys.pop();
            }
            assert_arity(t, &keys, 1, None)?;
            let mut values = Vec::new();
            for (i, k) in keys.iter().enumerate() {
                match k {
                    Value::String(s) => values.push(s.to_string()),
                    other => return Err(specialization(t, other, "String").at_key(i)),
                }
            }
            ty(Type::enumeration(values, ci))
        }
        Type::Pattern(_) => {
            let keys = flatten(args);
            assert_arity(t, &keys, 1, None)?;
            for (i, k) in keys.iter().enumerate() {
                let ok = match k {
                    Value::String(_) | Value::Regexp(_) => true,
                    Value::Type(kt) => matches!(kt.as_ref(), Type::Pattern(_) | Type::Regexp(_)),
                    _ => false,
                };
                if !ok {
                    return Err(specialization(t, k, "String or Regexp or Pattern-Type or Regexp-Type").at_key(i));
                }
            }
            ty(Type::Pattern(pattern_regexps(&keys)?))
        }
        Type::Regexp(_) => {
            let keys = flatten(args);
            if keys.len() != 1 {
                return Err(slice_arity(&type_base_label(t), 1, None, keys.len()));
            }
            match &keys[0] {
                Value::String(s) => ty(Type::Regexp(Some(Regex::new(s)?))),
                Value::Regexp(r) => ty(Type::Regexp(Some(r.clone()))),
                other => Err(specialization(t, other, "String or Regexp").at_key(0)),
            }
        }
        Type::Boolean(_) => {
            let keys = flatten(args);
            assert_arity(t, &keys, 1, Some(1))?;
            match &keys[0] {
                Value::Boolean(b) => ty(Type::Boolean(Some(*b))),
                other => Err(specialization(t, other, "TrueClass or FalseClass").at_key(0)),
            }
        }
        Type::Variant(_) => {
            let keys = flatten(args);
            let types = assert_types(t, &keys)?;
            ty(variant_maybe(types))
        }
        Type::Optional(_) => {
            let keys = flatten(args);
            if keys.len() != 1 {
                return Err(slice_arity("Optional-Type", 1, None, keys.len()));
            }
            match &keys[0] {
                Value::Type(i) => ty(Type::Optional(Some(i.clone()))),
                Value::String(s) => ty(Type::optional(Type::string_value(s))),
                other => Err(slice_type("Optional-Type", other).at_key(0)),
            }
        }
        Type::NotUndef(_) => {
            let keys = flatten(args);
            match keys.len() {
                0 => ty(Type::NotUndef(None)),
                1 => match &keys[0] {
                    Value::String(s) => ty(Type::NotUndef(Some(Arc::new(Type::string_value(s))))),
                    Value::Type(i) => {
                        if **i == Type::Any {
                            ty(Type::NotUndef(None))
                        } else {
                            ty(Type::NotUndef(Some(i.clone())))
                        }
                    }
                    other => Err(Error::new(
                        "BAD_NOT_UNDEF_SLICE_TYPE",
                        format!("NotUndef-Type[] argument must be a Type or a String. Got {}", ruby_class(other)),
                    )
                    .at_key(0)),
                },
                n => Err(slice_arity("NotUndef-Type", 0, Some(1), n)),
            }
        }
        Type::Type(_) | Type::Iterable(_) | Type::Iterator(_) | Type::Sensitive(_) => {
            let name = match t {
                Type::Type(_) => "Type-Type",
                Type::Iterable(_) => "Iterable-Type",
                Type::Iterator(_) => "Iterator-Type",
                _ => "Sensitive-Type",
            };
            let keys = flatten(args);
            if keys.len() != 1 {
                return Err(slice_arity(name, 1, None, keys.len()));
            }
            let i = Arc::new(expect_type(name, &keys[0], 0)?);
            ty(match t {
                Type::Type(_) => Type::Type(Some(i)),
                Type::Iterable(_) => Type::Iterable(Some(i)),
                Type::Iterator(_) => Type::Iterator(Some(i)),
                // Generalized, as Puppet's `PSensitiveType#initialize` does.
                _ => Type::Sensitive(Some(Arc::new(crate::types::calc::generalize(&i)))),
            })
        }
        Type::Callable(_) => callable(t, args),
        Type::Runtime { .. } => {
            let keys = flatten(args);
            assert_arity(t, &keys, 2, Some(2))?;
            let mut parts = Vec::new();
            for (i, k) in keys.iter().enumerate() {
                match k {
                    Value::String(s) => parts.push(Arc::<str>::from(s.as_str())),
                    other => return Err(specialization(t, other, "String or String").at_key(i)),
                }
            }
            ty(Type::Runtime { runtime: Some(parts[0].clone()), name: Some(parts[1].clone()) })
        }
        Type::SemVer(_) => {
            let keys = flatten(args);
            assert_arity(t, &keys, 1, None)?;
            let mut ranges = Vec::new();
            for (i, k) in keys.iter().enumerate() {
                match k {
                    Value::String(s) => ranges.push(Arc::new(VersionRange::parse(s)?)),
                    Value::SemVerRange(r) => ranges.push(r.clone()),
                    other => return Err(specialization(t, other, "String or SemanticPuppet::VersionRange").at_key(i)),
                }
            }
            ty(Type::SemVer(ranges))
        }
        Type::Timespan { .. } => {
            let keys = flatten(args);
            if keys.len() > 2 {
                return Err(slice_arity(&type_base_label(t), 0, Some(2), keys.len()));
            }
            if keys.is_empty() {
                return ty(Type::Timespan { from: None, to: None });
            }
            let from = time_arg_span(&keys[0])?;
            let to = if keys.len() == 2 { time_arg_span(&keys[1])? } else { None };
            if let (Some(f), Some(t)) = (from, to)
                && f > t {
                    return Err(Error::argument(
                        format!(
                            "'from' must be less or equal to 'to'. Got ({}, {}",
                            f.to_puppet_string(),
                            t.to_puppet_string()
                        ),
                    ));
                }
            ty(Type::Timespan { from, to })
        }
        Type::Timestamp { .. } => {
            let keys = flatten(args);
            if keys.len() > 2 {
                return Err(slice_arity(&type_base_label(t), 0, Some(2), keys.len()));
            }
            if keys.is_empty() {
                return ty(Type::Timestamp { from: None, to: None });
            }
            let from = time_arg_stamp(&keys[0])?;
            let to = if keys.len() == 2 { time_arg_stamp(&keys[1])? } else { None };
            if let (Some(f), Some(t)) = (from, to)
                && f > t {
                    return Err(Error::argument(
                        format!(
                            "'from' must be less or equal to 'to'. Got ({}, {}",
                            f.to_puppet_string(),
                            t.to_puppet_string()
                        ),
                    ));
                }
            ty(Type::Timestamp { from, to })
        }
        Type::Uri(_) => {
            let keys = flatten(args);
            if keys.len() != 1 {
                return Err(slice_arity("URI-Type", 1, None, keys.len()));
            }
            // Puppet checks the parameter against `TYPE_URI_PARAM_TYPE`
            // first: a non-empty String, or a Hash of known components.
            if !matches!(&keys[0], Value::String(s) if !s.is_empty()) && !uri_param_hash(&keys[0]) {
                return Err(Error::new(
                    "BAD_TYPE_SLICE_TYPE",
                    format!("URI-Type[] arguments must be types. Got {}", ruby_class(&keys[0])),
                )
                .at_key(0));
            }
            match &keys[0] {
                // A string is parsed into its components (`uri_to_hash`).
                Value::String(s) => {
                    let u = crate::uri::Uri::parse(s)?;
                    ty(Type::Uri(u.to_param_hash().map(Arc::new)))
                }
                Value::Hash(h) if h.is_empty() => ty(Type::Uri(None)),
                Value::Hash(_) => ty(Type::Uri(Some(Arc::new(keys[0].clone())))),
                other => Err(Error::new(
                    "BAD_TYPE_SLICE_TYPE",
                    format!("URI-Type[] arguments must be types. Got {}", ruby_class(other)),
                )
                .at_key(0)),
            }
        }
        Type::Init { .. } => match args.first() {
            Some(Value::Type(target)) => ty(Type::Init { target: Some(target.clone()), args: args[1..].to_vec() }),
            other => Err(slice_type("Init-Type", other.unwrap_or(&Value::Undef)).at_key(0)),
        },
        Type::Object | Type::TypeSet => {
            let keys = flatten(args);
            let label = if matches!(t, Type::Object) { "Object-Type" } else { "TypeSet-Type" };
            if keys.len() != 1 {
                return Err(slice_arity(label, 1, None, keys.len()));
            }
            if matches!(t, Type::Object) { object_type(&keys[0]).map(Value::of_type) } else { type_set(&keys[0]).map(Value::of_type) }
        }
        Type::ObjectType(o) if o.name.is_some() => {
            let keys = flatten(args);
            Ok(Value::of_type(Type::ObjectExt(Arc::new(super::object::ObjectTypeExtension::new(o.clone(), &keys)?))))
        }
        Type::Alias(a) if matches!(a.resolved_type(), Some(Type::ObjectType(_))) => {
            parameterize(a.resolved_type().unwrap_or(&Type::Object), args)
        }
        Type::Resource { type_name, title } => resource(t, type_name.as_ref(), title.as_deref(), args),
        Type::Class(name) => class(name.as_deref(), args),
        // An alias cannot be parameterized (Puppet has no `[]` for it).
        Type::Alias(_) => Err(Error::new(
            "OPERATOR_NOT_APPLICABLE",
            format!("Operator '[]' is not applicable to {}.", a_an(&type_label(t))),
        )),
        Type::Reference(name) => {
            Err(Error::new("UNKNOWN_RESOURCE_TYPE", format!("Resource type not found: {name}")))
        }
        other => Err(Error::new(
            "OPERATOR_NOT_APPLICABLE",
            format!("Operator '[]' is not applicable to {}.", a_an(&type_label(other))),
        )),
    }
}

/// `Object[hash]` (Puppet's `TypeFactory.object`): the default `Object`
/// for an empty or undef hash, else an anonymous Object type.
pub fn object_type(init: &Value) -> Result<Type> {
    match init {
        Value::Undef => Ok(Type::Object),
        Value::Hash(h) if h.is_empty() => Ok(Type::Object),
        other => Ok(Type::ObjectType(Arc::new(super::object::ObjectType::from_init_hash(None, other)?))),
    }
}

/// `TypeSet[hash]` (Puppet's `TypeFactory.type_set`).
pub fn type_set(init: &Value) -> Result<Type> {
    match init {
        Value::Undef => Ok(Type::TypeSet),
        Value::Hash(h) if h.is_empty() => Ok(Type::TypeSet),
        other => Ok(Type::TypeSetType(Arc::new(super::typeset::TypeSetType::from_init_hash(None, other)?))),
    }
}

fn hash_type(k: Type, v: Type, size: Option<IntRange>) -> Type {
    if size.is_some_and(|s| s.from == Some(0) && s.to == Some(0)) {
        return Type::empty_hash();
    }
    Type::Hash { key: Arc::new(k), value: Arc::new(v), size }
}

fn assert_arity(t: &Type, keys: &[Value], min: usize, max: Option<usize>) -> Result<()> {
    let n = keys.len();
    if n < min || max.is_some_and(|m| n > m) {
        return Err(slice_arity(&type_base_label(t), 1, Some(max.unwrap_or(UNBOUNDED)), n));
    }
    Ok(())
}

fn assert_types(t: &Type, keys: &[Value]) -> Result<Vec<Type>> {
    assert_arity(t, keys, 1, None)?;
    keys.iter()
        .enumerate()
        .map(|(i, k)| match k {
            Value::Type(x) => Ok((**x).clone()),
            other => Err(specialization(t, other, "Any-Type").at_key(i)),
        })
        .collect()
}

fn callable(t: &Type, args: &[Value]) -> Result<Value> {
    let mut params: Vec<Value> = args.to_vec();
    let mut return_type = None;
    if params.len() == 2 {
        if let Value::Array(first) = &params[0] {
            let Value::Type(r) = &params[1] else {
                return Err(specialization(t, &params[1], "Any-Type"));
            };
            // Puppet's PCallableType drops a return type of Any.
            return_type = Some((**r).clone()).filter(|r| !matches!(r, Type::Any));
            params = first.to_vec();
        }
    } else if matches!(params.first(), Some(Value::Array(_))) {
        return Err(slice_arity(&type_base_label(t), 2, Some(2), params.len()));
    }
    let mut block = None;
    if let Some(Value::Type(last)) = params.last()
        && is_kind_of_callable(last) {
            block = Some((**last).clone());
            params.pop();
        }
    let n = params.len();
    let mut size = None;
    if n >= 2 && is_range_param(&params[n - 2]) && is_range_param(&params[n - 1]) {
        size = Some(int_range(range_bound(&params[n - 2]), range_bound(&params[n - 1]))?);
        params.truncate(n - 2);
    } else if n >= 1 && is_range_param(&params[n - 1]) {
        size = Some(int_range(range_bound(&params[n - 1]), None)?);
        params.truncate(n - 1);
    }
    let mut types: Vec<Type> = params.iter().map(type_of).collect();
    if types.is_empty() && size.is_some_and(|s: IntRange| s.to.is_none_or(|to| to > 0)) {
        types.push(Type::Unit);
    }
    Ok(Value::of_type(Type::Callable(Arc::new(CallableType {
        params: Some(Type::Tuple { types, size: size.map(IntRange::to_size) }),
        block,
        return_type,
    }))))
}

/// Puppet's `TypeFactory.type_of`: a type as is, a string names a Ruby
/// class, anything else is its generalized inferred type.
fn type_of(v: &Value) -> Type {
    match v {
        Value::Type(t) => (**t).clone(),
        Value::String(s) => Type::Runtime { runtime: Some(Arc::from("ruby")), name: Some(Arc::from(s.as_str())) },
        other => super::calc::infer_generalized(other),
    }
}

fn is_kind_of_callable(t: &Type) -> bool {
    kind_of_callable(t, &mut Vec::new())
}

/// [`is_kind_of_callable`] through the aliases on the path `entered`: an
/// alias met again on its own path (`type A = Optional[A]`) leads to no
/// Callable.
fn kind_of_callable(t: &Type, entered: &mut Vec<*const super::TypeAlias>) -> bool {
    if let Type::Alias(a) = t {
        if entered.contains(&Arc::as_ptr(a)) {
            return false;
        }
        entered.push(Arc::as_ptr(a));
    }
    let r = match t.resolved() {
        Type::Callable(_) => true,
        Type::Optional(Some(i)) => kind_of_callable(i, entered),
        Type::Variant(ts) => !ts.is_empty() && ts.iter().all(|x| kind_of_callable(x, entered)),
        _ => false,
    };
    if matches!(t, Type::Alias(_)) {
        entered.pop();
    }
    r
}

/// Puppet's `CLASSREF_EXT`: `\A((::){0,1}[A-Z][\w]*)+\z`.
fn is_classref_ext(name: &str) -> bool {
    let mut rest = name;
    if rest.is_empty() {
        return false;
    }
    while !rest.is_empty() {
        rest = rest.strip_prefix("::").unwrap_or(rest);
        let mut chars = rest.char_indices();
        match chars.next() {
            Some((_, c)) if c.is_ascii_uppercase() => {}
            _ => return false,
        }
        let end = rest
            .char_indices()
            .skip(1)
            .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
            .map_or(rest.len(), |(i, _)| i);
        rest = &rest[end..];
        if !rest.is_empty() && !rest.starts_with("::") {
            return false;
        }
    }
    true
}

fn resource(t: &Type, type_name: Option<&Arc<str>>, title: Option<&str>, args: &[Value]) -> Result<Value> {
    // The common reference, `File[$path]` or `Package['httpd']`: one title
    // for a named type, the result of the general path below without its
    // intermediate vectors (batch mode makes hundreds per catalog).
    if let (Some(name), None, [Value::String(s)]) = (type_name, title, args)
        && is_classref_ext(name)
    {
        return Ok(Value::of_type(Type::Resource { type_name: Some(name.clone()), title: Some(Arc::from(s.as_str())) }));
    }
    if args.is_empty() {
        return Err(slice_arity(&t.to_string(), 1, Some(UNBOUNDED), 0));
    }
    // The type's name is shared by the references made (no copy per
    // title); `Resource[type, ...]` takes it from the first key.
    let (name, keys): (Arc<str>, &[Value]) = match type_name {
        Some(n) => (n.clone(), args),
        None => {
            let first = &args[0];
            let name = match first {
                Value::String(s) => Arc::from(super::format::capitalize_segments(s)),
                Value::Type(rt) => match rt.as_ref() {
                    Type::Resource { type_name: Some(n), .. } => n.clone(),
                    _ => {
                        return Err(Error::new(
                            "ILLEGAL_RESOURCE_SPECIALIZATION",
                            format!(
                                "First argument to Resource[] must be a resource type or a String. Got {}.",
                                bad_key_type_name(first)
                            ),
                        )
                        .at_key(0));
                    }
                },
                other => {
                    return Err(Error::new(
                        "ILLEGAL_RESOURCE_SPECIALIZATION",
                        format!(
                            "First argument to Resource[] must be a resource type or a String. Got {}.",
                            bad_key_type_name(other)
                        ),
                    )
                    .at_key(0));
                }
            };
            (name, &args[1..])
        }
    };
    if !is_classref_ext(&name) {
        return Err(Error::new(
            "ILLEGAL_CLASSREF",
            format!("Illegal type reference. The given name '{name}' does not conform to the naming rule"),
        )
        .at_key(0));
    }
    let result_array = keys.len() > 1 || matches!(keys.first(), Some(Value::Array(_)));
    let orig = keys.len();
    let mut flat: Vec<Value> = flatten(keys).into_iter().filter(|k| !k.is_undef()).collect();
    if flat.is_empty() && orig > 0 {
        return Ok(if result_array { Value::array(vec![]) } else { Value::Undef });
    }
    if let Some(title) = title {
        return Err(Error::new(
            "UNKNOWN_RESOURCE",
            format!("Resource not found: {}['{}']", super::format::capitalize_segments(&name), title),
        ));
    }
    if flat.is_empty() {
        return Ok(Value::of_type(Type::Resource { type_name: Some(name.clone()), title: None }));
    }
    let mut out = Vec::new();
    // Puppet blames the key at the title's index among the titles (which
    // for `Resource[type, ...]` is one key to the left of the title).
    for (i, k) in flat.drain(..).enumerate() {
        match &k {
            Value::String(s) => out.push(Value::of_type(Type::Resource {
                type_name: Some(name.clone()),
                title: Some(Arc::from(s.as_str())),
            })),
            other => {
                return Err(Error::new(
                    "BAD_TYPE_SPECIALIZATION",
                    format!(
                        "Error creating type specialization of {}, Cannot use {} where a resource title String is expected",
                        a_an(&type_label(t)),
                        bad_key_type_name(other)
                    ),
                )
                .at_key(i));
            }
        }
    }
    Ok(if result_array { Value::array(out) } else { out.pop().unwrap_or(Value::Undef) })
}

/// Puppet's `NAME` pattern: `\A((::)?[a-z]\w*)(::[a-z]\w*)*\z`.
fn is_name(name: &str) -> bool {
    let body = name.strip_prefix("::").unwrap_or(name);
    !body.is_empty()
        && body.split("::").all(|seg| {
            let mut cs = seg.chars();
            matches!(cs.next(), Some(c) if c.is_ascii_lowercase()) && cs.all(|c| c.is_alphanumeric() || c == '_')
        })
}

fn class(name: Option<&str>, args: &[Value]) -> Result<Value> {
    // `Class['apache::service']`: a name already in canonical form (lower
    // case, no leading `::`) is the result of the general path below
    // without its copies.
    if let (None, [Value::String(s)]) = (name, args)
        && s.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase())
        && !s.starts_with("::")
        && is_name(s)
    {
        return Ok(Value::of_type(Type::Class(Some(Arc::from(s.as_str())))));
    }
    if args.is_empty() {
        return Err(slice_arity("Class", 1, Some(UNBOUNDED), 0));
    }
    let result_array = args.len() > 1 || matches!(args.first(), Some(Value::Array(_)));
    let keys: Vec<Value> = flatten(args).into_iter().filter(|k| !k.is_undef()).collect();
    if keys.is_empty() {
        return Ok(if result_array { Value::array(vec![]) } else { Value::Undef });
    }
    if let Some(n) = name {
        return Err(Error::new("UNKNOWN_RESOURCE", format!("Resource not found: Class['{n}']")));
    }
    let mut out = Vec::new();
    for (i, k) in keys.iter().enumerate() {
        let Value::String(s) = k else {
            return Err(Error::new(
                "ILLEGAL_HOSTCLASS_NAME",
                format!(
                    "Illegal Class name in class reference. {} cannot be used where a String is expected",
                    crate::label::a_an_uc_label(k)
                ),
            )
            .at_key(i));
        };
        let mut n = s.to_lowercase();
        if let Some(stripped) = n.strip_prefix("::") {
            n = stripped.to_string();
        }
        if !is_name(&n) {
            return Err(Error::new(
                "ILLEGAL_NAME",
                format!(
                    "Illegal name. The given name '{}' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/",
                    s
                ),
            )
            .at_key(i));
        }
        out.push(Value::of_type(Type::Class(Some(Arc::from(n.as_str())))));
    }
    Ok(if result_array { Value::array(out) } else { out.pop().unwrap_or(Value::Undef) })
}

/// Whether `v` is an instance of Puppet's `PURIType::TYPE_URI_PARAM_HASH_TYPE`
/// (the Hash form of a `URI[...]` parameter).
fn uri_param_hash(v: &Value) -> bool {
    static PARAM: std::sync::OnceLock<Option<Type>> = std::sync::OnceLock::new();
    let t = PARAM.get_or_init(|| {
        let s = "Optional[Variant[String[1], Regexp, Type[Pattern], Type[Enum], Type[NotUndef], Type[Undef]]]";
        let i = "Optional[Variant[Integer[0], Type[NotUndef], Type[Undef]]]";
        let members: Vec<String> = ["scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque"]
            .iter()
            .map(|k| format!("Optional['{k}'] => {}", if *k == "port" { i } else { s }))
            .collect();
        super::parser::parse_type(&format!("Struct[{{{}}}]", members.join(", "))).ok()
    });
    t.as_ref().is_some_and(|t| super::calc::instance_of(t, v))
}
