//! Diagnostics as plain data: what the lexer, parser and validator report.
//!
//! A diagnostic carries Puppet's issue code (`SYNTAX_ERROR`,
//! `ILLEGAL_ASSIGNMENT`, ...), the message text exactly as Puppet words it,
//! and where it is. Rendering (`Error: ... (file: F, line: L, column: C)` and
//! the caret snippet) happens only at the edge, in the CLI.

use crate::source::{FileId, SourceFile, Span};

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Deprecation,
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Puppet's issue code, e.g. `SYNTAX_ERROR`.
    pub code: &'static str,
    pub message: String,
    pub file: FileId,
    /// `None` when Puppet reports no position (e.g. "Syntax error at end of
    /// input" gives only the file). Renderers may still point at the end of
    /// the file.
    pub span: Option<Span>,
}

impl Diagnostic {
    #[cold]
    pub fn error(code: &'static str, message: impl Into<String>, file: FileId, span: Span) -> Diagnostic {
        Diagnostic { severity: Severity::Error, code, message: message.into(), file, span: Some(span) }
    }

    #[cold]
    pub fn warning(code: &'static str, message: impl Into<String>, file: FileId, span: Span) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, code, message: message.into(), file, span: Some(span) }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `(line, column)`, 1-based, as Puppet reports them.
    pub fn line_col(&self, file: &SourceFile) -> Option<(usize, usize)> {
        self.span.map(|s| file.line_col(s.lo as usize))
    }

    /// The message with Puppet's location suffix, e.g.
    /// `Syntax error at '}' (file: x.pp, line: 3, column: 1)`.
    pub fn message_with_location(&self, file: &SourceFile) -> String {
        match self.line_col(file) {
            Some((line, col)) => {
                format!("{} (file: {}, line: {}, column: {})", self.message, file.name(), line, col)
            }
            None => format!("{} (file: {})", self.message, file.name()),
        }
    }
}

/// Puppet's issue codes used by the frontend. Keeping them as constants
/// documents which of Puppet's issues we implement.
pub mod codes {
    pub const SYNTAX_ERROR: &str = "SYNTAX_ERROR";
    pub const ILLEGAL_BOM: &str = "ILLEGAL_BOM";
    pub const INVALID_UTF8: &str = "INVALID_UTF8";
    pub const NESTING_TOO_DEEP: &str = "NESTING_TOO_DEEP";
    pub const UNCLOSED_QUOTE: &str = "UNCLOSED_QUOTE";
    pub const UNCLOSED_MLCOMMENT: &str = "UNCLOSED_MLCOMMENT";
    pub const ILLEGAL_NUMBER: &str = "ILLEGAL_NUMBER";
    pub const INVALID_HEX_NUMBER: &str = "INVALID_HEX_NUMBER";
    pub const INVALID_OCTAL_NUMBER: &str = "INVALID_OCTAL_NUMBER";
    pub const INVALID_DECIMAL_NUMBER: &str = "INVALID_DECIMAL_NUMBER";
    pub const ILLEGAL_CLASS_REFERENCE: &str = "ILLEGAL_CLASS_REFERENCE";
    pub const ILLEGAL_FULLY_QUALIFIED_CLASS_REFERENCE: &str = "ILLEGAL_FULLY_QUALIFIED_CLASS_REFERENCE";
    pub const ILLEGAL_FULLY_QUALIFIED_NAME: &str = "ILLEGAL_FULLY_QUALIFIED_NAME";
    pub const ILLEGAL_NAME_OR_BARE_WORD: &str = "ILLEGAL_NAME_OR_BARE_WORD";
    pub const ILLEGAL_UNICODE_ESCAPE: &str = "ILLEGAL_UNICODE_ESCAPE";
    pub const UNRECOGNIZED_ESCAPE: &str = "UNRECOGNIZED_ESCAPE";
    pub const ILLEGAL_REGEXP: &str = "ILLEGAL_REGEXP";
    pub const HEREDOC_UNCLOSED_PARENTHESIS: &str = "HEREDOC_UNCLOSED_PARENTHESIS";
    pub const HEREDOC_INVALID_SYNTAX: &str = "HEREDOC_INVALID_SYNTAX";
    pub const HEREDOC_EMPTY_ENDTAG: &str = "HEREDOC_EMPTY_ENDTAG";
    pub const HEREDOC_MULTIPLE_AT_ESCAPES: &str = "HEREDOC_MULTIPLE_AT_ESCAPES";
    pub const HEREDOC_INVALID_ESCAPE: &str = "HEREDOC_INVALID_ESCAPE";
    pub const HEREDOC_WITHOUT_TEXT: &str = "HEREDOC_WITHOUT_TEXT";
    pub const HEREDOC_WITHOUT_END_TAGGED_LINE: &str = "HEREDOC_WITHOUT_END_TAGGED_LINE";
    pub const EPP_UNBALANCED_TAG: &str = "EPP_UNBALANCED_TAG";
    pub const EPP_UNBALANCED_COMMENT: &str = "EPP_UNBALANCED_COMMENT";
    pub const EPP_UNBALANCED_EXPRESSION: &str = "EPP_UNBALANCED_EXPRESSION";
    pub const PARSE_ERROR: &str = "PARSE_ERROR";
}
