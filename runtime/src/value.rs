//! `Value`: the runtime representation of every Puppet value, its memory
//! layout (what JIT code may inspect), Ruby `eql?`/`hash` semantics for hash
//! keys, truthiness, and stack-safe drop of deeply nested containers.
//!
//! Layout (see docs/runtime.md): `#[repr(C, u8)]`, 16 bytes. The tag byte is at
//! offset 0 and an 8-byte payload at offset 8. Scalars (undef, default,
//! boolean, integer, float) are inline; everything else is
//! one `Arc` pointer (timespans and timestamps too: their 128-bit
//! nanosecond counts do not fit the payload, and they are rare), so cloning a value is a copy or a reference-count bump
//! and values can be shared between threads.
//!
//! **Invariant:** the discriminants below are part of the JIT ABI; change
//! them only together with the code generator.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use indexmap::IndexMap;

use crate::regex::Regex;
use crate::semver::VersionRange;
use crate::time::{Timespan, Timestamp};
use crate::types::Type;

/// Stack red zone for the recursive algorithms over values and types: when
/// less than this is left, `stacker` continues on a new heap segment, so a
/// 100,000-deep nested array compares, prints and drops without overflow.
pub(crate) const RED_ZONE: usize = 64 * 1024;
pub(crate) const STACK_GROWTH: usize = 1024 * 1024;

/// Runs `f` with enough stack, growing it on the heap when needed.
#[inline]
pub(crate) fn guard_stack<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, STACK_GROWTH, f)
}

/// A Puppet value.
///
/// `PartialEq`/`Eq`/`Hash` implement Ruby's `eql?`/`hash`, the semantics of
/// hash keys: strings compare case-sensitively, `1` and `1.0` differ, hashes
/// compare without regard to order. Puppet's `==` operator is
/// [`crate::ops::equals`].
#[repr(C, u8)]
#[derive(Clone, Debug)]
pub enum Value {
    Undef = 0,
    Default = 1,
    Boolean(bool) = 2,
    Integer(i64) = 3,
    Float(f64) = 4,
    /// Nanoseconds (boxed: see the module comment; [`Value::timespan`]).
    Timespan(Arc<Timespan>) = 5,
    /// Nanoseconds since the Unix epoch, UTC ([`Value::timestamp`]).
    Timestamp(Arc<Timestamp>) = 6,
    String(PStr) = 7,
    Array(PArray) = 8,
    Hash(PHash) = 9,
    Regexp(Arc<Regex>) = 10,
    /// A type; resource references (`Notify['x']`) and class references
    /// (`Class['x']`) are types too, as in Puppet.
    Type(Arc<Type>) = 11,
    SemVer(Arc<semver::Version>) = 12,
    SemVerRange(Arc<VersionRange>) = 13,
    Sensitive(Arc<Value>) = 14,
    Binary(Arc<Vec<u8>>) = 15,
    Iterator(Arc<IteratorValue>) = 16,
    Callable(Arc<CallableValue>) = 17,
    Uri(Arc<crate::uri::Uri>) = 18,
    /// An instance of a Pcore Object type (a `Deferred`).
    Object(Arc<crate::types::object::ObjectValue>) = 19,
}

/// The tag byte of each variant, as JIT code sees it at offset 0.
pub mod tag {
    pub const UNDEF: u8 = 0;
    pub const DEFAULT: u8 = 1;
    pub const BOOLEAN: u8 = 2;
    pub const INTEGER: u8 = 3;
    pub const FLOAT: u8 = 4;
    pub const TIMESPAN: u8 = 5;
    pub const TIMESTAMP: u8 = 6;
    pub const STRING: u8 = 7;
    pub const ARRAY: u8 = 8;
    pub const HASH: u8 = 9;
    pub const REGEXP: u8 = 10;
    pub const TYPE: u8 = 11;
    pub const SEMVER: u8 = 12;
    pub const SEMVER_RANGE: u8 = 13;
    pub const SENSITIVE: u8 = 14;
    pub const BINARY: u8 = 15;
    pub const ITERATOR: u8 = 16;
    pub const CALLABLE: u8 = 17;
    pub const URI: u8 = 18;
    pub const OBJECT: u8 = 19;
}

