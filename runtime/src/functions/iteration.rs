//! Iteration functions: `each`, `map`, `filter`, `reduce`, `all`, `any`,
//! `index`, `partition`, `group_by`, `slice`, `step`, `reverse_each`,
//! `tree_each`, `with`, `then`, `lest`.
//!
//! Each follows its Ruby implementation: what a one- or two-parameter
//! lambda receives (`[k, v]` or `k, v` for hashes, `index, value` for other
//! iterables), what is returned, and what happens on `break()`: Puppet's
//! `break` is a Ruby `StopIteration`, so it ends the iteration (and the
//! function returns) wherever the Ruby code iterates with `loop` or rescues
//! it, and propagates to the enclosing iteration elsewhere (`filter` on a
//! hash, `all`, `any`, `index`, `partition`, `group_by`, `with` ...).

use super::util::{block_arity, hash_style_hash, iterable, iterator_value, yield_};
use super::{Builder, FnResult, Function, Host, Unwind};
use crate::error::Error;
use crate::types::calc::{instance_of, is_assignable};
use crate::types::{IntRange, Type};
use crate::value::{HashMapV, Value};

pub(crate) fn register(fs: &mut Vec<Function>) {
    fs.push(
        Builder::new("each")
            .d("Hash[Any, Any] hash, &Callable[2,2] block", each_hash_2)
            .d("Hash[Any, Any] hash, &Callable[1,1] block", each_hash_1)
            .w("Iterable enumerable, &Callable[2,2] block", each_enum_2, Walk { kind: WalkKind::Each, arity: 2 })
            .w("Iterable enumerable, &Callable[1,1] block", each_enum_1, Walk { kind: WalkKind::Each, arity: 1 })
            .done(),
    );
    fs.push(
        Builder::new("map")
            .d("Hash[Any, Any] hash, &Callable[2,2] block", map_hash_2)
            .d("Hash[Any, Any] hash, &Callable[1,1] block", map_hash_1)
            .w("Iterable enumerable, &Callable[2,2] block", map_enum_2, Walk { kind: WalkKind::Map, arity: 2 })
            .w("Iterable enumerable, &Callable[1,1] block", map_enum_1, Walk { kind: WalkKind::Map, arity: 1 })
            .done(),
    );
    fs.push(
        Builder::new("filter")
            .d("Hash[Any, Any] hash, &Callable[2,2] block", filter_hash_2)
            .d("Hash[Any, Any] hash, &Callable[1,1] block", filter_hash_1)
            .w("Iterable enumerable, &Callable[2,2] block", filter_enum_2, Walk { kind: WalkKind::Filter, arity: 2 })
            .w("Iterable enumerable, &Callable[1,1] block", filter_enum_1, Walk { kind: WalkKind::Filter, arity: 1 })
            .done(),
    );
    fs.push(
        Builder::new("reduce")
            .w("Iterable enumerable, &Callable[2,2] block", reduce, Walk { kind: WalkKind::Reduce, arity: 2 })
            .w("Iterable enumerable, Any memo, &Callable[2,2] block", reduce, Walk { kind: WalkKind::Reduce, arity: 2 })
            .done(),
    );
    for (name, all) in [("all", true), ("any", false)] {
        fs.push(
            Builder::new(name)
                .d("Hash[Any, Any] hash, &Callable[2,2] block", if all { all_2 } else { any_2 })
                .d("Hash[Any, Any] hash, &Callable[1,1] block", if all { all_1 } else { any_1 })
                .d("Iterable enumerable, &Callable[2,2] block", if all { all_2 } else { any_2 })
                .d("Iterable enumerable, &Callable[1,1] block", if all { all_1 } else { any_1 })
                .done(),
        );
    }
    fs.push(
        Builder::new("index")
            .d("Hash[Any, Any] hash, &Callable[2,2] block", index_hash_2)
            .d("Hash[Any, Any] hash, &Callable[1,1] block", index_hash_1)
            .d("Iterable enumerable, &Callable[2,2] block", index_enum_2)
            .d("Iterable enumerable, &Callable[1,1] block", index_enum_1)
            .d("String str, Variant[String,Regexp] match", index_string)
            .d("Iterable enumerable, Any match", index_value)
            .done(),
    );
    fs.push(
        Builder::new("partition")
            .d("Collection collection, &Callable[1,1] block", partition_1)
            .d("Array array, &Callable[2,2] block", partition_2a)
            .d("Collection collection, &Callable[2,2] block", partition_2)
            .done(),
    );
    fs.push(
        Builder::new("group_by")
            .d("Collection collection, &Callable[1,1] block", group_by_1)
            .d("Array array, &Callable[2,2] block", group_by_2a)
            .d("Collection collection, &Callable[2,2] block", group_by_2)
            .done(),
    );
    fs.push(
        Builder::new("slice")
            .d("Hash[Any, Any] hash, Integer[1, default] slice_size, &block?", slice)
            .d("Iterable enumerable, Integer[1, default] slice_size, &block?", slice)
            .done(),
    );
    fs.push(
        Builder::new("step")
            .d("Iterable iterable, Integer[1] step", step)
            .d("Iterable iterable, Integer[1] step, &Callable[1,1] block", step)
            .done(),
    );
    fs.push(
        Builder::new("reverse_each")
            .d("Iterable iterable", reverse_each)
            .d("Iterable iterable, &Callable[1,1] block", reverse_each)
            .done(),
    );
    fs.push(
        Builder::new("tree_each")
            .local(
                "OptionsType",
                "Struct[{container_type => Optional[Type], include_root => Optional[Boolean], include_containers => Optional[Boolean], include_values => Optional[Boolean], order => Optional[Enum[depth_first, breadth_first]], include_refs => Optional[Boolean]}]",
            )
            .d("Variant[Iterator, Array, Hash, Object] tree, OptionsType options?, &Callable[2,2] block", tree_each)
            .d("Variant[Iterator, Array, Hash, Object] tree, OptionsType options?, &Callable[1,1] block", tree_each)
            .d("Variant[Iterator, Array, Hash, Object] tree, OptionsType options?", tree_each)
            .done(),
    );
    fs.push(Builder::new("with").d("Any arg*, &block", with).done());
    fs.push(Builder::new("then").d("Any arg, &Callable[1,1] block", then).done());
    fs.push(Builder::new("lest").d("Any arg, &Callable[0,0] block", lest).done());
}

