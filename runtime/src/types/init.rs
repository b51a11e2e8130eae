//! `Init[T, args...]`, as Puppet 7's `PInitType`: the values `T.new` can
//! be called with to make a `T`. Besides the instances of `T`, `Init[T]`
//! takes every value that is the one argument of a signature of `T`'s
//! `new` function, and the argument lists of its other signatures (given as
//! an array, or as a single value when the signature takes one argument);
//! with `args`, the signatures that take a value plus `args`. Types whose
//! `new` makes no sense in `Init` (`Init`, `Optional`, `NotUndef`) or that
//! have none fail: `Creation of new instance of type 'Any' is not
//! supported`. An alias of an `Init` has that `Init`'s own `new` (one value,
//! or an Array of arguments). The checks in `calc` report such a failure
//! where Puppet raises it (`calc::try_instance_of`).

use std::cell::RefCell;
use std::sync::Arc;

use super::calc::{infer_set, is_assignable, variant_maybe};
use super::{IntRange, Type};
use crate::error::Error;
use crate::value::Value;

/// What an `Init[T, args]` accepts besides instances of `T`.
pub struct InitInfo {
    /// `T`, and the types of the values a one-argument signature takes.
    pub single: Type,
    /// The argument lists of the other signatures, as `Tuple`s.
    pub other: Option<Type>,
    /// Some other signature takes a single argument (then a lone value is
    /// also tried as a one-element list).
    pub has_optional_single: bool,
}

/// Why `Init[T, args]` cannot be used. The message is only formatted when
/// the error is reported: formatting `T` may ask the same question again
/// (whether a Struct key is optional asks if its value type takes `undef`,
/// and `type A = Iterable[Struct[{a => Init[A]}]]` makes that `Init[A]`), so
/// the instance and assignability checks, which only need to know that
/// there is no answer, must not format anything.
#[derive(Clone, Debug)]
pub enum InitError {
    /// `T` has no usable `new` function.
    Unsupported(Type),
    /// No signature of `T.new` takes a value followed by `args`.
    NoSignature { target: Type, args: Vec<Value> },
}

impl From<InitError> for Error {
    fn from(e: InitError) -> Error {
        match e {
            InitError::Unsupported(target) => Error::argument(format!(
                "Creation of new instance of type '{}' is not supported",
                crate::display::type_display(&target)
            )),
            InitError::NoSignature { target, args } => {
                let subject = crate::types::format::type_to_string(&super::calc::generalize(&target));
                let subject = subject.split('[').next().unwrap_or("").to_string();
                Error::argument(format!(
                    "The type '{}' does not represent a valid set of parameters for {subject}.new()",
                    crate::types::format::type_to_string(&Type::Init { target: Some(Arc::new(target)), args })
                ))
            }
        }
    }
}

thread_local! {
    /// The `Init` types (their target's address) being initialized on this
    /// thread: Puppet marks an `Init` initialized before it looks at its
    /// type's `new`, so an `Init` reached again through that `new` (an alias
    /// of it, `type A = Init[A]`) counts as initialized.
    static INITIALIZING: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// An `Init` being initialized (see [`INITIALIZING`]).
struct Initializing(usize);

impl Initializing {
    fn enter(target: &Type) -> Initializing {
        let key = target as *const Type as usize;
        INITIALIZING.with_borrow_mut(|v| v.push(key));
        Initializing(key)
    }

    fn contains(target: &Type) -> bool {
        let key = target as *const Type as usize;
        INITIALIZING.with_borrow(|v| v.contains(&key))
    }
}

impl Drop for Initializing {
    fn drop(&mut self) {
        INITIALIZING.with_borrow_mut(|v| {
            if let Some(i) = v.iter().rposition(|k| *k == self.0) {
                v.remove(i);
            }
        });
    }
}

/// The signatures of `Init[target, args]`'s own `new` (Puppet's `new_Init`:
/// one value, or with no `args` also an Array of arguments).
fn init_new_signatures(args: &[Value]) -> Vec<(Vec<Type>, usize, Option<usize>)> {
    let mut sigs = Vec::with_capacity(2);
    if args.is_empty() {
        sigs.push((vec![Type::array()], 1, Some(1)));
    }
    sigs.push((vec![Type::Any], 1, Some(1)));
    sigs
}

/// Puppet's `assert_initialized` of `Init[target, init_args]`.
pub fn init_info(target: &Type, init_args: &[Value]) -> Result<InitInfo, InitError> {
    let unsupported = || InitError::Unsupported(target.clone());
    if matches!(target, Type::Init { .. } | Type::Optional(_) | Type::NotUndef(_)) {
        return Err(unsupported());
    }
    let _initializing = Initializing::enter(target);
    let sigs = match target.resolved() {
        // An alias of an `Init` (only an alias gets here) has that `Init`'s
        // `new`, which initializes it first: any failure there is this
        // `Init`'s (Puppet rescues it and names `target`).
        Type::Init { target: inner, args } if matches!(target, Type::Alias(_)) => match inner {
            None => return Err(unsupported()),
            Some(inner) => {
                if !Initializing::contains(inner) {
                    init_info(inner, args).map_err(|_| unsupported())?;
                }
                init_new_signatures(args)
            }
        },
        _ => crate::functions::new_signatures(target).ok_or_else(unsupported)?,
    };
    let tuples: Vec<(Type, usize, Option<usize>, Option<Type>)> = sigs
        .into_iter()
        .map(|(types, min, max)| {
            let first = types.first().cloned();
            let size = IntRange::new(Some(min as i64), max.map(|m| m as i64));
            (Type::Tuple { types, size: Some(size) }, min, max, first)
        })
        .collect();
    let mut single = vec![target.clone()];
    let mut other: Vec<Type> = Vec::new();
    let mut has_optional_single = false;
    if init_args.is_empty() {
        for (t, min, max, first) in tuples {
            if min == 1 && max == Some(1) {
                single.extend(first);
            } else {
                has_optional_single |= min == 1;
                other.push(t);
            }
        }
    } else {
        let arg_types: Vec<Type> = init_args.iter().map(infer_set).collect();
        let count = 1 + arg_types.len();
        let mut any = false;
        for (t, min, max, first) in tuples {
            if count < min || max.is_some_and(|m| count > m) {
                continue;
            }
            let Some(first) = first else { continue };
            let mut types = vec![first.clone()];
            types.extend(arg_types.iter().cloned());
            if is_assignable(&t, &Type::Tuple { types, size: None }) {
                single.push(first);
                any = true;
            }
        }
        if !any {
            return Err(InitError::NoSignature { target: target.clone(), args: init_args.to_vec() });
        }
    }
    Ok(InitInfo {
        single: variant_maybe(single),
        other: if other.is_empty() { None } else { Some(variant_maybe(other)) },
        has_optional_single,
    })
}
