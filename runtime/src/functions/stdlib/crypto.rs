//! stdlib's password hashing functions: `str2saltedpbkdf2`
//! (PBKDF2-HMAC-SHA512, 128 bytes, as OpenSSL's `pbkdf2_hmac` computes
//! it), the SHA-512 `str2saltedsha512` uses, and `pw_hash` (crypt(3) as
//! Ruby's `String#crypt` calls it on Debian: libxcrypt's MD5-crypt,
//! SHA-256/512-crypt and bcrypt), on RustCrypto's digests and the
//! `bcrypt` crate.

use super::{perr, Reg};
use crate::functions::{FnResult, Host};
use crate::value::Value;

pub(crate) fn register(r: &mut Reg) {
    r.v3("str2saltedpbkdf2", -1, str2saltedpbkdf2);
    r.v3("pw_hash", 3, pw_hash);
}

/// SHA-512 of `data`.
pub(crate) fn sha512(data: &[u8]) -> [u8; 64] {
    use sha2::Digest;
    sha2::Sha512::digest(data).into()
}

/// A Sensitive argument's value (`arg.unwrap`), any other as it is.
pub(crate) fn unwrap_sensitive(v: &Value) -> &Value {
    match v {
        Value::Sensitive(inner) => inner,
        other => other,
    }
}

fn str2saltedpbkdf2(_: &mut dyn Host, args: &[Value]) -> FnResult {
    if args.len() != 3 {
        return Err(perr(format!("str2saltedpbkdf2(): wrong number of arguments ({} for 3)", args.len())));
    }
    let args: Vec<&Value> = args.iter().map(unwrap_sensitive).collect();
    let Value::String(password) = args[0] else { return Err(perr("str2saltedpbkdf2(): first argument must be a string")) };
    let Value::String(salt) = args[1] else { return Err(perr("str2saltedpbkdf2(): second argument must be a string")) };
    if salt.len() < 8 {
        return Err(perr("str2saltedpbkdf2(): second argument must be at least 8 bytes long"));
    }
    let Value::Integer(iterations) = *args[2] else {
        return Err(perr("str2saltedpbkdf2(): third argument must be an integer"));
    };
    if !(iterations > 40_000 && iterations < 70_000) {
        return Err(perr("str2saltedpbkdf2(): third argument must be between 40,000 and 70,000"));
    }
    let mut key = [0u8; 128];
    pbkdf2::pbkdf2_hmac::<sha2::Sha512>(password.as_bytes(), salt.as_bytes(), iterations as u32, &mut key);
    Ok(Value::hash(vec![
        (Value::string("password_hex"), Value::string(crate::functions::digest::hex(&key))),
        (Value::string("salt_hex"), Value::string(crate::functions::digest::hex(salt.as_bytes()))),
        (Value::string("iterations"), Value::Integer(iterations)),
    ]))
}

/// crypt(3)'s base-64 alphabet (also bcrypt's, in another order).
const ITOA64: &[u8; 64] = b"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// stdlib's `pw_hash(password, type, salt)`: checks as its Ruby does, then
/// `password.crypt("$<prefix>$<salt>")`.
fn pw_hash(_: &mut dyn Host, args: &[Value]) -> FnResult {
    let args: Vec<&Value> = args.iter().map(unwrap_sensitive).collect();
    let password = match args[0] {
        Value::String(s) => Some(s.as_ref()),
        Value::Undef => None,
        _ => return Err(perr("pw_hash(): first argument must be a string")),
    };
    let Value::String(kind) = args[1] else { return Err(perr("pw_hash(): second argument must be a string")) };
    let prefix = match kind.to_lowercase().as_str() {
        "md5" => "1",
        "sha-256" => "5",
        "sha-512" => "6",
        "bcrypt" => "2b",
        "bcrypt-a" => "2a",
        "bcrypt-x" => "2x",
        "bcrypt-y" => "2y",
        _ => return Err(perr(format!("pw_hash(): {kind} is not a valid hash type"))),
    };
    let Value::String(salt) = args[2] else { return Err(perr("pw_hash(): third argument must be a string")) };
    if salt.is_empty() {
        return Err(perr("pw_hash(): third argument must not be empty"));
    }
    let bcrypt = prefix.starts_with('2');
    // Ruby's `^` matches at the start of any line; `\A...\z` the whole string.
    let salt_ok = if bcrypt {
        salt.split('\n').any(bcrypt_salt_prefix)
    } else {
        salt.bytes().all(|b| ITOA64.contains(&b))
    };
    if !salt_ok {
        let doc = if bcrypt {
            "match (?-mix:^(0[4-9]|[12][0-9]|3[01])\\$[.\\/A-Za-z0-9]{22})"
        } else {
            "be in the set [a-zA-Z0-9./]"
        };
        return Err(perr(format!("pw_hash(): characters in salt must {doc}")));
    }
    let Some(password) = password.filter(|p| !p.is_empty()) else { return Ok(Value::Undef) };
    let hashed = match prefix {
        "1" => md5_crypt(password.as_bytes(), salt.as_bytes()),
        "5" => sha_crypt::<sha2::Sha256>("5", password.as_bytes(), salt.as_bytes()),
        "6" => sha_crypt::<sha2::Sha512>("6", password.as_bytes(), salt.as_bytes()),
        _ => bcrypt_crypt(prefix, password.as_bytes(), salt)?,
    };
    Ok(Value::string(hashed))
}

