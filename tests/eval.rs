//! Evaluation conformance: every `.pp` program under `tests/eval/` is
//! compiled by `pjit compile` and its observable behaviour is compared with
//! what Puppet 7.23 did with the same program.
//!
//! # Layout
//!
//! * `tests/eval/<section>/<name>.pp` — one small program per concern,
//!   grouped by the specification's sections (`arithmetic`, `case`,
//!   `type_aliases`, `core_functions`, `errors`, ...). Programs report through
//!   `notice()`/`warning()`/..., fail, and/or declare resources.
//! * `tests/eval/<section>/<name>.json` — Puppet's golden result, written by
//!   the oracle (`../shared/oracle/oracle.rb`, compile mode): `ok`, the
//!   Scope log lines (`"notice: 3"`), the error text and its line/column,
//!   and the catalog. Never hand-edited.
//! * `tests/eval/facts.json` — the node's facts (a copy of the oracle's
//!   `facts/testnode.json`), for node `testnode.example.com`.
//! * `tests/eval/expected_failures.txt` — cases pjit does not pass yet, one
//!   case path (`section/name.pp`) per line; `#` starts a comment.
//!
//! A leading `# @setting strict_variables = true` or `# @setting strict =
//! error` comment line changes that Puppet setting for that case, for the
//! oracle and for pjit (`--strict_variables`, `--strict=error`). A `#
//! @pjit-flag --allow-generate` line gives pjit that flag (Puppet always
//! runs `generate()`; pjit only when allowed).
//!
//! # What is compared
//!
//! Each case runs as `pjit compile testnode.example.com --facts
//! ../facts.json <name>.pp` from the case's section directory, so paths
//! read `name.pp` on both sides. pjit's contract: exit 0 with the catalog
//! JSON on stdout, or exit 1 on an error; log lines on stderr in Puppet's
//! form `Notice: Scope(Class[main]): 3` (compared as `notice: 3`; stderr
//! lines that are not Scope logs, such as pjit's own warnings and caret
//! snippets, are ignored) and the error as `Error: <message> (file: F,
//! line: L, column: C) on node N`. A case passes when the exit status, the
//! logs, the error message (without the trailing location and ` on node
//! ...`, otherwise the full text, e.g. `Evaluation Error: Error while
//! evaluating a Function Call, ...`), the error's line and column, and the
//! catalog (ignoring `version`, `code_id`, `catalog_uuid` and the key order
//! of objects; array order matters) all match. Where Puppet's own code
//! crashes on a nil (``undefined method `x' for nil:NilClass``), pjit's
//! message is its own and only the rest is compared. An error without a position
//! takes the position of the first error logged before it, as the oracle's
//! goldens do. Puppet's own messages (the
//! golden's `puppet_logs`: unknown-variable warnings, deprecations, ...)
//! are not compared.
//!
//! When the binary accepts `--jit`, every case runs with `--jit=off` (the
//! interpreter) and `--jit=always`; both must match Puppet, and the two
//! runs must show the same outcome (for expected failures too: the test
//! fails on any case where the backends disagree). Without the flag the default backend runs once and the summary
//! says so. Cases run on 2 threads with a 10 second limit each (a timeout
//! is a failure).
//!
//! # Usage
//!
//! ```text
//! cargo test --test eval                          # the whole suite
//! PJIT_EVAL_FILTER=arithmetic/ cargo test --test eval -- --nocapture
//!                                                 # a subset, full diffs of every failure
//! PJIT_UPDATE_XFAIL=1 cargo test --test eval      # rewrite expected_failures.txt
//! PJIT_BIN=/path/to/pjit cargo test --test eval   # test another build of pjit
//! ```
//!
//! The summary (`eval conformance: N cases, P pass, F fail`) goes to
//! stderr; add `-- --nocapture` to see it when the test passes.
//!
//! The test fails when a case that is not listed in `expected_failures.txt`
//! fails (a regression: the first 30 diffs are printed) or when a listed
//! case passes (a stale list: remove it, or rewrite the list with
//! `PJIT_UPDATE_XFAIL=1`), and when the list names a case that does not
//! exist. With `PJIT_EVAL_FILTER` only the matching cases
//! run and only their entries of the list are checked or rewritten.
//!
//! # The stdlib suite
//!
//! `stdlib_conformance` runs the same way over `tests/stdlib/<section>/`,
//! each section against its modulepath (`trixie/`: Debian 13's module
//! releases in `target/trixie-modules`, with puppetlabs-stdlib 9.4.1;
//! `bookworm/`: Debian 12's in `/usr/share/puppet/modules`, stdlib 8.5),
//! with the facts of `tests/stdlib/facts.json`, and also compares Puppet's
//! own log lines (the golden's `puppet_logs`: stdlib's deprecation
//! warnings and their `(location: ...)`), paths below the modulepath
//! written relative to it as the oracle writes them. Its list is
//! `tests/stdlib/expected_failures.txt`; `PJIT_EVAL_FILTER` selects its
//! cases too. Goldens: `tests/tools/bless-stdlib.sh`.
//!
//! # Adding cases and blessing
//!
//! Add `tests/eval/<section>/<name>.pp` (small, one concern), then run
//! `tests/tools/bless-eval.sh [SECTION...]` (needs Puppet 7.23 and the
//! oracle; each section directory is its own root) to write the `.json`
//! goldens, check that none is an `oracle_failure`, and commit both. Where
//! the specification and Puppet disagree, Puppet's result is the golden.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

