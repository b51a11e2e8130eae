//! Type calculations, following Puppet 7's `types.rb` and
//! `type_calculator.rb`: instance-of, assignability, type equality, type
//! inference (`type_of` detailed / reduced / generalized), generalization and
//! the common type of two types.
//!
//! Recursion: every recursive step runs under `guard_stack` (deep values),
//! and self-recursive aliases are cut by a guard that remembers which
//! (alias, other) pairs are being checked, like Puppet's `RecursionGuard`:
//! a repeated instance check answers false, a repeated assignability check
//! answers true. An `Init[T]` met again inside its own check answers false
//! ([`InitInProgress`]).
//!
//! Failure: an `Init[T]` whose `T` has no usable `new` (`Init[Iterable]`)
//! makes Puppet's check raise when it first reaches it (`assert_initialized`).
//! The checks here stay `bool`: the first such failure is recorded in the
//! [`Guard`] and the check goes on as if the `Init` took the instances of
//! `T`. The `try_` entry points report the recorded failure; the plain ones
//! are for callers where Puppet does not raise or no `Init` can be reached.
//! A check that meets no `Init` pays nothing for this.

use std::sync::Arc;

use super::init::InitError;
use super::{CallableType, FloatRange, IntRange, StructElement, Type};
use crate::semver::VersionRange;
use crate::time::SpanBound;
use crate::value::{guard_stack, StrKey, Value};

/// The constant types the checks below compare against. The recursion
/// guard knows a (type, type) pair by the types' addresses, so a constant
/// must have one address: a temporary `&Type::Any` would be a new pair at
/// every level of a self-recursive alias, and the check would not end.
static ANY: Type = Type::Any;
static UNDEF: Type = Type::Undef;

/// Pairs the guard holds without allocating: most checks pass through a
/// few aliases at most, and a check that allocates nothing on success is
/// what parameter binding wants.
const GUARD_INLINE: usize = 8;

#[derive(Default)]
struct Guard {
    /// (alias address, value or type address) pairs being evaluated, in
    /// order: the first [`GUARD_INLINE`] in `inline`, the rest in `more`.
    inline: [(usize, usize); GUARD_INLINE],
    depth: usize,
    more: Vec<(usize, usize)>,
    /// Every pair being evaluated, as a set for constant-time lookup, while
    /// `depth` exceeds [`GUARD_INLINE`] (deep data under an alias like
    /// `Data` would make a linear scan quadratic).
    active: std::collections::HashSet<(usize, usize)>,
    /// The other types an alias is being checked against by value, once the
    /// alias is more than [`ALIAS_LEVELS_BY_ADDRESS`] levels deep in an
    /// assignability check (see `assignable_dispatch`).
    by_value: Vec<(usize, Type)>,
    /// The first `Init` met that cannot be initialized: Puppet raises
    /// there, so whatever the check answers, the `try_` entry points fail.
    failed: Option<InitError>,
}

/// How many levels of one alias an assignability check follows before it
/// also compares the other type by value: a type made during the check (an
/// Iterable's element type, the common type of a Tuple's elements) has a
/// new address at every level, so the (alias, address) pair never repeats
/// when a self-recursive alias meets one (`type A0 = Variant[Optional[
/// Iterable[A0]], Data]` and `Tuple[A0] < A0`).
const ALIAS_LEVELS_BY_ADDRESS: usize = 4;

impl Guard {
    /// Records that an `Init` could not be initialized (the first one wins:
    /// Puppet raises at the first).
    #[cold]
    fn fail(&mut self, e: InitError) {
        if self.failed.is_none() {
            self.failed = Some(e);
        }
    }

    /// The answer of a `try_` check: its recorded failure, if any.
    fn answer(self, b: bool) -> Result<bool, InitError> {
        match self.failed {
            None => Ok(b),
            Some(e) => Err(e),
        }
    }

    fn enter(&mut self, a: usize, b: usize) -> bool {
        let k = (a, b);
        if self.depth < GUARD_INLINE {
            if self.inline[..self.depth].contains(&k) {
                return false;
            }
            self.inline[self.depth] = k;
        } else {
            if self.active.is_empty() {
                self.active.extend(self.inline.iter().copied());
            }
            if !self.active.insert(k) {
                return false;
            }
            self.more.push(k);
        }
        self.depth += 1;
        true
    }
    /// How many of the pairs being evaluated have `a` first.
    fn levels(&self, a: usize) -> usize {
        let inline = &self.inline[..self.depth.min(GUARD_INLINE)];
        inline.iter().chain(&self.more).filter(|(x, _)| *x == a).count()
    }

    fn leave(&mut self) {
        if self.depth == 0 {
            return;
        }
        self.depth -= 1;
        if self.depth >= GUARD_INLINE {
            if let Some(k) = self.more.pop() {
                self.active.remove(&k);
            }
            if self.depth == GUARD_INLINE {
                self.active.clear();
            }
        }
    }
}

