//! Frontend throughput (filled in with the corpus benchmark).
fn main() {}