const NODE: &str = "testnode.example.com";
const TIMEOUT: Duration = Duration::from_secs(10);
const THREADS: usize = 2;
const SHOWN_FAILURES: usize = 30;
/// How many case names the failure message lists.
const LISTED_NAMES: usize = 100;
const XFAIL_FILE: &str = "expected_failures.txt";

/// A tree of cases with its goldens: `tests/eval/` (no modules) or
/// `tests/stdlib/` (stdlib's functions, against a modulepath per section).
struct Suite {
    /// `tests/<dir>`, relative to the repository.
    dir: &'static str,
    /// The facts file, relative to a section directory.
    facts: &'static str,
    /// The modulepath of a section's cases (absolute), if any.
    modulepath: fn(&str) -> Option<PathBuf>,
    /// Compare Puppet's own log lines (deprecations, `Puppet.warning`:
    /// the golden's `puppet_logs`) too.
    puppet_logs: bool,
}

const EVAL: Suite = Suite { dir: "eval", facts: "../facts.json", modulepath: |_| None, puppet_logs: false };

fn pjit_bin() -> PathBuf {
    match std::env::var_os("PJIT_BIN") {
        Some(p) if !p.is_empty() => PathBuf::from(p),
        _ => PathBuf::from(env!("CARGO_BIN_EXE_pjit")),
    }
}

/// What one run of a program shows; Puppet's golden and pjit's run are both
/// reduced to this form and compared whole.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Outcome {
    /// The exit status (`None`: killed by a signal or the time limit).
    status: Option<i32>,
    /// Scope log lines, `level: message`.
    logs: Vec<String>,
    /// The error message without its trailing location and ` on node N`.
    error: Option<String>,
    line: Option<u64>,
    column: Option<u64>,
    /// The normalized catalog (canonical pretty JSON), when the run succeeded.
    catalog: Option<String>,
    /// Puppet's own log lines (`warning: ...`), when the suite compares them.
    puppet_logs: Option<Vec<String>>,
}

struct Case {
    /// `section/name.pp`, relative to tests/eval.
    path: String,
    dir: PathBuf,
    file: String,
    strict_variables: bool,
    strict: Option<String>,
    /// pjit flags from `# @pjit-flag` lines.
    flags: Vec<String>,
    /// `--facts`, relative to `dir`.
    facts: &'static str,
    modulepath: Option<PathBuf>,
    expected: Outcome,
}

/// One run of pjit: its outcome and, for diagnosis, the raw stderr.
struct Run {
    outcome: Outcome,
    stderr: String,
    note: Option<String>,
}

struct Verdict {
    pass: bool,
    /// (backend label, run) per backend that ran.
    runs: Vec<(String, Run)>,
}

// ---------------------------------------------------------------------------
// Cases and goldens

