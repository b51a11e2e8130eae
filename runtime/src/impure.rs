//! Calls whose answer does not follow from a compile's inputs: the clock,
//! random numbers, commands run on this machine, the Ruby bridge.
//!
//! Batch mode remembers whole compiles by the node inputs they read (see
//! `pjit_ir::interp::memo`): that is sound only while a compile's output is
//! a function of those inputs and of the environment's files. Every call
//! site that asks the outside world something that can change from one
//! compile to the next calls [`mark`]; a compile during which the count
//! moved is not remembered. (`tests/impure_sites.rs` checks that the clock,
//! random and command sites of the runtime all call it.) Process
//! environment variables and file contents are not marked: they are the
//! same for every compile of a batch, as for separate `pjit compile` runs
//! with the same environment.

use std::cell::Cell;

thread_local! {
    static COUNT: Cell<u64> = const { Cell::new(0) };
}

/// Notes that the running compile asked the outside world something.
pub fn mark() {
    COUNT.with(|c| c.set(c.get() + 1));
}

/// How many times [`mark`] was called on this thread (compare two readings).
pub fn count() -> u64 {
    COUNT.with(Cell::get)
}
