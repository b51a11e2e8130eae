//! The catalog under construction: resources in declaration order (with
//! what Puppet's compiler tracks about each: where its parameters came
//! from, its declaring scope, whether it is virtual or still to be
//! evaluated), the containment edges, the declared classes, and the JSON
//! form Puppet writes (`catalog_format` 2).

use std::borrow::Cow;
use std::collections::HashMap;
use std::rc::Rc;

use indexmap::{IndexMap, IndexSet};
use pjit_runtime::Value;
use serde_json::Value as Json;

use super::catalog_json::{JsonWriter, ResourceTexts};

use super::resource_types;
use super::scope::CatScope;
use crate::ir::{FuncId, Loc};

/// Where a parameter's value came from: the definition that set it (for
/// Puppet's override rules) and the line that set it.
#[derive(Clone, Debug)]
pub struct ParamMeta {
    pub source: Rc<str>,
    pub file: u32,
    pub line: u32,
    /// Set by a resource default rather than by the resource itself.
    pub from_default: bool,
}

#[derive(Clone, Debug)]
pub struct Resource {
    /// Capitalized segments: `Notify`, `Foo::Bar`, `Class`.
    pub type_name: String,
    pub title: String,
    pub tags: Tags,
    /// Shared with the other resources of the file.
    pub file: Option<Rc<str>>,
    pub line: Option<u32>,
    pub exported: bool,
    pub virtual_: bool,
    pub kind: &'static str,
    pub params: Params,
    /// Origins of `params` entries other than the declared ones (see
    /// [`Resource::param_meta`]).
    pub meta: HashMap<String, ParamMeta, foldhash::fast::FixedState>,
    /// The origin of the parameters the declaration gave, the first
    /// `declared` entries of `params`: one record for all of them instead
    /// of a copy of each name (see [`Resource::param_meta`]).
    pub declared_meta: Option<ParamMeta>,
    pub declared: u32,
    /// The scope the resource was declared in (none for the compiler's own
    /// Stage[main], Class[Settings] and Class[main]).
    pub scope: Option<Rc<CatScope>>,
    /// The definition declaring it (`""` for main).
    pub source: Rc<str>,
    /// A defined type's body, for instances of defined types.
    pub define: Option<FuncId>,
    /// Classes and defined-type instances: the body has run.
    pub evaluated: bool,
    /// The tags of the declaring scope's resource have been merged in.
    pub scope_tags_merged: bool,
    /// Where the resource was declared.
    pub loc: Loc,
    /// The Ruby type of a resource of a built-in or module type.
    pub rtype: Option<Rc<resource_types::TypeInfo>>,
    /// Classes and defined-type instances: the module of their definition.
    pub module_name: Option<Value>,
    /// Declared by `create_resources` (so `ensure_resource(s)`,
    /// `ensure_packages`), which leaves Puppet's `exported` unset unless
    /// the type starts with `@@`: the JSON writes `kind` before `exported`.
    pub by_function: bool,
    /// The title was not a String (`create_resources` with an Integer key):
    /// Puppet keeps the Ruby object, so the title is no tag and the namevar
    /// (parsed from the title's text) never equals it.
    pub non_string_title: bool,
    /// For a resource an exported collector found in storeconfigs: the
    /// terminus's `collector_id` (`certname|Type|title`).
    pub collector_id: Option<Rc<str>>,
}

thread_local! {
    /// The source of resources no definition declares (shared: one
    /// allocation per thread, not per resource).
    static EMPTY: Rc<str> = Rc::from("");
}

impl Resource {
    pub fn new(type_name: &str, title: &str, kind: &'static str) -> Resource {
        Resource {
            type_name: type_name.to_string(),
            title: title.to_string(),
            // Most resources end with a handful of tags (type, title,
            // container's): room for them saves the set's regrowth.
            tags: Tags::with_capacity(8),
            file: None,
            line: None,
            exported: false,
            virtual_: false,
            kind,
            params: Params::default(),
            meta: HashMap::default(),
            declared_meta: None,
            declared: 0,
            scope: None,
            source: EMPTY.with(Rc::clone),
            define: None,
            evaluated: false,
            scope_tags_merged: false,
            loc: Loc::default(),
            rtype: None,
            module_name: None,
            by_function: false,
            non_string_title: false,
            collector_id: None,
        }
    }

    pub fn reference(&self) -> String {
        // Asked for every class scope and resource: plain pushes cost a
        // fraction of `format!`'s padding-aware path.
        let mut s = String::with_capacity(self.type_name.len() + self.title.len() + 2);
        s.push_str(&self.type_name);
        s.push('[');
        s.push_str(&self.title);
        s.push(']');
        s
    }

    /// Where parameter `name`'s value came from (None: the compiler set
    /// it).
    pub fn param_meta(&self, name: &str) -> Option<&ParamMeta> {
        if let Some(m) = self.meta.get(name) {
            return Some(m);
        }
        let d = self.declared_meta.as_ref()?;
        self.params.get_index_of(name).filter(|&i| i < self.declared as usize).map(|_| d)
    }

    /// Gives the declared parameters their own records in `meta`, before
    /// a parameter is removed from `params` (which moves the ones after
    /// it).
    pub fn pin_param_meta(&mut self) {
        if let Some(d) = self.declared_meta.take() {
            for k in self.params.keys().take(self.declared as usize) {
                self.meta.entry(k.to_string()).or_insert_with(|| d.clone());
            }
            self.declared = 0;
        }
    }

    /// Adds tags as Puppet's `tag` does: lower case, and a qualified tag
    /// adds its segments too. Returns the first invalid tag, if any.
    pub fn tag(&mut self, v: &Value) -> Result<(), String> {
        match v {
            Value::Array(a) => {
                for x in a.iter() {
                    self.tag(x)?;
                }
                Ok(())
            }
            Value::Undef => Ok(()),
            other => {
                let t = pjit_runtime::display::to_interpolated_string(other).to_lowercase();
                if !valid_tag(&t) {
                    return Err(t);
                }
                name_tags(&t, &mut self.tags);
                Ok(())
            }
        }
    }
}

