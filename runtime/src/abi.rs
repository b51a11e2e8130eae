//! The C ABI that JIT- and AOT-compiled code calls: every runtime helper
//! generated code may use is listed in [`SYMBOLS`] (register each with
//! `JITBuilder::symbol`; dlsym cannot see Rust functions) and has the same
//! shape: values are passed by pointer, results are written to an out
//! pointer, and the return value is a status code. Nothing unwinds across
//! this boundary: a Puppet error is status [`STATUS_ERROR`] with the error
//! kept in a thread-local slot ([`pjit_rt_take_error`]), and an internal
//! panic is caught and reported as [`STATUS_PANIC`].
//!
//! Ownership: a `*const Value` argument is borrowed; a `*mut Value` out
//! pointer must point to uninitialized (or already moved-out) storage and
//! receives an owned value that the caller must eventually release with
//! [`pjit_rt_drop`].

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::error::Error;
use crate::ops::{self, ArithOp, CmpOp};
use crate::types::calc::instance_of;
use crate::value::Value;

pub const STATUS_OK: u32 = 0;
pub const STATUS_ERROR: u32 = 1;
pub const STATUS_PANIC: u32 = 2;

thread_local! {
    static LAST_ERROR: RefCell<Option<Error>> = const { RefCell::new(None) };
    static LAST_CAPTURES: RefCell<Option<Vec<Option<String>>>> = const { RefCell::new(None) };
}

fn set_error(e: Error) {
    LAST_ERROR.with(|s| *s.borrow_mut() = Some(e));
}

/// Runs `f`, turning a Puppet error or a panic into a status code.
fn guarded(f: impl FnOnce() -> Result<(), Error>) -> u32 {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => STATUS_OK,
        Ok(Err(e)) => {
            set_error(e);
            STATUS_ERROR
        }
        Err(_) => {
            set_error(Error::new("INTERNAL_ERROR", "internal error in the pjit runtime"));
            STATUS_PANIC
        }
    }
}

fn arith_op(op: u32) -> Option<ArithOp> {
    Some(match op {
        0 => ArithOp::Add,
        1 => ArithOp::Sub,
        2 => ArithOp::Mul,
        3 => ArithOp::Div,
        4 => ArithOp::Mod,
        5 => ArithOp::Shl,
        6 => ArithOp::Shr,
        _ => return None,
    })
}

fn cmp_op(op: u32) -> Option<CmpOp> {
    Some(match op {
        0 => CmpOp::Eq,
        1 => CmpOp::Ne,
        2 => CmpOp::Lt,
        3 => CmpOp::Le,
        4 => CmpOp::Gt,
        5 => CmpOp::Ge,
        _ => return None,
    })
}

#[cold]
fn bad_op(op: u32) -> Error {
    Error::new("INTERNAL_ERROR", format!("unknown operator code {op}"))
}

/// `*out = l op r` for `+ - * / % << >>` (op codes 0..=6 in that order).
///
/// # Safety
/// `l` and `r` point to live values; `out` points to writable storage for
/// one `Value` that holds no live value.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_arith(op: u32, l: *const Value, r: *const Value, out: *mut Value) -> u32 {
    guarded(|| {
        let op = arith_op(op).ok_or_else(|| bad_op(op))?;
        // SAFETY: the caller guarantees `l` and `r` point to live values.
        let (l, r) = unsafe { (&*l, &*r) };
        let v = ops::arithmetic(op, l, r)?;
        // SAFETY: the caller guarantees `out` is writable and empty.
        unsafe { out.write(v) };
        Ok(())
    })
}

/// `*out = l op r` (a Boolean) for `== != < <= > >=` (codes 0..=5).
///
/// # Safety
/// As [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_compare(op: u32, l: *const Value, r: *const Value, out: *mut Value) -> u32 {
    guarded(|| {
        let op = cmp_op(op).ok_or_else(|| bad_op(op))?;
        // SAFETY: the caller guarantees `l` and `r` point to live values.
        let (l, r) = unsafe { (&*l, &*r) };
        let b = ops::comparison(op, l, r)?;
        // SAFETY: the caller guarantees `out` is writable and empty.
        unsafe { out.write(Value::Boolean(b)) };
        Ok(())
    })
}

/// `*out = l =~ r`; on a regexp match the captures are kept for
/// [`pjit_rt_take_captures`].
///
/// # Safety
/// As [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_match(l: *const Value, r: *const Value, out: *mut Value) -> u32 {
    guarded(|| {
        // SAFETY: the caller guarantees `l` and `r` point to live values.
        let (l, r) = unsafe { (&*l, &*r) };
        let m = ops::match_op(l, r)?;
        if m.captures.is_some() {
            LAST_CAPTURES.with(|c| *c.borrow_mut() = m.captures.clone());
        }
        // SAFETY: the caller guarantees `out` is writable and empty.
        unsafe { out.write(Value::Boolean(m.matched)) };
        Ok(())
    })
}

