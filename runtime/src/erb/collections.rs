//! `Array`, `Hash` and `Range` methods, and the `Enumerable` methods they
//! share.
//!
//! `Enumerable` methods see what `each` yields: array elements, `[key,
//! value]` pairs of a hash (a block with two parameters spreads the pair),
//! integers of a range. Where Ruby's `Hash` overrides them (`select`,
//! `reject`, `filter_map`-free `map` ...) it yields key and value as two
//! arguments and returns a `Hash`, as Ruby does.
//!
//! Methods called without a block that return an `Enumerator` in Ruby
//! (`each_with_index`, `map`, `each_slice` ...) return an `Array` of what
//! the enumerator would yield, which gives the same results for the chains
//! templates use (`each_with_index.map { |x, i| }`); `Enumerator`-only
//! methods (`with_index`, `next`, `lazy`) are not supported.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::rc::Rc;

use super::eval::{BlockRef, Ctx, R};
use super::methods::{arity, case_eq, compare, conv_name, int_arg, rv_eq, sort_by_fallible, spaceship};
use super::value::{HKey, RHash, RV};

pub(crate) const ARRAY_METHODS: &[&str] = &[
    "[]", "[]=", "at", "fetch", "dig", "first", "last", "push", "append", "<<", "pop", "shift", "unshift", "prepend",
    "insert", "concat", "delete", "delete_at", "delete_if", "compact", "compact!", "flatten", "flatten!", "uniq",
    "uniq!", "sort", "sort!", "sort_by", "sort_by!", "map!", "collect!", "select!", "filter!", "reject!", "keep_if",
    "reverse", "reverse!", "rotate", "join", "+", "-", "*", "&", "|", "<=>", "length", "size", "empty?", "index",
    "find_index", "rindex", "values_at", "transpose", "product", "clear", "replace", "slice", "take", "drop",
    "each_index", "assoc", "to_a", "to_ary", "to_h", "sum", "min", "max", "pack", "sample", "shuffle", "each",
    "each_with_index", "each_with_object", "map", "collect", "flat_map", "collect_concat", "select", "filter",
    "find_all", "reject", "filter_map", "find", "detect", "any?", "all?", "none?", "one?", "count", "include?",
    "member?", "min_by", "max_by", "inject", "reduce", "group_by", "partition", "each_slice", "each_cons", "zip",
    "entries", "tally", "take_while", "drop_while", "reverse_each", "minmax", "sum", "uniq", "chunk_while",
    "slice_when", "cycle", "lazy", "each_entry",
];

pub(crate) const HASH_METHODS: &[&str] = &[
    "[]", "[]=", "store", "fetch", "key?", "has_key?", "include?", "member?", "value?", "has_value?", "key", "keys",
    "values", "values_at", "fetch_values", "length", "size", "empty?", "delete", "delete_if", "reject!", "select!",
    "filter!", "keep_if", "merge", "merge!", "update", "each", "each_pair", "each_key", "each_value", "to_a", "to_h",
    "to_hash", "sort", "invert", "dig", "default", "default=", "transform_values", "transform_keys", "compact",
    "select", "filter", "reject", "clear", "replace", "assoc", "rassoc", "any?", "all?", "none?", "count", "find",
    "detect", "map", "collect", "flat_map", "each_with_index", "each_with_object", "inject", "reduce", "min_by",
    "max_by", "sort_by", "group_by", "partition", "first", "sum", "find_all", "filter_map", "entries", "to_s",
    "sum", "uniq", "zip", "one?", "min", "max", "tally", "take", "drop", "each_slice", "take_while", "drop_while",
];

pub(crate) const RANGE_METHODS: &[&str] = &[
    "each", "to_a", "to_ary", "entries", "include?", "member?", "===", "cover?", "first", "last", "begin", "end",
    "min", "max", "size", "count", "step", "exclude_end?", "sum", "reverse_each", "map", "collect", "select",
    "filter", "reject", "each_with_index", "each_slice", "inject", "reduce", "to_s", "inspect", "any?", "all?",
    "find", "detect", "each_with_object", "flat_map", "group_by", "partition", "sort_by", "min_by", "max_by", "zip",
];

fn pair(k: RV, v: RV) -> RV {
    RV::array(vec![k, v])
}

/// Implicit Array conversion of an argument.
fn ary_arg(ctx: &Ctx, v: &RV) -> R<Vec<RV>> {
    match v {
        RV::Array(a) => Ok(a.borrow().clone()),
        other => ctx.raise("TypeError", format!("no implicit conversion of {} into Array", conv_name(other))),
    }
}

fn need_block<'a>(ctx: &Ctx, block: Option<&'a BlockRef>, what: &str) -> R<&'a BlockRef> {
    match block {
        Some(b) => Ok(b),
        None => ctx.fatal(format!("{what} without a block (an Enumerator) is not supported here")),
    }
}

/// Ruby's `Array#flatten` to `depth` levels (negative: all).
fn flatten(ctx: &Ctx, items: &[RV], depth: i64, out: &mut Vec<RV>, seen: &mut Vec<*const ()>) -> R<bool> {
    let mut changed = false;
    for x in items {
        match x {
            RV::Array(a) if depth != 0 => {
                let p = Rc::as_ptr(a) as *const ();
                if seen.contains(&p) {
                    return ctx.raise("ArgumentError", "tried to flatten recursive array");
                }
                seen.push(p);
                let inner = a.borrow().clone();
                flatten(ctx, &inner, depth - 1, out, seen)?;
                seen.pop();
                changed = true;
            }
            other => out.push(other.clone()),
        }
    }
    Ok(changed)
}

/// Ruby's `Array#join`.
fn join(ctx: &Ctx, items: &[RV], sep: &str, out: &mut String, depth: usize) -> R<()> {
    if depth > 100 {
        return ctx.raise("ArgumentError", "recursive array join");
    }
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        match x {
            RV::Array(a) => {
                let inner = a.borrow().clone();
                join(ctx, &inner, sep, out, depth + 1)?;
            }
            other => out.push_str(&other.to_s()),
        }
    }
    Ok(())
}

fn uniq_by(ctx: &mut Ctx, items: Vec<RV>, block: Option<&BlockRef>) -> R<Vec<RV>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for x in items {
        let key = match block {
            Some(b) => ctx.yield_block(b, vec![x.clone()])?,
            None => x.clone(),
        };
        if seen.insert(HKey::of(&key)) {
            out.push(x);
        }
    }
    Ok(out)
}

