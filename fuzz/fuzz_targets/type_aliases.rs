//! Type aliases and type questions must end: the input bytes drive a
//! generator of Puppet programs that define a few type aliases referring to
//! each other and to themselves through every kind of type (Variant,
//! Optional, NotUndef, Array, Hash, Struct, Tuple, Type, Init, Sensitive,
//! Iterable, Callable, Object attributes) and then ask every question the
//! evaluator asks of types: instance checks (`=~`, `in`, `case`, typed
//! parameters), assignability and equality (`<`, `==`), printing (`notice`,
//! `type()`), inference, `assert_type` with its mismatch description,
//! conversion (`new`). Each program is compiled by the interpreter; the
//! compile must return (a result or an error) without a panic, a stack
//! overflow or running past libFuzzer's `-timeout`. A failure is a bug in
//! `runtime/src/types` (or the evaluator's alias resolution); what Puppet
//! answers for the program is for the eval suite to say.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pjit_frontend::parser::{SourceKind, parse};
use pjit_frontend::{FileId, SourceFile, validate};
use pjit_ir::interp::{Interp, Options};
use pjit_ir::{Program, lower, passes};

/// Reads choices from the fuzzer's bytes (zeros once they run out).
struct Gen<'a> {
    data: &'a [u8],
    pos: usize,
    aliases: usize,
}

const LEAVES: &[&str] = &[
    "Integer", "String", "Integer[0, 5]", "String[1]", "Undef", "Any", "Data", "RichData", "Scalar", "Boolean",
    "Float", "Numeric", "Enum[a, b]", "Pattern[/x/]", "Regexp", "Default", "Type", "Callable", "Object",
];

const VALUES: &[&str] = &[
    "1", "'x'", "[1]", "[[1]]", "[[[]]]", "[]", "{}", "{a => 1}", "{a => {a => 1}}", "{a => [1, {b => 'x'}]}", "undef",
    "/x/", "1.5", "true", "[1, [2, ['x']]]", "Integer", "Sensitive('s')", "{a => undef}", "['a', 1]", "[[1], ['x']]",
];

impl Gen<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    fn pick<'s>(&mut self, xs: &[&'s str]) -> &'s str {
        xs[self.byte() as usize % xs.len()]
    }

    fn alias(&mut self) -> String {
        format!("A{}", self.byte() as usize % self.aliases)
    }

    fn ty(&mut self, depth: u32) -> String {
        let choice = if depth == 0 { self.byte() % 3 } else { self.byte() % 22 };
        match choice {
            0 => self.pick(LEAVES).to_string(),
            1 | 2 => self.alias(),
            3 | 4 => {
                let n = 1 + self.byte() % 3;
                let ts: Vec<String> = (0..n).map(|_| self.ty(depth - 1)).collect();
                format!("Variant[{}]", ts.join(", "))
            }
            5 => format!("Optional[{}]", self.ty(depth - 1)),
            6 => format!("NotUndef[{}]", self.ty(depth - 1)),
            7 | 8 => format!("Array[{}]", self.ty(depth - 1)),
            9 => format!("Array[{}, 1]", self.ty(depth - 1)),
            10 | 11 => format!("Hash[String, {}]", self.ty(depth - 1)),
            12 => format!("Struct[{{a => {}, Optional[b] => {}}}]", self.ty(depth - 1), self.ty(depth - 1)),
            13 => format!("Tuple[{}, {}]", self.ty(depth - 1), self.ty(depth - 1)),
            14 => format!("Tuple[{}, 0, 2]", self.ty(depth - 1)),
            15 => format!("Type[{}]", self.ty(depth - 1)),
            16 => format!("Init[{}]", self.ty(depth - 1)),
            17 => format!("Sensitive[{}]", self.ty(depth - 1)),
            18 => format!("Iterable[{}]", self.ty(depth - 1)),
            19 => format!("Callable[{}]", self.ty(depth - 1)),
            20 => format!("Hash[{}, Integer]", self.ty(depth - 1)),
            _ => self.pick(LEAVES).to_string(),
        }
    }

    fn value(&mut self) -> &'static str {
        self.pick(VALUES)
    }

    fn statement(&mut self) -> String {
        match self.byte() % 14 {
            0 | 1 => format!("notice({} =~ {})", self.value(), self.ty(2)),
            2 | 3 => format!("notice({} < {})", self.ty(2), self.ty(2)),
            4 => format!("notice({} == {})", self.ty(2), self.ty(2)),
            5 => format!("notice({})", self.ty(2)),
            6 => format!("notice(type({}))", self.ty(2)),
            7 => format!("notice(assert_type({}, {}) |$e, $a| {{ \"${{e}} ${{a}}\" }})", self.ty(2), self.value()),
            8 => format!("notice({} in [{}])", self.value(), self.ty(1)),
            9 => format!("case {} {{ {}: {{ notice(yes) }} default: {{ notice(no) }} }}", self.value(), self.ty(2)),
            10 => format!("notice(type({}, 'generalized'))", self.value()),
            11 => format!("notice({} > {})", self.ty(1), self.ty(1)),
            12 => format!("notice(assert_type({}, {}))", self.ty(2), self.value()),
            _ => format!("notice({}.new({}))", self.ty(1), self.value()),
        }
    }

    fn program(&mut self) -> String {
        self.aliases = 1 + self.byte() as usize % 4;
        let mut out = String::new();
        for i in 0..self.aliases {
            let body = if self.byte() % 5 == 0 {
                format!("Object[{{attributes => {{x => {}, y => {{type => {}, value => undef}}}}}}]", self.ty(2), self.ty(1))
            } else {
                self.ty(3)
            };
            out.push_str(&format!("type A{i} = {body}\n"));
        }
        let n = 1 + self.byte() % 8;
        for _ in 0..n {
            out.push_str(&self.statement());
            out.push('\n');
        }
        out
    }
}

fn run(text: &str) {
    let parsed = parse(FileId(0), text, SourceKind::Manifest);
    let Some(ast) = parsed.program else { return };
    if parsed.diagnostics.iter().any(|d| d.is_error())
        || validate::validate(&ast, &validate::Options::default()).iter().any(|d| d.is_error())
    {
        return;
    }
    let src = SourceFile::new("fuzz.pp".to_string(), text.to_string());
    let mut prog = Program::default();
    let main = lower::lower_program(&mut prog, &src, &ast);
    prog.main = Some(main);
    passes::optimize(&mut prog);
    let mut it = Interp::new(prog, Options { node: "fuzz".into(), environment: "production".into(), ..Options::default() });
    let _ = it.compile();
}

fuzz_target!(|data: &[u8]| {
    let text = Gen { data, pos: 0, aliases: 1 }.program();
    // A compile runs on a thread with a large stack in pjit; so here.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || run(&text))
        .expect("a thread")
        .join()
        .expect("the compile does not panic");
});
