struct MainOutput {
    @location(0) a: f32,
    @builtin(sample_mask) mask: u32,
}

struct WithBOutput {
    @location(0) a: f32,
    @builtin(sample_mask) mask: u32,
}

@fragment
fn main(@location(0) a: f32, @builtin(sample_mask) mask: u32) -> MainOutput {
    if mask == 0u {
        return MainOutput(a, mask);
    }
    return MainOutput(a * 2.0f, 1u);
}

@fragment
fn with_b(@location(0) a: f32, @builtin(sample_mask) mask: u32, @location(1) b: f32) -> WithBOutput {
    if mask == 0u {
        return WithBOutput(a, mask);
    }
    return WithBOutput(b, 1u);
}
