//! Values on the wire: Puppet's rich data (the Pcore data form that
//! `Puppet::Pops::Serialization::ToDataConverter` writes with `rich_data`)
//! as JSON. Plain data is itself (`undef` is `null`); a Hash whose keys are
//! not all Strings (or has a `__ptype` key) is `{"__ptype": "Hash",
//! "__pvalue": [k, v, ...]}`; other rich values are `{"__ptype": NAME,
//! "__pvalue": ...}` (`Sensitive`, `Default`, `Binary` in strict Base64,
//! `Regexp`, `SemVer`, `SemVerRange`, `URI`) or an Object's init hash
//! (`{"__ptype": "Deferred", "name": ..., "arguments": [...]}`).
//!
//! Where pjit differs from Pcore (the helper reads both sides,
//! `ruby/pjit_bridge.rb`): `Timestamp` and `Timespan` carry integer
//! nanoseconds (exact, no string format to agree on); a type is
//! `{"__ptype": "Type", "__pvalue": "Integer[1, 2]"}`, its string form,
//! which Ruby parses with Puppet's type parser (aliases resolved by the
//! environment's loaders); a lambda is `{"__ptype": "Pjit::Closure",
//! "handle": N, "signature": "Callable[...]", "names": [...]}`, a handle
//! into the request's table of callables, which the helper calls back
//! through; an Iterator crosses as the Array of its elements.

use std::sync::Arc;

use pjit_runtime::types::format::type_to_string;
use pjit_runtime::types::object::{ObjectValue, deferred_type};
use pjit_runtime::value::{CallableValue, HashMapV};
use pjit_runtime::{Type, Value};
use serde_json::{Map, Value as J, json};

const PTYPE: &str = "__ptype";
const PVALUE: &str = "__pvalue";

/// The callables handed to Ruby during a request, by handle.
#[derive(Default)]
pub struct Handles {
    pub callables: Vec<Value>,
}

fn typed(name: &str, v: J) -> J {
    json!({ PTYPE: name, PVALUE: v })
}

/// A value in its wire form.
pub fn to_wire(v: &Value, handles: &mut Handles) -> Result<J, String> {
    Ok(match v {
        Value::Undef => J::Null,
        Value::Default => json!({ PTYPE: "Default" }),
        Value::Boolean(b) => J::Bool(*b),
        Value::Integer(i) => J::from(*i),
        Value::Float(f) => match serde_json::Number::from_f64(*f) {
            Some(n) => J::Number(n),
            None => return Err(format!("the Float {f} cannot be passed to Ruby")),
        },
        Value::Timespan(t) => typed("Timespan", nanos_to_wire(t.0)),
        Value::Timestamp(t) => typed("Timestamp", nanos_to_wire(t.0)),
        Value::String(s) => J::String(s.to_string()),
        Value::Array(a) => J::Array(a.iter().map(|e| to_wire(e, handles)).collect::<Result<_, _>>()?),
        Value::Hash(h) => {
            if h.keys().all(|k| matches!(k, Value::String(s) if s.as_str() != PTYPE)) {
                let mut m = Map::with_capacity(h.len());
                for (k, e) in h.iter() {
                    m.insert(k.as_str().unwrap_or_default().to_string(), to_wire(e, handles)?);
                }
                J::Object(m)
            } else {
                let mut flat = Vec::with_capacity(h.len() * 2);
                for (k, e) in h.iter() {
                    flat.push(to_wire(k, handles)?);
                    flat.push(to_wire(e, handles)?);
                }
                typed("Hash", J::Array(flat))
            }
        }
        Value::Regexp(r) => typed("Regexp", J::String(r.source().to_string())),
        Value::Type(t) => typed("Type", J::String(type_to_string(t))),
        Value::SemVer(s) => typed("SemVer", J::String(s.to_string())),
        Value::SemVerRange(r) => typed("SemVerRange", J::String(r.to_string())),
        Value::Sensitive(s) => typed("Sensitive", to_wire(s, handles)?),
        Value::Binary(b) => typed("Binary", J::String(pjit_runtime::display::base64_encode(b))),
        Value::Iterator(it) => J::Array(it.elements.iter().map(|e| to_wire(e, handles)).collect::<Result<_, _>>()?),
        Value::Callable(c) => {
            let handle = handles.callables.len();
            handles.callables.push(v.clone());
            json!({
                PTYPE: "Pjit::Closure",
                "handle": handle,
                "signature": type_to_string(&c.signature),
                "names": closure_names(c),
            })
        }
        Value::Uri(u) => typed("URI", J::String(u.to_text())),
        Value::Object(o) => {
            let mut m = Map::new();
            m.insert(PTYPE.into(), J::String(o.ty.label().to_string()));
            for (k, e) in o.init_entries() {
                m.insert(k.to_string(), to_wire(&e, handles)?);
            }
            J::Object(m)
        }
    })
}

