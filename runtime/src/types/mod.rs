//! The Puppet type system: the `Type` data structure, type aliases with their
//! resolution cell, and the built-in aliases `Data`/`RichData`.
//!
//! Submodules: `format` (to-string exactly as Puppet prints types), `calc`
//! (instance-of, assignability, inference, generalization, normalization,
//! common type), `access` (parameterization through `[]`, with Puppet's
//! argument checks and messages), `parser` (type expressions in strings),
//! `cycles` (freeing the reference cycles of recursive aliases).

use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use crate::regex::Regex;
use crate::semver::VersionRange;
use crate::time::{SpanBound, Timestamp};
use crate::value::Value;

pub mod access;
pub mod calc;
pub mod cycles;
pub mod format;
pub mod init;
pub mod object;
pub mod parser;
pub mod typeset;

/// An integer range `[from, to]`; `None` is -Infinity/+Infinity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct IntRange {
    pub from: Option<i64>,
    pub to: Option<i64>,
}

impl IntRange {
    pub const UNBOUNDED: IntRange = IntRange { from: None, to: None };

    pub fn new(from: Option<i64>, to: Option<i64>) -> IntRange {
        IntRange { from, to }
    }
    pub fn exact(n: i64) -> IntRange {
        IntRange { from: Some(n), to: Some(n) }
    }
    pub fn is_unbounded(&self) -> bool {
        self.from.is_none() && self.to.is_none()
    }
    pub fn contains(&self, n: i64) -> bool {
        self.from.is_none_or(|f| n >= f) && self.to.is_none_or(|t| n <= t)
    }
    /// `self` ⊇ `other` (Puppet's `assignable?` on ranges).
    pub fn covers(&self, other: &IntRange) -> bool {
        let lo_ok = match (self.from, other.from) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => a <= b,
        };
        let hi_ok = match (self.to, other.to) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => a >= b,
        };
        lo_ok && hi_ok
    }
    /// Puppet's `PIntegerType#to_size`: a size range never goes below 0.
    pub fn to_size(self) -> IntRange {
        if self.from.is_some_and(|f| f >= 0) {
            self
        } else {
            IntRange { from: Some(0), to: self.to.map(|t| t.max(0)) }
        }
    }
    pub(crate) fn lo(&self) -> i128 {
        self.from.map_or(i128::MIN, |f| f as i128)
    }
    pub(crate) fn hi(&self) -> i128 {
        self.to.map_or(i128::MAX, |t| t as i128)
    }
}

/// A float range; `None` is -Infinity/+Infinity.
#[derive(Clone, Copy, Debug, Default)]
pub struct FloatRange {
    pub from: Option<f64>,
    pub to: Option<f64>,
}

impl FloatRange {
    pub fn lo(&self) -> f64 {
        self.from.unwrap_or(f64::NEG_INFINITY)
    }
    pub fn hi(&self) -> f64 {
        self.to.unwrap_or(f64::INFINITY)
    }
    pub fn contains(&self, f: f64) -> bool {
        f >= self.lo() && f <= self.hi()
    }
}

impl PartialEq for FloatRange {
    fn eq(&self, o: &FloatRange) -> bool {
        self.lo() == o.lo() && self.hi() == o.hi()
    }
}
impl Eq for FloatRange {}
impl Hash for FloatRange {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.lo().to_bits().hash(state);
        self.hi().to_bits().hash(state);
    }
}

/// One `key => value` entry of a Struct type. `key` is `String['name']`,
/// possibly wrapped in `Optional` (the key may be missing).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructElement {
    pub key: Type,
    pub value: Type,
}

impl StructElement {
    /// The key name.
    pub fn name(&self) -> &str {
        let k = match &self.key {
            Type::Optional(Some(t)) | Type::NotUndef(Some(t)) => t.as_ref(),
            k => k,
        };
        match k {
            Type::String { value: Some(v), .. } => v.as_str(),
            _ => "",
        }
    }
    /// True when the key may be missing (the key type accepts undef).
    pub fn key_optional(&self) -> bool {
        matches!(self.key, Type::Optional(_))
    }
}

/// `Callable[params, block]` with an optional return type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CallableType {
    /// A `Tuple` type describing the parameters; `None` = any callable.
    pub params: Option<Type>,
    pub block: Option<Type>,
    pub return_type: Option<Type>,
}

