//! Puppet values, the type system, operators and conversions: the leaf crate
//! that every other stage (and JIT-compiled code) calls into.
//!
//! Module map:
//! - [`value`]: `Value` (16-byte tagged layout), containers, hash-key semantics.
//! - [`error`]: the error type (Puppet issue code + exact message).
//! - [`types`]: the `Type` data structure, aliases, printing ([`types::format`]),
//!   instance-of / assignability / inference ([`types::calc`]) and
//!   parameterization through `[]` ([`types::access`]).
//! - [`ops`]: arithmetic, comparison, `=~`, `in`, `[]`, splat.
//! - [`display`]: interpolation to-string, Ruby float printing, quoting.
//! - [`convert`]: string-to-number coercion and the `new` conversions.
//! - [`string_converter`], [`string_format`]: `String(x, format)` and `sprintf`.
//! - [`regex`], [`time`], [`semver`]: Ruby regexps, Timespan/Timestamp,
//!   SemVer ranges.
//!
//! - [`functions`]: Puppet 7's core function library (`each`, `split`,
//!   `notice` ...) with Puppet's signatures and messages; see its module doc.
//! - [`hiera`]: Hiera 5 data binding (`lookup`, automatic parameter lookup).
//! - [`abi`]: the `extern "C"` helpers JIT and AOT code call, and their symbol table.
//! - [`erb`]: ERB templates (`template()`, `inline_template()`) rendered natively.
//! - [`foreign`]: the interface of a runner for the modules' Ruby code pjit
//!   does not run natively (the Ruby bridge).
//!
//! Everything fallible returns `Result<_, Error>`; nothing panics on user data.

pub mod abi;
pub mod convert;
pub mod display;
pub mod erb;
pub mod foreign;
pub mod error;
pub mod functions;
pub(crate) mod glob;
pub mod hiera;
pub mod impure;
pub mod label;
pub mod ops;
pub mod regex;
pub mod semver;
pub mod string_converter;
pub mod string_format;
pub mod strptime;
pub mod time;
pub mod types;
pub mod uri;
pub mod value;
mod yaml_emit;

pub use error::{Error, Result};
pub use ops::{ArithOp, CmpOp, MatchResult};
pub use types::Type;
pub use value::Value;