/// `*out = l in r`; a regexp match keeps its captures like [`pjit_rt_match`].
///
/// # Safety
/// As [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_in(l: *const Value, r: *const Value, out: *mut Value) -> u32 {
    guarded(|| {
        // SAFETY: the caller guarantees `l` and `r` point to live values.
        let (l, r) = unsafe { (&*l, &*r) };
        let m = ops::in_op(l, r)?;
        if m.captures.is_some() {
            LAST_CAPTURES.with(|c| *c.borrow_mut() = m.captures.clone());
        }
        // SAFETY: the caller guarantees `out` is writable and empty.
        unsafe { out.write(Value::Boolean(m.matched)) };
        Ok(())
    })
}

/// Moves the captures of the last successful match on this thread into
/// `*out` as an Array (`undef` for groups that did not participate); writes
/// `undef` when there are none.
///
/// # Safety
/// `out` points to writable storage for one `Value` that holds no live value.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_take_captures(out: *mut Value) {
    let caps = LAST_CAPTURES.with(|c| c.borrow_mut().take());
    let v = match caps {
        Some(cs) => Value::array(cs.into_iter().map(|c| c.map_or(Value::Undef, Value::string)).collect()),
        None => Value::Undef,
    };
    // SAFETY: the caller guarantees `out` is writable and empty.
    unsafe { out.write(v) };
}

/// `*out = v[keys[0], ..., keys[n-1]]`.
///
/// # Safety
/// `v` points to a live value, `keys` to `n` live values (may be dangling
/// when `n` is 0), `out` as in [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_access(v: *const Value, keys: *const Value, n: usize, out: *mut Value) -> u32 {
    guarded(|| {
        // SAFETY: the caller guarantees `v` is live and `keys` holds `n` values.
        let (v, keys) = unsafe { (&*v, if n == 0 { &[][..] } else { std::slice::from_raw_parts(keys, n) }) };
        let r = ops::access(v, keys)?;
        // SAFETY: the caller guarantees `out` is writable and empty.
        unsafe { out.write(r) };
        Ok(())
    })
}

/// Puppet truthiness of `*v`: 1 or 0.
///
/// # Safety
/// `v` points to a live value.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_truthy(v: *const Value) -> u32 {
    // SAFETY: the caller guarantees `v` is live.
    unsafe { (*v).is_truthy() as u32 }
}

/// `*out = v =~ t` for a Type value `t` (status error if `t` is not a type).
///
/// # Safety
/// As [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_instance_of(t: *const Value, v: *const Value, out: *mut Value) -> u32 {
    guarded(|| {
        // SAFETY: the caller guarantees `t` and `v` point to live values.
        let (t, v) = unsafe { (&*t, &*v) };
        let Value::Type(t) = t else {
            return Err(Error::new("INTERNAL_ERROR", "instance check against a non-type"));
        };
        // SAFETY: the caller guarantees `out` is writable and empty.
        unsafe { out.write(Value::Boolean(instance_of(t, v))) };
        Ok(())
    })
}

/// `*out` = the interpolation string of `*v` (a String value).
///
/// # Safety
/// As [`pjit_rt_truthy`] for `v`; `out` as in [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_interpolate(v: *const Value, out: *mut Value) {
    // SAFETY: the caller guarantees `v` is live.
    let s = crate::display::to_interpolated_string(unsafe { &*v });
    // SAFETY: the caller guarantees `out` is writable and empty.
    unsafe { out.write(Value::string(s)) };
}

/// `*out = clone of *v` (a reference-count increment for heap values).
///
/// # Safety
/// `v` points to a live value; `out` as in [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_clone(v: *const Value, out: *mut Value) {
    // SAFETY: the caller guarantees both pointers as documented.
    unsafe { out.write((*v).clone()) };
}

/// Releases the value at `v`, leaving the storage uninitialized.
///
/// # Safety
/// `v` points to a live value that is not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_drop(v: *mut Value) {
    // SAFETY: the caller hands over ownership of a live value.
    unsafe { std::ptr::drop_in_place(v) };
}

/// Moves the last error of this thread into `*out` as a Hash
/// `{'issue_code' => ..., 'message' => ...}`; writes `undef` when there is
/// none.
///
/// # Safety
/// `out` as in [`pjit_rt_take_captures`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_take_error(out: *mut Value) {
    let v = match take_error() {
        Some(e) => Value::hash(vec![
            (Value::string("issue_code"), Value::string(e.issue())),
            (Value::string("message"), Value::string(e.message())),
        ]),
        None => Value::Undef,
    };
    // SAFETY: the caller guarantees `out` is writable and empty.
    unsafe { out.write(v) };
}