/// A named type alias (`type MyType = ...`). The resolved type is filled in
/// once by whoever resolves names (the evaluator); aliases may be recursive,
/// an `Arc` cycle that whoever owns the aliases frees with
/// [`cycles::release_cycles`].
#[derive(Debug)]
pub struct TypeAlias {
    pub name: String,
    resolved: OnceLock<Type>,
}

impl TypeAlias {
    /// An unresolved alias.
    pub fn new(name: impl Into<String>) -> Arc<TypeAlias> {
        Arc::new(TypeAlias { name: name.into(), resolved: OnceLock::new() })
    }
    /// An alias resolved now.
    pub fn resolved(name: impl Into<String>, t: Type) -> Arc<TypeAlias> {
        let a = TypeAlias::new(name);
        let _ = a.resolved.set(t);
        a
    }
    /// Fills the resolution cell with the normalized type, as Puppet does
    /// (`type A = Variant[Integer, Integer[1,2]]` resolves to `Integer`).
    /// Returns false if it was already resolved.
    pub fn resolve(&self, t: Type) -> bool {
        self.resolved.set(calc::normalize(&t)).is_ok()
    }
    /// The resolved type, or `None` while unresolved.
    pub fn resolved_type(&self) -> Option<&Type> {
        self.resolved.get()
    }

    /// What a use of the alias's name denotes: the type it defines when it
    /// is an Object type or TypeSet definition (Puppet makes no alias for
    /// those), else the alias.
    pub fn named_type(me: &Arc<Self>) -> Type {
        match me.resolved_type() {
            Some(t @ (Type::ObjectType(_) | Type::TypeSetType(_))) => t.clone(),
            _ => Type::Alias(me.clone()),
        }
    }

    /// Resolves the alias to the type a definition makes: `kind` `Object`
    /// (`type name = Object[init]` or `type name = {...}`) or `TypeSet`,
    /// from its evaluated init hash, with Puppet's checks and messages.
    /// Uses of the name inside the init hash (an attribute of the type's
    /// own type) denote the new type once this returns.
    pub fn define(self: &Arc<Self>, kind: &str, name: &str, init: &Value) -> Result<(), String> {
        let t = if kind == "TypeSet" {
            typeset::TypeSetType::from_init_hash(Some(name.to_string()), init).map(|t| Type::TypeSetType(Arc::new(t)))
        } else {
            object::ObjectType::from_init_hash(Some(name.to_string()), init).map(|t| Type::ObjectType(Arc::new(t)))
        };
        let t = t.map_err(|e| e.message().to_string())?;
        let _ = self.resolved.set(t);
        Ok(())
    }

    /// Resolves the alias to its evaluated right-hand side with the checks
    /// of Puppet's `PTypeAliasType#resolve`: the body is normalized; an
    /// alias made only of aliases and variants `cannot be resolved to a real
    /// type`; and a self-recursive alias whose body is a Variant drops the
    /// members that are itself or lead to no real type
    /// (`when_self_recursion_detected`: `type Foo = Variant[Foo, String]` is
    /// `Variant[String]`, so no check ever loops through `Foo` alone).
    /// On error the cell stays empty (Puppet retries the resolution on the
    /// next use).
    pub fn resolve_checked(self: &Arc<Self>, body: &Type) -> Result<(), String> {
        let me = Arc::as_ptr(self);
        let t = calc::normalize(body);
        // While the body is checked, the alias stands for the body.
        let view = AliasView { alias: me, body: &t };
        if !view.has_real_type(&t, &mut vec![me]) {
            return Err(format!("Type alias '{}' cannot be resolved to a real type", self.name));
        }
        let t = match &t {
            Type::Variant(members) if view.reaches_self(&t, &mut Vec::new()) => {
                let real: Vec<Type> = members
                    .iter()
                    .filter(|m| !matches!(m, Type::Alias(a) if a.name == self.name))
                    .filter(|m| view.has_real_type(m, &mut Vec::new()))
                    .cloned()
                    .collect();
                if real.len() == members.len() { t } else { calc::variant_maybe(real) }
            }
            _ => t,
        };
        let _ = self.resolved.set(t);
        Ok(())
    }
}

