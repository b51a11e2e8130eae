//! A port of Puppet's `TypeMismatchDescriber`: the messages for arguments
//! that no signature of a function accepts (`describe_signatures`), for a
//! value that does not match a type (`describe_mismatch`, as `assert_type`
//! reports it), and for the arguments of a lambda call.
//!
//! The port keeps Puppet's structure: every check produces `Mismatch`es
//! with a path (signature, parameter, entry, index, variant ...), the
//! mismatches of alternative signatures or variants are merged when they
//! are of one kind at one place, and the survivors are formatted. Ruby's
//! quirks are kept where they show in messages (mismatches that carry types
//! never compare equal, so `uniq` only removes repeated block mismatches).

use super::Dispatch;
use crate::error::a_an;
use crate::types::calc::{generalize, infer_set, is_assignable, normalize, variant_maybe};
use crate::types::format::to_alias_expanded_string;
use crate::types::{IntRange, Type};
use crate::value::Value;

#[derive(Clone, Debug, PartialEq)]
enum PathElem {
    Subject(String),
    EntryValue(String),
    EntryKey(String),
    Parameter(String),
    Return,
    Block,
    Index(usize),
    Variant(usize),
    Signature(usize),
}

impl PathElem {
    fn to_s(&self) -> String {
        match self {
            PathElem::Subject(s) => s.clone(),
            PathElem::EntryValue(k) => format!("entry '{k}'"),
            PathElem::EntryKey(k) => format!("key of entry '{k}'"),
            PathElem::Parameter(k) => format!("parameter '{k}'"),
            PathElem::Return => "return".into(),
            PathElem::Block => "block".into(),
            PathElem::Index(i) => format!("index {i}"),
            PathElem::Variant(i) => format!("variant {i}"),
            PathElem::Signature(i) => format!("{}.", i + 1),
        }
    }
    fn is_variant(&self) -> bool {
        matches!(self, PathElem::Variant(_) | PathElem::Signature(_))
    }
}

/// A size range as the describer sees it: `from` defaults to 0, `to` to
/// infinity.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Range {
    from: i64,
    to: Option<i64>,
}

impl Range {
    fn of(r: Option<IntRange>) -> Range {
        match r {
            None => Range { from: 0, to: None },
            Some(r) => Range { from: r.from.unwrap_or(0), to: r.to },
        }
    }
    fn exact(n: usize) -> Range {
        Range { from: n as i64, to: Some(n as i64) }
    }
    fn covers(&self, o: &Range) -> bool {
        self.from <= o.from
            && match (self.to, o.to) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(a), Some(b)) => a >= b,
            }
    }
    fn describe(self, zero: &str) -> String {
        let (min, max) = (self.from, self.to);
        if Some(min) == max {
            if min == 0 { zero.to_string() } else { min.to_string() }
        } else if min == 0 {
            match max {
                None => "unlimited".into(),
                Some(m) => format!("at most {m}"),
            }
        } else {
            match max {
                None => format!("at least {min}"),
                Some(m) => format!("between {min} and {m}"),
            }
        }
    }
}

#[derive(Clone, Debug)]
enum Kind {
    MissingKey(String),
    ExtraneousKey(String),
    UnexpectedBlock,
    MissingRequiredBlock,
    TypeMismatch { expected: Type, actual: Type },
    PatternMismatch { expected: Type, actual: Type },
    SizeMismatch { expected: Range, actual: Range },
    CountMismatch { expected: Range, actual: Range },
    /// The expected type holds a `TypeReference` (a name that resolves to
    /// no type), so nothing can be said about the value.
    UnresolvedTypeReference(String),
}

#[derive(Clone, Debug)]
struct Mismatch {
    path: Vec<PathElem>,
    kind: Kind,
}

/// Ruby class membership used by `merge_descriptions`.
#[derive(Clone, Copy, PartialEq)]
enum Class {
    Size,
    Count,
    MissingBlock,
    UnexpectedBlock,
    Type,
}

impl Mismatch {
    fn new(path: &[PathElem], kind: Kind) -> Mismatch {
        let kind = match kind {
            Kind::TypeMismatch { expected, actual } => {
                Kind::TypeMismatch { expected: normalize(&expected), actual: normalize(&actual) }
            }
            Kind::PatternMismatch { expected, actual } => {
                Kind::PatternMismatch { expected: normalize(&expected), actual: normalize(&actual) }
            }
            k => k,
        };
        Mismatch { path: path.to_vec(), kind }
    }

    fn canonical_path(&self) -> Vec<&PathElem> {
        self.path.iter().filter(|e| !e.is_variant()).collect()
    }

    fn is_a(&self, c: Class) -> bool {
        match c {
            Class::Size => matches!(self.kind, Kind::SizeMismatch { .. } | Kind::CountMismatch { .. }),
            Class::Count => matches!(self.kind, Kind::CountMismatch { .. }),
            Class::MissingBlock => matches!(self.kind, Kind::MissingRequiredBlock),
            Class::UnexpectedBlock => matches!(self.kind, Kind::UnexpectedBlock),
            Class::Type => matches!(self.kind, Kind::TypeMismatch { .. } | Kind::PatternMismatch { .. }),
        }
    }