thread_local! {
    /// The `Init` types (their target's address) whose check is running on
    /// this thread.
    static INITS_IN_PROGRESS: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// An `Init[T]` check in progress. `Init[T]` takes what `T.new` takes, and
/// `T.new` may take the same `Init[T]` again: an Object attribute typed
/// `Init[O]`, or an alias through its body (`type A = Array[Init[A]]`).
/// Met again inside its own check, the `Init` takes nothing more, as
/// Puppet's guarded recursion on a self-recursive `PInitType` answers.
/// Kept per thread, not in the [`Guard`]: `init_info` checks the signatures
/// of `new` against `Init`'s arguments with a guard of its own.
struct InitInProgress(usize);

impl InitInProgress {
    /// `None` when the check of this `Init` (its target `t`) is already running.
    fn enter(t: &Type) -> Option<InitInProgress> {
        let key = t as *const Type as usize;
        INITS_IN_PROGRESS.with_borrow_mut(|active| {
            if active.contains(&key) {
                None
            } else {
                active.push(key);
                Some(InitInProgress(key))
            }
        })
    }
}

impl Drop for InitInProgress {
    fn drop(&mut self) {
        INITS_IN_PROGRESS.with_borrow_mut(|active| {
            if let Some(i) = active.iter().rposition(|k| *k == self.0) {
                active.remove(i);
            }
        });
    }
}

/// `value =~ type`: is `v` an instance of `t`? An `Init` that cannot be
/// initialized takes the instances of its type (see [`try_instance_of`]).
pub fn instance_of(t: &Type, v: &Value) -> bool {
    let mut g = Guard::default();
    inst(t, v, &mut g)
}

/// Can every instance of `o` be assigned to `t`? (See [`try_is_assignable`].)
pub fn is_assignable(t: &Type, o: &Type) -> bool {
    let mut g = Guard::default();
    assignable(t, o, &mut g)
}

/// Puppet's type equality: identical, or mutually assignable.
pub fn type_equals(a: &Type, b: &Type) -> bool {
    a == b || (is_assignable(a, b) && is_assignable(b, a))
}

/// [`instance_of`] as Puppet's `instance?`, which raises when it reaches an
/// `Init[T]` that cannot be initialized (`Init[Iterable]`): the error is
/// Puppet's `Creation of new instance of type 'Iterable' is not supported`.
pub fn try_instance_of(t: &Type, v: &Value) -> Result<bool, InitError> {
    let mut g = Guard::default();
    let b = inst(t, v, &mut g);
    g.answer(b)
}

/// [`is_assignable`] as Puppet's `assignable?`, which raises like
/// [`try_instance_of`].
pub fn try_is_assignable(t: &Type, o: &Type) -> Result<bool, InitError> {
    let mut g = Guard::default();
    let b = assignable(t, o, &mut g);
    g.answer(b)
}

/// [`type_equals`] as Puppet's `TypeCalculator#equals`, in its order:
/// identical, else `b` takes `a` and `a` takes `b` (the first of these to
/// reach an `Init` that cannot be initialized raises).
pub fn try_type_equals(a: &Type, b: &Type) -> Result<bool, InitError> {
    Ok(a == b || (try_is_assignable(b, a)? && try_is_assignable(a, b)?))
}

/// Can a check of `t` reach an `Init[T]` (one that might fail to
/// initialize)? For callers that combine the checks of a type's members
/// themselves and must not answer where Puppet raises.
pub fn mentions_init(t: &Type) -> bool {
    fn walk(t: &Type, seen: &mut Vec<usize>) -> bool {
        guard_stack(|| match t {
            Type::Init { target: Some(_), .. } => true,
            Type::Alias(a) => {
                let key = Arc::as_ptr(a) as usize;
                if seen.contains(&key) {
                    return false;
                }
                seen.push(key);
                a.resolved_type().is_some_and(|r| walk(r, seen))
            }
            _ => {
                let mut found = false;
                super::for_each_child(t, &mut |c| found = found || walk(c, seen));
                found
            }
        })
    }
    walk(t, &mut Vec::new())
}

fn size_ok(size: &Option<IntRange>, n: usize) -> bool {
    size.is_none_or(|s| s.contains(n as i64))
}

fn inst(t: &Type, v: &Value, g: &mut Guard) -> bool {
    guard_stack(|| inst_inner(t, v, g))
}

fn inst_inner(t: &Type, v: &Value, g: &mut Guard) -> bool {
    use Value as V;
    match t {
        Type::Any | Type::Unit => true,
        Type::Undef => v.is_undef(),
        Type::Default => matches!(v, V::Default),
        Type::NotUndef(inner) => !v.is_undef() && inner.as_ref().is_none_or(|i| inst(i, v, g)),
        Type::Scalar => matches!(
            v,
            V::String(_)
                | V::Integer(_)
                | V::Float(_)
                | V::Boolean(_)
                | V::Regexp(_)
                | V::SemVer(_)
                | V::SemVerRange(_)
                | V::Timespan(_)
                | V::Timestamp(_)
        ),
        Type::ScalarData => matches!(v, V::String(_) | V::Integer(_) | V::Float(_) | V::Boolean(_)),
        Type::Numeric => matches!(v, V::Integer(_) | V::Float(_)),
        Type::Integer(r) => matches!(v, V::Integer(i) if r.contains(*i)),
        Type::Float(r) => matches!(v, V::Float(f) if r.contains(*f)),
        Type::String { size, value } => match v {
            V::String(s) => match (size, value) {
                (Some(sz), _) => sz.contains(s.chars().count() as i64),
                (None, Some(val)) => s.as_str() == val.as_str(),
                (None, None) => true,
            },
            _ => false,
        },
        Type::Enum { values, case_insensitive } => match v {
            V::String(s) => {
                if *case_insensitive {
                    values.iter().any(|e| e.eq_ignore_ascii_case(s))
                } else {
                    values.iter().any(|e| e == s.as_str())
                }
            }
            _ => false,
        },
        Type::Pattern(ps) => match v {
            V::String(s) => ps.is_empty() || ps.iter().any(|p| p.is_match(s)),
            _ => false,
        },
        Type::Boolean(b) => matches!(v, V::Boolean(x) if b.is_none_or(|b| b == *x)),
        Type::Regexp(r) => match (r, v) {
            (None, V::Regexp(_)) => true,
            (Some(r), V::Regexp(x)) => r.source() == x.source(),
            _ => false,
        },
        Type::Array { element, size } => match v {
            V::Array(a) => a.iter().all(|e| inst(element, e, g)) && size_ok(size, a.len()),
            _ => false,
        },
        Type::Hash { key, value, size } => match v {
            // Every key, then every value (Puppet's order: a key that fails
            // ends the check before a value type raises).
            V::Hash(h) => {
                h.keys().all(|k| inst(key, k, g)) && h.values().all(|e| inst(value, e, g)) && size_ok(size, h.len())
            }
            _ => false,
        },
        Type::Tuple { types, size } => match v {
            V::Array(a) => {
                match size {
                    Some(s) => {
                        if !s.contains(a.len() as i64) {
                            return false;
                        }
                    }
                    None => {
                        if !types.is_empty() && types.len() != a.len() {
                            return false;
                        }
                    }
                }
                types.is_empty()
                    || a.iter().enumerate().all(|(i, e)| {
                        let t = types.get(i).or(types.last());
                        t.is_some_and(|t| inst(t, e, g))
                    })
            }
            _ => false,
        },
        Type::Struct(elements) => match v {
            V::Hash(h) => {
                let mut matched = 0;
                let all = elements.iter().all(|e| {
                    match h.get(&StrKey(e.name())) {
                        None => assignable(&e.key, &UNDEF, g),
                        Some(val) => {
                            matched += 1;
                            inst(&e.value, val, g)
                        }
                    }
                });
                all && matched == h.len()
            }
            _ => false,
        },
        Type::Collection(size) => match v {
            V::Array(a) => size_ok(size, a.len()),
            V::Hash(h) => size_ok(size, h.len()),
            _ => false,
        },
        Type::Variant(ts) => ts.iter().any(|t| inst(t, v, g)),
        Type::Optional(inner) => v.is_undef() || inner.as_ref().is_some_and(|i| inst(i, v, g)),
        Type::CatalogEntry | Type::Resource { .. } | Type::Class(_) => false,
        Type::Type(inner) => match v {
            V::Type(vt) => inner.as_ref().is_none_or(|i| assignable(i, vt, g)),
            _ => false,
        },
        Type::Callable(_) => match v {
            V::Callable(c) => assignable(t, &c.signature, g),
            _ => false,
        },
        Type::Object => matches!(v, V::Object(_)),
        Type::ObjectType(ot) => matches!(v, V::Object(o) if ot.is_ancestor_of(&o.ty)),
        Type::ObjectExt(e) => match v {
            V::Object(o) => e.base.is_ancestor_of(&o.ty) && extension_params_match(e, &|pn| o.get(pn)),
            _ => false,
        },
        Type::TypeSet | Type::TypeSetType(_) => {
            matches!(v, V::Type(t) if matches!(t.resolved(), Type::TypeSetType(_)))
        }
        Type::Runtime { .. } | Type::Reference(_) => false,
        Type::Iterable(inner) => {
            if inner.as_ref().is_none_or(|i| assignable(i, &ANY, g)) {
                match v {
                    V::String(_) | V::Hash(_) | V::Array(_) | V::Iterator(_) => true,
                    V::Integer(i) => *i >= 0,
                    V::Type(vt) => match vt.resolved() {
                        Type::Integer(r) => r.from.is_some() && r.to.is_some(),
                        Type::Enum { .. } => true,
                        _ => false,
                    },
                    _ => false,
                }
            } else {
                assignable(t, &infer(v), g)
            }
        }
        Type::Iterator(inner) => match v {
            V::Iterator(it) => inner.as_ref().is_none_or(|i| assignable(i, &it.element_type, g)),
            _ => false,
        },
        Type::SemVer(ranges) => match v {
            V::SemVer(s) => ranges.is_empty() || ranges.iter().any(|r| r.includes(s)),
            _ => false,
        },
        Type::SemVerRange => matches!(v, V::SemVerRange(_)),
        Type::Timespan { from, to } => match v {
            V::Timespan(x) => from.is_none_or(|f| **x >= f.span) && to.is_none_or(|t| **x <= t.span),
            _ => false,
        },
        Type::Timestamp { from, to } => match v {
            V::Timestamp(x) => from.is_none_or(|f| **x >= f) && to.is_none_or(|t| **x <= t),
            _ => false,
        },
        Type::Sensitive(inner) => match v {
            V::Sensitive(x) => inner.as_ref().is_none_or(|i| inst(i, x, g)),
            _ => false,
        },
        Type::Binary => matches!(v, V::Binary(_)),
        Type::Uri(params) => match v {
            V::Uri(u) => match params.as_deref() {
                Some(V::Hash(ps)) => ps.iter().all(|(k, p)| {
                    let a = k.as_str().and_then(|n| u.member(n)).unwrap_or(V::Undef);
                    crate::ops::case_match(&a, p).matched
                }),
                _ => true,
            },
            _ => false,
        },
        Type::Init { target, args } => match target {
            None => inst(&Type::rich_data(), v, g),
            Some(t) => {
                let Some(_running) = InitInProgress::enter(t) else { return false };
                // Puppet initializes the `Init` before anything else.
                let info = match super::init::init_info(t, args) {
                    Ok(info) => info,
                    Err(e) => {
                        g.fail(e);
                        return inst(t, v, g);
                    }
                };
                inst(t, v, g)
                    || inst(&info.single, v, g)
                    || info.other.as_ref().is_some_and(|o| {
                        inst(o, v, g) || (info.has_optional_single && inst(o, &Value::array(vec![v.clone()]), g))
                    })
            }
        },
        Type::Alias(a) => {
            let Some(r) = a.resolved_type() else { return false };
            let key = (Arc::as_ptr(a) as usize, v as *const Value as usize);
            if !g.enter(key.0, key.1) {
                return false;
            }
            let res = inst(r, v, g);
            g.leave();
            res
        }
    }
}

fn assignable(t: &Type, o: &Type, g: &mut Guard) -> bool {
    guard_stack(|| assignable_dispatch(t, o, g))
}

fn accepts_undef(t: &Type, g: &mut Guard) -> bool {
    assignable(t, &UNDEF, g)
}

/// Puppet's `PAnyType#assignable?` dispatcher plus the overrides of Unit,
/// Variant and type aliases.
fn assignable_dispatch(t: &Type, o: &Type, g: &mut Guard) -> bool {
    match t {
        Type::Unit => return true,
        Type::Alias(a) => {
            let Some(r) = a.resolved_type() else { return false };
            let key = Arc::as_ptr(a) as usize;
            if !g.enter(key, o as *const Type as usize) {
                return true;
            }
            let by_value = g.levels(key) > ALIAS_LEVELS_BY_ADDRESS;
            if by_value {
                if g.by_value.iter().any(|(k, seen)| *k == key && seen == o) {
                    g.leave();
                    return true;
                }
                g.by_value.push((key, o.clone()));
            }
            let res = assignable(r, o, g);
            if by_value {
                g.by_value.pop();
            }
            g.leave();
            return res;
        }
        Type::Variant(ts) => {
            if matches!(o, Type::Undef) && ts.is_empty() {
                return false;
            }
            if let Type::Variant(os) = o {
                if ts.is_empty() {
                    return true;
                }
                return !os.is_empty() && os.iter().all(|vt| generic_dispatch(t, vt, g));
            }
        }
        _ => {}
    }
    generic_dispatch(t, o, g)
}

fn generic_dispatch(t: &Type, o: &Type, g: &mut Guard) -> bool {
    match o {
        Type::Unit => true,
        Type::Alias(a) => {
            let Some(r) = a.resolved_type() else { return false };
            if !g.enter(t as *const Type as usize, Arc::as_ptr(a) as usize) {
                return true;
            }
            let res = assignable(t, r, g);
            g.leave();
            res
        }
        Type::Variant(os) => {
            if matches!(t, Type::Any) {
                return true;
            }
            if matches!(t, Type::NotUndef(_)) && os.is_empty() {
                return assignable_inner(t, o, g);
            }
            !os.is_empty() && os.iter().all(|vt| assignable(t, vt, g))
        }
        Type::Optional(inner) => {
            accepts_undef(t, g) && inner.as_ref().is_none_or(|i| assignable(t, i, g))
        }
        Type::NotUndef(inner) => match inner {
            Some(i) if !accepts_undef(i, g) => assignable(t, i, g),
            _ => assignable_inner(t, o, g),
        },
        _ => assignable_inner(t, o, g),
    }
}

fn is_scalar_kind(o: &Type) -> bool {
    matches!(
        o,
        Type::Scalar
            | Type::ScalarData
            | Type::Enum { .. }
            | Type::Numeric
            | Type::Integer(_)
            | Type::Float(_)
            | Type::String { .. }
            | Type::Pattern(_)
            | Type::Boolean(_)
            | Type::Regexp(_)
            | Type::SemVer(_)
            | Type::SemVerRange
            | Type::Timespan { .. }
            | Type::Timestamp { .. }
    )
}

fn is_scalar_data_kind(o: &Type) -> bool {
    matches!(
        o,
        Type::ScalarData
            | Type::Enum { .. }
            | Type::Numeric
            | Type::Integer(_)
            | Type::Float(_)
            | Type::String { .. }
            | Type::Pattern(_)
            | Type::Boolean(_)
    )
}

const DEFAULT_SIZE: IntRange = IntRange { from: Some(0), to: None };

fn str_len(s: &str) -> i64 {
    s.chars().count() as i64
}

fn tuple_size_range(types: &[Type], size: &Option<IntRange>) -> IntRange {
    match size {
        Some(s) => *s,
        None if types.is_empty() => DEFAULT_SIZE,
        None => IntRange::exact(types.len() as i64),
    }
}

/// `_assignable?` of each type class.
fn assignable_inner(t: &Type, o: &Type, g: &mut Guard) -> bool {
    match t {
        Type::Any => true,
        Type::Unit => true,
        Type::Undef => matches!(o, Type::Undef),
        Type::Default => matches!(o, Type::Default),
        Type::NotUndef(inner) => !accepts_undef(o, g) && inner.as_ref().is_none_or(|i| assignable(i, o, g)),
        Type::Scalar => is_scalar_kind(o),
        Type::ScalarData => is_scalar_data_kind(o),
        Type::Numeric => matches!(o, Type::Numeric | Type::Integer(_) | Type::Float(_)),
        Type::Integer(r) => matches!(o, Type::Integer(x) if r.covers(x)),
        Type::Float(r) => matches!(o, Type::Float(x) if r.lo() <= x.lo() && r.hi() >= x.hi()),
        Type::String { size, value } => match size {
            Some(sz) => match o {
                Type::String { size: osz, value: ov } => {
                    let derived = match (osz, ov) {
                        (Some(s), _) => *s,
                        (None, Some(v)) => IntRange::exact(str_len(v)),
                        (None, None) => DEFAULT_SIZE,
                    };
                    sz.covers(&derived)
                }
                Type::Enum { values, .. } => {
                    if values.is_empty() {
                        sz.covers(&DEFAULT_SIZE)
                    } else {
                        let lens = values.iter().map(|v| str_len(v));
                        let (mn, mx) = lens.fold((i64::MAX, i64::MIN), |(a, b), l| (a.min(l), b.max(l)));
                        sz.lo() <= mn as i128 && sz.hi() >= mx as i128
                    }
                }
                Type::Pattern(_) => sz.covers(&DEFAULT_SIZE),
                _ => false,
            },
            None => match o {
                Type::String { value: ov, size: osz } => match value {
                    None => true,
                    Some(v) => osz.is_none() && ov.as_ref().is_some_and(|ov| ov == v),
                },
                Type::Enum { values, case_insensitive } => match value {
                    None => true,
                    Some(v) => values.len() == 1 && !case_insensitive && values[0] == **v,
                },
                Type::Pattern(_) => value.is_none(),
                _ => false,
            },
        },
        Type::Enum { values, case_insensitive } => {
            if t == o {
                return true;
            }
            if values.is_empty() && matches!(o, Type::String { .. } | Type::Enum { .. } | Type::Pattern(_)) {
                return true;
            }
            let has = |s: &str| {
                if *case_insensitive {
                    values.iter().any(|e| e.eq_ignore_ascii_case(s))
                } else {
                    values.iter().any(|e| e == s)
                }
            };
            match o {
                Type::String { value: Some(v), size: None } => has(v),
                Type::Enum { values: ov, case_insensitive: oci } => {
                    !ov.is_empty() && (*case_insensitive || !oci) && ov.iter().all(|s| has(s))
                }
                _ => false,
            }
        }
        Type::Pattern(ps) => {
            if t == o {
                return true;
            }
            match o {
                Type::String { value, size } => match (value, size) {
                    (Some(v), None) => ps.is_empty() || ps.iter().any(|p| p.is_match(v)),
                    _ => ps.is_empty(),
                },
                Type::Enum { values, .. } => {
                    if values.is_empty() {
                        ps.is_empty()
                    } else {
                        ps.is_empty() || values.iter().all(|s| ps.iter().any(|p| p.is_match(s)))
                    }
                }
                Type::Pattern(_) => ps.is_empty(),
                _ => false,
            }
        }
        Type::Boolean(b) => matches!(o, Type::Boolean(x) if b.is_none() || b == x),
        Type::Regexp(r) => match o {
            Type::Regexp(x) => match (r, x) {
                (None, _) => true,
                (Some(a), Some(b)) => a.source() == b.source(),
                _ => false,
            },
            _ => false,
        },
        Type::Collection(size) => collection_assignable(size, o),
        Type::Array { element, size } => match o {
            Type::Tuple { types, size: osz } => {
                let size_s = size.unwrap_or(DEFAULT_SIZE);
                let size_o = osz.unwrap_or(IntRange::exact(types.len() as i64));
                size_s.covers(&size_o) && types.iter().all(|ot| assignable(element, ot, g))
            }
            Type::Array { element: oe, .. } => collection_assignable(size, o) && assignable(element, oe, g),
            _ => false,
        },
        Type::Hash { key, value, size } => match o {
            Type::Hash { key: ok, value: ov, size: osz } => {
                if size.is_none_or(|s| s.from == Some(0))
                    && **ok == Type::Unit
                    && **ov == Type::Unit
                    && *osz == Some(IntRange::exact(0))
                {
                    return true;
                }
                assignable(key, ok, g) && assignable(value, ov, g) && collection_assignable(size, o)
            }
            Type::Struct(elements) => {
                size.unwrap_or(DEFAULT_SIZE).contains(elements.len() as i64)
                    && elements.iter().all(|e| {
                        inst(key, &Value::string(e.name()), g) && assignable(value, &e.value, g)
                    })
            }
            _ => false,
        },
        Type::Tuple { types, size } => {
            if t == o {
                return true;
            }
            let size_s = tuple_size_range(types, size);
            match o {
                Type::Tuple { types: ot, size: osz } => {
                    let size_o = tuple_size_range(ot, osz);
                    if !size_s.covers(&size_o) {
                        return false;
                    }
                    if !types.is_empty() {
                        if ot.is_empty() {
                            return size_s.from == Some(0);
                        }
                        for (i, o_t) in ot.iter().enumerate() {
                            let s_t = types.get(i).or(types.last());
                            if !s_t.is_some_and(|s_t| assignable(s_t, o_t, g)) {
                                return false;
                            }
                        }
                    }
                    true
                }
                Type::Array { element, size: osz } => {
                    let size_o = osz.unwrap_or(DEFAULT_SIZE);
                    if !size_s.covers(&size_o) {
                        return false;
                    }
                    if !types.is_empty() {
                        let n = (types.len() as i128).min(size_o.hi());
                        for i in 0..n.max(0) as usize {
                            let s_t = types.get(i).or(types.last());
                            if !s_t.is_some_and(|s_t| assignable(s_t, element, g)) {
                                return false;
                            }
                        }
                    }
                    true
                }
                _ => false,
            }
        }
        Type::Struct(elements) => match o {
            Type::Struct(oes) => {
                let mut matched = 0;
                let all = elements.iter().all(|e1| match oes.iter().find(|e2| e2.name() == e1.name()) {
                    None => accepts_undef(&e1.key, g),
                    Some(e2) => {
                        matched += 1;
                        assignable(&e1.key, &e2.key, g) && assignable(&e1.value, &e2.value, g)
                    }
                });
                all && matched == oes.len()
            }
            Type::Hash { key, value, size } => {
                let mut required = 0;
                let ok = elements.iter().all(|e| {
                    if accepts_undef(&e.key, g) {
                        true
                    } else {
                        required += 1;
                        assignable(&e.value, value, g) && assignable(&generalize(&e.key), key, g)
                    }
                });
                ok && IntRange::new(Some(required), Some(elements.len() as i64)).covers(&size.unwrap_or(DEFAULT_SIZE))
            }
            _ => false,
        },
        Type::Variant(ts) => ts.iter().any(|v| assignable(v, o, g)),
        Type::Optional(inner) => {
            if matches!(o, Type::Undef) {
                return true;
            }
            match inner {
                None => true,
                Some(i) => match o {
                    Type::Optional(oi) => match oi {
                        Some(oi) => assignable(i, oi, g),
                        None => assignable(i, &ANY, g),
                    },
                    _ => assignable(i, o, g),
                },
            }
        }
        Type::CatalogEntry => matches!(o, Type::CatalogEntry | Type::Resource { .. } | Type::Class(_)),
        Type::Class(name) => match o {
            Type::Class(on) => name.is_none() || name == on,
            _ => false,
        },
        Type::Resource { type_name, title } => match o {
            Type::Resource { type_name: on, title: ot } => match type_name {
                None => true,
                Some(n) => {
                    on.as_ref().is_some_and(|on| on.to_lowercase() == n.to_lowercase())
                        && (title.is_none() || title == ot)
                }
            },
            _ => false,
        },
        Type::Type(inner) => match o {
            Type::Type(oi) => match (inner, oi) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(i), Some(oi)) => assignable(i, oi, g),
            },
            _ => false,
        },
        Type::Callable(c) => callable_assignable(c, o, g),
        Type::Runtime { runtime, name } => match o {
            Type::Runtime { runtime: or, name: on } => {
                runtime.is_none() || (runtime == or && (name.is_none() || name == on))
            }
            _ => false,
        },
        Type::Iterable(inner) => {
            if inner.as_ref().is_none_or(|i| assignable(i, &ANY, g)) {
                is_iterable(o)
            } else {
                match iterable_element_type(o) {
                    Some(Some(e)) => inner.as_ref().is_some_and(|i| assignable(i, &e, g)),
                    _ => false,
                }
            }
        }
        Type::Iterator(inner) => match o {
            Type::Iterator(oi) => match inner {
                None => true,
                Some(i) => assignable(i, oi.as_deref().unwrap_or(&ANY), g),
            },
            _ => false,
        },
        Type::SemVer(ranges) => match o {
            Type::SemVer(ors) => {
                ranges.is_empty() || (!ors.is_empty() && ors.iter().all(|r| ranges.iter().any(|s| s == r)))
            }
            _ => false,
        },
        Type::SemVerRange => matches!(o, Type::SemVerRange),
        Type::Timespan { from, to } => match o {
            Type::Timespan { from: of, to: ot } => {
                let lo = match (from, of) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(a), Some(b)) => a <= b,
                };
                let hi = match (to, ot) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(a), Some(b)) => a >= b,
                };
                lo && hi
            }
            _ => false,
        },
        Type::Timestamp { from, to } => match o {
            Type::Timestamp { from: of, to: ot } => {
                let lo = match (from, of) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(a), Some(b)) => a <= b,
                };
                let hi = match (to, ot) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(a), Some(b)) => a >= b,
                };
                lo && hi
            }
            _ => false,
        },
        Type::Sensitive(inner) => match o {
            Type::Sensitive(oi) => assignable(
                inner.as_deref().unwrap_or(&ANY),
                oi.as_deref().unwrap_or(&ANY),
                g,
            ),
            _ => false,
        },
        Type::Binary => matches!(o, Type::Binary),
        Type::Uri(params) => match o {
            Type::Uri(op) => match params.as_deref() {
                Some(Value::Hash(ps)) => {
                    let ops = op.as_deref().and_then(Value::as_hash);
                    ps.iter().all(|(k, b)| match ops.and_then(|o| o.get(k)) {
                        None => false,
                        Some(a) => {
                            crate::ops::case_match(a, b).matched
                                || matches!((a, b), (Value::Type(at), Value::Type(bt)) if assignable(bt, at, g))
                        }
                    })
                }
                _ => true,
            },
            _ => false,
        },
        Type::Object => matches!(o, Type::Object | Type::ObjectType(_) | Type::ObjectExt(_)),
        Type::ObjectType(ot) => match o {
            Type::ObjectType(x) => ot.is_ancestor_of(x),
            Type::ObjectExt(x) => ot.is_ancestor_of(&x.base),
            _ => false,
        },
        Type::ObjectExt(e) => match o {
            Type::ObjectExt(x) => {
                e.base.is_ancestor_of(&x.base)
                    && extension_params_match(e, &|pn| x.parameters.iter().find(|(n, _)| n == pn).map(|(_, v)| v.clone()))
            }
            Type::ObjectType(x) => e.base.is_ancestor_of(x) && e.parameters.is_empty(),
            _ => false,
        },
        Type::TypeSet => matches!(o, Type::TypeSet | Type::TypeSetType(_)),
        Type::TypeSetType(s) => matches!(o, Type::TypeSetType(x) if s.same_set(x)),
        Type::Init { target: None, .. } => match o {
            Type::Init { .. } => true,
            _ => assignable(&Type::rich_data(), o, g),
        },
        Type::Init { target: Some(t), args } => {
            // Puppet initializes the `Init` before anything else (also
            // when `o` is an `Init`).
            let info = match super::init::init_info(t, args) {
                Ok(info) => Some(info),
                Err(e) => {
                    g.fail(e);
                    None
                }
            };
            match o {
                Type::Init { target: ot, .. } => ot.as_ref().is_some_and(|ot| assignable(t, ot, g)),
                _ => {
                    let Some(_running) = InitInProgress::enter(t) else { return false };
                    if assignable(t, o, g) {
                        return true;
                    }
                    let Some(info) = info else { return false };
                    assignable(&info.single, o, g)
                        || info.other.as_ref().is_some_and(|ot| {
                            assignable(ot, o, g)
                                || (info.has_optional_single
                                    && assignable(ot, &Type::Tuple { types: vec![o.clone()], size: None }, g))
                        })
                }
            }
        }
        Type::Reference(_) => t == o,
        Type::Alias(_) => assignable_dispatch(t, o, g),
    }
}

