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

/// A parsed version range: SemanticPuppet's merged list of ranges.
/// Prints as the string it was parsed from, as SemanticPuppet does.
#[derive(Clone, Debug)]
pub struct VersionRange {
    source: String,
    /// SemanticPuppet's `@ranges`, what equality and hashing compare:
    /// each alternative intersected, duplicates dropped, overlapping and
    /// adjacent ones merged (`1.x || 2.x` equals `>=1.0.0 <3.0.0`).
    ranges: Vec<Rg>,
}

impl PartialEq for VersionRange {
    fn eq(&self, other: &VersionRange) -> bool {
        self.ranges == other.ranges
    }
}
impl Eq for VersionRange {}

/// A point of SemanticPuppet's version line: `Version::MIN` (below every
/// version), a version, `Version::MAX`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Pt {
    Min,
    V(Version),
    Max,
}

/// Ruby's `<=>` of two points (build metadata does not count).
fn cmp_pt(a: &Pt, b: &Pt) -> Ordering {
    match (a, b) {
        (Pt::V(x), Pt::V(y)) => cmp_versions(x, y),
        (Pt::Min, Pt::Min) | (Pt::Max, Pt::Max) => Ordering::Equal,
        (Pt::Min, _) | (_, Pt::Max) => Ordering::Less,
        (_, Pt::Min) | (Pt::Max, _) => Ordering::Greater,
    }
}

/// `Version#next(:patch)` (the prerelease dropped).
fn next_patch(p: &Pt) -> Pt {
    match p {
        Pt::Min => Pt::V(version(0, 0, 1)),
        Pt::V(v) => Pt::V(version(v.major, v.minor, v.patch.saturating_add(1))),
        Pt::Max => Pt::Max,
    }
}

/// SemanticPuppet's range classes (`AllRange`, `GtRange`, ..., and
/// `MinMaxRange` of a lower and an upper one); derived equality is their
/// `eql?` (class and versions, build metadata included).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Rg {
    All,
    Gt(Pt),
    GtEq(Pt),
    Lt(Pt),
    LtEq(Pt),
    Eq(Pt),
    MinMax(Box<Rg>, Box<Rg>),
}