fn sort_items(ctx: &mut Ctx, mut items: Vec<RV>, block: Option<&BlockRef>) -> R<Vec<RV>> {
    match block {
        None => {
            let c: &Ctx = ctx;
            sort_by_fallible(&mut items, &mut |a, b| compare(c, a, b))?;
        }
        Some(b) => {
            let b = b.clone();
            let mut cmp = |x: &RV, y: &RV| -> R<Ordering> {
                let r = ctx.yield_block(&b, vec![x.clone(), y.clone()])?;
                match r {
                    RV::Int(i) => Ok(i.cmp(&0)),
                    RV::Float(f) => Ok(f.partial_cmp(&0.0).unwrap_or(Ordering::Equal)),
                    _ => ctx.raise("ArgumentError", format!("comparison of {} with {} failed", x.class_name(), y.class_name())),
                }
            };
            sort_by_fallible(&mut items, &mut cmp)?;
        }
    }
    Ok(items)
}

fn sort_by_key(ctx: &mut Ctx, items: Vec<RV>, b: &BlockRef) -> R<Vec<RV>> {
    let mut keyed = Vec::with_capacity(items.len());
    for x in items {
        let k = ctx.yield_block(b, vec![x.clone()])?;
        keyed.push((k, x));
    }
    let c: &Ctx = ctx;
    sort_by_fallible(&mut keyed, &mut |a, b| compare(c, &a.0, &b.0))?;
    Ok(keyed.into_iter().map(|(_, x)| x).collect())
}

fn extreme(ctx: &mut Ctx, items: Vec<RV>, block: Option<&BlockRef>, want: Ordering, by: bool) -> R<RV> {
    let mut best: Option<(RV, RV)> = None;
    for x in items {
        let key = if by { ctx.yield_block(need_block(ctx, block, "min_by/max_by")?, vec![x.clone()])? } else { x.clone() };
        best = Some(match best {
            None => (key, x),
            Some((bk, bx)) => {
                let o = if !by && block.is_some() {
                    let b = block.expect("checked");
                    match ctx.yield_block(b, vec![key.clone(), bk.clone()])? {
                        RV::Int(i) => i.cmp(&0),
                        _ => return ctx.raise("ArgumentError", "comparison failed"),
                    }
                } else {
                    compare(ctx, &key, &bk)?
                };
                if o == want { (key, x) } else { (bk, bx) }
            }
        });
    }
    Ok(best.map_or(RV::Nil, |(_, x)| x))
}

