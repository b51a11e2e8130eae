//! The IR text form (`pjit compile --emit=ir`): stable, diffable, and read
//! back by [`crate::parse`].
//!
//! ```text
//! function fn0 main "main" @1:1
//! block0:
//!     v0: int = const 1 @1:6
//!     setvar $x, v0 @1:1
//!     v1: any = call notice(v0) @2:1
//!     return v1 @1:1
//! ```
//!
//! Constants print as Puppet literals (`%p` format, strings quoted so that
//! they read back unchanged); names print as `$name` for variables and bare
//! for functions and types; every instruction ends with its source position
//! (`@line:col`, or `@file:line:col` outside file 0), and binary operators
//! that record their operands' positions add them: `@4:6 (@4:1, @4:11)`.
//! Puppet-level parameters and definitions carry their positions too; the
//! definitions table ends with the source file names (`file 0 'x.pp'`).

use std::fmt::Write as _;

use pjit_runtime::Value;

use crate::ir::*;

/// Prints every function of the program, in id order, and then its
/// definitions table.
pub fn print_program(p: &Program) -> String {
    let mut out = String::new();
    for (id, f) in p.funcs.iter() {
        print_function_into(&mut out, p, id, f);
        out.push('\n');
    }
    if let Some(m) = p.main {
        let _ = writeln!(out, "main {m}");
    }
    for (k, c) in &p.classes {
        let _ = write!(out, "class {k} = {}", c.body);
        if let Some(parent) = &c.parent {
            let _ = write!(out, " inherits {parent}");
        }
        if c.name != *k {
            let _ = write!(out, " named {}", quote(&c.name));
        }
        let _ = writeln!(out, " @{}", loc(c.loc));
    }
    for (k, f) in &p.defines {
        let _ = writeln!(out, "define {k} = {f}");
    }
    for (k, f) in &p.functions {
        let _ = writeln!(out, "puppet_function {k} = {f}");
    }
    for (k, (f, l)) in &p.type_aliases {
        let _ = writeln!(out, "type_alias {k} = {f} @{}", loc(*l));
    }
    for n in &p.nodes {
        let ms: Vec<String> = n
            .matches
            .iter()
            .map(|m| match m {
                NodeMatch::Name(s) => quote(s),
                NodeMatch::Regex(r) => delimit_regex(r),
                NodeMatch::Default => "default".into(),
            })
            .collect();
        let _ = write!(out, "node {} = {}", ms.join(", "), n.body);
        if let Some(parent) = &n.parent {
            let _ = write!(out, " inherits {}", quote(parent));
        }
        let _ = writeln!(out, " @{}", loc(n.loc));
    }
    for (msg, l) in &p.redefinitions {
        match l {
            Some(l) => {
                let _ = writeln!(out, "redefinition {} @{}", quote(msg), loc(*l));
            }
            None => {
                let _ = writeln!(out, "redefinition {}", quote(msg));
            }
        }
    }
    for (i, name) in p.files.iter().enumerate() {
        let _ = writeln!(out, "file {i} {}", quote(name));
    }
    out
}

/// A source position as printed after `@`: `line:col`, with the file
/// index first (`file:line:col`) when it is not file 0.
pub fn loc(l: Loc) -> String {
    if l.file == 0 { format!("{}:{}", l.line, l.col) } else { format!("{}:{}:{}", l.file, l.line, l.col) }
}

/// A regexp source between slashes, unescaped slashes escaped (Ruby's
/// `Regexp#inspect`, what `%p` prints for a Regexp value).
pub fn delimit_regex(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 2);
    out.push('/');
    let mut escaped = false;
    for c in source.chars() {
        if c == '/' && !escaped {
            out.push('\\');
        }
        escaped = c == '\\' && !escaped;
        out.push(c);
    }
    out.push('/');
    out
}

pub fn print_function(p: &Program, id: FuncId) -> String {
    let mut out = String::new();
    print_function_into(&mut out, p, id, &p.funcs[id]);
    out
}

/// A string as a Puppet literal: single-quoted like `%p`, unless that
/// would not read back as the same string (a backslash before a backslash,
/// before a quote, or at the end), then double-quoted with escapes.
pub fn quote(s: &str) -> String {
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), None | Some('\\' | '\'')) {
            return pjit_runtime::display::puppet_double_quote(s);
        }
    }
    pjit_runtime::display::puppet_quote(s)
}