/// An immutable shared string (one thin pointer).
pub type PStr = Arc<String>;

/// The element storage of an Array value.
pub type ArrayVec = Vec<Value>;
/// The entry storage of a Hash value; insertion-ordered. The hasher is a
/// fast fixed-seed one (`foldhash`): iteration order is insertion order
/// whatever the hasher, so output stays deterministic, and manifests are not
/// an adversarial input for hash flooding.
pub type HashMapV = IndexMap<Value, Value, foldhash::fast::FixedState>;

/// A shared immutable array. Dropping the last reference to a deeply nested
/// array does not recurse (see `Drop`).
#[derive(Clone, Debug, Default)]
pub struct PArray(pub Arc<ArrayVec>);

/// A shared immutable insertion-ordered hash.
#[derive(Clone, Debug, Default)]
pub struct PHash(pub Arc<HashMapV>);

impl std::ops::Deref for PArray {
    type Target = ArrayVec;
    fn deref(&self) -> &ArrayVec {
        &self.0
    }
}
impl std::ops::Deref for PHash {
    type Target = HashMapV;
    fn deref(&self) -> &HashMapV {
        &self.0
    }
}

/// Moves the children of a value that is about to be freed onto `stack`, so
/// that nested containers are freed in a loop instead of by recursion.
fn take_children(v: Value, stack: &mut Vec<Value>) {
    match v {
        Value::Array(mut a) => {
            if let Some(vec) = Arc::get_mut(&mut a.0) {
                stack.append(vec);
            }
        }
        Value::Hash(mut h) => {
            if let Some(map) = Arc::get_mut(&mut h.0) {
                for (k, v) in map.drain(..) {
                    stack.push(k);
                    stack.push(v);
                }
            }
        }
        _ => {}
    }
}

impl Drop for PArray {
    fn drop(&mut self) {
        if let Some(vec) = Arc::get_mut(&mut self.0) {
            if vec.iter().all(|v| !matches!(v, Value::Array(_) | Value::Hash(_))) {
                return;
            }
            let mut stack = std::mem::take(vec);
            while let Some(v) = stack.pop() {
                take_children(v, &mut stack);
            }
        }
    }
}

impl Drop for PHash {
    fn drop(&mut self) {
        if let Some(map) = Arc::get_mut(&mut self.0) {
            if map.values().all(|v| !matches!(v, Value::Array(_) | Value::Hash(_))) {
                return;
            }
            let mut stack = Vec::new();
            for (k, v) in map.drain(..) {
                stack.push(k);
                stack.push(v);
            }
            while let Some(v) = stack.pop() {
                take_children(v, &mut stack);
            }
        }
    }
}

/// An Iterator value (what `reverse_each`, `step` ... return without a
/// block). The evaluator materializes the elements; `element_type` is what
/// `type_of` reports.
#[derive(Debug)]
pub struct IteratorValue {
    pub elements: Vec<Value>,
    pub element_type: Type,
    /// An iteration of a hash's `[key, value]` entries (Puppet's
    /// `HashIterator`, what `$hash.step(1)` returns): two-parameter blocks
    /// get `key, value` as they would from the hash itself.
    pub hash_style: bool,
}

/// A callable (function or lambda) value. The runtime knows its name and
/// signature only; the evaluator owns the code, found through `id`.
#[derive(Debug)]
pub struct CallableValue {
    pub name: String,
    pub id: u64,
    /// The `Callable[...]` type describing its signature.
    pub signature: Type,
}

impl Value {
    /// A String value.
    pub fn string(s: impl Into<String>) -> Value {
        Value::String(Arc::new(s.into()))
    }

