//! Differential fuzzing of the JIT: the input bytes drive a small generator
//! of Puppet programs (integer and string arithmetic with extreme values,
//! comparisons, logic, conditionals, `case`, iteration with lambdas,
//! `break`/`next`/`return`, Puppet functions, match variables; the tier's
//! fast paths: walks with one and two parameters, typed lambda and function
//! parameters, calls of compiled functions, string interpolation and
//! literal regexp matches, a defined type with typed parameters), which run
//! interpreted (`--jit=off`) and with every body compiled before its first
//! call (`--jit=always`). The logs, the catalog and the error (issue,
//! message, location) must be identical; any difference or panic is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pjit_frontend::parser::{SourceKind, parse};
use pjit_frontend::{FileId, SourceFile, validate};
use pjit_ir::interp::tier::Tier;
use pjit_ir::interp::{Interp, Options};
use pjit_ir::{Program, lower, passes};

/// Reads choices from the fuzzer's bytes (zeros once they run out).
struct Gen<'a> {
    data: &'a [u8],
    pos: usize,
    vars: usize,
    /// Instances of the defined type so far (their titles are unique).
    instances: usize,
    out: String,
}

const INTS: &[&str] = &["0", "1", "-1", "2", "3", "7", "-7", "10", "100", "9223372036854775807", "-9223372036854775807", "4611686018427387904", "3037000500"];
const STRS: &[&str] = &["''", "'a'", "'abc'", "'12'", "'-3'", "'0x1f'", "'x y'"];
const TYPES: &[&str] = &["Integer", "Integer[0, 10]", "String", "String[1]", "Optional[Integer]", "Numeric", "Any", "Variant[Integer, String]", "Array[Integer]", "Boolean"];
const BINOPS: &[&str] = &["+", "-", "*", "/", "%", "<<", ">>", "==", "!=", "<", "<=", ">", ">=", "and", "or", "in"];

