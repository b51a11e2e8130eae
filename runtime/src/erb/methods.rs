//! Built-in methods: dispatch by receiver class, the methods every object
//! has, numbers, `nil`/`true`/`false`, Kernel functions (`Array()`,
//! `Integer()`, `raise` ...), the template object (`scope`,
//! `has_variable?`), the `scope` object (`[]`, `lookupvar`, `function_*`,
//! `call_function`, `to_hash`, `setvar`), constants and class methods
//! (`Hash.new`, `File.join`, `Regexp.escape`, `JSON.parse`, `IPAddr.new`),
//! and Ruby's equality, ordering and exception hierarchy.
//!
//! Messages are Ruby 3.1's (`undefined method `x' for nil:NilClass`,
//! `no implicit conversion of Integer into String`, `comparison of String
//! with Integer failed`, `wrong number of arguments (given 1, expected 0)`).
//! A method pjit does not implement on a class that has it in Ruby is a
//! [`Flow::Fatal`] error naming it, never a silent difference; a method the
//! class does not have is Ruby's `NoMethodError`.

use std::cmp::Ordering;
use std::rc::Rc;

use super::collections;
use super::eval::{describe_recv, BlockRef, Ctx, Flow, R};
use super::strings;
use super::value::{from_puppet, HKey, IpAddrValue, RHash, RRegex, RV};
use crate::display::ruby_float_to_s;
use crate::functions::Unwind;

/// Checks the number of arguments (`max == usize::MAX`: unbounded).
pub(crate) fn arity(ctx: &Ctx, args: &[RV], min: usize, max: usize) -> R<()> {
    let n = args.len();
    if n < min || n > max {
        let expected = if max == usize::MAX {
            format!("{min}+")
        } else if min == max {
            min.to_string()
        } else {
            format!("{min}..{max}")
        };
        return ctx.raise("ArgumentError", format!("wrong number of arguments (given {n}, expected {expected})"));
    }
    Ok(())
}

/// The name Ruby uses in `no implicit conversion of X into Y`.
pub(crate) fn conv_name(v: &RV) -> String {
    match v {
        RV::Nil => "nil".into(),
        RV::Bool(b) => b.to_string(),
        other => other.class_name(),
    }
}

/// An implicit String argument (`to_str`).
pub(crate) fn str_arg(ctx: &Ctx, v: &RV) -> R<String> {
    match v {
        RV::Str(s) => Ok(s.borrow().clone()),
        other => ctx.raise("TypeError", format!("no implicit conversion of {} into String", conv_name(other))),
    }
}

/// An implicit Integer argument (`to_int`; floats truncate).
pub(crate) fn int_arg(ctx: &Ctx, v: &RV) -> R<i64> {
    match v {
        RV::Int(i) => Ok(*i),
        RV::Float(f) if f.is_finite() => Ok(f.trunc() as i64),
        RV::Float(f) => ctx.raise("FloatDomainError", ruby_float_to_s(*f)),
        RV::Nil => ctx.raise("TypeError", "no implicit conversion from nil to integer"),
        other => ctx.raise("TypeError", format!("no implicit conversion of {} into Integer", conv_name(other))),
    }
}

/// Items of `*x`: arrays spread, nil is nothing, hashes become pairs.
pub(crate) fn splat_items(v: &RV) -> Vec<RV> {
    match v {
        RV::Array(a) => a.borrow().clone(),
        RV::Nil => vec![],
        RV::Hash(h) => h.borrow().pairs().into_iter().map(|(k, v)| RV::array(vec![k, v])).collect(),
        RV::Range(_) => collections::range_items_unchecked(v),
        other => vec![other.clone()],
    }
}

/// `Object#to_s` as the output of `<%= %>` and `"#{}"` uses it.
pub(crate) fn to_s(_ctx: &mut Ctx, v: &RV) -> R<String> {
    Ok(v.to_s())
}

// ---------------------------------------------------------------------------
// Equality and ordering

/// Ruby's `==`.
pub(crate) fn rv_eq(a: &RV, b: &RV) -> bool {
    crate::value::guard_stack(|| match (a, b) {
        (RV::Nil, RV::Nil) => true,
        (RV::Bool(x), RV::Bool(y)) => x == y,
        (RV::Int(x), RV::Int(y)) => x == y,
        (RV::Int(x), RV::Float(y)) | (RV::Float(y), RV::Int(x)) => (*x as f64) == *y,
        (RV::Float(x), RV::Float(y)) => x == y,
        (RV::Str(x), RV::Str(y)) => Rc::ptr_eq(x, y) || *x.borrow() == *y.borrow(),
        (RV::Sym(x), RV::Sym(y)) => x == y,
        (RV::Array(x), RV::Array(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| rv_eq(p, q))
        }
        (RV::Hash(x), RV::Hash(y)) => {
            if Rc::ptr_eq(x, y) {
                return true;
            }
            let (x, y) = (x.borrow(), y.borrow());
            x.map.len() == y.map.len()
                && x.map.iter().all(|(k, (_, v))| y.map.get(k).is_some_and(|(_, w)| rv_eq(v, w)))
        }
        (RV::Range(x), RV::Range(y)) => x.2 == y.2 && rv_eq(&x.0, &y.0) && rv_eq(&x.1, &y.1),
        (RV::Regexp(x), RV::Regexp(y)) => x.source == y.source && x.flags == y.flags,
        (RV::Puppet(x), RV::Puppet(y)) => crate::ops::equals(x, y),
        (RV::Class(x), RV::Class(y)) => x == y,
        (RV::Exception(x), RV::Exception(y)) => x.class == y.class && x.message == y.message,
        (RV::IpAddr(x), RV::IpAddr(y)) => {
            super::value::network_address(x) == super::value::network_address(y) && x.addr.is_ipv4() == y.addr.is_ipv4()
        }
        (RV::Match(x), RV::Match(y)) => Rc::ptr_eq(x, y),
        (RV::Template, RV::Template) | (RV::Scope, RV::Scope) => true,
        _ => false,
    })
}

