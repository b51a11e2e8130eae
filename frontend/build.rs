//! Generates the LALRPOP parser from `src/parser/grammar.lalrpop`.
fn main() {
    lalrpop::Configuration::new()
        .use_cargo_dir_conventions()
        .emit_rerun_directives(true)
        .process()
        .expect("LALRPOP grammar failed to generate");
}
