//! Arbitrary bytes through the whole frontend: parse as a manifest and as an
//! EPP template, then validate and print each AST. Any panic, hang or stack
//! overflow is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pjit_frontend::parser::{SourceKind, parse_bytes};
use pjit_frontend::{FileId, printer, validate};

fuzz_target!(|data: &[u8]| {
    for kind in [SourceKind::Manifest, SourceKind::Epp] {
        let parsed = parse_bytes(FileId(0), data, kind);
        if let Some(program) = &parsed.program {
            let _ = validate::validate(program, &validate::Options::default());
            let _ = printer::print_program(program);
        }
    }
});