#[derive(Debug, Default)]
pub struct Catalog {
    /// Boxed: a resource is a few hundred bytes, and a catalog of
    /// thousands grew its vector by copying them all (and touching twice
    /// their memory) at every doubling.
    pub resources: Vec<Box<Resource>>,
    /// Resources by (type, title), normalized: hashed and compared by the
    /// resources' own names (no copy of them as keys).
    index: hashbrown::HashTable<usize>,
    /// Resources by their other names (aliases, namevars that differ from
    /// titles), normalized.
    aliases: IndexMapFast<(String, String), usize>,
    pub edges: Vec<(usize, usize)>,
    pub classes: IndexSet<String>,
    /// Class resources by the lower case of their (ASCII) titles: the
    /// compiler's class keys (see [`Catalog::lookup_class`]).
    class_keys: HashMap<String, usize, foldhash::fast::FixedState>,
    /// Uniqueness keys of resources of isomorphic Ruby types.
    uniqueness: IndexMapFast<(String, String), usize>,
    /// The isomorphic Ruby type of each type name with resources here (to
    /// look titles up by their uniqueness key).
    rtypes: HashMap<String, Rc<resource_types::TypeInfo>, foldhash::fast::FixedState>,
    /// The catalog's own tags beyond the class names: the tags classes and
    /// nodes had when they were declared.
    pub tags: TagSet,
    /// The catalog's `version` and `catalog_uuid` when the compile has an
    /// identity (a compile stored in PuppetDB: Puppet's config version,
    /// the compile's time in seconds, and a random UUID, which the agent's
    /// copy and the stored copy share); None: `0` and the nil UUID, so
    /// that the same input gives the same output.
    pub identity: Option<(i64, String)>,
    /// The text of the resources of the worker's latest catalogs (see
    /// [`ResourceTexts`]); None outside batch mode and the server, where
    /// no other catalog follows.
    pub texts: std::cell::RefCell<Option<Box<ResourceTexts>>>,
}

/// How much catalog text [`Catalog::json_chunks`] gathers before it hands
/// it over.
pub const JSON_CHUNK: usize = 64 * 1024;

/// A resource's attributes, in the order they were set (the catalog's
/// order), with a fast hasher: attribute names are short and many.
pub type Params = IndexMap<ParamName, Value, foldhash::fast::FixedState>;

/// An attribute name in a resource's [`Params`]. Names come from the
/// program: the keys of attribute hashes are the program's string
/// constants and class and define parameters are its symbols (see
/// `Interp::param_name`), so every resource of every node holds a
/// reference to the one copy of a name rather than a copy each (a copy
/// was an allocation per attribute per resource). It hashes, compares and
/// orders as its text, and maps of them are looked up by `&str`.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ParamName(pjit_runtime::value::PStr);

impl ParamName {
    #[inline]
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// A Hash key as a parameter name: a String key (nearly always one of
    /// the program's constants) is shared, not copied.
    #[inline]
    pub fn of_key(k: &Value) -> ParamName {
        match k {
            Value::String(s) => ParamName(s.clone()),
            other => pjit_runtime::display::to_interpolated_string(other).into(),
        }
    }

    /// The name as a String value, sharing its text.
    #[inline]
    pub fn to_value(&self) -> Value {
        Value::String(self.0.clone())
    }
}

impl std::hash::Hash for ParamName {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // As `str` hashes: maps of names are looked up by `&str`.
        self.as_str().hash(state)
    }
}