/// `(0[4-9]|[12][0-9]|3[01])\$[./A-Za-z0-9]{22}` at the start of `line`.
fn bcrypt_salt_prefix(line: &str) -> bool {
    let b = line.as_bytes();
    let cost_ok = match (b.first(), b.get(1)) {
        (Some(b'0'), Some(d)) => (b'4'..=b'9').contains(d),
        (Some(b'1' | b'2'), Some(d)) => d.is_ascii_digit(),
        (Some(b'3'), Some(d)) => matches!(d, b'0' | b'1'),
        _ => false,
    };
    cost_ok && b.get(2) == Some(&b'$') && b.len() >= 25 && b[3..25].iter().all(|c| ITOA64.contains(c))
}

/// `n` characters of crypt's base 64 for the 24 bits `(b2 << 16) | (b1 << 8) | b0`,
/// least significant first.
fn b64_24(out: &mut String, b2: u8, b1: u8, b0: u8, n: usize) {
    let mut w = (u32::from(b2) << 16) | (u32::from(b1) << 8) | u32::from(b0);
    for _ in 0..n {
        out.push(ITOA64[(w & 0x3f) as usize] as char);
        w >>= 6;
    }
}

/// `len` bytes of `block` repeated.
fn repeat_to(block: &[u8], len: usize) -> Vec<u8> {
    block.iter().copied().cycle().take(len).collect()
}

/// Ulrich Drepper's SHA-crypt (`$5$`, `$6$`) with the default 5000 rounds
/// (pw_hash's salt cannot hold a `rounds=` parameter); at most 16 salt
/// characters count, as in libxcrypt.
fn sha_crypt<D: sha2::Digest>(id: &str, pw: &[u8], salt: &[u8]) -> String {
    let salt = &salt[..salt.len().min(16)];
    let hash = |parts: &[&[u8]]| {
        let mut d = D::new();
        for p in parts {
            d.update(p);
        }
        d.finalize().to_vec()
    };
    let b = hash(&[pw, salt, pw]);
    let mut a = D::new();
    a.update(pw);
    a.update(salt);
    a.update(repeat_to(&b, pw.len()));
    let mut n = pw.len();
    while n > 0 {
        if n & 1 == 1 {
            a.update(&b);
        } else {
            a.update(pw);
        }
        n >>= 1;
    }
    let mut c = a.finalize().to_vec();
    let dp = hash(&vec![pw; pw.len()]);
    let p = repeat_to(&dp, pw.len());
    let ds = hash(&vec![salt; 16 + usize::from(c[0])]);
    let s = repeat_to(&ds, salt.len());
    for i in 0..5000 {
        let mut d = D::new();
        if i & 1 == 1 {
            d.update(&p);
        } else {
            d.update(&c);
        }
        if i % 3 != 0 {
            d.update(&s);
        }
        if i % 7 != 0 {
            d.update(&p);
        }
        if i & 1 == 1 {
            d.update(&c);
        } else {
            d.update(&p);
        }
        c = d.finalize().to_vec();
    }
    let mut out = format!("${id}${}$", String::from_utf8_lossy(salt));
    if c.len() == 32 {
        for k in 0..10 {
            let (x, y, z) = [(0, 10, 20), (21, 1, 11), (12, 22, 2), (3, 13, 23), (24, 4, 14), (15, 25, 5), (6, 16, 26), (27, 7, 17), (18, 28, 8), (9, 19, 29)][k];
            b64_24(&mut out, c[x], c[y], c[z], 4);
        }
        b64_24(&mut out, 0, c[31], c[30], 3);
    } else {
        for k in 0..21 {
            let (x, y, z) = (k * 22 % 63, (k * 22 + 21) % 63, (k * 22 + 42) % 63);
            b64_24(&mut out, c[x], c[y], c[z], 4);
        }
        b64_24(&mut out, 0, 0, c[63], 2);
    }
    out
}

