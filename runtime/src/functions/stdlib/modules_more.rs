//! The less-called Ruby functions of modules other than stdlib (see
//! `docs/stdlib-functions.md`): ssh's `ipaddresses`, postgresql's
//! `postgresql::postgresql_acls_to_resources_hash`, staging's
//! `staging_parse` and `scope_defaults`, collectd's
//! `collectd_convert_processes`, vswitch's `range_to_mask`, nova's
//! `to_array_of_json_strings`, ironic's `ipv6_normalize_dnsmasq_ip_subnets`,
//! mongodb's `mongodb_password`, monit's `monit_validate_tests`, datacat's
//! `template_body`, openstack_extras' `validate_yum_hash`, neutron's
//! `convert_cert_to_string` and archive's `archive::parse_artifactory_url`
//! and `assemble_nexus_url`.
//!
//! Each follows its Ruby file line by line, including what Ruby does with
//! arguments the author did not expect, as far as Puppet's answers (the
//! cases in `runtime/tests/stdlib/modules.cases`) show it.

use super::strings::{ipaddr_parse, IpAddr};
use super::{class, inspect, lookupvar, perr, to_s, Builder, Reg};
use crate::functions::{legacy_fn, FnResult, Host, LogLevel, Unwind};
use crate::value::{StrKey, Value};

pub(crate) fn register(r: &mut Reg) {
    r.add("ssh", legacy_fn("ipaddresses", -1, ipaddresses));
    r.add(
        "postgresql",
        Builder::new("postgresql::postgresql_acls_to_resources_hash")
            .d("Array[String] acls, String[1] id, Integer[0] offset", acls_to_resources_hash)
            .done(),
    );
    r.add("staging", legacy_fn("staging_parse", -1, staging_parse));
    r.add("staging", legacy_fn("scope_defaults", -1, scope_defaults));
    r.add("collectd", legacy_fn("collectd_convert_processes", 1, collectd_convert_processes));
    r.add(
        "vswitch",
        Builder::new("range_to_mask")
            .d("Pattern[/^$/] range", range_empty)
            .d("Pattern[/^[0-9\\-\\,]/] range", range_to_mask)
            .d("Undef range", range_empty)
            .done(),
    );
    r.add("nova", Builder::new("to_array_of_json_strings").d("Any args*", to_array_of_json_strings).done());
    r.add("ironic", Builder::new("ipv6_normalize_dnsmasq_ip_subnets").d("Any args", ipv6_normalize_dnsmasq_ip_subnets).done());
    r.add("mongodb", legacy_fn("mongodb_password", -1, mongodb_password));
    r.add("monit", legacy_fn("monit_validate_tests", -1, monit_validate_tests));
    r.add("datacat", legacy_fn("template_body", -1, template_body));
    r.add("openstack_extras", Builder::new("validate_yum_hash").d("Any args*", validate_yum_hash).done());
    r.add("neutron", Builder::new("convert_cert_to_string").d("String cert_file", convert_cert_to_string).done());
    r.add(
        "archive",
        // stdlib's type aliases, as the module's signature names them.
        Builder::new("archive::parse_artifactory_url")
            .local("Stdlib::HTTPUrl", "Pattern[/(?i:\\Ahttps?:\\/\\/.*\\z)/]")
            .local("Stdlib::HTTPSUrl", "Pattern[/(?i:\\Ahttps:\\/\\/.*\\z)/]")
            .d("Variant[Stdlib::HTTPUrl, Stdlib::HTTPSUrl] url", parse_artifactory_url)
            .done(),
    );
    r.add("archive", legacy_fn("assemble_nexus_url", -1, assemble_nexus_url));
}

/// Ruby's `String#split` without arguments: fields separated by runs of
/// ASCII whitespace, leading whitespace ignored.
pub(super) fn ruby_split(s: &str) -> Vec<&str> {
    s.split([' ', '\t', '\n', '\x0b', '\x0c', '\r']).filter(|p| !p.is_empty()).collect()
}

/// ssh's `ipaddresses()`: the `ipaddress_<if>` and `ipaddress6_<if>` facts
/// of every interface in the `interfaces` fact whose name does not contain
/// `lo`; false without that fact.
fn ipaddresses(host: &mut dyn Host, _args: &[Value]) -> FnResult {
    let interfaces = match lookupvar(host, "interfaces") {
        None | Some(Value::Undef) => return Ok(Value::Boolean(false)),
        Some(v) => v,
    };
    // `interfaces.count(',') > 0` then `split(',')`; `include?('lo')` is a
    // substring test on a String, an element test on an Array.
    let names: Vec<Value> = match &interfaces {
        Value::String(s) if s.contains(',') => {
            // Ruby's `split` drops trailing empty fields.
            let mut f: Vec<&str> = s.split(',').collect();
            while f.last() == Some(&"") {
                f.pop();
            }
            f.into_iter().map(Value::string).collect()
        }
        Value::String(_) => vec![interfaces.clone()],
        Value::Array(a) if a.iter().any(|x| x.as_str() == Some(",")) => {
            return Err(no_method("split", &interfaces));
        }
        Value::Array(_) => vec![interfaces.clone()],
        other => return Err(no_method("count", other)),
    };
    let mut result = Vec::new();
    for iface in &names {
        let has_lo = match iface {
            Value::String(s) => s.contains("lo"),
            Value::Array(a) => a.iter().any(|x| x.as_str() == Some("lo")),
            _ => false,
        };
        if has_lo {
            continue;
        }
        let name = to_s(iface);
        for var in [format!("ipaddress_{name}"), format!("ipaddress6_{name}")] {
            match lookupvar(host, &var) {
                None | Some(Value::Undef) | Some(Value::Boolean(false)) => {}
                Some(v) => result.push(v),
            }
        }
    }
    Ok(Value::array(result))
}

