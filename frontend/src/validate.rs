//! Static validation: the checks of Puppet's `Checker4_0`, so that pjit
//! rejects what `puppet parser validate` rejects, with Puppet's messages.
//!
//! The checker visits every node in pre-order, in the order of the
//! attributes of Puppet's AST model (which is not always source order: a
//! parameter's default is visited before its type, a node's parent before
//! its host names), because the order of the reported errors is observable.
//! It keeps the path of containers, since several checks look at where a
//! node is (a class inside an `if`, `+>` outside an override).
//!
//! Messages name nodes the way Puppet's `ModelLabelProvider` does
//! ("a Host Class Definition", "an 'in' expression").

use std::borrow::Cow;

use num_traits::Signed;

use crate::ast::*;
use crate::diagnostic::{Diagnostic, Severity};
use crate::lexer::{BOOLEAN_VARIABLE_FALSE, BOOLEAN_VARIABLE_TRUE};
use crate::parser::{self, SourceKind};
use crate::source::{FileId, Span};

/// Puppet's `strict` setting: how hard to treat questionable code.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Strict {
    Off,
    #[default]
    Warning,
    Error,
}

/// Where the file being validated lives, for the checks that depend on it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum FileNamespace {
    /// Not an autoloaded module file (a site manifest, `-e` code, a file
    /// given on the command line): no location checks.
    #[default]
    None,
    /// A module file (`<module>/manifests/a/b.pp` is `module::a::b`):
    /// definitions must be named below it and only definitions may appear
    /// at its top level.
    Module(String),
    /// A file inside a module but not under `manifests`, `functions`,
    /// `types` or `plans`.
    BadModuleFile,
}

#[derive(Clone, Debug, Default)]
pub struct Options {
    pub strict: Strict,
    pub namespace: FileNamespace,
    /// The file's path as messages show it.
    pub file_path: std::string::String,
}

/// Validates a program; returns the errors and warnings in Puppet's order.
pub fn validate(program: &Program, options: &Options) -> Vec<Diagnostic> {
    let mut v = Validator { file: program.file, options, path: Vec::new(), out: Vec::new(), fatal: false };
    v.path.push(PathNode::Program);
    v.top_construct_in_module(program);
    if let Some(body) = &program.body {
        v.visit(body);
    }
    v.out
}

/// A container on the path from the program to the node being checked.
#[derive(Copy, Clone)]
enum PathNode<'a> {
    Program,
    Expr(&'a Expr),
    ResourceBody,
    /// The attribute operation's container is the resource body, defaults,
    /// override or collector that holds it.
    AttrOp,
    Other,
}

struct Validator<'a, 'o> {
    file: FileId,
    options: &'o Options,
    path: Vec<PathNode<'a>>,
    out: Vec<Diagnostic>,
    /// Set when a check raised instead of collecting (heredoc syntax
    /// checkers, the `${true}` crash): validation stops there, as in Puppet.
    fatal: bool,
}

