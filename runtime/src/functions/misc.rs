//! The remaining 4.x functions: logging (`debug` ... `emerg`), control
//! flow (`break`, `next`, `return`), `assert_type`, `call`, `convert_to`,
//! `new`, `defined`, `type`, `unwrap` and `annotate`.

use std::cell::RefCell;

use super::util::yield_;
use crate::display::to_interpolated_string;
use super::{Builder, FnResult, Function, Host, LogLevel, Unwind};
use crate::error::Error;
use crate::types::calc::{generalize, infer, infer_set, instance_of};
use crate::types::Type;
use crate::value::Value;

pub(crate) fn register(fs: &mut Vec<Function>) {
    for (name, imp) in [
        ("debug", log_debug as super::Imp),
        ("info", log_info),
        ("notice", log_notice),
        ("warning", log_warning),
        ("err", log_err),
        ("alert", log_alert),
        ("emerg", log_emerg),
        ("crit", log_crit),
    ] {
        fs.push(Builder::new(name).d("Any values*", imp).done());
    }
    fs.push(Builder::new("break").d("", |_, _, _| Err(Unwind::Break)).done());
    fs.push(
        Builder::new("next")
            .d("Any value?", |_, args, _| Err(Unwind::Next(args.first().cloned().unwrap_or(Value::Undef))))
            .done(),
    );
    fs.push(
        Builder::new("return")
            .d("Any value?", |_, args, _| Err(Unwind::Return(args.first().cloned().unwrap_or(Value::Undef))))
            .done(),
    );
    fs.push(
        Builder::new("assert_type")
            .d("Type type, Any value, &Callable[Type, Type] block?", assert_type)
            .d("String type_string, Any value, &Callable[Type, Type] block?", assert_type_s)
            .done(),
    );
    fs.push(
        Builder::new("call")
            .d("String function_name, Any arguments*, &block?", call)
            .d("Deferred deferred", call_deferred)
            .done(),
    );
    fs.push(
        Builder::new("convert_to").d("Any value, Type type, Any args*, &Callable[1,1] block?", convert_to).done(),
    );
    fs.push(Builder::new("new").d("Type type, Any args*, &block?", new).done());
    fs.push(
        Builder::new("defined")
            .d("Variant[String, Type[CatalogEntry], Type[Type[CatalogEntry]]] vals+", defined)
            .done(),
    );
    fs.push(
        Builder::new("type")
            .d("Any value, Enum[detailed] inference_method?", |_, a, _| Ok(Value::of_type(infer_set(&a[0]))))
            .d("Any value, Enum[reduced] inference_method", |_, a, _| Ok(Value::of_type(infer(&a[0]))))
            .d("Any value, Enum[generalized] inference_method", |_, a, _| {
                Ok(Value::of_type(generalize(&infer(&a[0]))))
            })
            .done(),
    );
    fs.push(
        Builder::new("unwrap")
            .d("Sensitive arg, &block?", unwrap)
            .d("Any arg, &block?", unwrap)
            .done(),
    );
    fs.push(
        Builder::new("annotate")
            .d("Type[Annotation] type, Any value, &Callable[0, 0] block?", annotate)
            .d(
                "Type[Annotation] type, Any value, Variant[Enum[clear],Hash[Pcore::MemberName,Any]] annotation_hash",
                annotate,
            )
            .d("Type[Pcore] type, Any value, Hash[Type[Annotation], Hash[Pcore::MemberName,Any]] annotations", annotate)
            .done(),
    );
}

fn log(host: &mut dyn Host, level: LogLevel, args: &[Value]) -> FnResult {
    let message = args.iter().map(to_interpolated_string).collect::<Vec<_>>().join(" ");
    host.log(level, &message);
    Ok(Value::Undef)
}

fn log_debug(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    log(host, LogLevel::Debug, args)
}
fn log_info(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    log(host, LogLevel::Info, args)
}
fn log_notice(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    log(host, LogLevel::Notice, args)
}
fn log_warning(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    log(host, LogLevel::Warning, args)
}
fn log_err(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    log(host, LogLevel::Err, args)
}
fn log_alert(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    log(host, LogLevel::Alert, args)
}
fn log_emerg(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    log(host, LogLevel::Emerg, args)
}
fn log_crit(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    log(host, LogLevel::Crit, args)
}