/// postgresql's `postgresql::postgresql_acls_to_resources_hash(acls, id,
/// offset)`: each `pg_hba.conf` line becomes the parameters of a
/// `postgresql::server::pg_hba_rule`, keyed `postgresql class generated
/// rule <id> <index>`, where the index is that of the first equal line
/// (Ruby's `acls.index(acl)`), so a repeated line replaces its first.
fn acls_to_resources_hash(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let (Value::Array(acls), Some(id), Value::Integer(offset)) = (&args[0], args[1].as_str(), &args[2]) else {
        return Err(perr("postgresql::postgresql_acls_to_resources_hash(): unexpected arguments"));
    };
    let mut resources = crate::value::HashMapV::default();
    for acl in acls.iter() {
        let index = acls.iter().position(|x| x == acl).unwrap_or(0);
        let text = acl.as_str().unwrap_or_default();
        let parts = ruby_split(text);
        if parts.len() < 4 {
            return Err(perr(format!(
                "postgresql::postgresql_acls_to_resources_hash(): acl line {index} does not have enough parts"
            )));
        }
        let order = offset.checked_add(index as i64).ok_or_else(|| perr("Integer overflow"))?;
        let mut r: Vec<(&str, String)> = vec![
            ("type", parts[0].to_string()),
            ("database", parts[1].to_string()),
            ("user", parts[2].to_string()),
            ("order", format!("{order:03}")),
        ];
        let rest = |from: usize| parts[from.min(parts.len())..].join(" ");
        if parts[0] == "local" {
            r.push(("auth_method", parts[3].to_string()));
            if parts.len() > 4 {
                r.push(("auth_option", rest(4)));
            }
        } else if parts.get(4).is_some_and(|p| p.starts_with(|c: char| c.is_ascii_digit())) {
            r.push(("address", format!("{} {}", parts[3], parts[4])));
            // `parts[5]` is nil for a five-part line: the key holds undef.
            r.push(("auth_method", parts.get(5).map(|s| s.to_string()).unwrap_or_default()));
            if parts.len() > 6 {
                r.push(("auth_option", rest(6)));
            }
        } else {
            r.push(("address", parts[3].to_string()));
            r.push(("auth_method", parts.get(4).map(|s| s.to_string()).unwrap_or_default()));
            if parts.len() > 5 {
                r.push(("auth_option", rest(5)));
            }
        }
        let missing_method = match parts.first() {
            Some(&"local") => false,
            _ if parts.get(4).is_some_and(|p| p.starts_with(|c: char| c.is_ascii_digit())) => parts.len() < 6,
            _ => parts.len() < 5,
        };
        let entry = Value::hash(r.into_iter().map(|(k, v)| {
            let v = if k == "auth_method" && missing_method { Value::Undef } else { Value::string(v) };
            (Value::string(k), v)
        }));
        resources.insert(Value::string(format!("postgresql class generated rule {id} {index}")), entry);
    }
    Ok(Value::Hash(crate::value::PHash(std::sync::Arc::new(resources))))
}

// ---------------------------------------------------------------------------
// Ruby's File and URI, as far as staging_parse uses them (POSIX rules).

/// The last path component and what precedes it: `File.basename` without
/// a suffix (trailing slashes ignored, `/` for a path of slashes).
fn file_basename(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "" } else { "/" };
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

/// `File.extname`: the last dot of the last component and what follows
/// (`.` for a trailing dot), empty when the only dots lead the name.
pub(crate) fn file_extname(path: &str) -> &str {
    let base = file_basename(path);
    let body = base.trim_start_matches('.');
    match body.rfind('.') {
        Some(i) => &body[i..],
        None => "",
    }
}

/// `File.basename(path, suffix)`: the suffix goes when the name ends
/// with it and is longer; `.*` removes any extension.
fn file_basename_without(path: &str, suffix: &str) -> String {
    let base = file_basename(path);
    if suffix == ".*" {
        let ext = file_extname(base);
        return base[..base.len() - ext.len()].to_string();
    }
    if !suffix.is_empty() && base.len() > suffix.len() && base.ends_with(suffix) {
        return base[..base.len() - suffix.len()].to_string();
    }
    base.to_string()
}

/// `File.expand_path(File.join(path, '..'))`: the parent directory, made
/// absolute against the working directory (`~` is the home directory).
fn file_parent(path: &str) -> Result<String, Unwind> {
    let joined = if path.ends_with('/') { format!("{path}..") } else { format!("{path}/..") };
    let absolute = if let Some(rest) = joined.strip_prefix('~') {
        let (user, tail) = rest.split_once('/').unwrap_or((rest, ""));
        if !user.is_empty() {
            return Err(perr(format!("user {user} doesn't exist")));
        }
        let home = std::env::var("HOME").map_err(|_| perr("couldn't find login name -- expanding '~'"))?;
        format!("{home}/{tail}")
    } else if joined.starts_with('/') {
        joined
    } else {
        let cwd = std::env::current_dir().map(|d| d.display().to_string()).unwrap_or_else(|_| "/".into());
        format!("{cwd}/{joined}")
    };
    let mut parts: Vec<&str> = Vec::new();
    for seg in absolute.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    Ok(format!("/{}", parts.join("/")))
}

