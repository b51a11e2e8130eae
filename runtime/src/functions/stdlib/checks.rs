//! stdlib's validators that reach outside the compiler: `validate_cmd`
//! (runs a command on the content), `validate_augeas` (parses it with an
//! Augeas lens) and `validate_x509_rsa_key_pair` (a certificate's
//! signature checked with an RSA key).
//!
//! pjit runs no command unless configured to ([`Host::commands_allowed`],
//! `--allow-generate`, as for `generate()`), and has no Augeas: the 3.x
//! bodies keep Puppet's argument checks and messages, then run the command
//! or fail as Puppet does on a machine without the Augeas feature.

use std::io::Write as _;

use super::{inspect, perr, to_s, Reg};
use crate::functions::{FnResult, Host};
use crate::value::Value;

pub(crate) fn register(r: &mut Reg) {
    r.v3("validate_cmd", -1, validate_cmd);
    r.v3("validate_augeas", -1, validate_augeas);
    r.v3("validate_x509_rsa_key_pair", -1, validate_x509_rsa_key_pair);
}

/// `validate_cmd(content, checkscript, message?)`: writes the content to a
/// temporary file and runs the command with that file's path in place of
/// a ` % ` (else at the end); a failure is `message` (or stdlib's) and
/// Puppet's `Execution of '<command>' returned <status>: <output>`.
fn validate_cmd(host: &mut dyn Host, args: &[Value]) -> FnResult {
    if !(2..=3).contains(&args.len()) {
        return Err(perr(format!("validate_cmd(): wrong number of arguments ({}; must be 2 or 3)", args.len())));
    }
    let checkscript = to_s(&args[1]);
    let mut msg = match args.get(2) {
        Some(m) => to_s(m),
        None => format!("validate_cmd(): failed to validate content with command {}", inspect(&args[1])),
    };
    if !host.commands_allowed() {
        return Err(perr(format!(
            "validate_cmd(): pjit does not run commands while compiling (Puppet runs {} on the compiling machine; --allow-generate lets it)",
            inspect(&args[1])
        )));
    }
    let tmp = TempFile::new("validate_cmd").map_err(|e| perr(format!("{msg}\n{} {e}", "Errno::EIO")))?;
    let written = std::fs::OpenOptions::new().write(true).open(&tmp.0).and_then(|mut f| f.write_all(to_s(&args[0]).as_bytes()));
    if let Err(e) = written {
        return Err(perr(format!("{msg}\nIOError {e}")));
    }
    let path = tmp.0.display().to_string();
    // Ruby's `%r{\s%(\s|$)}`: a lone `%` word (at the end of any line).
    let has_placeholder = {
        let b = checkscript.as_bytes();
        (1..b.len()).any(|i| {
            b[i] == b'%' && b[i - 1].is_ascii_whitespace() && (i + 1 == b.len() || b[i + 1].is_ascii_whitespace())
        })
    };
    let command = if has_placeholder { checkscript.replace('%', &path) } else { format!("{checkscript} {path}") };
    // Puppet::Util::Execution.execute(String): Kernel#exec of the string
    // (a shell when it has shell syntax), stdout and stderr combined, the
    // C locale.
    crate::impure::mark();
    let out = std::process::Command::new("/bin/sh")
        .arg("-c")
        .arg(&command)
        .env("LANG", "C")
        .env("LC_ALL", "C")
        .stdin(std::process::Stdio::null())
        .output();
    match out {
        Ok(o) if o.status.success() => Ok(Value::Undef),
        Ok(o) => {
            let mut text = o.stdout;
            text.extend_from_slice(&o.stderr);
            let status = o.status.code().unwrap_or(1);
            msg.push_str(&format!("\nExecution of '{command}' returned {status}: {}", String::from_utf8_lossy(&text).trim()));
            Err(perr(msg))
        }
        Err(e) => Err(perr(format!("{msg}\nErrno::ENOENT {e}"))),
    }
}

