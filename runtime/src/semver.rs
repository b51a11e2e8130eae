//! SemVer ranges in SemanticPuppet's (npm-like) syntax: `1.x`, `~1.2`, `^1.2.3`,
//! `>=1.2.3 <2.0.0`, `1.2.3 - 2.3.4`, `a || b`, `*`. Versions are
//! `semver::Version`; the range grammar is ours because Cargo's differs.

use std::cmp::Ordering;
use std::fmt;

use semver::{BuildMetadata, Prerelease, Version};

use crate::error::{Error, Result};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Op {
    Gt,
    GtEq,
    Lt,
    LtEq,
    Eq,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Comparator {
    op: Op,
    version: Version,
}

impl Comparator {
    fn matches(&self, v: &Version) -> bool {
        let c = cmp_versions(v, &self.version);
        match self.op {
            Op::Gt => c == Ordering::Greater,
            Op::GtEq => c != Ordering::Less,
            Op::Lt => c == Ordering::Less,
            Op::LtEq => c != Ordering::Greater,
            Op::Eq => c == Ordering::Equal,
        }
    }
}

/// Version precedence (build metadata does not count).
pub fn cmp_versions(a: &Version, b: &Version) -> Ordering {
    (a.major, a.minor, a.patch)
        .cmp(&(b.major, b.minor, b.patch))
        .then_with(|| match (a.pre.is_empty(), b.pre.is_empty()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            (false, false) => a.pre.cmp(&b.pre),
        })
}

/// A parsed version range: a disjunction of conjunctions of comparators.
/// Prints as the string it was parsed from, as SemanticPuppet does.
#[derive(Clone, Debug)]
pub struct VersionRange {
    source: String,
    /// Empty inner list = matches everything (`*`).
    alternatives: Vec<Vec<Comparator>>,
}

/// One alternative of a range as SemanticPuppet keeps it after
/// intersecting its comparators: an exact version, or the strongest lower
/// and upper bounds (a version and whether the bound is exclusive). Ranges
/// are equal when their alternatives are, in order (`eql?` on `@ranges`):
/// `>=1.0.0 <2.0.0` equals `<2.0.0 >=1.0.0` and `1.x`.
#[derive(PartialEq, Eq, Hash)]
enum Bounds<'a> {
    Exact(&'a Version),
    Range(Option<(&'a Version, bool)>, Option<(&'a Version, bool)>),
}

fn bounds(alt: &[Comparator]) -> Bounds<'_> {
    if let [Comparator { op: Op::Eq, version }] = alt {
        return Bounds::Exact(version);
    }
    let (mut lo, mut hi): (Option<(&Version, bool)>, Option<(&Version, bool)>) = (None, None);
    for cmp in alt {
        let v = &cmp.version;
        let (lower, upper) = match cmp.op {
            Op::Gt => (Some((v, true)), None),
            Op::GtEq => (Some((v, false)), None),
            Op::Lt => (None, Some((v, true))),
            Op::LtEq => (None, Some((v, false))),
            Op::Eq => (Some((v, false)), Some((v, false))),
        };
        if let Some(b) = lower {
            // The higher bound wins; at the same version the exclusive one.
            let stronger = lo.is_none_or(|(w, ex)| cmp_versions(b.0, w).then(b.1.cmp(&ex)) == Ordering::Greater);
            if stronger {
                lo = Some(b);
            }
        }
        if let Some(b) = upper {
            let stronger = hi.is_none_or(|(w, ex)| cmp_versions(b.0, w).then(ex.cmp(&b.1)) == Ordering::Less);
            if stronger {
                hi = Some(b);
            }
        }
    }
    Bounds::Range(lo, hi)
}

impl PartialEq for VersionRange {
    fn eq(&self, other: &VersionRange) -> bool {
        self.alternatives.len() == other.alternatives.len()
            && self.alternatives.iter().zip(&other.alternatives).all(|(a, b)| bounds(a) == bounds(b))
    }
}
impl Eq for VersionRange {}

impl fmt::Display for VersionRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

fn version(major: u64, minor: u64, patch: u64) -> Version {
    Version::new(major, minor, patch)
}

struct Partial {
    major: Option<u64>,
    minor: Option<u64>,
    patch: Option<u64>,
    pre: Prerelease,
    build: BuildMetadata,
}

fn parse_xr(s: &str) -> Option<Option<u64>> {
    match s {
        "x" | "X" | "*" => Some(None),
        _ if s == "0" || (!s.is_empty() && !s.starts_with('0') && s.chars().all(|c| c.is_ascii_digit())) => {
            s.parse().ok().map(Some)
        }
        _ => None,
    }
}