/// Ruby's `String#dump` (for the message about non-ASCII URIs).
fn ruby_dump(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x1b' => out.push_str("\\e"),
            '#' => out.push('#'),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02X}", c as u32)),
            c if c.is_ascii() => out.push(c),
            c if (c as u32) > 0xffff => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
            c => out.push_str(&format!("\\u{:04X}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// `URI.parse(text).path` with Ruby's RFC 3986 parser: Ok(None) for an
/// opaque URI (`mailto:x`), Err with `URI::InvalidURIError`'s message.
fn uri_path(text: &str) -> Result<Option<String>, String> {
    // Ruby's `URI::RFC3986_Parser::RFC3986_URI` and `RFC3986_relative_ref`,
    // verbatim: Oniguruma reads them as Ruby does.
    const URI_RE: &str = r"\A(?<URI>(?<scheme>[A-Za-z][+\-.0-9A-Za-z]*+):(?<hier-part>\/\/(?<authority>(?:(?<userinfo>(?:%\h\h|[!$&-.0-;=A-Z_a-z~])*+)@)?(?<host>(?<IP-literal>\[(?:(?<IPv6address>(?:\h{1,4}:){6}(?<ls32>\h{1,4}:\h{1,4}|(?<IPv4address>(?<dec-octet>[1-9]\d|1\d{2}|2[0-4]\d|25[0-5]|\d)\.\g<dec-octet>\.\g<dec-octet>\.\g<dec-octet>))|::(?:\h{1,4}:){5}\g<ls32>|\h{1,4}?::(?:\h{1,4}:){4}\g<ls32>|(?:(?:\h{1,4}:)?\h{1,4})?::(?:\h{1,4}:){3}\g<ls32>|(?:(?:\h{1,4}:){,2}\h{1,4})?::(?:\h{1,4}:){2}\g<ls32>|(?:(?:\h{1,4}:){,3}\h{1,4})?::\h{1,4}:\g<ls32>|(?:(?:\h{1,4}:){,4}\h{1,4})?::\g<ls32>|(?:(?:\h{1,4}:){,5}\h{1,4})?::\h{1,4}|(?:(?:\h{1,4}:){,6}\h{1,4})?::)|(?<IPvFuture>v\h++\.[!$&-.0-;=A-Z_a-z~]++))\])|\g<IPv4address>|(?<reg-name>(?:%\h\h|[!$&-.0-9;=A-Z_a-z~])*+))(?::(?<port>\d*+))?)(?<path-abempty>(?:\/(?<segment>(?:%\h\h|[!$&-.0-;=@-Z_a-z~])*+))*+)|(?<path-absolute>\/(?:(?<segment-nz>(?:%\h\h|[!$&-.0-;=@-Z_a-z~])++)(?:\/\g<segment>)*+)?)|(?<path-rootless>\g<segment-nz>(?:\/\g<segment>)*+)|(?<path-empty>))(?:\?(?<query>[^#]*+))?(?:\#(?<fragment>(?:%\h\h|[!$&-.0-;=@-Z_a-z~\/?])*+))?)\z";
    const REL_RE: &str = r"\A(?<relative-ref>(?<relative-part>\/\/(?<authority>(?:(?<userinfo>(?:%\h\h|[!$&-.0-;=A-Z_a-z~])*+)@)?(?<host>(?<IP-literal>\[(?:(?<IPv6address>(?:\h{1,4}:){6}(?<ls32>\h{1,4}:\h{1,4}|(?<IPv4address>(?<dec-octet>[1-9]\d|1\d{2}|2[0-4]\d|25[0-5]|\d)\.\g<dec-octet>\.\g<dec-octet>\.\g<dec-octet>))|::(?:\h{1,4}:){5}\g<ls32>|\h{1,4}?::(?:\h{1,4}:){4}\g<ls32>|(?:(?:\h{1,4}:){,1}\h{1,4})?::(?:\h{1,4}:){3}\g<ls32>|(?:(?:\h{1,4}:){,2}\h{1,4})?::(?:\h{1,4}:){2}\g<ls32>|(?:(?:\h{1,4}:){,3}\h{1,4})?::\h{1,4}:\g<ls32>|(?:(?:\h{1,4}:){,4}\h{1,4})?::\g<ls32>|(?:(?:\h{1,4}:){,5}\h{1,4})?::\h{1,4}|(?:(?:\h{1,4}:){,6}\h{1,4})?::)|(?<IPvFuture>v\h++\.[!$&-.0-;=A-Z_a-z~]++))\])|\g<IPv4address>|(?<reg-name>(?:%\h\h|[!$&-.0-9;=A-Z_a-z~])++))?(?::(?<port>\d*+))?)(?<path-abempty>(?:\/(?<segment>(?:%\h\h|[!$&-.0-;=@-Z_a-z~])*+))*+)|(?<path-absolute>\/(?:(?<segment-nz>(?:%\h\h|[!$&-.0-;=@-Z_a-z~])++)(?:\/\g<segment>)*+)?)|(?<path-noscheme>(?<segment-nz-nc>(?:%\h\h|[!$&-.0-9;=@-Z_a-z~])++)(?:\/\g<segment>)*+)|(?<path-empty>))(?:\?(?<query>[^#]*+))?(?:\#(?<fragment>(?:%\h\h|[!$&-.0-;=@-Z_a-z~\/?])*+))?)\z";
    if !text.is_ascii() {
        return Err(format!("URI must be ascii only {}", ruby_dump(text)));
    }
    let group = |re: &onig::Regex, caps: &onig::Captures, name: &str| -> Option<String> {
        let mut found = None;
        re.foreach_name(|n, nums| {
            if n == name {
                found = nums.iter().find_map(|&i| caps.at(i as usize)).map(str::to_string);
                return false;
            }
            true
        });
        found
    };
    let compile = |src: &str| crate::regex::ruby_regex(src, onig::RegexOptions::REGEX_OPTION_NONE);
    let (Ok(uri), Ok(rel)) = (compile(URI_RE), compile(REL_RE)) else {
        return Err("the URI grammar does not compile".into());
    };
    if let Some(c) = uri.captures(text) {
        if group(&uri, &c, "path-rootless").is_some() {
            return Ok(None);
        }
        let path = ["path-abempty", "path-absolute", "path-empty"].iter().find_map(|g| group(&uri, &c, g));
        return Ok(path);
    }
    if let Some(c) = rel.captures(text) {
        return Ok(["path-abempty", "path-absolute", "path-noscheme", "path-empty"].iter().find_map(|g| group(&rel, &c, g)));
    }
    Err(format!("bad URI(is not URI?): {}", inspect(&Value::string(text))))
}

/// Ruby's `NoMethodError` with the "Did you mean?" list Ruby 3.1 adds
/// for the calls these functions make.
fn no_method(method: &str, v: &Value) -> Unwind {
    let suggestions: &[&str] = match (method, v) {
        ("to_a", Value::String(_)) => &["to_f", "to_i", "to_s", "to_c", "to_r"],
        ("to_a", Value::Integer(_) | Value::Float(_)) => &["to_c", "to_r", "to_f", "to_i", "to_s"],
        ("to_a", Value::Boolean(_)) => &["to_s"],
        ("to_sym", _) => &["to_s"],
        ("each_with_index", Value::String(_)) => &["each_line"],
        _ => &[],
    };
    crate::functions::util::no_method(method, v, suggestions).into()
}

/// Ruby-truthy: everything but nil (undef) and false.
fn truthy(v: Option<&Value>) -> Option<&Value> {
    v.filter(|v| !matches!(v, Value::Undef | Value::Boolean(false)))
}

/// The text of a String argument, or Ruby's `TypeError` for others.
fn str_arg(v: &Value) -> Result<&str, Unwind> {
    v.as_str().ok_or_else(|| perr(format!("no implicit conversion of {} into String", implicit_class(v))))
}

/// The class Ruby names in `no implicit conversion of X into String`
/// (`nil` for nil, `true`/`false` for booleans).
fn implicit_class(v: &Value) -> String {
    match v {
        Value::Undef => "nil".into(),
        Value::Boolean(b) => b.to_string(),
        other => class(other),
    }
}

/// staging's `staging_parse(source, info = 'filename', extension = nil)`:
/// the file name, base name, extension or parent directory of the path of
/// a URI.
fn staging_parse(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.is_empty() || args.len() > 3 {
        return Err(perr(format!("staging_parse(): Wrong number of arguments given ({} for 1, 2, 3)", args.len())));
    }
    let Value::String(source) = &args[0] else {
        return Err(no_method("gsub", &args[0]));
    };
    let path = match uri_path(&source.replace('\\', "/")) {
        Ok(Some(p)) => p,
        Ok(None) => {
            return Err(perr(format!("staging_parse(): {} has no URI 'path' component", inspect(&args[0]))));
        }
        Err(msg) => return Err(perr(msg)),
    };
    let info = truthy(args.get(1)).cloned().unwrap_or_else(|| Value::string("filename"));
    let extension = match truthy(args.get(2)) {
        Some(e) => e.clone(),
        None => Value::string(file_extname(&path)),
    };
    let result = match info.as_str() {
        Some("filename") => file_basename(&path).to_string(),
        Some("basename") => file_basename_without(&path, str_arg(&extension)?),
        Some("extname") => file_extname(&path).to_string(),
        Some("parent") => file_parent(&path)?,
        _ => return Err(perr(format!("staging_parse(), unknown parse info {}.", to_s(&info)))),
    };
    Ok(Value::string(result))
}

/// Ruby's `String#capitalize` (ASCII): first letter up, the rest down.
fn capitalize(s: &str) -> String {
    let lower = s.to_lowercase();
    let mut c = lower.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// staging's `scope_defaults(type, attribute)`: whether a resource default
/// for the type (`Type { attribute => ... }`) is visible in the calling
/// scope.
fn scope_defaults(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 2 {
        return Err(perr(format!("scope_defaults(): Wrong number of arguments given ({} for 2)", args.len())));
    }
    let Value::String(t) = &args[0] else {
        return Err(no_method("split", &args[0]));
    };
    let type_name = t.split("::").map(capitalize).collect::<Vec<_>>().join("::");
    let attr = match &args[1] {
        Value::String(s) => s.to_string(),
        other => return Err(no_method("to_sym", other)),
    };
    let names = host.resource_default_names(&type_name)?;
    Ok(Value::Boolean(names.contains(&attr)))
}

/// collectd's `collectd_convert_processes(processes)`: the old list form
/// (`'name'` or `{'name' => n, ...}`) as a hash for `create_resources`; a
/// hash is returned as it is.
fn collectd_convert_processes(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr("convert_process_array(): Needs exactly one argument"));
    }
    let parray = match &args[0] {
        Value::Hash(_) => return Ok(args[0].clone()),
        Value::Array(a) => a,
        _ => return Err(perr("convert_process_array(): Needs an array as argument")),
    };
    let mut phash = crate::value::HashMapV::default();
    for p in parray.iter() {
        match p {
            Value::String(_) => {
                phash.insert(p.clone(), Value::hash(Vec::new()));
            }
            Value::Hash(h) => {
                let name = h.get(&StrKey("name")).cloned().unwrap_or(Value::Undef);
                let rest = h.iter().filter(|(k, _)| k.as_str() != Some("name")).map(|(k, v)| (k.clone(), v.clone()));
                phash.insert(name, Value::hash(rest));
            }
            _ => return Err(perr("convert_process_array(): array element must be string or hash")),
        }
    }
    Ok(Value::hash_from(phash))
}

fn range_empty(_: &mut dyn Host, _: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::Undef)
}