/// A constant as a Puppet literal.
pub fn literal(v: &Value) -> String {
    match v {
        Value::Undef => "undef".into(),
        Value::Default => "default".into(),
        Value::String(s) => quote(s),
        Value::Array(a) => format!("[{}]", a.iter().map(literal).collect::<Vec<_>>().join(", ")),
        Value::Hash(h) => {
            let pairs: Vec<String> = h.iter().map(|(k, v)| format!("{} => {}", literal(k), literal(v))).collect();
            format!("{{{}}}", pairs.join(", "))
        }
        _ => pjit_runtime::string_format::string_convert(v, Some(&Value::string("%p")))
            .unwrap_or_else(|_| pjit_runtime::display::to_interpolated_string(v)),
    }
}

fn print_function_into(out: &mut String, p: &Program, id: FuncId, f: &Function) {
    let _ = write!(out, "function {id} {} {}", f.kind.name(), quote(&f.name));
    if !f.params.is_empty() {
        out.push_str(" (");
        for (i, prm) in f.params.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            if prm.captures_rest {
                out.push('*');
            }
            let _ = write!(out, "${}", p.name(prm.name));
            if let Some(t) = prm.ty {
                let _ = write!(out, " type {t}");
            }
            if let Some(d) = prm.default {
                let _ = write!(out, " default {d}");
            }
            let _ = write!(out, " @{}", loc(prm.loc));
        }
        out.push(')');
    }
    if let Some(r) = f.return_type {
        let _ = write!(out, " returns {r}");
    }
    let _ = writeln!(out, " @{}", loc(f.loc));
    for &b in &f.layout {
        let bd = &f.blocks[b];
        let _ = write!(out, "{b}");
        if !bd.params.is_empty() {
            let ps: Vec<String> = bd.params.iter().map(|v| format!("{v}: {}", f.vals[*v].ty.name())).collect();
            let _ = write!(out, "({})", ps.join(", "));
        }
        out.push_str(":\n");
        for &i in &bd.insts {
            out.push_str("    ");
            let d = &f.insts[i];
            if let Some(r) = d.result() {
                let _ = write!(out, "{r}: {} = ", f.vals[r].ty.name());
            }
            print_op(out, p, f, &d.op);
            let _ = write!(out, " @{}", loc(d.loc));
            if let Some(ol) = &d.operand_locs {
                let ls: Vec<String> = ol.iter().map(|l| format!("@{}", loc(*l))).collect();
                let _ = write!(out, " ({})", ls.join(", "));
            }
            out.push('\n');
        }
    }
}

/// `[$a @1:2, [$b @1:6]]`: multi-assignment targets with their positions.
fn assign_targets(p: &Program, ts: &[AssignTarget]) -> String {
    let items: Vec<String> = ts
        .iter()
        .map(|t| match t {
            AssignTarget::Var(s, l) => format!("${} @{}", p.name(*s), loc(*l)),
            AssignTarget::List(inner, l) => format!("{} @{}", assign_targets(p, inner), loc(*l)),
        })
        .collect();
    format!("[{}]", items.join(", "))
}

fn list(vs: &[Val]) -> String {
    vs.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

fn splat_list(vs: &[(Val, bool)]) -> String {
    vs.iter().map(|(v, s)| if *s { format!("*{v}") } else { v.to_string() }).collect::<Vec<_>>().join(", ")
}

fn dest(b: Block, args: &[Val]) -> String {
    if args.is_empty() { b.to_string() } else { format!("{b}({})", list(args)) }
}

pub fn arith_name(op: ArithOp) -> &'static str {
    match op {
        ArithOp::Add => "add",
        ArithOp::Sub => "sub",
        ArithOp::Mul => "mul",
        ArithOp::Div => "div",
        ArithOp::Mod => "mod",
        ArithOp::Shl => "shl",
        ArithOp::Shr => "shr",
    }
}

pub fn cmp_name(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "eq",
        CmpOp::Ne => "ne",
        CmpOp::Lt => "lt",
        CmpOp::Le => "le",
        CmpOp::Gt => "gt",
        CmpOp::Ge => "ge",
    }
}

