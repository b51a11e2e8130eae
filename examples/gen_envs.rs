//! Writes the benchmark environments (`benches/envgen.rs`) below a
//! directory: `cargo run --release --example gen_envs -- OUTDIR`. Each
//! scenario becomes `OUTDIR/<scenario>/` (a directory environment for
//! `--environmentpath OUTDIR --environment <scenario>`).

#[path = "../benches/envgen.rs"]
mod envgen;

fn main() {
    let Some(out) = std::env::args().nth(1) else {
        eprintln!("usage: gen_envs OUTDIR");
        std::process::exit(2);
    };
    for env in envgen::all() {
        if let Err(e) = env.write(std::path::Path::new(&out)) {
            eprintln!("gen_envs: {}: {e}", env.name);
            std::process::exit(1);
        }
        println!("{}", env.name);
    }
}