impl Rg {
    fn of(cmp: &Comparator) -> Rg {
        let v = Pt::V(cmp.version.clone());
        match cmp.op {
            Op::Gt => Rg::Gt(v),
            Op::GtEq => Rg::GtEq(v),
            Op::Lt => Rg::Lt(v),
            Op::LtEq => Rg::LtEq(v),
            Op::Eq => Rg::Eq(v),
        }
    }
    /// One simple expression's comparators as the object SemanticPuppet
    /// builds for it (`MinMaxRange.new` for a pair, not intersected).
    fn of_simple(cs: &[Comparator]) -> Option<Rg> {
        match cs {
            [] => Some(Rg::All),
            [a] => Some(Rg::of(a)),
            [a, b] => Some(Rg::min_max(Rg::of(a), Rg::of(b))),
            _ => None,
        }
    }
    fn min_max(min: Rg, max: Rg) -> Rg {
        let min = if let Rg::MinMax(m, _) = min { *m } else { min };
        let max = if let Rg::MinMax(_, m) = max { *m } else { max };
        Rg::MinMax(Box::new(min), Box::new(max))
    }
    fn begin(&self) -> Pt {
        match self {
            Rg::Gt(v) | Rg::GtEq(v) | Rg::Eq(v) => v.clone(),
            Rg::MinMax(a, _) => a.begin(),
            Rg::All | Rg::Lt(_) | Rg::LtEq(_) => Pt::Min,
        }
    }
    fn end(&self) -> Pt {
        match self {
            Rg::Lt(v) | Rg::LtEq(v) | Rg::Eq(v) => v.clone(),
            Rg::MinMax(_, b) => b.end(),
            Rg::All | Rg::Gt(_) | Rg::GtEq(_) => Pt::Max,
        }
    }
    fn exclude_begin(&self) -> bool {
        match self {
            Rg::Gt(_) => true,
            Rg::MinMax(a, _) => a.exclude_begin(),
            _ => false,
        }
    }
    fn exclude_end(&self) -> bool {
        match self {
            Rg::Lt(_) => true,
            Rg::MinMax(_, b) => b.exclude_end(),
            _ => false,
        }
    }
    fn lower_bound(&self) -> bool {
        match self {
            Rg::Gt(_) => true,
            Rg::GtEq(v) | Rg::Eq(v) => *v != Pt::Min,
            Rg::MinMax(a, _) => a.lower_bound(),
            _ => false,
        }
    }
    fn upper_bound(&self) -> bool {
        match self {
            Rg::Lt(_) => true,
            Rg::LtEq(v) | Rg::Eq(v) => *v != Pt::Max,
            Rg::MinMax(_, b) => b.upper_bound(),
            _ => false,
        }
    }
    fn test_prerelease(&self, v: &Version) -> bool {
        match self {
            Rg::All => true,
            Rg::MinMax(a, b) => a.test_prerelease(v) || b.test_prerelease(v),
            Rg::Gt(Pt::V(w)) | Rg::GtEq(Pt::V(w)) | Rg::Lt(Pt::V(w)) | Rg::LtEq(Pt::V(w)) | Rg::Eq(Pt::V(w)) => {
                !w.pre.is_empty() && (w.major, w.minor, w.patch) == (v.major, v.minor, v.patch)
            }
            _ => false,
        }
    }
    fn includes(&self, p: &Pt) -> bool {
        match self {
            Rg::All => true,
            Rg::Gt(v) => cmp_pt(p, v) == Ordering::Greater,
            Rg::GtEq(v) => cmp_pt(p, v) != Ordering::Less,
            Rg::Lt(v) => cmp_pt(p, v) == Ordering::Less,
            Rg::LtEq(v) => cmp_pt(p, v) != Ordering::Greater,
            Rg::Eq(v) => cmp_pt(p, v) == Ordering::Equal,
            Rg::MinMax(a, b) => a.includes(p) && b.includes(p),
        }
    }
    /// `AbstractRange#intersection` (`AllRange`'s is the other range).
    fn intersection(&self, range: &Rg) -> Option<Rg> {
        if *self == Rg::All {
            return Some(range.clone());
        }
        match cmp_pt(&self.begin(), &range.end()) {
            Ordering::Greater => return None,
            Ordering::Equal => {
                return (!self.exclude_begin() && !range.exclude_end()).then(|| Rg::Eq(self.begin()));
            }
            Ordering::Less => {}
        }
        match cmp_pt(&range.begin(), &self.end()) {
            Ordering::Greater => return None,
            Ordering::Equal => {
                return (!range.exclude_begin() && !self.exclude_end()).then(|| Rg::Eq(range.begin()));
            }
            Ordering::Less => {}
        }
        let min = match cmp_pt(&self.begin(), &range.begin()) {
            Ordering::Less => range,
            Ordering::Greater => self,
            Ordering::Equal if self.exclude_begin() => self,
            Ordering::Equal => range,
        };
        let max = match cmp_pt(&self.end(), &range.end()) {
            Ordering::Greater => range,
            Ordering::Less => self,
            Ordering::Equal if self.exclude_end() => self,
            Ordering::Equal => range,
        };
        Some(if !max.upper_bound() {
            min.clone()
        } else if !min.lower_bound() {
            max.clone()
        } else {
            Rg::min_max(min.clone(), max.clone())
        })
    }
    /// `MinMaxRange.create(lower, upper)` from two points.
    fn create(begin: Pt, exclude_begin: bool, end: Pt, exclude_end: bool) -> Option<Rg> {
        let lo = if exclude_begin { Rg::Gt(begin) } else { Rg::GtEq(begin) };
        let hi = if exclude_end { Rg::Lt(end) } else { Rg::LtEq(end) };
        lo.intersection(&hi)
    }
    fn from_to(a: &Rg, b: &Rg) -> Option<Rg> {
        Rg::create(a.begin(), a.exclude_begin(), b.end(), b.exclude_end())
    }
    /// `AbstractRange#merge`: the union of two overlapping or adjacent
    /// ranges, else None. (Where both ends are equal Ruby's code calls a
    /// method that does not exist, `exclude_end`; pjit uses what it means.)
    fn merge(&self, other: &Rg) -> Option<Rg> {
        if *self == Rg::All {
            return Some(Rg::All);
        }
        let (sb, ob, se, oe) = (self.begin(), other.begin(), self.end(), other.end());
        if self.includes(&ob) || other.includes(&sb) {
            let (min, excl_begin) = match cmp_pt(&sb, &ob) {
                Ordering::Less => (sb, self.exclude_begin()),
                Ordering::Greater => (ob, other.exclude_begin()),
                Ordering::Equal => (sb, self.exclude_begin() && other.exclude_begin()),
            };
            let (max, excl_end) = match cmp_pt(&se, &oe) {
                Ordering::Greater => (se, self.exclude_end()),
                Ordering::Less => (oe, other.exclude_end()),
                Ordering::Equal => (se, self.exclude_end() && other.exclude_end()),
            };
            Rg::create(min, excl_begin, max, excl_end)
        } else if self.exclude_end() && !other.exclude_begin() && cmp_pt(&se, &ob) == Ordering::Equal {
            Rg::from_to(self, other)
        } else if other.exclude_end() && !self.exclude_begin() && cmp_pt(&oe, &sb) == Ordering::Equal {
            Rg::from_to(other, self)
        } else if !self.exclude_end() && !other.exclude_begin() && cmp_pt(&next_patch(&se), &ob) == Ordering::Equal {
            Rg::from_to(self, other)
        } else if !other.exclude_end() && !self.exclude_begin() && cmp_pt(&next_patch(&oe), &sb) == Ordering::Equal {
            Rg::from_to(other, self)
        } else {
            None
        }
    }
}