fn blk(block: Option<&Value>) -> &Value {
    block.unwrap_or(&Value::Undef)
}

fn hash_of(v: &Value) -> &HashMapV {
    static EMPTY: std::sync::OnceLock<HashMapV> = std::sync::OnceLock::new();
    v.as_hash().unwrap_or_else(|| EMPTY.get_or_init(HashMapV::default))
}

/// Runs `body` and turns a `break()` into `Ok(None)` (Ruby code that
/// iterates with `loop` or rescues `StopIteration`).
fn stop_on_break<T>(r: Result<T, Unwind>) -> Result<Option<T>, Unwind> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(Unwind::Break) => Ok(None),
        Err(e) => Err(e),
    }
}

fn pair(k: &Value, v: &Value) -> Value {
    Value::array(vec![k.clone(), v.clone()])
}

// each --------------------------------------------------------------------

fn each_hash_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    for (k, v) in hash_of(&args[0]).iter() {
        if stop_on_break(yield_(host, blk(block), &[k.clone(), v.clone()]))?.is_none() {
            break;
        }
    }
    Ok(args[0].clone())
}

fn each_hash_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    for (k, v) in hash_of(&args[0]).iter() {
        if stop_on_break(yield_(host, blk(block), &[pair(k, v)]))?.is_none() {
            break;
        }
    }
    Ok(args[0].clone())
}

fn each_enum_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    if let Some(h) = hash_style_hash(&args[0]) {
        each_hash_2(host, &[h], block)?;
        return Ok(args[0].clone());
    }
    let it = iterable(&args[0])?;
    for (i, e) in it.elements.into_iter().enumerate() {
        if stop_on_break(yield_(host, blk(block), &[Value::Integer(i as i64), e]))?.is_none() {
            break;
        }
    }
    Ok(args[0].clone())
}

