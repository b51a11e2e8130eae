//! TLS with the site's Puppet CA: the server's certificate and key
//! (`hostcert`, `hostprivkey`), client certificates verified against the
//! CA bundle (`localcacert`) and its CRLs (`hostcrl`, as
//! `certificate_revocation` asks: `chain`, `leaf` or `false`), clients
//! without a certificate let through to be judged by the authorization
//! rules. [`Peer`] is what a verified certificate says: the certname (its
//! subject's CN) and the extensions `$trusted` shows, under Puppet's short
//! names (`pp_role`, ...).

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use indexmap::IndexMap;
use pjit_settings::Settings;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, CertificateRevocationListDer, PrivateKeyDer};
use rustls::server::WebPkiClientVerifier;

/// The rustls configuration for the settings' certificates.
pub fn server_config(s: &Settings) -> Result<Arc<rustls::ServerConfig>, String> {
    let path = |name: &str| s.path(name).ok_or_else(|| format!("the setting {name} is empty"));
    let (hostcert, hostkey, cacert, crl) = (path("hostcert")?, path("hostprivkey")?, path("localcacert")?, path("hostcrl")?);
    let certs = read_certs(&hostcert)?;
    let key = PrivateKeyDer::from_pem_file(&hostkey)
        .map_err(|e| format!("Could not read the server's private key {}: {e}", hostkey.display()))?;
    let mut roots = rustls::RootCertStore::empty();
    for c in read_certs(&cacert)? {
        roots.add(c).map_err(|e| format!("Could not use the CA certificate in {}: {e}", cacert.display()))?;
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut verifier = WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider.clone()).allow_unauthenticated();
    match s.get("certificate_revocation").as_deref().unwrap_or("chain") {
        "false" => {}
        mode => {
            let crls: Vec<CertificateRevocationListDer<'static>> = CertificateRevocationListDer::pem_file_iter(&crl)
                .and_then(|it| it.collect::<Result<Vec<_>, _>>())
                .map_err(|e| format!("Could not read the CRL {}: {e}", crl.display()))?;
            if crls.is_empty() {
                return Err(format!("{} holds no CRL (certificate_revocation is {mode})", crl.display()));
            }
            verifier = verifier.with_crls(crls);
            if mode == "leaf" {
                verifier = verifier.only_check_end_entity_revocation();
            }
        }
    }
    let verifier = verifier.build().map_err(|e| format!("Could not set up client certificate checks: {e}"))?;
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
        .map_err(|e| e.to_string())?
        .with_client_cert_verifier(verifier)
        .with_single_cert(certs, key)
        .map_err(|e| format!("Could not use the server certificate {}: {e}", hostcert.display()))?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

fn read_certs(p: &Path) -> Result<Vec<CertificateDer<'static>>, String> {
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(p)
        .and_then(|it| it.collect::<Result<Vec<_>, _>>())
        .map_err(|e| format!("Could not read certificates from {}: {e}", p.display()))?;
    if certs.is_empty() {
        return Err(format!("{} holds no certificate", p.display()));
    }
    Ok(certs)
}

/// The client of a connection.
#[derive(Debug)]
pub struct Peer {
    pub addr: SocketAddr,
    /// The certname of a verified client certificate (None: anonymous).
    pub certname: Option<String>,
    /// Its Puppet extensions: short name (or OID) to value, in
    /// certificate order.
    pub extensions: IndexMap<String, String>,
}