/// `Enumerable` methods over what `each` yields.
fn enumerable(ctx: &mut Ctx, recv: &RV, items: Vec<RV>, name: &str, args: &[RV], block: Option<&BlockRef>) -> R<Option<RV>> {
    Ok(Some(match name {
        "each" | "each_entry" => match block {
            Some(b) => {
                for x in items {
                    ctx.yield_block(b, vec![x])?;
                }
                recv.clone()
            }
            None => RV::array(items),
        },
        "each_with_index" => match block {
            Some(b) => {
                for (i, x) in items.into_iter().enumerate() {
                    ctx.yield_block(b, vec![x, RV::Int(i as i64)])?;
                }
                recv.clone()
            }
            None => RV::array(items.into_iter().enumerate().map(|(i, x)| pair(x, RV::Int(i as i64))).collect()),
        },
        "reverse_each" => match block {
            Some(b) => {
                for x in items.into_iter().rev() {
                    ctx.yield_block(b, vec![x])?;
                }
                recv.clone()
            }
            None => RV::array(items.into_iter().rev().collect()),
        },
        "each_with_object" => {
            arity(ctx, args, 1, 1)?;
            let b = need_block(ctx, block, "each_with_object")?;
            let memo = args[0].clone();
            for x in items {
                ctx.yield_block(b, vec![x, memo.clone()])?;
            }
            memo
        }
        "map" | "collect" => match block {
            Some(b) => {
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    out.push(ctx.yield_block(b, vec![x])?);
                }
                RV::array(out)
            }
            None => RV::array(items),
        },
        "flat_map" | "collect_concat" => {
            let b = need_block(ctx, block, name)?;
            let mut out = Vec::new();
            for x in items {
                match ctx.yield_block(b, vec![x])? {
                    RV::Array(a) => out.extend(a.borrow().iter().cloned()),
                    other => out.push(other),
                }
            }
            RV::array(out)
        }
        "select" | "filter" | "find_all" | "reject" => match block {
            Some(b) => {
                let keep = name != "reject";
                let mut out = Vec::new();
                for x in items {
                    if ctx.yield_block(b, vec![x.clone()])?.truthy() == keep {
                        out.push(x);
                    }
                }
                RV::array(out)
            }
            None => RV::array(items),
        },
        "filter_map" => {
            let b = need_block(ctx, block, name)?;
            let mut out = Vec::new();
            for x in items {
                let v = ctx.yield_block(b, vec![x])?;
                if v.truthy() {
                    out.push(v);
                }
            }
            RV::array(out)
        }
        "find" | "detect" => {
            let b = need_block(ctx, block, name)?;
            for x in items {
                if ctx.yield_block(b, vec![x.clone()])?.truthy() {
                    return Ok(Some(x));
                }
            }
            RV::Nil
        }
        "find_index" => {
            arity(ctx, args, 0, 1)?;
            for (i, x) in items.into_iter().enumerate() {
                let hit = match (args.first(), block) {
                    (Some(v), _) => rv_eq(&x, v),
                    (None, Some(b)) => ctx.yield_block(b, vec![x])?.truthy(),
                    (None, None) => return ctx.fatal("find_index without a block is not supported"),
                };
                if hit {
                    return Ok(Some(RV::Int(i as i64)));
                }
            }
            RV::Nil
        }
        "any?" | "all?" | "none?" | "one?" => {
            arity(ctx, args, 0, 1)?;
            let mut hits = 0usize;
            let n = items.len();
            for x in items {
                let t = match (args.first(), block) {
                    (Some(p), _) => case_eq(ctx, p, &x)?,
                    (None, Some(b)) => ctx.yield_block(b, vec![x])?.truthy(),
                    (None, None) => x.truthy(),
                };
                if t {
                    hits += 1;
                    if name == "any?" {
                        return Ok(Some(RV::Bool(true)));
                    }
                    if name == "none?" {
                        return Ok(Some(RV::Bool(false)));
                    }
                } else if name == "all?" {
                    return Ok(Some(RV::Bool(false)));
                }
            }
            RV::Bool(match name {
                "any?" => false,
                "all?" => true,
                "none?" => true,
                _ => hits == 1 || (hits == 0 && n == usize::MAX),
            })
        }
        "count" => {
            arity(ctx, args, 0, 1)?;
            match (args.first(), block) {
                (Some(v), _) => RV::Int(items.iter().filter(|x| rv_eq(x, v)).count() as i64),
                (None, Some(b)) => {
                    let mut n = 0;
                    for x in items {
                        if ctx.yield_block(b, vec![x])?.truthy() {
                            n += 1;
                        }
                    }
                    RV::Int(n)
                }
                (None, None) => RV::Int(items.len() as i64),
            }
        }
        "include?" | "member?" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(items.iter().any(|x| rv_eq(x, &args[0])))
        }
        "first" => {
            arity(ctx, args, 0, 1)?;
            match args.first() {
                None => items.into_iter().next().unwrap_or(RV::Nil),
                Some(n) => {
                    let n = int_arg(ctx, n)?;
                    if n < 0 {
                        return ctx.raise("ArgumentError", "attempt to take negative size");
                    }
                    RV::array(items.into_iter().take(n as usize).collect())
                }
            }
        }
        "take" | "drop" => {
            arity(ctx, args, 1, 1)?;
            let n = int_arg(ctx, &args[0])?;
            if n < 0 {
                return ctx.raise("ArgumentError", if name == "take" { "attempt to take negative size" } else { "attempt to drop negative size" });
            }
            if name == "take" {
                RV::array(items.into_iter().take(n as usize).collect())
            } else {
                RV::array(items.into_iter().skip(n as usize).collect())
            }
        }
        "take_while" | "drop_while" => {
            let b = need_block(ctx, block, name)?;
            let mut k = items.len();
            for (i, x) in items.iter().enumerate() {
                if !ctx.yield_block(b, vec![x.clone()])?.truthy() {
                    k = i;
                    break;
                }
            }
            if name == "take_while" {
                RV::array(items[..k].to_vec())
            } else {
                RV::array(items[k..].to_vec())
            }
        }
        "min" | "max" => {
            arity(ctx, args, 0, 1)?;
            let want = if name == "min" { Ordering::Less } else { Ordering::Greater };
            if let Some(n) = args.first() {
                let n = int_arg(ctx, n)?;
                let mut sorted = sort_items(ctx, items, block)?;
                if name == "max" {
                    sorted.reverse();
                }
                return Ok(Some(RV::array(sorted.into_iter().take(n.max(0) as usize).collect())));
            }
            extreme(ctx, items, block, want, false)?
        }
        "minmax" => {
            let mn = extreme(ctx, items.clone(), block, Ordering::Less, false)?;
            let mx = extreme(ctx, items, block, Ordering::Greater, false)?;
            RV::array(vec![mn, mx])
        }
        "min_by" => extreme(ctx, items, block, Ordering::Less, true)?,
        "max_by" => extreme(ctx, items, block, Ordering::Greater, true)?,
        "sort" => RV::array(sort_items(ctx, items, block)?),
        "sort_by" => {
            let b = need_block(ctx, block, name)?;
            RV::array(sort_by_key(ctx, items, b)?)
        }
        "sum" => {
            arity(ctx, args, 0, 1)?;
            let mut acc = args.first().cloned().unwrap_or(RV::Int(0));
            for x in items {
                let x = match block {
                    Some(b) => ctx.yield_block(b, vec![x])?,
                    None => x,
                };
                acc = ctx.call_method(&acc, "+", vec![x], None)?;
            }
            acc
        }
        "inject" | "reduce" => {
            arity(ctx, args, 0, 2)?;
            let (init, op) = match (args, block) {
                ([], Some(_)) => (None, None),
                ([i], Some(_)) => (Some(i.clone()), None),
                ([RV::Sym(s)], None) => (None, Some(s.to_string())),
                ([RV::Str(s)], None) => (None, Some(s.borrow().clone())),
                ([i, op], None) => (Some(i.clone()), Some(op.to_s())),
                _ => return ctx.fatal("this form of inject is not supported"),
            };
            let mut it = items.into_iter();
            let mut acc = match init {
                Some(i) => i,
                None => match it.next() {
                    Some(x) => x,
                    None => return Ok(Some(RV::Nil)),
                },
            };
            for x in it {
                acc = match (&op, block) {
                    (Some(op), _) => ctx.call_method(&acc, op, vec![x], None)?,
                    (None, Some(b)) => ctx.yield_block(b, vec![acc, x])?,
                    (None, None) => unreachable!("one of them is set"),
                };
            }
            acc
        }
        "group_by" | "partition" | "tally" => {
            if name == "tally" {
                let mut h = RHash::default();
                for x in items {
                    let n = match h.get(&x) {
                        Some(RV::Int(n)) => n + 1,
                        _ => 1,
                    };
                    h.insert(x, RV::Int(n));
                }
                return Ok(Some(RV::hash(h)));
            }
            let b = need_block(ctx, block, name)?;
            if name == "partition" {
                let (mut yes, mut no) = (Vec::new(), Vec::new());
                for x in items {
                    if ctx.yield_block(b, vec![x.clone()])?.truthy() {
                        yes.push(x);
                    } else {
                        no.push(x);
                    }
                }
                RV::array(vec![RV::array(yes), RV::array(no)])
            } else {
                let mut h = RHash::default();
                for x in items {
                    let k = ctx.yield_block(b, vec![x.clone()])?;
                    match h.get(&k) {
                        Some(RV::Array(a)) => a.borrow_mut().push(x),
                        _ => h.insert(k, RV::array(vec![x])),
                    }
                }
                RV::hash(h)
            }
        }
        "each_slice" | "each_cons" => {
            arity(ctx, args, 1, 1)?;
            let n = int_arg(ctx, &args[0])?;
            if n <= 0 {
                return ctx.raise("ArgumentError", if name == "each_slice" { "invalid slice size" } else { "invalid size" });
            }
            let n = n as usize;
            let groups: Vec<RV> = if name == "each_slice" {
                items.chunks(n).map(|c| RV::array(c.to_vec())).collect()
            } else if items.len() >= n {
                items.windows(n).map(|c| RV::array(c.to_vec())).collect()
            } else {
                Vec::new()
            };
            match block {
                Some(b) => {
                    for g in groups {
                        ctx.yield_block(b, vec![g])?;
                    }
                    if name == "each_slice" { RV::Nil } else { recv.clone() }
                }
                None => RV::array(groups),
            }
        }
        "zip" => {
            let mut others = Vec::new();
            for a in args {
                others.push(match a {
                    RV::Array(x) => x.borrow().clone(),
                    RV::Range(_) => range_items(ctx, a)?,
                    RV::Hash(h) => h.borrow().pairs().into_iter().map(|(k, v)| pair(k, v)).collect(),
                    other => return ctx.raise("TypeError", format!("wrong argument type {} (must respond to :each)", other.class_name())),
                });
            }
            let rows: Vec<RV> = items
                .into_iter()
                .enumerate()
                .map(|(i, x)| {
                    let mut row = vec![x];
                    for o in &others {
                        row.push(o.get(i).cloned().unwrap_or(RV::Nil));
                    }
                    RV::array(row)
                })
                .collect();
            match block {
                Some(b) => {
                    for r in rows {
                        ctx.yield_block(b, vec![r])?;
                    }
                    RV::Nil
                }
                None => RV::array(rows),
            }
        }
        "to_a" | "entries" => RV::array(items),
        "uniq" => RV::array(uniq_by(ctx, items, block)?),
        "to_h" => {
            let mut h = RHash::default();
            for (i, x) in items.into_iter().enumerate() {
                let x = match block {
                    Some(b) => ctx.yield_block(b, vec![x])?,
                    None => x,
                };
                match &x {
                    RV::Array(p) => {
                        let p = p.borrow();
                        if p.len() != 2 {
                            return ctx.raise("ArgumentError", format!("wrong array length at {i} (expected 2, was {})", p.len()));
                        }
                        h.insert(p[0].clone(), p[1].clone());
                    }
                    other => {
                        return ctx.raise("TypeError", format!("wrong element type {} at {i} (expected array)", other.class_name()));
                    }
                }
            }
            RV::hash(h)
        }
        "chunk_while" | "slice_when" | "cycle" | "lazy" | "each_entry_with" | "with_index" | "with_object" => {
            return ctx.fatal(format!("Enumerable#{name} is not supported in templates"));
        }
        _ => return Ok(None),
    }))
}

