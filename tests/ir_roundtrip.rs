//! The IR text form reads back: `print(parse(print(p))) == print(p)`.
//!
//! * every `tests/ir/*.pp`, lowered and after the passes, and every section
//!   of the `tests/ir/*.ir` goldens, round-trips, and the parsed program
//!   verifies;
//! * templates (render ops) and programs of several files (positions
//!   outside file 0) round-trip;
//! * every manifest of the real-module corpus (`/usr/share/puppet/modules`,
//!   lowered and optimized as `tests/ir.rs` does) and every template there
//!   round-trips (skipped with a loud message when the corpus is absent);
//! * every `tests/eval/**/*.pp` program evaluates the same after the round
//!   trip as before it: same result, error and error location, logs and
//!   catalog (the text keeps everything evaluation looks at);
//! * the hand-written `tests/ir_text/*.ir` files parse, verify, print back
//!   to text that parses to the same print, and run: comment lines
//!   starting with `;!` say what to run and expect (see [`run_directives`]);
//! * bad input (truncated text, unknown opcodes, undefined blocks, values
//!   and functions, malformed literals) gives a positioned error, never a
//!   panic.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use pjit_frontend::parser::{self, SourceKind};
use pjit_frontend::{FileId, SourceFile, validate};
use pjit_ir::interp::{Interp, Options};
use pjit_ir::parse::{ParseError, parse_literal, parse_program};
use pjit_ir::{Program, lower, passes, print, verify};
use pjit_runtime::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Parses, validates and lowers a manifest as `tests/ir.rs` does.
fn lower_file(name: &str, text: &str) -> Result<Program, String> {
    let src = SourceFile::new(name.to_string(), text.to_string());
    let parsed = parser::parse(FileId(0), text, SourceKind::Manifest);
    let ast = parsed.program.ok_or_else(|| format!("{name}: does not parse"))?;
    if parsed.diagnostics.iter().any(|d| d.is_error())
        || validate::validate(&ast, &validate::Options::default()).iter().any(|d| d.is_error())
    {
        return Err(format!("{name}: invalid"));
    }
    let mut prog = Program::default();
    let main = lower::lower_program(&mut prog, &src, &ast);
    prog.main = Some(main);
    Ok(prog)
}

/// Parses, validates and lowers an EPP template into `prog` as the
/// interpreter does for `epp()`, then optimizes the new functions.
fn lower_epp(prog: &mut Program, name: &str, text: &str) -> Result<(), String> {
    let src = SourceFile::new(name.to_string(), text.to_string());
    let parsed = parser::parse(FileId(0), text, SourceKind::Epp);
    let ast = parsed.program.ok_or_else(|| format!("{name}: does not parse"))?;
    if parsed.diagnostics.iter().any(|d| d.is_error())
        || validate::validate(&ast, &validate::Options::default()).iter().any(|d| d.is_error())
    {
        return Err(format!("{name}: invalid"));
    }
    let first = prog.funcs.len();
    lower::lower_template(prog, &src, &ast);
    passes::optimize_from(prog, first);
    Ok(())
}

/// Checks that `text` (a printed program) parses, verifies, and prints
/// back identically; returns the parsed program.
fn round_trip(name: &str, text: &str) -> Result<Program, String> {
    let parsed = parse_program(text).map_err(|e| format!("{name}: {e}"))?;
    let again = print::print_program(&parsed);
    if again != text {
        let line = text.lines().zip(again.lines()).position(|(a, b)| a != b).unwrap_or(0);
        return Err(format!(
            "{name}: prints differently after parsing, line {}:\n  before: {}\n  after:  {}",
            line + 1,
            text.lines().nth(line).unwrap_or("<end>"),
            again.lines().nth(line).unwrap_or("<end>")
        ));
    }
    let errs = verify::verify_program(&parsed);
    if !errs.is_empty() {
        return Err(format!("{name}: parsed program does not verify: {errs:?}"));
    }
    Ok(parsed)
}

