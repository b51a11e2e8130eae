//! Ruby functions of modules other than stdlib that the Debian modules call
//! most (see `docs/stdlib-functions.md`): openstacklib's
//! `is_service_default`, `os_transport_url`, `normalize_ip_for_uri`,
//! `inet6_prefix`; apache's `apache::bool2httpd` and `bool2httpd`;
//! translate's `translate`; mysql's `mysql::password` and
//! `mysql_password`; memcached's `memcached::max_memory`; redis's
//! `getvar_emptystring`; mcollective's `mco_array_to_string`.
//!
//! A 4.x function without a `dispatch` block gets Puppet's default
//! dispatch from its Ruby method (`def f(*args)`: any arguments; `def
//! f(arg)`: one `Any`).

use super::strings::{ipaddr_parse, IpAddr};
use super::{class, deprecation, perr, to_s, Builder, Reg};
use crate::functions::{legacy_fn, FnResult, Host, Unwind};
use crate::value::{StrKey, Value};

pub(crate) fn register(r: &mut Reg) {
    r.add("openstacklib", Builder::new("is_service_default").d("Any args*", is_service_default).done());
    r.add("openstacklib", Builder::new("os_transport_url").d("Any args*", os_transport_url).done());
    r.add("openstacklib", Builder::new("normalize_ip_for_uri").d("Any args*", normalize_ip_for_uri).done());
    r.add("openstacklib", Builder::new("inet6_prefix").d("Any args*", inet6_prefix).done());
    r.add("apache", Builder::new("apache::bool2httpd").d("Any arg", apache_bool2httpd).done());
    r.add("apache", Builder::new("bool2httpd").d("Any args*", bool2httpd).done());
    r.add("translate", Builder::new("translate").d("String message, Hash interpolation_values?", translate).done());
    r.add("mysql", Builder::new("mysql::password").d("String password", mysql_password_4).done());
    r.add("mysql", legacy_fn("mysql_password", -1, mysql_password_3));
    r.add("memcached", Builder::new("memcached::max_memory").d("Any arg", max_memory).done());
    r.add("redis", legacy_fn("getvar_emptystring", -1, getvar_emptystring));
    r.add("mcollective", legacy_fn("mco_array_to_string", -1, mco_array_to_string));
    r.add(
        "postgresql",
        Builder::new("postgresql::postgresql_password")
            .d("Variant[String[1],Integer] username, Variant[String[1],Integer] password", postgresql_password)
            .done(),
    );
    // postgresql 7.5-9.x: the forms between 6.x's two parameters and 10.x's
    // five (see `PgPasswordForm`).
    const PG_7_5: &str = "Variant[String[1], Integer] username, Variant[String[1], Sensitive[String[1]], Integer] password, \
                          Boolean sensitive?";
    const PG_8: &str = "Variant[String[1], Integer] username, Variant[String[1], Sensitive[String[1]], Integer] password, \
                        Boolean sensitive?, Optional[Enum['md5', 'scram-sha-256']] hash?, \
                        Optional[Variant[String[1], Integer]] salt?";
    const PG_9_2: &str = "Variant[String[1], Integer] username, Variant[String[1], Sensitive[String[1]], Integer] password, \
                          Boolean sensitive?, Optional[Postgresql::Pg_password_encryption] hash?, \
                          Optional[Variant[String[1], Integer]] salt?";
    for (since, spec, imp) in [
        ((7, 5, 0), PG_7_5, postgresql_password_7_5 as crate::functions::Imp),
        ((8, 0, 0), PG_8, postgresql_password_8_0),
        ((8, 3, 0), PG_8, postgresql_password_8_3),
        ((9, 2, 0), PG_9_2, postgresql_password_9_2),
    ] {
        r.add_since(
            "postgresql",
            since,
            Builder::new("postgresql::postgresql_password")
                .local("Postgresql::Pg_password_encryption", "Enum['md5', 'scram-sha-256']")
                .d(spec, imp)
                .done(),
        );
    }
    // postgresql 10: `sensitive`, `hash` (md5 or scram-sha-256, by default
    // the module's `password_encryption`) and `salt`.
    r.add_since(
        "postgresql",
        (10, 0, 0),
        Builder::new("postgresql::postgresql_password")
            .local("Postgresql::Pg_password_encryption", "Enum['md5', 'scram-sha-256']")
            .d(
                "Variant[String[1], Integer] username, Variant[String[1], Sensitive[String[1]], Integer] password, \
                 Boolean sensitive?, Optional[Postgresql::Pg_password_encryption] hash?, \
                 Optional[Variant[String[1], Integer]] salt?",
                postgresql_password_10,
            )
            .done(),
    );
    r.add("postgresql", Builder::new("postgresql_password").d("Any args*", postgresql_password_shim).done());
    r.add("postgresql", Builder::new("postgresql::postgresql_escape").d("String[1] input_string", postgresql_escape).done());
    r.add("neutron", Builder::new("convert_to_json_string").d("Any args*", convert_to_json_string).done());
    r.add("neutron", Builder::new("validate_vni_ranges").d("Any args*", validate_vni_ranges).done());
    r.add("neutron", Builder::new("validate_tunnel_id_ranges").d("Any args*", validate_tunnel_id_ranges).done());
    r.add("neutron", Builder::new("validate_network_vlan_ranges").d("Any args*", validate_network_vlan_ranges).done());
    r.add("neutron", Builder::new("validate_vxlan_udp_port").d("Any args*", validate_vxlan_udp_port).done());
}

