//! Puppet Server's default authorization (`auth.conf` as Debian's
//! puppetserver 7 package ships it), first matching rule wins:
//! a node gets only its own catalog, node object, report and facts; any
//! authenticated client gets environments, file content and metadata,
//! tasks; anyone (no certificate needed) gets the CA certificate, the CRL
//! and the status service; `/puppet/v4/catalog` (and the tool endpoints
//! Puppet Server gives nobody by default: `environment_classes`, the admin
//! API) only the certnames the configuration allows; everything else is
//! denied.

use hyper::Method;

/// Who may make a request a rule matches.
enum Allow {
    /// Anyone, with or without a certificate.
    Unauthenticated,
    /// Any verified certificate.
    AnyCert,
    /// The certificate whose certname is the path's `([^/]+)` group.
    PathCert,
    /// The certnames of the configuration's `--tools-allow` list.
    Tools,
    Nobody,
}

struct Rule {
    /// A path prefix, or an exact `segment/` prefix whose rest is one
    /// path segment (the `^/prefix/([^/]+)$` rules).
    prefix: &'static str,
    capture: bool,
    methods: &'static [Method],
    allow: Allow,
    name: &'static str,
}

const GET: Method = Method::GET;
const POST: Method = Method::POST;
const PUT: Method = Method::PUT;
const HEAD: Method = Method::HEAD;
const DELETE: Method = Method::DELETE;

const RULES: &[Rule] = &[
    Rule { prefix: "/puppet/v3/catalog/", capture: true, methods: &[GET, POST], allow: Allow::PathCert, name: "puppetlabs v3 catalog from agents" },
    Rule { prefix: "/puppet/v4/catalog", capture: false, methods: &[POST], allow: Allow::Tools, name: "puppetlabs v4 catalog for services" },
    Rule { prefix: "/puppet-ca/v1/certificate/", capture: false, methods: &[GET], allow: Allow::Unauthenticated, name: "puppetlabs certificate" },
    Rule { prefix: "/puppet-ca/v1/certificate_revocation_list/ca", capture: false, methods: &[GET], allow: Allow::Unauthenticated, name: "puppetlabs crl" },
    Rule { prefix: "/status/v1/services", capture: false, methods: &[GET], allow: Allow::Unauthenticated, name: "puppetlabs status service - full" },
    Rule { prefix: "/status/v1/simple", capture: false, methods: &[GET], allow: Allow::Unauthenticated, name: "puppetlabs status service - simple" },
    Rule { prefix: "/metrics", capture: false, methods: &[GET], allow: Allow::Unauthenticated, name: "pjit metrics" },
    Rule { prefix: "/puppet/v3/environments", capture: false, methods: &[GET], allow: Allow::AnyCert, name: "puppetlabs environments" },
    Rule { prefix: "/puppet/v3/environment_classes", capture: false, methods: &[GET], allow: Allow::Tools, name: "pjit environment classes for tools" },
    Rule { prefix: "/puppet/v3/file_content", capture: false, methods: &[GET, POST], allow: Allow::AnyCert, name: "puppetlabs file content" },
    Rule { prefix: "/puppet/v3/file_metadata", capture: false, methods: &[GET, POST], allow: Allow::AnyCert, name: "puppetlabs file metadata" },
    Rule { prefix: "/puppet/v3/node/", capture: true, methods: &[GET], allow: Allow::PathCert, name: "puppetlabs node" },
    Rule { prefix: "/puppet/v3/report/", capture: true, methods: &[PUT], allow: Allow::PathCert, name: "puppetlabs report" },
    Rule { prefix: "/puppet/v3/facts/", capture: true, methods: &[PUT], allow: Allow::PathCert, name: "puppetlabs facts" },
    Rule { prefix: "/puppet/v3/tasks", capture: false, methods: &[GET, HEAD], allow: Allow::AnyCert, name: "puppet tasks information" },
    Rule { prefix: "/puppet-admin-api/v1/environment-cache", capture: false, methods: &[DELETE], allow: Allow::Tools, name: "pjit admin environment cache" },
    Rule { prefix: "/", capture: false, methods: &[], allow: Allow::Nobody, name: "puppetlabs deny all" },
];

/// Whether `certname` (None: no client certificate) may make the request;
/// Err is Puppet Server's 403 message.
pub fn authorize(method: &Method, path: &str, certname: Option<&str>, host: &str, tools: &[String]) -> Result<(), String> {
    for rule in RULES {
        let Some(rest) = path.strip_prefix(rule.prefix) else { continue };
        if rule.capture && (rest.is_empty() || rest.contains('/')) {
            continue;
        }
        if !rule.methods.is_empty() && !rule.methods.contains(method) {
            continue;
        }
        let allowed = match rule.allow {
            Allow::Unauthenticated => true,
            Allow::AnyCert => certname.is_some(),
            Allow::PathCert => certname == Some(rest),
            Allow::Tools => certname.is_some_and(|c| tools.iter().any(|t| t == c)),
            Allow::Nobody => false,
        };
        if allowed {
            return Ok(());
        }
        let who = certname.unwrap_or(host);
        return Err(format!(
            "Forbidden request: {who}({host}) access to {path} (method :{}) (authenticated: {}) denied by rule '{}'.",
            method.as_str().to_lowercase(),
            certname.is_some(),
            rule.name
        ));
    }
    unreachable!("the last rule matches every path")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_rules() {
        let tools = vec!["tool.example".to_string()];
        let ok = |m: &Method, p: &str, c: Option<&str>| authorize(m, p, c, "127.0.0.1", &tools).is_ok();
        assert!(ok(&POST, "/puppet/v3/catalog/a.example", Some("a.example")));
        assert!(!ok(&POST, "/puppet/v3/catalog/b.example", Some("a.example")));
        assert!(!ok(&POST, "/puppet/v3/catalog/a.example", None));
        assert!(!ok(&GET, "/puppet/v3/catalog/a.example/x", Some("a.example")));
        assert!(ok(&GET, "/puppet/v3/node/a.example", Some("a.example")));
        assert!(!ok(&PUT, "/puppet/v3/node/a.example", Some("a.example")));
        assert!(ok(&PUT, "/puppet/v3/report/a.example", Some("a.example")));
        assert!(ok(&GET, "/puppet/v3/file_metadatas/plugins", Some("a.example")));
        assert!(!ok(&GET, "/puppet/v3/file_content/modules/x/y", None));
        assert!(ok(&GET, "/puppet-ca/v1/certificate/ca", None));
        assert!(ok(&GET, "/puppet-ca/v1/certificate_revocation_list/ca", None));
        assert!(ok(&GET, "/status/v1/simple", None));
        assert!(!ok(&GET, "/puppet/v3/environments", None));
        assert!(!ok(&POST, "/puppet/v4/catalog", Some("a.example")));
        assert!(ok(&POST, "/puppet/v4/catalog", Some("tool.example")));
        assert!(!ok(&GET, "/nothing", Some("a.example")));
        let e = authorize(&GET, "/puppet/v3/environments", None, "127.0.0.1", &tools).unwrap_err();
        assert_eq!(
            e,
            "Forbidden request: 127.0.0.1(127.0.0.1) access to /puppet/v3/environments (method :get) (authenticated: false) denied by rule 'puppetlabs environments'."
        );
    }
}
