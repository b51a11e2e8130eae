//! Pcore Object types and their instances, as Puppet 7's `PObjectType`
//! (`p_object_type.rb`) and the classes its `RubyGenerator` makes for types
//! written in Puppet: a type is built from its initialization hash
//! (`Object[{name => ..., parent => ..., type_parameters => ...,
//! attributes => ..., constants => ..., functions => ..., equality => ...,
//! equality_include_type => ..., checks => ..., annotations => ...}]`) with
//! Puppet's checks and messages, and knows its members (inherited ones
//! included, overrides in the parent's place), the hash and positional
//! forms of its `new` function, how its instances compare and print.
//!
//! Puppet's own Object types live here too: `Deferred` and `Error` (with
//! its type parameters `kind` and `issue_code`, which make
//! `Error['kind', 'code']` an [`ObjectTypeExtension`]).
//!
//! An instance holds one value per *init parameter* (every attribute that
//! is neither a constant nor derived), in the order of
//! [`ObjectType::init_params`]. It prints as `Name({'attr' => value, ...})`,
//! leaving out the attributes that hold their default value (Puppet's
//! `_pcore_init_hash`).

use std::sync::{Arc, OnceLock};

use super::{calc, StructElement, Type};
use crate::error::Error;
use crate::value::Value;

/// The kind of an attribute (`kind => ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttrKind {
    Constant,
    Derived,
    GivenOrDerived,
    Reference,
}

impl AttrKind {
    pub fn name(self) -> &'static str {
        match self {
            AttrKind::Constant => "constant",
            AttrKind::Derived => "derived",
            AttrKind::GivenOrDerived => "given_or_derived",
            AttrKind::Reference => "reference",
        }
    }
    fn parse(s: &str) -> Option<AttrKind> {
        Some(match s {
            "constant" => AttrKind::Constant,
            "derived" => AttrKind::Derived,
            "given_or_derived" => AttrKind::GivenOrDerived,
            "reference" => AttrKind::Reference,
            _ => return None,
        })
    }
}

/// What a member is (it shows in messages: `attribute P[x]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feature {
    Attribute,
    Function,
    TypeParameter,
}

impl Feature {
    pub fn name(self) -> &'static str {
        match self {
            Feature::Attribute => "attribute",
            Feature::Function => "function",
            Feature::TypeParameter => "type_parameter",
        }
    }
}

/// An attribute, function or type parameter of an Object type.
#[derive(Clone, Debug)]
pub struct Member {
    pub feature: Feature,
    pub name: String,
    /// The label of the type that declares it (`P`, or `Object`).
    pub container: String,
    pub ty: Type,
    /// Attributes only.
    pub kind: Option<AttrKind>,
    /// The default value; `None` when the attribute has none (it must be
    /// given). `Some(Value::Undef)` is the value `undef`.
    pub value: Option<Value>,
    pub is_final: bool,
    pub is_override: bool,
    pub annotations: Option<Value>,
}

impl Member {
    /// `attribute P[x]`, as Puppet's messages name a member.
    pub fn label(&self) -> String {
        format!("{} {}[{}]", self.feature.name(), self.container, self.name)
    }
    fn same_as(&self, o: &Member) -> bool {
        self.feature == o.feature
            && self.name == o.name
            && self.ty == o.ty
            && self.kind == o.kind
            && self.value == o.value
            && self.is_final == o.is_final
            && self.is_override == o.is_override
    }
    /// Is this attribute an init parameter (given to `new`)?
    pub fn is_init_param(&self) -> bool {
        !matches!(self.kind, Some(AttrKind::Constant | AttrKind::Derived))
    }
}

/// A Pcore Object type.
#[derive(Debug)]
pub struct ObjectType {
    /// `None` for an anonymous `Object[{...}]`.
    pub name: Option<String>,
    /// The parent type as written (an alias, a reference, an Object type).
    pub parent: Option<Type>,
    pub type_parameters: Vec<Member>,
    /// The attributes declared here (constants are attributes of kind
    /// `constant`), in declaration order: attributes, then constants.
    pub attributes: Vec<Member>,
    pub functions: Vec<Member>,
    pub equality: Option<Vec<String>>,
    pub equality_include_type: bool,
    pub checks: Option<Value>,
    pub annotations: Option<Value>,
    /// The `new` function's dispatches, made on first use.
    pub(crate) new_function: OnceLock<crate::functions::Function>,
}

const RESERVED_ATTRIBUTES: [&str; 2] = ["__ptype", "__pvalue"];