/// Parameter names for Ruby's view of a lambda (its `parameters`): the
/// runtime knows only the signature, so they are positional names.
fn closure_names(c: &CallableValue) -> Vec<String> {
    let n = match &c.signature {
        Type::Callable(ct) => match ct.params.as_ref() {
            Some(Type::Tuple { types, .. }) => types.len(),
            _ => 0,
        },
        _ => 0,
    };
    (0..n).map(|i| format!("p{i}")).collect()
}

/// A value from its wire form. `resolve` finds a type by name (aliases,
/// resource types), as the calling compile sees it.
pub fn from_wire(j: &J, handles: &Handles, resolve: &impl Fn(&str) -> Option<Type>) -> Result<Value, String> {
    Ok(match j {
        J::Null => Value::Undef,
        J::Bool(b) => Value::Boolean(*b),
        J::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None if n.is_u64() => return Err(format!("the Integer {n} is beyond 64 bits")),
            None => Value::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        J::String(s) => Value::string(s.as_str()),
        J::Array(a) => Value::array(a.iter().map(|e| from_wire(e, handles, resolve)).collect::<Result<_, _>>()?),
        J::Object(m) => match m.get(PTYPE) {
            None => {
                let mut h = HashMapV::with_capacity_and_hasher(m.len(), Default::default());
                for (k, e) in m {
                    h.insert(Value::string(k.as_str()), from_wire(e, handles, resolve)?);
                }
                Value::hash_from(h)
            }
            Some(t) => rich(t.as_str().unwrap_or_default(), m, handles, resolve)?,
        },
    })
}

/// Nanoseconds as a JSON number, or as a string of digits beyond 64 bits
/// (dates past 2262): the Ruby side reads both with `Integer()`.
fn nanos_to_wire(n: i128) -> J {
    match i64::try_from(n) {
        Ok(n) => J::from(n),
        Err(_) => J::String(n.to_string()),
    }
}

