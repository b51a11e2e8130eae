//! Parser unit tests: the shapes that the grammar's performance-minded
//! structure (the binary-operator chain, the inlined levels) must keep, and
//! regressions found by fuzzing (`fuzz/`).

use super::*;
use crate::ast::{ExprKind, Program};

fn program(src: &str) -> Program {
    let p = parse(FileId(0), src, SourceKind::Manifest);
    assert!(!p.has_errors(), "{src:?}: {:?}", p.diagnostics);
    p.program.expect("a program")
}

/// The binary structure of an expression: `(op left right)`, variables as
/// their names.
fn shape(e: &Expr) -> String {
    use ExprKind::*;
    match &e.kind {
        Arithmetic { op, left, right } => format!("({} {} {})", op.as_str(), shape(left), shape(right)),
        Comparison { op, left, right } => format!("({} {} {})", op.as_str(), shape(left), shape(right)),
        Match { op, left, right } => format!("({} {} {})", op.as_str(), shape(left), shape(right)),
        In { left, right } => format!("(in {} {})", shape(left), shape(right)),
        And { left, right } => format!("(and {} {})", shape(left), shape(right)),
        Or { left, right } => format!("(or {} {})", shape(left), shape(right)),
        Not(x) => format!("(! {})", shape(x)),
        UnaryMinus(x) => format!("(- {})", shape(x)),
        Variable(v) => v.to_string(),
        other => format!("{other:?}"),
    }
}

/// Puppet's binding strength of the chained operators, loosest first.
const LEVELS: &[&[&str]] = &[
    &["<", "<=", ">", ">="],
    &["==", "!="],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
    &["=~", "!~"],
    &["in"],
];

fn level(op: &str) -> usize {
    LEVELS.iter().position(|l| l.contains(&op)).expect("a chained operator")
}

/// Reference: precedence climbing over `operands[0] ops[0] operands[1] ...`,
/// all operators left-associative.
fn expected(operands: &[&str], ops: &[&str]) -> String {
    fn climb(first: String, operands: &[&str], ops: &[&str], pos: &mut usize, min: usize) -> String {
        let mut left = first;
        while *pos < ops.len() && level(ops[*pos]) >= min {
            let op = ops[*pos];
            *pos += 1;
            let mut right = operands[*pos].to_string();
            while *pos < ops.len() && level(ops[*pos]) > level(op) {
                right = climb(right, operands, ops, pos, level(op) + 1);
            }
            left = format!("({op} {left} {right})");
        }
        left
    }
    climb(operands[0].to_string(), operands, ops, &mut 0, 0)
}

#[test]
fn binary_operator_chain_has_puppets_precedence() {
    let all: Vec<&str> = LEVELS.iter().flat_map(|l| l.iter().copied()).collect();
    let names = ["a", "b", "c", "d"];
    let mut checked = 0;
    for &o1 in &all {
        for &o2 in &all {
            for &o3 in &all {
                let ops = [o1, o2, o3];
                let src = format!("$x = $a {o1} $b {o2} $c {o3} $d");
                let p = program(&src);
                let Some(body) = &p.body else { panic!("{src}: empty") };
                let ExprKind::Assignment { right, .. } = &body.kind else { panic!("{src}: {body:?}") };
                assert_eq!(shape(right), expected(&names, &ops), "{src}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 16 * 16 * 16);
}

#[test]
fn chain_operands_and_neighbours() {
    let rhs = |src: &str| {
        let p = program(src);
        let body = p.body.expect("a body");
        match body.kind {
            ExprKind::Assignment { right, .. } => shape(&right),
            _ => panic!("{src}"),
        }
    };
    // Unary operators bind tighter than any chained operator; `and`/`or`
    // looser.
    assert_eq!(rhs("$x = -$a * !$b in $c"), "(* (- a) (in (! b) c))");
    assert_eq!(rhs("$x = $a == $b and $c < $d or $a"), "(or (and (== a b) (< c d)) a)");
    // Parentheses make an operand, which the chain never reshapes.
    let p = program("$x = ($a + $b) * $c");
    let printed = crate::printer::print_program(&p);
    assert!(printed.contains("(paren"), "{printed}");
    // Spans: a binary expression is located at its operator.
    let p = program("$x = $a + $b * $c");
    let ExprKind::Assignment { right, .. } = &p.body.as_ref().expect("body").kind else { panic!() };
    assert_eq!((right.span.lo, right.span.hi), (8, 9));
    let ExprKind::Arithmetic { right: mul, .. } = &right.kind else { panic!() };
    assert_eq!((mul.span.lo, mul.span.hi), (13, 14));
}

#[test]
fn nested_definitions_are_qualified() {
    let names = |src: &str| {
        let p = program(src);
        let mut out = Vec::new();
        fn walk(e: &Expr, out: &mut Vec<String>) {
            if let ExprKind::HostClass(d) | ExprKind::ResourceType(d) = &e.kind {
                out.push(d.name.to_string());
            }
            crate::visit::children(e, &mut |c| walk(c, out));
        }
        walk(p.body.as_ref().expect("body"), &mut out);
        out.join(" ")
    };
    assert_eq!(names("class a { class b { define c {} } }"), "a a::b a::b::c");
    // `class { ... }` resource declarations are no definitions.
    assert_eq!(names("class a { class { 'x': } }"), "a");
    assert_eq!(names("class a { class { 'x': } define d {} }"), "a a::d");
    // A definition in a heredoc's interpolation counts too.
    assert_eq!(names("class a { $x = @(\"E\")\n  ${class b {}}\n  | E\n}"), "a a::b");
}