fn collect_cases(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut sections: Vec<PathBuf> = std::fs::read_dir(root)
        .expect("tests/eval exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    sections.sort();
    for dir in sections {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("readable section")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "pp"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

/// The `# @setting` comment lines of a case: (strict_variables, strict).
fn settings(text: &str) -> (bool, Option<String>) {
    let mut strict_variables = false;
    let mut strict = None;
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix('#') else { continue };
        let Some(rest) = rest.trim_start().strip_prefix("@setting") else { continue };
        let Some((key, value)) = rest.split_once('=') else { continue };
        match (key.trim(), value.trim()) {
            ("strict_variables", v) => strict_variables = v == "true",
            ("strict", v) => strict = Some(v.to_string()),
            _ => {}
        }
    }
    (strict_variables, strict)
}

fn load_case(suite: &Suite, root: &Path, pp: &Path) -> Result<Case, String> {
    let path = pp.strip_prefix(root).unwrap_or(pp).to_string_lossy().replace('\\', "/");
    let text = std::fs::read_to_string(pp).map_err(|e| format!("{path}: {e}"))?;
    let json_path = pp.with_extension("json");
    let golden = std::fs::read_to_string(&json_path)
        .map_err(|e| format!("{path}: no golden {} ({e}); run tests/tools/bless-eval.sh", json_path.display()))?;
    let g: Value = serde_json::from_str(&golden).map_err(|e| format!("{}: {e}", json_path.display()))?;
    if g.get("oracle_failure").and_then(Value::as_bool) == Some(true) {
        return Err(format!("{path}: the golden is an oracle failure ({}); fix the case and re-bless", g["error"]));
    }
    let (strict_variables, strict) = settings(&text);
    // The golden records the settings the oracle used; they must agree.
    if let Some(s) = g.get("settings") {
        let gv = s.get("strict_variables").and_then(Value::as_bool).unwrap_or(false);
        let gs = s.get("strict").and_then(Value::as_str).unwrap_or("warning");
        if gv != strict_variables || gs != strict.as_deref().unwrap_or("warning") {
            return Err(format!("{path}: the @setting lines disagree with the golden's settings {s}; re-bless"));
        }
    }
    let ok = g["ok"].as_bool().unwrap_or(false);
    let logs = g["logs"]
        .as_array()
        .map(|a| a.iter().filter_map(|l| l.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    let error = g["error"].as_str().map(normalize_message);
    let expected = Outcome {
        status: Some(if ok { 0 } else { 1 }),
        logs,
        error,
        line: g["error_line"].as_u64(),
        column: g["error_column"].as_u64(),
        catalog: if ok { Some(canonical_catalog(g["catalog"].clone())) } else { None },
        puppet_logs: suite.puppet_logs.then(|| {
            g["puppet_logs"].as_array().map(|a| a.iter().filter_map(|l| l.as_str().map(str::to_string)).collect()).unwrap_or_default()
        }),
    };
    let modulepath = (suite.modulepath)(path.split('/').next().unwrap_or(""));
    Ok(Case {
        path,
        dir: pp.parent().unwrap_or(root).to_path_buf(),
        file: pp.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default(),
        strict_variables,
        strict,
        flags: pjit_flags(&text),
        facts: suite.facts,
        modulepath,
        expected,
    })
}

/// The pjit flags a case asks for with `# @pjit-flag --x` lines (options
/// of pjit that Puppet has as behaviour, like `--allow-generate`; the
/// oracle ignores these lines).
fn pjit_flags(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim_start().strip_prefix('#')?.trim_start().strip_prefix("@pjit-flag"))
        .map(|f| f.trim().to_string())
        .filter(|f| !f.is_empty())
        .collect()
}

// ---------------------------------------------------------------------------
// Normalization

/// Drops ` on node N` and then the trailing `(file: F, line: L, column: C)`.
fn normalize_message(msg: &str) -> String {
    let mut m = msg.trim_end();
    if let Some(s) = m.strip_suffix(&format!(" on node {NODE}")) {
        m = s;
    }
    if let Some(i) = m.rfind(" (file: ")
        && m.ends_with(')')
        && !m[i + 1..m.len() - 1].contains(')')
    {
        m = &m[..i];
    }
    normalize_override_source(m)
}

/// Puppet names the definition that set a parameter by its Ruby object
/// (`by #<Puppet::Resource::Type:0x<addr>>`, the oracle masks the
/// address); pjit names it (`by Class[main]`, `by Class[Base]`). Both sides
/// compare as `by <source>` (a documented difference, see
/// docs/puppet-differences.md).
fn normalize_override_source(m: &str) -> String {
    let Some(i) = m.find("; cannot redefine") else { return m.to_string() };
    let head = &m[..i];
    let Some(by) = head.find(" by ") else { return m.to_string() };
    let rest = &head[by + 4..];
    let end = rest.find(" at (file: ").unwrap_or(rest.len());
    format!("{} by <source>{}{}", &head[..by], &rest[end..], &m[i..])
}

/// The line and column of the last `(file: F, line: L, column: C)` of a message.
fn location(msg: &str) -> (Option<u64>, Option<u64>) {
    let Some(i) = msg.rfind("(file: ") else { return (None, None) };
    let rest = &msg[i..];
    let inner = &rest[..rest.find(')').unwrap_or(rest.len())];
    let field = |name: &str| {
        inner.split(", ").find_map(|part| part.strip_prefix(name)).and_then(|v| v.trim().parse::<u64>().ok())
    };
    (field("line: "), field("column: "))
}

fn sort_keys(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut entries: Vec<(String, Value)> = m.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sort_keys(v))).collect())
        }
        Value::Array(a) => Value::Array(a.into_iter().map(sort_keys).collect()),
        other => other,
    }
}

fn canonical_catalog(mut v: Value) -> String {
    if let Value::Object(m) = &mut v {
        for k in ["version", "code_id", "catalog_uuid"] {
            m.remove(k);
        }
    }
    serde_json::to_string_pretty(&sort_keys(v)).unwrap_or_default()
}

const LEVELS: [(&str, &str); 8] = [
    ("Debug", "debug"),
    ("Info", "info"),
    ("Notice", "notice"),
    ("Warning", "warning"),
    ("Error", "err"),
    ("Alert", "alert"),
    ("Emergency", "emerg"),
    ("Critical", "crit"),
];