fn is_service_default(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("is_service_default(): Wrong number of argumentsgiven ({} for 1)", args.len())));
    }
    Ok(Value::Boolean(args[0].as_str() == Some("<SERVICE DEFAULT>")))
}

/// `normalize_ip_for_uri` and `inet6_prefix`: one value or an array of
/// them, each rewritten by `f` (errors of Ruby's IPAddr leave it alone).
fn each_ip(args: &[Value], f: impl Fn(&Value) -> Result<Value, Unwind>) -> FnResult {
    let items: Vec<Value> = match args.first() {
        Some(Value::Array(a)) => a.to_vec(),
        _ => args.to_vec(),
    };
    let mut out = Vec::new();
    for ip in &items {
        out.push(f(ip)?);
    }
    if items.len() == 1 {
        return Ok(out.pop().unwrap_or(Value::Undef));
    }
    Ok(Value::array(out))
}

fn is_ipv6(ip: &Value) -> bool {
    matches!(ip, Value::String(s) if matches!(ipaddr_parse(s), Ok(IpAddr::V6(_))))
}

/// `ip.match(/\[.+\]/)`.
fn bracketed(s: &str) -> bool {
    s.split('\n').any(|l| l.find('[').is_some_and(|i| l[i + 1..].find(']').is_some_and(|j| j > 0)))
}

fn normalize_ip_for_uri(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    each_ip(args, |ip| {
        Ok(match ip {
            Value::String(s) if is_ipv6(ip) && !bracketed(s) => Value::string(format!("[{s}]")),
            // `IPAddr.new(nil)` and other non-strings raise an error that is
            // not an ArgumentError.
            Value::String(_) => ip.clone(),
            Value::Undef => return Err(crate::functions::util::no_method("split", ip, &[]).into()),
            other => other.clone(),
        })
    })
}

fn inet6_prefix(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    each_ip(args, |ip| {
        let Value::String(s) = ip else { return Ok(ip.clone()) };
        if s.split('\n').any(|l| l.starts_with("inet6:") && l.len() > 6) {
            return Ok(ip.clone());
        }
        // `ip.split(/\s|\[|\]/).reject(&:empty?)`
        let parts: Vec<&str> = s.split(|c: char| c.is_whitespace() || c == '[' || c == ']').filter(|p| !p.is_empty()).collect();
        match parts.first() {
            Some(first) if matches!(ipaddr_parse(first), Ok(IpAddr::V6(_))) => {
                Ok(Value::string(format!("inet6:[{first}]{}", parts[1..].join(""))))
            }
            _ => Ok(ip.clone()),
        }
    })
}

