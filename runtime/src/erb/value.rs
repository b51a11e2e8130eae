//! Ruby values as templates see them, and their mapping to and from Puppet
//! values.
//!
//! Ruby strings, arrays and hashes are mutable objects shared by reference
//! (`a = @list; a << 1` changes `@list`), so they live behind
//! `Rc<RefCell<..>>`; everything else is immutable. Puppet values map as
//! Puppet 7 hands them to templates: `undef` is `nil`, `default` is the
//! symbol `:default`, regexps are `Regexp`s, strings, numbers, booleans,
//! arrays and hashes are their Ruby counterparts, and the rest (types,
//! `Sensitive`, timespans, SemVer ...) stay Puppet objects that print with
//! `to_s` as Puppet prints them. Going back (function arguments,
//! `scope.setvar`), `nil` and `:undef` are `undef`, `:default` is
//! `default`, other symbols become strings.
//!
//! Hash keys use Ruby's `eql?` semantics ([`HKey`]): `1` and `1.0` are
//! different keys, strings compare by content.

use std::cell::RefCell;
use std::rc::Rc;

use indexmap::IndexMap;

use crate::display::ruby_float_to_s;
use crate::value::Value;

/// A Ruby value.
#[derive(Clone, Debug)]
pub(crate) enum RV {
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Rc<RStr>),
    Sym(Rc<str>),
    Array(Rc<RefCell<Vec<RV>>>),
    Hash(Rc<RefCell<RHash>>),
    /// `a..b` / `a...b` (exclusive).
    Range(Rc<(RV, RV, bool)>),
    Regexp(Rc<RRegex>),
    Match(Rc<MatchData>),
    /// A Puppet value without a Ruby counterpart (types, Sensitive, ...).
    Puppet(Value),
    /// A class or module, by its Ruby name (`Array`, `JSON::ParserError`).
    Class(Rc<str>),
    Exception(Rc<Exc>),
    /// `IPAddr.new(...)`: the address text as given and its parsed form.
    IpAddr(Rc<IpAddrValue>),
    /// The template object (`self`, Puppet's `TemplateWrapper`).
    Template,
    /// `scope` (Puppet's `Scope`).
    Scope,
}

/// A Ruby String: mutable text and whether it is frozen (Puppet's strings
/// are; so are hash keys and strings the template froze). Derefs to its
/// text cell.
#[derive(Debug, Default)]
pub(crate) struct RStr {
    text: RefCell<String>,
    pub frozen: std::cell::Cell<bool>,
}

impl std::ops::Deref for RStr {
    type Target = RefCell<String>;
    fn deref(&self) -> &RefCell<String> {
        &self.text
    }
}

/// A Ruby exception.
#[derive(Debug)]
pub(crate) struct Exc {
    pub class: Rc<str>,
    pub message: String,
    /// Where Puppet's Ruby code raised it (file, line), for exceptions
    /// that come from Puppet functions the template called: Puppet reports
    /// that place, not the template's line.
    pub origin: Option<(&'static str, u32)>,
}

/// A parsed `IPAddr`.
#[derive(Debug)]
pub(crate) struct IpAddrValue {
    pub addr: std::net::IpAddr,
    pub prefix: u8,
}

/// A Ruby Hash: insertion-ordered entries (the original key objects are
/// kept for iteration) and the default value of `Hash.new(default)`. The
/// hasher is a fixed-seed fast one: the order is the insertion order
/// whatever the hasher.
#[derive(Debug, Default)]
pub(crate) struct RHash {
    pub map: IndexMap<HKey, (RV, RV), foldhash::fast::FixedState>,
    pub default: Option<RV>,
}

impl RHash {
    pub fn get(&self, k: &RV) -> Option<RV> {
        let found = match k {
            // Found by the text itself (no key made to look it up).
            RV::Str(s) => self.map.get(&StrKey(s.borrow().as_str())),
            _ => self.map.get(&HKey::of(k)),
        };
        found.map(|(_, v)| v.clone())
    }
    /// The value of the String key `k` (`h['k']`).
    pub fn get_str(&self, k: &str) -> Option<RV> {
        self.map.get(&StrKey(k)).map(|(_, v)| v.clone())
    }
    pub fn insert(&mut self, k: RV, v: RV) {
        // Ruby dups and freezes unfrozen String keys.
        let k = match &k {
            RV::Str(s) if !s.frozen.get() => RV::frozen_str(s.borrow().as_str()),
            _ => k,
        };
        let hk = HKey::of(&k);
        match self.map.get_mut(&hk) {
            Some(slot) => slot.1 = v,
            None => {
                self.map.insert(hk, (k, v));
            }
        }
    }
    pub fn pairs(&self) -> Vec<(RV, RV)> {
        self.map.values().cloned().collect()
    }
}

/// A hash key with Ruby's `eql?`/`hash` semantics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HKey {
    Nil,
    Bool(bool),
    Int(i64),
    /// The bits of a float (`-0.0` folded into `0.0`).
    Float(u64),
    Str(String),
    Sym(Rc<str>),
    Array(Vec<HKey>),
    Puppet(Value),
    Class(Rc<str>),
    /// Identity of a mutable object without value equality here.
    Ptr(usize),
}

