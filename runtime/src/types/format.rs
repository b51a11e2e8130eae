//! Type to string, exactly as Puppet's `TypeFormatter` prints types:
//! `Integer[1, 3]`, `Enum['a', 'b']`, `Struct[{'a' => Integer}]`,
//! `Array[String, 1]`, `Optional['x']`, `NotUndef`, `File['/tmp/x']`.
//!
//! Aliases print by name; `to_alias_expanded_string` prints `Name = <type>`
//! (how Puppet's `Type#to_s` shows a user alias), guarding recursion.

use std::fmt::Write;

use super::{CallableType, IntRange, StructElement, Type};
use crate::display::{puppet_quote, ruby_float_to_s};
use crate::value::{guard_stack, Value};

/// Puppet's `capitalize_segments`: `foo::bar` -> `Foo::Bar`; a name that
/// already starts with an ASCII capital is kept as is.
pub fn capitalize_segments(name: &str) -> String {
    if name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return name.to_string();
    }
    name.split("::")
        .map(|seg| {
            // Ruby's String#capitalize: first char up, the rest down.
            let mut cs = seg.chars();
            match cs.next() {
                Some(f) => f.to_uppercase().chain(cs.flat_map(|c| c.to_lowercase())).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("::")
}

impl std::fmt::Display for Type {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&type_to_string(self))
    }
}

/// The string form of a type (aliases by name).
pub fn type_to_string(t: &Type) -> String {
    let mut out = String::new();
    Formatter { expand: false, alias_stack: Vec::new(), type_set: None }.append(&mut out, t);
    out
}

/// The string form with aliases expanded once: `MyType = Array[Integer]`
/// (what Puppet's `to_s` of an alias prints; built-in aliases stay names).
pub fn to_alias_expanded_string(t: &Type) -> String {
    let mut out = String::new();
    Formatter { expand: true, alias_stack: Vec::new(), type_set: None }.append(&mut out, t);
    out
}

struct Formatter {
    expand: bool,
    alias_stack: Vec<String>,
    /// The TypeSet being printed: its types print by their names in it.
    type_set: Option<std::sync::Arc<super::typeset::TypeSetType>>,
}

fn range_parts(r: &Option<IntRange>) -> Vec<String> {
    match r {
        None => vec![],
        Some(r) if r.is_unbounded() => vec![],
        Some(r) => {
            let mut v = vec![r.from.map_or("default".to_string(), |f| f.to_string())];
            if let Some(t) = r.to {
                v.push(t.to_string());
            }
            v
        }
    }
}

impl Formatter {
    fn append(&mut self, out: &mut String, t: &Type) {
        guard_stack(|| self.append_inner(out, t))
    }

    fn list(&mut self, out: &mut String, name: &str, items: &[Type], extra: &[String]) {
        out.push_str(name);
        out.push('[');
        let mut first = true;
        for i in items {
            if !first {
                out.push_str(", ");
            }
            first = false;
            self.append(out, i);
        }
        for e in extra {
            if !first {
                out.push_str(", ");
            }
            first = false;
            out.push_str(e);
        }
        out.push(']');
    }