    /// Ruby `==`/`eql?` as `uniq` sees it: only the plain block mismatches
    /// compare by class and canonical path; the others (whose `==` calls
    /// `super.==(o)` on a boolean) are never equal to another object.
    fn uniq_eq(&self, o: &Mismatch) -> bool {
        match (&self.kind, &o.kind) {
            (Kind::UnexpectedBlock, Kind::UnexpectedBlock) | (Kind::MissingRequiredBlock, Kind::MissingRequiredBlock) => {
                self.canonical_path() == o.canonical_path()
            }
            _ => false,
        }
    }

    fn merge(&self, o: &Mismatch) -> Mismatch {
        let kind = match (&self.kind, &o.kind) {
            (Kind::TypeMismatch { expected, actual }, Kind::TypeMismatch { expected: oe, .. })
            | (Kind::TypeMismatch { expected, actual }, Kind::PatternMismatch { expected: oe, .. }) => {
                Kind::TypeMismatch { expected: merged_types(expected, oe), actual: actual.clone() }
            }
            (Kind::PatternMismatch { expected, actual }, Kind::TypeMismatch { expected: oe, .. })
            | (Kind::PatternMismatch { expected, actual }, Kind::PatternMismatch { expected: oe, .. }) => {
                Kind::PatternMismatch { expected: merged_types(expected, oe), actual: actual.clone() }
            }
            (Kind::SizeMismatch { expected, actual }, Kind::SizeMismatch { expected: oe, .. })
            | (Kind::SizeMismatch { expected, actual }, Kind::CountMismatch { expected: oe, .. }) => {
                Kind::SizeMismatch { expected: merged_range(expected, oe), actual: *actual }
            }
            (Kind::CountMismatch { expected, actual }, Kind::SizeMismatch { expected: oe, .. })
            | (Kind::CountMismatch { expected, actual }, Kind::CountMismatch { expected: oe, .. }) => {
                Kind::CountMismatch { expected: merged_range(expected, oe), actual: *actual }
            }
            (k, _) => k.clone(),
        };
        Mismatch::new(&self.path, kind)
    }

    fn chop_path(&self, index: usize) -> Mismatch {
        if index >= self.path.len() {
            return self.clone();
        }
        let mut c = self.clone();
        c.path.remove(index);
        c
    }

    fn format(&self) -> String {
        let mut p: &[PathElem] = &self.path;
        let mut variant = String::new();
        let mut position = String::new();
        if let Some(f) = p.first() {
            if matches!(f, PathElem::Signature(_)) {
                variant = format!(" {}", f.to_s());
                p = &p[1..];
            }
            if !p.is_empty() {
                position = format!(" {}", p.iter().map(PathElem::to_s).collect::<Vec<_>>().join(" "));
            }
        }
        self.message(&variant, &position)
    }

    fn message(&self, variant: &str, position: &str) -> String {
        match &self.kind {
            Kind::MissingKey(k) => format!("{variant}{position} expects a value for key '{k}'"),
            Kind::ExtraneousKey(k) => format!("{variant}{position} unrecognized key '{k}'"),
            Kind::UnexpectedBlock => format!("{variant}{position} does not expect a block"),
            Kind::MissingRequiredBlock => format!("{variant}{position} expects a block"),
            Kind::TypeMismatch { expected, actual } => type_mismatch_message(variant, position, expected, actual),
            Kind::PatternMismatch { expected, actual } => {
                let (e, pfx) = match expected {
                    Type::Optional(Some(i)) => ((**i).clone(), "an undef value or "),
                    e => (e.clone(), ""),
                };
                let a = match actual {
                    Type::String { value: Some(v), .. } => format!("'{v}'"),
                    a => short_name(a),
                };
                format!("{variant}{position} expects {pfx}a match for {}, got {a}", to_alias_expanded_string(&e))
            }
            Kind::SizeMismatch { expected, actual } => {
                format!("{variant}{position} expects size to be {}, got {}", expected.describe("0"), actual.describe("0"))
            }
            Kind::UnresolvedTypeReference(name) => {
                format!("{variant}{position} references an unresolved type '{name}'")
            }
            Kind::CountMismatch { expected, actual } => {
                let (min, max) = (expected.from, expected.to);
                let suffix = if (min == 1 && (max == Some(1) || max.is_none())) || (min == 0 && max == Some(1)) {
                    ""
                } else {
                    "s"
                };
                format!(
                    "{variant}{position} expects {} argument{suffix}, got {}",
                    expected.describe("no"),
                    actual.describe("none")
                )
            }
        }
    }
}

fn merged_types(a: &Type, b: &Type) -> Type {
    let mut list: Vec<Type> = Vec::new();
    for t in [a, b] {
        if !list.contains(t) {
            list.push(t.clone());
        }
    }
    variant_maybe(list)
}

fn merged_range(a: &Range, b: &Range) -> Range {
    let from = a.from.min(b.from);
    let to = match (a.to, b.to) {
        (Some(x), Some(y)) => Some(x.max(y)),
        _ => None,
    };
    Range { from, to }
}

// ---------------------------------------------------------------------------
// Type names as the messages use them.

pub(crate) use crate::label::simple_name;

/// `t.name`: an alias's (or placeholder reference's) name, else the simple name.
fn name_of(t: &Type) -> String {
    match t {
        Type::Alias(a) => a.name.clone(),
        Type::Reference(r) => r.to_string(),
        Type::ObjectType(o) => o.label().to_string(),
        Type::ObjectExt(e) => e.base.label().to_string(),
        other => simple_name(other).to_string(),
    }
}