/// openstacklib's `_str2bool` (stdlib's, with its own last message).
fn os_str2bool(v: &Value) -> Result<bool, Unwind> {
    match v {
        Value::Boolean(b) => Ok(*b),
        Value::String(s) => {
            let l = s.to_ascii_lowercase();
            match l.as_str() {
                "" | "0" | "f" | "n" | "false" | "no" => Ok(false),
                "1" | "t" | "y" | "true" | "yes" => Ok(true),
                _ if s.as_str() == "undef" || s.as_str() == "undefined" => Ok(false),
                _ => Err(perr("os_transport_url _str2bool(): Unknown type of boolean given")),
            }
        }
        _ => Err(perr("str2bool(): Requires string to work with")),
    }
}

/// `ERB::Util.url_encode`: everything but `A-Za-z0-9_.~-` percent-encoded.
fn url_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"_.~-".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn os_transport_url(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    if args.len() != 1 {
        return Err(perr("os_transport_url(): Wrong number of arguments"));
    }
    let Value::Hash(raw) = &args[0] else {
        return Err(perr(format!("os_transport_url(): Requires an hash, got {}", class(&args[0]))));
    };
    let mut v = crate::value::HashMapV::default();
    for (k, val) in raw.iter() {
        let val = if k.as_str() == Some("port") { Value::string(to_s(val)) } else { val.clone() };
        let want = match k.as_str() {
            Some("hosts") => "Array",
            Some("query") => "Hash",
            _ => "String",
        };
        if class(&val) != want {
            return Err(perr(format!("os_transport_url(): {} should be a {want}", to_s(k))));
        }
        v.insert(k.clone(), val);
    }
    let get = |k: &str| v.get(&StrKey(k));
    if get("transport").is_none() {
        return Err(perr("os_transport_url(): transport is required"));
    }
    if get("host").is_none() && get("hosts").is_none() {
        return Err(perr("os_transport_url(): host or hosts is required"));
    }
    if get("host").is_some() && get("hosts").is_some() {
        return Err(perr("os_transport_url(): cannot use both host and hosts."));
    }
    let transport = to_s(get("transport").unwrap_or(&Value::Undef));
    let mut userinfo = None;
    if let Some(u) = get("username").filter(|u| !to_s(u).is_empty()) {
        let mut ui = url_encode(&to_s(u));
        if let Some(p) = get("password").filter(|p| !to_s(p).is_empty()) {
            ui.push(':');
            ui.push_str(&url_encode(&to_s(p)));
        }
        userinfo = Some(ui);
    }
    let port = get("port").map(to_s);
    let mut hostinfo = "localhost".to_string();
    if let Some(h) = get("host") {
        let mut h = to_s(&normalize_ip_for_uri(host, std::slice::from_ref(h), None)?);
        if let Some(p) = &port {
            h.push(':');
            h.push_str(p);
        }
        hostinfo = match &userinfo {
            Some(u) => format!("{u}@{h}"),
            None => h,
        };
    }
    if let Some(hs) = get("hosts") {
        let normalized = normalize_ip_for_uri(host, std::slice::from_ref(hs), None)?;
        let mut hosts: Vec<String> = match &normalized {
            Value::Array(a) => a.iter().map(to_s).collect(),
            other => vec![to_s(other)],
        };
        if let Some(p) = &port {
            hosts = hosts.into_iter().map(|h| format!("{h}:{p}")).collect();
        }
        hostinfo = match &userinfo {
            Some(u) => hosts.iter().map(|h| format!("{u}@{h}")).collect::<Vec<_>>().join(","),
            None => hosts.join(","),
        };
    }
    let path = match get("virtual_host") {
        Some(vh) => format!("/{}", to_s(vh)),
        None => "/".to_string(),
    };
    let mut query: Vec<(String, String)> = Vec::new();
    if let Some(Value::Hash(q)) = get("query") {
        for (k, val) in q.iter() {
            query.push((to_s(k), to_s(val)));
        }
    }
    if let Some(ssl) = get("ssl") {
        let n = if os_str2bool(ssl)? { "1" } else { "0" };
        match query.iter_mut().find(|(k, _)| k == "ssl") {
            Some(e) => e.1 = n.to_string(),
            None => query.push(("ssl".into(), n.to_string())),
        }
    }
    let mut url = format!("{transport}://{hostinfo}{path}");
    if !query.is_empty() {
        url.push('?');
        url.push_str(&query.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&"));
    }
    Ok(Value::string(url))
}

/// `arg =~ /false/i` on a Ruby value: Strings match, nil and most other
/// objects do not (`Object#=~` is nil).
fn matches_ci(v: &Value, word: &str) -> bool {
    matches!(v, Value::String(s) if s.to_ascii_lowercase().contains(word))
}

fn apache_bool2httpd(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let arg = &args[0];
    if matches!(arg, Value::Undef | Value::Boolean(false)) || matches_ci(arg, "false") {
        return Ok(Value::string("Off"));
    }
    if matches!(arg, Value::Boolean(true)) || matches_ci(arg, "true") {
        return Ok(Value::string("On"));
    }
    Ok(Value::string(to_s(arg)))
}

fn bool2httpd(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    deprecation(host, "bool2httpd", "This function is deprecated, please use apache::bool2httpd instead.")?;
    let f = super::lookup("apache::bool2httpd").expect("registered");
    super::call(f, host, args, block)
}

fn translate(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let msg = args[0].as_str().unwrap_or_default();
    match args.get(1) {
        None => Ok(Value::string(msg)),
        Some(values) => Ok(Value::string(crate::string_format::kernel_format(msg, std::slice::from_ref(values))?)),
    }
}

/// MySQL's `PASSWORD()`: `*` and the upper-case hex SHA1 of the SHA1 of the
/// password; an empty password or an existing hash stays as it is.
fn mysql_hash(password: &str) -> String {
    if password.is_empty() {
        return String::new();
    }
    // `password =~ /\*[A-F0-9]{40}$/`
    let is_hash = password.split('\n').any(|line| {
        line.char_indices().any(|(i, c)| {
            c == '*' && {
                let rest = &line[i + 1..];
                rest.len() == 40 && rest.bytes().all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b))
            }
        })
    });
    if is_hash {
        return password.to_string();
    }
    let inner = crate::functions::digest::sha1(password.as_bytes());
    format!("*{}", crate::functions::digest::hex(&crate::functions::digest::sha1(&inner)).to_uppercase())
}

