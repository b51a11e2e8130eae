//! Keys and interpolation: Puppet's `SubLookup` (dotted keys such as
//! `a.b.0` or `a."x.y"` split into segments, and the descent into found
//! hashes and arrays), `LookupKey` (root key and module name), and
//! `Interpolation` (`%{facts.os.family}`, `%{::x}`, `%{lookup('k')}`,
//! `%{hiera('k')}`, `%{alias('k')}`, `%{scope('x')}`, `%{literal('%')}`)
//! in hierarchy paths, options and data values.

use crate::error::Error;
use crate::value::{HashMapV, Value};

use super::{Cx, Hiera, L, ScopeMemo, lookup_error, ruby_error};

/// One segment of a dotted key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    Str(String),
    /// A segment of digits (optionally signed): an array index.
    Int(i64),
}

impl Segment {
    fn text(&self) -> String {
        match self {
            Segment::Str(s) => s.clone(),
            Segment::Int(i) => i.to_string(),
        }
    }

    fn key(&self) -> Value {
        match self {
            Segment::Str(s) => Value::string(s.as_str()),
            Segment::Int(i) => Value::Integer(*i),
        }
    }
}

/// Tries the three alternatives of `SubLookup`'s split regexp at `i`
/// (`\s*"[^"]+"\s*`, `\s*'[^']+'\s*`, `[^'".]+`), in order; the end of the
/// match.
fn match_at(s: &[u8], i: usize) -> Option<usize> {
    for q in [b'"', b'\''] {
        let mut j = i;
        while j < s.len() && s[j].is_ascii_whitespace() {
            j += 1;
        }
        if s.get(j) == Some(&q) {
            let body = j + 1;
            let mut k = body;
            while k < s.len() && s[k] != q {
                k += 1;
            }
            if k < s.len() && k > body {
                let mut e = k + 1;
                while e < s.len() && s[e].is_ascii_whitespace() {
                    e += 1;
                }
                return Some(e);
            }
        }
    }
    let mut k = i;
    while k < s.len() && !matches!(s[k], b'\'' | b'"' | b'.') {
        k += 1;
    }
    (k > i).then_some(k)
}

/// A key that does not split (Puppet's "Syntax error").
#[derive(Debug, PartialEq, Eq)]
pub struct SyntaxError;

/// `SubLookup#split_key`: the segments of a dotted key.
pub fn split_key(key: &str) -> Result<Vec<Segment>, SyntaxError> {
    if !key.contains(['\'', '"', '.']) {
        return Ok(vec![Segment::Str(key.to_string())]);
    }
    // Ruby's `String#split` with a capturing regexp: the gaps between
    // matches and the matches themselves, trailing empty strings dropped.
    let s = key.as_bytes();
    let mut parts: Vec<&str> = vec![];
    let (mut i, mut gap_start) = (0usize, 0usize);
    while i < s.len() {
        match match_at(s, i) {
            Some(end) => {
                parts.push(&key[gap_start..i]);
                parts.push(&key[i..end]);
                i = end;
                gap_start = end;
            }
            None => i += 1,
        }
    }
    parts.push(&key[gap_start..]);
    while parts.last() == Some(&"") {
        parts.pop();
    }
    if parts.is_empty() || !parts.remove(0).is_empty() {
        return Err(SyntaxError);
    }
    let count = parts.len();
    if count == 0 {
        return Err(SyntaxError);
    }
    parts.retain(|p| *p != ".");
    if parts.len() * 2 != count + 1 {
        return Err(SyntaxError);
    }
    Ok(parts
        .into_iter()
        .map(|p| {
            let p = p.trim();
            if (p.starts_with('"') || p.starts_with('\'')) && p.len() >= 2 {
                return Segment::Str(p[1..p.len() - 1].to_string());
            }
            // `/^(:?[+-]?[0-9]+)$/` then `to_i` (a leading `:` reads as 0).
            let body = p.strip_prefix(':').unwrap_or(p);
            let digits = body.strip_prefix(['+', '-']).unwrap_or(body);
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                if p.starts_with(':') {
                    return Segment::Int(0);
                }
                return Segment::Int(body.parse().unwrap_or(if body.starts_with('-') { i64::MIN } else { i64::MAX }));
            }
            Segment::Str(p.to_string())
        })
        .collect())
}

