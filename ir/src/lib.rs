//! The typed SSA IR that every Puppet body is lowered to, with its text
//! form, verifier and interpreter.
//!
//! * [`ir`]: the data structures (programs, functions, blocks, values).
//! * [`lower`]: AST -> IR (the only module that sees the frontend's AST).
//! * [`print`]: the text form (`pjit compile --emit=ir`).
//! * [`parse`]: reads the text form back (round trip with [`print`]).
//! * [`verify`]: the invariants every function satisfies.
//! * [`passes`]: constant folding, type inference, dead-code elimination.
//! * [`interp`]: the interpreter, the calling convention, scopes and the
//!   catalog under construction.

pub mod interp;
pub mod ir;
pub mod lower;
pub mod parse;
pub mod passes;
pub mod print;
pub mod verify;

pub use ir::*;
