//! Pcore Object types and their instances: a named type with typed
//! attributes (some with a default value), and values that hold one value
//! per attribute. Puppet 7 defines its `Deferred` type this way
//! (`pcore.rb`), which is the Object type the runtime knows; user-defined
//! Object types (`type A = Object[{...}]`) are not modelled yet.
//!
//! An instance prints as `Name({'attr' => value, ...})`, leaving out the
//! attributes that hold their default value (Puppet's `_pcore_init_hash`).

use std::sync::{Arc, OnceLock};

use super::{StructElement, Type};
use crate::value::Value;

/// One attribute of an Object type.
#[derive(Debug)]
pub struct Attribute {
    pub name: String,
    pub ty: Type,
    /// The default value; `None` when the attribute has none (it must be
    /// given).
    pub default: Option<Value>,
}

/// A named Object type.
#[derive(Debug)]
pub struct ObjectType {
    pub name: String,
    pub attributes: Vec<Attribute>,
}

impl ObjectType {
    /// The index of an attribute.
    pub fn attribute(&self, name: &str) -> Option<usize> {
        self.attributes.iter().position(|a| a.name == name)
    }

    /// The type of the hash that creates an instance (`Struct[{...}]`,
    /// attributes with a default optional).
    pub fn init_hash_type(&self) -> Type {
        Type::Struct(
            self.attributes
                .iter()
                .map(|a| {
                    let key = Type::String { size: None, value: Some(Arc::new(a.name.clone())) };
                    let key = if a.default.is_some() { Type::Optional(Some(Arc::new(key))) } else { key };
                    StructElement { key, value: a.ty.clone() }
                })
                .collect(),
        )
    }
}

/// An instance of an Object type: one value per attribute, in order.
#[derive(Debug)]
pub struct ObjectValue {
    pub ty: Arc<ObjectType>,
    pub values: Vec<Value>,
}

impl ObjectValue {
    /// The value of an attribute.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.ty.attribute(name).and_then(|i| self.values.get(i))
    }

    /// The attributes that do not hold their default value, in order
    /// (Puppet's `_pcore_init_hash`).
    pub fn init_entries(&self) -> Vec<(&str, &Value)> {
        self.ty
            .attributes
            .iter()
            .zip(&self.values)
            .filter(|(a, v)| a.default.as_ref() != Some(*v))
            .map(|(a, v)| (a.name.as_str(), v))
            .collect()
    }
}

/// Puppet's `Deferred`: a function name (or `$variable`) and its
/// arguments, resolved by `call()` (or by the agent, after compilation).
pub fn deferred_type() -> Arc<ObjectType> {
    static DEFERRED: OnceLock<Arc<ObjectType>> = OnceLock::new();
    DEFERRED
        .get_or_init(|| {
            let name_pattern = crate::regex::Regex::new(r"\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\z")
                .expect("the Deferred name pattern compiles");
            Arc::new(ObjectType {
                name: "Deferred".into(),
                attributes: vec![
                    Attribute { name: "name".into(), ty: Type::Pattern(vec![name_pattern]), default: None },
                    Attribute {
                        name: "arguments".into(),
                        ty: Type::Optional(Some(Arc::new(Type::array()))),
                        default: Some(Value::Undef),
                    },
                ],
            })
        })
        .clone()
}
