//! Puppet's settings as pjit reads them: `puppet.conf` (the sections a
//! run mode looks in, then `[main]`, then Puppet's defaults), command-line
//! overrides (`--name value`), `$name` interpolation, and the typed
//! readings the compile server, the compiler and the PuppetDB terminus
//! need (paths, path lists, booleans, `environment_timeout`'s time to
//! live). Also the INI reader Puppet uses for its other files
//! (`puppetdb.conf`, ...).
//!
//! Puppet's defaults here are those of Debian's `puppet` package (7.23)
//! running as root (`puppet config print --section server`): confdir
//! `/etc/puppet`, ssldir `/var/lib/puppet/ssl`, vardir `/var/cache/puppet`.
//! Every setting a file sets is checked against the names of Puppet's own
//! settings (the table of [`table`], `data/puppet-settings.json`): a name
//! Puppet does not know is *unknown*, a Puppet setting pjit does not act
//! on is *unsupported*; the caller reports both at start
//! ([`Settings::problems`]). [`Settings::typed_values`] gives every
//! setting as a compile sees it (`$settings::<name>`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use indexmap::IndexMap;

pub mod table;
pub use table::{Context, Typed};

/// Which program reads the settings: it decides which `puppet.conf`
/// section comes before `[main]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RunMode {
    /// `pjit server` (Puppet Server's `[server]`, formerly `[master]`).
    Server,
    /// `pjit compile` (Puppet's `puppet catalog compile` reads `[user]`).
    User,
}

impl RunMode {
    fn sections(self) -> &'static [&'static str] {
        match self {
            RunMode::Server => &["server", "master"],
            RunMode::User => &["user"],
        }
    }
}

/// Where a setting's value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Default,
    /// `file:line`, with the section it was read from.
    File { path: PathBuf, line: usize, section: String },
    CommandLine,
}

/// The settings pjit acts on, with Puppet's defaults (Debian's paths).
/// `$name` refers to another setting. A setting listed here is "used"; the
/// others of Puppet's settings are reported as unsupported when set.
const DEFAULTS: &[(&str, &str)] = &[
    ("confdir", "/etc/puppet"),
    ("codedir", "/etc/puppet/code"),
    ("vardir", "/var/cache/puppet"),
    ("rundir", "/run/puppet"),
    ("logdir", "/var/log/puppet"),
    ("ssldir", "/var/lib/puppet/ssl"),
    ("certdir", "$ssldir/certs"),
    ("privatekeydir", "$ssldir/private_keys"),
    ("hostcert", "$certdir/$certname.pem"),
    ("hostprivkey", "$privatekeydir/$certname.pem"),
    ("localcacert", "$certdir/ca.pem"),
    ("hostcrl", "$ssldir/crl.pem"),
    ("certificate_revocation", "chain"),
    ("certname", ""),
    ("server", "puppet"),
    ("serverport", "8140"),
    ("masterport", "8140"),
    ("environment", "production"),
    ("environmentpath", "$codedir/environments"),
    ("basemodulepath", "$codedir/modules:/usr/share/puppet/modules"),
    ("default_manifest", "./manifests"),
    ("hiera_config", "$confdir/hiera.yaml"),
    ("environment_timeout", "0"),
    ("node_terminus", "plain"),
    ("external_nodes", "none"),
    ("reportdir", "$vardir/reports"),
    ("reports", "store"),
    ("storeconfigs", "false"),
    ("storeconfigs_backend", "puppetdb"),
    ("strict", "warning"),
    ("strict_variables", "false"),
    ("trusted_oid_mapping_file", "$confdir/custom_trusted_oid_mapping.yaml"),
    ("config", "$confdir/puppet.conf"),
];

/// What is wrong with a setting a file or the command line gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not one of Puppet's settings.
    Unknown { name: String, origin: Origin },
    /// One of Puppet's settings that pjit does not act on.
    Unsupported { name: String, origin: Origin },
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (what, name, origin) = match self {
            Problem::Unknown { name, origin } => ("unknown setting", name, origin),
            Problem::Unsupported { name, origin } => ("setting not supported by pjit (no effect)", name, origin),
        };
        match origin {
            Origin::File { path, line, section } => write!(f, "{what} '{name}' in [{section}] of {}:{line}", path.display()),
            Origin::CommandLine => write!(f, "{what} '--{name}' on the command line"),
            Origin::Default => write!(f, "{what} '{name}'"),
        }
    }
}

/// Resolved settings: every value as given (uninterpolated), where it came
/// from, and the problems found while reading them.
#[derive(Clone, Debug)]
pub struct Settings {
    values: IndexMap<String, (String, Origin)>,
    problems: Vec<Problem>,
    /// The config file that was read (None: there was none).
    pub config_file: Option<PathBuf>,
}

