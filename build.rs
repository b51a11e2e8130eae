//! Link settings of the `pjit` binary.
//!
//! On Linux the binary is linked as a position-dependent executable
//! (`-no-pie`). A PIE binary of this size carries about 16,000 relative
//! relocations that the dynamic loader applies at every start, writing
//! (and so copying) the pages of `.data.rel.ro`: about 70 page faults and
//! 0.15 ms of each `pjit` run, which matter when a catalog compiles in
//! 25 ms. The code itself is compiled as usual (position-independent
//! code links fine into a fixed-address executable); only the final link
//! changes. BENCHMARKS.md has the figures.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bin=pjit=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