/// Ruby's `<=>`: None where Ruby returns nil.
pub(crate) fn spaceship(a: &RV, b: &RV) -> Option<Ordering> {
    crate::value::guard_stack(|| match (a, b) {
        (RV::Int(x), RV::Int(y)) => Some(x.cmp(y)),
        (RV::Int(x), RV::Float(y)) => (*x as f64).partial_cmp(y),
        (RV::Float(x), RV::Int(y)) => x.partial_cmp(&(*y as f64)),
        (RV::Float(x), RV::Float(y)) => x.partial_cmp(y),
        (RV::Str(x), RV::Str(y)) => Some(x.borrow().as_bytes().cmp(y.borrow().as_bytes())),
        (RV::Sym(x), RV::Sym(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (RV::Array(x), RV::Array(y)) => {
            // Borrowed, not copied: comparing reads nothing else.
            let (x, y) = (x.borrow(), y.borrow());
            for (p, q) in x.iter().zip(y.iter()) {
                match spaceship(p, q)? {
                    Ordering::Equal => {}
                    o => return Some(o),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        (RV::Nil, RV::Nil) => Some(Ordering::Equal),
        (RV::Bool(x), RV::Bool(y)) if x == y => Some(Ordering::Equal),
        _ if rv_eq(a, b) => Some(Ordering::Equal),
        _ => None,
    })
}

/// `<=>` for sorting: Ruby's `comparison of A with B failed` when nil.
pub(crate) fn compare(ctx: &Ctx, a: &RV, b: &RV) -> R<Ordering> {
    match spaceship(a, b) {
        Some(o) => Ok(o),
        None => ctx.raise("ArgumentError", format!("comparison of {} with {} failed", a.class_name(), cmp_operand(b))),
    }
}

/// How `rb_cmperr` names the right operand: special constants by inspect.
fn cmp_operand(b: &RV) -> String {
    match b {
        RV::Nil | RV::Bool(_) | RV::Int(_) | RV::Float(_) | RV::Sym(_) => b.inspect(),
        other => other.class_name(),
    }
}

/// A stable merge sort with a fallible comparison.
pub(crate) fn sort_by_fallible<T: Clone>(v: &mut Vec<T>, cmp: &mut dyn FnMut(&T, &T) -> R<Ordering>) -> R<()> {
    if v.len() <= 1 {
        return Ok(());
    }
    let mid = v.len() / 2;
    let mut right = v.split_off(mid);
    sort_by_fallible(v, cmp)?;
    sort_by_fallible(&mut right, cmp)?;
    let left = std::mem::take(v);
    let (mut i, mut j) = (0, 0);
    while i < left.len() && j < right.len() {
        if cmp(&left[i], &right[j])? == Ordering::Greater {
            v.push(right[j].clone());
            j += 1;
        } else {
            v.push(left[i].clone());
            i += 1;
        }
    }
    v.extend_from_slice(&left[i..]);
    v.extend_from_slice(&right[j..]);
    Ok(())
}

/// `a === b` (case equality, `when a`).
pub(crate) fn case_eq(ctx: &mut Ctx, a: &RV, b: &RV) -> R<bool> {
    Ok(match a {
        RV::Class(c) => is_a(b, c),
        RV::Regexp(r) => {
            let m = match b {
                RV::Str(s) => r.match_at(&s.borrow(), 0),
                RV::Sym(s) => r.match_at(s, 0),
                _ => return Ok(false),
            };
            let hit = m.is_some();
            ctx.last_match = m.map(Rc::new);
            hit
        }
        RV::Range(_) => collections::range_include(ctx, a, b)?,
        _ => rv_eq(a, b),
    })
}

// ---------------------------------------------------------------------------
// Classes

/// The ancestors of a built-in class, itself first.
fn ancestors(class: &str) -> Vec<&str> {
    let mut out = vec![class];
    let mut c = class;
    while let Some(p) = superclass(c) {
        out.push(p);
        c = p;
    }
    out.extend_from_slice(modules_of(class));
    out.push("Kernel");
    out.push("BasicObject");
    out
}

/// The modules a built-in class includes.
fn modules_of(class: &str) -> &'static [&'static str] {
    match class {
        "Integer" | "Float" | "String" | "Symbol" => &["Comparable"],
        "Array" | "Hash" | "Range" => &["Enumerable"],
        _ => &[],
    }
}

fn superclass(c: &str) -> Option<&'static str> {
    Some(match c {
        "Integer" | "Float" => "Numeric",
        "Numeric" | "String" | "Symbol" | "Array" | "Hash" | "Range" | "Regexp" | "MatchData" | "NilClass"
        | "TrueClass" | "FalseClass" | "Exception" | "Module" | "IPAddr" | "Proc" => "Object",
        "Class" => "Module",
        "ScriptError" | "StandardError" | "SystemStackError" | "NoMemoryError" | "SecurityError" | "SignalException"
        | "SystemExit" => "Exception",
        "NotImplementedError" | "LoadError" | "SyntaxError" => "ScriptError",
        "ArgumentError" | "EncodingError" | "FiberError" | "IOError" | "IndexError" | "NameError" | "RangeError"
        | "RegexpError" | "RuntimeError" | "TypeError" | "ZeroDivisionError" | "LocalJumpError" | "ThreadError"
        | "JSON::JSONError" => "StandardError",
        "KeyError" | "StopIteration" => "IndexError",
        "NoMethodError" => "NameError",
        "FloatDomainError" => "RangeError",
        "FrozenError" | "Puppet::Error" => "RuntimeError",
        "Puppet::ParseError" | "Puppet::DevError" => "Puppet::Error",
        "JSON::ParserError" | "JSON::GeneratorError" => "JSON::JSONError",
        "IPAddr::Error" => "ArgumentError",
        "IPAddr::InvalidAddressError" | "IPAddr::AddressFamilyError" => "IPAddr::Error",
        "IPAddr::InvalidPrefixError" => "IPAddr::InvalidAddressError",
        c if c.starts_with("Puppet::Pops::") || c.starts_with("SemanticPuppet::") || c == "URI::Generic" => "Object",
        _ => return None,
    })
}

/// Is `class` (an exception class name) `ancestor` or below it?
pub(crate) fn exception_is_a(class: &str, ancestor: &str) -> bool {
    ancestors(class).contains(&ancestor)
}

/// `v.is_a?(class)`.
pub(crate) fn is_a(v: &RV, class: &str) -> bool {
    if let RV::Class(_) = v {
        return ["Class", "Module", "Object", "Kernel", "BasicObject"].contains(&class);
    }
    if let RV::Puppet(crate::value::Value::Type(_)) = v {
        return class == "Puppet::Pops::Types::PAnyType" || ["Object", "Kernel", "BasicObject"].contains(&class);
    }
    // `ancestors(..).contains(class)` without building the list (or, for
    // the plain kinds, the class name).
    let owned;
    let name = match v {
        RV::Nil => "NilClass",
        RV::Bool(true) => "TrueClass",
        RV::Bool(false) => "FalseClass",
        RV::Int(_) => "Integer",
        RV::Float(_) => "Float",
        RV::Str(_) => "String",
        RV::Array(_) => "Array",
        RV::Hash(_) => "Hash",
        _ => {
            owned = v.class_name();
            &owned
        }
    };
    let mut c = name;
    loop {
        if c == class {
            return true;
        }
        match superclass(c) {
            Some(p) => c = p,
            None => break,
        }
    }
    class == "Kernel" || class == "BasicObject" || modules_of(name).contains(&class)
}

/// Known constants (classes and modules).
const CONSTANTS: &[&str] = &[
    "Object", "BasicObject", "Kernel", "Comparable", "Enumerable", "Module", "Class", "Numeric", "Integer", "Float",
    "String", "Symbol", "Array", "Hash", "Range", "Regexp", "MatchData", "NilClass", "TrueClass", "FalseClass",
    "Exception", "ScriptError", "NotImplementedError", "LoadError", "StandardError", "ArgumentError", "EncodingError",
    "IOError", "IndexError", "KeyError", "StopIteration", "NameError", "NoMethodError", "RangeError",
    "FloatDomainError", "RegexpError", "RuntimeError", "FrozenError", "TypeError", "ZeroDivisionError",
    "LocalJumpError", "SystemStackError", "Math", "File", "JSON", "JSON::JSONError", "JSON::ParserError",
    "JSON::GeneratorError", "IPAddr", "IPAddr::Error", "IPAddr::InvalidAddressError", "IPAddr::AddressFamilyError",
    "IPAddr::InvalidPrefixError", "Puppet", "Puppet::Error", "Puppet::ParseError", "Puppet::DevError",
];

/// Resolves `A::B`.
pub(crate) fn constant(ctx: &mut Ctx, path: &[Rc<str>]) -> R<RV> {
    // `Hash`, `String`: the template's own name (a class is compared by
    // its name), without joining a path.
    if let [one] = path
        && CONSTANTS.contains(&&**one)
    {
        return Ok(RV::Class(one.clone()));
    }
    let name = path.iter().map(|s| s.as_ref()).collect::<Vec<_>>().join("::");
    if CONSTANTS.contains(&name.as_str()) {
        return Ok(RV::Class(Rc::from(name.as_str())));
    }
    match name.as_str() {
        "Float::INFINITY" => return Ok(RV::Float(f64::INFINITY)),
        "Float::NAN" => return Ok(RV::Float(f64::NAN)),
        "Math::PI" => return Ok(RV::Float(std::f64::consts::PI)),
        "Integer::MAX" => {}
        _ => {}
    }
    let last = path.last().map_or("", |s| s.as_ref());
    let known_prefix = path.len() > 1 && CONSTANTS.contains(&path[..path.len() - 1].iter().map(|s| s.as_ref()).collect::<Vec<_>>().join("::").as_str());
    if path.len() == 1 || known_prefix {
        if ["YAML", "Psych", "Time", "Date", "DateTime", "Set", "Struct", "OpenStruct", "Facter", "ENV", "ARGV", "Dir", "IO", "Process", "Socket", "Resolv", "URI", "Digest", "Base64", "SecureRandom", "Random", "ERB", "Shellwords"].contains(&name.as_str()) {
            return ctx.fatal(format!("the Ruby constant {name} is not supported in templates"));
        }
        if path.len() == 1 {
            return ctx.raise(
                "NameError",
                format!("uninitialized constant Puppet::Parser::TemplateWrapper::{last}"),
            );
        }
        return ctx.raise("NameError", format!("uninitialized constant {name}"));
    }
    ctx.fatal(format!("the Ruby constant {name} is not supported in templates"))
}

// ---------------------------------------------------------------------------
// Dispatch

/// Calls `name` on `recv`.
pub(crate) fn call(ctx: &mut Ctx, recv: &RV, name: &str, args: Vec<RV>, block: Option<&BlockRef>) -> R<RV> {
    if let Some(v) = common(ctx, recv, name, &args) {
        return Ok(v);
    }
    // Type-specific methods first; `None` falls back to Object's.
    let specific = match recv {
        RV::Str(_) | RV::Sym(_) => strings::call(ctx, recv, name, &args, block)?,
        RV::Array(_) => collections::array(ctx, recv, name, &args, block)?,
        RV::Hash(_) => collections::hash(ctx, recv, name, &args, block)?,
        RV::Range(_) => collections::range(ctx, recv, name, &args, block)?,
        RV::Int(_) | RV::Float(_) => numeric(ctx, recv, name, &args, block)?,
        RV::Nil => nil_method(ctx, name, &args)?,
        RV::Bool(b) => bool_method(ctx, *b, name, &args)?,
        RV::Regexp(r) => regexp_method(ctx, r, name, &args)?,
        RV::Match(m) => strings::match_method(ctx, m, name, &args)?,
        RV::Scope => return scope_method(ctx, name, args),
        RV::Template => return call_template(ctx, name, args, block, false),
        RV::Class(c) => class_method(ctx, c, name, &args, block)?,
        RV::Exception(e) => match name {
            "message" | "to_s" | "to_str" => Some(RV::str(&e.message)),
            "full_message" => Some(RV::string(format!("{} ({})", e.message, e.class))),
            "backtrace" => Some(RV::Nil),
            _ => None,
        },
        RV::IpAddr(a) => ipaddr_method(ctx, a, name, &args)?,
        RV::Puppet(_) => None,
    };
    if let Some(v) = specific {
        return Ok(v);
    }
    object_method(ctx, recv, name, args, block)
}

/// The calls templates make most (counted over a LAMP role's renders:
/// `String#==`, `String#=~`, `nil?`, `is_a?`, `Array#include?`, about 60%
/// of its method calls), answered exactly as the general path below
/// answers them but without its copies: the String methods there work on
/// a copy of the receiver's text and the Array methods on a copy of its
/// items, which was most of these calls' cost. None: any other call,
/// nothing evaluated.
fn common(ctx: &mut Ctx, recv: &RV, name: &str, args: &[RV]) -> Option<RV> {
    if !matches!(recv, RV::Nil | RV::Bool(_) | RV::Int(_) | RV::Float(_) | RV::Str(_) | RV::Array(_) | RV::Hash(_)) {
        return None;
    }
    Some(match (recv, name, args) {
        (RV::Str(_), "==", [other]) => RV::Bool(rv_eq(recv, other) && matches!(other, RV::Str(_))),
        (RV::Str(s), "=~", [RV::Regexp(re)]) => {
            let s = s.borrow();
            let m = re.match_at(&s, 0).map(Rc::new);
            let at = m.as_ref().map(|m| strings::char_len(&s[..m.start()]) as i64);
            ctx.last_match = m;
            at.map_or(RV::Nil, RV::Int)
        }
        (_, "nil?", []) => RV::Bool(matches!(recv, RV::Nil)),
        (_, "is_a?" | "kind_of?", [RV::Class(c)]) => RV::Bool(is_a(recv, c)),
        (RV::Array(items), "include?" | "member?", [x]) => RV::Bool(items.borrow().iter().any(|y| rv_eq(y, x))),
        _ => return None,
    })
}

/// Methods every object has.
fn object_method(ctx: &mut Ctx, recv: &RV, name: &str, args: Vec<RV>, block: Option<&BlockRef>) -> R<RV> {
    Ok(match name {
        "nil?" => {
            arity(ctx, &args, 0, 0)?;
            RV::Bool(matches!(recv, RV::Nil))
        }
        "is_a?" | "kind_of?" | "instance_of?" => {
            arity(ctx, &args, 1, 1)?;
            let RV::Class(c) = &args[0] else {
                return ctx.raise("TypeError", "class or module required");
            };
            RV::Bool(if name == "instance_of?" { recv.class_name() == **c } else { is_a(recv, c) })
        }
        "respond_to?" => {
            arity(ctx, &args, 1, 2)?;
            let m = match &args[0] {
                RV::Str(s) => s.borrow().clone(),
                RV::Sym(s) => s.to_string(),
                other => return ctx.raise("TypeError", format!("{} is not a symbol nor a string", other.inspect())),
            };
            RV::Bool(responds_to(recv, &m))
        }
        "class" => {
            arity(ctx, &args, 0, 0)?;
            RV::Class(Rc::from(recv.class_name().as_str()))
        }
        "==" | "eql?" | "equal?" => {
            arity(ctx, &args, 1, 1)?;
            RV::Bool(match name {
                "==" => rv_eq(recv, &args[0]),
                "eql?" => HKey::of(recv) == HKey::of(&args[0]) && rv_eq(recv, &args[0]),
                _ => same_object(recv, &args[0]),
            })
        }
        "!=" => {
            arity(ctx, &args, 1, 1)?;
            RV::Bool(!rv_eq(recv, &args[0]))
        }
        "!" => RV::Bool(!recv.truthy()),
        "===" => {
            arity(ctx, &args, 1, 1)?;
            RV::Bool(case_eq(ctx, recv, &args[0])?)
        }
        "=~" => RV::Nil,
        "<=>" => {
            arity(ctx, &args, 1, 1)?;
            if rv_eq(recv, &args[0]) { RV::Int(0) } else { RV::Nil }
        }
        "to_s" => {
            arity(ctx, &args, 0, 0)?;
            RV::string(recv.to_s())
        }
        "inspect" => {
            arity(ctx, &args, 0, 0)?;
            RV::string(recv.inspect())
        }
        "frozen?" => RV::Bool(!matches!(recv, RV::Str(_) | RV::Array(_) | RV::Hash(_))),
        "freeze" | "itself" | "to_self" => recv.clone(),
        "dup" | "clone" => match recv {
            RV::Str(s) if name == "clone" && s.frozen.get() => RV::frozen_str(&s.borrow()),
            RV::Str(s) => RV::string(s.borrow().clone()),
            RV::Array(a) => RV::array(a.borrow().clone()),
            RV::Hash(h) => {
                let h = h.borrow();
                RV::hash(RHash { map: h.map.clone(), default: h.default.clone() })
            }
            other => other.clone(),
        },
        "then" | "yield_self" => match block {
            Some(b) => ctx.yield_block(b, vec![recv.clone()])?,
            None => return ctx.fatal("then without a block is not supported"),
        },
        "tap" => {
            if let Some(b) = block {
                ctx.yield_block(b, vec![recv.clone()])?;
            }
            recv.clone()
        }
        "send" | "public_send" | "__send__" => {
            let Some(first) = args.first() else {
                return ctx.raise("ArgumentError", "no method name given");
            };
            let m = match first {
                RV::Str(s) => s.borrow().clone(),
                RV::Sym(s) => s.to_string(),
                other => return ctx.raise("TypeError", format!("{} is not a symbol nor a string", other.inspect())),
            };
            return call(ctx, recv, &m, args[1..].to_vec(), block);
        }
        "to_yaml" => {
            arity(ctx, &args, 0, 1)?;
            RV::string(super::yaml::dump(ctx, recv)?)
        }
        "to_json" => {
            arity(ctx, &args, 0, 1)?;
            RV::string(super::json::generate(ctx, recv, false)?)
        }
        "instance_variable_get" | "instance_variables" | "method" | "methods" | "public_methods" | "define_method"
        | "instance_eval" | "instance_exec" | "extend" | "object_id" | "__id__" | "hash" | "display" => {
            return ctx.fatal(format!("the Ruby method {name} is not supported in templates"));
        }
        // A method Ruby has but the subset does not implement must not
        // pass for one Ruby lacks (a NoMethodError a template could rescue).
        _ if super::did_you_mean::ruby_has_method(&recv.class_name(), name) == Some(true) => {
            return ctx.fatal(format!("the Ruby method {}#{name} is not supported in templates", recv.class_name()));
        }
        _ => return ctx.no_method(recv, name),
    })
}

fn same_object(a: &RV, b: &RV) -> bool {
    match (a, b) {
        (RV::Str(x), RV::Str(y)) => Rc::ptr_eq(x, y),
        (RV::Array(x), RV::Array(y)) => Rc::ptr_eq(x, y),
        (RV::Hash(x), RV::Hash(y)) => Rc::ptr_eq(x, y),
        (RV::Nil, RV::Nil) => true,
        (RV::Bool(x), RV::Bool(y)) => x == y,
        (RV::Int(x), RV::Int(y)) => x == y,
        (RV::Sym(x), RV::Sym(y)) => x == y,
        (RV::Float(x), RV::Float(y)) => x.to_bits() == y.to_bits(),
        _ => rv_eq(a, b),
    }
}

const OBJECT_METHODS: &[&str] = &[
    "nil?", "is_a?", "kind_of?", "instance_of?", "respond_to?", "class", "==", "eql?", "equal?", "!=", "!", "===",
    "=~", "to_s", "inspect", "frozen?", "freeze", "itself", "dup", "clone", "then", "yield_self", "tap", "send",
    "public_send", "__send__", "to_yaml", "instance_variable_get", "instance_variables", "method", "methods",
    "object_id", "hash", "display", "instance_eval", "extend",
];

/// `recv.respond_to?(name)`.
pub(crate) fn responds_to(recv: &RV, name: &str) -> bool {
    if OBJECT_METHODS.contains(&name) {
        return true;
    }
    let list: &[&str] = match recv {
        RV::Str(_) => strings::STRING_METHODS,
        RV::Sym(_) => strings::SYMBOL_METHODS,
        RV::Array(_) => collections::ARRAY_METHODS,
        RV::Hash(_) => collections::HASH_METHODS,
        RV::Range(_) => collections::RANGE_METHODS,
        RV::Int(_) => INTEGER_METHODS,
        RV::Float(_) => FLOAT_METHODS,
        RV::Nil => NIL_METHODS,
        RV::Bool(_) => &["&", "|", "^"],
        RV::Regexp(_) => &["match", "match?", "source", "options", "casefold?", "=~", "names"],
        RV::Match(_) => strings::MATCH_METHODS,
        RV::Scope => &["[]", "lookupvar", "call_function", "to_hash", "setvar", "[]=", "include?", "exist?"],
        RV::Template => return template_responds_to(name),
        RV::Exception(_) => &["message", "full_message", "backtrace"],
        RV::IpAddr(_) => &["to_s", "to_string", "ipv4?", "ipv6?", "include?", "prefix", "to_range", "private?", "loopback?"],
        _ => &[],
    };
    list.contains(&name) || (matches!(recv, RV::Scope) && name.starts_with("function_"))
}

// ---------------------------------------------------------------------------
// nil, true, false

const NIL_METHODS: &[&str] = &["to_a", "to_i", "to_f", "to_h", "to_str?", "&", "|", "inspect"];

fn nil_method(ctx: &mut Ctx, name: &str, args: &[RV]) -> R<Option<RV>> {
    Ok(Some(match name {
        "to_a" => RV::array(vec![]),
        "to_i" => RV::Int(0),
        "to_f" => RV::Float(0.0),
        "to_h" => RV::hash(RHash::default()),
        "&" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(false)
        }
        "|" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(args[0].truthy())
        }
        _ => return Ok(None),
    }))
}

fn bool_method(ctx: &mut Ctx, b: bool, name: &str, args: &[RV]) -> R<Option<RV>> {
    Ok(Some(match name {
        "&" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(b && args[0].truthy())
        }
        "|" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(b || args[0].truthy())
        }
        "^" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(b != args[0].truthy())
        }
        _ => return Ok(None),
    }))
}