/// Poul-Henning Kamp's MD5-crypt (`$1$`): at most 8 salt characters.
fn md5_crypt(pw: &[u8], salt: &[u8]) -> String {
    use md5::{Digest, Md5};
    let salt = &salt[..salt.len().min(8)];
    let alt = Md5::new().chain_update(pw).chain_update(salt).chain_update(pw).finalize();
    let mut ctx = Md5::new().chain_update(pw).chain_update(b"$1$").chain_update(salt);
    ctx.update(repeat_to(&alt, pw.len()));
    let mut n = pw.len();
    while n > 0 {
        if n & 1 == 1 {
            ctx.update([0u8]);
        } else {
            ctx.update(&pw[..1]);
        }
        n >>= 1;
    }
    let mut f = ctx.finalize().to_vec();
    for i in 0..1000 {
        let mut d = Md5::new();
        if i & 1 == 1 {
            d.update(pw);
        } else {
            d.update(&f);
        }
        if i % 3 != 0 {
            d.update(salt);
        }
        if i % 7 != 0 {
            d.update(pw);
        }
        if i & 1 == 1 {
            d.update(&f);
        } else {
            d.update(pw);
        }
        f = d.finalize().to_vec();
    }
    let mut out = format!("$1${}$", String::from_utf8_lossy(salt));
    for (x, y, z) in [(0, 6, 12), (1, 7, 13), (2, 8, 14), (3, 9, 15), (4, 10, 5)] {
        b64_24(&mut out, f[x], f[y], f[z], 4);
    }
    b64_24(&mut out, 0, 0, f[11], 2);
    out
}

/// bcrypt (`$2a$`, `$2b$`, `$2x$`, `$2y$`) with the cost and the 22
/// salt characters that start `salt` (libxcrypt ignores what follows).
fn bcrypt_crypt(prefix: &str, pw: &[u8], salt: &str) -> Result<String, crate::functions::Unwind> {
    // The salt check accepts any line; crypt(3) reads the first, and when
    // that one is not a bcrypt setting returns libxcrypt's failure token.
    if !bcrypt_salt_prefix(salt) {
        return Ok("*0".to_string());
    }
    // `$2x$` hashes the password as the historical, sign-extending
    // implementation did; that differs from `$2b$` only for bytes >= 0x80,
    // which the `bcrypt` crate does not emulate.
    if prefix == "2x" && pw.iter().any(|b| *b >= 0x80) {
        return Err(perr(
            "pw_hash(): pjit does not compute bcrypt-x hashes of passwords with non-ASCII characters (crypt(3)'s sign-extension bug)",
        ));
    }
    let cost: u32 = salt[..2].parse().unwrap_or(4);
    let mut raw = [0u8; 16];
    let chars: Vec<u8> = salt.as_bytes()[3..25].to_vec();
    // bcrypt's base 64: `./A-Za-z0-9`; 22 characters hold the 16 bytes.
    const BF64: &[u8; 64] = b"./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let idx = |c: u8| BF64.iter().position(|x| *x == c).unwrap_or(0) as u32;
    let mut bits: u32 = 0;
    let mut nbits = 0;
    let mut k = 0;
    for c in chars {
        bits = (bits << 6) | idx(c);
        nbits += 6;
        if nbits >= 8 && k < 16 {
            nbits -= 8;
            raw[k] = (bits >> nbits) as u8;
            k += 1;
        }
        bits &= (1 << nbits) - 1;
    }
    let version = match prefix {
        "2a" => bcrypt::Version::TwoA,
        "2x" => bcrypt::Version::TwoX,
        "2y" => bcrypt::Version::TwoY,
        _ => bcrypt::Version::TwoB,
    };
    let parts = bcrypt::hash_with_salt(pw, cost, raw).map_err(|e| perr(format!("pw_hash(): {e}")))?;
    Ok(parts.format_for_version(version))
}
