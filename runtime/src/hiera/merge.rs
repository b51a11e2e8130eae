//! Merge strategies (`Puppet::Pops::MergeStrategy`): `first` (and its
//! alias `default`), `unique`, `hash`, `deep`, and the Hiera 3 variants
//! `reverse_deep` and `unconstrained_deep`; with `deep`, a port of the
//! `deep_merge` gem's `DeepMerge.deep_merge!` (knockout prefix, sorted
//! merged arrays, merged arrays of hashes).
//!
//! A strategy combines the values found by a list of lookup variants
//! (layers, hierarchy levels, locations), highest priority first:
//! [`Strategy::lookup`] calls the variant function for each and merges
//! what is found, exactly as Puppet's `MergeStrategy#lookup` does
//! (`merge_single` for one variant, `convert_value` of the first found
//! value, then `merge(memo, value)` with type assertions on both).

use std::sync::OnceLock;

use crate::error::Error;
use crate::functions::describe::describe_mismatch;
use crate::types::{Type, calc};
use crate::value::{HashMapV, Value};

use super::{L, ruby_error, type_error};

/// Which strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    First,
    /// `default`: first found, what a lookup without merge uses.
    Default,
    Unique,
    Hash,
    Deep,
    /// Hiera 3's `merge_behavior: deeper`.
    UnconstrainedDeep,
    /// Hiera 3's `merge_behavior: deep` (the first found value loses).
    ReverseDeep,
}

impl Kind {
    fn from_name(name: &str) -> Option<Kind> {
        Some(match name {
            "first" => Kind::First,
            "default" => Kind::Default,
            "unique" => Kind::Unique,
            "hash" => Kind::Hash,
            "deep" => Kind::Deep,
            "unconstrained_deep" => Kind::UnconstrainedDeep,
            "reverse_deep" => Kind::ReverseDeep,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Kind::First => "first",
            Kind::Default => "default",
            Kind::Unique => "unique",
            Kind::Hash => "hash",
            Kind::Deep => "deep",
            Kind::UnconstrainedDeep => "unconstrained_deep",
            Kind::ReverseDeep => "reverse_deep",
        }
    }
}

/// A merge strategy with its options.
#[derive(Clone, Debug)]
pub struct Strategy {
    pub kind: Kind,
    /// The options hash as given (including `strategy`), empty when none.
    options: HashMapV,
}

/// `deep_merge!` options.
#[derive(Clone, Debug, Default)]
struct DeepOptions {
    knockout_prefix: Option<String>,
    preserve_unmergeables: bool,
    sort_merged_arrays: bool,
    merge_hash_arrays: bool,
    unpack_arrays: Option<String>,
    overwrite_arrays: bool,
    extend_existing_arrays: bool,
}

fn parsed(text: &str) -> Type {
    crate::types::parser::parse_type(text).unwrap_or_else(|e| panic!("bad built-in type {text}: {e:?}"))
}

fn hash_value_t() -> &'static Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| parsed("Hash[String,Data]"))
}

fn unique_value_t() -> &'static Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| parsed("Variant[Scalar,Array[Data]]"))
}

fn options_t(kind: Kind) -> &'static Type {
    static SIMPLE: OnceLock<Vec<(Kind, Type)>> = OnceLock::new();
    static DEEP: OnceLock<Type> = OnceLock::new();
    static ANY: OnceLock<Type> = OnceLock::new();
    match kind {
        Kind::Deep => DEEP.get_or_init(|| {
            parsed(
                "Struct[{strategy=>Optional[Pattern[deep]],knockout_prefix=>Optional[String],merge_debug=>Optional[Boolean],merge_hash_arrays=>Optional[Boolean],sort_merged_arrays=>Optional[Boolean]}]",
            )
        }),
        Kind::UnconstrainedDeep | Kind::ReverseDeep => ANY.get_or_init(|| parsed("Hash[String[1],Any]")),
        _ => {
            let all = SIMPLE.get_or_init(|| {
                [Kind::First, Kind::Default, Kind::Unique, Kind::Hash]
                    .into_iter()
                    .map(|k| (k, parsed(&format!("Struct[{{strategy=>Optional[Pattern[/{}/]]}}]", k.name()))))
                    .collect()
            });
            &all.iter().find(|(k, _)| *k == kind).expect("every simple strategy has an options type").1
        }
    }
}

