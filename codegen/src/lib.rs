//! Cranelift code generation for IR functions: the JIT tier and the AOT
//! object writer. (Arrives with the JIT issue; until then the crate is empty.)
