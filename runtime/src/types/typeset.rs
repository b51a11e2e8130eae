//! Pcore TypeSets (`type S = TypeSet[{pcore_version => '1.0.0', types =>
//! {...}, references => {...}}]`), as Puppet 7's `PTypeSetType`: a named,
//! versioned group of types. The types a set declares are defined by the
//! evaluator as types named `S::Name` (an Object type gets that name, any
//! other type becomes an alias of it); names inside the set's types refer
//! to the set's own types first. This module checks the init hash with
//! Puppet's messages and holds what prints (`TypeSet[{...}]`).

use std::sync::OnceLock;

use super::object::assert_instance;
use super::Type;
use crate::error::Error;
use crate::value::Value;

/// The name authority of the types Puppet's runtime defines (and of a
/// `type S = TypeSet[...]` in a manifest).
pub const RUNTIME_NAME_AUTHORITY: &str = "http://puppet.com/2016.1/runtime";

/// A reference from one TypeSet to another (`references => {A => {name =>
/// 'Other', version_range => '1.x'}}`).
#[derive(Debug, Clone)]
pub struct TypeSetReference {
    pub name: String,
    pub version_range: String,
    pub name_authority: Option<String>,
}

/// A TypeSet.
#[derive(Debug)]
pub struct TypeSetType {
    pub name: Option<String>,
    pub name_authority: Option<String>,
    pub pcore_uri: Option<String>,
    pub pcore_version: String,
    pub version: Option<String>,
    /// The declared types by their simple name, in declaration order.
    pub types: Vec<(String, Type)>,
    pub references: Vec<(String, TypeSetReference)>,
    pub annotations: Option<Value>,
}

const SIMPLE_TYPE_NAME: &str = r"Pattern[/\A[A-Z]\w*\z/]";
const TYPE_NAME: &str = r"Pattern[/\A[A-Z][\w]*(?:::[A-Z][\w]*)*\z/]";
const URI: &str = r"Pattern[/\A[a-zA-Z][\-+.a-zA-Z\d]*:/]";

/// Puppet's `TYPE_TYPESET_I12N`.
fn typeset_i12n_type() -> &'static Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| {
        super::parser::parse_type_with(
            &format!(
                "Struct[{{Optional[pcore_uri] => {URI}, pcore_version => Variant[String[1], SemVer], \
                 Optional[name_authority] => {URI}, Optional[name] => {TYPE_NAME}, \
                 Optional[version] => Variant[String[1], SemVer], \
                 Optional[types] => Hash[{SIMPLE_TYPE_NAME}, Variant[Type, Hash], 1], \
                 Optional[references] => Hash[{SIMPLE_TYPE_NAME}, Struct[{{name => {TYPE_NAME}, \
                 version_range => Variant[String[1], SemVerRange], Optional[name_authority] => {URI}, \
                 Optional[annotations] => Hash}}], 1], \
                 Optional[annotations] => Optional[Hash[Type, Hash]]}}]"
            ),
            &|_: &str| None,
        )
        .unwrap_or(Type::Any)
    })
}

fn version_text(v: Option<&Value>) -> Option<String> {
    match v {
        Some(Value::String(s)) => Some(s.to_string()),
        Some(Value::SemVer(s)) => Some(s.to_string()),
        _ => None,
    }
}

impl TypeSetType {
    /// Builds a set from its (evaluated) init hash, as Puppet's
    /// `_pcore_init_from_hash`; `name` (the alias that declares it) wins.
    pub fn from_init_hash(name: Option<String>, init: &Value) -> Result<TypeSetType, Error> {
        let declared = name.is_some();
        assert_instance("TypeSet initializer", typeset_i12n_type(), init)?;
        let empty = crate::value::HashMapV::default();
        let h = init.as_hash().unwrap_or(&empty);
        let get = |k: &str| h.get(&crate::value::StrKey(k));
        let name = name.or_else(|| get("name").and_then(Value::as_str).map(str::to_string));
        let pcore_version = version_text(get("pcore_version")).unwrap_or_default();
        let parsed = semver::Version::parse(&pcore_version)
            .map_err(|_| Error::argument(format!("The string '{pcore_version}' cannot be converted to a SemVer")))?;
        if parsed.major != 1 || !parsed.pre.is_empty() {
            return Err(Error::argument(format!(
                "The pcore version for TypeSet '{}' is not understood by this runtime. Expected range 1.x, got {pcore_version}",
                name.as_deref().unwrap_or("")
            )));
        }
        let types = match get("types") {
            Some(Value::Hash(t)) => t
                .iter()
                .map(|(k, v)| {
                    let ty = match v {
                        Value::Type(t) => (**t).clone(),
                        _ => Type::Any,
                    };
                    (k.as_str().unwrap_or("").to_string(), ty)
                })
                .collect(),
            _ => vec![],
        };
        let mut references: Vec<(String, TypeSetReference)> = Vec::new();
        if let Some(Value::Hash(refs)) = get("references") {
            for (k, v) in refs.iter() {
                let alias = k.as_str().unwrap_or("").to_string();
                let rh = v.as_hash();
                let field = |f: &str| rh.and_then(|h| h.get(&crate::value::StrKey(f)));
                let r = TypeSetReference {
                    name: field("name").and_then(Value::as_str).unwrap_or("").to_string(),
                    version_range: match field("version_range") {
                        Some(Value::SemVerRange(r)) => r.to_string(),
                        Some(other) => crate::display::to_interpolated_string(other),
                        None => String::new(),
                    },
                    name_authority: field("name_authority").and_then(Value::as_str).map(str::to_string),
                };
                let set_name = name.as_deref().unwrap_or("");
                if types.iter().any(|(n, _)| *n == alias) {
                    return Err(Error::argument(format!(
                        "TypeSet '{set_name}' references a TypeSet using alias '{alias}'. The alias collides with the name of a declared type"
                    )));
                }
                references.push((alias, r));
            }
        }
        // A set declared by `type S = TypeSet[...]` belongs to the runtime's
        // name authority, whatever its hash says.
        let name_authority = if declared {
            Some(RUNTIME_NAME_AUTHORITY.to_string())
        } else {
            get("name_authority").and_then(Value::as_str).map(str::to_string)
        };
        Ok(TypeSetType {
            name,
            name_authority,
            pcore_uri: get("pcore_uri").and_then(Value::as_str).map(str::to_string),
            pcore_version,
            version: version_text(get("version")),
            types,
            references,
            annotations: get("annotations").filter(|v| !v.is_undef()).cloned(),
        })
    }

    /// Puppet's `eql?`: same name authority, name and version.
    pub fn same_set(&self, o: &TypeSetType) -> bool {
        self.name_authority == o.name_authority && self.name == o.name && self.version == o.version
    }

    /// A declared type by its simple name (case-insensitive, as Puppet).
    pub fn type_named(&self, name: &str) -> Option<&Type> {
        self.types
            .iter()
            .find(|(n, _)| n == name)
            .or_else(|| self.types.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)))
            .map(|(_, t)| t)
    }

    /// The name a type has inside this set (`Foo` for `S::Foo`).
    pub fn name_for(&self, t: &Type) -> Option<&str> {
        self.types.iter().find(|(_, x)| x == t).map(|(n, _)| n.as_str())
    }
}
