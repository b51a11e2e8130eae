//! Deep data and recursive types must not overflow the stack: a 100,000-deep
//! nested array compares, prints, infers, matches and drops; self-recursive
//! type aliases answer instance-of and assignability questions.

use pjit_runtime::display::to_interpolated_string;
use pjit_runtime::ops::{self, CmpOp};
use pjit_runtime::types::calc::{infer, instance_of, is_assignable};
use pjit_runtime::types::format::{to_alias_expanded_string, type_to_string};
use pjit_runtime::types::TypeAlias;
use pjit_runtime::{Type, Value};

const DEPTH: usize = 100_000;

fn nested(depth: usize, leaf: Value) -> Value {
    let mut v = leaf;
    for _ in 0..depth {
        v = Value::array(vec![v]);
    }
    v
}

fn nested_hash(depth: usize) -> Value {
    let mut v = Value::Integer(1);
    for _ in 0..depth {
        v = Value::hash(vec![(Value::string("k"), v)]);
    }
    v
}

// A `Value` may hold a type alias whose resolution cell is set once; its
// hash and equality use only the alias name, so using values as set keys is
// sound even though clippy sees interior mutability.
#[allow(clippy::mutable_key_type)]
#[test]
fn deep_arrays_compare_print_and_drop() {
    // Run on a small thread stack to prove the guard, not the default size.
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let a = nested(DEPTH, Value::Integer(1));
            let b = nested(DEPTH, Value::Integer(1));
            let c = nested(DEPTH, Value::Integer(2));
            assert!(ops::equals(&a, &b));
            assert!(!ops::equals(&a, &c));
            assert!(a.eql(&b));
            assert!(ops::comparison(CmpOp::Eq, &a, &b).unwrap());
            let s = to_interpolated_string(&a);
            assert_eq!(s.len(), 2 * DEPTH + 1);
            let t = infer(&a);
            assert!(t == infer(&b));
            assert!(t != infer(&c));
            assert!(is_assignable(&t, &infer(&b)));
            let mut set = std::collections::HashSet::new();
            set.insert(Value::of_type(t.clone()));
            assert!(set.contains(&Value::of_type(infer(&b))));
            assert!(instance_of(&Type::data(), &a));
            assert!(instance_of(&t, &a));
            let h = nested_hash(DEPTH);
            assert!(ops::equals(&h, &h.clone()));
            assert!(instance_of(&Type::data(), &h));
            drop((a, b, c, h, t));
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn self_recursive_alias() {
    // type Tree = Array[Variant[Integer, Tree]]
    let alias = TypeAlias::new("Tree");
    let tree = Type::Alias(alias.clone());
    alias.resolve(Type::array_of(Type::Variant(vec![Type::integer(None, None), tree.clone()])));
    let ok = Value::array(vec![
        Value::Integer(1),
        Value::array(vec![Value::Integer(42), Value::Integer(4)]),
        nested(1000, Value::Integer(5)),
    ]);
    let bad = Value::array(vec![Value::Integer(1), Value::array(vec![Value::string("x")])]);
    assert!(instance_of(&tree, &ok));
    assert!(!instance_of(&tree, &bad));
    assert!(is_assignable(&tree, &tree));
    assert!(is_assignable(&tree, &Type::array_of(Type::integer(Some(1), Some(2)))));
    assert!(!is_assignable(&tree, &Type::array_of(Type::string())));
    assert_eq!(type_to_string(&tree), "Tree");
    assert_eq!(to_alias_expanded_string(&tree), "Tree = Array[Variant[Integer, Tree]]");
    assert_eq!(
        to_interpolated_string(&Value::of_type(tree.clone())),
        "Tree = Array[Variant[Integer, Tree]]"
    );
}

#[test]
fn mutually_recursive_aliases_and_pathological_self_reference() {
    // type Mix = Variant[Integer, String, MixedTree]
    // type MixedTree = Array[Variant[Mix, MixedTree]]
    let mix = TypeAlias::new("Mix");
    let mixed_tree = TypeAlias::new("MixedTree");
    mix.resolve(Type::Variant(vec![Type::integer(None, None), Type::string(), Type::Alias(mixed_tree.clone())]));
    mixed_tree.resolve(Type::array_of(Type::Variant(vec![Type::Alias(mix.clone()), Type::Alias(mixed_tree.clone())])));
    let v = Value::array(vec![
        Value::Integer(1),
        Value::array(vec![Value::string("hello"), Value::Integer(4)]),
        nested(10, Value::string("deep")),
    ]);
    assert!(instance_of(&Type::Alias(mixed_tree.clone()), &v));
    assert!(!instance_of(&Type::Alias(mixed_tree.clone()), &Value::array(vec![Value::Float(1.0)])));
    // type Loop = Loop (never instance, never hangs)
    let l = TypeAlias::new("Loop");
    l.resolve(Type::Alias(l.clone()));
    assert!(!instance_of(&Type::Alias(l.clone()), &Value::Integer(1)));
    assert!(is_assignable(&Type::Alias(l.clone()), &Type::Alias(l.clone())));
    // Unresolved aliases are not instances of anything and print by name.
    let u = TypeAlias::new("Later");
    assert!(!instance_of(&Type::Alias(u.clone()), &Value::Integer(1)));
    assert_eq!(type_to_string(&Type::Alias(u)), "Later");
}

#[test]
fn self_recursive_struct_alias() {
    // type A = Struct[{a => Integer, Optional[b] => A}] (Puppet itself
    // overflows its stack on this one).
    let alias = TypeAlias::new("A");
    let a = Type::Alias(alias.clone());
    alias.resolve(Type::Struct(vec![
        pjit_runtime::types::StructElement { key: Type::string_value("a"), value: Type::integer(None, None) },
        pjit_runtime::types::StructElement { key: Type::optional(Type::string_value("b")), value: a.clone() },
    ]));
    let inner = Value::hash(vec![(Value::string("a"), Value::Integer(2))]);
    let ok = Value::hash(vec![(Value::string("a"), Value::Integer(1)), (Value::string("b"), inner)]);
    let bad = Value::hash(vec![
        (Value::string("a"), Value::Integer(1)),
        (Value::string("b"), Value::hash(vec![(Value::string("b"), Value::Integer(2))])),
    ]);
    assert!(instance_of(&a, &ok));
    assert!(!instance_of(&a, &bad));
    assert!(is_assignable(&a, &a));
    assert_eq!(to_alias_expanded_string(&a), "A = Struct[{'a' => Integer, Optional['b'] => A}]");
}

#[test]
fn release_cycles_frees_only_what_nothing_holds() {
    use pjit_runtime::types::cycles::release_cycles;
    use std::sync::Arc;
    // type A = Array[A], held by nobody but its owner: freed.
    let a = TypeAlias::new("A");
    a.resolve(Type::array_of(Type::Alias(a.clone())));
    let weak = Arc::downgrade(&a);
    release_cycles(vec![a]);
    assert_eq!(weak.strong_count(), 0);

    // type B = Variant[String, Array[B]] with its inner `Array[B]` node
    // held from outside: B must stay whole.
    let b = TypeAlias::new("B");
    b.resolve(Type::Variant(vec![Type::string(), Type::array_of(Type::Alias(b.clone()))]));
    let inner = match b.resolved_type() {
        Some(Type::Variant(ms)) => match &ms[1] {
            Type::Array { element, .. } => element.clone(),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    };
    release_cycles(vec![b]);
    let Type::Alias(b) = &*inner else { panic!("the alias") };
    assert_eq!(type_to_string(b.resolved_type().expect("still resolved")), "Variant[String, Array[B]]");
    assert!(instance_of(&inner, &Value::array(vec![Value::string("x")])));

    // C -> D -> C, with D held from outside: both stay (C through D).
    let c = TypeAlias::new("C");
    let d = TypeAlias::new("D");
    c.resolve(Type::optional(Type::Alias(d.clone())));
    d.resolve(Type::hash_of(Type::string(), Type::Alias(c.clone())));
    let held = Type::Alias(d.clone());
    let (wc, wd) = (Arc::downgrade(&c), Arc::downgrade(&d));
    release_cycles(vec![c, d]);
    let v = Value::hash(vec![(Value::string("k"), Value::hash(vec![(Value::string("l"), Value::Undef)]))]);
    assert!(instance_of(&held, &v));
    assert!(!instance_of(&held, &Value::hash(vec![(Value::string("k"), Value::Integer(1))])));
    // An owner of both again, and nothing else: both go.
    let (c, d) = (wc.upgrade().expect("C"), wd.upgrade().expect("D"));
    drop(held);
    release_cycles(vec![d, c]);
    assert_eq!((wc.strong_count(), wd.strong_count()), (0, 0));
}
