//! `String`, `Symbol` and `MatchData` methods, and `Kernel#format`.
//!
//! Strings are UTF-8 and indexed by character, as Ruby indexes UTF-8
//! strings; case mapping is Unicode's, as in Ruby 2.4 and later. Regexps
//! are Oniguruma with Ruby syntax (the engine Ruby itself uses).

use std::rc::Rc;

use super::eval::{BlockRef, Ctx, R};
use super::methods::{arity, compare, conv_name, int_arg, rv_eq, str_arg};
use super::value::{inspect_str, inspect_sym, MatchData, RHash, RRegex, RV};

pub(crate) const STRING_METHODS: &[&str] = &[
    "+", "*", "%", "<=>", "<", ">", "<=", ">=", "=~", "[]", "slice", "length", "size", "bytesize", "empty?",
    "upcase", "downcase", "capitalize", "swapcase", "upcase!", "downcase!", "capitalize!", "swapcase!", "strip",
    "lstrip", "rstrip", "strip!", "lstrip!", "rstrip!", "chomp", "chop", "chomp!", "chop!", "chars", "bytes",
    "lines", "each_char", "each_line", "split", "gsub", "sub", "gsub!", "sub!", "start_with?", "end_with?",
    "include?", "index", "rindex", "match", "match?", "scan", "to_i", "to_f", "to_s", "to_str", "to_sym", "intern",
    "ljust", "rjust", "center", "tr", "delete", "squeeze", "count", "reverse", "reverse!", "<<", "concat", "replace",
    "prepend", "insert", "clear", "ord", "hex", "oct", "partition", "rpartition", "delete_prefix", "delete_suffix",
    "casecmp", "casecmp?", "between?", "force_encoding", "encode", "valid_encoding?", "ascii_only?", "unicode_normalize",
    "tr!", "delete!", "squeeze!", "each_byte", "upto", "succ", "next", "+@", "-@", "dump", "format",
];

pub(crate) const SYMBOL_METHODS: &[&str] = &[
    "to_s", "id2name", "name", "to_sym", "to_proc", "length", "size", "upcase", "downcase", "capitalize", "swapcase",
    "<=>", "[]", "start_with?", "end_with?", "empty?", "succ", "=~", "match", "match?",
];

pub(crate) const MATCH_METHODS: &[&str] = &[
    "[]", "captures", "named_captures", "pre_match", "post_match", "to_a", "to_s", "begin", "end", "offset", "size",
    "length", "names", "values_at", "string",
];

fn s_of(v: &RV) -> String {
    match v {
        RV::Str(s) => s.borrow().clone(),
        RV::Sym(s) => s.to_string(),
        _ => String::new(),
    }
}

/// Fails with Ruby's `FrozenError` when `recv` is a frozen string.
fn check_frozen(ctx: &Ctx, recv: &RV) -> R<()> {
    match recv {
        RV::Str(s) if s.frozen.get() => ctx.raise("FrozenError", format!("can't modify frozen String: {}", inspect_str(&s.borrow()))),
        _ => Ok(()),
    }
}

/// Replaces the contents of a mutable string; returns nil when unchanged
/// (the convention of Ruby's bang methods, which fail on frozen strings
/// even then).
fn bang(ctx: &Ctx, recv: &RV, new: String) -> R<RV> {
    check_frozen(ctx, recv)?;
    if let RV::Str(s) = recv {
        if *s.borrow() == new {
            return Ok(RV::Nil);
        }
        *s.borrow_mut() = new;
    }
    Ok(recv.clone())
}

pub(crate) fn char_len(s: &str) -> usize {
    s.chars().count()
}

/// Byte offset of character index `ci` (None beyond the end).
fn byte_at(s: &str, ci: usize) -> Option<usize> {
    if ci == 0 {
        return Some(0);
    }
    let mut n = 0;
    for (b, _) in s.char_indices() {
        if n == ci {
            return Some(b);
        }
        n += 1;
    }
    if n == ci { Some(s.len()) } else { None }
}

/// A pattern argument: a literal string or a regexp.
enum Pat {
    Lit(String),
    Re(Rc<RRegex>),
}

fn pattern(ctx: &Ctx, v: &RV) -> R<Pat> {
    Ok(match v {
        RV::Regexp(r) => Pat::Re(r.clone()),
        other => Pat::Lit(str_arg(ctx, other)?),
    })
}

/// Matches of a pattern, left to right, without overlaps: (start, end, match data).
fn find_all(text: &str, pat: &Pat, first_only: bool) -> Vec<(usize, usize, Option<MatchData>)> {
    let mut out = Vec::new();
    let mut pos = 0;
    loop {
        let m = match pat {
            Pat::Lit(l) => {
                if l.is_empty() {
                    if pos > text.len() {
                        None
                    } else {
                        Some((pos, pos, None))
                    }
                } else {
                    text[pos..].find(l.as_str()).map(|i| (pos + i, pos + i + l.len(), None))
                }
            }
            Pat::Re(r) => r.match_at(text, pos).map(|m| (m.start(), m.end(), Some(m))),
        };
        let Some((s, e, md)) = m else { break };
        out.push((s, e, md));
        if first_only {
            break;
        }
        pos = if e == s {
            // An empty match: step one character.
            match text[e..].chars().next() {
                Some(c) => e + c.len_utf8(),
                None => text.len() + 1,
            }
        } else {
            e
        };
        if pos > text.len() {
            break;
        }
    }
    out
}

