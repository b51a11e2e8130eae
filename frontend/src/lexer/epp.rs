//! EPP template mode, following Puppet's `EppSupport`: text is scanned up to
//! the next `<%` tag and delivered as `RENDER_STRING`; `<%=` queues
//! `RENDER_EXPR` and switches to code until `%>`; `<%` (and `<%-`, which also
//! trims blanks before the tag) switches to code whose value is not
//! rendered; `<%#` ... `%>` is a comment; `<%%` and `%%>` are literal `<%`
//! and `%>`; `-%>` trims the blanks and one line break after the tag.

use std::borrow::Cow;

use super::{After, EppMode, LexError, Lexer, Tok};
use crate::diagnostic::codes;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum ScanMode {
    Text,
    Code,
    Expr,
}

impl<'a> Lexer<'a> {
    /// Scans template text from the current position and queues what it
    /// produced (Puppet's `interpolate_epp`).
    pub(super) fn interpolate_epp(&mut self, skip_leading: bool) -> Result<(), LexError> {
        let before = self.pos;
        let (text, mode) = self.epp_scan(skip_leading)?;
        match mode {
            ScanMode::Text => {
                if let Some(s) = text {
                    self.queue.push_back(((before, Tok::RenderString(Cow::Owned(s)), self.pos), After::Other));
                }
                self.epp_open = false;
            }
            ScanMode::Code | ScanMode::Expr => {
                if let Some(s) = text.filter(|s| !s.is_empty()) {
                    self.queue.push_back(((before, Tok::RenderString(Cow::Owned(s)), self.pos), After::Other));
                }
                if mode == ScanMode::Expr {
                    self.queue.push_back(((before, Tok::RenderExpr, before), After::Other));
                    self.epp = Some(EppMode::Expr);
                } else {
                    self.epp = Some(EppMode::Code);
                }
                self.epp_open = true;
            }
        }
        Ok(())
    }

    /// Puppet's `EppScanner#scan`.
    fn epp_scan(&mut self, mut skip_leading: bool) -> Result<(Option<String>, ScanMode), LexError> {
        let src = self.src;
        let b = self.b;
        if self.pos >= b.len() {
            return Ok((None, ScanMode::Text));
        }
        let mut s = String::new();
        loop {
            let start = self.pos;
            let end = super::find(&b[start..], b"<%").map(|i| start + i + 2).unwrap_or(b.len());
            self.pos = end;
            let mut part = &src[start..end];
            if skip_leading {
                // part.sub!(/^[ \t]*\r?(?:\n|\z)?/, '')
                let t = part.trim_start_matches([' ', '\t']);
                let t = t.strip_prefix('\r').unwrap_or(t);
                let t = t.strip_prefix('\n').unwrap_or(t);
                part = t;
                skip_leading = false;
            }
            if part.contains("%%>") {
                s.push_str(&part.replace("%%>", "%>"));
            } else {
                s.push_str(part);
            }
            match b.get(self.pos) {
                None => {
                    if s.ends_with("<%") {
                        return self.error_at(
                            codes::EPP_UNBALANCED_EXPRESSION,
                            "Unbalanced embedded expression - opening <% and reaching end of input",
                            self.pos,
                        );
                    }
                    return Ok((Some(s), ScanMode::Text));
                }
                Some(b'-') => {
                    self.pos += 1;
                    s.truncate(s.len() - 2);
                    let kept = s.trim_end_matches([' ', '\t']).len();
                    s.truncate(kept);
                    return Ok((Some(s), ScanMode::Code));
                }
                Some(b'%') => {
                    // `<%%` is a literal `<%`.
                    self.pos += 1;
                }
                Some(b'=') => {
                    self.pos += 1;
                    s.truncate(s.len() - 2);
                    return Ok((Some(s), ScanMode::Expr));
                }
                Some(b'#') => {
                    s.truncate(s.len() - 2);
                    // scan_until(/[^%]%>/) from the '#'
                    let from = self.pos;
                    let mut k = from + 1;
                    let found = loop {
                        match super::find(&b[k..], b"%>") {
                            Some(i) => {
                                let at = k + i;
                                if b[at - 1] != b'%' {
                                    break Some(at);
                                }
                                k = at + 1;
                            }
                            None => break None,
                        }
                    };
                    let Some(at) = found else {
                        return self.error_at(
                            codes::EPP_UNBALANCED_COMMENT,
                            "Reaching end after opening <%# without seeing %>",
                            from,
                        );
                    };
                    let comment = &src[from..at + 2];
                    self.pos = at + 2;
                    if comment.as_bytes().get(1) == Some(&b'-') {
                        let kept = s.trim_end_matches([' ', '\t']).len();
                        s.truncate(kept);
                    }
                    if comment.ends_with("-%>") {
                        skip_leading = true;
                    }
                }
                Some(_) => {
                    s.truncate(s.len() - 2);
                    return Ok((Some(s), ScanMode::Code));
                }
            }
        }
    }
}
