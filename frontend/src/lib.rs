//! The frontend of pjit: Puppet source text in, a validated AST out.
//!
//! ```text
//! bytes --(UTF-8, BOM check)--> lexer::Lexer --(tokens)--> parser (LALRPOP)
//!       --> ast::Program --> validate::validate --> diagnostics
//! ```
//!
//! * [`lexer`] is a hand-written, context-sensitive port of Puppet's lexer.
//! * [`parser`] wraps the LALRPOP grammar behind [`parse`]; nobody outside
//!   the module sees LALRPOP types.
//! * [`ast`] is plain data with byte spans; [`printer`] gives it a stable
//!   text form (`pjit parse --emit=ast`).
//! * [`validate`] makes the static checks of Puppet's validator.
//! * [`diagnostic`] holds errors and warnings as data; rendering happens in
//!   the CLI.

pub mod diagnostic;
pub mod lexer;
pub mod source;
pub mod visit;
pub mod printer;
pub mod validate;

pub use diagnostic::{Diagnostic, Severity};
pub use source::{FileId, SourceFile, Span};
pub mod ast;
pub mod parser;
