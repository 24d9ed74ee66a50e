//! The `luma` binary's allocator: mimalloc (v2), told to hand freed memory back to the OS after
//! 1 ms instead of its default 10.
//!
//! Why mimalloc: the compiler allocates many small short-lived nodes (syntax tree, typed
//! program, IR); glibc's malloc spent about a quarter of a large compile in malloc/free
//! (docs/benchmarks.md). Why the shorter purge delay: a compile frees large blocks (the syntax
//! tree before lowering, the typed program after it, grown vectors) and goes on allocating;
//! with a 10 ms delay those blocks stay resident while new pages are touched, which put the
//! peak RSS of the large benchmark shader at 93 MB for a 60 MB heap peak; at 1 ms it is about
//! 71 MB, for the same CPU time. `MIMALLOC_PURGE_DELAY` in the environment still wins.
//!
//! The one module of the crate with `unsafe` code: mimalloc's option API is C.
#![allow(unsafe_code)]

use libmimalloc_sys::mi_option_t;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` of mimalloc v2's `mi_option_e` (`include/mimalloc.h`): the Rust
/// bindings do not name it. The test below checks that it still means the purge delay.
const MI_OPTION_PURGE_DELAY: mi_option_t = 15;

/// mimalloc's default purge delay, in milliseconds.
const DEFAULT_PURGE_DELAY_MS: std::ffi::c_long = 10;

/// The purge delay `luma` uses, in milliseconds.
const PURGE_DELAY_MS: std::ffi::c_long = 1;

/// Sets the purge delay, unless `MIMALLOC_PURGE_DELAY` set it. Call first thing in `main`,
/// before any thread starts (mimalloc's option setters are not thread-safe).
pub fn tune() {
    // SAFETY: plain C calls with an in-range option id and no pointers; `main` calls this
    // before it starts any thread.
    unsafe {
        // Only when the option still holds mimalloc's documented default: if a future
        // mimalloc renumbered its options, this changes nothing rather than something else.
        if libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) == DEFAULT_PURGE_DELAY_MS {
            libmimalloc_sys::mi_option_set_default(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_15_is_the_purge_delay() {
        // `mi_option_use_numa_nodes` (16) directly follows the purge delay in `mi_option_e`;
        // the bindings name it, so the two numberings agree.
        assert_eq!(
            libmimalloc_sys::mi_option_use_numa_nodes,
            MI_OPTION_PURGE_DELAY + 1
        );
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            // SAFETY: a plain C call with an in-range option id.
            let delay = unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) };
            assert!(
                delay == DEFAULT_PURGE_DELAY_MS || delay == PURGE_DELAY_MS,
                "{delay}"
            );
        }
    }
}