/// Normalizes an index against a length (negative from the end).
fn norm(i: i64, n: usize) -> Option<usize> {
    let i = if i < 0 { i + n as i64 } else { i };
    if i < 0 { None } else { Some(i as usize) }
}

/// `a[i]`, `a[start, len]`, `a[range]`.
fn array_index(ctx: &mut Ctx, items: &[RV], args: &[RV]) -> R<RV> {
    arity(ctx, args, 1, 2)?;
    let n = items.len();
    let slice = |start: i64, len: i64| -> RV {
        let Some(s) = norm(start, n) else { return RV::Nil };
        if s > n || len < 0 {
            return RV::Nil;
        }
        let e = (s + len as usize).min(n);
        RV::array(items[s..e].to_vec())
    };
    Ok(match (&args[0], args.get(1)) {
        (RV::Range(r), None) => {
            let a = if matches!(r.0, RV::Nil) { 0 } else { int_arg(ctx, &r.0)? };
            let b = if matches!(r.1, RV::Nil) { -1 } else { int_arg(ctx, &r.1)? };
            let Some(s) = norm(a, n) else { return Ok(RV::Nil) };
            let mut e = if b < 0 { b + n as i64 } else { b };
            if !r.2 || matches!(r.1, RV::Nil) {
                e += 1;
            }
            slice(s as i64, (e - s as i64).max(0))
        }
        (i, None) => {
            let i = int_arg(ctx, i)?;
            norm(i, n).and_then(|i| items.get(i)).cloned().unwrap_or(RV::Nil)
        }
        (s, Some(l)) => {
            let s = int_arg(ctx, s)?;
            let l = int_arg(ctx, l)?;
            slice(s, l)
        }
    })
}