/// The last error reported through the ABI on this thread (for Rust callers
/// such as the JIT driver).
pub fn take_error() -> Option<Error> {
    LAST_ERROR.with(|s| s.borrow_mut().take())
}

/// `*out` = a String value from `len` bytes of UTF-8 at `ptr` (status error
/// if they are not UTF-8).
///
/// # Safety
/// `ptr` points to `len` readable bytes (may dangle when `len` is 0); `out`
/// as in [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_string(ptr: *const u8, len: usize, out: *mut Value) -> u32 {
    guarded(|| {
        // SAFETY: the caller guarantees `len` readable bytes at `ptr`.
        let bytes = if len == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(ptr, len) } };
        let s = std::str::from_utf8(bytes).map_err(|_| Error::new("INTERNAL_ERROR", "string constant is not UTF-8"))?;
        // SAFETY: the caller guarantees `out` is writable and empty.
        unsafe { out.write(Value::string(s)) };
        Ok(())
    })
}

/// `*out` = an Array of clones of the `n` values at `items`.
///
/// # Safety
/// `items` points to `n` live values (may dangle when `n` is 0); `out` as in
/// [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_array(items: *const Value, n: usize, out: *mut Value) {
    // SAFETY: the caller guarantees `n` live values at `items`.
    let items = if n == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(items, n) } };
    // SAFETY: the caller guarantees `out` is writable and empty.
    unsafe { out.write(Value::array(items.to_vec())) };
}

/// `*out` = a Hash of `n` entries given as `2n` values `k0, v0, k1, v1, ...`
/// (a later duplicate key replaces the value, as a literal hash does).
///
/// # Safety
/// `kv` points to `2n` live values (may dangle when `n` is 0); `out` as in
/// [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_hash(kv: *const Value, n: usize, out: *mut Value) {
    // SAFETY: the caller guarantees `2n` live values at `kv`.
    let kv = if n == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(kv, 2 * n) } };
    let h = Value::hash(kv.chunks(2).map(|p| (p[0].clone(), p[1].clone())));
    // SAFETY: the caller guarantees `out` is writable and empty.
    unsafe { out.write(h) };
}

/// `*out = -v` (unary minus).
///
/// # Safety
/// As [`pjit_rt_truthy`] for `v`; `out` as in [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_negate(v: *const Value, out: *mut Value) -> u32 {
    guarded(|| {
        // SAFETY: the caller guarantees `v` is live.
        let r = ops::negate(unsafe { &*v })?;
        // SAFETY: the caller guarantees `out` is writable and empty.
        unsafe { out.write(r) };
        Ok(())
    })
}

/// Puppet's `==`: 1 or 0 (never fails).
///
/// # Safety
/// `l` and `r` point to live values.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_equals(l: *const Value, r: *const Value) -> u32 {
    // SAFETY: the caller guarantees both values are live.
    let (l, r) = unsafe { (&*l, &*r) };
    match (l, r) {
        (Value::Type(_), _) => ops::comparison(CmpOp::Eq, l, r).unwrap_or(false) as u32,
        _ => ops::equals(l, r) as u32,
    }
}

/// `*out` = the Array a splat (`*v`) unfolds to.
///
/// # Safety
/// As [`pjit_rt_negate`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_splat(v: *const Value, out: *mut Value) {
    // SAFETY: the caller guarantees `v` is live.
    let items = ops::splat(unsafe { &*v });
    // SAFETY: the caller guarantees `out` is writable and empty.
    unsafe { out.write(Value::array(items)) };
}

/// `*out = T(args...)` for a Type value `t` (`new`).
///
/// # Safety
/// `t` is live, `args` holds `n` live values (may dangle when `n` is 0),
/// `out` as in [`pjit_rt_arith`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_new(t: *const Value, args: *const Value, n: usize, out: *mut Value) -> u32 {
    guarded(|| {
        // SAFETY: the caller guarantees `t` is live and `args` holds `n` values.
        let (t, args) = unsafe { (&*t, if n == 0 { &[][..] } else { std::slice::from_raw_parts(args, n) }) };
        let Value::Type(t) = t else {
            return Err(Error::new("INTERNAL_ERROR", "new on a non-type"));
        };
        let v = crate::convert::new_value(t, args)?;
        // SAFETY: the caller guarantees `out` is writable and empty.
        unsafe { out.write(v) };
        Ok(())
    })
}

