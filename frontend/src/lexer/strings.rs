//! String slurping and escape processing, following Puppet's `SlurpSupport`.
//!
//! A string is cut into segments at its unescaped terminators (`"`, `$`,
//! `${` for double quotes; `$`, `${` or end of text for heredocs), and
//! escapes are processed per segment, in Puppet's two passes: first every
//! `\uXXXX` / `\u{X..}` escape (repeated until none is left, like Ruby's
//! `gsub!` loop), then every other `\c` pair in one left-to-right pass. The
//! two passes are observable (`"\u005cn"` is a newline), so we keep them.

use std::borrow::Cow;

/// Which characters may follow a backslash in a given kind of string.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Escapes {
    pub backslash: bool,
    pub dollar: bool,
    pub squote: bool,
    pub dquote: bool,
    pub r: bool,
    pub n: bool,
    pub t: bool,
    pub s: bool,
    pub u: bool,
    /// `\` followed by a line break removes both (`\n` and `\r\n`).
    pub newline: bool,
}

impl Escapes {
    /// Double-quoted strings: `\\ \$ \' \" \r \n \t \s \u` and line breaks.
    pub const DQ: Escapes = Escapes {
        backslash: true,
        dollar: true,
        squote: true,
        dquote: true,
        r: true,
        n: true,
        t: true,
        s: true,
        u: true,
        newline: true,
    };

    /// No escapes at all (a heredoc without `/` flags).
    pub const NONE: Escapes = Escapes {
        backslash: false,
        dollar: false,
        squote: false,
        dquote: false,
        r: false,
        n: false,
        t: false,
        s: false,
        u: false,
        newline: false,
    };

    fn allows(&self, c: char) -> bool {
        match c {
            '\\' => self.backslash,
            '$' => self.dollar,
            '\'' => self.squote,
            '"' => self.dquote,
            'r' => self.r,
            'n' => self.n,
            't' => self.t,
            's' => self.s,
            'u' => self.u,
            _ => false,
        }
    }

    pub fn is_empty(&self) -> bool {
        *self == Escapes::NONE
    }
}

/// A problem found while processing escapes; `Error` aborts lexing.
#[derive(Debug, Clone, PartialEq)]
pub enum EscapeIssue {
    /// `\q` in a double-quoted string (a warning in Puppet).
    Unrecognized(String),
    /// `\u` not followed by hex digits (a warning).
    IllegalUnicodeWarning,
    /// A `\u` escape that does not denote a Unicode scalar value (an error).
    IllegalUnicodeError,
}

/// Processes the escapes of a single-quoted string segment: only `\\` and
/// `\'` are escapes; every other backslash stays.
pub fn sq_escapes(raw: &str) -> Cow<'_, str> {
    if memchr::memchr(b'\\', raw.as_bytes()).is_none() {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&n) = chars.peek() {
                if n == '\\' || n == '\'' {
                    out.push(n);
                    chars.next();
                    continue;
                }
            }
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// Processes the escapes of a double-quoted or heredoc segment.
/// `issues` receives warnings; an error is returned as `Err`.
pub fn process_escapes<'a>(
    raw: &'a str,
    escapes: Escapes,
    warn_unrecognized: bool,
    issues: &mut Vec<EscapeIssue>,
) -> Result<Cow<'a, str>, EscapeIssue> {
    if !raw.contains('\\') {
        return Ok(Cow::Borrowed(raw));
    }
    let mut s: Cow<'a, str> = Cow::Borrowed(raw);
    if escapes.u {
        // Ruby: `while str.gsub!(UNICODE_ESCAPE) {...}`.
        while let Some(next) = unicode_round(&s)? {
            s = Cow::Owned(next);
        }
    }
    if !s.contains('\\') {
        return Ok(s);
    }
    let mut out = String::with_capacity(s.len());
    let bytes = s.as_bytes();
    let mut i = 0;
    let mut last = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        // `\\([^\r\n]|(?:\r?\n))`
        let rest = &s[i + 1..];
        let (ch_len, is_break) = match rest.as_bytes().first() {
            None => break,
            Some(b'\n') => (1, true),
            Some(b'\r') if rest.as_bytes().get(1) == Some(&b'\n') => (2, true),
            Some(b'\r') => {
                i += 1;
                continue;
            }
            Some(_) => (rest.chars().next().map(char::len_utf8).unwrap_or(1), false),
        };
        out.push_str(&s[last..i]);
        let ch = &rest[..ch_len];
        if is_break {
            if !escapes.newline {
                out.push('\\');
                out.push_str(ch);
            }
        } else {
            let c = ch.chars().next().unwrap_or('\0');
            if escapes.allows(c) {
                match c {
                    'r' => out.push('\r'),
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    's' => out.push(' '),
                    'u' => {
                        issues.push(EscapeIssue::IllegalUnicodeWarning);
                        out.push_str("\\u");
                    }
                    _ => out.push(c),
                }
            } else {
                if warn_unrecognized {
                    issues.push(EscapeIssue::Unrecognized(ch.to_string()));
                }
                out.push('\\');
                out.push_str(ch);
            }
        }
        i += 1 + ch_len;
        last = i;
    }
    out.push_str(&s[last..]);
    Ok(Cow::Owned(out))
}