/// The name patterns Pcore uses (`Pcore::MemberName`, `Pcore::TypeName`).
const MEMBER_NAME: &str = r"Pattern[/\A[a-z_]\w*\z/]";
const TYPE_NAME: &str = r"Pattern[/\A[A-Z][\w]*(?:::[A-Z][\w]*)*\z/]";

fn parse_static(text: &str) -> Type {
    super::parser::parse_type_with(text, &|_: &str| None).unwrap_or(Type::Any)
}

/// Puppet's `TYPE_OBJECT_I12N`: what an Object type's init hash must be.
fn object_i12n_type() -> &'static Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| {
        parse_static(&format!(
            "Struct[{{Optional[name] => {TYPE_NAME}, Optional[parent] => Type, \
             Optional[type_parameters] => Hash[{MEMBER_NAME}, NotUndef], \
             Optional[attributes] => Hash[{MEMBER_NAME}, NotUndef], \
             Optional[constants] => Hash[{MEMBER_NAME}, Any], \
             Optional[functions] => Hash[Variant[{MEMBER_NAME}, Enum['[]']], NotUndef], \
             Optional[equality] => Variant[{MEMBER_NAME}, Array[{MEMBER_NAME}]], \
             Optional[equality_include_type] => Boolean, Optional[checks] => Any, \
             Optional[annotations] => Optional[Hash[Type, Hash[{MEMBER_NAME}, Any]]]}}]"
        ))
    })
}

/// Puppet's `TYPE_ATTRIBUTE`.
fn attribute_type() -> &'static Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| {
        parse_static(
            "Struct[{type => Type, Optional[final] => Boolean, Optional[override] => Boolean, \
             Optional[kind] => Enum[constant, derived, given_or_derived, reference], value => Any, \
             Optional[annotations] => Optional[Hash[Type, Hash[Pattern[/\\A[a-z_]\\w*\\z/], Any]]]}]",
        )
    })
}

/// Puppet's `TYPE_FUNCTION`.
fn function_type() -> &'static Type {
    static T: OnceLock<Type> = OnceLock::new();
    T.get_or_init(|| {
        parse_static(
            "Struct[{type => Type[Callable], Optional[final] => Boolean, Optional[override] => Boolean, \
             Optional[annotations] => Optional[Hash[Type, Hash[Pattern[/\\A[a-z_]\\w*\\z/], Any]]]}]",
        )
    })
}

/// `TypeAsserter.assert_instance_of(subject, t, v)`.
pub(crate) fn assert_instance(subject: &str, t: &Type, v: &Value) -> Result<(), Error> {
    if calc::try_instance_of(t, v)? {
        return Ok(());
    }
    let msg = crate::functions::describe::describe_mismatch(&format!("{subject} has wrong type,"), t, &calc::infer_set(v));
    Err(Error::argument(msg))
}

/// Puppet's `Puppet::ParseError` of a type definition (an access
/// expression reports it as `Error while evaluating a '[]' expression`).
fn parse_error(msg: impl Into<String>) -> Error {
    Error::argument(msg)
}

fn get<'a>(h: &'a crate::value::HashMapV, key: &str) -> Option<&'a Value> {
    h.get(&crate::value::StrKey(key))
}

fn as_bool(v: Option<&Value>) -> Option<bool> {
    match v {
        Some(Value::Boolean(b)) => Some(*b),
        _ => None,
    }
}

fn type_of(v: &Value) -> Option<Type> {
    match v {
        Value::Type(t) => Some((**t).clone()),
        _ => None,
    }
}

impl ObjectType {
    /// The label in messages: the name, or `Object`.
    pub fn label(&self) -> &str {
        self.name.as_deref().unwrap_or("Object")
    }

