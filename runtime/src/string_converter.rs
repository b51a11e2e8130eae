//! `String(value, formats)`: a port of Puppet's `StringConverter`.
//!
//! A format map pairs types with formats; the first type (most specific
//! first) that the value's detailed type is assignable to picks the format.
//! Containers format their elements with their own `string_formats` (by
//! default everything `%p`, so strings inside arrays are quoted), and the `#`
//! flag pretty-prints with indentation. Scalars are formatted by Ruby's
//! `Kernel#format` rules (`string_format::ruby_format`).

use crate::display::{puppet_double_quote, puppet_quote, ruby_float_to_s, scalar_to_s};
use crate::error::{Error, Result};
use crate::string_format::ruby_format;
use crate::types::calc::{infer_set, is_assignable, try_is_assignable};
use crate::types::init::InitError;
use crate::types::format::type_to_string;
use crate::types::Type;
use crate::value::{guard_stack, Value};

/// One parsed format (`%<flags><width>.<prec><conversion>`) plus container
/// options.
#[derive(Clone, Debug)]
pub struct Format {
    orig: String,
    conv: char,
    left: bool,
    alt: bool,
    /// ' ' flag: no delimiters for containers.
    space: bool,
    width: Option<usize>,
    prec: Option<usize>,
    delimiters: Option<char>,
    separator: Option<String>,
    separator2: Option<String>,
    container_formats: Option<FormatMap>,
}

/// Types paired with formats, most specific first.
pub type FormatMap = Vec<(Type, Format)>;

impl Format {
    /// Parses a format string; the errors are Puppet's.
    pub fn parse(fmt: &str) -> Result<Format> {
        let bad = || {
            Error::argument(format!(
                "The format '{fmt}' is not a valid format on the form '%<flags><width>.<prec><format>'"
            ))
        };
        let cs: Vec<char> = fmt.chars().collect();
        if cs.first() != Some(&'%') {
            return Err(bad());
        }
        let mut i = 1;
        let mut flags = Vec::new();
        while i < cs.len() && matches!(cs[i], ' ' | '\t' | '[' | '+' | '#' | '0' | '{' | '<' | '(' | '|' | '-') {
            flags.push(cs[i]);
            i += 1;
        }
        let ws = i;
        if i < cs.len() && ('1'..='9').contains(&cs[i]) {
            while i < cs.len() && cs[i].is_ascii_digit() {
                i += 1;
            }
        }
        let width: Option<usize> = if i > ws { cs[ws..i].iter().collect::<String>().parse().ok() } else { None };
        let mut prec = None;
        if i < cs.len() && cs[i] == '.' {
            let ps = i + 1;
            i = ps;
            while i < cs.len() && cs[i].is_ascii_digit() {
                i += 1;
            }
            if i == ps {
                return Err(bad());
            }
            prec = cs[ps..i].iter().collect::<String>().parse().ok();
        }
        if i + 1 != cs.len() || !cs[i].is_ascii_alphabetic() {
            return Err(bad());
        }
        let mut seen = flags.clone();
        seen.sort();
        seen.dedup();
        if seen.len() != flags.len() {
            return Err(Error::argument(format!("The same flag can only be used once, got '{fmt}'")));
        }
        let delims: Vec<char> = flags.iter().copied().filter(|c| matches!(c, '[' | '{' | '(' | '<' | '|')).collect();
        if delims.len() > 1 {
            return Err(Error::argument(format!(
                "Only one of the delimiters [ {{ ( < | can be given in the format flags, got '{fmt}'"
            )));
        }
        Ok(Format {
            orig: fmt.to_string(),
            conv: cs[i],
            left: flags.contains(&'-'),
            alt: flags.contains(&'#'),
            space: flags.contains(&' '),
            width,
            prec,
            delimiters: delims.first().copied(),
            separator: None,
            separator2: None,
            container_formats: None,
        })
    }

    fn with_separators(mut self, sep: &str, sep2: &str, containers: FormatMap) -> Format {
        self.separator = Some(sep.into());
        self.separator2 = Some(sep2.into());
        self.container_formats = Some(containers);
        self
    }

    fn delimiter_pair(&self, default: (&'static str, &'static str)) -> (&'static str, &'static str) {
        match self.delimiters {
            Some('[') => ("[", "]"),
            Some('{') => ("{", "}"),
            Some('(') => ("(", ")"),
            Some('<') => ("<", ">"),
            Some('|') => ("|", "|"),
            _ if self.space => ("", ""),
            _ => default,
        }
    }

