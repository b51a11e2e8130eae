//! Static validation (Puppet's Checker4_0).

use crate::ast::Program;
use crate::diagnostic::Diagnostic;

#[derive(Clone, Debug, Default)]
pub struct Options {}

pub fn validate(_p: &Program, _o: &Options) -> Vec<Diagnostic> {
    vec![]
}