// ---------------------------------------------------------------------------
// Numbers

const INTEGER_METHODS: &[&str] = &[
    "+", "-", "*", "/", "%", "**", "-@", "+@", "<", ">", "<=", ">=", "<=>", "to_i", "to_int", "to_f", "to_s", "abs",
    "succ", "next", "pred", "zero?", "positive?", "negative?", "even?", "odd?", "times", "upto", "downto", "round",
    "floor", "ceil", "truncate", "divmod", "modulo", "fdiv", "between?", "clamp", "chr", "integer?", "digits",
    "div", "step", "nonzero?", "&", "|", "^", "<<", ">>", "~", "size", "gcd", "lcm", "finite?", "infinite?",
];
const FLOAT_METHODS: &[&str] = &[
    "+", "-", "*", "/", "%", "**", "-@", "+@", "<", ">", "<=", ">=", "<=>", "to_i", "to_int", "to_f", "to_s", "abs",
    "zero?", "positive?", "negative?", "round", "floor", "ceil", "truncate", "divmod", "modulo", "fdiv",
    "between?", "clamp", "integer?", "nan?", "finite?", "infinite?", "div", "nonzero?",
];

fn overflow<T>(ctx: &Ctx) -> R<T> {
    ctx.fatal("integer overflow: results beyond 64 bits (Ruby's Bignum) are not supported")
}