    /// Builds a type from its (evaluated) init hash, as Puppet's
    /// `_pcore_init_from_hash`; `name` (the alias that declares it) wins
    /// over a `name` in the hash.
    pub fn from_init_hash(name: Option<String>, init: &Value) -> Result<ObjectType, Error> {
        assert_instance("object initializer", object_i12n_type(), init)?;
        let empty = crate::value::HashMapV::default();
        let h = init.as_hash().unwrap_or(&empty);
        let name = name.or_else(|| get(h, "name").and_then(Value::as_str).map(str::to_string));
        let label = name.clone().unwrap_or_else(|| "Object".to_string());
        let parent = get(h, "parent").and_then(type_of);

        let mut t = ObjectType {
            name,
            parent,
            type_parameters: vec![],
            attributes: vec![],
            functions: vec![],
            equality: None,
            equality_include_type: true,
            checks: None,
            annotations: get(h, "annotations").filter(|v| !v.is_undef()).cloned(),
            new_function: OnceLock::new(),
        };
        let parent_obj = match &t.parent {
            None => None,
            Some(p) => {
                if let Some(po) = object_of(p) {
                    po.check_self_recursion(&t)?;
                }
                match p.resolved() {
                    Type::Reference(r) => return Err(parse_error(format!("reference to unresolved type '{r}'"))),
                    Type::Alias(a) if a.resolved_type().is_none() => {
                        if t.name.as_deref() == Some(a.name.as_str()) {
                            return Err(Error::new(
                                "RUNTIME_ERROR",
                                format!("The Object type '{}' inherits from itself", a.name),
                            ));
                        }
                        return Err(parse_error(format!("reference to unresolved type '{}'", a.name)));
                    }
                    _ => object_of(p),
                }
            }
        };
        let parent_members: Vec<Member> = parent_obj.as_ref().map(|p| p.members(true)).unwrap_or_default();
        let parent_type_params: Vec<Member> =
            parent_obj.as_ref().map(|p| p.all_type_parameters()).unwrap_or_default();

        if let Some(Value::Hash(tps)) = get(h, "type_parameters") {
            for (k, spec) in tps.iter() {
                let key = k.as_str().unwrap_or("");
                let (ty, value) = match spec {
                    Value::Hash(sh) => (
                        get(sh, "type").and_then(type_of).unwrap_or(Type::Any),
                        get(sh, "value").cloned(),
                    ),
                    other => {
                        assert_instance(&format!("type_parameter {label}[{key}]"), &Type::Type(None), other)?;
                        (type_of(other).unwrap_or(Type::Any), None)
                    }
                };
                let ty = if matches!(ty, Type::Optional(_)) { ty } else { Type::optional(ty) };
                let m = Member {
                    feature: Feature::TypeParameter,
                    name: key.to_string(),
                    container: label.clone(),
                    ty,
                    kind: None,
                    value,
                    is_final: false,
                    is_override: false,
                    annotations: None,
                };
                t.type_parameters.push(assert_override(m, &parent_type_params)?);
            }
        }

        // Constants become attributes of kind `constant` after the others.
        let mut specs: Vec<(String, Value)> = match get(h, "attributes") {
            Some(Value::Hash(a)) => a.iter().map(|(k, v)| (k.as_str().unwrap_or("").to_string(), v.clone())).collect(),
            _ => vec![],
        };
        if let Some(Value::Hash(cs)) = get(h, "constants") {
            for (k, v) in cs.iter() {
                let key = k.as_str().unwrap_or("");
                if specs.iter().any(|(n, _)| n == key) {
                    return Err(parse_error(format!(
                        "attribute {label}[{key}] is defined as both a constant and an attribute"
                    )));
                }
                let spec = Value::hash(vec![
                    (Value::string("type"), Value::Type(Arc::new(calc::generalize(&calc::infer(v))))),
                    (Value::string("value"), v.clone()),
                    (Value::string("kind"), Value::string("constant")),
                    (Value::string("override"), Value::Boolean(parent_members.iter().any(|m| m.name == key))),
                ]);
                specs.push((key.to_string(), spec));
            }
        }
        for (key, spec) in specs {
            let spec = match spec {
                Value::Hash(_) => spec,
                other => {
                    assert_instance(&format!("attribute {label}[{key}]"), &Type::Type(None), &other)?;
                    let mut entries = vec![(Value::string("type"), other.clone())];
                    if let Value::Type(ty) = &other
                        && matches!(**ty, Type::Optional(_))
                    {
                        entries.push((Value::string("value"), Value::Undef));
                    }
                    Value::hash(entries)
                }
            };
            let m = attribute_from_spec(&key, &label, &spec)?;
            t.attributes.push(assert_override(m, &parent_members)?);
        }

        if let Some(Value::Hash(fs)) = get(h, "functions") {
            for (k, spec) in fs.iter() {
                let key = k.as_str().unwrap_or("");
                let spec = match spec {
                    Value::Hash(_) => spec.clone(),
                    other => {
                        assert_instance(&format!("function {label}[{key}]"), &Type::type_of_type(Type::callable_any()), other)?;
                        Value::hash(vec![(Value::string("type"), other.clone())])
                    }
                };
                assert_instance(&format!("initializer for function '{key}'"), function_type(), &spec)?;
                let sh = spec.as_hash().unwrap_or(&empty);
                let m = Member {
                    feature: Feature::Function,
                    name: key.to_string(),
                    container: label.clone(),
                    ty: get(sh, "type").and_then(type_of).unwrap_or(Type::Any),
                    kind: None,
                    value: None,
                    is_final: as_bool(get(sh, "final")).unwrap_or(false),
                    is_override: as_bool(get(sh, "override")).unwrap_or(false),
                    annotations: get(sh, "annotations").filter(|v| !v.is_undef()).cloned(),
                };
                if t.attributes.iter().any(|a| a.name == key) {
                    return Err(parse_error(format!("{} conflicts with attribute with the same name", m.label())));
                }
                t.functions.push(assert_override(m, &parent_members)?);
            }
        }

        t.equality_include_type = as_bool(get(h, "equality_include_type")).unwrap_or(true);
        let equality = match get(h, "equality") {
            Some(Value::String(s)) => Some(vec![s.to_string()]),
            Some(Value::Array(a)) => Some(a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect()),
            _ => None,
        };
        if let Some(eq) = &equality
            && !eq.is_empty()
        {
            if !t.equality_include_type {
                return Err(parse_error(
                    "equality_include_type = false cannot be combined with non empty equality specification",
                ));
            }
            for attr_name in eq {
                let from_parent = parent_members.iter().find(|m| &m.name == attr_name);
                let attr = match from_parent {
                    Some(pm) if pm.feature == Feature::Attribute => {
                        let parent_eq = parent_obj.as_ref().map(|p| p.equality_attributes()).unwrap_or_default();
                        if parent_eq.iter().any(|m| &m.name == attr_name) {
                            let definer = parent_obj.as_ref().map(|p| p.equality_definer_of(attr_name));
                            return Err(parse_error(format!(
                                "{label} equality is referencing {} which is included in equality of {}",
                                pm.label(),
                                definer.unwrap_or_default()
                            )));
                        }
                        Some(pm.clone())
                    }
                    Some(pm) => Some(pm.clone()),
                    None => t
                        .attributes
                        .iter()
                        .chain(t.functions.iter())
                        .find(|m| &m.name == attr_name)
                        .cloned(),
                };
                match attr {
                    None => {
                        return Err(parse_error(format!(
                            "{label} equality is referencing non existent attribute '{attr_name}'"
                        )));
                    }
                    Some(m) if m.feature != Feature::Attribute => {
                        return Err(parse_error(format!(
                            "{label} equality is referencing {}. Only attribute references are allowed",
                            m.label()
                        )));
                    }
                    Some(m) if m.kind == Some(AttrKind::Constant) => {
                        return Err(parse_error(format!(
                            "{label} equality is referencing constant {}. Reference to constant is not allowed in equality",
                            m.label()
                        )));
                    }
                    Some(_) => {}
                }
            }
        }
        t.equality = equality;
        t.checks = get(h, "checks").filter(|v| !v.is_undef()).cloned();
        Ok(t)
    }