fn each_enum_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let it = iterable(&args[0])?;
    for e in it.elements {
        if stop_on_break(yield_(host, blk(block), &[e]))?.is_none() {
            break;
        }
    }
    Ok(args[0].clone())
}

// map ---------------------------------------------------------------------

fn map_with(host: &mut dyn Host, block: &Value, calls: Vec<Vec<Value>>) -> FnResult {
    let mut out = Vec::with_capacity(calls.len());
    for a in calls {
        match stop_on_break(yield_(host, block, &a))? {
            Some(v) => out.push(v),
            None => break,
        }
    }
    Ok(Value::array(out))
}

fn map_hash_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let calls = hash_of(&args[0]).iter().map(|(k, v)| vec![k.clone(), v.clone()]).collect();
    map_with(host, blk(block), calls)
}

fn map_hash_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let calls = hash_of(&args[0]).iter().map(|(k, v)| vec![pair(k, v)]).collect();
    map_with(host, blk(block), calls)
}

fn map_enum_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    if let Some(h) = hash_style_hash(&args[0]) {
        return map_hash_2(host, &[h], block);
    }
    let it = iterable(&args[0])?;
    let calls = it.elements.into_iter().enumerate().map(|(i, e)| vec![Value::Integer(i as i64), e]).collect();
    map_with(host, blk(block), calls)
}

fn map_enum_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let it = iterable(&args[0])?;
    let calls = it.elements.into_iter().map(|e| vec![e]).collect();
    map_with(host, blk(block), calls)
}

// filter ------------------------------------------------------------------

fn filter_hash_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let mut out = HashMapV::default();
    for (k, v) in hash_of(&args[0]).iter() {
        // `Hash#select`: a break propagates.
        if yield_(host, blk(block), &[k.clone(), v.clone()])?.is_truthy() {
            out.insert(k.clone(), v.clone());
        }
    }
    Ok(Value::hash_from(out))
}

fn filter_hash_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let mut out = HashMapV::default();
    for (k, v) in hash_of(&args[0]).iter() {
        if yield_(host, blk(block), &[pair(k, v)])?.is_truthy() {
            out.insert(k.clone(), v.clone());
        }
    }
    Ok(Value::hash_from(out))
}

fn filter_enum_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    if let Some(h) = hash_style_hash(&args[0]) {
        return filter_hash_2(host, &[h], block);
    }
    let it = iterable(&args[0])?;
    let mut out = Vec::new();
    for (i, e) in it.elements.into_iter().enumerate() {
        match stop_on_break(yield_(host, blk(block), &[Value::Integer(i as i64), e.clone()]))? {
            Some(r) => {
                if r.is_truthy() {
                    out.push(e)
                }
            }
            None => break,
        }
    }
    Ok(Value::array(out))
}

fn filter_enum_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let it = iterable(&args[0])?;
    let mut out = Vec::new();
    for e in it.elements {
        match stop_on_break(yield_(host, blk(block), std::slice::from_ref(&e)))? {
            Some(r) => {
                if r.is_truthy() {
                    out.push(e)
                }
            }
            None => break,
        }
    }
    Ok(Value::array(out))
}

// walks run by the caller -------------------------------------------------

/// What a walk does with the block's values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WalkKind {
    /// `each`: returns the receiver.
    Each,
    /// `map`: an Array of the block's values.
    Map,
    /// `filter`: an Array of the elements whose block value is truthy.
    Filter,
    /// `reduce`: the block gets `(memo, element)` and returns the next
    /// memo; without a memo argument the first element is the memo.
    Reduce,
}

/// An iteration dispatch that walks its receiver element by element:
/// `each`, `map`, `filter` (the `enum` dispatches, not the hash ones) and
/// `reduce`. With `arity` 1 the block gets the element; with 2, `each`,
/// `map` and `filter` give `(index, element)`. On `break()` each of them
/// stops and returns what it has (`reduce`: the memo the breaking call
/// was given); an error or `return()` from the block propagates.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    pub kind: WalkKind,
    pub arity: usize,
}