fn coerce_err<T>(ctx: &Ctx, recv: &RV, other: &RV) -> R<T> {
    let what = match other {
        RV::Nil => "nil".to_string(),
        RV::Bool(b) => b.to_string(),
        o => o.class_name(),
    };
    ctx.raise("TypeError", format!("{what} can't be coerced into {}", recv.class_name()))
}

fn numeric(ctx: &mut Ctx, recv: &RV, name: &str, args: &[RV], block: Option<&BlockRef>) -> R<Option<RV>> {
    let is_int = matches!(recv, RV::Int(_));
    let f = |v: &RV| -> f64 {
        match v {
            RV::Int(i) => *i as f64,
            RV::Float(f) => *f,
            _ => 0.0,
        }
    };
    let binary = ["+", "-", "*", "/", "%", "**", "<", ">", "<=", ">=", "modulo", "fdiv", "div", "divmod"];
    if binary.contains(&name) {
        arity(ctx, args, 1, 1)?;
        let other = &args[0];
        if !matches!(other, RV::Int(_) | RV::Float(_)) {
            if ["<", ">", "<=", ">="].contains(&name) {
                return ctx.raise("ArgumentError", format!("comparison of {} with {} failed", recv.class_name(), cmp_operand(other)));
            }
            return coerce_err(ctx, recv, other);
        }
        if let (RV::Int(a), RV::Int(b)) = (recv, other) {
            let (a, b) = (*a, *b);
            return Ok(Some(match name {
                "+" => RV::Int(a.checked_add(b).map_or_else(|| overflow(ctx), Ok)?),
                "-" => RV::Int(a.checked_sub(b).map_or_else(|| overflow(ctx), Ok)?),
                "*" => RV::Int(a.checked_mul(b).map_or_else(|| overflow(ctx), Ok)?),
                "/" | "div" | "%" | "modulo" | "divmod" => {
                    if b == 0 {
                        return ctx.raise("ZeroDivisionError", "divided by 0");
                    }
                    if a == i64::MIN && b == -1 {
                        return overflow(ctx);
                    }
                    // Ruby floors the quotient.
                    let (q, r) = {
                        let r = a % b;
                        if r != 0 && ((r < 0) != (b < 0)) { (a / b - 1, r + b) } else { (a / b, r) }
                    };
                    match name {
                        "%" | "modulo" => RV::Int(r),
                        "divmod" => RV::array(vec![RV::Int(q), RV::Int(r)]),
                        _ => RV::Int(q),
                    }
                }
                "**" => {
                    if b < 0 {
                        return ctx.fatal("Integer ** negative Integer (a Rational) is not supported");
                    }
                    let e = u32::try_from(b).map_or_else(|_| overflow(ctx), Ok)?;
                    RV::Int(a.checked_pow(e).map_or_else(|| overflow(ctx), Ok)?)
                }
                "<" => RV::Bool(a < b),
                ">" => RV::Bool(a > b),
                "<=" => RV::Bool(a <= b),
                ">=" => RV::Bool(a >= b),
                "fdiv" => RV::Float(a as f64 / b as f64),
                _ => unreachable!("listed above"),
            }));
        }
        let (a, b) = (f(recv), f(other));
        return Ok(Some(match name {
            "+" => RV::Float(a + b),
            "-" => RV::Float(a - b),
            "*" => RV::Float(a * b),
            "/" | "fdiv" => RV::Float(a / b),
            "%" | "modulo" => RV::Float(a - b * (a / b).floor()),
            "div" => {
                if b == 0.0 {
                    return ctx.raise("ZeroDivisionError", "divided by 0");
                }
                RV::Int((a / b).floor() as i64)
            }
            "divmod" => RV::array(vec![RV::Float((a / b).floor()), RV::Float(a - b * (a / b).floor())]),
            "**" => RV::Float(a.powf(b)),
            "<" => RV::Bool(a < b),
            ">" => RV::Bool(a > b),
            "<=" => RV::Bool(a <= b),
            ">=" => RV::Bool(a >= b),
            _ => unreachable!("listed above"),
        }));
    }
    Ok(Some(match name {
        "<=>" => {
            arity(ctx, args, 1, 1)?;
            match spaceship(recv, &args[0]) {
                Some(o) => RV::Int(o as i64),
                None => RV::Nil,
            }
        }
        "-@" => match recv {
            RV::Int(i) => RV::Int(i.checked_neg().map_or_else(|| overflow(ctx), Ok)?),
            _ => RV::Float(-f(recv)),
        },
        "+@" => recv.clone(),
        "to_i" | "to_int" | "truncate" if args.is_empty() => match recv {
            RV::Int(_) => recv.clone(),
            RV::Float(x) => RV::Int(int_arg(ctx, &RV::Float(*x))?),
            _ => unreachable!("numeric"),
        },
        "to_f" => RV::Float(f(recv)),
        "to_s" | "inspect" => {
            arity(ctx, args, 0, 1)?;
            match (recv, args.first()) {
                (RV::Int(i), Some(base)) => {
                    let b = int_arg(ctx, base)?;
                    if !(2..=36).contains(&b) {
                        return ctx.raise("ArgumentError", format!("invalid radix {b}"));
                    }
                    RV::string(radix_string(*i, b as u32))
                }
                _ => RV::string(recv.to_s()),
            }
        }
        "abs" | "magnitude" => match recv {
            RV::Int(i) => RV::Int(i.checked_abs().map_or_else(|| overflow(ctx), Ok)?),
            _ => RV::Float(f(recv).abs()),
        },
        "succ" | "next" if is_int => RV::Int(f_int(recv).checked_add(1).map_or_else(|| overflow(ctx), Ok)?),
        "pred" if is_int => RV::Int(f_int(recv).checked_sub(1).map_or_else(|| overflow(ctx), Ok)?),
        "zero?" => RV::Bool(f(recv) == 0.0),
        "nonzero?" => if f(recv) == 0.0 { RV::Nil } else { recv.clone() },
        "positive?" => RV::Bool(f(recv) > 0.0),
        "negative?" => RV::Bool(f(recv) < 0.0),
        "even?" if is_int => RV::Bool(f_int(recv) % 2 == 0),
        "odd?" if is_int => RV::Bool(f_int(recv) % 2 != 0),
        "integer?" => RV::Bool(is_int),
        "nan?" if !is_int => RV::Bool(f(recv).is_nan()),
        "finite?" => RV::Bool(f(recv).is_finite()),
        "infinite?" => {
            let x = f(recv);
            if x.is_infinite() { RV::Int(if x > 0.0 { 1 } else { -1 }) } else { RV::Nil }
        }
        "between?" => {
            arity(ctx, args, 2, 2)?;
            RV::Bool(compare(ctx, recv, &args[0])? != Ordering::Less && compare(ctx, recv, &args[1])? != Ordering::Greater)
        }
        "clamp" => {
            arity(ctx, args, 2, 2)?;
            if compare(ctx, recv, &args[0])? == Ordering::Less {
                args[0].clone()
            } else if compare(ctx, recv, &args[1])? == Ordering::Greater {
                args[1].clone()
            } else {
                recv.clone()
            }
        }
        "round" | "floor" | "ceil" | "truncate" => {
            arity(ctx, args, 0, 1)?;
            let digits = match args.first() {
                Some(d) => int_arg(ctx, d)?,
                None => 0,
            };
            match recv {
                RV::Int(i) => {
                    if digits >= 0 {
                        RV::Int(*i)
                    } else {
                        let p = 10f64.powi((-digits) as i32);
                        let x = *i as f64 / p;
                        let r = match name {
                            "round" => x.round(),
                            "floor" => x.floor(),
                            "ceil" => x.ceil(),
                            _ => x.trunc(),
                        };
                        RV::Int((r * p) as i64)
                    }
                }
                _ => {
                    let x = f(recv);
                    if digits > 0 {
                        let p = 10f64.powi(digits as i32);
                        let r = match name {
                            "round" => round_half_away(x * p),
                            "floor" => (x * p).floor(),
                            "ceil" => (x * p).ceil(),
                            _ => (x * p).trunc(),
                        } / p;
                        RV::Float(r)
                    } else {
                        let r = match name {
                            "round" => round_half_away(x),
                            "floor" => x.floor(),
                            "ceil" => x.ceil(),
                            _ => x.trunc(),
                        };
                        RV::Int(int_arg(ctx, &RV::Float(r))?)
                    }
                }
            }
        }
        "times" if is_int => {
            let Some(b) = block else {
                return ctx.fatal("Integer#times without a block is not supported");
            };
            for i in 0..f_int(recv) {
                ctx.yield_block(b, vec![RV::Int(i)])?;
            }
            recv.clone()
        }
        "upto" | "downto" if is_int => {
            arity(ctx, args, 1, 1)?;
            let Some(b) = block else {
                return ctx.fatal(format!("Integer#{name} without a block is not supported"));
            };
            let to = int_arg(ctx, &args[0])?;
            let from = f_int(recv);
            if name == "upto" {
                for i in from..=to {
                    ctx.yield_block(b, vec![RV::Int(i)])?;
                }
            } else {
                let mut i = from;
                while i >= to {
                    ctx.yield_block(b, vec![RV::Int(i)])?;
                    i -= 1;
                }
            }
            recv.clone()
        }
        "chr" if is_int => {
            let i = f_int(recv);
            match u8::try_from(i) {
                Ok(c) if c < 0x80 => RV::string((c as char).to_string()),
                _ => return ctx.raise("RangeError", format!("{i} out of char range")),
            }
        }
        "&" | "|" | "^" | "<<" | ">>" if is_int => {
            arity(ctx, args, 1, 1)?;
            let a = f_int(recv);
            let b = int_arg(ctx, &args[0])?;
            RV::Int(match name {
                "&" => a & b,
                "|" => a | b,
                "^" => a ^ b,
                "<<" => a.checked_shl(u32::try_from(b).unwrap_or(64)).filter(|r| r >> b == a).map_or_else(|| overflow(ctx), Ok)?,
                _ => a >> b.clamp(0, 63),
            })
        }
        "~" if is_int => RV::Int(!f_int(recv)),
        "digits" if is_int => {
            let mut n = f_int(recv);
            if n < 0 {
                return ctx.raise("Math::DomainError", "out of domain");
            }
            let mut d = vec![];
            loop {
                d.push(RV::Int(n % 10));
                n /= 10;
                if n == 0 {
                    break;
                }
            }
            RV::array(d)
        }
        "size" if is_int => RV::Int(8),
        "gcd" | "lcm" if is_int => {
            arity(ctx, args, 1, 1)?;
            let (mut a, mut b) = (f_int(recv).abs(), int_arg(ctx, &args[0])?.abs());
            let (x, y) = (a, b);
            while b != 0 {
                let t = a % b;
                a = b;
                b = t;
            }
            if name == "gcd" { RV::Int(a) } else if a == 0 { RV::Int(0) } else { RV::Int(x / a * y) }
        }
        _ => return Ok(None),
    }))
}