fn check_type(host: &mut dyn Host, t: &Type, value: &Value, block: Option<&Value>) -> FnResult {
    if crate::types::calc::try_instance_of(t, value).map_err(Error::from)? {
        return Ok(value.clone());
    }
    let inferred = infer_set(value);
    match block {
        Some(b) => yield_(host, b, &[Value::of_type(t.clone()), Value::of_type(inferred)]),
        None => Err(Error::argument(super::describe::describe_mismatch("assert_type():", t, &inferred)).into()),
    }
}

fn assert_type(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let t = args[0].as_type().cloned().unwrap_or(Type::Any);
    check_type(host, &t, &args[1], block)
}

/// Parses a type written as a string, resolving unknown names through the
/// host (aliases, resource types).
pub(crate) fn parse_type_string(host: &mut dyn Host, text: &str) -> Result<Type, Error> {
    let cell = RefCell::new(host);
    let resolve = |name: &str| cell.borrow_mut().resolve_type(name);
    crate::types::parser::parse_type_with(text, &resolve)
}

fn assert_type_s(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let t = parse_type_string(host, args[0].as_str().unwrap_or(""))?;
    check_type(host, &t, &args[1], block)
}

fn call(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    host.call_function(args[0].as_str().unwrap_or(""), &args[1..], block)
}

fn call_deferred(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    resolve_deferred(host, &args[0])
}

/// Puppet's `DeferredResolver#resolve`: a Deferred is called (its
/// arguments resolved first; a `$name` digs into that variable), arrays,
/// hashes and Sensitive values are resolved inside, a Binary becomes its
/// bytes' string.
fn resolve_deferred(host: &mut dyn Host, v: &Value) -> FnResult {
    match v {
        Value::Object(o) if o.ty.name.as_deref() == Some("Deferred") => {
            let name = o.get("name").and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
            let mut args = match o.get("arguments") {
                Some(Value::Array(a)) => {
                    a.iter().map(|x| resolve_deferred(host, x)).collect::<Result<Vec<Value>, Unwind>>()?
                }
                _ => vec![],
            };
            match name.strip_prefix('$') {
                Some(var) => {
                    args.insert(0, host.lookup_variable(var).unwrap_or(Value::Undef));
                    host.call_function("dig", &args, None)
                }
                None => host.call_function(&name, &args, None),
            }
        }
        Value::Array(a) => Ok(Value::array(a.iter().map(|x| resolve_deferred(host, x)).collect::<Result<_, _>>()?)),
        Value::Hash(h) => {
            let mut out = Vec::with_capacity(h.len());
            for (k, x) in h.iter() {
                out.push((k.clone(), resolve_deferred(host, x)?));
            }
            Ok(Value::hash(out))
        }
        Value::Sensitive(inner) => Ok(Value::Sensitive(std::sync::Arc::new(resolve_deferred(host, inner)?))),
        Value::Binary(b) => Ok(Value::string(String::from_utf8_lossy(b).into_owned())),
        other => Ok(other.clone()),
    }
}