/// The types reachable from an alias's body while that alias is being
/// resolved (its cell still empty: it stands for `body`).
struct AliasView<'a> {
    alias: *const TypeAlias,
    body: &'a Type,
}

impl AliasView<'_> {
    fn target<'t>(&'t self, a: &'t Arc<TypeAlias>) -> Option<&'t Type> {
        if Arc::as_ptr(a) == self.alias { Some(self.body) } else { a.resolved_type() }
    }

    /// True when `t` contains a type that is neither an alias nor a variant
    /// (Puppet's `AssertOtherTypeAcceptor`). An alias that is being resolved
    /// elsewhere up the stack counts as real: Puppet holds a type reference
    /// in its place meanwhile. Each alias is entered once (`seen`).
    fn has_real_type(&self, t: &Type, seen: &mut Vec<*const TypeAlias>) -> bool {
        match t {
            Type::Alias(a) => {
                if seen.contains(&Arc::as_ptr(a)) {
                    return false;
                }
                seen.push(Arc::as_ptr(a));
                self.target(a).is_none_or(|r| crate::value::guard_stack(|| self.has_real_type(r, seen)))
            }
            Type::Variant(ts) => ts.iter().any(|x| self.has_real_type(x, seen)),
            _ => true,
        }
    }

    /// True when the alias is reachable from `t` (through every contained
    /// type and every alias, each alias once).
    fn reaches_self(&self, t: &Type, seen: &mut Vec<*const TypeAlias>) -> bool {
        crate::value::guard_stack(|| match t {
            Type::Alias(a) => {
                let p = Arc::as_ptr(a);
                if p == self.alias {
                    return true;
                }
                if seen.contains(&p) {
                    return false;
                }
                seen.push(p);
                self.target(a).is_some_and(|r| self.reaches_self(r, seen))
            }
            _ => {
                let mut found = false;
                for_each_child(t, &mut |c| found = found || self.reaches_self(c, seen));
                found
            }
        })
    }
}

/// Calls `f` on each type directly contained in `t` (what Puppet's
/// `accept` visits): element, key, value and member types, parameters,
/// bounds of `Type[...]`, the target of `Init`. Not through aliases: the
/// caller decides how to enter those.
pub fn for_each_child(t: &Type, f: &mut dyn FnMut(&Type)) {
    match t {
        Type::NotUndef(Some(x))
        | Type::Optional(Some(x))
        | Type::Type(Some(x))
        | Type::Iterable(Some(x))
        | Type::Iterator(Some(x))
        | Type::Sensitive(Some(x))
        | Type::Init { target: Some(x), .. } => f(x),
        Type::Array { element, .. } => f(element),
        Type::Hash { key, value, .. } => {
            f(key);
            f(value)
        }
        Type::Tuple { types, .. } | Type::Variant(types) => types.iter().for_each(f),
        Type::Struct(es) => es.iter().for_each(|e| {
            f(&e.key);
            f(&e.value)
        }),
        Type::Callable(c) => c.params.iter().chain(c.block.iter()).chain(c.return_type.iter()).for_each(f),
        _ => {}
    }
}

