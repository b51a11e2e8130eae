//! The global allocator `pjit` ships with: mimalloc, called through its
//! plain entry points whenever the layout allows.
//!
//! The `mimalloc` crate's `MiMalloc` sends every request through
//! `mi_malloc_aligned`/`mi_realloc_aligned`, which test the alignment
//! before taking the same small-block path `mi_malloc` takes; a compile
//! makes about 330,000 allocations (many_modules), and the detour cost
//! about 3% of its instructions. mimalloc guarantees that a block of
//! `size >= 16` bytes is 16-byte aligned and a smaller one is aligned to 8
//! (its size classes are multiples of 8; `MI_MAX_ALIGN_SIZE` is 16), so a
//! layout with `align <= 16` and `align <= size` (as std's `System` tests
//! for malloc) is served by `mi_malloc`; anything else keeps the aligned
//! entry points.
//!
//! Each thread also counts the bytes it has allocated minus the bytes it
//! has freed ([`thread_allocated`]): `pjit server` bounds the memory of
//! one compile by the growth of its worker thread's count (a compile runs
//! on one thread). The count is a plain thread-local integer (two
//! instructions more per call: see BENCHMARKS.md); a block freed on
//! another thread than the one that allocated it lowers that other
//! thread's count, so a count is a measure of growth, not of ownership.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::ffi::c_void;

use libmimalloc_sys as mi;

thread_local! {
    /// Bytes this thread allocated minus bytes it freed (wrapping).
    static NET: Cell<usize> = const { Cell::new(0) };
}

/// Adds `delta` (two's complement for a decrease) to this thread's count.
/// A constant-initialized thread-local without a destructor is a plain
/// TLS slot: no lazy initialization, no registration, valid for the
/// thread's whole life (allocations during thread exit included), and
/// `with` cannot panic, which an allocator must not.
#[inline(always)]
fn count(delta: usize) {
    NET.with(|n| n.set(n.get().wrapping_add(delta)));
}

/// This thread's allocated-minus-freed byte count. Only differences of two
/// readings on the same thread mean something.
pub fn thread_allocated() -> usize {
    NET.with(Cell::get)
}

/// mimalloc's guaranteed alignment for blocks of at least that size.
const MAX_NATURAL_ALIGN: usize = 16;

pub struct Mimalloc;

#[inline]
fn natural(align: usize, size: usize) -> bool {
    align <= MAX_NATURAL_ALIGN && align <= size
}

// SAFETY: every block comes from mimalloc and goes back to it: `mi_free`
// accepts blocks of both the plain and the aligned entry points, and the
// alignment each returns satisfies the layout (see the module doc).
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: plain C calls; a null result reports failure to the caller.
        unsafe {
            if natural(layout.align(), layout.size()) {
                mi::mi_malloc(layout.size()).cast()
            } else {
                mi::mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: as `alloc`.
        unsafe {
            if natural(layout.align(), layout.size()) {
                mi::mi_zalloc(layout.size()).cast()
            } else {
                mi::mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(layout.size().wrapping_neg());
        // SAFETY: `ptr` was returned by this allocator (GlobalAlloc's
        // contract), so by mimalloc.
        unsafe { mi::mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size.wrapping_sub(layout.size()));
        // SAFETY: `ptr` is a live block of this allocator with `layout`
        // (GlobalAlloc's contract); the new block keeps the alignment the
        // test below asks for.
        unsafe {
            if natural(layout.align(), new_size) {
                mi::mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn purge_delay_option_number() {
        // SAFETY: reading an option has no preconditions.
        let v = unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) };
        // The default of this mimalloc (src/options.c), unless the
        // environment overrides it.
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            assert_eq!(v, 1000);
        }
    }

    /// A thread's count follows what it allocates and frees; another
    /// thread's work does not move it.
    #[test]
    fn per_thread_counts() {
        let other = std::thread::spawn(|| {
            let start = thread_allocated();
            let v = vec![0u8; 5 << 20];
            let grown = thread_allocated().wrapping_sub(start);
            drop(v);
            (grown, thread_allocated().wrapping_sub(start))
        })
        .join()
        .unwrap();
        assert_eq!(other, (5 << 20, 0));
        let a = Mimalloc;
        let layout = Layout::from_size_align(1 << 20, 8).unwrap();
        let before = thread_allocated();
        // SAFETY: a non-zero layout; freed below with it.
        let p = unsafe { a.alloc(layout) };
        assert_eq!(thread_allocated().wrapping_sub(before), 1 << 20);
        // SAFETY: `p` is live with `layout`.
        let q = unsafe { a.realloc(p, layout, 3 << 20) };
        assert_eq!(thread_allocated().wrapping_sub(before), 3 << 20);
        // SAFETY: `q` is live with the grown layout.
        unsafe { a.dealloc(q, Layout::from_size_align(3 << 20, 8).unwrap()) };
        assert_eq!(thread_allocated(), before);
    }

    /// Every alignment up to a page, small and large sizes, grown and
    /// shrunk: the blocks are aligned and keep their contents.
    #[test]
    fn blocks_are_aligned_and_keep_contents() {
        let a = Mimalloc;
        for align in [1usize, 2, 4, 8, 16, 32, 64, 4096] {
            for size in [1usize, 7, 8, 15, 16, 24, 40, 100, 1000, 70_000] {
                let size = size.max(align);
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: a non-zero layout; the block is freed below with it.
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size} align {align}");
                    std::ptr::write_bytes(p, 0xAB, size);
                    let q = a.realloc(p, layout, size * 3);
                    assert_eq!(q as usize % align, 0, "realloc size {size} align {align}");
                    assert!(std::slice::from_raw_parts(q, size).iter().all(|&b| b == 0xAB));
                    a.dealloc(q, Layout::from_size_align(size * 3, align).unwrap());
                    let z = a.alloc_zeroed(layout);
                    assert_eq!(z as usize % align, 0);
                    assert!(std::slice::from_raw_parts(z, size).iter().all(|&b| b == 0));
                    a.dealloc(z, layout);
                }
            }
        }
    }
}

/// mimalloc's `mi_option_purge_delay`, in the numbering of the mimalloc
/// v3 sources that libmimalloc-sys (pinned by Cargo.lock) builds; the test
/// below checks it against the option's documented default.
const MI_OPTION_PURGE_DELAY: mi::mi_option_t = 15;

/// Batch compiles allocate and free a whole catalog per node on every
/// worker; with mimalloc's default purge delay (one second) freed pages
/// stay resident while new ones are touched, and each worker held about
/// 30 MB. Purging after 50 ms keeps a worker under 20 MB; shorter delays
/// save a little more memory for much more system time (many_modules,
/// 400 nodes, two workers: 1 ms gave 40 MB and 2.27 s, 10 ms 45 MB and
/// 2.03 s, 50 ms 49 MB and 1.80 s, 100 ms 50 MB and 1.78 s; BENCHMARKS.md).
/// The compile server sets it too: its memory bound reads the process's
/// resident size, which freed pages must leave promptly.
pub fn purge_freed_memory_promptly() {
    // SAFETY: called before the worker threads start (mi_option_set is not
    // thread safe) and the option exists in this mimalloc (see the test).
    unsafe { mi::mi_option_set(MI_OPTION_PURGE_DELAY, 50) };
}

/// Returns what the calling thread's heap holds free to the system now,
/// without waiting for the purge delay: after a compile that was stopped
/// for using too much memory, so that the server's resident size falls
/// before its memory bound looks again.
pub fn release_freed_memory() {
    // SAFETY: a plain C call on the calling thread's own heap.
    unsafe { mi::mi_collect(true) };
}