/// Expands `\0`, `\&`, `\1`..`\9`, `\k<name>`, `` \` ``, `\'`, `\\` in a replacement.
fn expand_replacement(rep: &str, text: &str, s: usize, e: usize, md: Option<&MatchData>) -> String {
    let mut out = String::new();
    let mut chars = rep.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some(d @ '0'..='9') => {
                chars.next();
                let i = d as usize - '0' as usize;
                if i == 0 {
                    out.push_str(&text[s..e]);
                } else if let Some(g) = md.and_then(|m| m.group(i)) {
                    out.push_str(g);
                }
            }
            Some('&') => {
                chars.next();
                out.push_str(&text[s..e]);
            }
            Some('`') => {
                chars.next();
                out.push_str(&text[..s]);
            }
            Some('\'') => {
                chars.next();
                out.push_str(&text[e..]);
            }
            Some('\\') => {
                chars.next();
                out.push('\\');
            }
            Some('k') => {
                chars.next();
                if chars.peek() == Some(&'<') {
                    chars.next();
                    let name: String = chars.by_ref().take_while(|c| *c != '>').collect();
                    if let Some(m) = md {
                        if let Some((_, i)) = m.names.iter().find(|(n, _)| *n == name) {
                            out.push_str(m.group(*i).unwrap_or(""));
                        }
                    }
                } else {
                    out.push_str("\\k");
                }
            }
            _ => out.push('\\'),
        }
    }
    out
}

/// `sub`/`gsub` and their bang forms.
fn substitute(ctx: &mut Ctx, text: &str, args: &[RV], block: Option<&BlockRef>, global: bool) -> R<String> {
    if args.is_empty() || args.len() > 2 {
        return arity(ctx, args, 1, 2).map(|_| String::new());
    }
    let pat = pattern(ctx, &args[0])?;
    if args.len() == 1 && block.is_none() {
        return ctx.fatal("gsub/sub without a replacement or block (an Enumerator) is not supported");
    }
    let matches = find_all(text, &pat, !global);
    let mut out = String::new();
    let mut last = 0;
    for (s, e, md) in matches {
        out.push_str(&text[last..s]);
        let rep = match args.get(1) {
            Some(RV::Hash(h)) => {
                let v = h.borrow().get(&RV::str(&text[s..e])).unwrap_or(RV::Nil);
                v.to_s()
            }
            Some(r) => {
                let r = str_arg(ctx, r)?;
                expand_replacement(&r, text, s, e, md.as_ref())
            }
            None => {
                let b = block.expect("checked above");
                let v = ctx.yield_block(b, vec![RV::str(&text[s..e])])?;
                v.to_s()
            }
        };
        out.push_str(&rep);
        last = e;
    }
    out.push_str(&text[last..]);
    Ok(out)
}

/// Ruby's `String#split`.
fn split(ctx: &mut Ctx, text: &str, args: &[RV]) -> R<Vec<String>> {
    arity(ctx, args, 0, 2)?;
    let limit = match args.get(1) {
        Some(l) => int_arg(ctx, l)?,
        None => 0,
    };
    let awk = match args.first() {
        None | Some(RV::Nil) => true,
        Some(RV::Str(s)) => *s.borrow() == " ",
        _ => false,
    };
    let mut out: Vec<String> = Vec::new();
    if text.is_empty() {
        return Ok(out);
    }
    if awk {
        let mut rest = text.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '\0');
        loop {
            if limit > 0 && out.len() as i64 == limit - 1 {
                out.push(rest.to_string());
                break;
            }
            match rest.find(|c: char| c.is_ascii_whitespace() || c == '\0') {
                Some(i) => {
                    out.push(rest[..i].to_string());
                    let after = rest[i..].trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '\0');
                    if after.is_empty() {
                        if limit < 0 {
                            out.push(String::new());
                        }
                        break;
                    }
                    rest = after;
                }
                None => {
                    out.push(rest.to_string());
                    break;
                }
            }
        }
    } else {
        let pat = pattern(ctx, &args[0])?;
        let empty_pat = match &pat {
            Pat::Lit(l) => l.is_empty(),
            Pat::Re(_) => false,
        };
        if empty_pat {
            for c in text.chars() {
                if limit > 0 && out.len() as i64 == limit - 1 {
                    break;
                }
                out.push(c.to_string());
            }
            let consumed: usize = out.iter().map(|s| s.len()).sum();
            if consumed < text.len() {
                out.push(text[consumed..].to_string());
            }
        } else {
            let mut start = 0;
            for (s, e, md) in find_all(text, &pat, false) {
                if limit > 0 && out.len() as i64 == limit - 1 {
                    break;
                }
                if s == e {
                    // An empty regexp match splits between characters (not at the start).
                    if s == 0 || s >= text.len() {
                        continue;
                    }
                }
                out.push(text[start..s].to_string());
                if let Some(m) = &md {
                    for i in 1..m.groups.len() {
                        if let Some(g) = m.group(i) {
                            out.push(g.to_string());
                        }
                    }
                }
                start = e;
            }
            out.push(text[start..].to_string());
        }
    }
    if limit == 0 {
        while out.last().is_some_and(|s| s.is_empty()) {
            out.pop();
        }
    }
    Ok(out)
}