// By hand rather than derived, so that a borrowed [`StrKey`] hashes as
// the `HKey::Str` it stands for (each kind hashes a tag of its own first).
impl std::hash::Hash for HKey {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        match self {
            HKey::Nil => h.write_u8(0),
            HKey::Bool(b) => {
                h.write_u8(1);
                b.hash(h)
            }
            HKey::Int(i) => {
                h.write_u8(2);
                i.hash(h)
            }
            HKey::Float(f) => {
                h.write_u8(3);
                f.hash(h)
            }
            HKey::Str(s) => StrKey(s).hash(h),
            HKey::Sym(s) => {
                h.write_u8(5);
                s.hash(h)
            }
            HKey::Array(a) => {
                h.write_u8(6);
                a.hash(h)
            }
            HKey::Puppet(v) => {
                h.write_u8(7);
                v.hash(h)
            }
            HKey::Class(c) => {
                h.write_u8(8);
                c.hash(h)
            }
            HKey::Ptr(p) => {
                h.write_u8(9);
                p.hash(h)
            }
        }
    }
}

/// `HKey::Str`, borrowed: looks a String key up without copying its text.
pub(crate) struct StrKey<'a>(pub &'a str);

impl std::hash::Hash for StrKey<'_> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u8(4);
        self.0.hash(h)
    }
}

impl indexmap::Equivalent<HKey> for StrKey<'_> {
    fn equivalent(&self, k: &HKey) -> bool {
        matches!(k, HKey::Str(s) if s == self.0)
    }
}

impl HKey {
    pub fn of(v: &RV) -> HKey {
        match v {
            RV::Nil => HKey::Nil,
            RV::Bool(b) => HKey::Bool(*b),
            RV::Int(i) => HKey::Int(*i),
            RV::Float(f) => HKey::Float(if *f == 0.0 { 0 } else { f.to_bits() }),
            RV::Str(s) => HKey::Str(s.borrow().clone()),
            RV::Sym(s) => HKey::Sym(s.clone()),
            RV::Array(a) => HKey::Array(a.borrow().iter().map(HKey::of).collect()),
            RV::Puppet(p) => HKey::Puppet(p.clone()),
            RV::Class(c) => HKey::Class(c.clone()),
            RV::Hash(h) => HKey::Ptr(Rc::as_ptr(h) as *const u8 as usize),
            RV::Range(r) => HKey::Ptr(Rc::as_ptr(r) as *const u8 as usize),
            RV::Regexp(r) => HKey::Str(format!("\0regexp\0{}\0{}", r.source, r.flags)),
            RV::Match(m) => HKey::Ptr(Rc::as_ptr(m) as *const u8 as usize),
            RV::Exception(e) => HKey::Ptr(Rc::as_ptr(e) as *const u8 as usize),
            RV::IpAddr(a) => HKey::Ptr(Rc::as_ptr(a) as *const u8 as usize),
            RV::Template => HKey::Ptr(1),
            RV::Scope => HKey::Ptr(2),
        }
    }
}

/// A compiled regexp with Ruby's source and options.
pub(crate) struct RRegex {
    pub source: String,
    /// Option letters among `mix`, in that order.
    pub flags: String,
    pub compiled: onig::Regex,
}

impl std::fmt::Debug for RRegex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "/{}/{}", self.source, self.flags)
    }
}