impl<'a> Validator<'a, '_> {
    // ------------------------------------------------------------------
    // Reporting

    fn error(&mut self, code: &'static str, message: String, span: Span) {
        self.out.push(Diagnostic::error(code, message, self.file, span));
    }

    fn report(&mut self, severity: Severity, code: &'static str, message: String, span: Span) {
        self.out.push(Diagnostic { severity, code, message, file: self.file, span: Some(span) });
    }

    /// The container `idx` levels up (1 = the direct container).
    fn container(&self, idx: usize) -> Option<PathNode<'a>> {
        self.path.len().checked_sub(idx).and_then(|i| self.path.get(i)).copied()
    }

    // ------------------------------------------------------------------
    // Traversal

    fn visit(&mut self, e: &'a Expr) {
        if self.fatal {
            return;
        }
        // Leaves are most nodes: those that `check` accepts as they are,
        // and variables, need neither `check` nor a visit of children.
        match &e.kind {
            ExprKind::String(_)
            | ExprKind::QualifiedName(_)
            | ExprKind::Boolean(_)
            | ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Nop
            | ExprKind::Float(_)
            | ExprKind::Regex(_)
            | ExprKind::RenderString(_)
            | ExprKind::Integer { value: IntValue::Small(_), .. } => return,
            ExprKind::Variable(name) => return self.check_variable(name, e.span),
            _ => {}
        }
        self.check(e);
        self.path.push(PathNode::Expr(e));
        self.visit_children(e);
        self.path.pop();
    }

    fn visit_opt(&mut self, e: &'a Option<Box<Expr>>) {
        if let Some(e) = e {
            self.visit(e);
        }
    }

    fn visit_ops(&mut self, ops: &'a [AttributeOp]) {
        for op in ops {
            self.check_attribute_op(op);
            self.path.push(PathNode::AttrOp);
            match op {
                AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => self.visit(value),
            }
            self.path.pop();
        }
    }

    fn visit_params(&mut self, params: &'a [Parameter]) {
        for p in params {
            self.check_parameter(p);
            self.path.push(PathNode::Other);
            // Puppet's Parameter lists `value` before `type_expr`.
            self.visit_opt(&p.value);
            self.visit_opt(&p.type_expr);
            self.path.pop();
        }
    }

    fn visit_children(&mut self, e: &'a Expr) {
        use ExprKind::*;
        match &e.kind {
            Nop | Integer { .. } | Float(_) | String(_) | Boolean(_) | Undef | Default | Regex(_) | QualifiedName(_)
            | QualifiedReference(_) | ReservedWord { .. } | Variable(_) | RenderString(_) => {}
            ConcatenatedString(v) | LiteralList(v) | Block(v) => v.iter().for_each(|x| self.visit(x)),
            Text(x) | Not(x) | UnaryMinus(x) | Unfold(x) | Parenthesized(x) | RenderExpression(x) => self.visit(x),
            Heredoc { text, .. } => self.visit(text),
            LiteralHash { entries, .. } => {
                for en in entries {
                    self.rvalue(&en.key);
                    self.rvalue(&en.value);
                    self.path.push(PathNode::Other);
                    self.visit(&en.key);
                    self.visit(&en.value);
                    self.path.pop();
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
                self.visit(left);
                self.visit(right);
            }
            Access { left, keys } => {
                self.visit(left);
                keys.iter().for_each(|k| self.visit(k));
            }
            Selector { left, entries } => {
                self.visit(left);
                for en in entries {
                    self.rvalue(&en.matching);
                    self.path.push(PathNode::Other);
                    self.visit(&en.matching);
                    self.visit(&en.value);
                    self.path.pop();
                }
            }
            If { test, then_expr, else_expr } | Unless { test, then_expr, else_expr } => {
                self.visit(test);
                self.visit_opt(then_expr);
                self.visit_opt(else_expr);
            }
            Case { test, options } => {
                self.visit(test);
                for o in options {
                    o.values.iter().for_each(|v| self.rvalue(v));
                    self.path.push(PathNode::Other);
                    o.values.iter().for_each(|v| self.visit(v));
                    self.visit_opt(&o.then_expr);
                    self.path.pop();
                }
            }
            CallNamedFunction(c) | CallMethod(c) => {
                self.visit(&c.functor);
                c.args.iter().for_each(|a| self.visit(a));
                self.visit_opt(&c.lambda);
            }
            Lambda(l) => {
                self.visit_params(&l.params);
                self.visit_opt(&l.body);
                self.visit_opt(&l.return_type);
            }
            Resource { type_name, bodies, .. } => {
                self.visit(type_name);
                for b in bodies {
                    self.check_resource_body(b);
                    self.path.push(PathNode::ResourceBody);
                    self.visit(&b.title);
                    self.visit_ops(&b.operations);
                    self.path.pop();
                }
            }
            ResourceDefaults { type_ref: x, operations, .. } | ResourceOverride { resources: x, operations, .. } => {
                self.visit(x);
                self.visit_ops(operations);
            }
            Collect { type_expr, query, operations } => {
                self.visit(type_expr);
                if let Some(q) = &query.expr {
                    self.query(q);
                    self.path.push(PathNode::Other);
                    self.visit(q);
                    self.path.pop();
                }
                self.visit_ops(operations);
            }
            HostClass(d) | ResourceType(d) | Function(d) => {
                self.visit_params(&d.params);
                self.visit_opt(&d.body);
                self.visit_opt(&d.return_type);
            }
            Node { host_matches, parent, body } => {
                self.visit_opt(parent);
                host_matches.iter().for_each(|h| self.visit(h));
                self.visit_opt(body);
            }
            TypeAlias { type_expr, .. } => self.visit(type_expr),
            TypeMapping { type_expr, mapping_expr } => {
                self.visit(type_expr);
                self.visit(mapping_expr);
            }
            TypeDefinition { body, .. } | Epp { body, .. } => self.visit_opt(body),
        }
    }

    // ------------------------------------------------------------------
    // Checks per node

    fn check(&mut self, e: &'a Expr) {
        use ExprKind::*;
        let s = e.span;
        match &e.kind {
            Access { keys, .. } => {
                if keys.is_empty() {
                    self.error("MISSING_INDEX", "Missing index".into(), s);
                }
            }
            Assignment { op, left, right } => match op {
                AssignOp::Assign => {
                    self.assign(left, false);
                    self.rvalue(right);
                }
                _ => self.error(
                    "APPENDS_DELETES_NO_LONGER_SUPPORTED",
                    format!(
                        "The operator '{}' is no longer supported. See http://links.puppet.com/remove-plus-equals",
                        op.as_str()
                    ),
                    s,
                ),
            },
            Arithmetic { left, right, .. }
            | Comparison { left, right, .. }
            | Match { left, right, .. }
            | In { left, right }
            | And { left, right }
            | Or { left, right } => {
                self.rvalue(left);
                self.rvalue(right);
            }
            Block(stmts) => self.check_block(e, stmts),
            CallNamedFunction(c) => {
                let f = &*c.functor;
                let ok = match &f.kind {
                    QualifiedReference(_) | QualifiedName(_) => true,
                    Access { left, .. } => matches!(left.kind, QualifiedReference(_)),
                    _ => false,
                };
                if !ok {
                    if let RenderString(_) = f.kind {
                        self.error(
                            "ILLEGAL_EPP_PARAMETERS",
                            "Ambiguous EPP parameter expression. Probably missing '<%-' before parameters to remove leading whitespace".into(),
                            s,
                        );
                    } else {
                        self.error(
                            "ILLEGAL_EXPRESSION",
                            format!(
                                "Illegal expression. {} is unacceptable as function name in {}",
                                a_an_uc(&label(f)),
                                a_an(&label(e))
                            ),
                            f.span,
                        );
                    }
                }
            }
            Epp { .. } => {
                if let Some(PathNode::Expr(Expr { kind: Lambda(l), .. })) = self.container(1) {
                    self.no_capture(&l.params, e);
                    self.parameter_name_uniqueness(&l.params);
                }
            }
            Heredoc { syntax, text } => {
                if let String(t) = &text.kind {
                    self.external_syntax(syntax, t, text.span);
                }
            }
            Case { test, options } => {
                self.rvalue(test);
                let mut found = false;
                for o in options {
                    for v in &o.values {
                        if let Default = v.kind {
                            if found {
                                self.error(
                                    "DUPLICATE_DEFAULT",
                                    format!("This {} already has a 'default' entry - this is a duplicate", label(e)),
                                    v.span,
                                );
                            }
                            found = true;
                        }
                    }
                }
            }
            Collect { type_expr, query, .. } => {
                if !matches!(type_expr.kind, QualifiedReference(_)) {
                    let container = match query.kind {
                        QueryKind::Virtual => "a Virtual Query",
                        QueryKind::Exported => "an Exported Query",
                    };
                    self.error(
                        "ILLEGAL_EXPRESSION",
                        format!(
                            "Illegal expression. {} is unacceptable as type name in {container}",
                            a_an_uc(&label(type_expr))
                        ),
                        type_expr.span,
                    );
                }
            }
            HostClass(d) | ResourceType(d) => {
                self.named_definition(e, &d.name);
                self.no_capture(&d.params, e);
                self.parameter_name_uniqueness(&d.params);
                self.reserved_params(&d.params, e);
                self.no_idem_last(e, &d.body);
            }
            Function(d) => {
                self.named_definition(e, &d.name);
                if let Some(r) = &d.return_type {
                    self.type_ref(e, r);
                }
                self.parameter_name_uniqueness(&d.params);
            }
            TypeAlias { name, type_expr } => {
                self.top(e);
                if !is_classref_ext_decl(name) {
                    self.error(
                        "ILLEGAL_DEFINITION_NAME",
                        format!("Unacceptable name. The name '{name}' is unacceptable as the name of {}", a_an(&label(e))),
                        s,
                    );
                }
                self.reserved_type_name(e, name);
                self.type_ref(e, type_expr);
            }
            TypeMapping { type_expr, mapping_expr } => {
                self.top(e);
                self.type_mapping(e, type_expr, mapping_expr);
            }
            TypeDefinition { name, .. } => {
                self.top(e);
                self.reserved_type_name(e, name);
                self.error(
                    "UNSUPPORTED_EXPRESSION",
                    format!("Expressions of type {} are not supported in this version of Puppet", a_an(&label(e))),
                    s,
                );
            }
            If { test, .. } | Unless { test, .. } => self.rvalue(test),
            Lambda(l) => {
                let last = l.params.len().saturating_sub(1);
                for (i, p) in l.params.iter().enumerate() {
                    if p.captures_rest && i != last {
                        self.error(
                            "CAPTURES_REST_NOT_LAST",
                            format!("Parameter ${} is not last, and has 'captures rest'", p.name),
                            p.span,
                        );
                    }
                }
                if let Some(r) = &l.return_type {
                    self.type_ref(e, r);
                }
            }
            LiteralList(values) => values.iter().for_each(|v| self.rvalue(v)),
            Integer { value: IntValue::Big(v), .. } => {
                // Literals are never negative, but keep Puppet's two messages.
                let (bound, hex) = if v.is_negative() {
                    ("min", format!("-0x{:x}", v.abs()))
                } else {
                    ("max", format!("+0x{:x}", v.as_ref()))
                };
                self.error(
                    "NUMERIC_OVERFLOW",
                    format!(
                        "{} resulted in a value outside of Puppet Integer {bound} range, got '{hex}'",
                        a_an_uc(&label(e))
                    ),
                    s,
                );
            }
            LiteralHash { entries, .. } => self.duplicate_keys(entries),
            Node { host_matches, parent, body } => {
                for h in host_matches {
                    self.hostname(h, e);
                }
                self.top(e);
                self.no_idem_last(e, body);
                if let Some(p) = parent {
                    self.error(
                        "ILLEGAL_NODE_INHERITANCE",
                        "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation".into(),
                        p.span,
                    );
                }
            }
            QualifiedReference(n) => {
                if !is_classref_ext(n) {
                    self.error(
                        "ILLEGAL_CLASSREF",
                        format!("Illegal type reference. The given name '{n}' does not conform to the naming rule"),
                        s,
                    );
                }
            }
            Relationship { left, right, .. } => {
                self.relation(left);
                self.relation(right);
            }
            Resource { form, type_name, .. } => {
                if *form != ResourceForm::Regular && matches!(&type_name.kind, QualifiedName(n) if n == "class") {
                    self.error("CLASS_NOT_VIRTUALIZABLE", "Classes are not virtualizable".into(), s);
                }
            }
            ResourceDefaults { form, .. } | ResourceOverride { form, .. } => {
                if *form != ResourceForm::Regular {
                    self.error("NOT_VIRTUALIZEABLE", "Resource Defaults are not virtualizable".into(), s);
                }
            }
            ReservedWord { word, future } => {
                if *future {
                    self.report(
                        Severity::Deprecation,
                        "FUTURE_RESERVED_WORD",
                        format!("Use of future reserved word: '{word}'"),
                        s,
                    );
                } else {
                    self.error(
                        "RESERVED_WORD",
                        format!("Use of reserved word: {word}, must be quoted if intended to be a String value"),
                        s,
                    );
                }
            }
            Selector { left, entries } => {
                self.rvalue(left);
                let mut defaults = entries.iter().filter(|en| matches!(en.matching.kind, Default));
                if let (Some(_), Some(second)) = (defaults.next(), defaults.next()) {
                    self.error(
                        "DUPLICATE_DEFAULT",
                        format!("This {} already has a 'default' entry - this is a duplicate", label(e)),
                        second.matching.span,
                    );
                }
            }
            Not(x) | UnaryMinus(x) | Unfold(x) | Parenthesized(x) | Text(x) | RenderExpression(x) => self.rvalue(x),
            Variable(name) => self.check_variable(name, s),
            _ => {}
        }
    }

    fn check_block(&mut self, e: &'a Expr, stmts: &'a [Expr]) {
        if resource_without_title(e) {
            if let ExprKind::QualifiedName(n) = &stmts[0].kind {
                self.error(
                    "RESOURCE_WITHOUT_TITLE",
                    format!("This expression is invalid. Did you try declaring a '{n}' resource without a title?"),
                    e.span,
                );
            }
            return;
        }
        if let Some((_, init)) = stmts.split_last() {
            if let Some(st) = init.iter().find(|st| idem(st)) {
                self.error(
                    "IDEM_EXPRESSION_NOT_LAST",
                    format!(
                        "This {} has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)",
                        label(st)
                    ),
                    st.span,
                );
            }
        }
    }

    fn check_attribute_op(&mut self, op: &'a AttributeOp) {
        if let AttributeOp::Set { name, append: true, span, value } = op {
            let parent = self.container(1);
            let ok = matches!(
                parent,
                Some(PathNode::Expr(Expr { kind: ExprKind::Collect { .. } | ExprKind::ResourceOverride { .. }, .. }))
            );
            if !ok {
                let plabel = match parent {
                    Some(PathNode::ResourceBody) => "a Resource Instance Definition".to_string(),
                    Some(PathNode::Expr(p)) => a_an(&label(p)),
                    _ => "an Object".to_string(),
                };
                self.error(
                    "ILLEGAL_ATTRIBUTE_APPEND",
                    format!("Illegal +> operation on attribute {name}. This operator can not be used in {plabel}"),
                    *span,
                );
            }
            self.rvalue(value);
            return;
        }
        match op {
            AttributeOp::Set { value, .. } | AttributeOp::Splat { value, .. } => self.rvalue(value),
        }
    }

    fn check_resource_body(&mut self, b: &'a ResourceBody) {
        let mut seen = false;
        for op in &b.operations {
            if let AttributeOp::Splat { span, .. } = op {
                if seen {
                    self.error(
                        "MULTIPLE_ATTRIBUTES_UNFOLD",
                        "Unfolding of attributes from Hash can only be used once per resource body".into(),
                        *span,
                    );
                } else {
                    seen = true;
                }
            }
        }
    }

    fn check_parameter(&mut self, p: &'a Parameter) {
        let n = p.name.as_str();
        let numeric = {
            let d = n.strip_prefix("0x").unwrap_or(n);
            !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit())
        };
        if numeric {
            self.error(
                "ILLEGAL_NUMERIC_PARAMETER",
                format!("The numeric parameter name '${n}' cannot be used (clashes with numeric match result variables)"),
                p.span,
            );
        }
        if !is_param_name(n) {
            self.error(
                "ILLEGAL_PARAM_NAME",
                format!("Illegal parameter name. The given name '{n}' does not conform to the naming rule /^[a-z_]\\w*$/"),
                p.span,
            );
        }
        if let Some(v) = &p.value {
            self.illegal_assignment(v);
        }
    }

    /// Parameter defaults may not assign (except inside a lambda).
    fn illegal_assignment(&mut self, e: &'a Expr) {
        if let ExprKind::Assignment { .. } = e.kind {
            self.error("ILLEGAL_ASSIGNMENT_CONTEXT", "Assignment not allowed here".into(), e.span);
            return;
        }
        if let ExprKind::Lambda(_) = e.kind {
            return;
        }
        // The offending nodes, in pre-order, without borrowing `self`.
        fn find(e: &Expr, out: &mut Vec<Span>) {
            match e.kind {
                ExprKind::Assignment { .. } => out.push(e.span),
                ExprKind::Lambda(_) => {}
                _ => crate::visit::children(e, &mut |c| find(c, out)),
            }
        }
        let mut found = Vec::new();
        crate::visit::children(e, &mut |c| find(c, &mut found));
        for span in found {
            self.error("ILLEGAL_ASSIGNMENT_CONTEXT", "Assignment not allowed here".into(), span);
        }
    }

    fn check_variable(&mut self, name: &str, s: Span) {
        if name == BOOLEAN_VARIABLE_TRUE || name == BOOLEAN_VARIABLE_FALSE {
            // Puppet 7 crashes here (it turned `${true}` into a variable
            // named by a Boolean); it is an error either way.
            let b = if name == BOOLEAN_VARIABLE_TRUE { "true" } else { "false" };
            self.error(
                "INTERNAL_ERROR",
                format!("undefined method `[]' for {b}:{}Class (Puppet 7 cannot interpolate ${{{b}}})", capitalize(b)),
                s,
            );
            self.fatal = true;
            return;
        }
        if name.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            if !is_numeric_var_name(name) {
                self.error(
                    "ILLEGAL_NUMERIC_VAR_NAME",
                    format!(
                        "Illegal numeric variable name, The given name '{name}' must be a decimal value if it starts with a digit 0-9"
                    ),
                    s,
                );
            }
        } else if !is_var_name(name) {
            self.error(
                "ILLEGAL_VAR_NAME",
                format!(
                    "Illegal variable name, The given name '{name}' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/"
                ),
                s,
            );
        }
    }

    // ------------------------------------------------------------------
    // Helpers shared by checks

    /// Is the LHS of `=` assignable?
    fn assign(&mut self, e: &'a Expr, via_index: bool) {
        match &e.kind {
            ExprKind::Variable(name) => {
                if is_numeric_var_name(name) {
                    self.error(
                        "ILLEGAL_NUMERIC_ASSIGNMENT",
                        format!(
                            "Illegal attempt to assign to the numeric match result variable '${name}'. Numeric variables are not assignable"
                        ),
                        e.span,
                    );
                }
                if name.contains("::") {
                    self.error(
                        "CROSS_SCOPE_ASSIGNMENT",
                        format!("Illegal attempt to assign to '{name}'. Cannot assign to variables in other namespaces"),
                        e.span,
                    );
                }
            }
            ExprKind::Access { .. } => self.error(
                "ILLEGAL_INDEXED_ASSIGNMENT",
                "Illegal attempt to assign via [index/key]. Not an assignable reference".into(),
                e.span,
            ),
            ExprKind::LiteralList(values) => values.iter().for_each(|v| self.assign(v, false)),
            _ => {
                if via_index {
                    self.error(
                        "ILLEGAL_ASSIGNMENT_VIA_INDEX",
                        format!(
                            "Illegal attempt to assign to {} via [index/key]. Not an assignable reference",
                            a_an(&label(e))
                        ),
                        e.span,
                    );
                } else {
                    self.error(
                        "ILLEGAL_ASSIGNMENT",
                        format!("Illegal attempt to assign to '{}'. Not an assignable reference", a_an(&label(e))),
                        e.span,
                    );
                }
            }
        }
    }

    /// Does the expression produce a value?
    fn rvalue(&mut self, e: &'a Expr) {
        use ExprKind::*;
        match &e.kind {
            Collect { .. }
            | HostClass(_)
            | ResourceType(_)
            | Function(_)
            | Node { .. }
            | TypeAlias { .. }
            | TypeMapping { .. }
            | TypeDefinition { .. } => self.error(
                "NOT_RVALUE",
                format!("Invalid use of expression. {} does not produce a value", a_an_uc(&label(e))),
                e.span,
            ),
            Not(x) | UnaryMinus(x) | Unfold(x) | Parenthesized(x) | Text(x) | RenderExpression(x) => self.rvalue(x),
            _ => {}
        }
    }

    fn relation(&mut self, e: &'a Expr) {
        match e.kind {
            ExprKind::Collect { .. } | ExprKind::Relationship { .. } => {}
            _ => self.rvalue(e),
        }
    }

    /// Collector queries allow only `==`, `!=`, `and`, `or`, parentheses,
    /// and names, variables and literals as operands of the comparisons.
    fn query(&mut self, e: &'a Expr) {
        use ExprKind::*;
        match &e.kind {
            Comparison { op, .. } => {
                if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
                    self.illegal_query(e);
                }
            }
            And { left, right } | Or { left, right } => {
                self.query(left);
                self.query(right);
            }
            Parenthesized(x) => self.query(x),
            Variable(_) | QualifiedName(_) | Integer { .. } | Float(_) | String(_) | Boolean(_) => {}
            _ => self.illegal_query(e),
        }
    }

    fn illegal_query(&mut self, e: &'a Expr) {
        self.error(
            "ILLEGAL_QUERY_EXPRESSION",
            format!("Illegal query expression. {} cannot be used in a query", a_an_uc(&label(e))),
            e.span,
        );
    }

    /// Where may a definition appear? At the top, or (except functions and
    /// types) inside a class.
    fn top(&mut self, def: &'a Expr) {
        let mut idx = 1;
        loop {
            match self.container(idx) {
                None | Some(PathNode::Program) => return,
                Some(PathNode::Expr(Expr { kind: ExprKind::HostClass(_), .. })) => return,
                Some(PathNode::Expr(Expr { kind: ExprKind::Block(_), .. })) => {
                    let c = self.container(idx + 1);
                    let absolute_only = matches!(
                        def.kind,
                        ExprKind::Function(_) | ExprKind::TypeAlias { .. } | ExprKind::TypeDefinition { .. }
                    );
                    if !matches!(c, Some(PathNode::Program)) && absolute_only {
                        self.error(
                            "NOT_ABSOLUTE_TOP_LEVEL",
                            format!("{} may only appear at toplevel", a_an_uc(&label(def))),
                            def.span,
                        );
                        return;
                    }
                    idx += 1;
                }
                Some(_) => {
                    self.error(
                        "NOT_TOP_LEVEL",
                        "Classes, definitions, and nodes may only appear at toplevel or inside other classes".into(),
                        def.span,
                    );
                    return;
                }
            }
        }
    }

    fn named_definition(&mut self, e: &'a Expr, name: &str) {
        self.top(e);
        if !is_classref_decl(name) {
            self.error(
                "ILLEGAL_DEFINITION_NAME",
                format!("Unacceptable name. The name '{name}' is unacceptable as the name of {}", a_an(&label(e))),
                e.span,
            );
        }
        self.file_namespace(e, name);
        self.reserved_type_name(e, name);
        if name == "plan" {
            self.report(
                Severity::Deprecation,
                "FUTURE_RESERVED_WORD",
                format!("Use of future reserved word: '{name}'"),
                e.span,
            );
        }
    }

    fn file_namespace(&mut self, e: &'a Expr, name: &str) {
        let bad = match &self.options.namespace {
            FileNamespace::None => false,
            FileNamespace::BadModuleFile => true,
            FileNamespace::Module(ns) => !name.to_ascii_lowercase().starts_with(ns.as_str()),
        };
        if bad {
            self.error(
                "ILLEGAL_DEFINITION_LOCATION",
                format!("Unacceptable location. The name '{name}' is unacceptable in file '{}'", self.options.file_path),
                e.span,
            );
        }
    }

    /// Module files may contain only definitions at their top level.
    fn top_construct_in_module(&mut self, p: &'a Program) {
        if self.options.namespace == FileNamespace::None {
            return;
        }
        let Some(body) = &p.body else { return };
        let stmts: Vec<&Expr> = match &body.kind {
            ExprKind::Block(v) => v.iter().collect(),
            _ => vec![body],
        };
        for s in stmts {
            let is_def = matches!(
                s.kind,
                ExprKind::HostClass(_)
                    | ExprKind::ResourceType(_)
                    | ExprKind::Function(_)
                    | ExprKind::TypeAlias { .. }
                    | ExprKind::TypeMapping { .. }
                    | ExprKind::TypeDefinition { .. }
            );
            if !is_def {
                let msg = match &s.kind {
                    ExprKind::HostClass(d) | ExprKind::ResourceType(d) | ExprKind::Function(d) => format!(
                        "The {} '{}' is unacceptable as a top level construct in this location",
                        label(s),
                        d.name
                    ),
                    _ => format!("This {} is unacceptable as a top level construct in this location", label(s)),
                };
                self.error("ILLEGAL_TOP_CONSTRUCT_LOCATION", msg, s.span);
            }
        }
    }

    fn reserved_type_name(&mut self, e: &'a Expr, name: &str) {
        if RESERVED_TYPE_NAMES.contains(&name) {
            self.error(
                "RESERVED_TYPE_NAME",
                format!(
                    "The name: '{name}' is already defined by Puppet and can not be used as the name of {}.",
                    a_an(&label(e))
                ),
                e.span,
            );
        }
    }

    fn type_ref(&mut self, container: &'a Expr, r: &'a Expr) {
        let n = match &r.kind {
            ExprKind::Access { left, .. } => left,
            _ => r,
        };
        match &n.kind {
            ExprKind::QualifiedReference(v) => {
                if v.eq_ignore_ascii_case("plan") {
                    self.report(
                        Severity::Deprecation,
                        "FUTURE_RESERVED_WORD",
                        format!("Use of future reserved word: '{}'", v.to_ascii_lowercase()),
                        r.span,
                    );
                }
            }
            _ => self.error(
                "ILLEGAL_EXPRESSION",
                format!(
                    "Illegal expression. {} is unacceptable as a type reference in {}",
                    a_an_uc(&label(r)),
                    a_an(&label(container))
                ),
                r.span,
            ),
        }
    }

    fn type_mapping(&mut self, e: &'a Expr, lhs: &'a Expr, rhs: &'a Expr) {
        let mut lhs_type = 0;
        if let ExprKind::Access { left, keys } = &lhs.kind {
            if matches!(&left.kind, ExprKind::QualifiedReference(n) if n == "Runtime") {
                lhs_type = 1;
                if keys.len() == 2 && pattern_with_replacement(&keys[1]) {
                    lhs_type = 2;
                }
            }
        }
        if lhs_type == 0 {
            self.error(
                "UNSUPPORTED_EXPRESSION",
                format!("Expressions of type {} are not supported in this version of Puppet", a_an(&label(e))),
                e.span,
            );
            return;
        }
        let single = format!("Illegal type mapping. Expected a Type on the left side, got {}", a_an_uc(&label(e)));
        let regexp = format!(
            "Illegal type mapping. Expected a Tuple[Regexp,String] on the left side, got {}",
            a_an_uc(&label(e))
        );
        if pattern_with_replacement(rhs) {
            if lhs_type == 1 {
                self.error("ILLEGAL_TYPE_MAPPING", single, e.span);
            }
        } else if is_type_ref(rhs) {
            if lhs_type == 2 {
                self.error("ILLEGAL_TYPE_MAPPING", regexp, e.span);
            }
        } else {
            self.error("ILLEGAL_TYPE_MAPPING", if lhs_type == 1 { single } else { regexp }, e.span);
        }
    }

    fn no_capture(&mut self, params: &'a [Parameter], container: &'a Expr) {
        for p in params {
            if p.captures_rest {
                self.error(
                    "CAPTURES_REST_NOT_SUPPORTED",
                    format!("Parameter ${} has 'captures rest' - not supported in {}", p.name, a_an(&label(container))),
                    p.span,
                );
            }
        }
    }

    fn parameter_name_uniqueness(&mut self, params: &'a [Parameter]) {
        // The check below is quadratic, and classes can have a hundred
        // parameters: a long list is first checked by sorted name hashes
        // (integers sort and compare much faster than strings), and is
        // only walked in order (for the messages) when two hashes are
        // equal, that is when it has a duplicate (or, rarely, a collision).
        if params.len() > 8 {
            let mut hashes: Vec<u64> = params.iter().map(|p| name_hash(&p.name)).collect();
            hashes.sort_unstable();
            if hashes.windows(2).all(|w| w[0] != w[1]) {
                return;
            }
        }
        for (i, p) in params.iter().enumerate() {
            // A name is a duplicate when an earlier parameter has it.
            if params[..i].iter().any(|q| q.name == p.name) {
                self.error(
                    "DUPLICATE_PARAMETER",
                    format!("The parameter '{}' is declared more than once in the parameter list", p.name),
                    p.span,
                );
            }
        }
    }

    fn reserved_params(&mut self, params: &'a [Parameter], container: &'a Expr) {
        for p in params {
            if p.name == "name" || p.name == "title" {
                self.error(
                    "RESERVED_PARAMETER",
                    format!("The parameter ${} redefines a built in parameter in the {}", p.name, label(container)),
                    p.span,
                );
            }
        }
    }

    fn no_idem_last(&mut self, container: &'a Expr, body: &'a Option<Box<Expr>>) {
        let Some(body) = body else { return };
        let violator: &Expr = match &body.kind {
            ExprKind::Block(v) => match v.last() {
                Some(last) if idem(last) => last,
                _ => return,
            },
            _ if idem(body) => body,
            _ => return,
        };
        if resource_without_title(violator) {
            return;
        }
        self.error(
            "IDEM_NOT_ALLOWED_LAST",
            format!(
                "This {} has no effect. {} can not end with a value-producing expression without other effect",
                label(violator),
                a_an_uc(&label(container))
            ),
            violator.span,
        );
    }

    fn duplicate_keys(&mut self, entries: &'a [KeyedEntry]) {
        let severity = match self.options.strict {
            Strict::Off => return,
            Strict::Warning => Severity::Warning,
            Strict::Error => Severity::Error,
        };
        let mut seen: Vec<Literal<'a>> = Vec::new();
        for en in entries {
            if let Some(k) = literal(&en.key) {
                if seen.contains(&k) {
                    self.report(
                        severity,
                        "DUPLICATE_KEY",
                        format!("The key '{}' is declared more than once", k.to_ruby_s()),
                        en.span,
                    );
                } else {
                    seen.push(k);
                }
            }
        }
    }

    fn hostname(&mut self, h: &'a Expr, node: &'a Expr) {
        use ExprKind::*;
        match &h.kind {
            String(v) | QualifiedName(v) | QualifiedReference(v) => self.hostname_string(v, h),
            Boolean(b) => self.hostname_string(if *b { "true" } else { "false" }, h),
            ConcatenatedString(segs) => {
                if let Some(t) = segs.iter().find(|s| matches!(s.kind, Text(_))) {
                    let at = match &t.kind {
                        Text(x) => x.span,
                        _ => t.span,
                    };
                    self.error(
                        "ILLEGAL_HOSTNAME_INTERPOLATION",
                        "An interpolated expression is not allowed in a hostname of a node".into(),
                        at,
                    );
                } else if segs.len() != 1 {
                    self.error(
                        "ILLEGAL_HOSTNAME_INTERPOLATION",
                        "An interpolated expression is not allowed in a hostname of a node".into(),
                        h.span,
                    );
                } else if let String(v) = &segs[0].kind {
                    self.hostname_string(v, &segs[0]);
                }
            }
            Integer { .. } | Float(_) | Default | Regex(_) => {}
            Heredoc { text, .. } => self.hostname(text, node),
            _ => self.error(
                "ILLEGAL_EXPRESSION",
                format!(
                    "Illegal expression. {} is unacceptable as hostname in {}",
                    a_an_uc(&label(h)),
                    a_an(&label(node))
                ),
                h.span,
            ),
        }
    }

    fn hostname_string(&mut self, v: &str, at: &'a Expr) {
        if v.chars().any(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')) {
            self.error(
                "ILLEGAL_HOSTNAME_CHARS",
                format!(
                    "The hostname '{v}' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)"
                ),
                at.span,
            );
        }
    }

    /// Heredoc text with a `:syntax` is checked when a checker exists for
    /// the syntax or one of its `+` suffixes (json, base64, pp, epp).
    fn external_syntax(&mut self, syntax: &str, text: &str, at: Span) {
        if syntax.is_empty() {
            return;
        }
        let segments: Vec<&str> = syntax.split('+').collect();
        let checker = (0..segments.len()).map(|i| segments[i..].join("+")).find(|k| {
            matches!(k.as_str(), "json" | "base64" | "pp" | "epp")
        });
        let Some(checker) = checker else { return };
        let problem: Option<String> = match checker.as_str() {
            "json" => serde_json::from_str::<serde_json::Value>(text).err().map(|e| {
                let m: std::string::String = e.to_string().chars().take(100).collect();
                format!("JSON syntax checker: Cannot parse invalid JSON string. \"{}\"", m.replace('\n', "\\n"))
            }),
            "base64" => base64_problem(text),
            "pp" | "epp" => {
                let kind = if checker == "pp" { SourceKind::Manifest } else { SourceKind::Epp };
                let parsed = parser::parse(self.file, text, kind);
                let mut first_error = parsed.diagnostics.into_iter().find(|d| d.is_error()).map(|d| d.message);
                if first_error.is_none() {
                    if let Some(p) = &parsed.program {
                        first_error =
                            validate(p, &Options::default()).into_iter().find(|d| d.is_error()).map(|d| d.message);
                    }
                }
                first_error.map(|m| {
                    let m: std::string::String = m.chars().take(500).collect();
                    let name = if checker == "pp" { "PP" } else { "EPP" };
                    format!("{name} syntax checker: \"{}\"", m.replace('\n', "\\n"))
                })
            }
            _ => None,
        };
        if let Some(p) = problem {
            self.error(
                "ILLEGAL_HEREDOC_SYNTAX",
                format!("Invalid produced text having syntax: '{checker}'. {p}"),
                at,
            );
            self.fatal = true;
        }
    }
}