fn parse_partial(expr: &str) -> Option<Partial> {
    let (core, build) = match expr.split_once('+') {
        Some((c, b)) => (c, Some(b)),
        None => (expr, None),
    };
    let mut parts = core.splitn(3, '.');
    let major = parse_xr(parts.next()?)?;
    let mut p = Partial { major, minor: None, patch: None, pre: Prerelease::EMPTY, build: BuildMetadata::EMPTY };
    if let Some(m) = parts.next() {
        p.minor = parse_xr(m)?;
        if let Some(rest) = parts.next() {
            let (patch, pre) = match rest.split_once('-') {
                Some((a, b)) => (a, Some(b)),
                None => (rest, None),
            };
            p.patch = parse_xr(patch)?;
            if let Some(pre) = pre {
                p.pre = Prerelease::new(pre).ok()?;
            }
            if let Some(b) = build {
                p.build = BuildMetadata::new(b).ok()?;
            }
            return Some(p);
        }
    }
    if build.is_some() {
        return None;
    }
    Some(p)
}

fn full(p: &Partial) -> Version {
    let mut v = version(p.major.unwrap_or(0), p.minor.unwrap_or(0), p.patch.unwrap_or(0));
    v.pre = p.pre.clone();
    v.build = p.build.clone();
    v
}

fn c(op: Op, version: Version) -> Comparator {
    Comparator { op, version }
}

fn patch_updates(p: &Partial, tilde_or_caret: bool) -> Vec<Comparator> {
    let Some(major) = p.major else { return vec![] };
    let Some(minor) = p.minor else {
        return vec![c(Op::GtEq, version(major, 0, 0)), c(Op::Lt, version(major.saturating_add(1), 0, 0))];
    };
    if p.patch.is_none() {
        return vec![c(Op::GtEq, version(major, minor, 0)), c(Op::Lt, version(major, minor.saturating_add(1), 0))];
    }
    let v = full(p);
    if !tilde_or_caret {
        return vec![c(Op::Eq, v)];
    }
    vec![c(Op::GtEq, v), c(Op::Lt, version(major, minor.saturating_add(1), 0))]
}

fn minor_updates(p: &Partial) -> Vec<Comparator> {
    let Some(major) = p.major else { return vec![] };
    match (p.minor, p.patch) {
        (Some(minor), None) => vec![c(Op::GtEq, version(major, minor, 0)), c(Op::Lt, version(major.saturating_add(1), 0, 0))],
        (Some(_), Some(_)) => vec![c(Op::GtEq, full(p)), c(Op::Lt, version(major.saturating_add(1), 0, 0))],
        _ => vec![c(Op::GtEq, version(major, 0, 0)), c(Op::Lt, version(major.saturating_add(1), 0, 0))],
    }
}

fn never() -> Vec<Comparator> {
    vec![c(Op::Lt, version(0, 0, 0)), c(Op::Gt, version(0, 0, 0))]
}

impl VersionRange {
    /// `SemanticPuppet::VersionRange.new(min, max, exclude_max)` (what
    /// `SemVerRange(min, max)` makes; `None` is the lowest or highest
    /// version). SemanticPuppet writes its text with the bounds swapped
    /// (`2.0.0 - 1.0.0`, `>=2.0.0 <1.0.0`), and so it prints.
    pub fn from_bounds(min: Option<Version>, max: Option<Version>, exclude_max: bool) -> VersionRange {
        let lo = min.clone().map_or_else(|| "0.0.0-".to_string(), |v| v.to_string());
        let hi = max.clone().map_or_else(|| "Infinity.0.0".to_string(), |v| v.to_string());
        let source = if exclude_max { format!(">={hi} <{lo}") } else { format!("{hi} - {lo}") };
        let mut comparators = Vec::new();
        if let Some(v) = min {
            comparators.push(c(Op::GtEq, v));
        }
        if let Some(v) = max {
            comparators.push(c(if exclude_max { Op::Lt } else { Op::LtEq }, v));
        }
        VersionRange { source, alternatives: vec![comparators] }
    }

