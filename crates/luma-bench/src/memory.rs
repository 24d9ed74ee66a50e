//! Heap use by stage: a counting wrapper around the `luma` binary's allocator (mimalloc), so
//! `luma-bench memory FILE` can say which stage holds what at the peak of a compilation.
//!
//! The one module of the crate with `unsafe` code: a `GlobalAlloc` implementation is unsafe by
//! definition. Each method forwards its arguments unchanged to mimalloc.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use lumac::{Diagnostics, FsReader, OptLevel, Options, Target};

/// Mimalloc, counting (once [`start_counting`] was called) the bytes live and the most live
/// since [`reset_peak`].
pub struct CountingAllocator;

/// Whether allocations are counted: off until [`start_counting`], so that the timed
/// measurements of the benchmark pay one relaxed load per allocation, not two atomic updates.
static COUNTING: AtomicBool = AtomicBool::new(false);
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    if COUNTING.load(Ordering::Relaxed) {
        let now = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
        PEAK.fetch_max(now, Ordering::Relaxed);
    }
}

fn shrank(bytes: usize) {
    if COUNTING.load(Ordering::Relaxed) {
        // Saturating: blocks allocated before counting started are freed uncounted too.
        let _ = LIVE.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |live| {
            Some(live.saturating_sub(bytes))
        });
    }
}

/// Starts counting allocations (from zero: what is live already is not counted).
pub fn start_counting() {
    LIVE.store(0, Ordering::Relaxed);
    PEAK.store(0, Ordering::Relaxed);
    COUNTING.store(true, Ordering::Relaxed);
}

/// Stops counting, so that later timed measurements do not pay for it.
pub fn stop_counting() {
    COUNTING.store(false, Ordering::Relaxed);
}

// SAFETY: every call forwards to mimalloc with the same layout; the counters are only
// bookkeeping and never touch the memory.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as is (the caller upholds `GlobalAlloc::alloc`'s contract).
        let p = unsafe { mimalloc::MiMalloc.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator with `layout` (the caller's contract).
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) };
        shrank(layout.size());
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `dealloc` and `alloc`.
        let p = unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            shrank(layout.size());
            grew(new_size);
        }
        p
    }
}

/// Bytes live on the heap now.
pub fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// Forgets the peak: from now on it is the most live since this call.
pub fn reset_peak() {
    PEAK.store(live(), Ordering::Relaxed);
}

/// The most bytes live since the last [`reset_peak`].
pub fn peak() -> usize {
    PEAK.load(Ordering::Relaxed)
}

/// One stage's heap: what was live when it ended, and the most live while it ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageHeap {
    /// The stage's name.
    pub stage: &'static str,
    /// Heap bytes live when the stage ended (what it leaves for the next).
    pub live_after: usize,
    /// The most heap bytes live while it ran.
    pub peak_during: usize,
}

/// Compiles `text` to every target as `lumac::compile` does (dropping each stage's input when
/// `compile` does), recording the heap after each stage. `Ok(None)` when nothing was counted:
/// the binary's global allocator is not [`CountingAllocator`] (the tests' binaries).
pub fn by_stage(
    name: &str,
    text: &str,
    include_dirs: &[String],
) -> Result<Option<Vec<StageHeap>>, String> {
    start_counting();
    let heaps = stages_counted(name, text, include_dirs);
    stop_counting();
    let heaps = heaps?;
    Ok(heaps.iter().any(|h| h.peak_during > 0).then_some(heaps))
}

fn stages_counted(
    name: &str,
    text: &str,
    include_dirs: &[String],
) -> Result<Vec<StageHeap>, String> {
    let options = Options {
        include_dirs: include_dirs.to_vec(),
        opt_level: OptLevel::Basic,
        hlsl_num_workgroups: Some(crate::run::HLSL_NUM_WORKGROUPS),
        ..Options::default()
    };
    let fail = || format!("{name}: compilation failed");
    let mut heaps = Vec::new();
    let base = live();
    reset_peak();
    let mut record = |stage: &'static str| {
        heaps.push(StageHeap {
            stage,
            live_after: live().saturating_sub(base),
            peak_during: peak().saturating_sub(base),
        });
        reset_peak();
    };
    let mut diags = Diagnostics::new(options.limits.max_diagnostics);
    let mut parsed = lumac::parse(name, text, &FsReader, &options, &mut diags);
    record("preprocess + parse");
    let mut program =
        lumac::check_taking_bodies(&mut parsed, &options, &mut diags).ok_or_else(fail)?;
    record("check");
    parsed.ast = lumac::declaration_names(std::mem::take(&mut parsed.ast));
    record("syntax tree freed");
    // As `lumac::compile` lowers: each function optimised once lowered, and its body freed.
    let module =
        lumac::lower_optimized(&mut program, &parsed, &options, &mut diags).ok_or_else(fail)?;
    record("lower + optimize, basic");
    drop(program);
    record("typed program freed");
    let mut outputs = Vec::new();
    for target in Target::ALL {
        let mut out = lumac::emit(&module, target, &options).map_err(|e| format!("{name}: {e}"))?;
        outputs.append(&mut out);
        record(match target {
            Target::Spirv => "emit SPIR-V",
            Target::Glsl => "emit GLSL",
            Target::Hlsl => "emit HLSL",
            Target::Msl => "emit MSL",
            Target::Wgsl => "emit WGSL",
        });
    }
    Ok(heaps)
}