/// The elements a walk visits, in order (what [`iterable`] gives for the
/// receiver, without copying them).
#[derive(Copy, Clone, Debug)]
pub enum WalkSource<'a> {
    /// The integers `from..=to` (`Integer[from, to]`, or `n` for `0..n-1`).
    Range(i64, i64),
    Array(&'a [Value]),
}

/// A walk to run, as [`super::walk_plan`] gives it.
#[derive(Clone, Debug)]
pub struct WalkPlan<'a> {
    pub walk: Walk,
    pub source: WalkSource<'a>,
    /// `reduce`'s memo argument.
    pub memo: Option<&'a Value>,
}

/// The plan for walk `w` over `args` (the dispatch already accepted
/// them): only arrays and integer ranges, whose elements are plain.
pub(crate) fn walk_plan(walk: Walk, args: &[Value]) -> Option<WalkPlan<'_>> {
    let source = match &args[0] {
        Value::Array(a) => WalkSource::Array(&a[..]),
        other => {
            let (a, b) = lazy_integer_range(other)?;
            WalkSource::Range(a, b)
        }
    };
    let memo = if walk.kind == WalkKind::Reduce { args.get(1) } else { None };
    Some(WalkPlan { walk, source, memo })
}

// reduce ------------------------------------------------------------------

fn reduce(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    // An integer range is walked without allocating its elements first
    // (a loop over millions of integers would spend its time there).
    if let Some((from, to)) = lazy_integer_range(&args[0]) {
        return reduce_over(host, args, block, (from..=to).map(Value::Integer));
    }
    let it = iterable(&args[0])?;
    reduce_over(host, args, block, it.elements.into_iter())
}

/// A non-empty integer range (`Integer[a, b]`, or `n` for `0..n-1`) of an
/// iterable size: its elements are the same as `iterable` gives.
fn lazy_integer_range(v: &Value) -> Option<(i64, i64)> {
    let (a, b) = match v {
        Value::Integer(n) if *n > 0 => (0, n - 1),
        Value::Type(t) => match t.resolved() {
            Type::Integer(IntRange { from: Some(a), to: Some(b) }) if a <= b => (*a, *b),
            _ => return None,
        },
        _ => return None,
    };
    crate::convert::check_iteration_size(b as i128 - a as i128 + 1).ok()?;
    Some((a, b))
}

fn reduce_over(
    host: &mut dyn Host,
    args: &[Value],
    block: Option<&Value>,
    mut elements: impl Iterator<Item = Value>,
) -> FnResult {
    let mut memo = match args.get(1) {
        Some(m) => m.clone(),
        None => match elements.next() {
            Some(first) => first,
            None => return Ok(Value::Undef),
        },
    };
    for e in elements {
        // The memo moves into the arguments and back out on `break`.
        let call_args = [memo, e];
        match stop_on_break(yield_(host, blk(block), &call_args))? {
            Some(v) => memo = v,
            None => {
                let [m, _] = call_args;
                return Ok(m);
            }
        }
    }
    Ok(memo)
}

// all / any ---------------------------------------------------------------

/// The argument lists of a one-parameter block: `[k, v]` pairs for a hash.
fn one_arg_calls(v: &Value) -> Result<Vec<Vec<Value>>, Error> {
    Ok(match v {
        Value::Hash(h) => h.iter().map(|(k, e)| vec![pair(k, e)]).collect(),
        other => iterable(other)?.elements.into_iter().map(|e| vec![e]).collect(),
    })
}

/// The argument lists of a two-parameter block: `k, v` for a hash,
/// `index, element` otherwise.
fn two_arg_calls(v: &Value) -> Result<Vec<Vec<Value>>, Error> {
    if let Some(h) = hash_style_hash(v) {
        return two_arg_calls(&h);
    }
    Ok(match v {
        Value::Hash(h) => h.iter().map(|(k, e)| vec![k.clone(), e.clone()]).collect(),
        other => iterable(other)?
            .elements
            .into_iter()
            .enumerate()
            .map(|(i, e)| vec![Value::Integer(i as i64), e])
            .collect(),
    })
}