/// `TypeAsserter.assert_instance_of(subject, type, value)`.
pub(crate) fn assert_type(subject: &str, t: &Type, v: &Value) -> Result<(), Error> {
    if calc::try_instance_of(t, v)? {
        Ok(())
    } else {
        Err(type_error(describe_mismatch(&format!("{subject} has wrong type,"), t, &calc::infer_set(v))))
    }
}

impl Strategy {
    /// A strategy of a kind, without options.
    pub fn of(kind: Kind) -> Strategy {
        Strategy { kind, options: HashMapV::default() }
    }

    /// `MergeStrategy.strategy(merge)`: undef is `default`; a String names
    /// a strategy; a Hash holds `strategy` and the options.
    pub fn from_value(merge: &Value) -> Result<Strategy, Error> {
        let (name, options) = match merge {
            Value::Undef => return Ok(Strategy::of(Kind::Default)),
            Value::Hash(h) => {
                let Some(s) = h.get(&Value::string("strategy")) else {
                    return Err(ruby_error(
                        "The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'",
                    ));
                };
                (s.clone(), if h.len() == 1 { HashMapV::default() } else { (**h).clone() })
            }
            other => (other.clone(), HashMapV::default()),
        };
        let kind = match &name {
            Value::String(s) => Kind::from_name(s),
            _ => None,
        };
        let Some(kind) = kind else {
            let shown = match &name {
                Value::String(s) => s.to_string(),
                other => crate::display::ruby_to_s(other),
            };
            return Err(ruby_error(format!("Unknown merge strategy: '{shown}'")));
        };
        if !options.is_empty() {
            assert_type("The merge options", options_t(kind), &Value::hash_from(options.clone()))?;
        }
        Ok(Strategy { kind, options })
    }

    /// Hiera 3's `merge_behavior` with its `deep_merge_options`.
    pub fn with_options(kind: Kind, options: HashMapV) -> Strategy {
        Strategy { kind, options }
    }

    pub fn is_first(&self) -> bool {
        matches!(self.kind, Kind::First | Kind::Default)
    }