/// Ruby's `String#to_i(base)`: the leading integer, 0 when none.
fn leading_int(s: &str, base: u32) -> i64 {
    let t = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let (neg, mut body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let lower = body.to_ascii_lowercase();
    if (base == 16 && lower.starts_with("0x")) || (base == 2 && lower.starts_with("0b")) || (base == 8 && lower.starts_with("0o")) {
        body = &body[2..];
    }
    let mut v: i64 = 0;
    let mut prev_us = true;
    for c in body.chars() {
        if c == '_' {
            if prev_us {
                break;
            }
            prev_us = true;
            continue;
        }
        let Some(d) = c.to_digit(base) else { break };
        prev_us = false;
        v = v.saturating_mul(base as i64).saturating_add(d as i64);
    }
    if neg { -v } else { v }
}

/// Ruby's `String#to_f`: the leading float, 0.0 when none.
fn leading_float(s: &str) -> f64 {
    let t = s.trim_start();
    let b = t.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let st = *i;
        while *i < b.len() && (b[*i].is_ascii_digit() || (b[*i] == b'_' && *i > st && b.get(*i + 1).is_some_and(|c| c.is_ascii_digit()))) {
            *i += 1;
        }
        *i > st
    };
    if !digits(&mut i) {
        return 0.0;
    }
    if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
        i += 1;
        digits(&mut i);
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            i = j;
            digits(&mut i);
        }
    }
    t[..i].replace('_', "").parse().unwrap_or(0.0)
}

/// Expands a `tr`/`delete`/`count` character set (`a-z`, `^` negation).
fn char_set(spec: &str) -> (Vec<char>, bool) {
    let cs: Vec<char> = spec.chars().collect();
    let (neg, start) = if cs.len() > 1 && cs[0] == '^' { (true, 1) } else { (false, 0) };
    let mut out = Vec::new();
    let mut i = start;
    while i < cs.len() {
        if cs[i] == '\\' && i + 1 < cs.len() {
            out.push(cs[i + 1]);
            i += 2;
            continue;
        }
        if i + 2 < cs.len() && cs[i + 1] == '-' {
            let (a, b) = (cs[i] as u32, cs[i + 2] as u32);
            for c in a..=b {
                if let Some(ch) = char::from_u32(c) {
                    out.push(ch);
                }
            }
            i += 3;
            continue;
        }
        out.push(cs[i]);
        i += 1;
    }
    (out, neg)
}

fn in_sets(c: char, sets: &[(Vec<char>, bool)]) -> bool {
    sets.iter().all(|(set, neg)| set.contains(&c) != *neg)
}

/// `String#tr` with a non-empty replacement set (the last replacement
/// character repeats; a negated set maps everything else to it).
fn tr(text: &str, from: &str, to: &str) -> String {
    let (fset, neg) = char_set(from);
    let (tset, _) = char_set(to);
    let last = tset.last().copied();
    text.chars()
        .map(|c| {
            if neg {
                if fset.contains(&c) { c } else { last.unwrap_or(c) }
            } else {
                match fset.iter().position(|x| *x == c) {
                    Some(i) => tset.get(i).copied().or(last).unwrap_or(c),
                    None => c,
                }
            }
        })
        .collect()
}

fn capitalize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    if let Some(c) = chars.next() {
        out.extend(c.to_uppercase());
        for c in chars {
            out.extend(c.to_lowercase());
        }
    }
    out
}