fn collection_assignable(size: &Option<IntRange>, o: &Type) -> bool {
    let s = size.unwrap_or(DEFAULT_SIZE);
    match o {
        Type::Collection(os) | Type::Array { size: os, .. } | Type::Hash { size: os, .. } => {
            s.covers(&os.unwrap_or(DEFAULT_SIZE))
        }
        Type::Tuple { types, size: os } => s.covers(&os.unwrap_or(IntRange::exact(types.len() as i64))),
        Type::Struct(elements) => s.covers(&IntRange::exact(elements.len() as i64)),
        _ => false,
    }
}

fn callable_assignable(c: &CallableType, o: &Type, g: &mut Guard) -> bool {
    let Type::Callable(oc) = o else { return false };
    if let Some(r) = &c.return_type
        && !assignable(r, oc.return_type.as_ref().unwrap_or(&ANY), g) {
            return false;
        }
    let Some(params) = &c.params else { return true };
    let Some(oparams) = &oc.params else { return false };
    if !assignable(oparams, params, g) {
        return false;
    }
    let this_block = c.block.clone().unwrap_or(Type::Undef);
    let that_block = oc.block.clone().unwrap_or(Type::Undef);
    assignable(&that_block, &this_block, g)
}

/// Can instances of `t` be iterated (Puppet's `iterable?`)?
pub fn is_iterable(t: &Type) -> bool {
    match t.resolved() {
        Type::Collection(_)
        | Type::Array { .. }
        | Type::Hash { .. }
        | Type::Tuple { .. }
        | Type::Struct(_)
        | Type::String { .. }
        | Type::Enum { .. }
        | Type::Integer(_)
        | Type::Iterable(_)
        | Type::Iterator(_) => true,
        Type::Type(Some(i)) => match i.resolved() {
            Type::Enum { .. } => true,
            Type::Integer(r) => r.from.is_some() && r.to.is_some(),
            _ => false,
        },
        _ => false,
    }
}

