//! Ruby's `did_you_mean` (1.6, Ruby 3.1) for `NoMethodError`: the
//! "Did you mean?" lines Ruby appends to the message, computed as its
//! `MethodNameChecker` and `SpellChecker` do (Jaro-Winkler to select,
//! Levenshtein to keep close ones) over the receiver's method names.
//!
//! The method names are those Puppet's template objects have while a
//! template renders (`runtime/data/ruby_methods.json`, dumped from Puppet
//! 7.23 by `tests/tools/dump-ruby-methods.sh`), in Ruby's order, which
//! decides the order of equally close suggestions (Ruby's `sort_by` on
//! glibc is stable, and the checker reverses the sorted list). `nil`
//! never gets suggestions (the checker excludes `nil`'s own methods).
//! `Puppet::Parser::Scope`'s `function_*` methods are defined as Puppet
//! loads functions; the table has the ones every compile defines (the log
//! functions), not the ones a compile has loaded by the time of the error.

use std::collections::HashMap;
use std::sync::OnceLock;

fn table() -> &'static HashMap<String, Vec<String>> {
    static TABLE: OnceLock<HashMap<String, Vec<String>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t: HashMap<String, Vec<String>> =
            serde_json::from_str(include_str!("../../data/ruby_methods.json")).unwrap_or_default();
        // The dump renders an inline template, which defines this one.
        if let Some(scope) = t.get_mut("Puppet::Parser::Scope") {
            scope.retain(|m| m != "function_inline_template");
        }
        t
    })
}

/// The suggestions for calling `method` on an object of class `class`
/// (`private_call`: called without a receiver, so private methods and
/// reserved words count), as Ruby lists them.
pub(crate) fn method_suggestions(class: &str, method: &str, private_call: bool) -> Vec<String> {
    const RESERVED: &[&str] =
        &["alias", "case", "def", "defined?", "elsif", "end", "ensure", "for", "rescue", "super", "undef", "unless", "until", "when", "while", "yield"];
    let t = table();
    // `NAMES_TO_EXCLUDE`: nil's own methods, so nil never gets suggestions.
    if class == "NilClass" {
        return vec![];
    }
    let Some(methods) = t.get(class) else { return vec![] };
    let mut dictionary: Vec<&str> = vec![];
    if private_call {
        dictionary.extend(RESERVED);
    }
    dictionary.extend(methods.iter().map(String::as_str));
    if private_call && let Some(private) = t.get(&format!("{class} (private)")) {
        for m in private {
            if !dictionary.contains(&m.as_str()) {
                dictionary.push(m);
            }
        }
    }
    correct(&dictionary, method)
}

/// Whether objects of `class` have the public method `method` in Ruby
/// (with Puppet loaded); None for classes the table does not know.
pub(crate) fn ruby_has_method(class: &str, method: &str) -> Option<bool> {
    table().get(class).map(|ms| ms.iter().any(|m| m == method))
}

/// `" \nDid you mean?  a\n               b"`, or empty without suggestions
/// (`DidYouMean::Formatter.message_for`).
pub(crate) fn message_for(corrections: &[String]) -> String {
    if corrections.is_empty() {
        String::new()
    } else {
        format!("\nDid you mean?  {}", corrections.join("\n               "))
    }
}

fn normalize(s: &str) -> Vec<char> {
    s.to_lowercase().chars().filter(|c| *c != '@').collect()
}

/// `DidYouMean::SpellChecker#correct`.
fn correct(dictionary: &[&str], input: &str) -> Vec<String> {
    let norm_input = normalize(input);
    let threshold = if norm_input.len() > 3 { 0.834 } else { 0.77 };
    let mut words: Vec<&str> =
        dictionary.iter().copied().filter(|w| jaro_winkler(&normalize(w), &norm_input) >= threshold).collect();
    words.retain(|w| *w != input);
    // A stable sort by distance, then reversed: closest first, and equally
    // close words in reverse dictionary order.
    let keys: Vec<f64> = words.iter().map(|w| jaro_winkler(&w.chars().collect::<Vec<_>>(), &norm_input)).collect();
    let mut order: Vec<usize> = (0..words.len()).collect();
    order.sort_by(|a, b| keys[*a].partial_cmp(&keys[*b]).unwrap_or(std::cmp::Ordering::Equal));
    let words: Vec<&str> = order.into_iter().rev().map(|i| words[i]).collect();
    let limit = (norm_input.len() as f64 * 0.25).ceil() as usize;
    let corrections: Vec<String> =
        words.iter().filter(|c| levenshtein(&normalize(c), &norm_input) <= limit).map(|s| s.to_string()).collect();
    if !corrections.is_empty() {
        return corrections;
    }
    words
        .iter()
        .filter(|w| {
            let w = normalize(w);
            levenshtein(&w, &norm_input) < norm_input.len().min(w.len())
        })
        .take(1)
        .map(|s| s.to_string())
        .collect()
}