fn contained(t: &Type) -> Option<&Type> {
    match t {
        Type::Type(i) | Type::NotUndef(i) | Type::Optional(i) | Type::Sensitive(i) | Type::Iterable(i)
        | Type::Iterator(i) => i.as_deref(),
        Type::Init { target, .. } => target.as_deref(),
        _ => None,
    }
}

fn short_name(t: &Type) -> String {
    match contained(t) {
        Some(i) if !matches!(i, Type::Any) => format!("{}[{}]", name_of(t), name_of(i)),
        _ => name_of(t),
    }
}

/// `to_alias_expanded_s`, with the placeholders of Object types written as
/// Puppet writes those types.
fn expanded(t: &Type) -> String {
    super::util::placeholder_text(&to_alias_expanded_string(t), false)
}

fn same_class(a: &Type, b: &Type) -> bool {
    simple_name(a) == simple_name(b)
}

fn always_fully_detailed(e: &[Type], a: &Type) -> bool {
    e.iter().any(|e| {
        same_class(e, a)
            || matches!(e, Type::Alias(_))
            || matches!(a, Type::Alias(_))
            || matches!((e, a), (Type::Struct(_), Type::Hash { .. }) | (Type::Tuple { .. }, Type::Array { .. }))
    })
}

fn class_default(e: &Type) -> Type {
    match e {
        Type::Alias(_) | Type::Reference(_) => Type::Unit,
        Type::Object => Type::Object,
        other => Type::from_name(simple_name(other)),
    }
}

fn assignable_to_default(e: &[Type], a: &Type) -> bool {
    e.iter().any(|e| {
        let e = e.resolved();
        !matches!(e, Type::Alias(_) | Type::Reference(_)) && is_assignable(&class_default(e), a)
    })
}

fn all_resolved(e: &[Type]) -> Vec<Type> {
    e.iter().map(|t| t.resolved().clone()).collect()
}

fn detailed_actual_to_s(e: &[Type], a: &Type) -> String {
    let e = all_resolved(e);
    if always_fully_detailed(&e, a) {
        expanded(a)
    } else {
        let g = generalize(a);
        if e.iter().any(|t| is_assignable(t, &g)) { expanded(a) } else { simple_name(a).to_string() }
    }
}

fn type_mismatch_message(variant: &str, position: &str, expected: &Type, actual: &Type) -> String {
    let mut e = expected.clone();
    let mut optional = false;
    if let Type::Optional(Some(i)) = &e {
        e = (**i).clone();
        optional = true;
    }
    let mut multi = false;
    let (e_str, a_str) = if let Type::Variant(ts) = &e {
        let ts = ts.clone();
        let (mut names, a) = if always_fully_detailed(&ts, actual) || assignable_to_default(&ts, actual) {
            let a = detailed_actual_to_s(&ts, actual);
            (ts.iter().map(expanded).collect::<Vec<_>>(), a)
        } else {
            let mut names: Vec<String> = Vec::new();
            for t in &ts {
                let n = short_name(t);
                if !names.contains(&n) {
                    names.push(n);
                }
            }
            (names, short_name(actual))
        };
        if optional {
            names.insert(0, "Undef".into());
        }
        let s = match names.len() {
            1 => names.remove(0),
            2 => {
                multi = true;
                format!("{} or {}", names[0], names[1])
            }
            n => {
                multi = true;
                format!("{}, or {}", names[..n - 1].join(", "), names[n - 1])
            }
        };
        (s, a)
    } else {
        let one = std::slice::from_ref(&e);
        let (mut s, a) = if always_fully_detailed(one, actual) || assignable_to_default(one, actual) {
            (expanded(&e), detailed_actual_to_s(one, actual))
        } else {
            (short_name(&e), short_name(actual))
        };
        if optional {
            s = format!("Undef or {s}");
            multi = true;
        }
        (s, a)
    };
    if multi {
        format!("{variant}{position} expects a value of type {e_str}, got {a_str}")
    } else {
        format!("{variant}{position} expects {} value, got {a_str}", a_an(&e_str))
    }
}

// ---------------------------------------------------------------------------
// Describing one expected type against one actual type.

fn with(path: &[PathElem], e: PathElem) -> Vec<PathElem> {
    let mut p = path.to_vec();
    p.push(e);
    p
}

fn describe(expected: &Type, actual: &Type, path: &[PathElem]) -> Vec<Mismatch> {
    if let Some(name) = unresolved_reference(expected, &mut Vec::new()) {
        return vec![Mismatch::new(path, Kind::UnresolvedTypeReference(name))];
    }
    internal_describe(&normalize(expected), expected, actual, path)
}