    /// `Format#merge`: the higher format's string with merged options.
    fn merge(&self, higher: &Format) -> std::result::Result<Format, InitError> {
        let mut r = higher.clone();
        r.separator = higher.separator.clone().or_else(|| self.separator.clone());
        r.separator2 = higher.separator2.clone().or_else(|| self.separator2.clone());
        r.container_formats = merge_maps(self.container_formats.as_ref(), higher.container_formats.as_ref())?;
        Ok(r)
    }
}

fn fmt(s: &str) -> Format {
    // The built-in formats are valid.
    Format::parse(s).unwrap_or(Format {
        orig: s.into(),
        conv: 's',
        left: false,
        alt: false,
        space: false,
        width: None,
        prec: None,
        delimiters: None,
        separator: None,
        separator2: None,
        container_formats: None,
    })
}

fn default_container_formats() -> FormatMap {
    vec![(Type::Any, fmt("%p"))]
}

/// Puppet's `DEFAULT_STRING_FORMATS`.
fn default_formats() -> FormatMap {
    vec![
        (Type::Object, fmt("%p")),
        (Type::float(None, None), fmt("%f")),
        (Type::Numeric, fmt("%d")),
        (Type::array(), fmt("%a").with_separators(", ", ", ", default_container_formats())),
        (Type::hash(), fmt("%h").with_separators(", ", " => ", default_container_formats())),
        (Type::Binary, fmt("%B")),
        (Type::Any, fmt("%s")),
    ]
}

fn type_rank(t: &Type) -> u8 {
    match t {
        Type::Struct(_) => 1,
        Type::Hash { .. } => 2,
        Type::Tuple { .. } => 3,
        Type::Array { .. } => 4,
        Type::Pattern(_) => 10,
        Type::Enum { .. } => 11,
        Type::String { .. } => 12,
        _ => 0,
    }
}

fn format_order(a: &Type, b: &Type) -> std::cmp::Ordering {
    use std::cmp::Ordering::*;
    if a == b {
        return Equal;
    }
    let ab = is_assignable(b, a);
    let ba = is_assignable(a, b);
    if ab && !ba {
        Less
    } else if !ab && ba {
        Greater
    } else {
        let (ra, rb) = (type_rank(a), type_rank(b));
        if ra == 0 || rb == 0 { type_to_string(a).cmp(&type_to_string(b)) } else { ra.cmp(&rb) }
    }
}

/// Sorts most specific first. Insertion sort: the order is not total in
/// general, and this never panics on that.
fn sort_formats(mut v: FormatMap) -> FormatMap {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && format_order(&v[j].0, &v[j - 1].0) == std::cmp::Ordering::Less {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
    v
}

/// Puppet's `merge_string_formats`: the entries of `higher`, and those of
/// `lower` that no other key of `higher` covers. Asking whether a key of
/// `higher` covers one of `lower` raises for an `Init` that cannot be
/// initialized (`String(1, {Init[Iterable] => '%x'})`).
fn merge_maps(
    lower: Option<&FormatMap>,
    higher: Option<&FormatMap>,
) -> std::result::Result<Option<FormatMap>, InitError> {
    let (lower, higher) = match (lower, higher) {
        (None, h) => return Ok(h.cloned()),
        (l, None) => return Ok(l.cloned()),
        (Some(l), Some(h)) => (l, h),
    };
    let mut kept: Vec<&(Type, Format)> = Vec::with_capacity(lower.len());
    'lower: for e in lower {
        for (hk, _) in higher {
            if *hk != e.0 && try_is_assignable(hk, &e.0)? {
                continue 'lower;
            }
        }
        kept.push(e);
    }
    let lower = kept;
    let mut keys: Vec<Type> = Vec::new();
    for (k, _) in lower.iter().map(|e| (&e.0, &e.1)).chain(higher.iter().map(|e| (&e.0, &e.1))) {
        if !keys.contains(k) {
            keys.push(k.clone());
        }
    }
    let mut merged = Vec::with_capacity(keys.len());
    for k in keys {
        let l = lower.iter().find(|(lk, _)| *lk == k).map(|e| &e.1);
        let h = higher.iter().find(|(hk, _)| *hk == k).map(|e| &e.1);
        let f = match (l, h) {
            (Some(l), Some(h)) => l.merge(h)?,
            (Some(l), None) => l.clone(),
            (None, Some(h)) => h.clone(),
            (None, None) => continue,
        };
        merged.push((k, f));
    }
    Ok(Some(sort_formats(merged)))
}