/// A line drawn by codespan-reporting under a diagnostic (`  ┌─ x.pp:1:2`,
/// `1 │ code`, `  │   ^^^`, `  = note`).
fn is_snippet_line(line: &str) -> bool {
    let t = line.trim_start();
    if t.is_empty() {
        return true;
    }
    if t.starts_with(['┌', '│', '·', '╭', '╰', '└', '=']) {
        return true;
    }
    let digits = t.trim_start_matches(|c: char| c.is_ascii_digit());
    digits.len() < t.len() && digits.trim_start().starts_with('│')
}

/// Splits pjit's stderr into Scope logs and the (last) error message.
fn parse_stderr(stderr: &str) -> (Vec<String>, Option<String>) {
    let (logs, error, _) = parse_stderr_all(stderr);
    (logs, error)
}

/// [`parse_stderr`], and Puppet's own log lines (`warning: ...`, lines
/// that are not Scope logs nor the error, with their continuation lines).
fn parse_stderr_all(stderr: &str) -> (Vec<String>, Option<String>, Vec<String>) {
    enum Cur {
        None,
        Log,
        Error,
        Own,
    }
    let mut own: Vec<String> = Vec::new();
    let mut logs: Vec<String> = Vec::new();
    let mut error: Option<String> = None;
    let mut cur = Cur::None;
    for line in stderr.lines() {
        let level = LEVELS
            .iter()
            .find_map(|(cli, name)| line.strip_prefix(cli).and_then(|r| r.strip_prefix(": ")).map(|r| (*name, r)));
        match level {
            Some((name, rest)) => {
                if let Some(scoped) = rest.strip_prefix("Scope(")
                    && let Some(i) = scoped.find("): ")
                {
                    logs.push(format!("{name}: {}", &scoped[i + 3..]));
                    cur = Cur::Log;
                } else if let Some(scoped) = rest.strip_prefix("Scope(")
                    && scoped.ends_with("):")
                {
                    // An empty message: `Notice: Scope(Class[main]): ` may
                    // lose its trailing space.
                    logs.push(format!("{name}: "));
                    cur = Cur::Log;
                } else if name == "err" {
                    error = Some(rest.to_string());
                    cur = Cur::Error;
                } else {
                    own.push(format!("{name}: {rest}"));
                    cur = Cur::Own;
                }
            }
            None => match cur {
                Cur::Log => {
                    if let Some(last) = logs.last_mut() {
                        last.push('\n');
                        last.push_str(line);
                    }
                }
                Cur::Error => {
                    if !is_snippet_line(line)
                        && let Some(e) = error.as_mut()
                    {
                        e.push('\n');
                        e.push_str(line);
                    }
                }
                Cur::Own => {
                    if is_snippet_line(line) {
                        cur = Cur::None;
                    } else if let Some(last) = own.last_mut() {
                        last.push('\n');
                        last.push_str(line);
                    }
                }
                Cur::None => {}
            },
        }
    }
    (logs, error, own)
}

// ---------------------------------------------------------------------------
// Running pjit

fn jit_supported(bin: &Path) -> bool {
    Command::new(bin)
        .args(["compile", "--help"])
        .stdin(Stdio::null())
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout).contains("--jit") || String::from_utf8_lossy(&o.stderr).contains("--jit")
        })
        .unwrap_or(false)
}

fn run_pjit(bin: &Path, case: &Case, jit: Option<&str>) -> Run {
    let mut cmd = Command::new(bin);
    cmd.current_dir(&case.dir).arg("compile").arg(NODE).arg("--facts").arg(case.facts).arg(&case.file);
    if let Some(m) = &case.modulepath {
        cmd.arg("--modulepath").arg(m);
    }
    if case.strict_variables {
        cmd.arg("--strict_variables");
    }
    if let Some(s) = &case.strict {
        cmd.arg(format!("--strict={s}"));
    }
    cmd.args(&case.flags);
    if let Some(mode) = jit {
        cmd.arg(format!("--jit={mode}"));
    }
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let failed = |note: String| Run {
        outcome: Outcome {
            status: None,
            logs: Vec::new(),
            error: None,
            line: None,
            column: None,
            catalog: None,
            puppet_logs: case.expected.puppet_logs.as_ref().map(|_| Vec::new()),
        },
        stderr: String::new(),
        note: Some(note),
    };
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return failed(format!("cannot run {}: {e}", bin.display())),
    };
    // The pipes are drained by threads that report through channels: a
    // process left behind by pjit (say, by `generate()`) may keep a pipe open
    // after pjit is gone, and must not hold the case up.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut b = Vec::new();
            let _ = pipe.read_to_end(&mut b);
            let _ = tx.send(b);
        });
        rx
    };
    let out_rx = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let err_rx = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() >= TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                timed_out = true;
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(_) => break None,
        }
    };
    let collect = |rx: std::sync::mpsc::Receiver<Vec<u8>>| {
        String::from_utf8_lossy(&rx.recv_timeout(Duration::from_secs(2)).unwrap_or_default()).into_owned()
    };
    let stdout = collect(out_rx);
    let mut stderr = collect(err_rx);
    if let Some(m) = &case.modulepath {
        // Module files as the oracle names them: relative to the modulepath.
        stderr = stderr.replace(&format!("{}/", m.display()), "");
    }
    let code = status.and_then(|s| s.code());
    let (logs, raw_error, own) = parse_stderr_all(&stderr);
    let (mut line, mut column) = raw_error.as_deref().map(location).unwrap_or((None, None));
    if raw_error.is_some() && line.is_none() {
        // As the oracle does: an error without a position (`Language
        // validation logged 3 errors. Giving up`) is located by the first
        // error logged before it.
        if let Some((l, c)) =
            stderr.lines().filter(|l| l.starts_with("Error: ")).map(location).find(|(l, _)| l.is_some())
        {
            (line, column) = (l, c);
        }
    }
    let catalog = if code == Some(0) {
        Some(match serde_json::from_str::<Value>(stdout.trim()) {
            Ok(v) => canonical_catalog(match &case.modulepath {
                Some(m) => relative_files(v, m),
                None => v,
            }),
            Err(e) => format!("<stdout is not catalog JSON: {e}>\n{}", truncate(&stdout, 400)),
        })
    } else {
        None
    };
    let note = if timed_out {
        Some(format!("timed out after {}s", TIMEOUT.as_secs()))
    } else if code.is_none() {
        Some("killed by a signal".to_string())
    } else {
        None
    };
    Run {
        outcome: Outcome {
            status: code,
            logs,
            error: raw_error.as_deref().map(normalize_message),
            line,
            column,
            catalog,
            puppet_logs: case.expected.puppet_logs.as_ref().map(|_| own),
        },
        stderr,
        note,
    }
}