    /// Fails when this type inherits from `originator` (Puppet's
    /// `check_self_recursion`).
    pub fn check_self_recursion(&self, originator: &ObjectType) -> Result<(), Error> {
        let inherits = || {
            Error::new("RUNTIME_ERROR", format!("The Object type '{}' inherits from itself", originator.label()))
        };
        if std::ptr::eq(self, originator) || (self.name.is_some() && self.name == originator.name) {
            return Err(inherits());
        }
        let mut seen: Vec<Arc<ObjectType>> = vec![];
        let mut next = self.parent_object();
        while let Some(p) = next {
            if p.name.is_some() && p.name == originator.name {
                return Err(inherits());
            }
            if seen.iter().any(|x| Arc::ptr_eq(x, &p)) {
                return Ok(());
            }
            next = p.parent_object();
            seen.push(p);
        }
        Ok(())
    }

    /// The parent as an Object type, when it is one.
    pub fn parent_object(&self) -> Option<Arc<ObjectType>> {
        self.parent.as_ref().and_then(object_of)
    }

    /// The chain of this type and its ancestors, this type first (cut at a
    /// repeated type).
    fn lineage(self: &Arc<Self>) -> Vec<Arc<ObjectType>> {
        let mut out = vec![self.clone()];
        while let Some(p) = out.last().and_then(|t| t.parent_object()) {
            if out.iter().any(|x| Arc::ptr_eq(x, &p)) || out.len() > 64 {
                break;
            }
            out.push(p);
        }
        out
    }

    /// Members by name, parents' first; a member of a child replaces the
    /// parent's in its place (Ruby's `Hash#merge!`).
    fn collect(&self, include_parent: bool, pick: &dyn Fn(&ObjectType) -> Vec<Member>) -> Vec<Member> {
        let mut chain: Vec<&ObjectType> = vec![self];
        let mut owned: Vec<Arc<ObjectType>> = vec![];
        if include_parent {
            let mut p = self.parent_object();
            while let Some(pp) = p {
                if owned.iter().any(|x| Arc::ptr_eq(x, &pp)) || owned.len() > 64 {
                    break;
                }
                p = pp.parent_object();
                owned.push(pp);
            }
        }
        chain.extend(owned.iter().map(|a| &**a));
        let mut out: Vec<Member> = Vec::new();
        for t in chain.iter().rev() {
            for m in pick(t) {
                match out.iter_mut().find(|x| x.name == m.name) {
                    Some(x) => *x = m,
                    None => out.push(m),
                }
            }
        }
        out
    }