    /// The type each merged value must have.
    fn value_t(&self) -> Option<&'static Type> {
        match self.kind {
            Kind::Hash => Some(hash_value_t()),
            Kind::Unique => Some(unique_value_t()),
            _ => None,
        }
    }

    /// `MergeStrategy#lookup`: runs `f` over the variants and merges what
    /// is found; `Ok(None)` when nothing is (Puppet's `:no_such_key`).
    pub fn lookup<T>(&self, variants: &[T], mut f: impl FnMut(&T) -> L<Value>) -> L<Value> {
        if self.is_first() {
            for v in variants {
                if let Some(found) = f(v)? {
                    return Ok(Some(found));
                }
            }
            return Ok(None);
        }
        match variants {
            [] => Ok(None),
            [one] => Ok(f(one)?.map(|v| self.merge_single(v))),
            _ => {
                let mut memo: Option<Value> = None;
                for v in variants {
                    if let Some(found) = f(v)? {
                        memo = Some(match memo {
                            None => self.convert_value(found),
                            Some(m) => self.merge(m, found)?,
                        });
                    }
                }
                Ok(memo)
            }
        }
    }

    fn convert_value(&self, v: Value) -> Value {
        match self.kind {
            Kind::Unique => match &v {
                Value::Array(_) => Value::array(flatten(&v)),
                _ => Value::array(vec![v]),
            },
            _ => v,
        }
    }

    fn merge_single(&self, v: Value) -> Value {
        match (self.kind, &v) {
            (Kind::Unique, Value::Array(a)) => Value::array(uniq(a.iter().cloned())),
            _ => v,
        }
    }

    /// `MergeStrategy#merge(e1, e2)`: `e1` has the higher priority.
    pub fn merge(&self, e1: Value, e2: Value) -> Result<Value, Error> {
        if let Some(t) = self.value_t() {
            assert_type("The first element of the merge", t, &e1)?;
            assert_type("The second element of the merge", t, &e2)?;
        }
        match self.kind {
            Kind::First | Kind::Default => Err(ruby_error("Subclass must implement 'checked_merge(e1,e2)'")),
            Kind::Hash => {
                // `e2.merge(e1)`: e2's keys keep their places, e1's values win.
                let (Value::Hash(h1), Value::Hash(h2)) = (&e1, &e2) else { unreachable!("asserted above") };
                let mut out = (**h2).clone();
                for (k, v) in h1.iter() {
                    out.insert(k.clone(), v.clone());
                }
                Ok(Value::hash_from(out))
            }
            Kind::Unique => {
                let a = self.convert_value(e1);
                let b = self.convert_value(e2);
                let chain = a.as_array().unwrap_or(&[]).iter().chain(b.as_array().unwrap_or(&[])).cloned();
                Ok(Value::array(uniq(chain)))
            }
            Kind::Deep | Kind::UnconstrainedDeep => self.deep(e1, e2),
            Kind::ReverseDeep => self.deep(e2, e1),
        }
    }

    fn deep(&self, source: Value, dest: Value) -> Result<Value, Error> {
        let mut o = DeepOptions::default();
        for (k, v) in self.options.iter() {
            let Some(k) = k.as_str() else { continue };
            match k {
                "knockout_prefix" => o.knockout_prefix = v.as_str().map(str::to_string),
                "preserve_unmergeables" => o.preserve_unmergeables = v.is_truthy(),
                "sort_merged_arrays" => o.sort_merged_arrays = v.is_truthy(),
                "merge_hash_arrays" => o.merge_hash_arrays = v.is_truthy(),
                "unpack_arrays" => o.unpack_arrays = v.as_str().map(str::to_string).filter(|_| v.is_truthy()),
                "overwrite_arrays" => o.overwrite_arrays = v.is_truthy(),
                "extend_existing_arrays" => o.extend_existing_arrays = v.is_truthy(),
                _ => {}
            }
        }
        if o.knockout_prefix.as_deref() == Some("") {
            return Err(ruby_error("knockout_prefix cannot be an empty string in deep_merge!"));
        }
        if o.knockout_prefix.is_some() && o.preserve_unmergeables {
            return Err(ruby_error("overwrite_unmergeable must be true if knockout_prefix is specified in deep_merge!"));
        }
        let knockout = match &o.knockout_prefix {
            Some(p) => Some(
                crate::regex::ruby_regex(&format!("^{p}"), onig::RegexOptions::REGEX_OPTION_NONE)
                    .map_err(|e| ruby_error(format!("{}: /^{p}/", e.description())))?,
            ),
            None => None,
        };
        let dm = DeepMerge { o: &o, knockout };
        Ok(to_value(dm.merge(M::from(&source), M::from(&dest))?))
    }
}

fn flatten(v: &Value) -> Vec<Value> {
    let mut out = vec![];
    fn walk(v: &Value, out: &mut Vec<Value>) {
        match v {
            Value::Array(a) => a.iter().for_each(|e| walk(e, out)),
            other => out.push(other.clone()),
        }
    }
    walk(v, &mut out);
    out
}

/// Ruby's `Array#uniq`/`|`: first occurrences by `eql?`, in order.
fn uniq(items: impl Iterator<Item = Value>) -> Vec<Value> {
    let mut seen = indexmap::IndexSet::<Value, foldhash::fast::FixedState>::default();
    for v in items {
        seen.insert(v);
    }
    seen.into_iter().collect()
}

// ---------------------------------------------------------------------------
// DeepMerge.deep_merge!

/// A mutable value tree: `deep_merge!` edits hashes and arrays in place,
/// and the order of its edits decides key and element order.
#[derive(Clone, Debug)]
enum M {
    Hash(indexmap::IndexMap<Value, M, foldhash::fast::FixedState>),
    Array(Vec<M>),
    Scalar(Value),
}

impl M {
    fn from(v: &Value) -> M {
        match v {
            Value::Hash(h) => M::Hash(h.iter().map(|(k, v)| (k.clone(), M::from(v))).collect()),
            Value::Array(a) => M::Array(a.iter().map(M::from).collect()),
            other => M::Scalar(other.clone()),
        }
    }