/// Puppet's `new_instance`: a single argument that already is an instance
/// is returned as is; types without a `new` function fail; `Init[T, a...]`
/// creates a `T` from `a...` and the argument; the rest is the type's own
/// `new` (`convert::new_value`, which also checks the result's type).
fn new_instance(t: &Type, args: &[Value]) -> Result<Value, Error> {
    if args.len() == 1
        && !matches!(t.resolved(), Type::Init { .. })
        && crate::types::calc::try_instance_of(t, &args[0])?
    {
        return Ok(args[0].clone());
    }
    let not_supported = |text: String| Error::argument(format!("Creation of new instance of type '{text}' is not supported"));
    match t {
        // The built-in aliases print as Puppet declares them.
        Type::Alias(a) if a.name == "Data" => {
            return Err(not_supported("Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]".into()));
        }
        Type::Alias(a) if a.name == "RichData" => {
            return Err(not_supported("Variant[Scalar, SemVerRange, Binary, Sensitive, Type, TypeSet, URI, Object, Undef, Default, Hash[RichDataKey, RichData], Array[RichData]]".into()));
        }
        _ => {}
    }
    match t.resolved() {
        Type::ObjectType(o) => new_object(o, args),
        Type::ObjectExt(e) => new_object(&e.base, args),
        Type::Init { target: Some(target), args: init_args } => {
            let info = crate::types::init::init_info(target, init_args)?;
            if args.len() != 1 {
                return Err(Error::argument(format!(
                    "'new_Init' expects 1 argument, got {}",
                    if args.is_empty() { "none".to_string() } else { args.len().to_string() }
                )));
            }
            // An array is the argument list, unless it is itself what a
            // one-argument signature takes (Puppet's `from_array`).
            if init_args.is_empty()
                && let Value::Array(a) = &args[0]
            {
                let whole = instance_of(&info.single, &args[0])
                    || info.other.as_ref().is_some_and(|o| {
                        !instance_of(o, &args[0])
                            && info.has_optional_single
                            && instance_of(o, &Value::array(vec![args[0].clone()]))
                    });
                return if whole { new_instance(target, args) } else { new_instance(target, a) };
            }
            let mut all = args.to_vec();
            all.extend_from_slice(init_args);
            new_instance(target, &all)
        }
        r => match new_function_type(r) {
            Some(base) => {
                check_new_signature(&base, args)?;
                let v = crate::convert::new_value(&base, args)?;
                if instance_of(t, &v) {
                    Ok(v)
                } else {
                    // TypeAsserter.assert_instance_of(['Converted value from %s.new()', t], t, v)
                    let subject =
                        format!("Converted value from {}.new() has wrong type,", crate::display::type_display(t));
                    Err(Error::argument(super::describe::describe_mismatch(&subject, t, &infer_set(&v))))
                }
            }
            None => Err(not_supported(crate::types::format::type_to_string(r))),
        },
    }
}

/// The type whose `new` function creates instances of `t` (Puppet keeps
/// one per type class: `Integer[0, 5]` converts as `Integer` does, then the
/// result is checked against `Integer[0, 5]`); `None` when `t` has none.
fn new_function_type(t: &Type) -> Option<Type> {
    new_function_type_within(t, 64)
}

/// [`new_function_type`] through at most `depth` Optional/NotUndef
/// wrappers: an alias that wraps itself (`type A = Optional[A]`) would
/// unwrap forever (the type_aliases fuzz target overflowed the stack
/// here); such a type has no `new` function.
fn new_function_type_within(t: &Type, depth: u32) -> Option<Type> {
    Some(match t {
        Type::Integer(_) => Type::integer(None, None),
        Type::Float(_) => Type::float(None, None),
        Type::String { .. } => Type::string(),
        Type::Array { .. } | Type::Tuple { .. } => Type::array(),
        Type::Hash { .. } | Type::Struct(_) => Type::hash(),
        Type::Timespan { .. } => Type::Timespan { from: None, to: None },
        Type::Timestamp { .. } => Type::Timestamp { from: None, to: None },
        Type::SemVer(_) => Type::SemVer(vec![]),
        Type::Optional(Some(inner)) | Type::NotUndef(Some(inner)) => {
            return new_function_type_within(inner.resolved(), depth.checked_sub(1)?);
        }
        Type::Numeric
        | Type::Boolean(_)
        | Type::SemVerRange
        | Type::Binary
        | Type::Sensitive(_)
        | Type::Regexp(_)
        | Type::Type(_)
        | Type::Uri(_) => t.clone(),
        _ => return None,
    })
}

