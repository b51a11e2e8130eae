//! The arguments of `lookup()` and of the 3.x-style `hiera()`,
//! `hiera_array()`, `hiera_hash()` and `hiera_include()`: their dispatches
//! (signatures, as `puppet/functions/lookup.rb` and
//! `Hiera::PuppetFunction` declare them), the choice of a dispatch with
//! Puppet's mismatch messages, and what each dispatch means as a
//! [`Request`]. The evaluator runs the lookup (it owns the scope and calls
//! the default block).

use std::sync::OnceLock;

use crate::error::Error;
use crate::functions::{Builder, Dispatch, FnResult, Host, describe};
use crate::value::{PHash, Value};

use super::{HieraCall, Request};

/// A call of `lookup` or a `hiera*` function, decoded.
#[derive(Clone, Debug)]
pub struct Call {
    pub request: Request,
    /// The default value, when one was given (possibly undef).
    pub default: Option<Value>,
    /// The default block (a Callable).
    pub block: Option<Value>,
    /// What the block is called with: the name argument as given (a
    /// String, or for `lookup` an Array of names).
    pub block_arg: Value,
}

/// The dispatch bodies are never run: this table only describes the
/// signatures, for choosing a dispatch and for mismatch messages.
fn signature_only(_: &mut dyn Host, _: &[Value], _: Option<&Value>) -> FnResult {
    Err(Error::argument("lookup signatures are matched, not called").into())
}

fn lookup_dispatches() -> &'static [Dispatch] {
    static D: OnceLock<crate::functions::Function> = OnceLock::new();
    D.get_or_init(|| {
        Builder::new("lookup")
            .local("NameType", "Variant[String, Array[String]]")
            .local("ValueType", "Type")
            .local("DefaultValueType", "Any")
            .local("MergeType", "Variant[String[1], Hash[String, Scalar]]")
            .local("BlockType", "Callable[NameType]")
            .local(
                "OptionsWithName",
                "Struct[{name => NameType, value_type => Optional[ValueType], default_value => Optional[DefaultValueType], \
                 override => Optional[Hash[String,Any]], default_values_hash => Optional[Hash[String,Any]], \
                 merge => Optional[MergeType]}]",
            )
            .local(
                "OptionsWithoutName",
                "Struct[{value_type => Optional[ValueType], default_value => Optional[DefaultValueType], \
                 override => Optional[Hash[String,Any]], default_values_hash => Optional[Hash[String,Any]], \
                 merge => Optional[MergeType]}]",
            )
            .d("NameType name, ValueType value_type?, MergeType merge?", signature_only)
            .d(
                "NameType name, Optional[ValueType] value_type, Optional[MergeType] merge, DefaultValueType default_value",
                signature_only,
            )
            .d("NameType name, ValueType value_type?, MergeType merge?, &BlockType block", signature_only)
            .d("OptionsWithName options_hash, &BlockType block?", signature_only)
            .d("Variant[String,Array[String]] name, OptionsWithoutName options_hash, &BlockType block?", signature_only)
            .done()
    })
    .dispatches()
}

fn hiera_dispatches(name: &'static str) -> &'static [Dispatch] {
    static D: OnceLock<Vec<crate::functions::Function>> = OnceLock::new();
    let all = D.get_or_init(|| {
        ["hiera", "hiera_array", "hiera_hash", "hiera_include"]
            .into_iter()
            .map(|n| {
                Builder::new(n)
                    .d("Tuple[String, Any, Any, 1, 3] args", signature_only)
                    .d("String key", signature_only)
                    .d("String key, Any default, Any override?", signature_only)
                    .d("String key, &Callable[1,1] default_block", signature_only)
                    .d("String key, Any override, &Callable[1,1] default_block", signature_only)
                    .done()
            })
            .collect()
    });
    all.iter().find(|f| f.name == name).map(|f| f.dispatches()).unwrap_or(&[])
}

/// The index of the dispatch that accepts the arguments, or Puppet's
/// message for arguments none accepts.
fn choose(name: &str, dispatches: &[Dispatch], args: &[Value], block: Option<&Value>) -> Result<usize, Error> {
    if let Some(i) = dispatches.iter().position(|d| d.accepts(args, block)) {
        return Ok(i);
    }
    let sigs: Vec<&Dispatch> = dispatches.iter().collect();
    Err(Error::new("TYPE_MISMATCH", describe::describe_signatures(name, &sigs, args, block)))
}

fn names_of(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.to_string()],
        Value::Array(a) => a.iter().filter_map(|e| e.as_str().map(str::to_string)).collect(),
        _ => vec![],
    }
}