/// Ruby's `String#to_i`: an optional sign and the leading digits
/// (single underscores between digits allowed) after leading whitespace;
/// 0 when there are none. Saturates instead of growing a Bignum.
fn ruby_to_i(s: &str) -> i64 {
    let t = s.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut n: i64 = 0;
    let mut prev_digit = false;
    for b in digits.bytes() {
        match b {
            b'0'..=b'9' => {
                n = n.saturating_mul(10).saturating_add((b - b'0') as i64);
                prev_digit = true;
            }
            b'_' if prev_digit => prev_digit = false,
            _ => break,
        }
    }
    if neg {
        -n
    } else {
        n
    }
}

/// The largest bit `range_to_mask` sets and the most numbers it expands:
/// Ruby's Bignums have no such limit, but a mask of more than 2^24 bits is
/// no VLAN range.
const MASK_BITS: i64 = 1 << 24;

/// vswitch's `range_to_mask('1-3,8')`: the hexadecimal mask with the bit of
/// each number set (`10f`).
fn range_to_mask(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let text = args[0].as_str().unwrap_or_default();
    let too_large = || perr(format!("range_to_mask(): the mask of {} is too large", inspect(&args[0])));
    let mut fields: Vec<&str> = text.split(',').collect();
    while fields.last() == Some(&"") {
        fields.pop();
    }
    let mut bits: Vec<u64> = Vec::new();
    let mut set = |n: i64| -> Result<(), Unwind> {
        // `1 << n` with a negative n shifts right: 0.
        if n < 0 {
            return Ok(());
        }
        if n >= MASK_BITS {
            return Err(too_large());
        }
        let (w, b) = ((n / 64) as usize, n % 64);
        if bits.len() <= w {
            bits.resize(w + 1, 0);
        }
        bits[w] |= 1 << b;
        Ok(())
    };
    for c in fields {
        if !c.contains('-') {
            // `join(",").split(",")` then `to_i` of each field.
            set(ruby_to_i(c))?;
            continue;
        }
        let mut ends: Vec<&str> = c.split('-').collect();
        while ends.last() == Some(&"") {
            ends.pop();
        }
        let a = ends.first().map_or(0, |s| ruby_to_i(s));
        let Some(b) = ends.get(1).map(|s| ruby_to_i(s)) else {
            return Err(perr("cannot convert endless range to an array"));
        };
        if b >= a && b - a > MASK_BITS {
            return Err(too_large());
        }
        for n in a..=b {
            set(n)?;
        }
    }
    while bits.len() > 1 && bits.last() == Some(&0) {
        bits.pop();
    }
    let mut out = String::new();
    for (i, w) in bits.iter().rev().enumerate() {
        if i == 0 {
            out.push_str(&format!("{w:x}"));
        } else {
            out.push_str(&format!("{w:016x}"));
        }
    }
    if out.is_empty() {
        out.push('0');
    }
    Ok(Value::string(out))
}