/// Puppet's registered certificate extensions (`Puppet::SSL::Oids`).
const SHORT_NAMES: &[(&str, &str)] = &[
    ("1.3.6.1.4.1.34380.1.1.1", "pp_uuid"),
    ("1.3.6.1.4.1.34380.1.1.2", "pp_instance_id"),
    ("1.3.6.1.4.1.34380.1.1.3", "pp_image_name"),
    ("1.3.6.1.4.1.34380.1.1.4", "pp_preshared_key"),
    ("1.3.6.1.4.1.34380.1.1.5", "pp_cost_center"),
    ("1.3.6.1.4.1.34380.1.1.6", "pp_product"),
    ("1.3.6.1.4.1.34380.1.1.7", "pp_project"),
    ("1.3.6.1.4.1.34380.1.1.8", "pp_application"),
    ("1.3.6.1.4.1.34380.1.1.9", "pp_service"),
    ("1.3.6.1.4.1.34380.1.1.10", "pp_employee"),
    ("1.3.6.1.4.1.34380.1.1.11", "pp_created_by"),
    ("1.3.6.1.4.1.34380.1.1.12", "pp_environment"),
    ("1.3.6.1.4.1.34380.1.1.13", "pp_role"),
    ("1.3.6.1.4.1.34380.1.1.14", "pp_software_version"),
    ("1.3.6.1.4.1.34380.1.1.15", "pp_department"),
    ("1.3.6.1.4.1.34380.1.1.16", "pp_cluster"),
    ("1.3.6.1.4.1.34380.1.1.17", "pp_provisioner"),
    ("1.3.6.1.4.1.34380.1.1.18", "pp_region"),
    ("1.3.6.1.4.1.34380.1.1.19", "pp_datacenter"),
    ("1.3.6.1.4.1.34380.1.1.20", "pp_zone"),
    ("1.3.6.1.4.1.34380.1.1.21", "pp_network"),
    ("1.3.6.1.4.1.34380.1.1.22", "pp_securitypolicy"),
    ("1.3.6.1.4.1.34380.1.1.23", "pp_cloudplatform"),
    ("1.3.6.1.4.1.34380.1.1.24", "pp_apptier"),
    ("1.3.6.1.4.1.34380.1.1.25", "pp_hostname"),
    ("1.3.6.1.4.1.34380.1.1.26", "pp_owner"),
    ("1.3.6.1.4.1.34380.1.3.1", "pp_authorization"),
    ("1.3.6.1.4.1.34380.1.3.13", "pp_auth_role"),
];

/// The arcs whose extensions `$trusted['extensions']` shows.
const TRUSTED_ARCS: &[&str] = &["1.3.6.1.4.1.34380.1.1.", "1.3.6.1.4.1.34380.1.2.", "1.3.6.1.4.1.34380.1.3."];

impl Peer {
    /// The client of a finished handshake (rustls verified its chain and
    /// revocation status already).
    pub fn of(conn: &rustls::ServerConnection, addr: SocketAddr) -> Peer {
        let mut peer = Peer { addr, certname: None, extensions: IndexMap::new() };
        let Some(cert) = conn.peer_certificates().and_then(|c| c.first()) else { return peer };
        let Ok((_, x509)) = x509_parser::parse_x509_certificate(cert.as_ref()) else { return peer };
        peer.certname = x509.subject().iter_common_name().next().and_then(|cn| cn.as_str().ok()).map(str::to_string);
        for ext in x509.extensions() {
            let oid = ext.oid.to_id_string();
            if !TRUSTED_ARCS.iter().any(|arc| oid.starts_with(arc)) {
                continue;
            }
            let name = SHORT_NAMES.iter().find(|(o, _)| *o == oid).map_or(oid.clone(), |(_, n)| n.to_string());
            peer.extensions.insert(name, extension_value(ext.value));
        }
        peer
    }

    /// `$trusted` as Puppet Server builds it for this client.
    pub fn trusted(&self) -> pjit_runtime::Value {
        use pjit_runtime::Value;
        let hash = |pairs: Vec<(String, Value)>| {
            let mut h = pjit_runtime::value::HashMapV::default();
            for (k, v) in pairs {
                h.insert(Value::string(k), v);
            }
            Value::Hash(pjit_runtime::value::PHash(Arc::new(h)))
        };
        let Some(certname) = &self.certname else {
            // Puppet's `TrustedInformation` for an unauthenticated request.
            return hash(vec![
                ("authenticated".into(), Value::Boolean(false)),
                ("certname".into(), Value::Undef),
                ("extensions".into(), hash(vec![])),
                ("hostname".into(), Value::Undef),
                ("domain".into(), Value::Undef),
                ("external".into(), hash(vec![])),
            ]);
        };
        let (host, domain) = match certname.split_once('.') {
            Some((h, d)) => (h.to_string(), Value::string(d)),
            None => (certname.clone(), Value::Undef),
        };
        let extensions = self.extensions.iter().map(|(k, v)| (k.clone(), Value::string(v.as_str()))).collect();
        hash(vec![
            ("authenticated".into(), Value::string("remote")),
            ("certname".into(), Value::string(certname.as_str())),
            ("extensions".into(), hash(extensions)),
            ("hostname".into(), Value::string(host)),
            ("domain".into(), domain),
            ("external".into(), hash(vec![])),
        ])
    }
}

/// An extension's value as Puppet reads it: the DER string inside, or the
/// raw bytes when they are not DER (certificates signed before PUP-3560).
fn extension_value(raw: &[u8]) -> String {
    match x509_parser::der_parser::der::parse_der(raw) {
        Ok((rest, obj)) if rest.is_empty() => match obj.as_str() {
            Ok(s) => s.to_string(),
            Err(_) => String::from_utf8_lossy(obj.as_slice().unwrap_or(raw)).into_owned(),
        },
        _ => String::from_utf8_lossy(raw).into_owned(),
    }
}
