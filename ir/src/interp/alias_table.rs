//! The type aliases one compile resolved, by lower-case name, and their
//! owner: when the compile ends it frees the reference cycles recursive
//! aliases make (`type Tree = Array[Variant[String, Tree]]` holds itself;
//! see `pjit_runtime::types::cycles`), which reference counting alone
//! never would: a server or batch run compiles without end.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use pjit_runtime::types::{TypeAlias, cycles};

use super::HashMap;

#[derive(Default)]
pub(crate) struct AliasTable {
    map: HashMap<String, Arc<TypeAlias>>,
    /// A name was looked up while its alias was being resolved (a body
    /// referring back to an alias on the way to it): the only way an
    /// alias's body comes to hold a path back to the alias, so the only
    /// case with cycles to free.
    back_references: bool,
}

impl AliasTable {
    /// Notes that an alias was looked up while it was being resolved.
    pub(crate) fn note_back_reference(&mut self) {
        self.back_references = true;
    }
}

impl Deref for AliasTable {
    type Target = HashMap<String, Arc<TypeAlias>>;
    fn deref(&self) -> &Self::Target {
        &self.map
    }
}

impl DerefMut for AliasTable {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.map
    }
}

impl Drop for AliasTable {
    fn drop(&mut self) {
        if self.back_references {
            cycles::release_cycles(self.map.drain().map(|(_, a)| a).collect());
        }
    }
}
