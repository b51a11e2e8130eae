//! `JSON.parse`, `JSON.generate`/`to_json` and `JSON.pretty_generate` as
//! Ruby 3.1's json 2.6 writes and reads them.
//!
//! Parsing accepts any JSON value at the top (json 2.x), keeps the last of
//! duplicate keys, rejects `NaN`/`Infinity` and raises `JSON::ParserError`
//! `unexpected token at '<rest>'` (json 2.6 prefixes its C source line,
//! e.g. `859: `, which pjit writes for errors at the top level and leaves
//! out elsewhere). Generation writes floats with Ruby's `Float#to_s`,
//! escapes `"`, `\` and control characters, and keeps other characters.

use super::eval::{Ctx, R};
use super::value::{RHash, RV};

/// `JSON.parse(text)`.
pub(crate) fn parse(ctx: &Ctx, text: &str) -> R<RV> {
    let mut p = P { s: text.as_bytes(), text, pos: 0 };
    p.ws();
    let v = match p.value(0) {
        Some(v) => v,
        None => return ctx.raise("JSON::ParserError", format!("859: unexpected token at '{}'", &text[p.err_at(text)..])),
    };
    p.ws();
    if p.pos != p.s.len() {
        return ctx.raise("JSON::ParserError", format!("859: unexpected token at '{}'", &text[p.pos..]));
    }
    match v {
        Ok(v) => Ok(v),
        Err(msg) => ctx.fatal(msg),
    }
}

struct P<'a> {
    s: &'a [u8],
    text: &'a str,
    pos: usize,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.pos < self.s.len() && matches!(self.s[self.pos], b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
        // json 2.x also skips /* */ and // comments.
        if self.s[self.pos..].starts_with(b"/*") {
            if let Some(e) = self.text[self.pos + 2..].find("*/") {
                self.pos += e + 4;
                self.ws();
            }
        } else if self.s[self.pos..].starts_with(b"//") {
            while self.pos < self.s.len() && self.s[self.pos] != b'\n' {
                self.pos += 1;
            }
            self.ws();
        }
    }

    fn err_at(&self, text: &str) -> usize {
        self.pos.min(text.len())
    }

    /// A value; None on a syntax error (at `self.pos`); Some(Err) for
    /// values pjit cannot hold (integers beyond 64 bits).
    fn value(&mut self, depth: usize) -> Option<Result<RV, String>> {
        if depth > 100 {
            return None;
        }
        let c = *self.s.get(self.pos)?;
        Some(Ok(match c {
            b'{' => {
                self.pos += 1;
                let mut h = RHash::default();
                self.ws();
                if self.s.get(self.pos) == Some(&b'}') {
                    self.pos += 1;
                    return Some(Ok(RV::hash(h)));
                }
                loop {
                    self.ws();
                    if self.s.get(self.pos) != Some(&b'"') {
                        return None;
                    }
                    let k = self.string()?;
                    self.ws();
                    if self.s.get(self.pos) != Some(&b':') {
                        return None;
                    }
                    self.pos += 1;
                    self.ws();
                    let v = match self.value(depth + 1)? {
                        Ok(v) => v,
                        e => return Some(e),
                    };
                    h.insert(RV::string(k), v);
                    self.ws();
                    match self.s.get(self.pos) {
                        Some(b',') => self.pos += 1,
                        Some(b'}') => {
                            self.pos += 1;
                            break;
                        }
                        _ => return None,
                    }
                }
                RV::hash(h)
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                self.ws();
                if self.s.get(self.pos) == Some(&b']') {
                    self.pos += 1;
                    return Some(Ok(RV::array(items)));
                }
                loop {
                    self.ws();
                    match self.value(depth + 1)? {
                        Ok(v) => items.push(v),
                        e => return Some(e),
                    }
                    self.ws();
                    match self.s.get(self.pos) {
                        Some(b',') => self.pos += 1,
                        Some(b']') => {
                            self.pos += 1;
                            break;
                        }
                        _ => return None,
                    }
                }
                RV::array(items)
            }
            b'"' => RV::string(self.string()?),
            b't' if self.s[self.pos..].starts_with(b"true") => {
                self.pos += 4;
                RV::Bool(true)
            }
            b'f' if self.s[self.pos..].starts_with(b"false") => {
                self.pos += 5;
                RV::Bool(false)
            }
            b'n' if self.s[self.pos..].starts_with(b"null") => {
                self.pos += 4;
                RV::Nil
            }
            b'-' | b'0'..=b'9' => {
                let start = self.pos;
                if c == b'-' {
                    self.pos += 1;
                }
                let ds = self.pos;
                while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
                    self.pos += 1;
                }
                if self.pos == ds || (self.s[ds] == b'0' && self.pos - ds > 1) {
                    self.pos = start;
                    return None;
                }
                let mut float = false;
                if self.s.get(self.pos) == Some(&b'.') && self.s.get(self.pos + 1).is_some_and(|c| c.is_ascii_digit()) {
                    float = true;
                    self.pos += 1;
                    while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
                        self.pos += 1;
                    }
                }
                if matches!(self.s.get(self.pos), Some(b'e') | Some(b'E')) {
                    let save = self.pos;
                    self.pos += 1;
                    if matches!(self.s.get(self.pos), Some(b'+') | Some(b'-')) {
                        self.pos += 1;
                    }
                    if self.s.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
                        float = true;
                        while self.pos < self.s.len() && self.s[self.pos].is_ascii_digit() {
                            self.pos += 1;
                        }
                    } else {
                        self.pos = save;
                    }
                }
                let t = &self.text[start..self.pos];
                if float {
                    RV::Float(t.parse().unwrap_or(0.0))
                } else {
                    match t.parse::<i64>() {
                        Ok(i) => RV::Int(i),
                        Err(_) => return Some(Err(format!("the JSON integer {t} is beyond 64 bits (Bignum), not supported"))),
                    }
                }
            }
            _ => return None,
        }))
    }

    fn string(&mut self) -> Option<String> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let c = *self.s.get(self.pos)?;
            match c {
                b'"' => {
                    self.pos += 1;
                    return Some(out);
                }
                b'\\' => {
                    let e = *self.s.get(self.pos + 1)?;
                    self.pos += 2;
                    match e {
                        b'n' => out.push('\n'),
                        b't' => out.push('\t'),
                        b'r' => out.push('\r'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'u' => {
                            let hex = self.text.get(self.pos..self.pos + 4)?;
                            let mut cp = u32::from_str_radix(hex, 16).ok()?;
                            self.pos += 4;
                            if (0xd800..0xdc00).contains(&cp) && self.s[self.pos..].starts_with(b"\\u") {
                                let lo = u32::from_str_radix(self.text.get(self.pos + 2..self.pos + 6)?, 16).ok()?;
                                if (0xdc00..0xe000).contains(&lo) {
                                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                                    self.pos += 6;
                                }
                            }
                            out.push(char::from_u32(cp).unwrap_or('\u{fffd}'));
                        }
                        other => out.push(other as char),
                    }
                }
                c if c < 0x20 => return None,
                _ => {
                    let ch = self.text[self.pos..].chars().next()?;
                    out.push(ch);
                    self.pos += ch.len_utf8();
                }
            }
        }
    }
}