/// A Puppet type.
///
/// `PartialEq`/`Hash` are structural (Puppet's `eql?`); Puppet's type `==`
/// (mutual assignability) is `calc::type_equals`. Both are written by hand
/// so that comparing two very deep types cannot overflow the stack.
#[derive(Clone, Debug)]
pub enum Type {
    Any,
    Undef,
    Default,
    /// Puppet's internal `Unit` type (assignable to and from everything).
    Unit,
    NotUndef(Option<Arc<Type>>),
    Scalar,
    ScalarData,
    Numeric,
    Integer(IntRange),
    Float(FloatRange),
    /// `String[min, max]`; `value` is set on inferred types (`String` of one
    /// known string) and on Struct keys.
    String { size: Option<IntRange>, value: Option<Arc<String>> },
    /// Values are kept sorted and unique, as Puppet does.
    Enum { values: Vec<String>, case_insensitive: bool },
    Pattern(Vec<Arc<Regex>>),
    Boolean(Option<bool>),
    Regexp(Option<Arc<Regex>>),
    Array { element: Arc<Type>, size: Option<IntRange> },
    Hash { key: Arc<Type>, value: Arc<Type>, size: Option<IntRange> },
    Tuple { types: Vec<Type>, size: Option<IntRange> },
    Struct(Vec<StructElement>),
    Collection(Option<IntRange>),
    Variant(Vec<Type>),
    Optional(Option<Arc<Type>>),
    CatalogEntry,
    /// `Resource`, `File` (= `Resource['file']`), `File['/tmp']` (a reference).
    Resource { type_name: Option<Arc<str>>, title: Option<Arc<str>> },
    /// `Class`, `Class['apache']`.
    Class(Option<Arc<str>>),
    Type(Option<Arc<Type>>),
    Callable(Arc<CallableType>),
    Runtime { runtime: Option<Arc<str>>, name: Option<Arc<str>> },
    Iterable(Option<Arc<Type>>),
    Iterator(Option<Arc<Type>>),
    SemVer(Vec<Arc<VersionRange>>),
    SemVerRange,
    Timespan { from: Option<SpanBound>, to: Option<SpanBound> },
    Timestamp { from: Option<Timestamp>, to: Option<Timestamp> },
    Sensitive(Option<Arc<Type>>),
    Binary,
    Uri(Option<Arc<Value>>),
    Init { target: Option<Arc<Type>>, args: Vec<Value> },
    /// The Object and TypeSet meta types.
    Object,
    TypeSet,
    /// An Object type (`Deferred`, `Error`, `type P = Object[{...}]`).
    ObjectType(Arc<object::ObjectType>),
    /// An Object type with type parameters given (`Error['kind']`).
    ObjectExt(Arc<object::ObjectTypeExtension>),
    /// A TypeSet (`type S = TypeSet[{...}]`).
    TypeSetType(Arc<typeset::TypeSetType>),
    Alias(Arc<TypeAlias>),
    /// A reference to a type by a name that is not (yet) known.
    Reference(Arc<str>),
}

impl PartialEq for TypeAlias {
    fn eq(&self, o: &TypeAlias) -> bool {
        self.name == o.name
    }
}
impl Eq for TypeAlias {}
impl Hash for TypeAlias {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state)
    }
}

impl Type {
    pub fn integer(from: Option<i64>, to: Option<i64>) -> Type {
        Type::Integer(IntRange { from, to })
    }
    pub fn float(from: Option<f64>, to: Option<f64>) -> Type {
        Type::Float(FloatRange { from, to })
    }
    pub fn string() -> Type {
        Type::String { size: None, value: None }
    }
    pub fn string_value(s: &str) -> Type {
        Type::String { size: None, value: Some(Arc::new(s.to_string())) }
    }
    /// `Array[T]` (`Array` = `Array[Any]`).
    pub fn array_of(t: Type) -> Type {
        Type::Array { element: Arc::new(t), size: None }
    }
    pub fn array() -> Type {
        Type::array_of(Type::Any)
    }
    pub fn hash_of(k: Type, v: Type) -> Type {
        Type::Hash { key: Arc::new(k), value: Arc::new(v), size: None }
    }
    pub fn hash() -> Type {
        Type::hash_of(Type::Any, Type::Any)
    }
    /// The empty array type `Array[0, 0]` (element type Unit).
    pub fn empty_array() -> Type {
        Type::Array { element: Arc::new(Type::Unit), size: Some(IntRange::exact(0)) }
    }
    pub fn empty_hash() -> Type {
        Type::Hash { key: Arc::new(Type::Unit), value: Arc::new(Type::Unit), size: Some(IntRange::exact(0)) }
    }
    pub fn optional(t: Type) -> Type {
        Type::Optional(Some(Arc::new(t)))
    }
    pub fn type_of_type(t: Type) -> Type {
        Type::Type(Some(Arc::new(t)))
    }
    /// `Enum[...]` with sorted unique values.
    pub fn enumeration(mut values: Vec<String>, case_insensitive: bool) -> Type {
        values.sort();
        values.dedup();
        Type::Enum { values, case_insensitive }
    }
    /// A resource type or reference; the type name is capitalized per
    /// segment as Puppet does.
    pub fn resource(type_name: Option<&str>, title: Option<&str>) -> Type {
        Type::Resource {
            type_name: type_name.map(|n| Arc::from(format::capitalize_segments(n).as_str())),
            title: title.map(Arc::from),
        }
    }
    pub fn class(name: Option<&str>) -> Type {
        Type::Class(name.map(Arc::from))
    }
    pub fn callable_any() -> Type {
        Type::Callable(Arc::new(CallableType { params: None, block: None, return_type: None }))
    }

