//! The AST's text form: an indented S-expression per node, with each node's
//! byte span as `@lo..hi`. It is what `pjit parse --emit=ast` prints and what
//! the golden tests pin, so it must stay stable: one node per line, children
//! indented by two spaces, strings in Rust debug quoting.

use std::fmt::Write;

use crate::ast::*;
use crate::source::Span;

/// Renders a program.
pub fn print_program(p: &Program) -> String {
    let mut out = String::new();
    let mut pr = Printer { out: &mut out, indent: 0 };
    pr.line(&format!("(program{}", span(p.span)));
    pr.indent += 1;
    match &p.body {
        Some(b) => pr.expr(b),
        None => pr.line("(nop)"),
    }
    pr.indent -= 1;
    pr.close();
    out
}

/// Renders one expression (for tests and debugging).
pub fn print_expr(e: &Expr) -> String {
    let mut out = String::new();
    let mut pr = Printer { out: &mut out, indent: 0 };
    pr.expr(e);
    out
}

fn span(s: Span) -> String {
    format!(" @{}..{}", s.lo, s.hi)
}

struct Printer<'o> {
    out: &'o mut String,
    indent: usize,
}

impl Printer<'_> {
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// Closes the last opened node: appends `)` to the previous line.
    fn close(&mut self) {
        if self.out.ends_with('\n') {
            self.out.pop();
        }
        self.out.push_str(")\n");
    }

    fn leaf(&mut self, head: &str, s: Span) {
        self.line(&format!("({head}{})", span(s)));
    }

    fn node(&mut self, head: &str, s: Span, children: impl FnOnce(&mut Self)) {
        self.line(&format!("({head}{}", span(s)));
        self.indent += 1;
        children(self);
        self.indent -= 1;
        self.close();
    }

    fn opt(&mut self, label: &str, e: &Option<Box<Expr>>) {
        if let Some(e) = e {
            self.line(&format!("({label}"));
            self.indent += 1;
            self.expr(e);
            self.indent -= 1;
            self.close();
        }
    }

    fn ops(&mut self, ops: &[AttributeOp]) {
        for op in ops {
            match op {
                AttributeOp::Set { span: s, name, append, value } => {
                    let arrow = if *append { "+>" } else { "=>" };
                    self.node(&format!("{name} {arrow}"), *s, |p| p.expr(value));
                }
                AttributeOp::Splat { span: s, value } => self.node("* =>", *s, |p| p.expr(value)),
            }
        }
    }

    fn params(&mut self, params: &[Parameter]) {
        for prm in params {
            let rest = if prm.captures_rest { " *" } else { "" };
            self.node(&format!("param ${}{rest}", prm.name), prm.span, |p| {
                p.opt("type", &prm.type_expr);
                p.opt("default", &prm.value);
            });
        }
    }

    fn call(&mut self, head: &str, s: Span, c: &Call) {
        let style = if c.rval_required { "" } else { " statement" };
        self.node(&format!("{head}{style}"), s, |p| {
            p.expr(&c.functor);
            for a in &c.args {
                p.expr(a);
            }
            p.opt("lambda", &c.lambda);
        });
    }

    fn definition(&mut self, head: &str, s: Span, d: &Definition) {
        let mut h = format!("{head} {}", d.name);
        if let Some(parent) = &d.parent {
            let _ = write!(h, " inherits {parent}");
        }
        self.node(&h, s, |p| {
            p.params(&d.params);
            p.opt("returns", &d.return_type);
            p.opt("body", &d.body);
        });
    }

    fn expr(&mut self, e: &Expr) {
        // A tree of the parser's maximum depth takes more than a default
        // 2 MiB thread stack in a debug build; grow the stack instead.
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.expr_at(e))
    }

    fn expr_at(&mut self, e: &Expr) {
        use ExprKind::*;
        let s = e.span;
        match &e.kind {
            Nop => self.leaf("nop", s),
            Integer { value, radix } => {
                let v = match value {
                    IntValue::Small(v) => v.to_string(),
                    IntValue::Big(b) => b.to_string(),
                };
                let r = if *radix == 10 { std::string::String::new() } else { format!(" radix {radix}") };
                self.leaf(&format!("int {v}{r}"), s)
            }
            Float(f) => self.leaf(&format!("float {f:?}"), s),
            String(v) => self.leaf(&format!("str {v:?}"), s),
            Boolean(b) => self.leaf(&format!("bool {b}"), s),
            Undef => self.leaf("undef", s),
            Default => self.leaf("default", s),
            Regex(r) => self.leaf(&format!("regex {r:?}"), s),
            QualifiedName(n) => self.leaf(&format!("name {n}"), s),
            QualifiedReference(n) => self.leaf(&format!("ref {n}"), s),
            ReservedWord { word, .. } => self.leaf(&format!("reserved {word}"), s),
            Variable(n) => self.leaf(&format!("var ${n}"), s),
            RenderString(v) => self.leaf(&format!("render-string {v:?}"), s),
            ConcatenatedString(parts) => self.node("concat", s, |p| parts.iter().for_each(|x| p.expr(x))),
            Text(x) => self.node("text", s, |p| p.expr(x)),
            Heredoc { syntax, text } => {
                let h = if syntax.is_empty() { "heredoc".to_string() } else { format!("heredoc :{syntax}") };
                self.node(&h, s, |p| p.expr(text))
            }
            LiteralList(v) => self.node("array", s, |p| v.iter().for_each(|x| p.expr(x))),
            LiteralHash { entries, unfolded } => {
                let h = if *unfolded { "hash unfolded" } else { "hash" };
                self.node(h, s, |p| {
                    for en in entries {
                        p.node("=>", en.span, |p| {
                            p.expr(&en.key);
                            p.expr(&en.value);
                        });
                    }
                })
            }
            Not(x) => self.node("!", s, |p| p.expr(x)),
            UnaryMinus(x) => self.node("neg", s, |p| p.expr(x)),
            Unfold(x) => self.node("splat", s, |p| p.expr(x)),
            Parenthesized(x) => self.node("paren", s, |p| p.expr(x)),
            RenderExpression(x) => self.node("render", s, |p| p.expr(x)),
            Arithmetic { op, left, right } => self.binary(op.as_str(), s, left, right),
            Comparison { op, left, right } => self.binary(op.as_str(), s, left, right),
            Match { op, left, right } => self.binary(op.as_str(), s, left, right),
            In { left, right } => self.binary("in", s, left, right),
            And { left, right } => self.binary("and", s, left, right),
            Or { left, right } => self.binary("or", s, left, right),
            Assignment { op, left, right } => self.binary(op.as_str(), s, left, right),
            Relationship { op, left, right } => self.binary(op.as_str(), s, left, right),
            NamedAccess { left, right } => self.binary(".", s, left, right),
            Access { left, keys } => self.node("access", s, |p| {
                p.expr(left);
                keys.iter().for_each(|k| p.expr(k));
            }),
            Selector { left, entries } => self.node("?", s, |p| {
                p.expr(left);
                for en in entries {
                    p.node("=>", en.span, |p| {
                        p.expr(&en.matching);
                        p.expr(&en.value);
                    });
                }
            }),
            Block(v) => self.node("block", s, |p| v.iter().for_each(|x| p.expr(x))),
            If { test, then_expr, else_expr } => self.node("if", s, |p| {
                p.expr(test);
                p.opt("then", then_expr);
                p.opt("else", else_expr);
            }),
            Unless { test, then_expr, else_expr } => self.node("unless", s, |p| {
                p.expr(test);
                p.opt("then", then_expr);
                p.opt("else", else_expr);
            }),
            Case { test, options } => self.node("case", s, |p| {
                p.expr(test);
                for o in options {
                    p.node("when", o.span, |p| {
                        o.values.iter().for_each(|v| p.expr(v));
                        p.opt("then", &o.then_expr);
                    });
                }
            }),
            CallNamedFunction(c) => self.call("call", s, c),
            CallMethod(c) => self.call("method-call", s, c),
            Lambda(l) => self.node("lambda", s, |p| {
                p.params(&l.params);
                p.opt("returns", &l.return_type);
                p.opt("body", &l.body);
            }),
            Resource { form, type_name, bodies } => self.node(&format!("resource {}", form.as_str()), s, |p| {
                p.expr(type_name);
                for b in bodies {
                    p.node("body", b.span, |p| {
                        p.expr(&b.title);
                        p.ops(&b.operations);
                    });
                }
            }),
            ResourceDefaults { form, type_ref, operations } => {
                self.node(&format!("resource-defaults {}", form.as_str()), s, |p| {
                    p.expr(type_ref);
                    p.ops(operations);
                })
            }
            ResourceOverride { form, resources, operations } => {
                self.node(&format!("resource-override {}", form.as_str()), s, |p| {
                    p.expr(resources);
                    p.ops(operations);
                })
            }
            Collect { type_expr, query, operations } => self.node("collect", s, |p| {
                p.expr(type_expr);
                let k = match query.kind {
                    QueryKind::Virtual => "virtual-query",
                    QueryKind::Exported => "exported-query",
                };
                match &query.expr {
                    Some(q) => p.node(k, query.span, |p| p.expr(q)),
                    None => p.leaf(k, query.span),
                }
                p.ops(operations);
            }),
            HostClass(d) => self.definition("class", s, d),
            ResourceType(d) => self.definition("define", s, d),
            Function(d) => self.definition("function", s, d),
            Node { host_matches, parent, body } => self.node("node", s, |p| {
                host_matches.iter().for_each(|h| p.expr(h));
                p.opt("inherits", parent);
                p.opt("body", body);
            }),
            TypeAlias { name, type_expr } => self.node(&format!("type-alias {name}"), s, |p| p.expr(type_expr)),
            TypeMapping { type_expr, mapping_expr } => self.node("type-mapping", s, |p| {
                p.expr(type_expr);
                p.expr(mapping_expr);
            }),
            TypeDefinition { name, parent, body } => {
                let h = match parent {
                    Some(pa) => format!("type-definition {name} inherits {pa}"),
                    None => format!("type-definition {name}"),
                };
                self.node(&h, s, |p| p.opt("body", body))
            }
            Epp { parameters_specified, body } => {
                let h = if *parameters_specified { "epp with-parameters" } else { "epp" };
                self.node(h, s, |p| p.opt("body", body))
            }
        }
    }

    fn binary(&mut self, op: &str, s: Span, l: &Expr, r: &Expr) {
        self.node(op, s, |p| {
            p.expr(l);
            p.expr(r);
        });
    }
}