fn mysql_password_4(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(Value::string(mysql_hash(args[0].as_str().unwrap_or_default())))
}

fn mysql_password_3(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("mysql_password(): Wrong number of arguments given ({} for 1)", args.len())));
    }
    match &args[0] {
        Value::String(s) => Ok(Value::string(mysql_hash(s))),
        other => Err(crate::functions::util::no_method("empty?", other, &[]).into()),
    }
}

fn max_memory(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let arg = &args[0];
    let truthy = !matches!(arg, Value::Undef | Value::Boolean(false));
    if truthy && !to_s(arg).ends_with('%') {
        return Ok(Value::Integer(match arg {
            Value::Integer(i) => *i,
            Value::Float(f) => f.trunc() as i64,
            Value::String(s) => crate::functions::numeric::ruby_to_i(s).unwrap_or(0),
            other => return Err(crate::functions::util::no_method("to_i", other, &[]).into()),
        }));
    }
    let percent = if truthy { to_s(arg) } else { "95%".to_string() };
    let facts = host.lookup_variable("facts").unwrap_or(Value::Undef);
    let memsize = facts.as_hash().and_then(|f| f.get(&StrKey("memorysize"))).cloned().unwrap_or(Value::Undef);
    let memsize = match memsize {
        Value::String(s) => s,
        // `Regexp#match(nil)` is nil, and `nil[1, 2]` fails.
        Value::Undef => return Err(crate::functions::util::no_method("[]", &Value::Undef, &[]).into()),
        other => return Err(perr(format!("no implicit conversion of {} into String", class(&other)))),
    };
    // `/([0-9.e+-]*)\s*([^bB]?)/`, first match (at the start).
    let num_len = memsize.bytes().take_while(|b| b.is_ascii_digit() || b"e.+-".contains(b)).count();
    let value = crate::functions::numeric::ruby_to_f(&memsize[..num_len]);
    let rest = memsize[num_len..].trim_start();
    let prefix = rest.chars().next().filter(|c| *c != 'b' && *c != 'B');
    let scale: f64 = match prefix {
        None => 1.0,
        Some('k') => (1u64 << 10) as f64,
        Some('M') => (1u64 << 20) as f64,
        Some('G') => (1u64 << 30) as f64,
        Some('T') => (1u64 << 40) as f64,
        Some('E') => (1u64 << 50) as f64,
        Some(p) => return Err(perr(format!("memcached_max_memory(): Unknown prefix {p}"))),
    };
    let bytes = (value * scale) as i64;
    let pct = crate::functions::numeric::ruby_to_f(&percent);
    Ok(Value::Integer((((bytes / (1 << 20)) as f64) * (pct / 100.0)).floor() as i64))
}