fn escape(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `JSON.generate(v)` (`pretty`: `JSON.pretty_generate`).
pub(crate) fn generate(ctx: &Ctx, v: &RV, pretty: bool) -> R<String> {
    let mut out = String::new();
    emit_json(ctx, v, pretty, 0, &mut out)?;
    Ok(out)
}

fn emit_json(ctx: &Ctx, v: &RV, pretty: bool, depth: usize, out: &mut String) -> R<()> {
    if depth > 100 {
        return ctx.raise("JSON::NestingError", "nesting of 101 is too deep");
    }
    let ind = |n: usize| "  ".repeat(n);
    match v {
        RV::Nil => out.push_str("null"),
        RV::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        RV::Int(i) => out.push_str(&i.to_string()),
        RV::Float(f) => {
            if !f.is_finite() {
                return ctx.raise("JSON::GeneratorError", format!("920: {} not allowed in JSON", v.to_s()));
            }
            out.push_str(&v.to_s());
        }
        RV::Str(s) => escape(&s.borrow(), out),
        RV::Array(a) => {
            let items = a.borrow().clone();
            out.push('[');
            if pretty {
                out.push('\n');
            }
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    if pretty {
                        out.push('\n');
                    }
                }
                if pretty {
                    out.push_str(&ind(depth + 1));
                }
                emit_json(ctx, x, pretty, depth + 1, out)?;
            }
            if pretty {
                out.push('\n');
                out.push_str(&ind(depth));
            }
            out.push(']');
        }
        RV::Hash(h) => {
            let pairs = h.borrow().pairs();
            out.push('{');
            if pretty && !pairs.is_empty() {
                out.push('\n');
            } else if pretty {
                out.push('\n');
            }
            for (i, (k, x)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    if pretty {
                        out.push('\n');
                    }
                }
                if pretty {
                    out.push_str(&ind(depth + 1));
                }
                escape(&k.to_s(), out);
                out.push(':');
                if pretty {
                    out.push(' ');
                }
                emit_json(ctx, x, pretty, depth + 1, out)?;
            }
            if pretty {
                if !pairs.is_empty() {
                    out.push('\n');
                }
                out.push_str(&ind(depth));
            }
            out.push('}');
        }
        other => escape(&other.to_s(), out),
    }
    Ok(())
}
