//! Storeconfigs as the compiler sees it: where exported collectors
//! (`Type <<| query |>>`) find what other nodes exported, and what
//! `puppetdb_query` asks. Puppet reaches PuppetDB through its indirector
//! (`Puppet::Resource.indirection.search` with the `puppetdb` terminus);
//! here the driver hands the interpreter a [`StoreConfigs`] (the
//! `pjit-puppetdb` crate's client), so the interpreter never speaks HTTP
//! and a compile without one behaves as Puppet with `storeconfigs = false`
//! (exported collectors find nothing, `puppetdb_query` is unknown).
//!
//! The collector's query travels in the form Puppet's
//! `CollectorTransformer#match_*` builds it (`[lhs, op, rhs]` with `op` one
//! of `==`, `!=`, `and`, `or`), as JSON, so that the backend can turn it
//! into the terminus's PuppetDB query.

use pjit_runtime::Value;
use pjit_runtime::display;
use serde_json::Value as Json;

/// A resource another node exported, as the backend returns it.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportedResource {
    /// The exporting node.
    pub certname: String,
    /// Capitalized as PuppetDB stores it (`Sshkey`, `Haproxy::Balancermember`).
    pub type_name: String,
    pub title: String,
    /// In the stored order.
    pub parameters: serde_json::Map<String, Json>,
}

impl ExportedResource {
    /// The terminus's `collector_id`: two collections of the same export
    /// are the same resource, anything else with its title a duplicate.
    pub fn collector_id(&self) -> String {
        format!("{}|{}|{}", self.certname, self.type_name, self.title)
    }
}

/// Storeconfigs (PuppetDB) for a compile. Errors are the messages Puppet
/// reports for the failure (the compile fails with them).
pub trait StoreConfigs: Send + Sync + std::fmt::Debug {
    /// The resources of type `type_name` (capitalized) that nodes other
    /// than `host` exported and that match `filter` (the collector's query,
    /// see the module doc; None: every one), in the backend's order.
    fn search_exported(&self, type_name: &str, host: &str, filter: Option<&Json>) -> Result<Vec<ExportedResource>, String>;
    /// `puppetdb_query(query)`: a PQL string or an AST query (an array).
    fn query(&self, query: &Json) -> Result<Json, String>;
}

/// What a compile stores in PuppetDB of itself, and for which agent run
/// (the driver submits; the interpreter only carries it): Puppet Server's
/// catalog request stores the facts and the catalog with the agent's
/// `transaction_uuid` and `job_id`; `/puppet/v4/catalog` says what to
/// store in its `persistence`.
#[derive(Clone, Debug, PartialEq)]
pub struct Persistence {
    pub facts: bool,
    pub catalog: bool,
    pub transaction_uuid: Option<String>,
    pub job_id: Option<String>,
}

impl Default for Persistence {
    fn default() -> Persistence {
        Persistence { facts: true, catalog: true, transaction_uuid: None, job_id: None }
    }
}

/// A Puppet value as JSON, the way Ruby's `to_json` writes the value the
/// collector query evaluated to (undef is `null`; values JSON has no form
/// for, such as types and resource references, as their string form).
pub fn value_to_json(v: &Value) -> Json {
    match v {
        Value::Undef => Json::Null,
        Value::Boolean(b) => Json::Bool(*b),
        Value::Integer(i) => Json::from(*i),
        Value::Float(f) => serde_json::Number::from_f64(*f).map_or(Json::Null, Json::Number),
        Value::String(_) => Json::String(display::to_interpolated_string(v)),
        Value::Array(a) => Json::Array(a.iter().map(value_to_json).collect()),
        Value::Hash(h) => {
            Json::Object(h.iter().map(|(k, v)| (display::to_interpolated_string(k), value_to_json(v))).collect())
        }
        other => Json::String(display::to_interpolated_string(other)),
    }
}