    /// Attributes and functions (`members(include_parent)`).
    pub fn members(&self, include_parent: bool) -> Vec<Member> {
        self.collect(include_parent, &|t| t.attributes.iter().chain(t.functions.iter()).cloned().collect())
    }

    /// The attributes, inherited ones included.
    pub fn all_attributes(&self) -> Vec<Member> {
        self.collect(true, &|t| t.attributes.clone())
    }

    /// The type parameters, inherited ones included.
    pub fn all_type_parameters(&self) -> Vec<Member> {
        self.collect(true, &|t| t.type_parameters.clone())
    }

    /// A member (attribute or function), own or inherited.
    pub fn member(&self, name: &str) -> Option<Member> {
        self.members(true).into_iter().find(|m| m.name == name)
    }

    /// The attributes that take part in equality, inherited ones included.
    pub fn equality_attributes(&self) -> Vec<Member> {
        let mut out = match self.parent_object() {
            Some(p) => p.equality_attributes(),
            None => vec![],
        };
        let own: Vec<Member> = match &self.equality {
            None => self.attributes.iter().filter(|a| a.kind != Some(AttrKind::Constant)).cloned().collect(),
            Some(names) => names.iter().filter_map(|n| self.attributes.iter().find(|a| &a.name == n).cloned()).collect(),
        };
        for m in own {
            match out.iter_mut().find(|x| x.name == m.name) {
                Some(x) => *x = m,
                None => out.push(m),
            }
        }
        out
    }

    fn equality_definer_of(&self, attr: &str) -> String {
        // The topmost type whose equality attributes include `attr`.
        let mut t: Option<(String, Option<Arc<ObjectType>>)> = Some((self.label().to_string(), self.parent_object()));
        let mut last = self.label().to_string();
        while let Some((label, parent)) = t {
            last = label;
            match parent {
                Some(p) if p.equality_attributes().iter().any(|m| m.name == attr) => {
                    t = Some((p.label().to_string(), p.parent_object()));
                }
                _ => break,
            }
        }
        last
    }

    /// The attributes given to `new` (not constant, not derived), in the
    /// order of the init hash.
    pub fn init_params(&self) -> Vec<Member> {
        self.all_attributes().into_iter().filter(Member::is_init_param).collect()
    }

    /// The type of the hash that creates an instance (`Struct[{...}]`,
    /// attributes with a default optional).
    pub fn init_hash_type(&self) -> Type {
        Type::Struct(
            self.init_params()
                .into_iter()
                .map(|a| {
                    let key = Type::string_value(&a.name);
                    let key = if a.value.is_some() { Type::optional(key) } else { key };
                    StructElement { key, value: a.ty }
                })
                .collect(),
        )
    }

    /// The positional parameters of `new`: the attributes without a
    /// default, then those with one (Puppet's `parameter_info`).
    pub fn positional_params(&self) -> (Vec<Member>, usize) {
        let (opt, non_opt): (Vec<Member>, Vec<Member>) = self.init_params().into_iter().partition(|a| a.value.is_some());
        let required = non_opt.len();
        (non_opt.into_iter().chain(opt).collect(), required)
    }

    /// Is `self` the same type as `o`?
    pub fn same_type(&self, o: &ObjectType) -> bool {
        if std::ptr::eq(self, o) {
            return true;
        }
        match (&self.name, &o.name) {
            (Some(a), Some(b)) => a == b,
            (None, None) => self.structurally_equal(o),
            _ => false,
        }
    }

    fn structurally_equal(&self, o: &ObjectType) -> bool {
        fn members_eq(a: &[Member], b: &[Member]) -> bool {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_as(y))
        }
        self.parent == o.parent
            && members_eq(&self.type_parameters, &o.type_parameters)
            && members_eq(&self.attributes, &o.attributes)
            && members_eq(&self.functions, &o.functions)
            && self.equality == o.equality
            && self.checks == o.checks
    }

    /// Is `o` this type or a descendant of it (Puppet's `_assignable?`
    /// between Object types; the default `Object` takes every one)?
    pub fn is_ancestor_of(&self, o: &Arc<ObjectType>) -> bool {
        o.lineage().iter().any(|t| self.same_type(t))
    }

    /// Does `self` declare an attribute of this name (own or inherited)?
    pub fn has_attribute(&self, name: &str) -> bool {
        self.all_attributes().iter().any(|a| a.name == name)
    }
}

