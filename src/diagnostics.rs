//! Rendering of diagnostics at the CLI edge, in Puppet's format:
//! `Error: <message> (file: F, line: L, column: C)` on stderr, followed by a
//! caret snippet of the source (drawn by codespan-reporting).

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config, termcolor::NoColor};
use pjit_frontend::{Diagnostic, Severity, SourceFile};

/// Writes one diagnostic to stderr.
pub fn emit(d: &Diagnostic, source: &SourceFile) {
    eprint!("{}", render(d, source));
}

/// The rendered text of one diagnostic.
pub fn render(d: &Diagnostic, source: &SourceFile) -> String {
    let level = match d.severity {
        Severity::Error => "Error",
        Severity::Warning => "Warning",
        Severity::Deprecation => "Deprecation",
    };
    let mut text = format!("{level}: {}\n", d.message_with_location(source));
    if let Some(span) = d.span {
        let lo = (span.lo as usize).min(source.text().len());
        let hi = (span.hi as usize).clamp(lo, source.text().len());
        // codespan needs character boundaries.
        let lo = floor_char_boundary(source.text(), lo);
        let hi = floor_char_boundary(source.text(), hi).max(lo);
        let file = SimpleFile::new(source.name(), source.text());
        let cs = CsDiagnostic::error().with_labels(vec![Label::primary((), lo..hi)]);
        let mut buf = NoColor::new(Vec::new());
        if term::emit_to_write_style(&mut buf, &Config::default(), &file, &cs).is_ok() {
            let rendered = String::from_utf8_lossy(&buf.into_inner()).into_owned();
            // Drop codespan's own header line: ours replaces it.
            if let Some((_, rest)) = rendered.split_once('\n') {
                text.push_str(rest);
            }
        }
    }
    text
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