/// Ruby's `JSON.load` of a String (json 2.6 defaults: NaN and Infinity
/// allowed, a blank text is nil), `Err` on a `JSON::ParserError`.
fn json_load(text: &str) -> Result<Value, ()> {
    if text.trim().is_empty() {
        return Ok(Value::Undef);
    }
    let parsed: serde_json::Value = serde_json::from_str(text).map_err(|_| ())?;
    super::data::json_to_value(parsed).map_err(|_| ())
}

/// nova's `to_array_of_json_strings(list)`: an Array of Hashes, or its
/// JSON text (or a legacy text with single quotes), as an Array of the JSON
/// text of each Hash.
fn to_array_of_json_strings(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    if args.len() != 1 {
        return Err(perr("to_array_of_json_strings(): Wrong number of arguments"));
    }
    let mut list = args[0].clone();
    if let Value::String(s) = &args[0] {
        list = match json_load(s) {
            Ok(v) => v,
            Err(()) => match json_load(&s.replace('\'', "\"")) {
                Ok(v) => {
                    host.puppet_log(
                        LogLevel::Warning,
                        &format!("{s} is not valid JSON. Support for this format is deprecated and may be removed in future."),
                    );
                    v
                }
                Err(()) => return Err(perr(format!("Syntax error: {s} is not valid"))),
            },
        };
        if !matches!(list, Value::Array(_)) {
            list = Value::array(vec![list]);
        }
    }
    let items = match &list {
        Value::Array(a) if a.iter().all(|e| matches!(e, Value::Hash(_))) => a,
        _ => return Err(perr(format!("Syntax error: {} is not an Array or JSON encoded String", to_s(&args[0])))),
    };
    let mut rv = Vec::new();
    for e in items.iter() {
        rv.push(Value::string(super::data::to_json_string(e).map_err(Unwind::Error)?));
    }
    Ok(Value::array(rv))
}

/// `obj[key]` for the Ruby object of a Puppet value, as far as Hashes and
/// Strings (substring lookup) go.
fn ruby_index(obj: &Value, key: &str) -> Result<Value, Unwind> {
    match obj {
        Value::Hash(h) => Ok(h.get(&StrKey(key)).cloned().unwrap_or(Value::Undef)),
        Value::String(s) => Ok(if s.contains(key) { Value::string(key) } else { Value::Undef }),
        Value::Array(_) | Value::Integer(_) => Err(perr("no implicit conversion of String into Integer")),
        other => Err(no_method("[]", other)),
    }
}

/// ironic's `ipv6_normalize_dnsmasq_ip_subnets(subnets)`: an IPv6
/// `netmask` becomes its prefix length and an IPv6 `gateway` is dropped.
fn ipv6_normalize_dnsmasq_ip_subnets(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let subnets: Vec<Value> = match &args[0] {
        Value::Array(a) => a.to_vec(),
        Value::Hash(h) => h.iter().map(|(k, v)| Value::array(vec![k.clone(), v.clone()])).collect(),
        other => return Err(no_method("each", other)),
    };
    let is_v6 = |v: &Value| matches!(v, Value::String(s) if matches!(ipaddr_parse(s), Ok(IpAddr::V6(_))));
    let mut result = Vec::new();
    for subnet in subnets {
        let netmask = ruby_index(&subnet, "netmask")?;
        let mut out = subnet.clone();
        if let (Value::Hash(h), Value::String(m)) = (&subnet, &netmask)
            && let Ok(IpAddr::V6(bits)) = ipaddr_parse(m)
        {
            let mut h2 = (**h).clone();
            h2.insert(Value::string("netmask"), Value::Integer(bits.count_ones() as i64));
            out = Value::hash_from(h2);
        }
        let gateway = ruby_index(&subnet, "gateway")?;
        if is_v6(&gateway)
            && let Value::Hash(h) = &out
        {
            let mut h2 = (**h).clone();
            h2.shift_remove(&StrKey("gateway"));
            out = Value::hash_from(h2);
        }
        result.push(out);
    }
    Ok(Value::array(result))
}

/// mongodb's `mongodb_password(user, password)`: the MD5 of
/// `user:mongo:password`.
fn mongodb_password(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 2 {
        return Err(perr(format!("mongodb_password(): Wrong number of arguments given ({} for 2)", args.len())));
    }
    let text = format!("{}:mongo:{}", to_s(&args[0]), to_s(&args[1]));
    Ok(Value::string(crate::functions::digest::hex(&crate::functions::digest::md5(text.as_bytes()))))
}

