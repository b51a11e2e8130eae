//! The typed SSA IR that every Puppet body is lowered to, its verifier, its
//! passes and its interpreter. (Lowering and execution arrive with the
//! evaluator issue; until then the crate is empty.)