impl Settings {
    /// Puppet's defaults, then `config` (None: `$confdir/puppet.conf` when
    /// it exists) in `mode`'s sections then `[main]`, then `overrides`
    /// (`(name, value)` from the command line, which also win over the
    /// file for `confdir`).
    pub fn load(config: Option<&Path>, mode: RunMode, overrides: &[(String, String)]) -> Result<Settings, String> {
        let mut s = Settings::defaults();
        for (k, _) in overrides {
            s.check_name(k, &Origin::CommandLine);
        }
        let from_cli = |s: &mut Settings| {
            for (k, v) in overrides {
                s.values.insert(k.clone(), (v.clone(), Origin::CommandLine));
            }
        };
        // `confdir` (and an explicit `config`) decide which file is read.
        from_cli(&mut s);
        let path = match config {
            Some(p) => Some(p.to_path_buf()),
            None => {
                let p = PathBuf::from(s.get("config").unwrap_or_default());
                p.is_file().then_some(p)
            }
        };
        if let Some(path) = &path {
            let text = std::fs::read_to_string(path).map_err(|e| format!("Could not read {}: {e}", path.display()))?;
            let ini = Ini::parse(&text).map_err(|(line, msg)| format!("{msg} at {}:{line}", path.display()))?;
            // `[main]` first so that the run mode's section wins.
            let mut order: Vec<&str> = vec!["main"];
            order.extend(mode.sections().iter().rev());
            for section in order {
                for (k, v, line) in ini.lines_in(section) {
                    let origin = Origin::File { path: path.clone(), line, section: section.to_string() };
                    s.check_name(k, &origin);
                    s.values.insert(k.to_string(), (munge(v), origin));
                }
            }
            from_cli(&mut s);
        }
        s.config_file = path;
        Ok(s)
    }

    /// These settings with `name` set to `value` (as on the command line).
    pub fn with(&self, name: &str, value: &str) -> Settings {
        let mut s = self.clone();
        s.values.insert(name.to_string(), (value.to_string(), Origin::CommandLine));
        s
    }

    /// Only Puppet's defaults.
    pub fn defaults() -> Settings {
        let mut values: IndexMap<String, (String, Origin)> =
            DEFAULTS.iter().map(|(k, v)| (k.to_string(), (v.to_string(), Origin::Default))).collect();
        // Puppet's default certname is the host's fully qualified name,
        // lower-cased.
        values.insert("certname".into(), (fqdn(), Origin::Default));
        Settings { values, problems: vec![], config_file: None }
    }

    fn check_name(&mut self, name: &str, origin: &Origin) {
        if DEFAULTS.iter().any(|(k, _)| *k == name) {
            return;
        }
        let known = table::definition(name).is_some();
        let name = name.to_string();
        let origin = origin.clone();
        self.problems.push(if known { Problem::Unsupported { name, origin } } else { Problem::Unknown { name, origin } });
    }

    /// Unknown and unsupported settings the file and the command line set,
    /// in the order they were read.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The value of `name` with `$other` and `${other}` interpolated (None:
    /// not a setting pjit knows and not set).
    pub fn get(&self, name: &str) -> Option<String> {
        self.interpolate(name, 0)
    }

    fn interpolate(&self, name: &str, depth: usize) -> Option<String> {
        let (raw, _) = self.values.get(name)?;
        if depth > 16 || !raw.contains('$') {
            return Some(raw.clone());
        }
        let mut out = String::new();
        let mut rest = raw.as_str();
        while let Some(i) = rest.find('$') {
            out.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let (var, len) = if let Some(inner) = after.strip_prefix('{') {
                match inner.find('}') {
                    Some(j) => (&inner[..j], j + 2),
                    None => ("", 0),
                }
            } else {
                let n = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
                (&after[..n], n)
            };
            match (var.is_empty(), self.interpolate(var, depth + 1)) {
                (false, Some(v)) => out.push_str(&v),
                // Puppet leaves a reference to no setting as it is (and
                // `$basemodulepath`-style references in other files are
                // expanded by their own readers).
                _ => out.push_str(&rest[i..i + 1 + len]),
            }
            rest = &after[len..];
        }
        out.push_str(rest);
        Some(out)
    }

    /// Where `name`'s value came from.
    pub fn origin(&self, name: &str) -> Option<&Origin> {
        self.values.get(name).map(|(_, o)| o)
    }

    /// A path setting (None when unset or empty).
    pub fn path(&self, name: &str) -> Option<PathBuf> {
        self.get(name).filter(|v| !v.is_empty()).map(PathBuf::from)
    }

    /// A `:`-separated path list (`environmentpath`, `basemodulepath`).
    pub fn paths(&self, name: &str) -> Vec<PathBuf> {
        self.get(name).unwrap_or_default().split(':').filter(|p| !p.is_empty()).map(PathBuf::from).collect()
    }