/// A key as `lookup` sees it: the root (what data files are searched for),
/// the module it belongs to (`ntp` for `ntp::servers`), and the segments
/// to dig into the found value.
#[derive(Clone, Debug)]
pub struct LookupKey {
    pub key: String,
    pub root: String,
    pub module: Option<String>,
    pub segments: Vec<Segment>,
}

impl LookupKey {
    pub fn new(key: &str) -> Result<LookupKey, Error> {
        let mut segments = split_key(key).map_err(|_| lookup_error(format!("Syntax error in key: '{key}'")))?;
        let root = segments.remove(0).text();
        let module = root.find("::").map(|i| if i == 0 { root.clone() } else { root[..i].to_string() });
        Ok(LookupKey { key: key.to_string(), root, module, segments })
    }

    /// `LookupKey#dig`: the value at the key's segments.
    pub fn dig(&self, v: Value) -> L<Value> {
        if self.segments.is_empty() { Ok(Some(v)) } else { sub_lookup(&self.key, &self.segments, v) }
    }
}

/// `SubLookup#sub_lookup`: descends into `value` along `segments`;
/// `Ok(None)` when a segment is not there.
pub fn sub_lookup(key: &str, segments: &[Segment], mut value: Value) -> L<Value> {
    for seg in segments {
        if value.is_undef() {
            return Ok(None);
        }
        if let (Segment::Int(i), Value::Array(a)) = (seg, &value) {
            let Some(v) = usize::try_from(*i).ok().and_then(|i| a.get(i)) else { return Ok(None) };
            value = v.clone();
            continue;
        }
        let next = match &value {
            Value::Hash(h) => {
                let found = match seg {
                    Segment::Str(k) => h.get(&crate::value::StrKey(k)),
                    Segment::Int(_) => h.get(&seg.key()),
                };
                match found {
                    Some(v) => v.clone(),
                    None => return Ok(None),
                }
            }
            // Integer responds to `[]` (bit reference) but not `include?`.
            Value::Integer(n) => {
                return Err(ruby_error(format!(
                    "undefined method `include?' for {n}:Integer\n\n            unless value.include?(segment)\n                        ^^^^^^^^^"
                )));
            }
            other => {
                return Err(lookup_error(format!(
                    "Data Provider type mismatch: Got {} when a hash-like object was expected to access value using '{}' from key '{key}'",
                    super::merge::ruby_class(other),
                    seg.text()
                )));
            }
        };
        value = next;
    }
    Ok(Some(value))
}

/// `%{...}` expressions that are empty and give `''`.
fn is_empty_interpolation(e: &str) -> bool {
    matches!(e, "" | "::" | "\"\"" | "''" | "\"::\"" | "'::'")
}

/// `^(\w+)\((?:["]([^"]+)["]|[']([^']+)['])\)$`: a method call.
fn method_call(expr: &str) -> Option<(&str, &str)> {
    let open = expr.find('(')?;
    let name = &expr[..open];
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let arg = expr[open + 1..].strip_suffix(')')?;
    for q in ['"', '\''] {
        if let Some(inner) = arg.strip_prefix(q).and_then(|a| a.strip_suffix(q))
            && !inner.is_empty()
            && !inner.contains(q)
        {
            return Some((name, inner));
        }
    }
    None
}

impl Hiera {
    /// `Interpolation#interpolate`: strings with `%{...}`, and the keys and
    /// values of arrays and hashes, recursively. `allow_methods` is false
    /// for hierarchy paths and options (only scope variables there).
    pub(crate) fn interpolate(&mut self, cx: &mut Cx, v: &Value, allow_methods: bool) -> Result<Value, Error> {
        Ok(self.interpolate_changed(cx, v, allow_methods)?.unwrap_or_else(|| v.clone()))
    }