fn all_or_any(host: &mut dyn Host, block: &Value, calls: Vec<Vec<Value>>, all: bool) -> FnResult {
    for a in calls {
        let r = yield_(host, block, &a)?.is_truthy();
        if all && !r {
            return Ok(Value::Boolean(false));
        }
        if !all && r {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(all))
}

fn all_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    all_or_any(host, blk(block), one_arg_calls(&args[0])?, true)
}
fn all_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    all_or_any(host, blk(block), two_arg_calls(&args[0])?, true)
}
fn any_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    all_or_any(host, blk(block), one_arg_calls(&args[0])?, false)
}
fn any_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    all_or_any(host, blk(block), two_arg_calls(&args[0])?, false)
}

// index -------------------------------------------------------------------

fn index_hash_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    // `each_pair { |x, y| return x if yield(y) }`: the block sees the value.
    for (k, v) in hash_of(&args[0]).iter() {
        if yield_(host, blk(block), std::slice::from_ref(v))?.is_truthy() {
            return Ok(k.clone());
        }
    }
    Ok(Value::Undef)
}

fn index_hash_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    for (k, v) in hash_of(&args[0]).iter() {
        if yield_(host, blk(block), &[k.clone(), v.clone()])?.is_truthy() {
            return Ok(k.clone());
        }
    }
    Ok(Value::Undef)
}

fn index_enum_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    if let Some(h) = hash_style_hash(&args[0]) {
        return index_hash_1(host, &[h], block);
    }
    let it = iterable(&args[0])?;
    for (i, e) in it.elements.into_iter().enumerate() {
        if yield_(host, blk(block), &[e])?.is_truthy() {
            return Ok(Value::Integer(i as i64));
        }
    }
    Ok(Value::Undef)
}

fn index_enum_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    if let Some(h) = hash_style_hash(&args[0]) {
        return index_hash_2(host, &[h], block);
    }
    let it = iterable(&args[0])?;
    for (i, e) in it.elements.into_iter().enumerate() {
        if yield_(host, blk(block), &[Value::Integer(i as i64), e])?.is_truthy() {
            return Ok(Value::Integer(i as i64));
        }
    }
    Ok(Value::Undef)
}

fn index_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let s = args[0].as_str().unwrap_or("");
    let byte_pos = match &args[1] {
        Value::String(m) => s.find(m.as_str()),
        Value::Regexp(r) => super::rx::compile(r.source(), 0)?.search(s, 0).map(|m| m.start()),
        _ => None,
    };
    Ok(byte_pos.map_or(Value::Undef, |b| Value::Integer(s[..b].chars().count() as i64)))
}

fn index_value(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let m = &args[1];
    if let Some(h) = hash_style_hash(&args[0]) {
        return index_value(host, &[h, m.clone()], block);
    }
    if let Value::Hash(h) = &args[0] {
        for (k, v) in h.iter() {
            if crate::ops::ruby_eq(v, m) {
                return Ok(k.clone());
            }
        }
        return Ok(Value::Undef);
    }
    let it = iterable(&args[0])?;
    for (i, e) in it.elements.iter().enumerate() {
        if crate::ops::ruby_eq(e, m) {
            return Ok(Value::Integer(i as i64));
        }
    }
    Ok(Value::Undef)
}

// partition / group_by ----------------------------------------------------

/// The items of a Collection (`[k, v]` pairs for a hash) with the
/// arguments a block of `n` parameters gets for each.
fn collection_calls(v: &Value, two: bool, indexed: bool) -> Vec<(Value, Vec<Value>)> {
    match v {
        Value::Hash(h) => h
            .iter()
            .map(|(k, e)| {
                let item = pair(k, e);
                let a = if two { vec![k.clone(), e.clone()] } else { vec![item.clone()] };
                (item, a)
            })
            .collect(),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let args = if two && indexed {
                    vec![Value::Integer(i as i64), e.clone()]
                } else if two {
                    // `Array#partition { |k, v| }` destructures an array element.
                    match e {
                        Value::Array(inner) => {
                            vec![inner.first().cloned().unwrap_or(Value::Undef), inner.get(1).cloned().unwrap_or(Value::Undef)]
                        }
                        other => vec![other.clone(), Value::Undef],
                    }
                } else {
                    vec![e.clone()]
                };
                (e.clone(), args)
            })
            .collect(),
        _ => vec![],
    }
}