/// The first `TypeReference` in `t` (through aliases, each once), in the
/// order Puppet's type visitor meets them.
fn unresolved_reference(t: &Type, seen: &mut Vec<*const crate::types::TypeAlias>) -> Option<String> {
    let children: Vec<&Type> = match t {
        // The runtime's stand-ins for Pcore's Object types are not unresolved.
        Type::Reference(name) if super::util::placeholder_type(name).is_some() => return None,
        Type::Reference(name) => return Some(name.to_string()),
        Type::Alias(a) => {
            if seen.contains(&std::sync::Arc::as_ptr(a)) {
                return None;
            }
            seen.push(std::sync::Arc::as_ptr(a));
            a.resolved_type().into_iter().collect()
        }
        Type::NotUndef(Some(x))
        | Type::Optional(Some(x))
        | Type::Type(Some(x))
        | Type::Iterable(Some(x))
        | Type::Iterator(Some(x))
        | Type::Sensitive(Some(x)) => vec![&**x],
        Type::Array { element, .. } => vec![&**element],
        Type::Hash { key, value, .. } => vec![&**key, &**value],
        Type::Tuple { types, .. } | Type::Variant(types) => types.iter().collect(),
        Type::Struct(es) => es.iter().flat_map(|e| [&e.key, &e.value]).collect(),
        Type::Callable(c) => c.params.iter().chain(c.block.iter()).chain(c.return_type.iter()).collect(),
        _ => return None,
    };
    crate::value::guard_stack(|| children.into_iter().find_map(|x| unresolved_reference(x, seen)))
}