/// Puppet's interpolation of `parts` (`"${a}${b}"`): strings as they are,
/// integers in decimal, other values in their interpolated form
/// (`display::to_interpolated_string`).
pub fn interpolate<'a>(parts: impl Iterator<Item = &'a Value> + Clone) -> String {
    let cap = parts.clone().map(|v| v.as_str().map_or(20, str::len)).sum();
    let mut s = String::with_capacity(cap);
    for v in parts {
        match v {
            Value::String(x) => s.push_str(x),
            Value::Integer(n) => push_integer(&mut s, *n),
            other => s.push_str(&crate::display::to_interpolated_string(other)),
        }
    }
    s
}

/// Appends `n` as `n.to_string()` would, without allocating.
pub fn push_integer(out: &mut String, n: i64) {
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut m = n.unsigned_abs();
    while m >= 100 {
        let d = (m % 100) as usize * 2;
        m /= 100;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[d..d + 2]);
    }
    if m >= 10 {
        let d = m as usize * 2;
        i -= 2;
        buf[i..i + 2].copy_from_slice(&PAIRS[d..d + 2]);
    } else {
        i -= 1;
        buf[i] = b'0' + m as u8;
    }
    if n < 0 {
        out.push('-');
    }
    // SAFETY: `buf[i..]` holds ASCII digits only.
    out.push_str(unsafe { std::str::from_utf8_unchecked(&buf[i..]) });
}

/// `*out = ` the interpolation of the `n` values that `parts` points to
/// ([`interpolate`]); the value `*out` held is released. Returns
/// [`STATUS_OK`], or [`STATUS_PANIC`] with `*out` unchanged.
///
/// # Safety
/// `parts` points to `n` pointers to live values (may dangle when `n` is
/// 0); `out` points to a live value, not one of the parts.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_concat(parts: *const *const Value, n: usize, out: *mut Value) -> u32 {
    match catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller guarantees `n` pointers to live values.
        let ps = if n == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(parts, n) } };
        // SAFETY: each pointer is to a live value.
        Value::string(interpolate(ps.iter().map(|&p| unsafe { &*p })))
    })) {
        Ok(v) => {
            // SAFETY: the caller guarantees `out` holds a live value.
            unsafe { *out = v };
            STATUS_OK
        }
        Err(_) => STATUS_PANIC,
    }
}

/// Whether the String at `s` contains the `len` bytes of UTF-8 at `lit`:
/// 1 or 0; 2 when `s` is not a String.
///
/// # Safety
/// `s` points to a live value; `lit` to `len` readable bytes of UTF-8 (may
/// dangle when `len` is 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pjit_rt_contains(s: *const Value, lit: *const u8, len: usize) -> u32 {
    // SAFETY: the caller guarantees `s` is live.
    let Value::String(s) = (unsafe { &*s }) else { return 2 };
    // SAFETY: the caller guarantees `len` readable bytes of UTF-8.
    let lit = if len == 0 { "" } else { unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(lit, len)) } };
    s.contains(lit) as u32
}

/// Every helper generated code may call, by symbol name, for
/// `JITBuilder::symbol` and for linking AOT objects.
pub const SYMBOLS: &[(&str, *const u8)] = &[
    ("pjit_rt_arith", pjit_rt_arith as *const u8),
    ("pjit_rt_compare", pjit_rt_compare as *const u8),
    ("pjit_rt_match", pjit_rt_match as *const u8),
    ("pjit_rt_in", pjit_rt_in as *const u8),
    ("pjit_rt_take_captures", pjit_rt_take_captures as *const u8),
    ("pjit_rt_access", pjit_rt_access as *const u8),
    ("pjit_rt_truthy", pjit_rt_truthy as *const u8),
    ("pjit_rt_instance_of", pjit_rt_instance_of as *const u8),
    ("pjit_rt_interpolate", pjit_rt_interpolate as *const u8),
    ("pjit_rt_clone", pjit_rt_clone as *const u8),
    ("pjit_rt_drop", pjit_rt_drop as *const u8),
    ("pjit_rt_take_error", pjit_rt_take_error as *const u8),
    ("pjit_rt_string", pjit_rt_string as *const u8),
    ("pjit_rt_array", pjit_rt_array as *const u8),
    ("pjit_rt_hash", pjit_rt_hash as *const u8),
    ("pjit_rt_negate", pjit_rt_negate as *const u8),
    ("pjit_rt_equals", pjit_rt_equals as *const u8),
    ("pjit_rt_splat", pjit_rt_splat as *const u8),
    ("pjit_rt_new", pjit_rt_new as *const u8),
    ("pjit_rt_concat", pjit_rt_concat as *const u8),
    ("pjit_rt_contains", pjit_rt_contains as *const u8),
];