fn validate_map(v: &Value) -> Result<FormatMap> {
    let Value::Hash(h) = v else {
        return Err(Error::argument(format!(
            "expected a hash with type to format mappings, got instance of '{}'",
            crate::label::ruby_class(v)
        )));
    };
    let mut out = Vec::new();
    for (k, f) in h.iter() {
        let Value::Type(t) = k else {
            return Err(Error::argument(format!(
                "top level keys in the format hash must be data types, got instance of '{}'",
                crate::label::ruby_class(k)
            )));
        };
        let format = match f {
            Value::Hash(opts) => {
                let allowed = ["separator", "separator2", "format", "string_formats"];
                if opts.keys().any(|k| !k.as_str().is_some_and(|s| allowed.contains(&s))) {
                    return Err(Error::argument(format!(
                        "only 'separator', 'separator2', 'format', 'string_formats' are allowed in a container format, got {}",
                        crate::display::ruby_inspect(f)
                    )));
                }
                let get = |n: &str| opts.get(&Value::string(n));
                let mut format = Format::parse(get("format").and_then(|v| v.as_str()).unwrap_or(""))?;
                format.separator = get("separator").and_then(|v| v.as_str()).map(String::from);
                format.separator2 = get("separator2").and_then(|v| v.as_str()).map(String::from);
                format.container_formats = match get("string_formats") {
                    Some(sf) => Some(validate_map(sf)?),
                    None => None,
                };
                format
            }
            Value::String(s) => Format::parse(s)?,
            other => Format::parse(&crate::display::to_interpolated_string(other))?,
        };
        out.push(((**t).clone(), format));
    }
    Ok(out)
}

#[derive(Clone, Copy)]
struct Indentation {
    level: usize,
    first: bool,
    indenting: bool,
}

impl Indentation {
    fn subsequent(self) -> Indentation {
        Indentation { first: false, ..self }
    }
    fn indenting(self, flag: bool) -> Indentation {
        Indentation { indenting: flag, ..self }
    }
    fn increase(self, flag: bool) -> Indentation {
        Indentation { level: self.level + 1, first: true, indenting: flag }
    }
    fn breaks(self) -> bool {
        self.indenting && self.level > 0 && !self.first
    }
    fn padding(self) -> String {
        " ".repeat(2 * self.level)
    }
}

const FMT_PATTERN: &str = r"/^%([\s\[+#0{<(|-]*)([1-9][0-9]*)?(?:\.([0-9]+))?([a-zA-Z])$/";

/// The signature check of Puppet's `new_string` function on its second
/// argument, with Puppet's message when it fails.
fn check_formats_signature(v: &Value) -> Result<()> {
    fn is_format(v: &Value) -> bool {
        v.as_str().is_some_and(|s| Format::parse(s).is_ok())
    }
    fn is_type_map(v: &Value, allow_containers: bool) -> bool {
        let Value::Hash(h) = v else { return false };
        h.iter().all(|(k, f)| {
            matches!(k, Value::Type(_))
                && (is_format(f)
                    || (allow_containers
                        && matches!(f, Value::Hash(opts) if opts.iter().all(|(ok, ov)| match ok.as_str() {
                            Some("format") => is_format(ov),
                            Some("separator") | Some("separator2") => matches!(ov, Value::String(_)),
                            Some("string_formats") => is_type_map(ov, false),
                            _ => false,
                        }))))
        })
    }
    let ok = match v {
        Value::Default => true,
        Value::String(s) => !s.is_empty(),
        Value::Hash(_) => is_type_map(v, true),
        _ => false,
    };
    if ok {
        return Ok(());
    }
    let f = format!("Format = Pattern[{FMT_PATTERN}]");
    let got = type_to_string(&crate::types::calc::infer_generalized(v));
    let got = got.split('[').next().unwrap_or("").to_string();
    Err(Error::argument(format!(
        "'new_string' parameter 'string_formats' expects a Formats = Variant[Default, String[1], TypeMap = Hash[Type, Variant[{f}, ContainerFormat = Struct[{{Optional['format'] => {f}, Optional['separator'] => String, Optional['separator2'] => String, Optional['string_formats'] => Hash[Type, {f}]}}]]]] value, got {got}"
    )))
}