fn swapcase(s: &str) -> String {
    s.chars()
        .flat_map(|c| if c.is_uppercase() { c.to_lowercase().collect::<Vec<_>>() } else { c.to_uppercase().collect() })
        .collect()
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

fn chomp(s: &str, arg: Option<&str>) -> String {
    match arg {
        None => {
            if let Some(t) = s.strip_suffix("\r\n") {
                t.to_string()
            } else if let Some(t) = s.strip_suffix('\n').or_else(|| s.strip_suffix('\r')) {
                t.to_string()
            } else {
                s.to_string()
            }
        }
        Some("") => s.trim_end_matches("\r\n").trim_end_matches('\n').to_string(),
        Some("\n") => chomp(s, None),
        Some(suf) => s.strip_suffix(suf).unwrap_or(s).to_string(),
    }
}

fn pad(ctx: &Ctx, s: &str, args: &[RV], how: char) -> R<String> {
    arity(ctx, args, 1, 2)?;
    let width = int_arg(ctx, &args[0])?;
    let padstr = match args.get(1) {
        Some(p) => str_arg(ctx, p)?,
        None => " ".into(),
    };
    if padstr.is_empty() {
        return ctx.raise("ArgumentError", "zero width padding");
    }
    let len = char_len(s) as i64;
    if width <= len {
        return Ok(s.to_string());
    }
    let total = (width - len) as usize;
    let make = |n: usize| padstr.chars().cycle().take(n).collect::<String>();
    Ok(match how {
        'l' => format!("{s}{}", make(total)),
        'r' => format!("{}{s}", make(total)),
        _ => {
            let left = total / 2;
            format!("{}{s}{}", make(left), make(total - left))
        }
    })
}

/// `str[...]` / `str.slice(...)`.
fn index(ctx: &mut Ctx, s: &str, args: &[RV]) -> R<RV> {
    arity(ctx, args, 1, 2)?;
    let n = char_len(s) as i64;
    let substr = |start: i64, len: i64| -> RV {
        let start = if start < 0 { start + n } else { start };
        if start < 0 || start > n || len < 0 {
            return RV::Nil;
        }
        let len = len.min(n - start);
        let chars: String = s.chars().skip(start as usize).take(len as usize).collect();
        RV::string(chars)
    };
    Ok(match (&args[0], args.get(1)) {
        (RV::Int(i), None) => {
            let i = if *i < 0 { *i + n } else { *i };
            if i < 0 || i >= n {
                RV::Nil
            } else {
                RV::string(s.chars().nth(i as usize).map(String::from).unwrap_or_default())
            }
        }
        (RV::Int(i), Some(l)) => {
            let l = int_arg(ctx, l)?;
            substr(*i, l)
        }
        (RV::Range(r), None) => {
            let (a, b, excl) = (&r.0, &r.1, r.2);
            let a = if matches!(a, RV::Nil) { 0 } else { int_arg(ctx, a)? };
            let b = if matches!(b, RV::Nil) { -1 } else { int_arg(ctx, b)? };
            let start = if a < 0 { a + n } else { a };
            let mut end = if b < 0 { b + n } else { b };
            if !excl || matches!(r.1, RV::Nil) {
                end += 1;
            }
            if start < 0 || start > n {
                RV::Nil
            } else {
                substr(start, (end - start).max(0))
            }
        }
        (RV::Str(sub), None) => {
            let sub = sub.borrow().clone();
            if s.contains(sub.as_str()) { RV::string(sub) } else { RV::Nil }
        }
        (RV::Regexp(r), cap) => match r.match_at(s, 0) {
            None => RV::Nil,
            Some(m) => {
                let i = match cap {
                    Some(c) => int_arg(ctx, c)? as usize,
                    None => 0,
                };
                m.group(i).map_or(RV::Nil, RV::str)
            }
        },
        (other, _) => return ctx.raise("TypeError", format!("no implicit conversion of {} into Integer", conv_name(other))),
    })
}

/// `Kernel#format` on Ruby values.
pub(crate) fn format(ctx: &mut Ctx, fmt: &str, args: &[RV]) -> R<String> {
    let mut pargs = Vec::with_capacity(args.len());
    for a in args {
        pargs.push(ctx.to_puppet(a)?);
    }
    match crate::string_format::kernel_format(fmt, &pargs) {
        Ok(s) => Ok(s),
        Err(e) => ctx.raise("ArgumentError", e.message().to_string()),
    }
}

/// String and Symbol methods; None when the class does not define `name`.
pub(crate) fn call(ctx: &mut Ctx, recv: &RV, name: &str, args: &[RV], block: Option<&BlockRef>) -> R<Option<RV>> {
    if let RV::Sym(sym) = recv {
        return symbol(ctx, sym, name, args, block);
    }
    const NO_ARGS: &[&str] = &[
        "length", "size", "bytesize", "empty?", "to_s", "to_str", "inspect", "dump", "to_sym", "intern", "to_f", "hex",
        "oct", "ord", "strip", "lstrip", "rstrip", "strip!", "lstrip!", "rstrip!", "chop", "chop!", "chars", "bytes",
        "reverse", "reverse!", "clear", "frozen?", "freeze", "+@", "-@", "valid_encoding?", "ascii_only?",
    ];
    if NO_ARGS.contains(&name) {
        arity(ctx, args, 0, 0)?;
    }
    let s = s_of(recv);
    Ok(Some(match name {
        "length" | "size" => RV::Int(char_len(&s) as i64),
        "bytesize" => RV::Int(s.len() as i64),
        "empty?" => RV::Bool(s.is_empty()),
        "to_s" | "to_str" => recv.clone(),
        "frozen?" => RV::Bool(matches!(recv, RV::Str(st) if st.frozen.get())),
        "freeze" => {
            if let RV::Str(st) = recv {
                st.frozen.set(true);
            }
            recv.clone()
        }
        "+@" => {
            if matches!(recv, RV::Str(st) if st.frozen.get()) { RV::string(s.clone()) } else { recv.clone() }
        }
        "inspect" | "dump" => RV::string(inspect_str(&s)),
        "to_sym" | "intern" => RV::sym(&s),
        "to_i" => {
            arity(ctx, args, 0, 1)?;
            let base = match args.first() {
                Some(b) => int_arg(ctx, b)?,
                None => 10,
            };
            if !(2..=36).contains(&base) {
                return ctx.raise("ArgumentError", format!("invalid radix {base}"));
            }
            RV::Int(leading_int(&s, base as u32))
        }
        "to_f" => RV::Float(leading_float(&s)),
        "hex" => RV::Int(leading_int(&s, 16)),
        "oct" => RV::Int(leading_int(&s, 8)),
        "ord" => match s.chars().next() {
            Some(c) => RV::Int(c as i64),
            None => return ctx.raise("ArgumentError", "empty string"),
        },
        "upcase" => RV::string(s.to_uppercase()),
        "downcase" => RV::string(s.to_lowercase()),
        "capitalize" => RV::string(capitalize(&s)),
        "swapcase" => RV::string(swapcase(&s)),
        "upcase!" => bang(ctx, recv, s.to_uppercase())?,
        "downcase!" => bang(ctx, recv, s.to_lowercase())?,
        "capitalize!" => bang(ctx, recv, capitalize(&s))?,
        "swapcase!" => bang(ctx, recv, swapcase(&s))?,
        "strip" => RV::string(s.trim_start_matches(is_space).trim_end_matches(|c| is_space(c) || c == '\0').to_string()),
        "lstrip" => RV::string(s.trim_start_matches(is_space).to_string()),
        "rstrip" => RV::string(s.trim_end_matches(|c| is_space(c) || c == '\0').to_string()),
        "strip!" => bang(ctx, recv, s.trim_start_matches(is_space).trim_end_matches(|c| is_space(c) || c == '\0').to_string())?,
        "lstrip!" => bang(ctx, recv, s.trim_start_matches(is_space).to_string())?,
        "rstrip!" => bang(ctx, recv, s.trim_end_matches(|c| is_space(c) || c == '\0').to_string())?,
        "chomp" | "chomp!" => {
            arity(ctx, args, 0, 1)?;
            let a = match args.first() {
                Some(RV::Nil) => return Ok(Some(recv.clone())),
                Some(a) => Some(str_arg(ctx, a)?),
                None => None,
            };
            let r = chomp(&s, a.as_deref());
            if name == "chomp!" { bang(ctx, recv, r)? } else { RV::string(r) }
        }
        "chop" | "chop!" => {
            let r = if s.ends_with("\r\n") {
                s[..s.len() - 2].to_string()
            } else {
                let mut t = s.clone();
                t.pop();
                t
            };
            if name == "chop!" { bang(ctx, recv, r)? } else { RV::string(r) }
        }
        "chars" | "each_char" => {
            let items: Vec<RV> = s.chars().map(|c| RV::string(c.to_string())).collect();
            if let Some(b) = block {
                for i in items {
                    ctx.yield_block(b, vec![i])?;
                }
                recv.clone()
            } else {
                RV::array(items)
            }
        }
        "bytes" => RV::array(s.bytes().map(|b| RV::Int(b as i64)).collect()),
        "lines" | "each_line" => {
            arity(ctx, args, 0, 1)?;
            let sep = match args.first() {
                Some(a) => str_arg(ctx, a)?,
                None => "\n".into(),
            };
            let mut items = Vec::new();
            let mut rest = s.as_str();
            while !rest.is_empty() {
                match rest.find(sep.as_str()).filter(|_| !sep.is_empty()) {
                    Some(i) => {
                        items.push(RV::str(&rest[..i + sep.len()]));
                        rest = &rest[i + sep.len()..];
                    }
                    None => {
                        items.push(RV::str(rest));
                        break;
                    }
                }
            }
            if let Some(b) = block {
                for i in items {
                    ctx.yield_block(b, vec![i])?;
                }
                recv.clone()
            } else {
                RV::array(items)
            }
        }
        "split" => {
            let parts = split(ctx, &s, args)?;
            let items: Vec<RV> = parts.into_iter().map(RV::string).collect();
            if let Some(b) = block {
                for i in items {
                    ctx.yield_block(b, vec![i])?;
                }
                recv.clone()
            } else {
                RV::array(items)
            }
        }
        "gsub" | "sub" => RV::string(substitute(ctx, &s, args, block, name == "gsub")?),
        "gsub!" | "sub!" => {
            let r = substitute(ctx, &s, args, block, name == "gsub!")?;
            bang(ctx, recv, r)?
        }
        "tr" | "tr!" => {
            arity(ctx, args, 2, 2)?;
            let (from, to) = (str_arg(ctx, &args[0])?, str_arg(ctx, &args[1])?);
            let r = if to.is_empty() { delete_chars(&s, &[char_set(&from)]) } else { tr(&s, &from, &to) };
            if name == "tr!" { bang(ctx, recv, r)? } else { RV::string(r) }
        }
        "delete" | "delete!" => {
            arity(ctx, args, 1, usize::MAX)?;
            let mut sets = Vec::new();
            for a in args {
                sets.push(char_set(&str_arg(ctx, a)?));
            }
            let r = delete_chars(&s, &sets);
            if name == "delete!" { bang(ctx, recv, r)? } else { RV::string(r) }
        }
        "squeeze" | "squeeze!" => {
            let mut sets = Vec::new();
            for a in args {
                sets.push(char_set(&str_arg(ctx, a)?));
            }
            let mut out = String::new();
            let mut prev: Option<char> = None;
            for c in s.chars() {
                if prev == Some(c) && (sets.is_empty() || in_sets(c, &sets)) {
                    continue;
                }
                out.push(c);
                prev = Some(c);
            }
            if name == "squeeze!" { bang(ctx, recv, out)? } else { RV::string(out) }
        }
        "count" => {
            arity(ctx, args, 1, usize::MAX)?;
            let mut sets = Vec::new();
            for a in args {
                sets.push(char_set(&str_arg(ctx, a)?));
            }
            RV::Int(s.chars().filter(|c| in_sets(*c, &sets)).count() as i64)
        }
        "reverse" => RV::string(s.chars().rev().collect()),
        "reverse!" => bang(ctx, recv, s.chars().rev().collect())?,
        "start_with?" => {
            for a in args {
                let hit = match a {
                    RV::Regexp(r) => r.match_at(&s, 0).is_some_and(|m| m.start() == 0),
                    other => s.starts_with(str_arg(ctx, other)?.as_str()),
                };
                if hit {
                    return Ok(Some(RV::Bool(true)));
                }
            }
            RV::Bool(false)
        }
        "end_with?" => {
            for a in args {
                if s.ends_with(str_arg(ctx, a)?.as_str()) {
                    return Ok(Some(RV::Bool(true)));
                }
            }
            RV::Bool(false)
        }
        "delete_prefix" => {
            arity(ctx, args, 1, 1)?;
            let p = str_arg(ctx, &args[0])?;
            RV::string(s.strip_prefix(p.as_str()).unwrap_or(&s).to_string())
        }
        "delete_suffix" => {
            arity(ctx, args, 1, 1)?;
            let p = str_arg(ctx, &args[0])?;
            RV::string(s.strip_suffix(p.as_str()).unwrap_or(&s).to_string())
        }
        "include?" => {
            arity(ctx, args, 1, 1)?;
            let sub = str_arg(ctx, &args[0])?;
            RV::Bool(s.contains(sub.as_str()))
        }
        "index" | "rindex" => {
            arity(ctx, args, 1, 2)?;
            let pat = pattern(ctx, &args[0])?;
            let n = char_len(&s) as i64;
            let start = match args.get(1) {
                Some(v) => {
                    let i = int_arg(ctx, v)?;
                    if i < 0 { i + n } else { i }
                }
                None => if name == "index" { 0 } else { n },
            };
            if start < 0 || start > n {
                return Ok(Some(RV::Nil));
            }
            let found = if name == "index" {
                let b = byte_at(&s, start as usize).unwrap_or(s.len());
                match &pat {
                    Pat::Lit(l) => s[b..].find(l.as_str()).map(|i| b + i),
                    Pat::Re(r) => r.match_at(&s, b).map(|m| m.start()),
                }
            } else {
                let limit = byte_at(&s, start as usize).unwrap_or(s.len());
                let all = find_all(&s, &pat, false);
                match &pat {
                    Pat::Lit(l) => {
                        let mut best = None;
                        let mut from = 0;
                        while let Some(i) = s[from..].find(l.as_str()) {
                            if from + i > limit {
                                break;
                            }
                            best = Some(from + i);
                            from += i + s[from + i..].chars().next().map_or(1, |c| c.len_utf8());
                            if from > s.len() {
                                break;
                            }
                        }
                        best
                    }
                    Pat::Re(_) => all.into_iter().map(|m| m.0).filter(|b| *b <= limit).last(),
                }
            };
            match found {
                Some(b) => RV::Int(char_len(&s[..b]) as i64),
                None => RV::Nil,
            }
        }
        "match" | "match?" | "=~" => {
            arity(ctx, args, 1, 2)?;
            let re = match &args[0] {
                RV::Regexp(r) => r.clone(),
                RV::Str(p) if name != "=~" => match RRegex::new(&p.borrow(), "") {
                    Ok(r) => r,
                    Err(e) => return ctx.raise("RegexpError", e),
                },
                RV::Str(_) => return ctx.raise("TypeError", "wrong argument type String (expected Regexp)"),
                other => return ctx.raise("TypeError", format!("wrong argument type {} (expected Regexp)", other.class_name())),
            };
            let m = re.match_at(&s, 0).map(Rc::new);
            if name != "match?" {
                ctx.last_match = m.clone();
            }
            match (name, m) {
                ("match?", m) => RV::Bool(m.is_some()),
                (_, None) => RV::Nil,
                ("=~", Some(m)) => RV::Int(char_len(&s[..m.start()]) as i64),
                (_, Some(m)) => RV::Match(m),
            }
        }
        "scan" => {
            arity(ctx, args, 1, 1)?;
            let pat = pattern(ctx, &args[0])?;
            let mut items = Vec::new();
            for (st, e, md) in find_all(&s, &pat, false) {
                let item = match &md {
                    Some(m) if m.groups.len() > 1 => RV::array((1..m.groups.len()).map(|i| m.group(i).map_or(RV::Nil, RV::str)).collect()),
                    _ => RV::str(&s[st..e]),
                };
                items.push(item);
            }
            if let Some(b) = block {
                for i in items {
                    ctx.yield_block(b, vec![i])?;
                }
                recv.clone()
            } else {
                RV::array(items)
            }
        }
        "ljust" => RV::string(pad(ctx, &s, args, 'l')?),
        "rjust" => RV::string(pad(ctx, &s, args, 'r')?),
        "center" => RV::string(pad(ctx, &s, args, 'c')?),
        "[]" | "slice" => index(ctx, &s, args)?,
        "+" => {
            arity(ctx, args, 1, 1)?;
            let o = str_arg(ctx, &args[0])?;
            RV::string(s + &o)
        }
        "*" => {
            arity(ctx, args, 1, 1)?;
            let n = int_arg(ctx, &args[0])?;
            if n < 0 {
                return ctx.raise("ArgumentError", "negative argument");
            }
            if (s.len() as u128) * (n as u128) > (1u128 << 31) {
                return ctx.raise("ArgumentError", "argument too big");
            }
            RV::string(s.repeat(n as usize))
        }
        "%" => {
            arity(ctx, args, 1, 1)?;
            let items = match &args[0] {
                RV::Array(a) => a.borrow().clone(),
                other => vec![other.clone()],
            };
            RV::string(format(ctx, &s, &items)?)
        }
        "<<" | "concat" => {
            check_frozen(ctx, recv)?;
            for a in args {
                let add = match a {
                    RV::Int(i) => match u32::try_from(*i).ok().and_then(char::from_u32) {
                        Some(c) => c.to_string(),
                        None => return ctx.raise("RangeError", format!("{i} out of char range")),
                    },
                    other => str_arg(ctx, other)?,
                };
                if let RV::Str(st) = recv {
                    st.borrow_mut().push_str(&add);
                }
            }
            recv.clone()
        }
        "prepend" => {
            check_frozen(ctx, recv)?;
            let mut pre = String::new();
            for a in args {
                pre.push_str(&str_arg(ctx, a)?);
            }
            if let RV::Str(st) = recv {
                st.borrow_mut().insert_str(0, &pre);
            }
            recv.clone()
        }
        "insert" => {
            check_frozen(ctx, recv)?;
            arity(ctx, args, 2, 2)?;
            let i = int_arg(ctx, &args[0])?;
            let add = str_arg(ctx, &args[1])?;
            let n = char_len(&s) as i64;
            let pos = if i < 0 { i + n + 1 } else { i };
            if pos < 0 || pos > n {
                return ctx.raise("IndexError", format!("index {i} out of string"));
            }
            let b = byte_at(&s, pos as usize).unwrap_or(s.len());
            if let RV::Str(st) = recv {
                st.borrow_mut().insert_str(b, &add);
            }
            recv.clone()
        }
        "replace" => {
            check_frozen(ctx, recv)?;
            arity(ctx, args, 1, 1)?;
            let new = str_arg(ctx, &args[0])?;
            if let RV::Str(st) = recv {
                *st.borrow_mut() = new;
            }
            recv.clone()
        }
        "clear" => {
            check_frozen(ctx, recv)?;
            if let RV::Str(st) = recv {
                st.borrow_mut().clear();
            }
            recv.clone()
        }
        "partition" | "rpartition" => {
            arity(ctx, args, 1, 1)?;
            let pat = pattern(ctx, &args[0])?;
            let all = find_all(&s, &pat, name == "partition");
            let m = if name == "partition" { all.first() } else { all.last() };
            match m {
                Some((st, e, _)) => RV::array(vec![RV::str(&s[..*st]), RV::str(&s[*st..*e]), RV::str(&s[*e..])]),
                None if name == "partition" => RV::array(vec![RV::str(&s), RV::str(""), RV::str("")]),
                None => RV::array(vec![RV::str(""), RV::str(""), RV::str(&s)]),
            }
        }
        "casecmp" | "casecmp?" => {
            arity(ctx, args, 1, 1)?;
            let RV::Str(o) = &args[0] else {
                if name == "casecmp?" || matches!(args[0], RV::Nil) {
                    return ctx.raise("TypeError", format!("no implicit conversion of {} into String", conv_name(&args[0])));
                }
                return Ok(Some(RV::Nil));
            };
            let (a, b) = (s.to_lowercase(), o.borrow().to_lowercase());
            if name == "casecmp?" {
                RV::Bool(a == b)
            } else {
                RV::Int(s.to_ascii_lowercase().as_bytes().cmp(o.borrow().to_ascii_lowercase().as_bytes()) as i64)
            }
        }
        "<=>" => {
            arity(ctx, args, 1, 1)?;
            match &args[0] {
                RV::Str(o) => RV::Int(s.as_bytes().cmp(o.borrow().as_bytes()) as i64),
                _ => RV::Nil,
            }
        }
        "<" | ">" | "<=" | ">=" => {
            arity(ctx, args, 1, 1)?;
            let o = compare(ctx, recv, &args[0])?;
            RV::Bool(match name {
                "<" => o.is_lt(),
                ">" => o.is_gt(),
                "<=" => o.is_le(),
                _ => o.is_ge(),
            })
        }
        "between?" => {
            arity(ctx, args, 2, 2)?;
            RV::Bool(compare(ctx, recv, &args[0])?.is_ge() && compare(ctx, recv, &args[1])?.is_le())
        }
        "==" | "eql?" | "===" => {
            arity(ctx, args, 1, 1)?;
            RV::Bool(rv_eq(recv, &args[0]) && matches!(args[0], RV::Str(_)))
        }
        "force_encoding" | "encode" | "unicode_normalize" | "scrub" | "b" => recv.clone(),
        "valid_encoding?" => RV::Bool(true),
        "ascii_only?" => RV::Bool(s.is_ascii()),
        "encoding" => return ctx.fatal("String#encoding is not supported"),
        "-@" => RV::frozen_str(&s),
        "each_byte" | "upto" | "succ" | "next" | "unpack" | "unpack1" | "crypt" | "sum" | "tr_s" | "each_grapheme_cluster" => {
            return ctx.fatal(format!("String#{name} is not supported in templates"));
        }
        _ => return Ok(None),
    }))
}

fn delete_chars(s: &str, sets: &[(Vec<char>, bool)]) -> String {
    s.chars().filter(|c| !in_sets(*c, sets)).collect()
}

fn symbol(ctx: &mut Ctx, sym: &Rc<str>, name: &str, args: &[RV], _block: Option<&BlockRef>) -> R<Option<RV>> {
    Ok(Some(match name {
        "to_s" | "id2name" | "name" => RV::str(sym),
        "to_sym" => RV::Sym(sym.clone()),
        "inspect" => RV::string(inspect_sym(sym)),
        "length" | "size" => RV::Int(char_len(sym) as i64),
        "empty?" => RV::Bool(sym.is_empty()),
        "upcase" => RV::sym(&sym.to_uppercase()),
        "downcase" => RV::sym(&sym.to_lowercase()),
        "capitalize" => RV::sym(&capitalize(sym)),
        "swapcase" => RV::sym(&swapcase(sym)),
        "<=>" => {
            arity(ctx, args, 1, 1)?;
            match &args[0] {
                RV::Sym(o) => RV::Int(sym.as_bytes().cmp(o.as_bytes()) as i64),
                _ => RV::Nil,
            }
        }
        "[]" => index(ctx, sym, args)?,
        "start_with?" | "end_with?" | "=~" | "match" | "match?" => {
            return call(ctx, &RV::str(sym), name, args, None);
        }
        "to_proc" => return ctx.fatal("Symbol#to_proc outside of &:name is not supported"),
        _ => return Ok(None),
    }))
}

/// MatchData methods.
pub(crate) fn match_method(ctx: &mut Ctx, m: &Rc<MatchData>, name: &str, args: &[RV]) -> R<Option<RV>> {
    let group = |i: usize| m.group(i).map_or(RV::Nil, RV::str);
    Ok(Some(match name {
        "[]" => {
            arity(ctx, args, 1, 2)?;
            match (&args[0], args.get(1)) {
                (RV::Int(i), None) => {
                    let n = m.groups.len() as i64;
                    let i = if *i < 0 { *i + n } else { *i };
                    if i < 0 || i >= n { RV::Nil } else { group(i as usize) }
                }
                (RV::Str(_) | RV::Sym(_), None) => {
                    let key = args[0].to_s();
                    match m.names.iter().find(|(n, _)| *n == key) {
                        Some((_, i)) => group(*i),
                        None => return ctx.raise("IndexError", format!("undefined group name reference: {key}")),
                    }
                }
                _ => {
                    let all: Vec<RV> = (0..m.groups.len()).map(group).collect();
                    return super::collections::array(ctx, &RV::array(all), "[]", args, None);
                }
            }
        }
        "captures" => RV::array((1..m.groups.len()).map(group).collect()),
        "named_captures" => {
            let mut h = RHash::default();
            for (n, i) in &m.names {
                h.insert(RV::str(n), group(*i));
            }
            RV::hash(h)
        }
        "names" => RV::array(m.names.iter().map(|(n, _)| RV::str(n)).collect()),
        "to_a" => RV::array((0..m.groups.len()).map(group).collect()),
        "to_s" => group(0),
        "pre_match" => RV::str(&m.text[..m.start()]),
        "post_match" => RV::str(&m.text[m.end()..]),
        "string" => RV::str(&m.text),
        "size" | "length" => RV::Int(m.groups.len() as i64),
        "begin" | "end" | "offset" => {
            arity(ctx, args, 1, 1)?;
            let i = int_arg(ctx, &args[0])? as usize;
            match m.groups.get(i).copied().flatten() {
                None => RV::Nil,
                Some((s, e)) => {
                    let (cs, ce) = (char_len(&m.text[..s]) as i64, char_len(&m.text[..e]) as i64);
                    match name {
                        "begin" => RV::Int(cs),
                        "end" => RV::Int(ce),
                        _ => RV::array(vec![RV::Int(cs), RV::Int(ce)]),
                    }
                }
            }
        }
        "values_at" => {
            let mut out = Vec::new();
            for a in args {
                let i = int_arg(ctx, a)?;
                out.push(if i >= 0 { group(i as usize) } else { RV::Nil });
            }
            RV::array(out)
        }
        _ => return Ok(None),
    }))
}
