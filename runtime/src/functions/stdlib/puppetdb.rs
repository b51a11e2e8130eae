//! `puppetdb_query`, the function Puppet's PuppetDB terminus ships
//! (Debian's puppet-terminus-puppetdb, `puppet/functions/puppetdb_query.rb`):
//! its signature here, the query itself through [`Host::puppetdb_query`]
//! (the evaluator offers it only when a PuppetDB is configured, as the
//! function exists only where the terminus is installed).

use super::super::{Builder, FnResult, Host};
use super::Reg;
use crate::value::Value;

pub(crate) fn register(r: &mut Reg) {
    r.add("puppetdb-terminus", Builder::new("puppetdb_query").d("Variant[String[1], Array[Data, 1]] query", puppetdb_query).done());
}

fn puppetdb_query(host: &mut dyn Host, args: &[Value], _: Option<&Value>) -> FnResult {
    host.puppetdb_query(&args[0])
}
