//! The frontend never panics and never overflows its stack: whatever the
//! input (deep nesting, very long operator chains, invalid UTF-8, a byte
//! order mark, any prefix of a real file, a very large file), parsing and
//! validation end with the program or with located error diagnostics.
//!
//! Each input is tried through the library on an ordinary test thread (the
//! default 2 MiB stack) and, where it matters, through the `pjit parse`
//! command, whose exit status is 0 for valid input, 1 for invalid input and
//! 2 for bad usage.

use std::path::{Path, PathBuf};
use std::process::Command;

use pjit_frontend::parser::{self, MAX_DEPTH, SourceKind};
use pjit_frontend::validate::{self, Options};
use pjit_frontend::{Diagnostic, FileId, SourceFile, printer};

/// What the library made of one input.
struct Outcome {
    /// The errors, each with `(line, column)` if it has a position.
    errors: Vec<(String, Option<(usize, usize)>)>,
}

impl Outcome {
    fn ok(&self) -> bool {
        self.errors.is_empty()
    }

    fn first(&self) -> String {
        self.errors.first().map(|(m, lc)| format!("{m} at {lc:?}")).unwrap_or_else(|| "-".into())
    }
}

/// Parses and validates `bytes` like `pjit parse` does, and prints the AST
/// of a valid program (the printer is a recursive pass too).
fn run(bytes: &[u8], kind: SourceKind) -> Outcome {
    let source = SourceFile::new("input.pp".to_string(), String::from_utf8_lossy(bytes).into_owned());
    let parsed = parser::parse_bytes(FileId(0), bytes, kind);
    let mut diags: Vec<Diagnostic> = parsed.diagnostics;
    if let Some(p) = &parsed.program {
        diags.extend(validate::validate(p, &Options::default()));
        if !diags.iter().any(Diagnostic::is_error) {
            assert!(!printer::print_program(p).is_empty());
        }
    }
    Outcome {
        errors: diags.iter().filter(|d| d.is_error()).map(|d| (d.message.clone(), d.line_col(&source))).collect(),
    }
}

/// Puppet's one error that names only the file: its parser has no token
/// to locate at the end of the input.
const END_OF_INPUT: &str = "Syntax error at end of input";

/// A located error (or the end-of-input error), or success.
fn assert_clean(what: &str, o: &Outcome) {
    for (m, lc) in &o.errors {
        assert!(lc.is_some() || m == END_OF_INPUT, "{what}: error without a position: {m}");
    }
}

fn tmp(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("robustness");
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir.join(name)
}