/// Array methods.
pub(crate) fn array(ctx: &mut Ctx, recv: &RV, name: &str, args: &[RV], block: Option<&BlockRef>) -> R<Option<RV>> {
    let RV::Array(cell) = recv else { return Ok(None) };
    const NO_ARGS: &[&str] = &[
        "length", "size", "empty?", "to_a", "to_ary", "entries", "compact", "compact!", "reverse", "reverse!", "clear",
        "transpose", "to_h", "uniq", "uniq!", "sort", "sort!", "each", "map", "collect", "select", "reject",
    ];
    if NO_ARGS.contains(&name) {
        arity(ctx, args, 0, 0)?;
    }
    let items = cell.borrow().clone();
    let set = |v: Vec<RV>| {
        *cell.borrow_mut() = v;
    };
    Ok(Some(match name {
        "length" | "size" => RV::Int(items.len() as i64),
        "empty?" => RV::Bool(items.is_empty()),
        "to_a" | "to_ary" | "entries" => recv.clone(),
        "[]" | "slice" => array_index(ctx, &items, args)?,
        "at" => {
            arity(ctx, args, 1, 1)?;
            array_index(ctx, &items, args)?
        }
        "dig" => {
            arity(ctx, args, 1, usize::MAX)?;
            let v = array_index(ctx, &items, &args[..1])?;
            dig_rest(ctx, v, &args[1..])?
        }
        "fetch" => {
            arity(ctx, args, 1, 2)?;
            let i = int_arg(ctx, &args[0])?;
            match norm(i, items.len()).and_then(|k| items.get(k)) {
                Some(v) => v.clone(),
                None => match (args.get(1), block) {
                    (_, Some(b)) => ctx.yield_block(b, vec![args[0].clone()])?,
                    (Some(d), None) => d.clone(),
                    (None, None) => {
                        let n = items.len() as i64;
                        return ctx.raise("IndexError", format!("index {i} outside of array bounds: {}...{n}", -n));
                    }
                },
            }
        }
        "first" | "last" => {
            arity(ctx, args, 0, 1)?;
            match args.first() {
                None => (if name == "first" { items.first() } else { items.last() }).cloned().unwrap_or(RV::Nil),
                Some(n) => {
                    let n = int_arg(ctx, n)?;
                    if n < 0 {
                        return ctx.raise("ArgumentError", "negative array size");
                    }
                    let n = (n as usize).min(items.len());
                    RV::array(if name == "first" { items[..n].to_vec() } else { items[items.len() - n..].to_vec() })
                }
            }
        }
        "[]=" => {
            arity(ctx, args, 2, 3)?;
            let mut v = items;
            let n = v.len();
            match args {
                [RV::Range(_), val] | [_, _, val] => {
                    let (s, len) = match args {
                        [RV::Range(r), _] => {
                            let a = int_arg(ctx, &r.0)?;
                            let b = if matches!(r.1, RV::Nil) { -1 } else { int_arg(ctx, &r.1)? };
                            let s = norm(a, n).map_or_else(|| ctx.raise("RangeError", format!("{} out of range", args[0].inspect())), Ok)?;
                            let mut e = if b < 0 { b + n as i64 } else { b };
                            if !r.2 {
                                e += 1;
                            }
                            (s, (e - s as i64).max(0) as usize)
                        }
                        _ => {
                            let a = int_arg(ctx, &args[0])?;
                            let l = int_arg(ctx, &args[1])?;
                            if l < 0 {
                                return ctx.raise("IndexError", format!("negative length ({l})"));
                            }
                            let s = norm(a, n).map_or_else(|| ctx.raise("IndexError", format!("index {a} too small for array; minimum: -{n}")), Ok)?;
                            (s, l as usize)
                        }
                    };
                    while v.len() < s {
                        v.push(RV::Nil);
                    }
                    let e = (s + len).min(v.len());
                    let repl = match val {
                        RV::Array(a) => a.borrow().clone(),
                        other => vec![other.clone()],
                    };
                    v.splice(s..e, repl);
                    set(v);
                    val.clone()
                }
                [i, val] => {
                    let i = int_arg(ctx, i)?;
                    let Some(k) = norm(i, n) else {
                        return ctx.raise("IndexError", format!("index {i} too small for array; minimum: -{n}"));
                    };
                    while v.len() <= k {
                        v.push(RV::Nil);
                    }
                    v[k] = val.clone();
                    set(v);
                    val.clone()
                }
                _ => unreachable!("arity checked"),
            }
        }
        "push" | "append" | "<<" => {
            if name == "<<" {
                arity(ctx, args, 1, 1)?;
            }
            cell.borrow_mut().extend(args.iter().cloned());
            recv.clone()
        }
        "pop" | "shift" => {
            arity(ctx, args, 0, 1)?;
            let mut v = items;
            match args.first() {
                None => {
                    let x = if name == "pop" { v.pop() } else if v.is_empty() { None } else { Some(v.remove(0)) };
                    set(v);
                    x.unwrap_or(RV::Nil)
                }
                Some(n) => {
                    let n = (int_arg(ctx, n)?.max(0) as usize).min(v.len());
                    let taken: Vec<RV> = if name == "pop" { v.split_off(v.len() - n) } else { v.drain(..n).collect() };
                    set(v);
                    RV::array(taken)
                }
            }
        }
        "unshift" | "prepend" => {
            let mut v = args.to_vec();
            v.extend(items);
            set(v);
            recv.clone()
        }
        "insert" => {
            arity(ctx, args, 1, usize::MAX)?;
            let i = int_arg(ctx, &args[0])?;
            let mut v = items;
            let n = v.len() as i64;
            let pos = if i < 0 { i + n + 1 } else { i };
            if pos < 0 {
                return ctx.raise("IndexError", format!("index {i} too small for array; minimum: -{}", n + 1));
            }
            while (v.len() as i64) < pos {
                v.push(RV::Nil);
            }
            let pos = pos as usize;
            for (j, a) in args[1..].iter().enumerate() {
                v.insert(pos + j, a.clone());
            }
            set(v);
            recv.clone()
        }
        "concat" => {
            let mut v = items;
            for a in args {
                v.extend(ary_arg(ctx, a)?);
            }
            set(v);
            recv.clone()
        }
        "delete" => {
            arity(ctx, args, 1, 1)?;
            let before = items.len();
            let kept: Vec<RV> = items.into_iter().filter(|x| !rv_eq(x, &args[0])).collect();
            let found = kept.len() != before;
            set(kept);
            if found {
                args[0].clone()
            } else if let Some(b) = block {
                ctx.yield_block(b, vec![args[0].clone()])?
            } else {
                RV::Nil
            }
        }
        "delete_at" => {
            arity(ctx, args, 1, 1)?;
            let i = int_arg(ctx, &args[0])?;
            let mut v = items;
            match norm(i, v.len()).filter(|k| *k < v.len()) {
                Some(k) => {
                    let x = v.remove(k);
                    set(v);
                    x
                }
                None => RV::Nil,
            }
        }
        "delete_if" | "reject!" | "select!" | "filter!" | "keep_if" => {
            let b = need_block(ctx, block, name)?;
            let keep_truthy = matches!(name, "select!" | "filter!" | "keep_if");
            let before = items.len();
            let mut kept = Vec::new();
            for x in items {
                if ctx.yield_block(b, vec![x.clone()])?.truthy() == keep_truthy {
                    kept.push(x);
                }
            }
            let changed = kept.len() != before;
            set(kept);
            if !changed && (name == "reject!" || name == "select!" || name == "filter!") {
                RV::Nil
            } else {
                recv.clone()
            }
        }
        "map!" | "collect!" => {
            let b = need_block(ctx, block, name)?;
            let mut out = Vec::with_capacity(items.len());
            for x in items {
                out.push(ctx.yield_block(b, vec![x])?);
            }
            set(out);
            recv.clone()
        }
        "compact" => RV::array(items.into_iter().filter(|x| !matches!(x, RV::Nil)).collect()),
        "compact!" => {
            let before = items.len();
            let kept: Vec<RV> = items.into_iter().filter(|x| !matches!(x, RV::Nil)).collect();
            let changed = kept.len() != before;
            set(kept);
            if changed { recv.clone() } else { RV::Nil }
        }
        "flatten" | "flatten!" => {
            arity(ctx, args, 0, 1)?;
            let depth = match args.first() {
                Some(RV::Nil) | None => -1,
                Some(d) => int_arg(ctx, d)?,
            };
            let mut out = Vec::new();
            let mut seen = vec![Rc::as_ptr(cell) as *const ()];
            let changed = flatten(ctx, &items, depth, &mut out, &mut seen)?;
            if name == "flatten!" {
                set(out);
                if changed { recv.clone() } else { RV::Nil }
            } else {
                RV::array(out)
            }
        }
        "uniq!" => {
            let before = items.len();
            let out = uniq_by(ctx, items, block)?;
            let changed = out.len() != before;
            set(out);
            if changed { recv.clone() } else { RV::Nil }
        }
        "sort!" => {
            let out = sort_items(ctx, items, block)?;
            set(out);
            recv.clone()
        }
        "sort_by!" => {
            let b = need_block(ctx, block, name)?;
            let out = sort_by_key(ctx, items, b)?;
            set(out);
            recv.clone()
        }
        "reverse" => RV::array(items.into_iter().rev().collect()),
        "reverse!" => {
            set(items.into_iter().rev().collect());
            recv.clone()
        }
        "rotate" => {
            arity(ctx, args, 0, 1)?;
            let k = match args.first() {
                Some(k) => int_arg(ctx, k)?,
                None => 1,
            };
            if items.is_empty() {
                RV::array(items)
            } else {
                let n = items.len() as i64;
                let k = k.rem_euclid(n) as usize;
                let mut v = items[k..].to_vec();
                v.extend_from_slice(&items[..k]);
                RV::array(v)
            }
        }
        "join" => {
            arity(ctx, args, 0, 1)?;
            let sep = match args.first() {
                None | Some(RV::Nil) => String::new(),
                Some(s) => super::methods::str_arg(ctx, s)?,
            };
            let mut out = String::new();
            join(ctx, &items, &sep, &mut out, 0)?;
            RV::string(out)
        }
        "+" => {
            arity(ctx, args, 1, 1)?;
            let mut v = items;
            v.extend(ary_arg(ctx, &args[0])?);
            RV::array(v)
        }
        "-" | "difference" => {
            let mut remove = HashSet::new();
            for a in args {
                for x in ary_arg(ctx, a)? {
                    remove.insert(HKey::of(&x));
                }
            }
            RV::array(items.into_iter().filter(|x| !remove.contains(&HKey::of(x))).collect())
        }
        "&" | "intersection" => {
            arity(ctx, args, 1, usize::MAX)?;
            let mut out = uniq_by(ctx, items, None)?;
            for a in args {
                let other: HashSet<HKey> = ary_arg(ctx, a)?.iter().map(HKey::of).collect();
                out.retain(|x| other.contains(&HKey::of(x)));
            }
            RV::array(out)
        }
        "|" | "union" => {
            let mut all = items;
            for a in args {
                all.extend(ary_arg(ctx, a)?);
            }
            RV::array(uniq_by(ctx, all, None)?)
        }
        "*" => {
            arity(ctx, args, 1, 1)?;
            match &args[0] {
                RV::Str(s) => {
                    let sep = s.borrow().clone();
                    let mut out = String::new();
                    join(ctx, &items, &sep, &mut out, 0)?;
                    RV::string(out)
                }
                other => {
                    let n = int_arg(ctx, other)?;
                    if n < 0 {
                        return ctx.raise("ArgumentError", "negative argument");
                    }
                    let mut v = Vec::new();
                    for _ in 0..n {
                        v.extend(items.iter().cloned());
                    }
                    RV::array(v)
                }
            }
        }
        "<=>" => {
            arity(ctx, args, 1, 1)?;
            match spaceship(recv, &args[0]) {
                Some(o) => RV::Int(o as i64),
                None => RV::Nil,
            }
        }
        "==" | "eql?" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(rv_eq(recv, &args[0]))
        }
        "index" | "rindex" => {
            arity(ctx, args, 0, 1)?;
            let it: Box<dyn Iterator<Item = (usize, RV)>> =
                if name == "index" { Box::new(items.into_iter().enumerate()) } else { Box::new(items.into_iter().enumerate().rev()) };
            for (i, x) in it {
                let hit = match (args.first(), block) {
                    (Some(v), _) => rv_eq(&x, v),
                    (None, Some(b)) => ctx.yield_block(b, vec![x])?.truthy(),
                    (None, None) => return ctx.fatal("index without an argument or block is not supported"),
                };
                if hit {
                    return Ok(Some(RV::Int(i as i64)));
                }
            }
            RV::Nil
        }
        "values_at" => {
            let mut out = Vec::new();
            for a in args {
                out.push(array_index(ctx, &items, std::slice::from_ref(a))?);
            }
            RV::array(out)
        }
        "assoc" => {
            arity(ctx, args, 1, 1)?;
            items
                .into_iter()
                .find(|x| matches!(x, RV::Array(a) if a.borrow().first().is_some_and(|f| rv_eq(f, &args[0]))))
                .unwrap_or(RV::Nil)
        }
        "transpose" => {
            let mut rows = Vec::new();
            for x in &items {
                rows.push(ary_arg(ctx, x)?);
            }
            let width = rows.first().map_or(0, |r| r.len());
            for r in &rows {
                if r.len() != width {
                    return ctx.raise("IndexError", format!("element size differs ({} should be {width})", r.len()));
                }
            }
            RV::array((0..width).map(|j| RV::array(rows.iter().map(|r| r[j].clone()).collect())).collect())
        }
        "product" => {
            let mut acc: Vec<Vec<RV>> = items.into_iter().map(|x| vec![x]).collect();
            for a in args {
                let other = ary_arg(ctx, a)?;
                acc = acc.into_iter().flat_map(|p| other.iter().map(move |o| {
                    let mut q = p.clone();
                    q.push(o.clone());
                    q
                })).collect();
            }
            RV::array(acc.into_iter().map(RV::array).collect())
        }
        "each_index" => {
            let b = need_block(ctx, block, name)?;
            for i in 0..items.len() {
                ctx.yield_block(b, vec![RV::Int(i as i64)])?;
            }
            recv.clone()
        }
        "clear" => {
            set(Vec::new());
            recv.clone()
        }
        "replace" => {
            arity(ctx, args, 1, 1)?;
            set(ary_arg(ctx, &args[0])?);
            recv.clone()
        }
        "sample" | "shuffle" | "shuffle!" | "pack" | "combination" | "permutation" | "bsearch" | "fill" => {
            return ctx.fatal(format!("Array#{name} is not supported in templates"));
        }
        _ => return enumerable(ctx, recv, items, name, args, block),
    }))
}