fn files_with_ext(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files = vec![];
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == ext) {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn lowering_goldens_round_trip() {
    let cases = files_with_ext(&root().join("tests/ir"), "pp");
    assert!(!cases.is_empty());
    let mut failures = vec![];
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().to_string();
        let mut prog = lower_file(&name, &std::fs::read_to_string(case).unwrap()).unwrap();
        let raw = print::print_program(&prog);
        failures.extend(round_trip(&format!("{name} (lowered)"), &raw).err());
        passes::optimize(&mut prog);
        let opt = print::print_program(&prog);
        failures.extend(round_trip(&format!("{name} (optimized)"), &opt).err());
        // The golden holds both, each after a `; ...` comment line.
        let golden = std::fs::read_to_string(case.with_extension("ir")).unwrap();
        let mut sections: Vec<String> = vec![];
        for l in golden.lines() {
            if l.starts_with("; ") {
                sections.push(String::new());
            } else if let Some(s) = sections.last_mut() {
                s.push_str(l);
                s.push('\n');
            }
        }
        assert_eq!(sections.len(), 2, "{name}: golden sections");
        for (k, s) in sections.iter().enumerate() {
            // The golden separates the sections with a blank line.
            let s = if k == 0 { s.strip_suffix('\n').unwrap_or(s) } else { s.as_str() };
            failures.extend(round_trip(&format!("{name} golden section {}", k + 1), s).err());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Templates (render ops) and a program of two files (positions in file 1
/// print as `@1:line:col`), as the interpreter grows a program when it
/// loads a template.
#[test]
fn templates_and_multi_file_programs_round_trip() {
    let templates = files_with_ext(&root().join("tests/compile/modules"), "epp");
    assert!(!templates.is_empty());
    let mut prog = lower_file("main.pp", "$x = 1\nnotice(inline_epp('<%= $x %>'))\n").unwrap();
    passes::optimize(&mut prog);
    for t in &templates {
        lower_epp(&mut prog, &t.display().to_string(), &std::fs::read_to_string(t).unwrap()).unwrap();
    }
    lower_epp(
        &mut prog,
        "inline",
        "<%- | $a, Integer $b = 2 | -%>\n<% [1, 2].each |$i| { -%>a=<%= $a %> <%= $i * $b %>\n<% } -%>",
    )
    .unwrap();
    let text = print::print_program(&prog);
    for needle in ["render_push", "render v", "render_pop", " @1:", " @2:", "file 1 ", "file 2 'inline'"] {
        assert!(text.contains(needle), "{needle} not in\n{text}");
    }
    let parsed = round_trip("templates", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parsed.files, prog.files);
}

#[test]
fn corpus_round_trips() {
    let root = Path::new("/usr/share/puppet/modules");
    if !root.is_dir() {
        eprintln!(
            "\n*** SKIPPED corpus_round_trips: {} is absent; the real-module round trip did NOT run ***\n",
            root.display()
        );
        return;
    }
    let files = files_with_ext(root, "pp");
    let mut failures = vec![];
    let mut lowered = 0;
    for f in &files {
        let name = f.display().to_string();
        let Ok(text) = std::fs::read_to_string(f) else {
            failures.push(format!("{name}: unreadable"));
            continue;
        };
        let mut prog = match lower_file(&name, &text) {
            Ok(p) => p,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        lowered += 1;
        let raw = print::print_program(&prog);
        failures.extend(round_trip(&format!("{name} (lowered)"), &raw).err());
        passes::optimize(&mut prog);
        let opt = print::print_program(&prog);
        failures.extend(round_trip(&format!("{name} (optimized)"), &opt).err());
    }
    let templates = files_with_ext(root, "epp");
    let mut lowered_templates = 0;
    for f in &templates {
        let name = f.display().to_string();
        let Ok(text) = std::fs::read_to_string(f) else { continue };
        let mut prog = Program::default();
        if lower_epp(&mut prog, &name, &text).is_err() {
            continue;
        }
        lowered_templates += 1;
        failures.extend(round_trip(&format!("{name} (template)"), &print::print_program(&prog)).err());
    }
    eprintln!(
        "corpus_round_trips: {lowered} of {} manifests lowered and round-tripped twice, {lowered_templates} of {} templates",
        files.len(),
        templates.len()
    );
    assert!(files.len() > 1900, "only {} manifests found", files.len());
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

fn from_json(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Undef,
        serde_json::Value::Bool(b) => Value::Boolean(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => Value::string(s.as_str()),
        serde_json::Value::Array(a) => Value::array(a.iter().map(from_json).collect()),
        serde_json::Value::Object(m) => Value::hash(m.iter().map(|(k, x)| (Value::string(k.as_str()), from_json(x)))),
    }
}

fn eval_options() -> Options {
    let text = std::fs::read_to_string(root().join("tests/eval/facts.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let facts = match &json {
        serde_json::Value::Object(m) => match m.get("values") {
            Some(serde_json::Value::Object(v)) => v.clone(),
            _ => m.clone(),
        },
        _ => panic!("facts.json is not an object"),
    };
    Options {
        node: "testnode.example.com".into(),
        environment: "production".into(),
        facts: facts.iter().map(|(k, v)| (k.clone(), from_json(v))).collect(),
        ..Options::default()
    }
}

/// What evaluating a program shows: its result, logs and catalog.
fn evaluate(prog: Program, opts: &Options) -> String {
    let mut it = Interp::new(prog, opts.clone());
    let r = it.compile();
    format!("{r:?}\n{:?}\n{}", it.logs, it.catalog.to_json(&opts.node, &opts.environment))
}

#[test]
fn eval_cases_evaluate_the_same_after_round_trip() {
    let opts = eval_options();
    let cases = files_with_ext(&root().join("tests/eval"), "pp");
    assert!(cases.len() > 1000, "only {} eval cases", cases.len());
    let mut failures = vec![];
    let mut compared = 0;
    for case in &cases {
        let name = case.strip_prefix(root().join("tests/eval")).unwrap().display().to_string();
        let file = case.file_name().unwrap().to_string_lossy().to_string();
        let Ok(mut prog) = lower_file(&file, &std::fs::read_to_string(case).unwrap()) else { continue };
        passes::optimize(&mut prog);
        let text = print::print_program(&prog);
        let parsed = match round_trip(&name, &text) {
            Ok(p) => p,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let before = evaluate(prog, &opts);
        let after = evaluate(parsed, &opts);
        compared += 1;
        if before != after {
            failures.push(format!(
                "{name}: evaluates differently after the round trip\n  before: {before}\n  after:  {after}"
            ));
        }
    }
    eprintln!("eval round trip: {compared} of {} cases evaluated before and after", cases.len());
    assert!(compared > 1000, "only {compared} cases compared");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// Runs the `;!` directives of a hand-written IR file:
///
/// * `;! call NAME [ARGS...] -> RESULT`: calls the Puppet function NAME
///   (arguments and result are IR literals) and compares the result;
/// * `;! compile`: compiles the catalog (main, node, classes, defines);
///   then `;! log 'level: message'` lines list every log line in order,
///   `;! resource Type[title] param=LITERAL ...` checks a resource and
///   parameters (literals without blanks), and `;! error ISSUE @line:col` expects that error instead
///   of success.
///
/// Returns the number of checks made.
fn run_directives(name: &str, text: &str) -> Result<usize, String> {
    let mut checks = 0;
    let mut compile = false;
    let mut want_logs: Vec<String> = vec![];
    let mut want_resources: Vec<(String, Vec<(String, Value)>)> = vec![];
    let mut want_error: Option<(String, String)> = None;
    let lit = |t: &str| parse_literal(t.trim()).map_err(|e| format!("{name}: directive literal {t}: {e}"));
    for l in text.lines() {
        let Some(d) = l.strip_prefix(";!") else { continue };
        let d = d.trim();
        if let Some(rest) = d.strip_prefix("call ") {
            let (name_args, want) = rest.split_once(" -> ").ok_or_else(|| format!("{name}: bad directive {l}"))?;
            let (fname, args) = name_args.split_once(' ').ok_or_else(|| format!("{name}: bad directive {l}"))?;
            let args = match lit(args)? {
                Value::Array(a) => a.iter().cloned().collect(),
                _ => return Err(format!("{name}: call arguments must be an array: {l}")),
            };
            let want = lit(want)?;
            let prog = parse_program(text).map_err(|e| e.to_string())?;
            let mut it = Interp::new(prog, Options::default());
            let got = it.call_function(fname, args).map_err(|e| format!("{name}: {l}: {e:?}"))?;
            if print::literal(&got) != print::literal(&want) {
                return Err(format!("{name}: {l}: got {}", print::literal(&got)));
            }
            checks += 1;
        } else if d == "compile" {
            compile = true;
        } else if let Some(rest) = d.strip_prefix("log ") {
            match lit(rest)? {
                Value::String(s) => want_logs.push(s.to_string()),
                _ => return Err(format!("{name}: log directive needs a string: {l}")),
            }
        } else if let Some(rest) = d.strip_prefix("resource ") {
            let end = rest.find(']').ok_or_else(|| format!("{name}: bad directive {l}"))?;
            let reference = rest[..=end].to_string();
            let mut params = vec![];
            for p in rest[end + 1..].split_whitespace() {
                let (k, v) = p.split_once('=').ok_or_else(|| format!("{name}: bad parameter {p}"))?;
                params.push((k.to_string(), lit(v)?));
            }
            want_resources.push((reference, params));
        } else if let Some(rest) = d.strip_prefix("error ") {
            let (issue, at) = rest.split_once(' ').ok_or_else(|| format!("{name}: bad directive {l}"))?;
            want_error = Some((issue.to_string(), at.to_string()));
        } else {
            return Err(format!("{name}: unknown directive {l}"));
        }
    }
    if !compile {
        return Ok(checks);
    }
    let prog = parse_program(text).map_err(|e| e.to_string())?;
    let mut it = Interp::new(prog, eval_options());
    let r = it.compile();
    match (&r, &want_error) {
        (Ok(()), None) => {}
        (Err(e), Some((issue, at))) => {
            let loc = e.loc.map(|l| format!("@{}", print::loc(l))).unwrap_or_default();
            if e.issue != issue || loc != *at {
                return Err(format!("{name}: error {} {loc} ({}), expected {issue} {at}", e.issue, e.message));
            }
            checks += 1;
        }
        _ => return Err(format!("{name}: compile gave {r:?}, expected {want_error:?}")),
    }
    let logs: Vec<String> =
        it.logs.iter().map(|l| format!("{}: {}", format!("{:?}", l.level).to_lowercase(), l.message)).collect();
    if logs != want_logs {
        return Err(format!("{name}: logs {logs:#?}\nexpected {want_logs:#?}"));
    }
    checks += logs.len();
    for (reference, params) in &want_resources {
        let r = it.catalog.resources.iter().find(|r| r.reference() == *reference).ok_or_else(|| {
            format!(
                "{name}: no resource {reference} in {:?}",
                it.catalog.resources.iter().map(|r| r.reference()).collect::<Vec<_>>()
            )
        })?;
        for (k, v) in params {
            let got = r.params.get(k.as_str()).map(print::literal);
            if got.as_deref() != Some(print::literal(v).as_str()) {
                return Err(format!("{name}: {reference}[{k}] is {got:?}, expected {}", print::literal(v)));
            }
        }
        checks += 1 + params.len();
    }
    Ok(checks)
}

#[test]
fn hand_written_ir_parses_verifies_and_runs() {
    let files = files_with_ext(&root().join("tests/ir_text"), "ir");
    assert!(files.len() >= 4, "only {} files in tests/ir_text", files.len());
    let mut failures = vec![];
    let mut total = 0;
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(f).unwrap();
        let prog = match parse_program(&text) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{name}:{e}"));
                continue;
            }
        };
        let errs = verify::verify_program(&prog);
        if !errs.is_empty() {
            failures.push(format!("{name}: does not verify: {errs:?}"));
            continue;
        }
        // Hand-written text is not in the printer's exact form; its print
        // is, and round-trips.
        if let Err(e) = round_trip(&name, &print::print_program(&prog)) {
            failures.push(e);
        }
        match run_directives(&name, &text) {
            Ok(n) => total += n,
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(total >= 20, "only {total} checks ran");
}

fn parse_err(text: &str) -> ParseError {
    match parse_program(text) {
        Ok(_) => panic!("parsed:\n{text}"),
        Err(e) => e,
    }
}

const SMALL: &str = "function fn0 main 'main' @1:1
block0:
    v0: int = const 1 @1:6
    v1: bool = const true @1:9
    branch v1, block1, block2(v0) @1:1
block1:
    jump block2(v0) @1:1
block2(v2: int):
    return v2 @1:1

main fn0
file 0 'x.pp'
";

#[test]
fn bad_input_gives_positioned_errors() {
    assert!(parse_program(SMALL).is_ok());
    let cases: &[(&str, &str, &str)] = &[
        ("unknown opcode", "    v0: int = const 1 @1:6", "    v0: int = frob 1 @1:6"),
        ("undefined block", "jump block2(v0) @1:1", "jump block7(v0) @1:1"),
        ("undefined value", "return v2 @1:1", "return v9 @1:1"),
        ("undefined function", "main fn0", "main fn3"),
        ("unknown type", "v0: int =", "v0: integer ="),
        ("unterminated string", "file 0 'x.pp'", "file 0 'x.pp"),
        ("malformed literal", "const 1 @1:6", "const 1x @1:6"),
        ("bad type literal", "const 1 @1:6", "const Integer[1 @1:6"),
        ("invalid regexp", "const 1 @1:6", "const /(/ @1:6"),
        ("twice", "block1:", "block2:"),
        ("fn numbering", "function fn0", "function fn1"),
        ("unknown definition", "main fn0", "mane fn0"),
        ("trailing text", "return v2 @1:1", "return v2 @1:1 v3"),
        ("huge number", "return v2 @1:1", "return v99999999999 @1:1"),
    ];
    for (what, from, to) in cases {
        assert!(SMALL.contains(from), "{what}");
        let e = parse_err(&SMALL.replacen(from, to, 1));
        assert!(e.line >= 1 && e.col >= 1, "{what}: {e}");
        eprintln!("{what}: {e}");
    }
    let e = parse_err(&SMALL.replacen("    v0: int = const 1 @1:6", "    v0: int = frob 1 @1:6", 1));
    assert_eq!(e.to_string(), "3:15: unknown opcode 'frob'");
    let e = parse_err(&SMALL.replacen("jump block2(v0)", "jump block7(v0)", 1));
    assert_eq!(e.to_string(), "7:10: undefined block block7");
    let e = parse_err(&SMALL.replacen("return v2", "return v9", 1));
    assert_eq!(e.to_string(), "9:12: undefined value v9");
    // Truncated: the last block has no terminator, a string is cut, a
    // function is missing.
    let cut = &SMALL[..SMALL.find("    return").unwrap()];
    assert_eq!(
        parse_err(cut).to_string(),
        "9:1: unexpected end of input: block2 of fn0 does not end with a terminator"
    );
    let cut = &SMALL[..SMALL.find(".pp").unwrap()];
    assert_eq!(parse_err(cut).to_string(), "12:8: unterminated string");
    let cut = &SMALL[..SMALL.find("block1:").unwrap()];
    assert!(parse_err(cut).message.contains("undefined block block1"));
    // An empty text is an empty program (no functions, a placeholder file).
    assert!(parse_program("").is_ok_and(|p| p.funcs.is_empty() && p.files.len() == 1));
}

#[test]
fn no_panics_on_prefixes_and_mutations() {
    let case = root().join("tests/ir/control.pp");
    let mut prog = lower_file("control.pp", &std::fs::read_to_string(case).unwrap()).unwrap();
    passes::optimize(&mut prog);
    let text = print::print_program(&prog);
    let mut ok = 0;
    for (i, _) in text.char_indices() {
        if parse_program(&text[..i]).is_ok() {
            ok += 1;
        }
    }
    // Only cuts at the end of a table line (or inside the trailing file
    // table) leave a complete program.
    assert!(ok < 200, "{ok} prefixes parse");
    // Deterministic byte mutations: replace, delete, duplicate.
    let bytes = text.as_bytes();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let alphabet = b" \n\t'\"\\/[]{}(),:@=$*-0123456789vblockfnAZaz";
    for _ in 0..20_000 {
        let mut b = bytes.to_vec();
        let at = (next() % b.len() as u64) as usize;
        match next() % 3 {
            0 => b[at] = alphabet[(next() % alphabet.len() as u64) as usize],
            1 => {
                b.remove(at);
            }
            _ => {
                let c = b[at];
                b.insert(at, c);
            }
        }
        if let Ok(s) = String::from_utf8(b) {
            let _ = parse_program(&s);
        }
    }
    // Deep nesting is refused, not a stack overflow.
    for (open, close) in [("[", "]"), ("{'k' => ", "}"), ("Array[", "]")] {
        let lit = format!("{}1{}", open.repeat(50_000), close.repeat(50_000));
        let text = format!("function fn0 main 'm' @1:1\nblock0:\n    v0: any = const {lit} @1:1\n    return v0 @1:1\n");
        assert!(parse_err(&text).message.contains("too deeply"), "{open}");
    }
    for garbage in
        ["\u{0}", "function", "function fn0", "block0:", "    return v0", "main", "node", "class x = ", "€€€"]
    {
        let _ = parse_program(garbage);
    }
}

#[test]
fn printer_quotes_strings_that_puppet_quote_would_garble() {
    // `%p`'s single-quoted form drops or doubles backslashes before a
    // backslash, a quote, or the end: the printer double-quotes those.
    for s in ["a\\", "a\\\\b", "it\\'s", "\\", "plain 'q'", "tab\there", "$x \" \u{7f}"] {
        let v = Value::string(s);
        let printed = print::literal(&v);
        let back = parse_literal(&printed).unwrap_or_else(|e| panic!("{printed}: {e}"));
        assert_eq!(back, v, "{printed}");
    }
    let v = Value::array(vec![Value::string("a\\"), Value::hash([(Value::string("k"), Value::Undef)])]);
    assert_eq!(parse_literal(&print::literal(&v)).unwrap(), v);
    let f = Value::Float(0.1 + 0.2);
    assert_eq!(parse_literal(&print::literal(&f)).unwrap(), f);
    let t = Value::Type(Arc::new(pjit_runtime::types::parser::parse_type("Hash[String, Array[Integer[0]]]").unwrap()));
    assert_eq!(print::literal(&parse_literal(&print::literal(&t)).unwrap()), print::literal(&t));
}
