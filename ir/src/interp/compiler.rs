//! Catalog compilation around the evaluator, in the order Puppet's
//! compiler (`Puppet::Parser::Compiler#compile`) works, because catalog
//! order, tags and several errors depend on it:
//!
//! 1. the main manifest, then the matching node's body;
//! 2. the generators loop: collectors (queries and `realize`) then the
//!    defined-type instances not yet evaluated, repeated until neither
//!    finds anything new (at most 1000 times);
//! 3. finishing: relationships (`->` and friends) become `before`/`notify`
//!    parameters, pending overrides are merged, every resource takes the
//!    tags of the scope that declared it and is validated against its
//!    type, and metaparameters and tags flow down containment edges from
//!    `Class[main]`;
//! 4. what is left over is an error (overrides of missing resources,
//!    virtual resources that could not be realized), and relationship
//!    metaparameters must name resources of the catalog.
//!
//! Classes are evaluated when declared (`include`, `class { }`); defined
//! types lazily, in waves; resource defaults are applied when a resource
//! is created, looked up through the dynamic chain of declaring scopes
//! ([`CatScope::lookup_defaults`]).

use std::borrow::Cow;

use super::catalog::{ParamMeta, Resource, normalize_ref, parse_ref};
use super::resource_types::{self, METAPARAMS, RELATIONSHIP_PARAMS};
use super::scope::{CatScope, DefaultAttr};
use super::storeconfigs::{ExportedResource, StoreConfigs, value_to_json};
use pjit_runtime::functions::stdlib::data::json_to_value;
use super::*;

/// Attribute operations of an override: `=>` and `+>` values, who wrote
/// them and where.
#[derive(Clone, Debug)]
pub(super) struct Override {
    set: catalog::Params,
    add: catalog::Params,
    source: Rc<str>,
    /// Overrides of collectors may change any attribute (Puppet marks the
    /// collector's source as an overriding class).
    privileged: bool,
    loc: Loc,
}

/// A compiled collector query, in postfix order.
#[derive(Clone, Debug)]
pub(super) enum CQuery {
    Eq(String, Value),
    Ne(String, Value),
    And,
    Or,
}

#[derive(Debug)]
enum CollectorKind {
    /// `Type <| query |>`.
    Query { type_name: String, query: Vec<CQuery> },
    /// `Type <<| query |>>`: this node's own exported resources that match
    /// (`cquery`, as a virtual query), then those other nodes exported,
    /// from storeconfigs (`equery`, see [`super::storeconfigs`]). Without
    /// storeconfigs Puppet ignores the collector. `found` keeps the
    /// backend's answer for the generator passes after the first (Puppet
    /// asks again on every pass and gets the same answer).
    Exported { type_name: String, cquery: Vec<CQuery>, equery: Option<serde_json::Value>, found: Option<Vec<ExportedResource>> },
    /// `realize(...)`: the references not found yet.
    Fixed(Vec<(String, String)>),
}

#[derive(Debug)]
pub(super) struct Collector {
    kind: CollectorKind,
    overrides: Option<Override>,
    /// Indices of the resources found so far, in the order found.
    collected: IndexSet<usize>,
    /// For the left side of a relationship whose collector found nothing:
    /// the left operand of the relationship that had this collector on its
    /// right (Puppet's "empty alternative").
    empty_alternative: Option<Vec<RelOperand>>,
    done: bool,
    /// The scope and place of the collector expression (exported
    /// collectors add what they find there).
    origin: Option<(Rc<Scope>, Loc)>,
}

/// One end of a relationship once collectors have run: a resource of
/// the catalog, or a reference still to be looked up.
enum RelEnd {
    Resource(usize),
    Ref(String, String),
}

#[derive(Clone, Debug)]
pub(super) enum RelOperand {
    Ref(String, String),
    Collector(usize),
}

#[derive(Debug)]
pub(super) struct Relationship {
    sources: Vec<RelOperand>,
    targets: Vec<RelOperand>,
    /// `before` or `notify`.
    param: &'static str,
}

/// What evaluating a class needs of its definition.
struct ClassParts {
    parent: Option<String>,
    file: u32,
    body: FuncId,
}

/// Catalog state of a compilation beyond the catalog itself.
#[derive(Debug, Default)]
pub(super) struct CompileState {
    pub collectors: Vec<Collector>,
    pub relationships: Vec<Relationship>,
    /// Overrides of resources that do not exist yet, by catalog key.
    pub pending_overrides: IndexMap<(String, String), Vec<Override>>,
    /// Defined-type instances not evaluated yet, in catalog order, as
    /// found by the scans of `evaluate_definitions` (resources are never
    /// removed from the catalog, so an index found stays valid).
    pub unevaluated_defines: Vec<usize>,
    /// How many resources of the catalog those scans have looked at.
    pub defines_scanned: usize,
    /// Each defined type's `source` (`define:<name>`), by its body.
    pub define_sources: HashMap<FuncId, Rc<str>>,
}

fn bare(issue: &'static str, message: String) -> Flow {
    Flow::Error(EvalError { issue, message, loc: None })
}

/// A statement-level error located by line only (Puppet's ParseErrors
/// raised by the compiler carry file and line).
fn at_line(issue: &'static str, message: String, loc: Loc) -> Flow {
    Flow::Error(EvalError { issue, message, loc: Some(Loc { col: 0, ..loc }) })
}

fn flatten_into(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(a) => a.iter().for_each(|x| flatten_into(x, out)),
        other => out.push(other.clone()),
    }
}

/// The lower-case name of the type a resource expression declares
/// (`file`, `apache::vhost`, `class`).
fn resource_type_key(ty: &Value) -> String {
    let type_name = match ty {
        Value::String(s) => catalog::lowercase(s),
        Value::Type(t) => match &**t {
            Type::Resource { type_name: Some(n), title: None } => catalog::lowercase(n),
            Type::Class(None) => "class".into(),
            _ => type_to_string(t).to_lowercase(),
        },
        other => display::to_interpolated_string(other).to_lowercase(),
    };
    match catalog::strip_colons(&type_name) {
        s if s.len() == type_name.len() => type_name,
        s => s.to_string(),
    }
}

fn hash_attrs(v: &Value) -> catalog::Params {
    match v {
        Value::Hash(h) => h.iter().map(|(k, v)| (catalog::ParamName::of_key(k), v.clone())).collect(),
        _ => catalog::Params::default(),
    }
}

/// Symbol `s`'s text as a parameter name, from `names` (by symbol) or
/// added to it. Kept across the compiles of a program (see `Warm`): it
/// cannot change what a compile does, as a symbol's text never changes
/// (the program's symbol table only grows) and a name is only ever read.
#[inline]
fn shared_param_name(prog: &Program, names: &mut Vec<Option<catalog::ParamName>>, s: Sym) -> catalog::ParamName {
    let i = s.as_u32() as usize;
    if names.len() <= i {
        names.resize(prog.syms.len().max(i + 1), None);
    }
    let n = names[i].get_or_insert_with(|| prog.name(s).into());
    debug_assert_eq!(n.as_str(), prog.name(s));
    n.clone()
}

/// The exported query as Puppet's `CollectorTransformer#match_*` builds
/// it (`[attr, "==", value]`, `[left, "and", right]`), for storeconfigs;
/// None for an empty query.
fn exported_filter(query: &[CQuery]) -> Option<serde_json::Value> {
    use serde_json::Value as Json;
    let mut stack: Vec<Json> = vec![];
    for q in query {
        let node = match q {
            CQuery::Eq(attr, v) | CQuery::Ne(attr, v) => {
                let op = if matches!(q, CQuery::Eq(..)) { "==" } else { "!=" };
                Json::Array(vec![Json::String(attr.clone()), Json::String(op.into()), value_to_json(v)])
            }
            CQuery::And | CQuery::Or => {
                let op = if matches!(q, CQuery::And) { "and" } else { "or" };
                let right = stack.pop().unwrap_or(Json::Null);
                let left = stack.pop().unwrap_or(Json::Null);
                Json::Array(vec![left, Json::String(op.into()), right])
            }
        };
        stack.push(node);
    }
    stack.pop()
}

impl Interp {
    /// Compiles the catalog: main manifest, node, generators, finish.
    pub fn compile(&mut self) -> Result<(), EvalError> {
        let main = self.prog.main.expect("a program to compile has a main body");
        if let Some((message, loc)) = self.prog.redefinitions.first().cloned() {
            return Err(EvalError { issue: "REDEFINITION", message, loc });
        }
        self.check_node_parameters()?;
        self.catalog.classes.insert("settings".into());
        self.catalog.tags.insert("settings".into());
        let mut stage = Resource::new("Stage", "main", "compilable_type");
        stage.tags.insert("stage".into());
        stage.params.insert("name".into(), Value::string("main"));
        let stage = self.catalog.add(stage).expect("an empty catalog");
        for title in ["Settings", "main"] {
            let mut r = Resource::new("Class", title, "unknown");
            r.tags.insert("class".into());
            if title == "Settings" {
                r.tags.insert("settings".into());
            } else {
                r.params.insert("name".into(), Value::string("main"));
            }
            r.evaluated = true;
            r.scope_tags_merged = true;
            let i = self.catalog.add(r).expect("a new class");
            self.catalog.contain(stage, i);
        }
        self.class_scopes.insert("".into(), self.top.clone());
        self.class_scopes.insert("main".into(), self.top.clone());
        self.settings_scope();
        let top = self.top.clone();
        self.puppet_stack.push(super::MAIN_FRAME);
        let main_run = self.run_body(main, vec![], top, None);
        self.puppet_stack.pop();
        let r = main_run
            .and_then(|_| self.eval_node())
            .and_then(|_| self.evaluate_node_classes())
            .and_then(|_| self.evaluate_generators())
            .and_then(|_| self.finish());
        r.map_err(illegal_exit)?;
        self.non_data_warnings();
        Ok(())
    }