    /// [`Hiera::interpolate`], `None` when nothing changes: data values
    /// without `%{` are shared, not copied (every lookup interpolates the
    /// whole root value, as Puppet does).
    fn interpolate_changed(&mut self, cx: &mut Cx, v: &Value, allow_methods: bool) -> Result<Option<Value>, Error> {
        match v {
            Value::String(s) if s.contains("%{") => self.interpolate_string(cx, s, allow_methods).map(Some),
            Value::Array(a) => {
                let mut out: Option<Vec<Value>> = None;
                for (i, e) in a.iter().enumerate() {
                    if let Some(new) = self.interpolate_changed(cx, e, allow_methods)? {
                        out.get_or_insert_with(|| a[..i].to_vec()).push(new);
                    } else if let Some(o) = out.as_mut() {
                        o.push(e.clone());
                    }
                }
                Ok(out.map(Value::array))
            }
            Value::Hash(h) => {
                let mut changed: Vec<(usize, Option<Value>, Option<Value>)> = vec![];
                for (i, (k, e)) in h.iter().enumerate() {
                    let nk = self.interpolate_changed(cx, k, allow_methods)?;
                    let ne = self.interpolate_changed(cx, e, allow_methods)?;
                    if nk.is_some() || ne.is_some() {
                        changed.push((i, nk, ne));
                    }
                }
                if changed.is_empty() {
                    return Ok(None);
                }
                // Rebuilt by insertion: interpolated keys that coincide
                // collapse as in Ruby's hash.
                let mut out = HashMapV::default();
                let mut next = changed.into_iter().peekable();
                for (i, (k, e)) in h.iter().enumerate() {
                    let (nk, ne) = match next.peek() {
                        Some((j, _, _)) if *j == i => {
                            let (_, nk, ne) = next.next().expect("peeked");
                            (nk, ne)
                        }
                        _ => (None, None),
                    };
                    out.insert(nk.unwrap_or_else(|| k.clone()), ne.unwrap_or_else(|| e.clone()));
                }
                Ok(Some(Value::hash_from(out)))
            }
            _ => Ok(None),
        }
    }

    /// A path or other string that must stay a string.
    pub(crate) fn interpolate_str(&mut self, cx: &mut Cx, s: &str) -> Result<String, Error> {
        if !s.contains("%{") {
            return Ok(s.to_string());
        }
        match self.interpolate_string(cx, s, false)? {
            Value::String(r) => Ok(r.to_string()),
            other => Ok(crate::display::ruby_to_s(&other)),
        }
    }

    fn interpolate_string(&mut self, cx: &mut Cx, subject: &str, allow_methods: bool) -> Result<Value, Error> {
        self.interpolations += 1;
        let mut out = String::with_capacity(subject.len());
        let mut rest = subject;
        while let Some(start) = rest.find("%{") {
            let Some(len) = rest[start + 2..].find('}') else { break };
            let whole = &rest[start..start + 2 + len + 1];
            out.push_str(&rest[..start]);
            let expr = rest[start + 2..start + 2 + len].trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0');
            rest = &rest[start + 2 + len + 1..];
            if is_empty_interpolation(expr) {
                continue;
            }
            let (method, key) = match method_call(expr) {
                Some((m, k)) => {
                    if !allow_methods {
                        return Err(super::issue_error(
                            "HIERA_INTERPOLATION_METHOD_SYNTAX_NOT_ALLOWED",
                            "Interpolation using method syntax is not allowed in this context",
                            None,
                            None,
                        ));
                    }
                    (m, k)
                }
                None => ("scope", expr),
            };
            if !matches!(method, "lookup" | "hiera" | "alias" | "scope" | "literal") {
                return Err(super::issue_error(
                    "HIERA_INTERPOLATION_UNKNOWN_INTERPOLATION_METHOD",
                    format!("Unknown interpolation method '{method}'"),
                    None,
                    None,
                ));
            }
            if method == "alias" && subject != whole {
                return Err(super::issue_error(
                    "HIERA_INTERPOLATION_ALIAS_NOT_ENTIRE_STRING",
                    "'alias' interpolation is only permitted if the expression is equal to the entire string",
                    None,
                    None,
                ));
            }
            let value = match method {
                "literal" => Value::string(key),
                "scope" => self.scope_lookup(cx, key, subject)?,
                _ => self.global_lookup(cx, key)?,
            };
            if method == "alias" {
                return Ok(value);
            }
            let name = if method == "scope" { format!("scope:{key}") } else { key.to_string() };
            let value = self.check(&name, |h| h.interpolate(cx, &value, allow_methods))?;
            match &value {
                Value::Undef => {}
                Value::String(s) => out.push_str(s),
                other => out.push_str(&crate::display::ruby_to_s(other)),
            }
        }
        out.push_str(rest);
        Ok(Value::string(out))
    }