impl RRegex {
    /// Compiles with Ruby syntax and options. The error is Oniguruma's text.
    pub fn new(source: &str, flags: &str) -> Result<Rc<RRegex>, String> {
        thread_local! {
            static CACHE: RefCell<std::collections::HashMap<(String, String), Rc<RRegex>, foldhash::fast::FixedState>> =
                RefCell::new(Default::default());
        }
        let mut fl = String::new();
        for c in ['m', 'i', 'x'] {
            if flags.contains(c) {
                fl.push(c);
            }
        }
        let key = (source.to_string(), fl.clone());
        if let Some(r) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
            return Ok(r);
        }
        let mut opts = onig::RegexOptions::REGEX_OPTION_NONE;
        if fl.contains('i') {
            opts |= onig::RegexOptions::REGEX_OPTION_IGNORECASE;
        }
        if fl.contains('x') {
            opts |= onig::RegexOptions::REGEX_OPTION_EXTEND;
        }
        if fl.contains('m') {
            opts |= onig::RegexOptions::REGEX_OPTION_MULTILINE;
        }
        let compiled = crate::regex::ruby_regex(source, opts)
            .map_err(|e| format!("{}: /{}/", e.description(), source))?;
        let r = Rc::new(RRegex { source: source.to_string(), flags: fl, compiled });
        CACHE.with(|c| {
            let mut c = c.borrow_mut();
            if c.len() > 1024 {
                c.clear();
            }
            c.insert(key, r.clone());
        });
        Ok(r)
    }

    /// Ruby's `Regexp#to_s`: `(?mi-x:source)`.
    pub fn to_s(&self) -> String {
        let on: String = ['m', 'i', 'x'].iter().filter(|c| self.flags.contains(**c)).collect();
        let off: String = ['m', 'i', 'x'].iter().filter(|c| !self.flags.contains(**c)).collect();
        if off.is_empty() {
            format!("(?{on}:{})", self.source)
        } else {
            format!("(?{on}-{off}:{})", self.source)
        }
    }

    /// Ruby's `Regexp#inspect`: `/source/flags` with unescaped `/` escaped.
    pub fn inspect(&self) -> String {
        let mut out = String::from("/");
        let mut escaped = false;
        for c in self.source.chars() {
            if c == '/' && !escaped {
                out.push('\\');
            }
            escaped = c == '\\' && !escaped;
            out.push(c);
        }
        out.push('/');
        for c in ['m', 'i', 'x'] {
            if self.flags.contains(c) {
                out.push(c);
            }
        }
        out
    }

    /// The first match at or after byte `start`.
    pub fn match_at(&self, text: &str, start: usize) -> Option<MatchData> {
        if start > text.len() {
            return None;
        }
        let mut region = onig::Region::new();
        self.compiled.search_with_options(
            text,
            start,
            text.len(),
            onig::SearchOptions::SEARCH_OPTION_NONE,
            Some(&mut region),
        )?;
        let groups = (0..region.len()).map(|i| region.pos(i)).collect();
        let mut names = Vec::new();
        self.compiled.foreach_name(|name, idx| {
            if let Some(&i) = idx.first() {
                names.push((name.to_string(), i as usize));
            }
            true
        });
        Some(MatchData { text: Rc::from(text), groups, names })
    }
}

/// A match: the subject and the byte ranges of the groups.
#[derive(Debug)]
pub(crate) struct MatchData {
    pub text: Rc<str>,
    pub groups: Vec<Option<(usize, usize)>>,
    pub names: Vec<(String, usize)>,
}

impl MatchData {
    pub fn group(&self, i: usize) -> Option<&str> {
        self.groups.get(i).copied().flatten().map(|(s, e)| &self.text[s..e])
    }
    pub fn start(&self) -> usize {
        self.groups[0].map_or(0, |g| g.0)
    }
    pub fn end(&self) -> usize {
        self.groups[0].map_or(0, |g| g.1)
    }
}

impl RV {
    pub fn str(s: &str) -> RV {
        RV::Str(Rc::new(RStr { text: RefCell::new(s.to_string()), frozen: Default::default() }))
    }
    pub fn string(s: String) -> RV {
        RV::Str(Rc::new(RStr { text: RefCell::new(s), frozen: Default::default() }))
    }
    /// A frozen String.
    pub fn frozen_str(s: &str) -> RV {
        RV::Str(Rc::new(RStr { text: RefCell::new(s.to_string()), frozen: std::cell::Cell::new(true) }))
    }
    pub fn sym(s: &str) -> RV {
        RV::Sym(Rc::from(s))
    }
    pub fn array(v: Vec<RV>) -> RV {
        RV::Array(Rc::new(RefCell::new(v)))
    }
    pub fn hash(h: RHash) -> RV {
        RV::Hash(Rc::new(RefCell::new(h)))
    }
    pub fn class(name: &str) -> RV {
        RV::Class(Rc::from(name))
    }