/// The Object type a type denotes (through aliases and extensions).
pub fn object_of(t: &Type) -> Option<Arc<ObjectType>> {
    match t.resolved() {
        Type::ObjectType(o) => Some(o.clone()),
        Type::ObjectExt(e) => Some(e.base.clone()),
        _ => None,
    }
}

/// `PAttribute.new(name, container, init_hash)`.
fn attribute_from_spec(key: &str, label: &str, spec: &Value) -> Result<Member, Error> {
    let member_label = format!("attribute {label}[{key}]");
    assert_instance(&format!("initializer for {member_label}"), attribute_type(), spec)?;
    let empty = crate::value::HashMapV::default();
    let sh = spec.as_hash().unwrap_or(&empty);
    if RESERVED_ATTRIBUTES.contains(&key) {
        return Err(parse_error(format!("The attribute '{key}' is reserved and cannot be used")));
    }
    let ty = get(sh, "type").and_then(type_of).unwrap_or(Type::Any);
    let kind = get(sh, "kind").and_then(Value::as_str).and_then(AttrKind::parse);
    let mut is_final = as_bool(get(sh, "final")).unwrap_or(false);
    if kind == Some(AttrKind::Constant) {
        if get(sh, "final").is_some() && !is_final {
            return Err(parse_error(format!("{member_label} of kind 'constant' cannot be combined with final => false")));
        }
        is_final = true;
    }
    let value = match get(sh, "value") {
        Some(v) => {
            if let Some(k @ (AttrKind::Derived | AttrKind::GivenOrDerived)) = kind {
                return Err(parse_error(format!(
                    "{member_label} of kind '{}' cannot be combined with an attribute value",
                    k.name()
                )));
            }
            if !matches!(v, Value::Default) {
                assert_instance(&format!("{member_label} value"), &ty, v)?;
            }
            Some(v.clone())
        }
        None => {
            if kind == Some(AttrKind::Constant) {
                return Err(parse_error(format!("{member_label} of kind 'constant' requires a value")));
            }
            None
        }
    };
    Ok(Member {
        feature: Feature::Attribute,
        name: key.to_string(),
        container: label.to_string(),
        ty,
        kind,
        value,
        is_final,
        is_override: as_bool(get(sh, "override")).unwrap_or(false),
        annotations: get(sh, "annotations").filter(|v| !v.is_undef()).cloned(),
    })
}

/// `PAnnotatedMember#assert_override`.
fn assert_override(m: Member, parent_members: &[Member]) -> Result<Member, Error> {
    match parent_members.iter().find(|p| p.name == m.name) {
        None => {
            if m.is_override {
                let ft = m.feature.name();
                return Err(parse_error(format!(
                    "expected {} to override an inherited {ft}, but no such {ft} was found",
                    m.label()
                )));
            }
            Ok(m)
        }
        Some(p) => {
            if p.feature != m.feature {
                return Err(parse_error(format!("{} attempts to override {}", m.label(), p.label())));
            }
            let constant = |x: &Member| x.kind == Some(AttrKind::Constant);
            if p.is_final && !(constant(p) && constant(&m)) {
                return Err(parse_error(format!("{} attempts to override final {}", m.label(), p.label())));
            }
            if !m.is_override {
                return Err(parse_error(format!(
                    "{} attempts to override {} without having override => true",
                    m.label(),
                    p.label()
                )));
            }
            if !calc::is_assignable(&p.ty, &m.ty) {
                return Err(parse_error(format!(
                    "{} attempts to override {} with a type that does not match",
                    m.label(),
                    p.label()
                )));
            }
            Ok(m)
        }
    }
}

/// A parameterized Object type (`Error['kind']`, Puppet's
/// `PObjectTypeExtension`): instances of the base type whose attributes
/// named like the type parameters match the given values (as `=~` and
/// `case` match).
#[derive(Debug)]
pub struct ObjectTypeExtension {
    pub base: Arc<ObjectType>,
    /// The given parameters by name, in the order of the type parameters.
    pub parameters: Vec<(String, Value)>,
}

