//! Helpers shared by the function implementations: signature-spec
//! splitting, placeholders for Puppet's Object types in signatures, lambda
//! arity, the Iterable protocol (`Iterable.on`), Ruby's `<=>` and merge
//! sort (the order in which `sort`/`max` call a lambda and the pair named in
//! `comparison of X with Y failed`), and the logging format.

use std::cmp::Ordering;
use std::sync::Arc;

use super::{FnResult, Host, Unwind};
use crate::display::ruby_float_to_s;
use crate::error::Error;
use crate::types::calc::{infer_set, variant_maybe};
use crate::types::{IntRange, Type, TypeAlias};
use crate::value::{IteratorValue, Value};

/// Splits a signature spec at top-level commas (not inside `[]`, `{}`,
/// `()`, quotes or regexps).
pub(crate) fn split_top_level(spec: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    for c in spec.chars() {
        if let Some(q) = quote {
            cur.push(c);
            if c == q && prev != '\\' {
                quote = None;
            }
            prev = if prev == '\\' && c == '\\' { ' ' } else { c };
            continue;
        }
        match c {
            '\'' | '"' => quote = Some(c),
            '/' if matches!(prev, '[' | ',' | ' ') => quote = Some('/'),
            '[' | '{' | '(' => depth += 1,
            ']' | '}' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                prev = c;
                continue;
            }
            _ => {}
        }
        cur.push(c);
        prev = c;
    }
    out.push(cur);
    out
}

/// Types of signatures that name Puppet Object types the runtime does not
/// model (`Annotation`, `Pcore`: references no value matches), and
/// `Deferred`, which it does.
pub(crate) fn placeholder_type(name: &str) -> Option<Type> {
    match name {
        "Annotation" | "Pcore" => Some(Type::Reference(Arc::from(name))),
        "Deferred" => Some(Type::ObjectType(crate::types::object::deferred_type())),
        "Pcore::MemberName" => {
            let re = crate::regex::Regex::new(r"\A[a-z_]\w*\z").ok()?;
            Some(Type::Alias(TypeAlias::resolved("Pcore::MemberName", Type::Pattern(vec![re]))))
        }
        _ => None,
    }
}


/// Writes the placeholders as Puppet writes those types: by name in a
/// signature line, as an `Object[...]` type in a mismatch.
pub(crate) fn placeholder_text(text: &str, in_signature: bool) -> String {
    if !text.contains("TypeReference[") {
        return text.to_string();
    }
    let mut s = text.to_string();
    for name in ["Annotation", "Pcore"] {
        let from = format!("TypeReference['{name}']");
        let to = if in_signature { name.to_string() } else { format!("Object[{{name => '{name}'}}]") };
        s = s.replace(&from, &to);
    }
    s
}

/// The (min, max) number of arguments a lambda accepts; `None` max is a
/// captures-rest parameter.
pub(crate) fn block_range(block: &Value) -> (usize, Option<usize>) {
    if let Value::Callable(c) = block
        && let Type::Callable(ct) = &c.signature
        && let Some(Type::Tuple { types, size }) = &ct.params
    {
        return match size {
            Some(r) => (r.from.unwrap_or(0).max(0) as usize, r.to.map(|t| t.max(0) as usize)),
            None => (types.len(), Some(types.len())),
        };
    }
    (0, None)
}

/// Ruby's `Proc#arity` of the proc Puppet makes of a lambda: the number of
/// required parameters, negated (minus one) when optional or rest
/// parameters follow.
pub(crate) fn block_arity(block: &Value) -> i64 {
    let (min, max) = block_range(block);
    if max == Some(min) { min as i64 } else { -(min as i64) - 1 }
}

/// Calls the block.
pub(crate) fn yield_(host: &mut dyn Host, block: &Value, args: &[Value]) -> FnResult {
    host.call_callable(block, args)
}

/// An iteration over a value (Puppet's `Iterable.on`). The element type
/// is computed only when asked for: inferring it looks at every element
/// (and dedups their types), which iteration functions that only walk the
/// elements must not pay for.
pub(crate) struct Iter {
    pub elements: Vec<Value>,
    source: Value,
}