thread_local! {
    /// The (alias, actual type) pairs being described, innermost last.
    static ACTIVE_ALIASES: std::cell::RefCell<Vec<(usize, Type)>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn internal_describe(expected: &Type, original: &Type, actual: &Type, path: &[PathElem]) -> Vec<Mismatch> {
    crate::value::guard_stack(|| match expected {
        Type::Variant(ts) => describe_variant(ts, original, actual, path),
        Type::Struct(_) => describe_struct(expected, original, actual, path),
        Type::Hash { .. } => describe_hash(expected, original, actual, path),
        Type::Tuple { .. } => describe_tuple(expected, original, actual, path, false),
        Type::Array { .. } => describe_array(expected, original, actual, path),
        Type::Callable(_) => describe_callable(expected, original, actual, path),
        Type::Optional(inner) => {
            let Some(inner) = inner else { return vec![] };
            if matches!(actual, Type::Undef) {
                return vec![];
            }
            let orig = if matches!(original, Type::Alias(_)) { original } else { expected };
            internal_describe(inner, orig, actual, path)
        }
        Type::Pattern(_) | Type::Enum { .. } => vec![Mismatch::new(
            path,
            Kind::PatternMismatch { expected: original.clone(), actual: actual.clone() },
        )],
        Type::Alias(a) => match a.resolved_type() {
            Some(r) => {
                // A self-recursive alias met again with the same actual
                // type would describe forever (Puppet overflows its stack):
                // the alias itself is the mismatch.
                let key = (std::sync::Arc::as_ptr(a) as usize, actual.clone());
                if ACTIVE_ALIASES.with(|s| s.borrow().contains(&key)) {
                    return vec![Mismatch::new(path, Kind::TypeMismatch { expected: expected.clone(), actual: actual.clone() })];
                }
                ACTIVE_ALIASES.with(|s| s.borrow_mut().push(key));
                let d = internal_describe(&normalize(r), expected, actual, path);
                ACTIVE_ALIASES.with(|s| s.borrow_mut().pop());
                d
            }
            None => vec![],
        },
        _ => {
            if is_assignable(expected, actual) {
                vec![]
            } else {
                vec![Mismatch::new(path, Kind::TypeMismatch { expected: original.clone(), actual: actual.clone() })]
            }
        }
    })
}

fn describe_variant(ts: &[Type], original: &Type, actual: &Type, path: &[PathElem]) -> Vec<Mismatch> {
    let mut types: Vec<Type> = ts.to_vec();
    if matches!(original, Type::Optional(_)) {
        types.insert(0, Type::Undef);
    }
    let mut variant_descriptions = Vec::new();
    for (i, vt) in types.iter().enumerate() {
        let d = describe(vt, actual, &with(path, PathElem::Variant(i)));
        if d.is_empty() {
            return vec![];
        }
        variant_descriptions.push(d);
    }
    let descriptions = merge_descriptions(path.len(), Class::Size, variant_descriptions);
    if matches!(original, Type::Alias(_)) && descriptions.len() == 1 {
        vec![Mismatch::new(path, Kind::TypeMismatch { expected: original.clone(), actual: actual.clone() })]
    } else {
        descriptions
    }
}

fn merge_descriptions(varying: usize, size_class: Class, variant_descriptions: Vec<Vec<Mismatch>>) -> Vec<Mismatch> {
    let n = variant_descriptions.len();
    let mut descriptions: Vec<Mismatch> = variant_descriptions.into_iter().flatten().collect();
    for class in [size_class, Class::MissingBlock, Class::UnexpectedBlock, Class::Type] {
        let mismatches: Vec<&Mismatch> = descriptions.iter().filter(|d| d.is_a(class)).collect();
        if mismatches.len() == n && n > 0 {
            let mut generic = Some(mismatches[0].clone());
            for curr in &mismatches[1..] {
                let prev = generic.take().unwrap_or_else(|| curr.to_owned().clone());
                if prev.canonical_path() != curr.canonical_path() {
                    generic = None;
                    break;
                }
                generic = Some(prev.merge(curr));
            }
            if let Some(g) = generic {
                descriptions = vec![g];
                break;
            }
        }
    }
    let mut uniq: Vec<Mismatch> = Vec::new();
    for d in descriptions {
        if !uniq.iter().any(|u| u.uniq_eq(&d)) {
            uniq.push(d);
        }
    }
    if uniq.len() == 1 { vec![uniq[0].chop_path(varying)] } else { uniq }
}

fn struct_name(e: &crate::types::StructElement) -> String {
    e.name().to_string()
}

fn key_accepts_undef(e: &crate::types::StructElement) -> bool {
    is_assignable(&e.key, &Type::Undef)
}

fn describe_struct(expected: &Type, original: &Type, actual: &Type, path: &[PathElem]) -> Vec<Mismatch> {
    let Type::Struct(elements) = expected else { return vec![] };
    let mut out = Vec::new();
    match actual {
        Type::Struct(actual_elements) => {
            let mut h2: Vec<&crate::types::StructElement> = actual_elements.iter().collect();
            for e1 in elements {
                let key = struct_name(e1);
                match h2.iter().position(|e| struct_name(e) == key) {
                    None => {
                        if !key_accepts_undef(e1) {
                            out.push(Mismatch::new(path, Kind::MissingKey(key)));
                        }
                    }
                    Some(i) => {
                        let e2 = h2.remove(i);
                        if !is_assignable(&e1.key, &e2.key) {
                            out.extend(describe(&e1.key, &e2.key, &with(path, PathElem::EntryKey(key.clone()))));
                        }
                        if !is_assignable(&e1.value, &e2.value) {
                            out.extend(describe(&e1.value, &e2.value, &with(path, PathElem::EntryValue(key))));
                        }
                    }
                }
            }
            for e in h2 {
                out.push(Mismatch::new(path, Kind::ExtraneousKey(struct_name(e))));
            }
        }
        Type::Hash { key, value, size } => {
            let actual_size = Range::of(*size);
            let required = elements.iter().filter(|e| !key_accepts_undef(e)).count();
            let expected_size = Range { from: required as i64, to: Some(elements.len() as i64) };
            if expected_size.covers(&actual_size) {
                out.push(Mismatch::new(
                    path,
                    Kind::TypeMismatch { expected: original.clone(), actual: Type::hash_of((**key).clone(), (**value).clone()) },
                ));
            } else {
                out.push(Mismatch::new(path, Kind::SizeMismatch { expected: expected_size, actual: actual_size }));
            }
        }
        _ => out.push(Mismatch::new(path, Kind::TypeMismatch { expected: original.clone(), actual: actual.clone() })),
    }
    out
}

fn describe_hash(expected: &Type, original: &Type, actual: &Type, path: &[PathElem]) -> Vec<Mismatch> {
    let Type::Hash { key: kt, value: vt, size: esize } = expected else { return vec![] };
    let mut out = Vec::new();
    match actual {
        Type::Struct(elements) => {
            let expected_size = Range::of(*esize);
            let required = elements.iter().filter(|e| !key_accepts_undef(e)).count();
            let actual_size = Range { from: required as i64, to: Some(elements.len() as i64) };
            if expected_size.covers(&actual_size) {
                for a in elements {
                    let name = struct_name(a);
                    if !is_assignable(kt, &a.key) {
                        out.extend(describe(kt, &a.key, &with(path, PathElem::EntryKey(name.clone()))));
                    }
                    if !is_assignable(vt, &a.value) {
                        out.extend(describe(vt, &a.value, &with(path, PathElem::EntryValue(name))));
                    }
                }
            } else {
                out.push(Mismatch::new(path, Kind::SizeMismatch { expected: expected_size, actual: actual_size }));
            }
        }
        Type::Hash { key, value, size } => {
            let actual_size = Range::of(*size);
            if esize.is_none() || Range::of(*esize).covers(&actual_size) {
                out.push(Mismatch::new(
                    path,
                    Kind::TypeMismatch { expected: original.clone(), actual: Type::hash_of((**key).clone(), (**value).clone()) },
                ));
            } else {
                out.push(Mismatch::new(path, Kind::SizeMismatch { expected: Range::of(*esize), actual: actual_size }));
            }
        }
        _ => out.push(Mismatch::new(path, Kind::TypeMismatch { expected: original.clone(), actual: actual.clone() })),
    }
    out
}

fn describe_array(expected: &Type, original: &Type, actual: &Type, path: &[PathElem]) -> Vec<Mismatch> {
    let Type::Array { element, size: esize } = expected else { return vec![] };
    let mut out = Vec::new();
    match actual {
        Type::Tuple { types, size } => {
            let expected_size = Range::of(*esize);
            let actual_size = match size {
                Some(s) => Range::of(Some(*s)),
                None => Range::exact(types.len()),
            };
            if expected_size.covers(&actual_size) {
                for (i, t) in types.iter().enumerate() {
                    if !is_assignable(element, t) {
                        out.extend(describe(element, t, &with(path, PathElem::Index(i))));
                    }
                }
            } else {
                out.push(Mismatch::new(path, Kind::SizeMismatch { expected: expected_size, actual: actual_size }));
            }
        }
        Type::Array { element: ae, size } => {
            let actual_size = Range::of(*size);
            if esize.is_none() || Range::of(*esize).covers(&actual_size) {
                out.push(Mismatch::new(
                    path,
                    Kind::TypeMismatch { expected: original.clone(), actual: Type::array_of((**ae).clone()) },
                ));
            } else {
                out.push(Mismatch::new(path, Kind::SizeMismatch { expected: Range::of(*esize), actual: actual_size }));
            }
        }
        _ => out.push(Mismatch::new(path, Kind::TypeMismatch { expected: original.clone(), actual: actual.clone() })),
    }
    out
}

fn tuple_size(types: &[Type], size: &Option<IntRange>) -> Range {
    match size {
        Some(s) => Range::of(Some(*s)),
        None => Range::exact(types.len()),
    }
}

fn describe_tuple(expected: &Type, original: &Type, actual: &Type, path: &[PathElem], count: bool) -> Vec<Mismatch> {
    let Type::Tuple { types: etypes, size: esize } = expected else { return vec![] };
    if expected == actual || (etypes.is_empty() && matches!(actual, Type::Array { .. })) {
        return vec![];
    }
    let size_kind = |e: Range, a: Range| {
        if count { Kind::CountMismatch { expected: e, actual: a } } else { Kind::SizeMismatch { expected: e, actual: a } }
    };
    let expected_size = tuple_size(etypes, esize);
    match actual {
        Type::Tuple { types, size } => {
            let actual_size = tuple_size(types, size);
            if expected_size.covers(&actual_size) {
                let mut out = Vec::new();
                if !etypes.is_empty() {
                    for (i, at) in types.iter().enumerate() {
                        let adx = if i >= etypes.len() { etypes.len() - 1 } else { i };
                        out.extend(describe(&etypes[adx], at, &with(path, PathElem::Index(adx))));
                    }
                }
                out
            } else {
                vec![Mismatch::new(path, size_kind(expected_size, actual_size))]
            }
        }
        Type::Array { element, size } => {
            let actual_size = Range::of(*size);
            if expected_size.covers(&actual_size) {
                let mut out = Vec::new();
                for (i, et) in etypes.iter().enumerate() {
                    out.extend(describe(et, element, &with(path, PathElem::Index(i))));
                }
                out
            } else {
                vec![Mismatch::new(path, size_kind(expected_size, actual_size))]
            }
        }
        _ => vec![Mismatch::new(path, Kind::TypeMismatch { expected: original.clone(), actual: actual.clone() })],
    }
}

fn describe_callable(expected: &Type, original: &Type, actual: &Type, path: &[PathElem]) -> Vec<Mismatch> {
    let Type::Callable(ec) = expected else { return vec![] };
    let Type::Callable(ac) = actual else {
        return vec![Mismatch::new(path, Kind::TypeMismatch { expected: original.clone(), actual: actual.clone() })];
    };
    if ec.params.is_none() && ec.return_type.is_none() {
        return vec![];
    }
    let param_errors = match (&ec.params, &ac.params) {
        (Some(ep), Some(ap)) => describe_tuple(ep, ep, ap, path, true),
        (Some(ep), None) => {
            vec![Mismatch::new(path, Kind::TypeMismatch { expected: ep.clone(), actual: Type::array() })]
        }
        (None, _) => vec![],
    };
    if !param_errors.is_empty() {
        return param_errors;
    }
    let this_ret = ec.return_type.clone().unwrap_or(Type::Any);
    let that_ret = ac.return_type.clone().unwrap_or(Type::Any);
    if !is_assignable(&this_ret, &that_ret) {
        return vec![Mismatch::new(
            &with(path, PathElem::Return),
            Kind::TypeMismatch { expected: this_ret, actual: that_ret },
        )];
    }
    let this_block = ec.block.clone().unwrap_or(Type::Undef);
    let that_block = ac.block.clone().unwrap_or(Type::Undef);
    if is_assignable(&that_block, &this_block) {
        vec![]
    } else {
        vec![Mismatch::new(&with(path, PathElem::Block), Kind::TypeMismatch { expected: this_block, actual: that_block })]
    }
}

// ---------------------------------------------------------------------------
// Signatures.

/// The argument list as Puppet's `infer_set(args + [block])` sees it.
struct ArgsTuple {
    /// `None`: no arguments and no block (Puppet infers `Array[0, 0]`).
    types: Option<Vec<Type>>,
}

impl ArgsTuple {
    fn of(args: &[Value], block: Option<&Value>) -> ArgsTuple {
        if args.is_empty() && block.is_none() {
            return ArgsTuple { types: None };
        }
        let mut types: Vec<Type> = args.iter().map(infer_set).collect();
        if let Some(b) = block {
            types.push(infer_set(b));
        }
        ArgsTuple { types: Some(types) }
    }
}

fn is_callable(t: &Type) -> bool {
    matches!(t, Type::Callable(_))
}

/// A signature as the describer needs it.
pub(crate) struct Sig<'a> {
    types: Vec<&'a Type>,
    names: Vec<&'a str>,
    min: usize,
    max: Option<usize>,
    block: Option<&'a Type>,
    block_name: &'a str,
}

