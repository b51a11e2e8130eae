//! The catalog's JSON text, written directly into a byte buffer.
//!
//! Catalogs are the output of every compile, and in batch mode writing
//! them took a quarter of the time through serde: generic map and sequence
//! plumbing, a byte-at-a-time escape loop, and a `String` per resource
//! reference. This writer produces exactly the text `serde_json`'s pretty
//! printer produces for the same document (two-space indent, `"key": value`,
//! `[]` and `{}` when empty, serde_json's escapes and number forms; the unit
//! tests below check it against serde_json), with an escape scan that looks
//! at eight bytes at a time.

use std::rc::Rc;

use indexmap::IndexMap;
use pjit_runtime::Value;
use pjit_runtime::erb::identical;

use super::catalog::{ParamName, Resource, key_hash, resource_json};
use super::resource_types::TypeInfo;

/// A pretty-printing JSON writer over a byte buffer.
pub(super) struct JsonWriter<'a> {
    out: &'a mut Vec<u8>,
    /// One entry per open array or object: whether it is still empty.
    open: Vec<bool>,
    /// Writing the catalog PuppetDB stores (see [`JsonWriter::stored`]):
    /// the last number given a nested Sensitive value. None: the agent's
    /// catalog.
    stored: Option<u64>,
}

impl<'a> JsonWriter<'a> {
    pub(super) fn new(out: &'a mut Vec<u8>) -> JsonWriter<'a> {
        JsonWriter { out, open: Vec::with_capacity(8), stored: None }
    }

    /// A writer of the catalog Puppet's PuppetDB terminus stores, whose
    /// parameter values Puppet converts with its `ToStringifiedConverter`
    /// rather than for an agent. Where that differs from the agent's
    /// catalog: a Sensitive nested in a value is Ruby's `#<Sensitive
    /// [value redacted]:OBJECT_ID>` (pjit numbers them 8, 16, ... within
    /// the catalog, as Ruby's object ids have no meaning outside the
    /// process), and a hash key `__ptype` or `__pvalue` (Puppet's rich
    /// data markers) becomes `reserved key: __ptype`.
    pub(super) fn stored(out: &'a mut Vec<u8>) -> JsonWriter<'a> {
        JsonWriter { out, open: Vec::with_capacity(8), stored: Some(0) }
    }

    /// The text written so far and not yet taken (a caller streaming the
    /// document drains it between elements).
    pub(super) fn buffer(&mut self) -> &mut Vec<u8> {
        self.out
    }

    fn newline(&mut self) {
        // A newline and two spaces per level: copies of a known length
        // for the depths catalogs have (a copy of a computed length is a
        // call into `memcpy`, and this runs for every line of the text).
        match self.open.len() {
            1 => self.out.extend_from_slice(b"\n  "),
            2 => self.out.extend_from_slice(b"\n    "),
            3 => self.out.extend_from_slice(b"\n      "),
            4 => self.out.extend_from_slice(b"\n        "),
            5 => self.out.extend_from_slice(b"\n          "),
            depth => {
                const SPACES: &[u8] = b"\n                                                                ";
                let n = 1 + 2 * depth;
                if n <= SPACES.len() {
                    self.out.extend_from_slice(&SPACES[..n]);
                } else {
                    self.out.push(b'\n');
                    self.out.resize(self.out.len() + n - 1, b' ');
                }
            }
        }
    }

    /// Writes `text`, which starts the next entry of the innermost array
    /// or object (its separator, line break and indentation, and for an
    /// object its key, all in one constant: see `resource_json`).
    /// Inlined, so that each copy is of a constant size.
    #[inline(always)]
    pub(super) fn fixed(&mut self, text: &'static str) {
        if let Some(empty) = self.open.last_mut() {
            *empty = false;
        }
        self.out.extend_from_slice(text.as_bytes());
    }

    /// The depth of the innermost open array or object (the document is 1).
    pub(super) fn depth(&self) -> usize {
        self.open.len()
    }

    /// Starts the next element of the innermost array, an array of
    /// strings at depth 4 (a resource's tags), and writes `s`.
    pub(super) fn tag_element(&mut self, s: &str) {
        self.depth4_string(s);
    }

    /// Starts the entry `key` of the innermost object, an object at depth
    /// 4 (a resource's parameters), as [`JsonWriter::key`] does.
    pub(super) fn param_key(&mut self, key: &str) {
        self.depth4_string(key);
        self.out.extend_from_slice(b": ");
    }

    /// The next entry's separator, line break and indentation at depth 4
    /// in one copy, and the string `s`.
    fn depth4_string(&mut self, s: &str) {
        debug_assert_eq!(self.open.len(), 4);
        let first = self.open.last_mut().is_some_and(|e| std::mem::replace(e, false));
        // Two copies of constant sizes (one of a chosen size is a call).
        if !first {
            self.out.push(b',');
        }
        self.out.extend_from_slice(b"\n        \"");
        self.escaped(s);
        self.out.push(b'"');
    }

    pub(super) fn begin_object(&mut self) {
        self.out.push(b'{');
        self.open.push(true);
    }

    pub(super) fn begin_array(&mut self) {
        self.out.push(b'[');
        self.open.push(true);
    }

    pub(super) fn end_object(&mut self) {
        self.end(b'}');
    }

    pub(super) fn end_array(&mut self) {
        self.end(b']');
    }

    fn end(&mut self, close: u8) {
        let empty = self.open.pop().unwrap_or(true);
        if !empty {
            self.newline();
        }
        self.out.push(close);
    }

    /// Starts the next element of the innermost array.
    pub(super) fn element(&mut self) {
        if let Some(empty) = self.open.last_mut() {
            let first = std::mem::replace(empty, false);
            if !first {
                self.out.push(b',');
            }
        }
        self.newline();
    }

    /// Starts the entry `key` of the innermost object.
    pub(super) fn key(&mut self, key: &str) {
        self.element();
        self.string(key);
        self.out.extend_from_slice(b": ");
    }

    /// Starts the entry `key` of the innermost object, for a key known to
    /// need no escaping (the document's own field names).
    pub(super) fn field(&mut self, key: &'static str) {
        debug_assert!(!key.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\'));
        self.element();
        self.out.push(b'"');
        self.out.extend_from_slice(key.as_bytes());
        self.out.extend_from_slice(b"\": ");
    }

    pub(super) fn string(&mut self, s: &str) {
        self.out.push(b'"');
        self.escaped(s);
        self.out.push(b'"');
    }

    /// `"Type[title]"` without building the reference.
    pub(super) fn reference(&mut self, type_name: &str, title: &str) {
        self.out.push(b'"');
        self.escaped(type_name);
        self.out.push(b'[');
        self.escaped(title);
        self.out.extend_from_slice(b"]\"");
    }

    #[inline(always)]
    pub(super) fn raw(&mut self, text: &str) {
        self.out.extend_from_slice(text.as_bytes());
    }

    pub(super) fn integer(&mut self, i: i64) {
        // Digits by hand: `write!` goes through the formatting machinery
        // (padding, flags) for every line number of the catalog.
        let mut buf = [0u8; 20];
        let mut pos = buf.len();
        let mut n = i.unsigned_abs();
        loop {
            pos -= 1;
            buf[pos] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        if i < 0 {
            self.out.push(b'-');
        }
        self.out.extend_from_slice(&buf[pos..]);
    }

    pub(super) fn bool(&mut self, b: bool) {
        self.raw(if b { "true" } else { "false" });
    }

    /// A float as serde_json writes it (shortest round-trip form; `null`
    /// when not finite).
    fn float(&mut self, f: f64) {
        // Writing into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut *self.out, &f);
    }

    /// The contents of a JSON string: `"`, `\` and control characters
    /// escaped as serde_json escapes them, everything else as it is.
    ///
    /// Inlined: most strings of a catalog are short names, tags and
    /// titles that need no escape. For 4 to 16 bytes the check reads two
    /// overlapping words and the copy writes the same two words (a copy
    /// of a constant size, no call into `memcpy`); everything else goes
    /// through [`JsonWriter::escaped_slow`].
    #[inline(always)]
    fn escaped(&mut self, s: &str) {
        let bytes = s.as_bytes();
        let n = bytes.len();
        if (8..=16).contains(&n) {
            let (head, tail) = (load8(bytes, 0), load8(bytes, n - 8));
            if special_mask(head) | special_mask(tail) == 0 {
                // The tail word overlaps the head word when n < 16: it is
                // written where it belongs, over the head's last bytes.
                let at = self.out.len();
                self.out.extend_from_slice(&head.to_le_bytes());
                self.out.truncate(at + n - 8);
                self.out.extend_from_slice(&tail.to_le_bytes());
                return;
            }
        } else if (4..8).contains(&n) {
            let (head, tail) = (load4(bytes, 0), load4(bytes, n - 4));
            if special_mask(head as u64 | (tail as u64) << 32) == 0 {
                let at = self.out.len();
                self.out.extend_from_slice(&head.to_le_bytes());
                self.out.truncate(at + n - 4);
                self.out.extend_from_slice(&tail.to_le_bytes());
                return;
            }
        }
        self.escaped_slow(bytes);
    }

    /// [`JsonWriter::escaped`] for strings shorter than 4 or longer than
    /// 16 bytes and for those that need an escape.
    #[inline(never)]
    fn escaped_slow(&mut self, bytes: &[u8]) {
        // Most strings need no escape: one check, then one copy.
        let Some(mut at) = first_special(bytes) else {
            self.out.extend_from_slice(bytes);
            return;
        };
        // Whole runs of plain bytes are copied between the escapes, each
        // escape found directly (template text has a newline every few
        // dozen bytes).
        let mut start = 0;
        loop {
            self.out.extend_from_slice(&bytes[start..at]);
            let b = bytes[at];
            match b {
                b'"' => self.out.extend_from_slice(b"\\\""),
                b'\\' => self.out.extend_from_slice(b"\\\\"),
                b'\n' => self.out.extend_from_slice(b"\\n"),
                b'\r' => self.out.extend_from_slice(b"\\r"),
                b'\t' => self.out.extend_from_slice(b"\\t"),
                0x08 => self.out.extend_from_slice(b"\\b"),
                0x0c => self.out.extend_from_slice(b"\\f"),
                _ => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    self.out.extend_from_slice(b"\\u00");
                    self.out.push(HEX[(b >> 4) as usize]);
                    self.out.push(HEX[(b & 0xf) as usize]);
                }
            }
            start = at + 1;
            match first_special(&bytes[start..]) {
                Some(i) => at = start + i,
                None => break,
            }
        }
        self.out.extend_from_slice(&bytes[start..]);
    }

    /// A Puppet value as the catalog writes it: references as
    /// `Type[title]`, rich values as their string forms.
    pub(super) fn value(&mut self, v: &Value) {
        if let Value::Type(t) = v {
            let reference = match &**t {
                pjit_runtime::Type::Resource { type_name: Some(tn), title: Some(ti) } => Some((&**tn, &**ti)),
                pjit_runtime::Type::Class(Some(n)) => Some(("Class", &**n)),
                _ => None,
            };
            if let Some((tn, ti)) = reference {
                // As `ref_string` gives it, without building the text.
                let (tn, ti) = super::catalog::normalized_ref(tn, ti);
                return self.reference(&tn, &ti);
            }
        }
        match v {
            Value::Undef => self.raw("null"),
            Value::Boolean(b) => self.bool(*b),
            Value::Integer(i) => self.integer(*i),
            Value::Float(f) => self.float(*f),
            Value::String(s) => self.string(s.as_str()),
            Value::Array(a) => {
                self.begin_array();
                for x in a.iter() {
                    self.element();
                    self.value(x);
                }
                self.end_array();
            }
            // String keys are distinct; other keys may print alike (`1` and
            // `'1'`), and then a JSON object keeps the first position and
            // the last value, as a map insert does.
            Value::Sensitive(_) if self.stored.is_some() => {
                let id = self.stored.map_or(0, |n| n + 8);
                self.stored = Some(id);
                self.string(&format!("#<Sensitive [value redacted]:{id}>"))
            }
            Value::Hash(h)
                if h.keys().all(|k| matches!(k, Value::String(s) if self.stored.is_none() || !is_rich_marker(s.as_str()))) =>
            {
                self.begin_object();
                for (k, x) in h.iter() {
                    if let Value::String(k) = k {
                        self.key(k.as_str());
                        self.value(x);
                    }
                }
                self.end_object();
            }
            Value::Hash(h) => {
                let mut merged: IndexMap<String, &Value> = IndexMap::new();
                for (k, x) in h.iter() {
                    let mut k = super::catalog::hash_key_to_string(k);
                    if self.stored.is_some() && is_rich_marker(&k) {
                        k.insert_str(0, "reserved key: ");
                    }
                    merged.insert(k, x);
                }
                self.begin_object();
                for (k, x) in &merged {
                    self.key(k);
                    self.value(x);
                }
                self.end_object();
            }
            // A Sensitive below a parameter's top level stays a Pcore
            // object (`ToDataConverter` does that even without rich data);
            // the top level one is unwrapped into `sensitive_parameters`.
            Value::Sensitive(inner) => {
                self.begin_object();
                self.key("__ptype");
                self.string("Sensitive");
                self.key("__pvalue");
                self.value(inner);
                self.end_object();
            }
            other => self.string(&pjit_runtime::display::to_interpolated_string(other)),
        }
    }
}

/// The text of the resources of a worker's latest catalogs, for the next
/// catalog's resources that come out the same: most of a role's
/// resources are alike on every node (a package, a service, a rendered
/// configuration file), and comparing a resource with the one remembered
/// costs a fraction of writing it (long strings compare a word at a time
/// where writing them scans for escapes and copies). A resource is
/// remembered with everything `resource_json` reads of it, compared
/// exactly, so the text is the one writing it would give. Only the
/// agent's catalog uses it (the stored catalog's text numbers its
/// Sensitive values across the catalog).
///
/// Two generations: the resources of the catalog being written, and
/// those of the previous catalogs not met again; a new catalog drops the
/// older generation, so a title only one node has (the node's vhost) is
/// kept for one catalog, and the memory is that of about two catalogs'
/// resources.
#[derive(Default)]
pub struct ResourceTexts {
    now: hashbrown::HashTable<Remembered>,
    before: hashbrown::HashTable<Remembered>,
}

impl std::fmt::Debug for ResourceTexts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ResourceTexts({} + {} resources)", self.now.len(), self.before.len())
    }
}

/// A resource as `resource_json` reads it, and the text it wrote.
struct Remembered {
    hash: u64,
    type_name: String,
    title: String,
    tags: Vec<Rc<str>>,
    file: Option<Rc<str>>,
    line: Option<u32>,
    exported: bool,
    by_function: bool,
    non_string_title: bool,
    no_scope: bool,
    kind: &'static str,
    rtype: Option<Rc<TypeInfo>>,
    params: Vec<(ParamName, Value)>,
    text: Box<[u8]>,
}

impl Remembered {
    fn same(&self, r: &Resource) -> bool {
        self.line == r.line
            && self.exported == r.exported
            && self.by_function == r.by_function
            && self.non_string_title == r.non_string_title
            && self.no_scope == r.scope.is_none()
            && self.kind == r.kind
            && match (&self.rtype, &r.rtype) {
                (None, None) => true,
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                _ => false,
            }
            && match (&self.file, &r.file) {
                (None, None) => true,
                (Some(a), Some(b)) => Rc::ptr_eq(a, b) || a == b,
                _ => false,
            }
            && self.tags.len() == r.tags.len()
            && self.tags.iter().zip(r.tags.iter()).all(|(a, b)| Rc::ptr_eq(a, b) || a == b)
            && self.params.len() == r.params.len()
            && self.params.iter().zip(r.params.iter()).all(|((k, v), (l, w))| k == l && identical(v, w))
    }
}

impl ResourceTexts {
    /// Writes resource `r` (an element of the document's `resources`
    /// array, its separator written): the remembered text when `r` is the
    /// same as a resource of the same type and title written before.
    pub(super) fn write(&mut self, w: &mut JsonWriter, r: &Resource) {
        let hash = key_hash(&r.type_name, &r.title);
        let key = |e: &Remembered| e.type_name == r.type_name && e.title == r.title;
        // The same catalog written a second time finds its own.
        if let Some(e) = self.now.find(hash, key) {
            if e.same(r) {
                w.out.extend_from_slice(&e.text);
                return;
            }
        } else if let Ok(found) = self.before.find_entry(hash, key) {
            let (e, _) = found.remove();
            if e.same(r) {
                w.out.extend_from_slice(&e.text);
                self.now.insert_unique(hash, e, |e| e.hash);
                return;
            }
        }
        let start = w.out.len();
        resource_json(w, r);
        let e = Remembered {
            hash,
            type_name: r.type_name.clone(),
            title: r.title.clone(),
            tags: r.tags.iter().cloned().collect(),
            file: r.file.clone(),
            line: r.line,
            exported: r.exported,
            by_function: r.by_function,
            non_string_title: r.non_string_title,
            no_scope: r.scope.is_none(),
            kind: r.kind,
            rtype: r.rtype.clone(),
            params: r.params.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            text: w.out[start..].into(),
        };
        match self.now.find_entry(hash, key) {
            Ok(mut found) => *found.get_mut() = e,
            Err(_) => {
                self.now.insert_unique(hash, e, |e| e.hash);
            }
        }
    }