/// The element type an iteration over instances of `t` yields; `Some(None)`
/// is "iterable with unknown elements".
fn iterable_element_type(t: &Type) -> Option<Option<Type>> {
    let one_char = Type::String { size: Some(IntRange::exact(1)), value: None };
    Some(match t.resolved() {
        Type::Array { element, .. } => {
            if **element == Type::Any {
                None
            } else {
                Some((**element).clone())
            }
        }
        Type::Hash { key, value, .. } => Some(Type::Tuple {
            types: vec![(**key).clone(), (**value).clone()],
            size: Some(IntRange::exact(2)),
        }),
        Type::Tuple { types, .. } => Some(variant_maybe(types.clone())),
        Type::String { .. } | Type::Enum { .. } => Some(one_char),
        Type::Integer(_) => Some(Type::Integer(IntRange::UNBOUNDED)),
        Type::Iterable(i) | Type::Iterator(i) => i.as_deref().cloned(),
        Type::Type(Some(i)) => match i.resolved() {
            Type::Enum { .. } => Some((**i).clone()),
            Type::Integer(r) if r.from.is_some() && r.to.is_some() => Some((**i).clone()),
            _ => return None,
        },
        _ => return None,
    })
}

/// `PVariantType.maybe_create`: flatten nested variants, drop duplicates,
/// unwrap a single type.
pub fn variant_maybe(types: Vec<Type>) -> Type {
    let mut flat: Vec<Type> = Vec::new();
    for mut t in types {
        if let Type::Variant(inner) = &mut t {
            for i in std::mem::take(inner) {
                if !flat.contains(&i) {
                    flat.push(i)
                }
            }
        } else if !flat.contains(&t) {
            flat.push(t)
        }
    }
    if flat.len() == 1 {
        flat.pop().unwrap_or(Type::Any)
    } else {
        Type::Variant(flat)
    }
}