    /// A boolean setting (`true`/`false`, any case, as Puppet munges them).
    pub fn bool(&self, name: &str) -> Result<bool, String> {
        let v = self.get(name).unwrap_or_default();
        match v.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" | "" => Ok(false),
            _ => Err(format!("Invalid value '{v}' for boolean setting {name}")),
        }
    }

    /// A time-to-live setting (`environment_timeout`): seconds with an
    /// optional unit (`y d h m s`), or `unlimited` (None).
    pub fn ttl(&self, name: &str) -> Result<Option<Duration>, String> {
        let v = self.get(name).unwrap_or_default();
        parse_ttl(&v).map_err(|()| format!("Invalid 'time to live' format '{v}' for parameter: {name}"))
    }

    /// The `puppetdb.conf` (and similar files) beside `puppet.conf`.
    pub fn conf_file(&self, file_name: &str) -> PathBuf {
        self.path("confdir").unwrap_or_default().join(file_name)
    }
}

/// Puppet's time to live: `unlimited` is None.
pub fn parse_ttl(v: &str) -> Result<Option<Duration>, ()> {
    if v == "unlimited" {
        return Ok(None);
    }
    let digits = v.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let unit = &v[digits.len()..];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    let n: u64 = digits.parse().map_err(|_| ())?;
    let mult = match unit {
        "" | "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86400,
        "y" => 365 * 86400,
        _ => return Err(()),
    };
    Ok(Some(Duration::from_secs(n.saturating_mul(mult))))
}

/// Puppet's value munging for `puppet.conf`: surrounding quotes dropped,
/// trailing spaces and `{owner = ..., mode = ...}` file metadata ignored.
fn munge(v: &str) -> String {
    let v = v.trim();
    let v = match (v.rfind('{'), v.ends_with('}')) {
        (Some(i), true) if v[i..].contains('=') => v[..i].trim_end(),
        _ => v,
    };
    let v = v.strip_prefix(['"', '\'']).unwrap_or(v);
    let v = v.strip_suffix(['"', '\'']).unwrap_or(v);
    v.trim_end().to_string()
}

/// This host's fully qualified name, lower-cased: `/etc/hostname`, with
/// the `domain` (or first `search`) of `/etc/resolv.conf` when the name
/// has no dot, as Facter's `fqdn` is formed.
pub fn fqdn() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|s| s.trim().to_ascii_lowercase())
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "localhost".into());
    if host.contains('.') {
        return host;
    }
    let resolv = std::fs::read_to_string("/etc/resolv.conf").unwrap_or_default();
    let domain = resolv.lines().find_map(|l| {
        let mut w = l.split_whitespace();
        match w.next() {
            Some("domain" | "search") => w.next().map(str::to_ascii_lowercase),
            _ => None,
        }
    });
    match domain {
        Some(d) if !d.is_empty() && d != "." => format!("{host}.{d}"),
        _ => host,
    }
}

/// An INI file as Puppet's `Puppet::Settings::IniFile` reads it:
/// `[section]` lines, `name = value` lines, `#` comments; lines before the
/// first section belong to `main`.
#[derive(Clone, Debug, Default)]
pub struct Ini {
    /// Per section, `(name, raw value, line number)` in file order.
    sections: IndexMap<String, Vec<(String, String, usize)>>,
}

impl Ini {
    /// Parses `text`; an unparsable line is `Err((line, message))`.
    pub fn parse(text: &str) -> Result<Ini, (usize, String)> {
        let mut ini = Ini::default();
        let mut section = "main".to_string();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
                continue;
            }
            if let Some(name) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
                section = name.trim().to_string();
                ini.sections.entry(section.clone()).or_default();
                continue;
            }
            match t.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() && k.trim().chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-') => {
                    ini.sections.entry(section.clone()).or_default().push((k.trim().to_string(), v.trim().to_string(), i + 1));
                }
                _ => return Err((i + 1, format!("Could not match line {line}"))),
            }
        }
        Ok(ini)
    }

    /// Reads and parses a file.
    pub fn read(path: &Path) -> Result<Ini, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("Could not read {}: {e}", path.display()))?;
        Ini::parse(&text).map_err(|(line, msg)| format!("{msg} at {}:{line}", path.display()))
    }

    /// `(name, raw value, line)` of a section, in file order.
    pub fn lines_in<'a>(&'a self, section: &str) -> impl Iterator<Item = (&'a str, &'a str, usize)> + 'a {
        self.sections.get(section).into_iter().flatten().map(|(k, v, l)| (k.as_str(), v.as_str(), *l))
    }

    /// The last value of `name` in `section`, munged as Puppet munges it.
    pub fn get(&self, section: &str, name: &str) -> Option<String> {
        self.lines_in(section).filter(|(k, _, _)| *k == name).last().map(|(_, v, _)| munge(v))
    }

    /// The section names, in file order.
    pub fn sections(&self) -> impl Iterator<Item = &str> {
        self.sections.keys().map(String::as_str)
    }
}