/// Resource `file`s below the modulepath directory `m` written relative to
/// it, as the oracle writes them.
fn relative_files(mut v: Value, m: &Path) -> Value {
    let prefix = format!("{}/", m.display());
    if let Some(rs) = v.get_mut("resources").and_then(Value::as_array_mut) {
        for r in rs {
            if let Some(Value::String(f)) = r.get_mut("file")
                && let Some(rest) = f.strip_prefix(&prefix)
            {
                *f = rest.to_string();
            }
        }
    }
    v
}

fn run_case(bin: &Path, case: &Case, backends: &[Option<&str>]) -> Verdict {
    let mut runs = Vec::new();
    for b in backends {
        let label = match b {
            Some(m) => format!("--jit={m}"),
            None => "default backend".to_string(),
        };
        runs.push((label, run_pjit(bin, case, *b)));
    }
    let pass = runs.iter().all(|(_, r)| r.note.is_none() && (r.outcome == case.expected || same_crash(&case.expected, &r.outcome)));
    Verdict { pass, runs }
}

/// Where Puppet's own code crashes on a nil (a Ruby `NoMethodError`:
/// ``undefined method `downcase' for nil:NilClass``, a bug in Puppet, not
/// behaviour of the language), pjit must fail at the same place with its
/// own message (see docs/puppet-differences.md): everything but the
/// message is compared.
fn same_crash(expected: &Outcome, actual: &Outcome) -> bool {
    let crash = |m: &str| m.contains("undefined method `") && m.contains("' for nil:NilClass");
    expected.error.as_deref().is_some_and(crash)
        && actual.error.is_some()
        && Outcome { error: actual.error.clone(), ..expected.clone() } == *actual
}

// ---------------------------------------------------------------------------
// Reporting

fn truncate(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} more bytes)", &s[..end], s.len() - end)
}

/// A line diff (longest common subsequence) of two texts, `-` expected and
/// `+` actual, with up to `context` unchanged lines around changes; at most
/// `max` lines (0: no limit).
fn line_diff(expected: &[String], actual: &[String], context: usize, max: usize) -> String {
    let (n, m) = (expected.len(), actual.len());
    let mut ops: Vec<(char, &str)> = Vec::new();
    if n.saturating_mul(m) > 4_000_000 {
        ops.extend(expected.iter().map(|l| ('-', l.as_str())));
        ops.extend(actual.iter().map(|l| ('+', l.as_str())));
    } else {
        let mut lcs = vec![vec![0u32; m + 1]; n + 1];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lcs[i][j] =
                    if expected[i] == actual[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && expected[i] == actual[j] {
                ops.push((' ', &expected[i]));
                i += 1;
                j += 1;
            } else if j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j]) {
                ops.push(('+', &actual[j]));
                j += 1;
            } else {
                ops.push(('-', &expected[i]));
                i += 1;
            }
        }
    }
    let changed: Vec<usize> = ops.iter().enumerate().filter(|(_, o)| o.0 != ' ').map(|(i, _)| i).collect();
    let mut out = String::new();
    let mut shown = 0;
    let mut last: Option<usize> = None;
    for (idx, (tag, text)) in ops.iter().enumerate() {
        let near = changed.iter().any(|&c| c.abs_diff(idx) <= context);
        if !near {
            continue;
        }
        if let Some(l) = last
            && idx > l + 1
        {
            out.push_str("        ...\n");
        }
        if max > 0 && shown >= max {
            out.push_str("        ... (diff truncated)\n");
            break;
        }
        let _ = writeln!(out, "      {tag} {text}");
        shown += 1;
        last = Some(idx);
    }
    out
}

