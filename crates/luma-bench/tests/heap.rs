//! The heap-by-stage measurement under the counting allocator, as the `luma-bench` binary
//! installs it.

use luma_bench::memory::{by_stage, CountingAllocator};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[test]
fn every_stage_is_counted_and_peaks_bound_what_is_live() {
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/shaders/programs/helpers.luma"
    ))
    .unwrap();
    let heaps = by_stage("helpers.luma", &source, &[])
        .unwrap()
        .expect("counted");
    let names: Vec<&str> = heaps.iter().map(|h| h.stage).collect();
    assert_eq!(
        names,
        [
            "preprocess + parse",
            "check",
            "syntax tree freed",
            "lower + optimize, basic",
            "typed program freed",
            "emit SPIR-V",
            "emit GLSL",
            "emit HLSL",
            "emit MSL",
            "emit WGSL"
        ]
    );
    for h in &heaps {
        assert!(h.peak_during >= h.live_after, "{h:?}");
    }
    // The parsed tree is on the heap after parsing; freeing it shrinks the heap.
    let live = |stage: &str| heaps.iter().find(|h| h.stage == stage).unwrap().live_after;
    assert!(live("preprocess + parse") > 0);
    assert!(live("syntax tree freed") < live("check"));
    assert!(live("typed program freed") < live("lower + optimize, basic"));
    // Outputs accumulate: every back end adds its text or binary.
    assert!(live("emit WGSL") > live("typed program freed"));
}