fn pjit(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pjit")).args(args).output().expect("pjit runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Runs `pjit parse` on `text` and checks: status 1 and an `Error:` line
/// located in the file (or status 0 when `valid`).
fn cli(name: &str, text: &[u8], valid: bool) {
    let path = tmp(name);
    std::fs::write(&path, text).expect("writable temporary file");
    let (code, stderr) = pjit(&["parse", path.to_str().expect("UTF-8 path")]);
    if valid {
        assert_eq!(code, 0, "{name}: pjit parse failed:\n{}", head(&stderr));
    } else {
        assert_eq!(code, 1, "{name}: expected status 1 from pjit parse, got {code}:\n{}", head(&stderr));
        let located = format!("(file: {}, line: ", path.display());
        let line = stderr.lines().find(|l| l.starts_with("Error: ")).unwrap_or_else(|| {
            panic!("{name}: no Error: line from pjit parse:\n{}", head(&stderr));
        });
        let end_of_input = format!("{END_OF_INPUT} (file: {})", path.display());
        assert!(
            (line.contains(&located) && line.contains(", column: ")) || line.contains(&end_of_input),
            "{name}: error is not located: {line}"
        );
    }
    let _ = std::fs::remove_file(&path);
}

fn head(s: &str) -> String {
    s.lines().take(10).collect::<Vec<_>>().join("\n")
}

// ---------------------------------------------------------------- nesting

const DEEP: usize = 10_000;
/// Deep, but within what the parser accepts.
const SHALLOW: usize = MAX_DEPTH - 200;
/// The lexer's own limit for strings within strings is 200.
const SHALLOW_STRINGS: usize = 150;

/// The deeply nested inputs: (name, a depth that is accepted, the text for
/// a nesting depth).
type Nesting = (&'static str, usize, fn(usize) -> String);

fn nestings() -> Vec<Nesting> {
    vec![
        ("brackets", SHALLOW, |n| format!("$x = {}1{}\n", "[".repeat(n), "]".repeat(n))),
        ("parens", SHALLOW, |n| format!("$x = {}1{}\n", "(".repeat(n), ")".repeat(n))),
        ("hashes", SHALLOW, |n| format!("$x = {}1{}\n", "{a => ".repeat(n), "}".repeat(n))),
        ("ifs", SHALLOW / 2, |n| format!("{}notice(1)\n{}", "if true {\n".repeat(n), "}\n".repeat(n))),
        ("interpolation", SHALLOW_STRINGS, |n| {
            let mut s = String::from("$x = ");
            s.push_str(&"\"${".repeat(n));
            s.push('1');
            s.push_str(&"}\"".repeat(n));
            s.push('\n');
            s
        }),
        ("nots", SHALLOW, |n| format!("$x = {}true\n", "!".repeat(n))),
        ("minuses", SHALLOW, |n| format!("$x = {}1\n", "- ".repeat(n))),
        ("calls", SHALLOW / 2, |n| format!("$x = {}1{}\n", "f(".repeat(n), ")".repeat(n))),
        ("selectors", SHALLOW / 2, |n| format!("$x = {}1{}\n", "$y ? { default => ".repeat(n), " }".repeat(n))),
        ("lambdas", SHALLOW / 4, |n| format!("{}notice(1)\n{}", "each([1]) |$x| {\n".repeat(n), "}\n".repeat(n))),
    ]
}

#[test]
fn deep_nesting_is_a_located_error() {
    for (name, _, make) in nestings() {
        let text = make(DEEP);
        let o = run(text.as_bytes(), SourceKind::Manifest);
        assert!(!o.ok(), "{name}: {DEEP} levels accepted");
        assert_clean(name, &o);
    }
}

#[test]
fn unclosed_deep_nesting_is_a_located_error() {
    for (name, _, make) in nestings() {
        let text = make(DEEP);
        // Everything up to the innermost operand: nothing is closed.
        let open = &text[..text.rfind(['1', 'n', 't']).expect("an operand")];
        let o = run(open.as_bytes(), SourceKind::Manifest);
        assert!(!o.ok(), "{name}: unclosed nesting accepted");
        assert_clean(name, &o);
    }
}

/// A syntax error after a deep construct: the parser drops what it has
/// built, a tree as deep as the construct.
#[test]
fn syntax_error_after_deep_nesting_is_a_located_error() {
    for (name, _, make) in nestings() {
        let text = make(DEEP) + ")\n";
        let o = run(text.as_bytes(), SourceKind::Manifest);
        assert!(!o.ok(), "{name}: accepted");
        assert_clean(name, &o);
    }
}

#[test]
fn nesting_within_the_limit_parses_on_a_normal_thread() {
    for (name, shallow, make) in nestings() {
        let text = make(shallow);
        let o = run(text.as_bytes(), SourceKind::Manifest);
        assert!(o.ok(), "{name}: {shallow} levels rejected: {}", o.first());
    }
}

#[test]
fn deep_nesting_through_the_cli() {
    for (name, shallow, make) in nestings() {
        cli(&format!("deep_{name}.pp"), make(DEEP).as_bytes(), false);
        cli(&format!("shallow_{name}.pp"), make(shallow).as_bytes(), true);
    }
}

// ---------------------------------------------------------------- long chains

/// Long chains of binary operators: (name, operator); each left-associative
/// chain is as deep as it is long.
const CHAINS: &[(&str, &str)] =
    &[("plus", "+"), ("times", "*"), ("and", "and"), ("relationship", "->"), ("equals", "==")];
const TERMS: usize = 200_000;

fn chain(op: &str, terms: usize) -> String {
    let mut s = String::with_capacity(terms * (op.len() + 4));
    s.push_str("$x = 1");
    for _ in 1..terms {
        s.push(' ');
        s.push_str(op);
        s.push_str(" 1");
    }
    s.push('\n');
    s
}

#[test]
fn long_operator_chains_are_clean() {
    for (name, op) in CHAINS {
        let o = run(chain(op, TERMS).as_bytes(), SourceKind::Manifest);
        assert_clean(name, &o);
        let o = run(chain(op, SHALLOW).as_bytes(), SourceKind::Manifest);
        assert_clean(name, &o);
    }
}

#[test]
fn syntax_error_after_long_operator_chains_is_a_located_error() {
    for (name, op) in CHAINS {
        let text = chain(op, TERMS) + ")\n";
        let o = run(text.as_bytes(), SourceKind::Manifest);
        assert!(!o.ok(), "{name}: accepted");
        assert_clean(name, &o);
    }
}

#[test]
fn long_operator_chains_through_the_cli() {
    let text = chain("+", TERMS);
    cli("chain_plus.pp", text.as_bytes(), false);
    cli("chain_plus_then_error.pp", (text + ")\n").as_bytes(), false);
}

/// Many statements and many list elements are not nesting: they parse.
#[test]
fn long_flat_sequences_parse() {
    let statements = "notice(1)\n".repeat(TERMS);
    let o = run(statements.as_bytes(), SourceKind::Manifest);
    assert!(o.ok(), "statements: {}", o.first());
    let list = format!("$x = [{}]\n", "1, ".repeat(TERMS));
    let o = run(list.as_bytes(), SourceKind::Manifest);
    assert!(o.ok(), "list: {}", o.first());
}

// ---------------------------------------------------------------- bytes

/// An invalid UTF-8 byte in a string, a comment and where a name is
/// expected: an error at its line and column.
#[test]
fn invalid_utf8_is_a_located_error() {
    let cases: &[(&str, &[u8], (usize, usize))] = &[
        ("string", b"$a = 1\n$x = \"ab\xffc\"\n", (2, 9)),
        ("comment", b"$a = 1\n# caf\xe9\n$b = 2\n", (2, 6)),
        ("name", b"$a = 1\n  $x\xc3 = 1\n", (2, 5)),
        ("truncated sequence", b"notice('\xe2\x82')\n", (1, 9)),
    ];
    for (name, bytes, at) in cases {
        let o = run(bytes, SourceKind::Manifest);
        assert!(!o.ok(), "{name}: accepted");
        assert_eq!(o.errors[0].1, Some(*at), "{name}: {}", o.first());
        assert!(o.errors[0].0.contains("UTF-8"), "{name}: {}", o.first());
        let o = run(bytes, SourceKind::Epp);
        assert!(!o.ok(), "{name} (EPP): accepted");
        cli(&format!("utf8_{}.pp", name.replace(' ', "_")), bytes, false);
    }
}

#[test]
fn byte_order_mark_is_an_error() {
    let bytes = b"\xef\xbb\xbfnotice(1)\n";
    let o = run(bytes, SourceKind::Manifest);
    assert!(!o.ok(), "a BOM is accepted");
    assert!(o.errors[0].0.contains("Byte Order"), "{}", o.first());
    let path = tmp("bom.pp");
    std::fs::write(&path, bytes).expect("writable temporary file");
    let (code, stderr) = pjit(&["parse", path.to_str().expect("UTF-8 path")]);
    assert_eq!(code, 1, "{}", head(&stderr));
    assert!(stderr.lines().any(|l| l.starts_with("Error: ")), "{}", head(&stderr));
}

// ---------------------------------------------------------------- real files

const MODULES: &str = "/usr/share/puppet/modules";

fn module_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::from(MODULES)];
    let mut seen = std::collections::BTreeSet::new();
    while let Some(dir) = stack.pop() {
        if !std::fs::canonicalize(&dir).is_ok_and(|r| seen.insert(r)) {
            continue;
        }
        let Ok(rd) = std::fs::read_dir(&dir) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if std::fs::metadata(&p).is_ok_and(|m| m.is_dir()) {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pp" || x == "epp") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Every real module file cut at five points (through tokens, strings,
/// multi-byte characters, anything): never a panic.
#[test]
fn truncated_real_files_never_panic() {
    let files = module_files();
    if files.is_empty() {
        if std::env::var_os("PJIT_SKIP_CORPUS").is_some_and(|v| v == "1") {
            eprintln!("\n*** SKIPPED: truncated real files, {MODULES} is absent and PJIT_SKIP_CORPUS=1 ***\n");
            return;
        }
        panic!(
            "{MODULES} is missing; install the modules with\n    \
             apt-get install -y $(apt-cache search '^puppet-module-' | awk '{{print $1}}')\n\
             or set PJIT_SKIP_CORPUS=1"
        );
    }
    let mut panics = Vec::new();
    let mut results = [0usize; 2];
    for path in &files {
        let bytes = std::fs::read(path).expect("readable module file");
        let kind = if path.extension().is_some_and(|e| e == "epp") { SourceKind::Epp } else { SourceKind::Manifest };
        for k in 1..=5 {
            let cut = bytes.len() * k / 6;
            let prefix = &bytes[..cut];
            match std::panic::catch_unwind(|| run(prefix, kind)) {
                Ok(o) => {
                    assert_clean(&format!("{} cut at {cut}", path.display()), &o);
                    results[usize::from(o.ok())] += 1;
                }
                Err(_) => panics.push(format!("{} cut at byte {cut}", path.display())),
            }
        }
    }
    assert!(panics.is_empty(), "panics:\n{}", panics.join("\n"));
    eprintln!("truncated real files: {} prefixes, {} invalid, {} valid", results[0] + results[1], results[0], results[1]);
}

// ---------------------------------------------------------------- size

/// A 50 MB manifest of ordinary code parses and validates.
#[test]
fn fifty_megabytes_parse() {
    const SIZE: usize = 50 << 20;
    let mut text = String::with_capacity(SIZE + 4096);
    let mut i = 0;
    while text.len() < SIZE {
        text.push_str(&format!(
            "class generated::c{i} (\n  String $cname = 'n{i}',\n  Integer $port = {i},\n) {{\n  \
             file {{ \"/etc/generated/${{cname}}-{i}.conf\":\n    ensure  => file,\n    mode    => '0644',\n    \
             content => \"port=${{port}}\\n\",\n  }}\n  if $port > 1024 and $cname =~ /^n\\d+$/ {{\n    \
             notice(\"high ${{port}}\")\n  }} else {{\n    $list = [1, 2, {i}].map |$x| {{ $x * 2 }}\n  }}\n}}\n",
        ));
        i += 1;
    }
    let t = std::time::Instant::now();
    let parsed = parser::parse(FileId(0), &text, SourceKind::Manifest);
    let parse_time = t.elapsed();
    let program = parsed.program.expect("a program");
    let t = std::time::Instant::now();
    let diags = validate::validate(&program, &Options::default());
    eprintln!("50 MB: parse {parse_time:?}, validate {:?}", t.elapsed());
    assert!(parsed.diagnostics.iter().chain(&diags).all(|d| !d.is_error()));
}

// ---------------------------------------------------------------- usage

#[test]
fn cli_exit_codes() {
    let good = tmp("good.pp");
    std::fs::write(&good, "notice(1)\n").expect("writable temporary file");
    let bad = tmp("bad.pp");
    std::fs::write(&bad, "notice(1\n").expect("writable temporary file");
    let good = good.to_str().expect("UTF-8 path");
    let bad = bad.to_str().expect("UTF-8 path");

    assert_eq!(pjit(&["parse", good]).0, 0, "a valid file");
    assert_eq!(pjit(&["parse", good, good]).0, 0, "two valid files");
    assert_eq!(pjit(&["parse", bad]).0, 1, "an invalid file");
    assert_eq!(pjit(&["parse", good, bad]).0, 1, "a valid and an invalid file");
    assert_eq!(pjit(&["parse", "/nonexistent/x.pp"]).0, 1, "a missing file");
    assert_eq!(pjit(&["parse"]).0, 2, "no files");
    assert_eq!(pjit(&["parse", "--bogus", good]).0, 2, "an unknown flag");
    assert_eq!(pjit(&["parse", "--emit=nonsense", good]).0, 2, "an unknown --emit");
    assert_eq!(pjit(&["frobnicate"]).0, 2, "an unknown command");
    assert_eq!(pjit(&[]).0, 2, "no command");
}