fn dig_rest(ctx: &mut Ctx, mut v: RV, keys: &[RV]) -> R<RV> {
    for k in keys {
        if matches!(v, RV::Nil) {
            return Ok(RV::Nil);
        }
        v = match &v {
            RV::Array(_) | RV::Hash(_) => ctx.call_method(&v, "[]", vec![k.clone()], None)?,
            other => return ctx.raise("TypeError", format!("{} does not have #dig method", other.class_name())),
        };
    }
    Ok(v)
}

/// Hash methods.
pub(crate) fn hash(ctx: &mut Ctx, recv: &RV, name: &str, args: &[RV], block: Option<&BlockRef>) -> R<Option<RV>> {
    let RV::Hash(cell) = recv else { return Ok(None) };
    const NO_ARGS: &[&str] = &[
        "keys", "values", "length", "size", "empty?", "invert", "compact", "to_a", "clear", "to_hash", "each", "each_pair",
        "map", "select", "reject", "sort_by", "to_h",
    ];
    if NO_ARGS.contains(&name) {
        arity(ctx, args, 0, 0)?;
    }
    let pairs = || cell.borrow().pairs();
    let pair_items = || cell.borrow().pairs().into_iter().map(|(k, v)| pair(k, v)).collect::<Vec<_>>();
    Ok(Some(match name {
        "[]" => {
            arity(ctx, args, 1, 1)?;
            let h = cell.borrow();
            h.get(&args[0]).or_else(|| h.default.clone()).unwrap_or(RV::Nil)
        }
        "[]=" | "store" => {
            arity(ctx, args, 2, 2)?;
            cell.borrow_mut().insert(args[0].clone(), args[1].clone());
            args[1].clone()
        }
        "fetch" => {
            arity(ctx, args, 1, 2)?;
            let got = cell.borrow().get(&args[0]);
            match got {
                Some(v) => v,
                None => match (args.get(1), block) {
                    (_, Some(b)) => ctx.yield_block(b, vec![args[0].clone()])?,
                    (Some(d), None) => d.clone(),
                    (None, None) => return ctx.raise("KeyError", format!("key not found: {}", args[0].inspect())),
                },
            }
        }
        "dig" => {
            arity(ctx, args, 1, usize::MAX)?;
            let v = {
                let h = cell.borrow();
                h.get(&args[0]).or_else(|| h.default.clone()).unwrap_or(RV::Nil)
            };
            dig_rest(ctx, v, &args[1..])?
        }
        "key?" | "has_key?" | "include?" | "member?" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(cell.borrow().map.contains_key(&HKey::of(&args[0])))
        }
        "value?" | "has_value?" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(pairs().iter().any(|(_, v)| rv_eq(v, &args[0])))
        }
        "key" => {
            arity(ctx, args, 1, 1)?;
            pairs().into_iter().find(|(_, v)| rv_eq(v, &args[0])).map_or(RV::Nil, |(k, _)| k)
        }
        "keys" => RV::array(pairs().into_iter().map(|(k, _)| k).collect()),
        "values" => RV::array(pairs().into_iter().map(|(_, v)| v).collect()),
        "values_at" => {
            let h = cell.borrow();
            RV::array(args.iter().map(|k| h.get(k).or_else(|| h.default.clone()).unwrap_or(RV::Nil)).collect())
        }
        "fetch_values" => {
            let mut out = Vec::new();
            for k in args {
                let got = cell.borrow().get(k);
                match got {
                    Some(v) => out.push(v),
                    None => return ctx.raise("KeyError", format!("key not found: {}", k.inspect())),
                }
            }
            RV::array(out)
        }
        "length" | "size" => RV::Int(cell.borrow().map.len() as i64),
        "count" if args.is_empty() && block.is_none() => RV::Int(cell.borrow().map.len() as i64),
        "empty?" => RV::Bool(cell.borrow().map.is_empty()),
        "delete" => {
            arity(ctx, args, 1, 1)?;
            let removed = cell.borrow_mut().map.shift_remove(&HKey::of(&args[0]));
            match (removed, block) {
                (Some((_, v)), _) => v,
                (None, Some(b)) => ctx.yield_block(b, vec![args[0].clone()])?,
                (None, None) => RV::Nil,
            }
        }
        "delete_if" | "reject!" | "select!" | "filter!" | "keep_if" => {
            let b = need_block(ctx, block, name)?;
            let keep_truthy = matches!(name, "select!" | "filter!" | "keep_if");
            let before = cell.borrow().map.len();
            let mut kept = RHash { map: Default::default(), default: cell.borrow().default.clone() };
            for (k, v) in pairs() {
                if ctx.yield_block(b, vec![k.clone(), v.clone()])?.truthy() == keep_truthy {
                    kept.insert(k, v);
                }
            }
            let changed = kept.map.len() != before;
            *cell.borrow_mut() = kept;
            if !changed && matches!(name, "reject!" | "select!" | "filter!") { RV::Nil } else { recv.clone() }
        }
        "select" | "filter" | "reject" => match block {
            Some(b) => {
                let keep = name != "reject";
                let mut out = RHash::default();
                for (k, v) in pairs() {
                    if ctx.yield_block(b, vec![k.clone(), v.clone()])?.truthy() == keep {
                        out.insert(k, v);
                    }
                }
                RV::hash(out)
            }
            None => RV::array(pair_items()),
        },
        "merge" | "merge!" | "update" => {
            let mut out = if name == "merge" {
                let h = cell.borrow();
                RHash { map: h.map.clone(), default: h.default.clone() }
            } else {
                RHash::default()
            };
            let target_is_self = name != "merge";
            for a in args {
                let RV::Hash(o) = a else {
                    return ctx.raise("TypeError", format!("no implicit conversion of {} into Hash", conv_name(a)));
                };
                for (k, v) in o.borrow().pairs() {
                    let existing = if target_is_self { cell.borrow().get(&k) } else { out.get(&k) };
                    let nv = match (existing, block) {
                        (Some(old), Some(b)) => ctx.yield_block(b, vec![k.clone(), old, v])?,
                        _ => v,
                    };
                    if target_is_self {
                        cell.borrow_mut().insert(k, nv);
                    } else {
                        out.insert(k, nv);
                    }
                }
            }
            if target_is_self { recv.clone() } else { RV::hash(out) }
        }
        "each" | "each_pair" => match block {
            Some(b) => {
                for p in pair_items() {
                    ctx.yield_block(b, vec![p])?;
                }
                recv.clone()
            }
            None => RV::array(pair_items()),
        },
        "each_key" | "each_value" => {
            let b = need_block(ctx, block, name)?;
            for (k, v) in pairs() {
                ctx.yield_block(b, vec![if name == "each_key" { k } else { v }])?;
            }
            recv.clone()
        }
        "to_h" if block.is_none() => recv.clone(),
        "to_hash" => recv.clone(),
        "invert" => {
            let mut out = RHash::default();
            for (k, v) in pairs() {
                out.insert(v, k);
            }
            RV::hash(out)
        }
        "default" => cell.borrow().default.clone().unwrap_or(RV::Nil),
        "default=" => {
            arity(ctx, args, 1, 1)?;
            cell.borrow_mut().default = Some(args[0].clone());
            args[0].clone()
        }
        "transform_values" | "transform_keys" => {
            let b = need_block(ctx, block, name)?;
            let mut out = RHash::default();
            for (k, v) in pairs() {
                if name == "transform_values" {
                    let nv = ctx.yield_block(b, vec![v])?;
                    out.insert(k, nv);
                } else {
                    let nk = ctx.yield_block(b, vec![k])?;
                    out.insert(nk, v);
                }
            }
            RV::hash(out)
        }
        "compact" => {
            let mut out = RHash::default();
            for (k, v) in pairs() {
                if !matches!(v, RV::Nil) {
                    out.insert(k, v);
                }
            }
            RV::hash(out)
        }
        "clear" => {
            cell.borrow_mut().map.clear();
            recv.clone()
        }
        "replace" => {
            arity(ctx, args, 1, 1)?;
            let RV::Hash(o) = &args[0] else {
                return ctx.raise("TypeError", format!("no implicit conversion of {} into Hash", conv_name(&args[0])));
            };
            let new = { let o = o.borrow(); RHash { map: o.map.clone(), default: o.default.clone() } };
            *cell.borrow_mut() = new;
            recv.clone()
        }
        "assoc" => {
            arity(ctx, args, 1, 1)?;
            let got = cell.borrow().map.get(&HKey::of(&args[0])).cloned();
            got.map_or(RV::Nil, |(k, v)| pair(k, v))
        }
        "rassoc" => {
            arity(ctx, args, 1, 1)?;
            pairs().into_iter().find(|(_, v)| rv_eq(v, &args[0])).map_or(RV::Nil, |(k, v)| pair(k, v))
        }
        "sort" => RV::array(sort_items(ctx, pair_items(), block)?),
        "==" | "eql?" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(rv_eq(recv, &args[0]))
        }
        "any?" if args.is_empty() && block.is_none() => RV::Bool(!cell.borrow().map.is_empty()),
        "min" | "max" | "sum" | "uniq" | "each_slice" | "zip" | "one?" | "tally" | "take" | "drop" => {
            return enumerable(ctx, recv, pair_items(), name, args, block);
        }
        _ => return enumerable(ctx, recv, pair_items(), name, args, block),
    }))
}

