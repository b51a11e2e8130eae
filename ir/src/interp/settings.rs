//! `$settings::<name>`: every one of Puppet's settings as a compile sees
//! it (Puppet's `Scope#merge_settings`), built once from the settings the
//! driver read ([`SettingsTable::from_settings`]; Puppet's defaults when it
//! gave none) and shared by every compile, which only overrides what it
//! decides itself: the environment, `strict`, `strict_variables`,
//! `storeconfigs`, the environment's `manifest` and `modulepath` and, when
//! no certname was configured, the certname (the node's name, as the
//! oracle's `--certname NODE`) in every setting made from it (`certname`,
//! `node_name_value`, `hostcert`, `ca_name`, ...: the table holds those
//! with a placeholder for the name).
//! A compile looks values up by name; nothing is copied per compile, and
//! `$settings::all_local` is only built when a compile reads it.

use std::sync::{Arc, OnceLock};

/// Stands for the compiled node's name in the values made from `certname`
/// (no setting's value contains control characters otherwise).
const NODE: &str = "\u{1}certname\u{1}";

use indexmap::IndexMap;
use pjit_runtime::Value;
use pjit_settings::{Context, Origin, Settings, Typed};

/// The settings of the compiles of one configuration.
#[derive(Debug)]
pub struct SettingsTable {
    values: IndexMap<String, Value, foldhash::fast::FixedState>,
    /// `$settings::all_local` with the table's own values.
    all_local: Value,
    /// The values made from `certname` hold [`NODE`] for the compiled
    /// node's name.
    certname_is_node: bool,
}

impl SettingsTable {
    /// The table of `settings` for compiles in `run_mode` (`user`,
    /// `server`), with the problems of values Puppet would refuse (those
    /// settings are undef).
    pub fn from_settings(settings: &Settings, run_mode: &str) -> (SettingsTable, Vec<String>) {
        let environment = settings.get("environment").unwrap_or_else(|| "production".into());
        let cx = Context { run_mode, environment: &environment };
        // A server's `$settings::certname` is its own (Puppet Server's);
        // `pjit compile` without a configured certname names the node, as
        // `puppet catalog compile --certname NODE` (the oracle) does.
        let certname_is_node = run_mode == "user" && matches!(settings.origin("certname"), Some(Origin::Default) | None);
        let placeholder;
        let settings = if certname_is_node {
            placeholder = settings.with("certname", NODE);
            &placeholder
        } else {
            settings
        };
        let mut problems = vec![];
        let values = settings
            .typed_values(cx)
            .into_iter()
            .map(|(name, v)| {
                let v = v.unwrap_or_else(|e| {
                    problems.push(e);
                    Typed::Undef
                });
                (name.to_string(), to_value(&v))
            })
            .collect();
        (SettingsTable::new(values, certname_is_node), problems)
    }

    fn new(values: IndexMap<String, Value, foldhash::fast::FixedState>, certname_is_node: bool) -> SettingsTable {
        let all_local = Value::hash(values.iter().map(|(k, v)| (Value::string(k.as_str()), v.clone())));
        SettingsTable { values, all_local, certname_is_node }
    }

    /// Puppet's defaults (for compiles whose driver read no settings).
    pub fn defaults() -> Arc<SettingsTable> {
        static DEFAULTS: OnceLock<Arc<SettingsTable>> = OnceLock::new();
        DEFAULTS.get_or_init(|| Arc::new(SettingsTable::from_settings(&Settings::defaults(), "user").0)).clone()
    }

    /// The value of setting `name` (None: not one of Puppet's settings).
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values.get(name)
    }
}

/// What a compile decides of its settings.
pub(crate) struct CompileSettings<'a> {
    pub environment: &'a str,
    pub node: &'a str,
    pub strict: &'static str,
    pub strict_variables: bool,
    pub storeconfigs: bool,
    /// The environment's modulepath and main manifest (Puppet's
    /// environment-specific settings).
    pub modulepath: &'a [std::path::PathBuf],
    pub manifest: Option<&'a std::path::Path>,
}

/// The settings a compile decides, in the order [`CompileSettings::own`]
/// checks them.
const OWN: [&str; 7] = ["environment", "strict", "strict_variables", "storeconfigs", "modulepath", "manifest", "certname"];

impl CompileSettings<'_> {
    /// The compile's own value of `name`, when it decides it.
    fn own(&self, name: &str) -> Option<Value> {
        Some(match name {
            "environment" => Value::string(self.environment),
            "strict" => Value::string(self.strict),
            "strict_variables" => Value::Boolean(self.strict_variables),
            "storeconfigs" => Value::Boolean(self.storeconfigs),
            "modulepath" => {
                let dirs: Vec<String> = self.modulepath.iter().map(|p| p.display().to_string()).collect();
                Value::string(dirs.join(":"))
            }
            "manifest" => match self.manifest {
                Some(m) => Value::string(m.display().to_string()),
                None => return None,
            },
            _ => return None,
        })
    }

    /// A value of the table with the node's name for [`NODE`].
    fn with_node(&self, table: &SettingsTable, v: &Value) -> Value {
        match v {
            Value::String(s) if table.certname_is_node && s.contains(NODE) => Value::string(s.replace(NODE, self.node)),
            other => other.clone(),
        }
    }

    /// `$settings::<name>` in this compile.
    pub fn get(&self, table: &SettingsTable, name: &str) -> Option<Value> {
        match name {
            "all_local" => return Some(self.all_local(table)),
            // The class's own `$title` and `$name` (the setting `name` is
            // not among the variables).
            "title" | "name" => return Some(Value::string("settings")),
            _ => {}
        }
        self.own(name).or_else(|| table.get(name).map(|v| self.with_node(table, v)))
    }

    /// `$settings::all_local`: the table's hash, with the compile's own
    /// values where they differ.
    fn all_local(&self, table: &SettingsTable) -> Value {
        let changed = OWN.iter().any(|n| self.own(n).is_some_and(|v| Some(&v) != table.get(n)));
        if !changed && !table.certname_is_node {
            return table.all_local.clone();
        }
        Value::hash(table.values.iter().map(|(k, v)| {
            let v = self.own(k).unwrap_or_else(|| self.with_node(table, v));
            (Value::string(k.as_str()), v)
        }))
    }
}

/// A setting's typed value as a Puppet value.
fn to_value(t: &Typed) -> Value {
    match t {
        Typed::Undef => Value::Undef,
        Typed::Bool(b) => Value::Boolean(*b),
        Typed::Int(i) => Value::Integer(*i),
        Typed::Float(f) => Value::Float(*f),
        Typed::Str(s) => Value::string(s.as_str()),
        Typed::Array(a) => Value::array(a.iter().map(to_value).collect()),
    }
}