fn show_opt<T: std::fmt::Display>(v: &Option<T>) -> String {
    v.as_ref().map(|x| x.to_string()).unwrap_or_else(|| "-".into())
}

fn describe(case: &Case, verdict: &Verdict, full: bool) -> String {
    let mut out = format!("--- {}\n", case.path);
    let e = &case.expected;
    let limit = if full { 0 } else { 40 };
    let first = verdict.runs.first().map(|(_, r)| &r.outcome);
    let all_same = verdict.runs.iter().all(|(_, r)| Some(&r.outcome) == first);
    for (k, (label, run)) in verdict.runs.iter().enumerate() {
        if k > 0 && all_same && run.note.is_none() {
            let _ = writeln!(out, "  [{label}] same result as [{}]", verdict.runs[0].0);
            continue;
        }
        let a = &run.outcome;
        if a == e && run.note.is_none() {
            let _ = writeln!(out, "  [{label}] matches Puppet");
            continue;
        }
        let _ = writeln!(out, "  [{label}]");
        if let Some(note) = &run.note {
            let _ = writeln!(out, "    {note}");
        }
        if a.status != e.status {
            let _ = writeln!(out, "    exit status: expected {}, got {}", show_opt(&e.status), show_opt(&a.status));
        }
        if a.logs != e.logs {
            let esc = |v: &[String]| v.iter().map(|l| l.replace('\n', "\\n")).collect::<Vec<_>>();
            let _ = writeln!(out, "    logs (- Puppet, + pjit):");
            out.push_str(&line_diff(&esc(&e.logs), &esc(&a.logs), usize::MAX, limit));
        }
        if a.puppet_logs != e.puppet_logs {
            let esc = |v: &[String]| v.iter().map(|l| l.replace('\n', "\\n")).collect::<Vec<_>>();
            let _ = writeln!(out, "    Puppet's own logs (- Puppet, + pjit):");
            out.push_str(&line_diff(
                &esc(e.puppet_logs.as_deref().unwrap_or(&[])),
                &esc(a.puppet_logs.as_deref().unwrap_or(&[])),
                usize::MAX,
                limit,
            ));
        }
        if a.error != e.error {
            let _ = writeln!(
                out,
                "    error: expected {}",
                e.error.as_deref().map(|s| format!("{s:?}")).unwrap_or_else(|| "none".into())
            );
            let _ = writeln!(
                out,
                "           got      {}",
                a.error.as_deref().map(|s| format!("{s:?}")).unwrap_or_else(|| "none".into())
            );
        }
        if (a.line, a.column) != (e.line, e.column) {
            let _ = writeln!(
                out,
                "    error location: expected line {} column {}, got line {} column {}",
                show_opt(&e.line),
                show_opt(&e.column),
                show_opt(&a.line),
                show_opt(&a.column)
            );
        }
        if a.catalog != e.catalog {
            match (&e.catalog, &a.catalog) {
                (Some(x), Some(y)) => {
                    let xs: Vec<String> = x.lines().map(str::to_string).collect();
                    let ys: Vec<String> = y.lines().map(str::to_string).collect();
                    let _ = writeln!(out, "    catalog (- Puppet, + pjit):");
                    out.push_str(&line_diff(&xs, &ys, 3, limit));
                }
                (None, Some(_)) => {
                    let _ = writeln!(out, "    catalog: Puppet failed, pjit produced one");
                }
                _ => {}
            }
        }
        let unexplained = a.status != Some(0) && a.status != Some(1) || (a.status == Some(1) && a.error.is_none());
        if (full || unexplained) && !run.stderr.is_empty() {
            let _ = writeln!(out, "    stderr:");
            let text = if full { run.stderr.clone() } else { truncate(&run.stderr, 1500) };
            for l in text.lines() {
                let _ = writeln!(out, "      | {l}");
            }
        }
    }
    if !all_same {
        let _ = writeln!(out, "  the backends disagree");
    }
    out
}

// ---------------------------------------------------------------------------
// The expected-failure list

fn read_xfail(path: &Path) -> BTreeSet<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

fn write_xfail(suite: &Suite, path: &Path, entries: &BTreeSet<String>) {
    let dir = suite.dir;
    let mut text = format!(
        "# Cases under tests/{dir}/ that pjit does not pass yet; see tests/eval.rs.\n\
         # The test fails when a case not listed here fails, and when a listed\n\
         # case passes. Rewrite with: PJIT_UPDATE_XFAIL=1 cargo test --test eval\n",
    );
    for e in entries {
        text.push_str(e);
        text.push('\n');
    }
    std::fs::write(path, text).expect("write expected_failures.txt");
}

#[test]
fn eval_conformance() {
    run_suite(&EVAL);
}