/// The elements of an integer range.
pub(crate) fn range_items(ctx: &Ctx, v: &RV) -> R<Vec<RV>> {
    let RV::Range(r) = v else { return Ok(Vec::new()) };
    match (&r.0, &r.1) {
        (RV::Int(a), RV::Int(b)) => {
            let end = if r.2 { *b - 1 } else { *b };
            if end.saturating_sub(*a) > 10_000_000 {
                return ctx.fatal("a range of more than 10,000,000 elements is not supported");
            }
            Ok((*a..=end).map(RV::Int).collect())
        }
        (RV::Int(a), RV::Float(b)) => {
            let mut out = Vec::new();
            let mut i = *a;
            while (i as f64) < *b || (!r.2 && (i as f64) == *b) {
                out.push(RV::Int(i));
                i += 1;
                if out.len() > 10_000_000 {
                    return ctx.fatal("a range of more than 10,000,000 elements is not supported");
                }
            }
            Ok(out)
        }
        (RV::Str(a), RV::Str(b)) => {
            let (a, b) = (a.borrow().clone(), b.borrow().clone());
            let (ca, cb) = (a.chars().collect::<Vec<_>>(), b.chars().collect::<Vec<_>>());
            if ca.len() == 1 && cb.len() == 1 && ca[0].is_ascii() && cb[0].is_ascii() {
                let (x, y) = (ca[0] as u8, cb[0] as u8);
                let end = if r.2 { y.saturating_sub(1) } else { y };
                return Ok((x..=end).map(|c| RV::string((c as char).to_string())).collect());
            }
            ctx.fatal("ranges of multi-character strings are not supported")
        }
        (RV::Float(_), _) => ctx.raise("TypeError", "can't iterate from Float"),
        (RV::Nil, _) | (_, RV::Nil) => ctx.fatal("endless ranges are not supported here"),
        (a, _) => ctx.raise("TypeError", format!("can't iterate from {}", a.class_name())),
    }
}

