//! Ruby's `Dir.glob` (Ruby 3.1), for Hiera's `glob`/`globs` levels
//! (`Pathname.glob`) and stdlib's `glob()`: `*`, `?`, `[set]` (`[!set]`,
//! `[^set]`, ranges), `{a,b}` alternatives (each alternative's matches in
//! turn, in the order written), `**/` for any depth of directories (not
//! hidden ones), `\` escapes; wildcards do not match a leading `.` of a
//! name; each directory's entries are taken in sorted order (Ruby 3's
//! default `sort: true`). Matches are spelled as the pattern spells its
//! literal part (relative patterns stay relative).

use std::path::{Path, PathBuf};

/// The existing paths matching `pattern` (an absolute or relative path
/// pattern), files and directories alike.
pub fn glob(pattern: &str) -> Vec<PathBuf> {
    let mut out = vec![];
    for alt in expand_braces(pattern) {
        let absolute = alt.starts_with('/');
        let comps: Vec<&str> = alt.split('/').filter(|c| !c.is_empty()).collect();
        let base = if absolute { PathBuf::from("/") } else { PathBuf::new() };
        if alt.len() > 1 && alt.ends_with('/') {
            // `dir/*/`: directories only, spelled with the slash.
            let mut found = vec![];
            walk(&base, &comps, &mut found);
            out.extend(found.into_iter().filter(|p| p.is_dir()).map(|p| PathBuf::from(format!("{}/", p.display()))));
        } else {
            walk(&base, &comps, &mut out);
        }
    }
    out
}

/// `{a,b}c` -> `ac`, `bc` (nested braces expand recursively; an unclosed
/// brace is literal).
fn expand_braces(p: &str) -> Vec<String> {
    let b = p.as_bytes();
    let mut depth = 0usize;
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
                    let start = open.expect("an open brace precedes its close");
                    let (pre, body, post) = (&p[..start], &p[start + 1..i], &p[i + 1..]);
                    let mut alts = vec![];
                    let (mut d, mut from) = (0usize, 0usize);
                    let bb = body.as_bytes();
                    let mut j = 0;
                    while j < bb.len() {
                        match bb[j] {
                            b'\\' => j += 1,
                            b'{' => d += 1,
                            b'}' => d = d.saturating_sub(1),
                            b',' if d == 0 => {
                                alts.push(&body[from..j]);
                                from = j + 1;
                            }
                            _ => {}
                        }
                        j += 1;
                    }
                    alts.push(&body[from..]);
                    return alts.into_iter().flat_map(|a| expand_braces(&format!("{pre}{a}{post}"))).collect();
                }
            }
            _ => {}
        }
        i += 1;
    }
    vec![p.to_string()]
}

fn has_magic(c: &str) -> bool {
    c.bytes().any(|b| matches!(b, b'*' | b'?' | b'[' | b'\\'))
}

fn unescape(c: &str) -> String {
    let mut out = String::new();
    let mut chars = c.chars();
    while let Some(ch) = chars.next() {
        if ch == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(ch);
        }
    }
    out
}

fn sorted_entries(dir: &Path) -> Vec<(String, bool)> {
    let d = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    let Ok(rd) = std::fs::read_dir(d) else { return vec![] };
    let mut v: Vec<(String, bool)> =
        rd.flatten().map(|e| (e.file_name().to_string_lossy().into_owned(), e.path().is_dir())).collect();
    v.sort();
    v
}

/// Matches the pattern components against the tree below `base`. The
/// leading literal components are joined without listing directories;
/// below them, each directory is listed once and every continuation (a
/// `**` may go on in the child or stop here) is tried on each entry, so
/// results come in Ruby's order: an entry, then what is below it, then
/// the next entry.
fn walk(base: &Path, comps: &[&str], out: &mut Vec<PathBuf>) {
    let literal = comps.iter().take_while(|c| !has_magic(c) && **c != "**").count();
    let mut dir = base.to_path_buf();
    for c in &comps[..literal] {
        dir.push(unescape(c));
    }
    let rest = &comps[literal..];
    if rest.is_empty() {
        // A literal path is found by `lstat`, as Ruby does: a dangling
        // symbolic link is a match.
        if !dir.as_os_str().is_empty() && std::fs::symlink_metadata(&dir).is_ok() {
            out.push(dir);
        }
        return;
    }
    if dir.is_dir() {
        walk_dir(&dir, vec![rest], out);
    }
}

fn walk_dir(dir: &Path, conts: Vec<&[&str]>, out: &mut Vec<PathBuf>) {
    // Only literal components go on from here (`s*/../x`): Ruby joins them
    // without listing the directory, so `..` and `.` are found too.
    if conts.iter().all(|c| c.first().is_some_and(|f| !has_magic(f) && *f != "**")) {
        for cont in conts {
            walk(dir, cont, out);
        }
        return;
    }
    for (name, is_dir) in sorted_entries(dir) {
        let mut yielded = false;
        let mut next: Vec<&[&str]> = vec![];
        let mut pending: Vec<&[&str]> = conts.clone();
        while let Some(cont) = pending.pop() {
            let Some((first, rest)) = cont.split_first() else { continue };
            if *first == "**" {
                if rest.is_empty() {
                    // A trailing `**` is `*`.
                    if fnmatch(b"*", name.as_bytes(), true) {
                        yielded = true;
                    }
                    continue;
                }
                // Zero directories: the rest applies to this entry.
                pending.push(rest);
                // This directory and more below it.
                if is_dir && !name.starts_with('.') && !next.contains(&cont) {
                    next.push(cont);
                }
                continue;
            }
            if fnmatch(first.as_bytes(), name.as_bytes(), true) {
                if rest.is_empty() {
                    yielded = true;
                } else if is_dir && !next.contains(&rest) {
                    next.push(rest);
                }
            }
        }
        let path = dir.join(&name);
        if yielded {
            out.push(path.clone());
        }
        if !next.is_empty() {
            walk_dir(&path, next, out);
        }
    }
}