impl ObjectTypeExtension {
    /// `Base[args]`, with Puppet's checks.
    pub fn new(base: Arc<ObjectType>, args: &[Value]) -> Result<ObjectTypeExtension, Error> {
        let pts = base.all_type_parameters();
        if pts.is_empty() {
            return Err(parse_error(format!(
                "The {}-Type cannot be parameterized using []",
                base.label()
            )));
        }
        let named = args.len() == 1
            && matches!(args[0], Value::Hash(_))
            && !calc::instance_of(&pts[0].ty, &args[0]);
        let mut by_name: Vec<(String, Value)> = vec![];
        let check = |tp: &Member, v: &Value| assert_instance(&tp.label(), &tp.ty, v);
        if named {
            if let Value::Hash(h) = &args[0] {
                for (k, v) in h.iter() {
                    let pn = k.as_str().unwrap_or("");
                    let Some(tp) = pts.iter().find(|p| p.name == pn) else {
                        return Err(parse_error(format!(
                            "'{pn}' is not a known type parameter for {}-Type",
                            base.label()
                        )));
                    };
                    if !matches!(v, Value::Default) {
                        check(tp, v)?;
                        by_name.push((pn.to_string(), v.clone()));
                    }
                }
            }
        } else {
            for (tp, v) in pts.iter().zip(args) {
                if !matches!(v, Value::Default) {
                    check(tp, v)?;
                    by_name.push((tp.name.clone(), v.clone()));
                }
            }
        }
        if by_name.is_empty() {
            return Err(parse_error(format!(
                "The {}-Type cannot be parameterized using an empty parameter list",
                base.label()
            )));
        }
        // Kept in the order of the type parameters.
        by_name.sort_by_key(|(n, _)| pts.iter().position(|p| &p.name == n));
        Ok(ObjectTypeExtension { base, parameters: by_name })
    }

    /// What `Base[...]` prints inside the brackets: positional values
    /// (`default` for gaps, trailing ones dropped) when the base has at
    /// most two type parameters, else the hash of given ones.
    pub fn init_parameters(&self) -> Result<Vec<Value>, Value> {
        let pts = self.base.all_type_parameters();
        if pts.len() > 2 {
            return Err(Value::hash(self.parameters.iter().map(|(k, v)| (Value::string(k.as_str()), v.clone()))));
        }
        let mut out: Vec<Value> = pts
            .iter()
            .map(|tp| self.parameters.iter().find(|(n, _)| n == &tp.name).map(|(_, v)| v.clone()).unwrap_or(Value::Default))
            .collect();
        while matches!(out.last(), Some(Value::Default)) {
            out.pop();
        }
        Ok(out)
    }
}

/// An instance of an Object type: one value per init parameter
/// ([`ObjectType::init_params`]), in order.
#[derive(Debug)]
pub struct ObjectValue {
    pub ty: Arc<ObjectType>,
    pub values: Vec<Value>,
}

impl ObjectValue {
    /// The value of an attribute (an init parameter or a constant).
    pub fn get(&self, name: &str) -> Option<Value> {
        let params = self.ty.init_params();
        if let Some(i) = params.iter().position(|a| a.name == name) {
            return self.values.get(i).cloned();
        }
        self.ty
            .all_attributes()
            .into_iter()
            .find(|a| a.name == name && a.kind == Some(AttrKind::Constant))
            .and_then(|a| a.value)
    }

    /// The attributes that do not hold their default value, in order
    /// (Puppet's `_pcore_init_hash`).
    pub fn init_entries(&self) -> Vec<(String, Value)> {
        self.ty
            .init_params()
            .into_iter()
            .zip(&self.values)
            .filter(|(a, v)| a.value.as_ref() != Some(*v))
            .map(|(a, v)| (a.name, v.clone()))
            .collect()
    }

    /// The attribute values, by name, in order (for iteration and
    /// serialization).
    pub fn attribute_values(&self) -> Vec<(String, Value)> {
        self.ty.init_params().into_iter().map(|a| a.name).zip(self.values.iter().cloned()).collect()
    }

    /// Ruby's `eql?` of the generated class: the same type (when the type
    /// takes part in equality) and equal equality attributes; an object
    /// whose type has neither is only equal to itself.
    pub fn eql(self: &Arc<Self>, o: &Arc<ObjectValue>) -> bool {
        if Arc::ptr_eq(self, o) {
            return true;
        }
        let include_type = self.ty.lineage().iter().any(|t| t.equality_include_type);
        let names: Vec<String> = self.ty.equality_attributes().into_iter().map(|m| m.name).collect();
        if names.is_empty() && !include_type {
            return false;
        }
        if include_type && !self.ty.same_type(&o.ty) {
            return false;
        }
        names.iter().all(|n| match (self.get(n), o.get(n)) {
            (Some(a), Some(b)) => a == b,
            (None, None) => true,
            _ => false,
        })
    }
}

