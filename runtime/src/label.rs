//! Names of values as Puppet's error messages use them: the label provider's
//! labels (`an Integer`, `an Undef Value`, `an Integer[1, 2]-Type`), the Ruby
//! class names some messages print (`Got NilClass`), and the generalized type
//! name used for bad keys (`Cannot use Undef where ...`).

use crate::error::{a_an, a_an_uc};
use crate::types::calc::infer_generalized;
use crate::types::format::type_to_string;
use crate::types::Type;
use crate::value::Value;

/// `ModelLabelProvider#label` of a runtime value.
pub fn label(v: &Value) -> String {
    match v {
        Value::Undef => "Undef Value".into(),
        // `default` is a Ruby Symbol, which the label provider calls Object.
        Value::Default => "Object".into(),
        Value::Boolean(_) => "Boolean".into(),
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::String(_) => "String".into(),
        Value::Regexp(_) => "Regexp".into(),
        Value::Array(_) => "Array".into(),
        Value::Hash(_) => "Hash".into(),
        Value::Type(t) => type_label(t),
        Value::Timespan(_) => "Timespan".into(),
        Value::Timestamp(_) => "Timestamp".into(),
        Value::SemVer(_) => "Semver".into(),
        Value::SemVerRange(_) => "SemverRange".into(),
        Value::Sensitive(_) => "Sensitive".into(),
        Value::Binary(_) => "Binary".into(),
        Value::Iterator(_) => "Iterator".into(),
        Value::Callable(_) => "Callable".into(),
        Value::Uri(_) => "URI".into(),
        Value::Object(o) => o.ty.label().to_string(),
    }
}

/// The label of a type value: `Integer-Type`, `File['x'] Resource-Reference`.
pub fn type_label(t: &Type) -> String {
    match t {
        Type::Resource { type_name: Some(_), title: Some(_) } => format!("{} Resource-Reference", type_to_string(t)),
        _ => format!("{}-Type", crate::display::type_display(t)),
    }
}

/// `label.a_an(value)`.
pub fn a_an_label(v: &Value) -> String {
    a_an(&label(v))
}

/// `label.a_an_uc(value)`.
pub fn a_an_uc_label(v: &Value) -> String {
    a_an_uc(&label(v))
}

/// The Ruby class name of the object Puppet uses for a value.
pub fn ruby_class(v: &Value) -> String {
    match v {
        Value::Undef => "NilClass".into(),
        Value::Default => "Symbol".into(),
        Value::Boolean(true) => "TrueClass".into(),
        Value::Boolean(false) => "FalseClass".into(),
        Value::Integer(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::String(_) => "String".into(),
        Value::Regexp(_) => "Regexp".into(),
        Value::Array(_) => "Array".into(),
        Value::Hash(_) => "Hash".into(),
        Value::Type(t) => format!("Puppet::Pops::Types::P{}Type", simple_name(t)),
        Value::Timespan(_) => "Puppet::Pops::Time::Timespan".into(),
        Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp".into(),
        Value::SemVer(_) => "SemanticPuppet::Version".into(),
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange".into(),
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive".into(),
        Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary".into(),
        Value::Iterator(_) => "Puppet::Pops::Types::Iterable".into(),
        Value::Callable(_) => "Puppet::Pops::Evaluator::Closure".into(),
        Value::Uri(_) => "URI::Generic".into(),
        Value::Object(o) => o.ty.label().to_string(),
    }
}

/// Puppet's `simple_name` of a type's class (`PIntegerType` -> `Integer`).
pub(crate) fn simple_name(t: &Type) -> &'static str {
    match t {
        Type::Any => "Any",
        Type::Undef => "Undef",
        Type::Default => "Default",
        Type::Unit => "Unit",
        Type::NotUndef(_) => "NotUndef",
        Type::Scalar => "Scalar",
        Type::ScalarData => "ScalarData",
        Type::Numeric => "Numeric",
        Type::Integer(_) => "Integer",
        Type::Float(_) => "Float",
        Type::String { .. } => "String",
        Type::Enum { .. } => "Enum",
        Type::Pattern(_) => "Pattern",
        Type::Boolean(_) => "Boolean",
        Type::Regexp(_) => "Regexp",
        Type::Array { .. } => "Array",
        Type::Hash { .. } => "Hash",
        Type::Tuple { .. } => "Tuple",
        Type::Struct(_) => "Struct",
        Type::Collection(_) => "Collection",
        Type::Variant(_) => "Variant",
        Type::Optional(_) => "Optional",
        Type::CatalogEntry => "CatalogEntry",
        Type::Resource { .. } => "Resource",
        Type::Class(_) => "Class",
        Type::Type(_) => "Type",
        Type::Callable(_) => "Callable",
        Type::Runtime { .. } => "Runtime",
        Type::Iterable(_) => "Iterable",
        Type::Iterator(_) => "Iterator",
        Type::SemVer(_) => "SemVer",
        Type::SemVerRange => "SemVerRange",
        Type::Timespan { .. } => "Timespan",
        Type::Timestamp { .. } => "Timestamp",
        Type::Sensitive(_) => "Sensitive",
        Type::Binary => "Binary",
        Type::Uri(_) => "URI",
        Type::Init { .. } => "Init",
        Type::Object | Type::ObjectType(_) => "Object",
        Type::ObjectExt(_) => "ObjectTypeExtension",
        Type::TypeSet | Type::TypeSetType(_) => "TypeSet",
        Type::Alias(_) => "TypeAlias",
        Type::Reference(_) => "TypeReference",
    }
}

/// The label of a value's Ruby class (`label_Class`): a type's class is
/// `Integer-Type`, other classes print their name (`String`, `NilClass`).
pub fn class_label(v: &Value) -> String {
    match v {
        Value::Type(t) => format!("{}-Type", simple_name(t)),
        other => ruby_class(other),
    }
}

/// `bad_key_type_name`: `Undef`, `Default`, or the generalized inferred type.
pub fn bad_key_type_name(v: &Value) -> String {
    match v {
        Value::Undef => "Undef".into(),
        Value::Default => "Default".into(),
        other => type_to_string(&infer_generalized(other)),
    }
}