/// The `new` functions whose argument checks follow Puppet's dispatches
/// exactly (with the dispatcher's mismatch message).
fn new_function_dispatches(base: &Type) -> Option<&'static Function> {
    static TIMESTAMP: std::sync::OnceLock<Function> = std::sync::OnceLock::new();
    static URI: std::sync::OnceLock<Function> = std::sync::OnceLock::new();
    match base {
        Type::Uri(_) => Some(URI.get_or_init(|| {
            // Puppet's URI `new` function is named `new_error`.
            Builder::new("new_error")
                .d("String[1] uri", new_uri)
                .d(
                    "Struct[{Optional[scheme] => String[1], Optional[userinfo] => String[1], Optional[host] => String[1], \
                     Optional[port] => Integer[0], Optional[path] => String[1], Optional[query] => String[1], \
                     Optional[fragment] => String[1], Optional[opaque] => String[1]}] hash",
                    new_uri,
                )
                .done()
        })),
        Type::Timestamp { .. } => Some(TIMESTAMP.get_or_init(|| {
            Builder::new("new_timestamp")
                .local("Formats", "Variant[String[2],Array[String[2], 1]]")
                .d("", new_timestamp)
                .d("Variant[Integer, Float] seconds", new_timestamp)
                .d("String[1] string, Formats format?, String[1] timezone?", new_timestamp)
                .d(
                    "Struct[{string => String[1], Optional[format] => Formats, Optional[timezone] => String[1]}] hash_arg",
                    new_timestamp,
                )
                .done()
        })),
        _ => None,
    }
}

fn new_uri(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(crate::convert::new_value(&Type::Uri(None), args)?)
}

fn new_timestamp(_: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    Ok(crate::convert::new_value(&Type::Timestamp { from: None, to: None }, args)?)
}

/// The `new` function of an Object type (`new_Deferred`): an init hash, or
/// one argument per init parameter (those without a default first). Made
/// once per type.
pub(crate) fn object_new_function(t: &crate::types::object::ObjectType) -> &Function {
    t.new_function.get_or_init(|| {
        let hash = super::Dispatch {
            params: vec![super::Param { name: "hash".into(), ty: t.init_hash_type() }],
            min: 1,
            max: Some(1),
            block: None,
            block_name: "block".into(),
            imp: super::DispatchImp::Signature,
            walk: None,
        };
        let (params, required) = t.positional_params();
        let positional = super::Dispatch {
            min: required,
            max: Some(params.len()),
            params: params.into_iter().map(|a| super::Param { name: a.name, ty: a.ty }).collect(),
            block: None,
            block_name: "block".into(),
            imp: super::DispatchImp::Signature,
            walk: None,
        };
        let name = new_function_name(&t.label());
        Function { name, kind: super::Kind::Modern(super::Dispatches::ready(name, vec![hash, positional])) }
    })
}

/// `new_<label>`, the name of an Object type's `new` function. A function
/// name is `&'static`: one copy of each name is kept for good, however
/// many compiles (of a server, of batch mode) define the type again.
fn new_function_name(label: &str) -> &'static str {
    static NAMES: std::sync::OnceLock<std::sync::Mutex<std::collections::HashSet<&'static str>>> = std::sync::OnceLock::new();
    let name = format!("new_{label}");
    let mut names = NAMES.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    match names.get(name.as_str()) {
        Some(&n) => n,
        None => {
            let n: &'static str = Box::leak(name.into_boxed_str());
            names.insert(n);
            n
        }
    }
}

/// An instance of an Object type from `new`'s arguments: an init hash or
/// one value per init parameter, checked against the type's `new`
/// signatures (Puppet's dispatcher message when none takes them).
pub(crate) fn new_object(t: &std::sync::Arc<crate::types::object::ObjectType>, args: &[Value]) -> Result<Value, Error> {
    let f = object_new_function(t);
    let sigs: Vec<&super::Dispatch> = f.dispatches().iter().collect();
    let params = t.init_params();
    let values: Vec<Value> = if sigs[0].accepts(args, None) {
        let h = args[0].as_hash();
        params
            .iter()
            .map(|a| {
                h.and_then(|h| h.get(&crate::value::StrKey(&a.name)).cloned())
                    .or_else(|| a.value.clone())
                    .unwrap_or(Value::Undef)
            })
            .collect()
    } else if sigs[1].accepts(args, None) {
        let (positional, _) = t.positional_params();
        params
            .iter()
            .map(|a| {
                let i = positional.iter().position(|p| p.name == a.name);
                i.and_then(|i| args.get(i).cloned()).or_else(|| a.value.clone()).unwrap_or(Value::Undef)
            })
            .collect()
    } else {
        return Err(Error::argument(super::describe::describe_signatures(f.name, &sigs, args, None)));
    };
    check_initializer_chain(t)?;
    Ok(Value::Object(std::sync::Arc::new(crate::types::object::ObjectValue { ty: t.clone(), values })))
}