    /// Starts the next catalog: what the last one wrote becomes the older
    /// generation (unless it wrote nothing: a failed or replayed compile).
    pub fn next_catalog(&mut self) {
        if !self.now.is_empty() {
            self.before = std::mem::take(&mut self.now);
        }
    }
}

/// The keys by which Puppet's rich data marks a hash as an encoded value.
fn is_rich_marker(key: &str) -> bool {
    key == "__ptype" || key == "__pvalue"
}

/// Whether a byte must be escaped in a JSON string: `"`, `\` and the
/// control characters below 0x20.
fn is_special(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Eight bytes of `bytes` from `i`, little-endian.
#[inline(always)]
fn load8(bytes: &[u8], i: usize) -> u64 {
    u64::from_le_bytes(bytes[i..i + 8].try_into().expect("eight bytes"))
}

/// Four bytes of `bytes` from `i`, little-endian.
#[inline(always)]
fn load4(bytes: &[u8], i: usize) -> u32 {
    u32::from_le_bytes(bytes[i..i + 4].try_into().expect("four bytes"))
}

/// The position of the first byte of `bytes` that must be escaped, if any:
/// eight bytes at a time, the last (partial) eight overlapping the ones
/// before, short strings in two overlapping four-byte words.
fn first_special(bytes: &[u8]) -> Option<usize> {
    let n = bytes.len();
    let load8 = |i: usize| load8(bytes, i);
    if n < 8 {
        if n < 4 {
            return bytes.iter().position(|&b| is_special(b));
        }
        let load4 = |i: usize| load4(bytes, i) as u64;
        let m = special_mask(load4(0) | load4(n - 4) << 32);
        // Only which bytes: the overlap makes the bit positions of the
        // second word shift.
        return if m == 0 { None } else { bytes.iter().position(|&b| is_special(b)) };
    }
    let mut i = 0;
    while i + 8 <= n {
        let m = special_mask(load8(i));
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    if i == n {
        return None;
    }
    // The bytes of this window before `i` were checked above and hold
    // nothing to escape, so they set no bit (see `special_mask`).
    let m = special_mask(load8(n - 8));
    (m != 0).then(|| n - 8 + (m.trailing_zeros() / 8) as usize)
}

/// Of eight bytes (little-endian), the top bit of each byte that is `"`,
/// `\` or below 0x20 (SWAR: a byte is found when subtracting from it
/// borrows into its top bit). A borrow can also mark bytes above a found
/// one, never below: the lowest bit set is the first such byte.
#[inline(always)]
fn special_mask(x: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let has_zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    let below_space = x.wrapping_sub(ONES * 0x20) & !x & HIGHS;
    below_space | has_zero(x ^ (ONES * b'"' as u64)) | has_zero(x ^ (ONES * b'\\' as u64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pjit_runtime::value::{HashMapV, PArray, PHash};
    use std::sync::Arc;

    fn pretty_by_serde(text: &[u8]) -> String {
        let v: serde_json::Value = serde_json::from_slice(text).expect("valid JSON");
        serde_json::to_string_pretty(&v).unwrap()
    }

    #[test]
    fn strings_escape_as_serde_json() {
        let mut all = String::new();
        for c in (0u32..0x80).chain([0xe9, 0x2028, 0x1f600]) {
            all.push(char::from_u32(c).unwrap());
        }
        let cases = [
            "",
            "plain",
            "exactly8",
            "sixteen chars!!!",
            "quote \" inside a long enough string",
            "back\\slash",
            "tab\tand\nnewline\r",
            "\u{1}\u{1f}\u{7f}",
            "ünïcödé ✓ and \"quotes\" after eight bytes",
            &all,
        ];
        for s in cases {
            let mut out = vec![];
            JsonWriter::new(&mut out).string(s);
            assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string(s).unwrap(), "{s:?}");
        }
    }

    #[test]
    fn every_length_and_position_escapes_as_serde_json() {
        // The word-wise fast path covers 4 to 16 bytes: every length
        // around it, with a byte to escape (or a plain one) at every
        // position.
        for len in 0..=24 {
            for pos in 0..=len {
                for special in ['"', '\\', '\n', '\u{1}', '\u{1f}', ' ', '\u{7f}', 'é'] {
                    let s: String = (0..len).map(|i| if i == pos { special } else { (b'a' + (i % 26) as u8) as char }).collect();
                    let mut out = vec![b'x'];
                    let mut w = JsonWriter::new(&mut out);
                    w.string(&s);
                    w.string("");
                    assert_eq!(String::from_utf8(out).unwrap(), format!("x{}\"\"", serde_json::to_string(&s).unwrap()), "{s:?}");
                }
            }
        }
    }

    #[test]
    fn swar_check_agrees_with_bytewise() {
        let interesting = [0u8, 1, 0x1f, 0x20, 0x21, b'"', b'\\', b'a', 0x7f, 0x80, 0xc3, 0xff];
        for &a in &interesting {
            for &b in &interesting {
                for pos in 0..8 {
                    let mut bytes = [b; 8];
                    bytes[pos] = a;
                    let want = bytes.iter().position(|&x| x < 0x20 || x == b'"' || x == b'\\');
                    let m = special_mask(u64::from_le_bytes(bytes));
                    let got = (m != 0).then(|| (m.trailing_zeros() / 8) as usize);
                    assert_eq!(got, want, "{bytes:?}");
                    for len in 0..=8 {
                        assert_eq!(first_special(&bytes[..len]), bytes[..len].iter().position(|&x| is_special(x)), "{bytes:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn values_print_as_serde_json_pretty() {
        let mut h = HashMapV::default();
        h.insert(Value::string("a"), Value::Integer(-3));
        h.insert(Value::string("empty"), Value::Array(PArray(Arc::new(vec![]))));
        h.insert(Value::string("nested"), Value::Hash(PHash(Arc::new(HashMapV::default()))));
        h.insert(Value::string("f"), Value::Float(1.5e300));
        h.insert(Value::string("g"), Value::Float(2.0));
        h.insert(Value::string("s"), Value::string("x\"y"));
        let mut mixed = HashMapV::default();
        mixed.insert(Value::Integer(1), Value::string("int key"));
        mixed.insert(Value::string("1"), Value::string("string key, last wins"));
        mixed.insert(Value::Boolean(true), Value::Undef);
        h.insert(Value::string("mixed"), Value::Hash(PHash(Arc::new(mixed))));
        let arr = Value::Array(PArray(Arc::new(vec![
            Value::Undef,
            Value::Boolean(false),
            Value::Integer(i64::MIN),
            Value::Hash(PHash(Arc::new(h))),
            Value::Array(PArray(Arc::new(vec![Value::string("deep")]))),
        ])));
        let mut out = vec![];
        let mut w = JsonWriter::new(&mut out);
        w.begin_object();
        w.key("value");
        w.value(&arr);
        w.key("empty_object");
        w.begin_object();
        w.end_object();
        w.end_object();
        let text = String::from_utf8(out.clone()).unwrap();
        assert_eq!(text, pretty_by_serde(&out));
        assert!(text.contains("\"1\": \"string key, last wins\""), "{text}");
    }

    /// One resource as the catalog writes it, through `texts` or anew.
    fn resource_text(r: &Resource, texts: Option<&mut ResourceTexts>) -> Vec<u8> {
        let mut out = vec![];
        let mut w = JsonWriter::new(&mut out);
        w.begin_object();
        w.field("resources");
        w.begin_array();
        w.element();
        match texts {
            Some(t) => t.write(&mut w, r),
            None => resource_json(&mut w, r),
        }
        w.end_array();
        w.end_object();
        out
    }

    #[test]
    fn remembered_resources_write_as_written_anew() {
        let reference = |title: &str| {
            Value::Type(Arc::new(pjit_runtime::Type::Resource { type_name: Some(Arc::from("Package")), title: Some(Arc::from(title)) }))
        };
        let base = || {
            let mut r = Resource::new("File", "/etc/x", "file");
            r.params.insert("ensure".into(), Value::string("file"));
            r.params.insert("content".into(), Value::string("a\nlong \"text\"\n".repeat(20).as_str()));
            r.params.insert("require".into(), Value::Array(PArray(Arc::new(vec![reference("x"), Value::Type(Arc::new(pjit_runtime::Type::Class(Some(Arc::from("Apache")))))]))));
            r.tags.insert(Rc::from("file"));
            r.line = Some(3);
            r
        };
        // Each differs from the first in one thing its text shows.
        let variants: Vec<Box<dyn Fn(&mut Resource)>> = vec![
            Box::new(|_| {}),
            Box::new(|r| {
                r.params.insert("ensure".into(), Value::string("directory"));
            }),
            Box::new(|r| {
                r.params.insert("content".into(), Value::string("other"));
            }),
            Box::new(|r| {
                r.params.insert("require".into(), Value::Array(PArray(Arc::new(vec![reference("y")]))));
            }),
            Box::new(|r| {
                let class = Value::Type(Arc::new(pjit_runtime::Type::Class(Some(Arc::from("Apache")))));
                r.params.insert("require".into(), Value::Array(PArray(Arc::new(vec![reference("y"), class]))));
            }),
            Box::new(|r| {
                let class = Value::Type(Arc::new(pjit_runtime::Type::Class(Some(Arc::from("Mysql")))));
                r.params.insert("require".into(), Value::Array(PArray(Arc::new(vec![reference("x"), class]))));
            }),
            Box::new(|r| {
                r.params.insert("mode".into(), Value::string("0644"));
            }),
            Box::new(|r| {
                r.params.insert("ensure".into(), Value::Sensitive(Arc::new(Value::string("file"))));
            }),
            Box::new(|r| {
                r.tags.insert(Rc::from("other"));
            }),
            Box::new(|r| r.line = Some(4)),
            Box::new(|r| r.file = Some(Rc::from("/etc/puppet/site.pp"))),
            Box::new(|r| r.exported = true),
            Box::new(|r| r.by_function = true),
            Box::new(|r| r.kind = "class"),
        ];
        let mut texts = ResourceTexts::default();
        // Every variant after every other, each in its own catalog and
        // twice in one (a catalog written a second time).
        for (i, a) in variants.iter().enumerate() {
            for (j, b) in variants.iter().enumerate() {
                for change in [a, b] {
                    let mut r = base();
                    change(&mut r);
                    let fresh = resource_text(&r, None);
                    assert_eq!(resource_text(&r, Some(&mut texts)), fresh, "variant {i} then {j}");
                    assert_eq!(resource_text(&r, Some(&mut texts)), fresh, "variant {i} then {j}, again");
                    texts.next_catalog();
                }
            }
        }
    }
}
