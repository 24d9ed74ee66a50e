//! Stack growth for the passes that recurse over expressions.
//!
//! An operator chain `a + b + c + ...` is a tree as deep as it is long, and the checker, the
//! uniformity analysis and lowering recurse over trees: on a thread with a small stack (2 MiB is
//! Rust's default for spawned threads) a few thousand operands would overflow it. Each
//! recursive step runs through [`grow`], which every [`CHECK_EVERY`] levels continues on a new
//! stack segment allocated on the heap when the current one is nearly used up, so the depth such
//! a pass can reach is bounded by [`Limits::expression_depth`](crate::Limits::expression_depth),
//! not by the caller's thread.

/// Levels of recursion between two checks of the stack left. Checking costs a call, and most
/// expressions are a few levels deep: those never check at all.
pub const CHECK_EVERY: u32 = 16;

/// Room the recursion may use between two checks: [`CHECK_EVERY`] levels of the heaviest pass
/// (the checker, whose step in a debug build takes a few KiB), with the builtin and conversion
/// checks a step calls, stay well below this.
const RED_ZONE: usize = 256 * 1024;

/// Size of each stack segment allocated when the red zone is reached (address space: its pages
/// are only committed as they are used).
const SEGMENT: usize = 4 * 1024 * 1024;

/// Runs `f`, the step of a recursion at `depth` (0 at its root), on a fresh stack segment if this
/// is a level that checks and less than the red zone is left on the current one.
#[inline]
pub fn grow<R>(depth: u32, f: impl FnOnce() -> R) -> R {
    if depth % CHECK_EVERY == CHECK_EVERY - 1 {
        stacker::maybe_grow(RED_ZONE, SEGMENT, f)
    } else {
        f()
    }
}
