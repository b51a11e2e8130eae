//! Ruby's `Dir.glob(pattern)` (Ruby 3.1, sorted): `{a,b}` alternatives
//! expanded first (each alternative's matches in turn), then each path
//! component matched against the directory's sorted entries with `*`,
//! `?`, `[set]` (`[!set]`, `[^set]`, ranges) and `\` escapes, `**/` for
//! any depth of directories; wildcards do not match a leading `.`, and
//! `.`/`..` are never found by a wildcard. Matches are written as the
//! pattern spells its literal part (relative patterns stay relative).

/// The paths matching `pattern`.
pub(crate) fn glob(pattern: &str) -> Vec<String> {
    let mut out = Vec::new();
    for p in expand_braces(pattern) {
        let (base, rest) = if let Some(r) = p.strip_prefix('/') { ("/".to_string(), r.to_string()) } else { (String::new(), p) };
        let comps: Vec<&str> = rest.split('/').filter(|c| !c.is_empty()).collect();
        walk(&base, &comps, &mut out);
    }
    out
}

/// `a{b,c}d` -> `abd`, `acd` (nested braces too); unbalanced braces stay.
fn expand_braces(p: &str) -> Vec<String> {
    let b = p.as_bytes();
    let mut depth = 0;
    let mut open = None;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'{' => {
                if depth == 0 {
                    open = Some(i);
                }
                depth += 1;
            }
            b'}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    let o = open.expect("an open brace");
                    let inner = &p[o + 1..i];
                    let mut alts = Vec::new();
                    let (mut d, mut start) = (0, 0);
                    let ib = inner.as_bytes();
                    let mut j = 0;
                    while j < ib.len() {
                        match ib[j] {
                            b'\\' => j += 1,
                            b'{' => d += 1,
                            b'}' => d -= 1,
                            b',' if d == 0 => {
                                alts.push(&inner[start..j]);
                                start = j + 1;
                            }
                            _ => {}
                        }
                        j += 1;
                    }
                    alts.push(&inner[start..]);
                    let mut out = Vec::new();
                    for a in alts {
                        out.extend(expand_braces(&format!("{}{a}{}", &p[..o], &p[i + 1..])));
                    }
                    return out;
                }
            }
            _ => {}
        }
        i += 1;
    }
    vec![p.to_string()]
}

fn has_magic(c: &str) -> bool {
    c.contains(['*', '?', '[', '\\'])
}

fn unescape(c: &str) -> String {
    let mut out = String::new();
    let mut it = c.chars();
    while let Some(ch) = it.next() {
        if ch == '\\' {
            if let Some(n) = it.next() {
                out.push(n);
            }
        } else {
            out.push(ch);
        }
    }
    out
}

fn join(base: &str, name: &str) -> String {
    if base.is_empty() {
        name.to_string()
    } else if base.ends_with('/') {
        format!("{base}{name}")
    } else {
        format!("{base}/{name}")
    }
}

fn sorted_entries(dir: &str) -> Vec<(String, bool)> {
    let d = if dir.is_empty() { "." } else { dir };
    let Ok(rd) = std::fs::read_dir(d) else { return vec![] };
    let mut v: Vec<(String, bool)> = rd
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let is_dir = std::fs::metadata(e.path()).map(|m| m.is_dir()).unwrap_or(false);
            Some((name, is_dir))
        })
        .collect();
    v.sort();
    v
}

fn walk(base: &str, comps: &[&str], out: &mut Vec<String>) {
    let Some((first, rest)) = comps.split_first() else {
        if !base.is_empty() {
            out.push(base.trim_end_matches('/').to_string().max("/".into()));
        }
        return;
    };
    if *first == "**" {
        // Zero or more directories (not hidden ones).
        walk(base, rest, out);
        for (name, is_dir) in sorted_entries(base) {
            if is_dir && !name.starts_with('.') {
                walk(&join(base, &name), comps, out);
            }
        }
        return;
    }
    if !has_magic(first) {
        let path = join(base, &unescape(first));
        if std::fs::symlink_metadata(&path).is_ok() {
            if rest.is_empty() {
                out.push(path);
            } else if std::path::Path::new(&path).is_dir() {
                walk(&path, rest, out);
            }
        }
        return;
    }
    for (name, is_dir) in sorted_entries(base) {
        if name.starts_with('.') && !first.starts_with('.') {
            continue;
        }
        if fnmatch(first.as_bytes(), name.as_bytes()) {
            let path = join(base, &name);
            if rest.is_empty() {
                out.push(path);
            } else if is_dir {
                walk(&path, rest, out);
            }
        }
    }
}

/// `File.fnmatch` of one component (no `/` in either).
fn fnmatch(p: &[u8], s: &[u8]) -> bool {
    let (mut pi, mut si) = (0, 0);
    let (mut star_p, mut star_s) = (None, 0);
    while si < s.len() {
        let step = if pi < p.len() {
            match p[pi] {
                b'*' => {
                    star_p = Some(pi);
                    star_s = si;
                    pi += 1;
                    continue;
                }
                b'?' => Some(pi + 1),
                b'[' => class_match(p, pi, s[si]),
                b'\\' if pi + 1 < p.len() => (p[pi + 1] == s[si]).then_some(pi + 2),
                c => (c == s[si]).then_some(pi + 1),
            }
        } else {
            None
        };
        match step {
            Some(np) => {
                pi = np;
                si += 1;
            }
            None => match star_p {
                Some(sp) => {
                    pi = sp + 1;
                    star_s += 1;
                    si = star_s;
                }
                None => return false,
            },
        }
    }
    while pi < p.len() && p[pi] == b'*' {
        pi += 1;
    }
    pi == p.len()
}

/// A `[...]` class at `p[start]`: the index after it when `c` matches.
fn class_match(p: &[u8], start: usize, c: u8) -> Option<usize> {
    let mut i = start + 1;
    let negate = matches!(p.get(i), Some(b'!' | b'^'));
    if negate {
        i += 1;
    }
    let mut matched = false;
    let mut first = true;
    while i < p.len() && (p[i] != b']' || first) {
        first = false;
        let lo = if p[i] == b'\\' && i + 1 < p.len() {
            i += 1;
            p[i]
        } else {
            p[i]
        };
        if i + 2 < p.len() && p[i + 1] == b'-' && p[i + 2] != b']' {
            let hi = p[i + 2];
            matched |= lo <= c && c <= hi;
            i += 3;
        } else {
            matched |= lo == c;
            i += 1;
        }
    }
    if i >= p.len() {
        // No closing bracket: a literal `[`.
        return (c == b'[').then_some(start + 1);
    }
    (matched != negate).then_some(i + 1)
}