fn f_int(v: &RV) -> i64 {
    match v {
        RV::Int(i) => *i,
        _ => 0,
    }
}

/// Ruby's `Float#round`: halves round away from zero.
fn round_half_away(x: f64) -> f64 {
    x.round()
}

fn radix_string(i: i64, base: u32) -> String {
    if i == 0 {
        return "0".into();
    }
    let neg = i < 0;
    let mut n = i.unsigned_abs();
    let mut digits = Vec::new();
    while n > 0 {
        digits.push(std::char::from_digit((n % base as u64) as u32, base).unwrap_or('?'));
        n /= base as u64;
    }
    if neg {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

// ---------------------------------------------------------------------------
// Regexp and IPAddr

fn regexp_method(ctx: &mut Ctx, r: &Rc<RRegex>, name: &str, args: &[RV]) -> R<Option<RV>> {
    Ok(Some(match name {
        "match" | "=~" | "match?" => {
            arity(ctx, args, 1, 2)?;
            let text = match &args[0] {
                RV::Nil => return Ok(Some(if name == "match?" { RV::Bool(false) } else { RV::Nil })),
                RV::Sym(s) => s.to_string(),
                other => str_arg(ctx, other)?,
            };
            let m = r.match_at(&text, 0).map(Rc::new);
            if name != "match?" {
                ctx.last_match = m.clone();
            }
            match (name, m) {
                ("match?", m) => RV::Bool(m.is_some()),
                (_, None) => RV::Nil,
                ("=~", Some(m)) => RV::Int(text[..m.start()].chars().count() as i64),
                (_, Some(m)) => RV::Match(m),
            }
        }
        "source" => RV::str(&r.source),
        "to_s" => RV::string(r.to_s()),
        "inspect" => RV::string(r.inspect()),
        "casefold?" => RV::Bool(r.flags.contains('i')),
        "options" => RV::Int(
            if r.flags.contains('i') { 1 } else { 0 } + if r.flags.contains('x') { 2 } else { 0 } + if r.flags.contains('m') { 4 } else { 0 },
        ),
        _ => return Ok(None),
    }))
}

fn ipaddr_method(ctx: &mut Ctx, a: &Rc<IpAddrValue>, name: &str, args: &[RV]) -> R<Option<RV>> {
    Ok(Some(match name {
        "to_s" => RV::string(super::value::network_address(a).parse::<std::net::IpAddr>().map(|x| x.to_string()).unwrap_or_default()),
        "to_string" => RV::string(super::value::network_address(a)),
        "ipv4?" => RV::Bool(a.addr.is_ipv4()),
        "ipv6?" => RV::Bool(a.addr.is_ipv6()),
        "prefix" => RV::Int(a.prefix as i64),
        "include?" | "===" => {
            arity(ctx, args, 1, 1)?;
            let other = match &args[0] {
                RV::IpAddr(o) => o.clone(),
                RV::Str(s) => {
                    let s = s.borrow().clone();
                    ipaddr_new(ctx, &s)?
                }
                _ => return Ok(Some(RV::Bool(false))),
            };
            RV::Bool(ip_in(a, &other))
        }
        _ => return Ok(None),
    }))
}

fn ip_in(net: &IpAddrValue, x: &IpAddrValue) -> bool {
    match (net.addr, x.addr) {
        (std::net::IpAddr::V4(n), std::net::IpAddr::V4(v)) => {
            let m: u32 = if net.prefix == 0 { 0 } else { u32::MAX << (32 - net.prefix as u32) };
            u32::from(n) & m == u32::from(v) & m
        }
        (std::net::IpAddr::V6(n), std::net::IpAddr::V6(v)) => {
            let m: u128 = if net.prefix == 0 { 0 } else { u128::MAX << (128 - net.prefix as u32) };
            u128::from(n) & m == u128::from(v) & m
        }
        _ => false,
    }
}

/// `IPAddr.new(text)`: an address with an optional `/prefix` or `/mask`.
fn ipaddr_new(ctx: &Ctx, text: &str) -> R<Rc<IpAddrValue>> {
    let invalid = |ctx: &Ctx| ctx.raise("IPAddr::InvalidAddressError", format!("invalid address: {text}"));
    let (addr_s, prefix_s) = match text.split_once('/') {
        Some((a, p)) => (a, Some(p)),
        None => (text, None),
    };
    let addr_s = addr_s.strip_prefix('[').and_then(|s| s.strip_suffix(']')).unwrap_or(addr_s);
    // Ruby's IPAddr drops a zone id (`%eth0`) for IPv6.
    let addr_s = match addr_s.split_once('%') {
        Some((a, _)) if a.contains(':') => a,
        _ => addr_s,
    };
    let addr: std::net::IpAddr = match addr_s.parse() {
        Ok(a) => a,
        Err(_) => return invalid(ctx),
    };
    if let std::net::IpAddr::V4(_) = addr {
        // Ruby rejects octets with leading zeros ("zero-filled number in IPv4 address is ambiguous").
        if addr_s.split('.').any(|o| o.len() > 1 && o.starts_with('0')) {
            return ctx.raise("IPAddr::InvalidAddressError", format!("zero-filled number in IPv4 address is ambiguous: {text}"));
        }
    }
    let max = if addr.is_ipv4() { 32 } else { 128 };
    let prefix = match prefix_s {
        None => max,
        Some(p) if !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()) => match p.parse::<u8>() {
            Ok(n) if n <= max => n,
            _ => return ctx.raise("IPAddr::InvalidPrefixError", format!("invalid length: {text}")),
        },
        Some(p) => match (p.parse::<std::net::IpAddr>(), addr) {
            (Ok(std::net::IpAddr::V4(m)), std::net::IpAddr::V4(_)) => {
                let m = u32::from(m);
                let ones = m.leading_ones();
                if m.checked_shl(ones).unwrap_or(0) != 0 {
                    return ctx.raise("IPAddr::InvalidPrefixError", format!("invalid mask: {text}"));
                }
                ones as u8
            }
            _ => return ctx.raise("IPAddr::InvalidPrefixError", format!("invalid mask: {text}")),
        },
    };
    Ok(Rc::new(IpAddrValue { addr, prefix }))
}

// ---------------------------------------------------------------------------
// Classes as receivers

fn class_method(ctx: &mut Ctx, class: &str, name: &str, args: &[RV], block: Option<&BlockRef>) -> R<Option<RV>> {
    Ok(Some(match (class, name) {
        (_, "name" | "to_s" | "inspect") => RV::str(class),
        (_, "===") => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(is_a(&args[0], class))
        }
        (_, "<=" | "<") => {
            arity(ctx, args, 1, 1)?;
            let RV::Class(other) = &args[0] else {
                return ctx.raise("TypeError", "compared with non class/module");
            };
            let anc = ancestors(class);
            if anc.contains(&other.as_ref()) {
                RV::Bool(name == "<=" || class != other.as_ref())
            } else {
                RV::Nil
            }
        }
        ("Hash", "new") => {
            arity(ctx, args, 0, 1)?;
            if block.is_some() {
                return ctx.fatal("Hash.new with a block is not supported");
            }
            RV::hash(RHash { map: Default::default(), default: args.first().cloned() })
        }
        ("Array", "new") => {
            arity(ctx, args, 0, 2)?;
            let n = match args.first() {
                Some(RV::Array(a)) => return Ok(Some(RV::array(a.borrow().clone()))),
                Some(v) => int_arg(ctx, v)?,
                None => 0,
            };
            if n < 0 {
                return ctx.raise("ArgumentError", "negative array size");
            }
            let mut out = Vec::with_capacity(n as usize);
            for i in 0..n {
                out.push(match block {
                    Some(b) => ctx.yield_block(b, vec![RV::Int(i)])?,
                    None => args.get(1).cloned().unwrap_or(RV::Nil),
                });
            }
            RV::array(out)
        }
        ("Array", "[]") => RV::array(args.to_vec()),
        ("String", "new") => {
            arity(ctx, args, 0, 1)?;
            match args.first() {
                Some(v) => RV::string(str_arg(ctx, v)?),
                None => RV::str(""),
            }
        }
        ("Regexp", "escape" | "quote") => {
            arity(ctx, args, 1, 1)?;
            let s = match &args[0] {
                RV::Sym(s) => s.to_string(),
                other => str_arg(ctx, other)?,
            };
            RV::string(crate::regex::escape(&s))
        }
        ("Regexp", "new" | "compile") => {
            arity(ctx, args, 1, 2)?;
            let (src, mut flags) = match &args[0] {
                RV::Regexp(r) => (r.source.clone(), r.flags.clone()),
                other => (str_arg(ctx, other)?, String::new()),
            };
            match args.get(1) {
                Some(RV::Int(o)) => {
                    flags.clear();
                    if o & 1 != 0 {
                        flags.push('i');
                    }
                    if o & 2 != 0 {
                        flags.push('x');
                    }
                    if o & 4 != 0 {
                        flags.push('m');
                    }
                }
                Some(RV::Str(s)) => flags = s.borrow().chars().filter(|c| "mix".contains(*c)).collect(),
                Some(v) if v.truthy() => flags = "i".into(),
                _ => {}
            }
            match RRegex::new(&src, &flags) {
                Ok(r) => RV::Regexp(r),
                Err(e) => return ctx.raise("RegexpError", e),
            }
        }
        ("Regexp", "union") => {
            let items: Vec<RV> = if let [RV::Array(a)] = args { a.borrow().clone() } else { args.to_vec() };
            let mut parts = Vec::new();
            for i in &items {
                parts.push(match i {
                    RV::Regexp(r) => r.to_s(),
                    other => crate::regex::escape(&str_arg(ctx, other)?),
                });
            }
            let src = if parts.is_empty() { "(?!)".to_string() } else { parts.join("|") };
            match RRegex::new(&src, "") {
                Ok(r) => RV::Regexp(r),
                Err(e) => return ctx.raise("RegexpError", e),
            }
        }
        ("File", "join") => {
            let mut parts = Vec::new();
            fn flat(ctx: &Ctx, v: &RV, out: &mut Vec<String>) -> R<()> {
                match v {
                    RV::Array(a) => {
                        for x in a.borrow().iter() {
                            flat(ctx, x, out)?;
                        }
                        Ok(())
                    }
                    other => {
                        out.push(str_arg(ctx, other)?);
                        Ok(())
                    }
                }
            }
            for a in args {
                flat(ctx, a, &mut parts)?;
            }
            let mut out = String::new();
            for (i, p) in parts.iter().enumerate() {
                if i == 0 {
                    out.push_str(p);
                    continue;
                }
                let ends = out.ends_with('/');
                let starts = p.starts_with('/');
                match (ends, starts) {
                    (true, true) => out.push_str(p.trim_start_matches('/')),
                    (false, false) => {
                        out.push('/');
                        out.push_str(p);
                    }
                    _ => out.push_str(p),
                }
            }
            RV::string(out)
        }
        ("File", "basename") => {
            arity(ctx, args, 1, 2)?;
            let p = str_arg(ctx, &args[0])?;
            let trimmed = p.trim_end_matches('/');
            let mut base = if trimmed.is_empty() && p.starts_with('/') {
                "/".to_string()
            } else {
                trimmed.rsplit('/').next().unwrap_or("").to_string()
            };
            if let Some(suffix) = args.get(1) {
                let suf = str_arg(ctx, suffix)?;
                if suf == ".*" {
                    if let Some(i) = base.rfind('.') {
                        if i > 0 {
                            base.truncate(i);
                        }
                    }
                } else if base.ends_with(&suf) && base != suf {
                    base.truncate(base.len() - suf.len());
                }
            }
            RV::string(base)
        }
        ("File", "dirname") => {
            arity(ctx, args, 1, 1)?;
            let p = str_arg(ctx, &args[0])?;
            let trimmed = p.trim_end_matches('/');
            RV::string(match trimmed.rfind('/') {
                Some(0) => "/".into(),
                Some(i) => trimmed[..i].trim_end_matches('/').to_string(),
                None if p.starts_with('/') => "/".into(),
                None => ".".into(),
            })
        }
        ("File", "extname") => {
            arity(ctx, args, 1, 1)?;
            let p = str_arg(ctx, &args[0])?;
            let base = p.rsplit('/').next().unwrap_or("");
            RV::string(match base.rfind('.') {
                Some(i) if i > 0 && i + 1 < base.len() => base[i..].to_string(),
                _ => String::new(),
            })
        }
        ("JSON", "parse") => {
            arity(ctx, args, 1, 2)?;
            let s = str_arg(ctx, &args[0])?;
            super::json::parse(ctx, &s)?
        }
        ("JSON", "generate" | "dump") => {
            arity(ctx, args, 1, 2)?;
            RV::string(super::json::generate(ctx, &args[0], false)?)
        }
        ("JSON", "pretty_generate") => {
            arity(ctx, args, 1, 2)?;
            RV::string(super::json::generate(ctx, &args[0], true)?)
        }
        ("IPAddr", "new") => {
            arity(ctx, args, 1, 2)?;
            let s = str_arg(ctx, &args[0])?;
            RV::IpAddr(ipaddr_new(ctx, &s)?)
        }
        (c, "new") if exception_is_a(c, "Exception") => {
            arity(ctx, args, 0, 1)?;
            let msg = match args.first() {
                Some(m) => m.to_s(),
                None => c.to_string(),
            };
            RV::Exception(Rc::new(super::value::Exc { class: Rc::from(c), message: msg, origin: None }))
        }
        ("Math", f @ ("sqrt" | "log" | "log2" | "log10" | "exp" | "sin" | "cos")) => {
            arity(ctx, args, 1, 1)?;
            let x = match &args[0] {
                RV::Int(i) => *i as f64,
                RV::Float(f) => *f,
                other => return ctx.raise("TypeError", format!("can't convert {} into Float", conv_name(other))),
            };
            if (f == "sqrt" || f.starts_with("log")) && x < 0.0 {
                return ctx.raise("Math::DomainError", format!("Numerical argument is out of domain - \"{f}\""));
            }
            RV::Float(match f {
                "sqrt" => x.sqrt(),
                "log" => x.ln(),
                "log2" => x.log2(),
                "log10" => x.log10(),
                "exp" => x.exp(),
                "sin" => x.sin(),
                _ => x.cos(),
            })
        }
        ("File", m) => {
            return ctx.fatal(format!("File.{m} is not supported in templates (it would read the compiling machine's files)"));
        }
        _ => return Ok(None),
    }))
}