/// `String(value)` / `String(value, formats)` where `formats` is `default`, a
/// format string for the value's type, or a hash of types to formats.
pub fn convert(value: &Value, formats: Option<&Value>) -> Result<String> {
    if let Some(f) = formats {
        check_formats_signature(f)?;
    }
    // `String($s, '%p')` (the catalog's `%p` of every parameter name): the
    // quoted string, as the general path below gives it (no flags, width
    // or precision to apply).
    if let (Value::String(v), Some(Value::String(s))) = (value, formats)
        && s.as_str() == "%p"
    {
        return Ok(puppet_quote(v));
    }
    let value_type = infer_set(value);
    // A String with another format string: the user's entry, keyed by the value's
    // own type, is the first the merged map would find for it (the only
    // default that matches a String is `Any`, which sorts after it), and a
    // String's conversion looks up nothing else: no need to build the map.
    if let (Value::String(_), Some(Value::String(s))) = (value, formats) {
        let user = vec![(value_type.clone(), Format::parse(s)?)];
        return conv(&value_type, value, &user, Indentation { level: 0, first: true, indenting: false });
    }
    let user: Option<FormatMap> = match formats {
        None | Some(Value::Default) => None,
        Some(Value::String(s)) => {
            let key = if is_assignable(&Type::array(), &value_type) {
                Type::array()
            } else if is_assignable(&Type::hash(), &value_type) {
                Type::hash()
            } else {
                value_type.clone()
            };
            Some(vec![(key, Format::parse(s)?)])
        }
        Some(h @ Value::Hash(_)) => Some(validate_map(h)?),
        Some(other) => {
            return Err(Error::argument(format!(
                "string conversion expects a Default value or a Hash of type to format mappings, got a '{}'",
                crate::label::ruby_class(other)
            )));
        }
    };
    let map = match user {
        None => default_formats(),
        Some(u) => merge_maps(Some(&default_formats()), Some(&u))?.unwrap_or_default(),
    };
    conv(&value_type, value, &map, Indentation { level: 0, first: true, indenting: false })
}

fn get_format(t: &Type, map: &FormatMap) -> Format {
    map.iter().find(|(k, _)| is_assignable(k, t)).map(|(_, f)| f.clone()).unwrap_or_else(|| fmt("%s"))
}

#[cold]
fn illegal(f: &Format, tname: &str, expected: &str) -> Error {
    Error::argument(format!(
        "Illegal format '{}' specified for value of {} type - expected one of the characters '{}'",
        f.conv, tname, expected
    ))
}

/// `apply_string_flags`: width, precision and `-` applied with `%s`.
fn flags(f: &Format, s: &str) -> Result<String> {
    if f.left || f.width.is_some() || f.prec.is_some() {
        let mut spec = String::from("%");
        if f.left {
            spec.push('-');
        }
        if let Some(w) = f.width {
            spec.push_str(&w.to_string());
        }
        if let Some(p) = f.prec {
            spec.push('.');
            spec.push_str(&p.to_string());
        }
        spec.push('s');
        ruby_format(&spec, &Value::string(s))
    } else {
        Ok(s.to_string())
    }
}

fn is_container(t: &Type) -> bool {
    matches!(t, Type::Array { .. } | Type::Hash { .. } | Type::Struct(_) | Type::Tuple { .. } | Type::Object)
}

fn conv(t: &Type, v: &Value, map: &FormatMap, ind: Indentation) -> Result<String> {
    guard_stack(|| conv_inner(t, v, map, ind))
}