fn base64_problem(text: &str) -> Option<String> {
    let cleaned: Vec<u8> = text.bytes().filter(|c| !matches!(c, b'\r' | b'\n' | b'?' | b' ' | b'\t')).collect();
    let alphabet = |c: u8| c.is_ascii_alphanumeric() || c == b'+' || c == b'/';
    // strict_decode64: groups of 4, '=' padding only at the end.
    let ok = cleaned.len() % 4 == 0 && {
        let body_len = cleaned.iter().rev().take_while(|&&c| c == b'=').count();
        body_len <= 2 && cleaned[..cleaned.len() - body_len].iter().all(|&c| alphabet(c))
    };
    if ok {
        return None;
    }
    Some(if (cleaned.len() * 8) % 6 != 0 {
        "Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct".to_string()
    } else {
        "Base64 syntax checker: Cannot parse invalid Base64 string - contains letters outside strict base 64 range (or whitespace)".to_string()
    })
}

const RESERVED_TYPE_NAMES: &[&str] = &[
    "type", "any", "unit", "scalar", "boolean", "numeric", "integer", "float", "collection", "array", "hash", "tuple",
    "struct", "variant", "optional", "enum", "regexp", "pattern", "runtime", "init", "object", "sensitive", "semver",
    "semverrange", "string", "timestamp", "timespan", "typeset",
];