/// datacat's `template_body(name, ...)`: the text of each template
/// (`module/file` under the module's `templates/`, or an absolute path),
/// unrendered, joined.
fn template_body(host: &mut dyn Host, args: &[Value]) -> FnResult {
    let mut out = String::new();
    for a in args {
        let name = to_s(a);
        let path = if name.starts_with('/') {
            Some(std::path::PathBuf::from(&name))
        } else {
            match name.split_once('/') {
                Some((module, file)) if !module.is_empty() => match host.module_directory(module).map_err(Unwind::Error)? {
                    Some(dir) => Some(std::path::Path::new(&dir).join("templates").join(file)).filter(|p| p.exists()),
                    None => None,
                },
                _ => None,
            }
        };
        let Some(path) = path else {
            return Err(perr(format!("Could not find template '{name}'")));
        };
        match std::fs::read(&path) {
            Ok(bytes) => out.push_str(&String::from_utf8_lossy(&bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(perr(format!("No such file or directory @ rb_sysopen - {}", path.display())));
            }
            Err(e) if e.kind() == std::io::ErrorKind::IsADirectory || path.is_dir() => {
                return Err(perr(format!("Is a directory @ io_fread - {}", path.display())));
            }
            Err(e) => return Err(perr(format!("{e} - {}", path.display()))),
        }
    }
    Ok(Value::string(out))
}

/// The parameters of Puppet's `yumrepo` type that `validate_yum_hash`
/// accepts.
const YUMREPO_ARGUMENTS: &[&str] = &[
    "name", "ensure", "baseurl", "cost", "descr", "enabled", "enablegroups", "exclude", "failovermethod", "gpgcheck",
    "gpgkey", "http_caching", "include", "includepkgs", "keepalive", "metadata_expire", "metalink", "mirrorlist",
    "priority", "protect", "provider", "proxy", "proxy_password", "proxy_username", "repo_gpgcheck", "s3_enabled",
    "skip_if_unavailable", "sslcacert", "sslclientcert", "sslclientkey", "sslverify", "target", "timeout",
];

/// openstack_extras' `validate_yum_hash({title => params})`: every
/// parameter name must be one of `yumrepo`'s. Returns the hash, or undef
/// for an empty one.
fn validate_yum_hash(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    if args.len() > 1 {
        return Err(perr(format!("validate_yum_hash takes only a single argument, {} provided", args.len())));
    }
    let Some(Value::Hash(h)) = args.first() else {
        return Err(perr("non-hash argument provided to validate_yum_hash"));
    };
    if h.is_empty() {
        return Ok(Value::Undef);
    }
    for (_, params) in h.iter() {
        // `params.each do |param, value|`: a Hash yields its keys, an Array
        // its elements (an Array element destructures to its first item).
        let names: Vec<Value> = match params {
            Value::Hash(p) => p.keys().cloned().collect(),
            Value::Array(a) => a
                .iter()
                .map(|e| match e {
                    Value::Array(x) => x.first().cloned().unwrap_or(Value::Undef),
                    other => other.clone(),
                })
                .collect(),
            other => return Err(no_method("each", other)),
        };
        for n in names {
            if !n.as_str().is_some_and(|s| YUMREPO_ARGUMENTS.contains(&s)) {
                return Err(perr(format!("Parameter {} is not valid for the yumrepo type", to_s(&n))));
            }
        }
    }
    Ok(args[0].clone())
}

/// neutron's `convert_cert_to_string(file)`: the certificate file's lines
/// without the `-----` armour lines, stripped and joined.
fn convert_cert_to_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let file = args[0].as_str().unwrap_or_default();
    let path = std::path::Path::new(file);
    if !path.is_file() {
        return Err(perr(format!("Certificate file not found: {file}")));
    }
    let bytes = std::fs::read(path).map_err(|e| perr(format!("{e} @ rb_sysopen - {file}")))?;
    let text = String::from_utf8_lossy(&bytes);
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        if !line.contains("-----") {
            out.push_str(line.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0'));
        }
    }
    Ok(Value::string(out))
}

/// archive's `archive::parse_artifactory_url(url)`: the parts of an
/// Artifactory maven-2 URL (`base_url`, `repository`, `org_path`,
/// `module`, `base_rev`, `folder_iteg_rev`, `file_iteg_rev`, `classifier`,
/// `ext`), undef when it does not have that layout.
fn parse_artifactory_url(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    // The module's extended regexp, verbatim.
    const RE: &str = r"(?x)
             (?<base_url>.*/artifactory)
             /
             (?<repository>[^/]+)
             /
             (?<org_path>.+?)
             /
             (?<module>[^/]+)
             /
             (?<base_rev>[^/]+?)
             (?:-(?<folder_iteg_rev>SNAPSHOT))?
             /
             \k<module>-\k<base_rev>
             (?:-(?<file_iteg_rev>SNAPSHOT|(?:(?:[0-9]{8}.[0-9]{6})-(?:[0-9]+))))?
             (?:-(?<classifier>[^/]+?))?
             \.
             (?<ext>(?:(?!\d))[^\-/]+|7z)
             ";
    let url = args[0].as_str().unwrap_or_default();
    let re = crate::regex::ruby_regex(RE, onig::RegexOptions::REGEX_OPTION_NONE)
        .map_err(|e| perr(e.description().to_string()))?;
    let Some(caps) = re.captures(url) else { return Ok(Value::Undef) };
    let mut names: Vec<(String, usize)> = Vec::new();
    re.foreach_name(|n, nums| {
        names.push((n.to_string(), nums.first().copied().unwrap_or(0) as usize));
        true
    });
    names.sort_by_key(|(_, i)| *i);
    Ok(Value::hash(names.into_iter().map(|(n, i)| {
        (Value::string(n), caps.at(i).map(Value::string).unwrap_or(Value::Undef))
    })))
}