    /// The built-in alias `Data`:
    /// `Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]`.
    pub fn data() -> Type {
        static DATA: OnceLock<Type> = OnceLock::new();
        DATA.get_or_init(|| {
            let alias = TypeAlias::new("Data");
            let me = Type::Alias(alias.clone());
            alias.resolve(Type::Variant(vec![
                Type::ScalarData,
                Type::Undef,
                Type::hash_of(Type::string(), me.clone()),
                Type::array_of(me.clone()),
            ]));
            me
        })
        .clone()
    }

    /// The built-in alias `RichData`.
    pub fn rich_data() -> Type {
        static RICH: OnceLock<Type> = OnceLock::new();
        RICH.get_or_init(|| {
            let alias = TypeAlias::new("RichData");
            let me = Type::Alias(alias.clone());
            let key = Type::Alias(TypeAlias::resolved(
                "RichDataKey",
                Type::Variant(vec![Type::string(), Type::Numeric]),
            ));
            alias.resolve(Type::Variant(vec![
                Type::Scalar,
                Type::SemVerRange,
                Type::Binary,
                Type::Sensitive(None),
                Type::Type(None),
                Type::TypeSet,
                Type::Uri(None),
                Type::Object,
                Type::Undef,
                Type::Default,
                Type::hash_of(key, me.clone()),
                Type::array_of(me.clone()),
            ]));
            me
        })
        .clone()
    }

    /// The type a bare capitalized name denotes (`Integer`, `Data`, `File`).
    /// Built-in names are case-insensitive as in Puppet (`INTEGER` is
    /// `Integer`). Unknown names become a resource type; whether such a
    /// resource type exists is for the caller (the evaluator) to check.
    pub fn from_name(name: &str) -> Type {
        match name.to_ascii_lowercase().as_str() {
            "any" => Type::Any,
            "undef" => Type::Undef,
            "default" => Type::Default,
            "unit" => Type::Unit,
            "notundef" => Type::NotUndef(None),
            "scalar" => Type::Scalar,
            "scalardata" => Type::ScalarData,
            "numeric" => Type::Numeric,
            "integer" => Type::Integer(IntRange::UNBOUNDED),
            "float" => Type::float(None, None),
            "string" => Type::string(),
            "enum" => Type::Enum { values: vec![], case_insensitive: false },
            "pattern" => Type::Pattern(vec![]),
            "boolean" => Type::Boolean(None),
            "regexp" => Type::Regexp(None),
            "array" => Type::array(),
            "hash" => Type::hash(),
            "tuple" => Type::Tuple { types: vec![], size: None },
            "struct" => Type::Struct(vec![]),
            "collection" => Type::Collection(None),
            "variant" => Type::Variant(vec![]),
            "optional" => Type::Optional(None),
            "catalogentry" => Type::CatalogEntry,
            "resource" => Type::Resource { type_name: None, title: None },
            "class" => Type::Class(None),
            "type" => Type::Type(None),
            "callable" => Type::callable_any(),
            "runtime" => Type::Runtime { runtime: None, name: None },
            "iterable" => Type::Iterable(None),
            "iterator" => Type::Iterator(None),
            "semver" => Type::SemVer(vec![]),
            "semverrange" => Type::SemVerRange,
            "timespan" => Type::Timespan { from: None, to: None },
            "timestamp" => Type::Timestamp { from: None, to: None },
            "sensitive" => Type::Sensitive(None),
            "binary" => Type::Binary,
            "uri" => Type::Uri(None),
            "init" => Type::Init { target: None, args: vec![] },
            "error" => Type::ObjectType(object::error_type()),
            "object" => Type::Object,
            "typeset" => Type::TypeSet,
            "data" => Type::data(),
            "richdata" => Type::rich_data(),
            "richdatakey" => Type::Variant(vec![Type::string(), Type::Numeric]),
            _ => Type::resource(Some(name), None),
        }
    }