/// The reduced type of a value (Puppet's `infer`, `type(x, 'reduced')`).
pub fn infer(v: &Value) -> Type {
    guard_stack(|| infer_inner(v))
}

fn infer_inner(v: &Value) -> Type {
    match v {
        Value::Undef => Type::Undef,
        Value::Default => Type::Default,
        Value::Boolean(b) => Type::Boolean(Some(*b)),
        Value::Integer(i) => Type::integer(Some(*i), Some(*i)),
        Value::Float(f) => Type::Float(FloatRange { from: Some(*f), to: Some(*f) }),
        Value::String(s) => Type::String { size: None, value: Some(s.clone()) },
        Value::Regexp(r) => Type::Regexp(Some(r.clone())),
        Value::Array(a) => {
            if a.is_empty() {
                Type::empty_array()
            } else {
                let mut t: Option<Type> = None;
                for e in a.iter() {
                    let et = infer(e);
                    t = Some(match t {
                        None => et,
                        Some(p) => common_type(&p, &et),
                    });
                }
                Type::Array {
                    element: Arc::new(t.unwrap_or(Type::Any)),
                    size: Some(IntRange::exact(a.len() as i64)),
                }
            }
        }
        Value::Hash(h) => {
            if h.is_empty() {
                Type::empty_hash()
            } else {
                let reduce = |it: &mut dyn Iterator<Item = &Value>| {
                    let mut t: Option<Type> = None;
                    for e in it {
                        let et = infer(e);
                        t = Some(match t {
                            None => et,
                            Some(p) => common_type(&p, &et),
                        });
                    }
                    t.unwrap_or(Type::Any)
                };
                let k = reduce(&mut h.keys());
                let val = reduce(&mut h.values());
                Type::Hash { key: Arc::new(k), value: Arc::new(val), size: Some(IntRange::exact(h.len() as i64)) }
            }
        }
        Value::Type(t) => Type::Type(Some(t.clone())),
        Value::Timespan(t) => Type::Timespan { from: Some(SpanBound::exact(**t)), to: Some(SpanBound::exact(**t)) },
        Value::Timestamp(t) => Type::Timestamp { from: Some(**t), to: Some(**t) },
        Value::SemVer(_) => Type::SemVer(vec![]),
        Value::SemVerRange(_) => Type::SemVerRange,
        Value::Sensitive(inner) => Type::Sensitive(Some(Arc::new(generalize(&infer(inner))))),
        Value::Binary(_) => Type::Binary,
        Value::Iterator(it) => Type::Iterator(Some(Arc::new(it.element_type.clone()))),
        Value::Callable(c) => c.signature.clone(),
        Value::Uri(u) => Type::Uri(u.to_param_hash().map(Arc::new)),
        Value::Object(o) => {
            // An instance of a type with type parameters infers as the
            // type parameterized by its own attribute values
            // (`Error['kind', 'CODE']`, Puppet's `create_from_instance`).
            let tps = o.ty.all_type_parameters();
            if tps.is_empty() {
                Type::ObjectType(o.ty.clone())
            } else {
                let parameters = tps
                    .into_iter()
                    .map(|tp| {
                        let v = if o.ty.has_attribute(&tp.name) { o.get(&tp.name).unwrap_or(Value::Undef) } else { Value::Undef };
                        (tp.name, v)
                    })
                    .collect();
                Type::ObjectExt(Arc::new(super::object::ObjectTypeExtension { base: o.ty.clone(), parameters }))
            }
        }
    }
}