impl<'a> Sig<'a> {
    fn of(d: &'a Dispatch) -> Sig<'a> {
        Sig {
            types: d.params.iter().map(|p| &p.ty).collect(),
            names: d.params.iter().map(|p| p.name.as_str()).collect(),
            min: d.min,
            max: d.max,
            block: d.block.as_ref(),
            block_name: &d.block_name,
        }
    }
    fn size(&self) -> Range {
        Range { from: self.min as i64, to: self.max.map(|m| m as i64) }
    }
}

fn describe_signature_arguments(sig: &Sig<'_>, args: &ArgsTuple, path: &[PathElem]) -> Vec<Mismatch> {
    let expected_size = sig.size();
    let (arg_types, actual_size, arg_count): (Vec<Type>, Range, usize) = match &args.types {
        None => (vec![Type::Unit; sig.types.len()], Range::exact(0), sig.types.len()),
        Some(ts) => {
            if ts.last().is_some_and(is_callable) {
                let n = ts.len() - 1;
                (ts.clone(), Range::exact(n), n)
            } else {
                (ts.clone(), Range::exact(ts.len()), ts.len())
            }
        }
    };
    if !expected_size.covers(&actual_size) {
        return vec![Mismatch::new(path, Kind::CountMismatch { expected: expected_size, actual: actual_size })];
    }
    for (index, at) in arg_types.iter().enumerate().take(arg_count) {
        if sig.types.is_empty() {
            break;
        }
        let adx = if index >= sig.types.len() { sig.types.len() - 1 } else { index };
        let et = sig.types[adx];
        if !is_assignable(et, at) {
            let d = describe(et, at, &with(path, PathElem::Parameter(sig.names[adx].to_string())));
            if !d.is_empty() {
                return d;
            }
        }
    }
    vec![]
}

fn describe_signature_block(sig: &Sig<'_>, args: &ArgsTuple, path: &[PathElem]) -> Vec<Mismatch> {
    let arg_block = args.types.as_ref().and_then(|t| t.last()).filter(|t| is_callable(t));
    match arg_block {
        Some(ab) => match sig.block {
            None => vec![Mismatch::new(path, Kind::UnexpectedBlock)],
            Some(pb) => describe(pb, ab, &with(path, PathElem::Block)),
        },
        None => match sig.block {
            Some(pb) if !is_assignable(pb, &Type::Undef) => vec![Mismatch::new(path, Kind::MissingRequiredBlock)],
            _ => vec![],
        },
    }
}

fn signature_string(sig: &Sig<'_>) -> String {
    let (from, to) = (sig.min, sig.max);
    if from == 0 && to == Some(0) {
        return String::new();
    }
    let limit = sig.names.len();
    let mut parts = Vec::new();
    for (index, name) in sig.names.iter().enumerate() {
        let mut ty: &Type = sig.types.get(index).copied().unwrap_or_else(|| sig.types[sig.types.len() - 1]);
        let mut indicator = "";
        if to.is_none() && index == limit - 1 {
            indicator = if from == limit { "+" } else { "*" };
        } else if index + 1 > from {
            indicator = "?";
            if let Type::Optional(Some(i)) = ty {
                ty = i;
            }
        }
        parts.push(format!("{} {name}{indicator}", signature_type(ty)));
    }
    let mut result = parts.join(", ");
    match sig.block {
        Some(Type::Optional(Some(b))) => {
            if !result.is_empty() {
                result.push_str(", ");
            }
            result.push_str(&format!("{} {}?", signature_type(b), sig.block_name));
        }
        Some(b @ Type::Callable(_)) => {
            if !result.is_empty() {
                result.push_str(", ");
            }
            result.push_str(&format!("{} {}", signature_type(b), sig.block_name));
        }
        _ => {}
    }
    result
}

/// A type in a signature line: Puppet's `to_s` (an alias expanded at the
/// top, aliases inside other types by name).
fn signature_type(t: &Type) -> String {
    super::util::placeholder_text(&crate::display::type_display(t), true)
}

fn describe_sigs(label: &str, sigs: &[Sig<'_>], args: &ArgsTuple) -> String {
    let mut error_arrays: Vec<Vec<Mismatch>> = sigs
        .iter()
        .enumerate()
        .map(|(i, s)| describe_signature_arguments(s, args, &[PathElem::Signature(i)]))
        .collect();
    if !error_arrays.iter().all(|a| !a.is_empty()) {
        let block_arrays: Vec<Vec<Mismatch>> = sigs
            .iter()
            .enumerate()
            .map(|(i, s)| describe_signature_block(s, args, &[PathElem::Signature(i)]))
            .collect();
        let bc_count = block_arrays.iter().filter(|a| !a.is_empty()).count();
        if bc_count == block_arrays.len() {
            error_arrays = block_arrays;
        } else if bc_count > 0 {
            for (i, a) in error_arrays.iter_mut().enumerate() {
                if a.is_empty() {
                    *a = block_arrays[i].clone();
                }
            }
        }
    }
    let errors = merge_descriptions(0, Class::Count, error_arrays.clone());
    if errors.len() == 1 {
        return format!("{label}{}", errors[0].format());
    }
    let mut result = Vec::new();
    if sigs.len() == 1 {
        result.push(format!("{label} expects ({})", signature_string(&sigs[0])));
        for e in &error_arrays[0] {
            result.push(format!("  rejected:{}", e.chop_path(0).format()));
        }
    } else {
        result.push(format!("The function {label} was called with arguments it does not accept. It expects one of:"));
        for (i, s) in sigs.iter().enumerate() {
            result.push(format!("  ({})", signature_string(s)));
            for e in &error_arrays[i] {
                result.push(format!("    rejected:{}", e.chop_path(0).format()));
            }
        }
    }
    result.join("\n")
}

/// The message for arguments that none of the signatures accept
/// (`describe_signatures`); `name` is the function's name.
pub fn describe_signatures(name: &str, sigs: &[&Dispatch], args: &[Value], block: Option<&Value>) -> String {
    let sigs: Vec<Sig<'_>> = sigs.iter().map(|d| Sig::of(d)).collect();
    describe_sigs(&format!("'{name}'"), &sigs, &ArgsTuple::of(args, block))
}

/// The message when a lambda is called with arguments its parameters do not
/// accept (`block parameter 'x' expects a String value, got Integer`):
/// `signature` is the lambda's `Callable` type, `names` its parameter names,
/// `args` the values bound to the parameters (a captures-rest parameter
/// contributing its elements).
pub fn describe_lambda_mismatch(signature: &Type, names: &[&str], args: &[Value]) -> String {
    describe_callable_mismatch("block", signature, names, args, None)
}

/// The message for a call of a Puppet-language function (`label` is
/// `'name'`, quoted) or lambda (`block`) whose single signature, the
/// `Callable` type `signature` with parameter `names`, rejects `args` (and
/// `block`): `'f' parameter 'x' expects ...`, `'f' expects 2 arguments, got
/// 1`, `'f' expects (Integer x, String y)` with the rejections.
pub fn describe_callable_mismatch(
    label: &str,
    signature: &Type,
    names: &[&str],
    args: &[Value],
    block: Option<&Value>,
) -> String {
    let (types, min, max, block_type) = match signature {
        Type::Callable(c) => match &c.params {
            Some(Type::Tuple { types, size }) => {
                let r = tuple_size(types, size);
                (types.clone(), r.from as usize, r.to.map(|t| t as usize), c.block.as_ref())
            }
            _ => (vec![], 0, None, c.block.as_ref()),
        },
        _ => (vec![], 0, None, None),
    };
    let types_ref: Vec<&Type> = types.iter().collect();
    let sig = Sig { types: types_ref, names: names.to_vec(), min, max, block: block_type, block_name: "block" };
    describe_sigs(label, std::slice::from_ref(&sig), &ArgsTuple::of(args, block))
}

/// Does a lambda of type `signature` accept `args` (Puppet's
/// `callable_with?`)? Counts and parameter types.
pub fn lambda_accepts(signature: &Type, args: &[Value]) -> bool {
    lambda_accepts_by(signature, args, &|t, a| Ok(crate::types::calc::instance_of(t, a))).unwrap_or(false)
}

/// [`lambda_accepts`] as Puppet's dispatcher checks a call: the first
/// argument whose type reaches an `Init` that cannot be initialized fails
/// the call (`instance?` raises).
pub fn try_lambda_accepts(signature: &Type, args: &[Value]) -> Result<bool, crate::types::init::InitError> {
    lambda_accepts_by(signature, args, &crate::types::calc::try_instance_of)
}

type InstanceCheck<'a> = &'a dyn Fn(&Type, &Value) -> Result<bool, crate::types::init::InitError>;

fn lambda_accepts_by(signature: &Type, args: &[Value], check: InstanceCheck) -> Result<bool, crate::types::init::InitError> {
    match signature {
        Type::Callable(c) => match &c.params {
            Some(Type::Tuple { types, size }) => {
                let r = tuple_size(types, size);
                let n = args.len() as i64;
                if n < r.from || r.to.is_some_and(|t| n > t) {
                    return Ok(false);
                }
                for (i, a) in args.iter().enumerate() {
                    if let Some(t) = types.get(i).or(types.last())
                        && !check(t, a)?
                    {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            _ => Ok(true),
        },
        _ => Ok(false),
    }
}

/// The mismatches of parameter `name`'s value (of inferred type `actual`)
/// with its type `expected`, each formatted as an entry of Puppet's
/// `validate_parameters` list (`" parameter 'x' expects an Integer value,
/// got String"`, with its leading space; a Struct value can give several).
pub fn describe_parameter(name: &str, expected: &Type, actual: &Type) -> Vec<String> {
    describe(expected, actual, &[PathElem::Parameter(name.to_string())]).iter().map(Mismatch::format).collect()
}

/// Puppet's `validate_parameters` error for `subject` (`Mydef[x]`,
/// `Class[C]`, `lambda`) from its entries (each with its leading space, see
/// [`describe_parameter`]): one entry stays on the subject's line, several
/// go one per line.
pub fn parameters_error(subject: &str, entries: &[String]) -> String {
    match entries {
        [one] => format!("{subject}:{one}"),
        _ => format!("{subject}:\n {}", entries.join("\n ")),
    }
}

/// `describe_mismatch(subject, expected, actual)`: how `assert_type`
/// reports a value of inferred type `actual` that is not an `expected`
/// (`assert_type(): expects an Integer value, got String`).
pub fn describe_mismatch(subject: &str, expected: &Type, actual: &Type) -> String {
    let errors = describe(expected, actual, &[PathElem::Subject(subject.to_string())]);
    match errors.len() {
        0 => String::new(),
        1 => errors[0].format().trim().to_string(),
        _ => errors.iter().map(Mismatch::format).collect::<Vec<_>>().join("\n "),
    }
}