    /// Ruby truthiness (`nil` and `false` are false).
    fn truthy(&self) -> bool {
        !matches!(self, M::Scalar(Value::Undef | Value::Boolean(false)))
    }

    fn is_nil(&self) -> bool {
        matches!(self, M::Scalar(Value::Undef))
    }

    fn as_str(&self) -> Option<&str> {
        match self {
            M::Scalar(Value::String(s)) => Some(s),
            _ => None,
        }
    }
}

fn to_value(m: M) -> Value {
    match m {
        M::Hash(h) => {
            let mut out = HashMapV::default();
            for (k, v) in h {
                out.insert(k, to_value(v));
            }
            Value::hash_from(out)
        }
        M::Array(a) => Value::array(a.into_iter().map(to_value).collect()),
        M::Scalar(v) => v,
    }
}

/// Ruby `eql?` on trees (what `Array#|`, `delete` and `index` use).
fn same(a: &M, b: &M) -> bool {
    to_value(a.clone()) == to_value(b.clone())
}

struct DeepMerge<'a> {
    o: &'a DeepOptions,
    knockout: Option<onig::Regex>,
}

impl DeepMerge<'_> {
    /// `deep_merge!(source, dest)`: the merged value (Ruby returns `dest`
    /// after editing it).
    fn merge(&self, mut source: M, mut dest: M) -> Result<M, Error> {
        crate::value::guard_stack(|| {
            let overwrite_unmergeable = !self.o.preserve_unmergeables;
            if source.is_nil() {
                return Ok(dest);
            }
            if !dest.truthy() && overwrite_unmergeable {
                return Ok(source);
            }
            match source {
                M::Hash(ref src) => {
                    for (k, v) in src.iter() {
                        match &mut dest {
                            M::Hash(d) => {
                                let merged = match d.get(k) {
                                    Some(existing) if existing.truthy() => self.merge(v.clone(), existing.clone())?,
                                    // Ruby merges the value into a copy of itself.
                                    _ => self.merge(v.clone(), v.clone())?,
                                };
                                d.insert(k.clone(), merged);
                            }
                            M::Array(d) if self.o.extend_existing_arrays => d.push(source.clone()),
                            _ => {
                                if overwrite_unmergeable {
                                    dest = self.overwrite_unmergeables(source.clone(), dest);
                                }
                            }
                        }
                    }
                    Ok(dest)
                }
                M::Array(ref mut src) => {
                    if self.o.overwrite_arrays {
                        return Ok(source);
                    }
                    if let Some(split) = &self.o.unpack_arrays {
                        *src = unpack(src, split);
                        if let M::Array(d) = &dest {
                            dest = M::Array(unpack(d, split));
                        }
                    }
                    if let Some(prefix) = &self.o.knockout_prefix
                        && src.iter().any(|x| x.as_str() == Some(prefix.as_str()))
                    {
                        // `clear_or_nil(dest); source.delete(knockout_prefix)`
                        dest = match dest {
                            M::Array(_) => M::Array(vec![]),
                            M::Hash(_) => M::Hash(Default::default()),
                            M::Scalar(Value::String(_)) => M::Scalar(Value::string("")),
                            M::Scalar(_) => M::Scalar(Value::Undef),
                        };
                        src.retain(|x| x.as_str() != Some(prefix.as_str()));
                    }
                    match dest {
                        M::Array(mut d) => {
                            if let Some(re) = &self.knockout {
                                let mut kept = Vec::with_capacity(src.len());
                                for ko in src.drain(..) {
                                    let stripped = ko.as_str().map(|s| re.replace_all(s, ""));
                                    match stripped {
                                        Some(item) if Some(item.as_str()) != ko.as_str() => {
                                            let item = M::Scalar(Value::string(item));
                                            d.retain(|x| !same(x, &item) && !same(x, &ko));
                                        }
                                        _ => kept.push(ko),
                                    }
                                }
                                *src = kept;
                            }
                            let all_hashes = |v: &[M]| v.iter().all(|x| matches!(x, M::Hash(_)));
                            let mut d = if self.o.merge_hash_arrays && all_hashes(src) && all_hashes(&d) {
                                let mut list = Vec::with_capacity(d.len().max(src.len()));
                                for (i, di) in d.iter().enumerate() {
                                    let si = src.get(i).cloned().unwrap_or(M::Hash(Default::default()));
                                    list.push(self.merge(si, di.clone())?);
                                }
                                if src.len() > d.len() {
                                    list.extend(src[d.len()..].iter().cloned());
                                }
                                list
                            } else {
                                let mut out: Vec<M> = Vec::with_capacity(d.len() + src.len());
                                for x in d.drain(..).chain(src.iter().cloned()) {
                                    if !out.iter().any(|y| same(y, &x)) {
                                        out.push(x);
                                    }
                                }
                                out
                            };
                            if self.o.sort_merged_arrays {
                                sort(&mut d)?;
                            }
                            Ok(M::Array(d))
                        }
                        other if overwrite_unmergeable => Ok(self.overwrite_unmergeables(source, other)),
                        other => Ok(other),
                    }
                }
                M::Scalar(_) => match dest {
                    M::Array(mut d) if self.o.extend_existing_arrays => {
                        d.push(source);
                        Ok(M::Array(d))
                    }
                    other => Ok(self.overwrite_unmergeables(source, other)),
                },
            }
        })
    }

    fn overwrite_unmergeables(&self, source: M, dest: M) -> M {
        let overwrite_unmergeable = !self.o.preserve_unmergeables;
        match (&self.knockout, overwrite_unmergeable) {
            (Some(re), true) => match source {
                M::Scalar(Value::String(s)) => {
                    let stripped = re.replace_all(&s, "");
                    if stripped == *s { M::Scalar(Value::String(s)) } else { M::Scalar(Value::string("")) }
                }
                // `source.delete_if { knockout strings }`: the source,
                // without its knockout elements, replaces dest.
                M::Array(a) => M::Array(
                    a.into_iter().filter(|x| x.as_str().is_none_or(|s| re.find(s).is_none())).collect(),
                ),
                other => other,
            },
            (_, true) => source,
            (_, false) => dest,
        }
    }
}