/// The classes Puppet generates for Object types pass their parent's
/// attributes on with `super(...)`, leaving out the ones they declare
/// themselves, overrides included: a parent then gets too few arguments and
/// Ruby fails (`wrong number of arguments (given 0, expected 1)`).
fn check_initializer_chain(t: &std::sync::Arc<crate::types::object::ObjectType>) -> Result<(), Error> {
    let mut child = t.clone();
    while let Some(parent) = child.parent_object() {
        let own = child.attributes.iter().any(|a| a.is_init_param());
        if own {
            let given = child.init_params().iter().filter(|a| a.container != child.label()).count();
            let (pparams, required) = parent.positional_params();
            if given < required || given > pparams.len() {
                let expected = if required == pparams.len() {
                    required.to_string()
                } else {
                    format!("{required}..{}", pparams.len())
                };
                return Err(Error::argument(format!("wrong number of arguments (given {given}, expected {expected})")));
            }
        }
        child = parent;
    }
    Ok(())
}

/// Fails as Puppet's dispatcher does when no signature of the type's `new`
/// function takes `args`.
fn check_new_signature(base: &Type, args: &[Value]) -> Result<(), Error> {
    // The types whose `new` checks arguments only with its dispatches
    // (the others have `argument_mismatch` handlers with messages of their
    // own, which `convert::new_value` writes).
    let checked = match base {
        Type::Binary | Type::SemVerRange | Type::Hash { .. } | Type::Timestamp { .. } | Type::Uri(_) => true,
        Type::SemVer(_) => !matches!(args.first(), Some(Value::String(_))),
        Type::Timespan { .. } => matches!(args.first(), Some(Value::Hash(_))),
        _ => false,
    };
    let Some(f) = checked.then(|| new_table(base)).flatten() else { return Ok(()) };
    let sigs: Vec<&super::Dispatch> = f.dispatches().iter().collect();
    if sigs.iter().any(|d| d.accepts(args, None)) {
        return Ok(());
    }
    Err(Error::argument(super::describe::describe_signatures(f.name, &sigs, args, None)))
}

/// The arity error of a type's `new` function called without arguments
/// (Puppet names each type's function: `new_float`, `new_Version` ...).
fn no_arguments(t: &Type) -> Option<String> {
    let (name, range) = match t.resolved() {
        Type::Integer(_) => ("new", "between 1 and 3 arguments"),
        Type::Float(_) | Type::Regexp(_) => ("new_float", "between 1 and 2 arguments"),
        Type::Numeric => ("new_numeric", "between 1 and 2 arguments"),
        Type::String { .. } => ("new_string", "between 1 and 2 arguments"),
        Type::Boolean(_) => ("new_boolean", "1 argument"),
        Type::Array { .. } | Type::Tuple { .. } => ("new_array", "between 1 and 2 arguments"),
        Type::Hash { .. } | Type::Struct(_) => ("new_hash", "between 1 and 2 arguments"),
        Type::Timespan { .. } => ("new_timespan", "between 1 and 7 arguments"),
        Type::SemVer(_) => ("new_Version", "between 1 and 5 arguments"),
        Type::SemVerRange => ("new_VersionRange", "between 1 and 3 arguments"),
        Type::Binary => ("new_Binary", "between 1 and 2 arguments"),
        Type::Sensitive(_) => ("new_Sensitive", "1 argument"),
        Type::Type(_) => ("new_type", "1 argument"),
        Type::NotUndef(_) => ("new_unit", "1 argument"),
        Type::Init { target: Some(_), .. } => ("new_Init", "1 argument"),
        Type::Optional(Some(inner)) => return no_arguments(inner),
        _ => return None,
    };
    Some(format!("'{name}' expects {range}, got none"))
}

