//! TLS to PuppetDB as Puppet's HTTP client makes it: PuppetDB's
//! certificate verified against the CA bundle (`localcacert`) and, as
//! `certificate_revocation` asks, against the CRLs (`hostcrl`): `chain`
//! checks every certificate of the chain, `leaf` only PuppetDB's own,
//! `false` none; a certificate whose issuer has no CRL there, or a CRL
//! past its next update, fails as it fails in OpenSSL. The host's
//! certificate is presented unless `verify_client_certificate = false`.
//!
//! ureq's own TLS knows no CRLs, so this is a ureq connector (after its
//! TCP connector) over a rustls configuration of ours.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, CertificateRevocationListDer, PrivateKeyDer, ServerName};
use rustls::{ClientConfig, ClientConnection, StreamOwned};
use ureq::unversioned::transport::{Buffers, ConnectionDetails, Connector, Either, LazyBuffers, NextTimeout, Transport, TransportAdapter};

use crate::config::{Revocation, TlsFiles};

/// The rustls configuration for PuppetDB's URLs; `client_cert`: present
/// the host's certificate.
pub fn client_config(t: &TlsFiles, client_cert: bool) -> Result<Arc<ClientConfig>, String> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut roots = rustls::RootCertStore::empty();
    if !t.ca.is_file() {
        return Err(format!("The CA certificates are missing from '{}'", t.ca.display()));
    }
    for c in certs(&t.ca)? {
        roots.add(c).map_err(|e| format!("Could not use the CA certificate in {}: {e}", t.ca.display()))?;
    }
    let mut verifier = rustls::client::WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone());
    if t.revocation != Revocation::Off {
        let crl = t.crl.as_deref().ok_or("certificate_revocation needs a CRL file (hostcrl)")?;
        if !crl.is_file() {
            return Err(format!("The CRL is missing from '{}'", crl.display()));
        }
        let crls: Vec<CertificateRevocationListDer<'static>> = CertificateRevocationListDer::pem_file_iter(crl)
            .and_then(|it| it.collect::<Result<Vec<_>, _>>())
            .map_err(|e| format!("Failed to load CRLs from '{}': {e}", crl.display()))?;
        verifier = verifier.with_crls(crls).enforce_revocation_expiration();
        if t.revocation == Revocation::Leaf {
            verifier = verifier.only_check_end_entity_revocation();
        }
    }
    let verifier = verifier.build().map_err(|e| format!("Could not set up PuppetDB's certificate checks: {e}"))?;
    let builder = ClientConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
        .map_err(|e| e.to_string())?
        .with_webpki_verifier(verifier);
    let config = match (&t.cert, &t.key) {
        (Some(cert), Some(key)) if client_cert => {
            let chain = certs(cert)?;
            let key = PrivateKeyDer::from_pem_file(key).map_err(|e| format!("Could not read the private key {}: {e}", key.display()))?;
            builder.with_client_auth_cert(chain, key).map_err(|e| format!("Could not use the certificate {}: {e}", cert.display()))?
        }
        _ => builder.with_no_client_auth(),
    };
    Ok(Arc::new(config))
}

fn certs(path: &Path) -> Result<Vec<CertificateDer<'static>>, String> {
    let v: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(path)
        .and_then(|it| it.collect::<Result<Vec<_>, _>>())
        .map_err(|e| format!("Could not read {}: {e}", path.display()))?;
    if v.is_empty() {
        return Err(format!("No certificate in {}", path.display()));
    }
    Ok(v)
}

/// The connector: wraps the TCP transport of an `https` URL in TLS.
#[derive(Debug)]
pub struct Tls(pub Arc<ClientConfig>);

impl<In: Transport> Connector<In> for Tls {
    type Out = Either<In, TlsTransport>;

    fn connect(&self, details: &ConnectionDetails, chained: Option<In>) -> Result<Option<Self::Out>, ureq::Error> {
        let Some(transport) = chained else { return Ok(None) };
        if !details.needs_tls() || transport.is_tls() {
            return Ok(Some(Either::A(transport)));
        }
        let host = details.uri.host().unwrap_or_default().trim_start_matches('[').trim_end_matches(']');
        let name = ServerName::try_from(host.to_string()).map_err(|_| ureq::Error::Tls("PuppetDB's host name is not valid for TLS"))?;
        let mut conn = ClientConnection::new(self.0.clone(), name)?;
        let mut sock = TransportAdapter::new(transport.boxed(), details.current_time.clone());
        sock.set_timeout(details.timeout);
        conn.complete_io(&mut sock)?;
        let buffers = LazyBuffers::new(details.config.input_buffer_size(), details.config.output_buffer_size());
        Ok(Some(Either::B(TlsTransport { buffers, stream: StreamOwned { conn, sock } })))
    }
}

/// An established TLS connection to PuppetDB.
pub struct TlsTransport {
    buffers: LazyBuffers,
    stream: StreamOwned<ClientConnection, TransportAdapter>,
}

impl std::fmt::Debug for TlsTransport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TlsTransport").finish()
    }
}

impl Transport for TlsTransport {
    fn buffers(&mut self) -> &mut dyn Buffers {
        &mut self.buffers
    }

    fn transmit_output(&mut self, amount: usize, timeout: NextTimeout) -> Result<(), ureq::Error> {
        self.stream.get_mut().set_timeout(timeout);
        let output = &self.buffers.output()[..amount];
        self.stream.write_all(output)?;
        Ok(())
    }

    fn await_input(&mut self, timeout: NextTimeout) -> Result<bool, ureq::Error> {
        self.stream.get_mut().set_timeout(timeout);
        let input = self.buffers.input_append_buf();
        let amount = self.stream.read(input)?;
        self.buffers.input_appended(amount);
        Ok(amount > 0)
    }

    fn is_open(&mut self) -> bool {
        self.stream.get_mut().get_mut().is_open()
    }

    fn is_tls(&self) -> bool {
        true
    }
}
