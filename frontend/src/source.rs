//! Source files, byte spans and the mapping from byte offsets to the
//! line/column positions that Puppet reports.
//!
//! Invariant: every span in the AST and in diagnostics is a half-open byte
//! range into the text of the file named by its `FileId`. Lines and columns
//! are computed only when something is rendered, exactly as Puppet's
//! `Locator` does: lines are split on `\n` only, and the column is the number
//! of *characters* (not bytes) from the start of the line, plus one.

use std::fmt;
use std::sync::Arc;

/// Identifies a source file within one compilation (an index into the
/// caller's file table).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A half-open byte range `lo..hi` in one source file.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub lo: u32,
    pub hi: u32,
}

impl Span {
    #[inline]
    pub fn new(lo: usize, hi: usize) -> Span {
        debug_assert!(lo <= hi);
        Span { lo: lo as u32, hi: hi as u32 }
    }

    /// The span from the start of `self` to the end of `other` (Puppet's
    /// `record_position(start, end)`).
    #[inline]
    pub fn to(self, other: Span) -> Span {
        Span { lo: self.lo, hi: other.hi.max(self.lo) }
    }

    #[inline]
    pub fn len(self) -> usize {
        (self.hi - self.lo) as usize
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.hi == self.lo
    }

    /// An empty span at the start of `self` (Puppet gives elements it did not
    /// position explicitly their container's offset and a zero length).
    #[inline]
    pub fn start(self) -> Span {
        Span { lo: self.lo, hi: self.lo }
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.lo, self.hi)
    }
}

/// A source file: its name as it appears in messages, its text, and the
/// byte offset of the start of each line.
#[derive(Clone, Debug)]
pub struct SourceFile {
    name: Arc<str>,
    text: Arc<str>,
    line_starts: Vec<u32>,
}

impl SourceFile {
    pub fn new(name: impl Into<Arc<str>>, text: impl Into<Arc<str>>) -> SourceFile {
        let text: Arc<str> = text.into();
        let mut line_starts = Vec::with_capacity(text.len() / 32 + 1);
        line_starts.push(0);
        line_starts.extend(memchr_newlines(text.as_bytes()).map(|i| (i + 1) as u32));
        SourceFile { name: name.into(), text, line_starts }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn line_starts(&self) -> &[u32] {
        &self.line_starts
    }

    /// 1-based line of a byte offset.
    pub fn line(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&(offset as u32)) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }

    /// 1-based (line, column) of a byte offset; the column counts characters.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line(offset);
        let start = self.line_starts[line - 1] as usize;
        // The offset may fall inside a multi-byte character (Puppet's lexer
        // can split one); count the characters that start before it.
        let before = &self.text.as_bytes()[start..offset];
        // Most lines are ASCII: `is_ascii` tests a word at a time.
        let col = if before.is_ascii() { before.len() } else { before.iter().filter(|&&b| (b & 0xC0) != 0x80).count() };
        (line, col + 1)
    }

    /// The text of the 1-based line `line`, without its line terminator.
    pub fn line_text(&self, line: usize) -> &str {
        let start = self.line_starts[line - 1] as usize;
        let end = self.line_starts.get(line).map(|&e| e as usize).unwrap_or(self.text.len());
        let s = &self.text[start..end];
        s.strip_suffix('\n').map(|s| s.strip_suffix('\r').unwrap_or(s)).unwrap_or(s)
    }
}

fn memchr_newlines(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr_iter(b'\n', bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        let f = SourceFile::new("x.pp", "a\né é x\n");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(2), (2, 1));
        // 'x' is after "é é " = 6 bytes, 4 chars
        assert_eq!(f.line_col(8), (2, 5));
        assert_eq!(f.line_col(10), (3, 1));
        assert_eq!(f.line_text(2), "é é x");
    }
}