    /// An Array value.
    pub fn array(v: Vec<Value>) -> Value {
        Value::Array(PArray(Arc::new(v)))
    }

    /// A Hash value from entries in order (a later duplicate key replaces the
    /// value but keeps the first position, as in Ruby).
    pub fn hash(entries: impl IntoIterator<Item = (Value, Value)>) -> Value {
        Value::Hash(PHash(Arc::new(entries.into_iter().collect())))
    }

    /// A Hash value from a map.
    pub fn hash_from(map: HashMapV) -> Value {
        Value::Hash(PHash(Arc::new(map)))
    }

    /// A Type value.
    pub fn of_type(t: Type) -> Value {
        Value::Type(Arc::new(t))
    }

    /// A Timespan value.
    pub fn timespan(t: Timespan) -> Value {
        Value::Timespan(Arc::new(t))
    }

    /// A Timestamp value.
    pub fn timestamp(t: Timestamp) -> Value {
        Value::Timestamp(Arc::new(t))
    }

    /// The tag byte (the discriminant JIT code reads at offset 0).
    pub fn tag(&self) -> u8 {
        // SAFETY: `Value` is `#[repr(C, u8)]`, so its first byte is the
        // discriminant (the primitive representation of a field-carrying
        // enum is specified to start with the tag).
        unsafe { *(self as *const Value as *const u8) }
    }

    /// Puppet's truthiness: `undef` and `false` are false, everything else
    /// (including `''` and `0`) is true.
    pub fn is_truthy(&self) -> bool {
        !matches!(self, Value::Undef | Value::Boolean(false))
    }

    pub fn is_undef(&self) -> bool {
        matches!(self, Value::Undef)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s.as_str()),
            _ => None,
        }
    }

    pub fn as_type(&self) -> Option<&Type> {
        match self {
            Value::Type(t) => Some(t),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a.as_slice()),
            _ => None,
        }
    }

    pub fn as_hash(&self) -> Option<&HashMapV> {
        match self {
            Value::Hash(h) => Some(h),
            _ => None,
        }
    }

    /// Ruby's `eql?`: the semantics of hash keys and of `Array#delete`.
    #[inline]
    pub fn eql(&self, other: &Value) -> bool {
        match (self, other) {
            // Hot for hash lookups: no stack check needed for leaves.
            (Value::String(x), Value::String(y)) => x == y,
            (Value::Integer(x), Value::Integer(y)) => x == y,
            _ => guard_stack(|| eql(self, other)),
        }
    }
}

fn float_key(f: f64) -> u64 {
    // -0.0 and 0.0 are the same hash key in Ruby.
    if f == 0.0 { 0 } else { f.to_bits() }
}

fn eql(a: &Value, b: &Value) -> bool {
    use Value::*;
    match (a, b) {
        (Undef, Undef) | (Default, Default) => true,
        (Boolean(x), Boolean(y)) => x == y,
        (Integer(x), Integer(y)) => x == y,
        (Float(x), Float(y)) => float_key(*x) == float_key(*y),
        // Puppet's Timespan and Timestamp (Ruby Numerics) have no `hash`
        // of their own: as hash keys (and for `unique`) each is only the
        // object it is, whatever time it holds.
        (Timespan(x), Timespan(y)) => Arc::ptr_eq(x, y),
        (Timestamp(x), Timestamp(y)) => Arc::ptr_eq(x, y),
        (String(x), String(y)) => x == y,
        (Array(x), Array(y)) => {
            Arc::ptr_eq(&x.0, &y.0) || (x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| p.eql(q)))
        }
        (Hash(x), Hash(y)) => {
            Arc::ptr_eq(&x.0, &y.0)
                || (x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| v.eql(w))))
        }
        (Regexp(x), Regexp(y)) => x.source() == y.source(),
        (Type(x), Type(y)) => x == y,
        (SemVer(x), SemVer(y)) => x == y,
        (SemVerRange(x), SemVerRange(y)) => x == y,
        // Puppet's Sensitive#== compares the wrapped values' hashes.
        (Sensitive(x), Sensitive(y)) => Arc::ptr_eq(x, y) || x.eql(y),
        (Binary(x), Binary(y)) => x == y,
        (Iterator(x), Iterator(y)) => Arc::ptr_eq(x, y),
        (Callable(x), Callable(y)) => Arc::ptr_eq(x, y),
        (Uri(x), Uri(y)) => x.equals(y),
        (Object(x), Object(y)) => x.eql(y),
        _ => false,
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.eql(other)
    }
}
impl Eq for Value {}

