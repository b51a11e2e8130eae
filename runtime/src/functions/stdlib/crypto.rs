//! stdlib's password hashing functions: `str2saltedpbkdf2`
//! (PBKDF2-HMAC-SHA512, 128 bytes, as OpenSSL's `pbkdf2_hmac` computes
//! it) and the SHA-512 `str2saltedsha512` uses, on RustCrypto's crates.

use super::{perr, Reg};
use crate::functions::{FnResult, Host};
use crate::value::Value;

pub(crate) fn register(r: &mut Reg) {
    r.v3("str2saltedpbkdf2", -1, str2saltedpbkdf2);
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
