//! URIs as Puppet's `URI` values are: Ruby's `URI` objects (RFC 3986,
//! `URI::RFC3986_Parser` with its own regular expressions, run here by
//! Oniguruma as Ruby runs them), with Ruby's component rules: the scheme is
//! kept lower-case, the host as written, a missing port is the scheme's
//! default (`http` 80 ...) and is left out when printed, a URI with a
//! scheme and a path that does not start with `/` is *opaque*
//! (`mailto:a@b.c`). `==` compares normalized components (empty path as
//! `/`, host lower-case), `+` is `URI#merge` (RFC 3986 reference
//! resolution, with Ruby's dot-segment handling), `URI({...})` is
//! `URI::Generic.build` with its component checks and messages.

use std::sync::{Arc, OnceLock};

use crate::error::{Error, Result};
use crate::value::Value;

/// A parsed URI.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Uri {
    pub scheme: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    /// The port as given, else the scheme's default.
    pub port: Option<u64>,
    /// `None` for an opaque URI.
    pub path: Option<String>,
    pub query: Option<String>,
    pub fragment: Option<String>,
    pub opaque: Option<String>,
}

/// The default port of Ruby's URI classes by scheme.
fn default_port(scheme: Option<&str>) -> Option<u64> {
    match scheme? {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        "ldap" => Some(389),
        "ldaps" => Some(636),
        _ => None,
    }
}

/// Ruby's URI class name for a scheme (it decides `==` between URIs).
fn class_of(scheme: Option<&str>) -> &'static str {
    match scheme.map(str::to_ascii_uppercase).as_deref() {
        Some("HTTP") => "HTTP",
        Some("HTTPS") => "HTTPS",
        Some("FTP") => "FTP",
        Some("LDAP") => "LDAP",
        Some("LDAPS") => "LDAPS",
        Some("MAILTO") => "MailTo",
        Some("FILE") => "File",
        Some("WS") => "WS",
        Some("WSS") => "WSS",
        _ => "Generic",
    }
}

const IPV6: &str = r"(?:\h{1,4}:){6}(?<ls32>\h{1,4}:\h{1,4}|(?<IPv4address>(?<dec-octet>[1-9]\d|1\d{2}|2[0-4]\d|25[0-5]|\d)\.\g<dec-octet>\.\g<dec-octet>\.\g<dec-octet>))|::(?:\h{1,4}:){5}\g<ls32>|\h{1,4}?::(?:\h{1,4}:){4}\g<ls32>|(?:(?:\h{1,4}:)?\h{1,4})?::(?:\h{1,4}:){3}\g<ls32>|(?:(?:\h{1,4}:){,2}\h{1,4})?::(?:\h{1,4}:){2}\g<ls32>|(?:(?:\h{1,4}:){,3}\h{1,4})?::\h{1,4}:\g<ls32>|(?:(?:\h{1,4}:){,4}\h{1,4})?::\g<ls32>|(?:(?:\h{1,4}:){,5}\h{1,4})?::\h{1,4}|(?:(?:\h{1,4}:){,6}\h{1,4})?::";

fn authority_and_paths(rootless: &str) -> String {
    format!(
        r"\/\/(?<authority>(?:(?<userinfo>(?:%\h\h|[!$&-.0-;=A-Z_a-z~])*)@)?(?<host>(?<IP-literal>\[(?:(?<IPv6address>{IPV6})|(?<IPvFuture>v\h+\.[!$&-.0-;=A-Z_a-z~]+))\])|\g<IPv4address>|(?<reg-name>(?:%\h\h|[!$&-.0-9;=A-Z_a-z~])+))?(?::(?<port>\d*))?)(?<path-abempty>(?:\/(?<segment>(?:%\h\h|[!$&-.0-;=@-Z_a-z~])*))*)|(?<path-absolute>\/(?:(?<segment-nz>(?:%\h\h|[!$&-.0-;=@-Z_a-z~])+)(?:\/\g<segment>)*)?)|{rootless}|(?<path-empty>)"
    )
}

struct Parser {
    absolute: onig::Regex,
    relative: onig::Regex,
}