/// Do the values an Object (or an extension) has for the parameters of
/// `e` match them (Puppet's `test_instance?`/`test_assignable?`: as `case`
/// matches; a parameter value that is a type also takes a type it is
/// assignable from)?
fn extension_params_match(e: &super::object::ObjectTypeExtension, value_of: &dyn Fn(&str) -> Option<Value>) -> bool {
    e.parameters.iter().all(|(pn, b)| match value_of(pn) {
        None => false,
        Some(a) => {
            crate::ops::case_match(&a, b).matched
                || matches!((&a, b), (Value::Type(at), Value::Type(bt)) if is_assignable(bt, at))
        }
    })
}

/// The detailed type of a value (Puppet's `infer_set`, `type(x)`): arrays
/// become `Tuple`s, hashes with non-empty String keys become `Struct`s.
pub fn infer_set(v: &Value) -> Type {
    guard_stack(|| match v {
        Value::Array(a) => {
            if a.is_empty() {
                Type::empty_array()
            } else {
                Type::Tuple { types: a.iter().map(infer_set).collect(), size: None }
            }
        }
        Value::Hash(h) => {
            if h.is_empty() {
                Type::empty_hash()
            } else if h.keys().all(|k| matches!(k, Value::String(s) if !s.is_empty())) {
                Type::Struct(
                    h.iter()
                        .map(|(k, e)| StructElement {
                            key: Type::String {
                                size: None,
                                value: Some(match k {
                                    Value::String(s) => s.clone(),
                                    _ => Arc::new(String::new()),
                                }),
                            },
                            value: infer_set(e),
                        })
                        .collect(),
                )
            } else {
                let unwrap = |mut t: Type| match &mut t {
                    Type::Variant(ts) if ts.len() == 1 => ts.pop().unwrap_or(Type::Any),
                    _ => t,
                };
                let kt = unwrap(variant_maybe(h.keys().map(infer_set).collect()));
                let vt = unwrap(variant_maybe(h.values().map(infer_set).collect()));
                Type::Hash { key: Arc::new(kt), value: Arc::new(vt), size: Some(IntRange::exact(h.len() as i64)) }
            }
        }
        Value::SemVer(s) => {
            let text = format!("{s} - {s}");
            match VersionRange::parse(&text) {
                Ok(r) => Type::SemVer(vec![Arc::new(r)]),
                Err(_) => Type::SemVer(vec![]),
            }
        }
        other => infer(other),
    })
}

/// `type(x, 'generalized')`: the inferred type with value specifics removed.
pub fn infer_generalized(v: &Value) -> Type {
    generalize(&infer(v))
}

/// Puppet's `generalize`: drops value-specific parameters (ranges, sizes,
/// string values) recursively.
pub fn generalize(t: &Type) -> Type {
    guard_stack(|| match t {
        Type::Integer(_) => Type::Integer(IntRange::UNBOUNDED),
        Type::Float(_) => Type::float(None, None),
        Type::String { .. } => Type::string(),
        Type::Enum { values, .. } => {
            if values.is_empty() {
                Type::string()
            } else {
                let lens: Vec<i64> = values.iter().map(|v| str_len(v)).collect();
                let mn = lens.iter().copied().min().unwrap_or(0);
                let mx = lens.iter().copied().max().unwrap_or(0);
                Type::String { size: Some(IntRange::new(Some(mn), Some(mx)).to_size()), value: None }
            }
        }
        Type::Boolean(_) => Type::Boolean(None),
        Type::Timespan { .. } => Type::Timespan { from: None, to: None },
        Type::Timestamp { .. } => Type::Timestamp { from: None, to: None },
        Type::Collection(_) => Type::Collection(None),
        Type::Array { element, .. } => {
            if **element == Type::Any {
                Type::array()
            } else {
                Type::Array { element: Arc::new(generalize(element)), size: None }
            }
        }
        Type::Hash { key, value, size } => {
            let is_empty = **key == Type::Unit && **value == Type::Unit && *size == Some(IntRange::exact(0));
            if (**key == Type::Any && **value == Type::Any && size.is_none()) || is_empty {
                t.clone()
            } else {
                Type::Hash { key: Arc::new(generalize(key)), value: Arc::new(generalize(value)), size: None }
            }
        }
        Type::Tuple { types, size } => {
            if types.is_empty() && size.is_none() {
                t.clone()
            } else {
                Type::Tuple { types: types.iter().map(generalize).collect(), size: *size }
            }
        }
        Type::Struct(es) => Type::Struct(
            es.iter().map(|e| StructElement { key: e.key.clone(), value: generalize(&e.value) }).collect(),
        ),
        Type::Variant(ts) => {
            if ts.is_empty() {
                t.clone()
            } else {
                variant_maybe(ts.iter().map(generalize).collect())
            }
        }
        Type::Type(Some(i)) => Type::Type(Some(Arc::new(generalize(i)))),
        Type::NotUndef(Some(i)) => Type::NotUndef(Some(Arc::new(generalize(i)))),
        Type::Optional(Some(i)) => Type::Optional(Some(Arc::new(generalize(i)))),
        Type::Iterable(Some(i)) => Type::Iterable(Some(Arc::new(generalize(i)))),
        Type::Iterator(Some(i)) => Type::Iterator(Some(Arc::new(generalize(i)))),
        Type::Sensitive(Some(i)) => Type::Sensitive(Some(Arc::new(generalize(i)))),
        Type::Callable(c) => Type::Callable(Arc::new(CallableType {
            params: c.params.as_ref().map(generalize),
            block: c.block.as_ref().map(generalize),
            return_type: c.return_type.as_ref().map(generalize),
        })),
        Type::ObjectExt(e) => Type::ObjectType(e.base.clone()),
        Type::Uri(_) => Type::Uri(None),
        other => other.clone(),
    })
}