fn rich(t: &str, m: &Map<String, J>, handles: &Handles, resolve: &impl Fn(&str) -> Option<Type>) -> Result<Value, String> {
    let pv = m.get(PVALUE).unwrap_or(&J::Null);
    let text = || pv.as_str().ok_or_else(|| format!("a {t} without its string form"));
    let nanos = || {
        let n = pv.as_i64().map(i128::from).or_else(|| pv.as_str().and_then(|s| s.parse().ok()));
        n.ok_or_else(|| format!("a {t} without its nanoseconds"))
    };
    Ok(match t {
        "Hash" => {
            let flat = pv.as_array().ok_or("an extended Hash without its entries")?;
            let mut h = HashMapV::with_capacity_and_hasher(flat.len() / 2, Default::default());
            for kv in flat.chunks(2) {
                let v = kv.get(1).map_or(Ok(Value::Undef), |v| from_wire(v, handles, resolve))?;
                h.insert(from_wire(&kv[0], handles, resolve)?, v);
            }
            Value::hash_from(h)
        }
        "Default" => Value::Default,
        "Sensitive" => Value::Sensitive(Arc::new(from_wire(pv, handles, resolve)?)),
        "Timestamp" => Value::timestamp(pjit_runtime::time::Timestamp::new(Some(nanos()?)).map_err(|e| e.message().to_string())?),
        "Timespan" => Value::timespan(pjit_runtime::time::Timespan::new(Some(nanos()?)).map_err(|e| e.message().to_string())?),
        "Binary" => Value::Binary(Arc::new(pjit_runtime::convert::strict_base64_decode(text()?).map_err(|e| e.message().to_string())?)),
        "Regexp" => Value::Regexp(pjit_runtime::regex::Regex::new(text()?).map_err(|e| e.message().to_string())?),
        "SemVer" => Value::SemVer(Arc::new(pjit_runtime::semver::parse_version(text()?).map_err(|e| e.message().to_string())?)),
        "SemVerRange" => {
            Value::SemVerRange(Arc::new(pjit_runtime::semver::VersionRange::parse(text()?).map_err(|e| e.message().to_string())?))
        }
        "Type" => {
            let ty = pjit_runtime::types::parser::parse_type_with(text()?, resolve).map_err(|e| e.message().to_string())?;
            Value::of_type(ty)
        }
        "URI" => Value::Uri(Arc::new(pjit_runtime::uri::Uri::parse(text()?).map_err(|e| e.message().to_string())?)),
        "Pjit::Closure" => {
            let h = m.get("handle").and_then(J::as_u64).ok_or("a lambda without its handle")?;
            handles.callables.get(h as usize).cloned().ok_or("a lambda handle of another request")?
        }
        "Deferred" => {
            let ty = deferred_type();
            let mut values = Vec::with_capacity(ty.attributes.len());
            for a in &ty.attributes {
                values.push(match m.get(&a.name) {
                    Some(v) => from_wire(v, handles, resolve)?,
                    None => a.value.clone().ok_or_else(|| format!("a Deferred without its {}", a.name))?,
                });
            }
            Value::Object(Arc::new(ObjectValue { ty, values }))
        }
        other => return Err(format!("a value of type {other} cannot be returned to Puppet code by pjit")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip(v: &Value) -> Value {
        let mut h = Handles::default();
        let j = to_wire(v, &mut h).unwrap();
        from_wire(&j, &h, &|_| None).unwrap()
    }

    #[test]
    fn rich_values_round_trip() {
        let cases = [
            Value::Undef,
            Value::Default,
            Value::Integer(-3),
            Value::Float(1.5),
            Value::string("x"),
            Value::array(vec![Value::Integer(1), Value::Undef]),
            Value::hash([(Value::string("a"), Value::Integer(1))]),
            Value::hash([(Value::Integer(1), Value::string("one")), (Value::string(PTYPE), Value::Undef)]),
            Value::Sensitive(Arc::new(Value::string("secret"))),
            Value::timestamp(pjit_runtime::time::Timestamp(1_577_934_245_123_000_000)),
            Value::timespan(pjit_runtime::time::Timespan(-5)),
            Value::Binary(Arc::new(vec![0, 255, 7])),
            Value::of_type(pjit_runtime::types::parser::parse_type("Optional[Integer[1, 2]]").unwrap()),
        ];
        for v in cases {
            // Time values are hash keys by identity (as Ruby's), so
            // compare them by Puppet's `==`.
            let back = roundtrip(&v);
            assert!(back == v || pjit_runtime::ops::equals(&back, &v), "{v:?} came back as {back:?}");
        }
    }

    #[test]
    fn plain_hashes_are_json_objects() {
        let mut h = Handles::default();
        let v = Value::hash([(Value::string("a"), Value::array(vec![Value::Boolean(true)]))]);
        assert_eq!(to_wire(&v, &mut h).unwrap(), json!({"a": [true]}));
        let ext = Value::hash([(Value::Integer(1), Value::Default)]);
        assert_eq!(to_wire(&ext, &mut h).unwrap(), json!({"__ptype": "Hash", "__pvalue": [1, {"__ptype": "Default"}]}));
    }
}