/// Range elements where errors cannot be reported (splats); empty on error.
pub(crate) fn range_items_unchecked(v: &RV) -> Vec<RV> {
    match v {
        RV::Range(r) => match (&r.0, &r.1) {
            (RV::Int(a), RV::Int(b)) if b.saturating_sub(*a) <= 10_000_000 => {
                let end = if r.2 { *b - 1 } else { *b };
                (*a..=end).map(RV::Int).collect()
            }
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// `range.include?(x)` / `===` / `cover?`.
pub(crate) fn range_include(_ctx: &mut Ctx, range: &RV, x: &RV) -> R<bool> {
    let RV::Range(r) = range else { return Ok(false) };
    let lo = match &r.0 {
        RV::Nil => true,
        a => spaceship(a, x).is_some_and(|o| o != Ordering::Greater),
    };
    let hi = match &r.1 {
        RV::Nil => true,
        b => spaceship(x, b).is_some_and(|o| if r.2 { o == Ordering::Less } else { o != Ordering::Greater }),
    };
    Ok(lo && hi)
}

/// Range methods.
pub(crate) fn range(ctx: &mut Ctx, recv: &RV, name: &str, args: &[RV], block: Option<&BlockRef>) -> R<Option<RV>> {
    let RV::Range(r) = recv else { return Ok(None) };
    Ok(Some(match name {
        "begin" => r.0.clone(),
        "end" => r.1.clone(),
        "first" if args.is_empty() => r.0.clone(),
        "last" if args.is_empty() => r.1.clone(),
        "exclude_end?" => RV::Bool(r.2),
        "include?" | "member?" | "===" | "cover?" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(range_include(ctx, recv, &args[0])?)
        }
        "size" => match (&r.0, &r.1) {
            (RV::Int(a), RV::Int(b)) => RV::Int(((if r.2 { *b } else { *b + 1 }) - a).max(0)),
            _ => RV::Nil,
        },
        "last" => {
            let items = range_items(ctx, recv)?;
            let n = int_arg(ctx, &args[0])?.max(0) as usize;
            let n = n.min(items.len());
            RV::array(items[items.len() - n..].to_vec())
        }
        "step" => {
            arity(ctx, args, 1, 1)?;
            let st = int_arg(ctx, &args[0])?;
            if st <= 0 {
                return ctx.raise("ArgumentError", "step can't be negative");
            }
            let items: Vec<RV> = range_items(ctx, recv)?.into_iter().step_by(st as usize).collect();
            match block {
                Some(b) => {
                    for x in items {
                        ctx.yield_block(b, vec![x])?;
                    }
                    recv.clone()
                }
                None => RV::array(items),
            }
        }
        "to_s" => RV::string(recv.to_s()),
        "inspect" => RV::string(recv.inspect()),
        "==" | "eql?" => RV::Bool(rv_eq(recv, &args.first().cloned().unwrap_or(RV::Nil))),
        "to_a" | "to_ary" | "entries" => RV::array(range_items(ctx, recv)?),
        _ => {
            if !RANGE_METHODS.contains(&name) {
                return Ok(None);
            }
            let items = range_items(ctx, recv)?;
            return enumerable(ctx, recv, items, name, args, block);
        }
    }))
}