    /// Follows (resolved) aliases to the type they stand for.
    pub fn resolved(&self) -> &Type {
        let mut t = self;
        let mut hops = 0;
        while let Type::Alias(a) = t {
            match a.resolved_type() {
                Some(r) if hops < 64 => {
                    t = r;
                    hops += 1;
                }
                _ => break,
            }
        }
        t
    }
}

/// Moves the uniquely owned child types of `t` onto `stack`, leaving cheap
/// placeholders, so a deeply nested type is freed by a loop.
fn take_child_types(t: &mut Type, stack: &mut Vec<Type>) {
    fn take(a: &mut Arc<Type>, stack: &mut Vec<Type>) {
        if let Some(inner) = Arc::get_mut(a) {
            stack.push(std::mem::replace(inner, Type::Any));
        }
    }
    match t {
        Type::NotUndef(Some(a))
        | Type::Optional(Some(a))
        | Type::Type(Some(a))
        | Type::Iterable(Some(a))
        | Type::Iterator(Some(a))
        | Type::Sensitive(Some(a)) => take(a, stack),
        Type::Array { element, .. } => take(element, stack),
        Type::Hash { key, value, .. } => {
            take(key, stack);
            take(value, stack);
        }
        Type::Tuple { types, .. } | Type::Variant(types) => stack.append(types),
        Type::Struct(elements) => {
            for mut e in elements.drain(..) {
                stack.push(std::mem::replace(&mut e.key, Type::Any));
                stack.push(std::mem::replace(&mut e.value, Type::Any));
            }
        }
        _ => {}
    }
}

impl Drop for Type {
    fn drop(&mut self) {
        // Only containers with uniquely owned children can start a deep
        // chain; everything else drops normally.
        let mut stack = Vec::new();
        take_child_types(self, &mut stack);
        while let Some(mut t) = stack.pop() {
            take_child_types(&mut t, &mut stack);
        }
    }
}

impl PartialEq for Type {
    fn eq(&self, o: &Type) -> bool {
        crate::value::guard_stack(|| type_eq(self, o))
    }
}
impl Eq for Type {}

fn type_eq(a: &Type, b: &Type) -> bool {
    use Type as T;
    match (a, b) {
        (T::Any, T::Any)
        | (T::Undef, T::Undef)
        | (T::Default, T::Default)
        | (T::Unit, T::Unit)
        | (T::Scalar, T::Scalar)
        | (T::ScalarData, T::ScalarData)
        | (T::Numeric, T::Numeric)
        | (T::CatalogEntry, T::CatalogEntry)
        | (T::SemVerRange, T::SemVerRange)
        | (T::Binary, T::Binary)
        | (T::Object, T::Object)
        | (T::TypeSet, T::TypeSet) => true,
        (T::NotUndef(x), T::NotUndef(y))
        | (T::Optional(x), T::Optional(y))
        | (T::Type(x), T::Type(y))
        | (T::Iterable(x), T::Iterable(y))
        | (T::Iterator(x), T::Iterator(y))
        | (T::Sensitive(x), T::Sensitive(y)) => x == y,
        (T::Integer(x), T::Integer(y)) => x == y,
        (T::Float(x), T::Float(y)) => x == y,
        (T::String { size: s1, value: v1 }, T::String { size: s2, value: v2 }) => s1 == s2 && v1 == v2,
        (T::Enum { values: v1, case_insensitive: c1 }, T::Enum { values: v2, case_insensitive: c2 }) => {
            v1 == v2 && c1 == c2
        }
        (T::Pattern(x), T::Pattern(y)) => {
            x.len() == y.len() && x.iter().all(|p| y.iter().any(|q| p.source() == q.source()))
        }
        (T::Boolean(x), T::Boolean(y)) => x == y,
        (T::Regexp(x), T::Regexp(y)) => x == y,
        (T::Array { element: e1, size: s1 }, T::Array { element: e2, size: s2 }) => s1 == s2 && e1 == e2,
        (T::Hash { key: k1, value: v1, size: s1 }, T::Hash { key: k2, value: v2, size: s2 }) => {
            s1 == s2 && k1 == k2 && v1 == v2
        }
        (T::Tuple { types: t1, size: s1 }, T::Tuple { types: t2, size: s2 }) => s1 == s2 && t1 == t2,
        (T::Struct(x), T::Struct(y)) => x == y,
        (T::Collection(x), T::Collection(y)) => x == y,
        // Puppet compares variants as sets.
        (T::Variant(x), T::Variant(y)) => x.len() == y.len() && x.iter().all(|t| y.contains(t)),
        (T::Resource { type_name: n1, title: t1 }, T::Resource { type_name: n2, title: t2 }) => {
            n1.as_deref().map(str::to_lowercase) == n2.as_deref().map(str::to_lowercase) && t1 == t2
        }
        (T::Class(x), T::Class(y)) => x == y,
        (T::Callable(x), T::Callable(y)) => x == y,
        (T::Runtime { runtime: r1, name: n1 }, T::Runtime { runtime: r2, name: n2 }) => r1 == r2 && n1 == n2,
        (T::SemVer(x), T::SemVer(y)) => x == y,
        (T::Timespan { from: f1, to: t1 }, T::Timespan { from: f2, to: t2 }) => f1 == f2 && t1 == t2,
        (T::Timestamp { from: f1, to: t1 }, T::Timestamp { from: f2, to: t2 }) => f1 == f2 && t1 == t2,
        (T::Uri(x), T::Uri(y)) => x == y,
        (T::Init { target: t1, args: a1 }, T::Init { target: t2, args: a2 }) => t1 == t2 && a1 == a2,
        (T::ObjectType(x), T::ObjectType(y)) => x.same_type(y),
        (T::ObjectExt(x), T::ObjectExt(y)) => x.base.same_type(&y.base) && x.parameters == y.parameters,
        (T::TypeSetType(x), T::TypeSetType(y)) => x.same_set(y),
        (T::Alias(x), T::Alias(y)) => x.name == y.name,
        (T::Reference(x), T::Reference(y)) => x == y,
        _ => false,
    }
}