fn resource_without_title(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Block(s) => {
            s.len() == 2
                && matches!(s[0].kind, ExprKind::QualifiedName(_))
                && matches!(s[1].kind, ExprKind::LiteralHash { .. })
        }
        _ => false,
    }
}

fn pattern_with_replacement(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::LiteralList(v) => {
            v.len() == 2 && matches!(v[0].kind, ExprKind::Regex(_)) && matches!(v[1].kind, ExprKind::String(_))
        }
        _ => false,
    }
}

fn is_type_ref(e: &Expr) -> bool {
    let e = match &e.kind {
        ExprKind::Access { left, .. } => left,
        _ => e,
    };
    matches!(e.kind, ExprKind::QualifiedReference(_))
}

/// Does the expression have no effect when its value is not used?
pub fn idem(e: &Expr) -> bool {
    use ExprKind::*;
    match &e.kind {
        Nop | Integer { .. } | Float(_) | String(_) | Boolean(_) | Undef | Default | Regex(_) | QualifiedName(_)
        | QualifiedReference(_) | ReservedWord { .. } => true,
        LiteralList(_) | LiteralHash { .. } | Access { .. } => true,
        Arithmetic { .. } | Comparison { .. } | In { .. } | And { .. } | Or { .. } | NamedAccess { .. } => true,
        Match { .. } | Relationship { .. } | Assignment { .. } => false,
        Not(_) | UnaryMinus(_) | Unfold(_) | Variable(_) | Text(_) => true,
        Parenthesized(x) => idem(x),
        RenderExpression(_) | RenderString(_) => false,
        Block(v) => v.iter().all(idem),
        ConcatenatedString(_) | Heredoc { .. } | Selector { .. } => true,
        If { test, then_expr, else_expr } | Unless { test, then_expr, else_expr } => {
            idem(test) && then_expr.as_deref().is_none_or(idem) && else_expr.as_deref().is_none_or(idem)
        }
        Case { test, options } => {
            idem(test) && options.iter().all(|o| o.values.iter().all(idem) && o.then_expr.as_deref().is_none_or(idem))
        }
        _ => false,
    }
}