fn parser() -> &'static Parser {
    static P: OnceLock<Parser> = OnceLock::new();
    P.get_or_init(|| {
        let tail = r"(?:\?(?<query>[^#]*))?(?:\#(?<fragment>(?:%\h\h|[!$&-.0-;=@-Z_a-z~\/?])*))?";
        let absolute = format!(
            r"\A(?<scheme>[A-Za-z][+\-.0-9A-Za-z]*):(?:{}){tail}\z",
            authority_and_paths(r"(?<path-rootless>\g<segment-nz>(?:\/\g<segment>)*)")
        );
        let relative = format!(
            r"\A(?:{}){tail}\z",
            authority_and_paths(r"(?<path-noscheme>(?<segment-nz-nc>(?:%\h\h|[!$&-.0-9;=@-Z_a-z~])+)(?:\/\g<segment>)*)")
        );
        let compile = |p: &str| {
            crate::regex::ruby_regex(p, onig::RegexOptions::REGEX_OPTION_NONE)
                .expect("Ruby's URI regular expressions compile")
        };
        Parser { absolute: compile(&absolute), relative: compile(&relative) }
    })
}

fn group<'t>(re: &onig::Regex, caps: &onig::Captures<'t>, name: &str) -> Option<&'t str> {
    let mut found = None;
    re.foreach_name(|n, idx| {
        if n == name {
            found = idx.iter().find_map(|&i| caps.at(i as usize));
            return false;
        }
        true
    });
    found
}

/// Ruby's `String#dump`: non-ASCII characters as `\uXXXX`.
fn ruby_dump(s: &str) -> String {
    let inspected = crate::display::ruby_inspect(&Value::string(s));
    let mut out = String::with_capacity(inspected.len());
    for c in inspected.chars() {
        if c.is_ascii() {
            out.push(c);
        } else if (c as u32) <= 0xFFFF {
            out.push_str(&format!("\\u{:04X}", c as u32));
        } else {
            out.push_str(&format!("\\u{{{:X}}}", c as u32));
        }
    }
    out
}

fn bad_uri(s: &str) -> Error {
    Error::argument(format!("bad URI(is not URI?): {}", crate::display::ruby_inspect(&Value::string(s))))
}

impl Uri {
    /// `URI.parse(text)` (Ruby's RFC 3986 parser).
    pub fn parse(text: &str) -> Result<Uri> {
        if !text.is_ascii() {
            return Err(Error::argument(format!("URI must be ascii only {}", ruby_dump(text))));
        }
        let p = parser();
        if let Some(c) = p.absolute.captures(text) {
            let g = |n: &str| group(&p.absolute, &c, n).map(str::to_string);
            let scheme = g("scheme").map(|s| s.to_ascii_lowercase());
            let query = g("query");
            if let Some(mut opaque) = g("path-rootless") {
                if let Some(q) = query {
                    opaque.push('?');
                    opaque.push_str(&q);
                }
                return Ok(Uri { scheme, opaque: Some(opaque), fragment: g("fragment"), ..Uri::empty() });
            }
            let path = g("path-abempty").or_else(|| g("path-absolute")).or_else(|| g("path-empty"));
            let port = g("port").filter(|p| !p.is_empty()).and_then(|p| p.parse().ok());
            let port = port.or_else(|| default_port(scheme.as_deref()));
            return Ok(Uri { scheme, userinfo: g("userinfo"), host: g("host"), port, path, query, fragment: g("fragment"), opaque: None });
        }
        if let Some(c) = p.relative.captures(text) {
            let g = |n: &str| group(&p.relative, &c, n).map(str::to_string);
            let path = g("path-abempty").or_else(|| g("path-absolute")).or_else(|| g("path-noscheme")).or_else(|| g("path-empty"));
            let port = g("port").filter(|p| !p.is_empty()).and_then(|p| p.parse().ok());
            return Ok(Uri {
                scheme: None,
                userinfo: g("userinfo"),
                host: g("host"),
                port,
                path,
                query: g("query"),
                fragment: g("fragment"),
                opaque: None,
            });
        }
        Err(bad_uri(text))
    }

    fn empty() -> Uri {
        Uri { scheme: None, userinfo: None, host: None, port: None, path: None, query: None, fragment: None, opaque: None }
    }