/// A file that Ruby's `Tempfile.new(prefix)` would make, removed on drop.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(prefix: &str) -> std::io::Result<TempFile> {
        crate::impure::mark();
        let dir = std::env::temp_dir();
        let date = chrono::Local::now().format("%Y%m%d");
        for attempt in 0u32..100 {
            let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
            let name = format!("{prefix}{date}-{}-{:x}", std::process::id(), nanos.wrapping_add(attempt));
            let p = dir.join(name);
            match std::fs::OpenOptions::new().write(true).create_new(true).open(&p) {
                Ok(_) => return Ok(TempFile(p)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(std::io::Error::other("could not create a temporary file"))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `validate_augeas(content, lens, tests?, message?)` needs Ruby's Augeas
/// bindings (`Puppet.features.augeas?`), which pjit does not have: it
/// fails as Puppet does without them, before looking at its arguments.
fn validate_augeas(_: &mut dyn Host, _: &[Value]) -> FnResult {
    Err(perr(
        "validate_augeas(): this function requires the augeas feature. See http://docs.puppetlabs.com/guides/augeas.html#pre-requisites for how to activate it.",
    ))
}

/// `validate_x509_rsa_key_pair(cert, key)`: both PEM (or DER) strings, the
/// certificate's signature verified with the RSA key (`cert.verify(key)`),
/// with OpenSSL 3's reasons for unreadable input.
fn validate_x509_rsa_key_pair(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 2 {
        return Err(perr(format!("validate_x509_rsa_key_pair(): wrong number of arguments ({}; must be 2)", args.len())));
    }
    for a in args {
        if !matches!(a, Value::String(_)) {
            return Err(perr(format!("{} is not a string.", inspect(a))));
        }
    }
    let cert = parse_certificate(&to_s(&args[0])).map_err(|e| perr(format!("Not a valid x509 certificate: {e}")))?;
    let key = parse_rsa_key(&to_s(&args[1])).map_err(|e| perr(format!("Not a valid RSA key: {e}")))?;
    if !verify(&cert, &key) {
        return Err(perr("Certificate signature does not match supplied key"));
    }
    Ok(Value::Undef)
}

/// The parts of a certificate that its signature check needs.
struct Cert {
    tbs: Vec<u8>,
    algorithm: String,
    signature: Vec<u8>,
}

/// An RSA public key: modulus and exponent, big-endian.
struct RsaKey {
    n: Vec<u8>,
    e: Vec<u8>,
}

/// The DER of the first PEM block whose label is one of `labels`: OpenSSL's
/// `PEM_read_bio` reasons (`no start line`, `bad end line`,
/// `bad base64 decode`) when there is none or it is broken.
fn pem_block(text: &str, labels: &[&str]) -> Result<Vec<u8>, &'static str> {
    let mut lines = text.lines();
    let label = loop {
        let Some(l) = lines.next() else { return Err("no start line") };
        if let Some(lab) = l.strip_prefix("-----BEGIN ").and_then(|r| r.trim_end().strip_suffix("-----")) {
            if labels.contains(&lab) {
                break lab;
            }
        }
    };
    let mut body = String::new();
    for l in lines.by_ref() {
        let l = l.trim_end();
        if l.starts_with("-----END ") {
            if l != format!("-----END {label}-----") {
                return Err("bad end line");
            }
            // OpenSSL's decoder wants whole 4-character groups.
            return crate::convert::strict_base64_decode(&body).map_err(|_| "bad base64 decode");
        }
        if l.starts_with("-----") {
            return Err("bad end line");
        }
        body.push_str(l.trim());
    }
    Err("bad end line")
}

/// `OpenSSL::X509::Certificate.new(text)`: DER, else PEM, whose errors
/// OpenSSL reports from `PEM_read_bio_X509`.
fn parse_certificate(text: &str) -> Result<Cert, String> {
    let der = match pem_block(text, &["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE"]) {
        Ok(d) => d,
        // Certificate.new also reads DER.
        Err("no start line") if text.as_bytes().first() == Some(&0x30) => text.as_bytes().to_vec(),
        Err(e) => return Err(format!("PEM_read_bio_X509: {e}")),
    };
    let (_, cert) = x509_parser::parse_x509_certificate(&der).map_err(|_| "ASN1 lib".to_string())?;
    Ok(Cert {
        tbs: cert.tbs_certificate.as_ref().to_vec(),
        algorithm: cert.signature_algorithm.algorithm.to_id_string(),
        signature: cert.signature_value.data.to_vec(),
    })
}

/// `OpenSSL::PKey::RSA.new(text)`: a PKCS#1 or PKCS#8 private key, or a
/// PKCS#1 or SubjectPublicKeyInfo public key, PEM or DER.
fn parse_rsa_key(text: &str) -> Result<RsaKey, String> {
    use x509_parser::der_parser::ber::BerObjectContent;
    use x509_parser::der_parser::der::parse_der;
    const UNSUPPORTED: &str = "Neither PUB key nor PRIV key: unsupported";
    let labels = ["RSA PRIVATE KEY", "PRIVATE KEY", "RSA PUBLIC KEY", "PUBLIC KEY"];
    let der = pem_block(text, &labels).or_else(|_| {
        if text.as_bytes().first() == Some(&0x30) { Ok(text.as_bytes().to_vec()) } else { Err(UNSUPPORTED.to_string()) }
    })?;
    fn seq(d: &[u8]) -> Option<Vec<x509_parser::der_parser::ber::BerObject<'_>>> {
        let (_, o) = parse_der(d).ok()?;
        match o.content {
            BerObjectContent::Sequence(v) => Some(v),
            _ => None,
        }
    }
    let int = |o: &x509_parser::der_parser::ber::BerObject<'_>| -> Option<Vec<u8>> {
        match &o.content {
            BerObjectContent::Integer(b) => {
                let b: &[u8] = b;
                let i = b.iter().position(|x| *x != 0).unwrap_or(b.len().saturating_sub(1));
                Some(b[i..].to_vec())
            }
            _ => None,
        }
    };
    let items = seq(&der).ok_or(UNSUPPORTED)?;
    // PKCS#1 private: version, n, e, d, ...; PKCS#1 public: n, e.
    if items.len() >= 9 && int(&items[0]).is_some() {
        if let (Some(n), Some(e)) = (int(&items[1]), int(&items[2])) {
            return Ok(RsaKey { n, e });
        }
    }
    if items.len() == 2 {
        if let (Some(n), Some(e)) = (int(&items[0]), int(&items[1])) {
            return Ok(RsaKey { n, e });
        }
    }
    // PKCS#8 (version, AlgorithmIdentifier, OCTET STRING) or
    // SubjectPublicKeyInfo (AlgorithmIdentifier, BIT STRING).
    let (alg, inner) = match items.as_slice() {
        [_, alg, key, ..] if matches!(key.content, BerObjectContent::OctetString(_)) => {
            let BerObjectContent::OctetString(k) = &key.content else { unreachable!() };
            (alg, k.to_vec())
        }
        [alg, key] if matches!(key.content, BerObjectContent::BitString(..)) => {
            let BerObjectContent::BitString(_, k) = &key.content else { unreachable!() };
            (alg, k.data.to_vec())
        }
        _ => return Err(UNSUPPORTED.into()),
    };
    let oid = match &alg.content {
        BerObjectContent::Sequence(v) => match v.first().map(|o| &o.content) {
            Some(BerObjectContent::OID(oid)) => oid.to_id_string(),
            _ => return Err(UNSUPPORTED.into()),
        },
        _ => return Err(UNSUPPORTED.into()),
    };
    let kind = match oid.as_str() {
        "1.2.840.113549.1.1.1" => {
            let items = seq(&inner).ok_or(UNSUPPORTED)?;
            let (n, e) = match items.len() {
                2 => (int(&items[0]), int(&items[1])),
                _ if items.len() >= 9 => (int(&items[1]), int(&items[2])),
                _ => (None, None),
            };
            return match (n, e) {
                (Some(n), Some(e)) => Ok(RsaKey { n, e }),
                _ => Err(UNSUPPORTED.into()),
            };
        }
        "1.3.101.112" => "ED25519",
        "1.3.101.113" => "ED448",
        "1.3.101.110" => "X25519",
        "1.3.101.111" => "X448",
        "1.2.840.10045.2.1" => "EC",
        "1.2.840.10040.4.1" => "DSA",
        "1.2.840.113549.1.3.1" => "DH",
        "1.2.840.113549.1.1.10" => "RSA-PSS",
        _ => return Err(UNSUPPORTED.into()),
    };
    Err(format!("incorrect pkey type: {kind}"))
}

/// `X509_verify`: the signature over the TBS part with the key, for the
/// PKCS#1 v1.5 RSA algorithms; any other algorithm does not verify.
fn verify(cert: &Cert, key: &RsaKey) -> bool {
    use ring::signature as sig;
    let alg: &sig::RsaParameters = match cert.algorithm.as_str() {
        "1.2.840.113549.1.1.5" => &sig::RSA_PKCS1_1024_8192_SHA1_FOR_LEGACY_USE_ONLY,
        "1.2.840.113549.1.1.11" => &sig::RSA_PKCS1_1024_8192_SHA256_FOR_LEGACY_USE_ONLY,
        "1.2.840.113549.1.1.12" => &sig::RSA_PKCS1_2048_8192_SHA384,
        "1.2.840.113549.1.1.13" => &sig::RSA_PKCS1_1024_8192_SHA512_FOR_LEGACY_USE_ONLY,
        _ => return false,
    };
    sig::RsaPublicKeyComponents { n: &key.n, e: &key.e }.verify(alg, &cert.tbs, &cert.signature).is_ok()
}