impl Hash for Type {
    fn hash<H: Hasher>(&self, state: &mut H) {
        crate::value::guard_stack(|| type_hash(self, state))
    }
}

fn type_hash<H: Hasher>(t: &Type, state: &mut H) {
    std::mem::discriminant(t).hash(state);
    match t {
        Type::NotUndef(x)
        | Type::Optional(x)
        | Type::Type(x)
        | Type::Iterable(x)
        | Type::Iterator(x)
        | Type::Sensitive(x) => x.hash(state),
        Type::Integer(r) => r.hash(state),
        Type::Float(r) => r.hash(state),
        Type::String { size, value } => {
            size.hash(state);
            value.hash(state);
        }
        Type::Enum { values, case_insensitive } => {
            values.hash(state);
            case_insensitive.hash(state);
        }
        // Order-independent parts (variants and patterns compare as sets)
        // only contribute their size.
        Type::Pattern(ps) => ps.len().hash(state),
        Type::Variant(ts) => ts.len().hash(state),
        Type::Boolean(b) => b.hash(state),
        Type::Regexp(r) => r.hash(state),
        Type::Array { element, size } => {
            element.hash(state);
            size.hash(state);
        }
        Type::Hash { key, value, size } => {
            key.hash(state);
            value.hash(state);
            size.hash(state);
        }
        Type::Tuple { types, size } => {
            types.hash(state);
            size.hash(state);
        }
        Type::Struct(es) => es.hash(state),
        Type::Collection(s) => s.hash(state),
        Type::Resource { type_name, title } => {
            type_name.as_deref().map(str::to_lowercase).hash(state);
            title.hash(state);
        }
        Type::Class(n) => n.hash(state),
        Type::Callable(c) => c.hash(state),
        Type::Runtime { runtime, name } => {
            runtime.hash(state);
            name.hash(state);
        }
        Type::SemVer(r) => r.hash(state),
        Type::Timespan { from, to } => {
            from.hash(state);
            to.hash(state);
        }
        Type::Timestamp { from, to } => {
            from.hash(state);
            to.hash(state);
        }
        Type::Uri(u) => u.hash(state),
        Type::Init { target, args } => {
            target.hash(state);
            args.hash(state);
        }
        Type::Alias(a) => a.name.hash(state),
        Type::ObjectType(o) => o.name.hash(state),
        Type::ObjectExt(e) => {
            e.base.name.hash(state);
            e.parameters.hash(state);
        }
        Type::TypeSetType(s) => s.name.hash(state),
        Type::Reference(r) => r.hash(state),
        _ => {}
    }
}