impl Iter {
    /// The type of the elements (what an Iterator made from them reports).
    pub fn element_type(&self) -> Type {
        let infer_all = |items: &[Value]| variant_maybe(items.iter().map(infer_set).collect());
        match &self.source {
            Value::Array(a) => {
                if a.is_empty() {
                    Type::Unit
                } else {
                    infer_all(a)
                }
            }
            Value::Hash(h) => {
                if h.is_empty() {
                    Type::Tuple { types: vec![Type::Any, Type::Any], size: Some(IntRange::exact(2)) }
                } else {
                    let keys: Vec<Value> = h.keys().cloned().collect();
                    let values: Vec<Value> = h.values().cloned().collect();
                    Type::Tuple { types: vec![infer_all(&keys), infer_all(&values)], size: Some(IntRange::exact(2)) }
                }
            }
            Value::String(_) => Type::String { size: Some(IntRange::exact(1)), value: None },
            Value::Integer(0) => Type::Unit,
            Value::Iterator(it) => it.element_type.clone(),
            Value::Type(t) if matches!(t.resolved(), Type::Enum { .. }) => t.resolved().clone(),
            Value::Integer(n) => Type::integer(Some(0), Some(n - 1)),
            Value::Type(t) => t.resolved().clone(),
            _ => Type::Any,
        }
    }
}

/// `Iterable.asserted_iterable(self, v)`.
pub(crate) fn iterable(v: &Value) -> Result<Iter, Error> {
    let elements = match v {
        Value::Array(a) => a.to_vec(),
        Value::Hash(h) => h.iter().map(|(k, e)| Value::array(vec![k.clone(), e.clone()])).collect(),
        Value::String(s) => s.chars().map(|c| Value::string(c.to_string())).collect(),
        Value::Integer(0) => vec![],
        Value::Iterator(it) => it.elements.clone(),
        Value::Type(t) if matches!(t.resolved(), Type::Enum { .. }) => {
            crate::convert::iterable_elements(v)?.unwrap_or_default()
        }
        _ => crate::convert::iterable_elements(v)?
            .ok_or_else(|| Error::argument(format!("{} is not Iterable", crate::label::ruby_class(v))))?,
    };
    Ok(Iter { elements, source: v.clone() })
}

/// An Iterator value.
pub(crate) fn iterator_value(elements: Vec<Value>, element_type: Type) -> Value {
    Value::Iterator(Arc::new(IteratorValue { elements, element_type, hash_style: false }))
}

/// An Iterator over a hash's `[key, value]` entries (Puppet's
/// `HashIterator`).
pub(crate) fn hash_iterator_value(elements: Vec<Value>, element_type: Type) -> Value {
    Value::Iterator(Arc::new(IteratorValue { elements, element_type, hash_style: true }))
}

/// The hash a hash-style iterator walks (None for any other value).
pub(crate) fn hash_style_hash(v: &Value) -> Option<Value> {
    let Value::Iterator(it) = v else { return None };
    if !it.hash_style {
        return None;
    }
    let entries = it.elements.iter().filter_map(|e| match e.as_array() {
        Some([k, x]) => Some((k.clone(), x.clone())),
        _ => None,
    });
    Some(Value::hash(entries))
}

// ---------------------------------------------------------------------------
// Ruby comparison.

