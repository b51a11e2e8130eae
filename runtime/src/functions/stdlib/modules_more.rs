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
}

/// Ruby's `String#split` without arguments: fields separated by runs of
/// ASCII whitespace, leading whitespace ignored.
fn ruby_split(s: &str) -> Vec<&str> {
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
            return Err(crate::functions::util::no_method("split", &interfaces, &[]).into());
        }
        Value::Array(_) => vec![interfaces.clone()],
        other => return Err(crate::functions::util::no_method("count", other, &[]).into()),
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