    /// `URI::Generic.build` (or the scheme's class) from an init hash
    /// (`scheme`, `userinfo`, `host`, `port`, `path`, `query`, `fragment`,
    /// `opaque`), with Ruby's component checks.
    pub fn build(h: &crate::value::HashMapV) -> Result<Uri> {
        let get = |k: &str| h.get(&crate::value::StrKey(k)).and_then(|v| v.as_str().map(str::to_string));
        let scheme = get("scheme");
        let bad = |what: &str, v: &str| Error::argument(format!("bad component(expected {what} component): {v}"));
        let check = |what: &str, v: &Option<String>, re: &str| -> Result<()> {
            if let Some(v) = v {
                let ok = crate::regex::ruby_regex(re, onig::RegexOptions::REGEX_OPTION_NONE)
                    .map(|r| r.is_match(v))
                    .unwrap_or(false);
                if !ok {
                    return Err(bad(what, v));
                }
            }
            Ok(())
        };
        check("scheme", &scheme, r"\A[A-Za-z][A-Za-z0-9+\-.]*\z")?;
        let userinfo = get("userinfo");
        check("userinfo", &userinfo, r"\A(?:%\h\h|[!$&-.0-;=A-Z_a-z~])*\z")?;
        let host = get("host");
        let path = get("path");
        let opaque = get("opaque");
        let query = get("query");
        let fragment = get("fragment");
        check("query", &query, r"\A(?:%\h\h|[!$&-.0-;=@-Z_a-z~\/?])*\z")?;
        check("fragment", &fragment, r"\A(?:%\h\h|[!$&-.0-;=@-Z_a-z~\/?])*\z")?;
        let class = class_of(scheme.as_deref());
        if class == "MailTo" {
            // `URI::MailTo.build` makes the opaque part from `to` and
            // `headers`, which a Puppet init hash cannot give.
            return Err(bad("opaque", ""));
        }
        if let Some(o) = &opaque {
            if path.is_some() || host.is_some() {
                return Err(Error::argument("can not set opaque with host or path"));
            }
            check("opaque", &opaque, r"\A(?:[^\/].*)?\z")?;
            let _ = o;
        }
        if let Some(p) = &path
            && host.is_some()
            && !p.is_empty()
            && !p.starts_with('/')
        {
            return Err(bad("absolute path", p));
        }
        let port = match h.get(&crate::value::StrKey("port")) {
            Some(Value::Integer(p)) => Some(*p as u64),
            _ => default_port(scheme.as_deref().map(str::to_ascii_lowercase).as_deref()),
        };
        Ok(Uri {
            scheme: scheme.map(|s| s.to_ascii_lowercase()),
            userinfo,
            host,
            port,
            path: if opaque.is_some() { None } else { Some(path.unwrap_or_default()) },
            query,
            fragment,
            opaque,
        })
    }