/// A literal value, for duplicate-key detection (Puppet's LiteralEvaluator),
/// borrowing the AST's strings.
#[derive(Clone, Debug, PartialEq)]
enum Literal<'a> {
    Str(&'a str),
    Int(String),
    Float(f64),
    Bool(bool),
    Undef,
    Default,
    Regex(&'a str),
    List(Vec<Literal<'a>>),
    Hash(Vec<(Literal<'a>, Literal<'a>)>),
}

impl Literal<'_> {
    /// Ruby's `to_s` of the literal value, as the message shows it.
    fn to_ruby_s(&self) -> Cow<'_, str> {
        match self {
            Literal::Str(s) => Cow::Borrowed(s),
            Literal::Int(s) => Cow::Borrowed(s),
            Literal::Float(f) => Cow::Owned(format!("{f:?}")),
            Literal::Bool(b) => Cow::Owned(b.to_string()),
            Literal::Undef => Cow::Borrowed(""),
            Literal::Default => Cow::Borrowed("default"),
            Literal::Regex(r) => Cow::Owned(format!("(?-mix:{r})")),
            other => Cow::Owned(other.inspect()),
        }
    }

    fn inspect(&self) -> String {
        match self {
            Literal::Str(s) => format!("{s:?}"),
            Literal::Int(s) => s.clone(),
            Literal::Float(f) => format!("{f:?}"),
            Literal::Bool(b) => b.to_string(),
            Literal::Undef => "nil".into(),
            Literal::Default => ":default".into(),
            Literal::Regex(r) => format!("/{r}/"),
            Literal::List(v) => format!("[{}]", v.iter().map(Literal::inspect).collect::<Vec<_>>().join(", ")),
            Literal::Hash(v) => format!(
                "{{{}}}",
                v.iter().map(|(k, x)| format!("{}=>{}", k.inspect(), x.inspect())).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}

fn literal(e: &Expr) -> Option<Literal<'_>> {
    use ExprKind::*;
    Some(match &e.kind {
        String(s) | QualifiedName(s) => Literal::Str(s),
        Integer { value, .. } => Literal::Int(match value {
            IntValue::Small(v) => v.to_string(),
            IntValue::Big(b) => b.to_string(),
        }),
        Float(f) => Literal::Float(*f),
        Boolean(b) => Literal::Bool(*b),
        Undef => Literal::Undef,
        Default => Literal::Default,
        Regex(r) => Literal::Regex(r),
        ConcatenatedString(segs) => match segs.as_slice() {
            [Expr { kind: String(s), .. }] => Literal::Str(s),
            _ => return None,
        },
        LiteralList(v) => Literal::List(v.iter().map(literal).collect::<Option<Vec<_>>>()?),
        LiteralHash { entries, .. } => {
            let mut out: Vec<(Literal, Literal)> = Vec::new();
            for en in entries {
                let k = literal(&en.key)?;
                let v = literal(&en.value)?;
                if let Some(slot) = out.iter_mut().find(|(x, _)| *x == k) {
                    slot.1 = v;
                } else {
                    out.push((k, v));
                }
            }
            Literal::Hash(out)
        }
        _ => return None,
    })
}

// ----------------------------------------------------------------------
// Labels (Puppet's ModelLabelProvider)

/// The human name of a node, e.g. `'+' expression`, `Host Class Definition`.
pub fn label(e: &Expr) -> std::string::String {
    use ExprKind::*;
    match &e.kind {
        Integer { .. } => "Literal Integer".into(),
        Float(_) => "Literal Float".into(),
        Arithmetic { op, .. } => format!("'{}' expression", op.as_str()),
        Access { .. } => "'[]' expression".into(),
        Match { op, .. } => format!("'{}' expression", op.as_str()),
        Collect { query, .. } => match query.kind {
            QueryKind::Virtual => "Virtual Query".into(),
            QueryKind::Exported => "Exported Query".into(),
        },
        Epp { .. } => "Epp Template".into(),
        Comparison { op, .. } => format!("'{}' expression", op.as_str()),
        And { .. } => "'and' expression".into(),
        Or { .. } => "'or' expression".into(),
        In { .. } => "'in' expression".into(),
        Assignment { op, .. } => format!("'{}' expression", op.as_str()),
        LiteralList(_) => "Array Expression".into(),
        LiteralHash { .. } => "Hash Expression".into(),
        Boolean(_) => "Boolean".into(),
        String(_) => "String".into(),
        Lambda(_) => "Lambda".into(),
        Default => "'default' expression".into(),
        Undef => "'undef' expression".into(),
        Regex(_) => "Regular Expression".into(),
        Nop => "Nop Expression".into(),
        NamedAccess { .. } => "'.' expression".into(),
        Not(_) => "'not' expression".into(),
        Variable(_) => "Variable".into(),
        Text(_) => "Expression in Interpolated String".into(),
        UnaryMinus(_) => "Unary Minus".into(),
        Unfold(_) => "Unfold".into(),
        Block(_) => "Block Expression".into(),
        ConcatenatedString(_) => "Double Quoted String".into(),
        Heredoc { syntax, .. } => format!("'@({syntax})' expression"),
        HostClass(_) => "Host Class Definition".into(),
        Function(_) => "Function Definition".into(),
        Node { .. } => "Node Definition".into(),
        ResourceType(_) => "'define' expression".into(),
        ResourceOverride { .. } => "Resource Override".into(),
        Parenthesized(_) => "Parenthesized Expression".into(),
        If { .. } => "'if' statement".into(),
        Unless { .. } => "'unless' Statement".into(),
        CallNamedFunction(_) => "Function Call".into(),
        CallMethod(_) => "Method call".into(),
        Case { .. } => "'case' statement".into(),
        RenderString(_) => "Epp Text".into(),
        RenderExpression(_) => "Epp Interpolated Expression".into(),
        Relationship { op, .. } => format!("'{}' expression", op.as_str()),
        ResourceDefaults { .. } => "Resource Defaults Expression".into(),
        Resource { .. } => "Resource Statement".into(),
        Selector { .. } => "Selector Expression".into(),
        QualifiedName(_) => "Name".into(),
        QualifiedReference(_) => "Type-Name".into(),
        ReservedWord { word, .. } => format!("Reserved Word '{word}'"),
        TypeAlias { .. } => "Type Alias".into(),
        TypeMapping { .. } => "Type Mapping".into(),
        TypeDefinition { .. } => "Type Definition".into(),
    }
}

/// `a`/`an` by the first letter, skipping a leading quote (Puppet's rule:
/// vowels are a, e, i, o, u, y).
fn article(text: &str) -> &'static str {
    let mut chars = text.chars();
    let mut c = chars.next().unwrap_or('x');
    if c == '\'' || c == '"' {
        c = chars.next().unwrap_or('x');
    }
    if matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u' | 'y') { "an" } else { "a" }
}

pub fn a_an(text: &str) -> std::string::String {
    format!("{} {text}", article(text))
}

pub fn a_an_uc(text: &str) -> std::string::String {
    format!("{} {text}", capitalize(article(text)))
}

fn capitalize(s: &str) -> std::string::String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<std::string::String>() + c.as_str(),
        None => std::string::String::new(),
    }
}

