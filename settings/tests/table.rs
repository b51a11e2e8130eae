//! The typed settings table against Puppet's own values: with Puppet's
//! defaults (the `value` column of `data/puppet-settings.json`) and with the
//! oracle's command-line settings (`tests/data/oracle-values.json`, written
//! by `dump-settings.rb --confdir /tmp/pjit-settings-oracle/conf ...`), pjit's
//! interpolation and munging give every setting Puppet's typed value.

use std::path::PathBuf;

use pjit_settings::table::{definitions, Context};
use pjit_settings::{RunMode, Settings};

const ORACLE_DIR: &str = "/tmp/pjit-settings-oracle";

/// Settings from an empty `puppet.conf` and `overrides`: Puppet's defaults
/// whatever this machine's `/etc/puppet/puppet.conf` says.
fn load(overrides: &[(&str, &str)]) -> Settings {
    let dir = std::env::temp_dir().join(format!("pjit-settings-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let conf: PathBuf = dir.join("puppet.conf");
    std::fs::write(&conf, "").unwrap();
    let overrides: Vec<(String, String)> = overrides.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Settings::load(Some(&conf), RunMode::User, &overrides).unwrap()
}

/// Compares pjit's typed values with Puppet's, naming every difference.
fn compare(settings: &Settings, puppet: &[(String, serde_json::Value)]) {
    let ours = settings.typed_values(Context { run_mode: "user", environment: "production" });
    let mut diffs = vec![];
    // `manifest` and `modulepath` are the environment's (the compile sets
    // them); `name` is not a setting a compile sees.
    for (name, want) in puppet.iter().filter(|(n, _)| !["name", "manifest", "modulepath"].contains(&n.as_str())) {
        match ours.iter().find(|(n, _)| n == name) {
            Some((_, Ok(got))) if got.to_json() == *want => {}
            Some((_, got)) => diffs.push(format!("{name}: Puppet {want}, pjit {got:?}")),
            None => diffs.push(format!("{name}: missing")),
        }
    }
    assert_eq!(ours.len(), puppet.len() - 1, "every setting but `name`");
    assert!(diffs.is_empty(), "{} settings differ:\n{}", diffs.len(), diffs.join("\n"));
}

#[test]
fn defaults_are_puppets() {
    // The table's values were written on a host whose certname is the one
    // recorded; the host's name is the only machine-dependent input.
    let certname = definitions().iter().find(|d| d.name == "certname").unwrap().puppet_value.as_str().unwrap().to_string();
    let settings = load(&[("certname", &certname)]);
    let puppet: Vec<(String, serde_json::Value)> =
        definitions().iter().map(|d| (d.name.clone(), d.puppet_value.clone())).collect();
    assert!(puppet.len() > 200);
    compare(&settings, &puppet);
}

#[test]
fn the_oracles_settings_are_puppets() {
    let dirs: Vec<(String, String)> =
        ["conf", "var", "code", "log", "run"].iter().map(|d| (format!("{d}dir"), format!("{ORACLE_DIR}/{d}"))).collect();
    let mut overrides: Vec<(&str, &str)> = dirs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    overrides.push(("certname", "testnode.example.com"));
    overrides.push(("environment", "production"));
    let settings = load(&overrides);
    let text = include_str!("data/oracle-values.json");
    let puppet: Vec<(String, serde_json::Value)> = text
        .lines()
        .map(|l| {
            let j: serde_json::Value = serde_json::from_str(l).unwrap();
            (j["name"].as_str().unwrap().to_string(), j["value"].clone())
        })
        .collect();
    compare(&settings, &puppet);
}

#[test]
fn values_from_a_file_are_munged_as_puppet_munges_them() {
    let settings = load(&[
        ("runinterval", "1h"),
        ("environment_timeout", "unlimited"),
        ("server_list", "a:8140, b"),
        ("noop", "TRUE"),
        ("priority", "low"),
        ("certificate_revocation", "true"),
        ("tags", "false"),
    ]);
    let ours = settings.typed_values(Context { run_mode: "user", environment: "production" });
    let get = |n: &str| ours.iter().find(|(k, _)| *k == n).unwrap().1.clone().unwrap().to_json();
    assert_eq!(get("runinterval"), serde_json::json!(3600));
    assert_eq!(get("environment_timeout"), serde_json::json!({ "float": "Infinity" }));
    assert_eq!(get("server_list"), serde_json::json!([["a", "8140"], ["b"]]));
    assert_eq!(get("noop"), serde_json::json!(true));
    assert_eq!(get("priority"), serde_json::json!(10));
    assert_eq!(get("certificate_revocation"), serde_json::json!("chain"));
    // Puppet's value translator makes `false` in puppet.conf a boolean,
    // whatever the setting's type.
    assert_eq!(get("tags"), serde_json::json!(false));
    let bad = load(&[("runinterval", "often")]);
    let ours = bad.typed_values(Context { run_mode: "user", environment: "production" });
    let err = ours.iter().find(|(k, _)| *k == "runinterval").unwrap().1.clone().unwrap_err();
    assert!(err.contains("Invalid duration format") && err.contains("runinterval"), "{err}");
}