fn union_values(a: &[String], b: &[String]) -> Vec<String> {
    let mut v = a.to_vec();
    for x in b {
        if !v.contains(x) {
            v.push(x.clone());
        }
    }
    v
}

/// The common (least general) super type of two types, as Puppet's
/// `TypeCalculator#common_type`.
pub fn common_type(t1: &Type, t2: &Type) -> Type {
    guard_stack(|| common_inner(t1, t2))
}

fn common_inner(t1: &Type, t2: &Type) -> Type {
    if matches!(t1, Type::Undef) {
        return t2.clone();
    }
    if matches!(t2, Type::Undef) {
        return t1.clone();
    }
    if matches!(t1, Type::Unit) {
        return t2.clone();
    }
    if matches!(t2, Type::Unit) {
        return t1.clone();
    }
    if is_assignable(t1, t2) {
        return t1.clone();
    }
    if is_assignable(t2, t1) {
        return t2.clone();
    }
    match (t1, t2) {
        (Type::Array { element: a, .. }, Type::Array { element: b, .. }) => {
            return Type::array_of(common_type(a, b));
        }
        (Type::Hash { key: k1, value: v1, .. }, Type::Hash { key: k2, value: v2, .. }) => {
            return Type::hash_of(common_type(k1, k2), common_type(v1, v2));
        }
        (Type::Class(_), Type::Class(_)) => return Type::Class(None),
        (Type::Resource { type_name: n1, .. }, Type::Resource { type_name: n2, .. }) => {
            return if n1 == n2 {
                Type::Resource { type_name: n1.clone(), title: None }
            } else {
                Type::Resource { type_name: None, title: None }
            };
        }
        (Type::Integer(a), Type::Integer(b)) => {
            let from = match (a.from, b.from) {
                (Some(x), Some(y)) => Some(x.min(y)),
                _ => None,
            };
            let to = match (a.to, b.to) {
                (Some(x), Some(y)) => Some(x.max(y)),
                _ => None,
            };
            return Type::integer(from, to);
        }
        (Type::Float(a), Type::Float(b)) => {
            let lo = a.lo().min(b.lo());
            let hi = a.hi().max(b.hi());
            return Type::float(lo.is_finite().then_some(lo), hi.is_finite().then_some(hi));
        }
        (Type::String { size: s1, value: v1 }, Type::Enum { values, .. }) => {
            let _ = s1;
            return match v1 {
                None => Type::Enum { values: vec![], case_insensitive: false },
                Some(v) => Type::enumeration(union_values(values, &[v.to_string()]), false),
            };
        }
        (Type::String { size: s1, value: v1 }, Type::String { size: s2, value: v2 }) => {
            return match (s1, s2) {
                (Some(a), Some(b)) => {
                    let lo = a.lo().min(b.lo());
                    let hi = a.hi().max(b.hi());
                    Type::String {
                        size: Some(IntRange::new(
                            (lo != i128::MIN).then_some(lo as i64),
                            (hi != i128::MAX).then_some(hi as i64),
                        )),
                        value: None,
                    }
                }
                _ => match (v1, v2) {
                    (Some(a), Some(b)) => Type::enumeration(vec![a.to_string(), b.to_string()], false),
                    _ => Type::string(),
                },
            };
        }
        (Type::Pattern(a), Type::Pattern(b)) => {
            let mut ps = a.clone();
            for p in b {
                if !ps.iter().any(|x| x.source() == p.source()) {
                    ps.push(p.clone());
                }
            }
            return Type::Pattern(ps);
        }
        (Type::Enum { values: a, .. }, Type::Enum { values: b, .. }) => {
            return Type::enumeration(union_values(a, b), false);
        }
        (Type::Enum { values: a, .. }, Type::String { value, .. }) => {
            return match value {
                None => Type::Enum { values: vec![], case_insensitive: false },
                Some(v) => Type::enumeration(union_values(a, &[v.to_string()]), false),
            };
        }
        (Type::Variant(a), Type::Variant(b)) => {
            let mut ts = a.clone();
            for x in b {
                if !ts.contains(x) {
                    ts.push(x.clone());
                }
            }
            return variant_maybe(ts);
        }
        (Type::Regexp(_), Type::Regexp(_)) => return Type::Regexp(None),
        (Type::Callable(_), Type::Callable(_)) => return Type::callable_any(),
        _ => {}
    }
    if is_assignable(&Type::Numeric, t1) && is_assignable(&Type::Numeric, t2) {
        return Type::Numeric;
    }
    if is_assignable(&Type::ScalarData, t1) && is_assignable(&Type::ScalarData, t2) {
        return Type::ScalarData;
    }
    if is_assignable(&Type::Scalar, t1) && is_assignable(&Type::Scalar, t2) {
        return Type::Scalar;
    }
    let data = Type::data();
    if is_assignable(&data, t1) && is_assignable(&data, t2) {
        return data;
    }
    if let (Type::Type(a), Type::Type(b)) = (t1, t2) {
        let inner = match (a, b) {
            (Some(a), Some(b)) => Some(Arc::new(common_type(a, b))),
            _ => None,
        };
        return Type::Type(inner);
    }
    let rich = Type::rich_data();
    if is_assignable(&rich, t1) && is_assignable(&rich, t2) {
        return rich;
    }
    Type::Any
}

/// Puppet's `normalize`: the same set of values, written canonically.
/// Optional/NotUndef/Variant are simplified, nested variants flattened, and
/// enums, patterns, version ranges and overlapping numeric ranges in a
/// Variant merged (`Variant[Integer, Integer[1,2]]` is `Integer`). Applied to
/// the right-hand side of a type alias when it is resolved.
pub fn normalize(t: &Type) -> Type {
    guard_stack(|| normalize_inner(t))
}

fn contained(inner: &Option<Arc<Type>>) -> Option<Arc<Type>> {
    inner.as_ref().map(|i| Arc::new(normalize(i)))
}

fn normalize_inner(t: &Type) -> Type {
    match t {
        Type::NotUndef(inner) => match contained(inner) {
            None => Type::NotUndef(None),
            Some(i) => match i.as_ref() {
                Type::Optional(oi) => normalize(&Type::NotUndef(oi.clone())),
                it if !is_assignable(it, &Type::Undef) => it.clone(),
                _ => Type::NotUndef(Some(i)),
            },
        },
        Type::Optional(inner) => match contained(inner) {
            None => Type::Optional(None),
            Some(i) => match i.as_ref() {
                Type::NotUndef(ni) => normalize(&Type::Optional(ni.clone())),
                it if is_assignable(it, &Type::Undef) => it.clone(),
                _ => Type::Optional(Some(i)),
            },
        },
        Type::Type(i) => Type::Type(contained(i)),
        Type::Iterable(i) => Type::Iterable(contained(i)),
        Type::Iterator(i) => Type::Iterator(contained(i)),
        Type::Sensitive(i) => Type::Sensitive(contained(i)),
        Type::Collection(_) => Type::Collection(None),
        Type::Array { element, size } => {
            if **element == Type::Any {
                Type::array()
            } else {
                Type::Array { element: Arc::new(normalize(element)), size: *size }
            }
        }
        Type::Hash { key, value, size } => {
            let is_empty = **key == Type::Unit && **value == Type::Unit && *size == Some(IntRange::exact(0));
            if (**key == Type::Any && **value == Type::Any && size.is_none()) || is_empty {
                t.clone()
            } else {
                Type::Hash { key: Arc::new(normalize(key)), value: Arc::new(normalize(value)), size: *size }
            }
        }
        Type::Tuple { types, size } => Type::Tuple { types: types.iter().map(normalize).collect(), size: *size },
        Type::Struct(es) => Type::Struct(
            es.iter().map(|e| StructElement { key: e.key.clone(), value: normalize(&e.value) }).collect(),
        ),
        Type::Callable(c) => Type::Callable(Arc::new(CallableType {
            params: c.params.as_ref().map(normalize),
            block: c.block.as_ref().map(normalize),
            return_type: c.return_type.as_ref().map(normalize),
        })),
        Type::Variant(ts) => normalize_variant(ts),
        other => other.clone(),
    }
}