// ---------------------------------------------------------------------------
// The template object, Kernel

/// Methods of the template object (Puppet's `TemplateWrapper`).
pub(crate) fn template_responds_to(name: &str) -> bool {
    ["scope", "has_variable?", "file", "classes", "all_tags", "tags", "to_s"].contains(&name)
}

/// A call without a receiver.
pub(crate) fn call_self(ctx: &mut Ctx, name: &str, args: Vec<RV>, block: Option<&BlockRef>, vcall: bool) -> R<RV> {
    call_template(ctx, name, args, block, vcall)
}

fn call_template(ctx: &mut Ctx, name: &str, args: Vec<RV>, block: Option<&BlockRef>, vcall: bool) -> R<RV> {
    Ok(match name {
        "scope" => {
            arity(ctx, &args, 0, 0)?;
            RV::Scope
        }
        "has_variable?" => {
            arity(ctx, &args, 1, 1)?;
            let n = args[0].to_s();
            RV::Bool(ctx.variable(n.strip_prefix("::").unwrap_or(&n)).is_some_and(|v| !matches!(v, RV::Nil)))
        }
        "file" => {
            arity(ctx, &args, 0, 0)?;
            match &ctx.file {
                Some(f) => RV::str(f),
                None => RV::Nil,
            }
        }
        "to_s" => RV::string(format!("template[{}]", ctx.file.as_deref().unwrap_or("inline"))),
        "tags" => return ctx.raise("NotImplementedError", "Call 'all_tags' instead."),
        "classes" | "all_tags" => return ctx.fatal(format!("the template method '{name}' is not supported")),
        // Kernel functions.
        "Array" => {
            arity(ctx, &args, 1, 1)?;
            match &args[0] {
                RV::Array(_) => args[0].clone(),
                RV::Nil => RV::array(vec![]),
                RV::Hash(h) => RV::array(h.borrow().pairs().into_iter().map(|(k, v)| RV::array(vec![k, v])).collect()),
                RV::Range(_) => RV::array(collections::range_items(ctx, &args[0])?),
                other => RV::array(vec![other.clone()]),
            }
        }
        "Integer" => {
            arity(ctx, &args, 1, 2)?;
            let base = match args.get(1) {
                Some(b) => Some(int_arg(ctx, b)? as u32),
                None => None,
            };
            match &args[0] {
                RV::Int(i) => RV::Int(*i),
                RV::Float(f) => RV::Int(int_arg(ctx, &RV::Float(f.trunc()))?),
                RV::Str(s) => {
                    let s = s.borrow().clone();
                    match crate::convert::ruby_integer(&s, base).filter(|_| !s.trim().is_empty()) {
                        Some(i) => RV::Int(i),
                        None => return ctx.raise("ArgumentError", format!("invalid value for Integer(): {}", super::value::inspect_str(&s))),
                    }
                }
                RV::Nil => return ctx.raise("TypeError", "can't convert nil into Integer"),
                other => return ctx.raise("TypeError", format!("can't convert {} into Integer", other.class_name())),
            }
        }
        "Float" => {
            arity(ctx, &args, 1, 1)?;
            match &args[0] {
                RV::Int(i) => RV::Float(*i as f64),
                RV::Float(f) => RV::Float(*f),
                RV::Str(s) => {
                    let s = s.borrow().clone();
                    match crate::convert::ruby_float(&s) {
                        Some(f) => RV::Float(f),
                        None => return ctx.raise("ArgumentError", format!("invalid value for Float(): {}", super::value::inspect_str(&s))),
                    }
                }
                RV::Nil => return ctx.raise("TypeError", "can't convert nil into Float"),
                other => return ctx.raise("TypeError", format!("can't convert {} into Float", other.class_name())),
            }
        }
        "String" => {
            arity(ctx, &args, 1, 1)?;
            RV::string(args[0].to_s())
        }
        "Hash" => {
            arity(ctx, &args, 1, 1)?;
            match &args[0] {
                RV::Hash(_) => args[0].clone(),
                RV::Nil => RV::hash(RHash::default()),
                RV::Array(a) if a.borrow().is_empty() => RV::hash(RHash::default()),
                other => return ctx.raise("TypeError", format!("can't convert {} into Hash", other.class_name())),
            }
        }
        "format" | "sprintf" => {
            if args.is_empty() {
                return ctx.raise("ArgumentError", "too few arguments");
            }
            let fmt = str_arg(ctx, &args[0])?;
            RV::string(strings::format(ctx, &fmt, &args[1..])?)
        }
        "raise" | "fail" => return raise_call(ctx, args),
        "require" => {
            arity(ctx, &args, 1, 1)?;
            let lib = str_arg(ctx, &args[0])?;
            // Libraries Puppet has loaded already: `require` is false.
            if ["json", "ipaddr", "set", "erb", "yaml", "psych"].contains(&lib.as_str()) {
                RV::Bool(false)
            } else {
                return ctx.fatal(format!("require '{lib}' is not supported in templates"));
            }
        }
        "puts" | "print" | "p" | "pp" | "warn" => {
            // Ruby writes these to the process's stdout/stderr, not to the template.
            RV::Nil
        }
        "block_given?" => RV::Bool(false),
        "instance_variables" => {
            arity(ctx, &args, 0, 0)?;
            RV::array(ctx.template_ivar_names().into_iter().map(|n| RV::Sym(n.into())).collect())
        }
        "binding" | "eval" | "lambda" | "proc" | "loop" | "catch" | "throw" | "rand" | "srand" | "sleep" | "exit"
        | "exit!" | "abort" | "system" | "exec" | "spawn" | "open" | "gets" | "at_exit" | "instance_variable_set"
        | "instance_variable_get" | "define_method" | "send" | "public_send" | "load" | "require_relative" | "autoload"
        | "caller" | "fork" | "trap" | "select" | "syscall" | "readlines" | "readline" | "printf" | "putc"
        | "__method__" | "local_variables" | "global_variables" | "debug" | "info" | "notice"
        | "warning" | "err" | "alert" | "emerg" | "crit" => {
            return ctx.fatal(format!("the Ruby method '{name}' is not supported in templates"));
        }
        "nil?" | "is_a?" | "kind_of?" | "respond_to?" | "class" | "inspect" | "frozen?" | "==" | "!=" | "equal?"
        | "instance_of?" | "freeze" | "itself" | "tap" | "then" => {
            return object_method(ctx, &RV::Template, name, args, block);
        }
        _ if super::did_you_mean::ruby_has_method("Puppet::Parser::TemplateWrapper", name) == Some(true)
            || super::did_you_mean::ruby_has_method("Puppet::Parser::TemplateWrapper (private)", name) == Some(true) =>
        {
            return ctx.fatal(format!("the Ruby method '{name}' is not supported in templates"));
        }
        _ => {
            if vcall {
                let d = ctx.describe(&RV::Template);
                return ctx.raise("NameError", format!("undefined local variable or method `{name}' for {d}"));
            }
            return ctx.no_method(&RV::Template, name);
        }
    })
}

