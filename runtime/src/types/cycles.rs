//! Freeing the reference cycles of recursive type aliases.
//!
//! A recursive alias holds its resolved body and the body holds the alias
//! (`type Tree = Array[Variant[String, Tree]]`, `type A = Variant[B,
//! Integer]` with `type B = Array[A]`, an Object type whose attribute names
//! its own alias): an `Arc` cycle that reference counting never frees. The
//! back references stay strong, because type checks read through aliases by
//! reference (`&Type`) on their hot paths and a weak reference cannot lend
//! one. Instead whoever owns the aliases of a compile (the evaluator's alias
//! table) hands them to [`release_cycles`] when it is done with them, and
//! that frees what nothing else can reach.
//!
//! It is a trial deletion, as in Bacon and Rajan's cycle collector: a walk
//! from the aliases' bodies through every shared node it knows (the `Arc`s
//! of types, aliases, Object types and TypeSets, Object instances, arrays
//! and hashes of values) counts, for each node, the references it found
//! inside that graph. A node with more strong references than that is held
//! from outside, and so is everything it reaches. The owned aliases that no
//! such node reaches are garbage: their bodies are taken out, which breaks
//! the cycles, and the owner's references then free them. A kind of node
//! the walk does not enter (a lambda value, an iterator) still holds what it
//! refers to, which then counts as held from outside: an unknown path can
//! keep a cycle alive (a leak), never free something in use.

use std::collections::HashMap;
use std::sync::Arc;

use super::{Type, TypeAlias};
use crate::value::Value;

/// A shared node of the graph: an `Arc`'s allocation.
struct Node<'a> {
    /// Strong references to it when the walk began.
    strong: usize,
    /// References to it found inside the graph (and, for an owned alias,
    /// the owner's own).
    inside: usize,
    /// The nodes its contents refer to.
    edges: Vec<usize>,
    /// The owned alias this node is (only those are entered and freed).
    alias: Option<&'a Arc<TypeAlias>>,
}

