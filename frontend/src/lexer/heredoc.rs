//! Heredocs: `@(TAG:syntax/escapes)` with the text on the following lines,
//! following Puppet's `HeredocSupport` — including its quirks, which are
//! observable:
//!
//! * the end line is found with an *unanchored* match, so any line that
//!   ends with the tag (`this is the END`) ends a heredoc tagged `END`;
//! * with a `|` margin, only lines that start with exactly the margin's
//!   blanks lose them; other lines are left alone;
//! * the text token of a heredoc is located at the start of its first text
//!   line (Puppet's `SubLocator` maps offset 0 without the margin).
//!
//! The text is lexed by a sub-lexer; its tokens are mapped back to source
//! offsets line by line.

use std::borrow::Cow;

use super::strings::{Escapes, Terminator};
use super::{After, LexError, Lexer, UqMode, is_blank};
use crate::diagnostic::codes;

/// The parts of a heredoc specification `@(...)`.
struct Spec<'s> {
    endtag: &'s str,
    syntax: &'s str,
    escapes: Option<&'s str>,
}

impl<'a> Lexer<'a> {
    pub(super) fn heredoc(&mut self) -> Result<(), LexError> {
        let before = self.pos;
        let Some(close) = self.b[before..].iter().position(|&c| c == b')').map(|i| before + i) else {
            return self.error_at(
                codes::HEREDOC_UNCLOSED_PARENTHESIS,
                format!("Unclosed parenthesis after '@(' followed by '{}'", self.followed_by(before)),
                before,
            );
        };
        let pos_after = close + 1;
        self.pos = pos_after;
        let src = self.src;
        let Some(spec) = parse_spec(&src[before..pos_after]) else {
            return self.error_at(
                codes::HEREDOC_INVALID_SYNTAX,
                "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])",
                pos_after,
            );
        };
        let mut endtag = ruby_strip(spec.endtag);
        let mut dq_style = false;
        if endtag.len() >= 2 && endtag.starts_with('"') && endtag.ends_with('"') {
            dq_style = true;
            endtag = ruby_strip(&endtag[1..endtag.len() - 1]);
        }
        if endtag.is_empty() {
            return self.error_at(codes::HEREDOC_EMPTY_ENDTAG, "Heredoc with an empty endtag", pos_after);
        }
        let mut escapes = Escapes::NONE;
        if let Some(flags) = spec.escapes {
            let flags = if flags.is_empty() { "trnsuL$" } else { flags };
            let chars: Vec<char> = flags.chars().collect();
            let mut seen = Vec::new();
            for c in &chars {
                if seen.contains(c) {
                    let joined: Vec<String> = chars.iter().map(|c| c.to_string()).collect();
                    return self.error_at(
                        codes::HEREDOC_MULTIPLE_AT_ESCAPES,
                        format!("An escape char for @() may only appear once. Got '{}'", joined.join(", ")),
                        pos_after,
                    );
                }
                seen.push(*c);
            }
            escapes.backslash = true;
            for c in chars {
                match c {
                    't' => escapes.t = true,
                    'r' => escapes.r = true,
                    'n' => escapes.n = true,
                    's' => escapes.s = true,
                    'u' => escapes.u = true,
                    '$' => escapes.dollar = true,
                    'L' => escapes.newline = true,
                    other => {
                        return self.error_at(
                            codes::HEREDOC_INVALID_ESCAPE,
                            format!("Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '{other}'"),
                            pos_after,
                        );
                    }
                }
            }
        }

        self.queue.push_back(((before, super::Tok::Heredoc(Cow::Borrowed(spec.syntax)), pos_after), After::Operand));

        // The text starts on the next line, or after the text of the
        // previous heredoc on this line.
        let text_start = match self.newline_jump {
            Some(j) => j,
            None => match self.b[pos_after..].iter().position(|&c| c == b'\n') {
                Some(i) => pos_after + i + 1,
                None => {
                    return self.error_at(
                        codes::HEREDOC_WITHOUT_TEXT,
                        "Heredoc without any following lines of text",
                        pos_after,
                    );
                }
            },
        };

        let mut lines: Vec<(usize, usize)> = Vec::new();
        let mut p = text_start;
        while p < self.b.len() {
            let end = self.b[p..].iter().position(|&c| c == b'\n').map(|i| p + i + 1).unwrap_or(self.b.len());
            let line = &src[p..end];
            if let Some(m) = match_end_line(line, &endtag) {
                self.newline_jump = Some(end);
                self.heredoc_text(&lines, m, escapes, dq_style, text_start)?;
                self.pos = pos_after;
                return Ok(());
            }
            lines.push((p, end));
            p = end;
        }
        self.error_at(codes::HEREDOC_WITHOUT_END_TAGGED_LINE, "Heredoc without end-tagged line", text_start)
    }

