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
//!
//! On x86-64 Linux (where Rust links with its LLD) the functions a compile
//! runs are placed together, in the order of `src/symbol-order.txt`
//! (`tests/tools/symbol-order.sh` lists them from callgrind runs over the
//! real roles). A compile runs about 2.9 MB of the binary's 15 MB of
//! code, spread over most of it; the kernel maps 64 KB around every page
//! a process faults in (fault-around), so a batch worker held 9.8 MB of
//! code resident. Packed, it holds about 4 MB: memory per process is one
//! of issue 20's targets (BENCHMARKS.md). Functions the list does not
//! name (new ones, other builds' symbol hashes) keep the linker's order.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bin=pjit=-no-pie");
    }
    if os == "linux" && env == "gnu" && arch == "x86_64" {
        let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
        let order = std::path::Path::new(&dir).join("src/symbol-order.txt");
        if order.is_file() {
            println!("cargo:rustc-link-arg-bin=pjit=-Wl,--symbol-ordering-file={}", order.display());
            println!("cargo:rustc-link-arg-bin=pjit=-Wl,--no-warn-symbol-ordering");
        }
        println!("cargo:rerun-if-changed=src/symbol-order.txt");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