fn new(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let t = args[0].as_type().cloned().unwrap_or(Type::Any);
    if args.len() == 1
        && let Some(msg) = no_arguments(&t)
    {
        return Err(Error::argument(msg).into());
    }
    let result = new_instance(&t, &args[1..])?;
    match block {
        Some(b) => yield_(host, b, &[result]),
        None => Ok(result),
    }
}

fn convert_to(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let t = args[1].as_type().cloned().unwrap_or(Type::Any);
    let mut new_args = vec![args[0].clone()];
    new_args.extend_from_slice(&args[2..]);
    let result = new_instance(&t, &new_args)?;
    match block {
        Some(b) => yield_(host, b, &[result]),
        None => Ok(result),
    }
}

fn is_defined(host: &mut dyn Host, v: &Value) -> Result<bool, Error> {
    match v {
        Value::String(s) => {
            if let Some(name) = s.strip_prefix('$')
                && !name.is_empty()
                && !name.contains('\n')
            {
                return Ok(host.lookup_variable(name).is_some());
            }
            if s.is_empty() {
                return Ok(false);
            }
            // Puppet finds the main class (named '') for exactly 'main',
            // and the class `settings` is always known.
            if s.as_str() == "main" || s.eq_ignore_ascii_case("settings") {
                return Ok(true);
            }
            Ok(host.is_defined_name(s))
        }
        Value::Type(t) => defined_type(host, t),
        other => Err(Error::argument(format!(
            "Invalid argument of type '{}' to 'defined'",
            super::util::ruby_class_name(other)
        ))),
    }
}

fn defined_type(host: &mut dyn Host, t: &Type) -> Result<bool, Error> {
    match t.resolved() {
        Type::Resource { type_name: None, .. } => {
            Err(Error::argument("The given resource type is a reference to all kind of types"))
        }
        Type::Resource { type_name: Some(n), title: None } => Ok(host.is_defined_name(&n.to_lowercase())),
        r @ Type::Resource { title: Some(_), .. } => Ok(host.is_defined_resource(r)),
        Type::Class(None) => Err(Error::argument("The given class type is a reference to all classes")),
        // The catalog's Class[main] has the symbol `:main` as its title,
        // which Puppet's `findresource(:class, 'main')` does not find.
        Type::Class(Some(n)) if n.eq_ignore_ascii_case("main") => Ok(false),
        c @ Type::Class(Some(_)) => Ok(host.is_defined_resource(c)),
        Type::Type(Some(inner)) => match inner.resolved() {
            r @ Type::Resource { .. } => defined_type(host, r),
            Type::Class(None) => Err(Error::argument("The given class type is a reference to all classes")),
            // Puppet's `find_hostclass('main')` does not find the main class.
            Type::Class(Some(n)) => Ok(&**n != "main" && host.is_defined_name(n)),
            _ => Ok(false),
        },
        _ => Ok(false),
    }
}

fn defined(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    for v in args {
        if is_defined(host, v)? {
            return Ok(Value::Boolean(true));
        }
    }
    Ok(Value::Boolean(false))
}

fn unwrap(host: &mut dyn Host, args: &[Value], block: Option<&Value>) -> FnResult {
    let v = match &args[0] {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    };
    match block {
        Some(b) => yield_(host, b, &[v]),
        None => Ok(v),
    }
}

fn annotate(_: &mut dyn Host, _: &[Value], _: Option<&Value>) -> FnResult {
    // No value is an Annotation type (the runtime has no Object types), so
    // the dispatcher never gets here.
    Err(Error::argument("annotations require Object types").into())
}

/// The signatures of Puppet's `new` function for a type (its dispatches'
/// parameter types, in order, without `argument_mismatch` handlers), as
/// `Init[T]` reads them to know which values can make a `T`. `None` when
/// the type has no `new` function.
pub(crate) fn new_signatures(t: &Type) -> Option<Vec<(Vec<Type>, usize, Option<usize>)>> {
    let f = new_table(t)?;
    Some(
        f.dispatches()
            .iter()
            .filter(|d| !d.is_mismatch_handler())
            .map(|d| (d.params.iter().map(|p| p.ty.clone()).collect(), d.min, d.max))
            .collect(),
    )
}