fn partition_with(host: &mut dyn Host, block: &Value, calls: Vec<(Value, Vec<Value>)>) -> FnResult {
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    for (item, a) in calls {
        if yield_(host, block, &a)?.is_truthy() {
            yes.push(item);
        } else {
            no.push(item);
        }
    }
    Ok(Value::array(vec![Value::array(yes), Value::array(no)]))
}

fn partition_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    partition_with(host, blk(block), collection_calls(&args[0], false, false))
}
fn partition_2a(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    partition_with(host, blk(block), collection_calls(&args[0], true, true))
}
fn partition_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    partition_with(host, blk(block), collection_calls(&args[0], true, false))
}

fn group_with(host: &mut dyn Host, block: &Value, calls: Vec<(Value, Vec<Value>)>) -> FnResult {
    let mut out: indexmap::IndexMap<Value, Vec<Value>, foldhash::fast::FixedState> = Default::default();
    for (item, a) in calls {
        let key = yield_(host, block, &a)?;
        out.entry(key).or_default().push(item);
    }
    Ok(Value::hash(out.into_iter().map(|(k, v)| (k, Value::array(v)))))
}

fn group_by_1(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    group_with(host, blk(block), collection_calls(&args[0], false, false))
}
fn group_by_2a(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    group_with(host, blk(block), collection_calls(&args[0], true, true))
}
fn group_by_2(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    group_with(host, blk(block), collection_calls(&args[0], true, false))
}

// slice -------------------------------------------------------------------

const PROC_INSPECT: &str = "#<Puppet::Pops::Evaluator::PuppetProc:0x<addr> /usr/lib/ruby/vendor_ruby/puppet/pops/evaluator/evaluator_impl.rb:1004>";

fn slice(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let size = match &args[1] {
        Value::Integer(i) => (*i).max(1) as usize,
        _ => 1,
    };
    let (elements, filler) = match &args[0] {
        Value::Hash(h) => (h.iter().map(|(k, v)| pair(k, v)).collect::<Vec<_>>(), Value::array(vec![])),
        other => (iterable(other)?.elements, Value::Undef),
    };
    let serving = match block {
        Some(b) => {
            let arity = block_arity(b);
            if arity < 0 { size } else { arity as usize }
        }
        None => 1,
    };
    if serving == 0 {
        return Err(Error::argument("slice(): block must define at least one parameter. Block has 0.").into());
    }
    if serving != 1 && serving != size {
        return Err(Error::argument(format!(
            "undefined method `parameter_names' for {PROC_INSPECT}\nDid you mean?  parameters"
        ))
        .into());
    }
    let slices: Vec<Vec<Value>> = elements.chunks(size).map(<[Value]>::to_vec).collect();
    let Some(b) = block else {
        return Ok(Value::array(slices.into_iter().map(Value::array).collect()));
    };
    for mut s in slices {
        let r = if serving == 1 {
            yield_(host, b, &[Value::array(s)])
        } else {
            s.resize(serving, filler.clone());
            yield_(host, b, &s)
        };
        if stop_on_break(r)?.is_none() {
            break;
        }
    }
    Ok(args[0].clone())
}

// step / reverse_each -----------------------------------------------------

/// An Integer range iteration (`IntegerRangeIterator`): its range and step.
fn integer_range(v: &Value) -> Option<(i64, i64)> {
    match v {
        Value::Integer(n) if *n > 0 => Some((0, n - 1)),
        Value::Type(t) => match t.resolved() {
            Type::Integer(IntRange { from: Some(a), to: Some(b) }) => Some((*a, *b)),
            _ => None,
        },
        Value::Iterator(it) => match &it.element_type {
            // An iterator over a whole range (from `reverse_each`/`step`
            // without a block) keeps the range as its element type.
            Type::Integer(IntRange { from: Some(a), to: Some(b) })
                if it.elements.len() as i128 == (*b as i128 - *a as i128 + 1)
                    && it.elements.first() == Some(&Value::Integer(*a)) =>
            {
                Some((*a, *b))
            }
            _ => None,
        },
        _ => None,
    }
}