// ----------------------------------------------------------------------
// Name patterns (Puppet's Patterns module)

/// `NUMERIC_VAR_NAME = \A(?:0|(?:[1-9][0-9]*))\z`
fn is_numeric_var_name(n: &str) -> bool {
    n == "0" || (n.as_bytes().first().is_some_and(|c| (b'1'..=b'9').contains(c)) && n.bytes().all(|c| c.is_ascii_digit()))
}

/// Is `b` one or more `::`-separated segments, each a character accepted by
/// `first` (by `last_first` for the last segment) followed by `\w*`?
/// (Without allocating: the validator runs these on every name.)
#[inline]
fn segments_ok(b: &[u8], first: impl Fn(u8) -> bool, last_first: impl Fn(u8) -> bool) -> bool {
    let mut i = 0;
    loop {
        let Some(&c0) = b.get(i) else { return false };
        i = crate::lexer::word_run_end(b, i + 1);
        if i == b.len() {
            return last_first(c0);
        }
        if !(first(c0) && b[i] == b':' && b.get(i + 1) == Some(&b':')) {
            return false;
        }
        i += 2;
    }
}

/// `VAR_NAME = \A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*\z`
fn is_var_name(n: &str) -> bool {
    let n = n.strip_prefix("::").unwrap_or(n);
    segments_ok(n.as_bytes(), |c| c.is_ascii_lowercase(), |c| c.is_ascii_lowercase() || c == b'_')
}