/// What a node holds, to be walked.
#[derive(Clone, Copy)]
enum Content<'a> {
    /// A type held inline (in its container, so not a node of its own).
    Type(&'a Type),
    Value(&'a Value),
    Values(&'a [Value]),
    Hash(&'a crate::value::HashMapV),
    Callable(&'a super::CallableType),
    Object(&'a super::object::ObjectType),
    ObjectExt(&'a super::object::ObjectTypeExtension),
    ObjectValue(&'a super::object::ObjectValue),
    TypeSet(&'a super::typeset::TypeSetType),
    Alias(&'a TypeAlias),
}

struct Graph<'a> {
    index: HashMap<*const (), usize, foldhash::fast::FixedState>,
    nodes: Vec<Node<'a>>,
    /// Contents still to walk, with the node they belong to (a loop, not
    /// recursion: types and values may nest deeply).
    todo: Vec<(usize, Content<'a>)>,
    /// The owned aliases (by address), with the owner's references to each.
    owned: HashMap<*const (), usize, foldhash::fast::FixedState>,
}

impl<'a> Graph<'a> {
    /// Records a reference from node `from` to the `Arc` at `ptr`; queues
    /// the target's contents the first time it is seen.
    fn refer<T>(&mut self, from: usize, arc: &'a Arc<T>, content: Option<Content<'a>>) {
        let ptr: *const () = Arc::as_ptr(arc).cast();
        let to = match self.index.get(&ptr) {
            Some(&i) => i,
            None => {
                let i = self.nodes.len();
                self.nodes.push(Node { strong: Arc::strong_count(arc), inside: 0, edges: vec![], alias: None });
                self.index.insert(ptr, i);
                if let Some(c) = content {
                    self.todo.push((i, c));
                }
                i
            }
        };
        self.nodes[to].inside += 1;
        self.nodes[from].edges.push(to);
    }

    fn walk(&mut self, n: usize, c: Content<'a>) {
        match c {
            Content::Type(t) => self.walk_type(n, t),
            Content::Value(v) => self.walk_value(n, v),
            Content::Values(vs) => vs.iter().for_each(|v| self.walk_value(n, v)),
            Content::Hash(h) => h.iter().for_each(|(k, v)| {
                self.walk_value(n, k);
                self.walk_value(n, v);
            }),
            Content::Callable(c) => {
                c.params.iter().chain(&c.block).chain(&c.return_type).for_each(|t| self.todo.push((n, Content::Type(t))));
            }
            Content::Object(o) => {
                for t in o.parent.iter().chain(o.type_parameters.iter().chain(&o.attributes).chain(&o.functions).map(|m| &m.ty)) {
                    self.todo.push((n, Content::Type(t)));
                }
                for m in o.type_parameters.iter().chain(&o.attributes).chain(&o.functions) {
                    m.value.iter().chain(&m.annotations).for_each(|v| self.walk_value(n, v));
                }
                o.checks.iter().chain(&o.annotations).for_each(|v| self.walk_value(n, v));
                // The `new` function, once made, holds the attribute types.
                if let Some(f) = o.new_function.get() {
                    for d in f.built_dispatches() {
                        for t in d.params.iter().map(|p| &p.ty).chain(&d.block) {
                            self.todo.push((n, Content::Type(t)));
                        }
                    }
                }
            }
            Content::ObjectExt(e) => {
                self.refer(n, &e.base, Some(Content::Object(&e.base)));
                e.parameters.iter().for_each(|(_, v)| self.walk_value(n, v));
            }
            Content::ObjectValue(o) => {
                self.refer(n, &o.ty, Some(Content::Object(&o.ty)));
                o.values.iter().for_each(|v| self.walk_value(n, v));
            }
            Content::TypeSet(s) => {
                s.types.iter().for_each(|(_, t)| self.todo.push((n, Content::Type(t))));
                s.annotations.iter().for_each(|v| self.walk_value(n, v));
            }
            Content::Alias(a) => {
                if let Some(t) = a.resolved_type() {
                    self.todo.push((n, Content::Type(t)));
                }
            }
        }
    }

    /// The references an inline type of node `n` holds.
    fn walk_type(&mut self, n: usize, t: &'a Type) {
        match t {
            Type::NotUndef(Some(x))
            | Type::Optional(Some(x))
            | Type::Type(Some(x))
            | Type::Iterable(Some(x))
            | Type::Iterator(Some(x))
            | Type::Sensitive(Some(x))
            | Type::Array { element: x, .. } => self.refer(n, x, Some(Content::Type(x))),
            Type::Hash { key, value, .. } => {
                self.refer(n, key, Some(Content::Type(key)));
                self.refer(n, value, Some(Content::Type(value)));
            }
            Type::Init { target, args } => {
                if let Some(x) = target {
                    self.refer(n, x, Some(Content::Type(x)));
                }
                args.iter().for_each(|v| self.walk_value(n, v));
            }
            Type::Tuple { types, .. } | Type::Variant(types) => types.iter().for_each(|x| self.todo.push((n, Content::Type(x)))),
            Type::Struct(es) => es.iter().for_each(|e| {
                self.todo.push((n, Content::Type(&e.key)));
                self.todo.push((n, Content::Type(&e.value)));
            }),
            Type::Callable(c) => self.refer(n, c, Some(Content::Callable(c))),
            Type::Uri(Some(v)) => self.refer(n, v, Some(Content::Value(v))),
            Type::ObjectType(o) => self.refer(n, o, Some(Content::Object(o))),
            Type::ObjectExt(e) => self.refer(n, e, Some(Content::ObjectExt(e))),
            Type::TypeSetType(s) => self.refer(n, s, Some(Content::TypeSet(s))),
            Type::Alias(a) => {
                // Only owned aliases are entered: another owner's alias (a
                // plain alias shared across compiles, `Data`) keeps its body.
                let owned = self.owned.contains_key(&Arc::as_ptr(a).cast());
                self.refer(n, a, owned.then_some(Content::Alias(a)));
            }
            _ => {}
        }
    }

    /// The references a value inline in node `n` holds.
    fn walk_value(&mut self, n: usize, v: &'a Value) {
        match v {
            Value::Type(t) => self.refer(n, t, Some(Content::Type(t))),
            Value::Array(a) => self.refer(n, &a.0, Some(Content::Values(a.0.as_slice()))),
            Value::Hash(h) => self.refer(n, &h.0, Some(Content::Hash(&h.0))),
            Value::Sensitive(x) => self.refer(n, x, Some(Content::Value(x))),
            Value::Object(o) => self.refer(n, o, Some(Content::ObjectValue(o))),
            _ => {}
        }
    }
}

/// Frees the reference cycles among `aliases`, the owner's references to
/// the aliases of one compile (the owner gives them up: they are dropped
/// here). An alias that something else still holds, or that such a holder
/// reaches, is left as it is.
pub fn release_cycles(aliases: Vec<Arc<TypeAlias>>) {
    let mut g = Graph { index: HashMap::default(), nodes: vec![], todo: vec![], owned: HashMap::default() };
    for a in &aliases {
        *g.owned.entry(Arc::as_ptr(a).cast()).or_default() += 1;
    }
    for a in &aliases {
        let ptr: *const () = Arc::as_ptr(a).cast();
        if g.index.contains_key(&ptr) {
            // Reached already (from another alias's body), or listed twice.
            let i = g.index[&ptr];
            if g.nodes[i].alias.is_none() {
                g.nodes[i].alias = Some(a);
                g.nodes[i].inside += g.owned[&ptr];
            }
            continue;
        }
        let i = g.nodes.len();
        g.nodes.push(Node { strong: Arc::strong_count(a), inside: g.owned[&ptr], edges: vec![], alias: Some(a) });
        g.index.insert(ptr, i);
        g.todo.push((i, Content::Alias(a)));
        while let Some((n, c)) = g.todo.pop() {
            g.walk(n, c);
        }
    }
    // Held from outside: more strong references than found inside (an
    // alias reached before the loop above named it got the owner's
    // references added when it did).
    let mut live: Vec<bool> = g.nodes.iter().map(|n| n.strong > n.inside).collect();
    let mut stack: Vec<usize> = (0..g.nodes.len()).filter(|&i| live[i]).collect();
    while let Some(n) = stack.pop() {
        for &m in &g.nodes[n].edges {
            if !live[m] {
                live[m] = true;
                stack.push(m);
            }
        }
    }
    let mut bodies: Vec<Type> = vec![];
    for (n, node) in g.nodes.iter().enumerate() {
        if let (false, Some(a)) = (live[n], node.alias) {
            // Every strong reference to `a` is the owner's (given up to
            // this function, which keeps them until the end) or one found
            // inside the graph, from a node that is itself garbage. The
            // allocation came from `Arc::new`: the pointer may write, as
            // `Arc::get_mut`'s does.
            let alias = Arc::as_ptr(a).cast_mut();
            // SAFETY: nothing outside the graph can reach `a` (above), so no
            // reference to its contents exists while its body is taken out.
            if let Some(b) = unsafe { (*alias).resolved.take() } {
                bodies.push(b);
            }
        }
    }
    // The bodies (and with them the cycles' references) go first, then the
    // owner's references, the last ones.
    drop(bodies);
    drop(g);
    drop(aliases);
}