/// Splits `--name value`, `--name=value`, `--name` (true) and `--no-name`
/// (false) command-line settings. Returns the settings and the arguments
/// that are not settings (in order); a name that is not one of Puppet's
/// settings is returned with the rest, for the caller to reject.
pub fn split_flags(args: &[String]) -> (Vec<(String, String)>, Vec<String>) {
    let mut settings = vec![];
    let mut rest = vec![];
    let mut i = 0;
    let is_setting = |n: &str| {
        DEFAULTS.iter().any(|(k, _)| *k == n) || table::definition(n).is_some()
    };
    while i < args.len() {
        let a = &args[i];
        let Some(flag) = a.strip_prefix("--") else {
            rest.push(a.clone());
            i += 1;
            continue;
        };
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) => (n.replace('-', "_"), Some(v.to_string())),
            None => (flag.replace('-', "_"), None),
        };
        if let Some(neg) = name.strip_prefix("no_").filter(|n| inline.is_none() && is_setting(n)) {
            settings.push((neg.to_string(), "false".to_string()));
        } else if is_setting(&name) {
            let value = match inline {
                Some(v) => v,
                None if args.get(i + 1).is_some_and(|n| !n.starts_with("--")) => {
                    i += 1;
                    args[i].clone()
                }
                None => "true".to_string(),
            };
            settings.push((name, value));
        } else {
            rest.push(a.clone());
        }
        i += 1;
    }
    (settings, rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        std::fs::create_dir_all(dir).unwrap();
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn sections_defaults_interpolation_and_problems() {
        let dir = std::env::temp_dir().join(format!("pjit-settings-{}", std::process::id()));
        let conf = write(
            &dir,
            "puppet.conf",
            "# site\n[main]\nssldir = /srv/ssl\ncertname = Main.example\nruninterval = 30m\n\
             [server]\ncertname = \"server.example\"\nvardir = /srv/var {owner = service}\nbogus_thing = 1\n\
             [agent]\nenvironment = testing\n",
        );
        let s = Settings::load(Some(&conf), RunMode::Server, &[("environment_timeout".into(), "5m".into())]).unwrap();
        assert_eq!(s.get("certname").unwrap(), "server.example");
        assert_eq!(s.get("hostcert").unwrap(), "/srv/ssl/certs/server.example.pem");
        assert_eq!(s.get("reportdir").unwrap(), "/srv/var/reports");
        // `[agent]` is not read by a server.
        assert_eq!(s.get("environment").unwrap(), "production");
        assert_eq!(s.ttl("environment_timeout").unwrap(), Some(Duration::from_secs(300)));
        assert_eq!(
            s.paths("basemodulepath"),
            vec![PathBuf::from("/etc/puppet/code/modules"), PathBuf::from("/usr/share/puppet/modules")]
        );
        let problems: Vec<String> = s.problems().iter().map(|p| p.to_string()).collect();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].starts_with("setting not supported by pjit (no effect) 'runinterval' in [main]"));
        assert!(problems[1].starts_with("unknown setting 'bogus_thing' in [server]"));
        assert!(problems[1].ends_with("puppet.conf:9"), "{}", problems[1]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn flags_and_ttls() {
        let args: Vec<String> =
            ["--ssldir", "/x", "--bind", "1:2", "--no-strict_variables", "--environment_timeout=unlimited", "--workers", "3"]
                .iter()
                .map(|s| s.to_string())
                .collect();
        let (settings, rest) = split_flags(&args);
        assert_eq!(
            settings,
            vec![
                ("ssldir".into(), "/x".into()),
                ("strict_variables".into(), "false".into()),
                ("environment_timeout".into(), "unlimited".into())
            ]
        );
        assert_eq!(rest, vec!["--bind", "1:2", "--workers", "3"]);
        assert_eq!(parse_ttl("unlimited"), Ok(None));
        assert_eq!(parse_ttl("0"), Ok(Some(Duration::ZERO)));
        assert_eq!(parse_ttl("3h"), Ok(Some(Duration::from_secs(10800))));
        assert!(parse_ttl("3w").is_err() && parse_ttl("").is_err() && parse_ttl("-1").is_err());
    }

    #[test]
    fn ini_errors_name_the_line() {
        assert_eq!(Ini::parse("[main]\nthis is not a setting\n").unwrap_err().0, 2);
        let ini = Ini::parse("[main]\nserver_urls = https://db:8081\n").unwrap();
        assert_eq!(ini.get("main", "server_urls").unwrap(), "https://db:8081");
    }
}