fn getvar_emptystring(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 1 {
        return Err(perr(format!("getvar_emptystring(): wrong number of arguments ({}; must be 1)", args.len())));
    }
    let name = to_s(&args[0]);
    Ok(super::lookupvar(host, &name).filter(|v| !v.is_undef()).unwrap_or_else(|| Value::string("")))
}

fn mco_array_to_string(_: &mut dyn Host, args: &[Value]) -> FnResult {
    match args.first() {
        Some(Value::Array(a)) => Ok(Value::array(a.iter().map(|e| Value::string(to_s(e))).collect())),
        other => Err(perr(format!("Expected an array, but got a {}", class(other.unwrap_or(&Value::Undef))))),
    }
}

fn postgresql_password(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let text = format!("{}{}", to_s(&args[1]), to_s(&args[0]));
    Ok(Value::string(format!("md5{}", crate::functions::digest::hex(&crate::functions::digest::md5(text.as_bytes())))))
}

/// The forms of `postgresql::postgresql_password` between 6.x and 10.x,
/// by the first release of each (v7.5.0 0a2cb69c, v8.0.0, v8.3.0 cf82ba5b,
/// v9.2.0 9ad64cd6 of puppetlabs-postgresql).
#[derive(Clone, Copy, PartialEq)]
enum PgPasswordForm {
    /// 7.5: `(username, password, sensitive = false)`, MD5 only; a
    /// Sensitive password is unwrapped.
    V7_5,
    /// 8.0: `hash` (`'md5'` by default; an explicit undef is not `'md5'`,
    /// so it means SCRAM-SHA-256) and `salt` (the username by default).
    V8_0,
    /// 8.3 to 9.1: a String password that already looks hashed
    /// (`^(md5|SCRAM-SHA-256).+`, Ruby's line anchors) is returned as it
    /// is, before any unwrapping or `sensitive`.
    V8_3,
    /// 9.2: the password is unwrapped first, an already hashed one
    /// (`^(md5[0-9a-f]{32}$|SCRAM-SHA-256\$)`) is returned (wrapped when
    /// `sensitive`), and an undef `hash` means MD5.
    V9_2,
}

fn postgresql_password_7_5(h: &mut dyn Host, a: &[Value], _: Option<&Value>) -> FnResult {
    postgresql_password_form(h, a, PgPasswordForm::V7_5)
}

fn postgresql_password_8_0(h: &mut dyn Host, a: &[Value], _: Option<&Value>) -> FnResult {
    postgresql_password_form(h, a, PgPasswordForm::V8_0)
}

fn postgresql_password_8_3(h: &mut dyn Host, a: &[Value], _: Option<&Value>) -> FnResult {
    postgresql_password_form(h, a, PgPasswordForm::V8_3)
}

