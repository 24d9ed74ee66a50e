//! Stack growth for the passes that recurse over expressions.
//!
//! An operator chain `a + b + c + ...` is a tree as deep as it is long, and the checker, the
//! uniformity analysis and lowering recurse over trees: on a thread with a small stack (2 MiB is
//! Rust's default for spawned threads) a few thousand operands would overflow it. Each
//! recursive step runs through [`grow`], which continues on a new stack segment allocated on the
//! heap when the current one is nearly used up, so the depth such a pass can reach is bounded by
//! [`Limits::expression_depth`](crate::Limits::expression_depth), not by the caller's thread.

/// Room a recursive step may use before the next call to [`grow`]: one step of the checker,
/// including the builtin and conversion checks it calls, stays well below this.
const RED_ZONE: usize = 256 * 1024;

/// Size of each stack segment allocated when the red zone is reached (address space: its pages
/// are only committed as they are used).
const SEGMENT: usize = 4 * 1024 * 1024;

/// Runs `f`, on a fresh stack segment if less than the red zone is left on the current one.
#[inline]
pub fn grow<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}