/// Builds the init hash of an Object type from Puppet source text (the
/// bodies of Puppet's own types: `Deferred`, `Error`).
fn builtin(name: &str, attributes: &[(&str, &str, Option<Value>)], type_params: &[(&str, &str)], functions: &[(&str, &str)]) -> Arc<ObjectType> {
    let member = |n: &str, ty: &str, value: Option<Value>, feature: Feature| Member {
        feature,
        name: n.to_string(),
        container: name.to_string(),
        ty: parse_static(ty),
        kind: None,
        value,
        is_final: false,
        is_override: false,
        annotations: None,
    };
    Arc::new(ObjectType {
        name: Some(name.to_string()),
        parent: None,
        type_parameters: type_params.iter().map(|(n, t)| member(n, t, None, Feature::TypeParameter)).collect(),
        attributes: attributes.iter().map(|(n, t, v)| member(n, t, v.clone(), Feature::Attribute)).collect(),
        functions: functions.iter().map(|(n, t)| member(n, t, None, Feature::Function)).collect(),
        equality: None,
        equality_include_type: true,
        checks: None,
        annotations: None,
        new_function: OnceLock::new(),
    })
}

/// Puppet's `Deferred`: a function name (or `$variable`) and its
/// arguments, resolved by `call()` (or by the agent, after compilation).
pub fn deferred_type() -> Arc<ObjectType> {
    static DEFERRED: OnceLock<Arc<ObjectType>> = OnceLock::new();
    DEFERRED
        .get_or_init(|| {
            builtin(
                "Deferred",
                &[
                    ("name", r"Pattern[/\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\z/]", None),
                    ("arguments", "Optional[Array[Any]]", Some(Value::Undef)),
                ],
                &[],
                &[],
            )
        })
        .clone()
}

/// Puppet's `Error` (`lib/puppet/datatypes/error.rb`): what `catch_errors`
/// style functions and the error lambdas of `get`/`getvar` produce.
pub fn error_type() -> Arc<ObjectType> {
    static ERROR: OnceLock<Arc<ObjectType>> = OnceLock::new();
    ERROR
        .get_or_init(|| {
            let matcher = "Optional[Variant[String,Regexp,Type[Enum],Type[Pattern],Type[NotUndef],Type[Undef]]]";
            builtin(
                "Error",
                &[
                    ("msg", "String[1]", None),
                    ("kind", "Optional[String[1]]", Some(Value::Undef)),
                    ("details", "Optional[Hash[String[1],Data]]", Some(Value::Undef)),
                    ("issue_code", "Optional[String[1]]", Some(Value::Undef)),
                ],
                &[("kind", matcher), ("issue_code", matcher)],
                &[("message", "Callable[[], String[1]]")],
            )
        })
        .clone()
}

/// An `Error` value (`Error(msg, kind, details, issue_code)`).
pub fn error_value(msg: &str, kind: Option<&str>, details: Option<Value>, issue_code: Option<&str>) -> Value {
    let s = |x: Option<&str>| x.map(Value::string).unwrap_or(Value::Undef);
    Value::Object(Arc::new(ObjectValue {
        ty: error_type(),
        values: vec![Value::string(msg), s(kind), details.unwrap_or(Value::Undef), s(issue_code)],
    }))
}

impl ObjectValue {
    /// `$obj.name(args)` when `name` is a member of the object's type
    /// (Puppet's evaluator asks the receiver's type for a member before it
    /// looks for a function): an attribute's value, a constant, or a
    /// function. Functions of types written in Puppet have no
    /// implementation (Puppet's generated placeholder fails); `Error`'s
    /// `message` is its `msg`. `None` when the type has no such member.
    pub fn invoke(&self, name: &str, args: &[Value]) -> Option<Result<Value, Error>> {
        let m = self.ty.member(name)?;
        // An attribute is a `Callable[0, 0]`; Puppet checks the arguments
        // of functions only against their signatures, and then finds no
        // implementation.
        if !args.is_empty() && m.feature == Feature::Attribute {
            return Some(Err(Error::argument(format!("'{}' expects no arguments, got {}", m.label(), args.len()))));
        }
        Some(match (m.feature, m.kind) {
            (Feature::Attribute, Some(AttrKind::Derived)) => {
                Err(Error::argument(format!("no method is implemented for derived {}", m.label())))
            }
            (Feature::Attribute, _) => Ok(self.get(name).unwrap_or(Value::Undef)),
            _ if self.ty.name.as_deref() == Some("Error") && name == "message" => {
                Ok(self.get("msg").unwrap_or(Value::Undef))
            }
            _ => Err(Error::argument(format!("no method is implemented for {}", m.label()))),
        })
    }
}