impl Gen<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    fn pick<'s>(&mut self, xs: &[&'s str]) -> &'s str {
        xs[self.byte() as usize % xs.len()]
    }

    fn expr(&mut self, depth: u32, locals: &[&str]) -> String {
        let choice = if depth == 0 { self.byte() % 4 } else { self.byte() % 19 };
        match choice {
            0 | 1 => self.pick(INTS).to_string(),
            2 if !locals.is_empty() => format!("${}", locals[self.byte() as usize % locals.len()]),
            2 | 3 if self.vars > 0 => format!("$v{}", self.byte() as usize % self.vars),
            2 | 3 => self.pick(STRS).to_string(),
            4 | 5 | 6 => {
                let op = self.pick(BINOPS);
                format!("({} {op} {})", self.expr(depth - 1, locals), self.expr(depth - 1, locals))
            }
            7 => format!("-{}", self.expr(depth - 1, locals)),
            8 => format!("!{}", self.expr(depth - 1, locals)),
            9 => format!("\"<${{{}}}>\"", self.expr(depth - 1, locals)),
            10 => format!(
                "if {} {{ {} }} else {{ {} }}",
                self.expr(depth - 1, locals),
                self.expr(depth - 1, locals),
                self.expr(depth - 1, locals)
            ),
            11 => {
                let n = self.byte() % 20;
                let body = self.expr(depth - 1, &["a", "i"]);
                let body = match self.byte() % 4 {
                    0 => format!("if $i == {} {{ break() }} {body}", self.byte() % 10),
                    1 => format!("if $i % 3 == 0 {{ next($a) }} {body}"),
                    _ => body,
                };
                format!("Integer[1, {}].reduce({}) |$a, $i| {{ {body} }}", n + 1, self.expr(depth - 1, locals))
            }
            12 => {
                let f = ["map", "filter"][self.byte() as usize % 2];
                format!("[{}, {}, 3].{f} |$x| {{ {} }}", self.expr(depth - 1, locals), self.expr(0, locals), self.expr(depth - 1, &["x"]))
            }
            13 => {
                // A walk with a typed parameter: checked by the lambda's code.
                let (f, t) = (["map", "filter", "each"][self.byte() as usize % 3], self.pick(TYPES));
                let xs = [self.expr(depth - 1, locals), self.expr(0, locals), self.expr(depth - 1, locals)];
                format!("[{}, {}, {}].{f} |{t} $x| {{ {} }}", xs[0], xs[1], xs[2], self.expr(depth - 1, &["x"]))
            }
            14 => {
                // A walk with the index.
                let f = ["map", "filter", "each"][self.byte() as usize % 3];
                let n = self.byte() % 8;
                format!("Integer[1, {}].{f} |$k, $x| {{ {} }}", n + 1, self.expr(depth - 1, &["k", "x"]))
            }
            15 => {
                let re = ["/7/", "/^1/", "/a/", "/(\\d)-/", "/x y/"][self.byte() as usize % 5];
                let s = format!("\"w${{{}}}-\"", self.expr(depth - 1, locals));
                if self.byte() % 2 == 0 {
                    format!("({s} =~ {re})")
                } else {
                    format!("if {s} =~ {re} {{ \"${{0}}\" }} else {{ 'no' }}")
                }
            }
            16 => format!("g({})", self.expr(depth - 1, locals)),
            17 => {
                // A lambda that calls a function and reads an outer variable.
                let outer = if self.vars > 0 { format!("$v{}", self.byte() as usize % self.vars) } else { "1".to_string() };
                format!("[{}, 2].map |$y| {{ g($y) + {outer} }}", self.expr(depth - 1, locals))
            }
            _ => format!(
                "case {} {{ /^(\\d)(\\d)?/: {{ \"${{1}}-${{2}}\" }} Integer: {{ {} }} default: {{ {} }} }}",
                self.expr(depth - 1, locals),
                self.expr(depth - 1, locals),
                self.expr(depth - 1, locals)
            ),
        }
    }

    fn program(&mut self) -> String {
        self.out.push_str("function f($p, $q = 2) { if $p > $q { return($p - $q) } $p * $q }\n");
        let gt = self.pick(TYPES);
        self.out.push_str(&format!("function g({gt} $z) {{ \"g${{z}}\" }}\n"));
        let (dt, et) = (self.pick(TYPES), self.pick(TYPES));
        self.out.push_str(&format!(
            "define d({dt} $n, {et} $m = 3, $o = 'x') {{ notice(\"${{title}} ${{n}} ${{m}} ${{o}}\") }}\n"
        ));
        let n = 1 + self.byte() % 6;
        for _ in 0..n {
            let depth = 1 + (self.byte() % 4) as u32;
            let e = self.expr(depth, &[]);
            match self.byte() % 5 {
                4 => {
                    // Several instances, so that later ones find the body
                    // compiled (and leave its parameter checks to it).
                    let m = if self.byte() % 2 == 0 { format!(", m => {}", self.expr(1, &[])) } else { String::new() };
                    for _ in 0..2 {
                        self.out.push_str(&format!("d {{ 't{}': n => {e}{m} }}\n", self.instances));
                        self.instances += 1;
                    }
                }
                0 => self.out.push_str(&format!("notice({e})\n")),
                1 => {
                    let a = self.expr(1, &[]);
                    self.out.push_str(&format!("notice(f({e}, {a}))\n"))
                }
                _ => {
                    self.out.push_str(&format!("$v{} = {e}\nnotice($v{})\n", self.vars, self.vars));
                    self.vars += 1;
                }
            }
        }
        std::mem::take(&mut self.out)
    }
}

fn run(text: &str, jit: bool) -> Option<String> {
    let parsed = parse(FileId(0), text, SourceKind::Manifest);
    let ast = parsed.program?;
    if parsed.diagnostics.iter().any(|d| d.is_error())
        || validate::validate(&ast, &validate::Options::default()).iter().any(|d| d.is_error())
    {
        return None;
    }
    let src = SourceFile::new("fuzz.pp".to_string(), text.to_string());
    let mut prog = Program::default();
    let main = lower::lower_program(&mut prog, &src, &ast);
    prog.main = Some(main);
    passes::optimize(&mut prog);
    let mut it = Interp::new(prog, Options { node: "fuzz".into(), environment: "production".into(), ..Options::default() });
    if jit {
        it.tier = Tier::new(Box::new(pjit_codegen::Jit::new().expect("the JIT works here")), 0);
    }
    let r = it.compile();
    let logs: Vec<String> = it.logs.iter().map(|l| format!("{:?} {}", l.level, l.message)).collect();
    let result = match r {
        Ok(()) => it.catalog.to_json("fuzz", "production").to_string(),
        Err(e) => format!("error {} {} {:?}", e.issue, e.message, e.loc),
    };
    Some(format!("{}\n{result}", logs.join("\n")))
}

fuzz_target!(|data: &[u8]| {
    let text = Gen { data, pos: 0, vars: 0, instances: 0, out: String::new() }.program();
    let interpreted = run(&text, false);
    let compiled = run(&text, true);
    assert_eq!(interpreted, compiled, "the backends disagree on:\n{text}");
});