/// `raise`, `raise "m"`, `raise Class`, `raise Class, "m"`, `raise exc`.
fn raise_call(ctx: &mut Ctx, args: Vec<RV>) -> R<RV> {
    arity(ctx, &args, 0, 3)?;
    match args.as_slice() {
        [] => ctx.raise("RuntimeError", "unhandled exception"),
        [RV::Str(s)] => {
            let m = s.borrow().clone();
            ctx.raise("RuntimeError", m)
        }
        [RV::Class(c)] if exception_is_a(c, "Exception") => ctx.raise(c, c.to_string()),
        [RV::Class(c), msg, ..] if exception_is_a(c, "Exception") => {
            let m = msg.to_s();
            ctx.raise(c, m)
        }
        [RV::Exception(e)] => Err(Flow::Raise(e.clone(), ctx.line)),
        _ => ctx.raise("TypeError", "exception class/object expected"),
    }
}

// ---------------------------------------------------------------------------
// scope

fn var_name(ctx: &Ctx, v: &RV) -> R<String> {
    match v {
        RV::Str(s) => Ok(s.borrow().clone()),
        other => ctx.raise(
            "Puppet::ParseError",
            format!("Scope variable name {} is a {}, not a string", other.inspect(), other.class_name()),
        ),
    }
}

/// `scope[name]` / `scope.lookupvar(name)`: Puppet's lookup with its
/// warning for unknown variables (`strict=warning`, the default).
fn lookupvar(ctx: &mut Ctx, name: &str) -> R<RV> {
    let key = name.strip_prefix("::").unwrap_or(name);
    if let Some(v) = ctx.variable(key) {
        return Ok(v);
    }
    if !name.contains("::") {
        // Built-in and numeric variables always exist.
        if name.bytes().all(|c| c.is_ascii_digit()) || ["facts", "trusted", "server_facts", "title", "name", "module_name", "caller_module_name"].contains(&name) {
            return Ok(RV::Nil);
        }
        let msg = format!("Undefined variable '{name}'; ");
        ctx.impure();
        ctx.host.warn_once(&format!("undefined_variables:Variable: {name}"), &msg, false);
        return Ok(RV::Nil);
    }
    let (class, leaf) = key.rsplit_once("::").unwrap_or(("", key));
    // Asking whether the class exists may load it: not a plain question.
    ctx.impure();
    let reason = if class.is_empty() {
        String::new()
    } else if !ctx.host.is_defined_name(class) {
        format!("class {class} could not be found")
    } else if !ctx.host.is_defined_resource(&crate::types::Type::class(Some(class))) {
        format!("class {class} has not been evaluated")
    } else {
        String::new()
    };
    let shown = if reason.is_empty() { format!("::{key}") } else { key.to_string() };
    let _ = leaf;
    let msg = format!("Undefined variable '{shown}'; {reason}");
    ctx.host.warn_once(&format!("undefined_variables:Variable: {shown}"), &msg, false);
    Ok(RV::Nil)
}