    pub fn truthy(&self) -> bool {
        !matches!(self, RV::Nil | RV::Bool(false))
    }

    /// The Ruby class name.
    pub fn class_name(&self) -> String {
        match self {
            RV::Nil => "NilClass".into(),
            RV::Bool(true) => "TrueClass".into(),
            RV::Bool(false) => "FalseClass".into(),
            RV::Int(_) => "Integer".into(),
            RV::Float(_) => "Float".into(),
            RV::Str(_) => "String".into(),
            RV::Sym(_) => "Symbol".into(),
            RV::Array(_) => "Array".into(),
            RV::Hash(_) => "Hash".into(),
            RV::Range(_) => "Range".into(),
            RV::Regexp(_) => "Regexp".into(),
            RV::Match(_) => "MatchData".into(),
            RV::Puppet(v) => puppet_class_name(v).into(),
            RV::Class(_) => "Class".into(),
            RV::Exception(e) => e.class.to_string(),
            RV::IpAddr(_) => "IPAddr".into(),
            RV::Template => "Puppet::Parser::TemplateWrapper".into(),
            RV::Scope => "Puppet::Parser::Scope".into(),
        }
    }

    /// Ruby's `to_s`.
    pub fn to_s(&self) -> String {
        match self {
            RV::Nil => String::new(),
            RV::Bool(b) => b.to_string(),
            RV::Int(i) => i.to_string(),
            RV::Float(f) => ruby_float_to_s(*f),
            RV::Str(s) => s.borrow().clone(),
            RV::Sym(s) => s.to_string(),
            RV::Array(_) | RV::Hash(_) => self.inspect(),
            RV::Range(r) => format!("{}{}{}", r.0.to_s(), if r.2 { "..." } else { ".." }, r.1.to_s()),
            RV::Regexp(r) => r.to_s(),
            RV::Match(m) => m.group(0).unwrap_or("").to_string(),
            RV::Puppet(v) => crate::display::to_interpolated_string(v),
            RV::Class(c) => c.to_string(),
            RV::Exception(e) => e.message.clone(),
            RV::IpAddr(a) => a.addr.to_string(),
            RV::Template => "template[inline]".into(),
            RV::Scope => "Scope()".into(),
        }
    }

    /// Ruby's `inspect`.
    pub fn inspect(&self) -> String {
        let mut out = String::new();
        crate::value::guard_stack(|| self.inspect_into(&mut out));
        out
    }

    fn inspect_into(&self, out: &mut String) {
        match self {
            RV::Nil => out.push_str("nil"),
            RV::Str(s) => out.push_str(&inspect_str(&s.borrow())),
            RV::Sym(s) => out.push_str(&inspect_sym(s)),
            RV::Array(a) => {
                // A recursive array prints `[...]`.
                out.push('[');
                for (i, e) in a.borrow().iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if let RV::Array(inner) = e {
                        if Rc::ptr_eq(inner, a) {
                            out.push_str("[...]");
                            continue;
                        }
                    }
                    e.inspect_into(out);
                }
                out.push(']');
            }
            RV::Hash(h) => {
                out.push('{');
                for (i, (k, v)) in h.borrow().map.values().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    k.inspect_into(out);
                    out.push_str("=>");
                    if let RV::Hash(inner) = v {
                        if Rc::ptr_eq(inner, h) {
                            out.push_str("{...}");
                            continue;
                        }
                    }
                    v.inspect_into(out);
                }
                out.push('}');
            }
            RV::Range(r) => {
                r.0.inspect_into(out);
                out.push_str(if r.2 { "..." } else { ".." });
                r.1.inspect_into(out);
            }
            RV::Regexp(r) => out.push_str(&r.inspect()),
            RV::Match(m) => {
                out.push_str("#<MatchData ");
                out.push_str(&inspect_str(m.group(0).unwrap_or("")));
                for i in 1..m.groups.len() {
                    let name = m.names.iter().find(|(_, j)| *j == i).map_or(i.to_string(), |(n, _)| n.clone());
                    out.push(' ');
                    out.push_str(&name);
                    out.push(':');
                    match m.group(i) {
                        Some(g) => out.push_str(&inspect_str(g)),
                        None => out.push_str("nil"),
                    }
                }
                out.push('>');
            }
            RV::Puppet(Value::Sensitive(_)) => out.push_str("#<Sensitive [value redacted]>"),
            RV::Exception(e) => {
                if e.message.is_empty() || *e.message == *e.class {
                    out.push_str(&e.class);
                } else {
                    out.push_str(&format!("#<{}: {}>", e.class, e.message));
                }
            }
            RV::IpAddr(a) => {
                let mask = mask_string(a);
                out.push_str(&format!(
                    "#<IPAddr: {}:{}/{}>",
                    if a.addr.is_ipv4() { "IPv4" } else { "IPv6" },
                    network_address(a),
                    mask
                ));
            }
            other => out.push_str(&other.to_s()),
        }
    }
}