fn postgresql_password_9_2(h: &mut dyn Host, a: &[Value], _: Option<&Value>) -> FnResult {
    postgresql_password_form(h, a, PgPasswordForm::V9_2)
}

fn postgresql_password_form(_: &mut dyn Host, args: &[Value], form: PgPasswordForm) -> FnResult {
    use PgPasswordForm::*;
    let username = &args[0];
    let sensitive = matches!(args.get(2), Some(Value::Boolean(true)));
    let wrap = |s: String| if sensitive { Value::Sensitive(std::sync::Arc::new(Value::string(s))) } else { Value::string(s) };
    let unwrapped = match &args[1] {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    };
    if form == V8_3
        && let Value::String(p) = &args[1]
        && crate::regex::Regex::new(r"(?m)^(md5|SCRAM-SHA-256).+")?.is_match(p)
    {
        return Ok(args[1].clone());
    }
    if form == V9_2
        && let Value::String(p) = &unwrapped
        && crate::regex::Regex::new(r"(?m)^(md5[0-9a-f]{32}$|SCRAM-SHA-256\$)")?.is_match(p)
    {
        return Ok(wrap(p.to_string()));
    }
    // `hash` as the method receives it: its default when not given.
    let hash = match args.get(3) {
        None => Some("md5"),
        Some(Value::Undef) if form == V9_2 => Some("md5"),
        Some(h) => h.as_str(),
    };
    let pass = match (form, hash) {
        (V7_5, _) | (_, Some("md5")) => pg_md5(&unwrapped, username),
        _ => pg_scram(&unwrapped, args.get(4), username)?,
    };
    Ok(wrap(pass))
}

/// postgresql 10.x's `postgresql::postgresql_password(username, password,
/// sensitive = false, hash = nil, salt = nil)`: a password already hashed
/// (`md5` + 32 hex digits, or `SCRAM-SHA-256$...`) as it is; otherwise
/// `md5` + MD5(password + username), or PostgreSQL's SCRAM-SHA-256 verifier
/// (PBKDF2-HMAC-SHA256, 4096 iterations, the salt defaulting to the
/// username). `sensitive` wraps the result in a Sensitive.
fn postgresql_password_10(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let username = &args[0];
    let sensitive = matches!(args.get(2), Some(Value::Boolean(true)));
    let hash = match args.get(3) {
        None | Some(Value::Undef) => host.call_function("postgresql::default", &[Value::string("password_encryption")], None)?,
        Some(h) => h.clone(),
    };
    let password = match &args[1] {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    };
    let wrap = |s: String| if sensitive { Value::Sensitive(std::sync::Arc::new(Value::string(s))) } else { Value::string(s) };
    if let Value::String(p) = &password
        && crate::regex::Regex::new(r"^(md5[0-9a-f]{32}$|SCRAM-SHA-256\$)")?.is_match(p)
    {
        return Ok(wrap(p.to_string()));
    }
    let pass = match hash.as_str() {
        _ if hash.is_undef() => pg_md5(&password, username),
        Some("md5") => pg_md5(&password, username),
        Some("scram-sha-256") => pg_scram(&password, args.get(4), username)?,
        _ => return Err(perr(format!("postgresql::postgresql_password(): got unkown hash type '{}'", to_s(&hash)))),
    };
    Ok(wrap(pass))
}

/// `'md5' + Digest::MD5.hexdigest(password.to_s + username.to_s)`.
fn pg_md5(password: &Value, username: &Value) -> String {
    let text = format!("{}{}", to_s(password), to_s(username));
    format!("md5{}", crate::functions::digest::hex(&crate::functions::digest::md5(text.as_bytes())))
}