/// `unpack_arrays`: `join(split).split(split)`.
fn unpack(items: &[M], split: &str) -> Vec<M> {
    let joined: Vec<String> = items.iter().map(|x| crate::display::ruby_to_s(&to_value(x.clone()))).collect();
    joined.join(split).split(split).map(|s| M::Scalar(Value::string(s))).collect()
}

/// Ruby's `Array#sort!` (`<=>` on each pair; incomparable elements
/// raise). Which pair Ruby's quicksort trips over first is not
/// reproduced: the error names the first incomparable pair in order.
fn sort(items: &mut [M]) -> Result<(), Error> {
    let values: Vec<Value> = items.iter().map(|x| to_value(x.clone())).collect();
    for i in 0..values.len() {
        for j in i + 1..values.len() {
            if ruby_cmp(&values[i], &values[j]).is_none() {
                // Ruby's `rb_cmperr`: special constants and Floats are
                // shown inspected, other values by class.
                let other = match &values[j] {
                    v @ (Value::Undef | Value::Boolean(_) | Value::Float(_)) => crate::display::ruby_inspect(v),
                    v => ruby_class(v).to_string(),
                };
                return Err(ruby_error(format!("comparison of {} with {other} failed", ruby_class(&values[i]))));
            }
        }
    }
    let mut idx: Vec<usize> = (0..values.len()).collect();
    idx.sort_by(|&a, &b| ruby_cmp(&values[a], &values[b]).unwrap_or(std::cmp::Ordering::Equal));
    let sorted: Vec<M> = idx.iter().map(|&i| items[i].clone()).collect();
    items.clone_from_slice(&sorted);
    Ok(())
}