/// `File.fnmatch` for one path component (FNM_PATHNAME, no FNM_DOTMATCH).
fn fnmatch(p: &[u8], s: &[u8], at_start: bool) -> bool {
    if at_start && s.first() == Some(&b'.') && !matches!(p.first(), Some(b'.')) {
        // A leading period must be matched literally.
        if !(p.first() == Some(&b'\\') && p.get(1) == Some(&b'.')) {
            return false;
        }
    }
    let (mut pi, mut si) = (0usize, 0usize);
    let (mut star_p, mut star_s) = (None::<usize>, 0usize);
    while si < s.len() {
        if pi < p.len() {
            match p[pi] {
                b'*' => {
                    star_p = Some(pi);
                    star_s = si;
                    pi += 1;
                    continue;
                }
                b'?' => {
                    pi += 1;
                    si += 1;
                    continue;
                }
                b'[' => {
                    if let Some((matched, next)) = bracket(p, pi, s[si]) {
                        if matched {
                            pi = next;
                            si += 1;
                            continue;
                        }
                    } else if s[si] == b'[' {
                        pi += 1;
                        si += 1;
                        continue;
                    }
                }
                b'\\' if pi + 1 < p.len() && p[pi + 1] == s[si] => {
                    pi += 2;
                    si += 1;
                    continue;
                }
                // An escaped character that does not match.
                b'\\' if pi + 1 < p.len() => {}
                c if c == s[si] => {
                    pi += 1;
                    si += 1;
                    continue;
                }
                _ => {}
            }
        }
        match star_p {
            Some(sp) => {
                pi = sp + 1;
                star_s += 1;
                si = star_s;
            }
            None => return false,
        }
    }
    p[pi..].iter().all(|&c| c == b'*')
}

/// A `[...]` set at `p[start]`: whether `c` is in it and where the
/// pattern continues; None when the bracket is not closed.
fn bracket(p: &[u8], start: usize, c: u8) -> Option<(bool, usize)> {
    let mut i = start + 1;
    let negate = matches!(p.get(i), Some(b'!' | b'^'));
    if negate {
        i += 1;
    }
    let mut matched = false;
    let mut first = true;
    while i < p.len() && (p[i] != b']' || first) {
        first = false;
        let mut lo = p[i];
        if lo == b'\\' && i + 1 < p.len() {
            i += 1;
            lo = p[i];
        }
        if p.get(i + 1) == Some(&b'-') && p.get(i + 2).is_some_and(|&h| h != b']') {
            let hi = p[i + 2];
            if lo <= c && c <= hi {
                matched = true;
            }
            i += 3;
        } else {
            if lo == c {
                matched = true;
            }
            i += 1;
        }
    }
    if i >= p.len() {
        return None;
    }
    Some((matched != negate, i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns() {
        assert!(fnmatch(b"*.yaml", b"a.yaml", true));
        assert!(!fnmatch(b"*.yaml", b".a.yaml", true));
        assert!(fnmatch(b"a?[b-d].*", b"axc.json", true));
        assert!(!fnmatch(b"a[!x]", b"ax", true));
        assert_eq!(expand_braces("a/{b,c{d,e}}/f"), vec!["a/b/f", "a/cd/f", "a/ce/f"]);
    }

    #[test]
    fn walks_directories_in_sorted_order() {
        let root = std::env::temp_dir().join(format!("pjit-glob-{}", std::process::id()));
        for f in ["b.yaml", "a.yaml", "sub/c.yaml", "sub/deep/d.yaml", ".hidden/e.yaml", "x.json", "zz/y.yaml", "z.yaml"] {
            let p = root.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, "").unwrap();
        }
        let r = root.display().to_string();
        let rel = |v: Vec<PathBuf>| -> Vec<String> {
            v.iter().map(|p| p.strip_prefix(&root).unwrap().display().to_string()).collect()
        };
        assert_eq!(rel(glob(&format!("{r}/*.yaml"))), vec!["a.yaml", "b.yaml", "z.yaml"]);
        // Ruby: an entry, then what is below it, then the next entry.
        assert_eq!(
            rel(glob(&format!("{r}/**/*.yaml"))),
            vec!["a.yaml", "b.yaml", "sub/c.yaml", "sub/deep/d.yaml", "z.yaml", "zz/y.yaml"]
        );
        assert_eq!(rel(glob(&format!("{r}/{{x,a}}.*"))), vec!["x.json", "a.yaml"]);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