/// Puppet's `new` function of a type, as a table of its dispatches.
fn new_table(t: &Type) -> Option<&Function> {
    use std::sync::OnceLock;
    macro_rules! table {
        ($name:literal, [$(($l:literal, $b:literal)),*], [$($spec:literal),*]) => {{
            static F: OnceLock<Function> = OnceLock::new();
            F.get_or_init(|| {
                Builder::new($name)
                    $(.local($l, $b))*
                    $(.d($spec, new_by_signature))*
                    .done()
            })
        }};
    }
    Some(match t.resolved() {
        Type::ObjectType(o) => object_new_function(o),
        Type::ObjectExt(e) => object_new_function(&e.base),
        Type::Integer(_) => table!(
            "new",
            [
                ("Radix", "Variant[Default, Integer[2,2], Integer[8,8], Integer[10,10], Integer[16,16]]"),
                ("Convertible", r"Variant[Numeric, Boolean, Pattern[/\A[+-]?\s*(?:(?:\d+)|(?:0[xX][0-9A-Fa-f]+)|(?:0[bB][01]+))\z/], Timespan, Timestamp]"),
                ("NamedArgs", "Struct[{from => Convertible, Optional[radix] => Radix, Optional[abs] => Boolean}]")
            ],
            ["Convertible from, Radix radix?, Boolean abs?", "NamedArgs hash_args"]
        ),
        Type::Float(_) => table!(
            "new_float",
            [
                ("Convertible", r"Variant[Numeric, Boolean, Pattern[/\A[+-]?\s*(?:(?:(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]-?\d+)?)|(?:0[xX][0-9A-Fa-f]+)|(?:0[0-7]+)|(?:0[bB][01]+))\z/], Timespan, Timestamp]"),
                ("NamedArgs", "Struct[{from => Convertible, Optional[abs] => Boolean}]")
            ],
            ["Convertible from, Boolean abs?", "NamedArgs hash_args"]
        ),
        Type::Numeric => table!(
            "new_numeric",
            [
                ("Convertible", r"Variant[Integer, Float, Boolean, Pattern[/\A[+-]?\s*(?:(?:(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]-?\d+)?)|(?:0[xX][0-9A-Fa-f]+)|(?:0[0-7]+)|(?:0[bB][01]+))\z/], Timespan, Timestamp]"),
                ("NamedArgs", "Struct[{from => Convertible, Optional[abs] => Boolean}]")
            ],
            ["Convertible from, Boolean abs?", "NamedArgs hash_args"]
        ),
        Type::String { .. } => table!(
            "new_string",
            [
                ("Format", r"Pattern[/\A%([\s\+\-#0\[\{<\(\|]*)([1-9][0-9]*)?(?:\.([0-9]+))?([a-zA-Z])\z/]"),
                ("ContainerFormat", "Struct[{Optional[format] => Format, Optional[separator] => String, Optional[separator2] => String, Optional[string_formats] => Hash[Type, Format]}]"),
                ("TypeMap", "Hash[Type, Variant[Format, ContainerFormat]]"),
                ("Formats", "Variant[Default, String[1], TypeMap]")
            ],
            ["Any from, Formats string_formats?"]
        ),
        Type::Boolean(_) => table!(
            "new_boolean",
            [],
            ["Variant[Integer, Float, Boolean, Enum['false','true','yes','no','y','n',true]] from"]
        ),
        Type::Array { .. } | Type::Tuple { .. } => table!(
            "new_array",
            [],
            ["Variant[Array,Hash,Binary,Iterable] from, Boolean[false] wrap?", "Any from, Boolean[true] wrap"]
        ),
        Type::Hash { .. } | Type::Struct(_) => table!(
            "new_hash",
            [
                ("KeyValueArray", "Array[Tuple[Any,Any],1]"),
                ("TreeArray", "Array[Tuple[Array,Any],1]"),
                ("NewHashOption", "Enum[tree, hash_tree]")
            ],
            ["TreeArray from, NewHashOption build_option?", "KeyValueArray from", "Any from"]
        ),
        Type::Regexp(_) => table!("new_float", [], ["String pattern, Boolean escape?"]),
        Type::Type(_) => table!("new_type", [], ["String[1] type_string"]),
        Type::Binary => table!(
            "new_Binary",
            [
                ("ByteInteger", "Integer[0,255]"),
                ("Base64Format", "Enum['%b', '%u', '%B', '%s', '%r']"),
                ("StringHash", "Struct[{value => String, format => Optional[Base64Format]}]"),
                ("ArrayHash", "Struct[{value => Array[ByteInteger]}]"),
                ("BinaryArgsHash", "Variant[StringHash, ArrayHash]")
            ],
            ["String str, Base64Format format?", "Array[ByteInteger] byte_array", "BinaryArgsHash hash_args"]
        ),
        Type::SemVer(_) => table!(
            "new_Version",
            [
                ("PositiveInteger", "Integer[0,default]"),
                ("SemVerQualifier", r"Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/]"),
                ("SemVerPattern", r"Pattern[/\A(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\Z/]"),
                ("SemVerHash", "Struct[{major=>PositiveInteger,minor=>PositiveInteger,patch=>PositiveInteger,Optional[prerelease]=>SemVerQualifier,Optional[build]=>SemVerQualifier}]")
            ],
            [
                "SemVerPattern str",
                "PositiveInteger major, PositiveInteger minor, PositiveInteger patch, SemVerQualifier prerelease?, SemVerQualifier build?",
                "SemVerHash hash_args"
            ]
        ),
        Type::SemVerRange => table!(
            "new_VersionRange",
            [
                ("SemVerRangeString", "String[1]"),
                ("SemVerRangeHash", "Struct[{min=>Variant[Default,SemVer],Optional[max]=>Variant[Default,SemVer],Optional[exclude_max]=>Boolean}]")
            ],
            [
                "SemVerRangeString str",
                "Variant[Default,SemVer] min, Variant[Default,SemVer] max, Boolean exclude_max?",
                "SemVerRangeHash hash_args"
            ]
        ),
        Type::Sensitive(_) => table!("new_Sensitive", [], ["Sensitive value", "Any value"]),
        Type::Timespan { .. } => table!(
            "new_timespan",
            [("Formats", "Variant[String[2],Array[String[2], 1]]")],
            [
                "Variant[Integer,Float] seconds",
                "String[1] string, Formats format?",
                "Integer days, Integer hours, Integer minutes, Integer seconds, Integer milliseconds?, Integer microseconds?, Integer nanoseconds?",
                "Struct[{string => String[1], Optional[format] => Formats}] hash_arg",
                "Struct[{Optional[negative] => Boolean, Optional[days] => Integer, Optional[hours] => Integer, Optional[minutes] => Integer, Optional[seconds] => Integer, Optional[milliseconds] => Integer, Optional[microseconds] => Integer, Optional[nanoseconds] => Integer}] hash_arg"
            ]
        ),
        Type::Timestamp { .. } => return new_function_dispatches(&Type::Timestamp { from: None, to: None }),
        Type::Uri(_) => return new_function_dispatches(&Type::Uri(None)),
        _ => return None,
    })
}

/// A signature-only dispatch body (the tables of [`new_signatures`] are
/// read, not called).
fn new_by_signature(_: &mut dyn Host, _: &[Value], _: Option<&Value>) -> FnResult {
    Err(Error::argument("a new function signature is not callable").into())
}

/// Does the named-arguments signature (the one taking a `Struct`) of the
/// type's `new` function take these arguments?
pub(crate) fn new_takes_named(t: &Type, args: &[Value]) -> bool {
    let Some(f) = new_table(t) else { return false };
    f.dispatches().iter().any(|d| {
        d.params.len() == 1
            && matches!(d.params[0].ty.resolved(), Type::Struct(_) | Type::Variant(_))
            && d.accepts(args, None)
    })
}