/// Ruby's `<=>` for the values data files hold; None when incomparable.
fn ruby_cmp(a: &Value, b: &Value) -> Option<std::cmp::Ordering> {
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => Some(x.cmp(y)),
        (Value::Integer(x), Value::Float(y)) => (*x as f64).partial_cmp(y),
        (Value::Float(x), Value::Integer(y)) => x.partial_cmp(&(*y as f64)),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        (Value::String(x), Value::String(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Value::Array(x), Value::Array(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                match ruby_cmp(p, q)? {
                    std::cmp::Ordering::Equal => {}
                    o => return Some(o),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        (Value::Boolean(x), Value::Boolean(y)) if x == y => Some(std::cmp::Ordering::Equal),
        (Value::Undef, Value::Undef) => Some(std::cmp::Ordering::Equal),
        _ => None,
    }
}

/// The Ruby class name of a data value (for Ruby's own messages).
pub(crate) fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Undef => "NilClass",
        Value::Boolean(true) => "TrueClass",
        Value::Boolean(false) => "FalseClass",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::String(_) => "String",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        _ => "Object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Value {
        crate::functions::stdlib::yaml::load(text).unwrap()
    }

    fn deep(opts: &str, a: &str, b: &str) -> String {
        let merge = if opts.is_empty() { Value::string("deep") } else { v(opts) };
        let s = Strategy::from_value(&merge).unwrap();
        crate::display::ruby_inspect(&s.merge(v(a), v(b)).unwrap())
    }

    // Expectations from Ruby 3.1 with deep_merge 1.2.1 (Debian), through
    // `Puppet::Pops::MergeStrategy.strategy(...).merge(a, b)`.
    #[test]
    fn deep_merge_like_the_gem() {
        assert_eq!(deep("", "{a: [1, 2], h: {x: 1}}", "{a: [3, 1], h: {y: 2}, z: 0}"), r#"{"a"=>[3, 1, 2], "h"=>{"y"=>2, "x"=>1}, "z"=>0}"#);
        assert_eq!(deep("", "{a: false}", "{a: 1}"), r#"{"a"=>false}"#);
        assert_eq!(deep("", "{a: 1}", "{a: false}"), r#"{"a"=>1}"#);
        assert_eq!(deep("", "{a: [1, 1]}", "{b: 2}"), r#"{"b"=>2, "a"=>[1]}"#);
        assert_eq!(
            deep("{strategy: deep, knockout_prefix: '--'}", "{a: ['--x', y], b: '--'}", "{a: [x, z], b: q}"),
            r#"{"a"=>["z", "y"], "b"=>""}"#
        );
        assert_eq!(deep("{strategy: deep, knockout_prefix: '--'}", "{a: ['--']}", "{a: [x, z]}"), r#"{"a"=>[]}"#);
        assert_eq!(deep("{strategy: deep, sort_merged_arrays: true}", "[3, 1]", "[2]"), "[1, 2, 3]");
        let s = Strategy::from_value(&v("{strategy: deep, sort_merged_arrays: true}")).unwrap();
        assert_eq!(s.merge(v("[3, a]"), v("[2]")).unwrap_err().message(), "comparison of Integer with String failed");
        assert_eq!(
            deep("{strategy: deep, merge_hash_arrays: true}", "[{a: 1}, {b: 2}]", "[{c: 3}]"),
            r#"[{"c"=>3, "a"=>1}, {"b"=>2}]"#
        );
    }

    #[test]
    fn strategies_and_their_errors() {
        let hash = Strategy::from_value(&Value::string("hash")).unwrap();
        assert_eq!(crate::display::ruby_inspect(&hash.merge(v("{a: 1, b: 1}"), v("{c: 2, a: 2}")).unwrap()), r#"{"c"=>2, "a"=>1, "b"=>1}"#);
        let e = hash.merge(v("[1]"), v("{}")).unwrap_err();
        assert_eq!(e.message(), "The first element of the merge has wrong type, expects a Hash value, got Tuple");
        let unique = Strategy::from_value(&Value::string("unique")).unwrap();
        assert_eq!(crate::display::ruby_inspect(&unique.merge(v("[1, [2]]"), v("3")).unwrap()), "[1, 2, 3]");
        assert_eq!(Strategy::from_value(&Value::string("x")).unwrap_err().message(), "Unknown merge strategy: 'x'");
        let e = Strategy::from_value(&v("{strategy: hash, knockout_prefix: x}")).unwrap_err();
        assert_eq!(e.message(), "The merge options has wrong type, unrecognized key 'knockout_prefix'");
        assert!(Strategy::from_value(&v("{x: 1}")).is_err());
    }
}