/// One round of Ruby's
/// `gsub!(/((?:[^\\]|^)(?:[\\]{2})*)\\u(?:([\da-fA-F]{4})|\{([\da-fA-F]{1,6})\})/m)`:
/// non-overlapping leftmost matches, each needing a non-backslash character
/// (or a line start) before an odd run of backslashes and `u`.
/// Returns `None` when nothing matched.
fn unicode_round(s: &str) -> Result<Option<String>, EscapeIssue> {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut copied = 0;
    let mut changed = false;
    let mut start = 0;
    while start < b.len() {
        // Alternative 1: a non-backslash character at `start`, run after it.
        // Alternative 2: `^` at `start` (zero width), run starting at `start`.
        let mut found = None;
        if b[start] != b'\\' {
            let clen = s[start..].chars().next().map(char::len_utf8).unwrap_or(1);
            if let Some(m) = match_run_u(b, start + clen) {
                found = Some(m);
            }
        }
        if found.is_none() && (start == 0 || b[start - 1] == b'\n') {
            if let Some(m) = match_run_u(b, start) {
                found = Some(m);
            }
        }
        match found {
            Some((u_pos, hex_start, hex_end, end)) => {
                let value = u32::from_str_radix(&s[hex_start..hex_end], 16).unwrap_or(u32::MAX);
                let c = char::from_u32(value).ok_or(EscapeIssue::IllegalUnicodeError)?;
                out.push_str(&s[copied..u_pos]);
                out.push(c);
                copied = end;
                changed = true;
                start = end;
            }
            None => {
                start += s[start..].chars().next().map(char::len_utf8).unwrap_or(1);
            }
        }
    }
    if !changed {
        return Ok(None);
    }
    out.push_str(&s[copied..]);
    Ok(Some(out))
}

/// At `q`: `(\\\\)*\\u(hex4 | {hex1..6})`. Returns (position of the
/// escaping backslash, hex start, hex end, match end).
fn match_run_u(b: &[u8], q: usize) -> Option<(usize, usize, usize, usize)> {
    let mut n = 0;
    while q + n < b.len() && b[q + n] == b'\\' {
        n += 1;
    }
    if n % 2 == 0 || b.get(q + n) != Some(&b'u') {
        return None;
    }
    let u_pos = q + n - 1;
    let h = q + n + 1;
    let is_hex = |i: usize| b.get(i).is_some_and(|c| c.is_ascii_hexdigit());
    if (0..4).all(|k| is_hex(h + k)) {
        return Some((u_pos, h, h + 4, h + 4));
    }
    if b.get(h) == Some(&b'{') {
        let mut k = 0;
        while k < 6 && is_hex(h + 1 + k) {
            k += 1;
        }
        if k >= 1 && b.get(h + 1 + k) == Some(&b'}') {
            return Some((u_pos, h + 1, h + 1 + k, h + 2 + k));
        }
    }
    None
}

/// Finds the end of a segment that starts at `from`: the first `"`
/// (when `quote`), `$` or `${` that is preceded by an even number of
/// backslashes. With `dollar_escapable == false` (a heredoc whose escapes do
/// not include `$`), backslashes do not protect a `$`.
/// Returns (segment end, terminator length, terminator kind).
pub fn find_terminator(b: &[u8], from: usize, quote: bool, dollar_escapable: bool) -> Option<(usize, Terminator)> {
    let mut i = from;
    if quote && quote_is_content(b, from, b'"', b"\"$") {
        i += 1;
    }
    while i < b.len() {
        // Jump to the next byte that matters.
        let rest = &b[i..];
        i += if quote { memchr::memchr3(b'\\', b'"', b'$', rest) } else { memchr::memchr2(b'\\', b'$', rest) }?;
        match b[i] {
            b'\\' => {
                if quote || dollar_escapable {
                    // The escaped character is skipped, whatever it is.
                    i += 2;
                } else {
                    i += 1;
                }
            }
            b'"' if quote => return Some((i, Terminator::Quote)),
            b'$' => {
                if b.get(i + 1) == Some(&b'{') {
                    return Some((i, Terminator::DollarBrace));
                }
                return Some((i, Terminator::Dollar));
            }
            _ => i += 1,
        }
    }
    None
}