/// `DidYouMean::Jaro.distance`.
fn jaro(a: &[char], b: &[char]) -> f64 {
    let (s1, s2) = if a.len() > b.len() { (b, a) } else { (a, b) };
    let (l1, l2) = (s1.len(), s2.len());
    let range = (l2 / 2).saturating_sub(1);
    let mut flags1 = vec![false; l1];
    let mut flags2 = vec![false; l2];
    let mut m = 0.0;
    for i in 0..l1 {
        let last = i + range;
        let mut j = i.saturating_sub(range);
        while j <= last {
            if j < l2 && !flags2[j] && s1[i] == s2[j] {
                flags2[j] = true;
                flags1[i] = true;
                m += 1.0;
                break;
            }
            j += 1;
        }
    }
    let mut t = 0.0;
    let mut k = 0;
    for i in 0..l1 {
        if flags1[i] {
            let mut j = k;
            let mut index = k;
            while j < l2 {
                index = j;
                if flags2[j] {
                    k = j + 1;
                    break;
                }
                j += 1;
            }
            if s2.get(index) != Some(&s1[i]) {
                t += 1.0;
            }
        }
    }
    let t = (t / 2.0f64).floor();
    if m == 0.0 {
        0.0
    } else {
        (m / l1 as f64 + m / l2 as f64 + (m - t) / m) / 3.0
    }
}

/// `DidYouMean::JaroWinkler.distance` (the prefix bonus compares `a`'s
/// first characters with `b`'s, in that order).
fn jaro_winkler(a: &[char], b: &[char]) -> f64 {
    let d = jaro(a, b);
    if d <= 0.7 {
        return d;
    }
    let mut prefix = 0;
    for (i, c) in a.iter().enumerate() {
        if i < 4 && b.get(i) == Some(c) {
            prefix += 1;
        } else {
            break;
        }
    }
    d + prefix as f64 * 0.1 * (1.0 - d)
}

/// `DidYouMean::Levenshtein.distance`.
fn levenshtein(a: &[char], b: &[char]) -> usize {
    let (n, m) = (a.len(), b.len());
    if n == 0 {
        return m;
    }
    if m == 0 {
        return n;
    }
    let mut d: Vec<usize> = (0..=m).collect();
    let mut x = 0;
    for (i1, c1) in a.iter().enumerate() {
        let mut i = i1 + 1;
        for j in 0..m {
            let cost = usize::from(*c1 != b[j]);
            let (ins, del, sub) = (d[j + 1] + 1, i + 1, d[j] + cost);
            x = if ins < del && ins < sub {
                ins
            } else if del < sub {
                del
            } else {
                sub
            };
            d[j] = i;
            i = x;
        }
        d[m] = x;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruby_suggestions() {
        // Ruby 3.1 with Puppet loaded: `"x".map`, `1.to_a`, `[].lenght`.
        assert_eq!(method_suggestions("String", "map", false), vec!["tap"]);
        assert_eq!(method_suggestions("Integer", "to_a", false), vec!["to_c", "to_r", "to_f", "to_i", "to_s"]);
        assert_eq!(method_suggestions("Array", "lenght", false), vec!["length"]);
        assert!(method_suggestions("NilClass", "lenght", false).is_empty());
        assert_eq!(method_suggestions("Puppet::Parser::Scope", "function_no_such_function", false), vec!["function_notice"]);
        assert_eq!(message_for(&["a".into(), "b".into()]), "\nDid you mean?  a\n               b");
    }
}
