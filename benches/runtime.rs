//! Runtime hot-operation benchmarks (written with the runtime issue).
fn main() {}