fn print_op(out: &mut String, p: &Program, f: &Function, op: &Op) {
    let _ = match op {
        Op::Const(c) => write!(out, "const {}", literal(&f.consts[*c as usize])),
        Op::GetVar(s) => write!(out, "getvar ${}", p.name(*s)),
        Op::SetVar(s, v) => write!(out, "setvar ${}, {v}", p.name(*s)),
        Op::GetMatch(n) => write!(out, "getmatch {n}"),
        Op::MatchPush => write!(out, "match_push"),
        Op::MatchPop => write!(out, "match_pop"),
        Op::RenderPush => write!(out, "render_push"),
        Op::Render(v) => write!(out, "render {v}"),
        Op::RenderPop => write!(out, "render_pop"),
        Op::Unary(u, v) => {
            let n = match u {
                UnOp::Neg => "neg",
                UnOp::Not => "not",
                UnOp::Truthy => "truthy",
            };
            write!(out, "{n} {v}")
        }
        Op::Arith(o, a, b) => write!(out, "{} {a}, {b}", arith_name(*o)),
        Op::Cmp(o, a, b) => write!(out, "{} {a}, {b}", cmp_name(*o)),
        Op::Match { negate, left, right } => {
            write!(out, "{} {left}, {right}", if *negate { "nomatch" } else { "match" })
        }
        Op::In(a, b) => write!(out, "in {a}, {b}"),
        Op::CaseMatch { test, option, any, selector } => {
            let name = if *selector { "selmatch" } else { "casematch" };
            write!(out, "{name} {test}, {}{option}", if *any { "*" } else { "" })
        }
        Op::AssignMulti(targets, v) => write!(out, "assign_multi {}, {v}", assign_targets(p, targets)),
        Op::NoSelectorMatch(v) => write!(out, "no_selector_match {v}"),
        Op::Access(b, ks) => write!(out, "access {b}[{}]", list(ks)),
        Op::Interp(vs) => write!(out, "interp({})", list(vs)),
        Op::MakeArray(vs) => write!(out, "array [{}]", splat_list(vs)),
        Op::MakeHash(vs) => {
            let pairs: Vec<String> = vs.chunks(2).map(|c| format!("{} => {}", c[0], c[1])).collect();
            write!(out, "hash {{{}}}", pairs.join(", "))
        }
        Op::Call { name, args, block, method } => {
            let blk = block.map(|b| format!(" block {b}")).unwrap_or_default();
            let kw = if *method { "callmethod" } else { "call" };
            write!(out, "{kw} {}({}){blk}", p.name(*name), splat_list(args))
        }
        Op::Closure(fid) => write!(out, "closure {fid}"),
        Op::TypeRef(s) => write!(out, "typeref {}", p.name(*s)),
        Op::TypeSpec { name, args, text } => match args {
            None => write!(out, "typespec {} {}", p.name(*name), quote(text)),
            Some(a) => write!(out, "typespec {}[{}] {}", p.name(*name), list(a), quote(text)),
        },
        Op::ResourceTitles { title, earlier } => write!(out, "resource_titles {title} [{}]", list(earlier)),
        Op::AttributeSplat { splat, set } => match set {
            None => write!(out, "attribute_splat {splat}"),
            Some(s) => write!(out, "attribute_splat {splat}, {s}"),
        },
        Op::Unwind(k, v) => {
            let n = match k {
                UnwindKind::Break => "break",
                UnwindKind::Next => "next",
                UnwindKind::Return => "return_from",
            };
            write!(out, "{n} {v}")
        }
        Op::Unsupported(msg) => write!(out, "unsupported {}", quote(msg)),
        Op::Fail(msg) => write!(out, "fail {}", quote(msg)),
        Op::Resource { virtual_, exported, ty, bodies } => {
            let form = if *exported {
                "exported"
            } else if *virtual_ {
                "virtual"
            } else {
                "regular"
            };
            let bs: Vec<String> = bodies.iter().map(|(t, a)| format!("{t}: {a}")).collect();
            write!(out, "resource {form} {ty} {{{}}}", bs.join(", "))
        }
        Op::ResourceDefaults { ty, attrs } => write!(out, "resource_defaults {ty}, {attrs}"),
        Op::ResourceOverride { refs, set, add } => write!(out, "resource_override {refs}, {set}, {add}"),
        Op::Collect { ty, exported, query, set, add } => {
            let q: Vec<String> = query
                .iter()
                .map(|q| match q {
                    QueryOp::Eq(a, v) => format!("eq {} {v}", p.name(*a)),
                    QueryOp::Ne(a, v) => format!("ne {} {v}", p.name(*a)),
                    QueryOp::And => "and".to_string(),
                    QueryOp::Or => "or".to_string(),
                })
                .collect();
            let form = if *exported { "exported" } else { "virtual" };
            write!(out, "collect {form} {} [{}], {set}, {add}", p.name(*ty), q.join(", "))
        }
        Op::Relationship { kind, left, right, left_collector, right_collector } => {
            let k = match kind {
                RelKind::Before => "before",
                RelKind::Notify => "notify",
                RelKind::Require => "require",
                RelKind::Subscribe => "subscribe",
            };
            let c = |b: bool| if b { "collector " } else { "" };
            write!(out, "relate {k} {}{left}, {}{right}", c(*left_collector), c(*right_collector))
        }
        Op::Jump(b, args) => write!(out, "jump {}", dest(*b, args)),
        Op::Branch { cond, then_dest, then_args, else_dest, else_args } => {
            write!(out, "branch {cond}, {}, {}", dest(*then_dest, then_args), dest(*else_dest, else_args))
        }
        Op::Return(v) => write!(out, "return {v}"),
    };
}