fn conv_inner(t: &Type, v: &Value, map: &FormatMap, ind: Indentation) -> Result<String> {
    let f = get_format(t, map);
    match v {
        Value::Undef => flags(
            &f,
            match f.conv {
                'n' => if f.alt { "null" } else { "nil" },
                'u' => if f.alt { "undefined" } else { "undef" },
                'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => "NaN",
                'v' => "n/a",
                'V' => "N/A",
                's' => if f.alt { "\"\"" } else { "" },
                'p' => if f.alt { "\"undef\"" } else { "undef" },
                _ => return Err(illegal(&f, "Undef", "nudxXobBeEfgGaAvVsp")),
            },
        ),
        Value::Default => flags(
            &f,
            match f.conv {
                'd' | 's' | 'p' => if f.alt { "\"default\"" } else { "default" },
                'D' => if f.alt { "\"Default\"" } else { "Default" },
                _ => return Err(illegal(&f, "Default", "dDsp")),
            },
        ),
        Value::Boolean(b) => {
            let pick = |s: &str| if f.alt { s[..1].to_string() } else { s.to_string() };
            match f.conv {
                't' => flags(&f, &pick(if *b { "true" } else { "false" })),
                'T' => flags(&f, &pick(if *b { "True" } else { "False" })),
                'y' => flags(&f, &pick(if *b { "yes" } else { "no" })),
                'Y' => flags(&f, &pick(if *b { "Yes" } else { "No" })),
                'd' | 'x' | 'X' | 'o' | 'b' | 'B' => {
                    let n = Value::Integer(*b as i64);
                    conv(&infer_set(&n), &n, &vec![(Type::integer(None, None), f.clone())], ind)
                }
                'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => {
                    let n = Value::Float(if *b { 1.0 } else { 0.0 });
                    conv(&infer_set(&n), &n, &vec![(Type::float(None, None), f.clone())], ind)
                }
                's' | 'p' => flags(&f, if *b { "true" } else { "false" }),
                _ => Err(illegal(&f, "Boolean", "tTyYdxXobBeEfgGaAsp")),
            }
        }
        Value::Integer(i) => match f.conv {
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'p' => ruby_format(&f.orig, v),
            'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => ruby_format(&f.orig, &Value::Float(*i as f64)),
            'c' => {
                let ch = u32::try_from(*i)
                    .ok()
                    .and_then(char::from_u32)
                    .map(String::from)
                    .ok_or_else(|| Error::argument("pack(U): value out of range"))?;
                let ch = if f.alt { format!("\"{ch}\"") } else { ch };
                ruby_format(&f.orig.replace('c', "s"), &Value::string(ch))
            }
            's' => {
                let s = i.to_string();
                ruby_format(&f.orig.replace('s', if f.alt { "p" } else { "s" }), &Value::string(s))
            }
            _ => Err(illegal(&f, "Integer", "dxXobBeEfgGaAspc")),
        },
        Value::Float(x) => match f.conv {
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' => ruby_format(&f.orig, &Value::Integer(x.trunc() as i64)),
            'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' | 'p' => ruby_format(&f.orig, v),
            's' => {
                let s = ruby_float_to_s(*x);
                let s = if f.alt { format!("\"{s}\"") } else { s };
                ruby_format(&f.orig, &Value::string(s))
            }
            _ => Err(illegal(&f, "Float", "dxXobBeEfgGaAsp")),
        },
        Value::String(s) => {
            let alt_or = |x: String, letter: char| -> Result<String> {
                if f.alt {
                    flags(&f, &puppet_quote(&x))
                } else {
                    ruby_format(&f.orig.replace(letter, "s"), &Value::string(x))
                }
            };
            match f.conv {
                's' => ruby_format(&f.orig, v),
                'p' => flags(&f, &if f.alt { puppet_double_quote(s) } else { puppet_quote(s) }),
                'c' => alt_or(capitalize(s), 'c'),
                'C' => alt_or(s.split("::").map(capitalize).collect::<Vec<_>>().join("::"), 'C'),
                'u' => alt_or(s.to_uppercase(), 'u'),
                'd' => alt_or(s.to_lowercase(), 'd'),
                't' => alt_or(s.trim().to_string(), 't'),
                _ => Err(illegal(&f, "String", "cCudspt")),
            }
        }
        Value::Regexp(r) => match f.conv {
            'p' => {
                let d = r.to_delimited();
                if f.orig == "%p" { Ok(d) } else { ruby_format(&f.orig.replace('p', "s"), &Value::string(d)) }
            }
            's' => {
                let s = if f.alt { puppet_quote(r.source()) } else { r.source().to_string() };
                if f.orig == "%s" { Ok(s) } else { ruby_format(&f.orig, &Value::string(s)) }
            }
            _ => Err(illegal(&f, "Regexp", "sp")),
        },
        Value::Type(ty) => match f.conv {
            's' => {
                // `%s` is the type's `to_s` (aliases and Object types expanded).
                let shown = crate::display::type_display(ty);
                let s = if f.alt { format!("\"{shown}\"") } else { shown };
                ruby_format(&f.orig, &Value::string(s))
            }
            // `%p` is the same `to_s` (`A = Integer` for an alias).
            'p' => ruby_format(&f.orig.replace('p', "s"), &Value::string(crate::display::type_display(ty))),
            _ => Err(illegal(&f, "Type", "sp")),
        },
        Value::Binary(b) => {
            let sub = if f.alt { "p" } else { "s" };
            let b64 = scalar_to_s(v);
            match f.conv {
                's' => ruby_format(&f.orig.replace('s', sub), &Value::string(String::from_utf8_lossy(b).into_owned())),
                'p' => Ok(format!("Binary(\"{}\")", ruby_format(&f.orig.replace('p', "s"), &Value::string(b64))?)),
                'b' => ruby_format(&f.orig.replace('b', sub), &Value::string(crate::display::base64_encode_lines(b))),
                'B' => ruby_format(&f.orig.replace('B', sub), &Value::string(b64)),
                'u' => ruby_format(
                    &f.orig.replace('u', sub),
                    &Value::string(b64.replace('+', "-").replace('/', "_")),
                ),
                't' => ruby_format(&f.orig.replace('t', sub), &Value::string("Binary")),
                'T' => ruby_format(&f.orig.replace('T', sub), &Value::string("BINARY")),
                _ => Err(illegal(&f, "Binary", "bButTsp")),
            }
        }
        Value::Array(a) => array(&f, a, map, ind),
        Value::Iterator(it) => {
            let arr = Value::array(it.elements.clone());
            conv(&infer_set(&arr), &arr, map, ind)
        }
        Value::Hash(h) => {
            let sep0 = f.separator.clone().unwrap_or_else(|| ", ".into());
            let assoc = f.separator2.clone().unwrap_or_else(|| " => ".into());
            let string_formats = f.container_formats.clone().unwrap_or_else(default_container_formats);
            let (open, close) = f.delimiter_pair(("{", "}"));
            let sep = if f.alt {
                let s = if sep0.ends_with('\n') { sep0.clone() } else { sep0.trim_end().to_string() };
                format!("{s}\n")
            } else {
                sep0.clone()
            };
            match f.conv {
                'a' => {
                    let pairs = Value::array(h.iter().map(|(k, e)| Value::array(vec![k.clone(), e.clone()])).collect());
                    conv(&infer_set(&pairs), &pairs, map, ind)
                }
                'h' | 's' | 'p' => {
                    let ind = ind.indenting(f.alt || ind.indenting);
                    let mut buf = String::new();
                    if ind.breaks() {
                        buf.push('\n');
                        buf.push_str(&ind.padding());
                    }
                    let children = ind.increase(false);
                    let (cond_break, padding) = if f.alt { ("\n", children.padding()) } else { ("", String::new()) };
                    buf.push_str(open);
                    buf.push_str(cond_break);
                    let mut parts = Vec::with_capacity(h.len());
                    for (k, e) in h.iter() {
                        let kt = infer_set(k);
                        let et = infer_set(e);
                        let ks = conv(&kt, k, if is_container(&kt) { map } else { &string_formats }, children)?;
                        let es = conv(&et, e, if is_container(&et) { map } else { &string_formats }, children)?;
                        parts.push(format!("{padding}{ks}{assoc}{es}"));
                    }
                    buf.push_str(&parts.join(&sep));
                    if f.alt {
                        buf.push_str(cond_break);
                        buf.push_str(&ind.padding());
                    }
                    buf.push_str(close);
                    Ok(buf)
                }
                _ => Err(illegal(&f, "Hash", "hasp")),
            }
        }
        // Scalars without a converter of their own (Timespan, Timestamp,
        // SemVer, Sensitive, URI ...): Kernel#format with the object itself,
        // so Timespan/Timestamp (Ruby Numerics) format as numbers.
        other => {
            let numeric_int = matches!(f.conv, 'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'b' | 'B' | 'c');
            let numeric_float = matches!(f.conv, 'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A');
            let as_number = match other {
                Value::Timespan(t) => Some((t.to_i(), t.to_f())),
                Value::Timestamp(t) => Some((t.to_i(), t.to_f())),
                _ => None,
            };
            let class = match other {
                Value::SemVer(_) => Some("SemanticPuppet::Version"),
                Value::Sensitive(_) => Some("Puppet::Pops::Types::PSensitiveType::Sensitive"),
                _ => None,
            };
            if let Some(d) = f.delimiters {
                // Kernel#format does not know Puppet's delimiter flags.
                return Err(Error::argument(format!("malformed format string - %{d}")));
            }
            match (f.conv, as_number, class) {
                ('p', _, _) => ruby_format(&f.orig.replace('p', "s"), &Value::string(p_form(other))),
                (_, Some((i, _)), _) if numeric_int => ruby_format(&f.orig, &Value::Integer(i)),
                (_, Some((_, x)), _) if numeric_float => ruby_format(&f.orig, &Value::Float(x)),
                ('c', None, Some(c)) => Err(Error::argument(format!("no implicit conversion of {c} into Integer"))),
                (_, None, Some(c)) if numeric_int => Err(Error::argument(format!("can't convert {c} into Integer"))),
                (_, None, Some(c)) if numeric_float => Err(Error::argument(format!("can't convert {c} into Float"))),
                _ => ruby_format(&f.orig, &Value::string(scalar_to_s(other))),
            }
        }
    }
}