/// `VersionRange#initialize`: drops the empty alternatives and merges the
/// others until nothing merges, in SemanticPuppet's order.
fn merge_ranges(ranges: Vec<Option<Rg>>) -> Vec<Rg> {
    let mut ranges: Vec<Rg> = ranges.into_iter().flatten().collect();
    let mut merged_some = true;
    while ranges.len() > 1 && merged_some {
        merged_some = false;
        let mut result = Vec::new();
        while let Some(x) = ranges.pop() {
            let mut unmerged = Vec::new();
            let mut memo = x;
            for y in ranges {
                match memo.merge(&y) {
                    Some(m) => {
                        merged_some = true;
                        memo = m;
                    }
                    None => unmerged.push(y),
                }
            }
            result.push(memo);
            ranges = unmerged;
        }
        result.reverse();
        ranges = result;
    }
    if ranges.is_empty() {
        ranges.push(Rg::Lt(Pt::Min));
    }
    ranges
}

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

impl VersionRange {
    /// `SemanticPuppet::VersionRange.new(min, max, exclude_max)` (what
    /// `SemVerRange(min, max)` makes; `None` is the lowest or highest
    /// version). SemanticPuppet writes its text with the bounds swapped
    /// (`2.0.0 - 1.0.0`, `>=2.0.0 <1.0.0`), and so it prints.
    pub fn from_bounds(min: Option<Version>, max: Option<Version>, exclude_max: bool) -> VersionRange {
        let lo = min.clone().map_or_else(|| "0.0.0-".to_string(), |v| v.to_string());
        let hi = max.clone().map_or_else(|| "Infinity.0.0".to_string(), |v| v.to_string());
        let source = if exclude_max { format!(">={hi} <{lo}") } else { format!("{hi} - {lo}") };
        let pt = |v: Option<Version>, none: Pt| v.map_or(none, Pt::V);
        let range = Rg::create(pt(min, Pt::Min), false, pt(max, Pt::Max), exclude_max);
        VersionRange { source, ranges: merge_ranges(vec![range]) }
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
        let mut ranges: Vec<Option<Rg>> = Vec::new();
        for range in norm.split("||").map(str::trim) {
            if range.is_empty() && norm.trim().is_empty() {
                continue;
            }
            let words: Vec<&str> = range.split_whitespace().collect();
            if words.len() == 3 && words[1] == "-" {
                let lo = parse_partial(words[0]).ok_or_else(bad)?;
                let hi = parse_partial(words[2]).ok_or_else(bad)?;
                ranges.push(Rg::create(Pt::V(full(&lo)), false, Pt::V(full(&hi)), false));
                continue;
            }
            let mut simples: Vec<Option<Rg>> = Vec::new();
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
                        (None, _, _) => vec![],
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
                // `>x` is SemanticPuppet's `LtRange::MATCH_NOTHING`.
                simples.push(if op == ">" && p.major.is_none() { Some(Rg::Lt(Pt::Min)) } else { Rg::of_simple(&cs) });
            }
            // `MinMaxRange.create(*simples)`: one simple as it is, more
            // intersected in order.
            let mut it = simples.into_iter();
            let first = it.next().flatten();
            ranges.push(it.fold(first, |acc, r| acc.zip(r).and_then(|(a, b)| a.intersection(&b))));
        }
        if ranges.is_empty() {
            ranges.push(Some(Rg::All));
        }
        // `.uniq` (by `eql?`) before the merge.
        let mut unique: Vec<Option<Rg>> = Vec::new();
        for r in ranges {
            if !unique.contains(&r) {
                unique.push(r);
            }
        }
        Ok(VersionRange { source: text.to_string(), ranges: merge_ranges(unique) })
    }

    /// SemanticPuppet's `include?`: a prerelease version is only included
    /// when a bound of the same (merged) range is a prerelease of the same
    /// major.minor.patch (`test_prerelease?`; `*` includes them all).
    pub fn includes(&self, v: &Version) -> bool {
        let p = Pt::V(v.clone());
        self.ranges.iter().any(|r| r.includes(&p) && (v.pre.is_empty() || r.test_prerelease(v)))
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
        self.ranges.hash(state);
    }
}
