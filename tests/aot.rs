//! Link smoke test for `pjit compile --emit=exe`: each `tests/aot/*.pp`
//! program is compiled to an executable (object + `libpjit_aot.a`, linked
//! with `cc`), which is then run as `prog testnode.example.com --facts
//! ../eval/facts.json`; its exit status, stdout (the catalog JSON) and
//! stderr (logs, errors) must be byte for byte those of `pjit compile
//! --jit=off` on the same program, node and facts. Also checks that
//! `--emit=obj` writes an ELF relocatable object that defines `main`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const NODE: &str = "testnode.example.com";

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/aot")
}

fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("aot");
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn pjit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pjit")).current_dir(dir()).args(args).output().unwrap()
}

fn show(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}--- stderr\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn executables_print_what_pjit_compile_prints() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pp"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 3, "too few cases in tests/aot");
    let mut failures = vec![];
    let mut successes = 0;
    for case in &cases {
        let file = case.file_name().unwrap().to_string_lossy().to_string();
        let exe = scratch(file.trim_end_matches(".pp"));
        let _ = std::fs::remove_file(&exe);
        let build = pjit(&["compile", &file, "--emit=exe", "-o", exe.to_str().unwrap()]);
        assert!(build.status.success(), "{file}: --emit=exe failed\n{}", show(&build));
        let want = pjit(&["compile", NODE, &file, "--facts", "../eval/facts.json", "--jit=off"]);
        let got = Command::new(&exe).current_dir(dir()).args([NODE, "--facts", "../eval/facts.json"]).output().unwrap();
        if show(&got) != show(&want) {
            failures.push(format!("{file}: the executable differs\n== pjit compile\n{}== executable\n{}", show(&want), show(&got)));
        }
        successes += want.status.success() as usize;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The cases exercise both outcomes.
    assert!(successes >= 2 && successes < cases.len(), "{successes} of {} cases succeeded", cases.len());
}

#[test]
fn emit_obj_writes_a_relocatable_object_with_main() {
    let obj = scratch("loops.o");
    let out = pjit(&["compile", "loops.pp", "--emit=obj", "-o", obj.to_str().unwrap()]);
    assert!(out.status.success(), "{}", show(&out));
    let bytes = std::fs::read(&obj).unwrap();
    assert_eq!(&bytes[..4], b"\x7fELF");
    // e_type at offset 16: ET_REL (1), little endian.
    assert_eq!(u16::from_le_bytes([bytes[16], bytes[17]]), 1, "not a relocatable object");
    for sym in [&b"main"[..], b"pjit_aot_main", b"pjit_aot_functions", b"pjit_jit_step"] {
        assert!(bytes.windows(sym.len()).any(|w| w == sym), "no symbol {}", String::from_utf8_lossy(sym));
    }
}

#[test]
fn emit_obj_needs_an_output_file() {
    let out = pjit(&["compile", "loops.pp", "--emit=obj"]);
    assert_eq!(out.status.code(), Some(2), "{}", show(&out));
}