fn scope_method(ctx: &mut Ctx, name: &str, args: Vec<RV>) -> R<RV> {
    if let Some(f) = name.strip_prefix("function_") {
        // A 3.x function: one Array argument holding the arguments.
        let [RV::Array(a)] = args.as_slice() else {
            return ctx.raise_from(
                "ArgumentError",
                "custom functions must be called with a single array that contains the arguments. For example, function_example([1]) instead of function_example(1)",
                (PUPPET_FUNCTIONS_RB, 219),
            );
        };
        let items = a.borrow().clone();
        if f == "versioncmp" {
            return versioncmp_3x(ctx, &items);
        }
        return call_puppet_function(ctx, f, &items, true);
    }
    Ok(match name {
        "[]" | "lookupvar" => {
            arity(ctx, &args, 1, 2)?;
            let n = var_name(ctx, &args[0])?;
            lookupvar(ctx, &n)?
        }
        "call_function" => {
            arity(ctx, &args, 2, 2)?;
            let f = str_arg(ctx, &args[0])?;
            // Puppet runs `func.call(scope, *args)` for every function its
            // loaders find (4.x, Puppet-language and 3.x ones alike), so a
            // non-Array is splatted as Ruby does (nil: no argument, a Hash:
            // its pairs, a Range: its elements, anything else: itself).
            let items = match &args[1] {
                RV::Array(a) => a.borrow().clone(),
                RV::Nil => vec![],
                RV::Hash(h) => h.borrow().pairs().into_iter().map(|(k, v)| RV::array(vec![k, v])).collect(),
                r @ RV::Range(_) => collections::range_items(ctx, r)?,
                other => vec![other.clone()],
            };
            // A function the loaders do not find may be a 3.x function
            // another file defined, which maps its arguments (a non-Array
            // fails): only Ruby knows.
            if !matches!(args[1], RV::Array(_)) && !ctx.host.has_function(&f) {
                return ctx.fatal(format!("scope.call_function('{f}', ...) with a non-Array argument is not supported in templates"));
            }
            call_puppet_function(ctx, &f, &items, false)?
        }
        "to_hash" => {
            arity(ctx, &args, 0, 2)?;
            let vars = ctx.ask_visible();
            let mut h = RHash::default();
            for (k, v) in vars {
                if v.is_undef() {
                    continue;
                }
                let rv = ctx.variable(&k).unwrap_or_else(|| from_puppet(&v));
                h.insert(RV::string(k), rv);
            }
            RV::hash(h)
        }
        "setvar" | "[]=" => {
            arity(ctx, &args, 2, 3)?;
            let n = var_name(ctx, &args[0])?;
            ctx.set_variable(&n, args[1].clone())?;
            args[1].clone()
        }
        "include?" => {
            arity(ctx, &args, 1, 1)?;
            let n = args[0].to_s();
            RV::Bool(ctx.variable(n.strip_prefix("::").unwrap_or(&n)).is_some_and(|v| !matches!(v, RV::Nil)))
        }
        "exist?" => {
            arity(ctx, &args, 1, 1)?;
            let n = args[0].to_s();
            RV::Bool(ctx.variable(n.strip_prefix("::").unwrap_or(&n)).is_some())
        }
        "to_s" => RV::str("Scope()"),
        "nil?" => RV::Bool(false),
        "is_a?" | "kind_of?" | "respond_to?" | "class" | "==" | "!=" | "equal?" | "frozen?" | "instance_of?" => {
            return object_method(ctx, &RV::Scope, name, args, None);
        }
        _ => return ctx.fatal(format!("the scope method '{name}' is not supported in templates")),
    })
}

// Where Puppet 7.23's Ruby code raises the errors of functions called from
// templates: Puppet's template error reports the first frame of the Ruby
// backtrace, which for these errors is in Puppet's library, not in the
// template.
const PUPPET_LIB: &str = "/usr/lib/ruby/vendor_ruby/puppet";
const PUPPET_FUNCTIONS_RB: &str = "/usr/lib/ruby/vendor_ruby/puppet/parser/functions.rb";
const FAIL_RB: &str = "/usr/lib/ruby/vendor_ruby/puppet/parser/functions/fail.rb";
const TEMPLATE_RB: &str = "/usr/lib/ruby/vendor_ruby/puppet/parser/functions/template.rb";
const TEMPLATEWRAPPER_RB: &str = "/usr/lib/ruby/vendor_ruby/puppet/parser/templatewrapper.rb";
const SCOPE_RB: &str = "/usr/lib/ruby/vendor_ruby/puppet/parser/scope.rb";
const RUNTIME3_SUPPORT_RB: &str = "/usr/lib/ruby/vendor_ruby/puppet/pops/evaluator/runtime3_support.rb";
const DISPATCHER_RB: &str = "/usr/lib/ruby/vendor_ruby/puppet/pops/functions/dispatcher.rb";

const PACKAGE_RB: &str = "/usr/lib/ruby/vendor_ruby/puppet/util/package.rb";

/// `scope.function_versioncmp([a, b])`, the most called function in module
/// templates: Puppet's 3.x function runs `Puppet::Util::Package.versioncmp`
/// on the Ruby values as they are (the 4.x function, which checks its
/// argument types, is not involved), so it is done here, with that code's
/// results and failures (`undefined method `scan'` for a non-String, with
/// the excerpt Ruby's error_highlight appends).
fn versioncmp_3x(ctx: &mut Ctx, args: &[RV]) -> R<RV> {
    if args.len() != 2 {
        return ctx.raise_from(
            "ArgumentError",
            format!("versioncmp(): Wrong number of arguments given ({} for 2)", args.len()),
            (PUPPET_FUNCTIONS_RB, 211),
        );
    }
    let mut parts = Vec::new();
    for (i, a) in args.iter().enumerate() {
        match a {
            RV::Str(s) => parts.push(s.borrow().clone()),
            other => {
                let (var, line) = if i == 0 { ("ax = version_a", 11) } else { ("bx = version_b", 12) };
                let d = describe_recv(other);
                return ctx.raise_from(
                    "NoMethodError",
                    format!("undefined method `scan' for {d}\n\n    {var}.scan(vre)\n                  ^^^^^"),
                    (PACKAGE_RB, line),
                );
            }
        }
    }
    // `scan(/[-.]|\d+|[^-.\d]+/)`, without a regex.
    let scan = crate::functions::strings::version_tokens;
    let (ax, bx) = (scan(&parts[0]), scan(&parts[1]));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    let ord = |o: Ordering| RV::Int(o as i64);
    for (&a, &b) in ax.iter().zip(bx.iter()) {
        if a == b {
            continue;
        }
        if a == "-" {
            return Ok(RV::Int(-1));
        }
        if b == "-" {
            return Ok(RV::Int(1));
        }
        if a == "." {
            return Ok(RV::Int(-1));
        }
        if b == "." {
            return Ok(RV::Int(1));
        }
        if digits(a) && digits(b) {
            if a.starts_with('0') || b.starts_with('0') {
                return Ok(ord(a.to_uppercase().as_bytes().cmp(b.to_uppercase().as_bytes())));
            }
            // Digit runs longer than 64 bits compare by length first, as Bignums do.
            let (ta, tb) = (a.trim_start_matches('0'), b.trim_start_matches('0'));
            return Ok(ord(ta.len().cmp(&tb.len()).then_with(|| ta.cmp(tb))));
        }
        return Ok(ord(a.to_uppercase().as_bytes().cmp(b.to_uppercase().as_bytes())));
    }
    // One list ran out first: `version_a <=> version_b`.
    Ok(ord(parts[0].as_bytes().cmp(parts[1].as_bytes())))
}

/// Calls a Puppet function for the template (`via_3x`: `scope.function_x`).
fn call_puppet_function(ctx: &mut Ctx, name: &str, args: &[RV], via_3x: bool) -> R<RV> {
    let mut pargs = Vec::with_capacity(args.len());
    for a in args {
        pargs.push(ctx.to_puppet(a)?);
    }
    let line = ctx.line;
    ctx.write_back();
    ctx.impure();
    let r = ctx.host.call_function(name, &pargs, None);
    ctx.line = line;
    match r {
        Ok(v) => Ok(from_puppet(&v)),
        Err(Unwind::Error(e)) => {
            // The evaluator words errors of Puppet-language calls as
            // `Error while evaluating a Function Call, <message>`; called
            // from Ruby, Puppet's function raises the bare message.
            let msg = e.message();
            let msg = msg.strip_prefix("Error while evaluating a Function Call, ").unwrap_or(msg).to_string();
            if e.issue() == "UNKNOWN_FUNCTION" {
                if via_3x {
                    let d = ctx.describe(&RV::Scope);
                    let hint = super::did_you_mean::message_for(&super::did_you_mean::method_suggestions(
                        "Puppet::Parser::Scope",
                        &format!("function_{name}"),
                        false,
                    ));
                    return ctx.raise_from("NoMethodError", format!("undefined method `function_{name}' for {d}{hint}"), (SCOPE_RB, 1039));
                }
                return ctx.raise_from("Puppet::ParseError", format!("Unknown function '{name}'"), (RUNTIME3_SUPPORT_RB, 288));
            }
            let origin = match name {
                "fail" => Some((FAIL_RB, 10)),
                "template" if msg.starts_with("Could not find template") => Some((TEMPLATEWRAPPER_RB, 67)),
                "template" => Some((TEMPLATE_RB, 36)),
                _ if msg.starts_with(&format!("'{name}' ")) || msg.starts_with(&format!("The function '{name}' was called")) => {
                    Some((DISPATCHER_RB, 39))
                }
                _ => None,
            };
            let _ = PUPPET_LIB;
            match origin {
                Some(o) => ctx.raise_from("Puppet::ParseError", msg, o),
                None => ctx.raise("Puppet::ParseError", msg),
            }
        }
        Err(_) => ctx.fatal(format!("break/next/return escaped from the function '{name}'")),
    }
}