impl std::borrow::Borrow<str> for ParamName {
    #[inline]
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl std::ops::Deref for ParamName {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for ParamName {
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for ParamName {
    #[inline]
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for ParamName {
    #[inline]
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl From<&str> for ParamName {
    #[inline]
    fn from(s: &str) -> ParamName {
        ParamName(std::sync::Arc::new(s.to_string()))
    }
}

impl From<String> for ParamName {
    #[inline]
    fn from(s: String) -> ParamName {
        ParamName(std::sync::Arc::new(s))
    }
}

impl From<pjit_runtime::value::PStr> for ParamName {
    #[inline]
    fn from(s: pjit_runtime::value::PStr) -> ParamName {
        ParamName(s)
    }
}

impl PartialEq<str> for ParamName {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for ParamName {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for ParamName {
    #[inline]
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other.as_str()
    }
}

/// An insertion-ordered map with a fixed fast hasher (keys come from
/// manifests; iteration order is never observable through these maps).
type IndexMapFast<K, V> = IndexMap<K, V, foldhash::fast::FixedState>;

/// A borrowed `(type, title)` key that finds an owned one in the index
/// without building Strings. It hashes as the tuple of Strings does (each
/// `str` in order).
#[derive(Hash)]
struct RefKey<'a>(&'a str, &'a str);

/// The hash of a resource's `(type, title)` in [`Catalog::index`].
pub(super) fn key_hash(type_name: &str, title: &str) -> u64 {
    use std::hash::BuildHasher;
    foldhash::fast::FixedState::default().hash_one(RefKey(type_name, title))
}

impl indexmap::Equivalent<(String, String)> for RefKey<'_> {
    fn equivalent(&self, key: &(String, String)) -> bool {
        self.0 == key.0 && self.1 == key.1
    }
}

/// The segments of a qualified name: `str::split("::")` without building
/// a substring searcher for every call (names are short and this is on
/// the path of every resource).
pub fn name_segments(name: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(name);
    std::iter::from_fn(move || {
        let s = rest?;
        match s.as_bytes().windows(2).position(|w| w == b"::") {
            Some(i) => {
                rest = Some(&s[i + 2..]);
                Some(&s[..i])
            }
            None => {
                rest = None;
                Some(s)
            }
        }
    })
}

/// `s.to_lowercase()`, by bytes when `s` is ASCII (names and types are,
/// nearly always; `str::to_lowercase` goes through Unicode tables).
pub fn lowercase(s: &str) -> String {
    if s.is_ascii() { s.to_ascii_lowercase() } else { s.to_lowercase() }
}

/// `s.trim_start_matches("::")`, without a substring searcher.
pub fn strip_colons(mut s: &str) -> &str {
    while let Some(rest) = s.strip_prefix("::") {
        s = rest;
    }
    s
}

/// Whether a name is qualified (contains `::`).
pub fn is_qualified(name: &str) -> bool {
    name.as_bytes().windows(2).any(|w| w == b"::")
}

/// `foo::bar` -> `Foo::Bar`.
pub fn capitalize_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for (i, seg) in name_segments(name).enumerate() {
        if i > 0 {
            out.push_str("::");
        }
        let mut c = seg.chars();
        if let Some(f) = c.next() {
            // ASCII without `char::to_uppercase`'s Unicode tables.
            if f.is_ascii() {
                out.push(f.to_ascii_uppercase());
            } else {
                out.extend(f.to_uppercase());
            }
            out.push_str(c.as_str());
        }
    }
    out
}

/// [`capitalize_name`] of a lower-case type or class name, worked out
/// once per thread and shared (asked for every resource and class).
pub fn capitalized(name: &str) -> Rc<str> {
    thread_local! {
        static MEMO: std::cell::RefCell<HashMap<Box<str>, Rc<str>, foldhash::fast::FixedState>> =
            std::cell::RefCell::default();
    }
    MEMO.with(|m| {
        if let Some(c) = m.borrow().get(name) {
            return c.clone();
        }
        let c: Rc<str> = capitalize_name(name).into();
        let mut m = m.borrow_mut();
        if m.len() >= 16384 {
            m.clear();
        }
        m.insert(name.into(), c.clone());
        c
    })
}

/// The type name of a reference to a resource of type `name`, as
/// `Type::resource` gives it, made once per thread and shared (every
/// resource expression returns references to what it declared).
pub fn reference_type_name(name: &str) -> std::sync::Arc<str> {
    thread_local! {
        static MEMO: std::cell::RefCell<HashMap<Box<str>, std::sync::Arc<str>, foldhash::fast::FixedState>> =
            std::cell::RefCell::default();
    }
    MEMO.with(|m| {
        if let Some(c) = m.borrow().get(name) {
            return c.clone();
        }
        let c: std::sync::Arc<str> = pjit_runtime::types::format::capitalize_segments(name).into();
        let mut m = m.borrow_mut();
        if m.len() >= 16384 {
            m.clear();
        }
        m.insert(name.into(), c.clone());
        c
    })
}

/// `capitalize_name(name.to_lowercase())`, borrowing `name` when it is
/// already in that form (the common case: references built by the
/// compiler itself).
fn normalized_type(name: &str) -> Cow<'_, str> {
    if is_normalized_type(name) {
        Cow::Borrowed(name)
    } else if name.is_ascii() {
        Cow::Owned(capitalize_ascii(name))
    } else {
        Cow::Owned(capitalize_name(&lowercase(name)))
    }
}

/// `capitalize_name(&lowercase(name))` of an ASCII name with one
/// allocation (class names in references are lower case: every
/// `Class['x']` looked up is capitalized): the lower case, then the first
/// byte of each `::` segment (split as `str::split` splits) upper case.
fn capitalize_ascii(name: &str) -> String {
    debug_assert!(name.is_ascii());
    let b = name.as_bytes();
    let mut out = name.to_ascii_lowercase();
    let mut start = 0;
    loop {
        // `start` begins a segment; it is empty when `::` follows at once.
        let empty = b.get(start) == Some(&b':') && b.get(start + 1) == Some(&b':');
        if start < b.len() && !empty {
            out[start..start + 1].make_ascii_uppercase();
        }
        // The next `::` at or after `start`.
        let mut at = start;
        let next = loop {
            match b[at..].iter().position(|&c| c == b':') {
                Some(p) if b.get(at + p + 1) == Some(&b':') => break Some(at + p),
                Some(p) => at += p + 1,
                None => break None,
            }
        };
        match next {
            Some(p) => start = p + 2,
            None => return out,
        }
    }
}

/// Whether every `::` segment of `name` is non-empty, ASCII, and starts
/// with a byte that is no lower-case letter followed by none that is an
/// upper-case one (ASCII only: a non-ASCII letter may change length when
/// cased). One pass over the bytes: this runs for every reference the
/// catalog looks up or writes.
fn is_normalized_type(name: &str) -> bool {
    let b = name.as_bytes();
    let mut at_start = true;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b':' && b.get(i + 1) == Some(&b':') {
            if at_start {
                return false;
            }
            at_start = true;
            i += 2;
            continue;
        }
        if !c.is_ascii() || (at_start && c.is_ascii_lowercase()) || (!at_start && c.is_ascii_uppercase()) {
            return false;
        }
        at_start = false;
        i += 1;
    }
    !at_start
}

/// Whether Puppet accepts `s` as a tag (titles that are valid tags tag
/// their resource).
pub fn valid_tag(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_alphanumeric() || c == '_')
        && cs.all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-'))
}

/// The catalog's own set of tags in the order they were added (every
/// class name: thousands in big catalogs).
pub type TagSet = IndexSet<Rc<str>, foldhash::fast::FixedState>;

/// A resource's tags: a set in the order they were added. Tags are
/// shared between a container and everything it contains, so they are
/// reference-counted. A resource has a handful (many_modules 4-5, the
/// LAMP role 8-17): a vector searched linearly costs less than hashing
/// every tag and a third of a hash set's memory (shared tags compare by
/// address first, see [`name_tags`]); a set that grows past
/// [`Tags::INDEXED`] tags (`tag` with long lists) gets a hash index.
#[derive(Clone, Debug, Default)]
pub struct Tags {
    list: Vec<Rc<str>>,
    index: Option<Box<std::collections::HashSet<Rc<str>, foldhash::fast::FixedState>>>,
    /// The [`tag_bit`]s of the tags in `list`: a tag whose bit is clear is
    /// not in the set, found without a scan (merging a container's tags
    /// into each resource it contains asks for tags that are mostly new).
    bits: u64,
}

/// A tag's bit in [`Tags::bits`]: from its length and its first and last
/// bytes (tags are short names; no hashing of the whole text).
fn tag_bit(tag: &str) -> u64 {
    let b = tag.as_bytes();
    let (first, last) = (b.first().copied().unwrap_or(0) as u32, b.last().copied().unwrap_or(0) as u32);
    1 << ((b.len() as u32).wrapping_mul(31).wrapping_add(first.wrapping_mul(7)).wrapping_add(last) & 63)
}

impl Tags {
    /// Past this many tags lookups go through a hash index.
    const INDEXED: usize = 32;

    pub fn with_capacity(n: usize) -> Tags {
        Tags { list: Vec::with_capacity(n), index: None, bits: 0 }
    }