fn normalize_variant(ts: &[Type]) -> Type {
    if ts.is_empty() {
        return Type::Variant(vec![]);
    }
    let types: Vec<Type> = ts.iter().map(normalize).collect();
    let modified = types.as_slice() != ts;
    if types.len() == 1 {
        return types.into_iter().next().unwrap_or(Type::Any);
    }
    if types.iter().any(|t| matches!(t, Type::Undef | Type::Optional(_))) {
        let rest: Vec<Type> = types
            .iter()
            .filter(|t| !matches!(t, Type::Undef))
            .filter_map(|t| match t {
                Type::Optional(i) => i.as_deref().cloned(),
                other => Some(other.clone()),
            })
            .collect();
        return normalize(&Type::Optional(Some(Arc::new(variant_maybe(rest)))));
    }
    let mut flat = variant_maybe(types);
    let mut types = match &mut flat {
        Type::Variant(v) => std::mem::take(v),
        _ => return flat,
    };
    let size_before_merge = types.len();
    types = swap_not_undefs(types);
    types = merge_enums(types);
    types = merge_patterns(types);
    types = merge_version_ranges(types);
    types = merge_numbers(types);
    if types.len() == 1 {
        types.pop().unwrap_or(Type::Any)
    } else if modified || types.len() != size_before_merge {
        variant_maybe(types)
    } else {
        // Nothing changed or merged: Puppet keeps the variant as written.
        Type::Variant(ts.to_vec())
    }
}

fn swap_not_undefs(types: Vec<Type>) -> Vec<Type> {
    let (nu, mut others): (Vec<Type>, Vec<Type>) = types.into_iter().partition(|t| matches!(t, Type::NotUndef(_)));
    if nu.len() > 1 {
        let inner: Vec<Type> = nu
            .into_iter()
            .map(|t| match t {
                Type::NotUndef(Some(ref i)) => (**i).clone(),
                _ => Type::Any,
            })
            .collect();
        others.push(Type::NotUndef(Some(Arc::new(normalize(&variant_maybe(inner))))));
        others
    } else {
        others.extend(nu);
        others
    }
}

fn merge_enums(types: Vec<Type>) -> Vec<Type> {
    let is_plain = |t: &Type| match t {
        Type::Enum { values, case_insensitive } => !values.is_empty() && !case_insensitive,
        Type::String { value, size: None } => value.is_some(),
        _ => false,
    };
    let (enums, mut others): (Vec<Type>, Vec<Type>) = types.iter().cloned().partition(|t| is_plain(t));
    let mut types = types;
    if enums.len() > 1 {
        let mut values = Vec::new();
        for e in &enums {
            match e {
                Type::Enum { values: v, .. } => values.extend(v.iter().cloned()),
                Type::String { value: Some(v), .. } => values.push(v.to_string()),
                _ => {}
            }
        }
        others.push(Type::enumeration(values, false));
        types = others;
    }
    let (ci, mut others): (Vec<Type>, Vec<Type>) = types
        .iter()
        .cloned()
        .partition(|t| matches!(t, Type::Enum { values, case_insensitive: true } if !values.is_empty()));
    if ci.len() > 1 {
        let mut values = Vec::new();
        for e in &ci {
            if let Type::Enum { values: v, .. } = e {
                values.extend(v.iter().map(|s| s.to_lowercase()));
            }
        }
        others.push(Type::enumeration(values, true));
        return others;
    }
    types
}

fn merge_patterns(types: Vec<Type>) -> Vec<Type> {
    let (pats, mut others): (Vec<Type>, Vec<Type>) = types.iter().cloned().partition(|t| matches!(t, Type::Pattern(_)));
    if pats.len() > 1 {
        let mut all: Vec<Arc<crate::regex::Regex>> = Vec::new();
        for p in &pats {
            if let Type::Pattern(ps) = p {
                for r in ps {
                    if !all.iter().any(|x| x.source() == r.source()) {
                        all.push(r.clone());
                    }
                }
            }
        }
        others.push(Type::Pattern(all));
        return others;
    }
    types
}

fn merge_version_ranges(types: Vec<Type>) -> Vec<Type> {
    let (svs, others): (Vec<Type>, Vec<Type>) = types.iter().cloned().partition(|t| matches!(t, Type::SemVer(_)));
    if svs.len() > 1 {
        let mut ranges = Vec::new();
        for s in &svs {
            if let Type::SemVer(r) = s {
                ranges.extend(r.iter().cloned());
            }
        }
        let mut out = vec![Type::SemVer(ranges)];
        out.extend(others);
        return out;
    }
    types
}

/// Merges Integer (overlapping or adjacent) and Float (overlapping) ranges,
/// in Puppet's order: merged ranges first, then the other types.
fn merge_numbers(types: Vec<Type>) -> Vec<Type> {
    let mut types = types;
    for kind in 0..2 {
        let is_kind = |t: &Type| match kind {
            0 => matches!(t, Type::Integer(_)),
            _ => matches!(t, Type::Float(_)),
        };
        let (ranges, others): (Vec<Type>, Vec<Type>) = types.iter().cloned().partition(|t| is_kind(t));
        if ranges.len() > 1 {
            let mut merged = merge_ranges(ranges);
            merged.extend(others);
            types = merged;
        }
    }
    types
}

fn merge_two(a: &Type, b: &Type) -> Option<Type> {
    match (a, b) {
        (Type::Integer(x), Type::Integer(y)) => {
            let (xl, xh, yl, yh) = (x.lo(), x.hi(), y.lo(), y.hi());
            let intersect = !(xh < yl || yh < xl);
            let adjacent = xh.checked_add(1) == Some(yl) || yh.checked_add(1) == Some(xl);
            if !(intersect || adjacent) {
                return None;
            }
            Some(Type::Integer(IntRange::new(
                if xl.min(yl) == i128::MIN { None } else { Some(xl.min(yl) as i64) },
                if xh.max(yh) == i128::MAX { None } else { Some(xh.max(yh) as i64) },
            )))
        }
        (Type::Float(x), Type::Float(y)) => {
            if x.hi() < y.lo() || y.hi() < x.lo() {
                return None;
            }
            let lo = x.lo().min(y.lo());
            let hi = x.hi().max(y.hi());
            Some(Type::float(lo.is_finite().then_some(lo), hi.is_finite().then_some(hi)))
        }
        _ => None,
    }
}

/// Puppet's `merge_ranges`: repeatedly take the last range and fold every
/// other range that merges into it.
fn merge_ranges(mut ranges: Vec<Type>) -> Vec<Type> {
    let mut result = Vec::new();
    while let Some(x) = ranges.pop() {
        let mut memo = x;
        let mut unmerged = Vec::new();
        for y in ranges.drain(..) {
            match merge_two(&memo, &y) {
                Some(m) => memo = m,
                None => unmerged.push(y),
            }
        }
        result.push(memo);
        ranges = unmerged;
    }
    result
}