    fn append_inner(&mut self, out: &mut String, t: &Type) {
        match t {
            Type::Any => out.push_str("Any"),
            Type::Undef => out.push_str("Undef"),
            Type::Default => out.push_str("Default"),
            Type::Unit => out.push_str("Unit"),
            Type::Scalar => out.push_str("Scalar"),
            Type::ScalarData => out.push_str("ScalarData"),
            Type::Numeric => out.push_str("Numeric"),
            Type::Binary => out.push_str("Binary"),
            Type::CatalogEntry => out.push_str("CatalogEntry"),
            Type::SemVerRange => out.push_str("SemVerRange"),
            // Expanded, an Object type prints its initialization hash (the
            // default Object has none), else its name; a TypeSet always
            // prints its hash (the default TypeSet's is Pcore's own).
            Type::Object if self.expand => out.push_str("Object[{}]"),
            Type::Object => out.push_str("Object"),
            Type::ObjectType(o) if self.expand => {
                let include_name = self.type_set.as_ref().is_none_or(|s| s.name_for(t).is_none());
                self.object_hash(out, o, include_name)
            }
            Type::ObjectType(o) => {
                let name = self.type_set.as_ref().and_then(|s| s.name_for(t).map(str::to_string));
                out.push_str(name.as_deref().unwrap_or(o.label()))
            }
            Type::ObjectExt(e) => {
                let base = Type::ObjectType(e.base.clone());
                let name = self.type_set.as_ref().and_then(|s| s.name_for(&base).map(str::to_string));
                out.push_str(name.as_deref().unwrap_or(e.base.label()));
                out.push('[');
                match e.init_parameters() {
                    Ok(values) => {
                        let parts: Vec<String> = values.iter().map(crate::display::to_string_in_type).collect();
                        out.push_str(&parts.join(", "));
                    }
                    Err(hash) => out.push_str(&crate::display::to_string_in_type(&hash)),
                }
                out.push(']');
            }
            Type::TypeSetType(ts) => self.type_set_hash(out, ts),
            Type::TypeSet => out.push_str(
                "TypeSet[{pcore_uri => 'http://puppet.com/2016.1/pcore', pcore_version => '1.0.0', \
                 name_authority => 'http://puppet.com/2016.1/runtime', name => 'DefaultTypeSet', version => '0.0.0'}]",
            ),
            Type::NotUndef(inner) => match inner.as_deref() {
                None | Some(Type::Any) => out.push_str("NotUndef"),
                Some(Type::String { value: Some(v), .. }) => {
                    out.push_str("NotUndef[");
                    out.push_str(&puppet_quote(v));
                    out.push(']');
                }
                Some(i) => self.list(out, "NotUndef", std::slice::from_ref(i), &[]),
            },
            Type::Optional(inner) => match inner.as_deref() {
                None => out.push_str("Optional"),
                Some(Type::String { value: Some(v), .. }) => {
                    out.push_str("Optional[");
                    out.push_str(&puppet_quote(v));
                    out.push(']');
                }
                Some(i) => self.list(out, "Optional", std::slice::from_ref(i), &[]),
            },
            Type::Integer(r) => {
                let parts = range_parts(&Some(*r));
                if parts.is_empty() {
                    out.push_str("Integer")
                } else {
                    self.list(out, "Integer", &[], &parts)
                }
            }
            Type::Float(r) => {
                if r.from.is_none() && r.to.is_none() {
                    out.push_str("Float")
                } else {
                    let mut parts = vec![r.from.map_or("default".to_string(), ruby_float_to_s)];
                    if let Some(to) = r.to {
                        parts.push(ruby_float_to_s(to));
                    }
                    self.list(out, "Float", &[], &parts)
                }
            }
            Type::String { size, .. } => {
                let parts = range_parts(size);
                if parts.is_empty() {
                    out.push_str("String")
                } else {
                    self.list(out, "String", &[], &parts)
                }
            }
            Type::Enum { values, case_insensitive } => {
                if values.is_empty() {
                    out.push_str("Enum");
                } else {
                    let mut parts: Vec<String> = values.iter().map(|v| puppet_quote(v)).collect();
                    if *case_insensitive {
                        parts.push("true".into());
                    }
                    self.list(out, "Enum", &[], &parts)
                }
            }
            Type::Pattern(ps) => {
                if ps.is_empty() {
                    out.push_str("Pattern")
                } else {
                    let parts: Vec<String> = ps.iter().map(|r| r.to_delimited()).collect();
                    self.list(out, "Pattern", &[], &parts)
                }
            }
            Type::Boolean(v) => match v {
                None => out.push_str("Boolean"),
                Some(b) => {
                    let _ = write!(out, "Boolean[{b}]");
                }
            },
            Type::Regexp(r) => match r {
                None => out.push_str("Regexp"),
                Some(r) => {
                    let _ = write!(out, "Regexp[{}]", r.to_delimited());
                }
            },
            Type::Array { element, size } => {
                if size.is_some_and(|s| s.from == Some(0) && s.to == Some(0)) {
                    out.push_str("Array[0, 0]");
                } else if **element == Type::Any && size.is_none() {
                    out.push_str("Array");
                } else {
                    let parts = range_parts(size);
                    self.list(out, "Array", std::slice::from_ref(element.as_ref()), &parts)
                }
            }
            Type::Hash { key, value, size } => {
                if size.is_some_and(|s| s.from == Some(0) && s.to == Some(0)) {
                    out.push_str("Hash[0, 0]");
                } else if **key == Type::Any && **value == Type::Any && size.is_none() {
                    out.push_str("Hash");
                } else {
                    let parts = range_parts(size);
                    self.list(out, "Hash", &[key.as_ref().clone(), value.as_ref().clone()], &parts)
                }
            }
            Type::Tuple { types, size } => {
                if types.is_empty() {
                    out.push_str("Tuple")
                } else {
                    let parts = range_parts(size);
                    self.list(out, "Tuple", types, &parts)
                }
            }
            Type::Struct(elements) => {
                if elements.is_empty() {
                    out.push_str("Struct");
                } else {
                    out.push_str("Struct[{");
                    for (i, e) in elements.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.struct_key(out, e);
                        out.push_str(" => ");
                        self.append(out, &e.value);
                    }
                    out.push_str("}]");
                }
            }
            Type::Collection(size) => {
                let parts = range_parts(size);
                if parts.is_empty() {
                    out.push_str("Collection")
                } else {
                    self.list(out, "Collection", &[], &parts)
                }
            }
            Type::Variant(ts) => {
                if ts.is_empty() {
                    out.push_str("Variant")
                } else {
                    self.list(out, "Variant", ts, &[])
                }
            }
            Type::Resource { type_name, title } => match (type_name, title) {
                (None, _) => out.push_str("Resource"),
                (Some(n), None) => out.push_str(&capitalize_segments(n)),
                (Some(n), Some(t)) => {
                    let _ = write!(out, "{}[{}]", capitalize_segments(n), puppet_quote(t));
                }
            },
            Type::Class(name) => match name {
                None => out.push_str("Class"),
                Some(n) => {
                    let _ = write!(out, "Class[{n}]");
                }
            },
            Type::Type(inner) => match inner {
                None => out.push_str("Type"),
                Some(i) => self.list(out, "Type", std::slice::from_ref(i.as_ref()), &[]),
            },
            Type::Iterable(inner) => match inner {
                None => out.push_str("Iterable"),
                Some(i) => self.list(out, "Iterable", std::slice::from_ref(i.as_ref()), &[]),
            },
            Type::Iterator(inner) => match inner {
                None => out.push_str("Iterator"),
                Some(i) => self.list(out, "Iterator", std::slice::from_ref(i.as_ref()), &[]),
            },
            Type::Sensitive(inner) => match inner.as_deref() {
                None | Some(Type::Any) => out.push_str("Sensitive"),
                Some(i) => self.list(out, "Sensitive", std::slice::from_ref(i), &[]),
            },
            Type::Callable(c) => self.callable(out, c),
            Type::Runtime { runtime, name } => {
                if runtime.is_none() && name.is_none() {
                    out.push_str("Runtime");
                } else {
                    // The runtime is a Ruby symbol (unquoted), the name a string.
                    let parts: Vec<String> = vec![
                        runtime.as_ref().map_or("undef".to_string(), |s| s.to_string()),
                        name.as_ref().map_or("undef".to_string(), |s| puppet_quote(s)),
                    ];
                    self.list(out, "Runtime", &[], &parts)
                }
            }
            Type::SemVer(ranges) => {
                if ranges.is_empty() {
                    out.push_str("SemVer")
                } else {
                    let parts: Vec<String> = ranges.iter().map(|r| format!("'{r}'")).collect();
                    self.list(out, "SemVer", &[], &parts)
                }
            }
            Type::Timespan { from, to } => {
                self.time_range(out, "Timespan", from.map(|t| t.to_puppet_string()), to.map(|t| t.to_puppet_string()))
            }
            Type::Timestamp { from, to } => self.time_range(
                out,
                "Timestamp",
                from.map(|t| t.to_puppet_string()),
                to.map(|t| t.to_puppet_string()),
            ),
            Type::Uri(params) => match params {
                None => out.push_str("URI"),
                Some(p) => {
                    out.push_str("URI[");
                    out.push_str(&crate::display::to_string_in_type(p));
                    out.push(']');
                }
            },
            Type::Init { target, args } => match target {
                None => out.push_str("Init"),
                Some(t) => {
                    out.push_str("Init[");
                    self.append(out, t);
                    for a in args {
                        out.push_str(", ");
                        out.push_str(&crate::display::to_string_in_type(a));
                    }
                    out.push(']');
                }
            },
            // An Object type or TypeSet declared by `type X = Object[...]`
            // is that type (Puppet makes no alias for it).
            Type::Alias(a)
                if matches!(a.resolved_type(), Some(Type::ObjectType(_) | Type::TypeSetType(_))) =>
            {
                if let Some(r) = a.resolved_type() {
                    self.append(out, r)
                }
            }
            // Inside a TypeSet, its aliases print as their types when
            // expanding, else by their names in the set (Puppet's
            // `format_type_alias_type`).
            Type::Alias(a) if self.type_set.is_some() => {
                let name = self.type_set.as_ref().and_then(|s| s.name_for(t).map(str::to_string));
                match (name, a.resolved_type()) {
                    (Some(_), Some(r)) if self.expand => self.append(out, r),
                    (Some(n), _) => out.push_str(&n),
                    (None, _) => out.push_str(&a.name),
                }
            }
            Type::Alias(a) => {
                out.push_str(&a.name);
                let builtin = matches!(a.name.as_str(), "Data" | "RichData" | "RichDataKey");
                if self.expand && !builtin && !self.alias_stack.contains(&a.name)
                    && let Some(r) = a.resolved_type() {
                        out.push_str(" = ");
                        self.alias_stack.push(a.name.clone());
                        self.append(out, r);
                        self.alias_stack.pop();
                    }
            }
            Type::Reference(name) => {
                let _ = write!(out, "TypeReference[{}]", puppet_quote(name));
            }
        }
    }

    fn time_range(&mut self, out: &mut String, name: &str, from: Option<String>, to: Option<String>) {
        if from.is_none() && to.is_none() {
            out.push_str(name);
            return;
        }
        out.push_str(name);
        out.push('[');
        match &from {
            None => out.push_str("default"),
            Some(f) => {
                let _ = write!(out, "'{f}'");
            }
        }
        if let Some(t) = &to
            && Some(t) != from.as_ref() {
                let _ = write!(out, ", '{t}'");
            }
        out.push(']');
    }

    fn struct_key(&mut self, out: &mut String, e: &StructElement) {
        let value_optional = super::calc::is_assignable(&e.value, &Type::Undef);
        let name = puppet_quote(e.name());
        match &e.key {
            Type::Optional(_) => {
                if value_optional {
                    out.push_str(&name)
                } else {
                    out.push_str("Optional[");
                    out.push_str(&name);
                    out.push(']');
                }
            }
            _ => {
                if value_optional {
                    out.push_str("NotUndef[");
                    out.push_str(&name);
                    out.push(']');
                } else {
                    out.push_str(&name)
                }
            }
        }
    }

    /// `Object[{name => ..., parent => ..., ...}]`: Puppet's
    /// `append_object_hash` of the type's `_pcore_init_hash`, types inside
    /// printed by name.
    fn object_hash(&mut self, out: &mut String, o: &super::object::ObjectType, include_name: bool) {
        use super::object::{AttrKind, Member};
        let expand = std::mem::replace(&mut self.expand, false);
        let mut entries: Vec<String> = Vec::new();
        let v = crate::display::to_string_in_type;
        if let Some(a) = &o.annotations {
            entries.push(format!("annotations => {}", v(a)));
        }
        if include_name && let Some(n) = &o.name {
            entries.push(format!("name => {}", puppet_quote(n)));
        }
        if let Some(p) = &o.parent {
            let mut s = String::from("parent => ");
            self.append(&mut s, p);
            entries.push(s);
        }
        // A member whose init hash holds only its type prints as the type.
        let member = |me: &mut Formatter, m: &Member, type_param: bool| -> String {
            let ty = match (&m.ty, type_param) {
                (Type::Optional(Some(inner)), true) => (**inner).clone(),
                (t, _) => t.clone(),
            };
            let mut parts: Vec<String> = Vec::new();
            let mut ts = String::new();
            me.append(&mut ts, &ty);
            if m.is_final && m.kind != Some(AttrKind::Constant) {
                parts.push("final => true".into());
            }
            if m.is_override {
                parts.push("override => true".into());
            }
            if let Some(a) = &m.annotations {
                parts.push(format!("annotations => {}", v(a)));
            }
            if let Some(k) = m.kind {
                parts.push(format!("kind => {}", k.name()));
            }
            match &m.value {
                Some(Value::Undef) if type_param => {}
                Some(x) => parts.push(format!("value => {}", v(x))),
                None => {}
            }
            if parts.is_empty() {
                ts
            } else {
                format!("{{type => {ts}, {}}}", parts.join(", "))
            }
        };
        let members = |me: &mut Formatter, ms: &[Member], type_param: bool| -> String {
            let items: Vec<String> =
                ms.iter().map(|m| format!("{} => {}", puppet_quote(&m.name), member(me, m, type_param))).collect();
            format!("{{{}}}", items.join(", "))
        };
        if !o.type_parameters.is_empty() {
            let s = members(self, &o.type_parameters, true);
            entries.push(format!("type_parameters => {s}"));
        }
        // Constants whose type is their value's print under `constants`.
        let (constants, others): (Vec<&Member>, Vec<&Member>) = o.attributes.iter().partition(|a| {
            a.kind == Some(AttrKind::Constant)
                && a.value.as_ref().is_some_and(|x| a.ty == super::calc::generalize(&super::calc::infer(x)))
        });
        if !others.is_empty() {
            let others: Vec<Member> = others.into_iter().cloned().collect();
            let s = members(self, &others, false);
            entries.push(format!("attributes => {s}"));
        }
        if !constants.is_empty() {
            let items: Vec<String> = constants
                .iter()
                .map(|c| format!("{} => {}", puppet_quote(&c.name), v(c.value.as_ref().unwrap_or(&Value::Undef))))
                .collect();
            entries.push(format!("constants => {{{}}}", items.join(", ")));
        }
        if !o.functions.is_empty() {
            let s = members(self, &o.functions, false);
            entries.push(format!("functions => {s}"));
        }
        if let Some(eq) = &o.equality {
            let items: Vec<String> = eq.iter().map(|e| puppet_quote(e)).collect();
            entries.push(format!("equality => [{}]", items.join(", ")));
        }
        if let Some(c) = &o.checks {
            entries.push(format!("checks => {}", v(c)));
        }
        out.push_str("Object[{");
        out.push_str(&entries.join(", "));
        out.push_str("}]");
        self.expand = expand;
    }

    /// `TypeSet[{pcore_version => ..., name_authority => ..., name => ...,
    /// version => ..., types => {...}}]` (Puppet's `string_PTypeSetType`):
    /// the set's types print expanded, without their names, and refer to
    /// each other by their names in the set.
    fn type_set_hash(&mut self, out: &mut String, ts: &std::sync::Arc<super::typeset::TypeSetType>) {
        let mut entries: Vec<String> = Vec::new();
        if let Some(a) = &ts.annotations {
            entries.push(format!("annotations => {}", crate::display::to_string_in_type(a)));
        }
        if let Some(u) = &ts.pcore_uri {
            entries.push(format!("pcore_uri => {}", puppet_quote(u)));
        }
        entries.push(format!("pcore_version => {}", puppet_quote(&ts.pcore_version)));
        if let Some(a) = &ts.name_authority {
            entries.push(format!("name_authority => {}", puppet_quote(a)));
        }
        if let Some(n) = &ts.name {
            entries.push(format!("name => {}", puppet_quote(n)));
        }
        if let Some(v) = &ts.version {
            entries.push(format!("version => {}", puppet_quote(v)));
        }
        if !ts.types.is_empty() {
            let outer = std::mem::replace(&mut self.type_set, Some(ts.clone()));
            let items: Vec<String> = ts
                .types
                .iter()
                .map(|(n, t)| {
                    let mut s = format!("{n} => ");
                    self.append(&mut s, t);
                    s
                })
                .collect();
            self.type_set = outer;
            entries.push(format!("types => {{{}}}", items.join(", ")));
        }
        if !ts.references.is_empty() {
            let items: Vec<String> = ts
                .references
                .iter()
                .map(|(alias, r)| {
                    let mut parts = Vec::new();
                    if let Some(na) = &r.name_authority
                        && Some(na) != ts.name_authority.as_ref()
                    {
                        parts.push(format!("name_authority => {}", puppet_quote(na)));
                    }
                    parts.push(format!("name => {}", puppet_quote(&r.name)));
                    parts.push(format!("version_range => {}", puppet_quote(&r.version_range)));
                    format!("{alias} => {{{}}}", parts.join(", "))
                })
                .collect();
            entries.push(format!("references => {{{}}}", items.join(", ")));
        }
        out.push_str("TypeSet[{");
        out.push_str(&entries.join(", "));
        out.push_str("}]");
    }

    fn callable(&mut self, out: &mut String, c: &CallableType) {
        let params_body = |me: &mut Formatter, out: &mut String| {
            let Some(Type::Tuple { types, size }) = &c.params else { return };
            let mut parts: Vec<String> = Vec::new();
            for t in types.iter().filter(|t| **t != Type::Unit) {
                let mut s = String::new();
                me.append(&mut s, t);
                parts.push(s);
            }
            if types.is_empty() {
                parts.push("0".into());
                parts.push("0".into());
            } else {
                parts.extend(range_parts(size));
            }
            if let Some(b) = &c.block {
                let mut s = String::new();
                me.append(&mut s, b);
                parts.push(s);
            }
            out.push_str(&parts.join(", "));
        };
        match (&c.return_type, &c.params) {
            (None, None) => out.push_str("Callable"),
            (None, Some(_)) => {
                out.push_str("Callable[");
                params_body(self, out);
                out.push(']');
            }
            (Some(r), None) => {
                out.push_str("Callable[[], ");
                self.append(out, r);
                out.push(']');
            }
            (Some(r), Some(_)) => {
                out.push_str("Callable[[");
                params_body(self, out);
                out.push_str("], ");
                self.append(out, r);
                out.push(']');
            }
        }
    }
}

/// Formats a value the way it appears as a type parameter.
pub fn value_in_type(v: &Value) -> String {
    crate::display::to_string_in_type(v)
}