/// Ruby's `CGI.escape`: spaces become `+`, everything but
/// `A-Za-z0-9_.-~` is percent-encoded.
fn cgi_escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b' ' => out.push('+'),
            b if b.is_ascii_alphanumeric() || b"_.-~".contains(&b) => out.push(b as char),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// archive's `assemble_nexus_url(nexus_url, params)`: the Nexus artifact
/// content URL with the parameters as its query.
fn assemble_nexus_url(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let nexus_url = args.first().map(to_s).unwrap_or_default();
    let pairs: Vec<(Value, Value)> = match args.get(1) {
        Some(Value::Hash(h)) => h.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        Some(Value::Array(a)) => {
            let mut v = Vec::new();
            for x in a.iter() {
                match x {
                    Value::Array(p) => v.push((p.first().cloned().unwrap_or(Value::Undef), p.get(1).cloned().unwrap_or(Value::Undef))),
                    Value::String(s) => {
                        let ch = |i: usize| s.chars().nth(i).map(|c| Value::string(c.to_string())).unwrap_or(Value::Undef);
                        v.push((ch(0), ch(1)));
                    }
                    other => return Err(no_method("[]", other)),
                }
            }
            v
        }
        Some(Value::Undef) | None => Vec::new(),
        Some(other) => return Err(no_method("to_a", other)),
    };
    let mut query = Vec::new();
    for (k, v) in pairs {
        query.push(format!("{}={}", to_s(&k), cgi_escape(str_arg(&v)?)));
    }
    Ok(Value::string(format!("{nexus_url}/service/local/artifact/maven/content?{}", query.join("&"))))
}

/// monit's resource tests.
const RESOURCE_TESTS: &[&str] = &[
    "CPU", "CPU(USER)", "CPU(SYSTEM)", "CPU(WAIT)", "TOTAL CPU", "CHILDREN", "LOADAVG(1MIN)", "LOADAVG(5MIN)",
    "LOADAVG(15MIN)", "TOTAL MEMORY", "MEMORY", "SWAP",
];
const RESOURCE_TESTS_OPERATORS: &[&str] =
    &["<", ">", "!=", "==", "GT", "LT", "EQ", "NE", "GREATER", "LESS", "EQUAL", "NOTEQUAL"];
const TEST_ACTIONS: &[&str] = &["ALERT", "RESTART", "START", "STOP", "EXEC", "UNMONITOR"];

/// monit's `TEST_TYPES[check_type]`: the tests a check type accepts.
fn monit_test_types(check_type: &str) -> Option<Vec<&'static str>> {
    Some(match check_type {
        "DIRECTORY" | "FIFO" | "FILE" | "PROGRAM" => vec![],
        "FILESYSTEM" => vec!["FSFLAGS", "SPACE", "INODE", "PERM", "PERMISSION"],
        "HOST" => vec!["CONNECTION"],
        "PROCESS" => RESOURCE_TESTS.iter().copied().chain(["CONNECTION"]).collect(),
        "SYSTEM" => RESOURCE_TESTS.to_vec(),
        _ => return None,
    })
}

/// Ruby's `upcase` of a value that must be a String.
fn upcase(v: &Value) -> Result<String, Unwind> {
    match v {
        Value::String(s) => Ok(s.to_uppercase()),
        other => Err(no_method("upcase", other)),
    }
}

/// One monit test as the Ruby code changes it: a Hash whose entries keep
/// their positions when reassigned.
struct MonitTest(crate::value::HashMapV);

impl MonitTest {
    fn get(&self, k: &str) -> Value {
        self.0.get(&StrKey(k)).cloned().unwrap_or(Value::Undef)
    }
    fn has(&self, k: &str) -> bool {
        self.0.contains_key(&StrKey(k))
    }
    fn set(&mut self, k: &str, v: Value) {
        self.0.insert(Value::string(k), v);
    }
    fn s(&self, k: &str) -> String {
        to_s(&self.get(k))
    }
}