/// `pg_sha256(password, salt || username)`: Ruby's OpenSSL takes Strings
/// only (`no implicit conversion of Integer into String`).
fn pg_scram(password: &Value, salt: Option<&Value>, username: &Value) -> Result<String, Unwind> {
    let salt = match salt {
        None | Some(Value::Undef) => username,
        Some(s) => s,
    };
    fn bytes(v: &Value) -> Result<&[u8], Unwind> {
        v.as_str().map(str::as_bytes).ok_or_else(|| crate::functions::legacy::no_implicit_string(v).into())
    }
    Ok(pg_scram_sha256(bytes(password)?, bytes(salt)?))
}

/// PostgreSQL's SCRAM-SHA-256 verifier as the module writes it:
/// `SCRAM-SHA-256$4096:<salt>$<StoredKey>:<ServerKey>` (Base64).
fn pg_scram_sha256(password: &[u8], salt: &[u8]) -> String {
    use pbkdf2::hmac::{Hmac, Mac};
    use sha2::{Digest, Sha256};
    let mut salted = [0u8; 32];
    pbkdf2::pbkdf2_hmac::<Sha256>(password, salt, 4096, &mut salted);
    let hmac = |msg: &[u8]| {
        // HMAC accepts keys of any length: `new_from_slice` cannot fail.
        let mut m = <Hmac<Sha256> as Mac>::new_from_slice(&salted).expect("HMAC takes any key length");
        m.update(msg);
        m.finalize().into_bytes()
    };
    let client_key = Sha256::digest(hmac(b"Client Key"));
    let server_key = hmac(b"Server Key");
    let b64 = crate::display::base64_encode;
    format!("SCRAM-SHA-256$4096:{}${}:{}", b64(salt), b64(&client_key), b64(&server_key))
}

fn postgresql_password_shim(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    deprecation(host, "postgresql_password", "This method is deprecated, please use postgresql::postgresql_password instead.")?;
    let f = super::lookup("postgresql::postgresql_password").expect("registered");
    super::call(f, host, args, block)
}

fn postgresql_escape(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let input = args[0].as_str().unwrap_or_default();
    if !input.contains("$$") && !input.ends_with('$') {
        return Ok(Value::string(format!("$${input}$$")));
    }
    // A dollar-quote tag: the letters among the first six hex digits of
    // the MD5 of the input (then of the tag) until the input lacks it.
    let tag_of = |s: &str| -> String {
        crate::functions::digest::hex(&crate::functions::digest::md5(s.as_bytes()))[..6]
            .chars()
            .filter(|c| !c.is_ascii_digit())
            .collect()
    };
    let mut tag = tag_of(input);
    while input.contains(tag.as_str()) {
        tag = tag_of(&tag);
    }
    Ok(Value::string(format!("${tag}${input}${tag}$")))
}

fn convert_to_json_string(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let value = args.first().cloned().unwrap_or(Value::Undef);
    if let Value::Array(items) = &value {
        // `value.all? { |x| x.include? ":" }`.
        let mut all = true;
        for x in items.iter() {
            match x {
                Value::String(s) => all &= s.contains(':'),
                Value::Array(a) => all &= a.contains(&Value::string(":")),
                Value::Hash(h) => all &= h.contains_key(&Value::string(":")),
                other => return Err(crate::functions::util::no_method("include?", other, &[]).into()),
            }
            if !all {
                break;
            }
        }
        if all {
            let mut h = crate::value::HashMapV::default();
            for x in items.iter() {
                // `k, v = s.split(/:/)`: Ruby drops trailing empty fields.
                let s = to_s(x);
                let mut fields: Vec<&str> = s.split(':').collect();
                while fields.last() == Some(&"") {
                    fields.pop();
                }
                let k = fields.first().map_or(Value::Undef, |f| Value::string(*f));
                let v = fields.get(1).map_or(Value::Undef, |f| Value::string(*f));
                h.insert(k, v);
            }
            return Ok(Value::string(super::data::to_json_string(&Value::hash_from(h))?));
        }
    }
    Ok(Value::string(super::data::to_json_string(&value)?))
}

