struct Item {
    uint2x3: f32,
    dword3: f32,
}

@group(0) @binding(0) var<storage, read_write> half2x4: array<f32>;
@group(0) @binding(1) var<storage, read_write> layout_: array<f32>;
@group(0) @binding(2) var<storage, read> int3x2: array<Item>;

fn min16float2x2(x: f32) -> f32 {
    return x * 2.0f;
}

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(local_invocation_index) li: u32) {
    let t = half2x4[min(li, arrayLength(&half2x4) - 1u)];
    let t_1 = layout_[min(li, arrayLength(&layout_) - 1u)];
    let float16_t2 = t + t_1;
    let uint64_t4x4 = int3x2[min(li, arrayLength(&int3x2) - 1u)];
    let min16float2x2_1 = min16float2x2(float16_t2);
    half2x4[min(li, arrayLength(&half2x4) - 1u)] = min16float2x2_1 + uint64_t4x4.uint2x3 * uint64_t4x4.dword3;
    let t_2 = arrayLength(&int3x2);
    layout_[min(li, arrayLength(&layout_) - 1u)] = f32(i32(t_2));
}
