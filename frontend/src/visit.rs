//! Generic traversal of the AST: the direct children of an expression, in
//! source order (the order Puppet's validator visits them in).

use crate::ast::*;

macro_rules! children_fn {
    ($name:ident, $($mu:ident)?, $iter:ident) => {
        /// Calls `f` on each direct child expression of `e`, in source order.
        /// (Generic, so that a walk's closure is inlined into the match.)
        pub fn $name<'e, F: FnMut(&'e $($mu)? Expr) + ?Sized>(e: &'e $($mu)? Expr, f: &mut F) {
            use ExprKind::*;
            match & $($mu)? e.kind {
                Nop | Integer { .. } | Float(_) | String(_) | Boolean(_) | Undef | Default | Regex(_)
                | QualifiedName(_) | QualifiedReference(_) | ReservedWord { .. } | Variable(_) | RenderString(_) => {}
                ConcatenatedString(v) | LiteralList(v) | Block(v) => v.$iter().for_each(|x| f(x)),
                Text(x) | Not(x) | UnaryMinus(x) | Unfold(x) | Parenthesized(x) | RenderExpression(x) => f(x),
                Heredoc { text, .. } => f(text),
                LiteralHash { entries, .. } => {
                    for en in entries {
                        f(& $($mu)? en.key);
                        f(& $($mu)? en.value);
                    }
                }
                Arithmetic { left, right, .. }
                | Comparison { left, right, .. }
                | Match { left, right, .. }
                | In { left, right }
                | And { left, right }
                | Or { left, right }
                | Assignment { left, right, .. }
                | Relationship { left, right, .. }
                | NamedAccess { left, right } => {
                    f(left);
                    f(right);
                }
                Access { left, keys } => {
                    f(left);
                    keys.$iter().for_each(|k| f(k));
                }
                Selector { left, entries } => {
                    f(left);
                    for en in entries {
                        f(& $($mu)? en.matching);
                        f(& $($mu)? en.value);
                    }
                }
                If { test, then_expr, else_expr } | Unless { test, then_expr, else_expr } => {
                    f(test);
                    if let Some(t) = then_expr {
                        f(t);
                    }
                    if let Some(x) = else_expr {
                        f(x);
                    }
                }
                Case { test, options } => {
                    f(test);
                    for o in options {
                        o.values.$iter().for_each(|v| f(v));
                        if let Some(t) = & $($mu)? o.then_expr {
                            f(t);
                        }
                    }
                }
                CallNamedFunction(c) | CallMethod(c) => {
                    f(& $($mu)? c.functor);
                    c.args.$iter().for_each(|a| f(a));
                    if let Some(l) = & $($mu)? c.lambda {
                        f(l);
                    }
                }
                Lambda(l) => {
                    for p in & $($mu)? l.params {
                        if let Some(t) = & $($mu)? p.type_expr {
                            f(t);
                        }
                        if let Some(v) = & $($mu)? p.value {
                            f(v);
                        }
                    }
                    if let Some(r) = & $($mu)? l.return_type {
                        f(r);
                    }
                    if let Some(b) = & $($mu)? l.body {
                        f(b);
                    }
                }
                Resource { type_name, bodies, .. } => {
                    f(type_name);
                    for b in bodies {
                        f(& $($mu)? b.title);
                        for op in & $($mu)? b.operations {
                            match op {
                                AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => f(value),
                            }
                        }
                    }
                }
                ResourceDefaults { type_ref: x, operations, .. } | ResourceOverride { resources: x, operations, .. } => {
                    f(x);
                    for op in operations {
                        match op {
                            AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => f(value),
                        }
                    }
                }
                Collect { type_expr, query, operations } => {
                    f(type_expr);
                    if let Some(q) = & $($mu)? query.expr {
                        f(q);
                    }
                    for op in operations {
                        match op {
                            AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => f(value),
                        }
                    }
                }
                HostClass(d) | ResourceType(d) | Function(d) => {
                    for p in & $($mu)? d.params {
                        if let Some(t) = & $($mu)? p.type_expr {
                            f(t);
                        }
                        if let Some(v) = & $($mu)? p.value {
                            f(v);
                        }
                    }
                    if let Some(r) = & $($mu)? d.return_type {
                        f(r);
                    }
                    if let Some(b) = & $($mu)? d.body {
                        f(b);
                    }
                }
                Node { host_matches, parent, body } => {
                    host_matches.$iter().for_each(|h| f(h));
                    if let Some(p) = parent {
                        f(p);
                    }
                    if let Some(b) = body {
                        f(b);
                    }
                }
                TypeAlias { type_expr, .. } => f(type_expr),
                TypeMapping { type_expr, mapping_expr } => {
                    f(type_expr);
                    f(mapping_expr);
                }
                TypeDefinition { body, .. } | Epp { body, .. } => {
                    if let Some(b) = body {
                        f(b);
                    }
                }
            }
        }
    };
}

children_fn!(children, , iter);
children_fn!(children_mut, mut, iter_mut);

/// The byte range of `e` and everything below it: Puppet's
/// `Locator#extract_tree_text` range (the least start and the greatest end
/// of the positioned nodes of the tree), which messages and
/// `environment_classes`' `default_source` quote. Nodes are positioned as
/// Puppet positions them, so a parenthesized expression starts at its `(`
/// but does not reach its `)`.
///
/// A heredoc's text is positioned by Puppet's sub-locator: it starts
/// where the text's lines start but its length is that of the text after
/// the margin is removed, so the range ends short of the text's end (a
/// heredoc `@(END)` over the line `    text` reaches `    t`).
pub fn tree_extent(e: &Expr) -> (usize, usize) {
    if let ExprKind::Heredoc { text, .. } = &e.kind
        && let ExprKind::String(s) = &text.kind
    {
        let lo = (e.span.lo as usize).min(text.span.lo as usize);
        let hi = (e.span.hi as usize).max(text.span.lo as usize + s.len());
        return (lo, hi);
    }
    let (mut lo, mut hi) = (e.span.lo as usize, e.span.hi as usize);
    children(e, &mut |c| {
        let (l, h) = tree_extent(c);
        lo = lo.min(l);
        hi = hi.max(h);
    });
    (lo, hi)
}