/// Ruby's `inspect`-or-class used by `rb_cmperr`: special constants and
/// floats are inspected, other objects named by class.
fn cmperr_operand(v: &Value) -> String {
    match v {
        Value::Undef => "nil".into(),
        Value::Boolean(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => ruby_float_to_s(*f),
        Value::Default => ":default".into(),
        other => ruby_class_name(other),
    }
}

/// A value's Ruby class name as Ruby's messages print it.
pub(crate) fn ruby_class_name(v: &Value) -> String {
    crate::label::ruby_class(v)
}

/// Ruby's `comparison of X with Y failed` (an ArgumentError).
pub(crate) fn cmperr(a: &Value, b: &Value) -> Error {
    Error::argument(format!("comparison of {} with {} failed", ruby_class_name(a), cmperr_operand(b)))
}

/// Ruby's `a <=> b` on Puppet's runtime objects; `None` when Ruby answers nil.
pub(crate) fn ruby_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    use Value as V;
    match (a, b) {
        (V::Integer(x), V::Integer(y)) => Some(x.cmp(y)),
        (V::Integer(x), V::Float(y)) => (*x as f64).partial_cmp(y),
        (V::Float(x), V::Integer(y)) => x.partial_cmp(&(*y as f64)),
        (V::Float(x), V::Float(y)) => x.partial_cmp(y),
        (V::String(x), V::String(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (V::Array(x), V::Array(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                match ruby_cmp(p, q)? {
                    Ordering::Equal => {}
                    o => return Some(o),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        (V::Timespan(_) | V::Timestamp(_), _) => super::numeric::time_cmp(a, b),
        (V::SemVer(x), V::SemVer(y)) => Some(crate::semver::cmp_versions(x, y)),
        // Object#<=>: 0 for equal objects, nil otherwise.
        _ => {
            if a.eql(b) {
                Some(Ordering::Equal)
            } else {
                None
            }
        }
    }
}

/// Ruby's `inspect` of the object Puppet uses for a value, as Ruby's
/// `NoMethodError` messages show it (type objects with their instance
/// variables, the address masked as the oracle masks it).
pub(crate) fn ruby_object_inspect(v: &Value) -> String {
    match v {
        Value::Type(t) => {
            let bound = |b: Option<i64>, inf: &str| b.map_or(inf.to_string(), |x| x.to_string());
            match t.resolved() {
                Type::Integer(r) => format!(
                    "#<Puppet::Pops::Types::PIntegerType:0x<addr> @from={}, @to={}>",
                    bound(r.from, "-Infinity"),
                    bound(r.to, "Infinity")
                ),
                Type::Enum { values, case_insensitive } => format!(
                    "#<Puppet::Pops::Types::PEnumType:0x<addr> @values=[{}], @case_insensitive={case_insensitive}>",
                    values.iter().map(|s| crate::display::ruby_inspect(&Value::string(s.as_str()))).collect::<Vec<_>>().join(", ")
                ),
                other => format!("#<Puppet::Pops::Types::P{}Type:0x<addr>>", super::describe::simple_name(other)),
            }
        }
        Value::Regexp(r) => r.to_delimited(),
        other => crate::display::ruby_inspect(other),
    }
}

/// Ruby's `NoMethodError` message: `undefined method `m' for <inspect>`,
/// with `:Class` after an inspect that is not a `#<...>` form, and the
/// `did_you_mean` suggestions.
pub(crate) fn no_method(method: &str, v: &Value, suggestions: &[&str]) -> Error {
    let inspect = ruby_object_inspect(v);
    let mut msg = if inspect.starts_with('#') {
        format!("undefined method `{method}' for {inspect}")
    } else {
        format!("undefined method `{method}' for {inspect}:{}", ruby_class_name(v))
    };
    if !suggestions.is_empty() {
        msg.push_str("\nDid you mean?  ");
        msg.push_str(&suggestions.join("\n               "));
    }
    Error::argument(msg)
}

/// Ruby's `rb_cmpint` on the value a comparison block returned.
pub(crate) fn cmpint(r: &Value, a: &Value, b: &Value) -> Result<Ordering, Error> {
    match r {
        Value::Integer(i) => Ok(i.cmp(&0)),
        Value::Float(f) => Ok(if *f > 0.0 {
            Ordering::Greater
        } else if *f < 0.0 {
            Ordering::Less
        } else {
            Ordering::Equal
        }),
        Value::Undef => Err(cmperr(a, b)),
        Value::String(_) | Value::Timespan(_) | Value::Timestamp(_) | Value::SemVer(_) => {
            Err(Error::argument(format!("comparison of {} with 0 failed", ruby_class_name(r))))
        }
        Value::Hash(_) => Err(Error::argument("no implicit conversion of Integer into Hash")),
        other => Err(no_method(">", other, &[])),
    }
}

/// glibc's `qsort_r` (a top-down merge sort), which Ruby's `Array#sort`
/// uses: the comparison order (and so the first failing pair and the
/// calls of a comparison lambda) is Ruby's.
pub(crate) fn merge_sort(
    items: &mut [Value],
    cmp: &mut dyn FnMut(&Value, &Value) -> Result<Ordering, Unwind>,
) -> Result<(), Unwind> {
    let n = items.len();
    if n <= 1 {
        return Ok(());
    }
    let n1 = n / 2;
    {
        let (b1, b2) = items.split_at_mut(n1);
        merge_sort(b1, cmp)?;
        merge_sort(b2, cmp)?;
    }
    let mut tmp: Vec<Value> = Vec::with_capacity(n);
    let (mut i, mut j) = (0, n1);
    while i < n1 && j < n {
        if cmp(&items[i], &items[j])? != Ordering::Greater {
            tmp.push(items[i].clone());
            i += 1;
        } else {
            tmp.push(items[j].clone());
            j += 1;
        }
    }
    while i < n1 {
        tmp.push(items[i].clone());
        i += 1;
    }
    let k = tmp.len();
    for (idx, v) in tmp.into_iter().enumerate() {
        items[idx] = v;
    }
    debug_assert!(k <= n);
    Ok(())
}