fn mask_string(a: &IpAddrValue) -> String {
    match a.addr {
        std::net::IpAddr::V4(_) => {
            let m: u32 = if a.prefix == 0 { 0 } else { u32::MAX << (32 - a.prefix as u32) };
            std::net::Ipv4Addr::from(m).to_string()
        }
        std::net::IpAddr::V6(_) => {
            let m: u128 = if a.prefix == 0 { 0 } else { u128::MAX << (128 - a.prefix as u32) };
            ipv6_full(m)
        }
    }
}

/// The address with host bits cleared (what `IPAddr.new` keeps).
pub(crate) fn network_address(a: &IpAddrValue) -> String {
    match a.addr {
        std::net::IpAddr::V4(v) => {
            let m: u32 = if a.prefix == 0 { 0 } else { u32::MAX << (32 - a.prefix as u32) };
            std::net::Ipv4Addr::from(u32::from(v) & m).to_string()
        }
        std::net::IpAddr::V6(v) => {
            let m: u128 = if a.prefix == 0 { 0 } else { u128::MAX << (128 - a.prefix as u32) };
            ipv6_full(u128::from(v) & m)
        }
    }
}

fn ipv6_full(v: u128) -> String {
    (0..8).map(|i| format!("{:04x}", (v >> (112 - 16 * i)) & 0xffff)).collect::<Vec<_>>().join(":")
}

/// The Ruby class of a Puppet value without a Ruby counterpart.
fn puppet_class_name(v: &Value) -> &'static str {
    match v {
        Value::Type(_) => "Puppet::Pops::Types::PAnyType",
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive",
        Value::Timespan(_) => "Puppet::Pops::Time::Timespan",
        Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp",
        Value::SemVer(_) => "SemanticPuppet::Version",
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange",
        Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary",
        Value::Uri(_) => "URI::Generic",
        Value::Iterator(_) => "Puppet::Pops::Types::Iterator",
        Value::Callable(_) => "Puppet::Pops::Functions::Function",
        _ => "Object",
    }
}