/// The ranges argument of neutron's validators: one value or an array.
fn ranges(args: &[Value]) -> Vec<Value> {
    match args.first() {
        Some(Value::Array(a)) => a.to_vec(),
        Some(v) => vec![v.clone()],
        None => vec![Value::Undef],
    }
}

/// `/^(\d+):(\d+)$/.match(range)` (on some line); `Ok(None)` when it does
/// not match, Ruby's TypeError for a non-String.
fn match_id_range(range: &Value, prefixed: bool) -> Result<Option<(u128, u128)>, Unwind> {
    let s = match range {
        Value::String(s) => s,
        Value::Undef => return Ok(None),
        other => return Err(perr(format!("no implicit conversion of {} into String", class(other)))),
    };
    for line in s.split('\n') {
        let mut parts: Vec<&str> = line.rsplitn(3, ':').collect();
        parts.reverse();
        let (a, b) = match parts.as_slice() {
            [a, b] => (*a, *b),
            [p, a, b] if prefixed && !p.is_empty() => (*a, *b),
            _ => continue,
        };
        let digits = |x: &str| !x.is_empty() && x.bytes().all(|c| c.is_ascii_digit());
        if digits(a) && digits(b) {
            return Ok(Some((a.parse().unwrap_or(u128::MAX), b.parse().unwrap_or(u128::MAX))));
        }
    }
    Ok(None)
}

fn validate_vni_ranges(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let items = ranges(args);
    for range in &items {
        match match_id_range(range, false)? {
            Some((a, b)) if a <= 16_777_215 && b <= 16_777_215 && a <= b => {}
            None if range.is_undef() || matches!(range, Value::Boolean(false)) => {}
            _ => return Err(perr("vni ranges are invalid.")),
        }
    }
    Ok(Value::array(items))
}

fn validate_tunnel_id_ranges(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let items = ranges(args);
    for range in &items {
        match match_id_range(range, false)? {
            Some((a, b)) if b >= a && b - a > 1_000_000 => return Err(perr("tunnel id ranges are to large.")),
            Some((a, b)) if b < a => return Err(perr("tunnel id ranges are invalid.")),
            Some(_) => {}
            None if range.is_undef() || matches!(range, Value::Boolean(false)) => {}
            None => return Err(perr("tunnel id ranges are invalid.")),
        }
    }
    Ok(Value::array(items))
}

fn validate_network_vlan_ranges(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let items = ranges(args);
    for range in &items {
        match match_id_range(range, true)? {
            Some((a, b)) if a > 4094 || b > 4094 => return Err(perr("vlan id are invalid.")),
            Some((a, b)) if b < a => return Err(perr("network vlan ranges are invalid.")),
            Some(_) => {}
            None => {
                // `/^([^:]+)?(:\d+)?$/`: a name, optionally `:id`.
                let ok = match range {
                    Value::String(s) => s.split('\n').any(|l| {
                        let (name, id) = match l.split_once(':') {
                            Some((n, i)) => (n, Some(i)),
                            None => (l, None),
                        };
                        !name.contains(':') && id.is_none_or(|i| !i.is_empty() && i.bytes().all(|c| c.is_ascii_digit()))
                    }),
                    _ => false,
                };
                if !ok && !matches!(range, Value::Undef | Value::Boolean(false)) {
                    return Err(perr("network vlan ranges are invalid."));
                }
            }
        }
    }
    Ok(Value::array(items))
}

fn validate_vxlan_udp_port(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    let v = args.first().cloned().unwrap_or(Value::Undef);
    let port = match &v {
        Value::Integer(i) => *i,
        Value::Float(f) => f.trunc() as i64,
        Value::String(s) => crate::convert::ruby_integer(s, None)
            .ok_or_else(|| perr(format!("invalid value for Integer(): {}", super::inspect(&v))))?,
        Value::Undef => return Err(perr("can't convert nil into Integer")),
        other => return Err(perr(format!("can't convert {} into Integer", class(other)))),
    };
    if port != 4789 && (port <= 49151 || port > 65535) {
        return Err(perr("vxlan udp port is invalid."));
    }
    Ok(Value::Undef)
}