/// Calls a block the way `Iterator#step` does: a block of arity 1 gets the
/// element, any other arity gets an array element splatted.
fn yield_step(host: &mut dyn Host, block: &Value, e: Value) -> FnResult {
    if block_arity(block) != 1
        && let Value::Array(a) = &e
    {
        return yield_(host, block, a);
    }
    yield_(host, block, &[e])
}

fn step(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let n = match &args[1] {
        Value::Integer(i) => (*i).max(1),
        _ => 1,
    };
    let (elements, element_type) = match integer_range(&args[0]) {
        Some((from, to)) if n > 1 => {
            let modulo = (to as i128 - from as i128).rem_euclid(n as i128) as i64;
            let to = to - modulo;
            let count = ((to as i128 - from as i128) / n as i128 + 1) as usize;
            if count as i128 > crate::convert::MAX_ITERATION {
                return Err(Error::argument("iteration too large").into());
            }
            ((0..count).map(|i| Value::Integer(from + (i as i64) * n)).collect(), Type::integer(Some(from), Some(to)))
        }
        _ => {
            let it = iterable(&args[0])?;
            let element_type = it.element_type();
            let elements = it.elements;
            (elements.into_iter().step_by(n as usize).collect::<Vec<_>>(), element_type)
        }
    };
    let Some(b) = block else {
        // A step of 1 is the iteration itself: over a hash (or a hash's
        // iteration) it stays hash style.
        let hash_style = n == 1 && (matches!(args[0], Value::Hash(_)) || hash_style_hash(&args[0]).is_some());
        return Ok(if hash_style {
            super::util::hash_iterator_value(elements, element_type)
        } else {
            iterator_value(elements, element_type)
        });
    };
    for e in elements {
        if stop_on_break(yield_step(host, b, e))?.is_none() {
            break;
        }
    }
    Ok(Value::Undef)
}

fn reverse_each(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let it = iterable(&args[0])?;
    let element_type = it.element_type();
    let mut elements = it.elements;
    elements.reverse();
    let Some(b) = block else {
        return Ok(iterator_value(elements, element_type));
    };
    for e in elements {
        if stop_on_break(yield_step(host, b, e))?.is_none() {
            break;
        }
    }
    Ok(Value::Undef)
}

// tree_each ---------------------------------------------------------------

struct TreeOptions {
    containers: Type,
    with_root: bool,
    with_containers: bool,
    with_values: bool,
    depth_first: bool,
}

fn default_containers() -> Type {
    Type::Variant(vec![Type::array(), Type::hash(), Type::Object])
}

fn tree_options(options: Option<&Value>) -> Result<TreeOptions, Error> {
    let get = |k: &str| options.and_then(|o| o.as_hash()).and_then(|h| h.get(&crate::value::StrKey(k)).cloned());
    let flag = |k: &str| get(k).filter(|v| !v.is_undef()).map(|v| v.is_truthy());
    let containers = match get("container_type") {
        Some(Value::Type(t)) => (*t).clone(),
        _ => default_containers(),
    };
    if !is_assignable(&default_containers(), &containers) {
        return Err(Error::argument(format!(
            "Only Array, Hash, and Object types can be used as container types. Got {}",
            crate::types::format::type_to_string(&containers)
        )));
    }
    let with_containers = flag("include_containers").unwrap_or(true);
    let with_values = flag("include_values").unwrap_or(true);
    let with_root = with_containers && flag("include_root").unwrap_or(true);
    if !with_containers && !with_values {
        return Err(Error::argument("Options 'include_containers' and 'include_values' cannot both be false"));
    }
    let depth_first = match get("order") {
        Some(Value::String(s)) => s.as_str() == "depth_first",
        _ => true,
    };
    Ok(TreeOptions { containers, with_root, with_containers, with_values, depth_first })
}