    /// Ruby's `URI#to_s`.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        if let Some(sc) = &self.scheme {
            s.push_str(sc);
            s.push(':');
        }
        if let Some(o) = &self.opaque {
            s.push_str(o);
        } else {
            if self.host.is_some() || matches!(self.scheme.as_deref(), Some("file" | "postgres")) {
                s.push_str("//");
            }
            if let Some(u) = &self.userinfo {
                s.push_str(u);
                s.push('@');
            }
            if let Some(h) = &self.host {
                s.push_str(h);
            }
            if let Some(p) = self.port
                && Some(p) != default_port(self.scheme.as_deref())
            {
                s.push(':');
                s.push_str(&p.to_string());
            }
            s.push_str(self.path.as_deref().unwrap_or(""));
            if let Some(q) = &self.query {
                s.push('?');
                s.push_str(q);
            }
        }
        if let Some(f) = &self.fragment {
            s.push('#');
            s.push_str(f);
        }
        s
    }

    fn normalized(&self) -> Uri {
        let mut u = self.clone();
        if u.path.as_deref() == Some("") {
            u.path = Some("/".into());
        }
        u.host = u.host.map(|h| h.to_ascii_lowercase());
        u
    }

    /// Ruby's `URI#==`: the same class and equal normalized components.
    pub fn equals(&self, o: &Uri) -> bool {
        class_of(self.scheme.as_deref()) == class_of(o.scheme.as_deref()) && self.normalized() == o.normalized()
    }

    /// `URI#merge` (what `uri + other` is).
    pub fn merge(&self, rel: &Uri) -> Result<Uri> {
        if rel.scheme.is_some() {
            return Ok(rel.clone());
        }
        if self.scheme.is_none() {
            return Err(Error::argument("both URI are relative"));
        }
        let mut base = self.clone();
        let authority = rel.userinfo.is_some() || rel.host.is_some() || rel.port.is_some();
        if rel.path.as_deref().is_none_or(str::is_empty) && !authority && rel.query.is_none() {
            if rel.fragment.is_some() {
                base.fragment = rel.fragment.clone();
            }
            return Ok(base);
        }
        base.query = None;
        base.fragment = None;
        if !authority {
            if let (Some(bp), Some(rp)) = (&base.path, &rel.path) {
                base.path = Some(merge_path(bp, rp));
            }
        } else if rel.path.is_some() {
            base.path = rel.path.clone();
        }
        if rel.userinfo.is_some() {
            base.userinfo = rel.userinfo.clone();
        }
        if rel.host.is_some() {
            base.host = rel.host.clone();
        }
        if rel.port.is_some() {
            base.port = rel.port;
        }
        if rel.query.is_some() {
            base.query = rel.query.clone();
        }
        if rel.fragment.is_some() {
            base.fragment = rel.fragment.clone();
        }
        Ok(base)
    }

    /// Puppet's `uri_to_hash`: what a URI type made from this URI (or the
    /// type of this URI) holds; `None` when empty.
    pub fn to_param_hash(&self) -> Option<Value> {
        let mut e: Vec<(Value, Value)> = Vec::new();
        let mut put = |k: &str, v: String| e.push((Value::string(k), Value::string(v)));
        if let Some(s) = &self.scheme {
            put("scheme", s.to_ascii_lowercase());
        }
        if let Some(u) = &self.userinfo {
            put("userinfo", u.clone());
        }
        if let Some(h) = self.host.as_ref().filter(|h| !h.is_empty()) {
            put("host", h.to_ascii_lowercase());
        }
        let scheme = self.scheme.as_deref();
        if let Some(p) = self.port
            && !(p == 80 && scheme == Some("http") || p == 443 && scheme == Some("https"))
        {
            put("port", p.to_string());
        }
        if let Some(p) = self.path.as_ref().filter(|p| !p.is_empty()) {
            put("path", p.clone());
        }
        if let Some(q) = &self.query {
            put("query", q.clone());
        }
        if let Some(f) = &self.fragment {
            put("fragment", f.clone());
        }
        if let Some(o) = &self.opaque {
            put("opaque", o.clone());
        }
        if e.is_empty() { None } else { Some(Value::hash(e)) }
    }

    /// A member of a URI (`$uri.host`), as Puppet's `URI` type offers them.
    pub fn member(&self, name: &str) -> Option<Value> {
        let s = |v: &Option<String>| v.as_ref().map(|x| Value::string(x.as_str())).unwrap_or(Value::Undef);
        Some(match name {
            "scheme" => s(&self.scheme),
            "userinfo" => s(&self.userinfo),
            "host" => s(&self.host),
            "port" => self.port.map(|p| Value::Integer(p as i64)).unwrap_or(Value::Undef),
            "path" => s(&self.path),
            "query" => s(&self.query),
            "fragment" => s(&self.fragment),
            "opaque" => s(&self.opaque),
            _ => return None,
        })
    }
}

fn merge_path(base: &str, rel: &str) -> String {
    let split = |p: &str| -> Vec<String> {
        // Ruby's `split("/", -1)` (an empty string gives no elements).
        if p.is_empty() { vec![] } else { p.split('/').map(str::to_string).collect() }
    };
    let mut base_path = split(base);
    let mut rel_path = split(rel);
    if base_path.last().map(String::as_str) == Some("..") {
        base_path.push(String::new());
    }
    while let Some(i) = base_path.iter().position(|x| x == "..") {
        if i == 0 {
            base_path.remove(0);
        } else {
            base_path.drain(i - 1..=i);
        }
    }
    if rel_path.first().is_some_and(String::is_empty) {
        base_path.clear();
        rel_path.remove(0);
    }
    if matches!(rel_path.last().map(String::as_str), Some(".") | Some("..")) {
        rel_path.push(String::new());
    }
    rel_path.retain(|x| x != ".");
    let mut tmp: Vec<String> = Vec::new();
    for x in rel_path {
        if x == ".." && !(tmp.is_empty() || tmp.last().map(String::as_str) == Some("..")) {
            tmp.pop();
        } else {
            tmp.push(x);
        }
    }
    let mut add_trailer_slash = !tmp.is_empty();
    if base_path.is_empty() {
        base_path = vec![String::new()];
    } else if add_trailer_slash {
        base_path.pop();
    }
    let mut rest = tmp.into_iter();
    while let Some(x) = rest.next() {
        if x == ".." {
            if base_path.len() > 1 {
                base_path.pop();
            }
        } else {
            base_path.push(x);
            base_path.extend(rest.by_ref());
            add_trailer_slash = false;
            break;
        }
    }
    if add_trailer_slash {
        base_path.push(String::new());
    }
    base_path.join("/")
}

/// A URI value.
pub fn value(u: Uri) -> Value {
    Value::Uri(Arc::new(u))
}