    pub fn contains(&self, tag: &str) -> bool {
        match &self.index {
            Some(index) => index.contains(tag),
            None if self.bits & tag_bit(tag) == 0 => false,
            None => self.list.iter().any(|t| t.len() == tag.len() && (std::ptr::eq(t.as_ptr(), tag.as_ptr()) || **t == *tag)),
        }
    }

    /// Adds `tag` unless the set has it (then it keeps its place).
    pub fn insert(&mut self, tag: Rc<str>) -> bool {
        if self.contains(&tag) {
            return false;
        }
        if let Some(index) = &mut self.index {
            index.insert(tag.clone());
        } else if self.list.len() >= Self::INDEXED {
            self.index = Some(Box::new(self.list.iter().cloned().chain([tag.clone()]).collect()));
        }
        self.bits |= tag_bit(&tag);
        self.list.push(tag);
        true
    }

    /// Adds the tags of `other` this set lacks, in `other`'s order: what
    /// `extend` with them does. `other` is a set (no tag twice), so each of
    /// its tags is compared only with the tags this set had before, not
    /// with those added from `other` (merging a container's tags into
    /// every resource it contains: most of them are new).
    pub fn merge(&mut self, other: &Tags) {
        if self.index.is_some() {
            self.extend(other.iter().cloned());
            return;
        }
        let own = self.list.len();
        let own_bits = self.bits;
        self.list.reserve(other.list.len());
        // No bit in common: no tag in common (a tag sets its bit in every
        // set that has it), so all of `other` is new.
        if own_bits & other.bits == 0 {
            self.list.extend(other.list.iter().cloned());
            self.bits |= other.bits;
            if self.list.len() > Self::INDEXED {
                self.index = Some(Box::new(self.list.iter().cloned().collect()));
            }
            return;
        }
        for t in &other.list {
            let bit = tag_bit(t);
            let here = own_bits & bit != 0
                && self.list[..own].iter().any(|x| x.len() == t.len() && (std::ptr::eq(x.as_ptr(), t.as_ptr()) || **x == **t));
            if !here {
                self.bits |= bit;
                self.list.push(t.clone());
            }
        }
        // `insert` indexes a set as it grows past INDEXED tags.
        if self.list.len() > Self::INDEXED {
            self.index = Some(Box::new(self.list.iter().cloned().collect()));
        }
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Rc<str>> {
        self.list.iter()
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

impl Extend<Rc<str>> for Tags {
    fn extend<I: IntoIterator<Item = Rc<str>>>(&mut self, tags: I) {
        for t in tags {
            self.insert(t);
        }
    }
}

impl<'a> IntoIterator for &'a Tags {
    type Item = &'a Rc<str>;
    type IntoIter = std::slice::Iter<'a, Rc<str>>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

/// The tags a name contributes: itself and, when qualified, its segments.
/// The same names (types, classes, package titles) tag resource after
/// resource, node after node: each name's tags are worked out and
/// allocated once per thread and shared.
pub fn name_tags(name: &str, out: &mut impl Extend<Rc<str>>) {
    thread_local! {
        static MEMO: std::cell::RefCell<HashMap<Box<str>, Rc<[Rc<str>]>, foldhash::fast::FixedState>> =
            std::cell::RefCell::default();
    }
    let tags = MEMO.with(|m| {
        if let Some(t) = m.borrow().get(name) {
            return t.clone();
        }
        let mut own = Tags::default();
        compute_name_tags(name, &mut own);
        let t: Rc<[Rc<str>]> = own.iter().cloned().collect();
        let mut m = m.borrow_mut();
        // Bounded: titles are names too, and a long batch sees many.
        if m.len() >= 16384 {
            m.clear();
        }
        m.insert(name.into(), t.clone());
        t
    });
    // A tag already there keeps its place.
    out.extend(tags.iter().cloned());
}

/// [`name_tags`], computed.
fn compute_name_tags(name: &str, out: &mut Tags) {
    let lower;
    let n = if name.bytes().any(|b| b.is_ascii_uppercase()) || !name.is_ascii() {
        lower = name.to_lowercase();
        lower.as_str()
    } else {
        name
    };
    if !out.contains(n) {
        out.insert(Rc::from(n));
    }
    if is_qualified(n) {
        for seg in name_segments(n) {
            if !out.contains(seg) {
                out.insert(Rc::from(seg));
            }
        }
    }
}

/// The catalog key of a reference: capitalized type; class titles are
/// class names, capitalized, without a leading `::`.
pub fn normalize_ref(type_name: &str, title: &str) -> (String, String) {
    let (t, title) = normalized_ref(type_name, title);
    (t.into_owned(), title.into_owned())
}

/// [`normalize_ref`], borrowing what is already normalized.
pub(super) fn normalized_ref<'a>(type_name: &'a str, title: &'a str) -> (Cow<'a, str>, Cow<'a, str>) {
    let t = normalized_type(strip_colons(type_name));
    if t == "Class" {
        let name = strip_colons(title);
        if name.is_empty() || name.eq_ignore_ascii_case("main") {
            return (t, Cow::Borrowed("main"));
        }
        return (t, normalized_type(name));
    }
    (t, Cow::Borrowed(title))
}

/// Splits `Type[title]` (Puppet's string form of a reference).
pub fn parse_ref(s: &str) -> Option<(String, String)> {
    parsed_ref(s).map(|(t, ti)| (t.into_owned(), ti.into_owned()))
}

/// [`parse_ref`], borrowing what is already normalized.
pub(super) fn parsed_ref(s: &str) -> Option<(Cow<'_, str>, Cow<'_, str>)> {
    let (ty, title) = ref_parts(s)?;
    Some(normalized_ref(ty, title))
}

/// [`parse_ref`] before normalizing: the type and title as written.
pub(super) fn ref_parts(s: &str) -> Option<(&str, &str)> {
    let open = s.find('[')?;
    let inner = s.strip_suffix(']')?;
    let (ty, title) = (&s[..open], &inner[open + 1..]);
    if ty.is_empty() || title.is_empty() {
        return None;
    }
    let title = title.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')).unwrap_or(title);
    let title = title.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(title);
    Some((ty, title))
}

impl Catalog {
    /// An empty catalog with room for `n` resources (a compile that
    /// follows another of the same environment expects about as many).
    pub fn with_capacity(n: usize) -> Catalog {
        Catalog {
            resources: Vec::with_capacity(n),
            index: hashbrown::HashTable::with_capacity(n),
            edges: Vec::with_capacity(n),
            ..Catalog::default()
        }
    }

    /// The resource `Type[title]` (normalized as [`normalize_ref`] does).
    ///
    /// As Puppet's `Catalog#resource`, a title that is no title or alias is
    /// looked up by the uniqueness key it gives: `File['/tmp/x/']` finds
    /// `File['/tmp/x']`, whose title pattern drops trailing slashes.
    pub fn lookup(&self, type_name: &str, title: &str) -> Option<usize> {
        let (t, title) = normalized_ref(type_name, title);
        if let Some(i) = self.named(&t, &title) {
            return Some(i);
        }
        let rtype = self.rtypes.get(t.as_ref())?;
        let values = rtype.uniqueness_values(&title, &Params::default());
        self.uniqueness.get(&(t.into_owned(), resource_types::uniqueness_key(&values))).copied()
    }

    /// `lookup("Class", key)` for a class name in lower case without a
    /// leading `::` (the compiler's own keys), without normalizing it.
    pub fn lookup_class(&self, key: &str) -> Option<usize> {
        let key = strip_colons(key);
        // Keys are recorded for ASCII titles (see `add`), whose lower case
        // gives back the key they were capitalized from.
        if !key.is_ascii() || key.bytes().any(|b| b.is_ascii_uppercase()) {
            return self.lookup("Class", key);
        }
        if key.is_empty() || key == "main" {
            return self.class_keys.get("main").copied();
        }
        self.class_keys.get(key).copied()
    }

    pub fn find(&self, type_name: &str, title: &str) -> Option<&Resource> {
        self.lookup(type_name, title).map(|i| &*self.resources[i])
    }

    /// Adds a resource; returns its index, or None if one with the same
    /// type and title exists.
    pub fn add(&mut self, r: Resource) -> Option<usize> {
        let i = self.resources.len();
        if !self.aliases.is_empty() && self.aliases.contains_key(&RefKey(&r.type_name, &r.title)) {
            return None;
        }
        // One hash of the names; nothing copied.
        let resources = &self.resources;
        match self.index.entry(
            key_hash(&r.type_name, &r.title),
            |&j| resources[j].type_name == r.type_name && resources[j].title == r.title,
            |&j| key_hash(&resources[j].type_name, &resources[j].title),
        ) {
            hashbrown::hash_table::Entry::Occupied(_) => return None,
            hashbrown::hash_table::Entry::Vacant(e) => {
                e.insert(i);
            }
        }
        if r.type_name == "Class" && r.title.is_ascii() {
            self.class_keys.insert(r.title.to_ascii_lowercase(), i);
        }
        if let Some(t) = r.rtype.as_ref().filter(|t| t.isomorphic)
            && !self.rtypes.contains_key(r.type_name.as_str())
        {
            self.rtypes.insert(r.type_name.clone(), t.clone());
        }
        self.resources.push(Box::new(r));
        Some(i)
    }

    /// The resource named `Type[title]` (normalized), by title or alias.
    fn named(&self, type_name: &str, title: &str) -> Option<usize> {
        let found = self.index.find(key_hash(type_name, title), |&j| {
            let r = &self.resources[j];
            r.type_name == type_name && r.title == title
        });
        match found {
            Some(&i) => Some(i),
            None if self.aliases.is_empty() => None,
            None => self.aliases.get(&RefKey(type_name, title)).copied(),
        }
    }

    /// Makes `alias` another name of resource `i` (the `alias` metaparameter
    /// and namevars that differ from titles). Returns the resource that
    /// already has that name, if another one does.
    pub fn alias(&mut self, i: usize, alias: &str) -> Result<(), usize> {
        match self.named(&self.resources[i].type_name, alias) {
            Some(j) if j != i => Err(j),
            Some(_) => Ok(()),
            None => {
                self.aliases.insert((self.resources[i].type_name.clone(), alias.to_string()), i);
                Ok(())
            }
        }
    }

    /// Records resource `i`'s uniqueness key; returns the resource that
    /// already has it, if another one does.
    /// Errs with that resource and the key (taken by value: a new key,
    /// the usual case, is stored without a copy).
    pub fn uniqueness(&mut self, type_name: String, key: String, i: usize) -> Result<(), (usize, String)> {
        match self.uniqueness.entry((type_name, key)) {
            indexmap::map::Entry::Occupied(e) if *e.get() != i => Err((*e.get(), e.key().1.clone())),
            indexmap::map::Entry::Occupied(_) => Ok(()),
            indexmap::map::Entry::Vacant(e) => {
                e.insert(i);
                Ok(())
            }
        }
    }

    pub fn contain(&mut self, container: usize, contained: usize) {
        self.edges.push((container, contained));
    }

    /// The catalog JSON document Puppet writes, as a tree (tests and
    /// tools; [`Catalog::write_json`] writes the same document).
    pub fn to_json(&self, node: &str, environment: &str) -> Json {
        let mut text = vec![];
        self.json_text(&mut text, node, environment);
        serde_json::from_slice(&text).expect("the catalog writer writes JSON")
    }

    /// Writes the catalog JSON document Puppet writes, pretty-printed, in
    /// pieces of about [`JSON_CHUNK`] bytes (a whole catalog in memory was
    /// about 400 bytes per resource of pages touched once).
    pub fn write_json<W: std::io::Write>(&self, mut out: W, node: &str, environment: &str) -> std::io::Result<()> {
        let mut text = Vec::with_capacity(2 * JSON_CHUNK);
        let mut failed = None;
        self.json_chunks(&mut text, node, environment, &mut |buf| {
            if failed.is_none() {
                failed = out.write_all(buf).err();
            }
            buf.clear();
        });
        match failed {
            Some(e) => Err(e),
            None => out.write_all(&text),
        }
    }

    /// The document (`catalog_format` 2), appended to `out`.
    pub fn json_text(&self, out: &mut Vec<u8>, node: &str, environment: &str) {
        self.json_chunks(out, node, environment, &mut |_| {});
    }

    /// [`Catalog::json_text`], handing the text over in pieces: whenever
    /// `out` holds [`JSON_CHUNK`] bytes or more between two resources (or
    /// edges), `flush` gets it and is expected to drain it. A whole catalog
    /// is about 400 bytes per resource; writing it out in pieces keeps
    /// that memory from being touched at all.
    pub fn json_chunks(&self, out: &mut Vec<u8>, node: &str, environment: &str, flush: &mut dyn FnMut(&mut Vec<u8>)) {
        self.json_document(out, node, environment, false, flush);
    }

    /// The catalog Puppet stores (`storeconfigs`): as [`Catalog::json_text`]
    /// plus the exported resources no collector realized and their
    /// containment edges (Puppet's compiler catalog keeps every exported
    /// resource; only the agent's copy drops the virtual ones).
    pub fn stored_json_text(&self, out: &mut Vec<u8>, node: &str, environment: &str) {
        self.json_document(out, node, environment, true, &mut |_| {});
    }

    /// Whether a resource is in the document: not virtual, or (in the
    /// stored catalog) exported.
    fn in_document(r: &Resource, stored: bool) -> bool {
        !r.virtual_ || (stored && r.exported)
    }

    fn json_document(
        &self,
        out: &mut Vec<u8>,
        node: &str,
        environment: &str,
        stored: bool,
        flush: &mut dyn FnMut(&mut Vec<u8>),
    ) {
        // Puppet converts its compiler catalog for output by adding the
        // classes (which tags it with their names) and then its tags.
        let mut tags = TagSet::default();
        for c in &self.classes {
            name_tags(c, &mut tags);
        }
        tags.extend(self.tags.iter().cloned());
        // Edges come out grouped by target, targets in the order they
        // entered the catalog (Puppet lists its graph's edges by their
        // target vertex).
        let mut edges: Vec<(usize, usize)> =
            self.edges.iter().copied().filter(|(s, t)| Self::in_document(&self.resources[*s], stored) && Self::in_document(&self.resources[*t], stored)).collect();
        edges.sort_by_key(|(_, t)| *t);
        let mut w = if stored { JsonWriter::stored(out) } else { JsonWriter::new(out) };
        w.begin_object();
        w.field("tags");
        w.begin_array();
        for t in &tags {
            w.element();
            w.string(t);
        }
        w.end_array();
        w.field("name");
        w.string(node);
        let (version, uuid) = self.identity.as_ref().map_or((0, "00000000-0000-0000-0000-000000000000"), |(v, u)| (*v, u.as_str()));
        w.field("version");
        w.integer(version);
        w.field("code_id");
        w.raw("null");
        w.field("catalog_uuid");
        w.string(uuid);
        w.field("catalog_format");
        w.integer(2);
        w.field("environment");
        w.string(environment);
        w.field("resources");
        w.begin_array();
        let mut texts = if stored { None } else { self.texts.borrow_mut().take() };
        for r in self.resources.iter().filter(|r| Self::in_document(r, stored)) {
            w.element();
            match &mut texts {
                Some(texts) => texts.write(&mut w, r),
                None => resource_json(&mut w, r),
            }
            if w.buffer().len() >= JSON_CHUNK {
                flush(w.buffer());
            }
        }
        w.end_array();
        if texts.is_some() {
            *self.texts.borrow_mut() = texts;
        }
        w.field("edges");
        w.begin_array();
        for &(s, t) in &edges {
            let (s, t) = (&self.resources[s], &self.resources[t]);
            w.element();
            w.begin_object();
            // At the depth of a resource's fields (see `resource_json`).
            w.fixed("\n      \"source\": ");
            w.reference(&s.type_name, &s.title);
            w.fixed(",\n      \"target\": ");
            w.reference(&t.type_name, &t.title);
            w.end_object();
            if w.buffer().len() >= JSON_CHUNK {
                flush(w.buffer());
            }
        }
        w.end_array();
        w.field("classes");
        w.begin_array();
        for c in &self.classes {
            w.element();
            w.string(c);
        }
        w.end_array();
        w.end_object();
    }
}

pub(super) fn resource_json(w: &mut JsonWriter, r: &Resource) {
    // A resource is an element of the document's `resources` array
    // (depth 3): its fields' separators, indentation and keys are
    // constants, each written in one copy.
    debug_assert_eq!(w.depth(), 2);
    w.begin_object();
    w.fixed("\n      \"type\": ");
    w.string(&r.type_name);
    w.fixed(",\n      \"title\": ");
    w.string(&r.title);
    w.fixed(",\n      \"tags\": ");
    w.begin_array();
    for t in &r.tags {
        w.tag_element(t);
    }
    w.end_array();
    if let Some(f) = &r.file {
        w.fixed(",\n      \"file\": ");
        w.string(f);
    }
    if let Some(l) = r.line {
        w.fixed(",\n      \"line\": ");
        w.integer(l as i64);
    }
    // Resources `create_resources` makes list `kind` before `exported`
    // (Puppet sets `exported` on them only afterwards).
    if r.by_function && !r.exported {
        w.fixed(",\n      \"kind\": ");
        w.string(r.kind);
        w.fixed(",\n      \"exported\": false");
    } else {
        w.fixed(if r.exported { ",\n      \"exported\": true" } else { ",\n      \"exported\": false" });
        w.fixed(",\n      \"kind\": ");
        w.string(r.kind);
    }
    // The namevar is left out when it repeats the title (Puppet's
    // `to_data_hash`); for defined types and classes the namevar is `name`.
    // The compiler's own Stage[main] and Class[main] have the Ruby symbol
    // `:main` as their title, which never equals a string: they keep it.
    let namevar = match &r.rtype {
        _ if r.scope.is_none() => None,
        Some(t) => Some(t.namevar().unwrap_or("name")),
        None => Some("name"),
    };
    // Namevars a title pattern extracts come first (Puppet's `to_hash` is
    // `parse_title.merge(parameters)`); they drop out below when they equal
    // the title.
    let unset = |k: &str| r.params.get(k).is_none_or(|v| matches!(v, Value::Undef));
    let from_title: Vec<(String, Value)> = match (&r.rtype, namevar) {
        (Some(t), _) if r.scope.is_some() && !t.title_patterns.is_empty() => t
            .parse_title(&r.title)
            .iter()
            .filter(|(k, _)| unset(k))
            .map(|(k, v)| (k.clone(), Value::string(v.as_str())))
            .collect(),
        (_, Some(n)) if r.non_string_title && unset(n) => vec![(n.to_string(), Value::string(r.title.as_str()))],
        _ => vec![],
    };
    let mut sensitive: Vec<&str> = vec![];
    let mut any = false;
    let skip = |k: &str, v: &Value| {
        matches!(v, Value::Undef)
            || (!r.non_string_title && Some(k) == namevar && matches!(v, Value::String(s) if s.as_str() == r.title))
    };
    fn emit<'s>(w: &mut JsonWriter, any: &mut bool, sensitive: &mut Vec<&'s str>, k: &'s str, v: &'s Value) {
        if !*any {
            // After `kind`, never the resource's first field.
            w.fixed(",\n      \"parameters\": ");
            w.begin_object();
            *any = true;
        }
        let v = match v {
            Value::Sensitive(inner) => {
                sensitive.push(k);
                &**inner
            }
            v => v,
        };
        w.param_key(k);
        w.value(v);
    }
    // The parameters in order, those from the title first (one loop over
    // the resource's own when there are none: nearly always).
    if from_title.is_empty() {
        for (k, v) in r.params.iter().filter(|(k, v)| !skip(k, v)) {
            emit(w, &mut any, &mut sensitive, k, v);
        }
    } else {
        for (k, v) in from_title.iter().filter(|(k, v)| !skip(k, v)) {
            emit(w, &mut any, &mut sensitive, k, v);
        }
        for (k, v) in r.params.iter().filter(|(k, v)| !from_title.iter().any(|(f, _)| f.as_str() == k.as_str()) && !skip(k, v)) {
            emit(w, &mut any, &mut sensitive, k, v);
        }
    }
    if any {
        w.end_object();
    }
    if !sensitive.is_empty() {
        w.fixed(",\n      \"sensitive_parameters\": ");
        w.begin_array();
        for k in sensitive {
            w.element();
            w.string(k);
        }
        w.end_array();
    }
    w.end_object();
}

/// The warnings Puppet's `ToDataConverter` logs when it writes a resource
/// into a catalog without rich data (`to_data_hash`): a value that is not
/// plain data (a Deferred, a Timestamp, a type, `default` ...) or a Hash key
/// that is not a String is written as its string form, and each such value
/// is reported by its path: `Notify[x]['message'][0] contains a Deferred
/// value. It will be converted to the String '...'`. Puppet appends each
/// path to the one message-prefix string of the resource (`path_to_s`
/// mutates it), so a resource's second warning names its first path
/// too; that is kept. Parameters in the order the catalog writes them.
pub fn non_data_warnings(r: &Resource) -> Vec<String> {
    /// One step of the path to a value: an array index or a hash key.
    /// Kept unformatted: the walk visits every value of every resource of
    /// every catalog and almost never warns, so a key is rendered (`%p`)
    /// only when a warning names it.
    enum Step<'a> {
        Index(usize),
        Key(&'a Value),
        /// A key that is not a String, under the String it becomes.
        Converted(String),
        Param(&'a str),
    }
    struct Walk<'a> {
        resource: &'a Resource,
        /// Created at the first warning (see `warn`).
        prefix: Option<String>,
        path: Vec<Step<'a>>,
        out: Vec<String>,
    }
    impl<'a> Walk<'a> {
        fn warn(&mut self, what: String) {
            // Puppet appends the path to the same prefix string at every
            // warning (`to_data_hash` mutates it), so later warnings of a
            // resource carry the paths of the earlier ones: kept as it is.
            let resource = self.resource;
            let text = self.prefix.get_or_insert_with(|| format!("{}[{}]", resource.type_name, resource.title));
            for step in &self.path {
                match step {
                    Step::Index(i) => text.push_str(&format!("[{i}]")),
                    Step::Key(k) => text.push_str(&Self::segment(k)),
                    Step::Converted(k) => text.push_str(&Self::segment(&Value::string(k.as_str()))),
                    Step::Param(k) => text.push_str(&Self::segment(&Value::string(*k))),
                }
            }
            self.out.push(format!("{text} {what}"));
        }
        fn segment(key: &Value) -> String {
            format!("[{}]", pjit_runtime::string_format::string_convert(key, Some(&Value::string("%p"))).unwrap_or_default())
        }
        fn value(&mut self, v: &'a Value) {
            if is_ref(v) {
                return;
            }
            match v {
                Value::Undef | Value::Boolean(_) | Value::Integer(_) | Value::Float(_) | Value::String(_) => {}
                Value::Default => {
                    self.warn("contains the special value default. It will be converted to the String 'default'".into())
                }
                Value::Array(a) => {
                    for (i, x) in a.iter().enumerate() {
                        if matches!(x, Value::String(_)) {
                            continue;
                        }
                        self.path.push(Step::Index(i));
                        self.value(x);
                        self.path.pop();
                    }
                }
                Value::Hash(h) => {
                    for (k, x) in h.iter() {
                        let step = match k {
                            Value::String(_) => Step::Key(k),
                            other => {
                                let text = hash_key_to_string(other);
                                let label = non_data_label(other);
                                self.warn(format!(
                                    "contains a hash with {} {label} key. It will be converted to the String '{text}'",
                                    article(&label)
                                ));
                                Step::Converted(text)
                            }
                        };
                        self.path.push(step);
                        self.value(x);
                        self.path.pop();
                    }
                }
                Value::Sensitive(inner) => self.value(inner),
                other => {
                    let label = non_data_label(other);
                    let text = unknown_to_string(other);
                    self.warn(format!(
                        "contains {} {label} value. It will be converted to the String '{text}'",
                        article(&label)
                    ));
                }
            }
        }
    }
    let mut w = Walk { resource: r, prefix: None, path: Vec::new(), out: Vec::new() };
    for (k, v) in &r.params {
        // Most parameters are plain data, which `value` passes.
        if matches!(v, Value::Undef | Value::Boolean(_) | Value::Integer(_) | Value::Float(_) | Value::String(_)) {
            continue;
        }
        w.path.push(Step::Param(k.as_str()));
        w.value(v);
        w.path.pop();
    }
    w.out
}

/// Whether a value is a resource or class reference (written as
/// [`ref_string`] gives it).
fn is_ref(v: &Value) -> bool {
    matches!(v, Value::Type(t) if matches!(&**t,
        pjit_runtime::Type::Resource { type_name: Some(_), title: Some(_) } | pjit_runtime::Type::Class(Some(_))))
}

/// `value.to_s` as the catalog writes a value that is not data.
fn unknown_to_string(v: &Value) -> String {
    pjit_runtime::display::to_interpolated_string(v)
}

/// A hash key that is not a String, as the catalog writes it without rich
/// data: Ruby's `to_s` of the key (`["a", 1]`, `{"x"=>1}` for an Array or
/// Hash key; a Regexp with its delimiters).
pub(crate) fn hash_key_to_string(k: &Value) -> String {
    match k {
        Value::Array(_) | Value::Hash(_) => pjit_runtime::display::ruby_inspect(k),
        other => unknown_to_string(other),
    }
}

/// Puppet's label of the Ruby class of a value that is not data
/// (`ModelLabelProvider#label_Class`).
fn non_data_label(v: &Value) -> String {
    match v {
        Value::Regexp(_) => "Regexp".into(),
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::Boolean(true) => "TrueClass".into(),
        Value::Boolean(false) => "FalseClass".into(),
        Value::Undef => "NilClass".into(),
        Value::Default => "Symbol".into(),
        Value::Array(_) => "Array".into(),
        Value::Hash(_) => "Hash".into(),
        Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp".into(),
        Value::Timespan(_) => "Puppet::Pops::Time::Timespan".into(),
        Value::SemVer(_) => "SemanticPuppet::Version".into(),
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange".into(),
        Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary".into(),
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive".into(),
        Value::Uri(_) => "URI::Generic".into(),
        Value::Object(o) => o.ty.name.clone().unwrap_or_else(|| "Anonymous Class".into()),
        Value::Type(t) => {
            // `P<Name>Type` -> `<Name>-Type`.
            let shown = pjit_runtime::display::type_display(t);
            let base = shown.split(['[', ' ']).next().unwrap_or_default();
            let base = match &**t {
                pjit_runtime::Type::Resource { .. } => "Resource",
                _ if base.contains("::") || base.is_empty() => "TypeAlias",
                _ => base,
            };
            format!("{base}-Type")
        }
        _ => pjit_runtime::label::ruby_class(v),
    }
}

/// `a` or `an` (Puppet's `LabelProvider#article`: `an` before a vowel).
fn article(label: &str) -> &'static str {
    if label.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

/// `Type[title]` as the catalog writes references (`Class[Foo]` for
/// classes), or None for values that are not resource references.
pub fn ref_string(v: &Value) -> Option<String> {
    let Value::Type(t) = v else { return None };
    match &**t {
        pjit_runtime::Type::Resource { type_name: Some(tn), title: Some(ti) } => {
            let (t, ti) = normalize_ref(tn, ti);
            Some(format!("{t}[{ti}]"))
        }
        pjit_runtime::Type::Class(Some(n)) => {
            let (t, ti) = normalize_ref("Class", n);
            Some(format!("{t}[{ti}]"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalized_type_check_agrees_with_segments() {
        for name in ["", "A", "a", "Foo::Bar", "Foo::bar", "FOO", "Foo::", "::Foo", "Foo::::Bar", "Foo:::Bar", "Foo:Bar", "_x::9y", "Ä", "Foo::Bä", "::", ":"] {
            let want = name_segments(name).all(|seg| {
                let mut c = seg.chars();
                match c.next() {
                    Some(f) => f.is_ascii() && !f.is_ascii_lowercase() && c.all(|x| x.is_ascii() && !x.is_ascii_uppercase()),
                    None => false,
                }
            });
            assert_eq!(is_normalized_type(name), want, "{name:?}");
        }
    }

    #[test]
    fn name_segments_split_like_str_split() {
        for name in ["", "a", "a::b", "::a", "a::", "a:::b", "a::::b", ":", "a:b::c", "ä::Ö::x", "::"] {
            let want: Vec<&str> = name.split("::").collect();
            let got: Vec<&str> = name_segments(name).collect();
            assert_eq!(got, want, "{name:?}");
            assert_eq!(is_qualified(name), name.contains("::"), "{name:?}");
        }
    }

    #[test]
    fn normalized_references() {
        for (t, title) in [("notify", "x"), ("Foo::bar", "t"), ("class", "::foo::bar"), ("class", "a:::b"), ("class", ":x::y:"), ("class", "aB::cD::::e"), ("class", "x::"), ("Class", "MAIN"), ("Class", ""), ("ÄB", "x"), ("a::::b", "x"), ("FOO::BAR_1", "x"), ("class", "Foo::BAR::baz"), ("class", "x::ÄB"), ("foo::", "y")] {
            let (a, b) = normalized_ref(t, title);
            let t2 = capitalize_name(&t.trim_start_matches("::").to_lowercase());
            let want_title = if t2 == "Class" {
                let n = title.trim_start_matches("::").to_lowercase();
                if n == "main" || n.is_empty() { "main".to_string() } else { capitalize_name(&n) }
            } else {
                title.to_string()
            };
            assert_eq!((a.as_ref(), b.as_ref()), (t2.as_str(), want_title.as_str()), "{t} {title}");
        }
    }

    #[test]
    fn merging_tag_sets_is_extending_them() {
        // Sets of various sizes (past the index threshold too), sharing
        // some tags (some by address), merged both ways.
        let pool: Vec<Rc<str>> = (0..80).map(|i| Rc::from(format!("t{}", i * 7 % 50).as_str())).collect();
        let set = |from: usize, n: usize, copy: bool| {
            let mut t = Tags::default();
            for x in pool.iter().skip(from).take(n) {
                t.insert(if copy { Rc::from(&**x) } else { x.clone() });
            }
            t
        };
        for (a, an) in [(0, 0), (0, 3), (5, 10), (0, 40), (20, 33)] {
            for (b, bn) in [(0, 0), (1, 4), (3, 12), (10, 40), (40, 30)] {
                for copy in [false, true] {
                    let other = set(b, bn, copy);
                    let mut want = set(a, an, false);
                    want.extend(other.iter().cloned());
                    let mut got = set(a, an, false);
                    got.merge(&other);
                    let names = |t: &Tags| t.iter().map(|x| x.to_string()).collect::<Vec<_>>();
                    assert_eq!(names(&got), names(&want));
                    assert_eq!(got.bits, want.bits);
                    assert_eq!(got.index.is_some(), want.index.is_some());
                    for x in &pool {
                        assert_eq!(got.contains(x), want.contains(x));
                    }
                }
            }
        }
    }
}