/// The children of a container value: `(index or key, value)`.
fn children(v: &Value, o: &TreeOptions) -> Option<Vec<(Value, Value)>> {
    if !instance_of(&o.containers, v) {
        return None;
    }
    match v {
        Value::Array(a) => Some(a.iter().enumerate().map(|(i, e)| (Value::Integer(i as i64), e.clone())).collect()),
        Value::Hash(h) => Some(h.iter().map(|(k, e)| (k.clone(), e.clone())).collect()),
        // An Object's own attributes (Puppet leaves out references).
        Value::Object(ob) => Some(
            ob.ty
                .attributes
                .iter()
                .filter(|a| a.kind != Some(crate::types::object::AttrKind::Reference))
                .map(|a| (Value::string(a.name.as_str()), ob.get(&a.name).unwrap_or(Value::Undef)))
                .collect(),
        ),
        _ => None,
    }
}

fn path_value(path: &[Value]) -> Value {
    Value::array(path.to_vec())
}

/// `DepthFirstTreeIterator`: `[path, value]` pairs.
fn depth_first(root: &Value, o: &TreeOptions, out: &mut Vec<Value>) -> Result<(), Error> {
    let Some(kids) = children(root, o) else {
        return Err(Error::argument("undefined method `next' for nil:NilClass"));
    };
    if o.with_root {
        out.push(Value::array(vec![Value::array(vec![]), root.clone()]));
    }
    fn walk(kids: Vec<(Value, Value)>, path: &mut Vec<Value>, o: &TreeOptions, out: &mut Vec<Value>) {
        for (k, v) in kids {
            path.push(k);
            match children(&v, o) {
                Some(grand) => {
                    if o.with_containers {
                        out.push(Value::array(vec![path_value(path), v.clone()]));
                    }
                    crate::value::guard_stack(|| walk(grand, path, o, out));
                }
                None => {
                    if o.with_values {
                        out.push(Value::array(vec![path_value(path), v.clone()]));
                    }
                }
            }
            path.pop();
        }
    }
    walk(kids, &mut Vec::new(), o, out);
    Ok(())
}

/// `BreadthFirstTreeIterator` (which, as in Puppet, ignores
/// `include_values`).
fn breadth_first(root: &Value, o: &TreeOptions, out: &mut Vec<Value>) -> Result<(), Error> {
    let Some(kids) = children(root, o) else {
        return Err(Error::argument("undefined method `next' for nil:NilClass"));
    };
    if o.with_root {
        out.push(Value::array(vec![Value::array(vec![]), root.clone()]));
    }
    type Level = (Vec<Value>, Vec<(Value, Value)>);
    let mut queue: std::collections::VecDeque<Level> = Default::default();
    queue.push_back((vec![], kids));
    while let Some((path, kids)) = queue.pop_front() {
        for (k, v) in kids {
            let mut p = path.clone();
            p.push(k);
            match children(&v, o) {
                Some(grand) => {
                    if o.with_containers {
                        out.push(Value::array(vec![path_value(&p), v.clone()]));
                    }
                    queue.push_back((p, grand));
                }
                None => out.push(Value::array(vec![path_value(&p), v.clone()])),
            }
        }
    }
    Ok(())
}

fn tree_each(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let o = tree_options(args.get(1))?;
    let mut pairs = Vec::new();
    if o.depth_first {
        depth_first(&args[0], &o, &mut pairs)?;
    } else {
        breadth_first(&args[0], &o, &mut pairs)?;
    }
    let Some(b) = block else {
        return Ok(iterator_value(pairs, Type::Any));
    };
    let two = super::util::block_range(b).0 == 2;
    for p in pairs {
        let (path, v) = match &p {
            Value::Array(a) => (a[0].clone(), a[1].clone()),
            _ => (Value::Undef, Value::Undef),
        };
        let r = if two { yield_(host, b, &[path, v]) } else { yield_(host, b, &[v]) };
        if stop_on_break(r)?.is_none() {
            break;
        }
    }
    Ok(args[0].clone())
}

// with / then / lest ------------------------------------------------------

fn with(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    yield_(host, blk(block), args)
}

fn then(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    if args[0].is_undef() {
        return Ok(Value::Undef);
    }
    yield_(host, blk(block), &args[..1])
}

fn lest(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    if args[0].is_undef() {
        return yield_(host, blk(block), &[]);
    }
    Ok(args[0].clone())
}