fn type_of(v: Option<&Value>) -> Option<crate::types::Type> {
    match v {
        Some(Value::Type(t)) => Some((**t).clone()),
        _ => None,
    }
}

fn some_merge(v: Option<&Value>) -> Option<Value> {
    v.filter(|m| !m.is_undef()).cloned()
}

/// Decodes the arguments of `lookup(...)`.
pub fn lookup_call(args: &[Value], block: Option<&Value>) -> Result<Call, Error> {
    let i = choose("lookup", lookup_dispatches(), args, block)?;
    let mut request = Request::default();
    let mut default = None;
    let name_arg;
    match i {
        0..=2 => {
            name_arg = args[0].clone();
            request.value_type = type_of(args.get(1));
            request.merge = some_merge(args.get(2));
            if i == 1 {
                default = Some(args[3].clone());
            }
        }
        _ => {
            let (name, opts) = if i == 3 {
                let Value::Hash(h) = &args[0] else { unreachable!("the dispatch accepted a Struct") };
                (h.get(&Value::string("name")).cloned().unwrap_or(Value::Undef), h.clone())
            } else {
                let Value::Hash(h) = &args[1] else { unreachable!("the dispatch accepted a Struct") };
                (args[0].clone(), h.clone())
            };
            name_arg = name;
            let get = |k: &str| opts.get(&Value::string(k));
            request.value_type = type_of(get("value_type"));
            request.merge = some_merge(get("merge"));
            if opts.contains_key(&Value::string("default_value")) {
                default = Some(get("default_value").cloned().unwrap_or(Value::Undef));
            }
            let hash = |v: Option<&Value>| match v {
                Some(Value::Hash(h)) => Some(PHash(h.0.clone())),
                _ => None,
            };
            request.override_values = hash(get("override"));
            request.default_values = hash(get("default_values_hash"));
        }
    }
    request.names = names_of(&name_arg);
    Ok(Call { request, default, block: block.cloned(), block_arg: name_arg })
}

/// Decodes the arguments of `hiera`, `hiera_array`, `hiera_hash` or
/// `hiera_include`.
pub fn hiera_call(function: &'static str, args: &[Value], block: Option<&Value>) -> Result<Call, Error> {
    let i = choose(function, hiera_dispatches(function), args, block)?;
    if i == 0 {
        // `hiera(['key', default, override])`: Puppet's `hiera_splat`
        // calls a method its class does not have.
        return Err(super::ruby_error(
            "undefined method `hiera' for #<#<Class:0x<addr>>:0x<addr> @closure_scope=nil, @loader=(ModuleLoader::FileBased 'puppet_system' '')>\n\n    hiera(scope, *args)\n    ^^^^^",
        ));
    }
    let args = args.to_vec();
    let key = args[0].clone();
    let (default, over) = match (i, args.len()) {
        (3, _) => (None, None),
        (4, _) => (None, args.get(1)),
        (_, 1) => (None, None),
        _ => (Some(args[1].clone()), args.get(2)),
    };
    let overrides = match over {
        None | Some(Value::Undef) => vec![],
        Some(Value::Array(a)) => a.iter().map(crate::display::to_interpolated_string).collect(),
        Some(v) => vec![crate::display::to_interpolated_string(v)],
    };
    let request = Request {
        names: names_of(&key),
        hiera: Some(HieraCall { function, overrides }),
        ..Request::default()
    };
    Ok(Call { request, default, block: block.cloned(), block_arg: key })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dispatch_choice_and_messages() {
        let c = lookup_call(&[Value::string("a")], None).unwrap();
        assert_eq!(c.request.names, vec!["a"]);
        assert!(c.default.is_none());
        let c = lookup_call(&[Value::string("a"), Value::Undef, Value::Undef, Value::Integer(1)], None).unwrap();
        assert!(matches!(c.default, Some(Value::Integer(1))));
        let opts = Value::hash(vec![(Value::string("name"), Value::string("x")), (Value::string("default_value"), Value::Undef)]);
        let c = lookup_call(&[opts], None).unwrap();
        assert_eq!(c.request.names, vec!["x"]);
        assert!(matches!(c.default, Some(Value::Undef)));
        let e = lookup_call(&[], None).unwrap_err();
        assert_eq!(e.message(), "'lookup' expects between 1 and 4 arguments, got none");
        let c = hiera_call("hiera", &[Value::string("k"), Value::string("d")], None).unwrap();
        assert_eq!(c.request.names, vec!["k"]);
        assert!(matches!(c.default, Some(Value::String(_))));
        assert!(hiera_call("hiera", &[Value::array(vec![Value::string("k")])], None).is_err());
    }
}