    /// Builds the heredoc's text from its lines, lexes it, and queues the
    /// resulting tokens at their source positions.
    fn heredoc_text(
        &mut self,
        lines: &[(usize, usize)],
        end: EndLine<'_>,
        escapes: Escapes,
        dq_style: bool,
        text_start: usize,
    ) -> Result<(), LexError> {
        let src = self.src;
        let mut text = String::new();
        // For each line: (offset in `text`, offset in the source).
        let mut map: Vec<(usize, usize)> = Vec::with_capacity(lines.len());
        for &(ls, le) in lines {
            let line = &src[ls..le];
            let strip =
                if end.has_margin && !end.leading.is_empty() && line.starts_with(end.leading) { end.leading.len() } else { 0 };
            map.push((text.len(), ls + strip));
            text.push_str(&line[strip..]);
        }
        if end.remove_break {
            if text.ends_with("\r\n") {
                text.truncate(text.len() - 2);
            } else if text.ends_with('\n') {
                text.truncate(text.len() - 1);
            }
        }
        let to_global = |o: usize| -> usize {
            if o == 0 {
                return text_start;
            }
            let i = map.partition_point(|&(t, _)| t <= o).saturating_sub(1);
            match map.get(i) {
                Some(&(t, g)) => g + (o - t),
                None => text_start,
            }
        };

        if let Some(e) = super::bom_error(text.as_bytes()) {
            return Err(e);
        }
        let mut sub = Lexer::new(&text);
        sub.uq = Some(UqMode { escapes, interpolate: dq_style });
        sub.nesting = self.nesting + 1;
        if sub.nesting > super::MAX_STRING_NESTING {
            return self.error_at(
                codes::NESTING_TOO_DEEP,
                format!("Strings and heredocs are nested more than {} levels deep", super::MAX_STRING_NESTING),
                text_start,
            );
        }
        let result = stacker::maybe_grow(super::STACK_RED_ZONE, super::STACK_GROWTH, || sub.interpolate_uq());
        self.definition_keywords += sub.definition_keywords;
        for w in sub.warnings.drain(..) {
            self.warnings.push(super::LexWarning { offset: to_global(w.offset), ..w });
        }
        if let Err(mut e) = result {
            e.offset = e.offset.map(to_global);
            return Err(e);
        }
        for ((s, tok, e), after) in sub.queue.drain(..) {
            self.queue.push_back(((to_global(s), tok.into_owned(), to_global(e)), after));
        }
        Ok(())
    }

    /// Lexes the whole input as heredoc text (Puppet's `interpolate_uq`).
    fn interpolate_uq(&mut self) -> Result<(), LexError> {
        let before = self.pos;
        let (mut text, mut term) = self.slurp_uq()?;
        let mut after = self.pos;
        loop {
            match term {
                Terminator::End | Terminator::Quote => {
                    self.queue.push_back(((before, super::Tok::Str(text), self.pos), After::Operand));
                    return Ok(());
                }
                Terminator::DollarBrace => {
                    let count = self.brace_count;
                    self.brace_count += 1;
                    self.queue.push_back(((before, super::Tok::DqPre(text), self.pos), After::Operand));
                    self.enqueue_until(count)?;
                    break;
                }
                Terminator::Dollar => match super::strings::scan_interpolated_variable(self.b, self.pos) {
                    Some(end) => {
                        let name = &self.src[self.pos..end];
                        self.queue.push_back(((before, super::Tok::DqPre(text), after - 1), After::Operand));
                        self.queue
                            .push_back(((after - 1, super::Tok::Variable(Cow::Borrowed(name)), end), After::Operand));
                        self.pos = end;
                        break;
                    }
                    None => {
                        let (more, t) = self.slurp_uq()?;
                        let mut s = text.into_owned();
                        s.push('$');
                        s.push_str(&more);
                        text = Cow::Owned(s);
                        term = t;
                        after = self.pos;
                    }
                },
            }
        }
        self.interpolate_tail(before)
    }
}

/// Matches Puppet's `PATTERN_HEREDOC` somewhere in `spec` (which runs from
/// `@(` to the first `)`).
fn parse_spec(spec: &str) -> Option<Spec<'_>> {
    let b = spec.as_bytes();
    let mut from = 0;
    while let Some(i) = spec[from..].find("@(").map(|i| from + i) {
        if let Some(s) = parse_spec_at(spec, i + 2) {
            return Some(s);
        }
        from = i + 1;
        if from >= b.len() {
            break;
        }
    }
    None
}

