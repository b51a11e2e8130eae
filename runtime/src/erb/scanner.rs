//! The ERB layer: cuts a template into literal text, Ruby code tags and
//! insertion tags exactly as Ruby's `ERB::Compiler` does with Puppet's
//! `trim_mode: '-'` (its `ExplicitScanner`), and numbers the lines the way
//! the Ruby program ERB generates numbers them.
//!
//! The rules (Ruby 3.1's erb.rb):
//! - in text, the first of `^[ \t]*<%-` (a line's indentation is dropped),
//!   `<%-`, `<%%`, `<%=`, `<%#`, `<%` ends the text; `<%%` stands for a
//!   literal `<%`, and `%%>` in text stays `%%>`;
//! - in a tag, the first of `-%>`, `%%>`, `%>` ends the code; `-%>` also
//!   eats one following `\r?\n`; `%%>` stands for a literal `%>` inside the
//!   code;
//! - a tag left open at the end of the template is output as text (ERB
//!   flushes its buffered content as text);
//! - `<%# ... %>` is dropped together with its newlines, so the generated
//!   program (and Ruby's error lines) lose the lines of a multi-line
//!   comment tag: [`Segment`] lines follow the program, not the file.

/// One piece of a template, in order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Segment {
    /// Literal output.
    Text(String),
    /// The Ruby code of a `<% %>` tag, with the program line it starts on.
    Code(String, u32),
    /// The Ruby expression of a `<%= %>` tag, with its program line.
    Insert(String, u32),
    /// A program line break that ends a `-%>` tag (the newline it trimmed).
    Cr,
}

#[derive(Clone, Copy, PartialEq)]
enum Tag {
    Code,
    Insert,
    Comment,
}

/// Cuts `src` into segments (never fails: every input is a valid template
/// at this level; Ruby syntax is checked by the parser).
pub(crate) fn scan(src: &str) -> Vec<Segment> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut content = String::new();
    let mut tag: Option<Tag> = None;
    // The program line the next piece starts on.
    let mut line: u32 = 1;
    let mut pos = 0;
    let flush_text = |content: &mut String, out: &mut Vec<Segment>, line: &mut u32| {
        if !content.is_empty() {
            *line += count_nl(content);
            out.push(Segment::Text(std::mem::take(content)));
        }
    };
    while pos < b.len() {
        match tag {
            None => {
                // The first start tag at or after pos. `^[ \t]*<%-` can only
                // match at the start of the line of the first `<%-`, and only
                // if that line starts at or after pos and holds nothing but
                // blanks before the tag.
                let mut from = pos;
                let found = loop {
                    let Some(q) = b[from..].iter().position(|&c| c == b'<').map(|i| i + from) else {
                        break None;
                    };
                    if b.get(q + 1) != Some(&b'%') {
                        from = q + 1;
                        continue;
                    }
                    let t = match b.get(q + 2) {
                        Some(b'-') => {
                            let ls = b[..q].iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1);
                            if ls >= pos && b[ls..q].iter().all(|&c| c == b' ' || c == b'\t') {
                                break Some((ls, q + 3, "<%"));
                            }
                            break Some((q, q + 3, "<%"));
                        }
                        Some(b'%') => "<%%",
                        Some(b'=') => "<%=",
                        Some(b'#') => "<%#",
                        _ => "<%",
                    };
                    let len = if t == "<%" { 2 } else { 3 };
                    break Some((q, q + len, t));
                };
                let Some((start, end, t)) = found else {
                    content.push_str(&src[pos..]);
                    break;
                };
                content.push_str(&src[pos..start]);
                pos = end;
                match t {
                    "<%%" => content.push_str("<%"),
                    _ => {
                        flush_text(&mut content, &mut out, &mut line);
                        tag = Some(match t {
                            "<%=" => Tag::Insert,
                            "<%#" => Tag::Comment,
                            _ => Tag::Code,
                        });
                    }
                }
            }
            Some(open) => {
                // The first of `-%>`, `%%>`, `%>` at or after pos.
                let mut from = pos;
                let found = loop {
                    let Some(q) = b[from..].iter().position(|&c| c == b'%').map(|i| i + from) else {
                        break None;
                    };
                    if b.get(q + 1) == Some(&b'>') {
                        if q > pos && b[q - 1] == b'-' {
                            break Some((q - 1, q + 2, "-%>"));
                        }
                        break Some((q, q + 2, "%>"));
                    }
                    if b.get(q + 1) == Some(&b'%') && b.get(q + 2) == Some(&b'>') {
                        break Some((q, q + 3, "%%>"));
                    }
                    from = q + 1;
                };
                let Some((start, end, t)) = found else {
                    content.push_str(&src[pos..]);
                    break;
                };
                content.push_str(&src[pos..start]);
                pos = end;
                if t == "%%>" {
                    content.push_str("%>");
                    continue;
                }
                let code = std::mem::take(&mut content);
                match open {
                    Tag::Code => {
                        let n = count_nl(&code);
                        out.push(Segment::Code(code, line));
                        line += n;
                    }
                    Tag::Insert => {
                        let n = count_nl(&code);
                        out.push(Segment::Insert(code, line));
                        line += n;
                    }
                    Tag::Comment => {}
                }
                tag = None;
                if t == "-%>" {
                    // Only a line break right after `-%>` is eaten (and
                    // becomes a program line break).
                    let eaten = if b[pos..].starts_with(b"\r\n") {
                        2
                    } else if b.get(pos) == Some(&b'\n') {
                        1
                    } else {
                        0
                    };
                    if eaten > 0 {
                        pos += eaten;
                        out.push(Segment::Cr);
                        line += 1;
                    }
                }
            }
        }
    }
    // An unterminated tag's code is output as text, like ERB does.
    flush_text(&mut content, &mut out, &mut line);
    out
}

fn count_nl(s: &str) -> u32 {
    s.bytes().filter(|&c| c == b'\n').count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(src: &str) -> String {
        scan(src)
            .iter()
            .map(|s| match s {
                Segment::Text(t) => t.clone(),
                Segment::Code(c, l) => format!("[{l}:{c}]"),
                Segment::Insert(c, l) => format!("{{{l}:{c}}}"),
                Segment::Cr => "/".into(),
            })
            .collect()
    }

    #[test]
    fn trimming() {
        assert_eq!(text_of("a\n  <%- x -%>\nb"), "a\n[2: x ]/b");
        assert_eq!(text_of("x  <%- a -%>  y\n"), "x  [1: a ]  y\n");
        assert_eq!(text_of("a <% b"), "a  b");
        assert_eq!(text_of("a %%> <%% b %%> <%= \"%%>\" %>"), "a %%> <% b %%> {1: \"%>\" }");
        assert_eq!(text_of("<%# c\nd %><%= x %>"), "{1: x }");
        assert_eq!(text_of("a\r\n<%- x -%>\r\nb"), "a\r\n[2: x ]/b");
        assert_eq!(text_of("<%=1%><%-=2%>"), "{1:1}[1:=2]");
    }
}