/// monit's `monit_validate_tests(check_type, tests)`: checks each test
/// hash and adds its `condition` in monit's language (and `action`).
fn monit_validate_tests(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let check_type = upcase(args.first().unwrap_or(&Value::Undef))?;
    let tests = match args.get(1) {
        Some(Value::Array(a)) => a.to_vec(),
        Some(other) => return Err(no_method("each_with_index", other)),
        None => return Err(no_method("each_with_index", &Value::Undef)),
    };
    let mut out = Vec::with_capacity(tests.len());
    for test in &tests {
        let Value::Hash(h) = test else {
            let t = ruby_index(test, "type")?;
            upcase(&t)?;
            return Err(perr(format!("Tests for '{check_type}': invalid test type '{}'", to_s(&t))));
        };
        let mut t = MonitTest((**h).clone());
        let ty = upcase(&t.get("type"))?;
        t.set("type", Value::string(ty.as_str()));
        let Some(types) = monit_test_types(&check_type) else {
            return Err(no_method("include?", &Value::Undef));
        };
        if !types.contains(&ty.as_str()) {
            return Err(perr(format!("Tests for '{check_type}': invalid test type '{ty}'")));
        }
        let prefix = format!("Tests for '{check_type}' ('{ty}'): ");
        let fail = |m: &str| -> Unwind { perr(format!("{prefix}{m}")) };
        if t.has("tolerance") {
            match t.get("tolerance") {
                Value::Hash(tol) if tol.contains_key(&StrKey("cycles")) => {
                    let cycles = to_s(tol.get(&StrKey("cycles")).unwrap_or(&Value::Undef));
                    let text = match tol.get(&StrKey("times")) {
                        Some(times) => format!("{} TIMES WITHIN {cycles} CYCLES", to_s(times)),
                        None => format!("{cycles} CYCLES"),
                    };
                    t.set("tolerance", Value::string(text));
                }
                _ => return Err(fail("tolerance must be a hash with 'cycles' key and optionally 'times'.")),
            }
        }
        if !t.has("action") {
            t.set("action", Value::string("ALERT"));
        } else {
            let action = upcase(&t.get("action"))?;
            t.set("action", Value::string(action.as_str()));
            if !TEST_ACTIONS.contains(&action.as_str()) {
                return Err(fail(&format!("invalid action '{action}'")));
            }
            if action == "EXEC" && !t.has("exec") {
                return Err(fail("missing command for exec action"));
            }
        }
        if RESOURCE_TESTS.contains(&ty.as_str()) || ty == "SPACE" || ty == "INODE" {
            if !t.has("operator") {
                return Err(fail("'operator' is mandatory"));
            }
            let op = t.get("operator");
            if !op.as_str().is_some_and(|o| RESOURCE_TESTS_OPERATORS.contains(&o)) {
                return Err(fail(&format!("invalid operator: {}", to_s(&op))));
            }
            if !t.has("value") {
                return Err(fail("'value' is mandatory"));
            }
            let op = upcase(&op)?;
            t.set("operator", Value::string(op.as_str()));
            let cond = format!("{ty} {op} {}", t.s("value"));
            t.set("condition", Value::string(cond));
        } else if ty == "FSFLAGS" {
            t.set("condition", Value::string(format!("CHANGED {ty}")));
        } else if ty == "PERM" || ty == "PERMISSION" {
            if !t.has("value") {
                return Err(fail("'value' is mandatory"));
            }
            let cond = format!("FAILED {ty} {}", t.s("value"));
            t.set("condition", Value::string(cond));
        } else if ty == "CONNECTION" {
            if !t.has("port") && !t.has("unixsocket") {
                return Err(fail("'port' or 'unixsocket' is mandatory"));
            }
            let mut condition = String::from("FAILED");
            if t.has("unixsocket") {
                condition.push_str(&format!("UNIXSOCKET {}", t.s("unixsocket")));
            } else {
                if t.has("host") {
                    condition.push_str(&format!(" HOST {} PORT {}", t.s("host"), t.s("port")));
                } else {
                    condition.push_str(&format!(" PORT {}", t.s("port")));
                }
                if t.has("socket_type") {
                    let st = upcase(&t.get("socket_type"))?;
                    t.set("socket_type", Value::string(st.as_str()));
                    condition.push_str(&format!(" TYPE {st}"));
                    if st == "TCPSSL" {
                        if t.has("socket_type_cypher") {
                            let c = upcase(&t.get("socket_type_cypher"))?;
                            t.set("socket_type_cypher", Value::string(c.as_str()));
                            condition.push_str(&format!(" {c}"));
                        }
                        if t.has("socket_type_checksum") {
                            condition.push_str(&format!(" CERTMD5 {}", t.s("socket_type_checksum")));
                        }
                    }
                }
                if t.has("protocol") {
                    let protocol = upcase(&t.get("protocol"))?;
                    t.set("protocol", Value::string(protocol.as_str()));
                    if protocol != "GENERIC" {
                        condition.push_str(&format!("\n    PROTOCOL {protocol} "));
                    }
                    if t.has("protocol_test") {
                        let pt = t.get("protocol_test");
                        if protocol == "HTTP" || protocol == "APACHE-STATUS" {
                            let options: &[&str] = if protocol == "HTTP" {
                                &["REQUEST", "STATUS", "CHECKSUM", "HOSTHEADER", "CONTENT"]
                            } else {
                                &[
                                    "LOGLIMIT", "CLOSELIMIT", "DNSLIMIT", "KEEPALIVELIMIT", "REPLYLIMIT", "REQUESTLIMIT",
                                    "STARTLIMIT", "WAITLIMIT", "GRACEFULLIMIT", "CLEANUPLIMIT",
                                ]
                            };
                            let Value::Hash(opts) = &pt else {
                                return Err(fail(&format!(
                                    "protocol_test must be a hash with any of this keys: {}.",
                                    options.join(", ")
                                )));
                            };
                            let mut invalid: Vec<String> = Vec::new();
                            for k in opts.keys() {
                                let u = upcase(k)?;
                                if !options.contains(&u.as_str()) {
                                    invalid.push(u);
                                }
                            }
                            if !invalid.is_empty() {
                                return Err(fail(&format!("invalid options in {protocol} ckeck: {}", invalid.join(", "))));
                            }
                            if let Some(r) = opts.get(&StrKey("request")) {
                                condition.push_str(&format!("\n    REQUEST {}", to_s(r)));
                            }
                            for (k, v) in opts.iter() {
                                if k.as_str() != Some("request") {
                                    condition.push_str(&format!("\n    {} {}", upcase(k)?, to_s(v)));
                                }
                            }
                        } else {
                            // Any other protocol gets the GENERIC send/expect test.
                            let Value::Array(pairs) = &pt else {
                                return Err(fail("protocol_test must be an array of hashes with send/expect pairs."));
                            };
                            for pair in pairs.iter() {
                                let Value::Hash(p) = pair else {
                                    return Err(no_method("keys", pair));
                                };
                                let mut keys = Vec::new();
                                for k in p.keys() {
                                    keys.push(upcase(k)?);
                                }
                                // `pt_options & keys == pt_options`: both, in this order.
                                let has = |w: &str| keys.iter().any(|k| k == w);
                                if !(has("SEND") && has("EXPECT")) {
                                    return Err(fail(&format!(
                                        "missing options in {protocol} ckeck: SEND, EXPECT are mandatory."
                                    )));
                                }
                                for (k, v) in p.iter() {
                                    condition.push_str(&format!("\n    {} {}", upcase(k)?, to_s(v)));
                                }
                            }
                        }
                    }
                }
            }
            if t.has("timeout") {
                condition.push_str(&format!("\n    WITH TIMEOUT {} SECONDS", t.s("timeout")));
            }
            if t.has("retry") {
                condition.push_str(&format!(" RETRY {}", t.s("retry")));
            }
            let action = upcase(&t.get("action"))?;
            t.set("action", Value::string(action));
            t.set("condition", Value::string(condition));
        }
        out.push(Value::hash_from(t.0));
    }
    Ok(Value::array(out))
}