/// `([^:/\r\n\)]+)(?::[[:blank:]]*([a-z][a-zA-Z0-9_+]+)[[:blank:]]*)?(?:/((?:\w|[$])*)[[:blank:]]*)?\)`
fn parse_spec_at(spec: &str, start: usize) -> Option<Spec<'_>> {
    let b = spec.as_bytes();
    let mut i = start;
    while i < b.len() && !matches!(b[i], b':' | b'/' | b'\r' | b'\n' | b')') {
        i += 1;
    }
    if i == start {
        return None;
    }
    let endtag = &spec[start..i];
    let mut syntax = "";
    if b.get(i) == Some(&b':') {
        let mut j = skip_blanks(spec, i + 1);
        let s = j;
        if b.get(j).is_some_and(|c| c.is_ascii_lowercase()) {
            j += 1;
            while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] == b'+') {
                j += 1;
            }
            if j - s >= 2 {
                syntax = &spec[s..j];
                i = skip_blanks(spec, j);
            }
        }
    }
    let mut escapes = None;
    if b.get(i) == Some(&b'/') {
        let mut j = i + 1;
        let s = j;
        while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] == b'$') {
            j += 1;
        }
        escapes = Some(&spec[s..j]);
        i = skip_blanks(spec, j);
    }
    (b.get(i) == Some(&b')') && i + 1 == b.len()).then_some(Spec { endtag, syntax, escapes })
}

fn skip_blanks(s: &str, mut i: usize) -> usize {
    while let Some(c) = s[i..].chars().next() {
        if is_blank(c) {
            i += c.len_utf8();
        } else {
            break;
        }
    }
    i
}

/// Ruby's `String#strip`: whitespace and NUL at both ends.
fn ruby_strip(s: &str) -> &str {
    s.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r' | '\0'))
}

struct EndLine<'l> {
    leading: &'l str,
    has_margin: bool,
    remove_break: bool,
}

/// Puppet's unanchored end-line match:
/// `([[:blank:]]*)(?:([|])[[:blank:]]*)?(?:(\-)[[:blank:]]*)?TAG[[:blank:]]*\r?(?:\n|\z)`
fn match_end_line<'l>(line: &'l str, tag: &str) -> Option<EndLine<'l>> {
    let core = line.strip_suffix('\n').unwrap_or(line);
    let core = core.strip_suffix('\r').unwrap_or(core);
    let core = core.trim_end_matches(is_blank);
    let prefix = core.strip_suffix(tag)?;
    // The leftmost start: only blanks, '|' and '-' can be in the match, so
    // start scanning at the maximal suffix made of those.
    let allowed = |c: char| is_blank(c) || c == '|' || c == '-';
    let first = prefix.char_indices().rev().take_while(|&(_, c)| allowed(c)).last().map(|(i, _)| i).unwrap_or(prefix.len());
    let mut starts: Vec<usize> = prefix[first..].char_indices().map(|(i, _)| first + i).collect();
    starts.push(prefix.len());
    for s in starts {
        let rest = &prefix[s..];
        let lead_len = rest.len() - rest.trim_start_matches(is_blank).len();
        let mut r = &rest[lead_len..];
        let mut has_margin = false;
        let mut remove_break = false;
        if let Some(x) = r.strip_prefix('|') {
            has_margin = true;
            r = x.trim_start_matches(is_blank);
        }
        if let Some(x) = r.strip_prefix('-') {
            remove_break = true;
            r = x.trim_start_matches(is_blank);
        }
        if r.is_empty() {
            return Some(EndLine { leading: &rest[..lead_len], has_margin, remove_break });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_lines() {
        let m = match_end_line("  | - END\n", "END").unwrap();
        assert_eq!((m.leading, m.has_margin, m.remove_break), ("  ", true, true));
        let m = match_end_line("this is the END\n", "END").unwrap();
        assert_eq!((m.leading, m.has_margin, m.remove_break), (" ", false, false));
        assert!(match_end_line("END x\n", "END").is_none());
        let m = match_end_line("  -END \r\n", "-END").unwrap();
        assert_eq!((m.leading, m.has_margin, m.remove_break), ("  ", false, false));
    }

    #[test]
    fn specs() {
        let s = parse_spec("@(END:json/tn)").unwrap();
        assert_eq!((s.endtag, s.syntax, s.escapes), ("END", "json", Some("tn")));
        let s = parse_spec("@(\"E\")").unwrap();
        assert_eq!((s.endtag, s.syntax, s.escapes), ("\"E\"", "", None));
        let s = parse_spec("@(E/)").unwrap();
        assert_eq!(s.escapes, Some(""));
        assert!(parse_spec("@(E:x)").is_none());
        assert!(parse_spec("@(:json)").is_none());
    }
}