/// `PARAM_NAME = \A[a-z_]\w*\z`
fn is_param_name(n: &str) -> bool {
    let b = n.as_bytes();
    !b.is_empty() && (b[0].is_ascii_lowercase() || b[0] == b'_') && crate::lexer::word_run_end(b, 1) == b.len()
}

/// `CLASSREF_DECL = \A[a-z][\w]*(?:::[a-z][\w]*)*\z`
fn is_classref_decl(n: &str) -> bool {
    segments_ok(n.as_bytes(), |c| c.is_ascii_lowercase(), |c| c.is_ascii_lowercase())
}

/// `CLASSREF_EXT_DECL = \A[A-Z][\w]*(?:::[A-Z][\w]*)*\z`
fn is_classref_ext_decl(n: &str) -> bool {
    segments_ok(n.as_bytes(), |c| c.is_ascii_uppercase(), |c| c.is_ascii_uppercase())
}

/// `CLASSREF_EXT = \A((::){0,1}[A-Z][\w]*)+\z`
fn is_classref_ext(n: &str) -> bool {
    is_classref_ext_decl(n.strip_prefix("::").unwrap_or(n))
}

/// A hash of a parameter name for the duplicate check (FxHash's mixing,
/// eight bytes a step): equal names have equal hashes.
fn name_hash(name: &str) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = name.len() as u64;
    for chunk in name.as_bytes().chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(w)).wrapping_mul(K);
    }
    h
}