/// stdlib's functions against the modules of each section directory of
/// `tests/stdlib/`: `trixie/` runs with Debian 13's module releases
/// (puppetlabs-stdlib 9.4.1, unpacked by `tests/tools/trixie-modules.sh`
/// into `target/trixie-modules`, which this test runs when they are
/// missing), `bookworm/` with Debian 12's, installed under
/// `/usr/share/puppet/modules` (stdlib 8.5). Puppet's own log lines
/// (deprecation warnings with their `(location: ...)`) are compared too.
/// The goldens come from `tests/tools/bless-stdlib.sh`.
#[test]
fn stdlib_conformance() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let trixie = repo.join("target/trixie-modules");
    if !trixie.join(".complete").is_file() {
        let ok = Command::new("sh").arg(repo.join("tests/tools/trixie-modules.sh")).current_dir(repo).status();
        assert!(ok.is_ok_and(|s| s.success()), "tests/tools/trixie-modules.sh failed: Debian 13's modules are needed");
    }
    run_suite(&STDLIB);
}

const STDLIB: Suite = Suite { dir: "stdlib", facts: "../facts.json", modulepath: stdlib_modulepath, puppet_logs: true };

fn stdlib_modulepath(section: &str) -> Option<PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    Some(match section {
        "trixie" => repo.join("target/trixie-modules"),
        "bookworm" => PathBuf::from("/usr/share/puppet/modules"),
        other => panic!("tests/stdlib/{other}: no modulepath for this section (see stdlib_modulepath)"),
    })
}

fn run_suite(suite: &Suite) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join(suite.dir);
    let dir = suite.dir;
    let filter = std::env::var("PJIT_EVAL_FILTER").ok().filter(|f| !f.is_empty());
    let update = std::env::var("PJIT_UPDATE_XFAIL").is_ok_and(|v| !v.is_empty() && v != "0");
    let bin = pjit_bin();

    let mut problems = Vec::new();
    let mut cases = Vec::new();
    for pp in collect_cases(&root) {
        let rel = pp.strip_prefix(&root).unwrap_or(&pp).to_string_lossy().replace('\\', "/");
        if filter.as_ref().is_some_and(|f| !rel.contains(f.as_str())) {
            continue;
        }
        match load_case(suite, &root, &pp) {
            Ok(c) => cases.push(c),
            Err(e) => problems.push(e),
        }
    }
    assert!(problems.is_empty(), "{dir} suite: bad cases:\n{}", problems.join("\n"));
    assert!(!cases.is_empty() || filter.is_some(), "{dir} suite: no cases under {}", root.display());

    let jit = jit_supported(&bin);
    let backends: Vec<Option<&str>> = if jit { vec![Some("off"), Some("always")] } else { vec![None] };

    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Verdict>>> = Mutex::new((0..cases.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..THREADS {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= cases.len() {
                        break;
                    }
                    let v = run_case(&bin, &cases[i], &backends);
                    results.lock().unwrap()[i] = Some(v);
                }
            });
        }
    });
    let results: Vec<Verdict> = results.into_inner().unwrap().into_iter().map(|v| v.expect("every case ran")).collect();

    let xfail_path = root.join(XFAIL_FILE);
    let listed = read_xfail(&xfail_path);
    let ran: BTreeSet<String> = cases.iter().map(|c| c.path.clone()).collect();
    let failing: BTreeSet<String> =
        cases.iter().zip(&results).filter(|(_, v)| !v.pass).map(|(c, _)| c.path.clone()).collect();
    let passing = cases.len() - failing.len();

    let backend_note = if jit {
        "backends --jit=off and --jit=always".to_string()
    } else {
        "pjit has no --jit flag yet: default backend only".to_string()
    };
    let summary = format!(
        "{dir} conformance: {} cases, {} pass, {} fail ({backend_note}; {})",
        cases.len(),
        passing,
        failing.len(),
        bin.display()
    );
    eprintln!("{summary}");

    if update {
        // With a filter, the entries of the cases that did not run stay.
        let mut new: BTreeSet<String> = match filter {
            Some(_) => listed.iter().filter(|e| !ran.contains(*e)).cloned().collect(),
            None => BTreeSet::new(),
        };
        new.extend(failing.iter().cloned());
        write_xfail(suite, &xfail_path, &new);
        eprintln!("{dir} conformance: wrote {} entries to {}", new.len(), xfail_path.display());
        return;
    }

    let unexpected: Vec<usize> =
        (0..cases.len()).filter(|&i| !results[i].pass && !listed.contains(&cases[i].path)).collect();
    // The backends must agree with each other even where both differ from
    // Puppet.
    let disagree: Vec<usize> = (0..cases.len())
        .filter(|&i| results[i].runs.windows(2).any(|w| w[0].1.outcome != w[1].1.outcome || w[0].1.note != w[1].1.note))
        .collect();
    let stale: Vec<&String> = listed.iter().filter(|e| ran.contains(*e) && !failing.contains(*e)).collect();
    let unknown: Vec<&String> =
        if filter.is_none() { listed.iter().filter(|e| !ran.contains(*e)).collect() } else { Vec::new() };

    if let Some(f) = &filter {
        // A subset run for development: the full diff of every failure.
        for (c, v) in cases.iter().zip(&results) {
            if !v.pass {
                let tag = if listed.contains(&c.path) { " (expected failure)" } else { "" };
                eprint!("{}", describe(c, v, true).replacen('\n', &format!("{tag}\n"), 1));
            }
        }
        eprintln!("{dir} conformance: filter {f:?}");
    } else {
        for &i in unexpected.iter().take(SHOWN_FAILURES) {
            eprint!("{}", describe(&cases[i], &results[i], false));
        }
        if unexpected.len() > SHOWN_FAILURES {
            eprintln!("... and {} more unexpected failures", unexpected.len() - SHOWN_FAILURES);
        }
    }

    let mut msg = String::new();
    if !disagree.is_empty() {
        let _ = writeln!(msg, "{} cases where the backends disagree:", disagree.len());
        for &i in disagree.iter().take(LISTED_NAMES) {
            let _ = writeln!(msg, "  {}", cases[i].path);
            if i == disagree[0] {
                eprint!("{}", describe(&cases[i], &results[i], true));
            }
        }
    }
    if !unexpected.is_empty() {
        let _ = writeln!(msg, "{} unexpected failures (not in tests/{dir}/{XFAIL_FILE}):", unexpected.len());
        for &i in unexpected.iter().take(LISTED_NAMES) {
            let _ = writeln!(msg, "  {}", cases[i].path);
        }
        if unexpected.len() > LISTED_NAMES {
            let _ = writeln!(msg, "  ... and {} more", unexpected.len() - LISTED_NAMES);
        }
    }
    if !stale.is_empty() {
        let _ = writeln!(msg, "{} cases pass but are listed in tests/{dir}/{XFAIL_FILE} (remove them):", stale.len());
        for e in stale.iter().take(LISTED_NAMES) {
            let _ = writeln!(msg, "  {e}");
        }
        if stale.len() > LISTED_NAMES {
            let _ = writeln!(msg, "  ... and {} more", stale.len() - LISTED_NAMES);
        }
    }
    if !unknown.is_empty() {
        let _ = writeln!(msg, "{} entries of tests/{dir}/{XFAIL_FILE} name no case:", unknown.len());
        for e in &unknown {
            let _ = writeln!(msg, "  {e}");
        }
    }
    if !msg.is_empty() {
        panic!("{summary}\n{msg}(after a deliberate change: PJIT_UPDATE_XFAIL=1 cargo test --test eval)");
    }
}