    /// Parses a range; the error text is SemanticPuppet's.
    pub fn parse(text: &str) -> Result<VersionRange> {
        let bad = || Error::argument(format!("Unparsable version range: \"{}\"", text));
        // gsub(/([><=~^])(?:\s+|\s*v)/, '\1')
        let mut norm = String::with_capacity(text.len());
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let ch = chars[i];
            norm.push(ch);
            i += 1;
            if matches!(ch, '>' | '<' | '=' | '~' | '^') {
                let mut j = i;
                while j < chars.len() && chars[j].is_whitespace() {
                    j += 1;
                }
                if j < chars.len() && chars[j] == 'v' {
                    i = j + 1;
                } else if j > i {
                    i = j;
                }
            }
        }
        let mut alternatives = Vec::new();
        for range in norm.split("||").map(str::trim) {
            if range.is_empty() && norm.trim().is_empty() {
                continue;
            }
            let words: Vec<&str> = range.split_whitespace().collect();
            if words.len() == 3 && words[1] == "-" {
                let lo = parse_partial(words[0]).ok_or_else(bad)?;
                let hi = parse_partial(words[2]).ok_or_else(bad)?;
                alternatives.push(vec![c(Op::GtEq, full(&lo)), c(Op::LtEq, full(&hi))]);
                continue;
            }
            let mut all = Vec::new();
            for simple in words {
                let (op, operand) = split_op(simple);
                let p = parse_partial(operand).ok_or_else(bad)?;
                let cs = match op {
                    "~" | "~>" | "~=" => patch_updates(&p, true),
                    "^" => {
                        if p.major == Some(0) {
                            patch_updates(&p, true)
                        } else {
                            minor_updates(&p)
                        }
                    }
                    ">" => match (p.major, p.minor, p.patch) {
                        (None, _, _) => never(),
                        (Some(ma), None, _) => vec![c(Op::GtEq, version(ma.saturating_add(1), 0, 0))],
                        (Some(ma), Some(mi), None) => vec![c(Op::GtEq, version(ma, mi.saturating_add(1), 0))],
                        _ => vec![c(Op::Gt, full(&p))],
                    },
                    ">=" => vec![c(Op::GtEq, full(&p))],
                    "<" => vec![c(Op::Lt, full(&p))],
                    "<=" => match (p.major, p.minor, p.patch) {
                        (None, _, _) => vec![],
                        (Some(ma), None, _) => vec![c(Op::Lt, version(ma.saturating_add(1), 0, 0))],
                        (Some(ma), Some(mi), None) => vec![c(Op::Lt, version(ma, mi.saturating_add(1), 0))],
                        _ => vec![c(Op::LtEq, full(&p))],
                    },
                    _ => patch_updates(&p, false),
                };
                all.extend(cs);
            }
            alternatives.push(all);
        }
        if alternatives.is_empty() {
            alternatives.push(vec![]);
        }
        Ok(VersionRange { source: text.to_string(), alternatives })
    }

    /// SemanticPuppet's `include?`: a prerelease version is only included
    /// when a bound of the same alternative is a prerelease of the same
    /// major.minor.patch.
    pub fn includes(&self, v: &Version) -> bool {
        self.alternatives.iter().any(|alt| {
            alt.iter().all(|cmp| cmp.matches(v))
                // `*` (no bounds) includes prereleases too.
                && (v.pre.is_empty()
                    || alt.is_empty()
                    || alt.iter().any(|cmp| {
                        !cmp.version.pre.is_empty()
                            && (cmp.version.major, cmp.version.minor, cmp.version.patch)
                                == (v.major, v.minor, v.patch)
                    }))
        })
    }
}

fn split_op(simple: &str) -> (&str, &str) {
    for op in [">=", "<=", "~>", "~=", ">", "<", "=", "~", "^"] {
        if let Some(rest) = simple.strip_prefix(op) {
            return (op, rest);
        }
    }
    ("", simple)
}

/// SemanticPuppet's `REGEX_FULL`: `MAJOR.MINOR.PATCH` without leading
/// zeros, optional `-prerelease` and `+build` of `[0-9A-Za-z-]` dot-separated
/// identifiers (a numeric prerelease identifier with a leading zero matches
/// the pattern but fails later).
pub fn matches_version_pattern(s: &str) -> bool {
    let ident_ok = |p: &str| !p.is_empty() && p.split('.').all(|i| !i.is_empty() && i.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    let (rest, build) = match s.split_once('+') {
        Some((r, b)) => (r, Some(b)),
        None => (s, None),
    };
    if build.is_some_and(|b| !ident_ok(b)) {
        return false;
    }
    let (core, pre) = match rest.split_once('-') {
        Some((c, p)) => (c, Some(p)),
        None => (rest, None),
    };
    if pre.is_some_and(|p| !ident_ok(p)) {
        return false;
    }
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3
        && parts.iter().all(|p| {
            !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()) && (p.len() == 1 || !p.starts_with('0'))
        })
}

/// Parses a version as SemanticPuppet does (strict `MAJOR.MINOR.PATCH`).
pub fn parse_version(text: &str) -> Result<Version> {
    Version::parse(text).map_err(|_| Error::argument(format!("Unable to parse '{}' as a semantic version identifier", text)))
}

impl std::hash::Hash for VersionRange {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for alt in &self.alternatives {
            bounds(alt).hash(state);
        }
    }
}