impl Hash for Value {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Value::Array(_) | Value::Hash(_) | Value::Type(_) | Value::Sensitive(_) => {
                guard_stack(|| hash_value(self, state))
            }
            _ => hash_value(self, state),
        }
    }
}

fn hash_value<H: Hasher>(v: &Value, state: &mut H) {
    state.write_u8(v.tag());
    match v {
        Value::Undef | Value::Default => {}
        Value::Boolean(b) => b.hash(state),
        Value::Integer(i) => i.hash(state),
        Value::Float(f) => float_key(*f).hash(state),
        Value::Timespan(t) => (Arc::as_ptr(t) as usize).hash(state),
        Value::Timestamp(t) => (Arc::as_ptr(t) as usize).hash(state),
        Value::String(s) => s.hash(state),
        Value::Array(a) => {
            a.len().hash(state);
            for e in a.iter() {
                hash_value(e, state);
            }
        }
        Value::Hash(h) => {
            // Order-independent, as equality is.
            let mut acc: u64 = 0;
            for (k, v) in h.iter() {
                let mut s = std::collections::hash_map::DefaultHasher::new();
                hash_value(k, &mut s);
                hash_value(v, &mut s);
                acc = acc.wrapping_add(s.finish());
            }
            h.len().hash(state);
            acc.hash(state);
        }
        Value::Regexp(r) => r.source().hash(state),
        Value::Type(t) => t.hash(state),
        Value::SemVer(s) => s.to_string().hash(state),
        Value::SemVerRange(r) => r.hash(state),
        Value::Sensitive(s) => hash_value(s, state),
        Value::Binary(b) => b.hash(state),
        Value::Iterator(i) => (Arc::as_ptr(i) as usize).hash(state),
        Value::Callable(c) => (Arc::as_ptr(c) as usize).hash(state),
        // What `Uri::equals` compares, roughly (equal URIs hash alike).
        Value::Uri(u) => u.host.as_deref().map(str::to_ascii_lowercase).hash(state),
        // What `ObjectValue::eql` compares: the equality attributes.
        Value::Object(o) => {
            for m in o.ty.equality_attributes() {
                if let Some(v) = o.get(&m.name) {
                    hash_value(&v, state);
                }
            }
        }
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Integer(i)
    }
}
impl From<f64> for Value {
    fn from(f: f64) -> Value {
        Value::Float(f)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Boolean(b)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::string(s)
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::string(s)
    }
}
impl From<Type> for Value {
    fn from(t: Type) -> Value {
        Value::of_type(t)
    }
}
impl From<Vec<Value>> for Value {
    fn from(v: Vec<Value>) -> Value {
        Value::array(v)
    }
}

/// A borrowed string that looks up a hash entry with a String key without
/// allocating a `Value` (hashes and compares exactly like `Value::String`).
#[derive(Debug, Clone, Copy)]
pub struct StrKey<'a>(pub &'a str);

impl Hash for StrKey<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u8(tag::STRING);
        self.0.hash(state);
    }
}

impl indexmap::Equivalent<Value> for StrKey<'_> {
    fn equivalent(&self, key: &Value) -> bool {
        matches!(key, Value::String(s) if s.as_str() == self.0)
    }
}