/// How `%p` (Ruby `inspect`) shows values without a Puppet converter.
fn p_form(v: &Value) -> String {
    match v {
        Value::Sensitive(_) => "#<Sensitive [value redacted]>".into(),
        // Version#inspect is its string form.
        Value::SemVer(s) => s.to_string(),
        // Puppet prints the Ruby object here; pjit prints the quoted string
        // form (see docs/puppet-differences.md).
        other => crate::display::to_string_in_type(other),
    }
}

fn is_a_or_h(v: &Value) -> bool {
    matches!(v, Value::Array(_) | Value::Hash(_))
}

fn array(f: &Format, a: &[Value], map: &FormatMap, ind: Indentation) -> Result<String> {
    let sep = f.separator.clone().unwrap_or_else(|| ", ".into());
    let string_formats = f.container_formats.clone().unwrap_or_else(default_container_formats);
    let (open, close) = f.delimiter_pair(("[", "]"));
    let ind = ind.indenting(f.alt || ind.indenting);
    if !matches!(f.conv, 'a' | 's' | 'p') {
        return Err(illegal(f, "Array", "asp"));
    }
    let mut buf = String::new();
    if ind.breaks() {
        buf.push('\n');
        buf.push_str(&ind.padding());
    }
    buf.push_str(open);
    let mut children = ind.increase(f.alt);
    let mut mapped = Vec::with_capacity(a.len());
    for e in a {
        if children.first {
            children = children.subsequent();
        }
        let et = infer_set(e);
        mapped.push(conv(&et, e, if is_container(&et) { map } else { &string_formats }, children)?);
    }
    let sz_break = match (f.alt, f.width) {
        (true, Some(w)) => {
            let mut widest = vec![0usize];
            for (i, e) in a.iter().enumerate() {
                if is_a_or_h(e) {
                    widest.push(0);
                } else if let Some(last) = widest.last_mut() {
                    *last += mapped[i].chars().count();
                }
            }
            widest.into_iter().max().unwrap_or(0) > w
        }
        _ => false,
    };
    let mut children = ind.increase(f.alt);
    for (i, e) in a.iter().enumerate() {
        let s = &mapped[i];
        if children.first {
            children = children.subsequent();
            if sz_break && !is_a_or_h(e) {
                buf.push(' ');
            }
        } else {
            buf.push_str(&sep);
            if (sz_break && !is_a_or_h(e)) || (f.alt && i > 0 && is_a_or_h(&a[i - 1]) && !is_a_or_h(e)) {
                if !buf.ends_with('\n') {
                    let t = buf.trim_end().len();
                    buf.truncate(t);
                }
                buf.push('\n');
                buf.push_str(&children.padding());
            }
        }
        if buf.ends_with(' ') && s.starts_with('\n') {
            let t = buf.trim_end().len();
            buf.truncate(t);
        }
        buf.push_str(s);
    }
    buf.push_str(close);
    Ok(buf)
}

fn capitalize(s: &str) -> String {
    let mut cs = s.chars();
    match cs.next() {
        Some(f) => f.to_uppercase().chain(cs.flat_map(|c| c.to_lowercase())).collect(),
        None => String::new(),
    }
}