    /// Puppet's `set_node_parameters` assigns every node parameter (an
    /// ENC's, then the facts) with `Scope#setvar`'s checks: a fact named
    /// `trusted` (or `facts`, `server_facts`, or a number) fails the
    /// compile rather than being dropped, so agents cannot shadow the
    /// certificate's data.
    pub(super) fn check_node_parameters(&self) -> Result<(), EvalError> {
        for name in self.opts.parameters.keys().chain(self.opts.facts.keys()) {
            let message = if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
                format!("Cannot assign to a numeric match result variable '${name}'")
            } else if matches!(name.as_str(), "trusted" | "facts" | "server_facts") {
                format!("Attempt to assign to a reserved variable name: '{name}'")
            } else {
                continue;
            };
            return Err(EvalError { issue: "NODE_PARAMETER", message, loc: None });
        }
        Ok(())
    }

    /// Puppet's warnings for what the catalog (no rich data) turns into
    /// strings when it is written, resource by resource (see
    /// [`super::catalog::non_data_warnings`]), at the resource's location.
    fn non_data_warnings(&mut self) {
        for r in self.catalog.resources.iter().filter(|r| !r.virtual_) {
            let texts = super::catalog::non_data_warnings(r);
            if texts.is_empty() {
                continue;
            }
            let location = match (&r.file, r.line) {
                (Some(f), Some(l)) => format!(" (file: {f}, line: {l})"),
                (Some(f), None) => format!(" (file: {f})"),
                (None, Some(l)) => format!(" (line: {l})"),
                (None, None) => String::new(),
            };
            for t in texts {
                self.logs.push(Log { level: LogLevel::Warning, scope: None, message: format!("{t}{location}") });
            }
        }
    }

    /// The class `settings` and its scope, whose variables are Puppet's
    /// settings: looked up by name in the shared table when read
    /// ([`Interp::setting`]), so a compile copies none of them.
    fn settings_scope(&mut self) {
        let scope = Scope::new(Some(self.top.clone()), Rc::from("Class[Settings]"), self.top.cat.clone());
        self.class_scopes.insert("settings".into(), scope);
    }

    /// `$settings::<name>` in this compile (None: not a setting).
    pub(super) fn setting(&self, name: &str) -> Option<Value> {
        self.define_taint("read a setting");
        // Some settings name the node (`certname`): a question for the memo.
        self.memo_note_setting(name);
        self.setting_unnoted(name)
    }

    /// [`Self::setting`] without noting the question (the memo asking it
    /// again for another node).
    pub(super) fn setting_unnoted(&self, name: &str) -> Option<Value> {
        let strict = match self.opts.strict {
            super::Strict::Off => "off",
            super::Strict::Warning => "warning",
            super::Strict::Error => "error",
        };
        let own = super::settings::CompileSettings {
            environment: &self.opts.environment,
            node: &self.opts.node,
            strict,
            strict_variables: self.opts.strict_variables,
            // Exported resources are stored and collected only with a
            // PuppetDB (`--puppetdb`, or the server's settings).
            storeconfigs: self.opts.storeconfigs.is_some(),
            modulepath: &self.opts.modulepath,
            manifest: self.opts.manifest.as_deref(),
        };
        match &self.opts.settings {
            Some(table) => own.get(table, name),
            None => own.get(&super::settings::SettingsTable::defaults(), name),
        }
    }

    fn eval_node(&mut self) -> R<()> {
        if self.prog.nodes.is_empty() {
            return Ok(());
        }
        let name = self.opts.node.to_lowercase();
        let matched = self.match_node(&name);
        self.memo_note_node(&matched);
        let (index, title, captures) = matched.map_err(|m| bare("NO_NODE", m))?;
        let node = self.prog.nodes[index].clone();
        let mut r = Resource::new("Node", &title, "unknown");
        r.tags.insert("node".into());
        name_tags(&title, &mut r.tags);
        self.catalog.tags.extend(r.tags.iter().cloned());
        r.tags.insert("class".into());
        r.evaluated = true;
        r.scope_tags_merged = true;
        r.scope = Some(self.top.cat.clone());
        let i = self.catalog.add(r).expect("one node");
        self.catalog.contain(self.top.cat.resource, i);
        // Log lines of the node's body say `Scope(Node[name])`.
        let label: Rc<str> = Rc::from(format!("Node[{title}]"));
        self.catalog.classes.insert(title);
        let cat = CatScope::new(i, Rc::from(""), Some(self.top.cat.clone()));
        let scope = Scope::new(Some(self.top.clone()), label, cat);
        self.node_scope = Some(scope.clone());
        let captures = captures.map(Rc::new);
        scope.publish_matches(captures.as_ref());
        self.run_body(node.body, vec![], scope, captures).map(|_| ())
    }

    /// The node definition node `name` (lower case) gets: its index in
    /// `prog.nodes`, the title of its resource, and the captures its body
    /// sees as `$0`, `$1`, ... (a regex match); else Puppet's message.
    /// Everything node matching makes of the name (the memo compares these
    /// answers between nodes, see `memo.rs`).
    pub(super) fn match_node(&self, name: &str) -> Result<super::memo::NodeMatched, String> {
        // Puppet 7 matches the full certname only (no short names).
        let candidates = vec![name.to_string()];
        let mut found = None;
        'outer: for c in &candidates {
            for (i, n) in self.prog.nodes.iter().enumerate() {
                if n.matches.iter().any(|m| matches!(m, NodeMatch::Name(x) if x == c)) {
                    found = Some(i);
                    break 'outer;
                }
            }
        }
        if found.is_none() {
            for (i, n) in self.prog.nodes.iter().enumerate() {
                if n.matches.iter().any(|m| match m {
                    NodeMatch::Regex(r) => pjit_runtime::regex::Regex::new(r).map(|re| re.is_match(name)).unwrap_or(false),
                    _ => false,
                }) {
                    found = Some(i);
                    break;
                }
            }
        }
        if found.is_none() {
            found = self.prog.nodes.iter().position(|n| n.matches.contains(&NodeMatch::Default));
        }
        let Some(index) = found else {
            return Err(format!("Could not find node statement with name 'default' or '{}'", candidates.join(", ")));
        };
        let node = &self.prog.nodes[index];
        // The node is a resource of the catalog named by its definition's
        // first name, contained in main, and its name is a class name.
        // Each host match is its own node definition in Puppet: the one that
        // matched names the resource. A regexp's name is Puppet's
        // `__node_regexp__` form of its source.
        let regex_name = |r: &str| {
            let cleaned: String =
                r.to_lowercase().chars().filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ':' | '.')).collect();
            format!("__node_regexp__{}", cleaned.trim_start_matches('.'))
        };
        let title = node
            .matches
            .iter()
            .find_map(|m| match m {
                NodeMatch::Name(n) if *n == name => Some(n.clone()),
                NodeMatch::Regex(r)
                    if pjit_runtime::regex::Regex::new(r).map(|re| re.is_match(name)).unwrap_or(false) =>
                {
                    Some(regex_name(r))
                }
                _ => None,
            })
            .unwrap_or_else(|| "default".to_string());
        // A regex node's captures are the body's `$0`, `$1`, ... (and
        // those of the classes it declares), as after a match.
        let captures = node.matches.iter().find_map(|m| match m {
            NodeMatch::Regex(r) => pjit_runtime::regex::Regex::new(r).ok()?.captures(name),
            _ => None,
        });
        let captures = captures.filter(|_| !node.matches.iter().any(|m| matches!(m, NodeMatch::Name(n) if *n == name)));
        Ok((index, title, captures))
    }

    /// The classes an external node classifier gave, in the node's scope
    /// (the top scope without a node definition): those with parameters
    /// declared resource-like first, then the others as `include` does.
    fn evaluate_node_classes(&mut self) -> R<()> {
        if self.opts.classes.is_empty() {
            return Ok(());
        }
        let scope = self.node_scope.clone().unwrap_or_else(|| self.top.clone());
        let classes: Vec<(String, Option<IndexMap<String, Value>>)> =
            self.opts.classes.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        for (name, params) in classes.iter().filter(|(_, p)| p.as_ref().is_some_and(|p| !p.is_empty())) {
            let params: catalog::Params = params.iter().flatten().map(|(k, v)| (k.as_str().into(), v.clone())).collect();
            self.declare_class(name, Some(params), &scope, Loc::default(), "Resource Statement")?;
        }
        for (name, _) in classes.iter().filter(|(_, p)| p.as_ref().is_none_or(|p| p.is_empty())) {
            self.include_class(name, &scope, Loc::default())?;
        }
        Ok(())
    }

    // ---- the generators loop

    fn evaluate_generators(&mut self) -> R<()> {
        let mut count = 0;
        loop {
            let mut done = true;
            if self.evaluate_collections()? {
                done = false;
            }
            if self.evaluate_definitions()? {
                done = false;
            }
            if done {
                return Ok(());
            }
            count += 1;
            // Puppet's compiler gives up the same way on endless expansion.
            if count > 1000 {
                return Err(bare("LOOP_LIMIT", "Somehow looped more than 1000 times while evaluating host catalog".into()));
            }
        }
    }

    /// Evaluates the defined-type instances that are in the catalog, not
    /// virtual, and not evaluated yet (those found at the start of the
    /// pass, in catalog order). Returns whether there were any.
    fn evaluate_definitions(&mut self) -> R<bool> {
        // Only the resources added since the last pass are scanned; the
        // instances found before and still unevaluated (virtual ones,
        // which a collector may realize) are kept in catalog order, so the
        // wave is the same as a scan of the whole catalog.
        let st = &mut self.state;
        let all = &self.catalog.resources;
        st.unevaluated_defines.extend((st.defines_scanned..all.len()).filter(|&i| all[i].define.is_some()));
        st.defines_scanned = all.len();
        st.unevaluated_defines.retain(|&i| !all[i].evaluated);
        let wave: Vec<usize> = st.unevaluated_defines.iter().copied().filter(|&i| !all[i].virtual_).collect();
        for &i in &wave {
            self.evaluate_define(i)?;
        }
        Ok(!wave.is_empty())
    }

    fn evaluate_define(&mut self, i: usize) -> R<()> {
        let (body, title, reference, decl, declaring) = {
            let r = &mut self.catalog.resources[i];
            r.evaluated = true;
            (r.define.expect("a define"), Value::string(r.title.as_str()), r.reference(), r.loc, r.scope.clone())
        };
        self.merge_scope_tags(i);
        let parent = self.node_scope.clone().unwrap_or_else(|| self.top.clone());
        let source = match self.state.define_sources.get(&body) {
            Some(s) => s.clone(),
            None => {
                let tname = self.catalog.resources[i].type_name.to_lowercase();
                let s: Rc<str> = Rc::from(format!("define:{tname}").as_str());
                self.state.define_sources.insert(body, s.clone());
                s
            }
        };
        let cat = CatScope::new(i, source, declaring);
        // `$title`, `$name`, `$module_name`, `$caller_module_name`, the
        // parameters (the body may add more).
        let room = self.prog.funcs[body].params.len() + 4;
        let scope = Scope::with_capacity(Some(parent), Rc::from(reference.as_str()), cat, room);
        let t = self.names.title;
        // `$title` and `$name` (unless given): one shared String value.
        scope.set(t, title.clone());
        let n = self.names.name;
        let name = self.catalog.resources[i].params.get("name").cloned().unwrap_or(title);
        scope.set(n, name);
        let file = self.prog.funcs[body].loc.file;
        let declaring_cat = self.catalog.resources[i].scope.clone().unwrap_or_else(|| self.top.cat.clone());
        self.set_module_names(&scope, file, &declaring_cat);
        let r = self.run_define(body, scope, i);
        // Puppet reports any error of a defined type's evaluation at the
        // declaring statement (line only), wrapping the inner error with
        // its own location (also an error a statement of the body already
        // wrapped); the problems with its own parameters have none.
        if let Err(Flow::Error(e)) = r {
            // Puppet's `ArgumentError` out of binding the parameters is not
            // wrapped: it ends the compilation as is.
            if e.issue == BIND_INIT_ERROR {
                return Err(bare(
                    "COMPILER_ARGUMENT_ERROR",
                    format!("Puppet::Parser::Compiler failed with error ArgumentError: {}", e.message),
                ));
            }
            let inner = if e.issue == PARAMETER_ERROR || e.loc.is_none() {
                e.message
            } else {
                format!("Evaluation Error: {}{}", e.message, self.location_suffix(e.loc))
            };
            let message = if inner.starts_with("Error while evaluating a Resource Statement, ") {
                inner
            } else {
                format!("Error while evaluating a Resource Statement, {inner}")
            };
            return Err(Flow::Error(EvalError { issue: e.issue, message, loc: Some(Loc { col: 0, ..decl }) }));
        }
        r.map(|_| ())
    }

    /// Runs collectors; returns whether any found something new.
    fn evaluate_collections(&mut self) -> R<bool> {
        let mut found = false;
        for c in 0..self.state.collectors.len() {
            if self.evaluate_collector(c)? {
                found = true;
            }
        }
        Ok(found)
    }

    fn evaluate_collector(&mut self, c: usize) -> R<bool> {
        if self.state.collectors[c].done {
            return Ok(false);
        }
        let objects: Vec<usize> = match &mut self.state.collectors[c].kind {
            CollectorKind::Exported { .. } => match self.opts.storeconfigs.clone() {
                Some(sc) => self.collect_exported(c, &*sc)?,
                None => return Ok(false),
            },
            CollectorKind::Query { type_name, query } => {
                let (type_name, query) = (type_name.clone(), query.clone());
                (0..self.catalog.resources.len())
                    .filter(|&i| {
                        let r = &self.catalog.resources[i];
                        r.type_name == type_name && self.query_matches(i, &query)
                    })
                    .collect()
            }
            CollectorKind::Fixed(refs) => {
                let mut found = vec![];
                let mut left = vec![];
                for (t, ti) in std::mem::take(refs) {
                    if t.is_empty() {
                        return Err(bare(
                            "INVALID_REFERENCE",
                            format!(
                                "Puppet::Parser::Compiler failed with error ArgumentError: No title provided and {ti:?} is not a valid resource reference"
                            ),
                        ));
                    }
                    match self.catalog.lookup(&t, &ti) {
                        Some(i) => found.push(i),
                        None => left.push((t, ti)),
                    }
                }
                let done = left.is_empty();
                if let CollectorKind::Fixed(refs) = &mut self.state.collectors[c].kind {
                    *refs = left;
                }
                self.state.collectors[c].done = done;
                found
            }
        };
        for &i in &objects {
            self.catalog.resources[i].virtual_ = false;
        }
        if objects.is_empty() {
            return Ok(false);
        }
        let new: Vec<usize> = objects.into_iter().filter(|i| !self.state.collectors[c].collected.contains(i)).collect();
        if let Some(over) = self.state.collectors[c].overrides.clone() {
            for &i in &new {
                let r = &self.catalog.resources[i];
                let key = (r.type_name.clone(), r.title.clone());
                self.add_override(key, over.clone())?;
            }
        }
        if new.is_empty() {
            return Ok(false);
        }
        self.state.collectors[c].collected.extend(new);
        Ok(true)
    }

    /// `ExportedCollector#collect`: this node's own exported resources of
    /// the type that match the query (they stay exported), then what other
    /// nodes exported, each added to the catalog in the collector's scope
    /// (its resource defaults apply, it contains them) unless collected
    /// before; another resource of the same type and title is an error.
    fn collect_exported(&mut self, c: usize, sc: &dyn StoreConfigs) -> R<Vec<usize>> {
        let CollectorKind::Exported { type_name, cquery, equery, found } = &self.state.collectors[c].kind else {
            return Ok(vec![]);
        };
        let (type_name, cquery) = (type_name.clone(), cquery.clone());
        let remote = match found {
            Some(f) => f.clone(),
            None => {
                let f = sc.search_exported(&type_name, &self.opts.node, equery.as_ref()).map_err(|m| bare("STORECONFIGS", m))?;
                if let CollectorKind::Exported { found, .. } = &mut self.state.collectors[c].kind {
                    *found = Some(f.clone());
                }
                f
            }
        };
        let mut objects: Vec<usize> = (0..self.catalog.resources.len())
            .filter(|&i| {
                let r = &self.catalog.resources[i];
                r.type_name == type_name && r.exported && self.query_matches(i, &cquery)
            })
            .collect();
        let Some((scope, loc)) = self.state.collectors[c].origin.clone() else { return Ok(objects) };
        for x in remote {
            let id = x.collector_id();
            if let Some(j) = self.catalog.lookup(&x.type_name, &x.title) {
                if self.catalog.resources[j].collector_id.as_deref() != Some(id.as_str()) {
                    let msg = format!(
                        "A duplicate resource was found while collecting exported resources, with the type and title {}[{}]",
                        x.type_name, x.title
                    );
                    return Err(bare("DUPLICATE_EXPORTED", msg));
                }
                continue;
            }
            let lower = catalog::lowercase(&x.type_name);
            let Some((kind, define)) = self.resolve_resource_type(&lower, loc, "Exported Query")? else {
                let msg = format!("Error while evaluating a Exported Query, Resource type {lower} doesn't exist");
                return Err(error("UNKNOWN_RESOURCE_TYPE", msg, loc));
            };
            let mut given = catalog::Params::default();
            for (k, v) in x.parameters {
                let v = json_to_value(v).map_err(|e| bare("STORECONFIGS", e.message().to_string()))?;
                given.insert(k.into(), v);
            }
            let i = self.create_resource(&lower, &x.title, given, kind, define, false, false, (false, false), &scope, loc)?;
            let r = &mut self.catalog.resources[i];
            r.file = None;
            r.line = None;
            r.collector_id = Some(id.into());
            objects.push(i);
        }
        Ok(objects)
    }

    fn query_matches(&self, i: usize, query: &[CQuery]) -> bool {
        if query.is_empty() {
            return true;
        }
        let r = &self.catalog.resources[i];
        let mut stack: Vec<bool> = vec![];
        for q in query {
            let v = match q {
                CQuery::And | CQuery::Or => {
                    let b = stack.pop().unwrap_or(false);
                    let a = stack.pop().unwrap_or(false);
                    if matches!(q, CQuery::And) { a && b } else { a || b }
                }
                CQuery::Eq(attr, want) if attr == "tag" => {
                    let mut wanted = vec![];
                    flatten_into(want, &mut wanted);
                    wanted.iter().any(|w| {
                        let t = display::to_interpolated_string(w).to_lowercase();
                        self.raw_tagged(i, &t)
                    })
                }
                CQuery::Eq(attr, want) => match self.attr_value(r, attr) {
                    Some(Value::Array(a)) => a.iter().any(|x| ops::equals(x, want)),
                    Some(v) => ops::equals(&v, want),
                    None => matches!(want, Value::Undef),
                },
                CQuery::Ne(attr, want) => match self.attr_value(r, attr) {
                    Some(v) => !ops::equals(&v, want),
                    None => !matches!(want, Value::Undef),
                },
            };
            stack.push(v);
        }
        stack.pop().unwrap_or(false)
    }

    fn attr_value(&self, r: &Resource, attr: &str) -> Option<Value> {
        if attr == "title" {
            return Some(Value::string(r.title.as_str()));
        }
        r.params.get(attr).cloned()
    }

    /// Puppet's `raw_tagged?`: the resource's tags or, transitively, those
    /// of the resource of the scope that declared it.
    fn raw_tagged(&self, i: usize, tag: &str) -> bool {
        let mut cur = Some(i);
        let mut guard = 0;
        while let Some(j) = cur {
            let r = &self.catalog.resources[j];
            if r.tags.contains(tag) {
                return true;
            }
            cur = r.scope.as_ref().map(|s| s.resource).filter(|&k| k != j);
            guard += 1;
            if guard > 10_000 {
                break;
            }
        }
        false
    }

    // ---- finishing

    fn finish(&mut self) -> R<()> {
        self.evaluate_relationships()?;
        for i in 0..self.catalog.resources.len() {
            // Most catalogs have no pending overrides: no key to build then.
            if !self.state.pending_overrides.is_empty() {
                let key = {
                    let r = &self.catalog.resources[i];
                    (r.type_name.clone(), r.title.clone())
                };
                if let Some(overs) = self.state.pending_overrides.shift_remove(&key) {
                    for o in overs {
                        self.merge_override(i, &o)?;
                    }
                }
            }
            self.merge_scope_tags(i);
            self.validate_resource(i)?;
        }
        self.add_resource_metaparams();
        if !self.state.pending_overrides.is_empty() {
            let refs: Vec<String> = self.state.pending_overrides.keys().map(|(t, ti)| format!("{t}[{ti}]")).collect();
            return Err(bare("UNRESOLVED_OVERRIDE", format!("Could not find resource(s) {} for overriding", refs.join(", "))));
        }
        let unresolved: Vec<String> = self
            .state
            .collectors
            .iter()
            .flat_map(|c| match &c.kind {
                CollectorKind::Fixed(refs) => refs.iter().map(|(t, ti)| format!("{t}[{ti}]")).collect(),
                _ => vec![],
            })
            .collect();
        if !unresolved.is_empty() {
            return Err(bare("UNREALIZED", format!("Failed to realize virtual resources {}", unresolved.join(", "))));
        }
        self.flatten_reference_arrays();
        self.validate_relationship_params()
    }

    /// Arrays of references take the shape Puppet's catalog gives them when
    /// it turns compiler resources into catalog resources: a relationship
    /// metaparameter's array is flattened and loses its `undef`s
    /// (`Parser::Resource#to_hash`), and any array that holds a resource or
    /// class reference at some depth is flattened (`Resource#initialize`
    /// copying a resource).
    fn flatten_reference_arrays(&mut self) {
        fn is_ref(v: &Value) -> bool {
            matches!(v, Value::Type(t) if matches!(&**t, Type::Resource { type_name: Some(_), title: Some(_) } | Type::Class(Some(_))))
        }
        fn holds_ref(v: &Value) -> bool {
            match v {
                Value::Array(a) => a.iter().any(holds_ref),
                other => is_ref(other),
            }
        }
        for r in &mut self.catalog.resources {
            for (name, v) in r.params.iter_mut() {
                let Value::Array(a) = v else { continue };
                let relationship = RELATIONSHIP_PARAMS.contains(&name.as_str());
                if !relationship && !a.iter().any(|x| matches!(x, Value::Array(_)) && holds_ref(x)) {
                    continue;
                }
                let mut flat = vec![];
                flatten_into(v, &mut flat);
                if relationship {
                    flat.retain(|x| !matches!(x, Value::Undef));
                }
                *v = Value::Array(pjit_runtime::value::PArray(Arc::new(flat)));
            }
        }
    }

    /// Adds the tags of the resource of the declaring scope (once).
    fn merge_scope_tags(&mut self, i: usize) {
        let r = &self.catalog.resources[i];
        if r.scope_tags_merged {
            return;
        }
        let container = r.scope.as_ref().map(|s| s.resource).filter(|&c| c != i);
        // The resource's own set is taken out while the container's is read
        // (no copy of the container's set).
        let mut tags = std::mem::take(&mut self.catalog.resources[i].tags);
        if let Some(c) = container {
            tags.merge(&self.catalog.resources[c].tags);
        }
        let r = &mut self.catalog.resources[i];
        r.tags = tags;
        r.scope_tags_merged = true;
    }

    /// Checks a resource's attributes against its type (built-in types;
    /// classes and defined types check theirs when they are bound).
    fn validate_resource(&mut self, i: usize) -> R<()> {
        let r = &self.catalog.resources[i];
        let Some(t) = &r.rtype else { return Ok(()) };
        if let Some(bad) = r.params.keys().find(|k| !t.accepts(k)) {
            let file = r.file.as_deref().unwrap_or_default();
            let line = r.line.unwrap_or(0);
            let msg = format!("no parameter named '{bad}' (file: {file}, line: {line}) on {}", r.reference());
            return Err(at_line("UNKNOWN_ATTRIBUTE", msg, r.loc));
        }
        Ok(())
    }

    /// Metaparameters (except relationships) and tags flow from each
    /// container to what it contains, breadth first from `Class[main]`
    /// (Puppet's `add_resource_metaparams`).
    fn add_resource_metaparams(&mut self) {
        let names: Vec<&str> = METAPARAMS.iter().copied().filter(|m| !RELATIONSHIP_PARAMS.contains(m)).collect();
        let n = self.catalog.resources.len();
        let mut adjacency: Vec<Vec<usize>> = vec![vec![]; n];
        for &(s, t) in &self.catalog.edges {
            adjacency[s].push(t);
        }
        let own = |r: &Resource| -> Option<catalog::Params> {
            let m: catalog::Params = names
                .iter()
                .filter_map(|p| r.params.get(*p).filter(|v| !matches!(v, Value::Undef)).map(|v| ((*p).into(), v.clone())))
                .collect();
            (!m.is_empty()).then_some(m)
        };
        let mut data: HashMap<usize, catalog::Params> = HashMap::default();
        let mut seen = vec![false; n];
        let mut queue = std::collections::VecDeque::new();
        queue.push_back(self.top.cat.resource);
        while let Some(node) = queue.pop_front() {
            if seen[node] {
                continue;
            }
            // A container without metaparameters of its own is found so
            // once, not once per edge (nothing changes its parameters then).
            let mut node_has_none = false;
            for &target in &adjacency[node] {
                let source_data = match data.get(&node) {
                    Some(d) => Some(d.clone()),
                    None if node_has_none => None,
                    None => {
                        let o = own(&self.catalog.resources[node]);
                        node_has_none = o.is_none();
                        o
                    }
                };
                if let Some(sd) = source_data {
                    data.entry(node).or_insert_with(|| sd.clone());
                    let t = &mut self.catalog.resources[target];
                    for (p, v) in &sd {
                        if t.params.get(p).is_none_or(|x| matches!(x, Value::Undef)) {
                            t.params.insert(p.clone(), v.clone());
                        }
                    }
                    let mut merged = sd.clone();
                    if let Some(o) = own(&self.catalog.resources[target]) {
                        merged.extend(o);
                    }
                    data.insert(target, merged);
                }
                // The target's set is taken out while the container's is
                // read (no copy of the container's set per edge).
                if target != node {
                    let mut tags = std::mem::take(&mut self.catalog.resources[target].tags);
                    tags.merge(&self.catalog.resources[node].tags);
                    self.catalog.resources[target].tags = tags;
                }
            }
            queue.extend(adjacency[node].iter().copied());
            seen[node] = true;
        }
    }

    /// Relationship metaparameters must name resources of the catalog.
    fn validate_relationship_params(&self) -> R<()> {
        for r in self.catalog.resources.iter().filter(|r| !r.virtual_) {
            for p in RELATIONSHIP_PARAMS {
                let Some(v) = r.params.get(*p) else { continue };
                let mut refs = vec![];
                flatten_into(v, &mut refs);
                let file = r.file.as_deref().unwrap_or_default();
                let line = r.line.unwrap_or(0);
                for x in refs {
                    // References (nearly all) are looked up as they are,
                    // normalized without copies; the text is for errors.
                    let key: Option<(Cow<str>, Cow<str>)> = match &x {
                        Value::Undef => continue,
                        Value::Type(t) => match &**t {
                            Type::Resource { type_name: Some(tn), title: Some(ti) } => Some(catalog::normalized_ref(tn, ti)),
                            Type::Class(Some(n)) => Some(catalog::normalized_ref("Class", n)),
                            _ => None,
                        },
                        // Strings: the references `->` chains add, read in place.
                        Value::String(s) => catalog::parsed_ref(s.as_str()),
                        other => parse_ref(&display::to_interpolated_string(other)).map(|(t, ti)| (Cow::Owned(t), Cow::Owned(ti))),
                    };
                    let text = || catalog::ref_string(&x).unwrap_or_else(|| display::to_interpolated_string(&x));
                    let Some((t, ti)) = key else {
                        let text = text();
                        let msg = format!(
                            "No title provided and {:?} is not a valid resource reference (file: {file}, line: {line})",
                            text
                        );
                        return Err(bare("INVALID_REFERENCE", msg));
                    };
                    if self.catalog.lookup(&t, &ti).is_none() {
                        let text = text();
                        let msg =
                            format!("Could not find resource '{text}' in parameter '{p}' (file: {file}, line: {line})");
                        return Err(bare("MISSING_REFERENCE", msg));
                    }
                }
            }
        }
        Ok(())
    }

    // ---- relationships

    /// A relationship operand as Puppet's relationship operator sees it.
    fn rel_operands(&mut self, v: &Value, collector: bool, op: RelKind, loc: Loc) -> R<Vec<RelOperand>> {
        if collector {
            if let Value::Integer(id) = v {
                return Ok(vec![RelOperand::Collector(*id as usize)]);
            }
        }
        let mut flat = vec![];
        flatten_into(v, &mut flat);
        let mut out: Vec<RelOperand> = vec![];
        for x in flat {
            let operand = match &x {
                Value::Type(t) => match &**t {
                    Type::Resource { type_name: Some(tn), title: Some(ti) } => {
                        let (t, ti) = normalize_ref(tn, ti);
                        RelOperand::Ref(t, ti)
                    }
                    Type::Class(Some(n)) => RelOperand::Ref("Class".into(), catalog::strip_colons(n).to_lowercase()),
                    other => {
                        let msg = format!(
                            "Illegal relationship operand, can not form a relationship with a {}. A Catalog type is required.",
                            type_to_string(&Type::Type(Some(Arc::new(other.clone()))))
                        );
                        return Err(error("ILLEGAL_RELATIONSHIP_OPERAND_TYPE", msg, loc));
                    }
                },
                Value::String(s) => match parse_ref(s) {
                    Some((t, ti)) => RelOperand::Ref(t, ti),
                    None => {
                        let msg = format!(
                            "Error while evaluating a '{}' expression, The expression <{s}> is not a valid type specification.",
                            op.as_str()
                        );
                        return Err(error("NOT_CATALOG_TYPE", msg, loc));
                    }
                },
                other => {
                    let msg = format!(
                        "Illegal relationship operand, can not form a relationship with {}. A Catalog type is required.",
                        pjit_runtime::label::a_an_label(other)
                    );
                    return Err(error("ILLEGAL_RELATIONSHIP_OPERAND_TYPE", msg, loc));
                }
            };
            let dup = out.iter().any(|o| matches!((o, &operand), (RelOperand::Ref(a, b), RelOperand::Ref(c, d)) if a == c && b == d));
            if !dup {
                out.push(operand);
            }
        }
        Ok(out)
    }

    pub(super) fn relationship(
        &mut self,
        kind: RelKind,
        left: &Value,
        right: &Value,
        collectors: (bool, bool),
        loc: Loc,
    ) -> R<Value> {
        let rec = self.memo.define_rec.borrow_mut().take();
        if let Some(rec) = rec {
            return self.relate_recorded(rec, kind, left, right, collectors, loc);
        }
        let l = self.rel_operands(left, collectors.0, kind, loc)?;
        let r = self.rel_operands(right, collectors.1, kind, loc)?;
        let param = match kind {
            RelKind::Before | RelKind::Require => "before",
            RelKind::Notify | RelKind::Subscribe => "notify",
        };
        if let [RelOperand::Collector(c)] = r.as_slice() {
            if let Some(col) = self.state.collectors.get_mut(*c) {
                col.empty_alternative = Some(l.clone());
            }
        }
        // The value is the right operand (Puppet's "Q-value"), flattened;
        // an empty right operand gives the left one, so that `X -> [] -> Y`
        // links X and Y (lowering marks such a chain as a collector when X
        // is one).
        let (value, value_collector) = if r.is_empty() { (left, collectors.0) } else { (right, collectors.1) };
        let (sources, targets) = if matches!(kind, RelKind::Require | RelKind::Subscribe) { (r, l) } else { (l, r) };
        self.state.relationships.push(Relationship { sources, targets, param });
        if value_collector {
            return Ok(value.clone());
        }
        let mut flat = vec![];
        flatten_into(value, &mut flat);
        Ok(Value::Array(pjit_runtime::value::PArray(Arc::new(flat))))
    }

    fn resolve_operands(&self, ops: &[RelOperand], left: bool) -> Vec<RelEnd> {
        let mut out = vec![];
        for o in ops {
            match o {
                RelOperand::Ref(t, ti) => out.push(RelEnd::Ref(t.clone(), ti.clone())),
                RelOperand::Collector(c) => {
                    let mut col = *c;
                    loop {
                        let Some(coll) = self.state.collectors.get(col) else { break };
                        if !coll.collected.is_empty() || !left {
                            out.extend(coll.collected.iter().map(|&i| RelEnd::Resource(i)));
                            break;
                        }
                        match &coll.empty_alternative {
                            Some(alt) => match alt.as_slice() {
                                [RelOperand::Collector(next)] => col = *next,
                                other => {
                                    out.extend(self.resolve_operands(other, true));
                                    break;
                                }
                            },
                            None => break,
                        }
                    }
                }
            }
        }
        out
    }

    fn evaluate_relationships(&mut self) -> R<()> {
        let rels = std::mem::take(&mut self.state.relationships);
        for rel in &rels {
            let sources = self.resolve_operands(&rel.sources, true);
            let targets = self.resolve_operands(&rel.targets, false);
            // The references' text only for the errors (Puppet names the
            // missing end first, then the other end, "on" it when the
            // source is missing, "from" it when a target is).
            let missing = |cat: &catalog::Catalog, gone: &RelEnd, dir: &str, other: &RelEnd| {
                let text = |e: &RelEnd| match e {
                    RelEnd::Resource(i) => cat.resources[*i].reference(),
                    RelEnd::Ref(t, ti) => format!("{t}[{ti}]"),
                };
                bare(
                    "MISSING_RELATIONSHIP",
                    format!("Could not find resource '{}' for relationship {dir} '{}'", text(gone), text(other)),
                )
            };
            // Each target is looked up and its reference made once for all
            // sources (the catalog's index does not change here); the
            // errors are the ones the pairs in order would raise first.
            let found: Vec<Option<Value>> =
                targets.iter().map(|t| self.rel_end(t).map(|ti| Value::string(self.catalog.resources[ti].reference()))).collect();
            for source in &sources {
                let Some(first) = targets.first() else { continue };
                let Some(si) = self.rel_end(source) else {
                    return Err(missing(&self.catalog, source, "on", first));
                };
                for (t, target) in targets.iter().zip(&found) {
                    let Some(target) = target else {
                        return Err(missing(&self.catalog, t, "from", source));
                    };
                    let r = &mut self.catalog.resources[si];
                    r.pin_param_meta();
                    // The parameter goes last with the target added (an
                    // entry that is last already is changed in place; one
                    // resource may gain hundreds of edges: a collector's
                    // every resource).
                    let last = r.params.len().checked_sub(1).filter(|&l| r.params.get_index(l).is_some_and(|(k, _)| k == rel.param));
                    let old = match last {
                        Some(l) => std::mem::replace(&mut r.params[l], Value::Undef),
                        None => r.params.shift_remove(rel.param).unwrap_or(Value::Undef),
                    };
                    let list = match old {
                        Value::Array(mut a) => {
                            Arc::make_mut(&mut a.0).push(target.clone());
                            a
                        }
                        Value::Undef => pjit_runtime::value::PArray(Arc::new(vec![target.clone()])),
                        other => pjit_runtime::value::PArray(Arc::new(vec![other, target.clone()])),
                    };
                    match last {
                        Some(l) => r.params[l] = Value::Array(list),
                        None => {
                            r.params.insert(rel.param.into(), Value::Array(list));
                        }
                    }
                }
            }
        }
        self.state.relationships = rels;
        Ok(())
    }

    /// The index of a relationship's end: a collected resource, or the
    /// resource a reference names (as `Catalog::lookup` finds a collected
    /// resource by its own type and title).
    fn rel_end(&self, e: &RelEnd) -> Option<usize> {
        match e {
            RelEnd::Resource(i) => Some(*i),
            RelEnd::Ref(t, ti) => self.catalog.lookup(t, ti),
        }
    }

    // ---- defaults, overrides, collectors

    pub(super) fn resource_defaults(&mut self, ty: &Value, attrs: &Value, scope: &Rc<Scope>, loc: Loc) -> R<Value> {
        self.define_taint("resource defaults");
        let type_name = match ty {
            Value::Type(t) => match &**t {
                Type::Resource { type_name: Some(n), title: None } => n.to_lowercase(),
                _ => {
                    let msg = format!("Error while evaluating a Resource Default, {} is not a resource type", type_to_string(t));
                    return Err(error("ILLEGAL_DEFAULTS", msg, loc));
                }
            },
            other => display::to_interpolated_string(other).to_lowercase(),
        };
        self.resolve_resource_type(&type_name, loc, "Resource Default")?;
        let tname = capitalize_name(&type_name);
        let attrs = hash_attrs(attrs);
        let cat = scope.cat.clone();
        let mut defaults = cat.defaults.borrow_mut();
        let pos = match defaults.iter().position(|(t, _)| *t == tname) {
            Some(p) => p,
            None => {
                defaults.push((tname.clone(), Default::default()));
                defaults.len() - 1
            }
        };
        for (k, v) in attrs {
            if defaults[pos].1.contains_key(k.as_str()) {
                let msg = format!("Default already defined for {tname} {{ {k} }}; cannot redefine");
                return Err(at_line("DEFAULT_REDEFINED", msg, loc));
            }
            defaults[pos].1.insert(k, DefaultAttr { value: v, file: loc.file, line: loc.line });
        }
        Ok(Value::Undef)
    }

    pub(super) fn resource_override(&mut self, refs: &Value, set: &Value, add: &Value, scope: &Rc<Scope>, loc: Loc) -> R<Value> {
        self.define_taint("an override");
        let mut flat = vec![];
        flatten_into(refs, &mut flat);
        let over = Override {
            set: hash_attrs(set),
            add: hash_attrs(add),
            source: scope.cat.source.clone(),
            privileged: false,
            loc,
        };
        for x in &flat {
            let key = match x {
                Value::Type(t) => match &**t {
                    Type::Resource { type_name: Some(tn), title: Some(ti) } => normalize_ref(tn, ti),
                    other => {
                        let msg = format!(
                            "Resource Override can only operate on resources, got: {}-Type",
                            type_to_string(other)
                        );
                        return Err(error("ILLEGAL_OVERRIDE_OPERAND", msg, loc));
                    }
                },
                other => {
                    let msg = format!("Resource Override can only operate on resources, got: {}", got_label(other));
                    return Err(error("ILLEGAL_OVERRIDE_OPERAND", msg, loc));
                }
            };
            self.add_override(key, over.clone())?;
        }
        Ok(Value::Undef)
    }

    fn add_override(&mut self, key: (String, String), over: Override) -> R<()> {
        match self.catalog.lookup(&key.0, &key.1) {
            Some(i) => self.merge_override(i, &over),
            None => {
                self.state.pending_overrides.entry(key).or_default().push(over);
                Ok(())
            }
        }
    }

    /// Whether definition `child` inherits (transitively) from `parent`.
    fn child_of(&self, child: &str, parent: &str) -> bool {
        let mut cur = child.to_string();
        for _ in 0..1000 {
            let Some(def) = self.prog.classes.get(&cur) else { return false };
            let Some(p) = &def.parent else { return false };
            let p = catalog::strip_colons(p).to_lowercase();
            if p == parent {
                return true;
            }
            cur = p;
        }
        false
    }

    fn merge_override(&mut self, i: usize, over: &Override) -> R<()> {
        let (res_source, evaluated, reference, file, line) = {
            let r = &self.catalog.resources[i];
            (r.source.clone(), r.evaluated && r.define.is_some(), r.reference(), r.file.clone(), r.line)
        };
        if !(over.privileged || res_source == over.source || self.child_of(&over.source, &res_source)) {
            return Err(at_line("OVERRIDE_NOT_SUBCLASS", "Only subclasses can override parameters".into(), over.loc));
        }
        if evaluated && self.opts.strict != Strict::Off {
            let at = match (&file, line) {
                (Some(f), Some(l)) => format!(", defined at (file: {f}, line: {l})"),
                _ => String::new(),
            };
            let msg = format!("Attempt to override an already evaluated resource{at}, with new values");
            if self.opts.strict == Strict::Error {
                return Err(at_line("OVERRIDE_EVALUATED", msg, over.loc));
            }
            self.warn(msg, Loc { col: 0, ..over.loc });
        }
        let params: Vec<(catalog::ParamName, Value, bool)> = over
            .set
            .iter()
            .map(|(k, v)| (k.clone(), v.clone(), false))
            .chain(over.add.iter().map(|(k, v)| (k.clone(), v.clone(), true)))
            .collect();
        for (name, value, add) in params {
            let r = &self.catalog.resources[i];
            let current = r.params.get(name.as_str()).filter(|v| !matches!(v, Value::Undef)).cloned();
            let meta = ParamMeta { source: over.source.clone(), file: over.loc.file, line: over.loc.line, from_default: false };
            let Some(current) = current else {
                self.set_param(i, name, value, meta);
                continue;
            };
            let cur_meta = r.param_meta(&name).cloned();
            let allowed = over.privileged
                || match &cur_meta {
                    Some(m) => self.child_of(&over.source, &m.source) || (m.source == over.source && m.from_default),
                    None => false,
                };
            if !allowed {
                let at = match &cur_meta {
                    Some(m) => {
                        let f = self.prog.files.get(m.file as usize).cloned().unwrap_or_default();
                        format!(" at (file: {f}, line: {})", m.line)
                    }
                    None => String::new(),
                };
                let by = match cur_meta.as_ref().map(|m| m.source.to_string()) {
                    Some(s) if s.is_empty() => "Class[main]".to_string(),
                    Some(s) if s.starts_with("define:") => capitalize_name(&s["define:".len()..]),
                    Some(s) => format!("Class[{}]", capitalize_name(&s)),
                    None => "Class[main]".to_string(),
                };
                let msg = format!("Parameter '{name}' is already set on {reference} by {by}{at}; cannot redefine");
                return Err(at_line("PARAMETER_ALREADY_SET", msg, over.loc));
            }
            let value = if add {
                let mut out = vec![];
                flatten_into(&current, &mut out);
                flatten_into(&value, &mut out);
                Value::Array(pjit_runtime::value::PArray(Arc::new(out)))
            } else {
                value
            };
            self.set_param(i, name, value, meta);
        }
        Ok(())
    }

    fn set_param(&mut self, i: usize, name: catalog::ParamName, value: Value, meta: ParamMeta) {
        let r = &mut self.catalog.resources[i];
        if name == "tag" {
            let _ = r.tag(&value);
        }
        r.meta.insert(name.to_string(), meta);
        r.params.insert(name, value);
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn collect(
        &mut self,
        ty: Sym,
        exported: bool,
        query: &[(QueryOp, Option<Value>)],
        set: &Value,
        add: &Value,
        scope: &Rc<Scope>,
        loc: Loc,
    ) -> R<Value> {
        self.define_taint("a collector");
        let type_name = self.prog.name(ty).to_string();
        // Puppet's RT_NO_STORECONFIGS: a warning when storeconfigs is off
        // (the collection then finds only this catalog's resources).
        if exported && self.opts.storeconfigs.is_none() {
            self.warn("You cannot collect exported resources without storeconfigs being set; the collection will be ignored".into(), loc);
        }
        let query_kind = if exported { "Exported Query" } else { "Virtual Query" };
        if type_name == "class" {
            let msg = format!("Error while evaluating a {query_kind}, Classes cannot be collected");
            return Err(error("COLLECT_CLASS", msg, loc));
        }
        if !self.resource_type_exists(&type_name, loc)? {
            let msg = format!("Error while evaluating a {query_kind}, Resource type {type_name} doesn't exist");
            return Err(error("UNKNOWN_RESOURCE_TYPE", msg, loc));
        }
        let (set, add) = (hash_attrs(set), hash_attrs(add));
        let overrides = (!set.is_empty() || !add.is_empty()).then(|| Override {
            set,
            add,
            source: scope.cat.source.clone(),
            privileged: true,
            loc,
        });
        let q: Vec<CQuery> = query
            .iter()
            .map(|(op, v)| match op {
                QueryOp::Eq(a, _) => CQuery::Eq(self.prog.name(*a).to_string(), v.clone().unwrap_or(Value::Undef)),
                QueryOp::Ne(a, _) => CQuery::Ne(self.prog.name(*a).to_string(), v.clone().unwrap_or(Value::Undef)),
                QueryOp::And => CQuery::And,
                QueryOp::Or => CQuery::Or,
            })
            .collect();
        let kind = if exported {
            let equery = exported_filter(&q);
            CollectorKind::Exported { type_name: capitalize_name(&type_name), cquery: q, equery, found: None }
        } else {
            CollectorKind::Query { type_name: capitalize_name(&type_name), query: q }
        };
        let id = self.state.collectors.len();
        self.state.collectors.push(Collector {
            kind,
            overrides,
            collected: IndexSet::new(),
            empty_alternative: None,
            done: false,
            origin: exported.then(|| (scope.clone(), loc)),
        });
        Ok(Value::Integer(id as i64))
    }

    /// `realize(refs...)`: a collector of fixed references.
    pub(super) fn realize(&mut self, args: &[Value], loc: Loc) -> R<Value> {
        self.define_taint("realize()");
        if args.is_empty() {
            let msg = "Error while evaluating a Function Call, realize(): Wrong number of arguments given (0 for minimum 1)";
            return Err(error("WRONG_ARITY", msg.to_string(), loc));
        }
        let mut flat = vec![];
        for a in args {
            flatten_into(a, &mut flat);
        }
        let mut refs = vec![];
        for x in &flat {
            let key = match x {
                Value::Type(t) => match &**t {
                    Type::Resource { type_name: Some(tn), title: Some(ti) } => Some(normalize_ref(tn, ti)),
                    _ => None,
                },
                Value::String(s) => parse_ref(s),
                _ => None,
            };
            // Puppet finds each reference by its text when the collector
            // runs, after the manifest: what is no reference fails then.
            // An empty type name marks such a text.
            refs.push(key.unwrap_or_else(|| (String::new(), display::to_interpolated_string(x))));
        }
        if !refs.is_empty() {
            self.state.collectors.push(Collector {
                kind: CollectorKind::Fixed(refs),
                overrides: None,
                collected: IndexSet::new(),
                empty_alternative: None,
                done: false,
                origin: None,
            });
        }
        Ok(Value::Undef)
    }

    // ---- classes

    pub(super) fn include_class(&mut self, name: &str, scope: &Rc<Scope>, loc: Loc) -> R<usize> {
        self.declare_class(name, None, scope, loc, "Function Call")
    }

    /// The first half of `include_class` (Puppet's `ensure_in_catalog` for
    /// `include`, `contain`, `require`): the class's resource, not evaluated.
    /// `context` names the call in errors: "Function Call", or "Method
    /// call" for `name.include`.
    pub(super) fn ensure_included(&mut self, name: &str, scope: &Rc<Scope>, loc: Loc, context: &str) -> R<usize> {
        let key = catalog::lowercase(catalog::strip_colons(name));
        self.ensure_class_resource(&key, None, scope, loc, context)
    }

    /// The second half: its body, unless it ran already.
    pub(super) fn evaluate_included(&mut self, i: usize, name: &str, loc: Loc, context: &str) -> R<()> {
        let key = catalog::lowercase(catalog::strip_colons(name));
        self.evaluate_class(i, &key, loc, context)
    }

    /// Declares a class and evaluates it (once): `include`-like (`params`
    /// None) or resource-like (`class { 'x': p => v }`, which may not
    /// follow another declaration of the class). Binding errors are
    /// reported as Puppet reports them for the declaring `context`. Returns
    /// the class's resource.
    pub(super) fn declare_class(
        &mut self,
        name: &str,
        params: Option<catalog::Params>,
        declaring: &Rc<Scope>,
        loc: Loc,
        context: &str,
    ) -> R<usize> {
        let key = catalog::lowercase(catalog::strip_colons(name));
        if let Some(existing) = self.catalog.lookup_class(&key) {
            if params.is_some() {
                let file = self.prog.files.get(loc.file as usize).cloned().unwrap_or_default();
                let old = &self.catalog.resources[existing];
                let at = match (&old.file, old.line) {
                    (Some(f), Some(l)) => format!(" at (file: {f}, line: {l})"),
                    _ => String::new(),
                };
                let msg = format!(
                    "Error while evaluating a Resource Statement, Duplicate declaration: Class[{}] is already declared{at}; cannot redeclare (file: {file}, line: {})",
                    capitalize_name(&key),
                    loc.line
                );
                return Err(error("DUPLICATE_DECLARATION", msg, loc));
            }
            self.evaluate_class(existing, &key, loc, context)?;
            return Ok(existing);
        }
        if params.is_some() && !self.prog.classes.contains_key(&key) {
            // A resource-style declaration names the class as written
            // (Puppet's `Resource.new` of a class that does not exist).
            self.autoload(LoadKind::Class, &key, loc)?;
            if !self.prog.classes.contains_key(&key) {
                let msg = format!("Error while evaluating a {context}, Could not find declared class {name}");
                return Err(error("UNKNOWN_CLASS", msg, loc));
            }
        }
        let i = self.ensure_class_resource(&key, params, declaring, loc, context)?;
        self.evaluate_class(i, &key, loc, context)?;
        Ok(i)
    }

    /// Puppet's `ensure_in_catalog`: the class's resource, created (not
    /// evaluated) after its parent class's resource if that is missing.
    fn ensure_class_resource(
        &mut self,
        key: &str,
        params: Option<catalog::Params>,
        declaring: &Rc<Scope>,
        loc: Loc,
        context: &str,
    ) -> R<usize> {
        if let Some(existing) = self.catalog.lookup_class(key) {
            return Ok(existing);
        }
        if !self.prog.classes.contains_key(key) {
            self.autoload(LoadKind::Class, key, loc)?;
        }
        let Some(def) = self.prog.classes.get(key).cloned() else {
            self.memo_note_node_name();
            let msg = format!("Error while evaluating a {context}, Could not find class ::{key} for {}", self.opts.node);
            return Err(error("UNKNOWN_CLASS", msg, loc));
        };
        if let Some(p) = &def.parent {
            let pkey = catalog::strip_colons(p).to_lowercase();
            if !self.prog.classes.contains_key(&pkey) {
                self.autoload(LoadKind::Class, &pkey, loc)?;
            }
            if !self.prog.classes.contains_key(&pkey) {
                let msg = format!(
                    "Could not find parent resource type '::{}' of type hostclass in {}",
                    catalog::strip_colons(p),
                    self.opts.environment
                );
                return Err(Flow::Error(EvalError { issue: "LOAD_ERROR", message: msg, loc: Some(def.loc) }));
            }
            // Puppet recurses through an inheritance cycle until Ruby's
            // stack gives out; pjit sees the cycle and reports the same.
            let mut seen = vec![key.to_string()];
            let mut cur = pkey.clone();
            while let Some(pp) = self.prog.classes.get(&cur).and_then(|d| d.parent.clone()) {
                if seen.contains(&cur) {
                    return Err(Flow::Error(EvalError {
                        issue: "STACK_OVERFLOW",
                        message: "stack level too deep".into(),
                        loc: None,
                    }));
                }
                seen.push(cur);
                cur = catalog::strip_colons(&pp).to_lowercase();
                if !self.prog.classes.contains_key(&cur) {
                    self.autoload(LoadKind::Class, &cur, loc)?;
                }
            }
            self.ensure_class_resource(&pkey, None, declaring, loc, context)?;
        }
        let resource_like = params.is_some();
        let given = params.unwrap_or_default();
        // Puppet records file and line only for classes declared like
        // resources; `include` makes a resource of kind "unknown".
        let cname = catalog::capitalized(key);
        let mut r = Resource::new("Class", &cname, if resource_like { "class" } else { "unknown" });
        if resource_like {
            r.file = self.file_name(loc.file);
            r.line = Some(loc.line);
        }
        for (k, v) in &given {
            if k == "tag" {
                let _ = r.tag(v);
            }
        }
        name_tags("class", &mut r.tags);
        name_tags(key, &mut r.tags);
        r.params = given;
        r.scope = Some(declaring.cat.clone());
        r.source = declaring.cat.source.clone();
        r.loc = loc;
        self.catalog.tags.extend(r.tags.iter().cloned());
        Ok(self.catalog.add(r).expect("the class resource is new"))
    }

    /// Runs a class's body (once): its parent class first, in a scope under
    /// the parent's scope (else the node or top scope).
    fn evaluate_class(&mut self, i: usize, key: &str, loc: Loc, context: &str) -> R<()> {
        if self.catalog.resources[i].evaluated {
            return Ok(());
        }
        self.catalog.resources[i].evaluated = true;
        // What the body needs of the definition (no copy of its names).
        let def = {
            let d = self.prog.classes.get(key).expect("a declared class is defined");
            ClassParts { parent: d.parent.clone(), file: d.loc.file, body: d.body }
        };
        let declaring_cat = self.catalog.resources[i].scope.clone().unwrap_or_else(|| self.top.cat.clone());
        let (parent_scope, parent_cat) = match &def.parent {
            Some(p) => {
                let pkey = catalog::strip_colons(p).to_lowercase();
                let pi = self.catalog.lookup_class(&pkey).expect("the parent's resource exists");
                self.evaluate_class(pi, &pkey, loc, context)?;
                match self.class_scopes.get(&pkey) {
                    Some(s) => (s.clone(), s.cat.clone()),
                    None => return Err(error("UNKNOWN_CLASS", format!("class {pkey} has not been evaluated"), loc)),
                }
            }
            None => (self.node_scope.clone().unwrap_or_else(|| self.top.clone()), declaring_cat.clone()),
        };
        self.catalog.classes.insert(key.to_string());
        let reference = self.catalog.resources[i].reference();
        let cat = CatScope::new(i, Rc::from(key), Some(parent_cat));
        let room = self.prog.funcs[def.body].params.len() + 4;
        let scope = Scope::with_capacity(Some(parent_scope), Rc::from(reference.as_str()), cat, room);
        self.class_scopes.insert(key.to_string(), scope.clone());
        // `$title` and `$name`: one shared String value.
        let name = Value::string(key);
        let t = self.names.title;
        scope.set(t, name.clone());
        let n = self.names.name;
        scope.set(n, name);
        self.set_module_names(&scope, def.file, &declaring_cat);
        self.merge_scope_tags(i);
        self.add_edge_to_stage(i, declaring_cat.resource, loc, context)?;
        let f = self.prog.funcs[def.body].clone();
        self.bind_class_data(i, key, &f, &scope, loc, context)?;
        let vals = match self.bind(&f, Args::OfResource(i), &scope, &|| reference.clone(), loc) {
            Ok(v) => v,
            // The declaring statement's own error from here on (a defined
            // type around it wraps it as any other).
            Err(Flow::Error(e)) if e.issue == PARAMETER_ERROR || e.issue == BIND_INIT_ERROR => {
                let message = format!("Error while evaluating a {context}, {}", e.message);
                return Err(Flow::Error(EvalError { issue: "RUNTIME_ERROR", message, ..e }));
            }
            Err(other) => return Err(other),
        };
        self.record_bound_params(i, &f, &vals);
        // `return()` and `next()` end a class body (Puppet catches both
        // around it); `break()` is an error.
        match self.run_body(def.body, vals, scope.clone(), None) {
            Err(Flow::Return(..) | Flow::Next(..)) => Ok(()),
            r => r.map(|_| ()),
        }
    }

    /// `$module_name` (the module the definition's file is in, `""` outside
    /// modules) and `$caller_module_name` (the declaring scope's).
    fn set_module_names(&mut self, scope: &Rc<Scope>, file: u32, declaring: &Rc<CatScope>) {
        // Shared String values (the file's, the declaring resource's): no
        // copy of the names per scope.
        let module = self.module_of_file(file);
        let caller = self
            .catalog
            .resources
            .get(declaring.resource)
            .and_then(|r| r.module_name.clone())
            .unwrap_or_else(|| Value::string(""));
        scope.set(self.names.module_name, module.clone());
        scope.set(self.names.caller_module_name, caller);
        if let Some(r) = self.catalog.resources.get_mut(scope.cat.resource) {
            r.module_name = Some(module);
        }
    }

    /// The path of a file of the program, shared by the resources it
    /// declares (and by the compiles that reuse the program).
    fn file_name(&mut self, file: u32) -> Option<Rc<str>> {
        let i = file as usize;
        if let Some(Some(f)) = self.autoloads.file_names.get(i) {
            return Some(f.clone());
        }
        let f: Rc<str> = self.prog.files.get(i)?.as_str().into();
        let cache = &mut self.autoloads.file_names;
        if cache.len() <= i {
            cache.resize(i + 1, None);
        }
        cache[i] = Some(f.clone());
        Some(f)
    }

    /// The module a loaded file belongs to, as a String value:
    /// `<dir>/<module>/...` for a directory `<dir>` of the modulepath.
    fn module_of_file(&mut self, file: u32) -> Value {
        let i = file as usize;
        if let Some(Some(m)) = self.autoloads.file_modules.get(i) {
            return m.clone();
        }
        let m = Value::string(self.find_module_of_file(file));
        let cache = &mut self.autoloads.file_modules;
        if cache.len() <= i {
            cache.resize(i + 1, None);
        }
        cache[i] = Some(m.clone());
        m
    }

    fn find_module_of_file(&self, file: u32) -> String {
        let Some(path) = self.prog.files.get(file as usize) else { return String::new() };
        // Byte prefixes first: `Path::strip_prefix` compares component by
        // component, and this runs once per loaded file.
        for d in &self.opts.modulepath {
            let d = d.as_os_str().as_encoded_bytes();
            if let Some(rest) = path.as_bytes().strip_prefix(d).and_then(|r| r.strip_prefix(b"/"))
                && let Some(first) = rest.split(|&b| b == b'/').next().filter(|m| !m.is_empty() && *m != b".")
            {
                return String::from_utf8_lossy(first).into_owned();
            }
        }
        let path = std::path::Path::new(path);
        for d in &self.opts.modulepath {
            if let Ok(rest) = path.strip_prefix(d) {
                if let Some(first) = rest.components().next() {
                    return first.as_os_str().to_string_lossy().into_owned();
                }
            }
        }
        String::new()
    }

    /// Parameters a class or defined type got from their defaults are
    /// recorded in its resource after the given ones, as Puppet does.
    pub(super) fn record_bound_params(&mut self, i: usize, f: &Function, vals: &[Value]) {
        use indexmap::map::raw_entry_v1::{RawEntryApiV1, RawEntryMut};
        use std::hash::BuildHasher;
        // A name is copied only for a parameter the resource lacks; each
        // name is hashed once, and the map grows once (most parameters of
        // a big class come from defaults).
        let (prog, names) = (&self.prog, &mut self.param_names);
        let res = &mut self.catalog.resources[i];
        res.params.reserve(f.params.len().saturating_sub(res.params.len()));
        for (p, v) in f.params.iter().zip(vals) {
            let n = prog.name(p.name);
            let h = res.params.hasher().hash_one(n);
            match res.params.raw_entry_mut_v1().from_key_hashed_nocheck(h, n) {
                RawEntryMut::Occupied(mut e) => {
                    if matches!(e.get(), Value::Undef) {
                        *e.get_mut() = v.clone();
                    }
                }
                RawEntryMut::Vacant(e) => {
                    e.insert_hashed_nocheck(h, shared_param_name(prog, names, p.name), v.clone());
                }
            }
        }
    }

    /// Parameter `s`'s name, shared by every resource that has the
    /// parameter (see [`catalog::ParamName`]).
    pub(super) fn param_name(&mut self, s: Sym) -> catalog::ParamName {
        shared_param_name(&self.prog, &mut self.param_names, s)
    }

    /// Puppet's `add_edge_to_stage`: a class is contained in its run stage
    /// (its `stage` parameter, else its declaring class's, else main).
    fn add_edge_to_stage(&mut self, i: usize, declaring: usize, loc: Loc, context: &str) -> R<()> {
        let own = self.catalog.resources[i].params.get("stage").cloned();
        let inherited = self.catalog.resources[declaring].params.get("stage").cloned();
        let stage = own
            .clone()
            .or(inherited)
            .filter(|v| !matches!(v, Value::Undef))
            .map(|v| display::to_interpolated_string(&v))
            .unwrap_or_else(|| "main".to_string());
        let Some(s) = self.catalog.lookup("Stage", &stage) else {
            let msg = format!(
                "Error while evaluating a {context}, Could not find stage {stage} specified by {}",
                self.catalog.resources[i].reference()
            );
            return Err(error("UNKNOWN_STAGE", msg, loc));
        };
        if stage != "main" && own.is_none() {
            self.catalog.resources[i].params.insert("stage".into(), Value::string(stage.as_str()));
        }
        self.catalog.contain(s, i);
        Ok(())
    }

    // ---- resources

    /// Whether `type_name` (lower case) names a built-in or defined type,
    /// autoloading defined types.
    fn resource_type_exists(&mut self, type_name: &str, loc: Loc) -> R<bool> {
        Ok(self.resolve_resource_type(type_name, loc, "")?.is_some())
    }

    /// The kind of a resource type and, for a defined type, its body.
    fn resolve_resource_type(
        &mut self,
        type_name: &str,
        loc: Loc,
        _context: &str,
    ) -> R<Option<(&'static str, Option<FuncId>)>> {
        if self.ruby_type(type_name).is_some() {
            return Ok(Some(("compilable_type", None)));
        }
        if let Some(msg) = self.generated_type_errors.get(type_name) {
            return Err(error("GENERATED_TYPE_ERROR", format!("Error while evaluating a Resource Statement, {msg}"), loc));
        }
        if !self.prog.defines.contains_key(type_name) {
            self.autoload(LoadKind::Define, type_name, loc)?;
        }
        Ok(self.prog.defines.get(type_name).map(|&d| ("defined_type", Some(d))))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn declare_resources(
        &mut self,
        ty: &Value,
        bodies: Vec<(Value, Value)>,
        virtual_: bool,
        exported: bool,
        by_function: bool,
        scope: &Rc<Scope>,
        loc: Loc,
    ) -> R<Value> {
        let type_name = resource_type_key(ty);
        let rec = self.memo.define_rec.borrow_mut().take();
        if let Some(rec) = rec {
            return self.declare_recorded(rec, &type_name, ty, bodies, virtual_, exported, by_function, scope, loc);
        }
        // Each body's titles, flattened and checked (a `ResourceTitles`
        // instruction has done so already; this keeps hand-written IR safe).
        let mut checked = Vec::with_capacity(bodies.len());
        for (title, attrs) in bodies {
            // Titles from `create_resources` are its hash keys, whatever
            // they are (Puppet's evaluator checks only written titles).
            let titles = if by_function { Value::array(super::flatten_titles(&title)) } else { super::resource_titles(&title, &[], loc, loc)? };
            checked.push((titles.as_array().map(<[Value]>::to_vec).unwrap_or_default(), hash_attrs(&attrs)));
        }
        self.declare_bodies(&type_name, checked, virtual_, exported, by_function, scope, loc)
    }

    /// `declare_resources` once the type's name (lower case) is known and
    /// the bodies are their titles (checked) and attributes.
    #[allow(clippy::too_many_arguments)]
    fn declare_bodies(
        &mut self,
        type_name: &str,
        checked: Vec<(Vec<Value>, catalog::Params)>,
        virtual_: bool,
        exported: bool,
        by_function: bool,
        scope: &Rc<Scope>,
        loc: Loc,
    ) -> R<Value> {
        // The body with the `default` title gives the other bodies of the
        // expression their defaults (and creates its other titles).
        let local_defaults: catalog::Params = checked
            .iter()
            .filter(|(t, _)| t.contains(&Value::Default))
            .map(|(_, a)| a.clone())
            .next_back()
            .unwrap_or_default();
        let mut refs = vec![];
        for (titles, attrs) in checked {
            let mut given = if local_defaults.is_empty() {
                attrs
            } else {
                let mut given = local_defaults.clone();
                for (k, v) in attrs {
                    given.insert(k, v);
                }
                given
            };
            let titles: Vec<Value> = titles.into_iter().filter(|t| !matches!(t, Value::Default)).collect();
            let last = titles.len().saturating_sub(1);
            for (n, t) in titles.into_iter().enumerate() {
                // The last title takes the attributes; the others copies.
                let given = if n == last { std::mem::take(&mut given) } else { given.clone() };
                // `create_resources` passes any hash key on as it is.
                let non_string_title = by_function && !matches!(t, Value::String(_));
                let title = display::to_interpolated_string(&t);
                if type_name == "class" {
                    self.declare_class(&title, Some(given), scope, loc, "Resource Statement")?;
                    refs.push(Value::Type(Arc::new(Type::class(Some(&title)))));
                    continue;
                }
                let Some((kind, define)) = self.resolve_resource_type(type_name, loc, "Resource Statement")? else {
                    return Err(error(
                        "UNKNOWN_RESOURCE_TYPE",
                        format!("Error while evaluating a Resource Statement, Unknown resource type: '{type_name}'"),
                        loc,
                    ));
                };
                let flags = (by_function, non_string_title);
                let i = self.create_resource(type_name, &title, given, kind, define, virtual_, exported, flags, scope, loc)?;
                let r = &self.catalog.resources[i];
                // `Type::resource(Some(&r.type_name), Some(&r.title))`, its
                // type name shared.
                let type_name = Some(catalog::reference_type_name(&r.type_name));
                refs.push(Value::Type(Arc::new(Type::Resource { type_name, title: Some(Arc::from(r.title.as_str())) })));
            }
        }
        Ok(Value::Array(pjit_runtime::value::PArray(Arc::new(refs))))
    }

    #[allow(clippy::too_many_arguments)]
    fn create_resource(
        &mut self,
        type_name: &str,
        title: &str,
        given: catalog::Params,
        kind: &'static str,
        define: Option<FuncId>,
        virtual_: bool,
        exported: bool,
        (by_function, non_string_title): (bool, bool),
        scope: &Rc<Scope>,
        loc: Loc,
    ) -> R<usize> {
        let tname = catalog::capitalized(type_name);
        let tname = &*tname;
        let source = scope.cat.source.clone();
        let mut r = Resource::new(&tname, title, kind);
        // Tags: the `tag` attribute's first, then the type's and the
        // title's, then a default's.
        if let Some(t) = given.get("tag") {
            if let Err(bad) = r.tag(t) {
                return Err(at_line("INVALID_TAG", format!("Invalid tag '{bad}'"), loc));
            }
        }
        name_tags(type_name, &mut r.tags);
        if valid_tag(title) && !non_string_title {
            name_tags(title, &mut r.tags);
        }
        // The resource has no parameters yet: it takes the map, and one
        // record of where they came from.
        r.declared_meta = Some(ParamMeta { source: source.clone(), file: loc.file, line: loc.line, from_default: false });
        r.declared = given.len() as u32;
        r.params = given;
        for (k, d) in scope.cat.lookup_defaults(&tname) {
            if r.params.contains_key(k.as_str()) {
                continue;
            }
            if k == "tag" {
                let _ = r.tag(&d.value);
            }
            r.meta.insert(k.to_string(), ParamMeta { source: source.clone(), file: d.file, line: d.line, from_default: true });
            r.params.insert(k, d.value.clone());
        }
        if r.params.get("stage").is_some_and(|v| !matches!(v, Value::Undef)) && tname != "Stage" {
            let msg = format!(
                "Error while evaluating a Resource Statement, Only classes can set 'stage'; normal resources like {tname}[{title}] cannot change run stage"
            );
            return Err(error("STAGE_ON_RESOURCE", msg, loc));
        }
        r.file = self.file_name(loc.file);
        r.line = Some(loc.line);
        r.exported = exported;
        r.by_function = by_function;
        r.non_string_title = non_string_title;
        r.virtual_ = virtual_;
        r.scope = Some(scope.cat.clone());
        r.source = source;
        r.define = define;
        r.loc = loc;
        r.rtype = self.ruby_type(type_name);
        let Some(i) = self.catalog.add(r) else {
            let reference = format!("{tname}[{title}]");
            let old = self.catalog.find(&tname, title).expect("a duplicate exists");
            let at = match (&old.file, old.line) {
                (Some(f), Some(l)) => format!(" at (file: {f}, line: {l})"),
                _ => String::new(),
            };
            let here = self.location_suffix(Some(Loc { col: 0, ..loc }));
            let msg = format!(
                "Error while evaluating a Resource Statement, Duplicate declaration: {reference} is already declared{at}; cannot redeclare{here}"
            );
            return Err(error("DUPLICATE_RESOURCE", msg, loc));
        };
        self.create_aliases(i, loc)?;
        if tname != "Stage" {
            self.catalog.contain(scope.cat.resource, i);
        }
        Ok(i)
    }

    /// Puppet's `create_resource_aliases`: a resource of an isomorphic Ruby
    /// type is unique by its namevars' values (a namevar that differs from
    /// the title is another name of the resource), and each `alias` is
    /// another title.
    fn create_aliases(&mut self, i: usize, loc: Loc) -> R<()> {
        // The reference and names are built only for an error message.
        let r = &self.catalog.resources[i];
        if let Some(t) = r.rtype.clone().filter(|t| t.isomorphic) {
            let values = t.uniqueness_values(&r.title, &r.params);
            let key = resource_types::uniqueness_key(&values);
            let tname = r.type_name.clone();
            if let Err((j, key)) = self.catalog.uniqueness(tname, key, i) {
                let r = &self.catalog.resources[i];
                let (reference, tname) = (r.reference(), &r.type_name);
                let old = &self.catalog.resources[j];
                let at = format!(" at{}", self.location_suffix(Some(Loc { col: 0, ..loc })));
                let old_at = match (&old.file, old.line) {
                    (Some(f), Some(l)) => format!(" (file: {f}, line: {l})"),
                    _ => String::new(),
                };
                let msg = format!(
                    "Error while evaluating a Resource Statement, Cannot alias {reference} to [{key}]{at}; resource [\"{tname}\", {key}] already declared{old_at}"
                );
                return Err(error("DUPLICATE_ALIAS", msg, loc));
            }
            if let [Some(v)] = values.as_slice() {
                if *v != self.catalog.resources[i].title {
                    let _ = self.catalog.alias(i, v);
                }
            }
        }
        let aliases = match self.catalog.resources[i].params.get("alias") {
            Some(v) => {
                let mut flat = vec![];
                flatten_into(v, &mut flat);
                flat.iter().map(display::to_interpolated_string).collect::<Vec<_>>()
            }
            None => return Ok(()),
        };
        for a in aliases {
            if let Err(j) = self.catalog.alias(i, &a) {
                let r = &self.catalog.resources[i];
                let (reference, tname) = (r.reference(), &r.type_name);
                let old = &self.catalog.resources[j];
                let at = format!(" at{}", self.location_suffix(Some(Loc { col: 0, ..loc })));
                let msg = format!(
                    "Error while evaluating a Resource Statement, Cannot alias {reference} to [{a:?}]{at}; resource [\"{tname}\", {a:?}] already declared{}",
                    match (&old.file, old.line) {
                        (Some(f), Some(l)) => format!(" (file: {f}, line: {l})"),
                        _ => String::new(),
                    }
                );
                return Err(error("DUPLICATE_ALIAS", msg, loc));
            }
        }
        Ok(())
    }

    /// `create_resources(type, {title => params}, defaults)` (3.x API):
    /// declares the resources as a resource expression at the call would,
    /// `@type` and `@@type` for virtual and exported ones; undef values
    /// count as not given.
    pub(super) fn create_resources(&mut self, args: &[Value], scope: &Rc<Scope>, loc: Loc) -> R<Value> {
        self.define_taint("create_resources()");
        const RESOURCE_STATEMENT: &str = "Error while evaluating a Resource Statement, ";
        let fail = |msg: String| error("CREATE_RESOURCES", format!("Error while evaluating a Function Call, {msg}"), loc);
        if args.len() < 2 || args.len() > 3 {
            return Err(fail(format!(
                "create_resources(): wrong number of arguments ({}; must be 2 or 3)",
                args.len()
            )));
        }
        let Value::Hash(instances) = &args[1] else {
            return Err(fail("create_resources(): second argument must be a hash".into()));
        };
        let defaults = match args.get(2) {
            None => catalog::Params::default(),
            Some(Value::Hash(_)) => hash_attrs(&args[2]),
            Some(_) => return Err(fail("create_resources(): third argument, if provided, must be a hash".into())),
        };
        let type_arg = match &args[0] {
            Value::Type(t) => type_to_string(t),
            other => display::to_interpolated_string(other),
        };
        let (exported, virtual_) = if type_arg.starts_with("@@") {
            (true, true)
        } else if type_arg.starts_with('@') {
            (false, true)
        } else {
            (false, false)
        };
        let type_name = type_arg.trim_start_matches('@').to_lowercase();
        if type_name == "class" && virtual_ {
            return Err(fail("Classes are not virtualizable".into()));
        }
        // What `declare_resources` makes of the type as a String value.
        let type_key = resource_type_key(&Value::string(type_name.as_str()));
        let mut out = vec![];
        for (title, params) in instances.iter() {
            let mut attrs = defaults.clone();
            for (k, v) in hash_attrs(params) {
                attrs.insert(k, v);
            }
            attrs.retain(|_, v| !matches!(v, Value::Undef));
            // The attributes go to the declaration as they are (a Hash of
            // them would give back the same names and values).
            let body = vec![(super::flatten_titles(title), attrs)];
            // The declaration fails inside the function: Puppet reports
            // its errors as the function call's.
            let refs = self
                .declare_bodies(&type_key, body, virtual_, exported, true, scope, loc)
                .map_err(|f| match f {
                    Flow::Error(mut e) if e.message.starts_with(RESOURCE_STATEMENT) => {
                        e.message = format!("Error while evaluating a Function Call, {}", &e.message[RESOURCE_STATEMENT.len()..]);
                        Flow::Error(e)
                    }
                    other => other,
                })?;
            flatten_into(&refs, &mut out);
        }
        Ok(Value::Array(pjit_runtime::value::PArray(Arc::new(out))))
    }

    /// The Ruby type named `name` (lower case), found as Puppet's loaders
    /// find it: built into Puppet; else `<environment>/.resource_types/<name>.pp`
    /// when `puppet generate types` wrote it (a file Puppet would refuse
    /// makes the type unknown and is remembered in `generated_type_errors`);
    /// else `<module>/lib/puppet/type/<name>.rb` on the modulepath. Read once.
    pub(super) fn ruby_type(&mut self, name: &str) -> Option<Rc<resource_types::TypeInfo>> {
        if let Some(t) = self.ruby_types.get(name) {
            return t.clone();
        }
        let found = match resource_types::builtin(name) {
            Some(t) => Some(Rc::new(resource_types::TypeInfo {
                name: t.name.clone(),
                namevars: t.namevars.clone(),
                attributes: t.attributes.clone(),
                isomorphic: t.isomorphic,
                title_patterns: t.title_patterns.clone(),
                parsed_titles: Default::default(),
                attribute_index: Default::default(),
            })),
            None if catalog::is_qualified(name) || name.is_empty() => None,
            None if self.generated_type_file(name).is_some() => match self.generated_type(name) {
                Ok(t) => Some(Rc::new(t)),
                Err(msg) => {
                    self.generated_type_errors.insert(name.to_string(), msg);
                    None
                }
            },
            None => {
                let index = self.ruby_type_files();
                index.types.get(name).and_then(|path| {
                    let src = std::fs::read_to_string(path).ok()?;
                    // What the Ruby file does not show plainly (attributes
                    // or title patterns built by Ruby code), Ruby tells.
                    if !resource_types::scan_is_complete(&src)
                        && let Some(t) = self.foreign_resource_type(name)
                    {
                        return Some(Rc::new(t));
                    }
                    let has_provider = index.providers.contains(name);
                    Some(Rc::new(resource_types::scan_ruby_type(name, &src, has_provider)))
                })
            }
        };
        self.ruby_types.insert(name.to_string(), found.clone());
        found
    }

    /// `<environment>/.resource_types/<name>.pp`, if the environment has it.
    fn generated_type_file(&self, name: &str) -> Option<std::path::PathBuf> {
        let dir = self.opts.environment_dir.as_ref()?;
        Some(dir.join(".resource_types").join(format!("{name}.pp"))).filter(|p| p.is_file())
    }

    /// Reads a generated type (`Puppet::Resource::ResourceType3.new(...)`),
    /// parsing it with the frontend as Puppet's loader parses it; Err is
    /// Puppet's message for a file it would not load.
    fn generated_type(&mut self, name: &str) -> Result<resource_types::TypeInfo, String> {
        let path = self.generated_type_file(name).ok_or_else(|| format!("no generated type '{name}'"))?;
        let source_ref = path.display().to_string();
        let bytes = std::fs::read(&path).map_err(|e| format!("Could not read {source_ref}: {e}"))?;
        self.read_generated_type_text(&source_ref, &bytes, name)
    }

    /// Reads the text of a generated type (see `generated_type`).
    pub(super) fn read_generated_type_text(
        &self,
        source_ref: &str,
        bytes: &[u8],
        name: &str,
    ) -> Result<resource_types::TypeInfo, String> {
        let (_, ast) = parse_source(source_ref.to_string(), bytes, pjit_frontend::parser::SourceKind::Manifest)
            .map_err(|m| format!("Could not parse for environment {}: {m}", self.opts.environment))?;
        let t = crate::lower::read_generated_type(&ast, source_ref, name)?;
        Ok(resource_types::TypeInfo::from_generated(&t))
    }

    /// Every module directory on the modulepath, in modulepath order.
    /// The modules' Ruby resource types (`lib/puppet/type/<name>.rb`, the
    /// first module in modulepath order that has one) and the names with
    /// providers (`lib/puppet/provider/<name>/`), listed once.
    fn ruby_type_files(&mut self) -> Rc<super::RubyTypeFiles> {
        if let Some(t) = &self.autoloads.ruby_type_files {
            return t.clone();
        }
        let mut index = super::RubyTypeFiles::default();
        for m in self.modulepath_modules().iter() {
            if let Ok(entries) = std::fs::read_dir(m.join("lib/puppet/type")) {
                let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
                files.sort();
                for f in files {
                    if let Some(stem) = f.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_suffix(".rb")) {
                        index.types.entry(stem.to_string()).or_insert(f.clone());
                    }
                }
            }
            if let Ok(entries) = std::fs::read_dir(m.join("lib/puppet/provider")) {
                for e in entries.flatten() {
                    if e.path().is_dir() {
                        index.providers.insert(e.file_name().to_string_lossy().into_owned());
                    }
                }
            }
        }
        let index = Rc::new(index);
        self.autoloads.ruby_type_files = Some(index.clone());
        index
    }

    fn modulepath_modules(&mut self) -> Rc<[std::path::PathBuf]> {
        // Listed once: the modulepath is read per name otherwise (twice per
        // module type looked up).
        if let Some(m) = &self.autoloads.modules {
            return m.clone();
        }
        let mut out = vec![];
        for d in &self.opts.modulepath {
            if let Ok(entries) = std::fs::read_dir(d) {
                let mut mods: Vec<_> = entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect();
                mods.sort();
                out.extend(mods);
            }
        }
        let out: Rc<[std::path::PathBuf]> = out.into();
        self.autoloads.modules = Some(out.clone());
        out
    }

    // ---- tags

    /// `tag(...)`: tags the resource of the calling scope.
    pub(super) fn tag_scope(&mut self, args: &[Value], scope: &Rc<Scope>, loc: Loc) -> R<Value> {
        self.define_taint("tag()");
        let i = scope.cat.resource;
        for a in args {
            if let Err(bad) = self.catalog.resources[i].tag(a) {
                return Err(error("INVALID_TAG", format!("Error while evaluating a Function Call, Invalid tag '{bad}'"), loc));
            }
        }
        Ok(Value::Undef)
    }

    /// `tagged(...)`: whether the calling scope's resource (or one that
    /// declared it) has every given tag.
    pub(super) fn tagged(&mut self, args: &[Value], scope: &Rc<Scope>) -> R<Value> {
        self.define_taint("tagged()");
        let mut flat = vec![];
        for a in args {
            flatten_into(a, &mut flat);
        }
        let i = scope.cat.resource;
        let all = flat.iter().all(|t| {
            let t = display::to_interpolated_string(t).to_lowercase();
            self.raw_tagged(i, &t) || self.catalog.classes.contains(&t)
        });
        Ok(Value::Boolean(all))
    }
}