// ---------------------------------------------------------------------------
// The harness's own helpers

#[test]
fn harness_parses_stderr() {
    let stderr = "Warning: Unknown variable: 'x'. (file: a.pp, line: 1, column: 8)\n  ┌─ a.pp:1:8\n  │\n1 │ notice($x)\n  │        ^^\n\n\
                  Notice: Scope(Class[main]): 3\nNotice: Scope(Class[Foo]): two\nlines\nWarning: Scope(D[x]): w\n\
                  Error: Evaluation Error: Division by 0 (file: a.pp, line: 2, column: 14) on node testnode.example.com\n";
    let (logs, error) = parse_stderr(stderr);
    assert_eq!(logs, vec!["notice: 3", "notice: two\nlines", "warning: w"]);
    let error = error.expect("an error");
    assert_eq!(location(&error), (Some(2), Some(14)));
    assert_eq!(normalize_message(&error), "Evaluation Error: Division by 0");
    assert_eq!(
        normalize_message("no parameter named 'b' (file: a.pp, line: 1) on Notify[a] (file: a.pp, line: 1)"),
        "no parameter named 'b' (file: a.pp, line: 1) on Notify[a]"
    );
    assert_eq!(location("Could not find node statement with name 'default'"), (None, None));
    let (logs, error) = parse_stderr("Error: Scope(Class[main]): e\nEmergency: Scope(Class[main]): m\n");
    assert_eq!(logs, vec!["err: e", "emerg: m"]);
    assert!(error.is_none());
}

#[test]
fn harness_normalizes_catalogs() {
    let a: Value = serde_json::from_str(
        r#"{"version": 1, "code_id": null, "catalog_uuid": "x", "b": [2, 1], "a": {"y": 1, "x": 2}}"#,
    )
    .unwrap();
    let b: Value = serde_json::from_str(r#"{"a": {"x": 2, "y": 1}, "b": [2, 1]}"#).unwrap();
    assert_eq!(canonical_catalog(a), canonical_catalog(b.clone()));
    let c: Value = serde_json::from_str(r#"{"a": {"x": 2, "y": 1}, "b": [1, 2]}"#).unwrap();
    assert_ne!(canonical_catalog(b), canonical_catalog(c));
}