/// Puppet finds the end of a quoted segment with `scan_until` and a pattern
/// like `(?:[^\\]|^)(?:[\\]{2})*(["]|[$]\{?)`: the terminator must follow a
/// character other than a backslash, or the start of the scan. The first
/// alternative is tried first, so a `quote` right at the start of a segment
/// is taken as that character, hence as content, when an even run of
/// backslashes and a terminator follow it: `"${x}""` is the string `${x}"`,
/// and `"${x}"$y"` goes on with `$y` interpolated.
pub fn quote_is_content(b: &[u8], from: usize, quote: u8, terminators: &[u8]) -> bool {
    if b.get(from) != Some(&quote) {
        return false;
    }
    let mut j = from + 1;
    while b.get(j) == Some(&b'\\') {
        j += 1;
    }
    (j - from - 1).is_multiple_of(2) && b.get(j).is_some_and(|c| terminators.contains(c))
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Terminator {
    Quote,
    Dollar,
    DollarBrace,
    /// End of the text (heredocs only).
    End,
}

impl Terminator {
    pub fn len(self) -> usize {
        match self {
            Terminator::Quote | Terminator::Dollar => 1,
            Terminator::DollarBrace => 2,
            Terminator::End => 0,
        }
    }
}

/// Puppet's `PATTERN_VARIABLE` after a `$` in a string: `(::)?(\w+::)*\w+`.
/// Returns the end of the name, or `None`.
pub fn scan_interpolated_variable(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    if b.get(i) == Some(&b':') && b.get(i + 1) == Some(&b':') {
        i += 2;
    }
    // (\w+::)*\w+ : take word runs joined by `::`; a trailing `::` is not part
    // of the name.
    let seg = |s: usize| {
        let j = super::word_run_end(b, s);
        (j > s).then_some(j)
    };
    let mut end = seg(i)?;
    loop {
        if b.get(end) == Some(&b':') && b.get(end + 1) == Some(&b':') {
            if let Some(e) = seg(end + 2) {
                end = e;
                continue;
            }
        }
        return Some(end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dq(s: &str) -> (String, Vec<EscapeIssue>) {
        let mut issues = vec![];
        let r = process_escapes(s, Escapes::DQ, true, &mut issues).unwrap().into_owned();
        (r, issues)
    }

    #[test]
    fn double_quote_escapes() {
        assert_eq!(dq(r"a\tb\nc\sd").0, "a\tb\nc d");
        assert_eq!(dq(r"\$x \' \\").0, "$x ' \\");
        assert_eq!(dq("a\\\nb").0, "ab");
        let (s, issues) = dq(r"\q");
        assert_eq!(s, r"\q");
        assert_eq!(issues, vec![EscapeIssue::Unrecognized("q".into())]);
    }

    #[test]
    fn unicode_escapes_in_two_passes() {
        assert_eq!(dq(r"\u0041\u{42}").0, "AB");
        // The first pass can create a backslash that the second pass uses.
        assert_eq!(dq(r"\u005cn").0, "\n");
        // Ruby's gsub needs a character before each escape: the second
        // escape survives the first round and the loop then fails to match
        // it because it is now preceded by a single backslash.
        assert_eq!(dq(r"\u005c\u0041").0, r"\u0041");
        assert_eq!(dq(r"\\u0041").0, r"\u0041");
        let (s, issues) = dq(r"\u12");
        assert_eq!(s, r"\u12");
        assert_eq!(issues, vec![EscapeIssue::IllegalUnicodeWarning]);
        let mut issues = vec![];
        assert!(process_escapes(r"\u{D800}", Escapes::DQ, true, &mut issues).is_err());
    }

    #[test]
    fn single_quote_escapes() {
        assert_eq!(sq_escapes(r"a\'b\\c\d"), r"a'b\c\d");
    }

    #[test]
    fn terminators() {
        let b = br#"ab\"c\\"d"#;
        assert_eq!(find_terminator(b, 0, true, true), Some((7, Terminator::Quote)));
        let b = br"a\${x}$y";
        assert_eq!(find_terminator(b, 0, true, true), Some((6, Terminator::Dollar)));
        assert_eq!(find_terminator(b"a\\${x}", 0, false, false), Some((2, Terminator::DollarBrace)));
        assert_eq!(scan_interpolated_variable(b"a::b:: x", 0), Some(4));
        assert_eq!(scan_interpolated_variable(b"::x", 0), Some(3));
        assert_eq!(scan_interpolated_variable(b" x", 0), None);
    }
}
