//! Runtime hot operations: integer add, string compare, hash lookup and
//! instance-of on a Struct type, through the same entry points the evaluator
//! and JIT-compiled code call.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use pjit_runtime::ops::{self, ArithOp, CmpOp};
use pjit_runtime::types::access::parameterize;
use pjit_runtime::types::calc::instance_of;
use pjit_runtime::{Type, Value};

fn hot_operations(c: &mut Criterion) {
    let mut g = c.benchmark_group("runtime");

    // Reference point for the machine: a bare checked i64 add.
    let (x, y) = (40i64, 2i64);
    g.bench_function("baseline_i64_checked_add", |bch| bch.iter(|| black_box(x).checked_add(black_box(y))));

    let (a, b) = (Value::Integer(40), Value::Integer(2));
    g.bench_function("integer_add", |bch| {
        bch.iter(|| ops::arithmetic(ArithOp::Add, black_box(&a), black_box(&b)))
    });

    let s1 = Value::string("Hello World, this is Puppet");
    let s2 = Value::string("hello world, this is puppet");
    g.bench_function("string_eq_case_insensitive", |bch| {
        bch.iter(|| ops::comparison(CmpOp::Eq, black_box(&s1), black_box(&s2)))
    });
    let s3 = Value::string("hello world, this is puppeu");
    g.bench_function("string_lt", |bch| bch.iter(|| ops::comparison(CmpOp::Lt, black_box(&s1), black_box(&s3))));

    let hash = Value::hash((0..100).map(|i| (Value::string(format!("key{i}")), Value::Integer(i))));
    let key = Value::string("key57");
    g.bench_function("hash_lookup_100", |bch| {
        bch.iter(|| ops::access(black_box(&hash), std::slice::from_ref(black_box(&key))))
    });

    // Struct[{name => String[1], port => Integer[1, 65535], Optional[tags] => Array[String]}]
    let spec = Value::hash(vec![
        (Value::string("name"), Value::of_type(Type::String { size: Some(pjit_runtime::types::IntRange::new(Some(1), None)), value: None })),
        (Value::string("port"), Value::of_type(Type::integer(Some(1), Some(65535)))),
        (
            Value::of_type(Type::optional(Type::string_value("tags"))),
            Value::of_type(Type::array_of(Type::string())),
        ),
    ]);
    let Value::Type(st) = parameterize(&Type::Struct(vec![]), &[spec]).expect("valid Struct") else {
        unreachable!("parameterize returns a type")
    };
    let value = Value::hash(vec![
        (Value::string("name"), Value::string("web")),
        (Value::string("port"), Value::Integer(8080)),
        (Value::string("tags"), Value::array(vec![Value::string("a"), Value::string("b")])),
    ]);
    assert!(instance_of(&st, &value));
    g.bench_function("instance_of_struct", |bch| bch.iter(|| instance_of(black_box(&st), black_box(&value))));
    g.finish();
}

criterion_group!(benches, hot_operations);
criterion_main!(benches);