    /// `%{lookup('k')}`, `%{hiera('k')}`, `%{alias('k')}`: a lookup with
    /// the default `''`, in an invocation that keeps this one's overrides
    /// and defaults (and leaves the Hiera 3 scope unless global only).
    fn global_lookup(&mut self, cx: &mut Cx, key: &str) -> Result<Value, Error> {
        let mut inv = cx.inv.sub();
        if inv.hiera_scope && !inv.global_only {
            inv.hiera_scope = false;
        }
        let saved = std::mem::replace(&mut cx.inv, inv);
        let r = self.lookup_names(cx, &[key.to_string()], None, None);
        cx.inv = saved;
        Ok(r?.unwrap_or_else(|| Value::string("")))
    }

    /// A scope variable, possibly dotted (`facts.os.family`); overrides and
    /// default values of the invocation apply to its root.
    pub(crate) fn scope_lookup(&mut self, cx: &mut Cx, key: &str, subject: &str) -> Result<Value, Error> {
        let mut segments = split_key(key).map_err(|_| lookup_error(format!("Syntax error in string: {subject}")))?;
        let root = segments.remove(0).text();
        let root_v = Value::string(root.as_str());
        let value = if let Some(v) = cx.inv.override_values.as_ref().and_then(|o| o.get(&root_v)) {
            v.clone()
        } else {
            match self.scope_var(cx, &root)? {
                Some(v) => v,
                None => match cx.inv.default_values.as_ref().and_then(|d| d.get(&root_v)) {
                    Some(v) => v.clone(),
                    None => Value::Undef,
                },
            }
        };
        let value = if value.is_undef() || segments.is_empty() {
            value
        } else {
            sub_lookup(key, &segments, value)?.unwrap_or(Value::Undef)
        };
        if let Some(memo) = cx.collect.as_mut()
            && (value.is_undef() || !key.starts_with("::"))
        {
            memo.push(ScopeMemo { key: key.to_string(), root, segments, value: value.clone() });
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn segs(k: &str) -> Result<Vec<String>, SyntaxError> {
        split_key(k).map(|v| {
            v.into_iter()
                .map(|s| match s {
                    Segment::Str(s) => s,
                    Segment::Int(i) => format!("#{i}"),
                })
                .collect()
        })
    }

    // Expectations from `Puppet::Pops::Lookup::SubLookup#split_key`.
    #[test]
    fn dotted_keys() {
        assert_eq!(segs("a"), Ok(vec!["a".to_string()]));
        assert_eq!(segs("a.b.0"), Ok(vec!["a".into(), "b".into(), "#0".into()]));
        assert_eq!(segs("a.'x.y'. c"), Ok(vec!["a".into(), "x.y".into(), "c".into()]));
        assert_eq!(segs("a.\"b\".-1"), Ok(vec!["a".into(), "b".into(), "#-1".into()]));
        assert_eq!(segs("facts.os.family"), Ok(vec!["facts".into(), "os".into(), "family".into()]));
        assert!(segs("a..b").is_err());
        assert!(segs(".a").is_err());
        assert!(segs("a.").is_err());
        assert!(segs("a\"b\"").is_err());
        assert!(segs("").is_ok());
        assert!(segs("'a").is_err());
    }

    #[test]
    fn method_calls() {
        assert_eq!(method_call("lookup('a.b')"), Some(("lookup", "a.b")));
        assert_eq!(method_call("alias(\"x\")"), Some(("alias", "x")));
        assert_eq!(method_call("lookup(x)"), None);
        assert_eq!(method_call("lookup('')"), None);
    }
}