/// Ruby's `String#inspect` for a UTF-8 string.
pub(crate) fn inspect_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            '#' => {
                if matches!(chars.peek(), Some('{') | Some('$') | Some('@')) {
                    out.push('\\');
                }
                out.push('#');
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\u{:04X}", c as u32)),
            c if is_unprintable(c) => {
                if (c as u32) < 0x10000 {
                    out.push_str(&format!("\\u{:04X}", c as u32))
                } else {
                    out.push_str(&format!("\\u{{{:X}}}", c as u32))
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Code points Ruby's inspect escapes besides ASCII controls: C1 controls
/// and a few format characters.
fn is_unprintable(c: char) -> bool {
    let u = c as u32;
    (0x80..0xa0).contains(&u) || u == 0xad || (0x2028..=0x2029).contains(&u) || u == 0xfeff
}

/// Ruby's `Symbol#inspect`.
pub(crate) fn inspect_sym(s: &str) -> String {
    let simple = {
        let b = s.as_bytes();
        let ident = !b.is_empty()
            && (b[0].is_ascii_alphabetic() || b[0] == b'_' || b[0] >= 0x80)
            && {
                let body = s.trim_end_matches(['?', '!', '=']);
                body.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80)
                    && s.len() - body.len() <= 1
            };
        let op = [
            "[]", "[]=", "<=>", "==", "===", "=~", "!", "!=", "!~", "<", "<=", ">", ">=", "<<", ">>", "+", "-", "*",
            "/", "%", "**", "&", "|", "^", "~", "+@", "-@",
        ]
        .contains(&s);
        // `:@x`, `:@@x`, `:$x`: variable names (`instance_variables`).
        let var = ["@@", "@", "$"].iter().find_map(|p| s.strip_prefix(p)).is_some_and(|r| {
            let b = r.as_bytes();
            !b.is_empty()
                && (b[0].is_ascii_alphabetic() || b[0] == b'_' || b[0] >= 0x80)
                && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c >= 0x80)
        });
        ident || op || var
    };
    if simple { format!(":{s}") } else { format!(":{}", inspect_str(s)) }
}

/// A Puppet value as Ruby sees it.
pub(crate) fn from_puppet(v: &Value) -> RV {
    crate::value::guard_stack(|| match v {
        Value::Undef => RV::Nil,
        Value::Default => RV::sym("default"),
        Value::Boolean(b) => RV::Bool(*b),
        Value::Integer(i) => RV::Int(*i),
        Value::Float(f) => RV::Float(*f),
        Value::String(s) => RV::frozen_str(s),
        Value::Array(a) => RV::array(a.iter().map(from_puppet).collect()),
        Value::Hash(h) => {
            let mut rh = RHash::default();
            for (k, v) in h.iter() {
                rh.insert(from_puppet(k), from_puppet(v));
            }
            RV::hash(rh)
        }
        Value::Regexp(r) => match RRegex::new(r.source(), "") {
            Ok(rx) => RV::Regexp(rx),
            Err(_) => RV::Puppet(v.clone()),
        },
        other => RV::Puppet(other.clone()),
    })
}

/// Whether `to_puppet(v)` would give `p` (without building it): the test
/// for a Puppet Array or Hash the template changed in place.
pub(crate) fn same_as_puppet(v: &RV, p: &Value) -> bool {
    crate::value::guard_stack(|| match (v, p) {
        (RV::Nil, Value::Undef) => true,
        (RV::Bool(a), Value::Boolean(b)) => a == b,
        (RV::Int(a), Value::Integer(b)) => a == b,
        (RV::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
        (RV::Str(s), Value::String(t)) => s.borrow().as_str() == t.as_str(),
        (RV::Array(a), Value::Array(b)) => {
            let a = a.borrow();
            a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| same_as_puppet(x, y))
        }
        (RV::Hash(h), Value::Hash(m)) => {
            let h = h.borrow();
            h.map.len() == m.len()
                && h.map.values().zip(m.iter()).all(|((k, v), (pk, pv))| same_as_puppet(k, pk) && same_as_puppet(v, pv))
        }
        (RV::Puppet(a), b) => a == b,
        (RV::Sym(_) | RV::Regexp(_), _) => to_puppet(v).is_ok_and(|x| &x == p),
        _ => false,
    })
}

/// A Ruby value handed back to Puppet (function arguments, `setvar`).
/// Fails for values Puppet cannot hold (ranges, match data ...), naming the class.
pub(crate) fn to_puppet(v: &RV) -> Result<Value, String> {
    crate::value::guard_stack(|| {
        Ok(match v {
            RV::Nil => Value::Undef,
            RV::Bool(b) => Value::Boolean(*b),
            RV::Int(i) => Value::Integer(*i),
            RV::Float(f) => Value::Float(*f),
            RV::Str(s) => Value::string(s.borrow().as_str()),
            RV::Sym(s) => match &**s {
                "undef" => Value::Undef,
                "default" => Value::Default,
                other => Value::string(other),
            },
            RV::Array(a) => Value::array(a.borrow().iter().map(to_puppet).collect::<Result<_, _>>()?),
            RV::Hash(h) => {
                let h = h.borrow();
                let mut entries = Vec::with_capacity(h.map.len());
                for (k, v) in h.map.values() {
                    entries.push((to_puppet(k)?, to_puppet(v)?));
                }
                Value::hash(entries)
            }
            RV::Regexp(r) => match crate::regex::Regex::new(&r.source) {
                Ok(rx) if r.flags.is_empty() => Value::Regexp(rx),
                _ => return Err("Regexp".into()),
            },
            RV::Puppet(p) => p.clone(),
            other => return Err(other.class_name()),
        })
    })
}
