//! Heap use by stage: a counting wrapper around the `luma` binary's allocator (mimalloc), so
//! `luma-bench memory FILE` can say which stage holds what at the peak of a compilation.
//!
//! The one module of the crate with `unsafe` code: a `GlobalAlloc` implementation is unsafe by
//! definition. Each method forwards its arguments unchanged to mimalloc.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicUsize, Ordering};

use lumac::{Diagnostics, FsReader, OptLevel, Options, Target};

/// Mimalloc, counting the bytes live now and the most live since [`reset_peak`].
pub struct CountingAllocator;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    let now = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

fn shrank(bytes: usize) {
    LIVE.fetch_sub(bytes, Ordering::Relaxed);
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
#[derive(Clone, Copy, Debug)]
pub struct StageHeap {
    pub stage: &'static str,
    pub live_after: usize,
    pub peak_during: usize,
}

/// Compiles `text` to every target as `lumac::compile` does (dropping each stage's input when
/// `compile` does), recording the heap after each stage. Meaningful only in a binary whose
/// global allocator is [`CountingAllocator`].
pub fn by_stage(name: &str, text: &str) -> Result<Vec<StageHeap>, String> {
    let options = Options {
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
    let program = lumac::check(&parsed, &options, &mut diags).ok_or_else(fail)?;
    record("check");
    parsed.ast = lumac::function_names(&parsed.ast);
    record("syntax tree freed");
    let mut module = lumac::lower(&program, &parsed, &options, &mut diags).ok_or_else(fail)?;
    record("lower (verified)");
    drop(program);
    record("typed program freed");
    luma_opt::optimize_verified(&mut module, luma_opt::Options::new(options.opt_level))
        .map_err(|e| format!("{name}: {e}"))?;
    record("optimize, basic");
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
